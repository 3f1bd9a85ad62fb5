"""The burial hint says why: :func:`solver.bots.kitty.burial_reasons`.

Every reason the engine gives for a burial (盖底, R-H-KITTY / R-T-DECLARE;
五三二's discard and the declarer's reclaim, R-W-KITTY) is recomputed here
from the hand and the burial alone, with a trump test of its own
(R-GROUP: ``ctx.suit_of``; 五三二's taker knows only jokers, level cards
and the fixed 5/3/2, R-W-FIXED), and must hold:

* a suit it says the burial empties was held outside trumps and is no
  longer, and a trump stays to ruff it with (R-FOLLOW); the cards it says
  stay of that suit are exactly the trumps of it kept;
* "keeps every trump and point card" buries neither; the multiplier it
  quotes is the smallest R-KITTY gives;
* points or trumps it says must go are the ones buried and nothing
  cheaper is kept;
* 五三二's rule reasons match the tiers the engine enforces (R-W-KITTY),
  and the engine accepts the bots' discards.

Positions are dealt by the engine (deck, ``Hand``, the runner and the
baseline bots bid and declare) for the three presets at many levels;
every search-bot burial gets at least one reason.  The Play screen's hint
line shows the reasons in English and Chinese.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from content.i18n import plural_forms, translate
from lessons.reference import game_msgid
from solver.bots import BaselineBot
from solver.bots.kitty import VoidBurier, burial_reasons, void_burial
from solver.cards import Card, deck, parse_cards
from solver.game.errors import GameReason
from solver.game.hand import Hand, Phase
from solver.game.runner import step
from solver.game.state import HandSetup
from solver.game.view import SeatView
from solver.rules import Rules, preset
from solver.scoring import kitty_multiplier
from solver.trump import TRUMP, TrumpContext
from tests.test_tui_play import open_burial
from tests.tui_util import assert_fits, screen_text, sync
from tutor.store import Store
from tutor.tui.app import TutorApp
from tutor.tui.widgets.cards import display_params

GAMES = ("henan", "tractor", "wusaner")


def burial_positions(game: str, seeds: Sequence[int]) -> Iterator[tuple[Hand, int, int, bool]]:
    """(hand, seat, count, reclaim) at each burial of deals set up as the
    strength bench sets them up, at a level drawn from the seed; the
    burier buries as the search bots do (so a 五三二 deal goes on to the
    declarer's reclaim when cards of the secret suit were discarded)."""
    for seed in seeds:
        rng = random.Random(seed)
        cards = deck()
        rng.shuffle(cards)
        lv = rng.randint(2, 14)
        rules = preset(game)
        h = Hand(HandSetup(rules, team_levels=(lv, lv), dealer=seed % 4,
                           stage_team=(seed % 4) % 2 if game == "wusaner" else None), cards)
        bots = [BaselineBot() for _ in range(4)]
        while h.phase not in (Phase.BURY, Phase.DONE, Phase.REDEAL):
            step(h, bots)
        while h.phase in (Phase.BURY, Phase.RECLAIM):
            reclaim = h.phase == Phase.RECLAIM
            seat = h.turn
            assert seat is not None
            count = len(h.take_back) if reclaim else rules.kitty_size
            yield h, seat, count, reclaim
            view = SeatView(h, seat)
            burier = VoidBurier()
            chosen = (burier.reclaim if reclaim else burier.bury)(view, count)
            (h.reclaim if reclaim else h.bury)(seat, chosen)


def trump_test(rules: Rules, level: int, ctx: TrumpContext | None) -> Callable[[Card], bool]:
    """Trump as the burier knows it, told apart independently of the code
    under test: the effective suit (R-GROUP), or, for 五三二's kitty taker,
    the trumps everyone knows (R-W-FIXED)."""
    if ctx is not None:
        return lambda c: ctx.suit_of(c) == TRUMP
    return lambda c: c.is_joker or c.rank == level or c.rank in rules.fixed_trump_ranks


def check_reason(r: GameReason, rules: Rules, level: int, ctx: TrumpContext | None,
                 hand: Sequence[Card], buried: Sequence[Card], reclaim: bool) -> None:
    """The claim of reason ``r`` recomputed from the cards (see the module doc)."""
    trump = trump_test(rules, level, ctx)
    kept = list((Counter(hand) - Counter(buried)).elements())
    plain_before = {c.suit for c in hand if not trump(c)}
    plain_after = {c.suit for c in kept if not trump(c)}
    emptied = plain_before - plain_after
    p = r.params
    wusaner = rules.name == "wusaner"
    code = r.code.removeprefix("hint.bury.")
    if code.startswith("voids"):
        suits = p["suits"].split()
        assert suits and p["count"] == len(suits), r
        for s in suits:  # R-FOLLOW: held outside trumps before, none now
            assert s in plain_before and s not in plain_after, (r, s)
        assert any(trump(c) for c in kept), r  # something to ruff with (R-BEAT)
        assert code.startswith("voids_secret") == (ctx is None), r
        same = Counter(c for c in kept if trump(c) and not c.is_joker and c.suit in suits)
        if code.endswith("_kept"):
            assert Counter(parse_cards(p["cards"])) == same, r
        else:
            assert not same, r
    elif code == "points_void":  # R-KITTY
        shown = parse_cards(p["cards"])
        assert shown and not Counter(shown) - Counter(buried), r
        assert all(c.points and not trump(c) and c.suit in emptied for c in shown), r
        assert Counter(shown) == Counter(c for c in buried
                                         if c.points and not trump(c) and c.suit in emptied), r
        assert p["points"] == sum(c.points for c in shown), r
        if ctx is not None:  # what they count for if the attackers win the last trick: a single's multiplier
            assert p["mult"] == kitty_multiplier(ctx, shown[:1]) and p["worth"] == p["points"] * p["mult"], r
    elif code == "keeps":  # R-KITTY
        assert not wusaner and ctx is not None, r
        assert not any(trump(c) or c.points for c in buried), r
        single = kitty_multiplier(ctx, hand[:1])
        assert p["mult"] == single == min(single, kitty_multiplier(ctx, [hand[0], hand[0]])), r
        assert p["mult"] >= 2, r
    elif code in ("rule_plain", "rule_plain_reclaim"):  # R-W-KITTY: plain cards without points
        assert wusaner and (code == "rule_plain_reclaim") == reclaim, r
        assert p["count"] == len(buried), r
        assert all(not trump(c) and not c.points for c in buried), r
    elif code == "rule_short":  # R-W-KITTY: fewer of those than the discard needs
        assert wusaner, r
        first = [c for c in hand if not trump(c) and not c.points]
        assert p["have"] == len(first) < len(buried), r
        assert not Counter(first) - Counter(buried), r
    elif code == "trumps_forced":
        shown = parse_cards(p["cards"])
        assert Counter(shown) == Counter(c for c in buried if trump(c)) and p["count"] == len(shown) > 0, r
        assert not any(not trump(c) and not c.points for c in kept), r
    elif code == "points_forced":  # R-KITTY
        shown = parse_cards(p["cards"])
        assert shown and Counter(shown) == Counter(
            c for c in buried if c.points and (trump(c) or c.suit not in emptied)), r
        assert p["points"] == sum(c.points for c in shown), r
        assert all(c.points for c in kept), r
    elif code in ("no_void", "no_void_points"):
        assert code == ("no_void_points" if wusaner else "no_void"), r
        assert not emptied and p["count"] == len(buried), r
        for s in plain_before:
            cards = [c for c in hand if not trump(c) and c.suit == s]
            kept_by = any(c.rank == 14 or (wusaner and c.points) for c in cards)  # an ace (or points)
            assert len(cards) > len(buried) or kept_by, (r, s)
    else:
        raise AssertionError(f"a reason this test does not know: {r}")


def rendered(game: str, code: str, params: dict[str, object], lang: str) -> str:
    return translate(game_msgid(game, code), lang, **display_params(dict(params), "glyphs", lang))


#: An R-ID or an ASCII card code (``10H``, ``SJ``): never in Chinese text.
_ASCII = re.compile(r"R-[A-Z]|(?<![0-9A-Za-z])(10|[2-9JQKA]|[SB])[SHDCJ](?![0-9A-Za-z])")


def check_words(game: str, r: GameReason) -> None:
    """The reason has its own text in every language, every placeholder
    filled (a plural message counts with the parameter it names), and the
    Chinese shows no R-ID and no ASCII card code."""
    for lang in ("en", "zh-Hans", "zh-Hant"):
        text = rendered(game, r.code, dict(r.params), lang)
        assert text != game_msgid(game, r.code) and "?" not in text and "{" not in text, (lang, text)
        if lang != "en":
            assert not _ASCII.search(text), (lang, text)
    plural = plural_forms("en").get(r.code)
    if plural is not None:
        assert plural[0] in r.params, r


@pytest.mark.parametrize("game", GAMES)
def test_every_burial_reason_is_true_and_every_burial_has_one(game: str) -> None:
    """R-KITTY, R-W-KITTY: over dealt burials of each preset, the search
    bots' burial (the Play screen's hint) always gets a reason, and every
    reason is true of those cards; the 五三二 discards are ones the engine
    accepts."""
    seen: Counter[str] = Counter()
    positions = 0
    for h, seat, count, reclaim in burial_positions(game, range(60)):
        view = SeatView(h, seat)
        burier = VoidBurier()
        buried = (burier.reclaim if reclaim else burier.bury)(view, count)
        assert h.can_reclaim(seat, buried) if reclaim else h.can_bury(seat, buried)
        reasons = burial_reasons(h.rules, view.level, view.ctx, view.cards, buried, reclaim=reclaim)
        assert reasons, (game, view.cards, buried)
        for r in reasons:
            check_reason(r, h.rules, view.level, view.ctx, view.cards, buried, reclaim)
            check_words(game, r)
            seen[r.code] += 1
        positions += 1
    assert positions >= 40
    # the everyday reasons all come up in real deals
    want = {"henan": {"voids", "keeps", "points_void", "no_void"},
            "tractor": {"voids", "keeps", "points_void", "no_void"},
            "wusaner": {"voids_secret", "rule_plain", "rule_plain_reclaim", "no_void_points"}}[game]
    assert want <= {c.removeprefix("hint.bury.").removesuffix("_kept") for c in seen}, seen


@pytest.mark.parametrize("game", GAMES)
def test_reasons_for_any_burial_of_a_dealt_hand_are_true(game: str) -> None:
    """A burial the bots would not choose (a learner's, drawn at random
    from the hand; in 五三二 also one the discard rule refuses) gets only
    true reasons, or none."""
    rng = random.Random(7)
    for h, seat, count, reclaim in burial_positions(game, range(15)):
        view = SeatView(h, seat)
        hand = view.cards
        for _ in range(6):
            buried = rng.sample(hand, count)
            for r in burial_reasons(h.rules, view.level, view.ctx, hand, buried, reclaim=reclaim):
                check_reason(r, h.rules, view.level, view.ctx, hand, buried, reclaim)
                check_words(game, r)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.integers(2, 14),
       st.sampled_from(["S", "H", "D", "C", None, "secret"]), st.integers(1, 8), st.integers(0, 10),
       st.booleans())
