"""Hints for 一上一下: challenge or pass, and what to play.

Costs are counted in cards (a card in your hand is one step further from
winning).  The expected cost of challenging a claim (:func:`cost_parts`,
:func:`challenge_costs`), where ``p`` is the chance the challenge succeeds
(the claim is a bluff) and ``s`` the pile with the face-down card::

    cost_challenge = (1 − p) · s · w  −  p · s · g  +  c  +  seat

* ``(1 − p) · s · w``: you take the pile when the claim is true; ``w`` is
  ``near_win_factor`` when you hold at most 2 cards (a pile sets you back
  more then), else 1;
* ``− p · s · g``: the claimer takes it when it is a bluff; ``g`` is how
  much an opponent's card counts for you: ``1/(n−1)`` in an n-player game
  (or ``g_base``), 1 in a duel or when the claimer holds at most
  ``threat_cards`` (about to win), at least ``leader_g`` when set and the
  claimer holds the fewest cards of your opponents;
* ``c`` (``challenge_cost``): whoever wins, a pile is taken, the target
  falls back to 3 and the taker leads face up (R-Y-TARGET, R-Y-FACE);
* ``seat``: with an even number of players every seat keeps its face
  until a pile is taken (R-Y-FACE), and a face-down seat never draws
  (R-Y-UP).  Face down now, any challenge moves you to a face-up seat:
  ``+ seat_keep``; face up now, a successful one moves you to a face-down
  seat: ``− p · seat_value``.

``c`` and ``seat`` are 0 when the claim was the claimer's last card (the
game may end).  Passing costs nothing, unless the claim was the claimer's
last card: then passing lets them win (R-Y-WIN), counted as ``s + 20``
cards.  The advice is the cheaper action.

The hint tells the total and each part with the numbers it is made of
(:func:`cost_explanations`): the chances as whole percents, ``g`` to two
decimals, each part to a tenth, every told number computed from the told
ones, so that the parts the learner reads add up to the total they read.

On your own turn (:func:`play_hint`):

* face up: your lowest card that reaches the target (keep high cards, they
  are what lets you play face up without drawing later); with none, your
  lowest card (you draw one, R-Y-UP);
* face down: a true claim with your lowest card that reaches the target
  costs the value of that card (``card_value · (rank − 3) / 12``, nothing
  for a last card); a bluff with your lowest card costs the estimated risk
  of a challenge times the pile you would take.  The risk is the table's
  challenge rate so far, raised as the claim looks more false to the table
  (:func:`table_model`, ``p_model`` from public knowledge).  The cheaper
  choice wins.  With table reads (:class:`~solver.yishang.reads.TableReads`)
  the risk is each responder's call rate for a claimer of your record, or
  the chance that somebody sees every copy of the declared rank
  (:meth:`Sightings.impossible_risk`); a caught bluff also costs the
  face-down seat (``seat_keep``) and the table's trust (``reputation``), a
  true claim that gets called hands the pile to the challenger
  (``truth_called``);
* when the next player holds one card (R-Y-WIN is one play away), block:
  face up play your highest card, face down declare 2.

Each hint carries localized explanations: message ids of the ``yishang``
domain with their parameters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any, Final

from solver.cards import Card
from solver.chance import percent
from solver.yishang.calibration import calibrated, calibrated_risk
from solver.yishang.game import Game
from solver.yishang.odds import (DEFAULT_MODEL, ClaimModel, Model, Style, p_count, p_model,
                                 p_uniform, unseen_counts)
from solver.yishang.ranks import HIGHEST, rank_counts, rank_name, yrank
from solver.yishang.reads import TableReads

WIN_COST: Final = 20.0
#: With table reads, whether the risk still rises with suspicion (1) or the
#: reads alone say it (0).
SUSPICION_WITH_READS = 0.0
CHALLENGE: Final = "challenge"
PASS: Final = "pass"


@dataclass(frozen=True, slots=True)
class Explanation:
    """A localized sentence: a message id of the ``yishang`` domain and its parameters."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ChallengeHint:
    """Advice on a face-down claim.  ``p_uniform``: the chance of a bluff
    counting every card the observer cannot place as equally likely,
    those known to be the claimer's too (the contract's
    ``yishang-challenge`` field, and what the calibration was fitted with);
    ``p_count``: the chance by counting cards alone that the hint tells,
    with what is known of the claimer's hand
    (:func:`~solver.yishang.odds.p_count`; ``p_uniform`` when nothing is)."""

    p_uniform: Fraction
    p_count: Fraction
    p_model: float
    cost_challenge: float
    cost_pass: float
    advice: str
    explanation: tuple[Explanation, ...]
    #: the break-even chance: challenging is the cheaper action exactly when
    #: the challenge succeeds with a higher probability (see :func:`break_even`)
    p_even: float = 0.5


