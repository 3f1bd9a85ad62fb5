"""AnalyzeScreen (placeholder until its content lands)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Header

from tutor.tui.base import TutorScreen
from tutor.tui.widgets import coming_soon


class AnalyzeScreen(TutorScreen):
    TITLE_ID = "tui.analyze.title"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.go_home", "tui.key.back", id="analyze.back"),
    ]

    def compose(self) -> ComposeResult:
        yield Header(icon="♣")
        yield coming_soon("tui.soon.analysis")
        yield Footer()
