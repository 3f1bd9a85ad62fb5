"""Ranks of 一上一下: 3 < 4 < … < K < A < 2, suits do not matter (R-Y-SETUP).

A yishang rank is an ``int`` 3..15 where 11..14 are J Q K A and 15 is the 2.

>>> [rank_name(r) for r in RANKS]
['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', '2']
>>> yrank(Card.parse("2S")), yrank(Card.parse("AH")), parse_rank("t")
(15, 14, 10)
"""

from __future__ import annotations

from typing import Final

from solver.cards import Card, deck
from solver.yishang.errors import YishangError

RANKS: Final = tuple(range(3, 16))
LOWEST: Final = 3
HIGHEST: Final = 15
_NAMES: Final = {**{r: str(r) for r in range(3, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A", 15: "2"}
_TOKENS: Final = {v: k for k, v in _NAMES.items()} | {"T": 10}

#: The 52-card pack of R-Y-SETUP.
PACK: Final[tuple[Card, ...]] = tuple(deck(copies=1, jokers=False))


def yrank(card: Card) -> int:
    """The card's rank in yishang order (2 is the highest, 15)."""
    return 15 if card.rank == 2 else card.rank


def rank_name(rank: int) -> str:
    """The token of a yishang rank: ``"3"`` … ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``, ``"2"``."""
    return _NAMES[rank]


def parse_rank(token: str) -> int:
    """Parse a rank token (case-insensitive; ``T`` is 10).

    >>> parse_rank("1")
    Traceback (most recent call last):
    ...
    solver.yishang.errors.YishangError: not a rank: '1'
    """
    rank = _TOKENS.get(str(token).strip().upper())
    if rank is None:
        raise YishangError(f"not a rank: {token!r}", code="yishang.error.bad_rank", token=str(token))
    return rank


def rank_counts(cards: tuple[Card, ...] | list[Card]) -> list[int]:
    """Counts per yishang rank, indexed 0..15 (only 3..15 used)."""
    counts = [0] * 16
    for c in cards:
        counts[yrank(c)] += 1
    return counts
