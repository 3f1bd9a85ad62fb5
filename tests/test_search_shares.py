"""A hint's share deals drawn in a second process (issue 18, hint latency):
:mod:`solver.search.shares`.  The child draws the deals the hint would
draw itself, and whatever goes wrong with it the hint draws its own."""

from __future__ import annotations

import pickle
import time

import pytest

from solver.search import claims
from solver.search import hint as hint_mod
from solver.search.hint import hint, knowledge_of, share_sampler
from solver.search.selfplay import HintPosition, hint_positions
from solver.search.shares import ShareWorker, draw_shares
from solver.trump import shared_context

pytestmark = pytest.mark.skipif(hint_mod.shares.WORKER is None, reason="no second process here")


def _position() -> HintPosition:
    return next(hp for hp in hint_positions("tractor", 9001)
                if hp.hidden.turn == 0 and 7 <= len(hp.hidden.hand(0)) <= 13)


def _job(hp: HintPosition, seed: int) -> tuple[object, ...]:
    """What a hint sends the child: the knowledge, the finished tricks
    (faces), its share stream and how the deals are read through the play."""
    k = knowledge_of(hp.hidden, hp.tricks)
    return k, hint_mod._faces_of(hp.tricks), seed ^ hint_mod.SHARE_STREAM


def _drawn(hp: HintPosition, seed: int, n: int) -> list[object]:
    k, history, stream = _job(hp, seed)
    return list(draw_shares(k, history, stream, n, hint_mod.share_fit()))  # type: ignore[arg-type]


def _ready(worker: ShareWorker) -> ShareWorker:
    """The worker once its child has loaded the engine (at most 60 s)."""
    end = time.perf_counter() + 60
    while time.perf_counter() < end:
        worker.start()
        if worker._ready:  # noqa: SLF001 - the test waits for the child
            return worker
        time.sleep(0.05)
    raise AssertionError("the share worker never started")


def test_the_worker_draws_the_deals_the_hint_draws() -> None:
    """The child draws, in order, the share deals a hint draws itself: the
    same sampler (read through the other seats' play) and the same stream;
    they agree with what the viewer knows."""
    from solver.search.hidden import deal_is_consistent
    import random

    hp = _position()
    k = knowledge_of(hp.hidden, hp.tricks)
    worker = _ready(ShareWorker())
    try:
        job = worker.submit(*_job(hp, 7), 6, hint_mod.share_fit())  # type: ignore[arg-type]
        assert job is not None
        got = worker.result(job, 6, time.perf_counter() + 60)
    finally:
        worker.close()
    draw = share_sampler(k, hp.tricks)
    assert draw is not None
    rng = random.Random(7 ^ hint_mod.SHARE_STREAM)
    assert got == [draw(rng) for _ in range(6)] == _drawn(hp, 7, 6)
    assert all(deal_is_consistent(k, *d) for d in got)


def test_a_busy_or_gone_worker_leaves_the_hint_its_own_draws() -> None:
    """One job at a time: while one runs, another is refused (the hint then
    draws its own), and a later job gets its own deals only, never the
    earlier job's.  A child that died is not asked again, and a wait for
    its deals ends at once instead of at the deadline."""
    hp = _position()
    worker = _ready(ShareWorker())
    try:
        fit = hint_mod.share_fit()
        first = worker.submit(*_job(hp, 1), 40, fit)  # type: ignore[arg-type]
        assert first is not None
        assert worker.submit(*_job(hp, 2), 3, fit) is None  # type: ignore[arg-type]
        end = time.perf_counter() + 60
        second = None
        while second is None and time.perf_counter() < end:
            time.sleep(0.05)
            second = worker.submit(*_job(hp, 2), 3, fit)  # type: ignore[arg-type]
        assert second is not None
        assert worker.result(second, 3, time.perf_counter() + 60) == _drawn(hp, 2, 3)
        assert worker._proc is not None  # noqa: SLF001 - the test kills the child
        worker._proc.kill()  # noqa: SLF001
        worker._proc.wait()  # noqa: SLF001
        start = time.perf_counter()
        assert worker.submit(*_job(hp, 3), 3, fit) is None  # type: ignore[arg-type]
        assert worker.result(second + 1, 3, time.perf_counter() + 30) == []
        assert time.perf_counter() - start < 5
    finally:
        worker.close()


def test_a_hint_counts_its_shares_on_the_workers_deals_and_its_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With the worker ready, a hint counts how the trick ends on the
    worker's deals (the first SHARE_WORKER_DEALS of the share stream) then
    its own (a stream of their own): ENDS_MAX in all, the same hint play."""
    hp = _position()
    seen: list[list[object]] = []
    real = claims.ends_sampled

    def spy(*args: object, **kwargs: object) -> list[claims.TrickEnd]:
        seen.append(list(args[2]))  # type: ignore[call-overload]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(claims, "ends_sampled", spy)
    worker = _ready(ShareWorker())
    monkeypatch.setattr(hint_mod.shares, "WORKER", worker)
    try:
        hint_mod._CARRY.clear()
        with_worker = hint(hp.hidden, budget=60.0, seed=3, tricks=hp.tricks, deals=60)
    finally:
        worker.close()
    monkeypatch.setattr(hint_mod, "PARALLEL_SHARES", False)
    hint_mod._CARRY.clear()
    alone = hint(hp.hidden, budget=60.0, seed=3, tricks=hp.tricks, deals=60)
    assert len(seen[0]) == claims.ENDS_MAX
    assert seen[0][:hint_mod.SHARE_WORKER_DEALS] == _drawn(hp, 3, hint_mod.SHARE_WORKER_DEALS)
    # Alone it draws the first ones before valuing the plays: the same deals.
    assert seen[1] and seen[1] == seen[0][:len(seen[1])]
    assert with_worker.best == alone.best


def test_a_context_pickles_as_what_it_is_built_from() -> None:
    """What the child is sent: a trump context travels as its rules, level
    and trump, its caches left behind, and arrives as the shared context."""
    from solver.rules import preset
    from solver.trump import memo_table

    ctx = shared_context(preset("henan"), 5, "H")
    memo_table(ctx, "test_pickle").update((i, i) for i in range(5000))
    data = pickle.dumps(ctx)
    assert len(data) < 3000
    back = pickle.loads(data)
    assert back is ctx and (back.level, back.trump) == (5, "H")
