"""Differential: the CP-SAT models (solver.cpsat) and the fast generator /
checkers (solver.generator, solver.follow, solver.throws) agree on every
verdict: legal? (R-FOLLOW 1-4, R-W-FOLLOW), the count of legal follows,
forced and always (R-FORCED), throw adjudication (R-THROW-ADJ, R-THROW-FAIL)
and throw safety (R-THROW-SAFE).

Default run: 200 seeded positions per preset.  ``-m slow``: 10,000 per preset
(all levels and trumps including no trump, leads of every type including
throws and trump leads, hands of 1-33 cards).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import cpsat
from solver.games import SHENGJI_PRESETS
from solver.cards import parse_cards
from tests.legal_gen import PRESETS, context, disagreements, positions, random_position

SEEDS = {name: 101 * (i + 1) for i, name in enumerate(SHENGJI_PRESETS)}


def _run(name: str, count: int, seed_offset: int = 0) -> None:
    rng = random.Random(SEEDS[name] + seed_offset)
    bad: list[str] = []
    for pos in positions(SEEDS[name] + seed_offset, name, count):
        bad.extend(disagreements(rng, pos))
    assert not bad, "\n".join(bad[:10])


@pytest.mark.parametrize("name", PRESETS)
def test_cpsat_and_generator_agree_fast_subset(name):
    """R-FOLLOW / R-FORCED / R-THROW-*: 200 positions per preset."""
    _run(name, 200)


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_cpsat_and_generator_agree_10000(name):
    """The full differential run: 10,000 positions per preset."""
    _run(name, 10_000, seed_offset=7)


@settings(max_examples=40)
@given(seed=st.integers(0, 10**9), name=st.sampled_from(PRESETS))
def test_cpsat_agrees_property(seed, name):
    """Hypothesis: random positions, CP-SAT and the generator agree (legal?, forced?, count, always)."""
    rng = random.Random(seed)
    pos = random_position(rng, name)
    assert disagreements(rng, pos) == []


def test_cpsat_optimum_components_contract_example():
    """R-FOLLOW 1-2 as optimizations: 10H10H led, 9H9H held → 2 suit cards, 1 pair."""
    ctx = context("henan", 2, "S")
    P = parse_cards
    assert cpsat.follow_optimum(ctx, P("10H 10H"), P("9H 9H 3H 4D 5S"))[:2] == (2, 1)
    assert not cpsat.follow_is_legal(ctx, P("10H 10H"), P("9H 9H 3H 4D 5S"), P("3H 9H"))
    assert cpsat.follow_is_legal(ctx, P("10H 10H"), P("9H 9H 3H 4D 5S"), P("9H 9H"))


def test_cpsat_rule4_highest_trumps_seed004():
    """R-W-FOLLOW by CP-SAT: no trump pair → the highest trumps; equal ones interchangeable."""
    ctx = context("wusaner", 14, "H")
    P = parse_cards
    res = cpsat.follow_count(ctx, P("BJ BJ"), P("SJ 5D 3C 9H 4S 6S"))
    assert res.forced and [str(c) for c in res.always] == ["SJ", "5D"]
    assert cpsat.follow_count(ctx, P("KH KH"), P("5D 5C 5S 9H 4S")).count == 3
