"""Regenerate every catalog and lesson file from the one source of text.

    python -m tools.text              # rewrite the files in place
    python -m tools.text --out DIR    # write the same tree under DIR instead
    python -m tools.text --root DIR   # regenerate another copy of the project

The source of every learner-facing text is the gettext catalogs,
``content/locale/<locale>/LC_MESSAGES/<domain>.po`` (one file per language
and domain; docs/CONTENT.md says why).  The structure of the lessons, the
rules reference and the glossary is ``tools/lesson_src`` (no text, only
message ids).  This command

- rewrites every ``.po`` in one canonical form: entries sorted by id, a
  fixed header (no dates that change, the language's ``Plural-Forms``), and
  every id of a domain present in every language (a new language folder
  gets each message with an empty translation, shown in English until
  filled in);
- writes ``lessons/<course>/NN-name.json``, ``content/rules/<game>.json``
  and ``content/glossary.json``, after checking that every message id they
  use has a text in every language.

The output depends on nothing but the sources, so running it twice changes
nothing, and ``tests/test_text_source.py`` fails when a generated file was
edited by hand or not regenerated.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import normalize, read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = Path("content") / "locale"
#: The date written in every header: fixed, so regenerating changes nothing.
HEADER_DATE = "2026-01-01 00:00+0000"
#: The placeholder that picks a plural message's form is named in its
#: ``msgid_plural``: ``msgid_plural "{count}"`` (see content/i18n.py).
PLURAL_COUNT = re.compile(r"\{(\w+)\}")


class TextError(Exception):
    """The sources disagree (a missing text, a plural in one language only)."""


# -- catalogs ---------------------------------------------------------------------------------

def locales(root: Path = ROOT) -> list[str]:
    """The locale folders (``en``, ``zh_Hans``, …), English first."""
    dirs = sorted(d.name for d in (root / LOCALE).iterdir() if (d / "LC_MESSAGES").is_dir())
    return sorted(dirs, key=lambda d: (d != "en", d))


def domains(root: Path = ROOT) -> list[str]:
    return sorted({p.stem for loc in locales(root) for p in (root / LOCALE / loc / "LC_MESSAGES").glob("*.po")})


def read_catalog(path: Path, loc: str) -> Catalog:
    if not path.exists():
        return Catalog(locale=loc)
    with path.open("rb") as fh:
        return read_po(fh, locale=loc)


def read_sources(root: Path = ROOT) -> dict[str, dict[str, Catalog]]:
    """domain -> locale -> catalog, as written in the source ``.po`` files."""
    return {dom: {loc: read_catalog(root / LOCALE / loc / "LC_MESSAGES" / f"{dom}.po", loc)
                  for loc in locales(root)} for dom in domains(root)}


def texts(sources: dict[str, dict[str, Catalog]]) -> dict[str, dict[str, str]]:
    """Language tag (``zh-Hans``) -> message id -> text (a plural: its first form)."""
    out: dict[str, dict[str, str]] = {}
    for cats in sources.values():
        for loc, cat in cats.items():
            table = out.setdefault(loc.replace("_", "-"), {})
            for m in cat:
                if m.id:
                    s = m.string[0] if isinstance(m.string, tuple) else m.string
                    if s:
                        table[m.id[0] if isinstance(m.id, tuple) else m.id] = str(s)
    return out


def _key(m: Message) -> str:
    return str(m.id[0] if isinstance(m.id, tuple) else m.id)


def canonical_entries(cats: dict[str, Catalog], domain: str) -> dict[str, list[Message]]:
    """Each language's messages of one domain: the union of the ids of all
    languages, sorted; a plural message is plural everywhere, with as many
    forms as the language has."""
    by_loc = {loc: {_key(m): m for m in cat if m.id} for loc, cat in cats.items()}
    ids = sorted(set().union(*by_loc.values()))
    out: dict[str, list[Message]] = {}
    for loc, cat in cats.items():
        msgs = []
        for mid in ids:
            shapes = {loc2: by_loc[loc2][mid] for loc2 in by_loc if mid in by_loc[loc2]}
            kinds = {m.id[1] if isinstance(m.id, tuple) else None for m in shapes.values()}
            if len(kinds) > 1:
                raise TextError(f"{domain}: {mid} is plural in some languages only, or with different counts")
            own = by_loc[loc].get(mid)
            comments = list(own.user_comments) if own else []
            count = kinds.pop()
            if count is not None:
                if not PLURAL_COUNT.fullmatch(count):
                    raise TextError(f"{domain}: {mid}: msgid_plural must name the count, like \"{{count}}\"")
                forms = list(own.string) if own else []
                forms = (forms + [""] * cat.num_plurals)[:cat.num_plurals]
                msgs.append(Message((mid, count), tuple(forms), user_comments=comments))
            else:
                msgs.append(Message(mid, str(own.string) if own else "", user_comments=comments))
        out[loc] = msgs
    return out


def _po_string(prefix: str, text: str) -> str:
    return f"{prefix} {normalize(text, prefix='', width=0)}\n"


def format_po(loc: str, domain: str, messages: Iterable[Message]) -> str:
    """One ``.po`` file in the canonical form (what ``write_po(width=0)`` writes
    for the entries, with a fixed header)."""
    cat = Catalog(locale=loc)
    header = [f"Project-Id-Version: shengji-tutor {domain}", f"POT-Creation-Date: {HEADER_DATE}",
              f"PO-Revision-Date: {HEADER_DATE}", f"Language: {loc}", f"Plural-Forms: {cat.plural_forms}",
              "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit"]
    out = [f"# shengji-tutor, domain {domain}, language {loc}: the source of these texts.\n",
           "# Edit here, then run `python -m tools.text` (docs/CONTENT.md).\n",
           'msgid ""\n', 'msgstr ""\n', *(f'"{h}\\n"\n' for h in header)]
    for m in messages:
        out.append("\n")
        out.extend(f"# {c}\n" if c else "#\n" for c in m.user_comments)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if any("{" in s for s in strings) or isinstance(m.id, tuple):
            out.append("#, python-brace-format\n")
        if isinstance(m.id, tuple):
            out.append(_po_string("msgid", m.id[0]))
            out.append(_po_string("msgid_plural", m.id[1]))
            out.extend(_po_string(f"msgstr[{i}]", s) for i, s in enumerate(strings))
        else:
            out.append(_po_string("msgid", m.id))
            out.append(_po_string("msgstr", strings[0]))
    return "".join(out)


# -- lessons, rules reference, glossary -------------------------------------------------------

def build_lessons(english: dict[str, str], all_texts: dict[str, dict[str, str]]) -> tuple[dict[str, str], set[str]]:
    """Relative path -> file content for the lesson, rules and glossary files,
    and the message ids they use."""
    from tools.lesson_src import content_src
    from tools.lesson_src import common, henan, wusaner, yishang
    from tools.lesson_src.dsl import build

    used: set[str] = set()
    files: dict[str, str] = {}
    lessons = [build(src, used) for module in (common, henan, wusaner, yishang) for src in module.LESSONS]
    counters: dict[str, int] = {}
    for data in lessons:
        game = data["game"]
        counters[game] = counters.get(game, 0) + 1
        name = data["id"].split(".", 1)[1].replace(".", "-")
        files[f"lessons/{game}/{counters[game]:02d}-{name}.json"] = _json(data)
    for game, data in content_src.rules_data(lessons, english).items():
        files[f"content/rules/{game}.json"] = _json(data)
        used |= {data["title"]} | {x for r in data["rules"] for x in (r["title"], r["text"])}
    glossary = content_src.glossary_data(all_texts)
    files["content/glossary.json"] = _json(glossary)
    used |= {x for g in glossary for x in (g["term"], g["definition"])}
    return files, used


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


# -- the command ------------------------------------------------------------------------------

def generate(root: Path = ROOT) -> dict[str, str]:
    """Every generated file: relative path -> content."""
    sources = read_sources(root)
    files: dict[str, str] = {}
    for dom, cats in sources.items():
        for loc, msgs in canonical_entries(cats, dom).items():
            files[str(LOCALE / loc / "LC_MESSAGES" / f"{dom}.po")] = format_po(loc, dom, msgs)
    all_texts = texts(sources)
    english = all_texts["en"]
    lesson_files, used = build_lessons(english, all_texts)
    missing = sorted(mid for mid in used if mid not in english)
    if missing:
        raise TextError("messages without an English text (add them to the lessons .po files):\n  "
                        + "\n  ".join(missing))
    files.update(lesson_files)
    return files


def untranslated(root: Path = ROOT) -> list[str]:
    """``locale/domain: id`` of every message without a text in some language
    (shown in English meanwhile; the tests require none)."""
    return [f"{loc}/{dom}: {_key(m)}" for dom, cats in read_sources(root).items()
            for loc, cat in cats.items() for m in cat
            if m.id and not all(m.string if isinstance(m.string, tuple) else (m.string,))]


#: Folders whose files this command owns (a file there it does not write is stale).
OWNED = ("lessons/common", "lessons/henan", "lessons/wusaner", "lessons/yishang")


def write(files: dict[str, str], out: Path) -> list[str]:
    """Write ``files`` under ``out``; remove stale lesson files. Returns what changed."""
    changed = []
    for rel, content in sorted(files.items()):
        path = out / rel
        if path.exists() and path.read_text(encoding="utf-8") == content:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
        changed.append(rel)
    for folder in OWNED:
        for old in sorted((out / folder).glob("*.json")):
            if str(old.relative_to(out)) not in files:
                old.unlink()
                changed.append(f"{old.relative_to(out)} (removed)")
    return changed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.text", description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="the project to read (default: this one)")
    ap.add_argument("--out", type=Path, help="write the tree here (default: the project)")
    args = ap.parse_args(argv)
    try:
        files = generate(args.root)
    except TextError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    changed = write(files, args.out or args.root)
    for rel in changed:
        print(f"wrote {rel}")
    todo = untranslated(args.root)
    for item in todo:
        print(f"untranslated: {item}", file=sys.stderr)
    print(f"{len(files)} files, {len(changed)} changed, {len(todo)} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
