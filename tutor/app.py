"""Entry point of the Textual app (placeholder until the TUI issue lands)."""

from __future__ import annotations


def run_app() -> int:
    from tutor.tui.app import TutorApp  # noqa: PLC0415  (lazy: fast CLI start)

    TutorApp().run()
    return 0
