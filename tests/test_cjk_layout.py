"""Chinese text wraps like Chinese: every catalog string in zh-Hans and
zh-Hant, formatted (each placeholder a number), is broken with the app's own
line breaking (tutor/tui/layout.py, installed into Textual's layout) at
widths 40–80, and no line starts with closing punctuation, none ends with
opening punctuation, no number is split from its measure word ("7张") and
no card's ranks from its suit ("梅花2 2", "黑桃 K K"); a feedback's ✓ never
sits alone on its line.
The strings themselves put no half-width space between a number and Chinese."""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from content.i18n import catalog
from tutor.tui.layout import CLOSING, OPENING, divide_line, is_cjk

CJK = r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]"
#: a number, or a rank letter standing alone ("黑桃 A" beside "黑桃10": the
#: seeds write "梅花Q"), with a half-width space against Chinese text
SPACED_NUMBER = re.compile(rf"{CJK} +[\d{{]|[\d}}] +{CJK}"
                           rf"|{CJK} +[AJQK](?![0-9A-Za-z+])|(?<![0-9A-Za-z+])[AJQK] +{CJK}")
#: a card named in Chinese: suit, then its rank (twice for a pair):
#: "梅花2 2", "黑桃 K K", "红桃A", "红桃 ♥" (not a lone number: "打7")
RANK = r"(?:10|[2-9AJQK])"
CARD_RUN = re.compile(rf"[\u2e80-\u9fff](?: {RANK}(?: {RANK})*|{RANK}(?: {RANK})+|[AJQK]| [♠♥♦♣])(?![0-9A-Za-z])")


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
                    elif re.match(r"\d[–~～]\d", para[at - 2:at + 1]) or re.match(r"\d[–~～]\d", para[at - 1:at + 2]):
                        problems.append((key, width, "range", para[max(0, at - 4):at + 4]))
                    elif para[at - 1].isdigit() and is_cjk(para[at]):
                        problems.append((key, width, "number", para[max(0, at - 3):at + 3]))
                    elif any(m.start() < at < m.end() for m in CARD_RUN.finditer(para)):
                        # "梅花2" / "2。" or "黑桃" / "K K": a card's ranks stay with their suit
                        problems.append((key, width, "card", para[max(0, at - 4):at + 3]))
                for line in lines[:-1]:
                    if cell_len(line.rstrip()) > width and " " in para:
                        problems.append((key, width, "overflow", line))
                # a feedback is shown after its mark ("✓ 对了！…"): the mark never sits alone
                marked = divide_line("✓ " + para, width)
                if marked and marked[0] <= 2:
                    problems.append((key, width, "lone mark", para[:10]))
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
                longest = max(cell_len(h.plain) + cell_len(b.plain) for h, b in rows.rows)
                assert any(line.startswith(" ") for line in lines) or longest <= width  # it did wrap
    finally:
        set_language("en")


CARD = st.sampled_from([s + r for s in "♠♥♦♣" for r in ("10", "2", "9", "J", "Q", "K", "A")])


@settings(max_examples=200, deadline=None)
@given(lead=st.sampled_from(["不是一个牌型，而是2个：", "Hand: ", "首家出了", ""]),
       cards=st.lists(st.tuples(CARD, st.booleans()), min_size=1, max_size=14, unique_by=lambda t: t[0]),
       width=st.integers(min_value=12, max_value=80))
def test_a_card_or_a_pair_is_never_split(lead: str, cards: list, width: int) -> None:
    """The walk found "♣8" / "♣8（对子）" split at 80×24: a wrapped card list keeps
    each card whole ("♣" / "8" never) and the two cards of a pair together."""
    words = [f"{c} {c}" if pair else c for c, pair in cards]
    text = lead + " ".join(words) + "。"
    pairs = [m.span() for m in re.finditer(r"([♠♥♦♣](?:10|[2-9JQKA])) \1(?![0-9JQKA])", text)]
    for at in divide_line(text, width):
        assert text[at - 1] not in "♠♥♦♣", (text, width, at)
        assert not any(a < at < b for a, b in pairs), (text, width, at)


