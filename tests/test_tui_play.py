"""Play screen: you and three bots; play a card, take a hint, an illegal
play explained with its R-ID, undo, save and replay the hand."""

from __future__ import annotations

import pytest

from content.i18n import translate
from tests.tui_util import assert_fits, assert_shown, screen_text, sync
from tutor.store import Store
from tutor.tui.app import TutorApp

pytest.importorskip("solver.game.hand")


async def open_play(pilot, app, key="1", seed=3, declare=False):
    """Open the table; unless ``declare``, let every declaration chance pass (x)."""
    await pilot.press(key)
    app.open_screen("play", seed=seed)
    await pilot.pause()
    await pilot.pause()
    screen = app.screen
    while not declare and getattr(screen.table, "pending", None):
        await pilot.press("x")
        await pilot.pause()
    return screen


async def open_burial(pilot, app, game, key):
    """Open a table of ``game`` where you take the kitty (the first seed
    whose first declaration chance, taken, makes you the burier) and stop
    at the burial."""
    seed = next(s for s in range(60) if table_like_screen(game, s, declare_first=True).burying)
    screen = await open_play(pilot, app, key=key, seed=seed, declare=True)
    keys = iter(["1"])
    while screen.table.pending:
        await pilot.press(next(keys, "x"))
        await pilot.pause()
    assert screen.table.burying
    return screen


def table_like_screen(game, seed, declare_first=False):
    """The table the Play screen builds: every declaration chance passed, or
    the first one taken (``declare_first``: 1, then x)."""
    from tutor.tui.models.shengji import ShengjiTable

    t = ShengjiTable(game, seed=seed, human_declare=True)
    first = declare_first
    while t.pending:
        if first:
            t.declare(0)
            first = False
        else:
            t.pass_declare()
    return t


@sync
async def test_take_a_hint_and_play_it():
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app)
        table = screen.table
        assert table.hand.turn == 0
        n_before = len(table.my_cards())
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        hand = screen.query_one("#my-hand")
        assert hand.selection() and "Hint" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.my_cards()) < n_before
        assert table.hand.turn == 0 or table.done
        assert_fits(app)


@sync
async def test_illegal_play_is_explained_and_nothing_moves():
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app)
        table = screen.table
        # Find an illegal selection: one card when the lead has more, or a card off-suit.
        from itertools import combinations

        size = len(table.hand.lead) if table.hand.lead else 1
        cards = table.my_cards()
        bad = None
        for k in ([size] if table.hand.lead else [2]):
            for combo in combinations(cards, k):
                if table.explain(list(combo)):
                    bad = list(combo)
                    break
            if bad:
                break
        if bad is None:  # the lead accepts anything of its size: play the wrong number of cards
            bad = cards[: size + 1]
        before = len(cards)
        screen.query_one("#my-hand").select_cards(bad)
        await pilot.press("enter")
        await pilot.pause()
        assert "Not allowed" in screen_text(app) and "R-" in screen_text(app)
        assert len(table.my_cards()) == before
        # the selection cleared (⌫), the reason about those cards goes
        await pilot.press("backspace")
        await pilot.pause()
        assert "Not allowed" not in screen_text(app)
        assert not screen.query_one("#my-hand").selection()


@sync
async def test_undo_then_finish_save_and_replay():
    store = Store.memory()
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="3", seed=5)
        table = screen.table
        cards = table.suggest()
        before = list(table.my_cards())
        assert screen.play_cards(cards)
        await pilot.press("u")
        await pilot.pause()
        assert sorted(map(str, table.my_cards())) == sorted(map(str, before))
        # Finish the hand with the suggested plays.
        while not table.done:
            cards = table.suggest()
            assert screen.play_cards(cards)
        await pilot.pause()
        assert_shown(app, "Hand over")
        # the hand's message names the keys now; no "Enter: play" under an empty hand
        assert str(screen.query_one("#play-help").render()) == ""
        saved = store.hands("tractor")
        assert saved and saved[0]["history"]["total"] is not None
        hist = saved[0]["history"]
        assert hist["tricks"] and all(len(t["plays"]) == 4 for t in hist["tricks"])
        await pilot.press("r")
        await pilot.pause()
        # the first step tells what came before the tricks (declarations, the kitty)
        assert_shown(app, "Replay: before the first trick")
        assert_shown(app, "The kitty:")
        await pilot.press("right")
        await pilot.pause()
        assert_shown(app, "Replay: trick 1/")
        await pilot.press("right")
        await pilot.pause()
        assert_shown(app, "Replay: trick 2/")
        assert_fits(app)
        await pilot.press("escape")


