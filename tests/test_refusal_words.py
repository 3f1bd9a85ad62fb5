"""A refusal names a rule only when it is a rule a learner can look up.

The engine also refuses for reasons that are no rule of the game: the
hand's phase (``rule="phase"``), whose turn it is (``rule="turn"``).  A
play offered while the kitty is being buried read "Not allowed. Not now:
the hand is in the {phase} phase. Rule: phase." — an empty slot and an
English code word, in Chinese text too ("不能这样出（phase）").
"""

from __future__ import annotations

import re

import pytest

from content.i18n import LANGUAGES, set_language, translate, with_rule
from solver.game.state import Phase
from tutor.tui.models.shengji import ShengjiTable


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_play_during_the_burial_says_the_stage_in_words(lang):
    set_language(lang)
    table = ShengjiTable("henan", seed=1)  # seat 0 takes the kitty (R-H-KITTY)
    assert table.burying
    text = table.explain(table.suggest())
    assert text is not None
    assert "{" not in text and "phase" not in text and "bury" not in text
    assert translate("phase.bury", lang) in text
    if lang.startswith("zh"):
        assert not re.search("[A-Za-z]", text), text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("phase", [p.value for p in Phase])
def test_every_phase_has_a_name(lang, phase):
    name = translate(f"phase.{phase}", lang)
    assert name != f"phase.{phase}"
    said = translate("game.phase.wrong", lang, phase=phase)
    assert name in said and (lang == "en" or phase not in said)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_with_rule_names_a_rule_of_the_reference_only(lang):
    set_language(lang)
    named = with_rule("tui.play.illegal", "R-FOLLOW", reason="x")
    assert translate("ruleref.R-FOLLOW.title", lang) in named
    for pseudo in ("phase", "turn", None):
        bare = with_rule("tui.play.illegal", pseudo, reason="x")
        assert bare == translate("tui.play.illegal.bare", lang, reason="x")
        assert "phase" not in bare and "turn" not in bare


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
@pytest.mark.parametrize("key", ["tui.play.illegal", "tui.play.bury.refused", "tui.play.bury.refused.wusaner"])
def test_a_rule_title_with_brackets_is_not_nested_in_brackets(lang, key):
    """The walk of session 35 read "✗不能這樣出（無對跟對（隨牌））：…": a rule
    whose title carries a term in brackets (R-W-FOLLOW) sat inside the
    refusal's own brackets."""
    set_language(lang)
    text = with_rule(key, "R-W-FOLLOW", reason="理由。")
    assert translate("ruleref.R-W-FOLLOW.title", lang) in text
    depth = deepest = 0
    for ch in text:
        depth += {"（": 1, "）": -1}.get(ch, 0)
        deepest = max(deepest, depth)
    assert deepest <= 1, text
