"""Engine speed, side by side: this tree against a base revision, in one run.

    python bench/compare.py [--base main] [--rounds 3] [--only follow,enum,...] [--quick]
                            [--raw FILE]

The base revision is exported (``git archive``) to a temporary folder; each
round runs every workload once in a fresh interpreter of each tree,
alternating which goes first, so both see the same machine load.  The
workloads use only the public engine API (``solver.generator``,
``solver.cpsat``, ``solver.game``, ``solver.search``) and the seeded
positions of ``tests/legal_gen.py``, so the two trees do the same work.

Printed per metric: the base and new medians over the rounds (each round's
value is itself a median or a rate over hundreds of items), the spread
(min-max over rounds), the ratio base/new (> 1: the new tree is faster;
for rates new/base) and the spread of the rounds' own ratios (each round
runs the two trees back to back).  Workloads:

* ``follow``  fast follow check (solver.generator.is_legal_follow), µs per call
* ``enum``    all legal follows of a position (consumed), and count+always, ms
              of CPU time, and a digest of every listing (its length, first
              and last 64 follows, in order: identical in both trees);
              ``enum ... uses``: what the engine's consumers do with a
              position's follows (the check's forced/count/always/example,
              the puzzles' and bots' first follows, follow checks): the
              space, its count, always, the first 64 follows and 8 checks
* ``cpsat``   CP-SAT follow check (solver.cpsat.follow_is_legal), µs per call
* ``game``    a whole 4-baseline-bot hand (henan, wusaner, tractor), ms, and a
              digest of every card the bots played in both trees
* ``search``  exact endgame search: nodes per CPU second, CPU time to
              solve each position, and a digest of values and best plays
              (identical in both trees); ``search40``: the same measured
              steadily (imports before timing, 40 other endgames, the least
              CPU time of three cold solves each; and each endgame's least
              time over all rounds, summed)
* ``hint``    hidden-hand hints mid-hand: sampled deals within a 1 s budget
* ``hintend`` hidden-hand hints with 4 cards left (exact search of every
              sampled deal): CPU ms per sampled deal
* ``jsonl``   ``check --jsonl`` follow checks per second (subprocess, process
              start included): 6,000 lines cycling through 300 positions'
              plays, and 6,000 distinct requests of 1,400 fresh positions
* ``cold``    one ``check follow`` from a cold interpreter, s
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = ("follow", "enum", "cpsat", "game", "search", "hint", "hintend", "jsonl", "cold")


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


# -- workloads (run inside a worker interpreter of one tree) ------------------------

def _positions(n: int, seed: int, natural: bool) -> list[Any]:
    import random

    from tests.legal_gen import PRESETS, random_position

    rng = random.Random(seed)
    return [random_position(rng, PRESETS[i % 3], hand_size=25, natural=natural)
            for i in range(n)]


def _plays(positions: list[Any], seed: int) -> list[tuple[Any, Any, Any, Any]]:
    import itertools
    import random

    from solver.generator import legal_follows
    from tests.legal_gen import plays_to_check

    rng = random.Random(seed)
    out = []
    for pos in positions:
        follows = list(itertools.islice(legal_follows(pos.ctx, pos.lead, pos.hand), 64))
        for play in plays_to_check(rng, pos, follows, extra=1):
            out.append((pos.ctx, pos.lead, pos.hand, play))
    return out


def _best_of_3(fn: Any, calls: list[tuple[Any, ...]]) -> list[float]:
    """Seconds per call, each the best of 3 runs (filters other processes out)."""
    ts = []
    for args in calls:
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            fn(*args)
            best = min(best, time.perf_counter() - t0)
        ts.append(best)
    return ts


def w_follow(q: bool) -> dict[str, float]:
    from solver.generator import is_legal_follow

    out: dict[str, float] = {}
    for name, natural, seed in (("uniform", True, 1), ("skewed", False, 2)):
        plays = _plays(_positions(150 if q else 400, seed, natural), seed)
        ts = _best_of_3(is_legal_follow, plays)
        out[f"follow {name} p50 us"] = _pct(ts, .5) * 1e6
        out[f"follow {name} mean us"] = statistics.fmean(ts) * 1e6
        try:  # the bitset check on bits the engine holds (trees that have it)
            from solver.bits import bits_of, follow_ok
        except ImportError:
            continue
        try:
            from solver.follow import lead_info
        except ImportError:  # trees where lead_info still lived in solver.bits
            from solver.bits import lead_info  # type: ignore[attr-defined,no-redef]
        held = [(ctx, lead_info(ctx, lead), bits_of(hand), bits_of(play))
                for ctx, lead, hand, play in plays]
        ts = _best_of_3(follow_ok, held)
        out[f"follow {name} p50 us@bits held"] = _pct(ts, .5) * 1e6
    return out


def w_enum(q: bool) -> dict[str, float]:
    import collections
    import hashlib
    import itertools
    import random

    from solver.follow import follow_needs
    from solver.generator import (FollowSpace, always_cards, count_legal_follows,
                                  is_legal_follow, legal_follows)
    from tests.legal_gen import plays_to_check

    # CPU time: a p99 of wall times on a loaded machine measures the scheduler.
    out: dict[str, float] = {}
    digest = hashlib.sha256()
    for name, natural, seed in (("uniform", True, 11), ("skewed", False, 12)):
        te, ta, tu = [], [], []
        rng = random.Random(seed)
        for pos in _positions(150 if q else 400, seed, natural):
            ctx, lead, hand = pos.ctx, pos.lead, pos.hand
            t0 = time.process_time()
            for _f in legal_follows(ctx, lead, hand):
                pass
            t1 = time.process_time()
            count_legal_follows(ctx, lead, hand)
            always_cards(ctx, lead, hand)
            t2 = time.process_time()
            te.append(t1 - t0)
            ta.append(t2 - t1)
            # Untimed: the listing's length and order, for the digest.
            listing = zip(itertools.count(1), legal_follows(ctx, lead, hand))
            first = list(itertools.islice(listing, 64))
            last = collections.deque(listing, maxlen=64) or first[-1:]
            digest.update(repr([last[-1][0] if last else 0]
                               + [[c.index for c in f] for _, f in (*first, *last)]).encode())
            plays = plays_to_check(rng, pos, list(itertools.islice(legal_follows(
                ctx, lead, hand), 8)), extra=4)[:8]
            t3 = time.process_time()
            space = FollowSpace(ctx, follow_needs(ctx, lead, hand))
            space.count()
            space.always()
            list(itertools.islice(iter(space), 64))
            for play in plays:
                is_legal_follow(ctx, lead, hand, play)
            tu.append(time.process_time() - t3)
        out[f"enum {name} p99 ms"] = _pct(te, .99) * 1e3
        out[f"enum {name} p50 ms"] = _pct(te, .5) * 1e3
        out[f"count+always {name} p99 ms"] = _pct(ta, .99) * 1e3
        out[f"count+always {name} p50 ms"] = _pct(ta, .5) * 1e3
        out[f"enum {name} uses p99 ms"] = _pct(tu, .99) * 1e3
        out[f"enum {name} uses p50 ms"] = _pct(tu, .5) * 1e3
    out["enum listings digest"] = int(digest.hexdigest()[:8], 16)
    return out


def w_cpsat(q: bool) -> dict[str, float]:
    from solver import cpsat

    plays = _plays(_positions(60 if q else 150, 21, False), 21)
    from ortools.sat.python import cp_model  # noqa: F401  (import cost not measured)

    t0 = time.perf_counter()
    ts = []
    for ctx, lead, hand, play in plays:
        t = time.perf_counter()
        cpsat.follow_is_legal(ctx, lead, hand, play)
        ts.append(time.perf_counter() - t)
    total = time.perf_counter() - t0
    return {"cpsat check p50 us": _pct(ts, .5) * 1e6,
            "cpsat check mean us": total / len(plays) * 1e6}


def w_game(q: bool) -> dict[str, float]:
    from solver.bots import BaselineBot
    from solver.game.hand import Phase
    from solver.game.match import Match
    from solver.game.runner import run_hand
    from solver.rules import preset

    import hashlib

    digest = hashlib.sha256()
    out: dict[str, float] = {}
    for rules in ("henan", "wusaner", "tractor"):
        bots = [BaselineBot() for _ in range(4)]
        times: list[float] = []
        k = 0
        match = Match(preset(rules), seed=0)
        while len(times) < (25 if q else 60):
            if match.finished:
                k += 1
                match = Match(preset(rules), seed=k)
            hand = match.new_hand()
            c0 = time.process_time()
            run_hand(hand, bots)
            dc = time.process_time() - c0
            match.record(hand)
            if hand.phase == Phase.DONE:
                times.append(dc)
                plays = " ".join(str(c) for t in hand.tricks for p in t.plays for c in p)
                digest.update(plays.encode())
        out[f"game {rules} median ms"] = statistics.median(times) * 1e3
    out["game plays digest"] = int(digest.hexdigest()[:8], 16)
    return out


def w_search(q: bool) -> dict[str, float]:
    """Exact endgames (5 cards per hand, a fresh solver each): nodes per
    CPU second, CPU time to solve each, and a digest of the results (the
    value, the best play and every play's value of each position, and of
    positions in the middle of a trick) that must be identical in both trees."""
    import hashlib
    import random

    try:
        from solver.games import SHENGJI_PRESETS
    except ImportError:  # trees before the game registry
        from solver.rules import SHENGJI_PRESETS  # type: ignore[attr-defined,no-redef]
    from solver.search import CachedMoves, Solver, Table
    from solver.search.endgames import random_endgame

    rng = random.Random(6)
    nodes = 0
    cpu = 0.0
    solve: list[float] = []
    digest = hashlib.sha256()
    for i in range(6 if q else 15):
        eg = random_endgame(rng, 5, rules=SHENGJI_PRESETS[i % 3], mid_trick=False)
        st = eg.state
        s = Solver(Table(eg.ctx), CachedMoves(eg.ctx), dealer=st.dealer,
                   kitty_points=st.kitty_points)
        c = time.process_time()
        v = s.value(st)
        dc = time.process_time() - c
        cpu += dc
        solve.append(dc)
        nodes += s.stats.nodes
        digest.update(repr(v).encode())
    rng = random.Random(7)
    for i in range(8 if q else 24):
        eg = random_endgame(rng, 3 + i % 2, rules=SHENGJI_PRESETS[i % 3], mid_trick=True)
        st = eg.state
        table, moves = Table(eg.ctx), CachedMoves(eg.ctx)
        fresh = Solver(table, moves, dealer=st.dealer, kitty_points=st.kitty_points)
        best = fresh.best(st)
        alts = Solver(table, moves, dealer=st.dealer, kitty_points=st.kitty_points).analyse(st)
        digest.update(repr((best, alts)).encode())
    out = {"search nodes/s": nodes / cpu,
           "search solve median ms": statistics.median(solve) * 1e3,
           "search solve p90 ms": _pct(solve, .9) * 1e3,
           "search solve total s": cpu,
           "search results digest": int(digest.hexdigest()[:8], 16)}
    out.update(_search_more(q))
    return out


def _search_more(q: bool) -> dict[str, float]:
    """The exact search again, measured more steadily (the ``search40``
    lines): the lazy imports of the first search are done before timing
    (the ``search`` lines above include them in the first position, where
    they are up to a fifth of the new tree's time); 40 other endgames (5
    cards per hand, seed 8), each solved cold three times (a fresh trump
    context, table and move source each time) and timed by the least CPU
    time of the three, which filters out the other processes of a shared
    machine as the follow workload's best of 3 does."""
    import hashlib
    import random

    try:
        from solver.games import SHENGJI_PRESETS
    except ImportError:  # trees before the game registry
        from solver.rules import SHENGJI_PRESETS  # type: ignore[attr-defined,no-redef]
    from solver.search import CachedMoves, Solver, Table
    from solver.search.endgames import random_endgame
    from solver.trump import TrumpContext

    def solve(eg: Any) -> tuple[int, int, float]:
        st = eg.state
        ctx = TrumpContext(eg.ctx.rules, eg.ctx.level, eg.ctx.trump)
        s = Solver(Table(ctx), CachedMoves(ctx), dealer=st.dealer,
                   kitty_points=st.kitty_points)
        c = time.process_time()
        v = s.value(st)
        return v, s.stats.nodes, time.process_time() - c

    solve(random_endgame(random.Random(9), 5, mid_trick=False))  # imports, untimed
    rng = random.Random(8)
    nodes = 0
    solve_t: list[float] = []
    digest = hashlib.sha256()
    for i in range(12 if q else 40):
        eg = random_endgame(rng, 5, rules=SHENGJI_PRESETS[i % 3], mid_trick=False)
        runs = [solve(eg) for _ in range(3)]
        nodes += runs[0][1]
        solve_t.append(min(r[2] for r in runs))
        digest.update(repr(runs[0][0]).encode())
    cpu = sum(solve_t)
    out = {"search40 nodes/s": nodes / cpu,
           "search40 solve median ms": statistics.median(solve_t) * 1e3,
           "search40 solve p90 ms": _pct(solve_t, .9) * 1e3,
           "search40 solve total s": cpu,
           "search40 nodes": float(nodes),
           "search40 results digest": int(digest.hexdigest()[:8], 16)}
    # Each position's time, for the least over every round (see main).
    out.update({f"search40#{i}": t for i, t in enumerate(solve_t)})
    return out