@dataclass(frozen=True, slots=True)
class PlayHint:
    card: Card
    face_up: bool
    declared: int | None
    #: estimated probability that a face-down claim is challenged (0 face up)
    risk: float
    #: a face-up play below the target draws a card (R-Y-UP)
    draws: bool
    explanation: tuple[Explanation, ...]


@dataclass(frozen=True, slots=True)
class Weights:
    """Tunable weights of the cost model (see the module docstring)."""

    #: the claimer counts fully (g = 1) when they hold at most this many cards
    threat_cards: int = 1
    #: cost of spending a card of rank r face down truthfully: value · (r − 3) / 12
    card_value: float = 3.0
    #: your own pile cost grows by this factor when you hold at most 2 cards
    near_win_factor: float = 1.5
    #: g for an opponent who is not a threat (None: 1 / (players − 1))
    g_base: float | None = None
    #: block the next player when they hold one card: a high face-up card (they must
    #: claim truly to win) or, face down, a claim of 2 (their last card must reach it)
    block: bool = True
    #: ... when they hold at most this many cards
    block_cards: int = 1
    #: suspicion (table p_model) above which the challenge risk rises above the table's rate
    risk_offset: float = 0.4
    #: weight of making the next player draw with a high target (0: ignore)
    pressure: float = 0.0
    #: g for a claimer with the fewest cards of all your opponents (None: no special case)
    leader_g: float | None = None
    #: bluff only when no true claim is possible (a bluff otherwise only saves a high card)
    bluff_only_when_forced: bool = False
    #: with an even number of players every seat keeps its face while nobody takes the
    #: pile (R-Y-FACE): what playing face down (never drawing, R-Y-UP) is worth, in cards
    seat_value: float = 0.0
    #: ... and what leaving a face-down seat costs (challenging from one)
    seat_keep: float = 0.0
    #: with table reads, a true claim's cost falls by the chance it is called times
    #: the pile times this (the challenger takes the pile)
    truth_called: float = 0.0
    #: a bluff caught costs, for each card left to play, this many times how much
    #: likelier the table calls a player with a revealed bluff (with table reads)
    reputation: float = 0.0
    #: what a challenge costs besides the pile, in cards (the target falls back
    #: to 3 and the faces move, R-Y-FACE, R-Y-TARGET): weighed with a
    #: calibrated chance of a bluff (:mod:`solver.yishang.calibration`)
    challenge_cost: float = 0.0


DEFAULT_WEIGHTS: Final = Weights()


def _pct(x: float | Fraction) -> str:
    return f"{percent(float(x))}%"


@dataclass(frozen=True, slots=True)
class CostParts:
    """The expected costs of challenging and of passing, part by part (the
    module docstring): ``take − give + fixed + seat`` is the cost of
    challenging (:attr:`total`)."""

    #: the chance the challenge succeeds (a bluff)
    p: float
    #: the pile with the face-down card
    pile_size: int
    #: your pile's weight (``near_win_factor`` close to winning, else 1)
    w: float
    #: what a card the claimer takes counts for you
    g: float
    #: the challenger's cards (None: unknown)
    my_cards: int | None
    #: ``(1 − p) · s · w``: you take the pile (a true claim)
    take: float
    #: ``p · s · g``: the claimer takes it (a bluff), counted in your favour
    give: float
    #: ``challenge_cost``: the reset a taken pile brings (0 for a last card)
    fixed: float
    #: the seat term: ``seat_keep`` (``seat_kind`` "lose"), ``−p · seat_value``
    #: ("gain") or 0 ("")
    seat: float
    seat_kind: str
    #: the seat weight used (``seat_keep`` or ``seat_value``)
    seat_weight: float
    #: 0, or ``s + WIN_COST`` for the claimer's last card
    cost_pass: float

    @property
    def total(self) -> float:
        return self.take - self.give + self.fixed + self.seat


