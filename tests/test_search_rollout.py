"""Rollouts (issue 18): a sampled deal played out by four baseline bots.

A rollout from a position of a real hand of four baseline bots, given that
hand's real cards, must replay the rest of the hand exactly: the same
tricks, and the attackers' total the hand scored (R-LEVELS input, the kitty
bonus of R-KITTY included)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.bots import BaselineBot
from solver.game.hand import Hand, Phase
from solver.game.runner import step
from solver.games import SHENGJI_PRESETS
from solver.search.model import Hands, Play, Table, faces
from solver.search.rollout import Rollout, rollout_values
from solver.search.selfplay import seeded_hand


def _snapshot(h: Hand) -> tuple[Rollout, Hands, Play, int, tuple[Play, ...], int]:
    assert h.ctx is not None and h.leader is not None and h.dealer is not None
    roll = Rollout(h.ctx, Table(h.ctx), [(t.leader, t.plays) for t in h.tricks],
                   dealer=h.dealer, burier=h.burier)
    hs = tuple(faces(h.hand_of(s)) for s in range(4))
    return (roll, (hs[0], hs[1], hs[2], hs[3]), faces(h.kitty), h.leader,
            tuple(faces(p) for p in h.current), h.attacker_points)


def _play_from(rules: str, seed: int, at: int) -> tuple[Hand, tuple[object, ...] | None]:
    """The seeded hand played by four baseline bots, and a snapshot before
    its ``at``-th card play (None if the hand has fewer or is redealt)."""
    h = seeded_hand(rules, seed)
    bots = [BaselineBot() for _ in range(4)]
    n = 0
    snap = None
    while h.phase not in (Phase.DONE, Phase.REDEAL):
        if h.phase == Phase.PLAY and h.turn is not None:
            if n == at:
                snap = _snapshot(h)
            n += 1
        step(h, bots)  # type: ignore[arg-type]
    return h, snap


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SHENGJI_PRESETS), st.integers(0, 10_000), st.integers(0, 99))
def test_rollout_replays_four_baseline_bots(rules: str, seed: int, at: int) -> None:
    """From any card play of a real hand (a lead or mid-trick), the rollout
    on the real cards ends with the total four baseline bots scored."""
    h, snap = _play_from(rules, seed, at)
    if snap is None or h.result is None:
        return
    roll, hands, kitty, leader, trick, points = snap
    assert isinstance(roll, Rollout)
    got = roll.play_out(hands, kitty, leader, trick, points)  # type: ignore[arg-type]
    assert got == h.result.total


def test_rollout_values_are_the_play_outs_of_each_play() -> None:
    """``rollout_values`` of the lead the bot made on the real deal is the
    hand's real total; values are deterministic (the same on a second call)."""
    checked = 0
    for seed in range(6):
        rules = SHENGJI_PRESETS[seed % 3]
        for at in (0, 8, 40):
            h, snap = _play_from(rules, seed, at)
            if snap is None or h.result is None:
                continue
            roll, hands, kitty, leader, trick, points = snap
            assert isinstance(roll, Rollout) and not trick
            assert isinstance(hands, tuple) and isinstance(leader, int)
            first = h.tricks[len(roll.tricks)]
            made = faces(first.plays[0])
            other = tuple(sorted(hands[leader]))[:1]
            deals = [(hands, kitty)]
            vals = rollout_values(roll, deals, leader, leader, (), points,  # type: ignore[arg-type]
                                  [made, other])
            assert vals[made] == h.result.total
            again = rollout_values(roll, deals, leader, leader, (), points,  # type: ignore[arg-type]
                                   [other, made])
            assert again == vals
            checked += 1
    assert checked >= 12


@pytest.mark.parametrize("deals", [0, 5])
def test_search_bots_with_rollouts_are_deterministic(deals: int) -> None:
    """With rollouts for leads (on the search's deals, or on ``deals`` of
    their own) the bots still play whole legal hands (the hand verifies
    every play) and repeat themselves for a seed."""
    import random

    from solver.cards import deck
    from solver.game.runner import run_hand
    from solver.rules import preset
    from solver.search import bots as sb

    def play() -> list[object]:
        cards = deck()
        random.Random(7).shuffle(cards)
        h = Hand.later(preset("henan"), cards, 1)
        run_hand(h, [sb.SearchBot(1, 3), BaselineBot(), sb.SearchBot(1, 3), BaselineBot()],
                 check=True)
        return [t.plays for t in h.tricks]

    old = sb.ROLLOUT_CARDS, sb.ROLLOUT_DEALS
    sb.ROLLOUT_CARDS, sb.ROLLOUT_DEALS = 1, deals
    try:
        a, b = play(), play()
    finally:
        sb.ROLLOUT_CARDS, sb.ROLLOUT_DEALS = old
    assert a == b and a
