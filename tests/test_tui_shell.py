"""The app shell: home screen, settings with live language switch, the
command palette; rendered at 80x24 in every language."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from content.i18n import get_language, translate
from tests.tui_util import assert_fits, assert_shown, screen_text, sync
from tutor.store import Store
from tutor.tui.app import GAMES, TutorApp
from tutor.tui.base import ConfirmScreen

LANGS = ("en", "zh-Hans", "zh-Hant")


@pytest.mark.parametrize("lang", LANGS)
@sync
async def test_home_renders_at_80x24(lang):
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert_fits(app)
        assert_shown(app, *(translate(f"tui.game.{g}", lang) for g in GAMES))
        assert_shown(app, translate("tui.key.learn", lang), translate("tui.key.settings", lang),
                     translate("tui.home.do.continue", lang))


@pytest.mark.slow  # the default suite walks every screen in tests/test_tui_render.py
@sync
async def test_pick_game_and_open_screens():
    store = Store.memory()
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        assert app.game == "wusaner" and store.setting("game") == "wusaner"
        assert_shown(app, "Jokers, 5s, 3s and 2s")
        for key, title in (("l", "Learn"), ("q", "Quiz"), ("p", "Play"), ("a", "Analyze"), ("r", "Rules")):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen.sub_title == title
            assert_fits(app)
            await pilot.press("escape")
            await pilot.pause()
            if isinstance(app.screen, ConfirmScreen):  # leaving a hand asks first (issue 15)
                await pilot.press("y")
                await pilot.pause()
            assert app.screen.sub_title == "Home"


@pytest.mark.parametrize("target", ["zh-Hans", "zh-Hant"])
@sync
async def test_switch_language_live(target):
    store = Store.open_default()
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert_shown(app, "Language", "Suits")
        select = app.screen.query_one("#language", Select)
        select.value = target
        await pilot.pause()
        await pilot.pause()
        assert get_language() == target
        assert store.setting("language") == target
        assert_shown(app, translate("tui.settings.language", target), translate("tui.key.back", target))
        assert "Language" not in screen_text(app)
        assert_fits(app)
        await pilot.press("escape")
        await pilot.pause()
        # The home screen below was redrawn too.
        assert_shown(app, translate("tui.home.games", target), translate("tui.key.learn", target))
        assert "Choose a game" not in screen_text(app)
    # The saved language is used next time.
    from content.i18n import set_language
    set_language("en")
    TutorApp(Store.open_default())
    assert get_language() == target


@sync
async def test_language_switch_with_keyboard():
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        await pilot.pause()
        assert get_language() == "zh-Hans"
        assert_shown(app, "语言")


@sync
async def test_suit_style_setting():
    store = Store.memory()
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        home = app.screen_stack[-2]
        app.screen.query_one("#suits", Select).value = "cjk"
        await pilot.pause()
        assert app.suit_style == "cjk" and store.setting("suit_style") == "cjk"
        # The home screen under Settings is not rebuilt from Settings' handler
        # (that can race with its own message pump, the likely cause of CI once
        # finding it without its widgets); it rebuilds itself when it comes
        # back, whole and focused.
        assert home.stale_labels
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is home and not home.stale_labels
        games = home.query_one("#games")
        assert home.focused is games and games.highlighted == GAMES.index(app.game)
        assert_shown(app, translate("tui.home.games", "en"))


@sync
async def test_command_palette_lists_app_actions():
    app = TutorApp(Store.memory(), language="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"设置")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.sub_title == translate("tui.settings.title", "zh-Hans")


@sync
async def test_corrupt_store_message_not_crash(tmp_path):
    path = tmp_path / "progress.db"
    path.write_bytes(b"garbage" * 1000)
    app = TutorApp(Store(path), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert any("damaged" in n.message for n in app._notifications)
        assert_fits(app)


@sync
async def test_language_switch_keeps_state_and_rewrites_messages():
    """Live switch in the middle of a hand, a puzzle and a lesson: nothing is
    lost and no message stays in the old language."""
    import pytest as _pytest

    _pytest.importorskip("solver.game.hand")
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        app.open_screen("play", seed=3)
        await pilot.pause()
        t = app.screen.table
        assert app.screen.play_cards(t.suggest())
        await pilot.pause()
        n = len(t.my_cards())
        await app.switch_language("zh-Hans")
        await pilot.pause()
        assert app.screen.table is t and len(t.my_cards()) == n
        text = screen_text(app)
        for english in ("won the trick", "Your turn", "Trick"):
            assert english not in text
        assert_fits(app)
        app.open_screen("quiz")
        await pilot.pause()
        q = app.screen
        from lessons.puzzles import options
        opts = options(q.puzzle)
        q.answer(opts[0][2] if opts else 0)
        await pilot.pause()
        pid = q.puzzle.id
        await app.switch_language("zh-Hant")
        await pilot.pause()
        assert app.screen.puzzle.id == pid
        assert "Not this time" not in screen_text(app) and "Right!" not in screen_text(app)
        assert_fits(app)


@pytest.mark.parametrize("lang", LANGS)
@sync
async def test_home_marks_a_new_rating_provisional(lang):
    """The home screen shows the rating as the Quiz does: a new learner's
    1500 is provisional (it will swing ~280 points on the first answer);
    a settled rating (deviation at most PROVISIONAL_RD) is shown plain."""
    from tutor.rating import PROVISIONAL_RD

    store = Store.memory()
    app = TutorApp(store, language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert_shown(app, translate("tui.quiz.rating.provisional", lang, rating=1500))
    store.conn.execute("INSERT INTO ratings(subject, rating, rd, vol, games) VALUES(?, ?, ?, ?, 30)",
                       ("learner:henan", 1642.0, PROVISIONAL_RD - 20, 0.06))
    store.conn.commit()
    app = TutorApp(store, language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        plain = translate("tui.home.rating", lang, rating="1642", streak=0, best=0)
        assert_shown(app, plain)
        assert translate("tui.quiz.rating.provisional", lang, rating=1642) not in screen_text(app)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@sync
async def test_question_mark_lists_the_screens_keys_in_words(lang):
    """? on a screen lists its keys with what they do, the ones the key line
    leaves out too (F1, F2), in the learner's language, and any key closes
    the list (a walk pressed ? and nothing happened)."""
    from content.i18n import translate
    from tests.test_tui_play import open_play
    from tests.tui_util import assert_fits, screen_text
    from tutor.tui.base import KeysScreen

    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        for opened in ("home", "play"):
            if opened == "play":
                await open_play(pilot, app, key="1")
            below = app.screen
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, KeysScreen)
            text = screen_text(app)
            assert translate("tui.keys.title", lang) in text
            for key in ("tui.key.home", "tui.key.settings", "tui.key.quit"):
                assert translate(key, lang) in text, key
            if opened == "play":
                assert translate("tui.key.hint", lang) in text and translate("tui.key.new_match", lang) in text
            assert "Focus Next" not in text and "tui." not in text
            assert_fits(app)
            await pilot.press("x")
            await pilot.pause()
            assert app.screen is below
