"""Localization: gettext catalogs per language, several domains merged.

Catalogs live in ``content/locale/<locale>/LC_MESSAGES/<domain>.po`` with
symbolic message ids (``cli.check.legal``).  English is a catalog like the
others, so every language can be checked for completeness.  Messages use
``str.format`` placeholders: ``_("error.card.bad_token", token="1X")``.
A message that counts something has plural forms (``msgid_plural`` in the
``.po``, chosen by the catalog's ``Plural-Forms`` header); its
``msgid_plural`` names the parameter that counts, so callers pass the
count like any other parameter: ``_("legal.follow.count", size=1, played=2)``.

The languages are the folders under ``locale/`` (``zh_Hant`` is the tag
``zh-Hant``): a new language is a new folder, see docs/CONTENT.md.

A compiled ``.mo`` is used when it is newer than its ``.po``; otherwise the
``.po`` is read with Babel (so a fresh checkout works before compiling).
"""

from __future__ import annotations

import errno
import gettext
import locale as _locale
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).parent / "locale"


def _languages() -> dict[str, str]:
    """Language tag -> locale folder, English first (it is the fallback)."""
    dirs = sorted(d.name for d in LOCALE_DIR.iterdir() if (d / "LC_MESSAGES").is_dir())
    tags = {d.replace("_", "-"): d for d in dirs}
    return {t: tags[t] for t in sorted(tags, key=lambda t: (t != "en", t))}


_DIRS = _languages()
LANGUAGES = tuple(_DIRS)

_catalogs: dict[str, dict[str, str]] = {}
_plurals: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {}
_plural_rule: dict[str, Callable[[int], int]] = {}
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
    for lang in LANGUAGES:
        if t == lang.lower():
            return lang
    if t.startswith("zh"):
        if "hant" in t or t.split("-")[-1] in ("tw", "hk", "mo"):
            return "zh-Hant"
        return "zh-Hans"
    primary = t.split("-")[0]
    for lang in LANGUAGES:
        if lang.lower().split("-")[0] == primary:
            return lang
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


def _load(lang: str) -> None:
    """Read every domain of ``lang`` into ``_catalogs`` (one text per id; a
    plural message keeps its first form there) and ``_plurals`` (its forms
    and the parameter that counts)."""
    table: dict[str, str] = {}
    forms: dict[str, tuple[str, tuple[str, ...]]] = {}
    rule: Callable[[int], int] = _english_rule
    for po in _po_files(lang):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            entries, plural_expr = _read_mo(mo)
        else:
            from babel.messages.pofile import read_po

            with po.open("rb") as fh:
                cat = read_po(fh)
            _cache_mo(cat, mo)
            entries = [(m.id, m.string) for m in cat if m.id and not m.fuzzy]
            plural_expr = cat.plural_expr
        for mid, text in entries:
            if isinstance(mid, str):
                if text:
                    table[mid] = str(text)
            elif all(text):
                forms[mid[0]] = (mid[1].strip("{}"), tuple(str(f) for f in text))
        rule = gettext.c2py(plural_expr)
    for k, (_count, f) in forms.items():
        table[k] = f[0]
    _catalogs[lang], _plurals[lang], _plural_rule[lang] = table, forms, rule


def _read_mo(path: Path) -> tuple[list[tuple[Any, Any]], str]:
    """The entries of a compiled catalog, ``(msgid, text)`` or for a plural
    ``((msgid, msgid_plural), forms)``, and its plural expression.  (The
    standard library's reader drops ``msgid_plural``, which names the count.)"""
    import struct

    data = path.read_bytes()
    order = "<" if struct.unpack("<I", data[:4])[0] == 0x950412DE else ">"
    n, originals, translations = struct.unpack(order + "3I", data[8:20])
    entries: list[tuple[Any, Any]] = []
    plural_expr = "(n != 1)"
    otable = struct.unpack_from(order + f"{2 * n}I", data, originals)
    ttable = struct.unpack_from(order + f"{2 * n}I", data, translations)
    for i in range(0, 2 * n, 2):
        olen, ooff, tlen, toff = otable[i], otable[i + 1], ttable[i], ttable[i + 1]
        msgid = data[ooff:ooff + olen].decode()
        text = data[toff:toff + tlen].decode()
        if not msgid:
            for line in text.splitlines():
                if line.lower().startswith("plural-forms:") and "plural=" in line:
                    plural_expr = line.split("plural=", 1)[1].strip().rstrip(";")
        elif "\0" in msgid:
            entries.append((tuple(msgid.split("\0")), tuple(text.split("\0"))))
        else:
            entries.append((msgid, text))
    return entries, plural_expr


def _english_rule(n: int) -> int:
    return 0 if n == 1 else 1


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
    """Message id -> text (a plural message: its first form)."""
    if lang not in _catalogs:
        _load(lang)
    return _catalogs[lang]


