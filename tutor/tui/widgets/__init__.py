"""Widgets and card rendering shared by the screens."""

from tutor.tui.widgets.hand import CardsLine, HandView

__all__ = ["CardsLine", "HandView"]
