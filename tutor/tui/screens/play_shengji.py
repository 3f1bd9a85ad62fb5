"""Play 升级 (henan, wusaner, tractor): you and three bots.

Your hand is selectable with the keyboard (←/→, space, Enter) and the
mouse; the trick area shows the trick in progress (and the last one), the
info line trump, level, dealer and the attackers' points.  During the deal
digits make a declaration offered to you (x skips); 河南's riot is y / x;
when you take the kitty you bury.  Hints on demand (Esc cancels one being
computed), undo in practice mode, save and replay the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from content.i18n import _, by_sign, get_language, sentence_gap
from lessons.reference import game_msgid
from solver.cards import Card
from solver.search.shares import warm as warm_hints
from tutor.tui.base import StepReplayScreen
from tutor.tui.models.breakdown import Breakdown
from tutor.tui.models.saved import SavedHand, SavedHandError, open_saved
from tutor.tui.models.shengji import ShengjiTable
from tutor.tui.models.table import Advice, Event, seat_name
from tutor.tui.screens.play import PlayScreen
from tutor.tui.widgets import HandView, KeyHelp
from tutor.tui.layout import ITEM_SEP, label, verdict_mark
from tutor.tui.widgets.cards import card_label, cards_text, display_params, style_card_tokens, suit_symbol


def event_text(event: Event, style: str) -> str:
    """An event in the current language, its cards in the suit style; a
    declaration's shape (``kind``, ``standing_kind``: the engine's message
    ids, with their ``pairs``) in words, and an engine reason it carries
    (``why``, a message id of ``game.``) said with the same parameters."""
    params = display_params(dict(event.params), style, get_language())
    for key in ("kind", "standing_kind"):
        value = params.get(key)
        if isinstance(value, str) and value.startswith("game.declare.kind."):
            params[key] = _(value, pairs=params.get(key.replace("kind", "pairs")))
    why = params.get("why")
    if isinstance(why, str) and why.startswith("game."):
        params["why"] = _(why, **params)
    return _(event.msgid, **params)


def trick_text(plays: Sequence[tuple[int, Sequence[Card]]], style: str, *, winner: int | None = None,
               leader: int | None = None) -> Text:
    """Four lines, one per seat in play order from the leader, with the cards each played."""
    lang = get_language()
    by_seat = dict(plays)
    out = Text()
    start = leader if leader is not None else 0
    for seat in [(start + i) % 4 for i in range(4)]:
        if out:
            out.append("\n")
        mark = "▶" if seat == leader else " "
        colon = "：" if lang.startswith("zh") else ": "  # "上家：♣8 ♣8", not "上家: ♣8 ♣8"
        out.append(f"{mark} {seat_name(seat)}{colon}", style="bold" if seat == 0 else "")
        if seat in by_seat:
            out.append_text(cards_text(list(by_seat[seat]), style, lang))
            if seat == winner:
                out.append("  ★", style="bold yellow")
        else:
            out.append("…", style="dim")
    return out


def kitty_line(b: Breakdown, game: str) -> str:
    """R-KITTY: who won the last trick first (the kitty counts only for the
    attackers), then its points ("the kitty's 0 points do not count" said
    nothing; "the kitty holds no points" alone left unsaid that the
    dealers' last trick kept it from counting)."""
    rule = _("ruleref.R-KITTY.title")
    if not b.kitty_points:
        return _(game_msgid(game, "tui.end.kitty_empty" if b.kitty_counted else "tui.end.kitty_none_empty"),
                 rule=rule)
    if b.kitty_counted:
        return _(game_msgid(game, "tui.end.kitty"), rule=rule, points=b.kitty_points, mult=b.multiplier,
                 bonus=b.kitty_bonus)
    return _(game_msgid(game, "tui.end.kitty_none"), rule=rule, points=b.kitty_points)


def breakdown_text(b: Breakdown, levels: Sequence[str] | None, game: str = "",
                   kitty: Sequence[Card] = (), style: str = "glyphs") -> Text:
    """The end of a hand, term by term: tricks per side and per trick, failed
    throws, the kitty (and its cards, ``kitty``), the total, the level band
    and the new levels, in ``game``'s words (五三二: 台上/台下)."""
    def g(msgid: str) -> str:
        return game_msgid(game, msgid)

    out = Text(_("tui.end.head"), style="bold")
    out.append("\n" + _(g("tui.end.sides"), att=b.attacker_trick_points, dfn=b.defender_trick_points))
    items = []
    running = 0
    for t in b.tricks:
        # a failed throw's points in the running total where they came
        # (R-THROW-FAIL): "10: +10=50 · 19: +5=45" left the −10 unsaid
        for p in b.penalties:
            if p.trick == t.number and p.points:
                running += p.points
                items.append(_(by_sign("tui.end.trick_throw", p.points), n=t.number,
                               points=abs(p.points), running=running))
        if t.to_attackers and t.points:
            items.append(_(g("tui.end.trick_att"), n=t.number, points=t.points, running=t.running))
        elif t.points:
            items.append(_(g("tui.end.trick_def"), n=t.number, points=t.points))
        running = t.running
    if items:
        out.append("\n" + label(g("tui.end.by_trick")) + " · ".join(items), style="dim")
    # the failed throws on one line (five of them pushed the total off an
    # 80×24 screen, the walk of session 35)
    failed = [_(by_sign("tui.end.penalty", p.points) if p.points else "tui.end.penalty_stake",
                n=p.trick, seat=seat_name(p.seat), points=abs(p.points),
                stake=f"{p.stake:g}")
              for p in b.penalties if p.points or p.stake]
    if failed:
        out.append("\n" + " · ".join(failed))
    out.append("\n" + kitty_line(b, game))
    if kitty:  # the cards themselves: "holds no points" alone left them unseen all hand
        out.append(" · " + _("tui.end.kitty_cards") + ("" if get_language().startswith("zh") else " "))
        out.append_text(cards_text(list(kitty), style, get_language()))
    # No failed throw scored points (五三二 has no such penalty, R-THROW-FAIL): no "+0" term.
    total_key = "tui.end.total" if b.penalty_points or any(p.points for p in b.penalties) \
        else "tui.end.total_no_throws"
    total_key = by_sign(total_key, b.penalty_points)  # "65 in tricks + -10 for failed throws"
    out.append("\n" + _(total_key, tricks=b.attacker_trick_points, penalties=abs(b.penalty_points),
                         kitty=b.kitty_bonus, total=b.total), style="bold")
    if b.floored:
        out.append(sentence_gap() + _("tui.end.floored"))
    outcome = _(g(f"tui.outcome.{b.outcome}"), levels=b.levels)
    rule = _("ruleref.R-LEVELS.title")
    low = -(-b.band_low // 5) * 5  # totals are multiples of 5 (R-POINTS)
    if b.band_high is None:
        band = _("tui.end.band_open", rule=rule, low=b.band_low, outcome=outcome)
    elif b.band_high - 5 <= low:
        band = _("tui.end.band_one", rule=rule, low=low, outcome=outcome)
    else:
        band = _("tui.end.band", rule=rule, low=low, high=b.band_high - 5, outcome=outcome)
    out.append("\n" + band)
    if levels is not None:  # a saved hand's replay does not know the match's levels now
        out.append("\n" + _("tui.end.levels", us=levels[0], them=levels[1]))
    return out


class ShengjiPlayScreen(PlayScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "last_trick", "tui.key.last_trick", id="play.last_trick", show=False),
        Binding("v", "review", "tui.key.review", id="play.review", show=False),
        # Declaring during the deal
        Binding("1,2,3,4,5,6,7,8,9", "declare_key", show=False, id="play.declare"),
        Binding("x", "skip_declare", "tui.key.skip_declare", id="play.skip_declare"),
        # 五三二 shows a declaration (亮牌) rather than declaring trump: its own word on the key
        Binding("x", "skip_show", "tui.key.skip_declare.wusaner", id="play.skip_show"),
        # 河南双升: your riot (暴动, R-H-RIOT) when you may call one
        Binding("y", "riot(True)", "tui.key.riot", id="play.riot"),
        Binding("x", "riot(False)", "tui.key.no_riot", id="play.no_riot"),
    ]

    table: ShengjiTable | None

    def __init__(self, seed: int | None = None) -> None:
        self.told: list[Event] = []  # the events the message line says now
        super().__init__(seed)
        self.show_last = True

    def new_table(self) -> ShengjiTable:
        warm_hints()  # the hints' second process starts while you look at your cards
        kept = None if self.fresh else self.tutor.store.setting(f"resume:{self.tutor.game}")
        if kept:
            try:  # the hand (and the match) you left: resumed, not dealt anew
                table = ShengjiTable.restore(kept, bots=self.tutor.bot_level, human_declare=True)
                self.message = lambda: _("tui.play.resumed")
                return table
            except ValueError:
                self.notify(_("tui.play.resume_failed"), severity="warning", timeout=6)
        table = ShengjiTable(self.tutor.game, seed=self.seed, options=self.tutor.rule_options(),
                             bots=self.tutor.bot_level, practice=self.tutor.practice, human_declare=True)
        self.message = self.events_message(list(table.events))
        return table

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The declaring and riot keys only while you have that decision."""
        if action in ("skip_declare", "skip_show") and (action == "skip_show") != (self.game == "wusaner"):
            return False  # one skip key per game: 五三二's says 不亮
        if action in ("declare_key", "skip_declare", "skip_show"):
            return bool(self.table is not None and self.table.pending)
        if action == "riot":
            return bool(self.table is not None and self.table.riot_offer)
        return True

    # -- layout -------------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        assert self.table is not None
        with Vertical(id="table"):
            yield Static(self.info_text(), id="table-info")
            with Horizontal(id="tricks"):
                yield Static(self.trick_view(), id="trick")
                yield Static(self.last_view(), id="last")
            yield Static(self.message(), id="play-message")
            hand = HandView(self.table.my_cards(), style=self.tutor.suit_style, id="my-hand")
            hand.border_subtitle = self.joker_legend()
            yield hand
            yield KeyHelp(self.help_text(), classes="muted", id="play-help")

    def joker_legend(self) -> str:
        """What BJ and SJ mean, under the hand, where the jokers are shown by
        letters (Chinese names them 大王/小王 outright), once a joker is in
        your hand or has been played this hand."""
        t = self.table
        if t is None or card_label(Card.parse("BJ"), "glyphs", get_language()) != "BJ":
            return ""
        played = [c for trick in t.hand.tricks for play in trick.plays for c in play]
        played += [c for play in t.hand.current for c in play]
        return _("tui.play.joker_legend") if any(c.is_joker for c in [*t.my_cards(), *played]) else ""

    def help_text(self) -> str:
        """The keys for what you do now: pick cards to play, to bury or to
        discard after taking back (none while a declaration is decided or
        after the hand, whose message names the keys; the learner walk of
        2026-12-03 read "Enter: play" while burying and after the hand)."""
        t = self.table
        if t is None:
            return ""
        if t.pending or t.riot_offer or t.done:
            return ""  # the prompt above (and the footer) name the keys
        if t.burying or t.reclaiming:
            keys = _("tui.play.help_bury" if t.burying else "tui.play.help_reclaim")
            need: int | None = t.rules.kitty_size if t.burying else len(t.taken_back())
        else:
            undo = self.tutor.practice and t.practice  # a match has no undo: u is not offered
            # t says what it does now: the last trick is shown at first, and
            # "t last" beside it read as "show" (a walk pressed it and it hid)
            last = _("tui.play.key_last_hide" if self.show_last else "tui.play.key_last_show")
            keys, need = _("tui.play.help" if undo else "tui.play.help_match", last=last), None
        return "\n".join(x for x in (self.picked_text(need), keys) if x)

    def picked_text(self, need: int | None) -> str:
        """The cards you picked, in words (the hand shows them only in
        reverse video, which some terminals and readers lose), with how many
        are asked for while burying or discarding; empty with none picked."""
        hands = self.query("#my-hand")
        picked = hands.first(HandView).selection() if hands else []
        if not picked:
            return ""
        cards = " ".join(card_label(c, self.tutor.suit_style, get_language()) for c in picked)
        if need is None:
            return _("tui.play.picked", count=len(picked), cards=cards)
        return _("tui.play.picked_of", count=len(picked), need=need, cards=cards)

    #: the cards of the last play refused, while its reason is on screen
    refused: list[Card] | None = None

    def set_message(self, message: Any) -> None:
        self.refused = None  # another message: no refusal on screen
        super().set_message(message)

    def on_hand_view_changed(self, event: HandView.Changed) -> None:
        if self.query("#play-help"):
            self.query_one("#play-help", KeyHelp).update(self.help_text())
        # The reason a play was refused is about those cards: once the
        # selection is another, it goes (the walk of 2026-12-04 read it
        # still after clearing the selection), and the turn's prompt is back.
        if self.refused is not None and event.hand.selection() != self.refused:
            self.refused = None
            self.set_message(self.events_message([]))

    def keep_for_later(self) -> None:
        """Keep this hand and the match to resume (a finished match is not kept)."""
        if self.table is not None:
            over = self.table.match.finished
            self.tutor.store.set_setting(f"resume:{self.game}", None if over else self.table.snapshot())

    def events_message(self, events: list[Event]) -> Any:
        """What just happened, in the current language (or what to do now)."""
        self.told = list(events)  # the last-trick view does not say them again

        def text() -> str:
            said = sentence_gap().join(event_text(e, self.tutor.suit_style) for e in events)
            t = self.table
            if t is not None and t.done:
                # Saved at the hand's end: said last, where no notice covers it.
                # after the hand's end line ("Hand over: …") without saying it again
                key = "review.tui.play_next" if said else "review.tui.play_over"
                # n deals the match's next hand, or after its last a new match
                n = _("tui.play.n_new_match" if t.match.finished else "tui.play.n_next")
                over = _(key, n=n) if self.saved_id is None else _(key + "_saved", id=self.saved_id, n=n)
                return (said + "\n" if said else "") + over
            if said or t is None or t.pending or t.burying or t.reclaiming or t.riot_offer:
                return said
            return _("tui.play.your_turn")
        return text

    def after_relabel(self) -> None:
        if self.query("#last"):
            self.query_one("#last", Static).display = bool(self.last_view().plain)
        if self.query("#my-hand"):
            self.query_one("#my-hand", HandView).focus()

    def info_text(self) -> Text:
        assert self.table is not None
        style = self.tutor.suit_style
        info = self.table.info()
        t = info["trump"]
        trump = _("tui.ctx.no_trump") if t == "NT" else _("tui.play.secret") if t == "?" else \
            _("tui.play.undecided") if t == "…" else suit_symbol(t, style, get_language())
        so_far = info["so_far"]
        if t == "…" and so_far is not None:  # "trump undecided" beside "Left declared ♦2" read as a contradiction
            trump = _("tui.play.trump_so_far", suit=_("tui.ctx.no_trump") if so_far == "NT"
                      else suit_symbol(so_far, style, get_language()))
        if info["dealing"] or info["dealer"] is None:
            side = _("tui.play.dealing")
        else:
            side = _(game_msgid(self.game, "tui.play.you_defend" if info["you_defend"] else "tui.play.you_attack"))
        dealer = seat_name(info["dealer"]) if info["dealer"] is not None else _("tui.play.undecided")
        line = _(game_msgid(self.game, "tui.play.info"), game=self.tutor.game_name(self.game), level=info["level"], trump=trump,
                 dealer=dealer, points=info["points"], side=side)
        out = Text(line)
        out.append("\n" + _("tui.play.match", n=info["hand_no"], us=info["levels"][0], them=info["levels"][1]))
        ctx = self.table.ctx
        burial = info["burial"]
        if burial is not None and ctx is not None:
            # What you buried (the log), not the kitty now: in 五三二 the
            # declarer takes back the trump-suit cards (R-W-KITTY).
            out.append("\n" + label("tui.play.kitty"))
            out.append_text(cards_text(ctx.sorted(burial.buried), style, get_language()))
            if burial.taken_back and burial.taker is not None:
                # the why once, before the first trick; then one short line
                # (at 80×24 four lines stayed above every hint all hand)
                key = "tui.play.kitty_taken_back" if not info["tricks"] else "tui.play.kitty_taken_back_short"
                out.append("\n" + _(key, seat=seat_name(burial.taker),
                                     cards=" ".join(card_label(c, style, get_language())
                                                    for c in ctx.sorted(burial.taken_back)),
                                     n=len(burial.taken_back)))
                if burial.kitty:
                    out.append(sentence_gap() + label("tui.play.kitty_now"))
                    out.append_text(cards_text(ctx.sorted(burial.kitty), style, get_language()))
        return out

    def trick_view(self) -> Text:
        t = self.table
        assert t is not None
        style = self.tutor.suit_style
        if t.pending:
            out = Text(_(t.declare_words, n=t.rules.kitty_size) + "\n", style="bold")
            for i, option in enumerate(t.pending[:9]):
                out.append(f"{i + 1}) ")
                out.append_text(cards_text(list(option), style, get_language()))
                out.append(ITEM_SEP)
            out.append("\n" + _(t.declare_help), style="dim")
            return out
        if t.burying:
            out = Text(_("tui.play.bury", n=t.rules.kitty_size) + "\n", style="bold")
            out.append(label("tui.play.kitty_taken"))
            out.append_text(cards_text(t.kitty_picked(), style, get_language()))
            return out
        if t.reclaiming:  # 五三二 (R-W-KITTY): take back the secret suit, discard as many
            back = t.taken_back()
            out = Text(_("tui.play.reclaim", n=len(back)) + "\n", style="bold")
            out.append(label("tui.play.taken_back"))
            out.append_text(cards_text(back, style, get_language()))
            return out
        if t.riot_offer:  # 河南 (R-H-RIOT): riot or play on
            out = Text(_("tui.play.riot_prompt", points=t.riot_points(),
                         limit=t.rules.riot_threshold) + "\n", style="bold")
            out.append(_("tui.play.riot_help"), style="dim")
            return out
        if t.done:
            b = t.breakdown()
            out = breakdown_text(b, t.info()["levels"], t.game, kitty=t.ctx.sorted(t.hand.kitty),
                                 style=style) if b is not None else Text()
            # what to do next is said after the hand's last events, under
            # the table (events_message): said here, above them, a walk read
            # the last trick after "the hand is over, n: next hand"
            return out
        head = Text(_("tui.play.trick", n=len(t.hand.tricks) + 1) + "\n", style="bold")
        head.append_text(trick_text(t.current_plays(), style, leader=t.hand.leader))
        return head

    def last_view(self) -> Text:
        t = self.table
        assert t is not None
        last = t.last_trick()
        if not self.show_last or last is None or t.done or t.pending or t.burying or t.reclaiming or t.riot_offer:
            return Text("")
        head = Text(_("tui.play.last_trick", n=len(t.hand.tricks), points=last.points) + "\n", style="bold")
        plays = [((last.leader + i) % 4, p) for i, p in enumerate(last.plays)]
        head.append_text(trick_text(plays, self.tutor.suit_style, winner=last.winner, leader=last.leader))
        for event in t.last_trick_throws():
            if event not in self.told:  # the message line says it now (80×24 showed it twice)
                head.append("\n" + event_text(event, self.tutor.suit_style))
        return head

    def redraw(self) -> None:
        if self.table is None or not self.query("#my-hand"):
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
        # an empty hand at the end takes no room from the score (the walk
        # of session 35: five failed throws pushed the total off 80×24)
        hand.display = not self.table.done or bool(self.table.my_cards())
        hand.border_subtitle = self.joker_legend()
        self.query_one("#play-help", KeyHelp).update(self.help_text())  # after the selection is reset

    # -- declaring and the riot -------------------------------------------------------

    def on_key(self, event: Any) -> None:
        """Digits choose a declaration while one is offered."""
        if event.key in "123456789" and len(event.key) == 1 and self.table is not None and self.table.pending:
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
            self.set_message(lambda: Text(verdict_mark(False) + bad, style="red"))
            return
        self._after_play(events)
        self.refresh_bindings()

    def action_riot(self, riot: bool) -> None:
        """R-H-RIOT: y calls a redeal (暴动), x plays on."""
        if self.busy or self.table is None or not self.table.riot_offer:
            return
        table = self.table
        self._bots_act(lambda: table.answer_riot(riot))

    def action_skip_show(self) -> None:
        self.action_skip_declare()

    def action_skip_declare(self) -> None:
        if self.busy or self.table is None or not self.table.pending:
            return
        table = self.table
        self._bots_act(table.pass_declare)

    # -- playing ------------------------------------------------------------------------

    def play_cards(self, cards: list[Card]) -> bool:
        """Play the selected cards; an illegal play is explained and nothing moves."""
        t = self.table
        if t is None or t.done or self.busy:
            return False
        if t.burying or t.reclaiming:
            chosen = list(cards)
            if not (t.hand.can_bury(0, chosen) if t.burying else t.hand.can_reclaim(0, chosen)):
                try:  # refused before anything moves: the engine's reason
                    t.bury(chosen) if t.burying else t.reclaim(chosen)
                except ValueError as err:  # its cards in the suit style, as a refused play's
                    bad = style_card_tokens(str(err), self.tutor.suit_style, get_language())
                    self.set_message(lambda: Text(verdict_mark(False) + bad, style="red"))
                    return False
            self._bots_act(lambda: t.bury(chosen) if t.burying else t.reclaim(chosen))
            return True
        reason = t.explain(cards)
        if reason is not None:
            chosen, first = list(cards), reason
            self.set_message(lambda: Text(verdict_mark(False) + style_card_tokens(t.explain(chosen) or first,
                                                                    self.tutor.suit_style, get_language()),
                                          style="red"))
            self.refused = chosen
            return False
        chosen = list(cards)
        self._bots_act(lambda: t.play(chosen))
        return True

    def _bots_act(self, act: Callable[[], list[Event]]) -> None:
        """Make your move (checked beforehand) and let the bots answer.  Searching
        bots think for a moment: then it runs off the interface thread, the hand
        locked and the message line saying so; an engine failure there is
        logged and told by the worker handler."""
        self.cancel_hint(say=False)  # a hint for the old position is no use now
        if self.tutor.bot_level != "strong":
            self._after_play(act())
            return
        self.query_one("#my-hand", HandView).disabled_input = True
        self.set_message(lambda: Text(_("tui.play.bots_thinking"), style="cyan"))
        self.busy = True

        def work() -> None:
            events = act()
            self.app.call_from_thread(self._after_play, events)

        self.run_worker(work, thread=True, exclusive=True, group="play", exit_on_error=False)

    def _after_play(self, events: list[Event]) -> None:
        self.busy = False
        if self.table is None or not self.query("#my-hand"):
            return
        if self.table.done:
            self.autosave(quiet=True)  # the end screen's last line says so
        self.message = self.events_message(events)
        self.redraw()
        self.refresh_bindings()

    # -- hints ------------------------------------------------------------------------------

    def hint_refused(self) -> str | None:
        t = self.table
        if t is not None and t.riot_offer:  # R-H-RIOT: the prompt explains; no engine hint for it
            return _("tui.play.riot_first")
        return None

    def show_advice(self, advice: Advice) -> None:
        hand = self.query_one("#my-hand", HandView)
        cards = list(advice.cards)
        hand.mark(cards)
        hand.select_cards(cards)
        # named in the order your hand shows them (a burial came as
        # "♣3 ♣7 ♣8 ♦4 ♣Q", the order it was chosen in)
        cards = hand.selection()

        def text() -> Text:
            labels = " ".join(card_label(c, self.tutor.suit_style, get_language()) for c in cards)
            out = Text(_(advice.source, cards=labels, **advice.params), style="cyan")
            game = self.table.game if self.table is not None else ""
            for code, params in advice.shown():  # why, then how the hand ends, in the game's words
                out.append(sentence_gap() + _(game_msgid(game, code),
                                   **display_params(dict(params), self.tutor.suit_style, get_language())))
            return out

        self.set_message(text)

    # -- the rest ----------------------------------------------------------------------------

    def after_undo(self) -> None:
        self.message = self.events_message(list(self.table.events) if self.table is not None else [])
        self.redraw()

    def action_last_trick(self) -> None:
        if not self.busy and self.table is not None:
            self.show_last = not self.show_last
            self.redraw()
            if self.query("#play-help"):
                self.query_one("#play-help", KeyHelp).update(self.help_text())

    def key_word(self, description: str) -> str:
        """n says what it does now: the match's next hand after a hand, else a
        new match (its levels from the start); "n 新一局" beside "n：比赛的
        下一局" read as two different keys (a walk)."""
        if description != "tui.key.new_hand" or self.table is None:
            return description
        t = self.table
        return "tui.key.next_hand" if t.done and not t.match.finished else "tui.key.new_match"

    def action_new_hand(self) -> None:
        """After a finished hand: the next hand of the match; otherwise a new match."""
        if self.busy:
            return
        if self.table is not None and self.table.done and self.table.next_hand():
            self.cancel_hint(say=False)
            self.message = self.events_message(list(self.table.events))
            self.run_worker(self.relabel(), exclusive=True, group="redraw")
            return
        super().action_new_hand()

    def action_review(self) -> None:
        """After a hand: review your plays (issue 17); mistakes become puzzles."""
        if self.busy or self.table is None or not self.table.done:
            self.notify(_("review.tui.no_hand"), timeout=3)
            return
        from tutor.tui.screens.review import ReviewScreen

        if self.saved_id is None:
            self.autosave()
        self.app.push_screen(ReviewScreen(self.table.history(), self.saved_id, 0, game=self.game))

    def replay_screen(self, history: dict[str, Any], hand_id: int | None) -> ReplayScreen:
        return ReplayScreen(history, hand_id)


def replay_steps(s: SavedHand) -> int:
    """How many steps the replay of ``s`` has: the tricks, after a first
    step for what happened before them when the engine's log tells it, and
    before a last one for the hand's score when it is over."""
    return len(s.tricks) + (1 if s.before else 0) + (1 if s.end is not None else 0)


def replay_text(s: SavedHand, index: int, game: str, style: str) -> tuple[str, Text]:
    """The Replay screen's head line and step ``index`` of saved hand ``s``,
    in ``game``'s words (五三二: 台上/台下): before the first trick (the
    dealer, the declarations, how trump was fixed, the kitty) when the hand
    tells it, then each trick with its failed throws (R-THROW-FAIL)."""
    total = len(s.tricks)
    trump = _("tui.ctx.no_trump") if s.trump == "NT" else suit_symbol(s.trump, style, get_language())
    # a hand saved before its end has no final total: "so far", not "at the end: —"
    done = s.total is not None
    params: dict[str, object] = {"total": total, "level": s.level, "trump": trump,
                                 "points": s.attacker_points, "result": s.total if done else ""}
    if s.end is not None and index == replay_steps(s) - 1:
        # the hand's score, term by term, as the table showed it at the end (R-KITTY, R-LEVELS)
        head = _(game_msgid(game, "tui.replay.head_end"), **params)
        return head, breakdown_text(s.end, None, game, kitty=s.kitty, style=style)
    if s.before:
        if index == 0:
            head = _(game_msgid(game, "tui.replay.head_before" if done else "tui.replay.head_before_unfinished"),
                     **params)
            return head, before_text(s, game, style)
        index -= 1
    head = _(game_msgid(game, "tui.replay.head" if done else "tui.replay.head_unfinished"),
             n=index + 1 if total else 0, **params)
    if not total:
        return head, Text(_("tui.replay.empty"))
    step = s.tricks[index]
    plays = [((step.leader + i) % 4, p) for i, p in enumerate(step.plays)]
    body = trick_text(plays, style, winner=step.winner, leader=step.leader)
    for event in s.throws[index] if index < len(s.throws) else ():
        body.append("\n" + event_text(event, style))
    if step.points and s.defenders is not None:  # whose points: "10 points" under a dealers' trick read as the attackers'
        side = "dealers" if step.winner % 2 == s.defenders else "attackers"
        body.append("\n" + _(game_msgid(game, f"tui.replay.points_{side}"), points=step.points))
    else:
        body.append("\n" + _("tui.replay.points", points=step.points))
    if index < len(s.running):
        body.append("\n" + _(game_msgid(game, "tui.replay.running"), running=s.running[index]))
    if index == total - 1 and s.end is not None:
        # the last trick decides the kitty (R-KITTY): said here, where it was
        # won ("本轮0分" under a trick that brought 30 from the kitty, a walk)
        body.append("\n" + kitty_line(s.end, game))
    return head, body


def before_text(s: SavedHand, game: str, style: str) -> Text:
    """The replay's first step: who dealt, what was declared or how trump
    was fixed without a declaration, who took the kitty, and the kitty."""
    lines: list[str] = []
    if s.dealer is not None:
        lines.append(_(game_msgid(game, "tui.replay.dealer"), seat=seat_name(s.dealer)))
    lines.extend(event_text(e, style) for e in s.before)
    out = Text("\n".join(lines))
    if s.kitty:  # in the hand's display order and colours, as at the hand's end
        label_, _sep, rest = _(game_msgid(game, "tui.replay.kitty"), cards="\0").partition("\0")
        out.append("\n" + label_)
        out.append_text(cards_text(list(s.kitty), style, get_language()))
        out.append(rest)
    return out


class ReplayScreen(StepReplayScreen):
    """Step through a saved hand trick by trick (←/→); a hand that cannot
    be opened says why in one line."""

    def __init__(self, history: dict[str, Any], hand_id: int | None = None) -> None:
        super().__init__(history, hand_id)
        try:
            self.saved = open_saved(history)
            self.problem: str | None = None
            self.steps = list(range(replay_steps(self.saved)))
        except SavedHandError as err:
            self.problem = str(err)

    def show(self) -> None:
        if self.problem is not None:
            self.query_one("#replay-head", Static).update(Text(verdict_mark(False) + self.problem, style="red"))
            return
        game = str(self.history.get("rules", "")) if isinstance(self.history, dict) else ""
        head, body = replay_text(self.saved, self.index, game, getattr(self.app, "suit_style", "glyphs"))
        self.query_one("#replay-head", Static).update(head)
        self.query_one("#replay-trick", Static).update(body)
