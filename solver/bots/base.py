"""The bot interface: one method per decision of a hand.

Any object with these methods can sit at a table (a hint-engine bot, a
scripted test bot, a human adapter).  Every method receives the seat's
:class:`~solver.game.view.SeatView`, which hides what the seat may not see;
what the bot returns is verified by the hand, so a bot never changes the
rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from solver.cards import Card
from solver.game.view import SeatView


@runtime_checkable
class Bot(Protocol):
    def declare(self, view: SeatView, options: Sequence[tuple[Card, ...]]) -> tuple[Card, ...] | None:
        """Declare trump (报主/亮牌) with one of ``options``, or None."""

    def overturn(self, view: SeatView,
                 options: Sequence[tuple[Card, ...]]) -> tuple[Card, ...] | None:
        """Overturn the standing declaration (反主/顶牌) with one of ``options``, or None."""

    def riot(self, view: SeatView) -> bool:
        """Call a redeal (暴动, R-H-RIOT); asked only when allowed."""

    def bury(self, view: SeatView, count: int) -> list[Card]:
        """Bury ``count`` cards (扣底; wusaner: the 揭牌 discards)."""

    def reclaim(self, view: SeatView, count: int) -> list[Card]:
        """wusaner declarer: discard ``count`` cards for those taken back (R-W-KITTY)."""

    def lead(self, view: SeatView) -> list[Card]:
        """Lead a trick."""

    def follow(self, view: SeatView) -> list[Card]:
        """Follow the trick in ``view.trick``."""
