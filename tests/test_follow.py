"""Follow legality (R-FOLLOW 1-4, R-W-FOLLOW, R-FORCED) and the generator.

Vectors cite the rule (R-ID) or the seed example they come from; the
properties compare the generator with a brute force over sub-multisets.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.cards import format_cards, parse_cards
from solver.errors import InvalidCardsError
from solver.follow import explain_follow, is_legal_follow
from solver.generator import always_cards, count_legal_follows, legal_follows
from solver.generator import is_legal_follow as gen_is_legal
from tests.legal_gen import PRESETS, context, positions, random_position, sub_multisets


def P(text: str):  # noqa: N802
    return parse_cards(text)


def codes(ctx, lead, hand, play):
    return [r.code for r in explain_follow(ctx, P(lead), P(hand), P(play))]


def follows(ctx, lead, hand):
    return sorted(format_cards(ctx.sorted(f)) for f in legal_follows(ctx, P(lead), P(hand)))


HENAN = context("henan", 2, "S")
WUSANER = context("wusaner", 14, "H")   # level A, hearts trump


# -- R-FOLLOW rule 1: suit ------------------------------------------------------

def test_r_follow_1_single_must_follow_suit_seed001():
    """Seed 001 出牌 1 (single): a plain single is followed in its suit."""
    assert codes(HENAN, "AH", "3H 4D", "4D") == ["follow.suit"]
    assert codes(HENAN, "AH", "3H 4D", "3H") == []


def test_r_follow_1_void_may_discard_or_ruff_seed004():
    """Seed 004 贴 / 毙: void in the led plain suit, any card (discard or trump ruff)."""
    assert follows(HENAN, "AH", "4D 5S 6C") == ["4D", "5S", "6C"]


def test_r_follow_1_trump_lead_must_follow_trump_seed001():
    """Seed 001 出牌 5 (吊主): trumps must follow a trump lead; level cards are trumps."""
    assert codes(HENAN, "AS", "2H 4D", "4D") == ["follow.suit"]
    assert follows(HENAN, "AS", "2H 4D") == ["2H"]


def test_r_follow_1_short_suit_plays_all_then_free():
    """R-FOLLOW 1: fewer suit cards than the lead → all of them, then any other cards."""
    assert follows(HENAN, "AH AH", "3H 4D 5C") == ["3H 4D", "3H 5C"]
    assert codes(HENAN, "AH AH", "3H 4D 5C", "4D 5C") == ["follow.suit"]


def test_r_follow_count_and_not_in_hand():
    """R-FOLLOW: as many cards as the lead, from the hand."""
    assert codes(HENAN, "AH AH", "3H 4H 5C", "3H") == ["follow.count"]
    assert codes(HENAN, "AH AH", "3H 4H 5C", "3H 6H") == ["follow.not_in_hand"]


def test_a_second_copy_you_do_not_hold_is_said_as_such():
    """R-FOLLOW, R-LEAD (two packs, R-DECK): playing two ♠5 from a hand with
    one is told as "you hold only one ♠5", not "not in your hand: ♠5" (a walk
    read that as wrong); a card not held at all is still told as not held,
    and before a missing second copy."""
    from content.i18n import translate
    from solver.position import Position

    assert codes(HENAN, "KS KS", "5S KH 3C", "5S 5S") == ["follow.one_copy"]
    assert codes(HENAN, "KS KS 3S 3S", "5S 7S KH 3C", "5S 5S 7S 7S") == ["follow.one_copy_each"]
    assert codes(HENAN, "KS KS", "5S KH 3C", "5S 6S") == ["follow.not_in_hand"]
    pos = Position(HENAN, [parse_cards("5S KS 3C"), None, None, None], dealer=0, leader=0, viewer=0)
    [why] = pos.explain(parse_cards("5S 5S"))
    assert why.code == "follow.one_copy" and why.rule == "R-LEAD"
    for lang, want in (("en", "You hold only one ♠5."), ("zh-Hans", "♠5你只有一张。")):
        from tutor.tui.widgets.cards import display_params
        assert translate(why.msgid, lang, **display_params(why.params, "glyphs", lang)) == want


# -- R-FOLLOW rule 2: pairs ----------------------------------------------------------

def test_r_follow_2_pair_must_follow_pair_contract_example():
    """CONTRACT.md's example: 10H10H led, 9H9H held → 3H 9H breaks R-FOLLOW 2."""
    assert codes(HENAN, "10H 10H", "9H 9H 3H 4D 5S", "3H 9H") == ["follow.pairs"]
    assert follows(HENAN, "10H 10H", "9H 9H 3H 4D 5S") == ["9H 9H"]


