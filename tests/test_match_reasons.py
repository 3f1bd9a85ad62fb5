"""A wrong level-progression answer is told what the engine did at the hand
where the pick goes wrong (R-LEVELS, R-MATCH, R-W-DECLARE's stage).

The match steps (common.scoring match, henan.scoring match, wusaner.scoring
r2–r5) used to give every wrong pick the same hint ("follow the team's
level hand by hand …"), even where nothing was counted up (r4: the teams
swap).  Now the ``match`` check walks the match hand by hand
(:func:`solver.match.match_steps`) and, given the pick's claim, says what
the engine did at the first hand where the claim parts from the match
(:func:`solver.match.first_divergence`).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checks import answer
from content.i18n import _, set_language
from lessons import judge
from lessons.catalog import get_lesson
from solver.match import EVENTS, MatchClaim, MatchState, first_divergence, match_steps
from solver.rules import preset
from solver.scoring import level_outcome
from tests.test_wrong_reasons import _english_after, wrong_text  # noqa: F401 (the fixture)


# (lesson, step, the option picked, its params) → what the learner reads, per language
CASES = [
    # R-LEVELS (tractor): four shut-outs, 2 → 5 → 8 → J → A; K is missed in hand 4
    ("common.scoring", "match", "lesson.opt.level", {"level": "K"},
     {"en": "In hand 4 the attackers scored 0: the dealers go up 3 levels from J.",
      "zh-Hans": "第4局闲家得0分：庄家从J升3级。"}),
    # R-MATCH: reaching A is not winning; the match is won by defending at A
    ("common.scoring", "match", "lesson.opt.won", {},
     {"en": "Reaching A does not win the match yet: it is won by defending at A",
      "zh-Hans": "打到A还不算赢：要在A坐庄守住才赢得整场。"}),
    # R-MATCH (henan): the dealers held at A in hand 5, so the match is over
    ("henan.scoring", "match", "lesson.opt.level", {"level": "A"},
     {"en": "In hand 5 the attackers scored 50 (40 to 75), so the dealers held at A: "
            "a successful defence at A wins the match.",
      "zh-Hans": "第5局闲家得50分（40到75分），庄家在A守住了"}),
    # R-LEVELS (wusaner): under 50, the stage team goes up 2 from A (A → 2 → 3)
    ("wusaner.scoring", "r2", "lesson.opt.level", {"level": "2"},
     {"en": "In hand 1 the off-stage team scored 40 (0 to 45): the stage team goes up 2 levels from A.",
      "zh-Hans": "第1局台下得40分（0到45分）：台上从A升2级。"}),
    ("wusaner.scoring", "r3", "lesson.opt.level", {"level": "5"},
     {"en": "In hand 2 the off-stage team scored 80 (50 to 95): the stage team goes up 1 level from 3.",
      "zh-Hans": "第2局台下得80分（50到95分）：台上从3升1级。"}),
    # R-LEVELS (wusaner): 100 to 115, the teams swap and no level changes
    ("wusaner.scoring", "r4", "lesson.opt.stage_level.0", {"level": "4"},
     {"en": "In hand 3 the off-stage team scored 110 (100 to 115): the teams swap, so team two "
            "takes the stage and plays its own level; no level changes.",
      "zh-Hans": "第3局台下得110分（100到115分）：换二队上台，打二队自己的级，两队都不升级。"}),
    ("wusaner.scoring", "r4", "lesson.opt.stage_level.1", {"level": "4"},
     {"en": "so team two takes the stage and plays its own level",
      "zh-Hans": "打二队自己的级"}),
    # R-LEVELS (wusaner): 120 or more, swap and the new stage team (team one, at 4) goes up 1
    ("wusaner.scoring", "r5", "lesson.opt.level", {"level": "4"},
     {"en": "In hand 4 the off-stage team scored 135 (120 or more): the teams swap, and team one, "
            "now on stage, goes up 1 level from 4.",
      "zh-Hans": "第4局台下得135分（120分以上）：换一队上台，并从4升1级。"}),
    ("wusaner.scoring", "r5", "lesson.opt.level", {"level": "A"},
     {"en": "In hand 4 the off-stage team scored 135", "zh-Hans": "换一队上台，并从4升1级"}),
]


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize("lesson_id,step_id,label,params,told", CASES)
def test_a_wrong_level_pick_hears_the_engines_first_divergence(
        lesson_id: str, step_id: str, label: str, params: dict[str, Any], told: dict[str, str],
        lang: str) -> None:
    text = wrong_text(lesson_id, step_id, label, lang, **params)
    assert told[lang] in text
    assert "一局一局" not in text and "hand by hand" not in text  # the old hint is gone


def test_no_match_step_names_its_right_option_on_a_wrong_pick() -> None:
    """Lichess policy: the reason for a wrong pick never quotes the right option's label."""
    for lang in ("en", "zh-Hans", "zh-Hant"):
        set_language(lang)
        for lesson_id, step_id in (("common.scoring", "match"), ("henan.scoring", "match"),
                                   ("wusaner.scoring", "r2"), ("wusaner.scoring", "r3"),
                                   ("wusaner.scoring", "r4"), ("wusaner.scoring", "r5")):
            step = next(s for s in get_lesson(lesson_id).steps if s.id == step_id)
            right = judge.correct_options(step)
            assert len(right) == 1
            o = step.options[right[0]]
            label = _(o.text, **o.params)
            for _l, i in judge.wrong_answers(step):
                assert f"“{label}”" not in judge.wrong_reason(step, i)
                assert f"「{label}」" not in judge.wrong_reason(step, i)


