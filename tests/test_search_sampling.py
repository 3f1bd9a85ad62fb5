"""Hidden-hand sampling (issue 6): deals consistent with one seat's view,
never a card to a seat known void in its suit (R-FOLLOW 1 voids)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.games import SHENGJI_PRESETS
from solver.bots import BaselineBot
from solver.cards import deck
from solver.game.hand import Hand, Phase
from solver.game.runner import step
from solver.game.view import SeatView
from solver.rules import preset
from solver.search.hidden import (
    Knowledge, best_deal, deal_is_consistent, knowledge_from_view, sample_deal, voids_from_tricks)
from solver.search.model import faces
from solver.trump import TrumpContext


def _hand_in_play(rules: str, seed: int, plays: int) -> Hand | None:
    cards = deck()
    random.Random(seed).shuffle(cards)
    h = Hand.later(preset(rules), cards, seed % 4)
    bots = [BaselineBot() for _ in range(4)]
    guard = 0
    while h.phase != Phase.PLAY:
        if h.phase in (Phase.DONE, Phase.REDEAL) or guard > 5000:
            return None
        step(h, bots)
        guard += 1
    for _ in range(plays):
        if h.phase != Phase.PLAY:
            break
        step(h, bots)
    return h if h.phase == Phase.PLAY else None


@settings(max_examples=60)
@given(rules=st.sampled_from(SHENGJI_PRESETS),
       seed=st.integers(0, 10_000), plays=st.integers(0, 90), sample_seed=st.integers(0, 1000))
def test_samples_respect_voids_and_counts(rules: str, seed: int, plays: int,
                                          sample_seed: int) -> None:
    """Property: every sampled deal agrees with the seat's knowledge, gives
    no card to a seat void in its effective suit, and the real deal agrees too."""
    h = _hand_in_play(rules, seed, plays)
    if h is None:
        return
    seat = h.turn
    assert seat is not None
    k = knowledge_from_view(SeatView(h, seat))
    real = tuple(faces(list(h.hands[s].elements())) for s in range(4))
    real_hands = (real[0], real[1], real[2], real[3])
    assert deal_is_consistent(k, real_hands, faces(h.kitty))
    rng = random.Random(sample_seed)
    for _ in range(5):
        hands, kitty = sample_deal(k, rng)
        assert deal_is_consistent(k, hands, kitty)
        for s in range(4):
            for f in hands[s]:
                if s != k.viewer:
                    assert k.ctx.suit_of(deck()[2 * f]) not in [
                        "TSHDC"[v] for v in k.voids[s]]


def test_voids_from_a_trick_with_a_discard() -> None:
    """R-FOLLOW 1: seat 2 discards a club on a heart lead, so it is void in hearts."""
    ctx = TrumpContext(preset("henan"), 2, "S")
    v = voids_from_tricks(ctx, [(1, (faces("9H"), faces("4C"), faces("KH"), faces("3H")))])
    assert v[2] == frozenset({2}) and not v[1] and not v[3] and not v[0]


def test_heavy_voids_still_sample() -> None:
    """Two seats void in everything but one suit: the sampler still completes."""
    ctx = TrumpContext(preset("henan"), 2, "S")
    own = faces("3H 4H 5H")
    pool = faces("6D 7D 8D 6C 7C 8C 9C 10C 6S")
    seen = [f for f in range(54) for _ in range(2)]
    for f in list(own) + list(pool):
        seen.remove(f)
    k = Knowledge(ctx=ctx, viewer=0, dealer=0, leader=0, own=own, seen=tuple(seen), trick=(),
                  sizes=(3, 3, 3, 3), voids=(frozenset(), frozenset({0, 1, 2, 4}),
                                             frozenset({0, 1, 2, 3}), frozenset()))
    rng = random.Random(1)
    for _ in range(50):
        hands, kitty = sample_deal(k, rng)
        assert all(deck()[2 * f].suit == "D" for f in hands[1])
        assert all(deck()[2 * f].suit == "C" for f in hands[2])
        assert deal_is_consistent(k, hands, kitty)


def test_best_deal_keeps_the_best_explained_sample() -> None:
    """``best_deal`` returns a consistent deal scoring no worse than any
    sample it drew, and stops at the first that scores 0."""
    h = _hand_in_play("tractor", 12, 30)
    assert h is not None
    k = knowledge_from_view(SeatView(h, h.turn if h.turn is not None else 0))
    other = (k.viewer + 1) % 4
    drawn: list[int] = []

    def points_elsewhere(hands: tuple[tuple[int, ...], ...], kitty: tuple[int, ...]) -> int:
        # An arbitrary score: the points seat ``other`` does not hold.
        from solver.search.model import hand_points
        m = sum(hand_points(x) for s, x in enumerate(hands) if s not in (other, k.viewer))
        drawn.append(m)
        return m

    hands, kitty = best_deal(k, random.Random(5), points_elsewhere, 12)  # type: ignore[arg-type]
    assert deal_is_consistent(k, hands, kitty)
    assert len(drawn) == 12 or drawn[-1] == 0
    assert points_elsewhere(hands, kitty) == min(drawn[:-1])

    calls = 0

    def always_fits(hands: object, kitty: object) -> int:
        nonlocal calls
        calls += 1
        return 0

    best_deal(k, random.Random(5), always_fits, 12)  # type: ignore[arg-type]
    assert calls == 1
