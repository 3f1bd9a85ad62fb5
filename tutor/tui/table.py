"""The card table behind the Play screen (no Textual import: testable alone).

:class:`ShengjiTable` seats you at seat 0 with three bots for ``henan``,
``wusaner`` or ``tractor``.  The deal, declarations and the kitty are made
by the engine's runner (a bot decides for you too in those phases); the
play is yours.  Practice mode keeps a snapshot before each of your plays
so you can undo.  A finished (or abandoned) hand is exported as a hand
history of shared/CONTRACT.md.

The engine modules are imported here, when a table is made, never at app start.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from content.i18n import _, catalog, get_language

SEAT_NAMES = ("tui.seat.you", "tui.seat.right", "tui.seat.partner", "tui.seat.left")


def seat_name(seat: int) -> str:
    return _(SEAT_NAMES[seat % 4])


def localized(msgid: str, fallback: str, **params: Any) -> str:
    """``msgid`` if some catalog has it (another helper's), else our own ``fallback``."""
    if msgid in catalog(get_language()) or msgid in catalog("en"):
        return _(msgid, **params)
    return _(fallback, **params)


@dataclass
class Event:
    """Something the table says after a move: a message id and params."""

    msgid: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, style: str = "glyphs") -> str:
        from tutor.tui.cards import display_params

        return _(self.msgid, **display_params(self.params, style, get_language()))


