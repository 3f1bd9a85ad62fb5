"""The hand review of a play the learner asked a hint for says what the hint
said (the learner walk of 2026-12-05: the Play screen's hint "play ♣4 ♣4 ...
either will do", the review of the same play "♠9: attackers' total 90.4,
yours 86.8").  The Play table keeps what each hint told
(:class:`solver.search.review.HintNote`, in the hand's history) and the
review rates those plays on it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.cards import format_cards
from solver.search import hint as hm
from solver.search import review as rv
from solver.search.model import faces
from tutor.hand_review import play_line
from tutor.tui.models import shengji
from tutor.tui.models.shengji import ShengjiTable


#: The engine's answers to the Play table's hints, in order.
_ASKED: list[hm.Hint] = []


@pytest.fixture
def fixed_deals(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The Play table's hints on a fixed number of deals (not as many as
    the budget allows: the same answer on any machine), no carried deals;
    each answer kept in ``_ASKED``."""

    def use(deals: int) -> None:
        def engine(*args: Any, **kw: Any) -> hm.Hint:
            _ASKED.append(hm.hint(*args, deals=deals, **kw))
            return _ASKED[-1]

        monkeypatch.setattr(shengji, "engine_hint", engine)
        monkeypatch.setattr(hm, "PARALLEL_SHARES", False)
        hm._CARRY.clear()

    return use


def _told(reasons: dict[str, Any]) -> tuple[float, int] | None:
    """The value and deals a hint told ("... expected total X over N deals")."""
    v = reasons.get("hint.value.expected")
    return None if v is None else (v["value"], v["samples"])


def _play_hand(game: str, seed: int, ask: Any = lambda i: True, follow: Any = lambda i: True
               ) -> tuple[ShengjiTable, dict[int, tuple[Any, Any, tuple[float, int] | None]]]:
    """A hand at the Play table, you at seat 0: before your ``i``-th play a
    hint when ``ask(i)``, then its play when ``follow(i)`` (else the
    baseline bot's).  What each hint told, by play number."""
    t = ShengjiTable(game, seed=seed, bots="normal")
    told: dict[int, tuple[Any, Any, tuple[float, int] | None]] = {}
    i = 0
    while not t.done:
        if t.riot_offer:
            t.answer_riot(False)
            continue
        if t.burying or t.reclaiming:
            (t.bury if t.burying else t.reclaim)(t.suggest())
            continue
        cards = list(t.suggest())
        if ask(i):
            adv = t.hint(budget=60.0)
            assert adv is not None
            told[i] = (adv, _ASKED[-1], _told(dict(adv.reasons)))
            if follow(i):
                cards = list(adv.cards)
        t.play(cards)
        i += 1
    return t, told


def test_the_review_of_a_followed_hint_names_the_hints_play_and_value(fixed_deals):
    """tractor, seed 1, the learner asks a hint before every play and
    follows it.  Before the fix the review drew 16 deals of its own (another
    stream, other beliefs): at trick 3 the hint said JC, 1.9 points better
    than 2S, and the review "JC: as good as the best, as far as the deals
    tell (9S 9S: attackers' total 80.4, yours 83.3 ...)"; at trick 16 "AD,
    62.2" against "2D: 52.5, yours 54.4".  Now every hinted play is rated
    on the hint's deals: its play is the best, at the value it told."""
    fixed_deals(32)
    t, told = _play_hand("tractor", 1)
    r = rv.review(t.history(), 0, open_view=False)
    assert len(r.plays) == len(told) == 17
    p3 = r.plays[2]
    assert p3.trick + 1 == 3 and format_cards(told[2][0].cards) == "JC"
    assert format_cards(p3.best) == "JC" and "9S" not in play_line(p3)
    by_trick = {}
    for p in r.plays:
        adv, _h, value = told[p.index]
        by_trick[p.trick + 1] = (p, adv)
        assert faces(p.best) == faces(adv.cards) == faces(p.played)
        assert p.cost == 0 and p.mark is None
        if not p.forced:
            assert value is not None and value[1] == 32
            assert (p.value_best, p.samples) == value
            line = play_line(p)
            assert f"total {value[0]:g}," in line and "32 sampled deals" in line
            # "your next best play, ...": never named better
            runner = dict(adv.reasons).get("hint.margin_sampled") or \
                dict(adv.reasons).get("hint.margin_even_sampled")
            assert runner is None or runner["cards"] != format_cards(p.best)
    p16, _ = by_trick[16]
    assert format_cards(p16.best) == "AD" and p16.value_best == 62.2


