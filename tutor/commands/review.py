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

from content.i18n import _
from solver.cards import format_cards
from solver.search.review import HandReview, PlayReview


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("review", help=_("review.cli.help"), description=_("review.cli.help"))
    p.add_argument("file", metavar="FILE", help=_("game.cli.file.help"))
    p.add_argument("--hand", type=int, default=None, metavar="K", help=_("review.cli.hand.help"))
    p.add_argument("--seat", type=int, default=0, metavar="N", help=_("review.cli.seat.help"))
    p.add_argument("--workers", type=int, default=None, metavar="W",
                   help=_("review.cli.workers.help"))
    p.add_argument("--json", action="store_true", help=_("game.cli.json.help"))
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    print(f"shengji-tutor review: {_('cli.error')}: {message}", file=sys.stderr)
    return 2


def mark_text(mark: str | None) -> str:
    return _("review.mark." + (mark or "none"))


def play_line(p: PlayReview) -> str:
    """One play, as the learner reads it (cards in the default style)."""
    how = _("review.exact") if p.exact else _("review.sampled", samples=p.samples)
    if p.forced:
        text = _("review.play.forced", trick=p.trick + 1, played=format_cards(p.played))
    elif p.cost == 0:
        text = _("review.play.best", trick=p.trick + 1, played=format_cards(p.played),
                 value=_num(p.value_played), how=how)
    elif p.mark is None:
        text = _("review.play.close", trick=p.trick + 1, played=format_cards(p.played),
                 cost=_num(p.cost), best=format_cards(p.best), value_best=_num(p.value_best),
                 value_played=_num(p.value_played), how=how)
    else:
        text = _("review.play.cost", trick=p.trick + 1, played=format_cards(p.played),
                 mark=mark_text(p.mark), cost=_num(p.cost), best=format_cards(p.best),
                 value_best=_num(p.value_best), value_played=_num(p.value_played), how=how)
    if p.open is not None and not p.forced:
        text += "\n" + _("review.open", best=format_cards(p.open.best),
                         value_best=_num(p.open.value_best),
                         value_played=_num(p.open.value_played))
    return text


def header(r: HandReview, number: int) -> str:
    side = _("review.side.attackers") if r.plays and r.plays[0].attacker else \
        _("review.side.dealers")
    return _("review.hand", number=number, seat=r.seat, side=side, accuracy=r.accuracy)


def summary(r: HandReview) -> str:
    c = r.counts()
    return _("review.summary", inaccuracy=c["inaccuracy"], mistake=c["mistake"],
             blunder=c["blunder"], accuracy=r.accuracy)


def burial_line(r: HandReview) -> str | None:
    b = r.burial
    if b is None:
        return None
    if b.same:
        return _("review.burial.same", cards=format_cards(b.buried))
    return _("review.burial.differs", cards=format_cards(b.buried), policy=format_cards(b.policy))


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


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
        shown: list[PlayReview] = []

        def on_play(p: PlayReview, _total: int) -> None:
            if not args.json:
                print(play_line(p), flush=True)
            shown.append(p)

        if not args.json:
            if i:
                print()
            print(_("review.start", number=n, seat=args.seat), flush=True)
        try:
            r = review_hand(record, args.seat, hand=n, workers=args.workers, on_play=on_play)
        except SolverError as err:
            return _fail(solver_message(err))
        if args.json:
            print(json.dumps(r.to_json(), ensure_ascii=False), flush=True)
        else:
            burial = burial_line(r)
            if burial:
                print(burial)
            print(header(r, n))
            print(summary(r))
    return 0
