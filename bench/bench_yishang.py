"""Strength of the 一上一下 bots (issues 5 and 18).

Targets: over ≥ 20,000 four-player games against three baseline bots the
hint-following bot wins ≥ 40% (issue 5; a fair share is 25%), and ≥ 45%
against every fixed table: three honest, bluffer, caller or truthful bots,
and the mixed table (issue 18).

    python bench/bench_yishang.py [--games 20000] [--side 4000] [--seed 2]

Tables (win rate of each bot with a 95% CI, seats rotated every game, deal
seed ``seed * 1_000_003 + i`` as in ``shengji-tutor yishang selfplay``):

* ``hint vs mixed``: each game seats the hint bot with three baselines drawn
  at random (with repetition) from honest, bluffer, caller, random,
  ``--games`` games;
* ``hint vs honest+bluffer+caller`` (the selfplay default table) and hint
  against three copies of each baseline and of ``truthful`` (a learner who
  never lies), ``--side`` games each;
* each baseline style against the three others, ``--side`` games.

The hint bot's weights were tuned on seed 1; seed 2 (the default) was
held out.  Measured 2026-12-01 (seed 2, one core of a loaded shared 2-core
machine, 6 min):

    table                               games    wins       95% CI
    hint vs mixed baselines             20000   57.0% [56.3, 57.7]
    hint vs honest+bluffer+caller        4000   91.7% [90.8, 92.6]
    hint vs 3x honest                    4000   39.7% [38.2, 41.2]
    hint vs 3x bluffer                   4000   62.9% [61.5, 64.4]
    hint vs 3x caller                    4000   45.6% [44.0, 47.1]
    hint vs 3x random                    4000   96.0% [95.4, 96.7]
    hint vs 3x truthful                  4000   43.7% [42.1, 45.2]

Before issue 18 (seed 1): mixed 54.1%, 3x honest 38.5%, 3x bluffer 66.6%,
3x caller 51.7% (the caller then kept calling true claims).  The 45% target
is met against callers and the mixed table, not against honest (39.7%) or
truthful (43.7%) tables.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.yishang.bots import BASELINES, make_bot, play_game


def run(tables: list[list[str]], games: int, seed: int) -> tuple[Counter[str], Counter[str], int, float]:
    """Play ``games`` games cycling through ``tables`` (seats rotated).
    Returns wins and seats per bot name, total plays, seconds."""
    wins: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    plays = 0
    t0 = time.perf_counter()
    for i in range(games):
        names = tables[i % len(tables)]
        k = i % len(names)
        order = names[k:] + names[:k]
        game = play_game([make_bot(n) for n in order], seed * 1_000_003 + i)
        plays += game.plays
        for n in order:
            seats[n] += 1
        for w in game.winners:
            wins[order[w]] += 1 / len(game.winners)
    return wins, seats, plays, time.perf_counter() - t0


def line(label: str, wins: Counter[str], seats: Counter[str], games: int, plays: int, secs: float,
         focus: str) -> str:
    rate = wins[focus] / games
    share = seats[focus] / games / 4
    half = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-12) / games)
    others = ", ".join(f"{n} {wins[n] / games * 100:.1f}%" for n in sorted(seats) if n != focus)
    return (f"{label:34s} {games:6d} {rate * 100:6.1f}% [{(rate - half) * 100:4.1f}, "
            f"{(rate + half) * 100:4.1f}] {share * 100:5.1f}%   {others}"
            f"   [{plays / games:.0f} plays/game, {games / secs:.0f} games/s]")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20_000, help="games of the mixed table")
    ap.add_argument("--side", type=int, default=4_000, help="games of every other table")
    ap.add_argument("--seed", type=int, default=2)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    mixed = [["hint", *[rng.choice(BASELINES) for _ in range(3)]] for _ in range(997)]
    print(f"{'table':34s} {'games':>6s} {'wins':>7s} {'95% CI':>12s} {'fair':>5s}   others")
    wins, seats, plays, secs = run(mixed, args.games, args.seed)
    rates = {"mixed": wins["hint"] / args.games}
    print(line("hint vs mixed baselines", wins, seats, args.games, plays, secs, "hint"), flush=True)
    side = [("hint vs honest+bluffer+caller", [["hint", "honest", "bluffer", "caller"]], "hint")]
    side += [(f"hint vs 3x {b}", [["hint", b, b, b]], "hint") for b in (*BASELINES, "truthful")]
    side += [(f"{b} vs the other baselines", [[b, *[o for o in BASELINES if o != b]]], b)
             for b in BASELINES]
    for label, tables, focus in side:
        wins, seats, plays, secs = run(tables, args.side, args.seed + 1)
        if focus == "hint" and "3x" in label:
            rates[label.split()[-1]] = wins["hint"] / args.side
        print(line(label, wins, seats, args.side, plays, secs, focus), flush=True)
    fixed = {k: v for k, v in rates.items() if k != "random"}
    worst = min(fixed, key=lambda k: fixed[k])
    ok = all(v >= 0.45 for v in fixed.values())
    print(f"hint bot against every fixed table (honest, bluffer, caller, truthful, mixed): worst "
          f"{worst} {fixed[worst] * 100:.1f}% (target >= 45%): {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
