"""Cards and the card notation of shared/CONTRACT.md.

A :class:`Card` is a *face*: a rank and a suit (or a joker).  The 108-card
Shengji deck holds every face twice; the two copies are distinct *card ids*
(``face.index * 2 + copy``) but equal in play (R-DECK).

>>> Card.parse("10H")
Card.parse('10H')
>>> str(Card.parse("♥10")), str(Card.parse("大王"))
('10H', 'BJ')
>>> format_cards(parse_cards("TH, th 5s"))
'10H 10H 5S'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from solver.errors import CardParseError, InvalidCardsError

SUITS: Final = ("S", "H", "D", "C")
JOKER_SUIT: Final = "J"
RANKS: Final = tuple(range(2, 15))  # 2..14, 14 = ace
SMALL_JOKER_RANK: Final = 15
BIG_JOKER_RANK: Final = 16

RANK_NAMES: Final = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
    10: "10", 11: "J", 12: "Q", 13: "K", 14: "A",
}
_RANK_TOKENS: Final = {v: k for k, v in RANK_NAMES.items()} | {"T": 10, "1": 14}
_SUIT_GLYPHS: Final = {
    "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C",
    "黑桃": "S", "红桃": "H", "紅桃": "H", "红心": "H", "紅心": "H",
    "方块": "D", "方塊": "D", "方片": "D", "梅花": "C", "草花": "C",
    # The one-character names of the ``cjk`` suit style (红10), after the
    # two-character ones so that 红桃10 is read whole.
    "黑": "S", "红": "H", "紅": "H", "方": "D", "梅": "C",
}
#: Every way a suit may be written on input (glyph, Chinese name), to its letter.
SUIT_NAMES: Final = _SUIT_GLYPHS
_JOKER_TOKENS: Final = {
    "BJ": BIG_JOKER_RANK, "SJ": SMALL_JOKER_RANK, "大王": BIG_JOKER_RANK, "小王": SMALL_JOKER_RANK,
}
_SEPARATORS: Final = re.compile(r"[\s,，、]+")
_POINTS: Final = {5: 5, 10: 10, 13: 10}


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One face: ``rank`` 2..14 (14 = A) with ``suit`` in ``S H D C``, or a
    joker (``suit == "J"``, rank 15 = small, 16 = big)."""

    rank: int
    suit: str
    #: Face index 0..53 (computed once: it is on every hot path).
    index: int = field(init=False, compare=False, repr=False, hash=False)
    #: R-POINTS: 5 = 5, 10 = 10, K = 10 (computed once, like ``index``).
    points: int = field(init=False, compare=False, repr=False, hash=False)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        """A card is a value (frozen, ints and a string): copies share it."""
        return self

    def __post_init__(self) -> None:
        if self.suit == JOKER_SUIT:
            ok = self.rank in (SMALL_JOKER_RANK, BIG_JOKER_RANK)
        else:
            ok = self.suit in SUITS and self.rank in RANKS
        if not ok:
            raise CardParseError(f"no such card: rank {self.rank} suit {self.suit}",
                                 token=f"{self.rank}{self.suit}")
        # Face index: suits S,H,D,C × ranks 2..A, then SJ=52, BJ=53.
        if self.suit == JOKER_SUIT:
            index = 52 + (self.rank - SMALL_JOKER_RANK)
        else:
            index = SUITS.index(self.suit) * 13 + (self.rank - 2)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "points", 0 if self.suit == JOKER_SUIT else _POINTS.get(self.rank, 0))

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    @classmethod
    def from_index(cls, index: int) -> Card:
        return FACES[index]

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one token: ``10H``, ``TH``, ``th``, ``♥10``, ``10♥``, ``BJ``, ``大王``.

        >>> Card.parse("sj") == Card.parse("小王")
        True
        >>> Card.parse("红10") == Card.parse("红桃10") == Card.parse("10H")
        True
        >>> Card.parse("1X")
        Traceback (most recent call last):
        ...
        solver.errors.CardParseError: not a card: '1X'
        """
        hit = _PARSED.get(token)
        if hit is not None:
            return hit
        card = cls._parse(token)
        if len(_PARSED) < 4096:
            _PARSED[token] = card
        return card

    @classmethod
    def _parse(cls, token: str) -> Card:
        raw = token.strip()
        text = raw.upper()
        if text in _JOKER_TOKENS:
            return FACES[52 + _JOKER_TOKENS[text] - SMALL_JOKER_RANK]
        for glyph, suit in _SUIT_GLYPHS.items():
            if text.startswith(glyph):
                return cls._from_parts(text[len(glyph):], suit, raw)
            if text.endswith(glyph):
                return cls._from_parts(text[: -len(glyph)], suit, raw)
        if len(text) >= 2 and text[-1] in SUITS:
            return cls._from_parts(text[:-1], text[-1], raw)
        if len(text) >= 2 and text[0] in SUITS:
            return cls._from_parts(text[1:], text[0], raw)
        raise CardParseError(f"not a card: {raw!r}", token=raw)

    @classmethod
    def _from_parts(cls, rank_text: str, suit: str, raw: str) -> Card:
        rank = _RANK_TOKENS.get(rank_text)
        if rank is None or rank_text == "1":
            raise CardParseError(f"not a card: {raw!r}", token=raw)
        return FACES[SUITS.index(suit) * 13 + rank - 2]

    # Faces are compared and hashed by their index (computed once): a card
    # is a dictionary key on every hot path, and hashing the (rank, suit)
    # tuple each time was the engine's largest single cost.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not Card:
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        if self.is_joker:
            return "BJ" if self.rank == BIG_JOKER_RANK else "SJ"
        return RANK_NAMES[self.rank] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


#: Tokens already parsed (a batch of checks repeats the same few dozen).
_PARSED: dict[str, Card] = {}
_PARSED_LISTS: dict[tuple[str, int | None], tuple[Card, ...]] = {}

FACES: Final[tuple[Card, ...]] = tuple(
    [Card(rank, suit) for suit in SUITS for rank in RANKS]
    + [Card(SMALL_JOKER_RANK, JOKER_SUIT), Card(BIG_JOKER_RANK, JOKER_SUIT)]
)
SMALL_JOKER: Final = FACES[52]
BIG_JOKER: Final = FACES[53]


def card_id(card: Card, copy: int) -> int:
    """The distinct id (0..107) of copy 0 or 1 of ``card`` in the two-deck pack."""
    return card.index * 2 + copy


def card_of_id(cid: int) -> Card:
    return FACES[cid // 2]


def deck(copies: int = 2, jokers: bool = True) -> list[Card]:
    """The pack as faces: two decks with jokers gives 108 cards (R-DECK)."""
    faces = FACES if jokers else FACES[:52]
    return [f for f in faces for _ in range(copies)]


def deck_ids(copies: int = 2, jokers: bool = True) -> list[int]:
    faces = FACES if jokers else FACES[:52]
    return [card_id(f, c) for f in faces for c in range(copies)]


def parse_cards(text: str | Iterable[str], *, max_copies: int | None = 2) -> list[Card]:
    """Parse a card list (tokens separated by spaces and/or commas).

    ``max_copies`` rejects a list holding a face more often than the pack
    does (None: no check).  Texts already parsed come from a cache (a
    batch of checks repeats the same hands).
    """
    if isinstance(text, str):
        hit = _PARSED_LISTS.get((text, max_copies))
        if hit is not None:
            return list(hit)
        cards = _parse_list(text, max_copies)
        if len(_PARSED_LISTS) >= 4096:
            _PARSED_LISTS.clear()
        _PARSED_LISTS[(text, max_copies)] = tuple(cards)
        return cards
    return _parse_list(text, max_copies)


def _parse_list(text: str | Iterable[str], max_copies: int | None) -> list[Card]:
    if isinstance(text, str):
        tokens = [t for t in _SEPARATORS.split(text) if t]
        # "10 H" style never occurs in the notation, but "♥ 10" can: join a bare glyph.
        merged: list[str] = []
        for tok in tokens:
            if merged and (merged[-1] in _SUIT_GLYPHS or merged[-1].upper() in SUITS) and tok.upper() not in SUITS \
                    and tok not in _SUIT_GLYPHS and not _looks_like_card(merged[-1]):
                merged[-1] = merged[-1] + tok
            else:
                merged.append(tok)
        tokens = merged
    else:
        tokens = list(text)
    cards = [Card.parse(t) for t in tokens]
    if max_copies is not None:
        check_copies(cards, max_copies)
    return cards


def _looks_like_card(tok: str) -> bool:
    try:
        Card.parse(tok)
    except CardParseError:
        return False
    return True


def check_copies(cards: Iterable[Card], max_copies: int = 2) -> None:
    for card, n in Counter(cards).items():
        if n > max_copies:
            raise InvalidCardsError(
                f"{card} appears {n} times; the pack has only {max_copies}",
                code="error.cards.too_many_copies", card=str(card), count=n, limit=max_copies,
            )


def format_cards(cards: Iterable[Card]) -> str:
    """ASCII form, space separated (CONTRACT.md output)."""
    return " ".join(str(c) for c in cards)


def sort_key(card: Card) -> tuple[int, int]:
    """Display order without a trump context: by suit, then rank."""
    return (card.index // 13 if not card.is_joker else 4, card.rank)


def multiset(cards: Sequence[Card]) -> Counter[Card]:
    return Counter(cards)


def points(cards: Iterable[Card]) -> int:
    """Sum of R-POINTS.

    >>> points(deck())
    200
    """
    return sum(c.points for c in cards)
