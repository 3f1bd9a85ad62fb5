"""In-process callers use typed solver APIs: a live hand gives the position
a seat sees (SeatView.position) and the hint engine takes it directly; the
JSON door (checks.answer, for the CLI and data files) answers the same."""

from __future__ import annotations

import random

import pytest

from checks import answer
from solver.bots import BaselineBot
from solver.cards import deck, format_cards, parse_cards
from solver.game.errors import GameError
from solver.game.hand import Hand, Phase
from solver.game.runner import step
from solver.game.view import SeatView
from solver.games import SHENGJI_PRESETS
from solver.position import Position
from solver.rules import preset
from solver.search.hint import hint


@pytest.mark.parametrize("name", SHENGJI_PRESETS)
def test_seat_view_position_and_the_json_door_agree(name: str) -> None:
    cards = deck()
    random.Random(len(name)).shuffle(cards)
    h = Hand.later(preset(name), cards, 1)
    bots = [BaselineBot() for _ in range(4)]
    with pytest.raises(GameError):
        SeatView(h, 0).position()          # no position before the play phase
    while not (h.phase == Phase.PLAY and len(h.tricks) >= 4 and h.current):
        step(h, bots)
    seat = h.turn
    assert seat is not None
    view = SeatView(h, seat)
    pos = view.position()
    assert pos.viewer == seat and pos.turn == seat
    assert sum(h is None for h in pos.hands) == 3
    data = pos.to_json()
    data["tricks"] = [{"leader": leader, "plays": [format_cards(p) for p in plays]}
                      for leader, plays in view.trick_history()]
    # the JSON door reads back the same position (hints are timed, so the
    # plays are compared for legality, not equality)
    assert Position.from_json(data).to_json() == pos.to_json()
    best = hint(pos, budget=0.2, seed=1, tricks=view.trick_history()).best
    resp = answer({"kind": "hint", "budget": "0.2", "seed": 1, "position": data})
    assert "error" not in resp, resp
    assert h.can_play(seat, best) and h.can_play(seat, parse_cards(resp["best"]))