def test_chinese_fills_the_line_before_a_long_run_without_spaces():
    """Read at 80x24: "提示：出♠5 ♠7 ♠7" / "♠K。在64次…" wasted the first line,
    because Textual moves a long run without spaces whole to the next line.
    Chinese may break between any two characters: the line is filled."""
    from rich.cells import cell_len

    from tutor.tui.layout import divide_line

    text = ("提示：出♠5 ♠7 ♠7 ♠K。在64次抽樣發牌中，100%的情況下由對家贏下這一輪，"
            "所以藉機送上15分。閒家預期最終得分：49.5分（基於400次抽樣發牌）。")
    for width in (40, 60, 78):
        breaks = divide_line(text, width)
        lines = [text[a:b] for a, b in zip([0, *breaks], [*breaks, len(text)])]
        assert all(cell_len(x.rstrip()) <= width for x in lines)
        # every line but the last is full: the next character would not fit
        assert all(cell_len(x.rstrip()) >= width - 3 for x in lines[:-1]), lines


@pytest.mark.parametrize("width", range(8, 30))
def test_a_running_total_stays_with_its_sum(width):
    """The end-of-hand line "第6轮+10＝35" broke as "第6轮+10＝" / "35" in the
    learner walk of 2026-12-03: no break next to + or ＝ inside a sum."""
    text = "逐轮得分（＝后为闲家累计）： 第1轮庄家得5 · 第2轮+10＝10 · 第6轮+10＝35 · 第19轮+5＝85"
    sums = [m.span() for m in re.finditer(r"\+\d+＝\d+", text)]
    for at in divide_line(text, width):
        assert not any(a < at < b for a, b in sums), (width, text[:at], text[at:])


@pytest.mark.parametrize("width", range(20, 60))
def test_a_suit_sign_stays_with_its_name(width):
    """The bury hint at 80×24 broke "void in diamonds" / "♦, so you can
    trump" (the learner walk of 2026-12-03): a suit sign that is not a card
    stays on the line of the word it follows."""
    text = "Suggested bury (bot): ♦4 ♦5 ♦7. It leaves you void in diamonds ♦, so you can trump a lead there."
    for at in divide_line(text, width):
        assert not text[at:].lstrip().startswith("♦,"), (width, text[:at])


@pytest.mark.parametrize("width", range(10, 60))
def test_no_single_character_alone_on_the_last_line(width):
    """A last line of one character and its full stop ("牌。") is legal by
    the line-breaking rules but reads as a stray: the last line always
    carries at least two characters (the learner walk of 2026-12-03)."""
    for text in ("在37次抽样发牌中，这手牌每次都能赢下这一轮（很可能如此，但不保证），本轮平均约有15分。",
                 "對家亮♥2報主。輪到你出牌，請出一張牌。", "甩牌成立不等于赢下这一轮。"):
        offsets = divide_line(text, width)
        lines = [text[a:b] for a, b in zip([0, *offsets], [*offsets, len(text)])]
        assert all(cell_len(x.rstrip()) <= width for x in lines), lines
        last = lines[-1].strip()
        assert len(offsets) == 0 or sum(1 for ch in last if ch not in CLOSING) >= 2, (width, lines)


@pytest.mark.parametrize("width", range(12, 80))
def test_a_latin_word_inside_chinese_text_stays_whole(width):
    """The 一上一下 Analyze help broke "En" / "ter 或 Ctrl+R 提问" at 80×24 (the
    learner walk of 2026-12-03): a key name or word written in Latin letters
    inside Chinese text is never split."""
    text = "牌的写法：红桃10、红10或♥10（这个游戏没有大小王）；点数写7、10、J、Q、K、A。Enter 或 Ctrl+R 提问。"
    words = [m.span() for m in re.finditer(r"[A-Za-z][A-Za-z0-9+]*", text)]
    for at in divide_line(text, width):
        assert not any(a < at < b for a, b in words), (width, text[:at], text[at:])


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
@pytest.mark.parametrize("width", range(20, 81, 3))
def test_a_line_of_keys_breaks_only_between_its_items(lang, width):
    """The 一上一下 key line broke "s 保" / "存" at 80×24 (the learner walk of
    2026-12-03): a line of keys wraps between its items only, each item
    whole, and every line fits."""
    from content.i18n import translate
    from tutor.tui.layout import KEY_SEP, key_lines

    for key in ("tui.ys.help", "tui.play.help", "tui.play.help_bury"):
        text = translate(key, lang, last=translate("tui.play.key_last_hide", lang))
        items = text.split(KEY_SEP)
        if max(cell_len(i) for i in items) > width:
            continue  # an item wider than the line breaks as any text does
        lines = key_lines(text, width).split("\n")
        assert all(cell_len(x) <= width for x in lines), lines
        assert [i for x in lines for i in x.split(KEY_SEP)] == items


