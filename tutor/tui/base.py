"""Shared screen behaviour: localized bindings and live language switching.

Screens reach the app through :class:`TutorHost` (what :class:`~tutor.tui.app.TutorApp`
offers them), so no screen imports the app module: the app imports the
screens, never the other way round.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from content.i18n import _

from tutor.rating import Glicko
from tutor.store import Store

if TYPE_CHECKING:
    from textual.binding import ActiveBinding

log = logging.getLogger("tutor.tui")


class TutorHost(Protocol):
    """What the screens use of the app: the store, the chosen game and the
    settings, and the navigation."""

    store: Store
    game: str
    suit_style: str
    bot_level: str
    practice: bool

    def game_name(self, game: str | None = None) -> str: ...

    def set_game(self, game: str) -> None: ...

    def rule_options(self, game: str | None = None) -> dict[str, Any]: ...

    def set_rule_option(self, game: str, name: str, value: Any) -> None: ...

    def set_bot_level(self, level: str) -> None: ...

    async def set_suit_style(self, style: str) -> None: ...

    async def switch_language(self, lang: str) -> None: ...

    def open_screen(self, name: str, **kwargs: Any) -> None: ...

    def action_go_home(self) -> None: ...


def rating_label(me: Glicko) -> str:
    """A learner's rating as the screens show it: marked provisional while
    it is still uncertain (it swings ~280 points on a first answer)."""
    return (_("tui.quiz.rating.provisional", rating=round(me.rating)) if me.provisional
            else str(round(me.rating)))


def engine_failure(err: BaseException, what: str) -> str:
    """An unexpected failure of the engine (a bug, not bad input): logged
    with its traceback, and told to the learner in one localized line."""
    log.error("engine failure in %s", what, exc_info=err)
    return _("tui.engine.failed", detail=type(err).__name__)

#: Textual's own binding descriptions we show in the footer (an open
#: dropdown's ``escape``, ``SelectOverlay``'s "Dismiss menu", read as English
#: in a Chinese footer).
_BUILTIN = {"palette": "tui.key.palette", "Quit": "tui.key.quit", "Dismiss menu": "tui.key.close_menu"}


def localize_description(text: str) -> str:
    """Binding descriptions are message ids (``tui.key.*``), looked up when shown."""
    if text.startswith("tui."):
        return _(text)
    if text in _BUILTIN:
        return _(_BUILTIN[text])
    return text


def localize_bindings(bindings: dict[str, ActiveBinding],
                      word: Callable[[str], str] | None = None) -> dict[str, ActiveBinding]:
    """The bindings with their descriptions in words; ``word`` may first
    swap a description's message id for the one that says what the key does
    now (n: the match's next hand after a hand, a new match during one)."""
    out = {}
    for key, ab in bindings.items():
        b = ab.binding
        described = word(b.description) if word and b.description else b.description
        desc = localize_description(described) if described else described
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
    def tutor(self) -> TutorHost:
        return self.app  # type: ignore[return-value]

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:  # type: ignore[override]
        return localize_bindings(super().active_bindings, self.key_word)

    def key_word(self, description: str) -> str:
        """The message id a key's description shows now (by default its own)."""
        return description

    def on_mount(self) -> None:
        self.sub_title = _(self.TITLE_ID)

    #: Set when the language or suit style changed while this screen was not
    #: the active one: it redraws itself when it comes back (see ``relabel_all``).
    stale_labels = False

    async def on_screen_resume(self) -> None:
        if self.stale_labels:
            self.stale_labels = False
            await self.relabel()

    async def relabel(self) -> None:
        """Redraw every text in the current language."""
        self.sub_title = _(self.TITLE_ID)
        await self.recompose()
        self.after_relabel()
        self.refresh_bindings()  # the new footer must learn the (possibly changed) keys

    def after_relabel(self) -> None:
        """Restore focus or widget state after a redraw."""

    def leaving(self) -> None:
        """The app is about to take this screen away (Home, another activity):
        keep what must not be lost."""


class StepReplayScreen(ModalScreen[None]):
    """A saved game shown one step at a time (←/→), Esc to close.

    Subclasses fill ``self.steps`` and implement :meth:`show`; ``HELP`` is the
    message id of the line under the step."""

    HELP = "tui.replay.help"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "tui.key.back", id="replay.back"),
        Binding("left", "step(-1)", "tui.key.prev", id="replay.prev"),
        Binding("right", "step(1)", "tui.key.next", id="replay.next"),
        # the first and the last step at once: a 一上一下 game of 75 moves took
        # 74 presses to its end (a walk)
        Binding("home", "jump(0)", show=False, id="replay.first"),
        Binding("end", "jump(-1)", show=False, id="replay.last"),
    ]

    def __init__(self, history: dict[str, Any], hand_id: int | None = None) -> None:
        super().__init__()
        self.history = history
        self.hand_id = hand_id
        self.steps: list[Any] = []
        self.index = 0

    @property
    def active_bindings(self) -> Any:  # localized like every screen
        return localize_bindings(super().active_bindings)

    def compose(self) -> ComposeResult:
        with Vertical(id="replay"):
            yield Static("", id="replay-head", classes="heading")
            yield Static("", id="replay-trick")
            yield Static(_(self.HELP), classes="muted")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        raise NotImplementedError

    def action_step(self, delta: int) -> None:
        if self.steps:
            self.index = max(0, min(len(self.steps) - 1, self.index + delta))
            self.show()

    def action_jump(self, where: int) -> None:
        """Home: the first step; End: the last."""
        if self.steps:
            self.index = 0 if where == 0 else len(self.steps) - 1
            self.show()


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question over the screen: y answers yes, n or Esc no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "tui.key.yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "tui.key.no", id="confirm.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    @property
    def active_bindings(self) -> Any:  # localized like every screen
        return localize_bindings(super().active_bindings)

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(self.question, id="confirm-question")
            yield Static(_("tui.confirm.help"), classes="muted")
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class KeysScreen(ModalScreen[None]):
    """? on any screen: every key the screen below answers to, with what it
    does, the ones the key line leaves out too (F1 home, F2 settings); a
    learner pressed ? and nothing happened (a walk).  Any key closes it."""

    def __init__(self, rows: list[tuple[str, str]]) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        width = max((cell_len(k) for k, _d in self.rows), default=0)
        lines = [k + " " * (width - cell_len(k)) + "  " + d for k, d in self.rows]
        with Vertical(id="keys"):
            yield Static(_("tui.keys.title"), classes="bold")
            yield Static("\n".join(lines))
            yield Static(_("tui.keys.close"), classes="muted")

    def on_key(self, event: Any) -> None:
        event.stop()
        self.dismiss(None)


def key_rows(screen: Screen[Any]) -> list[tuple[str, str]]:
    """(key as the footer shows it, what it does) for each key of ``screen``
    that says what it does in our words (a ``tui.key.*`` message, or one of
    Textual's we translate): one row per action, in the screen's order.
    Textual's own widget keys ("Scroll Left", "Focus Next") are left out:
    they are untranslated and not what a learner looks for."""
    raw = Screen.active_bindings.fget(screen)  # type: ignore[attr-defined]
    word = getattr(screen, "key_word", None)
    rows: list[tuple[str, str]] = []
    seen: set[str] = set()
    for ab in raw.values():
        b = ab.binding
        desc = word(b.description) if word and b.description else b.description
        if not desc or b.action in seen or not ab.enabled or not (desc.startswith("tui.") or desc in _BUILTIN):
            continue
        seen.add(b.action)
        rows.append((screen.app.get_key_display(b), localize_description(desc)))
    return rows
