"""Check kinds of the legality engine: follow, forced, throw, safe-throw
(shared/CONTRACT.md).  Messages live in the ``legal`` catalog domain.

``follow`` answers ``legal`` with the CP-SAT model (solver.cpsat) as the
authority and explains with the rule-by-rule checker (solver.follow), which
shares no code with it; ``forced`` asks the same cached model whether one
follow is forced and counts with the generator; the other kinds use the fast engines
(solver.generator, solver.throws), which the differential tests hold equal
to the CP-SAT models.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from content.i18n import _, get_language, rule_label, sentence_gap, suit_named
from solver.cards import Card, format_cards
from solver.errors import SolverError
from solver.follow import RULE_FOLLOW, Reason, explain_follow, follow_needs, forcing_reasons
from solver.generator import FollowSpace
from solver.throws import UnitAnswer, safe_answers, throw_answers, throw_safe, throw_verdict
from solver.units import Unit
from checks.base import CARDS, CARDS_LIST, CheckError, Kind, Request, check_subset


def reason_message(reason: Reason) -> str:
    """The localized message of a :class:`Reason`; a broken duty to follow
    suit also names the cards of that suit's letter that are trumps here
    (the engine's ``trumps``: 五三二's ♠5 is no spade, R-GROUP)."""
    text = _(reason.msgid, **suit_named(reason.params))
    trumps = str(reason.params.get("trumps") or "")
    if reason.code == "follow.suit" and trumps:
        text += sentence_gap() + _("legal.follow.counts_as_trump", cards=trumps,
                                   **suit_named({"suit": reason.params["suit"]}))
    return text


def _lead_hand(req: Request) -> tuple[list[Card], list[Card]]:
    lead = req.cards("lead")
    hand = req.cards("hand")
    if not lead:
        raise CheckError("bad_field", "legal.error.empty_lead")
    return lead, hand


def _follow(req: Request) -> dict[str, Any]:
    res = _follow_many([req])[0]
    if isinstance(res, Exception):
        raise res
    return res


def _follow_many(reqs: Sequence[Request]) -> list[dict[str, Any] | Exception]:
    """Follow checks, all decided by ONE CP-SAT solve (cpsat.follow_verdicts;
    each (context, lead, hand) model is built and optimized once and cached);
    the rule-by-rule reasons are computed only for a refused play."""
    from solver import cpsat

    ready: list[tuple[Request, list[Card], list[Card], list[Card], cpsat.FollowOracle]] = []
    out: list[dict[str, Any] | Exception | None] = []
    for req in reqs:
        try:
            lead, hand = _lead_hand(req)
            play = req.cards("play")
            check_subset(hand, play, "hand", "play")
            ready.append((req, lead, hand, play, cpsat.follow_oracle(req.ctx, lead, hand)))
            out.append(None)
        except (CheckError, SolverError) as err:
            out.append(err)
    verdicts = iter(cpsat.follow_verdicts([(fo, play) for _r, _l, _h, play, fo in ready]))
    todo = iter(ready)
    for i, res in enumerate(out):
        if res is not None:
            continue
        req, lead, hand, play, _fo = next(todo)
        legal = next(verdicts)  # CP-SAT decides
        try:
            reasons = [] if legal else explain_follow(req.ctx, lead, hand, play)  # the why
        except (CheckError, SolverError) as err:
            out[i] = err
            continue
        if not legal and not reasons:  # the two engines disagree: never hide it
            reasons = [Reason(RULE_FOLLOW, "follow.other", {})]
        out[i] = {"legal": legal,
                  "reasons": [{"rule": r.rule, "code": r.code, "message": reason_message(r)}
                              for r in reasons]}
    return [r for r in out if r is not None]


def _render_follow(req: Request, resp: dict[str, Any]) -> str:
    if resp["legal"]:
        return _("legal.check.follow.legal")
    lines = [_("legal.check.follow.illegal")]
    colon = "：" if get_language().startswith("zh") else ": "
    for r in resp["reasons"]:
        lines.append(f"  {rule_label(r['rule'])}{colon}{r['message']}")
    return "\n".join(lines)


def _forced(req: Request) -> dict[str, Any]:
    from solver import cpsat

    lead, hand = _lead_hand(req)
    ctx = req.ctx
    space = FollowSpace(ctx, follow_needs(ctx, lead, hand))
    count = space.count()
    first_two = list(itertools.islice(iter(space), 2))
    example = first_two[0] if first_two else ()
    # CP-SAT decides "forced" (the model the follow checks use, one more solve).
    forced = cpsat.follow_forced(ctx, lead, hand)
    resp: dict[str, Any] = {"legal_follows": count, "forced": forced,
                            "always": format_cards(space.always()),
                            "example": format_cards(ctx.sorted(example)),
                            # two different legal follows, when there are two (R-FORCED)
                            "examples": [format_cards(ctx.sorted(f)) for f in first_two]}
    if forced:  # what pins it (R-FOLLOW, R-W-FOLLOW), as a follow check's reasons
        resp["reasons"] = [{"rule": r.rule, "code": r.code, "message": reason_message(r)}
                           for r in forcing_reasons(ctx, lead, hand)]
    return resp


def _render_forced(req: Request, resp: dict[str, Any]) -> str:
    lines = []
    if resp["forced"]:
        lines.append(_("legal.check.forced.yes", cards=resp["example"]))
        colon = "：" if get_language().startswith("zh") else ": "
        for r in resp.get("reasons") or []:
            lines.append(f"  {rule_label(r['rule'])}{colon}{r['message']}")
    else:
        lines.append(_("legal.check.forced.no", count=resp["legal_follows"]))
        if resp["always"]:
            lines.append(_("legal.check.forced.always", cards=resp["always"]))
        lines.append(_("legal.check.forced.example", cards=resp["example"]))
    return "\n".join(lines)


def _unit_json(u: Unit) -> dict[str, str]:
    return u.to_json()


def _throw(req: Request) -> dict[str, Any]:
    throw = req.cards("throw")
    if not throw:
        raise CheckError("bad_field", "legal.error.empty_throw")
    others = req.cards_list("others")
    v = throw_verdict(req.ctx, throw, others)
    return {"stands": v.stands, "beaten": [_unit_json(u) for u in v.beaten],
            "forced": _unit_json(v.forced) if v.forced else None,
            "answers": [_answer_json(a) for a in throw_answers(req.ctx, throw, others)]}


def _answer_json(a: UnitAnswer) -> dict[str, Any]:
    """Why a unit is beaten or not (R-THROW-BEAT): the strongest same-shaped
    unit of its suit one holder has (``other``: the index into ``others``;
    null for the unseen cards, or when nobody holds one) and whether it beats."""
    return {"unit": _unit_json(a.unit), "beats": a.beats, "other": a.holder,
            "cards": format_cards(a.cards)}


def _unit_text(u: dict[str, str]) -> str:
    return f"{_('unit.' + u['type'])} {u['cards']}"


def _render_throw(req: Request, resp: dict[str, Any]) -> str:
    if resp["stands"]:
        return _("legal.check.throw.stands")
    lines = [_("legal.check.throw.fails")]
    for u in resp["beaten"]:
        lines.append("  " + _unit_text(u))
    if resp["forced"]:
        lines.append(_("legal.check.throw.forced", unit=_unit_text(resp["forced"])))
    return "\n".join(lines)


def _safe(req: Request) -> dict[str, Any]:
    throw = req.cards("throw")
    if not throw:
        raise CheckError("bad_field", "legal.error.empty_throw")
    hand = req.cards("hand")
    seen = req.cards("seen", required=False)
    check_subset(hand, throw, "hand", "throw")
    v = throw_safe(req.ctx, throw, hand, seen)
    return {"safe": v.safe, "threats": [_unit_json(u) for u in v.threats],
            "answers": [_answer_json(a) for a in safe_answers(req.ctx, throw, hand, seen)]}


def _render_safe(req: Request, resp: dict[str, Any]) -> str:
    if resp["safe"]:
        return _("legal.check.safe.yes")
    lines = [_("legal.check.safe.no")]
    for u in resp["threats"]:
        lines.append("  " + _unit_text(u))
    return "\n".join(lines)


KINDS = {
    "follow": Kind("follow", {"lead": CARDS, "hand": CARDS, "play": CARDS}, _follow,
                   _render_follow, help="cli.check.follow.help", handle_many=_follow_many),
    "forced": Kind("forced", {"lead": CARDS, "hand": CARDS}, _forced, _render_forced,
                   help="cli.check.forced.help"),
    "throw": Kind("throw", {"throw": CARDS, "others": CARDS_LIST}, _throw, _render_throw,
                  help="cli.check.throw.help"),
    "safe-throw": Kind("safe-throw", {"throw": CARDS, "hand": CARDS}, _safe, _render_safe,
                       optional={"seen": CARDS}, help="cli.check.safe-throw.help"),
}
