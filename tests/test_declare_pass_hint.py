"""The declaring hint says why the bot would not declare now, in counts of
your cards that would be trumps (R-GROUP), as its choice to declare does
(a walk read "do not declare now, press x" in 拖拉机 with no reason)."""

from __future__ import annotations

import pytest

from content.i18n import translate
from solver.bots import BaselineBot
from solver.cards import parse_cards
from solver.game.view import SeatView
from tutor.tui.models.shengji import ShengjiTable


def _finish(t: ShengjiTable) -> None:
    """Play the hand out with the bots' choices (burying, passing, playing)."""
    while not t.done:
        if t.burying:
            t.bury(t.suggest())
        elif t.reclaiming:
            t.reclaim(t.suggest())
        elif t.riot_offer:
            t.answer_riot(False)
        elif t.pending:
            t.pass_declare()
        else:
            t.play(t.suggest())


def test_a_pass_hint_gives_the_counts_it_rests_on() -> None:
    """Two hands of each game for a few seeds (the first hand's 抢报 is a
    race the bot always takes; later hands wait or overturn): every pass
    hint gives a reason whose counts are the bot's own."""
    kinds = []
    for game in ("henan", "tractor", "wusaner"):
        for seed in range(8):
            t = ShengjiTable(game, seed=seed, human_declare=True)
            for _hand in range(2):
                for _ in range(30):
                    if not t.pending:
                        break
                    advice = t.hint()
                    assert advice is not None
                    if not advice.cards:
                        kinds.append(_check_pass(t, advice))
                    t.pass_declare()
                _finish(t)
                t.next_hand()
    assert {"tui.play.hint.pass_wait", "tui.play.hint.pass_overturn"} <= set(kinds), kinds


def _check_pass(t: ShengjiTable, advice) -> str:  # type: ignore[no-untyped-def]
    assert advice.reasons
    [(code, params)] = advice.reasons
    view, bot = SeatView(t.hand, 0), BaselineBot()
    st = t.hand.standing
    assert t.pending
    if code.startswith("tui.play.hint.pass_wait"):
        assert st is None
        best = parse_cards(params["cards"])
        assert params["trumps"] == max(bot.declaration_trumps(view, o) for o in t.pending)
        assert params["trumps"] == bot.declaration_trumps(view, best)
        assert params["held"] == len(view.cards)
    elif code.startswith("tui.play.hint.pass_overturn"):
        assert code.endswith(".wusaner") == (t.game == "wusaner")  # 顶牌 there, not 反主
        assert st is not None and st.seat % 2 == 1
        assert params["now"] == bot.declaration_trumps(view, st.cards)
        assert params["trumps"] == max(bot.declaration_trumps(view, o) for o in t.pending)
    else:
        assert code.replace(".wusaner", "") in ("tui.play.hint.pass_partner", "tui.play.hint.pass_own") \
            and st is not None
        assert (st.seat == 0) == (code == "tui.play.hint.pass_own") and st.seat % 2 == 0
    for lang in ("en", "zh-Hans", "zh-Hant"):
        text = translate(code, lang, **params)
        assert "{" not in text and "?" not in text
        if "trumps" in params:
            assert str(params["trumps"]) in text
    return code.replace(".wusaner", "")
