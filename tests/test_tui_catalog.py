"""The ``tui`` catalog: complete in en, zh-Hans and zh-Hant, and every
message id the TUI code uses (literal or built from known values) exists."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from content.i18n import LOCALE_DIR

ROOT = Path(__file__).resolve().parent.parent
DIRS = ("en", "zh_Hans", "zh_Hant")


def catalog(d: str) -> dict[str, str]:
    with (LOCALE_DIR / d / "LC_MESSAGES" / "tui.po").open("rb") as fh:
        # a plural message (id, count): its last form
        return {(m.id[0] if isinstance(m.id, tuple) else m.id): (m.string[-1] if isinstance(m.string, tuple)
                                                                else m.string) for m in read_po(fh) if m.id}


def used_ids() -> set[str]:
    ids: set[str] = set()
    for path in [*(ROOT / "tutor" / "tui").rglob("*.py"), ROOT / "tutor" / "app.py"]:
        for m in re.finditer(r"[\"'](tui\.[a-z0-9_.\-]+[a-z0-9_])[\"']", path.read_text(encoding="utf-8")):
            ids.add(m.group(1))
    from tutor.tui.screens.analyze import SHENGJI_KINDS, YISHANG_KINDS
    from tutor.tui.app import BOT_LEVELS, GAMES, SCREENS, SUIT_STYLES
    from tutor.tui.screens.home import ACTIVITIES
    from tutor.tui.screens.quiz import CARD_FIELDS, VALUE_FIELDS
    from tutor.tui.screens.settings import RULE_OPTIONS

    for g in GAMES:
        ids |= {f"tui.game.{g}", f"tui.game.{g}.about"}
    ids |= {f"tui.home.do.{a}" for a in ACTIVITIES}
    ids |= {f"tui.language.{x}" for x in ("en", "zh-Hans", "zh-Hant")}
    ids |= {f"tui.suits.{x}" for x in SUIT_STYLES} | {f"tui.bots.{x}" for x in BOT_LEVELS}
    ids |= {f"tui.option.{n}" for n, _r in RULE_OPTIONS}
    for name in SCREENS:
        ids |= {f"tui.cmd.open.{name}", f"tui.cmd.open.{name}.help", f"tui.{name}.title"}
    ids |= {f"tui.analyze.kind.{k}" for k in (*SHENGJI_KINDS, *YISHANG_KINDS)}
    for f in CARD_FIELDS:
        ids.add(f"tui.field.{f}.item" if f in ("plays", "others") else f"tui.field.{f}")
    ids |= {f"tui.field.{f}" for f in VALUE_FIELDS}
    ids |= {f"tui.outcome.{o}" for o in ("dealers_up", "swap", "attackers_up")}
    ids |= {f"tui.ys.advice.{a}" for a in ("challenge", "pass")}
    # Prefixes the code completes at run time are not ids themselves.
    return {i for i in ids if not i.endswith(".") and i not in ("tui.field", "tui.game")}


def test_catalogs_complete_and_aligned():
    cats = [catalog(d) for d in DIRS]
    assert set(cats[0]) == set(cats[1]) == set(cats[2])
    for cat in cats:
        empty = [k for k, v in cat.items() if not v]
        assert not empty, empty


def test_every_used_id_exists():
    cat = catalog("en")
    missing = sorted(i for i in used_ids() if i not in cat and not i.startswith("tui.analyze.field."))
    assert not missing, missing


def test_placeholders_agree_across_languages():
    cats = [catalog(d) for d in DIRS]
    for key, en in cats[0].items():
        want = set(re.findall(r"{(\w+)}", en))
        for cat in cats[1:]:
            assert set(re.findall(r"{(\w+)}", cat[key])) == want, key


def test_traditional_is_not_simplified():
    """zh-Hant texts use traditional forms (spot check of common characters)."""
    hant = catalog("zh_Hant")
    simplified = set("这说对赢级门张轮题练习设置语显")
    bad = {k: v for k, v in hant.items() if simplified & set(v) and k != "tui.language.zh-Hans"}
    assert not bad, bad
