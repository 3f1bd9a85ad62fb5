"""The fast paths of a whole 4-bot hand (issue 20: a hand <= 6 ms) held equal
to the slow paths they replace, on seeded positions and on the hands the
baseline bots play: the few legal follows read off the bitsets
(:func:`solver.bits.few_follows`) against the FollowSpace's listing
(R-FOLLOW 1-4, R-W-FOLLOW), the bot's trick state kept for the last trick
(R-BEAT, R-TIE, R-TRICK-POINTS), the lead's memoized suit offers
(R-DECOMPOSE, R-THROW-SAFE), the seen cards packed as they are played, and
the units shared per context (R-DECOMPOSE)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.bits import few_follows, packed, split
from solver.bots import BaselineBot
from solver.bots.baseline import _LAST_TRICK
from solver.cards import FACES
from solver.follow import follow_needs, lead_info
from solver.game.hand import Phase
from solver.game.view import SeatView
from solver.games import SHENGJI_PRESETS
from solver.generator import FollowSpace
from solver.rules import preset
from solver.trump import TrumpContext
from solver.units import Unit, _decompose, decompose_suit
from tests.legal_gen import LEAD_TYPES, random_position
from tests.test_bits_threaded import _hands  # seeded hands of four baseline bots

LIMIT = 24  # the baseline bot's SMALL_SPACE


def _faces(play: tuple[object, ...]) -> tuple[int, ...]:
    return tuple(c.index for c in play)  # type: ignore[attr-defined]


def _agrees(ctx: TrumpContext, lead: list, hand: list, limit: int = LIMIT) -> str:
    """'list', 'count' or 'none' after checking few_follows against the
    FollowSpace of the same (lead, hand); fails on any difference."""
    got = few_follows(ctx, lead_info(ctx, lead), packed(hand), limit)
    space = FollowSpace(ctx, follow_needs(ctx, lead, hand, cached=False))
    if got is None:
        # Only rule 3 sends the listing back to the FollowSpace.
        assert space.needs.need_tractor, (lead, hand)
        return "none"
    if isinstance(got, int):
        assert got == space.count() > limit, (lead, hand)
        return "count"
    want = list(space)
    # The same follows, each with its cards in the same order (the bot
    # breaks ties on that order), and none twice.
    assert sorted(map(_faces, got)) == sorted(map(_faces, want)), (lead, hand)
    assert len(set(map(_faces, got))) == len(got)
    return "list"


@pytest.mark.parametrize("name", SHENGJI_PRESETS)
@pytest.mark.parametrize("lead_type", LEAD_TYPES)
def test_few_follows_list_what_the_follow_space_lists(name, lead_type):
    """R-FOLLOW 1-4, R-W-FOLLOW: on seeded positions of every lead type (skewed
    hands: voids, short and long suits), the bitset listing equals the
    FollowSpace's, or its count when there are more than the bot lists."""
    rng = random.Random(10 * SHENGJI_PRESETS.index(name) + LEAD_TYPES.index(lead_type))
    seen = {"list": 0, "count": 0, "none": 0}
    for _ in range(250):
        pos = random_position(rng, name, lead_type=lead_type, max_hand=25)
        seen[_agrees(pos.ctx, pos.lead, pos.hand)] += 1
    assert seen["list"] > 50


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SHENGJI_PRESETS), st.sampled_from(LEAD_TYPES),
       st.integers(0, 2**32 - 1), st.integers(1, 120))
def test_few_follows_any_limit(name, lead_type, seed, limit):
    """The same for any listing limit (R-FOLLOW 1-4, R-W-FOLLOW)."""
    pos = random_position(random.Random(seed), name, lead_type=lead_type, max_hand=20)
    _agrees(pos.ctx, pos.lead, pos.hand, limit)


def test_few_follows_meet_rule_4_by_index():
    """R-W-FOLLOW (wusaner): a lone trump pair met by a hand without a trump
    pair takes its highest trumps; equal positions (off-suit level cards)
    give several follows, listed by index like the FollowSpace lists them."""
    from solver.cards import parse_cards as P

    ctx = TrumpContext(preset("wusaner"), 7, "S")
    lead = P("AS AS")
    for hand in ("7H 7D 3S 4C", "7H 3S 4C 5C", "BJ 7H 7D 7C 3S", "3S 4C 4C 9D"):
        assert _agrees(ctx, lead, P(hand)) == "list"


