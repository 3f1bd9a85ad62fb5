"""Seeded random positions for the legality tests and bench (not a test module).

A position is (ctx, lead, hand) with a lead of a chosen type (single, pair,
tractor, throw; plain or trump) taken from a random leader's hand, and a
follower's hand of 1-33 cards drawn with a random share of the led suit.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from solver.games import SHENGJI_PRESETS
from solver.cards import Card, deck
from solver.rules import preset
from solver.trump import TrumpContext
from solver.units import classify, decompose

PRESETS = SHENGJI_PRESETS
TRUMPS = ("S", "H", "D", "C", None)
LEAD_TYPES = ("single", "pair", "tractor", "throw")


@dataclass
class Position:
    ctx: TrumpContext
    lead: list[Card]
    hand: list[Card]
    rest: list[Card]  # cards in no hand (for throw/safe tests)


_CTX: dict[tuple[str, int, str | None, tuple[tuple[str, bool], ...]], TrumpContext] = {}


def context(name: str, level: int, trump: str | None, **options: bool) -> TrumpContext:
    key = (name, level, trump, tuple(sorted(options.items())))
    if key not in _CTX:
        _CTX[key] = TrumpContext(preset(name, options or None), level, trump)
    return _CTX[key]


def random_context(rng: random.Random, name: str) -> TrumpContext:
    level = rng.choice(preset(name).level_sequence)
    trump = rng.choice(TRUMPS)
    opts: dict[str, bool] = {}
    if rng.random() < 0.25:
        opts["partial_tractor_follow"] = not preset(name).partial_tractor_follow
    if rng.random() < 0.1:
        opts["strict_tractor_follow"] = False
    if rng.random() < 0.15:
        opts["trump_pair_highest_fallback"] = not preset(name).trump_pair_highest_fallback
    return context(name, level, trump, **opts)


def _synthetic_tractor(rng: random.Random, ctx: TrumpContext) -> list[Card] | None:
    """A tractor of 2-4 pairs on consecutive ladder positions of a random suit."""
    suit = rng.choice(("T", "S", "H", "D", "C"))
    faces = ctx.faces_of(suit)
    if not faces:
        return None
    top_positions = sorted({ctx.pos(f) for f in faces})
    length = rng.randint(2, 4)
    starts = [p for p in top_positions
              if all(ctx.faces_at(suit, p + i) for i in range(length))]
    if not starts:
        return None
    start = rng.choice(starts)
    chosen = [rng.choice(ctx.faces_at(suit, start + i)) for i in range(length)]
    return [f for f in reversed(chosen) for _ in range(2)]


def _pick_lead(rng: random.Random, ctx: TrumpContext, cards: list[Card],
               want: str) -> list[Card] | None:
    if want == "tractor" and rng.random() < 0.5:
        return _synthetic_tractor(rng, ctx)
    by_suit: dict[str, list[Card]] = {}
    for c in cards:
        by_suit.setdefault(ctx.suit_of(c), []).append(c)
    suits = list(by_suit)
    rng.shuffle(suits)
    for s in suits:
        units = decompose(ctx, by_suit[s])
        if want == "single":
            return [rng.choice(by_suit[s])]
        if want == "pair":
            pairs = [u for u in units if u.length >= 1]
            if pairs:
                u = rng.choice(pairs)
                top = rng.randrange(u.length)
                return list(u.cards[2 * top:2 * top + 2])
        if want == "tractor":
            tr = [u for u in units if u.length >= 2]
            if tr:
                u = rng.choice(tr)
                length = rng.randint(2, u.length)
                start = rng.randint(0, u.length - length)
                return list(u.cards[2 * start:2 * (start + length)])
        if want == "throw" and len(units) >= 2:
            k = rng.randint(2, min(len(units), 5))
            chosen = rng.sample(units, k)
            lead = [c for u in chosen for c in u.cards]
            if classify(ctx, lead).type == "throw":
                return lead
    return None


def random_position(rng: random.Random, name: str, *, max_hand: int = 33,
                    lead_type: str | None = None, hand_size: int | None = None,
                    natural: bool = False) -> Position:
    """A random position; ``natural``: the follower's hand is a uniform
    sample of the unseen cards (else the led suit's share is skewed, so that
    voids, short suits and long suits all occur often)."""
    while True:
        ctx = random_context(rng, name)
        pack = deck()
        rng.shuffle(pack)
        want = lead_type or rng.choice(LEAD_TYPES)
        # Sometimes a trump-heavy leader, so trump leads of every type occur.
        leader = pack[:25]
        if rng.random() < 0.3:
            trumps = [c for c in pack if ctx.is_trump(c)]
            leader = trumps[:rng.randint(8, 20)] + pack[:10]
            leader = list((Counter(leader) & Counter(pack)).elements())
            leader = _cap_two(leader)
        lead = _pick_lead(rng, ctx, leader, want)
        if lead is None or len(lead) > max_hand:
            continue
        left = Counter(pack) - Counter(lead)
        rest = list(left.elements())
        rng.shuffle(rest)
        s = ctx.suit_of(lead[0])
        suit_cards = [c for c in rest if ctx.suit_of(c) == s]
        other_cards = [c for c in rest if ctx.suit_of(c) != s]
        m = hand_size or rng.randint(max(1, len(lead)), max_hand)
        k = min(len(suit_cards), rng.choice([0, 1, 2, rng.randint(0, m), rng.randint(0, m), m]))
        k = min(k, m)
        hand = rest[:m] if natural else suit_cards[:k] + other_cards[:m - k]
        if len(hand) < len(lead):
            continue
        remaining = list((Counter(rest) - Counter(hand)).elements())
        return Position(ctx, lead, hand, remaining)


def _cap_two(cards: Sequence[Card]) -> list[Card]:
    out: list[Card] = []
    for c, n in Counter(cards).items():
        out.extend([c] * min(n, 2))
    return out


def positions(seed: int, name: str, count: int, **kw: int) -> Iterator[Position]:
    rng = random.Random(seed)
    for _ in range(count):
        yield random_position(rng, name, **kw)


def random_play(rng: random.Random, hand: Sequence[Card], size: int) -> list[Card]:
    return rng.sample(list(hand), size)


def sub_multisets(hand: Sequence[Card], size: int) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``hand`` with ``size`` cards (brute force)."""
    counts = sorted(Counter(hand).items(), key=lambda fk: fk[0].index)

    def walk(j: int, left: int, acc: list[Card]) -> Iterator[tuple[Card, ...]]:
        if left == 0:
            yield tuple(acc)
            return
        if j == len(counts):
            return
        f, k = counts[j]
        for v in range(min(k, left), -1, -1):
            yield from walk(j + 1, left - v, acc + [f] * v)

    yield from walk(0, size, [])


