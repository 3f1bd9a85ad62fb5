"""Analyze builds its position from the hand in progress or from a saved
hand at a chosen play, without JSON typing (issue 15); the question the
learner chose is kept when a hand is opened; an empty field is a one-line
warning naming it, in every language (never a silent default)."""

from __future__ import annotations

from collections import Counter

import pytest

from content.i18n import LANGUAGES, translate
from solver.cards import parse_cards
from tests.test_tui_flows import _play_some
from tests.test_tui_review import _wait
from tests.tui_util import assert_fits, screen_text, sync
from tutor.store import Store
from tutor.tui.app import TutorApp
from tutor.tui.layout import verdict_mark
from tutor.tui.models.saved import saved_turns
from tutor.tui.models.shengji import ShengjiTable


def shown_as(field: str, cards) -> bool:
    """A form field holds these cards, as the learner reads them (♠J ♠J, 大王;
    the form parses them) and in their order."""
    from content.i18n import get_language
    from tutor.tui.widgets.cards import card_label

    return field == " ".join(card_label(c, "glyphs", get_language()) for c in cards)


def finished_history(game: str = "henan", seed: int = 4) -> dict:
    t = ShengjiTable(game, seed=seed)
    while not t.done:
        t.play(t.suggest())
    return t.history()


async def open_analyze(pilot, app, key: str = "1"):
    await pilot.press(key, "a")
    await pilot.pause()
    return app.screen


async def choose(pilot, app, select_id: str, value):
    app.screen.query_one(f"#{select_id}").value = value
    for _ in range(3):
        await pilot.pause()
    return app.screen


async def open_saved_asking(pilot, app, kind: str):
    """Analyze with ``kind`` chosen first, then Ctrl+O (the latest saved hand)."""
    await open_analyze(pilot, app)
    await choose(pilot, app, "kind", kind)
    await pilot.press("ctrl+o")
    for _ in range(3):
        await pilot.pause()
    return app.screen


async def ask_and_wait(pilot, app):
    screen = app.screen
    screen.action_ask()
    for _ in range(400):  # the hint runs in a worker
        await pilot.pause(0.05)
        if not screen.thinking:
            break
    return screen.result.plain


def shown_best(text: str, pos) -> list:
    """The cards the rendered hint names as best (its first line), parsed back."""
    first = text.splitlines()[0]
    cards = first.rsplit(":", 1)[1].strip().rstrip(".")
    return parse_cards(cards)


@sync
async def test_best_play_from_the_hand_in_progress():
    """Leave a hand mid-play (it is kept), open Analyze, Ctrl+T: the position
    is your seat's view of that table (other hands hidden), and the hint
    answers it with a play the engine accepts there (R-FOLLOW / R-LEAD)."""
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        play = await _play_some(pilot, app, tricks=2)
        table = play.table
        expected = table.position().to_json()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        screen = await open_analyze(pilot, app, "3")
        await choose(pilot, app, "kind", "hint")
        screen = app.screen
        await pilot.press("ctrl+t")
        for _ in range(3):
            await pilot.pause()
        screen = app.screen
        assert screen.kind == "hint" and screen.source == "table"
        assert screen.turn.position.to_json() == expected
        assert screen.turn.position.hands[1] is None  # what you saw, not the bots' cards
        assert "{" not in screen_text(app)  # no JSON on screen
        assert_fits(app)
        screen.set_values(budget="1", deals="4")
        text = await ask_and_wait(pilot, app)
        assert "✗" not in text, text
        best = shown_best(text, screen.turn.position)
        assert best and screen.turn.position.is_legal(best)


