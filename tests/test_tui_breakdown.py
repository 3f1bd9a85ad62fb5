"""The end-of-hand breakdown (R-TRICK-POINTS, R-THROW-FAIL, R-KITTY, R-LEVELS):
over seeded self-play hands of every 升级 preset, with bots that throw (and
often fail), the breakdown's parts add up to the engine's final total,
penalties included, and each trick's running total ends at the attackers'
points plus penalties."""

from __future__ import annotations

import random
import re

import pytest

from solver.bots import RandomBot
from solver.game.match import Match
from solver.game.runner import play_match_hands
from solver.game.view import SeatView
from solver.rules import preset
from solver.scoring import level_outcome
from solver.units import THROW, classify
from tutor.tui.models.breakdown import breakdown


class ThrowingBot(RandomBot):
    """A random bot that, leading, often throws a whole plain suit (a throw
    the others can usually beat: R-THROW-FAIL)."""

    def lead(self, view: SeatView) -> list:  # type: ignore[type-arg]
        ctx = view.ctx
        if ctx is not None and self.rng.random() < 0.5:
            by_suit: dict[str, list] = {}  # type: ignore[type-arg]
            for c in view.cards:
                s = ctx.suit_of(c)
                if s != "T":
                    by_suit.setdefault(s, []).append(c)
            for cards in sorted(by_suit.values(), key=len, reverse=True):
                if len(cards) >= 2 and classify(ctx, cards).type == THROW:
                    return cards
        return super().lead(view)


@pytest.mark.parametrize("game", ["henan", "wusaner", "tractor"])
def test_breakdown_adds_up_over_self_play(game: str) -> None:
    hands = penalties = uncounted = 0
    for seed in range(8):
        rng = random.Random(seed)
        match = Match(preset(game), seed=seed)
        for hand in play_match_hands(match, [ThrowingBot(rng) for _ in range(4)], 2):
            b = breakdown(hand)
            res = hand.result
            assert res is not None
            hands += 1
            penalties += len(b.penalties)
            uncounted += not b.kitty_counted
            assert b.adds_up(), (game, seed, b)
            assert b.total == res.total and b.penalty_points == sum(p.points for p in b.penalties)
            assert b.tricks[-1].running == b.attacker_trick_points + b.penalty_points
            assert b.attacker_trick_points + b.defender_trick_points == sum(t.points for t in hand.tricks)
            assert all(1 <= p.trick <= len(b.tricks) for p in b.penalties)
            # R-KITTY: counted exactly when the attackers won the last trick
            assert b.kitty_counted == hand.is_attacker(hand.tricks[-1].winner)
            # R-LEVELS: the band holds the total and gives the engine's outcome
            assert b.band_low <= b.total and (b.band_high is None or b.total < b.band_high)
            assert (b.outcome, b.levels) == level_outcome(hand.rules, b.total) == (res.outcome, res.levels)
    assert hands >= 8 and penalties > 0 and uncounted > 0  # the cases the breakdown explains occur


def test_breakdown_refuses_an_unfinished_hand() -> None:
    hand = Match(preset("tractor"), seed=1).new_hand()
    with pytest.raises(ValueError):
        breakdown(hand)


