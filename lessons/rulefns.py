"""Rule functions for lesson steps that no ``shengji-tutor check`` kind judges.

Declaring, the kitty, rotation, the match table and the 一上一下 turn rules
are taught with choice steps.  Their correct option is computed here from
the rules (RULES.md R-IDs in each docstring), never stored in the lesson.
Each function takes a request dict like the check interface and returns a
response dict; :data:`LOCAL_KINDS` maps the kind names.

>>> declare({"rules": "henan", "level": "2", "cards": "2H BJ"})["strength"]
0
>>> yishang_resolve({"target": "8", "face": "down", "card": "7", "declared": "10", "challenged": True})["taker"]
'player'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from solver.cards import BIG_JOKER, SMALL_JOKER, Card, parse_cards, points
from solver.errors import SolverError
from solver.match import MatchState
from solver.rules import preset
from solver.trump import parse_level, parse_trump

RED = ("H", "D")


class LocalCheckError(SolverError):
    code = "lesson.error.check"


def _rules(req: dict[str, Any]):  # type: ignore[no-untyped-def]
    return preset(str(req.get("rules") or "henan"), req.get("options") or None)


def _level(req: dict[str, Any], rules: Any) -> int:
    level = req.get("level")
    if level is None:
        level = "A" if rules.level_table == "wusaner" else "2"
    return parse_level(str(level))


def _strength(flow: str, level: int, cards: list[Card]) -> tuple[int | None, str | None, int]:
    """(strength, trump, pairs) of a shown declaration, strength None if invalid."""
    count = Counter(cards)
    if flow == "wusaner":
        # R-W-DECLARE / R-W-OVERCALL: one joker plus same-suit pairs of consecutive ranks.
        jokers = [c for c in cards if c.is_joker]
        rest = [c for c in cards if not c.is_joker]
        if len(jokers) != 1 or not rest or len({c.suit for c in rest}) != 1:
            return None, None, 0
        rc = Counter(rest)
        if any(n != 2 for n in rc.values()):
            return None, None, 0
        ranks = sorted(c.rank for c in rc)
        if ranks != list(range(ranks[0], ranks[0] + len(ranks))):
            return None, None, 0
        strength = 1 if jokers[0] == SMALL_JOKER else 2
        return strength, rest[0].suit, len(ranks)
    if flow == "tractor":
        # R-T-DECLARE: 1 level card (1), a pair of it (2), SJ pair (3), BJ pair (4).
        if len(count) == 1:
            (card, n), = count.items()
            if card.is_joker and n == 2:
                return (4 if card == BIG_JOKER else 3), "NT", 0
            if not card.is_joker and card.rank == level and n in (1, 2):
                return n, card.suit, 0
        return None, None, 0
    # henan, R-H-DECLARE: level card + matching joker (0), level pair + joker (1),
    # SJ pair (2), BJ pair (3).
    if len(count) == 1:
        (card, n), = count.items()
        if card.is_joker and n == 2:
            return (3 if card == BIG_JOKER else 2), "NT", 0
        return None, None, 0
    jokers = [c for c in cards if c.is_joker]
    rest = [c for c in cards if not c.is_joker]
    if len(jokers) != 1 or not rest or len(set(rest)) != 1 or len(rest) > 2:
        return None, None, 0
    card = rest[0]
    if card.rank != level:
        return None, None, 0
    colour_ok = (jokers[0] == BIG_JOKER) == (card.suit in RED)
    if not colour_ok:
        return None, None, 0
    return len(rest) - 1, card.suit, 0


def declare(req: dict[str, Any]) -> dict[str, Any]:
    """R-H-DECLARE, R-H-OVERTURN, R-T-DECLARE, R-W-DECLARE, R-W-OVERCALL.

    ``cards``: the declaration shown; optional ``standing``: the declaration
    it tries to overturn.  Response: ``valid``, ``strength``, ``trump``
    (suit or ``NT``), ``pairs`` (wusaner), ``overturns`` (null without
    ``standing``).
    """
    rules = _rules(req)
    level = _level(req, rules)
    cards = parse_cards(str(req.get("cards") or ""))
    strength, trump, pairs = _strength(rules.flow, level, cards)
    standing = req.get("standing")
    if rules.flow == "henan" and trump == "NT" and not standing:
        # R-H-DECLARE (seed 001: 常主不可进行报主): a joker pair only overturns.
        strength, trump = None, None
    out: dict[str, Any] = {"valid": strength is not None, "strength": strength, "trump": trump,
                           "pairs": pairs, "overturns": None}
    if standing:
        s_str, _, s_pairs = _strength(rules.flow, level, parse_cards(str(standing)))
        if strength is None or s_str is None:
            out["overturns"] = False
        elif rules.flow == "wusaner":
            # 顶牌: BJ, a tractor, more pairs than the declaration; once per hand.
            out["overturns"] = (strength == 2 and pairs >= 2 and pairs > s_pairs
                                and not bool(req.get("overcalled_before")))
        elif req.get("by_original") and not req.get("overturned_before"):
            # R-H-OVERTURN: the original declarer overturns only after someone else has.
            out["overturns"] = False
        else:
            out["overturns"] = strength > s_str
    return out


def overturn_effect(req: dict[str, Any]) -> dict[str, Any]:
    """R-H-OVERTURN: first hand (反主反打) the overturner becomes dealer and it
    must happen before the kitty is taken; later hands (反主炒底) the dealer
    stays and the overturner takes the kitty and buries again."""
    first = bool(req.get("first_hand"))
    buried = bool(req.get("after_burying"))
    if first:
        allowed = not buried
        return {"allowed": allowed, "new_dealer": allowed, "rebury": False}
    return {"allowed": buried, "new_dealer": False, "rebury": buried}


def wusaner_discard(req: dict[str, Any]) -> dict[str, Any]:
    """R-W-KITTY: which of ``cards`` the kitty taker may discard: plain-suit
    non-point cards as far as the taker can tell (no joker, level or fixed
    5/3/2, no 10 or K; the trump suit is still secret)."""
    rules = _rules(req)
    level = _level(req, rules)
    fixed = set(rules.fixed_trump_ranks) | {level}
    cards = parse_cards(str(req.get("cards") or ""), max_copies=None)
    ok = [str(c) for c in cards if not c.is_joker and c.rank not in fixed and c.points == 0]
    return {"discardable": ok, "count": len(ok)}


def riot(req: dict[str, Any]) -> dict[str, Any]:
    """R-H-RIOT: an attacker with fewer than 15 points in hand may call a redeal."""
    rules = _rules(req)
    hand = parse_cards(str(req.get("hand") or ""))
    p = points(hand)
    return {"points": p, "may_riot": bool(rules.riot) and p < rules.riot_threshold}


def kitty_trump(req: dict[str, Any]) -> dict[str, Any]:
    """R-H-DECLARE, nobody declares in a later hand: the kitty's third card
    names trump (a joker means no trump)."""
    kitty = parse_cards(str(req.get("kitty") or ""))
    if len(kitty) < 3:
        raise LocalCheckError("the kitty needs at least three cards", code="lesson.error.check")
    third = kitty[2]
    return {"trump": "NT" if third.is_joker else third.suit, "card": str(third)}


def rotate(req: dict[str, Any]) -> dict[str, Any]:
    """R-ROTATE: dealers defend → the dealer's partner deals; otherwise the next seat."""
    dealer = int(req.get("dealer", 0))
    outcome = str(req.get("outcome"))
    nxt = (dealer + 2) % 4 if outcome == "dealers_up" else (dealer + 1) % 4
    return {"next_dealer": nxt}


