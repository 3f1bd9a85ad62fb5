"""The input boundary: every value from outside passes here first.

A batch line, a command-line flag, a position file, a history file, the
Analyze form and the stored settings all go through these plain functions
(no UI, no engine search) before anything reaches ``solver/``: ``loads``
and ``lines`` for JSON text and streams, ``parse_int``/``parse_budget``/
``card_text``/``required_text`` for single values, ``check_options``/``clean_options`` for
rule options, ``check_position``/``position_from_text``/``check_history``
for whole objects.  Each failure
is an :class:`InputError`: a short machine ``code`` and a localized one-line
message (``msgid`` + ``params``) that never contains a raw control character.

Limits (also in the README):

* a request line or a history line: :data:`MAX_LINE_BYTES` (1 MiB);
* a position file: :data:`MAX_FILE_BYTES` (1 MiB);
* a card list: :data:`MAX_CARDS` cards (:data:`MAX_CARD_TEXT` characters);
* a list of hands or plays: :data:`MAX_ITEMS` entries;
* an integer: :data:`MAX_DIGITS` digits (JSON numbers and integer fields),
  written with the ASCII digits ``0-9`` and at most one leading sign;
* JSON nesting: :data:`MAX_DEPTH` levels; text must be strict UTF-8,
  without lone surrogates; ``NaN``/``Infinity`` are not JSON;
* a hint budget: above 0 and at most :data:`MAX_BUDGET` seconds.

>>> parse_int("42", "level"), parse_int(-5, "x", lo=-9)
(42, -5)
>>> parse_int("--5", "attacker_points")
Traceback (most recent call last):
...
checks.inputs.InputError: input.not_int
>>> escape("5H\\x1b]0;owned\\x07")
'5H\\\\x1b]0;owned\\\\x07'
>>> loads('{"id": 1, "kind": "classify"}', "line 1")
{'id': 1, 'kind': 'classify'}
"""

from __future__ import annotations

import dataclasses
import io
import json
import math
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, BinaryIO

MAX_LINE_BYTES = 1 << 20
MAX_FILE_BYTES = 1 << 20
MAX_CARDS = 216
MAX_CARD_TEXT = 4096
MAX_ITEMS = 64
MAX_DIGITS = 20
MAX_DEPTH = 32
MAX_BUDGET = 60.0
#: Card points in the two packs: no side can hold more.
MAX_POINTS = 200

_INT_RE = re.compile(r"[+-]?[0-9]+\Z")
_CONTROL_RE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_SURROGATE_RE = re.compile("[\ud800-\udfff]")


class InputError(ValueError):
    """Bad input: ``code`` is a short machine code, ``msgid``/``params``
    the localized one-line message."""

    def __init__(self, code: str, msgid: str, /, **params: Any) -> None:
        super().__init__(msgid)
        self.code = code
        self.msgid = msgid
        self.params = params

    def message(self) -> str:
        from content.i18n import _

        return escape(_(self.msgid, **self.params))


# -- text ------------------------------------------------------------------------


def escape(text: str) -> str:
    """``text`` with terminal control characters (C0, DEL, C1, line and
    bidi controls) shown as escapes, so an echo can never drive the
    terminal."""
    return _CONTROL_RE.sub(lambda m: _escape_char(m.group()), text)


def _escape_char(ch: str) -> str:
    n = ord(ch)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}"


