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

:func:`burial_reasons` says why a burial is made, in statements checked
against the cards: the suits it empties (R-FOLLOW), the trumps and points
it keeps or must give up (R-KITTY), 五三二's discard rule (R-W-KITTY).  The
Play screen's burial hint shows them.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence

from solver.bots.baseline import BaselineBot
from solver.cards import Card, format_cards, sort_key
from solver.game.errors import GameReason
from solver.game.flows import WusanerFlow
from solver.game.view import SeatView
from solver.rules import Rules
from solver.scoring import kitty_multiplier
from solver.trump import TrumpContext

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


def known_trump(view: SeatView) -> Callable[[Card], bool]:
    """Which cards the seat burying knows to be trumps: the context's, or in
    wusaner 揭牌 (the secret suit not yet known) the jokers, the level and
    the fixed ranks."""
    ctx = view.ctx
    if ctx is not None:
        return ctx.is_trump
    fixed = set(view.rules.fixed_trump_ranks) | {view.level}
    return lambda c: c.is_joker or c.rank in fixed


class VoidBurier(BaselineBot):
    """The baseline bot, burying (and, as the wusaner declarer, discarding
    after a take-back) with :func:`void_burial`.  The search bots inherit
    this; the Play screen suggests it as the burial hint."""

    def bury(self, view: SeatView, count: int) -> list[Card]:
        ctx = view.ctx
        # wusaner 揭牌 (no context yet): the trump suit is still secret, points may not go
        return void_burial(known_trump(view), view.cards, count,
                           lambda cards, plain: self._discard_order(view, cards, plain, ctx),
                           points=ctx is not None)

    def reclaim(self, view: SeatView, count: int) -> list[Card]:
        """wusaner: the declarer's discards for the trump cards it took back
        (plain non-point cards, R-W-KITTY), emptying a suit when one fits."""
        ctx = view.ctx
        assert ctx is not None  # the declarer knows the secret suit
        return void_burial(ctx.is_trump, view.cards, count,
                           lambda cards, plain: self._discard_order(view, cards, plain, ctx),
                           points=False)


