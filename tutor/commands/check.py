"""``shengji-tutor check``: the human form and the ``--jsonl`` batch."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from content.i18n import _
from checks import answer, answer_stream
from checks.base import BOOL, CARDS_LIST, OBJECT, CheckError, Kind, Request, fields_as_options
from checks.inputs import InputError, escape, read_json
from checks.registry import KIND_MODULES, available_kinds, get_kind
from tutor.commands import error_line, said


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    register_for(sub, None)


def register_for(sub: argparse._SubParsersAction,  # type: ignore[type-arg]
                 rest: Sequence[str] | None) -> None:
    """``check`` with the kinds the arguments after it (``rest``) need:
    ``check KIND ...`` only that kind (one module to import), ``check
    --jsonl`` none (each request loads its kind's module); anything else
    (``--help``, no kind, an unknown one), every kind."""
    p = sub.add_parser("check", help=_("cli.check.help"), description=_("cli.check.help"))
    p.add_argument("--jsonl", action="store_true", help=_("cli.check.jsonl.help"))
    p.set_defaults(func=run_batch)
    kinds = p.add_subparsers(dest="kind", metavar=_("cli.metavar.kind"))
    named = _kind_of(rest)
    if named == "":
        return
    for kind in [get_kind(named)] if named else available_kinds():
        name = kind.name
        k = kinds.add_parser(name, help=_(kind.help), description=_(kind.help))
        _add_common(k)
        for field, ftype in {**kind.fields, **kind.optional}.items():
            _add_field(k, field, ftype)
        k.set_defaults(func=run_one, kind_obj=kind)


def _kind_of(rest: Sequence[str] | None) -> str | None:
    """The check kind ``rest`` names ("" for a bare ``--jsonl``), or None:
    every kind is needed."""
    if rest is None:
        return None
    for a in rest:
        if a == "--jsonl":
            continue
        if a.startswith("-"):
            return None
        return a if a in KIND_MODULES and not get_kind(a).lesson else None
    return "" if "--jsonl" in rest else None


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="henan", help=_("cli.rules.help"))
    p.add_argument("--level", help=_("cli.level.help"))
    p.add_argument("--trump", default="NT", help=_("cli.trump.help"))
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help=_("cli.option.help"))
    p.add_argument("--json", action="store_true", help=_("cli.json.help"))


def _add_field(p: argparse.ArgumentParser, field: str, ftype: str) -> None:
    flag = "--" + field.replace("_", "-")
    if ftype == BOOL:
        p.add_argument(flag, dest=field, action="store_true", help=_("cli.field." + field))
    elif ftype == CARDS_LIST:
        p.add_argument(flag, dest=field, nargs="+", help=_("cli.field." + field))
    elif ftype == OBJECT:
        p.add_argument(flag, dest=field, metavar="FILE", help=_("cli.field." + field))
    else:
        p.add_argument(flag, dest=field, help=_("cli.field." + field))


def _request_from_args(kind: Kind, args: argparse.Namespace) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": kind.name, "rules": args.rules, "trump": args.trump}
    if args.level is not None:
        data["level"] = args.level
    options: dict[str, str] = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            raise CheckError("bad_field", "error.request.bad_option", option=item)
        options[name.strip()] = value
    if options:
        data["options"] = options
    for field, ftype in {**kind.fields, **kind.optional}.items():
        value = getattr(args, field, None)
        if value is None:
            continue
        if ftype == CARDS_LIST and len(value) == 1 and "|" in value[0]:
            value = value[0].split("|")
        if ftype == OBJECT:
            value = _read_json_file(value, field)
        data[field] = value
    return data


def _read_json_file(path: str, field: str) -> Any:
    try:
        return read_json(path)
    except InputError as err:
        raise CheckError(err.code, err.msgid, **err.params) from None


def run_one(args: argparse.Namespace) -> int:
    kind: Kind = args.kind_obj
    prog = f"shengji-tutor check {kind.name}"
    try:
        data = _request_from_args(kind, args)
    except CheckError as err:
        print(error_line(prog, escape(err.message())), file=sys.stderr)
        return 2
    with fields_as_options():
        resp = answer(data)
    if "error" in resp:
        print(error_line(prog, escape(resp['error']['message'])), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(resp, ensure_ascii=False))
    else:
        print(said(kind.render(Request(kind, data), resp)))
    return 0


def run_batch(args: argparse.Namespace) -> int:
    if not args.jsonl:
        kinds = ", ".join(k.name for k in available_kinds())
        print(error_line("shengji-tutor check", _("cli.check.need_kind", kinds=kinds)),
              file=sys.stderr)
        return 2
    # The reader thread gets stdin's descriptor on a stream of its own (see
    # checks.inputs.line_windows); nothing has read sys.stdin before.
    with open(os.dup(sys.stdin.fileno()), "rb") as stream:
        answer_stream(stream, sys.stdout)
    return 0
