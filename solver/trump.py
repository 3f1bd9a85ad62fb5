"""The trump context: effective suits, order and ladders (R-GROUP, R-ORDER,
R-TIE, R-LADDER, R-W-FIXED).

Every face gets an *effective suit* (``"T"`` for the trump group, else its
own suit letter) and a *ladder position*: an integer, higher is stronger,
equal cards share a position (R-TIE), and two pairs form a tractor exactly
when their positions differ by one (R-TRACTOR).  Where an option says a
removed rank breaks a run, the ladder skips a position there.

>>> from solver.rules import preset
>>> from solver.cards import Card
>>> ctx = TrumpContext(preset("henan"), level=6, trump="S")
>>> [ctx.suit_of(Card.parse(t)) for t in ("BJ", "6H", "9S", "9H")]
['T', 'T', 'T', 'H']
>>> ctx.pos(Card.parse("7C")) - ctx.pos(Card.parse("5C"))  # level 6 is removed from clubs
1
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from solver.cards import FACES, RANKS, SUIT_NAMES, SUITS, Card, parse_cards
from solver.errors import RulesError
from solver.rules import Rules

TRUMP: Final = "T"
EFFECTIVE_SUITS: Final = ("T", "S", "H", "D", "C")


def parse_level(token: str | int) -> int:
    """A level rank token (``2``…``10``, ``J``, ``Q``, ``K``, ``A``) as 2..14."""
    if isinstance(token, int):
        rank = token
    else:
        from solver.cards import _RANK_TOKENS

        rank = _RANK_TOKENS.get(token.strip().upper(), 0)
        if token.strip() == "1":
            rank = 0
    if rank not in RANKS:
        raise RulesError(f"not a level rank: {token!r}", code="error.context.bad_level",
                         level=str(token))
    return rank


def parse_trump(token: str | None) -> str | None:
    """``S H D C`` (or a suit glyph or name, as cards are read: ``♠``,
    ``黑桃``, ``红心``) for a trump suit; ``NT`` or None for no trump.

    >>> [parse_trump(t) for t in ("s", "♥", "黑桃", "方塊", "梅", "无主")]
    ['S', 'H', 'S', 'D', 'C', None]
    """
    if token is None:
        return None
    text = token.strip().upper()
    if text in ("NT", "N", "NONE", "无主", "無主", ""):
        return None
    text = SUIT_NAMES.get(text, text)  # ♠, 黑桃, 红心 … as the card parser reads them
    if text not in SUITS:
        raise RulesError(f"not a trump suit: {token!r}", code="error.context.bad_trump",
                         trump=token)
    return text


class TrumpContext:
    """Level and trump suit of one hand under a rule preset."""

    __slots__ = ("rules", "level", "trump", "_group", "_pos", "_faces_at", "memo", "suit_masks")

    def __init__(self, rules: Rules, level: int | str, trump: str | None) -> None:
        self.rules = rules
        self.level = parse_level(level)
        self.trump = parse_trump(trump)
        group: list[str] = [""] * len(FACES)
        pos: list[int] = [0] * len(FACES)
        fixed = [r for r in rules.fixed_trump_ranks if r != self.level]
        removed = set(fixed) | {self.level}

        def suit_ladder(suit: str, eff: str, start: int) -> int:
            """Positions for a suit's natural ranks; returns the next free position."""
            p = start
            gap = False
            for rank in RANKS:
                if rank in removed:
                    # A removed rank between two present ranks breaks the run
                    # unless level_gap_bridges (R-TRACTOR option).
                    gap = p > start and not rules.level_gap_bridges
                    continue
                if gap:
                    p, gap = p + 1, False
                idx = SUITS.index(suit) * 13 + rank - 2
                group[idx], pos[idx] = eff, p
                p += 1
            return p

        for suit in SUITS:
            if suit != self.trump:
                suit_ladder(suit, suit, 0)
        p = suit_ladder(self.trump, TRUMP, 0) if self.trump else 0
        # Fixed trumps, weakest first: 2, then 3, then 5 (R-ORDER wusaner).
        for rank in sorted(fixed):
            p = self._equal_rank_block(group, pos, rank, p, rules.fixed_trump_main_first)
        p = self._equal_rank_block(group, pos, self.level, p, True)
        if not rules.joker_level_tractor:
            p += 1
        group[52], pos[52] = TRUMP, p
        group[53], pos[53] = TRUMP, p + 1
        self._group: tuple[str, ...] = tuple(group)
        self._pos: tuple[int, ...] = tuple(pos)
        faces_at: dict[tuple[str, int], list[Card]] = {}
        for face in FACES:
            faces_at.setdefault((group[face.index], pos[face.index]), []).append(face)
        self._faces_at = {k: tuple(v) for k, v in faces_at.items()}
        #: Face mask of each effective suit, in the layout of
        #: :mod:`solver.bits` (bit ``2i`` for face ``i``).
        self.suit_masks: dict[str, int] = {}
        for face in FACES:
            g = group[face.index]
            self.suit_masks[g] = self.suit_masks.get(g, 0) | (1 << (2 * face.index))
        #: Caches of the pure functions of this context (solver.units,
        #: solver.follow, solver.generator): one dictionary per function,
        #: keyed on sorted face-index tuples; see :func:`memo_table`.
        self.memo: dict[str, dict[object, object]] = {}

    def __copy__(self) -> TrumpContext:
        return self

    def __reduce__(self) -> tuple[object, tuple[Rules, int | str, str | None]]:
        """Pickled as what it is built from, its caches left behind (a
        hint's share deals are drawn in another process,
        :mod:`solver.search.shares`); unpickled as the shared context."""
        return (shared_context, (self.rules, self.level, self.trump))

    def __deepcopy__(self, memo: dict[int, object]) -> TrumpContext:
        """A context never changes after it is built (``memo`` only caches
        pure functions of it), so a copy of a hand shares it: copying the
        caches made every Play move's undo snapshot slower as they grew."""
        return self

    def _equal_rank_block(self, group: list[str], pos: list[int], rank: int, p: int,
                          main_first: bool) -> int:
        """Cards of ``rank`` in every suit: the three off-suit copies share one
        position, the trump-suit copy sits just above when ``main_first``."""
        for suit in SUITS:
            idx = SUITS.index(suit) * 13 + rank - 2
            group[idx] = TRUMP
            pos[idx] = p + 1 if (suit == self.trump and main_first) else p
        return p + (2 if (self.trump and main_first) else 1)

    # -- queries -----------------------------------------------------------

    def suit_of(self, card: Card) -> str:
        """Effective suit (R-GROUP): ``"T"`` or the card's own suit."""
        return self._group[card.index]

    def is_trump(self, card: Card) -> bool:
        return self._group[card.index] == TRUMP

    def trump_role(self, card: Card) -> str | None:
        """Why ``card`` is a trump, as the rules say it (R-ORDER, R-W-FIXED):
        ``"joker"``, ``"level"`` (the rank being played), ``"fixed"`` (a 5,
        3 or 2 in 五三二, R-W-FIXED), ``"suit"`` (the trump suit); None for a
        plain card.

        >>> from solver.rules import preset
        >>> ctx = TrumpContext(preset("wusaner"), "A", "H")
        >>> [ctx.trump_role(Card.parse(c)) for c in ("BJ", "AS", "3C", "KH", "KS")]
        ['joker', 'level', 'fixed', 'suit', None]
        """
        if not self.is_trump(card):
            return None
        if card.is_joker:
            return "joker"
        if card.rank == self.level:
            return "level"
        if card.rank in self.rules.fixed_trump_ranks:
            return "fixed"
        return "suit"

    def pos(self, card: Card) -> int:
        """Ladder position (R-ORDER, R-LADDER): higher is stronger; equal cards share it."""
        return self._pos[card.index]

    @property
    def groups(self) -> tuple[str, ...]:
        """Every face's effective suit (R-GROUP), by face index."""
        return self._group

    @property
    def positions(self) -> tuple[int, ...]:
        """Every face's ladder position, by face index."""
        return self._pos

    def beats(self, a: Card, b: Card) -> bool:
        """Whether single card ``a`` played after ``b`` beats it, with ``b`` led or winning."""
        ga, gb = self._group[a.index], self._group[b.index]
        if ga == gb:
            return self._pos[a.index] > self._pos[b.index]
        return ga == TRUMP

    def faces_at(self, suit: str, position: int) -> tuple[Card, ...]:
        """Faces sharing one ladder position of an effective suit."""
        return self._faces_at.get((suit, position), ())

    def faces_of(self, suit: str) -> list[Card]:
        """All faces of an effective suit, strongest first."""
        return sorted((f for f in FACES if self._group[f.index] == suit),
                      key=lambda f: (-self._pos[f.index], f.index))

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """Display order: trumps first, then S H D C; strongest first."""
        g = self._group[card.index]
        return (EFFECTIVE_SUITS.index(g), -self._pos[card.index], card.index)

    def sorted(self, cards: Iterable[Card]) -> list[Card]:
        return sorted(cards, key=self.sort_key)

    def describe(self) -> dict[str, str]:
        from solver.cards import RANK_NAMES

        return {"rules": self.rules.name, "level": RANK_NAMES[self.level],
                "trump": self.trump or "NT"}

    def __repr__(self) -> str:
        d = self.describe()
        return f"TrumpContext({d['rules']!r}, level={d['level']!r}, trump={d['trump']!r})"


