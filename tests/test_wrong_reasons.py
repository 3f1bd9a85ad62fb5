"""A wrong answer is told WHY it is wrong, from the engine, not sent to look.

A learner walk found wrong-answer feedback that read as a hint to retry
("把新亮的牌和现在站着的亮牌比一比…", "有人能压住其中一组：把每一组和其他人同
花色的牌比一比。", "这手牌有15分：和暴动规则规定的分数线比一比。").  Each such
text now states the engine's reason for the learner's own choice: the two
declarations' shapes compared (R-T-DECLARE, R-H-OVERTURN, R-W-OVERCALL), the
unit another hand beats and with what (R-THROW-BEAT, R-THROW-SAFE), the
riot limit and the verdict (R-H-RIOT), the draw rule (R-Y-UP), the
challenge's ruling (R-Y-DOWN), the discard rule (R-W-KITTY), the level
bands (R-LEVELS), the kitty multiplier (R-KITTY) and the next dealer
(R-ROTATE).  The properties hold the reasons to the engine's verdicts on
random positions; the examples read the texts a learner sees, in English and
Chinese.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checks import answer
from content.i18n import set_language, translate
from lessons import judge
from lessons.catalog import get_lesson, load_lessons
from lessons.puzzles import check_puzzle_answer, explain_wrong, load_puzzles
from solver.cards import deck, format_cards, parse_cards, points
from solver.chance import percent
from solver.errors import SolverError
from solver.game.errors import GameError
from solver.game.flows import FLOWS, WusanerFlow, declaration_candidates
from solver.game.hand import may_riot, riot_reason
from solver.games import SHENGJI_PRESETS
from solver.rules import preset
from solver.scoring import level_outcome, outcome_totals
from solver.throws import safe_answers, throw_answers, throw_safe, throw_verdict, unit_beaten_by
from solver.trump import TrumpContext
from solver.yishang.game import Claim, up_ruling
from solver.yishang.ranks import PACK, RANKS, rank_name, yrank

LANGS = ("en", "zh-Hans", "zh-Hant")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def wrong_text(lesson_id: str, step_id: str, label_msgid: str, lang: str, **label: Any) -> str:
    """What a learner reads after picking the option labelled ``label_msgid``."""
    set_language(lang)
    step = next(s for s in get_lesson(lesson_id).steps if s.id == step_id)
    index = next(i for i, o in enumerate(step.options) if o.text == label_msgid and o.params == label)
    verdict = judge.judge(step, index)
    assert not verdict.correct
    return judge.feedback_text(step, verdict)


# -- 叫主 / 反主 / 顶牌: the shapes compared ------------------------------------------

def test_an_overturn_answered_no_is_told_which_shape_beats_which():
    """R-T-DECLARE (common.declare.overturn): ♠2♠2 against a standing ♥2,
    answered "No", was told to compare the shows (比一比); it is now told
    that a pair of level cards beats a single level card."""
    en = wrong_text("common.declare", "overturn", "lesson.opt.no", "en")
    assert "2S 2S overturns 2H: a pair of level cards beats a single level card." in en
    zh = wrong_text("common.declare", "overturn", "lesson.opt.no", "zh-Hans")
    assert "2S 2S能反2H：一对级牌大于一张级牌。" in zh and "比一比" not in zh
    tw = wrong_text("common.declare", "overturn", "lesson.opt.no", "zh-Hant")
    assert "2S 2S能反2H：一對級牌大於一張級牌。" in tw


def test_an_equal_overturn_answered_yes_is_told_both_are_the_same_shape():
    """R-H-OVERTURN (seed 001:fix-trump, henan.declare.fixed): 定主 can be
    overturned only by a joker pair; ♠2♠2+小王 on ♥2♥2+大王 is equal, not stronger."""
    en = wrong_text("henan.declare", "fixed", "lesson.opt.yes", "en")
    assert "SJ 2S 2S cannot overturn BJ 2H 2H: both are a pair of level cards with a joker (定主)" in en
    zh = wrong_text("henan.declare", "fixed", "lesson.opt.yes", "zh-Hans")
    assert "SJ 2S 2S反不了BJ 2H 2H：两边都是一对级牌加一张王（定主），反主必须更大" in zh


def test_an_overcall_answered_no_counts_the_pairs():
    """R-W-OVERCALL (seed 004:overcall, wusaner.stage.overcall): 大王 with ♥44 55
    overcalls 小王 with ♠55: two pairs beat one."""
    en = wrong_text("wusaner.stage", "overcall", "lesson.opt.no", "en")
    assert "overcalls SJ 5S 5S: a joker with 2 pairs face down in a row beats a joker with 1 pair" in en
    zh = wrong_text("wusaner.stage", "overcall", "lesson.opt.no", "zh-Hans")
    assert "能顶SJ 5S 5S：一张王加扣下的2个对子大于一张王加扣下的1个对子。" in zh


def _declarations(flow: str, level: int) -> list[tuple[Any, ...]]:
    return declaration_candidates(flow, level, deck())


@settings(max_examples=150, deadline=None)
@given(flow=st.sampled_from(SHENGJI_PRESETS), data=st.data())
def test_the_overturn_reason_agrees_with_the_engine(flow: str, data: Any) -> None:
    """R-H-OVERTURN, R-T-DECLARE, R-W-OVERCALL: for random pairs of
    declarations, the reason the declare check gives names both card sets,
    and its verdict is the live flow's: "overturns" exactly when
    ``check_overturn`` accepts, "weaker"/"equal" exactly when the strengths
    say so."""
    rules = preset(flow)
    level = rules.default_level
    cands = _declarations(flow, level)
    first = data.draw(st.sampled_from(cands))
    second = data.draw(st.sampled_from(cands))
    if Counter(first) + Counter(second) - Counter(deck()):
        return  # not holdable from one pack
    f = FLOWS[rules.flow]
    try:
        standing = f.parse_declaration(level, 0, first)
        f.check_first(standing)
        decl = f.parse_declaration(level, 1, second)
    except GameError:
        return
    resp = answer({"kind": "declare", "rules": flow, "cards": format_cards(second),
                   "standing": format_cards(first)})
    try:
        f.check_overturn(standing, decl, [standing])
        engine = True
    except GameError:
        engine = False
    why = resp["why"]
    assert resp["overturns"] is engine
    code = why["code"]
    assert code.endswith(("overturns", "overcalls")) is engine, (first, second, why)
    if code.startswith("game.declare.why.weaker"):
        assert decl.strength < standing.strength
    if code.startswith("game.declare.why.equal"):
        assert decl.strength == standing.strength
    if code.startswith("game.declare.why.over"):
        assert decl.strength > standing.strength
        assert format_cards(decl.cards) in why["message"] and format_cards(standing.cards) in why["message"]


# -- 甩牌: the unit beaten, and by what ----------------------------------------------

def test_a_throw_said_to_stand_names_the_beaten_unit_and_the_cards_that_beat_it():
    """R-THROW-BEAT (common.throws.fail): ♠A ♠Q♠Q against ♠K♠K, answered
    "stands", was told to compare each unit (比一比); it now names the pair
    beaten and the pair that beats it."""
    en = wrong_text("common.throws", "fail", "lesson.opt.stands", "en")
    assert "another hand holds KS KS, which beats QS QS" in en
    zh = wrong_text("common.throws", "fail", "lesson.opt.stands", "zh-Hans")
    assert "别人手里有KS KS，压得住QS QS" in zh and "比一比" not in zh


def test_a_throw_said_to_fail_says_why_no_unit_is_beaten():
    """R-THROW-BEAT (common.throws.ruffers): nobody else holds a diamond, and a
    void player's trumps do not beat a throw."""
    en = wrong_text("common.throws", "ruffers", "lesson.opt.fails", "en")
    assert "no other hand holds any plain diamonds ♦, so nothing beats AD, KD" in en
    tw = wrong_text("common.throws", "ruffers", "lesson.opt.fails", "zh-Hant")
    assert "別人手裡都沒有方塊 ♦（副牌），壓不住AD、KD" in tw


