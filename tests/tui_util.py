"""Helpers for the TUI pilot tests: the rendered screen as text lines."""

from __future__ import annotations

from rich.cells import cell_len


def screen_lines(app) -> list[str]:
    """The current screen as the terminal shows it, one string per row
    (wide characters count as two cells, as in a CJK terminal)."""
    strips = app.screen._compositor.render_strips()
    return [strip.text for strip in strips]


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


def assert_fits(app, width: int = 80, height: int = 24) -> list[str]:
    lines = screen_lines(app)
    assert len(lines) <= height, len(lines)
    for line in lines:
        assert cell_len(line) <= width, line
    return lines


def assert_shown(app, *labels: str) -> None:
    """Every label appears whole on one rendered row (nothing cut off)."""
    text = screen_text(app)
    for label in labels:
        assert label in text, f"{label!r} not on screen:\n{text}"


def sync(fn):
    """Run an async pilot test with asyncio (no pytest-asyncio needed)."""
    import asyncio
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return asyncio.run(fn(*args, **kwargs))

    return wrapper
