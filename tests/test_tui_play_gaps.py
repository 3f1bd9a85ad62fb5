"""Play screen: 一上一下 undo / save / replay, the learner's own riot
(河南, R-H-RIOT) and the learner's own discards after taking back the
secret suit (五三二, R-W-KITTY)."""

from __future__ import annotations

import pytest

from content.i18n import translate
from tests.test_tui_play import open_play, table_like_screen
from tests.tui_util import assert_fits, assert_shown, screen_text, sync
from tutor.store import Store
from tutor.tui.app import TutorApp

pytest.importorskip("solver.game.hand")


def _pile(t):
    """The pile as comparable tuples."""
    return [(str(pc.card), pc.face_up, pc.declared, pc.player) for pc in t.game.pile]


@sync
async def test_yishang_undo_save_and_replay():
    """一上一下 (R-Y-UP, R-Y-DOWN): play a card, undo: hand and pile as before;
    save, then the replay steps through the moves forward and back."""
    pytest.importorskip("solver.yishang.game")
    store = Store.memory()
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="4", seed=5)
        t = screen.table
        for _ in range(20):  # until it is your turn to play (not to answer a claim)
            if not t.waiting_challenge:
                break
            await pilot.press("a")
            await pilot.pause()
        assert not t.waiting_challenge and not t.done
        hand, pile, log = list(map(str, t.my_cards())), _pile(t), len(t.game.log)
        screen.query_one("#my-hand").select_cards(t.my_cards()[:1])
        await pilot.press("enter")
        await pilot.pause()
        assert len(t.game.log) > log
        await pilot.press("u")
        await pilot.pause()
        t = screen.table
        assert list(map(str, t.my_cards())) == hand and _pile(t) == pile and len(t.game.log) == log
        assert_shown(app, translate("tui.ys.undone", "en"))
        assert all(t.events(str))  # the retold moves, none blank
        # Play two moves, save, replay.
        for _ in range(2):
            if t.waiting_challenge:
                await pilot.press("a")
            else:
                await pilot.press("h", "enter")
            await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        saved = store.hands("yishang")
        assert saved and saved[0]["history"]["log"] == t.game.log
        # nothing played since: a second s says so and keeps one copy
        await pilot.press("s")
        await pilot.pause()
        assert len(store.hands("yishang")) == len(saved)
        assert translate("tui.play.already_saved.yishang", "en", id=saved[0]["id"]) in [
            n.message for n in app._notifications]
        await pilot.press("r")
        await pilot.pause()
        # the first step is the deal: who leads, the target, your hand
        assert_shown(app, "Replay: the deal", "The deal: ")
        await pilot.press("right")
        await pilot.pause()
        assert_shown(app, "Replay: move 1/")
        first = screen_text(app)
        from tutor.tui.models.yishang import MOVES, event_text

        moves = [i for i, r in enumerate(t.game.log) if r["op"] in MOVES]
        assert screen_text(app).count("Replay: move") == 1
        assert event_text(t.game.log, moves[0], str)[:12] in first
        await pilot.press("right")
        await pilot.pause()
        assert_shown(app, "Replay: move 2/")
        assert screen_text(app) != first
        await pilot.press("left")
        await pilot.pause()
        assert_shown(app, "Replay: move 1/")
        # End and Home: the last and the first move at once (75 presses, a walk)
        await pilot.press("end")
        await pilot.pause()
        assert_shown(app, f"Replay: move {len(moves)}/{len(moves)}")
        await pilot.press("home")
        await pilot.pause()
        assert_shown(app, "Replay: the deal")
        assert_fits(app)
        await pilot.press("escape")


@sync
async def test_yishang_match_mode_cannot_undo():
    """Undo is for practice games only; a match game keeps every play."""
    pytest.importorskip("solver.yishang.game")
    store = Store.memory()
    store.set_setting("practice", False)
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        t = (await open_play(pilot, app, key="4", seed=5)).table
        if t.waiting_challenge:
            await pilot.press("a")
        else:
            await pilot.press("h", "enter")
        await pilot.pause()
        n = len(t.game.log)
        await pilot.press("u")
        await pilot.pause()
        assert app.screen.table is t and len(t.game.log) == n


