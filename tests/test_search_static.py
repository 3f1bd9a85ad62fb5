"""The fitted estimate of the points still to come (issue 6,
``solver/search/static.py``) and the data it is fitted on
(``tools/fit_static.py``): the runtime estimate equals the fitted model on
the same features, it moves the right way when a strong card changes
sides, and the recorded targets are the attackers' real points."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.games import SHENGJI_PRESETS
from solver.cards import deck
from solver.rules import preset
from solver.search.model import POINTS, Table, faces
from solver.search.pimc import PromoStatic, Static, VoidStatic
from solver.search.static import FEATURES, Learned, Params, feature_row, params_for
from solver.trump import TrumpContext
from tools.fit_static import play


def _deal(seed: int, per: int = 25) -> tuple[tuple[int, ...], ...]:
    pack = deck()
    random.Random(seed).shuffle(pack)
    return tuple(faces(pack[i * per:(i + 1) * per]) for i in range(4))


def test_every_preset_has_weights_and_others_fall_back() -> None:
    for name in SHENGJI_PRESETS:
        p = params_for(name)
        assert len(p.weights) == len(FEATURES)
        assert p.weights[FEATURES.index("p2")] == 0.0  # the reference category
    assert params_for("house-rules") == params_for("default")


@settings(max_examples=40)
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(SHENGJI_PRESETS),
       dealer=st.integers(0, 3), leader=st.integers(0, 3))
def test_runtime_estimate_is_the_fitted_model(seed: int, rules: str, dealer: int,
                                              leader: int) -> None:
    """Learned.rest at the root computes exactly the model the fit uses
    (features from feature_row, logistic share, points left, own points)."""
    table = Table(TrumpContext(preset(rules), 2, "H"))
    hands = _deal(seed)
    x, left, diff = feature_row(table, hands, dealer, leader)  # type: ignore[arg-type]
    p = params_for(rules)
    share = 1 / (1 + math.exp(-sum(a * b for a, b in zip(x, p.weights, strict=True))))
    want = share * left + p.own * diff + p.kitty * 20 * share * share
    got = Learned(table, hands, dealer, 20).rest(leader, [])  # type: ignore[arg-type]
    assert got == pytest.approx(want)
    assert left == sum(POINTS[f] for h in hands for f in h)


def test_a_big_trump_is_worth_points_to_its_side() -> None:
    """Moving the big joker from a dealer to an attacker (for the attacker's
    lowest plain card) raises the attackers' estimate, in both estimates."""
    table = Table(TrumpContext(preset("henan"), 2, "H"))
    big = faces("BJ")[0]
    for seed in range(30):
        hands = [list(h) for h in _deal(seed)]
        holder = next((s for s in (0, 2) if big in hands[s]), None)
        if holder is None:
            continue
        low = min((f for f in hands[1] if table.suit[f] != 0 and POINTS[f] == 0),
                  key=lambda f: table.pos[f])
        before = tuple(tuple(sorted(h)) for h in hands)
        hands[holder].remove(big)
        hands[holder].append(low)
        hands[1].remove(low)
        hands[1].append(big)
        after = tuple(tuple(sorted(h)) for h in hands)
        for est in (Learned, Static):
            assert est(table, after, 0, 0).rest(0, []) > est(table, before, 0, 0).rest(0, [])


def test_leaf_subtracts_the_cards_played() -> None:
    """With every weight zero the share is one half, so the estimate is half
    the points left: a leaf must take the played cards' points off."""
    table = Table(TrumpContext(preset("tractor"), 2, "S"))
    hands = _deal(4)
    flat = Params((0.0,) * len(FEATURES), own=0.0, kitty=0.0)
    est = Learned(table, hands, 0, 0, flat)  # type: ignore[arg-type]
    pts = [next(f for f in h if POINTS[f] > 0) for h in hands]
    played = [(s, (pts[s],)) for s in range(4)]
    left = sum(POINTS[f] for h in hands for f in h)
    assert est.rest(1, []) == pytest.approx(left / 2)
    assert est.rest(1, played) == pytest.approx((left - sum(POINTS[f] for f in pts)) / 2)


@pytest.mark.parametrize("rules,seed", [("henan", 1), ("tractor", 2), ("wusaner", 3)])
def test_fit_rows_record_the_attackers_real_points(rules: str, seed: int) -> None:
    """Each trick boundary's target is what the attackers went on to win
    from there: it never grows, and is a multiple of 5."""
    rows = play((rules, seed))
    if not rows:
        pytest.skip("a redeal or a failed throw")
    sizes = [len(r[3][0]) for r in rows]
    targets = [r[7] for r in rows]
    assert sizes == sorted(sizes, reverse=True) and min(sizes) >= 3
    assert targets == sorted(targets, reverse=True)
    assert all(t >= 0 and t % 5 == 0 for t in targets)
    for r in rows:
        assert sum(len(h) for h in r[3]) == 4 * len(r[3][0])


