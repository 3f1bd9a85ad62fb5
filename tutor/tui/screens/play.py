"""Play: you and three bots at the table, one screen per game family
(:mod:`~tutor.tui.screens.play_shengji` for 升级, :mod:`~tutor.tui.screens.play_yishang`
for 一上一下) over a :class:`~tutor.tui.models.table.Table`.

What both share lives here: the keys to go back, ask a hint, undo, save
and replay, start a new hand; and the hint, which the engine computes off
the interface thread (a Textual worker) while the message line says it is
thinking; Esc cancels it.  An engine failure in a worker is logged and
told in one line (:func:`~tutor.tui.base.engine_failure`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Header, Static
from textual.worker import Worker, WorkerState

from content.i18n import _, game_msgid
from solver.cards import Card
from solver.errors import SolverError
from tutor.tui.base import ConfirmScreen, TutorScreen, engine_failure
from tutor.tui.layout import verdict_mark
from tutor.tui.models.table import Advice, HintJob, Table
from tutor.tui.widgets import HandView

Message = Callable[[], Text | str]


class PlayScreen(TutorScreen):
    """The shared part of the Play screens; subclasses make the table and draw it."""

    TITLE_ID = "tui.play.title"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "tui.key.back", id="play.back"),
        Binding("h", "hint", "tui.key.hint", id="play.hint"),
        Binding("u", "undo", "tui.key.undo", id="play.undo", show=False),
        Binding("s", "save", "tui.key.save", id="play.save", show=False),
        Binding("r", "replay", "tui.key.replay", id="play.replay", show=False),
        Binding("n", "new_hand", "tui.key.new_hand", id="play.new"),
    ]
    #: The id of the message line of the subclass's layout.
    MESSAGE_ID = "play-message"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seed = seed
        self.table: Any = None
        self.error: str | None = None
        #: The message line, rendered on demand (so it follows a language switch).
        self.message: Message = lambda: ""
        #: The bots are playing in a worker thread: other commands wait.
        self.busy = False
        self.saved_id: int | None = None
        #: the history last saved (a second save of the same is refused)
        self._saved_history: Any = None
        #: The hint being computed (Esc cancels it), and the move count it is for.
        self._hint_worker: Worker[Advice] | None = None
        self._hint_moves = -1
        self._game = ""
        #: Deal a new match even when one is kept to resume.
        self.fresh = seed is not None

    # -- to implement --------------------------------------------------------------

    def new_table(self) -> Table:
        raise NotImplementedError

    def compose_table(self) -> ComposeResult:
        raise NotImplementedError

    def redraw(self) -> None:
        raise NotImplementedError

    def show_advice(self, advice: Advice) -> None:
        raise NotImplementedError

    def play_cards(self, cards: list[Card]) -> bool:
        """Play the selected cards (Enter); False when refused (the reason is shown)."""
        raise NotImplementedError

    def hint_refused(self) -> str | None:
        """Why no hint can be asked now (a decision the screen explains), or None."""
        return None

    def replay_screen(self, history: dict[str, Any], hand_id: int | None) -> TutorScreen | Any:
        raise NotImplementedError

    # -- layout ------------------------------------------------------------------

    @property
    def game(self) -> str:
        """The game of this table (the app's choice when the table was made)."""
        return self._game or self.tutor.game

    def make_table(self) -> None:
        self._game = self.tutor.game
        try:
            self.table = self.new_table()
        except SolverError as err:  # bad saved rule options: explain, don't crash
            self.error = _(err.code, **err.params) if err.code else str(err)
            self.table = None

    def compose(self) -> ComposeResult:
        yield Header(icon="♣")
        if self.table is None and self.error is None:
            self.make_table()
        if self.table is None:
            yield Static(_("tui.play.bad_options", detail=self.error or ""), classes="coming-soon")
        else:
            yield from self.compose_table()
        yield Footer()

    def on_mount(self) -> None:
        self.after_relabel()

    def on_hand_view_submitted(self, event: HandView.Submitted) -> None:
        event.stop()
        self.play_cards(event.cards)

    def set_message(self, message: Message) -> None:
        self.message = message
        for line in self.query(f"#{self.MESSAGE_ID}").results(Static):
            line.update(message())

    # -- hints (off the interface thread, Esc cancels) ---------------------------------

    @property
    def thinking(self) -> bool:
        return self._hint_worker is not None

    def action_hint(self) -> None:
        """Ask for a hint; the engine thinks in a worker, the screen stays live."""
        if self.busy or self.thinking or self.table is None or self.table.done:
            return
        refused = self.hint_refused()
        if refused:
            self.notify(refused, timeout=4)
            return
        job: HintJob | None = self.table.hint_job()
        if job is None:
            return
        self._hint_moves = self.table.moves()
        self.set_message(lambda: Text(_("tui.play.thinking"), style="cyan"))
        self._hint_worker = self.run_worker(job, name="hint", group="hint", thread=True,
                                            exclusive=True, exit_on_error=False)

    def cancel_hint(self, say: bool = True) -> None:
        worker, self._hint_worker = self._hint_worker, None
        if worker is not None:
            worker.cancel()  # the search stops within its budget; its answer is dropped
            if say:
                self.set_message(lambda: Text(_("tui.play.hint_cancelled"), style="cyan"))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group == "hint":
            if worker is not self._hint_worker or worker.is_cancelled:
                return  # cancelled, or a newer hint is on its way
            if event.state == WorkerState.SUCCESS:
                self._hint_worker = None
                advice = worker.result
                if advice is not None and self.table is not None and self.table.moves() == self._hint_moves:
                    keep = getattr(self.table, "hint_shown", None)
                    if keep is not None:
                        keep(advice)  # only a hint the learner saw is what the review quotes
                    self.show_advice(advice)
            elif event.state == WorkerState.ERROR and worker.error is not None:
                self._hint_worker = None
                failed = engine_failure(worker.error, "hint")
                self.set_message(lambda: Text(verdict_mark(False) + failed, style="red"))
        elif worker.group == "play" and event.state == WorkerState.ERROR and worker.error is not None:
            self.busy = False
            failed = engine_failure(worker.error, "bots")
            self.set_message(lambda: Text(verdict_mark(False) + failed, style="red"))
            self.redraw()

    # -- shared actions --------------------------------------------------------------

    def action_back(self) -> None:
        """Esc: cancel the hint being computed, else leave the table; a hand
        in progress is left only after you say so (it is kept to resume)."""
        if self.thinking:
            self.cancel_hint()
            return
        if self.table is None or self.table.done or self.busy:
            if self.table is not None and not self.busy:
                self.keep_for_later()
            self.tutor.action_go_home()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.keep_for_later()
                self.tutor.action_go_home()

        self.app.push_screen(ConfirmScreen(_(game_msgid(self.game, "tui.play.leave_question"))), answered)

    def keep_for_later(self) -> None:
        """Keep the hand in progress so that Continue resumes it (each table's screen does)."""

    def leaving(self) -> None:
        """Home (F1) or another activity from the palette: the hand is kept
        as by Esc, so Continue (and Analyze's "hand in progress") find it."""
        if self.table is not None and not self.busy:
            self.keep_for_later()

    def action_undo(self) -> None:
        if self.busy or self.table is None:
            return
        self.cancel_hint(say=False)
        if not self.tutor.practice or not self.table.practice:
            self.notify(_("tui.play.no_undo"), timeout=3)
        elif self.table.undo():
            self.after_undo()
        else:
            self.notify(_("tui.play.nothing_to_undo"), timeout=3)

    def after_undo(self) -> None:
        raise NotImplementedError

    def autosave(self, quiet: bool = False) -> None:
        """Save the hand (once: nothing played since, no second copy);
        ``quiet``: without a notice (the screen says it itself)."""
        history = self.table.history()
        if self.saved_id is not None and history == self._saved_history:
            # nothing played since: the same hand again would be a second copy
            # (the walk of 2026-12-03 saved a finished hand as #1, then #2)
            if not quiet:
                self.notify(_(game_msgid(self.game, "tui.play.already_saved"), id=self.saved_id), timeout=4)
            return
        self.saved_id = self.tutor.store.save_hand(self.game, history)
        self._saved_history = history
        if not quiet:
            self.notify(_(game_msgid(self.game, "tui.play.saved"), id=self.saved_id), timeout=4)

    def action_save(self) -> None:
        if not self.busy and self.table is not None:
            self.autosave()

    def action_new_hand(self) -> None:
        """A new table (the 升级 screen deals the match's next hand first).
        A hand whose card play has begun is given up only after you say
        so, and saved first (the walk of 2026-12-04 lost one to a stray n)."""
        if self.busy:
            return
        if self.table is None or self.table.done or not self.table.has_progress():
            self.deal_afresh()  # nothing played, nothing scored yet: nothing to lose
            return

        def answered(yes: bool | None) -> None:
            if yes and not self.busy and self.table is not None:
                self.autosave()
                self.deal_afresh()

        self.app.push_screen(ConfirmScreen(_(game_msgid(self.game, "tui.play.new_question"))), answered)

    def deal_afresh(self) -> None:
        self.cancel_hint(say=False)
        self.table = None
        self.error = None
        self.seed = None
        self.fresh = True  # a new match, not the one kept to resume
        self.run_worker(self.relabel(), exclusive=True, group="redraw")

    def action_replay(self) -> None:
        """The hand under way so far, from its deal (r on the key line during
        a hand said "no saved hands yet", and before the first trick it
        opened the previous hand unsaid, two walks), else the last saved hand."""
        t = self.table
        if t is not None and not t.done:
            if not t.replayable():
                self.notify(_("tui.play.replay_dealing"), timeout=3)
                return
            self.app.push_screen(self.replay_screen(t.history(), None))  # not a saved hand (yet)
            return
        hands = self.tutor.store.hands(self.game)
        if not hands:
            # saved but no longer readable: said so, not "no saved hand yet" (a walk)
            lost = self.tutor.store.hand_count(self.game)
            self.notify(_("tui.play.saved_unreadable", n=lost) if lost else
                        _(game_msgid(self.game, "tui.play.no_saved")), timeout=5 if lost else 3)
            return
        self.app.push_screen(self.replay_screen(hands[0]["history"], hands[0]["id"]))
