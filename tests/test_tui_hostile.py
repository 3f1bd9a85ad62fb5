"""Issue 19 in the TUI: hostile input in the Analyze screen gets one clear
localized line (never a crash), and a hint runs off the interface thread
with a visible thinking state and a cancel key (Esc)."""

from __future__ import annotations

import json

import pytest

from content.i18n import translate
from tests.tui_util import assert_fits, screen_text, sync
from tests.test_tui_analyze_rules import analyze_kind, open_analyze
from tests.test_tui_play import open_play
from tutor.store import Store
from tutor.tui.app import TutorApp
from tutor.tui.layout import verdict_mark


def result_line(app) -> str:
    """The result panel's text: one line starting with ✗."""
    text = str(app.screen.result)
    assert text.startswith("✗") and "\n" not in text and "Traceback" not in text, text
    return text


async def paste(pilot, app, text: str) -> str:
    app.screen.paste(text)
    await pilot.pause()
    assert app.is_running
    return result_line(app)


NESTED = "[" * 100_000 + "]" * 100_000
HUGE = "9" * 5000


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@sync
async def test_attacker_points_typed_as_minus_minus_five(lang):
    """Typing --5 as the attackers' points (score, R-LEVELS) was a crash."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app)
        screen.query_one("#kind").value = "score"
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        for bad in ("--5", HUGE, "1e3", "²"):
            screen.set_values(attacker_points=bad, kitty="5H", last_lead="3S", attackers_won_last="no")
            screen.action_ask()
            await pilot.pause()
            line = result_line(app)
            assert translate("tui.analyze.field.attacker_points", lang) in line
        screen.set_values(attacker_points="85")
        screen.action_ask()
        await pilot.pause()
        assert not str(app.screen.result).startswith("✗")  # a good number is answered
        assert_fits(app)


@pytest.mark.parametrize("text,lang", [
    ('{"leader": "x"}', "en"),
    ('{"hands": ["", "", "", ""], "leader": "x"}', "zh-Hant"),
    ('{"trick": 5}', "en"),
    ('{"hands": ["", "", "", ""], "trick": 5}', "zh-Hans"),
    ('{"tricks": 5}', "en"),
    ('{"tricks": [{"leader": 9, "plays": 3}], "hands": 1}', "zh-Hans"),
    (NESTED, "en"),
    ('{"position": ' + NESTED + "}", "zh-Hans"),
    ('{"leader": ' + HUGE + "}", "en"),
    ('{"hands": ["", "", "", ""], "leader": 1' + "0" * 400 + "}", "en"),
    ('{"hands": [5, {}, [], null]}', "en"),
    ('{"level": [[[]]], "hands": []}', "en"),
    ("[1, 2]", "zh-Hans"),
    ("{not json", "en"),
])
@sync
async def test_hostile_paste_is_one_localized_line(text, lang):
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_analyze(pilot, app)
        line = await paste(pilot, app, text)
        frame = translate("tui.analyze.paste.bad", lang, detail="").strip()
        assert frame.split("：")[0].split(":")[0] in line or \
            translate("tui.saved.bad", lang, reason="").strip()[:6] in line
        assert app.is_running
        assert_fits(app)


@sync
async def test_nested_json_in_the_position_field():
    """The hint question's position field takes JSON: nesting is refused, not a crash."""
    app = TutorApp(Store.memory(), language="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app)
        screen.query_one("#kind").value = "hint"
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        screen.set_values(position=NESTED)
        screen.action_ask()
        await pilot.pause()
        assert translate("input.too_deep", "zh-Hans", what=translate("tui.analyze.field.position", "zh-Hans"),
                         limit=32) in result_line(app)
        screen.set_values(position=json.dumps({"hands": 5}))
        screen.action_ask()
        await app.workers.wait_for_complete()
        await pilot.pause()
        result_line(app)


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
@sync
async def test_a_count_field_gets_a_count_example_and_a_full_stop(lang):
    """Learner walk (一上一下 Analyze): "abc" as the pile size gave "✗牌堆张数：
    请填最多9位的整数，例如85或 -5": a negative example for a count, a space
    before -5, no final 。.  A count field (pile size) now asks for a whole
    number 0 or more with a non-negative example and ends with a full stop,
    and a minus is refused there too; the signed message (a field whose
    range takes a minus) ends with a full stop.  (The attackers' points,
    0 to 200, have their own example: tests/test_tui_analyze_text.py.)"""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app, key="4")
        assert screen.kind == "yishang-challenge"
        label = translate("tui.analyze.field.pile_size", lang)
        for bad in ("abc", "-5"):
            screen.set_values(target="7", declared="7", hand="7S 8H", seen="5C", pile_size=bad)
            screen.action_ask()
            await pilot.pause()
            line = result_line(app)
            assert line == verdict_mark(False) + translate("tui.analyze.bad_count", lang, field=label), line
            assert "-5" not in line and " -" not in line and line.endswith(("。", "."))
    for lang_, end in (("en", "."), ("zh-Hans", "。"), ("zh-Hant", "。")):
        signed = translate("tui.analyze.bad_int", lang_, field="x")
        assert signed.endswith(end) and " -5" not in signed.replace("or -5", "")


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
@sync
async def test_bad_json_is_the_command_lines_localized_line_not_the_parsers_english(lang):
    """Learner walk: a bad paste showed Python's parser text inside Chinese
    ("这不是牌局或牌谱：不是有效的 JSON：Expecting value (col 13)").  The
    paste box and the position field now say what the command line says
    (input.bad_json: line and column, or where in its one line, in the
    learner's language), with no
    English parser words."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app)
        for text, line, column in (('{"hands": [}', 1, 12), ('{"a" 1}', 1, 6), ('{"a": 1,\n  x}', 2, 3)):
            got = await paste(pilot, app, text)
            # one line: where in it (a line number of 1 says nothing); several: line and column
            want = translate("input.bad_json" if line > 1 else "input.bad_json_at", lang,
                             what=translate("tui.analyze.paste.what", lang), line=line, column=column)
            assert got == verdict_mark(False) + translate("tui.analyze.paste.bad", lang, detail=want), got
            assert "Expecting" not in got and "delimiter" not in got and "col " not in got
        screen.query_one("#kind").value = "hint"
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        screen.set_values(position='{"hands": ,}')
        screen.action_ask()
        await pilot.pause()
        got = result_line(app)
        assert got == verdict_mark(False) + translate("input.bad_json_at", lang, line=1, column=11,
                                      what=translate("tui.analyze.field.position", lang)), got


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@sync
async def test_hint_thinks_off_the_ui_thread_and_esc_cancels(lang):
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app)
        t = screen.table
        assert type(screen).__name__ == "ShengjiPlayScreen" and t.hand.turn == 0
        # h starts the search in a worker (it takes its budget, 1.5 s): the
        # screen says it is thinking at once, and Esc (action_back) cancels it.
        screen.action_hint()
        assert screen.thinking
        assert translate("tui.play.thinking", lang) in str(screen.message())
        assert "Esc" in str(screen.message())
        screen.action_back()
        assert app.screen is screen and not screen.thinking
        await pilot.pause()
        assert translate("tui.play.hint_cancelled", lang) in screen_text(app)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.query_one("#my-hand").marks  # the cancelled hint marks nothing
        # Asked again, the hint arrives and marks a legal play; Esc then leaves the table.
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        chosen = screen.query_one("#my-hand").selection()
        assert chosen and t.hand.can_play(0, chosen)
        assert_fits(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen


@sync
async def test_yishang_has_its_own_play_screen_and_hint_worker():
    app = TutorApp(Store.memory(), language="zh-Hant")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="4", seed=5)
        assert type(screen).__name__ == "YishangPlayScreen"
        if screen.table.waiting_challenge:
            await pilot.press("a")
            await pilot.pause()
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.thinking and screen.query_one("#my-hand").marks
        assert_fits(app)


@sync
async def test_an_engine_failure_in_a_hint_is_told_and_logged():
    """A bug in the engine (here: a hint job that raises) reaches the learner
    as one localized line and is logged with its traceback; the table goes on."""
    import logging

    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    handler = Keep(logging.ERROR)
    logger = logging.getLogger("tutor.tui")
    logger.addHandler(handler)
    # import-linter's CLI (tests/test_architecture.py, same process) runs
    # logging.config.dictConfig, which disables the loggers existing then.
    was_disabled, logger.disabled = logger.disabled, False
    app = TutorApp(Store.memory(), language="zh-Hans")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_play(pilot, app)

            def broken():
                raise RuntimeError("boom")

            screen.table.hint_job = lambda: broken
            screen.action_hint()
            for _ in range(600):  # (wait_for_complete re-raises the worker's error;
                await pilot.pause(0.05)  # a loaded CI machine may take seconds)
                if not screen.thinking:
                    break
            shown = translate("tui.engine.failed", "zh-Hans", detail="RuntimeError")
            assert shown in str(screen.message())
            assert any(r.exc_info and "boom" in str(r.exc_info[1]) for r in records)
            assert app.screen is screen and not screen.thinking
    finally:
        logger.removeHandler(handler)
        logger.disabled = was_disabled


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@sync
async def test_a_pasted_position_with_no_such_level_is_refused_at_once(lang):
    """R-GROUP (the level is a rank): a level that is no rank is refused when pasted, with the
    engine's reason (a walk saw level 99 load as a position and fail only
    when asked), and a bad field names the JSON key as a key, in quotes."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_analyze(pilot, app)
        line = await paste(pilot, app, json.dumps({"level": 99, "trump": "S", "leader": 0, "trick": [],
                                                   "hands": ["4H 5H", None, None, None]}))
        assert translate("error.context.bad_level", lang, level="99") in line
        line = await paste(pilot, app, '{"hands": [[], [], [], []]}')
        assert ("“hands”" if lang == "en" else "JSON里的“hands”") in line


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@sync
async def test_a_bad_card_names_the_box_it_is_in(lang):
    """A card that is no card ("11S") is refused with the label of the box
    that holds it (a walk fixed the wrong box after a bare "“11S” is not a
    card"), as an empty box is named."""
    from tutor.tui.screens.analyze import field_label

    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await analyze_kind(pilot, app, "follow")
        screen.set_values(lead="4H", hand="5H 6H", play="11S")
        screen.action_ask()
        await pilot.pause()
        line = result_line(app)
        label = field_label("play", screen.rules_name())
        assert line.startswith(verdict_mark(False) + label + ("：" if lang != "en" else ": ")), line
        assert "11S" in line