@pytest.mark.parametrize("name", SHENGJI_PRESETS)
def test_bot_follows_list_what_the_follow_space_lists(name):
    """R-FOLLOW: at every follow of a multi-card lead the bots meet in real
    hands, the bitset listing equals the FollowSpace's."""
    checked = 0
    for hand in _hands(name, 3, 3):
        if hand.phase == Phase.PLAY and hand.current and len(hand.current[0]) > 1:
            assert hand.ctx is not None and hand.turn is not None
            _agrees(hand.ctx, list(hand.current[0]), hand.cards_of(hand.turn))
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("name", SHENGJI_PRESETS)
def test_trick_state_kept_for_the_last_trick_equals_a_fresh_one(name):
    """R-BEAT, R-TIE, R-TRICK-POINTS: the state kept for the last trick read
    is reused only for the same plays: reading other tricks (and shorter
    prefixes) in between, and starting cold, give the same state."""
    rng = random.Random(5)
    tricks = []
    for hand in _hands(name, 9, 2):
        if hand.phase == Phase.PLAY and hand.current:
            assert hand.ctx is not None
            tricks.append((hand.ctx, list(hand.current)))
    assert len(tricks) > 50
    for _ in range(300):
        i = rng.randrange(len(tricks))
        ctx, t = tricks[i]
        cut = rng.randint(1, len(t))
        got = BaselineBot._trick_state(ctx, t[:cut])
        _LAST_TRICK[0] = None
        want = BaselineBot._trick_state(ctx, t[:cut])
        if rng.random() < 0.5:  # sometimes keep the cold answer as the last trick
            BaselineBot._trick_state(*tricks[rng.randrange(len(tricks))])
        assert got == want


@pytest.mark.parametrize("name", SHENGJI_PRESETS)
def test_leads_from_memoized_suit_offers_equal_cold_leads(name):
    """R-DECOMPOSE, R-THROW-SAFE: at every lead of real hands, the bot leads
    the same with its suit offers memoized (warm) and computed afresh."""
    bot = BaselineBot()
    checked = 0
    for hand in _hands(name, 4, 3):
        if hand.phase == Phase.PLAY and not hand.current:
            assert hand.ctx is not None and hand.turn is not None
            view = SeatView(hand, hand.turn)
            warm = bot.lead(view)
            hand.ctx.memo.pop("baseline_suit_offers", None)
            assert bot.lead(view) == warm
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("name", SHENGJI_PRESETS)
def test_seen_cards_packed_as_they_are_played(name):
    """The packed seen cards (played, and the kitty its burier saw) equal the
    seen card list, at every step of real hands."""
    checked = 0
    for hand in _hands(name, 6, 2):
        for seat in range(4):
            view = SeatView(hand, seat)
            seen = view.seen
            assert view.seen_packed == (packed(seen), len(seen))
            checked += 1
    assert checked > 400


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SHENGJI_PRESETS), st.integers(2, 14),
       st.sampled_from(["S", "H", "D", "C", None]),
       st.lists(st.integers(0, 53), max_size=30))
def test_shared_units_equal_fresh_units(name, level, trump, idx):
    """R-DECOMPOSE: the units made once per context and shared are the units
    a fresh count makes, suit by suit, whatever was decomposed before."""
    ctx = TrumpContext(preset(name), level, trump)
    counts: dict[int, int] = {}
    for i in idx:
        counts[i] = min(2, counts.get(i, 0) + 1)
    cards = [FACES[i] for i, k in counts.items() for _ in range(k)]
    m = packed(cards)
    for suit in ctx.suit_masks:
        units = decompose_suit(ctx, suit, m)
        again = decompose_suit(ctx, suit, m)
        assert all(a is b for a, b in zip(units, again))  # shared values
        mine = [c for c in cards if ctx.suit_of(c) == suit]
        assert list(units) == _decompose(ctx, mine)
        assert all(isinstance(u, Unit) for u in units)


@pytest.mark.parametrize("name", SHENGJI_PRESETS)
def test_declaration_options_filtered_by_seat_equal_every_candidate_checked(name):
    """R-H-DECLARE, R-H-OVERTURN, R-W-DECLARE, R-W-OVERCALL, R-T-DECLARE: the
    options listed after the seat-level check are exactly the candidates
    the full check accepts, at every step of real hands, for every seat."""
    checked = 0
    for hand in _hands(name, 8, 4):
        if hand.phase not in (Phase.DEAL, Phase.BID, Phase.CHAODI):
            continue
        for seat in range(4):
            if hand.phase != Phase.DEAL and hand.turn != seat:
                continue
            level = hand.flow.declare_level(hand, seat)
            cands = hand.flow.declaration_candidates(level, hand.cards_of(seat))
            assert hand.declaration_options(seat) == [c for c in cands
                                                     if hand.can_declare(seat, c)]
            checked += bool(cands)
    assert checked > 20


def test_holding_with_its_top_given_equals_the_counted_one():
    """R-THROW-BEAT: a suit holding made with its top given (the lead's
    ladder scan) equals the one that counts it."""
    from solver.bots.baseline import _ladder
    from solver.throws import SuitHolding

    rng = random.Random(3)
    for _ in range(300):
        pos = random_position(rng, rng.choice(SHENGJI_PRESETS))
        ctx = pos.ctx
        once, twice = split(packed(pos.rest))
        for suit, mask in ctx.suit_masks.items():
            top = next((p for p, at in _ladder(ctx, suit) if once & mask & at), -1)
            a = SuitHolding.of_bits(ctx, suit, once, twice, top=top)
            b = SuitHolding.of_bits(ctx, suit, once, twice)
            assert (a.top, a.pair_positions) == (b.top, b.pair_positions)
