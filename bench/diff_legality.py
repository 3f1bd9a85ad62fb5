"""The full differential run: CP-SAT vs the generator/checkers on seeded
random positions (R-FOLLOW, R-W-FOLLOW, R-FORCED, R-THROW-ADJ/FAIL/SAFE).

    python bench/diff_legality.py [--positions 10000] [--presets henan,wusaner,tractor]

Same positions as ``pytest -m slow tests/test_cpsat_agree.py`` (seeds 101+7,
202+7, 303+7).  Prints, per preset, how many positions and verdicts were
compared, the coverage (lead types, trump leads, no-trump contexts, hand
sizes) and every disagreement.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.games import SHENGJI_PRESETS  # noqa: E402
from solver.units import classify  # noqa: E402
from tests.legal_gen import disagreements, positions  # noqa: E402

SEEDS = {name: 101 * (i + 1) for i, name in enumerate(SHENGJI_PRESETS)}


def run(name: str, count: int, offset: int) -> int:
    rng = random.Random(SEEDS[name] + offset)
    cover: Counter[str] = Counter()
    sizes: list[int] = []
    bad: list[str] = []
    t0 = time.perf_counter()
    for pos in positions(SEEDS[name] + offset, name, count):
        c = classify(pos.ctx, pos.lead)
        cover[c.type + ("/trump" if c.suit == "T" else "")] += 1
        cover["no trump" if pos.ctx.trump is None else "trump suit"] += 1
        cover[f"level {pos.ctx.describe()['level']}"] += 1
        sizes.append(len(pos.hand))
        bad.extend(disagreements(rng, pos))
    dt = time.perf_counter() - t0
    print(f"{name}: {count} positions in {dt:.0f} s, disagreements: {len(bad)}")
    print("  leads: " + ", ".join(f"{k} {v}" for k, v in sorted(cover.items())
                                  if not k.startswith("level") and "trump s" not in k
                                  and k != "no trump"))
    print(f"  contexts: no trump {cover['no trump']}, trump suit {cover['trump suit']}, "
          f"levels seen {sum(1 for k in cover if k.startswith('level'))}")
    print(f"  hand sizes {min(sizes)}..{max(sizes)}")
    for b in bad[:20]:
        print("  DISAGREE", b)
    sys.stdout.flush()
    return len(bad)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=10_000)
    ap.add_argument("--presets", default=",".join(SHENGJI_PRESETS))
    ap.add_argument("--offset", type=int, default=7)
    args = ap.parse_args()
    total = sum(run(n, args.positions, args.offset) for n in args.presets.split(","))
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
