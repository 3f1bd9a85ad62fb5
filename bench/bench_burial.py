"""Burial policies with baseline card play (issue 6): what voiding is worth.

    python bench/bench_burial.py [--hands N] [--seed S]

Each deal where team 0 deals (seeds whose dealer seat, seed % 4, is even;
rules cycling henan / tractor / wusaner as in bench_strength.py) is played
twice from the same deck with four baseline bots: once as is, once with
seats 0 and 2 burying as the search bots do
(:func:`solver.bots.kitty.void_burial`, also for the wusaner declarer's
discards after taking back trumps).  Card play is the baseline's in
both runs, so the difference is the burial alone.  Printed: team 0's mean
gain per dealer hand with its standard error, by rules.  About 15 ms a
hand.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_strength import _play, _team0

from solver.bots import BaselineBot
from solver.bots.kitty import VoidBurier
from solver.games import SHENGJI_PRESETS


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=6000, help="deals to consider (half are dealt by team 0)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    gains: dict[str, list[int]] = {r: [] for r in SHENGJI_PRESETS}
    for seed in range(args.seed, args.seed + args.hands):
        if seed % 2:
            continue
        rules = SHENGJI_PRESETS[seed % 3]
        a = _team0(_play(rules, seed, [VoidBurier(), BaselineBot(), VoidBurier(), BaselineBot()]))
        b = _team0(_play(rules, seed, [BaselineBot() for _ in range(4)]))
        if a is None or b is None or a[1] != b[1]:
            continue
        gains[rules].append(a[0] - b[0])
    every = [g for v in gains.values() for g in v]
    for label, xs in [("all", every), *gains.items()]:
        if len(xs) > 1:
            se = statistics.stdev(xs) / math.sqrt(len(xs))
            print(f"{label}: {len(xs)} dealer hands, void burial gains {statistics.mean(xs):+.2f} "
                  f"points/hand, SE {se:.2f}")


if __name__ == "__main__":
    main()