def _ruff_voids(table: Table, hands: tuple[tuple[int, ...], ...], seat: int,
                held: set[int]) -> int:
    """Plain suits of ``held`` the seat lacks while it holds a trump
    (R-FOLLOW: a player out of the led suit may trump it)."""
    suits = {table.suit[f] for f in hands[seat]}
    return 0 if 0 not in suits else len(held - suits)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(SHENGJI_PRESETS),
       dealer=st.integers(0, 3), leader=st.integers(0, 3), cut=st.integers(0, 25),
       power=st.sampled_from([0.0, 0.5, 1.0]))
def test_void_estimate_counts_the_ruffing_voids_left(seed: int, rules: str, dealer: int,
                                                     leader: int, cut: int,
                                                     power: float) -> None:
    """VoidStatic is Static with ``power`` added to a team per ruffing void
    (a plain suit an opponent held at the root, lacked by a seat holding a
    trump), the voids recounted on the hands left after the cards played
    since the root, however many of a suit were played."""
    table = Table(TrumpContext(preset(rules), 2, "S"))
    hands = _deal(seed)
    rng = random.Random(seed)
    # every seat plays the same number of random cards, most of one suit
    played = []
    for s in range(4):
        target = table.suit[rng.choice(hands[s])]
        own = sorted(hands[s], key=lambda f: (table.suit[f] != target, rng.random()))
        played.append((s, tuple(sorted(own[:cut]))))
    after = tuple(tuple(sorted(set(h) - set(p) if len(set(h)) == len(h) else _minus(h, p)))
                  for h, (_, p) in zip(hands, played, strict=True))
    held = [{table.suit[f] for o in ((s + 1) % 4, (s + 3) % 4) for f in hands[o]} - {0}
            for s in range(4)]

    def power_of(hs: tuple[tuple[int, ...], ...]) -> tuple[float, float]:
        va = sum(_ruff_voids(table, hs, s, held[s]) for s in range(4) if (s - dealer) % 2 == 1)
        vd = sum(_ruff_voids(table, hs, s, held[s]) for s in range(4) if (s - dealer) % 2 == 0)
        return power * va, power * vd

    plain = Static(table, hands, dealer, 15)  # type: ignore[arg-type]
    est = VoidStatic(table, hands, dealer, 15, power)  # type: ignore[arg-type]
    ra, rd = power_of(hands)  # type: ignore[arg-type]
    assert est.att_power == pytest.approx(plain.att_power + ra)
    assert est.def_power == pytest.approx(plain.def_power + rd)
    assert est.rest(leader, []) == pytest.approx(_shifted(plain, leader, [], ra, rd))
    la, ld = power_of(after)
    assert est.rest(leader, played) == pytest.approx(_shifted(plain, leader, played, la, ld))
    assert est.rest(leader, []) == pytest.approx(_shifted(plain, leader, [], ra, rd))  # undone


def _minus(hand: tuple[int, ...], play: tuple[int, ...]) -> list[int]:
    left = list(hand)
    for f in play:
        left.remove(f)
    return left


def _shifted(plain: Static, leader: int, played: list[tuple[int, tuple[int, ...]]],
             da: float, dd: float) -> float:
    plain.att_power += da
    plain.def_power += dd
    try:
        return plain.rest(leader, played)
    finally:
        plain.att_power -= da
        plain.def_power -= dd


def test_ruffing_voids_move_the_estimate_towards_their_side() -> None:
    """A dealer emptied of a plain suit while holding trumps (as a void
    burial leaves it) can ruff that suit: VoidStatic then gives the
    attackers less than Static; the side with more ruffing voids gains."""
    table = Table(TrumpContext(preset("tractor"), 2, "S"))
    seen = {-1: 0, 1: 0}
    for seed in range(40):
        hands = [list(h) for h in _deal(seed)]
        for seat in (0, seed % 4):  # empty a seat's shortest plain suit
            by = {x: [f for f in hands[seat] if table.suit[f] == x] for x in range(1, 5)}
            x = min((x for x in by if by[x]), key=lambda x: len(by[x]))
            hands[seat] = [f for f in hands[seat] if table.suit[f] != x]
        hs = tuple(tuple(sorted(h)) for h in hands)
        held = [{table.suit[f] for o in ((s + 1) % 4, (s + 3) % 4) for f in hs[o]} - {0}
                for s in range(4)]
        va = sum(_ruff_voids(table, hs, s, held[s]) for s in (1, 3))
        vd = sum(_ruff_voids(table, hs, s, held[s]) for s in (0, 2))
        gap = (VoidStatic(table, hs, 0, 10, 0.5).rest(1, [])  # type: ignore[arg-type]
               - Static(table, hs, 0, 10).rest(1, []))  # type: ignore[arg-type]
        if va == vd:  # equal power on both sides only pulls the share to one half
            continue
        assert (gap > 0) == (va > vd)
        seen[1 if va > vd else -1] += 1
    assert seen[-1] >= 5


