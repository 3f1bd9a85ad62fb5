"""The JSON check interface of shared/CONTRACT.md: requests, fields, errors.

A kind is data: its fields (with types) and two functions, ``handle``
(request → response dict) and ``render`` (response → localized text for the
human form).  The command line and ``--jsonl`` share one code path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from solver.cards import Card, parse_cards
from solver.errors import SolverError
from solver.rules import Rules, preset
from solver.trump import TrumpContext, parse_level

COMMON_FIELDS = ("kind", "id", "rules", "level", "trump", "options")

# Field types: how a field is read from JSON and from the command line.
CARDS = "cards"            # a card list string
CARDS_LIST = "cards_list"  # a list of card list strings
INT = "int"
BOOL = "bool"
OBJECT = "object"          # a JSON object (e.g. a position)
STR = "str"
INT_LIST = "int_list"      # a list of whole numbers
STR_LIST = "str_list"      # a list of strings (rank tokens, event names)


class CheckError(Exception):
    """A bad request: ``code`` is a short machine code, ``msgid``/``params``
    the localized message."""

    def __init__(self, code: str, msgid: str, **params: Any) -> None:
        super().__init__(msgid)
        self.code = code
        self.msgid = msgid
        self.params = params

    def message(self) -> str:
        from content.i18n import _

        return _(self.msgid, **self.params)


@dataclass(frozen=True)
class Kind:
    name: str
    fields: Mapping[str, str]              # required fields → type
    handle: Callable[[Request], dict[str, Any]]
    render: Callable[[Request, dict[str, Any]], str]
    optional: Mapping[str, str] = field(default_factory=dict)
    help: str = ""                          # msgid of the subcommand's help
    needs_context: bool = True
    #: Taught in lessons only: answered through JSON, no command-line subcommand.
    lesson: bool = False


class Request:
    """One parsed request: raw fields plus typed accessors that raise
    :class:`CheckError` naming the bad field or token."""

    def __init__(self, kind: Kind, data: Mapping[str, Any]) -> None:
        self.kind = kind
        self.data = dict(data)
        allowed = set(COMMON_FIELDS) | set(kind.fields) | set(kind.optional)
        for key in self.data:
            if key not in allowed:
                raise CheckError("unknown_field", "error.request.unknown_field",
                                 field=key, kind=kind.name)
        for key in kind.fields:
            if self.data.get(key) is None and kind.fields[key] != OBJECT:
                raise CheckError("missing_field", "error.request.missing_field",
                                 field=key, kind=kind.name)
        self._rules: Rules | None = None
        self._ctx: TrumpContext | None = None

    @property
    def id(self) -> Any:
        return self.data.get("id")

    @property
    def rules(self) -> Rules:
        if self._rules is None:
            options = self.data.get("options") or {}
            if not isinstance(options, Mapping):
                raise CheckError("bad_field", "error.request.bad_field", field="options")
            try:
                self._rules = preset(str(self.data.get("rules") or "henan"), options)
            except SolverError as err:
                raise CheckError("bad_rules", err.code, **err.params) from None
        return self._rules

    @property
    def ctx(self) -> TrumpContext:
        if self._ctx is None:
            rules = self.rules
            level = self.data.get("level")
            if level is None:
                level = rules.default_level
            try:
                self._ctx = _context(rules, str(level), _opt_str(self.data.get("trump", "NT")))
            except SolverError as err:
                raise CheckError("bad_context", err.code, **err.params) from None
        return self._ctx

    @property
    def level(self) -> int:
        """The ``level`` field as a rank (the rules' first level when missing)."""
        level = self.data.get("level")
        if level is None:
            return self.rules.default_level
        try:
            return parse_level(str(level))
        except SolverError as err:
            raise CheckError("bad_context", err.code, **err.params) from None

    def cards(self, name: str, *, required: bool = True) -> list[Card]:
        value = self.data.get(name)
        if value is None:
            if required:
                raise CheckError("missing_field", "error.request.missing_field",
                                 field=name, kind=self.kind.name)
            return []
        if not isinstance(value, str):
            raise CheckError("bad_field", "error.request.not_cards", field=name)
        return _parse(value, name)

    def cards_list(self, name: str) -> list[list[Card]]:
        value = self.data.get(name)
        if isinstance(value, str):
            value = [v for v in value.split("|")]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise CheckError("bad_field", "error.request.not_cards_list", field=name)
        return [_parse(v, f"{name}[{i}]") for i, v in enumerate(value)]

    def opt_int(self, name: str, default: int) -> int:
        return default if self.data.get(name) is None else self.int(name)

    def flag(self, name: str) -> bool:
        """An optional boolean field (missing: false)."""
        return False if self.data.get(name) is None else self.bool(name)

    def ints(self, name: str) -> list[int]:
        value = self.data.get(name)
        if value is None:
            return []
        if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int)
                                              for v in value):
            raise CheckError("bad_field", "error.request.bad_field", field=name)
        return list(value)

    def strs(self, name: str) -> list[str]:
        value = self.data.get(name)
        if value is None:
            return []
        if not isinstance(value, list):
            raise CheckError("bad_field", "error.request.bad_field", field=name)
        return [str(v) for v in value]

    def int(self, name: str) -> int:
        value = self.data.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                return int(value)
            raise CheckError("bad_field", "error.request.not_int", field=name)
        return value

    def bool(self, name: str) -> bool:
        value = self.data.get(name)
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        raise CheckError("bad_field", "error.request.not_bool", field=name)


@lru_cache(maxsize=256)
def _context(rules: Rules, level: str | int, trump: str | None) -> TrumpContext:
    """Trump contexts are immutable: one per (rules, level, trump) serves a whole batch."""
    return TrumpContext(rules, level, trump)


def _opt_str(v: Any) -> str | None:
    return None if v is None else str(v)


def _parse(text: str, name: str) -> list[Card]:
    try:
        return parse_cards(text)
    except SolverError as err:
        raise CheckError("bad_card", err.code, field=name, **err.params) from None


def check_subset(hand: list[Card], play: list[Card], hand_field: str, play_field: str) -> None:
    """Every card of ``play`` is in ``hand`` (as a multiset)."""
    from collections import Counter

    missing = Counter(play) - Counter(hand)
    if missing:
        card = next(iter(missing))
        raise CheckError("not_in_hand", "error.request.not_in_hand",
                         card=str(card), field=play_field, hand=hand_field)
