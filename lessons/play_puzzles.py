"""Play puzzles (issue 17): "find the best play", mined from self-play.

Two kinds, both answered by typing cards:

* ``play``: a bank per Shengji preset (``content/puzzles/play/<game>.jsonl``,
  kept apart from the legality bank so both can be regenerated alone).
  Positions come from baseline self-play hands once every hand holds at
  most ``PLAY_CARDS`` cards; all cards are open, so the exact search
  (:class:`solver.search.alphabeta.Solver`) answers.  A position is kept
  when one play is clearly best: every play that is not equivalent to it
  (equal cards up to :func:`~solver.search.alphabeta.equivalence_classes`)
  is worse by at least ``MARGIN`` points for the mover's side.  The answer is
  right when its exact value equals the best's (so it is the best play or
  an equivalent one).  The "tempting" wrong play is what the baseline bot
  played there when that was not best, else the second-best play.
* ``mistake``: a personal puzzle from a reviewed hand of the learner's
  (:mod:`solver.search.review`), seen from the learner's seat (hidden hands
  sampled as in the review); right when the answer is within
  ``PERSONAL_MARGIN`` points of the best on the review's sampled deals.

Nothing here stores an answer: checking and explaining ask the engine again
(the ``params`` keep the mined best play only so a test can re-verify it).
Ids are a hash of the position (``play``) or name the saved hand and play
(``mistake``), so they stay stable.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from checks.legal import reason_message
from content.i18n import _, game_msgid, seat_word
from content.i18n import sentence_gap as _sep  # between two sentences: a space in English, nothing in Chinese
from lessons.bank import CARD_KINDS, PUZZLE_DIR, Puzzle, load_puzzles
from lessons.model import Verdict
from solver.cards import Card, format_cards, parse_cards
from solver.errors import SolverError
from solver.position import Position
from solver.search.alphabeta import Solver, State, _signature, equivalence_classes
from solver.search.model import CachedMoves, Play, Table, faces

PLAY_DIR = PUZZLE_DIR / "play"
PLAY_GAMES = ("henan", "wusaner", "tractor")
#: Positions are taken once every hand holds at most this many cards (and the
#: mover at least 2).
PLAY_CARDS = 5
#: "Clearly best": every non-equivalent play is worse by at least this many
#: points (two 5s) for the mover's side.
MARGIN = 10
#: A personal puzzle is solved by a play within this many points of the best
#: (on the review's sampled deals: the noise of near-equal plays is a few
#: points, see docs/REVIEW.md).
PERSONAL_MARGIN = 5.0
#: At most this many puzzles from one self-play hand (variety).
PER_HAND = 2


def _digest(data: Any) -> str:
    return hashlib.sha1(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def play_puzzle_id(game: str, request: dict[str, Any]) -> str:
    return f"{game}-play-{_digest(request)[:12]}"


# -- the exact answer ------------------------------------------------------------------


def _state(pos: Position) -> State:
    hands = tuple(faces(pos.hand(s)) for s in range(4))
    return State((hands[0], hands[1], hands[2], hands[3]), pos.leader,
                 tuple(faces(p) for p in pos.trick), pos.attacker_points, pos.dealer,
                 sum(c.points for c in pos.kitty))


class Solved:
    """Every legal play of the mover with its exact value, and the classes
    of equivalent plays."""

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.state = _state(pos)
        table, moves = Table(pos.ctx), CachedMoves(pos.ctx)
        self.solver = Solver(table, moves, dealer=pos.dealer,
                             kitty_points=self.state.kitty_points)
        self.values: list[tuple[Play, int]] = self.solver.analyse(self.state)
        seat = self.state.to_move
        self.attacker = (seat - pos.dealer) % 2 == 1
        self.classes = equivalence_classes(table, self.state.hands, seat, self.state.trick)

    def sig(self, play: Play) -> tuple[int, ...]:
        return _signature(play, self.classes)

    @property
    def best(self) -> tuple[Play, int]:
        return self.values[0]

    def value(self, play: Play) -> int:
        got = next((v for p, v in self.values if p == play), None)
        if got is None:
            got = self.solver.value(self.solver.after(self.state, play))
        return got

    def cost(self, play: Play) -> int:
        """Points the play gives away from the mover's side (≥ 0)."""
        v, best = self.value(play), self.best[1]
        return (best - v) if self.attacker else (v - best)

    def gap(self) -> int | None:
        """How much worse the best non-equivalent play is (None: one class)."""
        best_sig = self.sig(self.best[0])
        others = [self.cost(p) for p, _v in self.values if self.sig(p) != best_sig]
        return min(others) if others else None