@sync
async def test_a_saved_hand_at_a_chosen_play_keeps_the_question():
    """Pick a saved hand and one of your plays in it: the position before that
    play fills the question you had chosen (not reset to another), and the
    engine answers it (your own follow in a finished hand is legal)."""
    store = Store.memory()
    history = finished_history()
    hand_id = store.save_hand("henan", history)
    turns = saved_turns(history)
    pick = next(i for i, t in enumerate(turns) if i >= 5 and not t.led)
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app)
        await choose(pilot, app, "kind", "forced")
        await choose(pilot, app, "source", str(hand_id))
        screen = app.screen
        assert screen.kind == "forced" and screen.source == str(hand_id)
        await choose(pilot, app, "turn", pick)
        screen = app.screen
        turn = turns[pick]
        assert screen.kind == "forced" and screen.turn.trick == turn.trick
        assert shown_as(screen.values["lead"], turn.plays[0])
        assert Counter(parse_cards(screen.values["hand"])) == Counter(turn.position.hand(0))
        # The same moment, asked another question: the follow is filled in too.
        await choose(pilot, app, "kind", "follow")
        screen = app.screen
        assert screen.turn is turn or screen.turn.trick == turn.trick
        assert shown_as(screen.values["play"], turn.played)
        text = await ask_and_wait(pilot, app)
        assert "✗" not in text and "legal" in text.lower()
        # And the best play there (trick ``pick``), the hand shown, not JSON.
        await choose(pilot, app, "kind", "hint")
        screen = app.screen
        assert screen.turn.trick == turn.trick and shown_as(screen.values["play"], turn.played)
        assert "{" not in screen_text(app)
        screen.set_values(budget="1", deals="4")
        text = await ask_and_wait(pilot, app)
        assert "✗" not in text, text
        assert turn.position.is_legal(shown_best(text, turn.position))
        assert_fits(app)


