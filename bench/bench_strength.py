"""Bot strength (issue 6): search bots vs the baseline on the same deals.

    python bench/bench_strength.py [--hands N] [--strength 3] [--workers W] [--seed S]

Each deal (a seeded shuffle, dealer rotating with the deal number, rules
cycling henan / tractor / wusaner) is played twice from the same deck:
once with search bots in seats 0 and 2 and baseline bots in seats 1 and 3,
once with baseline bots in all four seats.  Declaring and riots are the
baseline's in both runs (the search bots inherit them), so the two runs
reach the same trump and dealer; they differ in card play and, when the
search bots deal, in the kitty (they bury to void suits,
``solver.search.bots.VOID_BURIAL``).

Team 0's score in a hand is the attackers' total (R-LEVELS input) when it
attacks and minus that total when it defends; the difference between the
two runs is what the search bots gain per hand.  Printed: the mean gain,
its standard error and a 95 % confidence interval (normal approximation),
also split by rules and by side.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import statistics
import sys
from collections import Counter
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.bots import BaselineBot  # noqa: E402
from solver.game.hand import Hand  # noqa: E402
from solver.game.runner import run_hand  # noqa: E402
from solver.games import SHENGJI_PRESETS  # noqa: E402
from solver.search.bots import PerfectInfoBot, SearchBot  # noqa: E402
from solver.search.selfplay import seeded_hand  # noqa: E402
from solver.cards import FACES, Card  # noqa: E402
from solver.game.view import SeatView  # noqa: E402
from solver.search.hidden import Knowledge  # noqa: E402
from solver.search.model import faces  # noqa: E402
from solver.search.pimc import candidates  # noqa: E402


def _play(rules: str, seed: int, bots: list) -> Hand:  # type: ignore[type-arg]
    return run_hand(seeded_hand(rules, seed), bots)


#: The Play screen's hint budget (tutor.tui.models.shengji.HINT_BUDGET): a bot
#: move should not take longer than a hint.
HINT_BUDGET = 1.5


class TimedSearchBot(SearchBot):
    """A search bot that records the CPU time of each lead and follow
    (``time.process_time``: the machine is shared, wall time says more about
    the load than about the bot)."""

    def __init__(self, strength: int, seed: int) -> None:
        super().__init__(strength, seed)
        self.times: list[float] = []

    def lead(self, view: SeatView) -> list[Card]:
        t = time.process_time()
        out = super().lead(view)
        self.times.append(time.process_time() - t)
        return out

    def follow(self, view: SeatView) -> list[Card]:
        t = time.process_time()
        out = super().follow(view)
        self.times.append(time.process_time() - t)
        return out


#: Which decisions the ``--perfect`` bot makes seeing every hand (a
#: diagnostic, ``--sees``): "all" (:class:`PerfectInfoBot`), "leads",
#: "follows", or "late:N" / "early:N" (holding at most / more than N cards);
#: or whose hands it sees, the rest sampled as the search bot samples them:
#: "partner" or "opponents" (at every decision), "partner:leads" or
#: "partner:follows" (for those decisions only); or which of the top cards
#: its partner holds (:func:`_partner_tops`): "partner-tops",
#: "partner-tops:leads".
SEES = "all"
SEATS_SEEN = ("partner", "opponents", "partner:leads", "partner:follows",
              "partner-tops", "partner-tops:leads")


class PartlyPerfectBot(PerfectInfoBot):
    """The search bot seeing every hand only for the decisions ``SEES``
    names (the others as :class:`SearchBot`): where the perfect bot's gain
    comes from."""

    def _sees(self, view: SeatView, lead: bool) -> bool:
        if SEES == "all":
            return True
        if SEES in SEATS_SEEN:
            return False
        if SEES in ("leads", "follows"):
            return lead == (SEES == "leads")
        kind, n = SEES.split(":")
        return (view.cards_left(view.seat) <= int(n)) == (kind == "late")

    #: the decision being made is a lead (for "partner:leads" / "partner:follows")
    leading = False

    def _knowledge(self, view: SeatView) -> Knowledge:
        if SEES in SEATS_SEEN:
            if SEES.endswith((":leads", ":follows")) and self.leading != SEES.endswith(":leads"):
                return SearchBot._knowledge(self, view)
            return self._seats_seen(view)
        return super()._knowledge(view) if self.perfect else SearchBot._knowledge(self, view)

    def _seats_seen(self, view: SeatView) -> Knowledge:
        """What the seat knows, plus the hands of its partner or of its two
        opponents (the kitty and the other hands are sampled as usual;
        beliefs about a seen hand are dropped)."""
        k = SearchBot._knowledge(self, view)
        if SEES.startswith("partner-tops"):
            return _partner_tops(k, view)
        seen = {(view.seat + 2) % 4} if SEES.startswith("partner") else {(view.seat + 1) % 4, (view.seat + 3) % 4}
        hand = view._hand
        known = tuple(tuple(sorted(c.index for c in hand.hands[s].elements())) if s in seen else k.known[s]
                      for s in range(4))
        lacks = tuple(frozenset() if s in seen else k.lacks[s] for s in range(4))
        return dataclasses.replace(k, known=known, lacks=lacks)

    def lead(self, view: SeatView) -> list[Card]:
        self.perfect, self.leading = self._sees(view, True), True
        return super().lead(view)

    def follow(self, view: SeatView) -> list[Card]:
        self.perfect, self.leading = self._sees(view, False), False
        return super().follow(view)


def _partner_tops(k: Knowledge, view: SeatView) -> Knowledge:
    """What the seat knows, plus which of the top cards the partner holds
    (``--sees partner-tops``: what a partnership signal could tell at
    most about strength): in each plain suit the highest face with a copy
    the seat has not seen played nor holds, and among the trumps the two
    highest ranks so; the partner's copies of those faces become known,
    and a top face it holds no copy of cannot be dealt to it.  (A face the
    partner holds one copy of while the other is unseen may still be dealt
    to it a second time: a little less than the whole fact.)"""
    ctx = k.ctx
    partner = (view.seat + 2) % 4
    gone = Counter(k.seen) + Counter(k.own) + Counter(f for p in k.trick for f in p)
    alive = [f for f in range(len(FACES)) if gone[f] < 2]
    by_suit: dict[str, list[int]] = {}
    for f in alive:
        by_suit.setdefault(ctx.suit_of(FACES[f]), []).append(f)
    tops: set[int] = set()
    for suit, fs in by_suit.items():
        ranks = sorted({ctx.pos(FACES[f]) for f in fs}, reverse=True)
        keep = set(ranks[:2] if suit == "T" else ranks[:1])
        tops.update(f for f in fs if ctx.pos(FACES[f]) in keep)
    hand = Counter(c.index for c in view._hand.hands[partner].elements())
    told = Counter(k.known[partner])
    mine = [f for f in sorted(tops) for _ in range(hand[f] - told[f])]
    known = tuple(tuple(sorted(list(k.known[s]) + mine)) if s == partner else k.known[s]
                  for s in range(4))
    absent = tuple(k.absent[s] | {f for f in tops if not hand[f]} if s == partner else k.absent[s]
                   for s in range(4))
    return dataclasses.replace(k, known=known, absent=absent)


#: ``--regret FILE``: each search-bot decision also valued by the
#: perfect-information bot (the real deal, its search), one line per decision.
REGRET: str | None = None


class RegretBot(TimedSearchBot):
    """A timed search bot whose every decision is also valued by
    :class:`PerfectInfoBot` on the real deal: how many points the play
    chosen is worth less than the best play seen with every card (by that
    bot's search: exact from its horizon, estimated above it)."""

    def __init__(self, strength: int, seed: int) -> None:
        super().__init__(strength, seed)
        self.oracle = PerfectInfoBot(strength, seed)
        self.records: list[str] = []

    def _regret(self, view: SeatView, chosen: list[Card], lead: bool) -> None:
        k = self.oracle._knowledge(view)
        table, moves = self.oracle._tools(view)
        plays = candidates(k, moves, table)
        mine = faces(chosen)
        if len(plays) < 2:
            return
        if mine not in plays:
            plays.append(mine)
        ev = self.oracle.evaluation(view, plays, k)
        val = {e.play: e.mean for e in ev.estimates}
        best = ev.best.mean
        r = (best - val[mine]) if ev.maximize else (val[mine] - best)
        att = int(view.is_attacker)
        self.records.append(f"{self.seed} {view.rules.name} {att} {int(lead)} "
                            f"{view.cards_left(view.seat)} {len(view.tricks)} {r:.2f}\n")

    def lead(self, view: SeatView) -> list[Card]:
        out = super().lead(view)
        self._regret(view, out, True)
        return out

    def follow(self, view: SeatView) -> list[Card]:
        out = super().follow(view)
        self._regret(view, out, False)
        return out


def _team0(h: Hand) -> tuple[int, bool] | None:
    r = h.result
    if r is None:
        return None
    attacks = r.attackers == 0
    return (r.total if attacks else -r.total), attacks


Row = tuple[int, str, bool, int, int, int | None, list[float]]


def one(args: tuple[int, int] | tuple[int, int, bool]) -> Row | None:
    seed, strength = args[0], args[1]
    perfect = len(args) > 2 and bool(args[2])
    rules = SHENGJI_PRESETS[seed % 3]
    kind = RegretBot if REGRET else TimedSearchBot
    s0, s2 = kind(strength, seed), kind(strength, seed)
    a = _play(rules, seed, [s0, BaselineBot(), s2, BaselineBot()])
    if REGRET and isinstance(s0, RegretBot) and isinstance(s2, RegretBot):
        with open(REGRET, "a") as fh:
            fh.write("".join(s0.records + s2.records))
    b = _play(rules, seed, [BaselineBot() for _ in range(4)])
    sa, sb = _team0(a), _team0(b)
    if sa is None or sb is None or sa[1] != sb[1]:
        return None  # a redeal, or (never expected) a different dealer
    sp: int | None = None
    if perfect:
        c = _play(rules, seed, [PartlyPerfectBot(strength, seed), BaselineBot(),
                                PartlyPerfectBot(strength, seed), BaselineBot()])
        sc = _team0(c)
        if sc is None or sc[1] != sa[1]:
            return None
        sp = sc[0]
    return seed, rules, sa[1], sa[0], sb[0], sp, s0.times + s2.times


def move_times(rows: list[Row]) -> str:
    """The search bot's CPU time per move: median, p95, max, and how many
    moves took longer than the hint budget."""
    ts = sorted(t for r in rows for t in r[6])
    if not ts:
        return "no moves timed"
    over = sum(t > HINT_BUDGET for t in ts)
    return (f"search bot CPU time per move ({len(ts)} moves): median {statistics.median(ts):.3f} s, "
            f"p95 {ts[int(0.95 * (len(ts) - 1))]:.3f} s, max {ts[-1]:.2f} s, "
            f"{over} over the {HINT_BUDGET} s hint budget")


def share_line(label: str, rows: list[Row],
               boot: int = 2000) -> str:
    """Team 0's mean score with four baseline bots (the attackers' points,
    negative when team 0 deals), the gains of the search and
    perfect-information bots over it and the search bot's share of the
    perfect bot's gain, with 95 % CIs (the share's by a bootstrap over
    deals)."""
    rows = [r for r in rows if r[5] is not None]
    if len(rows) < 2:
        return f"{label}: {len(rows)} hands"
    gs = [r[3] - r[4] for r in rows]
    gp = [r[5] - r[4] for r in rows]  # type: ignore[operator]

    def ci(xs: list[int]) -> str:
        m = statistics.mean(xs)
        se = statistics.stdev(xs) / math.sqrt(len(xs))
        return f"{m:+.1f} [{m - 1.96 * se:+.1f}, {m + 1.96 * se:+.1f}]"

    rng = random.Random(0)
    shares = []
    for _ in range(boot):
        idx = [rng.randrange(len(rows)) for _ in rows]
        p = sum(gp[i] for i in idx)
        if p > 0:
            shares.append(sum(gs[i] for i in idx) / p)
    shares.sort()
    tot = sum(gp)
    share = sum(gs) / tot if tot > 0 else float("nan")
    lo = shares[int(0.025 * len(shares))] if shares else float("nan")
    hi = shares[int(0.975 * len(shares)) - 1] if shares else float("nan")
    base = statistics.mean(r[4] for r in rows)
    return (f"{label:16s} {len(rows):5d}  baseline {base:+.1f}  search {ci(gs)}  perfect {ci(gp)}  "
            f"share {100 * share:.0f}% [{100 * lo:.0f}%, {100 * hi:.0f}%]")


def summary(label: str, diffs: list[int]) -> str:
    if len(diffs) < 2:
        return f"{label}: {len(diffs)} hands"
    m = statistics.mean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs))
    return (f"{label}: {len(diffs)} hands, mean gain {m:+.1f} points/hand, SE {se:.1f}, "
            f"95% CI [{m - 1.96 * se:+.1f}, {m + 1.96 * se:+.1f}]")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--strength", type=int, default=3)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--progress", type=int, default=50)
    ap.add_argument("--sharpen", type=float, default=None,
                    help="override solver.search.pimc.SHARPEN (an experiment)")
    ap.add_argument("--samples", type=int, default=None,
                    help="override the strength's deals per decision (an experiment)")
    ap.add_argument("--lead-samples", type=int, default=None,
                    help="override the strength's deals per lead (an experiment)")
    ap.add_argument("--exact-cards", type=int, default=None,
                    help="override the strength's exact-search threshold (an experiment)")
    ap.add_argument("--trust", type=float, default=None,
                    help="override solver.search.bots.TRUST_BASELINE (an experiment)")
    ap.add_argument("--trust-follow", type=float, default=None,
                    help="override solver.search.bots.TRUST_FOLLOW (an experiment)")
    ap.add_argument("--static", choices=("learned", "old", "promo", "promo-trumps"), default=None,
                    help="the estimate below the current trick (default: solver.search.pimc.ESTIMATE)")
    ap.add_argument("--no-beliefs", action="store_true",
                    help="sample without solver.search.inference beliefs (an experiment)")
    ap.add_argument("--no-kitty-prior", action="store_true",
                    help="let sampled kitties hold trumps and points (an experiment)")
    ap.add_argument("--pair-memo", choices=("on", "off"), default=None,
                    help="whether the sampler skips a relaxation level whose draws all failed for "
                         "the same knowledge (solver.search.hidden.PAIR_MEMO, default on)")
    ap.add_argument("--burier-trumps", type=float, default=None,
                    help="override solver.search.hidden.BURIER_TRUMPS (an experiment)")
    ap.add_argument("--opponent-model", choices=("on", "off"), default=None,
                    help="override solver.search.bots.OPPONENT_MODEL (an experiment)")
    ap.add_argument("--model-partner", choices=("on", "off"), default=None,
                    help="override solver.search.bots.PARTNER_MODEL (an experiment)")
    ap.add_argument("--no-model-leads", action="store_true",
                    help="model follows only (solver.search.bots.MODEL_LEADS off)")
    ap.add_argument("--fit-tries", type=int, default=None,
                    help="override solver.search.bots.FIT_TRIES (an experiment)")
    ap.add_argument("--fit-recent", type=lambda v: None if v == "A" else int(v), default=-1,
                    help="override solver.search.bots.FIT_RECENT (an experiment; "
                         "A: every trick)")
    ap.add_argument("--fit-partner", nargs="?", const="on", choices=("on", "off"), default=None,
                    help="whether the fit reads the partner's plays too "
                         "(solver.search.bots.FIT_PARTNER, default on; a bare --fit-partner is on)")
    ap.add_argument("--fit-partner-follows", action="store_true",
                    help="the fit reads the partner's follows, not its leads "
                         "(solver.search.bots.FIT_PARTNER_LEADS off; an experiment)")
    ap.add_argument("--fit-partner-policy", type=float, default=None, metavar="SCALE",
                    help="read the partner's leads through the fitted model of the search "
                         "bot's leads, -log P in units of SCALE (solver.search.bots."
                         "FIT_PARTNER_POLICY, FIT_POLICY_SCALE; an experiment)")
    ap.add_argument("--fit-partner-lead-half", action="store_true",
                    help="the partner's unexplained leads count half as much as other plays "
                         "(solver.search.bots.FIT_PARTNER_LEAD_HALF; an experiment)")
    ap.add_argument("--risk", type=float, default=None,
                    help="override solver.search.bots.RISK: choose by mean minus this many standard "
                         "deviations over the deals (an experiment)")
    ap.add_argument("--burial", choices=("void", "baseline"), default=None,
                    help="override solver.search.bots.VOID_BURIAL (an experiment)")
    ap.add_argument("--void-power", type=float, default=None,
                    help="the bots' estimate: power per ruffing void "
                         "(solver.search.pimc.VOID_POWER; 0: the plain Static)")
    ap.add_argument("--rollout-cards", type=int, default=None,
                    help="override solver.search.bots.ROLLOUT_CARDS: leads from at least this many "
                         "cards are valued by baseline rollouts (0: never; an experiment)")
    ap.add_argument("--rollout-keep", type=int, default=None,
                    help="override solver.search.bots.ROLLOUT_KEEP (an experiment)")
    ap.add_argument("--rollout-weight", type=float, default=None,
                    help="override solver.search.bots.ROLLOUT_WEIGHT (an experiment)")
    ap.add_argument("--rollout-deals", type=int, default=None,
                    help="override solver.search.bots.ROLLOUT_DEALS (an experiment)")
    ap.add_argument("--side", choices=("dealers", "attackers"), default=None,
                    help="play only the deals where the search bots' team deals (or attacks)")
    ap.add_argument("--rules", choices=SHENGJI_PRESETS, default=None,
                    help="play only the deals of these rules (deals cycle henan / tractor / wusaner)")
    ap.add_argument("--out", default=None,
                    help="write one line per scored deal (seed rules attacks search baseline)")
    ap.add_argument("--perfect", action="store_true",
                    help="also play each deal with perfect-information bots (the same search "
                         "seeing every hand) and print the search bot's share of their gain")
    ap.add_argument("--sees", default="all",
                    help="with --perfect: which decisions that bot makes seeing every hand: all, "
                         "leads, follows, late:N or early:N (holding at most / more than N cards); "
                         "or whose hands it sees, the rest sampled: partner, opponents, partner:leads, "
                         "partner:follows; or which top cards its partner holds: partner-tops, "
                         "partner-tops:leads")
    ap.add_argument("--regret", default=None, metavar="FILE",
                    help="value every search-bot decision with the perfect-information bot too and "
                         "append one line per decision to FILE (seed rules attacks lead "
                         "cards-left tricks-done regret); a diagnostic")
    ap.add_argument("--paired", default=None,
                    help="an --out file of another variant: also print the gain over it, deal by deal")
    ap.add_argument("--perfect-of", default=None, metavar="FILE",
                    help="with --report: the perfect-information scores of another --out file of "
                         "the same deals (valid when the two differ only in what that bot ignores, "
                         "e.g. --samples: it plays the real deal once)")
    ap.add_argument("--report", default=None, metavar="FILE",
                    help="play nothing: print the summaries of an --out file (with --perfect "
                         "and --paired as above)")
    args = ap.parse_args()
    if args.report:
        rows = read_rows(args.report)
        if args.perfect_of:
            perf = {r[0]: r[5] for r in read_rows(args.perfect_of)}
            rows = [(*r[:5], perf[r[0]], r[6]) for r in rows if perf.get(r[0]) is not None]
        report(rows, args.strength, args.perfect, args.paired)
        return
    from solver.search import bots as sb
    from solver.search import hidden, pimc
    from solver.search.static import Learned

    if args.trust is not None:
        sb.TRUST_BASELINE = args.trust
    if args.trust_follow is not None:
        sb.TRUST_FOLLOW = args.trust_follow
    if args.samples is not None or args.exact_cards is not None or args.lead_samples is not None:
        old = sb.STRENGTHS[args.strength]
        sb.STRENGTHS[args.strength] = sb.Strength(
            samples=args.samples if args.samples is not None else old.samples,
            exact_cards=args.exact_cards if args.exact_cards is not None else old.exact_cards,
            lead_samples=args.lead_samples if args.lead_samples is not None else old.lead_samples)
    if args.sharpen is not None:
        pimc.SHARPEN = args.sharpen
    if args.static is not None:
        pimc.ESTIMATE = {"old": pimc.Static, "learned": Learned, "promo": pimc.PromoStatic,
                         "promo-trumps": pimc.PromoStatic}[args.static]
        pimc.PROMOTE_TRUMPS = args.static == "promo-trumps"
        sb.BOT_ESTIMATE = pimc.ESTIMATE
    if args.opponent_model is not None:
        sb.OPPONENT_MODEL = args.opponent_model == "on"
    if args.fit_tries is not None:
        sb.FIT_TRIES = args.fit_tries
    if args.no_model_leads:
        sb.MODEL_LEADS = False
    if args.model_partner is not None:
        sb.PARTNER_MODEL = args.model_partner == "on"
    if args.no_beliefs:
        hidden.BELIEFS = False
    if args.no_kitty_prior:
        hidden.KITTY_PRIOR = False
    if args.pair_memo is not None:
        hidden.PAIR_MEMO = args.pair_memo == "on"
    if args.burier_trumps is not None:
        hidden.BURIER_TRUMPS = args.burier_trumps
    if args.fit_recent != -1:
        sb.FIT_RECENT = args.fit_recent
    if args.fit_partner is not None:
        sb.FIT_PARTNER = args.fit_partner == "on"
    if args.fit_partner_follows:
        sb.FIT_PARTNER, sb.FIT_PARTNER_LEADS = True, False
    if args.fit_partner_lead_half:
        sb.FIT_PARTNER_LEAD_HALF = True
    if args.fit_partner_policy is not None:
        sb.FIT_PARTNER_POLICY, sb.FIT_POLICY_SCALE = True, args.fit_partner_policy
    if args.risk is not None:
        sb.RISK = args.risk
    if args.burial is not None:
        sb.VOID_BURIAL = args.burial == "void"
    if args.void_power is not None:
        pimc.VOID_POWER = args.void_power
        sb.BOT_ESTIMATE = pimc.VoidStatic if args.void_power > 0 else pimc.Static
    if args.rollout_cards is not None:
        sb.ROLLOUT_CARDS = args.rollout_cards
    if args.rollout_keep is not None:
        sb.ROLLOUT_KEEP = args.rollout_keep
    if args.rollout_deals is not None:
        sb.ROLLOUT_DEALS = args.rollout_deals
    if args.rollout_weight is not None:
        sb.ROLLOUT_WEIGHT = args.rollout_weight
    global SEES, REGRET
    SEES = args.sees
    REGRET = args.regret
    jobs = [(args.seed + i, args.strength, args.perfect) for i in range(args.hands)]
    if args.side is not None:  # team 0 deals when the dealer seat (seed % 4) is 0 or 2
        jobs = [j for j in jobs if (j[0] % 2 == 0) == (args.side == "dealers")]
    if args.rules is not None:
        jobs = [j for j in jobs if SHENGJI_PRESETS[j[0] % 3] == args.rules]
    results: list[Row] = []
    start = time.perf_counter()
    # each deal's line is written as it comes (a long run cut short keeps
    # what it played), then the file is rewritten in seed order
    out = open(args.out, "w") if args.out else None

    def line(r: Row) -> str:
        extra = f" {r[5]}" if r[5] is not None else ""
        return f"{r[0]} {r[1]} {int(r[2])} {r[3]} {r[4]}{extra}\n"

    def done(r: Row | None) -> None:
        if r is None:
            return
        results.append(r)
        if out is not None:
            out.write(line(r))
            out.flush()
        if args.progress and len(results) % args.progress == 0:
            print(summary(f"[{time.perf_counter() - start:.0f} s]",
                          [x[3] - x[4] for x in results]), flush=True)

    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as ex:
            for r in ex.map(one, jobs, chunksize=4):
                done(r)
    else:
        for j in jobs:
            done(one(j))
    if out is not None:
        out.close()
        with open(args.out, "w") as fh:
            fh.writelines(line(r) for r in sorted(results))
    report(results, args.strength, args.perfect, args.paired)
    print(move_times(results))
    print(f"{time.perf_counter() - start:.0f} s for {len(jobs)} deals ({len(results)} scored)")


