"""The 升级 table behind the Play screen (henan, wusaner, tractor).

:class:`ShengjiTable` seats you at seat 0 with three bots.  The deal,
declarations and the kitty are made by the engine's runner (a bot decides
for you too in those phases, unless the table offers you the decision);
the play is yours.  Practice mode keeps a snapshot before each of your
plays so you can undo.  Bots come from ``solver`` (:func:`make_bots`),
hints from the hint engine's typed API (:func:`solver.search.hint.hint`
on a :class:`~solver.position.Position` of what you see), and a hand is
saved in the hand-history format of :mod:`solver.history`.
"""

from __future__ import annotations

import copy
import dataclasses
import logging
import random
from collections.abc import Sequence
from typing import Any

from content.i18n import _, by_sign, catalog, get_language, join_list, with_rule
from lessons.reference import game_msgid
from solver.bots import BaselineBot, Bot, RandomBot
from solver.bots.kitty import VoidBurier, burial_reasons
from solver.cards import BIG_JOKER_RANK, RANK_NAMES, Card, format_cards, points, sort_key
from solver.errors import SolverError
from solver.follow import explain_follow
from solver.game.errors import GameError
from solver.game.hand import Hand, Phase, Record, Trick
from solver.game.match import LedgerEntry, Match
from solver.game.runner import step
from solver.game.view import SeatView
from solver.history import hand_to_dict, resume_hand
from solver.position import Position
from solver.rules import Rules, preset
from solver.search.bots import SearchBot
from solver.search.hint import Hint, knowledge_of
from solver.search.hint import hint as engine_hint
from solver.search.review import hint_notes, note_from_hint
from solver.throws import throw_beaters
from solver.trump import TrumpContext
from checks.legal import reason_message
from tutor.tui.models.breakdown import Breakdown, breakdown
from tutor.tui.models.table import Advice, Event, HintJob, seat_name

log = logging.getLogger(__name__)

#: The strength of the ``strong`` bots: the search bot bench/bench_strength.py measured.
STRONG = 3
#: Seconds the hint engine may think about your play.
HINT_BUDGET = 1.5


def localized(msgid: str, fallback: str, **params: Any) -> str:
    """``msgid`` if some catalog has it (an engine error code), else ``fallback``."""
    if msgid in catalog(get_language()) or msgid in catalog("en"):
        return _(msgid, **params)
    return _(fallback, **params)


def make_bots(level: str, seed: int) -> list[Bot]:
    """Four bots for a strength setting, all from ``solver``: ``easy`` plays a
    random legal lead or follow (:class:`~solver.bots.RandomBot`), ``normal``
    is the baseline bot, ``strong`` the search bot at the strength the
    strength bench measured (:class:`~solver.search.bots.SearchBot`, built as
    the bench builds it)."""
    if level == "strong":
        return [SearchBot(STRONG, seed) for _ in range(4)]
    if level == "easy":
        rng = random.Random(seed)
        return [RandomBot(rng) for _ in range(4)]
    return [BaselineBot() for _ in range(4)]


def position_of(h: Hand, seat: int) -> tuple[Position, list[tuple[int, list[list[Card]]]]]:
    """What ``seat`` sees of hand ``h`` in the play phase: a position with
    the other hands hidden, and the finished tricks (they show voids)."""
    ctx = h.ctx if h.ctx is not None else SeatView(h, seat).ctx
    if ctx is None or h.leader is None or h.dealer is None:
        raise GameError("no position before the play", code="game.phase", rule="phase")
    hands: list[list[Card] | None] = [None, None, None, None]
    hands[seat] = h.hand_of(seat)
    tricks = [(t.leader, [list(p) for p in t.plays]) for t in h.tricks]
    pos = Position(ctx, hands, dealer=h.dealer, leader=h.leader, trick=[list(p) for p in h.current],
                   attacker_points=h.points_so_far,  # failed throws' points too (R-THROW-FAIL)
                   kitty=list(h.kitty) if h.burier == seat else [],
                   played=[c for t in h.tricks for p in t.plays for c in p], viewer=seat)
    return pos, tricks


def _declare_msgid(game: str, cards: Sequence[Card]) -> str:
    """How a declaration is told: 五三二 names its two kinds, 亮牌 with the
    small joker and 顶牌 (an overcall) with the big one (R-W-DECLARE,
    R-W-OVERCALL); the other games declare trump (报主)."""
    if game == "wusaner" and any(c.is_joker and c.rank == BIG_JOKER_RANK for c in cards):
        return "tui.play.ev.overcall.wusaner"
    return game_msgid(game, "tui.play.ev.declare")


def declare_event(hand: Hand, game: str, seat: int, cards: Sequence[Card]) -> Event:
    """A declaration as the table saw it.  五三二 (R-W-DECLARE,
    R-W-OVERCALL) shows the joker only and keeps the pair or tractor face
    down: another seat's line names the joker and says a pair is hidden
    (the audit read "对家亮牌：小王。" as if the joker alone declared);
    your own names the cards you keep face down too."""
    msgid = _declare_msgid(game, cards)
    params = {"seat": seat_name(seat), "cards": format_cards(hand.flow.shown_cards(cards))}
    if game != "wusaner":
        return Event(msgid, {**params, "cards": format_cards(cards)})
    if seat == 0:
        hidden = [c for c in cards if not c.is_joker]
        return Event(msgid.replace(".wusaner", "_own.wusaner"), {**params, "hidden": format_cards(hidden)})
    return Event(msgid, params)


