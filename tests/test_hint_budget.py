"""Hint budgets are honoured for exact endgames too (issue 19): when the
exact search misses its share of the budget, the hint deepens trick by
trick and answers the deepest finished search, flagged not exact; with
time enough the same endgame is solved exactly.  (How fast is measured in
bench/bench_reliability.py, not here.)"""

from __future__ import annotations

import random

from solver.position import Position
from solver.games import SHENGJI_PRESETS
from solver.search import CachedMoves, Table
from solver.search.alphabeta import Solver
from solver.search.endgames import random_endgame
from solver.search.hint import _depth_value, hint
from solver.search.model import cards_of, faces


def _endgames(n: int, cards: int, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    for i in range(n):
        eg = random_endgame(rng, cards, rules=SHENGJI_PRESETS[i % 3], mid_trick=False)
        st = eg.state
        pos = Position(eg.ctx, [cards_of(h) for h in st.hands], dealer=st.dealer,
                       leader=st.leader, trick=[cards_of(p) for p in st.trick],
                       attacker_points=st.points, kitty=cards_of(eg.kitty))
        yield eg, pos


def test_a_cut_short_exact_search_answers_a_legal_play_not_flagged_exact():
    """Budget 1 ms on six-card endgames (R-FOLLOW: the answer is a legal play)."""
    for eg, pos in _endgames(6, 6, 11):
        h = hint(pos, budget=0.001)
        assert not h.exact
        legal = {faces(p) for p in pos.legal_plays()}
        assert faces(h.best) in legal
        assert {faces(p) for p, _v in h.alternatives} <= legal
        assert h.alternatives[0][1] == h.value
        assert h.reasons  # still explained


def test_full_depth_deepening_equals_the_exact_value():
    """Searched to the end of the hand, the deepening search is the exact
    alpha-beta value (two-card endgames: cheap to check)."""
    for eg, _pos in _endgames(12, 2, 5):
        st = eg.state
        s = Solver(Table(eg.ctx), CachedMoves(eg.ctx), dealer=st.dealer,
                   kitty_points=st.kitty_points)
        assert _depth_value(s, st, 3, -float("inf"), float("inf"), None) == s.value(st)


def test_with_time_enough_the_endgame_is_exact():
    for _eg, pos in _endgames(3, 3, 2):
        assert hint(pos, budget=5.0).exact
