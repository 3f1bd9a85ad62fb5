"""A hint's share deals, drawn in a second process while it values its plays
(issue 18, hint latency).

A hidden-hand hint needs two independent sets of deals: the deals it values
its plays on (:func:`solver.search.pimc.evaluate`, plain samples and the
last hint's deals carried over) and the deals it counts its shares on (how
the trick ends: up to :data:`~solver.search.claims.ENDS_MAX` deals read
through the other seats' play, :func:`solver.search.hint.share_sampler`,
from a random stream of their own).  Neither reads the other, and the share
deals are the dearer: so the machine's second core draws them while the
first values the plays.  The deals are the ones the hint would draw itself
(the same sampler and stream, one after another), so the hint says the
same; only sooner.

:class:`ShareWorker` keeps one child process (``python -m
solver.search.shares``) for the life of the program, started on first use,
and asks it one job at a time over pipes: a length-prefixed pickle each
way.  Whatever goes wrong (no child, a child that died, a job still running
from an earlier hint, no answer by the deadline) the hint draws its share
deals itself, as it always did.
"""

from __future__ import annotations

import atexit
import os
import pickle
import random
import select
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from solver.search.hidden import Knowledge
from solver.search.model import Hand, Hands, Play

_HEADER = struct.Struct("!I")
#: The package's root: the child imports this very code.
_ROOT = Path(__file__).resolve().parent.parent.parent


def _write(stream: IO[bytes], obj: object) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _read_exactly(stream: IO[bytes], n: int) -> bytes:
    out = b""
    while len(out) < n:
        got = stream.read(n - len(out))
        if not got:
            raise EOFError("the other side closed the pipe")
        out += got
    return out


def _read(stream: IO[bytes]) -> Any:
    (n,) = _HEADER.unpack(_read_exactly(stream, _HEADER.size))
    return pickle.loads(_read_exactly(stream, n))


def draw_shares(k: Knowledge, history: Sequence[tuple[int, Sequence[Play]]], stream: int, n: int,
                fit: dict[str, Any]) -> Iterator[tuple[Hands, Hand]]:
    """The ``n`` share deals a hint of ``k`` draws (finished tricks
    ``history``, random stream ``stream``), in the order it draws them, read
    through the play as ``fit`` says
    (:func:`~solver.search.opponent.fitted_sampler`'s keywords,
    ``solver.search.hint.share_fit``), with no deadline."""
    from solver.search.opponent import fitted_sampler

    draw = fitted_sampler(k, history, **fit)
    rng = random.Random(stream)
    for _ in range(n):
        yield draw(rng)


def serve(stdin: IO[bytes], stdout: IO[bytes]) -> None:
    """The child's loop: ``(job, k, history, stream, n, fit)`` in; ``(job, deal)``
    out for each deal as it is drawn, then ``(job, None)``, until the pipe
    closes (a deal that cannot be drawn ends the job early)."""
    _write(stdout, ("ready", None))
    while True:
        try:
            job, k, history, stream, n, fit = _read(stdin)
        except EOFError:
            return
        try:
            for deal in draw_shares(k, history, stream, n, fit):
                _write(stdout, (job, deal))
        except Exception:  # noqa: BLE001 - the hint draws the rest itself
            pass
        _write(stdout, (job, None))


class ShareWorker:
    """One child process drawing share deals, one job at a time (see the
    module doc).  Thread-safe: a second hint asked while a job runs draws
    its own."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self._ready = False
        self._busy: int | None = None
        self._jobs = 0
        self._failed = False
        self._lock = threading.Lock()

    def _alive(self) -> bool:
        if self._failed:
            return False
        if self._proc is not None and self._proc.poll() is None:
            return True
        if self._proc is not None:  # it died: once is enough, the hint draws its own
            self._failed = True
            return False
        try:
            env = dict(os.environ)
            env["PYTHONPATH"] = os.pathsep.join([str(_ROOT)] + [p for p in [env.get("PYTHONPATH")]
                                                                if p])
            # Unbuffered (bufsize=0): a buffered reader could hold answers
            # that select() then never reports.
            self._proc = subprocess.Popen([sys.executable, "-m", "solver.search.shares"],
                                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.DEVNULL, cwd=str(_ROOT), env=env,
                                          bufsize=0)
        except OSError:
            self._failed = True
            return False
        atexit.register(self.close)
        return True

    def _poll(self, timeout: float) -> bool:
        proc = self._proc
        assert proc is not None and proc.stdout is not None
        try:
            ready, _, _ = select.select([proc.stdout], [], [], max(0.0, timeout))
        except (OSError, ValueError):
            self._failed = True
            return False
        return bool(ready)

    def _drain(self, until: float, want: int | None = None, n: int = 0,
               got: list[tuple[Hands, Hand]] | None = None) -> None:
        """Read what the child sent until ``until`` (``time.perf_counter``),
        or until ``got`` holds ``n`` deals of job ``want``; other jobs'
        deals are dropped."""
        proc = self._proc
        assert proc is not None and proc.stdout is not None
        while (got is None or len(got) < n) and self._poll(until - time.perf_counter()):
            try:
                job, deal = _read(proc.stdout)
            except (EOFError, OSError, pickle.UnpicklingError, struct.error):
                self._failed = True
                return
            if job == "ready":
                self._ready = True
            elif deal is None:
                if job == self._busy:
                    self._busy = None
                if job == want:
                    return
            elif job == want and got is not None:
                got.append(deal)

    def submit(self, k: Knowledge, history: Sequence[tuple[int, Sequence[Play]]], stream: int,
               n: int, fit: dict[str, Any]) -> int | None:
        """Start drawing ``n`` share deals (:func:`draw_shares`); the job's
        number, or None when the child cannot take it now (not started
        yet, still busy, gone)."""
        with self._lock:
            if not self._alive():
                return None
            self._drain(time.perf_counter())  # what was sent meanwhile
            if not self._ready or self._busy is not None or self._failed:
                return None
            self._jobs += 1
            job = self._jobs
            proc = self._proc
            assert proc is not None and proc.stdin is not None
            try:
                _write(proc.stdin, (job, k, list(history), stream, n, fit))
            except (OSError, pickle.PicklingError):
                self._failed = True
                return None
            self._busy = job
            return job

    def result(self, job: int, n: int, deadline: float) -> list[tuple[Hands, Hand]]:
        """Job ``job``'s deals, in the order drawn: all ``n``, or those
        drawn by ``deadline`` (``time.perf_counter``)."""
        got: list[tuple[Hands, Hand]] = []
        with self._lock:
            if self._proc is not None and not self._failed:
                self._drain(deadline, job, n, got)
        return got

    def start(self) -> None:
        """Start the child ahead of the first hint (it takes a moment to
        import the engine)."""
        with self._lock:
            if self._alive():
                self._drain(time.perf_counter())

    def close(self) -> None:
        """End the child (it stops when its input closes) and its pipes."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


#: The worker hints use (None: every hint draws its share deals itself;
#: so where one core would run both, or select() cannot wait on a pipe).
WORKER: ShareWorker | None = ShareWorker() if os.name == "posix" and (os.cpu_count() or 1) > 1 \
    else None


def warm() -> None:
    """Start the hints' worker now (a Play table opens: the first hint then
    finds it ready instead of drawing its own share deals)."""
    if WORKER is not None:
        WORKER.start()


if __name__ == "__main__":
    serve(sys.stdin.buffer, sys.stdout.buffer)