def _over(game: str, event: Event, before: Sequence[int], seat: int) -> Event:
    """A declaration over a standing one (``before``: who declared before,
    in order) overturns it (反主, R-H-OVERTURN, R-T-DECLARE) or strengthens
    your own (R-T-DECLARE): "下家亮♣2 ♣2报主" read as a first declaration (a
    walk).  五三二 names its overcall itself (顶牌)."""
    if not before or game == "wusaner":
        return event
    key = "tui.play.ev.declare_strengthen" if before[-1] == seat else "tui.play.ev.declare_overturn"
    return Event(key, dict(event.params))


def setup_events(hand: Hand, game: str, records: Sequence[Record], *, own_bury: bool = False) -> list[Event]:
    """Declarations, how trump was fixed when nobody declared, the kitty
    and riots, told as they happen (cards the table cannot see stay hidden:
    五三二's pair is shown only when revealed).  Your own burial is told
    only with ``own_bury`` (the replay): at the table the line of your
    burial says it, and 五三二's taking back of trump-suit cards from the
    kitty you buried (R-W-KITTY) with it, once on the screen."""
    out: list[Event] = []
    declared = any(r.op == "declare" for r in hand.log)
    start = next((i for i in range(len(hand.log) - 1, -1, -1) if records and hand.log[i] is records[0]), 0)
    before = [r.seat for r in hand.log[:start] if r.op == "declare" and r.seat is not None]  # who declared, in order
    for rec in records:
        seat = rec.seat if rec.seat is not None else 0
        if rec.op == "declare":
            event = _over(game, declare_event(hand, game, seat, rec.cards), before, seat)
            dealer = hand.setup.dealer
            if not before and game != "wusaner" and dealer is not None and hand.dealer == seat \
                    and (seat - dealer) % 2 == 1:
                # a later hand whose first declaration, by the dealer's
                # opponents, made them deal (the engine's R-H-DECLARE: the
                # dealer's side did not declare during the deal): "本局庄家：
                # 对家" and then "下家…报主" with 下家 dealing read as a
                # contradiction (a walk)
                event = Event("tui.play.ev.declare_after_deal", dict(event.params))
            out.append(event)
            before.append(seat)
        elif rec.op == "reveal":
            # the pair, or a tractor of it (R-W-DECLARE): four cards are
            # not "the pair"
            key = "tui.play.ev.reveal" if len(rec.cards) <= 2 else "tui.play.ev.reveal_tractor"
            out.append(Event(key, {"seat": seat_name(seat), "cards": format_cards(rec.cards)}))
        elif rec.op == "kitty_card" and rec.cards:
            # R-H-DECLARE: nobody declared; trump appeared on the screen with
            # nothing said (a walk)
            card = rec.cards[0]
            key = "tui.play.ev.kitty_card_nt" if card.is_joker else "tui.play.ev.kitty_card"
            params = {"card": format_cards([card]), "seat": seat_name(seat)}
            out.append(Event(key, params if card.is_joker else {**params, "suit": card.suit}))
        elif rec.op == "trump" and not declared and game == "tractor" and rec.note.endswith(":NT"):
            out.append(Event("tui.play.ev.nobody_declared_tractor", {}))  # R-T-DECLARE
        elif rec.op == "bury" and (seat != 0 or own_bury):
            out.append(Event(game_msgid(game, "tui.play.ev.bury"),
                             {"seat": seat_name(seat), "n": len(rec.cards)}))
        elif rec.op == "riot":
            out.append(Event("tui.play.ev.riot", {"seat": seat_name(seat)}))
        elif rec.op == "throw_fail":
            out.append(throw_event(hand, rec))
    return out


def hands_at_trick(hand: Hand, index: int) -> dict[int, list[Card]]:
    """Each seat's cards when trick ``index`` (0-based) was led: the hands
    play started with, less the tricks before it."""
    held = {s: list(hand.start_hands[s]) for s in range(4)} if hand.start_hands else \
        {s: list(hand.hand_of(s)) for s in range(4)}
    for t in hand.tricks[:index]:
        for k, play in enumerate(t.plays):
            for c in play:
                held[(t.leader + k) % 4].remove(c)
    return held


