"""The puzzle bank: questions built from random deals, answered by the engine.

A puzzle is a check request (shared/CONTRACT.md) plus the response field the
learner must give (``answer_field``).  Nothing stores the answer: checking a
puzzle, and showing its explanation, always asks the engine again
(``checks.answer``).

Banks live in ``content/puzzles/<game>.jsonl`` (game = a rules preset:
``henan``, ``wusaner``, ``tractor``, ``yishang``); ids are a hash of the
request, so they stay stable when the bank is regenerated (reading and
writing them: :mod:`lessons.bank`; the answer said with its reason:
:mod:`lessons.answers`).

Kinds and answer fields: ``trick`` → ``winner`` (play index), ``score`` →
``total``, ``follow`` → ``legal``, ``forced`` → ``forced``, ``throw`` →
``stands``, ``safe-throw`` → ``safe``, ``yishang-challenge`` → ``advice``.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

from content.i18n import _, game_msgid, get_language, join_list, rule_label, sentence_gap
from solver.cards import Card, deck, format_cards, parse_cards, points
from solver.rules import preset
from solver.trick import beaters, trick_loss
from solver.trump import TrumpContext
from solver.units import classify, decompose
from checks import answer as engine_response
from lessons import play_puzzles as cards_module
from lessons.bank import (ANSWER_FIELDS, CARD_KINDS, PUZZLE_DIR, PUZZLE_GAMES, Puzzle, bank_path,
                          forget_loaded, load_puzzles, puzzle_id, puzzle_lines)
from lessons.model import Verdict

# -- answering ---------------------------------------------------------------------

def _normalize(field_name: str, value: Any) -> Any:
    if field_name in ("legal", "forced", "stands", "safe"):
        if isinstance(value, str):
            return value.strip().lower() in ("true", "yes", "y", "1")
        return bool(value)
    if field_name in ("winner", "total"):
        try:
            return int(value)
        except (TypeError, ValueError):
            return None
    return value


def options(puzzle: Puzzle) -> list[tuple[str, dict[str, Any], Any]] | None:
    """Answer buttons (message id, params, value), or None for a number input."""
    f = puzzle.answer_field
    if f == "winner":
        return [("lesson.opt.play", {"n": i + 1, "cards": p}, i)
                for i, p in enumerate(puzzle.request["plays"])]
    if f in ("legal",):
        return [("lesson.opt.legal", {}, True), ("lesson.opt.illegal", {}, False)]
    if f == "stands":
        return [("lesson.opt.stands", {}, True), ("lesson.opt.fails", {}, False)]
    if f in ("forced", "safe"):
        return [("lesson.opt.yes", {}, True), ("lesson.opt.no", {}, False)]
    if f == "advice":
        return [("lesson.opt.challenge", {}, "challenge"), ("lesson.opt.pass", {}, "pass")]
    return None


def explain(puzzle: Puzzle, response: dict[str, Any] | None = None) -> str:
    """The localized explanation, filled from the engine's response."""
    resp = response if response is not None else engine_response(puzzle.request)
    return _(puzzle.explanation, **explanation_params(puzzle, resp))


def explanation_params(puzzle: Puzzle, resp: dict[str, Any]) -> dict[str, Any]:
    req = puzzle.request
    p: dict[str, Any] = dict(puzzle.params)
    if puzzle.kind == "trick":
        w = int(resp["winner"])
        p.update(index=w + 1, cards=req["plays"][w], points=resp.get("points", 0))
    elif puzzle.kind == "score":
        p.update(total=resp.get("total"), multiplier=resp.get("multiplier"),
                 kitty_points=resp.get("kitty_points"),
                 bonus=(resp.get("kitty_points") or 0) * (resp.get("multiplier") or 0),
                 outcome=_("lesson.outcome." + str(resp.get("outcome")), levels=resp.get("levels")))
    elif puzzle.kind == "follow":
        reasons = resp.get("reasons") or []
        p.update(reason=reasons[0]["message"] if reasons else _("lesson.judge.follow_legal"),
                 rule=reasons[0]["rule"] if reasons else "")
    elif puzzle.kind == "forced":
        p.update(count=resp.get("legal_follows"), example=resp.get("example"),
                 always=resp.get("always") or "—")
    elif puzzle.kind == "throw":
        forced = resp.get("forced")
        p.update(forced=forced["cards"] if forced else "",
                 beaten=", ".join(u["cards"] for u in resp.get("beaten") or []))
    elif puzzle.kind == "safe-throw":
        p.update(threats=", ".join(u["cards"] for u in resp.get("threats") or []))
    elif puzzle.kind == "yishang-challenge":
        p.update(yishang_params(resp))
    return p


def _cards_module(puzzle: Puzzle) -> Any:
    """The one dispatch point for card puzzles (typed plays, judged by
    search): :mod:`lessons.play_puzzles` for them, None for the check kinds."""
    return cards_module if puzzle.kind in CARD_KINDS else None


