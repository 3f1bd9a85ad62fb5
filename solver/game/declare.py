"""Declarations (报主 / 亮主 / 亮牌) for the three Shengji flows.

A declaration is the set of cards a player shows (in ``wusaner`` partly face
down) to fix the trump suit.  :func:`parse_henan` (and the other flows' parsers) read cards into a
:class:`Declaration` with its *strength* (the order in which declarations
overturn each other) or raises a :class:`GameError` naming the rule;
``candidates_*`` list what a hand could show, for bots.  Each flow
(:mod:`solver.game.flows`) binds its own parser and candidates; callers go
through the flow.

>>> from solver.cards import parse_cards
>>> d = parse_henan(2, 0, parse_cards("2S BJ"))
Traceback (most recent call last):
...
solver.game.errors.GameError: the big joker declares only a red suit (hearts or diamonds)
>>> d = parse_henan(2, 0, parse_cards("2H 2H BJ"))
>>> d.strength, d.trump
(1, 'H')
>>> parse_tractor(5, 3, parse_cards("SJ SJ")).trump is None
True
>>> w = parse_wusaner(14, 1, parse_cards("SJ 4H 4H 5H 5H"))
>>> w.strength, w.trump, w.joker
(2, 'H', 'SJ')
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from solver.bits import packed
from solver.cards import BIG_JOKER, FACES, SMALL_JOKER, SUITS, Card, format_cards
from solver.game.errors import GameError

RED = ("H", "D")
BLACK = ("S", "C")


@dataclass(frozen=True, slots=True)
class Declaration:
    """``cards``: everything the declarer commits (jokers first).  ``trump``:
    the suit it names, None for no trump.  ``strength``: higher overturns
    lower (``wusaner``: the number of pairs).  ``hidden``: the face-down
    cards (``wusaner``), whose suit the others do not know."""

    seat: int
    cards: tuple[Card, ...]
    strength: int
    trump: str | None
    hidden: tuple[Card, ...] = ()

    @property
    def joker(self) -> str:
        """``BJ``, ``SJ`` or ``""``: the joker shown."""
        for c in self.cards:
            if c.is_joker:
                return str(c)
        return ""

    def shown(self) -> str:
        """The cards the table sees (wusaner: the joker only)."""
        return format_cards([c for c in self.cards if c.is_joker] if self.hidden else self.cards)


def _ordered(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (not c.is_joker, -c.rank, c.suit)))


_Parser = Callable[[int, int, Sequence[Card]], "Declaration"]


def _memoized(parse: _Parser) -> _Parser:
    """Keep the declarations a parser read (it is pure; the bots ask for the
    same candidates card after card during the deal); refusals are raised
    afresh each time."""
    table: dict[tuple[int, int, tuple[int, ...]], Declaration] = {}

    @functools.wraps(parse)
    def parsed(level: int, seat: int, cards: Sequence[Card]) -> Declaration:
        key = (level, seat, tuple([c.index for c in cards]))
        hit = table.get(key)
        if hit is None:
            hit = parse(level, seat, cards)
            if len(table) >= 4096:
                table.clear()
            table[key] = hit
        return hit

    return parsed


def _bad(message: str, code: str, rule: str, cards: Sequence[Card], **params: str) -> GameError:
    return GameError(message, code=code, rule=rule, cards=format_cards(cards), **params)


@_memoized
def parse_henan(level: int, seat: int, cards: Sequence[Card]) -> Declaration:
    """R-H-DECLARE: level card (or a pair of one) plus a joker of matching
    colour; or a joker pair (no trump)."""
    rule = "R-H-DECLARE"
    cs = _ordered(cards)
    jokers = [c for c in cs if c.is_joker]
    plain = [c for c in cs if not c.is_joker]
    if len(jokers) == 2 and not plain and jokers[0] == jokers[1]:
        return Declaration(seat, cs, 3 if jokers[0] == BIG_JOKER else 2, None)
    if len(jokers) != 1 or len(plain) not in (1, 2) or len(set(plain)) != 1:
        raise _bad("a declaration shows a level card (or a pair of one) and one joker, "
                   "or a pair of jokers", "game.declare.henan_shape", rule, cards)
    card = plain[0]
    if card.rank != level:
        raise _bad("only level cards declare", "game.declare.not_level", rule, cards)
    joker = jokers[0]
    if joker == BIG_JOKER and card.suit not in RED:
        raise _bad("the big joker declares only a red suit (hearts or diamonds)",
                   "game.declare.big_joker_red", rule, cards, card=format_cards([card]))
    if joker == SMALL_JOKER and card.suit not in BLACK:
        raise _bad("the small joker declares only a black suit (spades or clubs)",
                   "game.declare.small_joker_black", rule, cards, card=format_cards([card]))
    return Declaration(seat, cs, len(plain) - 1, card.suit)


@_memoized
def parse_tractor(level: int, seat: int, cards: Sequence[Card]) -> Declaration:
    """R-T-DECLARE: one level card (1), a pair of one (2), SJ pair (3), BJ pair (4)."""
    rule = "R-T-DECLARE"
    cs = _ordered(cards)
    if len(cs) == 2 and cs[0] == cs[1] and cs[0].is_joker:
        return Declaration(seat, cs, 4 if cs[0] == BIG_JOKER else 3, None)
    if len(cs) not in (1, 2) or len(set(cs)) != 1 or cs[0].is_joker:
        raise _bad("a declaration is one level card, a pair of one, or a pair of jokers",
                   "game.declare.tractor_shape", rule, cards)
    if cs[0].rank != level:
        raise _bad("only level cards declare", "game.declare.not_level", rule, cards)
    return Declaration(seat, cs, len(cs), cs[0].suit)


@_memoized
def parse_wusaner(level: int, seat: int, cards: Sequence[Card]) -> Declaration:
    """R-W-DECLARE / R-W-OVERCALL: a joker shown with a face-down pair or
    same-suit tractor (consecutive natural ranks, as the seed's ♥44 55)."""
    rule = "R-W-DECLARE"
    cs = _ordered(cards)
    jokers = [c for c in cs if c.is_joker]
    rest = [c for c in cs if not c.is_joker]
    counts = Counter(rest)
    if len(jokers) != 1 or not rest or len({c.suit for c in rest}) != 1 \
            or any(n != 2 for n in counts.values()):
        raise _bad("show one joker and keep a pair or a same-suit tractor face down",
                   "game.declare.wusaner_shape", rule, cards)
    ranks = sorted(c.rank for c in counts)
    if ranks != list(range(ranks[0], ranks[0] + len(ranks))):
        raise _bad("the face-down pairs must be consecutive ranks of one suit",
                   "game.declare.wusaner_run", rule, cards)
    hidden = tuple(sorted(rest, key=lambda c: -c.rank))
    return Declaration(seat, (jokers[0], *hidden), len(ranks), rest[0].suit, hidden)


def _face(rank: int, suit: str) -> Card:
    """The face of a natural rank and suit (no new Card: they are on the hot path)."""
    return FACES[SUITS.index(suit) * 13 + rank - 2]


def _count(m: int, card: Card) -> int:
    """Copies of ``card`` in the packed multiset ``m`` (:mod:`solver.bits`)."""
    return (m >> 2 * card.index) & 3


def _joker_pairs(m: int) -> list[tuple[Card, ...]]:
    return [(j, j) for j in (SMALL_JOKER, BIG_JOKER) if _count(m, j) >= 2]


def candidates_henan(level: int, hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """R-H-DECLARE: every card set ``hand`` could show."""
    m = packed(hand)
    out = _joker_pairs(m)
    for j, suits in ((BIG_JOKER, RED), (SMALL_JOKER, BLACK)):
        if not _count(m, j):
            continue
        for s in suits:
            card = _face(level, s)
            if _count(m, card) >= 1:
                out.append((j, card))
            if _count(m, card) >= 2:
                out.append((j, card, card))
    return out


def candidates_tractor(level: int, hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """R-T-DECLARE: every card set ``hand`` could show."""
    m = packed(hand)
    out = _joker_pairs(m)
    for s in ("S", "H", "D", "C"):
        card = _face(level, s)
        if _count(m, card) >= 1:
            out.append((card,))
        if _count(m, card) >= 2:
            out.append((card, card))
    return out


def candidates_wusaner(level: int, hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """R-W-DECLARE: a joker with every same-suit run of pairs ``hand`` holds."""
    m = packed(hand)
    out: list[tuple[Card, ...]] = []
    for j in (SMALL_JOKER, BIG_JOKER):
        if not _count(m, j):
            continue
        for s in ("S", "H", "D", "C"):
            base = SUITS.index(s) * 13 - 2
            pairs = [r for r in range(2, 15) if (m >> 2 * (base + r)) & 2]
            for i, lo in enumerate(pairs):
                run = [lo]
                for r in pairs[i + 1:]:
                    if r != run[-1] + 1:
                        break
                    run.append(r)
                for n in range(1, len(run) + 1):
                    hidden = tuple(FACES[base + r] for r in run[:n] for _ in range(2))
                    out.append((j, *hidden))
    return out
