"""A fitted estimate of the attackers' points still to come (issue 6).

The sampled search (:mod:`solver.search.pimc`) finishes the current trick
exactly on each sampled deal and then needs a quick estimate of the rest of
the hand.  :class:`Learned` gives it from the four hands (all known on a
sampled deal):

    z     = bias + lead · (±1, who leads next)
            + Σ_cards ±w[category]         (+ for an attacker's card, − for a dealer's)
            + void · (attackers' ruffing voids − dealers')
    share = 1 / (1 + e^(−z))
    rest  = share · points left + own · (attackers' points in hand − dealers')
            + kitty · kitty points · share²

A card's category is fixed when the estimate is built (the root of a
search): a trump by its rank among the trumps still out (the best, the
second, 3rd–4th, 5th–8th, lower) plus a bonus when it is one of a pair in
its holder's hand; a plain card as the top, the second or a lower card of
its suit, plus a pair bonus.  A ruffing void is a plain suit a seat lacks
while it still holds trumps.  A leaf subtracts the cards played since the
root and recounts the voids of the seats that played.

The weights are data (``static_params.json``), fitted per rule preset by
``python -m tools.fit_static`` on hands of four baseline bots: for every
trick boundary, the four hands and the attackers' actual points from
there on (kitty bonus included).  The fit, its error and the error of the
older hand-set estimate are recorded in ``docs/SEARCH.md``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from solver.search.model import POINTS, Hands, Play, Table

#: Feature names inside the logistic, in the order of :attr:`Params.weights`.
FEATURES: tuple[str, ...] = (
    "bias", "lead", "t0", "t1", "t2", "t3", "t4", "tpair", "p0", "p1", "p2", "ppair", "void")
TRUMP_TIERS = (0, 1, 2, 2, 3, 3, 3, 3)  # rank among trumps out -> tier (rank ≥ 8: tier 4)


@dataclass(frozen=True, slots=True)
class Params:
    weights: tuple[float, ...]  # one per FEATURES
    own: float
    kitty: float

    @classmethod
    def from_json(cls, d: dict[str, object]) -> Params:
        w = d["weights"]
        assert isinstance(w, dict)
        return cls(tuple(float(w[n]) for n in FEATURES), float(d["own"]),  # type: ignore[arg-type]
                   float(d["kitty"]))  # type: ignore[arg-type]

    def to_json(self) -> dict[str, object]:
        return {"weights": dict(zip(FEATURES, self.weights, strict=True)), "own": self.own,
                "kitty": self.kitty}


@cache
def _table() -> dict[str, Params]:
    text = resources.files("solver.search").joinpath("static_params.json").read_text("utf-8")
    raw = json.loads(text)
    return {name: Params.from_json(p) for name, p in raw["presets"].items()}


def params_for(rules_name: str) -> Params:
    """The fitted weights of a preset (``default`` for other rule sets)."""
    table = _table()
    return table.get(rules_name) or table["default"]


def categories(table: Table, hands: Hands) -> tuple[list[int], list[bool]]:
    """Per face index 0..53: category (index into FEATURES, 2..10) of each
    card held, and whether a pair of it is held by one seat."""
    suit, pos = table.suit, table.pos
    out = [-1] * 54
    pair = [False] * 54
    by_suit: dict[int, set[int]] = {}
    for h in hands:
        prev = -1
        for f in h:
            by_suit.setdefault(suit[f], set()).add(pos[f])
            if f == prev:
                pair[f] = True
            prev = f
    rank: dict[tuple[int, int], int] = {}
    for s, ps in by_suit.items():
        for i, p in enumerate(sorted(ps, reverse=True)):
            rank[(s, p)] = i
    for h in hands:
        for f in h:
            r = rank[(suit[f], pos[f])]
            if suit[f] == 0:
                out[f] = 2 + (TRUMP_TIERS[r] if r < len(TRUMP_TIERS) else 4)
            else:
                out[f] = 8 + min(r, 2)
    return out, pair


def feature_row(table: Table, hands: Hands, dealer: int, leader: int) -> tuple[list[float], int, int]:
    """The logistic's features at a trick boundary (for fitting), the points
    left in the hands, and attackers' minus dealers' points in hand."""
    cat, pair = categories(table, hands)
    x = [0.0] * len(FEATURES)
    x[0] = 1.0
    x[1] = 1.0 if (leader - dealer) % 2 == 1 else -1.0
    left = 0
    diff = 0
    for s, h in enumerate(hands):
        sign = 1.0 if (s - dealer) % 2 == 1 else -1.0
        for f in h:
            x[cat[f]] += sign
            if pair[f]:
                x[7 if table.suit[f] == 0 else 11] += sign
            left += POINTS[f]
            diff += int(sign) * POINTS[f]
        x[12] += sign * _voids(table, h)
    return x, left, diff


def _voids(table: Table, hand: Sequence[int]) -> int:
    suits = {table.suit[f] for f in hand}
    return (4 - len(suits - {0})) if 0 in suits else 0


class Learned:
    """The fitted estimate for one sampled deal; built at the search's root."""

    __slots__ = ("dealer", "kp", "p", "card_w", "pair_w", "z0", "left", "own", "counts",
                 "voids", "suit", "paired")

    def __init__(self, table: Table, hands: Hands, dealer: int, kitty_points: int,
                 params: Params | None = None) -> None:
        p = params or params_for(table.ctx.rules.name)
        self.p = p
        self.dealer = dealer
        self.kp = kitty_points
        self.suit = table.suit
        w = p.weights
        cat, _ = categories(table, hands)
        self.card_w = [w[c] if c >= 0 else 0.0 for c in cat]
        self.pair_w = [w[7] if table.suit[f] == 0 else w[11] for f in range(54)]
        self.paired = [tuple(f for f in set(h) if h.count(f) == 2) for h in hands]
        z = w[0]
        left = 0
        own = 0
        counts: list[list[int]] = []
        voids: list[int] = []
        for s, h in enumerate(hands):
            sign = 1 if (s - dealer) % 2 == 1 else -1
            c = [0] * 5
            for f in h:
                z += sign * self.card_w[f]
                left += POINTS[f]
                own += sign * POINTS[f]
                c[self.suit[f]] += 1
            for f in self.paired[s]:
                z += sign * 2 * self.pair_w[f]
            v = c[1:].count(0) if c[0] else 0
            z += sign * w[12] * v
            counts.append(c)
            voids.append(v)
        self.z0, self.left, self.own, self.counts, self.voids = z, left, own, counts, voids

    def rest(self, leader: int, played: Sequence[tuple[int, Play]]) -> float:
        """Estimate at a trick boundary with ``leader`` to lead, after the
        ``(seat, play)`` pairs played since the root."""
        w = self.p.weights
        dealer = self.dealer
        z = self.z0 + (w[1] if (leader - dealer) % 2 == 1 else -w[1])
        left, own = self.left, self.own
        counts: dict[int, list[int]] = {}
        for seat, play in played:
            sign = 1 if (seat - dealer) % 2 == 1 else -1
            c = counts.get(seat)
            before = self.voids[seat]
            if c is None:
                c = counts[seat] = list(self.counts[seat])
            else:
                before = c[1:].count(0) if c[0] else 0
            for f in play:
                z -= sign * self.card_w[f]
                pts = POINTS[f]
                left -= pts
                own -= sign * pts
                c[self.suit[f]] -= 1
            for f in self.paired[seat]:
                if f in play:
                    z -= sign * 2 * self.pair_w[f]
            v = c[1:].count(0) if c[0] else 0
            z += sign * w[12] * (v - before)
        share = 1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0
        return share * left + self.p.own * own + self.p.kitty * self.kp * share * share
