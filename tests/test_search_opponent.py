"""The opponent model (issue 6): baseline opponents' follows replayed on
sampled hands, and the search's best response to them."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.games import SHENGJI_PRESETS
from solver.bots import BaselineBot
from solver.game.hand import Phase
from solver.game.view import SeatView
from solver.search import CachedMoves, Solver, Table, minimax
from solver.search.endgames import random_endgame
from solver.cards import FACES
from solver.search.model import faces
from solver.search.opponent import BaselineModel, _FollowView, misfit
from solver.trump import TrumpContext
from tests.test_search_inference import _positions


@pytest.mark.parametrize("rules", SHENGJI_PRESETS)
def test_reply_is_the_baseline_bots_follow(rules: str) -> None:
    """The model reads only the follower's cards and the trick: at every
    follow of 4 baseline hands it plays what the bot itself played."""
    checked = 0
    for h in _positions(rules, range(4)):
        if h.phase != Phase.PLAY or not h.current or h.ctx is None:
            continue
        seat = h.turn
        assert seat is not None and h.leader is not None
        want = sorted(c.index for c in BaselineBot().follow(SeatView(h, seat)))
        hand = faces(h.hands[seat].elements())
        trick = _plays(h.current)
        got = BaselineModel(h.ctx).follow(seat, hand, h.leader, trick)
        assert list(got) == want
        checked += 1
    assert checked > 100


@functools.cache
def _follow_spots(rules: str) -> list[tuple[TrumpContext, int, int, tuple[tuple[int, ...], ...],
                                           list[int]]]:
    """Follows of 4 baseline hands: (context, seat, leader, trick, the cards
    the follower could hold: its own and every card it has not seen)."""
    out = []
    for h in _positions(rules, range(2)):
        if h.phase != Phase.PLAY or not h.current or h.ctx is None or h.leader is None:
            continue
        seat = h.turn
        assert seat is not None
        pool = [f for s in range(4) for f in faces(h.hands[s].elements())] + list(faces(h.kitty))
        out.append((h.ctx, seat, h.leader, _plays(h.current), pool))
    return out


@settings(max_examples=150, deadline=None)
@given(rules=st.sampled_from(SHENGJI_PRESETS), spot=st.integers(0, 10_000),
       deal=st.randoms(use_true_random=False), size=st.integers(1, 25))
def test_the_cached_follow_is_the_bots_follow_for_any_hand(rules: str, spot: int,
                                                            deal: random.Random,
                                                            size: int) -> None:
    """The model caches a follow on the cards the bot's choice reads (a
    single lead: the faces of the led suit held, or every face when void;
    a longer lead from a hand holding as many of the suit: those cards):
    for any hand at any follow of a baseline hand (R-FOLLOW), long or short
    in the led suit, it is the follow the bot makes seeing the whole hand."""
    spots = _follow_spots(rules)
    ctx, seat, leader, trick, pool = spots[spot % len(spots)]
    hand = tuple(sorted(deal.sample(pool, min(size, len(pool)))))
    if len(hand) < len(trick[0]):
        return
    view = _FollowView(ctx, seat, [FACES[f] for f in hand],
                       [tuple(FACES[f] for f in p) for p in trick], leader)
    want = sorted(c.index for c in BaselineBot().follow(view))  # type: ignore[arg-type]
    assert list(BaselineModel(ctx).follow(seat, hand, leader, trick)) == want


@pytest.mark.parametrize("rules", SHENGJI_PRESETS)
def test_lead_is_the_baseline_bots_lead_given_the_real_hands(rules: str) -> None:
    """At every lead of 4 baseline hands, the model given the real deal (the
    other hands and the kitty are what the leader has not seen) leads what
    the bot led."""
    checked = 0
    for h in _positions(rules, range(4)):
        if h.phase != Phase.PLAY or h.current or h.ctx is None:
            continue
        seat = h.turn
        assert seat is not None and h.defenders is not None
        want = sorted(c.index for c in BaselineBot().lead(SeatView(h, seat)))
        hands = tuple(faces(h.hands[s].elements()) for s in range(4))
        kitty = faces(h.kitty)
        model = BaselineModel(h.ctx, [(t.leader, t.plays) for t in h.tricks],
                              dealer=h.defenders, burier=h.burier)
        lead = model.leads(kitty)
        assert lead is not None
        assert list(lead(seat, (hands[0], hands[1], hands[2], hands[3]))) == want
        checked += 1
    assert checked > 40


def test_reply_is_a_legal_follow() -> None:
    rng = random.Random(3)
    for _ in range(60):
        eg = random_endgame(rng, rng.randint(1, 6))
        st = eg.state
        if not st.trick:
            continue
        seat = st.to_move
        moves = CachedMoves(eg.ctx)
        got = BaselineModel(eg.ctx).follow(seat, st.hands[seat], st.leader, st.trick)
        assert got in moves.follows(st.trick[0], st.hands[seat])


@pytest.mark.parametrize("seed", range(4))
def test_best_response_equals_reference_and_beats_minimax(seed: int) -> None:
    """Alpha-beta with the table and modelled follows equals plain minimax
    with the same model, on random endgames of ≤ 3 cards (all presets).
    Against a fixed policy the other side does at least as well as against
    best play: modelling the defenders can only raise the attackers' value,
    modelling the attackers only lower it."""
    rng = random.Random(100 + seed)
    for i in range(12):
        eg = random_endgame(rng, 1 + i % 3, rules=SHENGJI_PRESETS[i % 3])
        st = eg.state
        table, moves = Table(eg.ctx), CachedMoves(eg.ctx)
        model = BaselineModel(eg.ctx, dealer=st.dealer)
        lead = model.leads(eg.kitty)
        plain = minimax(st, table, moves)
        for side in (0, 1):  # 0: the dealer's side (defenders) is modelled
            modeled = frozenset(s for s in range(4) if (s - st.dealer) % 2 == side)
            for lead_reply in (None, lead):
                ref = minimax(st, table, moves, reply=model.follow, lead_reply=lead_reply,
                              modeled=modeled)
                got = Solver(table, moves, dealer=st.dealer, kitty_points=st.kitty_points,
                             reply=model.follow, lead_reply=lead_reply, modeled=modeled).value(st)
                assert got == ref
                assert (ref >= plain) if side == 0 else (ref <= plain)


@pytest.mark.parametrize("rules", SHENGJI_PRESETS)
def test_the_real_deal_explains_the_play(rules: str) -> None:
    """``misfit`` over the last and the current trick: the real deal of a
    baseline hand leaves no follow unexplained (the follow model is exact)
    and almost no lead (the lead model reads voids up to the search root
    only)."""
    follows_missed = leads_missed = checked = 0
    for h in _positions(rules, range(3)):
        if h.phase != Phase.PLAY or h.ctx is None or not h.tricks or h.defenders is None:
            continue
        seat = h.turn
        assert seat is not None
        recent = [(t.leader, _plays(t.plays)) for t in h.tricks[-1:]]
        if h.current and h.leader is not None:
            recent.append((h.leader, _plays(h.current)))
        hands = tuple(faces(h.hands[s].elements()) for s in range(4))
        deal = (hands[0], hands[1], hands[2], hands[3])
        kitty = faces(h.kitty)
        opps = frozenset({(seat + 1) % 4, (seat + 3) % 4})
        past = [(t.leader, t.plays) for t in h.tricks[:-1]]
        follows = BaselineModel(h.ctx, past, dealer=h.defenders, burier=h.burier, leads=False)
        both = BaselineModel(h.ctx, past, dealer=h.defenders, burier=h.burier)
        follows_missed += misfit(follows, recent, opps, deal, kitty)
        leads_missed += misfit(both, recent, opps, deal, kitty)
        checked += 1
    assert checked > 100
    assert follows_missed == 0
    assert leads_missed <= checked // 20


def test_a_wrong_deal_is_told_apart() -> None:
    """Swapping the two opponents' hands leaves some of their plays
    unexplained in most positions."""
    told = checked = 0
    for h in _positions("tractor", range(2)):
        if h.phase != Phase.PLAY or h.ctx is None or len(h.tricks) < 2 or not h.current:
            continue
        seat = h.turn
        assert seat is not None and h.leader is not None and h.defenders is not None
        a, b = (seat + 1) % 4, (seat + 3) % 4
        hands = [faces(h.hands[s].elements()) for s in range(4)]
        if len(hands[a]) != len(hands[b]):
            continue
        hands[a], hands[b] = hands[b], hands[a]
        recent = [(t.leader, _plays(t.plays)) for t in h.tricks[-1:]] + \
            [(h.leader, _plays(h.current))]
        model = BaselineModel(h.ctx, dealer=h.defenders, burier=h.burier, leads=False)
        told += misfit(model, recent, frozenset({a, b}), (hands[0], hands[1], hands[2], hands[3]),
                       faces(h.kitty)) > 0
        checked += 1
    assert checked > 20
    assert told > checked // 2


def _plays(plays: object) -> tuple[tuple[int, ...], ...]:
    return tuple(faces(p) for p in plays)  # type: ignore[attr-defined]


@settings(max_examples=200, deadline=None)
@given(rules=st.sampled_from(SHENGJI_PRESETS), spot=st.integers(0, 10_000),
       deal=st.randoms(use_true_random=False), size=st.integers(1, 25),
       own_follow=st.booleans())
def test_a_follow_is_explained_exactly_when_the_bot_makes_it(rules: str, spot: int,
                                                             deal: random.Random, size: int,
                                                             own_follow: bool) -> None:
    """``BaselineModel.explains`` (a sampled deal's check of a follow) reads
    a follow to a single lead off the bot's ranking of the faces
    (``BaselineBot.single_keys``) instead of asking for the follow: for any
    hand at any follow of a baseline hand (R-FOLLOW), and for the bot's own
    follow or another hand's, it says yes exactly when the bot, seeing the
    whole hand, makes that follow."""
    spots = _follow_spots(rules)
    ctx, seat, leader, trick, pool = spots[spot % len(spots)]
    hand = tuple(sorted(deal.sample(pool, min(size, len(pool)))))
    other = tuple(sorted(deal.sample(pool, min(size, len(pool)))))
    if len(hand) < len(trick[0]) or len(other) < len(trick[0]):
        return
    bot = BaselineBot()

    def bot_follow(cards: tuple[int, ...]) -> tuple[int, ...]:
        view = _FollowView(ctx, seat, [FACES[f] for f in cards],
                           [tuple(FACES[f] for f in p) for p in trick], leader)
        return tuple(sorted(c.index for c in bot.follow(view)))  # type: ignore[arg-type]

    made = bot_follow(hand)
    want = made if own_follow else bot_follow(other)
    assert BaselineModel(ctx).explains(seat, hand, leader, trick, want) == (want == made)


@functools.cache
def _lead_spots(rules: str) -> list[tuple[BaselineModel, int, int, int, list[int], int]]:
    """Leads of 4 baseline hands: (the model of the tricks before, the
    leader, the cards it had seen packed and their number, the cards it
    could hold: every card it had not seen, and its hand's size)."""
    from solver.bits import packed_indices

    out = []
    for h in _positions(rules, range(4)):
        if h.phase != Phase.PLAY or h.current or h.ctx is None or h.defenders is None:
            continue
        seat = h.turn
        assert seat is not None
        seen = [f for t in h.tricks for p in t.plays for f in faces(p)]
        if h.burier == seat:
            seen += list(faces(h.kitty))
        pool = [f for s in range(4) for f in faces(h.hands[s].elements())]
        if h.burier != seat:
            pool += list(faces(h.kitty))
        model = BaselineModel(h.ctx, [(t.leader, t.plays) for t in h.tricks],
                              dealer=h.defenders, burier=h.burier)
        out.append((model, seat, packed_indices(seen), len(seen), pool,
                    len(faces(h.hands[seat].elements()))))
    return out


@settings(max_examples=200, deadline=None)
@given(rules=st.sampled_from(SHENGJI_PRESETS), spot=st.integers(0, 10_000),
       deal=st.randoms(use_true_random=False), own_lead=st.booleans())
def test_a_lead_is_explained_exactly_when_the_bot_makes_it(rules: str, spot: int,
                                                           deal: random.Random,
                                                           own_lead: bool) -> None:
    """``BaselineModel.leads_with`` (a sampled deal's check of a lead) asks
    the wanted lead's suit first and the other suits only when that suit's
    best offer is the wanted lead (``BaselineBot.leads_with``): for any hand
    the leader could hold, given what it had seen, and for its own lead or
    another hand's, it says yes exactly when the bot leads it (ties between
    suits go to the earlier one, as the bot's lead breaks them)."""
    spots = _lead_spots(rules)
    model, seat, seen, n_seen, pool, size = spots[spot % len(spots)]
    hand = tuple(sorted(deal.sample(pool, size)))
    other = tuple(sorted(deal.sample(pool, size)))
    fresh = BaselineModel(model.ctx, [(t.leader, t.plays) for t in model.tricks],
                          dealer=model.dealer, burier=model.burier)
    made = fresh.lead_seen(seat, hand, seen, n_seen)
    want = made if own_lead else fresh.lead_seen(seat, other, seen, n_seen)
    check = BaselineModel(model.ctx, [(t.leader, t.plays) for t in model.tricks],
                          dealer=model.dealer, burier=model.burier)
    assert check.leads_with(seat, hand, seen, n_seen, want) == (want == made)
