"""Winning a trick (R-COVER, R-BEAT, R-TIE, R-TRICK-POINTS).

A play *competes* when it is all one effective suit (the led one, or trumps
against a plain lead) and *covers* the lead: its cards can be arranged into
units that match the lead's units, splitting allowed, merging not.  Among
competing plays trumps beat a plain suit; within one suit the higher key
wins, ties going to the earlier play.

>>> from solver.rules import preset
>>> from solver.trump import TrumpContext
>>> from solver.cards import parse_cards
>>> ctx = TrumpContext(preset("henan"), level=2, trump="S")
>>> trick_winner(ctx, [parse_cards(p) for p in ("9H 9H", "AH KH", "3S 3S", "4S 4S")])
3
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from solver.bits import EVEN, WEIGHT

from solver.cards import Card
from solver.trump import TRUMP, TrumpContext, memo_table
from solver.units import SINGLE, Classification, classify


@dataclass(frozen=True, slots=True)
class LeadShape:
    """The lead's units as numbers: tractor lengths (longest first), pairs, singles."""

    tractors: tuple[int, ...]
    pairs: int
    singles: int

    @classmethod
    def of(cls, lead: Classification) -> LeadShape:
        tractors = tuple(sorted((u.length for u in lead.units if u.length >= 2), reverse=True))
        pairs = sum(1 for u in lead.units if u.length == 1)
        singles = sum(1 for u in lead.units if u.kind == SINGLE)
        return cls(tractors, pairs, singles)

    @property
    def size(self) -> int:
        return 2 * sum(self.tractors) + 2 * self.pairs + self.singles


def pair_profile(ctx: TrumpContext, cards: Sequence[Card]) -> dict[int, int]:
    """For each ladder position, how many pairs the cards hold there."""
    prof: dict[int, int] = {}
    for card, n in Counter(cards).items():
        if n >= 2:
            p = ctx.pos(card)
            prof[p] = prof.get(p, 0) + n // 2
    return prof


def cover_key(ctx: TrumpContext, lead: LeadShape, cards: Sequence[Card]) -> int | None:
    """R-COVER and R-BEAT ``largest_unit``: the highest top of a unit shaped
    like the lead's main unit, over every arrangement of ``cards`` that covers
    the lead; None when no arrangement covers it.  ``cards`` must be one
    effective suit and as many as the lead."""
    if len(cards) != lead.size:
        return None
    prof = pair_profile(ctx, cards)
    if lead.tractors:
        key = _best_tractor_key(tuple(sorted(prof.items())), lead.tractors, lead.pairs)
        return key
    if lead.pairs:
        if sum(prof.values()) < lead.pairs:
            return None
        return max(prof)
    return max(ctx.pos(c) for c in cards)


@lru_cache(maxsize=65536)
def _best_tractor_key(prof: tuple[tuple[int, int], ...], tractors: tuple[int, ...],
                      pairs: int) -> int | None:
    """Place ``tractors`` (longest first) on the pair profile; the best top of
    a longest tractor among placements that leave ``pairs`` pairs, or None."""
    avail = dict(prof)
    main_len = tractors[0]
    best: int | None = None

    def place(i: int, main_top: int | None) -> None:
        nonlocal best
        if i == len(tractors):
            if sum(avail.values()) >= pairs and main_top is not None:
                if best is None or main_top > best:
                    best = main_top
            return
        length = tractors[i]
        for top in sorted(avail, reverse=True):
            run = range(top - length + 1, top + 1)
            if all(avail.get(q, 0) > 0 for q in run):
                for q in run:
                    avail[q] -= 1
                new_top = main_top
                if length == main_len and (main_top is None or top > main_top):
                    new_top = top
                place(i + 1, new_top)
                for q in run:
                    avail[q] += 1

    place(0, None)
    return best


def play_key(ctx: TrumpContext, lead: Classification, cards: Sequence[Card]) -> tuple[str, int] | None:
    """The competing suit and key of a play, or None when it does not compete."""
    if lead.suit is None or not cards:
        return None
    if len(cards) == 1 and len(lead.units) == 1 and lead.units[0].kind == SINGLE:
        # A single against a single lead: its own height, in the led suit or trumps.
        c = cards[0]
        s = ctx.suit_of(c)
        return (s, ctx.pos(c)) if s == lead.suit or s == TRUMP else None
    m = 0
    for c in cards:  # packed(cards), inline
        m += WEIGHT[c.index]
    once = (m | m >> 1) & EVEN
    masks = ctx.suit_masks
    if not once & ~masks.get(lead.suit, 0):
        suit = lead.suit
    elif not once & ~masks.get(TRUMP, 0):
        suit = TRUMP
    else:
        return None  # mixed suits, or a plain suit that was not led
    shapes = memo_table(ctx, "lead_shape")
    entry = shapes.get(id(lead))
    if entry is None or entry[0] is not lead:  # type: ignore[index]
        sh = LeadShape.of(lead)  # with its fields as a key (no dataclass hash per call)
        entry = shapes[id(lead)] = (lead, sh, (sh.tractors, sh.pairs, sh.singles))  # keeps the lead alive
    _, shape, shape_key = cast("tuple[Classification, LeadShape, tuple[object, ...]]", entry)
    table = memo_table(ctx, "play_key")
    mkey = (shape_key, suit, m)
    hit = table.get(mkey, _MISS)
    if hit is not _MISS:
        return hit  # type: ignore[return-value]
    key = cover_key(ctx, shape, cards)
    if key is not None and ctx.rules.throw_compare == "top_card":
        key = max(ctx.pos(c) for c in cards)
    out = None if key is None else (suit, key)
    table[mkey] = out
    return out


