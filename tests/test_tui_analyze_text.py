"""Learner-facing text on the Analyze screen (tester's walk): errors quote
cards in the learner's suit style, never as card codes; an empty field is
said as every other empty field is, never with the request's kind code; a
number field's example is one its range accepts; an open dropdown's key is
named in the learner's language (Analyze and Settings)."""

from __future__ import annotations

import json
import re

import pytest

from checks import answer
from content.i18n import translate
from tests.test_tui_analyze_rules import open_analyze
from tests.tui_util import assert_fits, screen_lines, screen_text, sync
from tutor.store import Store
from tutor.tui.app import TutorApp
from tutor.tui.layout import verdict_mark
from tutor.tui.screens.analyze import SHENGJI_KINDS, YISHANG_KINDS

#: A card code standing alone (9H, 10H, QS, BJ), as the CLI and JSON write it.
CODE = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[SHDC](?![0-9A-Za-z])|(?<![A-Za-z])[BS]J(?![A-Za-z])")


def result(app) -> str:
    text = str(app.screen.result)
    assert text.startswith(verdict_mark(False)) and "\n" not in text, text
    return text


async def ask(pilot, app, **values: str) -> str:
    app.screen.set_values(**values)
    app.screen.action_ask()
    await pilot.pause()
    return result(app)


async def choose(pilot, app, kind: str):
    app.screen.query_one("#kind").value = kind
    await pilot.pause()
    await pilot.pause()
    return app.screen


# (language, suit style, play typed, the card as the learner reads it)
NOT_IN_HAND = [
    ("zh-Hant", "glyphs", "大王 紅心3", "大王"),
    ("zh-Hant", "glyphs", "黑桃Q 红桃3", "♠Q"),
    ("zh-Hans", "glyphs", "QS 3H", "♠Q"),
    ("zh-Hans", "cjk", "QS 3H", "黑Q"),
    ("zh-Hant", "cjk", "QH 3H", "紅Q"),
    ("zh-Hans", "letters", "BJ 3H", "大王"),  # letters: no code for a joker in Chinese either
    ("en", "glyphs", "QS 3H", "♠Q"),
    ("en", "letters", "QS 3H", "QS"),  # English letters keep the code: the learner chose it
]


