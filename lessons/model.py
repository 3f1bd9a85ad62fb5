"""Lesson data model: frozen value objects read from ``lessons/<game>/*.json``.

A lesson is a list of steps, in the spirit of lichess Learn stages: each
step carries a goal text (a message id), an optional card diagram, and, for
interactive steps, a *check request* that the real engine answers
(``checks.answer``) plus a predicate on the engine's response.  No
step stores "the right cards": correctness is always computed.

Step types:

- ``text``: an explanation with an optional card diagram (``cards``).
- ``select``: the learner picks cards from ``cards``; the selection replaces
  the placeholder ``"$selection"`` in ``check`` and the response must match
  ``expect`` (every key of ``expect`` equal in the response).
- ``choice``: the learner picks one of ``options``; ``check`` is a complete
  request and an option is right when its ``match`` agrees with the response.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.cards import Card
from solver.games import by_course, courses

#: The lesson courses (the game registry's, in teaching order).
GAMES = courses()
#: Which rules preset each course plays (the ``rules`` field of its checks).
GAME_PRESET = {c: by_course(c).preset_name for c in GAMES}
STEP_TYPES = ("text", "select", "choice")
SELECTION = "$selection"


@dataclass(frozen=True)
class Option:
    """One answer of a choice step: a label (message id + params) and the
    part of the engine's response that makes it the right answer."""

    text: str
    params: dict[str, Any] = field(default_factory=dict, hash=False)
    match: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Step:
    id: str
    type: str
    text: str
    cards: tuple[Card, ...] = ()
    #: Display and request context: ``rules``, ``level``, ``trump``, plus
    #: diagram extras (``lead``, ``plays``, ``hand``, ``labels``) and, for a
    #: select step, ``pick`` (how many cards to select; absent = any number).
    context: dict[str, Any] = field(default_factory=dict, hash=False)
    check: dict[str, Any] | None = field(default=None, hash=False)
    expect: dict[str, Any] | None = field(default=None, hash=False)
    options: tuple[Option, ...] = ()
    hints: tuple[str, ...] = ()
    success: str = "lesson.judge.correct"
    failure: str = "lesson.judge.wrong"
    rule: str | None = None
    seed_ref: str | None = None
    #: Parameters for the step's text (e.g. ``{"level": "6"}``).
    params: dict[str, Any] = field(default_factory=dict, hash=False)

    @property
    def interactive(self) -> bool:
        return self.type != "text"

    @property
    def pick(self) -> int | None:
        value = self.context.get("pick")
        return int(value) if value is not None else None


@dataclass(frozen=True)
class Lesson:
    id: str
    game: str
    title: str
    summary: str
    requires: tuple[str, ...]
    rids: tuple[str, ...]
    steps: tuple[Step, ...]
    #: The file the lesson was read from (for error messages and tooling).
    source: str = field(default="", compare=False)

    def step(self, step_id: str) -> Step:
        for s in self.steps:
            if s.id == step_id:
                return s
        raise KeyError(step_id)

    @property
    def interactive_steps(self) -> tuple[Step, ...]:
        return tuple(s for s in self.steps if s.interactive)


@dataclass(frozen=True)
class Verdict:
    """The judge's answer: ``message`` is a message id, ``params`` fill it;
    ``rule`` is the R-ID to cite (the step's, or the engine's reason)."""

    correct: bool
    message: str
    params: dict[str, Any] = field(default_factory=dict, hash=False)
    rule: str | None = None

    def text(self) -> str:
        from content.i18n import _

        return _(self.message, **self.params)


__all__ = ["GAMES", "GAME_PRESET", "STEP_TYPES", "SELECTION", "Option", "Step", "Lesson", "Verdict"]
