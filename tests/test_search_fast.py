"""The exact search's fast path (issue 20) equals the plain path.

The solver keeps memoized move lists (keyed on the lead, the play winning
so far, the hand and the other cards near its singles), follows from the
bitset follow check, leads whose throws are worked out suit by suit, and
resolves the last trick directly.  On random endgames its values equal
plain minimax (R-TRICK-POINTS, R-KITTY), its best play reaches the value,
and the move lists it reads equal what :mod:`solver.generator` lists
(R-FOLLOW, R-LEAD, R-THROW-ADJ / R-THROW-BEAT)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.cards import RANKS, deck
from solver.games import SHENGJI_PRESETS
from solver.generator import legal_follows, legal_leads
from solver.rules import preset
from solver.search import CachedMoves, Solver, State, Table, minimax
from solver.search.endgames import random_endgame
from solver.search.model import cards_of, faces
from solver.trump import TrumpContext


@settings(max_examples=60)
@given(seed=st.integers(0, 2**32 - 1), cards=st.integers(1, 3),
       rules=st.sampled_from(SHENGJI_PRESETS))
def test_fast_search_equals_plain_minimax(seed: int, cards: int, rules: str) -> None:
    """Random endgames (mid-trick starts included): the solver's value, with
    and without table and equivalence, equals plain minimax over a fresh
    move source; best() reaches it; every analysed play's value is exact."""
    eg = random_endgame(random.Random(seed), cards, rules=rules)
    st_ = eg.state
    table, moves = Table(eg.ctx), CachedMoves(eg.ctx)
    ref = minimax(st_, Table(eg.ctx), CachedMoves(eg.ctx))
    for eq in (True, False):
        for tt in (True, False):
            s = Solver(table, moves, dealer=st_.dealer, kitty_points=st_.kitty_points,
                       equivalence=eq, use_tt=tt)
            assert s.value(st_) == ref
    if st_.over:
        return
    s = Solver(table, moves, dealer=st_.dealer, kitty_points=st_.kitty_points)
    play, v = s.best(st_)
    assert v == ref
    assert minimax(s.after(st_, play), table, moves) == ref
    for p, pv in s.analyse(st_):
        assert pv == minimax(s.after(st_, p), table, moves)


def _context(rng: random.Random) -> TrumpContext:
    return TrumpContext(preset(rng.choice(SHENGJI_PRESETS)), rng.choice(RANKS),
                        rng.choice(["S", "H", "D", "C", None]))


def _deal(rng: random.Random, keep: tuple[int, ...] | None = None) -> list[tuple[int, ...]]:
    """Four hands of one size from the two-deck pack (R-DECK); ``keep`` as
    the first when given."""
    pack = [c for c in deck()]
    if keep is not None:
        for f in keep:
            pack.remove(next(c for c in pack if c.index == f))
    rng.shuffle(pack)
    n = len(keep) if keep is not None else rng.randint(1, 8)
    hands = [faces(pack[i * n:(i + 1) * n]) for i in range(4)]
    if keep is not None:
        hands[0] = keep
    return hands


