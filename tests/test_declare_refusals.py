"""Why a declaration you hold brings no offer (R-T-DECLARE, R-H-OVERTURN,
R-W-OVERCALL): the engine lists the declarations a seat holds that may not
overturn the standing one, each with the engine's own reason, and the Play
table tells the learner once per standing declaration, only when nothing
is offered."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from content.i18n import set_language
from solver.game.errors import GameError
from tutor.tui.models.shengji import ShengjiTable
from tutor.tui.screens.play_shengji import event_text


def _pass_all(t: ShengjiTable) -> list:
    """Pass every offer; the events told.  When an offer stops the deal, no
    note that your cards cannot overturn stands beside it (a walk read
    "♣2反不了♠2" over "1) 大王 大王")."""
    events = list(t.events)
    for _ in range(60):
        if not t.pending:
            break
        told = t.pass_declare()
        if t.pending:
            assert not [e for e in told if e.msgid.startswith("tui.play.ev.held_refused")], told
        events += told
    return events


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(["henan", "tractor", "wusaner"]), seed=st.integers(0, 10_000))
def test_refusals_are_the_engines_and_never_offered(game, seed):
    """Each refused declaration is held, is not among the offers, fails
    ``verify_declare`` and carries the flow's ``overturn_reason``."""
    t = ShengjiTable(game, seed=seed, human_declare=True)
    h = t.hand
    for _ in range(60):
        refused = h.declaration_refusals(0)
        offered = h.declaration_options(0)
        for cards, why in refused:
            assert tuple(cards) not in {tuple(o) for o in offered}
            assert not h.can_declare(0, cards)
            decl = h.flow.parse_declaration(h.flow.declare_level(h, 0), 0, cards)
            assert h.flow.overturn_reason(h.standing, decl, h.declarations) == (False, why)
            try:
                h.verify_declare(0, cards)
            except GameError as err:
                assert err.rule == why.rule
        if not t.pending:
            break
        t.pass_declare()


def test_the_table_tells_a_refusal_once_for_each_standing_declaration():
    """Tractor seed 2: the learner passes; after another seat declares ♠2,
    the learner's own level singles cannot overturn it (equal strength,
    R-T-DECLARE); the table says so once, in the engine's words, and not
    again for the next single of the same kind."""
    set_language("zh-Hans")
    try:
        found = 0
        for seed in range(12):
            t = ShengjiTable("tractor", seed=seed, human_declare=True)
            notes = [e for e in _pass_all(t) if e.msgid.startswith("tui.play.ev.held_refused")]
            keys = [(e.params["standing"], len(e.params["cards"].split())) for e in notes]
            assert len(keys) == len(set(keys)), keys
            for e in notes:
                text = event_text(e, "glyphs")
                assert text.startswith("你手里的牌：") and "反不了" in text, text
                assert e.params["why"].startswith("game.declare.why.")
            found += bool(notes)
        assert found >= 6
    finally:
        set_language("en")


def test_wusaner_names_your_cards_and_the_overcall_rule():
    """五三二 seed 1 (R-W-OVERCALL): the learner passes on 小王 ♠4♠4, another
    seat shows first; the table says the learner's cards cannot be shown
    now, with the overcall rule, and never names the other seat's hidden
    pair."""
    set_language("zh-Hans")
    try:
        t = ShengjiTable("wusaner", seed=1, human_declare=True)
        events = _pass_all(t)
        notes = [e for e in events if e.msgid.startswith("tui.play.ev.held_refused")]
        assert len(notes) == 1
        text = event_text(notes[0], "glyphs")
        assert text.startswith("你的小王 ♠4 ♠4现在不能亮出：") and "大王" in text, text
        assert "♣7" not in text and "♣6" not in text
    finally:
        set_language("en")
