"""Claims about who takes the trick, against the bots that then play it.

    nice python bench/bench_trick_claims.py [--seed 97000] [--hands 100]
        [--per-hand 4] [--deals 24] [--budget 20] [--leads]

A hint says "your partner takes this trick in p % of the sampled deals"
(or you, or the opponents).  Its deals finish the trick either as the
search rates best for each seat (``followers=None``, what a seat seeing
the deal would play) or as the baseline bot plays (``"baseline"``, the
Play screen's bots at the normal strength).  This bench asks both at
hidden-hand decisions of seeded self-play among baseline bots (rules
cycling henan / tractor / wusaner), ``--per-hand`` drawn per hand
(``--leads``: leads only), and compares each claim with what happens on
the real deal when the seat makes the hinted play and the baseline bots
answer it (:func:`solver.search.claims.continue_trick` with the baseline
model on the real hands: the bots' own follows).

Printed for each way of finishing the trick: the claims by decile of the
share claimed (the share said for the side the reason names: the seat,
its partner or the opponents), how many there were, the mean share
claimed and how often that side really took the trick; and the claims
of 100 % ("in all n sampled deals") that failed.  Report seeds
97000-97099 (never used before; nothing is tuned here).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.search import claims  # noqa: E402
from solver.search import hint as hint_mod  # noqa: E402
from solver.search.hint import hint, knowledge_of, tools  # noqa: E402
from solver.search.model import faces  # noqa: E402
from solver.search.opponent import BaselineModel  # noqa: E402
from solver.search.selfplay import HintPosition, hint_positions  # noqa: E402

RULES = ("henan", "tractor", "wusaner")
PICK_STREAM = 0x7C1A
#: The reasons about the trick and the side each names (0: the seat, 2: its
#: partner, 1: the opponents), by their code without the share suffix.
SIDE = {"hint.why.wins_trick": 0, "hint.why.wins_trick_empty": 0,
        "hint.why.feeds_points": 2, "hint.why.partner_wins": 2, "hint.why.partner_takes": 2,
        "hint.why.loses_trick": 1, "hint.why.ducks": 1, "hint.why.saves_points": 1,
        "hint.why.leads_low": 1}


def _base(code: str) -> str:
    for suffix in ("_expected", "_all", "_sure"):
        code = code.removesuffix(suffix)
    return code


def picked(rules: str, seed: int, per_hand: int, leads: bool) -> list[HintPosition]:
    out = [hp for hp in hint_positions(rules, seed)
           if len(hp.hidden.hand(hp.hidden.turn)) > 1 and (not leads or not hp.hidden.trick)]
    rng = random.Random(seed ^ PICK_STREAM)
    return sorted(rng.sample(out, min(per_hand, len(out))), key=out.index)


def claim_of(h: hint_mod.Hint) -> tuple[int, float] | None:
    """(the side the first trick reason names, the share it says), or None."""
    for r in h.reasons:
        side = SIDE.get(_base(r.code))
        if side is None:
            continue
        if r.code.endswith("_expected"):
            return side, r.params["p"] / 100
        return side, 1.0  # "in all n deals", "none of the unseen cards…", or a settled trick
    return None


def actual_side(hp: HintPosition, play: tuple[object, ...]) -> int:
    """Who takes the trick on the real deal when the seat makes ``play`` and
    the baseline bots answer it: 0 the seat, 2 its partner, 1 an opponent."""
    pos, full = hp.hidden, hp.full
    seat = pos.turn
    k = knowledge_of(pos, hp.tricks)
    table, moves = tools(pos.ctx)
    hands = tuple(faces(full.hand(s)) for s in range(4))
    kitty = faces(full.kitty) if full.kitty else ()
    model = BaselineModel(pos.ctx, hp.tricks, dealer=pos.dealer, leads=False)
    end = claims.continue_trick(k, faces(play), hands, kitty, table, moves, model)  # type: ignore[arg-type]
    d = (end.winner - seat) % 4
    return 1 if d in (1, 3) else d


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=97000)
    ap.add_argument("--hands", type=int, default=100)
    ap.add_argument("--per-hand", type=int, default=4)
    ap.add_argument("--deals", type=int, default=24)
    ap.add_argument("--budget", type=float, default=20.0)
    ap.add_argument("--leads", action="store_true", help="leads only")
    args = ap.parse_args()
    ways = (None, "baseline")
    rows: dict[str | None, list[tuple[int, float, int]]] = defaultdict(list)
    start = time.perf_counter()
    n = 0
    for s in range(args.seed, args.seed + args.hands):
        for hp in picked(RULES[s % 3], s, args.per_hand, args.leads):
            n += 1
            for way in ways:
                hint_mod._CARRY.clear()
                h = hint(hp.hidden, budget=args.budget, seed=hp.seed, deals=args.deals,
                         tricks=hp.tricks, followers=way)
                c = claim_of(h)
                if c is not None:
                    rows[way].append((c[0], c[1], actual_side(hp, h.best)))
    print(f"{n} positions ({'leads' if args.leads else 'leads and follows'}), seeds "
          f"{args.seed}-{args.seed + args.hands - 1}, {args.deals} deals, "
          f"{time.perf_counter() - start:.0f} s")
    for way in ways:
        got = rows[way]
        print(f"\nthe trick finished {'as the baseline bots play' if way else 'as the search rates best'}: "
              f"{len(got)} claims")
        print(f"  {'share claimed':>14s} {'claims':>7s} {'mean claimed':>13s} {'came true':>10s}")
        for lo in range(50, 101, 10):
            sel = [(p, side == act) for side, p, act in got
                   if lo / 100 <= p < (lo + 10) / 100 or (lo == 100 and p == 1.0)]
            if not sel:
                continue
            label = "100 %" if lo == 100 else f"{lo}-{lo + 9} %"
            mean = sum(p for p, _ in sel) / len(sel)
            true = sum(ok for _, ok in sel) / len(sel)
            print(f"  {label:>14s} {len(sel):>7d} {100 * mean:>12.1f}% {100 * true:>9.1f}%")
        by_side = defaultdict(lambda: [0, 0])
        for side, p, act in got:
            if p == 1.0:
                by_side[side][0] += 1
                by_side[side][1] += side != act
        names = {0: "the seat wins", 2: "the partner wins", 1: "the opponents win"}
        for side, (total, bad) in sorted(by_side.items()):
            print(f"  said in every deal, {names[side]}: {total}, failed on the real deal: {bad}")


if __name__ == "__main__":
    main()
