"""Hand review (复盘, issue 17): rate every play of one seat in a finished hand.

For each play of the reviewed seat, :func:`rate` finds the engine's best
play and the value of both: the attackers' final total as
:func:`solver.search.hint.hint` defines it (points already won, the rest
under best play by both sides, the kitty bonus included).  The cost is what
the play gave away from the reviewed seat's side (never negative), and a
mark (inaccuracy, mistake, blunder) follows from thresholds calibrated on
self-play (docs/REVIEW.md).

What the seat knew: each play is rated from the seat's own view at that
moment (:class:`solver.game.view.SeatView` →
:func:`solver.search.hidden.knowledge_from_view`): its cards, the tricks so
far, the kitty if it buried it, the cards others showed when declaring.
The hidden hands are sampled from that view, never read from the real deal
(``Decision.knowledge`` holds nothing else), so the evaluation is sampled
(``exact`` false) unless the deal is determined by what the seat saw.  A
second view with all cards open (``Decision.state``, the real deal) is
solved exactly once every hand is small (``OPEN_CARDS``).

The burial (扣底) of a seat that buried the kitty is compared with the
measured policy (:func:`solver.bots.kitty.void_burial`, issue 6's bench);
the engine cannot rate a single burial in points, so it is reported, not
marked.

The rating of one play is a pure function of its :class:`Decision` and the
seed, so plays can be rated in parallel processes (``tutor/`` does that)
and the result does not depend on the order.

A play the seat asked a hint for (the Play screen records what the hint
told, :class:`HintNote`, in the hand's history under ``"hints"``) is rated
on the hint's own evaluation, not on deals of the review's: the best play
and the values are the hint's, so the review never names as better a play
the hint rated worse, nor tells another value for the play it advised.
The review's own deals (16, then 48 more to confirm a mark) came from
another random stream, with other beliefs about the other seats (the hint
reads the partner's play too) and another pruning of the candidates, so
within the noise of either it named other best plays than the hint had
(the learner walk of 2026-12-03: "play ♣4 ♣4 ... either will do" at the
Play screen, "♠9 ... 90.4, yours 86.8" in the review).
"""

from __future__ import annotations

import dataclasses
import math
import random
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.bots.kitty import VoidBurier, known_trump
from solver.cards import FACES, Card, format_cards, parse_cards
from solver.game.hand import Hand as GameHand, Penalty, Record
from solver.game.view import SeatView
from solver.history import HandRecord, hand_from_dict, replay
from solver.search.alphabeta import SearchTimeout, Solver, State, equivalence_classes
from solver.position import Position
from solver.search.hidden import Knowledge, knowledge_from_view
from solver.errors import SolverError
from solver.search.hint import Hint, knowledge_of
from solver.rules import PenaltyKind
from solver.scoring import level_outcome
from solver.search.model import CachedMoves, Hand, Hands, Play, Table, faces
from solver.search.pimc import Estimate, candidates, evaluate
from solver.step import throw_step
from solver.units import THROW, classify
from solver.trump import TrumpContext

#: Marks by cost (points given away), calibrated on self-play
#: (``bench/bench_review.py --calibrate``, docs/REVIEW.md): the smallest
#: cost that earns each mark.
INACCURACY = 5.0
MISTAKE = 10.0
BLUNDER = 20.0
#: Sampled deals per play (the same deals for every candidate).
SAMPLES = 16
#: A play that would earn a mark on ``SAMPLES`` deals is valued again, with
#: the best, on this many more before the mark is given: 16 deals marked a
#: play the Play screen's hint (some 200 deals) had chosen (the learner walk
#: of 2026-12-03).  A mark is a claim, checked on 64 deals.
CONFIRM_SAMPLES = 48
#: A mark says the play gave points away; it is given only when the deals
#: show that: the mean of the paired differences (the best play against the
#: play made, deal by deal) at least this many standard errors above 0.
#: Below, the review says the deals cannot tell the two apart (a close play
#: on which a hint over other deals may prefer either).
MARK_Z = 2.0
#: Exact search on each sampled deal once hands hold at most this many cards.
EXACT_CARDS = 4
#: The all-cards-open view is solved exactly up to this many cards per hand.
OPEN_CARDS = 6
#: Seconds the open view may take for one play before it is left out.
OPEN_SECONDS = 5.0

