"""The chance of a bluff the 一上一下 hint tells is calibrated (issue 18).

A face-down claim is a bluff when the card differs from the declaration or
is below the target (R-Y-DOWN).  The hint bot's model was tuned to win and
takes the table to bluff little; told to a learner as a probability, it
called claims 0-10 % false that were false a quarter of the time on the
normal table.  The Play screen's hint now tells (and weighs) the chance
calibrated for the table's level (:mod:`solver.yishang.calibration`).
These games (seeds 800000 and up) were neither fitted on nor reported."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from solver.chance import percent
from solver.yishang.bots import CALIBRATED_WEIGHTS, HintBot, make_bot, step
from solver.yishang.calibration import TABLES, calibrated, features, weights
from solver.yishang.game import CHALLENGE, Game
from solver.yishang.hints import challenge_costs
from solver.yishang.odds import DEFAULT_MODEL
from tutor.tui.models.yishang import YishangTable


def _claims(level: str, games: int, seed: int):
    """(told, model's own chance, bluff, seat) at every claim of seats 1-3
    that seat 0 (a truthful learner) may challenge."""
    out = []
    for i in range(games):
        bots = [make_bot("truthful"), *[make_bot(n) for n in TABLES[level]]]
        game = Game(4, seed + i)
        rng = random.Random(seed + i)
        while not game.over:
            claim = game.claim
            if game.phase == CHALLENGE and claim is not None and claim.player != 0:
                told = HintBot(temperature=0, table=level).claim_advice(game, 0)
                own = HintBot(temperature=0).claim_advice(game, 0)
                out.append((told.p_model, own.p_model, claim.is_bluff, claim.player))
            step(game, bots, rng)
    return out


def _means(rows: list[tuple[float, float, bool, int]]) -> tuple[float, float, float]:
    """The mean chance told, the model's own and the share that came true."""
    n = len(rows)
    return (sum(r[0] for r in rows) / n, sum(r[1] for r in rows) / n,
            sum(r[2] for r in rows) / n)


def _comes_true(rows: list[tuple[float, float, bool, int]], least: int, within: float) -> None:
    """At least ``least`` rows; the chance told comes true on average within
    ``within``, and the model's own (too low as a fact) would not."""
    assert len(rows) > least
    told, own, real = _means(rows)
    assert abs(told - real) < within, (told, real)
    assert real - own > 0.1, (own, real)


def test_normal_table_chances_come_true() -> None:
    rows = _claims("normal", 60, 800000)
    _comes_true(rows, 500, 0.04)
    low = [r for r in rows if r[0] < 0.1]
    assert len(low) > 100
    assert sum(r[2] for r in low) / len(low) < 0.1
    # the claims the model called under 10 % were bluffs much more often
    low_own = [r for r in rows if r[1] < 0.1]
    assert sum(r[2] for r in low_own) / len(low_own) > 0.15


def test_easy_table_chances_come_true() -> None:
    rows = _claims("easy", 40, 810000)
    told, _, real = _means(rows)
    assert abs(told - real) < 0.04, (told, real)
    high = [r for r in rows if r[0] >= 0.8]
    assert len(high) > 100
    assert sum(r[2] for r in high) / len(high) > 0.8


def test_seat_by_seat_chances_come_true() -> None:
    """The intro of the normal table says who plays honestly, who bluffs
    often and who calls; the chance told for one seat's claims comes true
    for that seat, not only on average over the table (a walk read 41 % for
    a claim of the seat the intro calls honest: its claims were bluffs 15 %
    of the time, told 35 % on average by the table's calibration)."""
    for level, seed, within in (("normal", 830000, 0.05), ("easy", 840000, 0.05)):
        rows = _claims(level, 100, seed)
        for seat in (1, 2, 3):
            mine = [r for r in rows if r[3] == seat]
            assert len(mine) > 200, (level, seat, len(mine))
            told, _, real = _means(mine)
            assert abs(told - real) < within, (level, seat, TABLES[level][seat - 1], told, real)
    # the honest seat is told it bluffs seldom, the bluffer often
    normal = _claims("normal", 30, 850000)
    honest = _means([r for r in normal if TABLES["normal"][r[3] - 1] == "honest"])[0]
    bluffer = _means([r for r in normal if TABLES["normal"][r[3] - 1] == "bluffer"])[0]
    assert honest < 0.25 < 0.75 < bluffer, (honest, bluffer)


def test_seat_keys() -> None:
    """A seat is read with its own calibration where the table's bots differ,
    with the table's where they are alike (the strong table) or no seat is
    given."""
    from solver.yishang.calibration import seat_key

    assert seat_key("normal", 1) == "normal/honest"
    assert seat_key("normal", 2) == "normal/bluffer"
    assert seat_key("easy", 1) == seat_key("easy", 2) == "easy/random"
    assert seat_key("easy", 3) == "easy/honest"
    assert seat_key("strong", 2) == "strong"
    assert seat_key("normal", None) == seat_key("normal", 0) == "normal"
    assert calibrated("normal", 0.3, 0.3, 0.3, 1, 4, 2) != calibrated("normal", 0.3, 0.3, 0.3, 1, 4, 1)


def test_every_level_has_weights() -> None:
    assert {k.split("/")[0] for k in weights()} == set(TABLES)
    assert set(TABLES) <= set(weights())
    assert {f"{lv}/{b}" for lv, bots in TABLES.items() if len(set(bots)) > 1 for b in bots} \
        <= set(weights())
    n = len(features(0.5, 0.5, 0.5, 0, 3))
    assert all(len(w) == n for w in weights().values())


@given(st.sampled_from(sorted(TABLES)), st.floats(0, 1), st.floats(0, 1), st.floats(0, 1),
       st.integers(-3, 12), st.integers(0, 12))
def test_a_chance_and_a_sure_bluff_stays_sure(level: str, a: float, b: float, c: float,
                                             jump: int, left: int) -> None:
    p = calibrated(level, a, b, c, jump, left)
    assert 0.0 < p < 1.0 or c >= 1.0
    # counting rules the claim out (no copy unseen, or below the target): R-Y-DOWN
    assert calibrated(level, a, b, 1.0, jump, left) == 1.0


def test_the_screen_tells_the_chance_it_weighs() -> None:
    """At every claim the learner may challenge, the Play screen's hint says
    the calibrated chance, and the costs it gives are those of that chance."""
    seen = 0
    for seed in range(6):
        table = YishangTable(seed=820000 + seed, bots="normal")
        rng = random.Random(seed)
        for _ in range(200):
            if table.done:
                break
            game = table.game
            if table.waiting_challenge:
                job = table.hint_job()
                assert job is not None
                advice = job()
                h = HintBot(temperature=0, table="normal").claim_advice(game, 0)
                plain = HintBot(temperature=0, model=DEFAULT_MODEL).claim_advice(game, 0)
                own = HintBot(temperature=0).claim_advice(game, 0)
                claim = game.claim
                assert claim is not None
                want = calibrated("normal", own.p_model, plain.p_model, float(own.p_uniform),
                                  claim.declared - claim.target_before, game.hand_size(claim.player),
                                  claim.player)
                assert h.p_model == want
                odds = [p for m, p in advice.reasons if m == "yishang.hint.challenge.odds"]
                if odds:
                    assert odds[0]["p_model"] == f"{percent(want)}%"
                    seen += 1
                q = claim.player
                cost = challenge_costs(want, game.pile_size, game.hand_size(q), 4, len(game.hand(0)),
                                       CALIBRATED_WEIGHTS,
                                       [game.hand_size(p) for p in range(4) if p not in (q, 0)],
                                       (0 - q) % 2)
                assert (h.cost_challenge, h.cost_pass) == cost
                table.respond(rng.random() < 0.3)
                continue
            job = table.hint_job()
            assert job is not None
            advice = job()
            table.take_advice(advice)
            assert table.play(list(advice.cards)) is None
    assert seen > 10


def test_restored_table_keeps_its_level() -> None:
    table = YishangTable(seed=830000, bots="easy")
    again = YishangTable.restore(table.snapshot(), bots="easy")
    assert again.level == "easy" == table.level
    assert YishangTable(seed=830001, bots="no such level").level == "normal"


def _bluffs(level: str, games: int, seed: int):
    """(risk told, the bot's own risk, challenged) at each bluff the Play
    screen's hint recommends to a seat that follows it (R-Y-DOWN)."""
    from solver.yishang.calibration import calibrated_risk
    from solver.yishang.ranks import yrank

    out = []
    for i in range(games):
        bots = [HintBot(temperature=0, table=level), *[make_bot(n) for n in TABLES[level]]]
        game = Game(4, seed + i)
        rng = random.Random(seed + i)
        while not game.over:
            if game.phase != CHALLENGE and game.turn == 0 and not game.face_up:
                h = HintBot(temperature=0, table=level).play_advice(game, 0)
                assert h.declared is not None
                bluff = yrank(h.card) != h.declared or h.declared < game.target
                told = calibrated_risk(level, h.risk, h.declared - game.target,
                                       game.hand_size(0) - 1, game.pile_size + 1)
                if bluff and h.risk > 0:
                    said = [e.params["risk"] for e in h.explanation if "risk" in e.params]
                    assert said == [f"{percent(told)}%"]
                n = len(game.log)
                step(game, bots, rng)
                while not game.over and game.phase == CHALLENGE:
                    step(game, bots, rng)
                if bluff and h.risk > 0:
                    out.append((told, h.risk, any(r.get("op") == "challenge" for r in game.log[n:])))
                continue
            step(game, bots, rng)
    return out


def test_normal_table_risk_of_a_challenge_comes_true() -> None:
    _comes_true(_bluffs("normal", 300, 840000), 100, 0.06)


@given(pairs=st.lists(st.tuples(st.floats(0.0, 1.0), st.booleans()), min_size=1, max_size=400),
       least=st.integers(1, 150))
def test_the_map_is_monotone_and_keeps_its_knots(pairs: list[tuple[float, bool]],
                                                 least: int) -> None:
    """The monotone map (calibration.knots / remap): its knots rise in both
    the chance and the share that came true, each is read back as itself,
    a higher chance never maps lower, and 0 and 1 stay 0 and 1 (unless a
    knot sits there)."""
    from solver.yishang.calibration import knots, remap

    k = knots(pairs, least)
    assert k
    assert all(a[0] <= b[0] and a[1] <= b[1] for a, b in zip(k, k[1:]))
    for x, y in k:
        assert abs(remap(k, x) - y) < 1e-9
    grid = [i / 50 for i in range(51)]
    mapped = [remap(k, p) for p in grid]
    assert all(a <= b + 1e-12 for a, b in zip(mapped, mapped[1:]))
    if k[0][0] > 0.0:  # a knot at 0 or at 1 is kept; else the ends stay the ends
        assert remap(k, 0.0) == 0.0
    if k[-1][0] < 1.0:
        assert abs(remap(k, 1.0) - 1.0) < 1e-12


def test_the_shipped_maps_are_fitted_and_monotone() -> None:
    """Every level has a chance map and a risk map of rising knots, and
    the chance told is the regression's chance read off its map."""
    from solver.yishang.calibration import _maps, predict, remap

    maps = _maps()
    for level in TABLES:
        for kind in ("chance_map", "risk_map"):
            k = maps[kind][level]
            assert len(k) >= 2, (kind, level)
            assert all(a[0] < b[0] and a[1] <= b[1] for a, b in zip(k, k[1:]))
        f = features(0.3, 0.2, 0.4, 1, 4)
        assert calibrated(level, 0.3, 0.2, 0.4, 1, 4) == remap(
            maps["chance_map"][level], predict(weights()[level], f))
    # each kind of bot's own map, where a table's bots differ (seat_key)
    for key in weights():
        if "/" in key:
            level, kind = key.split("/")
            k = maps["chance_map"][key]
            assert k and all(a[0] < b[0] and a[1] <= b[1] for a, b in zip(k, k[1:])), key
            seat = TABLES[level].index(kind) + 1
            f = features(0.3, 0.2, 0.4, 1, 4)
            assert calibrated(level, 0.3, 0.2, 0.4, 1, 4, seat) == remap(
                k, predict(weights()[key], f))
