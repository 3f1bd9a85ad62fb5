"""Hand review (issue 17, CONTRACT.md "Hand review"): marks, the seat's own
view, the open view, the command."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.cards import deck, parse_cards
from solver.game.hand import Hand as GameHand, Record
from solver.game.view import SeatView
from solver.history import replay
from solver.position import Position
from solver.rules import preset
from solver.search import review as rv
from solver.search.hidden import knowledge_from_view, sample_deal
from solver.trump import TrumpContext
from tutor.commands.selfplay import selfplay
from tutor.hand_review import review_hand


def _endgame(kitty: str = "10D 10D KC KC 5D 5D 3C 3C") -> Position:
    """henan, level 2, trumps S; two cards each.  Seat 1 (attacker) led AH,
    seats 2 and 3 followed; seat 0 (dealer), void in hearts, holds the last
    trump 3S and 4D.  Discarding 4D keeps the trump for the last trick, which
    seat 0 then always ruffs.  Spending the trump on this pointless trick
    means leading 4D at the end: whenever an attacker holds KD it takes the
    last trick and the kitty (R-KITTY: 50 points × 2)."""
    ctx = TrumpContext(preset("henan"), "2", "S")
    hands = [parse_cards("3S 4D"), parse_cards("8C"), parse_cards("6C"), parse_cards("KD")]
    trick = [parse_cards("AH"), parse_cards("7H"), parse_cards("9H")]
    kit = parse_cards(kitty)
    rest = Counter(deck()) - Counter(c for h in hands for c in h) - \
        Counter(c for p in trick for c in p) - Counter(kit)
    return Position(ctx, hands, dealer=0, leader=1, trick=trick, attacker_points=40,
                    kitty=kit, played=list(rest.elements()))


def _endgame_review(first: str) -> list[rv.PlayReview]:
    """Seat 0 plays ``first`` then its last card: both plays rated."""
    pos = _endgame()
    d1 = rv.decision_from_position(pos, parse_cards(first), index=0, trick=23)
    pos.push(parse_cards(first))
    while pos.turn != 0:  # the last trick: the others play their last card
        pos.push(pos.hand(pos.turn))
    d2 = rv.decision_from_position(pos, pos.hand(0), index=1, trick=24)
    return [rv.rate(d1), rv.rate(d2)]


def test_throwing_away_the_last_trump_is_the_only_mark():
    """R-KITTY: the dealer who spends its last trump on a pointless trick
    loses the last trick (and the doubled kitty) whenever an attacker holds
    the top diamond; keeping it is best, exact with the cards open."""
    bad = _endgame_review("3S")
    assert [p.mark for p in bad] == ["blunder", None]
    first = bad[0]
    assert [str(c) for c in first.best] == ["4D"]
    assert first.value_best == 40 and first.cost > rv.BLUNDER
    # sampled from seat 0's view; a mark is confirmed on more deals before it is given
    assert not first.exact and first.samples == rv.SAMPLES + rv.CONFIRM_SAMPLES
    # The real deal: seat 3 (an attacker) holds KD: 10 in the trick, 50 × 2 in the kitty.
    assert first.open is not None and first.open.cost == 110
    assert bad[1].forced and bad[1].cost == 0
    good = _endgame_review("4D")
    assert [p.mark for p in good] == [None, None]
    assert good[0].cost == 0 and good[0].best == good[0].played


def test_the_open_view_is_exact_and_agrees_when_the_deal_is_determined():
    # The last card of the hand: the deal is fixed by what seat 0 saw.
    pos = _endgame()
    for cards in ("4D", "8C", "6C", "KD"):
        pos.push(parse_cards(cards))
    assert pos.turn == 0  # seat 0, the dealer, saw the kitty and every other card
    r = rv.rate(rv.decision_from_position(pos, pos.hand(0)))
    assert r.exact and r.samples == 1 and r.forced
    assert r.open is not None and r.open.value_best == r.value_best == 40


def _baseline_hand(rules: str = "henan", seed: int = 3) -> dict:
    hists, _m = selfplay(rules, 1, seed)
    return hists[0]


def test_the_seat_sees_only_its_view_hidden_hands_swapped():
    """Each play is rated from the seat's view: swapping two other seats'
    hands (same sizes) at the moment of the play changes nothing the rating
    reads: the same knowledge, the same sampled deals, the same review; only
    the open view (the real deal) may differ."""
    h = _baseline_hand()
    ds, _b = rv.decisions(h, 0)
    swapped: list[rv.Decision] = []

    def before(hand: GameHand, action: Record) -> None:
        if action.op != "play" or action.seat != 0:
            return
        other = copy.copy(hand)
        other.held, other._order = list(hand.held), [list(o) for o in hand._order]  # its own
        one, three = other.cards_of(1), other.cards_of(3)
        if len(one) == len(three):
            other.take(1, one)
            other.take(3, three)
            other.give(1, three)
            other.give(3, one)
        k = knowledge_from_view(SeatView(other, 0))
        d = ds[len(swapped)]
        hs = list(d.state.hands)
        if len(hs[1]) == len(hs[3]):
            hs[1], hs[3] = hs[3], hs[1]
        swapped.append(rv.Decision(d.index, d.trick, 0, k, d.played, dataclasses.replace(
            d.state, hands=tuple(hs))))

    replay(h, before)
    assert len(swapped) == len(ds) > 5
    changed = 0
    for a, b in zip(ds, swapped):
        assert a.knowledge.ctx.describe() == b.knowledge.ctx.describe()
        assert dataclasses.replace(a.knowledge, ctx=b.knowledge.ctx) == b.knowledge
        rng_a, rng_b = random.Random(7), random.Random(7)
        assert sample_deal(a.knowledge, rng_a) == sample_deal(b.knowledge, rng_b)
        changed += a.state != b.state
    assert changed > 0
    for a, b in list(zip(ds, swapped))[::4]:
        ra, rb = rv.rate(a, open_view=False), rv.rate(b, open_view=False)
        assert ra == rb


def test_review_fields_and_invariants():
    """CONTRACT.md: cost ≥ 0; a play equal to best costs 0; marks follow
    the thresholds; forced plays are never marked."""
    h = _baseline_hand("tractor", 5)
    r = review_hand(h, 1, workers=1)
    seat_plays = sum(1 for t in h["tricks"] for i, _p in enumerate(t["plays"])
                     if (t["leader"] + i) % 4 == 1)
    assert len(r.plays) == seat_plays
    for p in r.plays:
        assert p.cost >= 0
        if p.best == p.played:
            assert p.cost == 0
        assert p.mark == (None if p.forced or not p.sure else rv.mark_of(p.cost))
        assert p.sure or (p.best != p.played and not p.exact)
        assert p.exact == (p.samples == 1)
        # the cost told is the difference of the two totals told (the walk of
        # 2026-12-03 read "8.1 points … 120.9, not 112.9")
        assert p.cost == round(abs(p.value_best - p.value_played), 1)
        # a mark rests on the confirming deals too (the walk of 2026-12-03: 16
        # deals marked the play the Play screen's hint had chosen)
        if p.mark is not None and not p.exact:
            assert p.samples == rv.SAMPLES + rv.CONFIRM_SAMPLES
    assert 0 <= r.accuracy <= 100
    js = r.to_json()
    assert set(js) >= {"hand", "seat", "accuracy", "plays"}
    assert set(js["plays"][0]) >= {"trick", "played", "best", "value_played", "value_best",
                                   "cost", "mark", "exact"}


def test_parallel_review_is_the_same_as_serial():
    h = _baseline_hand("wusaner", 2)
    seen: list[int] = []
    a = review_hand(h, 2, workers=1)
    b = review_hand(h, 2, workers=2, on_play=lambda p, n: seen.append(p.index))
    assert a.plays == b.plays
    assert seen == list(range(len(a.plays)))  # in play order, as they arrive


def test_burial_is_compared_with_the_measured_policy():
    for seed in range(6):
        h = _baseline_hand("henan", seed)
        dealer = h["dealer"]
        r = rv.review(h, dealer, samples=2, open_view=False)
        assert r.burial is not None
        assert Counter(map(str, r.burial.buried)) == Counter(h["kitty"].split())
        assert len(r.burial.policy) == len(r.burial.buried)
        other = rv.review(h, (dealer + 1) % 4, samples=2, open_view=False)
        assert other.burial is None


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True,
                          text=True, timeout=300)


def test_review_command_json_and_errors(tmp_path):
    path = tmp_path / "hands.jsonl"
    hists, _m = selfplay("tractor", 2, 11)
    path.write_text("".join(json.dumps(x) + "\n" for x in hists))
    out = _run("review", str(path), "--hand", "2", "--seat", "3", "--json", "--workers", "1")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    assert len(lines) == 1 and lines[0]["hand"] == 2 and lines[0]["seat"] == 3
    text = _run("--lang", "zh-Hans", "review", str(path), "--hand", "1", "--workers", "1")
    assert text.returncode == 0 and "准确率" in text.stdout
    for bad in (["--seat", "4"], ["--hand", "3"], ["--workers", "0"]):
        res = _run("review", str(path), *bad)
        assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1
        assert "Traceback" not in res.stderr
    broken = tmp_path / "bad.jsonl"
    broken.write_text(json.dumps({**hists[0], "total": 5}) + "\n")
    res = _run("review", str(broken))
    assert res.returncode == 2 and "Traceback" not in res.stderr


@pytest.mark.parametrize("cost,mark", [(0, None), (rv.INACCURACY - 0.1, None),
                                       (rv.INACCURACY, "inaccuracy"), (rv.MISTAKE, "mistake"),
                                       (rv.BLUNDER + 50, "blunder")])
def test_mark_thresholds(cost, mark):
    assert rv.mark_of(cost) == mark


#: The reviewed seat is "you", named by its number counted from 1
#: (``--seat 2`` is the third seat); the error names the flag's 0-3.
REVIEW_TEXT = {
    "en": ("Reviewing hand 1, your plays as seat 3…", "Hand 1, you as seat 3 (",
           "--seat 4 is not a seat: give 0 to 3 (0 is seat 1)."),
    "zh-Hans": ("正在复盘第1局，你是3号位……", "第1局，你（3号位，", "--seat 4不是座位：请写0到3（0就是1号位）。"),
    "zh-Hant": ("正在復盤第1局，你是3號位……", "第1局，你（3號位，", "--seat 4不是座位：請寫0到3（0就是1號位）。"),
}


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_review_text_counts_seats_from_one_and_json_from_zero(tmp_path, lang, capsys):
    from tutor.cli import main

    path = tmp_path / "hands.jsonl"
    hists, _m = selfplay("tractor", 1, 11)
    path.write_text("".join(json.dumps(x) + "\n" for x in hists))
    start, head, error = REVIEW_TEXT[lang]
    assert main(["--lang", lang, "review", str(path), "--seat", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(start) and head in out
    assert "座位" not in out and "seat 2" not in out
    assert main(["--lang", lang, "review", str(path), "--seat", "2", "--workers", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seat"] == 2  # the contract's seats 0-3
    assert main(["--lang", lang, "review", str(path), "--seat", "4"]) == 2
    assert capsys.readouterr().err.strip().endswith(error)


@given(st.lists(st.tuples(st.integers(-60, 200), st.integers(-60, 200)), min_size=1, max_size=64),
       st.booleans())
@settings(max_examples=300, deadline=None)
def test_a_mark_needs_the_deals_to_show_it(pairs, attacker):
    """A mark says the play gave points away, so the deals must show it
    (the walk of 2026-12-03: a review marked the play the hint, on other
    deals, had chosen).  ``shown_apart`` never holds both ways, holds when
    every deal agrees on a gain, and does not change when both plays gain
    the same on a deal."""
    best = [float(b) for b, _ in pairs]
    played = [float(p) for _, p in pairs]
    assert not (rv.shown_apart(best, played, attacker) and rv.shown_apart(played, best, attacker))
    assert rv.shown_apart(best, played, attacker) == rv.shown_apart(played, best, not attacker)
    shifted = [b + 7 for b in best], [p + 7 for p in played]
    assert rv.shown_apart(*shifted, attacker) == rv.shown_apart(best, played, attacker)
    gain = [b + 5 if attacker else b - 5 for b in best]
    assert rv.shown_apart(gain, best, attacker)  # 5 points on every deal


def test_a_play_the_deals_cannot_tell_apart_is_said_so(monkeypatch):
    """The text of an unsure play: no mark, the average difference told,
    and that the deals do not show the play worse."""
    from tutor.hand_review import play_line

    p = rv.PlayReview(index=0, trick=3, seat=0, attacker=True, played=tuple(parse_cards("KS")),
                      best=tuple(parse_cards("3S")), value_played=70.0, value_best=78.5, cost=8.5,
                      mark=None, exact=False, samples=64, choices=4, sure=False)
    text = play_line(p, "henan")
    assert "no mark" in text and "8.5 points" in text and "not clearly better" in text
    assert play_line(dataclasses.replace(p, mark="inaccuracy", sure=True), "henan") != text
    # below a mark's cost it is not clearly worse as far as the deals tell,
    # not "close to the best, 2 points less" beside a hint that chose it,
    # nor "as good as the best" beside a total 3.8 points lower (a walk)
    tied = play_line(dataclasses.replace(p, cost=2.0, value_best=72.0), "henan")
    assert "not clearly worse than the best" in tied and "close to the best" not in tied
    assert "as good as" not in tied
    assert "close to the best" in play_line(dataclasses.replace(p, cost=2.0, value_best=72.0,
                                                                sure=True), "henan")


def test_failed_throw_points_count_in_positions_and_review_totals():
    """R-THROW-FAIL (tractor: +10 a card taken back to the attackers when a
    dealer's throw fails).  The walk of session 35: the Play header said
    "Attackers' points 115" beside "Total: 115 in tricks + 30 for failed
    throws … = 145", and the review's open view said "attackers' total 115
    (your play: 115)" of a hand that ended at 105: positions counted the
    tricks' points only.  They count the failed throws' too, so the last
    play's value with every card open is the hand's total."""
    from tutor.tui.models.shengji import ShengjiTable, position_of

    t = ShengjiTable("tractor", seed=1)  # seat 0 deals and leads the first trick
    while t.burying or t.riot_offer:
        t.bury(t.suggest()) if t.burying else t.answer_riot(False)
    h = t.hand
    assert not h.is_attacker(0) and h.turn == 0 and not h.current and not h.tricks
    t.play(parse_cards("4S AS"))  # ♠A stands, ♠4 does not: only ♠4 goes (+10 per card back)
    assert h.penalties and h.penalties[0].points == 10
    assert h.points_so_far == h.attacker_points + 10
    assert t.info()["points"] == h.points_so_far
    assert position_of(h, 0)[0].attacker_points == h.points_so_far
    while not t.done:
        t.play(t.suggest())
    history = t.history()
    assert history["penalty_points"] == 10
    r = review_hand(history, 0, workers=1)
    last = r.plays[-1]
    assert last.open is not None and last.open.value_played == history["total"]
    assert last.value_played == history["total"]  # one card each: the only deal


@pytest.mark.parametrize("game,said", [("tractor", "the attackers got 10 points"),
                                       ("henan", "0.5 × a hand's stake")])
def test_a_failed_throw_is_said_in_the_review(game, said):
    """R-THROW-FAIL.  The walk of session 35: a review read "Trick 8: ♥5 ♥7
    ♥A: best" of a throw that failed, where only ♥5 reached the table and
    Henan charged half a stake.  The review still rates the throw over the
    deals the seat could not tell apart, and now says what happened: the
    unit played alone and the penalty (a stake is outside the points)."""
    from tutor.hand_review import play_line
    from tutor.tui.models.shengji import ShengjiTable

    t = ShengjiTable(game, seed=1)  # seat 0 deals and leads: ♠A stands, ♠4 does not
    while t.burying or t.riot_offer:
        t.bury(t.suggest()) if t.burying else t.answer_riot(False)
    t.play(parse_cards("4S AS"))
    assert t.hand.penalties
    while not t.done:
        t.play(t.suggest())
    r = review_hand(t.history(), 0, workers=1)
    first = r.plays[0]
    # named in the order the hand shows them, as the hint names its play
    assert first.played == tuple(parse_cards("AS 4S")) and first.failed == tuple(parse_cards("4S"))
    assert not any(p.failed for p in r.plays[1:])
    text = play_line(first, game)
    assert "The throw failed" in text and "only 4S was played" in text and said in text
    assert first.to_json()["failed"]["played"] == "4S"
    # a stake costs no points, so no mark: the summary counts the failed
    # throw with its stake (a walk read "accuracy 100 %" and nothing more);
    # a penalty in points is in the values already
    from tutor.hand_review import summary
    staked = "Failed throw: 1, costing 0.5 of a hand's stake"
    assert (staked in summary(r)) == (game == "henan"), summary(r)


def test_the_summary_says_where_each_mark_starts():
    """A walk read "Inaccuracies: 0" and accuracy 100 % beside plays that
    lost 3-4 points: below 5 points a play earns no mark.  The summary says
    where each mark starts (the review's thresholds)."""
    from tutor.hand_review import summary

    r = rv.HandReview(hand=0, seat=0)
    text = summary(r)
    for at in (rv.INACCURACY, rv.MISTAKE, rv.BLUNDER):
        assert f"{at:g}" in text, text
