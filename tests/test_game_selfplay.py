"""Self-play properties of whole hands (all presets, random seeds): cards are
conserved at every step, every follow is legal for the CP-SAT authority,
points in tricks plus the kitty make 200, a hand ends exactly when the hands
are empty, levels move per R-LEVELS; histories replay to the same state."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.bots import BaselineBot
from solver.cards import points
from solver.cpsat import follow_is_legal, throw_is_safe, throw_stands
from solver.games import SHENGJI_PRESETS
from solver.game.hand import Hand, Phase
from solver.game.match import Match
from solver.game.runner import play_match_hands, run_hand
from solver.history import hand_to_dict, replay
from solver.rules import preset
from solver.scoring import ATTACKERS_UP, DEALERS_UP, level_outcome
from solver.units import INVALID, THROW, classify

PRESETS = SHENGJI_PRESETS
BOTS = [BaselineBot() for _ in range(4)]


def check_hand(hand: Hand, *, cpsat: bool) -> None:
    """The invariants of one finished hand."""
    assert hand.phase == Phase.DONE and hand.result is not None
    ctx = hand.ctx
    assert ctx is not None
    hands = [list(h) for h in hand.start_hands]
    assert all(len(h) == hand.rules.hand_size for h in hands)
    trick_points = 0
    for i, t in enumerate(hand.tricks):
        assert any(hands), "a trick was played with empty hands"
        lead = t.plays[0]
        kind = classify(ctx, lead).type
        assert kind != INVALID  # R-LEAD
        if kind == THROW and cpsat:
            others = [hands[s] for s in range(4) if s != t.leader]
            assert throw_stands(ctx, lead, others).ok  # R-THROW-ADJ
            seen = [c for u in hand.tricks[:i] for p in u.plays for c in p]
            if hand.burier == t.leader:
                seen += hand.kitty
            assert throw_is_safe(ctx, lead, hands[t.leader], seen).ok  # bots throw safely
        for k, play in enumerate(t.plays):
            seat = (t.leader + k) % 4
            if k and cpsat:
                assert follow_is_legal(ctx, lead, hands[seat], play), (i, seat, play)
            for c in play:
                hands[seat].remove(c)
        trick_points += points(c for p in t.plays for c in p)
        # R-TRICK-POINTS / end of hand: the hand ends exactly when hands are empty
        assert (not any(hands)) == (i == len(hand.tricks) - 1)
    assert trick_points + points(hand.kitty) == 200  # R-POINTS
    res = hand.result
    attackers = sum(t.points for t in hand.tricks if hand.is_attacker(t.winner))
    assert res.attacker_points == attackers


@pytest.mark.parametrize("rules_name", PRESETS)
@settings(max_examples=4)
@given(seed=st.integers(0, 10**9))
def test_selfplay_invariants_with_cpsat(rules_name: str, seed: int) -> None:
    """Conservation at every step; every follow legal per solver/cpsat.py."""
    m = Match(preset(rules_name), seed=seed)
    for hand in play_match_hands(m, BOTS, 1, check=True):
        check_hand(hand, cpsat=True)


@pytest.mark.parametrize("rules_name", PRESETS)
@settings(max_examples=6)
@given(seed=st.integers(0, 10**9))
def test_levels_move_per_r_levels(rules_name: str, seed: int) -> None:
    """R-LEVELS/R-MATCH over a few hands of a match: the right team moves by the table."""
    m = Match(preset(rules_name), seed=seed)
    for _ in range(4):
        if m.finished:
            break
        before = m.state.levels
        hands = list(play_match_hands(m, BOTS, 1))
        if not hands:
            break
        res = hands[0].result
        assert res is not None
        check_hand(hands[0], cpsat=False)
        outcome, gained = level_outcome(m.rules, res.total)
        assert (res.outcome, res.levels) == (outcome, gained)
        d, a = res.defenders, res.attackers
        last = len(m.rules.level_sequence) - 1
        if m.finished:
            continue
        if outcome == DEALERS_UP:
            assert m.state.levels[d] == min(before[d] + gained, last) or m.rules.wusaner_cycle
            assert m.state.levels[a] == before[a] and m.state.dealer_team == d
        else:
            up = gained if outcome == ATTACKERS_UP else 0
            assert m.state.levels[a] == min(before[a] + up, last)
            assert m.state.levels[d] == before[d] and m.state.dealer_team == a


@pytest.mark.parametrize("rules_name", PRESETS)
def test_selfplay_is_deterministic_for_a_seed(rules_name: str) -> None:
    def run() -> list[str]:
        m = Match(preset(rules_name), seed=42)
        return [json.dumps(hand_to_dict(h)) for h in play_match_hands(m, BOTS, 2)]

    assert run() == run()


@pytest.mark.parametrize("rules_name", PRESETS)
def test_history_replays_to_the_same_final_state(rules_name: str) -> None:
    """A saved history (JSON) replays to the same final state, with and
    without its operation log; the replay steps forward and back."""
    m = Match(preset(rules_name), seed=7)
    for hand in play_match_hands(m, BOTS, 2):
        d = json.loads(json.dumps(hand_to_dict(hand)))
        r = replay(d)
        assert r.hand.log == hand.log and r.hand.result == hand.result
        assert [h for h in r.hand.hands] == [h for h in hand.hands]
        bare = {k: v for k, v in d.items() if k not in ("log", "deck", "setup")}
        r2 = replay(bare)
        assert r2.hand.result is not None and hand.result is not None
        assert (r2.hand.result.total, r2.hand.result.outcome) == (hand.result.total,
                                                                  hand.result.outcome)
        assert r.index == 0 and r.frame.index == 0
        r.forward(); r.forward()
        assert r.frame.index == 2 and len(r.frame.tricks) == 2
        r.back()
        assert r.frame.index == 1
        r.seek(10**6)
        assert r.at_end and not any(r.frame.hands)


def test_hand_from_a_given_deck_replays_identically() -> None:
    """Determinism: the same deck and bots give the same operation log."""
    m = Match(preset("henan"), seed=3)
    h1 = m.new_hand()
    h2 = Hand(h1.setup, h1.deck)
    run_hand(h1, BOTS)
    run_hand(h2, BOTS)
    assert h1.log == h2.log


@pytest.mark.slow
@pytest.mark.parametrize("rules_name", PRESETS)
def test_ten_thousand_hands(rules_name: str) -> None:
    """10,000 hands per preset with baseline bots and no exception (slow)."""
    done = 0
    k = 0
    while done < 10_000:
        m = Match(preset(rules_name), seed=k)
        for hand in play_match_hands(m, BOTS, 10_000 - done):
            assert hand.result is not None
            assert sum(t.points for t in hand.tricks) + points(hand.kitty) == 200
            done += 1
        k += 1