def cost_parts(p: float, pile_size: int, claimer_cards: int, players: int,
               my_cards: int | None = None, weights: Weights = DEFAULT_WEIGHTS,
               others: Sequence[int] = (), seat: int | None = None) -> CostParts:
    """The parts of :func:`challenge_costs` (module docstring)."""
    base = 1.0 / (players - 1) if weights.g_base is None else weights.g_base
    leader = weights.leader_g is not None and all(claimer_cards <= o for o in others)
    g = 1.0 if players <= 2 or claimer_cards <= weights.threat_cards else base
    if leader and weights.leader_g is not None:
        g = max(g, weights.leader_g)
    w = weights.near_win_factor if my_cards is not None and my_cards <= 2 else 1.0
    fixed = weights.challenge_cost if claimer_cards > 0 else 0.0
    kind, weight, seat_cost = "", 0.0, 0.0
    if seat is not None and claimer_cards > 0:
        if seat % 2:
            kind, weight, seat_cost = "gain", weights.seat_value, -p * weights.seat_value
        else:
            kind, weight, seat_cost = "lose", weights.seat_keep, weights.seat_keep
    cost_pass = pile_size + WIN_COST if claimer_cards == 0 else 0.0
    return CostParts(p, pile_size, w, g, my_cards, (1.0 - p) * pile_size * w, p * pile_size * g,
                     fixed, seat_cost, kind, weight, cost_pass)


def challenge_costs(p: float, pile_size: int, claimer_cards: int, players: int,
                    my_cards: int | None = None, weights: Weights = DEFAULT_WEIGHTS,
                    others: Sequence[int] = (), seat: int | None = None) -> tuple[float, float]:
    """(cost of challenging, cost of passing) in cards, as the module docstring
    says (:func:`cost_parts`); ``others`` are the hand sizes of the opponents
    other than the claimer.

    ``seat``: with an even number of players, how far the challenger sits
    from the claimer modulo 2.  Each seat then keeps its face until a pile
    is taken and the taker leads face up (R-Y-FACE); the claimer and the
    player across play face down.  At an odd distance you play face up now: a
    successful challenge makes the claimer lead and puts you on a face-down
    seat (worth ``weights.seat_value``).  At an even distance you play face
    down now and any challenge moves you to a face-up seat (that costs
    ``weights.seat_keep``)."""
    parts = cost_parts(p, pile_size, claimer_cards, players, my_cards, weights, others, seat)
    return parts.total, parts.cost_pass


def _tenths(x: Fraction) -> Fraction:
    """``x`` rounded to a tenth, halves away from zero."""
    t = abs(x) * 10
    n = int(t + Fraction(1, 2))
    return Fraction(n if x >= 0 else -n, 10)


def _num(x: float | Fraction, places: int = 2) -> str:
    """A weight as told: at most ``places`` decimals, no trailing zeros."""
    return f"{float(x):.{places}f}".rstrip("0").rstrip(".")


def _signed(x: Fraction) -> str:
    """A number of cards with its sign, zero without one ("Seat +0.0 =
    -1% × 2" read as a contradiction)."""
    return "0.0" if x == 0 else f"{float(x):+.1f}"


