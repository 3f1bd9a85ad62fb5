"""Hand histories (shared/CONTRACT.md): to and from plain dicts, and replay.

A history is one JSON object per hand.  It carries the fields of the
contract (``rules``, ``level``, ``trump``, ``options``, ``dealer``,
``hands`` at the start of play, the buried ``kitty``, ``tricks``,
``attacker_points``, ``total``, ``outcome``, ``levels``) and more: the
deck order, the setup, declarations, penalties and the whole operation
log.  This module is pure: files are read and written in ``tutor/``.

:func:`replay` rebuilds a hand from a history and checks that it is the
same hand: with a log it re-applies every action (deal, declare, bury,
play, ...) to a fresh state machine, which re-verifies every rule; without
one it replays the tricks from the recorded hands.  Either way every
recorded field must match what the replay produces, so an edited or
truncated history is rejected with the first field or step that differs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solver.cards import RANK_NAMES, Card, format_cards, parse_cards
from solver.errors import SolverError
from solver.game.errors import GameError, HistoryError
from solver.game.flows import FLOWS
from solver.game.hand import SEATS, Hand, HandSetup, Penalty, Phase, Record, Trick
from solver.rules import Rules, preset
from solver.trump import parse_level, parse_trump

FORMAT = 1
REQUIRED = ("rules", "level", "trump", "options", "dealer", "hands", "kitty", "tricks",
            "attacker_points", "total", "outcome", "levels")


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards)


def options_of(rules: Rules) -> dict[str, Any]:
    """The options that differ from the preset (R-OPT), JSON-friendly."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in rules.changed_options().items()}


def hand_to_dict(hand: Hand, *, extra: Mapping[str, Any] | None = None,
                 unfinished: bool = False) -> dict[str, Any]:
    """A finished hand as a history dict (CONTRACT.md fields first).

    ``unfinished=True`` also takes a hand still in progress (a saved game):
    the result fields are ``None``, ``"unfinished": true`` says so, the
    hands are those dealt so far until play starts, and the log, deck and
    setup are there to rebuild it (:func:`replay` refuses such a history:
    it has no result to verify)."""
    res = hand.result
    done = hand.phase == Phase.DONE and res is not None
    if not done and not unfinished:
        raise HistoryError("only a finished hand has a history", code="game.history.unfinished")
    s = hand.setup
    start = hand.start_hands or tuple(tuple(sorted(h.elements(), key=lambda c: c.index))
                                      for h in hand.hands)
    d: dict[str, Any] = {
        "rules": hand.rules.name,
        "level": RANK_NAMES[hand.level],
        "trump": hand.trump or "NT",
        "options": options_of(hand.rules),
        "dealer": res.dealer if res is not None else hand.dealer,
        "hands": [_cards(h) for h in start],
        "kitty": _cards(hand.kitty) if done or hand.burier is not None else "",
        "tricks": [{"leader": t.leader, "plays": [_cards(p) for p in t.plays]} for t in hand.tricks],
        "attacker_points": res.attacker_points if res is not None else hand.attacker_points,
        "total": res.total if res is not None else None,
        "outcome": res.outcome if res is not None else None,
        "levels": res.levels if res is not None else None,
        "format": FORMAT,
        "hand": s.number,
    }
    if res is not None:
        d.update({
            "defenders": res.defenders,
            "declarer": res.declarer,
            "penalty_points": res.penalty_points,
            "kitty_points": res.kitty_points,
            "multiplier": res.multiplier,
        })
    else:
        d["unfinished"] = True
    d["declarations"] = [{"seat": x.seat, "cards": _cards(x.cards), "strength": x.strength}
                         for x in hand.declarations]
    if res is not None:
        d["penalties"] = [{"seat": p.seat, "attempted": _cards(p.attempted), "played": _cards(p.played),
                           "points": p.points, "stake": p.stake} for p in res.penalties]
    d.update({
        "setup": {"team_levels": [RANK_NAMES[lv] for lv in s.team_levels], "dealer": s.dealer,
                  "stage_team": s.stage_team, "first_seat": s.first_seat, "riots": s.riots,
                  "number": s.number},
        "deck": _cards(hand.deck),
        "log": [r.to_json() for r in hand.log],
    })
    if extra:
        d.update(extra)
    return d


# -- reading -----------------------------------------------------------------


def _bad(field: str, detail: str | SolverError, refusal: str | None = None,
         **refusal_params: Any) -> HistoryError:
    """A malformed field.  ``detail`` is the English of the exception; the
    words a learner reads come from ``refusal`` (a message id, with
    ``refusal_params``), or from the nested engine error's code and params."""
    if isinstance(detail, SolverError):
        refusal, refusal_params = detail.code, dict(detail.params)
    return HistoryError(f"{field}: {detail}", code="game.history.bad_field", field=field,
                        detail=str(detail), refusal=refusal or "game.history.want.valid",
                        refusal_params=refusal_params)


