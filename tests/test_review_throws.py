"""The hand review values a throw the seat led as the engine plays it on
each deal (R-THROW-FAIL): where it fails, the forced unit and the penalty,
not the throw standing.  A walk (2026-12-04) read a failed throw rated
"best" in 河南, 五三二 and 拖拉机, at 100 % accuracy: the search's own
candidates are safe throws only, so it had valued the throw as if it
stood on every deal."""

from __future__ import annotations

import dataclasses
import random

import pytest

from solver.game.match import Match
from solver.game.runner import play_match_hands
from solver.history import hand_to_dict
from solver.rules import preset
from solver.search.model import faces
from solver.search.review import decisions, rate, throw_on_deal
from solver.units import THROW, classify
from tests.test_tui_breakdown import ThrowingBot


def _throw_decisions(game: str, seeds: range) -> list:  # type: ignore[type-arg]
    out = []
    for seed in seeds:
        match = Match(preset(game), seed=seed)
        hand = next(play_match_hands(match, [ThrowingBot(random.Random(seed)) for _ in range(4)], 1))
        record = hand_to_dict(hand)
        for seat in range(4):
            ds, _burial = decisions(record, seat)
            out += [d for d in ds if not d.knowledge.trick and len(d.played) > 1
                    and classify(d.knowledge.ctx, [c for c in _cards(d)]).type == THROW]
    return out


def _cards(d: object) -> list:  # type: ignore[type-arg]
    from solver.cards import FACES
    return [FACES[f] for f in d.played]  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", ["henan", "wusaner", "tractor"])
def test_a_throw_on_the_real_deal_fails_as_the_engine_says(game: str) -> None:
    """R-THROW-FAIL: on the real deal, the review's adjudication gives the
    engine's forced unit and the attackers' points of its penalty, and
    nothing for a throw that stood."""
    ds = _throw_decisions(game, range(6))
    failed = 0
    for d in ds:
        got = throw_on_deal(d.knowledge, d.played, d.state.hands)
        if d.penalty is None:
            assert got is None
        else:
            failed += 1
            assert got == (faces(d.penalty.played), d.penalty.points)
    assert failed > 0 and len(ds) > failed  # both kinds occur


def test_a_throw_that_fails_on_every_deal_is_worth_its_forced_unit() -> None:
    """R-THROW-FAIL, 河南 (the penalty is a stake, no points): a throw the
    review finds failing on every deal it samples is valued exactly as its
    forced unit played alone on the same deals; the review says in how
    many deals it fails."""
    ds = [d for d in _throw_decisions("henan", range(8)) if d.penalty is not None]
    compared = 0
    for d in ds[:12]:
        r = rate(d, samples=8, open_view=False)
        assert r.fails is not None and 0 <= r.fails <= r.samples
        assert r.to_json()["fails"] == r.fails
        if r.fails and not r.exact:  # the review says it (henan's penalty is a stake: no points)
            from tutor.hand_review import play_line
            line = play_line(r, "henan")
            assert f"fails in {r.fails} of the {r.samples} deals" in line and "penalty points" not in line
        if r.fails != r.samples:
            continue
        forced = rate(dataclasses.replace(d, played=faces(d.penalty.played), penalty=None),
                      samples=8, open_view=False)
        assert forced.fails is None  # a single unit is no throw
        assert r.value_played == forced.value_played, (r, forced)
        compared += 1
    assert compared > 0