MARKS = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True, slots=True)
class HintNote:
    """What the Play screen's hint told before a play, kept for the review
    of that play (:func:`note_from_hint`; JSON in the hand's history,
    ``"hints"``).  Values are the attackers' final total as the hint told
    them; ``paired`` is the paired difference, best play against the play
    made, for the seat's side, on the deals the hint valued both on:
    ``(deals, mean, standard deviation)``."""

    index: int              # the seat's n-th play in the hand (0-based)
    trick: int
    seat: int
    played: Play
    best: Play
    value: float            # the hint's value of its best play, as told
    samples: int            # the deals the hint valued its plays on
    exact: bool
    #: the hint's value of the play made (None: the hint did not value it)
    played_value: float | None = None
    paired: tuple[int, float, float] = (0, 0.0, 0.0)

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "trick": self.trick, "seat": self.seat,
                "played": _faces_text(self.played), "best": _faces_text(self.best),
                "value": self.value, "samples": self.samples, "exact": self.exact,
                "played_value": self.played_value,
                "paired": [self.paired[0], round(self.paired[1], 3), round(self.paired[2], 3)]}

    @classmethod
    def from_json(cls, d: Any) -> HintNote | None:
        """A note read back (None when it is not one: the review then rates
        the play on its own deals)."""
        try:
            pv = d.get("played_value")
            n, mean, sd = d.get("paired") or (0, 0.0, 0.0)
            return cls(index=int(d["index"]), trick=int(d["trick"]), seat=int(d["seat"]),
                       played=faces(parse_cards(str(d["played"]))),
                       best=faces(parse_cards(str(d["best"]))), value=float(d["value"]),
                       samples=int(d["samples"]), exact=bool(d.get("exact", False)),
                       played_value=None if pv is None else float(pv),
                       paired=(int(n), float(mean), float(sd)))
        except (AttributeError, KeyError, TypeError, ValueError, SolverError):
            return None


def _faces_text(play: Play) -> str:
    return format_cards([FACES[f] for f in play])


def note_from_hint(h: Hint, played: Sequence[Card], *, index: int, trick: int,
                   knowledge: Callable[[], Knowledge] | None = None) -> HintNote:
    """What hint ``h`` told, for the review of the play made after it
    (``played``, the seat's ``index``-th play, in trick ``trick``).  The
    play made is found among the plays the hint valued, or (with
    ``knowledge``, the seat's knowledge then, asked only in that case) a
    play of faces equivalent to it in every deal the seat thought possible
    (the hint lists such plays once)."""
    mine, best = faces(played), faces(h.best)
    values: Sequence[float] | None = None
    played_value: float | None = None
    best_values: Sequence[float] = h.deal_values
    for p, vs in h.play_values:
        if faces(p) == mine:
            values = vs
    if values is None and knowledge is not None and h.play_values:
        k = knowledge()
        sig = _signature(k, mine)
        values = next((vs for p, vs in h.play_values if _signature(k, faces(p)) == sig), None)
    if values is not None:
        played_value = round(sum(values) / len(values), 1) if values else None
    elif h.exact or not h.play_values:
        # exact (or one known deal): the value the hint listed for the play
        played_value = h.value_of(played)
        if played_value is not None:
            values, best_values = (played_value,), (h.value,)
    diff = paired(best_values, values, h.attacker) if values is not None and played_value is not None \
        else (0, 0.0, 0.0)
    return HintNote(index=index, trick=trick, seat=h.seat, played=mine, best=best, value=h.value,
                    samples=h.samples, exact=h.exact, played_value=played_value, paired=diff)