def test_reasons_for_short_hands_are_true(game: str, seed: int, level: int, trump: str | None,
                                          count: int, extra: int, bots: bool) -> None:
    """Small hands reach the cases a full hand never does (no plain card
    without points left: trumps or points must go, R-W-KITTY's fallback
    tiers): every reason is still true, for the bots' burial or a random one."""
    rules = preset(game)
    secret = trump == "secret"
    if secret and game != "wusaner":
        trump = None
        secret = False
    ctx = None if secret else TrumpContext(rules, level, trump)
    rng = random.Random(seed)
    hand = rng.sample(deck(), count + extra)
    reclaim = game == "wusaner" and not secret and rng.random() < 0.5
    if bots:
        is_trump = trump_test(rules, level, ctx)
        def order(cards: list[Card], plain: list[Card]) -> list[Card]:  # plain first, points last
            return sorted(cards, key=lambda c: (c not in plain, bool(c.points), c.rank))
        buried = void_burial(is_trump, hand, count, order, points=game != "wusaner")
    else:
        buried = rng.sample(hand, count)
    for r in burial_reasons(rules, level, ctx, hand, buried, reclaim=reclaim):
        check_reason(r, rules, level, ctx, hand, buried, reclaim)
        check_words(game, r)


def test_a_burial_of_cards_not_held_is_refused() -> None:
    ctx = TrumpContext(preset("tractor"), 2, "H")
    with pytest.raises(ValueError):
        burial_reasons(ctx.rules, 2, ctx, parse_cards("3S 4S"), parse_cards("3S 3S"))




@pytest.mark.parametrize("game,key,lang", [("henan", "1", "en"), ("henan", "1", "zh-Hans"),
                                           ("wusaner", "2", "zh-Hans"), ("tractor", "3", "en")])
@sync
async def test_the_play_screen_hint_says_why_to_bury(game: str, key: str, lang: str) -> None:
    """R-KITTY / R-W-KITTY: h at the burial marks the bots' cards and the
    hint line goes on with the engine's reasons for them, in the learner's
    language (the first two, as for a play hint)."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_burial(pilot, app, game, key)
        t = screen.table
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        chosen = list(screen.query_one("#my-hand").selection())
        assert len(chosen) == t.rules.kitty_size
        view = SeatView(t.hand, 0)
        reasons = burial_reasons(t.rules, view.level, view.ctx, view.cards, chosen)
        assert reasons
        shown = "".join(screen_text(app).split())  # wrapped lines joined
        style = screen.tutor.suit_style
        for r in reasons[:2]:
            text = translate(game_msgid(game, r.code), lang, **display_params(dict(r.params), style, lang))
            assert "".join(text.split()) in shown, (text, screen_text(app))
        if lang != "en":
            assert not re.search(r"R-[A-Z]", shown), screen_text(app)
        assert_fits(app)
