"""Is the chance of a bluff the 一上一下 hint tells a learner right? (issue 18)

    python bench/bench_yishang_calibration.py [--games 400] [--seed 700000]
    python bench/bench_yishang_calibration.py --fit [--games 400] [--seed 600000]

Plays ``--games`` four-player games at each level of the Play screen's
tables (:data:`solver.yishang.calibration.TABLES`), once with seat 0 played
like a learner who never lies (``truthful``) and once like one who follows
the hints (``hint``), deal seed ``seed + i``.  At every face-down claim of
another seat it records what the Play screen's hint for seat 0 would say
(the chance of a bluff by the hint bot's model, by the default model, by
counting, and the calibrated chance) and whether the claim was false.
Then ``--risk-games`` games a level with seat 0 following the Play
screen's hint: at each bluff it recommends, the risk of a challenge it
tells (the bot's own estimate, and calibrated) and whether one came.

Report (default): by level, the claims grouped by the chance told, in
tenths: how many, the chance said, the share that were bluffs, the gap and
its standard error (claims of one game are not independent: a rough SE);
for the model's own chance (what the hint told before) and the calibrated
one.  Then the win rate of a seat that follows the hint with each.

The claims are also told by seat: each seat's share of bluffs against the
mean chance told for its claims, by the table's calibration and by the
seat's own (``calibration.seat_key``, what the hint tells).

``--fit`` instead fits the calibration's weights on these games (a ridge
logistic regression on :func:`solver.yishang.calibration.features`, per
table and, where a table's bots differ, per kind of bot) and writes
``solver/yishang/calibration.json``.  Fitted on seeds
600000-600399; reported on 700000-700399 (never fitted on).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.yishang.bots import Bot, HintBot, make_bot, step  # noqa: E402
from solver.yishang.calibration import (TABLES, WEIGHTS_FILE, calibrated,  # noqa: E402
                                        calibrated_risk, features, knots, predict, reload,
                                        risk_features)
from solver.yishang.ranks import yrank  # noqa: E402
from solver.yishang.game import CHALLENGE, Game  # noqa: E402
from solver.yishang.odds import DEFAULT_MODEL  # noqa: E402

LEARNERS = ("truthful", "hint")
Row = tuple[str, str, float, float, float, int, int, bool, int]  # level, learner, pm, pmd, pu, jump, left, bluff, seat


def _start(seat0: Bot, level: str, seed: int) -> tuple[Game, list[Bot], random.Random]:
    """A game of ``seed`` with ``seat0`` and the level's bots in seats 1-3,
    the bots' dice seeded as ``play_game`` seeds them."""
    return (Game(4, seed), [seat0, *[make_bot(n) for n in TABLES[level]]],
            random.Random(seed * 7919 + 17))


def collect(level: str, learner: str, games: int, seed: int) -> list[Row]:
    rows: list[Row] = []
    for i in range(games):
        game, bots, rng = _start(make_bot(learner), level, seed + i)
        while not game.over:
            claim = game.claim
            if game.phase == CHALLENGE and claim is not None and claim.player != 0:
                own = HintBot(temperature=0).claim_advice(game, 0)
                plain = HintBot(temperature=0, model=DEFAULT_MODEL).claim_advice(game, 0)
                rows.append((level, learner, own.p_model, plain.p_model, float(own.p_uniform),
                             claim.declared - claim.target_before, game.hand_size(claim.player),
                             claim.is_bluff, claim.player))
            step(game, bots, rng)
    return rows


RiskRow = tuple[float, int, int, int, bool]  # the bot's risk, jump, cards left, pile, challenged


def collect_risk(level: str, games: int, seed: int) -> list[RiskRow]:
    """Seat 0 follows the Play screen's hint; at each bluff it recommends
    (face down, the card not of the declared rank or below the target), the
    hint bot's own risk of a challenge and whether one came (R-Y-DOWN)."""
    rows: list[RiskRow] = []
    for i in range(games):
        game, bots, rng = _start(HintBot(temperature=0, table=level), level, seed + i)
        while not game.over:
            if game.phase != CHALLENGE and game.turn == 0 and not game.face_up:
                h = HintBot(temperature=0, table=level).play_advice(game, 0)
                assert h.declared is not None
                bluff = yrank(h.card) != h.declared or h.declared < game.target
                jump, left, pile = h.declared - game.target, game.hand_size(0) - 1, game.pile_size + 1
                n = len(game.log)
                step(game, bots, rng)   # the play (the hint's: seat 0 is the same bot)
                while not game.over and game.phase == CHALLENGE:
                    step(game, bots, rng)
                if bluff and h.risk > 0:
                    called = any(r.get("op") == "challenge" for r in game.log[n:])
                    rows.append((h.risk, jump, left, pile, called))
                continue
            step(game, bots, rng)
    return rows