def match(req: dict[str, Any]) -> dict[str, Any]:
    """R-LEVELS and R-MATCH over several hands: ``totals`` are the attackers'
    totals hand after hand."""
    rules = _rules(req)
    state = MatchState.start(rules, int(req.get("dealer_team", 0)))
    for total in req.get("totals") or []:
        state = state.after_hand(int(total))
    return {"dealer_team": state.dealer_team, "level": state.level_name(state.dealer_team),
            "levels": [state.level_name(0), state.level_name(1)], "winner": state.winner}


# -- 一上一下 ---------------------------------------------------------------

def yishang_value(token: str | int) -> int:
    """R-Y-SETUP: 3 < 4 < … < K < A < 2 (suits do not matter)."""
    rank = parse_level(str(token)) if not isinstance(token, int) else token
    return 15 if rank == 2 else rank


def _rank_name(value: int) -> str:
    from solver.cards import RANK_NAMES

    return RANK_NAMES[2 if value == 15 else value]


def yishang_resolve(req: dict[str, Any]) -> dict[str, Any]:
    """R-Y-TARGET, R-Y-UP, R-Y-DOWN, R-Y-WIN: what happens after one play.

    Request: ``target``, ``face`` (``up``/``down``), ``card`` (true rank),
    ``declared`` (face down; missing → 3), ``challenged`` (bool), ``last``
    (the player's last card), ``draw_pile`` (cards left, default 10).
    """
    target = yishang_value(req.get("target", "3"))
    card = yishang_value(req["card"])
    last = bool(req.get("last"))
    pile = int(req.get("draw_pile", 10))
    if req.get("face") == "up":
        below = card < target
        draw = below and pile > 0
        return {"challenge_succeeds": None, "taker": None, "draw": draw,
                "new_target": _rank_name(card), "next_face": "down",
                "wins": last and not draw}
    declared = yishang_value(req.get("declared") or "3")
    if not req.get("challenged"):
        return {"challenge_succeeds": None, "taker": None, "draw": False,
                "new_target": _rank_name(declared), "next_face": "up", "wins": last}
    succeeds = card != declared or card < target
    return {"challenge_succeeds": succeeds, "taker": "player" if succeeds else "challenger",
            "draw": False, "new_target": "3", "next_face": "up",
            "wins": last and not succeeds}


