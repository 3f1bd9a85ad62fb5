"""What every Play table offers the screen (:class:`Table`), and the small
records a table hands back: :class:`Event` (something that happened) and
:class:`Advice` (a hint)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from content.i18n import seat_word
from solver.cards import Card

def seat_name(seat: int) -> str:
    return seat_word(seat)


@dataclass(frozen=True)
class Event:
    """Something the table says after a move: a message id and params
    (card lists are strings in the contract's notation, styled when shown)."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)


#: How much better than the next best play (``hint.margin``, ``…_sampled``).
MARGIN = "hint.margin"


@dataclass(frozen=True)
class Advice:
    """A hint: the cards to mark (none for a yes/no decision), the message
    id that introduces them, and the engine's reasons (ids with params)."""

    cards: tuple[Card, ...]
    #: Message id of the head line (``{cards}``/``{card}``: the marked cards); "" for none.
    source: str
    reasons: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    #: More parameters of the head line.
    params: Mapping[str, Any] = field(default_factory=dict)
    #: 一上一下: the rank to declare with a face-down play.
    declared: int | None = None
    #: What the table keeps of a hint once it is shown (the review of the
    #: play made there rates it on what the hint told), else None.
    kept: Any = field(default=None, compare=False, repr=False)

    def shown(self, why: int = 2) -> tuple[tuple[str, Mapping[str, Any]], ...]:
        """The reasons the Play screen has room for: the first ``why``
        reasons about the play (in the engine's order), then one line on how
        the hand ends: the chance your side keeps the attackers under the
        threshold or reaches it, when the hint sampled the hidden hands (it
        names the threshold), else the hand's final total.  The learner walk of
        2026-12-03 saw only "Expected final total for the attackers: 74.7
        points", which never said whether that is good or bad, and often
        nothing on the hand at all."""
        tail = ("hint.value.", "hint.outcome.", "hint.cost.", MARGIN)
        first = [r for r in self.reasons if not r[0].startswith(tail)][:why]
        # fewer reasons about the trick than room: how much better than the next best play
        first += [r for r in self.reasons if r[0].startswith(MARGIN)][:why - len(first)]
        hand = [r for r in self.reasons if r[0] in ("hint.outcome.p_keep", "hint.outcome.p_reach")] or \
            [r for r in self.reasons if r[0].startswith("hint.value.")]
        return tuple(first + hand[:1])


#: A hint computed off the interface thread: no argument, reads only a snapshot.
HintJob = Callable[[], Advice]


class Table(Protocol):
    """A game in progress at the Play screen: you at seat 0 and the bots."""

    seed: int
    practice: bool

    @property
    def done(self) -> bool:
        """The hand (or game) is over."""

    def my_cards(self) -> list[Card]:
        """Your cards, in display order."""

    def moves(self) -> int:
        """How many moves have been made (a hint for an older count is stale)."""

    def under_way(self) -> bool:
        """You have played (a card, a challenge): a new hand now would give it up."""

    def replayable(self) -> bool:
        """The game so far can be replayed (升级: once the deal and the
        declaring are over, when trump is known)."""

    def has_progress(self) -> bool:
        """Starting afresh would give something up: your play in this hand,
        or (升级) the match's levels won in earlier hands."""

    def hint_job(self) -> HintJob | None:
        """A hint for your decision now, to run off the interface thread
        (it reads a snapshot, never the live game), or None when there is
        nothing to decide."""

    def can_undo(self) -> bool: ...

    def undo(self) -> bool: ...

    def history(self) -> dict[str, Any]:
        """The game as saved (a hand history of ``solver.history``'s format
        for 升级, ``solver.yishang`` 's history for 一上一下)."""