def burial_reasons(rules: Rules, level: int, ctx: TrumpContext | None, hand: Sequence[Card],
                   buried: Sequence[Card], *, reclaim: bool = False) -> list[GameReason]:
    """Why bury ``buried`` out of ``hand`` (the hand before burying, the
    kitty taken in): the true statements about these cards, each a
    :class:`~solver.game.errors.GameReason` whose ``code`` is a message id
    of the ``hint`` catalog, most telling first.  ``ctx`` is the trump as
    the burier knows it: None for the wusaner kitty taker (揭牌, the trump
    suit is still secret: only jokers, level cards and the fixed ranks are
    known trumps, R-W-FIXED); ``reclaim``: the wusaner declarer's discards
    for the cards taken back (R-W-KITTY).  A "plain" card is one that is
    not (known) trump.

    * ``hint.bury.voids`` (R-FOLLOW): the plain suits the hand held and
      holds no more (``suits``, ``count``), when a trump is kept to ruff
      them with; ``hint.bury.voids_secret`` (R-W-KITTY) for the wusaner
      taker, who cannot know whether the suit is the secret trump suit;
      ``…_kept`` when cards of those suits that are trump stay in the
      hand (``cards``: a level card, wusaner's fixed 5/3/2).
    * ``hint.bury.points_void`` (R-KITTY): point cards buried with a suit
      they empty (``cards``, ``points``), and what they count for if the
      attackers win the last trick: at least ``mult`` times (``worth``).
    * ``hint.bury.rule_plain`` / ``rule_plain_reclaim`` (R-W-KITTY): every
      discard is a plain card without points, as the rule asks; or
      ``hint.bury.rule_short``: the hand held fewer than that (``have``)
      and all of them are discarded.
    * ``hint.bury.keeps`` (R-KITTY; not wusaner, whose kitty may hold no
      points): no trump and no point card is buried; if the attackers win
      the last trick the kitty's points count at least ``mult`` times.
    * ``hint.bury.trumps_forced``: trumps buried (``cards``, ``count``),
      and the hand keeps no plain card without points.
    * ``hint.bury.points_forced`` (R-KITTY): point cards buried outside an
      emptied suit (``cards``, ``points``), and the hand keeps no card
      without points.
    * ``hint.bury.no_void`` / ``no_void_points`` (wusaner, where points may
      not be discarded): no suit is emptied, and every plain suit of the
      hand holds an ace (or a point card) or more than ``count`` cards.

    A statement that is not true of these cards is left out, so a burial
    that is none of these (a learner's own, say) may get no reason.

    >>> from solver.rules import preset
    >>> from solver.cards import parse_cards
    >>> ctx = TrumpContext(preset("tractor"), 2, "H")
    >>> hand = parse_cards("3S 4S 9S KC 6C AD 3D 4D 5D 6D 7D 8D 9D JH QH")
    >>> [(r.code, r.params) for r in burial_reasons(ctx.rules, 2, ctx, hand, parse_cards("3S 4S 9S 6C"))]
    [('hint.bury.voids', {'suits': 'S', 'count': 1}), ('hint.bury.keeps', {'mult': 2})]
    >>> burial_reasons(ctx.rules, 2, ctx, hand, parse_cards("3S 4S 9S KC 6C"))[1].params
    {'cards': 'KC', 'points': 10, 'mult': 2, 'worth': 20}
    >>> short = parse_cards("3S 4S JH QH KD")  # no plain card without points but KD: a trump goes
    >>> [r.code for r in burial_reasons(ctx.rules, 2, ctx, short, parse_cards("3S 4S JH"))]
    ['hint.bury.voids', 'hint.bury.trumps_forced']
    """
    left = Counter(hand)
    left.subtract(buried)
    if any(n < 0 for n in left.values()):
        raise ValueError("the burial holds cards the hand does not")
    kept = list(left.elements())
    wusaner = rules.flow == "wusaner"
    is_trump = ctx.is_trump if ctx is not None else WusanerFlow.known_trump(rules, level)

    def plain_suits(cards: Sequence[Card]) -> set[str]:
        return {c.suit for c in cards if not is_trump(c)}

    def listed(cards: list[Card]) -> str:  # in the hand's display order
        return format_cards(ctx.sorted(cards) if ctx is not None else sorted(cards, key=sort_key))

    voided = sorted(plain_suits(hand) - plain_suits(kept))
    trumps = [c for c in buried if is_trump(c)]
    pointed = [c for c in buried if c.points]
    with_void = [c for c in pointed if not is_trump(c) and c.suit in voided]
    other_points = [c for c in pointed if is_trump(c) or c.suit not in voided]
    out: list[GameReason] = []
    if voided and any(is_trump(c) for c in kept):
        params: dict[str, object] = {"suits": " ".join(voided), "count": len(voided)}
        code = "hint.bury.voids_secret" if ctx is None else "hint.bury.voids"
        # Cards of the suit that stay are trumps (a level card, 五三二's 5/3/2): said, not to puzzle.
        still = [c for c in kept if is_trump(c) and not c.is_joker and c.suit in voided]
        if still:
            code += "_kept"
            params["cards"] = listed(still)
        out.append(GameReason("R-W-KITTY" if ctx is None else "R-FOLLOW", code, params))
    if with_void:
        pts = sum(c.points for c in with_void)
        worth: dict[str, object] = {}
        if ctx is not None:  # what they are worth then: at least the single lead's multiplier
            mult = kitty_multiplier(ctx, [with_void[0]])
            worth = {"mult": mult, "worth": pts * mult}
        out.append(GameReason("R-KITTY", "hint.bury.points_void", {
            "cards": listed(with_void), "points": pts, **worth}))
    first = [c for c in hand if not is_trump(c) and not c.points]  # R-W-KITTY: discarded first
    if wusaner and not trumps and not pointed:
        code = "hint.bury.rule_plain_reclaim" if reclaim else "hint.bury.rule_plain"
        out.append(GameReason("R-W-KITTY", code, {"count": len(buried)}))
    elif wusaner and len(first) < len(buried) and not Counter(first) - Counter(buried):
        out.append(GameReason("R-W-KITTY", "hint.bury.rule_short", {"have": len(first)}))
    if not wusaner and not trumps and not pointed and ctx is not None and hand:
        out.append(GameReason("R-KITTY", "hint.bury.keeps", {"mult": kitty_multiplier(ctx, [hand[0]])}))
    if trumps and not any(not is_trump(c) and not c.points for c in kept):
        out.append(GameReason("R-W-KITTY" if wusaner else "R-KITTY", "hint.bury.trumps_forced", {
            "cards": listed(trumps), "count": len(trumps)}))
    if other_points and all(c.points for c in kept):
        out.append(GameReason("R-W-KITTY" if wusaner else "R-KITTY", "hint.bury.points_forced", {
            "cards": listed(other_points), "points": sum(c.points for c in other_points)}))
    if not voided:
        by_suit: dict[str, list[Card]] = {}
        for c in hand:
            if not is_trump(c):
                by_suit.setdefault(c.suit, []).append(c)

        def kept_suit(cs: list[Card]) -> bool:  # an ace (五三二: or points) or too long to empty
            return any(c.rank == 14 or (wusaner and c.points) for c in cs) or len(cs) > len(buried)

        if all(kept_suit(cs) for cs in by_suit.values()):
            out.append(GameReason("R-W-KITTY" if wusaner else "R-FOLLOW",
                                  "hint.bury.no_void_points" if wusaner else "hint.bury.no_void",
                                  {"count": len(buried)}))
    return out


__all__ = ["VoidBurier", "burial_reasons", "known_trump", "void_burial", "void_suits"]
