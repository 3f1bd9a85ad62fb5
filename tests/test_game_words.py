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
