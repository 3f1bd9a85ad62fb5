"""Scripted tests of the dealing/declaring/kitty flows (R-H-*, R-T-DECLARE,
R-W-*), the play phase's throw penalty (R-THROW-FAIL) and the match
(R-ROTATE, R-LEVELS, R-MATCH, seed 004's five-round simulation)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from game_helpers import P, deal, new_hand

from solver.bots import BaselineBot
from solver.cards import points
from solver.game.flows import parse_declaration
from solver.game.errors import GameError
from solver.game.hand import Hand, Phase
from solver.game.match import Match
from solver.game.runner import run_hand
from solver.game.view import SeatView
from solver.rules import preset

HENAN = preset("henan")
TRACTOR = preset("tractor")
WUSANER = preset("wusaner")
BOTS = [BaselineBot() for _ in range(4)]


def refusal(fn, *args) -> GameError:  # type: ignore[no-untyped-def]
    with pytest.raises(GameError) as info:
        fn(*args)
    return info.value


# -- henan: R-H-DECLARE ----------------------------------------------------------


@pytest.mark.parametrize("cards,ok", [
    ("2H BJ", True), ("2D BJ", True), ("2S BJ", False), ("2C BJ", False),
    ("2S SJ", True), ("2C SJ", True), ("2H SJ", False), ("2D SJ", False),
    ("2H 2H BJ", True), ("2S 2S SJ", True), ("2S 2S BJ", False),
])
def test_r_h_declare_big_joker_red_small_joker_black(cards: str, ok: bool) -> None:
    """R-H-DECLARE (seed 001): BJ declares only ♥/♦, SJ only ♠/♣."""
    if ok:
        d = parse_declaration("henan", 2, 0, P(cards))
        assert d.trump == P(cards)[-1].suit if not P(cards)[-1].is_joker else True
    else:
        err = refusal(parse_declaration, "henan", 2, 0, P(cards))
        assert err.rule == "R-H-DECLARE"
        assert err.code in ("game.declare.big_joker_red", "game.declare.small_joker_black")


@pytest.mark.parametrize("lang,expected", [
    ("zh-Hans", "♥2 小王不行：♥2是红色花色，小王只能配黑色花色（黑桃或梅花）的级牌。"),
    ("zh-Hant", "♥2 小王不行：♥2是紅色花色，小王只能配黑色花色（黑桃或梅花）的級牌。"),
    ("en", "♥2 SJ will not do: ♥2 is red, and the small joker (SJ) goes only with a level card "
           "of a black suit (spades or clubs)."),
])
def test_r_h_declare_colour_refusal_says_which_card_is_red(lang: str, expected: str) -> None:
    """R-H-DECLARE: the refusal names the level card and its colour, cards
    drawn as the app draws them; the walk read "小王只能报黑色花色（黑桃或
    梅花）：♥2 小王。" (the cards tacked on, ♥ never called red)."""
    from content.i18n import translate
    from tutor.tui.widgets.cards import style_card_tokens

    err = refusal(parse_declaration, "henan", 2, 0, P("2H SJ"))
    assert style_card_tokens(translate(err.code, lang, **err.params), lang=lang) == expected


def test_r_h_declare_colour_rule_in_a_hand() -> None:
    """R-H-DECLARE: in a dealt hand, 2♠ + BJ is refused, 2♥ + BJ accepted."""
    h = new_hand(HENAN, {0: "2S BJ 2H"})
    deal(h, 4 * 2)
    assert not h.can_declare(0, P("2S BJ"))
    assert refusal(h.verify_declare, 0, P("2S BJ")).code == "game.declare.big_joker_red"
    assert h.declaration_options(0) == []
    deal(h, 4)
    assert h.can_declare(0, P("2H BJ"))
    assert not h.can_declare(0, P("3H BJ"))  # not held
    assert refusal(h.verify_declare, 0, P("3H BJ")).code == "game.cards.not_held"


