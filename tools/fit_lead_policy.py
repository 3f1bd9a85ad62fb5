"""Fit the model of the search bot's leads (``solver/search/lead_policy.json``).

    python -m tools.fit_lead_policy collect --seed 5000 --hands 100 --out F.jsonl
    python -m tools.fit_lead_policy fit F.jsonl [G.jsonl ...] [--write]

``collect`` plays seeded hands (the deals of ``bench/bench_strength.py``,
the preset rotating with the seed) with search bots at strength 3 on one
side and baseline bots on the other, and records every lead a search bot
makes: the features of each candidate lead of its hand
(:func:`solver.search.leadpolicy.candidates`) and which it chose.  Use seeds
no bench report reads (docs/SEARCH.md names the ranges: 5000-5199).

``fit`` fits the conditional logit by Newton's method (a small ridge keeps
it finite), prints each weight, the mean log-chance of the chosen lead on a
held-out fifth of the hands against the baseline-only model (the chosen
lead is the baseline's or not), and with ``--write`` stores the weights.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np

from solver.bots.baseline import BaselineBot, _held
from solver.cards import Card
from solver.game.runner import run_hand
from solver.game.view import SeatView
from solver.games import SHENGJI_PRESETS
from solver.search.bots import SearchBot
from solver.search.leadpolicy import FEATURES, candidates
from solver.search.selfplay import seeded_hand

OUT = Path(__file__).resolve().parent.parent / "solver" / "search" / "lead_policy.json"


class _Recorder(SearchBot):
    def __init__(self, seed: int, rows: list[dict[str, object]]) -> None:
        super().__init__(3, seed)
        self.rows = rows
        self.hand_seed = seed

    def lead(self, view: SeatView) -> list[Card]:
        out = super().lead(view)
        ctx = view.ctx
        assert ctx is not None
        held = _held(view)
        facts = BaselineBot._lead_facts(self, view, ctx, held)
        base = BaselineBot.lead(self, view)
        cands = candidates(ctx, held, facts, base)
        want = tuple(sorted(c.index for c in out))
        keys = [k for k, _ in cands]
        self.rows.append({"seed": self.hand_seed, "n": len(view.cards),
                          "x": [x for _, x in cands],
                          "chosen": keys.index(want) if want in keys else -1,
                          "base": keys.index(tuple(sorted(c.index for c in base)))})
        return out


def collect(seed: int, hands: int, out: Path) -> None:
    with out.open("w", encoding="utf-8") as f:
        for s in range(seed, seed + hands):
            rows: list[dict[str, object]] = []
            rules = SHENGJI_PRESETS[s % len(SHENGJI_PRESETS)]
            run_hand(seeded_hand(rules, s),
                     [_Recorder(s, rows), BaselineBot(), _Recorder(s, rows), BaselineBot()])
            for r in rows:
                f.write(json.dumps(r) + "\n")
            f.flush()
            print(s, len(rows), file=sys.stderr)


def _loglik(w: np.ndarray, data: list[tuple[np.ndarray, int]]) -> float:
    total = 0.0
    for x, c in data:
        s = x @ w
        top = s.max()
        total += s[c] - top - math.log(np.exp(s - top).sum())
    return total


def fit(files: list[Path], write: bool, ridge: float = 1.0) -> None:
    rows = [json.loads(line) for f in files for line in f.open(encoding="utf-8")]
    listed = [r for r in rows if r["chosen"] >= 0]
    print(f"{len(rows)} leads, {len(listed)} of them among the candidates; "
          f"{sum(r['chosen'] == r['base'] for r in listed)} the baseline's")
    data = [(np.array(r["x"], dtype=float), int(r["chosen"]), int(r["seed"])) for r in listed]
    test = [(x, c) for x, c, s in data if s % 5 == 0]
    train = [(x, c) for x, c, s in data if s % 5 != 0]
    w = np.zeros(len(FEATURES))
    for _ in range(50):
        grad = -ridge * w
        hess = -ridge * np.eye(len(w))
        for x, c in train:
            s = x @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            mean = p @ x
            grad += x[c] - mean
            hess -= (x * p[:, None]).T @ x - np.outer(mean, mean)
        step = -np.linalg.solve(hess, grad)
        now = _loglik(w, train) - ridge * (w @ w) / 2
        t = 1.0
        while t > 1e-4:  # backtracking: Newton's full step can overshoot
            cand = w + t * step
            if _loglik(cand, train) - ridge * (cand @ cand) / 2 >= now:
                break
            t /= 2
        w = w + t * step
        if np.abs(t * step).max() < 1e-6:
            break
    for name, v in zip(FEATURES, w, strict=True):
        print(f"  {name:13s} {v:+.3f}")
    n = len(test)
    base_only = np.zeros(len(FEATURES))
    base_only[0] = 1.0
    # the baseline-only model at its best scale
    best_b = max((_loglik(base_only * a, test), a) for a in (0.5, 1, 2, 3, 4, 6))
    print(f"held-out leads {n}: mean log-chance {_loglik(w, test) / n:.3f} "
          f"(baseline-only model, best scale {best_b[1]}: {best_b[0] / n:.3f}; "
          f"uniform: {sum(-math.log(len(x)) for x, _ in test) / n:.3f})")
    if write:
        OUT.write_text(json.dumps({"weights": dict(zip(FEATURES, map(float, w), strict=True)),
                                   "leads": len(train)}, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--seed", type=int, default=5000)
    c.add_argument("--hands", type=int, default=100)
    c.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit")
    f.add_argument("files", type=Path, nargs="+")
    f.add_argument("--write", action="store_true")
    a = ap.parse_args(argv)
    if a.cmd == "collect":
        collect(a.seed, a.hands, a.out)
    else:
        fit(a.files, a.write)


if __name__ == "__main__":
    main()
