"""Burial policies (solver/bots/kitty.py): the search bots bury to void plain suits."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

from game_helpers import P, tractor_at_burial

from solver.bots import BaselineBot
from solver.bots.kitty import void_burial, void_suits
from solver.cards import Card, deck
from solver.game.hand import Hand, Phase
from solver.game.runner import step
from solver.game.view import SeatView
from solver.rules import preset
from solver.search.bots import SearchBot
from solver.trump import TrumpContext

HENAN = preset("henan")


def _order(cards: list[Card], plain: list[Card]) -> list[Card]:
    """Lowest first, plain before trumps (a stand-in for the baseline order)."""
    return sorted(cards, key=lambda c: (c not in plain, c.rank, c.index))


def test_voids_the_short_suits_without_aces() -> None:
    ctx = TrumpContext(HENAN, 2, "H")
    cards = P("3S 4S 9S KC 6C AD 3D 4D 5D 6D 7D 8D 9D JH QH")
    # spades (3) and clubs (2) fit in 8 together; diamonds hold an ace
    assert sorted(void_suits(ctx.is_trump, cards, 8), key=str) == sorted(P("3S 4S 9S KC 6C"), key=str)
    # with 4 cards only one suit fits: clubs and spades both void one suit,
    # spades bury no points
    assert sorted(void_suits(ctx.is_trump, cards, 4), key=str) == sorted(P("3S 4S 9S"), key=str)
    buried = void_burial(ctx.is_trump, cards, 8, _order)
    assert len(buried) == 8
    assert not Counter(buried) - Counter(cards)
    left = Counter(cards) - Counter(buried)
    assert not any(c.suit in "SC" for c in left.elements())
    assert not any(ctx.is_trump(c) for c in buried)


def test_no_void_fits_falls_back_to_the_order() -> None:
    ctx = TrumpContext(HENAN, 2, "H")
    cards = P("3S 4S 5S 6S 7S 8S 9S 3C 4C 5C 6C 7C 8C 9C JH QH")
    assert void_suits(ctx.is_trump, cards, 4) == []
    assert void_burial(ctx.is_trump, cards, 4, _order) == _order(cards, cards)[:4]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["S", "H", "C", "D", None]),
       st.integers(2, 14), st.sampled_from([4, 8]))
def test_a_burial_is_cards_of_the_hand_and_empties_the_chosen_suits(
        seed: int, trump: str | None, level: int, count: int) -> None:
    ctx = TrumpContext(HENAN, level, trump)
    cards = deck()
    random.Random(seed).shuffle(cards)
    hand = cards[:25 + count]
    chosen = void_suits(ctx.is_trump, hand, count)
    buried = void_burial(ctx.is_trump, hand, count, _order)
    assert len(buried) == count and not Counter(buried) - Counter(hand)
    assert not Counter(chosen) - Counter(buried)
    left = list((Counter(hand) - Counter(buried)).elements())
    voided = {c.suit for c in chosen}
    assert not any(c.suit in voided and not ctx.is_trump(c) for c in left)
    assert not any(c.rank == 14 for c in chosen)


def test_the_search_bot_buries_to_void_and_the_hand_accepts_it() -> None:
    h = tractor_at_burial()
    assert h.ctx is not None
    view = SeatView(h, 0)
    buried = SearchBot(3).bury(view, 8)
    # spades (7 8 8 J Q) hold no ace and fit: the baseline buries 7S JS only
    assert sorted(void_suits(h.ctx.is_trump, view.cards, 8), key=str) == sorted(P("7S 8S 8S JS QS"), key=str)
    assert not any(c.suit == "S" and c.rank != 2 for c in Counter(view.cards) - Counter(buried))
    assert any(c.suit == "S" and c.rank != 2 for c in
               Counter(view.cards) - Counter(BaselineBot().bury(view, 8)))
    h.bury(0, buried)
    assert h.phase != Phase.BURY


def _at_bury(rules_name: str, seed: int) -> Hand | None:
    cards = deck()
    random.Random(seed).shuffle(cards)
    h = Hand.later(preset(rules_name), cards, dealer=0)
    bots = [BaselineBot() for _ in range(4)]
    while h.phase not in (Phase.BURY, Phase.DONE, Phase.REDEAL):
        step(h, bots)
    return h if h.phase == Phase.BURY else None


def test_wusaner_discards_void_a_pointless_suit_and_follow_r_w_kitty() -> None:
    """R-W-KITTY: the taker discards plain non-point cards without knowing
    the secret suit; the search bot empties a suit when one fits."""
    differs = 0
    for seed in range(40):
        h = _at_bury("wusaner", seed)
        if h is None:
            continue
        assert h.turn is not None
        view = SeatView(h, h.turn)
        assert view.ctx is None
        fixed = set(h.rules.fixed_trump_ranks) | {view.level}
        buried = SearchBot(3).bury(view, h.rules.kitty_size)
        assert h.can_bury(h.turn, buried)
        chosen = void_suits(lambda c, fixed=fixed: c.is_joker or c.rank in fixed, view.cards, 4,
                            points=False)
        assert not any(c.points for c in chosen)
        assert not Counter(chosen) - Counter(buried)
        differs += buried != BaselineBot().bury(view, 4)
        h.bury(h.turn, buried)
    assert differs > 0


def test_wusaner_reclaim_discards_are_legal_and_void_a_suit_when_one_fits() -> None:
    """R-W-KITTY: cards of the secret suit that the taker discarded go back
    to the declarer, who discards as many plain non-point cards."""
    bot = SearchBot(3)
    reclaims = voided = 0
    for seed in range(80):
        h = _at_bury("wusaner", seed)
        if h is None:
            continue
        assert h.turn is not None
        h.bury(h.turn, bot.bury(SeatView(h, h.turn), 4))
        if h.phase != Phase.RECLAIM:
            continue
        assert h.turn is not None
        view = SeatView(h, h.turn)
        assert view.ctx is not None  # the declarer knows the secret suit
        back = len(h.take_back)
        discards = bot.reclaim(view, back)
        assert h.can_reclaim(h.turn, discards)
        chosen = void_suits(view.ctx.is_trump, view.cards, back, points=False)
        assert not Counter(chosen) - Counter(discards)
        h.reclaim(h.turn, discards)
        reclaims += 1
        voided += bool(chosen)
    assert reclaims > 0 and voided > 0
