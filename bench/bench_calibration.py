"""Calibration of the hint's trick shares (issue 18): is "wins the trick in
p % of the sampled deals" right p % of the time?

    nice python bench/bench_calibration.py [--positions 2000] [--minutes 10]
        [--seed 5000] [--budget 0.3] [--per-hand 16] [--keep-rest 0.1]
        [--no-screen] [--diagnose [--fit SPEC ...]] [--hint-fit SPEC] [--out FILE]
    python bench/bench_calibration.py --merge FILE [FILE ...]

Positions are card-play decisions of seeded self-play hands (baseline
bots, rules cycling henan / tractor / wusaner, ``--per-hand`` decisions
drawn at random from each hand, seeds from ``--seed`` on).  For each, the
hint is asked as the Play screen asks it (other hands hidden, finished
tricks given, ``--budget`` seconds); its recommended play's trick ends in
the sampled deals give the claimed shares: the play's own seat wins the
trick (what "wins the trick in p %" says) and its side wins it.  The real
deal is then played out with the same continuation (each follower's
answer chosen by the same search, on the real hands): won or not.

**The pre-screen** (default; ``--no-screen`` measures every drawn
position): most positions are decided (every deal agrees), so a plain
draw gives about 45 positions per decile from 40 % to 90 % in 2,000.
Each drawn position is first screened from public information only: the
seat's knowledge (its hand, the play so far) and a random stream of its
own (``SCREEN_STREAM``, keyed by the position), the best play over 8
sampled deals and its shares over 8 more.  Positions where some screening
deal is won and some lost are kept, and a fixed fraction
(``--keep-rest``) of the others, by another stream of its own.  For right
beliefs P(real outcome | public information) is the claim whatever
public-information selection is made, so the per-decile test stays valid
on the kept positions (only the mix of deciles changes).

The shares are counted on deals drawn afresh, not on the deals the play
was chosen on (see docs/SEARCH.md, "winner's curse").  ``--diagnose``
also records, for the same play, its shares on 128 fresh deals of the
hint's sampler (the model's share without the noise of the hint's deal
count) and on 64 deals of sampler variants (no beliefs, no trump lean,
the opponents' play read but not the partner's), and the runner-up play's
shares and real outcome; with ``--fit``, its shares on 64 deals of each
fitted sampler (deals read through the other seats' play,
:func:`solver.search.opponent.fitted_sampler`: ``t16r2e0.1`` is the best
of 16 samples by the plays of the last 2 tricks and the current one left
unexplained, a sample leaving m unexplained kept with odds 0.1^m; ``rA``
reads every trick), paired on the same positions.  ``--hint-fit`` sets
the hint's own sampler (``none``: plain samples).  ``--out`` writes one JSON line per position;
``--merge`` prints the tables of saved runs together (several runs on
disjoint seeds).

Printed: per decile of the claimed share, the number of positions and of
hands, the mean claim, the real frequency with a 95 % (Wilson) interval,
and the gap with its standard error (positions taken as independent, and
by hand).  The target (issue 18): within 5 points per decile.  The run
stops after ``--positions`` positions or ``--minutes`` minutes, whichever
comes first, and says how many it measured.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.search import claims  # noqa: E402
from solver.search import hint as hint_mod  # noqa: E402
from solver.search.hint import hint, knowledge_of  # noqa: E402
from solver.search.hidden import sample_deal  # noqa: E402
from solver.search.pimc import candidates, evaluate  # noqa: E402
from solver.search.model import CachedMoves, Table, faces  # noqa: E402
from solver.search.selfplay import HintPosition, hint_positions  # noqa: E402
from solver.search.hidden import Knowledge  # noqa: E402
from solver.search.inference import beliefs  # noqa: E402
from solver.search.model import Hand, Hands, Play  # noqa: E402
from solver.search.opponent import fitted_sampler  # noqa: E402
from collections.abc import Callable  # noqa: E402
from solver.search.alphabeta import State  # noqa: E402
from solver.search.hint import _state  # noqa: E402

RULES = ("henan", "tractor", "wusaner")


#: The random stream of the pre-screen's deals: not the hint's, not its shares'.
SCREEN_STREAM = 0x5C2EE
#: Deals the pre-screen values the plays on and counts its shares over.
SCREEN_DEALS = 8


def screen(hp: HintPosition, key: str, deals: int = SCREEN_DEALS) -> tuple[float, float] | None:
    """The pre-screen: from what the seat to move sees (its knowledge, the
    public play) and a random stream of its own, the best play over
    ``deals`` sampled deals and that play's own-seat and side shares over
    ``deals`` more.  None when the seat has one candidate.  Public
    information only: a selection by it keeps calibration testable (for
    right beliefs, P(real outcome | claim, selected) is the claim)."""
    pos = hp.hidden
    k = knowledge_of(pos, hp.tricks)
    table, moves = hint_mod.tools(pos.ctx)
    cands = candidates(k, moves, table)
    if len(cands) < 2:
        return None
    rng = random.Random(f"{key}/{SCREEN_STREAM}")
    ev = evaluate(k, budget=float("inf"), rng=rng, moves=moves, table=table, plays=cands,
                  max_samples=deals)
    ends = [claims.continue_trick(k, ev.best.play, *sample_deal(k, rng), table, moves)
            for _ in range(deals)]
    own, partner, _ = claims.shares(ends, pos.turn)
    return own, own + partner


def mid_screen(got: tuple[float, float]) -> bool:
    """A position the pre-screen finds undecided: some of its deals won and
    some lost, by the seat or by its side."""
    return any(0.0 < x < 1.0 for x in got)


def fit_spec(spec: str) -> tuple[int, int | None, float, str | None]:
    """A fitted sampler's settings from ``t16r2e0.1b`` (tries 16, the last 2
    finished tricks, eps 0.1, the kitty as the baseline buries it); ``rA``:
    every trick; no ``e``: eps 0; ``v``: the void-making burial; neither:
    the sampler's kitty; ``w4``: the current trick's plays weigh 4
    (:func:`fit_weight`); a last ``c2``: counts capped at 2 (:func:`fit_cap`)."""
    m = re.fullmatch(r"t(\d+)r(\d+|A)(?:e([0-9.]+))?([bv]?)(?:w\d+)?(?:c\d+)?", spec)
    if m is None:
        raise SystemExit(f"bad fit spec {spec!r} (e.g. t16r2, t16rAe0.1 or t16r2b)")
    bury = {"b": "baseline", "v": "void"}.get(m[4])
    return int(m[1]), None if m[2] == "A" else int(m[2]), float(m[3] or 0.0), bury


def fit_weight(spec: str) -> int:
    """The weight of the current trick's unexplained plays in a fitted
    sampler's spec (``t16rAw4``: each counts 4; :func:`~solver.search.
    opponent.play_misfit`), 1 by default."""
    m = re.search(r"w(\d+)(?:c\d+)?$", spec)
    return int(m[1]) if m else 1


def fit_cap(spec: str) -> int | None:
    """The count cap of a fitted sampler's spec (``t32rAc2``: after the first
    sample, counts stop at 2; :func:`solver.search.hidden.best_deal`), or None."""
    m = re.search(r"c(\d+)$", spec)
    return int(m[1]) if m else None


#: Fitted samplers ``--diagnose`` values the hint's play on (``--fit``).
FITS: list[str] = []
#: ``--fit-only``: no other sampler variants, no runner-up play.
FIT_ONLY = False
#: ``--others``: also value plays the model did not choose (the baseline
#: bot's own play at the position, a random other candidate) on the hint's
#: sampler, with their real outcomes: is the chosen play's claim too sure
#: because the model chose it (its errors favour the play it likes best)?
OTHERS = False


def _model_shares(k: Knowledge, play: Play, table: Table, moves: CachedMoves, seat: int,
                  n: int, rng: random.Random,
                  draw: Callable[[random.Random], tuple[Hands, Hand]] | None = None
                  ) -> tuple[float, float]:
    get = draw or (lambda r: sample_deal(k, r))
    ends = [claims.continue_trick(k, play, *get(rng), table, moves) for _ in range(n)]
    own, partner, _ = claims.shares(ends, seat)
    return own, own + partner


def measure(hp: HintPosition, budget: float, seed: int,
            diagnose: bool = False, baseline_play: Play | None = None
            ) -> dict[str, object] | None:
    """The claimed shares (own seat, side) and the real deal's outcome for
    the hint's play; with ``diagnose`` also the same play's shares on 128
    fresh deals of the same sampler (the model's share, without the noise
    of the hint's deal count) and on 64 deals of sampler variants."""
    pos, tricks, full = hp.hidden, hp.tricks, hp.full
    seat = pos.turn
    if len(list(zip(range(2), pos.legal_plays()))) < 2:
        return None  # forced: nothing to explain
    hint_mod._CARRY.clear()  # each position on its own (no deals of another position)
    c0 = time.process_time()
    h = hint(pos, budget=budget, seed=seed, tricks=tricks)
    cpu = time.process_time() - c0
    won = [r for r in h.reasons if r.claim is not None and r.claim.ends]
    if not won:
        return None
    ends = won[0].claim.ends  # type: ignore[union-attr]
    own, partner, _ = claims.shares(ends, seat)
    table, moves = Table(pos.ctx), CachedMoves(pos.ctx)
    k = knowledge_of(pos, tricks)
    st: State = _state(full)
    kitty = faces(full.kitty)
    play = faces(h.best)
    real = claims.continue_trick(k, play, st.hands, kitty, table, moves)
    row: dict[str, object] = {
        "seed": seed, "rules": pos.ctx.rules.name, "deals": len(ends), "own": own,
        "cpu_hint": cpu,
        "side": own + partner, "won": real.winner == seat,
        "side_won": (real.winner - seat) % 2 == 0}
    # What the hint says about the trick (its first claim with a share of
    # deals, in the words of claims.make_claims), and whether it came true.
    kind = won[0].claim.kind  # type: ignore[union-attr]
    K = claims.ClaimKind
    truth = {K.WINS_TRICK: real.winner == seat,
             K.PARTNER_WINS: real.winner == (seat + 2) % 4,
             K.LOSES_TRICK: (real.winner - seat) % 2 == 1,
             K.SAVES_POINTS: (real.winner - seat) % 2 == 1,
             K.RUFFABLE: claims.ruffed_by_opponent(pos, real, seat)}.get(kind)
    if truth is not None:
        row.update(said=kind.name.lower(), said_p=won[0].claim.share,  # type: ignore[union-attr]
                   said_true=truth, decided=len(pos.trick) == 3)
    # Who takes the trick, counted from the play's seat (0 the seat, 1 the
    # next, 2 the partner, 3 the one before): the deals' shares and the
    # real deal's; a trump ruff of a plain lead by an opponent, both ways.
    lead = pos.trick[0] if pos.trick else h.best
    row.update(order=len(pos.trick), attacker=(seat - pos.dealer) % 2 == 1,
               cards=len(pos.hand(seat)), trump_lead=any(pos.ctx.is_trump(c) for c in lead),
               by=[sum(1 for e in ends if (e.winner - seat) % 4 == r) / len(ends)
                   for r in range(4)],
               real_by=(real.winner - seat) % 4,
               ruff=sum(1 for e in ends if claims.ruffed_by_opponent(pos, e, seat)) / len(ends),
               real_ruff=claims.ruffed_by_opponent(pos, real, seat))
    if diagnose:
        r = random.Random(seed * 7 + 1)
        empty = (frozenset(),) * 4
        history = [(ld, tuple(faces(p) for p in plays)) for ld, plays in tricks]
        variants = {"q": k} if FIT_ONLY else {
            "q": k,
            "nb": dataclasses.replace(k, lacks=empty),  # no beliefs
            "nl": dataclasses.replace(k, burier=None),  # no trump lean to the burier
            "op": dataclasses.replace(k, lacks=beliefs(pos.ctx, history, seat, k.own,
                                                       read_partner=False)),  # opponents only
        }
        for name, kv in variants.items():
            row[name + "_own"], row[name + "_side"] = _model_shares(
                kv, play, table, moves, seat, 128 if name == "q" else 64, r)
        for spec in FITS:
            tries, recent, eps, bury = fit_spec(spec)
            t0 = time.process_time()
            draw = fitted_sampler(k, history, recent=recent, tries=tries, eps=eps, bury=bury,
                                  cap=fit_cap(spec), weight=fit_weight(spec))
            row[spec + "_own"], row[spec + "_side"] = _model_shares(
                k, play, table, moves, seat, 64, r, draw)
            row[spec + "_cpu"] = time.process_time() - t0
        # The runner-up play, valued on the same model: is the chosen play's
        # share too high because it was chosen by the model (the model's
        # errors favour the play it likes best)?
        alt = None if FIT_ONLY else next(
            (faces(p) for p, _ in h.alternatives if faces(p) != play), None)
        if alt is not None:
            row["alt_q_own"], row["alt_q_side"] = _model_shares(k, alt, table, moves, seat, 64, r)
            a = claims.continue_trick(k, alt, st.hands, kitty, table, moves)
            row["alt_won"], row["alt_side_won"] = a.winner == seat, (a.winner - seat) % 2 == 0
        if OTHERS:
            # The hint's play, the baseline's play and a random other
            # candidate, each on 64 deals of the hint's own share sampler
            # (no time limit), with the real outcome of each.
            draw = hint_mod.share_sampler(k, tricks)
            key = f"{seed}/{seat}/{len(pos.played)}/{len(pos.trick)}"
            others = [c for c in candidates(k, moves, table) if c != play]
            picks = {"h": play}
            if baseline_play is not None and baseline_play != play:
                picks["bl"] = baseline_play
            if others:
                picks["rn"] = random.Random(f"{key}/others").choice(others)
            for name, pl in picks.items():
                row[name + "_own"], row[name + "_side"] = _model_shares(
                    k, pl, table, moves, seat, 64, random.Random(f"{key}/{name}"), draw)
                e = claims.continue_trick(k, pl, st.hands, kitty, table, moves)
                row[name + "_won"], row[name + "_side_won"] = (
                    e.winner == seat, (e.winner - seat) % 2 == 0)
        row.update(partner_dealer=(seat + 2) % 4 == pos.dealer)
    return row


def wilson(k: int, n: int) -> tuple[float, float]:
    z = 1.96
    c = (k + z * z / 2) / (n + z * z)
    w = z * math.sqrt(k * (n - k) / n + z * z / 4) / (n + z * z)
    return c - w, c + w


def table(label: str, rows: list[tuple[float, bool, int]]) -> None:
    """Per decile of the claim: positions, mean claim, real share, its
    Wilson 95 % interval and the gap real - claim with two standard errors:
    as if positions were independent, and by hand (positions of one hand
    share its deal, so the per-hand one is the honest one)."""
    print(f"\n{label}")
    print(f"{'claimed p':>12} {'n':>6} {'hands':>6} {'mean claim':>11} {'real':>7} "
          f"{'95% CI of real':>15} {'gap':>6} {'SE':>5} {'SE/hand':>8}")
    worst = 0.0
    beyond: list[str] = []
    for d in range(10):
        lo, hi = d / 10, (d + 1) / 10
        sel = [(p, w, h) for p, w, h in rows if lo <= p < hi or (d == 9 and p == 1.0)]
        if not sel:
            print(f"{lo:>5.1f}-{hi:<5.1f} {0:>6}")
            continue
        n = len(sel)
        mc = sum(p for p, _, _ in sel) / n
        won = sum(1 for _, w, _ in sel if w)
        fr = won / n
        gap = fr - mc
        resid = [float(w) - p - gap for p, w, _ in sel]
        se = math.sqrt(sum(x * x for x in resid) / max(1, n - 1) / n)
        by_hand: dict[int, float] = {}
        for (_, _, h), x in zip(sel, resid):
            by_hand[h] = by_hand.get(h, 0.0) + x
        g = len(by_hand)
        se_hand = math.sqrt(sum(x * x for x in by_hand.values()) * g / max(1, g - 1)) / n
        if n >= 30:
            worst = max(worst, abs(gap))
            # at least the binomial SE at the mean claim: a decile whose
            # outcomes are all alike has a residual SE near 0
            if abs(gap) - 1.96 * max(se_hand, math.sqrt(mc * (1 - mc) / n)) > 0.05:
                beyond.append(f"{lo:.1f}-{hi:.1f}")
        a, b = wilson(won, n)
        print(f"{lo:>5.1f}-{hi:<5.1f} {n:>6} {g:>6} {100 * mc:>10.1f}% {100 * fr:>6.1f}% "
              f"  [{100 * a:4.1f}, {100 * b:5.1f}] {100 * gap:>+6.1f} {100 * se:>5.1f} "
              f"{100 * se_hand:>8.1f}")
    print(f"largest |gap| over deciles with ≥ 30 positions: {100 * worst:.1f} points "
          f"(target ≤ 5)")
    print("deciles whose gap is beyond 5 points with 95 % confidence (by hand): "
          + (", ".join(beyond) if beyond else "none"))


def _gap_cell(sel: list[tuple[float, bool, int]]) -> str:
    """``n gap (SE by hand)`` in points."""
    if len(sel) < 2:
        return f"{len(sel):4d}      -     "
    n = len(sel)
    gap = sum(float(w) - p for p, w, _ in sel) / n
    by_hand: dict[int, float] = {}
    for p, w, h in sel:
        by_hand[h] = by_hand.get(h, 0.0) + float(w) - p - gap
    g = len(by_hand)
    se = math.sqrt(sum(x * x for x in by_hand.values()) * g / max(1, g - 1)) / n
    return f"{n:4d} {100 * gap:+5.1f} ({100 * se:3.1f})"


def said(r: dict[str, object]) -> tuple[str, float, bool] | None:
    if "said" in r:
        if r.get("decided"):
            return None  # said plainly: the last seat's play decides the trick
        kind = {"saves_points": "loses"}.get(str(r["said"]), str(r["said"]))
        kind = {"wins_trick": "wins", "partner_wins": "partner", "loses_trick": "loses"}.get(
            kind, kind)
        return kind, float(r["said_p"]), bool(r["said_true"])  # type: ignore[arg-type]
    return _said_from_shares(r)


def _said_from_shares(r: dict[str, object]) -> tuple[str, float, bool] | None:
    """The trick claim the hint says for row ``r`` (as
    :func:`solver.search.claims.make_claims` picks it: the seat wins, else
    its partner, else the opponents, whichever holds at least half of the
    deals), its share and whether it came true in the real deal."""
    own, side = float(r["own"]), float(r["side"])  # type: ignore[arg-type]
    won, side_won = bool(r["won"]), bool(r["side_won"])
    if own >= 0.5:
        return "wins", own, won
    if side - own >= 0.5:
        return "partner", side - own, side_won and not won
    if 1 - side >= 0.5:
        return "loses", 1 - side, not side_won
    return None


def report(rows: list[dict[str, object]]) -> None:
    claims_said = [(r, said(r)) for r in rows]
    table("The claims as the hint says them ('wins the trick in p %', 'your partner "
          "wins it in p %',\n'the trick is lost in p %'), by the share said:",
          [(c[1], c[2], int(r["seed"])) for r, c in claims_said if c is not None])  # type: ignore[call-overload]
    for kind, words in (("wins", "'wins the trick in p %'"), ("partner", "'your partner wins it in p %'"),
                        ("loses", "'the trick is lost in p %'"),
                        ("ruffable", "'an opponent ruffs the throw in p %'")):
        table(f"  of which {words}:",
              [(c[1], c[2], int(r["seed"])) for r, c in claims_said  # type: ignore[call-overload]
               if c is not None and c[0] == kind])
    table("The recommended play's seat wins the trick (the own share, every decile):",
          [(float(r["own"]), bool(r["won"]), int(r["seed"])) for r in rows])  # type: ignore[call-overload]
    table("Its side wins the trick:",
          [(float(r["side"]), bool(r["side_won"]), int(r["seed"]))  # type: ignore[call-overload]
           for r in rows])
    diag = [r for r in rows if "q_side" in r]
    fits = sorted({key[:-4] for r in diag for key in r if key.endswith("_cpu")})
    if diag:
        print("\nThe same play's shares on 64 fresh deals of each sampler (q: 128 plain deals;"
              "\nfitted: tTRIES rRECENT eEPS), gap real - share per decile of that share"
              " (SE by hand):")
        for claim, real in (("own", "won"), ("side", "side_won")):
            for key in ["q"] + fits + ["h", "bl", "rn"]:
                col = f"{key}_{claim}"
                truth = f"{key}_{real}" if key in ("h", "bl", "rn") else real
                if not any(col in r for r in diag):
                    continue
                cells = []
                for lo, hi in ((0.1, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9),
                               (0.5, 0.9)):
                    sel = [(float(r[col]), bool(r[truth]), int(r["seed"])) for r in diag
                           if col in r and lo <= float(r[col]) < hi]
                    cells.append(_gap_cell(sel))
                cpu = [float(r[key + "_cpu"]) for r in diag if key + "_cpu" in r]
                print(f"  {col:14s} " + " | ".join(cells) +
                      (f" | cpu {1000 * statistics.median(cpu):.0f} ms" if cpu else ""))
    if diag:
        print("\nDiagnosis: the real outcome against the same play's share on fresh deals"
              "\n(q: 128 deals of the hint's sampler; nb: no beliefs; nl: no trump lean to the"
              "\nburier; op: only the opponents' play read), mean gap real - share with its SE:")
        for claim, real in (("own", "won"), ("side", "side_won")):
            for key in ("", "q_", "nb_", "nl_", "op_", "alt_q_", "h_", "bl_", "rn_") + tuple(
                    f + "_" for f in fits):
                col = key + claim
                truth = ("alt_" + real if key == "alt_q_" else
                         key + real if key in ("h_", "bl_", "rn_") else real)
                parts = []
                for lo, hi in ((0.1, 0.5), (0.5, 0.9)):
                    sel = [r for r in diag if col in r and lo <= float(r[col]) < hi]  # type: ignore[arg-type]
                    if len(sel) < 2:
                        continue
                    d = [float(r[truth]) - float(r[col]) for r in sel]  # type: ignore[arg-type]
                    m = sum(d) / len(d)
                    se = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d))
                    parts.append(f"{lo:.1f}-{hi:.1f}: n={len(sel):4d} {100 * m:+5.1f} "
                                 f"(SE {100 * se:.1f})")
                have = [r for r in diag if col in r]
                if have:  # log loss over every position: a proper score, lower is better
                    ll = sum(-math.log(max(1e-3, float(r[col]) if r[truth]  # type: ignore[arg-type]
                                           else 1 - float(r[col])))  # type: ignore[arg-type]
                             for r in have) / len(have)
                    parts.append(f"log loss {ll:.4f} (n={len(have)})")
                if parts:
                    print(f"  {col:10s} " + "   ".join(parts))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=5000, help="first deal seed")
    ap.add_argument("--budget", type=float, default=0.3, help="hint budget, seconds")
    ap.add_argument("--per-hand", type=int, default=None,
                    help="decisions drawn from each hand (default 16 screened, 2 without --no-screen)")
    ap.add_argument("--no-screen", dest="screen", action="store_false",
                    help="measure every drawn position (no public pre-screen)")
    ap.add_argument("--keep-rest", type=float, default=0.1,
                    help="fraction of the positions the pre-screen finds decided that are kept")
    ap.add_argument("--diagnose", action="store_true",
                    help="also the play's shares on 128 fresh deals and on sampler variants")
    ap.add_argument("--fit", nargs="*", default=[],
                    help="with --diagnose: fitted samplers to value the play on too "
                         "(e.g. t16r2 t16rAe0.1: tries, recent tricks or A, eps)")
    ap.add_argument("--fit-only", action="store_true",
                    help="with --diagnose: skip the other variants and the runner-up play")
    ap.add_argument("--others", action="store_true",
                    help="with --diagnose: also the baseline's play and a random other "
                         "candidate, on the hint's sampler, with their real outcomes")
    ap.add_argument("--hint-fit", default=None,
                    help="the hint's own share sampler (a --fit spec, or 'none'; "
                         "default: solver.search.hint's HINT_FIT_*)")
    ap.add_argument("--out", default=None, help="write one JSON line per position")
    ap.add_argument("--merge", nargs="+", default=None, help="report saved runs together")
    args = ap.parse_args()
    if args.merge:
        rows = [json.loads(line) for f in args.merge for line in open(f) if line.strip()]
        seeds = sorted(int(r["seed"]) for r in rows)  # type: ignore[call-overload]
        print(f"{len(rows)} hint positions from {len(set(seeds))} hands "
              f"(seeds {seeds[0]}-{seeds[-1]}), {len(args.merge)} runs")
        report(rows)
        return
    FITS[:] = args.fit
    global FIT_ONLY
    FIT_ONLY = args.fit_only
    global OTHERS
    OTHERS = args.others
    for spec in FITS:
        fit_spec(spec)
    if args.hint_fit == "none":
        hint_mod.HINT_FIT_TRIES, hint_mod.HINT_FIT_BURY = 1, None
    elif args.hint_fit:
        (hint_mod.HINT_FIT_TRIES, hint_mod.HINT_FIT_RECENT, hint_mod.HINT_FIT_EPS,
         hint_mod.HINT_FIT_BURY) = fit_spec(args.hint_fit)
    fit_now = "none" if hint_mod.HINT_FIT_TRIES <= 1 and not hint_mod.HINT_FIT_BURY else (
        f"t{hint_mod.HINT_FIT_TRIES}r{hint_mod.HINT_FIT_RECENT or 'A'}"
        + (f"e{hint_mod.HINT_FIT_EPS}" if hint_mod.HINT_FIT_EPS else "")
        + {"baseline": "b", "void": "v"}.get(hint_mod.HINT_FIT_BURY or "", ""))
    start = time.perf_counter()
    rows = []
    out = open(args.out, "a") if args.out else None
    seed = args.seed
    rng = random.Random(args.seed)
    hands = screened = 0
    per_hand = args.per_hand if args.per_hand is not None else (16 if args.screen else 2)

    def time_up() -> bool:
        return len(rows) >= args.positions or time.perf_counter() - start > 60 * args.minutes

    while not time_up():
        rules = RULES[seed % 3]
        every = list(hint_positions(rules, seed))
        # The baseline's own play at each position: what the next position
        # shows was played (self-play is the baseline's).
        played: dict[int, Play] = {}
        for a, b in zip(every, every[1:]):
            nxt = b.hidden.trick[-1] if b.hidden.trick else b.tricks[-1][1][-1]
            played[id(a)] = faces(nxt)
        picks = [p for p in every if len(p.hidden.hand(p.hidden.turn)) >= 3]
        hands += 1
        for i, hp in enumerate(rng.sample(picks, min(per_hand, len(picks)))):
            if time_up():
                break
            extra: dict[str, object] = {}
            if args.screen:
                key = f"{seed}/{hp.hidden.turn}/{len(hp.hidden.played)}/{len(hp.hidden.trick)}"
                got = screen(hp, key)
                if got is None:
                    continue
                screened += 1
                mid = mid_screen(got)
                # The rest: a fixed fraction, by a stream of its own.
                if not mid and random.Random(f"{key}/keep").random() >= args.keep_rest:
                    continue
                extra = {"screen_own": got[0], "screen_side": got[1],
                         "kept": "mid" if mid else "rest"}
            row = measure(hp, args.budget, seed, args.diagnose, played.get(id(hp)))
            if row is None:
                continue
            row.update(extra, hint_fit=fit_now)
            rows.append(row)
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
        seed += 1
    took = time.perf_counter() - start
    print(f"{len(rows)} hint positions from {hands} self-played hands (seeds "
          f"{args.seed}-{seed - 1}), hint budget {args.budget} s, {took:.0f} s, "
          f"hint's share sampler {fit_now}")
    if args.screen:
        kept = sum(1 for r in rows if r.get("kept") == "mid")
        print(f"pre-screen: {screened} positions screened, {kept} kept as undecided, "
              f"{len(rows) - kept} of the rest (a fraction {args.keep_rest})")
    report(rows)

if __name__ == "__main__":
    main()
