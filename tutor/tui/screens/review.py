"""The hand review screen (复盘, issue 17): a finished hand rated play by play.

Opened after a hand in Play (``v``) and for the latest saved hand in
Analyze (``ctrl+g``).  The review (:func:`tutor.hand_review.review_hand`,
its text from the same module as the ``review`` command) runs in a thread
worker that fans the plays out over processes; a progress bar moves and
each rated play shows as soon as it arrives.  At the end the mistakes and
blunders go to the review queue as personal puzzles (the Quiz shows them
first).  Esc closes the screen and cancels the review.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, ProgressBar, Static
from textual.worker import get_current_worker

from content.i18n import _, get_language, seat_number
from tutor.tui.base import localize_bindings
from tutor.tui.widgets.cards import style_card_tokens

MARK_STYLE = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


class ReviewScreen(Screen[None]):
    """Review ``seat``'s plays in a saved hand (``hand_id``: the store's id,
    so mistakes can come back as puzzles)."""

    DEFAULT_CSS = """
    #review { height: 1fr; padding: 0 1; }
    #review-head { height: auto; }
    #review-bar { height: 1; }
    #review-plays { height: 1fr; }
    .review-play { height: auto; }
    #review-summary { height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "tui.key.back", id="review_screen.back"),
    ]

    def __init__(self, history: dict[str, Any], hand_id: int | None, seat: int = 0, *,
                 game: str | None = None, workers: int | None = None) -> None:
        super().__init__()
        self.history = history
        self.hand_id = hand_id
        self.seat = seat
        self.game = game or str(history.get("rules", "henan"))
        self.processes = workers
        self.total = 0
        self.rated: list[Any] = []
        self.result: Any = None
        self.error: str | None = None
        self.saved: list[str] = []

    @property
    def active_bindings(self) -> Any:
        return localize_bindings(super().active_bindings)

    @property
    def number(self) -> int:
        """The hand's number in its match, as the Play screen showed it; else
        its number among the saved hands (the store's id); else 1."""
        from tutor.tui.models.saved import match_hand

        return match_hand(self.history) or self.hand_id or 1

    def compose(self) -> ComposeResult:
        with Vertical(id="review"):
            yield Static(Text(_("review.tui.title"), style="bold"), id="review-head",
                         classes="heading")
            yield ProgressBar(total=None, show_eta=False, id="review-bar")
            yield Static(_("review.start", number=self.number, seat=seat_number(self.seat)), id="review-status",
                         classes="muted")
            yield VerticalScroll(id="review-plays")
            yield Static("", id="review-summary")
        yield Footer()

    def on_mount(self) -> None:
        self.run_worker(self._work, thread=True, exclusive=True, group="review",
                        exit_on_error=False)

    # -- the worker (off the UI thread) ---------------------------------------------

    def _work(self) -> None:
        from solver.errors import SolverError
        from tutor.hand_review import review_hand
        from tutor.history_io import solver_message

        worker = get_current_worker()
        try:
            r = review_hand(self.history, self.seat, hand=1, workers=self.processes,
                            on_play=lambda p, n: self.app.call_from_thread(self._add, p, n),
                            cancelled=lambda: worker.is_cancelled)
        except SolverError as err:
            msg = solver_message(err)
            self.app.call_from_thread(self._fail, msg)
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._done, r)

    # -- on the UI thread ------------------------------------------------------------

    def _line(self, p: Any) -> Text:
        from tutor.hand_review import play_line

        text = Text(style_card_tokens(play_line(p, self.game), getattr(self.app, "suit_style", "glyphs"),
                                      get_language()))
        if p.mark:
            text.stylize(MARK_STYLE[p.mark], 0, len(text.plain.split("\n")[0]))
        return text

    def _add(self, p: Any, total: int) -> None:
        if not self.is_attached:
            return
        self.total = total
        self.rated.append(p)
        bar = self.query_one("#review-bar", ProgressBar)
        bar.update(total=total, progress=len(self.rated))
        self.query_one("#review-status", Static).update(
            _("review.tui.progress", done=len(self.rated), total=total))
        box = self.query_one("#review-plays", VerticalScroll)
        box.mount(Static(self._line(p), classes="review-play"))
        box.scroll_end(animate=False)

    def _done(self, r: Any) -> None:
        from solver.search.review import MISTAKE
        from tutor.hand_review import burial_line, header, save_mistakes, summary

        self.result = r
        if not self.is_attached:
            return
        store = getattr(self.app, "store", None)
        if store is not None and self.hand_id is not None:
            self.saved = save_mistakes(store, self.game, self.hand_id, r)
        # seat 0 is yours at the Play screen: named as you, not by number
        lines = [header(r, self.number, self.game, yours=self.seat == 0), summary(r)]
        burial = burial_line(r)
        if burial:
            lines.insert(0, burial)
        if self.saved:
            # the plays that cost as much as a mistake (a blunder too), not
            # "the mistakes" beside "mistakes: 0" in the line above (a walk)
            lines.append(_("review.tui.saved", count=len(self.saved), at=f"{MISTAKE:g}"))
        self.query_one("#review-status", Static).update(_("review.tui.done"))
        self.query_one("#review-summary", Static).update(Text(
            style_card_tokens("\n".join(lines), getattr(self.app, "suit_style", "glyphs"),
                              get_language())))

    def _fail(self, message: str) -> None:
        self.error = message
        if self.is_attached:
            self.query_one("#review-status", Static).update(
                Text(_("review.tui.error", reason=message), style="red"))

    def action_close(self) -> None:
        for w in self.workers_running():
            w.cancel()
        self.dismiss(None)

    def workers_running(self) -> list[Any]:
        return [w for w in self.app.workers if w.group == "review" and w.node is self]
