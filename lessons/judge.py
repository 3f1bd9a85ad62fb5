"""Judge a learner's answer to a lesson step with the real engine.

``judge(step, answer)`` never compares with a stored answer: a select step's
selection is put into the step's check request and sent to
``checks.answer`` (the engine door, which also serves the rules only
lessons ask about); the response must match the step's ``expect``.  A
choice step's right option is the one whose ``match`` agrees with the
engine's response to the step's request.

``match``/``expect`` values compare by equality, except an object
``{"$contains": x}`` (x is in the response list) and ``{"$in": [...]}``
(the response value is one of these), ``{"$len": n}`` (a list of n items)
and ``{"$not": x}``.
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from checks import answer as run_check
from content.i18n import _, game_msgid, get_language, join_list, rule_label, sentence_gap
from lessons.model import SELECTION, Step, Verdict
from lessons.puzzles import ANSWER_FIELDS, Puzzle, explain_wrong, unit_clause, yishang_params
from solver.cards import Card, format_cards, parse_cards, points
from solver.rules import preset
from solver.scoring import outcome_totals
from solver.errors import SolverError


def fill(template: Any, selection: str) -> Any:
    """The request with every ``"$selection"`` replaced by the cards."""
    if isinstance(template, str):
        return selection if template == SELECTION else template.replace(SELECTION, selection)
    if isinstance(template, list):
        return [fill(v, selection) for v in template]
    if isinstance(template, dict):
        return {k: fill(v, selection) for k, v in template.items()}
    return copy.copy(template)


def _norm(value: Any) -> Any:
    if isinstance(value, list):
        return [_norm(v) for v in value]
    return value


def value_matches(want: Any, got: Any) -> bool:
    if isinstance(want, dict) and len(want) == 1:
        (op, arg), = want.items()
        if op == "$contains":
            return isinstance(got, list) and arg in got
        if op == "$in":
            return got in arg
        if op == "$len":
            return isinstance(got, (list, str)) and len(got) == arg
        if op == "$not":
            return not value_matches(arg, got)
    if isinstance(want, dict) and isinstance(got, dict):
        return matches(want, got)
    return bool(_norm(want) == _norm(got))


def matches(want: dict[str, Any], response: dict[str, Any]) -> bool:
    """Every key of ``want`` agrees with ``response``."""
    if "error" in response:
        return False
    return all(k in response and value_matches(v, response[k]) for k, v in want.items())


def _trump_why(request: dict[str, Any]) -> str:
    """Why the card of a one-card classify request is a trump, in words
    (the engine's :meth:`TrumpContext.trump_role`): " It is a level card: …"
    ("" for several cards, a plain card or a context that cannot be read).
    A walk read "♥K: a trump." for a level card and could not tell why."""
    from solver.trump import context

    try:
        ctx = context(preset(str(request.get("rules", "henan"))), str(request.get("level", "2")),
                      request.get("trump"))
        cards = parse_cards(str(request.get("cards", "")))
    except (SolverError, ValueError):
        return ""
    if len(cards) != 1:  # one card's reason (several may differ, and the words are singular)
        return ""
    role = ctx.trump_role(cards[0])
    if role is None:
        return ""
    return sentence_gap() + _(f"lesson.judge.trump_role.{role}", level=str(request.get("level", "")))


def describe(request: dict[str, Any], response: dict[str, Any],
             focus: Iterable[str] = ()) -> tuple[str, str | None]:
    """A short localized account of the engine's answer, and the R-ID it cites.

    ``focus`` names the response fields the step asks about, so the account
    speaks of them (a step counting points hears about points, not levels)."""
    if "error" in response:
        return str(response["error"].get("message", "")), None
    kind = request.get("kind")
    if kind == "classify" and "suit" in focus and response.get("suit"):
        suit = str(response["suit"])
        cards = str(request.get("cards", ""))
        if suit == "T":
            why = _trump_why(request)
            return _("lesson.judge.suit_trump", cards=cards) + why, "R-GROUP"
        return _("lesson.judge.suit_plain", cards=cards, suit=_("suit." + suit)), "R-GROUP"
    if kind == "classify":
        return _classify_reason(response), None
    if kind == "yishang-challenge" and "p_break_even" in response:

        return _("puzzle.x.yishang-challenge", **yishang_params(response)), "R-Y-DOWN"
    if kind == "forced":
        count = response.get("legal_follows")
        if count == 1:  # one play only: said as such (Chinese has one plural form, "例如" would follow)
            return _("lesson.judge.forced_one", example=response.get("example") or ""), "R-FORCED"
        return _("lesson.judge.forced", count=count, example=response.get("example") or ""), "R-FORCED"
    if kind == "trick":
        plays = request.get("plays") or []
        winner = int(response["winner"])
        cards = plays[winner] if isinstance(plays, list) and 0 <= winner < len(plays) else ""
        return _("lesson.judge.trick", index=winner + 1, cards=cards,  # the cards: a select step shows no trick
                 points=response.get("points", 0)), None
    if kind == "follow":
        reasons = response.get("reasons") or []
        if reasons:
            return str(reasons[0].get("message", "")), reasons[0].get("rule")
        return _("lesson.judge.follow_legal"), None
    if kind == "score" and "kitty_points" in focus:
        kitty = request.get("kitty")
        count = len(str(kitty).split()) if isinstance(kitty, str) else 0
        # "That card holds 5 points" for one card, not "Those cards hold"
        return _("lesson.judge.kitty_points", count=count, cards=kitty or "",
                 points=response.get("kitty_points")), "R-POINTS"
    if kind == "score":

        game = str(request.get("rules") or "")  # 五三二 speaks of its stage (台上/台下)
        outcome = _(game_msgid(game, "lesson.outcome." + str(response.get("outcome"))),
                    levels=response.get("levels"))
        kitty, mult = int(response.get("kitty_points") or 0), int(response.get("multiplier") or 0)
        if request.get("attackers_won_last") and kitty and mult:
            # the sum written out (R-KITTY): "240 points" over a deck of 200 read as an error
            over = int(response.get("total") or 0) > 200  # past the deck's 200: say how
            return _(game_msgid(game, "lesson.judge.score_sum_over" if over else "lesson.judge.score_sum"),
                     total=response.get("total"),
                     points=int(request.get("attacker_points") or 0), kitty=kitty, mult=mult,
                     outcome=outcome), None
        return _(game_msgid(game, "lesson.judge.score"), total=response.get("total"), outcome=outcome), None
    if kind == "throw":
        forced = response.get("forced")
        return _("lesson.judge.throw_stands" if response.get("stands") else "lesson.judge.throw_fails",
                 forced=forced.get("cards", "") if isinstance(forced, dict) else forced or ""), \
            "R-THROW-BEAT"
    if kind == "safe-throw":
        return _("lesson.judge.safe" if response.get("safe") else "lesson.judge.unsafe"), "R-THROW-SAFE"
    return "", None


def _classify_reason(response: dict[str, Any]) -> str:
    """What the cards are, as the engine split them: a throw or a mixed lead
    names its units ("2 units: ♥5 (single), ♦5 (single)"), so "are they a
    pair / a tractor / how many units" is answered by the cards themselves."""
    kind = str(response.get("type"))
    units = [u for u in response.get("units") or [] if isinstance(u, dict)]
    listed = join_list(_("lesson.judge.unit", cards=u.get("cards", ""), shape=_("unit." + str(u.get("type"))))
                   for u in units)
    if kind == "throw" and units:
        return _("lesson.judge.classify.throw", count=len(units), units=listed)
    if kind == "invalid" and units:
        return _("lesson.judge.classify.mixed", units=listed)
    return _("check.classify.type." + kind)


def _as_cards(answer: Any) -> list[Card]:
    if isinstance(answer, str):
        return parse_cards(answer, max_copies=None)
    return list(answer)


def judge(step: Step, answer: Any) -> Verdict:
    """Judge ``answer`` (cards for a select step, an option index for a
    choice step; ignored for a text step)."""
    if step.type == "text":
        return Verdict(True, "lesson.judge.read", {}, step.rule)
    if step.type == "select":
        return _judge_select(step, answer)
    return _judge_choice(step, answer)


def _judge_select(step: Step, answer: Any) -> Verdict:
    try:
        cards = _as_cards(answer)
    except (SolverError, TypeError):
        return Verdict(False, "lesson.judge.bad_answer", {}, step.rule)
    if not cards:
        return Verdict(False, "lesson.judge.empty", {}, step.rule)
    if step.pick is not None and len(cards) != step.pick:
        return Verdict(False, "lesson.judge.pick_count", {"count": step.pick, "given": len(cards)},
                       step.rule)
    if Counter(cards) - Counter(step.cards):
        return Verdict(False, "lesson.judge.not_offered", {}, step.rule)
    assert step.check is not None and step.expect is not None
    request = fill(step.check, format_cards(cards))
    response = run_check(request)
    reason, rid = describe(request, response, step.expect)
    ok = matches(step.expect, response)
    shape = step.expect.get("type")
    if not ok and request.get("kind") == "classify" and shape in ("pair", "tractor") \
            and response.get("type") not in (shape, None):
        reason = _(f"lesson.wrong.classify.{shape}", cards=format_cards(cards))  # why not the shape asked for
    params = {**step.params, "cards": format_cards(cards), "reason": reason}
    if request.get("kind") == "classify" and "suit" in step.expect and _trump_why(request):
        params["engine_why"] = True  # the account says why it is a trump (feedback_text)
    return Verdict(ok, step.success if ok else step.failure, params, step.rule or rid)


def correct_options(step: Step) -> list[int]:
    """Indices of the options the engine's response makes right."""
    assert step.check is not None
    response = run_check(step.check)
    return [i for i, o in enumerate(step.options) if matches(o.match, response)]


def _judge_choice(step: Step, answer: Any) -> Verdict:
    if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer < len(step.options):
        return Verdict(False, "lesson.judge.bad_answer", {}, step.rule)
    assert step.check is not None
    response = run_check(step.check)
    right = [i for i, o in enumerate(step.options) if matches(o.match, response)]
    reason, rid = describe(step.check, response)
    label = ""
    if right:
        o = step.options[right[0]]
        label = _(o.text, **o.params)
    ok = answer in right
    if not reason and label:
        reason = _("lesson.judge.engine_answer", answer=label)
    if not ok:  # lichess style: why this pick is wrong, never the right answer
        why = wrong_reason(step, answer, response)
        return Verdict(False, step.failure, {**step.params, "answer": "", "reason": why}, step.rule)
    params = {**step.params, "answer": label, "reason": reason}
    return Verdict(ok, step.success, params, step.rule or rid)


#: Choice fields a puzzle of the same kind asks (its answer field): a wrong
#: pick there is told what a wrong puzzle answer is told (lessons.puzzles).
def _as_puzzle(step: Step) -> Any:

    assert step.check is not None
    kind = str(step.check.get("kind"))
    return Puzzle("", str(step.check.get("rules") or "henan"), kind, 0, step.check,
                  answer_field=ANSWER_FIELDS.get(kind, ""))


def _wrong_claim(option: Any, response: dict[str, Any]) -> tuple[str, Any] | None:
    """The first field of an option's claim the engine's response refutes."""
    for key, want in option.match.items():
        if key not in response or not value_matches(want, response[key]):
            return key, want
    return None


def wrong_reason(step: Step, index: int, response: dict[str, Any] | None = None) -> str:
    """Why the choice ``index`` of ``step`` is wrong, from the engine's
    response, in words that leave the right choice to find: the reason a
    wrong puzzle answer of the same kind gets, or the fact the pick
    overlooks (the cards are not a pair, the lead mixes suits, the engine's
    own reason a declaration fails), else where to look, with the rule."""

    assert step.check is not None
    resp = response if response is not None else run_check(step.check)
    option = step.options[index]
    choice = _(option.text, **option.params)
    kind = str(step.check.get("kind"))
    claim = _wrong_claim(option, resp)
    rule = step.rule or ""
    see = ("" if get_language().startswith("zh") else " ") + _("puzzle.why.see", rule=rule_label(rule)) \
        if rule else ""
    if claim is None or "error" in resp:
        return _("lesson.wrong.generic", choice=choice) + see
    key, want = claim
    if ANSWER_FIELDS.get(kind) == key and not isinstance(want, dict):
        return explain_wrong(_as_puzzle(step), want, resp, named=False)
    why = resp.get("why")
    if kind in ("declare", "riot") and key in ("valid", "overturns", "may_riot") \
            and isinstance(why, dict):
        return str(why.get("message", "")) + see  # the engine's reason, either way
    if kind == "declare" and key == "trump" and isinstance(resp.get("trump_why"), dict):
        said = str(resp["trump_why"].get("message", ""))
        if resp.get("overturns") and isinstance(why, dict):  # it stands, so it names trump
            said = str(why.get("message", "")) + sentence_gap() + said
        return _("lesson.wrong.declare.trump", choice=choice, reason=said) + see
    if kind == "throw" and key == "forced" and resp.get("answers"):
        return _throw_forced(step, want, resp) + see
    if kind == "yishang-resolve" and isinstance(why, dict) and key in _RULED:
        said = str(why.get("message", ""))  # the engine's ruling on the play
        return (_(_RULED[key], choice=choice, reason=said) if _RULED[key] else said) + see
    cards = str(step.check.get("cards", ""))
    if kind == "classify":
        if key == "units" and isinstance(want, dict) and "$len" in want:
            return _("lesson.wrong.classify.units", n=want["$len"]) + see
        negated = isinstance(want, dict) and "$not" in want
        shape = str(want["$not"] if negated else want)
        if shape in ("pair", "tractor", "invalid", "throw"):
            return _(f"lesson.wrong.classify.{'not_' if negated else ''}{shape}", cards=cards) + see
    if kind == "trick" and key == "points":
        scoring = [c for play in step.check.get("plays") or [] for c in parse_cards(str(play))
                   if points([c])]
        if not scoring:
            return _("lesson.wrong.points.none", choice=choice) + see
        return _("lesson.wrong.points", choice=choice, cards=format_cards(scoring)) + see
    if kind == "score" and key in ("outcome", "levels"):
        band = outcome_totals(preset(str(step.check.get("rules") or "henan")),
                              str(option.match.get("outcome")), option.match.get("levels"))
        if band is not None:  # the totals the picked result needs, against this total
            low, high = band
            return _("lesson.wrong.outcome.band" if high is not None else "lesson.wrong.outcome.from",
                     low=low, high=high, total=resp.get("total")) + see
        return _("lesson.wrong.outcome", choice=choice, total=resp.get("total")) + see
    if kind == "wusaner-discard" and key == "discardable" and isinstance(want, dict) \
            and isinstance(resp.get("why"), dict) and str(want.get("$contains")) in resp["why"]:
        return str(resp["why"][str(want["$contains"])].get("message", "")) + see
    if kind == "kitty-trump" and key == "trump" and resp.get("card"):
        # the engine read trump from the kitty's third card: not the suit (or joker) picked
        return _("lesson.wrong.kitty_trump.nt" if want == "NT" else "lesson.wrong.kitty_trump.suit",
                 choice=choice) + see
    if kind == "match":
        # the engine walks the match hand by hand and says what it did at the
        # first hand where the pick's claim parts from it (R-LEVELS, R-MATCH)
        told = run_check({**step.check, "claim": dict(option.match)}).get("why")
        if isinstance(told, dict):
            return _("lesson.wrong.match", choice=choice, reason=str(told.get("message", ""))) + see
    if kind == "rotate" and key == "next_dealer" and isinstance(want, int):
        return _rotate_wrong(step, want, choice) + see
    if kind == "overturn-effect":
        later = not step.check.get("first_hand")
        if key == "new_dealer" and want is True and later and resp.get("allowed"):
            return _("lesson.wrong.overturn_effect.dealer_later", choice=choice) + see
        if key == "allowed" and want is False and later and step.check.get("after_burying"):
            return _("lesson.wrong.overturn_effect.not_late", choice=choice) + see
    if kind == "yishang-stall" and key == "winners" and isinstance(want, list) and len(want) == 1:
        seat, winners = want[0], resp.get("winners") or []
        count = (step.check.get("counts") or [])[seat]
        which = "tie" if seat in winners else "more"  # the engine's winners: the fewest cards
        return _(f"lesson.wrong.yishang.stall.{which}", choice=choice, count=count) + see
    if kind == "yishang-first" and key == "first" and isinstance(want, int):
        cut = (step.check.get("cuts") or [])[want]
        return _("lesson.wrong.yishang.cut.lower", choice=choice, rank=cut) + see
    if kind == "yishang-dispute":
        return _dispute_wrong(step, key, want, choice, resp) + see
    if kind == "throw" and key == "forced":
        return _("lesson.wrong.throw_forced", choice=choice) + see
    if kind == "declare" and want is True and isinstance(resp.get("reason"), dict):
        return str(resp["reason"].get("message", "")) + see  # the engine's own reason
    if kind == "yishang-resolve" and key == "new_target":
        # the part of R-Y-TARGET this play falls under, from the engine's
        # ruling (a pile taken, a face-up card, a face-down one that stands),
        # not the whole rule for every wrong pick (a walk)
        case = "taken" if resp.get("taker") else "up" if step.check and step.check.get("face") == "up" \
            else "down"
        return _(f"lesson.wrong.yishang.target.{case}", choice=choice) + see
    msgid = _WHERE_TO_LOOK.get((kind, key)) or _WHERE_TO_LOOK.get((kind, "*"), "lesson.wrong.generic")
    return _(msgid, choice=choice) + see


def _dispute_wrong(step: Step, key: str, want: Any, choice: str, resp: dict[str, Any]) -> str:
    """A wrong challenger (R-Y-DOWN, as the engine resolved the calls): too
    late, not among the callers, or not the first caller in turn order."""
    assert step.check is not None
    if key == "too_late":
        return _("lesson.wrong.yishang.dispute.in_time", choice=choice)
    if resp.get("too_late"):
        return _("lesson.wrong.yishang.dispute.late", choice=choice)
    if key == "challenger" and want not in (step.check.get("callers") or []):
        return _("lesson.wrong.yishang.dispute.silent", choice=choice)
    if key == "challenger":
        return _("lesson.wrong.yishang.dispute.later", choice=choice)
    return _("lesson.wrong.yishang.dispute", choice=choice)


def _rotate_wrong(step: Step, seat: int, choice: str) -> str:
    """A wrong next dealer (R-ROTATE): after which results the engine gives
    the deal to the seat picked (asked for each result), against this one."""
    assert step.check is not None
    nxt = {o: run_check({**step.check, "outcome": o}).get("next_dealer")
           for o in ("dealers_up", "swap", "attackers_up")}
    when = {o for o, s in nxt.items() if s == seat}
    if not when:
        defend, taken = nxt["dealers_up"], nxt["swap"]
        if isinstance(defend, int) and isinstance(taken, int) and defend != taken:
            # who does deal next, in each case: "whatever the result, Seat 1
            # does not deal" alone left the learner where they started (a walk)
            return _("lesson.wrong.rotate.never_seats", choice=choice,
                     defend=_("lesson.opt.seat_no", n=defend + 1), taken=_("lesson.opt.seat_no", n=taken + 1))
        return _("lesson.wrong.rotate.never", choice=choice)
    if when == {"dealers_up"}:
        return _("lesson.wrong.rotate.defend", choice=choice)
    if when <= {"swap", "attackers_up"}:
        return _("lesson.wrong.rotate.taken", choice=choice)
    return _("lesson.wrong.rotate", choice=choice)


def _throw_forced(step: Step, want: Any, resp: dict[str, Any]) -> str:
    """A wrong pick of the unit a failed throw is left with (R-THROW-FAIL):
    the unit picked is not beaten (and what the other hands hold against
    it), or it is beaten but is not the smallest beaten unit."""

    answers = [a for a in resp["answers"] if isinstance(a, dict)]
    picked = [a for a in answers if value_matches(want, a["unit"])]
    if len(picked) != 1:
        return _("lesson.wrong.throw_forced")
    unit = picked[0]
    if not unit["beats"]:
        return _("lesson.wrong.throw_forced.unbeaten", unit=unit["unit"]["cards"],
                 reason=unit_clause(_as_puzzle(step), unit, named=False))
    return _("lesson.wrong.throw_forced.not_smallest", unit=unit["unit"]["cards"])


#: 一上一下 fields a wrong pick is told the engine's ruling for (R-Y-UP,
#: R-Y-DOWN, R-Y-WIN), and the sentence around it ("": the ruling alone).
_RULED = {"draw": "lesson.wrong.yishang.draw", "taker": "", "challenge_succeeds": "",
          "wins": "lesson.wrong.yishang.wins"}


#: (check kind, refuted field) → where a wrong pick is sent to look (no answer
#: in it); ``"*"``: any field of that kind.
_WHERE_TO_LOOK = {
    ("yishang-face", "*"): "lesson.wrong.yishang.face",
    ("yishang-first", "*"): "lesson.wrong.yishang.cut",
    ("yishang-stall", "*"): "lesson.wrong.yishang.stall",
    ("overturn-effect", "*"): "lesson.wrong.overturn_effect",
}


def max_tries(step: Step) -> int:
    """Wrong answers before the answer is shown, as in the quiz: two for a
    two-way choice (the second pick is the learner's own conclusion), three else."""
    return 2 if step.type == "choice" and len(step.options) <= 2 else 3


def feedback_text(step: Step, verdict: Verdict) -> str:
    """What the learner reads after an answer (without the ✓/✗ mark): the
    verdict, for a right answer the step's last hint as the why, and for a
    miss the rule the engine cited, by its name, when it is not the step's
    own rule (that one is cited beside the step)."""

    text = verdict.text()
    if step.rule:
        # the step's own rule is cited beside the step: a reason that ends
        # on it said it twice ("… Rule: Setup (R-Y-SETUP)." over "Rule:
        # Setup (R-Y-SETUP) · From …", a walk)
        own = _("puzzle.why.see", rule=rule_label(step.rule))
        if text.endswith(own):
            text = text[: -len(own)].rstrip()
    # The step's last hint says why a right answer is right, unless the
    # engine's account already does (a trump's reason, R-ORDER): "♣3: a
    # trump. Think of the fixed 5, 3, 2." read as a hint after the answer.
    engine_why = bool(verdict.params.get("engine_why"))
    why = _(step.hints[-1]) if verdict.correct and step.type != "text" and step.hints \
        and not engine_why else ""
    if why and (why.rstrip(" .。") in text or all(ch.isdigit() or ch in " +×=−-.。" for ch in why)):
        # the engine's account already says it, or the hint is a bare sum the
        # account writes out ("40 + 25 × 2 = 90 … 40 + 25 × 2." / "… 40 + 100.", a walk)
        why = ""
    if why and not why.rstrip().endswith(("?", "？")):
        # the engine says what is right; the step's last hint says why
        # ("15 is not fewer than 15."), so a right answer teaches too
        text += ("" if get_language().startswith("zh") else " ") + why
    if verdict.rule and verdict.rule != step.rule and not verdict.correct:
        sep = "" if get_language().startswith("zh") else " "
        text += sep + _("puzzle.why.see", rule=rule_label(verdict.rule))
    return text


def wrong_answers(step: Step, limit: int = 400) -> list[tuple[str, Any]]:
    """The wrong answers a listing explains: every wrong option of a choice
    step (its label and index); for a select step one wrong selection the
    engine rejects, as ``("*", cards)``."""
    if step.type == "choice":
        right = set(correct_options(step))
        return [(_(o.text, **o.params), i) for i, o in enumerate(step.options) if i not in right]
    if step.type == "select":
        for sel in candidate_selections(step, limit):
            if not judge(step, sel).correct:
                return [("*", sel)]
    return []


def candidate_selections(step: Step, limit: int = 5000) -> Iterable[list[Card]]:
    """Distinct selections from the step's cards (as multisets), of the
    step's ``pick`` size when given, smallest first."""
    faces = sorted(Counter(step.cards).items(), key=lambda kv: kv[0].index)
    sizes: Sequence[int] = [step.pick] if step.pick else range(1, len(step.cards) + 1)
    seen = 0
    for size in sizes:
        for combo in _multisets(faces, size):
            yield combo
            seen += 1
            if seen >= limit:
                return


def _multisets(faces: list[tuple[Card, int]], size: int) -> Iterable[list[Card]]:
    ranges = [range(min(n, size) + 1) for _c, n in faces]
    for counts in itertools.product(*ranges):
        if sum(counts) == size:
            yield [c for (c, _n), k in zip(faces, counts) for _ in range(k)]


def example_answer(step: Step) -> Any:
    """A right answer computed by the engine (a "show me" button, tests):
    the first accepted selection, or the first right option index."""
    if step.type == "choice":
        right = correct_options(step)
        return right[0] if right else None
    if step.type == "select":
        for sel in candidate_selections(step):
            if judge(step, sel).correct:
                return sel
    return None


def several_right(step: Step) -> bool:
    """Whether the engine accepts more than one answer to ``step`` (two
    right options, or two different selections): its shown answer is then
    one of several, and says so."""
    if step.type == "choice":
        return len(correct_options(step)) > 1
    if step.type == "select":
        right = 0
        for sel in candidate_selections(step):
            if judge(step, sel).correct:
                right += 1
                if right > 1:
                    return True
    return False


__all__ = ["judge", "run_check", "matches", "correct_options", "example_answer", "several_right",
           "wrong_reason",
           "max_tries",
           "candidate_selections", "describe", "fill", "feedback_text", "wrong_answers"]