def shown(value: Any, limit: int = 40) -> str:
    """A bad value as it may appear inside an error message: escaped, cut short."""
    if isinstance(value, str):
        text = value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError):
            text = type(value).__name__
    text = escape(_SURROGATE_RE.sub("\ufffd", text))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def decode(data: bytes, where: str) -> str:
    """Strict UTF-8 (a leading BOM is dropped)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError("bad_utf8", "input.not_utf8", what=where, offset=err.start) from None
    return text[1:] if text.startswith("\ufeff") else text


# -- JSON ------------------------------------------------------------------------


class _Refused(Exception):
    def __init__(self, msgid: str, **params: Any) -> None:
        super().__init__(msgid)
        self.msgid = msgid
        self.params = params


def _int_hook(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused("input.big_number", limit=MAX_DIGITS)
    return int(text)


def _float_hook(text: str) -> float:
    if len(text) > 2 * MAX_DIGITS + 8:
        raise _Refused("input.big_number", limit=MAX_DIGITS)
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("input.not_finite")
    return value


def _constant_hook(text: str) -> Any:
    raise _Refused("input.not_finite")


def loads(text: str, where: str) -> Any:
    """Parse JSON within the limits above; :class:`InputError` otherwise."""
    try:
        data = json.loads(text, parse_int=_int_hook, parse_float=_float_hook,
                          parse_constant=_constant_hook)
    except _Refused as err:
        raise InputError("bad_json", err.msgid, what=where, **err.params) from None
    except json.JSONDecodeError as err:
        if not text.strip():  # an empty file or line: said so, not "not valid JSON at 1:1"
            raise InputError("bad_json", "input.empty_json", what=where) from None
        # a text of one line (a line of a JSON Lines file) has no lines to
        # count: "line 2: … (line 1, column 1)" read as two line numbers
        if "\n" in text.strip():
            raise InputError("bad_json", "input.bad_json", what=where, line=err.lineno,
                             column=err.colno, detail=err.msg) from None
        raise InputError("bad_json", "input.bad_json_at", what=where, line=err.lineno,
                         column=err.pos + 1, detail=err.msg) from None
    except RecursionError:
        raise InputError("bad_json", "input.too_deep", what=where, limit=MAX_DEPTH) from None
    # Walk the tree only when the text could break a limit: a lone surrogate
    # comes from a \u escape (or was in the text), and the nesting cannot
    # be deeper than the brackets the text holds.
    if "\\u" in text or _SURROGATE_RE.search(text) \
            or text.count("[") + text.count("{") > MAX_DEPTH:
        _check_tree(data, where)
    return data


def _check_tree(data: Any, where: str) -> None:
    """Nesting depth and lone surrogates, without recursion."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            m = _SURROGATE_RE.search(value)
            if m:
                raise InputError("bad_json", "input.surrogate", what=where,
                                 code=f"{ord(m.group()):04x}")
            continue
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise InputError("bad_json", "input.too_deep", what=where, limit=MAX_DEPTH)
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for k, v in items:
                if isinstance(k, str):
                    stack.append((k, depth))
                stack.append((v, depth + 1))


