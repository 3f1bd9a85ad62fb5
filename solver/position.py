"""A card-play position, python-chess style (shared/CONTRACT.md "Position").

>>> pos = Position.from_json({"rules": "henan", "level": "2", "trump": "S",
...     "hands": ["KH 4D", "AH 3D", "QH 5D", "JH 6D"], "dealer": 0, "leader": 1,
...     "trick": [], "attacker_points": 0, "kitty": "", "played": ""})
>>> pos.turn
1
>>> sorted(format_cards(p) for p in pos.legal_plays())
['3D', 'AH']
>>> pos.push(parse_cards("AH")); [format_cards(p) for p in pos.legal_plays()]
['QH']
>>> for t in ("QH", "JH", "KH"): pos.push(parse_cards(t))
>>> pos.leader, pos.turn, pos.attacker_points, pos.trick
(1, 1, 10, [])
>>> pos.pop(); pos.turn, pos.attacker_points, format_cards(pos.hands[0])
(0, 0, 'KH 4D')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solver.cards import Card, format_cards, parse_cards
from solver.errors import IllegalPlayError, InvalidCardsError, SolverError
from solver.follow import Reason, explain_follow, missing_reason
from solver.generator import legal_follows, legal_leads
from solver.rules import preset
from solver.step import close_trick, throw_step
from solver.throws import throw_verdict
from solver.trump import TrumpContext, shared_context
from solver.units import INVALID, classify

__all__ = ["Position", "FailedThrow"]

RULE_LEAD = "R-LEAD"
RULE_THROW = "R-THROW-ADJ"


@dataclass(frozen=True)
class FailedThrow:
    """A failed throw (R-THROW-FAIL): who threw, the cards taken back and the penalty."""

    seat: int
    attempted: tuple[Card, ...]
    played: tuple[Card, ...]
    kind: str
    stake: float
    attacker_points: int


def _cards(value: Any, field: str) -> list[Card]:
    if value is None:
        return []
    if isinstance(value, str):
        return parse_cards(value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return parse_cards(" ".join(value))
    raise InvalidCardsError(f"bad position field {field}", code="legal.error.position.field",
                            field=field)


def _int(data: Mapping[str, Any], field: str, default: int | None = None) -> int:
    value = data.get(field, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidCardsError(f"bad position field {field}", code="legal.error.position.field",
                                field=field)
    return value


class Position:
    """Hands of the four seats (``None`` when hidden from ``viewer``), the
    current trick, the points the attackers have won and the cards out."""

    def __init__(self, ctx: TrumpContext, hands: Sequence[Sequence[Card] | None], *,
                 dealer: int = 0, leader: int = 0, trick: Sequence[Sequence[Card]] = (),
                 attacker_points: int = 0, kitty: Sequence[Card] = (),
                 played: Sequence[Card] = (), viewer: int | None = None) -> None:
        self.ctx = ctx
        self.hands: list[list[Card] | None] = [None if h is None else list(h) for h in hands]
        self.dealer = dealer
        self.leader = leader
        self.trick: list[list[Card]] = [list(p) for p in trick]
        self.attacker_points = attacker_points
        self.kitty = list(kitty)
        self.played = list(played)
        self.viewer = viewer
        self.penalties: list[FailedThrow] = []
        self._stack: list[tuple[Any, ...]] = []
        self._validate()

    # -- JSON ------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        if not isinstance(data, Mapping):
            raise InvalidCardsError("a position is a JSON object", code="legal.error.position.field",
                                    field="position")
        options = data.get("options") or {}
        if not isinstance(options, Mapping):
            raise InvalidCardsError("bad options", code="legal.error.position.field", field="options")
        rules = preset(str(data.get("rules", "henan")), options)
        level = data.get("level")
        if level is None:
            level = rules.default_level
        trump = data.get("trump", "NT")
        # Shared: a hand's consecutive positions (a learner's hints) keep
        # the engine's caches warm (solver.trump.shared_context).
        ctx = shared_context(rules, level if isinstance(level, int) else str(level),
                             None if trump is None else str(trump))
        raw_hands = data.get("hands")
        if not isinstance(raw_hands, list) or len(raw_hands) != 4:
            raise InvalidCardsError("a position needs 4 hands", code="legal.error.position.seats")
        hands = [None if h is None else _cards(h, f"hands[{i}]") for i, h in enumerate(raw_hands)]
        trick_raw = data.get("trick") or []
        if not isinstance(trick_raw, list):
            raise InvalidCardsError("bad trick", code="legal.error.position.field", field="trick")
        trick = [_cards(p, f"trick[{i}]") for i, p in enumerate(trick_raw)]
        viewer = data.get("viewer")
        if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)):
            raise InvalidCardsError("bad viewer", code="legal.error.position.field", field="viewer")
        return cls(ctx, hands, dealer=_int(data, "dealer", 0), leader=_int(data, "leader", 0),
                   trick=trick, attacker_points=_int(data, "attacker_points", 0),
                   kitty=_cards(data.get("kitty"), "kitty"),
                   played=_cards(data.get("played"), "played"), viewer=viewer)

    def to_json(self) -> dict[str, Any]:
        ctx = self.ctx
        options = ctx.rules.changed_options()
        out: dict[str, Any] = {
            **ctx.describe(), "options": options,
            "hands": [None if h is None else format_cards(ctx.sorted(h)) for h in self.hands],
            "dealer": self.dealer, "leader": self.leader,
            "trick": [format_cards(p) for p in self.trick],
            "attacker_points": self.attacker_points,
            "kitty": format_cards(self.kitty), "played": format_cards(self.played),
        }
        if self.viewer is not None:
            out["viewer"] = self.viewer
        return out

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.ctx = self.ctx
        p.hands = [None if h is None else list(h) for h in self.hands]
        p.dealer, p.leader, p.viewer = self.dealer, self.leader, self.viewer
        p.trick = [list(t) for t in self.trick]
        p.attacker_points = self.attacker_points
        p.kitty, p.played = list(self.kitty), list(self.played)
        p.penalties = list(self.penalties)
        p._stack = []
        return p

    # -- validation ------------------------------------------------------------

    def _validate(self) -> None:
        for name, seat in (("dealer", self.dealer), ("leader", self.leader)):
            if seat not in range(4):
                raise InvalidCardsError(f"{name} seat {seat} is not 0-3",
                                        code="legal.error.position.seat", seat=seat)
        if self.viewer is not None and self.viewer not in range(4):
            raise InvalidCardsError("viewer is not 0-3", code="legal.error.position.seat",
                                    seat=self.viewer)
        if any(h is None for h in self.hands):
            if self.viewer is None or self.hands[self.viewer] is None:
                raise InvalidCardsError("a hidden hand needs a viewer whose hand is known",
                                        code="legal.error.position.field", field="viewer")
        if len(self.trick) > 3:
            raise InvalidCardsError("a trick holds at most 3 plays before it completes",
                                    code="legal.error.position.field", field="trick")
        everything: Counter[Card] = Counter()
        for h in self.hands:
            everything.update(h or ())
        for p in self.trick:
            everything.update(p)
        everything.update(self.kitty)
        everything.update(self.played)
        for card, n in everything.items():
            if n > 2:
                raise InvalidCardsError(f"{card} appears {n} times; the pack has 2",
                                        code="legal.error.position.copies", card=str(card), count=n)
        if self.trick:
            lead = self.trick[0]
            if not lead or classify(self.ctx, lead).type == INVALID:
                raise InvalidCardsError("the trick's lead is not one suit",
                                        code="legal.error.bad_lead", cards=format_cards(lead))
            for p in self.trick[1:]:
                if len(p) != len(lead):
                    raise InvalidCardsError("every play of a trick has the lead's size",
                                            code="legal.error.position.field", field="trick")
        # Hand sizes: seats that have played in this trick hold |lead| fewer.
        n = len(self.trick[0]) if self.trick else 0
        played_now = {(self.leader + i) % 4 for i in range(len(self.trick))}
        base: int | None = None
        for seat, h in enumerate(self.hands):
            if h is None:
                continue
            size = len(h) + (n if seat in played_now else 0)
            if base is None:
                base = size
            elif size != base:
                raise InvalidCardsError("impossible hand sizes", code="legal.error.position.counts",
                                        seat=seat, expected=base - (n if seat in played_now else 0),
                                        held=len(h))
        if base is not None and all(h is not None for h in self.hands):
            total = sum(everything.values())
            if total > 108:
                raise InvalidCardsError("more than 108 cards", code="legal.error.position.counts",
                                        seat=0, expected=108, held=total)

    # -- queries --------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """The seat to move."""
        return (self.leader + len(self.trick)) % 4

    def dealer_side(self, seat: int) -> bool:
        """Dealer team = dealer and dealer+2."""
        return (seat - self.dealer) % 2 == 0

    def hand(self, seat: int) -> list[Card]:
        h = self.hands[seat]
        if h is None:
            raise SolverError("hidden hand", code="legal.error.position.hidden", seat=seat)
        return h

    def is_over(self) -> bool:
        """No cards left to play (hands have equal sizes between tricks)."""
        return not self.trick and any(h is not None and not h for h in self.hands)

    def _others(self, seat: int) -> list[list[Card]] | None:
        hs = [self.hands[(seat + i) % 4] for i in (1, 2, 3)]
        if any(h is None for h in hs):
            return None
        return [h for h in hs if h is not None]

    def _seen(self, seat: int) -> list[Card]:
        seen = list(self.played) + [c for p in self.trick for c in p]
        if seat == self.dealer:
            seen += self.kitty
        return seen

    def legal_follows(self, seat: int | None = None) -> Iterator[tuple[Card, ...]]:
        """Legal follows of ``seat`` (default: the seat to move) to the current lead."""
        s = self.turn if seat is None else seat
        hand = self.hand(s)
        if not self.trick:
            return iter(())
        return legal_follows(self.ctx, self.trick[0], hand)

    def legal_leads(self) -> Iterator[tuple[Card, ...]]:
        """Leads: every unit, and the throws that stand against the other hands
        (R-THROW-ADJ) or, with hidden hands, are safe (R-THROW-SAFE)."""
        seat = self.turn
        others = self._others(seat)
        if others is not None:
            return legal_leads(self.ctx, self.hand(seat), others=others)
        return legal_leads(self.ctx, self.hand(seat), seen=self._seen(seat))

    def legal_plays(self) -> Iterator[tuple[Card, ...]]:
        """Lazily: leads when the trick is empty, else follows."""
        if self.is_over():
            return iter(())
        return self.legal_follows() if self.trick else self.legal_leads()

    def explain(self, play: Sequence[Card]) -> list[Reason]:
        """Why ``play`` is not legal for the seat to move (empty when legal)."""
        seat = self.turn
        hand = self.hand(seat)
        if self.trick:
            return explain_follow(self.ctx, self.trick[0], hand, play)
        if Counter(play) - Counter(hand):
            return [missing_reason(self.ctx, RULE_LEAD, hand, play)]
        c = classify(self.ctx, play)
        if c.type == INVALID:
            return [Reason(RULE_LEAD, "lead.mixed", {"cards": format_cards(play)})]
        if c.type == "throw":
            others = self._others(seat)
            if others is not None:
                v = throw_verdict(self.ctx, play, others)
                if not v.stands:
                    assert v.forced is not None
                    return [Reason(RULE_THROW, "lead.throw_fails",
                                   {"cards": format_cards(play),
                                    "forced": format_cards(v.forced.cards)})]
            else:
                from solver.throws import throw_safe

                s = throw_safe(self.ctx, play, hand, self._seen(seat))
                if not s.safe:
                    return [Reason("R-THROW-SAFE", "lead.throw_unsafe",
                                   {"cards": format_cards(play),
                                    "threats": format_cards(u.cards[0] for u in s.threats)})]
        return []

    def is_legal(self, play: Sequence[Card]) -> bool:
        return not self.explain(play)

    # -- moves ---------------------------------------------------------------------------

    def push(self, play: Sequence[Card]) -> None:
        """Play ``play`` for the seat to move.  A throw that fails against the
        known hands is replaced by its smallest beaten unit and the penalty is
        recorded (R-THROW-FAIL); any other illegal play raises IllegalPlayError.
        Completing a trick gives its points to the attackers if they win it."""
        seat = self.turn
        hand = self.hand(seat)
        play = list(play)
        penalty: FailedThrow | None = None
        reasons = self.explain(play)
        if reasons:
            r = reasons[0]
            if r.code == "lead.throw_fails":
                others = self._others(seat)
                assert others is not None
                forced, pen = throw_step(self.ctx, play, others, self.dealer_side(seat))
                assert pen is not None
                penalty = FailedThrow(seat, tuple(play), forced, pen.kind, pen.stake,
                                      pen.attacker_points)
                play = list(forced)
            else:
                raise IllegalPlayError(f"illegal play {format_cards(play)}",
                                       code="legal.error.position.illegal", rule=r.rule,
                                       reason=r.code, cards=format_cards(play))
        self._stack.append((self.leader, [list(t) for t in self.trick], self.attacker_points,
                            len(self.played), seat, list(hand), len(self.penalties)))
        if penalty is not None:
            self.penalties.append(penalty)
            # R-THROW-FAIL points penalty; the total is floored at 0 only when scored.
            self.attacker_points += penalty.attacker_points
        rest = Counter(play)
        kept: list[Card] = []
        for c in hand:
            if rest[c]:
                rest[c] -= 1
            else:
                kept.append(c)
        self.hands[seat] = kept
        self.trick.append(play)
        if len(self.trick) == 4:
            winner, points = close_trick(self.ctx, self.leader, self.trick)
            if not self.dealer_side(winner):
                self.attacker_points += points
            self.played.extend(c for p in self.trick for c in p)
            self.trick = []
            self.leader = winner

    def pop(self) -> None:
        """Take back the last push."""
        if not self._stack:
            raise SolverError("nothing to take back", code="legal.error.position.empty")
        leader, trick, points, n_played, seat, hand, n_pen = self._stack.pop()
        self.leader, self.trick, self.attacker_points = leader, trick, points
        del self.played[n_played:]
        del self.penalties[n_pen:]
        self.hands[seat] = hand

    def __repr__(self) -> str:
        return f"Position({self.to_json()!r})"

