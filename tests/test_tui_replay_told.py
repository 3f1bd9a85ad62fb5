"""The Play screen's replay tells what happened before the first trick and
each failed throw, from the engine's log (nothing hidden: the walk of
2026-12-04 found the popup showing tricks only), and the table tells how
trump was fixed when nobody declared (R-H-DECLARE, R-T-DECLARE)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from content.i18n import set_language, translate
from solver.bots import BaselineBot
from solver.cards import Card, format_cards
from solver.game.match import Match
from solver.game.runner import play_match_hands, run_hand, step
from solver.game.view import SeatView
from solver.history import hand_to_dict
from solver.rules import preset
from solver.search.selfplay import seeded_hand
from tests.test_tui_breakdown import ThrowingBot
from tutor.tui.models.saved import open_saved
from tutor.tui.models.shengji import setup_events
from tutor.tui.models.table import seat_name
from tutor.tui.screens.play_shengji import event_text, replay_steps, replay_text


class Silent(BaselineBot):
    """Never declares nor overturns: trump comes without a declaration."""

    def declare(self, view: SeatView, options: Sequence[tuple[Card, ...]]) -> None:
        return None

    def overturn(self, view: SeatView, options: Sequence[tuple[Card, ...]]) -> None:
        return None


@pytest.fixture(autouse=True)
def _english() -> object:
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize("game", ["henan", "wusaner", "tractor"])
def test_the_replay_tells_the_setup_and_every_failed_throw(game: str) -> None:
    """R-THROW-FAIL, R-KITTY: step 0 names the dealer, every declaration of
    the log and the kitty's cards; each failed throw is told on its trick
    with the cards thrown; the steps are the tricks plus that first one."""
    throws = 0
    for seed in range(6):
        rng = random.Random(seed)
        match = Match(preset(game), seed=seed)
        for hand in play_match_hands(match, [ThrowingBot(rng) for _ in range(4)], 2):
            saved = open_saved(hand_to_dict(hand))
            assert saved.verified and saved.dealer == hand.dealer
            assert replay_steps(saved) == len(hand.tricks) + 2  # before the tricks, and the score
            # the last step: the score term by term, as the table's end showed it (R-KITTY, R-LEVELS)
            from tutor.tui.models.breakdown import breakdown
            from tutor.tui.screens.play_shengji import breakdown_text
            last_head, last = replay_text(saved, replay_steps(saved) - 1, game, "letters")
            assert "the score" in last_head
            assert last.plain == breakdown_text(breakdown(hand), None, game, kitty=saved.kitty,
                                                style="letters").plain
            declared = [r for r in hand.log if r.op == "declare"]
            assert sum(e.msgid.startswith(("tui.play.ev.declare", "tui.play.ev.overcall"))
                       for e in saved.before) == len(declared)
            assert Counter(saved.kitty) == Counter(hand.kitty)
            head, body = replay_text(saved, 0, game, "letters")
            text = body.plain
            assert "before the first trick" in head
            assert seat_name(hand.dealer) in text.splitlines()[0]
            assert all(event_text(e, "letters") in text for e in saved.before)
            # every failed throw, on the trick it was made in
            trick_of = []
            done = 0
            for rec in hand.log:
                if rec.op == "trick":
                    done += 1
                elif rec.op == "throw_fail":
                    trick_of.append((done, rec))
            assert sum(len(t) for t in saved.throws) == len(trick_of) == len(hand.penalties)
            for done, rec in trick_of:
                thrown = next(p.attempted for p in hand.penalties if p.seat == rec.seat and p.played == rec.cards)
                _head, trick = replay_text(saved, done + 1, game, "letters")
                assert format_cards(thrown) in trick.plain, (seed, done)
                throws += 1
            # a trick without one says none
            quiet = [i for i in range(len(hand.tricks)) if i not in {d for d, _r in trick_of}]
            for i in quiet[:3]:
                assert "throw" not in replay_text(saved, i + 1, game, "letters")[1].plain.lower()
    if game != "wusaner":  # 五三二 has throws too, but not always in so few hands
        assert throws > 0


def test_an_unfinished_hand_keeps_the_kitty_hidden_unless_you_buried_it() -> None:
    """R-KITTY: the kitty is shown at the end of the hand; a hand kept in
    progress shows it only to the seat that buried it (you, seat 0)."""
    seen = {True: 0, False: 0}
    for seed in range(12):
        rules = ("henan", "tractor")[seed % 2]
        h = seeded_hand(rules, 3000 + seed)
        bots = [BaselineBot() for _ in range(4)]
        while h.phase.value not in ("done", "redeal") and (h.phase.value != "play" or len(h.tricks) < 2):
            step(h, bots)
        if h.phase.value != "play":
            continue
        data = hand_to_dict(h, unfinished=True)
        saved = open_saved(data)
        assert saved.before, seed
        mine = h.burier == 0
        assert (saved.kitty != ()) == mine
        seen[mine] += 1
    assert seen[True] and seen[False]


def test_nobody_declared_in_henan_the_kitty_card_is_told() -> None:
    """R-H-DECLARE: nobody declares in a later hand → the kitty's third card
    names trump (a joker: no trump) and the holder of its other copy deals.
    The table says so with the engine's card, trump and dealer."""
    told = 0
    for seed in range(4000, 4012):
        h = run_hand(seeded_hand("henan", seed * 3), [Silent() for _ in range(4)])
        notes = [r for r in h.log if r.op == "kitty_card"]
        if not notes or h.result is None:
            continue
        card = notes[0].cards[0]
        events = setup_events(h, "henan", h.log)
        said = [e for e in events if e.msgid.startswith("tui.play.ev.kitty_card")]
        assert len(said) == 1
        e = said[0]
        assert e.params["card"] == format_cards([card]) and e.params["seat"] == seat_name(h.dealer)
        if card.is_joker:
            assert h.trump is None and e.msgid == "tui.play.ev.kitty_card_nt"
        else:
            assert e.params["suit"] == card.suit == h.trump
        for lang in ("en", "zh-Hans", "zh-Hant"):
            assert "{" not in translate(e.msgid, lang, **e.params, suit_name="x")
        told += 1
    assert told >= 3