#: Declaration choices as the Play screen lists them (R-H-DECLARE: a joker
#: with a pair or a tractor of the level's suit; 五三二's jokers as a pair).
CHOICES = [["小王", "♣Q", "♣Q"], ["♥5", "♥5"], ["小王", "♣Q", "♣Q", "♣K", "♣K"],
           ["大王", "大王"], ["小王", "♣Q", "♣Q", "♣K", "♣K"]]


@given(st.lists(st.sampled_from(CHOICES), min_size=2, max_size=9), st.integers(24, 80))
@settings(max_examples=200, deadline=None)
def test_a_choice_is_never_split(choices, width):
    """A zh-Hans declaration choice wrapped inside itself at 80×24 ("5) 小王
    ♣Q ♣Q" / "♣K ♣K", the walk of 2026-12-03), and "大王" broke as "大" /
    "王": choices listed on a line break between choices, each whole, and
    a joker's name is never split."""
    from tutor.tui.layout import ITEM_SEP

    items = [f"{i + 1}) " + " ".join(c) for i, c in enumerate(choices)]
    text = ITEM_SEP.join(items) + ITEM_SEP
    cuts = divide_line(text, width)
    lines = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)])]
    assert all(cell_len(x.rstrip()) <= width for x in lines), lines
    assert [i for x in lines for i in x.split(ITEM_SEP) if i.strip()] == items, lines
    for at in cuts:
        assert text[at - 1:at + 1] not in ("大王", "小王"), lines


@pytest.mark.parametrize("width", range(24, 60))
def test_numbers_ordinals_and_suit_names_stay_whole(width):
    """The hint walk of session 35 at 80×24: "…比次好的出法♦6好2." / "8分。"
    split a decimal, "第" / "9輪+10＝35" an ordinal, "第14轮" / "+20＝20" a
    trick from its gain, and "你只有2张梅" / "花 ♣" a suit's name.  None of
    them is broken at a width a screen gives them (narrower than "第12輪+20＝55
    ·" a line may break inside the item, never inside a number or a sum)."""
    from tutor.tui.layout import SUIT_WORDS

    texts = ["提示：出♦J。按109次抽样发牌平均，对你方来说这样出比次好的出法♦6好2.8分。闲家得分达到80分的概率：24%。",
             "逐輪得分（＝後為閒家累計）：第8輪+15＝25 · 第9輪+10＝35 · 第12輪+20＝55 · 第19輪甩牌失敗−10＝45",
             "按跟牌规则，这是你唯一合法的出法。你只有2张梅花 ♣（♣10 ♣10），首家出了2张：手里的梅花 ♣必须全出。",
             "紅心 ♥和方塊 ♦是副牌；黑桃 ♠是主牌。红桃 ♥和方块 ♦也一样。"]
    for text in texts:
        for at in divide_line(text, width):
            pair = text[at - 1:at + 1]
            assert not re.fullmatch(r"\d\.|\.\d", pair), (width, text[:at])
            assert not (text[at - 1] == "第" and text[at].isdigit()), (width, text[:at])
            assert pair not in SUIT_WORDS, (width, text[:at])
            assert not (text[at] in "+−" and is_cjk(text[at - 1])), (width, text[:at])


@pytest.mark.parametrize("text, width, whole", [
    # the learner walk of 2026-12-03, 80x24
    ("R-TIE: when two plays are equal the first wins (the 五三二 description does not say otherwise).",
     40, "五三二"),
    ("Quiz rating 1500 (provisional), streak 0 (best 0)", 46, "(best 0)"),
    ("✗答错了。这里底牌0分 × 4 = 0，105 + 0 = 105，所以庄家升一级。", 30, "105 + 0 = 105"),
])
def test_names_asides_and_sums_stay_on_one_line(text, width, whole):
    """A Chinese name in English text ("五三" / "二"), a two-word aside
    ("(best" / "0)") and a written sum ("0，105" / "+ 0 = 105") each stay on
    one line when the line can be broken elsewhere."""
    from tutor.tui.layout import divide_line

    cuts = divide_line(text, width)
    lines = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)])]
    assert any(whole in line for line in lines), lines


