"""One hand of Shengji as a state machine (pokerkit style).

Every action has three faces: ``verify_x(...)`` raises a :class:`GameError`
naming the rule (R-ID), ``can_x(...)`` returns a bool, and ``x(...)``
performs it and appends a :class:`Record` to :attr:`Hand.log`.  The flow
(dealing, declaring, overturning, riots, the kitty) is chosen by
``rules.flow`` through :mod:`solver.game.flows`; the play phase is common.

A hand is built from a setup and a deck order; it is pure and deterministic:
replaying its log's actions on a fresh hand with the same deck rebuilds the
same state.

>>> import random
>>> from solver.rules import preset
>>> from solver.cards import deck
>>> cards = deck(); random.Random(1).shuffle(cards)
>>> h = Hand(HandSetup(preset("tractor")), cards)
>>> h.phase, h.can_deal(), h.can_play(0, cards[:1])
(<Phase.DEAL: 'deal'>, True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from solver.bits import WEIGHT, LeadInfo, bits_of, follow_ok, over_two, packed, split, valid
from solver.cards import FACES, Card, deck, format_cards, points
from solver.follow import explain_follow, lead_info
from solver.game.declare import Declaration
from solver.game.errors import GameError, GameReason
from solver.game.flows import Flow, flow_for
from solver.game.state import SEATS, HandSetup, Phase, may_riot, riot_reason, team_of
from solver.rules import Rules
from solver.scoring import score_hand
from solver.step import close_trick, throw_step
from solver.trump import TrumpContext, shared_context
from solver.units import INVALID, THROW, classify

#: The log's actions (what a replay re-applies); the other records are events.
ACTIONS = ("deal", "declare", "pass", "riot", "bury", "reclaim", "play")


class Record(NamedTuple):
    """One entry of the operation log.  ``op`` names the action (``deal``,
    ``declare``, ``pass``, ``riot``, ``bury``, ``reclaim``, ``play``) or an
    event the state produced (``start``, ``trump``, ``kitty``, ``take_back``,
    ``throw_fail``, ``trick``, ``end``, ``redeal``).  An immutable value (a
    named tuple: a hand logs a few hundred, made in C)."""

    op: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    more: tuple[Card, ...] = ()
    note: str = ""

    @property
    def is_action(self) -> bool:
        return self.op in ACTIONS

    def to_json(self) -> list[object]:
        return [self.op, self.seat, format_cards(self.cards), format_cards(self.more), self.note]


class Trick(NamedTuple):
    """A finished trick: who led, the plays in turn order, who took it and
    its points (an immutable value, like :class:`Record`)."""

    leader: int
    plays: tuple[tuple[Card, ...], ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class Penalty:
    """A failed throw (R-THROW-FAIL): the attempted cards, the unit played,
    and the penalty (points to the attackers, or a share of the stake)."""

    seat: int
    attempted: tuple[Card, ...]
    played: tuple[Card, ...]
    points: int
    stake: float


@dataclass(frozen=True, slots=True)
class HandResult:
    dealer: int
    defenders: int
    declarer: int | None
    level: int
    trump: str | None
    attacker_points: int
    penalty_points: int
    total: int
    kitty_points: int
    multiplier: int
    outcome: str
    levels: int
    penalties: tuple[Penalty, ...] = ()

    @property
    def attackers(self) -> int:
        return 1 - self.defenders


_DECK = deck()
FULL_PACK = packed(_DECK)
_DEAL_RECORDS: dict[int, Record] = {}


def _holds(held: int, m: int) -> bool:
    """Whether the packed multiset ``held`` contains the packed ``m`` (each
    face of ``held`` at most twice; ``m`` may hold a face three times)."""
    if over_two(m):
        return False
    hlo, hhi = split(held)
    plo, phi = split(m)
    return not (plo & ~hlo or phi & ~hhi)


class HeldCards(Counter[Card]):
    """A read-only Counter of one seat's cards (what :attr:`Hand.hands`
    gives): changing it raises instead of silently changing a copy."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        dict.__init__(self)
        for c in cards:
            dict.__setitem__(self, c, dict.get(self, c, 0) + 1)

    def copy(self) -> HeldCards:
        return HeldCards(self.elements())

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a hand's cards change only through its actions (Hand.give / Hand.take)")

    __setitem__ = __delitem__ = update = subtract = clear = _refuse
    pop = popitem = setdefault = _refuse  # type: ignore[assignment]


