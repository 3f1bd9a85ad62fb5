"""Content facts checked against the engine (issue 16): what a lesson, a
reference card, the glossary or a hint tells the learner must agree with the
rules the engine applies."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import pytest

from content.i18n import LANGUAGES, set_language, translate
from lessons.catalog import get_lesson, load_lessons
from lessons.reference import load_glossary, load_rules
from solver.games import SHENGJI_PRESETS
from solver.cards import parse_cards
from solver.units import classify
from solver.position import Position
from solver.rules import preset
from solver.search.hint import hint
from solver.throws import throw_verdict
from solver.trump import context
from solver.yishang.game import Game
from solver.yishang.ranks import PACK

RANK = r"(?:10|[2-9JQKA])"
# "♥K♥K ♥Q♥Q ♥J", "♣A K 10": card tokens separated by spaces only.
EN_GROUP = re.compile(r"[♠♥♦♣]" + RANK + r"(?:\s*[♠♥♦♣]?" + RANK + r")*")
EN_TOKEN = re.compile(r"([♠♥♦♣]?)(" + RANK + ")")
# "红桃 K K、Q Q、J": a suit word, then ranks separated by spaces or 、.
ZH_GROUP = re.compile(r"(红桃|紅桃|紅心|黑桃|方块|方塊|梅花)\s*(" + RANK + r"(?:[\s、]*" + RANK + r")*)")
ZH_SUIT = {"红桃": "♥", "紅桃": "♥", "紅心": "♥", "黑桃": "♠", "方块": "♦", "方塊": "♦", "梅花": "♣"}


def card_groups(text: str, lang: str) -> Iterator[tuple[str, Counter[str]]]:
    """Each written group of cards in ``text`` with how often each face appears."""
    if lang == "en":
        for m in EN_GROUP.finditer(text):
            suit, faces = "", Counter[str]()
            for s, r in EN_TOKEN.findall(m.group(0)):
                suit = s or suit
                faces[suit + r] += 1
            yield m.group(0), faces
    else:
        for m in ZH_GROUP.finditer(text):
            suit = ZH_SUIT[m.group(1)]
            yield m.group(0), Counter(suit + r for r in re.findall(RANK, m.group(2)))


def test_card_groups_find_a_third_copy() -> None:
    """The reader of written cards sees the slip issue 16 found (a third ♥Q)."""
    assert max(dict(card_groups("♥K♥K ♥Q♥Q ♥Q?", "en"))["♥K♥K ♥Q♥Q ♥Q"].values()) == 3
    assert max(next(card_groups("红桃 K K、Q Q、Q 拆成几组", "zh-Hans"))[1].values()) == 3
    assert max(next(card_groups("紅心 K K、Q Q、J 拆成幾組", "zh-Hant"))[1].values()) == 2


SHENGJI_STEPS = [(lesson, step) for lesson in load_lessons() if lesson.game != "yishang"
                 for step in lesson.steps]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_lesson_shows_a_face_more_than_twice(lang: str) -> None:
    """R-DECK: two decks hold each face twice, so no group of cards written in
    a Shengji lesson (text or hints), nor its diagram, shows a face three times."""
    bad = []
    for lesson, step in SHENGJI_STEPS:
        diagram = Counter(str(c) for c in step.cards)
        if diagram and max(diagram.values()) > 2:
            bad.append((lesson.id, step.id, "cards"))
        for msgid in (step.text, *step.hints):
            for group, faces in card_groups(translate(msgid, lang, **step.params), lang):
                if max(faces.values()) > 2:
                    bad.append((lesson.id, step.id, group))
    assert not bad


def test_decompose_step_names_the_cards_it_checks() -> None:
    """R-DECOMPOSE, seed 001: the decompose step writes the five cards its
    check classifies (♥K♥K ♥Q♥Q ♥J), in every language."""
    step = get_lesson("henan.units").step("decompose")
    assert step.check is not None
    checked = Counter(("♥" if c.endswith("H") else "?") + c[:-1] for c in step.check["cards"].split())
    for lang in LANGUAGES:
        written: Counter[str] = Counter()
        for _g, faces in card_groups(translate(step.text, lang), lang):
            written += faces
        assert written == checked, lang


def test_yishang_example_names_the_player_the_turn_order_gives() -> None:
    """R-Y-FACE, R-Y-DOWN, seed 000's three-player round: 甲 leads an 8 face
    up, 乙 plays face down declaring 10, 丙 lets it stand; the engine says who
    plays next, and the lesson step names that player (seed 000 says 甲)."""
    names = ["甲", "乙", "丙"]
    #: English names the players A (甲), B (乙), C (丙)
    english = {"甲": "A", "乙": "B", "丙": "C"}
    hands = [parse_cards("8H 3S"), parse_cards("10C 4S"), parse_cards("5D 6S")]
    used = {c for h in hands for c in h}
    g = Game.from_deal(hands, [c for c in PACK if c not in used], first=0)
    g.play_up(parse_cards("8H")[0])
    g.play_down(parse_cards("10C")[0], 10)
    g.accept()
    nxt = names[g.turn]
    assert nxt == "丙" and g.face_up
    step = get_lesson("yishang.example").step("pass")
    for lang in LANGUAGES:
        shown = translate(step.text, lang) + " ".join(translate(h, lang) for h in step.hints)
        if lang == "en":
            assert re.search(rf"\b{english[nxt]}\b", shown) and not re.search(r"\bA\b", shown), shown
        else:
            assert nxt in shown and "甲" not in shown, lang


def test_throw_beat_card_says_at_least_as_long() -> None:
    """R-THROW-BEAT: a longer tractor with a lower top does not beat a
    tractor of a throw (engine), and the reference card says a beating
    tractor must be at least as long and higher, in every language."""
    ctx = context(preset("henan"), 2, "S")
    v = throw_verdict(ctx, parse_cards("QH QH JH JH AH"), [parse_cards("7H 7H 8H 8H 9H 9H"), [], []])
    assert v.stands
    card = load_rules("henan").rule("R-THROW-BEAT")
    words = {"en": "at least as long", "zh-Hans": "至少一样长", "zh-Hant": "至少一樣長"}
    for lang in LANGUAGES:
        text = translate(card.text, lang)
        assert words[lang] in text and "longer or" not in text, lang


@pytest.mark.parametrize("game", SHENGJI_PRESETS)
def test_no_trump_cards_name_every_trump_rank(game: str) -> None:
    """R-GROUP, R-W-FIXED: with no trump suit, the ranks the engine treats as
    trumps in a plain suit (level, and 5/3/2 in 五三二) are all named by the
    game's R-GROUP card, and the glossary's 无主 entry names them too."""
    ctx = context(preset(game), 9, None)
    trump_ranks = sorted({c[:-1] for c in ("2H 3H 5H 9H 7H".split())
                          if classify(ctx, parse_cards(c)).suit == "T"})
    assert ("9" in trump_ranks) and (("5" in trump_ranks) == (game == "wusaner"))
    card = load_rules(game).rule("R-GROUP")
    entry = next(t for t in load_glossary() if t.id == "no_trump")
    for lang in LANGUAGES:
        for text in (translate(card.text, lang), translate(entry.definition, lang)):
            fixed = [r for r in trump_ranks if r != "9"]
            assert all(re.search(rf"(?<![0-9]){r}(?![0-9])", text) for r in fixed), (lang, text)


def test_wusaner_tie_step_does_not_credit_the_seed_for_the_main_first_order() -> None:
    """R-ORDER (option fixed_trump_main_first): seed 004 is silent on the order
    inside a fixed rank, so the step teaching it credits no seed example and
    says the description is silent."""
    step = get_lesson("wusaner.trumps").step("tie")
    assert step.seed_ref is None
    assert "does not say" in translate(step.text, "en")
    assert all(e.step != "tie" for e in load_rules("wusaner").rule("R-TIE").examples)


LAST_CARD = {"rules": "henan", "level": "2", "trump": "S", "options": {},
             "hands": ["9C", "7C", "8C", "KH"], "dealer": 0, "leader": 0,
             "trick": [], "attacker_points": 40, "kitty": "", "played": ""}


def test_forced_lead_hint_cites_r_lead_and_forced_follow_r_follow() -> None:
    """A lead with one legal card is forced by R-LEAD (one card left), a
    follow with one legal card by R-FOLLOW: the hint's reason says which."""
    lead = hint(Position.from_json(LAST_CARD))
    codes = [r.code for r in lead.reasons]
    assert "hint.why.forced_lead" in codes and "hint.why.forced" not in codes
    # said in words (no R-ID inside a sentence: tests/test_learner_text.py)
    assert "only card you hold" in translate("hint.why.forced_lead", "en")
    follow = hint(Position.from_json({**LAST_CARD, "hands": ["9C", "7C", "8C", ""], "leader": 3,
                                        "trick": ["KH"]}))
    codes = [r.code for r in follow.reasons]
    assert "hint.why.forced" in codes and "hint.why.forced_lead" not in codes
    assert "only legal play" in translate("hint.why.forced", "en")
    for lang in ("en", "zh-Hans", "zh-Hant"):   # no bare R-ID
        for msgid in ("hint.why.forced", "hint.why.forced_lead"):
            assert "R-" not in translate(msgid, lang)