def cost_explanations(parts: CostParts) -> tuple[list[Explanation], str, str]:
    """What the hint says of the costs: a sentence per part of the cost of
    challenging (the pile, the reset, the seat) and, for the claimer's last
    card, of passing; and the two totals as told.  Every number is computed
    from the numbers told: the chance of a bluff as the whole percent the
    chance sentence tells, a true claim its complement, the weights as
    written, each part to a tenth; the told cost of a challenge is the sum
    of its told parts."""
    s = parts.pile_size
    pb = percent(parts.p)
    pt = 100 - pb
    w, g = _num(parts.w), _num(parts.g)
    pile = _tenths(Fraction(pt, 100) * s * Fraction(w) - Fraction(pb, 100) * s * Fraction(g))
    total = pile
    why: list[Explanation] = []
    told_pass = Fraction(_num(parts.cost_pass, 1))
    if parts.cost_pass:
        # R-Y-WIN: passing lets the claimer win
        why.append(Explanation("yishang.hint.challenge.last_card", {
            "pile": s, "win": _num(WIN_COST), "cost": _num(told_pass, 1)}))
    params: dict[str, Any] = {"pile": s, "worth": g, "take": f"{pt}% × {s}", "give": f"{pb}% × {s} × {g}",
                              "cost": _signed(pile)}
    if parts.w != 1.0:
        # close to winning, a pile you take counts more (module docstring: w)
        params.update(take=f"{pt}% × {s} × {w}", factor=w, cards=parts.my_cards)
    why.append(Explanation("yishang.hint.challenge.cost_pile" + ("" if parts.w == 1.0 else "_near"),
                           params))
    if parts.fixed:
        # R-Y-TARGET, R-Y-FACE: whoever wins the challenge, a pile is taken
        c = Fraction(_num(parts.fixed))
        total += c
        why.append(Explanation("yishang.hint.challenge.fixed_cost", {"cost": _signed(c)}))
    if parts.seat_kind == "lose" and parts.seat_weight:
        # R-Y-FACE: checked against the engine in tests/test_yishang_reads.py
        v = Fraction(_num(parts.seat_weight))
        total += v
        why.append(Explanation("yishang.hint.challenge.seat_lose", {"cost": _signed(v)}))
    elif parts.seat_kind == "gain" and parts.seat_weight:
        v_text = _num(parts.seat_weight)
        gain = _tenths(-Fraction(pb, 100) * Fraction(v_text))
        total += gain
        why.append(Explanation("yishang.hint.challenge.seat_gain",
                               {"value": v_text, "p_bluff": f"{pb}%", "cost": _signed(gain)}))
    return why, _signed(total), _signed(told_pass)


def break_even(pile_size: int, claimer_cards: int, players: int, my_cards: int | None = None,
               weights: Weights = DEFAULT_WEIGHTS, others: Sequence[int] = (),
               seat: int | None = None) -> float:
    """The chance of success above which challenging costs less than passing
    (the costs of :func:`challenge_costs` are linear in it); 0 when
    challenging always pays, 1 when it never does.

    >>> round(break_even(6, 4, 4), 2), break_even(6, 4, 2)   # one opponent of three; a duel
    (0.75, 0.5)
    """
    at0, pass_cost = challenge_costs(0.0, pile_size, claimer_cards, players, my_cards, weights,
                                     others, seat)
    at1, _ = challenge_costs(1.0, pile_size, claimer_cards, players, my_cards, weights, others, seat)
    if at0 == at1:
        return 0.0 if at0 < pass_cost else 1.0
    return min(1.0, max(0.0, (at0 - pass_cost) / (at0 - at1)))


