"""Units: R-PAIR, R-LADDER, R-TRACTOR, R-DECOMPOSE, R-LEAD."""

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.cards import deck, parse_cards
from solver.games import SHENGJI_PRESETS
from solver.units import classify, decompose
from tests.helpers import ctx


def kind(c, text):
    return classify(c, parse_cards(text)).type


def test_r_pair_same_face_only():
    """R-PAIR: ♥5♥5 is a pair; ♥5♦5 is not, even when both are equal trumps."""
    c = ctx("henan", "5", "S")
    assert kind(c, "5H 5H") == "pair"
    assert kind(c, "5H 5D") == "throw"  # two singles of the trump group
    assert kind(ctx(), "5H 5D") == "invalid"  # plain: two suits


@pytest.mark.parametrize("level,trump,text,expected", [
    # seed 001 tractors
    ("6", "S", "5C 5C 7C 7C", "tractor"),        # level 6 removed: ♣55 + ♣77
    ("2", "S", "BJ BJ SJ SJ", "tractor"),        # 对大王 + 对小王
    ("2", "S", "2S 2S 2H 2H", "tractor"),        # 对主级牌 + 对其他级牌
    ("2", "S", "2H 2H AS AS", "tractor"),        # 对其他级牌 + 对主花色A
    ("2", "S", "7C 7C 8C 8C 9C 9C", "tractor"),  # 梅花三连对
    # not tractors
    ("2", "S", "2H 2H 2D 2D", "throw"),          # two other-level pairs share a position
    ("2", "S", "AS AS 2S 2S", "throw"),          # trump A + main level skip a position
    ("2", "S", "7C 7C 9C 9C", "throw"),          # gap
    ("2", "S", "AS AS KS KS", "tractor"),
    ("2", "S", "SJ SJ 2S 2S", "tractor"),        # joker_level_tractor default true
    ("2", None, "SJ SJ 2H 2H", "tractor"),       # no trump: SJ + any level pair
    ("2", None, "2H 2H 2C 2C", "throw"),         # no trump: level cards share one position
    ("A", "H", "KH KH AS AS", "tractor"),        # level A: trump K + other-level A
])
def test_r_tractor_seed001_cases(level, trump, text, expected):
    """R-TRACTOR (seed 001 连对 examples and the RULES.md consequences)."""
    assert kind(ctx("henan", level, trump), text) == expected


def test_r_tractor_option_level_gap_bridges_false():
    """R-TRACTOR option level_gap_bridges=false: a removed rank breaks the run."""
    assert kind(ctx("henan", "6", "S", level_gap_bridges=False), "5C 5C 7C 7C") == "throw"
    assert kind(ctx("henan", "6", "S", level_gap_bridges=False), "7C 7C 8C 8C") == "tractor"
    # wusaner: 4 and 6 around the fixed 5
    assert kind(ctx("wusaner", "9", "S"), "4H 4H 6H 6H") == "tractor"
    assert kind(ctx("wusaner", "9", "S", level_gap_bridges=False), "4H 4H 6H 6H") == "throw"


def test_r_tractor_option_joker_level_tractor_false():
    """R-TRACTOR option joker_level_tractor=false: SJ pairs never chain with level pairs."""
    assert kind(ctx("henan", "2", "S", joker_level_tractor=False), "SJ SJ 2S 2S") == "throw"
    assert kind(ctx("henan", "2", None, joker_level_tractor=False), "SJ SJ 2S 2S") == "throw"
    assert kind(ctx("henan", "2", "S", joker_level_tractor=False), "BJ BJ SJ SJ") == "tractor"


def test_r_tractor_wusaner_fixed_ranks_chain():
    """R-LADDER wusaner: trump-suit 5 above the other 5s, then 3s: adjacent positions chain."""
    c = ctx("wusaner", "9", "H")
    assert kind(c, "5H 5H 5S 5S") == "tractor"
    assert kind(c, "5S 5S 3H 3H") == "tractor"
    assert kind(c, "5S 5S 5C 5C") == "throw"


def test_r_decompose_layers_keep_longest_tractor():
    """R-DECOMPOSE: one pair per position first, so ♠2♠2 ♥2♥2 ♦2♦2 AS AS (level 2, trump ♠)
    gives the tractor 2S2S-2H2H-ASAS... and the ♦2 pair left over."""
    c = ctx("henan", "2", "S")
    units = decompose(c, parse_cards("2S 2S 2H 2H 2D 2D AS AS"))
    assert [(u.kind, u.length) for u in units] == [("tractor", 3), ("pair", 1)]
    assert {str(x) for x in units[0].cards} >= {"2S", "AS"}


def test_r_lead_types():
    """R-LEAD: one unit → single/pair/tractor; several → throw; mixed suits → invalid."""
    c = ctx("henan", "2", "S")
    assert kind(c, "AH") == "single"
    assert kind(c, "AH AH") == "pair"
    assert kind(c, "AH KH KH") == "throw"
    assert kind(c, "AH KD") == "invalid"
    assert kind(c, "AS 2H BJ") == "throw"  # all trumps: one effective suit
    cl = classify(c, parse_cards("QH QH JH JH 9H 9H 7H"))
    assert cl.type == "throw" and cl.pairs == 3
    assert [u.kind for u in cl.units] == ["tractor", "pair", "single"]
    assert classify(c, []).type == "invalid"


hands = st.lists(st.sampled_from(sorted(set(deck()), key=lambda x: x.index)), max_size=30).filter(
    lambda cs: max(Counter(cs).values(), default=0) <= 2)


@given(hands, st.sampled_from(SHENGJI_PRESETS), st.sampled_from(["2", "5", "6", "A"]),
       st.sampled_from(["S", "H", None]), st.randoms())
def test_r_decompose_covers_every_card_once_independent_of_order(cards, rules, level, trump, rnd):
    """R-DECOMPOSE properties: every card in exactly one unit; same units in any input order;
    each unit is what it claims (pairs of one face, consecutive positions, one suit)."""
    c = ctx(rules, level, trump)
    units = decompose(c, cards)
    assert Counter(x for u in units for x in u.cards) == Counter(cards)
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert decompose(c, shuffled) == units
    for u in units:
        assert {c.suit_of(x) for x in u.cards} == {u.suit}
        if u.kind != "single":
            pairs = [u.cards[i:i + 2] for i in range(0, len(u.cards), 2)]
            assert all(a == b for a, b in pairs)
            pos = [c.pos(p[0]) for p in pairs]
            assert pos == list(range(pos[0], pos[0] - len(pos), -1))


@given(hands, st.sampled_from(SHENGJI_PRESETS))
def test_classify_format_round_trip(cards, rules):
    """classify → units → formatted cards parse back to the same units (R-LEAD)."""
    c = ctx(rules, "2", "H")
    cl = classify(c, cards)
    for u in cl.units:
        assert tuple(parse_cards(u.to_json()["cards"])) == u.cards
    again = classify(c, [x for u in cl.units for x in parse_cards(u.to_json()["cards"])])
    assert again == cl


def test_decompose_random_full_hands_smoke():
    rng = random.Random(7)
    pack = deck()
    for _ in range(200):
        rng.shuffle(pack)
        c = ctx(rng.choice(SHENGJI_PRESETS), rng.choice(["2", "5", "A"]), rng.choice(["S", None]))
        hand = pack[:25]
        assert sum(len(u.cards) for u in decompose(c, hand)) == 25
