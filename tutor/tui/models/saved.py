"""Saved 升级 hands, read back for the replay and the Analyze screen.

The table saves :func:`solver.history.hand_to_dict` histories.  A finished
hand is verified by replaying it (:func:`solver.history.replay`); an
unfinished one (saved mid-hand) and the files older versions of the table
wrote (the contract's fields, a ``seed`` and no log) are read from their
tricks, each winner decided by the engine (:func:`solver.trick.trick_winner`).
Anything else gives a :class:`SavedHandError` with a localized message.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from content.i18n import _, refusal_words
from solver.cards import Card, format_cards, parse_cards
from solver.errors import SolverError
from solver.game.hand import Hand, Record
from solver.history import replay, resume_hand
from solver.position import Position
from solver.rules import preset
from solver.trick import trick_points, trick_winner
from solver.trump import TrumpContext
from tutor.tui.models.breakdown import Breakdown, breakdown
from tutor.tui.models.shengji import position_of, setup_events, throw_event
from tutor.tui.models.table import Event


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
    #: The attackers' points in tricks (failed throws' points not included).
    attacker_points: int
    total: int | None
    #: Each seat's cards when play started.
    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[SavedTrick, ...]
    #: Replayed and verified by the engine (a finished hand of this version).
    verified: bool
    #: The attackers' running total after each trick (failed-throw points
    #: included); empty when the file does not say who attacked.
    running: tuple[int, ...] = ()
    #: What happened before the first trick, as the table told it: the
    #: declarations, how trump was fixed, the burial (a verified hand only).
    before: tuple[Event, ...] = ()
    dealer: int | None = None
    #: The kitty at the end of the hand (shown with ``before``).
    kitty: tuple[Card, ...] = ()
    #: The failed throws of each trick (R-THROW-FAIL), as the table told them.
    throws: tuple[tuple[Event, ...], ...] = ()
    #: The dealers' team (0 or 1), when the file says: whose each trick's points are.
    defenders: int | None = None
    #: The finished hand's score, term by term (a verified hand only).
    end: Breakdown | None = None


def _bad(msgid: str, **params: Any) -> SavedHandError:
    return SavedHandError(_("tui.saved.bad", reason=_(msgid, **params)))


def _solver_reason(err: SolverError) -> SavedHandError:
    params = dict(err.params)
    if isinstance(params.get("reason"), str):
        params["why"] = _(params["reason"], **params)
    refusal, inner = params.get("refusal"), params.get("refusal_params")
    if isinstance(refusal, str):  # a log that does not replay: the engine's words
        params["why"] = refusal_words(refusal, inner if isinstance(inner, dict) else {})
    return _bad(err.code, **params)


def match_hand(history: Any) -> int | None:
    """The hand's number in its match, as the Play screen showed it (the
    table saves it beside the history), or None when the file does not say."""
    match = history.get("match") if isinstance(history, Mapping) else None
    n = match.get("hand") if isinstance(match, Mapping) else None
    return n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else None


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
            b = breakdown(h) if h.result is not None else None
            running = tuple(t.running for t in b.tricks) if b is not None else ()
            # the attackers' points in tricks alone: the replay's head says 牌面 beside the
            # total (a walk read 95 in tricks where the tricks held 85 and a failed throw 10)
            in_tricks = b.attacker_trick_points if b is not None else h.points_so_far
            return SavedHand(str(history["level"]), str(history["trump"]), in_tricks,
                             r.record.total, tuple(h.start_hands),
                             tuple(SavedTrick(t.leader, t.plays, t.winner, t.points) for t in h.tricks),
                             True, running, *_told(h, h.rules.name), defenders=h.defenders, end=b)
        saved = _from_tricks(history)
        if "log" not in history:
            return saved
        try:  # a hand kept in progress: what its log tells before the tricks
            h = resume_hand(history)
        except SolverError:
            return saved  # its tricks alone, as files without a log
        before, dealer, kitty, throws = _told(h, h.rules.name)
        # the kitty is not shown yet unless you buried it (R-KITTY shows it at the end)
        return dataclasses.replace(saved, before=before, dealer=dealer, throws=throws,
                                   kitty=kitty if h.burier == 0 else (), defenders=h.defenders)
    except SolverError as err:
        raise _solver_reason(err) from None


def _told(h: Hand, game: str) -> tuple[tuple[Event, ...], int | None, tuple[Card, ...],
                                        tuple[tuple[Event, ...], ...]]:
    """What the replay tells besides the tricks, read from the engine's log:
    the events before the first trick (your own burial included: the hand
    is over), the dealer, the kitty, and each trick's failed throws."""
    start = next((i for i, rec in enumerate(h.log) if rec.op == "play_start"), len(h.log))
    before = setup_events(h, game, h.log[:start], own_bury=True)
    throws: list[list[Event]] = [[] for _ in h.tricks]
    done = 0
    for rec in h.log[start:]:
        if rec.op == "trick":
            done += 1
        elif rec.op == "throw_fail" and done < len(throws):
            throws[done].append(throw_event(h, rec, done))
    kitty = h.ctx.sorted(h.kitty) if h.ctx is not None else list(h.kitty)  # as the hand's end shows it
    return tuple(before), h.dealer, tuple(kitty), tuple(tuple(t) for t in throws)


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
    defenders = history.get("defenders")
    running: list[int] = []
    if defenders in (0, 1) and not isinstance(defenders, bool):
        acc = 0
        for t in tricks:
            acc += t.points if t.winner % 2 != defenders else 0
            running.append(acc)
        points = acc  # in tricks (a file's attacker_points may hold failed throws' points too)
    return SavedHand(level, trump, points if isinstance(points, int) else 0,
                     total if isinstance(total, int) else None,
                     tuple(tuple(parse_cards(x)) for x in raw_hands), tuple(tricks), False, tuple(running),
                     defenders=defenders if defenders in (0, 1) and not isinstance(defenders, bool) else None)