def challenge_hint(target: int, declared: int, hand: Iterable[Card], seen: Iterable[Card],
                   pile_size: int, *, claimer_cards: int | None = None, players: int = 4,
                   claimer_known: Sequence[Card] = (), bluff_rate: float | None = None,
                   model: Model = DEFAULT_MODEL, weights: Weights = DEFAULT_WEIGHTS,
                   others: Sequence[int] = (), style: Style | None = None,
                   seat: int | None = None, p_bluff: float | None = None) -> ChallengeHint:
    """Advice for one face-down claim, from the would-be challenger's view.

    ``target`` is the target before the play; ``pile_size`` counts the pile
    with the face-down card; ``claimer_cards`` the cards left in the
    claimer's hand after the play (unknown: a fresh hand of 6); ``style``
    how the claimer was seen to bluff (:class:`~solver.yishang.odds.Style`);
    ``seat`` the challenger's distance from the claimer modulo 2 with an even
    number of players (:func:`challenge_costs`); ``p_bluff``, when given,
    is the chance of a bluff to tell and to weigh instead of the model's
    (:mod:`solver.yishang.calibration`).
    """
    hand = list(hand)
    seen = list(seen)
    unseen = unseen_counts(hand, seen)
    known_cards = list(claimer_known)
    unseen_counts(hand, seen + known_cards)   # a known card of the claimer is no other card
    known = rank_counts(known_cards)
    pu = p_uniform(target, declared, unseen)
    left = 6 if claimer_cards is None else claimer_cards
    held = max(left + 1, len(known_cards))
    pc = p_count(target, declared, unseen, held, known)
    pm = p_model(target, declared, unseen, left + 1, known,
                 bluff_rate, model, style) if p_bluff is None else p_bluff
    parts = cost_parts(pm, pile_size, left, players, len(hand), weights, others, seat)
    cost_ch, cost_pass = parts.total, parts.cost_pass
    advice = CHALLENGE if cost_ch < cost_pass else PASS
    even = break_even(pile_size, left, players, len(hand), weights, others, seat)
    why: list[Explanation] = []
    t, d = rank_name(target), rank_name(declared)
    pool = [u - k for u, k in zip(unseen, known, strict=True)]
    if declared < target:
        why.append(Explanation("yishang.hint.challenge.below_target", {"declared": d, "target": t}))
    elif unseen[declared] == 0:
        why.append(Explanation("yishang.hint.challenge.none_left", {"declared": d}))
    elif pc == 1:
        # every card the claimer held is known and none has the declared rank (R-Y-DOWN)
        why.append(Explanation("yishang.hint.challenge.none_held", {"declared": d}))
    elif known_cards:
        # cards seen going into the claimer's hand (a pile they took): not
        # unseen, each one of the cards the face-down card may be
        why.append(Explanation("yishang.hint.challenge.odds_known", {
            "p_count": _pct(pc), "p_model": _pct(pm), "declared": d, "hand": held,
            "known": len(known_cards), "known_copies": known[declared],
            "unseen": sum(pool), "copies": pool[declared]}))
    else:
        why.append(Explanation("yishang.hint.challenge.odds", {
            "p_uniform": _pct(pc), "p_model": _pct(pm), "declared": d,
            "unseen": sum(unseen), "copies": unseen[declared]}))
    # the parts of the expected cost (R-Y-DOWN: the pile; R-Y-TARGET,
    # R-Y-FACE: the reset and the seats, checked against the engine in
    # tests/test_yishang_reads.py; R-Y-WIN: a last card)
    costs, told_challenge, told_pass = cost_explanations(parts)
    why.extend(costs)
    params = {"cost_challenge": told_challenge, "cost_pass": told_pass}
    # Told from rounded numbers, two nearly equal costs may read as equal or
    # the other way round: then the advice says it was decided before rounding.
    told_order = Fraction(told_challenge) < Fraction(told_pass)
    close = "" if told_order == (advice == CHALLENGE) and told_challenge != told_pass else "_close"
    why.append(Explanation("yishang.hint.challenge.advice_" + advice + close, params))
    why.insert(0, plain_advice(advice, pm, even))
    return ChallengeHint(p_uniform=pu, p_count=pc, p_model=pm, cost_challenge=cost_ch,
                         cost_pass=cost_pass, advice=advice, explanation=tuple(why), p_even=even)


def plain_advice(advice: str, p_bluff: float, even: float) -> Explanation:
    """The challenge advice in plain words, said first: the chance of a
    bluff against the chance at which a challenge starts to pay (the costs
    are linear in it, :func:`break_even`; the parts and the sums follow).
    Sure when the claim cannot be true (or cannot be false); "always" /
    "never" when a challenge pays whatever the card, or never does; "close"
    when the two chances, rounded, read alike or the wrong way round."""
    k = "yishang.hint.challenge.plain_" + advice
    if advice == CHALLENGE and p_bluff >= 1:
        return Explanation(k + "_sure", {})
    if advice == PASS and p_bluff <= 0:
        return Explanation(k + "_sure", {})
    if advice == CHALLENGE and even <= 0:
        return Explanation(k + "_always", {})
    p, e = percent(p_bluff), percent(even)
    if advice == PASS and even >= 1:
        return Explanation(k + "_always", {"p": f"{p}%"})
    close = p == e or (p > e) != (advice == CHALLENGE)
    return Explanation(k + ("_close" if close else ""), {"p": f"{p}%", "even": f"{e}%"})


