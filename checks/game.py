"""Check kinds of the Shengji hand and match that lessons teach with choice
steps: declaring and overturning, the 五三二 kitty, riots, the kitty's third
card, the deal's rotation and the match table.

Each kind is a thin call into the engine (:mod:`solver.game`,
:mod:`solver.match`): the declaration's shape comes from the flow's parser,
whether it stands or overturns from the same flow check a live hand uses,
the rotation from the function a match uses.  Nothing here restates a rule.

>>> from checks import answer
>>> answer({"kind": "declare", "rules": "henan", "level": "2", "cards": "2H BJ"})["strength"]
0
>>> answer({"kind": "rotate", "rules": "henan", "dealer": 3, "outcome": "swap"})["next_dealer"]
0
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from checks.base import BOOL, CARDS, INT, INT_LIST, OBJECT, STR, CheckError, Kind, Request
from content.i18n import _, game_msgid, join_list
from solver.cards import RANK_NAMES, Card, deck, format_cards, points
from solver.game.declare import Declaration
from solver.game.errors import GameError, GameReason
from solver.game.flows import Flow, WusanerFlow, flow_for, kitty_card
from solver.bots.baseline import BaselineBot
from solver.game.hand import Hand, HandSetup, Phase, riot_reason
from solver.game.view import SeatView
from solver.match import MatchClaim, MatchState, MatchStep, first_divergence, match_steps
from solver.scoring import ATTACKERS_UP, DEALERS_UP, SWAP
from solver.trump import parse_level
from solver.errors import SolverError

NO_TRUMP = "NT"


def _flow(req: Request) -> Flow:
    try:
        return flow_for(req.rules)
    except GameError as err:
        raise CheckError("bad_rules", err.code, **err.params) from None


def _words(why: GameReason) -> str:
    """A reason in words: the shapes it compares (``kind``,
    ``standing_kind``, with their ``pairs``) are worded first."""
    params = {k: join_list(v) if isinstance(v, list) else v for k, v in why.params.items()}
    for key in ("kind", "standing_kind"):
        if key in params:
            params[key] = _(str(params[key]), pairs=params.get(key.replace("kind", "pairs")))
    return _(why.code, **params)


def _why(why: GameReason) -> dict[str, Any]:
    return {"rule": why.rule, "code": why.code, "message": _words(why)}


def _reason(err: GameError) -> dict[str, Any]:
    return _why(err.reason)


def _trump_why(flow: Flow, decl: Declaration) -> dict[str, Any]:
    """What ``decl`` makes trump, said with its shape (a joker pair names no suit)."""
    why = GameReason(flow.declare_rule,
                     "game.declare.why.no_trump" if decl.trump is None else "game.declare.why.trump",
                     {"cards": format_cards(decl.cards), "kind": flow.declaration_kind(decl),
                      "pairs": len(decl.hidden) // 2, "suit": decl.trump or NO_TRUMP,
                      "suit_name": _("suit." + (decl.trump or NO_TRUMP))})
    return _why(why)


def _parse(flow: Flow, level: int, seat: int, cards: Sequence[Card]) -> Declaration:
    """The declaration ``cards`` make, and whether they may open the declaring."""
    decl = flow.parse_declaration(level, seat, cards)
    flow.check_first(decl)
    return decl


def _declare(req: Request) -> dict[str, Any]:
    """R-H-DECLARE, R-H-OVERTURN, R-T-DECLARE, R-W-DECLARE, R-W-OVERCALL.

    ``standing`` (optional) was declared first, by seat 0; ``cards`` come
    from seat 1, or from seat 0 with ``by_original``.  ``overturned_before``
    / ``overcalled_before``: someone else overturned in between.
    """
    flow = _flow(req)
    level = req.level
    by_original = req.flag("by_original")
    seat = 0 if by_original else 1
    out: dict[str, Any] = {"valid": False, "strength": None, "trump": None, "pairs": 0,
                           "overturns": None, "reason": None, "why": None, "trump_why": None}
    standing_cards = req.cards("standing", required=False)
    try:
        decl = flow.parse_declaration(level, seat, req.cards("cards"))
        out.update(strength=decl.strength, trump=decl.trump or NO_TRUMP,
                   pairs=len(decl.hidden) // 2, trump_why=_trump_why(flow, decl))
        if not standing_cards:
            out["why"] = _why(flow.declaration_reason(decl))
        out["valid"] = True
    except GameError as err:
        out["reason"] = out["why"] = _reason(err)
        if standing_cards:
            out["overturns"] = False
        return out
    if not standing_cards:
        return out
    try:
        standing = _parse(flow, level, 0, standing_cards)
    except GameError as err:
        out.update(overturns=False, reason=_reason(err), why=_reason(err))
        return out
    earlier = [standing]
    if req.flag("overturned_before") or req.flag("overcalled_before"):
        # seat 3 overturned in between: the standing declaration is theirs now
        standing = Declaration(3, standing.cards, standing.strength, standing.trump,
                               standing.hidden)
        earlier.append(standing)
    overturns, why = flow.overturn_reason(standing, decl, earlier)
    out.update(overturns=overturns, why=_why(why))
    if not overturns:
        out["reason"] = _why(why)
    return out


def _scenario(req: Request, first_hand: bool, after_burying: bool) -> dict[str, Any]:
    """Play a hand of the request's rules up to the moment asked about and
    try an overturn there: seat 0 declares first, seat 1 overturns."""
    rules = req.rules
    flow = _flow(req)
    level = rules.default_level
    opening, stronger = _two_declarations(flow, level)
    cards = deck()
    rest = Counter(cards) - Counter(opening) - Counter(stronger)
    pool = list(rest.elements())
    random.Random(0).shuffle(pool)
    order: list[Card] = []
    wanted = {0: list(opening), 1: list(stronger)}
    for i in range(4 * rules.hand_size):
        order.append(wanted[i % 4].pop(0) if wanted.get(i % 4) else pool.pop())
    order.extend(pool)
    setup = HandSetup(rules, (level, level), None if first_hand else 0,
                      None if first_hand or not flow.stage else 0)
    hand = Hand(setup, order)
    buried = False

    def try_overturn() -> dict[str, Any] | None:
        before = hand.dealer
        if not hand.can_declare(1, stronger):
            return None
        hand.declare(1, stronger)
        return {"allowed": True, "new_dealer": hand.dealer != before,
                "rebury": hand.phase == Phase.BURY and hand.burier == 1}

    while hand.phase not in (Phase.PLAY, Phase.DONE, Phase.REDEAL):
        seat = hand.turn
        if hand.phase == Phase.DEAL:
            hand.deal()
            if not hand.declarations:
                if hand.can_declare(0, opening):
                    hand.declare(0, opening)
            elif not after_burying and (done := try_overturn()) is not None:
                return done
        elif hand.phase == Phase.BURY:
            if not after_burying or seat is None:
                break
            hand.bury(seat, BaselineBot().bury(SeatView(hand, seat), hand.rules.kitty_size))
            buried = True
        elif hand.phase == Phase.RECLAIM and seat is not None:
            hand.reclaim(seat, BaselineBot().reclaim(SeatView(hand, seat), len(hand.take_back)))
        elif seat is not None:
            if seat == 1 and after_burying == buried and (done := try_overturn()) is not None:
                return done
            hand.pass_turn(seat)
        else:
            break
    return {"allowed": False, "new_dealer": False, "rebury": False}


def _two_declarations(flow: Flow, level: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The weakest opening declaration of the flow and the weakest that
    overturns it from another seat, both holdable from one pack."""
    cands = flow.declaration_candidates(level, deck())
    parsed = []
    for c in cands:
        try:
            parsed.append((c, flow.parse_declaration(level, 0, c)))
        except GameError:
            continue
    openings = []
    for c, d in parsed:
        try:
            flow.check_first(d)
        except GameError:
            continue
        openings.append((d.strength, c, d))
    openings.sort(key=lambda t: t[0])
    pack = Counter(deck())
    for _s, oc, od in openings:
        best = None
        for c, _d in parsed:
            if Counter(oc) + Counter(c) - pack:
                continue
            d = flow.parse_declaration(level, 1, c)
            try:
                flow.check_overturn(od, d, [od])
            except GameError:
                continue
            if best is None or d.strength < best[1].strength:
                best = (c, d)
        if best is not None:
            return oc, best[0]
    raise CheckError("bad_rules", "error.request.not_supported", kind="overturn-effect")