def test_a_wrong_forced_unit_is_told_it_is_not_beaten():
    """R-THROW-FAIL (common.throws.fail): "only ♠A" is wrong because nothing
    beats ♠A (the highest other spade is ♠K)."""
    en = wrong_text("common.throws", "fail", "lesson.opt.forced_unit", "en", cards="♠A")
    assert "AS is not beaten: the highest card in plain spades ♠ in another hand is KS, no higher than AS." in en
    zh = wrong_text("common.throws", "fail", "lesson.opt.forced_unit", "zh-Hans", cards="♠A")
    assert "AS不会被压住：别人手里最大的黑桃 ♠（副牌）是KS，不比AS大。" in zh


@pytest.mark.parametrize("lang", LANGS)
def test_quiz_throws_answered_wrongly_name_who_beats_what(lang: str) -> None:
    """R-THROW-BEAT, R-THROW-ADJ (the henan bank): a failing throw answered
    "stands" names every beaten unit, the cards that beat it and the other
    hand holding them ("Other 2" as the quiz labels it); a standing throw
    answered "fails" names every unit."""
    set_language(lang)
    seen = set()
    for p in load_puzzles("henan"):
        if p.kind != "throw":
            continue
        resp = answer(p.request)
        text = check_puzzle_answer(p, not resp["stands"]).text()
        for a in resp["answers"]:
            if a["beats"] or resp["stands"]:
                assert a["unit"]["cards"] in text, (p.id, text)
            if a["beats"]:
                holder = translate("puzzle.other", lang, n=a["other"] + 1)
                assert a["cards"] in text and holder in text, (p.id, text)
        assert "比一比" not in text and "compare" not in text.lower()
        seen.add(resp["stands"])
    assert seen == {True, False}