@given(st.integers(0, 70), st.integers(30, 78))
def test_a_count_with_percents_and_negative_numbers_stays_whole(pad, width):
    """The 一上一下 count broke as "座位-0.1 = -4%" / "× 2：…" at 80 columns (a
    walk): a written product with a percent or a negative number is one
    piece, wherever the line falls."""
    from tutor.tui.layout import divide_line

    formula = "-0.1 = -4% × 2"
    text = "重" * pad + "座位" + formula + "：成功质疑会让你换成暗出的座位，价值2（不用摸牌）。"
    cuts = divide_line(text, width)
    start = text.index(formula)
    assert not any(start < c < start + len(formula) for c in cuts), (pad, width, cuts)


@given(st.integers(0, 70), st.integers(30, 78))
def test_a_product_of_points_with_their_measure_word_stays_whole(pad, width):
    """The quiz's kitty sum broke as "底牌10分" / "× 4 = 40" at 80 columns (a
    walk): a number with its measure word times a number is one piece."""
    from tutor.tui.layout import divide_line

    formula = "10分 × 4 = 40"
    text = "重" * pad + "扣底：底牌" + formula + "分，加到闲家的得分里。"
    cuts = divide_line(text, width)
    start = text.index(formula)
    assert not any(start < c < start + len(formula) for c in cuts), (pad, width, cuts)


@given(st.integers(0, 70), st.integers(20, 78), st.sampled_from(["單張×2", "对子×4", "×12"]))
def test_a_multiplier_stays_with_its_factor(pad, width, product):
    """The rules reference broke 扣底's multipliers as "…單張×" / "2，對子×4"
    at 80 columns (a walk): "×2" stays whole, on the line of what it multiplies."""
    from tutor.tui.layout import divide_line

    text = "重" * pad + "扣底倍数：" + product + "，拖拉机每对再乘。"
    cuts = divide_line(text, width)
    times = text.index("×")
    assert times not in cuts and times + 1 not in cuts, (pad, width, cuts)


@pytest.mark.parametrize("lang", ["zh-Hant", "en"])
def test_the_quiz_key_line_breaks_between_its_items(lang):
    """The quiz's key line at 80 columns broke inside "n 下一題（在輸入框裡按
    Ctrl+N）" (a walk): it is drawn as a key line, broken only between items."""
    from content.i18n import translate
    from tests.tui_util import sync
    from tutor.store import Store
    from tutor.tui.app import TutorApp
    from tutor.tui.layout import KEY_SEP

    @sync
    async def run() -> None:
        app = TutorApp(Store.memory(), language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            app.open_screen("quiz")
            await pilot.pause()
            nav = app.screen.query_one("#nav")
            text = str(nav.text)
            items = text.split(KEY_SEP)
            drawn = str(nav.render())
            for line in drawn.split("\n"):
                assert all(part in items for part in line.split(KEY_SEP)), (line, items)
            assert text in (translate("tui.quiz.nav", lang), translate("tui.quiz.nav.number", lang),
                            translate("tui.quiz.nav.cards", lang))

    run()


@given(st.integers(0, 60), st.integers(24, 78))
def test_a_sides_name_and_a_running_total_stay_whole(pad, width):
    """The hand's end broke "第13轮闲" / "家+30（共75）" and "（共" / "20）" (a
    walk): the side's name and "共20" are each one piece."""
    from tutor.tui.layout import divide_line

    text = "重" * pad + "第4轮台下+20（共20） · 第13轮闲家+30（共75） · 第20轮庄家得10"
    cuts = divide_line(text, width)
    for word in ("台下", "闲家", "庄家", "共20", "共75"):
        at = text.index(word)
        assert not any(at < c < at + len(word) for c in cuts), (word, pad, width, cuts)