def response(puzzle: Puzzle) -> dict[str, Any] | None:
    """The engine's answer to the puzzle's check request, to share between
    the text calls (None for a card puzzle: its texts search themselves)."""
    return None if _cards_module(puzzle) else engine_response(puzzle.request)


def check_puzzle_answer(puzzle: Puzzle, answer: Any) -> Verdict:
    """Judge ``answer`` by asking the engine the puzzle's question now.

    A right answer says why it is right; a wrong one says why that answer
    is wrong without giving the right one away (``reveal`` does that)."""
    if cards := _cards_module(puzzle):
        verdict: Verdict = cards.check_play_answer(puzzle, answer)
        return verdict
    resp = engine_response(puzzle.request)
    if "error" in resp:
        return Verdict(False, "puzzle.verdict.error", {"reason": resp["error"].get("message", "")}, None)
    right = resp.get(puzzle.answer_field)
    ok = _normalize(puzzle.answer_field, answer) == right
    if ok:
        return Verdict(True, "puzzle.verdict.right", {"explanation": explain_right(puzzle, resp)}, None)
    return Verdict(False, "puzzle.verdict.wrong",
                   {"explanation": explain_wrong(puzzle, answer, resp)}, None)


RULE_OF_KIND = {"trick": "R-BEAT", "score": "R-KITTY", "follow": "R-FOLLOW", "forced": "R-FORCED",
                "throw": "R-THROW-BEAT", "safe-throw": "R-THROW-SAFE", "yishang-challenge": "R-Y-DOWN"}


def max_tries(puzzle: Puzzle) -> int:
    """How many answers a learner gives before the answer is shown: one
    for a yes/no question (the reason a wrong answer gets gives the other
    away: a walk read "Wrong: only one follow is legal here… Try again"),
    three else."""
    opts = options(puzzle)
    return 1 if opts is not None and len(opts) <= 2 else 3


def _see(rid: str) -> str:
    """The rule cited by its name, as the sentence that ends an explanation."""
    return _sep() + _("puzzle.why.see", rule=rule_label(rid))


def _list(items: Any) -> str:
    """Units listed the way the language lists them (``♦J, ♦8`` / ``♦J、♦8``)."""
    return join_list(items)


_sep = sentence_gap  # between two sentences: a space in English, nothing in Chinese


def question_text(puzzle: Puzzle) -> str:
    """The question in the puzzle's game's own words."""
    return _(game_msgid(puzzle.game, puzzle.question), **puzzle.params)


def answer_text(puzzle: Puzzle, resp: dict[str, Any] | None = None) -> str:
    """The right answer as the learner sees it (the option's label, or the number)."""
    if cards := _cards_module(puzzle):
        return str(cards.answer_text(puzzle))
    resp = resp if resp is not None else engine_response(puzzle.request)
    right = resp.get(puzzle.answer_field)
    for msg, params, value in options(puzzle) or []:
        if value == right:
            return _(msg, **params)
    return str(right)


def _ctx(puzzle: Puzzle) -> TrumpContext:
    req = puzzle.request
    return TrumpContext(preset(str(req["rules"])), str(req["level"]), req.get("trump") or "NT")


def _is_trump(puzzle: Puzzle, cards: str) -> bool:
    ctx = _ctx(puzzle)
    return all(ctx.is_trump(c) for c in parse_cards(cards))