def test_no_yishang_puzzle_contradicts_its_own_odds() -> None:
    """R-Y-DOWN puzzles: the graded advice agrees with both chances the
    explanation shows, the count (p_uniform, what the learner can work out)
    and the model (p_model), each clearly on the same side of the shown
    break-even chance; the explanation says so in every language."""
    from lessons.puzzles import YISHANG_MARGIN, engine_response, explanation_params, load_puzzles

    puzzles = load_puzzles("yishang")
    assert len(puzzles) == 120
    advice = Counter[str]()
    for p in puzzles:
        resp = engine_response(p.request)
        even = float(resp["p_break_even"])
        challenge = resp[p.answer_field] == "challenge"
        advice[resp[p.answer_field]] += 1
        for key in ("p_uniform", "p_model"):
            assert (float(resp[key]) > even) == challenge, (p.id, key, resp[key], even)
            assert abs(float(resp[key]) - even) >= YISHANG_MARGIN, (p.id, key)
        verdict = "puzzle.x.yishang.both_above" if challenge else "puzzle.x.yishang.both_below"
        for lang in LANGUAGES:
            set_language(lang)
            params = explanation_params(p, resp)
            text = translate(p.explanation, lang, **params)
            assert params["p_uniform"] in text and params["p_model"] in text
            assert params["p_even"] in text and translate(verdict, lang) in text
            assert params["even"] in text
    assert min(advice.values()) >= 50     # both answers are taught


