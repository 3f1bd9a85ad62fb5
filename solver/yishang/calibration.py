"""The chance of a bluff a learner is told, calibrated on the Play screen's
tables (issue 18).

The hint bot weighs a face-down claim by its play model
(:data:`solver.yishang.bots.BOT_MODEL`), whose priors were tuned to win:
it takes the table to bluff little until challenges show otherwise.  As a
probability told to a learner that is wrong: on the normal table (an
honest, a bluffer and a caller bot) the claims it called 0-10 % false were
false 26 % of the time, and the bluffer's 91 % of the time.  Within one
game a few challenges cannot tell who bluffs; the level of the table can,
and it is public (the learner chose it).

Definition.  For a table level ``L`` (:data:`TABLES`) and a claim that is
not sure (the counting chance ``pu`` below 1)::

    P(bluff) = σ(w_L · f),  f = [1, a, b, c, a²/5, b²/5, c²/5, a·c/5,
                                 jump ≤ 0, jump = 1, jump = 2, left ≤ 1, left ≤ 3]

where ``a`` is the logit of the hint bot's model chance (its model and its
table reads), ``b`` the logit of the same chance under the documented
default model (:data:`solver.yishang.odds.DEFAULT_MODEL`), ``c`` the logit
of ``pu`` (each clipped to [0.005, 0.995]), ``jump`` how far the declared
rank is above the target and ``left`` the claimer's cards after the play.
A claim the counting rules out (``pu`` = 1: no copy unseen, or below the
target) stays a sure bluff.

The risk of a challenge the hint tells for a bluff it recommends is
recalibrated the same way (:func:`calibrated_risk`): the bot's own estimate
was 5 % where a challenge came 42 % of the time on the normal table.

The weights ``w_L`` (``calibration.json``) are a logistic regression
(ridge 1.0) fitted by ``python bench/bench_yishang_calibration.py --fit``
on seeds 600000-600399 and reported on 700000-700399, which the fit never
saw (docs/SEARCH.md has the tables by decile).

At a table whose bots play differently (easy: two random bots and an
honest one; normal: honest, bluffer, caller) the table's intro tells the
learner who plays how, so each kind of bot has weights and a map of its
own (``"normal/honest"``, :func:`seat_key`), fitted on its claims alone:
the table's calibration told the honest seat's claims 35 % on average where
15 % were bluffs, and the bluffer's 54 % where 92 % were.

A logistic curve cannot bend the way the tables' bluffs do (at the strong
table the regression's 0-10 % came true 14 % of the time and its 30-40 %
26 %, on the games it was fitted on), so each chance then goes through a
monotone map fitted on the same games (:func:`remap`): the claims are
grouped by tenth of ``σ(w_L · f)``, each tenth of 100 claims or more is
a knot (its mean chance, its share of bluffs; a smaller tenth is joined to
the next), adjacent knots whose shares fall are pooled (pool
adjacent violators, weighted by claims), and a chance between two knots is
read off the line joining them; below the first knot the line from (0, 0),
above the last the line to (1, 1).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Final

#: The Play screen's tables: the bots of seats 1-3 for each level (names of
#: :func:`solver.yishang.bots.make_bot`).  The strong table was (hint,
#: caller, hint) until the seat right after the caller was found to win
#: nine games in ten (docs/SEARCH.md): three hint bots give a seat that
#: follows the hint its fair share and one that never lies less.
TABLES: Final = {"easy": ("random", "random", "honest"),
                 "normal": ("honest", "bluffer", "caller"),
                 "strong": ("hint", "hint", "hint")}

#: The fitted weights, one list per level (:func:`features` order).
WEIGHTS_FILE: Final = Path(__file__).with_name("calibration.json")
_CLIP: Final = 0.005


def _logit(p: float) -> float:
    p = min(max(p, _CLIP), 1.0 - _CLIP)
    return math.log(p / (1.0 - p))


def features(p_bot: float, p_default: float, p_uniform: float, jump: int, left: int) -> list[float]:
    """The vector ``f`` of the module docstring.

    >>> [round(x, 2) for x in features(0.5, 0.5, 0.5, 1, 4)]
    [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    """
    a, b, c = _logit(p_bot), _logit(p_default), _logit(p_uniform)
    return [1.0, a, b, c, a * a / 5, b * b / 5, c * c / 5, a * c / 5,
            float(jump <= 0), float(jump == 1), float(jump == 2),
            float(left <= 1), float(left <= 3)]


def risk_features(risk: float, jump: int, left: int, pile: int) -> list[float]:
    """The vector of the told risk of a challenge (:func:`calibrated_risk`):
    the logit ``r`` of the hint bot's own estimate, ``r²/5``, how far the
    declaration jumps above the target, the cards left after the play and
    the pile (with the card).

    >>> [round(x, 2) for x in risk_features(0.5, 0, 3, 5)]
    [1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    """
    r = _logit(risk)
    return [1.0, r, r * r / 5, float(jump <= 0), float(jump == 1), float(jump == 2),
            float(left == 0), float(left <= 2), pile / 5]


@functools.cache
def _data() -> dict[str, dict[str, tuple[float, ...]]]:
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    return {kind: {level: tuple(float(x) for x in w) for level, w in data[kind].items()}
            for kind in ("weights", "risk")}


@functools.cache
def _maps() -> dict[str, dict[str, tuple[tuple[float, float], ...]]]:
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    return {kind: {level: tuple((float(x), float(y)) for x, y in k)
                   for level, k in data.get(kind, {}).items()}
            for kind in ("chance_map", "risk_map")}


Knots = Sequence[tuple[float, float]]


def knots(pairs: Sequence[tuple[float, bool]], min_claims: int = 100) -> list[tuple[float, float]]:
    """The monotone map's knots (module docstring) from ``(chance, came
    true)`` pairs: a knot per tenth of the chance (a tenth of fewer than
    ``min_claims`` joined to the next, the last to the one before), falling
    neighbours pooled.

    >>> [(round(x, 3), round(y, 3)) for x, y in
    ...  knots([(0.05, False), (0.05, True), (0.15, False), (0.25, True)], 1)]
    [(0.083, 0.333), (0.25, 1.0)]
    >>> [(round(x, 3), round(y, 3)) for x, y in
    ...  knots([(0.05, False), (0.05, True), (0.15, False), (0.25, True)], 2)]
    [(0.05, 0.5), (0.2, 0.5)]
    """
    groups: dict[int, list[float]] = {}
    for p, y in pairs:
        g = groups.setdefault(min(9, int(p * 10)), [0.0, 0.0, 0.0])
        g[0] += p
        g[1] += float(y)
        g[2] += 1
    sized: list[list[float]] = []  # tenths with too few claims joined to the next
    for d in sorted(groups):
        if sized and sized[-1][2] < min_claims:
            sized[-1] = [a + b for a, b in zip(sized[-1], groups[d], strict=True)]
        else:
            sized.append(list(groups[d]))
    if len(sized) > 1 and sized[-1][2] < min_claims:
        last = sized.pop()
        sized[-1] = [a + b for a, b in zip(sized[-1], last, strict=True)]
    pooled: list[list[float]] = []
    for g in sized:
        pooled.append(g)
        while len(pooled) > 1 and pooled[-2][1] * pooled[-1][2] > pooled[-1][1] * pooled[-2][2]:
            last = pooled.pop()
            pooled[-1] = [a + b for a, b in zip(pooled[-1], last, strict=True)]
    return [(sp / n, sy / n) for sp, sy, n in pooled]


def remap(k: Knots, p: float) -> float:
    """``p`` read off the map of knots ``k`` (module docstring); no knots:
    ``p`` itself.

    >>> round(remap([(0.2, 0.1), (0.6, 0.7)], 0.4), 3), round(remap([(0.2, 0.1), (0.6, 0.7)], 0.1), 3)
    (0.4, 0.05)
    """
    if not k:
        return p
    pts = [*([(0.0, 0.0)] if k[0][0] > 0.0 else []), *k, *([(1.0, 1.0)] if k[-1][0] < 1.0 else [])]
    if p <= pts[0][0]:
        return pts[0][1]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if p <= x1:
            if p == x1 or x1 <= x0:
                return y1 if p == x1 else y0
            # the fraction first: (y1 - y0) * (p - x0) underflows to 0 for a
            # knot at the smallest float (hypothesis found one at 5e-324)
            return y0 + (y1 - y0) * ((p - x0) / (x1 - x0))
    return pts[-1][1]


def reload() -> None:
    """Read ``calibration.json`` again at the next use (after a fit wrote it)."""
    _data.cache_clear()
    _maps.cache_clear()


def weights() -> dict[str, tuple[float, ...]]:
    """The weights of the chance of a bluff, by level."""
    return _data()["weights"]


def risk_weights() -> dict[str, tuple[float, ...]]:
    """The weights of the risk of a challenge, by level."""
    return _data()["risk"]


def predict(w: Sequence[float], f: Sequence[float]) -> float:
    z = sum(wi * fi for wi, fi in zip(w, f, strict=True))
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def seat_key(table: str, seat: int | None) -> str:
    """The calibration a claim of ``seat`` (1-3, counted from the learner's
    seat 0 as :data:`TABLES` lists the bots) is read with: its own
    (``"normal/honest"``) at a table whose bots play differently, where the
    table's intro names who plays how; the table's otherwise."""
    bots = TABLES.get(table)
    if seat is None or bots is None or not 1 <= seat <= len(bots) or len(set(bots)) == 1:
        return table
    key = f"{table}/{bots[seat - 1]}"
    return key if key in weights() else table


def calibrated(table: str, p_bot: float, p_default: float, p_uniform: float, jump: int,
               left: int, seat: int | None = None) -> float:
    """The chance of a bluff to tell for a claim at a table of level
    ``table`` (module docstring), by the seat's own calibration when it has
    one (:func:`seat_key`); a sure bluff by counting stays sure."""
    if p_uniform >= 1.0:
        return 1.0
    key = seat_key(table, seat)
    w = weights().get(key)
    if w is None:
        raise ValueError(f"no calibration for the table {table!r}")
    p = predict(w, features(p_bot, p_default, p_uniform, jump, left))
    return remap(_maps()["chance_map"].get(key, ()), p)


def calibrated_risk(table: str, risk: float, jump: int, left: int, pile: int) -> float:
    """The chance that somebody challenges a face-down bluff the hint
    recommends at a table of level ``table``: the hint bot's own estimate
    (``risk``, what its choice weighed) recalibrated like the chance of a
    bluff, map included (fitted on 6,000 games a level from seed 600000,
    reported on 2,000 from 700000); a claim that cannot be challenged
    keeps 0."""
    if risk <= 0.0:
        return 0.0
    w = risk_weights().get(table)
    if w is None:
        raise ValueError(f"no calibration for the table {table!r}")
    p = predict(w, risk_features(risk, jump, left, pile))
    return remap(_maps()["risk_map"].get(table, ()), p)
