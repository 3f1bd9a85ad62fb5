"""``shengji-tutor hint --position FILE [--json] [--budget SECONDS]``.

Prints the best play of the seat to move with its value and the reasons,
localized (``--json``: the ``hint`` check response).  A bad or impossible
position file is one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from content.i18n import _
from solver.cards import parse_cards
from solver.errors import SolverError
from checks.base import CheckError
from checks.hint import DEFAULT_BUDGET, render, response, run_hint
from checks.inputs import (
    InputError, card_text, check_position, escape, int_arg, parse_budget, read_json, shown)
from tutor.commands import error_line, said


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("hint", help=_("hint.cli.help"), description=_("hint.cli.help"))
    p.add_argument("--position", required=True, metavar="FILE", help=_("hint.cli.position.help"))
    p.add_argument("--json", action="store_true", help=_("hint.cli.json.help"))
    p.add_argument("--budget", type=_budget_arg, default=DEFAULT_BUDGET, metavar="SECONDS",
                   help=_("hint.cli.budget.help"))
    p.add_argument("--play", default=None, metavar="CARDS", help=_("hint.cli.play.help"))
    p.add_argument("--seed", type=int_arg(0, 2 ** 63 - 1), default=0, help=_("hint.cli.seed.help"))
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    print(error_line('shengji-tutor hint', message), file=sys.stderr)
    return 2


def _budget_arg(text: str) -> float:
    try:
        return parse_budget(text)
    except InputError as err:
        raise argparse.ArgumentTypeError(err.message()) from None


def run(args: argparse.Namespace) -> int:
    try:
        data = check_position(read_json(args.position))
        play = None
        if args.play is not None:
            if not args.play.strip():
                raise InputError("bad_field", "input.empty_field", field="--play")
            play = parse_cards(card_text(args.play, "--play"))
        h = run_hint(data, budget=args.budget, seed=args.seed, play=play)
    except InputError as err:
        return _fail(err.message())
    except CheckError as err:
        return _fail(escape(err.message()))
    except SolverError as err:
        return _fail(escape(_(err.code, **{k: shown(v) for k, v in err.params.items()})))
    game = data.get("rules") if isinstance(data.get("rules"), str) else ""
    resp = response(h, game)
    if args.json:
        print(json.dumps(resp, ensure_ascii=False))
    else:
        print(said(render(resp, game=game)))
    return 0
