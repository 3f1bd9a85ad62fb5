"""Which cards to bury (扣底): burial policies shared by the bots.

The baseline bot buries its lowest plain non-point cards
(:meth:`solver.bots.baseline.BaselineBot.bury`).  :func:`void_burial`
first empties whole plain suits, as many as fit in the kitty, so that the
dealer can trump them later (a void is worth more than a low card): among
the sets of plain suits that hold no ace and fit, it takes the one that
voids the most suits, then buries the fewest points, then uses the most
cards; the rest of the kitty is filled in the baseline's order.

Points may go into the kitty this way (a lone 10 of a short suit, say):
the attackers win them only by taking the last trick.  In wusaner the
kitty taker does not know the trump suit yet and may discard no point
cards (R-W-KITTY): only the fixed trumps count as trumps and suits with
points are not emptied; a discarded card of the secret suit goes back to
the declarer, the taker's partner.  Measured with
baseline play (``bench/bench_burial.py --hands 6000``), voiding gains the
dealers about 4 points a dealer hand over the baseline's burial
(docs/SEARCH.md).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence

from solver.bots.baseline import BaselineBot
from solver.cards import Card
from solver.game.view import SeatView

#: ``order(cards, plain)``: the cards in the order they should be buried.
Order = Callable[[list[Card], list[Card]], list[Card]]


def void_suits(is_trump: Callable[[Card], bool], cards: Sequence[Card], count: int, *,
               points: bool = True) -> list[Card]:
    """The cards of the plain suits (``is_trump`` false) to empty into a
    kitty of ``count`` cards (possibly none): no suit with an ace (nor, if
    ``points`` is false, with a point card); most suits, fewest points, most
    cards; ties go to the suits first in name order."""
    by_suit: dict[str, list[Card]] = {}
    for c in cards:
        if not is_trump(c):
            by_suit.setdefault(c.suit, []).append(c)
    open_suits = sorted(s for s, cs in by_suit.items()
                        if not any(c.rank == 14 or (c.points and not points) for c in cs))
    for r in range(len(open_suits), 0, -1):
        best: tuple[tuple[int, int], list[Card]] | None = None
        for subset in itertools.combinations(open_suits, r):
            chosen = [c for s in subset for c in by_suit[s]]
            if len(chosen) > count:
                continue
            key = (-sum(c.points for c in chosen), len(chosen))
            if best is None or key > best[0]:
                best = (key, chosen)
        if best is not None:
            return sorted(best[1], key=lambda c: c.index)
    return []


def void_burial(is_trump: Callable[[Card], bool], cards: Sequence[Card], count: int,
                order: Order, *, points: bool = True) -> list[Card]:
    """``count`` cards to bury: :func:`void_suits`, then the rest by ``order``."""
    chosen = void_suits(is_trump, cards, count, points=points)
    rest = list((Counter(cards) - Counter(chosen)).elements())
    plain = [c for c in rest if not is_trump(c)]
    return chosen + order(rest, plain)[:count - len(chosen)]


class VoidBurier(BaselineBot):
    """The baseline bot, burying (and, as the wusaner declarer, discarding
    after a take-back) with :func:`void_burial`.  The search bots inherit
    this; the Play screen suggests it as the burial hint."""

    def bury(self, view: SeatView, count: int) -> list[Card]:
        ctx = view.ctx
        if ctx is None:  # wusaner 揭牌: the trump suit is still secret, points may not go
            fixed = set(view.rules.fixed_trump_ranks) | {view.level}
            return void_burial(lambda c: c.is_joker or c.rank in fixed, view.cards, count,
                               lambda cards, plain: self._discard_order(view, cards, plain, None),
                               points=False)
        return void_burial(ctx.is_trump, view.cards, count,
                           lambda cards, plain: self._discard_order(view, cards, plain, ctx))

    def reclaim(self, view: SeatView, count: int) -> list[Card]:
        """wusaner: the declarer's discards for the trump cards it took back
        (plain non-point cards, R-W-KITTY), emptying a suit when one fits."""
        ctx = view.ctx
        assert ctx is not None  # the declarer knows the secret suit
        return void_burial(ctx.is_trump, view.cards, count,
                           lambda cards, plain: self._discard_order(view, cards, plain, ctx),
                           points=False)


__all__ = ["VoidBurier", "void_burial", "void_suits"]
