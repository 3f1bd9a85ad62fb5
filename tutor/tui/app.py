"""The Textual app: :class:`TutorApp`.

The app holds the progress :class:`~tutor.store.Store`, the chosen game and
the display settings; screens are pushed by name (``open_screen``) and
imported on first use (the engine modules they need load with them, never
at start).  Switching the language redraws every screen in the stack at
once (``switch_language``).

Layers: the app imports the screens (:mod:`tutor.tui.screens`), the
screens import widgets (:mod:`tutor.tui.widgets`) and Textual-free models
(:mod:`tutor.tui.models`); nothing imports the app.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from content.i18n import LANGUAGES, _, get_language, normalize_language, set_language
from tutor.store import Store
from tutor.tui.layout import install as install_cjk_wrap
from tutor.tui.base import TutorScreen, localize_bindings
from tutor.tui.models.games import BOT_LEVELS, COURSE, GAMES, SUIT_STYLES, Family, family
from tutor.tui.screens.home import HomeScreen

__all__ = ["BOT_LEVELS", "COURSE", "GAMES", "SCREENS", "SUIT_STYLES", "TutorApp"]

#: Screen name → (module, class); "play" is one screen per game family (PLAY_SCREENS).
SCREENS: dict[str, tuple[str, str]] = {
    "home": ("tutor.tui.screens.home", "HomeScreen"),
    "learn": ("tutor.tui.screens.learn", "LearnScreen"),
    "quiz": ("tutor.tui.screens.quiz", "QuizScreen"),
    "play": ("tutor.tui.screens.play_shengji", "ShengjiPlayScreen"),
    "analyze": ("tutor.tui.screens.analyze", "AnalyzeScreen"),
    "rules": ("tutor.tui.screens.rules", "RulesScreen"),
    "settings": ("tutor.tui.screens.settings", "SettingsScreen"),
}
PLAY_SCREENS: dict[str, tuple[str, str]] = {
    Family.SHENGJI: SCREENS["play"],
    Family.YISHANG: ("tutor.tui.screens.play_yishang", "YishangPlayScreen"),
}
#: Engine failures are logged here, beside the progress database.
LOG_FILE = "tutor.log"


def _commands_provider() -> Any:
    """The palette provider, imported when the palette first opens (Textual's
    command machinery is a tenth of the start-up time)."""
    from tutor.tui.commands import TutorCommands

    return TutorCommands


class TutorApp(App[None]):
    CSS_PATH = str(Path(__file__).with_name("tutor.tcss"))
    TITLE = "shengji-tutor"
    COMMANDS: ClassVar[set[Any]] = {_commands_provider}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "tui.key.quit", id="app.quit", priority=True),
        Binding("f2", "open('settings')", "tui.key.settings", id="app.settings", show=False),
        Binding("f1", "go_home", "tui.key.home", id="app.home", show=False),
        Binding("question_mark", "show_keys", "tui.key.keys", id="app.keys", show=False),
    ]

    def __init__(self, store: Store | None = None, *, language: str | None = None) -> None:
        super().__init__()
        install_cjk_wrap()  # Chinese text breaks like Chinese (tutor/tui/layout.py)
        self._own_store = store is None
        #: the write refusals already told this run (:meth:`_check_store`)
        self._write_errors_said: set[tuple[str, tuple[tuple[str, str], ...]]] = set()
        self.store = store if store is not None else Store.open_default()
        saved = self.store.setting("language")
        lang = normalize_language(language) or normalize_language(saved) or get_language()
        set_language(lang)
        self.game: str = self.store.setting("game", "henan")
        if self.game not in GAMES:
            self.game = "henan"
        self.suit_style: str = self.store.setting("suit_style", "glyphs")
        if self.suit_style not in SUIT_STYLES:
            self.suit_style = "glyphs"
        self.bot_level: str = self.store.setting("bot_level", "normal")
        #: Practice games allow undo; match games do not.
        self.practice: bool = bool(self.store.setting("practice", True))
        self.title = _("tui.app.title")
        self._log_to_home()

    def _log_to_home(self) -> None:
        """Engine failures are logged to ``tutor.log`` beside the progress
        database (nowhere with an in-memory store)."""
        path = getattr(self.store, "path", None)
        logger = logging.getLogger("tutor")
        if path is None or any(isinstance(h, logging.FileHandler) for h in logger.handlers):
            return
        try:
            handler = logging.FileHandler(Path(path).with_name(LOG_FILE), encoding="utf-8", delay=True)
        except OSError:
            return
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)

    # -- screens ---------------------------------------------------------------

    def get_default_screen(self) -> TutorScreen:
        return HomeScreen()

    def on_mount(self) -> None:
        if self.store.notice:
            msgid, params = self.store.notice
            self.notify(_(msgid, **params), severity="warning", timeout=15)
        self.set_interval(0.5, self._check_store)

    def _check_store(self) -> None:
        """Say once when a write failed (disk full, read-only): never a crash."""
        if self.store.write_error:
            msgid, params = self.store.write_error
            self.store.write_error = None
            # once per cause and run: the same refusal at every lesson step
            # stacked three toasts over the answers at 80×24 (a walk)
            said = (msgid, tuple(sorted(params.items())))
            if said in self._write_errors_said:
                return
            self._write_errors_said.add(said)
            self.notify(_(msgid, **params), severity="error", timeout=10)

    def make_screen(self, name: str, **kwargs: Any) -> TutorScreen:
        """A screen by name, its module imported on first use (start-up stays fast)."""
        module_name, cls_name = PLAY_SCREENS[family(self.game)] if name == "play" else SCREENS[name]
        cls = getattr(importlib.import_module(module_name), cls_name)
        return cls(**kwargs)  # type: ignore[no-any-return]

    def open_screen(self, name: str, **kwargs: Any) -> None:
        """Show a screen by name above the home screen (one activity at a time)."""
        if name == "home":
            self.action_go_home()
            return
        self._leave(self.screen_stack[1:])
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.pop_screen()
        self.push_screen(self.make_screen(name, **kwargs))
        if name in ("learn", "quiz", "play", "analyze"):
            last = self.store.setting("last_activity")
            if not (isinstance(last, dict) and last.get("screen") == name and last.get("game") == self.game):
                self.store.set_setting("last_activity", {"screen": name, "game": self.game})

    def action_open(self, name: str) -> None:
        self.open_screen(name)

    def action_show_keys(self) -> None:
        """?: the keys of the screen below, in words (:class:`KeysScreen`)."""
        from tutor.tui.base import KeysScreen, key_rows

        if isinstance(self.screen, KeysScreen):
            return
        self.push_screen(KeysScreen(key_rows(self.screen)))

    def action_go_home(self) -> None:
        self._leave(self.screen_stack[1:])
        while len(self.screen_stack) > 1:
            self.pop_screen()

    @staticmethod
    def _leave(screens: Iterable[Any]) -> None:
        """Screens about to be taken away keep what must not be lost (a hand in progress)."""
        for screen in screens:
            if isinstance(screen, TutorScreen):
                screen.leaving()

    def action_command_palette(self) -> None:
        from textual.command import CommandPalette  # start-up: see _commands_provider

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(id="--command-palette",
                                            placeholder=_("tui.palette.placeholder")))

    def get_system_commands(self, screen: Any) -> Iterable[Any]:
        return ()

    @property
    def active_bindings(self) -> Any:
        return localize_bindings(super().active_bindings)

    # -- settings ----------------------------------------------------------------

    def game_name(self, game: str | None = None) -> str:
        return _(f"tui.game.{game or self.game}")

    def set_game(self, game: str) -> None:
        if game in GAMES and game != self.game:
            self.game = game
            self.store.set_setting("game", game)

    def rule_options(self, game: str | None = None) -> dict[str, Any]:
        opts = self.store.setting(f"options:{game or self.game}", {})
        return opts if isinstance(opts, dict) else {}

    def set_rule_option(self, game: str, name: str, value: Any) -> None:
        opts = self.rule_options(game)
        opts[name] = value
        self.store.set_setting(f"options:{game}", opts)

    async def set_suit_style(self, style: str) -> None:
        if style in SUIT_STYLES:
            self.suit_style = style
            self.store.set_setting("suit_style", style)
            await self.relabel_all()

    def set_bot_level(self, level: str) -> None:
        if level in BOT_LEVELS:
            self.bot_level = level
            self.store.set_setting("bot_level", level)

    async def switch_language(self, lang: str) -> None:
        """Switch the language live: every screen in the stack is redrawn."""
        lang = normalize_language(lang) or "en"
        if lang not in LANGUAGES:
            return
        set_language(lang)
        self.store.set_setting("language", lang)
        self.title = _("tui.app.title")
        await self.relabel_all()

    async def relabel_all(self) -> None:
        """Redraw the active screen now; a screen under it redraws itself when
        it comes back. Recomposing a hidden screen from the active screen's
        handler can race with the hidden screen's own message pump: the likely
        cause of CI once finding the home screen without its widgets after a
        suit-style change (not reproduced locally in 55 tries)."""
        for screen in list(self.screen_stack):
            if isinstance(screen, TutorScreen):
                if screen is self.screen:
                    await screen.relabel()
                else:
                    screen.stale_labels = True
        self.refresh_bindings()

    @property
    def lang(self) -> str:
        return get_language()

    def on_unmount(self) -> None:
        if self._own_store:
            self.store.close()
