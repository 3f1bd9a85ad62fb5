"""Throws (甩牌): R-THROW-BEAT, R-THROW-ADJ, R-THROW-FAIL, R-THROW-SAFE.

A throw is split into units by R-DECOMPOSE.  A unit is *beaten* when one
other player holds, in the led effective suit, a higher single (for a
single), a higher pair (for a pair; a tractor with a higher top holds one),
or a tractor at least as long with a higher top (for a tractor).  A throw
stands when no unit is beaten (R-THROW-ADJ, real hands); a failed throw
becomes its smallest beaten unit (R-THROW-FAIL).  A throw is *safe* when
all the cards the thrower cannot see, taken as one hand, beat no unit
(R-THROW-SAFE).  A one-unit lead is not a throw: it always stands and is
always safe.

>>> from solver.rules import preset
>>> from solver.trump import TrumpContext
>>> from solver.cards import parse_cards as P
>>> ctx = TrumpContext(preset("henan"), 2, "S")
>>> seen = P("AC AC KC KC QC JC 10C")
>>> throw_safe(ctx, P("10C JC QC"), P("10C JC QC 3H"), seen).safe   # seed 001
True
>>> v = throw_verdict(ctx, P("AH QH QH 3H"), [P("KH KH"), P("4H"), P("4D")])
>>> v.stands, [format_cards(u.cards) for u in v.beaten], v.forced
(False, ['QH QH', '3H'], Unit(kind='single', cards=(Card.parse('3H'),), suit='H', top=0, length=0))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Iterable, Sequence
from typing import NamedTuple

from solver.bits import faces, packed, split, valid
from solver.cards import Card, check_copies, deck, format_cards
from solver.errors import InvalidCardsError
from solver.rules import PenaltyKind, Rules
from solver.trump import TrumpContext
from solver.units import INVALID, SINGLE, Classification, Unit, classify

__all__ = ["ThrowVerdict", "SafeVerdict", "Penalty", "SuitHolding", "unit_beaten_by", "throw_beaters",
           "throw_units", "throw_verdict", "failed_unit", "throw_penalty", "throw_safe",
           "unseen_cards", "holdings_for", "stands_against", "UnitAnswer", "best_answer",
           "throw_answers", "safe_answers"]


class ThrowVerdict(NamedTuple):
    """R-THROW-ADJ: ``stands``; the ``beaten`` units; the unit played
    instead (``forced``, R-THROW-FAIL) or None."""

    stands: bool
    beaten: tuple[Unit, ...]
    forced: Unit | None


class SafeVerdict(NamedTuple):
    """R-THROW-SAFE: ``safe`` and the units some unseen cards could beat."""

    safe: bool
    threats: tuple[Unit, ...]


class Penalty(NamedTuple):
    """R-THROW-FAIL penalty: ``kind`` none/stake/points; ``stake`` the share
    of the table's base stake (match ledger); ``attacker_points`` the change
    to the attackers' points (+ when a dealer-side throw fails)."""

    kind: str
    stake: float
    attacker_points: int


class SuitHolding:
    """One holder's cards of one effective suit, ready for beat tests."""

    __slots__ = ("top", "pair_positions")

    def __init__(self, ctx: TrumpContext, suit: str, cards: Iterable[Card]) -> None:
        cards = cards if isinstance(cards, (list, tuple)) else list(cards)
        m = packed(cards)
        if not valid(m, len(cards)):  # more copies than the pack has: count them plainly
            counts = Counter(c for c in cards if ctx.suit_of(c) == suit)
            self.top = max((ctx.pos(c) for c in counts), default=-1)
            self.pair_positions = frozenset(ctx.pos(c) for c, n in counts.items() if n >= 2)
            return
        self._from_bits(ctx, suit, *split(m))

    @classmethod
    def of_bits(cls, ctx: TrumpContext, suit: str, once: int, twice: int,
                top: int | None = None) -> SuitHolding:
        """The holding of the cards with bitsets ``(once, twice)`` (:mod:`solver.bits`);
        ``top``: the highest ladder position of ``once`` in the suit (-1: none),
        when the caller knows it."""
        h = cls.__new__(cls)
        h._from_bits(ctx, suit, once, twice, top)
        return h

    def _from_bits(self, ctx: TrumpContext, suit: str, once: int, twice: int,
                   top: int | None = None) -> None:
        # Only the suit's faces are visited.
        mask = ctx.suit_masks.get(suit, 0)
        pos = ctx.positions
        if top is None:
            top = -1
            o = once & mask
            while o:
                low = o & -o
                p = pos[low.bit_length() >> 1]
                if p > top:
                    top = p
                o ^= low
        self.top = top
        self.pair_positions = frozenset([pos[f.index] for f in faces(twice & mask)])

    def beats(self, unit: Unit) -> bool:
        """R-THROW-BEAT for one unit."""
        if unit.kind == SINGLE:
            return self.top > unit.top
        if unit.length <= 1:
            return any(p > unit.top for p in self.pair_positions)
        ps = self.pair_positions
        return any(t > unit.top and all(t - i in ps for i in range(1, unit.length))
                   for t in ps)


