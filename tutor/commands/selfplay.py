"""``shengji-tutor selfplay``: whole hands among four baseline bots.

``--rules R --hands N --seed S`` plays N scored hands (redeals are dealt
again and not counted) of matches seeded from S, so a run is the same for
the same arguments.  When a match is won before N hands, a new match starts.
``--out FILE`` writes the hand histories (JSON lines) atomically and
refuses an existing file unless ``--force``; ``--json`` prints a
machine-readable summary.  Every option is checked before anything is
played or opened.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from content.i18n import _, game_msgid, join_list, seat_number, team_name
from solver.bots import BaselineBot, Bot
from solver.errors import SolverError
from solver.game.match import Match
from solver.game.runner import play_match_hands
from solver.history import hand_to_dict
from solver.games import SHENGJI_PRESETS, game
from solver.rules import preset
from tutor.history_io import solver_message, write_histories
from checks.inputs import InputError, flag_options, int_arg, shown
from tutor.outfiles import check_target
from tutor.commands import error_line, said


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("selfplay", help=_("game.cli.selfplay.help"),
                       description=_("game.cli.selfplay.help"))
    p.add_argument("--rules", default="henan", help=_("game.cli.rules.help"))
    p.add_argument("--hands", type=int_arg(-10 ** 9, 10 ** 9), default=1, help=_("game.cli.hands.help"))
    p.add_argument("--seed", type=int_arg(-2 ** 63, 2 ** 63 - 1), default=0, help=_("game.cli.seed.help"))
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help=_("game.cli.option.help"))
    p.add_argument("--bots", default="baseline", metavar="NAME[,NAME,NAME,NAME]",
                   help=_("game.cli.bots.help", choices=", ".join(BOT_NAMES)))
    p.add_argument("--out", metavar="FILE", help=_("game.cli.out.help"))
    p.add_argument("--force", action="store_true", help=_("cli.force.help"))
    p.add_argument("--json", action="store_true", help=_("game.cli.json.help"))
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    print(error_line('shengji-tutor selfplay', message), file=sys.stderr)
    return 2


BOT_NAMES = ("baseline", "search1", "search2", "search3")
#: Hands one run may play (a run keeps its histories in memory).
MAX_HANDS = 100_000


def make_bots(spec: str, seed: int) -> list[Bot]:
    """Four bots from ``NAME`` or ``NAME,NAME,NAME,NAME`` (seats 0-3)."""
    names = [n.strip().lower() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        names *= 4
    if len(names) != 4 or any(n not in BOT_NAMES for n in names):
        raise ValueError(spec)
    bots: list[Bot] = []
    for seat, name in enumerate(names):
        if name == "baseline":
            bots.append(BaselineBot())
        else:
            from solver.search.bots import SearchBot

            bots.append(SearchBot(int(name[-1]), seed=seed * 4 + seat))
    return bots


def selfplay(rules_name: str, hands: int, seed: int, options: dict[str, str] | None = None,
             bots: str = "baseline") -> tuple[list[dict[str, Any]], list[Match]]:
    """Play ``hands`` scored hands; returns the histories and the matches."""
    rules = preset(rules_name, options or None)
    players = make_bots(bots, seed)
    histories: list[dict[str, Any]] = []
    matches: list[Match] = []
    while len(histories) < hands:
        match = Match(rules, seed=seed * 1_000_003 + len(matches))
        matches.append(match)
        for hand in play_match_hands(match, players, hands - len(histories)):
            histories.append(hand_to_dict(hand, extra=_match_extra(match, len(matches) - 1)))
    return histories, matches


def _match_extra(match: Match, index: int) -> dict[str, Any]:
    return {"match": index, "match_levels": [match.level_name(0), match.level_name(1)],
            "match_winner": match.winner}


def summary_line(d: dict[str, Any]) -> str:
    trump = _("game.trump.nt") if d["trump"] == "NT" else _("suit." + d["trump"])
    game = str(d.get("rules", ""))  # 五三二 says 台上/台下
    return _(game_msgid(game, "game.selfplay.hand"), number=d["hand"] + 1, dealer=seat_number(d["dealer"]), level=d["level"],
             trump=trump, points=d["attacker_points"], total=d["total"],
             outcome=_(game_msgid(game, "game.outcome." + d["outcome"]), levels=d["levels"]))


def run(args: argparse.Namespace) -> int:
    if args.rules.strip().lower() not in SHENGJI_PRESETS:
        # The ids are what --rules takes; each is named, so a learner reading
        # Chinese sees the game, not only an id.
        named = [_("game.cli.choice", id=p, name=_(game(p).label)) for p in SHENGJI_PRESETS]
        return _fail(_("game.cli.bad_rules", rules=shown(args.rules), choices=join_list(named)))
    if not 1 <= args.hands <= MAX_HANDS:
        return _fail(_("input.out_of_range", field="--hands", lo=1, hi=MAX_HANDS,
                       value=args.hands))
    try:
        options = flag_options(args.option, args.rules)
        make_bots(args.bots, 0)
        if args.out is not None:
            check_target(args.out, args.force)
    except InputError as err:
        return _fail(err.message())
    except ValueError:
        return _fail(_("game.cli.bad_bots", bots=shown(args.bots), choices=", ".join(BOT_NAMES)))
    try:
        histories, matches = selfplay(args.rules, args.hands, args.seed, options, args.bots)
    except SolverError as err:
        return _fail(solver_message(err))
    if args.out:
        try:
            write_histories(args.out, histories, force=args.force)
        except InputError as err:
            return _fail(err.message())
    ledger = [{"match": i, "hand": e.hand, "seat": e.seat, "stake": e.stake}
              for i, m in enumerate(matches) for e in m.ledger]
    if args.json:
        out = {"rules": args.rules, "seed": args.seed, "bots": args.bots, "hands": len(histories),
               "results": [{k: d[k] for k in ("match", "hand", "dealer", "level", "trump",
                                               "attacker_points", "total", "outcome", "levels")}
                           for d in histories],
               "matches": [{"levels": [m.level_name(0), m.level_name(1)], "winner": m.winner,
                            "hands": m.hands_played, "deals": m.deals} for m in matches],
               "ledger": ledger}
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(_("game.selfplay.header", rules=_("tui.game." + str(histories[0]["rules"])), hands=len(histories), seed=args.seed))
    for d in histories:
        print(said(summary_line(d)))
    for i, m in enumerate(matches):
        winner = _("game.selfplay.winner", team=team_name(m.winner)) if m.winner is not None else \
            _("game.selfplay.no_winner")
        print(_("game.selfplay.match", number=i + 1, team0=team_name(0), team1=team_name(1),
                level0=m.level_name(0),
                level1=m.level_name(1), winner=winner))
    if ledger:
        print(_("game.selfplay.ledger", count=len(ledger),
                stake=sum(e["stake"] for e in ledger)))
    if args.out:
        print(_("game.selfplay.saved", path=args.out, count=len(histories)))
    return 0


__all__ = ["register", "run", "selfplay", "summary_line"]
