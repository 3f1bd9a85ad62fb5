"""Random full-information endgames, for tests and benchmarks.

A random endgame deals ``cards`` cards to each seat from the two-deck pack
(R-DECK), buries a kitty of the preset's size from the rest, picks level,
trump, dealer and leader at random, and optionally plays a few random legal
plays into the current trick.  Deterministic for a ``random.Random``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from solver.cards import RANKS, deck
from solver.games import SHENGJI_PRESETS
from solver.rules import preset
from solver.search.alphabeta import State
from solver.search.model import CachedMoves, Hand, Table, remove
from solver.trump import TrumpContext


@dataclass(frozen=True, slots=True)
class Endgame:
    ctx: TrumpContext
    state: State
    kitty: Hand


def random_endgame(rng: random.Random, cards: int, *, rules: str | None = None,
                   mid_trick: bool = True) -> Endgame:
    """One random endgame with ``cards`` cards per hand at the trick boundary."""
    name = rules or rng.choice(SHENGJI_PRESETS)
    r = preset(name)
    level = rng.choice(RANKS)
    trump = rng.choice(["S", "H", "D", "C", None])
    ctx = TrumpContext(r, level, trump)
    pack = deck()
    rng.shuffle(pack)
    hands = tuple(tuple(sorted(c.index for c in pack[i * cards:(i + 1) * cards])) for i in range(4))
    kitty = tuple(sorted(c.index for c in pack[4 * cards:4 * cards + r.kitty_size]))
    kp = sum(pack[4 * cards + i].points for i in range(r.kitty_size))
    state = State((hands[0], hands[1], hands[2], hands[3]), leader=rng.randrange(4),
                  dealer=rng.randrange(4), kitty_points=kp, points=5 * rng.randrange(25))
    if mid_trick:
        moves = CachedMoves(ctx)
        for _ in range(rng.randrange(4)):
            seat = state.to_move
            hand = state.hands[seat]
            if state.trick:
                options = moves.follows(state.trick[0], hand)
            else:
                others = tuple(state.hands[(seat + i) % 4] for i in (1, 2, 3))
                options = moves.leads(hand, (others[0], others[1], others[2]))
            play = rng.choice(options)
            hs = list(state.hands)
            hs[seat] = remove(hand, play)
            state = State((hs[0], hs[1], hs[2], hs[3]), state.leader, state.trick + (play,),
                          state.points, state.dealer, state.kitty_points)
    _ = Table  # re-exported for callers building solvers
    return Endgame(ctx, state, kitty)