_SUITED = [c for c in deck() if not c.is_joker]


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 100_000), trump=st.sampled_from(["S", "H", "NT"]))
def test_throw_answers_agree_with_the_verdict(seed: int, trump: str) -> None:
    """R-THROW-BEAT, R-THROW-SAFE: on random deals, a unit's answer beats it
    exactly when the engine's verdict lists it as beaten (a threat); the
    cards named are in the holder's hand (the unseen cards) and beat the unit
    by R-THROW-BEAT when they are said to, and no hand beats an unbeaten unit."""
    rng = random.Random(seed)
    ctx = TrumpContext(preset("tractor"), 2, trump)
    cards = deck()
    rng.shuffle(cards)
    hands = [cards[i * 25:(i + 1) * 25] for i in range(4)]
    suit = ctx.suit_of(rng.choice(hands[0]))
    mine = [c for c in hands[0] if ctx.suit_of(c) == suit]
    throw = rng.sample(mine, min(len(mine), rng.randint(2, 5)))
    try:
        answers = throw_answers(ctx, throw, hands[1:])
    except SolverError:
        return
    verdict = throw_verdict(ctx, throw, hands[1:])
    assert {a.unit for a in answers if a.beats} == set(verdict.beaten)
    for a in answers:
        if a.cards:
            assert not Counter(a.cards) - Counter(hands[1 + a.holder])
            assert unit_beaten_by(ctx, a.unit, a.cards) is a.beats
        if not a.beats:
            assert not any(unit_beaten_by(ctx, a.unit, h) for h in hands[1:])
    seen = cards[100:]
    safe = throw_safe(ctx, throw, hands[0], seen)
    answers = safe_answers(ctx, throw, hands[0], seen)
    assert {a.unit for a in answers if a.beats} == set(safe.threats)
    unseen = Counter(deck()) - Counter(hands[0]) - Counter(seen)
    for a in answers:
        assert not Counter(a.cards) - unseen and a.holder is None


# -- 暴动: the limit and the verdict --------------------------------------------------

