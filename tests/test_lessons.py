"""Lessons: every file loads and validates, every message exists in all three
catalogs, and every interactive step is judged by the engine: some answer is
accepted and some answer is rejected (no stored answers)."""

from __future__ import annotations

import json

import pytest

from solver.games import courses as registry_courses
from content.i18n import LANGUAGES, catalog
from lessons.catalog import LessonFileError, courses, load_lessons, message_ids, parse_lesson
from lessons.judge import candidate_selections, correct_options, judge

LESSONS = load_lessons()
STEPS = [(lesson, step) for lesson in LESSONS for step in lesson.steps if step.interactive]


def test_lessons_load_in_prerequisite_order():
    seen: set[str] = set()
    for lesson in LESSONS:
        assert all(r in seen for r in lesson.requires), lesson.id
        seen.add(lesson.id)
    assert tuple(courses()) == registry_courses()
    assert all(courses()[g] for g in courses())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_message_exists(lang):
    table = catalog(lang)
    missing = sorted(m for lesson in LESSONS for m in message_ids(lesson) if m not in table)
    assert not missing, missing[:10]


@pytest.mark.parametrize("lesson,step", STEPS, ids=[f"{lesson.id}/{step.id}" for lesson, step in STEPS])
def test_interactive_step_accepts_and_rejects(lesson, step):
    """Drive judge(): at least one right and one wrong answer, both decided by the engine."""
    if step.type == "choice":
        right = correct_options(step)
        assert len(right) == 1, f"exactly one option must be right, engine says {right}"
        assert judge(step, right[0]).correct
        wrong = [i for i in range(len(step.options)) if i not in right]
        assert wrong and not any(judge(step, i).correct for i in wrong)
    else:
        verdicts = [judge(step, sel).correct for sel in candidate_selections(step)]
        assert any(verdicts), "no selection is accepted"
        assert not all(verdicts), "every selection is accepted"
    assert step.hints, "interactive steps need hints"


def test_judge_rejects_bad_answers():
    lesson, step = next((lesson, s) for lesson, s in STEPS if s.type == "choice")
    assert not judge(step, 99).correct
    assert not judge(step, "x").correct
    lesson, step = next((lesson, s) for lesson, s in STEPS if s.type == "select")
    assert not judge(step, []).correct
    assert judge(step, "BJ BJ BJ").message in ("lesson.judge.not_offered", "lesson.judge.pick_count")


def _good():
    return {"id": "x.y", "game": "common", "title": "t", "summary": "s",
            "steps": [{"id": "a", "type": "text", "text": "m"}]}


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d.pop("title"), "title"),
    (lambda d: d.update(game="chess"), "game"),
    (lambda d: d["steps"][0].update(type="quiz"), "steps[0].type"),
    (lambda d: d["steps"][0].update(cards="1X"), "steps[0].cards"),
    (lambda d: d["steps"][0].update(type="select", check={"kind": "classify", "cards": "$selection"},
                                    cards="5H", hints=["h"]), "steps[0].expect"),
    (lambda d: d["steps"][0].update(type="choice", check={"kind": "trick"}, hints=["h"],
                                    options=[{"text": "a", "match": {}}]), "steps[0].options[0].match"),
    (lambda d: d["steps"][0].update(rule="X-1"), "steps[0].rule"),
    (lambda d: d["steps"][0].update(type="choice", check={"kind": "chess"}, hints=["h"],
                                    options=[{"text": "a", "match": {"x": 1}}, {"text": "b", "match": {"x": 2}}]),
     "steps[0].check.kind"),
])
def test_malformed_lesson_names_file_and_field(mutate, field):
    data = json.loads(json.dumps(_good()))
    parse_lesson(data, "common/99-x.json")
    mutate(data)
    with pytest.raises(LessonFileError) as info:
        parse_lesson(data, "common/99-x.json")
    assert info.value.params["file"] == "common/99-x.json"
    assert info.value.params["field"] == field


