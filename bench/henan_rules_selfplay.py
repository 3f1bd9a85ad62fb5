"""河南双升 self-play audit (issue 16): N scored hands among four baseline
bots; counts joker-pair first declarations (R-H-DECLARE: must be 0) and
re-checks every follow with CP-SAT under the henan preset (R-FOLLOW 3 with
``partial_tractor_follow``: must all be legal).

    nice python bench/henan_rules_selfplay.py [--hands 2000] [--seed 16]

Same audit as ``pytest -m slow tests/test_henan_selfplay_audit.py``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.henan_audit import Audit, run_audit  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--no-cpsat", action="store_true", help="count declarations only")
    args = ap.parse_args()
    t0 = time.perf_counter()
    step = max(1, args.hands // 10)

    def progress(a: Audit) -> None:
        if a.hands % step == 0:
            print(f"  {a.hands} hands, {time.perf_counter() - t0:.0f} s", flush=True)

    audit = run_audit(args.hands, args.seed, use_cpsat=not args.no_cpsat, progress=progress)
    print(audit.line())
    for where in audit.joker_first[:10]:
        print("  joker-pair first declaration:", where)
    for where in audit.illegal[:10]:
        print("  illegal follow:", where)
    print(f"{time.perf_counter() - t0:.0f} s")
    ok = not audit.joker_first and not audit.illegal
    print("target: 0 joker-only first declarations, 0 illegal follows:", "met" if ok else "MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
