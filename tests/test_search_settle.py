"""The settled stop of an evaluation (``pimc.Settle``): a hint stops valuing
its plays once the leading play is no worse than every other by more than
a margin at z standard errors of their paired difference.  The stop reads
the deals alone, so it only cuts the same evaluation short: the same deals,
the same values, never a different stream."""

from __future__ import annotations

import functools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.games import SHENGJI_PRESETS
from solver.search import hint as hint_mod
from solver.search.hint import knowledge_of
from solver.search.pimc import Estimate, Settle, evaluate, settled
from solver.search.selfplay import HintPosition, hint_positions


def _estimate(values: list[float]) -> Estimate:
    e = Estimate(play=(len(values),))
    for v in values:
        e.add(v, ("hold", 0))
    return e


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(-40, 40, allow_nan=False), min_size=2, max_size=40),
       st.lists(st.floats(-40, 40, allow_nan=False), min_size=2, max_size=40),
       st.booleans(), st.sampled_from([0.5, 1.0, 2.0]), st.sampled_from([2.0, 3.0]))
def test_settled_is_the_paired_bound_by_hand(a: list[float], b: list[float], maximize: bool,
                                             margin: float, z: float) -> None:
    """Recomputed by hand: the leader by mean (for the side to move), and
    its paired difference to the other play, mean − z·SE > −margin."""
    n = min(len(a), len(b))
    a, b = a[:n], b[:n]
    rule = Settle(z=z, margin=margin, first=1, every=1)
    sign = 1 if maximize else -1
    lead, other = (a, b) if sign * sum(a) >= sign * sum(b) else (b, a)
    d = [sign * (x - y) for x, y in zip(lead, other)]
    mean = sum(d) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in d) / n / n)
    want = mean - z * se > -margin
    if abs(mean - z * se + margin) < 1e-9 or abs(sum(a) - sum(b)) < 1e-9:
        return  # on the boundary, or a tie for the lead: either answer
    assert settled([_estimate(a), _estimate(b)], maximize, rule) is want


def test_a_play_better_on_some_deals_keeps_the_evaluation_going() -> None:
    """Two plays: equal on most deals, the second 30 points better on every
    tenth.  Its mean is 3 points better, over 3 SE of its difference after
    enough deals; at first the noise keeps it open."""
    base = [float(i % 7) for i in range(200)]
    better = [v + (30.0 if i % 10 == 0 else 0.0) for i, v in enumerate(base)]
    rule = Settle(z=3.0, margin=0.5, first=1, every=1)
    # `better` leads; after 200 deals its lead clears the bound (mean 3,
    # SE 0.64), after 20 it does not (SE 2.0); for the other side `base`
    # leads by as much
    assert settled([_estimate(base[:200]), _estimate(better[:200])], True, rule)
    assert not settled([_estimate(base[:20]), _estimate(better[:20])], True, rule)
    assert settled([_estimate(base[:200]), _estimate(better[:200])], False, rule)
    # the same deals, equal plays: nothing to choose, settled at once
    assert settled([_estimate(base[:8]), _estimate(base[:8])], True, rule)


@functools.lru_cache(maxsize=None)
def _positions() -> tuple[HintPosition, ...]:
    out = []
    for i, rules in enumerate(SHENGJI_PRESETS):
        hps = [hp for hp in hint_positions(rules, 9100 + i) if hp.hidden.turn == 0]
        out += [hps[1], hps[len(hps) // 2]]  # an early decision and a mid-hand one
    return tuple(out)


@pytest.mark.parametrize("pick", range(6))
def test_a_settled_evaluation_is_the_full_one_cut_short(pick: int) -> None:
    """The same position and stream with and without the stop: the settled
    run's deals and every live play's values are the first ones of the full
    run, it stopped at a checkpoint where ``settled`` holds, and at the
    checkpoint before (if any) it did not."""
    hp = _positions()[pick]
    k = knowledge_of(hp.hidden, hp.tricks)
    rule = Settle(z=3.0, margin=0.5, first=16, every=8)
    full = evaluate(k, budget=float("inf"), rng=random.Random(7), max_samples=120)
    cut = evaluate(k, budget=float("inf"), rng=random.Random(7), max_samples=120, settle=rule)
    n = cut.samples
    assert n <= full.samples == 120
    assert [h for h, _ in cut.deals] == [h for h, _ in full.deals[:n]]
    by_play = {e.play: e for e in full.estimates}
    live = [e for e in cut.estimates if e.samples == n]
    for e in live:
        assert e.values == by_play[e.play].values[:n]
    if n < 120:
        assert n >= rule.first and (n - rule.first) % rule.every == 0
        assert settled(live, cut.maximize, rule)
    if n > rule.first:
        before = [_estimate(e.values[:n - rule.every]) for e in live]
        assert not settled(before, cut.maximize, rule)


def test_the_hint_stops_when_settled_and_names_its_deals() -> None:
    """A hidden-hand hint with the stop values its plays on fewer deals than
    without it at some of these positions, and says how many it used."""
    stopped = 0
    for hp in _positions():
        h = hint_mod.hint(hp.hidden, tricks=hp.tricks, budget=30.0, deals=200)
        assert h.samples <= 200
        if hint_mod.HINT_SETTLE is not None and h.samples < 200:
            stopped += 1
            s = hint_mod.HINT_SETTLE
            assert (h.samples - s.first) % s.every == 0
    assert stopped >= 1
