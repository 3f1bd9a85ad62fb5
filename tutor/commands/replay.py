"""``shengji-tutor replay FILE``: show saved hands trick by trick.

Hands are read, verified (:func:`solver.history.replay`) and shown one at
a time, so a file of any size replays in bounded memory; a truncated or
edited line is refused with one line naming it (exit 2), after the hands
before it were shown.
``--step`` walks through a hand interactively: Enter or ``n`` goes forward,
``b`` back, ``q`` quits.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from content.i18n import _, game_msgid, seat_number, team_name
from solver.cards import format_cards
from solver.history import Frame, Replay
from tutor.history_io import HistoryFileError, iter_histories
from checks.inputs import int_arg
from tutor.commands import error_line, said


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("replay", help=_("game.cli.replay.help"),
                       description=_("game.cli.replay.help"))
    p.add_argument("file", metavar="FILE", help=_("game.cli.file.help"))
    p.add_argument("--hand", type=int_arg(-10 ** 9, 10 ** 9), default=None, metavar="N",
                   help=_("game.cli.hand.help"))
    p.add_argument("--step", action="store_true", help=_("game.cli.step.help"))
    p.add_argument("--json", action="store_true", help=_("game.cli.json.help"))
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    print(error_line('shengji-tutor replay', message), file=sys.stderr)
    return 2


def _trump(trump: str | None) -> str:
    return _("game.trump.nt") if trump is None else _("suit." + trump)


def header(r: Replay, number: int) -> list[str]:
    h = r.hand
    res = h.result
    assert res is not None
    game = h.rules.name  # 五三二 says 台上/台下
    lines = [_(game_msgid(game, "game.replay.hand"), number=number, rules=_("tui.game." + game),
               level=r.record.raw.get("level", ""), trump=_trump(h.trump), dealer=seat_number(res.dealer),
               team=team_name(res.defenders))]
    before: list[int] = []
    for d in h.declarations:
        # 五三二 names its two kinds, 亮牌 (the small joker) and 顶牌 (an
        # overcall, the big joker: R-W-OVERCALL), as the Play screen does;
        # replay called an overcall a declaration (a walk).  Elsewhere a
        # later declaration overturns (反主) or strengthens your own
        # (R-H-OVERTURN, R-T-DECLARE), as the table told it
        key = "game.replay.declaration"
        if game == "wusaner":
            key = "game.replay.overcall.wusaner" if d.joker == "BJ" else "game.replay.declaration.wusaner"
        elif before:
            key = "game.replay.strengthen" if before[-1] == d.seat else "game.replay.overturn"
        before.append(d.seat)
        lines.append(_(key, seat=seat_number(d.seat), cards=format_cards(d.cards)))
    for rec in h.log:  # trump fixed without a declaration (the engine's log says how)
        if rec.op == "kitty_card" and rec.cards:  # R-H-DECLARE: the kitty's third card
            lines.append(_("game.replay.kitty_card", card=format_cards(rec.cards), trump=_trump(h.trump),
                           seat=seat_number(h.dealer if h.dealer is not None else 0)))
        elif rec.op == "trump" and game == "tractor" and not h.declarations and h.trump is None:
            lines.append(_("game.replay.nobody_declared.tractor"))  # R-T-DECLARE
    lines.append(_("game.replay.kitty", cards=format_cards(h.kitty)))
    for seat, cards in enumerate(r.frames[0].hands):
        lines.append(_("game.replay.seat_hand", seat=seat_number(seat), cards=format_cards(cards)))
    return lines


def trick_lines(r: Replay, frame: Frame) -> list[str]:
    if frame.index == 0:
        return [_("game.replay.start")]
    t = frame.tricks[-1]
    lines = [_("game.replay.trick", number=frame.index, leader=seat_number(t.leader))]
    for k, play in enumerate(t.plays):
        seat = (t.leader + k) % 4
        failed = [p for p in r.hand.penalties if p.played == play and p.seat == seat and k == 0]
        text = format_cards(play)
        if failed:
            text += " " + _("game.replay.failed_throw", cards=format_cards(failed[0].attempted))
        lines.append(_("game.replay.play", seat=seat_number(seat), cards=text))
    lines.append(_(game_msgid(r.hand.rules.name, "game.replay.winner"), seat=seat_number(t.winner), points=t.points,
                   total=frame.attacker_points))
    return lines


def footer(r: Replay) -> list[str]:
    res = r.hand.result
    assert res is not None
    lines = []
    for p in res.penalties:
        lines.append(_("game.replay.penalty", seat=seat_number(p.seat), cards=format_cards(p.attempted),
                       played=format_cards(p.played), points=p.points, stake=p.stake))
    game = r.hand.rules.name
    kept = res.multiplier == 0  # the dealers took the last trick: no "kitty 10 × 0" (R-KITTY)
    lines.append(_(game_msgid(game, "game.replay.result_kept" if kept else "game.replay.result"),
                   points=res.attacker_points, kitty=res.kitty_points,
                   multiplier=res.multiplier, total=res.total,
                   outcome=_(game_msgid(game, "game.outcome." + res.outcome), levels=res.levels)))
    return lines


def show(r: Replay, number: int, out: TextIO) -> None:
    for line in header(r, number):
        print(said(line), file=out)
    for frame in r.frames[1:]:
        for line in trick_lines(r, frame):
            print(said(line), file=out)
    for line in footer(r):
        print(said(line), file=out)


def step(r: Replay, number: int, inp: TextIO, out: TextIO) -> None:
    for line in header(r, number):
        print(said(line), file=out)
    r.seek(0)
    while True:
        for line in trick_lines(r, r.frame):
            print(said(line), file=out)
        if r.at_end:
            for line in footer(r):
                print(said(line), file=out)
        print(_("game.replay.prompt"), end=" ", file=out, flush=True)
        cmd = inp.readline()
        if not cmd or cmd.strip().lower() == "q":
            print(file=out)
            return
        if cmd.strip().lower() == "b":
            r.back()
        elif r.at_end:
            return
        else:
            r.forward()


def run(args: argparse.Namespace) -> int:
    if args.hand is not None and args.hand < 1:
        return _fail(_("game.cli.hand_from_one", hand=args.hand))
    out = sys.stdout
    count = 0
    shown = 0
    try:
        if args.json:
            out.write("[")
        for count, (_line, r) in enumerate(iter_histories(args.file), start=1):
            if args.hand is not None and count != args.hand:
                continue
            if args.json:
                res = r.hand.result
                assert res is not None
                out.write((", " if shown else "") + json.dumps(
                    {"hand": count, "tricks": len(r.hand.tricks),
                     "attacker_points": res.attacker_points, "total": res.total,
                     "outcome": res.outcome, "levels": res.levels, "verified": True},
                    ensure_ascii=False))
            else:
                if shown:
                    print(file=out)
                if args.step:
                    step(r, count, sys.stdin, out)
                else:
                    show(r, count, out)
            out.flush()
            shown += 1
            if args.hand is not None:
                break
    except HistoryFileError as err:
        if args.json:
            out.write("]\n")
            out.flush()
        return _fail(err.message())
    if args.json:
        out.write("]\n")
    if shown == 0:
        return _fail(_("game.cli.bad_hand", hand=args.hand, count=count))
    return 0