def test_r_h_declare_qiangbao_first_declaration_makes_dealer() -> None:
    """R-H-DECLARE 抢报: the first declaration during the first hand's deal makes the dealer."""
    h = new_hand(HENAN, {2: "2C SJ"})
    assert h.dealer is None
    deal(h, 8)
    h.declare(2, P("2C SJ"))
    assert h.dealer == 2 and h.standing is not None and h.standing.trump == "C"
    assert h.log[-1].op == "declare" and h.log[-1].seat == 2


def test_r_h_overturn_ding_zhu_only_by_joker_pair() -> None:
    """R-H-OVERTURN: 定主 (level pair + joker) can only be overturned by a joker pair."""
    h = new_hand(HENAN, {0: "2H 2H BJ", 1: "2D 2D BJ", 3: "SJ SJ"})
    deal(h, 12)
    h.declare(0, P("2H 2H BJ"))
    assert h.standing is not None and h.standing.strength == 1
    err = refusal(h.verify_declare, 1, P("2D 2D BJ"))
    assert err.rule == "R-H-OVERTURN" and err.code == "game.declare.not_stronger"
    assert h.can_declare(3, P("SJ SJ"))
    h.declare(3, P("SJ SJ"))
    assert h.dealer == 3 and h.standing is not None and h.standing.trump is None  # 反主反打


def test_r_h_overturn_original_declarer_waits_for_another() -> None:
    """R-H-OVERTURN: the original declarer overturns only after someone else has."""
    h = new_hand(HENAN, {0: "2H BJ BJ", 1: "2S 2S SJ"})
    deal(h, 12)
    h.declare(0, P("2H BJ"))
    err = refusal(h.verify_declare, 0, P("BJ BJ"))
    assert err.code == "game.declare.original_waits" and err.rule == "R-H-OVERTURN"
    h.declare(1, P("2S 2S SJ"))
    assert h.dealer == 1
    assert h.can_declare(0, P("BJ BJ"))
    h.declare(0, P("BJ BJ"))
    assert h.dealer == 0 and h.standing is not None and h.standing.strength == 3


JOKER_ONLY = "game.declare.jokers_only_overturn"


@pytest.mark.parametrize("pair", ["SJ SJ", "BJ BJ"])
def test_r_h_declare_joker_pair_is_not_qiangbao(pair: str) -> None:
    """R-H-DECLARE (seed 001: 常主不可进行报主): in the first hand a joker pair
    alone is not 抢报; nobody becomes dealer by it and the bots / the Play
    screen are not offered it."""
    h = new_hand(HENAN, {1: pair})
    deal(h, 8)
    err = refusal(h.verify_declare, 1, P(pair))
    assert err.code == JOKER_ONLY and err.rule == "R-H-DECLARE"
    assert h.declaration_options(1) == [] and h.dealer is None


@pytest.mark.parametrize("pair", ["SJ SJ", "BJ BJ"])
def test_r_h_declare_joker_pair_is_not_a_later_first_declaration(pair: str) -> None:
    """R-H-DECLARE later hands: the dealer's team may not open with a joker pair."""
    h = new_hand(HENAN, {2: pair}, dealer=0)
    deal(h, 8)
    assert refusal(h.verify_declare, 2, P(pair)).code == JOKER_ONLY
    assert h.declaration_options(2) == []


@pytest.mark.parametrize("pair", ["SJ SJ", "BJ BJ"])
def test_r_h_declare_joker_pair_is_not_an_after_deal_declaration(pair: str) -> None:
    """R-H-DECLARE later hands: nobody declared during the deal; an opponent
    holding only a joker pair may not declare in the window after it (and is
    not offered it); the kitty's third card then names trump."""
    h = new_hand(HENAN, {1: pair}, kitty="4C 6C 9D", dealer=0)
    deal(h)
    assert h.phase == Phase.BID and h.turn == 1
    assert refusal(h.verify_declare, 1, P(pair)).code == JOKER_ONLY
    assert all(any(not c.is_joker for c in o) for o in h.declaration_options(1))
    h.pass_turn(1)
    h.pass_turn(3)
    assert h.trump == "D"


