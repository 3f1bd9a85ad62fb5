"""Learn screen: run a lesson step by step; answers judged by the engine
(lessons.judge), explained feedback with the rule, hints, retry, stars;
SIGKILL in the middle of a lesson loses at most the answer in flight."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from content.i18n import translate
from lessons.answers import reveal_text
from tests.tui_util import assert_fits, assert_shown, screen_text, sync
from tutor.store import Store
from tutor.tui.app import TutorApp

ROOT = Path(__file__).resolve().parent.parent
lessons_catalog = pytest.importorskip("lessons.catalog")
judge_mod = pytest.importorskip("lessons.judge")


def first_lesson_with_select():
    for lesson in lessons_catalog.load_lessons():
        if not lesson.requires:
            for i, step in enumerate(lesson.steps):
                if step.type == "select":
                    return lesson, i
    pytest.skip("no select step in an unlocked lesson")


def wrong_selection(step):
    for sel in judge_mod.candidate_selections(step, limit=500):
        if not judge_mod.judge(step, sel).correct:
            return sel
    pytest.skip("no wrong selection")


async def open_lesson(pilot, app, lesson, index, jump=False):
    """The lesson opened and walked to step ``index`` with n; ``jump``: opened
    right on that step (earlier steps and lessons need not be solved)."""
    from tutor.tui.app import COURSE

    app.game = next(g for g, c in COURSE.items() if c == lesson.game)
    app.open_screen("learn")
    await pilot.pause()
    screen = app.screen
    if jump:
        screen._open(lesson.id)
        screen.index = index
        screen._reset_step()
        screen.refresh_screen()
        index = 0
    else:
        screen.start(lesson.id)
    await pilot.pause()
    await pilot.pause()
    for _ in range(index):
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
    return app.screen


async def _answer_every_step(pilot: Any, screen: Any, lesson: Any, hint_first: bool = False) -> None:
    """Answer each step of ``lesson`` with its example answer and go on (n);
    ``hint_first``: ask for a hint (h) on the first question that has one."""
    hinted = not hint_first
    for step in lesson.steps:
        if not hinted and step.type != "text" and step.hints:
            await pilot.press("h")
            await pilot.pause()
            hinted = True
        if step.type != "text":
            screen.answer(judge_mod.example_answer(step))
            await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()


@sync
async def test_finish_a_select_step_wrong_then_right():
    lesson, index = first_lesson_with_select()
    step = lesson.steps[index]
    store = Store.memory()
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, lesson, index)
        assert screen.index == index
        assert_fits(app)
        # The footer is redrawn with the lesson's keys after the screen changed mode.
        from tests.tui_util import screen_lines
        assert "Hint" in screen_lines(app)[-1] and "Next" in screen_lines(app)[-1]
        assert "Quit" in screen_lines(app)[-1]  # nothing cut off at 80 columns
        # n is dimmed until the step is answered (a walk pressed it and only
        # heard "answer this step first")
        assert screen.check_action("next", ()) is None
        hand = screen.query_one("#step-hand")
        # Wrong answer: explained, recorded, and the step stays open.
        hand.select_cards(wrong_selection(step))
        await pilot.press("enter")
        await pilot.pause()
        assert screen.feedback and screen.feedback[0] is False
        assert "✗" in screen_text(app)
        if step.rule:
            from tutor.tui.screens.learn import rule_text

            assert_shown(app, rule_text(step.rule))
            assert step.rule in rule_text(step.rule)
        # Escalating hints.
        if step.hints:
            await pilot.press("h")
            await pilot.pause()
            assert_shown(app, "Hint 1")
        # Retry without penalty: the right answer the engine accepts.
        await pilot.press("r")
        good = judge_mod.example_answer(step)
        screen.query_one("#step-hand").select_cards(good)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.solved and screen.feedback[0] is True
        assert screen.check_action("next", ()) is True
        assert_fits(app)
        await pilot.press("n")
        await pilot.pause()
    answers = store.answers("lesson")
    assert [a["correct"] for a in answers] == [0, 1]
    assert store.lesson(lesson.id)["step"] == index + 1
    assert store.lesson(lesson.id)["mistakes"] == 1


@sync
async def test_click_a_card_selects_it():
    lesson, index = first_lesson_with_select()
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, lesson, index)
        hand = screen.query_one("#step-hand")
        x0 = hand.gutter.left
        await pilot.click(hand, offset=(x0, hand.gutter.top))
        await pilot.pause()
        assert hand.selected == {0}


@sync
async def test_whole_lesson_gives_stars_and_unlocks():
    lesson = next(ls for ls in lessons_catalog.load_lessons() if not ls.requires)
    store = Store.memory()
    app = TutorApp(store, language="zh-Hant")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, lesson, 0)
        for step in lesson.steps:
            screen = app.screen
            if step.type != "text":
                screen.answer(judge_mod.example_answer(step))
                await pilot.pause()
                assert screen.solved
            assert_fits(app)
            await pilot.press("n")
            await pilot.pause()
            await pilot.pause()
    row = store.lesson(lesson.id)
    assert row["done"] == 1 and row["stars"] == 3


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
@sync
async def test_lesson_list_renders(lang):
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "l")
        await pilot.pause()
        assert_fits(app)
        assert_shown(app, translate("tui.key.back", lang))
        # A newcomer to 河南双升 sees where to start: the common lessons it requires come first.
        first = next(ls for ls in lessons_catalog.load_lessons() if not ls.requires)
        assert_shown(app, translate(first.title, lang))


KILL_APP = textwrap.dedent("""
    import asyncio, sys
    from lessons.catalog import load_lessons
    from lessons.judge import example_answer, candidate_selections, judge
    from tutor.store import Store
    from tutor.tui.app import TutorApp, COURSE

    lesson_id, index = sys.argv[1], int(sys.argv[2])

    async def main():
        app = TutorApp(Store.open_default(), language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            lesson = next(l for l in load_lessons() if l.id == lesson_id)
            app.game = next(g for g, c in COURSE.items() if c == lesson.game)
            app.open_screen("learn")
            await pilot.pause()
            app.screen.start(lesson_id)
            await pilot.pause()
            for _ in range(index):
                await pilot.press("n"); await pilot.pause(); await pilot.pause()
            screen = app.screen
            step = lesson.steps[index]
            wrongs = [s for s in candidate_selections(step) if not judge(step, s).correct][:2]
            n = 0
            while True:  # a learner who keeps trying: every answer is committed
                # (two wrong answers in turn: the one just judged, sent again, is not an answer)
                screen.answer(wrongs[n % 2])
                n += 1
                print(n, flush=True)
                await pilot.pause()
    asyncio.run(main())
""")


def test_sigkill_mid_lesson_loses_at_most_one_answer(tmp_path):
    lesson, index = first_lesson_with_select()
    home = tmp_path / "home"
    env = {**os.environ, "SHENGJI_TUTOR_HOME": str(home), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", KILL_APP, lesson.id, str(index)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    reported = 0
    deadline = time.time() + 30
    assert proc.stdout is not None
    while reported < 20 and time.time() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        reported = int(line)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    # Lines the child printed before it died may still sit in the pipe.
    for line in proc.stdout.read().split():
        reported = max(reported, int(line))
    assert reported >= 20
    store = Store.open_default()
    assert store.notice is None
    n = len(store.answers("lesson"))
    assert reported <= n <= reported + 1
    assert store.lesson(lesson.id)["mistakes"] == n


@sync
async def test_continue_resumes_the_lesson_at_its_step():
    lesson, index = first_lesson_with_select()
    store = Store.memory()
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lesson(pilot, app, lesson, index)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.screen.sub_title == "Home"
        await pilot.press("c")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert screen.lesson is not None and screen.lesson.id == lesson.id
        assert screen.index == index


@sync
async def test_after_a_lesson_the_list_moves_to_the_next_one():
    """Finishing a lesson brings the list back on the lesson after it, and
    the list explains how stars are earned."""
    from tutor.tui.app import COURSE

    store = Store.memory()
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, next(ls for ls in lessons_catalog.load_lessons()
                                                   if ls.game == COURSE["tractor"] and not ls.requires), 0)
        screen = app.screen
        ids = [ls.id for ls in screen.course()]
        lesson = screen.lesson
        await _answer_every_step(pilot, screen, lesson)
        assert screen.lesson is None
        want = ids[min(ids.index(lesson.id) + 1, len(ids) - 1)]
        lst = screen.query_one("#lesson-list")
        assert lst.get_option_at_index(lst.highlighted).id == want
        assert_shown(app, "★★★ no mistakes and no hints")


def _feedback_text(screen) -> str:
    return str(screen.query_one("#feedback").render())


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
@sync
async def test_wrong_choice_is_taken_back_without_the_answer(lang):
    """Issue 15, lichess style: a wrong pick in a lesson choice step gets the
    reason that pick is wrong (computed from the engine's response), never
    the right option; the pick is taken back and the learner retries; the
    answer and its reason come after the last try (R-ORDER: basics/order,
    four plays, so three tries)."""
    from content.i18n import set_language
    from lessons.catalog import get_lesson

    lesson = get_lesson("common.basics")
    index = next(i for i, s in enumerate(lesson.steps) if s.id == "order")
    step = lesson.steps[index]
    right = judge_mod.correct_options(step)
    wrong = [i for i in range(len(step.options)) if i not in right]
    assert len(wrong) == judge_mod.max_tries(step) == 3
    store = Store.memory()
    app = TutorApp(store, language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, lesson, index, jump=True)
        set_language(lang)
        reveal = reveal_text(step)
        for n, pick in enumerate(wrong[:2], 1):
            # by keyboard: move to the pick, Enter
            choices = screen.query_one("#choices")
            choices.focus()
            choices.highlighted = pick
            await pilot.press("enter")
            await pilot.pause()
            text = _feedback_text(screen)
            assert screen.feedback and screen.feedback[0] is False and "✗" in text
            from tutor.tui.widgets.cards import style_card_tokens

            reason = style_card_tokens(judge_mod.wrong_reason(step, pick), app.suit_style, lang)
            assert reason.strip() and reason in text
            assert translate("tui.learn.retry", lang) in text.replace("\n", "")
            # no answer: not the reveal, not the engine's account of the winner
            assert reveal.split("(")[0] not in text
            told = style_card_tokens(judge_mod.describe(step.check, judge_mod.run_check(step.check))[0],
                                     app.suit_style, lang)
            assert told not in text
            assert choices.get_option_at_index(pick).disabled  # taken back
            # the highlight stays on it: ↓ then moves from where the learner
            # was (it jumped to the next option, and ↓↓ answered another)
            assert screen.query_one("#choices").highlighted == pick
            assert not screen.answer_shown and not screen.solved and screen.tries == n
        # the last try: the answer, with the engine's reason, and the right option marked
        screen.answer(wrong[2])
        await pilot.pause()
        assert screen.answer_shown and not screen.solved
        text = _feedback_text(screen).replace("\n", "")
        assert told[:10] in text
        assert screen.query_one("#choices").highlighted == right[0]
        assert_fits(app)
        screen.answer(right[0])  # selecting the marked answer goes on
        await pilot.pause()
        assert screen.solved
    answers = store.answers("lesson")
    assert [a["correct"] for a in answers] == [0, 0, 0, 1]


@sync
async def test_a_shows_the_answer_on_request():
    """a before any answer: the answer and its reason, marked; no ✗."""
    from lessons.catalog import get_lesson

    lesson = get_lesson("common.units")
    index = next(i for i, s in enumerate(lesson.steps) if s.type == "choice")
    step = lesson.steps[index]
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, lesson, index, jump=True)
        await pilot.press("a")
        await pilot.pause()
        text = _feedback_text(screen).replace("\n", " ")
        assert screen.answer_shown and "✗" not in text
        assert text.startswith("The answer:")
        assert screen.query_one("#choices").highlighted == judge_mod.example_answer(step)


def test_every_wrong_choice_explains_itself_without_the_answer():
    """Every wrong option of every lesson choice step, in the three
    languages: a non-empty reason that is not the right option's label and
    not the engine's account of the right answer (which the reveal gives)."""
    from content.i18n import _, set_language

    try:
        for lang in ("en", "zh-Hans", "zh-Hant"):
            set_language(lang)
            for lesson in lessons_catalog.load_lessons():
                for step in lesson.steps:
                    if step.type != "choice":
                        continue
                    right = judge_mod.correct_options(step)
                    label = _(step.options[right[0]].text, **step.options[right[0]].params)
                    resp = judge_mod.run_check(step.check)
                    account = judge_mod.describe(step.check, resp)[0]
                    for i in range(len(step.options)):
                        if i in right:
                            continue
                        v = judge_mod.judge(step, i)
                        text = v.text()
                        where = (lang, lesson.id, step.id, i, text)
                        cite = _("puzzle.why.see", rule="")[:3]  # the rule's name may repeat a shape's name
                        text = text.rsplit(cite, 1)[0]
                        assert not v.correct and v.params["reason"].strip(), where
                        assert v.params["answer"] == "", where
                        if account and len(account) > 6:
                            assert account not in text, where
                        if len(label) > 6:
                            assert f"“{label}”" not in text and f"「{label}」" not in text, where
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@sync
async def test_a_finished_shared_lesson_stays_in_every_list_that_includes_it(lang):
    """The common lesson every course requires (牌、分数与主牌), finished from
    河南双升's list, stays listed there and in 五三二's list, marked done:
    the list says a lesson can always be taken again (found on a learner
    walk: it vanished from both lists once finished). Its content is the
    common rules every game shares (R-DECK, R-POINTS)."""
    from tutor.tui.screens.learn import star_text

    basics = next(ls for ls in lessons_catalog.load_lessons() if not ls.requires and ls.game == "common")
    store = Store.memory()
    app = TutorApp(store, language=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        app.game = "henan"
        app.open_screen("learn")
        await pilot.pause()
        screen = app.screen
        assert basics.id in [ls.id for ls in screen.course()]
        screen.start(basics.id)
        await pilot.pause()
        await _answer_every_step(pilot, screen, basics)
        assert screen.lesson is None and store.lesson(basics.id)["done"] == 1
        for game in ("henan", "wusaner"):
            app.game = game
            app.open_screen("learn")
            await pilot.pause()
            await pilot.pause()
            screen = app.screen
            assert basics.id in [ls.id for ls in screen.course()], game
            number = [ls.id for ls in screen.course()].index(basics.id) + 1  # rows are numbered
            assert_shown(app, f"✓ {star_text(3)} {number}. {translate(basics.title, lang)}")


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize("key", ["1", "2", "3", "4"])
@sync
async def test_the_lesson_list_fits_one_row_a_lesson_at_80_columns(lang, key):
    """The learner walk of 2026-12-03 read the Henan list at 80×24 with every
    row on two lines ("Henan Shuangsheng (河南双升): following suit  (first:
    Henan Shuangsheng (河南双升): pairs and tractors (连对), Following …)"),
    the heading and the help scrolled away.  Rows are numbered, a locked row
    names the rows to finish first by number, titles no longer repeat the
    game, and the heading, every row and the stars legend are on screen."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key, "l")
        await pilot.pause()
        screen = app.screen
        lessons = screen.course()
        text = screen_text(app)
        heading = translate("tui.learn.pick", lang, game=screen.tutor.game_name())
        assert heading in text
        assert translate("tui.learn.stars", lang)[:12] in text
        rows = [ln for ln in text.splitlines() if ln.startswith("▊ ") and ln.strip("▊▎ ")]
        assert len(rows) == len(lessons)  # one line each
        for i, (row, ls) in enumerate(zip(rows, lessons), 1):
            assert f" {i}. " in row
            for game in ("Henan Shuangsheng (", "Five-Three-Two (", "河南双升：", "五三二："):
                assert game not in row
        locked = [ln for ln in rows if ln.startswith("▊ –")]
        assert locked and all(re.search(r"\((after|先学)[\d, 和、]+\)|（先学[\d，、和 ]+）", ln) for ln in locked), locked
        assert_fits(app)


@sync
async def test_a_step_that_only_tells_offers_no_answer_key():
    """The learner walk of 2026-12-03 pressed a (Answer) on a step that only
    tells, and nothing happened: such a step no longer offers it (nor a hint
    when it has none); a question step does."""
    from lessons.catalog import get_lesson

    lesson = get_lesson("common.basics")
    told = next(i for i, s in enumerate(lesson.steps) if s.type == "text" and not s.hints)
    asked = next(i for i, s in enumerate(lesson.steps) if s.type != "text")
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, lesson, told, jump=True)
        footer = screen_text(app).splitlines()[-1]
        assert translate("tui.key.answer", "en") not in footer
        assert translate("tui.key.hint", "en") not in footer
        screen.index = asked
        screen._reset_step()
        screen.refresh_screen()
        await pilot.pause()
        await pilot.pause()
        assert translate("tui.key.answer", "en") in screen_text(app).splitlines()[-1]


@sync
async def test_the_same_wrong_answer_twice_costs_one_try():
    """The learner walk of 2026-12-03 pressed Enter again on a selection just
    judged wrong: it cost another try and looked like nothing happened.  It
    now says it is the answer just given, and costs nothing; a changed
    answer is judged as before."""
    lesson, index = first_lesson_with_select()
    step = lesson.steps[index]
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, lesson, index, jump=True)
        hand = screen.query_one("#step-hand")
        wrong = wrong_selection(step)
        hand.select_cards(wrong)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.tries == 1 and screen.mistakes == 1
        hand.select_cards(list(reversed(wrong)))
        await pilot.press("enter")
        await pilot.pause()
        assert screen.tries == 1 and screen.mistakes == 1
        assert translate("tui.learn.same_answer", "en") in [n.message for n in app._notifications]
        other = next(s for s in judge_mod.candidate_selections(step, limit=500)
                     if sorted(map(str, s)) != sorted(map(str, wrong)))
        hand.select_cards(other)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.solved or screen.tries == 2


@pytest.mark.parametrize("key", ["1", "2", "3", "4"])
@sync
async def test_the_home_count_of_lessons_is_the_lists(key):
    """Home said "Lessons: 0/7 done" for 河南双升 while its Learn list held
    11 (the shared lessons it requires come first, learner walk of
    2026-12-03): the home count is over the very lessons the list shows."""
    store = Store.memory()
    app = TutorApp(store, language="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        home = screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        total = len(app.screen.course())
        done = sum(1 for ls in app.screen.course() if store.lesson(ls.id).get("done"))
        want = translate("tui.home.lessons", "en", done=done, total=total, stars=0)
        assert want.split(",")[0] in home, (want, home)


@sync
async def test_a_shown_answer_of_a_card_step_is_selected_for_enter():
    """a on a "select your cards" step: the answer is marked and selected,
    so Enter takes it, as Enter takes a highlighted choice (the walk of
    2026-12-03 saw ♥5* ♠K* marked, Enter then said "select at least one
    card"; in Play a starred card is a selected one)."""
    from lessons.catalog import load_lessons

    lesson, index = next((ls, i) for ls in load_lessons() for i, s in enumerate(ls.steps)
                         if s.type == "select" and ls.game == "wusaner")
    app = TutorApp(Store.memory(), language="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, lesson, index, jump=True)
        await pilot.press("a")
        await pilot.pause()
        hand = screen.query_one("#step-hand")
        want = judge_mod.example_answer(lesson.steps[index])
        assert sorted(c.index for c in hand.selection()) == sorted(c.index for c in want)
        hand.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.solved


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@sync
async def test_a_shown_answer_taken_is_not_praised(lang):
    """a, then Enter on the marked choice: the feedback says it is the answer
    shown, not "Right!", and the line under it says n goes on, without "Well
    done" (a walk read praise for an answer it had just been given); while
    the answer is only shown, "Answer, or h for a hint" is gone."""
    from content.i18n import translate
    from lessons.catalog import load_lessons

    lesson, index = next((ls, i) for ls in load_lessons() for i, s in enumerate(ls.steps)
                         if s.type == "choice" and ls.game == "henan")
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_lesson(pilot, app, lesson, index, jump=True)
        await pilot.press("a")
        await pilot.pause()
        assert translate("tui.learn.nav.try", lang) not in screen_text(app).replace("\n", "")
        screen.query_one("#choices").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.solved
        feedback = str(screen.query_one("#feedback").content)
        right = translate("lesson.judge.correct", lang, reason="").strip()
        assert right not in feedback and translate("lesson.judge.taken", lang, reason="").strip() in feedback
        nav = str(screen.query_one("#nav").content)
        assert nav == translate("tui.learn.nav.next", lang), nav

@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@sync
async def test_a_finished_lesson_is_said_on_the_list_not_over_it(lang):
    """Finishing a lesson says so on the list itself, above the rows (title
    and stars), with every row, the heading and the stars' key still on
    screen at 80×24: a toast said it and covered the Henan list (found on a
    learner walk).  The next lesson is highlighted; opening it drops the
    note."""
    from tutor.tui.screens.learn import star_text

    basics = next(ls for ls in lessons_catalog.load_lessons() if not ls.requires and ls.game == "common")
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        app.game = "henan"
        app.open_screen("learn")
        await pilot.pause()
        screen = app.screen
        screen.start(basics.id)
        await pilot.pause()
        await _answer_every_step(pilot, screen, basics)
        await pilot.pause()
        assert screen.lesson is None
        text = screen_text(app)
        note = translate("tui.learn.finished", lang, title=translate(basics.title, lang),
                         stars=star_text(3))
        assert note in text
        assert not app.screen.query("Toast")
        lessons = screen.course()
        rows = [ln for ln in text.splitlines() if ln.startswith("▊ ") and ln.strip("▊▎ ")]
        assert len(rows) == len(lessons), text
        assert translate("tui.learn.stars", lang)[:12] in text
        assert text.index(note) < text.index(f" 1. {translate(basics.title, lang)}")
        lst = screen.query_one("#lesson-list")
        assert lessons[lst.highlighted].id == lessons[1].id  # the next one
        await pilot.press("enter")
        await pilot.pause()
        assert screen.lesson is not None and screen.done_note is None
        await pilot.press("escape")
        await pilot.pause()
        assert note not in screen_text(app)
        # again, with a hint this time: two stars here, three kept on the
        # list, and the note says the list keeps the best run (a walk read
        # ★★☆ in the note over ★★★ on the list)
        screen.start(basics.id)
        await pilot.pause()
        await _answer_every_step(pilot, screen, basics, hint_first=True)
        assert screen.lesson is None
        again = " ".join(screen_text(app).split())
        assert " ".join(translate("tui.learn.finished", lang, title=translate(basics.title, lang),
                                  stars=star_text(2)).split()) in again
        assert " ".join(translate("tui.learn.finished_best", lang, stars=star_text(3)).split()) in again


@sync
async def test_hints_go_once_the_step_is_solved():
    """A hint shown while trying stays until the step is solved or its
    answer shown, then goes: kept, "Think of the fixed 5, 3, 2." read as
    part of "✓ Right! ♣3: a trump." (a walk), and with the answer it pushed
    the last line off an 80×24 screen."""
    lesson = next(ls for ls in lessons_catalog.load_lessons()
                  if any(s.hints and s.type != "text" for s in ls.steps))
    index = next(i for i, s in enumerate(lesson.steps) if s.hints and s.type != "text")
    step = lesson.steps[index]
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, lesson, index)
        await pilot.press("h")
        await pilot.pause()
        hint = translate(step.hints[0], "en")[:20]
        assert hint in " ".join(screen_text(app).split())
        screen.answer(judge_mod.example_answer(step))
        await pilot.pause()
        assert screen.solved
        assert hint not in " ".join(screen_text(app).split())
        assert_fits(app)


@sync
async def test_a_steps_hand_is_drawn_once_under_its_question():
    """A step whose hand line shows its cards does not draw the same cards
    again under it ("Hand: ♠Q ♠8 ♠8 ♦4 ♦4 ♣3" then "♠Q ♠8 ♠8 ♦4 ♦4 ♣3",
    a walk): the question and the hand line, no third copy."""
    from tutor.tui.screens.learn import _same_cards
    from tutor.tui.widgets.cards import card_label

    lesson = next(ls for ls in lessons_catalog.load_lessons() if ls.id == "common.play")
    index = next(i for i, s in enumerate(lesson.steps) if s.id == "forced")
    step = lesson.steps[index]
    assert _same_cards(step.context.get("hand"), step.cards)
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_lesson(pilot, app, lesson, index, jump=True)
        label = card_label(step.cards[-1], app.suit_style, "en")
        body = screen_text(app)
        question = str(screen.query_one("#step-text").content)
        assert body.count(label) == question.count(label) + 1, body
