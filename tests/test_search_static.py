"""The fitted estimate of the points still to come (issue 6,
``solver/search/static.py``) and the data it is fitted on
(``tools/fit_static.py``): the runtime estimate equals the fitted model on
the same features, it moves the right way when a strong card changes
sides, and the recorded targets are the attackers' real points."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.games import SHENGJI_PRESETS
from solver.cards import deck
from solver.rules import preset
from solver.search.model import POINTS, Table, faces
from solver.search.pimc import Static
from solver.search.static import FEATURES, Learned, Params, feature_row, params_for
from solver.trump import TrumpContext
from tools.fit_static import play


def _deal(seed: int, per: int = 25) -> tuple[tuple[int, ...], ...]:
    pack = deck()
    random.Random(seed).shuffle(pack)
    return tuple(faces(pack[i * per:(i + 1) * per]) for i in range(4))


def test_every_preset_has_weights_and_others_fall_back() -> None:
    for name in SHENGJI_PRESETS:
        p = params_for(name)
        assert len(p.weights) == len(FEATURES)
        assert p.weights[FEATURES.index("p2")] == 0.0  # the reference category
    assert params_for("house-rules") == params_for("default")


@settings(max_examples=40)
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(SHENGJI_PRESETS),
       dealer=st.integers(0, 3), leader=st.integers(0, 3))
def test_runtime_estimate_is_the_fitted_model(seed: int, rules: str, dealer: int,
                                              leader: int) -> None:
    """Learned.rest at the root computes exactly the model the fit uses
    (features from feature_row, logistic share, points left, own points)."""
    table = Table(TrumpContext(preset(rules), 2, "H"))
    hands = _deal(seed)
    x, left, diff = feature_row(table, hands, dealer, leader)  # type: ignore[arg-type]
    p = params_for(rules)
    share = 1 / (1 + math.exp(-sum(a * b for a, b in zip(x, p.weights, strict=True))))
    want = share * left + p.own * diff + p.kitty * 20 * share * share
    got = Learned(table, hands, dealer, 20).rest(leader, [])  # type: ignore[arg-type]
    assert got == pytest.approx(want)
    assert left == sum(POINTS[f] for h in hands for f in h)


def test_a_big_trump_is_worth_points_to_its_side() -> None:
    """Moving the big joker from a dealer to an attacker (for the attacker's
    lowest plain card) raises the attackers' estimate, in both estimates."""
    table = Table(TrumpContext(preset("henan"), 2, "H"))
    big = faces("BJ")[0]
    for seed in range(30):
        hands = [list(h) for h in _deal(seed)]
        holder = next((s for s in (0, 2) if big in hands[s]), None)
        if holder is None:
            continue
        low = min((f for f in hands[1] if table.suit[f] != 0 and POINTS[f] == 0),
                  key=lambda f: table.pos[f])
        before = tuple(tuple(sorted(h)) for h in hands)
        hands[holder].remove(big)
        hands[holder].append(low)
        hands[1].remove(low)
        hands[1].append(big)
        after = tuple(tuple(sorted(h)) for h in hands)
        for est in (Learned, Static):
            assert est(table, after, 0, 0).rest(0, []) > est(table, before, 0, 0).rest(0, [])


def test_leaf_subtracts_the_cards_played() -> None:
    """With every weight zero the share is one half, so the estimate is half
    the points left: a leaf must take the played cards' points off."""
    table = Table(TrumpContext(preset("tractor"), 2, "S"))
    hands = _deal(4)
    flat = Params((0.0,) * len(FEATURES), own=0.0, kitty=0.0)
    est = Learned(table, hands, 0, 0, flat)  # type: ignore[arg-type]
    pts = [next(f for f in h if POINTS[f] > 0) for h in hands]
    played = [(s, (pts[s],)) for s in range(4)]
    left = sum(POINTS[f] for h in hands for f in h)
    assert est.rest(1, []) == pytest.approx(left / 2)
    assert est.rest(1, played) == pytest.approx((left - sum(POINTS[f] for f in pts)) / 2)


@pytest.mark.parametrize("rules,seed", [("henan", 1), ("tractor", 2), ("wusaner", 3)])
def test_fit_rows_record_the_attackers_real_points(rules: str, seed: int) -> None:
    """Each trick boundary's target is what the attackers went on to win
    from there: it never grows, and is a multiple of 5."""
    rows = play((rules, seed))
    if not rows:
        pytest.skip("a redeal or a failed throw")
    sizes = [len(r[3][0]) for r in rows]
    targets = [r[7] for r in rows]
    assert sizes == sorted(sizes, reverse=True) and min(sizes) >= 3
    assert targets == sorted(targets, reverse=True)
    assert all(t >= 0 and t % 5 == 0 for t in targets)
    for r in rows:
        assert sum(len(h) for h in r[3]) == 4 * len(r[3][0])
