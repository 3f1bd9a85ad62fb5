"""Helpers for the yishang tests: deals written as card strings."""

from __future__ import annotations

from solver.cards import parse_cards
from solver.yishang.game import Game
from solver.yishang.ranks import PACK


def deal(hands: list[str], draw: str | None = None, first: int = 0, filler: int | None = None,
         **options: object) -> Game:
    """A game with the given hands.  ``draw`` lists the draw pile from the
    bottom to the top; by default it holds every other card (pack order).
    With ``filler`` the other cards go to that player's hand instead and the
    draw pile is ``draw`` (or empty)."""
    cards = [parse_cards(h) for h in hands]
    used = {c for h in cards for c in h}
    fixed = parse_cards(draw) if draw else []
    used |= set(fixed)
    rest = [c for c in PACK if c not in used]
    if filler is not None:
        cards[filler] = cards[filler] + rest
        pile = fixed
    else:
        pile = rest if draw is None else fixed
        if draw is not None:
            assert not rest, "the deal must hold the 52 cards"
    return Game.from_deal(cards, pile, first, options or None)
