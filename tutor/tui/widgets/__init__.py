"""Widgets and card rendering shared by the screens."""

from tutor.tui.widgets.hand import CardsLine, HandView, coming_soon

__all__ = ["CardsLine", "HandView", "coming_soon"]