def _signature(k: Knowledge, play: Play) -> tuple[int, ...]:
    """A play's faces by their equivalence class in every deal the seat
    thinks possible (as :func:`solver.search.pimc.candidates` lists plays)."""
    table, _moves = _TOOLS.get(k)
    outside = tuple(sorted(k.unknown() + [f for s, h in enumerate(k.known) if s != k.viewer
                                         for f in h]))
    classes = equivalence_classes(table, (k.own, outside, (), ()), 0, k.trick) or {}
    return tuple(sorted(classes.get(f, f) for f in play))


def mark_of(cost: float) -> str | None:
    """The mark a cost earns (None below the inaccuracy threshold).

    >>> [mark_of(c) for c in (0, INACCURACY, MISTAKE, BLUNDER)]
    [None, 'inaccuracy', 'mistake', 'blunder']
    """
    if cost >= BLUNDER:
        return "blunder"
    if cost >= MISTAKE:
        return "mistake"
    if cost >= INACCURACY:
        return "inaccuracy"
    return None


@dataclass(frozen=True, slots=True)
class Decision:
    """One play of the reviewed seat, as it was made.

    ``knowledge`` is all the rating reads (the seat's view); ``state`` is
    the real deal at that moment, used only by the open view."""

    index: int              # the seat's n-th play in the hand (0-based)
    trick: int              # trick number (0-based)
    seat: int
    knowledge: Knowledge
    played: Play
    state: State
    #: A throw that failed (R-THROW-FAIL): the engine's record of it.
    penalty: Penalty | None = None
    #: What the hint the seat asked for before this play told (None: no hint).
    hint: HintNote | None = None


@dataclass(frozen=True, slots=True)
class OpenView:
    """The exact answer with every card open (the real deal)."""

    best: tuple[Card, ...]
    value_best: float
    value_played: float
    cost: float


@dataclass(frozen=True, slots=True)
class PlayReview:
    index: int
    trick: int
    seat: int
    attacker: bool
    played: tuple[Card, ...]
    best: tuple[Card, ...]
    value_played: float
    value_best: float
    cost: float
    mark: str | None
    exact: bool
    samples: int
    choices: int            # distinct legal plays the seat had (1: forced)
    open: OpenView | None = None
    #: False when the deals cannot tell the play from the best (no mark,
    #: whatever the cost: :data:`MARK_Z`).
    sure: bool = True
    #: The throw failed in the real deal (R-THROW-FAIL): the unit played
    #: alone and its penalty.  The values above are the throw's over the
    #: deals the seat could not tell apart (it fails in some of them).
    failed: tuple[Card, ...] = ()
    penalty_points: int = 0
    penalty_stake: float = 0.0
    #: Rated on the evaluation of the hint the seat asked for before the
    #: play (:class:`HintNote`): the values and ``samples`` are the hint's.
    hinted: bool = False
    #: A throw led: in how many of the ``samples`` deals it fails
    #: (R-THROW-FAIL, adjudicated on each deal as the engine does; the
    #: values above are the forced unit's plus the penalty there); None
    #: for a play that is not a throw.
    fails: int | None = None
    #: The rules' penalty for a failed throw is in points (R-THROW-FAIL):
    #: the values above include it where the throw fails.
    penalty_in_points: bool = False

    @property
    def forced(self) -> bool:
        return self.choices == 1

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "trick": self.trick + 1, "played": format_cards(self.played),
            "best": format_cards(self.best), "value_played": _num(self.value_played),
            "value_best": _num(self.value_best), "cost": _num(self.cost), "mark": self.mark,
            "exact": self.exact, "samples": self.samples, "forced": self.forced,
            "sure": self.sure,
        }
        if self.hinted:
            out["hinted"] = True
        if self.failed:
            out["failed"] = {"played": format_cards(self.failed), "points": self.penalty_points,
                             "stake": self.penalty_stake}
        if self.fails is not None:
            out["fails"] = self.fails
        if self.open is not None:
            out["open"] = {"best": format_cards(self.open.best),
                           "value_best": _num(self.open.value_best),
                           "value_played": _num(self.open.value_played),
                           "cost": _num(self.open.cost)}
        return out