def dumps(data: Any) -> str:
    """One JSON line for output: never ``NaN`` or raw control characters."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False)


# -- streams and files -------------------------------------------------------------


def lines(stream: BinaryIO, where: str | None = None) -> Iterator[tuple[int, str | InputError]]:
    """Numbered lines of a byte stream, each decoded strictly, in bounded
    memory: a line over :data:`MAX_LINE_BYTES` is skipped to its end and
    yields an :class:`InputError`, as does a line that is not UTF-8; the
    lines around it are not affected.  Errors name the line as ``where``,
    or "Line N"."""
    from content.i18n import _

    no = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        no += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            while True:  # drop the rest of the line, a chunk at a time
                rest = stream.readline(MAX_LINE_BYTES)
                if not rest or rest.endswith(b"\n"):
                    break
            yield no, InputError("too_long", "input.too_long",
                                 what=where or _("input.batch_line", line=no), limit=MAX_LINE_BYTES)
            continue
        try:
            yield no, decode(raw, "")
        except InputError as err:  # named now (the name costs a lookup per line)
            yield no, InputError(err.code, err.msgid,
                                 **{**err.params, "what": where or _("input.batch_line", line=no)})


def line_windows(stream: BinaryIO, limit: int,
                 where: str | None = None) -> Iterator[list[tuple[int, str | InputError]]]:
    """The numbered lines of :func:`lines`, in lists of 1 to ``limit`` lines:
    each list holds the lines read so far, so a caller that answers list by
    list never waits for a line that has not come (interactive use) yet
    answers a stream that is already there many lines at a time.  A reader
    thread reads ahead, at most a few lists' worth.  Give the thread a
    stream of its own (on a duplicate of stdin's descriptor, not
    ``sys.stdin`` itself): a thread left blocked on the interpreter's own
    stdin object when the program ends would abort the interpreter."""
    import queue
    import threading

    end = object()
    q: queue.Queue[Any] = queue.Queue(maxsize=4 * limit)

    def read() -> None:
        try:
            for item in lines(stream, where):
                q.put(item)
        except BaseException as err:  # handed over to the caller's thread
            q.put(err)
        q.put(end)

    threading.Thread(target=read, name="jsonl-reader", daemon=True).start()
    while True:
        item = q.get()
        batch: list[tuple[int, str | InputError]] = []
        while True:
            if item is end or isinstance(item, BaseException):
                break
            batch.append(item)
            if len(batch) >= limit:
                break
            try:
                item = q.get_nowait()
            except queue.Empty:
                break
        if batch:
            yield batch
        if item is end:
            return
        if isinstance(item, BaseException):
            raise item


def open_binary(path: str | Path) -> BinaryIO:
    """A file opened for reading, or :class:`InputError` naming why not."""
    if not str(path).strip():  # Path("") is the current folder: say what is missing
        raise InputError("bad_file", "input.no_file_name")
    p = Path(path)
    try:
        if p.is_dir():
            raise IsADirectoryError(21, "Is a directory")
        return p.open("rb")
    except OSError as err:
        from content.i18n import os_reason
        raise InputError("bad_file", "input.unreadable", path=escape(str(path)),
                         detail=os_reason(err)) from None


def read_text(path: str | Path, limit: int = MAX_FILE_BYTES) -> str:
    """A whole small file (a position), strictly decoded and size-limited."""
    with open_binary(path) as fh:
        try:
            data = fh.read(limit + 1)
        except OSError as err:
            from content.i18n import os_reason
            raise InputError("bad_file", "input.unreadable", path=escape(str(path)),
                             detail=os_reason(err)) from None
    if len(data) > limit:
        raise InputError("too_long", "input.file_too_big", path=escape(str(path)), limit=limit)
    return decode(data, escape(str(path)))


def read_json(path: str | Path) -> Any:
    return loads(read_text(path), escape(str(path)))


def text_lines(text: str) -> BinaryIO:
    """A string as the byte stream :func:`lines` reads (tests, the TUI)."""
    return io.BytesIO(text.encode("utf-8", "surrogatepass"))


# -- typed values -----------------------------------------------------------------


def parse_int(value: Any, field: str, *, lo: int = 0, hi: int = 10 ** 9) -> int:
    """An integer from JSON or text: ASCII digits only (no ``²``, ``٣``,
    ``--5``, ``1_000``), at most :data:`MAX_DIGITS` digits, within [lo, hi]."""
    if isinstance(value, bool):
        raise InputError("bad_field", "input.not_int", field=field, value=shown(value))
    if isinstance(value, int):
        n = value
    elif isinstance(value, str) and _INT_RE.match(value.strip()) \
            and len(value.strip().lstrip("+-")) <= MAX_DIGITS:
        n = int(value.strip())
    elif isinstance(value, str) and _INT_RE.match(value.strip()):
        # a whole number, too long to read: out of range, not "not a whole
        # number" (a walk gave --seed 99999999999999999999999)
        raise InputError("bad_field", "input.out_of_range", field=field, lo=lo, hi=hi,
                         value=shown(value))
    else:
        raise InputError("bad_field", "input.not_int", field=field, value=shown(value))
    if not lo <= n <= hi:
        raise InputError("bad_field", "input.out_of_range", field=field, lo=lo, hi=hi,
                         value=shown(value))
    return n


def int_arg(lo: int = 0, hi: int = 10 ** 9) -> Any:
    """An argparse ``type=`` for integer flags, as strict as :func:`parse_int`
    (its error is the localized line argparse prints)."""
    import argparse

    def convert(text: str) -> int:
        from content.i18n import _

        try:
            return parse_int(text, "", lo=lo, hi=hi)
        except InputError as err:
            msgid = "input.arg.out_of_range" if err.msgid == "input.out_of_range" else "input.arg.not_int"
            raise argparse.ArgumentTypeError(escape(_(msgid, lo=lo, hi=hi, value=shown(text)))) from None

    convert.__name__ = "integer"
    return convert


def parse_budget(value: Any, field: str = "budget") -> float:
    """Seconds for a search: finite, above 0, at most :data:`MAX_BUDGET`."""
    if isinstance(value, bool):
        raise InputError("bad_field", "input.budget", limit=f"{MAX_BUDGET:g}", value=shown(value))
    try:
        seconds = float(value.strip() if isinstance(value, str) else value)
    except (TypeError, ValueError, OverflowError):
        raise InputError("bad_field", "input.budget", limit=f"{MAX_BUDGET:g}",
                         value=shown(value)) from None
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_BUDGET):
        raise InputError("bad_field", "input.budget", limit=f"{MAX_BUDGET:g}", value=shown(value))
    return seconds


def required_text(value: Any, field: str) -> str:
    """A field that must be filled in (a form's level, trump, cards…): its
    text, stripped; empty or blank is refused naming the field, never
    replaced by a default.

    >>> required_text(" 7 ", "Level")
    '7'
    >>> required_text("  ", "Level")
    Traceback (most recent call last):
    ...
    checks.inputs.InputError: input.empty_field
    """
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        raise InputError("missing_field", "input.empty_field", field=field)
    return text


def card_text(value: Any, field: str) -> str:
    """A card-list string within the size limits (the engine parses it)."""
    if not isinstance(value, str):
        raise InputError("bad_field", "error.request.not_cards", field=field)
    if len(value) > MAX_CARD_TEXT or len(value.replace(",", " ").split()) > MAX_CARDS:
        raise InputError("too_long", "input.too_many_cards", field=field, limit=MAX_CARDS)
    return value


def items(value: Any, field: str, limit: int = MAX_ITEMS) -> list[Any]:
    """A JSON list of at most ``limit`` entries."""
    if not isinstance(value, list):
        raise InputError("bad_field", "input.not_list", field=field)
    if len(value) > limit:
        raise InputError("too_long", "input.too_many_items", field=field, limit=limit)
    return value


# -- rule options ------------------------------------------------------------------

#: Whole-number options: the range any table could use.
_INT_RANGE = (0, 10_000)
_RANKS = range(2, 15)
_TEXT_LIMIT = 64


def _rank_list(name: str, value: Any) -> tuple[int, ...]:
    from solver.cards import _RANK_TOKENS

    if isinstance(value, str):
        tokens: list[Any] = [t.strip() for t in value.split(",") if t.strip()]
    elif isinstance(value, list) and len(value) <= 2 * len(_RANKS):
        tokens = list(value)
    else:
        raise _option_error(name, "ranks", value)
    ranks = []
    for t in tokens:
        if isinstance(t, int) and not isinstance(t, bool) and t in _RANKS:
            ranks.append(t)
        elif isinstance(t, str) and t.upper() in _RANK_TOKENS:
            ranks.append(_RANK_TOKENS[t.upper()])
        else:
            raise _option_error(name, "ranks", value)
    if len(set(ranks)) != len(ranks):
        raise _option_error(name, "ranks", value)
    return tuple(ranks)


def _option_error(name: str, expected: str, value: Any) -> InputError:
    from content.i18n import _

    return InputError("bad_rules", "input.option_type", option=escape(name),
                      expected=_("input.expect." + expected), value=shown(value))


def _option_value(name: str, current: Any, value: Any) -> Any:
    """``value`` checked against the type of the option's default."""
    if isinstance(current, bool):
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("1", "true", "yes", "on",
                                                                "0", "false", "no", "off"):
            return value.strip().lower() in ("1", "true", "yes", "on")
        raise _option_error(name, "bool", value)
    if isinstance(current, int):
        try:
            return parse_int(value, name, lo=_INT_RANGE[0], hi=_INT_RANGE[1])
        except InputError:
            raise _option_error(name, "int", value) from None
    if isinstance(current, tuple):
        ranks = _rank_list(name, value)
        if name == "level_sequence" and not ranks:
            raise InputError("bad_rules", "input.option_empty", option=escape(name))
        return ranks
    # Text options, and the options the engine parses from text (enums, the
    # throw penalty): a short string, checked by the engine afterwards.
    if not isinstance(current, (bool, int, float, tuple)):
        if not isinstance(value, str) or len(value) > _TEXT_LIMIT:
            raise _option_error(name, "penalty" if name == "throw_penalty" else "text", value)
        if name == "throw_penalty":
            kind, _sep, amount = value.strip().partition(":")
            if kind in ("stake", "points"):
                try:
                    number = float(amount)
                except ValueError:
                    raise _option_error(name, "penalty", value) from None
                if not (math.isfinite(number) and 0 <= number <= 1000):
                    raise _option_error(name, "penalty", value)
        return value.strip()
    raise _option_error(name, "text", value)  # pragma: no cover - no such option today


def check_options(rules: Any, options: Any) -> dict[str, Any]:
    """Rule options (``name → value``, from JSON or ``NAME=VALUE`` flags)
    checked by type and range, then by the engine (:func:`solver.rules.preset`).
    Returns them typed; raises :class:`InputError` at the first bad one."""
    from solver.errors import SolverError
    from solver.rules import PRESETS, preset

    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise InputError("bad_field", "error.request.bad_field", field="options")
    if len(options) > MAX_ITEMS:
        raise InputError("too_long", "input.too_many_items", field="options", limit=MAX_ITEMS)
    name = "henan" if rules is None else rules
    base = PRESETS.get(name.strip().lower()) if isinstance(name, str) else None
    if base is None:
        raise InputError("bad_rules", "error.rules.unknown_preset", preset=shown(rules))
    defaults = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    typed: dict[str, Any] = {}
    for key, value in options.items():
        if not isinstance(key, str) or key not in defaults or key in ("name", "flow"):
            # the names the flag takes, listed (a walk got none)
            raise InputError("bad_rules", "error.rules.unknown_option", option=shown(key),
                             known=", ".join(sorted(k for k in defaults if k not in ("name", "flow"))))
        typed[key] = _option_value(key, defaults[key], value)
    try:
        preset(name, typed)
    except SolverError as err:
        raise InputError("bad_rules", err.code, **{k: shown(v) for k, v in err.params.items()}
                         ) from None
    return typed


def clean_options(rules: str, options: Any) -> dict[str, Any]:
    """Stored options for ``rules`` with every bad entry dropped (settings
    written by an older version or edited by hand never break a start)."""
    if not isinstance(options, Mapping):
        return {}
    good: dict[str, Any] = {}
    for key, value in options.items():
        try:
            check_options(rules, {**good, key: value})
        except InputError:
            continue
        good[key] = value
    return good


def flag_options(items_: list[str], rules: str) -> dict[str, Any]:
    """``--option NAME=VALUE`` flags, checked like JSON options."""
    raw: dict[str, str] = {}
    for item in items_:
        key, sep, value = item.partition("=")
        if not sep:
            raise InputError("bad_rules", "error.request.bad_option", option=shown(item))
        raw[key.strip()] = value
    return check_options(rules, raw)


# -- positions ---------------------------------------------------------------------


def check_position(data: Any, field: str = "position") -> Mapping[str, Any]:
    """A position object (CONTRACT.md) within the limits, before the engine
    builds it: options typed, seats 0-3, card lists bounded, at most three
    plays in the current trick, points possible."""
    if not isinstance(data, Mapping):
        raise InputError("bad_field", "hint.error.not_object")
    check_options(data.get("rules", "henan"), data.get("options"))
    for key in ("dealer", "leader", "viewer"):
        if data.get(key) is not None:
            parse_int(data[key], key, lo=0, hi=3)
    if data.get("attacker_points") is not None:
        parse_int(data["attacker_points"], "attacker_points", lo=0, hi=MAX_POINTS)
    hands = data.get("hands")
    if hands is not None:
        for i, h in enumerate(items(hands, "hands", 4)):
            if h is not None:
                card_text(h, f"hands[{i}]")
    trick = data.get("trick")
    if trick is not None:
        for i, p in enumerate(items(trick, "trick", 3)):
            card_text(p, f"trick[{i}]")
    for key in ("kitty", "played"):
        if data.get(key) is not None:
            card_text(data[key], key)
    tricks = data.get("tricks")
    if tricks is not None:
        for t in items(tricks, "tricks", 60):
            if isinstance(t, Mapping) and t.get("plays") is not None:
                for i, p in enumerate(items(t["plays"], "tricks.plays", 4)):
                    card_text(p, f"tricks.plays[{i}]")
    return data


def position_from_text(text: str, where: str) -> Mapping[str, Any]:
    """A pasted or typed position (the Analyze form): size-limited, parsed
    and checked like a position file.  ``where`` names it in errors."""
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise InputError("too_long", "input.too_long", what=where, limit=MAX_FILE_BYTES)
    return check_position(loads(text, where))


def check_history(data: Any) -> Mapping[str, Any]:
    """A hand-history line (CONTRACT.md) within the limits, before the
    engine replays it: an object, typed options, bounded lists and card
    lists, seats 0-3."""
    if not isinstance(data, Mapping):
        raise InputError("bad_field", "game.history.not_object")
    check_options(data.get("rules", "henan"), data.get("options"))
    if data.get("dealer") is not None:
        parse_int(data["dealer"], "dealer", lo=0, hi=3)
    if data.get("hands") is not None:
        for i, h in enumerate(items(data["hands"], "hands", 4)):
            card_text(h, f"hands[{i}]")
    if data.get("kitty") is not None:
        card_text(data["kitty"], "kitty")
    if data.get("tricks") is not None:
        for t in items(data["tricks"], "tricks", 60):
            if isinstance(t, Mapping) and t.get("plays") is not None:
                for i, p in enumerate(items(t["plays"], "tricks.plays", 4)):
                    card_text(p, f"tricks.plays[{i}]")
    for key in ("log", "declarations", "penalties", "ledger"):
        if data.get(key) is not None:
            items(data[key], key, 2000)
    return data


__all__ = [
    "InputError", "MAX_BUDGET", "MAX_CARDS", "MAX_DEPTH", "MAX_DIGITS", "MAX_FILE_BYTES",
    "MAX_ITEMS", "MAX_LINE_BYTES", "MAX_POINTS", "card_text", "check_history", "check_options",
    "check_position", "clean_options", "decode", "dumps", "escape", "flag_options", "int_arg",
    "items", "lines", "loads", "open_binary", "parse_budget", "parse_int", "position_from_text",
    "read_json", "read_text", "shown", "text_lines"
]