def test_lessons_command_json(capsys):
    from tutor.cli import main

    assert main(["lessons", "--json"]) == 0
    items = json.loads(capsys.readouterr().out)
    assert {i["id"] for i in items} == {lesson.id for lesson in LESSONS}
    assert all(set(i["locales"]) == {"en", "zh-Hans", "zh-Hant"} for i in items)
    assert main(["--lang", "zh-Hant", "lessons", "--json"]) == 0
    items = {i["id"]: i for i in json.loads(capsys.readouterr().out)}
    # localized; the game is its own field (titles do not repeat it)
    assert items["henan.trumps"]["title"] == "主牌與大小順序" and items["henan.trumps"]["game"] == "henan"


def _fields(msgid, lang):
    import string

    return {f for _t, f, _s, _c in string.Formatter().parse(catalog(lang)[msgid]) if f}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_placeholder_is_filled(lang):
    """Step texts take the step's params, option labels their own params, and
    verdict messages what judge() supplies (cards, reason, answer)."""
    judged = {"cards", "reason", "answer", "count", "given"}
    for lesson in LESSONS:
        assert not _fields(lesson.title, lang) and not _fields(lesson.summary, lang)
        for s in lesson.steps:
            assert _fields(s.text, lang) <= set(s.params), (lesson.id, s.id)
            for h in s.hints:
                assert _fields(h, lang) <= set(s.params), (lesson.id, s.id, h)
            for o in s.options:
                assert _fields(o.text, lang) <= set(o.params), (lesson.id, s.id, o.text)
            for m in (s.success, s.failure):
                assert _fields(m, lang) <= judged | set(s.params), (lesson.id, s.id, m)


def test_wrong_answer_verdict_explains_with_the_engine():
    """A wrong selection's message carries the engine's reason (e.g. the R-FOLLOW explanation)."""
    from content.i18n import _
    from lessons.catalog import get_lesson

    step = get_lesson("henan.follow").step("pair")
    v = judge(step, "3H 4D")
    assert not v.correct and v.params["reason"]
    assert v.params["reason"] in _(v.message, **v.params)
    assert v.rule == "R-FOLLOW"


def test_every_lesson_has_engine_judged_steps():
    for lesson in LESSONS:
        assert lesson.interactive_steps, lesson.id
        for s in lesson.interactive_steps:
            assert s.rule or s.seed_ref, (lesson.id, s.id)


def test_wrong_shape_selection_says_why_it_is_not_that_shape():
    """R-PAIR / R-TRACTOR select steps: a selection that is not the shape
    asked for is told it is not that shape (not an unrelated verdict such as
    "not a valid lead"); a selection of the right shape that fails another
    test is not told so."""
    from content.i18n import _
    from lessons.catalog import get_lesson

    pair = get_lesson("common.units").step("pair")
    v = judge(pair, "5D 9C")
    assert not v.correct and v.params["reason"] == _("lesson.wrong.classify.pair", cards="5D 9C")
    three = get_lesson("henan.units").step("three")  # level 5: ♣9♣9 and ♣J♣J are not neighbours
    v = judge(three, "8C 8C 9C 9C JC JC")
    assert not v.correct and v.params["reason"] == _("lesson.wrong.classify.tractor", cards="8C 8C 9C 9C JC JC")
    assert judge(three, "7C 7C 8C 8C 9C 9C").correct


