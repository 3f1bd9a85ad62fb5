"""The hint engine: best play, value, alternatives and why (issue 6).

:func:`hint` answers for a :class:`solver.position.Position`:

* all hands known: exact search (:class:`~solver.search.alphabeta.Solver`)
  when the hands are small enough to finish within the budget, each legal
  play with its exact value;
* hidden hands (``viewer``): sampled deals consistent with what the viewer
  knows, each play with its expected value and the probability of each
  outcome bracket (R-LEVELS).

:func:`explain` says why the best play is best, as message ids of the
``hint`` catalog with parameters (:class:`Reason`), and what the learner's
own play would cost.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.cards import FACES, Card, format_cards
from solver.errors import SolverError
from solver.position import Position
from solver.scoring import level_outcome
from solver.search.alphabeta import SearchTimeout, Solver, State
from solver.search.hidden import (
    InconsistentKnowledge, Knowledge, sample_deal, voids_from_tricks)
from solver.search.model import POINTS, CachedMoves, Hand, Play, Table, faces, remove
from solver.search import pimc
from solver.search.pimc import _Limited, candidates, evaluate
from solver.units import TRACTOR, classify, decompose

#: Full-information positions up to this many cards per hand are solved exactly.
EXACT_LIMIT = 8
#: Up to this many cards per hand the exact search gets at least SURE_SECONDS.
SURE_CARDS = 6
SURE_SECONDS = 60.0


class HintError(SolverError):
    """A position the hint engine cannot answer (message ids ``hint.error.*``)."""

    code = "hint.error.position"


@dataclass(frozen=True, slots=True)
class Reason:
    """One localizable explanation: ``code`` is a message id of the ``hint``
    catalog, ``params`` fill its placeholders."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}


@dataclass(frozen=True, slots=True)
class Hint:
    seat: int
    attacker: bool
    best: tuple[Card, ...]
    value: float
    exact: bool
    alternatives: tuple[tuple[tuple[Card, ...], float], ...]
    outcomes: Mapping[tuple[str, int], float]
    samples: int
    reasons: tuple[Reason, ...] = ()
    learner: tuple[tuple[Card, ...], float] | None = None

    def value_of(self, play: Sequence[Card]) -> float | None:
        key = faces(play)
        for p, v in self.alternatives:
            if faces(p) == key:
                return v
        return None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "best": format_cards(self.best),
            "value": _num(self.value),
            "exact": self.exact,
            "alternatives": [{"play": format_cards(p), "value": _num(v)}
                             for p, v in self.alternatives],
            "seat": self.seat,
            "side": "attackers" if self.attacker else "dealers",
            "outcomes": [{"outcome": o, "levels": lv, "p": round(p, 3)}
                         for (o, lv), p in self.outcomes.items()],
            "samples": self.samples,
            "reasons": [r.to_json() for r in self.reasons],
        }
        if self.learner is not None:
            out["play"] = format_cards(self.learner[0])
            out["play_value"] = _num(self.learner[1])
        return out


def _num(v: float) -> float | int:
    return int(v) if float(v).is_integer() else round(v, 1)


def _cards(play: Play) -> tuple[Card, ...]:
    return tuple(FACES[f] for f in play)


def _state(pos: Position) -> State:
    hands = tuple(faces(pos.hand(s)) for s in range(4))
    return State((hands[0], hands[1], hands[2], hands[3]), pos.leader,
                 tuple(faces(p) for p in pos.trick), pos.attacker_points, pos.dealer,
                 sum(c.points for c in pos.kitty))


