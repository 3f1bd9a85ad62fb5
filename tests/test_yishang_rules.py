"""一上一下 rules (RULES.md R-Y-*) and the examples and disputes of seed 000."""

from __future__ import annotations

import pytest

from solver.cards import Card, parse_cards
from solver.yishang import CHALLENGE, OVER, PLAY, Game, IllegalActionError, YishangError
from solver.yishang.ranks import PACK, parse_rank, rank_name, yrank
from tests.yishang_helpers import deal

C = Card.parse


# ---------------------------------------------------------------- R-Y-SETUP
@pytest.mark.parametrize("players", [2, 3, 4])
def test_r_y_setup_52_cards_seven_each_rest_draw_pile(players: int) -> None:
    g = Game(players, seed=11)
    assert [g.hand_size(p) for p in range(players)] == [7] * players
    assert g.draw_size == 52 - 7 * players
    cards = [c for p in range(players) for c in g.hand(p)] + parse_cards(g.log[-1]["draw"])
    assert sorted(cards, key=lambda c: c.index) == list(PACK)
    assert not any(c.is_joker for c in cards)


@pytest.mark.parametrize("players", [1, 5, 0])
def test_r_y_setup_two_to_four_players(players: int) -> None:
    with pytest.raises(YishangError) as err:
        Game(players, seed=1)
    assert err.value.code == "yishang.error.players"


def test_r_y_setup_rank_order_two_highest_suits_irrelevant() -> None:
    order = [rank_name(r) for r in sorted({yrank(c) for c in PACK})]
    assert order == ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    assert yrank(C("2C")) > yrank(C("AS")) > yrank(C("KH"))
    assert yrank(C("7S")) == yrank(C("7H")) == yrank(C("7D")) == yrank(C("7C"))
    assert parse_rank("10") == parse_rank("T") == 10
    with pytest.raises(YishangError):
        parse_rank("11")


def test_r_y_setup_cut_highest_starts_ties_cut_again() -> None:
    """R-Y-SETUP: the highest cut starts; ties among the highest cut again."""
    tied = 0
    for seed in range(300):
        g = Game(4, seed=seed)
        cuts = [r["cards"] for r in g.log if r["op"] == "cut"]
        for before, after in zip(cuts, cuts[1:]):
            best = max(yrank(C(c)) for c in before if c is not None)
            top = [p for p, c in enumerate(before) if c is not None and yrank(C(c)) == best]
            assert len(top) >= 2
            assert [p for p, c in enumerate(after) if c is not None] == top
            tied += 1
        last = cuts[-1]
        best = max(yrank(C(c)) for c in last if c is not None)
        winners = [p for p, c in enumerate(last) if c is not None and yrank(C(c)) == best]
        assert winners == [g.first] and g.turn == g.first
    assert tied > 10   # ties do happen and are cut again


def test_r_y_setup_seeded_deterministic() -> None:
    assert Game(3, seed=5).log == Game(3, seed=5).log
    assert Game(3, seed=5).log != Game(3, seed=6).log


# ----------------------------------------------------------------- R-Y-FACE
def test_r_y_face_alternates_starting_face_up() -> None:
    g = deal(["8S 9S", "10S JS", "QS KS"])
    assert g.face_up and g.turn == 0
    g.play_up(C("8S"))
    assert not g.face_up and g.turn == 1
    assert not g.can_play_up(C("10S")) and g.can_play_down(C("10S"), 10)
    with pytest.raises(IllegalActionError) as err:
        g.verify_play_up(C("10S"))
    assert err.value.code == "yishang.error.must_play_down" and err.value.params["rule"] == "R-Y-FACE"
    g.play_down(C("10S"), 10)
    g.accept()
    assert g.face_up and g.turn == 2
    with pytest.raises(IllegalActionError) as err:
        g.play_down(C("QS"), 12)
    assert err.value.code == "yishang.error.must_play_up"


def test_r_y_face_drawing_does_not_change_orientation() -> None:
    """R-Y-FACE: a draw is not a play; only the established play flips the face."""
    g = deal(["8S 2H", "10S 3S 3H", "4S 5S"])
    g.play_up(C("8S"))
    g.play_down(C("10S"), 10)
    g.accept()
    size = g.hand_size(2)
    g.play_up(C("4S"))                    # below 10: draws
    assert g.hand_size(2) == size         # one out, one drawn
    assert not g.face_up and g.turn == 0  # flipped once, by the play


