"""The 一上一下 table of the Play screen: you and three bots (honest,
bluffer, caller) on the engine of :mod:`solver.yishang`.

Your turn face up: select one card, Enter.  Face down: select one card,
choose the declared rank with +/- and press Enter.  When a bot plays face
down and it is your turn to respond: c challenges, a lets it stand.
Hints come from :mod:`solver.yishang.hints` (which card, what to declare,
challenge or not, with the odds).
In practice mode u takes back your last play and whatever followed it: the
game is rebuilt by the engine from its history cut before that play.  A
saved game (its history, in the app's store) replays move by move
(:class:`YishangReplayScreen`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from content.i18n import _, get_language
from tutor.tui.base import StepReplayScreen
from tutor.tui.cards import card_label, cards_text
from tutor.tui.widgets import HandView

SEATS = ("tui.seat.you", "tui.seat.right", "tui.seat.across", "tui.seat.left")
BOT_STYLES = {"easy": ("random", "random", "honest"), "normal": ("honest", "bluffer", "caller"),
              "strong": ("hint", "caller", "hint")}


#: The log records that are moves (the cut, the deal and the end are not).
MOVES = ("up", "down", "challenge", "accept")


def who(player: int) -> str:
    return _(SEATS[player % 4])


def event_text(log: list[dict[str, Any]], i: int, label: Callable[[str], str]) -> str:
    """What record ``i`` of a game log says, in the current language."""
    from solver.yishang.ranks import rank_name

    rec = log[i]
    op = rec.get("op")
    if op == "up":
        key = "tui.ys.up_drew" if rec.get("drew") and rec["player"] == 0 else \
              "tui.ys.up_draws" if rec.get("drew") else "tui.ys.up"
        return _(key, who=who(rec["player"]), card=label(rec["card"]),
                 drew=label(rec["drew"]) if rec.get("drew") else "")
    if op == "down":
        return _("tui.ys.down", who=who(rec["player"]), rank=rec.get("declared") or rank_name(3))
    if op == "challenge":
        key = "tui.ys.bluff" if rec["success"] else "tui.ys.truth"
        return _(key, who=who(rec["challenger"]), card=label(rec["revealed"]),
                 taker=who(rec["taker"]), n=rec["taken"])
    if op == "accept":  # the claim stands: the target is the declared rank of the last face-down play
        down = next((r for r in reversed(log[:i]) if r.get("op") == "down"), {})
        return _("tui.ys.accept", rank=down.get("declared") or rank_name(3))
    if op == "end":
        return _("tui.ys.end", winners=", ".join(who(p) for p in rec["winners"]))
    return ""


def game_at(history: dict[str, Any], n: int) -> Any:
    """The game after the first ``n`` records of a saved log (replayed by the
    engine; an ``end`` record the last play produced comes with it)."""
    from solver.yishang.game import Game

    log = list(history.get("log") or [])
    if n < len(log) and log[n].get("op") == "end":
        n += 1
    return Game.from_history(dict(history, log=log[:n]))


def status_text(g: Any) -> Text:
    from solver.yishang.ranks import rank_name

    sizes = g.hand_sizes()
    face = _("tui.ys.face_up") if g.face_up else _("tui.ys.face_down")
    out = Text(_("tui.ys.status", target=rank_name(g.target), face=face, pile=g.pile_size,
                 draw=g.draw_size))
    out.append("\n" + "  ".join(_("tui.ys.cards", who=who(p), n=sizes[p]) for p in range(len(sizes))))
    return out


def pile_text(g: Any, style: str) -> Text:
    from solver.yishang.ranks import rank_name

    out = Text(_("tui.ys.pile") + " ", style="bold")
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


class YishangTable:
    """Game state plus the bots' turns; the screen only shows and asks."""

    def __init__(self, seed: int | None = None, bots: str = "normal", suit_style: str = "glyphs") -> None:
        from solver.yishang.bots import make_bot
        from solver.yishang.game import Game

        self.seed = random.randrange(1 << 30) if seed is None else seed
        self.suit_style = suit_style
        self.game = Game(4, self.seed)
        self.bots: list[Any] = [None] + [make_bot(n) for n in BOT_STYLES.get(bots, BOT_STYLES["normal"])]
        self.rng = random.Random(self.seed * 7919 + 17)
        self.events: list[Callable[[], str]] = []
        self._seen_log = len(self.game.log)
        self.declared: int | None = None
        self.waiting_challenge = False
        self.message: Callable[[], str] = lambda: ""
        self.practice = False
        self.advance()

    # -- engine loop ------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return bool(self.game.over)

    def advance(self) -> None:
        """Bots act until you must play or answer a face-down claim."""
        from solver.yishang.game import CHALLENGE

        g = self.game
        while not g.over:
            if g.phase == CHALLENGE:
                if self._resolve_claim():
                    break
                continue
            if g.turn == 0:
                break
            bot = self.bots[g.turn]
            card, declared = bot.choose_play(g, g.turn, self.rng)
            if g.face_up:
                g.play_up(card)
            else:
                g.play_down(card, declared)
            self._narrate()
        self._narrate()
        self.waiting_challenge = (not g.over and g.phase == CHALLENGE and g.claim is not None
                                  and g.claim.player != 0)
        if not g.over and g.phase != CHALLENGE and g.turn == 0:
            self.declared = self.default_declared()

    def _resolve_claim(self, start_after_you: bool = False) -> bool:
        """Ask the responders in order; True when it is your decision now."""
        g = self.game
        order = g.responders()
        if start_after_you and 0 in order:
            order = order[order.index(0) + 1:]
        for q in order:
            if q == 0:
                if not start_after_you:
                    self.waiting_challenge = True
                    return True
                continue
            if self.bots[q].wants_challenge(g, q, self.rng):
                g.challenge(q)
                self._narrate()
                return False
        g.accept()
        self._narrate()
        return False

    def _narrate(self) -> None:
        log = self.game.log
        for i in range(self._seen_log, len(log)):
            if log[i].get("op") not in MOVES + ("end",):
                continue  # the cut and the deal are not told
            # Events are kept as functions: their text follows a language switch.
            self.events.append(lambda i=i, log=log: event_text(log, i, self._label))
        self._seen_log = len(log)

    # -- practice: undo (the engine replays its history minus the trailing actions) ------

    def _last_own_play(self) -> int | None:
        for i in range(len(self.game.log) - 1, -1, -1):
            rec = self.game.log[i]
            if rec.get("op") in ("up", "down") and rec.get("player") == 0:
                return i
        return None

    def can_undo(self) -> bool:
        return self._last_own_play() is not None

    def undo(self) -> bool:
        """Take back your last play and everything after it (the bots' moves, a
        challenge): the game is rebuilt from its history up to that play."""
        from solver.yishang.game import Game

        i = self._last_own_play()
        if i is None:
            return False
        self.game = Game.from_history(dict(self.game.to_history(), log=self.game.log[:i]))
        self.events = []
        self._seen_log = 0
        self._narrate()
        self.waiting_challenge = False
        self.advance()
        return True

    def _label(self, token: str) -> str:
        from solver.cards import Card

        return card_label(Card.parse(token), self.suit_style, get_language()) if token else ""

    # -- your moves ----------------------------------------------------------------------

    def default_declared(self) -> int:
        return self.game.target

    def change_declared(self, delta: int) -> None:
        from solver.yishang.ranks import HIGHEST

        if self.declared is None:
            self.declared = self.default_declared()
        self.declared = max(3, min(HIGHEST, self.declared + delta))

    def play(self, cards: list[Any]) -> str | None:
        """Play one card (face as the game requires); an error text or None."""
        from solver.yishang.errors import YishangError

        g = self.game
        if g.over:
            return None
        if self.waiting_challenge:
            return _("tui.ys.answer_first")
        if len(cards) != 1:
            return _("tui.ys.one_card")
        try:
            if g.face_up:
                g.play_up(cards[0], 0)
            else:
                g.play_down(cards[0], self.declared, 0)
        except YishangError as err:
            return _("tui.play.illegal", reason=_(err.code, **err.params), rule=err.params.get("rule", ""))
        self._narrate()
        self.advance()
        return None

    def respond(self, challenge: bool) -> None:
        g = self.game
        if not self.waiting_challenge:
            return
        self.waiting_challenge = False
        if challenge:
            g.challenge(0)
            self._narrate()
        else:
            self._resolve_claim(start_after_you=True)
        self.advance()

    def hint_text(self) -> tuple[str, Any]:
        """The hint engine's advice for your current decision, and a card to mark."""
        from solver.yishang.hints import claim_hint, play_hint
        from solver.yishang.ranks import rank_name

        g = self.game
        if self.waiting_challenge:
            h = claim_hint(g, 0)
            lines = [_(e.msgid, **e.params) for e in h.explanation]
            return " ".join(lines) or _(f"tui.ys.advice.{h.advice}"), None
        h = play_hint(g, 0)
        if not h.face_up and h.declared is not None:
            self.declared = h.declared
        lines = [_(e.msgid, **e.params) for e in h.explanation]
        head = _("tui.ys.hint_up", card=card_label(h.card, self.suit_style, get_language())) if h.face_up else \
            _("tui.ys.hint_down", card=card_label(h.card, self.suit_style, get_language()),
              rank=rank_name(h.declared) if h.declared else "3")
        return head + " " + " ".join(lines), h.card

    # -- screen glue (called by PlayScreen) ------------------------------------------------

    def status(self) -> Text:
        return status_text(self.game)

    def pile_text(self, style: str) -> Text:
        return pile_text(self.game, style)

    def prompt(self) -> str:
        from solver.yishang.ranks import rank_name

        g = self.game
        if g.over:
            return _("tui.ys.over")
        if self.waiting_challenge and g.claim is not None:
            return _("tui.ys.prompt_challenge", who=who(g.claim.player), rank=rank_name(g.claim.declared))
        if g.face_up:
            return _("tui.ys.prompt_up", target=rank_name(g.target))
        return _("tui.ys.prompt_down", rank=rank_name(self.declared or g.target))

    def my_cards(self) -> list[Any]:
        from solver.yishang.ranks import yrank

        return sorted(self.game.hand(0), key=lambda c: (yrank(c), c.suit))

    def compose_widgets(self, screen: Any) -> ComposeResult:
        style = screen.tutor.suit_style
        with Vertical(id="table"):
            yield Static(self.status(), id="ys-status")
            yield Static(self.pile_text(style), id="ys-pile")
            yield Static(self.log_text(), id="ys-log")
            yield Static(Text(self.prompt(), style="bold"), id="ys-prompt")
            yield HandView(self.my_cards(), pick=1, style=style, id="my-hand")
            yield Static(_("tui.ys.help"), classes="muted")

    def log_text(self) -> Text:
        out = Text()
        for event in self.events[-4:]:
            if out:
                out.append("\n")
            out.append("· " + event())
        message = self.message()
        if message:
            out.append(("\n" if out else "") + message, style="cyan")
        return out

    def after_compose(self, screen: Any) -> None:
        self.redraw(screen)

    def redraw(self, screen: Any) -> None:
        style = screen.tutor.suit_style
        screen.query_one("#ys-status", Static).update(self.status())
        screen.query_one("#ys-pile", Static).update(self.pile_text(style))
        screen.query_one("#ys-log", Static).update(self.log_text())
        screen.query_one("#ys-prompt", Static).update(Text(self.prompt(), style="bold"))
        hand = screen.query_one("#my-hand", HandView)
        hand.set_cards(self.my_cards(), pick=1)
        hand.disabled_input = self.done

    def hint(self, screen: Any) -> None:
        _text, card = self.hint_text()
        self.message = lambda: self.hint_text()[0] if not self.done else ""
        if card is not None:
            hand = screen.query_one("#my-hand", HandView)
            hand.set_cards(self.my_cards(), pick=1)
            hand.mark([card])
            hand.select_cards([card])
        screen.query_one("#ys-log", Static).update(self.log_text())
        screen.query_one("#ys-prompt", Static).update(Text(self.prompt(), style="bold"))

    def history(self) -> dict[str, Any]:
        return self.game.to_history()