def read_rows(path: str) -> list[Row]:
    """The rows of an ``--out`` file (no move times)."""
    rows: list[Row] = []
    for text in Path(path).read_text().split("\n"):
        if text.strip():
            f = text.split()
            rows.append((int(f[0]), f[1], f[2] == "1", int(f[3]), int(f[4]),
                         int(f[5]) if len(f) > 5 else None, []))
    return rows


def report(results: list[Row], strength: int, perfect: bool, paired: str | None) -> None:
    """Gains over the baseline by rules and side; with ``perfect``, the
    perfect-information bot's and the share; with ``paired`` (an ``--out``
    file of another variant), the gain over it deal by deal, on the deals
    both played."""
    diffs = [r[3] - r[4] for r in results]
    print(summary(f"search{strength} vs baseline", diffs))
    for rules in SHENGJI_PRESETS:
        print(summary(f"  {rules}", [r[3] - r[4] for r in results if r[1] == rules]))
    print(summary("  as attackers", [r[3] - r[4] for r in results if r[2]]))
    print(summary("  as dealers", [r[3] - r[4] for r in results if not r[2]]))
    if perfect:
        print("points per hand over the baseline, 95% CI; share = search gain / perfect gain")
        print(share_line("all", results))
        for rules in SHENGJI_PRESETS:
            for side, att in (("attackers", True), ("dealers", False)):
                print(share_line(f"  {rules} {side}",
                                 [r for r in results if r[1] == rules and r[2] == att]))
        print(share_line("  as attackers", [r for r in results if r[2]]))
        print(share_line("  as dealers", [r for r in results if not r[2]]))
    if paired:
        other = {r[0]: r[3] - r[4] for r in read_rows(paired)}
        both = [r for r in results if r[0] in other]
        print(summary(f"over {paired}", [r[3] - r[4] - other[r[0]] for r in both]))
        for rules in SHENGJI_PRESETS:
            for side, att in (("attackers", True), ("dealers", False)):
                print(summary(f"  {rules} {side}", [r[3] - r[4] - other[r[0]] for r in both
                                                    if r[1] == rules and r[2] == att]))
        print(summary("  as attackers", [r[3] - r[4] - other[r[0]] for r in both if r[2]]))
        print(summary("  as dealers", [r[3] - r[4] - other[r[0]] for r in both if not r[2]]))


if __name__ == "__main__":
    main()