def test_r_y_face_after_pickup_face_up_dispute_orientation() -> None:
    """Seed dispute: after a pile is taken the next play is face up, whatever
    the last card was; the taker leads."""
    for success in (True, False):
        g = deal(["8S 2H 5D", "10S 7S 3H", "4S 5S 6C"])
        g.play_up(C("8S"))
        g.play_down(C("7S") if success else C("10S"), 10)
        g.challenge(2)
        taker = 1 if success else 2
        assert g.face_up and g.target == 3 and g.turn == taker and g.pile_size == 0
        assert g.phase == PLAY


def test_r_y_face_turn_order_enforced() -> None:
    g = deal(["8S", "10S", "4S"])
    with pytest.raises(IllegalActionError) as err:
        g.play_up(C("8S"), player=1)
    assert err.value.code == "yishang.error.not_your_turn"


# --------------------------------------------------------------- R-Y-TARGET
def _target_eight(hand2: str = "9S 6S QH") -> Game:
    """Three players; player 0 plays 8 up, player 1 a true 8 down: target 8, player 2 face up."""
    g = deal(["8S KD", "8H JD", hand2])
    g.play_up(C("8S"))
    g.play_down(C("8H"), 8)
    g.accept()
    assert g.target == 8 and g.face_up and g.turn == 2
    return g


def test_r_y_target_starts_at_three() -> None:
    assert Game(2, seed=3).target == 3


def test_r_y_target_seed_face_up_nine_sets_nine() -> None:
    """Seed 000: target 8, a face-up 9 makes the target 9 (no draw)."""
    g = _target_eight()
    draw = g.draw_size
    g.play_up(C("9S"))
    assert g.target == 9 and g.draw_size == draw and g.hand(2) == parse_cards("6S QH")


def test_r_y_up_seed_face_up_six_allowed_draws_one_sets_six() -> None:
    """Seed 000: target 8, a face-up 6 is allowed, its player draws one card
    and the target drops to 6 (R-Y-UP, R-Y-TARGET)."""
    g = _target_eight()
    draw = g.draw_size
    top = parse_cards(g.log[0]["draw"])[-1]
    g.play_up(C("6S"))
    assert g.target == 6 and g.draw_size == draw - 1
    assert g.hand(2) == [C("9S"), C("QH"), top]
    assert g.log[-1]["drew"] == str(top)


def test_r_y_up_equal_to_target_does_not_draw() -> None:
    g = _target_eight("8D 6S QH")
    draw = g.draw_size
    g.play_up(C("8D"))
    assert g.draw_size == draw and g.target == 8


def test_r_y_up_no_draw_when_draw_pile_empty_dispute() -> None:
    """Seed dispute: once the draw pile is empty play goes on without the penalty."""
    g = deal(["8S KD", "8H JD", "9S 6S QH"], draw="", filler=0)
    g.play_up(C("8S"))
    g.play_down(C("8H"), 8)
    g.accept()
    g.play_up(C("6S"))
    assert g.target == 6 and g.hand(2) == parse_cards("9S QH") and g.draw_size == 0
    assert g.log[-1]["drew"] is None


def test_r_y_target_unchallenged_down_sets_declared_and_reset_after_pickup() -> None:
    g = deal(["8S KD 3C", "5H JD", "9S 6S QH"])
    g.play_up(C("8S"))
    g.play_down(C("5H"), 12)              # a bluff nobody challenges
    assert g.target == 8                  # not yet established
    g.accept()
    assert g.target == 12                 # the declared rank, not the card's
    g.play_up(C("QH"))
    g.play_down(C("KD"), 13)
    g.challenge(1)                        # true: player 1 takes the pile
    assert g.target == 3 and g.turn == 1


# ----------------------------------------------------------------- R-Y-DOWN
def test_r_y_down_seed_declared_ten_is_ten_survives_challenger_takes_pile() -> None:
    """Seed 000: target 8, face down 10 declared 10: the challenge fails and
    the challenger takes the whole pile."""
    g = deal(["8S KD", "10H JD", "9S 6S QH"])
    g.play_up(C("8S"))
    g.play_down(C("10H"), 10)
    g.challenge(2)
    assert g.log[-1]["success"] is False and g.log[-1]["taker"] == 2
    assert sorted(map(str, g.hand(2))) == sorted(["9S", "6S", "QH", "8S", "10H"])
    assert g.turn == 2 and g.face_up