def fit(rows: Sequence[Row], ridge: float = 1.0) -> list[float]:
    """Ridge logistic regression of a claim's bluff (13 weights)."""
    return fit_xy([features(*r[2:7]) for r in rows], [1.0 if r[7] else 0.0 for r in rows], ridge)


def fit_xy(xs: list[list[float]], ys: list[float], ridge: float = 1.0) -> list[float]:
    """Ridge logistic regression by Newton's method (pure Python: a few weights)."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(40):
        grad = [-ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys):
            p = predict(w, x)
            d, v = y - p, p * (1 - p)
            for i in range(k):
                grad[i] += d * x[i]
                vi = v * x[i]
                row = hess[i]
                for j in range(k):
                    row[j] += vi * x[j]
        step_ = _solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step_)]
        if max(abs(s) for s in step_) < 1e-9:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def deciles(pairs: Sequence[tuple[float, bool]], label: str) -> float:
    """Print the table by tenths; returns the largest gap of a tenth of 100+ claims."""
    groups: dict[int, list[tuple[float, bool]]] = {}
    for p, bluff in pairs:
        groups.setdefault(min(9, int(p * 10)), []).append((p, bluff))
    print(f"  {label}: {len(pairs)} claims")
    worst = 0.0
    for d in sorted(groups):
        g = groups[d]
        said = sum(p for p, _ in g) / len(g)
        real = sum(b for _, b in g) / len(g)
        se = math.sqrt(max(said * (1 - said), 1e-9) / len(g))
        flag = "" if len(g) >= 100 else "  (fewer than 100)"
        if len(g) >= 100:
            worst = max(worst, abs(real - said))
        print(f"    {10 * d:3d}-{10 * d + 10:3d} %  n {len(g):5d}  said {100 * said:5.1f}  "
              f"real {100 * real:5.1f}  gap {100 * (real - said):+5.1f} (SE {100 * se:.1f}){flag}")
    return worst


def win_rate(level: str, table: str | None, games: int, seed: int) -> float:
    """Seat 0's win rate when it follows the Play screen's hint (the hint bot
    at temperature 0, calibrated for ``table`` or not)."""
    wins = 0.0
    for i in range(games):
        game, bots, rng = _start(HintBot(temperature=0, table=table), level, seed + i)
        while not game.over:
            step(game, bots, rng)
        if 0 in game.winners:
            wins += 1 / len(game.winners)
    return wins / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400, help="games per level and learner seat")
    ap.add_argument("--seed", type=int, default=None,
                    help="first deal seed (default 600000 with --fit, else 700000)")
    ap.add_argument("--risk-games", type=int, default=2000,
                    help="games per level for the risk of a challenge (seat 0 follows the hint)")
    ap.add_argument("--fit", action="store_true", help="fit the weights and write calibration.json")
    ap.add_argument("--win-games", type=int, default=2000,
                    help="games per level for the win rates (0: skip)")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else (600000 if args.fit else 700000)
    t0 = time.process_time()
    if args.fit:
        out: dict[str, list[float]] = {}
        risk: dict[str, list[float]] = {}
        maps: dict[str, dict[str, list[list[float]]]] = {"chance_map": {}, "risk_map": {}}

        def write() -> None:
            WEIGHTS_FILE.write_text(json.dumps({
                "fitted_by": f"python bench/bench_yishang_calibration.py --fit --games {args.games} "
                             f"--risk-games {args.risk_games} --seed {seed}",
                "weights": out, "risk": risk or {lv: [0.0] * 9 for lv in TABLES}, **maps},
                indent=1) + "\n", encoding="utf-8")
            reload()

        def rounded(k: Sequence[tuple[float, float]]) -> list[list[float]]:
            return [[round(x, 5), round(y, 5)] for x, y in k]

        for level in TABLES:
            rows = [r for learner in LEARNERS for r in collect(level, learner, args.games, seed)]
            # the table's calibration, and each kind of bot's own where the
            # table's bots differ (calibration.seat_key)
            groups = {level: rows}
            if len(set(TABLES[level])) > 1:
                for kind in sorted(set(TABLES[level])):
                    groups[f"{level}/{kind}"] = [r for r in rows
                                                 if TABLES[level][r[8] - 1] == kind]
            for key, group in groups.items():
                out[key] = [round(x, 5) for x in fit(group)]
                # the monotone map, on the same claims (the sure bluffs stay sure)
                maps["chance_map"][key] = rounded(knots(
                    [(predict(out[key], features(*r[2:7])), bool(r[7])) for r in group
                     if r[4] < 1.0]))
                print(f"{key}: {len(group)} claims, weights {out[key]}, "
                      f"map {maps['chance_map'][key]}")
        # The bluffs are those of a seat following the hint, whose challenges
        # weigh the claims' calibrated chances: the ones just fitted.
        write()
        for level in TABLES:
            rrows = collect_risk(level, args.risk_games, seed)
            risk[level] = [round(x, 5) for x in fit_xy([risk_features(*r[:4]) for r in rrows],
                                                        [1.0 if r[4] else 0.0 for r in rrows])]
            maps["risk_map"][level] = rounded(knots(
                [(predict(risk[level], risk_features(*r[:4])), bool(r[4])) for r in rrows
                 if r[0] > 0.0]))
            print(f"{level}: {len(rrows)} bluffs, risk weights {risk[level]}")
        write()
        print(f"wrote {WEIGHTS_FILE} ({time.process_time() - t0:.0f} s CPU)")
        return
    for level in TABLES:
        rows = [r for learner in LEARNERS for r in collect(level, learner, args.games, seed)]
        print(f"{level} table ({', '.join(TABLES[level])}), seeds {seed}-{seed + args.games - 1}, "
              f"seat 0 truthful and hint-following:")
        before = deciles([(r[2], r[7]) for r in rows], "before: the model's own chance")
        table = deciles([(calibrated(level, *r[2:7]), r[7]) for r in rows],
                        "calibrated for the table")
        after = deciles([(calibrated(level, *r[2:7], r[8]), r[7]) for r in rows],
                        "calibrated for the seat (as the hint tells it)")
        print(f"  largest gap of a tenth with 100+ claims: before {100 * before:.1f}, "
              f"the table's {100 * table:.1f}, the seat's {100 * after:.1f} points")
        # what a learner reads about one seat: the mean chance told for its
        # claims against the share that were bluffs
        for seat in (1, 2, 3):
            srows = [r for r in rows if r[8] == seat]
            if not srows:
                continue
            real = sum(r[7] for r in srows) / len(srows)
            by_table = sum(calibrated(level, *r[2:7]) for r in srows) / len(srows)
            by_seat = sum(calibrated(level, *r[2:7], r[8]) for r in srows) / len(srows)
            print(f"  seat {seat} ({TABLES[level][seat - 1]}): {len(srows)} claims, bluffs "
                  f"{100 * real:.1f} %, told on average: the table's {100 * by_table:.1f} %, "
                  f"the seat's {100 * by_seat:.1f} %")
        rrows = collect_risk(level, args.risk_games, seed)
        print(f"  the risk of a challenge told for the bluffs the hint recommends "
              f"(seat 0 following it, {args.risk_games} games):")
        before = deciles([(r[0], r[4]) for r in rrows], "before: the bot's own estimate")
        after = deciles([(calibrated_risk(level, *r[:4]), r[4]) for r in rrows], "calibrated")
        print(f"  largest gap of a tenth with 100+ bluffs: before {100 * before:.1f}, "
              f"calibrated {100 * after:.1f} points")
    if args.win_games:
        print(f"seat 0 following the hint, {args.win_games} games per level (fair share 25 %):")
        for level in TABLES:
            a = win_rate(level, None, args.win_games, seed)
            b = win_rate(level, level, args.win_games, seed)
            half = 1.96 * math.sqrt(0.25 * 0.75 / args.win_games)
            print(f"  {level:7s} model's chance {100 * a:5.1f} %   calibrated {100 * b:5.1f} %   "
                  f"(95 % CI about ±{100 * half:.1f})")
    print(f"{time.process_time() - t0:.0f} s CPU")


if __name__ == "__main__":
    main()
