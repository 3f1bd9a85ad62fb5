"""Card notation (CONTRACT.md) and the pack (R-DECK, R-POINTS)."""

import re
import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.cards import (FACES, Card, card_id, card_of_id, deck, deck_ids, format_cards, parse_cards,
                          points)
from solver.errors import CardParseError, InvalidCardsError


def test_r_deck_108_cards_each_face_twice_distinct_ids():
    """R-DECK: two decks plus 2 BJ and 2 SJ; two copies per face with distinct ids."""
    pack = deck()
    assert len(pack) == 108
    assert len(set(pack)) == 54
    ids = deck_ids()
    assert len(ids) == len(set(ids)) == 108
    assert all(card_of_id(i) == c for i, c in zip(ids, pack))
    assert card_id(Card.parse("BJ"), 0) != card_id(Card.parse("BJ"), 1)


def test_r_points_deck_holds_200():
    """R-POINTS: 5 = 5, 10 = 10, K = 10; 200 in the two-deck pack."""
    assert points(deck()) == 200
    assert [Card.parse(t).points for t in ("5H", "10S", "KD", "AH", "BJ", "2C")] == [5, 10, 10, 0, 0, 0]


@pytest.mark.parametrize("token,expected", [
    ("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("JS", "JS"), ("ac", "AC"), ("5D", "5D"),
    ("BJ", "BJ"), ("sj", "SJ"), ("♥10", "10H"), ("10♥", "10H"), ("♠A", "AS"), ("大王", "BJ"),
    ("小王", "SJ"), ("H10", "10H"),
])
def test_contract_notation_accepts(token, expected):
    """CONTRACT.md card notation: rank then suit, T for ten, glyphs either side, 大王/小王."""
    assert str(Card.parse(token)) == expected


@pytest.mark.parametrize("token", ["1H", "11H", "10X", "B", "JJ", "", "ZZ", "0S", "♥", "1X"])
def test_contract_notation_rejects(token):
    with pytest.raises(CardParseError) as err:
        Card.parse(token)
    assert err.value.code == "error.card.bad_token"


def test_card_list_separators_and_output_form():
    assert format_cards(parse_cards("10H,10h  JS，BJ")) == "10H 10H JS BJ"


def test_more_than_two_copies_rejected():
    with pytest.raises(InvalidCardsError) as err:
        parse_cards("5H 5H 5H")
    assert err.value.params["card"] == "5H"


@given(st.lists(st.sampled_from(FACES), max_size=20))
def test_format_parse_round_trip(cards):
    """Every face formats to the ASCII form and parses back (also through repr)."""
    assert parse_cards(format_cards(cards), max_copies=None) == cards
    for c in cards:
        assert eval(repr(c), {"Card": Card}) == c


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_bad_card_message_examples_survive_the_screen(lang):
    """The Play and puzzle screens draw card codes in engine text as suit
    glyphs; the bad-card message's examples used to become "如♥10、♠J、大王"
    right after "先写点数再写花色" (rank first), which ♥10 contradicts.  Its
    examples are written so the screen leaves them as typed, and each one
    parses as a card (CONTRACT.md notation, case-insensitive)."""
    from content.i18n import _, get_language, set_language
    from tutor.tui.widgets.cards import style_card_tokens
    before = get_language()
    set_language(lang)
    try:
        text = _("error.card.bad_token", token="xq")
    finally:
        set_language(before)
    assert style_card_tokens(text, "glyphs", lang) == text
    examples = re.findall(r"(?<![0-9A-Za-z])(?:10|[2-9jqka])[shdc](?![A-Za-z])|(?<![A-Za-z])[bs]j(?![A-Za-z])", text)
    assert len(examples) >= 3, text
    for e in examples:
        assert len(parse_cards(e)) == 1
