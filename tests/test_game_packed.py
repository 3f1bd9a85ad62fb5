"""A hand keeps each seat's cards as a packed multiset (solver.bits) with
the cards' arrival order beside it; the flows change hands only through the
HandState protocol (give / take / count / cards_of); contexts are shared
between hands, and a hand's play does not depend on what was played before
it in the same process (R-DECK conservation, R-FOLLOW legality)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.bits import packed, unpack
from solver.bots import BaselineBot
from solver.cards import deck
from solver.games import SHENGJI_PRESETS
from solver.game.hand import Hand, HandSetup, Phase
from solver.game.match import Match
from solver.game.runner import run_hand, step
from solver.rules import preset
from solver.trump import _SHARED

BOTS = [BaselineBot() for _ in range(4)]


def _hand(rules: str, seed: int) -> Hand:
    cards = deck()
    random.Random(seed).shuffle(cards)
    return Hand(HandSetup.first(preset(rules)), cards)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(SHENGJI_PRESETS), st.integers(0, 10_000))
def test_packed_hands_match_the_cards_at_every_step(rules: str, seed: int) -> None:
    """R-DECK: after every action the packed hand holds exactly the listed
    cards, a face's copies sit together, and the count of each face agrees."""
    h = _hand(rules, seed)
    while h.phase not in (Phase.DONE, Phase.REDEAL):
        step(h, BOTS)
        h.check_conservation()
        for s in range(4):
            cards = h.cards_of(s)
            assert packed(cards) == h.held[s] and h.cards_left(s) == len(cards)
            assert sorted(cards, key=lambda c: c.index) == unpack(h.held[s])
            seen = [c for i, c in enumerate(cards) if i == 0 or cards[i - 1] != c]
            assert len(seen) == len(set(seen)), "a face's copies are apart"
            for c in set(cards):
                assert h.count(s, c) == cards.count(c)


def test_hands_view_is_read_only_and_in_arrival_order() -> None:
    """Hand.hands is a Counter view: reading works, changing it is refused
    (a silent change of a copy would lose cards)."""
    h = _hand("tractor", 3)
    for _ in range(40):
        h.deal()
    view = h.hands[0]
    assert list(view.elements()) == h.cards_of(0)
    assert view == Counter(h.cards_of(0)) and sum(view.values()) == 10
    card = h.cards_of(0)[0]
    with pytest.raises(TypeError):
        view[card] += 1
    with pytest.raises(TypeError):
        view.update([card])
    # the arrival order: the deck's cards to seat 0, faces in first-arrival order
    dealt = [c for i, c in enumerate(h.deck[:40]) if i % 4 == 0]
    assert h.cards_of(0) == list(Counter(dealt).elements())


def test_give_and_take_keep_the_order_of_a_counter() -> None:
    """A face given again joins its copy; a face taken out and given back
    goes last (what the Counter the hand used to hold did)."""
    h = _hand("henan", 5)
    for _ in range(20):
        h.deal()
    cards = h.cards_of(1)
    first, other = cards[0], cards[-1]
    h.give(1, [first])
    assert h.cards_of(1)[:2] == [first, first] and h.count(1, first) == 2
    h.take(1, [first, first])
    assert first not in h.cards_of(1) and h.count(1, first) == 0
    h.give(1, [first])
    assert h.cards_of(1)[-1] == first and other in h.cards_of(1)
    assert packed(h.cards_of(1)) == h.held[1]


@pytest.mark.parametrize("rules", SHENGJI_PRESETS)
def test_a_hand_plays_the_same_whatever_was_played_before(rules: str) -> None:
    """Shared contexts keep their caches from hand to hand; the bots' plays
    must not depend on them: the same deal played cold (no context cached)
    and after other hands gives the same log."""
    def logs(m: Match, n: int) -> list[list[object]]:
        out = []
        for _ in range(n):
            hand = run_hand(m.new_hand(), BOTS)
            m.record(hand)
            out.append([r.to_json() for r in hand.log])
        return out

    _SHARED.clear()
    warm = logs(Match(preset(rules), seed=7), 3)       # warms the shared contexts
    warm += logs(Match(preset(rules), seed=11), 3)
    _SHARED.clear()
    cold = logs(Match(preset(rules), seed=11), 3)
    assert cold == warm[3:]


def test_the_bots_follow_does_not_read_another_hands_order() -> None:
    """The obligations cached by a hand holding the same cards in another
    order (the context is shared) do not change the bot's follow: at every
    follow of a multi-card lead, the play is the same after the cache was
    filled from the reversed hand (R-FOLLOW; ties go by the hand's order)."""
    from solver.follow import follow_needs
    from solver.game.view import SeatView

    bot = BaselineBot()
    checked = 0
    for seed in range(30):
        m = Match(preset(SHENGJI_PRESETS[seed % 3]), seed=seed)
        h = m.new_hand()
        while h.phase not in (Phase.DONE, Phase.REDEAL):
            if h.phase == Phase.PLAY and h.current and len(h.current[0]) > 1:
                assert h.ctx is not None and h.turn is not None
                view = SeatView(h, h.turn)
                h.ctx.memo.pop("follow_needs", None)
                before = bot.follow(view)
                h.ctx.memo.pop("follow_needs", None)
                follow_needs(h.ctx, h.current[0], view.cards[::-1])  # cached, reversed
                assert bot.follow(view) == before
                checked += 1
            step(h, BOTS)
    assert checked > 50


def test_shared_contexts_stay_bounded() -> None:
    """Memory stays bounded in long self-play: at most SHARED_CONTEXTS
    contexts are kept (the least recently asked for goes first); the one in
    use keeps its caches from one request to the next (a hand's hints) up
    to SHARED_MEMO_IN_USE entries, and an idle one is emptied past
    SHARED_MEMO_BUDGET when another is asked for or it is asked for again;
    the same (rules, level, trump) gives the same context while it is kept."""
    from solver.trump import (SHARED_CONTEXTS, SHARED_MEMO_BUDGET, SHARED_MEMO_IN_USE, memo_table,
                              shared_context)

    _SHARED.clear()
    rules = preset("tractor")
    first = shared_context(rules, 2, "S")
    assert shared_context(rules, 2, "S") is first
    keys = [(lv, t) for lv in range(2, 15) for t in ("S", "H", "D", "C", None)]
    for lv, t in keys[1:SHARED_CONTEXTS + 1]:
        shared_context(rules, lv, t)
    assert len(_SHARED) == SHARED_CONTEXTS
    assert shared_context(rules, 2, "S") is not first  # evicted, built again
    ctx = shared_context(rules, 3, "H")
    table = memo_table(ctx, "test_budget")
    table.update((i, i) for i in range(SHARED_MEMO_BUDGET + 1))
    # Asked for again while in use (a hand's next request): kept warm.
    assert shared_context(rules, 3, "H") is ctx and len(ctx.memo["test_budget"]) > 6000
    # Another asked for: the one in use until then is idle, emptied past its budget.
    other = shared_context(rules, 4, "H")
    assert not ctx.memo
    table = memo_table(other, "test_budget")
    table.update((i, i) for i in range(SHARED_MEMO_IN_USE + 1))
    assert shared_context(rules, 4, "H") is other and not other.memo  # past the in-use cap
    memo_table(ctx, "test_budget").update((i, i) for i in range(SHARED_MEMO_BUDGET + 1))
    assert shared_context(rules, 3, "H") is ctx and not ctx.memo  # idle, over the budget