def _overturn_effect(req: Request) -> dict[str, Any]:
    """R-H-OVERTURN (反主反打 / 反主炒底): whether an overturn can be made
    before / after the kitty is buried, and what it does: a new dealer, or
    the overturner takes the kitty and buries again."""
    return _scenario(req, req.flag("first_hand"), req.flag("after_burying"))


def _wusaner_discard(req: Request) -> dict[str, Any]:
    """R-W-KITTY (揭牌): the cards of ``cards`` the kitty taker discards
    first, as far as the taker can tell, and why for each card."""
    cards = req.cards("cards")
    ruled = [(c, *WusanerFlow.discard_reason(req.rules, req.level, c)) for c in cards]
    ok = [str(c) for c, first, _why in ruled if first]
    # why each card may or may not go first, in the engine's words
    return {"discardable": ok, "count": len(ok),
            "why": {str(c): _why(why) for c, _first, why in ruled}}


def _riot(req: Request) -> dict[str, Any]:
    """R-H-RIOT: may an attacker holding ``hand`` call a redeal, and why
    (the hand's points against the limit)?"""
    hand = req.cards("hand")
    allowed, why = riot_reason(req.rules, hand)
    return {"points": points(hand), "may_riot": allowed,
            "limit": why.params.get("limit"), "why": _why(why)}


