"""What one seat may know: the bots' (and a UI's) window on a hand.

A :class:`SeatView` exposes the seat's own cards and everything public
(declarations as shown, the tricks, points), and hides the other hands, the
undealt deck, a kitty the seat did not bury, and in ``wusaner`` the secret
trump suit until it is revealed (R-W-DECLARE).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from solver.bits import packed
from solver.cards import Card
from solver.game.declare import Declaration
from solver.game.errors import GameError
from solver.game.hand import Hand, Phase, Trick, team_of
from solver.position import Position
from solver.rules import Rules
from solver.trump import TrumpContext


@dataclass(frozen=True, slots=True)
class KittyExchange:
    """What became of the kitty a seat buried.  In ``wusaner`` (R-W-KITTY,
    揭牌) the declarer takes back the buried cards of the secret trump suit
    (``taken_back``, by seat ``taker``) and discards as many of their own in
    their place, so the kitty (``kitty``) is no longer what was buried."""

    buried: tuple[Card, ...]
    taker: int | None = None
    taken_back: tuple[Card, ...] = ()
    #: the kitty now, once any cards taken back have been replaced
    kitty: tuple[Card, ...] = ()
    #: the declarer has discarded in place of ``taken_back``
    replaced: bool = False


class SeatView:
    """A read-only view of ``hand`` for ``seat``."""

    __slots__ = ("_hand", "seat")

    def __init__(self, hand: Hand, seat: int) -> None:
        self._hand = hand
        self.seat = seat

    @property
    def rules(self) -> Rules:
        return self._hand.rules

    @property
    def phase(self) -> Phase:
        return self._hand.phase

    @property
    def team(self) -> int:
        return team_of(self.seat)

    @property
    def cards(self) -> list[Card]:
        return self._hand.cards_of(self.seat)

    @property
    def held(self) -> int:
        """The seat's cards as a packed multiset (:mod:`solver.bits`)."""
        return self._hand.held[self.seat]

    @property
    def counts(self) -> Counter[Card]:
        return Counter(self._hand.cards_of(self.seat))

    @property
    def level(self) -> int:
        return self._hand.level

    def team_level(self, team: int) -> int:
        return self._hand.setup.team_levels[team]

    @property
    def first_hand(self) -> bool:
        """The first hand of a match (抢报; wusaner: the stage is still open)."""
        setup = self._hand.setup
        return setup.dealer is None and setup.stage_team is None

    @property
    def ctx(self) -> TrumpContext | None:
        """The trump context once trump is public (or known to this seat)."""
        h = self._hand
        if h.ctx is not None:
            return h.ctx
        st = h.standing
        if st is not None and st.seat == self.seat and h.stage_team is not None:
            return TrumpContext(h.rules, h.level, st.trump)
        return None

    @property
    def dealer(self) -> int | None:
        return self._hand.dealer

    @property
    def defenders(self) -> int | None:
        return self._hand.defenders

    @property
    def is_attacker(self) -> bool:
        return self._hand.is_attacker(self.seat)

    @property
    def standing(self) -> Declaration | None:
        """The standing declaration; another seat's hidden cards are masked."""
        st = self._hand.standing
        if st is None or not st.hidden or st.seat == self.seat:
            return st
        return Declaration(st.seat, tuple(c for c in st.cards if c.is_joker), st.strength, None)

    @property
    def declarations(self) -> int:
        return len(self._hand.declarations)

    def shown_in_hand(self) -> dict[int, list[Card]]:
        """Cards every player saw in another seat's hand and that must still
        be there: what each declaration showed (in ``wusaner`` the jokers,
        and the final declaration's pair once revealed), for the seats that
        never took the kitty (they could have buried them), less the cards
        each has played since.  The seat's own cards are left out."""
        h = self._hand
        takers = {r.seat for r in h.log if r.op == "kitty"}
        shown: dict[int, Counter[Card]] = {}
        for d in h.declarations:
            cur = shown.setdefault(d.seat, Counter())
            cur |= Counter([c for c in d.cards if c.is_joker] if d.hidden else d.cards)
        for r in h.log:
            if r.op == "reveal" and r.seat is not None:
                cur = shown.setdefault(r.seat, Counter())
                st = h.standing
                cur |= Counter(st.cards if st is not None else r.cards)
        out: dict[int, list[Card]] = {}
        played: dict[int, Counter[Card]] = {}
        for t in h.tricks:
            for i, p in enumerate(t.plays):
                played.setdefault((t.leader + i) % 4, Counter()).update(p)
        if h.current and h.leader is not None:
            for i, p in enumerate(h.current):
                played.setdefault((h.leader + i) % 4, Counter()).update(p)
        for seat, held in shown.items():
            if seat == self.seat or seat in takers:
                continue
            left = held - played.get(seat, Counter())
            if left:
                out[seat] = sorted(left.elements(), key=lambda c: c.index)
        return out

    @property
    def trick(self) -> list[tuple[Card, ...]]:
        return list(self._hand.current)

    @property
    def leader(self) -> int | None:
        return self._hand.leader

    @property
    def tricks(self) -> Sequence[Trick]:
        return self._hand.tricks

    @property
    def played(self) -> list[Card]:
        return list(self._hand.played)

    @property
    def burier(self) -> int | None:
        """Who buried the kitty last (public: after 反主炒底 it is the last overturner)."""
        return self._hand.burier

    @property
    def own_kitty(self) -> list[Card]:
        """The buried cards if this seat buried them last (R-THROW-SAFE)."""
        h = self._hand
        return list(h.kitty) if h.burier == self.seat and h.phase == Phase.PLAY else []

    def own_burial(self) -> KittyExchange | None:
        """What this seat buried, read from the log, and what the declarer
        took back from it (R-W-KITTY); None unless the seat buried the
        kitty last."""
        h = self._hand
        if h.burier != self.seat:
            return None
        got: KittyExchange | None = None
        for r in h.log:
            if r.op == "bury":
                got = KittyExchange(tuple(r.cards)) if r.seat == self.seat else None
            elif got is not None and r.op == "take_back":
                got = KittyExchange(got.buried, r.seat, tuple(r.cards))
            elif got is not None and r.op == "reclaim":
                got = KittyExchange(got.buried, got.taker, got.taken_back, replaced=True)
        if got is None:
            return None
        done = not got.taken_back or got.replaced
        return KittyExchange(got.buried, got.taker, got.taken_back,
                             tuple(h.kitty) if done else (), got.replaced)

    @property
    def seen(self) -> list[Card]:
        return self.played + self.own_kitty

    @property
    def seen_packed(self) -> tuple[int, int]:
        """:attr:`seen` packed (:mod:`solver.bits`), and how many cards it holds."""
        h = self._hand
        own = self.own_kitty
        return h.played_packed + packed(own), len(h.played) + len(own)

    @property
    def attacker_points(self) -> int:
        """The attackers' points so far, failed throws' included (R-THROW-FAIL)."""
        return self._hand.points_so_far

    def cards_left(self, seat: int) -> int:
        return self._hand.cards_left(seat)

    def position(self) -> Position:
        """The play-phase position as this seat sees it (the other hands
        hidden, its own kitty if it buried it): what the hint engine
        (:func:`solver.search.hint.hint`) and the search bots take, without a
        trip through JSON."""
        h = self._hand
        if h.phase != Phase.PLAY or h.ctx is None or h.dealer is None or h.leader is None:
            raise GameError("a position exists only in the play phase", code="game.phase.wrong",
                            rule="phase", phase=h.phase.value)
        hands: list[list[Card] | None] = [None] * 4
        hands[self.seat] = h.hand_of(self.seat)
        return Position(h.ctx, hands, dealer=h.dealer, leader=h.leader, trick=h.current,
                        attacker_points=h.points_so_far,
                        kitty=h.kitty if h.burier == self.seat else (),
                        played=[c for t in h.tricks for p in t.plays for c in p], viewer=self.seat)

    def trick_history(self) -> list[tuple[int, tuple[tuple[Card, ...], ...]]]:
        """The finished tricks as (leader, plays): they show the voids (the hint's ``tricks``)."""
        return [(t.leader, t.plays) for t in self._hand.tricks]

    @property
    def hand_points(self) -> int:
        from solver.cards import points

        return points(self.cards)