def test_a_riot_answered_yes_states_the_limit_and_the_verdict():
    """R-H-RIOT (seed 001:riot, henan.declare.riot): a hand of exactly 15
    points may not riot; the text was "compare with the limit" (比一比)."""
    en = wrong_text("henan.declare", "riot", "lesson.opt.yes", "en")
    assert "needs fewer than 15 points in hand; this hand holds 15, so it may not riot." in en
    zh = wrong_text("henan.declare", "riot", "lesson.opt.yes", "zh-Hans")
    assert "暴动要求手中分数少于15分；这手牌有15分，不能暴动。" in zh and "比一比" not in zh


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 100_000), size=st.integers(1, 25), riot=st.booleans())
def test_the_riot_reason_agrees_with_may_riot(seed: int, size: int, riot: bool) -> None:
    """R-H-RIOT: the reason's verdict is ``may_riot``'s, and it cites the hand's points."""
    rules = preset("henan").with_options({"riot": riot})
    hand = random.Random(seed).sample(deck(), size)
    allowed, why = riot_reason(rules, hand)
    assert allowed is may_riot(rules, hand)
    assert why.params["points"] == points(hand)
    assert why.code == ("game.riot.allowed" if allowed else
                        "game.riot.too_many_points" if riot else "game.riot.off")


# -- 一上一下: the ruling on the play -------------------------------------------------

def test_a_draw_from_an_empty_pile_says_the_pile_is_empty():
    """R-Y-UP (seed 000:disputes, yishang.disputes.empty): a 7 below the
    target Q draws nothing when the pile is empty; the text was "compare the
    face-up card with the target" (比一比)."""
    en = wrong_text("yishang.disputes", "empty", "lesson.opt.draw", "en")
    assert "7 is below the target Q, but the draw pile is empty: there is nothing to draw." in en
    zh = wrong_text("yishang.disputes", "empty", "lesson.opt.draw", "zh-Hans")
    assert "7低于目标Q，但牌堆已经摸完了，没有牌可摸。" in zh and "比一比" not in zh


def test_a_forgotten_declaration_is_ruled_as_a_3():
    """R-Y-DOWN (seed 000:disputes, yishang.disputes.forgot): nothing declared
    counts as 3; the card is a 3 at target 3, so the challenger takes the pile."""
    en = wrong_text("yishang.disputes", "forgot", "lesson.opt.player_takes", "en")
    assert en.startswith("Not quite. Nothing was declared, so the claim counts as 3;")
    assert "the challenge fails, so the challenger takes the pile" in en


@settings(max_examples=200, deadline=None)
@given(card=st.sampled_from(RANKS), target=st.sampled_from(RANKS), pile=st.integers(0, 3),
       declared=st.one_of(st.none(), st.sampled_from(RANKS)), challenged=st.booleans())
def test_yishang_rulings_agree_with_the_game(card: int, target: int, pile: int, declared: Any,
                                             challenged: bool) -> None:
    """R-Y-UP, R-Y-DOWN: the ruling the resolve check gives is the one the
    game played: a face-up card draws exactly when its ruling says so; a
    challenge succeeds exactly when the claim's ruling says so."""
    up = answer({"kind": "yishang-resolve", "target": rank_name(target), "card": rank_name(card),
                 "face": "up", "draw_pile": pile})
    assert up["draw"] is up_ruling(card, target, pile)[0]
    assert (up["why"]["code"] == "yishang.why.up.draws") is up["draw"]
    req = {"kind": "yishang-resolve", "target": rank_name(target), "card": rank_name(card),
           "face": "down", "challenged": challenged}
    if declared is not None:
        req["declared"] = rank_name(declared)
    down = answer(req)
    claim = Claim(0, next(c for c in PACK if yrank(c) == card), 3 if declared is None else declared,
                  declared is None, target)
    if challenged:
        assert down["challenge_succeeds"] is claim.is_bluff is claim.ruling()[0]
        assert down["why"]["code"].endswith(".true") is (not down["challenge_succeeds"])
        assert rank_name(card) in down["why"]["message"]
    else:
        assert down["why"]["code"] == "yishang.why.down.accepted"


def _pct(x: Any) -> str:
    return f"{percent(float(x))}%"  # never 0% or 100% for a part


