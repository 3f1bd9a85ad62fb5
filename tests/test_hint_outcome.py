"""The chances a hint tells about the hand's end (R-LEVELS, issue 18).

A hidden-hand hint values its play on sampled deals; a deal's value is an
estimate of the rest of the hand, not its outcome, so the chance of each
level outcome spreads every deal's value (``hint.outcome_chances``).
Counted as certain, "the dealers keep the attackers under 80: 99 %" came
true 86 % of the time (bench/bench_hint_outcome.py, docs/SEARCH.md)."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from solver.games import SHENGJI_PRESETS
from solver.rules import preset
from solver.scoring import level_outcome
from solver.search import hint as hint_mod
from solver.search.hint import outcome_chances
from solver.search.selfplay import hint_positions

values = st.lists(st.floats(0, 320, allow_nan=False), min_size=1, max_size=40)


@given(st.sampled_from(SHENGJI_PRESETS), values, st.integers(1, 25),
       st.floats(0, 15), st.floats(0, 2))
@example("henan", [2.5], 1, 0.0, 5e-324)  # a subnormal spread: its inverse is inf
def test_the_chances_add_up(rules: str, vs: list[float], cards: int, base: float,
                            per_card: float) -> None:
    ch = outcome_chances(preset(rules), vs, cards, base, per_card)
    assert abs(sum(ch.values()) - 1.0) < 1e-9
    assert all(p >= 0 for p in ch.values())


@given(st.sampled_from(SHENGJI_PRESETS), values, st.integers(1, 25))
def test_no_spread_counts_each_deal(rules: str, vs: list[float], cards: int) -> None:
    r = preset(rules)
    counts: dict[tuple[str, int], float] = {}
    for v in vs:
        key = level_outcome(r, max(0, int(round(v / 5.0)) * 5))
        counts[key] = counts.get(key, 0.0) + 1 / len(vs)
    got = outcome_chances(r, vs, cards, 0.0, 0.0)
    assert got.keys() == counts.keys()
    assert all(abs(got[k] - counts[k]) < 1e-9 for k in counts)


@given(st.sampled_from(SHENGJI_PRESETS), st.floats(0.5, 60), st.floats(0.5, 20), st.floats(0, 20))
def test_a_wider_spread_is_less_sure(rules: str, under: float, sd: float, more: float) -> None:
    """One deal below the threshold by ``under`` points: the chance that
    the dealers keep the attackers under it falls as the spread grows."""
    r = preset(rules)
    v = max(0.0, r.keep_below - 2.5 - under)

    def keep(s: float) -> float:
        return sum(p for (o, _), p in outcome_chances(r, [v], 1, s, 0.0).items()
                   if o == "dealers_up")

    assert keep(sd + more) <= keep(sd) + 1e-3   # outcomes under 1e-4 are dropped


def test_the_hint_tells_the_spread_chance() -> None:
    """A hint's outcome and its chance of keeping come from its deals'
    values spread as the module says (the seat's cards in hand)."""
    seen = 0
    for hp in hint_positions("henan", 91000, pick=lambda h: len(h.tricks) in (3, 9)):
        if len(list(zip(range(2), hp.hidden.legal_plays()))) < 2:
            continue
        h = hint_mod.hint(hp.hidden, budget=0.5, seed=1, tricks=hp.tricks)
        assert h.deal_values
        want = outcome_chances(hp.hidden.ctx.rules, h.deal_values, len(hp.hidden.hand(h.seat)),
                               floor=hint_mod.points_floor(hp.hidden.ctx.rules,
                                                            hp.hidden.attacker_points,
                                                            len(hp.hidden.hand(h.seat))))
        assert h.outcomes.keys() == want.keys()
        assert all(abs(h.outcomes[k] - want[k]) < 1e-9 for k in want)
        p_keep = sum(p for (o, _), p in want.items() if o == "dealers_up")
        # told from the hinted seat's side: the dealers keep, the attackers reach
        keep = [r.params["p"] for r in h.reasons if r.code == "hint.outcome.p_keep"]
        reach = [r.params["p"] for r in h.reasons if r.code == "hint.outcome.p_reach"]
        said = keep if not h.attacker else [100 - p for p in reach]
        assert len(keep) + len(reach) == 1 and bool(reach) == h.attacker
        assert said and abs(said[0] - round(100 * p_keep)) <= 1
        seen += 1
    assert seen >= 2


@given(st.sampled_from(SHENGJI_PRESETS), values, st.integers(1, 25), st.floats(0, 15),
       st.integers(0, 40))
def test_no_outcome_below_the_points_won(rules: str, vs: list[float], cards: int,
                                         base: float, fives: int) -> None:
    """R-TRICK-POINTS: points won stay won; the spread's mass under the
    floor is counted at the floor, the chances above it are unchanged."""
    r = preset(rules)
    floor = 5 * fives
    got = outcome_chances(r, vs, cards, base, 1.0, floor=floor)
    assert abs(sum(got.values()) - 1.0) < 1e-9
    below = {level_outcome(r, t) for t in range(0, floor, 5)} - {level_outcome(r, floor)}
    assert not below & {k for k, p in got.items() if p > 0}
    if all(v >= floor + 2.5 for v in vs):   # no deal under it: nothing moves
        assert outcome_chances(r, vs, cards, 0.0, 0.0, floor=floor) == \
            outcome_chances(r, vs, cards, 0.0, 0.0)


def test_the_floor_all_below() -> None:
    """Every deal well under the points already won: the outcome is the floor's."""
    r = preset("henan")
    assert outcome_chances(r, [10.0, 20.0], 3, 2.0, 0.0, floor=120) == {level_outcome(r, 120): 1.0}


def test_points_floor_follows_the_throw_penalty() -> None:
    """R-THROW-FAIL: with the points penalty (tractor) a failed attacker
    throw takes points back, so nothing is a floor; with stake or none
    (henan, wusaner) the points won are."""
    for rules, want_zero in (("tractor", True), ("henan", False), ("wusaner", False)):
        assert hint_mod.points_floor(preset(rules), 35) == (0 if want_zero else 35)


@given(st.integers(0, 60), st.integers(1, 25), st.data())
def test_no_failed_throw_takes_back_more_than_the_floor_allows(fives: int, cards: int, data: st.DataObject) -> None:
    """R-THROW-FAIL (tractor: 10 points a card taken back, from the
    attackers for their own throw): over any run of failed attacker throws
    from ``cards`` in hand down (each led from m cards takes back at most
    m - 1 and plays at least one), the points left never fall below the
    floor; with one card left nothing can be taken back (a walk read "72 %
    to reach 80" with 85 won and one card left)."""
    r = preset("tractor")
    won = 5 * fives
    floor = hint_mod.points_floor(r, won, cards)
    left, points = cards, won
    while left > 1:
        played = data.draw(st.integers(1, left), label="cards played")
        back = left - played if data.draw(st.booleans(), label="a failed throw") else 0
        points -= int(r.penalty_amount) * back
        left -= played
    assert floor <= max(0, points) or floor == 0
    assert hint_mod.points_floor(r, won, 1) == won
