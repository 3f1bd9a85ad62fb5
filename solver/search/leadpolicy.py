"""A fitted model of the search bot's own leads (issue 18, item 3).

The bots read the other seats' play through the baseline's model
(:mod:`solver.search.opponent`): a sampled deal in which the baseline
would not have made a play counts that play as unexplained.  That is
right for the opponents of the bench (baseline bots) and for most of the
partner's follows, but a search bot's lead is the baseline's in only
about two leads of three (docs/SEARCH.md), so its other leads say little
through that model.  This module gives the chance of a lead instead:

    P(lead c | hand) = exp(w · x(c)) / Σ_c' exp(w · x(c'))

over the candidate leads of the hand (every unit of every suit as
:func:`solver.units.decompose_suit` splits it, every pair and every single
card held, and the baseline's own lead, which may be a throw), where ``x(c)`` are features of
the lead seen from the leader's seat (:data:`FEATURES`).  The weights are
data (``lead_policy.json``), fitted by ``python -m tools.fit_lead_policy``
on the leads search bots made in self-play against baseline bots.

The fit (:func:`~solver.search.opponent.misfit`) turns the chance into a
count like its others: ``lead_cost`` whole units of ``-log P`` (capped).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from importlib import resources

from solver.bits import Bits, split
from solver.cards import Card
from solver.throws import SuitHolding
from solver.trump import TRUMP, TrumpContext
from solver.units import decompose_suit

#: The features of a candidate lead, in the weights' order.
FEATURES = (
    "baseline",      # the baseline bot's lead from this hand
    "trump",         # a trump lead
    "pair",          # a pair or a tractor
    "long",          # three cards or more (a tractor or a throw)
    "beatable",      # a unit the unseen cards can beat (R-THROW-BEAT)
    "points",        # its points, in tens
    "lowest",        # its top is the lowest of the suit held (of its kind)
    "highest",       # its top is the highest of the suit held
    "length",        # cards of the suit held, in fives
    "empties",       # a plain lead of every card of the suit held
    "splits",        # a single card of a pair held
    "partner_void",  # a plain suit the partner has shown void in (no opponent has)
    "ruff_risk",     # a plain suit an opponent has shown void in, a trump unseen
    "unseen",        # cards of the suit unseen, in tens
    "trump_length",  # trumps held, in fives, for a trump lead
    "trump_defending",  # a trump lead by the dealers' side
    "beatable_pair",    # a pair or a tractor the unseen cards can beat
)

Facts = tuple[Bits, dict[int, set[str]], list[int], int, bool, bool, int]


def _suit_facts(ctx: TrumpContext, suit: str, held: int, facts: Facts
                ) -> tuple[int, int, int, int, bool, bool]:
    """What every lead of ``suit`` shares: its mask, the cards of it held,
    the unseen ones (bitsets), their number, and whether the suit is one the
    partner has shown void in (no opponent has) or an opponent could ruff."""
    unseen, voids, opps, partner, trump_unseen, _defending, _n = facts
    mask = ctx.suit_masks.get(suit, 0)
    once, twice = split(held & (mask | mask << 1))
    u_once, u_twice = unseen[0] & mask, unseen[1] & mask
    plain = suit != TRUMP
    opp_void = any(suit in voids.get(o, ()) for o in opps)
    p_void = plain and suit in voids.get(partner, ()) and not opp_void
    ruff = plain and trump_unseen and opp_void
    return (once.bit_count() + twice.bit_count(), u_once, u_twice,
            u_once.bit_count() + u_twice.bit_count(), p_void, ruff)


def _row(cards: Sequence[Card], is_base: bool, plain: bool, n_suit: int, n_unseen: int,
         p_void: bool, ruff: bool, defending: bool, beaten: bool, lowest: bool,
         highest: bool, split_pair: bool) -> list[float]:
    """The features of one candidate, in :data:`FEATURES` order."""
    return [float(is_base), float(not plain), float(len(cards) >= 2), float(len(cards) >= 3),
            float(beaten), sum(c.points for c in cards) / 10, float(lowest), float(highest),
            n_suit / 5, float(plain and len(cards) == n_suit), float(split_pair),
            float(p_void), float(ruff), n_unseen / 10, 0.0 if plain else n_suit / 5,
            float(not plain and defending), float(beaten and len(cards) >= 2)]


def candidates(ctx: TrumpContext, held: int, facts: Facts, base: Sequence[Card] | None
               ) -> list[tuple[tuple[int, ...], list[float]]]:
    """The candidate leads of the packed hand ``held`` (sorted face indices)
    with their features; ``facts`` are the baseline's lead facts for the
    seat (``BaselineBot._lead_facts``: unseen cards, voids shown, the
    opponents, the partner, whether a trump is unseen, ...), ``base`` the
    baseline's lead (added when it is not a unit, e.g. a throw)."""
    defending = facts[5]
    base_key = tuple(sorted(c.index for c in base)) if base else None
    out: list[tuple[tuple[int, ...], list[float]]] = []
    seen_keys: set[tuple[int, ...]] = set()
    for suit, mask in ctx.suit_masks.items():
        mine = held & (mask | mask << 1)
        if not mine:
            continue
        units = decompose_suit(ctx, suit, held)
        n_suit, u_once, u_twice, n_unseen, p_void, ruff = _suit_facts(ctx, suit, held, facts)
        holding = SuitHolding.of_bits(ctx, suit, u_once, u_twice)
        plain = suit != TRUMP
        singles = sorted({c for u in units for c in u.cards}, key=lambda c: (ctx.pos(c), c.index))
        low_single = ctx.pos(singles[0])
        high = ctx.pos(singles[-1])
        pairs = [u for u in units if u.length >= 1]
        low_pair = min((u.top for u in pairs), default=None)
        _, twice = split(mine)
        doubled = {c.index for c in singles if twice >> (2 * c.index) & 1}

        def add(cards: Sequence[Card], beaten: bool, lowest: bool, split_pair: bool) -> None:
            key = tuple(sorted(c.index for c in cards))
            if key in seen_keys:
                return
            seen_keys.add(key)
            top = max(ctx.pos(c) for c in cards)
            out.append((key, _row(cards, key == base_key, plain, n_suit, n_unseen, p_void, ruff,
                                  defending, beaten, lowest, top == high, split_pair)))

        for u in pairs:
            add(u.cards, holding.beats(u), u.top == low_pair, False)
        for c in singles:  # a pair out of a tractor
            if c.index in doubled:
                add((c, c), any(p > ctx.pos(c) for p in holding.pair_positions),
                    ctx.pos(c) == low_pair, False)
        for c in singles:
            add((c,), holding.top > ctx.pos(c), ctx.pos(c) == low_single, c.index in doubled)
    if base_key is not None and base and base_key not in seen_keys:
        # a throw (or another lead the units do not list): the baseline's own
        suit = ctx.suit_of(base[0])
        n_suit, _, _, n_unseen, p_void, ruff = _suit_facts(ctx, suit, held, facts)
        out.append((base_key, _row(base, True, suit != TRUMP, n_suit, n_unseen, p_void, ruff,
                                   defending, False, False, False, False)))
    return out


