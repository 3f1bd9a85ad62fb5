"""An opponent model: deals ranked by how well they explain the opponents' play (issue 6).

The sampler (:func:`solver.search.hidden.sample_deal`) deals the unseen
cards consistently with the facts and a few rule-of-thumb beliefs.  This
module reads the opponents' play more fully: given a policy for them (the
baseline bot by default), a sampled deal is scored by replaying every
decision each opponent made this hand with the hand it would have held in
that deal (its cards now plus every card it played since) and counting the
decisions where the policy would have played otherwise.  Deals that explain
the play better are kept (:func:`select_deals`).

Definitions:

- A *decision* is one play by one seat: the trick it belongs to, the plays
  before it in that trick, and the play itself.
- A seat's hand at a decision is its hand now plus every card it played at
  or after that decision (the cards are conserved).
- Its view at a decision is what the policy reads: the finished tricks
  before it, the plays of the trick so far, the cards seen (played before
  that trick, and the kitty when that seat buried it) and its side.
- A deal's *misfit* is the number of the opponents' decisions (the last
  ``window`` of them, all when ``window`` is None) at which the policy,
  given that view, plays something else.  It is counted only up to ``cap``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solver.cards import FACES, Card
from solver.search.model import Hand, Hands, Play
from solver.trump import TrumpContext

#: A policy: the cards it plays from a view (see :class:`PastView`).
Policy = Callable[["PastView"], list[Card]]


@dataclass(frozen=True, slots=True)
class PastTrick:
    """A finished trick as the policy reads it (``leader`` and ``plays``)."""

    leader: int
    plays: tuple[tuple[Card, ...], ...]


class PastView:
    """The part of :class:`solver.game.view.SeatView` a play policy reads,
    for a seat at a past decision in a hypothetical deal."""

    __slots__ = ("ctx", "seat", "cards", "seen", "tricks", "trick", "leader", "is_attacker")

    def __init__(self, ctx: TrumpContext, seat: int, cards: list[Card], seen: list[Card],
                 tricks: Sequence[PastTrick], trick: list[tuple[Card, ...]], leader: int,
                 is_attacker: bool) -> None:
        self.ctx = ctx
        self.seat = seat
        self.cards = cards
        self.seen = seen
        self.tricks = tricks
        self.trick = trick
        self.leader = leader
        self.is_attacker = is_attacker

    @property
    def team(self) -> int:
        return self.seat % 2


@dataclass(frozen=True, slots=True)
class Decision:
    seat: int
    trick: int  #: index of its trick in the hand
    position: int  #: 0 for the lead
    play: Play  #: sorted faces
    later: tuple[int, ...]  #: faces the seat played at or after this decision


class History:
    """The hand's play so far, as a viewer saw it, ready for replaying."""

    def __init__(self, ctx: TrumpContext, defenders: int, burier: int | None,
                 tricks: Sequence[tuple[int, Sequence[Sequence[Card]]]]) -> None:
        """``tricks``: ``(leader, plays)`` in order, the last one possibly
        unfinished."""
        self.ctx = ctx
        self.defenders = defenders
        self.burier = burier
        self.tricks = [PastTrick(ld, tuple(tuple(p) for p in ps)) for ld, ps in tricks]
        self.decisions: list[Decision] = []
        later: dict[int, list[int]] = {s: [] for s in range(4)}
        out: list[Decision] = []
        for t in range(len(self.tricks) - 1, -1, -1):
            tr = self.tricks[t]
            for i in range(len(tr.plays) - 1, -1, -1):
                seat = (tr.leader + i) % 4
                faces = tuple(sorted(c.index for c in tr.plays[i]))
                later[seat].extend(faces)
                out.append(Decision(seat, t, i, faces, tuple(later[seat])))
        out.reverse()
        self.decisions = out
        self._seen_before: list[list[Card]] = []
        acc: list[Card] = []
        for tr in self.tricks:
            self._seen_before.append(list(acc))
            for p in tr.plays:
                acc.extend(p)

    def view(self, d: Decision, hand: Hand, kitty: Hand) -> PastView:
        """Seat ``d.seat``'s view at ``d`` when it holds ``hand`` now."""
        cards = [FACES[f] for f in hand] + [FACES[f] for f in d.later]
        seen = self._seen_before[d.trick]
        if self.burier == d.seat:
            seen = seen + [FACES[f] for f in kitty]
        tr = self.tricks[d.trick]
        return PastView(self.ctx, d.seat, cards, seen, self.tricks[:d.trick],
                        list(tr.plays[:d.position]), tr.leader,
                        d.seat % 2 != self.defenders)

    def misfit(self, policy: Policy, seats: Sequence[int], hands: Hands, kitty: Hand,
               cap: int = 3, window: int | None = None) -> int:
        """How many decisions of ``seats`` the policy would not have made in
        this deal (counted up to ``cap``)."""
        ds = [d for d in self.decisions if d.seat in seats]
        if window is not None:
            ds = ds[-window:]
        miss = 0
        for d in reversed(ds):
            got = policy(self.view(d, hands[d.seat], kitty))
            if tuple(sorted(c.index for c in got)) != d.play:
                miss += 1
                if miss >= cap:
                    break
        return miss


def select_deals(deals: Sequence[tuple[Hands, Hand]], scores: Sequence[int], n: int,
                 rng: random.Random) -> list[tuple[Hands, Hand]]:
    """The ``n`` deals with the lowest scores (ties in random order)."""
    order = sorted(range(len(deals)), key=lambda i: (scores[i], rng.random()))
    return [deals[i] for i in order[:n]]


def baseline_policy() -> Policy:
    """The baseline bot's card play as a policy."""
    from solver.bots.baseline import BaselineBot

    bot = BaselineBot()

    def play(view: PastView) -> list[Card]:
        return bot.follow(view) if view.trick else bot.lead(view)  # type: ignore[arg-type]

    return play


class _FollowView:
    """What :meth:`BaselineBot.follow` reads, for a seat in a sampled deal."""

    __slots__ = ("ctx", "seat", "cards", "trick", "leader")

    def __init__(self, ctx: TrumpContext, seat: int, cards: list[Card],
                 trick: list[tuple[Card, ...]], leader: int) -> None:
        self.ctx = ctx
        self.seat = seat
        self.cards = cards
        self.trick = trick
        self.leader = leader

    @property
    def team(self) -> int:
        return self.seat % 2


def baseline_reply(ctx: TrumpContext) -> Callable[[int, Play, int, tuple[Play, ...]], Play]:
    """The baseline bot's follow, as :data:`solver.search.pimc.Reply`: how a
    baseline opponent answers in the current trick with a sampled hand (it
    sees its own cards and the trick, not the others' hands)."""
    from solver.bots.baseline import BaselineBot

    bot = BaselineBot()
    cache: dict[tuple[int, Play, int, tuple[Play, ...]], Play] = {}

    def reply(seat: int, hand: Play, leader: int, trick: tuple[Play, ...]) -> Play:
        key = (seat, hand, leader, trick)
        got = cache.get(key)
        if got is None:
            if len(cache) > 50_000:
                cache.clear()
            view = _FollowView(ctx, seat, [FACES[f] for f in hand],
                               [tuple(FACES[f] for f in p) for p in trick], leader)
            got = tuple(sorted(c.index for c in bot.follow(view)))  # type: ignore[arg-type]
            cache[key] = got
        return got

    return reply
