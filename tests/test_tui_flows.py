"""Learner flows on the Play screen: Esc mid-hand asks before leaving, and
the hand left (and its match) is resumed after a restart by Continue and by
opening Play again; n still deals a new match."""

from __future__ import annotations

import pytest

from tests.test_tui_play import open_play
from tests.tui_util import assert_fits, assert_shown, sync
from tutor.store import Store
from tutor.tui.app import TutorApp
from tutor.tui.base import ConfirmScreen


async def _play_some(pilot, app, tricks: int = 2):  # type: ignore[no-untyped-def]
    await pilot.press("3")
    app.open_screen("play")  # no seed: the way Home opens it
    await pilot.pause()
    await pilot.pause()
    screen = app.screen
    while screen.table.pending:
        await pilot.press("x")
        await pilot.pause()
    t = screen.table
    for _ in range(tricks):
        assert screen.play_cards(t.suggest())
    await pilot.pause()
    return screen


async def _continue(pilot, app):  # type: ignore[no-untyped-def]
    """Home's Continue (c): the activity left, as the screen it opens."""
    await pilot.press("c")
    await pilot.pause()
    await pilot.pause()
    return app.screen


async def _mid_hand(pilot, app):  # type: ignore[no-untyped-def]
    """Play (拖拉机, seed 5) with one card of yours played: the screen, its
    table and the table's move count."""
    screen = await open_play(pilot, app, key="3", seed=5)
    t = screen.table
    assert screen.play_cards(t.suggest())
    return screen, t, t.moves()


@sync
async def test_a_new_hand_mid_hand_asks_first_and_keeps_the_old_one() -> None:
    """n in the middle of a hand dealt a new one at once and the hand in
    progress was gone (the walk of 2026-12-04).  It asks first; no keeps
    the hand as it is; yes saves it, then deals (nothing lost)."""
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen, t, moves = await _mid_hand(pilot, app)
        history = t.history()
        assert not app.store.hands(screen.game)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert_shown(app, "Start a new match?")
        assert_fits(app)
        await pilot.press("n")  # no: the same hand, as it was
        await pilot.pause()
        assert app.screen is screen and screen.table is t and t.moves() == moves
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        saved = app.store.hands(screen.game)
        assert len(saved) == 1 and saved[0]["history"] == history
        assert app.screen is screen and screen.table is not t


