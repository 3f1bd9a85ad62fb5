"""The hint engine (issue 6): exact hints equal plain minimax, hidden-hand
hints stay legal and within budget, explanations, the ``hint`` check kind
and the ``hint`` command (R-TRICK-POINTS, R-KITTY, R-LEVELS)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from solver.cards import FACES, parse_cards
from solver.position import Position
from solver.search import CachedMoves, Table, minimax
from solver.search.endgames import random_endgame
from solver.search.hint import hint
from solver.search.model import cards_of, faces
from solver.trick import trick_winner
from checks import answer
from tutor.cli import main

FEED = {"rules": "henan", "level": "2", "trump": "S", "options": {},
        "hands": ["6C", "7C", "8C", "KH 3H"], "dealer": 0, "leader": 0,
        "trick": ["4H", "BJ", "5H"], "attacker_points": 40, "kitty": "5D 10D", "played": ""}


def _position(eg) -> Position:  # type: ignore[no-untyped-def]
    st = eg.state
    return Position(eg.ctx, [cards_of(h) for h in st.hands], dealer=st.dealer, leader=st.leader,
                    trick=[cards_of(p) for p in st.trick], attacker_points=st.points,
                    kitty=cards_of(eg.kitty))


def test_exact_hint_values_equal_minimax() -> None:
    """Every alternative's value is the plain-minimax value after that play."""
    rng = random.Random(5)
    for _ in range(12):
        eg = random_endgame(rng, 2)
        pos = _position(eg)
        h = hint(pos)
        assert h.exact
        table, moves = Table(eg.ctx), CachedMoves(eg.ctx)
        from solver.search.alphabeta import Solver

        s = Solver(table, moves, dealer=eg.state.dealer, kitty_points=eg.state.kitty_points)
        assert h.value == minimax(eg.state, table, moves)
        for play, v in h.alternatives:
            assert v == minimax(s.after(eg.state, faces(play)), table, moves)
        assert h.alternatives[0][1] == h.value


def test_feeding_a_winning_partner_is_explained() -> None:
    """Partner's BJ wins the trick: the attacker adds KH (R-TRICK-POINTS)."""
    h = hint(Position.from_json(FEED), play=parse_cards("3H"))
    assert [str(c) for c in h.best] == ["KH"]
    codes = [r.code for r in h.reasons]
    assert "hint.why.feeds_points" in codes
    assert "hint.cost.attackers" in codes
    assert h.learner is not None and h.value - h.learner[1] == 10


def test_hidden_hint_is_legal_and_within_budget() -> None:
    rng = random.Random(8)
    eg = random_endgame(rng, 9, mid_trick=False)
    data = _position(eg).to_json()
    seat = eg.state.to_move
    data["hands"] = [h if s == seat else None for s, h in enumerate(data["hands"])]
    data["viewer"] = seat
    pos = Position.from_json(data)
    t = time.perf_counter()
    h = hint(pos, budget=0.5)
    assert time.perf_counter() - t < 3.0
    assert not h.exact and h.samples >= 1
    legal = {faces(p) for p in pos.legal_plays()}
    assert faces(h.best) in legal
    assert abs(sum(h.outcomes.values()) - 1.0) < 1e-6


def test_table_winner_fast_paths_match_trick_winner() -> None:
    """R-BEAT/R-TIE: memoized single and multi-card resolution equals solver.trick."""
    rng = random.Random(3)
    for _ in range(300):
        eg = random_endgame(rng, 4, mid_trick=False)
        table, moves = Table(eg.ctx), CachedMoves(eg.ctx)
        st = eg.state
        lead = rng.choice(moves.leads(st.hands[st.leader], (st.hands[(st.leader + 1) % 4],
                                                           st.hands[(st.leader + 2) % 4],
                                                           st.hands[(st.leader + 3) % 4])))
        plays = [lead]
        for i in (1, 2, 3):
            plays.append(rng.choice(moves.follows(lead, st.hands[(st.leader + i) % 4])))
        expect = trick_winner(eg.ctx, [[FACES[f] for f in p] for p in plays])
        assert table.winner(tuple(plays)) == expect


def test_hint_check_kind() -> None:
    resp = answer({"kind": "hint", "id": 7, "position": FEED})
    assert resp["id"] == 7
    assert resp["best"] == "KH" and resp["exact"] is True
    assert {"play": "3H", "value": resp["value"] - 10} in resp["alternatives"]
    bad = answer({"kind": "hint", "position": {"hands": ["3H"]}})
    assert "error" in bad