# -- mining ----------------------------------------------------------------------------


def _candidates(game: str, seed: int, hand_no: int) -> list[tuple[Position, tuple[Card, ...]]]:
    """Positions of one baseline self-play hand with few cards left, each
    with the play the bot made there."""
    from solver.bots import BaselineBot
    from solver.game.hand import Hand as GameHand, Record
    from solver.game.match import Match
    from solver.game.runner import play_match_hands
    from solver.history import hand_to_dict, replay
    from solver.rules import preset

    match = Match(preset(game), seed=seed * 1_000_003 + hand_no)
    bots = [BaselineBot() for _ in range(4)]
    hands = list(play_match_hands(match, bots, 1))
    out: list[tuple[Position, tuple[Card, ...]]] = []

    def before(hand: GameHand, action: Record) -> None:
        if action.op != "play" or hand.ctx is None or hand.leader is None:
            return
        sizes = [sum(h.values()) for h in hand.hands]
        seat = action.seat
        assert seat is not None
        if max(sizes) > PLAY_CARDS or sizes[seat] < 2:
            return
        pos = Position(hand.ctx, [list(h.elements()) for h in hand.hands],
                       dealer=hand.defenders or 0, leader=hand.leader,
                       trick=[list(p) for p in hand.current],
                       attacker_points=hand.attacker_points, kitty=list(hand.kitty),
                       played=[c for t in hand.tricks for p in t.plays for c in p])
        out.append((pos, tuple(action.cards)))

    for h in hands:
        replay(hand_to_dict(h), before)
    return out


def _rating(solved: Solved, gap: int, tempting_is_bot: bool) -> int:
    n = len(solved.state.hands[solved.state.to_move])
    distinct = len({solved.sig(p) for p, _v in solved.values})
    r = 850 + 90 * (n - 2) + 40 * min(10, distinct - 2) + (250 if tempting_is_bot else 0) \
        + (80 if not solved.state.trick else 0) + max(0, 40 - gap) * 4
    return max(600, min(2200, r))


def mine_position(game: str, pos: Position, bot_play: tuple[Card, ...]) -> Puzzle | None:
    """A ``play`` puzzle from one position, or None when no play is clearly best."""
    if sum(1 for _ in zip(range(2), pos.legal_plays())) < 2:
        return None
    solved = Solved(pos)
    gap = solved.gap()
    if gap is None or gap < MARGIN:
        return None
    best, value = solved.best
    bot = faces(bot_play)
    best_sig = solved.sig(best)
    tempting_is_bot = solved.sig(bot) != best_sig
    if tempting_is_bot:
        tempting = bot
    else:
        tempting = next(p for p, _v in solved.values if solved.sig(p) != best_sig)
    request = {"kind": "hint", "position": pos.to_json()}
    seat = solved.state.to_move
    params = {"seat": seat, "best": format_cards(_cards(best)), "value": value,
              "margin": gap, "tempting": format_cards(_cards(tempting)),
              "tempting_value": solved.value(tempting)}
    question = "puzzle.q.play_attackers" if solved.attacker else "puzzle.q.play_dealers"
    return Puzzle(play_puzzle_id(game, request), game, "play",
                  _rating(solved, gap, tempting_is_bot), request, question, params, "best",
                  "puzzle.x.play")


def _cards(play: Play) -> tuple[Card, ...]:
    from solver.cards import FACES

    return tuple(FACES[f] for f in play)


def generate_play_puzzles(game: str, count: int, seed: int = 0) -> list[Puzzle]:
    """``count`` play puzzles for one preset from baseline self-play, each
    verified by exact search (deterministic for ``seed``)."""
    rng = random.Random(f"play:{game}:{seed}")
    out: list[Puzzle] = []
    ids: set[str] = set()
    hand_no = 0
    while len(out) < count and hand_no < 50 * count:
        found = []
        for pos, bot_play in _candidates(game, seed, hand_no):
            p = mine_position(game, pos, bot_play)
            if p is not None and p.id not in ids:
                found.append(p)
        hand_no += 1
        rng.shuffle(found)
        for p in found[:PER_HAND]:
            if len(out) < count:
                ids.add(p.id)
                out.append(p)
    out.sort(key=lambda p: (p.rating, p.id))
    return out