#: Entries kept per function and context before its cache is emptied.
MEMO_LIMIT: Final = 1 << 15


def memo_table(ctx: TrumpContext, name: str) -> dict[object, object]:
    """The cache of the pure function ``name`` for ``ctx`` (emptied when it
    grows past :data:`MEMO_LIMIT`, so a long run's memory stays bounded).
    Cached values are shared: callers must not mutate them."""
    table = ctx.memo.get(name)
    if table is None or len(table) >= MEMO_LIMIT:
        table = ctx.memo[name] = {}
    return table


def context(rules: Rules, level: int | str, trump: str | None) -> TrumpContext:
    return TrumpContext(rules, level, trump)


_SHARED: dict[tuple[Rules, int | str, str | None], TrumpContext] = {}
#: Shared contexts kept (the most recently asked for), and the cache entries
#: an idle one may hold: a long self-play run's memory stays bounded (under
#: 100 MB).
SHARED_CONTEXTS: Final = 32
SHARED_MEMO_BUDGET: Final = 6_000
#: ... and the one in use (asked for again with no other asked in between:
#: the hints and checks of one hand), whose caches stay warm from one
#: request to the next up to this many entries.  A Play hint makes about
#: 10,000 (``bench/bench_hint_latency.py``: warm caches save about a sixth
#: of a hint).
SHARED_MEMO_IN_USE: Final = 60_000


