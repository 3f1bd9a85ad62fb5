"""Follow legality (R-FOLLOW rules 1-4, R-W-FOLLOW) with reasons.

A follower plays as many cards as the lead and must, in order of the rules:

1. play ``min(n, |H ∩ s|)`` cards of the led effective suit ``s``;
2. put at least ``min(N, M)`` pairs among them (N = pairs in the lead, a
   tractor of length L counting L; M = pairs held in ``s``, ⌊copies/2⌋ per face);
3. (``strict_tractor_follow``, the lead is exactly one tractor of length L)
   include a tractor of length ≥ L if ``H ∩ s`` holds one; with
   ``partial_tractor_follow``, else the longest held tractor (length ≥ 2);
4. (``trump_pair_highest_fallback``, the lead is exactly one trump pair and
   the follower holds no trump pair) play their highest trumps.

:func:`explain_follow` lists every broken obligation as a :class:`Reason`
(empty when the play is legal); :func:`follow_needs` computes the
obligations once, for :mod:`solver.generator`.

>>> from solver.rules import preset
>>> from solver.trump import TrumpContext
>>> from solver.cards import parse_cards as P
>>> ctx = TrumpContext(preset("henan"), 2, "S")
>>> [r.code for r in explain_follow(ctx, P("10H 10H"), P("9H 9H 3H 4D 5S"), P("3H 9H"))]
['follow.pairs']
>>> explain_follow(ctx, P("10H 10H"), P("9H 9H 3H 4D 5S"), P("9H 9H"))
[]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from solver.bits import LeadInfo, longest_pair_run, packed, split, valid
from solver.cards import Card, check_copies, format_cards
from solver.errors import InvalidCardsError
from solver.trump import TRUMP, TrumpContext, memo_table
from solver.units import INVALID, PAIR, TRACTOR, Classification, classify

RULE_FOLLOW = "R-FOLLOW"
RULE_W_FOLLOW = "R-W-FOLLOW"


_NONE_FORMS = frozenset({"follow.suit", "follow.pairs"})


@dataclass(frozen=True, slots=True)
class Reason:
    """One broken obligation: ``rule`` (an R-ID of shared/RULES.md), ``code``
    (its message id is ``"legal." + code``) and ``params`` for the message:
    the cards that create the obligation, the numbers, what a legal play
    would include."""

    rule: str
    code: str
    params: dict[str, Any] = field(default_factory=dict, hash=False)

    @property
    def msgid(self) -> str:
        """``"legal." + code``; a follow that holds none of what it owed is
        said so ("none", not "only 0") by the ``_none`` form of its message.

        >>> Reason(RULE_FOLLOW, "follow.pairs", {"played": 0}).msgid
        'legal.follow.pairs_none'
        """
        if self.code in _NONE_FORMS and self.params.get("played") == 0:
            return f"legal.{self.code}_none"
        return "legal." + self.code

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "code": self.code, "params": dict(self.params)}


@dataclass(frozen=True, slots=True)
class FollowNeeds:
    """The obligations of a follower with ``hand`` to ``lead`` (R-FOLLOW).

    ``suit_counts``/``other_counts`` split the hand by the led suit;
    ``need_suit`` = min(n, h) (rule 1), ``need_pairs`` = min(N, M) (rule 2),
    ``need_tractor`` the tractor length the suit part must contain (rule 3,
    0 = none), ``highest`` the sorted (descending) ladder positions the
    trumps of the play must have (rule 4), or None.
    """

    lead: Classification
    suit: str
    size: int
    lead_pairs: int
    suit_counts: dict[Card, int]
    other_counts: dict[Card, int]
    held: int
    held_pairs: int
    need_suit: int
    need_pairs: int
    need_tractor: int
    longest_held: int
    highest: tuple[int, ...] | None

    @property
    def free(self) -> int:
        """Cards played from outside the led suit (free discards or ruffs)."""
        return self.size - self.need_suit


def pair_positions(ctx: TrumpContext, counts: dict[Card, int] | Counter[Card]) -> set[int]:
    """Ladder positions where ``counts`` hold at least one pair (R-PAIR)."""
    return {ctx.pos(c) for c, n in counts.items() if n >= 2}


def longest_run(positions: Iterable[int]) -> int:
    """Length of the longest run of consecutive positions (R-TRACTOR: a run
    of ≥ 2 pair positions is a tractor)."""
    ps = set(positions)
    best = 0
    for p in ps:
        if p - 1 not in ps:
            q = p
            while q + 1 in ps:
                q += 1
            best = max(best, q - p + 1)
    return best


def count_pairs(counts: dict[Card, int] | Counter[Card]) -> int:
    """Pairs counted as ⌊copies/2⌋ per face (R-FOLLOW rule 2)."""
    return sum(n // 2 for n in counts.values())


def _tractor_cards(ctx: TrumpContext, counts: dict[Card, int], length: int) -> list[Card]:
    """The highest tractor of exactly ``length`` pairs held in ``counts`` (for messages)."""
    by_pos: dict[int, Card] = {}
    for c in sorted(counts, key=lambda c: c.index):
        if counts[c] >= 2:
            by_pos.setdefault(ctx.pos(c), c)
    for top in sorted(by_pos, reverse=True):
        run = [top - i for i in range(length)]
        if all(p in by_pos for p in run):
            return [by_pos[p] for p in run for _ in range(2)]
    return []


def lead_classification(ctx: TrumpContext, lead: Sequence[Card]) -> Classification:
    """The lead's classification; raises :class:`InvalidCardsError` when it
    is not one or more cards of one effective suit."""
    c = classify(ctx, lead)
    if c.type == INVALID or c.suit is None:
        raise InvalidCardsError("the lead must be one or more cards of one effective suit",
                                code="legal.error.bad_lead", cards=format_cards(lead))
    return c


def lead_info(ctx: TrumpContext, lead: Sequence[Card]) -> LeadInfo:
    """The lead's :class:`~solver.bits.LeadInfo` for the bitset follow check
    :func:`solver.bits.follow_ok` (memoized per context); raises
    :class:`~solver.errors.InvalidCardsError` for a lead that is not one
    effective suit."""
    key = (packed(lead), len(lead))
    table = memo_table(ctx, "lead_info")
    hit = table.get(key)
    if hit is not None:
        return cast(LeadInfo, hit)
    c = lead_classification(ctx, lead)
    assert c.suit is not None
    info = LeadInfo(c.suit, ctx.suit_masks.get(c.suit, 0), len(lead), c.pairs,
                    c.units[0].length if c.type == TRACTOR else 0,
                    c.type == PAIR and c.suit == TRUMP)
    table[key] = info
    return info


def follow_needs(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card],
                 held: int | None = None, cached: bool = True) -> FollowNeeds:
    """Compute the obligations once (R-FOLLOW 1-4).  Raises
    :class:`InvalidCardsError` for a lead that is not one suit, a hand
    smaller than the lead, or more than two copies of a face among lead and hand.

    Memoized per context on the sorted face indices of lead and hand: the
    result is shared, callers must not mutate it.  ``held``: the hand's
    packed multiset when the caller holds it (:mod:`solver.bits`).  The
    obligations' ``suit_counts`` and ``other_counts`` list the faces in the
    order of the first hand that asked; ``cached=False`` computes them
    afresh in this hand's order (the baseline bot breaks ties in that order,
    and contexts are shared between hands)."""
    # Packed multisets (solver.bits) with the sizes: exact even for more
    # copies than the pack holds (a carry into the next face shrinks the size).
    pl, ph = packed(lead), packed(hand) if held is None else held
    if not cached:
        return _follow_needs(ctx, lead, hand, pl, ph)
    key = (pl, ph, len(lead), len(hand))
    table = memo_table(ctx, "follow_needs")
    hit = table.get(key)
    if hit is None:
        hit = table[key] = _follow_needs(ctx, lead, hand, pl, ph)
    return cast(FollowNeeds, hit)


def _follow_needs(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card], pl: int,
                  ph: int) -> FollowNeeds:
    c = lead_classification(ctx, lead)
    if not valid(pl + ph, len(lead) + len(hand)):
        check_copies(list(lead) + list(hand))  # raises, naming the face
    n = len(lead)
    if len(hand) < n:
        raise InvalidCardsError("the hand holds fewer cards than the lead",
                                code="legal.error.hand_too_small", held=len(hand), size=n)
    s = c.suit
    assert s is not None
    suit_counts: dict[Card, int] = {}
    other_counts: dict[Card, int] = {}
    mask = ctx.suit_masks.get(s, 0)
    for card, k in Counter(hand).items():  # in the order of first appearance
        if mask >> (card.index << 1) & 1:
            suit_counts[card] = k
        else:
            other_counts[card] = k
    held = sum(suit_counts.values())
    # On the hand's bitsets (each face at most twice, checked above).
    twice = split(ph)[1] & mask
    held_pairs = twice.bit_count()
    longest = longest_pair_run(ctx, twice)
    need_tractor = 0
    if ctx.rules.strict_tractor_follow and c.type == TRACTOR:
        length = c.units[0].length
        if longest >= length:
            need_tractor = length
        elif ctx.rules.partial_tractor_follow and longest >= 2:
            need_tractor = longest
    highest: tuple[int, ...] | None = None
    if (ctx.rules.trump_pair_highest_fallback and c.type == PAIR and s == TRUMP
            and held_pairs == 0):
        ps = sorted((ctx.pos(card) for card, k in suit_counts.items() for _ in range(k)),
                    reverse=True)
        highest = tuple(ps[:min(n, held)])
    return FollowNeeds(
        lead=c, suit=s, size=n, lead_pairs=c.pairs, suit_counts=suit_counts,
        other_counts=other_counts, held=held, held_pairs=held_pairs,
        need_suit=min(n, held), need_pairs=min(c.pairs, held_pairs),
        need_tractor=need_tractor, longest_held=longest, highest=highest,
    )


def explain_needs(ctx: TrumpContext, needs: FollowNeeds, play: Sequence[Card]) -> list[Reason]:
    """The obligations of ``needs`` that ``play`` (already known to be a
    sub-multiset of the hand with the right size) breaks."""
    reasons: list[Reason] = []
    s = needs.suit
    in_suit: Counter[Card] = Counter(c for c in play if ctx.suit_of(c) == s)
    played = sum(in_suit.values())

    def suit_sorted() -> list[Card]:  # only for messages
        return ctx.sorted(c for c, k in needs.suit_counts.items() for _ in range(k))

    if played != needs.need_suit:
        sorted_suit = suit_sorted()
        # cards printed with the led suit that are trumps here (五三二's ♠5,
        # any level card): a learner takes them for that suit (R-GROUP)
        trumps = [c for c in play if s != "T" and not c.is_joker and c.suit == s and ctx.suit_of(c) == "T"]
        reasons.append(Reason(RULE_FOLLOW, "follow.suit", {
            "suit": s, "held": needs.held, "need": needs.need_suit,
            "played": played, "size": needs.size, "cards": format_cards(sorted_suit),
            "trumps": format_cards(trumps)}))
    pairs = count_pairs(in_suit)
    if pairs < needs.need_pairs:
        pair_cards = [c for c in suit_sorted() if needs.suit_counts[c] >= 2]
        reasons.append(Reason(RULE_FOLLOW, "follow.pairs", {
            "suit": s, "lead_pairs": needs.lead_pairs, "held_pairs": needs.held_pairs,
            "need": needs.need_pairs, "played": pairs, "cards": format_cards(pair_cards)}))
    if needs.need_tractor and longest_run(pair_positions(ctx, in_suit)) < needs.need_tractor:
        tractor = _tractor_cards(ctx, needs.suit_counts, needs.need_tractor)
        # Only shorter tractors held (partial_tractor_follow): the longest one.
        partial = needs.need_tractor < needs.lead.units[0].length
        reasons.append(Reason(RULE_FOLLOW, "follow.tractor_partial" if partial else "follow.tractor", {
            "suit": s, "length": needs.need_tractor,
            "lead_length": needs.lead.units[0].length, "cards": format_cards(tractor)}))
    if needs.highest is not None:
        got = tuple(sorted((ctx.pos(c) for c in in_suit.elements()), reverse=True))
        if got != needs.highest:
            top = suit_sorted()[:len(needs.highest)]
            reasons.append(Reason(RULE_W_FOLLOW, "follow.trump_pair_highest", {
                "suit": s, "count": len(needs.highest), "cards": format_cards(top)}))
    return reasons


def forcing_reasons(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card]) -> list[Reason]:
    """The obligations that pin a follow of ``lead`` from ``hand``, stated as
    what must be played (for a follow known to be forced; R-FOLLOW,
    R-W-FOLLOW), in this order, the first that applies:

    * the trump-pair fallback (R-W-FOLLOW): the highest trumps;
    * a hand of as many cards as the lead: the whole hand;
    * no more cards of the led suit than the lead has: all of them;
    * the led suit held as copies of one card (or, void in it, the whole
      hand): any of them is the same follow (equal cards are one choice);
    * else the pairs and the tractor the hand must play from the suit,
      when it holds just as many as it must play.

    Empty when none applies (the caller then says only that one follow is
    legal).

    >>> from solver.rules import preset
    >>> from solver.cards import parse_cards
    >>> ctx = TrumpContext(preset("tractor"), level=2, trump="S")
    >>> [r.code for r in forcing_reasons(ctx, parse_cards("5H 5H"), parse_cards("9H 9H 7H 3S"))]
    ['follow.must_pairs']
    >>> [r.code for r in forcing_reasons(ctx, parse_cards("5H 5H"), parse_cards("9H 3S 4C"))]
    ['follow.must_suit']
    """
    needs = follow_needs(ctx, lead, hand)
    s = needs.suit
    suit = ctx.sorted(c for c, k in needs.suit_counts.items() for _ in range(k))
    if needs.highest is not None:
        return [Reason(RULE_W_FOLLOW, "follow.trump_pair_highest", {
            "suit": s, "count": len(needs.highest), "cards": format_cards(suit[:len(needs.highest)])})]
    if len(hand) == needs.size:
        return [Reason(RULE_FOLLOW, "follow.must_hand", {"size": needs.size})]
    if 0 < needs.held <= needs.size:
        return [Reason(RULE_FOLLOW, "follow.must_suit", {
            "suit": s, "held": needs.held, "size": needs.size, "cards": format_cards(suit)})]
    if len([c for c, k in needs.suit_counts.items() if k]) == 1:
        return [Reason(RULE_FOLLOW, "follow.must_copies", {"suit": s, "cards": format_cards(suit)})]
    if not needs.held and len(set(hand)) == 1:
        return [Reason(RULE_FOLLOW, "follow.must_copies_void", {
            "suit": s, "cards": format_cards(ctx.sorted(hand))})]
    out: list[Reason] = []
    if needs.need_tractor and needs.longest_held == needs.need_tractor:
        out.append(Reason(RULE_FOLLOW, "follow.must_tractor", {
            "suit": s, "length": needs.need_tractor,
            "cards": format_cards(_tractor_cards(ctx, needs.suit_counts, needs.need_tractor))}))
    elif needs.need_pairs and needs.need_pairs == needs.held_pairs:
        pairs = [c for c in suit if needs.suit_counts[c] >= 2]
        out.append(Reason(RULE_FOLLOW, "follow.must_pairs", {
            "suit": s, "need": needs.need_pairs, "cards": format_cards(pairs)}))
    return out


def explain_follow(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card],
                   play: Sequence[Card]) -> list[Reason]:
    """Why ``play`` is not a legal follow of ``lead`` from ``hand`` (R-FOLLOW);
    an empty list when it is legal.

    A play with cards not in the hand yields only ``follow.not_in_hand``; a
    play of the wrong size only ``follow.count``.
    """
    needs = follow_needs(ctx, lead, hand)
    if not _within(play, hand):
        return [missing_reason(ctx, RULE_FOLLOW, hand, play)]
    if len(play) != needs.size:
        return [Reason(RULE_FOLLOW, "follow.count", {"size": needs.size, "played": len(play)})]
    return explain_needs(ctx, needs, play)


def missing_reason(ctx: TrumpContext, rule: str, hand: Sequence[Card], play: Sequence[Card]) -> Reason:
    """Why ``play`` cannot come from ``hand``: cards it does not hold
    (``follow.not_in_hand``), or, when it holds each of them once, a second
    copy it does not have (``follow.one_copy``; "♠5 ♠5: these cards are not
    in your hand: ♠5" read as wrong to a learner holding one ♠5).

    >>> from solver.rules import preset
    >>> ctx = TrumpContext(preset("henan"), "2", "S")
    >>> from solver.cards import parse_cards as P
    >>> missing_reason(ctx, "R-FOLLOW", P("5S KS"), P("5S 5S")).code
    'follow.one_copy'
    >>> missing_reason(ctx, "R-FOLLOW", P("5S KS"), P("5S 6S")).code
    'follow.not_in_hand'
    """
    held = Counter(hand)
    missing = Counter(play) - held
    absent = [c for c in missing if not held[c]]
    if absent or any(held[c] != 1 for c in missing):
        gone = Counter({c: n for c, n in missing.items() if c in absent}) if absent else missing
        return Reason(rule, "follow.not_in_hand", {"cards": format_cards(ctx.sorted(gone.elements()))})
    cards = ctx.sorted(missing)
    return Reason(rule, "follow.one_copy" if len(cards) == 1 else "follow.one_copy_each",
                  {"cards": format_cards(cards)})


def _within(play: Sequence[Card], hand: Sequence[Card]) -> bool:
    """Whether ``play`` is a sub-multiset of ``hand``."""
    have: dict[Card, int] = {}
    for c in hand:
        have[c] = have.get(c, 0) + 1
    for c in play:
        k = have.get(c, 0)
        if not k:
            return False
        have[c] = k - 1
    return True


def is_legal_follow(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card],
                    play: Sequence[Card]) -> bool:
    """Whether ``play`` is a legal follow (no reason against it)."""
    return not explain_follow(ctx, lead, hand, play)
