"""Edited histories: any value replaced by junk, or any field deleted, is
either still a consistent hand or refused with a SolverError (never another
exception, so the CLI never shows a traceback)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from solver.bots import BaselineBot
from solver.errors import SolverError
from solver.games import SHENGJI_PRESETS
from solver.game.match import Match
from solver.game.runner import play_match_hands
from solver.history import hand_to_dict, replay
from solver.rules import preset

JUNK: list[Any] = [None, -1, 0, 1, 3, 99, "x", "", "2H", "BJ BJ BJ", [], {}, [1], 1.5, True, "NT", "A"]


def _paths(o: Any, p: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield p
    if isinstance(o, dict):
        for k, v in o.items():
            yield from _paths(v, p + (k,))
    elif isinstance(o, list):
        for i, v in enumerate(o[:5]):
            yield from _paths(v, p + (i,))


@pytest.mark.parametrize("rules_name", SHENGJI_PRESETS)
def test_mutated_histories_never_crash(rules_name: str) -> None:
    m = Match(preset(rules_name), seed=2)
    base = next(hand_to_dict(h) for h in play_match_hands(m, [BaselineBot() for _ in range(4)], 1))
    text = json.dumps(base)
    rng = random.Random(rules_name)
    paths = list(_paths(base))[1:]
    refused = 0
    for _ in range(150):
        d = json.loads(text)
        p = rng.choice(paths)
        o = d
        for k in p[:-1]:
            o = o[k]
        if isinstance(o, dict) and rng.random() < 0.2:
            del o[p[-1]]
        else:
            o[p[-1]] = rng.choice(JUNK)
        try:
            replay(d)
        except SolverError:
            refused += 1
    assert refused > 75
