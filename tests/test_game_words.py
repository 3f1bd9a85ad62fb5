"""五三二 speaks of its own sides on its own screens (seed 004: 台上/台下):
the quiz's puzzle diagram labels the off-stage team's points by that name."""

from __future__ import annotations

import re

import pytest

from content.i18n import set_language
from lessons.puzzles import load_puzzles
from tutor.tui.screens.quiz import puzzle_diagram

OTHER = {"en": re.compile(r"\b(dealers?|attackers?)\b", re.I),
         "zh-Hans": re.compile("庄家|闲家"), "zh-Hant": re.compile("莊家|閒家")}
STAGE = {"en": "Off-stage", "zh-Hans": "台下", "zh-Hant": "台下"}


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_wusaner_quiz_diagrams_name_the_off_stage_team(lang: str) -> None:
    scored = [p for p in load_puzzles("wusaner") if "attacker_points" in p.request]
    assert scored, "the 五三二 bank has score puzzles"
    henan = next(p for p in load_puzzles("henan") if "attacker_points" in p.request)
    try:
        set_language(lang)
        for p in scored:
            text = " ".join(h.plain + b.plain for h, b in puzzle_diagram(p.request, "glyphs").rows)
            assert STAGE[lang] in text and not OTHER[lang].search(text), (p.id, text)
        text = " ".join(h.plain + b.plain for h, b in puzzle_diagram(henan.request, "glyphs").rows)
        assert OTHER[lang].search(text), text  # the other games keep their words
    finally:
        set_language("en")


@pytest.mark.parametrize("lang, one, many", [("en", "Only one legal follow", "different legal follows"),
                                             ("zh-Hans", "只有一种", "共有"), ("zh-Hant", "只有一種", "共有")])
def test_a_single_legal_follow_is_said_as_one(lang: str, one: str, many: str) -> None:
    """R-FORCED: when the engine finds one legal follow, the account says so
    ("only one"), not "1 different follows, for example" (Chinese has one
    plural form, so the count needs its own sentence)."""
    from checks import answer
    from lessons.judge import describe

    forced = {"kind": "forced", "rules": "tractor", "level": "2", "trump": "S",
              "lead": "10H 10H", "hand": "9H 9H 3C 4D"}
    free = {**forced, "hand": "9H 8H 3H 4D"}
    try:
        set_language(lang)
        r1, r2 = answer(forced), answer(free)
        assert r1["legal_follows"] == 1 and r2["legal_follows"] > 1
        assert one in describe(forced, r1)[0] and many not in describe(forced, r1)[0]
        assert many in describe(free, r2)[0]
    finally:
        set_language("en")
