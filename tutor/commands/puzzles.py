"""``shengji-tutor puzzles``: list the bank (``--json`` per CONTRACT.md) or
``puzzles generate`` it from random deals, every answer verified by the engine."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from content.i18n import _, join_list, os_reason
from checks.inputs import InputError, escape, int_arg
from solver.games import game, home_games
from tutor.commands import error_line

#: Games in home-screen order, as the command line names them.
GAME_NAMES = [g.name for g in home_games()]
#: Most puzzles one generate run may make per game.
MAX_COUNT = 100_000
#: Play puzzles ("find the best play", lessons/play_puzzles.py) per Shengji preset.
PLAY_COUNTS = {"henan": 250, "wusaner": 250, "tractor": 250}


def _game_name(name: str) -> str:
    """A course's name (``lessons --game common``) names its game here (the
    game registry's ``course``)."""
    return next((g.name for g in home_games() if g.course == name), name)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("puzzles", help=_("cli.puzzles.help"), description=_("cli.puzzles.help"))
    p.add_argument("--json", action="store_true", help=_("cli.json.help"))
    p.add_argument("--game", choices=GAME_NAMES, type=_game_name,
                   help=_("cli.puzzles.game.help"))
    p.add_argument("--full", action="store_true", help=_("cli.full.help"))
    p.set_defaults(func=run_list)
    actions = p.add_subparsers(dest="action", metavar=_("cli.metavar.action"))
    g = actions.add_parser("generate", help=_("cli.puzzles.generate.help"),
                           description=_("cli.puzzles.generate.help"))
    g.add_argument("--game", dest="gen_game", choices=GAME_NAMES, type=_game_name,
                   help=_("cli.puzzles.game.help"))
    g.add_argument("--count", type=int_arg(1, MAX_COUNT), help=_("cli.puzzles.count.help"))
    g.add_argument("--seed", type=int_arg(0, 2 ** 63 - 1), default=2026,
                   help=_("cli.puzzles.seed.help"))
    g.add_argument("--out", help=_("cli.puzzles.out.help"))
    g.add_argument("--kind", choices=["all", "legality", "play"], default="all",
                   help=_("cli.puzzles.kind.help"))
    g.add_argument("--force", action="store_true", help=_("cli.force.help"))
    g.set_defaults(func=run_generate)


def run_list(args: argparse.Namespace) -> int:
    from lessons.play_puzzles import all_puzzles

    try:
        puzzles = all_puzzles(args.game)
    except (OSError, ValueError, KeyError) as err:
        print(error_line('shengji-tutor puzzles', str(err)), file=sys.stderr)
        return 2
    if args.json:
        from tutor.commands.listing import puzzle_entry

        print(json.dumps([{"id": p.id, "game": p.game, "kind": p.kind, "rating": p.rating,
                           **(puzzle_entry(p) if args.full else {})}
                          for p in puzzles], ensure_ascii=False))
        return 0
    if not puzzles:
        print(_("puzzle.none"))
        return 0
    counts = Counter(p.game for p in puzzles)
    for name, n in counts.items():
        kinds = Counter(p.kind for p in puzzles if p.game == name)
        each = join_list(_("cli.puzzles.kind_count", kind=_(f"cli.puzzles.kind.{k}"), n=v)
                         for k, v in sorted(kinds.items()))
        print(_("cli.puzzles.summary", game=_(f"tui.game.{name}"), count=n) + _("cli.puzzles.kinds", kinds=each))
    return 0


def _fail(message: str) -> int:
    print(error_line("shengji-tutor puzzles generate", message), file=sys.stderr)
    return 2


def run_generate(args: argparse.Namespace) -> int:
    """Every target is checked before any puzzle is made (an existing bank
    needs ``--force``: without ``--out`` the targets are the banks the app
    ships), and each file is written whole or not at all."""
    from lessons.play_puzzles import PLAY_DIR, generate_play_puzzles
    from lessons.puzzles import PUZZLE_DIR, bank_path, forget_loaded, generate_puzzles, puzzle_lines
    from tutor.outfiles import atomic_writer, check_target

    games = [args.gen_game] if args.gen_game else GAME_NAMES
    if args.out is not None and not args.out.strip():
        return _fail(_("input.no_file_name"))
    root = Path(args.out) if args.out else PUZZLE_DIR
    play_root = root / "play" if args.out else PLAY_DIR
    jobs: list[tuple[str, str, Path]] = []
    if args.kind in ("all", "legality"):
        jobs += [("legality", name, bank_path(name, root)) for name in games]
    if args.kind in ("all", "play"):
        jobs += [("play", name, bank_path(name, play_root)) for name in games if name in PLAY_COUNTS]
    if not jobs:
        return _fail(_("cli.puzzles.nothing", game=_(f"tui.game.{games[0]}")))
    try:
        for folder in sorted({path.parent for _k, _n, path in jobs}):
            _make_folder(folder)
        for _k, _n, path in jobs:
            check_target(path, args.force)
    except InputError as err:
        return _fail(err.message())
    for kind, name, path in jobs:
        if kind == "legality":
            puzzles = generate_puzzles(game(name).preset_name, args.count or game(name).puzzles,
                                       args.seed)
        else:
            puzzles = generate_play_puzzles(name, args.count or PLAY_COUNTS[name], args.seed)
        try:
            with atomic_writer(path, force=args.force) as fh:
                fh.write(puzzle_lines(puzzles))
        except InputError as err:
            return _fail(err.message())
        forget_loaded()
        print(_("cli.puzzles.written", count=len(puzzles), path=path))
    return 0


def _make_folder(folder: Path) -> None:
    """Create an output folder (and its parents), or say why it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise InputError("bad_file", "input.cannot_write", path=escape(str(folder)),
                         detail=os_reason(err)) from None
