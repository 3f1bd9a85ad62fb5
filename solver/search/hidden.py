"""Hidden hands: what one seat knows, and deals consistent with it (issue 6).

:class:`Knowledge` is one seat's view in compact form: its own hand, the
cards out of play, the current trick, the kitty if the seat buried it, the
voids other seats showed by failing to follow, cards known to be in a hand
(declared and not played) and how many cards each seat holds.

:func:`sample_deal` deals the unknown cards to the other seats (and to the
kitty when it is unknown) at random, never giving a card to a seat known
void in its effective suit.  Cards are dealt one at a time, each to a seat
chosen with probability proportional to its free room among the seats
allowed to hold it; a Hall condition over the (at most five) slots keeps
every partial deal completable, so sampling never fails or retries.
Without voids this is the uniform distribution over deals.

Beyond the facts, the sampler holds three beliefs about sensible play, each
dropped (beliefs first, then the kitty prior) when no deal fits it:

- what the viewer's opponents showed they lack by how they played
  (:mod:`solver.search.inference`, ``Knowledge.lacks``);
- a kitty of plain non-point cards (``KITTY_PRIOR``: buriers keep their
  trumps and do not hand the attackers multiplied points);
- trumps lean towards the seat that buried the kitty (``BURIER_TRUMPS``
  times likelier than another slot with as much room): it saw the kitty
  and kept its trumps.  Over baseline hands the burier holds 10.5 trumps
  against 7.5-8.4 for the others (henan, tractor); not in wusaner, where
  the lean is off (``BURIER_TRUMPS_BY_RULES``).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from solver.cards import FACES
from solver.search.inference import beliefs
from solver.search.model import POINTS, TRUMP_SUIT, Hand, Hands, Play, remove
from solver.trump import EFFECTIVE_SUITS, TrumpContext

KITTY_SLOT = 4
#: Cards the position does not account for (a puzzle that omits the cards
#: played earlier): they were played before, anywhere.
ELSEWHERE_SLOT = 5
#: Believe buriers keep trumps and point cards out of the kitty (always so
#: for wusaner's R-W-KITTY); the sampler drops the belief when no deal fits.
KITTY_PRIOR = True
#: Draw beliefs about the opponents' hands from their play
#: (:func:`solver.search.inference.beliefs`).
BELIEFS = True
#: How much likelier a trump is dealt to the seat that buried the kitty than
#: to another slot with the same room (1: uniform).  Fitted on where the
#: trumps really were mid-hand (baseline hands, development seeds
#: 91000-91059, 1,045 positions): at 2 the sampled deals give the burier
#: 5.86 trumps on average against 5.87 held, the other seats 5.08 against
#: 5.07 (at 3: 6.38 and 4.99, the burier 0.5 of a trump too many).
BURIER_TRUMPS = 2.0
#: Presets measured otherwise: a wusaner burier (4-card kitty, buried before
#: the trump suit is known) holds no more trumps than the others (13.3 each).
BURIER_TRUMPS_BY_RULES: dict[str, float] = {"wusaner": 1.0}


class InconsistentKnowledge(ValueError):
    """What a seat knows admits no deal (bad position or history)."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's knowledge of a hand in play.

    ``seen`` are the cards played in finished tricks; ``trick`` the plays of
    the current trick from ``leader``; ``kitty`` the buried cards if
    ``viewer`` buried them, else None (then ``kitty_size`` cards are
    unknown); ``voids[s]`` effective-suit indices (0 = trumps, then S H D C)
    seat ``s`` is known to lack; ``known[s]`` cards known to be in seat
    ``s``'s hand; ``sizes[s]`` how many cards seat ``s`` holds now.
    """

    ctx: TrumpContext
    viewer: int
    dealer: int
    leader: int
    own: Hand
    seen: Hand
    trick: tuple[Play, ...]
    sizes: tuple[int, int, int, int]
    points: int = 0
    kitty: Hand | None = None
    kitty_size: int = 0
    voids: tuple[frozenset[int], ...] = field(
        default=(frozenset(), frozenset(), frozenset(), frozenset()))
    known: tuple[Hand, ...] = ((), (), (), ())
    #: faces a seat is believed not to hold (inferred from its play, see
    #: :func:`solver.search.inference.beliefs`); dropped when no deal fits.
    lacks: tuple[frozenset[int], ...] = (frozenset(), frozenset(), frozenset(), frozenset())
    #: the seat that buried the kitty, when known
    burier: int | None = None
    #: effective suits in which a seat holds no pair, and faces it cannot
    #: hold (facts: it followed a lead with pairs with fewer pairs than the
    #: lead, R-FOLLOW 2; :func:`pairless_from_tricks`)
    pairless: tuple[frozenset[int], ...] = (frozenset(), frozenset(), frozenset(), frozenset())
    absent: tuple[frozenset[int], ...] = (frozenset(), frozenset(), frozenset(), frozenset())

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def unknown(self) -> list[int]:
        """The faces (with multiplicity) whose place the viewer does not know."""
        pool = [f for f in range(len(FACES)) for _ in range(2)]
        out = list(pool)
        gone: list[int] = list(self.own) + list(self.seen)
        for p in self.trick:
            gone.extend(p)
        if self.kitty is not None:
            gone.extend(self.kitty)
        for s, cards in enumerate(self.known):
            if s != self.viewer:
                gone.extend(cards)
        for f in gone:
            try:
                out.remove(f)
            except ValueError:
                raise InconsistentKnowledge(f"card {FACES[f]} appears more than twice") from None
        return out


def voids_from_tricks(ctx: TrumpContext, tricks: Iterable[tuple[int, Sequence[Play]]]
                      ) -> tuple[frozenset[int], ...]:
    """Voids shown by failing to follow (R-FOLLOW 1): in each trick
    ``(leader, plays)``, a follower who played fewer cards of the led
    effective suit than the lead holds none of that suit any more."""
    suit = [EFFECTIVE_SUITS.index(ctx.suit_of(f)) for f in FACES]
    voids: list[set[int]] = [set(), set(), set(), set()]
    for leader, plays in tricks:
        if not plays:
            continue
        led = suit[plays[0][0]]
        for i, play in enumerate(plays[1:], start=1):
            if sum(1 for f in play if suit[f] == led) < len(plays[0]):
                voids[(leader + i) % 4].add(led)
    return tuple(frozenset(v) for v in voids)


def pairless_from_tricks(ctx: TrumpContext, tricks: Iterable[tuple[int, Sequence[Play]]]
                         ) -> tuple[tuple[frozenset[int], ...], tuple[frozenset[int], ...]]:
    """What pair obligations showed (R-FOLLOW 2): in a trick whose lead
    holds N pairs, a follower whose cards of the led suit hold fewer than N
    pairs played every pair it had there.  Returns, per seat, the suits in
    which it holds no pair any more, and the faces it cannot hold: the twin
    of every card of that suit it played in that trick or since (the two
    would have made a pair it did not play)."""
    suit = [EFFECTIVE_SUITS.index(ctx.suit_of(f)) for f in FACES]
    tricks = list(tricks)
    out: list[set[int]] = [set(), set(), set(), set()]
    absent: list[set[int]] = [set(), set(), set(), set()]
    highest = ctx.rules.trump_pair_highest_fallback
    for t, (leader, plays) in enumerate(tricks):
        if not plays:
            continue
        led = suit[plays[0][0]]
        n = _pairs(plays[0])
        if not n:
            continue
        if highest and led == TRUMP_SUIT and len(plays[0]) == 2:
            # R-W-FOLLOW 4: without a trump pair the follower played its
            # highest trumps: it holds none above the lower one it played.
            for i, play in enumerate(plays[1:], start=1):
                mine = [ctx.pos(FACES[f]) for f in play if suit[f] == TRUMP_SUIT]
                if mine and not _pairs(play):
                    low = min(mine)
                    absent[(leader + i) % 4].update(
                        f for f in range(len(FACES))
                        if suit[f] == TRUMP_SUIT and ctx.pos(FACES[f]) > low)
        for i, play in enumerate(plays[1:], start=1):
            if _pairs([f for f in play if suit[f] == led]) < n:
                seat = (leader + i) % 4
                out[seat].add(led)
                for ld, ps in tricks[t:]:
                    for j, p in enumerate(ps):
                        if (ld + j) % 4 == seat:
                            absent[seat].update(f for f in p if suit[f] == led)
    return tuple(frozenset(x) for x in out), tuple(frozenset(x) for x in absent)


def _pairs(play: Sequence[int]) -> int:
    """Pairs in a play, counted as two copies of a face."""
    seen: set[int] = set()
    n = 0
    for f in play:
        if f in seen:
            n += 1
        seen.add(f)
    return n


def _has_banned_pair(k: Knowledge, hands: Sequence[Hand], suit: Sequence[int]) -> bool:
    for s in range(4):
        if s == k.viewer or not k.pairless[s]:
            continue
        h = hands[s]
        for a, b in zip(h, h[1:]):
            if a == b and suit[a] in k.pairless[s]:
                return True
    return False


#: Deals drawn before giving up on the no-pair facts (``Knowledge.pairless``):
#: the sampler deals by suit counts, splits the banned pairs a deal holds by
#: trading cards between slots, and redraws a deal it cannot mend.
PAIR_TRIES = 64


def _allowed_masks(k: Knowledge, cards: Sequence[int], suit: Sequence[int],
                   kitty_plain_only: bool, beliefs: bool = True) -> list[int]:
    masks = []
    for f in cards:
        m = 0
        for s in range(4):
            if s != k.viewer and suit[f] not in k.voids[s] and f not in k.absent[s] and \
                    not (beliefs and f in k.lacks[s]):
                m |= 1 << s
        if k.kitty is None and k.kitty_size:
            if not kitty_plain_only or (suit[f] != TRUMP_SUIT and POINTS[f] == 0):
                m |= 1 << KITTY_SLOT
        m |= 1 << ELSEWHERE_SLOT
        masks.append(m)
    return masks


def _feasible(count_by_mask: dict[int, int], room: Sequence[int]) -> bool:
    """Hall's condition: for every set S of slots, the cards that may only
    go to slots of S fit in S's room."""
    return _slack(count_by_mask, room) >= 0


