"""Do the hint's words about the hand's end come true? (issue 18)

    python bench/bench_hint_outcome.py --hands 150 --seed 92100 --out ROWS
    python bench/bench_hint_outcome.py --rows ROWS [--spread BASE PER_CARD]
    python bench/bench_hint_outcome.py --rows TUNING_ROWS --fit

A Shengji hint for hidden hands says the attackers' expected final total
("based on N sampled deals"), the hand's likeliest level outcome, and the
chance that the dealers keep the attackers under the threshold (R-LEVELS).
Each seeded hand (``solver.search.selfplay.seeded_hand``; rules cycle with
the seed) is played by four strength-3 search bots; at one decision in ten
(seeded) the seat to move asks the hint (budget 1 s) and plays its
recommendation.  Each such position is a row: the hint's value, the best
play's value on each sampled deal, the seat's cards; at the end of the hand,
its real final total.

Report: the value's mean gap (real − said) overall and by cards in hand,
and the chance of keeping and the likeliest outcome by tenth of the chance
told, for the hint's own chances (``--spread``, default the shipped
``SPREAD_BASE`` / ``SPREAD_PER_CARD``) and for each deal counted as
certain (spread 0).  ``--fit`` chooses the spread (base, per card) on a
grid by the log likelihood of the real level outcome.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.game.hand import Phase  # noqa: E402
from solver.game.runner import step  # noqa: E402
from solver.games import SHENGJI_PRESETS  # noqa: E402
from solver.rules import preset  # noqa: E402
from solver.scoring import level_outcome  # noqa: E402
from solver.search import hint as hint_mod  # noqa: E402
from solver.search.bots import SearchBot  # noqa: E402
from solver.search.selfplay import position_at, seeded_hand  # noqa: E402

Row = dict[str, object]


class _Forced(SearchBot):
    """A search bot that plays ``forced`` once when it is set."""

    forced: list | None = None  # type: ignore[type-arg]

    def lead(self, view):  # type: ignore[no-untyped-def]
        if self.forced is not None:
            f, self.forced = self.forced, None
            return f
        return super().lead(view)

    def follow(self, view):  # type: ignore[no-untyped-def]
        if self.forced is not None:
            f, self.forced = self.forced, None
            return f
        return super().follow(view)


def one(seed: int, share: float = 0.1, budget: float = 1.0) -> list[Row]:
    rules = SHENGJI_PRESETS[seed % 3]
    h = seeded_hand(rules, seed)
    bots = [_Forced(3, seed) for _ in range(4)]
    rng = random.Random(seed)
    rows: list[Row] = []
    while h.phase not in (Phase.DONE, Phase.REDEAL):
        if h.phase == Phase.PLAY and h.turn is not None and rng.random() < share:
            seat = h.turn
            tricks = [(t.leader, [list(p) for p in t.plays]) for t in h.tricks]
            pos = position_at(h, seat, hidden=True)
            if len(list(zip(range(2), pos.legal_plays()))) >= 2:
                ht = hint_mod.hint(pos, budget=budget, seed=seed, tricks=tricks)
                rows.append({"seed": seed, "rules": rules, "value": ht.value,
                             "cards": len(pos.hand(seat)), "deal_values": list(ht.deal_values),
                             # what the final total can still be: the attackers' points
                             # so far, the points still in the hands and in the kitty
                             "won": h.attacker_points + sum(p.points for p in h.penalties),
                             "left": sum(c.points for s in range(4) for c in h.cards_of(s)),
                             "kitty": sum(c.points for c in h.kitty)})
                bots[seat].forced = list(ht.best)
        step(h, bots)
    if h.result is None:
        return []
    for r in rows:
        r["final"] = h.result.total
    return rows


def _chances(r: Row, base: float, per_card: float) -> dict[tuple[str, int], float]:
    values: list[float] = r["deal_values"]  # type: ignore[assignment]
    cards = int(r["cards"])  # type: ignore[call-overload]
    rules = preset(str(r["rules"]))
    won = int(r.get("won", 0))  # type: ignore[call-overload]
    return hint_mod.outcome_chances(rules, values, cards, base, per_card,
                                    floor=hint_mod.points_floor(rules, won, cards))


def _real(r: Row) -> tuple[str, int]:
    return level_outcome(preset(str(r["rules"])), int(r["final"]))  # type: ignore[call-overload]


def log_likelihood(rows: Sequence[Row], base: float, per_card: float) -> float:
    return sum(math.log(max(1e-6, _chances(r, base, per_card).get(_real(r), 0.0)))
               for r in rows) / len(rows)


def tenths(pairs: Iterable[tuple[float, bool]], label: str) -> None:
    groups: dict[int, list[tuple[float, bool]]] = {}
    for p, ok in pairs:
        groups.setdefault(min(9, int(p * 10)), []).append((p, ok))
    print(f"  {label}")
    for d in sorted(groups):
        g = groups[d]
        said = sum(p for p, _ in g) / len(g)
        real = sum(ok for _, ok in g) / len(g)
        print(f"    {10 * d:3d}-{10 * d + 10:3d} %  n {len(g):4d}  said {100 * said:5.1f}  "
              f"real {100 * real:5.1f}  gap {100 * (real - said):+5.1f}")


def report(rows: Sequence[Row], base: float, per_card: float) -> None:
    gaps = [float(r["final"]) - float(r["value"]) for r in rows]  # type: ignore[arg-type]
    print(f"{len(rows)} positions of {len({r['seed'] for r in rows})} hands")
    print(f"expected final total: said {statistics.mean(float(r['value']) for r in rows):.1f}, "  # type: ignore[arg-type]
          f"real {statistics.mean(float(r['final']) for r in rows):.1f}, gap {statistics.mean(gaps):+.1f}, "  # type: ignore[arg-type]
          f"mean |gap| {statistics.mean(abs(g) for g in gaps):.1f}")
    for lo, hi in ((0, 6), (7, 12), (13, 20), (21, 40)):
        sel = [g for r, g in zip(rows, gaps) if lo <= int(r["cards"]) <= hi]  # type: ignore[call-overload]
        if sel:
            print(f"  {lo}-{hi} cards: n {len(sel)}, gap {statistics.mean(sel):+.1f}, "
                  f"mean |gap| {statistics.mean(abs(g) for g in sel):.1f}")
    for b, pc, name in ((0.0, 0.0, "each deal's outcome as certain"),
                        (base, per_card, f"spread {base:g} + {per_card:g} per card")):
        keep, modal = [], []
        for r in rows:
            ch = _chances(r, b, pc)
            real = _real(r)
            keep.append((sum(p for (o, _), p in ch.items() if o == "dealers_up"),
                         real[0] == "dealers_up"))
            top = max(ch.items(), key=lambda kv: kv[1])
            modal.append((top[1], top[0] == real))
        print(f"{name}: log likelihood of the real outcome {log_likelihood(rows, b, pc):.3f}")
        tenths(keep, "the dealers keep the attackers under the threshold:")
        tenths(modal, "the likeliest outcome (said as the outcome), by its chance:")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=150)
    ap.add_argument("--seed", type=int, default=92100)
    ap.add_argument("--out", default=None, help="write the rows (JSON lines) here")
    ap.add_argument("--rows", nargs="*", default=None, help="read rows instead of playing")
    ap.add_argument("--spread", nargs=2, type=float, default=None, metavar=("BASE", "PER_CARD"))
    ap.add_argument("--fit", action="store_true", help="choose the spread on a grid")
    args = ap.parse_args()
    if args.rows:
        rows = [json.loads(line) for f in args.rows for line in open(f, encoding="utf-8")]
    else:
        rows = []
        out = open(args.out, "w", encoding="utf-8") if args.out else None
        for seed in range(args.seed, args.seed + args.hands):
            for r in one(seed):
                rows.append(r)
                if out:
                    out.write(json.dumps(r) + "\n")
                    out.flush()
    if args.fit:
        grid = [(b, pc) for b in (0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 15.0)
                for pc in (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0)]
        scored = sorted(((log_likelihood(rows, b, pc), b, pc) for b, pc in grid), reverse=True)
        for ll, b, pc in scored[:5]:
            print(f"spread {b:g} + {pc:g} per card: log likelihood {ll:.4f}")
        print(f"best: --spread {scored[0][1]:g} {scored[0][2]:g}")
        return
    base, per_card = args.spread if args.spread else (hint_mod.SPREAD_BASE, hint_mod.SPREAD_PER_CARD)
    report(rows, base, per_card)


if __name__ == "__main__":
    main()