@pytest.mark.parametrize("riot", [True, False])
@sync
async def test_henan_riot_is_yours(riot):
    """R-H-RIOT: an attacker under the threshold is asked (y riots, x plays on)."""
    seed = next(s for s in range(100) if table_like_screen("henan", s).riot_offer)
    app = TutorApp(Store.memory(), language="zh-Hant")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="1", seed=seed)
        t = screen.table
        assert t.riot_offer and t.hand.is_attacker(0)
        assert t.riot_points() < t.rules.riot_threshold
        assert_shown(app, translate("tui.key.riot", "zh-Hant"))
        # Chinese names the rule (暴動) and never shows its bare R-ID (issue 15)
        assert "R-H-RIOT" not in screen_text(app) and "重新發牌" in screen_text(app)
        assert_fits(app)
        # Playing a card first is refused with the reason.
        screen.query_one("#my-hand").select_cards(t.my_cards()[:1])
        await pilot.press("enter")
        await pilot.pause()
        assert translate("tui.play.riot_first", "zh-Hant") in screen_text(app) and t.riot_offer
        dealer = t.hand.dealer
        deals = t.match.deals
        await pilot.press("y" if riot else "x")
        await pilot.pause()
        assert not t.riot_offer
        if riot:
            assert t.match.deals == deals + 1 and t.match.riots == 1
            assert t.hand.setup.dealer == dealer  # the dealer stays
        else:
            assert t.match.deals == deals and t.hand.phase.value != "riot"
        assert_fits(app)


@sync
async def test_wusaner_discards_after_taking_back_are_yours():
    """R-W-KITTY: the declarer takes back the secret suit and chooses as many
    discards; an illegal choice shows the engine's reason."""
    def reaches(s):
        t = table_like_screen("wusaner", s, declare_first=True)
        if t.burying:
            t.bury(t.suggest())
        return t.reclaiming

    seed = next(s for s in range(60) if reaches(s))
    app = TutorApp(Store.memory(), language="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="2", seed=seed, declare=True)
        keys = iter(["1"])
        while screen.table.pending:
            await pilot.press(next(keys, "x"))
            await pilot.pause()
        t = screen.table
        if t.burying:
            screen.query_one("#my-hand").select_cards(t.suggest())
            await pilot.press("enter")
            await pilot.pause()
        assert t.reclaiming
        n = len(t.taken_back())
        assert_shown(app, translate("tui.play.taken_back", "zh-Hans"))
        assert_fits(app)
        # Illegal: the taken-back trump cards themselves (or the wrong count).
        bad = t.taken_back() if not t.hand.can_reclaim(0, t.taken_back()) else t.my_cards()[:n + 1]
        screen.query_one("#my-hand").select_cards(bad)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)  # the rule by its name, never a bare R-ID in Chinese
        assert "✗" in text and translate("ruleref.R-W-KITTY.title", "zh-Hans") in text and "R-W-KITTY" not in text
        assert t.reclaiming
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(screen.query_one("#my-hand").selection()) == n
        await pilot.press("enter")
        await pilot.pause()
        assert not t.reclaiming and t.hand.phase.value == "play"
        assert_fits(app)


@sync
async def test_yishang_changing_the_declared_rank_keeps_the_picked_card():
    """R-Y-DOWN: face down you pick a card and may change the rank you
    declare with +/-.  The learner walk of 2026-12-03 pressed + after a hint
    and the card was dropped, so Enter said "Select one card".  The pick (and
    the hint's mark) now stay; at the lowest rank "-" says why it cannot go
    lower instead of doing nothing."""
    pytest.importorskip("solver.yishang.game")
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="4", seed=5)
        t = screen.table
        for _ in range(60):  # to your first face-down turn
            if t.done or (not t.waiting_challenge and not t.game.face_up and t.game.turn == 0):
                break
            await pilot.press("a" if t.waiting_challenge else "h")
            if not t.waiting_challenge:
                await pilot.pause()
                await pilot.press("enter")
            await pilot.pause()
        assert not t.done and not t.game.face_up and not t.waiting_challenge
        hand = screen.query_one("#my-hand")
        await pilot.press("h")
        await pilot.pause()
        picked, marks = hand.selection(), hand.marks
        assert len(picked) == 1 and marks
        declared = t.declared
        await pilot.press("plus" if declared != 15 else "minus")
        await pilot.pause()
        assert t.declared != declared
        assert hand.selection() == picked and hand.marks == marks
        while t.change_declared(-1):
            pass
        screen.redraw()
        hand.select_cards(picked)
        await pilot.press("minus")
        await pilot.pause()
        assert t.declared == 3 and hand.selection() == picked
        assert translate("tui.ys.declare_limit", "en", low="3", high="2") in [
            n.message for n in app._notifications]
        await pilot.press("enter")
        await pilot.pause()
        assert translate("tui.ys.one_card", "en") not in screen_text(app)
        assert_fits(app)
