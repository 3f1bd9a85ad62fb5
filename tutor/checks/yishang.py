"""Check kind ``yishang-challenge`` (CONTRACT.md): should the challenger
challenge a face-down claim?

Request: ``target`` (before the play), ``declared``, ``hand`` (the
challenger's), ``seen`` (other cards whose place the challenger knows, which
cannot be the face-down card), ``pile_size`` (with the face-down card).
Optional: ``claimer_cards`` (cards left to the claimer after the play),
``players`` (2–4, default 4), ``claimer_known`` (cards known to be in the
claimer's hand; they may be the face-down card).
Response: ``p_uniform`` (float) with ``p_uniform_exact`` ("a/b"),
``p_model``, ``advice``, the two expected costs, ``p_break_even`` (the
chance of success above which challenging is the cheaper action) and the
explanation.
"""

from __future__ import annotations

from typing import Any

from content.i18n import _
from solver.errors import SolverError
from solver.yishang.hints import challenge_hint
from solver.yishang.ranks import parse_rank
from tutor.checks.base import CARDS, INT, STR, CheckError, Kind, Request


def _rank(req: Request, name: str) -> int:
    value = req.data.get(name)
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise CheckError("bad_field", "error.request.bad_field", field=name)
    try:
        return parse_rank(value)
    except SolverError as err:
        raise CheckError("bad_field", err.code, field=name, **err.params) from None


def _challenge(req: Request) -> dict[str, Any]:
    target = _rank(req, "target")
    declared = _rank(req, "declared")
    hand = req.cards("hand")
    seen = req.cards("seen")
    known = req.cards("claimer_known", required=False)
    if len(hand) + len(seen) >= 52:
        raise CheckError("invalid_cards", "yishang.error.too_many_cards", count=len(hand) + len(seen))
    pile = req.int("pile_size")
    if pile < 1:
        raise CheckError("bad_field", "yishang.error.pile_size", field="pile_size")
    claimer_cards = req.int("claimer_cards") if req.data.get("claimer_cards") is not None else None
    if claimer_cards is not None and claimer_cards < 0:
        raise CheckError("bad_field", "yishang.error.claimer_cards", field="claimer_cards")
    players = req.int("players") if req.data.get("players") is not None else 4
    if not 2 <= players <= 4:
        raise CheckError("bad_field", "yishang.error.players", players=players)
    for c in known:
        if c in hand or c in seen:
            raise CheckError("invalid_cards", "yishang.error.duplicate_card", card=str(c))
    hint = challenge_hint(target, declared, hand, seen, pile, claimer_cards=claimer_cards,
                          players=players, claimer_known=known)
    return {
        "p_uniform": float(hint.p_uniform),
        "p_uniform_exact": f"{hint.p_uniform.numerator}/{hint.p_uniform.denominator}",
        "p_model": round(hint.p_model, 6),
        "advice": hint.advice,
        "cost_challenge": round(hint.cost_challenge, 4),
        "cost_pass": round(hint.cost_pass, 4),
        "p_break_even": round(hint.p_even, 6),
        "explanation": [{"code": e.msgid, "params": dict(e.params), "message": _(e.msgid, **e.params)}
                        for e in hint.explanation],
    }


def _render(req: Request, resp: dict[str, Any]) -> str:
    lines = [
        _("yishang.check.p_uniform", p=f"{resp['p_uniform'] * 100:.1f}%", exact=resp["p_uniform_exact"]),
        _("yishang.check.p_model", p=f"{resp['p_model'] * 100:.1f}%"),
        _("yishang.check.advice." + resp["advice"]),
    ]
    lines.extend(e["message"] for e in resp["explanation"])
    return "\n".join(lines)


KINDS = {
    "yishang-challenge": Kind(
        "yishang-challenge",
        {"target": STR, "declared": STR, "hand": CARDS, "seen": CARDS, "pile_size": INT},
        _challenge, _render,
        optional={"claimer_cards": INT, "players": INT, "claimer_known": CARDS},
        help="yishang.check.help", needs_context=False),
}