def test_hint_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "p.json"
    f.write_text(json.dumps(FEED), encoding="utf-8")
    assert main(["hint", "--position", str(f), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["best"] == "KH" and out["value"] == 40 + 5 + 10  # 4H 5H KH; 8C takes the last trick
    assert main(["--lang", "zh-Hans", "hint", "--position", str(f)]) == 0
    assert "最佳出牌" in capsys.readouterr().out
    for text in ("{not json", json.dumps({**FEED, "hands": ["6C", "7C", "8C"]}),
                 json.dumps({**FEED, "hands": ["", "", "", ""], "trick": []})):
        f.write_text(text, encoding="utf-8")
        assert main(["hint", "--position", str(f)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err
    assert main(["hint", "--position", str(tmp_path / "missing.json")]) == 2


def _bj_lead(hidden: bool) -> Position:
    """Seat 0 leads holding both big jokers; the other 205 cards are dealt
    out, buried or played (seeded), three cards left in each hand."""
    from collections import Counter

    from solver.cards import deck

    mine = parse_cards("BJ BJ 3C")
    rest = list((Counter(deck()) - Counter(mine)).elements())
    random.Random(1).shuffle(rest)
    hands = [mine] + [rest[i * 3:(i + 1) * 3] for i in range(3)]
    kitty, played = rest[9:17], rest[17:]
    fmt = lambda cs: " ".join(str(c) for c in cs)  # noqa: E731
    return Position.from_json({
        "rules": "henan", "level": "2", "trump": "S", "options": {},
        "hands": [fmt(h) if s == 0 or not hidden else None for s, h in enumerate(hands)],
        "viewer": 0 if hidden else None, "dealer": 0, "leader": 0, "trick": [],
        "attacker_points": 40, "kitty": fmt(kitty), "played": fmt(played)})


@pytest.mark.parametrize("hidden", [False, True])
def test_a_won_trick_is_certain_when_exact_and_a_share_of_samples_when_hidden(hidden: bool) -> None:
    """Exact hints say the trick is won and how many points it holds; a
    sampled hint says in what share of the deals it is won and that the
    points are an average (R-TRICK-POINTS)."""
    h = hint(_bj_lead(hidden), budget=0.5)
    assert h.exact is not hidden
    assert "BJ" in {str(c) for c in h.best}
    won = [r for r in h.reasons if r.code.startswith("hint.why.wins_trick")]
    assert len(won) == 1
    # a trick without points says so ("no points in it", not "about 0 points")
    base = "hint.why.wins_trick" if won[0].params["points"] else "hint.why.wins_trick_empty"
    if hidden:
        # a big joker led with the other in the hand: no unseen card can beat
        # it (R-ORDER), so it is said as certain, not as
        # "in 100% of ..." nor "in all n sampled deals (likely, not certain)"
        assert won[0].code == base + "_sure"
        assert won[0].params["p"] == 100 and won[0].params["deals"] > 1
        from content.i18n import translate

        text = translate(won[0].code, "en", **won[0].params)
        assert "None of the cards you have not seen can beat it" in text
        assert "100%" not in text and "likely" not in text
    else:
        assert won[0].code == base


#: A position file's seats are 0-3 (hands[2], "viewer": 1); the words
#: count them from 1, as the replay does.
POSITION_WORDS = {
    "en": ("seat 1 is to move, but the position is seen from seat 2",
           "Impossible card counts: seat 3 should hold 3 cards but holds 4."),
    "zh-Hans": ("轮到1号位出牌，但局面是从2号位看的", "牌数不对：3号位应有3张牌，实际有4张。"),
    "zh-Hant": ("輪到1號位出牌，但局面是從2號位看的", "牌數不對：3號位應有3張牌，實際有4張。"),
}


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_position_errors_count_seats_from_one(tmp_path: Path, lang: str, capsys) -> None:
    whole = _bj_lead(False).to_json()
    seen_by_1 = {**whole, "hands": [None, whole["hands"][1], None, None], "viewer": 1}
    played = whole["played"].split()
    hands = list(whole["hands"])
    hands[2] += " " + played[0]  # hands[2] holds one card too many
    miscounted = {**whole, "hands": hands, "played": " ".join(played[1:])}
    for data, words in zip((seen_by_1, miscounted), POSITION_WORDS[lang]):
        path = tmp_path / "p.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        assert main(["--lang", lang, "hint", "--position", str(path)]) == 2
        err = capsys.readouterr().err
        assert words in err, err
        assert "0号位" not in err and "0號位" not in err and "seat 0" not in err


@pytest.mark.parametrize("rules", ["tractor", "wusaner"])
def test_a_known_deal_too_long_to_solve_is_estimated_not_sampled(rules: str) -> None:
    """Every hand shown but too many cards to search to the end: the hint
    values one deal, the later tricks estimated.  It must not speak of
    sampled deals ("over 1 sampled deals") nor give a chance to keep the
    deal (one deal's estimate is 0 % or 100 %, not a probability)."""
    from content.i18n import game_msgid, translate
    from solver.search.selfplay import hint_positions

    hp = next(hint_positions(rules, 3))
    h = hint(hp.full, budget=0.5)
    assert not h.exact and h.samples == 1
    codes = [r.code for r in h.reasons]
    assert "hint.value.estimated" in codes
    assert "hint.value.expected" not in codes and "hint.outcome.p_keep" not in codes
    for lang in ("en", "zh-Hans", "zh-Hant"):
        text = " ".join(translate(game_msgid(rules, r.code), lang, **r.params) for r in h.reasons)
        assert "sampled" not in text and "抽样" not in text and "抽樣" not in text, text


def test_deal_counts_take_plural_forms() -> None:
    """A count of sampled deals reads "1 sampled deal", "32 sampled deals"."""
    from content.i18n import translate

    one = translate("hint.value.expected", "en", value=60, samples=1)
    many = translate("hint.value.expected", "en", value=60, samples=32)
    assert "(over 1 sampled deal)" in one and "(over 32 sampled deals)" in many
    assert "1 sampled deal:" in translate("hint.why.ducks_expected", "en", p=80, deals=1)
    assert "在32次抽样发牌中" in translate("hint.why.loses_trick_expected", "zh-Hans", p=80, deals=32)
    # a trick's points averaged over the deals can be 1 (the Play screen read
    # "with about 1 points in it"); its deals are never fewer than ENDS_MIN
    all_ = translate("hint.why.wins_trick_all", "zh-Hant", p=100, deals=37, points=15)
    assert "37次" in all_ and "不保證" in all_ and "100%" not in all_
    assert "with 1 point in it on average" in translate("hint.why.wins_trick_expected", "en", p=59,
                                                   deals=64, points=1)
    assert "with 15 points in it on average" in translate("hint.why.wins_trick_expected", "en", p=59,
                                                     deals=64, points=15)


def test_your_play_the_same_cards_as_the_best_is_said_to_be_it() -> None:
    """Analyze read "Your best play: ♣K ♣K ♣A … Your play ♣A ♣K ♣K is just as
    good" (the walk of 2026-12-03): the same cards in another order are the
    best play, and the hint says so; a different play of equal value is
    "just as good"."""
    from content.i18n import translate

    h = hint(Position.from_json(FEED))
    best = list(h.best)
    again = hint(Position.from_json(FEED), play=list(reversed(best)))
    codes = [r.code for r in again.reasons]
    assert "hint.cost.same" in codes and "hint.cost.none" not in codes
    assert "is the best play" in translate("hint.cost.same", "en", play="KH")


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_your_play_of_cards_you_do_not_hold_is_said_so(tmp_path: Path, lang: str, capsys) -> None:
    """`hint --play "KH KH"` from a hand with one KH was told "your play is
    not legal here" (a walk): it names cards the seat does not hold, and a
    legal question stays a legality question (R-FOLLOW)."""
    from content.i18n import set_language, translate

    f = tmp_path / "p.json"
    f.write_text(json.dumps(FEED), encoding="utf-8")
    try:
        assert main(["--lang", lang, "hint", "--position", str(f), "--play", "KH KH"]) == 2
        err = capsys.readouterr().err
        want = translate("hint.error.not_held", lang, cards="KH").split("：")[0].split(":")[0]
        assert want in err and err.count("\n") == 1, err
        assert main(["--lang", lang, "hint", "--position", str(f), "--play", "3H"]) == 0
    finally:
        set_language("en")