# -- the bank ----------------------------------------------------------------------------


def load_play_puzzles(game: str | None = None, root: Path | None = None) -> list[Puzzle]:
    """The play bank (``content/puzzles/play/<game>.jsonl``), read like the
    legality bank."""
    games = [game] if game else list(PLAY_GAMES)
    return [p for g in games if g in PLAY_GAMES for p in load_puzzles(g, root or PLAY_DIR)]


def all_puzzles(game: str | None = None) -> list[Puzzle]:
    """The legality bank and the play bank together."""
    return load_puzzles(game) + load_play_puzzles(game)


# -- answering --------------------------------------------------------------------------


def is_card_puzzle(puzzle: Puzzle) -> bool:
    return puzzle.kind in CARD_KINDS


def _parse(answer: Any) -> tuple[list[Card] | None, Verdict | None]:
    try:
        cards = parse_cards(str(answer))
    except SolverError as err:
        return None, Verdict(False, "puzzle.play.bad_cards", {"reason": _(err.code, **err.params)})
    if not cards:
        return None, Verdict(False, "puzzle.play.bad_cards", {"reason": _("puzzle.play.enter")})
    return cards, None


def position_of(puzzle: Puzzle) -> Position:
    return Position.from_json(puzzle.request["position"])


def _reasons_text(pos: Position, play: list[Card] | None, game: str = "") -> str:
    """The engine's reasons (hint catalog) for the best play, and for the
    learner's play when given, in the game's own words (五三二: 台上/台下)."""
    from checks.hint import messages
    from solver.search.hint import hint

    return _sep().join(messages(hint(pos, play=play), game))


def explain_right(puzzle: Puzzle) -> str:
    """Why the best play is best and what the tempting play costs, computed
    from the engine now (in the current language)."""
    if puzzle.kind == "mistake":
        return _mistake_right(mistake_decision(puzzle), puzzle.game)
    pos = position_of(puzzle)
    solved = Solved(pos)
    best, value = solved.best
    why = _reasons_text(pos, None, puzzle.game)
    return _(game_msgid(puzzle.game, "puzzle.x.play"), best=format_cards(_cards(best)), value_best=value,
             why=why) + _tempting_text(puzzle, solved)


def _tempting_text(puzzle: Puzzle, solved: Solved) -> str:
    """What the tempting play gives away (nothing to say when it costs nothing)."""
    tempting = faces(parse_cards(puzzle.params["tempting"]))
    cost = solved.cost(tempting)
    if cost <= 0:
        return ""
    return _sep() + _(game_msgid(puzzle.game, "puzzle.x.tempting"), play=puzzle.params["tempting"], cost=cost,
                      value=solved.value(tempting))


def _explain_also_best(puzzle: Puzzle, solved: Solved, play: list[Card]) -> str:
    """The learner's play is not the engine's first choice but has the same
    exact value: it is a best play too, said without naming another play as
    the answer (the engine's reasons for the position, then the tempting
    play's cost, as for the best)."""
    return _(game_msgid(puzzle.game, "puzzle.x.play_also"), play=format_cards(play), value=solved.value(faces(play)),
             why=_reasons_text(solved.pos, None, puzzle.game)) + _tempting_text(puzzle, solved)


def explain_wrong(puzzle: Puzzle, play: list[Card] | None) -> str:
    """Why ``play`` is not the best, from the exact values: what it leads
    to, what it gives away and what the best reaches, without naming the
    best play (``reveal`` does that).  ``play`` None: what any play that is
    not the best is told."""
    if puzzle.kind == "mistake":
        return _mistake_wrong(puzzle, play)
    solved = Solved(position_of(puzzle))
    target = _(game_msgid(puzzle.game, "hint.value.exact"), value=solved.best[1])
    if play is None:
        return _("puzzle.x.play_wrong_any") + _sep() + target
    key = faces(play)
    return _(game_msgid(puzzle.game, "puzzle.x.play_wrong"), play=format_cards(play), value=solved.value(key),
             cost=solved.cost(key)) + _sep() + target


