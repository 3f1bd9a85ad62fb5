"""A learner reads a rule by its name, never a bare R-ID, on the command
line's check answers, the Play screen's refusals and the hint's answer; the
hint names the sides in the game's own words (五三二: 台上/台下)."""

from __future__ import annotations

import re

import pytest

from checks import answer
from checks.hint import render
from checks.base import Request
from checks.registry import get_kind as kind_of
from content.i18n import rule_label, set_language

#: an R-ID not in the brackets after a rule's name ("Following (R-FOLLOW)",
#: "Kitty bonus (扣底, R-KITTY)")
BARE_RID = re.compile(r"(?<![(（])(?<!\S, )\bR-[A-Z][A-Z0-9-]*")

#: R-FOLLOW: a pair led, a pair held in the suit, two singles played.
FOLLOW = {"kind": "follow", "rules": "henan", "level": "2", "trump": "S",
          "lead": "10H 10H", "hand": "9H 9H 3H 4D 5S", "play": "3H 4D"}


def test_a_rule_name_in_brackets_takes_the_rid_inside_them() -> None:
    """English names the rule, then its R-ID in one pair of brackets:
    "Kitty bonus (扣底, R-KITTY)", never "Kitty bonus (扣底) (R-KITTY)";
    Chinese names the title alone."""
    from content.i18n import catalog
    titles = {k.split(".")[1]: v for k, v in catalog("en").items()
              if k.startswith("ruleref.R-") and k.endswith(".title")}
    assert any(t.endswith(")") for t in titles.values())
    try:
        for rid, title in titles.items():
            set_language("en")
            label = rule_label(rid)
            assert ") (" not in label and label.endswith(f"{rid})"), label
            assert not BARE_RID.search(label), label
            set_language("zh-Hans")
            assert "R-" not in rule_label(rid)
        set_language("en")
        assert rule_label("R-KITTY") == "Kitty bonus (扣底, R-KITTY)"
        assert rule_label("R-FOLLOW").endswith(" (R-FOLLOW)")
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_an_illegal_follow_is_explained_by_the_rules_name(lang: str) -> None:
    try:
        set_language(lang)
        resp = answer(FOLLOW)
        assert resp["legal"] is False and resp["reasons"]
        text = kind_of("follow").render(Request(kind_of("follow"), FOLLOW), resp)
        label = rule_label(resp["reasons"][0]["rule"])
        assert label in text and label != resp["reasons"][0]["rule"]
        assert not BARE_RID.search(text), text
        if lang.startswith("zh"):
            assert "R-" not in text
    finally:
        set_language("en")


@pytest.mark.parametrize("lang, off_stage, attackers", [("en", "off stage (台下)", "attackers"),
                                                        ("zh-Hans", "台下", "闲家"),
                                                        ("zh-Hant", "台下", "閒家")])
def test_the_hint_speaks_to_you_and_names_sides_by_the_game(lang: str, off_stage: str,
                                                             attackers: str) -> None:
    resp = {"side": "attackers", "seat": 3, "best": "KH", "reasons": [], "alternatives": [],
            "exact": True}
    try:
        set_language(lang)
        assert off_stage in render(resp, game="wusaner")
        assert attackers in render(resp, game="henan") and attackers in render(resp)
        text = render(resp, game="wusaner")
        assert "3" not in text and "号位" not in text and "號位" not in text  # no seat number
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_the_play_screen_refuses_a_play_by_the_rules_name(lang: str) -> None:
    """Play a whole hand as seat 0; every refused selection on the way (the
    wrong number of cards, another suit: R-FOLLOW, R-LEAD…) names its rule."""
    from itertools import combinations

    from tutor.tui.models.shengji import ShengjiTable

    try:
        set_language(lang)
        table = ShengjiTable("henan", seed=4)
        refused = 0
        while not table.done:
            if table.burying:
                table.bury(table.suggest())
                continue
            if not table.pending and not table.riot_offer and refused < 12:
                cards = table.my_cards()
                size = len(table.hand.lead) if table.hand.lead else 2
                for combo in list(combinations(cards, size))[:40]:
                    why = table.explain(list(combo))
                    if why:
                        refused += 1
                        assert not BARE_RID.search(why), why
                        if lang.startswith("zh"):
                            assert "R-" not in why, why
            table.play(table.suggest())
        assert refused > 0
    finally:
        set_language("en")


def test_the_likeliest_end_is_said_with_its_chance():
    """R-LEVELS: Analyze listed "The likeliest end of the hand (44%, …):" as
    one bullet and the end itself as the next (the walk of 2026-12-03): the
    two now share one line."""
    from checks.hint import render

    resp = {"side": "dealers", "seat": 0, "best": "AC", "exact": False, "alternatives": [],
            "reasons": [{"code": "hint.outcome.likeliest", "params": {"p": 44}},
                        {"code": "hint.outcome.dealers_up", "params": {"levels": 1}},
                        {"code": "hint.outcome.p_keep", "params": {"p": 67, "threshold": 80}}]}
    lines = [x for x in render(resp).split("\n") if x.startswith("  • ")]
    assert len(lines) == 2
    assert "(44%" in lines[0] and "1 level" in lines[0] and lines[0].count("•") == 1
