"""The expected costs the 一上一下 challenge hint tells add up (R-Y-DOWN,
R-Y-TARGET, R-Y-FACE, R-Y-WIN).

A tester read "Let it stand: a challenge risks taking the 2 cards of the
pile (expected cost +6.8 cards, against +0.0) … The hint counts that change
as a cost of 3 cards": the parts named added to at most 5.  The cost of a
challenge is (solver/yishang/hints.py, module docstring)::

    (1 − p)·s·w − p·s·g + c + seat

the pile you take if the claim is true (``w`` 1.5 close to winning), the
pile the claimer takes if it is a bluff (each card counting ``g`` for you),
the reset any challenge brings (``c``: target back to 3, the taker leads
face up) and, with four players, the seat (+``seat_keep`` from a face-down
seat, −p·``seat_value`` from a face-up one).  The Play screen left the seat
sentence out, and the pile sentence named neither ``p`` nor ``g``.  Now
every part is told with the numbers it is made of, and the told parts add
up to the told total.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from content.i18n import translate
from solver.chance import percent
from solver.yishang.bots import BOT_WEIGHTS, CALIBRATED_WEIGHTS
from solver.yishang.hints import DEFAULT_WEIGHTS, ChallengeHint, challenge_hint, cost_parts
from solver.yishang.ranks import PACK, parse_rank
from tutor.tui.models.yishang import YishangTable

R = parse_rank
K = "yishang.hint.challenge."
PARTS = (K + "cost_pile", K + "cost_pile_near", K + "fixed_cost", K + "seat_lose", K + "seat_gain")
LANGS = ("en", "zh-Hans", "zh-Hant")
#: an ASCII card code (``4S``, ``10H``): never in Chinese text
CARD_CODE = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])[SHDC](?![0-9A-Za-z])")


def _product(expr: str) -> Fraction:
    """``"55% × 2 × 0.33"`` → 0.55 · 2 · 0.33, exactly."""
    out = Fraction(1)
    for factor in expr.split(" × "):
        out *= Fraction(factor[:-1]) / 100 if factor.endswith("%") else Fraction(factor)
    return out


def _tenths(x: Fraction) -> Fraction:
    n = int(abs(x) * 10 + Fraction(1, 2))
    return Fraction(n if x >= 0 else -n, 10)


def _check_told(reasons: list[tuple[str, dict]], exact_challenge: float, exact_pass: float,
                pile: int) -> dict[str, Fraction]:
    """Every number of the cost sentences follows from the numbers told next
    to it, and the parts add up to the total told; returns the parts."""
    [(advice_id, advice)] = [(m, p) for m, p in reasons if m.startswith(K + "advice_")]
    told_c, told_p = Fraction(advice["cost_challenge"]), Fraction(advice["cost_pass"])
    # the advice follows from the costs told, or says they are even once rounded
    if advice_id.endswith("_close"):
        assert told_c == told_p or (told_c < told_p) == advice_id.startswith(K + "advice_pass")
    else:
        assert (told_c < told_p) == (advice_id == K + "advice_challenge") and told_c != told_p
    parts: dict[str, Fraction] = {}
    for msgid, params in reasons:
        if msgid in (K + "cost_pile", K + "cost_pile_near"):
            assert params["pile"] == pile
            assert params["take"].split(" × ")[1] == str(pile)
            value = _tenths(_product(params["take"]) - _product(params["give"]))
            assert params["give"].endswith(f" × {params['worth']}")
            if msgid.endswith("_near"):
                assert params["take"].endswith(f" × {params['factor']}")
        elif msgid == K + "seat_gain":
            value = _tenths(-_product(f"{params['p_bluff']} × {params['value']}"))
        elif msgid in PARTS:
            value = Fraction(params["cost"])
        else:
            continue
        assert Fraction(params["cost"]) == value, (msgid, params)
        assert msgid not in parts
        parts[msgid] = value
    assert sum(parts.values()) == Fraction(advice["cost_challenge"])
    last = [p for m, p in reasons if m == K + "last_card"]
    if last:
        assert Fraction(last[0]["cost"]) == last[0]["pile"] + Fraction(last[0]["win"])
        assert Fraction(advice["cost_pass"]) == Fraction(last[0]["cost"])
    else:
        assert Fraction(advice["cost_pass"]) == 0
    # told from rounded numbers, the total stays within rounding of the weighed one
    assert abs(float(Fraction(advice["cost_challenge"])) - exact_challenge) <= 0.2 + 0.025 * pile
    assert float(Fraction(advice["cost_pass"])) == exact_pass
    return parts


def _reasons(h: ChallengeHint) -> list[tuple[str, dict]]:
    return [(e.msgid, dict(e.params)) for e in h.explanation]


def _check_plain(first: tuple[str, dict], h: ChallengeHint, cost_at) -> None:  # type: ignore[no-untyped-def]
    """The advice in plain words, said first, agrees with the engine's
    costs: "sure" only when the chance of a bluff is 1 (challenge) or 0
    (let it stand); "always" only when the advice holds at both ends of the
    chance; otherwise the chance told is the one weighed, and the chance at
    which a challenge starts to pay is where the costs cross: a point of
    chance above it a challenge costs less than letting it stand, a point
    below it more (the costs are linear in the chance, R-Y-DOWN)."""
    msgid, params = first
    assert msgid.startswith(K + "plain_" + h.advice), (msgid, h.advice)
    kind = msgid.removeprefix(K + "plain_" + h.advice)
    challenge = h.advice == "challenge"
    if kind == "_sure":
        assert h.p_model == (1 if challenge else 0)
        return
    if kind == "_always":
        ends = [cost_at(0.0) < h.cost_pass, cost_at(1.0) < h.cost_pass]
        assert ends == [challenge, challenge]
        return
    assert kind in ("", "_close")
    assert params["p"] == f"{percent(h.p_model)}%"
    even = int(params["even"].removesuffix("%"))
    above, below = min(1.0, (even + 1) / 100), max(0.0, (even - 1) / 100)
    assert cost_at(above) <= h.cost_pass + 1e-9 and cost_at(below) >= h.cost_pass - 1e-9
    if kind == "":
        assert (percent(h.p_model) > even) == challenge


def test_the_reported_cost_is_the_sum_of_the_parts_named() -> None:
    """R-Y-FACE, R-Y-TARGET: a pile of 2, a chance of a bluff of 45 %, a
    face-down seat at a four-player table of the Play screen: the cost
    +6.8 is the pile 55 % × 2 − 45 % × 2 × 0.33 = +0.8, the reset +3.0 and
    the seat +3.0, each named."""
    hand = PACK[:5]
    h = challenge_hint(R("5"), R("6"), hand, [], 2, claimer_cards=5, players=4,
                       weights=CALIBRATED_WEIGHTS, seat=0, others=[5, 5], p_bluff=0.45)
    reasons = _reasons(h)
    parts = _check_told(reasons, h.cost_challenge, h.cost_pass, 2)
    assert parts == {K + "cost_pile": Fraction(8, 10), K + "fixed_cost": 3, K + "seat_lose": 3}
    text = {lang: " ".join(translate(m, lang, **p) for m, p in reasons) for lang in LANGS}
    # first, in plain words: a challenge never pays here (the reset and the
    # seat cost +6 even when the card is a bluff)
    assert reasons[0][0] == K + "plain_pass_always"
    assert text["en"].startswith("Let it stand: the card is a bluff with a chance of about 45%, but even "
                                 "if it is, a challenge here costs more than letting it stand.")
    assert "45%" in text["zh-Hans"] and "45%" in text["zh-Hant"]
    assert "Counted in cards, a challenge costs +6.8 on average" in text["en"]
    assert "Pile +0.8 = 55% × 2 - 45% × 2 × 0.33" in text["en"]
    assert "Reset +3.0" in text["en"] and "Seat +3.0" in text["en"]
    assert "牌堆+0.8 = 55% × 2 - 45% × 2 × 0.33" in text["zh-Hans"]
    assert "重置+3.0" in text["zh-Hans"] and "座位+3.0" in text["zh-Hans"]
    assert "預計代價為+6.8張牌" in text["zh-Hant"] and "座位+3.0" in text["zh-Hant"]


@settings(max_examples=300, deadline=None)
@given(p=st.floats(0.0, 1.0), pile=st.integers(1, 30), left=st.integers(0, 12),
       players=st.integers(2, 4), mine=st.integers(1, 9), seat=st.sampled_from([None, 0, 1]),
       weights=st.sampled_from([DEFAULT_WEIGHTS, BOT_WEIGHTS, CALIBRATED_WEIGHTS]),
       others=st.lists(st.integers(0, 12), max_size=2))
def test_told_parts_add_up_to_the_told_cost(p: float, pile: int, left: int, players: int, mine: int,
                                           seat: int | None, weights, others: list[int]) -> None:
    """R-Y-DOWN, R-Y-WIN: whatever the chance, pile, hands, seat and
    weights, the challenge hint names a part for every term of the cost
    that is not zero, each part's number is its sum of the numbers told,
    the parts add up to the total told, and letting a last card stand
    costs the pile plus 20 (a win)."""
    h = challenge_hint(R("5"), R("6"), PACK[:mine], [], pile, claimer_cards=left, players=players,
                       weights=weights, seat=seat, others=others, p_bluff=p)
    reasons = _reasons(h)
    parts = _check_told(reasons, h.cost_challenge, h.cost_pass, pile)
    exact = cost_parts(p, pile, left, players, mine, weights, others, seat)
    assert (K + "fixed_cost" in parts) == bool(exact.fixed)
    assert (K + "seat_lose" in parts or K + "seat_gain" in parts) == bool(exact.seat_weight)
    assert (K + "cost_pile_near" in parts) == (exact.w != 1.0)
    assert h.cost_challenge == exact.total
    _check_plain(reasons[0], h, lambda q: cost_parts(q, pile, left, players, mine, weights, others,
                                                   seat).total)
    pb = percent(p)
    [pile_part] = [q for m, q in reasons if m.startswith(K + "cost_pile")]
    assert pile_part["take"].startswith(f"{100 - pb}% × ") and pile_part["give"].startswith(f"{pb}% × ")
    # a zero is told without a sign ("Seat +0.0 = -1% × 2" read as a contradiction)
    assert not any(str(v) in ("+0.0", "-0.0") for _m, q in reasons for v in q.values())
    for lang in LANGS:
        for msgid, params in reasons:
            text = translate(msgid, lang, **params)
            assert "{" not in text and "?" not in text.replace("？", "")
            if lang != "en":
                assert not CARD_CODE.search(text), text


def test_the_play_screen_tells_every_part_and_they_add_up() -> None:
    """At every claim the learner answers on the Play screen (each level of
    table), what the hint says adds up: the seat's part is told too
    (R-Y-FACE), and no sentence names a card by its ASCII code in Chinese."""
    from content.i18n import set_language
    from solver.yishang.bots import HintBot

    seen = {"seat_lose": 0, "seat_gain": 0, "last_card": 0}
    for level in ("easy", "normal", "strong"):
        for seed in range(4):
            table = YishangTable(seed=840000 + seed, bots=level)
            rng = random.Random(seed)
            for _ in range(120):
                if table.done:
                    break
                if table.waiting_challenge:
                    advice = table.hint_job()()
                    h = HintBot(temperature=0, table=level).claim_advice(table.game, 0)
                    reasons = [(m, dict(p)) for m, p in advice.reasons]
                    _check_told(reasons, h.cost_challenge, h.cost_pass, table.game.pile_size)
                    for key in seen:
                        seen[key] += any(m == K + key for m, _p in reasons)
                    for lang in ("zh-Hans", "zh-Hant"):
                        set_language(lang)
                        try:
                            for m, p in reasons:
                                assert not CARD_CODE.search(translate(m, lang, **p))
                        finally:
                            set_language("en")
                    table.respond(rng.random() < 0.3)
                    continue
                advice = table.hint_job()()
                table.take_advice(advice)
                assert table.play(list(advice.cards)) is None
    assert seen["seat_lose"] and seen["seat_gain"], seen