@dataclass(frozen=True, slots=True)
class BurialReview:
    """The seat's burial next to the measured policy's (not rated in points)."""

    buried: tuple[Card, ...]
    policy: tuple[Card, ...]
    same: bool
    points_buried: int
    #: The policy's burial empties a plain suit (R-FOLLOW: that suit can be
    #: trumped later); when none can be emptied it buries low cards without
    #: points instead, and the review must not call it "suit-emptying".
    voids: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"buried": format_cards(self.buried), "policy": format_cards(self.policy),
                "same": self.same, "points": self.points_buried, "voids": self.voids}


@dataclass(slots=True)
class HandReview:
    hand: int
    seat: int
    plays: list[PlayReview] = field(default_factory=list)
    burial: BurialReview | None = None

    @property
    def accuracy(self) -> int:
        """Share (percent) of the seat's unforced plays that earned no mark
        (100 when every play was forced)."""
        free = [p for p in self.plays if not p.forced]
        if not free:
            return 100
        return round(100 * sum(1 for p in free if p.mark is None) / len(free))

    def counts(self) -> dict[str, int]:
        c = Counter(p.mark for p in self.plays if p.mark)
        return {m: c.get(m, 0) for m in MARKS}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hand": self.hand, "seat": self.seat, "accuracy": self.accuracy,
                               "plays": [p.to_json() for p in self.plays]}
        if self.burial is not None:
            out["burial"] = self.burial.to_json()
        return out


def _num(v: float) -> float | int:
    return int(v) if float(v).is_integer() else round(v, 1)


# -- collecting the decisions ----------------------------------------------------


def decisions(record: HandRecord | dict[str, Any], seat: int
              ) -> tuple[list[Decision], BurialReview | None]:
    """Replay (and so verify) a history; every play of ``seat`` with the
    seat's view at that moment, and its burial if it buried the kitty."""
    rec = record if isinstance(record, HandRecord) else hand_from_dict(record)
    out: list[Decision] = []
    burial: list[BurialReview] = []

    def before(hand: GameHand, action: Record) -> None:
        if action.seat != seat:
            return
        if action.op == "bury":
            burial[:] = [_burial(hand, seat, action.cards)]
        if action.op != "play":
            return
        k = knowledge_from_view(SeatView(hand, seat))
        kitty_points = sum(c.points for c in hand.kitty)
        hands = tuple(tuple(sorted(c.index for c in hand.hands[s].elements())) for s in range(4))
        assert hand.leader is not None and hand.defenders is not None
        st = State((hands[0], hands[1], hands[2], hands[3]), hand.leader,
                   tuple(faces(p) for p in hand.current), hand.points_so_far,
                   hand.defenders, kitty_points)
        out.append(Decision(len(out), len(hand.tricks), seat, k, faces(action.cards), st))

    hand = replay(rec, before).hand
    # Which of those plays were throws that failed, in order (R-THROW-FAIL).
    failed = [p for p in hand.penalties if p.seat == seat]
    for i, d in enumerate(out):
        if failed and d.played == faces(failed[0].attempted):
            p = failed.pop(0)
            out[i] = dataclasses.replace(d, penalty=p)
    for note in hint_notes(rec.raw):
        if note.seat == seat and 0 <= note.index < len(out):
            d = out[note.index]
            if d.played == note.played and d.trick == note.trick:
                out[note.index] = dataclasses.replace(d, hint=note)
    return out, (burial[0] if burial else None)


def hint_notes(raw: Any) -> list[HintNote]:
    """The hint notes of a history dict (``"hints"``; malformed ones left out)."""
    got = raw.get("hints") if hasattr(raw, "get") else None
    if not isinstance(got, list):
        return []
    return [n for n in map(HintNote.from_json, got) if n is not None]


