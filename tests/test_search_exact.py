"""Exact search (issue 6): alpha-beta with table, equivalence and ordering
equals plain minimax; playing its best moves achieves the value
(R-TRICK-POINTS, R-KITTY, R-FOLLOW, R-THROW-ADJ through the generator)."""

from __future__ import annotations

import random

import pytest

from solver.games import SHENGJI_PRESETS
from solver.search import CachedMoves, Solver, State, Table, minimax
from solver.search.endgames import random_endgame
from solver.scoring import level_outcome


def _check_one(rng: random.Random, cards: int, rules: str | None = None) -> None:
    eg = random_endgame(rng, cards, rules=rules)
    table, moves = Table(eg.ctx), CachedMoves(eg.ctx)
    st = eg.state
    ref = minimax(st, table, moves)
    solver = Solver(table, moves, dealer=st.dealer, kitty_points=st.kitty_points)
    assert solver.value(st) == ref
    # A fresh solver (empty table) agrees, and so does best().
    fresh = Solver(table, moves, dealer=st.dealer, kitty_points=st.kitty_points)
    play, v = fresh.best(st)
    assert v == ref
    # Playing the best move achieves the value, down to the end of the hand.
    cur = st
    while not cur.over:
        play, v = solver.best(cur)
        assert v == ref
        cur = solver.after(cur, play)
    assert cur.points == ref


def test_search_equals_minimax_small_endgames_all_presets() -> None:
    """Differential test (fast subset): ≤ 3 cards per hand, every preset."""
    rng = random.Random(6)
    for i in range(45):
        _check_one(rng, 1 + i % 3, SHENGJI_PRESETS[i % 3])


@pytest.mark.slow
def test_search_equals_minimax_500_endgames() -> None:
    """Differential test (full): 500 random endgames, ≤ 3 cards per hand, all presets."""
    rng = random.Random(2026)
    for i in range(500):
        _check_one(rng, 1 + i % 3, SHENGJI_PRESETS[i % 3])


def test_analyse_values_match_minimax_after_each_play() -> None:
    rng = random.Random(11)
    for _ in range(10):
        eg = random_endgame(rng, 3)
        table, moves = Table(eg.ctx), CachedMoves(eg.ctx)
        st = eg.state
        solver = Solver(table, moves, dealer=st.dealer, kitty_points=st.kitty_points)
        for play, v in solver.analyse(st):
            assert v == minimax(solver.after(st, play), table, moves)


def test_zero_window_brackets_agree_with_value() -> None:
    """R-LEVELS brackets from zero-window searches equal those of the exact value."""
    rng = random.Random(12)
    for _ in range(20):
        eg = random_endgame(rng, 3)
        table, moves = Table(eg.ctx), CachedMoves(eg.ctx)
        st = eg.state
        solver = Solver(table, moves, dealer=st.dealer, kitty_points=st.kitty_points)
        v = solver.value(st)
        for t in (40, 80, 120):
            fresh = Solver(table, moves, dealer=st.dealer, kitty_points=st.kitty_points)
            assert fresh.at_least(st, t) == (v >= t)
        fresh = Solver(table, moves, dealer=st.dealer, kitty_points=st.kitty_points)
        thresholds = [5, 40, 80, 120, 160, 200]
        assert fresh.bracket(st, thresholds) == sum(1 for t in thresholds if v >= t)
        assert level_outcome(eg.ctx.rules, v)[0] in ("dealers_up", "swap", "attackers_up")


def test_kitty_bonus_counts_when_attackers_win_last_trick() -> None:
    """R-KITTY: one card each, attacker seat 1 wins with BJ; kitty 5+10 doubled."""
    from solver.rules import preset
    from solver.search import faces
    from solver.trump import TrumpContext

    ctx = TrumpContext(preset("henan"), 2, "S")
    hands = (faces("3H"), faces("BJ"), faces("4H"), faces("5H"))
    st = State(hands, leader=0, points=40, dealer=0, kitty_points=15)
    solver = Solver(Table(ctx), CachedMoves(ctx), dealer=0, kitty_points=15)
    assert solver.value(st) == 40 + 5 + 15 * 2
    st2 = State(hands, leader=0, points=40, dealer=1, kitty_points=15)
    solver2 = Solver(Table(ctx), CachedMoves(ctx), dealer=1, kitty_points=15)
    assert solver2.value(st2) == 40


def test_equivalent_cards_share_a_class() -> None:
    """♥9 and ♥8 held once with nothing between them elsewhere are one class;
    ♥7 with the other ♥7 outstanding is not."""
    from solver.rules import preset
    from solver.search import equivalence_classes, faces
    from solver.trump import TrumpContext

    ctx = TrumpContext(preset("henan"), 2, "S")
    table = Table(ctx)
    hands = (faces("9H 8H 7H"), faces("7H AH"), faces("3H"), faces("4C"))
    cls = equivalence_classes(table, hands, 0)
    h9, h8, h7 = faces("9H")[0], faces("8H")[0], faces("7H")[0]
    assert cls[h9] == cls[h8]
    assert h7 not in cls