def knowledge_of(pos: Position, tricks: Sequence[tuple[int, Sequence[Sequence[Card]]]] = ()
                 ) -> Knowledge:
    """What ``pos.viewer`` knows in ``pos`` (plus an optional trick history
    ``(leader, plays)`` that shows voids)."""
    viewer = pos.viewer
    if viewer is None:
        raise HintError("no viewer", code="hint.error.viewer")
    own = faces(pos.hand(viewer))
    n = len(pos.trick[0]) if pos.trick else 0
    played_now = {(pos.leader + i) % 4 for i in range(len(pos.trick))}
    base = len(own) + (n if viewer in played_now else 0)
    sizes = tuple(base - (n if s in played_now else 0) for s in range(4))
    known: list[Hand] = [(), (), (), ()]
    for s in range(4):
        h = pos.hands[s]
        if s != viewer and h is not None:
            known[s] = faces(h)
    trick = tuple(faces(p) for p in pos.trick)
    history = [(ld, tuple(faces(p) for p in plays)) for ld, plays in tricks]
    history.append((pos.leader, trick))
    kitty_known = viewer == pos.dealer and len(pos.kitty) > 0
    k = Knowledge(ctx=pos.ctx, viewer=viewer, dealer=pos.dealer, leader=pos.leader, own=own,
                  seen=faces(pos.played), trick=trick,
                  sizes=(sizes[0], sizes[1], sizes[2], sizes[3]), points=pos.attacker_points,
                  kitty=faces(pos.kitty) if kitty_known else None,
                  kitty_size=0 if kitty_known else (len(pos.kitty) or pos.ctx.rules.kitty_size),
                  voids=voids_from_tricks(pos.ctx, history), known=tuple(known))
    return k


def hint(pos: Position, *, budget: float = 2.0, seed: int = 0,
         play: Sequence[Card] | None = None,
         tricks: Sequence[tuple[int, Sequence[Sequence[Card]]]] = ()) -> Hint:
    """The hint for the seat to move in ``pos`` (see the module doc).
    ``play``: the learner's own play, valued and explained against the best."""
    if pos.is_over() or all(not h for h in pos.hands if h is not None):
        raise HintError("the hand is over", code="hint.error.over")
    seat = pos.turn
    hidden = any(h is None for h in pos.hands)
    if hidden and pos.viewer != seat:
        raise HintError("the viewer is not to move", code="hint.error.not_to_move",
                        seat=seat, viewer=pos.viewer)
    if play is not None and not pos.is_legal(play):
        raise HintError("the play is not legal", code="hint.error.illegal_play",
                        play=format_cards(play))
    start = time.perf_counter()
    table, moves = Table(pos.ctx), CachedMoves(pos.ctx)
    attacker = (seat - pos.dealer) % 2 == 1
    if not hidden:
        st = _state(pos)
        if len(st.hands[seat]) <= EXACT_LIMIT:
            # Small endgames are always solved exactly; bigger ones only
            # when the search ends within the budget.
            allowed = max(budget, SURE_SECONDS) if len(st.hands[seat]) <= SURE_CARDS else budget
            solver = Solver(table, moves, dealer=st.dealer, kitty_points=st.kitty_points,
                            deadline=start + max(allowed, 0.1))
            try:
                values = solver.analyse(st)
            except SearchTimeout:
                values = None
            if values is not None:
                return _exact_hint(pos, st, solver, values, attacker, play)
        # Too big to solve in the budget: one known deal, evaluated heuristically.
    k = _knowledge_or_full(pos, tricks, hidden)
    try:
        cands = candidates(k, moves, table)
        if play is not None and faces(play) not in cands:
            cands.append(faces(play))
        # Keep a fifth of the budget for the explanation.
        ev = evaluate(k, budget=max(0.0, 0.8 * budget - (time.perf_counter() - start)),
                      rng=random.Random(seed), moves=moves, table=table, plays=cands,
                      max_samples=400 if hidden else 1)
    except InconsistentKnowledge as err:
        raise HintError(str(err), code="hint.error.inconsistent") from None
    alts = tuple((_cards(e.play), round(e.mean, 1)) for e in ev.estimates)
    best = ev.best
    learner = None
    if play is not None:
        v = next((e.mean for e in ev.estimates if e.play == faces(play)), None)
        learner = (tuple(play), round(v, 1) if v is not None else round(best.mean, 1))
    h = Hint(seat=seat, attacker=attacker, best=_cards(best.play), value=round(best.mean, 1),
             exact=ev.exact_leaves and not hidden, alternatives=alts,
             outcomes=best.probabilities(), samples=ev.samples, learner=learner)
    reasons = explain(pos, h, k=k, table=table, moves=moves, seed=seed)
    return _with_reasons(h, reasons)


