"""The Play tables' models (Textual-free): bots from solver, the typed hint,
saved hands in solver.history's format, and the layer rule of tutor/tui."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys

import pytest

from content.i18n import set_language, translate
from solver.bots import BaselineBot, RandomBot
from solver.cards import deck
from solver.game.hand import Hand, HandSetup, Phase
from solver.game.runner import run_hand, step
from solver.history import replay
from solver.rules import preset
from solver.search.bots import SearchBot
from tutor.tui.models.saved import SavedHandError, open_saved, saved_turns
from tutor.tui.models.shengji import STRONG, ShengjiTable, make_bots
from tutor.tui.models.table import Advice


def bench_deal(rules: str, seed: int, bots: list, tricks: int | None = None) -> Hand:
    """A deal set up exactly as bench/bench_strength.py sets it up, played
    to the end (or for ``tricks`` tricks)."""
    cards = deck()
    random.Random(seed).shuffle(cards)
    lv = (14, 14) if rules == "wusaner" else (2, 2)
    h = Hand(HandSetup(preset(rules), team_levels=lv, dealer=seed % 4,
                       stage_team=(seed % 4) % 2 if rules == "wusaner" else None), cards)
    if tricks is None:
        return run_hand(h, bots)
    while h.phase != Phase.DONE and len(h.tricks) < tricks:
        step(h, bots)
    return h


def same_plays(rules: str, seed: int, tricks: int | None) -> None:
    strong = make_bots("strong", seed)
    ours = bench_deal(rules, seed, [strong[0], BaselineBot(), strong[2], BaselineBot()], tricks)
    bench = bench_deal(rules, seed, [SearchBot(3, seed), BaselineBot(), SearchBot(3, seed), BaselineBot()],
                       tricks)
    assert ours.tricks and [(t.leader, t.plays) for t in ours.tricks] == \
        [(t.leader, t.plays) for t in bench.tricks]
    assert ours.result == bench.result


@pytest.mark.parametrize("rules,seed", [("henan", 0), ("tractor", 1), ("wusaner", 2)])
def test_strong_bot_is_the_benched_search_bot(rules, seed):
    """The Play screen's "strong" bots are SearchBot at the benched strength
    (bench_strength.py's +18.3 points a hand): on the bench's own seeded
    deals they make the same plays, trick by trick (the first 3 tricks here;
    whole hands under -m slow)."""
    table = ShengjiTable(rules, seed=seed, bots="strong")
    assert all(type(b) is SearchBot and b.strength == STRONG == 3 for b in table.bots)
    same_plays(rules, seed, 3)


@pytest.mark.slow
@pytest.mark.parametrize("rules,seed", [("henan", 0), ("tractor", 1)])
def test_strong_bot_plays_whole_bench_hands_alike(rules, seed):
    same_plays(rules, seed, None)


def test_every_strength_comes_from_solver():
    assert all(type(b) is RandomBot for b in make_bots("easy", 1))
    assert all(type(b) is BaselineBot for b in make_bots("normal", 1))
    easy = ShengjiTable("tractor", seed=4, bots="easy")
    while not easy.done:  # random legal plays: the engine accepts every one (R-FOLLOW)
        easy.play(easy.suggest())
    assert easy.hand.result is not None


def test_hint_is_a_legal_play_from_the_typed_engine():
    t = ShengjiTable("henan", seed=3)
    while t.pending:
        t.pass_declare()
    advice = t.hint(budget=0.3)
    assert isinstance(advice, Advice) and advice.source == "tui.play.hint.engine"
    assert t.hand.can_play(0, list(advice.cards))
    assert advice.reasons and all(code.startswith("hint.") for code, _p in advice.reasons)


def finished_table(seed: int = 6) -> ShengjiTable:
    t = ShengjiTable("henan", seed=seed)
    while not t.done:
        if t.burying:
            t.bury(t.suggest())
        else:
            t.play(t.suggest())
    return t


def test_saved_hand_is_a_solver_history():
    """A finished hand is saved in solver.history's format and replays verified."""
    t = finished_table()
    saved = json.loads(json.dumps(t.history()))
    r = replay(saved)
    assert r.record.total == t.hand.result.total and saved["seed"] == t.seed
    s = open_saved(saved)
    assert s.verified and len(s.tricks) == len(t.hand.tricks)
    assert [x.winner for x in s.tricks] == [x.winner for x in t.hand.tricks]


def test_unfinished_hand_keeps_its_log_and_opens():
    t = ShengjiTable("wusaner", seed=2)
    while t.pending:
        t.pass_declare()
    if t.burying or t.reclaiming:
        (t.bury if t.burying else t.reclaim)(t.suggest())
    t.play(t.suggest())
    saved = json.loads(json.dumps(t.history()))
    assert saved["unfinished"] and saved["total"] is None and saved["log"] and saved["deck"]
    s = open_saved(saved)
    assert not s.verified and len(s.tricks) == len(t.hand.tricks)


def test_an_older_tables_file_still_opens():
    """The format the table wrote before it used solver.history (no log)."""
    t = finished_table(7)
    h = t.hand
    old = {"rules": "henan", "level": "2", "trump": h.trump or "NT", "options": {}, "dealer": h.dealer,
           "hands": [" ".join(map(str, x)) for x in h.start_hands], "kitty": " ".join(map(str, h.kitty)),
           "tricks": [{"leader": x.leader, "plays": [" ".join(map(str, p)) for p in x.plays]} for x in h.tricks],
           "attacker_points": h.attacker_points, "seed": 7, "match": {"hand": 1, "levels": ["2", "2"]},
           "total": h.result.total, "outcome": h.result.outcome, "levels": h.result.levels}
    s = open_saved(old)
    assert s.total == h.result.total and [x.points for x in s.tricks] == [x.points for x in h.tricks]
    unfinished = dict(old, tricks=old["tricks"][:3], total=None, outcome=None, levels=None, unfinished=True)
    assert len(open_saved(unfinished).tricks) == 3
    # Analyze reads your plays in it from the tricks the engine replays (R-FOLLOW on each).
    turns = saved_turns(old)
    assert [t.played for t in turns] == [x.plays[(0 - x.leader) % 4] for x in h.tricks]
    with pytest.raises(SavedHandError):  # no log, no result: nothing the engine can replay
        saved_turns(unfinished)


@pytest.mark.parametrize("bad", [5, {"tricks": 5}, {"rules": "henan", "hands": "x", "tricks": []},
                                 {"tricks": [{"leader": "x", "plays": []}], "hands": ["", "", "", ""]},
                                 {"total": 5, "tricks": []}])
def test_a_broken_saved_hand_gives_a_localized_reason(bad):
    set_language("zh-Hans")
    try:
        with pytest.raises(SavedHandError) as err:
            open_saved(bad)
        assert str(err.value).startswith("无法打开这局保存的牌") and "\n" not in str(err.value)
    finally:
        set_language("en")


def test_screens_never_import_the_app():
    """No import loop: base, commands and every screen load without tutor.tui.app."""
    code = ("import sys, tutor.tui.base, tutor.tui.commands, tutor.tui.screens.home, "
            "tutor.tui.screens.play_shengji, tutor.tui.screens.play_yishang, tutor.tui.screens.analyze, "
            "tutor.tui.screens.learn, tutor.tui.screens.quiz, tutor.tui.screens.rules, "
            "tutor.tui.screens.settings; assert 'tutor.tui.app' not in sys.modules; "
            "import tutor.tui.models.shengji, tutor.tui.models.yishang, tutor.tui.models.saved; "
            "assert 'tutor.tui.app' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_models_do_not_import_textual():
    code = ("import sys, tutor.tui.models.shengji, tutor.tui.models.yishang, tutor.tui.models.saved, "
            "tutor.tui.models.games; assert not [m for m in sys.modules if m.split('.')[0] in "
            "('textual', 'rich')], sorted(m for m in sys.modules if m.startswith(('textual', 'rich')))")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_no_import_loop_in_the_tui():
    """No two modules of tutor/tui import each other, even lazily or for
    typing (the loop app → home → app is gone: screens reach the app through
    base.TutorHost)."""
    import grimp

    from tests.test_architecture import ROOT, _cycles

    graph = grimp.build_graph("tutor", cache_dir=None)
    modules = {m for m in graph.modules if m.startswith("tutor.tui")
               and not (ROOT / m.replace(".", "/") / "__init__.py").exists()}
    assert not _cycles(graph, modules)
    assert not graph.find_modules_that_directly_import("tutor.tui.app") & modules


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_an_empty_follow_names_the_follow_rule_and_the_size(lang):
    """Enter with no card selected while following is a follow of the wrong
    size (R-FOLLOW: play as many cards as were led), not a lead error: the
    Play screen said "(leading) select at least one card" in the learner
    walk, then "you played 0" (the audit of the Play screen): it says to
    select as many cards as the lead.  Leading with nothing selected stays
    a lead error (R-LEAD)."""
    from content.i18n import rule_label

    set_language(lang)
    try:
        t = ShengjiTable("henan", seed=3)
        while t.pending:
            t.pass_declare()
        led = follows = 0
        while not t.done and (not led or not follows):
            if t.burying:
                t.bury(t.suggest())
                continue
            text = t.explain([])
            assert text is not None
            if t.hand.current:
                size = len(t.hand.current[0])
                assert rule_label("R-FOLLOW") in text and rule_label("R-LEAD") not in text
                assert (f"Select {size} card" in text) if lang == "en" else (f"请选{size}张" in text)
                # the audit: "you played 0" / "你出了0张" with nothing played
                assert "played 0" not in text and "出了0张" not in text, text
                follows += 1
            else:
                assert rule_label("R-LEAD") in text
                led += 1
            t.play(t.suggest())
        assert led and follows
    finally:
        set_language("en")


def test_an_undo_snapshot_shares_the_context_and_stays_independent():
    """Each Play move keeps a copy of the hand for undo.  The trump context
    and the cards are values, so the copy shares them (copying the context's
    caches made every move slower the longer the app ran: a whole hand's
    snapshots took 1.4 s after a few hints instead of 0.1 s); everything the
    hand changes as it is played stays the copy's own."""
    import copy

    from solver.trump import memo_table

    t = ShengjiTable("henan", seed=6)
    while t.hand.phase != Phase.PLAY or t.hand.turn != 0:
        (t.bury if t.burying else t.play)(t.suggest())
    ctx = t.hand.ctx
    assert ctx is not None
    memo_table(ctx, "a test's cache")[1] = 2
    snap = copy.deepcopy(t.hand)
    assert snap.ctx is ctx and snap.deck[0] is t.hand.deck[0]
    before = (list(t.hand.held), len(t.hand.tricks), t.hand.turn)
    t.play(t.suggest())
    assert (list(t.hand.held), len(t.hand.tricks), t.hand.turn) != before
    assert (list(snap.held), len(snap.tricks), snap.turn) == before
    t.undo()
    assert (list(t.hand.held), len(t.hand.tricks), t.hand.turn) == before


@pytest.mark.parametrize("game", ["henan", "wusaner"])
def test_the_play_hint_ends_with_your_sides_chance_at_the_threshold(game):
    """The Play screen shows two reasons about the play, then how the hand
    may end: with hidden hands, told from your side, the chance the dealers
    (the stage team) keep the attackers under the threshold or the chance
    the attackers reach it (R-LEVELS: ``keep_below``), a number the learner
    can weigh, the same the engine computed for this play; every shown line
    is one of the engine's reasons, in its order."""
    from content.i18n import translate
    from tutor.tui.models.shengji import game_msgid

    t = ShengjiTable(game, seed=3)
    while t.hand.phase != Phase.PLAY or t.hand.turn != 0 or len(t.hand.tricks) < 2:
        if t.pending:
            t.pass_declare()
        elif t.burying or t.reclaiming:
            (t.bury if t.burying else t.reclaim)(t.suggest())
        else:
            t.play(t.suggest())
    advice = t.hint(budget=0.3)
    assert advice is not None and advice.source == "tui.play.hint.engine"
    shown = advice.shown()
    codes = [c for c, _p in advice.reasons]
    assert list(shown) == sorted(shown, key=lambda r: advice.reasons.index(r))
    assert all(r in advice.reasons for r in shown)
    # told from your side: the dealers keep the attackers under it, or the attackers reach it
    side = "hint.outcome.p_keep" if not t.hand.is_attacker(0) else "hint.outcome.p_reach"
    assert shown[-1][0] == side and side in codes
    why = [c for c, _p in shown[:-1]]
    assert 1 <= len(why) <= 2 and all(not c.startswith(("hint.value.", "hint.outcome.")) for c in why)
    code, params = shown[-1]
    assert params["threshold"] == t.rules.keep_below
    text = translate(game_msgid(game, code), "en", **params)
    assert str(t.rules.keep_below) in text and f"{params['p']}%" in text


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_yishang_log_says_you_take_the_pile(lang):
    """R-Y-DOWN: after a challenge the pile goes to the loser of it.  The
    learner walk of 2026-12-03 read "You takes the pile (2 cards)": when the
    taker is you the line says "You take the pile" (你收走牌堆), and a bot
    taker keeps its third person ("Left takes the pile")."""
    from solver.yishang.bots import make_bot, play_game
    from tutor.tui.models.yishang import event_text

    set_language(lang)
    try:
        said = {True: [], False: []}
        for seed in range(40):
            game = play_game([make_bot(n) for n in ("bluffer", "caller", "caller", "caller")], seed)
            for i, rec in enumerate(game.log):
                if rec.get("op") == "challenge":
                    said[rec["taker"] % 4 == 0].append(event_text(game.log, i, str))
        assert said[True] and said[False]
        mine = "You take the pile" if lang == "en" else "你收走牌堆"
        assert all(mine in x for x in said[True])
        assert not any("You takes" in x or mine in x for x in said[False])
        theirs = "takes the pile" if lang == "en" else "收走牌堆"
        assert all(theirs in x for x in said[False])
    finally:
        set_language("en")


def test_yishang_claim_hint_says_what_to_do_first():
    """R-Y-DOWN: at a claim the Play hint said six sentences before its
    advice (the learner walk of 2026-12-03).  The advice (challenge or let
    it stand) now comes first, the other reasons after it.  The seats'
    faces were left out then, but their part of the expected cost was
    still in the total told (R-Y-FACE: "+6.8 cards" for a pile of 2 and a
    reset of 3): every reason of the engine is told, none said twice."""
    from solver.yishang.bots import HintBot
    from tutor.tui.models.yishang import ADVICE_PREFIX

    seen = 0
    for t in _by_the_hints(range(30), 80, "claim"):
        advice = t.hint_job()()
        codes = [code for code, _params in advice.reasons]
        assert codes and codes[0].startswith(ADVICE_PREFIX), codes
        assert len(set(codes)) == len(codes)
        engine = HintBot(temperature=0, table=t.level).claim_advice(t.game, 0)
        assert set(codes) == {e.msgid for e in engine.explanation}
        seen += 1
        if seen >= 12:
            break
    assert seen >= 12


def _by_the_hints(seeds, limit, kind):
    """一上一下 tables (one per seed) played for seat 0 by their own hints,
    every claim let stand: yields the table before answering a claim
    (``kind`` "claim") or after each play of yours ("played")."""
    from tutor.tui.models.yishang import YishangTable

    for seed in seeds:
        t = YishangTable(seed=seed)
        for _ in range(limit):
            if t.done:
                break
            if t.waiting_challenge:
                if kind == "claim":
                    yield t
                t.respond(False)
            else:
                advice = t.hint_job()()
                t.take_advice(advice)
                t.play(list(advice.cards))
                if kind == "played":
                    yield t


def test_yishang_log_keeps_your_last_play_in_view():
    """R-Y-UP/R-Y-DOWN: one play of yours can set off several of the bots';
    the log showed the last four moves, so your own result had scrolled
    away (the learner walk of 2026-12-03).  It now shows every move since
    your last play (it included), at least four and at most seven."""
    checked = 0
    for t in _by_the_hints(range(20), 40, "played"):
        lines = t.events(str)
        since = len(t.told) - max(k for k, i in enumerate(t.told)
                                  if t.game.log[i].get("op") in ("up", "down")
                                  and t.game.log[i].get("player") == 0)
        assert len(lines) == min(7, max(4, since), len(t.told))
        if since <= 7:
            assert any(x.startswith("You played") for x in lines), lines
            checked += since > 4
    assert checked >= 5


def test_yishang_table_description_matches_its_bots():
    """The Play screen names who sits at the table (the walk of 2026-12-03
    took the normal table's caller for a broken bot).  What it says is what
    the bots do: the normal table is honest, bluffer, caller in seats 1-3
    (Right, Across, Left), and the caller stops calling a player's unlikely
    claims once two have proved true with none false (R-Y-DOWN)."""
    from content.i18n import translate
    from solver.yishang.bots import CALLER_MIN_BLUFF_RATE
    from solver.yishang.calibration import TABLES
    from solver.yishang.odds import DEFAULT_MODEL

    assert TABLES["normal"] == ("honest", "bluffer", "caller")
    assert TABLES["easy"] == ("random", "random", "honest")
    assert all(b == "hint" for b in TABLES["strong"])
    rate = DEFAULT_MODEL.bluff_rate
    assert rate(1, 0) >= CALLER_MIN_BLUFF_RATE > rate(2, 0)
    assert rate(2, 1) >= CALLER_MIN_BLUFF_RATE and rate(3, 1) >= CALLER_MIN_BLUFF_RATE
    said = translate("tui.ys.table.normal", "en")
    # the honest bot bluffs when no card of its hand reaches the target
    # (HonestBot): "Right plays honestly" was read against a 67 % chance of
    # a bluff the hint told, right, for such a claim (a walk)
    assert "Right tells the truth whenever its cards allow" in said and "has to bluff" in said
    assert "Across bluffs" in said and "Left challenges" in said
    assert "until two of your claims have proved true and none false" in said
    for level in TABLES:
        for lang in ("en", "zh-Hans", "zh-Hant"):
            assert translate(f"tui.ys.table.{level}", lang) != f"tui.ys.table.{level}"


def test_a_failed_throw_event_names_what_was_thrown():
    """R-THROW-FAIL: the event of a failed throw names the throw attempted
    and the unit another hand could beat, played alone (the walk of
    2026-12-03 read only "only ♦9 was played")."""
    from solver.cards import parse_cards
    from solver.game.hand import Penalty, Record

    t = ShengjiTable("henan", seed=3, human_declare=False)
    attempted, played = tuple(parse_cards("QD QD 9D")), tuple(parse_cards("9D"))
    t.hand.penalties.append(Penalty(0, attempted, played, 0, 0.5))
    ev = t._throw_event(Record("throw_fail", 0, played, (), "0:0.5"))
    assert ev.msgid == "tui.play.ev.throw_fail_stake"
    assert ev.params["throw"] == "QD QD 9D" and ev.params["cards"] == "9D" and ev.params["stake"] == "0.5"


def test_play_hint_shows_the_margin_when_the_trick_gives_one_reason():
    """The walk of 2026-12-03 read "Hint: play ♦Q ♦Q. The opponents take this
    trick in 59% of 32 sampled deals." and nothing on why to lead into a
    likely loss.  When the trick gives fewer than two reasons the Play
    screen adds how much better than the next best play the hint is (the
    engine's values of both, checked in tests/test_hint_claims.py)."""
    lost = ("hint.why.loses_trick_expected", {"p": 59, "deals": 32})
    won = ("hint.why.wins_trick_expected", {"p": 70, "deals": 32, "points": 10})
    margin = ("hint.margin_sampled", {"diff": 2.5, "cards": "QD", "deals": 200})
    value = ("hint.value.expected", {"value": 60, "samples": 200})
    keep = ("hint.outcome.p_keep", {"p": 67, "threshold": 80})
    one = Advice((), "tui.play.hint", (lost, margin, value, keep))
    assert one.shown() == (lost, margin, keep)
    two = Advice((), "tui.play.hint", (won, lost, margin, value, keep))
    assert two.shown() == (won, lost, keep)
    none = Advice((), "tui.play.hint", (margin, value, keep))
    assert none.shown() == (margin, keep)


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_an_attackers_failed_throw_reads_as_a_loss_in_card_glyphs(lang):
    """R-THROW-FAIL (tractor: −10 per card taken back when an attacker's
    throw fails).  The walk of session 35 read "You tried to throw 2S 8H …
    and the attackers get -10 points for it", and "你想甩5D 4D": card codes
    in Chinese text and a negative gain.  The event says the loss, and the
    thrown cards are drawn like every other card."""
    import re

    from content.i18n import set_language
    from solver.cards import parse_cards
    from solver.game.hand import Penalty, Record
    from tutor.tui.widgets.cards import display_params

    set_language(lang)
    try:
        t = ShengjiTable("tractor", seed=3, human_declare=False)
        attempted, played = tuple(parse_cards("2S 8H")), tuple(parse_cards("8H"))
        t.hand.penalties.append(Penalty(0, attempted, played, -10, 0.0))
        ev = t._throw_event(Record("throw_fail", 0, played, (), "-10:0"))
        assert ev.msgid == "tui.play.ev.throw_fail_minus" and ev.params["points"] == 10
        text = translate(ev.msgid, lang, **display_params(dict(ev.params), "glyphs", lang))
        assert "-10" not in text and "10" in text
        assert not re.search(r"\b(10|[2-9JQKA])[SHDC]\b|2S|8H", text), text
        assert "♠2" in text and "♥8" in text
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_end_of_a_hand_says_a_penalty_against_the_attackers_as_a_loss(lang):
    """The end screen read "+-10 to the attackers" and "65 in tricks + -10
    for failed throws", and the running total by trick jumped from 50 to 45
    with no word of the failed throw between (R-THROW-FAIL, tractor)."""
    from content.i18n import set_language
    from tutor.tui.models.breakdown import Breakdown, PenaltyLine, TrickLine
    from tutor.tui.screens.play_shengji import breakdown_text

    b = Breakdown(attackers=1, tricks=(TrickLine(10, 1, 10, True, 50), TrickLine(18, 2, 0, False, 50),
                                      TrickLine(19, 1, 5, True, 45)),
                  penalties=(PenaltyLine(19, 1, -10, 0.0),), attacker_trick_points=65,
                  defender_trick_points=35, penalty_points=-10, kitty_points=0, multiplier=0,
                  kitty_bonus=0, total=55, band_low=40, band_high=80, outcome="attackers_up",
                  levels=0)
    set_language(lang)
    try:
        text = breakdown_text(b, ("2", "2"), "tractor").plain
    finally:
        set_language("en")
    assert "+-" not in text and "+ -" not in text and "＋-" not in text
    assert translate("tui.end.trick_throw_minus", lang, n=19, points=10, running=40) in text
    assert translate("tui.end.penalty_minus", lang, n=19, seat=translate("tui.seat.right", lang),
                     points=10) in text
    assert translate("tui.end.total_minus", lang, tricks=65, penalties=10, kitty=0, total=55) in text


def test_undo_takes_back_a_failed_throws_stake_even_after_the_hand_ended():
    """R-THROW-FAIL (henan: half a hand's stake, in the match's ledger).
    The audit of the Play screen: undo after a failed throw.  Undo takes
    the play back with everything it caused: the penalty, and once the hand
    has ended the result the match recorded (the ledger's stake, the levels,
    the next dealer); playing the hand out again records it once."""
    from solver.cards import parse_cards

    t = ShengjiTable("henan", seed=1)  # seat 0 deals and leads: ♠A stands, ♠4 does not
    while t.burying or t.riot_offer:
        t.bury(t.suggest()) if t.burying else t.answer_riot(False)
    before = (t.match.state, t.match.dealer, t.match.hands_played)
    t.play(parse_cards("4S AS"))
    assert [p.stake for p in t.hand.penalties] == [0.5]
    while not t.done:
        t.play(t.suggest())
    assert [(e.seat, e.stake) for e in t.match.ledger] == [(0, 0.5)] and t.match.hands_played == 1
    while t.hand.penalties:
        assert t.undo()
    assert t.events[0].msgid == "tui.play.undone_penalty"
    assert not t.recorded and t.match.ledger == [] and t.match.results == []
    assert (t.match.state, t.match.dealer, t.match.hands_played) == before
    assert t.info()["hand_no"] == 1
    t.play(parse_cards("AS"))  # the ace alone this time: no penalty
    while not t.done:
        t.play(t.suggest())
    assert t.match.ledger == [] and t.match.hands_played == 1 and len(t.match.results) == 1


def test_the_replay_of_a_hand_not_over_says_so_far_not_the_end() -> None:
    """The Replay screen opened in the middle of a hand (Play, r): its head
    said "at the end: ... — in all", an empty slot for a total that does
    not exist yet (the walk of 2026-12-04).  It says "so far" and that the
    hand is not over; a finished hand still gives its total (R-LEVELS)."""
    from content.i18n import set_language
    from solver.cards import parse_cards
    from tutor.tui.models.saved import SavedHand, SavedTrick
    from tutor.tui.screens.play_shengji import replay_text

    trick = SavedTrick(0, tuple((c,) for c in parse_cards("AS 3S 4S 5S")), 0, 5)
    open_hand = SavedHand("A", "S", 30, None, ((),) * 4, (trick,), False)
    done = dataclasses.replace(open_hand, total=85)
    want = {"en": ("so far", "not over"), "zh-Hans": ("目前", "还没打完"),
            "zh-Hant": ("目前", "還沒打完")}
    try:
        for lang, words in want.items():
            set_language(lang)
            for game in ("tractor", "wusaner"):
                head, _body = replay_text(open_hand, 0, game, "glyphs")
                assert all(w in head for w in words) and "—" not in head and "30" in head, head
                assert "{" not in head
                end, _body = replay_text(done, 0, game, "glyphs")
                assert "85" in end and not any(w in end for w in words), end
    finally:
        set_language("en")


from tutor.tui.models.yishang import YishangTable  # noqa: E402


def test_a_table_is_under_way_once_you_have_played() -> None:
    """n asks before giving up a hand only once you have played a card
    (after the deal, the declaring and the kitty, R-LEAD: the bots' plays
    before your first are dealt again at no loss); in 一上一下 once you
    have made a move (the cut and the deal are not moves, R-Y-SETUP)."""
    t = ShengjiTable("tractor", seed=5)
    while t.pending:
        t.pass_declare()
    steps = 0
    while not t.under_way():
        assert not t.hand.tricks and all(seat != 0 for seat, _p in t.current_plays())
        if t.burying:
            t.bury(t.suggest())
        else:
            t.play(t.suggest())
        steps += 1
    assert steps >= 1 and (t.hand.tricks or any(seat == 0 for seat, _p in t.current_plays()))
    y = YishangTable(seed=3, bots="normal")
    assert not y.under_way()
    while not y.under_way():
        if y.waiting_challenge:
            y.respond(False)
            continue
        advice = y.hint_job()()
        y.take_advice(advice)
        assert y.play(list(advice.cards)) is None
    assert y.under_way()


def test_the_status_line_does_not_guess_the_next_face_while_a_claim_waits() -> None:
    """R-Y-FACE: only an established play flips the face, so while a
    face-down claim waits for an answer the next play's face is not known
    yet (the walk of 2026-12-04 read "next play face down" there, and the
    next play was face up).  The line says the claim waits; once it is
    answered it names the face the engine has."""
    from tutor.tui.screens.play_yishang import status_text

    t = YishangTable(seed=3, bots="normal")
    seen = 0
    for _ in range(200):
        if t.done or seen >= 3:
            break
        if t.waiting_challenge:
            line = status_text(t.game).plain
            assert "waits for an answer" in line and "next play" not in line, line
            t.respond(False)
            seen += 1
            line = status_text(t.game).plain
            if t.game.claim is None:
                face = "face up" if t.game.face_up else "face down"
                assert f"next play {face}" in line, line
            continue
        advice = t.hint_job()()
        t.take_advice(advice)
        t.play(list(advice.cards))
    assert seen >= 1


def test_a_revealed_tractor_is_not_called_a_pair() -> None:
    """R-W-DECLARE: the 五三二 declaration is a pair or a same-suit tractor,
    shown when the kitty is done; four cards were told as "亮出对子♥6 ♥6 ♥5
    ♥5" (a walk).  A pair is told as a pair, a tractor as a tractor (连对)."""
    from content.i18n import translate
    from tutor.tui.models.shengji import ShengjiTable

    seen = set()
    for seed in range(40):
        t = ShengjiTable("wusaner", seed=seed)
        reveal = next((r for r in t.hand.log if r.op == "reveal"), None)
        if reveal is None:
            continue
        event = t._setup_events([reveal])[0]
        want = "tui.play.ev.reveal" if len(reveal.cards) == 2 else "tui.play.ev.reveal_tractor"
        assert event.msgid == want, (seed, reveal)
        seen.add(want)
        if len(seen) == 2:
            break
    assert seen == {"tui.play.ev.reveal", "tui.play.ev.reveal_tractor"}
    assert "连对" in translate("tui.play.ev.reveal_tractor", "zh-Hans", seat="上家", cards="♥6 ♥6 ♥5 ♥5")