def _slack(count_by_mask: dict[int, int], room: Sequence[int]) -> int:
    """The least spare room over every proper set S of the slots with room,
    once the cards that may only go to slots of S are there (−1: no deal
    fits; the whole set holds exactly its cards).
    The cards needing a subset of each S are summed by a subset-sum (zeta)
    transform over the six slots."""
    total = 0
    open_mask = 0
    for slot, r in enumerate(room):
        total -= r
        if r > 0:
            open_mask |= 1 << slot
    need = [0] * 64
    for m, n in count_by_mask.items():
        if n:
            total += n
            mm = m & open_mask
            if not mm:
                return -1  # a card allowed nowhere with room
            need[mm] += n
    if total:
        return -1
    for bit in (1, 2, 4, 8, 16, 32):
        if open_mask & bit:
            for sub in range(64):
                if sub & bit:
                    need[sub] += need[sub ^ bit]
    cap = _caps(tuple(room))
    # The whole set is always tight (as many cards as room): the least over
    # the proper subsets of the open slots is what a placement can lower.
    least = cap[open_mask]
    sub = (open_mask - 1) & open_mask
    while sub:  # every proper subset of the open slots
        spare = cap[sub] - need[sub]
        if spare < least:
            if spare < 0:
                return -1
            least = spare
        sub = (sub - 1) & open_mask
    return least