def plural_forms(lang: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Message id -> (the parameter that counts, the plural forms), for the
    messages that have plural forms."""
    if lang not in _plurals:
        _load(lang)
    return _plurals[lang]


def reload() -> None:
    _catalogs.clear()
    _plurals.clear()
    _plural_rule.clear()


def set_language(lang: str | None) -> str:
    global _current
    _current = normalize_language(lang) or "en"
    return _current


def get_language() -> str:
    return _current


def translate(msgid: str, lang: str | None = None, /, **params: Any) -> str:
    """The message in ``lang`` (default: the current language), formatted.

    A plural message takes the form for the parameter its ``msgid_plural``
    names (``msgid_plural "{count}"``): ``translate("x", count=3)`` is
    ``ngettext`` with n=3, under the catalog's ``Plural-Forms`` rule.
    Falls back to English, then to the id itself, so a missing entry shows
    up visibly instead of crashing.
    """
    lang = lang or _current
    if msgid in ENGINE_SEATS:
        params = _seats_from_one(params, ENGINE_SEATS[msgid])
    if msgid in ENGINE_WORDS:
        params = _words_of(params, ENGINE_WORDS[msgid], lang)
    for lg in (lang, "en"):
        plural = plural_forms(lg).get(msgid)
        if plural:
            count, forms = plural
            n = params.get(count)
            index = _plural_rule[lg](n) if isinstance(n, int) else len(forms) - 1
            return _format(forms[min(index, len(forms) - 1)], params)
        text = catalog(lg).get(msgid)
        if text:
            return _format(text, params)
    return _format(msgid, params)


#: Messages of the engine whose parameters name chairs at the table as
#: the engine counts them, from 0 (``seat``, ``turn``, ``viewer``): every
#: text counts seats from 1 (:func:`seat_number`), so :func:`translate`
#: adds one to them, wherever the message is shown (a command, the TUI, a
#: check's ``message``).  A value given out of range (``game.seat.bad``,
#: ``legal.error.position.seat``: "seat 5 is not 0-3") is shown as given.
ENGINE_SEATS: dict[str, tuple[str, ...]] = {
    "game.cards.not_held": ("seat",), "game.turn.wrong": ("seat", "turn"),
    "legal.error.position.counts": ("seat",), "legal.error.position.hidden": ("seat",),
    "hint.error.not_to_move": ("seat", "viewer"),
}


#: Messages of the engine with a parameter that is one of its own words
#: (the phase of a hand: ``bury``, ``play``): the text names it in the
#: reader's language, by the message ``<prefix>.<word>``, never the code.
ENGINE_WORDS: dict[str, tuple[str, str]] = {"game.phase.wrong": ("phase", "phase")}


def _words_of(params: dict[str, Any], spec: tuple[str, str], lang: str) -> dict[str, Any]:
    key, prefix = spec
    value = params.get(key)
    if not isinstance(value, str) or f"{prefix}.{value}" not in catalog("en"):
        return params
    return {**params, key: translate(f"{prefix}.{value}", lang)}


def _seats_from_one(params: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    out = dict(params)
    for key in keys:
        value = out.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            out[key] = seat_number(value)
    return out


def _format(text: str, params: dict[str, Any]) -> str:
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


def join_list(items: Any) -> str:
    """Items listed the way the language lists them (``♦J, ♦8`` / ``♦J、♦8``)."""
    return ("、" if get_language().startswith("zh") else ", ").join(str(i) for i in items)


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


def suit_named(params: Mapping[str, object]) -> dict[str, object]:
    """Message parameters with ``suit_name`` added, the localized name of
    the ``suit`` code the engine gives (``{"suit": "H"}`` → 红桃 ♥ / hearts),
    and ``suit_names``, the names of the ``suits`` it lists, listed the
    language's way (``{"suits": "C D"}`` → 梅花 ♣、方块 ♦).

    >>> translate("suit.C", "en"), sorted(suit_named({"suits": "C D"}))
    ('clubs ♣', ['suit_names', 'suits'])
    """
    out = dict(params)
    if "suit" in out and "suit_name" not in out:
        out["suit_name"] = _("suit." + str(out["suit"]))
    if "suits" in out and "suit_names" not in out:
        out["suit_names"] = join_list(_("suit." + s) for s in str(out["suits"]).split())
    return out


#: The seats as the Play screen names them, from yours: you, the next to
#: play after you (下家), your partner (对家), the one before you (上家).
SEAT_NAMES = ("tui.seat.you", "tui.seat.right", "tui.seat.partner", "tui.seat.left")


def seat_word(seat: int, me: int = 0) -> str:
    """``seat`` named from ``me``'s chair the way the Play screen names it
    (你/下家/对家/上家), never a bare number counted from 0 (without a
    chair that is "you": :func:`seat_number`)."""
    return _(SEAT_NAMES[(seat - me) % 4])


def seat_number(seat: int) -> int:
    """A seat as the learner reads it where no chair is "you" (a replay, a
    self-play summary): counted from 1, "seat 1" to "seat 4" (1号位…4号位).
    The engine, the files, the JSON and the ``--seat`` flag count from 0
    (shared/CONTRACT.md); only the text adds one.

    >>> seat_number(0), seat_number(3)
    (1, 4)
    """
    return seat + 1


def refusal_words(code: str, params: Mapping[str, Any]) -> str:
    """An engine refusal (an error's code and params) in words: its nested
    reason (``reason``, a message id, with ``reason_params`` when the
    engine keeps them apart) is said as ``why``; the chairs it names count
    from 1 (:data:`ENGINE_SEATS`).

    >>> refusal_words("game.turn.wrong", {"seat": 0, "turn": 3, "rule": "turn"})
    "It is seat 4's turn, not seat 1's."
    """
    out = dict(params)
    if isinstance(out.get("reason"), str):
        inner = out.get("reason_params")
        out["why"] = _(out["reason"], **suit_named(inner if isinstance(inner, Mapping) else out))
    return _(code, **out)


def team_name(team: int) -> str:
    """Team 0 (seats 1 and 3) or 1 (seats 2 and 4) as the match screen names
    it: "team one" / 一队, never a bare 0 or 1."""
    return _(f"game.match.team.{team}")


def game_msgid(game: str, msgid: str) -> str:
    """The game's own wording of a message when it has one (``msgid.game``):
    Five-Three-Two (五三二) says stage/off-stage (台上/台下) where the other
    games say dealers/attackers (庄家/闲家)."""
    own = f"{msgid}.{game}"
    return own if own in catalog("en") else msgid


def rule_label(rid: str) -> str:
    """How a rule is named: in English its title then its R-ID
    (``Following (R-FOLLOW)``; a title that ends in brackets takes the R-ID
    inside them: ``Kitty bonus (扣底, R-KITTY)``), in Chinese its title
    only: a learner never reads a bare R-ID."""
    key = f"ruleref.{rid}.title"
    title = _(key)
    if title == key:
        return rid
    if get_language().startswith("zh"):
        return title
    if title.endswith(")") and "(" in title:
        # "Kitty bonus (扣底)" becomes "Kitty bonus (扣底, R-KITTY)": one
        # bracket, not two in a row
        return f"{title[:-1]}, {rid})"
    return f"{title} ({rid})"


def by_sign(msgid: str, points: int) -> str:
    """``msgid`` for points the attackers get, ``msgid + "_minus"`` for
    points they lose (a message then takes the points without their sign:
    "+-10 to the attackers" read oddly; R-THROW-FAIL, tractor)."""
    return msgid + "_minus" if points < 0 else msgid


def with_rule(msgid: str, rule: str | None, /, **params: Any) -> str:
    """``msgid`` with the rule named (:func:`rule_label`) when ``rule`` is a
    rule of the reference; an engine check that is no rule of the game (the
    hand's phase, whose turn it is) uses ``msgid + ".bare"``, without one:
    "Rule: phase" named nothing a learner can look up."""
    if rule and f"ruleref.{rule}.title" in catalog("en"):
        return _(msgid, rule=rule_label(rule), **params)
    return _(msgid + ".bare", **params)


def as_sentence(text: str) -> str:
    """An engine message shown on its own as a sentence: a capital first
    letter and a full stop ("every play in a trick needs at least one card"
    reads "Every play … card."; Chinese ends with 。).

    >>> lang = set_language("en")
    >>> as_sentence("play 2 has 1 card but the lead has 3")
    'Play 2 has 1 card but the lead has 3.'
    """
    text = text.strip()
    if not text:
        return text
    zh = get_language().startswith("zh")
    if not zh:
        text = text[0].upper() + text[1:]
    if text[-1] not in ".!?。！？:：)）」":
        text += "。" if zh else "."
    return text


def sentence_gap() -> str:
    """Between two sentences: a space in English, nothing in Chinese (a
    sentence ends with 。 and the next starts right after it)."""
    return "" if get_language().startswith("zh") else " "


#: Why a file could not be read or written, by ``errno``, in the learner's
#: language (the operating system's own words are English only).
_OS_REASONS = {
    errno.ENOENT: "error.os.not_found", errno.EACCES: "error.os.denied", errno.EPERM: "error.os.denied",
    errno.EISDIR: "error.os.is_dir", errno.ENOTDIR: "error.os.not_dir", errno.ENOSPC: "error.os.no_space",
    errno.EROFS: "error.os.read_only", errno.ENAMETOOLONG: "error.os.name_too_long",
}


def os_reason(err: OSError | int) -> str:
    """The reason of an ``OSError`` (or an errno) in words: "no such file",
    "没有这个文件"; an error without its own words keeps the system's, marked
    as such in Chinese."""
    code = err if isinstance(err, int) else err.errno
    key = _OS_REASONS.get(code or 0)
    if key:
        return _(key)
    detail = os.strerror(err) if isinstance(err, int) else (err.strerror or type(err).__name__)
    return _("error.os.other", detail=detail)