@pytest.mark.parametrize("lang", ("en", "zh-Hans"))
def test_a_wrong_challenge_call_states_the_chances_for_its_own_choice(lang: str) -> None:
    """R-Y-DOWN, R-Y-WIN (seed 000:tips, yishang.tips natural/restraint/last):
    the wrong answer was only "compare the chance that the claim is false
    with the break-even chance" (比较报牌是虚报的机会和划算的分界线), the
    numbers came after a right answer.  Now it says why the learner's own
    choice costs more, with the engine's chances (the yishang-challenge
    check), without naming the other choice."""
    words = {"en": ("Letting it stand costs more on average", "Challenging here costs more on average",
                    "Letting it stand loses the game", "above", "below"),
             "zh-Hans": ("这里放过平均更吃亏", "这里质疑平均更吃亏", "放过就输了", "高于", "低于")}[lang]
    for step_id, opener in (("natural", words[0]), ("restraint", words[1]), ("last", words[2])):
        step = next(s for s in get_lesson("yishang.tips").steps if s.id == step_id)
        resp = answer(step.check)
        text = wrong_text("yishang.tips", step_id, "lesson.opt.pass" if resp["advice"] == "challenge"
                          else "lesson.opt.challenge", lang)
        assert opener in text, text
        assert _pct(resp["p_model"]) in text and _pct(resp["p_uniform"]) in text, text
        if float(resp["p_break_even"]) > 0:   # the break-even line, on the side the model puts it
            assert _pct(resp["p_break_even"]) in text
            side = words[3] if float(resp["p_model"]) > float(resp["p_break_even"]) else words[4]
            assert side in text
        for hint in HINTS:
            assert hint not in text
    en = wrong_text("yishang.tips", "restraint", "lesson.opt.challenge", "en")
    assert "counting the cards you cannot see gives 92%" in en and "only 22% of the time, below " \
        "the break-even 67%" in en


def test_every_yishang_quiz_call_answered_wrongly_gets_its_own_chances():
    """R-Y-DOWN: every challenge puzzle of the quiz, answered the other way
    than the engine's advice: the reason speaks of the learner's choice and
    puts the model's chance on the side of the break-even the advice does."""
    set_language("en")
    seen = set()
    for p in load_puzzles("yishang"):
        if p.kind != "yishang-challenge":
            continue
        resp = answer(p.request)
        wrong = "pass" if resp["advice"] == "challenge" else "challenge"
        text = explain_wrong(p, wrong, resp)
        even = float(resp["p_break_even"])
        opener = "Letting it stand" if wrong == "pass" else "Challenging here"
        assert text.startswith(opener), text
        assert _pct(resp["p_model"]) in text
        if even > 0:
            assert ("above the break-even" if wrong == "pass" else "below the break-even") in text
        seen.add(wrong)
    assert seen == {"pass", "challenge"}


# -- 揭牌, levels, the kitty, the next dealer ----------------------------------------

def test_a_kitty_discard_is_told_what_the_card_is():
    """R-W-KITTY, R-W-FIXED (seed 004:kitty, wusaner.stage.discard): ♦5 is a
    fixed trump, ♠K holds points; the text was "check which cards the rule lets in"."""
    en = wrong_text("wusaner.stage", "discard", "lesson.opt.card", "en", card="5D")
    assert "5D is a fixed trump: every 5, 3, 2 is always trump." in en
    zh = wrong_text("wusaner.stage", "discard", "lesson.opt.card", "zh-Hans", card="KS")
    assert "KS有10分，揭牌的人要扔不带分的牌。" in zh


@given(card=st.sampled_from(deck()), level=st.sampled_from([2, 3, 5, 9, 14]))
def test_the_discard_reason_agrees_with_bury_first(card: Any, level: int) -> None:
    """R-W-KITTY: a card is a first discard exactly when its reason says it is plain."""
    rules = preset("wusaner")
    first, why = WusanerFlow.discard_reason(rules, level, card)
    assert first is WusanerFlow.bury_first(rules, level)(card)
    assert (why.code == "game.kitty.why.plain") is first


def test_a_wrong_level_result_is_told_the_totals_it_needs():
    """R-LEVELS (seed 001:levels, henan.scoring.levels): 85 points is a swap;
    "the dealers go up 1" needs 40 to 75."""
    en = wrong_text("henan.scoring", "levels", "lesson.opt.dealers_up", "en", n=1)
    assert "That result needs a total of 40 to 75 points, and this hand's total is 85." in en
    zh = wrong_text("henan.scoring", "levels", "lesson.opt.dealers_up", "zh-Hans", n=1)
    assert "这个结果要总分在40到75分之间，而这一局的总分是85分。" in zh