_MISS: object = object()


def trick_winner(ctx: TrumpContext, plays: Sequence[Sequence[Card]]) -> int:
    """Index of the winning play; ``plays[0]`` is the lead (R-BEAT, R-TIE)."""
    lead = classify(ctx, plays[0])
    best = play_key(ctx, lead, plays[0])
    if best is None:
        raise ValueError("the lead is not a valid play")
    winner = 0
    for i, play in enumerate(plays[1:], start=1):
        k = play_key(ctx, lead, play)
        if k is None:
            continue
        if (k[0] == TRUMP and best[0] != TRUMP) or (k[0] == best[0] and k[1] > best[1]):
            best, winner = k, i
    return winner


#: Why a play does not take a trick (:func:`trick_loss`).
LOSS_REASONS = ("tie", "ruffed", "higher", "higher_trump", "off")


def trick_loss(ctx: TrumpContext, plays: Sequence[Sequence[Card]], index: int) -> str | None:
    """Why ``plays[index]`` does not take the trick, against the winner
    :func:`trick_winner` finds, or None when it wins:

    * ``tie``: it equals the winner, which was played earlier (R-TIE);
    * ``ruffed``: the winner is a trump play and this one is not (R-BEAT);
    * ``higher``: the winner is higher in the led suit (R-BEAT);
    * ``higher_trump``: both are trumps and the winner is higher (R-BEAT);
    * ``off``: it does not compete: not all the led suit or trumps, or not
      covering the lead's shape (R-COVER).

    >>> from solver.rules import preset
    >>> from solver.cards import parse_cards
    >>> ctx = TrumpContext(preset("tractor"), level=2, trump="H")
    >>> plays = [parse_cards(p) for p in ("KD", "2C", "2S", "AD")]
    >>> [trick_loss(ctx, plays, i) for i in range(4)]
    ['ruffed', None, 'tie', 'ruffed']
    """
    winner = trick_winner(ctx, plays)
    if index == winner:
        return None
    lead = classify(ctx, plays[0])
    best = play_key(ctx, lead, plays[winner])
    mine = play_key(ctx, lead, plays[index])
    if mine is None or best is None:
        return "off"
    if mine == best:
        return "tie"
    if best[0] == TRUMP and mine[0] != TRUMP:
        return "ruffed"
    return "higher_trump" if mine[0] == TRUMP else "higher"


def loss_by(ctx: TrumpContext, plays: Sequence[Sequence[Card]], index: int) -> int | None:
    """A play that shows why ``plays[index]`` loses (:func:`trick_loss`):
    for ``tie`` the equal play before it; for ``ruffed`` the lowest trump
    play; for ``higher`` / ``higher_trump`` the lowest play of its kind
    above it (which need not be the winner).  None when it wins or does
    not compete (``off``).

    >>> from solver.rules import preset
    >>> from solver.cards import parse_cards
    >>> ctx = TrumpContext(preset("tractor"), level=5, trump="H")
    >>> plays = [parse_cards(p) for p in ("KD", "2D", "AD", "QD")]
    >>> [loss_by(ctx, plays, i) for i in range(4)]
    [2, 3, None, 0]
    >>> loss_by(ctx, [parse_cards(p) for p in ("KD", "2D", "AD", "3H")], 1)
    3
    """
    above = beaters(ctx, plays, index)
    return above[0] if above else None


def beaters(ctx: TrumpContext, plays: Sequence[Sequence[Card]], index: int) -> list[int]:
    """Every play that shows why ``plays[index]`` loses, as :func:`loss_by`
    chooses among them, the one it names first: for ``tie`` the equal
    plays before it; else the trump plays (``ruffed``) or the plays of its
    kind above it, lowest first.  Empty when it wins or does not compete.

    >>> from solver.rules import preset
    >>> from solver.cards import parse_cards
    >>> ctx = TrumpContext(preset("tractor"), level=5, trump="H")
    >>> beaters(ctx, [parse_cards(p) for p in ("KD", "2D", "AD", "QD")], 1)
    [3, 0, 2]
    """
    reason = trick_loss(ctx, plays, index)
    if reason is None or reason == "off":
        return []
    lead = classify(ctx, plays[0])
    mine = play_key(ctx, lead, plays[index])
    assert mine is not None
    keys = [(j, play_key(ctx, lead, p)) for j, p in enumerate(plays) if j != index]
    if reason == "tie":
        return [j for j, k in keys if k == mine and j < index]
    if reason == "ruffed":
        above = [(k[1], j) for j, k in keys if k is not None and k[0] == TRUMP]
    else:
        above = [(k[1], j) for j, k in keys if k is not None and k[0] == mine[0] and k[1] > mine[1]]
    return [j for _k, j in sorted(above)]


def trick_points(plays: Sequence[Sequence[Card]]) -> int:
    """R-TRICK-POINTS: all point cards in the trick."""
    return sum([c.points for p in plays for c in p])
