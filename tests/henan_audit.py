"""Self-play audit of the 河南双升 rules the bots act under (issue 16):
every deal's declarations (R-H-DECLARE: a joker pair alone is never the
first declaration) and every follow, re-checked by CP-SAT under the henan
preset (R-FOLLOW 3 with ``partial_tractor_follow``).

Used by ``tests/test_henan_selfplay_audit.py`` (a few hands by default, 2,000
with ``-m slow``) and ``bench/henan_rules_selfplay.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from solver import cpsat
from solver.bots import BaselineBot
from solver.cards import Card
from solver.follow import follow_needs
from solver.game.hand import Hand, Phase
from solver.game.match import Match
from solver.game.runner import run_hand
from solver.rules import preset
from solver.trump import TrumpContext
from solver.units import TRACTOR, classify


@dataclass
class Audit:
    hands: int = 0                 # scored hands
    deals: int = 0                 # every deal, redeals included
    declared: int = 0              # deals with at least one declaration
    joker_first: list[str] = field(default_factory=list)   # where a joker pair came first
    joker_overturns: int = 0       # joker pairs made as overturns (allowed)
    follows: int = 0               # follows checked by CP-SAT
    tractor_follows: int = 0       # follows of a single-tractor lead
    partial_follows: int = 0       # ... where only a shorter tractor was held
    illegal: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"hands {self.hands} (deals {self.deals}, with a declaration {self.declared}); "
                f"joker-only first declarations {len(self.joker_first)}; joker-pair overturns "
                f"{self.joker_overturns}; follows checked by CP-SAT {self.follows} (tractor leads "
                f"{self.tractor_follows}, longest-shorter-tractor cases {self.partial_follows}); "
                f"illegal {len(self.illegal)}")


def check_hand(hand: Hand, where: str, audit: Audit, *, use_cpsat: bool = True) -> None:
    """Add one finished deal (played out or redealt) to ``audit``."""
    audit.deals += 1
    if hand.declarations:
        audit.declared += 1
        first = hand.declarations[0]
        if first.trump is None:          # a joker pair names no trump
            audit.joker_first.append(f"{where} seat {first.seat}")
        audit.joker_overturns += sum(1 for d in hand.declarations[1:] if d.trump is None)
    if hand.phase != Phase.DONE:
        return
    audit.hands += 1
    ctx = TrumpContext(hand.rules, hand.level, hand.trump)
    held: list[Counter[Card]] = [Counter(h) for h in hand.start_hands]
    for k, trick in enumerate(hand.tricks):
        lead = list(trick.plays[0])
        single_tractor = classify(ctx, lead).type == TRACTOR
        for i, play in enumerate(trick.plays):
            seat = (trick.leader + i) % 4
            cards = list(held[seat].elements())
            if i:
                audit.follows += 1
                if single_tractor:
                    audit.tractor_follows += 1
                    needs = follow_needs(ctx, lead, cards)
                    if 0 < needs.need_tractor < len(lead) // 2:
                        audit.partial_follows += 1
                legal = (cpsat.follow_is_legal(ctx, lead, cards, list(play)) if use_cpsat
                         else True)
                if not legal:
                    audit.illegal.append(f"{where} trick {k} seat {seat}")
            held[seat] -= Counter(play)


def run_audit(hands: int, seed: int, *, use_cpsat: bool = True,
              progress: Callable[[Audit], None] | None = None) -> Audit:
    """Play ``hands`` scored henan hands among four baseline bots (matches
    seeded as ``selfplay --rules henan --seed S``) and audit every deal."""
    rules = preset("henan")
    bots = [BaselineBot() for _ in range(4)]
    audit = Audit()
    match_no = 0
    while audit.hands < hands:
        match = Match(rules, seed=seed * 1_000_003 + match_no)
        deal_no = 0
        while audit.hands < hands and not match.finished:
            hand = run_hand(match.new_hand(), bots)
            check_hand(hand, f"match {match_no} deal {deal_no}", audit, use_cpsat=use_cpsat)
            match.record(hand)
            deal_no += 1
            if progress is not None and hand.phase == Phase.DONE:
                progress(audit)
        match_no += 1
    return audit