def test_r_h_declare_joker_pair_still_overturns() -> None:
    """R-H-DECLARE / R-H-OVERTURN: once a declaration stands, a joker pair is
    an overturn, offered and accepted (反主反打 in the first hand)."""
    h = new_hand(HENAN, {0: "2H BJ", 1: "SJ SJ"})
    deal(h, 8)
    assert refusal(h.verify_declare, 1, P("SJ SJ")).code == JOKER_ONLY
    h.declare(0, P("2H BJ"))
    assert tuple(P("SJ SJ")) in [tuple(o) for o in h.declaration_options(1)]
    h.declare(1, P("SJ SJ"))
    assert h.dealer == 1 and h.standing is not None and h.standing.trump is None


def test_r_h_first_hand_overturn_window_then_kitty() -> None:
    """R-H-OVERTURN 反主反打: after the deal, a window in turn order before the
    dealer takes the kitty; the overturner becomes dealer and buries 8."""
    h = new_hand(HENAN, {0: "2H BJ", 1: "2S 2S SJ"})
    deal(h, 8)
    h.declare(0, P("2H BJ"))
    deal(h)
    assert h.phase == Phase.BID and h.turn == 1
    h.declare(1, P("2S 2S SJ"))
    assert h.dealer == 1
    for seat in (2, 3, 0, 1):
        h.pass_turn(seat)
    while h.phase == Phase.RIOT:
        h.pass_turn(h.turn)  # type: ignore[arg-type]
    assert h.phase == Phase.BURY and h.turn == 1 and h.cards_left(1) == 33
    assert h.trump == "S"


def test_r_h_first_hand_nobody_declares_redeal() -> None:
    """R-H-DECLARE: nobody declares in the first hand → redeal."""
    h = new_hand(HENAN, {})
    deal(h)
    assert h.phase == Phase.REDEAL


def test_r_h_later_hand_only_dealer_team_declares() -> None:
    """R-H-DECLARE later hands: only the dealer's team declares during the deal;
    if nobody has, an opponent may declare after the deal and becomes dealer."""
    h = new_hand(HENAN, {1: "2S SJ", 3: "2C SJ"}, dealer=0, first_seat=0)
    deal(h, 8)
    err = refusal(h.verify_declare, 1, P("2S SJ"))
    assert err.code == "game.declare.dealer_team_only" and err.rule == "R-H-DECLARE"
    deal(h)
    assert h.phase == Phase.BID and h.turn == 1
    h.declare(1, P("2S SJ"))
    assert h.dealer == 1 and h.trump == "S"


def test_r_h_later_hand_kitty_third_card() -> None:
    """R-H-DECLARE: nobody declares in a later hand → the kitty's third card
    names trump; the holder of its other copy becomes dealer."""
    h = new_hand(HENAN, {3: "9D"}, kitty="4C 6C 9D", dealer=0)
    deal(h)
    assert h.phase == Phase.BID
    h.pass_turn(1)
    h.pass_turn(3)
    assert h.trump == "D" and h.dealer == 3
    assert any(r.op == "kitty_card" for r in h.log)


def test_r_h_chaodi_keeps_the_dealer() -> None:
    """R-H-OVERTURN 反主炒底 (later hands): after the dealer buries, a player
    overturns, takes the kitty and buries 8 again; the dealer does not change."""
    h = new_hand(HENAN, {0: "2H BJ", 1: "SJ SJ"}, dealer=0)
    deal(h, 8)
    refusal(h.verify_declare, 1, P("SJ SJ"))  # not during the deal in later hands
    h.declare(0, P("2H BJ"))
    deal(h)
    while h.phase == Phase.RIOT:
        h.pass_turn(h.turn)  # type: ignore[arg-type]
    assert h.phase == Phase.BURY and h.turn == 0
    h.bury(0, h.hand_of(0)[-8:])
    first_kitty = list(h.kitty)
    assert h.phase == Phase.CHAODI and h.turn == 0
    h.pass_turn(0)
    assert h.turn == 1
    h.declare(1, P("SJ SJ"))
    assert h.phase == Phase.BURY and h.turn == 1 and h.cards_left(1) == 33
    assert sorted(first_kitty, key=lambda c: c.index) == \
        sorted([c for c in h.log[-1].cards], key=lambda c: c.index)  # took the buried kitty
    h.bury(1, h.hand_of(1)[-8:])
    assert h.phase == Phase.CHAODI and h.turn == 2
    for seat in (2, 3, 0, 1):
        h.pass_turn(seat)
    assert h.phase == Phase.PLAY
    assert h.dealer == 0 and h.turn == 0 and h.trump is None and h.burier == 1
    run_hand(h, BOTS, check=True)
    assert h.result is not None and h.result.dealer == 0 and h.result.defenders == 0


