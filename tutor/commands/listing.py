"""The ``--full`` content listings (CONTRACT.md, Content listings): the text a
learner reads for every puzzle and every lesson step, formatted exactly as
shown (cards in the default style), so anyone can audit it from outside."""

from __future__ import annotations

from typing import Any

from content.i18n import _, get_language

#: The card style a fresh install shows (Settings can change it).
DEFAULT_STYLE = "glyphs"


def shown(text: str) -> str:
    """``text`` with its card codes drawn in the default card style."""
    from tutor.tui.widgets.cards import style_card_tokens

    return style_card_tokens(text, DEFAULT_STYLE, get_language())


def _label(msgid: str, params: dict[str, Any]) -> str:
    from tutor.tui.widgets.cards import display_params

    return _(msgid, **display_params(params, DEFAULT_STYLE, get_language()))


def puzzle_entry(puzzle: Any) -> dict[str, Any]:
    """A puzzle's question, answer and the explanation read after the right
    answer and after each wrong choice (``"*"``: any wrong number).  Generic
    over kinds: every kind the bank holds goes through the same calls."""
    from lessons.puzzles import (answer_text, explain_right, explain_wrong, options,
                                 question_text, response, wrong_choices)

    resp = response(puzzle)
    labels = {repr(v): _label(m, p) for m, p, v in options(puzzle) or []}
    return {"question": shown(question_text(puzzle)),
            "answer": shown(answer_text(puzzle, resp)),
            "explain_right": shown(_("puzzle.verdict.right", explanation=explain_right(puzzle, resp))),
            "explain_wrong": [{"choice": labels.get(repr(v), shown(label)),
                               "text": shown(_("puzzle.verdict.wrong",
                                               explanation=explain_wrong(puzzle, v, resp)))}
                              for label, v in wrong_choices(puzzle, resp)]}


def step_entry(step: Any) -> dict[str, Any]:
    """A lesson step's prompt, choices, hints and feedback (``""`` and empty
    lists for reading steps)."""
    from lessons.judge import example_answer, feedback_text, judge, wrong_answers

    entry: dict[str, Any] = {"id": step.id, "type": step.type,
                             "prompt": shown(_(step.text, **step.params)),
                             "choices": [_label(o.text, o.params) for o in step.options],
                             "hints": [shown(_(h)) for h in step.hints],
                             "feedback_right": "", "feedback_wrong": []}
    if step.interactive:
        right = example_answer(step)
        if right is not None:
            entry["feedback_right"] = shown(feedback_text(step, judge(step, right)))
        entry["feedback_wrong"] = [{"choice": label if label == "*" else shown(label),
                                    "text": shown(feedback_text(step, judge(step, value)))}
                                   for label, value in wrong_answers(step)]
    return entry
