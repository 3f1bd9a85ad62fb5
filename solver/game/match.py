"""A match: hands in a row, levels per team, dealer or stage rotation.

:class:`Match` wraps :class:`solver.match.MatchState` (levels, R-LEVELS,
R-MATCH) and adds what a table needs between hands: who deals next
(R-ROTATE for ``henan``/``tractor``; the stage team and the next kitty
taker for ``wusaner``, R-W-KITTY), redeals (riots and hands nobody
declared), and the ledger of stake penalties (R-THROW-FAIL, ``henan``).

>>> from solver.rules import preset
>>> m = Match(preset("wusaner"))
>>> m.apply(stage_team=0, dealer=2, total=40); m.level_name(0), m.state.dealer_team
('3', 0)
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field

from solver.cards import RANK_NAMES, deck
from solver.game.errors import GameError
from solver.game.flows import flow_for
from solver.game.hand import Hand, HandResult, HandSetup, Phase
from solver.match import MatchState
from solver.rules import Rules
from solver.scoring import level_outcome

MAX_REDEALS = 1000


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """A stake movement: ``seat`` pays ``stake`` (a share of the base stake)."""

    hand: int
    seat: int
    stake: float
    reason: str = "throw_fail"


@dataclass
class Match:
    rules: Rules
    seed: int = 0
    state: MatchState = field(init=False)
    dealer: int | None = None          # the next hand's dealer (wusaner: the kitty taker due)
    hands_played: int = 0
    deals: int = 0                      # every deal, redeals included
    riots: int = 0                      # riots in a row (R-H-RIOT limit)
    voids_in_row: int = 0
    last_taker: dict[int, int] = field(default_factory=dict)
    ledger: list[LedgerEntry] = field(default_factory=list)
    results: list[HandResult] = field(default_factory=list)
    started: bool = False
    #: What :meth:`record` changed, to take the last recorded hand back (:meth:`unrecord`).
    _before: tuple[MatchState, int | None, int, bool, dict[int, int], int, int, int, int] | None = \
        field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.flow = flow_for(self.rules)
        self.state = MatchState.start(self.rules, 0)
        self.rng = random.Random(self.seed)

    # -- queries -------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def winner(self) -> int | None:
        return self.state.winner

    def level_rank(self, team: int) -> int:
        return self.state.level_rank(team)

    def level_name(self, team: int) -> str:
        return RANK_NAMES[self.level_rank(team)]

    # -- hands ---------------------------------------------------------------

    def next_setup(self) -> HandSetup:
        levels = (self.level_rank(0), self.level_rank(1))
        first_seat = self.dealer if self.dealer is not None else 0
        stage = self.state.dealer_team if self.started and self.flow.stage else None
        dealer = self.dealer if self.started or self.riots else None
        return HandSetup(self.rules, levels, dealer, stage, first_seat, self.riots,
                         self.hands_played)

    def new_hand(self) -> Hand:
        """Shuffle (seeded) and start the next hand."""
        if self.finished:
            raise GameError("the match is over", code="game.match.over", rule="R-MATCH")
        cards = deck()
        self.rng.shuffle(cards)
        self.deals += 1
        return Hand(self.next_setup(), cards)

    def record(self, hand: Hand) -> HandResult | None:
        """Take a finished hand into account; None for a redeal."""
        if hand.phase == Phase.REDEAL:
            self.voids_in_row += 1
            if self.voids_in_row > MAX_REDEALS:
                raise GameError("too many redeals in a row", code="game.match.redeals",
                                rule="R-H-RIOT")
            if hand.riot_seat is not None:
                self.riots += 1
                self.dealer = hand.dealer  # 暴动: the dealer stays
            return None
        if hand.phase != Phase.DONE or hand.result is None:
            raise GameError("the hand is not over", code="game.phase.wrong", rule="phase",
                            phase=hand.phase.value)
        res = hand.result
        self._before = (self.state, self.dealer, self.hands_played, self.started, dict(self.last_taker),
                        len(self.ledger), len(self.results), self.voids_in_row, self.riots)
        self.voids_in_row = 0
        self.riots = 0
        for p in res.penalties:
            if p.stake:
                self.ledger.append(LedgerEntry(self.hands_played, p.seat, p.stake))
        self.apply(res.defenders, res.dealer, res.total)
        self.results.append(res)
        return res

    def unrecord(self) -> bool:
        """Take back the last hand :meth:`record` took into account: its
        levels, the next dealer and its stake penalties (R-THROW-FAIL), as
        when a play of that hand is undone.  False when there is none."""
        if self._before is None:
            return False
        (self.state, self.dealer, self.hands_played, self.started, last_taker, ledger, results,
         self.voids_in_row, self.riots) = self._before
        self.last_taker = dict(last_taker)
        del self.ledger[ledger:]
        del self.results[results:]
        self._before = None
        return True

    def apply(self, stage_team: int, dealer: int, total: int) -> None:
        """Move levels and the deal after a hand where ``stage_team`` defended
        with ``dealer`` (wusaner: the kitty taker) and the attackers made ``total``."""
        before = dataclasses.replace(self.state, dealer_team=stage_team)
        self.state = before.after_hand(total)
        self.hands_played += 1
        self.started = True
        outcome_name, _ = level_outcome(self.rules, total)
        self.last_taker[stage_team] = dealer
        self.dealer = self.flow.next_dealer(dealer, outcome_name, self.state.dealer_team,
                                            self.last_taker)