def decision_from_position(pos: Position, played: Sequence[Card], *, index: int = 0,
                           trick: int = 0, viewer: int | None = None,
                           tricks: Sequence[tuple[int, Sequence[Sequence[Card]]]] = ()
                           ) -> Decision:
    """A decision from a position with every hand filled in (the open
    view's deal), rated from the view of the seat to move (``viewer``,
    default the mover): its own hand and what is public, hidden hands
    sampled.  ``tricks`` are finished tricks that showed voids."""
    seat = pos.turn
    if viewer is not None and viewer != seat:
        raise ValueError("the viewer is not to move")
    view = pos.copy()
    view.hands = [h if s == seat else None for s, h in enumerate(pos.hands)]
    view.viewer = seat
    k = knowledge_of(view, tricks)
    hands = tuple(faces(pos.hand(s)) for s in range(4))
    st = State((hands[0], hands[1], hands[2], hands[3]), pos.leader,
               tuple(faces(p) for p in pos.trick), pos.attacker_points, pos.dealer,
               sum(c.points for c in pos.kitty))
    return Decision(index, trick, seat, k, faces(played), st)


def _burial(hand: GameHand, seat: int, buried: Sequence[Card]) -> BurialReview:
    """What the seat buried next to what the measured policy
    (:class:`solver.bots.kitty.VoidBurier`) buries from the same cards."""
    view = SeatView(hand, seat)
    policy = VoidBurier().bury(view, len(buried))
    same = Counter(policy) == Counter(buried)
    is_trump = known_trump(view)  # as the policy reads the hand
    kept = Counter(view.cards) - Counter(policy)
    voids = bool({c.suit for c in view.cards if not is_trump(c)} - {c.suit for c in kept if not is_trump(c)})
    def order(cards: Sequence[Card]) -> tuple[Card, ...]:
        if hand.ctx is None:  # wusaner: the trump suit is still secret
            return tuple(sorted(cards, key=lambda c: c.index))
        return tuple(hand.ctx.sorted(cards))

    return BurialReview(order(buried), order(policy), same,
                        sum(c.points for c in buried), voids)


# -- rating one play ------------------------------------------------------------------


class _Tools:
    """Per-process memo tables, one pair per trump context."""

    def __init__(self) -> None:
        self.key: object = None
        self.table: Table | None = None
        self.moves: CachedMoves | None = None

    def get(self, k: Knowledge) -> tuple[Table, CachedMoves]:
        key = (k.ctx.rules, k.ctx.level, k.ctx.trump)
        if key != self.key or self.table is None or self.moves is None:
            self.key, self.table, self.moves = key, Table(k.ctx), CachedMoves(k.ctx)
        return self.table, self.moves


_TOOLS = _Tools()


def determined(k: Knowledge) -> bool:
    """Whether what the seat saw fixes the hidden cards (at most one place
    holds unknown cards), so one deal is the only deal."""
    places = sum(1 for s in range(4) if s != k.viewer and k.sizes[s] > len(k.known[s]))
    if k.kitty is None and k.kitty_size:
        places += 1
    return places <= 1


def throw_on_deal(k: Knowledge, play: Play, hands: Hands) -> tuple[Play, int] | None:
    """R-THROW-FAIL on one deal: ``play`` led by the viewer as a throw
    fails against the other three hands of ``hands`` → the unit played
    alone and the attackers' points of the penalty (the engine's
    :func:`solver.step.throw_step`); None when it stands or is no throw."""
    if k.trick or len(play) < 2:
        return None
    cards = [FACES[f] for f in play]
    if classify(k.ctx, cards).type != THROW:
        return None
    others = [[FACES[f] for f in hands[s]] for s in range(4) if s != k.viewer]
    dealer_side = (k.viewer - k.dealer) % 2 == 0
    forced, pen = throw_step(k.ctx, cards, others, dealer_side)
    if pen is None:
        return None
    return faces(forced), pen.attacker_points


