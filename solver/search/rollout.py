"""Rollouts: a sampled deal played out to the end of the hand by baseline bots (issue 18).

:mod:`solver.search.pimc` values a play on a sampled deal by finishing
the current trick and estimating the rest of the hand with
:class:`~solver.search.pimc.Static`.  For an early lead that estimate
decides almost everything, and it does not see what the lead sets up
(a suit cleared, a void shown, the lead handed to the partner).  A
rollout instead plays every seat from the position to the last trick as
the baseline bot (:class:`solver.bots.baseline.BaselineBot`) would, each
seat seeing only its own cards and the public play, as in a real hand of
four baseline bots; its value is the attackers' total at the end of the
hand, kitty bonus included (R-KITTY).

:func:`rollout_values` averages the rollouts of a few plays over the deals
a search already sampled (:attr:`solver.search.pimc.Evaluation.deals`).
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.cards import FACES, Card
from solver.search.model import POINTS, Hand, Hands, Play, Table, remove
from solver.search.opponent import BaselineModel, SeenTrick
from solver.trump import TrumpContext


class Rollout:
    """Play-outs by four baseline bots for one position's public history:
    ``tricks`` the hand's finished tricks (``(leader, plays)``), ``dealer``
    a seat of the defending side, ``burier`` the seat that buried the kitty
    if known (it has seen the kitty)."""

    def __init__(self, ctx: TrumpContext, table: Table,
                 tricks: Sequence[tuple[int, Sequence[Sequence[Card]]]] = (),
                 dealer: int = 0, burier: int | None = None) -> None:
        self.table = table
        #: the baseline's follows and leads; its ``tricks`` (what a lead
        #: reads for the voids shown) grow with each rollout's tricks
        self.model = BaselineModel(ctx, tricks, dealer=dealer, burier=burier)
        self.tricks = tuple(self.model.tricks)
        self.att = tuple((s - dealer) % 2 == 1 for s in range(4))

    def play_out(self, hands: Hands, kitty: Hand, leader: int, trick: tuple[Play, ...],
                 points: int) -> int:
        """The attackers' total at the end of the hand when, from ``hands``
        (each seat's cards now), the current ``trick`` (led by ``leader``)
        and the hand is played out by baseline bots; ``points`` the
        attackers' points so far."""
        table, model = self.table, self.model
        follow = model.follow
        lead = model.leads(kitty)
        assert lead is not None
        kp = sum(POINTS[f] for f in kitty)
        model.tricks = tricks = list(self.tricks)
        hs = list(hands)
        cur = list(trick)
        while True:
            for i in range(len(cur), 4):
                seat = (leader + i) % 4
                if i == 0:
                    p = lead(seat, (hs[0], hs[1], hs[2], hs[3]))
                else:
                    p = follow(seat, hs[seat], leader, tuple(cur))
                hs[seat] = remove(hs[seat], p)
                cur.append(p)
            full = tuple(cur)
            w = (leader + table.winner(full)) % 4
            last = not hs[w]
            if self.att[w]:
                points += sum(POINTS[f] for p in full for f in p)
                if last:
                    points += kp * table.multiplier(full[0])
            if last:
                return points
            tricks.append(SeenTrick(leader, tuple(tuple(FACES[f] for f in p) for p in full)))
            leader, cur = w, []


def rollout_values(roll: Rollout, deals: Sequence[tuple[Hands, Hand]], viewer: int,
                   leader: int, trick: tuple[Play, ...], points: int,
                   plays: Sequence[Play]) -> dict[Play, float]:
    """Each of ``plays`` (the viewer's, to the current ``trick``) valued by
    the mean of its rollouts over ``deals`` (the viewer's hand in each is
    its hand before the play)."""
    out: dict[Play, float] = {}
    for p in plays:
        total = 0
        for hands, kitty in deals:
            hs = list(hands)
            hs[viewer] = remove(hs[viewer], p)
            total += roll.play_out((hs[0], hs[1], hs[2], hs[3]), kitty, leader, trick + (p,),
                                   points)
        out[p] = total / len(deals) if deals else 0.0
    return out