@functools.lru_cache(maxsize=4096)
def _caps(room: tuple[int, ...]) -> tuple[int, ...]:
    """The room of every set of slots (bit i: slot i)."""
    cap = [0] * 64
    for sub in range(1, 64):
        low = sub & -sub
        cap[sub] = cap[sub ^ low] + room[low.bit_length() - 1]
    return tuple(cap)


def sample_deal(k: Knowledge, rng: random.Random) -> tuple[Hands, Hand]:
    """One deal consistent with ``k``: the four hands and the kitty.  A
    deal that gives a seat a pair in a suit where it showed it has none
    (``k.pairless``, R-FOLLOW 2) has the extra copies swapped with other
    slots' cards each may hold (:func:`_split_pairs`); a deal no swap mends
    is drawn again (up to ``PAIR_TRIES`` times), then again without the
    beliefs and the kitty prior, as :func:`_plan` drops them.  With
    ``PAIR_MEMO`` a level whose draws all failed for ``k`` is skipped by the
    next deals of ``k`` (so a deal depends on the draws made before it for
    the same knowledge in this process, as the draws of one decision do).

    Raises :class:`InconsistentKnowledge` when no deal fits.
    """
    if not any(k.pairless):
        return _sample_once(k, rng)
    masks: tuple[int, ...] | None = None
    start = _PAIR_FAILED.get(k, 0) if PAIR_MEMO else 0
    for relax in range(start, len(_RELAX)):
        plan = _plan(k, relax)  # raises when nothing fits even the facts
        if plan[3] == masks:
            continue  # the same slots as the last plan: nothing dropped
        masks = plan[3]
        for _ in range(PAIR_TRIES):
            got = _deal_slots(k, rng, relax)
            if _split_pairs(k, got, rng, relax):
                return _assemble(k, got)
        if PAIR_MEMO:
            if len(_PAIR_FAILED) >= _PAIR_FAILED_LIMIT:
                _PAIR_FAILED.clear()
            _PAIR_FAILED[k] = relax + 1
    raise InconsistentKnowledge("no deal fits the pairs the seats showed they lack")


#: A level of ``_RELAX`` at which all ``PAIR_TRIES`` draws of a knowledge
#: failed is not tried again for that knowledge.  Without it a position whose
#: no-pair facts the kitty prior cannot meet spent 64 failed draws on every
#: deal (tuning deal 3186: 32,768 failed draws in one decision of 32 tries ×
#: 16 deals).  Main's bots with it: the same score on 793 of 794 tuning deals
#: (3000-3799), the slowest move 0.46 s of CPU instead of 0.95 s
#: (``bench_strength.py --pair-memo off`` for the old sampler).
PAIR_MEMO = True
_PAIR_FAILED: dict[Knowledge, int] = {}
_PAIR_FAILED_LIMIT = 256


