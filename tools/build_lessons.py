"""Write the lesson files and the ``lessons`` catalogs from tools/lesson_src.

    python -m tools.build_lessons

Lessons are authored as Python (text in three languages side by side); the
JSON files under ``lessons/<game>/`` hold message ids only and are what the
program reads.
"""

from __future__ import annotations

import json
from pathlib import Path

from tools.lesson_src import common, generic, henan, wusaner, yishang

ROOT = Path(__file__).resolve().parent.parent
SOURCES = (common, henan, wusaner, yishang)


def collect() -> tuple[list[dict], dict[str, tuple[str, str, str]]]:
    from tools.lesson_src.dsl import build

    messages: dict[str, tuple[str, str, str]] = dict(generic.MESSAGES)
    lessons = []
    for module in SOURCES:
        for src in module.LESSONS:
            lessons.append(build(src, messages))
    from tools.lesson_src import content_src

    for key, text in content_src.messages().items():
        if key in messages and messages[key] != text:
            raise ValueError(f"message id {key} defined twice")
        messages[key] = text
    return lessons, messages


def main() -> None:
    from tools.po import write_catalogs

    lessons, messages = collect()
    counters: dict[str, int] = {}
    wanted: set[Path] = set()
    for data in lessons:
        game = data["game"]
        counters[game] = counters.get(game, 0) + 1
        name = data["id"].split(".", 1)[1].replace(".", "-")
        path = ROOT / "lessons" / game / f"{counters[game]:02d}-{name}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        wanted.add(path)
    for game in ("common", "henan", "wusaner", "yishang"):
        for old in (ROOT / "lessons" / game).glob("*.json"):
            if old not in wanted:
                old.unlink()
    from tools.lesson_src import content_src

    for game, data in content_src.rules_data(lessons).items():
        path = ROOT / "content" / "rules" / f"{game}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    (ROOT / "content" / "glossary.json").write_text(
        json.dumps(content_src.glossary_data(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    for loc in ("en", "zh_Hans", "zh_Hant"):  # regenerate from scratch: no stale entries
        po = ROOT / "content" / "locale" / loc / "LC_MESSAGES" / "lessons.po"
        if po.exists():
            po.unlink()
    write_catalogs("lessons", messages)
    print(f"{len(lessons)} lessons, {len(messages)} messages")


if __name__ == "__main__":
    main()
