"""One source for text (docs/CONTENT.md): the ``.po`` catalogs are the source,
``python -m tools.text`` regenerates every catalog and lesson file from them
and from tools/lesson_src, and the committed files are what it writes."""

from __future__ import annotations

import ast
import os
import filecmp
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from content import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "content" / "locale"
#: Folders the command writes (besides the catalogs); a file there it does not write is stale.
GENERATED = ["lessons/common", "lessons/henan", "lessons/wusaner", "lessons/yishang", "content/rules",
             "content/glossary.json", "content/locale"]
PLACEHOLDER = re.compile(r"{(\w+)[^{}]*}")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tools.text", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def _files(base: Path) -> set[str]:
    out = set()
    for rel in GENERATED:
        p = base / rel
        if p.is_file():
            out.add(rel)
        elif p.is_dir():
            out |= {str(f.relative_to(base)) for f in p.rglob("*") if f.is_file() and f.suffix in (".po", ".json")}
    return out


def test_committed_files_are_what_the_command_writes(tmp_path):
    """Regenerate into a temporary folder: every generated file equals the
    committed one, and no committed lesson file is left over.  Fails when a
    generated file was edited by hand, or the sources changed without
    running ``python -m tools.text``."""
    proc = _run("--out", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    written = _files(tmp_path)
    assert {f for f in written if f.endswith(".po")} and {f for f in written if f.startswith("lessons/")}
    differ = [rel for rel in sorted(written) if not filecmp.cmp(tmp_path / rel, ROOT / rel, shallow=False)]
    assert not differ, f"out of date, run `python -m tools.text`: {differ}"
    stale = sorted(_files(ROOT) - written)
    assert not stale, f"not written by `python -m tools.text` (stale?): {stale}"


def test_regenerating_twice_changes_nothing(tmp_path):
    """Deterministic output: the header date is fixed, the order is sorted."""
    first, second = tmp_path / "a", tmp_path / "b"
    assert _run("--out", str(first)).returncode == 0
    assert _run("--out", str(second)).returncode == 0
    assert _files(first) == _files(second)
    assert all(filecmp.cmp(first / f, second / f, shallow=False) for f in _files(first))
    header = (first / "content/locale/zh_Hans/LC_MESSAGES/core.po").read_text(encoding="utf-8")
    assert '"POT-Creation-Date: 2026-01-01 00:00+0000\\n"' in header
    assert '"Plural-Forms: nplurals=1; plural=0;\\n"' in header


def test_a_new_language_is_one_new_folder(tmp_path):
    """Adding a language: a new locale folder; the command fills it with every
    message (untranslated, so shown in English) and the app offers it."""
    shutil.copytree(LOCALE, tmp_path / "content" / "locale", ignore=shutil.ignore_patterns("*.mo"))
    (tmp_path / "content" / "locale" / "fr" / "LC_MESSAGES").mkdir(parents=True)
    proc = _run("--root", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert "untranslated: fr/lessons: lesson.judge.correct" in proc.stderr
    fr = tmp_path / "content" / "locale" / "fr" / "LC_MESSAGES"
    assert sorted(p.name for p in fr.glob("*.po")) == sorted(p.name for p in (LOCALE / "en" / "LC_MESSAGES").glob("*.po"))
    with (fr / "legal.po").open("rb") as fh:
        cat = read_po(fh)
    assert cat.num_plurals == 3 and cat.get("legal.follow.count").string == ("", "", "")
    assert "legal.follow.count" in {m.id[0] for m in cat if isinstance(m.id, tuple)}


# -- the catalogs ---------------------------------------------------------------------------


def _catalogs() -> dict[str, dict[str, dict[str, object]]]:
    """locale -> domain -> id -> message."""
    out: dict[str, dict[str, dict[str, object]]] = {}
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as fh:
            cat = read_po(fh)
        out.setdefault(po.parent.parent.name, {})[po.stem] = {
            (m.id[0] if isinstance(m.id, tuple) else m.id): m for m in cat if m.id}
    return out


def _forms(m) -> tuple[str, ...]:
    return m.string if isinstance(m.string, tuple) else (m.string,)


def test_every_language_has_every_message_with_the_same_placeholders():
    cats = _catalogs()
    assert set(cats) >= {"en", "zh_Hans", "zh_Hant"}
    en = cats["en"]
    problems = []
    for loc, domains in cats.items():
        assert set(domains) == set(en), loc
        for dom, msgs in domains.items():
            if set(msgs) != set(en[dom]):
                problems.append(f"{loc}/{dom}: ids differ {sorted(set(msgs) ^ set(en[dom]))[:5]}")
            for mid, m in msgs.items():
                ref = en[dom].get(mid)
                if ref is None:
                    continue
                want = set(PLACEHOLDER.findall(_forms(ref)[-1]))
                for form in _forms(m):
                    if not form:
                        problems.append(f"{loc}/{dom}: {mid} has no text")
                    elif set(PLACEHOLDER.findall(form)) != want:
                        problems.append(f"{loc}/{dom}: {mid}: {form!r} does not use {sorted(want)}")
    assert not problems, problems[:20]


def test_plural_messages_name_their_count_and_have_the_languages_forms():
    """A message that counts has plural forms (en: 2, zh: 1), its
    ``msgid_plural`` names the counting placeholder, and every form uses it;
    no English text writes a plural as "(s)"."""
    cats = _catalogs()
    plurals = 0
    for loc, domains in cats.items():
        nplurals = {"en": 2, "zh_Hans": 1, "zh_Hant": 1}.get(loc)
        for dom, msgs in domains.items():
            for mid, m in msgs.items():
                if isinstance(m.id, tuple):
                    plurals += 1
                    count = re.fullmatch(r"{(\w+)}", m.id[1])
                    assert count, f"{loc}/{dom}: {mid}: msgid_plural {m.id[1]!r}"
                    assert all("{" + count.group(1) + "}" in f for f in _forms(m)), (loc, mid)
                    if nplurals:
                        assert len(m.string) == nplurals, (loc, mid)
                if loc == "en":
                    assert not any("(s)" in f for f in _forms(m)), f"{dom}: {mid}: use plural forms"
    assert plurals >= 3 * 30


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_plural_forms_follow_the_count(lang):
    """The issue's examples: "1 units", "card(s)", "1 pair(s)", "There are 1 legal follows"."""
    t = i18n.translate
    one = t("lesson.opt.units", lang, n=1)
    two = t("lesson.opt.units", lang, n=2)
    if lang == "en":
        assert (one, two) == ("1 unit", "2 units")
        assert t("legal.follow.count", lang, size=1, played=2) == \
            "Play 1 card, as many as the lead; you played 2."
        assert "holds 1 pair and" in t("legal.follow.pairs", lang, lead_pairs=1, held_pairs=1, need=1,
                                       played=0, suit_name="hearts", cards="5H 5H")
        assert t("puzzle.x.forced", lang, count=2, example="5H", always="5H").startswith("There are 2 legal follows")
        assert t("check.score.outcome.dealers_up", lang, levels=1).endswith("go up 1 level.")
    else:  # one form: the number changes, the words do not
        assert one.replace("1", "2") == two and "(s)" not in one


# -- message ids used in code ---------------------------------------------------------------

CODE = ["solver", "checks", "tutor", "lessons", "content"]


def _prefixes(english: dict[str, str]) -> set[str]:
    return {mid.split(".")[0] for mid in english}


def _literal_ids(english: dict[str, str]) -> dict[str, list[str]]:
    """String constants in the code that look like message ids of a catalog
    prefix (``legal.follow.count``), with where they appear."""
    prefixes = _prefixes(english)
    shape = re.compile(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_\-]+)+")
    found: dict[str, list[str]] = {}
    for folder in CODE:
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                        and shape.fullmatch(node.value) and node.value.split(".")[0] in prefixes:
                    found.setdefault(node.value, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


#: Strings of that shape that are not message ids (file names, module paths).
NOT_IDS = re.compile(r".*\.(json|jsonl|po|mo|py|md|txt)$|^(tutor|solver|lessons|content|checks)\.|.*_$"
                     r"|^check\.kind$")  # a prefix completed at run time; a field path


def test_every_message_id_in_code_has_a_text_in_every_language():
    english = i18n.catalog("en")
    found = _literal_ids(english)
    assert len(found) > 300  # the scan sees the code's ids
    missing = []
    for lang in i18n.LANGUAGES:
        table = i18n.catalog(lang)
        missing += [f"{lang}: {mid} ({where[0]})" for mid, where in sorted(found.items())
                    if mid not in table and not NOT_IDS.match(mid)]
    assert not missing, missing[:20]


def _called(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def test_literal_calls_of_plural_messages_pass_their_count():
    """A plural message picks its form by the parameter its ``msgid_plural``
    names; a call (``_``, an error's ``code=``, a Reason/Event with a params
    dict) that names the message but not that parameter would always show
    the last form."""
    plurals = i18n.plural_forms("en")
    checked, missing = 0, []
    for folder in CODE:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or _called(node) == "game_msgid":
                    continue  # game_msgid(game, "id") only names the message: the call around it is checked
                ids = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                ids += [a.args[1].value for a in node.args if isinstance(a, ast.Call) and _called(a) == "game_msgid"
                        and len(a.args) == 2 and isinstance(a.args[1], ast.Constant)]
                ids += [k.value.value for k in node.keywords if k.arg == "code" and isinstance(k.value, ast.Constant)]
                given = {k.arg for k in node.keywords}
                given |= {k.value for a in node.args if isinstance(a, ast.Dict) for k in a.keys
                          if isinstance(k, ast.Constant)}
                for mid in ids:
                    if mid in plurals:
                        checked += 1
                        if plurals[mid][0] not in given:
                            missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: {mid} without {plurals[mid][0]}")
    assert checked >= 20 and not missing, missing


def test_po_merge_merges_catalogs_by_message(tmp_path):
    """``python -m tools.po_merge REF`` merges two branches' catalog edits
    message by message: their new and edited texts arrive, our plural forms
    stay, a text both sides changed keeps ours and is reported, a change of
    plural shape alone counts as a change."""
    repo = tmp_path / "repo"
    po = repo / "content" / "locale" / "en" / "LC_MESSAGES" / "x.po"
    po.parent.mkdir(parents=True)

    def write(entries: str) -> None:
        po.write_text('msgid ""\nmsgstr ""\n"Language: en\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                      + entries, encoding="utf-8")

    def git(*args: str) -> None:
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo, check=True,
                       capture_output=True)

    git("init", "-q", "-b", "ours")
    write('msgid "a"\nmsgstr "{n} card(s)"\n\nmsgid "b"\nmsgstr "B"\n\nmsgid "c"\nmsgstr "C"\n\n'
          'msgid "e"\nmsgstr "{n} pair(s)"\n\nmsgid "f"\nmsgid_plural "{n}"\nmsgstr[0] "F"\nmsgstr[1] "Fs"\n')
    git("add", "-A"), git("commit", "-qm", "base")
    git("checkout", "-qb", "theirs")
    write('msgid "a"\nmsgstr "{n} card(s)"\n\nmsgid "b"\nmsgstr "B, reworded"\n\nmsgid "c"\nmsgstr "C theirs"\n\n'
          'msgid "d"\nmsgstr "D"\n\nmsgid "e"\nmsgstr "{n} pair(s) reworded"\n\n'
          'msgid "f"\nmsgid_plural "{count}"\nmsgstr[0] "F"\nmsgstr[1] "Fs"\n')
    git("commit", "-qam", "theirs")
    git("checkout", "-q", "ours")
    write('msgid "a"\nmsgid_plural "{n}"\nmsgstr[0] "{n} card"\nmsgstr[1] "{n} cards"\n\nmsgid "b"\nmsgstr "B"\n\n'
          'msgid "c"\nmsgstr "C ours"\n\nmsgid "e"\nmsgid_plural "{n}"\nmsgstr[0] "{n} pair"\nmsgstr[1] "{n} pairs"\n\n'
          'msgid "f"\nmsgid_plural "{n}"\nmsgstr[0] "F"\nmsgstr[1] "Fs"\n')
    git("commit", "-qam", "ours")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "tools.po_merge", "theirs"], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "both sides: content/locale/en/LC_MESSAGES/x.po: c (kept ours)" in proc.stdout
    assert "x.po: e (theirs reworded it: write its plural forms again)" in proc.stdout
    with po.open("rb") as fh:
        cat = [m for m in read_po(fh) if m.id]
    merged = {(m.id[0] if isinstance(m.id, tuple) else m.id): m.string for m in cat}
    assert merged == {"a": ("{n} card", "{n} cards"), "b": "B, reworded", "c": "C ours", "d": "D",
                      "e": "{n} pair(s) reworded", "f": ("F", "Fs")}
    # a change of plural shape alone (the plural id) is a change theirs made, and arrives
    assert [m.id for m in cat if m.id[0] == "f"] == [("f", "{count}")]