def test_r_follow_2_no_pair_follow_singles_seed004_suipai():
    """Seed 004 随牌: a plain pair with no pair in that suit → any cards of that suit."""
    assert follows(WUSANER, "KS KS", "QS JS 9S 4D") == ["9S JS", "9S QS", "JS QS"] or \
        follows(WUSANER, "KS KS", "QS JS 9S 4D") == sorted(["QS JS", "QS 9S", "JS 9S"])
    assert count_legal_follows(WUSANER, P("KS KS"), P("QS JS 9S 4D")) == 3


def test_r_follow_2_pairs_need_not_be_adjacent_or_same_position():
    """R-FOLLOW 2: pairs counted per face, adjacent or not; the throw sums its units."""
    # Throw AH AH KH (pair + single); held pairs 9H9H, 4H4H: one pair needed.
    assert codes(HENAN, "AH AH KH", "9H 9H 4H 4H 3H", "9H 4H 3H") == ["follow.pairs"]
    assert codes(HENAN, "AH AH KH", "9H 9H 4H 4H 3H", "4H 4H 3H") == []
    # Two pairs led by a throw, only one held: that one.
    assert codes(HENAN, "AH AH QH QH", "9H 9H 8H 6H 5D", "9H 9H 8H 6H") == []


def test_r_follow_2_trump_pair_with_level_cards():
    """R-PAIR: 2H2D are equal trumps but no pair; a trump pair lead with 2H2H held."""
    assert codes(HENAN, "AS AS", "2H 2H 2D 3S", "2H 2D") == ["follow.pairs"]
    assert codes(HENAN, "AS AS", "2H 2H 2D 3S", "2H 2H") == []


# -- R-FOLLOW rule 3: tractors -----------------------------------------------------

def test_r_follow_3_tractor_must_follow_tractor_seed001():
    """Seed 001 出牌 3 (连对): a tractor is followed by a tractor when held."""
    lead, hand = "AH AH KH KH", "9H 9H 8H 8H 5H 5H 3H"
    assert codes(HENAN, lead, hand, "9H 9H 5H 5H") == ["follow.tractor"]
    assert follows(HENAN, lead, hand) == ["9H 9H 8H 8H"]


def test_r_follow_3_cut_of_longer_tractor_counts():
    """R-FOLLOW 3: a cut of a longer held tractor satisfies the obligation."""
    lead, hand = "AH AH KH KH", "9H 9H 8H 8H 7H 7H 3H"
    assert follows(HENAN, lead, hand) == ["8H 8H 7H 7H", "9H 9H 8H 8H"]


def test_r_follow_3_no_tractor_then_pairs_then_singles_seed001():
    """Seed 001 出牌 3: no tractor → pairs; no pairs → singles of the suit."""
    lead = "AH AH KH KH"
    assert follows(HENAN, lead, "9H 9H 6H 6H 3H 4D") == ["9H 9H 6H 6H"]
    assert follows(HENAN, lead, "9H 9H 6H 4H 3H 4D") == ["9H 9H 4H 3H", "9H 9H 6H 3H",
                                                         "9H 9H 6H 4H"]


def test_r_follow_3_tractor_across_level_gap_seed001():
    """R-TRACTOR (seed 001): at level 6, 5C5C7C7C is a tractor, so it must follow a club tractor."""
    ctx = context("henan", 6, "S")
    assert codes(ctx, "9C 9C 8C 8C", "5C 5C 7C 7C 3C 3C", "5C 5C 3C 3C") == ["follow.tractor"]
    assert follows(ctx, "9C 9C 8C 8C", "5C 5C 7C 7C 3C 3C") == ["7C 7C 5C 5C"]


