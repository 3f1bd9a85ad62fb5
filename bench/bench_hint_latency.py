"""Hint latency in Play (issue 18): a mid-hand hint at the default strength.

    nice python bench/bench_hint_latency.py [--positions 30] [--seed 9000]
        [--budget 1.5] [--run 3] [--before DIR]

Positions: seat 0 to move with 7-13 cards in hand, drawn from seeded
self-play (baseline bots, rules cycling henan / tractor / wusaner), asked
as the Play screen asks (the ``hint`` check kind, other hands hidden,
finished tricks given, ``--budget`` seconds): ``--run`` consecutive moves
of seat 0 in each hand, as a learner asking for a hint at every move
(the engine may reuse the previous move's work).  Target (issue 18):
median ≤ 0.7 s, max ≤ 2 s on the 2-core machine.  A hint draws its share
deals in a second process while it values its plays
(:mod:`solver.search.shares`, started by the first hint, which draws its
own): wall time is what the learner waits; the CPU time printed is the
hint's own process only.

With ``--before DIR`` (another checkout, e.g. the main branch) each
position is also answered by that checkout's engine in a separate process,
the two alternating position by position so that both see the same load:
"before" samples as many deals as its budget allows; "after" values the
plays on at most the same number of deals (``deals``).  Since the settled
stop (``solver.search.hint.HINT_SETTLE``, 2026-12-03) it may stop sooner,
once the best play is settled; the bench prints how many deals each side
used and in how many positions both chose the same play.  Printed: wall
time median, p95 and max for each, the deals, and the ratio of the
medians.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ("henan", "tractor", "wusaner")

WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from checks import answer
answer({"kind": "hint", "position": None})  # load the catalogs before timing
for line in sys.stdin:
    req = json.loads(line)
    t = time.perf_counter()
    c = time.process_time()
    resp = answer(req)
    cpu = time.process_time() - c
    took = time.perf_counter() - t
    print(json.dumps({"s": took, "cpu": cpu, "samples": resp.get("samples"),
                      "best": resp.get("best"), "error": resp.get("error")}), flush=True)
"""


def positions(n: int, seed: int, run: int = 1, cards: tuple[int, int] = (7, 13)
              ) -> list[dict[str, object]]:
    sys.path.insert(0, str(ROOT))
    from solver.cards import format_cards
    from solver.search.selfplay import hint_positions

    rng = random.Random(seed)
    out: list[dict[str, object]] = []
    s = seed
    while len(out) < n:
        rules = RULES[s % 3]
        mid = [p for p in hint_positions(rules, s)
               if p.hidden.turn == 0 and cards[0] <= len(p.hidden.hand(0)) <= cards[1]]
        s += 1
        if not mid:
            continue
        at = rng.randrange(max(1, len(mid) - run + 1))
        for hp in mid[at:at + run][:n - len(out)]:
            data = hp.hidden.to_json()
            data["rules"] = rules
            data["tricks"] = [{"leader": ld, "plays": [format_cards(p) for p in ps]}
                              for ld, ps in hp.tricks]
            out.append(data)
    return out


def spawn(root: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", WORKER, str(root)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, cwd=str(root))


def ask(proc: subprocess.Popen[str], req: dict[str, object]) -> dict[str, object]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(req) + "\n")
    proc.stdin.flush()
    return dict(json.loads(proc.stdout.readline()))


def stats(label: str, xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return (f"{label:8s} n={len(xs)}  median {statistics.median(xs):.2f} s  p95 {p95:.2f} s  "
            f"max {xs[-1]:.2f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--seed", type=int, default=9000)
    ap.add_argument("--budget", type=float, default=1.5)
    ap.add_argument("--run", type=int, default=3,
                    help="consecutive moves of seat 0 asked per hand")
    ap.add_argument("--before", default=None, help="another checkout to compare with")
    ap.add_argument("--cards", default="7-13",
                    help="cards in seat 0's hand at the positions drawn (default 7-13: mid-hand; "
                         "14-25 for the first moves of a hand)")
    args = ap.parse_args()
    lo, _, hi = args.cards.partition("-")
    reqs = positions(args.positions, args.seed, args.run, (int(lo), int(hi or lo)))
    after = spawn(ROOT)
    before = spawn(Path(args.before)) if args.before else None
    tb: list[float] = []
    ta: list[float] = []
    cb: list[float] = []
    ca: list[float] = []
    deals_b: list[int] = []
    deals_a: list[int] = []
    same_play = 0
    start = time.perf_counter()
    for i, pos in enumerate(reqs):
        req: dict[str, object] = {"kind": "hint", "position": pos, "budget": str(args.budget)}
        if before is not None:
            rb = ask(before, req)
            if rb.get("error"):
                continue
            tb.append(float(rb["s"]))  # type: ignore[arg-type]
            cb.append(float(rb["cpu"]))  # type: ignore[arg-type]
            deals_b.append(int(rb["samples"]))  # type: ignore[call-overload]
            req = {**req, "deals": deals_b[-1]}
        ra = ask(after, req)
        if ra.get("error"):
            print("error:", ra["error"])
            continue
        ta.append(float(ra["s"]))  # type: ignore[arg-type]
        ca.append(float(ra["cpu"]))  # type: ignore[arg-type]
        deals_a.append(int(ra["samples"]))  # type: ignore[call-overload]
        same_play += before is not None and ra.get("best") == rb.get("best")
    for p in (after, before):
        if p is not None and p.stdin is not None:
            p.stdin.close()
            p.wait()
    print(f"{len(ta)} positions with {args.cards} cards (seeds from {args.seed}), budget {args.budget} s, "
          f"{time.perf_counter() - start:.0f} s")
    print("wall time (answer() in the worker, under the machine's load):")
    if tb:
        print(stats("before", tb) + f"  deals median {statistics.median(deals_b):.0f}")
    print(stats("after", ta) + f"  deals median {statistics.median(deals_a):.0f}")
    print("CPU time of the same answers (the answering process only, not its share worker):")
    if cb:
        print(stats("before", cb))
    print(stats("after", ca))
    if tb:
        print(f"after / before, median wall time: {statistics.median(ta) / statistics.median(tb):.2f}"
              f", median CPU time: {statistics.median(ca) / statistics.median(cb):.2f}; per "
              f"position CPU ratio median {statistics.median(a / b for a, b in zip(ca, cb)):.2f}; "
              f"as many deals in {sum(1 for a, b in zip(deals_a, deals_b) if a >= b)} of {len(ta)}"
              f" (deals: before mean {statistics.mean(deals_b):.0f}, after {statistics.mean(deals_a):.0f});"
              f" the same play in {same_play} of {len(ta)}")
    print("target: median ≤ 0.7 s, max ≤ 2 s")


if __name__ == "__main__":
    main()