@cache
def weights() -> tuple[float, ...]:
    """The fitted weights (``lead_policy.json``), in :data:`FEATURES` order."""
    text = resources.files("solver.search").joinpath("lead_policy.json").read_text("utf-8")
    raw = json.loads(text)["weights"]
    return tuple(float(raw[name]) for name in FEATURES)


def log_chance(cands: Sequence[tuple[tuple[int, ...], list[float]]], want: tuple[int, ...],
               w: Sequence[float] | None = None) -> float | None:
    """``log P(want)`` under the model over ``cands`` (None: not a candidate)."""
    w = weights() if w is None else w
    scores = {key: sum(a * b for a, b in zip(w, x, strict=True)) for key, x in cands}
    if want not in scores:
        return None
    top = max(scores.values())
    z = top + math.log(sum(math.exp(s - top) for s in scores.values()))
    return scores[want] - z


def cost(lp: float | None, scale: float, cap: int) -> int:
    """The fit's count for a lead of log-chance ``lp``: whole units of
    ``-lp / scale``, at most ``cap`` (also for a lead the candidates do not
    list, ``lp`` None)."""
    return cap if lp is None else min(cap, int(-lp / scale))


def lead_cost(cands: Sequence[tuple[tuple[int, ...], list[float]]], want: tuple[int, ...],
              scale: float, cap: int) -> int:
    """:func:`cost` of ``want`` among ``cands``."""
    return cost(log_chance(cands, want), scale, cap)
