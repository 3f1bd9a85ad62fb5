"""Line breaking that respects Chinese text (a small 禁则, kinsoku, rule set).

Textual wraps a line at spaces and folds a long run of characters anywhere,
so Chinese text could break between a number and its measure word ("7" /
"张") or start a line with closing punctuation ("，以及…").  :func:`divide_line`
takes the break positions Textual's own wrapping (Rich's ``divide_line``)
chooses and moves a break that falls on such a spot one character earlier,
until it is allowed (never emptying a line).  :func:`install` makes the
widgets use it; the CJK layout test wraps every catalog string with it.

A labelled list (``Hand: ♠A ♠K …``) wraps with a hanging indent: its
continuation lines start under the first card (:func:`hang`,
:class:`HangingRows`), breaking only where :func:`divide_line` allows.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rich._wrap import divide_line as _rich_divide_line
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.text import Text

from content.i18n import _, get_language

#: A line never starts with these (closing punctuation and marks).
CLOSING = frozenset("、，。．：；！？）」』】〕〉》”’…·%％,.:;!?)]}")
#: A line never ends with these (opening punctuation).
OPENING = frozenset("（「『【〔〈《“‘([{")


def label(msgid: str) -> str:
    """A label before a list (of cards, of tricks): a space after it, but
    none after a full-width colon (底牌是：♥3, not 底牌是： ♥3, the audit of
    the Play screen)."""
    text = _(msgid)
    return text if text.endswith("：") else text + " "


def verdict_mark(ok: bool, lang: str | None = None) -> str:
    """The mark before a verdict or an error, in ``lang`` (default: the
    current language): "✓ " / "✗ " in English; in Chinese no space
    ("✗还不对。"), so the mark wraps with the text and reads like the
    full-width punctuation around it.

    >>> verdict_mark(False, "en"), verdict_mark(True, "zh-Hant")
    ('✗ ', '✓')
    """
    lang = lang or get_language()
    return ("✓" if ok else "✗") + ("" if lang.startswith("zh") else " ")


def is_cjk(ch: str) -> bool:
    o = ord(ch)
    return 0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF


#: Chinese text names cards by suit and rank, a pair by its rank twice
#: ("梅花2 2", "黑桃 K K", "方块8 8 9 9", "红桃A", "红桃 ♥"): from the suit's last
#: character to the last rank, such a run stays on one line (a lone number,
#: "打7", is not a card and breaks as before).
_RANK = r"(?:10|[2-9AJQK])"
_RANK_RUN = __import__("re").compile(rf"(?<=[\u2e80-\u9fff])( {_RANK}(?: {_RANK})*|{_RANK}(?: {_RANK})+|[AJQK]| [♠♥♦♣])(?![0-9A-Za-z])")


@__import__("functools").lru_cache(maxsize=512)
def _rank_spans(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(m.span() for m in _RANK_RUN.finditer(text))


def _inside_rank_run(text: str, at: int) -> bool:
    return any(a <= at < b for a, b in _rank_spans(text))


#: The suits of the Chinese card style (``黑7 红10 紅4 方A 梅Q``, widgets.cards).
CJK_SUITS = "黑红紅方梅"

#: A card drawn with its suit glyph (``♣10``).
_GLYPH_CARD = __import__("re").compile(r"[♠♥♦♣](?:10|[2-9AJQK])")


def _splits_pair(text: str, at: int) -> bool:
    """A break between the two cards of a pair (``♣8 ♣8``)."""
    j = at + 1 if text[at] == " " else at  # a break on the space between them, or after it
    here = _GLYPH_CARD.match(text, j)
    return bool(here and text[j - 1] == " " and text[:j - 1].endswith(here.group()))


#: The suits' names, in the characters a line must not break between.
SUIT_WORDS = frozenset({"黑桃", "红桃", "紅桃", "红心", "紅心", "梅花", "方块", "方塊"})
#: Two-character words of the table a line never splits: the sides and
#: seats ("第13轮闲" / "家+30" at 120 columns, a walk), trumps.
TABLE_WORDS = frozenset({"闲家", "閒家", "庄家", "莊家", "台上", "台下", "对家", "對家", "上家", "下家",
                         "主牌", "底牌", "对面", "對面"})


#: Measure words a number written in a sum may carry ("10分 × 4").
MEASURES = "分张張倍"

#: The signs of a sum written out ("80 × 2 = 160", "105 + 0 = 105").
SUM_SIGNS = "+＋=＝×−－"


def _in_sum(text: str, at: int) -> bool:
    """A break at a space of a written sum: the sign before or after it has
    a number on its other side."""
    if text[at - 1] != " " and text[at] != " ":
        return False
    left = text[:at].rstrip(" ")
    right = text[at:].lstrip(" ")
    if not left or not right:
        return False
    # a number may end in a percent sign or start with its sign ("-4% × 2",
    # "= -4%": the 一上一下 count broke there at 80 columns, a walk)
    ends = left[-1].isdigit() or (left[-1] == "%" and left[-2:-1].isdigit()) \
        or (left[-1] in MEASURES and left[-2:-1].isdigit())  # "底牌10分 × 4 = 40" (a walk broke it before "×")
    starts = right[0].isdigit() or (right[0] in "-−+" and right[1:2].isdigit())
    if right[0] in SUM_SIGNS and ends:
        return True
    return left[-1] in SUM_SIGNS and starts


def _embedded_name(text: str, at: int) -> bool:
    """``at`` falls inside a short run of Chinese characters set in Latin
    text ("the 五三二 description", "(河南双升)"): a name, kept whole."""
    a = at
    while a > 0 and is_cjk(text[a - 1]):
        a -= 1
    b = at
    while b < len(text) and is_cjk(text[b]):
        b += 1
    return b - a <= 8 and _mostly_latin(text)


@__import__("functools").lru_cache(maxsize=512)
def _mostly_latin(text: str) -> bool:
    """Fewer than 3 in 10 of the text's characters are Chinese (counted once
    per text: a line's every break point asks)."""
    letters = [ch for ch in text if not ch.isspace()]
    return sum(map(is_cjk, letters)) < 0.3 * len(letters)