def test_lessons_command_lists_titles_in_teaching_order(capsys):
    """The human listing numbers each course's lessons in the order they are
    taught, by title; the ids ("common.basics") are for --json only."""
    from tutor.cli import main

    assert main(["--lang", "zh-Hans", "lessons"]) == 0
    out = capsys.readouterr().out
    assert not any(lesson.id in out for lesson in LESSONS)
    assert main(["--lang", "zh-Hans", "lessons", "--json"]) == 0
    items = json.loads(capsys.readouterr().out)
    first = next(i for i in items if i["game"] == "common")
    assert f"  1. {first['title']}（{first['steps']}步）" in out.splitlines()
    # --full fills --json's "steps" with the steps themselves; the human
    # listing still counts them (it printed the steps' dictionaries inside
    # the count, "（[{'id': 'kitty', ...}]步）")
    assert main(["--lang", "zh-Hans", "lessons", "--full"]) == 0
    assert capsys.readouterr().out == out
    # each course's own lessons carry the app's numbers (河南 goes on from 5
    # after the tractor course's first four: "1." here was "5." in the app)
    from lessons.catalog import course_list
    henan = course_list(LESSONS, "henan")
    first_own = next(n for n, lesson in enumerate(henan, 1) if lesson.game == "henan")
    own = next(i for i in items if i["game"] == "henan")
    assert first_own > 1 and f"  {first_own}. {own['title']}（{own['steps']}步）" in out.splitlines()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wrong_trick_pick_gets_the_engines_reason_it_loses(lang):
    """A wrong pick on "who wins this trick" is told why that play loses, as
    the engine finds it, with a play that beats it: in 牌、分数与主牌's tie
    step (R-TIE) ♠2 equals the ♣2 played before it, nothing beat it (a
    learner walk found it told "another play beats it"); ♦K loses there to
    a trump (R-BEAT); in 河南双升's order step (R-ORDER) ♦K is itself a
    trump, beaten by a higher trump.  The play named is the lowest that
    beats it (a walk read "a higher play beats it" under ♠2 and could not
    tell which: 2 is the lowest plain rank)."""
    from content.i18n import set_language, translate
    from lessons.catalog import get_lesson
    from lessons.judge import wrong_reason
    from solver.cards import parse_cards
    from solver.rules import preset
    from solver.trick import beaters, loss_by
    from solver.trump import TrumpContext

    def reason(lesson_id, step_id, play):
        step = get_lesson(lesson_id).step(step_id)
        index = step.check["plays"].index(play)
        return step, index, wrong_reason(step, index)

    set_language(lang)
    try:
        for (lesson_id, step_id, play, n, key, rid) in (
                ("common.basics", "tie", "2S", 3, "tie", "R-TIE"),
                ("common.basics", "tie", "KD", 1, "ruffed", "R-BEAT"),
                ("henan.trumps", "order", "KD", 2, "higher_trump", "R-BEAT")):
            step, index, text = reason(lesson_id, step_id, play)
            c = step.check
            ctx = TrumpContext(preset(c.get("rules", "tractor")), c.get("level", 2), c.get("trump"))
            plays = [parse_cards(p) for p in c["plays"]]
            by = loss_by(ctx, plays, index)
            assert by is not None
            # the one play that beats it is named as the one, not "for one" (a walk)
            only = "_only" if key != "tie" and len(beaters(ctx, plays, index)) == 1 else ""
            why = translate(f"puzzle.wrong.trick.{key}{only}", lang, n=n, cards=play, m=by + 1, by=c["plays"][by])
            assert text.startswith(why) and translate(f"ruleref.{rid}.title", lang) in text, \
                (lesson_id, step_id, play, text)
        _step, _i, tie = reason("common.basics", "tie", "2S")
        assert "2C" in tie  # R-TIE: the equal play before it, by name
        _step, _i, one = reason("henan.trumps", "order", "KD")
        assert translate("puzzle.wrong.trick.higher_trump_only", lang, n=2, cards="KD", m=3, by="KS") in one
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_a_wrong_point_count_names_the_cards_with_their_plural(lang):
    """R-POINTS (lesson common.basics, "select cards worth 25 points"): one
    card picked read "Those cards hold 5 points" (这几张牌共5分) in the
    learner walk of 2026-12-03; the feedback now counts the cards it names."""
    from content.i18n import set_language
    from lessons.catalog import get_lesson
    from solver.cards import parse_cards

    step = get_lesson("common.basics").step("points")
    set_language(lang)
    try:
        one = judge(step, parse_cards("5H"))
        three = judge(step, parse_cards("5H KS QH"))
    finally:
        set_language("en")
    assert not one.correct and not three.correct
    one_text, three_text = str(one.params["reason"]), str(three.params["reason"])
    if lang == "en":
        assert one_text == "The 1 card (5H) holds 5 points."
        assert three_text == "The 3 cards (5H KS QH) hold 15 points."
    else:
        assert one_text == "這1張牌（5H）共5分。" and "這3張牌" in three_text and "15分" in three_text


