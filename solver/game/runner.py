"""Drive a hand with four bots, one decision at a time.

During the deal the seat that just received a card is asked whether to
declare (or overturn) when that card could change its options; after any
declaration every other seat is asked in turn order, so nobody misses a
chance that the new standing declaration opens.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from solver.bots.base import Bot
from solver.cards import Card
from solver.game.hand import Hand, Phase
from solver.game.match import Match
from solver.game.view import SeatView


def _relevant(hand: Hand, seat: int, card: Card) -> bool:
    """Whether receiving ``card`` can open a declaration for ``seat``."""
    return hand.flow.may_open(card, hand.count(seat, card), hand.setup.team_levels)


def _ask_declare(hand: Hand, bots: Sequence[Bot], seat: int) -> bool:
    options = hand.declaration_options(seat)
    if not options:
        return False
    view = SeatView(hand, seat)
    bot = bots[seat]
    choice = bot.overturn(view, options) if hand.standing is not None else bot.declare(view, options)
    if choice is None:
        return False
    hand.declare(seat, choice)
    return True


def _deal_step(hand: Hand, bots: Sequence[Bot]) -> None:
    seat = hand.deal()
    if hand.phase != Phase.DEAL:
        return
    card = hand.log[-1].cards[0]
    if not _relevant(hand, seat, card):
        return
    if not _ask_declare(hand, bots, seat):
        return
    # A new standing declaration: give everyone else a chance, until quiet.
    last = seat
    quiet = 0
    s = seat
    while quiet < 3 and hand.phase == Phase.DEAL:
        s = (s + 1) % 4
        if s == last:
            continue
        if _ask_declare(hand, bots, s):
            last, quiet = s, 0
        else:
            quiet += 1


def step(hand: Hand, bots: Sequence[Bot]) -> None:
    """Make one decision (or deal one card)."""
    phase = hand.phase
    if phase == Phase.DEAL:
        _deal_step(hand, bots)
        return
    seat = hand.turn
    assert seat is not None, phase
    bot = bots[seat]
    view = SeatView(hand, seat)
    if phase in (Phase.BID, Phase.CHAODI):
        if not _ask_declare(hand, bots, seat):
            hand.pass_turn(seat)
    elif phase == Phase.RIOT:
        if hand.can_riot(seat) and bot.riot(view):
            hand.riot(seat)
        else:
            hand.pass_turn(seat)
    elif phase == Phase.BURY:
        hand.bury(seat, bot.bury(view, hand.rules.kitty_size))
    elif phase == Phase.RECLAIM:
        hand.reclaim(seat, bot.reclaim(view, len(hand.take_back)))
    elif phase == Phase.PLAY:
        play = bot.follow(view) if hand.current else bot.lead(view)
        hand.play(seat, play)
    else:  # pragma: no cover
        raise AssertionError(phase)


def run_hand(hand: Hand, bots: Sequence[Bot], *, check: bool = False) -> Hand:
    """Play ``hand`` to its end (DONE or REDEAL); ``check`` verifies that
    cards are conserved after every step."""
    while hand.phase not in (Phase.DONE, Phase.REDEAL):
        step(hand, bots)
        if check:
            hand.check_conservation()
    return hand


def play_match_hands(match: Match, bots: Sequence[Bot], hands: int, *,
                     check: bool = False) -> Iterator[Hand]:
    """Play up to ``hands`` scored hands of ``match`` (redeals are dealt
    again and not counted), yielding each finished hand; stops early when
    the match is won (R-MATCH)."""
    done = 0
    while done < hands and not match.finished:
        hand = run_hand(match.new_hand(), bots, check=check)
        if match.record(hand) is not None:
            done += 1
            yield hand