def test_r_follow_3_strict_off_only_pairs():
    """Option strict_tractor_follow=false: only R-FOLLOW 2 (any two pairs)."""
    ctx = context("henan", 2, "S", strict_tractor_follow=False)
    assert codes(ctx, "AH AH KH KH", "9H 9H 8H 8H 5H 5H", "9H 9H 5H 5H") == []


def test_r_follow_3_partial_tractor_follow_option():
    """Option partial_tractor_follow (true in henan): only a shorter tractor
    held → the longest must be played; off (tractor's default) only pairs."""
    lead, hand = "AH AH KH KH QH QH", "9H 9H 8H 8H 5H 5H 3H 3H 4H"
    off = context("henan", 2, "S", partial_tractor_follow=False)
    assert codes(off, lead, hand, "9H 9H 5H 5H 3H 3H") == []        # pairs only
    assert count_legal_follows(off, P(lead), P(hand)) == 4
    assert codes(HENAN, lead, hand, "9H 9H 5H 5H 3H 3H") == ["follow.tractor_partial"]
    assert codes(HENAN, lead, hand, "9H 9H 8H 8H 5H 5H") == []
    assert count_legal_follows(HENAN, P(lead), P(hand)) == 2   # 9988 + 55 or 33
    assert not context("tractor", 2, "S").rules.partial_tractor_follow


def test_r_follow_3_henan_longest_shorter_tractor_issue16_seed001():
    """Seed 001 有连对必须跟连对, R-FOLLOW 3 in henan: lead ♥33 44 55 (level 2,
    ♠ trump) into ♥77 88 JJ KK: ♥77 JJ KK is illegal, the ♥77 88 tractor
    must be played; the generator, the explanation and CP-SAT agree."""
    from solver import cpsat

    lead, hand = "3H 3H 4H 4H 5H 5H", "7H 7H 8H 8H JH JH KH KH"
    bad = "7H 7H JH JH KH KH"
    reasons = explain_follow(HENAN, P(lead), P(hand), P(bad))
    assert [r.code for r in reasons] == ["follow.tractor_partial"]
    assert reasons[0].rule == "R-FOLLOW" and reasons[0].params["cards"] == "8H 8H 7H 7H"
    assert not gen_is_legal(HENAN, P(lead), P(hand), P(bad))
    assert not cpsat.follow_is_legal(HENAN, P(lead), P(hand), P(bad))
    assert follows(HENAN, lead, hand) == ["JH JH 8H 8H 7H 7H", "KH KH 8H 8H 7H 7H"]
    assert cpsat.follow_count(HENAN, P(lead), P(hand)).count == 2


def test_r_follow_3_throws_only_rule_2():
    """R-FOLLOW 3: a throw holding a tractor only obliges pairs (rule 2)."""
    lead = "AH AH KH KH 10H"
    assert codes(HENAN, lead, "9H 9H 8H 8H 5H 5H 3H", "9H 9H 5H 5H 3H") == []


# -- R-FOLLOW rule 4 / R-W-FOLLOW -------------------------------------------------

def test_r_w_follow_trump_pair_no_trump_pair_highest_seed004():
    """Seed 004: a trump pair led, no trump pair held → the highest trumps."""
    # wusaner, level A, trump hearts: BJ > SJ > AH > A(other) > 5H > 5x > 3H > 3x > 2H > 2x > KH...
    hand = "SJ 5D 3C 9H 4S 6S"
    assert follows(WUSANER, "BJ BJ", hand) == ["SJ 5D"]
    reasons = explain_follow(WUSANER, P("BJ BJ"), P(hand), P("5D 9H"))
    assert [(r.rule, r.code) for r in reasons] == [("R-W-FOLLOW", "follow.trump_pair_highest")]
    assert reasons[0].params["cards"] == "SJ 5D"