def unit_beaten_by(ctx: TrumpContext, unit: Unit, cards: Iterable[Card]) -> bool:
    """Whether a holder of ``cards`` beats ``unit`` (R-THROW-BEAT): only the
    unit's own effective suit counts."""
    return SuitHolding(ctx, unit.suit, cards).beats(unit)


def throw_units(ctx: TrumpContext, throw: Sequence[Card]) -> Classification:
    """The throw's classification; raises for an empty or mixed-suit throw (R-LEAD)."""
    c = classify(ctx, throw)
    if c.type == INVALID or c.suit is None:
        raise InvalidCardsError("a throw must be cards of one effective suit",
                                code="legal.error.bad_throw", cards=format_cards(throw))
    return c


def failed_unit(beaten: Sequence[Unit]) -> Unit | None:
    """R-THROW-FAIL: the smallest beaten unit, fewest cards first, then lowest top."""
    if not beaten:
        return None
    return min(beaten, key=lambda u: (u.size, u.top, [c.index for c in u.cards]))


def throw_verdict(ctx: TrumpContext, throw: Sequence[Card],
                  others: Sequence[Sequence[Card]]) -> ThrowVerdict:
    """R-THROW-ADJ: adjudicate ``throw`` against the other players' real hands."""
    c = throw_units(ctx, throw)
    check_copies([*throw, *(card for h in others for card in h)])
    if len(c.units) < 2:
        return ThrowVerdict(True, (), None)
    assert c.suit is not None
    holdings = [SuitHolding(ctx, c.suit, h) for h in others]
    beaten = tuple(u for u in c.units if any(h.beats(u) for h in holdings))
    return ThrowVerdict(not beaten, beaten, failed_unit(beaten))


def throw_beaters(ctx: TrumpContext, throw: Sequence[Card],
                  hands: Mapping[int, Sequence[Card]]) -> list[int]:
    """R-THROW-BEAT, R-THROW-FAIL: the seats of ``hands`` (the others' cards
    when the throw was led) that could beat the unit a failed throw is
    played as; none when it stands.  Whether they do is their choice: the
    table names them ("下家压得住♥2"), a walk read "another hand could beat
    ♥2" and then ♥2 took the trick.

    >>> from solver.rules import preset
    >>> from solver.cards import parse_cards
    >>> ctx = TrumpContext(preset("henan"), 2, "S")
    >>> hands = {1: parse_cards("SJ 3C"), 2: parse_cards("4C 5C"), 3: parse_cards("6C 7C")}
    >>> throw_beaters(ctx, parse_cards("BJ 2S 2H 2D"), hands)
    [1]
    """
    verdict = throw_verdict(ctx, throw, list(hands.values()))
    if verdict.stands or verdict.forced is None:
        return []
    unit = verdict.forced
    suit = throw_units(ctx, throw).suit
    assert suit is not None
    return [s for s, cards in hands.items() if SuitHolding(ctx, suit, cards).beats(unit)]


def throw_penalty(rules: Rules, taken_back: int, dealer_side: bool) -> Penalty:
    """R-THROW-FAIL penalty for a failed throw that returns ``taken_back``
    cards to the hand of a player on the dealer side (``dealer_side``) or not."""
    kind = rules.penalty_kind
    if kind == PenaltyKind.STAKE:
        return Penalty("stake", rules.penalty_amount, 0)
    if kind == PenaltyKind.POINTS:
        pts = int(rules.penalty_amount) * taken_back
        return Penalty("points", 0.0, pts if dealer_side else -pts)
    return Penalty("none", 0.0, 0)


def unseen_cards(hand: Sequence[Card], seen: Sequence[Card]) -> list[Card]:
    """The 108-card pack minus ``hand`` minus ``seen`` (R-THROW-SAFE)."""
    check_copies([*hand, *seen])
    left = Counter(deck()) - Counter(hand) - Counter(seen)
    return list(left.elements())


def throw_safe(ctx: TrumpContext, throw: Sequence[Card], hand: Sequence[Card],
               seen: Sequence[Card]) -> SafeVerdict:
    """R-THROW-SAFE: the unseen cards, taken together as one hand, beat no unit."""
    c = throw_units(ctx, throw)
    missing = Counter(throw) - Counter(hand)
    if missing:
        raise InvalidCardsError("the throw holds cards that are not in the hand",
                                code="legal.error.throw_not_in_hand",
                                cards=format_cards(missing.elements()))
    unseen = unseen_cards(hand, seen)
    if len(c.units) < 2:
        return SafeVerdict(True, ())
    assert c.suit is not None
    holding = SuitHolding(ctx, c.suit, unseen)
    threats = tuple(u for u in c.units if holding.beats(u))
    return SafeVerdict(not threats, threats)


