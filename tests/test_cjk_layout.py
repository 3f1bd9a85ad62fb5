"""Chinese text wraps like Chinese: every catalog string in zh-Hans and
zh-Hant, formatted (each placeholder a number), is broken with the app's own
line breaking (tutor/tui/layout.py, installed into Textual's layout) at
widths 40–80, and no line starts with closing punctuation, none ends with
opening punctuation, and no number is split from its measure word ("7张").
The strings themselves put no half-width space between a number and Chinese."""

from __future__ import annotations

import re
import string

import pytest
from rich.cells import cell_len

from content.i18n import catalog
from tutor.tui.layout import CLOSING, OPENING, divide_line, is_cjk

CJK = r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]"
SPACED_NUMBER = re.compile(rf"{CJK} +[\d{{]|[\d}}] +{CJK}")


def formatted(text: str) -> str:
    names = {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(text) if f}
    try:
        return text.format(**{n: "7" for n in names})
    except (KeyError, IndexError, ValueError):
        return text


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_no_half_width_space_around_numbers(lang: str) -> None:
    bad = [k for k, v in catalog(lang).items() if SPACED_NUMBER.search(v)]
    assert not bad, bad[:10]


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_every_string_wraps_like_chinese(lang: str) -> None:
    problems = []
    for key, text in catalog(lang).items():
        for para in formatted(text).split("\n"):
            for width in range(40, 81):
                offsets = divide_line(para, width)
                lines = [para[a:b] for a, b in zip([0, *offsets], [*offsets, len(para)])]
                for at in offsets:
                    if para[at] in CLOSING or para[at:].lstrip(" ")[:1] in CLOSING or para[at - 1] in OPENING:
                        problems.append((key, width, "punct", para[max(0, at - 3):at + 3]))
                    elif para[at - 1].isdigit() and is_cjk(para[at]):
                        problems.append((key, width, "number", para[max(0, at - 3):at + 3]))
                for line in lines[:-1]:
                    if cell_len(line.rstrip()) > width and " " in para:
                        problems.append((key, width, "overflow", line))
    assert not problems, problems[:10]


def test_the_app_uses_this_line_breaking() -> None:
    import textual.content

    from tutor.store import Store
    from tutor.tui.app import TutorApp

    TutorApp(Store.memory(), language="zh-Hans")
    assert textual.content.divide_line is divide_line
    # "…7张" at the edge: the number goes down with its measure word
    text = "一" * 9 + "7张牌，好"
    assert divide_line(text, 20) == [9]
    assert divide_line("一" * 10 + "，好", 20) == [9]  # a comma never starts a line


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_quiz_card_lists_wrap_under_their_first_card(lang: str) -> None:
    """Issue 15 (80×24 layout): a quiz card list that wraps goes on under its
    first card (a hanging indent), at every width 40–80, in every language;
    cards are never split and none is lost, and every line fits."""
    from rich.console import Console

    from content.i18n import set_language
    from solver.cards import deck, format_cards
    from tutor.tui.screens.quiz import puzzle_diagram

    cards = deck()[:25]
    request = {"kind": "throw", "rules": "henan", "level": "2", "trump": "S",
               "throw": format_cards(cards[:3]), "others": [format_cards(cards[3:25]), "3H 4H"]}
    try:
        set_language(lang)
        for style in ("glyphs", "cjk", "letters"):
            rows = puzzle_diagram(request, style)
            labels = [h.plain for h, _b in rows.rows]
            tokens = [b.plain.split() for _h, b in rows.rows]
            for width in range(40, 81):
                console = Console(width=width, record=True, color_system=None)
                with console.capture() as cap:
                    console.print(rows)
                lines = cap.get().rstrip("\n").split("\n")
                assert all(cell_len(line) <= width for line in lines), (width, lines)
                got: list[list[str]] = []
                for line in lines:
                    label = next((lb for lb in labels if line.startswith(lb)), None)
                    if label is not None and len(got) < len(labels) and labels[len(got)] == label:
                        got.append(line[len(label):].split())
                        indent = cell_len(label)
                    else:  # a continuation line: indented exactly under the first card
                        assert line[:indent] == " " * indent and line[indent] != " ", (width, line)
                        got[-1].extend(line.split())
                assert got == tokens, (width, style, lines)
                assert any(line.startswith(" ") for line in lines) or width >= 75  # it did wrap
    finally:
        set_language("en")