@pytest.mark.slow  # the default suite walks every screen in tests/test_tui_render.py
@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
@pytest.mark.parametrize("key", ["1", "2", "3"])
@sync
async def test_play_renders(lang, key):
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_play(pilot, app, key=key, seed=11)
        assert_fits(app)
        assert_shown(app, translate("tui.key.hint", lang), translate("tui.seat.you", lang))


@sync
async def test_cjk_suit_style_in_play():
    store = Store.memory()
    store.set_setting("suit_style", "cjk")
    app = TutorApp(store, language="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_play(pilot, app, seed=2)
        text = screen_text(app)
        assert "♠" not in text and ("黑" in text or "梅" in text)
        assert_fits(app)


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
@sync
async def test_yishang_enter_with_nothing_selected_asks_for_one_card(lang):
    """Learner walk: Enter with no card selected said "select only one card"
    (tui.ys.one_card), which is advice for too many.  Nothing selected now
    says to select one (tui.ys.no_card), nothing moves; two selected still
    gets tui.ys.one_card."""
    pytest.importorskip("solver.yishang.game")
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="4", seed=5)
        t = screen.table
        assert not t.waiting_challenge
        hand = screen.query_one("#my-hand")
        before = list(t.my_cards())
        for chosen, said, not_said in (([], "tui.ys.no_card", "tui.ys.one_card"),
                                       (t.my_cards()[:2], "tui.ys.one_card", "tui.ys.no_card")):
            hand.select_cards(chosen)
            await pilot.press("enter")
            await pilot.pause()
            text = screen_text(app)
            assert translate(said, lang) in text and translate(not_said, lang) not in text
            assert list(t.my_cards()) == before


@sync
async def test_yishang_table_play_challenge_and_hint():
    """一上一下 (R-Y-UP, R-Y-DOWN): play by hint, answer claims, until the game ends."""
    pytest.importorskip("solver.yishang.game")
    store = Store.memory()
    app = TutorApp(store, language="zh-Hant")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="4", seed=5)
        t = screen.table
        assert_fits(app)
        assert_shown(app, translate("tui.seat.you", "zh-Hant"))
        # A wrong-size selection is refused with a message, nothing moves.
        if not t.waiting_challenge:
            screen.query_one("#my-hand").select_cards(t.my_cards()[:2])
            await pilot.press("enter")
            await pilot.pause()
            assert translate("tui.ys.one_card", "zh-Hant") in screen_text(app)
        challenged = False
        for _ in range(300):
            if t.done:
                break
            if t.waiting_challenge:
                await pilot.press("h")
                await pilot.pause()
                await pilot.press("a" if challenged else "c")
                challenged = True
            else:
                await pilot.press("h", "enter")
            await pilot.pause()
        assert t.done
        assert_shown(app, translate("tui.ys.over", "zh-Hant"))
        assert store.hands("yishang")
        assert_fits(app)


@sync
async def test_match_mode_has_no_undo():
    store = Store.memory()
    store.set_setting("practice", False)
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="1", seed=8)
        t = screen.table
        assert screen.play_cards(t.suggest())
        n = len(t.my_cards())
        await pilot.press("u")
        await pilot.pause()
        assert len(t.my_cards()) == n and not t.can_undo()
        # the key line offers no undo in a match (it listed "u undo", which did nothing)
        assert screen.help_text() and "u undo" not in screen.help_text()
        assert "h hint" in screen.help_text()