def claim_hint(game: Game, observer: int, model: Model = DEFAULT_MODEL,
               weights: Weights = DEFAULT_WEIGHTS, reads: TableReads | None = None,
               table: str | None = None) -> ChallengeHint:
    """:func:`challenge_hint` for the pending claim of ``game`` as ``observer``
    sees it.  With ``reads``, the claimer's bluff rate is read from its
    revealed claims of the same kind (above the target, or of the target
    itself, which may be forced).  With ``table`` (a level of the Play
    screen's tables, :data:`solver.yishang.calibration.TABLES`), the chance
    of a bluff told and weighed is the calibrated one
    (:func:`solver.yishang.calibration.calibrated`): the model's own chance
    is tuned to win, not to be right."""
    claim = game.claim
    if claim is None:
        from solver.yishang.errors import IllegalActionError

        raise IllegalActionError("there is no face-down claim", code="yishang.error.no_claim",
                                 rule="R-Y-DOWN")
    q = claim.player

    def hint(m: Model, p_bluff: float | None = None) -> ChallengeHint:
        if reads is not None and claim.declared > claim.target_before:
            rate = m.bluff_rate(reads.truths_above[q], reads.bluffs_above[q])
        elif reads is not None:
            rate = m.bluff_rate(reads.truths[q], reads.bluffs[q])
        else:
            rate = m.bluff_rate(game.revealed_truths[q], game.revealed_bluffs[q])
        return challenge_hint(claim.target_before, claim.declared, game.hand(observer),
                              game.seen_by(observer, exclude=q), game.pile_size,
                              claimer_cards=game.hand_size(q), players=game.players,
                              claimer_known=game.known_to(observer, q), bluff_rate=rate, model=m,
                              weights=weights, style=None if reads is None else reads.style(q, m),
                              seat=(observer - q) % 2 if game.players % 2 == 0 else None,
                              others=[game.hand_size(p) for p in range(game.players)
                                      if p not in (q, observer)], p_bluff=p_bluff)

    own = hint(model)
    if table is None:
        return own
    plain = own if model == DEFAULT_MODEL else hint(DEFAULT_MODEL)
    # what is known of the claimer's hand may rule the claim out (p_count
    # = 1, R-Y-DOWN): a sure bluff stays sure, as one by counting does
    # the claimer's own calibration where the table's bots differ (the Play
    # screen's seats 1-3 from the learner's 0, as the table's intro names them)
    seat = (q - observer) % game.players if game.players == 4 else None
    p = 1.0 if own.p_count == 1 else calibrated(
        table, own.p_model, plain.p_model, float(own.p_uniform),
        claim.declared - claim.target_before, game.hand_size(q), seat)
    return hint(model, p)


def table_model(game: Game, player: int, model: Model = DEFAULT_MODEL) -> ClaimModel:
    """The table's view of a face-down claim by ``player`` (public knowledge
    only: the face-up pile cards and the cards known to be in the other
    players' hands or among their face-down cards); its ``p(declared)`` is
    how false a claim looks."""
    seen: list[Card] = [pc.card for pc in game.pile if pc.face_up]
    for p in range(game.players):
        if p != player:
            seen.extend(game.known_cards(p))
            seen.extend(game.placed_cards(p))
    unseen = unseen_counts((), seen)
    rate = model.bluff_rate(game.revealed_truths[player], game.revealed_bluffs[player])
    return ClaimModel(game.target, unseen, game.hand_size(player),
                      rank_counts(game.known_cards(player)), rate, model)


def suspicion(game: Game, player: int, declared: int, model: Model = DEFAULT_MODEL) -> float:
    """How false a face-down claim of ``declared`` by ``player`` looks to the table."""
    return table_model(game, player, model).p(declared)


def challenge_risk(game: Game, player: int, declared: int, cards_after: int,
                   model: Model = DEFAULT_MODEL, table: ClaimModel | None = None,
                   offset: float = 0.4, reads: TableReads | None = None,
                   sightings: Sightings | None = None) -> float:
    """Estimated probability that somebody challenges: the other players'
    challenge rate so far (with ``reads``: each responder's own rate for
    claims that jump as far, :class:`~solver.yishang.reads.TableReads`,
    and the chance that somebody can rule the claim out,
    :meth:`Sightings.impossible_risk`; else challenges made per claim,
    Laplace, scaled up as the claim looks more suspicious); a last card is
    always at risk."""
    if cards_after == 0:
        return 1.0
    if reads is not None and SUSPICION_WITH_READS == 0.0:
        called = reads.p_called(player, game.target, declared)
        seen = Sightings(game, player) if sightings is None else sightings
        return 1.0 - (1.0 - called) * (1.0 - seen.impossible_risk(declared))
    if reads is not None:
        base = reads.p_called(player, game.target, declared)
    else:
        others = game.claims_challenged - game.challenges_made[player]
        base = (others + 1) / (game.claims_total + 2)
    s = (table or table_model(game, player, model)).p(declared)
    return min(1.0, base + (1.0 - base) * max(0.0, (s - offset) / (1.0 - offset)))


