"""Odds and hints of 一上一下: p_uniform counted by hand, p_model's model,
the advice and the play hints (R-Y-DOWN, R-Y-UP, R-Y-WIN)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from solver.cards import Card, parse_cards
from solver.yishang import YishangError
from solver.yishang.hints import challenge_costs, challenge_hint, claim_hint, play_hint
from solver.yishang.odds import Model, p_model, p_uniform, unseen_counts
from solver.yishang.ranks import parse_rank
from tests.yishang_helpers import deal

C = Card.parse
R = parse_rank


def _pu(target: str, declared: str, hand: str, seen: str) -> Fraction:
    return p_uniform(R(target), R(declared), unseen_counts(parse_cards(hand), parse_cards(seen)))


def test_p_uniform_hand_counted_seed_target_eight_declared_ten() -> None:
    """R-Y-DOWN: 52 − 7 in hand − 2 seen = 43 unseen cards; one 10 among
    them (10S 10H in hand, 10D seen), so the claim is true in 1 case of 43."""
    assert _pu("8", "10", "10S 10H 3C 4D 5S 6H 7C", "10D 9S") == Fraction(42, 43)


def test_p_uniform_hand_counted_nines() -> None:
    """Three 9s unseen (9S seen) among 43: 40/43."""
    assert _pu("8", "9", "10S 10H 3C 4D 5S 6H 7C", "10D 9S") == Fraction(40, 43)


def test_p_uniform_no_copy_left_is_certain() -> None:
    assert _pu("8", "10", "10S 10H 3C", "10D 10C") == 1


def test_p_uniform_declared_below_target_is_certain() -> None:
    """R-Y-DOWN: a card below the target loses the challenge even if declared truly."""
    assert _pu("8", "7", "3C", "") == 1


def test_p_uniform_declared_equal_target() -> None:
    """Target 8, declared 8; hand holds 8S, seen 8H: two 8s among 52−1−1−… unseen."""
    assert _pu("8", "8", "8S 2C 2D", "8H 2S") == Fraction(45, 47)


def test_p_uniform_small_world() -> None:
    """Everything but three cards is known: 2H, 2S, 3C.  Declared 2 at target A: 2 of 3 are 2s."""
    from solver.yishang.ranks import PACK

    rest = [c for c in PACK if str(c) not in ("2H", "2S", "3C")]
    u = unseen_counts(rest[:10], rest[10:])
    assert p_uniform(R("A"), R("2"), u) == Fraction(1, 3)
    assert p_uniform(R("3"), R("3"), u) == Fraction(2, 3)


def test_unseen_counts_rejects_duplicates_and_jokers() -> None:
    with pytest.raises(YishangError) as err:
        unseen_counts(parse_cards("8S 9S"), parse_cards("8S"))
    assert err.value.code == "yishang.error.duplicate_card"
    with pytest.raises(YishangError) as err:
        unseen_counts(parse_cards("BJ"), [])
    assert err.value.code == "yishang.error.joker"


def test_p_model_hand_computed_two_card_world() -> None:
    """Two unseen cards, a 10 and a 5; the claimer held one of them, target 8,
    declared 10.  P(hold 10) = 1/2 = P(10 is the lowest option) = P(no option);
    E(#options) = 1/2.  With β = 1/4, ε = 0.3, λ = 1/2, μ = 0:
    truth = 3/4 · (0.7 · 1/2 + 0.3 · 1/2) = 0.375;
    π(10) = λ² (1 − λ) / (1 − λ⁸) = 0.125 / (255/256);
    bluff = (1/2 + 1/4 · 1/2) · π(10)."""
    u = [0] * 16
    u[10] = u[5] = 1
    pi = 0.125 / (255 / 256)
    bluff = 0.625 * pi
    expected = bluff / (bluff + 0.375)
    model = Model(off_lowest=0.3, decay=0.5, wild=0.0)
    assert p_model(8, 10, u, 1, bluff_rate=0.25, model=model) == pytest.approx(expected)
    # with μ = 0.3 a bluffer's π(10) gains 0.3/8 from the wild share
    model = Model(off_lowest=0.3, decay=0.5, wild=0.3)
    bluff = 0.625 * (0.7 * pi + 0.3 / 8)
    assert p_model(8, 10, u, 1, bluff_rate=0.25, model=model) == pytest.approx(bluff / (bluff + 0.375))


def test_p_model_certain_cases_and_range() -> None:
    u = unseen_counts(parse_cards("10S 10H 3C"), parse_cards("10D 10C"))
    assert p_model(8, 10, u, 5) == 1.0      # no 10 left
    assert p_model(8, 7, u, 5) == 1.0       # below the target
    u = unseen_counts(parse_cards("3C 4C"), [])
    for d in range(8, 16):
        assert 0.0 < p_model(8, d, u, 6) < 1.0


def test_p_model_uses_behaviour() -> None:
    """More bluffs revealed → more suspicion; a claim far above the target is
    more suspicious than one at the target (honest players declare their
    lowest option); a known card of the declared rank lowers suspicion."""
    u = unseen_counts(parse_cards("3C 4C 5C 6C 7C"), [])
    assert p_model(8, 8, u, 7, bluff_rate=0.6) > p_model(8, 8, u, 7, bluff_rate=0.1)
    assert p_model(8, 14, u, 7) > p_model(8, 9, u, 7) > p_model(8, 8, u, 7) * 0.5
    known = [0] * 16
    known[12] = 1
    assert p_model(8, 12, u, 7, claimer_known=known) < p_model(8, 12, u, 7)
    assert Model().bluff_rate(0, 0) == 0.25 and Model().bluff_rate(10, 0) < 0.25


def test_challenge_costs() -> None:
    """Challenging a 4-card pile at p = 0.8 in a 4-player game:
    (1 − 0.8)·4 − 0.8·4/3 < 0: challenge; a last card makes passing cost the game."""
    ch, ps = challenge_costs(0.8, 4, 5, 4)
    assert ch == pytest.approx(0.2 * 4 - 0.8 * 4 / 3) and ps == 0.0
    ch, ps = challenge_costs(0.3, 4, 0, 4)
    assert ps > ch


def test_challenge_hint_advice() -> None:
    hint = challenge_hint(R("8"), R("10"), parse_cards("10S 10H 3C"), parse_cards("10D 10C"), 5)
    assert hint.advice == "challenge" and hint.p_uniform == 1
    assert hint.explanation[0].msgid == "yishang.hint.challenge.plain_challenge_sure"
    assert hint.explanation[1].msgid == "yishang.hint.challenge.none_left"
    hint = challenge_hint(R("8"), R("7"), parse_cards("3C"), [], 2)
    assert hint.advice == "challenge" and hint.explanation[1].msgid == "yishang.hint.challenge.below_target"
    assert hint.explanation[0].msgid == "yishang.hint.challenge.plain_challenge_sure"
    # a plausible claim at the target on a big pile: pass
    hint = challenge_hint(R("8"), R("8"), parse_cards("3C 4C 5C"), [], 12, claimer_cards=5)
    assert hint.advice == "pass" and 0 < hint.p_model < hint.p_uniform < 1
    # the same claim as a last card: challenge (passing lets them win, R-Y-WIN)
    hint = challenge_hint(R("8"), R("8"), parse_cards("3C 4C 5C"), [], 12, claimer_cards=0)
    assert hint.advice == "challenge"
    assert any(e.msgid == "yishang.hint.challenge.last_card" for e in hint.explanation)


def test_a_challenge_dearer_than_the_pile_says_why() -> None:
    """Close to winning (R-Y-WIN: two cards or fewer), taking the pile
    counts more than its size, so a challenge can cost more cards than the
    pile holds: the hint says so, with the factor it used, and only then."""
    from content.i18n import translate

    near = challenge_hint(R("8"), R("8"), parse_cards("3C 4C"), [], 2, claimer_cards=5)
    assert near.cost_challenge > 2 * (1 - near.p_model) * 1.0  # more than the pile's share
    [e] = [e for e in near.explanation if e.msgid == "yishang.hint.challenge.cost_pile_near"]
    assert e.params["cards"] == 2 and e.params["factor"] == "1.5"
    assert e.params["take"].endswith("% × 2 × 1.5")   # the factor is in the pile's sum
    for lang, word in (("en", "× 1.5: with 2 left"), ("zh-Hans", "× 1.5：你只剩2张"),
                       ("zh-Hant", "× 1.5：你只剩2張")):
        assert word in translate(e.msgid, lang, **e.params)
    far = challenge_hint(R("8"), R("8"), parse_cards("3C 4C 5C"), [], 2, claimer_cards=5)
    assert far.cost_challenge <= 2 * (1 - far.p_model)
    assert all(e.msgid != "yishang.hint.challenge.cost_pile_near" for e in far.explanation)
    assert any(e.msgid == "yishang.hint.challenge.cost_pile" for e in far.explanation)


def test_claim_hint_in_game_sees_face_up_cards() -> None:
    g = deal(["8S KD QC", "10H 6D JD", "9S 5S QH"])
    g.play_up(C("8S"))
    g.play_down(C("10H"), 8)
    hint = claim_hint(g, 2)
    # unseen for player 2: 52 − 3 in hand − 8S face up = 48, three 8s unseen
    assert hint.p_uniform == Fraction(45, 48)


def test_play_hint_face_up() -> None:
    g = deal(["8S KD 4C", "10H 6D JD", "9S 5S QH"])
    h = play_hint(g)
    assert h.face_up and h.card == C("4C") and not h.draws       # target 3: lowest card
    g.play_up(C("KD"))                                           # target K
    g.play_down(C("JD"), 13)
    g.accept()
    h = play_hint(g)                                             # player 2: nothing reaches K
    assert h.card == C("5S") and h.draws and h.explanation[0].msgid == "yishang.hint.up.low_draw"


def test_play_hint_face_up_last_card_wins() -> None:
    g = deal(["9S", "10H 6D", "5S QH"])
    h = play_hint(g)
    assert h.card == C("9S") and h.explanation[0].msgid == "yishang.hint.up.win"


def test_play_hint_face_down_truth_or_bluff() -> None:
    g = deal(["8S KD", "9H 6D JD", "9S 5S QH"])
    g.play_up(C("8S"))
    h = play_hint(g)                                             # player 1 holds a 9 ≥ 8
    assert not h.face_up and h.card == C("9H") and h.declared == 9 and h.risk == 0.0
    g = deal(["AS KD", "9H 6D 4D", "9S 5S QH"])
    g.play_up(C("AS"))
    h = play_hint(g)                                             # nothing reaches A: bluff
    assert h.card == C("4D") and h.declared is not None and h.declared >= 14
    assert 0 < h.risk <= 1 and h.explanation[0].msgid == "yishang.hint.down.bluff"


def test_play_hint_blocks_a_player_about_to_win() -> None:
    """R-Y-WIN: the next player holds one card.  Face up, play your highest
    card (their face-down last card must then be a true claim above it);
    face down, declare 2 (their face-up last card must reach it, or they draw)."""
    g = deal(["4S KD 9C", "10H", "9S 5S QH"])
    h = play_hint(g)
    assert h.face_up and h.card == C("KD") and h.explanation[0].msgid == "yishang.hint.up.block"
    g = deal(["4S KD", "10H 2D 6C", "9S"], first=0)
    g.play_up(C("4S"))
    h = play_hint(g)                              # player 1, face down, player 2 has one card
    assert h.card == C("2D") and h.declared == 15 and h.risk == 0.0
    assert h.explanation[0].msgid == "yishang.hint.down.block"


@pytest.mark.parametrize("lang, words", [("en", "The next player has one card left"),
                                         ("zh-Hans", "下家只剩一张牌"), ("zh-Hant", "下家只剩一張牌")])
def test_the_blocking_hint_names_the_next_player_not_a_number(lang: str, words: str) -> None:
    """The blocked player is always the next one (下家), as the table names
    it; the engine's index (counted from 0) is never read as "player 1"."""
    from content.i18n import translate

    g = deal(["4S KD 9C", "10H", "9S 5S QH"])
    e = play_hint(g).explanation[0]
    text = translate(e.msgid, lang, **e.params)
    assert text.startswith(words) and str(e.params["player"]) not in text
