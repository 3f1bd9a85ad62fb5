"""Spaced review of missed puzzles with FSRS (package ``fsrs``).

A puzzle gets a review card the first time it is missed; after that every
answer to it is a review: wrong → Again, right after hints → Hard, right →
Good.  Puzzles never missed get no card.  ``fsrs`` is imported lazily.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

#: Tests set this to False so intervals are deterministic.
FUZZING = True


def _scheduler() -> Any:
    from fsrs import Scheduler

    return Scheduler(enable_fuzzing=FUZZING)


def now() -> datetime:
    return datetime.now(UTC)


def schedule(card_json: str | None, correct: bool, hints: int = 0,
             when: datetime | None = None) -> tuple[str, str] | None:
    """The new (card json, due iso) after an answer, or None when the item
    needs no review card (never missed and answered right)."""
    if card_json is None and correct:
        return None
    from fsrs import Card, Rating

    card = Card.from_json(card_json) if card_json else Card()
    rating = Rating.Again if not correct else (Rating.Hard if hints else Rating.Good)
    card, _log = _scheduler().review_card(card, rating, review_datetime=when or now())
    return card.to_json(), card.due.isoformat()


def due_iso(when: datetime | None = None) -> str:
    return (when or now()).isoformat()
