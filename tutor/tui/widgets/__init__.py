"""Widgets and card rendering shared by the screens."""

from tutor.tui.widgets.hand import CardsLine, HandView, KeyHelp

__all__ = ["CardsLine", "HandView", "KeyHelp"]
