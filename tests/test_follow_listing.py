"""The full listing of legal follows on big spaces (R-FOLLOW 1-4, R-FORCED):
a void or short follower facing a long lead has 10^4-10^6 follows, listed in
blocks made inside C (solver.generator.FollowSpace).  The properties hold
the blocks to the plain definitions: each follow once, the same follows as
the bitset check (solver.bits.follow_ok, itself held to CP-SAT in
test_bits.py / test_cpsat_agree.py), and one fixed order whatever the
block shape (bots and puzzles take the first follows)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.cards import Card
from solver.follow import explain_follow
from solver.generator import FollowSpace, follow_space
from tests.legal_gen import PRESETS, Position, plays_to_check, random_position

#: Listings are compared up to this many follows (keeps each example fast).
CAP = 30_000


def _big_position(seed: int, name: str) -> Position:
    """A skewed position with a 25-card hand and a lead of 4+ cards, so
    that long discards and long suit parts are common."""
    rng = random.Random(seed)
    while True:
        pos = random_position(rng, name, hand_size=25)
        if len(pos.lead) >= 4:
            return pos


def _key(play: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.index for c in play))


def _reference_free_parts(space: FollowSpace, prefix: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
    """The free parts in their documented order, built the obvious way: the
    faces taken twice (D, fewest first, in combinations order), then every
    choice of faces taken once among the rest; each play prefix + D + S."""
    r = space.needs.free
    faces = [f for f, _ in space.others]
    doubles = [f for f, k in space.others if k == 2]
    for d in range(min(len(doubles), r // 2) + 1):
        for dset in itertools.combinations(doubles, d):
            head = prefix + tuple(f for f in dset for _ in (0, 1))
            rest = [f for f in faces if f not in dset]
            for s in itertools.combinations(rest, r - 2 * d):
                yield head + s


@settings(max_examples=60)
@given(seed=st.integers(0, 10**9), name=st.sampled_from(PRESETS))
def test_listing_order_does_not_depend_on_block_shape(seed, name):
    """R-FORCED: the suit parts come out in one order (lowest ladder position
    first, fewest copies first) whether the walk builds whole subtrees or
    goes down to single follows; the full listing too."""
    pos = _big_position(seed, name)
    spaces = []
    for m in (1, 7, FollowSpace.materialize, 10**9):
        space = follow_space(pos.ctx, pos.lead, pos.hand)
        space.materialize = m
        spaces.append(space)
    parts = [list(itertools.islice(s.suit_parts(), CAP)) for s in spaces]
    assert all(p == parts[0] for p in parts[1:])
    assert len(parts[0]) == min(CAP, spaces[0].count_suit_parts())
    listed = [list(itertools.islice(iter(s), CAP)) for s in spaces]
    assert all(x == listed[0] for x in listed[1:])


@settings(max_examples=60)
@given(seed=st.integers(0, 10**9), name=st.sampled_from(PRESETS))
def test_free_parts_are_each_suit_part_with_every_discard(seed, name):
    """R-FOLLOW 1: once the led suit runs out, the rest of the follow is any
    multiset of the other cards; the listing is each suit part followed by
    every such multiset, in the reference order (made one play at a time)."""
    pos = _big_position(seed, name)
    space = follow_space(pos.ctx, pos.lead, pos.hand)
    if not space.needs.free:
        return
    want = list(itertools.islice(itertools.chain.from_iterable(
        _reference_free_parts(space, part) for part in space.suit_parts()), CAP))
    assert list(itertools.islice(iter(space), CAP)) == want
    assert len(want) == min(CAP, space.count())


@settings(max_examples=40)
@given(seed=st.integers(0, 10**9), name=st.sampled_from(PRESETS))
def test_big_listing_is_the_bitset_check(seed, name):
    """R-FOLLOW 1-4, R-W-FOLLOW: on 25-card hands every listed follow is
    legal by the bitset check and by the rule-by-rule reasons, each multiset
    comes once, the count is the listing's length, always (R-FORCED) is in
    every follow, and plays near the listed ones are in the space exactly
    when listed."""
    rng = random.Random(seed)
    pos = _big_position(seed, name)
    space = follow_space(pos.ctx, pos.lead, pos.hand)
    listed = list(itertools.islice(iter(space), CAP))
    keys = {_key(f) for f in listed}
    assert len(keys) == len(listed) == min(CAP, space.count())
    assert all(f in space for f in listed)
    always = Counter(space.always())
    assert all(not always - Counter(f) for f in listed)
    for f in rng.sample(listed, min(20, len(listed))):
        assert not explain_follow(pos.ctx, pos.lead, pos.hand, list(f))
    if space.count() <= CAP:
        for play in plays_to_check(rng, pos, listed, extra=20):
            legal = not explain_follow(pos.ctx, pos.lead, pos.hand, play)
            assert (play in space) == legal == (_key(tuple(play)) in keys), play


def test_void_discards_listed_whole():
    """R-FOLLOW 1: a void follower to a 7-card lead may discard any 7 of its
    cards: with 14 single faces and 3 pairs that is every multiset of 7 from
    them, each once (counted by hand: sum over d pairs taken of
    C(3, d) * C(17 - d, 7 - 2d))."""
    from math import comb

    from solver.cards import parse_cards as P
    from tests.legal_gen import context

    ctx = context("tractor", 2, "S")
    lead = P("3H 3H 4H 4H 6H 6H 7H")
    hand = P("3D 4D 5D 6D 7D 8D 9D 10D 3C 4C 5C 6C 7C 8C JD JD QD QD KD KD")
    space = follow_space(ctx, lead, hand)
    want = sum(comb(3, d) * comb(17 - d, 7 - 2 * d) for d in range(4))
    listed = list(space)
    assert len(listed) == len({_key(f) for f in listed}) == space.count() == want
    assert listed[0] == tuple(P("3D 4D 5D 6D 7D 8D 9D"))
    # Pairs taken fewest first; the faces in index order (diamonds, clubs).
    assert listed[-1] == tuple(P("JD JD QD QD KD KD 8C"))
