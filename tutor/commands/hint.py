"""``shengji-tutor hint --position FILE [--json] [--budget SECONDS]``.

Prints the best play of the seat to move with its value and the reasons,
localized (``--json``: the ``hint`` check response).  A bad or impossible
position file is one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from content.i18n import _
from solver.cards import parse_cards
from solver.errors import SolverError
from checks.base import CheckError
from checks.hint import DEFAULT_BUDGET, render, response, run_hint


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("hint", help=_("hint.cli.help"), description=_("hint.cli.help"))
    p.add_argument("--position", required=True, metavar="FILE", help=_("hint.cli.position.help"))
    p.add_argument("--json", action="store_true", help=_("hint.cli.json.help"))
    p.add_argument("--budget", type=float, default=DEFAULT_BUDGET, metavar="SECONDS",
                   help=_("hint.cli.budget.help"))
    p.add_argument("--play", default=None, metavar="CARDS", help=_("hint.cli.play.help"))
    p.add_argument("--seed", type=int, default=0, help=_("hint.cli.seed.help"))
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    print(f"shengji-tutor hint: {_('cli.error')}: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    try:
        text = Path(args.position).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        detail = getattr(err, "strerror", None) or str(err)
        return _fail(_("hint.error.file", path=args.position, detail=detail))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        return _fail(_("hint.error.json", path=args.position, line=err.lineno))
    try:
        play = parse_cards(args.play) if args.play else None
        h = run_hint(data, budget=args.budget, seed=args.seed, play=play)
    except CheckError as err:
        return _fail(err.message())
    except SolverError as err:
        return _fail(_(err.code, **err.params))
    resp = response(h)
    if args.json:
        print(json.dumps(resp, ensure_ascii=False))
    else:
        print(render(resp))
    return 0