def _memo_entries(ctx: TrumpContext) -> int:
    return sum(map(len, ctx.memo.values()))


def shared_context(rules: Rules, level: int | str, trump: str | None) -> TrumpContext:
    """One :class:`TrumpContext` per (rules, level, trump), shared by the
    hands played and the positions asked about under them, so that the
    memoized pure functions (:func:`memo_table`) stay warm from one hand,
    or one request, to the next.  Only the :data:`SHARED_CONTEXTS` most
    recent are kept.  When another context is asked for, the one in use
    until then is emptied past :data:`SHARED_MEMO_BUDGET` cache entries;
    the one asked for again is emptied past that budget when it was idle,
    past :data:`SHARED_MEMO_IN_USE` when it was the one in use."""
    key = (rules, level, trump)
    last = next(reversed(_SHARED)) if _SHARED else None
    ctx = _SHARED.pop(key, None)
    if ctx is None:
        ctx = TrumpContext(rules, level, trump)
        while len(_SHARED) >= SHARED_CONTEXTS:
            del _SHARED[next(iter(_SHARED))]  # the least recently asked for
    elif _memo_entries(ctx) > (SHARED_MEMO_IN_USE if key == last else SHARED_MEMO_BUDGET):
        ctx.memo.clear()
    if last is not None and last != key:
        idle = _SHARED.get(last)
        if idle is not None and _memo_entries(idle) > SHARED_MEMO_BUDGET:
            idle.memo.clear()
    _SHARED[key] = ctx  # now the most recent
    return ctx


def ranked(ctx: TrumpContext, text: str) -> list[int]:
    """Positions of the cards in ``text`` (test helper)."""
    return [ctx.pos(c) for c in parse_cards(text)]