class Sightings:
    """What ``player`` knows about where every copy of each rank can be seen,
    for :meth:`impossible_risk` over many declarations (computed once)."""

    __slots__ = ("mine", "n", "public", "unknown")

    def __init__(self, game: Game, player: int) -> None:
        self.mine = rank_counts(game.hand(player))
        self.public = [0] * 16
        for pc in game.pile:
            if not pc.face_up and pc.player == player:
                self.mine[yrank(pc.card)] += 1
            elif pc.face_up:
                self.public[yrank(pc.card)] += 1
        self.unknown: list[int] = []
        for q in range(game.players):
            if q != player:
                known = game.known_cards(q)
                for c in known + game.placed_cards(q):
                    self.public[yrank(c)] += 1
                self.unknown.append(game.hand_size(q) - len(known))
        self.n = 52 - sum(self.mine) - sum(self.public)

    def impossible_risk(self, declared: int) -> float:
        """The chance that some other player sees every copy of ``declared``
        (in their hand, face up in the pile, or known to be in a hand) when
        the player claims it without holding one: to them the claim cannot be
        true (R-Y-DOWN), and every style challenges it.  Zero when the player
        keeps a copy in hand or has one face down in the pile (nobody else can
        place it); 1 when every copy is in plain sight."""
        if self.mine[declared]:
            return 0.0
        r = 4 - self.public[declared]
        if r <= 0:
            return 1.0
        n = self.n
        risk = 0.0
        for u in self.unknown:
            if r <= u <= n:
                risk += comb(n - r, u - r) / comb(n, u)
        return min(1.0, risk)


def _pressure(game: Game, me: int, nxt: int) -> list[float]:
    """For each rank D: the chance, from ``me``'s view, that ``nxt`` holds no
    card of rank ≥ D, so that a target of D makes them draw (R-Y-UP); zero
    when the draw pile is empty."""
    out = [0.0] * 16
    if game.draw_size == 0:
        return out
    unseen = unseen_counts(game.hand(me), game.seen_by(me, exclude=nxt))
    known = rank_counts(game.known_to(me, nxt))
    n = sum(unseen) - sum(known)
    h = max(0, min(n, game.hand_size(nxt) - sum(known)))
    total = comb(n, h)
    s = 0
    blocked = False
    for r in range(HIGHEST, 2, -1):
        s += unseen[r] - known[r]
        blocked = blocked or known[r] > 0
        out[r] = 0.0 if blocked or n - s < h else comb(n - s, h) / total
    return out