def _weak_attacker_hand() -> str:
    return "3D 4D 6D 7D 8D 9D JD QD AD 3C 4C 6C 7C 8C 9C JC QC AC 3S 4S 6S 7S 8S 9S JS"


def test_r_h_riot_keeps_the_dealer() -> None:
    """R-H-RIOT 暴动: an attacker with fewer than 15 points calls a redeal; the dealer stays."""
    h = new_hand(HENAN, {0: "2H BJ", 1: _weak_attacker_hand()}, dealer=0)
    deal(h, 8)
    h.declare(0, P("2H BJ"))
    deal(h)
    assert h.phase == Phase.RIOT and 1 in h.window
    assert points(h.hand_of(1)) < 15
    assert h.turn == 1
    h.riot(1)
    assert h.phase == Phase.REDEAL
    m = Match(HENAN, seed=1)
    m.dealer, m.started = 0, True
    m.record(h)
    nxt = m.next_setup()
    assert nxt.dealer == 0 and nxt.riots == 1


def test_r_h_riot_refused_with_points() -> None:
    """R-H-RIOT: 15 or more points in hand → no riot."""
    h = new_hand(HENAN, {0: "2H BJ", 1: "KD KD KC 10C 5S", 3: _weak_attacker_hand()}, dealer=0)
    deal(h, 8)
    h.declare(0, P("2H BJ"))
    deal(h)
    assert h.phase == Phase.RIOT
    assert 1 not in h.window  # 35+ points: not offered
    assert h.turn == 3
    h.pass_turn(3)
    assert h.phase == Phase.BURY


def test_r_h_riot_limit() -> None:
    """R-H-RIOT: at most riot_max redeals in a row."""
    h = new_hand(HENAN, {0: "2H BJ", 1: _weak_attacker_hand()}, dealer=0, riots=3)
    deal(h, 8)
    h.declare(0, P("2H BJ"))
    deal(h)
    assert h.phase == Phase.BURY


# -- tractor: R-T-DECLARE --------------------------------------------------------


def test_r_t_declare_strength_order_and_own_strengthen() -> None:
    """R-T-DECLARE: single < pair < SJ pair < BJ pair; a declarer may turn their
    single into the pair of the same card before anyone overturns."""
    h = new_hand(TRACTOR, {0: "2H 2H", 1: "2S 2S SJ SJ", 2: "BJ BJ"})
    deal(h, 4)
    h.declare(0, P("2H"))
    assert h.dealer == 0
    deal(h, 4)
    err = refusal(h.verify_declare, 1, P("2S"))
    assert err.code == "game.declare.not_stronger" and err.rule == "R-T-DECLARE"
    h.declare(0, P("2H 2H"))  # strengthening
    assert h.standing is not None and h.standing.strength == 2
    deal(h, 8)
    refusal(h.verify_declare, 1, P("2S 2S"))  # equal strength: no
    h.declare(1, P("SJ SJ"))
    assert h.dealer == 1 and h.standing is not None and h.standing.trump is None
    h.declare(2, P("BJ BJ"))
    assert h.dealer == 2
    deal(h)
    assert h.phase == Phase.BURY and h.turn == 2 and h.cards_left(2) == 33
    assert h.trump is None


def test_r_t_declare_own_strengthen_only_before_overturn() -> None:
    """R-T-DECLARE: after someone overturns, the earlier declarer needs a
    strictly stronger declaration, not just their pair."""
    h = new_hand(TRACTOR, {0: "2H 2H", 1: "2S 2S"})
    deal(h, 4)
    h.declare(0, P("2H"))
    deal(h, 4)
    h.declare(1, P("2S 2S"))
    err = refusal(h.verify_declare, 0, P("2H 2H"))
    assert err.code == "game.declare.not_stronger"


