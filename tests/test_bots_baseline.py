"""The baseline bot plays sensibly in scripted positions: it gives points to
a winning partner, ruffs when a trick is worth it and keeps trumps when it is
not, leads safe throws, buries low non-point cards, declares its longest suit."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from game_helpers import P, deal, new_hand, tractor_at_burial

from solver.bots import BaselineBot, Bot
from solver.cards import Card, deck
from solver.game.hand import Hand
from solver.game.view import SeatView
from solver.rules import preset
from solver.units import classify

BOT = BaselineBot()


def position(rules_name: str, fixed: dict[int, str], *, level: int = 7, trump: str = "S",
             leader: int = 0, avoid: str = "") -> Hand:
    """Play-phase hand: seats get ``fixed`` cards, the rest filled with cards
    not of the suits in ``avoid`` where possible (seat 3 first)."""
    rules = preset(rules_name)
    rest = Counter(deck())
    hands: list[list[Card]] = [[] for _ in range(4)]
    for s, text in fixed.items():
        hands[s] = P(text)
        rest.subtract(hands[s])
    pool = sorted(rest.elements(), key=lambda c: (c.suit in avoid, c.is_joker, c.index))
    kitty = [c for c in pool if not c.points][: rules.kitty_size]
    for c in kitty:
        pool.remove(c)
    for s in (3, 2, 1, 0):
        while len(hands[s]) < rules.hand_size:
            hands[s].append(pool.pop(0))
    return Hand.at_play(rules, level, trump, leader, leader, hands, kitty)


def test_protocol() -> None:
    assert isinstance(BOT, Bot)


def test_gives_points_to_a_winning_partner() -> None:
    h = position("henan", {0: "AH AH", 1: "3H", 2: "KH 4H 6H"})
    h.play(0, P("AH"))
    h.play(1, P("3H"))
    choice = BOT.follow(SeatView(h, 2))
    assert len(choice) == 1 and choice[0].points == 10 and choice[0].suit == "H"


def test_plays_low_when_the_opponents_win() -> None:
    h = position("henan", {0: "AH AH", 1: "KH 4H 6H"})
    h.play(0, P("AH"))
    choice = BOT.follow(SeatView(h, 1))
    assert choice == P("4H")


def test_ruffs_a_point_trick_with_a_low_trump() -> None:
    # seat 3 has no hearts; an opponent (seat 2) is winning a trick with 20 points
    h = position("henan", {0: "3H", 1: "KH", 2: "AH 10H", 3: "3S 4S AS"}, avoid="H")
    assert not any(c.suit == "H" for c in h.hands[3])
    h.play(0, P("3H")); h.play(1, P("KH")); h.play(2, P("AH"))
    choice = BOT.follow(SeatView(h, 3))
    assert len(choice) == 1 and h.ctx is not None and h.ctx.is_trump(choice[0])
    assert choice[0].rank < 14


def test_keeps_trumps_when_partner_wins_a_pointless_trick() -> None:
    h = position("henan", {0: "6H", 1: "AH", 2: "3H", 3: "3S 4S AS"}, avoid="H")
    assert not any(c.suit == "H" for c in h.hands[3])
    h.play(0, P("6H")); h.play(1, P("AH")); h.play(2, P("3H"))
    # seat 3's partner (seat 1) wins with AH: no need to ruff
    choice = BOT.follow(SeatView(h, 3))
    assert h.ctx is not None and not h.ctx.is_trump(choice[0])


def test_leads_a_safe_throw() -> None:
    h = position("henan", {0: "AC AC KC KC QC"})
    lead = BOT.lead(SeatView(h, 0))
    assert h.ctx is not None
    c = classify(h.ctx, lead)
    assert c.type in ("throw", "tractor") and len(lead) >= 4
    played = h.play(0, lead)
    assert list(played) == lead and not h.penalties


def test_buries_low_non_point_cards() -> None:
    h = tractor_at_burial()
    buried = BOT.bury(SeatView(h, 0), 8)
    assert h.ctx is not None
    assert not any(h.ctx.is_trump(c) for c in buried)
    assert sum(c.points for c in buried) == 0
    h.bury(0, buried)


def test_declares_the_longest_suit() -> None:
    rules = preset("tractor")
    h = new_hand(rules, {0: "2H 2S 3S 4S 6S 7S 8S 9S"}, dealer=0)
    deal(h)  # the later-hand dealer is known; nobody was asked
    view = SeatView(h, 0)
    opts = [tuple(P("2H")), tuple(P("2S"))]
    assert BOT.declare(view, opts) == tuple(P("2S"))