def test_r_y_down_seed_seven_declared_ten_challenge_succeeds() -> None:
    """Seed 000: target 8, a 7 declared 10 is below the target and false:
    the claimer takes the pile."""
    g = deal(["8S KD", "7H JD", "9S 6S QH"])
    g.play_up(C("8S"))
    g.play_down(C("7H"), 10)
    g.challenge(2)
    assert g.log[-1]["success"] is True and g.log[-1]["taker"] == 1
    assert sorted(map(str, g.hand(1))) == sorted(["JD", "8S", "7H"])
    assert g.turn == 1 and g.face_up and g.target == 3


def test_r_y_down_seed_declared_eight_is_eight_survives() -> None:
    """Seed 000: target 8, declared 8 and really 8: the challenger takes the pile."""
    g = deal(["8S KD", "8H JD", "9S 6S QH"])
    g.play_up(C("8S"))
    g.play_down(C("8H"), 8)
    g.challenge(2)
    assert g.log[-1]["success"] is False and g.log[-1]["taker"] == 2


def test_r_y_down_true_rank_below_target_fails() -> None:
    """R-Y-DOWN: a truthful declaration below the target still loses a challenge."""
    g = deal(["8S KD", "5H JD", "9S 6S QH"])
    g.play_up(C("8S"))
    g.play_down(C("5H"), 5)
    g.challenge(2)
    assert g.log[-1]["success"] is True and g.log[-1]["taker"] == 1


def test_r_y_down_forgotten_declaration_counts_as_three_dispute() -> None:
    """Seed dispute: an omitted declaration counts as the lowest rank, 3;
    others may still challenge."""
    g = deal(["4S KD", "3H JD", "9S 6S QH"])
    g.play_up(C("4S"))
    g.play_down(C("3H"))                   # no declaration
    assert g.claim is not None and g.claim.declared == 3 and g.claim.omitted
    assert g.log[-1]["declared"] is None
    g.challenge(2)                         # 3 declared (as 3) but below the target 4
    assert g.log[-1]["success"] is True
    g2 = deal(["5S KD", "3H JD", "9S 6S QH"])
    g2.play_up(C("5S"))
    g2.play_down(C("3H"))
    g2.accept()
    assert g2.target == 3
    g3 = deal(["3S KD", "3H JD", "9S 6S QH"])
    g3.play_up(C("3S"))
    g3.play_down(C("3H"))                  # a real 3 at target 3: the challenge fails
    g3.challenge(2)
    assert g3.log[-1]["success"] is False and g3.log[-1]["taker"] == 2


def test_r_y_down_several_challengers_next_in_turn_order_wins_priority() -> None:
    """Seed dispute: several players call at once: the first in turn order
    after the claimer is the only challenger."""
    g = deal(["8S KD", "AH JD", "9S 6S QH", "4C 5C"], first=3)
    g.play_up(C("4C"))                     # player 3 leads; player 0 plays face down
    g.play_down(C("KD"), 14, player=0)     # false
    assert g.responders() == [1, 2, 3]
    g.challenge(3, 2, 1)
    assert g.log[-1]["challenger"] == 1 and g.log[-1]["taker"] == 0
    g = deal(["8S KD", "AH JD", "9S 6S QH", "4C 5C"], first=3)
    g.play_up(C("4C"))
    g.play_down(C("8S"), 8)                # true: the challenger with priority takes it
    assert g.challenger_of([3, 2]) == 2 and g.challenger_of([3]) == 3
    g.challenge(3, 2)
    assert g.log[-1]["challenger"] == 2 and g.log[-1]["taker"] == 2


def test_r_y_down_challenge_window_rules() -> None:
    g = deal(["8S KD", "10H JD", "9S 6S QH"])
    assert not g.can_challenge(1) and not g.can_accept()
    g.play_up(C("8S"))
    g.play_down(C("10H"), 10)
    assert not g.can_challenge(1)          # the claimer
    assert not g.can_challenge(2, 2)       # twice
    assert not g.can_challenge()           # nobody
    with pytest.raises(IllegalActionError) as err:
        g.challenge(1)
    assert err.value.code == "yishang.error.not_responder" and err.value.rule == "R-Y-DOWN"
    with pytest.raises(IllegalActionError) as err:
        g.play_up(C("9S"))
    assert err.value.code == "yishang.error.claim_pending"
    assert g.phase == CHALLENGE
    g.accept()                             # once the next card is played it is too late
    g.play_up(C("QH"))
    assert not g.can_challenge(0)