def yishang_face(req: dict[str, Any]) -> dict[str, Any]:
    """R-Y-FACE: the face of the next play after ``events`` (``play`` flips,
    ``draw`` and ``challenge`` do not, ``take`` starts again face up)."""
    face = "up"
    for ev in req.get("events") or []:
        if ev == "play":
            face = "down" if face == "up" else "up"
        elif ev == "take":
            face = "up"
        elif ev not in ("draw", "challenge"):
            raise LocalCheckError(f"unknown event {ev}", code="lesson.error.check")
    return {"next_face": face}


def yishang_first(req: dict[str, Any]) -> dict[str, Any]:
    """R-Y-SETUP: the highest cut leads; a tie among the highest cuts again."""
    values = [yishang_value(t) for t in req.get("cuts") or []]
    top = max(values)
    best = [i for i, v in enumerate(values) if v == top]
    return {"first": best[0] if len(best) == 1 else None, "recut": best if len(best) > 1 else []}


def yishang_stall(req: dict[str, Any]) -> dict[str, Any]:
    """R-Y-STALL: the fewest cards wins; ties share the win."""
    counts = [int(c) for c in req.get("counts") or []]
    low = min(counts)
    return {"winners": [i for i, c in enumerate(counts) if c == low]}


def yishang_dispute(req: dict[str, Any]) -> dict[str, Any]:
    """Seed 000's rulings: several challengers → the next in turn order;
    a challenge after the next card was played is too late."""
    players = int(req.get("players", 3))
    player = int(req.get("player", 0))
    callers = [int(c) for c in req.get("callers") or []]
    if req.get("next_played"):
        return {"challenger": None, "too_late": True}
    order = [(player + k) % players for k in range(1, players)]
    chosen = next((p for p in order if p in callers), None)
    return {"challenger": chosen, "too_late": False}


LOCAL_KINDS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "declare": declare,
    "overturn-effect": overturn_effect,
    "wusaner-discard": wusaner_discard,
    "riot": riot,
    "kitty-trump": kitty_trump,
    "rotate": rotate,
    "match": match,
    "yishang-resolve": yishang_resolve,
    "yishang-face": yishang_face,
    "yishang-first": yishang_first,
    "yishang-stall": yishang_stall,
    "yishang-dispute": yishang_dispute,
}


def run_local(req: dict[str, Any]) -> dict[str, Any]:
    fn = LOCAL_KINDS[str(req["kind"])]
    try:
        return fn(req)
    except SolverError as err:
        from content.i18n import _

        return {"error": {"code": "invalid", "message": _(err.code, **err.params)}}
    except (KeyError, TypeError, ValueError) as err:
        return {"error": {"code": "invalid", "message": str(err)}}


__all__ = ["LOCAL_KINDS", "run_local", "yishang_value"]