def _knowledge_or_full(pos: Position, tricks: Sequence[tuple[int, Sequence[Sequence[Card]]]],
                       hidden: bool) -> Knowledge:
    if hidden:
        return knowledge_of(pos, tricks)
    seat = pos.turn
    st = _state(pos)
    return Knowledge(ctx=pos.ctx, viewer=seat, dealer=pos.dealer, leader=pos.leader,
                     own=st.hands[seat], seen=faces(pos.played), trick=st.trick,
                     sizes=tuple(len(h) for h in st.hands),  # type: ignore[arg-type]
                     points=pos.attacker_points, kitty=faces(pos.kitty), kitty_size=0,
                     known=tuple(() if s == seat else st.hands[s] for s in range(4)))


def _exact_hint(pos: Position, st: State, solver: Solver, values: list[tuple[Play, int]],
                attacker: bool, play: Sequence[Card] | None) -> Hint:
    best_play, best_v = values[0]
    outcome = level_outcome(pos.ctx.rules, best_v)
    learner = None
    if play is not None:
        key = faces(play)
        lv = next((v for p, v in values if p == key), None)
        if lv is None:  # an equivalent play absent from the list cannot happen; be safe
            lv = solver.value(solver.after(st, key))
        learner = (tuple(play), float(lv))
    h = Hint(seat=st.to_move, attacker=attacker, best=_cards(best_play), value=float(best_v),
             exact=True, alternatives=tuple((_cards(p), float(v)) for p, v in values),
             outcomes={outcome: 1.0}, samples=1, learner=learner)
    solver.deadline = None  # the table is warm: following the best line is cheap
    return _with_reasons(h, explain(pos, h, solver=solver, state=st))


def _with_reasons(h: Hint, reasons: list[Reason]) -> Hint:
    return Hint(h.seat, h.attacker, h.best, h.value, h.exact, h.alternatives, h.outcomes,
                h.samples, tuple(reasons), h.learner)


# -- explanations ---------------------------------------------------------------------


@dataclass(slots=True)
class _Line:
    """How the current trick ends after a play, and who wins the last trick."""

    team_wins: float = 0.0       # probability the mover's team wins the trick
    trick_points: float = 0.0
    last_att: float | None = None  # probability the attackers win the last trick
    n: int = 0


def _line_exact(solver: Solver, st: State, play: Play) -> _Line:
    seat = st.to_move
    cur = solver.after(st, play)
    while cur.trick:
        p, _ = solver.best(cur)
        cur = solver.after(cur, p)
    full = _last_trick(solver, st, play)
    winner = cur.leader
    line = _Line(n=1)
    line.team_wins = 1.0 if (winner - seat) % 2 == 0 else 0.0
    line.trick_points = float(sum(POINTS[f] for p in full for f in p))
    # Follow the best line to the end for the last trick.
    while not cur.over:
        p, _ = solver.best(cur)
        cur = solver.after(cur, p)
    line.last_att = 1.0 if (cur.leader - st.dealer) % 2 == 1 else 0.0
    return line


def _last_trick(solver: Solver, st: State, play: Play) -> tuple[Play, ...]:
    cur = solver.after(st, play)
    trick = cur.trick
    while cur.trick:
        p, _ = solver.best(cur)
        trick = cur.trick + (p,)
        cur = solver.after(cur, p)
    return trick if len(trick) == 4 else st.trick + (play,)


def _line_sampled(k: Knowledge, play: Play, table: Table, moves: CachedMoves,
                  rng: random.Random, samples: int = 8) -> _Line:
    line = _Line()
    seat = k.to_move
    since = len(k.trick)
    for _ in range(samples):
        hands, kitty = sample_deal(k, rng)
        kp = sum(POINTS[f] for f in kitty)
        lim = _Limited(table, moves, k.dealer, kp, pimc.ESTIMATE(table, hands, k.dealer, kp))
        trick = k.trick + (play,)
        hs = list(hands)
        hs[seat] = remove(hs[seat], play)
        # Complete the trick, each seat choosing by the limited search.
        while len(trick) < 4:
            s = (k.leader + len(trick)) % 4
            opts = moves.policy_follows(trick[0], hs[s])
            best_p, best_v = opts[0], 0.0
            for i, o in enumerate(opts):
                nh = list(hs)
                nh[s] = remove(hs[s], o)
                full = trick + (o,)
                if len(full) == 4:
                    v = lim.leaf(k.leader, full, since, not nh[s])
                else:
                    v = lim.value((nh[0], nh[1], nh[2], nh[3]), k.leader, full, -1e9, 1e9, since)
                if i == 0 or (v > best_v if lim.att[s] else v < best_v):
                    best_p, best_v = o, v
            hs[s] = remove(hs[s], best_p)
            trick = trick + (best_p,)
        w = (k.leader + table.winner(trick)) % 4
        line.team_wins += 1.0 if (w - seat) % 2 == 0 else 0.0
        line.trick_points += sum(POINTS[f] for p in trick for f in p)
        line.n += 1
    if line.n:
        line.team_wins /= line.n
        line.trick_points /= line.n
    return line


