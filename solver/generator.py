"""Fast legal move generation: follows (R-FOLLOW, R-FORCED) and leads
(R-LEAD, R-THROW-ADJ, R-THROW-SAFE).

Follows are distinct multisets of faces (the two copies of a face are
interchangeable, R-FORCED).  A follow splits into the *suit part* (cards of
the led suit) and the *free part* (other cards, only when the led suit runs
out; any multiset of the right size).  The suit part is searched over
ladder positions with a memoized count of completions
``(position group, cards used, pairs (capped), current pair run, tractor
reached)``: enumeration only enters branches that can complete, so each
follow costs O(cards) to produce, and counting never enumerates.  A
listing comes in blocks made inside C, one tuple per follow and no Python
step per follow (:meth:`FollowSpace.suit_parts`,
:meth:`FollowSpace._free_blocks`): a void follower's 10^5 discards cost
little more than allocating their tuples.

>>> from solver.rules import preset
>>> from solver.trump import TrumpContext
>>> from solver.cards import parse_cards as P, format_cards
>>> ctx = TrumpContext(preset("henan"), 2, "S")
>>> [format_cards(f) for f in legal_follows(ctx, P("10H 10H"), P("9H 9H 3H 4D 5S"))]
['9H 9H']
>>> count_legal_follows(ctx, P("10H 10H"), P("9H 4D 4D 5S"))
2
>>> format_cards(always_cards(ctx, P("10H 10H"), P("9H 4D 4D 5S")))
'9H'
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import add

from solver.bits import Bits, LeadInfo, bits_of, follow_ok, packed, split, valid
from solver.cards import Card, check_copies
from solver.follow import FollowNeeds, follow_needs, lead_info
from solver.throws import SuitHolding, unseen_cards
from solver.trump import TRUMP, TrumpContext
from solver.units import PAIR, TRACTOR, decompose

__all__ = ["legal_follows", "is_legal_follow", "count_legal_follows", "always_cards",
           "FollowSpace", "follow_space", "legal_leads", "MAX_THROW_CANDIDATES"]

#: Cap on throw candidates examined per effective suit by :func:`legal_leads`
#: (the candidates are the sub-multisets of a suit that could stand: faces
#: whose single is beaten only enter as whole pairs).  Past the cap the
#: remaining throws of that suit are not generated.
MAX_THROW_CANDIDATES = 1 << 16


@dataclass(frozen=True, slots=True)
class _Choice:
    counts: tuple[tuple[Card, int], ...]
    used: int
    pairs: int
    has_pair: bool
    cards: tuple[Card, ...]


#: Suit-part subtrees with at most this many completions are built as lists
#: (memoized); above it the walk goes one position deeper.
_MATERIALIZE = 512


_CHOICES: dict[tuple[int, ...], list[_Choice]] = {}


def _choices(faces: tuple[tuple[Card, int], ...]) -> list[_Choice]:
    """What one ladder position's faces (held ``k`` times each, in face
    order) can give to a suit part: every count of every face (memoized on
    the face indices and counts; shared, callers must not mutate it)."""
    key = tuple([x for f, k in faces for x in (f.index, k)])
    hit = _CHOICES.get(key)
    if hit is not None:
        return hit
    opts = []
    for combo in itertools.product(*(range(k + 1) for _, k in faces)):
        counts = tuple((f, v) for (f, _), v in zip(faces, combo) if v)
        pairs = sum(1 for v in combo if v == 2)
        cards = tuple(f for f, v in counts for _ in range(v))
        opts.append(_Choice(counts, sum(combo), pairs, pairs > 0, cards))
    if len(_CHOICES) < 1 << 14:
        _CHOICES[key] = opts
    return opts


class FollowSpace:
    """All legal follows of one (lead, hand) as a counted search space: the
    structured answer to "which follows are legal" (:func:`follow_space`).
    Nothing is listed until asked: :meth:`count` is exact by counting,
    :meth:`always` (R-FORCED) is one inside-outside pass, ``play in space``
    is the bitset check (:func:`solver.bits.follow_ok`), and iterating yields
    each distinct follow once, lazily (a void follower facing a long lead
    can have 10^5 of them)."""

    #: Suit-part subtrees with at most this many completions are built as
    #: lists (memoized); tests set it per space to walk other block shapes.
    materialize = _MATERIALIZE

    def __init__(self, ctx: TrumpContext, needs: FollowNeeds) -> None:
        self.ctx = ctx
        self.needs = needs
        groups: dict[int, list[tuple[Card, int]]] = {}
        pos = ctx.positions
        for card, k in needs.suit_counts.items():
            groups.setdefault(pos[card.index], []).append((card, k))
        self.positions = sorted(groups)
        self.adjacent = [i > 0 and self.positions[i] == self.positions[i - 1] + 1
                         for i in range(len(self.positions))]
        self.choices: list[list[_Choice]] = []
        for p in self.positions:
            group = groups[p]
            if len(group) > 1:
                group.sort(key=lambda fk: fk[0].index)
            self.choices.append(_choices(tuple(group)))
        caps = [0] * (len(self.positions) + 1)
        pcaps = [0] * (len(self.positions) + 1)
        for i in range(len(self.positions) - 1, -1, -1):
            caps[i] = caps[i + 1] + sum(k for _, k in groups[self.positions[i]])
            pcaps[i] = pcaps[i + 1] + sum(1 for _, k in groups[self.positions[i]] if k == 2)
        self.caps = caps
        #: Faces held twice from each position group on (no completion can
        #: reach the pairs rule 2 asks for with fewer).
        self.pcaps = pcaps
        self.others = sorted(needs.other_counts.items(), key=lambda fk: fk[0].index)
        ocaps = [0] * (len(self.others) + 1)
        for j in range(len(self.others) - 1, -1, -1):
            ocaps[j] = ocaps[j + 1] + self.others[j][1]
        self.ocaps = ocaps
        self._memo: dict[tuple[int, int, int, int, bool], int] = {}
        self._lists: dict[tuple[int, int, int, int, bool], list[tuple[Card, ...]]] = {}
        self._fmemo: dict[tuple[int, int], int] = {}
        self._info: tuple[LeadInfo, Bits] | None = None

    # -- suit part -----------------------------------------------------------

    def _step(self, i: int, state: tuple[int, int, int, bool],
              ch: _Choice) -> tuple[int, int, int, bool] | None:
        used, pairs, run, got = state
        n = self.needs
        used += ch.used
        if used > n.need_suit:
            return None
        pairs = min(pairs + ch.pairs, n.need_pairs)
        t = n.need_tractor
        if t:
            run = (min(run + 1, t) if self.adjacent[i] else 1) if ch.has_pair else 0
            got = got or run >= t
        return used, pairs, run, got

    def _count(self, i: int, state: tuple[int, int, int, bool]) -> int:
        memo = self._memo
        key = (i, *state)
        hit = memo.get(key)
        if hit is not None:
            return hit
        n = self.needs
        used, pairs, _, got = state
        if i == len(self.positions):
            total = int(used == n.need_suit and pairs >= n.need_pairs
                        and (not n.need_tractor or got))
        elif used + self.caps[i] < n.need_suit or pairs + self.pcaps[i] < n.need_pairs:
            total = 0
        else:
            # _step inlined: this loop is the counting's inner loop.
            total = 0
            need_suit, need_pairs, t = n.need_suit, n.need_pairs, n.need_tractor
            adjacent = self.adjacent[i]
            run = state[2]
            count = self._count
            for ch in self.choices[i]:
                u = used + ch.used
                if u > need_suit:
                    continue
                p = pairs + ch.pairs
                if p > need_pairs:
                    p = need_pairs
                if t:
                    r = ((run + 1 if run < t else t) if adjacent else 1) if ch.has_pair else 0
                    total += count(i + 1, (u, p, r, got or r >= t))
                else:
                    total += count(i + 1, (u, p, run, got))
        memo[key] = total
        return total

    def _highest_parts(self) -> list[tuple[Card, ...]]:
        """R-W-FOLLOW: the suit parts made of the highest trumps."""
        n = self.needs
        assert n.highest is not None
        cards = [c for c, k in n.suit_counts.items() for _ in range(k)]
        cards.sort(key=lambda c: c.index)
        out = []
        for combo in itertools.combinations(cards, n.need_suit):
            if tuple(sorted((self.ctx.pos(c) for c in combo), reverse=True)) == n.highest:
                out.append(combo)
        return list(dict.fromkeys(out))

    def suit_parts(self) -> Iterator[tuple[Card, ...]]:
        """Each legal suit part once (a multiset of faces of the led suit), in
        the order of the choices per ladder position (lowest position first,
        fewest copies first).

        Lazy, in blocks: the walk stops at the first position where the
        completions number at most ``_MATERIALIZE``; that subtree is built
        once as a list of tuples (memoized on its state), and the block is
        the walked prefix joined to each of them inside C (one tuple per
        follow, however deep the prefix)."""
        if self.needs.highest is not None:
            return iter(self._highest_parts())
        start = (0, 0, 0, False)
        if not self._count(0, start):
            return iter(())
        return itertools.chain.from_iterable(self._blocks(0, start, ()))

    def _blocks(self, i: int, state: tuple[int, int, int, bool],
                prefix: tuple[Card, ...]) -> Iterator[Iterable[tuple[Card, ...]]]:
        if self._count(i, state) <= self.materialize:
            sub = self._built(i, state)
            yield map(add, repeat(prefix), sub) if prefix else sub
            return
        for ch in self.choices[i]:
            nxt = self._step(i, state, ch)
            if nxt is not None and self._count(i + 1, nxt):
                yield from self._blocks(i + 1, nxt, prefix + ch.cards)

    def _built(self, i: int, state: tuple[int, int, int, bool]) -> list[tuple[Card, ...]]:
        key = (i, *state)
        hit = self._lists.get(key)
        if hit is not None:
            return hit
        out: list[tuple[Card, ...]] = []
        if i == len(self.positions):
            out.append(())
        else:
            for ch in self.choices[i]:
                nxt = self._step(i, state, ch)
                if nxt is None or not self._count(i + 1, nxt):
                    continue
                sub = self._built(i + 1, nxt)
                out.extend(map(add, repeat(ch.cards), sub) if ch.cards else sub)
        self._lists[key] = out
        return out

    def count_suit_parts(self) -> int:
        if self.needs.highest is not None:
            return len(self._highest_parts())
        return self._count(0, (0, 0, 0, False))

    # -- free part -------------------------------------------------------------

    def count_free_parts(self) -> int:
        return self._free_count(0, self.needs.free)

    def _free_count(self, j: int, left: int) -> int:
        """Multisets of ``left`` cards from the other faces ``j..``."""
        key = (j, left)
        hit = self._fmemo.get(key)
        if hit is not None:
            return hit
        if left == 0:
            total = 1
        elif j == len(self.others) or left > self.ocaps[j]:
            total = 0
        else:  # take 0 .. k copies of face j (k <= 2 in a valid hand)
            k = self.others[j][1]
            count = self._free_count
            total = count(j + 1, left) + count(j + 1, left - 1)
            for v in range(2, min(k, left) + 1):
                total += count(j + 1, left - v)
        self._fmemo[key] = total
        return total

    def free_parts(self) -> Iterator[tuple[Card, ...]]:
        """Each multiset of ``needs.free`` cards from the other suits once:
        choose the faces taken twice (D), then the faces taken once (S)
        among the rest; itertools does the inner work."""
        r = self.needs.free
        if not self._free_count(0, r):
            return iter(())
        return itertools.chain.from_iterable(self._free_blocks(r))

    def _free_blocks(self, r: int,
                     prefix: tuple[Card, ...] = ()) -> Iterator[Iterator[tuple[Card, ...]]]:
        """The free parts in blocks, each block one set of faces taken twice
        (D) and every choice of the faces taken once (S) among the rest, each
        play ``prefix`` (a suit part) + D + S.  A block is made inside C, one
        tuple per follow: the combinations of ``head + rest`` that keep all
        of ``head`` (``prefix`` + D) come first in itertools' order, and are
        exactly ``head`` + each combination of ``rest``."""
        faces = tuple(f for f, _ in self.others)
        doubles = [j for j, (_, k) in enumerate(self.others) if k == 2]
        combinations, islice = itertools.combinations, itertools.islice
        for d in range(min(len(doubles), r // 2) + 1):
            m = r - 2 * d
            n = math.comb(len(faces) - d, m)  # the combinations of rest, per D
            if not n:
                continue
            if not d:
                yield (islice(combinations(prefix + faces, len(prefix) + m), n) if prefix
                       else combinations(faces, m))
                continue
            size = len(prefix) + r
            for dset in combinations(doubles, d):
                head = prefix
                rest: tuple[Card, ...] = ()
                last = 0
                for j in dset:
                    f = faces[j]
                    head += (f, f)
                    rest += faces[last:j]
                    last = j + 1
                yield islice(combinations(head + rest + faces[last:], size), n)

    # -- whole follows ---------------------------------------------------------

    def __contains__(self, play: object) -> bool:
        """Whether ``play`` (a sequence of cards) is one of the legal follows
        (R-FOLLOW 1-4, R-W-FOLLOW), on bitsets, without listing any."""
        if not isinstance(play, (list, tuple)) or not all(isinstance(c, Card) for c in play):
            return False
        info = self._info
        if info is None:
            n = self.needs
            lead = n.lead
            info = self._info = (
                LeadInfo(n.suit, self.ctx.suit_masks.get(n.suit, 0), n.size, n.lead_pairs,
                         lead.units[0].length if lead.type == TRACTOR else 0,
                         lead.type == PAIR and n.suit == TRUMP),
                split(packed([c for d in (n.suit_counts, n.other_counts)
                              for c, k in d.items() for _ in range(k)])))
        return follow_ok(self.ctx, info[0], info[1], bits_of(play))

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        if not self.needs.free:
            return self.suit_parts()
        r = self.needs.free
        if not self._free_count(0, r):
            return iter(())
        # Each suit part joined into its free blocks (no second pass per follow);
        # one suit part (a void, or the whole suit played): its blocks alone.
        chain = itertools.chain.from_iterable
        if self.count_suit_parts() == 1:
            return chain(self._free_blocks(r, next(iter(self.suit_parts()))))
        return chain(chain(self._free_blocks(r, part)) for part in self.suit_parts())

    def count(self) -> int:
        return self.count_suit_parts() * self.count_free_parts()

    def _usage(self) -> list[list[int]]:
        """Inside-outside: for each position group and each of its choices,
        how many legal suit parts make that choice (ways to reach each state
        from the start, forward, times the memoized completions from the
        state the choice leads to).  One pass for every option at once."""
        fwd: dict[tuple[int, int, int, bool], int] = {(0, 0, 0, False): 1}
        out: list[list[int]] = []
        for i, opts in enumerate(self.choices):
            uses = [0] * len(opts)
            nxt: dict[tuple[int, int, int, bool], int] = {}
            for state, ways in fwd.items():
                for j, ch in enumerate(opts):
                    ns = self._step(i, state, ch)
                    if ns is None:
                        continue
                    if self._count(i + 1, ns):
                        uses[j] += ways * self._count(i + 1, ns)
                        nxt[ns] = nxt.get(ns, 0) + ways
            out.append(uses)
            fwd = nxt
        return out

    def always(self) -> list[Card]:
        """R-FORCED: the multiset of faces common to every legal follow."""
        out: list[Card] = []
        n = self.needs
        if self.count() == 0:
            return out
        if n.highest is not None:
            parts = self._highest_parts()
            common = Counter(parts[0])
            for p in parts[1:]:
                common &= Counter(p)
            out.extend(common.elements())
        else:
            for opts, uses in zip(self.choices, self._usage()):
                faces = {f for ch in opts for f, _ in ch.counts}
                for f in faces:
                    # The fewest copies of f among the choices some legal
                    # suit part makes here.
                    v = min(dict(ch.counts).get(f, 0) for ch, u in zip(opts, uses) if u)
                    out.extend([f] * v)
        r = n.free
        total = self.ocaps[0]
        for f, k in self.others:
            out.extend([f] * max(0, r - (total - k)))
        return self.ctx.sorted(out)


def follow_space(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card]) -> FollowSpace:
    """Every legal follow of ``lead`` from ``hand``, as a :class:`FollowSpace`
    (counted, checked and listed on demand); raises like
    :func:`solver.follow.follow_needs` for an invalid lead or hand."""
    return FollowSpace(ctx, follow_needs(ctx, lead, hand))


_space = follow_space


def legal_follows(ctx: TrumpContext, lead: Sequence[Card],
                  hand: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """Lazily yield each distinct legal follow once (a multiset of faces, R-FORCED)."""
    return iter(_space(ctx, lead, hand))


def is_legal_follow(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card],
                    play: Sequence[Card]) -> bool:
    """Whether ``play`` is a legal follow (R-FOLLOW 1-4): the fast path, on
    card bitsets (:func:`solver.bits.follow_ok`), without building reasons
    (solver.follow explains)."""
    info = lead_info(ctx, lead)
    h = packed(hand)
    hb = split(h)
    lp = packed(lead)
    lo, hi = split(lp)
    if (len(hand) < info.size or not valid(h, len(hand)) or not valid(lp, len(lead))
            or (hb[1] & lo) | (hb[0] & hi)):
        follow_needs(ctx, lead, hand)  # raises the copies / hand_too_small error
    return len(play) == info.size and follow_ok(ctx, info, hb, bits_of(play))


def count_legal_follows(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card]) -> int:
    """How many distinct legal follows there are, without enumerating them."""
    return _space(ctx, lead, hand).count()


def always_cards(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card]) -> list[Card]:
    """R-FORCED: the faces (with multiplicity) in every legal follow."""
    return _space(ctx, lead, hand).always()


# -- leads -------------------------------------------------------------------------


def _unit_leads(ctx: TrumpContext, counts: dict[Card, int]) -> Iterator[tuple[Card, ...]]:
    """Singles, pairs and tractors of one suit's cards (R-LEAD, R-TRACTOR)."""
    faces = sorted(counts, key=lambda c: (-ctx.pos(c), c.index))
    for f in faces:
        yield (f,)
    for f in faces:
        if counts[f] >= 2:
            yield (f, f)
    by_pos: dict[int, list[Card]] = {}
    for f in faces:
        if counts[f] >= 2:
            by_pos.setdefault(ctx.pos(f), []).append(f)
    for top in sorted(by_pos, reverse=True):
        length = 2
        while top - length + 1 in by_pos:
            run = [by_pos[top - i] for i in range(length)]
            for combo in itertools.product(*run):
                yield tuple(f for f in combo for _ in range(2))
            length += 1
        # runs starting lower are reached from their own top


