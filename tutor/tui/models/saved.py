"""Saved 升级 hands, read back for the replay and the Analyze screen.

The table saves :func:`solver.history.hand_to_dict` histories.  A finished
hand is verified by replaying it (:func:`solver.history.replay`); an
unfinished one (saved mid-hand) and the files older versions of the table
wrote (the contract's fields, a ``seed`` and no log) are read from their
tricks, each winner decided by the engine (:func:`solver.trick.trick_winner`).
Anything else gives a :class:`SavedHandError` with a localized message.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from content.i18n import _
from solver.cards import Card, parse_cards
from solver.errors import SolverError
from solver.history import replay
from solver.rules import preset
from solver.trick import trick_points, trick_winner
from solver.trump import TrumpContext


class SavedHandError(ValueError):
    """A saved hand that cannot be opened; ``str()`` is the localized reason."""


@dataclass(frozen=True)
class SavedTrick:
    leader: int
    plays: tuple[tuple[Card, ...], ...]
    winner: int
    points: int


@dataclass(frozen=True)
class SavedHand:
    """What the screens show of a saved hand."""

    level: str
    trump: str
    attacker_points: int
    total: int | None
    #: Each seat's cards when play started.
    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[SavedTrick, ...]
    #: Replayed and verified by the engine (a finished hand of this version).
    verified: bool


def _bad(msgid: str, **params: Any) -> SavedHandError:
    return SavedHandError(_("tui.saved.bad", reason=_(msgid, **params)))


def _solver_reason(err: SolverError) -> SavedHandError:
    params = dict(err.params)
    if isinstance(params.get("reason"), str):
        params["why"] = _(params["reason"], **params)
    return _bad(err.code, **params)


def open_saved(history: Any) -> SavedHand:
    """A saved hand, checked by the engine; raises :class:`SavedHandError`."""
    if not isinstance(history, Mapping):
        raise _bad("game.history.not_object")
    finished = history.get("total") is not None and not history.get("unfinished")
    try:
        if finished:
            try:
                r = replay(history)
            except SolverError:
                if "log" in history:
                    raise
                return _from_tricks(history)  # an older table's file: read its tricks
            h = r.hand
            return SavedHand(str(history["level"]), str(history["trump"]), h.attacker_points,
                             r.record.total, tuple(h.start_hands),
                             tuple(SavedTrick(t.leader, t.plays, t.winner, t.points) for t in h.tricks),
                             True)
        return _from_tricks(history)
    except SolverError as err:
        raise _solver_reason(err) from None


def _from_tricks(history: Mapping[str, Any]) -> SavedHand:
    options = history.get("options") or {}
    if not isinstance(options, Mapping):
        raise _bad("legal.error.position.field", field="options")
    level, trump = str(history.get("level", "2")), str(history.get("trump") or "NT")
    ctx = TrumpContext(preset(str(history.get("rules", "henan")), options), level, trump)
    raw_hands, raw_tricks = history.get("hands"), history.get("tricks") or []
    if not isinstance(raw_hands, list) or len(raw_hands) != 4 or \
            not all(isinstance(x, str) for x in raw_hands):
        raise _bad("legal.error.position.field", field="hands")
    if not isinstance(raw_tricks, list):
        raise _bad("legal.error.position.field", field="tricks")
    tricks: list[SavedTrick] = []
    for i, t in enumerate(raw_tricks):
        leader = t.get("leader") if isinstance(t, Mapping) else None
        plays_raw = t.get("plays") if isinstance(t, Mapping) else None
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader <= 3 \
                or not isinstance(plays_raw, list) or len(plays_raw) != 4 \
                or not all(isinstance(p, str) for p in plays_raw):
            raise _bad("legal.error.position.field", field=f"tricks[{i}]")
        plays = tuple(tuple(parse_cards(p)) for p in plays_raw)
        tricks.append(SavedTrick(leader, plays, (leader + trick_winner(ctx, plays)) % 4,
                                 trick_points(plays)))
    total = history.get("total")
    points = history.get("attacker_points")
    return SavedHand(level, trump, points if isinstance(points, int) else 0,
                     total if isinstance(total, int) else None,
                     tuple(tuple(parse_cards(x)) for x in raw_hands), tuple(tricks), False)


def follow_positions(saved: SavedHand) -> list[dict[str, Any]]:
    """Every trick of a saved hand where seat 0 followed: the lead, seat 0's
    hand at that moment, and what seat 0 played."""
    hand = Counter(saved.hands[0])
    out: list[dict[str, Any]] = []
    for i, t in enumerate(saved.tricks):
        mine = t.plays[(0 - t.leader) % 4]
        if t.leader != 0:
            out.append({"trick": i, "lead": list(t.plays[0]), "hand": list(hand.elements()),
                        "play": list(mine)})
        hand -= Counter(mine)
    return out