def test_r_w_follow_equal_trumps_interchangeable():
    """R-W-FOLLOW: equal trumps (off-suit fixed 5s) are interchangeable."""
    hand = "5D 5C 5S 9H 4S"
    assert follows(WUSANER, "KH KH", hand) == ["5C 5D", "5D 5S", "5S 5C"] or \
        count_legal_follows(WUSANER, P("KH KH"), P(hand)) == 3
    assert count_legal_follows(WUSANER, P("KH KH"), P(hand)) == 3
    assert always_cards(WUSANER, P("KH KH"), P(hand)) == []


def test_r_w_follow_one_trump_then_free():
    """R-W-FOLLOW: fewer trumps than the lead → all of them, then anything."""
    assert follows(WUSANER, "KH KH", "9H 4S 6S") == ["9H 4S", "9H 6S"]


def test_r_w_follow_with_trump_pair_plays_a_pair():
    """R-W-FOLLOW applies only without a trump pair; with one, R-FOLLOW 2."""
    assert follows(WUSANER, "KH KH", "SJ 9H 9H 4S") == ["9H 9H"]


def test_r_w_follow_not_for_plain_pairs_or_option_off():
    """A plain pair (seed 004) or the option off (henan): any suit cards."""
    assert count_legal_follows(WUSANER, P("KS KS"), P("QS 4S 9S")) == 3
    assert count_legal_follows(HENAN, P("AS AS"), P("BJ 4S 9S")) == 3


def test_r_w_follow_not_for_trump_tractor():
    """R-W-FOLLOW is for exactly one trump pair, not trump tractors."""
    assert count_legal_follows(WUSANER, P("KH KH QH QH"), P("BJ SJ 9H 8H 7H")) == 5


# -- R-FORCED --------------------------------------------------------------------

def test_r_forced_copies_identified_faces_distinct():
    """R-FORCED: copies of a face count once; ♠2 and ♦2 are different faces."""
    # henan level 2, trump spades: void in hearts, discards from 4D 4D 5C.
    assert follows(HENAN, "AH", "4D 4D 5C") == ["4D", "5C"]
    assert follows(HENAN, "AS", "2H 2D") == ["2D", "2H"]


def test_r_forced_always_cards():
    """R-FORCED: always = the faces in every legal follow."""
    ctx = HENAN
    assert format_cards(always_cards(ctx, P("AH AH KH"), P("9H 9H 4H 3D"))) == "9H 9H 4H"
    assert count_legal_follows(ctx, P("AH AH KH"), P("9H 9H 4H 3D")) == 1


def test_bad_lead_and_small_hand_are_errors():
    with pytest.raises(InvalidCardsError):
        explain_follow(HENAN, P("AH AD"), P("3H 4H"), P("3H 4H"))
    with pytest.raises(InvalidCardsError):
        explain_follow(HENAN, P("AH AH"), P("3H"), P("3H"))


# -- properties ---------------------------------------------------------------

@pytest.mark.parametrize("name", PRESETS)
def test_legal_follow_always_exists_r_follow(name):
    """R-FOLLOW: a legal follow always exists (seeded positions of every kind)."""
    for pos in positions(11, name, 300):
        assert count_legal_follows(pos.ctx, pos.lead, pos.hand) >= 1
        first = next(legal_follows(pos.ctx, pos.lead, pos.hand))
        assert is_legal_follow(pos.ctx, pos.lead, pos.hand, first)


@settings(max_examples=150)
@given(seed=st.integers(0, 10**9), name=st.sampled_from(PRESETS))
def test_generated_follows_are_exactly_the_legal_ones(seed, name):
    """R-FOLLOW / R-FORCED: on small hands the generator yields exactly the
    sub-multisets that satisfy every obligation, each once; count and always agree."""
    rng = random.Random(seed)
    pos = random_position(rng, name, max_hand=11)
    ctx, lead, hand = pos.ctx, pos.lead, pos.hand
    brute = {tuple(sorted(c.index for c in p)) for p in sub_multisets(hand, len(lead))
             if not explain_follow(ctx, lead, hand, p)}
    gen = [tuple(sorted(c.index for c in p)) for p in legal_follows(ctx, lead, hand)]
    assert len(gen) == len(set(gen))
    assert set(gen) == brute
    assert count_legal_follows(ctx, lead, hand) == len(brute)
    assert brute, "a legal follow always exists"
    common = None
    for p in brute:
        c = Counter(p)
        common = c if common is None else common & c
    assert sorted(c.index for c in always_cards(ctx, lead, hand)) == sorted(common.elements())
    for p in sub_multisets(hand, len(lead)):
        key = tuple(sorted(c.index for c in p))
        assert gen_is_legal(ctx, lead, hand, p) == (key in brute)


