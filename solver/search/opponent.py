"""An opponent model for the search: the other seats play as baseline bots (issue 6).

Sampled search (:mod:`solver.search.pimc`) plays each sampled deal out as
if every seat saw every hand: the opponents answer each candidate with the
reply that is worst for the viewer.  Real opponents see only their own
cards.  When their policy is known (the bots the learner plays against),
the search can instead let them play as that policy would with the hand
the sample gives them, and pick the viewer's best answer to it.

:class:`BaselineModel` is that policy for the baseline bot
(:class:`solver.bots.baseline.BaselineBot`):

- :meth:`BaselineModel.follow` is the bot's follow.  It reads only the
  follower's cards and the trick so far, so it is exactly the bot's play.
- :meth:`BaselineModel.leads` gives the bot's lead for one sampled deal.
  The bot reads its cards, the cards it has not seen (the other hands, and
  the kitty unless it buried it) and the voids shown before the search
  started; voids shown inside the search are not read (a small
  approximation that keeps the lead a function of the hands, so the exact
  search's transposition table stays sound).

Both are deterministic and cached.  :class:`solver.search.alphabeta.Solver`
and :func:`solver.search.pimc.evaluate` take them as ``reply`` and
``lead_reply`` for a set of ``modeled`` seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.bots.baseline import BaselineBot
from solver.cards import FACES, Card
from solver.search.model import Hand, Hands, LeadReply, Play, faces
from solver.trump import TrumpContext

_CACHE_LIMIT = 50_000


@dataclass(frozen=True, slots=True)
class SeenTrick:
    """A finished trick as the bot reads it."""

    leader: int
    plays: tuple[tuple[Card, ...], ...]


class _FollowView:
    """What :meth:`BaselineBot.follow` reads."""

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


class _LeadView:
    """What :meth:`BaselineBot.lead` reads."""

    __slots__ = ("ctx", "seat", "cards", "seen", "tricks", "is_attacker")

    def __init__(self, ctx: TrumpContext, seat: int, cards: list[Card], seen: list[Card],
                 tricks: Sequence[SeenTrick], is_attacker: bool) -> None:
        self.ctx = ctx
        self.seat = seat
        self.cards = cards
        self.seen = seen
        self.tricks = tricks
        self.is_attacker = is_attacker


class BaselineModel:
    """The baseline bot's card play, for seats of a sampled deal.

    ``tricks`` are the hand's finished tricks before the search root
    (``(leader, plays)``), ``dealer`` a seat of the defending side and
    ``burier`` the seat that buried the kitty, if known.  With ``leads``
    false only follows are modelled."""

    def __init__(self, ctx: TrumpContext, tricks: Sequence[tuple[int, Sequence[Sequence[Card]]]] = (),
                 dealer: int = 0, burier: int | None = None, leads: bool = True) -> None:
        self.ctx = ctx
        self.bot = BaselineBot()
        self.tricks = [SeenTrick(ld, tuple(tuple(p) for p in ps)) for ld, ps in tricks]
        self.dealer = dealer
        self.burier = burier
        self.model_leads = leads
        self._follows: dict[tuple[int, Play, int, tuple[Play, ...]], Play] = {}

    def follow(self, seat: int, hand: Hand, leader: int, trick: tuple[Play, ...]) -> Play:
        """The bot's follow from ``hand`` to ``trick`` (led by ``leader``)."""
        key = (seat, hand, leader, trick)
        got = self._follows.get(key)
        if got is None:
            if len(self._follows) > _CACHE_LIMIT:
                self._follows.clear()
            view = _FollowView(self.ctx, seat, [FACES[f] for f in hand],
                               [tuple(FACES[f] for f in p) for p in trick], leader)
            got = faces(self.bot.follow(view))  # type: ignore[arg-type]
            self._follows[key] = got
        return got

    def leads(self, kitty: Hand) -> LeadReply | None:
        """The bot's lead in the sampled deal whose kitty is ``kitty``:
        ``(seat, hands) -> play`` (None when leads are not modelled)."""
        if not self.model_leads:
            return None
        cache: dict[tuple[int, Hands], Play] = {}

        def lead(seat: int, hands: Hands) -> Play:
            key = (seat, hands)
            got = cache.get(key)
            if got is None:
                unseen: list[int] = [f for s in range(4) if s != seat for f in hands[s]]
                if self.burier != seat:
                    unseen.extend(kitty)
                count = [2] * len(FACES)
                for f in hands[seat]:
                    count[f] -= 1
                for f in unseen:
                    count[f] -= 1
                seen = [FACES[f] for f, n in enumerate(count) for _ in range(n)]
                view = _LeadView(self.ctx, seat, [FACES[f] for f in hands[seat]], seen, self.tricks,
                                 (seat - self.dealer) % 2 == 1)
                got = faces(self.bot.lead(view))  # type: ignore[arg-type]
                cache[key] = got
            return got

        return lead


def misfit(model: BaselineModel, tricks: Sequence[tuple[int, Sequence[Play]]],
           seats: frozenset[int], hands: Hands, kitty: Hand) -> int:
    """How many plays of ``seats`` in ``tricks`` (the latest tricks of the
    hand, in order, the last possibly unfinished) the model would not have
    made in the sampled deal ``hands`` (the hands now) and ``kitty``.

    A seat's hand when a trick began is its hand now plus everything it
    played in that trick and since."""
    lead = model.leads(kitty)
    held = [list(h) for h in hands]
    miss = 0
    for leader, plays in reversed(tricks):
        for i, p in enumerate(plays):
            held[(leader + i) % 4].extend(p)
        at_start = tuple(tuple(sorted(h)) for h in held)
        for i, p in enumerate(plays):
            seat = (leader + i) % 4
            if seat not in seats:
                continue
            if i == 0:
                if lead is None:
                    continue
                got = lead(seat, (at_start[0], at_start[1], at_start[2], at_start[3]))
            else:
                got = model.follow(seat, at_start[seat], leader, tuple(plays[:i]))
            if got != tuple(sorted(p)):
                miss += 1
    return miss