@given(preset_name=st.sampled_from(SHENGJI_PRESETS), total=st.integers(0, 60).map(lambda n: 5 * n))
def test_outcome_totals_read_the_level_table_backwards(preset_name: str, total: int) -> None:
    """R-LEVELS: every total lies inside the band its own outcome needs."""
    rules = preset(preset_name)
    outcome, levels = level_outcome(rules, total)
    band = outcome_totals(rules, outcome, levels)
    assert band is not None and band[0] <= total and (band[1] is None or total <= band[1])


def test_a_wrong_kitty_total_is_told_the_multiplier():
    """R-KITTY (common.scoring.kitty_pair): 60 + 25 × 2 counts a pair lead
    ×2; a pair multiplies the kitty ×4."""
    en = wrong_text("common.scoring", "kitty_pair", "lesson.opt.total", "en", n=110)
    assert "That counts the kitty's 25 points ×2, but here they count ×4" in en


def test_a_wrong_next_dealer_is_told_when_that_seat_deals():
    """R-ROTATE (common.scoring.rotate): after the dealers defend, the next
    seat deals only when the attackers take over."""
    en = wrong_text("common.scoring", "rotate", "lesson.opt.seat_no", "en", n=2)
    assert "Seat 2 deals next only when the attackers take over, and here the dealers defended." in en


def test_a_wrong_trick_total_names_the_point_cards():
    """R-POINTS, R-TRICK-POINTS (common.play.points): "15 points" was told to
    count every 5, 10 and K; it is now told the trick's point cards, which
    add up to the engine's total for the trick."""
    en = wrong_text("common.play", "points", "lesson.opt.points", "en", n=15)
    assert "Not “15 points”: the point cards in this trick are KD 10D 5D." in en
    step = next(s for s in get_lesson("common.play").steps if s.id == "points")
    assert points(parse_cards("KD 10D 5D")) == answer(step.check)["points"]
    zh = wrong_text("common.play", "points", "lesson.opt.points", "zh-Hans", n=15)
    assert "不是15分：这一轮的分牌是KD 10D 5D。" in zh


# -- forced follows: two legal follows named ------------------------------------------

def test_a_follow_said_forced_names_two_legal_follows():
    """R-FORCED: a non-forced follow answered "forced" names two different
    legal follows, each legal by the follow check."""
    req = {"kind": "forced", "rules": "tractor", "level": "2", "trump": "S",
           "lead": "10H 10H", "hand": "9H 4D 4D 5S"}
    resp = answer(req)
    first, second = resp["examples"][:2]
    assert Counter(parse_cards(first)) != Counter(parse_cards(second))
    for play in (first, second):
        assert answer({**req, "kind": "follow", "play": play})["legal"] is True


# -- no wrong answer sends the learner to look ----------------------------------------

HINTS = ("比一比", "Compare the new show", "compare each unit", "check each unit",
         "count what is still out", "compare them with the limit", "compare the face-up card",
         "Compare the chance", "比较报牌", "比較報牌")


@pytest.mark.parametrize("lang", LANGS)
def test_no_wrong_answer_is_a_look_again_hint(lang: str) -> None:
    """Every wrong option of every lesson choice step, and every wrong
    answer of the throw and safe-throw puzzles: no "compare … / 比一比" hint."""
    set_language(lang)
    texts = []
    for lesson in load_lessons():
        for step in lesson.steps:
            if step.type == "choice":
                texts += [judge.wrong_reason(step, i) for _label, i in judge.wrong_answers(step)]
    for game in ("henan", "wusaner", "tractor"):
        texts += [explain_wrong(p, not answer(p.request)[p.answer_field])
                  for p in load_puzzles(game) if p.kind in ("throw", "safe-throw")]
    bad = [t for t in texts if any(h in t for h in HINTS)]
    assert not bad, bad[:5]