# -- positions to analyze (the Analyze screen) -------------------------------------------

FinishedTrick = tuple[int, tuple[tuple[Card, ...], ...]]


@dataclass(frozen=True)
class HandEnd:
    """What a finished hand ended with, as the score question asks it: the
    attackers' trick points (a failed throw's points in), the kitty, the
    last trick's lead and whether the attackers won that trick."""

    attacker_points: int
    kitty: tuple[Card, ...]
    last_lead: tuple[Card, ...]
    attackers_won_last: bool

    @classmethod
    def of(cls, hand: Hand) -> HandEnd | None:
        """The end of ``hand``, or None while it is being played."""
        if hand.result is None or not hand.tricks:
            return None
        last = hand.tricks[-1]
        return cls(hand.points_so_far, tuple(hand.kitty),
                   tuple(last.plays[0]), hand.is_attacker(last.winner))


@dataclass(frozen=True)
class Turn:
    """One moment of a hand at which ``seat`` plays: what the seat saw
    (``position``, the other hands hidden), the tricks finished before it
    (they show voids), the trick as it was then and, in a saved hand, what
    the seat played and the other hands (a finished hand shows them all)."""

    #: 0-based number of the trick.
    trick: int
    position: Position
    tricks: tuple[FinishedTrick, ...]
    #: The seat's play here (empty at the table: not played yet).
    played: tuple[Card, ...] = ()
    #: The whole trick, leader first, once played (saved hands), else the trick so far.
    plays: tuple[tuple[Card, ...], ...] = ()
    #: The three other hands, seat+1 onwards, when known (saved hands).
    others: tuple[tuple[Card, ...], ...] | None = None
    #: How the hand ended (a finished saved hand), for the score question.
    end: HandEnd | None = None

    @property
    def seat(self) -> int:
        return self.position.turn

    @property
    def led(self) -> bool:
        return not self.position.trick

    def position_json(self) -> dict[str, Any]:
        """The position object of the hint check kind (CONTRACT.md), with the
        finished tricks so the engine reads the voids they showed."""
        return {**self.position.to_json(),
                "tricks": [{"leader": leader, "plays": [format_cards(p) for p in plays]}
                           for leader, plays in self.tricks]}


def turn_now(hand: Hand, seat: int = 0, *, played: Sequence[Card] = (),
             plays: Sequence[Sequence[Card]] = (), open_hands: bool = False) -> Turn:
    """``seat``'s moment now in a hand in its play phase (raises GameError before it)."""
    pos, tricks = position_of(hand, seat)
    others = tuple(tuple(hand.hand_of((seat + k) % 4)) for k in (1, 2, 3)) if open_hands else None
    return Turn(len(hand.tricks), pos,
                tuple((leader, tuple(tuple(p) for p in ps)) for leader, ps in tricks),
                tuple(played), tuple(tuple(p) for p in (plays or pos.trick)), others)


def saved_turns(history: Any, seat: int = 0) -> list[Turn]:
    """Every play of ``seat`` in a saved hand (finished or saved in progress),
    replayed by the engine, each with the position before it; raises
    :class:`SavedHandError`."""
    if not isinstance(history, Mapping):
        raise _bad("game.history.not_object")
    found: list[Turn] = []

    def before(hand: Hand, action: Record) -> None:
        if action.op == "play" and action.seat == seat and hand.leader is not None:
            found.append(turn_now(hand, seat, played=action.cards, open_hands=True))

    try:
        if history.get("total") is not None and not history.get("unfinished"):
            final = replay(history, before).hand
        else:
            final = resume_hand(history, before)
    except SolverError as err:
        raise _solver_reason(err) from None
    # The whole trick of each turn, as it was played (the last one may be in progress).
    done = list(final.tricks)
    end = HandEnd.of(final)
    return [dataclasses.replace(t, plays=tuple(done[t.trick].plays) if t.trick < len(done) else
                                tuple(tuple(p) for p in final.current) or t.plays, end=end)
            for t in found]


def table_turn(snapshot: Any) -> Turn:
    """Your moment (seat 0) in the hand kept to resume, the hand in progress
    at the Play table (:meth:`~tutor.tui.models.shengji.ShengjiTable.snapshot`);
    :class:`SavedHandError` says why there is none to analyze."""
    from solver.game.hand import Phase
    from tutor.tui.models.shengji import ShengjiTable

    if not snapshot:
        raise SavedHandError(_("tui.analyze.table.none"))
    try:
        table = ShengjiTable.restore(snapshot)
    except ValueError:
        raise SavedHandError(_("tui.analyze.table.bad")) from None
    hand = table.hand
    if table.done:
        raise SavedHandError(_("tui.analyze.table.over"))
    if table.pending or hand.phase != Phase.PLAY or hand.turn != 0:
        raise SavedHandError(_("tui.analyze.table.not_yet"))
    return turn_now(hand, 0)
