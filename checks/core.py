"""Check kinds of the rules core: classify, trick, score."""

from __future__ import annotations

from typing import Any

from content.i18n import _, game_msgid
from solver.cards import format_cards
from solver.errors import SolverError
from solver.scoring import score_hand
from solver.trick import trick_points, trick_winner
from solver.units import INVALID, classify
from checks.base import BOOL, CARDS, CARDS_LIST, INT, CheckError, Kind, Request


def _classify(req: Request) -> dict[str, Any]:
    cards = req.cards("cards")
    c = classify(req.ctx, cards)
    return {"type": c.type, "suit": c.suit, "units": [u.to_json() for u in c.units]}


def _render_classify(req: Request, resp: dict[str, Any]) -> str:
    if not req.cards("cards"):  # (the JSON answer stays "invalid", as CONTRACT.md has it)
        return _("check.classify.empty")
    lines = [_("check.classify.type." + resp["type"])]
    if resp["suit"]:
        lines.append(_("check.classify.suit", suit=_("suit." + resp["suit"])))
    if resp["type"] not in ("single", "pair", "tractor") and resp["units"]:
        lines.append(_("check.classify.units"))
        for u in resp["units"]:
            lines.append(_("check.classify.unit_line", unit=_("unit." + u["type"]), cards=u["cards"]))
    if resp["type"] == INVALID:
        lines.append(_("check.classify.mixed"))
    return "\n".join(lines)


def _trick(req: Request) -> dict[str, Any]:
    plays = req.cards_list("plays")
    if not plays or any(not p for p in plays):
        raise CheckError("bad_field", "error.trick.empty_play")
    n = len(plays[0])
    for i, p in enumerate(plays):
        if len(p) != n:
            # index counts from 0 (the JSON's plays); number as the answer's
            # "Play 1 wins" counts, the lead being play 1
            raise CheckError("bad_field", "error.trick.wrong_count", index=i, number=i + 1,
                             count=len(p), lead=n)
    if classify(req.ctx, plays[0]).type == INVALID:
        raise CheckError("bad_field", "error.trick.bad_lead", cards=format_cards(plays[0]))
    from collections import Counter

    total: Counter[Any] = Counter()
    for p in plays:
        total.update(p)
    for card, count in total.items():
        if count > 2:
            raise CheckError("invalid_cards", "error.cards.too_many_copies",
                             card=str(card), count=count, limit=2)
    winner = trick_winner(req.ctx, plays)
    return {"winner": winner, "points": trick_points(plays)}


def _render_trick(req: Request, resp: dict[str, Any]) -> str:
    plays = req.cards_list("plays")
    return _("check.trick.result", index=resp["winner"] + 1,
             cards=format_cards(plays[resp["winner"]]), points=resp["points"])


def _score(req: Request) -> dict[str, Any]:
    won_last = req.bool("attackers_won_last")
    last = req.cards("last_lead", required=won_last)
    if won_last and classify(req.ctx, last).type == INVALID:
        raise CheckError("bad_field", "error.score.bad_last_lead")
    try:
        s = score_hand(req.ctx, req.int("attacker_points"), req.cards("kitty"), last, won_last)
    except SolverError as err:  # in the game's words (五三二: the off-stage team's points)
        raise CheckError("invalid", game_msgid(req.rules.name, err.code), **err.params) from None
    return s.to_json()


def _render_score(req: Request, resp: dict[str, Any]) -> str:
    lines = []
    if resp["multiplier"]:
        lines.append(_("check.score.kitty", points=resp["kitty_points"],
                       multiplier=resp["multiplier"],
                       bonus=resp["kitty_points"] * resp["multiplier"]))
    game = req.rules.name  # 五三二 says 台上/台下
    lines.append(_(game_msgid(game, "check.score.total"), total=resp["total"]))
    lines.append(_(game_msgid(game, "check.score.outcome." + resp["outcome"]), levels=resp["levels"]))
    return "\n".join(lines)


KINDS = {
    "classify": Kind("classify", {"cards": CARDS}, _classify, _render_classify,
                     help="cli.check.classify.help"),
    "trick": Kind("trick", {"plays": CARDS_LIST}, _trick, _render_trick,
                  help="cli.check.trick.help"),
    "score": Kind("score", {"attacker_points": INT, "kitty": CARDS, "attackers_won_last": BOOL},
                  _score, _render_score, optional={"last_lead": CARDS},
                  help="cli.check.score.help"),
}