def _split_pairs(k: Knowledge, got: list[list[int]], rng: random.Random,
                 relax: int = 0) -> bool:
    """Mend, in place, the pairs ``got`` deals a seat in a suit where it
    holds none (``k.pairless``): each time, one dealt copy trades places with
    a card of another slot, when each may go where the other was (the same
    allowed slots as the deal: voids, absent faces, beliefs, kitty) and the
    trade makes no new banned pair.  False when a pair cannot be split."""
    suit, cards, _room, masks, _counts = _plan(k, relax)
    mask_of = dict(zip(cards, masks))

    def pairs_up(slot: int, f: int) -> bool:
        """Whether ``f`` in ``slot`` would be a pair it shows it lacks."""
        return slot < 4 and suit[f] in k.pairless[slot] and (
            f in got[slot] or f in k.known[slot])

    for _ in range(len(cards) + 1):
        bad = [(s, f) for s in range(4) if s != k.viewer and k.pairless[s]
               for f in set(got[s]) if suit[f] in k.pairless[s]
               and got[s].count(f) + list(k.known[s]).count(f) >= 2]
        if not bad:
            return True
        s, f = bad[0]
        got[s].remove(f)
        trades = [(t, g) for t in range(6) if t != s and mask_of[f] >> t & 1
                  for g in set(got[t]) if g != f and mask_of[g] >> s & 1
                  and not pairs_up(s, g) and not pairs_up(t, f)]
        if not trades:
            got[s].append(f)
            return False
        t, g = rng.choice(sorted(trades))
        got[t].remove(g)
        got[t].append(f)
        got[s].append(g)
    return False


#: What the deal's allowed slots keep, loosest last: (a plain non-point
#: kitty, the beliefs ``Knowledge.lacks``).
_RELAX = ((True, True), (False, True), (True, False), (False, False))


@functools.lru_cache(maxsize=64)
def _plan(k: Knowledge, relax: int = 0) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...],
                                 tuple[int, ...], tuple[tuple[int, int], ...]]:
    """What every deal of ``k`` starts from (computed once per knowledge):
    the effective suit of each face, the unknown cards, each slot's room,
    each card's allowed slots and how many cards share each mask.
    ``relax`` skips the first ``relax`` of the ``_RELAX`` steps (kitty prior
    and beliefs kept or dropped) even when they fit the voids and sizes."""
    suit = tuple(EFFECTIVE_SUITS.index(k.ctx.suit_of(f)) for f in FACES)
    cards = k.unknown()
    room = [0, 0, 0, 0, 0, 0]
    for s in range(4):
        if s != k.viewer:
            room[s] = k.sizes[s] - len(k.known[s])
            if room[s] < 0:
                raise InconsistentKnowledge(f"seat {s} holds fewer cards than it is known to hold")
    if k.kitty is None:
        room[KITTY_SLOT] = k.kitty_size
    room[ELSEWHERE_SLOT] = len(cards) - sum(room)
    if room[ELSEWHERE_SLOT] < 0:
        raise InconsistentKnowledge("fewer unknown cards than the hands and kitty hold")
    if len(k.own) != k.sizes[k.viewer]:
        raise InconsistentKnowledge("the viewer's hand has the wrong size")
    # wusaner (R-W-KITTY): the kitty holds plain non-point cards when it can;
    # elsewhere too when KITTY_PRIOR (buriers keep trumps and points).
    # Beliefs (``k.lacks``) are dropped before facts when nothing fits.
    masks: list[int] = []
    plain_first = k.ctx.rules.kitty_multiplier == "flat" or KITTY_PRIOR
    tries = [t for t in _RELAX if plain_first or not t[0]]
    for plain_only, use_beliefs in tries[relax:] or tries[-1:]:
        masks = _allowed_masks(k, cards, suit, plain_only, use_beliefs)
        counts: dict[int, int] = {}
        for m in masks:
            counts[m] = counts.get(m, 0) + 1
        if _feasible(counts, room):
            break
    else:
        raise InconsistentKnowledge("no deal fits the known voids and hand sizes")
    return suit, tuple(cards), tuple(room), tuple(masks), tuple(counts.items())


#: The slot sets holding each slot, and the supersets of each set.
_WITH: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in range(64) if t >> s & 1) for s in range(6))
_SUPERSETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in range(64) if t & m == m) for m in range(64))
#: The sets whose spare room a card of mask m placed in slot s lowers.
_CHECK: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(t for t in _WITH[s] if t & m != m) for m in range(64)) for s in range(6))


