"""Scripted decks and drivers for the game state machine tests."""

from __future__ import annotations

import random
from collections import Counter

from solver.cards import Card, deck, parse_cards
from solver.game.hand import Hand, HandSetup, Phase
from solver.rules import Rules


def scripted_deck(rules: Rules, prefixes: dict[int, str], kitty: str = "", *, first_seat: int = 0,
                  seed: int = 0) -> list[Card]:
    """A deck where seat s receives ``prefixes[s]`` as its first cards (in
    that order) and the kitty starts with ``kitty``; the rest is shuffled."""
    n = rules.hand_size
    want = {s: parse_cards(t) for s, t in prefixes.items()}
    kit = parse_cards(kitty)
    rest = Counter(deck())
    for cards in [*want.values(), kit]:
        for c in cards:
            rest[c] -= 1
            assert rest[c] >= 0, c
    pool = list(rest.elements())
    random.Random(seed).shuffle(pool)
    # Keep level cards and jokers out of the filler so scripts stay in control.
    pool.sort(key=lambda c: c.is_joker or c.rank == 2)
    order: list[Card | None] = [None] * (4 * n)
    for s, cards in want.items():
        for j, c in enumerate(cards):
            order[j * 4 + (s - first_seat) % 4] = c
    it = iter(pool)
    out = [c if c is not None else next(it) for c in order]
    tail = list(it)
    kitty_cards = kit + tail[: rules.kitty_size - len(kit)]
    leftover = tail[rules.kitty_size - len(kit):]
    assert not leftover
    return out + kitty_cards


def deal(hand: Hand, count: int | None = None) -> None:
    """Deal ``count`` cards (default: to the end of the deal)."""
    if count is None:
        while hand.phase == Phase.DEAL:
            hand.deal()
        return
    for _ in range(count):
        hand.deal()


def new_hand(rules: Rules, prefixes: dict[int, str], kitty: str = "", **setup: object) -> Hand:
    first_seat = int(setup.get("first_seat", 0))  # type: ignore[call-overload]
    s = HandSetup.first(rules)
    import dataclasses

    s = dataclasses.replace(s, **setup)  # type: ignore[arg-type]
    return Hand(s, scripted_deck(rules, prefixes, kitty, first_seat=first_seat))


def P(text: str) -> list[Card]:
    return parse_cards(text)


def tractor_at_burial() -> Hand:
    """A tractor hand where seat 0 declared ♥2 during the deal and now holds
    the kitty to bury (33 cards)."""
    from solver.rules import preset

    h = new_hand(preset("tractor"), {0: "2H"})
    deal(h, 4)
    h.declare(0, P("2H"))
    deal(h)
    assert h.phase == Phase.BURY
    return h