def position_of(h: Any, seat: int, game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The position of hand ``h`` as ``seat`` sees it (CONTRACT.md): the
    other hands hidden, finished tricks listed (they show voids)."""
    from solver.cards import RANK_NAMES, format_cards

    hands: list[str | None] = [None, None, None, None]
    hands[seat] = format_cards(h.hand_of(seat))
    return {"rules": game, "level": RANK_NAMES[h.level], "trump": h.trump or "NT",
            "options": options, "hands": hands, "viewer": seat,
            "dealer": h.dealer, "leader": h.leader,
            "trick": [format_cards(p) for p in h.current],
            "attacker_points": h.attacker_points,
            "kitty": format_cards(h.kitty) if h.burier == seat else "",
            # Cards of finished tricks (the trick in progress is in "trick").
            "played": format_cards([c for t in h.tricks for p in t.plays for c in p]),
            "tricks": [{"leader": t.leader, "plays": [format_cards(p) for p in t.plays]}
                       for t in h.tricks]}


def make_bots(level: str, seed: int, game: str = "henan", options: dict[str, Any] | None = None) -> list[Any]:
    """Bots for a bot-strength setting: ``easy`` plays a random legal
    card (from the engine's generator), ``normal`` the baseline bot,
    ``strong`` the hint engine's play with the search bots' burial."""
    from solver.bots import BaselineBot

    if level == "strong":
        from solver.bots.kitty import VoidBurier

        class StrongBot(VoidBurier):  # type: ignore[misc, valid-type]
            """Plays the hint engine's choice (a short search), else the baseline's."""

            name = "strong"

            def _search(self, view: Any) -> list[Any] | None:
                from solver.cards import parse_cards
                from checks import answer

                h = view._hand
                resp = answer({"kind": "hint", "budget": "0.25", "seed": seed,
                               "position": position_of(h, view.seat, game, options or {})})
                if "error" in resp or not resp.get("best"):
                    return None
                cards = parse_cards(str(resp["best"]))
                return cards if h.can_play(view.seat, cards) else None

            def lead(self, view: Any) -> list[Any]:
                return self._search(view) or super().lead(view)

            def follow(self, view: Any) -> list[Any]:
                return self._search(view) or super().follow(view)

        return [StrongBot() for _ in range(4)]
    if level != "easy":
        return [BaselineBot() for _ in range(4)]

    class EasyBot(BaselineBot):  # type: ignore[misc, valid-type]
        name = "easy"

        def __init__(self, rng: random.Random) -> None:
            self.rng = rng

        def lead(self, view: Any) -> list[Any]:
            from itertools import islice

            from solver.generator import legal_leads

            options = list(islice(legal_leads(view.ctx, view.cards), 60))
            return list(self.rng.choice(options)) if options else super().lead(view)

        def follow(self, view: Any) -> list[Any]:
            from itertools import islice

            from solver.generator import legal_follows

            lead = view._hand.lead
            options = list(islice(legal_follows(view.ctx, list(lead), view.cards), 60))
            return list(self.rng.choice(options)) if options else super().follow(view)

    rng = random.Random(seed)
    return [EasyBot(rng) for _ in range(4)]


class ShengjiTable:
    """One hand of henan / wusaner / tractor: you (seat 0) and three bots."""

    def __init__(self, game: str, *, seed: int | None = None, options: dict[str, Any] | None = None,
                 practice: bool = True, bots: str = "normal", human_declare: bool = False) -> None:
        from solver.rules import preset

        self.game = game
        self.options = dict(options or {})
        self.rules = preset(game, self.options)
        self.seed = random.randrange(1 << 30) if seed is None else seed
        self.practice = practice
        self.bots = make_bots(bots, self.seed, game, self.options)
        self._advisor: Any = None
        self.undo_stack: list[Any] = []
        self.events: list[Event] = []
        self.hints_used = 0
        self.redeals = 0
        #: You bury your own kitty when you take it (off: a bot does it for you).
        self.human_bury = True
        #: You decide your own declarations during the deal (off: a bot decides for you).
        self.human_declare = human_declare
        #: Declaration options waiting for your decision (None: nothing to decide).
        self.pending: list[Any] | None = None
        #: You decide your own riot (暴动, R-H-RIOT) when you may call one (off: a bot decides).
        self.human_riot = True
        self._offered: set[Any] = set()
        from solver.game.match import Match

        #: The match: levels per team, who deals next (R-LEVELS, R-ROTATE, R-MATCH).
        self.match = Match(self.rules, seed=self.seed)
        self.recorded = False
        self._new_hand()

    # -- dealing ------------------------------------------------------------------

    def _new_hand(self) -> None:
        self.hand = self.match.new_hand()
        self.pending = None
        self._offered = set()
        self.recorded = False
        self.undo_stack.clear()
        self.advance()

    def next_hand(self) -> bool:
        """Deal the next hand of the match (after a finished one)."""
        if not self.done or self.match.finished:
            return False
        self._new_hand()
        return True

    def advance(self) -> list[Event]:
        """Let the engine and the bots act until it is your turn to play
        (or the hand is over); returns what happened."""
        from solver.game.hand import Phase
        from solver.game.runner import step

        events: list[Event] = []
        h = self.hand
        seen = len(h.log)
        while True:
            if h.phase == Phase.REDEAL:
                self.redeals += 1
                self.match.record(h)  # a riot or nobody declared: deal again
                self._new_hand()
                return self.events
            if h.phase == Phase.DONE or (h.phase == Phase.PLAY and h.turn == 0):
                break
            if h.phase == Phase.BURY and h.turn == 0 and self.human_bury:
                break  # you took the kitty: you choose what to bury (扣底)
            if h.phase == Phase.RECLAIM and h.turn == 0 and self.human_bury:
                break  # 五三二: you took back secret-suit cards and discard as many (R-W-KITTY)
            if h.phase == Phase.RIOT and h.turn == 0 and self.human_riot:
                if h.can_riot(0):
                    break  # R-H-RIOT: riot or not is your call
                h.pass_turn(0)
                continue
            if self.human_declare and h.phase == Phase.DEAL:
                paused = self._deal_one()
                events.extend(self._setup_events(h.log[seen:]))
                seen = len(h.log)
                if paused:
                    break  # a card just gave you a declaration: yours to make or skip
                continue
            if self.human_declare and h.phase in (Phase.BID, Phase.CHAODI) and h.turn == 0:
                options = h.declaration_options(0)
                if options:
                    self.pending = list(options)
                    break
                h.pass_turn(0)
                continue
            before = len(h.tricks)
            step(h, self.bots)
            events.extend(self._setup_events(h.log[seen:]))
            seen = len(h.log)
            if len(h.tricks) > before:
                events.append(self._trick_event(h.tricks[-1]))
        if h.phase == Phase.DONE and h.result is not None:
            r = h.result
            if not self.recorded:
                self.match.record(h)
                self.recorded = True
            events.append(Event("tui.play.result", {
                "total": r.total, "outcome": _(f"tui.outcome.{r.outcome}", levels=r.levels)}))
        self.events = events
        return events

    # -- declaring (you decide on your own cards; the bots on theirs) ---------------

    def _deal_one(self) -> bool:
        """Deal one card; True when it gave you a new declaration option."""
        from solver.game.hand import Phase

        h = self.hand
        seat = h.deal()
        if h.phase != Phase.DEAL:
            return False
        if seat == 0:
            options = h.declaration_options(0)
            if any(o not in self._offered for o in options):
                self._offered.update(options)
                self.pending = list(options)
                return True
            return False
        if self._bot_declares(seat):
            self._answers_after(seat)
        return False

    def _bot_declares(self, seat: int) -> bool:
        from solver.game.view import SeatView

        h = self.hand
        options = h.declaration_options(seat)
        if not options:
            return False
        view, bot = SeatView(h, seat), self.bots[seat]
        choice = bot.overturn(view, options) if h.standing is not None else bot.declare(view, options)
        if choice is None:
            return False
        h.declare(seat, choice)
        return True

    def _answers_after(self, last: int) -> None:
        """After a declaration the bots may overturn, in turn, until quiet
        (you get your chance with your next card or in the bidding round)."""
        from solver.game.hand import Phase

        h = self.hand
        quiet, s = 0, last
        while quiet < 3 and h.phase == Phase.DEAL:
            s = (s + 1) % 4
            if s == last:
                continue
            if s != 0 and self._bot_declares(s):
                last, quiet = s, 0
            else:
                quiet += 1

    def declare(self, index: int) -> list[Event]:
        """Make declaration option ``index`` (0-based); ValueError with the reason."""
        from solver.game.errors import GameError
        from solver.game.hand import Phase

        if not self.pending or not 0 <= index < len(self.pending):
            raise ValueError(_("tui.play.no_such_option"))
        choice = self.pending[index]
        try:
            self.hand.declare(0, choice)
        except GameError as err:
            raise ValueError(_("tui.play.illegal", reason=localized(err.code, "tui.legal.other", **err.params),
                               rule=err.rule)) from None
        self.pending = None
        if self.hand.phase == Phase.DEAL:
            self._answers_after(0)
        events = [Event("tui.play.ev.declare", {"seat": seat_name(0), "cards": " ".join(map(str, choice))})]
        events.extend(self.advance())
        self.events = events
        return events

    def pass_declare(self) -> list[Event]:
        """Do not declare now: the deal (or the bidding round) goes on."""
        from solver.game.hand import Phase

        self.pending = None
        if self.hand.phase in (Phase.BID, Phase.CHAODI) and self.hand.turn == 0:
            self.hand.pass_turn(0)
        self.events = self.advance()
        return self.events

    # -- riot (暴动, R-H-RIOT) -------------------------------------------------------

    @property
    def riot_offer(self) -> bool:
        """You are an attacker who may call a riot now (the engine's ``can_riot``)."""
        h = self.hand
        return h.phase.value == "riot" and h.turn == 0 and h.can_riot(0)

    def riot_points(self) -> int:
        from solver.cards import points

        return int(points(self.hand.hand_of(0)))

    def answer_riot(self, riot: bool) -> list[Event]:
        """Riot (the cards are dealt again, the dealer stays) or play on."""
        if not self.riot_offer:
            return []
        if riot:
            self.hand.riot(0)
            said = [Event("tui.play.ev.riot", {"seat": seat_name(0)})]
            self.events = said + self.advance()
        else:
            self.hand.pass_turn(0)
            self.events = self.advance()
        return self.events

    def _setup_events(self, records: list[Any]) -> list[Event]:
        """Declarations, the kitty and riots, told as they happen (cards the
        table cannot see stay hidden: 五三二's pair is shown only when revealed)."""
        from solver.cards import format_cards

        out: list[Event] = []
        for rec in records:
            if rec.op == "declare":
                shown = list(rec.cards)
                if self.rules.flow == "wusaner" and rec.seat != 0:
                    shown = [c for c in shown if c.is_joker]  # R-W-DECLARE: the pair stays face down
                out.append(Event("tui.play.ev.declare", {"seat": seat_name(rec.seat),
                                                          "cards": format_cards(shown)}))
            elif rec.op == "reveal":
                out.append(Event("tui.play.ev.reveal", {"seat": seat_name(rec.seat),
                                                         "cards": format_cards(rec.cards)}))
            elif rec.op == "bury" and rec.seat != 0:
                out.append(Event("tui.play.ev.bury", {"seat": seat_name(rec.seat), "n": len(rec.cards)}))
            elif rec.op == "riot":
                out.append(Event("tui.play.ev.riot", {"seat": seat_name(rec.seat)}))
        return out

    def _trick_event(self, trick: Any) -> Event:
        return Event("tui.play.trick_won", {"seat": seat_name(trick.winner), "points": trick.points})

    # -- queries --------------------------------------------------------------------

    @property
    def ctx(self) -> Any:
        if self.hand.ctx is not None:
            return self.hand.ctx
        from solver.game.view import SeatView

        return SeatView(self.hand, 0).ctx  # a secret trump you declared yourself

    @property
    def burying(self) -> bool:
        return self.hand.phase.value == "bury" and self.hand.turn == 0

    @property
    def reclaiming(self) -> bool:
        """五三二 (R-W-KITTY): you took back secret-suit cards and discard as many."""
        return self.hand.phase.value == "reclaim" and self.hand.turn == 0

    def taken_back(self) -> list[Any]:
        return list(self.hand.take_back)

    def reclaim(self, cards: list[Any]) -> list[Event]:
        """Discard as many cards as you took back; ValueError with the engine's reason."""
        from solver.game.errors import GameError

        try:
            self.hand.verify_reclaim(0, cards)
        except GameError as err:
            raise ValueError(_("tui.play.illegal", reason=localized(err.code, "tui.legal.other", **err.params),
                               rule=err.rule)) from None
        self.hand.reclaim(0, cards)
        self.events = [Event("tui.play.ev.reclaimed", {"n": len(cards)})] + self.advance()
        return self.events

    def kitty_picked(self) -> list[Any]:
        """The kitty cards you just took (from the log), while you bury."""
        for rec in reversed(self.hand.log):
            if rec.op == "kitty" and rec.seat == 0:
                return list(rec.cards)
        return []

    def bury(self, cards: list[Any]) -> list[Event]:
        """Bury your kitty; raises ValueError with the localized reason."""
        from solver.game.errors import GameError

        try:
            self.hand.verify_bury(0, cards)
        except GameError as err:
            raise ValueError(_("tui.play.illegal", reason=localized(err.code, "tui.legal.other", **err.params),
                               rule=err.rule)) from None
        self.hand.bury(0, cards)
        self.events = self.advance()
        return self.events

    @property
    def done(self) -> bool:
        return self.hand.phase.value == "done"

    def my_cards(self) -> list[Any]:
        from solver.cards import sort_key

        cards = self.hand.hand_of(0)
        ctx = self.ctx
        return ctx.sorted(cards) if ctx is not None else sorted(cards, key=sort_key)

    def current_plays(self) -> list[tuple[int, tuple[Any, ...]]]:
        """(seat, cards) of the trick in progress, from its leader."""
        h = self.hand
        if h.leader is None:
            return []
        return [((h.leader + i) % 4, p) for i, p in enumerate(h.current)]

    def last_trick(self) -> Any:
        return self.hand.tricks[-1] if self.hand.tricks else None

    def is_dealer_team(self, seat: int) -> bool:
        return not self.hand.is_attacker(seat)

    def info(self) -> dict[str, Any]:
        from solver.cards import RANK_NAMES

        h = self.hand
        trump = h.trump
        if trump is None and self.ctx is not None:
            trump = self.ctx.trump
        if trump is None and not h.trump_fixed and h.phase.value in ("bury", "reclaim"):
            trump = "?"  # 五三二: the declarer's secret trump suit (R-W-DECLARE)
        dealing = h.phase.value in ("deal", "bid", "riot")
        if dealing and not h.trump_fixed:
            trump = "…"  # not decided yet
        return {"level": RANK_NAMES[h.level], "trump": trump or "NT", "dealing": dealing,
                "levels": (self.match.level_name(0), self.match.level_name(1)),
                "hand_no": self.match.hands_played + (0 if self.recorded else 1),
                "match_over": self.match.finished,
                "dealer": h.dealer,
                "points": h.attacker_points, "tricks": len(h.tricks),
                "you_defend": not h.is_attacker(0), "kitty": list(h.kitty) if h.burier == 0 else []}

    # -- your moves ------------------------------------------------------------------

    def explain(self, cards: list[Any]) -> str | None:
        """Why ``cards`` cannot be played now (localized, with the R-ID), or None."""
        from solver.game.errors import GameError

        if self.pending:
            return _("tui.play.declare_first")
        if self.riot_offer:
            return _("tui.play.riot_first")
        try:
            self.hand.verify_play(0, cards)
        except GameError as err:
            return self._error_text(err, cards)
        return None

    def _error_text(self, err: Any, cards: list[Any]) -> str:
        rule = err.rule
        if err.code == "game.play.illegal_follow":
            from solver.follow import explain_follow

            reasons = explain_follow(self.ctx, list(self.hand.lead or ()), self.hand.hand_of(0), cards)
            if reasons:
                r = reasons[0]
                try:
                    from checks.legal import reason_message
                    text = reason_message(r)
                except ImportError:
                    text = localized(r.msgid, f"tui.legal.{r.code}", **r.params)
                return _("tui.play.illegal", reason=text, rule=r.rule)
        if err.code == "game.play.mixed_lead":
            return _("tui.play.illegal", reason=_("tui.legal.mixed_lead"), rule=rule)
        if err.code == "game.play.empty":
            return _("tui.play.illegal", reason=_("tui.legal.empty"), rule=rule)
        return _("tui.play.illegal", reason=localized(err.code, "tui.legal.other"), rule=rule)

    def play(self, cards: list[Any]) -> list[Event]:
        """Play your cards; bots answer until your next turn.  Raises
        ValueError with a localized reason when the play is illegal."""
        reason = self.explain(cards)
        if reason is not None:
            raise ValueError(reason)
        if self.practice:
            self.undo_stack.append(copy.deepcopy(self.hand))
        h = self.hand
        before = len(h.tricks)
        played = h.play(0, cards)
        events: list[Event] = []
        if len(played) != len(cards):
            events.append(Event("tui.play.throw_failed", {"cards": " ".join(str(c) for c in played)}))
        if len(h.tricks) > before:
            events.append(self._trick_event(h.tricks[-1]))
        events.extend(self.advance())
        self.events = events
        return events

    def can_undo(self) -> bool:
        return self.practice and bool(self.undo_stack)

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self.hand = self.undo_stack.pop()
        self.events = [Event("tui.play.undone")]
        return True

    def hint(self, budget: float = 1.5) -> tuple[list[Any], str, list[tuple[str, dict[str, Any]]]]:
        """A suggested play, where it comes from, and the reasons (message
        ids with params): the hint engine (``hint`` check kind) when it
        answers, else the baseline bot."""
        self.hints_used += 1
        if not self.burying and not self.reclaiming:
            try:
                from checks import answer

                resp = answer({"kind": "hint", "position": self.position(), "budget": str(budget)})
                if "error" not in resp and resp.get("best"):
                    from solver.cards import parse_cards

                    reasons = [(str(r.get("code")), dict(r.get("params") or {}))
                               for r in resp.get("reasons") or [] if isinstance(r, dict)]
                    return parse_cards(str(resp["best"])), "tui.play.hint.engine", reasons
            except Exception:  # the hint engine is optional: fall back to the bot
                pass
        source = "tui.play.hint.bury" if self.burying or self.reclaiming else "tui.play.hint.bot"
        return self.suggest(), source, []

    def suggest(self) -> list[Any]:
        """The baseline bot's choice for you (instant; also the hint
        fallback); a burial voids suits as the search bots' does."""
        from solver.game.view import SeatView

        if self._advisor is None:
            from solver.bots.kitty import VoidBurier

            self._advisor = VoidBurier()
        bot = self._advisor
        view = SeatView(self.hand, 0)
        if self.burying:
            return list(bot.bury(view, self.rules.kitty_size))
        if self.reclaiming:
            return list(bot.reclaim(view, len(self.hand.take_back)))
        if self.pending or self.hand.phase.value != "play" or self.hand.turn != 0:
            return []  # nothing to play now (a declaration to decide, or not your turn)
        return list(bot.follow(view) if self.hand.current else bot.lead(view))

    # -- positions and histories -------------------------------------------------------

    def position(self, seat: int = 0) -> dict[str, Any]:
        """The current position as ``seat`` sees it (CONTRACT.md)."""
        return position_of(self.hand, seat, self.game, self.options)

    def history(self) -> dict[str, Any]:
        """The hand history of CONTRACT.md (tricks so far; complete when done)."""
        from solver.cards import RANK_NAMES, format_cards

        h = self.hand
        out: dict[str, Any] = {
            "rules": self.game, "level": RANK_NAMES[h.level], "trump": h.trump or "NT",
            "options": self.options, "dealer": h.dealer,
            "hands": [format_cards(x) for x in h.start_hands],
            "kitty": format_cards(h.kitty),
            "tricks": [{"leader": t.leader, "plays": [format_cards(p) for p in t.plays]}
                       for t in h.tricks],
            "attacker_points": h.attacker_points, "seed": self.seed,
            "match": {"hand": self.match.hands_played + (0 if self.recorded else 1),
                      "levels": [self.match.level_name(0), self.match.level_name(1)]},
        }
        if h.result is not None:
            out.update(total=h.result.total, outcome=h.result.outcome, levels=h.result.levels)
        else:
            out.update(total=None, outcome=None, levels=None, unfinished=True)
        return out


def replay_steps(history: dict[str, Any]) -> list[dict[str, Any]]:
    """A saved history as a list of tricks with their winners (for replay)."""
    from solver.cards import parse_cards
    from solver.rules import preset
    from solver.trick import trick_points, trick_winner
    from solver.trump import TrumpContext

    rules = preset(str(history.get("rules", "henan")), history.get("options") or None)
    ctx = TrumpContext(rules, str(history.get("level", "2")), history.get("trump") or "NT")
    steps = []
    for t in history.get("tricks", []):
        plays = [parse_cards(p) for p in t["plays"]]
        w = trick_winner(ctx, plays)
        steps.append({"leader": int(t["leader"]), "plays": plays,
                      "winner": (int(t["leader"]) + w) % 4, "points": trick_points(plays)})
    return steps
