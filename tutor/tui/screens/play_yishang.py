"""Play 一上一下: you and three bots (honest, bluffer, caller) on the
engine of :mod:`solver.yishang`.

Your turn face up: select one card, Enter.  Face down: select one card,
choose the declared rank with +/- and press Enter.  When a bot plays face
down and it is your turn to respond: c challenges, a lets it stand.
Hints come from :mod:`solver.yishang.hints` (which card, what to declare,
challenge or not, with the odds), computed off the interface thread.  A
saved game replays move by move (:class:`YishangReplayScreen`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from content.i18n import _, game_msgid, get_language, sentence_gap
from solver.cards import Card
from solver.yishang.errors import HistoryError
from solver.yishang.game import Game
from solver.yishang.ranks import HIGHEST, rank_name
from tutor.tui.base import StepReplayScreen
from tutor.tui.layout import label, verdict_mark
from tutor.tui.models.table import Advice
from tutor.tui.models.yishang import ADVICE_PREFIX, MOVES, YishangTable, event_text, game_at, sorted_hand, who
from tutor.tui.screens.play import PlayScreen
from tutor.tui.widgets import HandView, KeyHelp
from tutor.tui.widgets.cards import card_label, cards_text, display_params


#: Screens this many rows high or more show a challenge hint's whole count.
TALL = 32
#: The parts of a challenge hint's count that hold whatever the card is: what
#: a short screen shows after advice that does not hang on the chance.
WHY_ALWAYS = ("yishang.hint.challenge.cost_pile", "yishang.hint.challenge.cost_pile_near",
              "yishang.hint.challenge.fixed_cost", "yishang.hint.challenge.seat_gain",
              "yishang.hint.challenge.seat_lose")

#: The sum of a challenge hint's count (challenge against letting it stand, in cards).
TOTAL_PREFIX = "yishang.hint.challenge.advice_"


def _zero(params: Any) -> bool:
    """A part of the count that adds nothing ("Seat 0.0 = …")."""
    cost = str(dict(params).get("cost", ""))
    return cost.lstrip("+-") in ("0", "0.0")


def card_token_label(token: str, style: str) -> str:
    return card_label(Card.parse(token), style, get_language()) if token else ""


def status_text(g: Game) -> Text:
    sizes = g.hand_sizes()
    if g.over:  # no next play to tell of (a walk read "next play face up" after the end)
        out = Text(_("tui.ys.status_over", pile=g.pile_size, draw=g.draw_size))
    elif g.claim is not None:
        # a face-down claim waits: which face comes next hangs on it (R-Y-FACE:
        # only an established play flips the face); the walk of 2026-12-04
        # read "next play face down" here
        out = Text(_("tui.ys.status_claim", target=rank_name(g.target), pile=g.pile_size,
                     draw=g.draw_size))
    else:
        face = _("tui.ys.face_up") if g.face_up else _("tui.ys.face_down")
        out = Text(_("tui.ys.status", target=rank_name(g.target), face=face, pile=g.pile_size,
                     draw=g.draw_size))
    out.append("\n" + "  ".join(_("tui.ys.cards", who=who(p), n=sizes[p]) for p in range(len(sizes))))
    return out


def pile_text(g: Game, style: str) -> Text:
    out = Text(label("tui.ys.pile"), style="bold")
    pile = g.pile[-10:]
    if not pile:
        out.append("—", style="dim")
    for pc in pile:
        if pc.face_up:
            out.append_text(cards_text([pc.card], style, get_language()))
        else:
            out.append(f"[?{rank_name(pc.declared)}]", style="yellow")
        out.append(" ")
    return out


class YishangPlayScreen(PlayScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "ys_respond(True)", "tui.key.challenge", id="play.challenge"),
        Binding("a", "ys_respond(False)", "tui.key.pass", id="play.pass"),
        Binding("plus,equals_sign", "ys_declare(1)", "tui.key.declare_up", id="play.declare_up", show=False),
        Binding("minus", "ys_declare(-1)", "tui.key.declare_down", id="play.declare_down", show=False),
        # a game, not a hand, as the end of a game says ("n: new game")
        Binding("n", "new_hand", "tui.key.new_game", id="play.new"),
    ]
    MESSAGE_ID = "ys-log"

    table: YishangTable | None

    def new_table(self) -> YishangTable:
        kept = None if self.fresh else self.tutor.store.setting(f"resume:{self.tutor.game}")
        if kept:
            try:  # the game you left: resumed, not dealt anew
                resumed = YishangTable.restore(kept, bots=self.tutor.bot_level)
                self.message = lambda: _("tui.ys.resumed")
                return resumed
            except ValueError:
                self.notify(_(game_msgid("yishang", "tui.play.resume_failed")), severity="warning", timeout=6)
        table = YishangTable(seed=self.seed, bots=self.tutor.bot_level)
        table.practice = self.tutor.practice
        # who sits at this table, said once at the start: the walk of
        # 2026-12-03 took the normal table's caller for a broken bot
        self.message = lambda: _("tui.ys.table." + table.level)
        return table

    def keep_for_later(self) -> None:
        """Keep the game in progress to resume (a finished game is not kept)."""
        if self.table is not None:
            self.tutor.store.set_setting(f"resume:{self.game}", None if self.table.done else self.table.snapshot())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Challenge / pass only while a face-down claim waits for your answer."""
        if action == "ys_respond":
            return bool(self.table is not None and self.table.waiting_challenge)
        return True

    # -- layout -------------------------------------------------------------------

    def label(self, token: str) -> str:
        return card_token_label(token, self.tutor.suit_style)

    def log_text(self) -> Text:
        assert self.table is not None
        out = Text()
        for line in self.table.events(self.label):
            if out:
                out.append("\n")
            out.append("· " + line)
        message = self.message()
        if message:
            out.append("\n" if out else "")
            out.append_text(message if isinstance(message, Text) else Text(message, style="cyan"))
        return out

    def compose_table(self) -> ComposeResult:
        assert self.table is not None
        style = self.tutor.suit_style
        g = self.table.game
        with Vertical(id="table"):
            yield Static(status_text(g), id="ys-status")
            yield Static(pile_text(g, style), id="ys-pile")
            yield Static(self.log_text(), id="ys-log")
            yield Static(self.prompt_text(), id="ys-prompt")
            yield HandView(self.table.my_cards(), pick=1, style=style, id="my-hand")
            yield KeyHelp(self.keys_text(), classes="muted", id="ys-keys")

    def after_relabel(self) -> None:
        if self.query("#my-hand"):
            self.query_one("#my-hand", HandView).focus()
        self.redraw()

    def set_message(self, message: Any) -> None:
        self.message = message
        for line in self.query("#ys-log").results(Static):
            line.update(self.log_text())

    def redraw(self) -> None:
        t = self.table
        if t is None or not self.query("#my-hand"):
            return
        style = self.tutor.suit_style
        self.query_one("#ys-status", Static).update(status_text(t.game))
        self.query_one("#ys-pile", Static).update(pile_text(t.game, style))
        self.query_one("#ys-log", Static).update(self.log_text())
        hand = self.query_one("#my-hand", HandView)
        hand.set_cards(t.my_cards(), pick=1)
        hand.disabled_input = t.done
        self.query_one("#ys-prompt", Static).update(self.prompt_text())
        self.query_one("#ys-keys", KeyHelp).update(self.keys_text())

    def keys_text(self) -> str:
        """The keys that do something now: after the end only a new game,
        the replay and saving (a walk read c, a, h and u still offered)."""
        done = self.table is not None and self.table.done
        return _("tui.ys.help_done") if done else _("tui.ys.help")

    #: the card of the last play refused, while its reason is on screen
    refused: list[Card] | None = None

    def prompt_text(self) -> Text:
        """Whose turn and what to do, then the card picked: reverse video
        alone did not show it (a walk pressed Enter and read "Select one
        card" with a card picked, and took the hint's * for the pick)."""
        t = self.table
        assert t is not None
        out = Text(t.prompt(), style="bold")
        hand = next(iter(self.query("#my-hand").results(HandView)), None)
        picked = hand.selection() if hand is not None else []
        if picked and not t.done and not t.waiting_challenge:
            style = self.tutor.suit_style
            out.append("  " + _("tui.play.picked", count=len(picked),
                                cards=" ".join(card_label(c, style, get_language()) for c in picked)))
        return out

    def on_hand_view_changed(self, event: HandView.Changed) -> None:
        if self.table is None or not self.query("#ys-prompt"):
            return
        self.query_one("#ys-prompt", Static).update(self.prompt_text())
        # a refusal is about the cards it refused: once another is picked it goes
        if self.refused is not None and event.hand.selection() != self.refused:
            self.refused = None
            self.set_message(lambda: "")

    # -- actions ------------------------------------------------------------------

    def play_cards(self, cards: list[Card]) -> bool:
        t = self.table
        if t is None or t.done or self.busy:
            return False
        self.cancel_hint(say=False)
        error = t.play(cards)
        self.message = (lambda: verdict_mark(False) + error) if error else (lambda: "")
        self.refused = list(cards) if error else None
        if t.done:
            self.autosave()
        self.redraw()
        self.refresh_bindings()
        return error is None

    def action_ys_respond(self, challenge: bool) -> None:
        t = self.table
        if t is None or self.busy:
            return
        self.cancel_hint(say=False)
        self.message = lambda: ""
        t.respond(challenge)
        if t.done:
            self.autosave()
        self.redraw()
        self.refresh_bindings()

    def action_ys_declare(self, delta: int) -> None:
        """+/-: the rank you declare; the card you picked (or the hint's)
        stays picked (it was dropped, and Enter then said "select one card")."""
        if self.table is None:
            return
        hand = self.query_one("#my-hand", HandView)
        picked, marks = hand.selection(), hand.marks
        if not self.table.change_declared(delta):
            self.notify(_("tui.ys.declare_limit", low=rank_name(3), high=rank_name(HIGHEST)), timeout=3)
            return
        self.redraw()
        hand.marks = marks
        hand.select_cards(picked)

    def show_advice(self, advice: Advice) -> None:
        t = self.table
        assert t is not None
        t.take_advice(advice)
        cards = list(advice.cards)
        if cards:
            hand = self.query_one("#my-hand", HandView)
            hand.set_cards(t.my_cards(), pick=1)
            hand.mark(cards)
            hand.select_cards(cards)

        def text() -> Text:
            style = self.tutor.suit_style
            parts = []
            if advice.source:
                parts.append(_(advice.source, card=card_label(cards[0], style, get_language()) if cards else "",
                               **advice.params))
            parts.extend(_(code, **display_params(dict(params), style, get_language()))
                         for code, params in advice.reasons)
            if advice.source or not advice.reasons or not advice.reasons[0][0].startswith(ADVICE_PREFIX):
                return Text(sentence_gap().join(parts), style="cyan")
            # A claim: the advice in plain words on a line of its own, then
            # the count behind it (the walk of 2026-12-04 read one block).
            # On a short screen only the chance of a bluff follows it: the
            # parts of the count took 10-12 lines at 80×24 and pushed your
            # hand and the prompt off the screen (the second walk of that day).
            # When the advice holds whatever the card is ("…even if the card
            # is a bluff"), the chance is not why: the fixed parts are (the
            # reset, the seat), and a walk read the advice without them as
            # wrong.
            if self.app.size.height < TALL:
                codes = [code for code, _params in advice.reasons]
                # the sum says what the parts' numbers are (cards, added up):
                # without it "牌堆+2.0 · 重置+3.0" read as bare numbers (a walk)
                total = [part for part, code in zip(parts, codes) if code.startswith(TOTAL_PREFIX)]
                if codes[0].endswith("_always"):
                    parts = [parts[0]] + [part for part, (code, params) in zip(parts, advice.reasons)
                                          if code in WHY_ALWAYS and not _zero(params)] + total
                else:
                    parts = parts[:2] + [t for t in total if t not in parts[:2]]
            out = Text(parts[0], style="bold cyan")
            if parts[1:]:
                out.append("\n" + sentence_gap().join(parts[1:]), style="cyan")
            return out

        self.set_message(text)
        self.query_one("#ys-prompt", Static).update(Text(t.prompt(), style="bold"))

    def after_undo(self) -> None:
        self.message = lambda: _("tui.ys.undone")
        self.redraw()
        self.refresh_bindings()

    def replay_screen(self, history: dict[str, Any], hand_id: int | None) -> YishangReplayScreen:
        return YishangReplayScreen(history, hand_id)