def w_hint(q: bool) -> dict[str, float]:
    """What the hint engine does with the speed: sampled deals searched
    within the same budget (the tree's own bench_search.hidden, 1 s each)."""
    import contextlib
    import io
    import re

    sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
    import bench_search  # type: ignore[import-not-found]

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        bench_search.hidden(4 if q else 8, 6, 1.0)
    m = re.search(r"samples median (\d+)", buf.getvalue())
    return {"hint samples in 1 s/s": float(m.group(1)) if m else float("nan")}


def w_hintend(q: bool) -> dict[str, float]:
    """The hint engine where it searches exactly: hidden-hand hints with 4
    cards left in hand (every sampled deal solved by the exact search), in
    seeded baseline-bot hands (``solver.search.selfplay.hint_positions``);
    sampled deals within a 1 s budget (the hint stops at 400) and CPU ms
    per deal, medians over the positions."""
    import itertools

    from solver.search.hint import hint
    from solver.search.selfplay import hint_positions

    per_deal: list[float] = []
    samples: list[float] = []
    for seed in range(1, 40):
        if len(per_deal) >= (4 if q else 8):
            break
        rules = ("henan", "wusaner", "tractor")[seed % 3]
        picks = hint_positions(rules, seed,
                               lambda h: h.turn is not None and len(h.hand_of(h.turn)) <= 4)
        for hp in itertools.islice(picks, seed % 3, seed % 3 + 1):
            c0 = time.process_time()
            res = hint(hp.hidden, budget=1.0, seed=seed, tricks=hp.tricks)
            per_deal.append((time.process_time() - c0) / max(1, res.samples) * 1e3)
            samples.append(float(res.samples))
    return {"hint 4 cards CPU ms per deal": statistics.median(per_deal),
            "hint 4 cards samples in 1 s/s": statistics.median(samples)}