def legal_leads(ctx: TrumpContext, hand: Sequence[Card], *,
                others: Sequence[Sequence[Card]] | None = None,
                seen: Sequence[Card] | None = None,
                max_throw_candidates: int = MAX_THROW_CANDIDATES) -> Iterator[tuple[Card, ...]]:
    """Lazily yield legal leads: every single, pair and tractor; then throws
    (≥ 2 units of one suit) that stand against ``others`` (R-THROW-ADJ)
    and/or are safe given ``seen`` (R-THROW-SAFE).  With neither, no throws.

    Throws: per suit, only faces whose single is unbeaten may enter with one
    copy; the others enter as whole pairs or not at all (a lone copy would
    be a beaten single).  At most ``max_throw_candidates`` candidates are
    examined per suit.
    """
    check_copies([*hand, *(c for h in (others or ()) for c in h)])
    by_suit: dict[str, dict[Card, int]] = {}
    for c in hand:
        d = by_suit.setdefault(ctx.suit_of(c), {})
        d[c] = d.get(c, 0) + 1
    suits = sorted(by_suit, key=lambda s: "TSHDC".index(s))
    for s in suits:
        yield from _unit_leads(ctx, by_suit[s])
    if others is None and seen is None:
        return
    threat_hands: list[Sequence[Card]] = list(others or [])
    if seen is not None:
        threat_hands.append(unseen_cards(hand, seen))
    for s in suits:
        holdings = [SuitHolding(ctx, s, h) for h in threat_hands]
        top = max((h.top for h in holdings), default=-1)
        faces = sorted(by_suit[s], key=lambda c: c.index)
        options: list[tuple[int, ...]] = []
        for f in faces:
            k = by_suit[s][f]
            if ctx.pos(f) >= top:
                options.append(tuple(range(k + 1)))
            elif k == 2:
                options.append((0, 2))
            else:
                options.append((0,))
        examined = 0
        for combo in itertools.product(*options):
            examined += 1
            if examined > max_throw_candidates:
                break
            if sum(1 for v in combo if v) == 0:
                continue
            cards = [f for f, v in zip(faces, combo) for _ in range(v)]
            units = decompose(ctx, cards)
            if len(units) < 2:
                continue
            if any(h.beats(u) for u in units for h in holdings):
                continue
            yield tuple(ctx.sorted(cards))

