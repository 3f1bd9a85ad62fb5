"""The command line says cards in the learner's words in Chinese (♥9, 小王),
never a code like 9H or SJ inside a Chinese sentence ("1号位亮SJ 6C 6C"
read on a learner walk: SJ looks like ♠J); English keeps the ASCII notation
of CONTRACT.md, and ``--json`` is never touched (R-DECK: the cards and
jokers named)."""

from __future__ import annotations

import json
import re

import pytest

from content.i18n import set_language
from tutor.cli import main

#: a card code standing alone (as tests/test_learner_text.py defines it)
CARD_CODE = re.compile(r"(?<![A-Za-z0-9_-])(10|[2-9JQKA])([SHDC])(?![A-Za-z0-9_-])"
                       r"|(?<![A-Za-z0-9_-])(BJ|SJ)(?![A-Za-z0-9_-])")
GLYPH_CARD = re.compile(r"[♠♥♦♣](10|[2-9JQKA])|大王|小王")


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("cli") / "h.jsonl"
    set_language("en")
    assert main(["selfplay", "--rules", "henan", "--hands", "1", "--seed", "3", "--out",
                 str(path)]) == 0
    return str(path)


def _out(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    capsys.readouterr()
    try:
        assert main(list(argv)) == 0
    finally:
        set_language("en")
    return capsys.readouterr().out


COMMANDS = [
    ("check", "trick", "--rules", "henan", "--level", "2", "--trump", "S",
     "--plays", "9H", "BJ", "10H", "SJ"),
    ("check", "follow", "--rules", "henan", "--level", "2", "--trump", "S",
     "--lead", "10H 10H", "--hand", "9H 9H 3H 4D 5S", "--play", "3H 4D"),
    ("replay", "{hands}"),
    ("review", "{hands}", "--hand", "1", "--seat", "0"),
]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: a[0] + ("-" + a[1] if a[0] == "check" else ""))
@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_chinese_output_names_cards_in_words(capsys, hands, argv, lang) -> None:
    argv = tuple(hands if a == "{hands}" else a for a in argv)
    text = _out(capsys, "--lang", lang, *argv)
    assert GLYPH_CARD.search(text), text
    assert not CARD_CODE.search(text), CARD_CODE.search(text)


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: a[0] + ("-" + a[1] if a[0] == "check" else ""))
def test_english_output_keeps_the_notation(capsys, hands, argv) -> None:
    argv = tuple(hands if a == "{hands}" else a for a in argv)
    text = _out(capsys, "--lang", "en", *argv)
    assert CARD_CODE.search(text), text


def test_json_keeps_the_notation_in_chinese(capsys) -> None:
    text = _out(capsys, "--lang", "zh-Hans", "check", "trick", "--rules", "henan", "--level", "2",
                "--trump", "S", "--plays", "9H", "BJ", "10H", "SJ", "--json")
    resp = json.loads(text)
    assert resp["winner"] == 1 and resp["points"] == 10
