"""What the 一上一下 lessons say about a play agrees with the engine.

A learner walk found the lessons contradicting each other: the wrong answer
of yishang.plays/win_up said "a face-up card that forces a draw is not
established" (要摸牌的明牌……都不算站住), while "only an established play
flips the face" (setup/next_face) and "the next target comes from the card
just established" would then make a drawing face-up card flip nothing and
set no target; yet next_face's answer is "face down" and up_lower's target
drops to 6.  The engine (solver/yishang/game.py) and RULES.md agree:
a face-up card always flips the face and sets the target (R-Y-FACE,
R-Y-TARGET), draw or not (R-Y-UP); it wins only if it leaves the hand empty
(R-Y-WIN).

Each statement the texts make is played out below in the engine, and the
texts that make it are read in English and Chinese.
"""

from __future__ import annotations

from typing import Any

import pytest

from checks import answer
from content.i18n import set_language, translate
from lessons import judge
from lessons.catalog import get_lesson, load_lessons
from solver.cards import parse_cards
from solver.yishang.game import Game
from solver.yishang.ranks import PACK

LANGS = ("en", "zh-Hans")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def wrong_text(lesson_id: str, step_id: str, lang: str) -> str:
    """What a learner reads after the first wrong pick of a step."""
    set_language(lang)
    step = next(s for s in get_lesson(lesson_id).steps if s.id == step_id)
    _label, index = judge.wrong_answers(step)[0]
    return judge.feedback_text(step, judge.judge(step, index))


def wrong_target_text(lesson_id: str, step_id: str, lang: str) -> str:
    """What a learner reads after a wrong "next target" pick of a step."""
    set_language(lang)
    step = next(s for s in get_lesson(lesson_id).steps if s.id == step_id)
    index = next(i for _label, i in judge.wrong_answers(step) if set(step.options[i].match) == {"new_target"})
    return judge.feedback_text(step, judge.judge(step, index))


def resolve(**req: Any) -> dict[str, Any]:
    return answer({"kind": "yishang-resolve", **req})


def table(mine: str, draw: int) -> Game:
    """Two players; player 0 holds ``mine`` and leads, the draw pile holds
    ``draw`` cards, player 1 the rest."""
    hand = parse_cards(mine)
    rest = [c for c in PACK if c not in hand]
    return Game.from_deal([hand, rest[draw:]], rest[:draw], 0)


#: The statements, in the words each language uses for them.
ALWAYS_ESTABLISHED = {"en": "a face-up card is always established, even one that makes its player draw",
                      "zh-Hans": "明牌总是成立，要摸牌的明牌也一样"}
ESTABLISHED_FLIPS = {"en": "each established play flips the face", "zh-Hans": "每成立一张牌就换一次明暗"}
TARGET_FROM_UP = {"en": "the card just established is face up, so the next target is its true rank "
                        "(a face-up card always stands, even one that makes its player draw)",
                  "zh-Hans": "刚成立的是一张明牌，下一个目标就是它的真实点数（明牌总是成立，要摸牌的也一样）"}
#: (of the player throughout: the feedback switched to "you", a walk)
WIN_EMPTY = {"en": "a last card wins only when it leaves its player's hand empty: a face-up one that "
                   "makes the player draw does not; a face-down one wins when nobody challenges or the "
                   "challenge fails, and a successful challenge hands the player the pile",
             "zh-Hans": "最后一张牌要让出牌的人手里空了才算赢：明牌若让他摸了牌，手里又有了牌，就还没赢；"
                        "暗牌没人质疑或质疑失败就赢，质疑成立则他要收走牌堆"}
WIN_ESTABLISHED = {"en": "A face-up card is always established, but", "zh-Hans": "明牌总是成立，但"}
#: What the walk found: a drawing face-up card "not established" (all three languages).
CONTRADICTION = ("a face-up card that forces a draw is not", "not a face-up card that forces a draw",
                 "不算站住", "明牌不能是要摸牌")