def answer_text(puzzle: Puzzle) -> str:
    """The best play, as the engine finds it now."""
    if puzzle.kind == "mistake":
        from solver.search.review import rate

        return format_cards(rate(mistake_decision(puzzle), open_view=False).best)
    return format_cards(_cards(Solved(position_of(puzzle)).best[0]))


def reveal(puzzle: Puzzle) -> str:
    """The answer after the last try or on request: the explanation names
    the best play first."""
    return _("puzzle.verdict.answer_is", explanation=explain_right(puzzle))


def check_play_answer(puzzle: Puzzle, answer: Any) -> Verdict:
    """Judge a typed play by exact search now."""
    if puzzle.kind == "mistake":
        return check_mistake_answer(puzzle, answer)
    cards, bad = _parse(answer)
    if bad is not None or cards is None:
        return bad or Verdict(False, "puzzle.play.bad_cards", {"reason": ""})
    pos = position_of(puzzle)
    if not pos.is_legal(cards):
        reasons = pos.explain(cards)
        why = reason_message(reasons[0]) if reasons else ""  # the rule's own words (R-FOLLOW)
        return Verdict(False, "puzzle.play.illegal", {"play": format_cards(cards), "reason": why},
                       reasons[0].rule if reasons else "R-FOLLOW")
    solved = Solved(pos)
    if solved.cost(faces(cards)) <= 0:
        if faces(cards) != solved.best[0]:  # another play of the same exact value: also best
            return Verdict(True, "puzzle.verdict.right",
                           {"explanation": _explain_also_best(puzzle, solved, cards)}, None)
        return Verdict(True, "puzzle.verdict.right", {"explanation": explain_right(puzzle)}, None)
    return Verdict(False, "puzzle.verdict.wrong", {"explanation": explain_wrong(puzzle, cards)},
                   None)


# -- personal puzzles from a review ------------------------------------------------------


def mistake_puzzle_id(hand_id: int, seat: int, index: int) -> str:
    return f"mine-{hand_id}-{seat}-{index}"


def mistake_puzzle(game: str, hand_id: int, history: dict[str, Any], seat: int, index: int,
                   trick: int, played: str) -> Puzzle:
    """A personal "find a better play" puzzle for the ``index``-th play of
    ``seat`` in a saved hand."""
    request = {"kind": "mistake", "history": history, "seat": seat, "index": index}
    return Puzzle(mistake_puzzle_id(hand_id, seat, index), game, "mistake", 1200, request,
                  "puzzle.q.mistake", {"played": played, "trick": trick + 1, "seat": seat},
                  "best", "puzzle.x.mistake")


def mistake_decision(puzzle: Puzzle) -> Any:
    from solver.search.review import decisions

    req = puzzle.request
    ds, _b = decisions(req["history"], int(req["seat"]))
    return ds[int(req["index"])]


def mistake_view(puzzle: Puzzle, d: Any = None) -> Position:
    """The learner's view at the mistake: own hand, the trick, what is out
    (other hands hidden)."""
    d = d or mistake_decision(puzzle)
    k = d.knowledge
    ctx = k.ctx
    hands: list[list[Card] | None] = [None, None, None, None]
    hands[d.seat] = list(_cards(k.own))
    return Position(ctx, hands, dealer=k.dealer, leader=k.leader,
                    trick=[list(_cards(p)) for p in k.trick], attacker_points=k.points,
                    kitty=list(_cards(k.kitty)) if k.kitty else [],
                    played=list(_cards(k.seen)), viewer=d.seat)


