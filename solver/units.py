"""Units, layered decomposition and lead classification (R-PAIR, R-LADDER,
R-TRACTOR, R-DECOMPOSE, R-LEAD).

>>> from solver.rules import preset
>>> from solver.trump import EFFECTIVE_SUITS, TrumpContext, memo_table
>>> from solver.cards import parse_cards
>>> ctx = TrumpContext(preset("henan"), level=6, trump="S")
>>> classify(ctx, parse_cards("5C 5C 7C 7C")).type
'tractor'
>>> classify(ctx, parse_cards("6H 6H 6D 6D")).type  # same position: not a tractor
'throw'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, cast

from solver.bits import faces, packed, split, valid
from solver.cards import FACES, Card
from solver.trump import EFFECTIVE_SUITS, TrumpContext, memo_table

SINGLE: Final = "single"
PAIR: Final = "pair"
TRACTOR: Final = "tractor"
THROW: Final = "throw"
INVALID: Final = "invalid"


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit of a play: a single, a pair, or a tractor of ``length`` pairs.

    ``cards`` run from the strongest down; ``top`` is the ladder position of
    the strongest card; ``length`` is 0 for a single, 1 for a pair.
    """

    kind: str
    cards: tuple[Card, ...]
    suit: str
    top: int
    length: int

    @property
    def pairs(self) -> int:
        return self.length

    @property
    def size(self) -> int:
        return len(self.cards)

    def shape(self) -> tuple[int, int]:
        """Significance order: longer tractors, then pairs, then singles."""
        return (self.length, 1 if self.kind != SINGLE else 0)

    def to_json(self) -> dict[str, str]:
        from solver.cards import format_cards

        return {"type": self.kind, "cards": format_cards(self.cards)}


@dataclass(frozen=True, slots=True)
class Classification:
    """R-LEAD: ``type`` is single, pair, tractor, throw or invalid."""

    type: str
    suit: str | None
    units: tuple[Unit, ...]

    @property
    def pairs(self) -> int:
        """Pairs counted for R-FOLLOW 2 (a tractor of length L counts L)."""
        return sum(u.length for u in self.units)

    @property
    def main_unit(self) -> Unit | None:
        """The most significant unit: the longest tractor, else a pair, else a single."""
        return self.units[0] if self.units else None

    def to_json(self) -> dict[str, object]:
        return {"type": self.type, "suit": self.suit,
                "units": [u.to_json() for u in self.units]}


def unit_sort_key(u: Unit) -> tuple[int, int, int, int, int]:
    """Most significant first: longer tractors, pairs, singles; then by suit and height."""
    return (-u.length, 0 if u.kind != SINGLE else 1, EFFECTIVE_SUITS.index(u.suit), -u.top,
            u.cards[0].index)


def decompose(ctx: TrumpContext, cards: Iterable[Card]) -> list[Unit]:
    """R-DECOMPOSE: split cards into units by layers, per effective suit.

    Layer by layer, take one pair at every ladder position that still has
    one, cut maximal runs of consecutive positions (a run of two or more is a
    tractor, one is a pair), and repeat; what is left are singles.  The
    result does not depend on the order of ``cards`` (memoized per context
    on the sorted face indices).
    """
    cards = tuple(cards)
    key = tuple(sorted([c.index for c in cards]))
    table = memo_table(ctx, "decompose")
    hit = table.get(key)
    if hit is None:
        m = packed(cards)
        if valid(m, len(cards)):
            units = _decompose_bits(ctx, *split(m))
        else:  # more copies than the pack holds: count them plainly
            units = _decompose(ctx, cards)
        hit = table[key] = tuple(units)
    return list(cast("tuple[Unit, ...]", hit))


def decompose_suit(ctx: TrumpContext, suit: str, m: int) -> tuple[Unit, ...]:
    """:func:`decompose` of the cards of effective suit ``suit`` in the packed
    multiset ``m`` (:mod:`solver.bits`; each face at most twice), e.g. a hand
    the engine holds: the units in :func:`decompose`'s order (not memoized:
    its caller, the baseline bot's lead, memoizes what it makes of them)."""
    mask = ctx.suit_masks.get(suit, 0)
    return tuple(_decompose_bits(ctx, *split(m & (mask | mask << 1))))