def allowed(text: str, at: int, soft: bool = True) -> bool:
    """May a line start at ``text[at]``?  ``soft=False`` drops the rules
    that only keep words together (an ordinal, a suit's name, a trick's
    gain), for a line too narrow to keep every rule."""
    if at <= 0 or at >= len(text):
        return True
    before, here = text[at - 1], text[at]
    first = text[at:].lstrip(" ")[:1]
    if here in CLOSING or first in CLOSING or before in OPENING:
        return False
    if before.isascii() and before.isalpha() and here.isascii() and here.isalnum():
        return False  # "En" / "ter": a Latin word inside Chinese text stays whole
    if before.isdigit() and (here.isdigit() or is_cjk(here)):
        return False  # "7张", "12": a number stays with its measure word
    if before == " " and at >= 2 and text[at - 2].isdigit() and is_cjk(here):
        return False  # "7 张" where a space remains
    if (before in "–~～" and at >= 2 and text[at - 2].isdigit() and here.isdigit()) or \
            (here in "–~～" and before.isdigit() and text[at + 1:at + 2].isdigit()):
        return False  # "80–115": a range stays whole
    if before in "=＝+＋−－" and (here.isdigit() or here in "=＝"):
        return False  # "+10＝" / "35": a running total stays with its sum
    if before == "-" and here.isdigit() and (at < 2 or text[at - 2] in " =＝(（" or is_cjk(text[at - 2])):
        return False  # "= -" / "4%": a negative number keeps its sign
    if (before == "." and at >= 2 and text[at - 2].isdigit() and here.isdigit()) or \
            (here == "." and before.isdigit() and text[at + 1:at + 2].isdigit()):
        return False  # "好2." / "8分": a decimal number stays whole
    if soft and here in "+＋−－-" and is_cjk(before) and text[at + 1:at + 2].isdigit():
        return False  # "第14轮" / "+20＝20": a trick's gain stays with its label
    if soft and before == "第" and here.isdigit():
        return False  # "第" / "9輪": an ordinal stays with its number
    if soft and before + here in SUIT_WORDS:
        return False  # "梅" / "花 ♣": a suit's name is one word
    if soft and before + here in TABLE_WORDS:
        return False  # "闲" / "家+30": a side's name is one word
    if soft and before in "共计計约約乘" and here.isdigit():
        return False  # "（共" / "20）", "乘" / "2（40分）": a number stays with its word
    if soft and is_cjk(before) and is_cjk(here) and _embedded_name(text, at):
        return False  # "(the 五三" / "二 description": a Chinese name inside other text is one word
    if soft and _in_sum(text, at):
        return False  # "…，105" / "+ 0 = 105": a sum stays on one line
    if soft and before == " " and text[:at].rstrip().rsplit(" ", 1)[-1].startswith("(") \
            and text[at:].split(" ", 1)[0].rstrip(".,;:").endswith(")"):
        return False  # "(best" / "0)": a two-word aside stays together
    if here in "=＝" and before.isdigit():
        return False
    if (before == "×" and here.isdigit()) or (here == "×" and before != " " and text[at + 1:at + 2].isdigit()):
        return False  # "单张×" / "2": a multiplier stays with its factor and what it multiplies
    if here in "♠♥♦♣" and before == " " and not _GLYPH_CARD.match(text, at):
        return False  # "diamonds" / "♦, so": a suit sign stays with its name
    if before in "♠♥♦♣" and here not in " \n":
        return False  # "♣" / "8": a card is never split
    if before in "大小" and here == "王":
        return False  # "大" / "王": a joker's name is one card
    if before in CJK_SUITS and (here.isdigit() or here in "AJQK"):
        return False  # "黑" / "7": nor a card in the Chinese card style
    if _splits_pair(text, at):
        return False  # "♣8" / "♣8": a pair stays on one line
    if _inside_rank_run(text, at):
        return False  # "梅花2" / "2": a card's ranks stay with its suit
    return True