@sync
async def test_esc_mid_hand_asks_first() -> None:
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen, t, moves = await _mid_hand(pilot, app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert_shown(app, "Leave this hand?")
        assert_fits(app)
        await pilot.press("n")  # stay: nothing lost
        await pilot.pause()
        assert app.screen is screen and screen.table is t and t.moves() == moves
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert len(app.screen_stack) == 1  # home


@sync
async def test_resume_a_hand_after_a_restart(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "progress.db"
    store = Store(path)
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _play_some(pilot, app)
        t = screen.table
        log, seed, cards = list(t.hand.log), t.seed, t.my_cards()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    store.close()
    # A restart: a new app on the same progress file; Continue resumes the hand.
    store = Store(path)
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _continue(pilot, app)
        t = screen.table
        assert t is not None and t.seed == seed and t.hand.log == log and t.my_cards() == cards
        assert_shown(app, "Welcome back")
        # Play on, go Home, press p: still the same hand, not a new match.
        assert screen.play_cards(t.suggest())
        await pilot.pause()
        log = list(t.hand.log)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        await pilot.pause()
        assert app.screen.table.hand.log == log
        # n deals a new match, once you say yes (the hand in progress is saved)
        app.screen.action_new_hand()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        assert app.screen.table.hand.log != log
    store.close()


def test_rules_search_ranks_the_named_rule_first() -> None:
    """Searching "tractor" puts R-TRACTOR (the rule of that name) above the
    rules that only mention tractors, in every language."""
    from content.i18n import set_language, translate
    from tutor.tui.screens.rules import load_rules, matches, rank, rule_texts

    try:
        for lang, query in (("en", "tractor"), ("zh-Hans", "拖拉机"), ("en", "R-PAIR"), ("en", "pair")):
            set_language(lang)
            found = sorted((r for r in load_rules("tractor") if matches(r, query)), key=lambda r: rank(r, query))
            want = "R-PAIR" if "pair" in query.lower() else "R-TRACTOR"
            assert found and rule_texts(found[0])[0] == want, (lang, query)
            assert translate("ruleref.R-PAIR.title", lang)
    finally:
        set_language("en")


@sync
async def test_a_key_clears_the_selected_cards() -> None:
    """A hint selects cards; Backspace clears the selection and the marks."""
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="3", seed=5)
        hand = screen.query_one("#my-hand")
        await pilot.press("space")
        await pilot.pause()
        assert hand.selection()
        hand.mark(hand.selection())
        await pilot.press("backspace")
        await pilot.pause()
        assert not hand.selection() and not hand.marks


async def _yishang_turn(pilot, screen) -> None:  # type: ignore[no-untyped-def]
    """One decision of yours: let a claim stand, else play your lowest card."""
    t = screen.table
    if t.waiting_challenge:
        screen.action_ys_respond(False)
    else:
        assert screen.play_cards(t.my_cards()[:1])
    await pilot.pause()


@sync
async def test_resume_a_yishang_game_after_a_restart(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 15: an unfinished 一上一下 game (R-Y-FACE, R-Y-TARGET: face, target,
    pile, hands and whose decision it is) is kept when you leave (after the
    question) and resumed after a restart of the app on the same home; the
    resumed game then goes on exactly as the one left would have (the bots'
    dice are kept too)."""
    import copy

    monkeypatch.setenv("SHENGJI_TUTOR_HOME", str(tmp_path))
    store = Store.open_default()
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4")
        app.open_screen("play")  # no seed: the way Home opens it
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        for _ in range(4):
            await _yishang_turn(pilot, screen)
        t = screen.table
        assert not t.done and t.moves() > 4
        before = copy.deepcopy(t)
        history, cards, waiting = t.history(), t.my_cards(), t.waiting_challenge
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)  # leaving asks first
        await pilot.press("y")
        await pilot.pause()
        assert len(app.screen_stack) == 1
    store.close()
    # A restart: a new app on the same home; Continue resumes the game.
    store = Store.open_default()
    app = TutorApp(store, language="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _continue(pilot, app)
        t = screen.table
        assert t is not None and t.history() == history and t.my_cards() == cards
        assert t.waiting_challenge == waiting and t.game.target == before.game.target
        assert t.game.face_up == before.game.face_up and t.game.hand_sizes() == before.game.hand_sizes()
        assert_shown(app, "欢迎回来")
        assert_fits(app)
        # the same moves from here give the same game as the one never left
        for _ in range(6):
            if t.done:
                break
            if before.waiting_challenge:
                before.respond(False)
            else:
                assert before.play(before.my_cards()[:1]) is None
            await _yishang_turn(pilot, screen)
            assert t.history() == before.history()
        # Home and p again: still this game; n deals a new one
        log = t.history()["log"]
        await pilot.press("escape")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
            await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        await pilot.pause()
        assert app.screen.table.history()["log"] == log
        app.screen.action_new_hand()
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):  # the game is not over: asked first
            await pilot.press("y")
            await pilot.pause()
        await pilot.pause()
        assert app.screen.table.history()["log"] != log
    store.close()


def test_a_kept_shengji_match_keeps_its_stake_ledger() -> None:
    """R-THROW-FAIL (henan: a failed throw costs half a stake, paid in the
    match ledger): the ledger survives the snapshot kept to resume, through
    JSON as the store keeps it."""
    import json

    from solver.game.match import LedgerEntry
    from tutor.tui.models.shengji import ShengjiTable

    t = ShengjiTable("henan", seed=4, human_declare=False)
    t.match.ledger.append(LedgerEntry(0, 2, 0.5))
    t.match.ledger.append(LedgerEntry(1, 1, 0.5))
    back = ShengjiTable.restore(json.loads(json.dumps(t.snapshot())), human_declare=False)
    assert back.match.ledger == t.match.ledger
    assert back.hand.log == t.hand.log


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@sync
async def test_a_short_screen_keeps_why_a_challenge_never_pays(lang: str) -> None:
    """R-Y-DOWN, R-Y-FACE: at 80×24 a challenge hint shows the advice and the
    chance of a bluff only, but "Let it stand: … even if the card is a bluff"
    does not hang on the chance: the pile part (what a bluff would win) and
    the fixed parts (the reset, the seat) are why, and they are shown (a
    walk read the advice without them as wrong), and so is their sum."""
    from content.i18n import translate
    from tests.tui_util import screen_text
    from tutor.tui.models.yishang import YishangTable

    t = YishangTable(seed=0, bots="normal")
    advice = None
    for _ in range(120):
        if t.waiting_challenge:
            advice = t.hint_job()()
            if advice.reasons[0][0].endswith("_always"):
                break
            t.respond(False)
        else:
            a = t.hint_job()()
            t.take_advice(a)
            assert t.play(list(a.cards)) is None
    assert advice is not None and advice.reasons[0][0].endswith("_always")
    codes = [c for c, _p in advice.reasons]
    assert "yishang.hint.challenge.fixed_cost" in codes
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4")
        app.open_screen("play")
        await pilot.pause()
        screen = app.screen
        screen.table = t
        screen.redraw()
        screen.show_advice(advice)
        await pilot.pause()
        text = "".join(screen_text(app).split())
        said = {code: "".join(translate(code, lang, **dict(params)).split())
                for code, params in advice.reasons}
        assert said[codes[0]][:20] in text
        assert said["yishang.hint.challenge.fixed_cost"][:12] in text
        if any(c.startswith("yishang.hint.challenge.cost_pile") for c in codes):
            pile = next(c for c in codes if c.startswith("yishang.hint.challenge.cost_pile"))
            assert said[pile][:12] in text  # what a bluff would win, against the fixed parts (a walk)
        for code, params in advice.reasons:  # a seat part is shown when it adds something
            if code.startswith("yishang.hint.challenge.seat_"):
                zero = str(params.get("cost", "")).lstrip("+-") in ("0", "0.0")
                assert (said[code][:12] in text) != zero, params
        # the sum says what the parts' numbers are (cards, added up): without
        # it "Pile +2.0 · Reset +3.0" read as bare numbers (a walk), and it fits
        total = next(c for c in codes if c.startswith("yishang.hint.challenge.advice_"))
        assert said[total][:16] in text
        assert_fits(app)


@sync
async def test_continue_after_a_finished_lesson_opens_the_next_one_on_the_list() -> None:
    """Continue took a walk back into a lesson it had just finished, at step
    1 (Home read "step 10/10").  After a finished lesson, Continue opens the
    course's list on the first lesson not finished; an unfinished one is
    still resumed where it was left."""
    from lessons.catalog import course_list, load_lessons
    from tutor.tui.models.games import COURSE

    store = Store.memory()
    lessons = course_list(load_lessons(), COURSE["yishang"])
    first, second = lessons[0], lessons[1]
    store.advance_lesson(first.id, first.game, step=len(first.steps), finished=True, stars=3)
    store.set_setting("game", "yishang")
    store.set_setting("last_activity", {"screen": "learn", "game": "yishang", "lesson": first.id})
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        from tests.tui_util import screen_text
        assert "step 1/" not in " ".join(screen_text(app).split())
        screen = await _continue(pilot, app)
        assert screen.lesson is None
        lst = screen.query_one("#lesson-list")
        assert [ls.id for ls in screen.course()][lst.highlighted] == second.id
    store.advance_lesson(second.id, second.game, step=2)
    store.set_setting("last_activity", {"screen": "learn", "game": "yishang", "lesson": second.id})
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _continue(pilot, app)
        assert screen.lesson is not None and screen.lesson.id == second.id and screen.index == 2
