"""The three dealing/declaring/kitty flows, selected by ``rules.flow``.

A flow is a small policy object the :class:`~solver.game.hand.Hand` calls at
its turning points (a declaration, the end of the deal, the end of a
turn-based window, a bury).  The flows never look at a preset's name: the
``henan``, ``tractor`` and ``wusaner`` presets differ only in their
``rules.flow`` field and options such as ``riot``.

Where shared/RULES.md is silent, the flows decide as follows (each is a
small, documented choice, tested in tests/test_game_flows.py):

- Dealing starts with the dealer's seat (seat 0 in a first hand) and goes
  in turn order (R-H-DEAL, R-W-DEAL).
- ``henan``: a joker pair (no trump) is only ever an overturn (R-H-DECLARE:
  jokers alone never declare), so while no declaration stands the flow
  refuses it, and the bots and the Play screen never see it offered.
- ``henan`` first hand: overturns (反主反打) are allowed during the deal and
  in a window after it, in turn order from the seat after the dealer, until
  four passes in a row; then the riot window; then the kitty.
- ``henan`` later hands with no declaration during the deal: the opponents,
  in turn order from the seat after the dealer, may declare once; the
  first declaration wins and makes its declarer dealer at their own team's
  level.  If trump then comes from the kitty's third card there is no
  declaration to overturn, so there is no 炒底 round.
- ``henan`` 炒底: the round starts with the dealer and goes on after every
  overturn (and its bury) from the seat after the overturner, until four
  passes in a row; the dealer still leads the first trick.
- R-H-RIOT: the window is offered only to attackers under the threshold;
  a redeal after a riot keeps the dealer, so it follows the later-hand
  declaring rules even in the first hand of a match.
- ``tractor``: declarations only during the deal; a bot is asked when it
  receives a card that can declare and whenever the standing declaration
  changes.
- ``wusaner``: a face-down tractor is consecutive natural ranks of one suit
  (seed 004's ♥44 55); the declarer must take back every discard of the
  secret suit; when the declarer is off stage, the stage player who did not
  take the kitty last time takes it (the one after the declarer in turn
  order if the stage team never took it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final

from solver.cards import RANK_NAMES, Card, format_cards
from solver.game.declare import (
    Declaration,
    candidates_henan,
    candidates_tractor,
    candidates_wusaner,
    parse_henan,
    parse_tractor,
    parse_wusaner,
)
from solver.game.errors import GameError, GameReason
from solver.game.state import HandState, Phase, may_riot
from solver.rules import Rules
from solver.scoring import DEALERS_UP
from solver.trump import TRUMP, TrumpContext


def kitty_card(kitty: Sequence[Card]) -> tuple[Card, str | None]:
    """R-H-DECLARE, nobody declares in a later hand: the kitty's third card
    and the trump it names (a joker names no trump).

    >>> from solver.cards import parse_cards
    >>> card, trump = kitty_card(parse_cards("4C 9H SJ 6S")); str(card), trump
    ('SJ', None)
    """
    if len(kitty) < 3:
        raise GameError("the kitty needs at least three cards", code="game.kitty.too_small",
                        rule="R-H-DECLARE", count=len(kitty))
    card = kitty[2]
    return card, None if card.is_joker else card.suit


def rotate(dealer: int, outcome: str) -> int:
    """R-ROTATE: after a successful defence (``dealers_up``) the dealer's
    partner deals; otherwise the next player in turn order.

    >>> rotate(1, "dealers_up"), rotate(3, "swap")
    (3, 0)
    """
    return (dealer + 2) % 4 if outcome == DEALERS_UP else (dealer + 1) % 4


def _team(seat: int) -> int:
    return seat % 2


def _phase(hand: HandState) -> str:
    return hand.phase.value


class Flow:
    """Base policy: the common parts of the three flows."""

    name = ""
    #: A stage team (台上) holds the deal across hands and its players take
    #: the kitty in turn (wusaner, R-W-KITTY), instead of a dealer seat.
    stage = False
    declare_rule = "R-T-DECLARE"
    overturn_rule = "R-T-DECLARE"
    kitty_rule = "R-H-KITTY"

    def declare_level(self, hand: HandState, seat: int) -> int:
        return hand.level

    def parse_declaration(self, level: int, seat: int, cards: Sequence[Card]) -> Declaration:
        """Read shown cards as a declaration of this flow (the shape only)."""
        raise NotImplementedError

    def declaration_candidates(self, level: int, hand: Iterable[Card]) -> list[tuple[Card, ...]]:
        """Every card set ``hand`` could show (whether now is the moment is
        :meth:`check_declare`'s business)."""
        raise NotImplementedError

    def shown_cards(self, cards: Sequence[Card]) -> list[Card]:
        """What the other seats see of a declaration of ``cards``."""
        return list(cards)

    def may_open(self, card: Card, held: int, levels: Sequence[int]) -> bool:
        """Whether receiving ``card`` (now held ``held`` times) can open a
        declaration, with the teams at ``levels`` (a cheap filter for bots)."""
        return card.is_joker or card.rank in levels

    def check_first(self, decl: Declaration) -> None:
        """What a declaration needs when nothing stands yet (beyond its shape)."""
        return None

    def check_overturn(self, standing: Declaration, decl: Declaration,
                       earlier: Sequence[Declaration]) -> None:
        """Whether ``decl`` may overturn ``standing``; ``earlier`` is every
        declaration of the hand so far (``standing`` last)."""
        self._stronger(standing, decl)

    #: What this flow calls taking over the standing declaration, as its
    #: reasons' message ids say it: ``overturn`` (反主) or ``overcall`` (顶牌).
    overturn_word = "overturn"

    def declaration_kind(self, decl: Declaration) -> str:
        """The message id of the shape ``decl`` shows: what its strength
        ranks (``game.declare.kind.*``; a ``pairs`` count goes with it)."""
        raise NotImplementedError

    def _kind_params(self, decl: Declaration) -> dict[str, object]:
        """A declaration's cards, shape and face-down pairs, for its reasons."""
        return {"cards": format_cards(decl.cards), "kind": self.declaration_kind(decl),
                "pairs": len(decl.hidden) // 2}

    def declaration_reason(self, decl: Declaration) -> GameReason:
        """Why ``decl`` may open the declaring (its shape, named); raises the
        :class:`GameError` of :meth:`check_first` when it may not."""
        self.check_first(decl)
        return GameReason(self.declare_rule, "game.declare.why.valid", self._kind_params(decl))

    def overturn_reason(self, standing: Declaration, decl: Declaration,
                        earlier: Sequence[Declaration]) -> tuple[bool, GameReason]:
        """Whether ``decl`` overturns ``standing`` (:meth:`check_overturn`,
        the check a live hand makes) and why, either way: the two shapes
        compared (``game.declare.why.overturns``, ``….weaker``, ``….equal``;
        ``.overcall`` variants where the flow overcalls), else the rule that
        forbids it (the refusal's own reason).

        >>> from solver.cards import parse_cards as P
        >>> f = TractorFlow()
        >>> a, b = f.parse_declaration(2, 0, P("2H")), f.parse_declaration(2, 1, P("2S 2S"))
        >>> f.overturn_reason(a, b, [a])[1].code, f.overturn_reason(b, a, [b])[1].code
        ('game.declare.why.overturns', 'game.declare.why.weaker')
        """
        theirs = self._kind_params(standing)
        params = {**self._kind_params(decl), "standing": theirs["cards"],
                  "standing_kind": theirs["kind"], "standing_pairs": theirs["pairs"]}
        suffix = "" if self.overturn_word == "overturn" else "." + self.overturn_word
        try:
            self.check_overturn(standing, decl, earlier)
        except GameError as err:
            if err.code != "game.declare.not_stronger":
                return False, err.reason
            verdict = "equal" if decl.strength == standing.strength else "weaker"
            return False, GameReason(err.rule, f"game.declare.why.{verdict}{suffix}", params)
        return True, GameReason(self.overturn_rule, f"game.declare.why.{self.overturn_word}s", params)

    def check_declare(self, hand: HandState, decl: Declaration) -> None:
        raise NotImplementedError

    def check_seat(self, hand: HandState, seat: int) -> None:
        """The part of :meth:`check_declare` that depends on the seat alone:
        raises when no declaration of ``seat`` may be made now, whatever its
        cards (what :meth:`Hand.declaration_options` asks before listing)."""
        return None

    def next_dealer(self, dealer: int, outcome: str, stage_team: int,
                    last_taker: Mapping[int, int]) -> int | None:
        """Who deals the next hand after ``dealer`` dealt one that ended in
        ``outcome`` (R-ROTATE); ``stage_team`` is the next hand's dealer team and
        ``last_taker`` each team's last dealer."""
        return rotate(dealer, outcome)

    def on_declare(self, hand: HandState, decl: Declaration) -> None:
        return None

    def end_deal(self, hand: HandState) -> None:
        raise NotImplementedError

    def end_window(self, hand: HandState, phase: str) -> None:
        raise NotImplementedError

    def check_bury(self, hand: HandState, seat: int, cards: Sequence[Card]) -> None:
        return None

    def after_bury(self, hand: HandState, seat: int) -> None:
        assert hand.dealer is not None
        hand.start_play(hand.dealer)

    def check_reclaim(self, hand: HandState, seat: int, cards: Sequence[Card]) -> None:
        raise GameError("no reclaiming in this flow", code="game.phase.wrong", rule="phase",
                        phase=_phase(hand))

    def after_reclaim(self, hand: HandState) -> None:
        raise NotImplementedError

    # shared helpers

    def _stronger(self, standing: Declaration, decl: Declaration) -> None:
        """An overturn must be strictly stronger than the standing declaration."""
        if decl.strength <= standing.strength:
            raise GameError("an overturn must be strictly stronger than the standing declaration",
                            code="game.declare.not_stronger", rule=self.overturn_rule,
                            cards=format_cards(decl.cards), standing=format_cards(standing.cards),
                            strength=decl.strength, needed=standing.strength + 1)


class HenanFlow(Flow):
    """R-H-DECLARE, R-H-OVERTURN (反主反打 / 反主炒底), R-H-RIOT, R-H-KITTY."""

    name = "henan"
    declare_rule = "R-H-DECLARE"

    def parse_declaration(self, level: int, seat: int, cards: Sequence[Card]) -> Declaration:
        return parse_henan(level, seat, cards)

    def declaration_candidates(self, level: int, hand: Iterable[Card]) -> list[tuple[Card, ...]]:
        return candidates_henan(level, hand)
    overturn_rule = "R-H-OVERTURN"

    def declaration_kind(self, decl: Declaration) -> str:
        # R-H-DECLARE: strengths 0-3
        return "game.declare.kind." + ("level_joker", "level_pair_joker", "small_jokers",
                                       "big_jokers")[decl.strength]

    @staticmethod
    def first(hand: HandState) -> bool:
        """抢报: the first hand of a match, dealer not yet known."""
        return hand.setup.dealer is None

    def declare_level(self, hand: HandState, seat: int) -> int:
        # Whoever would become dealer declares with their own team's level.
        if hand.dealer is None or (hand.phase.value == "bid" and hand.standing is None):
            return hand.setup.team_levels[_team(seat)]
        return hand.level

    def check_overturn(self, standing: Declaration, decl: Declaration,
                       earlier: Sequence[Declaration]) -> None:
        self._stronger(standing, decl)
        original = earlier[0] if earlier else standing
        if decl.seat == original.seat and all(d.seat == original.seat for d in earlier):
            raise GameError("the original declarer may overturn only after someone else has",
                            code="game.declare.original_waits", rule="R-H-OVERTURN",
                            seat=decl.seat)

    def check_first(self, decl: Declaration) -> None:
        if decl.trump is None:
            # Seed 001: 常主不可进行报主. A joker pair is never a first
            # declaration, 抢报 or an opponent's after-deal declaration;
            # it only overturns a standing one (R-H-OVERTURN).
            raise GameError("jokers alone never declare: a joker pair may only overturn",
                            code="game.declare.jokers_only_overturn", rule="R-H-DECLARE",
                            cards=format_cards(decl.cards))

    @staticmethod
    def _later_deal(hand: HandState, seat: int) -> None:
        """R-H-DECLARE, R-H-OVERTURN: during a later hand's deal only the
        dealer's team declares, and nobody overturns."""
        if hand.standing is not None:
            raise GameError("in later hands overturns come after the dealer buries (反主炒底)",
                            code="game.declare.overturn_after_bury", rule="R-H-OVERTURN")
        assert hand.dealer is not None
        if _team(seat) != _team(hand.dealer):
            raise GameError("during the deal only the dealer's team may declare",
                            code="game.declare.dealer_team_only", rule="R-H-DECLARE",
                            seat=seat)

    def check_seat(self, hand: HandState, seat: int) -> None:
        if _phase(hand) == "deal" and not self.first(hand):
            self._later_deal(hand, seat)

    def check_declare(self, hand: HandState, decl: Declaration) -> None:
        phase = _phase(hand)
        if hand.standing is None:
            self.check_first(decl)
        if phase == "deal":
            if self.first(hand):
                if hand.standing is not None:
                    self.check_overturn(hand.standing, decl, hand.declarations)
                return
            self._later_deal(hand, decl.seat)
            return
        if phase == "bid" and not self.first(hand):
            return  # the window holds only opponents; the first declaration wins
        if phase == "chaodi" and hand.standing is None:
            raise GameError("trump came from the kitty: there is no declaration to overturn",
                            code="game.declare.nothing_to_overturn", rule="R-H-OVERTURN")
        if hand.standing is not None:
            self.check_overturn(hand.standing, decl, hand.declarations)

    def on_declare(self, hand: HandState, decl: Declaration) -> None:
        phase = _phase(hand)
        if phase == "deal":
            if self.first(hand):
                hand.dealer = decl.seat  # 抢报, then 反主反打
            return
        if phase == "bid":
            hand.dealer = decl.seat
            if self.first(hand):
                hand.passes = 0
                hand.advance_turn()
            else:
                hand.turn = None
                self._fixed(hand)
            return
        # 反主炒底: new trump, the overturner takes the kitty and buries again.
        hand.set_trump(decl.trump)
        hand.start_bury(decl.seat)

    def end_deal(self, hand: HandState) -> None:
        if self.first(hand):
            if hand.standing is None:
                hand.end_void("no_declaration")
                return
            assert hand.dealer is not None
            hand.open_window(Phase.BID, [(hand.dealer + k) % 4 for k in range(1, 5)], 4)
            return
        assert hand.dealer is not None
        if hand.standing is not None:
            self._fixed(hand)
            return
        opponents = [(hand.dealer + k) % 4 for k in (1, 3)]
        hand.open_window(Phase.BID, opponents, 2)

    def end_window(self, hand: HandState, phase: str) -> None:
        if phase == "bid":
            if hand.standing is None:
                self._kitty_card(hand)
            self._fixed(hand)
        elif phase == "riot":
            assert hand.dealer is not None
            hand.start_bury(hand.dealer)
        elif phase == "chaodi":
            assert hand.dealer is not None
            hand.start_play(hand.dealer)

    def _kitty_card(self, hand: HandState) -> None:
        """Nobody declared: the kitty's third card names trump; the holder of
        its other copy becomes dealer (R-H-DECLARE)."""
        card, _trump = kitty_card(hand.kitty)
        holders = [s for s in range(4) if hand.count(s, card)]
        if holders:
            hand.dealer = holders[0]
        hand.note("kitty_card", hand.dealer, (card,))

    def _fixed(self, hand: HandState) -> None:
        """Trump is fixed: the riot window (R-H-RIOT), then the kitty."""
        standing = hand.standing
        trump = standing.trump if standing else kitty_card(hand.kitty)[1]
        hand.set_trump(trump)
        assert hand.dealer is not None
        rules = hand.rules
        if rules.riot and hand.setup.riots < rules.riot_max:
            rioters = [s for s in ((hand.dealer + 1) % 4, (hand.dealer + 3) % 4)
                       if may_riot(rules, hand.cards_of(s))]
            if rioters:
                hand.open_window(Phase.RIOT, rioters, len(rioters))
                return
        hand.start_bury(hand.dealer)

    def after_bury(self, hand: HandState, seat: int) -> None:
        assert hand.dealer is not None
        if self.first(hand) or hand.standing is None:
            hand.start_play(hand.dealer)
            return
        # 反主炒底 in turn order from the dealer; after an overturn and its
        # bury, the turn goes on from the player after the overturner.
        start = (seat + 1) % 4 if hand.chaodi_round else hand.dealer
        hand.chaodi_round = True
        hand.open_window(Phase.CHAODI, [(start + k) % 4 for k in range(4)], 4)


class TractorFlow(Flow):
    """R-T-DECLARE: declare during the deal; stronger declarations overturn."""

    name = "tractor"
    #: the dealer's burial is part of R-T-DECLARE (R-H-KITTY is 河南双升's)
    kitty_rule = "R-T-DECLARE"

    def parse_declaration(self, level: int, seat: int, cards: Sequence[Card]) -> Declaration:
        return parse_tractor(level, seat, cards)

    def declaration_candidates(self, level: int, hand: Iterable[Card]) -> list[tuple[Card, ...]]:
        return candidates_tractor(level, hand)

    def declaration_kind(self, decl: Declaration) -> str:
        # R-T-DECLARE: strengths 1-4
        return "game.declare.kind." + ("level_single", "level_pair", "small_jokers",
                                       "big_jokers")[decl.strength - 1]

    def declare_level(self, hand: HandState, seat: int) -> int:
        return hand.level

    def check_declare(self, hand: HandState, decl: Declaration) -> None:
        if _phase(hand) != "deal":
            raise GameError("declarations are made during the deal", code="game.phase.wrong",
                            rule="R-T-DECLARE", phase=_phase(hand))
        if hand.standing is not None:
            self.check_overturn(hand.standing, decl, hand.declarations)

    def check_overturn(self, standing: Declaration, decl: Declaration,
                       earlier: Sequence[Declaration]) -> None:
        if decl.seat == standing.seat:
            single = standing.cards[0]
            if not (standing.strength == 1 and decl.strength == 2 and decl.cards[0] == single
                    and all(d.seat == decl.seat for d in earlier)):
                raise GameError("a declarer may only turn their single into the pair of the "
                                "same card, before anyone overturns",
                                code="game.declare.own_strengthen", rule="R-T-DECLARE",
                                cards=format_cards(decl.cards))
            return
        self._stronger(standing, decl)

    def on_declare(self, hand: HandState, decl: Declaration) -> None:
        if hand.setup.dealer is None:
            hand.dealer = decl.seat

    def end_deal(self, hand: HandState) -> None:
        standing = hand.standing
        if standing is None and hand.setup.dealer is None:
            hand.end_void("no_declaration")
            return
        assert hand.dealer is not None
        hand.set_trump(standing.trump if standing else None)
        hand.start_bury(hand.dealer)

    def end_window(self, hand: HandState, phase: str) -> None:  # pragma: no cover - no windows
        raise AssertionError(phase)


def first_choice(plain: Callable[[Card], bool]) -> Callable[[Card], bool]:
    """R-W-KITTY: what a discard takes first: plain-suit cards without points."""
    return lambda c: plain(c) and not c.points


def _discard_tiers(rule: str, held: Sequence[Card], cards: Sequence[Card],
                   plain: Callable[[Card], bool]) -> None:
    """R-W-KITTY: plain-suit non-point cards first; lacking those, non-point
    cards; then any cards."""
    k = len(cards)
    tiers: tuple[tuple[Callable[[Card], bool], str, str], ...] = (
        (first_choice(plain), "game.kitty.discard_plain",
         "discard plain-suit cards without points while you have them"),
        (lambda c: not c.points, "game.kitty.discard_points",
         "discard cards without points while you have them"),
    )
    for pred, code, text in tiers:
        have = sum(1 for c in held if pred(c))
        put = sum(1 for c in cards if pred(c))
        if put < min(k, have):
            raise GameError(text, code=code, rule=rule, need=min(k, have), given=put,
                            cards=format_cards(cards),
                            wrong=format_cards([c for c in cards if not pred(c)]))


class WusanerFlow(Flow):
    """R-W-DECLARE, R-W-OVERCALL (顶牌, once), R-W-KITTY (揭牌 and reclaim)."""

    name = "wusaner"
    stage = True

    def parse_declaration(self, level: int, seat: int, cards: Sequence[Card]) -> Declaration:
        return parse_wusaner(level, seat, cards)

    def may_open(self, card: Card, held: int, levels: Sequence[int]) -> bool:
        # a joker shows with a face-down pair (R-W-DECLARE)
        return card.is_joker or held >= 2

    def shown_cards(self, cards: Sequence[Card]) -> list[Card]:
        # R-W-DECLARE: the joker is shown, the pair stays face down
        return [c for c in cards if c.is_joker]

    def declaration_candidates(self, level: int, hand: Iterable[Card]) -> list[tuple[Card, ...]]:
        return candidates_wusaner(level, hand)
    declare_rule = "R-W-DECLARE"
    overturn_rule = "R-W-OVERCALL"
    kitty_rule = "R-W-KITTY"
    overturn_word = "overcall"

    def declaration_kind(self, decl: Declaration) -> str:
        # R-W-DECLARE / R-W-OVERCALL: a joker and its face-down pairs (the strength)
        return "game.declare.kind.joker_pairs"

    def check_declare(self, hand: HandState, decl: Declaration) -> None:
        self.check_seat(hand, decl.seat)
        if hand.standing is None:
            self.check_first(decl)
        else:
            self.check_overturn(hand.standing, decl, hand.declarations)

    def check_seat(self, hand: HandState, seat: int) -> None:
        if _phase(hand) != "deal":
            raise GameError("declarations are made during the deal", code="game.phase.wrong",
                            rule="R-W-DECLARE", phase=_phase(hand))
        if hand.standing is not None:
            self._may_overcall(hand.standing, seat, hand.declarations)

    def check_first(self, decl: Declaration) -> None:
        if decl.joker != "SJ":
            raise GameError("declare with the small joker (亮牌)",
                            code="game.declare.wusaner_small_joker", rule="R-W-DECLARE")

    @staticmethod
    def _may_overcall(standing: Declaration, seat: int, earlier: Sequence[Declaration]) -> None:
        """R-W-OVERCALL: one overcall per hand, never by the declarer."""
        if len(earlier) >= 2:
            raise GameError("only one overcall per hand", code="game.declare.overcall_once",
                            rule="R-W-OVERCALL")
        if seat == standing.seat:
            raise GameError("the declarer cannot overcall themselves",
                            code="game.declare.overcall_self", rule="R-W-OVERCALL")

    def check_overturn(self, standing: Declaration, decl: Declaration,
                       earlier: Sequence[Declaration]) -> None:
        self._may_overcall(standing, decl.seat, earlier)
        if decl.joker != "BJ" or decl.strength < 2:
            raise GameError("overcall with the big joker and a same-suit tractor (顶牌)",
                            code="game.declare.overcall_shape", rule="R-W-OVERCALL")
        self._stronger(standing, decl)

    def end_deal(self, hand: HandState) -> None:
        final = hand.standing
        if final is None:
            hand.end_void("no_declaration")
            return
        stage = hand.setup.stage_team
        if stage is None:
            stage = _team(final.seat)  # first hand: the (over)caller's team takes the stage
        if _team(final.seat) == stage:
            taker = (final.seat + 2) % 4
        elif hand.setup.dealer is not None and _team(hand.setup.dealer) == stage:
            taker = hand.setup.dealer
        else:
            taker = (final.seat + 1) % 4
        hand.stage_team = stage
        hand.dealer = taker
        hand.kitty_taker = taker
        hand.note("stage", taker, note=str(stage))
        hand.start_bury(taker)

    def end_window(self, hand: HandState, phase: str) -> None:  # pragma: no cover - no windows
        raise AssertionError(phase)

    @staticmethod
    def known_trump(rules: Rules, level: int) -> Callable[[Card], bool]:
        """What everyone knows is trump before the reveal: jokers, level and fixed ranks."""
        fixed = set(rules.fixed_trump_ranks) | {level}
        return lambda c: c.is_joker or c.rank in fixed

    @classmethod
    def discard_reason(cls, rules: Rules, level: int, card: Card) -> tuple[bool, GameReason]:
        """R-W-KITTY (揭牌): whether the kitty taker discards ``card`` first
        (:meth:`bury_first`) and why: a joker, a level card or a fixed rank
        is trump everyone knows (R-W-FIXED), a point card scores, else it is
        a plain card without points.

        >>> from solver.rules import preset
        >>> from solver.cards import Card
        >>> [WusanerFlow.discard_reason(preset("wusaner"), 14, Card.parse(c))[1].code
        ...  for c in ("AH", "5D", "KS", "4C")]
        ['game.kitty.why.level', 'game.kitty.why.fixed', 'game.kitty.why.points', 'game.kitty.why.plain']
        """
        first = cls.bury_first(rules, level)(card)
        params: dict[str, object] = {"card": str(card)}
        if card.is_joker:
            code = "joker"
        elif card.rank == level:
            code = "level"
        elif card.rank in rules.fixed_trump_ranks:
            code = "fixed"
            params["ranks"] = [RANK_NAMES[r] for r in rules.fixed_trump_ranks]
        elif card.points:
            code = "points"
            params["points"] = card.points
        else:
            code = "plain"
        return first, GameReason("R-W-KITTY", f"game.kitty.why.{code}", params)

    @classmethod
    def bury_first(cls, rules: Rules, level: int) -> Callable[[Card], bool]:
        """R-W-KITTY (揭牌): the cards the kitty taker discards first, as far
        as the taker can tell: not known trump, no points."""
        known = cls.known_trump(rules, level)
        return first_choice(lambda c: not known(c))

    def next_dealer(self, dealer: int, outcome: str, stage_team: int,
                    last_taker: Mapping[int, int]) -> int | None:
        """R-W-KITTY: the stage player who did not take the kitty last time
        (None: the stage team never took it, the declaring decides)."""
        prev = last_taker.get(stage_team)
        return (prev + 2) % 4 if prev is not None else None

    def check_bury(self, hand: HandState, seat: int, cards: Sequence[Card]) -> None:
        known = self.known_trump(hand.rules, hand.level)
        _discard_tiers("R-W-KITTY", hand.cards_of(seat), cards, lambda c: not known(c))

    def after_bury(self, hand: HandState, seat: int) -> None:
        final = hand.standing
        assert final is not None
        back = tuple(c for c in hand.kitty if not c.is_joker and c.suit == final.trump)
        if not back:
            self._reveal(hand)
            return
        for c in back:
            hand.kitty.remove(c)
        hand.give(final.seat, back)
        hand.take_back = back
        hand.note("take_back", final.seat, back)
        hand.phase = Phase.RECLAIM
        hand.turn = final.seat

    def check_reclaim(self, hand: HandState, seat: int, cards: Sequence[Card]) -> None:
        final = hand.standing
        assert final is not None
        ctx = TrumpContext(hand.rules, hand.level, final.trump)
        _discard_tiers("R-W-KITTY", hand.cards_of(seat), cards, lambda c: ctx.suit_of(c) != TRUMP)

    def after_reclaim(self, hand: HandState) -> None:
        self._reveal(hand)

    def _reveal(self, hand: HandState) -> None:
        final = hand.standing
        assert final is not None and hand.kitty_taker is not None
        hand.note("reveal", final.seat, final.hidden)
        hand.set_trump(final.trump)
        hand.start_play(hand.kitty_taker)


FLOWS: Final[dict[str, Flow]] = {f.name: f for f in (HenanFlow(), TractorFlow(), WusanerFlow())}


def flow_for(rules: Rules) -> Flow:
    """The flow ``rules.flow`` names (R-OPT)."""
    return _named(rules.flow)


def parse_declaration(flow: str, level: int, seat: int, cards: Sequence[Card]) -> Declaration:
    """Read shown cards as a declaration of the flow named ``flow``."""
    return _named(flow).parse_declaration(level, seat, cards)


def declaration_candidates(flow: str, level: int, hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every card set ``hand`` could show in the flow named ``flow``."""
    return _named(flow).declaration_candidates(level, hand)


def _named(flow: str) -> Flow:
    try:
        return FLOWS[flow]
    except KeyError:
        raise GameError(f"no game flow {flow!r}", code="game.flow.unknown", rule="R-OPT",
                        flow=flow) from None
