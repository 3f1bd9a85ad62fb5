"""R-H-DECLARE on the Play screen: the declarations it offers you come from
the henan flow, so a joker pair alone is never offered while no declaration
stands (seed 001: 常主不可进行报主; it only overturns, R-H-OVERTURN)."""

from __future__ import annotations

from solver.cards import BIG_JOKER, SMALL_JOKER
from tutor.tui.models.shengji import ShengjiTable


def _joker_only(option: tuple[object, ...]) -> bool:
    return all(c in (SMALL_JOKER, BIG_JOKER) for c in option)


def test_play_screen_never_offers_a_joker_pair_as_first_declaration() -> None:
    for seed in range(40):
        t = ShengjiTable("henan", seed=seed, human_declare=True)
        while t.pending:
            if t.hand.standing is None:
                assert not any(_joker_only(o) for o in t.pending), (seed, t.pending)
            t.pass_declare()
    # Seeds 7 and 25 deal you both big jokers before anyone declares: until
    # issue 16 the screen offered them as 抢报.
    for seed in (7, 25):
        h = ShengjiTable("henan", seed=seed, human_declare=True).hand
        first = next(i for i, r in enumerate(h.log) if r.op == "declare")
        dealt = [str(c) for r in h.log[:first] if r.op == "deal" and r.seat == 0 for c in r.cards]
        assert dealt.count("BJ") == 2, seed