def _int(d: Mapping[str, Any], key: str, lo: int | None = None, hi: int | None = None) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or (lo is not None and v < lo) or \
            (hi is not None and v > hi):
        raise _bad(key, "expected a whole number" + (f" {lo}..{hi}" if lo is not None else ""),
                   "game.history.want.int_range" if lo is not None else "game.history.want.int",
                   lo=lo, hi=hi)
    return v


def _card_list(value: Any, field: str) -> list[Card]:
    if not isinstance(value, str):
        raise _bad(field, "expected a card list", "game.history.want.cards")
    try:
        return parse_cards(value)
    except SolverError as err:
        raise _bad(field, err) from None


@dataclass(frozen=True)
class HandRecord:
    """A history read back, typed."""

    rules: Rules
    level: int
    trump: str | None
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[tuple[Card, ...], ...]], ...]
    attacker_points: int
    total: int
    outcome: str
    levels: int
    raw: Mapping[str, Any]

    @property
    def has_log(self) -> bool:
        return all(k in self.raw for k in ("log", "deck", "setup"))


def hand_from_dict(d: Any) -> HandRecord:
    """Parse and type-check a history dict (not yet replayed)."""
    if not isinstance(d, Mapping):
        raise HistoryError("a history line must be a JSON object", code="game.history.not_object")
    if d.get("game") == "yishang" and "rules" not in d:
        # `yishang selfplay --out` writes these: not a broken hand (it was
        # told "the field rules is missing"), another game
        raise HistoryError("a Yi Shang Yi Xia game, not a hand", code="game.history.yishang_game")
    for key in REQUIRED:
        if key not in d:
            raise HistoryError(f"missing field {key}", code="game.history.missing_field", field=key)
    if not isinstance(d["rules"], str) or not isinstance(d["options"], Mapping):
        raise _bad("rules", "expected a preset name and an options object", "game.history.want.preset")
    # each field named by itself: a bad trump was told as "Field rules: 'X'
    # is not a trump suit" (a walk)
    try:
        rules = preset(d["rules"], d["options"])
    except SolverError as err:
        raise _bad("rules", err) from None
    try:
        level = parse_level(str(d["level"]))
    except SolverError as err:
        raise _bad("level", err) from None
    try:
        trump = parse_trump(None if d["trump"] is None else str(d["trump"]))
    except SolverError as err:
        raise _bad("trump", err) from None
    if rules.flow not in FLOWS:
        raise _bad("rules", f"{rules.name} has no hand histories", "game.history.want.card_game")
    hands = d["hands"]
    if not isinstance(hands, list) or len(hands) != SEATS:
        raise _bad("hands", "expected four card lists", "game.history.want.four_hands")
    tricks_raw = d["tricks"]
    if not isinstance(tricks_raw, list):
        raise _bad("tricks", "expected a list", "game.history.want.list")
    tricks: list[tuple[int, tuple[tuple[Card, ...], ...]]] = []
    for i, t in enumerate(tricks_raw):
        if not isinstance(t, Mapping) or not isinstance(t.get("plays"), list):
            raise _bad(f"tricks[{i}]", "expected {leader, plays}", "game.history.want.trick")
        leader = _int(t, "leader", 0, 3)
        plays = tuple(tuple(_card_list(p, f"tricks[{i}].plays")) for p in t["plays"])
        tricks.append((leader, plays))
    if not isinstance(d["outcome"], str):
        raise _bad("outcome", "expected a string", "game.history.want.text")
    return HandRecord(
        rules=rules, level=level, trump=trump, dealer=_int(d, "dealer", 0, 3),
        hands=tuple(tuple(_card_list(h, f"hands[{i}]")) for i, h in enumerate(hands)),
        kitty=tuple(_card_list(d["kitty"], "kitty")), tricks=tuple(tricks),
        attacker_points=_int(d, "attacker_points"), total=_int(d, "total"),
        outcome=d["outcome"], levels=_int(d, "levels"), raw=d)


# -- replay ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after ``index`` tricks: hands, tricks so far, points."""

    index: int
    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    attacker_points: int