@pytest.mark.parametrize("game,key", [("henan", "1"), ("wusaner", "2")])
@sync
async def test_bury_your_own_kitty(game, key):
    """R-H-KITTY / R-W-KITTY: when you take the kitty you choose what to bury."""
    app = TutorApp(Store.memory(), language="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_burial(pilot, app, game, key)
        t = screen.table
        assert_fits(app)
        # the kitty's cards right after the full-width colon (the audit read "底牌是： ♥3")
        from tutor.tui.widgets.cards import cards_text

        shown = cards_text(t.kitty_picked(), screen.tutor.suit_style, "zh-Hans").plain
        assert "底牌是：" + shown in screen.trick_view().plain
        size = t.rules.kitty_size
        screen.query_one("#my-hand").select_cards(t.my_cards()[:1])
        await pilot.press("enter")
        await pilot.pause()
        assert "✗" in screen_text(app) and t.burying
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(screen.query_one("#my-hand").selection()) == size
        await pilot.press("enter")
        await pilot.pause()
        assert not t.burying and len(t.hand.kitty) == size
        assert_fits(app)


@pytest.mark.parametrize("game,key", [("henan", "1"), ("wusaner", "2")])
@sync
async def test_h_while_declaring_gives_the_bots_choice(game, key):
    """R-H-DECLARE / R-W-DECLARE: h while you may declare answers with the
    baseline bot's choice and the trumps it gives you (or its advice to
    pass); the walk pressed h at "你现在可以报主：1) 小王 ♣2 …" and saw nothing."""
    from solver.bots import BaselineBot
    from solver.game.view import SeatView
    from tutor.tui.models.shengji import ShengjiTable

    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        seed = next(s for s in range(60) if ShengjiTable(game, seed=s, human_declare=True).pending)
        screen = await open_play(pilot, app, key=key, seed=seed, declare=True)
        t = screen.table
        assert t.pending
        options = list(t.pending)
        view = SeatView(t.hand, 0)
        bot = BaselineBot()
        choice = bot.overturn(view, options) if t.hand.standing is not None else bot.declare(view, options)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "Hint (the bot's choice)" in text, text
        if choice is None:
            assert "press x to go on" in text
        else:
            n = bot.declaration_trumps(view, choice)
            assert f"option {options.index(choice) + 1}," in text and f"you hold {n} trump" in text
        assert t.pending  # a hint decides nothing
        assert_fits(app)


@pytest.mark.parametrize("game,word", [("henan", "不能这样盖底"), ("wusaner", "不能这样扔牌")])
def test_a_refused_burial_speaks_of_burying(game, word):
    """R-H-KITTY / R-W-KITTY: a wrong burial says so in burying words, and
    counts what you chose: the learner walk read "✗不能这样出（盖底牌）：
    底牌必须正好8张（给了0张）。" (a play refusal, "given")."""
    from content.i18n import set_language

    set_language("zh-Hans")
    try:
        seed = next(s for s in range(60) if table_like_screen(game, s, declare_first=True).burying)
        t = table_like_screen(game, seed, declare_first=True)
        with pytest.raises(ValueError) as info:
            t.bury(t.my_cards()[:1])
        text = str(info.value)
        assert text.startswith(word) and "不能这样出" not in text, text
        assert "你选了1张" in text and "给了" not in text, text
    finally:
        set_language("en")


@pytest.mark.slow
@sync
async def test_strong_bots_play_in_a_worker():
    """Strong bots search (hint engine) off the UI thread; the hand is locked meanwhile."""
    store = Store.memory()
    store.set_setting("bot_level", "strong")
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="3", seed=4)
        t = screen.table
        n = len(t.my_cards())
        assert screen.play_cards(t.suggest())
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.busy and len(t.my_cards()) < n
        assert t.hand.turn == 0 or t.done


@sync
async def test_next_hand_continues_the_match():
    """R-LEVELS / R-ROTATE: after a hand, n deals the next hand with the levels moved."""
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="3", seed=5)
        t = screen.table
        while not t.done:
            assert screen.play_cards(t.suggest())
        result = t.hand.result
        levels = t.info()["levels"]
        assert levels != ("2", "2") or result.levels == 0
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        assert app.screen.table is t and not t.done and t.info()["hand_no"] == 2
        assert_shown(app, "hand 2")
        assert_fits(app)