class YishangReplayScreen(StepReplayScreen):
    """Step through a saved 一上一下 game move by move (←/→): what happened,
    the pile, the hand sizes and your hand after each move."""

    HELP = "tui.ys.replay_help"

    def __init__(self, history: dict[str, Any], hand_id: int | None = None) -> None:
        super().__init__(history, hand_id)
        log = history.get("log") if isinstance(history, dict) else None
        log = log if isinstance(log, list) else []
        #: Record indexes of the moves (the deal and the automatic end are not
        #: moves), after a first step (-1): the deal, your hand and who leads
        #: (a walk found the replay starting after the first card).
        moves = [i for i, r in enumerate(log) if isinstance(r, dict) and r.get("op") in MOVES]
        self.steps = [-1] + moves if moves else []
        self.records = log

    def _label(self, token: str) -> str:
        return card_token_label(token, getattr(self.app, "suit_style", "glyphs"))

    def show(self) -> None:
        style = getattr(self.app, "suit_style", "glyphs")
        total = len(self.steps) - 1  # the moves (the first step is the deal)
        i = self.steps[self.index] if self.steps else -1
        head = _("tui.ys.replay_head_start") if self.steps and i < 0 else \
            _("tui.ys.replay_head", n=self.index if total > 0 else 0, total=max(total, 0))
        self.query_one("#replay-head", Static).update(head)
        if not self.steps:
            self.query_one("#replay-trick", Static).update(_("tui.ys.replay_empty"))
            return
        try:
            g = game_at(self.history, self.steps[1] if i < 0 else i + 1)  # the deal: before the first move
        except HistoryError as err:
            self.query_one("#replay-trick", Static).update(
                Text(_("tui.ys.replay_bad", index=err.index), style="red"))
            return
        if i < 0:
            body = Text(_("tui.ys.replay_start", who=who(g.turn), target=rank_name(g.target)), style="bold")
        else:
            body = Text(event_text(self.records, i, self._label), style="bold")
        if g.over:
            body.append("\n" + event_text(g.log, len(g.log) - 1, self._label), style="bold")
        body.append("\n")
        body.append_text(status_text(g))
        body.append("\n")
        body.append_text(pile_text(g, style))
        body.append("\n" + label("tui.ys.replay_hand"))
        body.append_text(cards_text(sorted_hand(g.hand(0)), style, get_language()))
        self.query_one("#replay-trick", Static).update(body)