def test_a_face_up_card_that_draws_still_flips_the_face_and_sets_the_target():
    """R-Y-UP, R-Y-FACE, R-Y-TARGET: target 8, a 6 face up with cards to
    draw: the player draws, the next play is face down and the target is 6,
    in the game itself and in the check the lessons ask."""
    g = table("8S 9H 6D 5C", 10)
    g.play_up(parse_cards("8S")[0])
    g.play_down(g.hand(1)[0], 8)
    g.accept()
    assert g.target == 8 and g.face_up and g.turn == 0
    g.play_up(parse_cards("6D")[0])
    assert g.log[-1]["drew"] is not None and g.hand_size(0) == 3   # drew one card
    assert g.face_up is False and g.target == 6                      # established all the same
    resp = resolve(target="8", card="6", face="up")
    assert resp["draw"] is True and resp["next_face"] == "down" and resp["new_target"] == "6"
    # the lessons' own steps say the same
    assert answer({"kind": "yishang-face", "events": ["play", "play", "play", "draw"]})["next_face"] \
        == "down"
    for lang in LANGS:
        assert ALWAYS_ESTABLISHED[lang] in wrong_text("yishang.setup", "next_face", lang)
        assert ESTABLISHED_FLIPS[lang] in wrong_text("yishang.setup", "next_face", lang)
        assert TARGET_FROM_UP[lang] in wrong_target_text("yishang.plays", "up_higher", lang)


def test_a_last_card_wins_only_when_the_hand_is_left_empty():
    """R-Y-WIN with R-Y-UP, R-Y-DOWN: a face-up last card below the target
    with cards to draw does not win (a card comes back); with the draw pile
    empty it does.  A face-down last card wins when accepted or when the
    challenge fails; a successful challenge gives its player the pile."""
    up = dict(target="9", card="5", face="up", last=True)
    assert resolve(**up, draw_pile=12)["wins"] is False
    assert resolve(**up, draw_pile=12)["draw"] is True
    assert resolve(**up, draw_pile=0)["wins"] is True   # nothing to draw: the hand is empty
    assert resolve(target="9", card="K", face="up", last=True)["wins"] is True
    down = dict(target="10", face="down", last=True)
    assert resolve(**down, card="4", declared="J", challenged=False)["wins"] is True
    assert resolve(**down, card="J", declared="J", challenged=True)["wins"] is True
    bluff = resolve(**down, card="4", declared="J", challenged=True)
    assert bluff["wins"] is False and bluff["taker"] == "player"
    for lang in LANGS:
        for step in ("win_up", "win_down"):
            said = wrong_text("yishang.plays", step, lang)
            assert WIN_ESTABLISHED[lang] in said, said
            assert WIN_EMPTY[lang] in said, said


@pytest.mark.parametrize("lang", ("en", "zh-Hans", "zh-Hant"))
def test_no_yishang_text_says_a_drawing_face_up_card_is_not_established(lang: str) -> None:
    """R-Y-FACE, R-Y-WIN: every prompt, hint and feedback of the 一上一下
    lessons and the rule reference: no text says a face-up card that draws
    is not established (the contradiction the walk found)."""
    set_language(lang)
    texts = [translate(f"ruleref.{rid}.text", lang) for rid in ("R-Y-FACE", "R-Y-WIN", "R-Y-TARGET")]
    for lesson in load_lessons():
        if lesson.game != "yishang":
            continue
        for step in lesson.steps:
            texts += [translate(step.text, lang)] + [translate(h, lang) for h in step.hints]
            if step.type == "choice":
                texts += [judge.wrong_reason(step, i) for _label, i in judge.wrong_answers(step)]
    bad = [t for t in texts if any(c in t for c in CONTRADICTION)]
    assert not bad, bad[:3]


def test_a_face_up_hint_keeps_higher_cards_only_when_there_are_some():
    """R-Y-UP: "Play ♣A face up: your lowest card that reaches the target;
    keep the higher ones for later" was told to a hand of ♣A ♥A (a walk):
    there were none.  With higher cards it says keep them; without, that the
    card reaches the target and none is higher."""
    from solver.yishang.hints import play_hint

    def deal(mine: str) -> Game:
        taken = mine.split() + ["4S", "5S"]
        return Game.from_deal([parse_cards(mine), parse_cards("4S 5S")],
                              [c for c in PACK if str(c) not in taken])

    h = play_hint(deal("AC AH"), 0)
    assert h.card.rank == parse_cards("AC")[0].rank
    assert h.explanation[0].msgid == "yishang.hint.up.reaches"
    g = deal("9D KS")
    h = play_hint(g, 0)
    assert str(h.card) == "9D" and h.explanation[0].msgid == "yishang.hint.up.lowest"
