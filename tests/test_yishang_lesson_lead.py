"""一上一下 lesson 3's example of a failed bluff says who leads next as the
engine plays it (R-Y-DOWN: the taker leads).  The seed's own example says
the challenger gets the lead, against its rule a paragraph above; RULES.md
settles it for the taker, and a walk read the lesson's old sentence
"丙获得新一轮先手" against the rule entry beside it."""

from __future__ import annotations

import pytest

from content.i18n import translate
from solver.cards import parse_cards
from solver.yishang.game import PACK, Game


def _after_challenge(card: str) -> Game:
    """甲 (0) leads 8 face up, 乙 (1) plays ``card`` face down as a 10,
    丙 (2) challenges."""
    hands = [parse_cards("8S 4D"), parse_cards(f"{card} 5C"), parse_cards("9H JD")]
    used = {str(c) for h in hands for c in h}
    g = Game.from_deal(hands, [c for c in PACK if str(c) not in used])
    g.play_up(parse_cards("8S")[0])
    g.play_down(parse_cards(card)[0], declared=10)
    g.challenge(2)
    return g


@pytest.mark.parametrize(("card", "taker", "msgid"), [
    ("6H", 1, "lesson.yishang.example.challenge_six.hint2"),   # a bluff: 乙 takes
    ("10H", 2, "lesson.yishang.example.challenge_true.hint2"),  # the truth: 丙 takes
])
def test_the_taker_leads_and_the_lesson_says_so(card: str, taker: int, msgid: str) -> None:
    g = _after_challenge(card)
    assert g.turn == taker  # R-Y-DOWN: the taker leads next
    name = {"en": "ABC", "zh-Hans": "甲乙丙", "zh-Hant": "甲乙丙"}
    for lang, names in name.items():
        text = translate(msgid, lang)
        others = [n for i, n in enumerate(names) if i != taker]
        assert names[taker] in text and not any(n in text for n in others if n != "A"), (lang, text)