def test_r_t_declare_later_hand_nobody_declares_no_trump() -> None:
    """R-T-DECLARE later hands: the dealer comes from R-ROTATE; nobody declares → no trump."""
    h = new_hand(TRACTOR, {}, dealer=3, first_seat=3)
    deal(h)
    assert h.phase == Phase.BURY and h.dealer == 3 and h.trump is None
    h.bury(3, h.hand_of(3)[:8])
    assert h.phase == Phase.PLAY and h.turn == 3


# -- wusaner: R-W-DECLARE, R-W-OVERCALL, R-W-KITTY --------------------------------


def test_r_w_declare_hidden_pair_and_overcall_once() -> None:
    """R-W-DECLARE / R-W-OVERCALL (seed 004): SJ shown with a pair face down;
    BJ with a longer same-suit tractor overcalls once; in the first hand the
    overcaller's team takes the stage."""
    h = new_hand(WUSANER, {0: "SJ 5S 5S", 1: "BJ 4H 4H 5H 5H", 2: "BJ 9C 9C TC TC JC JC"})
    deal(h, 20)
    h.declare(0, P("SJ 5S 5S"))
    view1 = SeatView(h, 1)
    assert view1.standing is not None and view1.standing.trump is None  # secret suit
    assert SeatView(h, 0).standing.trump == "S"  # type: ignore[union-attr]
    assert refusal(h.verify_declare, 1, P("SJ 4H 4H")).code in (
        "game.cards.not_held", "game.declare.overcall_shape")
    h.declare(1, P("BJ 4H 4H 5H 5H"))
    deal(h, 8)
    err = refusal(h.verify_declare, 2, P("BJ 9C 9C 10C 10C JC JC"))
    assert err.code == "game.declare.overcall_once" and err.rule == "R-W-OVERCALL"
    deal(h)
    assert h.stage_team == 1 and h.dealer == 3 and h.kitty_taker == 3
    assert h.phase == Phase.BURY and h.cards_left(3) == 30 and h.burier == 3
    assert SeatView(h, 3).ctx is None  # the taker does not know the trump suit yet


def test_r_w_declare_tractor_is_natural_consecutive_ranks() -> None:
    """R-W-DECLARE (RULES.md, seed 004's ♥44 55): a declaration's tractor is
    a run of natural ranks; ♥44 66 is a tractor in play (the fixed 5 leaves
    the plain suit) but not a declaration of two pairs."""
    from solver.trump import TrumpContext
    from solver.units import classify

    assert parse_declaration("wusaner", 14, 1, P("BJ 4H 4H 5H 5H")).strength == 2
    err = refusal(parse_declaration, "wusaner", 14, 1, P("BJ 4H 4H 6H 6H"))
    assert err.code == "game.declare.wusaner_run" and err.rule == "R-W-DECLARE"
    assert classify(TrumpContext(WUSANER, 14, "S"), P("4H 4H 6H 6H")).type == "tractor"


def test_r_w_kitty_discards_and_reclaim() -> None:
    """R-W-KITTY (seed 004): the taker discards 4 plain non-point cards; the
    declarer takes back the secret-suit ones and discards as many; the taker leads."""
    h = new_hand(WUSANER, {0: "SJ 8H 8H", 2: "6H 7H 9H 4S 6S"})
    deal(h, 12)
    h.declare(0, P("SJ 8H 8H"))
    deal(h)
    assert h.dealer == 2 and h.phase == Phase.BURY
    err = refusal(h.verify_bury, 2, P("6H 7H 9H KS") if h.hands[2][P("KS")[0]] else P("6H 7H 9H 5S"))
    assert err.rule == "R-W-KITTY"
    h.bury(2, P("6H 7H 9H 4S"))
    assert h.phase == Phase.RECLAIM and h.turn == 0
    assert sorted(h.take_back, key=lambda c: c.index) == sorted(P("6H 7H 9H"), key=lambda c: c.index)
    view = SeatView(h, 0)
    choice = BOTS[0].reclaim(view, 3)
    assert all(not c.points for c in choice)
    h.reclaim(0, choice)
    assert h.phase == Phase.PLAY and h.trump == "H" and h.turn == 2
    assert len(h.kitty) == 4 and all(not c.points for c in h.kitty)
    h.check_conservation()