def _jsonl_payload(q: bool, distinct: bool = False) -> str:
    """Follow requests: 300 positions' plays cycled to 6,000 lines, or with
    ``distinct`` 6,000 different requests (fresh positions: no line, and
    no (context, lead, hand) after its own plays, is seen twice)."""
    import itertools

    from solver.cards import format_cards

    n = 2000 if q else 6000
    if distinct:
        plays = _plays(_positions(500 if q else 1400, 32, False), 32)
    else:
        plays = _plays(_positions(100 if q else 300, 31, False), 31)
    reqs = []
    for ctx, lead, hand, play in plays:
        d = ctx.describe()
        reqs.append({"kind": "follow", "rules": d["rules"], "level": d["level"],
                     "trump": d["trump"], "lead": format_cards(lead),
                     "hand": format_cards(hand), "play": format_cards(play)})
    if distinct:
        seen: set[str] = set()
        reqs = [r for r in reqs if not (json.dumps(r) in seen or seen.add(json.dumps(r)))]
        if len(reqs) < n:
            raise SystemExit(f"jsonl distinct: only {len(reqs)} distinct requests")
        reqs = reqs[:n]
    else:
        reqs = list(itertools.islice(itertools.cycle(reqs), n))
    return "\n".join(json.dumps({**r, "id": i}) for i, r in enumerate(reqs)) + "\n"