def _as_dealt(k: Knowledge, est: Estimate, deals: Sequence[tuple[Hands, Hand]],
              table: Table, moves: CachedMoves) -> tuple[Estimate, int | None]:
    """``est`` (a lead valued on ``deals`` in order, as if it stood) with
    each deal on which the throw fails valued as the engine plays it
    there: its forced unit, searched on that deal alike, plus the
    penalty's points (R-THROW-FAIL).  The search's candidates are safe
    throws only; a throw the seat made may fail.  Returns the estimate and
    in how many deals the throw fails (None: not a throw)."""
    if k.trick or len(est.play) < 2 or \
            classify(k.ctx, [FACES[f] for f in est.play]).type != THROW:
        return est, None
    out = Estimate(est.play)
    fails = 0
    rules = k.ctx.rules
    for (hands, kitty), value in zip(deals, est.values):
        failed = throw_on_deal(k, est.play, hands)
        if failed is not None:
            fails += 1
            forced, points = failed
            one = evaluate(k, budget=float("inf"), given=[(hands, kitty)], min_samples=1, max_samples=1,
                           exact_cards=EXACT_CARDS, plays=[forced], moves=moves, table=table)
            value = one.estimates[0].values[0] + points
        out.add(value, level_outcome(rules, max(0, int(round(value / 5.0)) * 5)))
    return out, fails


def _best_of(ests: Sequence[Estimate], samples: int, attacker: bool) -> Estimate:
    """The best of the estimates valued on every deal (those pruned early
    rank below, as :func:`evaluate` orders them)."""
    full = [e for e in ests if e.samples == samples] or list(ests)
    return max(full, key=lambda e: e.mean) if attacker else min(full, key=lambda e: e.mean)


def rate(d: Decision, *, samples: int = SAMPLES, seed: int = 0, open_view: bool = True
         ) -> PlayReview:
    """Rate one play from the seat's view (see the module doc): on the
    evaluation of the hint the seat asked for before it (``d.hint``), else
    on deals drawn from a stream fixed by ``seed`` and the position (the
    same decision is always rated alike)."""
    k = d.knowledge
    table, moves = _TOOLS.get(k)
    attacker = (d.seat - k.dealer) % 2 == 1
    cands = candidates(k, moves, table)
    choices = len(cands)
    played = d.played
    if played not in cands:
        cands.append(played)
    exact_deal = determined(k)
    n = 1 if exact_deal else samples
    tag = f"{seed}:{d.seat}:{k.own}:{k.trick}:{len(k.seen)}"
    if d.hint is not None:
        return _rate_hinted(d, d.hint, attacker, choices, tag, table, moves, open_view)
    ev = evaluate(k, budget=float("inf"), rng=random.Random(zlib.crc32(tag.encode())),
                  min_samples=n, max_samples=n, exact_cards=EXACT_CARDS, plays=cands,
                  moves=moves, table=table, always=(played,))
    mine, fails = _as_dealt(k, next(e for e in ev.estimates if e.play == played), ev.deals, table, moves)
    table.trim()
    best = ev.best
    if fails:  # the throw, valued as it would fail, may no longer be the best
        best = _best_of([mine if e.play == played else e for e in ev.estimates], ev.samples, attacker)
    gain = (best.mean - mine.mean) if attacker else (mine.mean - best.mean)
    samples = ev.samples
    if gain >= INACCURACY and choices > 1 and not exact_deal:
        # confirm on more deals (the same fresh deals for both plays)
        more = evaluate(k, budget=float("inf"), rng=random.Random(zlib.crc32((tag + ":more").encode())),
                        min_samples=CONFIRM_SAMPLES, max_samples=CONFIRM_SAMPLES,
                        exact_cards=EXACT_CARDS, plays=[best.play, played], moves=moves, table=table,
                        always=(best.play, played))
        extra, more_fails = _as_dealt(k, next(e for e in more.estimates if e.play == played), more.deals,
                                      table, moves)
        table.trim()
        best.extend(next(e for e in more.estimates if e.play == best.play))
        mine.extend(extra)
        if fails is not None and more_fails is not None:
            fails += more_fails
        samples += more.samples
        gain = (best.mean - mine.mean) if attacker else (mine.mean - best.mean)
    if gain <= 1e-9 or choices == 1:
        best, gain = mine, 0.0
    # the cost is the difference of the two totals as shown (rounded first):
    # "8.1 points … (120.9, not 112.9)" did not add up
    value_best, value_played = round(best.mean, 1), round(mine.mean, 1)
    cost = round(max(0.0, (value_best - value_played) if attacker else (value_played - value_best)), 1)
    sure = best is mine or shown_apart(best.values, mine.values, attacker)
    pen = d.penalty
    return PlayReview(
        index=d.index, trick=d.trick, seat=d.seat, attacker=attacker,
        played=_cards(k.ctx, played), best=_cards(k.ctx, best.play), value_played=value_played,
        value_best=value_best, cost=cost,
        mark=None if choices == 1 or not sure else mark_of(cost),
        exact=exact_deal and ev.exact_leaves, samples=samples, choices=choices,
        open=_open(d, table, moves) if open_view else None, sure=sure,
        failed=tuple(pen.played) if pen else (), penalty_points=pen.points if pen else 0,
        penalty_stake=pen.stake if pen else 0.0, fails=fails,
        penalty_in_points=k.ctx.rules.penalty_kind == PenaltyKind.POINTS)