def test_a_worked_example_in_an_answer_carries_its_position():
    """Seed 004 随牌 (R-FORCED): the quiz's answer quoted the lesson step
    "Same lead, same hand: is that follow forced? Answer: Yes." beside a
    puzzle whose answer was No (the learner walk of 2026-12-03).  The
    example now names its own level, trump, lead and hand, and its answer is
    the engine's for that position."""
    from content.i18n import set_language
    from lessons.judge import example_answer, several_right
    from lessons.answers import example_steps, seed_example

    step = next(s for s in example_steps("wusaner", "R-FORCED", fallback=False) if s.context.get("lead"))
    set_language("en")
    text = seed_example("wusaner", "R-FORCED")
    assert f"lead {step.context['lead']}; hand {step.context['hand']}" in text
    assert f"level {step.context['level']}, trump diamonds ♦" in text
    right = step.options[example_answer(step)]
    assert text.endswith(f"(There, the answer is “{translate_opt(right.text)}”.)") and not several_right(step)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_quiz_answer_keeps_the_lessons_example_apart(lang):
    """R-BEAT quiz (who wins): its answer cites the lessons' example of the
    rule on a line of its own, said to be another question, so its answer
    (Player 3 there) is not read as this puzzle's (a walk read "答案：玩家2…
    课程里的例子：…答案：玩家3" after choosing Player 3 wrongly)."""
    from content.i18n import set_language, translate
    from lessons.answers import reveal, seed_example
    from lessons.puzzles import RULE_OF_KIND, load_puzzles

    try:
        set_language(lang)
        puzzle = next(p for p in load_puzzles() if p.kind == "trick"
                      and seed_example(p.game, "R-BEAT"))
        text = reveal(puzzle)
        first, example = text.split("\n")
        assert example == seed_example(puzzle.game, "R-BEAT")
        lead = translate("puzzle.example", lang, text="", answer="").split("{")[0][:6]
        assert example.startswith(lead) and lead not in first
        assert ("There, the answer is" in example) if lang == "en" else ("那道题答：" in example)
    finally:
        set_language("en")


def translate_opt(msgid: str) -> str:
    from content.i18n import translate

    return translate(msgid, "en")