def test_r4_asks_who_is_on_stage_and_its_choices_say_it() -> None:
    """wusaner.scoring r4 asks who is on stage and at what level (R-LEVELS:
    110 swaps the teams): every choice names a team and a level."""
    step = next(s for s in get_lesson("wusaner.scoring").steps if s.id == "r4")
    assert all(o.text.startswith("lesson.opt.stage_level.") and "dealer_team" in o.match
               for o in step.options)
    set_language("zh-Hans")
    right = judge.correct_options(step)
    o = step.options[right[0]]
    assert _(o.text, **o.params) == "二队在台上，打A"


RULES = st.sampled_from([("henan", None), ("tractor", None), ("wusaner", None),
                         ("wusaner", {"wusaner_cycle": True})])
TOTALS = st.lists(st.integers(0, 60).map(lambda n: 5 * n), max_size=12)


@settings(max_examples=150, deadline=None)
@given(RULES, TOTALS, st.integers(0, 1))
def test_the_steps_end_where_the_match_ends(rules: Any, totals: list[int], team: int) -> None:
    """R-LEVELS, R-MATCH: walking random matches hand by hand, the steps
    chain (each starts where the last ended), each hand's outcome is the
    level table's, a plain rise moves the level by the levels gained, and
    the last step's stage team, level and winner are the ``match`` check's
    result; a claim of that result finds no divergence, any other level
    diverges at a hand that was played."""
    name, options = rules
    r = preset(name, options)
    steps = match_steps(r, totals, team)
    resp = answer({"kind": "match", "rules": name, "totals": totals, "dealer_team": team,
                   **({"options": options} if options else {})})
    state = MatchState.start(r, team)
    for s in steps:
        assert s.before == state and s.event in EVENTS
        assert (s.outcome, s.gained) == level_outcome(r, s.total)
        low, high = s.band
        assert low <= s.total and (high is None or s.total <= high)
        if s.event in ("up", "swap_up", "top"):
            assert s.after.levels[s.up_team] == s.before.levels[s.up_team] + s.gained
        if s.event == "swap":
            assert s.after.levels == s.before.levels and s.after.dealer_team != s.before.dealer_team
        state = s.after
    assert len(steps) == len(totals) or state.finished
    assert state.level_name(state.dealer_team) == resp["level"]
    assert (state.dealer_team, state.winner) == (resp["dealer_team"], resp["winner"])
    assert [x["level"] for x in resp["steps"]] == [s.after.level_name(s.after.dealer_team) for s in steps]
    claim = MatchClaim(state.current_level, state.dealer_team, state.winner, True)
    assert first_divergence(steps, claim) is None
    for rank in r.level_sequence:
        found = first_divergence(steps, MatchClaim(level=rank))
        if steps and rank != state.current_level:
            assert found is not None and 0 <= found[0] < len(steps)
