"""Legality engine benchmark: CP-SAT vs the generator, enumeration, --jsonl batch.

    python bench/bench_legality.py [--positions 600] [--jsonl 10000] [--seed 1]

Random 25-card follower hands (leads of every type including throws and
trump leads, all presets, levels and trumps).  Prints p50/p99 times and the
speed ratio measured side by side in one run.  Targets: CP-SAT follow check
p50 ≤ 5 ms, p99 ≤ 30 ms; generator ≥ 50× faster; enumerating all legal
follows p99 ≤ 10 ms; 10,000 --jsonl follow checks ≤ 60 s.

Enumeration is timed by consuming the lazy iterator (keeping a list of
hundreds of thousands of follows adds garbage-collector time that belongs
to the caller).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver import cpsat  # noqa: E402
from solver.cards import format_cards  # noqa: E402
from solver.generator import is_legal_follow, legal_follows  # noqa: E402
from tests.legal_gen import PRESETS, plays_to_check, random_position  # noqa: E402


#: Each timing is the best of REPEATS runs (the machine is shared: the
#: minimum filters out other processes; set --repeats 1 for raw single runs).
REPEATS = 3


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def ms(x: float) -> str:
    return f"{x * 1000:.3f} ms"


def bench_checks(n: int, seed: int, natural: bool) -> list[dict[str, object]]:
    rng = random.Random(seed)
    t_cp: list[float] = []
    t_gen: list[float] = []
    t_enum: list[float] = []
    counts: list[int] = []
    requests: list[dict[str, object]] = []
    disagree = 0
    for i in range(n):
        name = PRESETS[i % 3]
        pos = random_position(rng, name, hand_size=25, natural=natural)
        ctx, lead, hand = pos.ctx, pos.lead, pos.hand
        best = float("inf")
        for _ in range(REPEATS):
            t0 = time.perf_counter()
            count = 0
            for _f in legal_follows(ctx, lead, hand):  # consume the lazy iterator
                count += 1
            best = min(best, time.perf_counter() - t0)
        t_enum.append(best)
        counts.append(count)
        follows = list(itertools.islice(legal_follows(ctx, lead, hand), 64))
        plays = plays_to_check(rng, pos, follows[:64], extra=1)
        for play in plays:
            g = c = float("inf")
            for _ in range(REPEATS):
                t0 = time.perf_counter()
                a = is_legal_follow(ctx, lead, hand, play)
                t1 = time.perf_counter()
                b = cpsat.follow_is_legal(ctx, lead, hand, play)
                t2 = time.perf_counter()
                g, c = min(g, t1 - t0), min(c, t2 - t1)
            t_gen.append(g)
            t_cp.append(c)
            disagree += a != b
            d = ctx.describe()
            requests.append({"kind": "follow", "rules": d["rules"], "level": d["level"],
                             "trump": d["trump"], "lead": format_cards(lead),
                             "hand": format_cards(hand), "play": format_cards(play)})
    kind = "uniform random" if natural else "skewed led-suit share (many voids/long suits)"
    print(f"\n== 25-card hands, {kind} ==")
    print(f"positions: {n}, follow checks: {len(t_cp)}, disagreements: {disagree}")
    print(f"CP-SAT follow check      p50 {ms(pct(t_cp, .5))}  p99 {ms(pct(t_cp, .99))}"
          f"  mean {ms(sum(t_cp) / len(t_cp))}")
    print(f"generator follow check   p50 {ms(pct(t_gen, .5))}  p99 {ms(pct(t_gen, .99))}"
          f"  mean {ms(sum(t_gen) / len(t_gen))}")
    ratio_p50 = pct(t_cp, .5) / pct(t_gen, .5)
    ratio_mean = (sum(t_cp) / len(t_cp)) / (sum(t_gen) / len(t_gen))
    print(f"speed ratio CP-SAT/generator: p50 {ratio_p50:.0f}x  mean {ratio_mean:.0f}x")
    print(f"enumerate all legal follows p50 {ms(pct(t_enum, .5))}  p99 {ms(pct(t_enum, .99))}"
          f"  max {ms(max(t_enum))}  (follows per position: median {sorted(counts)[len(counts)//2]},"
          f" max {max(counts)})")
    return requests


def bench_leads_and_throws(n: int, seed: int) -> None:
    """legal_leads on full 25-card deals (throws that stand / are safe), and
    throw adjudication by CP-SAT vs solver.throws."""
    from solver.cards import deck
    from solver.generator import legal_leads
    from solver.throws import throw_verdict
    from solver.units import classify
    from tests.legal_gen import random_context

    rng = random.Random(seed)
    t_lead: list[float] = []
    t_cp: list[float] = []
    t_py: list[float] = []
    most = 0
    for i in range(n):
        ctx = random_context(rng, PRESETS[i % 3])
        pack = deck()
        rng.shuffle(pack)
        hands = [pack[j * 25:(j + 1) * 25] for j in range(4)]
        t0 = time.perf_counter()
        leads = list(legal_leads(ctx, hands[0], others=hands[1:]))
        t_lead.append(time.perf_counter() - t0)
        most = max(most, len(leads))
        # Throw candidates: the seat's units of its longest suit, all together.
        by_suit: dict[str, list] = {}
        for c in hands[0]:
            by_suit.setdefault(ctx.suit_of(c), []).append(c)
        cards = max(by_suit.values(), key=len)
        if classify(ctx, cards).type != "throw":
            continue
        t0 = time.perf_counter()
        a = throw_verdict(ctx, cards, hands[1:])
        t1 = time.perf_counter()
        b = cpsat.throw_stands(ctx, cards, hands[1:])
        t2 = time.perf_counter()
        assert a.stands == b.ok and set(a.beaten) == set(b.beaten), (a, b)
        t_py.append(t1 - t0)
        t_cp.append(t2 - t1)
    print(f"\n== leads and throws, {n} full deals ==")
    print(f"legal_leads(others=...)  p50 {ms(pct(t_lead, .5))}  p99 {ms(pct(t_lead, .99))}"
          f"  (most leads in a hand: {most})")
    print(f"throw adjudication       CP-SAT p50 {ms(pct(t_cp, .5))} p99 {ms(pct(t_cp, .99))};"
          f" solver.throws p50 {ms(pct(t_py, .5))} p99 {ms(pct(t_py, .99))} ({len(t_cp)} throws, all agree)")


def bench_jsonl(requests: list[dict[str, object]], total: int) -> None:
    reqs = list(itertools.islice(itertools.cycle(requests), total))
    payload = "\n".join(json.dumps({**r, "id": i}) for i, r in enumerate(reqs)) + "\n"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    import resource

    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "tutor", "check", "--jsonl"], input=payload,
                          capture_output=True, text=True, cwd=ROOT, env=env)
    dt = time.perf_counter() - t0
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)
    lines = proc.stdout.splitlines()
    errors = sum(1 for x in lines if '"error"' in x)
    print(f"--jsonl: {len(lines)} follow checks in {dt:.1f} s wall, {cpu:.1f} s CPU"
          f" ({dt / max(1, len(lines)) * 1000:.2f} ms each wall; {errors} errors, exit {proc.returncode};"
          f" load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=600)
    ap.add_argument("--jsonl", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    global REPEATS
    REPEATS = args.repeats
    print(f"timings: best of {REPEATS} per item; CPU count {os.cpu_count()}")
    from ortools.sat.python import cp_model  # noqa: F401  (import cost not measured)

    reqs = bench_checks(args.positions, args.seed, natural=True)
    reqs += bench_checks(args.positions, args.seed + 1, natural=False)
    bench_leads_and_throws(args.positions, args.seed + 2)
    if args.jsonl:
        bench_jsonl(reqs, args.jsonl)


if __name__ == "__main__":
    main()
