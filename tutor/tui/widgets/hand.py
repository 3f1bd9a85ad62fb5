"""Widgets shared by the screens: a selectable hand, card diagrams, panels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from content.i18n import get_language
from solver.cards import Card
from tutor.tui.widgets.cards import HandLayout, cards_text, layout_hand
from tutor.tui.layout import key_lines


class HandView(Widget, can_focus=True):
    """A row of cards: ←/→ move, space selects, enter submits; a click
    toggles the card under the mouse."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "tui.key.left", show=False, id="hand.left"),
        Binding("right", "move(1)", "tui.key.right", show=False, id="hand.right"),
        Binding("up", "row(-1)", show=False, id="hand.up"),
        Binding("down", "row(1)", show=False, id="hand.down"),
        Binding("home", "move(-999)", show=False, id="hand.first"),
        Binding("end", "move(999)", show=False, id="hand.last"),
        # Shown in each screen's help line instead of the footer (80 columns are few).
        Binding("space", "toggle", "tui.key.select", id="hand.select", show=False),
        Binding("enter", "submit", "tui.key.submit", id="hand.submit", show=False),
        Binding("backspace,delete", "clear", "tui.key.clear", show=False, id="hand.clear"),
    ]

    class Submitted(Message):
        def __init__(self, hand: HandView, cards: list[Card]) -> None:
            super().__init__()
            self.hand = hand
            self.cards = cards

    class Changed(Message):
        def __init__(self, hand: HandView) -> None:
            super().__init__()
            self.hand = hand

    def __init__(self, cards: Sequence[Card] = (), *, pick: int | None = None,
                 style: str = "glyphs", id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: list[Card] = list(cards)
        self.selected: set[int] = set()
        self.cursor = 0
        self.pick = pick
        self.style = style
        self.marks: frozenset[int] = frozenset()
        self.disabled_input = False
        self._layout: HandLayout | None = None

    def set_cards(self, cards: Sequence[Card], *, pick: int | None = None) -> None:
        self.cards = list(cards)
        self.selected = set()
        self.marks = frozenset()
        self.cursor = min(self.cursor, max(len(self.cards) - 1, 0))
        self.pick = pick
        self.refresh(layout=True)

    def selection(self) -> list[Card]:
        return [self.cards[i] for i in sorted(self.selected)]

    def select_cards(self, cards: Sequence[Card]) -> None:
        """Select these cards (by face, one copy each time): for hints and tests."""
        self.selected = set()
        for card in cards:
            for i, c in enumerate(self.cards):
                if c == card and i not in self.selected:
                    self.selected.add(i)
                    break
        self.refresh()
        self.post_message(self.Changed(self))

    def mark(self, cards: Sequence[Card]) -> None:
        marks: set[int] = set()
        for card in cards:
            for i, c in enumerate(self.cards):
                if c == card and i not in marks:
                    marks.add(i)
                    break
        self.marks = frozenset(marks)
        self.refresh(layout=True)

    def _lay(self, width: int) -> HandLayout:
        return layout_hand(self.cards, width, selected=frozenset(self.selected),
                           cursor=self.cursor if self.has_focus else None, style=self.style,
                           lang=get_language(), marks=self.marks)

    def render(self) -> Text:
        self._layout = self._lay(self.content_region.width or self.size.width)
        return self._layout.text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, self._lay(width).text.plain.count("\n") + 1)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, delta: int) -> None:
        if self.cards:
            self.cursor = max(0, min(len(self.cards) - 1, self.cursor + delta))
            self.refresh()

    def action_row(self, delta: int) -> None:
        """Up/down: the card above or below the cursor (hands wrap over rows)."""
        lay = self._layout
        if lay is None or not lay.spans or self.cursor >= len(lay.spans):
            return
        row, start, _end = lay.spans[self.cursor]
        target = [(abs(s - start), i) for i, (r, s, _e) in enumerate(lay.spans) if r == row + delta]
        if target:
            self.cursor = min(target)[1]
            self.refresh()

    def toggle(self, index: int) -> None:
        if not 0 <= index < len(self.cards) or self.disabled_input:
            return
        if index in self.selected:
            self.selected.discard(index)
        else:
            if self.pick == 1:
                self.selected.clear()
            self.selected.add(index)
        self.refresh()
        self.post_message(self.Changed(self))

    def action_toggle(self) -> None:
        self.toggle(self.cursor)

    def action_clear(self) -> None:
        """Clear the selection (a hint's too, and its marks)."""
        self.selected.clear()
        self.marks = frozenset()
        self.refresh(layout=True)
        self.post_message(self.Changed(self))

    def action_submit(self) -> None:
        if not self.disabled_input:
            self.post_message(self.Submitted(self, self.selection()))

    def on_click(self, event: Any) -> None:
        if self._layout is None:
            return
        x = event.x - self.gutter.left
        y = event.y - self.gutter.top
        index = self._layout.hit(x, y)
        if index is not None:
            self.cursor = index
            self.toggle(index)


class CardsLine(Static):
    """A labelled line of cards (a diagram: lead, trick, kitty…)."""

    def __init__(self, label: str, cards: Sequence[Card], style: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.label = label
        self.cards = list(cards)
        self.suit_style = style

    def render(self) -> Text:
        out = Text(self.label + " " if self.label else "", style="bold")
        out.append_text(cards_text(self.cards, self.suit_style, get_language()))
        return out



class KeyHelp(Static):
    """A line of keys ("h hint · u undo · …") that wraps only between its
    items at whatever width it is drawn (:func:`tutor.tui.layout.key_lines`)."""

    def __init__(self, text: str = "", **kwargs: Any) -> None:
        super().__init__(text, **kwargs)
        self.text = text

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        self.text = str(content)
        super().update(content, layout=layout)

    def render(self) -> Any:
        width = self.content_region.width or self.size.width
        if not width or not self.text:
            return super().render()
        return key_lines(self.text, width)
