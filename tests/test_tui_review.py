"""The review screen (issue 17): after a hand in Play, and for a saved hand
in Analyze; marks arrive while the review runs; a mistake comes back as a
puzzle in the Quiz and is solved by a play near the best."""

from __future__ import annotations

import asyncio
import time

from solver.cards import format_cards
from tests.tui_util import assert_fits, assert_shown, screen_text, sync
from tutor.store import Store
from tutor.tui.screens import review as review_screen
from tutor.tui.app import TutorApp


async def _wait(pilot, cond, seconds: float = 240.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.05)
        await pilot.pause()


@sync
async def test_review_after_a_hand_in_play():
    from tests.test_tui_breakdown import finished_hand

    store = Store.memory()
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await finished_hand(pilot, app)
        assert_shown(app, "v: review")
        await pilot.press("v")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, review_screen.ReviewScreen)
        assert_shown(app, "Hand review")
        seen_partial = []

        def progressed() -> bool:
            if review.rated and review.result is None:
                seen_partial.append(len(review.rated))
            return review.result is not None

        await _wait(pilot, progressed)
        await pilot.pause()
        r = review.result
        hist = store.hands("tractor")[0]["history"]
        mine = sum(1 for t in hist["tricks"] for i, _p in enumerate(t["plays"])
                   if (t["leader"] + i) % 4 == 0)
        assert len(r.plays) == mine == len(review.rated)
        text = screen_text(app)
        assert f"accuracy {r.accuracy}%" in text
        # your seat at Play is named as you, not "you as seat 1" (the walk of 2026-12-03)
        assert "your plays (" in text and "as seat" not in text
        assert "Review done." in text
        assert_fits(app)
        # Marked plays became personal puzzles, due now.
        marked = [p for p in r.plays if p.mark in ("mistake", "blunder")]
        assert len(review.saved) == len(marked)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, review_screen.ReviewScreen)


def _hand_with_a_mistake():
    from tests.test_play_puzzles import _hand_with_a_mistake as find

    return find()


@sync
async def test_a_mistake_comes_back_in_the_quiz_and_a_better_play_solves_it():
    h, r = _hand_with_a_mistake()
    store = Store.memory()
    hand_id = store.save_hand("henan", h)
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")  # henan
        app.open_screen("analyze")
        await pilot.pause()
        await pilot.press("ctrl+g")  # Analyze: review the latest saved hand (your seat, 0)
        await pilot.pause()
        review = app.screen
        assert isinstance(review, review_screen.ReviewScreen) and review.seat == 0
        await pilot.press("escape")  # closing cancels the review
        await pilot.pause()
        assert not isinstance(app.screen, review_screen.ReviewScreen)
        # The same screen for the seat that made the mistake in this self-play hand.
        app.push_screen(review_screen.ReviewScreen(h, hand_id, r.seat, game="henan"))
        await pilot.pause()
        review = app.screen
        await _wait(pilot, lambda: review.result is not None)
        await pilot.pause()
        assert review.result.plays == r.plays  # the same review as the command's
        assert review.saved
        assert_shown(app, "Plays that cost 10 points or more, saved as puzzles")
        await pilot.press("escape")
        await pilot.pause()
        app.open_screen("quiz")
        await pilot.pause()
        quiz = app.screen
        assert quiz.puzzle.kind == "mistake" and quiz.from_review
        marked = next(p for p in r.plays if p.mark in ("mistake", "blunder"))
        assert_shown(app, "Find a better play than")
        # The same play again is wrong; the review's best is right.
        inp = app.screen.query_one("#cards")
        inp.value = format_cards(marked.played)
        await pilot.press("enter")
        await pilot.pause()
        assert_shown(app, "✗")
        inp.value = format_cards(marked.best)
        await pilot.press("enter")
        await pilot.pause()
        assert_shown(app, "✓")
        assert quiz.solved
        assert_fits(app)
