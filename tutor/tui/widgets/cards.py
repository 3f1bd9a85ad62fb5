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
from solver.cards import BIG_JOKER_RANK, Card, parse_cards
# the plain-text card words live outside the TUI (the command line says
# cards the same way); re-exported here for the screens
from tutor.cardtext import card_label, style_card_tokens, suit_symbol

RED, BLACK, JOKER_RED = "bold red", "bold", "bold magenta"


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


CARD_PARAMS = ("cards", "card", "lead", "play", "hand", "forced", "example", "always", "throw", "hidden",
               "standing")


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


__all__ = ["card_label", "style_card_tokens", "suit_symbol", "card_style", "card_text", "cards_text",
           "layout_hand", "HandLayout", "display_params", "CARD_PARAMS"]