def test_stall_card_states_the_engine_limits() -> None:
    """R-Y-STALL: the reference card gives the play limit and the hard stop
    the engine applies by default (200 plays, then 2 × 200 draw pile or not)."""
    rules = preset("yishang")
    limit, hard = rules.yishang_max_plays, rules.yishang_stall_hard_factor * rules.yishang_max_plays
    card = load_rules("yishang").rule("R-Y-STALL")
    for lang in LANGUAGES:
        text = translate(card.text, lang)
        assert str(limit) in text and str(hard) in text, lang


def test_rule_citations_in_chinese_name_the_rule_not_its_id() -> None:
    """Plain words: a lesson or quiz cites a rule by its title in Chinese (no
    bare R-ID), by R-ID and title in English; a seed citation names the
    game, not an internal tag."""
    from content.i18n import set_language
    from tutor.tui.screens.learn import rule_text, seed_text

    for lang in LANGUAGES:
        set_language(lang)
        text = rule_text("R-FOLLOW")
        assert translate("ruleref.R-FOLLOW.title", lang) in text
        assert ("R-FOLLOW" in text) == (lang == "en")
        assert "trump-classes" not in seed_text("001:trump-classes")
    # The label and the rule are separated as in Chinese (规则：跟牌): a
    # learner read "Rule Point cards (R-POINTS)" as one run-on phrase.
    set_language("en")
    assert rule_text("R-POINTS") == "Rule: Point cards (R-POINTS)"
    set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_wrong_answer_is_explained(lang: str) -> None:
    """A wrong answer in a lesson always says something the engine computed
    (found re-walking the courses: empty feedback after a wrong 报主 or
    唯一跟法 answer, a raw dict after a failed throw)."""
    from content.i18n import set_language
    from lessons.judge import candidate_selections, correct_options, judge

    set_language(lang)
    bare = translate("lesson.judge.wrong", lang, reason="").strip()
    for lesson in load_lessons():
        for step in lesson.steps:
            if step.type == "choice":
                right = correct_options(step)
                wrong = [i for i in range(len(step.options)) if i not in right][:1]
            elif step.type == "select":
                wrong = [c for c in candidate_selections(step, 200) if not judge(step, c).correct][:1]
            else:
                continue
            for answer in wrong:
                text = judge(step, answer).text()
                assert text.strip() != bare and "{" not in text, (lesson.id, step.id, text)
    set_language("en")
