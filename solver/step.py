"""One trick step, shared by :meth:`solver.position.Position.push` (search,
hints) and :meth:`solver.game.hand.Hand.play` (whole hands): what a lead
that is a throw becomes (R-THROW-FAIL) and who takes a complete trick with
how many points (R-BEAT, R-TRICK-POINTS).

>>> from solver.cards import parse_cards as P
>>> from solver.rules import preset
>>> from solver.trump import TrumpContext
>>> ctx = TrumpContext(preset("tractor"), 2, "S")
>>> played, pen = throw_step(ctx, P("AH KH"), [P("3C"), P("AH 4D"), P("5D")], dealer_side=True)
>>> [str(c) for c in played], pen
(['KH'], Penalty(kind='points', stake=0.0, attacker_points=10))
>>> close_trick(ctx, 3, [P("AH"), P("KH"), P("10H"), P("3S")])
(2, 20)
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.cards import Card
from solver.throws import Penalty, throw_penalty, throw_verdict
from solver.trick import trick_points, trick_winner
from solver.trump import TrumpContext

SEATS = 4


def throw_step(ctx: TrumpContext, cards: Sequence[Card], others: Sequence[Sequence[Card]],
               dealer_side: bool) -> tuple[tuple[Card, ...], Penalty | None]:
    """R-THROW-FAIL: a throw led against the ``others``' hands stands, or is
    played as its smallest beaten unit with the penalty for the cards taken
    back (``dealer_side``: the thrower is on the dealer's side)."""
    verdict = throw_verdict(ctx, cards, others)
    if verdict.stands:
        return tuple(cards), None
    assert verdict.forced is not None
    played = tuple(verdict.forced.cards)
    return played, throw_penalty(ctx.rules, len(cards) - len(played), dealer_side)


def close_trick(ctx: TrumpContext, leader: int, plays: Sequence[Sequence[Card]]) -> tuple[int, int]:
    """The seat that takes a complete trick led by ``leader``, and its points."""
    return (leader + trick_winner(ctx, plays)) % SEATS, trick_points(plays)


__all__ = ["close_trick", "throw_step"]
