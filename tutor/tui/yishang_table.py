"""The 一上一下 table of the Play screen: you and three bots (honest,
bluffer, caller) on the engine of :mod:`solver.yishang`.

Your turn face up: select one card, Enter.  Face down: select one card,
choose the declared rank with +/- and press Enter.  When a bot plays face
down and it is your turn to respond: c challenges, a lets it stand.
Hints come from :mod:`solver.yishang.hints` (which card, what to declare,
challenge or not, with the odds).
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
from tutor.tui.cards import card_label, cards_text
from tutor.tui.widgets import HandView

SEATS = ("tui.seat.you", "tui.seat.right", "tui.seat.across", "tui.seat.left")
BOT_STYLES = {"easy": ("random", "random", "honest"), "normal": ("honest", "bluffer", "caller"),
              "strong": ("hint", "caller", "hint")}


def who(player: int) -> str:
    return _(SEATS[player % 4])


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
        from solver.yishang.ranks import rank_name

        for rec in self.game.log[self._seen_log:]:
            op = rec.get("op")
            # Events are kept as functions: their text follows a language switch.
            if op == "up":
                key = "tui.ys.up_drew" if rec.get("drew") and rec["player"] == 0 else \
                      "tui.ys.up_draws" if rec.get("drew") else "tui.ys.up"
                self.events.append(lambda k=key, r=rec: _(
                    k, who=who(r["player"]), card=self._label(r["card"]),
                    drew=self._label(r["drew"]) if r.get("drew") else ""))
            elif op == "down":
                declared = rec.get("declared") or rank_name(3)
                self.events.append(lambda r=rec, d=declared: _("tui.ys.down", who=who(r["player"]), rank=d))
            elif op == "challenge":
                key = "tui.ys.bluff" if rec["success"] else "tui.ys.truth"
                self.events.append(lambda k=key, r=rec: _(
                    k, who=who(r["challenger"]), card=self._label(r["revealed"]),
                    taker=who(r["taker"]), n=r["taken"]))
            elif op == "accept":
                target = rank_name(self.game.target)
                self.events.append(lambda t=target: _("tui.ys.accept", rank=t))
            elif op == "end":
                self.events.append(lambda r=rec: _("tui.ys.end", winners=", ".join(who(p) for p in r["winners"])))
        self._seen_log = len(self.game.log)

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
        from solver.yishang.ranks import rank_name

        g = self.game
        sizes = g.hand_sizes()
        face = _("tui.ys.face_up") if g.face_up else _("tui.ys.face_down")
        out = Text(_("tui.ys.status", target=rank_name(g.target), face=face, pile=g.pile_size,
                     draw=g.draw_size))
        out.append("\n" + "  ".join(_("tui.ys.cards", who=who(p), n=sizes[p]) for p in range(4)))
        return out

    def pile_text(self, style: str) -> Text:
        from solver.yishang.ranks import rank_name

        out = Text(_("tui.ys.pile") + " ", style="bold")
        pile = self.game.pile[-10:]
        if not pile:
            out.append("—", style="dim")
        for pc in pile:
            if pc.face_up:
                out.append_text(cards_text([pc.card], style, get_language()))
            else:
                out.append(f"[?{rank_name(pc.declared)}]", style="yellow")
            out.append(" ")
        return out

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