def explain_right(puzzle: Puzzle, resp: dict[str, Any] | None = None) -> str:
    """Why the engine's answer is right: the cards, the numbers and the rule by its name."""
    if cards := _cards_module(puzzle):
        return str(cards.explain_right(puzzle))
    resp = resp if resp is not None else engine_response(puzzle.request)
    req, kind = puzzle.request, puzzle.kind
    if kind == "trick":
        w = int(resp["winner"])
        plays = req["plays"]
        if w == 0:
            why = "puzzle.why.trick.lead"
        elif _is_trump(puzzle, plays[w]) and not _is_trump(puzzle, plays[0]):
            why = "puzzle.why.trick.ruff"
        else:
            why = "puzzle.why.trick.higher"
        return _(why, index=w + 1, cards=plays[w], points=resp.get("points", 0)) + _see("R-BEAT")
    if kind == "score":
        mult = int(resp.get("multiplier") or 0)
        kitty = int(resp.get("kitty_points") or 0)
        base = int(req.get("attacker_points") or 0)
        outcome = _(game_msgid(puzzle.game, "lesson.outcome." + str(resp.get("outcome"))),
                    levels=resp.get("levels"))
        if not req.get("attackers_won_last") or mult == 0:
            text = _(game_msgid(puzzle.game, "puzzle.why.score.no_kitty"), points=base, kitty_points=kitty, total=resp.get("total"))
        else:
            text = _(game_msgid(puzzle.game, "puzzle.why.score.kitty"), points=base, kitty_points=kitty, multiplier=mult,
                     bonus=kitty * mult, total=resp.get("total"), last_lead=req.get("last_lead", ""))
        return text + _sep() + _("puzzle.why.score.outcome", outcome=outcome) + _see("R-KITTY")
    if kind == "follow":
        reasons = resp.get("reasons") or []
        if resp.get("legal"):
            return _("puzzle.why.follow.legal", play=req["play"]) + _see("R-FOLLOW")
        return _("puzzle.why.follow.illegal", play=req["play"], reason=reasons[0]["message"]) \
            + _see(str(reasons[0].get("rule") or "R-FOLLOW"))
    if kind == "forced":
        if resp.get("forced"):
            pins: list[dict[str, Any]] = resp.get("reasons") or []
            if pins:  # the obligation that pins it, in the engine's words
                return _("puzzle.why.forced.yes", example=resp.get("example")) + _sep() \
                    + str(pins[0]["message"]) + _see(str(pins[0].get("rule") or "R-FORCED"))
            return _("puzzle.why.forced.yes", example=resp.get("example")) + _see("R-FORCED")
        return _("puzzle.why.forced.no", count=resp.get("legal_follows"), example=resp.get("example")) \
            + _see("R-FORCED")
    if kind == "throw":
        if resp.get("stands"):
            return _("puzzle.why.throw.stands", throw=req["throw"]) + _see("R-THROW-BEAT")
        beaten = _list(u["cards"] for u in resp.get("beaten") or [])
        forced = (resp.get("forced") or {}).get("cards", "")
        return _("puzzle.why.throw.fails", beaten=beaten, forced=forced) + _see("R-THROW-FAIL")
    if kind == "safe-throw":
        if resp.get("safe"):
            return _("puzzle.why.safe.yes", throw=req["throw"]) + _see("R-THROW-SAFE")
        threats = _list(u["cards"] for u in resp.get("threats") or [])
        return _("puzzle.why.safe.no", threats=threats) + _see("R-THROW-SAFE")
    if kind == "yishang-challenge":
        return explain(puzzle, resp) + _see("R-Y-DOWN")
    return explain(puzzle, resp)


#: yes/no kinds: the engine's field, what a wrong answer is told when that
#: field is true (the learner said no) or false (the learner said yes), the
#: rule.  Each message is named after the wrong answer it corrects
#: (``….forced.no`` answers a learner who said "no, not forced").
_YES_NO_WRONG = {
    "follow": ("legal", "puzzle.wrong.follow.illegal", "puzzle.wrong.follow.legal", "R-FOLLOW"),
    "forced": ("forced", "puzzle.wrong.forced.no", "puzzle.wrong.forced.yes", "R-FORCED"),
}


