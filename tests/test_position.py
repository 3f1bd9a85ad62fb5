"""solver.position: the CONTRACT.md Position, legal plays, push/pop (R-FOLLOW,
R-LEAD, R-THROW-ADJ, R-THROW-FAIL, R-TRICK-POINTS)."""

from __future__ import annotations

import random

import pytest

from solver.cards import deck, format_cards, parse_cards
from solver.errors import IllegalPlayError, InvalidCardsError, SolverError
from solver.position import Position
from solver.rules import preset

P = parse_cards


def _deal(seed: int, rules: str = "henan", trump: str | None = "S", level: str = "2") -> dict:
    rng = random.Random(seed)
    pack = deck()
    rng.shuffle(pack)
    size = preset(rules).hand_size
    hands = [format_cards(pack[i * size:(i + 1) * size]) for i in range(4)]
    return {"rules": rules, "level": level, "trump": trump or "NT", "options": {},
            "hands": hands, "dealer": 0, "leader": 0, "trick": [], "attacker_points": 0,
            "kitty": format_cards(pack[4 * size:]), "played": ""}


def test_json_round_trip():
    data = _deal(1)
    pos = Position.from_json(data)
    again = Position.from_json(pos.to_json())
    assert again.to_json() == pos.to_json()
    assert pos.turn == 0


@pytest.mark.parametrize("rules,trump,level", [("henan", "S", "2"), ("wusaner", "H", "A"),
                                               ("tractor", "NT", "7")])
def test_random_playout_push_pop(rules, trump, level):
    """Play a whole hand with random legal plays; every generated play is legal
    (R-FOLLOW/R-LEAD); points only go to the attackers; pop restores the start."""
    pos = Position.from_json(_deal(7, rules, trump, level))
    start = pos.to_json()
    rng = random.Random(3)
    pushes = 0
    while not pos.is_over():
        plays = list(pos.legal_plays())
        assert plays
        play = rng.choice(plays)
        assert pos.is_legal(play)
        pos.push(play)
        pushes += 1
    assert 0 <= pos.attacker_points <= 200
    assert len(pos.played) == 108 - len(pos.kitty)
    for _ in range(pushes):
        pos.pop()
    assert pos.to_json() == start
    with pytest.raises(SolverError):
        pos.pop()


def test_illegal_follow_raises_with_rule():
    """R-FOLLOW 1: a follower with the led suit cannot discard."""
    pos = Position.from_json({"rules": "henan", "level": "2", "trump": "S",
                              "hands": ["AH 3D", "KH 4D", "QH 5D", "JH 6D"],
                              "dealer": 0, "leader": 0, "trick": [], "attacker_points": 0,
                              "kitty": "", "played": ""})
    pos.push(P("AH"))
    assert [r.code for r in pos.explain(P("4D"))] == ["follow.suit"]
    with pytest.raises(IllegalPlayError) as err:
        pos.push(P("4D"))
    assert err.value.params["rule"] == "R-FOLLOW"


def test_failed_throw_becomes_smallest_unit_with_penalty():
    """R-THROW-ADJ / R-THROW-FAIL: a failing throw is replaced by its smallest
    beaten unit; tractor preset: −10 per card taken back for an attacker."""
    pos = Position.from_json({"rules": "tractor", "level": "2", "trump": "S",
                              "hands": ["3D 4D 5D", "AH KH 3H", "QH 5C 6C", "4C 7C 8C"],
                              "dealer": 0, "leader": 1, "trick": [], "attacker_points": 40,
                              "kitty": "", "played": ""})
    assert not pos.is_legal(P("AH KH 3H"))
    assert "AH KH 3H" not in {format_cards(p) for p in pos.legal_plays()}
    pos.push(P("AH KH 3H"))
    assert pos.trick == [P("3H")]
    assert pos.penalties[0].attacker_points == -20
    assert pos.attacker_points == 20


def test_validation_errors():
    base = _deal(2)
    bad = dict(base, hands=[base["hands"][0] + " BJ BJ", *base["hands"][1:]])
    with pytest.raises(InvalidCardsError):
        Position.from_json(bad)
    short = dict(base, hands=[base["hands"][0].rsplit(" ", 1)[0], *base["hands"][1:]])
    with pytest.raises(InvalidCardsError) as err:
        Position.from_json(short)
    assert err.value.code == "legal.error.position.counts"
    with pytest.raises(InvalidCardsError):
        Position.from_json(dict(base, hands=base["hands"][:3]))
    with pytest.raises(InvalidCardsError):
        Position.from_json(dict(base, hands=[None, *base["hands"][1:]]))
    with pytest.raises(InvalidCardsError):
        Position.from_json(dict(base, leader=5))


def test_hidden_hands_with_viewer():
    """A null hand needs a viewer; leads then offer safe throws (R-THROW-SAFE)."""
    data = _deal(4)
    data["hands"][2] = None
    data["viewer"] = 0
    pos = Position.from_json(data)
    assert list(pos.legal_plays())
    with pytest.raises(SolverError):
        list(pos.legal_follows(2))
