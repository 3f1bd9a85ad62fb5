"""Localization: gettext catalogs per language, several domains merged.

Catalogs live in ``content/locale/<locale>/LC_MESSAGES/<domain>.po`` with
symbolic message ids (``cli.check.legal``).  English is a catalog like the
others, so every language can be checked for completeness.  Messages use
``str.format`` placeholders: ``_("error.card.bad_token", token="1X")``.

A compiled ``.mo`` is used when it is newer than its ``.po``; otherwise the
``.po`` is read with Babel (so a fresh checkout works before compiling).
"""

from __future__ import annotations

import gettext
import locale as _locale
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "zh-Hans", "zh-Hant")
_DIRS = {"en": "en", "zh-Hans": "zh_Hans", "zh-Hant": "zh_Hant"}

_catalogs: dict[str, dict[str, str]] = {}
_current = "en"


def normalize_language(tag: str | None) -> str | None:
    """Map a language tag or POSIX locale to one of LANGUAGES, by script.

    >>> [normalize_language(t) for t in ("zh_TW.UTF-8", "zh-HK", "zh_CN", "zh", "en_US", "zh-Hant")]
    ['zh-Hant', 'zh-Hant', 'zh-Hans', 'zh-Hans', 'en', 'zh-Hant']
    >>> normalize_language("fr_FR") is None
    True
    """
    if not tag:
        return None
    t = tag.split(".")[0].split("@")[0].replace("_", "-").lower()
    if t in ("c", "posix"):
        return None
    if t.startswith("zh"):
        if "hant" in t or t.split("-")[-1] in ("tw", "hk", "mo"):
            return "zh-Hant"
        return "zh-Hans"
    if t.startswith("en"):
        return "en"
    return None


def detect_language(explicit: str | None = None) -> str:
    """``--lang``, then SHENGJI_TUTOR_LANG, then the system locale, else English."""
    for cand in (explicit, os.environ.get("SHENGJI_TUTOR_LANG")):
        lang = normalize_language(cand)
        if lang:
            return lang
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        lang = normalize_language(os.environ.get(var, "").split(":")[0])
        if lang:
            return lang
    try:
        lang = normalize_language(_locale.getlocale()[0])
    except ValueError:
        lang = None
    return lang or "en"


def _po_files(lang: str) -> Iterator[Path]:
    d = LOCALE_DIR / _DIRS[lang] / "LC_MESSAGES"
    yield from sorted(d.glob("*.po"))


def _load(lang: str) -> dict[str, str]:
    table: dict[str, str] = {}
    for po in _po_files(lang):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            with mo.open("rb") as fh:
                trans = gettext.GNUTranslations(fh)
            table.update({k: v for k, v in trans._catalog.items()  # type: ignore[attr-defined]
                          if isinstance(k, str) and k and v})
        else:
            from babel.messages.pofile import read_po

            with po.open("rb") as fh:
                cat = read_po(fh)
            for msg in cat:
                if msg.id and isinstance(msg.id, str) and msg.string and not msg.fuzzy:
                    table[msg.id] = str(msg.string)
            _cache_mo(cat, mo)
    return table


def _cache_mo(cat: Any, mo: Path) -> None:
    """Compile a catalog read from .po so the next start reads the fast .mo
    (best effort: a read-only install just keeps parsing the .po)."""
    from babel.messages.mofile import write_mo

    tmp = mo.with_suffix(".mo.tmp")
    try:
        with tmp.open("wb") as fh:
            write_mo(fh, cat)
        os.replace(tmp, mo)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass


def catalog(lang: str) -> dict[str, str]:
    if lang not in _catalogs:
        _catalogs[lang] = _load(lang)
    return _catalogs[lang]


def reload() -> None:
    _catalogs.clear()


def set_language(lang: str | None) -> str:
    global _current
    _current = normalize_language(lang) or "en"
    return _current


def get_language() -> str:
    return _current


def translate(msgid: str, lang: str | None = None, /, **params: Any) -> str:
    """The message in ``lang`` (default: the current language), formatted.

    Falls back to English, then to the id itself, so a missing entry shows
    up visibly instead of crashing.
    """
    lang = lang or _current
    text = catalog(lang).get(msgid) or catalog("en").get(msgid) or msgid
    if params:
        try:
            return text.format_map(_Params(params))
        except (IndexError, ValueError, AttributeError):
            return text
    return text


class _Params(dict[str, Any]):
    """Format parameters; a placeholder without a value shows as ``?``."""

    def __missing__(self, key: str) -> str:
        return "?"


def _(msgid: str, /, **params: Any) -> str:
    return translate(msgid, None, **params)


class LazyString:
    """A message looked up when shown (for class-level text such as bindings)."""

    __slots__ = ("msgid", "params")

    def __init__(self, msgid: str, **params: Any) -> None:
        self.msgid = msgid
        self.params = params

    def __str__(self) -> str:
        return translate(self.msgid, None, **self.params)


def lazy(msgid: str, **params: Any) -> LazyString:
    return LazyString(msgid, **params)


def compile_catalogs() -> list[Path]:
    """Compile every .po to .mo (build and test time)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for lang in LANGUAGES:
        for po in _po_files(lang):
            with po.open("rb") as fh:
                cat = read_po(fh)
            mo = po.with_suffix(".mo")
            with mo.open("wb") as fh:
                write_mo(fh, cat)
            written.append(mo)
    reload()
    return written