def test_r_w_kitty_own_burial_tells_what_was_taken_back() -> None:
    """R-W-KITTY (揭牌): what the kitty taker buried is not the kitty after
    the reveal; the taker's view tells both: the cards buried, those the
    declarer took back (the secret trump suit) and the kitty now, once the
    declarer has discarded in their place."""
    h = new_hand(WUSANER, {0: "SJ 8H 8H", 2: "6H 7H 9H 4S 6S"})
    deal(h, 12)
    h.declare(0, P("SJ 8H 8H"))
    deal(h)
    assert SeatView(h, 2).own_burial() is None  # nothing buried yet
    h.bury(2, P("6H 7H 9H 4S"))
    mid = SeatView(h, 2).own_burial()
    assert mid is not None and mid.taker == 0 and not mid.replaced
    assert mid.kitty == ()  # the declarer has not discarded yet
    choice = BOTS[0].reclaim(SeatView(h, 0), 3)
    h.reclaim(0, choice)
    got = SeatView(h, 2).own_burial()
    assert got is not None
    assert Counter(got.buried) == Counter(P("6H 7H 9H 4S"))
    assert got.taker == 0 and Counter(got.taken_back) == Counter(P("6H 7H 9H"))
    assert got.replaced and Counter(got.kitty) == Counter(P("4S") + list(choice)) == Counter(h.kitty)
    assert SeatView(h, 0).own_burial() is None  # the declarer buried nothing


# -- play phase: R-THROW-FAIL -----------------------------------------------------


def _throw_position(rules_name: str) -> Hand:
    rules = preset(rules_name)
    from solver.cards import deck

    rest = list(deck())
    hands = [P("KH QH QH"), P("AH AH"), P("3D"), P("4D")]
    for h in hands:
        for c in h:
            rest.remove(c)
    kitty = rest[:rules.kitty_size]
    rest = rest[rules.kitty_size:]
    size = rules.hand_size
    full = [h + [rest.pop() for _ in range(size - len(h))] for h in hands]
    return Hand.at_play(rules, 6, "S", 0, 0, full, kitty)


@pytest.mark.parametrize("rules_name,stake,pts", [("henan", 0.5, 0), ("tractor", 0.0, 20),
                                                  ("wusaner", 0.0, 0)])
def test_r_throw_fail_penalty(rules_name: str, stake: float, pts: int) -> None:
    """R-THROW-FAIL: a failed throw becomes its smallest beaten unit; henan
    pays half a stake in the match ledger, tractor 10 points per card taken back."""
    h = _throw_position(rules_name)
    size = h.cards_left(0)
    played = h.play(0, P("KH QH QH"))
    assert played == tuple(P("KH"))
    assert h.penalties and h.penalties[0].stake == stake and h.penalties[0].points == pts
    assert h.cards_left(0) == size - 1  # the pair goes back to the hand
    assert h.log[-1].op == "throw_fail"
    run_hand(h, BOTS)
    m = Match(preset(rules_name), seed=0)
    m.started, m.dealer = True, 0
    res = m.record(h)
    assert res is not None and res.penalty_points == pts
    assert [e.stake for e in m.ledger] == ([0.5] if stake else [])


# -- match: R-ROTATE, R-LEVELS, R-MATCH ----------------------------------------------