@sync
async def test_hand_keyboard_rows_and_mouse():
    """←/→ and ↑/↓ move over a hand that wraps; space and a click select."""
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="1", seed=3)
        hand = screen.query_one("#my-hand")
        rows = {r for r, _s, _e in hand._layout.spans}
        await pilot.press("right", "right", "space")
        assert hand.selected == {2}
        if len(rows) > 1:
            await pilot.press("down")
            assert hand._layout.spans[hand.cursor][0] == 1
            await pilot.press("up")
            assert hand.cursor == 2
        await pilot.click(hand, offset=(hand.gutter.left, hand.gutter.top))
        await pilot.pause()
        assert hand.selected == {0, 2}



@sync
async def test_declare_trump_yourself():
    """R-T-DECLARE: a dealt card that gives you a declaration pauses the deal; a digit declares."""
    seed = next(s for s in range(40) if __import__("tutor.tui.models.shengji", fromlist=["x"]).ShengjiTable(
        "tractor", seed=s, human_declare=True).pending)
    app = TutorApp(Store.memory(), language="zh-Hant")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="3", seed=seed, declare=True)
        t = screen.table
        assert t.pending
        assert_shown(app, translate("tui.play.declare_prompt", "zh-Hant"), translate("tui.key.skip_declare", "zh-Hant"))
        assert_fits(app)
        # Playing cards is refused until you decide.
        assert "✗" not in screen_text(app)
        option = list(t.pending[0])
        await pilot.press("1")
        await pilot.pause()
        assert t.hand.declarations and t.hand.declarations[0].seat == 0 or any(
            d.seat == 0 for d in t.hand.declarations)
        while t.pending:
            await pilot.press("x")
            await pilot.pause()
        assert t.hand.phase.value in ("bury", "play", "done")
        assert_fits(app)
        del option


@pytest.mark.parametrize("game", ["henan", "wusaner"])
def test_the_burial_hint_voids_suits_like_the_search_bots(game):
    """The Play screen's burial hint is the search bots' burial
    (solver/bots/kitty.py), which the hand accepts."""
    from solver.bots import BaselineBot
    from solver.bots.kitty import VoidBurier
    from solver.game.view import SeatView

    seed = next(s for s in range(60) if table_like_screen(game, s, declare_first=True).burying)
    t = table_like_screen(game, seed, declare_first=True)
    hint = sorted(t.suggest(), key=str)
    view = SeatView(t.hand, 0)
    assert hint == sorted(VoidBurier().bury(view, t.rules.kitty_size), key=str)
    assert hint != sorted(BaselineBot().bury(view, t.rules.kitty_size), key=str)
    t.bury(hint)
    assert not t.burying


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
@sync
async def test_chinese_sentences_follow_each_other_without_a_space(lang):
    """What just happened ("对家亮♠2报主。对家拿了底牌…") and a hint with its
    reasons are sentences joined the Chinese way: no half-width space after 。."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_play(pilot, app, key="3")

        def lines() -> str:  # the screen's lines without their padding
            return "\n".join(line.rstrip() for line in screen_text(app).splitlines())

        said = lines()
        assert "。" in said and "。 " not in said, said
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        hinted = lines()
        assert hinted != said and "。 " not in hinted, hinted


@pytest.mark.parametrize("lang,line", [("zh-Hans", "▶ 上家：♣8 ♣8"), ("en", "▶ Left: ♣8 ♣8")])
def test_trick_lines_use_the_languages_colon(lang, line):
    """The trick read "▶ 上家: ♣8 ♣8" with a half-width colon in Chinese."""
    from content.i18n import set_language
    from solver.cards import parse_cards
    from tutor.tui.screens.play_shengji import trick_text
    set_language(lang)
    try:
        text = trick_text([(3, parse_cards("8C 8C"))], "glyphs", leader=3).plain
    finally:
        set_language("en")
    assert text.splitlines()[0] == line, text


@sync
async def test_wusaner_declaring_keys_say_show():
    """R-W-DECLARE: in 五三二 the skip key reads 不亮 (a declaration is shown,
    亮牌), not 不报; the prompt says 亮牌 too."""
    from tutor.tui.models.shengji import ShengjiTable
    seed = next(s for s in range(40) if ShengjiTable("wusaner", seed=s, human_declare=True).pending)
    app = TutorApp(Store.memory(), language="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="2", seed=seed, declare=True)
        assert screen.table.pending
        text = screen_text(app)
        assert translate("tui.key.skip_declare.wusaner", "zh-Hans") in text.splitlines()[-1]
        assert translate("tui.key.skip_declare", "zh-Hans") not in text and "亮牌" in text
        assert_fits(app)
        for _ in range(60):  # x (不亮) lets the deal go on until nothing is left to decide
            if not screen.table.pending:
                break
            await pilot.press("x")
            await pilot.pause()
        assert not screen.table.pending


def _wusaner_burial_taken_back(seed_range=range(60)):
    """A 五三二 seed where you take the kitty (every declaration passed) and
    the suggested bury holds cards of the declarer's secret trump suit."""
    for s in seed_range:
        t = table_like_screen("wusaner", s)
        if t.burying and t.hand.standing.seat != 0 and any(
                not c.is_joker and c.suit == t.hand.standing.trump for c in t.suggest()):
            return s
    raise AssertionError("no seed")


