"""The bots' styles are what their names say, the hint bot follows the hints,
and a quick strength smoke test (the 20,000-game run is bench/bench_yishang.py)."""

from __future__ import annotations

import random

import pytest

from solver.cards import Card
from solver.yishang import CHALLENGE, Game
from solver.yishang.bots import BASELINES, BOTS, HintBot, make_bot, play_game
from solver.yishang.errors import YishangError
from solver.yishang.hints import DEFAULT_WEIGHTS, claim_hint, play_hint
from solver.yishang.odds import DEFAULT_MODEL
from solver.yishang.ranks import yrank
from tests.yishang_helpers import deal

C = Card.parse


def _trace(names: list[str], games: int) -> list[tuple[str, Game, str, object]]:
    """(bot name, game before the decision, decision kind, decision) for every decision."""
    out: list[tuple[str, Game, str, object]] = []
    for seed in range(games):
        bots = [make_bot(n) for n in names]
        game = Game(len(names), seed)
        rng = random.Random(seed)
        while not game.over:
            if game.phase == CHALLENGE:
                for q in game.responders():
                    want = bots[q].wants_challenge(game, q, rng)
                    out.append((names[q], game, "challenge", (want, game.claim)))
                    if want:
                        game.challenge(q)
                        break
                else:
                    game.accept()
            else:
                p = game.turn
                hand, target = game.hand(p), game.target
                card, d = bots[p].choose_play(game, p, rng)
                out.append((names[p], game, "up" if game.face_up else "down", (card, d, hand, target)))
                game.play_up(card) if game.face_up else game.play_down(card, d)
    return out


def test_styles_are_distinct() -> None:
    trace = _trace(["honest", "bluffer", "caller", "random"], 40)
    downs = {n: [x for b, _, k, x in trace if b == n and k == "down"] for n in BASELINES}
    calls = {n: [x for b, _, k, x in trace if b == n and k == "challenge"] for n in BASELINES}
    for card, d, hand, target in downs["honest"]:          # truthful whenever possible
        if any(yrank(c) >= target for c in hand):
            assert yrank(card) == d >= target
    for card, d, hand, target in downs["bluffer"]:         # always sheds its lowest card
        assert yrank(card) == min(yrank(c) for c in hand) and target <= d <= target + 2
    rate = {n: sum(w for w, _ in calls[n]) / max(1, len(calls[n])) for n in BASELINES}
    assert rate["caller"] > rate["honest"] and rate["caller"] > rate["bluffer"]
    assert 0.1 < rate["random"] < 0.4
    assert len({(c, d) for c, d, _, _ in downs["random"]}) > 10


def test_hint_bot_follows_hints() -> None:
    g = deal(["8S KD 4C", "10H 6D JD", "9S 5S QH"])
    bot, rng = HintBot(DEFAULT_WEIGHTS, DEFAULT_MODEL, temperature=0, read=False), random.Random(0)
    h = play_hint(g, 0)
    assert bot.choose_play(g, 0, rng) == (h.card, None)
    g.play_up(C("4C"))
    h = play_hint(g, 1)
    assert bot.choose_play(g, 1, rng) == (h.card, h.declared)
    g.play_down(C("6D"), 14)
    assert bot.wants_challenge(g, 2, rng) == (claim_hint(g, 2).advice == "challenge")


def test_make_bot_unknown() -> None:
    with pytest.raises(YishangError) as err:
        make_bot("oracle")
    assert err.value.code == "yishang.error.bad_bot" and set(BOTS) >= {"hint", *BASELINES}


def test_hint_bot_smoke_strength() -> None:
    """Smoke version of the bench: 200 four-player games against three
    baselines drawn at random; the hint bot's fair share is 25%, it wins
    about 57% over 20,000 games (bench/bench_yishang.py); here it must clear 40%."""
    rng = random.Random(11)
    wins = 0.0
    games = 200
    for i in range(games):
        names = ["hint", *[rng.choice(BASELINES) for _ in range(3)]]
        k = i % 4
        order = names[k:] + names[:k]
        g = play_game([make_bot(n) for n in order], 7_000 + i)
        wins += sum(1 / len(g.winners) for w in g.winners if order[w] == "hint")
    assert wins / games >= 0.40


def test_normal_bots_stop_calling_a_truthful_seat() -> None:
    """Issue 18: a bot challenged a learner's true claims four times in a
    row.  Against a seat that never lies (R-Y-DOWN), the Play screen's normal
    bots (honest, bluffer, caller) challenge its true claims less as the
    game shows they are true: over 300 games the share of its first two
    true claims (not its last card) that are challenged is at least twice
    the share of its fourth and later, and no bot challenges three true
    claims of that seat in a row while no bluff of it was revealed."""
    early = [0, 0]  # [challenged, claims]
    late = [0, 0]
    for seed in range(300):
        bots = [make_bot(n) for n in ("truthful", "honest", "bluffer", "caller")]
        game = Game(4, 50_000 + seed)
        rng = random.Random(seed)
        n_true = 0
        streak: dict[int, int] = {}
        while not game.over:
            if game.phase == CHALLENGE:
                claim = game.claim
                assert claim is not None
                watched = claim.player == 0 and not claim.is_bluff and game.hand_size(0) > 0
                who = next((q for q in game.responders()
                            if bots[q].wants_challenge(game, q, rng)), None)
                if watched:
                    n_true += 1
                    bucket = early if n_true <= 2 else late if n_true >= 4 else None
                    if bucket is not None:
                        bucket[0] += who is not None
                        bucket[1] += 1
                    if who is not None:
                        streak[who] = streak.get(who, 0) + 1
                        assert streak[who] <= 2, (seed, who)
                if claim.player == 0 and claim.is_bluff and who is not None:
                    streak.clear()  # a revealed bluff: new evidence
                if who is None:
                    game.accept()
                else:
                    game.challenge(who)
            else:
                p = game.turn
                card, d = bots[p].choose_play(game, p, rng)
                game.play_up(card) if game.face_up else game.play_down(card, d)
    assert early[1] > 100 and late[1] > 100
    assert early[0] / early[1] >= 2 * late[0] / late[1], (early, late)
