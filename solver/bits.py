"""Card sets as int bitsets, and the fast follow check on them (R-FOLLOW 1-4,
R-W-FOLLOW).

A multiset of faces is one int, :func:`packed`: two bits per face, the
count of face ``i`` (its :attr:`~solver.cards.Card.index`) at bits
``2i, 2i+1`` (so adding and removing cards is integer addition and
subtraction, and the int is a cheap, hashable cache key).  For the rule
checks it splits into a pair of masks ``(once, twice)`` (:func:`split`):
bit ``2i`` of ``once`` is set when face ``i`` is held at least once, of
``twice`` when it is held twice.  Sizes are popcounts, sub-multisets are
mask tests, and an effective suit is one mask
(:attr:`~solver.trump.TrumpContext.suit_masks`).  The engine's other
modules keep :class:`~solver.cards.Card` objects at their edges (parsing,
display, histories) and convert with :func:`packed` / :func:`bits_of`.

>>> from solver.cards import parse_cards as P
>>> from solver.rules import preset
>>> from solver.trump import TrumpContext
>>> ctx = TrumpContext(preset("henan"), 2, "S")
>>> once, twice = bits_of(P("9H 9H 3H"))
>>> size(once, twice), twice.bit_count()
(3, 1)
>>> unpack(packed(P("9H 3H 9H")) - packed(P("9H"))) == P("3H 9H")
True
>>> from solver.follow import lead_info
>>> lead = lead_info(ctx, P("10H 10H"))
>>> follow_ok(ctx, lead, bits_of(P("9H 9H 3H 4D 5S")), bits_of(P("3H 9H")))
False
>>> follow_ok(ctx, lead, bits_of(P("9H 9H 3H 4D 5S")), bits_of(P("9H 9H")))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from math import comb
from typing import Final, NamedTuple, cast

from solver.cards import FACES, Card
from solver.trump import TrumpContext, memo_table

Bits = tuple[int, int]

#: The packed weight of one copy of face ``i``.
WEIGHT: Final = tuple(1 << (2 * i) for i in range(len(FACES)))
#: Every face's low bit (``once`` and ``twice`` masks live on these bits).
EVEN: Final = sum(WEIGHT)


class LeadInfo(NamedTuple):
    """What a follower's obligations depend on in the lead (R-FOLLOW):
    its effective suit's mask, size, pairs (a tractor of L counting L), the
    length of a lone tractor (0 otherwise) and whether it is a lone trump
    pair (R-W-FOLLOW)."""

    suit: str
    mask: int
    size: int
    pairs: int
    tractor: int
    trump_pair: bool


def packed(cards: Iterable[Card]) -> int:
    """The packed multiset of a card list (two bits per face: up to three
    copies are counted exactly, see :func:`over_two`).  A plain loop: plays
    are a few cards, and two map objects cost more than the additions."""
    m = 0
    for c in cards:
        m += WEIGHT[c.index]
    return m


def packed_indices(indices: Iterable[int]) -> int:
    """The packed multiset of face indices (the search's sorted index tuples)."""
    return sum(map(WEIGHT.__getitem__, indices))


def split(m: int) -> Bits:
    """``(once, twice)`` of a packed multiset."""
    hi = m >> 1
    return (m | hi) & EVEN, hi & EVEN


def over_two(m: int) -> bool:
    """Whether a packed multiset holds some face three times (more copies
    than the pack has; four or more copies do not fit in a packed int)."""
    return bool(m & (m >> 1) & EVEN)


def valid(m: int, count: int) -> bool:
    """Whether the packed multiset of ``count`` cards holds every face at
    most twice (three copies set both bits; four overflow into the next
    face: either way the popcount no longer matches ``count``)."""
    once, twice = split(m)
    return once.bit_count() + twice.bit_count() == count


def bits_of(cards: Iterable[Card]) -> Bits:
    """``(once, twice)`` of a card list."""
    return split(packed(cards))


def size(once: int, twice: int) -> int:
    return once.bit_count() + twice.bit_count()


def faces(mask: int) -> list[Card]:
    """The faces of a mask, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(FACES[low.bit_length() >> 1])
        mask ^= low
    return out


def unpack(m: int) -> list[Card]:
    """The card list of a packed multiset, in index order."""
    if m < 0:
        raise ValueError("a packed multiset is never negative (more cards removed than held)")
    out: list[Card] = []
    while m:
        low = m & -m
        i = low.bit_length() - 1
        f = FACES[i >> 1]
        k = (m >> (i & ~1)) & 3
        out.extend([f] * k)
        m &= ~(3 << (i & ~1))
    return out


def longest_pair_run(ctx: TrumpContext, twice: int) -> int:
    """The longest run of consecutive ladder positions held as pairs
    (R-TRACTOR) by the faces of ``twice`` (one effective suit); memoized."""
    table = memo_table(ctx, "pair_run")
    hit = table.get(twice)
    if hit is not None:
        return cast(int, hit)
    pos = ctx.positions
    pm = 0
    m = twice
    while m:
        low = m & -m
        pm |= 1 << pos[low.bit_length() >> 1]
        m ^= low
    run = 0
    while pm:
        pm &= pm >> 1
        run += 1
    table[twice] = run
    return run


def follow_ok(ctx: TrumpContext, lead: LeadInfo, hand: Bits, play: Bits) -> bool:
    """Whether ``play`` is a legal follow of ``lead`` from ``hand`` (R-FOLLOW
    1-4, R-W-FOLLOW); the hand is assumed valid (at most two copies of a
    face with the lead, at least as many cards as the lead)."""
    hlo, hhi = hand
    plo, phi = play
    if plo & ~hlo or phi & ~hhi:
        return False  # not in the hand
    n = lead.size
    if plo.bit_count() + phi.bit_count() != n:
        return False
    s = lead.mask
    shi = hhi & s
    held = (hlo & s).bit_count() + shi.bit_count()
    pshi = phi & s
    if (plo & s).bit_count() + pshi.bit_count() != (n if held > n else held):
        return False  # rule 1
    held_pairs = shi.bit_count()
    need_pairs = lead.pairs if lead.pairs < held_pairs else held_pairs
    if pshi.bit_count() < need_pairs:
        return False  # rule 2
    rules = ctx.rules
    if lead.tractor and rules.strict_tractor_follow and held_pairs >= 2:
        longest = longest_pair_run(ctx, shi)
        t = lead.tractor
        need = t if longest >= t else (longest if rules.partial_tractor_follow and longest >= 2
                                       else 0)
        if need and longest_pair_run(ctx, pshi) < need:
            return False  # rule 3
    if lead.trump_pair and held_pairs == 0 and held and rules.trump_pair_highest_fallback:
        # Rule 4: the trumps played are the highest held (no pair held:
        # every trump face is held once).
        pos = ctx.positions
        mine = sorted((pos[f.index] for f in faces(hlo & s)), reverse=True)
        got = sorted((pos[f.index] for f in faces(plo & s)), reverse=True)
        if got != mine[:len(got)]:
            return False
    return True


def _sub_multisets(faces: Sequence[int], k: int) -> list[tuple[int, ...]]:
    """The distinct sub-multisets of ``k`` of the sorted ``faces``, in
    lexicographic order."""
    if k == 0:
        return [()]
    if k == 1:
        return [(f,) for f in dict.fromkeys(faces)]
    return list(dict.fromkeys(combinations(faces, k)))


def small_follows(ctx: TrumpContext, lead: LeadInfo, hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct legal follow of ``lead`` from ``hand`` (sorted face
    indices, at least ``lead.size`` of them, valid), sorted: exactly the
    sub-multisets of ``lead.size`` cards that :func:`follow_ok` accepts,
    decided in one pass.  :func:`follow_ok` reads a play only through its
    cards of the led suit (and its size), and rule 1 fixes how many of
    them there are (``k``): so only the sub-multisets of ``k`` of the
    hand's suit cards are checked, each once, and every accepted one is
    completed by every sub-multiset of the right size of the hand's other
    cards.  A lead without pairs asks nothing more than rule 1, which this
    construction meets: its follows need no check (R-FOLLOW 1-4, R-W-FOLLOW)."""
    n = lead.size
    s = lead.mask
    mine = [f for f in hand if WEIGHT[f] & s]
    if n == 1:
        return [(f,) for f in dict.fromkeys(mine or hand)]
    k = len(mine)
    if k >= n:
        parts = _sub_multisets(mine, n)
        if not lead.pairs:
            return parts
        hb = split(packed_indices(hand))
        out = []
        for part in parts:
            m = 0
            for f in part:
                m += WEIGHT[f]
            hi = m >> 1
            if follow_ok(ctx, lead, hb, ((m | hi) & EVEN, hi & EVEN)):
                out.append(part)
        return out
    # Every card of the suit is played; the rest from the other cards.
    part = tuple(mine)
    fill = _sub_multisets([f for f in hand if not WEIGHT[f] & s], n - k)
    if not fill:
        return []
    if lead.pairs:
        m = packed_indices(part) + packed_indices(fill[0])
        if not follow_ok(ctx, lead, split(packed_indices(hand)), split(m)):
            return []
    if not k:
        return fill
    return sorted(tuple(sorted(part + o)) for o in fill)


def _multisets(ones: int, twos: int, r: int, pairs: int = 0) -> int:
    """How many multisets of ``r`` cards, with at least ``pairs`` faces taken
    twice, the faces of the masks ``ones`` (held once) and ``twos`` (held
    twice) make."""
    a, b = ones.bit_count(), twos.bit_count()
    return sum(comb(b, d) * comb(a + b - d, r - 2 * d) for d in range(pairs, min(b, r // 2) + 1))


def _multiset_parts(ones: int, twos: int, r: int, pairs: int = 0) -> list[tuple[Card, ...]]:
    """Each multiset of ``r`` cards of those faces with at least ``pairs``
    faces taken twice, once, as :meth:`solver.generator.FollowSpace.free_parts`
    lists a discard: the faces taken twice, then the faces taken once, each
    in index order."""
    doubles = faces(twos)
    every = faces(ones | twos)
    out: list[tuple[Card, ...]] = []
    for d in range(pairs, min(len(doubles), r // 2) + 1):
        for dset in combinations(doubles, d):
            head = tuple(f for f in dset for _ in range(2))
            rest = [f for f in every if f not in dset] if d else every
            out.extend(head + s for s in combinations(rest, r - 2 * d))
    return out


def few_follows(ctx: TrumpContext, lead: LeadInfo, held: int,
                limit: int) -> list[tuple[Card, ...]] | int | None:
    """The legal follows of ``lead`` from the packed hand ``held`` (R-FOLLOW
    1-4, R-W-FOLLOW), read off the bitsets, for the leads whose obligations
    are counts (rules 1 and 2) or the highest trumps (rule 4): every lead
    but a lone tractor met by a hand holding a tractor to play (rule 3).
    Each follow as :class:`~solver.generator.FollowSpace` lists it (the led
    suit's cards low to high, ties by index, or by index alone for rule 4's
    highest trumps; then the other cards as :func:`_multiset_parts` orders
    them); the list when there are at most ``limit`` of them, else their
    number; None when rule 3 binds (ask the FollowSpace)."""
    n = lead.size
    s = lead.mask
    once, twice = split(held)
    s2 = twice & s
    s1 = once & s & ~s2
    b = s2.bit_count()
    h = s1.bit_count() + 2 * b
    rules = ctx.rules
    if lead.tractor and rules.strict_tractor_follow and b >= 2:
        longest = longest_pair_run(ctx, s2)
        if longest >= lead.tractor or (rules.partial_tractor_follow and longest >= 2):
            return None  # rule 3
    pos = ctx.positions
    if lead.trump_pair and h and not b and rules.trump_pair_highest_fallback:
        # Rule 4: the highest trumps (each held once), listed by index.
        mine = faces(s1)
        k = min(n, h)
        top = sorted((pos[f.index] for f in mine), reverse=True)[:k]
        cut = top[-1]
        high = [f for f in mine if pos[f.index] >= cut]
        parts = [p for p in combinations(high, k)
                 if sorted((pos[f.index] for f in p), reverse=True) == top]
        if k == n:
            return parts if len(parts) <= limit else len(parts)
        o2 = twice & ~s
        o1 = once & ~s & ~o2
        count = len(parts) * _multisets(o1, o2, n - k)
        if count > limit:
            return count
        return [p + o for p in parts for o in _multiset_parts(o1, o2, n - k)]
    if h >= n:
        need_pairs = min(lead.pairs, b)  # rule 2
        count = _multisets(s1, s2, n, need_pairs)
        if count > limit:
            return count
        if n == 2:  # the most common lead (a pair): two cards, ordered inline
            return [p if p[0] is p[1] or (pos[p[0].index], p[0].index) < (pos[p[1].index], p[1].index)
                    else (p[1], p[0]) for p in _multiset_parts(s1, s2, 2, need_pairs)]
        return [tuple(sorted(p, key=lambda c: (pos[c.index], c.index)))
                for p in _multiset_parts(s1, s2, n, need_pairs)]
    # Every card of the led suit, the rest from the other suits.
    o2 = twice & ~s
    o1 = once & ~s & ~o2
    count = _multisets(o1, o2, n - h)
    if count > limit:
        return count
    part = tuple(f for f in sorted(faces(s1 | s2), key=lambda c: (pos[c.index], c.index))
                 for _ in range(1 + (s2 >> (2 * f.index) & 1)))
    return [part + o for o in _multiset_parts(o1, o2, n - h)]