def _last_fitting(text: str, start: int, width: int) -> int | None:
    """The last allowed break after ``start`` that still fits ``width``: at a
    space, or beside a Chinese character (Chinese may break between any two)."""
    from rich.cells import cell_len

    for b in range(min(len(text) - 1, start + width), start + 1, -1):
        if (text[b - 1] == " " or is_cjk(text[b]) or is_cjk(text[b - 1])) and allowed(text, b) \
                and cell_len(text[start:b].rstrip()) <= width and len(text[start:b].strip()) > 1:
            return b
    return None


def divide_line(text: str, width: int, fold: bool = True) -> list[int]:
    """The character offsets where ``text`` breaks to fit ``width`` cells."""
    breaks: list[int] = []
    start = 0
    while True:
        offsets = _rich_divide_line(text[start:], width, fold)
        if not offsets:
            return breaks
        first = start + offsets[0]
        at = first
        lone = text[start:at].strip()  # a mark alone on its line ("✓" before a long Chinese text)
        if not allowed(text, at) or (len(lone) == 1 and not lone.isalnum()):
            # the fullest line that ends where a line may end; else one
            # character earlier at a time; else Textual's own break
            best = _last_fitting(text, start, width)
            if best is not None:
                at = best
            else:
                while at > start + 1 and not allowed(text, at):
                    at -= 1
                if not allowed(text, at):  # too narrow for every rule: keep the hard ones
                    at = first
                    while at > start + 1 and not allowed(text, at, soft=False):
                        at -= 1
                    if not allowed(text, at, soft=False):
                        at = first
        if any(is_cjk(ch) for ch in text[start:at + width]):
            # Chinese may break between any two characters: Textual moves a
            # long run without spaces ("♠K。在64次…") whole to the next line
            # and leaves this one short; fill it instead
            fuller = _last_fitting(text, start, width)
            if fuller is not None and fuller > at:
                at = fuller
            at = _no_orphan(text, start, at)
        at = _between_items(text, start, at)
        breaks.append(at)
        start = at


#: Between the choices of a list on one line ("1) 小王 ♣Q ♣Q   2) ♥5 ♥5").
ITEM_SEP = "   "


def _between_items(text: str, start: int, at: int) -> int:
    """``at``, or the start of the item it falls in when the line holds
    items apart by :data:`ITEM_SEP` and an earlier item ends on it: a
    choice is never split ("5) 小王 ♣Q ♣Q" / "♣K ♣K", the walk of
    2026-12-03), unless it is the only one on its line."""
    if at >= len(text) or text[at - len(ITEM_SEP):at] == ITEM_SEP or text[at:at + 1] == " ":
        return at
    cut = text.rfind(ITEM_SEP, start + 1, at)
    if cut < 0 or not text[start:cut].strip():
        return at
    return cut + len(ITEM_SEP)


