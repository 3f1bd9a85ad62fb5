"""Calibration of the hint's trick shares (issue 18): is "wins the trick in
p % of the sampled deals" right p % of the time?

    nice python bench/bench_calibration.py [--positions 2000] [--minutes 10]
        [--seed 5000] [--budget 0.3] [--per-hand 2] [--diagnose] [--out FILE]
    python bench/bench_calibration.py --merge FILE [FILE ...]

Positions are card-play decisions of seeded self-play hands (baseline
bots, rules cycling henan / tractor / wusaner, ``--per-hand`` decisions
drawn at random from each hand, seeds from ``--seed`` on).  For each, the
hint is asked as the Play screen asks it (other hands hidden, finished
tricks given, ``--budget`` seconds); its recommended play's trick ends in
the sampled deals give the claimed shares: the play's own seat wins the
trick (what "wins the trick in p %" says) and its side wins it.  The real
deal is then played out with the same continuation (each follower's
answer chosen by the same search, on the real hands): won or not.

The shares are counted on deals drawn afresh, not on the deals the play
was chosen on (see docs/SEARCH.md, "winner's curse").  ``--diagnose``
also records, for the same recommended play, its share on the deals it was
chosen on (the hint's way before that fix) and on fresh deals, to show the
cause.  ``--out`` writes one JSON line per position; ``--merge`` prints the
tables of saved runs together (several short runs on disjoint seeds).

Printed: per decile of the claimed share, the number of positions, the
mean claim and the real frequency with its standard error and a 95 %
(Wilson) interval.  The target
(issue 18): within 5 points per decile.  The run stops after
``--positions`` positions or ``--minutes`` minutes, whichever comes first,
and says how many it measured.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.search import claims  # noqa: E402
from solver.search import hint as hint_mod  # noqa: E402
from solver.search.hint import hint, knowledge_of  # noqa: E402
from solver.search.hidden import sample_deal  # noqa: E402
from solver.search.pimc import candidates, evaluate  # noqa: E402
from solver.search.model import CachedMoves, Table, faces  # noqa: E402
from solver.search.selfplay import hint_positions  # noqa: E402
from solver.search.alphabeta import State  # noqa: E402
from solver.search.hint import _state  # noqa: E402
from solver.position import Position  # noqa: E402

RULES = ("henan", "tractor", "wusaner")


def measure(hp: Position, tricks: list, budget: float, seed: int,  # type: ignore[type-arg]
            full: Position, diagnose: bool = False) -> dict[str, object] | None:
    """The claimed shares (own seat, side) and the real deal's outcome for
    the hint's play; with ``diagnose`` also the play's share on the deals
    it was chosen on and on 64 more fresh deals."""
    pos = hp
    seat = pos.turn
    if len(list(zip(range(2), pos.legal_plays()))) < 2:
        return None  # forced: nothing to explain
    hint_mod._CARRY.clear()  # each position on its own (no deals of another position)
    h = hint(pos, budget=budget, seed=seed, tricks=tricks)
    won = [r for r in h.reasons if r.claim is not None and r.claim.ends]
    if not won:
        return None
    ends = won[0].claim.ends  # type: ignore[union-attr]
    own, partner, _ = claims.shares(ends, seat)
    table, moves = Table(pos.ctx), CachedMoves(pos.ctx)
    k = knowledge_of(pos, tricks)
    st: State = _state(full)
    kitty = faces(full.kitty)
    play = faces(h.best)
    real = claims.continue_trick(k, play, st.hands, kitty, table, moves)
    row: dict[str, object] = {
        "seed": seed, "rules": pos.ctx.rules.name, "deals": len(ends), "own": own,
        "side": own + partner, "won": real.winner == seat,
        "side_won": (real.winner - seat) % 2 == 0}
    if diagnose:
        # The deals the play was chosen on: the hint's evaluation again (same
        # seed, candidates and number of deals: the same deals).
        ev = evaluate(k, budget=float("inf"), rng=random.Random(seed), moves=moves,
                      table=table, plays=candidates(k, moves, table), max_samples=h.samples)
        chosen = claims.ends_sampled(k, play, ev.deals, table, moves, at_most=min(64, len(ev.deals)),
                                     at_least=min(16, len(ev.deals)))
        r = random.Random(seed * 7 + 1)
        fresh = [claims.continue_trick(k, play, *sample_deal(k, r), table, moves)
                 for _ in range(64)]
        row["own_chosen"] = claims.shares(chosen, seat)[0]
        row["own_fresh64"] = claims.shares(fresh, seat)[0]
    return row


def wilson(k: int, n: int) -> tuple[float, float]:
    z = 1.96
    c = (k + z * z / 2) / (n + z * z)
    w = z * math.sqrt(k * (n - k) / n + z * z / 4) / (n + z * z)
    return c - w, c + w


def table(label: str, rows: list[tuple[float, bool]]) -> None:
    print(f"\n{label}")
    print(f"{'claimed p':>12} {'n':>6} {'mean claim':>11} {'real':>7} {'SE':>6} {'gap':>6} "
          f"{'95% CI of real':>15}")
    worst = 0.0
    for d in range(10):
        lo, hi = d / 10, (d + 1) / 10
        sel = [(p, w) for p, w in rows if lo <= p < hi or (d == 9 and p == 1.0)]
        if not sel:
            print(f"{lo:>5.1f}-{hi:<5.1f} {0:>6}")
            continue
        mc = sum(p for p, _ in sel) / len(sel)
        won = sum(1 for _, w in sel if w)
        fr = won / len(sel)
        se = math.sqrt(max(fr * (1 - fr), 1e-9) / len(sel))
        gap = fr - mc
        if len(sel) >= 30:
            worst = max(worst, abs(gap))
        a, b = wilson(won, len(sel))
        print(f"{lo:>5.1f}-{hi:<5.1f} {len(sel):>6} {100 * mc:>10.1f}% {100 * fr:>6.1f}% "
              f"{100 * se:>5.1f} {100 * gap:>+6.1f}   [{100 * a:4.1f}, {100 * b:5.1f}]")
    print(f"largest |gap| over deciles with ≥ 30 positions: {100 * worst:.1f} points "
          f"(target ≤ 5)")


def report(rows: list[dict[str, object]]) -> None:
    table("The recommended play's seat wins the trick ('wins the trick in p %'):",
          [(float(r["own"]), bool(r["won"])) for r in rows])  # type: ignore[arg-type]
    table("Its side wins the trick:",
          [(float(r["side"]), bool(r["side_won"])) for r in rows])  # type: ignore[arg-type]
    diag = [r for r in rows if "own_chosen" in r]
    if diag:
        print("\nDiagnosis (positions whose claim on the chosen-on deals is 45-95 %):")
        for key in ("own_chosen", "own_fresh64"):
            sel = [r for r in diag if 0.45 <= float(r[key]) < 0.95]  # type: ignore[arg-type]
            if not sel:
                continue
            m = {c: 100 * sum(float(r[c]) for r in sel) / len(sel)  # type: ignore[arg-type]
                 for c in ("own_chosen", "own_fresh64", "own", "won")}
            print(f"  binned by {key:11s}: n={len(sel)}  on chosen-on deals {m['own_chosen']:.1f} %"
                  f"  on fresh deals {m['own_fresh64']:.1f} %  claimed {m['own']:.1f} %"
                  f"  real {m['won']:.1f} %")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=5000, help="first deal seed")
    ap.add_argument("--budget", type=float, default=0.3, help="hint budget, seconds")
    ap.add_argument("--per-hand", type=int, default=2)
    ap.add_argument("--diagnose", action="store_true",
                    help="also the play's share on the deals it was chosen on, and on fresh deals")
    ap.add_argument("--out", default=None, help="write one JSON line per position")
    ap.add_argument("--merge", nargs="+", default=None, help="report saved runs together")
    args = ap.parse_args()
    if args.merge:
        rows = [json.loads(line) for f in args.merge for line in open(f) if line.strip()]
        seeds = sorted(int(r["seed"]) for r in rows)  # type: ignore[call-overload]
        print(f"{len(rows)} hint positions from {len(set(seeds))} hands "
              f"(seeds {seeds[0]}-{seeds[-1]}), {len(args.merge)} runs")
        report(rows)
        return
    start = time.perf_counter()
    rows = []
    out = open(args.out, "a") if args.out else None
    seed = args.seed
    rng = random.Random(args.seed)
    hands = 0
    while len(rows) < args.positions and time.perf_counter() - start < 60 * args.minutes:
        rules = RULES[seed % 3]
        picks = [p for p in hint_positions(rules, seed) if len(p.hidden.hand(p.hidden.turn)) >= 3]
        hands += 1
        for hp in rng.sample(picks, min(args.per_hand, len(picks))):
            if len(rows) >= args.positions or time.perf_counter() - start > 60 * args.minutes:
                break
            got = measure(hp.hidden, hp.tricks, args.budget, seed, hp.full, args.diagnose)
            if got is None:
                continue
            rows.append(got)
            if out is not None:
                out.write(json.dumps(got) + "\n")
                out.flush()
        seed += 1
    took = time.perf_counter() - start
    print(f"{len(rows)} hint positions from {hands} self-played hands (seeds "
          f"{args.seed}-{seed - 1}), hint budget {args.budget} s, {took:.0f} s")
    report(rows)


if __name__ == "__main__":
    main()