@pytest.mark.parametrize("lang,word", [("en", "one of several right answers"), ("zh-Hans", "正确答案之一")])
def test_an_answer_among_several_says_so(lang, word):
    """R-FOLLOW: the Rules screen showed "→ The answer: ♣K" for ♣9 led to
    ♣K ♣4 ♥7 ♠3, where ♣4 is as legal.  Where the engine accepts more than one
    answer the shown one says it is one of them; a step with a single right
    answer does not."""
    from content.i18n import set_language
    from lessons.judge import several_right
    from lessons.answers import answer_sentence, example_steps

    set_language(lang)
    try:
        steps = [s for g in ("wusaner", "tractor", "henan") for rid in ("R-FOLLOW", "R-W-FOLLOW", "R-FORCED")
                 for s in example_steps(g, rid)]
        said = {s.id: (several_right(s), answer_sentence(s)) for s in steps}
    finally:
        set_language("en")
    assert any(many for many, _ in said.values()) and any(not many for many, _ in said.values())
    for many, text in said.values():
        assert (word in text) == many, text


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_an_answer_and_its_reason_say_the_answer_once(lang):
    """The Rules screen read "→ 答案：拖拉机（连对）。拖拉机（连对）。" and "甩牌成功。
    甩牌成功，…" (learner walk of 2026-12-03): the reason from the engine
    restated the answer before it.  Every answered lesson step now says it
    once, and its reason is kept whenever it adds anything."""
    from content.i18n import set_language
    from lessons.catalog import load_lessons
    from lessons.answers import answer_sentence, step_answer

    set_language(lang)
    try:
        checked = 0
        for ls in load_lessons():
            for step in ls.steps:
                if not step.interactive or step_answer(step) is None:
                    continue
                answer, reason = step_answer(step)
                core = answer.rstrip("。. ")
                sentence = answer_sentence(step)
                for sep in ("。", ". "):
                    assert f"{core}{sep}{core}" not in sentence, (ls.id, step.id, sentence)
                assert not any(reason.startswith(core + sep) for sep in ("：", ": ", "；", "; ", "，", ", ")), \
                    sentence
                checked += 1
    finally:
        set_language("en")
    assert checked > 100  # every course's answered steps


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_a_trump_card_is_said_to_be_one_with_its_reason(lang):
    """R-ORDER, R-W-FIXED: "♥K: a trump." left a walk asking why; the
    account names the engine's reason (TrumpContext.trump_role): a joker, a
    level card, a fixed 5/3/2 in 五三二, the trump suit."""
    from content.i18n import set_language, translate
    from lessons.judge import describe

    cases = [("KH", "K", "S", "wusaner", "level"), ("3C", "A", "H", "wusaner", "fixed"),
             ("BJ", "2", "S", "henan", "joker"), ("9S", "2", "S", "henan", "suit")]
    try:
        set_language(lang)
        for cards, level, trump, rules, role in cases:
            text, rid = describe({"kind": "classify", "cards": cards, "rules": rules, "level": level,
                                  "trump": trump}, {"suit": "T", "type": "single"}, ["suit"])
            assert text.endswith(translate(f"lesson.judge.trump_role.{role}", lang, level=level)), text
            assert rid == "R-GROUP"
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_no_two_lessons_of_a_games_list_share_a_title(lang):
    """The Henan list held two lessons called 甩牌 (the common one and
    Henan's own, R-THROW-SAFE and the stake penalty): a learner cannot tell
    them apart.  Every game's list (as the app shows it) has distinct titles."""
    from content.i18n import translate
    from lessons.catalog import course_list, load_lessons
    from tutor.tui.models.games import COURSE

    lessons = load_lessons()
    for game, course in COURSE.items():
        titles = [translate(ls.title, lang) for ls in course_list(lessons, course)]
        assert len(titles) == len(set(titles)), (game, titles)