def play_diagram(puzzle: Puzzle) -> list[str]:
    """The table of a play or mistake puzzle as text lines (cards in ASCII;
    the screen styles them): the contract, each hand (hidden ones as a
    count), the trick so far, the points and the kitty."""
    from solver.cards import RANK_NAMES

    if puzzle.kind == "play":
        pos = position_of(puzzle)
        sizes = [len(pos.hand(s)) for s in range(4)]
        me = pos.turn  # the seats are named from yours, as at the table (你/下家/对家/上家)
    else:
        d = mistake_decision(puzzle)
        pos = mistake_view(puzzle, d)
        sizes = list(d.knowledge.sizes)
        me = d.seat
    ctx = pos.ctx
    trump = _("game.trump.nt") if ctx.trump is None else _("suit." + ctx.trump)
    lines = [_("puzzle.play.context", level=RANK_NAMES[ctx.level], trump=trump)]
    for s in [(me + k) % 4 for k in range(4)]:
        side = _(game_msgid(puzzle.game, "review.side.dealers" if pos.dealer_side(s) else "review.side.attackers"))
        hand = pos.hands[s]
        if hand is None:
            lines.append(_("puzzle.play.seat_hidden", seat=seat_word(s, me), side=side, count=sizes[s]))
        else:
            lines.append(_("puzzle.play.seat", seat=seat_word(s, me), side=side,
                           cards=format_cards(ctx.sorted(hand))))
    if pos.trick:
        plays = " · ".join(_("puzzle.play.one", seat=seat_word((pos.leader + i) % 4, me), cards=format_cards(p))
                           for i, p in enumerate(pos.trick))
        lines.append(_("puzzle.play.trick", plays=plays))
    else:
        lines.append(_("puzzle.play.leads", seat=seat_word(pos.turn, me)))
    kitty = sum(c.points for c in pos.kitty)
    known = puzzle.kind == "play" or bool(pos.kitty)
    lines.append(_(game_msgid(puzzle.game, "puzzle.play.points"), points=pos.attacker_points) + _sep() +
                 (_("puzzle.play.kitty", kitty=kitty) if known else _("puzzle.play.kitty_hidden")))
    return lines


def _legal_for(d: Any, play: Play) -> bool:
    from solver.search.review import _TOOLS

    k = d.knowledge
    _table, moves = _TOOLS.get(k)
    if k.trick:
        return play in moves.follows(k.trick[0], k.own)
    seen = tuple(sorted(list(k.seen) + list(k.kitty or ())))
    return play in moves.unit_leads(k.own) or play in moves.safe_leads(k.own, seen)


def check_mistake_answer(puzzle: Puzzle, answer: Any) -> Verdict:
    """Right when the play is within ``PERSONAL_MARGIN`` of the best on the
    review's sampled deals (the same deals as the review)."""
    import dataclasses

    from solver.search.review import rate

    cards, bad = _parse(answer)
    if bad is not None or cards is None:
        return bad or Verdict(False, "puzzle.play.bad_cards", {"reason": ""})
    d = mistake_decision(puzzle)
    play = faces(cards)
    if not _legal_for(d, play):
        return Verdict(False, "puzzle.play.illegal",
                       {"play": format_cards(cards), "reason": _("puzzle.play.not_legal_here")},
                       "R-FOLLOW" if d.knowledge.trick else "R-LEAD")
    r = rate(dataclasses.replace(d, played=play), open_view=False)
    if r.cost <= PERSONAL_MARGIN:
        return Verdict(True, "puzzle.verdict.right", {"explanation": _mistake_right(d, puzzle.game)}, None)
    wrong = _("puzzle.x.play_wrong", play=format_cards(cards), value=_num(r.value_played),
              cost=_num(r.cost))
    return Verdict(False, "puzzle.verdict.wrong", {"explanation": wrong}, None)


def _mistake_right(d: Any, game: str) -> str:
    from solver.search.review import rate

    orig = rate(d, open_view=False)
    return _(game_msgid(game, "puzzle.x.mistake"), margin=_num(PERSONAL_MARGIN), best=format_cards(orig.best),
             value_best=_num(orig.value_best), cost=_num(orig.cost))


def _mistake_wrong(puzzle: Puzzle, play: list[Card] | None) -> str:
    import dataclasses

    from solver.search.review import rate

    d = mistake_decision(puzzle)
    if play is None or not _legal_for(d, faces(play)):
        return _("puzzle.x.play_wrong_any")
    r = rate(dataclasses.replace(d, played=faces(play)), open_view=False)
    return _("puzzle.x.play_wrong", play=format_cards(play), value=_num(r.value_played),
             cost=_num(r.cost))


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


__all__ = ["MARGIN", "PERSONAL_MARGIN", "PLAY_CARDS", "PLAY_GAMES", "Solved", "all_puzzles",
           "answer_text", "check_play_answer", "explain_right", "explain_wrong", "generate_play_puzzles", "is_card_puzzle",
           "load_play_puzzles", "mine_position", "mistake_puzzle", "mistake_puzzle_id",
           "mistake_view", "play_puzzle_id", "reveal"]
