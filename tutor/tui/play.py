"""Play: you and three bots at the table.

Your hand is selectable with the keyboard (←/→, space, Enter) and the
mouse; the trick area shows the trick in progress (or the last one), the
info line trump, level, dealer and the attackers' points.  Hints on demand,
undo in practice mode, save and replay the hand.  一上一下 has its own table
(:mod:`tutor.tui.yishang_table`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Static

from content.i18n import _, get_language
from tutor.tui.base import StepReplayScreen, TutorScreen
from tutor.tui.cards import cards_text, suit_symbol
from tutor.tui.widgets import HandView


def trick_text(plays: list[tuple[int, Any]], style: str, *, winner: int | None = None,
               leader: int | None = None) -> Text:
    """Four lines, one per seat in table order, with the cards each played."""
    from tutor.tui.table import seat_name

    lang = get_language()
    by_seat = dict(plays)
    out = Text()
    start = leader if leader is not None else 0
    for seat in [(start + i) % 4 for i in range(4)]:  # play order, from the leader
        if out:
            out.append("\n")
        mark = "▶" if seat == leader else " "
        out.append(f"{mark} {seat_name(seat)}: ", style="bold" if seat == 0 else "")
        if seat in by_seat:
            out.append_text(cards_text(list(by_seat[seat]), style, lang))
            if seat == winner:
                out.append("  ★", style="bold yellow")
        else:
            out.append("…", style="dim")
    return out


class PlayScreen(TutorScreen):
    TITLE_ID = "tui.play.title"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.go_home", "tui.key.back", id="play.back"),
        Binding("h", "hint", "tui.key.hint", id="play.hint"),
        Binding("u", "undo", "tui.key.undo", id="play.undo", show=False),
        Binding("t", "last_trick", "tui.key.last_trick", id="play.last_trick", show=False),
        Binding("s", "save", "tui.key.save", id="play.save", show=False),
        Binding("r", "replay", "tui.key.replay", id="play.replay", show=False),
        Binding("v", "review", "tui.key.review", id="play.review", show=False),
        Binding("n", "new_hand", "tui.key.new_hand", id="play.new"),
        # Declaring during the deal (henan, wusaner, tractor)
        Binding("1,2,3,4,5,6,7,8,9", "declare_key", show=False, id="play.declare"),
        Binding("x", "skip_declare", "tui.key.skip_declare", id="play.skip_declare"),
        # 河南双升: your riot (暴动, R-H-RIOT) when you may call one
        Binding("y", "riot(True)", "tui.key.riot", id="play.riot"),
        Binding("x", "riot(False)", "tui.key.no_riot", id="play.no_riot"),
        # 一上一下 only
        Binding("c", "ys_respond(True)", "tui.key.challenge", id="play.challenge"),
        Binding("a", "ys_respond(False)", "tui.key.pass", id="play.pass"),
        Binding("plus,equals_sign", "ys_declare(1)", "tui.key.declare_up", id="play.declare_up", show=False),
        Binding("minus", "ys_declare(-1)", "tui.key.declare_down", id="play.declare_down", show=False),
    ]

    YISHANG_ONLY = ("ys_respond", "ys_declare")
    SHENGJI_ONLY = ("last_trick",)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Each game's own keys: challenge/pass for 一上一下, undo and tricks for the others."""
        yishang = self.is_attached and self.tutor.game == "yishang"
        if action in self.YISHANG_ONLY:
            if not yishang:
                return False
            if action == "ys_respond":
                return bool(self.table is not None and self.table.waiting_challenge)
        if action in self.SHENGJI_ONLY and yishang:
            return False
        if action in ("declare_key", "skip_declare"):
            return bool(not yishang and self.table is not None and getattr(self.table, "pending", None))
        if action == "riot":
            return bool(not yishang and self.table is not None and getattr(self.table, "riot_offer", False))
        return True

    def on_key(self, event: Any) -> None:
        """Digits choose a declaration while one is offered."""
        if event.key in "123456789" and len(event.key) == 1 and self.table is not None \
                and self.tutor.game != "yishang" and self.table.pending:
            event.stop()
            self.action_declare(int(event.key) - 1)

    def action_declare_key(self) -> None:  # pragma: no cover - digits arrive through on_key
        pass

    def action_declare(self, index: int) -> None:
        if self.busy or self.table is None or not self.table.pending:
            return
        try:
            events = self.table.declare(index)
        except ValueError as err:
            bad = str(err)
            self.message = lambda: Text("✗ " + bad, style="red")
            self.query_one("#play-message", Static).update(self.message())
            return
        self._after_play(events)
        self.refresh_bindings()

    def action_riot(self, riot: bool) -> None:
        """R-H-RIOT: y calls a redeal (暴动), x plays on."""
        if self.busy or self.table is None or not getattr(self.table, "riot_offer", False):
            return
        self._after_play(self.table.answer_riot(riot))

    def action_skip_declare(self) -> None:
        if self.busy or self.table is None or not self.table.pending:
            return
        self._after_play(self.table.pass_declare())
        self.refresh_bindings()

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seed = seed
        self.table: Any = None
        self.error: str | None = None
        #: The message line, rendered on demand (so it follows a language switch).
        self.message: Callable[[], Text | str] = lambda: ""
        self.show_last = True
        #: The bots are playing in a worker thread: other commands wait.
        self.busy = False
        self.saved_id: int | None = None

    def make_table(self) -> None:
        if self.tutor.game == "yishang":
            try:
                from tutor.tui.yishang_table import YishangTable
            except ImportError:
                self.table = None
                return
            self.table = YishangTable(seed=self.seed, bots=self.tutor.bot_level,
                                      suit_style=self.tutor.suit_style)
            self.table.practice = self.tutor.practice
            return
        try:
            from tutor.tui.table import ShengjiTable
        except ImportError:
            self.table = None
            return
        try:
            self.table = ShengjiTable(self.tutor.game, seed=self.seed,
                                      options=self.tutor.rule_options(), bots=self.tutor.bot_level,
                                      practice=self.tutor.practice, human_declare=True)
        except ImportError:
            self.table = None
        except Exception as err:  # bad saved rule options: explain, don't crash
            self.error = str(err)
            self.table = None
        else:
            events = list(self.table.events)
            self.message = self.events_message(events)

    # -- layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(icon="♣")
        if self.table is None and self.error is None:
            self.make_table()
        if self.table is None:
            from tutor.tui.widgets import coming_soon

            if self.error:
                yield Static(_("tui.play.bad_options", detail=self.error), classes="coming-soon")
            else:
                yield coming_soon("tui.soon.engine")
        elif self.tutor.game == "yishang":
            yield from self.table.compose_widgets(self)
        else:
            with Vertical(id="table"):
                yield Static(self.info_text(), id="table-info")
                with Horizontal(id="tricks"):
                    yield Static(self.trick_view(), id="trick")
                    yield Static(self.last_view(), id="last")
                yield Static(self.message(), id="play-message")
                yield HandView(self.table.my_cards(), style=self.tutor.suit_style, id="my-hand")
                yield Static(_("tui.play.help"), classes="muted")
        yield Footer()

    def events_message(self, events: list[Any]) -> Callable[[], Text | str]:
        """What just happened, in the current language (or what to do now)."""
        def text() -> str:
            said = " ".join(e.text(self.tutor.suit_style) for e in events)
            if said or self.table is None or self.table.pending or self.table.burying \
                    or self.table.reclaiming or self.table.riot_offer or self.table.done:
                return said
            return _("tui.play.your_turn")
        return text

    def on_mount(self) -> None:
        self.after_relabel()

    def after_relabel(self) -> None:
        if self.query("#last"):
            self.query_one("#last", Static).display = bool(self.last_view().plain)
        if self.query("#my-hand"):
            self.query_one("#my-hand", HandView).focus()
        if self.table is not None and self.tutor.game == "yishang":
            self.table.after_compose(self)

    def info_text(self) -> Text:
        from tutor.tui.table import seat_name

        info = self.table.info()
        t = info["trump"]
        trump = _("tui.ctx.no_trump") if t == "NT" else _("tui.play.secret") if t == "?" else \
            _("tui.play.undecided") if t == "…" else suit_symbol(t, self.tutor.suit_style, get_language())
        if info["dealing"] or info["dealer"] is None:
            side = _("tui.play.dealing")
        else:
            side = _("tui.play.you_defend") if info["you_defend"] else _("tui.play.you_attack")
        dealer = seat_name(info["dealer"]) if info["dealer"] is not None else _("tui.play.undecided")
        line = _("tui.play.info", game=self.tutor.game_name(), level=info["level"], trump=trump,
                 dealer=dealer, points=info["points"], side=side)
        out = Text(line)
        out.append("\n" + _("tui.play.match", n=info["hand_no"], us=info["levels"][0], them=info["levels"][1]))
        if info["kitty"]:
            out.append("\n" + _("tui.play.kitty") + " ")
            out.append_text(cards_text(self.table.ctx.sorted(info["kitty"]), self.tutor.suit_style,
                                       get_language()))
        if self.table.done:
            out.append("\n")
            out.append(" ".join(e.text(self.tutor.suit_style) for e in self.table.events if e.msgid == "tui.play.result"),
                       style="bold")
        return out

    def trick_view(self) -> Text:
        style = self.tutor.suit_style
        if self.table.pending:
            out = Text(_("tui.play.declare_prompt") + "\n", style="bold")
            for i, option in enumerate(self.table.pending[:9]):
                out.append(f"{i + 1}) ")
                out.append_text(cards_text(list(option), style, get_language()))
                out.append("   ")
            out.append("\n" + _("tui.play.declare_help"), style="dim")
            return out
        if self.table.burying:
            out = Text(_("tui.play.bury", n=self.table.rules.kitty_size) + "\n", style="bold")
            out.append(_("tui.play.kitty_taken") + " ")
            out.append_text(cards_text(self.table.kitty_picked(), style, get_language()))
            return out
        if self.table.reclaiming:  # 五三二 (R-W-KITTY): take back the secret suit, discard as many
            back = self.table.taken_back()
            out = Text(_("tui.play.reclaim", n=len(back)) + "\n", style="bold")
            out.append(_("tui.play.taken_back") + " ")
            out.append_text(cards_text(back, style, get_language()))
            return out
        if self.table.riot_offer:  # 河南 (R-H-RIOT): riot or play on
            out = Text(_("tui.play.riot_prompt", points=self.table.riot_points(),
                         limit=self.table.rules.riot_threshold) + "\n", style="bold")
            out.append(_("tui.play.riot_help"), style="dim")
            return out
        current = self.table.current_plays()
        if self.table.done:
            return Text(_("review.tui.play_over"), style="bold")
        head = Text(_("tui.play.trick", n=len(self.table.hand.tricks) + 1) + "\n", style="bold")
        head.append_text(trick_text(current, style, leader=self.table.hand.leader))
        return head

    def last_view(self) -> Text:
        last = self.table.last_trick()
        if not self.show_last or last is None or self.table.pending or self.table.burying \
                or self.table.reclaiming or self.table.riot_offer:
            return Text("")
        head = Text(_("tui.play.last_trick", n=len(self.table.hand.tricks), points=last.points) + "\n",
                    style="bold")
        plays = [((last.leader + i) % 4, p) for i, p in enumerate(last.plays)]
        head.append_text(trick_text(plays, self.tutor.suit_style, winner=last.winner, leader=last.leader))
        return head

    def redraw(self) -> None:
        if self.table is None or self.tutor.game == "yishang":
            return
        self.query_one("#table-info", Static).update(self.info_text())
        self.query_one("#trick", Static).update(self.trick_view())
        last = self.last_view()
        pane = self.query_one("#last", Static)
        pane.update(last)
        pane.display = bool(last.plain)  # an empty pane must not halve the trick area
        self.query_one("#play-message", Static).update(self.message())
        hand = self.query_one("#my-hand", HandView)
        hand.set_cards(self.table.my_cards())
        hand.disabled_input = self.table.done

    # -- actions ------------------------------------------------------------------

    def on_hand_view_submitted(self, event: HandView.Submitted) -> None:
        event.stop()
        self.play_cards(event.cards)

    def play_cards(self, cards: list[Any]) -> bool:
        """Play the selected cards; an illegal play is explained and nothing moves."""
        if self.table is None or self.table.done or self.busy:
            return False
        if self.tutor.game != "yishang" and (self.table.burying or self.table.reclaiming):
            try:
                events = self.table.bury(cards) if self.table.burying else self.table.reclaim(cards)
            except ValueError as err:
                bad = str(err)
                self.message = lambda: Text("✗ " + bad, style="red")
                self.query_one("#play-message", Static).update(self.message())
                return False
            self.message = self.events_message(events)
            self.redraw()
            return True
        if self.tutor.game == "yishang":
            self.table.message = lambda: ""
            error = self.table.play(cards)
            if error:
                self.table.message = lambda: "✗ " + error
            if self.table.done:
                self.autosave()
            self.table.redraw(self)
            self.refresh_bindings()
            return error is None
        reason = self.table.explain(cards)
        if reason is not None:
            bad, first = list(cards), reason
            from tutor.tui.cards import style_card_tokens

            self.message = lambda: Text("✗ " + style_card_tokens(self.table.explain(bad) or first,
                                                                self.tutor.suit_style, get_language()), style="red")
            self.query_one("#play-message", Static).update(self.message())
            return False
        if self.tutor.bot_level == "strong":
            # Searching bots think for a moment: play off the UI thread, hand locked meanwhile.
            hand = self.query_one("#my-hand", HandView)
            hand.disabled_input = True
            self.message = lambda: Text(_("tui.play.bots_thinking"), style="cyan")
            self.query_one("#play-message", Static).update(self.message())
            table, chosen = self.table, list(cards)
            self.busy = True
            self.run_worker(lambda: self._play_work(table, chosen), thread=True, exclusive=True,
                            group="play", exit_on_error=False)
            return True
        try:
            events = self.table.play(cards)
        except ValueError as err:
            bad, first = list(cards), str(err)
            self.message = lambda: Text("✗ " + (self.table.explain(bad) or first), style="red")
            self.query_one("#play-message", Static).update(self.message())
            return False
        self._after_play(events)
        return True

    def _play_work(self, table: Any, cards: list[Any]) -> None:
        try:
            events = table.play(cards)
        except Exception:  # a refused play was caught above; anything else: just redraw
            events = []
        self.app.call_from_thread(self._after_play, events)

    def _after_play(self, events: list[Any]) -> None:
        self.busy = False
        if self.table is None or not self.query("#my-hand"):
            return
        if self.table.done:
            self.autosave()
        self.message = self.events_message(events)
        self.redraw()
        self.refresh_bindings()

    def action_hint(self) -> None:
        if self.busy:
            return
        """Ask for a hint; the search may take a moment, so it runs off the UI thread."""
        if self.table is None or self.table.done:
            return
        if self.tutor.game == "yishang":
            self.table.hint(self)
            return
        if self.table.pending:
            self.notify(_("tui.play.declare_first"), timeout=4)
            return
        if self.table.riot_offer:  # R-H-RIOT: the prompt explains; no engine hint for it
            self.notify(_("tui.play.riot_first"), timeout=4)
            return
        self.message = lambda: Text(_("tui.play.thinking"), style="cyan")
        self.query_one("#play-message", Static).update(self.message())
        moves = len(self.table.hand.played)
        self.run_worker(lambda: self._hint_work(moves), thread=True, exclusive=True, group="hint",
                        exit_on_error=False)

    def _hint_work(self, moves: int) -> None:
        table = self.table
        try:
            cards, source, reasons = table.hint()
        except Exception:  # the position changed under the search: no hint this time
            return
        self.app.call_from_thread(self._show_hint, cards, source, moves, reasons)

    def _show_hint(self, cards: list[Any], source: str, moves: int,
                   reasons: list[tuple[str, dict[str, Any]]] | None = None) -> None:
        if self.table is None or len(self.table.hand.played) != moves or not self.query("#my-hand"):
            return  # the position moved on while the hint was computed
        hand = self.query_one("#my-hand", HandView)
        hand.mark(cards)
        hand.select_cards(cards)
        from tutor.tui.cards import card_label

        def text() -> Text:
            out = Text(_(source, cards=" ".join(
                card_label(c, self.tutor.suit_style, get_language()) for c in cards)), style="cyan")
            for code, params in (reasons or [])[:2]:  # why: the engine's first reasons
                out.append(" " + _(code, **params))
            return out

        self.message = text
        self.query_one("#play-message", Static).update(self.message())

    def action_ys_respond(self, challenge: bool) -> None:
        if self.table is None or self.tutor.game != "yishang":
            return
        self.table.message = lambda: ""
        self.table.respond(challenge)
        if self.table.done:
            self.autosave()
        self.table.redraw(self)
        self.refresh_bindings()

    def action_ys_declare(self, delta: int) -> None:
        if self.table is not None and self.tutor.game == "yishang":
            self.table.change_declared(delta)
            self.table.redraw(self)

    def action_undo(self) -> None:
        if self.busy:
            return
        if self.table is None:
            return
        if self.tutor.game == "yishang":
            if not self.tutor.practice:
                self.notify(_("tui.play.no_undo"), timeout=3)
            elif self.table.undo():
                self.table.message = lambda: _("tui.ys.undone")
                self.table.redraw(self)
                self.refresh_bindings()
            else:
                self.notify(_("tui.play.nothing_to_undo"), timeout=3)
            return
        if not self.table.practice:
            self.notify(_("tui.play.no_undo"), timeout=3)
        elif self.table.undo():
            self.message = lambda: _("tui.play.undone")
            self.redraw()
        else:
            self.notify(_("tui.play.nothing_to_undo"), timeout=3)

    def action_last_trick(self) -> None:
        if self.busy:
            return
        if self.table is not None and self.tutor.game != "yishang":
            self.show_last = not self.show_last
            self.redraw()

    def autosave(self) -> None:
        self.saved_id = self.tutor.store.save_hand(self.tutor.game, self.table.history())
        self.notify(_("tui.play.saved", id=self.saved_id), timeout=4)

    def action_save(self) -> None:
        if self.busy:
            return
        if self.table is not None:
            self.autosave()

    def action_new_hand(self) -> None:
        """After a finished hand: the next hand of the match; otherwise a new match."""
        if self.busy:
            return
        if self.table is not None and self.tutor.game != "yishang" and self.table.done \
                and self.table.next_hand():
            events = list(self.table.events)
            self.message = self.events_message(events)
            self.run_worker(self.relabel(), exclusive=True, group="redraw")
            return
        self.table = None
        self.error = None
        self.seed = None
        self.run_worker(self.relabel(), exclusive=True, group="redraw")

    def action_review(self) -> None:
        """After a hand: review your plays (issue 17), mistakes become puzzles."""
        if self.busy or self.table is None or self.tutor.game == "yishang" or not self.table.done:
            self.notify(_("review.tui.no_hand"), timeout=3)
            return
        from tutor.tui.review_screen import ReviewScreen

        if self.saved_id is None:
            self.autosave()
        self.app.push_screen(ReviewScreen(self.table.history(), self.saved_id, 0,
                                          game=self.tutor.game))

    def action_replay(self) -> None:
        hands = self.tutor.store.hands(self.tutor.game)
        if not hands:
            self.notify(_("tui.play.no_saved"), timeout=3)
            return
        if self.tutor.game == "yishang":
            from tutor.tui.yishang_table import YishangReplayScreen

            self.app.push_screen(YishangReplayScreen(hands[0]["history"], hands[0]["id"]))
            return
        self.app.push_screen(ReplayScreen(hands[0]["history"], hands[0]["id"]))


class ReplayScreen(StepReplayScreen):
    """Step through a saved hand trick by trick (←/→)."""

    def __init__(self, history: dict[str, Any], hand_id: int | None = None) -> None:
        super().__init__(history, hand_id)
        from tutor.tui.table import replay_steps

        self.steps = replay_steps(history)

    def show(self) -> None:
        style = getattr(self.app, "suit_style", "glyphs")
        total = len(self.steps)
        h = self.history
        head = _("tui.replay.head", n=self.index + 1 if total else 0, total=total,
                 level=h.get("level"), trump=h.get("trump"), points=h.get("attacker_points"),
                 result=h.get("total") if h.get("total") is not None else "—")
        self.query_one("#replay-head", Static).update(head)
        if total:
            s = self.steps[self.index]
            plays = [((s["leader"] + i) % 4, p) for i, p in enumerate(s["plays"])]
            body = trick_text(plays, style, winner=s["winner"], leader=s["leader"])
            body.append("\n" + _("tui.replay.points", points=s["points"]))
        else:
            body = Text(_("tui.replay.empty"))
        self.query_one("#replay-trick", Static).update(body)