async def finished_hand(pilot: object, app: object, key: str = "3", seed: int = 5) -> object:
    """The Play table of ``key`` (default: tractor) once its hand is over,
    every card played as the baseline suggests through the screen."""
    from tests.test_tui_play import open_play

    screen = await open_play(pilot, app, key=key, seed=seed)
    t = screen.table
    while not t.done:
        assert screen.play_cards(t.suggest())
    await pilot.pause()  # type: ignore[attr-defined]
    return t


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_play_screen_shows_the_breakdown_at_80x24(lang: str) -> None:
    """A finished hand on the Play screen shows its total term by term, the
    level band by the rule's name, and fits 80×24."""
    from content.i18n import translate
    from tests.tui_util import assert_fits, screen_text, sync
    from tutor.store import Store
    from tutor.tui.app import TutorApp

    @sync
    async def run() -> None:
        app = TutorApp(Store.memory(), language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            t = await finished_hand(pilot, app)
            b = t.breakdown()
            assert b is not None and b.adds_up()
            text = screen_text(app)
            assert translate("tui.end.total", lang, tricks=b.attacker_trick_points, penalties=b.penalty_points,
                             kitty=b.kitty_bonus, total=b.total) in text.replace("\n", "")  or \
                str(b.total) in text
            assert translate("ruleref.R-LEVELS.title", lang) in text and "R-LEVELS" not in text
            assert translate("ruleref.R-KITTY.title", lang) in text
            assert_fits(app)

    run()


def test_a_saved_hand_replays_with_running_totals() -> None:
    """The replay shows the attackers' running total after each trick: the
    saved hand's running totals are the breakdown's, and end at its total
    before the kitty (R-TRICK-POINTS, R-THROW-FAIL)."""
    from solver.history import hand_to_dict
    from tutor.tui.models.saved import open_saved

    for game in ("henan", "wusaner", "tractor"):
        rng = random.Random(3)
        match = Match(preset(game), seed=3)
        hand = next(play_match_hands(match, [ThrowingBot(rng) for _ in range(4)], 1))
        b = breakdown(hand)
        saved = open_saved(hand_to_dict(hand))
        assert saved.verified and saved.running == tuple(t.running for t in b.tricks)
        assert saved.running[-1] == b.attacker_trick_points + b.penalty_points


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_a_kitty_without_points_says_so(lang: str) -> None:
    """R-KITTY: the end-of-hand text says what the kitty's points did, and
    says plainly when it held none (the learner walk of 2026-12-03 read
    "the kitty's 0 points do not count"); with points it still says who won
    the last trick and whether they count."""
    from content.i18n import set_language
    from tutor.tui.screens.play_shengji import breakdown_text

    class PointBurier(RandomBot):
        """Buries its point cards first: kitties with points and without."""

        def bury(self, view: SeatView, count: int) -> list:  # type: ignore[type-arg]
            if self.rng.random() < 0.5:
                return super().bury(view, count)
            return sorted(view.cards, key=lambda c: -c.points)[:count]

    seen = {True: 0, False: 0}
    seen_uncounted_empty = {True: 0, False: 0}
    set_language(lang)
    try:
        for seed in range(40):
            match = Match(preset("tractor"), seed=seed)
            hand = next(iter(play_match_hands(match, [PointBurier(random.Random(seed)) for _ in range(4)], 1)))
            b = breakdown(hand)
            text = breakdown_text(b, ["2", "2"], "tractor", kitty=hand.kitty).plain
            empty = {"en": "no points", "zh-Hans": "没有分", "zh-Hant": "沒有分"}[lang]
            assert (empty in text) == (b.kitty_points == 0), text
            # R-KITTY: the kitty counts only when the attackers win the last
            # trick; the audit read "扣底：底牌里没有分" after the dealers' last
            # trick, as if only its points mattered.  Who won it is said first.
            dealers = {"en": "the dealers won the last trick", "zh-Hans": "庄家赢了最后一轮",
                       "zh-Hant": "莊家贏了最後一輪"}[lang]
            assert (dealers in text) == (not b.kitty_counted), text
            if not b.kitty_counted:
                assert {"en": "not count", "zh-Hans": "不算", "zh-Hant": "不算"}[lang] in text
            seen_uncounted_empty[not b.kitty_counted and b.kitty_points == 0] += 1
            # ... and shows the kitty's cards (the walk read "holds no points"
            # with the cards never shown)
            from tutor.tui.widgets.cards import card_label

            assert all(card_label(c, "glyphs", lang) in text for c in hand.kitty)
            assert sum(c.points for c in hand.kitty) == b.kitty_points
            assert not re.search(r"(?<!\d)0 points do not count|底牌0分不算", text), text
            seen[b.kitty_points == 0] += 1
    finally:
        set_language("en")
    assert seen[False] > 0 and seen[True] > 0, seen
    assert seen_uncounted_empty[True] > 0, seen_uncounted_empty


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_finished_hand_says_on_its_last_line_where_it_was_saved(lang: str) -> None:
    """A hand is saved when it ends, and the end screen's last line says so
    ("saved as #N"); a notice said it before, over the screen's bottom
    lines at 80×24 (session 35's walk).  Pressing s still notifies."""
    from content.i18n import translate
    from tests.tui_util import assert_fits, screen_text, sync
    from tutor.store import Store
    from tutor.tui.app import TutorApp

    @sync
    async def run() -> None:
        store = Store.memory()
        app = TutorApp(store, language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await finished_hand(pilot, app)
            saved = store.hands("tractor")
            assert len(saved) == 1
            said = translate("review.tui.play_next_saved", lang, id=saved[0]["id"],
                             n=translate("tui.play.n_next", lang))
            assert said in screen_text(app).replace("\n", "")
            # the key line's n says the same as the message line (the match goes on)
            footer = screen_text(app).splitlines()[-1]
            assert translate("tui.key.next_hand", lang) in footer, footer
            # said last, after the hand's last events (a walk read the last
            # trick under "the hand is over, n: next hand")
            screen = app.screen
            message = str(screen.query_one(f"#{screen.MESSAGE_ID}").content)
            assert message.replace("\n", "").endswith(said), message
            notices = [n.message for n in app._notifications]
            assert translate("tui.play.saved", lang, id=saved[0]["id"]) not in notices
            assert_fits(app)
            await pilot.press("s")  # nothing played since: said, not saved again
            await pilot.pause()
            assert len(store.hands("tractor")) == 1
            assert translate("tui.play.already_saved", lang, id=saved[0]["id"]) in [
                n.message for n in app._notifications]

    run()


@pytest.mark.parametrize("game", ["henan", "wusaner"])
def test_points_by_trick_name_the_trick_and_the_running_total(game: str) -> None:
    """R-TRICK-POINTS: the audit read "Points by trick (attackers' running
    total after =): 1: 10 to the dealers · … · 4: +10=10", a bare number
    for the trick and a cryptic sum.  Each item now names its trick and,
    for the attackers (五三二: the off-stage team), says the total so far."""
    from content.i18n import set_language
    from tutor.tui.screens.play_shengji import breakdown_text

    match = Match(preset(game), seed=2)
    hand = next(iter(play_match_hands(match, [RandomBot(random.Random(2)) for _ in range(4)], 1)))
    b = breakdown(hand)
    att = next(t for t in b.tricks if t.to_attackers and t.points)
    side = "off-stage team" if game == "wusaner" else "attackers"
    try:
        for lang, item in (("en", f"Trick {att.number}: {side} +{att.points} ({att.running} in all)"),
                           ("zh-Hans", f"第{att.number}轮{'台下' if game == 'wusaner' else '闲家'}"
                                       f"+{att.points}（共{att.running}）")):
            set_language(lang)
            text = breakdown_text(b, ["2", "2"], game, kitty=hand.kitty).plain
            line = next(x for x in text.splitlines() if x.startswith(("Points by trick", "逐轮得分")))
            assert item in line, line
            assert "=" not in line and "＝" not in line, line
            assert all(w == "Trick" for w in re.findall(r"(\S+) \d+: ", line)), line
    finally:
        set_language("en")