def test_seed_004_five_round_simulation() -> None:
    """Seed 004's simulation: team 1 (our team 0) declares and defends at A;
    40 → plays 3; 80 → plays 4; 110 → team 2 takes the stage at A; team 1
    scores 135 → takes the stage and plays 5."""
    m = Match(WUSANER, seed=0)
    assert m.next_setup().dealer is None and m.next_setup().stage_team is None
    assert m.level_name(0) == "A"
    m.apply(stage_team=0, dealer=2, total=40)
    assert (m.state.dealer_team, m.level_name(0)) == (0, "3")
    assert m.next_setup().team_levels[0] == 3 and m.next_setup().stage_team == 0
    assert m.next_setup().dealer == 0  # the stage player who did not take the kitty last time
    m.apply(stage_team=0, dealer=0, total=80)
    assert (m.state.dealer_team, m.level_name(0)) == (0, "4")
    m.apply(stage_team=0, dealer=2, total=110)
    assert (m.state.dealer_team, m.level_name(1), m.level_name(0)) == (1, "A", "4")
    m.apply(stage_team=1, dealer=1, total=135)
    assert (m.state.dealer_team, m.level_name(0), m.level_name(1)) == (0, "5", "A")
    assert m.next_setup().team_levels == (5, 14)


def test_r_rotate_henan() -> None:
    """R-ROTATE: a defence passes the deal to the dealer's partner; a take-over
    to the next player in turn order."""
    m = Match(HENAN, seed=0)
    m.apply(stage_team=1, dealer=1, total=30)
    assert m.dealer == 3 and m.level_name(1) == "4"
    m.apply(stage_team=1, dealer=3, total=90)
    assert m.dealer == 0 and m.state.dealer_team == 0 and m.level_name(0) == "2"


def test_r_match_defending_at_ace_wins() -> None:
    """R-MATCH (henan/tractor): a successful defence at A wins the match."""
    m = Match(TRACTOR, seed=0)
    m.state = m.state.__class__(TRACTOR, (12, 0), 0)
    m.apply(stage_team=0, dealer=0, total=30)
    assert m.winner == 0 and m.finished
    with pytest.raises(GameError):
        m.new_hand()


def test_r_match_wusaner_past_king_and_cycle() -> None:
    """R-MATCH (wusaner): past K ends the match unless wusaner_cycle wraps to A."""
    m = Match(WUSANER, seed=0)
    m.state = m.state.__class__(WUSANER, (12, 0), 0)  # team 0 at K
    m.apply(stage_team=0, dealer=0, total=40)
    assert m.winner == 0
    cyc = preset("wusaner", {"wusaner_cycle": "true"})
    m2 = Match(cyc, seed=0)
    m2.state = m2.state.__class__(cyc, (12, 0), 0)
    m2.apply(stage_team=0, dealer=0, total=40)
    assert m2.winner is None and m2.level_name(0) == "2"


def test_actions_refused_out_of_phase_and_turn() -> None:
    """Every action names its reason: wrong phase, wrong turn."""
    h = new_hand(TRACTOR, {0: "2H"})
    assert refusal(h.verify_bury, 0, P("2H")).code == "game.phase.wrong"
    assert refusal(h.verify_pass, 0).code == "game.phase.wrong"
    assert not h.can_play(0, P("2H"))
    deal(h, 4)
    h.declare(0, P("2H"))
    deal(h)
    assert refusal(h.verify_bury, 1, h.hand_of(1)[:8]).code == "game.turn.wrong"
    assert refusal(h.verify_bury, 0, h.hand_of(0)[:7]).code == "game.kitty.count"


def test_r_h_later_hand_partner_may_declare() -> None:
    """R-H-DECLARE later hands: the dealer's partner is on the dealer's team; the dealer stays."""
    h = new_hand(HENAN, {2: "2C SJ"}, dealer=0)
    deal(h, 12)
    h.declare(2, P("2C SJ"))
    assert h.dealer == 0 and h.standing is not None and h.standing.seat == 2


def test_r_t_declare_later_hand_sets_trump_only() -> None:
    """R-T-DECLARE later hands: the dealer comes from R-ROTATE; a declaration
    (by anyone) only sets trump."""
    h = new_hand(TRACTOR, {1: "2D"}, dealer=0)
    deal(h, 4)
    h.declare(1, P("2D"))
    deal(h)
    assert h.dealer == 0 and h.trump == "D" and h.phase == Phase.BURY and h.turn == 0
