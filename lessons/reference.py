"""The rules reference and the glossary, as data for the Rules screen.

``content/rules/<game>.json`` (game = a rules preset: tractor, henan,
wusaner, yishang) lists every R-ID that applies to that game, each with a
title and text message id and the seed examples that lessons teach for it;
``content/glossary.json`` lists the terms with their three written forms.
"""

from __future__ import annotations

import json

from content.i18n import game_msgid as game_msgid, rule_label as rule_label  # re-exported: lessons name rules with them
from solver.games import names
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

CONTENT = Path(__file__).resolve().parent.parent / "content"


RULE_GAMES = names()


@dataclass(frozen=True)
class RuleExample:
    seed_ref: str
    lesson: str
    step: str
    text: str


@dataclass(frozen=True)
class RuleEntry:
    rid: str
    title: str
    text: str
    examples: tuple[RuleExample, ...] = ()


@dataclass(frozen=True)
class RuleBook:
    game: str
    course: str
    title: str
    seed: str | None
    rules: tuple[RuleEntry, ...] = field(default=())

    def rule(self, rid: str) -> RuleEntry:
        for r in self.rules:
            if r.rid == rid:
                return r
        raise KeyError(rid)


@dataclass(frozen=True)
class Term:
    id: str
    term: str
    definition: str
    forms: dict[str, str] = field(hash=False, default_factory=dict)


@lru_cache(maxsize=8)
def load_rules(game: str) -> RuleBook:
    data: dict[str, Any] = json.loads((CONTENT / "rules" / f"{game}.json").read_text(encoding="utf-8"))
    rules = tuple(RuleEntry(r["rid"], r["title"], r["text"],
                            tuple(RuleExample(**e) for e in r.get("examples", [])))
                  for r in data["rules"])
    return RuleBook(data["game"], data["course"], data["title"], data.get("seed"), rules)


@lru_cache(maxsize=1)
def load_glossary() -> tuple[Term, ...]:
    data = json.loads((CONTENT / "glossary.json").read_text(encoding="utf-8"))
    return tuple(Term(t["id"], t["term"], t["definition"], dict(t["forms"])) for t in data)


__all__ = ["load_rules", "load_glossary", "RuleBook", "RuleEntry", "RuleExample", "Term", "RULE_GAMES",
           "answer_sentence", "example_steps", "seed_example", "step_answer"]


def example_steps(game: str, rid: str, fallback: bool = True) -> list[Any]:
    """The lesson steps that ask a question about rule ``rid`` in ``game``:
    the seed's examples the lessons restate (in the rule entry's order),
    else (``fallback``) the course's own questions citing the rule."""
    from lessons.catalog import get_lesson, load_lessons

    try:
        book = load_rules(game)
        entry = book.rule(rid)
    except (KeyError, OSError, ValueError):
        return []
    steps = []
    for ex in entry.examples:
        try:
            step = get_lesson(ex.lesson).step(ex.step)
        except KeyError:
            continue
        if step.interactive:
            steps.append(step)
    if not steps and fallback:
        steps = [s for ls in load_lessons() if ls.game == book.course for s in ls.steps
                 if s.interactive and s.rule == rid][:2]
    return steps


def step_answer(step: Any) -> tuple[str, str] | None:
    """A question step's answer and the reason, both from the engine (the
    option's label or the cards it accepts; the judge's account of them)."""
    from content.i18n import _
    from lessons.judge import example_answer, judge, several_right
    from solver.cards import format_cards

    right = example_answer(step)
    if right is None:
        return None
    if step.type == "choice":
        option = step.options[right]
        answer = _(option.text, **option.params)
    else:
        answer = format_cards(right)
    if several_right(step):
        # "→ The answer: ♣K" read as the only one where ♣4 was legal too
        answer = _("puzzle.answer_one_of", answer=answer)
    reason = str(judge(step, right).params.get("reason", ""))
    if reason == _("lesson.judge.engine_answer", answer=answer):
        reason = ""  # the engine gave no account beyond the answer itself
    return _said_once(answer, reason)


def _said_once(answer: str, reason: str) -> tuple[str, str]:
    """The answer and a reason that does not restate it: "A tractor. A
    tractor (consecutive pairs)." becomes "A tractor (consecutive pairs).",
    "The throw stands. The throw stands: nobody can beat…" becomes "The
    throw stands. Nobody can beat…"."""
    core = answer.rstrip("。. ")
    if not core or not reason.startswith(core):
        return answer, reason
    rest = reason[len(core):]
    if not rest.rstrip("。. "):
        return answer, ""
    if rest.startswith((" (", "（")):
        return reason.rstrip("。. "), ""
    for sep in ("：", ": ", "；", "; ", "，", ", "):
        if rest.startswith(sep):
            rest = rest[len(sep):].lstrip()
            return answer, rest[:1].upper() + rest[1:]
    return answer, reason


def answer_sentence(step: Any) -> str:
    """``The answer: X. Why.`` for a question step ("" when it has none)."""
    from content.i18n import _

    answered = step_answer(step)
    if answered is None:
        return ""
    answer, reason = answered
    return _("puzzle.verdict.answer", answer=answer, explanation=reason).rstrip()


def seed_example(game: str, rid: str) -> str:
    """The seed's worked example of rule ``rid`` for ``game``, as a lesson
    restates it, with its answer from the engine ("" when the seed gives no
    example with a question): what a verdict shows after the answer."""
    from content.i18n import _

    for step in example_steps(game, rid, fallback=False):
        answered = step_answer(step)
        if answered is not None:
            text, answer = _(step.text, **step.params), answered[0]
            ctx = step.context or {}
            if all(ctx.get(k) for k in ("level", "trump", "lead", "hand")):
                # the step's own position: a lesson step may lean on the one
                # before it ("Same lead, same hand: is that follow forced?")
                trump = str(ctx["trump"]).upper()
                where = dict(level=ctx["level"], lead=ctx["lead"], hand=ctx["hand"], text=text,
                             answer=answer)
                if trump == "NT":
                    return _("puzzle.example_at_nt", **where)
                return _("puzzle.example_at", trump=_("suit." + trump), **where)
            return _("puzzle.example", text=text, answer=answer)
    return ""