@functools.lru_cache(maxsize=64)
def _checks_for(masks: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """:data:`_CHECK` for a deal whose cards have the allowed-slot
    ``masks``: only the slot sets that are unions of them.  Any other set
    T never blocks a placement in slot s: the union T' of the masks inside
    T has as many cards to take, so T's spare room is T''s plus the room
    of T less T'; with s outside T' that is at least s's room (one, or s
    would not be offered), and with s inside T' the check of T' is the
    stricter one (T' holds s, and not all of the card's mask, as T does
    not).  The same placements, with far fewer sets to read."""
    closure = set(masks)
    grown = True
    while grown:
        more = {a | b for a in closure for b in masks} - closure
        grown = bool(more)
        closure |= more
    return tuple(tuple(tuple(t for t in _CHECK[s][m] if t in closure) for m in range(64))
                 for s in range(6))


@functools.lru_cache(maxsize=64)
def _spare_table(count_items: tuple[tuple[int, int], ...], room: tuple[int, ...]
                 ) -> tuple[int, ...]:
    """For every set T of the six slots: its room less the cards allowed
    only in T (Hall's condition holds when none is negative)."""
    need = [0] * 64
    for m, n in count_items:
        need[m] += n
    for bit in (1, 2, 4, 8, 16, 32):
        for t in range(64):
            if t & bit:
                need[t] += need[t ^ bit]
    cap = _caps(room)
    return tuple(cap[t] - need[t] for t in range(64))


def _sample_once(k: Knowledge, rng: random.Random) -> tuple[Hands, Hand]:
    """One deal respecting every fact but the pair ones (``k.pairless``)."""
    return _assemble(k, _deal_slots(k, rng))


@functools.lru_cache(maxsize=64)
def _order(k: Knowledge, relax: int = 0) -> tuple[float, int | None, tuple[int, ...], tuple[int, ...],
                                                  tuple[float, ...]]:
    """How :func:`_deal_slots` deals ``k``'s unknown cards (once per
    knowledge): the burier's trump factor and seat, the cards dealt one by
    one and the cards dealt by a plain shuffle (indices into the plan's
    cards), and each card's weight for the kitty slot.  Cards allowed in
    every slot with room never make a deal fail: the restricted ones go
    first (with the Hall check), then the rest freely.  With BURIER_TRUMPS,
    trumps lean towards the seat that buried the kitty (it kept its trumps
    and buried plain cards): they are dealt by weight too, and so are the
    high plain cards an unknown kitty is unlikely to hold
    (:func:`kitty_weights`)."""
    suit, cards, room, masks, _ = _plan(k, relax)
    open_mask = sum(1 << s for s in range(6) if room[s] > 0)
    factor = BURIER_TRUMPS_BY_RULES.get(k.ctx.rules.name, BURIER_TRUMPS)
    lean = k.burier if factor != 1.0 and k.burier is not None and \
        k.burier != k.viewer else None
    by_face = kitty_weights(k.ctx) if room[KITTY_SLOT] > 0 else None
    kw = tuple(by_face[f] if by_face is not None else 1.0 for f in cards)
    weighted = [masks[i] & open_mask != open_mask or (lean is not None and
                                                      suit[cards[i]] == TRUMP_SUIT)
                or (kw[i] != 1.0 and masks[i] >> KITTY_SLOT & 1 == 1)
                for i in range(len(cards))]
    return (factor, lean, tuple(i for i, w in enumerate(weighted) if w),
            tuple(i for i, w in enumerate(weighted) if not w), kw)


#: How likely an unknown kitty is to hold a plain card, by how many higher
#: ranks its suit has (0: the ace), relative to a low card (the rest: 1).
#: A burier keeps its high cards: over baseline hands (development seeds
#: 5000-5059) no buried card was a plain ace and 2-6 % the next ranks,
#: against 8-17 % each in a kitty drawn uniformly from the plain non-point
#: cards.  A weight, not a fact: a kitty may hold any card the rules allow.
KITTY_RANK_WEIGHTS: tuple[float, ...] = (0.05, 0.05, 0.3, 0.3, 0.3, 0.6)


@functools.lru_cache(maxsize=64)
def kitty_weights(ctx: TrumpContext) -> tuple[float, ...]:
    """Each face's weight for the kitty slot (:data:`KITTY_RANK_WEIGHTS`;
    trumps and point cards are left to the kitty prior: 1)."""
    suit = [EFFECTIVE_SUITS.index(ctx.suit_of(f)) for f in FACES]
    ranks: dict[int, list[int]] = {}
    for f in range(len(FACES)):
        ranks.setdefault(suit[f], []).append(ctx.pos(FACES[f]))
    top = {x: sorted(set(v), reverse=True) for x, v in ranks.items()}
    out = []
    for f in range(len(FACES)):
        r = top[suit[f]].index(ctx.pos(FACES[f]))
        plain = suit[f] != TRUMP_SUIT and POINTS[f] == 0
        out.append(KITTY_RANK_WEIGHTS[r] if plain and r < len(KITTY_RANK_WEIGHTS) else 1.0)
    return tuple(out)


#: The slots of each set of slots (bit i: slot i), in order.
_SLOTS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(6) if m >> s & 1) for m in range(64))


