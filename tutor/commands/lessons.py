"""``shengji-tutor lessons``: list the lessons (``--json`` per CONTRACT.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from content.i18n import LANGUAGES, _, catalog, join_list, sentence_gap
from solver.games import courses, game, names
from tutor.commands import error_line


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("lessons", help=_("cli.lessons.help"), description=_("cli.lessons.help"))
    p.add_argument("--json", action="store_true", help=_("cli.json.help"))
    # the tractor course is "common" here and "tractor" for puzzles and
    # selfplay: either name is taken (a walk typed one where the other was asked)
    p.add_argument("--game", choices=list(courses()), type=_course_name, help=_("cli.lessons.game.help"))
    p.add_argument("--full", action="store_true", help=_("cli.full.help"))
    p.set_defaults(func=run)


def _course_name(name: str) -> str:
    """A game's name (``puzzles --game tractor``) names the course teaching
    it (the game registry's ``course``)."""
    return game(name).course if name in names() else name


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
    from lessons.catalog import course_list, load_lessons

    # each course numbered as the app lists it: a course that requires
    # another's lessons first says so, and its own go on from there ("河南
    # 1." here was "5." in the app, a walk)
    game, numbers = None, {}
    for item in items:  # in the order they are taught; ids are for --json
        if item["game"] != game:
            game = item["game"]
            listed = course_list(load_lessons(), game)
            numbers = {lesson.id: n for n, lesson in enumerate(listed, 1)}
            print(_("cli.lessons.course." + game))
            first = [lesson for lesson in listed if lesson.game != game]
            if first:
                print(_("cli.lessons.first", last=len(first), game=game, courses=join_list(
                    sorted({_("cli.lessons.course." + lesson.game) for lesson in first}))))
        steps = item["steps"]  # with --full, the steps themselves (for --json)
        count = len(steps) if isinstance(steps, list) else steps
        print(f"  {numbers[item['id']]}. {item['title']}" + sentence_gap() + _("cli.lessons.steps", n=count))
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
