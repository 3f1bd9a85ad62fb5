"""``shengji-tutor review FILE [--hand K] [--seat N] [--json]``: rate every
play of one seat in saved hands (shared/CONTRACT.md "Hand review").

Each play is rated from what the seat could see then (hidden hands are
sampled from its view, :mod:`solver.search.review`); ``--json`` prints one
object per hand, one per line.  The file is verified first; a bad file or
argument is one localized line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from checks.inputs import int_arg
from content.i18n import _, seat_number
from solver.search.review import PlayReview
from tutor.hand_review import burial_line, header, play_line, summary
from tutor.commands import error_line, said


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("review", help=_("review.cli.help"), description=_("review.cli.help"))
    p.add_argument("file", metavar="FILE", help=_("game.cli.file.help"))
    # wide bounds here, the localized range checks in run()
    p.add_argument("--hand", type=int_arg(-10 ** 9, 10 ** 9), default=None, metavar="K",
                   help=_("review.cli.hand.help"))
    p.add_argument("--seat", type=int_arg(-10 ** 9, 10 ** 9), default=0, metavar="N",
                   help=_("review.cli.seat.help"))
    p.add_argument("--workers", type=int_arg(-10 ** 9, 10 ** 9), default=None, metavar="W",
                   help=_("review.cli.workers.help"))
    p.add_argument("--json", action="store_true", help=_("game.cli.json.help"))
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    print(error_line('shengji-tutor review', message), file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from solver.errors import SolverError
    from tutor.hand_review import review_hand
    from tutor.history_io import HistoryFileError, read_histories, solver_message

    if not 0 <= args.seat <= 3:
        return _fail(_("review.error.seat", seat=args.seat))
    if args.workers is not None and args.workers < 1:
        return _fail(_("review.error.workers", workers=args.workers))
    try:
        replays = read_histories(args.file)
    except HistoryFileError as err:
        return _fail(err.message())
    numbers = list(range(1, len(replays) + 1))
    if args.hand is not None:
        if not 1 <= args.hand <= len(replays):
            return _fail(_("game.cli.bad_hand", hand=args.hand, count=len(replays)))
        numbers = [args.hand]
    for i, n in enumerate(numbers):
        record = replays[n - 1].record
        game = record.rules.name  # 五三二 says 台上/台下
        shown: list[PlayReview] = []

        def on_play(p: PlayReview, _total: int) -> None:
            if not args.json:
                print(said(play_line(p, game)), flush=True)
            shown.append(p)

        if not args.json:
            if i:
                print()
            print(_("review.start", number=n, seat=seat_number(args.seat)), flush=True)
        try:
            r = review_hand(record, args.seat, hand=n, workers=args.workers, on_play=on_play)
        except SolverError as err:
            return _fail(solver_message(err))
        if args.json:
            print(json.dumps(r.to_json(), ensure_ascii=False), flush=True)
        else:
            burial = burial_line(r)
            if burial:
                print(said(burial))
            print(said(header(r, n, game)))
            print(said(summary(r)))
    return 0
