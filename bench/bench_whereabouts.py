"""Where the hidden cards are: the hint's samplers against the real deal
(issue 18, calibrated sampling).

A share claim ("wins the trick in p % of the sampled deals") can only be
right if the deals it is counted on put the cards where they really are.
This bench checks that directly, with far more events per position than
the trick outcome gives: over positions of seeded baseline hands (the
deals of ``bench/bench_strength.py``) it draws deals with each sampler and
compares, for every hidden seat, what the deals predict with what the
real deal holds:

- **void**: the share of deals in which the seat holds no card of an
  effective suit it has not shown void in, against whether it really
  holds none (by trumps / plain suits, the burier apart), with the log
  loss of that prediction (a proper score: lower is better);
- **trumps**: the mean number of trumps the deals give the seat, against
  the trumps it holds (the burier apart: ``hidden.BURIER_TRUMPS``).

Samplers: ``plain`` (:func:`solver.search.hidden.sample_deal`) and fitted
ones (:func:`solver.search.opponent.fitted_sampler`) named as
``bench_calibration.py --fit`` names them (``t16r2``: best of 16 over the
last 2 tricks; ``t8rA``: best of 8 over every trick), e.g.
``plain,t16r2,t8rA``.  The same positions
and random streams for every sampler: the rows compare side by side.

    python bench/bench_whereabouts.py --seed 91000 --hands 60 --deals 16 \\
        --samplers plain,t16r2,t8rA [--burier-trumps 2.0]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_calibration import fit_spec  # noqa: E402
from solver.cards import FACES  # noqa: E402
from solver.search import hidden  # noqa: E402
from solver.search.hidden import Knowledge, sample_deal  # noqa: E402
from solver.search.hint import knowledge_of  # noqa: E402
from solver.search.model import Hand, Hands, faces  # noqa: E402
from solver.search.opponent import fitted_sampler  # noqa: E402
from solver.search.selfplay import HintPosition, hint_positions  # noqa: E402
from solver.trump import EFFECTIVE_SUITS  # noqa: E402

RULES = ("henan", "wusaner", "tractor")
Draw = Callable[[random.Random], tuple[Hands, Hand]]


def sampler(spec: str, k: Knowledge, hp: HintPosition) -> Draw:
    """The sampler ``spec`` (``plain`` or a ``fit_spec`` like ``t8rA``) for ``k``."""
    if spec == "plain":
        return lambda rng: sample_deal(k, rng)
    tries, recent, eps, bury = fit_spec(spec)
    history = [(ld, tuple(faces(p) for p in plays)) for ld, plays in hp.tricks]
    return fitted_sampler(k, history, recent=recent, tries=tries, eps=eps, bury=bury)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=91000, help="first deal seed")
    ap.add_argument("--hands", type=int, default=30)
    ap.add_argument("--deals", type=int, default=16, help="deals drawn per position")
    ap.add_argument("--every", type=int, default=4, help="one decision in this many")
    ap.add_argument("--samplers", default="plain,t16r2,t8rA")
    ap.add_argument("--burier-trumps", type=float, default=None,
                    help="override solver.search.hidden.BURIER_TRUMPS (an experiment)")
    args = ap.parse_args()
    if args.burier_trumps is not None:
        hidden.BURIER_TRUMPS = args.burier_trumps
    specs = args.samplers.split(",")
    for spec in specs:
        if spec != "plain":
            fit_spec(spec)  # exits on a bad spec
    # per sampler, per row: predicted sum, real sum, count, loss sum
    acc: dict[str, dict[str, list[float]]] = {s: defaultdict(lambda: [0.0, 0.0, 0, 0.0])
                                               for s in specs}
    cpu: dict[str, float] = defaultdict(float)
    n = args.deals
    positions = 0
    for seed in range(args.seed, args.seed + args.hands):
        for i, hp in enumerate(hint_positions(RULES[seed % 3], seed)):
            if not hp.tricks or i % args.every:
                continue
            k = knowledge_of(hp.hidden, hp.tricks)
            suit = [EFFECTIVE_SUITS.index(k.ctx.suit_of(f)) for f in FACES]
            real = [faces(hp.full.hand(s)) for s in range(4)]
            tr = hp.hidden.trick
            x_led = EFFECTIVE_SUITS.index(k.ctx.suit_of(tr[0][0])) if tr else None
            positions += 1
            for spec in specs:
                draw = sampler(spec, k, hp)
                rng = random.Random(seed * 1000 + i)
                c0 = time.process_time()
                deals = [draw(rng) for _ in range(n)]
                cpu[spec] += time.process_time() - c0
                for s in range(4):
                    if s == k.viewer:
                        continue
                    who = "burier" if s == k.burier else "others"
                    for x in range(5):
                        if x in k.voids[s]:
                            continue
                        p = (sum(1 for hands, _ in deals
                                 if not any(suit[f] == x for f in hands[s])) + 0.5) / (n + 1)
                        y = float(not any(suit[f] == x for f in real[s]))
                        row = acc[spec][f"void, {'trumps' if x == 0 else 'plain'}, {who}"]
                        row[0] += p
                        row[1] += y
                        row[2] += 1
                        row[3] -= math.log(p if y else 1 - p)
                    order = (s - hp.hidden.leader) % 4
                    if x_led is not None and order >= len(tr) \
                            and x_led not in k.voids[s]:
                        # void in the suit led, for a seat yet to play to it:
                        # what decides whether a follower can ruff
                        p = (sum(1 for hands, _ in deals
                                 if not any(suit[f] == x_led for f in hands[s])) + 0.5) / (n + 1)
                        y = float(not any(suit[f] == x_led for f in real[s]))
                        row = acc[spec][f"led {'trumps' if x_led == 0 else 'plain'}, "
                                        f"plays {order + 1} of 4, {who}"]
                        row[0] += p
                        row[1] += y
                        row[2] += 1
                        row[3] -= math.log(p if y else 1 - p)
                    held = sum(1 for f in real[s] if suit[f] == 0)
                    mean = sum(sum(1 for f in hands[s] if suit[f] == 0)
                               for hands, _ in deals) / n
                    row = acc[spec][f"trumps held, {who}"]
                    row[0] += mean
                    row[1] += held
                    row[2] += 1
                    row[3] += (mean - held) ** 2
    print(f"{positions} positions of {args.hands} baseline hands (seeds {args.seed}-"
          f"{args.seed + args.hands - 1}), {n} deals each, BURIER_TRUMPS {hidden.BURIER_TRUMPS}")
    print("void rows: share of deals with the seat void / really void / log loss;"
          "\ntrump rows: mean trumps in the deals / really held / mean squared error")
    for spec in specs:
        print(f"\n{spec}: {1000 * cpu[spec] / max(1, positions * n):.2f} ms a deal")
        for key in sorted(acc[spec]):
            p, y, c, loss = acc[spec][key]
            print(f"  {key:24s} n={int(c):6d}  sampled {p / c:6.3f}  real {y / c:6.3f}  "
                  f"gap {(y - p) / c:+.3f}  loss {loss / c:.4f}")


if __name__ == "__main__":
    main()