def test_lesson_feedback_cites_its_own_rule_once():
    """R-Y-SETUP, R-W-FIXED: a wrong answer's reason ended "Rule: Setup
    (R-Y-SETUP)." over the step's own citation "Rule: Setup (R-Y-SETUP) ·
    From …" (a walk): the step's own rule is not repeated in the feedback
    (another rule still is).  A right pick of a trump says the engine's
    reason and not the step's last hint as well ("Think of the fixed 5, 3,
    2.")."""
    from content.i18n import set_language, translate
    from content.i18n import rule_label
    from lessons.catalog import load_lessons
    from lessons.judge import example_answer, feedback_text, judge, wrong_answers

    set_language("en")
    seen = 0
    for lesson in load_lessons():
        for step in lesson.steps:
            if step.type == "text" or not step.rule:
                continue
            own = translate("puzzle.why.see", "en", rule=rule_label(step.rule))
            for _label, value in wrong_answers(step)[:2]:
                text = feedback_text(step, judge(step, value))
                assert not text.endswith(own), (lesson.id, step.id, text)
                seen += 1
    assert seen > 100
    step = next(s for ls in load_lessons() if ls.id == "wusaner.trumps" for s in ls.steps if s.id == "pick")
    text = feedback_text(step, judge(step, example_answer(step)))
    assert translate("lesson.judge.trump_role.fixed", "en") in text
    assert translate(step.hints[-1], "en") not in text


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_tricks_example_in_an_answer_carries_its_plays(lang):
    """R-BEAT: a quiz answer cited "用主牌杀连对…谁赢？（那道题答：玩家3：…）"
    without the plays its options held: it could not be worked out from the
    text (a walk).  The example names its level, trump and every play, and
    its answer is the engine's for those plays."""
    from checks import answer as run_check
    from content.i18n import set_language, translate
    from lessons.answers import example_steps, seed_example

    step = next(s for s in example_steps("henan", "R-BEAT", fallback=False) if s.context.get("plays"))
    try:
        set_language(lang)
        text = seed_example("henan", "R-BEAT")
        for i, p in enumerate(step.context["plays"]):
            assert translate("lesson.opt.play", lang, n=i + 1, cards=p) in text, text
        winner = run_check(step.check)["winner"]
        said = translate("lesson.opt.play", lang, n=winner + 1, cards=step.context["plays"][winner])
        assert text.rstrip("。.）)”").endswith(said), text
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_kitty_total_is_told_as_its_sum(lang):
    """R-KITTY (河南双升, seed 001's kitty examples): the account of a score
    with the kitty counted writes the sum out with the engine's kitty points
    and multiplier; past 200 it says why (a walk read "总共240分" over a deck
    of 200 points and took it for an error)."""
    from checks import answer as engine
    from content.i18n import set_language, translate
    from lessons.judge import describe

    req = {"kind": "score", "rules": "henan", "level": "2", "trump": "S", "attacker_points": 40,
           "kitty": "KH 10D 5C 3S 4S 6D 7D 8H", "attackers_won_last": True}
    set_language(lang)
    try:
        for last, mult in (("AC", 2), ("7C 7C 8C 8C", 8)):
            resp = engine({**req, "last_lead": last})
            assert (resp["kitty_points"], resp["multiplier"]) == (25, mult)
            text, _rule = describe({**req, "last_lead": last}, resp)
            total = 40 + 25 * mult
            assert resp["total"] == total and f"40 + 25 × {mult} = {total}" in text
            over = translate("lesson.judge.score_sum_over", lang, points=40, kitty=25, mult=mult,
                             total=total, outcome="")
            assert text.startswith(over.rstrip("。.:： ")) == (total > 200) == ("200" in text)
    finally:
        set_language("en")


