"""End of hand: kitty bonus and level outcome (R-POINTS, R-KITTY, R-LEVELS).

>>> from solver.rules import preset
>>> level_outcome(preset("wusaner"), 40)
('dealers_up', 2)
>>> level_outcome(preset("henan"), 125)
('attackers_up', 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.cards import Card, points
from solver.errors import SolverError
from solver.rules import ATTACKERS_UP, DEALERS_UP, SWAP, KittyMultiplier, PenaltyKind, Rules
from solver.trump import TrumpContext
from solver.units import classify

__all__ = ["ATTACKERS_UP", "DEALERS_UP", "SWAP", "HandScore", "kitty_multiplier", "level_outcome",
           "outcome_totals", "score_hand"]


def kitty_multiplier(ctx: TrumpContext, last_lead: Sequence[Card]) -> int:
    """R-KITTY: the multiplier for the kitty's points when the attackers win
    the last trick led by ``last_lead``.

    ``unit``: single ×2, pair ×4, tractor of L pairs ×4·L; a throw counts its
    largest unit only.  ``cards``: 2 × cards per player.  ``flat``: ×2.
    """
    mode = ctx.rules.kitty_multiplier
    if mode == KittyMultiplier.FLAT:
        return 2
    if mode == KittyMultiplier.CARDS:
        return 2 * len(last_lead)
    lead = classify(ctx, last_lead)
    main = lead.main_unit
    if main is None or lead.suit is None:
        raise SolverError("the last lead is not a valid play", code="error.score.bad_last_lead")
    return 2 if main.length == 0 else 4 * main.length


def level_outcome(rules: Rules, total: int) -> tuple[str, int]:
    """R-LEVELS: (outcome, levels gained by the side that goes up), from the
    rules' level bands."""
    start = 0
    for band in rules.level_bands:
        if band.below is None or total < band.below:
            extra = (total - start) // band.step if band.step else 0
            return band.outcome, band.levels + max(0, extra)
        start = band.below
    raise AssertionError("the last level band is open")  # pragma: no cover


def outcome_totals(rules: Rules, outcome: str, levels: int | None = None,
                   most: int = 1000) -> tuple[int, int | None] | None:
    """R-LEVELS read backwards: the lowest and highest attackers' total
    (multiples of 5) that give ``outcome`` (and ``levels``, when given),
    by :func:`level_outcome`; the highest is None when every total from the
    lowest up to ``most`` gives it; None when no total does.

    >>> from solver.rules import preset
    >>> outcome_totals(preset("henan"), "dealers_up", 1), outcome_totals(preset("henan"), "swap")
    ((40, 75), (80, 115))
    """
    hits = [t for t in range(0, most + 1, 5)
            if (got := level_outcome(rules, t))[0] == outcome and levels in (None, got[1])]
    if not hits:
        return None
    return hits[0], None if hits[-1] == most else hits[-1]


@dataclass(frozen=True, slots=True)
class HandScore:
    total: int
    kitty_points: int
    multiplier: int
    outcome: str
    levels: int

    def to_json(self) -> dict[str, object]:
        return {"total": self.total, "outcome": self.outcome, "levels": self.levels,
                "kitty_points": self.kitty_points, "multiplier": self.multiplier}


#: Points in the two packs every Shengji preset plays with (R-POINTS: 5s, 10s, Ks).
PACK_POINTS = 200


def score_hand(ctx: TrumpContext, attacker_points: int, kitty: Sequence[Card],
               last_lead: Sequence[Card], attackers_won_last: bool) -> HandScore:
    """Attackers' total (trick points plus kitty bonus, floored at 0) and the outcome."""
    if attacker_points % 5:
        raise SolverError(f"attacker points must be a multiple of 5, not {attacker_points}",
                          code="error.score.bad_points", points=attacker_points)
    in_kitty = points(kitty)
    # Without a points penalty (R-THROW-FAIL: tractor's adds 10 a card taken
    # back), the attackers' points are cards won: with the kitty's, at most
    # the pack's.
    if ctx.rules.penalty_kind != PenaltyKind.POINTS and attacker_points + in_kitty > PACK_POINTS:
        raise SolverError(f"{attacker_points} points won and {in_kitty} in the kitty are more than "
                          f"the pack's {PACK_POINTS}", code="error.score.too_many_points",
                          points=attacker_points, kitty=in_kitty, limit=PACK_POINTS)
    bonus, mult = 0, 0
    if attackers_won_last:
        mult = kitty_multiplier(ctx, last_lead)
        bonus = points(kitty) * mult
    total = max(0, attacker_points + bonus)
    outcome, levels = level_outcome(ctx.rules, total)
    return HandScore(total, points(kitty), mult, outcome, levels)
