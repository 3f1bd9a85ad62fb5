"""The Flow owns what differs between the flows (R-T-DECLARE, R-H-DECLARE,
R-W-DECLARE, R-ROTATE, R-W-KITTY) and a Hand receives its flow."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from solver.cards import deck, parse_cards
from solver.game.flows import FLOWS, TractorFlow, flow_for
from solver.game.hand import Hand, HandSetup, Phase
from solver.games import shengji
from solver.rules import preset

ROOT = Path(__file__).resolve().parent.parent


def test_every_shengji_game_has_its_flow() -> None:
    for g in shengji():
        assert flow_for(g.rules).name == g.flow and g.flow in FLOWS


def test_what_the_table_sees_of_a_declaration() -> None:
    """R-W-DECLARE: 五三二 shows the joker only; the others show every card."""
    cards = parse_cards("SJ 5S 5S")
    assert [str(c) for c in FLOWS["wusaner"].shown_cards(cards)] == ["SJ"]
    assert FLOWS["henan"].shown_cards(parse_cards("BJ 2H")) == parse_cards("BJ 2H")


def test_next_dealer_is_the_flows() -> None:
    """R-ROTATE for henan/tractor; R-W-KITTY: the stage player who did not take the kitty last."""
    assert FLOWS["henan"].next_dealer(1, "dealers_up", 1, {}) == 3
    assert FLOWS["tractor"].next_dealer(1, "swap", 0, {}) == 2
    assert FLOWS["wusaner"].next_dealer(1, "swap", 0, {0: 2, 1: 1}) == 0
    assert FLOWS["wusaner"].next_dealer(1, "swap", 0, {1: 1}) is None


def test_a_hand_receives_its_flow() -> None:
    """A flow passed in is the one the hand asks (here: one that refuses every overturn)."""

    class NoOverturns(TractorFlow):
        def check_overturn(self, standing, decl, earlier):  # type: ignore[no-untyped-def]
            from solver.game.errors import GameError

            raise GameError("no overturns here", code="game.declare.not_stronger", rule="R-OPT")

    rules = preset("tractor")
    cards = deck()
    random.Random(3).shuffle(cards)
    plain = Hand(HandSetup.first(rules), cards)
    custom = Hand(HandSetup.first(rules), cards, flow=NoOverturns())
    assert isinstance(plain.flow, TractorFlow) and not isinstance(plain.flow, NoOverturns)
    for h in (plain, custom):
        while h.phase == Phase.DEAL and not h.declarations:
            h.deal()
            for seat in range(4):
                opts = h.declaration_options(seat)
                if opts and not h.declarations:
                    h.declare(seat, opts[0])
    assert plain.declarations and custom.declarations
    stronger = parse_cards("BJ BJ")
    assert custom.flow.declaration_candidates(2, stronger) == [tuple(stronger)]
    seat = (custom.declarations[0].seat + 1) % 4
    custom.give(seat, stronger)   # give a seat the strongest declaration
    plain.give(seat, stronger)
    assert plain.can_declare(seat, stronger) and not custom.can_declare(seat, stronger)


def test_flows_see_a_hand_only_through_its_public_protocol() -> None:
    """flows.py imports state.py, not hand.py, and calls no private Hand method."""
    tree = ast.parse((ROOT / "solver" / "game" / "flows.py").read_text(encoding="utf-8"))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "solver.game.hand" not in modules and "solver.game.state" in modules
    private = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
               and isinstance(n.value, ast.Name) and n.value.id == "hand" and n.attr.startswith("_")}
    assert not private, private
