"""The command palette provider: every action of the app, localized."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider

from content.i18n import LANGUAGES, _
from tutor.tui.models.games import GAMES, SUIT_STYLES


class TutorCommands(Provider):
    """Go to a screen, pick a game, switch language or suit style."""

    def _commands(self) -> list[tuple[str, Callable[[], Any], str]]:
        app: Any = self.app
        out: list[tuple[str, Callable[[], Any], str]] = []
        for name in ("home", "learn", "quiz", "play", "analyze", "rules", "settings"):
            out.append((_(f"tui.cmd.open.{name}"), partial(app.open_screen, name),
                        _(f"tui.cmd.open.{name}.help")))
        for game in GAMES:
            out.append((_("tui.cmd.game", game=_(f"tui.game.{game}")), partial(app.set_game, game),
                        _("tui.cmd.game.help")))
        for lang in LANGUAGES:
            out.append((_("tui.cmd.language", language=_(f"tui.language.{lang}")),
                        partial(app.call_later, app.switch_language, lang),
                        _("tui.cmd.language.help")))
        for style in SUIT_STYLES:
            out.append((_("tui.cmd.suits", style=_(f"tui.suits.{style}")),
                        partial(app.call_later, app.set_suit_style, style),
                        _("tui.cmd.suits.help")))
        out.append((_("tui.cmd.quit"), app.exit, _("tui.cmd.quit.help")))
        return out

    async def discover(self) -> Hits:
        for label, callback, help_text in self._commands():
            yield DiscoveryHit(label, callback, help=help_text)

    async def search(self, query: str) -> AsyncIterator[Hit]:
        matcher = self.matcher(query)
        for label, callback, help_text in self._commands():
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), callback, help=help_text)