@pytest.mark.parametrize("lang,size", [("en", (120, 40)), ("zh-Hant", (80, 24))])
@sync
async def test_wusaner_kitty_line_tells_the_take_back(lang, size):
    """R-W-KITTY (揭牌): you bury the suggested cards; the declarer takes
    back those of the secret trump suit and discards as many in their place.
    The screen shows what you buried (not the kitty as it is now), says who
    took back which cards and what the kitty now holds, once (the move's
    message said it again in other words)."""
    from collections import Counter

    from tutor.tui.widgets.cards import card_label

    seed = _wusaner_burial_taken_back()
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=size) as pilot:
        screen = await open_play(pilot, app, key="2", seed=seed)
        t = screen.table
        assert t.burying
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        chosen = list(screen.query_one("#my-hand").selection())
        await pilot.press("enter")
        await pilot.pause()
        assert not t.burying
        h = t.hand
        declarer = h.standing.seat
        back = [c for c in chosen if not c.is_joker and c.suit == h.standing.trump]
        assert back
        # The engine's log: you buried ``chosen``; the declarer took ``back``.
        assert [(r.seat, Counter(r.cards)) for r in h.log if r.op == "bury"] == [(0, Counter(chosen))]
        assert [(r.seat, Counter(r.cards)) for r in h.log if r.op == "take_back"] == [
            (declarer, Counter(back))]
        assert Counter(h.kitty) != Counter(chosen)
        style = screen.tutor.suit_style
        labels = lambda cards: " ".join(card_label(c, style, lang) for c in t.ctx.sorted(cards))  # noqa: E731
        info = screen.info_text().plain
        gap = "" if lang.startswith("zh") else " "  # no space after a full-width colon
        assert translate("tui.play.kitty", lang) + gap + labels(chosen) in info
        assert translate("tui.play.kitty_now", lang) + gap + labels(h.kitty) in info
        assert labels(back) in info
        assert_fits(app, *size)
        from tutor.tui.models.table import seat_name

        seat = seat_name(declarer)
        long = translate("tui.play.kitty_taken_back", lang, seat=seat, cards=labels(back))
        assert long in info
        # Said once on the screen (wrapped lines joined): the audit of 80×24
        # read the take-back on the line of your burial and again, in other
        # words, in the move's message.
        said = "".join(screen_text(app).split())
        why = "".join(translate("tui.play.kitty_taken_back", lang).split("{cards}")[1].split())
        assert said.count(why) == 1, said
        assert said.count("tookback" if lang == "en" else "收回") == 1, said  # spaces joined
        # After the first trick the why is not said again: one short line
        # (the hint walk of session 35: four lines above every hint all hand)
        while not h.tricks:
            t.play(t.suggest())
        later = screen.info_text().plain
        assert long not in later
        assert translate("tui.play.kitty_taken_back_short", lang, seat=seat, cards=labels(back)) in later
        assert translate("tui.play.kitty_now", lang) + gap + labels(h.kitty) in later


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@sync
async def test_the_key_line_follows_what_you_do_now(lang):
    """The line under your hand names the keys for what you do now: burying
    (R-H-KITTY: Enter buries, not "Enter: play"), then playing.  The learner
    walk of 2026-12-03 read "Enter: play" while burying and after the hand."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_burial(pilot, app, "henan", "1")
        help_line = screen.query_one("#play-help").render()
        assert str(help_line) == translate("tui.play.help_bury", lang)
        assert_shown(app, translate("tui.play.help_bury", lang))
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        # the suggested burial is named in the order the hand shows its cards
        from tutor.tui.widgets.cards import card_label

        picked = screen.query_one("#my-hand").selection()
        named = " ".join(card_label(c, screen.tutor.suit_style, lang) for c in picked)
        assert len(picked) == 8 and named in str(screen.query_one("#play-message").render())
        # ... and the key line says in words what is picked, of how many
        # (reverse video alone is lost on some terminals)
        assert str(screen.query_one("#play-help").render()) == "\n".join((
            translate("tui.play.picked_of", lang, count=8, need=8, cards=named),
            translate("tui.play.help_bury", lang)))
        await pilot.press("backspace")
        await pilot.pause()
        assert str(screen.query_one("#play-help").render()) == translate("tui.play.help_bury", lang)
        hand = screen.query_one("#my-hand")
        hand.cursor = 0
        await pilot.press("space")
        await pilot.pause()
        one = translate("tui.play.picked_of", lang, count=1, need=8,
                        cards=card_label(hand.cards[0], screen.tutor.suit_style, lang))
        assert str(screen.query_one("#play-help").render()).split("\n")[0] == one
        assert ("Picked 1 of 8" in one) if lang == "en" else ("已选1张" in one)
        # BJ / SJ are explained under the hand where they are shown by letters
        # (nothing is played while burying: a joker can only be in the hand)
        joker = any(c.is_joker for c in screen.table.my_cards())
        assert (hand.border_subtitle == "BJ big joker · SJ small joker") == (lang == "en" and joker)
        assert hand.border_subtitle == "" or lang == "en"
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.table.burying
        assert str(screen.query_one("#play-help").render()) == translate(
            "tui.play.help", lang, last=translate("tui.play.key_last_hide", lang))
        assert_fits(app)


@pytest.mark.parametrize("lang,word", [("en", "for now"), ("zh-Hans", "暂定")])
@sync
async def test_a_standing_declaration_shows_as_trump_for_now(lang, word):
    """R-T-DECLARE: while the deal goes on, the declaration that stands fixes
    trump until someone overcalls it.  The header said "trump not yet
    decided" beside "Left declared ♦2" (the learner walk of 2026-12-03); it
    now names the suit, for now."""
    from tutor.tui.models.shengji import ShengjiTable

    seed = next(s for s in range(60)
                if (t := ShengjiTable("tractor", seed=s, human_declare=True)).pending
                and t.hand.standing is not None and t.hand.standing.trump)
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="3", seed=seed, declare=True)
        t = screen.table
        assert t.pending and t.hand.standing is not None
        info = str(screen.query_one("#table-info").render())
        assert word in info, info
        assert translate("tui.play.undecided", lang) not in info.split("·")[2], info
        assert_fits(app)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_joker_legend_shows_once_a_joker_is_in_sight(lang):
    """English shows the jokers as BJ / SJ: the hand's border explains them
    once a joker is in your hand or has been played; not before, and never
    in Chinese, which names them 大王 / 小王."""
    from content.i18n import set_language
    from tutor.tui.screens.play_shengji import ShengjiPlayScreen

    set_language(lang)
    try:
        seen = {True: 0, False: 0}
        for seed in range(12):
            screen = ShengjiPlayScreen.__new__(ShengjiPlayScreen)
            screen.table = t = table_like_screen("tractor", seed)
            mine = any(c.is_joker for c in t.my_cards())
            legend = screen.joker_legend()
            assert bool(legend) == (lang == "en" and mine), (seed, legend)
            seen[mine] += 1
        assert seen[True] and seen[False]
    finally:
        set_language("en")


@pytest.mark.parametrize("size,whole", [((80, 24), False), ((120, 40), True)])
@sync
async def test_a_challenge_hint_leaves_the_hand_and_the_prompt_on_screen(size, whole):
    """R-Y-DOWN: at a face-down claim, h on an 80×24 screen gave 10-12 lines
    and pushed the hand and "c: challenge · a: let it stand" off the screen
    (the walk of 2026-12-04).  A short screen shows the advice, the chance
    of a bluff and the sum; a tall one the whole count (the pile, …)."""
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=size) as pilot:
        screen = await open_play(pilot, app, key="4", seed=5)
        t = screen.table
        for _ in range(200):
            if t.waiting_challenge or t.done:
                break
            await pilot.press("h", "enter")
            await pilot.pause()
        assert t.waiting_challenge
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "Let it stand" in text or "Challenge" in text
        always = t.hint_job()().reasons[0][0].endswith("_always")
        # advice that holds whatever the card is keeps its reason instead
        # (test_a_short_screen_keeps_why_a_challenge_never_pays)
        assert ("the chance it is a bluff" in text) == (whole or not always)
        assert "Reset +" in text or not always
        # the pile part is part of why a challenge never pays (shown then on a short screen too);
        # the sum says what the parts' numbers are, on any screen (a walk)
        assert "Counted in cards" in " ".join(text.split())
        assert ("Pile +" in text or "Pile -" in text) == (whole or always)
        assert "c: challenge" in text  # the prompt
        from tutor.tui.widgets.cards import card_label
        first = card_label(t.my_cards()[0], app.suit_style, "en")
        assert first in text  # the hand
        assert_fits(app, *size)


@sync
async def test_yishang_says_the_card_picked_and_drops_a_stale_refusal():
    """R-Y-UP: Enter with no card picked is refused ("Select one card"); a
    walk then picked a card and still read the refusal, and could not see
    the pick (reverse video only).  The prompt names the card picked, and
    the refusal goes once a card is picked.  After the end, the status line
    says the game is over, not what the next play is."""
    from content.i18n import translate
    from solver.yishang.game import Game
    from tutor.tui.screens.play_yishang import status_text
    from tutor.tui.widgets.cards import card_label

    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="4", seed=5)
        t = screen.table
        for _ in range(50):  # to your turn to play
            if not t.waiting_challenge and t.game.turn == 0:
                break
            await pilot.press("a")
            await pilot.pause()
        hand = screen.query_one("#my-hand")
        hand.select_cards([])
        await pilot.pause()
        assert not screen.play_cards([])
        await pilot.pause()
        refusal = screen.message()
        assert refusal and refusal[1:].strip() in screen_text(app)
        card = t.my_cards()[0]
        hand.select_cards([card])
        await pilot.pause()
        text = screen_text(app)
        assert refusal[1:].strip() not in text
        said = translate("tui.play.picked", "en", count=1, cards=card_label(card, app.suit_style, "en"))
        assert said in text
    import random

    from solver.yishang.bots import make_bot, step

    g, bots, rng = Game(4, 1), [make_bot("honest") for _ in range(4)], random.Random(1)
    while not g.over:
        step(g, bots, rng)
    said = str(status_text(g))
    assert said.startswith(translate("tui.ys.status_over", "en", pile=g.pile_size, draw=g.draw_size))
    assert translate("tui.ys.face_up", "en") not in said
    # and the key line offers only what still works (a walk read c, a, h, u after the end)
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="4", seed=5)
        t = screen.table
        for _ in range(400):
            if t.done:
                break
            if t.waiting_challenge:
                t.respond(False)
            else:
                t.play(t.my_cards()[:1])
        screen.redraw()
        await pilot.pause()
        keys = screen.query_one("#ys-keys").text
        assert keys == translate("tui.ys.help_done", "en") and "challenge" not in keys


@sync
async def test_a_saved_hand_that_no_longer_reads_is_said_so():
    """A saved hand whose record is damaged was hidden: r said "No saved hand
    for this game yet" (a walk).  It says the saved hand could not be read."""
    from content.i18n import translate

    store = Store.memory()
    store.conn.execute("INSERT INTO hands (ts, game, history) VALUES ('2026-12-04', 'henan', '{broken')")
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="1", seed=3)
        screen.table = None  # no hand under way (r replays that one): the saved hands are asked
        screen.action_replay()
        await pilot.pause()
        told = [n.message for n in app._notifications]
        assert translate("tui.play.saved_unreadable", "en", n=1) in told, told
        assert translate("tui.play.no_saved", "en") not in told


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@sync
async def test_t_says_whether_it_hides_or_shows_the_last_trick(lang):
    """The last trick is shown at first; the key line said "t last" beside
    it and a walk pressed t expecting to see it, and it hid.  The line now
    says what t does."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="3", seed=5)
        t = screen.table
        assert screen.play_cards(t.suggest())
        await pilot.pause()
        hide = translate("tui.play.key_last_hide", lang)
        show = translate("tui.play.key_last_show", lang)
        assert f"t {hide}" in str(screen.query_one("#play-help").render())
        await pilot.press("t")
        await pilot.pause()
        assert not screen.show_last and f"t {show}" in str(screen.query_one("#play-help").render())
        assert_fits(app)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@sync
async def test_n_during_a_hand_says_new_match_and_asks_before_dropping_the_levels(lang):
    """During a hand n starts a new match, its levels from the start (R-LEVELS):
    the key line says so, not "new hand", and so does the question before
    the hand is given up ("n 新一局" beside the hand's end "n：下一局" read as
    the same key doing two things, a walk)."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app)
        footer = screen_text(app).splitlines()[-1]
        assert translate("tui.key.new_match", lang) in footer, footer
        assert translate("tui.key.new_hand", lang) not in footer
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")  # the hint's cards are picked: play them
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.table.under_way()
        await pilot.press("n")
        await pilot.pause()
        asked = screen_text(app).replace("\n", "").replace(" ", "")
        assert translate("tui.play.new_question", lang).replace(" ", "")[:20] in asked


