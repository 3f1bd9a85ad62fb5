"""Winning a trick: R-COVER, R-BEAT (both throw_compare modes), R-TIE, R-TRICK-POINTS."""

import pytest

from solver.cards import parse_cards
from solver.trick import trick_points, trick_winner
from tests.helpers import ctx


def win(c, *plays):
    return trick_winner(c, [parse_cards(p) for p in plays])


def test_r_beat_single_higher_card_and_ruff():
    c = ctx("henan", "2", "S")
    assert win(c, "9H", "KH", "AH", "3H") == 2
    assert win(c, "9H", "KH", "3S", "AH") == 2           # a trump ruffs a plain lead
    assert win(c, "9H", "KH", "3S", "4S") == 3           # a higher ruff over-ruffs
    assert win(c, "9H", "AD", "KC", "3H") == 0           # discards (贴) never win


def test_r_tie_first_played_wins():
    """R-TIE: equal cards never beat each other; the earlier play wins."""
    c = ctx("henan", "2", "S")
    assert win(c, "AH", "AH", "3H", "4H") == 0
    assert win(c, "9H", "2H", "2D", "2C") == 1           # other-level 2s are equal trumps
    assert win(ctx("henan", "2", None), "9H", "2H", "2S", "3H") == 1  # no trump: all level cards equal


def test_r_cover_two_single_trumps_do_not_beat_a_pair():
    """Seed 001: 两张主牌单张是无法杀掉对子的 (R-COVER: singles never merge into a pair)."""
    c = ctx("henan", "2", "S")
    assert win(c, "9H 9H", "3S 4S", "AH KH", "5H 6H") == 0
    assert win(c, "9H 9H", "3S 3S", "AH KH", "5H 6H") == 1
    assert win(c, "9H 9H", "JH JH", "3S 3S", "4S 4S") == 3


def test_r_cover_tractor_needs_matching_tractor():
    """Seed 001: 用主牌杀连对时，主牌也必须是相同对数的连对。"""
    c = ctx("henan", "2", "S")
    assert win(c, "7H 7H 8H 8H", "3S 3S 5S 5S", "9H 9H JH JH", "AH KH QH 10H") == 0
    assert win(c, "7H 7H 8H 8H", "3S 3S 4S 4S", "9H 9H 10H 10H", "AH KH QH 10H") == 1
    assert win(c, "7H 7H 8H 8H", "9H 9H 10H 10H", "AH KH QH 10H", "3H 4H 5H 6H") == 1


def test_r_cover_throw_ruff_needs_matching_structure():
    """Seed 001 甩牌: a ruff must contain the throw's pairs; R-BEAT largest_unit compares the pair."""
    c = ctx("henan", "2", "S")
    lead = "AH KH KH"
    assert win(c, lead, "3S 4S 5S", "QH QH JH", "6D 7D 8D") == 0   # no trump pair: no cover
    assert win(c, lead, "3S 3S 5S", "QH QH JH", "6D 7D 8D") == 1
    assert win(c, lead, "3S 3S 5S", "4S 4S 3S", "6D 7D 8D") == 2   # higher pair wins
    assert win(c, lead, "4S 4S 3S", "3S 3S AS", "6D 7D 8D") == 1   # key is the pair, not the top card


def test_r_beat_throw_compare_top_card_option():
    """R-BEAT option throw_compare=top_card: the highest card decides among covering plays."""
    c = ctx("henan", "2", "S", throw_compare="top_card")
    assert win(c, "AH KH KH", "4S 4S 3S", "3S 3S AS", "6D 7D 8D") == 2


def test_r_beat_tractor_key_is_longest_tractor():
    c = ctx("henan", "2", "S")
    lead = "9H 9H 10H 10H 4H 4H"  # tractor of 2 + a pair
    ruff1 = "3S 3S 4S 4S KS KS"    # tractor 3-4, pair K
    ruff2 = "5S 5S 6S 6S 3S 3S"    # tractor 5-6: higher tractor wins though K pair is higher
    assert win(c, lead, ruff1, ruff2, "2D 3D 4D 5D 6D 7D") == 2


def test_r_beat_trump_lead_and_follow():
    c = ctx("wusaner", "A", "H")
    assert win(c, "5S 5S", "5H 5H", "3H 3H", "BJ SJ") == 1  # trump-suit 5 pair > other 5 pair
    assert win(c, "5S 5S", "5D 5D", "3H 3H", "AH KH") == 0  # equal fixed 5s: first wins


def test_r_trick_points():
    assert trick_points([parse_cards(p) for p in ("5H 10H", "KH KD", "3S 4S", "BJ SJ")]) == 35


def test_lead_must_be_valid():
    with pytest.raises(ValueError):
        win(ctx(), "AH KD", "3S 4S")


def test_trick_loss_names_why_a_play_does_not_win():
    """Why a play loses, for the lessons' wrong-answer feedback: an equal
    play made earlier (R-TIE) is not "beaten"; a trump beats a plain play
    (R-BEAT); a higher play of its suit or a higher trump (R-BEAT); a play
    that does not cover the lead never competes (R-COVER)."""
    from solver.trick import trick_loss

    def loss(c, *plays):
        cards = [parse_cards(p) for p in plays]
        return [trick_loss(c, cards, i) for i in range(len(cards))]

    c = ctx("henan", "2", "S")
    assert loss(c, "AH", "AH", "3H", "4H") == [None, "tie", "higher", "higher"]
    assert loss(c, "9H", "2H", "2D", "2C") == ["ruffed", None, "tie", "tie"]  # other-level 2s: equal trumps
    assert loss(c, "9H", "KH", "3S", "4S") == ["ruffed", "ruffed", "higher_trump", None]
    assert loss(c, "9H", "AD", "KC", "3H") == [None, "off", "off", "higher"]  # discards never compete
    assert loss(c, "9H 9H", "3S 4S", "AH KH", "5H 6H") == [None, "off", "off", "off"]  # singles are no pair
    assert loss(c, "9H", "2S", "2H") == ["ruffed", None, "higher_trump"]  # the trump suit's level card