def _run_jsonl(payload: str) -> tuple[float, float, int]:
    """Lines answered, wall seconds and CPU seconds of one ``check --jsonl``."""
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    c0 = _child_cpu()
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "tutor", "check", "--jsonl"], input=payload,
                          capture_output=True, text=True, env=env)
    dt = time.perf_counter() - t0
    cpu = _child_cpu() - c0
    lines = proc.stdout.splitlines()
    errors = sum(1 for x in lines if '"error"' in x)
    if errors or proc.returncode:
        raise SystemExit(f"jsonl: {errors} errors, exit {proc.returncode}: {proc.stderr[-500:]}")
    return dt, cpu, len(lines)


def w_jsonl(q: bool) -> dict[str, float]:
    dt, cpu, n = _run_jsonl(_jsonl_payload(q))
    fdt, fcpu, fn = _run_jsonl(_jsonl_payload(q, distinct=True))
    return {"jsonl follow checks/s": n / dt,
            "jsonl follow checks per CPU-s": n / cpu,
            "jsonl distinct checks/s": fn / fdt,
            "jsonl distinct checks per CPU-s": fn / fcpu}


def _child_cpu() -> float:
    import resource

    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def w_cold(q: bool) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    args = [sys.executable, "-m", "tutor", "check", "follow", "--rules", "henan", "--level", "2",
            "--trump", "S", "--lead", "10H 10H", "--hand", "9H 9H 3H 4D 5S", "--play", "3H 9H"]
    ts, cs = [], []
    for _ in range(3 if q else 5):
        c0 = _child_cpu()
        t0 = time.perf_counter()
        subprocess.run(args, capture_output=True, env=env, check=True)
        ts.append(time.perf_counter() - t0)
        cs.append(_child_cpu() - c0)
    return {"cold check follow s": statistics.median(ts),
            "cold check follow CPU s": statistics.median(cs)}


