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

#: A line never starts with these (closing punctuation and marks).
CLOSING = frozenset("、，。．：；！？）」』】〕〉》”’…·%％,.:;!?)]}")
#: A line never ends with these (opening punctuation).
OPENING = frozenset("（「『【〔〈《“‘([{")


def is_cjk(ch: str) -> bool:
    o = ord(ch)
    return 0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF


def allowed(text: str, at: int) -> bool:
    """May a line start at ``text[at]``?"""
    if at <= 0 or at >= len(text):
        return True
    before, here = text[at - 1], text[at]
    first = text[at:].lstrip(" ")[:1]
    if here in CLOSING or first in CLOSING or before in OPENING:
        return False
    if before.isdigit() and (here.isdigit() or is_cjk(here)):
        return False  # "7张", "12": a number stays with its measure word
    if before == " " and at >= 2 and text[at - 2].isdigit() and is_cjk(here):
        return False  # "7 张" where a space remains
    return True


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
        while at > start + 1 and not allowed(text, at):
            at -= 1
        if at <= start + 1 and not allowed(text, at):
            at = first  # no better place on this line: keep Textual's
        breaks.append(at)
        start = at


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

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        yield self.text(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(h.plain) + cell_len(b.plain) for h, b in self.rows), default=0)
        return Measurement(min(widest, MIN_HANG), min(widest, options.max_width))


def install() -> None:
    """Make Textual's text layout break lines with :func:`divide_line`."""
    import textual.content

    textual.content.divide_line = divide_line  # type: ignore[attr-defined]


__all__ = ["CLOSING", "OPENING", "HangingRows", "allowed", "divide_line", "hang", "install"]