def test_seed004_bi_ruff_pair_needs_trump_pair_and_tie_discards_lose():
    """Seed 004 毙/贴 with R-COVER: void in a plain pair's suit, two trump
    singles (even BJ + SJ) do not beat the pair; a trump pair does; a
    discarded plain pair never wins."""
    from solver.trick import trick_winner

    lead = P("4C 4C")   # wusaner, level A, hearts trump: a plain pair
    assert trick_winner(WUSANER, [lead, P("BJ SJ"), P("6S 7S"), P("8D 9D")]) == 0
    assert trick_winner(WUSANER, [lead, P("4D 4D"), P("KH KH"), P("8D 9D")]) == 2
    assert trick_winner(WUSANER, [lead, P("KS KS"), P("6S 7S"), P("8D 9D")]) == 0
    # Both follows are legal for a void player (R-FOLLOW 1: any cards).
    assert codes(WUSANER, "4S 4S", "BJ SJ 6C", "BJ SJ") == []
    assert codes(WUSANER, "4S 4S", "BJ SJ 6C", "SJ 6C") == []


def test_reason_params_name_the_obligation():
    """Reasons carry the cards that create the obligation and the numbers (R-FOLLOW 1-3)."""
    r = explain_follow(HENAN, P("AH AH KH KH"), P("9H 9H 8H 8H 5H 4D"), P("9H 5H 4D 8H"))
    by = {x.code: x for x in r}
    assert set(by) == {"follow.suit", "follow.pairs", "follow.tractor"}
    assert by["follow.suit"].params["need"] == 4 and by["follow.suit"].params["played"] == 3
    assert by["follow.pairs"].params["cards"] == "9H 9H 8H 8H"
    assert by["follow.tractor"].params["cards"] == "9H 9H 8H 8H"
    assert all(x.rule == "R-FOLLOW" for x in r)


def test_r_follow_3_henan_hint_offers_only_the_longest_tractor_follows():
    """R-FOLLOW 3 in henan (issue 16's position): the hint engine lists only
    follows that contain the ♥77 88 tractor."""
    from solver.position import Position
    from solver.search.hint import hint

    pos = Position.from_json({
        "rules": "henan", "level": "2", "trump": "S", "options": {},
        "hands": ["AH AH QH QH 9H 9H 6C 6C", "3C 4C", "7H 7H 8H 8H JH JH KH KH",
                  "10H 10H 6H 6H 9C 9C 10C 10C"],
        "dealer": 0, "leader": 1, "trick": ["3H 3H 4H 4H 5H 5H"], "attacker_points": 0,
        "kitty": "", "played": ""})
    h = hint(pos, budget=5)
    plays = sorted(format_cards(HENAN.sorted(p)) for p, _v in h.alternatives)
    assert plays == ["JH JH 8H 8H 7H 7H", "KH KH 8H 8H 7H 7H"]


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), name=st.sampled_from(["henan", "wusaner", "tractor"]))
def test_a_forced_follow_says_what_pins_it(seed: int, name: str) -> None:
    """R-FOLLOW / R-W-FOLLOW: when one follow is legal, ``forcing_reasons``
    names the obligation that pins it, and every card it names is in that
    follow (the reason a quiz and the command line give is the engine's)."""
    from solver.follow import forcing_reasons
    from tests.legal_gen import random_position

    pos = random_position(random.Random(seed), name, max_hand=8)
    if count_legal_follows(pos.ctx, pos.lead, pos.hand) != 1:
        return
    play = Counter(next(iter(legal_follows(pos.ctx, pos.lead, pos.hand))))
    reasons = forcing_reasons(pos.ctx, pos.lead, pos.hand)
    assert reasons, (format_cards(pos.lead), format_cards(pos.hand))
    for r in reasons:
        assert r.rule in ("R-FOLLOW", "R-W-FOLLOW")
        named = Counter(parse_cards(r.params["cards"])) if r.params.get("cards") else Counter()
        if r.code.startswith("follow.must_copies"):  # the copies held: one face, the one played
            assert set(named) == set(play), (format_cards(pos.lead), format_cards(pos.hand))
        else:
            assert not named - play, (r.code, format_cards(pos.lead), format_cards(pos.hand))