def test_a_failed_tractor_throw_is_valued_with_its_penalty_deal_by_deal() -> None:
    """R-THROW-FAIL, 拖拉机 (points per card taken back: to the attackers
    for a dealer's throw, from them for an attacker's): on each sampled deal
    where the throw fails, its value is the forced unit's on that deal plus
    the penalty; where it stands, the throw's own."""
    import random as rnd

    from solver.search.model import CachedMoves, Table
    from solver.search.pimc import evaluate
    from solver.search.review import _as_dealt

    ds = [d for d in _throw_decisions("tractor", range(10)) if d.penalty is not None]
    failed_deals = stood = 0
    for d in ds[:8]:
        k = d.knowledge
        table, moves = Table(k.ctx), CachedMoves(k.ctx)
        ev = evaluate(k, budget=float("inf"), rng=rnd.Random(1), min_samples=6, max_samples=6,
                      plays=[d.played], moves=moves, table=table, always=(d.played,))
        est = ev.estimates[0]
        out, fails = _as_dealt(k, est, ev.deals, table, moves)
        assert fails is not None and out.samples == est.samples
        for i, (hands, kitty) in enumerate(ev.deals):
            got = throw_on_deal(k, d.played, hands)
            if got is None:
                stood += 1
                assert out.values[i] == est.values[i]
                continue
            failed_deals += 1
            forced, points = got
            attacker = (k.viewer - k.dealer) % 2 == 1
            assert (points < 0) == attacker and points != 0
            alone = evaluate(k, budget=float("inf"), given=[(hands, kitty)], min_samples=1, max_samples=1,
                             plays=[forced], moves=moves, table=table)
            assert out.values[i] == pytest.approx(alone.estimates[0].values[0] + points)
        assert fails == sum(throw_on_deal(k, d.played, h) is not None for h, _k in ev.deals)
    assert failed_deals > 0


@pytest.mark.parametrize("game", ["henan", "wusaner", "tractor"])
def test_the_burial_review_agrees_with_the_burial_hint_on_emptying_a_suit(game: str) -> None:
    """R-FOLLOW / R-W-KITTY: when the burial hint says no plain suit can be
    emptied, the review does not call the same policy "the suit-emptying
    burial" (a walk read both, side by side, about one hand)."""
    from content.i18n import set_language
    from solver.bots import BaselineBot
    from solver.bots.kitty import VoidBurier, burial_reasons
    from solver.game.hand import Phase
    from solver.game.runner import run_hand, step
    from solver.game.view import SeatView
    from solver.search.review import review
    from solver.search.selfplay import seeded_hand
    from tutor.hand_review import burial_line

    set_language("en")
    kinds = {True: 0, False: 0}
    for seed in range(40):
        h = seeded_hand(game, 9000 + seed)
        bots = [VoidBurier() for _ in range(4)]
        while h.phase not in (Phase.BURY, Phase.DONE, Phase.REDEAL):
            step(h, bots)
        if h.phase != Phase.BURY or h.turn is None:
            continue
        seat = h.turn
        view = SeatView(h, seat)
        policy = VoidBurier().bury(view, h.rules.kitty_size)
        codes = {r.code for r in burial_reasons(h.rules, h.level, h.ctx, view.cards, policy)}
        run_hand(h, bots)
        if h.result is None:
            continue
        b = review(hand_to_dict(h), seat, samples=1, open_view=False,
                   rater=lambda ds: iter(())).burial
        if b is None:
            continue
        line = burial_line(type("R", (), {"burial": b})())  # type: ignore[arg-type]
        assert line is not None
        if codes & {"hint.bury.no_void", "hint.bury.no_void_points"}:
            assert not b.voids
        kinds[b.voids] += 1
        assert ("suit-emptying" in line) == b.voids, line
        assert ("No plain suit could be emptied" in line or "no plain suit could be emptied" in line) == \
            (not b.voids), line
    assert kinds[True] > 0 and (kinds[False] > 0 or game == "tractor"), kinds


def test_the_open_view_never_names_a_failed_throw_as_best() -> None:
    """R-THROW-FAIL, all cards open: the throw failed on the real hands, so
    the best play named is never the throw itself (a walk read "best: BJ ♠2
    ♥2 ♦2" beside the line that it failed); as good as the best, it is the
    unit that reached the table, and its value counts the penalty."""
    from solver.search.review import OPEN_CARDS

    seen = 0
    for game in ("henan", "tractor"):
        for d in _throw_decisions(game, range(14)):
            if d.penalty is None or max(len(h) for h in d.state.hands) > OPEN_CARDS:
                continue
            r = rate(d, samples=4)
            if r.open is None:
                continue
            seen += 1
            assert faces(r.open.best) != d.played
            if r.open.cost == 0:
                assert faces(r.open.best) == faces(d.penalty.played)
    assert seen > 0
