"""``shengji-tutor lessons``: list the lessons (``--json`` per CONTRACT.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from content.i18n import LANGUAGES, _, catalog, sentence_gap
from tutor.commands import error_line


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("lessons", help=_("cli.lessons.help"), description=_("cli.lessons.help"))
    p.add_argument("--json", action="store_true", help=_("cli.json.help"))
    # the tractor course is "common" here and "tractor" for puzzles and
    # selfplay: either name is taken (a walk typed one where the other was asked)
    p.add_argument("--game", choices=["common", "henan", "wusaner", "yishang"],
                   type=lambda s: {"tractor": "common"}.get(s, s), help=_("cli.lessons.game.help"))
    p.add_argument("--full", action="store_true", help=_("cli.full.help"))
    p.set_defaults(func=run)


def locales_of(msgids: set[str]) -> list[str]:
    """The languages whose catalogs hold every one of ``msgids``."""
    return [lang for lang in LANGUAGES if all(m in catalog(lang) for m in msgids)]


def listing(game: str | None = None, full: bool = False) -> list[dict[str, Any]]:
    from lessons.catalog import load_lessons, message_ids
    from tutor.commands.listing import step_entry

    out = []
    for lesson in load_lessons():
        if game and lesson.game != game:
            continue
        out.append({"id": lesson.id, "game": lesson.game, "title": _(lesson.title),
                    "steps": len(lesson.steps), "locales": locales_of(message_ids(lesson)),
                    "requires": list(lesson.requires), "rids": list(lesson.rids)})
        if full:
            out[-1]["steps"] = [step_entry(s) for s in lesson.steps]
    return out


def run(args: argparse.Namespace) -> int:
    from solver.errors import SolverError

    try:
        items = listing(args.game, args.full)
    except SolverError as err:
        print(error_line('shengji-tutor lessons', _(err.code, **err.params)), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(items, ensure_ascii=False))
        return 0
    if args.game:
        print_as_the_app(args.game)
        return 0
    game, number = None, 0
    for item in items:  # in the order they are taught; ids are for --json
        if item["game"] != game:
            game, number = item["game"], 0
            print(_("cli.lessons.course." + game))
        number += 1
        steps = item["steps"]  # with --full, the steps themselves (for --json)
        count = len(steps) if isinstance(steps, list) else steps
        print(f"  {number}. {item['title']}" + sentence_gap() + _("cli.lessons.steps", n=count))
    return 0


def print_as_the_app(course: str) -> None:
    """One course's list as the app shows it (``lessons --game henan``): the
    lessons of other courses it requires first, marked, then its own, with
    the app's numbers (a learner read "河南第3课" as two different lessons
    here and in the app)."""
    from lessons.catalog import course_list, load_lessons
    from tutor.tui.models.games import COURSE

    print(_("cli.lessons.course." + course))
    for number, lesson in enumerate(course_list(load_lessons(), course), 1):
        extra = ""
        if lesson.game != course:
            game = next((g for g, c in COURSE.items() if c == lesson.game), lesson.game)
            extra = "  " + _("tui.learn.from_course", game=_(f"tui.game.{game}"))
        print(f"  {number}. {_(lesson.title)}" + sentence_gap() + _("cli.lessons.steps", n=len(lesson.steps))
              + extra)
