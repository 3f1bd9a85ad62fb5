"""A bot that plays a legal lead or follow drawn at random (the easiest
opponent): declaring, riots and the kitty are the baseline's.

The candidates are the first :data:`CANDIDATES` plays the engine's
generator yields (:func:`solver.generator.legal_leads`,
:func:`solver.generator.legal_follows`), so a decision stays instant even
for hands with very many legal follows.  The random source is passed in:
four bots that share one ``random.Random`` make a table deterministic for
its seed.
"""

from __future__ import annotations

import random
from itertools import islice

from solver.bots.baseline import BaselineBot
from solver.cards import Card
from solver.game.view import SeatView
from solver.generator import legal_follows, legal_leads

#: How many of the generator's plays a random choice is drawn from.
CANDIDATES = 60


class RandomBot(BaselineBot):
    """Leads and follows at random among legal plays (R-FOLLOW holds by construction)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def lead(self, view: SeatView) -> list[Card]:
        ctx = view.ctx
        if ctx is None:  # pragma: no cover - trump is public in the play phase
            return super().lead(view)
        options = list(islice(legal_leads(ctx, view.cards), CANDIDATES))
        return list(self.rng.choice(options)) if options else super().lead(view)

    def follow(self, view: SeatView) -> list[Card]:
        ctx = view.ctx
        if ctx is None or not view.trick:  # pragma: no cover - a follow has a lead
            return super().follow(view)
        options = list(islice(legal_follows(ctx, list(view.trick[0]), view.cards), CANDIDATES))
        return list(self.rng.choice(options)) if options else super().follow(view)


def random_bots(seed: int) -> list[RandomBot]:
    """Four random bots sharing one random source seeded with ``seed``."""
    rng = random.Random(seed)
    return [RandomBot(rng) for _ in range(4)]
