"""Running hand reviews (issue 17): in parallel processes, and personal puzzles.

:func:`review_hand` rates the plays of one seat with
:func:`solver.search.review.rate`, spread over ``workers`` processes when
the machine has the cores; the first play is rated here while the pool
starts, so the first mark shows at once.  Results come back in play order
(``on_play`` sees each as soon as it and all before it are rated).

:func:`mistake_puzzles` turns the mistakes and blunders of a review into
personal "find a better play" puzzles (kind ``play``, see
:mod:`lessons.play_puzzles`), which the Quiz schedules with FSRS like any
missed puzzle.  No Textual import here.
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import os
import pickle
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from content.i18n import _, game_msgid, seat_number, sentence_gap
from solver.cards import format_cards
from solver.search import review as rv
from solver.search.review import SAMPLES, Decision, HandReview, PlayReview, mark_of, rate, review


def default_workers() -> int:
    """Processes for a review: the cores this process may use that the
    machine's load leaves free (at least 1, at most 4).  A whole hand takes
    a few seconds in one process, so a busy machine gains nothing from more
    (bench/bench_review.py, docs/REVIEW.md)."""
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        n = os.cpu_count() or 1
    try:
        busy = int(os.getloadavg()[0])
    except OSError:  # pragma: no cover
        busy = 0
    return max(1, min(4, n - busy))


def _rate(args: tuple[bytes, int, int, bool]) -> PlayReview:
    blob, samples, seed, open_view = args
    return rate(pickle.loads(blob), samples=samples, seed=seed, open_view=open_view)


def _portable(ds: Sequence[Decision]) -> list[bytes]:
    """The decisions pickled here and now, each with a fresh trump context:
    the live one carries memo tables that the rating in this process keeps
    changing (pickling them later, on the pool's feeder thread, would race)."""
    from solver.trump import TrumpContext

    fresh: dict[object, TrumpContext] = {}
    out = []
    for d in ds:
        k = d.knowledge
        key = (k.ctx.rules, k.ctx.level, k.ctx.trump)
        ctx = fresh.setdefault(key, TrumpContext(k.ctx.rules, k.ctx.level, k.ctx.trump))
        out.append(pickle.dumps(dataclasses.replace(d, knowledge=dataclasses.replace(k, ctx=ctx))))
    return out


def _pool(workers: int) -> ProcessPoolExecutor:
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload(["solver.search.review"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx)


@contextlib.contextmanager
def _real_stderr() -> Iterator[None]:
    """Starting worker processes passes stderr's file descriptor on; inside
    the TUI (Textual captures output) use the process's real stderr."""
    saved = sys.stderr
    try:
        ok = saved.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        ok = False
    if not ok and sys.__stderr__ is not None:
        sys.stderr = sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = saved


def pooled(workers: int, samples: int = SAMPLES, seed: int = 0, open_view: bool = True,
           cancelled: Callable[[], bool] | None = None
           ) -> Callable[[Sequence[Decision]], Iterator[PlayReview]]:
    """A ``rater`` for :func:`solver.search.review.review` over ``workers``
    processes (in this process when 1 or a single play)."""

    def run(ds: Sequence[Decision]) -> Iterator[PlayReview]:
        if workers <= 1 or len(ds) <= 1:
            for d in ds:
                if cancelled is not None and cancelled():
                    return
                yield rate(d, samples=samples, seed=seed, open_view=open_view)
            return
        try:
            with _real_stderr():
                pool = _pool(workers)
                futures: list[Future[PlayReview]] = [
                    pool.submit(_rate, (blob, samples, seed, open_view))
                    for blob in _portable(ds[1:])]
        except (OSError, ValueError):  # pragma: no cover - no processes here: rate in this one
            yield from pooled(1, samples, seed, open_view, cancelled)(ds)
            return
        try:
            yield rate(ds[0], samples=samples, seed=seed, open_view=open_view)
            for f in futures:
                if cancelled is not None and cancelled():
                    return
                yield f.result()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    return run


def review_hand(history: Any, seat: int = 0, *, hand: int = 0, workers: int | None = None,
                samples: int = SAMPLES, seed: int = 0, open_view: bool = True,
                on_play: Callable[[PlayReview, int], None] | None = None,
                cancelled: Callable[[], bool] | None = None) -> HandReview:
    """Review ``seat``'s plays in one hand history (a dict or
    :class:`solver.history.HandRecord`); raises ``HistoryError`` on a bad one."""
    w = default_workers() if workers is None else workers
    return review(history, seat, hand=hand, samples=samples, seed=seed, open_view=open_view,
                  rater=pooled(w, samples, seed, open_view, cancelled), on_play=on_play)


# -- text (the command and the screen) ---------------------------------------------

def mark_text(mark: str | None) -> str:
    return _("review.mark." + (mark or "none"))


def play_line(p: PlayReview, game: str = "") -> str:
    """One play, as the learner reads it (cards in the default style), in
    ``game``'s words (五三二: 台上/台下)."""
    how = _("review.exact") if p.exact else \
        _("review.sampled_hint" if p.hinted else "review.sampled", samples=p.samples)
    if p.forced:
        text = _("review.play.forced", trick=p.trick + 1, played=format_cards(p.played))
    elif p.cost == 0:
        text = _(game_msgid(game, "review.play.best"), trick=p.trick + 1, played=format_cards(p.played),
                 value=_num(p.value_played), how=how)
    elif not p.sure:  # the deals do not show it worse: no "close to the best", no mark
        key = "review.play.tied" if mark_of(p.cost) is None else "review.play.unsure"
        text = _(game_msgid(game, key), trick=p.trick + 1, played=format_cards(p.played),
                 cost=_num(p.cost), best=format_cards(p.best), value_best=_num(p.value_best),
                 value_played=_num(p.value_played), how=how)
    elif p.mark is None:
        text = _(game_msgid(game, "review.play.close"), trick=p.trick + 1, played=format_cards(p.played),
                 cost=_num(p.cost), best=format_cards(p.best), value_best=_num(p.value_best),
                 value_played=_num(p.value_played), how=how)
    else:
        text = _(game_msgid(game, "review.play.cost"), trick=p.trick + 1, played=format_cards(p.played),
                 mark=mark_text(p.mark), cost=_num(p.cost), best=format_cards(p.best),
                 value_best=_num(p.value_best), value_played=_num(p.value_played), how=how)
    if p.failed:  # what happened in the real deal (R-THROW-FAIL), not only what the deals say
        key = ("review.failed_points" if p.penalty_points > 0 else "review.failed_minus") \
            if p.penalty_points else "review.failed_stake" if p.penalty_stake else "review.failed"
        text += "\n" + _(key, cards=format_cards(p.failed), points=abs(p.penalty_points),
                         stake=f"{p.penalty_stake:g}")
    if p.fails and not p.exact:  # how the deals valued a throw that fails in some of them (R-THROW-FAIL)
        text += "\n" + _("review.throw_fails_points" if p.penalty_in_points else "review.throw_fails",
                         fails=p.fails, n=p.samples)
    if p.open is not None and not p.forced:
        text += "\n" + _(game_msgid(game, "review.open"), best=format_cards(p.open.best),
                         value_best=_num(p.open.value_best),
                         value_played=_num(p.open.value_played))
    return text


def header(r: HandReview, number: int, game: str = "", yours: bool = False) -> str:
    """The review's first line; ``yours``: the seat you played at the Play
    screen, named as you, not by a seat number ("you as seat 1")."""
    side = _(game_msgid(game, "review.side.attackers" if r.plays and r.plays[0].attacker
                        else "review.side.dealers"))
    if yours:
        return _("review.hand_yours", number=number, side=side, accuracy=r.accuracy)
    return _("review.hand", number=number, seat=seat_number(r.seat), side=side, accuracy=r.accuracy)


def summary(r: HandReview) -> str:
    c = r.counts()
    # each mark with the cost it starts at: plays that lost 3-4 points beside
    # "Inaccuracies: 0" and a 100 % read as a contradiction (a walk)
    text = _("review.summary", inaccuracy=c["inaccuracy"], mistake=c["mistake"],
             blunder=c["blunder"], accuracy=r.accuracy, inaccuracy_at=_num(rv.INACCURACY),
             mistake_at=_num(rv.MISTAKE), blunder_at=_num(rv.BLUNDER))
    # a failed throw whose penalty is a stake costs no points, so no mark:
    # counted here with its stake (R-THROW-FAIL), or a hand with one read
    # "accuracy 100 %" and nothing more (a walk)
    staked = [p for p in r.plays if p.failed and p.penalty_stake and not p.penalty_points]
    if staked:
        text += sentence_gap() + _("review.summary.failed_stake", count=len(staked),
                                   stake=_num(sum(p.penalty_stake for p in staked)))
    return text


def burial_line(r: HandReview) -> str | None:
    b = r.burial
    if b is None:
        return None
    plain = "" if b.voids else "_plain"  # no suit could be emptied: not "the suit-emptying burial"
    if b.same:
        return _("review.burial.same" + plain, cards=format_cards(b.buried))
    return _("review.burial.differs" + plain, cards=format_cards(b.buried), policy=format_cards(b.policy))


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


#: Marks that become personal puzzles.
PUZZLE_MARKS = ("mistake", "blunder")


def new_card() -> str:
    """A fresh FSRS card (json) for a personal puzzle."""
    from fsrs import Card

    return str(Card().to_json())


def save_mistakes(store: Any, game: str, hand_id: int, r: HandReview) -> list[str]:
    """Queue each mistake or blunder of a review as a personal "find a
    better play" puzzle, due now (the Quiz shows due reviews first).
    Returns the ids newly queued (a play queued before is left as it is)."""
    from lessons.play_puzzles import mistake_puzzle_id
    from tutor.review import due_iso

    out = []
    for p in r.plays:
        if p.mark in PUZZLE_MARKS:
            item = mistake_puzzle_id(hand_id, r.seat, p.index)
            if store.add_review(item, game, new_card(), due_iso()):
                out.append(item)
    return out


def mistake_from_store(store: Any, item: str) -> Any:
    """The personal puzzle an ``mine-<hand>-<seat>-<index>`` review item
    names, or None when its saved hand is gone."""
    from lessons.play_puzzles import mistake_puzzle
    from solver.cards import FACES, format_cards
    from solver.errors import SolverError
    from solver.search.review import decisions

    try:
        _mine, hand_id, seat, index = item.split("-")
        saved = store.hand(int(hand_id))
        if saved is None:
            return None
        ds, _b = decisions(saved["history"], int(seat))
        d = ds[int(index)]
    except (ValueError, IndexError, KeyError, TypeError, SolverError):
        return None
    return mistake_puzzle(saved["game"], int(hand_id), saved["history"], int(seat), int(index),
                          d.trick, format_cards(d.knowledge.ctx.sorted(FACES[f] for f in d.played)))


__all__ = ["PUZZLE_MARKS", "burial_line", "header", "mark_text", "play_line", "summary", "default_workers", "mistake_from_store", "new_card", "pooled",
           "review_hand", "save_mistakes"]