def _decompose_bits(ctx: TrumpContext, once: int, twice: int) -> list[Unit]:
    """:func:`_decompose` on the cards' bitsets (each face at most twice)."""
    units: list[tuple[tuple[int, int, int, int, int], Unit]] = []
    pos = ctx.positions
    # Units are values: each one is made once per context and shared, with
    # its :func:`unit_sort_key` (no two units of one decomposition share it).
    made = memo_table(ctx, "unit")
    for suit, mask in ctx.suit_masks.items():
        if not once & mask:
            continue
        left = twice & mask
        while left:
            # One pair per position: the lowest face index among those with a pair.
            chosen: dict[int, Card] = {}
            m = left
            while m:
                low = m & -m
                i = low.bit_length() >> 1
                chosen.setdefault(pos[i], FACES[i])
                m ^= low
            for f in chosen.values():
                left ^= 1 << (2 * f.index)
            _cut_runs(units, suit, chosen, made)
        for card in faces(once & ~twice & mask):
            i = card.index
            e = made.get(i)
            if e is None:
                u = Unit(SINGLE, (card,), suit, pos[i], 0)
                e = made[i] = (unit_sort_key(u), u)
            units.append(cast("tuple[tuple[int, int, int, int, int], Unit]", e))
    units.sort()
    return [u for _, u in units]


def _cut_runs(units: list[tuple[tuple[int, int, int, int, int], Unit]], suit: str,
              chosen: dict[int, Card], made: dict[object, object]) -> None:
    """Append the tractors and pairs of one layer: ``chosen`` holds one pair
    face per ladder position; maximal runs of consecutive positions of two or
    more are tractors, lone positions pairs (strongest card first).  ``made``:
    the units already made in this context, by their cards (shared values,
    each with its sort key)."""
    positions: list[int | None] = [*sorted(chosen), None]
    first = positions[0]
    assert first is not None
    run: list[int] = [first]
    for p in positions[1:]:
        if p is not None and p == run[-1] + 1:
            run.append(p)
            continue
        cards = tuple(chosen[q] for q in reversed(run) for _ in range(2))
        e = made.get(cards)
        if e is None:
            u = Unit(TRACTOR if len(run) >= 2 else PAIR, cards, suit, run[-1], len(run))
            e = made[cards] = (unit_sort_key(u), u)
        units.append(cast("tuple[tuple[int, int, int, int, int], Unit]", e))
        if p is not None:
            run = [p]


def _decompose(ctx: TrumpContext, cards: Sequence[Card]) -> list[Unit]:
    counts = Counter(cards)
    units: list[Unit] = []
    by_suit: dict[str, Counter[Card]] = {}
    for card, n in counts.items():
        by_suit.setdefault(ctx.suit_of(card), Counter())[card] = n
    for suit, suit_counts in by_suit.items():
        units.extend(_decompose_suit(ctx, suit, suit_counts))
    units.sort(key=unit_sort_key)
    return units


def _decompose_suit(ctx: TrumpContext, suit: str, counts: Counter[Card]) -> list[Unit]:
    left = Counter(counts)
    layers: list[tuple[tuple[int, int, int, int, int], Unit]] = []
    while True:
        # One pair per position: the lowest face index among those with a pair.
        chosen: dict[int, Card] = {}
        for card in sorted(left, key=lambda c: c.index):
            if left[card] >= 2:
                chosen.setdefault(ctx.pos(card), card)
        if not chosen:
            break
        for f in chosen.values():
            left[f] -= 2
        _cut_runs(layers, suit, chosen, {})
    units = [u for _, u in layers]
    for card in sorted(left, key=lambda c: (-ctx.pos(c), c.index)):
        for _ in range(left[card]):
            units.append(Unit(SINGLE, (card,), suit, ctx.pos(card), 0))
    return units


def classify(ctx: TrumpContext, cards: Sequence[Card]) -> Classification:
    """R-LEAD: one effective suit; one unit is a single, pair or tractor,
    several units a throw; empty or mixed suits are invalid (memoized per
    context on the sorted face indices)."""
    key = (cards[0].index,) if len(cards) == 1 else tuple(sorted([c.index for c in cards]))
    table = memo_table(ctx, "classify")
    hit = table.get(key)
    if hit is None:
        hit = table[key] = _classify(ctx, cards)
    return cast(Classification, hit)


def _classify(ctx: TrumpContext, cards: Sequence[Card]) -> Classification:
    if not cards:
        return Classification(INVALID, None, ())
    suits = {ctx.suit_of(c) for c in cards}
    units = tuple(decompose(ctx, cards))
    if len(suits) != 1:
        return Classification(INVALID, None, units)
    suit = suits.pop()
    if len(units) == 1:
        return Classification(units[0].kind, suit, units)
    return Classification(THROW, suit, units)


def is_pair(ctx: TrumpContext, cards: Sequence[Card]) -> bool:
    """R-PAIR: two copies of one face."""
    return len(cards) == 2 and cards[0] == cards[1]


def is_tractor(ctx: TrumpContext, cards: Sequence[Card]) -> bool:
    """R-TRACTOR: two or more pairs on consecutive ladder positions, one suit."""
    c = classify(ctx, cards)
    return c.type == TRACTOR