def test_r_y_down_bad_declaration_and_card_not_in_hand() -> None:
    g = deal(["8S KD", "10H JD", "9S 6S QH"])
    g.play_up(C("8S"))
    with pytest.raises(IllegalActionError) as err:
        g.play_down(C("10H"), 16)
    assert err.value.code == "yishang.error.bad_declared"
    with pytest.raises(IllegalActionError) as err:
        g.play_down(C("9S"), 9)
    assert err.value.code == "yishang.error.not_in_hand" and err.value.rule == "R-Y-DOWN"


def test_seed_three_player_example() -> None:
    """Seed 000, three players 甲 乙 丙 (seats 0, 1, 2): 甲 plays 8 face up,
    乙 declares 10 face down.  Without a challenge 10 is the target and the
    next play is face up (by 丙, the next in turn order; the seed's text
    names 甲 there, which turn order does not allow).  丙 challenging a real
    10 takes the pile and leads face up.  A 6 declared 10 is caught: 乙 takes
    the pile and, by R-Y-DOWN (the seed's own rule: 收牌者成为新一轮先手),
    leads the next round face up (the seed's example text gives 丙 the lead)."""
    hands = ["8S KD QC", "10H 6D JD", "9S 5S QH"]
    g = deal(hands)
    g.play_up(C("8S"))
    assert g.target == 8 and not g.face_up and g.turn == 1
    g.play_down(C("10H"), 10)
    assert g.responders() == [2, 0]
    g.accept()
    assert g.target == 10 and g.face_up and g.turn == 2

    g = deal(hands)
    g.play_up(C("8S"))
    g.play_down(C("10H"), 10)
    g.challenge(2)
    assert g.hand_size(2) == 5 and g.turn == 2 and g.face_up and g.target == 3

    g = deal(hands)
    g.play_up(C("8S"))
    g.play_down(C("6D"), 10)
    g.challenge(2)
    assert g.hand_size(1) == 4 and g.turn == 1 and g.face_up and g.target == 3


# ------------------------------------------------------------------ R-Y-WIN
def test_r_y_win_face_up_last_card_reaching_target() -> None:
    g = deal(["8S", "10H JD", "9S 6S QH"])
    g.play_up(C("8S"))
    assert g.phase == OVER and g.winners == (0,) and g.end_reason == "win"
    assert not g.can_play_down(C("10H"), 10)


def test_r_y_win_face_up_last_card_forcing_a_draw_does_not_win() -> None:
    g = deal(["8S KD", "10H JD", "6S"])
    g.play_up(C("8S"))
    g.play_down(C("10H"), 10)
    g.accept()
    g.play_up(C("6S"))                     # below 10: draws, so no win
    assert not g.over and g.hand_size(2) == 1


def test_r_y_win_face_up_last_card_below_target_wins_when_draw_empty() -> None:
    g = deal(["8S KD", "10H JD", "6S"], draw="", filler=0)
    g.play_up(C("8S"))
    g.play_down(C("10H"), 10)
    g.accept()
    g.play_up(C("6S"))
    assert g.winners == (2,)


def test_r_y_win_face_down_last_card_wins_unchallenged_or_challenge_fails() -> None:
    for action in ("accept", "fail"):
        g = deal(["8S KD", "10H", "6S 9S"])
        g.play_up(C("8S"))
        g.play_down(C("10H"), 10)
        assert not g.over                  # not until nobody challenges
        if action == "accept":
            g.accept()
        else:
            g.challenge(2)
            assert g.hand_size(2) == 4     # the challenger took the pile
        assert g.winners == (1,) and g.over


def test_r_y_win_face_down_last_card_caught_does_not_win() -> None:
    g = deal(["8S KD", "7H", "6S 9S"])
    g.play_up(C("8S"))
    g.play_down(C("7H"), 10)
    g.challenge(2, 0)
    assert not g.over and g.hand_size(1) == 2 and g.turn == 1


