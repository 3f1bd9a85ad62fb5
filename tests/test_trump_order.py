"""Trump context: R-GROUP, R-ORDER, R-TIE, R-W-FIXED, R-LADDER."""

import pytest

from solver.cards import FACES, Card, parse_cards
from solver.games import SHENGJI_PRESETS
from solver.rules import preset
from solver.trump import TrumpContext
from tests.helpers import ctx

LEVELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
TRUMPS = ["S", "H", "D", "C", None]


def strictly_descending(c, text):
    ps = [c.pos(x) for x in parse_cards(text)]
    return all(a > b for a, b in zip(ps, ps[1:]))


def test_r_order_seed001_classes():
    """Seed 001: 常主 > 主级牌 > 其他级牌 > 主花色 > 副牌 (level 2, trump ♠)."""
    c = ctx("henan", "2", "S")
    assert strictly_descending(c, "BJ SJ 2S 2H AS KS 3S")
    assert c.pos(Card.parse("2H")) == c.pos(Card.parse("2D")) == c.pos(Card.parse("2C"))
    assert all(c.is_trump(x) for x in parse_cards("BJ SJ 2S 2H 2D 2C AS 3S"))
    assert not any(c.is_trump(x) for x in parse_cards("AH KD 3C"))
    # plain suits: A high, 2 low, without the level rank; plain suits never beat each other
    assert strictly_descending(c, "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H")
    assert not c.beats(Card.parse("AD"), Card.parse("3H"))
    assert c.beats(Card.parse("3S"), Card.parse("AH"))


def test_r_order_no_trump_level_cards_equal():
    """Seed 001 无主: only jokers and level cards are trumps; level cards equal (R-ORDER, R-TIE)."""
    c = ctx("henan", "7", None)
    trumps = [f for f in FACES if c.is_trump(f)]
    assert sorted(map(str, trumps)) == sorted(["BJ", "SJ", "7S", "7H", "7D", "7C"])
    assert len({c.pos(Card.parse(t)) for t in ("7S", "7H", "7D", "7C")}) == 1
    assert not c.beats(Card.parse("7H"), Card.parse("7S"))  # R-TIE: first played wins


@pytest.mark.parametrize("level,trump,order", [
    # seed 004: 王 > level > 5 > 3 > 2 > trump suit > plain
    ("A", "H", "BJ SJ AH AS 5H 5S 3H 3C 2H 2D KH 4H"),
    ("2", "S", "BJ SJ 2S 2H 5S 5D 3S 3H AS 4S"),
    ("3", "D", "BJ SJ 3D 3C 5D 5H 2D 2S AD 4D"),
    ("5", "C", "BJ SJ 5C 5S 3C 3H 2C 2H AC 4C"),
])
def test_r_order_wusaner_at_several_levels(level, trump, order):
    """R-ORDER wusaner (seed 004): 王 > 级牌 > 5 > 3 > 2 > 主花色, trump-suit copy first (fixed_trump_main_first)."""
    c = ctx("wusaner", level, trump)
    assert strictly_descending(c, order)


def test_r_w_fixed_level_rank_is_not_fixed():
    """R-W-FIXED: when the level is 5, the 5s are level cards (above 3), not fixed."""
    c = ctx("wusaner", "5", "H")
    assert c.pos(Card.parse("5S")) > c.pos(Card.parse("3H")) > c.pos(Card.parse("3S"))
    assert c.pos(Card.parse("5H")) > c.pos(Card.parse("5S"))
    # "当打2的时候2就仅次于王" (seed 004): at level 2 the 2s sit just under the jokers
    c2 = ctx("wusaner", "2", "H")
    assert c2.pos(Card.parse("SJ")) - 1 == c2.pos(Card.parse("2H"))


def test_r_w_fixed_plain_suits_lose_fixed_ranks():
    """R-W-FIXED: every 5, 3 and 2 is trump; plain suits run without them."""
    c = ctx("wusaner", "9", "S")
    for t in ("5H", "3D", "2C", "5S"):
        assert c.is_trump(Card.parse(t))
    assert [str(f) for f in c.faces_of("H")] == ["AH", "KH", "QH", "JH", "10H", "8H", "7H", "6H", "4H"]


def test_r_order_wusaner_option_fixed_trump_main_first_off():
    c = ctx("wusaner", "9", "S", fixed_trump_main_first=False)
    assert c.pos(Card.parse("5S")) == c.pos(Card.parse("5H"))


def test_r_order_wusaner_no_trump():
    c = ctx("wusaner", "A", None)
    assert strictly_descending(c, "BJ SJ AS 5H 3D 2C")
    assert not c.is_trump(Card.parse("KS"))


@pytest.mark.parametrize("rules", SHENGJI_PRESETS)
def test_r_group_every_level_and_trump(rules):
    """R-GROUP/R-LADDER for every level and trump choice: 54 faces in 5 effective suits,
    the trump group is jokers + level cards + trump suit (+ fixed ranks in wusaner),
    positions are dense from 0 when gaps bridge, and equal cards are exactly the
    off-suit copies of level/fixed ranks."""
    r = preset(rules)
    for level in LEVELS:
        for trump in TRUMPS:
            c = TrumpContext(r, level, trump)
            lv = c.level
            fixed = {x for x in r.fixed_trump_ranks if x != lv}
            for f in FACES:
                expect_trump = f.is_joker or f.rank == lv or f.suit == trump or f.rank in fixed
                assert c.is_trump(f) == expect_trump, (level, trump, f)
                assert c.suit_of(f) == ("T" if expect_trump else f.suit)
            for suit in ("T", "S", "H", "D", "C"):
                faces = c.faces_of(suit)
                positions = sorted({c.pos(f) for f in faces})
                assert positions == list(range(len(positions))), (level, trump, suit)
            big, small = Card.parse("BJ"), Card.parse("SJ")
            assert c.pos(big) == c.pos(small) + 1 == max(c.pos(f) for f in c.faces_of("T"))


def test_r_tie_identical_copies_do_not_beat():
    c = ctx()
    assert not c.beats(Card.parse("AH"), Card.parse("AH"))
