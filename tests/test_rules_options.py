"""Rule options as types (R-OPT): enums and the throw penalty value, parsed
from the string forms of CONTRACT.md at the edge and written back the same;
level bands (R-LEVELS) that scoring and the hint derive from; the game
registry."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checks import answer
from solver.errors import RulesError
from solver.games import GAMES, SHENGJI_PRESETS, game, home_games
from solver.rules import (PRESETS, KittyMultiplier, LevelTable, PenaltyKind, ThrowCompare,
                          ThrowPenalty, preset)
from solver.scoring import level_outcome


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_options_round_trip_through_their_json_forms(name: str) -> None:
    """R-OPT: options() gives the CONTRACT.md strings; reading them back gives the same rules."""
    rules = PRESETS[name]
    text = json.dumps({k: v for k, v in rules.options().items() if k not in ("name", "flow")})
    assert preset(name, json.loads(text)) == rules
    assert json.loads(json.dumps(rules.options()))["throw_penalty"] == str(rules.throw_penalty)
    assert rules.changed_options() == {}


def test_string_forms_parse_at_the_edge() -> None:
    """R-THROW-FAIL, R-BEAT, R-KITTY, R-LEVELS options from text become types."""
    r = preset("tractor", {"throw_penalty": "stake:0.25", "throw_compare": "top_card",
                           "kitty_multiplier": "flat", "level_table": "wusaner"})
    assert r.throw_penalty == ThrowPenalty(PenaltyKind.STAKE, 0.25)
    assert (r.throw_compare, r.kitty_multiplier, r.level_table) == \
        (ThrowCompare.TOP_CARD, KittyMultiplier.FLAT, LevelTable.WUSANER)
    assert r.changed_options() == {"throw_penalty": "stake:0.25", "throw_compare": "top_card",
                                   "kitty_multiplier": "flat", "level_table": "wusaner"}
    assert preset("henan").throw_penalty == ThrowPenalty(PenaltyKind.STAKE, 0.5)
    assert preset("tractor").throw_penalty == ThrowPenalty(PenaltyKind.POINTS, 10)


@pytest.mark.parametrize("option,value", [("throw_penalty", "stake:lots"), ("throw_penalty", "fine:1"),
                                          ("throw_penalty", 5), ("throw_compare", "middle"),
                                          ("kitty_multiplier", "triple"), ("level_table", "")])
def test_bad_option_values_are_one_clear_error(option: str, value: object) -> None:
    with pytest.raises(RulesError) as info:
        preset("henan", {option: value})
    assert info.value.code == "error.rules.bad_value"
    resp = answer({"kind": "classify", "cards": "5S", "options": {option: value}})
    assert resp["error"]["code"] == "bad_rules" and resp["error"]["message"]


#: R-LEVELS as RULES.md states it: (upper bound of the band, outcome, levels);
#: above the last bound the attackers go up (standard: one more per 40 points).
STANDARD = [(0, "dealers_up", 3), (35, "dealers_up", 2), (75, "dealers_up", 1), (115, "swap", 0)]
WUSANER = [(45, "dealers_up", 2), (95, "dealers_up", 1), (115, "swap", 0)]   # seed 004


def _rules_md(total: int, table: list[tuple[int, str, int]], per: int | None) -> tuple[str, int]:
    for top, outcome, levels in table:
        if total <= top:
            return outcome, levels
    return "attackers_up", 1 + ((total - 120) // per if per else 0)


@given(total=st.integers(-4, 80).map(lambda k: 5 * k))
def test_level_bands_give_the_rules_md_table(total: int) -> None:
    """R-LEVELS: level_outcome (from Rules.level_bands) is the table of RULES.md."""
    assert level_outcome(preset("henan"), total) == _rules_md(total, STANDARD, 40)
    assert level_outcome(preset("tractor"), total) == _rules_md(total, STANDARD, 40)
    assert level_outcome(preset("wusaner"), total) == _rules_md(total, WUSANER, None)


def test_keep_below_is_where_the_dealers_stop_keeping_the_deal() -> None:
    """R-LEVELS: the hint's "dealers keep the deal" threshold comes from the bands."""
    for name in SHENGJI_PRESETS:
        rules = preset(name)
        k = rules.keep_below
        assert level_outcome(rules, k - 5)[0] == "dealers_up"
        assert level_outcome(rules, k)[0] != "dealers_up"
    assert (preset("henan").keep_below, preset("wusaner").keep_below) == (80, 100)


def test_default_level_is_the_first_of_the_level_sequence() -> None:
    """R-MATCH: 五三二 starts at A, the others at 2."""
    assert {g.name: g.rules.default_level for g in GAMES if g.is_shengji} == \
        {"tractor": 2, "henan": 2, "wusaner": 14}


def test_registry_is_consistent() -> None:
    """One record per game; home keys 1..n; every preset it names exists;
    courses are the lesson folders."""
    from lessons.catalog import courses

    assert sorted(g.home for g in GAMES) == list(range(1, len(GAMES) + 1))
    assert {g.preset_name for g in GAMES} <= set(PRESETS)
    assert [g.name for g in home_games()] == ["henan", "wusaner", "tractor", "yishang"]
    assert set(courses()) == {g.course for g in GAMES}
    assert game("tractor").course == "common"
    with pytest.raises(RulesError):
        game("bridge")


def test_rank_rule_ids_name_what_a_card_is() -> None:
    """The Rules screen's card search (rank_rule_ids): R-POINTS for exactly
    the 5, 10 and K; R-W-FIXED for 五三二's 5, 3 and 2; R-GROUP for every
    rank (a joker is always trump, any other card when it is the level or of
    the trump suit); nothing for 一上一下."""
    from solver.cards import BIG_JOKER_RANK, SMALL_JOKER_RANK
    from solver.rules import preset, rank_rule_ids

    for name in ("henan", "tractor", "wusaner"):
        for rank in list(range(2, 15)) + [SMALL_JOKER_RANK, BIG_JOKER_RANK]:
            ids = rank_rule_ids(preset(name), rank)
            assert ("R-POINTS" in ids) == (rank in (5, 10, 13)), (name, rank)
            assert ("R-W-FIXED" in ids) == (name == "wusaner" and rank in (5, 3, 2)), (name, rank)
            assert "R-GROUP" in ids and "R-ORDER" in ids
    assert rank_rule_ids(preset("yishang"), 13) == ()