@functools.lru_cache(maxsize=64)
def _slot_weights(k: Knowledge, relax: int = 0) -> tuple[tuple[float, ...], ...]:
    """Each unknown card's weight per slot in :func:`_deal_slots` (times the
    slot's room left): the burier's trump factor (:func:`_order`), the
    kitty weight, else 1."""
    suit, cards, _room, _masks, _ = _plan(k, relax)
    factor, lean, _r, _f, kw = _order(k, relax)
    out = []
    for i, f in enumerate(cards):
        boost = factor if lean is not None and suit[f] == TRUMP_SUIT else 1.0
        out.append(tuple(boost if s == lean else kw[i] if s == KITTY_SLOT else 1.0
                         for s in range(6)))
    return tuple(out)


def _deal_slots(k: Knowledge, rng: random.Random, relax: int = 0) -> list[list[int]]:
    """The unknown cards dealt to the six slots (facts but the pair ones;
    ``relax``: see :func:`_plan`)."""
    suit, cards, room_t, masks, count_items = _plan(k, relax)
    room = list(room_t)
    _factor, _lean, restricted_t, free_t, _kw = _order(k, relax)
    restricted = list(restricted_t)
    free = list(free_t)
    rng.shuffle(restricted)
    rng.shuffle(free)
    got: list[list[int]] = [[], [], [], [], [], []]
    # Hall's condition kept card by card: ``spare[T]`` is the room of the
    # slot set T less the cards that may only go to T.  A card of mask m
    # placed in slot s lowers it by one for the sets holding s but not all
    # of m, so the placement keeps the deal completable when those all have
    # spare room left (the same draws as a full check each time).
    spare = list(_spare_table(count_items, room_t))
    check = _checks_for(tuple(m for m, _ in count_items))
    weights = _slot_weights(k, relax)
    random_ = rng.random
    for i in restricted:
        m = masks[i]
        w = weights[i]
        options = [s for s in _SLOTS_OF[m] if room[s] > 0]
        while True:
            # rng.choices(options, weights)[0], inlined: the same draw (one
            # random() against the running sums, added in the same order),
            # without its overhead.
            if len(options) == 1:
                random_()
                slot = options[0]
            else:
                acc = 0.0
                for s in options:
                    acc += room[s] * w[s]
                x = random_() * acc
                slot = options[-1]
                acc = 0.0
                for s in options:
                    acc += room[s] * w[s]
                    if x < acc:
                        slot = s
                        break
            sets = check[slot][m]
            for t in sets:
                if spare[t] < 1:
                    break
            else:
                break
            options.remove(slot)
            if not options:  # cannot happen: the previous state was feasible
                raise InconsistentKnowledge("sampling dead end")
        room[slot] -= 1
        # The sets holding ``slot`` lose one spare place, the supersets of
        # ``m`` (which all hold it) gain it back as the card no longer
        # needs them: only the sets in ``sets`` change.
        for t in sets:
            spare[t] -= 1
        got[slot].append(cards[i])
    at = 0
    for slot in range(6):
        got[slot].extend(cards[i] for i in free[at:at + room[slot]])
        at += room[slot]
    return got


def _assemble(k: Knowledge, got: Sequence[Sequence[int]]) -> tuple[Hands, Hand]:
    """The four hands and the kitty of a deal of the unknown cards."""
    hands: list[Hand] = []
    for s in range(4):
        if s == k.viewer:
            hands.append(k.own)
        else:
            hands.append(tuple(sorted(list(got[s]) + list(k.known[s]))))
    kitty = k.kitty if k.kitty is not None else tuple(sorted(got[KITTY_SLOT]))
    return (hands[0], hands[1], hands[2], hands[3]), kitty


def best_deal(k: Knowledge, rng: random.Random, misfit: Callable[..., int],
              tries: int, eps: float = 0.0,
              sample: Callable[[Knowledge, random.Random], tuple[Hands, Hand]] | None = None,
              bounded: bool = False, cap: int | None = None,
              tally: Callable[[], object] | None = None) -> tuple[Hands, Hand]:
    """The deal with the lowest ``misfit`` among up to ``tries`` samples
    (the first that scores 0 ends the search; ties keep the earlier).

    With ``eps`` > 0 a sample that leaves ``m`` plays unexplained is also
    kept outright with probability ``eps ** m`` (rejection sampling: a kept
    deal is a draw of the posterior under a policy that errs with odds
    about ``eps`` per play); when none is kept, the best of the ``tries``.
    ``sample`` draws each (default :func:`sample_deal`).  ``bounded``:
    ``misfit`` takes a keyword ``bound`` and may stop counting there (only
    without ``eps``, whose odds need the whole count).  ``cap`` (bounded
    only): after the first sample, the count stops at ``cap`` at most, and
    a sample replaces the best only when it is known to be better (a count
    below where it stopped): most samples fail on their first unexplained
    plays, so more of them can be tried for the same work, and the first
    that explains every play ends the search as before.

    ``tally`` (without ``eps`` and ``cap``): ``misfit`` takes a keyword
    ``tally``, a fresh ``tally()`` for each sample, and resumes a bounded
    count from it (:class:`solver.search.opponent.Tally`); the same deal is
    then found with less counting (:func:`_lowest_by_raised_bound`)."""
    draw = sample or sample_deal
    if tally is not None and eps == 0.0 and cap is None:
        return _lowest_by_raised_bound(k, rng, misfit, tries, draw, tally)
    best = draw(k, rng)
    miss = misfit(*best)
    if miss and eps > 0.0 and rng.random() < eps ** miss:
        return best
    cut = bounded and eps == 0.0
    for _ in range(tries - 1):
        if not miss:
            break
        deal = draw(k, rng)
        bound = miss if cap is None else min(miss, cap)
        m = misfit(*deal, bound=bound) if cut else misfit(*deal)
        if not m or (eps > 0.0 and rng.random() < eps ** m):
            return deal
        if m < (bound if cut else miss):
            best, miss = deal, m
    return best