@pytest.mark.parametrize("lead, hand, code", [
    ("6D 6D", "8H 3S 4C 9C 7D", "follow.trump_pair_highest"),  # wusaner, level 4, ♦ trump
])
def test_the_wusaner_forced_trump_pair_names_the_fallback(lead: str, hand: str, code: str) -> None:
    """The learner walk's 五三二 quiz: ♦6♦6 led, no trump pair held: the
    only follow is the two highest trumps (R-W-FOLLOW), and the reason says so."""
    from solver.follow import forcing_reasons
    from solver.rules import preset
    from solver.trump import TrumpContext

    ctx = TrumpContext(preset("wusaner"), level=4, trump="D")
    [r] = forcing_reasons(ctx, parse_cards(lead), parse_cards(hand))
    assert r.code == code and r.rule == "R-W-FOLLOW" and r.params["cards"] == "4C 3S"


@pytest.mark.parametrize("lang,word", [("en", "Trumps here, not spades ♠: 5S."),
                                       ("zh-Hant", "5S在這裡是主牌，不算黑桃 ♠。")])
def test_a_broken_follow_names_the_suits_cards_that_are_trumps(lang, word):
    """R-GROUP / R-FOLLOW (seed 004: every 5, 3 and 2 is a trump): following
    ♠K with ♠5 while holding spades was refused with "your play has 0 of
    them" and no word on why ♠5 is no spade (the walk of 2026-12-03).  The
    reason names the trumps among the cards of the suit's letter."""
    from checks.legal import reason_message
    from content.i18n import set_language
    from solver.cards import parse_cards
    from solver.follow import explain_follow
    from solver.rules import preset
    from solver.trump import TrumpContext

    ctx = TrumpContext(preset("wusaner"), "A", "H")
    (r, *_rest) = explain_follow(ctx, parse_cards("KS"), parse_cards("9S 7S 4S 5S AH"), parse_cards("5S"))
    assert r.code == "follow.suit" and r.params["trumps"] == "5S" and r.params["played"] == 0
    set_language(lang)
    try:
        assert reason_message(r).endswith(word)
        # a plain wrong suit names no trump
        (plain, *_x) = explain_follow(ctx, parse_cards("KS"), parse_cards("9S 7S 4S 5S AH"), parse_cards("AH"))
        assert plain.params["trumps"] == "" and "trump" not in reason_message(plain).replace("trumps", "")
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "said", "not_said"), [
    ("zh-Hans", "首家出的牌里有对子", "首家出了对子"),
    ("zh-Hant", "首家出的牌裡有對子", "首家出了對子"),
])
def test_a_pair_owed_to_a_throw_is_said_of_the_lead_not_as_the_lead(lang: str, said: str,
                                                                   not_said: str) -> None:
    """R-FOLLOW 2: a throw of a pair and a single (♥A ♥A ♥K) owes a pair to a
    follower holding exactly one (♥9 ♥9 among four hearts).  The reason
    says the lead holds a pair; it said "首家出了对子" (the leader played a
    pair), true only of half the lead (session 35's walk)."""
    from content.i18n import _, get_language, set_language, suit_named
    from solver.follow import forcing_reasons
    from solver.rules import preset
    from solver.trump import TrumpContext

    ctx = TrumpContext(preset("tractor"), level=2, trump="S")
    reasons = forcing_reasons(ctx, parse_cards("AH AH KH"), parse_cards("9H 9H 7H 6H 3S"))
    assert [r.code for r in reasons] == ["follow.must_pairs"]
    before = get_language()
    set_language(lang)
    try:
        text = _(reasons[0].msgid, **suit_named(reasons[0].params))
    finally:
        set_language(before)
    assert said in text and not_said not in text