class Replay:
    """A verified hand that can be stepped trick by trick, forward and back.

    ``frames[0]`` is the start of play; ``frames[i]`` the table after trick i.
    """

    def __init__(self, record: HandRecord, hand: Hand, frames: Sequence[Frame]) -> None:
        self.record = record
        self.hand = hand
        self.frames = tuple(frames)
        self.index = 0

    @property
    def frame(self) -> Frame:
        return self.frames[self.index]

    @property
    def at_end(self) -> bool:
        return self.index == len(self.frames) - 1

    def forward(self) -> Frame:
        if self.index < len(self.frames) - 1:
            self.index += 1
        return self.frame

    def back(self) -> Frame:
        if self.index > 0:
            self.index -= 1
        return self.frame

    def seek(self, index: int) -> Frame:
        self.index = max(0, min(index, len(self.frames) - 1))
        return self.frame


def _first_difference(field: str, recorded: list[Any], replayed: list[Any]) -> None:
    """Raise the first entry of a list field (hands, tricks) the replay
    does not give, down to the one play (cards in the file's notation), or
    the difference in its length."""
    for i, (a, b) in enumerate(zip(recorded, replayed)):
        if a == b:
            continue
        if field == "hands":
            # two card lists that differ late read alike once cut short (a
            # walk): say which cards differ
            raise _cards_differ(f"hands[{i}]", a, b)
        if field == "tricks":
            if a[0] != b[0]:
                raise _mismatch(f"tricks[{i}].leader", a[0], b[0])
            for k, (pa, pb) in enumerate(zip(a[1], b[1])):
                if pa != pb:
                    raise _mismatch(f"tricks[{i}].plays[{k}]", pa, pb)
        raise _mismatch(f"{field}[{i}]", a, b)
    if len(recorded) != len(replayed):
        raise HistoryError(f"{field} has {len(recorded)} entries but the replay gives {len(replayed)}",
                           code="game.history.length", field=field, count=len(recorded),
                           replayed=len(replayed))


def _cards_differ(field: str, recorded: str, replayed: str) -> HistoryError:
    """A recorded hand that is not the one the replay deals: the cards the
    file has and the replay does not (``extra``), and the other way round
    (``missing``), each in the file's notation ("" when none)."""
    a, b = Counter(recorded.split()), Counter(replayed.split())
    extra = " ".join((a - b).elements())
    missing = " ".join((b - a).elements())
    code = "game.history.hand_differs" + ("" if extra and missing else "_extra" if extra else "_missing")
    return HistoryError(f"{field} has {extra or 'nothing'} more and {missing or 'nothing'} less "
                        "than the replay deals", code=code, field=field, extra=extra, missing=missing)


def _mismatch(field: str, recorded: Any, replayed: Any) -> HistoryError:
    return HistoryError(f"{field} is {recorded!r} but the replay gives {replayed!r}",
                        code="game.history.mismatch", field=field, recorded=str(recorded),
                        replayed=str(replayed))


#: Called before each action (deal, declare, bury, play, ...) is applied,
#: with the live hand and the action's record: read what is needed before
#: returning.  A history without a log shows only its plays.
BeforeAction = Callable[[Hand, Record], None]


def _apply(hand: Hand, rec: Record, before: BeforeAction | None = None) -> None:
    seat = rec.seat if rec.seat is not None else -1
    if before is not None:
        before(hand, rec)
    if rec.op == "deal":
        at = len(hand.log)
        got = hand.deal()
        if got != seat or hand.log[at].cards != rec.cards:
            raise _mismatch("deal", f"{seat} {_cards(rec.cards)}", f"{got} {_cards(hand.log[at].cards)}")
    elif rec.op == "declare":
        hand.declare(seat, rec.cards)
    elif rec.op == "pass":
        hand.pass_turn(seat)
    elif rec.op == "riot":
        hand.riot(seat)
    elif rec.op == "bury":
        hand.bury(seat, rec.cards)
    elif rec.op == "reclaim":
        hand.reclaim(seat, rec.cards)
    elif rec.op == "play":
        hand.play(seat, rec.cards)
    else:  # pragma: no cover
        raise AssertionError(rec.op)


def _record_of(item: Any, i: int) -> Record:
    if not isinstance(item, list) or len(item) != 5 or not isinstance(item[0], str) or \
            not (item[1] is None or isinstance(item[1], int)) or not isinstance(item[4], str):
        raise _bad(f"log[{i}]", "expected [op, seat, cards, cards, note]", "game.history.want.record")
    cards = tuple(_card_list(item[2], f"log[{i}]")) if item[2] else ()
    more = tuple(_card_list(item[3], f"log[{i}]")) if item[3] else ()
    return Record(item[0], item[1], cards, more, item[4])


