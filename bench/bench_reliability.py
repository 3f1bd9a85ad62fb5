"""Reliability at the edges (issue 19): bounded input, honoured budgets, streaming replay.

    python bench/bench_reliability.py [--lines N] [--hints N] [--seed S] [--mb 10,40]
                                      [--budgets 0.1,2]

1. A 10 MB request line in a ``check --jsonl`` batch is refused (and the
   next line answered) in-process, N times: seconds per refusal (target
   < 1 s), side by side with answering a normal line.
2. Six-card endgames (every preset, random deals of ``--seed``) asked for a
   hint with a 0.1 s budget: wall seconds (target < 0.5 s), side by side with
   the exact solve the hint used to wait for, and what the answer gives away
   when it is not exact (exact value of the exact best minus exact value of
   the answer, in points for the side to move).
3. ``replay --json`` of generated history files of each size in ``--mb``
   (self-play hands repeated; written in a temporary folder, deleted after):
   peak memory (max RSS of the child process, target < 200 MB) and seconds,
   side by side with reading the whole file at once (the old behaviour,
   ``read_histories``) on the smallest size.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.games import SHENGJI_PRESETS  # noqa: E402
from solver.search import CachedMoves, Solver, Table  # noqa: E402
from solver.search.endgames import random_endgame  # noqa: E402
from solver.search.hint import hint  # noqa: E402
from solver.search.model import cards_of, faces  # noqa: E402
from solver.position import Position  # noqa: E402
from checks import answer_line  # noqa: E402
from checks.inputs import lines  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def spread(xs: list[float]) -> str:
    se = statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
    return (f"median {statistics.median(xs):.3f} s, p95 {pct(xs, 0.95):.3f} s, "
            f"max {max(xs):.3f} s, mean {statistics.mean(xs):.3f} s (SE {se:.3f})")


def big_line(n: int) -> None:
    big = b'{"id": 1, "kind": "classify", "cards": "' + b"5H " * (10 * 2 ** 20 // 3) + b'"}\n'
    good = b'{"id": 2, "kind": "classify", "cards": "5H 5H 6H 6H"}\n'
    refuse: list[float] = []
    normal: list[float] = []
    for _ in range(n):
        t = time.perf_counter()
        out = [answer_line(x, no) for no, x in lines(io.BytesIO(big))]
        refuse.append(time.perf_counter() - t)
        assert json.loads(out[0])["error"]["code"] == "too_long"
        t = time.perf_counter()
        out = [answer_line(x, no) for no, x in lines(io.BytesIO(good))]
        normal.append(time.perf_counter() - t)
        assert json.loads(out[0])["type"] == "tractor"
    print(f"1. 10 MB line refused, {n} runs: {spread(refuse)}; a normal line: "
          f"median {statistics.median(normal) * 1000:.2f} ms; target < 1 s: "
          f"{'met' if max(refuse) < 1 else 'NOT met'}")


def hints(n: int, seed: int, budget: float = 0.1) -> None:
    rng = random.Random(seed)
    wall: list[float] = []
    exact_t: list[float] = []
    loss: list[float] = []
    exact = 0
    for i in range(n):
        eg = random_endgame(rng, 6, rules=SHENGJI_PRESETS[i % 3], mid_trick=False)
        st = eg.state
        pos = Position(eg.ctx, [cards_of(h) for h in st.hands], dealer=st.dealer,
                       leader=st.leader, trick=[cards_of(p) for p in st.trick],
                       attacker_points=st.points, kitty=cards_of(eg.kitty))
        t = time.perf_counter()
        h = hint(pos, budget=budget)
        wall.append(time.perf_counter() - t)
        s = Solver(Table(eg.ctx), CachedMoves(eg.ctx), dealer=st.dealer,
                   kitty_points=st.kitty_points)
        t = time.perf_counter()
        values = s.analyse(st)
        exact_t.append(time.perf_counter() - t)
        exact += h.exact
        got = s.value(s.after(st, faces(h.best)))
        best = values[0][1]
        attacker = (st.to_move - st.dealer) % 2 == 1
        loss.append(float(best - got if attacker else got - best))
    given_up = [x for x in loss if x > 0]
    print(f"2. 6-card hints, budget {budget} s, {n} endgames (seed {seed}): {spread(wall)}; "
          f"the exact solve alone: {spread(exact_t)}; exact answers {exact}/{n}; "
          f"answers giving up points {len(given_up)}/{n} (mean {statistics.mean(loss):.1f} "
          f"points per hint)" + (f"; target < 0.5 s: {'met' if max(wall) < 0.5 else 'NOT met'}"
                                  if budget <= 0.1 else ""))


def _history(folder: Path, mb: int, base: list[bytes]) -> Path:
    path = folder / f"h{mb}.jsonl"
    size = 0
    with path.open("wb") as fh:
        while size < mb * 2 ** 20:
            for line in base:
                fh.write(line)
                size += len(line)
    return path


STREAM = ("import sys, resource; from tutor.cli import main; sys.stdout = open('/dev/null', 'w');"
          "rc = main(['replay', sys.argv[1], '--json']);"
          "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr); sys.exit(rc)")
WHOLE = ("import sys, resource; from tutor.history_io import read_histories;"
         "r = read_histories(sys.argv[1]); print(len(r));"
         "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)")


def _peak(code: str, path: Path) -> tuple[float, float]:
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, capture_output=True)
    dt = time.perf_counter() - t
    assert p.returncode == 0, p.stderr.decode()[-400:]
    return dt, int(p.stderr.decode().split()[-1]) / 1024


def replay(sizes: list[int]) -> None:
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        src = folder / "base.jsonl"
        subprocess.run([sys.executable, "-m", "tutor", "selfplay", "--hands", "60", "--seed", "7",
                        "--out", str(src)], cwd=ROOT, check=True, capture_output=True)
        base = src.read_bytes().splitlines(keepends=True)
        rows = []
        for mb in sizes:
            path = _history(folder, mb, base)
            dt, peak = _peak(STREAM, path)
            rows.append((mb, dt, peak))
            print(f"3. replay --json of {mb} MB ({sum(1 for _ in path.open('rb'))} hands): "
                  f"{dt:.1f} s, peak memory {peak:.0f} MB")
            if mb == min(sizes):
                wdt, wpeak = _peak(WHOLE, path)
                print(f"   reading the whole {mb} MB file at once (old behaviour): {wdt:.1f} s, "
                      f"peak memory {wpeak:.0f} MB (streaming uses {peak / wpeak:.2f}x)")
            path.unlink()
        lo, hi = rows[0], rows[-1]
        print(f"   memory {hi[0]} MB vs {lo[0]} MB file: {hi[2]:.0f} vs {lo[2]:.0f} MB "
              f"(ratio {hi[2] / lo[2]:.2f} for {hi[0] / lo[0]:.0f}x the data); target < 200 MB: "
              f"{'met' if max(r[2] for r in rows) < 200 else 'NOT met'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=10)
    ap.add_argument("--hints", type=int, default=30)
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--mb", default="10,40")
    ap.add_argument("--budgets", default="0.1", help="hint budgets to measure, e.g. 0.1,2")
    args = ap.parse_args()
    if args.lines:
        big_line(args.lines)
    for budget in (float(b) for b in args.budgets.split(",") if b) if args.hints else ():
        hints(args.hints, args.seed, budget)
    if args.mb:
        replay([int(x) for x in args.mb.split(",")])


if __name__ == "__main__":
    main()