def _lowest_by_raised_bound(k: Knowledge, rng: random.Random, misfit: Callable[..., int],
                            tries: int,
                            draw: Callable[[Knowledge, random.Random], tuple[Hands, Hand]],
                            tally: Callable[[], object]) -> tuple[Hands, Hand]:
    """:func:`best_deal` without ``eps`` or ``cap``: the same deal (the
    earliest sample of the lowest count; drawing stops at the first that
    scores 0, so the random stream moves on as much), found by counting
    each sample only as far as needed.  First each sample is asked whether
    it leaves any play unexplained; when all do, the bound rises by one at
    a time over all of them, each count resumed where it stopped.  When a
    bound ``b`` first finds a count below it, no count is below ``b - 1``
    (the last bound found none), so the first sample under ``b`` holds the
    lowest count, and the samples before it more.  Most samples leave
    several plays unexplained and only the lowest count matters: counting
    each in full, or down to the best so far, checks many more plays."""
    deals: list[tuple[Hands, Hand]] = []
    tallies: list[object] = []
    for _ in range(tries):
        deal = draw(k, rng)
        t = tally()
        if not misfit(*deal, bound=1, tally=t):
            return deal
        deals.append(deal)
        tallies.append(t)
    if len(deals) == 1:
        return deals[0]
    bound = 2
    while True:
        for deal, t in zip(deals, tallies):
            if misfit(*deal, bound=bound, tally=t) < bound:
                return deal
        bound += 1


def deal_is_consistent(k: Knowledge, hands: Hands, kitty: Hand) -> bool:
    """Whether a full deal agrees with everything ``k`` knows."""
    suit = [EFFECTIVE_SUITS.index(k.ctx.suit_of(f)) for f in FACES]
    if hands[k.viewer] != k.own:
        return False
    if k.kitty is not None and tuple(sorted(kitty)) != tuple(sorted(k.kitty)):
        return False
    if k.kitty is None and len(kitty) != k.kitty_size:
        return False
    for s in range(4):
        if len(hands[s]) != k.sizes[s]:
            return False
        if s != k.viewer and any(suit[f] in k.voids[s] or f in k.absent[s] for f in hands[s]):
            return False
        try:
            remove(tuple(sorted(hands[s])), tuple(sorted(k.known[s])))
        except ValueError:
            return False
    if _has_banned_pair(k, hands, suit):
        return False
    every = sorted(list(k.seen) + [f for p in k.trick for f in p] + list(kitty)
                   + [f for h in hands for f in h])
    full = sorted(f for f in range(len(FACES)) for _ in range(2))
    return every == full


def knowledge_from_view(view: object) -> Knowledge:
    """A :class:`Knowledge` from a :class:`solver.game.view.SeatView` in the
    play phase (duck-typed to keep this module free of the game package)."""
    from solver.cards import Card

    v = view  # SeatView
    ctx: TrumpContext = v.ctx  # type: ignore[attr-defined]
    seat: int = v.seat  # type: ignore[attr-defined]
    tricks = v.tricks  # type: ignore[attr-defined]
    leader: int = v.leader  # type: ignore[attr-defined]
    current: list[tuple[Card, ...]] = v.trick  # type: ignore[attr-defined]
    history: list[tuple[int, tuple[Play, ...]]] = [
        (t.leader, tuple(tuple(sorted(c.index for c in p)) for p in t.plays)) for t in tricks]
    trick = tuple(tuple(sorted(c.index for c in p)) for p in current)
    history.append((leader, trick))
    seen = tuple(sorted(c.index for t in tricks for p in t.plays for c in p))
    own = tuple(sorted(c.index for c in v.cards))  # type: ignore[attr-defined]
    own_kitty = v.own_kitty  # type: ignore[attr-defined]
    defenders: int = v.defenders  # type: ignore[attr-defined]
    sizes = tuple(v.cards_left(s) for s in range(4))  # type: ignore[attr-defined]
    # Cards a seat showed when declaring and must still hold (a seat that
    # took the kitty may have buried them: SeatView.shown_in_hand).
    voids = voids_from_tricks(ctx, history)
    pairless = pairless_from_tricks(ctx, history)
    known: list[Hand] = [(), (), (), ()]
    for s, cards in v.shown_in_hand().items():  # type: ignore[attr-defined]
        known[s] = tuple(sorted(c.index for c in cards))
    if not _fits(ctx, known, own, seen, trick, sizes, voids):
        known = [(), (), (), ()]
    return Knowledge(
        ctx=ctx, viewer=seat, dealer=defenders, leader=leader, own=own, seen=seen, trick=trick,
        sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        points=v.attacker_points,  # type: ignore[attr-defined]
        kitty=tuple(sorted(c.index for c in own_kitty)) if own_kitty else None,
        kitty_size=ctx.rules.kitty_size,
        voids=voids, known=tuple(known),
        lacks=_beliefs(ctx, history, seat, own),
        burier=v.burier,  # type: ignore[attr-defined]
        pairless=pairless[0], absent=pairless[1])