def explain_wrong(puzzle: Puzzle, answer: Any, resp: dict[str, Any] | None = None,
                  named: bool = True) -> str:
    """Why ``answer`` is wrong, from the engine's response: the fact the
    answer overlooks (the unit another hand beats, and with what; the duty a
    follow breaks; the kitty's multiplier), in words that leave the choice
    among several answers to the learner (``answer`` None: what any wrong
    number or play is told, for free-entry puzzles).  ``named``: the other
    hands are shown with their labels (the quiz: "Other 2"), so a reason
    may name them; a lesson shows none."""
    if cards := _cards_module(puzzle):
        return str(cards.explain_wrong(puzzle, None if answer is None else parse_cards(str(answer))))
    resp = resp if resp is not None else engine_response(puzzle.request)
    req, kind = puzzle.request, puzzle.kind
    value = _normalize(puzzle.answer_field, answer) if answer is not None else None
    if kind == "trick":
        if isinstance(value, int) and 0 <= value < len(req["plays"]):
            # The engine's reason this play loses (a tie goes to the earlier
            # play, a trump beats a plain suit, a higher play of the suit,
            # a play that does not compete); the winner is left to find.
            plays = [parse_cards(p) for p in req["plays"]]
            loss = trick_loss(_ctx(puzzle), plays, value)
            if loss is not None:
                # and a play that beats it, the lowest such (not always the
                # winner): "a higher play beats it" left ♠2 under ♠A unsaid
                above = beaters(_ctx(puzzle), plays, value)
                params = {} if not above else {"m": above[0] + 1, "by": req["plays"][above[0]]}
                # the one play that beats it is named as such, not "for one" (a walk)
                only = "_only" if len(above) == 1 and loss != "tie" else ""
                return _(f"puzzle.wrong.trick.{loss}{only}", n=value + 1, cards=req["plays"][value], **params) \
                    + _see({"tie": "R-TIE", "off": "R-COVER"}.get(loss, "R-BEAT"))
        return _("puzzle.wrong.trick.any") + _see("R-BEAT")
    if kind == "score":
        counts = bool(req.get("attackers_won_last")) and int(resp.get("multiplier") or 0) > 0
        base = int(req.get("attacker_points") or 0)
        kitty, mult = int(resp.get("kitty_points") or 0), int(resp.get("multiplier") or 0)
        if value is not None and counts and kitty == 0 and value != base:
            return _("puzzle.wrong.score.empty_kitty", kitty=req.get("kitty", "")) + _see("R-KITTY")
        if isinstance(value, int) and counts and kitty and value > base and (value - base) % kitty == 0:
            # the kitty counted with another multiplier than the engine's
            return _("puzzle.wrong.score.multiplier", kitty_points=kitty, wrong=(value - base) // kitty,
                     multiplier=mult, last_lead=req.get("last_lead", "")) + _see("R-KITTY")
        if value is not None and counts and value == base:
            key = "puzzle.wrong.score.no_kitty"
        elif value is not None and not counts and value > base:
            key = "puzzle.wrong.score.kitty_added"
        else:
            key = "puzzle.wrong.score.any"
        return _(game_msgid(puzzle.game, key)) + _see("R-KITTY")
    if kind in ("throw", "safe-throw"):
        rid = "R-THROW-BEAT" if kind == "throw" else "R-THROW-SAFE"
        if resp.get("answers"):
            return _throw_wrong(puzzle, resp, named=named) + _see(rid)
        # no units to answer: one unit is not a throw, it always stands (is safe)
        return _("puzzle.wrong.throw.one_unit", throw=req["throw"]) + _see("R-LEAD")
    if kind == "follow" and not resp.get("legal") and resp.get("reasons"):
        reason = resp["reasons"][0]  # the duty this follow breaks, in the engine's words
        return _("puzzle.wrong.follow.broken", reason=reason["message"]) \
            + _see(str(reason.get("rule") or "R-FOLLOW"))
    if kind == "forced" and resp.get("forced") and resp.get("reasons"):
        pin = resp["reasons"][0]  # what pins the follow, in the engine's words
        return _("puzzle.wrong.forced.pinned", reason=pin["message"]) \
            + _see(str(pin.get("rule") or "R-FORCED"))
    if kind == "forced" and not resp.get("forced") and len(resp.get("examples") or []) >= 2:
        first, second = resp["examples"][:2]
        return _("puzzle.wrong.forced.two", first=first, second=second) + _see("R-FORCED")
    if kind in _YES_NO_WRONG:
        field_name, when_true, when_false, rid = _YES_NO_WRONG[kind]
        return _(when_true if resp.get(field_name) else when_false) + _see(rid)
    if kind == "yishang-challenge":
        return _yishang_wrong(value, resp) + _see("R-Y-DOWN")
    return _("puzzle.wrong.any")


def _yishang_wrong(choice: Any, resp: dict[str, Any]) -> str:
    """R-Y-DOWN, R-Y-WIN: why the learner's own choice (``"challenge"`` or
    ``"pass"``) costs more, from the engine's chances: the claim is false
    ``p_model`` of the time by the play model (which the advice follows)
    and ``p_uniform`` by the count alone, against ``p_break_even``; a claim
    of the claimer's last card (break-even 0) loses the game if let stand.
    The other choice is not named."""
    if choice not in ("challenge", "pass") or choice == resp.get("advice") \
            or "p_break_even" not in resp:
        return _("puzzle.wrong.yishang")
    even, pu, pm = (float(resp[k]) for k in ("p_break_even", "p_uniform", "p_model"))
    shown = {"p_uniform": f"{100 * pu:.0f}%", "p_model": f"{100 * pm:.0f}%",
             "p_even": f"{100 * even:.0f}%"}
    if choice == "pass" and even <= 0:
        return _("puzzle.wrong.yishang.pass.last", **shown)
    above = choice == "pass"   # the claim is false often enough that letting it stand costs more
    if (pm > even) != above:   # the advice went by the costs, not the model's chance alone
        return _("puzzle.wrong.yishang")
    both = (pu > even) == above
    return _(f"puzzle.wrong.yishang.{choice}.{'both' if both else 'model'}", **shown)


def _unit_suit(puzzle: Puzzle, cards: str) -> str:
    """The effective suit of a unit's cards, by name (trumps count as one
    suit); a plain suit is said as such ("plain hearts ♥"): in 五三二 ♥5 ♥3
    ♥2 are trumps, and "none of the unseen cards is in hearts" read as
    false beside them (the learner walk of 2026-12-03)."""
    suit = _ctx(puzzle).suit_of(parse_cards(cards)[0])
    return _("suit." + suit) if suit == "T" else _("puzzle.suit.plain", suit=_("suit." + suit))


