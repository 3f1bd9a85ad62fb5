"""Rendered-screen checks at 80x24 in every language: every screen of
every game fits (no row wider than 80 cells, CJK counted double) and shows
its key labels whole."""

from __future__ import annotations

import re

import pytest

from content.i18n import translate
from tests.tui_util import assert_fits, assert_shown, screen_lines, screen_text, sync
from tutor.store import Store
from tutor.tui.app import GAMES, TutorApp

LANGS = ("en", "zh-Hans", "zh-Hant")
#: a rule's code ("R-FOLLOW", "R-W-DEAL"): Settings showed "（R-FOLLOW）" and
#: Rules "R-W-DEAL  摸牌" to a Chinese reader
RULE_CODE = re.compile(r"(?<![A-Za-z])R-[A-Z]")
SCREENS = ("learn", "quiz", "play", "analyze", "rules", "settings")


def footer_ok(app, lang):
    """The footer row ends with the palette key, so nothing before it was cut."""
    last = screen_lines(app)[-1]
    assert translate("tui.key.palette", lang) in last, last
    assert translate("tui.key.quit", lang) in last, last  # the last key before the palette is whole
    assert translate("tui.key.back", lang) in last or translate("tui.key.learn", lang) in last, last


async def drawn(pilot, app):
    """Wait until the footer row is drawn (under load the first frame of a
    screen can come before it: CI saw a blank last row once)."""
    for _ in range(100):
        if screen_lines(app)[-1].strip():
            return
        await pilot.pause(0.05)


async def walk(lang, plan):
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await drawn(pilot, app)
        assert_fits(app)
        assert_shown(app, translate("tui.home.games", lang), *(translate(f"tui.game.{g}", lang) for g in GAMES))
        footer_ok(app, lang)
        for gi, screens in plan:
            await pilot.press(str(gi + 1))
            for name in screens:
                app.open_screen(name, **({"seed": 1} if name == "play" else {}))
                await pilot.pause()
                await pilot.pause()
                await drawn(pilot, app)
                assert_fits(app)
                assert app.screen.sub_title == translate(f"tui.{name}.title", lang)
                if lang.startswith("zh"):  # plain words: no rule code on a Chinese screen
                    assert not RULE_CODE.search(screen_text(app)), (name, screen_text(app))
                footer_ok(app, lang)
                await pilot.press("escape")
                await pilot.pause()


@pytest.mark.parametrize("lang", LANGS)
@sync
async def test_every_screen_of_every_game_fits(lang):
    """Every screen of every game (the default run includes the slow runs
    now, so the 河南双升-and-一上一下 subset that ran before this is gone)."""
    await walk(lang, [(gi, SCREENS) for gi in range(len(GAMES))])


@pytest.mark.parametrize("style", ["glyphs", "letters", "cjk"])
@sync
async def test_suit_styles_fit(style):
    store = Store.memory()
    store.set_setting("suit_style", style)
    app = TutorApp(store, language="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        app.open_screen("play", seed=9)
        await pilot.pause()
        assert_fits(app)
        text = "\n".join(screen_lines(app))
        if style != "glyphs":
            assert "♠" not in text and "♥" not in text
