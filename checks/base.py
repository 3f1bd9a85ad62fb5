"""The JSON check interface of shared/CONTRACT.md: requests, fields, errors.

A kind is data: its fields (with types) and two functions, ``handle``
(request → response dict) and ``render`` (response → localized text for the
human form).  The command line and ``--jsonl`` share one code path.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from solver.cards import Card, parse_cards
from solver.errors import SolverError
from solver.rules import Rules, preset
from solver.trump import TrumpContext, parse_level, shared_context
from checks.inputs import MAX_POINTS, InputError, card_text, check_options, items, parse_int

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


#: Whether messages name a request's fields as the JSON interface does
#: (``attacker_points``) or as the command line's options (``--attacker-points``).
_AS_OPTIONS: ContextVar[bool] = ContextVar("fields_as_options", default=False)
_FIELD_NAME = re.compile(r"[a-z][a-z_]*")


@contextmanager
def fields_as_options() -> Iterator[None]:
    """Inside, error messages name fields by their command-line option."""
    token = _AS_OPTIONS.set(True)
    try:
        yield
    finally:
        _AS_OPTIONS.reset(token)


#: How a form names a request's fields (the Analyze screen's labels), if set.
_FIELD_LABELS: ContextVar[Callable[[str], str] | None] = ContextVar("field_labels", default=None)


@contextmanager
def fields_as_labels(label: Callable[[str], str]) -> Iterator[None]:
    """Inside, error messages name fields as ``label`` does ("Play", not
    'play': the walk of 2026-12-03 read "3C in 'play' is not in 'hand'")."""
    token = _FIELD_LABELS.set(label)
    try:
        yield
    finally:
        _FIELD_LABELS.reset(token)


#: How a form shows the cards a message quotes (the Analyze screen draws
#: them in the learner's suit style), if set: message params in, params out.
_CARDS_SHOWN: ContextVar[Callable[[dict[str, Any]], dict[str, Any]] | None] = \
    ContextVar("cards_shown", default=None)


@contextmanager
def cards_shown(show: Callable[[dict[str, Any]], dict[str, Any]]) -> Iterator[None]:
    """Inside, error messages quote cards as ``show`` draws them (it gets a
    message's params, the engine's card codes, and returns them to format):
    a form in Chinese read "「出牌」中的BJ不在「手牌」裡", "9H出现了3次"."""
    token = _CARDS_SHOWN.set(show)
    try:
        yield
    finally:
        _CARDS_SHOWN.reset(token)


def shown_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """A message's params with its cards drawn as the caller's
    :func:`cards_shown` asks (unchanged outside one: the command line and
    JSON keep the card codes of CONTRACT.md)."""
    show = _CARDS_SHOWN.get()
    return show(dict(params)) if show is not None else dict(params)


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

        name = self.params.get("field")
        if _AS_OPTIONS.get() and isinstance(name, str) and _FIELD_NAME.fullmatch(name):
            option = "--" + name.replace("_", "-")
            if self.msgid == "error.request.missing_field":
                return _("cli.missing_option", option=option)
            # every field the message names, as an option ("5H in '--play' is
            # not in 'hand'" named the second as a field, a walk)
            hand = self.params.get("hand")
            extra = {"hand": "--" + hand.replace("_", "-")} \
                if isinstance(hand, str) and _FIELD_NAME.fullmatch(hand) else {}
            return _(self.msgid, **{**self.params, "field": option, **extra})
        label = _FIELD_LABELS.get()
        if label is None:
            return _(self.msgid, **shown_params(self.params))
        params = {k: label(v) if k in ("field", "hand") and isinstance(v, str)
                  and _FIELD_NAME.fullmatch(v) else v for k, v in self.params.items()}
        if self.msgid == "error.request.missing_field":
            # a form's field left empty: said as the form says it of every
            # other field ("Last lead is empty: fill it in."), never the
            # request's kind code ('a "score" request needs the field ...')
            return _("input.empty_field", field=params.get("field", ""))
        text = _(self.msgid, **shown_params(params))
        field = params.get("field")
        if self.code == "bad_card" and isinstance(field, str) and field not in text:
            # which box holds the bad card ("“11S” is not a card" named none,
            # and a walk fixed the wrong box)
            return _("input.in_field", field=field, message=text)
        return text


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
    #: Optional: answer several requests of this kind at once (one engine
    #: call for all, e.g. one CP-SAT solve); one result per request, in
    #: order: its response, or the :class:`CheckError`/``SolverError`` that
    #: ``handle`` would have raised.  Same answers as ``handle`` one by one.
    handle_many: Callable[[Sequence[Request]], list[dict[str, Any] | Exception]] | None = None


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
            name = self.data.get("rules") or "henan"
            if not isinstance(name, str):
                raise CheckError("bad_field", "error.request.bad_field", field="rules")
            try:
                self._rules = preset(name, check_options(name, self.data.get("options")) or None)
            except InputError as err:
                raise CheckError(err.code, err.msgid, **err.params) from None
            except SolverError as err:
                raise CheckError("bad_rules", err.code, **err.params) from None
            if self._rules.name == "yishang" and not self.kind.name.startswith("yishang"):
                # 一上一下 has no tricks, trumps or points: a card-game check of it means nothing
                raise CheckError("bad_rules", "error.rules.not_card_game")
        return self._rules

    @property
    def ctx(self) -> TrumpContext:
        if self._ctx is None:
            rules = self.rules
            raw = self.data.get("level")
            # the rules' first level is a rank (五三二 starts at A = 14), a given level a token
            level: str | int = rules.default_level if raw is None else str(raw)
            try:
                self._ctx = _context(rules, level, _opt_str(self.data.get("trump", "NT")))
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
        return _parse(_bounded(card_text, value, name), name)

    def cards_list(self, name: str) -> list[list[Card]]:
        value = self.data.get(name)
        if isinstance(value, str):
            value = [v for v in value.split("|")]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise CheckError("bad_field", "error.request.not_cards_list", field=name)
        _bounded(items, value, name, LIST_LIMITS.get(name, 4))
        return [_parse(_bounded(card_text, v, f"{name}[{i}]"), f"{name}[{i}]")
                for i, v in enumerate(value)]

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
        return [_bounded(parse_int, v, name, lo=-10 ** 9, hi=10 ** 9)
                for v in _bounded(items, value, name)]

    def strs(self, name: str) -> list[str]:
        value = self.data.get(name)
        if value is None:
            return []
        if not isinstance(value, list):
            raise CheckError("bad_field", "error.request.bad_field", field=name)
        return [str(v) for v in _bounded(items, value, name)]

    def int(self, name: str) -> int:
        """An integer field: ASCII digits only, within :data:`INT_RANGES`."""
        lo, hi = INT_RANGES.get(name, (-10 ** 9, 10 ** 9))
        return _bounded(parse_int, self.data.get(name), name, lo=lo, hi=hi)  # type: ignore[no-any-return]

    def bool(self, name: str) -> bool:
        value = self.data.get(name)
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        raise CheckError("bad_field", "error.request.not_bool", field=name)


#: Integer fields whose possible values are known (points: two packs hold 200).
INT_RANGES: dict[str, tuple[int, int]] = {
    "attacker_points": (0, MAX_POINTS), "pile_size": (0, 108), "claimer_cards": (0, 108),
    "players": (2, 4), "seed": (0, 2 ** 63 - 1), "dealer": (0, 3),
    "deals": (1, 100_000),
}
#: Most entries of a list of card lists: a trick has four plays, a thrower three others.
LIST_LIMITS: dict[str, int] = {"plays": 4, "others": 3}


def _bounded(check: Callable[..., Any], value: Any, name: str, *args: Any, **kwargs: Any) -> Any:
    """Run an input-boundary check, as a :class:`CheckError`."""
    try:
        return check(value, name, *args, **kwargs)
    except InputError as err:
        raise CheckError(err.code, err.msgid, **err.params) from None


def _context(rules: Rules, level: str | int, trump: str | None) -> TrumpContext:
    """One shared context per (rules, level, trump) serves a whole batch, its
    caches bounded (:func:`solver.trump.shared_context`)."""
    return shared_context(rules, level, trump)


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

    from solver.bits import packed, split

    (p1, p2), (h1, h2) = split(packed(play)), split(packed(hand))
    if p1.bit_count() + p2.bit_count() == len(play) and \
            h1.bit_count() + h2.bit_count() == len(hand) and not (p1 & ~h1 or p2 & ~h2):
        return  # every face at most twice in both (solver.bits.valid): the masks tell
    missing = Counter(play) - Counter(hand)
    if missing:
        card = next(iter(missing))
        raise CheckError("not_in_hand", "error.request.not_in_hand",
                         card=str(card), field=play_field, hand=hand_field)