def unit_clause(puzzle: Puzzle, answer: dict[str, Any], named: bool = True,
                units: list[str] | None = None) -> str:
    """One unit of a throw and the strongest same-shaped unit against it
    (an ``answers`` entry of a throw or safe-throw response, R-THROW-BEAT):
    who holds what that beats it, or why nothing does.  ``units``: the
    units answered the same way, named together (default: the entry's)."""
    own = str(answer["unit"]["cards"])
    unit = _list(units or [own])
    where = "throw" if puzzle.kind == "throw" else "safe"
    if answer["beats"]:
        if where == "safe":
            return _("puzzle.clause.safe.beaten", cards=answer["cards"], unit=unit)
        if named:
            return _("puzzle.clause.throw.beaten_by", cards=answer["cards"], unit=unit,
                     holder=_("puzzle.other", n=int(answer["other"]) + 1))
        return _("puzzle.clause.throw.beaten", cards=answer["cards"], unit=unit)
    state = "lower" if answer["cards"] else "none"
    return _(f"puzzle.clause.{where}.{answer['unit']['type']}.{state}", unit=unit,
             cards=answer["cards"], suit=_unit_suit(puzzle, own), length=len(parse_cards(own)) // 2)


def _clauses(items: Any) -> str:
    """Clauses of one sentence: "; " in English, "；" in Chinese."""
    return ("；" if get_language().startswith("zh") else "; ").join(items)


def _throw_wrong(puzzle: Puzzle, resp: dict[str, Any], named: bool = True) -> str:
    """A wrong throw or safe-throw answer: the units beaten and by what, or,
    when none is, why each one stands (the engine's ``answers``)."""
    answers = [a for a in resp["answers"] if isinstance(a, dict)]
    beaten = [a for a in answers if a["beats"]]
    which = "throw" if puzzle.kind == "throw" else "safe"
    # units answered by the same cards in the same way share one clause
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for a in beaten or answers:
        key = (a["beats"], a["unit"]["type"], a["cards"], a.get("other"),
               len(parse_cards(a["unit"]["cards"])))
        groups.setdefault(key, []).append(a)
    clauses = [unit_clause(puzzle, same[0], named, [a["unit"]["cards"] for a in same])
               for same in groups.values()]
    # beaten units: the learner said it stands (is safe); else that it fails
    return _(f"puzzle.wrong.{which}.{'beaten' if beaten else 'unbeaten'}", reasons=_clauses(clauses))


def wrong_choices(puzzle: Puzzle, resp: dict[str, Any] | None = None) -> list[tuple[str, Any]]:
    """Each wrong choice offered (its label and value); ``("*", None)`` for
    a free-entry puzzle.  Generic over kinds: any kind with ``options``."""
    opts = options(puzzle)
    if opts is None:
        return [("*", None)]
    resp = resp if resp is not None else engine_response(puzzle.request)
    right = resp.get(puzzle.answer_field)
    return [(_(msg, **params), value) for msg, params, value in opts if value != right]


# -- generation --------------------------------------------------------------------

#: Share of each kind in a Shengji bank.
MIX = (("trick", 0.25), ("follow", 0.25), ("forced", 0.15), ("score", 0.15), ("throw", 0.10),
       ("safe-throw", 0.10))


class _Deal:
    def __init__(self, game: str, rng: random.Random) -> None:
        self.rules = preset(game)
        self.level = rng.choice(self.rules.level_sequence)
        self.trump: str | None = None if rng.random() < 0.1 else rng.choice("SHDC")
        self.ctx = TrumpContext(self.rules, self.level, self.trump)
        cards = deck()
        rng.shuffle(cards)
        n = self.rules.hand_size
        self.hands = [cards[i * n:(i + 1) * n] for i in range(4)]
        self.kitty = cards[4 * n:]
        self.rng = rng

    def base(self, kind: str) -> dict[str, Any]:
        from solver.cards import RANK_NAMES

        return {"kind": kind, "rules": self.rules.name, "level": RANK_NAMES[self.level],
                "trump": self.trump or "NT"}

    def fmt(self, cards: Any) -> str:
        return format_cards(self.ctx.sorted(cards))

    def lead_from(self, hand: list[Card], prefer_big: bool = True) -> list[Card]:
        units = decompose(self.ctx, hand)
        big = [u for u in units if u.length >= 1]
        pool = big if (big and prefer_big and self.rng.random() < 0.6) else units
        u = self.rng.choice(pool)
        if u.length >= 2 and self.rng.random() < 0.5:
            u = u  # whole tractor
        return list(u.cards)

    def follow_for(self, lead: list[Card], hand: list[Card]) -> list[Card]:
        from solver.generator import legal_follows

        follows = list(itertools.islice(legal_follows(self.ctx, lead, hand), 400))
        ruffs = [f for f in follows if all(self.ctx.is_trump(c) for c in f)]
        if ruffs and not all(self.ctx.is_trump(c) for c in lead) and self.rng.random() < 0.5:
            return list(self.rng.choice(ruffs))
        return list(self.rng.choice(follows))


def _small_hand(deal: _Deal, hand: list[Card], size: int, must: list[Card] | None = None) -> list[Card]:
    """A hand later in the play: a random subset of ``hand``, biased towards
    the led suit so following is interesting."""
    rng = deal.rng
    out = list(must or [])
    rest = list((Counter(hand) - Counter(out)).elements())
    rng.shuffle(rest)
    if must:
        suit = deal.ctx.suit_of(must[0])
        rest.sort(key=lambda c: (deal.ctx.suit_of(c) != suit) and rng.random() < 0.6)
    out += rest[: max(0, size - len(out))]
    return out


def _rating(base: int, *extras: int) -> int:
    return max(600, min(2200, base + sum(extras)))


def _gen_trick(deal: _Deal) -> tuple[dict[str, Any], int] | None:
    lead = deal.lead_from(deal.hands[0])
    plays = [lead] + [deal.follow_for(lead, deal.hands[i]) for i in (1, 2, 3)]
    req = {**deal.base("trick"), "plays": [deal.fmt(p) for p in plays]}
    lead_c = classify(deal.ctx, lead)
    ruffs = sum(1 for p in plays[1:] if all(deal.ctx.is_trump(c) for c in p)
                and lead_c.suit != "T")
    return req, _rating(800, 150 * lead_c.pairs, 120 * ruffs, 150 if deal.trump is None else 0,
                        100 if lead_c.suit == "T" else 0)


def _gen_score(deal: _Deal) -> tuple[dict[str, Any], int] | None:
    rng = deal.rng
    kitty = deal.kitty
    if deal.rules.kitty_multiplier == "flat":  # R-W-KITTY: only non-point cards are buried
        pool = [c for c in deal.hands[0] + deal.kitty if c.points == 0 and not deal.ctx.is_trump(c)]
        kitty = rng.sample(pool, len(deal.kitty)) if len(pool) >= len(deal.kitty) else deal.kitty
    won = rng.random() < 0.6
    req = {**deal.base("score"), "attacker_points": 5 * rng.randint(0, 30), "kitty": deal.fmt(kitty),
           "attackers_won_last": won}
    if won:
        req["last_lead"] = deal.fmt(deal.lead_from(deal.hands[1]))
    mult = 0
    if won:
        mult = len(parse_cards(req["last_lead"]))
    return req, _rating(850, 150 if won else 0, 40 * mult, points(kitty) // 5 * 5)


def _gen_follow(deal: _Deal) -> tuple[dict[str, Any], int] | None:
    rng = deal.rng
    from solver.generator import is_legal_follow

    lead = deal.lead_from(deal.hands[0])
    hand = _small_hand(deal, deal.hands[1], rng.randint(max(len(lead) + 2, 6), 12))
    if rng.random() < 0.5:
        play = deal.follow_for(lead, hand)
    else:
        play = []
        for _try in range(40):
            suit_cards = [c for c in hand if deal.ctx.suit_of(c) == deal.ctx.suit_of(lead[0])]
            pool = hand if rng.random() < 0.5 or not suit_cards else suit_cards + rng.sample(hand, min(3, len(hand)))
            pool = list((Counter(pool) & Counter(hand)).elements())
            if len(pool) < len(lead):
                continue
            cand = rng.sample(pool, len(lead))
            if not is_legal_follow(deal.ctx, lead, hand, cand):
                play = cand
                break
        if not play:
            return None
    req = {**deal.base("follow"), "lead": deal.fmt(lead), "hand": deal.fmt(hand), "play": deal.fmt(play)}
    lc = classify(deal.ctx, lead)
    return req, _rating(900, 150 * lc.pairs, 8 * len(hand), 120 if deal.rules.trump_pair_highest_fallback else 0)


def _gen_forced(deal: _Deal) -> tuple[dict[str, Any], int] | None:
    rng = deal.rng
    from solver.generator import count_legal_follows

    lead = deal.lead_from(deal.hands[0])
    hand = _small_hand(deal, deal.hands[2], rng.randint(max(len(lead) + 1, 5), 10))
    n = count_legal_follows(deal.ctx, lead, hand)
    req = {**deal.base("forced"), "lead": deal.fmt(lead), "hand": deal.fmt(hand)}
    lc = classify(deal.ctx, lead)
    return req, _rating(1000, 150 * lc.pairs, 10 * len(hand), 100 if n == 1 else 0)


def _throw_candidate(deal: _Deal, hand: list[Card]) -> list[Card] | None:
    rng = deal.rng
    by_suit: dict[str, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(deal.ctx.suit_of(c), []).append(c)
    suits = [s for s, cs in by_suit.items() if len(decompose(deal.ctx, cs)) >= 2]
    if not suits:
        return None
    s = rng.choice(suits)
    units = decompose(deal.ctx, by_suit[s])
    units.sort(key=lambda u: -u.top)
    k = rng.randint(2, min(4, len(units)))
    chosen = units[:k] if rng.random() < 0.7 else rng.sample(units, k)
    cards = [c for u in chosen for c in u.cards]
    if len(decompose(deal.ctx, cards)) < 2:
        return None
    return cards


def _gen_throw(deal: _Deal) -> tuple[dict[str, Any], int] | None:
    throw = _throw_candidate(deal, deal.hands[0])
    if throw is None:
        return None
    others = [deal.hands[i] for i in (1, 2, 3)]
    req = {**deal.base("throw"), "throw": deal.fmt(throw), "others": [deal.fmt(h) for h in others]}
    units = decompose(deal.ctx, throw)
    return req, _rating(1150, 60 * len(units), 100 * sum(1 for u in units if u.length))


def _gen_safe(deal: _Deal) -> tuple[dict[str, Any], int] | None:
    rng = deal.rng
    hand = deal.hands[0]
    throw = _throw_candidate(deal, hand)
    if throw is None:
        return None
    suit = deal.ctx.suit_of(throw[0])
    others = [c for i in (1, 2, 3) for c in deal.hands[i]]
    in_suit = [c for c in others if deal.ctx.suit_of(c) == suit]
    off = [c for c in others if deal.ctx.suit_of(c) != suit]
    frac = rng.choice((0.5, 0.8, 1.0, 1.0))
    seen = rng.sample(in_suit, int(len(in_suit) * frac)) + rng.sample(off, min(len(off), rng.randint(4, 20)))
    req = {**deal.base("safe-throw"), "throw": deal.fmt(throw), "hand": deal.fmt(hand),
           "seen": deal.fmt(seen)}
    units = decompose(deal.ctx, throw)
    return req, _rating(1300, 60 * len(units), 100 * sum(1 for u in units if u.length))


GENERATORS = {"trick": _gen_trick, "score": _gen_score, "follow": _gen_follow, "forced": _gen_forced,
              "throw": _gen_throw, "safe-throw": _gen_safe}
QUESTIONS = {k: (f"puzzle.q.{k}", f"puzzle.x.{k}") for k in ANSWER_FIELDS}


def _yishang(rng: random.Random) -> tuple[dict[str, Any], int] | None:
    pack = deck(copies=1, jokers=False)
    rng.shuffle(pack)
    hand = pack[: rng.randint(2, 7)]
    seen = pack[len(hand): len(hand) + rng.randint(0, 12)]
    from solver.yishang.ranks import rank_name

    target = rng.randint(3, 14)
    declared = rng.randint(target, 15) if rng.random() < 0.9 else rng.randint(3, 15)
    pile = rng.randint(1, 14)
    req = {"kind": "yishang-challenge", "rules": "yishang", "target": rank_name(target),
           "declared": rank_name(declared), "hand": format_cards(hand), "seen": format_cards(seen),
           "pile_size": pile}
    return req, 0


def _yishang_late(rng: random.Random) -> tuple[dict[str, Any], int] | None:
    """A late-game claim: the challenger can place most of the pack (their
    big hand, the face-up cards), and three or four copies of the declared
    rank are among the few cards they cannot see, so counting says the claim
    may well be true."""
    from solver.yishang.ranks import rank_name, yrank

    target = rng.randint(3, 14)
    declared = rng.randint(target, 15)
    pack = deck(copies=1, jokers=False)
    rng.shuffle(pack)
    same = [c for c in pack if yrank(c) == declared]
    rest = [c for c in pack if yrank(c) != declared]
    out_of_sight = rng.randint(3, 4)
    unseen = rng.randint(9, 14)
    known = same[out_of_sight:] + rest[: 52 - unseen - (4 - out_of_sight)]
    rng.shuffle(known)
    n_hand = rng.randint(2, min(20, len(known)))
    # Sorted by rank, so the learner can count the copies of the declared rank.
    def by_rank(cs: list[Card]) -> list[Card]:
        return sorted(cs, key=lambda c: (yrank(c), c.suit))

    req = {"kind": "yishang-challenge", "rules": "yishang", "target": rank_name(target),
           "declared": rank_name(declared), "hand": format_cards(by_rank(known[:n_hand])),
           "seen": format_cards(by_rank(known[n_hand:])), "pile_size": rng.randint(1, 14)}
    return req, 0


#: 一上一下 puzzles keep only claims where the count (``p_uniform``: what the
#: learner can compute) and the engine's model of play (``p_model``) fall on
#: the same side of the break-even chance (``p_break_even``), each at least
#: this far from it: the graded advice then follows from either number.
YISHANG_MARGIN = 0.1


def yishang_params(resp: dict[str, Any]) -> dict[str, str]:
    """The three chances of a ``yishang-challenge`` response as shown, the
    advice, and the verdict: both numbers agree, or the advice follows the
    model (message ``puzzle.x.yishang-challenge``)."""
    advice = _("lesson.opt." + str(resp["advice"]))
    even = float(resp["p_break_even"])
    challenge = resp["advice"] == "challenge"
    if even <= 0:
        verdict = ""   # a last card: the "even" sentence already says to challenge
    elif all((float(resp[k]) > even) == challenge for k in ("p_uniform", "p_model")):
        verdict = _("puzzle.x.yishang.both_above" if challenge else "puzzle.x.yishang.both_below")
    else:
        verdict = _("puzzle.x.yishang.model_only", advice=advice)
    if verdict:  # after the "even" sentence; nothing (not a stray space) when there is no verdict
        verdict = sentence_gap() + verdict
    p_even = f"{100 * even:.0f}%"
    odds = next((e["params"] for e in resp.get("explanation") or []
                 if e.get("code") == "yishang.hint.challenge.odds"), None)
    count = _("puzzle.x.yishang.count", unseen=odds["unseen"], copies=odds["copies"],
              declared=odds["declared"]) if odds else ""
    below = next((e["params"] for e in resp.get("explanation") or []
                  if e.get("code") == "yishang.hint.challenge.below_target"), None)
    if below is not None:
        # the reason a claim under the target always fails (R-Y-DOWN): "a
        # challenge succeeds 100% of the time" by counting alone read as a
        # count nothing on screen supported (a walk)
        count = _("puzzle.x.yishang.below", declared=below["declared"], target=below["target"])
    return {"count": count,"p_uniform": f"{100 * float(resp['p_uniform']):.0f}%",
            "p_model": f"{100 * float(resp['p_model']):.0f}%", "p_even": p_even,
            "even": _("puzzle.x.yishang.even", p_even=p_even) if even > 0
            else _("puzzle.x.yishang.last_card"),
            "advice": advice, "verdict": verdict}


def yishang_agrees(resp: dict[str, Any]) -> bool:
    """Whether a ``yishang-challenge`` response is a clear call (YISHANG_MARGIN)."""
    even = float(resp["p_break_even"])
    want = resp["advice"] == "challenge"
    return all((p > even) == want and abs(p - even) >= YISHANG_MARGIN
               for p in (float(resp["p_uniform"]), float(resp["p_model"])))


def generate_puzzles(preset_name: str, count: int, seed: int = 0) -> list[Puzzle]:
    """``count`` puzzles for one game from random deals; every answer is
    computed (and so verified) by the engine; duplicates are dropped."""
    rng = random.Random(f"{preset_name}:{seed}")
    out: list[Puzzle] = []
    ids: set[str] = set()
    if preset(preset_name).flow == "yishang":
        kinds = ["yishang-challenge"] * count
    else:
        kinds = []
        for kind, share in MIX:
            kinds += [kind] * max(1, round(count * share))
        kinds = kinds[:count] + ["trick"] * max(0, count - len(kinds))
    balance: dict[str, Counter[Any]] = {}
    attempts = 0
    i = 0
    # Late-game claims come from their own stream, so the early ones (and
    # their ids) do not move when the mix changes.
    late = random.Random(f"{preset_name}:late:{seed}")
    while i < len(kinds) and attempts < count * 60:
        attempts += 1
        kind = kinds[i]
        if kind == "yishang-challenge":
            made = _yishang(rng) if attempts % 2 else _yishang_late(late)
        else:
            made = GENERATORS[kind](_Deal(preset_name, rng))
        if made is None:
            continue
        req, rating = made
        resp = engine_response(req)
        if "error" in resp:
            continue
        field_name = ANSWER_FIELDS[kind]
        value = resp[field_name]
        # Keep yes/no kinds balanced: skip an answer already over-represented.
        seen = balance.setdefault(kind, Counter())
        if isinstance(value, (bool, str)) and seen[value] > seen.total() / 2 + 2:
            continue
        if kind == "yishang-challenge" and not yishang_agrees(resp):
            continue
        if kind == "yishang-challenge":
            # Hard when the two choices cost nearly the same (a close call).
            if "cost_challenge" in resp and "cost_pass" in resp:
                margin = abs(float(resp["cost_challenge"]) - float(resp["cost_pass"]))
            else:
                margin = abs(float(resp["p_model"]) - 0.5) * int(req["pile_size"])
            rating = _rating(1700 - min(1000, int(150 * margin)), 0)
        pid = puzzle_id(preset_name, req)
        if pid in ids:
            continue
        seen[value] += 1
        ids.add(pid)
        q, x = QUESTIONS[kind]
        params = {"target": req["target"], "declared": req["declared"]} if kind == "yishang-challenge" else {}
        out.append(Puzzle(pid, preset_name, kind, rating, req, q, params, field_name, x))
        i += 1
    out.sort(key=lambda p: (p.rating, p.id))
    return out


__all__ = ["Puzzle", "load_puzzles", "puzzle_lines", "bank_path", "forget_loaded", "check_puzzle_answer", "generate_puzzles",
           "engine_response", "explain", "explain_right", "explain_wrong", "answer_text", "question_text",
           "wrong_choices", "max_tries", "options", "puzzle_id", "PUZZLE_DIR", "PUZZLE_GAMES", "ANSWER_FIELDS",
           "CARD_KINDS"]
