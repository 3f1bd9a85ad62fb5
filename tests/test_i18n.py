"""Catalogs: languages, loading, compiling.  Completeness, placeholders,
plurals and the ids used in code: tests/test_text_source.py."""

import re
from pathlib import Path

from content import i18n

ROOT = Path(__file__).resolve().parent.parent


def test_chinese_catalogs_differ_where_scripts_differ():
    """zh-Hant is written in Traditional characters, not a copy of zh-Hans."""
    hans = i18n.catalog("zh-Hans")
    hant = i18n.catalog("zh-Hant")
    assert hans["unit.tractor"] == "拖拉机" and hant["unit.tractor"] == "拖拉機"
    simplified_only = set("机对单张红这钱庄闲门级将")
    offenders = [k for k, v in hant.items() if simplified_only & set(v)]
    assert not offenders, offenders[:10]


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
    for po in i18n.LOCALE_DIR.glob("*/LC_MESSAGES/*.mo"):
        po.unlink()
    i18n.reload()
    before = {lang: (dict(i18n.catalog(lang)), dict(i18n.plural_forms(lang))) for lang in i18n.LANGUAGES}
    written = i18n.compile_catalogs()
    assert written
    after = {lang: (i18n.catalog(lang), i18n.plural_forms(lang)) for lang in i18n.LANGUAGES}
    assert after == before
    assert after["en"][1]["legal.follow.count"][0] == "size"  # msgid_plural survives compiling
    assert i18n.translate("legal.follow.count", "en", size=1, played=1).startswith("Play 1 card,")


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