def throw_event(hand: Hand, rec: Record, trick: int | None = None) -> Event:
    """A failed throw and its penalty as it happens (R-THROW-FAIL): what
    was thrown, who could beat which unit (the smallest such, played
    alone: the seats that could, from their cards when it was led, trick
    ``trick``, by default the one in play), and points to the attackers, a
    share of the stake, or nothing more."""
    pts, _sep, stake = rec.note.partition(":")
    thrown = next((p.attempted for p in hand.penalties
                   if p.seat == rec.seat and p.played == rec.cards), rec.cards)
    points = int(pts or 0)
    seat = rec.seat if rec.seat is not None else 0
    who = ""
    if hand.ctx is not None:
        held = hands_at_trick(hand, len(hand.tricks) if trick is None else trick)
        others = {s: cards for s, cards in held.items() if s != seat}
        try:
            who = join_list(seat_name(s) for s in throw_beaters(hand.ctx, thrown, others))
        except (SolverError, ValueError):
            who = ""  # a hand the log cannot rebuild: said without names
    params: dict[str, object] = {
        "seat": seat_name(seat), "throw": format_cards(thrown), "who": who or _("tui.play.another_hand"),
        "cards": format_cards(rec.cards), "points": points, "stake": float(stake or 0)}
    if points:  # an attacker's throw loses points (R-THROW-FAIL, tractor): "get -10" read oddly
        return Event(by_sign("tui.play.ev.throw_fail", points), {**params, "points": abs(points)})
    if params["stake"]:
        params["stake"] = f"{params['stake']:g}"
        return Event("tui.play.ev.throw_fail_stake", params)
    return Event("tui.play.ev.throw_fail_free", params)


def last_trick_throws(hand: Hand) -> list[Event]:
    """The failed throw of the hand's last finished trick, if its lead was
    one (R-THROW-FAIL), as the table told it: the last-trick view showed
    only the unit played."""
    log = hand.log
    ends = [i for i, r in enumerate(log) if r.op == "trick"]
    if not ends:
        return []
    start = ends[-2] if len(ends) > 1 else 0
    return [throw_event(hand, r, len(hand.tricks) - 1) for r in log[start:ends[-1]] if r.op == "throw_fail"]