def worker(names: list[str], quick: bool) -> None:
    sys.path.insert(0, os.getcwd())
    res: dict[str, float] = {}
    for name in names:
        res.update(globals()["w_" + name](quick))
    print(json.dumps(res))


# -- driver ----------------------------------------------------------------------------

HIGHER_IS_BETTER = ("/s", "per CPU-s")


def export(rev: str, dest: Path) -> None:
    data = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True,
                          check=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")
    shared = ROOT.parent / "shared"
    if shared.exists() and not (dest.parent / "shared").exists():
        (dest.parent / "shared").symlink_to(shared)  # ../shared, as in a worktree


def run_tree(tree: Path, names: list[str], quick: bool) -> dict[str, float]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", ",".join(names)]
    if quick:
        cmd.append("--quick")
    env = dict(os.environ, PYTHONPATH=str(tree))
    proc = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, env=env)
    if proc.returncode:
        raise SystemExit(f"worker in {tree} failed:\n{proc.stderr[-3000:]}")
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="main")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", default=",".join(WORKLOADS))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--worker")
    ap.add_argument("--raw", help="also write every round's values (JSON) to this file")
    args = ap.parse_args()
    if args.worker:
        worker(args.worker.split(","), args.quick)
        return
    names = [n for n in args.only.split(",") if n]
    rev = subprocess.run(["git", "rev-parse", "--short", args.base], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.strip()
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "solver", "tutor"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    print(f"base {args.base} ({rev}) vs this tree ({head}{'+changes' if dirty else ''});"
          f" {args.rounds} rounds, load average {os.getloadavg()[0]:.1f},"
          f" {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        base.mkdir()
        export(args.base, base)
        runs: dict[str, list[dict[str, float]]] = {"base": [], "new": []}
        for r in range(args.rounds):
            order = [("base", base), ("new", ROOT)]
            if r % 2:
                order.reverse()
            for label, tree in order:
                runs[label].append(run_tree(tree, names, args.quick))
    if args.raw:
        Path(args.raw).write_text(json.dumps(runs, indent=1))
    keys = [k for k in runs["new"][0] if "@" not in k and "digest" not in k and "#" not in k]
    print(f"{'metric':34s} {'base':>10s} {'new':>10s}  {'ratio':>6s}  spread base / new (min-max)"
          "  [round ratios min-max]")
    for k in keys:
        b = [r[k] for r in runs["base"] if k in r]
        n = [r[k] for r in runs["new"]]
        if not b:
            continue
        bm, nm = statistics.median(b), statistics.median(n)
        better_high = any(k.endswith(s) for s in HIGHER_IS_BETTER)
        ratio = nm / bm if better_high else bm / nm
        # Each round runs both trees back to back: its own ratio.
        paired = [(y / x if better_high else x / y) if x and y else float("nan")
                  for x, y in zip(b, n)] if len(b) == len(n) else []
        rounds = f"  [{min(paired):.2f}-{max(paired):.2f}x]" if paired else ""
        print(f"{k:34s} {bm:10.3f} {nm:10.3f}  {ratio:5.2f}x  "
              f"{min(b):.3f}-{max(b):.3f} / {min(n):.3f}-{max(n):.3f}{rounds}")
    for k in runs["new"][0]:
        if "@" in k:  # a new-only variant of a base metric: ratio against the base metric
            metric, variant = k.split("@")
            b = [r[metric] for r in runs["base"] if metric in r]
            n = [r[k] for r in runs["new"]]
            if b:
                print(f"{metric} ({variant}): base {statistics.median(b):.3f} new"
                      f" {statistics.median(n):.3f} ratio {statistics.median(b) / statistics.median(n):.2f}x"
                      f" (new spread {min(n):.3f}-{max(n):.3f})")
        if "digest" in k:
            same = {r.get(k) for r in runs["base"]} == {r[k] for r in runs["new"]}
            print(f"{k}: {'identical in both trees' if same else 'DIFFERENT'}")
    _least_over_rounds(runs)
    print("ratio > 1: the new tree is faster (times base/new, rates new/base)")


def _least_over_rounds(runs: dict[str, list[dict[str, float]]]) -> None:
    """Per-item times (keys ``name#i``): each item's least time over every
    round and repeat, summed: the estimate that a loaded machine disturbs
    least (another process can only add time), with nodes per second from
    it when the workload counts nodes (``name nodes``)."""
    names = sorted({k.split("#")[0] for k in runs["new"][0] if "#" in k})
    for name in names:
        tot: dict[str, float] = {}
        for label in ("base", "new"):
            items = [k for k in runs[label][0] if k.startswith(name + "#")]
            if not items:
                break
            tot[label] = sum(min(r[k] for r in runs[label]) for k in items)
        if len(tot) < 2:
            continue
        line = (f"{name} least over rounds, total s: base {tot['base']:.3f} new {tot['new']:.3f}"
                f" ratio {tot['base'] / tot['new']:.2f}x")
        nk = name + " nodes"
        if nk in runs["base"][0] and nk in runs["new"][0]:
            nb, nn = runs["base"][0][nk] / tot["base"], runs["new"][0][nk] / tot["new"]
            line += f"; nodes/s base {nb:.0f} new {nn:.0f} ratio {nn / nb:.2f}x"
        print(line)


if __name__ == "__main__":
    main()
