"""One door to the engine for lessons and puzzles.

``run_check(request)`` answers a check request (shared/CONTRACT.md) with
``tutor.checks.answer``; lesson-only rule kinds (declaring, the kitty,
一上一下 turns) go to :mod:`lessons.rulefns`.  While a check kind is not
served by the check interface yet (its module has not landed), the solver
function that kind wraps answers directly with the same response fields.
"""

from __future__ import annotations

from typing import Any

from content.i18n import _
from solver.cards import format_cards, parse_cards
from solver.errors import SolverError
from solver.rules import preset
from solver.trump import TrumpContext


def run_check(request: dict[str, Any]) -> dict[str, Any]:
    from lessons.rulefns import LOCAL_KINDS, run_local

    if request.get("kind") in LOCAL_KINDS:
        return run_local(request)
    from tutor.checks import answer

    resp = answer(request)
    if "error" in resp and resp["error"].get("code") == "not_supported":
        try:
            return _direct(request)
        except SolverError as err:
            return {"error": {"code": "invalid", "message": _(err.code, **err.params)}}
        except (ValueError, KeyError, TypeError) as err:
            return {"error": {"code": "invalid", "message": str(err)}}
    return resp


def _ctx(request: dict[str, Any]) -> TrumpContext:
    rules = preset(str(request.get("rules") or "henan"), request.get("options") or None)
    level = request.get("level") or ("A" if rules.level_table == "wusaner" else "2")
    return TrumpContext(rules, str(level), request.get("trump") or "NT")


def _direct(request: dict[str, Any]) -> dict[str, Any]:
    kind = request["kind"]
    P = parse_cards
    if kind == "yishang-challenge":
        from solver.yishang.hints import challenge_hint
        from solver.yishang.ranks import parse_rank

        h = challenge_hint(parse_rank(str(request["target"])), parse_rank(str(request["declared"])),
                           P(request["hand"], max_copies=1), P(request.get("seen") or "", max_copies=1),
                           int(request["pile_size"]))
        return {"p_uniform": float(h.p_uniform), "p_model": float(h.p_model), "advice": h.advice}
    ctx = _ctx(request)
    if kind == "follow":
        from solver.follow import explain_follow

        reasons = explain_follow(ctx, P(request["lead"]), P(request["hand"]), P(request["play"]))
        return {"legal": not reasons,
                "reasons": [{"rule": r.rule, "code": r.code, "message": _(r.msgid, **r.params)}
                            for r in reasons]}
    if kind == "forced":
        from solver.generator import always_cards, count_legal_follows, legal_follows

        lead, hand = P(request["lead"]), P(request["hand"])
        n = count_legal_follows(ctx, lead, hand)
        example = next(iter(legal_follows(ctx, lead, hand)))
        return {"legal_follows": n, "forced": n == 1,
                "always": format_cards(always_cards(ctx, lead, hand)), "example": format_cards(example)}
    if kind == "throw":
        from solver.throws import throw_verdict

        v = throw_verdict(ctx, P(request["throw"]), [P(h) for h in request["others"]])
        return {"stands": v.stands, "beaten": [u.to_json() for u in v.beaten],
                "forced": v.forced.to_json() if v.forced else None}
    if kind == "safe-throw":
        from solver.throws import throw_safe

        s = throw_safe(ctx, P(request["throw"]), P(request["hand"]), P(request.get("seen") or ""))
        return {"safe": s.safe, "threats": [u.to_json() for u in s.threats]}
    return {"error": {"code": "not_supported", "message": kind}}