@settings(max_examples=40)
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(SHENGJI_PRESETS),
       dealer=st.integers(0, 3), leader=st.integers(0, 3), cut=st.integers(0, 25))
def test_promoted_estimate_is_static_on_the_hands_left(seed: int, rules: str, dealer: int,
                                                       leader: int, cut: int) -> None:
    """PromoStatic with the trumps ranked again values a leaf as Static
    built on the hands left would (a plain suit's highest card left is its
    top, the trumps left are ranked among themselves); without the trumps
    it differs from that only in the trumps' power; at the root it is
    Static."""
    table = Table(TrumpContext(preset(rules), 2, "S"))
    hands = _deal(seed)
    rng = random.Random(seed)
    played = []
    for s in range(4):
        target = table.suit[rng.choice(hands[s])]
        own = sorted(hands[s], key=lambda f: (table.suit[f] != target, rng.random()))
        played.append((s, tuple(sorted(own[:cut]))))
    after = tuple(tuple(sorted(_minus(h, p))) for h, (_, p) in zip(hands, played, strict=True))
    left = Static(table, after, dealer, 15)  # type: ignore[arg-type]
    promo = PromoStatic(table, hands, dealer, 15, trumps=True)  # type: ignore[arg-type]
    assert promo.rest(leader, played) == pytest.approx(left.rest(leader, []))
    assert promo.rest(leader, []) == pytest.approx(
        Static(table, hands, dealer, 15).rest(leader, []))  # type: ignore[arg-type]
    # plain suits only: the plain tops as on the hands left, the trumps as at the root
    plain = PromoStatic(table, hands, dealer, 15, trumps=False)  # type: ignore[arg-type]
    root = Static(table, hands, dealer, 15)  # type: ignore[arg-type]
    trump_root = [sum(root.power[f] for f in h if table.suit[f] == 0) for h in after]
    trump_left = [sum(left.power[f] for f in h if table.suit[f] == 0) for h in after]
    da = sum(trump_root[s] - trump_left[s] for s in range(4) if (s - dealer) % 2 == 1)
    dd = sum(trump_root[s] - trump_left[s] for s in range(4) if (s - dealer) % 2 == 0)
    assert plain.rest(leader, played) == pytest.approx(
        _shifted(left, leader, [], da, dd))


def test_cashing_a_top_card_hands_its_power_to_the_next() -> None:
    """Static holds cashing an ace against its side (the ace's power is
    lost, the king below it gains none); PromoStatic gives the king the
    top's power, so an attacker holding both aces and both kings of a suit
    keeps that suit's power after cashing the aces."""
    table = Table(TrumpContext(preset("tractor"), 2, "S"))
    hands = [list(h) for h in _deal(7)]
    of_suit = sorted({f for h in hands for f in h if table.suit[f] == 2},
                     key=lambda f: table.pos[f], reverse=True)
    ace, king = of_suit[0], of_suit[1]
    # seat 1 (an attacker when seat 0 deals) holds both aces and both kings
    for s in range(4):
        hands[s] = [f for f in hands[s] if f not in (ace, king)]
    hands[1] += [ace, ace, king, king]
    hs = tuple(tuple(sorted(h)) for h in hands)
    played = [(1, (ace, ace))]
    static = Static(table, hs, 0, 0)  # type: ignore[arg-type]
    promo = PromoStatic(table, hs, 0, 0)  # type: ignore[arg-type]
    assert promo.rest(1, played) > static.rest(1, played)
    # the kings now top the suit: its power stays with the attackers
    after = (hs[0], tuple(_minus(hs[1], (ace, ace))), hs[2], hs[3])
    assert promo.rest(1, played) == pytest.approx(
        Static(table, after, 0, 0).rest(1, []))  # type: ignore[arg-type]