def _replay_log(record: HandRecord, before: BeforeAction | None = None, *,
                finished: bool = True) -> Hand:
    raw = record.raw
    setup_raw = raw["setup"]
    if not isinstance(setup_raw, Mapping):
        raise _bad("setup", "expected an object", "game.history.want.object")
    def opt(key: str, hi: int) -> int | None:
        v = setup_raw.get(key)
        if v is None:
            return None
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= hi:
            raise _bad(f"setup.{key}", f"expected null or a whole number 0..{hi}",
                       "game.history.want.int_or_null", lo=0, hi=hi)
        return v

    lv = setup_raw.get("team_levels")
    if not isinstance(lv, list) or len(lv) != 2:
        raise _bad("setup.team_levels", "expected two levels", "game.history.want.two_levels")
    try:
        levels = (parse_level(str(lv[0])), parse_level(str(lv[1])))
    except SolverError as err:
        raise _bad("setup.team_levels", err) from None
    setup = HandSetup(record.rules, levels, opt("dealer", 3), opt("stage_team", 1),
                      opt("first_seat", 3) or 0, opt("riots", 1000) or 0,
                      opt("number", 10**9) or 0)
    deck_cards = _card_list(raw["deck"], "deck")
    log_raw = raw["log"]
    if not isinstance(log_raw, list):
        raise _bad("log", "expected a list", "game.history.want.list")
    records = [_record_of(item, i) for i, item in enumerate(log_raw)]
    try:
        hand = Hand(setup, deck_cards)
    except GameError as err:
        raise _bad("deck", err) from None
    for i, rec in enumerate(records):
        if not rec.is_action:
            continue
        try:
            _apply(hand, rec, before)
        except GameError as err:
            # ``refusal``: the engine's own refusal (code and params), for the words
            raise HistoryError(f"log[{i}] {rec.op}: {err}", code="game.history.illegal", field=f"log[{i}]",
                               op=rec.op, rule=err.rule, detail=str(err), refusal=err.code,
                               refusal_params=dict(err.params)) from None
        except HistoryError as err:
            raise HistoryError(f"log[{i}]: {err}", code=err.code, **{**err.params, "field": f"log[{i}]"}) \
                from None
    if finished and hand.phase != Phase.DONE:
        raise HistoryError("the log stops before the hand is over", code="game.history.truncated",
                           field="log")
    if hand.log != records:
        for i, (a, b) in enumerate(zip(hand.log, records)):
            if a != b:
                raise _mismatch(f"log[{i}]", b.to_json(), a.to_json())
        raise _mismatch("log", len(records), len(hand.log))
    return hand


def _penalties(raw: Any) -> list[Penalty]:
    """Recorded failed throws (their penalty points count in the total)."""
    if not isinstance(raw, list):
        raise _bad("penalties", "expected a list", "game.history.want.list")
    out = []
    for i, p in enumerate(raw):
        if not isinstance(p, Mapping) or not isinstance(p.get("stake", 0), (int, float)):
            raise _bad(f"penalties[{i}]", "expected {seat, attempted, played, points, stake}",
                       "game.history.want.penalty")
        out.append(Penalty(_int(p, "seat", 0, 3), tuple(_card_list(p.get("attempted", ""), "penalties")),
                           tuple(_card_list(p.get("played", ""), "penalties")), _int(p, "points"),
                           float(p.get("stake", 0))))
    return out


def _replay_tricks(record: HandRecord, before: BeforeAction | None = None) -> Hand:
    if not record.tricks:
        raise HistoryError("the history has no tricks", code="game.history.truncated", field="tricks")
    leader = record.tricks[0][0]
    defenders = record.raw.get("defenders")
    try:
        hand = Hand.at_play(record.rules, record.level, record.trump, record.dealer, leader,
                            record.hands, record.kitty,
                            defenders if isinstance(defenders, int) else None)
    except GameError as err:
        raise _bad("hands", err) from None
    hand.penalties.extend(_penalties(record.raw.get("penalties", [])))
    for i, (lead_seat, plays) in enumerate(record.tricks):
        if hand.phase != Phase.PLAY:
            raise _bad(f"tricks[{i}]", "the hand is already over", "game.history.want.hand_over")
        if lead_seat != hand.turn:
            raise _mismatch(f"tricks[{i}].leader", lead_seat, hand.turn)
        if len(plays) != SEATS:
            raise _bad(f"tricks[{i}]", "a trick has four plays", "game.history.want.four_plays")
        for k, play in enumerate(plays):
            seat = (lead_seat + k) % SEATS
            if before is not None:
                before(hand, Record("play", seat, tuple(play)))
            try:
                got = hand.play(seat, play)
            except GameError as err:
                raise HistoryError(f"tricks[{i}] seat {seat}: {err}", code="game.history.illegal",
                                   field=f"tricks[{i}].plays[{k}]", op="play", rule=err.rule,
                                   detail=str(err), refusal=err.code,
                                   refusal_params=dict(err.params)) from None
            if sorted(got, key=lambda c: c.index) != sorted(play, key=lambda c: c.index):
                raise _mismatch(f"tricks[{i}].plays[{k}]", _cards(play), _cards(got))
    if hand.phase != Phase.DONE:
        raise HistoryError("the tricks stop before the hands are empty",
                           code="game.history.truncated", field="tricks")
    return hand