def test_nobody_declared_in_tractor_no_trump_is_told() -> None:
    """R-T-DECLARE: a later hand nobody declares in has no trump suit; the
    table says so, and says nothing of the kind when someone declared."""
    for seed in range(5000, 5006):
        silent = run_hand(seeded_hand("tractor", seed * 3 + 2), [Silent() for _ in range(4)])
        assert silent.trump is None
        msgids = [e.msgid for e in setup_events(silent, "tractor", silent.log)]
        assert msgids.count("tui.play.ev.nobody_declared_tractor") == 1
        usual = run_hand(seeded_hand("tractor", seed * 3 + 2), [BaselineBot() for _ in range(4)])
        if any(r.op == "declare" for r in usual.log):
            msgids = [e.msgid for e in setup_events(usual, "tractor", usual.log)]
            assert "tui.play.ev.nobody_declared_tractor" not in msgids


def test_the_command_line_replay_says_how_trump_was_fixed(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    """``replay`` names the kitty card that fixed trump (R-H-DECLARE) and a
    tractor hand nobody declared in (R-T-DECLARE), beside the declarations."""
    import json
    from pathlib import Path

    from tutor.cli import main

    henan = run_hand(seeded_hand("henan", 12000), [Silent() for _ in range(4)])
    tractor = run_hand(seeded_hand("tractor", 12002), [Silent() for _ in range(4)])
    note = next(r for r in henan.log if r.op == "kitty_card")
    path = Path(str(tmp_path)) / "hands.jsonl"
    path.write_text("".join(json.dumps(hand_to_dict(h)) + "\n" for h in (henan, tractor)), encoding="utf-8")
    assert main(["--lang", "en", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert henan.dealer is not None
    assert f"the kitty's third card {format_cards(note.cards)} names trump" in out
    assert f"seat {henan.dealer + 1} deals" in out
    assert out.count("Nobody declares: no trump suit") == 1


def test_the_replay_head_counts_the_tricks_apart_from_failed_throws() -> None:
    """R-THROW-FAIL, R-TRICK-POINTS: the replay's head says the attackers'
    points in tricks (牌面) beside the total; a failed throw's penalty
    points are not trick points (a walk read 95 in tricks for 85 + 10)."""
    from tutor.tui.models.breakdown import breakdown

    penalised = 0
    for seed in range(10):
        match = Match(preset("tractor"), seed=seed)
        for hand in play_match_hands(match, [ThrowingBot(random.Random(seed)) for _ in range(4)], 2):
            b = breakdown(hand)
            saved = open_saved(hand_to_dict(hand))
            assert saved.attacker_points == b.attacker_trick_points
            head, _body = replay_text(saved, 1, "tractor", "letters")
            assert f"attackers {b.attacker_trick_points} in tricks, {b.total} in all" in head
            penalised += b.penalty_points != 0
    assert penalised > 0


def test_a_refused_wusaner_discard_names_the_cards_that_break_the_order() -> None:
    """R-W-KITTY: plain-suit cards without points go first.  A refused
    discard says which chosen cards are not such cards (a walk read
    "需要4张，你选了3张" after choosing four and could not tell which)."""
    from solver.game.errors import GameError
    from solver.game.hand import Phase

    told = 0
    for seed in range(7000, 7030):
        h = seeded_hand("wusaner", seed * 3 + 1)
        bots = [BaselineBot() for _ in range(4)]
        while h.phase not in (Phase.BURY, Phase.DONE, Phase.REDEAL):
            step(h, bots)
        if h.phase != Phase.BURY:
            continue
        seat = h.turn
        assert seat is not None
        cards = h.cards_of(seat)
        pointed = [c for c in cards if c.points]
        if not pointed:
            continue
        plain_pointless = BaselineBot().bury(SeatView(h, seat), 4)
        if any(c.points for c in plain_pointless):
            continue  # this hand has too few cards without points to show the refusal
        choice = [pointed[0]] + plain_pointless[:3]
        try:
            h.bury(seat, choice)
        except GameError as err:
            assert err.params["wrong"] == format_cards([pointed[0]])
            for lang in ("en", "zh-Hans", "zh-Hant"):
                assert format_cards([pointed[0]]) in translate(err.code, lang, **err.params)
            told += 1
    assert told >= 3


@pytest.mark.parametrize("game", ["henan", "wusaner", "tractor"])
def test_each_replayed_trick_says_whose_points_they_are(game: str) -> None:
    """R-TRICK-POINTS: a trick's points go to the side that took it; the
    replay says which (a walk read "This trick: 10 points" beside the
    attackers' total, under a trick the dealers won)."""
    hand = next(play_match_hands(Match(preset(game), seed=4), [ThrowingBot(random.Random(4)) for _ in range(4)], 1))
    saved = open_saved(hand_to_dict(hand))
    assert saved.defenders == hand.defenders
    words = {"attackers": "to the off-stage team" if game == "wusaner" else "to the attackers",
             "dealers": "to the stage team" if game == "wusaner" else "to the dealers"}
    for i, t in enumerate(hand.tricks):
        body = replay_text(saved, i + 1, game, "letters")[1].plain
        side = "attackers" if hand.is_attacker(t.winner) else "dealers"
        if t.points:
            assert words[side] in body and words[{"attackers": "dealers", "dealers": "attackers"}[side]] not in body
        else:
            assert "to the" not in body


def test_the_last_trick_view_tells_its_failed_throw() -> None:
    """R-THROW-FAIL: the last-trick view (t) showed only the unit played
    after a failed throw; it tells the throw, as the table did, and nothing
    after a trick whose lead stood."""
    from solver.game.hand import Phase
    from tutor.tui.models.shengji import last_trick_throws

    seen = quiet = 0
    for seed in range(8):
        rng = random.Random(seed)
        hand = Match(preset("tractor"), seed=seed).new_hand()
        bots = [ThrowingBot(rng) for _ in range(4)]
        at_lead = 0
        while hand.phase not in (Phase.DONE, Phase.REDEAL):
            tricks = len(hand.tricks)
            if hand.phase == Phase.PLAY and not hand.current:
                at_lead = len(hand.penalties)
            step(hand, bots)
            if len(hand.tricks) == tricks:
                continue
            told = last_trick_throws(hand)
            failed = hand.penalties[at_lead:]
            assert len(told) == len(failed)
            if failed:
                assert told[0].params["throw"] == format_cards(failed[0].attempted)
                assert failed[0].played == hand.tricks[-1].plays[0]
                seen += 1
            else:
                quiet += 1
    assert seen > 0 and quiet > 0


def test_a_failed_throw_is_said_once_on_the_screen() -> None:
    """R-THROW-FAIL at 80×24: your failed throw is told on the message line;
    the last-trick view does not say it a second time while the line does
    (a walk read the same five lines twice)."""
    from solver.game.view import SeatView as View
    from tests.test_tui_play import open_play
    from tests.tui_util import screen_text, sync
    from tutor.store import Store
    from tutor.tui.app import TutorApp
    from tutor.tui.screens.play_shengji import event_text

    @sync
    async def run() -> None:
        app = TutorApp(Store.memory(), language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_play(pilot, app, key="3", seed=4)
            t = screen.table
            assert not t.burying
            rng = random.Random(4)
            while not t.done:
                lead = not t.hand.current
                cards = ThrowingBot(rng).lead(View(t.hand, 0)) if lead else t.suggest()
                assert screen.play_cards(list(cards))
                await pilot.pause()
                throws = t.last_trick_throws()
                if lead and throws and throws[0] in screen.told:
                    line = event_text(throws[0], app.suit_style)
                    assert line not in screen.last_view().plain
                    assert screen_text(app).replace("\n", " ").count(line.split(",")[0]) == 1
                    return
            raise AssertionError("no failed throw of yours in this hand")

    run()


@pytest.mark.parametrize("game", ["henan", "tractor"])
def test_a_declaration_over_another_is_told_as_an_overturn(game: str) -> None:
    """R-T-DECLARE / R-H-OVERTURN: a declaration made over a standing one is
    told as an overturn (反主), or as strengthening your own; the first as a
    declaration (a walk read "下家亮♣2 ♣2报主" of an overturn)."""
    kinds: Counter[str] = Counter()
    for seed in range(60):
        h = run_hand(seeded_hand(game, 20000 + seed), [BaselineBot() for _ in range(4)])
        seats = [r.seat for r in h.log if r.op == "declare"]
        told = [e.msgid for e in setup_events(h, game, h.log) if e.msgid.startswith("tui.play.ev.declare")]
        assert len(told) == len(seats)
        dealer = h.setup.dealer
        for i, (seat, msgid) in enumerate(zip(seats, told)):
            # R-H-DECLARE: in a later 河南 hand a first declaration by the
            # dealer's opponents comes after the deal and takes the deal
            after = game == "henan" and dealer is not None and (seat - dealer) % 2 == 1
            want = ("tui.play.ev.declare_after_deal" if after else "tui.play.ev.declare") if i == 0 else \
                "tui.play.ev.declare_strengthen" if seats[i - 1] == seat else "tui.play.ev.declare_overturn"
            assert msgid == want, (seed, seats, told)
            kinds[want] += 1
    assert kinds["tui.play.ev.declare"] and kinds["tui.play.ev.declare_overturn"], kinds
    if game == "henan":
        assert kinds["tui.play.ev.declare_after_deal"], kinds


def test_a_failed_throw_names_who_could_beat_it() -> None:
    """R-THROW-BEAT, R-THROW-FAIL: the table names the seats whose cards,
    when the throw was led, could beat its forced unit (a walk read
    "another hand could beat ♥2" and then saw ♥2 take the trick: the one
    who could beat it chose not to); the replay and the last-trick view
    name the same seats."""
    from solver.game.hand import Phase
    from solver.throws import SuitHolding, throw_units
    from tutor.tui.models.shengji import setup_events

    named = 0
    for seed in range(6):
        live: list[object] = []
        rng = random.Random(seed)
        hand = Match(preset("tractor"), seed=seed).new_hand()
        bots = [ThrowingBot(rng) for _ in range(4)]
        while hand.phase not in (Phase.DONE, Phase.REDEAL):
            before = len(hand.log)
            held = {s: list(hand.hand_of(s)) for s in range(4)}
            step(hand, bots)
            for e in setup_events(hand, "tractor", hand.log[before:]):
                if not e.msgid.startswith("tui.play.ev.throw_fail"):
                    continue
                pen = hand.penalties[-1]
                suit = throw_units(hand.ctx, pen.attempted).suit
                unit = throw_units(hand.ctx, pen.played).units[0]
                want = [s for s in range(4) if s != pen.seat and SuitHolding(hand.ctx, suit, held[s]).beats(unit)]
                assert want and e.params["who"] == ", ".join(seat_name(s) for s in want)
                live.append(e.params["who"])
                named += 1
        if hand.result is None:
            continue
        saved = open_saved(hand_to_dict(hand))
        assert [e.params["who"] for t in saved.throws for e in t] == live  # the replay names them alike
    assert named > 0


@pytest.mark.parametrize("game", ["henan", "tractor", "wusaner"])
def test_the_last_replayed_trick_tells_the_kitty(game: str) -> None:
    """R-KITTY: the last trick decides whether the kitty counts; its replay
    step says so with the engine's points and multiplier, as the hand's end
    does ("本轮0分" under a last trick that brought 30 from the kitty, a
    walk), and no other trick's step does."""
    from tutor.tui.screens.play_shengji import kitty_line

    for seed in range(4):
        hand = next(play_match_hands(Match(preset(game), seed=seed), [BaselineBot() for _ in range(4)], 1))
        saved = open_saved(hand_to_dict(hand))
        assert saved.end is not None
        res = hand.result
        assert res is not None and saved.end.kitty_bonus == res.kitty_points * res.multiplier
        line = kitty_line(saved.end, game)
        steps = [replay_text(saved, i + 1, game, "letters")[1].plain for i in range(len(hand.tricks))]
        assert line in steps[-1] and not any(line in s for s in steps[:-1])
        if res.multiplier and res.kitty_points:
            assert str(res.kitty_points) in line and str(res.kitty_points * res.multiplier) in line, line
