"""Check kind ``yishang-challenge`` (CONTRACT.md): should the challenger
challenge a face-down claim?

Request: ``target`` (before the play), ``declared``, ``hand`` (the
challenger's), ``seen`` (other cards whose place the challenger knows, which
cannot be the face-down card), ``pile_size`` (with the face-down card).
Optional: ``claimer_cards`` (cards left to the claimer after the play),
``players`` (2–4, default 4), ``claimer_known`` (cards known to be in the
claimer's hand; they may be the face-down card).
Response: ``p_uniform`` (float) with ``p_uniform_exact`` ("a/b"): the
face-down card taken to be any of the cards the challenger cannot place
(``claimer_known`` among them), as the contract says; ``p_count`` with
``p_count_exact``: the same count with the claimer's known cards as theirs
(:func:`solver.yishang.odds.p_count`, the counting chance the explanation
tells; ``p_uniform`` when none is given); ``p_model``, ``advice``, the two
expected costs (the definition in :mod:`solver.yishang.hints`),
``p_break_even`` (the chance of success above which challenging is the
cheaper action) and the explanation.
"""

from __future__ import annotations

from typing import Any

from checks.base import BOOL, CARDS, INT, INT_LIST, STR, STR_LIST, CheckError, Kind, Request
from checks.game import render_json
from content.i18n import _
from solver.cards import Card
from solver.errors import SolverError
from solver.yishang.game import Game, Ruling, cut_leaders, stall_winners, up_ruling
from solver.yishang.hints import challenge_hint
from solver.yishang.ranks import PACK, parse_rank, rank_name, yrank


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
        "p_count": float(hint.p_count),
        "p_count_exact": f"{hint.p_count.numerator}/{hint.p_count.denominator}",
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
    ]
    if resp["p_count_exact"] != resp["p_uniform_exact"]:   # claimer_known: what the hint counts
        lines.append(_("yishang.check.p_count", p=f"{resp['p_count'] * 100:.1f}%",
                       exact=resp["p_count_exact"]))
    lines += [
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


# -- the turn rules lessons teach (R-Y-*), each played out on a real game -----

def _deal(players: int, hands: dict[int, list[Card]], draw_size: int, first: int) -> Game:
    """A game whose players hold ``hands`` (the others, or else the last
    player, share the rest of the pack) with ``draw_size`` cards in the draw
    pile, ``first`` to lead."""
    used = [c for h in hands.values() for c in h]
    rest = [c for c in PACK if c not in used]
    others = [p for p in range(players) if p not in hands] or [players - 1]
    if draw_size < 0 or len(rest) - draw_size < 2 * len(others):
        raise CheckError("bad_field", "error.request.bad_field", field="draw_pile")
    draw, rest = rest[:draw_size], rest[draw_size:]
    dealt = [list(hands.get(p, [])) for p in range(players)]
    for i, c in enumerate(rest):
        dealt[others[i % len(others)]].append(c)
    return Game.from_deal(dealt, draw, first)


def _spare(exclude: list[Card], rank: int | None = None) -> Card:
    """A card of the pack not in ``exclude`` (of ``rank`` when given)."""
    return next(c for c in PACK if c not in exclude and (rank is None or yrank(c) == rank))


def _resolve(req: Request) -> dict[str, Any]:
    """R-Y-TARGET, R-Y-UP, R-Y-DOWN, R-Y-WIN: what one play does.

    Player 0 plays ``card`` (a rank) ``face`` up or down against ``target``,
    declaring ``declared`` (missing: forgotten, it counts as 3); face down it
    is ``challenged`` by player 1 or accepted.  ``last``: it is player 0's
    last card; ``draw_pile``: cards left to draw (default 10).  ``why``: the
    engine's ruling on the play (whether it draws, whether the challenge
    succeeds, or that it stands unchallenged).
    """
    target = _rank(req, "target")
    card_rank = _rank(req, "card")
    face = str(req.data.get("face"))
    if face not in ("up", "down"):
        raise CheckError("bad_field", "error.request.bad_field", field="face")
    face_up = face == "up"
    declared = _rank(req, "declared") if req.data.get("declared") is not None else None
    last = req.flag("last")
    pile = req.opt_int("draw_pile", 10)
    card = _spare([], card_rank)
    mine = [card] if last else [card, _spare([card])]
    if face_up:
        # 0 leads up, 1 claims ``target`` face down and is accepted, 0 plays up.
        opener = _spare(mine)
        theirs = [_spare(mine + [opener])]
        game = _deal(2, {0: [opener, *mine], 1: theirs}, pile, 0)
        game.play_up(opener)
        game.play_down(theirs[0], target)
        game.accept()
        _drew, why = up_ruling(card_rank, game.target, game.draw_size)
        game.play_up(card)
        drew = game.log[-1].get("drew") is not None
        return {"challenge_succeeds": None, "taker": None, "draw": drew,
                "new_target": rank_name(game.target), "next_face": "up" if game.face_up else "down",
                "wins": game.over and 0 in game.winners, "why": _ruling(why)}
    # 1 leads a card of rank ``target`` face up; 0 plays face down.
    lead = _spare(mine, target)
    game = _deal(2, {0: mine, 1: [lead]}, pile, 1)
    game.play_up(lead)
    game.play_down(card, declared)
    claim = game.claim
    assert claim is not None
    challenged = req.flag("challenged")
    why = claim.ruling()[1] if challenged else claim.accepted()
    if challenged:
        game.challenge(1)
        rec = game.log[-1] if game.log[-1]["op"] == "challenge" else game.log[-2]
        succeeds: bool | None = bool(rec["success"])
        taker: str | None = "player" if rec["taker"] == 0 else "challenger"
    else:
        game.accept()
        succeeds, taker = None, None
    return {"challenge_succeeds": succeeds, "taker": taker, "draw": False,
            "new_target": rank_name(game.target), "next_face": "up" if game.face_up else "down",
            "wins": game.over and 0 in game.winners, "why": _ruling(why)}


def _ruling(why: Ruling) -> dict[str, Any]:
    """The engine's ruling on the play (R-Y-UP, R-Y-DOWN, R-Y-TARGET), in words."""
    return {"rule": why.rule, "code": why.code, "message": _(why.code, **why.params)}


EVENTS = ("play", "draw", "challenge", "take")


def _face(req: Request) -> dict[str, Any]:
    """R-Y-FACE: the face of the next play after ``events`` (plays in turn;
    a draw comes with a face-up play; a challenge makes its loser take the
    pile)."""
    events = req.strs("events")
    for ev in events:
        if ev not in EVENTS:
            raise CheckError("bad_field", "error.request.bad_field", field="events")
    game = _deal(2, {}, 10, 0)
    for i, ev in enumerate(events):
        if ev != "play":
            continue   # draws and takes happen inside the plays and challenges
        hand = game.hand(game.turn)
        card = max(hand, key=yrank)
        if game.face_up:
            game.play_up(card)
            continue
        game.play_down(card, yrank(card))
        if "challenge" in events[i + 1:i + 2]:
            game.challenge(game.responders()[0])
        else:
            game.accept()
    return {"next_face": "up" if game.face_up else "down"}


def _first(req: Request) -> dict[str, Any]:
    """R-Y-SETUP: the highest cut leads; a tie among the highest cuts again."""
    cuts = [_spare([], _rank_token(t)) for t in req.strs("cuts")]
    if not cuts:
        raise CheckError("missing_field", "error.request.missing_field", field="cuts",
                         kind="yishang-first")
    best = cut_leaders(cuts)
    return {"first": best[0] if len(best) == 1 else None, "recut": best if len(best) > 1 else []}


def _stall(req: Request) -> dict[str, Any]:
    """R-Y-STALL: the fewest cards wins; ties share the win."""
    counts = req.ints("counts")
    if not counts:
        raise CheckError("missing_field", "error.request.missing_field", field="counts",
                         kind="yishang-stall")
    return {"winners": stall_winners(counts)}


def _dispute(req: Request) -> dict[str, Any]:
    """R-Y-DOWN (seed 000's rulings): several challengers → the first in turn
    order after the claimer; once the next card is played it is too late."""
    players = req.opt_int("players", 3)
    if not 2 <= players <= 4:
        raise CheckError("bad_field", "yishang.error.players", players=players)
    player = req.opt_int("player", 0) % players
    callers = req.ints("callers")
    game = _deal(players, {}, 10, (player - 1) % players)
    game.play_up(max(game.hand(game.turn), key=yrank))
    claim = game.hand(player)[0]
    game.play_down(claim, yrank(claim))
    if req.flag("next_played"):
        game.accept()
        game.play_up(game.hand(game.turn)[0])
    if not callers or not game.can_challenge(*callers):
        return {"challenger": None, "too_late": game.claim is None}
    return {"challenger": game.challenger_of(callers), "too_late": False}


def _rank_token(token: str) -> int:
    try:
        return parse_rank(token)
    except SolverError as err:
        raise CheckError("bad_field", err.code, **err.params) from None


def _lesson(name: str, fields: dict[str, str], handle: Any, optional: dict[str, str]) -> Kind:
    return Kind(name, fields, handle, render_json, optional=optional, lesson=True,
                needs_context=False)


KINDS.update({
    "yishang-resolve": _lesson("yishang-resolve", {"target": STR, "card": STR, "face": STR},
                               _resolve, {"declared": STR, "challenged": BOOL, "last": BOOL,
                                          "draw_pile": INT}),
    "yishang-face": _lesson("yishang-face", {"events": STR_LIST}, _face, {}),
    "yishang-first": _lesson("yishang-first", {"cuts": STR_LIST}, _first, {}),
    "yishang-stall": _lesson("yishang-stall", {"counts": INT_LIST}, _stall, {}),
    "yishang-dispute": _lesson("yishang-dispute", {}, _dispute,
                               {"players": INT, "player": INT, "callers": INT_LIST,
                                "next_played": BOOL}),
})