@pytest.mark.parametrize("key", ["3", "4"])
@sync
async def test_r_during_a_hand_replays_that_hand(key):
    """r on the key line during a hand replays the hand so far; it said "no
    saved hands yet" (a walk).  Nothing is saved by it."""
    store = Store.memory()
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key=key)
        for _ in range(3):
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert screen.table.under_way() and not screen.table.done
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is not screen, "no replay opened"
        text = screen_text(app)
        assert "no saved" not in text.lower()
        assert not store.hands(app.game)
        assert_fits(app)


def _finish(t) -> None:  # type: ignore[no-untyped-def]
    """Play the hand out with the bots' choices (bury, pass, play)."""
    while not t.done:
        if t.burying:
            t.bury(t.suggest())
        elif t.pending:
            t.pass_declare()
        else:
            t.play(t.suggest())


def test_a_match_with_scored_hands_is_progress_before_any_card():
    """R-LEVELS, R-MATCH: n before your first card of hand 2 dropped the
    match's levels without a question (a walk): a scored hand is progress."""
    from tutor.tui.models.shengji import ShengjiTable

    t = ShengjiTable("tractor", seed=3)
    assert not t.has_progress()
    _finish(t)
    assert t.next_hand()
    assert not t.under_way() and t.has_progress()


@sync
async def test_r_while_the_cards_are_dealt_says_there_is_nothing_to_replay_yet():
    """r during the deal and the declaring: a replay then read "trump: none"
    and "no trick played", or opened the previous hand unsaid (two walks)."""
    from content.i18n import translate

    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, app, key="1", seed=1, declare=True)
        assert screen.table.pending and not screen.table.replayable()
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is screen
        assert translate("tui.play.replay_dealing", "en") in [n.message for n in app._notifications]


def test_a_resumed_match_still_says_who_deals_next():
    """R-ROTATE: after a finished hand kept and resumed (Continue), n deals
    the next hand and says who deals and why; the note was missing after a
    resume, the match's results not being kept (a walk)."""
    from tutor.tui.models.shengji import ShengjiTable

    t = ShengjiTable("tractor", seed=3)
    _finish(t)
    back = ShengjiTable.restore(t.snapshot(), bots="normal")
    assert back.done and back.has_progress()
    assert back.next_hand()
    assert back.events and back.events[0].msgid.startswith("tui.play.ev.rotate_"), back.events[:2]
