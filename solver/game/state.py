"""What a hand's flow sees of the hand: the phases, the setup, and the
small public protocol (:class:`HandState`) through which a flow
(:mod:`solver.game.flows`) reads and moves a hand.  The flows import this
module, never :mod:`solver.game.hand`; the hand imports the flows and
receives its flow."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from solver.cards import Card, points
from solver.game.declare import Declaration
from solver.game.errors import GameReason
from solver.rules import Rules

SEATS = 4


def team_of(seat: int) -> int:
    """Seats 0 and 2 are team 0; seats 1 and 3 team 1."""
    return seat % 2


class Phase(StrEnum):
    DEAL = "deal"          # cards are dealt one at a time; declarations allowed per flow
    BID = "bid"            # a turn-based declaring window after the deal
    RIOT = "riot"          # R-H-RIOT: attackers may call a redeal
    BURY = "bury"          # the kitty is taken and cards are buried (R-H-KITTY, R-W-KITTY)
    RECLAIM = "reclaim"    # R-W-KITTY: the declarer takes back secret-trump discards
    CHAODI = "chaodi"      # R-H-OVERTURN later hands: 反主炒底 after the bury
    PLAY = "play"
    DONE = "done"
    REDEAL = "redeal"      # the hand is void; the match deals again


@dataclass(frozen=True, slots=True)
class HandSetup:
    """What a hand starts from.

    ``team_levels``: each team's level rank.  ``dealer``: the dealer seat, or
    None in a first hand (抢报 / the stage decided by declaring).  In
    ``wusaner`` ``dealer`` is the stage player due to take the kitty and
    ``stage_team`` the stage team (None in the first hand).  ``first_seat``
    receives the first card.  ``riots``: redeals by riot in a row so far.
    """

    rules: Rules
    team_levels: tuple[int, int] = (2, 2)
    dealer: int | None = None
    stage_team: int | None = None
    first_seat: int = 0
    riots: int = 0
    number: int = 0

    @classmethod
    def first(cls, rules: Rules, number: int = 0) -> HandSetup:
        lv = rules.default_level
        return cls(rules, (lv, lv), number=number)


def may_riot(rules: Rules, cards: Iterable[Card]) -> bool:
    """R-H-RIOT: a hand with fewer than ``riot_threshold`` points may call a
    redeal, where the rules allow riots at all."""
    return bool(rules.riot) and points(cards) < rules.riot_threshold


def riot_reason(rules: Rules, cards: Iterable[Card]) -> tuple[bool, GameReason]:
    """R-H-RIOT: :func:`may_riot` and why, either way: the hand's points
    against the limit (``game.riot.allowed`` / ``game.riot.too_many_points``,
    the refusal a live hand gives), or ``game.riot.off`` where the rules
    have no riot.

    >>> from solver.rules import preset
    >>> from solver.cards import parse_cards
    >>> ok, why = riot_reason(preset("henan"), parse_cards("KS 5D 3C"))
    >>> ok, why.code, why.params
    (False, 'game.riot.too_many_points', {'points': 15, 'limit': 15})
    """
    held = points(cards)
    if not rules.riot:
        return False, GameReason("R-H-RIOT", "game.riot.off", {"points": held})
    params = {"points": held, "limit": rules.riot_threshold}
    if held < rules.riot_threshold:
        return True, GameReason("R-H-RIOT", "game.riot.allowed", params)
    return False, GameReason("R-H-RIOT", "game.riot.too_many_points", params)



class HandState(Protocol):
    """The part of a hand a flow reads and changes.  Besides these fields a
    flow calls only the public actions below."""

    rules: Rules
    setup: HandSetup
    phase: Phase
    turn: int | None
    dealer: int | None
    stage_team: int | None
    kitty_taker: int | None
    passes: int
    chaodi_round: bool
    take_back: tuple[Card, ...]
    held: list[int]
    kitty: list[Card]
    declarations: list[Declaration]

    @property
    def standing(self) -> Declaration | None: ...

    @property
    def level(self) -> int: ...

    def count(self, seat: int, card: Card) -> int: ...

    def cards_of(self, seat: int) -> list[Card]: ...

    def give(self, seat: int, cards: Iterable[Card]) -> None: ...

    def set_trump(self, trump: str | None, *, fixed: bool = True) -> None: ...

    def start_bury(self, seat: int) -> None: ...

    def start_play(self, leader: int) -> None: ...

    def end_void(self, reason: str) -> None: ...

    def open_window(self, phase: Phase, seats: Sequence[int], needed: int) -> None: ...

    def advance_turn(self) -> None: ...

    def note(self, op: str, seat: int | None = None, cards: Iterable[Card] = (),
             note: str = "") -> None: ...