def _orphan(rest: str) -> bool:
    """A last line of one Chinese character and its closing punctuation
    ("牌。"): allowed by the rules above, but it looks like a stray."""
    rest = rest.strip()
    return bool(rest) and is_cjk(rest[0]) and rest[0] not in CLOSING and all(
        ch in CLOSING for ch in rest[1:])


def _no_orphan(text: str, start: int, at: int) -> int:
    """``at``, or the allowed break just before it when the text left after
    ``at`` would be an orphan: the last line then carries two characters."""
    if not _orphan(text[at:]):
        return at
    for b in range(at - 1, start + 1, -1):
        if (text[b - 1] == " " or is_cjk(text[b]) or is_cjk(text[b - 1])) and allowed(text, b) \
                and len(text[start:b].strip()) > 1:
            return b
    return at


#: Narrower than this beside its label, a list starts on the next line instead.
MIN_HANG = 12


def hang(head: Text, body: Text, width: int) -> Text:
    """``head`` then ``body`` wrapped to ``width`` cells, every continuation
    line indented to where ``body`` starts (a hanging indent); a label too
    wide for that puts the list on the next line, indented two cells.

    >>> hang(Text("Hand: "), Text("AS KS QS JS 10S 9S"), 20).plain
    'Hand: AS KS QS JS\\n      10S 9S'
    """
    indent = cell_len(head.plain)
    if width - indent < MIN_HANG and indent > 2:
        label = head.copy()
        label.rstrip()
        return Text.assemble(label, "\n", hang(Text("  "), body, width))
    pieces = body.divide(divide_line(body.plain, max(1, width - indent)))
    out = head.copy()
    for i, piece in enumerate(pieces):
        if i:
            out.append("\n" + " " * indent)
        piece.rstrip()
        lead = len(piece.plain) - len(piece.plain.lstrip(" "))  # a break moved onto the space before a card
        out.append_text(piece[lead:])
    return out


#: What separates the items of a line of keys ("h hint · u undo").
KEY_SEP = " · "


def key_lines(text: str, width: int) -> str:
    """A line of keys and what they do, broken only between its items, each
    item kept whole: "s 保存", never "s 保" / "存" (the walk of 2026-12-03
    at 80×24).  A line without items, or an item wider than ``width``,
    breaks as any text does (:func:`divide_line`).

    >>> print(key_lines("h hint · u undo · s save", 16))
    h hint · u undo
    s save
    """
    width = max(width, 1)
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for item in para.split(KEY_SEP):
            joined = line + KEY_SEP + item if line else item
            if line and cell_len(joined) > width:
                out.append(line)
                line = item
            else:
                line = joined
        out.append(line)
    final: list[str] = []
    for line in out:
        if cell_len(line) <= width:
            final.append(line)
            continue
        cuts = divide_line(line, width)
        final.extend(line[a:b].strip() for a, b in zip([0, *cuts], [*cuts, len(line)]))
    return "\n".join(final)


class HangingRows:
    """Labelled rows (label, list) that wrap with a hanging indent at
    whatever width they are drawn (a Rich renderable, so a ``Static`` can
    show it and redraws it on a resize)."""

    def __init__(self, rows: Sequence[tuple[Text, Text]] = ()) -> None:
        self.rows = list(rows)

    def __bool__(self) -> bool:
        return bool(self.rows)

    def add(self, head: Text, body: Text) -> None:
        self.rows.append((head, body))

    def text(self, width: int) -> Text:
        """Every row wrapped to ``width`` cells, one after the other."""
        return Text("\n").join(hang(h, b, width) for h, b in self.rows)

    @property
    def plain(self) -> str:
        """The rows unwrapped, one a line (what a search or a test reads)."""
        return "\n".join(h.plain + b.plain for h, b in self.rows)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        yield self.text(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(h.plain) + cell_len(b.plain) for h, b in self.rows), default=0)
        return Measurement(min(widest, MIN_HANG), min(widest, options.max_width))


def install() -> None:
    """Make Textual's text layout break lines with :func:`divide_line`."""
    import textual.content

    textual.content.divide_line = divide_line  # type: ignore[attr-defined]


__all__ = ["CLOSING", "OPENING", "HangingRows", "allowed", "divide_line", "hang", "install", "label"]