class ShengjiTable:
    """One match of henan / wusaner / tractor: you (seat 0) and three bots."""

    def __init__(self, game: str, *, seed: int | None = None, options: dict[str, Any] | None = None,
                 practice: bool = True, bots: str = "normal", human_declare: bool = False) -> None:
        self.game = game
        self.options = dict(options or {})
        self.rules: Rules = preset(game, self.options)
        self.seed: int = random.randrange(1 << 30) if seed is None else seed
        self.practice = practice
        self.bots = make_bots(bots, self.seed)
        #: how the hint finishes a trick in its sampled deals: as these bots
        #: play, when they are baseline bots (what "your partner takes this
        #: trick" then says); else as the search rates best
        self.followers = "baseline" if bots == "normal" else None
        self._advisor = VoidBurier()
        self.undo_stack: list[Hand] = []
        self.events: list[Event] = []
        self.hints_used = 0
        #: The last play hint computed: the position it answered (the
        #: hand's log then), what was asked and the engine's answer.
        self.last_hint: tuple[tuple[int, int], Position, list[tuple[int, list[list[Card]]]], Hint] | None = None
        #: What the hints told before your plays of this hand, by your
        #: play's number in the hand (:class:`solver.search.review.HintNote`
        #: as JSON): saved with the hand, the review rates those plays on
        #: the hint's evaluation, so it says what the hint said.
        self.hint_notes: dict[int, dict[str, Any]] = {}
        self.redeals = 0
        #: You bury your own kitty when you take it (off: a bot does it for you).
        self.human_bury = True
        #: You decide your own declarations during the deal (off: a bot decides for you).
        self.human_declare = human_declare
        #: Declaration options waiting for your decision (None: nothing to decide).
        self.pending: list[tuple[Card, ...]] | None = None
        #: You decide your own riot (暴动, R-H-RIOT) when you may call one (off: a bot decides).
        self.human_riot = True
        self._offered: set[tuple[Card, ...]] = set()
        #: The last declaration told as unable to overturn: (the standing
        #: one's seat and cards, the size of yours), so each is told once
        self._told_refusal: tuple[Any, ...] = ()
        self._notes: list[Event] = []
        #: The match: levels per team, who deals next (R-LEVELS, R-ROTATE, R-MATCH).
        self.match = Match(self.rules, seed=self.seed)
        self.recorded = False
        self._new_hand()

    # -- dealing ------------------------------------------------------------------

    def _new_hand(self) -> None:
        self.hand = self.match.new_hand()
        self.pending = None
        self._offered = set()
        self._told_refusal, self._notes = (), []
        self.recorded = False
        self.undo_stack.clear()
        self.last_hint = None
        self.hint_notes = {}
        self.advance()

    def next_hand(self) -> bool:
        """Deal the next hand of the match (after a finished one).  In
        henan and tractor its first event names the new dealer and why
        (R-ROTATE): the audit of the Play screen saw the dealer change with
        nothing said."""
        if not self.done or self.match.finished:
            return False
        # the hand just finished (the match's results are not kept when a
        # match is resumed: the note of who deals next was missing, a walk)
        last, dealer = self.hand.result, self.match.dealer
        self._new_hand()
        if last is not None and dealer is not None and self.rules.flow in ("henan", "tractor"):
            held = self.match.state.dealer_team == last.defenders
            self.events.insert(0, Event("tui.play.ev.rotate_held" if held else "tui.play.ev.rotate_taken",
                                        {"seat": seat_name(dealer)}))
        return True

    def advance(self) -> list[Event]:
        """Let the engine and the bots act until it is your turn to play
        (or the hand is over); returns what happened."""
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
                events.extend(self._notes)
                self._notes.clear()
                seen = len(h.log)
                if paused:
                    # an offer now: a note that your cards could not overturn
                    # is stale beside it ("♣2反不了♠2" over "1) 大王 大王", a walk)
                    events = [e for e in events if not e.msgid.startswith("tui.play.ev.held_refused")]
                    break  # a card just gave you a declaration: yours to make or skip
                continue
            if self.human_declare and h.phase in (Phase.BID, Phase.CHAODI) and h.turn == 0:
                options = h.declaration_options(0)
                if options:
                    self.pending = list(options)
                    break
                events.extend(self._refusal_notes())
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
            events.append(Event(game_msgid(self.game, "tui.play.result"), {
                "total": r.total, "outcome": _(game_msgid(self.game, f"tui.outcome.{r.outcome}"),
                                               levels=r.levels)}))
        self.events = events
        return events

    # -- declaring (you decide on your own cards; the bots on theirs) ---------------

    def _deal_one(self) -> bool:
        """Deal one card; True when it gave you a new declaration option."""
        h = self.hand
        seat = h.deal()
        if h.phase != Phase.DEAL:
            return False
        if seat == 0:
            self._notes.extend(self._refusal_notes())
            options = h.declaration_options(0)
            if any(o not in self._offered for o in options):
                self._offered.update(options)
                self.pending = list(options)
                return True
            return False
        if self._bot_declares(seat):
            self._answers_after(seat)
        return False

    def _refusal_notes(self) -> list[Event]:
        """Why a declaration you now hold brings no offer: it cannot overturn
        the standing one (the engine's reason, :meth:`Hand.declaration_refusals`).
        Only when nothing is offered, for your largest such declaration, and
        once for each standing declaration unless yours has grown (a pair
        where a single was told).  A learner dealt the level card they waited
        for saw nothing happen, and nothing said why (a walk)."""
        h = self.hand
        refused = h.declaration_refusals(0)
        if not refused or h.declaration_options(0):
            return []
        cards, why = max(refused, key=lambda cw: len(cw[0]))
        standing = h.standing
        assert standing is not None
        key = (standing.seat, tuple(standing.cards))
        if self._told_refusal and self._told_refusal[0] == key and self._told_refusal[1] >= len(cards):
            return []
        self._told_refusal = (key, len(cards))
        params = dict(why.params)
        if "standing" in params:  # the standing declaration as the table saw it (五三二 hides its pair)
            params["standing"] = format_cards(self.hand.flow.shown_cards(standing.cards))
        # a comparison names both declarations itself; a rule's refusal
        # ("顶牌要用大王加同花色的连对") gets yours named before it
        msgid = "tui.play.ev.held_refused" if why.code.startswith("game.declare.why.") \
            else game_msgid(self.game, "tui.play.ev.held_refused_rule")
        return [Event(msgid, {**params, "cards": format_cards(cards), "why": why.code})]

    def _bot_declares(self, seat: int) -> bool:
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

    @staticmethod
    def _refused(err: GameError, msgid: str = "tui.play.illegal") -> ValueError:
        """The engine's refusal as the learner reads it: ``msgid`` says what
        was refused (a play, or a burial: "不能这样盖底", not "不能这样出")."""
        return ValueError(with_rule(msgid, err.rule,
                                    reason=localized(err.code, "tui.legal.other", **err.params)))

    def declare(self, index: int) -> list[Event]:
        """Make declaration option ``index`` (0-based); ValueError with the reason."""
        if not self.pending or not 0 <= index < len(self.pending):
            raise ValueError(_("tui.play.no_such_option"))
        choice = self.pending[index]
        try:
            self.hand.declare(0, choice)
        except GameError as err:
            raise self._refused(err) from None
        self.pending = None
        if self.hand.phase == Phase.DEAL:
            self._answers_after(0)
        events = [self._declare_event(0, choice)]
        events.extend(self.advance())
        self.events = events
        return events

    def _declare_event(self, seat: int, cards: Sequence[Card]) -> Event:
        """The declaration just made by ``seat`` (the log's last), as told."""
        before = [r.seat for r in self.hand.log if r.op == "declare" and r.seat is not None][:-1]
        return _over(self.game, declare_event(self.hand, self.game, seat, cards), before, seat)

    @property
    def declare_words(self) -> str:
        """The game's word for the pending choice: "declare_prompt" or, in
        五三二 once someone has declared, "overcall_prompt".  河南 says which
        declaration it is (R-H-DECLARE, R-H-OVERTURN) and what it does: 反主
        炒底 after the dealer buried (new trump, you take the kitty and bury
        again, the dealer stays), 反主 in the first hand (you become dealer),
        an opponent's declaration after the deal (you become dealer); the
        audit saw "你现在可以报主" after the kitty was taken, and nothing why."""
        h = self.hand
        if self.game == "wusaner" and h.standing is not None:
            return "tui.play.overcall_prompt.wusaner"
        if self.rules.flow == "henan":
            if h.phase == Phase.CHAODI:
                return "tui.play.chaodi_prompt"
            if h.standing is not None and h.setup.dealer is None:  # the first hand (反主反打)
                return "tui.play.overturn_prompt"
            if h.phase == Phase.BID:
                return "tui.play.bid_prompt"
        return game_msgid(self.game, "tui.play.declare_prompt")

    @property
    def declare_help(self) -> str:
        """The keys under the offer: during the deal x lets the deal go on;
        after it (an opponent's declaration, 反主炒底) x passes."""
        if self.hand.phase != Phase.DEAL:
            return "tui.play.declare_help_after"
        return game_msgid(self.game, "tui.play.declare_help")

    def pass_declare(self) -> list[Event]:
        """Do not declare now: the deal (or the bidding round) goes on."""
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
        return h.phase == Phase.RIOT and h.turn == 0 and h.can_riot(0)

    def riot_points(self) -> int:
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

    def _setup_events(self, records: Sequence[Record]) -> list[Event]:
        return setup_events(self.hand, self.game, records)

    def _throw_event(self, rec: Record) -> Event:
        return throw_event(self.hand, rec)

    def _trick_event(self, trick: Trick) -> Event:
        return Event("tui.play.trick_won", {"seat": seat_name(trick.winner), "points": trick.points})

    # -- queries --------------------------------------------------------------------

    @property
    def ctx(self) -> TrumpContext | None:
        if self.hand.ctx is not None:
            return self.hand.ctx
        return SeatView(self.hand, 0).ctx  # a secret trump you declared yourself

    @property
    def burying(self) -> bool:
        return self.hand.phase == Phase.BURY and self.hand.turn == 0

    @property
    def reclaiming(self) -> bool:
        """五三二 (R-W-KITTY): you took back secret-suit cards and discard as many."""
        return self.hand.phase == Phase.RECLAIM and self.hand.turn == 0

    def taken_back(self) -> list[Card]:
        return list(self.hand.take_back)

    def reclaim(self, cards: list[Card]) -> list[Event]:
        """Discard as many cards as you took back; ValueError with the engine's reason."""
        try:
            self.hand.verify_reclaim(0, cards)
        except GameError as err:
            raise self._refused(err, game_msgid(self.game, "tui.play.bury.refused")) from None
        self.hand.reclaim(0, cards)
        self.events = [Event("tui.play.ev.reclaimed", {"n": len(cards)})] + self.advance()
        return self.events

    def kitty_picked(self) -> list[Card]:
        """The kitty cards you just took (from the log), while you bury."""
        for rec in reversed(self.hand.log):
            if rec.op == "kitty" and rec.seat == 0:
                return list(rec.cards)
        return []

    def bury(self, cards: list[Card]) -> list[Event]:
        """Bury your kitty; raises ValueError with the localized reason."""
        try:
            self.hand.verify_bury(0, cards)
        except GameError as err:
            raise self._refused(err, game_msgid(self.game, "tui.play.bury.refused")) from None
        seen = len(self.hand.log)
        self.hand.bury(0, cards)
        # What the bury itself set off is told too: in 五三二 the reveal
        # (R-W-KITTY; the taking back is on the line of your burial).
        said = self._setup_events(self.hand.log[seen:])
        self.events = said + self.advance()
        return self.events

    @property
    def done(self) -> bool:
        return self.hand.phase == Phase.DONE

    def moves(self) -> int:
        return len(self.hand.log)

    def under_way(self) -> bool:
        """You have played a card: a new hand now would give up your play."""
        return bool(self.hand.tricks) or any(seat == 0 for seat, _p in self.current_plays())

    def replayable(self) -> bool:
        """Past the deal and the declaring (trump known): a replay during the
        deal read "trump: none" and "no trick played" (a walk's r key)."""
        return self.hand.phase not in (Phase.DEAL, Phase.BID)

    def has_progress(self) -> bool:
        """Your play in this hand, or hands of the match already scored: n
        before your first card of hand 3 dropped the match's levels without
        a question (a walk)."""
        return self.under_way() or self.match.hands_played > 0

    def my_cards(self) -> list[Card]:
        cards = self.hand.hand_of(0)
        ctx = self.ctx
        return ctx.sorted(cards) if ctx is not None else sorted(cards, key=sort_key)

    def current_plays(self) -> list[tuple[int, tuple[Card, ...]]]:
        """(seat, cards) of the trick in progress, from its leader."""
        h = self.hand
        if h.leader is None:
            return []
        return [((h.leader + i) % 4, p) for i, p in enumerate(h.current)]

    def last_trick(self) -> Trick | None:
        return self.hand.tricks[-1] if self.hand.tricks else None

    def last_trick_throws(self) -> list[Event]:
        return last_trick_throws(self.hand)

    def breakdown(self) -> Breakdown | None:
        """The finished hand's score term by term (None before the end)."""
        return breakdown(self.hand) if self.done else None

    def is_dealer_team(self, seat: int) -> bool:
        return not self.hand.is_attacker(seat)

    def info(self) -> dict[str, Any]:
        h = self.hand
        trump = h.trump
        if trump is None and self.ctx is not None:
            trump = self.ctx.trump
        if trump is None and not h.trump_fixed and h.phase in (Phase.BURY, Phase.RECLAIM):
            trump = "?"  # 五三二: the declarer's secret trump suit (R-W-DECLARE)
        dealing = h.phase in (Phase.DEAL, Phase.BID, Phase.RIOT)
        if dealing and not h.trump_fixed:
            trump = "…"  # not decided yet
        # While the deal goes on, a declaration that stands fixes trump for
        # now (R-T-DECLARE / R-H-DECLARE: it may still be overcalled); 五三二's
        # trump suit stays secret (R-W-DECLARE).
        standing = h.standing if dealing and self.rules.flow != "wusaner" else None
        return {"level": RANK_NAMES[h.level], "trump": trump or "NT", "dealing": dealing,
                "so_far": (standing.trump or "NT") if standing is not None and not standing.hidden else None,
                "levels": (self.match.level_name(0), self.match.level_name(1)),
                "hand_no": self.match.hands_played + (0 if self.recorded else 1),
                "match_over": self.match.finished,
                "dealer": h.dealer,
                "points": h.points_so_far, "tricks": len(h.tricks),
                "you_defend": not h.is_attacker(0), "kitty": list(h.kitty) if h.burier == 0 else [],
                "burial": SeatView(h, 0).own_burial()}

    # -- your moves ------------------------------------------------------------------

    def explain(self, cards: list[Card]) -> str | None:
        """Why ``cards`` cannot be played now (localized, naming the rule it breaks), or None."""
        if self.pending:
            return _("tui.play.declare_first")
        if self.riot_offer:
            return _("tui.play.riot_first")
        try:
            self.hand.verify_play(0, cards)
        except GameError as err:
            return self._error_text(err, cards)
        return None

    def _error_text(self, err: GameError, cards: list[Card]) -> str:
        rule = err.rule
        ctx = self.ctx
        lead = self.hand.lead
        if not cards and lead and err.code == "game.play.illegal_follow":
            # R-FOLLOW: nothing selected while following says what to select
            # ("you played 0" read as if something had been played)
            return with_rule("tui.play.illegal", err.rule, reason=_("tui.legal.empty_follow", count=len(lead)))
        if err.code == "game.play.illegal_follow" and ctx is not None:
            reasons = explain_follow(ctx, list(self.hand.lead or ()), self.hand.hand_of(0), cards)
            if reasons:
                r = reasons[0]
                return with_rule("tui.play.illegal", r.rule, reason=reason_message(r))
        if err.code == "game.play.mixed_lead":
            return with_rule("tui.play.illegal", rule, reason=_("tui.legal.mixed_lead"))
        if err.code == "game.play.empty":
            return with_rule("tui.play.illegal", rule, reason=_("tui.legal.empty"))
        return with_rule("tui.play.illegal", rule,
                         reason=localized(err.code, "tui.legal.other", **err.params))

    def play(self, cards: list[Card]) -> list[Event]:
        """Play your cards; bots answer until your next turn.  Raises
        ValueError with a localized reason when the play is illegal."""
        reason = self.explain(cards)
        if reason is not None:
            raise ValueError(reason)
        if self.practice:
            self.undo_stack.append(copy.deepcopy(self.hand))
        h = self.hand
        before = len(h.tricks)
        index, key = self._my_plays(), self._log_key()
        played = h.play(0, cards)
        self._note_hint(index, before, key, cards)
        events: list[Event] = []
        if len(played) != len(cards) and h.log and h.log[-1].op == "throw_fail":
            events.append(self._throw_event(h.log[-1]))
        if len(h.tricks) > before:
            events.append(self._trick_event(h.tricks[-1]))
        events.extend(self.advance())
        self.events = events
        return events

    def can_undo(self) -> bool:
        return self.practice and bool(self.undo_stack)

    def undo(self) -> bool:
        """Take back your last play, and with it all it caused: a failed
        throw's penalty (R-THROW-FAIL: it is the hand's, in the copy kept
        before the play) and, after the hand's end, the result the match
        recorded (levels, next dealer, the stake ledger)."""
        if not self.can_undo():
            return False
        penalties = len(self.hand.penalties)
        if self.recorded:
            self.match.unrecord()
            self.recorded = False
        self.hand = self.undo_stack.pop()
        back = penalties > len(self.hand.penalties)
        self.events = [Event("tui.play.undone_penalty" if back else "tui.play.undone")]
        mine = self._my_plays()
        self.hint_notes = {i: n for i, n in self.hint_notes.items() if i < mine}
        return True

    def _my_plays(self) -> int:
        """Your plays so far in this hand (the number of your next)."""
        return sum(1 for r in self.hand.log if r.op == "play" and r.seat == 0)

    def _log_key(self) -> tuple[int, int]:
        """The position as the hand's log has it (a hint answers this one)."""
        log = tuple(self.hand.log)
        return len(log), hash(log)

    def _note_hint(self, index: int, trick: int, key: tuple[int, int], cards: Sequence[Card]) -> None:
        """Keep what the hint told before your ``index``-th play (none: an
        earlier note of that play, before an undo, is dropped)."""
        self.hint_notes = {i: n for i, n in self.hint_notes.items() if i < index}
        last = self.last_hint
        if last is None or last[0] != key:
            return
        _key, pos, tricks, h = last
        note = note_from_hint(h, cards, index=index, trick=trick,
                              knowledge=lambda: knowledge_of(pos, tricks))
        self.hint_notes[index] = note.to_json()

    # -- hints ------------------------------------------------------------------------

    def hint_job(self, budget: float = HINT_BUDGET) -> HintJob | None:
        """Your hint, to compute off the interface thread: burying and
        discarding get the search bots' void-making choice at once, with the
        engine's reasons for those cards (:func:`solver.bots.kitty.burial_reasons`:
        the suits it empties, the trumps and points it keeps or must give
        up, 五三二's discard rule); a play
        gets the hint engine's answer on a snapshot of what you see (the
        baseline bot's play when the engine cannot answer this position)."""
        if self.pending:
            return self._declare_hint()
        if self.riot_offer or self.done:
            return None
        if self.burying or self.reclaiming:
            cards = tuple(self.suggest())
            view = SeatView(self.hand, 0)  # the trump as you know it (五三二's taker: still secret)
            why = tuple((r.code, dict(r.params)) for r in burial_reasons(
                self.rules, view.level, view.ctx, view.cards, cards, reclaim=self.reclaiming))
            return lambda: Advice(cards, "tui.play.hint.bury", why)
        if self.hand.phase != Phase.PLAY or self.hand.turn != 0:
            return None
        self.hints_used += 1
        pos, tricks = position_of(self.hand, 0)
        fallback = tuple(self.suggest())
        key = self._log_key()
        followers = self.followers

        def job() -> Advice:
            try:
                h = engine_hint(pos, budget=budget, seed=0, tricks=tricks, followers=followers)
            except SolverError as err:  # a position the hint engine declines (logged): the bot's play
                log.warning("hint engine declined: %s (%s)", err, err.code)
                return Advice(fallback, "tui.play.hint.bot")
            # kept for the review of the play you make here once it is shown
            # (hint_shown, then _note_hint); a cancelled hint is not
            return Advice(tuple(h.best), "tui.play.hint.engine",
                          tuple((r.code, dict(r.params)) for r in h.reasons), kept=(key, pos, tricks, h))

        return job

    def _declare_hint(self) -> HintJob:
        """While you may declare: the baseline bot's choice among your options
        (:meth:`BaselineBot.declare`, or :meth:`BaselineBot.overturn` once
        someone has declared), with how many of your cards it makes trumps;
        or its advice to pass."""
        options = list(self.pending or ())
        view, bot = SeatView(self.hand, 0), BaselineBot()
        choice = bot.overturn(view, options) if self.hand.standing is not None else bot.declare(view, options)
        if choice is None:
            why = self._pass_why(view, bot, options)
            return lambda: Advice((), game_msgid(self.game, "tui.play.hint.declare_pass"), why)
        number, trumps = options.index(choice) + 1, bot.declaration_trumps(view, choice)
        return lambda: Advice(tuple(choice), "tui.play.hint.declare", (), {"number": number, "trumps": trumps})

    def _pass_why(self, view: SeatView, bot: BaselineBot,
                  options: Sequence[tuple[Card, ...]]) -> tuple[tuple[str, dict[str, Any]], ...]:
        """Why the bot would not declare now, in counts of your cards that
        would be trumps (:meth:`BaselineBot.declaration_trumps`): your
        partner's declaration stands; or your best option against the trump
        declared now; or, with nothing declared, against your cards dealt so
        far (a walk read "do not declare now" with no reason in 拖拉机)."""
        if not options:
            return ()
        best = max(options, key=lambda o: bot.declaration_trumps(view, o))
        trumps, held = bot.declaration_trumps(view, best), len(view.cards)
        st = self.hand.standing
        if st is not None and st.seat == 0:
            return (("tui.play.hint.pass_own", {}),)
        if st is not None and st.seat % 2 == 0:  # 五三二 says 顶牌, not 反主 (R-W-OVERCALL)
            return ((game_msgid(self.game, "tui.play.hint.pass_partner"), {"seat": seat_name(st.seat)}),)
        if st is not None:
            now = bot.declaration_trumps(view, st.cards)
            return ((game_msgid(self.game, "tui.play.hint.pass_overturn"),
                     {"cards": format_cards(best), "trumps": trumps, "now": now}),)
        return ((game_msgid(self.game, "tui.play.hint.pass_wait"),
                 {"cards": format_cards(best), "trumps": trumps, "held": held}),)

    def hint(self, budget: float = HINT_BUDGET) -> Advice | None:
        """The hint computed here and now, as shown (the screen runs
        :meth:`hint_job` in a worker and calls :meth:`hint_shown`)."""
        job = self.hint_job(budget)
        if job is None:
            return None
        advice = job()
        self.hint_shown(advice)
        return advice

    def hint_shown(self, advice: Advice) -> None:
        """The learner was shown ``advice``: the review of the play made at
        its position rates that play on what the hint told (a hint
        cancelled with Esc, never seen, is not quoted)."""
        if advice.kept is not None:
            self.last_hint = advice.kept

    def suggest(self) -> list[Card]:
        """The baseline bot's choice for you (instant; also the hint
        fallback); a burial voids suits as the search bots' does."""
        bot = self._advisor
        view = SeatView(self.hand, 0)
        if self.burying:
            return list(bot.bury(view, self.rules.kitty_size))
        if self.reclaiming:
            return list(bot.reclaim(view, len(self.hand.take_back)))
        if self.pending or self.hand.phase != Phase.PLAY or self.hand.turn != 0:
            return []  # nothing to play now (a declaration to decide, or not your turn)
        return list(bot.follow(view) if self.hand.current else bot.lead(view))

    # -- positions and histories -------------------------------------------------------

    def position(self, seat: int = 0) -> Position:
        """The current position as ``seat`` sees it (other hands hidden)."""
        return position_of(self.hand, seat)[0]

    def snapshot(self) -> dict[str, Any]:
        """The table to resume later (JSON): the hand as saved (its log), the
        match's levels, dealer and shuffle state, and the table's settings."""
        m = self.match
        rng = m.rng.getstate()
        return {"game": self.game, "seed": self.seed, "options": self.options, "practice": self.practice,
                "hand": self.history(), "recorded": self.recorded, "redeals": self.redeals,
                "match": {"levels": list(m.state.levels), "dealer_team": m.state.dealer_team,
                          "winner": m.state.winner, "dealer": m.dealer, "hands_played": m.hands_played,
                          "deals": m.deals, "riots": m.riots, "voids_in_row": m.voids_in_row,
                          "last_taker": [[k, v] for k, v in m.last_taker.items()],
                          "started": m.started, "rng": [rng[0], list(rng[1]), rng[2]],
                          "ledger": [[e.hand, e.seat, e.stake, e.reason] for e in m.ledger]}}

    @classmethod
    def restore(cls, snap: Any, *, bots: str = "normal", human_declare: bool = True) -> ShengjiTable:
        """A table from :meth:`snapshot`: the hand replayed from its log by the
        engine (:func:`solver.history.resume_hand`), the match where it was.
        Raises ValueError when the snapshot cannot be used."""
        try:
            game, seed, m = str(snap["game"]), int(snap["seed"]), snap["match"]
            t = cls(game, seed=seed, options=snap.get("options") or {}, practice=bool(snap.get("practice", True)),
                    bots=bots, human_declare=human_declare)
            hand = resume_hand(snap["hand"])
            match = t.match
            match.state = dataclasses.replace(match.state, levels=(int(m["levels"][0]), int(m["levels"][1])),
                                              dealer_team=int(m["dealer_team"]), winner=m["winner"])
            match.dealer, match.hands_played, match.deals = m["dealer"], int(m["hands_played"]), int(m["deals"])
            match.riots, match.voids_in_row, match.started = int(m["riots"]), int(m["voids_in_row"]), bool(m["started"])
            match.last_taker = {int(k): int(v) for k, v in m["last_taker"]}
            match.ledger = [LedgerEntry(int(h), int(seat), float(stake), str(why))  # the stakes paid so far
                            for h, seat, stake, why in m.get("ledger") or []]
            r = m["rng"]
            match.rng.setstate((r[0], tuple(r[1]), r[2]))
        except (KeyError, TypeError, ValueError, IndexError, SolverError) as err:
            raise ValueError(str(err)) from None
        t.hand, t.recorded, t.redeals = hand, bool(snap.get("recorded")), int(snap.get("redeals", 0))
        mine = t._my_plays()
        t.hint_notes = {n.index: n.to_json() for n in hint_notes(snap["hand"])
                        if n.seat == 0 and n.index < mine}
        t.pending, t._offered = None, set()
        t.undo_stack.clear()
        if hand.phase in (Phase.DEAL, Phase.BID, Phase.CHAODI) and human_declare \
                and (hand.phase == Phase.DEAL or hand.turn == 0) and hand.declaration_options(0):
            t.pending = list(hand.declaration_options(0))  # the offer you left open
            t._offered.update(t.pending)
        else:
            t.advance()
        return t

    def history(self) -> dict[str, Any]:
        """The hand as saved: :func:`solver.history.hand_to_dict` (an
        unfinished hand keeps its log and says so), plus the table's seed
        and the match so far."""
        extra: dict[str, Any] = {
            "seed": self.seed,
            "match": {"hand": self.match.hands_played + (0 if self.recorded else 1),
                      "levels": [self.match.level_name(0), self.match.level_name(1)]}}
        mine = self._my_plays()
        notes = [self.hint_notes[i] for i in sorted(self.hint_notes) if i < mine]
        if notes:  # what the hints told before your plays (the review says the same)
            extra["hints"] = notes
        return hand_to_dict(self.hand, extra=extra, unfinished=not self.done)
