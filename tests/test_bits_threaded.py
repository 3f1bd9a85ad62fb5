"""The card bitsets threaded through whole hands (issue 20, part 2): every
fast path that Hand, the baseline bot and solver.trick take on packed
multisets is held equal to the plain rule it shortcuts, on seeded positions
and on real hands of every preset (R-FOLLOW 1-4, R-W-FOLLOW, R-COVER,
R-BEAT, R-TIE)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.bits import bits_of, packed
from solver.bots import BaselineBot
from solver.bots.baseline import _unseen
from solver.cards import FACES, Card
from solver.follow import count_pairs, explain_follow, follow_needs, longest_run, pair_positions
from solver.game.hand import Phase
from solver.game.match import Match
from solver.game.runner import step
from solver.games import SHENGJI_PRESETS
from solver.rules import preset
from solver.trick import LeadShape, cover_key, play_key
from solver.trump import TRUMP
from solver.units import classify
from tests.legal_gen import random_position


def _unseen_plainly(cards: list[Card], seen: list[Card]) -> list[Card]:
    gone: dict[Card, int] = {}
    for c in [*cards, *seen]:
        gone[c] = gone.get(c, 0) + 1
    return [f for f in FACES for _ in range(2 - gone.get(f, 0))]


@settings(max_examples=150)
@given(st.lists(st.integers(0, 53), max_size=40), st.lists(st.integers(0, 53), max_size=60))
def test_unseen_bits_are_the_pack_less_what_is_known(own, seen):
    """The bot's unseen cards: the pack (two of each face) less its own and
    the seen cards, never below zero, also when a face is named too often."""
    cards, shown = [FACES[i] for i in own], [FACES[i] for i in seen]
    want = bits_of(_unseen_plainly(cards, shown))
    # A view that lists the seen cards only (the search's opponent model's) ...
    assert _unseen(_Shown(shown), cards, packed(cards)) == want
    # ... and one that also holds them packed (SeatView.seen_packed).
    assert _unseen(_Shown(shown, packed=True), cards, packed(cards)) == want


class _Shown:
    """A seat's view of the seen cards, as :func:`_unseen` reads it."""

    def __init__(self, seen: list[Card], packed: bool = False) -> None:
        self.seen = seen
        if packed:
            self.seen_packed = (sum(1 << (2 * c.index) for c in seen), len(seen))


@pytest.mark.parametrize("name", SHENGJI_PRESETS)
@pytest.mark.parametrize("seed", range(3))
def test_follow_needs_pairs_and_tractors_on_bits(seed, name):
    """R-FOLLOW 2-3: the pairs and the longest tractor held in the led suit,
    counted on the hand's bitsets, equal the counts over the suit's cards."""
    rng = random.Random(seed)
    for _ in range(150):
        pos = random_position(rng, name)
        ctx = pos.ctx
        needs = follow_needs(ctx, pos.lead, pos.hand)
        assert needs.held_pairs == count_pairs(needs.suit_counts)
        assert needs.longest_held == longest_run(pair_positions(ctx, needs.suit_counts))


@pytest.mark.parametrize("name", SHENGJI_PRESETS)
def test_single_play_key_is_the_cover_key(name):
    """R-COVER/R-BEAT: a single against a single lead competes in the led
    suit or in trumps with its own height, the general cover key's answer."""
    rng = random.Random(7)
    for _ in range(200):
        pos = random_position(rng, name, lead_type="single")
        ctx = pos.ctx
        lead = classify(ctx, pos.lead)
        for c in pos.hand:
            suit = ctx.suit_of(c)
            want = None
            if suit in (lead.suit, TRUMP):
                key = cover_key(ctx, LeadShape.of(lead), [c])
                want = None if key is None else (suit, key)
            assert play_key(ctx, lead, [c]) == want


def _hands(name: str, seed: int, count: int):
    """Seeded hands of ``name`` played by four baseline bots, paused before
    every step."""
    bots = [BaselineBot() for _ in range(4)]
    match = Match(preset(name), seed=seed)
    for _ in range(count):
        if match.finished:
            break
        hand = match.new_hand()
        while hand.phase not in (Phase.DONE, Phase.REDEAL):
            yield hand
            step(hand, bots)
        match.record(hand)


@pytest.mark.parametrize("name", SHENGJI_PRESETS)
def test_hand_follow_verdicts_equal_the_reasons(name):
    """R-FOLLOW: Hand.can_play (bitsets first) accepts exactly the follows
    for which the rule-by-rule reasons are empty, on the hands bots play."""
    rng = random.Random(11)
    checked = 0
    for hand in _hands(name, 3, 2):
        if hand.phase != Phase.PLAY or not hand.current:
            continue
        seat = hand.turn
        assert seat is not None and hand.ctx is not None
        held = hand.hand_of(seat)
        lead = hand.current[0]
        tries = [rng.sample(held, len(lead)) for _ in range(3)]
        for play in tries:
            legal = not explain_follow(hand.ctx, lead, held, play)
            assert hand.can_play(seat, play) == legal, (lead, held, play)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("name", SHENGJI_PRESETS)
def test_bot_trick_state_equals_a_fresh_count(name):
    """R-BEAT/R-TIE: the bot's memoized view of the trick so far (extended
    play by play) names the same best play and points as a fresh count."""
    checked = 0
    for hand in _hands(name, 5, 2):
        if hand.phase != Phase.PLAY or not hand.current:
            continue
        ctx = hand.ctx
        assert ctx is not None
        trick = list(hand.current)
        lead, best, idx, pts = BaselineBot._trick_state(ctx, trick)
        want_lead = classify(ctx, trick[0])
        keys = [play_key(ctx, want_lead, p) for p in trick]
        want_idx = 0
        for i, k in enumerate(keys[1:], start=1):
            b = keys[want_idx]
            assert b is not None
            if k is not None and ((k[0] == TRUMP and b[0] != TRUMP) or
                                  (k[0] == b[0] and k[1] > b[1])):
                want_idx = i
        assert (lead, best, idx) == (want_lead, keys[want_idx], want_idx)
        assert pts == sum(c.points for p in trick for c in p)
        checked += 1
    assert checked > 50



@settings(max_examples=200)
@given(st.sampled_from(SHENGJI_PRESETS), st.integers(2, 14), st.sampled_from(["S", "H", None]),
       st.lists(st.integers(0, 107), max_size=33, unique=True))
def test_decompose_on_bits_equals_the_counting(name, level, trump, picks):
    """R-DECOMPOSE: layers cut on the cards' bitsets give the same units, in
    the same order, as layers cut by counting the cards."""
    from solver.trump import TrumpContext
    from solver.units import _decompose, _decompose_bits

    ctx = TrumpContext(preset(name), level, trump)
    cards = [FACES[i % 54] for i in picks]
    assert _decompose_bits(ctx, *bits_of(cards)) == _decompose(ctx, cards)
