"""Card rendering for the terminal: suit styles, colours, hand layout.

Suit styles (a setting):

- ``glyphs``: ♠ ♥ ♦ ♣ (East-Asian *ambiguous* width: many CJK terminals
  draw them two cells wide, which shifts every column after them);
- ``letters``: S H D C (always one cell);
- ``cjk``: 黑 红 梅 方 (always two cells: safe on CJK terminals).

Rendering returns Rich ``Text`` and, for hands, the cell span of every card
so a click can be mapped back to the card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from content.i18n import suit_named
from solver.cards import BIG_JOKER_RANK, RANK_NAMES, Card, parse_cards

_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CJK = {
    "zh-Hant": {"S": "黑", "H": "紅", "D": "方", "C": "梅"},
    "default": {"S": "黑", "H": "红", "D": "方", "C": "梅"},
}
RED, BLACK, JOKER_RED = "bold red", "bold", "bold magenta"


def suit_symbol(suit: str, style: str = "glyphs", lang: str = "en") -> str:
    """The symbol of a suit letter (``S H D C``) in a suit style.

    >>> [suit_symbol(s, "cjk") for s in "SHDC"]
    ['黑', '红', '方', '梅']
    >>> suit_symbol("H", "letters"), suit_symbol("H")
    ('H', '♥')
    """
    if style == "letters":
        return suit
    if style == "cjk":
        return (_CJK.get(lang) or _CJK["default"])[suit]
    return _GLYPHS[suit]


def card_label(card: Card, style: str = "glyphs", lang: str = "en") -> str:
    """Plain text of one card: ``♥10``, ``10H`` (letters), ``红10``; jokers
    ``BJ``/``SJ`` (大王/小王 in Chinese).

    >>> from solver.cards import Card
    >>> card_label(Card.parse("10H")), card_label(Card.parse("10H"), "letters")
    ('♥10', '10H')
    >>> card_label(Card.parse("BJ"), "glyphs", "zh-Hans")
    '大王'
    """
    if card.is_joker:
        big = card.rank == BIG_JOKER_RANK
        if lang.startswith("zh"):
            return "大王" if big else "小王"
        return "BJ" if big else "SJ"
    rank = RANK_NAMES[card.rank]
    if style == "letters":
        return rank + card.suit
    return suit_symbol(card.suit, style, lang) + rank


def card_style(card: Card) -> str:
    if card.is_joker:
        return JOKER_RED if card.rank == BIG_JOKER_RANK else BLACK
    return RED if card.suit in ("H", "D") else BLACK


def card_text(card: Card, style: str = "glyphs", lang: str = "en") -> Text:
    return Text(card_label(card, style, lang), style=card_style(card))


def cards_text(cards: Sequence[Card], style: str = "glyphs", lang: str = "en", sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c, style, lang))
    if not cards:
        out.append("—", style="dim")
    return out


@dataclass(frozen=True)
class HandLayout:
    """A hand laid out in rows: ``text`` to show, ``spans[i]`` = (row, start,
    end) cells of card i."""

    text: Text
    spans: tuple[tuple[int, int, int], ...]

    def hit(self, x: int, y: int) -> int | None:
        """Index of the card drawn at cell (x, y), if any."""
        for i, (row, start, end) in enumerate(self.spans):
            if row == y and start <= x < end:
                return i
        return None


def layout_hand(cards: Sequence[Card], width: int, *, selected: frozenset[int] = frozenset(),
                cursor: int | None = None, style: str = "glyphs", lang: str = "en",
                marks: frozenset[int] = frozenset()) -> HandLayout:
    """Lay ``cards`` out in rows of at most ``width`` cells; selected cards
    are reversed, the cursor underlined, ``marks`` (e.g. hinted) starred.

    >>> from solver.cards import parse_cards
    >>> lay = layout_hand(parse_cards("10H 9H 3S"), 12, style="letters")
    >>> lay.text.plain
    '10H 9H 3S'
    >>> lay.hit(4, 0), lay.hit(3, 0)
    (1, None)
    """
    width = max(width, 6)
    text = Text()
    spans: list[tuple[int, int, int]] = []
    row, col = 0, 0
    for i, card in enumerate(cards):
        label = card_label(card, style, lang)
        if i in marks:
            label = label + "*"
        w = cell_len(label)
        if col and col + 1 + w > width:
            text.append("\n")
            row, col = row + 1, 0
        elif col:
            text.append(" ")
            col += 1
        st = card_style(card)
        if i in selected:
            st += " reverse"
        if i == cursor:
            st += " underline"
        text.append(label, style=st)
        spans.append((row, col, col + w))
        col += w
    if not cards:
        text.append("—", style="dim")
    return HandLayout(text, tuple(spans))


CARD_PARAMS = ("cards", "card", "lead", "play", "hand", "forced", "example", "always", "throw", "hidden")


def display_params(params: dict[str, object], style: str = "glyphs", lang: str = "en") -> dict[str, object]:
    """Message parameters with card lists drawn in the suit style
    (``{"cards": "AS KD"}`` → ``{"cards": "♠A ♦K"}``); anything else as is.

    >>> display_params({"cards": "AS KD", "n": 1})
    {'cards': '♠A ♦K', 'n': 1}
    """
    out = suit_named(params)  # an engine reason's suit, by name
    for key in CARD_PARAMS:
        value = out.get(key)
        if isinstance(value, str) and value.strip():
            try:
                out[key] = " ".join(card_label(c, style, lang) for c in parse_cards(value, max_copies=None))
            except ValueError:
                pass
    return out


#: A card code standing alone: not inside an ASCII word or an R-ID, but
#: right next to Chinese text ("你跟出9H。") it is a card (CJK letters are ``\w``).
_CARD_TOKEN = __import__("re").compile(r"(?<![0-9A-Za-z_-])(10|[2-9JQKA])([SHDC])(?![0-9A-Za-z_-])"
                                       r"|(?<![0-9A-Za-z_-])(BJ|SJ)(?![0-9A-Za-z_-])")


def style_card_tokens(text: str, style: str = "glyphs", lang: str = "en") -> str:
    """Engine texts write cards in ASCII (``9H 9H``); show them in the suit style.

    >>> style_card_tokens("Beaten units: 9H 9H, KH. Rule R-THROW-BEAT")
    'Beaten units: ♥9 ♥9, ♥K. Rule R-THROW-BEAT'
    >>> style_card_tokens("♥2 9H在这里不合法", lang="zh-Hans")
    '♥2 ♥9在这里不合法'
    >>> style_card_tokens("play 10S", "letters")
    'play 10S'
    >>> style_card_tokens("例如8S 8S。", "glyphs", "zh-Hans")
    '例如♠8 ♠8。'
    """
    if style == "letters":
        return text

    def repl(m: object) -> str:
        token = m.group(0)  # type: ignore[attr-defined]
        try:
            return card_label(Card.parse(token), style, lang)
        except ValueError:
            return token

    return _CARD_TOKEN.sub(repl, text)