def _fits(ctx: TrumpContext, known: Sequence[Hand], own: Hand, seen: Hand,
          trick: tuple[Play, ...], sizes: Sequence[int], voids: Sequence[frozenset[int]]) -> bool:
    """Whether cards believed held fit the facts (no third copy, no more
    than a hand holds, nothing of a suit its holder is void in)."""
    count = [0] * len(FACES)
    for f in list(own) + list(seen) + [f for p in trick for f in p] + \
            [f for h in known for f in h]:
        count[f] += 1
        if count[f] > 2:
            return False
    for s, h in enumerate(known):
        if len(h) > sizes[s]:
            return False
        if any(EFFECTIVE_SUITS.index(ctx.suit_of(FACES[f])) in voids[s] for f in h):
            return False
    return True


def _beliefs(ctx: TrumpContext, history: list[tuple[int, tuple[Play, ...]]], seat: int,
             own: Hand) -> tuple[frozenset[int], ...]:
    if BELIEFS:
        return beliefs(ctx, history, seat, own)
    return (frozenset(), frozenset(), frozenset(), frozenset())


def carry_deal(k: Knowledge, hands: Hands, kitty: Hand,
               rng: random.Random) -> tuple[Hands, Hand] | None:
    """A deal drawn for an earlier moment of the same hand (``hands``,
    ``kitty``), brought up to date with ``k`` instead of drawn again.

    Every card the deal placed that is still unknown stays where it was;
    the cards played since leave the deal.  A seat that played cards the
    deal had put elsewhere is left holding too many, and those other slots
    too few: the overfull slots hand random cards of theirs to the short
    ones, each card only where ``k`` allows it (voids, absent faces,
    beliefs, the kitty prior).  The result is kept only when it agrees with
    every fact and belief of ``k`` (:func:`deal_is_consistent`, the slots
    each card may go to); None otherwise, and the caller draws a fresh deal.
    """
    suit, cards, room, masks, _ = _plan(k)
    if room[ELSEWHERE_SLOT]:
        return None
    allowed, counts = _carry_plan(k)
    left = dict(counts)
    got: list[list[int]] = [[], [], [], [], [], []]
    old: list[Sequence[int]] = [hands[0], hands[1], hands[2], hands[3], kitty]
    for s in range(5):
        if s == k.viewer or (s == KITTY_SLOT and k.kitty is not None):
            continue
        pool = list(old[s])
        if s < 4:
            for f in k.known[s]:
                if f in pool:
                    pool.remove(f)
        mine = got[s]
        for f in pool:
            if left.get(f, 0) > 0:
                left[f] -= 1
                mine.append(f)
    if any(left.values()):
        return None  # not a deal of an earlier moment of this knowledge
    short = [s for s in range(5) if len(got[s]) < room[s]]
    for s in range(5):
        while len(got[s]) > room[s]:
            moves = [(f, t) for f in set(got[s]) for t in short
                     if len(got[t]) < room[t] and allowed[f] >> t & 1]
            if not moves:
                return None
            f, t = rng.choice(sorted(moves))
            got[s].remove(f)
            got[t].append(f)
    for s in range(5):
        if len(got[s]) != room[s] or any(not allowed[f] >> s & 1 for f in got[s]):
            return None
    deal = _assemble(k, got)
    # Sizes, voids, absent faces, beliefs and the kitty hold by the slots'
    # rooms and masks; the pair facts remain (tests check the whole deal
    # with deal_is_consistent).
    if any(k.pairless) and _has_banned_pair(k, deal[0], suit):
        return None
    return deal


@functools.lru_cache(maxsize=16)
def _carry_plan(k: Knowledge) -> tuple[dict[int, int], tuple[tuple[int, int], ...]]:
    """Each unknown face's allowed slots and how many of it are unknown."""
    _suit, cards, _room, masks, _ = _plan(k)
    return dict(zip(cards, masks)), tuple(Counter(cards).items())