class YishangReplayScreen(StepReplayScreen):
    """Step through a saved 一上一下 game move by move (←/→): what happened,
    the pile, the hand sizes and your hand after each move."""

    HELP = "tui.ys.replay_help"

    def __init__(self, history: dict[str, Any], hand_id: int | None = None) -> None:
        super().__init__(history, hand_id)
        log = list(history.get("log") or [])
        #: Record indexes of the moves (the deal and the automatic end are not steps).
        self.steps = [i for i, r in enumerate(log) if isinstance(r, dict) and r.get("op") in MOVES]
        self.records = log
        self.error: str | None = None

    def _label(self, token: str) -> str:
        from solver.cards import Card

        style = getattr(self.app, "suit_style", "glyphs")
        return card_label(Card.parse(token), style, get_language()) if token else ""

    def show(self) -> None:
        from solver.yishang.errors import HistoryError
        from solver.yishang.ranks import yrank

        style = getattr(self.app, "suit_style", "glyphs")
        total = len(self.steps)
        head = _("tui.ys.replay_head", n=self.index + 1 if total else 0, total=total)
        self.query_one("#replay-head", Static).update(head)
        if not total:
            self.query_one("#replay-trick", Static).update(_("tui.ys.replay_empty"))
            return
        i = self.steps[self.index]
        try:
            g = game_at(self.history, i + 1)
        except HistoryError as err:
            self.query_one("#replay-trick", Static).update(
                Text(_("tui.ys.replay_bad", index=err.index), style="red"))
            return
        body = Text(event_text(self.records, i, self._label), style="bold")
        if g.over:
            body.append("\n" + event_text(g.log, len(g.log) - 1, self._label), style="bold")
        body.append("\n")
        body.append_text(status_text(g))
        body.append("\n")
        body.append_text(pile_text(g, style))
        body.append("\n" + _("tui.ys.replay_hand") + " ")
        body.append_text(cards_text(sorted(g.hand(0), key=lambda c: (yrank(c), c.suit)), style, get_language()))
        self.query_one("#replay-trick", Static).update(body)