# ---------------------------------------------------------------- R-Y-STALL
def test_r_y_stall_fewest_cards_win_ties_share() -> None:
    g = deal(["8S KD QD", "9H JD", "10S 5S 4S"], draw="", filler=0, yishang_max_plays=3)
    g.play_up(C("8S"))
    g.play_down(C("9H"), 9)
    g.accept()
    assert not g.over
    g.play_up(C("10S"))                   # third play
    sizes = g.hand_sizes()
    low = min(sizes)
    assert g.over and g.end_reason == "stall"
    assert g.winners == tuple(p for p, s in enumerate(sizes) if s == low) == (1,)
    g = deal(["8S KD", "9H JD QD", "10S 5S"], draw="", filler=2, yishang_max_plays=1)
    g.play_up(C("8S"))
    assert g.over and g.end_reason == "stall"


def test_r_y_stall_ties_share_the_win() -> None:
    g = deal(["8S KD", "9H", "10S 5S"], draw="", filler=0, yishang_max_plays=2)
    g.play_up(C("8S"))                    # hands: 0 has 44+, 1 has 1, 2 has 2
    g.play_down(C("9H"), 9)
    g.challenge(2)                        # true: 2 takes the pile; 1 is out of cards and wins
    assert g.winners == (1,) and g.end_reason == "win"
    g = deal(["8S KD", "9H JD", "10S 5S"], draw="", filler=0, yishang_max_plays=2)
    g.play_up(C("8S"))
    g.play_down(C("9H"), 9)
    g.accept()                            # hands 1: one card, 2: two cards
    assert g.winners == (1,)
    g = deal(["8S KD", "9H JD", "10S"], draw="", filler=0, yishang_max_plays=2)
    g.play_up(C("8S"))
    g.play_down(C("9H"), 9)
    g.accept()
    assert g.winners == (1, 2) and g.end_reason == "stall"


def test_r_y_stall_waits_for_empty_draw_pile() -> None:
    g = deal(["8S KD QD", "9H JD", "10S 5S 4S"], yishang_max_plays=1)
    g.play_up(C("8S"))
    assert not g.over


def test_stall_option_comes_from_preset() -> None:
    from solver.rules import preset

    assert Game(2, seed=1).rules.yishang_max_plays == preset("yishang").yishang_max_plays == 200


def _four_plays_without_drawing(**options: object):  # type: ignore[no-untyped-def]
    """Two players, the draw pile full: four established plays that all reach
    the target (nobody draws), ending after the fourth when the rules say so."""
    g = deal(["4S 10S KD QD", "9H JH KC QC"], **options)
    assert g.draw_size == 44
    steps = [lambda: g.play_up(C("4S")), lambda: (g.play_down(C("9H"), 9), g.accept()),
             lambda: g.play_up(C("10S")), lambda: (g.play_down(C("JH"), 11), g.accept())]
    for step in steps:
        if not g.over:
            step()
    return g


def test_r_y_stall_hard_stop_at_factor_times_the_limit_draw_pile_or_not() -> None:
    """R-Y-STALL (RULES.md): the game also ends after yishang_stall_hard_factor
    × yishang_max_plays plays while the draw pile still holds cards; the
    fewest cards win, ties share."""
    g = _four_plays_without_drawing(yishang_max_plays=2, yishang_stall_hard_factor=2)
    assert g.over and g.end_reason == "stall" and g.plays == 4 and g.draw_size == 44
    assert g.winners == (0, 1)                          # two cards each: they share
    g = _four_plays_without_drawing(yishang_max_plays=2, yishang_stall_hard_factor=1)
    assert g.over and g.plays == 2 and g.draw_size == 44   # factor 1: at the limit itself
    g = _four_plays_without_drawing(yishang_max_plays=2, yishang_stall_hard_factor=0)
    assert not g.over and g.plays == 4                   # 0 turns the hard stop off
    g = _four_plays_without_drawing(yishang_max_plays=3, yishang_stall_hard_factor=2)
    assert not g.over                                    # 4 plays < 2 × 3


def test_r_y_stall_defaults_match_rules_md() -> None:
    """R-Y-STALL defaults: a limit of 200 plays and a hard stop at twice it;
    a limit below 1 or a negative factor is refused with a clear error."""
    from solver.rules import RulesError, preset

    rules = preset("yishang")
    assert (rules.yishang_max_plays, rules.yishang_stall_hard_factor) == (200, 2)
    for bad in ({"yishang_max_plays": 0}, {"yishang_stall_hard_factor": -1}):
        with pytest.raises(RulesError) as info:
            preset("yishang", bad)
        assert info.value.code == "error.rules.bad_value"
