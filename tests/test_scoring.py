"""End of hand: R-KITTY (three modes), R-LEVELS, R-MATCH."""

import pytest

from solver.cards import parse_cards
from solver.match import MatchState
from solver.rules import preset
from solver.scoring import kitty_multiplier, level_outcome, score_hand
from tests.helpers import ctx


@pytest.mark.parametrize("last_lead,mult", [
    ("AH", 2),                          # 单张扣底 ×2
    ("AH AH", 4),                       # 对子扣底 ×4
    ("QH QH KH KH", 8),                 # 连对 ×4×2
    ("10H 10H JH JH QH QH", 12),        # 三连对 ×4×3
    ("AH KH KH", 4),                    # 甩牌: its largest unit (a pair)
    ("AH AH KH KH 9H 9H 8H 8H 6H", 8),  # two tractors of 2: counted once, not added
    ("AH KH QH", 2),                    # throw of singles
])
def test_r_kitty_henan_unit_multipliers_seed001(last_lead, mult):
    """R-KITTY henan (seed 001 扣底): single ×2, pair ×4, tractor ×4·L, a throw counts its largest unit."""
    assert kitty_multiplier(ctx("henan", "2", "S"), parse_cards(last_lead)) == mult


def test_r_kitty_tractor_mode_counts_cards():
    """R-KITTY tractor: 2 × the number of cards each player played to the last trick."""
    c = ctx("tractor", "2", "S")
    assert kitty_multiplier(c, parse_cards("AH")) == 2
    assert kitty_multiplier(c, parse_cards("AH AH")) == 4
    assert kitty_multiplier(c, parse_cards("AH KH KH")) == 6


def test_r_kitty_wusaner_flat():
    assert kitty_multiplier(ctx("wusaner", "A", "H"), parse_cards("KS KS QS QS")) == 2


def test_score_adds_kitty_only_when_attackers_win_last():
    c = ctx("henan", "2", "S")
    kitty = parse_cards("KH 10S 5D 3C 4C 6C 7C 8C")  # 25 points
    s = score_hand(c, 60, kitty, parse_cards("3C 3C 4C 4C"), True)
    assert (s.total, s.multiplier, s.outcome, s.levels) == (260, 8, "attackers_up", 4)
    s = score_hand(c, 60, kitty, parse_cards("3C 3C 4C 4C"), False)
    assert (s.total, s.outcome, s.levels) == (60, "dealers_up", 1)


def test_score_floors_at_zero():
    """R-THROW-FAIL (tractor): penalties may push the attackers below 0; scored as 0."""
    s = score_hand(ctx("tractor"), -20, [], [], False)
    assert (s.total, s.outcome, s.levels) == (0, "dealers_up", 3)


@pytest.mark.parametrize("total,outcome,levels", [
    (0, "dealers_up", 3), (5, "dealers_up", 2), (35, "dealers_up", 2), (40, "dealers_up", 1),
    (75, "dealers_up", 1), (80, "swap", 0), (115, "swap", 0), (120, "attackers_up", 1),
    (155, "attackers_up", 1), (160, "attackers_up", 2), (195, "attackers_up", 2), (200, "attackers_up", 3),
])
def test_r_levels_standard_table(total, outcome, levels):
    """R-LEVELS henan/tractor standard table."""
    assert level_outcome(preset("henan"), total) == (outcome, levels)
    assert level_outcome(preset("tractor"), total) == (outcome, levels)


@pytest.mark.parametrize("total,outcome,levels", [
    (0, "dealers_up", 2), (45, "dealers_up", 2), (50, "dealers_up", 1), (95, "dealers_up", 1),
    (100, "swap", 0), (115, "swap", 0), (120, "attackers_up", 1), (200, "attackers_up", 1),
])
def test_r_levels_wusaner_table_seed004(total, outcome, levels):
    """R-LEVELS wusaner (seed 004): <50 → +2, 50–95 → +1, 100–115 → swap, ≥120 → swap +1."""
    assert level_outcome(preset("wusaner"), total) == (outcome, levels)


def test_seed004_five_round_simulation():
    """Seed 004 模拟: team 1 on stage at A; 40 → +2 plays 3; 80 → +1 plays 4; 110 → team 2 on
    stage at its own A; team 1 scores 135 → takes the stage and +1, plays 5."""
    m = MatchState.start(preset("wusaner"), dealer_team=0)
    assert m.level_name(m.dealer_team) == "A"
    m = m.after_hand(40)
    assert (m.dealer_team, m.level_name(0)) == (0, "3")
    m = m.after_hand(80)
    assert (m.dealer_team, m.level_name(0)) == (0, "4")
    m = m.after_hand(110)
    assert (m.dealer_team, m.level_name(1)) == (1, "A")
    m = m.after_hand(135)
    assert (m.dealer_team, m.level_name(0), m.level_name(1)) == (0, "5", "A")
    assert not m.finished


def test_r_match_henan_defend_at_ace_wins():
    """R-MATCH henan: levels run 2…A; a successful defence as dealers at A wins."""
    m = MatchState.start(preset("henan"))
    m = m.after_hand(0)      # +3 → 5
    assert m.level_name(0) == "5"
    for _ in range(4):
        m = m.after_hand(0)  # 8, J, A (capped), then defend at A
    assert m.finished and m.winner == 0


def test_r_match_henan_attackers_cap_at_ace():
    m = MatchState(preset("henan"), (10, 11), 0)  # team 1 at K
    m = m.after_hand(200)  # attackers +3 → capped at A, become dealers
    assert (m.dealer_team, m.level_name(1), m.finished) == (1, "A", False)


def test_r_match_wusaner_past_king_ends_or_cycles():
    """R-MATCH wusaner: A,2,…,K; past K ends the match unless wusaner_cycle (seed 004: 轮回到A)."""
    m = MatchState(preset("wusaner"), (12, 0), 0)  # team 0 at K
    assert m.level_name(0) == "K"
    end = m.after_hand(10)
    assert end.finished and end.winner == 0
    cyc = MatchState(preset("wusaner", {"wusaner_cycle": True}), (12, 0), 0).after_hand(10)
    assert not cyc.finished and cyc.level_name(0) == "2"
