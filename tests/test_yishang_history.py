"""Histories (save, replay, corrupt records) and properties of whole games:
52 cards conserved through random games (R-Y-SETUP), games end (R-Y-WIN,
R-Y-STALL), self-play is deterministic."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.cards import Card
from solver.yishang import CHALLENGE, Game, HistoryError
from solver.yishang.bots import BOTS, make_bot, play_game

from solver.yishang.ranks import PACK, RANKS
from tests.yishang_helpers import deal


def _random_game(players: int, seed: int, options: dict[str, object] | None = None,
                 check: bool = True) -> Game:
    """Random legal actions, checking the 52 cards after each one."""
    g = Game(players, seed, options)
    rng = random.Random(seed)
    steps = 0
    while not g.over:
        steps += 1
        assert steps < 20_000, "the game does not end"
        if g.phase == CHALLENGE:
            callers = [q for q in g.responders() if rng.random() < 0.3]
            if callers:
                g.challenge(*callers)
            else:
                g.accept()
        elif g.face_up:
            g.play_up(rng.choice(g.hand(g.turn)))
        else:
            d = rng.choice([None, *RANKS])
            g.play_down(rng.choice(g.hand(g.turn)), d)
        if check:
            assert sum(g.hand_sizes()) + g.pile_size + g.draw_size == 52
            hand_pile = [c for p in range(players) for c in g.hand(p)] + [pc.card for pc in g.pile]
            assert len(set(hand_pile)) == len(hand_pile) and set(hand_pile) <= set(PACK)
    return g


def test_history_round_trip_json() -> None:
    g = _random_game(4, 3)
    data = json.loads(json.dumps(g.to_history()))
    r = Game.from_history(data)
    assert r.state_key() == g.state_key() and r.log == g.log


def test_history_of_custom_deal_round_trip() -> None:
    g = deal(["8S KD", "10H JD", "9S 6S QH"])
    g.play_up(Card.parse("8S"))
    g.play_down(Card.parse("10H"), 10)
    g.challenge(2)
    data = json.loads(json.dumps(g.to_history()))
    assert data["seed"] is None
    assert Game.from_history(data).state_key() == g.state_key()


def test_history_replays_a_game_in_progress() -> None:
    g = Game(3, 9)
    g.play_up(g.hand(g.turn)[0])
    g.play_down(g.hand(g.turn)[0])
    r = Game.from_history(g.to_history())
    assert r.state_key() == g.state_key() and r.phase == CHALLENGE


def test_history_corrupt_card_names_the_record() -> None:
    """The first action plays a card its player was never dealt: the error names that record."""
    g = _random_game(4, 5)
    data = copy.deepcopy(g.to_history())
    d = next(i for i, r in enumerate(data["log"]) if r["op"] == "deal")
    i = d + 1
    rec = data["log"][i]
    hand = data["log"][d]["hands"][rec["player"]].split()
    rec["card"] = next(str(c) for c in PACK if str(c) not in hand)
    with pytest.raises(HistoryError) as err:
        Game.from_history(data)
    assert err.value.index == i and err.value.code == "yishang.error.history"
    assert err.value.params["detail"] == "yishang.error.not_in_hand"


def test_history_altered_outcome_is_a_mismatch() -> None:
    g = _random_game(3, 8)
    data = copy.deepcopy(g.to_history())
    j = next(i for i, r in enumerate(data["log"]) if r["op"] == "challenge")
    data["log"][j]["success"] = not data["log"][j]["success"]
    with pytest.raises(HistoryError) as err:
        Game.from_history(data)
    assert err.value.index == j and err.value.params["detail"] == "mismatch"


def test_history_bad_records() -> None:
    g = _random_game(2, 4)
    base = g.to_history()
    for mutate, detail in (
        (lambda d: d["log"].__setitem__(3, {"op": "fly"}), "malformed"),
        (lambda d: d["log"].__setitem__(3, "x"), "record"),
        (lambda d: d["log"][3].pop("card", None) or d["log"][3].pop("player", None), "malformed"),
    ):
        data = copy.deepcopy(base)
        mutate(data)
        with pytest.raises(HistoryError) as err:
            Game.from_history(data)
        assert err.value.index == 3 and err.value.params["detail"] == detail
    data = copy.deepcopy(base)
    data["log"] = data["log"][:-2]
    assert Game.from_history(data).over is False   # a prefix is a game in progress
    data = copy.deepcopy(base)
    data["seed"] = 5
    with pytest.raises(HistoryError) as err:
        Game.from_history(data)
    assert err.value.index == 0
    with pytest.raises(HistoryError) as err:
        Game.from_history({"players": 9, "seed": 1, "log": []})
    assert err.value.index == -1
    with pytest.raises(HistoryError):
        Game.from_history([1, 2])


@given(seed=st.integers(0, 10**9), players=st.integers(2, 4))
def test_cards_conserved_and_games_end_random_actions(seed: int, players: int) -> None:
    """Hypothesis (R-Y-SETUP): the 52 cards are conserved through random
    games, which end (R-Y-WIN or R-Y-STALL), and replay to the same state."""
    g = _random_game(players, seed)
    assert g.over and g.winners
    if g.end_reason == "win":
        assert len(g.winners) == 1 and g.hand_size(g.winners[0]) == 0
    else:
        limit = g.rules.yishang_max_plays
        assert (g.draw_size == 0 and g.plays >= limit) or g.plays >= g.rules.yishang_stall_hard_factor * limit
    assert Game.from_history(g.to_history()).state_key() == g.state_key()


@given(seed=st.integers(0, 10**9), names=st.lists(st.sampled_from(sorted(BOTS)), min_size=2, max_size=4))
def test_bot_games_end_and_conserve(seed: int, names: list[str]) -> None:
    g = play_game([make_bot(n) for n in names], seed)
    assert g.over
    assert sum(g.hand_sizes()) + g.pile_size + g.draw_size == 52


@given(seed=st.integers(0, 10**6))
def test_small_play_limit_stalls(seed: int) -> None:
    """R-Y-STALL with a small limit: the game ends as soon as the draw pile is empty."""
    g = _random_game(4, seed, {"yishang_max_plays": 5}, check=False)
    assert g.over
    if g.end_reason == "stall":
        low = min(g.hand_sizes())
        assert g.winners == tuple(p for p, s in enumerate(g.hand_sizes()) if s == low)


def test_r_y_stall_cycling_table_with_full_draw_pile_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-Y-STALL interpretation: this table (three callers that call every
    suspicious claim whatever the record, and a bluffer) never draws a card,
    so its draw pile stays full; the game still ends, at twice the play
    limit, with the fewest cards winning."""
    from solver.yishang import bots

    monkeypatch.setattr(bots, "CALLER_MIN_BLUFF_RATE", 0.0)
    g = play_game([make_bot(n) for n in ("caller", "caller", "bluffer", "caller")], 515849280)
    assert g.over and g.end_reason == "stall" and g.draw_size > 0
    assert g.plays == g.rules.yishang_stall_hard_factor * g.rules.yishang_max_plays
    low = min(g.hand_sizes())
    assert g.winners == tuple(p for p, s in enumerate(g.hand_sizes()) if s == low)


def test_selfplay_deterministic() -> None:
    a = play_game([make_bot(n) for n in ("hint", "honest", "bluffer", "random")], 42)
    b = play_game([make_bot(n) for n in ("hint", "honest", "bluffer", "random")], 42)
    assert a.log == b.log