def _tractors(pos: Position, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    return [u.cards for u in decompose(pos.ctx, hand) if u.kind == TRACTOR]


def _breaks_tractor(pos: Position, hand: Sequence[Card], play: Sequence[Card]) -> bool:
    from collections import Counter

    left = list((Counter(hand) - Counter(play)).elements())
    before = sum(len(t) for t in _tractors(pos, hand))
    after = sum(len(t) for t in _tractors(pos, left))
    kept_in_play = sum(len(t) for t in _tractors(pos, list(play)))
    return after + kept_in_play < before


def explain(pos: Position, h: Hint, *, solver: Solver | None = None, state: State | None = None,
            k: Knowledge | None = None, table: Table | None = None,
            moves: CachedMoves | None = None, seed: int = 0) -> list[Reason]:
    """Why ``h.best`` is best, and what the learner's play costs."""
    ctx = pos.ctx
    seat = h.seat
    hand = pos.hand(seat)
    best = faces(h.best)
    reasons: list[Reason] = []
    if solver is not None and state is not None:
        line = _line_exact(solver, state, best)
    else:
        assert k is not None and table is not None and moves is not None
        line = _line_sampled(k, best, table, moves, random.Random(seed))
    pts_in_play = sum(POINTS[f] for f in best)
    leading = not pos.trick
    if sum(1 for _ in zip(range(2), pos.legal_plays())) == 1:
        # One legal lead means one card left (R-LEAD); one legal follow is R-FOLLOW.
        reasons.append(Reason("hint.why.forced_lead" if leading else "hint.why.forced", {}))
    lead_cls = classify(ctx, list(h.best)) if leading else None
    # Wins the trick / feeds / saves points.
    if line.team_wins >= 0.5:
        mine = _wins_with_own_play(pos, h, line)
        if mine:
            reasons.append(Reason("hint.why.wins_trick" if h.exact
                                  else "hint.why.wins_trick_expected",
                                  {"points": int(round(line.trick_points)),
                                   "p": int(round(100 * line.team_wins))}))
        elif pts_in_play:
            reasons.append(Reason("hint.why.feeds_points", {"points": pts_in_play}))
        else:
            reasons.append(Reason("hint.why.partner_wins", {}))
    else:
        options = [p for p in pos.legal_plays()] if not leading else []
        max_pts = max((sum(c.points for c in p) for p in options), default=0)
        if max_pts > pts_in_play:
            reasons.append(Reason("hint.why.saves_points",
                                  {"points": max_pts - pts_in_play}))
        elif not leading:
            reasons.append(Reason("hint.why.ducks", {}))
    if leading and lead_cls is not None:
        if lead_cls.type == "throw":
            reasons.append(Reason("hint.why.safe_throw", {"units": len(lead_cls.units)}))
        elif lead_cls.suit == "T" and _opponents_may_hold_trumps(pos, k, seat):
            reasons.append(Reason("hint.why.draws_trumps", {}))
    if _sets_up_throw(pos, hand, best, line, moves):
        reasons.append(Reason("hint.why.sets_up_throw", {}))
    # Tractors kept.
    if _tractors(pos, hand) and not _breaks_tractor(pos, hand, h.best):
        others = [p for p, _ in h.alternatives if _breaks_tractor(pos, hand, p)]
        if h.learner is not None and _breaks_tractor(pos, hand, h.learner[0]):
            reasons.append(Reason("hint.why.keeps_tractor",
                                  {"cards": format_cards(_tractors(pos, hand)[0])}))
        elif h.learner is None and others:
            reasons.append(Reason("hint.why.keeps_tractor",
                                  {"cards": format_cards(_tractors(pos, hand)[0])}))
    # The kitty (R-KITTY).
    kitty_pts = sum(c.points for c in pos.kitty)
    if line.last_att is not None and kitty_pts:
        if not h.attacker and line.last_att == 0.0:
            reasons.append(Reason("hint.why.protects_kitty", {"points": kitty_pts}))
        elif h.attacker and line.last_att == 1.0:
            reasons.append(Reason("hint.why.kitty_bonus", {"points": kitty_pts}))
    # The value and the outcome.
    outcome, levels = max(h.outcomes.items(), key=lambda kv: kv[1])[0] if h.outcomes else (
        level_outcome(ctx.rules, int(h.value)))
    if h.exact:
        reasons.append(Reason("hint.value.exact", {"value": _num(h.value)}))
    else:
        reasons.append(Reason("hint.value.expected", {"value": _num(h.value),
                                                      "samples": h.samples}))
    reasons.append(Reason("hint.outcome." + outcome, {"levels": levels}))
    if not h.exact:
        threshold = 80 if ctx.rules.level_table == "standard" else 100
        p_keep = sum(p for (o, _), p in h.outcomes.items() if o == "dealers_up")
        reasons.append(Reason("hint.outcome.p_keep", {"threshold": threshold,
                                                      "p": int(round(100 * p_keep))}))
    # The learner's own play.
    if h.learner is not None:
        lp, lv = h.learner
        diff = (h.value - lv) if h.attacker else (lv - h.value)
        if faces(lp) == best or abs(diff) < 0.5:
            reasons.append(Reason("hint.cost.none", {"play": format_cards(lp)}))
        elif h.attacker:
            reasons.append(Reason("hint.cost.attackers", {"play": format_cards(lp),
                                                          "value": _num(lv),
                                                          "diff": _num(round(diff, 1))}))
        else:
            reasons.append(Reason("hint.cost.dealers", {"play": format_cards(lp),
                                                        "value": _num(lv),
                                                        "diff": _num(round(diff, 1))}))
    return reasons


def _wins_with_own_play(pos: Position, h: Hint, line: _Line) -> bool:
    """Whether the mover's own play is what takes the trick (rather than the
    partner): true when the play beats everything played so far."""
    from solver.trick import trick_winner

    plays = [list(p) for p in pos.trick] + [list(h.best)]
    return trick_winner(pos.ctx, plays) == len(plays) - 1


def _opponents_may_hold_trumps(pos: Position, k: Knowledge | None, seat: int) -> bool:
    for s in ((seat + 1) % 4, (seat + 3) % 4):
        hand = pos.hands[s]
        if hand is not None:
            if any(pos.ctx.is_trump(c) for c in hand):
                return True
        elif k is None or 0 not in k.voids[s]:
            return True
    return False


def _sets_up_throw(pos: Position, hand: Sequence[Card], best: Play, line: _Line,
                   moves: CachedMoves | None) -> bool:
    """The mover will probably lead next and then holds a safe throw it could
    not lead now (R-THROW-SAFE)."""
    if line.team_wins < 0.5 or not _wins_with_own_play(pos, _fake_hint(best), line):
        return False
    from solver.generator import legal_leads

    seen_before = list(pos.played) + [c for p in pos.trick for c in p]
    if pos.turn == pos.dealer:
        seen_before += pos.kitty
    seen = seen_before + [FACES[f] for f in best]
    left = list(remove(faces(hand), best))
    left_cards = [FACES[f] for f in left]

    def throws(cards: list[Card], seen_cards: list[Card]) -> int:
        return sum(1 for p in legal_leads(pos.ctx, cards, seen=seen_cards, max_throw_candidates=512)
                   if len(decompose(pos.ctx, p)) >= 2)

    before = throws(list(hand), seen_before)
    return throws(left_cards, seen) > 0 and before == 0


def _fake_hint(best: Play) -> Hint:
    return Hint(0, False, _cards(best), 0.0, False, (), {}, 0)
