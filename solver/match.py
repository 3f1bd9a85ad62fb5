"""Levels across hands (R-LEVELS, R-MATCH).

Each team has a level; the dealer (stage, 台上) team plays its own level.

>>> from solver.rules import preset
>>> m = MatchState.start(preset("wusaner"), dealer_team=0)
>>> m = m.after_hand(40); m.level_name(0), m.dealer_team
('3', 0)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from solver.cards import RANK_NAMES
from solver.rules import LevelTable, Rules
from solver.scoring import ATTACKERS_UP, DEALERS_UP, level_outcome


@dataclass(frozen=True, slots=True)
class MatchState:
    """``levels[t]`` is an index into ``rules.level_sequence`` for team t."""

    rules: Rules
    levels: tuple[int, int]
    dealer_team: int
    winner: int | None = None

    @classmethod
    def start(cls, rules: Rules, dealer_team: int = 0) -> MatchState:
        return cls(rules, (0, 0), dealer_team)

    def level_rank(self, team: int) -> int:
        return self.rules.level_sequence[self.levels[team]]

    def level_name(self, team: int) -> str:
        return RANK_NAMES[self.level_rank(team)]

    @property
    def current_level(self) -> int:
        """The rank played this hand: the dealer team's level."""
        return self.level_rank(self.dealer_team)

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def after_hand(self, total: int) -> MatchState:
        """Apply a hand's attackers' total (R-LEVELS) and R-MATCH."""
        if self.finished:
            return self
        outcome, gained = level_outcome(self.rules, total)
        dealers = self.dealer_team
        last = len(self.rules.level_sequence) - 1
        if outcome == DEALERS_UP and self.levels[dealers] == last and \
                self.rules.level_table == LevelTable.STANDARD:
            # henan/tractor: a successful defence at A wins the match.
            return dataclasses.replace(self, winner=dealers)
        up_team = dealers if outcome == DEALERS_UP else 1 - dealers
        new_dealer = dealers if outcome == DEALERS_UP else 1 - dealers
        levels = list(self.levels)
        target = levels[up_team] + (gained if outcome in (DEALERS_UP, ATTACKERS_UP) else 0)
        winner = None
        if target > last:
            if self.rules.level_table == LevelTable.STANDARD:
                target = last  # must still defend at A
            elif self.rules.wusaner_cycle:
                target %= len(self.rules.level_sequence)
            else:
                winner = up_team
                target = last
        levels[up_team] = target
        return MatchState(self.rules, (levels[0], levels[1]), new_dealer, winner)