def play_hint(game: Game, player: int | None = None, model: Model = DEFAULT_MODEL,
              weights: Weights = DEFAULT_WEIGHTS, reads: TableReads | None = None,
              pick: Callable[[Sequence[tuple[float, Card, int, float]]], int] | None = None,
              table: str | None = None) -> PlayHint:
    """Which card to play on your turn and, face down, what to declare.
    ``reads``: the table's call rates per player (else the table's overall
    rate); ``pick``: chooses among the face-down options ``(cost, card,
    declared, risk)`` (default: the cheapest), for bots that mix.  With
    ``table`` (a level of :data:`solver.yishang.calibration.TABLES`) the
    risk of a challenge the hint tells for a bluff is the calibrated one
    (:func:`solver.yishang.calibration.calibrated_risk`); the choice and
    ``PlayHint.risk`` keep the bot's own estimate."""

    def told(risk: float, declared: int, left: int, pile_: int) -> str:
        if table is None:
            return _pct(risk)
        return _pct(calibrated_risk(table, risk, declared - game.target, left, pile_))

    p = game.turn if player is None else player
    hand = sorted(game.hand(p), key=yrank)
    target = game.target
    t = rank_name(target)
    above = [c for c in hand if yrank(c) >= target]
    nxt = game.next_player(p)
    blocking = weights.block and len(hand) > 1 and game.hand_size(nxt) <= weights.block_cards
    if game.face_up:
        if blocking and not (above and len(hand) == 1):
            card = hand[-1]
            return PlayHint(card, True, None, 0.0, yrank(card) < target and game.draw_size > 0,
                            (Explanation("yishang.hint.up.block", {
                                "card": str(card), "player": nxt}),))
        if above:
            card = above[0]
            # "keep the higher ones for later" only when there are higher
            # ones (a walk read it holding ♣A ♥A)
            higher = any(yrank(c) > yrank(card) for c in hand)
            key = "yishang.hint.up.win" if len(hand) == 1 else \
                "yishang.hint.up.lowest" if higher else "yishang.hint.up.reaches"
            return PlayHint(card, True, None, 0.0, False,
                            (Explanation(key, {"card": str(card), "target": t}),))
        card = hand[0]
        draws = game.draw_size > 0
        key = "yishang.hint.up.low_draw" if draws else "yishang.hint.up.low_free"
        return PlayHint(card, True, None, 0.0, draws,
                        (Explanation(key, {"card": str(card), "target": t}),))
    pile = game.pile_size + 1
    after = len(hand) - 1
    if blocking and game.draw_size > 0:
        # R-Y-WIN: their last card wins face up only if it reaches the target: raise it to 2.
        twos = [c for c in hand if yrank(c) == HIGHEST]
        card = twos[0] if twos else hand[0]
        risk = 0.0 if twos else challenge_risk(game, p, HIGHEST, after, model, reads=reads)
        return PlayHint(card, False, HIGHEST, risk, False, (Explanation("yishang.hint.down.block", {
            "card": str(card), "declared": rank_name(HIGHEST), "player": nxt,
            "risk": _pct(risk) if twos else told(risk, HIGHEST, after, pile)}),))
    press = _pressure(game, p, nxt) if weights.pressure and after > 0 else None
    # a caught bluff: you take the pile and lead face up (R-Y-FACE), leaving a face-down seat
    keep = weights.seat_keep if game.players % 2 == 0 and after > 0 else 0.0
    options: list[tuple[float, Card, int, float]] = []
    if above:
        tried: set[int] = set()
        for card in above if press is not None else above[:1]:
            r = yrank(card)
            if r in tried:
                continue
            tried.add(r)
            cost = 0.0 if after == 0 else weights.card_value * (r - 3) / 12
            if reads is not None and after > 0 and weights.truth_called:
                # a challenge of a true claim hands the pile to the challenger
                cost -= reads.p_called(p, target, r) * pile * weights.truth_called
            if press is not None:
                cost -= weights.pressure * press[r]
            options.append((cost, card, r, 0.0))
    low = hand[0]
    public = table_model(game, p, model) if after > 0 and reads is None else None
    seen = Sightings(game, p) if after > 0 and reads is not None else None
    for d in range(target, HIGHEST + 1):
        if above and weights.bluff_only_when_forced:
            break
        if yrank(low) == d:
            continue
        risk = challenge_risk(game, p, d, after, model, public, weights.risk_offset, reads, seen)
        cost = risk * (pile + keep) + (0.0 if after == 0 else weights.card_value * (yrank(low) - 3) / 12)
        if reads is not None and weights.reputation and after > 0:
            worse = reads.p_called(p, target, d, 3) - reads.p_called(p, target, d)
            cost += risk * max(0.0, worse) * weights.reputation * after
        if press is not None:
            cost -= (1.0 - risk) * weights.pressure * press[d]
        if after == 0:
            cost = risk * pile + (1.0 - risk) * -WIN_COST
        options.append((cost, low, d, risk))
    if not options:   # target 2 and only 2s... cannot happen (above would hold it)
        options.append((0.0, low, yrank(low), 0.0))
    at = pick(options) if pick is not None else min(range(len(options)),
                                                      key=lambda i: options[i][0])
    _, card, d, risk = options[at]
    truthful = yrank(card) == d and d >= target
    key = "yishang.hint.down.truth" if truthful else "yishang.hint.down.bluff"
    return PlayHint(card, False, d, risk, False, (Explanation(key, {
        "card": str(card), "declared": rank_name(d), "target": t,
        "risk": _pct(risk) if truthful else told(risk, d, after, pile), "pile": pile}),))
