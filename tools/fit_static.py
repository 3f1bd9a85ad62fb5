"""Fit the search's static estimate (``solver/search/static_params.json``).

    python -m tools.fit_static [--hands 2000] [--workers 2] [--data FILE] [--write]

Plays ``--hands`` hands per preset with four baseline bots (seeded deals,
dealer rotating), records every trick boundary with at least three cards
per hand (the four hands, dealer, leader, kitty points and the attackers'
actual points from there on, kitty bonus included) and fits the weights of
:class:`solver.search.static.Learned` per preset by least squares
(``scipy.optimize.least_squares``; scipy is a development tool here, not a
dependency of the package).  Hands with a failed throw are left out.

Printed: for each preset, the root-mean-square error of the fitted
estimate and of the older hand-set one (:class:`solver.search.pimc.Static`)
on a held-out fifth of the hands.  ``--write`` stores the weights.
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from solver.bots import BaselineBot
from solver.cards import deck
from solver.game.hand import Hand
from solver.game.runner import run_hand
from solver.games import SHENGJI_PRESETS
from solver.rules import preset
from solver.search.model import Table, faces
from solver.search.static import FEATURES, Params, feature_row
from solver.trump import TrumpContext

PARAMS = Path(__file__).resolve().parent.parent / "solver" / "search" / "static_params.json"
Row = tuple[str, int, str | None, tuple[tuple[int, ...], ...], int, int, int, float, int]


def play(job: tuple[str, int]) -> list[Row]:
    """One baseline hand; its trick-boundary rows."""
    rules, seed = job
    cards = deck()
    random.Random(seed).shuffle(cards)
    h = Hand.later(preset(rules), cards, seed % 4)
    run_hand(h, [BaselineBot() for _ in range(4)])
    r = h.result
    if r is None or r.penalties or h.ctx is None or h.dealer is None:
        return []
    bonus = r.total - r.attacker_points - r.penalty_points
    hands = [list(faces(hs)) for hs in h.start_hands]
    rows: list[Row] = []
    future = [0] * (len(h.tricks) + 1)
    for i in range(len(h.tricks) - 1, -1, -1):
        t = h.tricks[i]
        future[i] = future[i + 1] + (t.points if h.is_attacker(t.winner) else 0)
    dealer = h.dealer + 1 if h.is_attacker(h.dealer) else h.dealer
    for i, t in enumerate(h.tricks):
        if len(hands[0]) >= 3:
            rows.append((rules, h.ctx.level, h.ctx.trump, tuple(tuple(x) for x in hands), dealer % 4,
                         t.leader, sum(c.points for c in h.kitty), float(future[i] + bonus), seed))
        for k, p in enumerate(t.plays):
            seat = (t.leader + k) % 4
            for c in p:
                hands[seat].remove(c.index)
    return rows


def collect(n: int, workers: int) -> list[Row]:
    jobs = [(rules, seed) for seed in range(n) for rules in SHENGJI_PRESETS]
    out: list[Row] = []
    with ProcessPoolExecutor(workers) as ex:
        for rows in ex.map(play, jobs, chunksize=16):
            out.extend(rows)
    return out


def design(rows: list[Row]) -> tuple[list[list[float]], list[tuple[int, int, int]], list[float]]:
    tables: dict[tuple[str, int, str | None], Table] = {}
    xs, extra, ys = [], [], []
    for rules, level, trump, hands, dealer, leader, kp, y, _ in rows:
        key = (rules, level, trump)
        if key not in tables:
            tables[key] = Table(TrumpContext(preset(rules), level, trump))
        x, left, diff = feature_row(tables[key], hands, dealer, leader)  # type: ignore[arg-type]
        xs.append(x)
        extra.append((left, diff, kp))
        ys.append(y)
    return xs, extra, ys


def old_static(rows: list[Row]) -> list[float]:
    from solver.search.pimc import Static

    out = []
    for rules, level, trump, hands, dealer, leader, kp, _, _ in rows:
        t = Table(TrumpContext(preset(rules), level, trump))
        out.append(Static(t, hands, dealer, kp).rest(leader, []))  # type: ignore[arg-type]
    return out


def fit(rows: list[Row]) -> tuple[Params, float, float, int]:
    import numpy as np
    from scipy.optimize import least_squares

    train = [r for r in rows if r[8] % 5 != 0]
    test = [r for r in rows if r[8] % 5 == 0]

    def arrays(rs: list[Row]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        x, e, y = design(rs)
        return np.array(x), np.array(e, dtype=float), np.array(y)

    X, E, Y = arrays(train)

    def predict(theta: np.ndarray, X: np.ndarray, E: np.ndarray) -> np.ndarray:
        w = theta[:len(FEATURES)]
        own, kitty = theta[len(FEATURES):]
        s = 1.0 / (1.0 + np.exp(-(X @ w)))
        return s * E[:, 0] + own * E[:, 1] + kitty * E[:, 2] * s * s

    theta0 = np.zeros(len(FEATURES) + 2)
    theta0[-1] = 2.0
    # Both teams always hold as many cards, so one card category is the
    # reference (p2, a low plain card: weight 0) and the rest are relative to it.
    ref = FEATURES.index("p2")
    free = [i for i in range(len(theta0)) if i != ref]

    def full(v: np.ndarray) -> np.ndarray:
        th = np.zeros(len(theta0))
        th[free] = v
        return th

    res = least_squares(lambda v: predict(full(v), X, E) - Y, theta0[free])
    res.x = full(res.x)
    Xt, Et, Yt = arrays(test)
    rmse = float(math.sqrt(np.mean((predict(res.x, Xt, Et) - Yt) ** 2)))
    old = np.array(old_static(test))
    rmse_old = float(math.sqrt(np.mean((old - Yt) ** 2)))
    th = [round(float(v), 4) for v in res.x]
    return Params(tuple(th[:len(FEATURES)]), th[-2], th[-1]), rmse, rmse_old, len(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="hands per preset")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--data", default=None, help="pickle of rows to reuse / write")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    if args.data and Path(args.data).exists():
        rows = pickle.loads(Path(args.data).read_bytes())
    else:
        rows = collect(args.hands, args.workers)
        if args.data:
            Path(args.data).write_bytes(pickle.dumps(rows))
    fitted: dict[str, dict[str, object]] = {}
    for rules in SHENGJI_PRESETS:
        p, rmse, rmse_old, n = fit([r for r in rows if r[0] == rules])
        print(f"{rules}: {n} boundaries, RMSE fitted {rmse:.1f} vs hand-set {rmse_old:.1f}")
        print("  ", json.dumps(p.to_json()))
        fitted[rules] = p.to_json()
    if args.write:
        fitted["default"] = fitted["henan"]
        PARAMS.write_text(json.dumps({"fitted_by": "python -m tools.fit_static", "presets": fitted},
                                     indent=1) + "\n", encoding="utf-8")
        print(f"wrote {PARAMS}")


if __name__ == "__main__":
    main()