def plays_to_check(rng: random.Random, pos: Position, legal: Sequence[Sequence[Card]],
                   extra: int = 3) -> list[list[Card]]:
    """Plays to put to both engines: some legal follows, near misses (one card
    swapped) and random sub-multisets of the right size."""
    n = len(pos.lead)
    out: list[list[Card]] = []
    for f in rng.sample(list(legal), min(2, len(legal))):
        out.append(list(f))
        rest = list((Counter(pos.hand) - Counter(f)).elements())
        if rest:
            g = list(f)
            g[rng.randrange(n)] = rng.choice(rest)
            out.append(g)
    for _ in range(extra):
        out.append(random_play(rng, pos.hand, n))
    return out


def disagreements(rng: random.Random, pos: Position) -> list[str]:
    """Compare the generator (and follow/throws) with the CP-SAT models on one
    position: legal? on several plays, count, forced, always; for throw leads,
    stands/forced unit against random other hands and safety given random
    seen cards.  Returns a description of each disagreement."""
    import itertools

    from solver import cpsat
    from solver.follow import explain_follow
    from solver.generator import (always_cards, count_legal_follows, follow_space,
                                  is_legal_follow, legal_follows)
    from solver.throws import throw_safe, throw_verdict

    ctx, lead, hand = pos.ctx, pos.lead, pos.hand
    bad: list[str] = []
    where = f"{ctx!r} lead={' '.join(map(str, lead))} hand={' '.join(map(str, hand))}"
    legal = list(itertools.islice(legal_follows(ctx, lead, hand), 64))
    space = follow_space(ctx, lead, hand)
    plays = plays_to_check(rng, pos, legal)
    oracle = cpsat.follow_oracle(ctx, lead, hand)
    # all plays in one solve (copies of the model, one per play)
    together = cpsat.follow_verdicts([(oracle, play) for play in plays])
    for play, t in zip(plays, together):
        a = is_legal_follow(ctx, lead, hand, play)  # the bitset check (solver.bits)
        b = cpsat.follow_is_legal(ctx, lead, hand, play)  # the cached model, assumptions
        e = not explain_follow(ctx, lead, hand, play)  # the rule-by-rule reasons
        m = play in space  # membership of the structured space (bits on its obligations)
        if not a == b == e == m == t:
            bad.append(f"legal? bits={a} cpsat={b} cpsat-batch={t} explain={e} space={m}"
                       f" play={' '.join(map(str, play))} {where}")
    count = count_legal_follows(ctx, lead, hand)
    res = cpsat.follow_count(ctx, lead, hand)
    if count != res.count:
        bad.append(f"count gen={count} cpsat={res.count} {where}")
    if not (count == 1) == res.forced == cpsat.follow_forced(ctx, lead, hand):
        bad.append(f"forced {where}")
    al = sorted(c.index for c in always_cards(ctx, lead, hand))
    if al != sorted(c.index for c in res.always):
        bad.append(f"always gen={al} cpsat={[str(c) for c in res.always]} {where}")
    if not is_legal_follow(ctx, lead, hand, res.example):
        bad.append(f"cpsat example illegal {where}")
    if classify(ctx, lead).type == "throw":
        rest = list(pos.rest)
        rng.shuffle(rest)
        s = ctx.suit_of(lead[0])
        # Often keep the led suit's cards above a threshold out of the other
        # hands (and in the seen cards), so that throws can stand / be safe.
        tops = [u.top for u in classify(ctx, lead).units]
        cut = rng.choice([rng.choice(tops), min(tops)]) + rng.randint(-1, 1)

        def low(cards: Sequence[Card]) -> list[Card]:
            return [c for c in cards
                    if ctx.suit_of(c) != s or ctx.pos(c) <= cut or rng.random() < 0.03]

        filt = rng.random() < 0.6
        others = [list(hand), rest[:rng.randint(0, 25)], rest[25:25 + rng.randint(0, 25)]]
        if filt:
            others = [low(h) for h in others]
        v = throw_verdict(ctx, lead, others)
        w = cpsat.throw_stands(ctx, lead, others)
        if v.stands != w.ok or set(v.beaten) != set(w.beaten) or v.forced != w.forced:
            bad.append(f"throw gen={v} cpsat={w} {where}")
        thrower = list(lead) + rest[60:60 + rng.randint(0, 10)]
        k = rng.randint(0, 60)
        seen = rest[:k]
        if filt:
            unseen_pool = rest[k:60] + rest[70:] + list(hand)
            kept = low(unseen_pool)
            seen += list((Counter(unseen_pool) - Counter(kept)).elements())
        s1 = throw_safe(ctx, lead, thrower, seen)
        s2 = cpsat.throw_is_safe(ctx, lead, thrower, seen)
        if s1.safe != s2.ok or set(s1.threats) != set(s2.beaten):
            bad.append(f"safe gen={s1} cpsat={s2} {where}")
    return bad
