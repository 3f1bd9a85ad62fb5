"""``shengji-tutor yishang selfplay``: 一上一下 games among bots (CONTRACT.md).

Game ``i`` of a run uses the deal seed ``seed * 1_000_003 + i`` and seats
the bots rotated by ``i`` places, so every bot sits in every seat equally
often and a run is the same for the same arguments.  ``--out FILE`` writes
each game's history (``Game.to_history()`` plus ``"bots"`` by seat) as one
JSON line, atomically, and refuses an existing file unless ``--force``;
``Game.from_history`` replays it.  Every option is checked before the file
is opened.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from content.i18n import _
from solver.errors import SolverError
from solver.yishang.bots import BASELINES, BOTS, make_bot, play_game
from checks.inputs import InputError, flag_options, int_arg, shown
from tutor.outfiles import atomic_writer, check_target
from tutor.commands import error_line

DEFAULT_BOTS = ("hint", "honest", "bluffer", "caller")
#: Games one run may play.
MAX_GAMES = 1_000_000


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("yishang", help=_("yishang.cli.help"), description=_("yishang.cli.help"))
    p.set_defaults(func=_need_command)
    cmds = p.add_subparsers(dest="yishang_command", metavar=_("cli.metavar.command"), parser_class=type(p))
    s = cmds.add_parser("selfplay", help=_("yishang.cli.selfplay.help"),
                        description=_("yishang.cli.selfplay.help"))
    # Wide parse ranges: the command says itself what it takes (2-4 players, 1+ games).
    s.add_argument("--players", type=int_arg(-2 ** 63, 2 ** 63 - 1), default=4,
                   help=_("yishang.cli.players.help"))
    s.add_argument("--games", type=int_arg(-2 ** 63, 2 ** 63 - 1), default=100,
                   help=_("yishang.cli.games.help"))
    s.add_argument("--seed", type=int_arg(0, 2 ** 63 - 1), default=0, help=_("yishang.cli.seed.help"))
    s.add_argument("--bots", default=None, metavar="NAME,NAME,...",
                   help=_("yishang.cli.bots.help", choices=", ".join(BOTS)))
    s.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help=_("yishang.cli.option.help"))
    s.add_argument("--json", action="store_true", help=_("yishang.cli.json.help"))
    s.add_argument("--out", metavar="FILE", help=_("yishang.cli.out.help"))
    s.add_argument("--force", action="store_true", help=_("cli.force.help"))
    s.set_defaults(func=run_selfplay)


def default_bots(players: int) -> list[str]:
    """The hint bot against the first baselines (honest, bluffer, caller)."""
    return ["hint", *BASELINES][:players]


def selfplay(names: Sequence[str], games: int, seed: int,
             options: dict[str, Any] | None = None,
             sink: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games; wins are shared on a tie (R-Y-STALL).  ``sink``
    receives each game's history (with the bots' names by seat)."""
    n = len(names)
    wins = {name: 0.0 for name in names}
    seats = {name: 0 for name in names}
    for name in names:
        seats[name] += 1
    stalls = 0
    plays = 0
    for i in range(games):
        k = i % n
        order = list(names[k:]) + list(names[:k])
        game = play_game([make_bot(b) for b in order], seed * 1_000_003 + i, options)
        if sink is not None:
            sink({**game.to_history(), "bots": order})
        plays += game.plays
        stalls += game.end_reason == "stall"
        for w in game.winners:
            wins[order[w]] += 1.0 / len(game.winners)
    return {
        "game": "yishang", "players": n, "games": games, "seed": seed, "bots": list(names),
        "wins": {b: round(w, 4) for b, w in wins.items()},
        "win_rate": {b: round(w / games, 4) for b, w in wins.items()},
        "seats": seats,
        "stalls": stalls, "average_plays": round(plays / games, 2),
    }


def _fail(message: str) -> int:
    print(error_line("shengji-tutor yishang selfplay", message), file=sys.stderr)
    return 2


def _need_command(args: argparse.Namespace) -> int:
    """``yishang`` alone: one line saying what to add (``--help`` shows more)."""
    print(error_line("shengji-tutor yishang", _("cli.need_command", commands="selfplay")),
          file=sys.stderr)
    return 2


def run_selfplay(args: argparse.Namespace) -> int:
    if not 2 <= args.players <= 4:
        return _fail(_("yishang.error.players", players=args.players))
    if args.games < 1:
        return _fail(_("yishang.error.games"))
    if args.games > MAX_GAMES:
        return _fail(_("input.out_of_range", field="--games", lo=1, hi=MAX_GAMES, value=args.games))
    names = [b.strip() for b in args.bots.split(",") if b.strip()] if args.bots is not None else \
        default_bots(args.players)
    if len(names) != args.players:
        return _fail(_("yishang.error.bots_count", count=len(names), players=args.players))
    try:
        options = flag_options(args.option, "yishang")
        for name in names:
            make_bot(name)
        if args.out is not None:
            check_target(args.out, args.force)
    except InputError as err:
        return _fail(err.message())
    except SolverError as err:
        return _fail(_(err.code, **{k: shown(v) for k, v in err.params.items()}))
    try:
        with contextlib.ExitStack() as stack:
            sink: Callable[[dict[str, Any]], None] | None = None
            if args.out:
                out = stack.enter_context(atomic_writer(args.out, force=args.force))

                def write(history: dict[str, Any]) -> None:
                    out.write(json.dumps(history, ensure_ascii=False) + "\n")
                sink = write
            report = selfplay(names, args.games, args.seed, options, sink)
    except InputError as err:
        return _fail(err.message())
    except SolverError as err:
        return _fail(_(err.code, **{k: shown(v) for k, v in err.params.items()}))
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(_("yishang.selfplay.title", games=args.games, players=args.players, seed=args.seed))
    headers = [_("yishang.selfplay.col.bot"), _("yishang.selfplay.col.seats"),
               _("yishang.selfplay.col.wins"), _("yishang.selfplay.col.rate"),
               _("yishang.selfplay.col.fair")]
    rows = []
    for name, w in report["wins"].items():
        share = report["seats"][name] / args.players
        rows.append([_("yishang.bot." + name), str(report["seats"][name]), f"{w:g}",
                     f"{report['win_rate'][name] * 100:.1f}%", f"{share * 100:.1f}%"])
    print(_table(headers, rows))
    print(_("yishang.selfplay.footer", plays=report["average_plays"], stalls=report["stalls"]))
    return 0


def _width(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _table(headers: list[str], rows: list[list[str]]) -> str:
    cols = list(zip(headers, *rows))
    widths = [max(_width(c) for c in col) for col in cols]

    def line(cells: list[str]) -> str:
        out = []
        for i, (cell, w) in enumerate(zip(cells, widths)):
            pad = " " * (w - _width(cell))
            out.append(cell + pad if i == 0 else pad + cell)
        return "  ".join(out).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows])