class Hand:
    """The state of one hand; see the module docstring."""

    def __init__(self, setup: HandSetup, cards: Sequence[Card], flow: Flow | None = None) -> None:
        rules = setup.rules
        if len(cards) != len(_DECK) or packed(cards) != FULL_PACK \
                or not valid(packed(cards), len(cards)):
            raise GameError("the deck must be the full 108-card pack", code="game.deck.bad",
                            rule="R-DECK")
        if 4 * rules.hand_size + rules.kitty_size != len(cards):
            raise GameError("hand and kitty sizes do not fit the pack", code="game.deck.sizes",
                            rule="R-DECK")
        self.setup = setup
        self.rules = rules
        #: The dealing/declaring/kitty flow (by default the one ``rules.flow`` names).
        self.flow: Flow = flow if flow is not None else flow_for(rules)
        self.deck: tuple[Card, ...] = tuple(cards)
        #: Each seat's cards as a packed multiset (:mod:`solver.bits`): the
        #: hands' truth, what the rule checks read.
        self.held: list[int] = [0] * SEATS
        # The same cards as face indices, each face's copies together and the
        # faces in the order they arrived (what :meth:`cards_of` lists: the
        # bots break ties in that order).
        self._order: list[list[int]] = [[] for _ in range(SEATS)]
        self.dealt = 0
        self.kitty: list[Card] = list(self.deck[4 * rules.hand_size:])
        self.phase = Phase.DEAL
        self.turn: int | None = None
        self.window: tuple[int, ...] = ()
        self.passes = 0
        self.passes_needed = 0
        self.declarations: list[Declaration] = []
        self.dealer: int | None = setup.dealer
        self.stage_team: int | None = setup.stage_team
        self.trump: str | None = None
        self.trump_fixed = False
        self.ctx: TrumpContext | None = None
        self.burier: int | None = None
        self.kitty_taker: int | None = None
        self.take_back: tuple[Card, ...] = ()
        self.leader: int | None = None
        self.current: list[tuple[Card, ...]] = []
        # The follow check's view of the current lead (kept with the lead it
        # was computed for: a reference, so identity is a safe test).
        self._lead_info: tuple[tuple[Card, ...], LeadInfo] | None = None
        self.tricks: list[Trick] = []
        self.played: list[Card] = []
        #: The cards of :attr:`played`, packed (:mod:`solver.bits`).
        self.played_packed = 0
        self.attacker_points = 0
        self.penalties: list[Penalty] = []
        self.start_hands: tuple[tuple[Card, ...], ...] = ()
        self.result: HandResult | None = None
        self.riot_seat: int | None = None
        self.chaodi_round = False
        self.log: list[Record] = [Record("start", setup.first_seat, note=str(setup.number))]

    @classmethod
    def later(cls, rules: Rules, cards: Sequence[Card], dealer: int) -> Hand:
        """A later hand of a match (dealer known) with both teams at the
        rules' first level; in a stage flow (wusaner) the dealer's team is on
        stage and the dealer is the kitty taker due."""
        lv = rules.default_level
        stage = team_of(dealer) if flow_for(rules).stage else None
        return cls(HandSetup(rules, (lv, lv), dealer, stage), cards)

    @classmethod
    def at_play(cls, rules: Rules, level: int, trump: str | None, dealer: int, leader: int,
                hands: Sequence[Sequence[Card]], kitty: Sequence[Card],
                defenders: int | None = None) -> Hand:
        """A hand whose play phase starts from a position (e.g. a saved
        history without its operation log): ``hands`` are the four hands
        after the kitty, ``kitty`` the buried cards."""
        if len(hands) != SEATS or any(len(h) != len(hands[0]) for h in hands):
            raise GameError("four hands of equal size are needed", code="game.position.hands",
                            rule="R-DECK")
        cards = [c for h in hands for c in h] + list(kitty)
        if Counter(cards) != Counter(deck()) or len(kitty) != rules.kitty_size:
            raise GameError("the hands and the kitty must hold the whole pack once",
                            code="game.position.cards", rule="R-DECK")
        team_levels = (level, level)
        stage = defenders if defenders is not None else team_of(dealer)
        setup = HandSetup(rules, team_levels, dealer, stage if flow_for(rules).stage else None,
                          dealer)
        # The deck order deals the given hands: card i goes to seat (dealer + i) % 4.
        order: list[Card] = []
        per = len(hands[0])
        for i in range(per * SEATS):
            seat = (dealer + i) % SEATS
            order.append(hands[seat][i // SEATS])
        h = cls(setup, [*order, *kitty] if per == rules.hand_size else deck())
        for s, hh in enumerate(hands):
            h.held[s] = packed(hh)
            h._order[s] = [c.index for c in Counter(hh).elements()]
        h.dealt = 4 * rules.hand_size
        h.kitty = list(kitty)
        h.dealer = dealer
        h.stage_team = stage
        h.burier = dealer
        h.set_trump(trump)
        h.start_play(leader)
        return h

    # -- basic queries -------------------------------------------------------

    @property
    def standing(self) -> Declaration | None:
        """The declaration that currently fixes trump (the last one)."""
        return self.declarations[-1] if self.declarations else None

    @property
    def original(self) -> Declaration | None:
        return self.declarations[0] if self.declarations else None

    @property
    def level(self) -> int:
        """The rank played this hand: the dealer (stage) team's level."""
        team = self.defenders
        return self.setup.team_levels[team if team is not None else 0]

    @property
    def defenders(self) -> int | None:
        """The dealer (stage, 台上) team, once known."""
        if self.stage_team is not None:
            return self.stage_team
        return team_of(self.dealer) if self.dealer is not None else None

    def hand_of(self, seat: int) -> list[Card]:
        ctx = self.ctx
        cards = self.cards_of(seat)
        return ctx.sorted(cards) if ctx else sorted(cards, key=lambda c: (c.suit, -c.rank))

    def cards_of(self, seat: int) -> list[Card]:
        """The seat's cards, a face's copies together, the faces in the order
        they arrived in the hand (dealt, taken from the kitty)."""
        return list(map(FACES.__getitem__, self._order[seat]))

    def count(self, seat: int, card: Card) -> int:
        """How many copies of ``card`` the seat holds."""
        return (self.held[seat] >> 2 * card.index) & 3

    @property
    def hands(self) -> list[Counter[Card]]:
        """Each seat's cards as a read-only Counter (the hand changes only
        through its actions and :meth:`give` / :meth:`take`)."""
        return [HeldCards(self.cards_of(s)) for s in range(SEATS)]

    def give(self, seat: int, cards: Iterable[Card]) -> None:
        """Put ``cards`` into the seat's hand (dealt, the kitty, taken back)."""
        order = self._order[seat]
        m = self.held[seat]
        for c in cards:
            i = c.index
            if (m >> 2 * i) & 3:
                order.insert(order.index(i), i)
            else:
                order.append(i)
            m += WEIGHT[i]
        self.held[seat] = m

    def take(self, seat: int, cards: Iterable[Card]) -> None:
        """Remove ``cards`` (held: the actions verified it) from the seat's hand."""
        order = self._order[seat]
        m = self.held[seat]
        for c in cards:
            order.remove(c.index)
            m -= WEIGHT[c.index]
        self.held[seat] = m

    @property
    def points_so_far(self) -> int:
        """The attackers' points so far as the hand will score them: the
        tricks' and every failed throw's (R-THROW-FAIL, tractor: ±10 a card
        taken back).  ``attacker_points`` alone is the tricks'."""
        return self.attacker_points + sum(p.points for p in self.penalties)

    def cards_left(self, seat: int) -> int:
        return len(self._order[seat])

    def is_attacker(self, seat: int) -> bool:
        return self.defenders is not None and team_of(seat) != self.defenders

    def _log(self, op: str, seat: int | None = None, cards: Iterable[Card] = (),
             more: Iterable[Card] = (), note: str = "") -> None:
        self.log.append(Record(op, seat, tuple(cards), tuple(more), note))

    def note(self, op: str, seat: int | None = None, cards: Iterable[Card] = (),
             note: str = "") -> None:
        """Append an event of the flow (``kitty_card``, ``stage``, ``take_back``,
        ``reveal``) to the log."""
        self._log(op, seat, cards, (), note)

    def _need_phase(self, *phases: Phase) -> None:
        if self.phase not in phases:
            raise GameError(f"not now: the hand is in phase {self.phase.value}",
                            code="game.phase.wrong", rule="phase", phase=self.phase.value)

    def _need_seat(self, seat: int) -> None:
        if seat not in range(SEATS):
            raise GameError(f"no seat {seat}", code="game.seat.bad", rule="phase", seat=seat)

    def _need_turn(self, seat: int) -> None:
        self._need_seat(seat)
        if self.turn != seat:
            raise GameError(f"it is seat {self.turn}'s turn, not seat {seat}'s",
                            code="game.turn.wrong", rule="turn", seat=seat, turn=self.turn)

    def _need_cards(self, seat: int, cards: Sequence[Card], rule: str) -> None:
        if _holds(self.held[seat], packed(cards)):
            return
        missing = list((Counter(cards) - Counter(self.cards_of(seat))).elements())
        if missing:
            raise GameError(f"seat {seat} does not hold {format_cards(missing)}",
                            code="game.cards.not_held", rule=rule, seat=seat,
                            cards=format_cards(missing))

    # -- dealing -------------------------------------------------------------

    def verify_deal(self) -> None:
        self._need_phase(Phase.DEAL)

    def can_deal(self) -> bool:
        return self.phase == Phase.DEAL

    def deal(self) -> int:
        """Deal the next card (R-H-DEAL, R-W-DEAL); returns the seat that got it."""
        if self.phase != Phase.DEAL:
            self.verify_deal()  # raises
        seat = (self.setup.first_seat + self.dealt) % SEATS
        card = self.deck[self.dealt]
        # give(seat, (card,)), inline: 108 times a hand
        i = card.index
        m = self.held[seat]
        order = self._order[seat]
        if (m >> 2 * i) & 3:
            order.insert(order.index(i), i)
        else:
            order.append(i)
        self.held[seat] = m + WEIGHT[i]
        self.dealt += 1
        # A deal record is a value: one per seat and face, shared by every hand.
        rec = _DEAL_RECORDS.get(seat * 64 + i)
        if rec is None:
            rec = _DEAL_RECORDS[seat * 64 + i] = Record("deal", seat, (card,))
        self.log.append(rec)
        if self.dealt == 4 * self.rules.hand_size:
            self.flow.end_deal(self)
        return seat

    # -- declaring -----------------------------------------------------------

    def verify_declare(self, seat: int, cards: Sequence[Card]) -> Declaration:
        """The declaration ``cards`` would make, or the reason it may not be made."""
        self._need_seat(seat)
        self._need_phase(Phase.DEAL, Phase.BID, Phase.CHAODI)
        if self.phase != Phase.DEAL:
            self._need_turn(seat)
        rule = self.flow.declare_rule
        self._need_cards(seat, cards, rule)
        decl = self.flow.parse_declaration(self.flow.declare_level(self, seat), seat, cards)
        self.flow.check_declare(self, decl)
        return decl

    def can_declare(self, seat: int, cards: Sequence[Card]) -> bool:
        try:
            self.verify_declare(seat, cards)
        except GameError:
            return False
        return True

    def declare(self, seat: int, cards: Sequence[Card]) -> Declaration:
        """Declare (报主/亮牌) or overturn (反主/顶牌) with ``cards``."""
        decl = self.verify_declare(seat, cards)
        self.declarations.append(decl)
        self._log("declare", seat, decl.cards, note=str(decl.strength))
        self.flow.on_declare(self, decl)
        return decl

    def declaration_options(self, seat: int) -> list[tuple[Card, ...]]:
        """Every declaration ``seat`` may make now (for bots and the UI)."""
        if self.phase not in (Phase.DEAL, Phase.BID, Phase.CHAODI):
            return []
        if self.phase != Phase.DEAL and self.turn != seat:
            return []
        try:
            self.flow.check_seat(self, seat)  # no declaration of this seat may be made now
        except GameError:
            return []
        level = self.flow.declare_level(self, seat)
        cands = self.flow.declaration_candidates(level, self.cards_of(seat))
        return [c for c in cands if self.can_declare(seat, c)]

    def declaration_refusals(self, seat: int) -> list[tuple[tuple[Card, ...], GameReason]]:
        """The declarations ``seat`` holds that may not overturn the standing
        one now, each with the engine's reason (the two shapes compared, or
        the rule that forbids it: :meth:`Flow.overturn_reason`); empty when
        nothing stands, the standing one is ``seat``'s own, or ``seat`` may
        not declare now whatever its cards.  What a learner asks when a
        card they were waiting for brings no offer."""
        standing = self.standing
        if standing is None or standing.seat == seat or self.phase not in (Phase.DEAL, Phase.BID, Phase.CHAODI):
            return []
        if self.phase != Phase.DEAL and self.turn != seat:
            return []
        try:
            self.flow.check_seat(self, seat)
        except GameError:
            return []
        level = self.flow.declare_level(self, seat)
        out: list[tuple[tuple[Card, ...], GameReason]] = []
        for cands in self.flow.declaration_candidates(level, self.cards_of(seat)):
            if self.can_declare(seat, cands):
                continue
            try:
                decl = self.flow.parse_declaration(level, seat, cands)
            except GameError:
                continue
            ok, why = self.flow.overturn_reason(standing, decl, self.declarations)
            if not ok:
                out.append((tuple(cands), why))
        return out

    # -- turn-based windows (BID, RIOT, CHAODI) -------------------------------

    def open_window(self, phase: Phase, seats: Sequence[int], needed: int) -> None:
        self.phase = phase
        self.window = tuple(seats)
        self.turn = seats[0]
        self.passes = 0
        self.passes_needed = needed

    def advance_turn(self) -> None:
        """Move the turn to the next seat of the window, in turn order."""
        assert self.turn is not None
        for k in range(1, SEATS + 1):
            s = (self.turn + k) % SEATS
            if s in self.window:
                self.turn = s
                return

    def verify_pass(self, seat: int) -> None:
        self._need_phase(Phase.BID, Phase.RIOT, Phase.CHAODI)
        self._need_turn(seat)

    def can_pass(self, seat: int) -> bool:
        try:
            self.verify_pass(seat)
        except GameError:
            return False
        return True

    def pass_turn(self, seat: int) -> None:
        """Decline to declare, overturn or riot."""
        self.verify_pass(seat)
        self._log("pass", seat)
        self.passes += 1
        if self.passes >= self.passes_needed:
            phase = self.phase
            self.turn = None
            self.flow.end_window(self, phase)
        else:
            self.advance_turn()

    # -- riot (暴动) -----------------------------------------------------------

    def verify_riot(self, seat: int) -> None:
        """R-H-RIOT: an attacker with fewer than ``riot_threshold`` points in hand."""
        self._need_phase(Phase.RIOT)
        self._need_turn(seat)
        allowed, why = riot_reason(self.rules, self.cards_of(seat))
        if not allowed:
            raise GameError(f"a riot needs fewer than {self.rules.riot_threshold} points in hand",
                            code=why.code, rule=why.rule, **why.params)

    def can_riot(self, seat: int) -> bool:
        try:
            self.verify_riot(seat)
        except GameError:
            return False
        return True

    def riot(self, seat: int) -> None:
        """Call a redeal (暴动); the dealer stays."""
        self.verify_riot(seat)
        self._log("riot", seat, note=str(points(self.cards_of(seat))))
        self.riot_seat = seat
        self.end_void("riot")

    def end_void(self, reason: str) -> None:
        self.phase = Phase.REDEAL
        self.turn = None
        self._log("redeal", note=reason)

    # -- the kitty -----------------------------------------------------------

    def start_bury(self, seat: int) -> None:
        """``seat`` takes the kitty into the hand; the phase becomes BURY."""
        self.burier = seat
        self.give(seat, self.kitty)
        self._log("kitty", seat, self.kitty)
        self.kitty = []
        self.phase = Phase.BURY
        self.turn = seat

    def verify_bury(self, seat: int, cards: Sequence[Card]) -> None:
        self._need_phase(Phase.BURY)
        self._need_turn(seat)
        rule = self.flow.kitty_rule
        if len(cards) != self.rules.kitty_size:
            raise GameError(f"bury exactly {self.rules.kitty_size} cards", code="game.kitty.count",
                            rule=rule, count=self.rules.kitty_size, given=len(cards))
        self._need_cards(seat, cards, rule)
        self.flow.check_bury(self, seat, cards)

    def can_bury(self, seat: int, cards: Sequence[Card]) -> bool:
        try:
            self.verify_bury(seat, cards)
        except GameError:
            return False
        return True

    def bury(self, seat: int, cards: Sequence[Card]) -> None:
        """Bury (扣底) or discard (扔牌, wusaner) the kitty."""
        self.verify_bury(seat, cards)
        self.take(seat, cards)
        self.kitty = list(cards)
        self._log("bury", seat, cards)
        self.turn = None
        self.flow.after_bury(self, seat)

    def verify_reclaim(self, seat: int, cards: Sequence[Card]) -> None:
        """R-W-KITTY: the declarer discards as many cards as they took back."""
        self._need_phase(Phase.RECLAIM)
        self._need_turn(seat)
        if len(cards) != len(self.take_back):
            raise GameError(f"discard exactly {len(self.take_back)} cards", code="game.kitty.count",
                            rule="R-W-KITTY", count=len(self.take_back), given=len(cards))
        self._need_cards(seat, cards, "R-W-KITTY")
        self.flow.check_reclaim(self, seat, cards)

    def can_reclaim(self, seat: int, cards: Sequence[Card]) -> bool:
        try:
            self.verify_reclaim(seat, cards)
        except GameError:
            return False
        return True

    def reclaim(self, seat: int, cards: Sequence[Card]) -> None:
        self.verify_reclaim(seat, cards)
        self.take(seat, cards)
        self.kitty.extend(cards)
        self.take_back = ()
        self._log("reclaim", seat, cards)
        self.turn = None
        self.flow.after_reclaim(self)

    # -- trump ---------------------------------------------------------------

    def set_trump(self, trump: str | None, *, fixed: bool = True) -> None:
        self.trump = trump
        self.trump_fixed = fixed
        self.ctx = shared_context(self.rules, self.level, trump)
        self._log("trump", self.dealer, note=f"{self.level}:{trump or 'NT'}")

    # -- play ----------------------------------------------------------------

    def start_play(self, leader: int) -> None:
        assert self.ctx is not None and self.defenders is not None
        self.phase = Phase.PLAY
        self.leader = leader
        self.turn = leader
        self.start_hands = tuple(tuple(self.hand_of(s)) for s in range(SEATS))
        self._log("play_start", leader, note=f"{self.dealer}:{self.defenders}")

    @property
    def lead(self) -> tuple[Card, ...] | None:
        return self.current[0] if self.current else None

    def verify_play(self, seat: int, cards: Sequence[Card]) -> None:
        """R-LEAD for a lead, R-FOLLOW (and R-W-FOLLOW) for a follow."""
        if self.phase != Phase.PLAY:
            self._need_phase(Phase.PLAY)
        if seat != self.turn:  # (the turn is always a seat)
            self._need_turn(seat)
        ctx = self.ctx
        assert ctx is not None
        if not self.current:
            if not cards:
                raise GameError("play at least one card", code="game.play.empty", rule="R-LEAD")
            self._need_cards(seat, cards, "R-LEAD")
            if classify(ctx, cards).type == INVALID:
                raise GameError("a lead must be one effective suit", code="game.play.mixed_lead",
                                rule="R-LEAD", cards=format_cards(cards))
            return
        lead = self.current[0]
        # The fast check on bitsets (the cards held, the size, every rule); the
        # missing cards and the reasons only for a play it refuses.
        known = self._lead_info
        if known is None or known[0] is not lead:
            known = self._lead_info = (lead, lead_info(ctx, lead))
        if follow_ok(ctx, known[1], split(self.held[seat]), bits_of(cards)):
            return
        self._need_cards(seat, cards, "R-FOLLOW")
        reasons = explain_follow(ctx, lead, self.cards_of(seat), cards)
        if reasons:
            r = reasons[0]
            raise GameError(f"illegal follow ({r.rule}: {r.code})", code="game.play.illegal_follow",
                            rule=r.rule, reason=r.msgid, cards=format_cards(cards),
                            reason_params=dict(r.params),  # the reason's own, whole (its cards)
                            **{k: v for k, v in r.params.items() if k not in ("rule", "cards")})

    def can_play(self, seat: int, cards: Sequence[Card]) -> bool:
        try:
            self.verify_play(seat, cards)
        except GameError:
            return False
        return True

    def play(self, seat: int, cards: Sequence[Card]) -> tuple[Card, ...]:
        """Play ``cards``; returns what was actually played (a failed throw
        becomes its smallest beaten unit, R-THROW-FAIL)."""
        self.verify_play(seat, cards)
        ctx = self.ctx
        assert ctx is not None
        played = tuple(cards)
        self.log.append(Record("play", seat, played))
        if not self.current and classify(ctx, cards).type == THROW:
            others = [self.cards_of(s) for s in range(SEATS) if s != seat]
            played, pen = throw_step(ctx, cards, others, not self.is_attacker(seat))
            if pen is not None:
                self.penalties.append(Penalty(seat, tuple(cards), played, pen.attacker_points,
                                              pen.stake))
                self._log("throw_fail", seat, played, note=f"{pen.attacker_points}:{pen.stake}")
        self.take(seat, played)
        self.current.append(played)
        self.played.extend(played)
        self.played_packed += packed(played)
        if len(self.current) < SEATS:
            self.turn = (seat + 1) % SEATS
            return played
        self._close_trick()
        return played

    def _close_trick(self) -> None:
        ctx = self.ctx
        assert ctx is not None and self.leader is not None
        plays = tuple(self.current)
        winner, pts = close_trick(ctx, self.leader, plays)
        if self.is_attacker(winner):
            self.attacker_points += pts
        self.tricks.append(Trick(self.leader, plays, winner, pts))
        self._log("trick", winner, note=str(pts))
        self.current = []
        if not any(self.held):
            self._finish()
            return
        self.leader = winner
        self.turn = winner

    def _finish(self) -> None:
        ctx = self.ctx
        assert ctx is not None and self.dealer is not None and self.defenders is not None
        last = self.tricks[-1]
        pen_points = sum(p.points for p in self.penalties)
        attackers_won = self.is_attacker(last.winner)
        score = score_hand(ctx, self.attacker_points + pen_points, self.kitty, last.plays[0],
                           attackers_won)
        declarer = self.standing.seat if self.standing else None
        self.result = HandResult(
            dealer=self.dealer, defenders=self.defenders, declarer=declarer, level=self.level,
            trump=self.trump, attacker_points=self.attacker_points, penalty_points=pen_points,
            total=score.total, kitty_points=score.kitty_points, multiplier=score.multiplier,
            outcome=score.outcome, levels=score.levels, penalties=tuple(self.penalties))
        self.phase = Phase.DONE
        self.turn = None
        self._log("end", note=f"{score.total}:{score.outcome}:{score.levels}")

    # -- invariants ----------------------------------------------------------

    def all_cards(self) -> Counter[Card]:
        """Every card somewhere: hands, undealt deck, kitty, played."""
        total: Counter[Card] = Counter()
        for s in range(SEATS):
            total.update(self.cards_of(s))
        total.update(self.deck[self.dealt:4 * self.rules.hand_size])
        total.update(self.kitty)
        total.update(self.played)
        return total

    def check_conservation(self) -> None:
        """Raise if a card was lost or duplicated."""
        if self.all_cards() != Counter(deck()):
            raise AssertionError("cards are not conserved")
        for s in range(SEATS):
            if packed(self.cards_of(s)) != self.held[s]:
                raise AssertionError(f"seat {s}: the packed hand and its card list disagree")

    def actions(self) -> list[Record]:
        """The log's actions, in order (what a replay re-applies)."""
        return [r for r in self.log if r.is_action]



__all__ = ["SEATS", "Hand", "HandResult", "HandSetup", "Penalty", "Phase", "Record", "Trick",
           "may_riot", "riot_reason", "team_of"]