def _rate_hinted(d: Decision, note: HintNote, attacker: bool, choices: int, tag: str,
                 table: Table, moves: CachedMoves, open_view: bool) -> PlayReview:
    """Rate a play on the hint asked before it (see the module doc): the
    hint's best play and values, its deals' paired difference for the
    mark.  A play the hint did not value (a throw it did not list) is
    valued against the hint's best on ``SAMPLES + CONFIRM_SAMPLES`` deals
    of the review's, and told as the hint's value of its best play less
    the difference measured there."""
    k = d.knowledge
    played = d.played
    value_best = value_played = round(note.value, 1)
    samples = note.samples
    sure = from_hint = True
    fails: int | None = None
    if note.best != played and choices > 1:
        if note.played_value is not None:
            value_played = round(note.played_value, 1)
            n, mean, sd = note.paired
            sure = apart(n, mean, sd)
        else:
            count = SAMPLES + CONFIRM_SAMPLES
            ev = evaluate(k, budget=float("inf"), rng=random.Random(zlib.crc32((tag + ":hint").encode())),
                          min_samples=count, max_samples=count, exact_cards=EXACT_CARDS,
                          plays=[note.best, played], moves=moves, table=table,
                          always=(note.best, played))
            table.trim()
            b = next(e for e in ev.estimates if e.play == note.best)
            m, fails = _as_dealt(k, next(e for e in ev.estimates if e.play == played), ev.deals, table, moves)
            table.trim()
            value_played = round(value_best - (b.mean - m.mean), 1)
            samples, from_hint = ev.samples, False
            sure = shown_apart(b.values, m.values, attacker)
    cost = round((value_best - value_played) if attacker else (value_played - value_best), 1)
    if cost <= 0 or choices == 1:
        # the hint's deals do not show the play made worse: it is as good
        # as the best, at the value the hint gave it
        best, value_best, cost, sure = played, value_played, 0.0, True
    else:
        best = note.best
    pen = d.penalty
    return PlayReview(
        index=d.index, trick=d.trick, seat=d.seat, attacker=attacker,
        played=_cards(k.ctx, played), best=_cards(k.ctx, best), value_played=value_played,
        value_best=value_best, cost=cost,
        mark=None if choices == 1 or not sure else mark_of(cost),
        exact=note.exact, samples=samples, choices=choices,
        open=_open(d, table, moves) if open_view else None, sure=sure,
        failed=tuple(pen.played) if pen else (), penalty_points=pen.points if pen else 0,
        penalty_stake=pen.stake if pen else 0.0, hinted=from_hint, fails=fails,
        penalty_in_points=k.ctx.rules.penalty_kind == PenaltyKind.POINTS)


def apart(n: int, mean: float, sd: float) -> bool:
    """:func:`shown_apart` from the paired differences' count, mean and
    standard deviation (``n - 1`` in the denominator).

    >>> apart(3, 5.0, 0.0), apart(4, 0.0, 5.77)
    (True, False)
    """
    if n == 0:
        return False
    if n == 1:
        return mean > 0
    return mean > 0 and mean >= MARK_Z * sd / math.sqrt(n)