@pytest.mark.parametrize(("lang", "style", "play", "card"), NOT_IN_HAND)
@sync
async def test_a_card_not_in_the_hand_is_quoted_in_the_suit_style(lang, style, play, card):
    """zh-Hant, Lead 10H 10H, Hand 9H 9H 3H, Play 大王 紅心3 read
    "✗「出牌」中的BJ不在「手牌」裡。": the engine's code, not the card typed.
    The line is the engine's message with the card drawn as the learner's
    suit style draws it, the fields named by their labels."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.set_suit_style(style)
        await open_analyze(pilot, app)
        line = await ask(pilot, app, level="2", trump="S", lead="10H 10H", hand="9H 9H 3H", play=play)
        want = translate("error.request.not_in_hand", lang, card=card,
                         field=translate("tui.analyze.field.play", lang),
                         hand=translate("tui.analyze.field.hand", lang))
        assert line.startswith(verdict_mark(False) + want[:1].upper() + want[1:].rstrip("。.")), line
        if not (lang == "en" and style == "letters"):
            assert not CODE.search(line), line
        assert_fits(app)


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
@sync
async def test_too_many_copies_is_quoted_in_the_suit_style(lang):
    """zh-Hans: Play 9H 9H 9H read "✗9H出现了3次，但整副牌只有2张。", and
    the throw question with the others' hands AH AH | 4D | 5S "✗AH出现了3次…"
    (a trick's plays likewise): the card in glyphs."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_analyze(pilot, app)
        line = await ask(pilot, app, level="2", trump="S", lead="10H 10H", hand="9H 9H 3H", play="9H 9H 9H")
        assert "♥9" in line and not CODE.search(line), line
        want = translate("error.cards.too_many_copies", lang, card="♥9", count=3, limit=2)
        assert want[:1].upper() + want[1:] in line, line
        await choose(pilot, app, "throw")
        line = await ask(pilot, app, throw="AS", others="AH AH AH | 4D | 5S")
        assert "♥A" in line and not CODE.search(line), line
        await choose(pilot, app, "trick")
        line = await ask(pilot, app, plays="KS | KS | KS | 3S")
        assert "♠K" in line and not CODE.search(line), line
        await choose(pilot, app, "trick")
        line = await ask(pilot, app, plays="KS 3H | 4S 5S")
        assert "♠K ♥3" in line and not CODE.search(line), line
        app.screen.paste(json.dumps({"hands": ["9H 9H 9H", None, None, None], "trick": [], "leader": 0,
                                     "level": "2", "trump": "S"}))
        await pilot.pause()
        line = result(app)
        assert "♥9" in line and not CODE.search(line), line
        assert_fits(app)


def test_the_command_line_and_json_keep_the_card_codes():
    """CONTRACT.md: the engine's own answer (the CLI's, the JSON's) still
    quotes card codes; only the Analyze screen draws them."""
    resp = answer({"kind": "follow", "rules": "henan", "level": "2", "trump": "S",
                   "lead": "10H 10H", "hand": "9H 9H 3H", "play": "9H 9H 9H"})
    assert resp["error"]["message"].startswith("9H appears 3 times")
    resp = answer({"kind": "follow", "rules": "henan", "level": "2", "trump": "S",
                   "lead": "10H 10H", "hand": "9H 9H 3H", "play": "BJ 3H"})
    assert resp["error"]["message"] == "BJ in 'play' is not in 'hand'"
    resp = answer({"kind": "score", "rules": "henan", "level": "2", "trump": "S",
                   "attacker_points": 5, "kitty": "5H", "attackers_won_last": True})
    assert resp["error"]["message"] == "a 'score' request needs the field 'last_lead'"


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
@sync
async def test_an_empty_field_never_names_the_request_kind(lang):
    """zh-Hans 120x40, 计算本局得分 with 末轮首家 empty read
    "✗“score”请求缺少字段“末轮首家”。": the kind's code.  It now says what
    every other empty field says ("末轮首家为空，请填写。"); and no question
    of the screen names its kind code or a JSON field name for an empty field."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_analyze(pilot, app)
        await choose(pilot, app, "score")
        yes = translate("tui.analyze.yes", lang)
        line = await ask(pilot, app, attacker_points="85", kitty="5H", attackers_won_last=yes)
        want = translate("input.empty_field", lang, field=translate("tui.analyze.field.last_lead", lang))
        assert line == verdict_mark(False) + want, line
        for kind in SHENGJI_KINDS:
            screen = await choose(pilot, app, kind)
            screen.values.clear()
            line = await ask(pilot, app, level="2", trump="S")
            assert not any(q.format(kind) in line for q in ("“{}”", "「{}」", "'{}'")), line
            assert not re.search(r"[a-z]+_[a-z]+", line), line  # no JSON field name either
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_analyze(pilot, app, key="4")
        assert screen.kind in YISHANG_KINDS
        line = await ask(pilot, app, target="7", declared="7", hand="7S", seen="", pile_size="3")
        assert "yishang-challenge" not in line, line


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
@sync
async def test_the_points_example_is_one_the_range_accepts(lang):
    """zh-Hans, 计算本局得分, 闲家得分 "abc" read "请填最多9位的整数，例如85或-5",
    then "-5" was refused ("必须在0到200之间"): the example must lie in the
    range.  Both now give the same line, 0 to 200 with 85 as the example."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_analyze(pilot, app)
        await choose(pilot, app, "score")
        label = translate("tui.analyze.field.attacker_points", lang)
        want = verdict_mark(False) + translate("tui.analyze.bad_points", lang, field=label, hi=200)
        for bad in ("abc", "-5", "--5", "1e3"):
            line = await ask(pilot, app, attacker_points=bad, kitty="5H", attackers_won_last="no")
            assert line == want, line
            assert "-5" not in line and "200" in line and "85" in line
        line = await ask(pilot, app, attacker_points="201", kitty="5H", attackers_won_last="no")
        assert "200" in line and "-" not in line.replace("0-9", ""), line
        app.screen.set_values(attacker_points="85")
        app.screen.action_ask()
        await pilot.pause()
        assert not str(app.screen.result).startswith(verdict_mark(False))


FOOTER_KEYS = {"zh-Hans": "收起菜单", "zh-Hant": "收起選單", "en": "Close menu"}


async def open_dropdown(pilot, app, sid: str) -> list[str]:
    select = app.screen.query_one(f"#{sid}")
    select.focus()
    await pilot.pause()
    select.expanded = True
    await pilot.pause()
    await pilot.pause()
    return screen_lines(app)


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
@sync
async def test_an_open_dropdown_names_its_key_in_the_learners_language(lang):
    """An open dropdown's footer read "esc Dismiss menu" in a Chinese UI
    (Textual's own binding text): it is named like every other key."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_analyze(pilot, app)
        for sid in ("kind", "source"):
            footer = (await open_dropdown(pilot, app, sid))[-1]
            assert "Dismiss" not in footer and FOOTER_KEYS[lang] in footer, footer
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        for sid in ("language", "suits", "bots", "mode"):
            footer = (await open_dropdown(pilot, app, sid))[-1]
            assert "Dismiss" not in footer and FOOTER_KEYS[lang] in footer, footer
            await pilot.press("escape")
            await pilot.pause()
        assert "Dismiss" not in screen_text(app)
