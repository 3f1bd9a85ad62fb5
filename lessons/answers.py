"""The right answer said, with the engine's reason: for a lesson step
(:func:`answer_sentence`, :func:`reveal_text`), for a puzzle
(:func:`reveal`), and the seed's worked example of a rule
(:func:`seed_example`) that a verdict cites.

Above :mod:`lessons.judge` and :mod:`lessons.puzzles`: it asks them for the
answer and its account; neither needs this module.
"""

from __future__ import annotations

from typing import Any

from content.i18n import _, join_list
from lessons import play_puzzles
from lessons.bank import CARD_KINDS, Puzzle
from lessons.catalog import get_lesson, load_lessons
from lessons.judge import example_answer, judge, several_right
from lessons.model import Step
from lessons.puzzles import RULE_OF_KIND, answer_text, engine_response, explain_right
from lessons.reference import load_rules
from solver.cards import format_cards


def example_steps(game: str, rid: str, fallback: bool = True) -> list[Any]:
    """The lesson steps that ask a question about rule ``rid`` in ``game``:
    the seed's examples the lessons restate (in the rule entry's order),
    else (``fallback``) the course's own questions citing the rule."""
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
    answered = step_answer(step)
    if answered is None:
        return ""
    answer, reason = answered
    return _("puzzle.verdict.answer", answer=answer, explanation=reason).rstrip()


def seed_example(game: str, rid: str) -> str:
    """The seed's worked example of rule ``rid`` for ``game``, as a lesson
    restates it, with its answer from the engine ("" when the seed gives no
    example with a question): what a verdict shows after the answer."""
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
            if all(ctx.get(k) for k in ("level", "trump", "plays")) and str(ctx["trump"]).upper() != "NT":
                # a trick's example: its plays, which its options held ("…谁赢？"
                # could not be worked out from the text alone)
                plays = join_list(_("lesson.opt.play", n=i + 1, cards=str(p))
                                  for i, p in enumerate(ctx["plays"]))
                return _("puzzle.example_plays", level=ctx["level"],
                         trump=_("suit." + str(ctx["trump"]).upper()), plays=plays, text=text,
                         answer=answer)
            return _("puzzle.example", text=text, answer=answer)
    return ""


def reveal_text(step: Step) -> str:
    """The right answer of a lesson step with the engine's reason (after
    the last try, or on request): the option's label or the selection the
    engine accepts."""
    return answer_sentence(step)


def reveal(puzzle: Puzzle, resp: dict[str, Any] | None = None) -> str:
    """A puzzle's answer, shown after the last try or on request, with why
    and the seed's worked example of its rule."""
    if puzzle.kind in CARD_KINDS:
        return str(play_puzzles.reveal(puzzle))
    resp = resp if resp is not None else engine_response(puzzle.request)
    answer, why = answer_text(puzzle, resp), explain_right(puzzle, resp)
    if why.startswith(answer):  # "The throw fails: …" already says the answer
        text = _("puzzle.verdict.answer_is", explanation=why)
    else:
        text = _("puzzle.verdict.answer", answer=answer, explanation=why)
    example = seed_example(puzzle.game, RULE_OF_KIND.get(puzzle.kind, ""))
    # on a line of its own and said to be another question: run on after
    # the answer, its "Answer: Player 3" read as this puzzle's (a walk)
    return text + ("\n" + example if example else "")


__all__ = ["answer_sentence", "example_steps", "reveal", "reveal_text", "seed_example", "step_answer"]
