"""Hand review (issue 17): speed, and the calibration of the marks.

Speed (the default): plays ``--hands`` henan hands with baseline bots
(seeds from ``--seed``) and reviews seat 0 of each, in one process and
with ``--workers`` processes, side by side.  Prints per hand the wall time
to the whole review and to the first rated play, with median, p95 and the
machine's load.  Target (issue 17): a full henan hand in ≤ 15 s median,
first marks in ≤ 2 s.

Calibration (``--calibrate``): reviews every seat of self-play hands by
baseline bots and by search bots (strength 3), each preset, and prints the
distribution of costs and the marks per hand under the thresholds of
:mod:`solver.search.review` (or ``--thresholds A,B,C``).  Tune on one seed
range, report on another (docs/REVIEW.md).

    nice python bench/bench_review.py --hands 10 --workers 2
    nice python bench/bench_review.py --calibrate --seed 100 --hands 4
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.search import review as rv  # noqa: E402
from tutor.commands.selfplay import selfplay  # noqa: E402
from tutor.hand_review import review_hand  # noqa: E402


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def speed(args: argparse.Namespace) -> None:
    hists, _m = selfplay("henan", args.hands, args.seed)
    print(f"load average before: {os.getloadavg()}")
    for workers in (1, args.workers):
        total, first = [], []
        for h in hists:
            t0 = time.perf_counter()
            got: list[float] = []

            def on_play(_p: rv.PlayReview, _n: int) -> None:
                if not got:
                    got.append(time.perf_counter() - t0)

            r = review_hand(h, 0, workers=workers, on_play=on_play)
            total.append(time.perf_counter() - t0)
            first.append(got[0] if got else total[-1])
            assert r.plays
        print(f"workers={workers}: {len(total)} henan hands, seat 0: whole review median "
              f"{statistics.median(total):.2f} s, p95 {_pct(total, 0.95):.2f} s, max "
              f"{max(total):.2f} s; first play rated median {statistics.median(first):.2f} s, "
              f"p95 {_pct(first, 0.95):.2f} s   (target: ≤ 15 s, ≤ 2 s)")
    print(f"load average after: {os.getloadavg()}")


def calibrate(args: argparse.Namespace) -> None:
    th = tuple(float(x) for x in args.thresholds.split(",")) if args.thresholds else \
        (rv.INACCURACY, rv.MISTAKE, rv.BLUNDER)
    rv.INACCURACY, rv.MISTAKE, rv.BLUNDER = th
    for bots in ("baseline", "search3"):
        costs: list[float] = []
        marks = {m: 0 for m in rv.MARKS}
        reviewed = 0
        accs: list[int] = []
        for rules in ("henan", "tractor", "wusaner"):
            if args.files:
                import json
                path = Path(args.files) / f"{'base' if bots == 'baseline' else 'search'}_{rules}_{args.seed}.jsonl"
                if not path.exists():
                    continue
                hists = [json.loads(x) for x in path.read_text().splitlines() if x.strip()][:args.hands]
            else:
                hists, _m = selfplay(rules, args.hands, args.seed, bots=bots)
            for h in hists:
                for seat in range(4):
                    r = review_hand(h, seat, workers=args.workers)
                    reviewed += 1
                    accs.append(r.accuracy)
                    for p in r.plays:
                        if not p.forced:
                            costs.append(p.cost)
                        if p.mark:
                            marks[p.mark] += 1
        costs.sort()
        qs = {q: _pct(costs, q) for q in (0.5, 0.8, 0.9, 0.95, 0.98, 0.99)}
        print(f"{bots}: {reviewed} seat-hands, {len(costs)} unforced plays; cost quantiles "
              + ", ".join(f"p{int(100 * q)} {v:.1f}" for q, v in qs.items()))
        print(f"  thresholds {th}: per seat-hand " + ", ".join(
            f"{m} {marks[m] / reviewed:.2f}" for m in rv.MARKS)
              + f"; accuracy median {statistics.median(accs)}, mean {statistics.mean(accs):.1f}")
        for t in (5, 10, 15, 20, 30, 40):
            n = sum(1 for c in costs if c >= t)
            print(f"  cost ≥ {t}: {n / reviewed:.2f} per seat-hand")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=6)
    ap.add_argument("--seed", type=int, default=300)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--calibrate", action="store_true")
    ap.add_argument("--thresholds", help="inaccuracy,mistake,blunder")
    ap.add_argument("--files", help="read self-play hands from DIR/{base,search}_RULES_SEED.jsonl")
    args = ap.parse_args()
    if args.calibrate:
        calibrate(args)
    else:
        speed(args)


if __name__ == "__main__":
    main()
