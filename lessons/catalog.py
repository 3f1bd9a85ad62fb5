"""Load and validate the lesson files ``lessons/<game>/*.json``.

Lessons are data; this module turns them into :mod:`lessons.model` objects,
checks every field (a malformed file raises :class:`LessonFileError` naming
the file and the field), and orders them by prerequisites (Exercism-style
unlock graph): a lesson always comes after everything it requires; ties keep
the course order (common, henan, wusaner, yishang) and the file order.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from content.i18n import os_reason
from solver.cards import parse_cards
from solver.errors import SolverError
from lessons.model import GAMES, STEP_TYPES, Lesson, Option, Step

LESSON_DIR = Path(__file__).resolve().parent

_STEP_FIELDS = {"id", "type", "text", "cards", "context", "check", "expect", "options", "hints",
                "success", "failure", "rule", "seed_ref", "params"}
_LESSON_FIELDS = {"id", "game", "title", "summary", "requires", "rids", "steps"}


class LessonFileError(SolverError):
    """A lesson file is malformed: ``params`` name the ``file`` and ``field``."""

    code = "lesson.error.field"

    def __init__(self, file: str, fieldname: str, detail: str) -> None:
        super().__init__(f"{file}: {fieldname}: {detail}", code="lesson.error.field",
                         file=file, field=fieldname, detail=detail)


def _need(cond: bool, file: str, fieldname: str, detail: str) -> None:
    if not cond:
        raise LessonFileError(file, fieldname, detail)


def _str(data: dict[str, Any], key: str, file: str, where: str, *, required: bool = True) -> str | None:
    value = data.get(key)
    if value is None and not required:
        return None
    _need(isinstance(value, str) and bool(value), file, f"{where}{key}", "must be a non-empty string")
    return value  # type: ignore[no-any-return,unused-ignore]


def parse_step(data: Any, file: str, where: str) -> Step:
    _need(isinstance(data, dict), file, where.rstrip("."), "a step must be an object")
    unknown = set(data) - _STEP_FIELDS
    _need(not unknown, file, where + (sorted(unknown)[0] if unknown else ""), "unknown field")
    sid = _str(data, "id", file, where)
    stype = _str(data, "type", file, where)
    _need(stype in STEP_TYPES, file, where + "type", f"must be one of {', '.join(STEP_TYPES)}")
    text = _str(data, "text", file, where)
    cards_text = data.get("cards", "")
    _need(isinstance(cards_text, str), file, where + "cards", "must be a card list string")
    try:
        cards = tuple(parse_cards(cards_text, max_copies=None))
    except SolverError as err:
        raise LessonFileError(file, where + "cards", str(err)) from None
    context = data.get("context") or {}
    _need(isinstance(context, dict), file, where + "context", "must be an object")
    check = data.get("check")
    expect = data.get("expect")
    options_raw = data.get("options") or []
    _need(isinstance(options_raw, list), file, where + "options", "must be a list")
    options: list[Option] = []
    for i, o in enumerate(options_raw):
        ow = f"{where}options[{i}]."
        _need(isinstance(o, dict), file, ow.rstrip("."), "an option must be an object")
        label = _str(o, "text", file, ow)
        params = o.get("params") or {}
        match = o.get("match")
        _need(isinstance(params, dict), file, ow + "params", "must be an object")
        _need(isinstance(match, dict) and bool(match), file, ow + "match",
              "must be a non-empty object (the response fields that make this option right)")
        options.append(Option(label or "", params, match or {}))
    if stype == "text":
        _need(check is None and not options, file, where + "check",
              "a text step has no check or options")
    else:
        _need(isinstance(check, dict) and isinstance(check.get("kind"), str), file, where + "check",
              "an interactive step needs a check request with a kind")
    if check is not None and isinstance(check, dict):
        from checks.registry import KIND_MODULES

        _need(check.get("kind") in KIND_MODULES, file,
              where + "check.kind", f"unknown check kind {check.get('kind')!r}")
    if stype == "select":
        _need(isinstance(expect, dict) and bool(expect), file, where + "expect",
              "a select step needs an expect object")
        _need(bool(cards), file, where + "cards", "a select step needs cards to select from")
        _need("$selection" in json.dumps(check), file, where + "check",
              "a select step's check must contain \"$selection\"")
    if stype == "choice":
        _need(len(options) >= 2, file, where + "options", "a choice step needs at least two options")
        _need(expect is None, file, where + "expect", "a choice step has no expect (options carry match)")
    hints = data.get("hints") or []
    _need(isinstance(hints, list) and all(isinstance(h, str) and h for h in hints), file,
          where + "hints", "must be a list of message ids")
    _need(stype == "text" or bool(hints), file, where + "hints", "an interactive step needs hints")
    success = _str(data, "success", file, where, required=False) or "lesson.judge.correct"
    failure = _str(data, "failure", file, where, required=False) or "lesson.judge.wrong"
    rule = _str(data, "rule", file, where, required=False)
    _need(rule is None or rule.startswith("R-"), file, where + "rule", "must be an R-ID (R-…)")
    seed_ref = _str(data, "seed_ref", file, where, required=False)
    params = data.get("params") or {}
    _need(isinstance(params, dict), file, where + "params", "must be an object")
    return Step(sid or "", stype or "", text or "", cards, context, check, expect, tuple(options),
                tuple(hints), success, failure, rule, seed_ref, params)


def parse_lesson(data: Any, file: str) -> Lesson:
    _need(isinstance(data, dict), file, "(top)", "a lesson file holds one JSON object")
    unknown = set(data) - _LESSON_FIELDS
    _need(not unknown, file, sorted(unknown)[0] if unknown else "", "unknown field")
    lid = _str(data, "id", file, "")
    game = _str(data, "game", file, "")
    _need(game in GAMES, file, "game", f"must be one of {', '.join(GAMES)}")
    title = _str(data, "title", file, "")
    summary = _str(data, "summary", file, "")
    requires = data.get("requires") or []
    _need(isinstance(requires, list) and all(isinstance(r, str) for r in requires), file,
          "requires", "must be a list of lesson ids")
    steps_raw = data.get("steps")
    _need(isinstance(steps_raw, list) and bool(steps_raw), file, "steps", "must be a non-empty list")
    steps = [parse_step(s, file, f"steps[{i}].") for i, s in enumerate(steps_raw)]
    ids = [s.id for s in steps]
    dup = {i for i in ids if ids.count(i) > 1}
    _need(not dup, file, "steps", f"duplicate step id {sorted(dup)[0] if dup else ''}")
    rids_raw = data.get("rids") or []
    _need(isinstance(rids_raw, list) and all(isinstance(r, str) and r.startswith("R-") for r in rids_raw),
          file, "rids", "must be a list of R-IDs")
    rids: list[str] = list(rids_raw)
    for s in steps:
        if s.rule and s.rule not in rids:
            rids.append(s.rule)
    return Lesson(lid or "", game or "", title or "", summary or "", tuple(requires), tuple(rids),
                  tuple(steps), source=file)


def lesson_files(root: Path = LESSON_DIR) -> list[Path]:
    files: list[Path] = []
    for game in GAMES:
        files.extend(sorted((root / game).glob("*.json")))
    return files


def read_lesson_file(path: Path) -> Lesson:
    name = str(path.relative_to(path.parent.parent)) if path.parent.parent.exists() else str(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise LessonFileError(name, "(file)", os_reason(err)) from None
    except json.JSONDecodeError as err:
        raise LessonFileError(name, f"(line {err.lineno})", err.msg) from None
    lesson = parse_lesson(data, name)
    _need(lesson.game == path.parent.name, name, "game",
          f"is {lesson.game!r} but the file is in {path.parent.name}/")
    return lesson


def order_lessons(lessons: list[Lesson]) -> list[Lesson]:
    """Topological order by ``requires``, stable in the given order."""
    by_id: dict[str, Lesson] = {}
    for lesson in lessons:
        _need(lesson.id not in by_id, lesson.source, "id", f"duplicate lesson id {lesson.id}")
        by_id[lesson.id] = lesson
    for lesson in lessons:
        for r in lesson.requires:
            _need(r in by_id, lesson.source, "requires", f"unknown lesson {r}")
    done: list[Lesson] = []
    placed: set[str] = set()
    visiting: set[str] = set()

    def visit(lesson: Lesson) -> None:
        if lesson.id in placed:
            return
        _need(lesson.id not in visiting, lesson.source, "requires", "prerequisites form a cycle")
        visiting.add(lesson.id)
        for r in lesson.requires:
            visit(by_id[r])
        visiting.discard(lesson.id)
        placed.add(lesson.id)
        done.append(lesson)

    for lesson in lessons:
        visit(lesson)
    return done


@lru_cache(maxsize=4)
def _load(root: str) -> tuple[Lesson, ...]:
    return tuple(order_lessons([read_lesson_file(p) for p in lesson_files(Path(root))]))


def load_lessons(root: Path | None = None) -> list[Lesson]:
    """Every lesson, validated, ordered by prerequisites."""
    return list(_load(str(root or LESSON_DIR)))


def get_lesson(lesson_id: str) -> Lesson:
    for lesson in load_lessons():
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(lesson_id)


def courses() -> dict[str, list[Lesson]]:
    """Lessons per game (course), each list in prerequisite order."""
    out: dict[str, list[Lesson]] = {g: [] for g in GAMES}
    for lesson in load_lessons():
        out[lesson.game].append(lesson)
    return out


def message_ids(lesson: Lesson) -> set[str]:
    """Every message id a lesson uses (for catalog completeness tests)."""
    ids = {lesson.title, lesson.summary}
    for s in lesson.steps:
        ids.update([s.text, s.success, s.failure, *s.hints])
        ids.update(o.text for o in s.options)
        for key in ("labels",):
            for v in (s.context.get(key) or []):
                if isinstance(v, str):
                    ids.add(v)
    return ids


def course_list(lessons: list[Lesson], course: str | None) -> list[Lesson]:
    """A course's lessons as a learner meets them: the lessons of other
    courses they require first (so a newcomer always has one to start),
    then the course's own (all lessons for ``course`` None).  The Learn
    list shows these and the home screen counts these."""
    own = [ls for ls in lessons if course is None or ls.game == course]
    by_id = {ls.id: ls for ls in lessons}
    needed: set[str] = set()
    todo = [r for ls in own for r in ls.requires]
    while todo:
        rid = todo.pop()
        if rid in needed or rid not in by_id or by_id[rid].game == course:
            continue
        needed.add(rid)
        todo.extend(by_id[rid].requires)
    return [ls for ls in lessons if ls.id in needed] + own


__all__ = ["LessonFileError", "load_lessons", "course_list", "get_lesson", "courses", "order_lessons",
           "parse_lesson", "read_lesson_file", "message_ids", "LESSON_DIR"]
