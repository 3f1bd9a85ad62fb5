"""The end of a 升级 hand, term by term, from the engine's own scoring.

:func:`breakdown` reads a finished :class:`~solver.game.hand.Hand`: the
points each trick carried and which side took them (R-TRICK-POINTS), the
failed throws and their penalties as they happened (R-THROW-FAIL), the
kitty and its multiplier or why it did not count (R-KITTY), and the level
band of the rules that the total fell in (R-LEVELS) with the outcome the
engine decided.  Nothing here scores anew: every number is the engine's
(the trick records, :attr:`Hand.penalties`, :class:`HandResult`, the rules'
level bands); :meth:`Breakdown.adds_up` only checks that the parts make
the engine's total.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.game.hand import Hand, Phase
from solver.rules import LevelBand
from solver.scoring import level_outcome


@dataclass(frozen=True)
class PenaltyLine:
    """A failed throw (R-THROW-FAIL): in which trick (1-based; 0 when the
    record does not say), by whom, the points it gave the attackers and the
    share of the stake it costs."""

    trick: int
    seat: int
    points: int
    stake: float


@dataclass(frozen=True)
class TrickLine:
    """One trick: its number (1-based), winner, points, whether the
    attackers took them, and the attackers' running total after it
    (trick points and penalties so far)."""

    number: int
    winner: int
    points: int
    to_attackers: bool
    running: int


@dataclass(frozen=True)
class Breakdown:
    """A finished hand's score, term by term."""

    attackers: int
    tricks: tuple[TrickLine, ...]
    penalties: tuple[PenaltyLine, ...]
    #: Points the attackers / the defenders took in tricks.
    attacker_trick_points: int
    defender_trick_points: int
    penalty_points: int
    kitty_points: int
    #: 0 when the kitty did not count (the defenders won the last trick).
    multiplier: int
    kitty_bonus: int
    total: int
    #: The R-LEVELS band the total fell in: [low, high) points (high None: open).
    band_low: int
    band_high: int | None
    outcome: str
    levels: int

    @property
    def kitty_counted(self) -> bool:
        return self.multiplier > 0

    @property
    def floored(self) -> bool:
        """The parts add up below zero and the total is floored at 0 (R-POINTS)."""
        return self.attacker_trick_points + self.penalty_points + self.kitty_bonus < 0

    def adds_up(self) -> bool:
        """The parts make the engine's total."""
        return max(0, self.attacker_trick_points + self.penalty_points + self.kitty_bonus) == self.total


def _band(bands: tuple[LevelBand, ...], total: int) -> tuple[int, int | None]:
    low = 0
    for band in bands:
        if band.below is None or total < band.below:
            return low, band.below
        low = band.below
    raise AssertionError("the last level band is open")  # pragma: no cover


def breakdown(hand: Hand) -> Breakdown:
    """The breakdown of a finished hand; ValueError for one not finished."""
    res = hand.result
    if hand.phase != Phase.DONE or res is None:
        raise ValueError("the hand is not over")
    # When each failed throw happened: the tricks closed before its record.
    when: list[int] = []
    closed = 0
    for rec in hand.log:
        if rec.op == "trick":
            closed += 1
        elif rec.op == "throw_fail":
            when.append(closed + 1)
    penalties = tuple(PenaltyLine(when[i] if i < len(when) else 0, p.seat, p.points, p.stake)
                      for i, p in enumerate(res.penalties))
    tricks: list[TrickLine] = []
    running = 0
    for i, t in enumerate(hand.tricks, start=1):
        to_att = hand.is_attacker(t.winner)
        running += (t.points if to_att else 0) + sum(p.points for p in penalties if p.trick == i)
        tricks.append(TrickLine(i, t.winner, t.points, to_att, running))
    att = sum(t.points for t in tricks if t.to_attackers)
    low, high = _band(hand.rules.level_bands, res.total)
    outcome, levels = level_outcome(hand.rules, res.total)
    assert (outcome, levels) == (res.outcome, res.levels)
    return Breakdown(
        attackers=res.attackers, tricks=tuple(tricks), penalties=penalties,
        attacker_trick_points=att, defender_trick_points=sum(t.points for t in tricks) - att,
        penalty_points=res.penalty_points, kitty_points=res.kitty_points, multiplier=res.multiplier,
        kitty_bonus=res.kitty_points * res.multiplier, total=res.total, band_low=low, band_high=high,
        outcome=res.outcome, levels=res.levels)


__all__ = ["Breakdown", "PenaltyLine", "TrickLine", "breakdown"]
