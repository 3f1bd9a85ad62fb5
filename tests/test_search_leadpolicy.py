"""The fitted model of the search bot's leads (issue 18, item 3;
:mod:`solver.search.leadpolicy`): its candidate leads are leads of the hand,
its chances are a distribution over them, and the fit's count follows them."""

from __future__ import annotations

import functools
import json
import math
from collections import Counter
from importlib import resources

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.bots.baseline import BaselineBot, _held
from solver.cards import FACES, Card
from solver.game.runner import run_hand
from solver.game.view import SeatView
from solver.games import SHENGJI_PRESETS
from solver.search.leadpolicy import FEATURES, candidates, lead_cost, log_chance, weights
from solver.search.selfplay import seeded_hand
from solver.trump import TrumpContext

Cands = list[tuple[tuple[int, ...], list[float]]]


class _Lister(BaselineBot):
    """A baseline bot that lists the model's candidates at each of its leads."""

    def __init__(self, got: list[tuple[TrumpContext, list[Card], list[Card], Cands]]) -> None:
        super().__init__()
        self.got = got

    def lead(self, view: SeatView) -> list[Card]:
        out = super().lead(view)
        ctx = view.ctx
        assert ctx is not None
        held = _held(view)
        cands = candidates(ctx, held, self._lead_facts(view, ctx, held), out)
        self.got.append((ctx, list(view.cards), out, cands))
        return out


@functools.lru_cache(maxsize=None)
def _leads() -> tuple[tuple[TrumpContext, list[Card], list[Card], Cands], ...]:
    got: list[tuple[TrumpContext, list[Card], list[Card], Cands]] = []
    for i, rules in enumerate(SHENGJI_PRESETS):
        for seed in (7100 + i, 7103 + i):
            run_hand(seeded_hand(rules, seed), [_Lister(got) for _ in range(4)])
    return tuple(got)


def test_the_candidates_are_leads_of_the_hand() -> None:
    """Every candidate is cards the leader holds, all of one effective suit
    (R-LEAD: a lead is of one suit), no candidate twice; every card held is
    a candidate alone, every pair held is one; each has a value for every
    feature."""
    leads = _leads()
    assert len(leads) > 60
    for ctx, hand, _base, cands in leads:
        held = Counter(c.index for c in hand)
        keys = [k for k, _ in cands]
        assert len(set(keys)) == len(keys)
        for key, x in cands:
            assert not Counter(key) - held
            assert len({ctx.suit_of(FACES[i]) for i in key}) == 1
            assert len(x) == len(FEATURES)
        assert {(i,) for i in held} <= set(keys)
        assert {(i, i) for i, n in held.items() if n == 2} <= set(keys)


def test_the_baselines_lead_is_marked_once() -> None:
    """The baseline's own lead (a throw included, R-THROW) is a candidate,
    the only one whose ``baseline`` feature is set."""
    at = FEATURES.index("baseline")
    throws = 0
    for _ctx, _hand, base, cands in _leads():
        want = tuple(sorted(c.index for c in base))
        marked = [k for k, x in cands if x[at]]
        assert marked == [want]
        throws += len(base) >= 3
    assert throws  # the throw path is exercised too


def test_the_shipped_weights_name_every_feature_and_favour_the_baselines_lead() -> None:
    """``lead_policy.json`` holds one weight per feature; the search keeps the
    baseline's lead in about two leads of three (docs/SEARCH.md), so that
    lead's chance is above the average candidate's in most positions."""
    text = resources.files("solver.search").joinpath("lead_policy.json").read_text("utf-8")
    assert set(json.loads(text)["weights"]) == set(FEATURES)
    above = 0
    leads = _leads()
    for _ctx, _hand, base, cands in leads:
        lp = log_chance(cands, tuple(sorted(c.index for c in base)))
        assert lp is not None and lp <= 0
        above += lp > -math.log(len(cands))
    assert above > 0.8 * len(leads)


@settings(max_examples=50, deadline=None)
@given(pick=st.integers(0, 10_000),
       w=st.lists(st.floats(-5, 5, allow_nan=False), min_size=len(FEATURES),
                  max_size=len(FEATURES)),
       scale=st.floats(0.25, 4), cap=st.integers(1, 6))
def test_the_chances_are_a_distribution_and_the_cost_follows_them(
        pick: int, w: list[float], scale: float, cap: int) -> None:
    """Over any weights the chances of a hand's candidates add up to 1; the
    fit's count is the whole units of ``-log P`` (at most ``cap``), and a
    lead the model does not list counts ``cap``."""
    leads = _leads()
    _ctx, _hand, _base, cands = leads[pick % len(leads)]
    chances = [math.exp(lp) for k, _ in cands
               if (lp := log_chance(cands, k, w)) is not None]
    assert math.isclose(sum(chances), 1.0, rel_tol=1e-9)
    assert log_chance(cands, (999,), w) is None
    assert lead_cost(cands, (999,), scale, cap) == cap
    for key, _ in cands:
        lp = log_chance(cands, key)
        assert lp is not None
        assert lead_cost(cands, key, scale, cap) == min(cap, int(-lp / scale))


def test_the_shipped_weights_are_cached() -> None:
    assert weights() is weights()
    assert len(weights()) == len(FEATURES)
