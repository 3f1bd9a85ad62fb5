"""Median time of a whole 4-bot hand with baseline bots (target ≤ 6 ms of CPU
time, issue 20; ``bench/compare.py --only game`` measures it side by side
with a base revision).

    python bench/bench_game.py [--hands N] [--rules henan,wusaner,tractor] [--digest]

``--digest`` prints, per preset, a digest of every log record (deals,
declarations, burials, plays, events) of the seeded hands instead of times:
an engine change that must keep the bots' choices bit-identical compares it
before and after.

A hand is timed from the first card dealt to the last trick scored,
including every verification the state machine makes; redeals (riots,
nobody declaring) count as separate deals and are timed as well.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.bots import BaselineBot
from solver.game.hand import Phase
from solver.game.match import Match
from solver.game.runner import run_hand
from solver.games import SHENGJI_PRESETS
from solver.rules import preset


def bench(rules_name: str, hands: int, seed: int = 0,
          digest: "hashlib._Hash | None" = None) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds per scored hand (the CPU time is what a
    shared, loaded machine distorts least); ``digest`` takes every log
    record of every deal (redeals included)."""
    bots = [BaselineBot() for _ in range(4)]
    times: list[float] = []
    cpu: list[float] = []
    k = 0
    match = Match(preset(rules_name), seed=seed)
    while len(times) < hands:
        if match.finished:
            k += 1
            match = Match(preset(rules_name), seed=seed + k)
        hand = match.new_hand()
        t0, c0 = time.perf_counter(), time.process_time()
        run_hand(hand, bots)
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        match.record(hand)
        if digest is not None:
            for r in hand.log:
                digest.update(json.dumps(r.to_json()).encode())
        if hand.phase == Phase.DONE:
            times.append(dt)
            cpu.append(dc)
    return times, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--rules", default=",".join(SHENGJI_PRESETS))
    ap.add_argument("--digest", action="store_true",
                    help="print a digest of every log record per preset (no times)")
    args = ap.parse_args()
    if args.digest:
        for name in args.rules.split(","):
            d = hashlib.sha256()
            bench(name, args.hands, digest=d)
            print(f"{name:8s} hands={args.hands} log digest {d.hexdigest()[:16]}")
        return 0
    worst = 0.0
    for name in args.rules.split(","):
        times, cpu = bench(name, args.hands)
        med = statistics.median(times) * 1000
        cmed = statistics.median(cpu) * 1000
        worst = max(worst, cmed)
        p90 = sorted(times)[int(0.9 * len(times))] * 1000
        print(f"{name:8s} hands={len(times)} median={med:.1f} ms (cpu {cmed:.1f} ms) "
              f"p90={p90:.1f} ms max={max(times) * 1000:.1f} ms")
    print(f"target cpu median <= 6 ms: {'ok' if worst <= 6 else 'MISSED'} "
          f"(worst cpu median {worst:.1f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