def _kitty_trump(req: Request) -> dict[str, Any]:
    """R-H-DECLARE, nobody declared in a later hand: the kitty's third card names trump."""
    try:
        card, trump = kitty_card(req.cards("kitty"))
    except GameError as err:
        raise CheckError("bad_field", err.code, **err.params) from None
    return {"trump": trump or NO_TRUMP, "card": str(card)}


OUTCOMES = (DEALERS_UP, SWAP, ATTACKERS_UP)


def _rotate(req: Request) -> dict[str, Any]:
    """R-ROTATE: who deals the next hand (what a match asks its flow)."""
    dealer = req.int("dealer")
    outcome = str(req.data.get("outcome"))
    if not 0 <= dealer < 4:
        raise CheckError("bad_field", "error.request.bad_field", field="dealer")
    if outcome not in OUTCOMES:
        raise CheckError("bad_field", "error.request.bad_field", field="outcome")
    return {"next_dealer": _flow(req).next_dealer(dealer, outcome, dealer % 2, {})}


def _match(req: Request) -> dict[str, Any]:
    """R-LEVELS and R-MATCH over several hands: ``totals`` are the attackers'
    totals hand after hand.  ``steps``: each hand, what it did and why, in
    the engine's words.  With a ``claim`` (a ``level``, a ``dealer_team``,
    a ``winner``, as a lesson option states them), ``why`` is the engine's
    account of the first hand where the claim parts from the match."""
    state = MatchState.start(req.rules, req.opt_int("dealer_team", 0) % 2)
    for total in req.ints("totals"):
        state = state.after_hand(total)
    out: dict[str, Any] = {
        "dealer_team": state.dealer_team, "level": state.level_name(state.dealer_team),
        "levels": [state.level_name(0), state.level_name(1)], "winner": state.winner}
    steps = match_steps(req.rules, req.ints("totals"), req.opt_int("dealer_team", 0) % 2)
    game = str(req.data.get("rules") or "henan")
    out["steps"] = [_match_step(game, s) for s in steps]
    claim = req.data.get("claim")
    if claim is not None:
        found = first_divergence(steps, _claim(claim))
        out["why"] = None if found is None else _match_why(game, steps[found[0]], found[1])
    return out


