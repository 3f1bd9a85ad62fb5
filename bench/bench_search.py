"""Search speed (issue 6): exact endgames, node savings, hidden-hand hints.

    python bench/bench_search.py [--six N] [--four N] [--hidden N] [--seed S]

1. Endgames with 6 cards per hand (random deals, every preset, at a trick
   boundary): wall and CPU seconds of the exact value (targets: median
   ≤ 1 s, p95 ≤ 5 s).
2. The 4-card set: nodes searched by the solver (table, equivalence,
   ordering, alpha-beta) and by plain minimax, side by side in one run
   (target: at least 100× fewer).
3. Hidden-hand hints in the middle of a hand (baseline bots play 8-12
   tricks, then the seat to move asks with a 2 s budget): wall seconds of
   the whole hint, explanation included.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.bots import BaselineBot  # noqa: E402
from solver.cards import deck  # noqa: E402
from solver.game.hand import Hand, Phase  # noqa: E402
from solver.game.runner import step  # noqa: E402
from solver.position import Position  # noqa: E402
from solver.games import SHENGJI_PRESETS  # noqa: E402
from solver.rules import preset  # noqa: E402
from solver.search import CachedMoves, Solver, Table, minimax  # noqa: E402
from solver.search.alphabeta import Counter  # noqa: E402
from solver.search.endgames import random_endgame  # noqa: E402
from solver.search.hint import hint  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def six_cards(n: int, seed: int) -> None:
    rng = random.Random(seed)
    wall: list[float] = []
    cpu: list[float] = []
    nodes: list[int] = []
    for i in range(n):
        eg = random_endgame(rng, 6, rules=SHENGJI_PRESETS[i % 3], mid_trick=False)
        st = eg.state
        s = Solver(Table(eg.ctx), CachedMoves(eg.ctx), dealer=st.dealer, kitty_points=st.kitty_points)
        t, c = time.perf_counter(), time.process_time()
        s.value(st)
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        nodes.append(s.stats.nodes)
    print(f"6 cards/hand, {n} endgames: wall median {statistics.median(wall):.3f} s, "
          f"p95 {pct(wall, 0.95):.3f} s, max {max(wall):.3f} s; "
          f"CPU median {statistics.median(cpu):.3f} s, p95 {pct(cpu, 0.95):.3f} s; "
          f"nodes median {statistics.median(nodes):.0f}")


def four_cards(n: int, seed: int) -> None:
    rng = random.Random(seed + 1)
    ours: list[int] = []
    plain: list[int] = []
    t_ours = t_plain = 0.0
    for i in range(n):
        eg = random_endgame(rng, 4, rules=SHENGJI_PRESETS[i % 3], mid_trick=False)
        st = eg.state
        table, moves = Table(eg.ctx), CachedMoves(eg.ctx)
        s = Solver(table, moves, dealer=st.dealer, kitty_points=st.kitty_points)
        t = time.perf_counter()
        v = s.value(st)
        t_ours += time.perf_counter() - t
        c = Counter()
        t = time.perf_counter()
        ref = minimax(st, table, moves, c)
        t_plain += time.perf_counter() - t
        assert v == ref, (v, ref)
        ours.append(s.stats.nodes)
        plain.append(c.nodes)
    ratios = [p / o for p, o in zip(plain, ours)]
    print(f"4 cards/hand, {n} endgames: nodes solver {sum(ours)} vs plain minimax {sum(plain)} "
          f"(total ratio {sum(plain) / sum(ours):.0f}x, median ratio "
          f"{statistics.median(ratios):.0f}x, min ratio {min(ratios):.0f}x); "
          f"time {t_ours:.2f} s vs {t_plain:.2f} s; values equal")


def _mid_hand(rules: str, seed: int, lead: bool = False) -> Hand | None:
    cards = deck()
    rng = random.Random(seed)
    rng.shuffle(cards)
    h = Hand.later(preset(rules), cards, seed % 4)
    bots = [BaselineBot() for _ in range(4)]
    guard = 0
    while h.phase != Phase.PLAY and guard < 5000:
        if h.phase in (Phase.DONE, Phase.REDEAL):
            return None
        step(h, bots)
        guard += 1
    tricks = rng.randrange(8, 13)
    plays_in = 0 if lead else 1 + rng.randrange(3)
    while h.phase == Phase.PLAY and (len(h.tricks) < tricks or len(h.current) < plays_in):
        step(h, bots)
    return h if h.phase == Phase.PLAY else None


def hidden(n: int, seed: int, budget: float) -> None:
    times: list[float] = []
    lead_times: list[float] = []
    samples: list[int] = []
    cards_left: list[int] = []
    i = 0
    while len(times) < n:
        i += 1
        rules = SHENGJI_PRESETS[i % 3]
        h = _mid_hand(rules, seed + i, lead=i % 2 == 0)
        if h is None or h.turn is None or h.ctx is None:
            continue
        seat = h.turn
        hands = [list(h.hands[s].elements()) if s == seat else None for s in range(4)]
        pos = Position(h.ctx, hands, dealer=h.dealer if h.dealer is not None else 0,
                       leader=h.leader if h.leader is not None else 0,
                       trick=[list(p) for p in h.current], attacker_points=h.attacker_points,
                       kitty=list(h.kitty) if h.burier == seat else [],
                       played=[c for t in h.tricks for p in t.plays for c in p],
                       viewer=seat)
        tricks = [(t.leader, [list(p) for p in t.plays]) for t in h.tricks]
        t = time.perf_counter()
        res = hint(pos, budget=budget, seed=i, tricks=tricks)
        times.append(time.perf_counter() - t)
        if not pos.trick:
            lead_times.append(times[-1])
        samples.append(res.samples)
        cards_left.append(len(hands[seat] or []))
    print(f"hidden-hand hints mid-hand, {n} positions ({min(cards_left)}-{max(cards_left)} "
          f"cards in hand), budget {budget} s: wall median {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s; samples median {statistics.median(samples):.0f}; "
          f"{len(lead_times)} of them leads: median {statistics.median(lead_times or [0.0]):.2f} s, "
          f"max {max(lead_times or [0.0]):.2f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--six", type=int, default=30)
    ap.add_argument("--four", type=int, default=20)
    ap.add_argument("--hidden", type=int, default=6)
    ap.add_argument("--budget", type=float, default=2.0)
    ap.add_argument("--seed", type=int, default=6)
    args = ap.parse_args()
    if args.six:
        six_cards(args.six, args.seed)
    if args.four:
        four_cards(args.four, args.seed)
    if args.hidden:
        hidden(args.hidden, args.seed, args.budget)


if __name__ == "__main__":
    main()