@settings(max_examples=80)
@given(seed=st.integers(0, 2**32 - 1))
def test_move_memos_equal_the_generator(seed: int) -> None:
    """One move source asked about several deals of a context: its leads
    (throws only when they stand against the other hands, R-THROW-ADJ)
    equal the generator's, in the generator's order, and its search
    follows are the generator's legal follows (R-FOLLOW); its policy
    shortlists do not depend on which lead of a shape came first."""
    rng = random.Random(seed)
    ctx = _context(rng)
    moves = CachedMoves(ctx)
    hands = _deal(rng)
    for _ in range(4):
        # Same context, a new deal (and sometimes the same hand against new
        # other hands): the memos are shared between deals.
        hands = _deal(rng, hands[0] if rng.random() < 0.5 else None)
        others = (hands[1], hands[2], hands[3])
        want = tuple(dict.fromkeys(faces(p) for p in legal_leads(
            ctx, cards_of(hands[0]), others=[cards_of(o) for o in others])))
        assert moves.leads(hands[0], others) == want
        for lead in want:
            if len(lead) > len(hands[1]):
                continue
            plain = {faces(p) for p in legal_follows(ctx, cards_of(lead), cards_of(hands[1]))}
            assert set(moves.search_follows(lead, hands[1])) == plain
            assert len(moves.search_follows(lead, hands[1])) == len(plain)
            # Shared between leads of one shape and suit, the policy's list
            # is the one a fresh move source makes for this lead.
            assert moves.policy_follows(lead, hands[1], cap=4) == CachedMoves(
                ctx).policy_follows(lead, hands[1], cap=4)


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1))
def test_shared_memos_across_sampled_deals(seed: int) -> None:
    """As the hint's sampler does: one seat's hand against many deals of
    the other hands, one table and move source for all.  Each deal's value
    (and each of its plays' values) equals a search without card
    equivalence on fresh memos: a move list or class kept from one deal is
    never reused where the other cards differ."""
    rng = random.Random(seed)
    ctx = _context(rng)
    table, moves = Table(ctx), CachedMoves(ctx)
    mine = _deal(rng)[0][:4] if rng.random() < 0.5 else None
    for _ in range(6):
        hands = _deal(rng, mine) if mine is not None else _deal(rng)
        mine = hands[0]
        if len(mine) > 4:
            hands = [h[:4] for h in hands]
            mine = hands[0]
        state = State((hands[0], hands[1], hands[2], hands[3]), leader=rng.randrange(4),
                      dealer=rng.randrange(4), kitty_points=5 * rng.randrange(5))
        fast = Solver(table, moves, dealer=state.dealer, kitty_points=state.kitty_points)
        plain = Solver(Table(ctx), CachedMoves(ctx), dealer=state.dealer,
                       kitty_points=state.kitty_points, equivalence=False)
        assert fast.value(state) == plain.value(state)
        for p, v in fast.analyse(state):
            assert v == plain.value(plain.after(state, p))
        if rng.random() < 0.3:  # memos forgotten between deals change nothing
            table.trim(limit=0)
            moves.trim(limit=0)


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(SHENGJI_PRESETS))
def test_card_equivalence_keeps_values_on_larger_endgames(seed: int, rules: str) -> None:
    """4-5 cards per hand, where the memoized equivalence classes matter
    most: the value and every analysed play's value with card equivalence
    equal those of the search without it (itself held to minimax above)."""
    rng = random.Random(seed)
    eg = random_endgame(rng, 4 + rng.randrange(2), rules=rules)
    st_ = eg.state
    table, moves = Table(eg.ctx), CachedMoves(eg.ctx)
    with_eq = Solver(table, moves, dealer=st_.dealer, kitty_points=st_.kitty_points)
    plain = Solver(Table(eg.ctx), CachedMoves(eg.ctx), dealer=st_.dealer,
                   kitty_points=st_.kitty_points, equivalence=False)
    assert with_eq.value(st_) == plain.value(st_)
    for p, v in with_eq.analyse(st_):
        assert v == plain.value(plain.after(st_, p))


def test_equivalent_singles_split_when_a_card_between_appears() -> None:
    """♥7 and ♥9 held once are one class while nobody else holds ♥8, two
    when an opponent does: the move list kept from the first deal is not
    reused in the second, where only ♥9 beats the ♥8 (R-BEAT) and lets the
    partner discard the ♦10 on the trick (R-TRICK-POINTS)."""
    ctx = TrumpContext(preset("henan"), 2, "S")
    table, moves = Table(ctx), CachedMoves(ctx)
    first = (faces("3H 5H"), faces("7H 9H"), faces("4D 5D"), faces("6C 6D"))
    second = (faces("3H 5H"), faces("7H 9H"), faces("8H KD"), faces("10D 6C"))
    values = []
    for hands in (first, second):
        state = State(hands, leader=0, dealer=0, kitty_points=0)
        fast = Solver(table, moves, dealer=0, kitty_points=0)
        plain = Solver(Table(ctx), CachedMoves(ctx), dealer=0, kitty_points=0, equivalence=False)
        values.append(fast.value(state))
        assert values[-1] == plain.value(state) == minimax(state, table, moves)
    assert values[1] > 0


@settings(max_examples=60)
@given(seed=st.integers(0, 2**32 - 1))
def test_memoized_throws_equal_the_generator(seed: int) -> None:
    """R-THROW-ADJ / R-THROW-BEAT: one hand rich in one suit against many
    other hands (some holding pairs of it, some not), one move source for
    all (its throws are memoized on the other hands' highest card of the
    suit when none holds a pair there, and skipped when at most one face
    could enter a throw): the leads equal the generator's, in order."""
    rng = random.Random(seed)
    ctx = _context(rng)
    moves = CachedMoves(ctx)
    pack = list(deck())
    suit = ctx.suit_of(rng.choice(pack))
    rng.shuffle(pack)
    mine = sorted(pack[:12], key=lambda c: (ctx.suit_of(c) != suit, rng.random()))
    hand = faces(mine[:rng.randint(2, 8)])
    rest = pack[12:]
    for _ in range(16):
        rng.shuffle(rest)
        n = rng.randint(2, 8)
        deal = [list(rest[:n]), list(rest[n:2 * n]), list(rest[2 * n:3 * n])]
        spare = rest[3 * n:]
        # Often one of them holds a pair (or two) of the suit, which only a
        # pair or tractor of the throw fears.
        for _ in range(rng.choice([0, 0, 1, 2])):
            pair = [c for c in spare if ctx.suit_of(c) == suit and spare.count(c) == 2]
            if pair:
                c = rng.choice(pair)
                spare = [x for x in spare if x != c]
                deal[rng.randrange(3)][-2:] = [c, c]
        others = (faces(deal[0]), faces(deal[1]), faces(deal[2]))
        want = tuple(dict.fromkeys(faces(p) for p in legal_leads(
            ctx, cards_of(hand), others=[cards_of(o) for o in others])))
        assert moves.leads(hand, others) == want
