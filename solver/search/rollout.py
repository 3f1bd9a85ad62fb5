"""Policy rollouts: play a sampled deal to its end with a bot (issue 6).

The sampled search (:mod:`solver.search.pimc`) scores a play by finishing
its trick and estimating the rest; a rollout instead plays the rest of the
hand out on the sampled deal, every seat choosing by a policy bot (the
baseline bot by default) that sees only its own cards and the cards
played, as at a real table.  It is slower than the estimate but sees
what the estimate cannot: winners that get ruffed later, suits that
run out, who is left holding the last trumps.

:func:`rollout` returns the attackers' final total (points won from the
root on, plus the points already won, plus the kitty bonus of R-KITTY when
they take the last trick).  Trick winners and points come from
:class:`~solver.search.model.Table`; the policy's plays are trusted to be
legal (the baseline bot checks its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.bots.base import Bot
from solver.cards import FACES, Card
from solver.rules import Rules
from solver.search.model import POINTS, Hands, Play, Table
from solver.trump import TrumpContext


@dataclass(frozen=True, slots=True)
class _Trick:
    leader: int
    plays: tuple[tuple[Card, ...], ...]


class _View:
    """What a policy bot reads of a seat at a rollout table (a duck-typed
    :class:`solver.game.view.SeatView` for leads and follows)."""

    __slots__ = ("ctx", "rules", "level", "seat", "cards", "seen", "tricks", "trick", "leader",
                 "is_attacker", "team")

    def __init__(self, ctx: TrumpContext, seat: int, cards: list[Card], seen: list[Card],
                 tricks: Sequence[object], trick: list[tuple[Card, ...]], leader: int,
                 attacker: bool) -> None:
        self.ctx = ctx
        self.rules: Rules = ctx.rules
        self.level = ctx.level
        self.seat = seat
        self.cards = cards
        self.seen = seen
        self.tricks = tricks
        self.trick = trick
        self.leader = leader
        self.is_attacker = attacker
        self.team = seat % 2

    @property
    def hand_points(self) -> int:
        return sum(c.points for c in self.cards)


def rollout(table: Table, policy: Bot, hands: Hands, leader: int, trick: tuple[Play, ...],
            dealer: int, kitty_points: int, points: int, seen: Sequence[Card],
            history: Sequence[object]) -> int:
    """Play from (``hands``, ``leader``, the current ``trick``) to the end.

    ``seen`` are the cards played before the current trick and ``history``
    the finished tricks (objects with ``leader`` and ``plays`` of cards),
    which the policy reads for voids; ``points`` the attackers' points so far.
    """
    ctx = table.ctx
    hs = [list(h) for h in hands]
    seen_l = list(seen)
    hist = list(history)
    cur = list(trick)
    total = points
    while True:
        seat = (leader + len(cur)) % 4
        if not hs[seat]:
            break
        view = _View(ctx, seat, [FACES[f] for f in hs[seat]], seen_l, hist,
                     [tuple(FACES[f] for f in p) for p in cur], leader,
                     (seat - dealer) % 2 == 1)
        cards = policy.follow(view) if cur else policy.lead(view)  # type: ignore[arg-type]
        play = tuple(sorted(c.index for c in cards))
        h = hs[seat]
        for f in play:
            h.remove(f)
        cur.append(play)
        if len(cur) < 4:
            continue
        plays = tuple(cur)
        w = (leader + table.winner(plays)) % 4
        last = not hs[w]
        if (w - dealer) % 2 == 1:
            total += sum(POINTS[f] for p in plays for f in p)
            if last:
                total += kitty_points * table.multiplier(plays[0])
        cards_played = [FACES[f] for p in plays for f in p]
        seen_l.extend(cards_played)
        hist.append(_Trick(leader, tuple(tuple(FACES[f] for f in p) for p in plays)))
        cur = []
        leader = w
        if last:
            break
    return total
