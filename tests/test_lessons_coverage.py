"""Coverage: every R-ID that applies to a game (content/rules/<game>.json,
which follows shared/RULES.md) is taught by at least one lesson step of that
game's course; the seeds' examples all appear; the rules reference and the
glossary are complete in three languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from content.i18n import LANGUAGES, catalog
from tests.helpers import rules_md
from lessons.catalog import courses
from lessons.reference import RULE_GAMES, load_glossary, load_rules



def _taught(course: str) -> set[str]:
    return {s.rule for lesson in courses()[course] for s in lesson.steps if s.rule}


@pytest.mark.parametrize("game", RULE_GAMES)
def test_every_applicable_rid_is_taught(game):
    book = load_rules(game)
    missing = [r.rid for r in book.rules if r.rid not in _taught(book.course)]
    assert not missing, f"{game}: not taught by any {book.course} step: {missing}"


def test_every_rid_of_rules_md_applies_somewhere():
    """Every R-ID defined in shared/RULES.md is assigned to at least one game."""
    assigned = {r.rid for g in RULE_GAMES for r in load_rules(g).rules}
    defined = set(re.findall(r"^- (R-[A-Z0-9-]+):", rules_md().read_text(encoding="utf-8"), re.M))
    assert defined and defined - {"R-OPT"} <= assigned, sorted(defined - assigned)
    assert "R-OPT" in assigned


def test_lesson_steps_cite_only_applicable_rids():
    for game in RULE_GAMES:
        book = load_rules(game)
        allowed = {r.rid for r in book.rules}
        extra = _taught(book.course) - allowed
        assert not extra, f"{book.course} cites {extra}, which do not apply to {game}"


SEED_EXAMPLES = {
    "000": ["setup", "alternation", "target-8-9", "target-6-draw", "declared-10", "three-players",
            "tip-target", "tip-high-cards", "tip-natural-claims", "tip-restraint", "tip-last-cards",
            "disputes"],
    "001": ["order", "tractors", "throw-example-1", "throw-example-2", "follow-single", "follow-pair",
            "follow-tractor", "follow-trump", "declare", "overturn", "fix-trump", "rebury", "no-declaration",
            "riot", "kitty", "signal"],
    "004": ["fixed-trumps", "order", "level-two", "stage", "declare", "overcall", "kitty", "play",
            "follow-singles", "ruff", "discard", "levels", "simulation"],
}


@pytest.mark.parametrize("seed", sorted(SEED_EXAMPLES))
def test_seed_examples_appear_in_lessons(seed):
    refs = {s.seed_ref for ls in courses().values() for lesson in ls for s in lesson.steps if s.seed_ref}
    missing = [e for e in SEED_EXAMPLES[seed] if f"{seed}:{e}" not in refs]
    assert not missing, missing


def test_rules_reference_lists_seed_examples():
    for game in ("henan", "wusaner", "yishang"):
        book = load_rules(game)
        assert book.seed and any(r.examples for r in book.rules)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_reference_and_glossary_messages_exist(lang):
    table = catalog(lang)
    ids = set()
    for game in RULE_GAMES:
        book = load_rules(game)
        ids.add(book.title)
        for r in book.rules:
            ids.update([r.title, r.text, *(e.text for e in r.examples)])
    for t in load_glossary():
        ids.update([t.term, t.definition])
    assert not sorted(i for i in ids if i not in table)


def test_glossary_terms_and_traditional_forms():
    terms = {t.id: t for t in load_glossary()}
    for key in ("trump", "plain", "tractor", "throw", "kitty_bonus", "kitty", "stage", "dealer",
                "attackers", "level", "ruff", "discard", "follow_singles"):
        assert key in terms
    hant = {t.forms["zh-Hant"] for t in terms.values()}
    assert {"撲克牌", "紅心", "拖拉機 / 連對", "莊家", "閒家 / 撿分方", "級牌"} <= hant
    for t in terms.values():
        assert t.forms["en"] and t.forms["zh-Hans"] and t.forms["zh-Hant"]
    # Traditional forms never keep the simplified characters of these words.
    simplified = set("扑红机庄闲级对连块盖动质标")
    for t in terms.values():
        assert not (set(t.forms["zh-Hant"]) & simplified), t.forms["zh-Hant"]


SIMPLIFIED_ONLY = set("红机庄闲级对连块盖动质标扑这说没还张门为时么个们发里与从会后两过让选数种样赢输压轮边题确错"
                      "绝设无东风单虽长态认识头实现经则将该备报简读决话难举别开关价计总网应觉听见观规视节义术号码请层导顺险")
TRADITIONAL_ONLY = set("紅機莊閒級對連塊蓋動質標撲這說沒還張門為時麼個們發裡與從會後兩過讓選數種樣贏輸壓輪邊題確錯"
                       "絕設無東風單雖長態認識頭實現經則將該備報簡讀決話難舉別開關價計總網應覺聽見觀規視節義術號碼請層導順險")


def _po(loc):
    from babel.messages.pofile import read_po

    path = Path(__file__).resolve().parent.parent / "content" / "locale" / loc / "LC_MESSAGES" / "lessons.po"
    with path.open("rb") as fh:
        return [(m.id, str(m.string)) for m in read_po(fh) if m.id and m.string]


def test_traditional_catalog_is_traditional():
    bad = {mid: "".join(sorted(set(s) & SIMPLIFIED_ONLY)) for mid, s in _po("zh_Hant") if set(s) & SIMPLIFIED_ONLY}
    assert not bad, list(bad.items())[:5]


def test_simplified_catalog_is_simplified():
    # Titles quoting a game's traditional name are the only exception (none today).
    bad = {mid: "".join(sorted(set(s) & TRADITIONAL_ONLY)) for mid, s in _po("zh_Hans") if set(s) & TRADITIONAL_ONLY}
    assert not bad, list(bad.items())[:5]