def test_a_wrong_new_target_names_the_part_of_the_rule_that_applies():
    """R-Y-TARGET: a wrong "next target" pick is told the one case the play
    falls under, from the engine's ruling (the pile taken, a face-up card, a
    face-down card that stands); the whole rule for every wrong pick read
    as a wall of text (a walk)."""
    from checks import answer as engine
    from lessons.catalog import load_lessons
    from content.i18n import translate
    from lessons.judge import wrong_answers, wrong_reason

    cases = set()
    for lesson in load_lessons():
        for step in lesson.steps:
            c = step.check or {}
            if c.get("kind") != "yishang-resolve" or not any("new_target" in o.match for o in step.options):
                continue
            resp = engine(c)
            case = "taken" if resp["taker"] else "up" if c["face"] == "up" else "down"
            for label, index in wrong_answers(step):
                if set(step.options[index].match) != {"new_target"}:
                    continue  # wrong about another field (a draw, a taker): told that ruling
                text = wrong_reason(step, index)
                assert text.startswith(translate(f"lesson.wrong.yishang.target.{case}", "en", choice=label)), text
                cases.add(case)
    assert cases == {"taken", "up", "down"}


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_claim_under_the_target_is_explained_by_the_rule_not_a_count(lang):
    """R-Y-DOWN: a face-down card declared below the target loses any
    challenge; the quiz's explanation says so with the engine's declared
    rank and target (a walk read only "a challenge succeeds 100% of the
    time" by counting, with no such count on screen)."""
    from checks import answer as engine
    from content.i18n import set_language, translate
    from lessons.puzzles import yishang_params

    req = {"kind": "yishang-challenge", "rules": "yishang", "declared": "J", "target": "K",
           "hand": "5S 7H 2D 10C 9C", "seen": "8S 3S", "pile_size": 5}
    set_language(lang)
    try:
        resp = engine(req)
        assert resp["p_uniform"] == 1.0 and resp["advice"] == "challenge"
        text = translate("puzzle.x.yishang-challenge", lang, **yishang_params(resp))
        assert translate("puzzle.x.yishang.below", lang, declared="J", target="K") in text
        assert translate("ruleref.R-Y-DOWN.title", lang) in text
        above = engine({**req, "declared": "A"})
        assert translate("puzzle.x.yishang.below", lang, declared="A", target="K") not in \
            translate("puzzle.x.yishang-challenge", lang, **yishang_params(above))
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_right_kitty_total_is_not_followed_by_its_bare_sum(lang):
    """R-KITTY (河南双升's kitty steps): the account writes the sum out, so a
    step's last hint that is that sum ("40 + 25 × 2.", "40 + 100.") is not
    appended after it (a walk read "… = 90 points: … 40 + 25 × 2.")."""
    from content.i18n import set_language
    from lessons.catalog import get_lesson
    from lessons.judge import correct_options, feedback_text, judge

    set_language(lang)
    try:
        steps = [s for s in get_lesson("henan.scoring").steps if s.check and s.check.get("kind") == "score"
                 and s.check.get("attackers_won_last")]
        assert steps
        for step in steps:
            text = feedback_text(step, judge(step, correct_options(step)[0]))
            tail = text.rstrip("。.").rsplit("。" if lang != "en" else ". ", 1)[-1]
            assert not all(ch.isdigit() or ch in " +×=−-.。" for ch in tail), text
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seat_that_never_deals_next_is_told_who_does(lang):
    """R-ROTATE (seed 001's rotation): a wrong next dealer that no result
    makes the dealer is told which seat deals after a defence and which after
    a take-over, as the engine rotates the deal; "whatever the result, Seat 1
    does not deal" alone left the learner where they started (a walk)."""
    from checks import answer as engine
    from content.i18n import set_language, translate
    from lessons.judge import feedback_text

    set_language(lang)
    try:
        for lesson, step in STEPS:
            if not (step.check and step.check.get("kind") == "rotate"):
                continue
            nxt = {o: engine({**step.check, "outcome": o})["next_dealer"] for o in ("dealers_up", "swap")}
            assert nxt["dealers_up"] != nxt["swap"], lesson.id
            for i, option in enumerate(step.options):
                seat = option.match.get("next_dealer")
                if seat in nxt.values():
                    continue
                text = feedback_text(step, judge(step, i))
                for o, s in nxt.items():
                    assert translate("lesson.opt.seat_no", lang, n=s + 1) in text, (lesson.id, o, text)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_match_question_tells_the_hands_its_answer_names(lang):
    """R-MATCH, R-LEVELS: the 河南 match question gives the hands the engine
    walks (0 points four times, then 50 at A), so an answer's "in hand 5"
    refers to something the learner has read."""
    from content.i18n import set_language, translate
    from lessons.judge import feedback_text

    lesson = next(lesson for lesson in LESSONS if lesson.id == "henan.scoring")
    step = next(s for s in lesson.steps if s.id == "match")
    set_language(lang)
    try:
        question = translate(step.text, lang)
        wrong = next(i for i in range(len(step.options)) if i not in correct_options(step))
        text = feedback_text(step, judge(step, wrong))
        assert "5" in text and "50" in text
        assert "5" in question.replace("50", "") and "50" in question and "J" in question
    finally:
        set_language("en")
