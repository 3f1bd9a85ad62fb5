"""Catalogs: every language loads, is complete, and every message id used in code exists."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from content import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIRS = ["en", "zh_Hans", "zh_Hant"]


def domains():
    return sorted({p.stem for d in LOCALE_DIRS for p in (i18n.LOCALE_DIR / d / "LC_MESSAGES").glob("*.po")})


def read(loc, domain):
    path = i18n.LOCALE_DIR / loc / "LC_MESSAGES" / f"{domain}.po"
    assert path.exists(), f"{path} missing"
    with path.open("rb") as fh:
        return read_po(fh)


@pytest.mark.parametrize("domain", domains())
def test_catalog_complete_in_every_language(domain):
    """No empty or fuzzy entries; the three languages have the same message ids."""
    ids = None
    for loc in LOCALE_DIRS:
        cat = read(loc, domain)
        msgs = {m.id: m for m in cat if m.id}
        for mid, m in msgs.items():
            assert m.string, f"{loc}/{domain}: {mid} is empty"
            assert not m.fuzzy, f"{loc}/{domain}: {mid} is fuzzy"
        if ids is None:
            ids = set(msgs)
        assert set(msgs) == ids, f"{loc}/{domain} differs: {set(msgs) ^ ids}"


def test_placeholders_match_across_languages():
    for domain in domains():
        en = {m.id: m.string for m in read("en", domain) if m.id}
        for loc in ("zh_Hans", "zh_Hant"):
            for m in read(loc, domain):
                if m.id:
                    assert set(re.findall(r"{(\w+)}", m.string)) == set(re.findall(r"{(\w+)}", en[m.id])), \
                        (loc, domain, m.id)


def test_chinese_catalogs_differ_where_scripts_differ():
    """zh-Hant is written in Traditional characters, not a copy of zh-Hans."""
    hans = i18n.catalog("zh-Hans")
    hant = i18n.catalog("zh-Hant")
    assert hans["unit.tractor"] == "拖拉机" and hant["unit.tractor"] == "拖拉機"
    simplified_only = set("机对单张红这钱庄闲门级将")
    offenders = [k for k, v in hant.items() if simplified_only & set(v)]
    assert not offenders, offenders[:10]


_MSGID_CALL = re.compile(r"""\b(?:_|lazy|translate)\(\s*["']([a-z][a-z0-9_]*(?:\.[a-zA-Z0-9_\-]+)+)["']""")


def test_every_literal_message_id_in_code_exists():
    en = i18n.catalog("en")
    missing = []
    for folder in ("solver", "tutor", "lessons", "content"):
        for path in (ROOT / folder).rglob("*.py"):
            for mid in _MSGID_CALL.findall(path.read_text(encoding="utf-8")):
                if mid not in en:
                    missing.append(f"{path.relative_to(ROOT)}: {mid}")
    assert not missing, missing


def test_error_codes_of_solver_exist():
    """Every SolverError code raised in solver/ has a message."""
    en = i18n.catalog("en")
    codes = set()
    for path in (ROOT / "solver").rglob("*.py"):
        codes |= set(re.findall(r"""code\s*=\s*["']([a-z]+\.[a-z0-9_.]+)["']""", path.read_text(encoding="utf-8")))
    missing = sorted(c for c in codes if c not in en)
    assert not missing, missing


def test_compile_catalogs_round_trip(tmp_path, monkeypatch):
    """.po → .mo compiles, and the compiled catalog gives the same text."""
    before = dict(i18n.catalog("zh-Hant"))
    written = i18n.compile_catalogs()
    assert written
    assert i18n.catalog("zh-Hant") == before


def test_language_detection(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "SHENGJI_TUTOR_LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    assert i18n.detect_language() == "zh-Hant"
    monkeypatch.setenv("SHENGJI_TUTOR_LANG", "zh-Hans")
    assert i18n.detect_language() == "zh-Hans"
    assert i18n.detect_language("en") == "en"


def test_every_check_kind_field_and_help_has_a_message():
    """The check subcommands build their --help from ids (cli.field.<name>, the kind's help)."""
    from checks.registry import available_kinds

    en = i18n.catalog("en")
    missing = []
    for kind in available_kinds():
        if kind.help not in en:
            missing.append(kind.help)
        for field in {**kind.fields, **kind.optional}:
            if f"cli.field.{field}" not in en:
                missing.append(f"cli.field.{field} ({kind.name})")
    assert not missing, missing
