"""Shared screen behaviour: localized bindings and live language switching."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from content.i18n import _

if TYPE_CHECKING:
    from textual.binding import ActiveBinding

    from tutor.tui.app import TutorApp

#: Textual's own binding descriptions we show in the footer.
_BUILTIN = {"palette": "tui.key.palette", "Quit": "tui.key.quit"}


def localize_description(text: str) -> str:
    """Binding descriptions are message ids (``tui.key.*``), looked up when shown."""
    if text.startswith("tui."):
        return _(text)
    if text in _BUILTIN:
        return _(_BUILTIN[text])
    return text


def localize_bindings(bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
    out = {}
    for key, ab in bindings.items():
        b = ab.binding
        desc = localize_description(b.description) if b.description else b.description
        tip = localize_description(b.tooltip) if b.tooltip else b.tooltip
        out[key] = ab._replace(binding=dataclasses.replace(b, description=desc, tooltip=tip),
                               tooltip=tip)
    return out


class TutorScreen(Screen[Any]):
    """A screen whose texts come from the catalogs; ``relabel`` redraws them
    in the current language (state lives on the screen, not in widgets)."""

    #: Message id of the screen's name (shown in the header).
    TITLE_ID = "tui.app.title"

    @property
    def tutor(self) -> TutorApp:
        return self.app  # type: ignore[return-value]

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:  # type: ignore[override]
        return localize_bindings(super().active_bindings)

    def on_mount(self) -> None:
        self.sub_title = _(self.TITLE_ID)

    async def relabel(self) -> None:
        """Redraw every text in the current language."""
        self.sub_title = _(self.TITLE_ID)
        await self.recompose()
        self.after_relabel()
        self.refresh_bindings()  # the new footer must learn the (possibly changed) keys

    def after_relabel(self) -> None:
        """Restore focus or widget state after a redraw."""
