"""The check kinds only lessons ask (checks/game.py, checks/yishang.py) agree
with the engine: on every lesson step that uses one, and on random positions
of live hands and games (hypothesis).

The kinds are thin calls into solver/; these tests hold them to what a
live :class:`solver.game.hand.Hand` / :class:`solver.yishang.game.Game`
actually does, so a kind that builds its question wrongly fails here.
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

from game_helpers import new_hand

from checks import answer
from checks.registry import available_kinds
from lessons.catalog import load_lessons
from lessons.judge import correct_options
from solver.games import SHENGJI_PRESETS
from solver.cards import deck, format_cards, parse_cards, points
from solver.game.flows import declaration_candidates
from solver.game.hand import Hand, HandSetup, Phase
from solver.game.match import Match
from solver.rules import preset
from solver.scoring import level_outcome
from solver.yishang.game import Game
from solver.yishang.ranks import rank_name, yrank

LESSON_KINDS = {k.name for k in available_kinds(lessons=True) if k.lesson}


def _ask(request: dict[str, Any]) -> dict[str, Any]:
    resp = answer(request)
    assert "error" not in resp, (request, resp)
    return resp


def _lesson_steps() -> list[Any]:
    out = []
    for lesson in load_lessons():
        for step in lesson.steps:
            if step.check is not None and step.check.get("kind") in LESSON_KINDS:
                out.append(pytest.param(step, id=f"{lesson.id}:{step.id}"))
    return out


def test_every_lesson_only_kind_is_served_and_used() -> None:
    """The kinds rulefns used to hold are all served by the engine door, and lessons use each."""
    assert LESSON_KINDS == {"declare", "overturn-effect", "wusaner-discard", "riot", "kitty-trump",
                            "rotate", "match", "yishang-resolve", "yishang-face",
                            "yishang-first", "yishang-stall", "yishang-dispute"}
    used = {p.values[0].check["kind"] for p in _lesson_steps()}
    assert used == LESSON_KINDS


# -- live-engine oracles: what a real hand or game does with the request ------


def _declare_live(req: dict[str, Any]) -> dict[str, Any] | None:
    """First hand, during the deal: seat 0 declares ``standing``, then
    ``cards`` come from seat 1 (seat 0 with ``by_original``).  None when one
    pack cannot hold both."""
    rules = preset(req["rules"])
    cards = parse_cards(req["cards"])
    standing = parse_cards(req.get("standing") or "")
    seat = 0 if req.get("by_original") else 1
    if req.get("overturned_before") or req.get("overcalled_before"):
        return None
    mine = {0: list(standing)}
    mine[seat] = mine.get(seat, []) + list(cards)
    if Counter(c for v in mine.values() for c in v) - Counter(deck()):
        return None
    h = new_hand(rules, {s: format_cards(v) for s, v in mine.items() if v})
    level = req.get("level")
    if level is not None and h.flow.declare_level(h, seat) != parse_cards(f"{level}S")[0].rank:
        return None
    while h.phase == Phase.DEAL and Counter(mine[0]) - Counter(h.hands[0].elements()) \
            or Counter(mine[seat]) - Counter(h.hands[seat].elements()):
        h.deal()
    if not standing:
        return {"valid": h.can_declare(seat, cards)}
    if not h.can_declare(0, standing):
        return {"overturns": False}
    h.declare(0, standing)
    return {"overturns": h.can_declare(seat, cards)}


def _match_live(req: dict[str, Any]) -> dict[str, Any]:
    m = Match(preset(req["rules"]))
    stage = int(req.get("dealer_team", 0))
    m.state = dataclasses.replace(m.state, dealer_team=stage)
    for total in req.get("totals") or []:
        m.apply(stage, stage, total)
        stage = m.state.dealer_team
    return {"dealer_team": m.state.dealer_team, "winner": m.winner,
            "level": m.level_name(m.state.dealer_team)}


def _rotate_live(req: dict[str, Any]) -> dict[str, Any]:
    rules = preset(req["rules"])
    total = next(t for t in range(0, 205, 5) if level_outcome(rules, t)[0] == req["outcome"])
    m = Match(rules)
    m.apply(req["dealer"] % 2, req["dealer"], total)
    return {"next_dealer": m.dealer}


def _yishang_deal(hands: dict[int, list[str]], draw: int, first: int) -> Game:
    """A 3-player game: the given hands, player 2 holds the rest but ``draw`` cards."""
    from solver.yishang.ranks import PACK

    mine = {p: parse_cards(" ".join(v)) for p, v in hands.items()}
    used = {c for v in mine.values() for c in v}
    rest = [c for c in PACK if c not in used]
    pile, rest = rest[:draw], rest[draw:]
    dealt = [mine.get(0, []), mine.get(1, []), mine.get(2, []) + rest]
    return Game.from_deal(dealt, pile, first)


def _resolve_live(req: dict[str, Any]) -> dict[str, Any]:
    """Player 1 of a 3-player game plays the card (R-Y-UP / R-Y-DOWN)."""
    def c(text: str) -> Any:
        return parse_cards(text)[0]

    card = f"{req['card']}H"
    spare = [] if req.get("last") else ["3D" if req["card"] != "3" else "4D"]
    pile = req.get("draw_pile", 10)
    if req["face"] == "up":
        # 2 leads up, 0 claims the target face down and is accepted, 1 plays up
        g = _yishang_deal({0: ["JC", "QC"], 1: [card, *spare], 2: ["KC"]}, pile, 2)
        g.play_up(c("KC"))
        g.play_down(c("JC"), yrank(c(f"{req['target']}S")))
        g.accept()
        g.play_up(c(card))
        rec = next(x for x in reversed(g.log) if x["op"] == "up")
        return {"draw": rec["drew"] is not None, "new_target": rank_name(g.target),
                "wins": g.over and 1 in g.winners}
    # 0 leads a card of the target's rank up, 1 plays face down, 2 may challenge
    lead = f"{req['target']}C"
    g = _yishang_deal({0: [lead, "JS"], 1: [card, *spare]}, pile, 0)
    g.play_up(c(lead))
    declared = req.get("declared")
    g.play_down(c(card), None if declared is None else yrank(c(f"{declared}S")))
    if req.get("challenged"):
        g.challenge(2)
        rec = next(x for x in reversed(g.log) if x["op"] == "challenge")
        out = {"challenge_succeeds": rec["success"],
               "taker": "player" if rec["taker"] == 1 else "challenger"}
    else:
        g.accept()
        out = {"challenge_succeeds": None}
    out.update(new_target=rank_name(g.target), wins=g.over and 1 in g.winners)
    return out


def _play_one(g: Game) -> None:
    """The player to move plays its first card; a face-down claim is true and accepted."""
    card = g.hand(g.turn)[0]
    if g.face_up:
        g.play_up(card)
    else:
        g.play_down(card, yrank(card))
        g.accept()


def _face_live(req: dict[str, Any]) -> dict[str, Any]:
    """R-Y-FACE: the events played on a 3-player game (a face-down play is accepted)."""
    g = Game(players=3, seed=0)
    for ev in req["events"]:
        if ev == "play":
            _play_one(g)
    return {"next_face": "up" if g.face_up else "down"}


def _dispute_live(req: dict[str, Any]) -> dict[str, Any]:
    """R-Y-DOWN: ``player`` claims; the callers challenge at once (or too late)."""
    n, p = req["players"], req["player"]
    g = Game(players=n, seed=0)
    while not (g.turn == p and not g.face_up):
        _play_one(g)
    g.play_down(g.hand(p)[0], 14)
    if req.get("next_played"):
        g.accept()
        g.play_up(g.hand(g.turn)[0])
        return {"too_late": not g.can_challenge(*req["callers"])}
    return {"challenger": g.challenger_of(req["callers"]), "too_late": False}


ORACLES = {"declare": _declare_live, "match": _match_live, "rotate": _rotate_live,
           "yishang-resolve": _resolve_live, "yishang-face": _face_live,
           "yishang-dispute": _dispute_live,
           # R-H-RIOT, R-H-DECLARE, R-Y-SETUP, R-Y-STALL as RULES.md states them
           "riot": lambda r: {"may_riot": points(parse_cards(r["hand"])) < 15},
           "kitty-trump": lambda r: {"trump": parse_cards(r["kitty"])[2].suit},
           "yishang-first": lambda r: {"first": max(range(len(r["cuts"])), key=lambda i: (
               "345678910JQKA2".index(r["cuts"][i]), -i))},
           "yishang-stall": lambda r: {"winners": [i for i, c in enumerate(r["counts"])
                                                   if c == min(r["counts"])]}}


@pytest.mark.parametrize("step", _lesson_steps())
def test_lesson_step_answer_equals_the_engine(step: Any) -> None:
    """Every lesson step of a lesson-only kind: one option is right, and the
    answer equals what a live hand / match does where one can be set up."""
    resp = _ask(step.check)
    right = correct_options(step)
    assert len(right) == 1, (step.check, resp)
    oracle = ORACLES.get(step.check["kind"])
    live = oracle(step.check) if oracle else None
    if live is not None:
        assert {k: resp[k] for k in live} == live
    else:   # the two kinds a lesson asks once, held to live hands below
        assert step.check["kind"] in ("overturn-effect", "wusaner-discard") or \
            step.check.get("overturned_before") is not None, step.check


# -- random positions -----------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), flow=st.sampled_from(SHENGJI_PRESETS))
def test_declare_matches_live_first_hands(seed: int, flow: str) -> None:
    """R-H-DECLARE/R-H-OVERTURN, R-T-DECLARE, R-W-DECLARE/R-W-OVERCALL: in the
    deal of a first hand, every declaration a seat could show is accepted by
    the hand exactly when the ``declare`` kind says valid / overturns."""
    rules = preset(flow)
    cards = deck()
    rng = random.Random(seed)
    rng.shuffle(cards)
    h = Hand(HandSetup.first(rules), cards)
    level = rules.default_level
    checked = 0
    while h.phase == Phase.DEAL and checked < 60:
        h.deal()
        standing = h.standing
        if len(h.declarations) > 1 or h.phase != Phase.DEAL:
            break
        for seat in range(4):
            for cand in declaration_candidates(flow, level, h.hands[seat].elements()):
                req: dict[str, Any] = {"kind": "declare", "rules": flow, "cards": format_cards(cand)}
                if standing is not None:
                    if standing.seat != 0 and seat != standing.seat:
                        continue
                    req.update(standing=format_cards(standing.cards),
                               by_original=seat == standing.seat)
                resp = _ask(req)
                said = resp["valid"] if standing is None else resp["overturns"]
                assert said == h.can_declare(seat, cand), (req, resp)
                checked += 1
        if standing is None:
            opts = [c for s in range(4) for c in h.declaration_options(s)[:1]]
            if opts and rng.random() < 0.5:
                seat = next(s for s in range(4) if h.declaration_options(s))
                if seat == 0:
                    h.declare(0, h.declaration_options(0)[0])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_yishang_resolve_matches_live_games(seed: int, players: int) -> None:
    """R-Y-TARGET, R-Y-UP, R-Y-DOWN, R-Y-WIN: each play of a random game, put
    as a ``yishang-resolve`` request, gets the answer the game played out."""
    g = Game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(60):
        if g.over:
            break
        p = g.turn
        card = rng.choice(g.hand(p))
        req: dict[str, Any] = {"kind": "yishang-resolve", "target": rank_name(g.target),
                               "card": rank_name(yrank(card)), "last": g.hand_size(p) == 1,
                               "draw_pile": g.draw_size}
        if g.face_up:
            req["face"] = "up"
            g.play_up(card)
            want = {"draw": g.log[-1]["drew"] is not None if g.log[-1]["op"] == "up"
                    else g.log[-2]["drew"] is not None,
                    "new_target": rank_name(g.target), "wins": g.over and p in g.winners}
        else:
            declared = rng.choice([yrank(card), g.target, 14, None])
            challenge = rng.random() < 0.5
            req.update(face="down", declared=None if declared is None else rank_name(declared),
                       challenged=challenge)
            g.play_down(card, declared)
            if challenge:
                g.challenge(g.responders()[0])
                rec = next(r for r in reversed(g.log) if r["op"] == "challenge")
                want = {"challenge_succeeds": rec["success"],
                        "taker": "player" if rec["taker"] == p else "challenger"}
            else:
                g.accept()
                want = {"challenge_succeeds": None}
            want.update(new_target=rank_name(g.target), wins=g.over and p in g.winners)
        resp = _ask(req)
        assert {k: resp[k] for k in want} == want, (req, resp)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_yishang_face_and_dispute_match_live_games(seed: int, players: int) -> None:
    """R-Y-FACE: the events of a live game give the face it shows next;
    R-Y-DOWN: of several callers, the one the game lets challenge."""
    g = Game(players=players, seed=seed)
    rng = random.Random(seed)
    events: list[str] = []
    for _ in range(30):
        if g.over:
            break
        p = g.turn
        card = rng.choice(g.hand(p))
        if g.face_up:
            g.play_up(card)
            events.append("play")
            if g.log[-1]["op"] == "up" and g.log[-1]["drew"]:
                events.append("draw")
            continue
        g.play_down(card, yrank(card) if rng.random() < 0.5 else g.target)
        events.append("play")
        callers = [q for q in g.responders() if rng.random() < 0.5]
        if callers:
            resp = _ask({"kind": "yishang-dispute", "players": players, "player": p,
                         "callers": callers})
            assert resp == {"challenger": g.challenger_of(callers), "too_late": False}
            g.challenge(*callers)
            events.append("challenge")
        else:
            g.accept()
        if g.over:
            break
        assert _ask({"kind": "yishang-face", "events": events})["next_face"] == \
            ("up" if g.face_up else "down"), events


@given(ranks=st.lists(st.sampled_from(["3", "7", "10", "J", "K", "A", "2"]), min_size=2, max_size=4))
def test_yishang_first_is_the_highest_cut(ranks: list[str]) -> None:
    """R-Y-SETUP: 2 is the highest rank; the highest cut leads, ties cut again."""
    order = ["3", "7", "10", "J", "K", "A", "2"]
    top = max(order.index(r) for r in ranks)
    best = [i for i, r in enumerate(ranks) if order.index(r) == top]
    resp = _ask({"kind": "yishang-first", "cuts": ranks})
    assert resp == {"first": best[0] if len(best) == 1 else None,
                    "recut": best if len(best) > 1 else []}


@given(counts=st.lists(st.integers(0, 20), min_size=2, max_size=4))
def test_yishang_stall_fewest_cards_win(counts: list[int]) -> None:
    """R-Y-STALL: the fewest cards win; ties share."""
    assert _ask({"kind": "yishang-stall", "counts": counts})["winners"] == \
        [i for i, c in enumerate(counts) if c == min(counts)]


@settings(max_examples=30, deadline=None)
@given(rules=st.sampled_from(SHENGJI_PRESETS),
       totals=st.lists(st.integers(0, 40).map(lambda k: 5 * k), max_size=8),
       dealer=st.integers(0, 3))
def test_match_and_rotate_match_a_live_match(rules: str, totals: list[int], dealer: int) -> None:
    """R-LEVELS, R-MATCH, R-ROTATE: the kinds agree with solver.game.match.Match."""
    resp = _ask({"kind": "match", "rules": rules, "totals": totals, "dealer_team": dealer % 2})
    assert {k: resp[k] for k in ("dealer_team", "winner", "level")} == \
        _match_live({"rules": rules, "totals": totals, "dealer_team": dealer % 2})
    if rules != "wusaner" and totals:
        m = Match(preset(rules))
        m.apply(dealer % 2, dealer, totals[0])
        outcome = level_outcome(preset(rules), totals[0])[0]
        assert _ask({"kind": "rotate", "rules": rules, "dealer": dealer,
                     "outcome": outcome})["next_dealer"] == m.dealer


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_riot_and_kitty_trump_match_live_henan_hands(seed: int) -> None:
    """R-H-RIOT: an attacker may riot exactly when ``riot`` says so;
    R-H-DECLARE: with no declaration in a later hand, trump is what
    ``kitty-trump`` reads from the kitty."""
    rules = preset("henan")
    cards = deck()
    random.Random(seed).shuffle(cards)
    h = Hand(HandSetup(rules, (2, 2), dealer=0), cards)
    kitty = format_cards(h.kitty)
    while h.phase == Phase.DEAL:
        h.deal()
    while h.phase == Phase.BID:
        assert h.turn is not None
        h.pass_turn(h.turn)
    if h.standing is None:
        assert h.trump == (lambda t: None if t == "NT" else t)(
            _ask({"kind": "kitty-trump", "rules": "henan", "kitty": kitty})["trump"])
    assert h.phase in (Phase.RIOT, Phase.BURY) and h.dealer is not None
    said = set()
    for seat in ((h.dealer + 1) % 4, (h.dealer + 3) % 4):
        resp = _ask({"kind": "riot", "rules": "henan", "hand": format_cards(h.hands[seat].elements())})
        assert resp["points"] == points(h.hands[seat].elements())
        if resp["may_riot"]:
            said.add(seat)
    # the hand opens the riot window to exactly the attackers the kind allows
    assert said == (set(h.window) if h.phase == Phase.RIOT else set())


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_wusaner_discard_matches_the_live_bury(seed: int) -> None:
    """R-W-KITTY (揭牌): burying cards ``wusaner-discard`` lists is legal when
    there are enough of them; burying another card then is refused."""
    rules = preset("wusaner")
    cards = deck()
    random.Random(seed).shuffle(cards)
    h = Hand(HandSetup.first(rules), cards)
    while h.phase == Phase.DEAL:
        for s in range(4):
            opts = h.declaration_options(s)
            if opts and h.phase == Phase.DEAL and not h.declarations:
                h.declare(s, opts[0])
        h.deal()
    if h.phase != Phase.BURY:
        return
    seat = h.turn
    assert seat is not None
    held = h.hand_of(seat)
    resp = _ask({"kind": "wusaner-discard", "rules": "wusaner", "level": "A",
                 "cards": format_cards(held)})
    ok = parse_cards(" ".join(resp["discardable"]))
    k = rules.kitty_size
    if len(ok) >= k:
        assert h.can_bury(seat, ok[:k])
        other = next((c for c in held if c not in ok), None)
        if other is not None:
            assert not h.can_bury(seat, [*ok[:k - 1], other])


def test_overturn_effect_follows_r_h_overturn() -> None:
    """R-H-OVERTURN: first hand (反主反打) the overturner becomes dealer, only
    before the kitty is taken; later hands (反主炒底) the dealer stays and the
    overturner takes the kitty and buries again, only after the bury."""
    def ask(first: bool, after: bool) -> dict[str, Any]:
        return _ask({"kind": "overturn-effect", "rules": "henan", "first_hand": first,
                     "after_burying": after})

    assert ask(True, False) == {"allowed": True, "new_dealer": True, "rebury": False}
    assert ask(True, True)["allowed"] is False
    assert ask(False, True) == {"allowed": True, "new_dealer": False, "rebury": True}
    assert ask(False, False)["allowed"] is False


def test_wusaner_declaration_strength_is_the_engines() -> None:
    """R-W-DECLARE/R-W-OVERCALL: a declaration's strength is its number of
    pairs (the engine's), not the joker shown (the old lesson copy's)."""
    assert _ask({"kind": "declare", "rules": "wusaner", "cards": "SJ 4H 4H 5H 5H"})["strength"] == 2
    resp = _ask({"kind": "declare", "rules": "wusaner", "cards": "BJ 4H 4H"})
    assert (resp["strength"], resp["valid"]) == (1, False)   # the first declaration shows SJ
    assert resp["reason"]["rule"] == "R-W-DECLARE"


def test_lesson_kinds_have_no_cli_subcommand_and_one_error_envelope() -> None:
    """Lesson kinds answer JSON only; a bad request gets the one error object."""
    from tutor.cli import build_parser

    check = build_parser()._subparsers._group_actions[0].choices["check"]  # type: ignore[union-attr]
    subcommands = set(check._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    assert subcommands and not subcommands & LESSON_KINDS
    bad = answer({"kind": "rotate", "rules": "henan", "dealer": 9, "outcome": "swap"})
    assert set(bad) == {"id", "error"} and set(bad["error"]) == {"code", "message"}
    bad = answer({"kind": "yishang-resolve", "target": "1", "card": "3", "face": "up"})
    assert bad["error"]["code"] == "bad_field"
    bad = answer({"kind": "yishang-resolve", "target": "4", "card": "3", "face": "sideways"})
    assert bad["error"]["code"] == "bad_field"
    bad = answer({"kind": "declare", "rules": "henan", "cards": "2H BJ", "bogus": 1})
    assert bad["error"]["code"] == "unknown_field"
    assert json.dumps(bad, ensure_ascii=False)
