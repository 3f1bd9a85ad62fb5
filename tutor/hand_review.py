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

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from solver.search.review import SAMPLES, Decision, HandReview, PlayReview, rate, review


def default_workers() -> int:
    """Processes for a review: the cores this process may use, at most 4."""
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        n = os.cpu_count() or 1
    return max(1, min(4, n))


def _rate(args: tuple[Decision, int, int, bool]) -> PlayReview:
    d, samples, seed, open_view = args
    return rate(d, samples=samples, seed=seed, open_view=open_view)


def _pool(workers: int) -> ProcessPoolExecutor:
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload(["solver.search.review"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx)


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
        pool = _pool(workers)
        try:
            futures: list[Future[PlayReview]] = [
                pool.submit(_rate, (d, samples, seed, open_view)) for d in ds[1:]]
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


__all__ = ["default_workers", "pooled", "review_hand"]