@sync
async def test_ctrl_o_keeps_the_question_and_steps_through_your_plays():
    store = Store.memory()
    history = finished_history(seed=6)
    store.save_hand("henan", history)
    turns = saved_turns(history)
    app = TutorApp(store, language="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved_asking(pilot, app, "classify")
        assert screen.kind == "classify"  # the question is kept (it was reset to follow)
        assert shown_as(screen.values["cards"], turns[0].played)
        await pilot.press("ctrl+n")
        for _ in range(3):
            await pilot.pause()
        screen = app.screen
        assert screen.kind == "classify" and shown_as(screen.values["cards"], turns[1].played)
        assert_fits(app)


@sync
async def test_no_hand_in_progress_is_said_not_crashed():
    app = TutorApp(Store.memory(), language="zh-Hant")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_analyze(pilot, app)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.screen.result.plain == "✗" + translate("tui.analyze.table.none", "zh-Hant")  # no space in Chinese


@pytest.mark.parametrize("lang", LANGUAGES)
@sync
async def test_an_empty_field_is_named_not_defaulted(lang):
    """An empty level was taken as 2: now each empty field is a warning that
    names it (level, trump, a card field), and nothing is asked."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app)
        cases = [("level", translate("tui.analyze.level", lang)),
                 ("trump", translate("tui.analyze.trump", lang)),
                 ("lead", translate("tui.analyze.field.lead", lang))]
        for blank, label in cases:
            values = {"level": "2", "trump": "S", "lead": "10H 10H", "hand": "9H 9H 3H", "play": "3H 9H"}
            values[blank] = "  "
            screen.set_values(**values)
            await pilot.press("ctrl+r")
            await pilot.pause()
            warning = translate("input.empty_field", lang, field=label)
            assert warning.strip() and label in warning
            assert screen.result.plain == verdict_mark(False, lang) + warning
            assert "\n" not in screen.result.plain
        assert_fits(app)
        # The best-play question with no position says how to get one.
        await choose(pilot, app, "kind", "hint")
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.screen.result.plain == verdict_mark(False, lang) + translate("tui.analyze.need_position", lang)


def finish(t: ShengjiTable) -> ShengjiTable:
    while not t.done:
        if t.riot_offer:
            t.answer_riot(False)
        elif t.burying:
            t.bury(t.suggest())
        else:
            t.play(t.suggest())
    return t


@sync
async def test_the_review_names_the_real_hand_of_the_match():
    """The review said "hand 1" for every hand: the second hand of a match is hand 2."""
    from tutor.tui.screens.review import ReviewScreen

    t = finish(ShengjiTable("tractor", seed=5))
    assert t.next_hand()
    history = finish(t).history()
    assert history["match"]["hand"] == 2
    store = Store.memory()
    hand_id = store.save_hand("tractor", history)
    app = TutorApp(store, language="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        review = ReviewScreen(history, hand_id, 0, game="tractor", workers=1)
        app.push_screen(review)
        assert review.number == 2
        await _wait(pilot, lambda: review.result is not None or review.error is not None)
        await pilot.pause()
        r = review.result
        side = translate("review.side.attackers" if r.plays[0].attacker else "review.side.dealers",
                         "zh-Hans")
        head = translate("review.hand_yours", "zh-Hans", number=2, side=side, accuracy=r.accuracy)  # your seat: 你的出牌
        assert head in screen_text(app)


@sync
async def test_a_hand_where_you_never_led_says_so_for_a_lead_question():
    """Henan seed 24: seat 0 only followed.  Asking whether a throw stands
    and opening the hand says that, instead of "no trick was played"."""
    t = ShengjiTable("henan", seed=24)
    history = finish(t).history()
    turns = saved_turns(history)
    assert turns and not any(x.led for x in turns)
    store = Store.memory()
    store.save_hand("henan", history)
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved_asking(pilot, app, "throw")
        assert screen.kind == "throw" and len(screen.turns) == len(turns)
        assert screen.result.plain.startswith(translate("tui.analyze.never_led", "en"))
        assert translate("tui.analyze.turn.not_led", "en") in screen.result.plain  # this play too
        assert "No trick was played" not in screen_text(app)


@sync
async def test_keys_typed_on_a_button_go_into_the_form():
    """Issue 15: keys typed while a button had focus were lost."""
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app)
        screen.query_one("#ask").focus()
        await pilot.press("1", "0", "h")
        await pilot.pause()
        lead = screen.query_one("#f-lead")
        assert lead.value == "10h" and app.focused is lead and screen.values["lead"] == "10h"


@sync
async def test_going_home_with_f1_keeps_the_hand_for_analyze():
    """F1 (or the palette) left the table without keeping the hand: it was
    lost, and Analyze had no hand in progress to take."""
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        play = await _play_some(pilot, app, tricks=1)
        expected = play.table.position().to_json()
        await pilot.press("f1")
        await pilot.pause()
        assert len(app.screen_stack) == 1
        app.open_screen("analyze")
        await pilot.pause()
        await pilot.press("ctrl+t")
        for _ in range(3):
            await pilot.pause()
        assert app.screen.turn.position.to_json() == expected


@sync
@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
async def test_score_from_a_saved_hand_is_its_end(lang):
    """The walk of session 34: "Score the hand" on a saved hand filled the
    points of the trick you picked and an empty kitty (an attacker never
    sees it).  A finished hand fills how it ended: its points (a failed
    throw's included), its kitty, its last lead and who took that trick
    (R-H-KITTY's multiplier reads them), and the engine's total is the total
    the hand recorded."""
    store = Store.memory()
    # Henan seed 1: the attackers take the last trick (one card) and double
    # a kitty of 15 points: 100 + 2 × 15 = 130.
    history = finish(ShengjiTable("henan", seed=1)).history()
    store.save_hand("henan", history)
    turns = saved_turns(history)
    end = turns[0].end
    assert end is not None and len(end.kitty) == 8 and end.attackers_won_last
    assert (end.attacker_points, history["total"]) == (100, 130)
    app = TutorApp(store, language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved_asking(pilot, app, "score")
        assert screen.kind == "score"
        values = screen.values
        assert values["attacker_points"] == str(end.attacker_points)
        assert shown_as(values["kitty"], end.kitty) and shown_as(values["last_lead"], end.last_lead)
        assert values["attackers_won_last"] == translate(
            "tui.analyze.yes" if end.attackers_won_last else "tui.analyze.no", lang)
        text = await ask_and_wait(pilot, app)
        assert "✗" not in text and str(history["total"]) in text, text
        assert_fits(app)
