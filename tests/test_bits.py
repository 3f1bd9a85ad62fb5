"""Card bitsets (solver.bits) and the fast follow check on them, held equal
to the rule-by-rule reasons (solver.follow) and the CP-SAT oracle
(solver.cpsat) on random positions (R-FOLLOW 1-4, R-W-FOLLOW, R-FORCED)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from solver import cpsat
from solver.bits import bits_of, follow_ok, longest_pair_run, packed, split, unpack, valid
from solver.cards import FACES, deck, parse_cards
from solver.follow import explain_follow, lead_info
from solver.generator import is_legal_follow, legal_follows
from tests.legal_gen import PRESETS, context, plays_to_check, random_position

P = parse_cards


@settings(max_examples=200)
@given(st.lists(st.integers(0, 53), max_size=40))
def test_packed_is_the_multiset(indices):
    """R-DECK: a packed int counts each face; add and remove are + and -."""
    cards = [FACES[i] for i in indices]
    counts = Counter(indices)
    m = packed(cards)
    ok = all(k <= 2 for k in counts.values())
    assert valid(m, len(cards)) == ok
    if ok:
        assert sorted(c.index for c in unpack(m)) == sorted(indices)
        once, twice = split(m)
        assert once.bit_count() == len(counts)
        assert twice.bit_count() == sum(1 for k in counts.values() if k == 2)
        if cards:
            assert unpack(m - packed(cards[:1])) == sorted(cards[1:], key=lambda c: c.index)


def test_pair_run_counts_ladder_positions_not_faces():
    """R-TRACTOR: henan, level 6, clubs: 5C and 7C are adjacent (6 removed);
    the off-suit level pairs share one trump position."""
    ctx = context("henan", 6, "S")
    _, twice = bits_of(P("5C 5C 7C 7C 8C 8C"))
    assert longest_pair_run(ctx, twice) == 3
    _, twice = bits_of(P("6H 6H 6D 6D"))
    assert longest_pair_run(ctx, twice) == 1


def test_partial_tractor_follow_henan():
    """R-FOLLOW 3 with partial_tractor_follow (the henan option): a 3-pair
    tractor led, the follower holds a 2-pair tractor, a pair and a single:
    the 2-pair tractor must be played."""
    ctx = context("henan", 2, "S", partial_tractor_follow=True)
    lead, hand = P("QH QH JH JH 10H 10H"), P("9H 9H 8H 8H 5H 5H 3H 4D")
    info = lead_info(ctx, lead)
    good, bad = P("9H 9H 8H 8H 5H 5H"), P("9H 9H 5H 5H 8H 3H")
    assert follow_ok(ctx, info, bits_of(hand), bits_of(good))
    assert not follow_ok(ctx, info, bits_of(hand), bits_of(bad))
    assert cpsat.follow_is_legal(ctx, lead, hand, good)
    assert not cpsat.follow_is_legal(ctx, lead, hand, bad)
    assert [r.code for r in explain_follow(ctx, lead, hand, bad)] == ["follow.pairs",
                                                                       "follow.tractor_partial"]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), name=st.sampled_from(PRESETS))
def test_three_engines_agree_on_held_bits(seed, name):
    """The bitset check on bits held across plays (the hand shrinks by
    subtraction), the reasons and the CP-SAT oracle give one verdict."""
    rng = random.Random(seed)
    pos = random_position(rng, name)
    ctx, lead, hand = pos.ctx, pos.lead, pos.hand
    info = lead_info(ctx, lead)
    held = packed(deck()) - packed(pos.rest) - packed(lead)  # the hand, by subtraction
    assert held == packed(hand)
    hb = split(held)
    follows = list(legal_follows(ctx, lead, hand))[:50]
    for play in plays_to_check(rng, pos, follows, extra=4):
        a = follow_ok(ctx, info, hb, bits_of(play))
        assert a == is_legal_follow(ctx, lead, hand, play)
        assert a == (not explain_follow(ctx, lead, hand, play))
        assert a == cpsat.follow_is_legal(ctx, lead, hand, play)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), name=st.sampled_from(PRESETS), size=st.integers(1, 40))
def test_one_solve_decides_a_batch_of_positions(seed, name, size):
    """R-FOLLOW 1-4, R-W-FOLLOW: follow_verdicts decides plays of several
    positions (legal ones, near misses, random cards, plays of the wrong
    size or with cards the hand lacks) in one CP-SAT solve, giving each the
    verdict of its own solve and of the bitset check, in order."""
    rng = random.Random(seed)
    checks = []
    while len(checks) < size:
        pos = random_position(rng, name)
        ctx, lead, hand = pos.ctx, pos.lead, pos.hand
        follows = list(legal_follows(ctx, lead, hand))[:20]
        plays = plays_to_check(rng, pos, follows, extra=2)
        plays.append(hand[:len(lead) - 1] or hand[:2])  # wrong size
        plays.append([*follows[0][1:], *pos.rest[:1]])  # a card not in the hand
        for play in plays:
            checks.append((ctx, lead, hand, play))
    rng.shuffle(checks)
    checks = checks[:size]
    got = cpsat.follow_verdicts([(cpsat.follow_oracle(c, l, h), p) for c, l, h, p in checks])
    assert got == [cpsat.follow_is_legal(*c) for c in checks]
    assert got == [is_legal_follow(*c) if Counter(c[3]) <= Counter(c[2]) and len(c[3]) == len(c[1])
                   else False for c in checks]


def test_oracle_is_built_once_per_position():
    """One CP-SAT model per (context, lead, hand), reused for every play and
    for the forced question (R-FORCED: 10H10H led, 9H 4D 4D 5S held: 9H is
    in every follow, two follows)."""
    ctx = context("henan", 2, "S")
    lead, hand = P("10H 10H"), P("9H 4D 4D 5S")
    fo = cpsat.follow_oracle(ctx, lead, hand)
    assert cpsat.follow_oracle(ctx, list(reversed(lead)), list(reversed(hand))) is fo
    assert [cpsat.follow_is_legal(ctx, lead, hand, P(p)) for p in ("9H 4D", "9H 5S", "4D 4D")] \
        == [True, True, False]
    assert not cpsat.follow_forced(ctx, lead, hand)
    assert cpsat.follow_forced(ctx, lead, P("9H 9H 3H 4D 5S"))
    assert cpsat.follow_oracle(ctx, lead, hand) is fo


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**9), name=st.sampled_from(PRESETS))
def test_space_membership_is_the_listing(seed, name):
    """R-FOLLOW 1-4, R-W-FOLLOW: ``play in follow_space(...)`` (bits, nothing
    listed) holds exactly for the plays the generator lists; the count is
    the listing's length and always (R-FORCED) is in every listed follow."""
    from collections import Counter

    from solver.generator import follow_space

    rng = random.Random(seed)
    pos = random_position(rng, name, max_hand=12)
    ctx, lead, hand = pos.ctx, pos.lead, pos.hand
    space = follow_space(ctx, lead, hand)
    listed = list(space)
    keys = {tuple(sorted(c.index for c in f)) for f in listed}
    assert len(keys) == len(listed) == space.count()
    assert all(f in space for f in listed)
    for play in plays_to_check(rng, pos, listed, extra=6):
        assert (play in space) == (tuple(sorted(c.index for c in play)) in keys), play
    always = Counter(space.always())
    assert all(not always - Counter(f) for f in listed)
    assert "9H" not in space and [None] not in space  # not plays at all


@settings(max_examples=300)
@given(seed=st.integers(0, 2**32 - 1), name=st.sampled_from(PRESETS),
       size=st.integers(1, 10))
def test_small_follows_equal_the_per_play_check(seed, name, size):
    """R-FOLLOW 1-4, R-W-FOLLOW: the one-pass listing of a small hand's
    follows (checked once per part of the led suit) is exactly, in sorted
    order, the distinct sub-multisets of the lead's size that the per-play
    bitset check accepts, and the generator's legal follows; on skewed
    hands (voids, short and long suits) and every lead type."""
    import itertools

    from solver.bits import small_follows

    pos = random_position(random.Random(seed), name, max_hand=size, hand_size=size)
    ctx, info = pos.ctx, lead_info(pos.ctx, pos.lead)
    hand = tuple(sorted(c.index for c in pos.hand))
    hb = split(packed(pos.hand))
    want = [p for p in dict.fromkeys(itertools.combinations(hand, info.size))
            if follow_ok(ctx, info, hb, bits_of(FACES[f] for f in p))]
    got = small_follows(ctx, info, hand)
    assert got == want
    assert set(got) == {tuple(sorted(c.index for c in p))
                        for p in legal_follows(ctx, pos.lead, pos.hand)}