class UnitAnswer(NamedTuple):
    """Why one unit of a throw is beaten or not (R-THROW-BEAT): the
    strongest unit of the same shape in the unit's suit that one holder
    has (``cards``: the highest single, the highest pair, or the highest
    tractor of the unit's length; empty when the holders have none),
    ``holder`` (the index of the hand that holds it, None for the unseen
    cards of a safe-throw check) and ``beats``: whether it beats the unit."""

    unit: Unit
    beats: bool
    holder: int | None
    cards: tuple[Card, ...]


def best_answer(ctx: TrumpContext, unit: Unit, cards: Iterable[Card]) -> tuple[Card, ...]:
    """The strongest unit shaped like ``unit`` in ``cards``' holding of the
    unit's effective suit (R-THROW-BEAT), strongest card first: the highest
    single, the highest pair (a higher tractor holds one), or the
    highest-topped tractor of ``unit.length`` pairs (a longer one holds
    one); empty when there is none.  It beats ``unit`` exactly when
    :func:`unit_beaten_by` says so.

    >>> from solver.rules import preset
    >>> from solver.cards import parse_cards as P
    >>> ctx = TrumpContext(preset("tractor"), 2, "H")
    >>> pair = classify(ctx, P("QS QS")).units[0]
    >>> format_cards(best_answer(ctx, pair, P("KS KS 9S 9S 3D"))), best_answer(ctx, pair, P("AS 4D"))
    ('KS KS', ())
    """
    counts = Counter(c for c in cards if ctx.suit_of(c) == unit.suit)
    if not counts:
        return ()
    if unit.kind == SINGLE:
        top = max(counts, key=lambda c: (ctx.pos(c), -c.index))
        return (top,)
    pairs: dict[int, Card] = {}
    for c in sorted(counts, key=lambda c: c.index):
        if counts[c] >= 2:
            pairs.setdefault(ctx.pos(c), c)
    length = max(unit.length, 1)
    tops = [t for t in pairs if all(t - i in pairs for i in range(1, length))]
    if not tops:
        return ()
    t = max(tops)
    return tuple(pairs[t - i] for i in range(length) for _ in range(2))


def _answer(ctx: TrumpContext, unit: Unit, hands: Sequence[Sequence[Card]],
            holders: Sequence[int | None]) -> UnitAnswer:
    best: UnitAnswer | None = None
    for hand, who in zip(hands, holders):
        cards = best_answer(ctx, unit, hand)
        if not cards:
            continue
        key = ctx.pos(cards[0])
        if best is None or key > ctx.pos(best.cards[0]):
            best = UnitAnswer(unit, key > unit.top, who, cards)
    return best or UnitAnswer(unit, False, None, ())


def throw_answers(ctx: TrumpContext, throw: Sequence[Card],
                  others: Sequence[Sequence[Card]]) -> list[UnitAnswer]:
    """R-THROW-BEAT, R-THROW-ADJ: for each unit of ``throw`` (R-DECOMPOSE),
    the strongest same-shaped unit one of ``others`` holds in its suit, and
    which hand holds it: a unit is beaten (:func:`throw_verdict`) exactly
    when its answer ``beats``.  A one-unit lead is not a throw: no answers."""
    c = throw_units(ctx, throw)
    if len(c.units) < 2:
        return []
    return [_answer(ctx, u, others, range(len(others))) for u in c.units]


def safe_answers(ctx: TrumpContext, throw: Sequence[Card], hand: Sequence[Card],
                 seen: Sequence[Card]) -> list[UnitAnswer]:
    """R-THROW-SAFE: for each unit of ``throw``, the strongest same-shaped
    unit among the cards the thrower cannot see, taken as one hand
    (``holder`` None): a unit is a threat (:func:`throw_safe`) exactly when
    its answer ``beats``."""
    c = throw_units(ctx, throw)
    if len(c.units) < 2:
        return []
    unseen = unseen_cards(hand, seen)
    return [_answer(ctx, u, [unseen], [None]) for u in c.units]


def holdings_for(ctx: TrumpContext, suit: str,
                 hands: Iterable[Sequence[Card]]) -> list[SuitHolding]:
    return [SuitHolding(ctx, suit, h) for h in hands]


def stands_against(units: Sequence[Unit], holdings: Sequence[SuitHolding]) -> bool:
    return not any(h.beats(u) for u in units for h in holdings)

