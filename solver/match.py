"""Levels across hands (R-LEVELS, R-MATCH).

Each team has a level; the dealer (stage, 台上) team plays its own level.

>>> from solver.rules import preset
>>> m = MatchState.start(preset("wusaner"), dealer_team=0)
>>> m = m.after_hand(40); m.level_name(0), m.dealer_team
('3', 0)

:func:`match_steps` walks a match hand by hand and says what each hand did
and under which rule; :func:`first_divergence` finds the hand where a claim
about the match's end (a level, a stage team, a winner) parts from it.

>>> steps = match_steps(preset("wusaner"), [40, 80, 110], dealer_team=0)
>>> [(s.hand, s.event, s.after.level_name(s.after.dealer_team)) for s in steps]
[(1, 'up', '3'), (2, 'up', '4'), (3, 'swap', 'A')]
>>> first_divergence(steps, MatchClaim(level=4, dealer_team=0))
(2, 'stage')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from solver.cards import RANK_NAMES
from solver.rules import LevelTable, Rules
from solver.scoring import ATTACKERS_UP, DEALERS_UP, SWAP, level_outcome, outcome_totals


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


#: What a hand did to the levels (:attr:`MatchStep.event`): the stage team
#: went up (``up``), the teams swapped (``swap``), or swapped and the new
#: stage team went up (``swap_up``), all R-LEVELS; R-MATCH: a defence at A
#: won (``won``), a team reached A and must still defend there (``top``), or
#: would have gone past A and stays at A (``capped``), went past K and wrapped
#: round (``wrapped``) or went past K and won (``past_end``).
EVENTS = ("up", "swap", "swap_up", "won", "top", "capped", "wrapped", "past_end")


@dataclass(frozen=True, slots=True)
class MatchStep:
    """One hand of a match: the attackers' ``total``, the outcome and levels
    it gives (R-LEVELS, with the band of totals that gives them), the states
    before and after, and what happened under which rule."""

    hand: int                    # 1 for the first hand
    total: int
    outcome: str
    gained: int
    band: tuple[int, int | None]  # the totals giving this outcome and gain
    before: MatchState
    after: MatchState
    up_team: int                 # the team whose level the outcome moves (the new stage team)
    event: str
    rule: str

    @property
    def level_event(self) -> str:
        """What R-LEVELS made of the total: ``up``, ``swap`` or ``swap_up``."""
        return {DEALERS_UP: "up", SWAP: "swap"}.get(self.outcome, "swap_up")


def _event(rules: Rules, before: MatchState, after: MatchState, outcome: str,
           gained: int, up_team: int) -> tuple[str, str]:
    """What ``after_hand`` did, read from the states (R-LEVELS, R-MATCH)."""
    last = len(rules.level_sequence) - 1
    standard = rules.level_table == LevelTable.STANDARD
    if after.winner is not None and outcome == DEALERS_UP and standard:
        return "won", "R-MATCH"
    if after.winner is not None:
        return "past_end", "R-MATCH"
    moved = before.levels[up_team] + (gained if outcome != SWAP else 0)
    if moved > last and standard:
        return "capped", "R-MATCH"
    if moved > last:
        return "wrapped", "R-MATCH"
    if standard and outcome != SWAP and after.levels[up_team] == last:
        return "top", "R-MATCH"
    return {DEALERS_UP: "up", SWAP: "swap", ATTACKERS_UP: "swap_up"}[outcome], "R-LEVELS"


def match_steps(rules: Rules, totals: list[int], dealer_team: int = 0) -> list[MatchStep]:
    """The match hand by hand (R-LEVELS, R-MATCH): each hand's state comes
    from :meth:`MatchState.after_hand`; hands after the match is won are
    not played."""
    state = MatchState.start(rules, dealer_team)
    steps: list[MatchStep] = []
    for hand, total in enumerate(totals, 1):
        if state.finished:
            break
        outcome, gained = level_outcome(rules, total)
        after = state.after_hand(total)
        up_team = state.dealer_team if outcome == DEALERS_UP else 1 - state.dealer_team
        band = outcome_totals(rules, outcome, gained) or (total, total)
        event, rule = _event(rules, state, after, outcome, gained, up_team)
        steps.append(MatchStep(hand, total, outcome, gained, band, state, after, up_team, event, rule))
        state = after
    return steps


@dataclass(frozen=True, slots=True)
class MatchClaim:
    """What a learner says of a match's end: the ``level`` (a rank) the stage
    team plays, the stage team, and (when ``says_winner``) the winner."""

    level: int | None = None
    dealer_team: int | None = None
    winner: int | None = None
    says_winner: bool = False


def first_divergence(steps: list[MatchStep], claim: MatchClaim) -> tuple[int, str] | None:
    """The index of the hand where ``claim`` parts from the match, and what
    it gets wrong there (``won``: a team won; ``not_won``: nobody has;
    ``stage``: the stage team; ``level``: the level); None when it holds.

    The level is wrong at the hand after the last one that ended at the
    claimed level (the claim stopped counting there), else at the hand that
    went past it, else at the last hand."""
    if not steps:
        return None
    end = steps[-1].after
    if claim.says_winner and claim.winner != end.winner:
        if end.winner is not None:
            return len(steps) - 1, "won"
        tops = [i for i, s in enumerate(steps) if s.event in ("top", "capped")]
        return (tops[-1] if tops else len(steps) - 1), "not_won"
    if claim.dealer_team is not None and claim.dealer_team != end.dealer_team:
        moved = [i for i, s in enumerate(steps) if s.after.dealer_team != s.before.dealer_team]
        return (moved[-1] if moved else len(steps) - 1), "stage"
    if claim.level is None or claim.level == end.current_level:
        return None
    # the level of the team the claim names (else of the stage team), hand by hand
    team = claim.dealer_team

    def level(state: MatchState) -> int:
        return state.levels[state.dealer_team if team is None else team]

    played = [level(steps[0].before)] + [level(s.after) for s in steps]
    sequence = steps[0].before.rules.level_sequence
    pos = sequence.index(claim.level) if claim.level in sequence else None
    seen = [j for j, p in enumerate(played) if p == pos]
    if seen and seen[-1] < len(steps):
        return seen[-1], "level"
    for i, s in enumerate(steps):
        if pos is not None and team in (None, s.up_team) \
                and s.before.levels[s.up_team] < pos < s.after.levels[s.up_team]:
            return i, "level"
    return len(steps) - 1, "level"
