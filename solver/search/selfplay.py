"""Hint positions drawn from seeded self-play (issue 18).

:func:`hint_positions` plays a seeded hand with the baseline bots and
yields, at the card-play decisions it picks, the position as the seat to
move sees it (other hands hidden, finished tricks listed for the voids
they show) and the same position with every hand shown: the real deal
behind the hidden one.  Tests check the hint's claims on them and
``bench/bench_calibration.py`` compares the hint's shares with what
happens in the real deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from solver.bots.baseline import BaselineBot
from solver.cards import Card, deck
from solver.game.hand import Hand, Phase
from solver.game.runner import step
from solver.position import Position
from solver.rules import preset

Tricks = list[tuple[int, list[list[Card]]]]


@dataclass(frozen=True, slots=True)
class HintPosition:
    """A decision of a self-played hand: ``hidden`` as the seat to move sees
    it, ``full`` with every hand, ``tricks`` the finished tricks."""

    rules: str
    seed: int
    hidden: Position
    full: Position
    tricks: Tricks


def seeded_hand(rules: str, seed: int) -> Hand:
    """The deal of ``bench/bench_strength.py``: a seeded shuffle, the dealer
    rotating with the seed."""
    cards = deck()
    random.Random(seed).shuffle(cards)
    return Hand.later(preset(rules), cards, seed % 4)


def position_at(h: Hand, seat: int, *, hidden: bool) -> Position:
    """The play-phase position of ``h`` with ``seat`` to move."""
    assert h.ctx is not None and h.leader is not None and h.dealer is not None
    hands: list[Sequence[Card] | None] = [
        h.hand_of(s) if not hidden or s == seat else None for s in range(4)]
    kitty = list(h.kitty) if not hidden or h.burier == seat else []
    return Position(h.ctx, hands, dealer=h.dealer, leader=h.leader,
                    trick=[list(p) for p in h.current],
                    attacker_points=h.points_so_far, kitty=kitty,
                    played=[c for t in h.tricks for p in t.plays for c in p],
                    viewer=seat if hidden else None)


def hint_positions(rules: str, seed: int, pick: Callable[[Hand], bool] | None = None,
                   bots: Sequence[object] | None = None) -> Iterator[HintPosition]:
    """Play the seeded hand to its end with ``bots`` (baseline bots by
    default) and yield the card-play decisions ``pick`` accepts (all by
    default) before they are made."""
    h = seeded_hand(rules, seed)
    players = list(bots) if bots is not None else [BaselineBot() for _ in range(4)]
    while h.phase not in (Phase.DONE, Phase.REDEAL):
        if h.phase == Phase.PLAY and h.turn is not None and (pick is None or pick(h)):
            seat = h.turn
            tricks: Tricks = [(t.leader, [list(p) for p in t.plays]) for t in h.tricks]
            yield HintPosition(rules, seed, position_at(h, seat, hidden=True),
                               position_at(h, seat, hidden=False), tricks)
        step(h, players)  # type: ignore[arg-type]