def _claim(data: Any) -> MatchClaim:
    if not isinstance(data, dict) or set(data) - {"level", "dealer_team", "winner"}:
        raise CheckError("bad_field", "error.request.bad_field", field="claim")
    try:
        level = None if data.get("level") is None else parse_level(str(data["level"]))
    except SolverError:
        raise CheckError("bad_field", "error.request.bad_field", field="claim") from None
    team, winner = data.get("dealer_team"), data.get("winner")
    if any(v is not None and (isinstance(v, bool) or v not in (0, 1)) for v in (team, winner)):
        raise CheckError("bad_field", "error.request.bad_field", field="claim")
    return MatchClaim(level, team, winner, "winner" in data)


def _match_words(game: str, step: MatchStep) -> str:
    """What a hand did, as the engine ruled it (R-LEVELS, R-MATCH)."""
    low, high = step.band
    band = "" if low == high else _("game.match.band" if high is not None else "game.match.band.from",
                                    low=low, high=high)
    event = step.level_event if step.event == "top" else step.event  # reaching A: said as the rise
    return _(game_msgid(game, "game.match.step." + event), hand=step.hand, total=step.total,
             band=band, levels=step.gained, before=step.before.level_name(step.up_team),
             team=_(f"game.match.team.{step.up_team}"), last=_last_level(step),
             first=RANK_NAMES[step.before.rules.level_sequence[0]])


def _last_level(step: MatchStep) -> str:
    return RANK_NAMES[step.before.rules.level_sequence[-1]]


def _match_step(game: str, step: MatchStep) -> dict[str, Any]:
    return {"hand": step.hand, "total": step.total, "outcome": step.outcome, "gained": step.gained,
            "band": list(step.band), "event": step.event, "rule": step.rule,
            "dealer_team_before": step.before.dealer_team, "dealer_team": step.after.dealer_team,
            "levels_before": [step.before.level_name(0), step.before.level_name(1)],
            "levels": [step.after.level_name(0), step.after.level_name(1)],
            "level": step.after.level_name(step.after.dealer_team), "winner": step.after.winner,
            "message": _match_words(game, step)}


def _match_why(game: str, step: MatchStep, wrong: str) -> dict[str, Any]:
    """The engine's account of the hand where a claim goes wrong; a claim
    that a team has won, at the hand it reached A, also hears that reaching
    A is not winning (R-MATCH)."""
    said = _match_words(game, step)
    if wrong == "not_won" and step.event in ("top", "capped"):
        said += _("game.match.note.defend", last=_last_level(step))
    return {"rule": step.rule if wrong != "not_won" else "R-MATCH", "code": "game.match." + wrong,
            "hand": step.hand, "message": said}


def render_json(req: Request, resp: dict[str, Any]) -> str:
    """Lesson kinds have no command-line form: their human form is the JSON."""
    return json.dumps(resp, ensure_ascii=False)


def _lesson(name: str, fields: dict[str, str], handle: Any, optional: dict[str, str] | None = None
            ) -> Kind:
    return Kind(name, fields, handle, render_json, optional=optional or {}, lesson=True,
                needs_context=False)


KINDS = {
    "declare": _lesson("declare", {"cards": CARDS}, _declare,
                       {"standing": CARDS, "by_original": BOOL, "overturned_before": BOOL,
                        "overcalled_before": BOOL}),
    "overturn-effect": _lesson("overturn-effect", {}, _overturn_effect,
                               {"first_hand": BOOL, "after_burying": BOOL}),
    "wusaner-discard": _lesson("wusaner-discard", {"cards": CARDS}, _wusaner_discard),
    "riot": _lesson("riot", {"hand": CARDS}, _riot),
    "kitty-trump": _lesson("kitty-trump", {"kitty": CARDS}, _kitty_trump),
    "rotate": _lesson("rotate", {"dealer": INT, "outcome": STR}, _rotate),
    "match": _lesson("match", {"totals": INT_LIST}, _match, {"dealer_team": INT, "claim": OBJECT}),
}

__all__ = ["KINDS", "NO_TRUMP"]
