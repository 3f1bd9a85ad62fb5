"""Points given away on a trick the hint calls lost, unexplained.

    nice python bench/bench_give_points.py [--seed 95000] [--hands 150]
        [--per-hand 6] [--minutes 20] [--deals 24] [--budget 20] [--off | --on]
        [--show N] [--leads]

Positions are hidden-hand follows of seeded self-play hands (baseline
bots, rules cycling henan / tractor / wusaner by seed, ``--hands`` seeds
from ``--seed`` on), asked as the Play screen asks (other hands hidden,
finished tricks given), where the legal follows do not all give the same
points (elsewhere the case cannot arise); ``--per-hand`` of them drawn at
random from each hand.  Each is answered twice, with the tie-break of
:func:`solver.search.hint.fewer_points_tiebreak` off ("before") and on
("after"), on the same deals: ``--deals`` deals to value the plays on and
a ``--budget`` large enough that no deadline cuts a hint short (the
counts do not depend on the machine's load).

A hint is **unexplained** when its reasons say the trick is lost (the
LOSES_TRICK claim: ``hint.why.loses_trick``, ``ducks`` or
``saves_points``), its play gives more points than some legal play of as
many cards, and no reason explains it (``hint.why.worth_points``, the
WORTH_POINTS claim).  Printed per preset: positions, hints calling the
trick lost, unexplained before and after, kept with the reason (with
``--leads`` also: a lead chosen over a point lead, with the reason that
says so, the SPARES_POINTS claim), plays changed by the tie-break, and the hint's median and total time before
and after (the extra work falls on the few positions where the case
arises; printed too: how often the case arises among all the hands'
follows).  ``--off``/``--on`` answer once only.  ``--show N`` prints the
first N unexplained cases.  Tuning seeds: 95000-95149; report seeds:
95150-95299 (docs/SEARCH.md).

``--leads``: the same for hidden-hand leads (the legal leads do not all
carry the same points; the tie-break's lead half,
``hint.GIVE_FEWER_POINTS_LEADS``, is what is off and on; a lead called
lost is also one said to lose the trick with the lowest card,
``hint.why.leads_low``).  Tuning seeds 96000-96149, report seeds
96150-96299.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.cards import format_cards  # noqa: E402
from solver.search import claims  # noqa: E402
from solver.search import hint as hint_mod  # noqa: E402
from solver.search.hint import Hint, hint  # noqa: E402
from solver.search.selfplay import HintPosition, hint_positions  # noqa: E402

RULES = ("henan", "tractor", "wusaner")
#: The random stream that draws the positions of a hand.
PICK_STREAM = 0x61FE
#: Reasons that say the trick is lost (the LOSES_TRICK claim).
LOST = ("hint.why.loses_trick", "hint.why.ducks", "hint.why.saves_points", "hint.why.leads_low")
WORTH = "hint.why.worth_points"
#: A lead chosen over a point lead that is no better says so (leads only).
SPARED = "hint.why.spares_points"


def follows(rules: str, seed: int, per_hand: int,
            seen: dict[str, int] | None = None, leads: bool = False) -> list[HintPosition]:
    """``per_hand`` hidden-hand follows (``leads``: leads) of the seeded
    hand whose legal plays do not all give the same points (``seen`` counts
    the hand's follows, ``all follows``, and those, ``point follows``)."""
    out = []
    for hp in hint_positions(rules, seed):
        pos = hp.hidden
        if bool(pos.trick) == leads:
            continue
        if seen is not None:
            seen["all follows"] += 1
        legal = claims.legal_list(pos)
        if legal is None or len({claims.play_points(q) for q in legal}) < 2:
            continue
        out.append(hp)
    if seen is not None:
        seen["point follows"] += len(out)
    rng = random.Random(seed ^ PICK_STREAM)
    return sorted(rng.sample(out, min(per_hand, len(out))), key=out.index)


def verdict(hp: HintPosition, h: Hint) -> tuple[bool, bool, bool]:
    """(the trick is called lost, the play gives avoidable points while it
    is, a reason explains them)."""
    codes = [r.code.removesuffix("_expected").removesuffix("_all").removesuffix("_sure") for r in h.reasons]
    lost = any(c in LOST for c in codes)
    avoidable = lost and bool(claims.fewer_points(hp.hidden, h.best))
    return lost, avoidable, WORTH in codes


def ask(hp: HintPosition, on: bool, args: argparse.Namespace) -> tuple[Hint, float]:
    if args.leads:
        hint_mod.GIVE_FEWER_POINTS_LEADS = on
    else:
        hint_mod.GIVE_FEWER_POINTS = on
    hint_mod._CARRY.clear()  # each answer from scratch: no deals carried over
    t = time.perf_counter()
    h = hint(hp.hidden, budget=args.budget, seed=hp.seed, deals=args.deals, tricks=hp.tricks)
    return h, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=95000)
    ap.add_argument("--hands", type=int, default=150)
    ap.add_argument("--per-hand", type=int, default=6)
    ap.add_argument("--minutes", type=float, default=20.0)
    ap.add_argument("--deals", type=int, default=24)
    ap.add_argument("--budget", type=float, default=20.0)
    ap.add_argument("--show", type=int, default=0)
    ap.add_argument("--leads", action="store_true", help="leads instead of follows")
    once = ap.add_mutually_exclusive_group()
    once.add_argument("--off", action="store_true", help="only the hint without the tie-break")
    once.add_argument("--on", action="store_true", help="only the hint with the tie-break")
    args = ap.parse_args()
    sides = [False] if args.off else [True] if args.on else [False, True]
    count: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    took: dict[tuple[str, bool], list[float]] = defaultdict(list)
    shown = 0
    start = time.perf_counter()
    hands = 0
    for s in range(args.seed, args.seed + args.hands):
        if time.perf_counter() - start > 60 * args.minutes:
            break
        rules = RULES[s % 3]
        hands += 1
        for hp in follows(rules, s, args.per_hand, count[rules], args.leads):
            c = count[rules]
            c["positions"] += 1
            got: dict[bool, Hint] = {}
            # Before and after take turns going first (the first warms the
            # shared move memo for the second).
            for on in sides if c["positions"] % 2 else sides[::-1]:
                h, dt = ask(hp, on, args)
                got[on] = h
                took[(rules, on)].append(dt)
                lost, avoidable, explained = verdict(hp, h)
                tag = "after" if on else "before"
                c[f"lost {tag}"] += lost
                c[f"unexplained {tag}"] += avoidable and not explained
                c[f"reason {tag}"] += explained
                c[f"spared {tag}"] += any(r.code == SPARED for r in h.reasons)
                if avoidable and not explained and shown < args.show:
                    shown += 1
                    print(f"  {rules} seed {s} {tag}: {format_cards(h.best)} "
                          f"(hand {format_cards(hp.hidden.hand(hp.hidden.turn))}, "
                          f"trick {' / '.join(format_cards(p) for p in hp.hidden.trick)})")
            if len(got) == 2 and got[False].best != got[True].best:
                c["changed"] += 1
    what = "leads" if args.leads else "follows"
    print(f"{hands} hands (seeds {args.seed}-{args.seed + hands - 1}), {args.per_hand} {what} "
          f"each at most, {args.deals} deals, {time.perf_counter() - start:.0f} s")
    cols = ["positions"] + [f"{k} {t}" for t in ("before", "after") if t != "before" or not args.on
                            if t != "after" or not args.off
                            for k in ("lost", "unexplained", "reason") + (("spared",) if args.leads else ())]
    if len(sides) == 2:
        cols.append("changed")
    print(f"{'preset':8s} " + " ".join(f"{c:>18s}" for c in cols))
    total: dict[str, int] = defaultdict(int)
    for rules in RULES:
        print(f"{rules:8s} " + " ".join(f"{count[rules][c]:>18d}" for c in cols))
        for col in cols:
            total[col] += count[rules][col]
    print(f"{'all':8s} " + " ".join(f"{total[c]:>18d}" for c in cols))
    # The tie-break works more only where the case arises: the positions
    # unexplained without it, scaled from the point follows drawn to all
    # the hands' follows.
    for rules in RULES:
        c = count[rules]
        if c["positions"] and c["all follows"] and "unexplained before" in cols:
            share = c["unexplained before"] / c["positions"] * c["point follows"] / c["all follows"]
            print(f"  {rules:8s} {c['all follows']} {what} in the hands, {c['point follows']} with "
                  f"a choice of points; the case arises in about {100 * share:.1f} % of {what}")
    print("hint time, median / total:")
    for rules in RULES:
        parts = []
        for on in sides:
            xs = took[(rules, on)]
            if xs:
                parts.append(f"{'after' if on else 'before'} {statistics.median(xs):.2f} s / "
                             f"{sum(xs):.0f} s")
        print(f"  {rules:8s} " + ", ".join(parts))


if __name__ == "__main__":
    main()