def shown_apart(best: Sequence[float], played: Sequence[float], attacker: bool) -> bool:
    """Whether the deals show the best play better than the play made: the
    paired differences (for the seat's side, deal by deal) have a mean at
    least :data:`MARK_Z` standard errors above 0.  One deal (the hidden cards
    fixed) or differences that never vary show it whenever the mean is
    above 0.

    >>> shown_apart([10, 10, 10], [5, 5, 5], True), shown_apart([10, 0, 10, 0], [0, 10, 0, 10], True)
    (True, False)
    """
    return apart(*paired(best, played, attacker))


def paired(best: Sequence[float], played: Sequence[float], attacker: bool) -> tuple[int, float, float]:
    """The paired differences, best play against the play made, for the
    seat's side, deal by deal: (count, mean, standard deviation with
    ``n - 1`` in the denominator; 0 for fewer than two deals).

    >>> paired([10, 12], [5, 5], True)
    (2, 6.0, 1.4142135623730951)
    """
    diffs = [(b - p) if attacker else (p - b) for b, p in zip(best, played)]
    n = len(diffs)
    if n == 0:
        return 0, 0.0, 0.0
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
    return n, mean, sd


def _open(d: Decision, table: Table, moves: CachedMoves) -> OpenView | None:
    """The exact values with every card open, when the hands are small."""
    import time

    st = d.state
    if max(len(h) for h in st.hands) > OPEN_CARDS:
        return None
    solver = Solver(table, moves, dealer=st.dealer, kitty_points=st.kitty_points,
                    deadline=time.perf_counter() + OPEN_SECONDS)
    try:
        values = solver.analyse(st)
        played_v = next((v for p, v in values if p == d.played), None)
        failed = None
        if played_v is None:
            failed = throw_on_deal(d.knowledge, d.played, st.hands)
            if failed is None:
                played_v = solver.value(solver.after(st, d.played))
            else:  # R-THROW-FAIL: the unit played alone, and the penalty
                played_v = solver.value(solver.after(st, failed[0])) + failed[1]
    except SearchTimeout:
        return None
    best_p, best_v = values[0]
    attacker = (d.seat - st.dealer) % 2 == 1
    gain = (best_v - played_v) if attacker else (played_v - best_v)
    if gain <= 0:
        # as good as the best: a failed throw's best is the unit that reached
        # the table, never the throw (a walk read "best: BJ ♠2 ♥2 ♦2" of one)
        best_p, best_v, gain = (failed[0] if failed is not None else d.played), played_v, 0
    return OpenView(_cards(d.knowledge.ctx, best_p), float(best_v), float(played_v), float(gain))


def _cards(ctx: TrumpContext, play: Play) -> tuple[Card, ...]:
    """A play's cards in the order the hand shows them (the hint names its
    play in this order too)."""
    return tuple(ctx.sorted(FACES[f] for f in play))


# -- a whole hand -----------------------------------------------------------------


def review(record: HandRecord | dict[str, Any], seat: int = 0, *, hand: int = 0,
           samples: int = SAMPLES, seed: int = 0, open_view: bool = True,
           rater: Callable[[Sequence[Decision]], Iterator[PlayReview]] | None = None,
           on_play: Callable[[PlayReview, int], None] | None = None) -> HandReview:
    """Review every play of ``seat`` (in order).  ``rater`` rates the
    decisions (default: one by one here; ``tutor`` passes a process pool);
    ``on_play(review, total)`` is called as each play is rated."""
    ds, burial = decisions(record, seat)
    out = HandReview(hand, seat, burial=burial)
    if rater is None:
        it: Iterator[PlayReview] = (rate(d, samples=samples, seed=seed, open_view=open_view)
                                    for d in ds)
    else:
        it = rater(ds)
    for pr in it:
        out.plays.append(pr)
        if on_play is not None:
            on_play(pr, len(ds))
    return out



__all__ = ["BLUNDER", "INACCURACY", "MARKS", "MISTAKE", "BurialReview", "Decision",
           "HandReview", "HintNote", "OpenView", "PlayReview", "apart", "decision_from_position",
           "decisions", "determined", "hint_notes", "mark_of", "note_from_hint", "paired", "rate", "review"]