def test_notes_are_saved_restored_and_dropped_on_undo(fixed_deals):
    fixed_deals(8)
    t = ShengjiTable("tractor", seed=4, bots="normal")
    while t.burying or t.riot_offer:
        t.bury(t.suggest()) if t.burying else t.answer_riot(False)
    adv = t.hint(budget=60.0)
    assert adv is not None
    t.play(list(adv.cards))
    assert list(t.hint_notes) == [0]
    note = rv.HintNote.from_json(t.history()["hints"][0])
    assert note is not None and note.best == faces(adv.cards) == note.played
    assert rv.HintNote.from_json(note.to_json()) == note
    assert rv.HintNote.from_json({"index": "x"}) is None
    back = ShengjiTable.restore(t.snapshot())
    assert back.hint_notes == t.hint_notes
    # undone: the note goes; the hint asked here still answers this position
    assert t.undo()
    assert t.hint_notes == {} and "hints" not in t.history()
    t.play(t.suggest())
    assert list(t.hint_notes) == [0]
    # a hint of another position is not kept for this play
    t.hint(budget=60.0)
    t.undo()
    t.play(t.suggest())
    assert t.hint_notes == {}


def test_a_hint_cancelled_before_it_was_shown_is_not_quoted(fixed_deals):
    """A hint the learner cancelled (Esc) still finishes in its worker; the
    review must not rate the play on a hint the learner never saw.  Only a
    shown hint (``hint_shown``, as the Play screen calls it) is kept."""
    fixed_deals(8)
    t = ShengjiTable("tractor", seed=4, bots="normal")
    while t.burying or t.riot_offer:
        t.bury(t.suggest()) if t.burying else t.answer_riot(False)
    job = t.hint_job()
    assert job is not None
    adv = job()  # computed, never shown
    t.play(list(adv.cards))
    assert t.hint_notes == {} and "hints" not in t.history()
    assert t.undo()
    job = t.hint_job()
    assert job is not None
    adv = job()
    t.hint_shown(adv)  # shown this time
    t.play(list(adv.cards))
    assert list(t.hint_notes) == [0]


@settings(max_examples=4, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(game=st.sampled_from(["tractor", "henan", "wusaner"]), seed=st.integers(0, 10_000),
       asked=st.sets(st.integers(0, 24), min_size=1, max_size=5),
       follow=st.booleans())
def test_the_review_of_a_hinted_play_says_what_the_hint_said(fixed_deals, game, seed, asked,
                                                             follow):
    """For hinted plays of self-play hands: followed, the review names the
    hint's play as best with its value and deals; not followed, the only
    other play it may name is the hint's, at the hint's value, and the play
    made at the value the hint gave it (when the hint valued it).  A play
    without a hint is rated alike every time (its deals fixed by the
    position)."""
    fixed_deals(8)
    t, told = _play_hand(game, seed, ask=lambda i: i in asked, follow=lambda i: follow)
    ds, _b = rv.decisions(t.history(), 0)
    for i, (adv, h, value) in told.items():
        d = ds[i]
        p = rv.rate(d, open_view=False)
        if faces(adv.cards) == d.played:
            assert faces(p.best) == d.played and p.cost == 0 and p.mark is None
            if value is not None and not p.forced:
                assert (p.value_best, p.samples) == value
            continue
        said = h.value_of(p.played)
        if p.best != p.played:
            assert faces(p.best) == faces(h.best) and p.value_best == h.value
        if said is not None and getattr(p, "hinted", True):  # (also run on the code before)
            assert p.value_played == said
    assert {d.index for d in ds if d.hint is not None} == set(told)
    assert all(rv.rate(ds[i], open_view=False).hinted for i, (adv, _h, _v) in told.items()
               if faces(adv.cards) == ds[i].played)
    for d in [d for d in ds if d.hint is None][:1]:
        assert rv.rate(d, open_view=False) == rv.rate(d, open_view=False)