def resume_hand(record: HandRecord | Mapping[str, Any], before: BeforeAction | None = None) -> Hand:
    """Rebuild a hand saved in progress (or finished) from its log, every
    action checked by the engine, to play on; raises :class:`HistoryError`.
    ``before(hand, record)`` sees the live hand before each action, as in
    :func:`replay`."""
    if isinstance(record, HandRecord):
        rec = record
    elif isinstance(record, Mapping) and record.get("unfinished"):
        # no result yet: only the setup, the deck and the log are replayed
        rec = hand_from_dict({**record, "total": 0, "outcome": "", "levels": 0,
                              "dealer": record.get("dealer") or 0, "attacker_points": 0})
    else:
        rec = hand_from_dict(record)
    if not rec.has_log:
        raise _bad("log", "a hand is resumed from its log", "game.history.want.log")
    return _replay_log(rec, before, finished=False)


def replay(record: HandRecord | Mapping[str, Any], before: BeforeAction | None = None) -> Replay:
    """Rebuild and verify a hand from its history; raises :class:`HistoryError`.
    ``before(hand, record)`` sees the live hand before each action (a hand
    review reads each seat's view there, see :mod:`solver.search.review`)."""
    rec = record if isinstance(record, HandRecord) else hand_from_dict(record)
    hand = _replay_log(rec, before) if rec.has_log else _replay_tricks(rec, before)
    res = hand.result
    assert res is not None
    checks: list[tuple[str, Any, Any]] = [
        ("level", RANK_NAMES[rec.level], RANK_NAMES[hand.level]),
        ("trump", rec.trump or "NT", hand.trump or "NT"),
        ("dealer", rec.dealer, res.dealer),
        ("hands", [_cards(sorted(h, key=lambda c: c.index)) for h in rec.hands],
         [_cards(sorted(h, key=lambda c: c.index)) for h in hand.start_hands]),
        ("kitty", _cards(sorted(rec.kitty, key=lambda c: c.index)),
         _cards(sorted(hand.kitty, key=lambda c: c.index))),
        ("tricks", [(t[0], [_cards(p) for p in t[1]]) for t in rec.tricks],
         [(t.leader, [_cards(p) for p in t.plays]) for t in hand.tricks]),
        ("attacker_points", rec.attacker_points, res.attacker_points),
        ("total", rec.total, res.total),
        ("outcome", rec.outcome, res.outcome),
        ("levels", rec.levels, res.levels),
    ]
    keys = ("defenders", "declarer", "penalty_points", "kitty_points", "multiplier") if rec.has_log \
        else ("defenders", "penalty_points", "kitty_points", "multiplier")
    for key in keys:
        if key in rec.raw:
            checks.append((key, rec.raw[key], getattr(res, key)))
    if rec.has_log:
        regen = hand_to_dict(hand)
        for key in ("declarations", "penalties"):
            if key in rec.raw:
                checks.append((key, rec.raw[key], regen[key]))
    for field, recorded, replayed in checks:
        if recorded != replayed:
            if field in ("tricks", "hands"):
                _first_difference(field, recorded, replayed)
            raise _mismatch(field, recorded, replayed)
    frames = _frames(hand)
    return Replay(rec, hand, frames)


def _frames(hand: Hand) -> list[Frame]:
    hands = [list(h) for h in hand.start_hands]
    frames = [Frame(0, tuple(tuple(h) for h in hands), (), 0)]
    points = 0
    for i, t in enumerate(hand.tricks, start=1):
        for k, play in enumerate(t.plays):
            seat = (t.leader + k) % SEATS
            for c in play:
                hands[seat].remove(c)
        if hand.is_attacker(t.winner):
            points += t.points
        frames.append(Frame(i, tuple(tuple(h) for h in hands), tuple(hand.tricks[:i]), points))
    return frames


__all__ = [
    "resume_hand",
    "FORMAT",
    "REQUIRED",
    "Frame",
    "HandRecord",
    "Replay",
    "hand_from_dict",
    "hand_to_dict",
    "options_of",
    "replay",
]
