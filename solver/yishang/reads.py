"""What the table has shown about each player of 一上一下 (issue 18).

:class:`TableReads` follows a game's public log (:attr:`Game.log`) and
counts, for each player, how often they challenged when they had the chance
(every claim where the responders before them passed, R-Y-DOWN), split by
how far the claim jumped above the target; a claim of a last card or below
the target is left out (everybody challenges those, R-Y-WIN, R-Y-DOWN).  How often each player bluffs is
in the game itself (``revealed_truths`` / ``revealed_bluffs``).

Everything read is public: the order of play, the declarations, who
challenged and what the challenge revealed.

>>> from solver.yishang.game import Game
>>> g = Game(players=3, seed=7)
>>> r = TableReads(3)
>>> r.update(g)
>>> round(r.call_rate(1, 0), 2)     # nothing seen yet: the prior
0.2
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from solver.yishang.game import Game
from solver.cards import Card
from solver.yishang.odds import DEFAULT_MODEL, Model, Style, declare_share
from solver.yishang.ranks import LOWEST, parse_rank, yrank

#: Jump buckets: a claim of the target itself, one or two ranks above, three or more.
BUCKETS: Final = 3
#: Beta prior of a call rate: mean PRIOR_CALLS / PRIOR_WEIGHT.
PRIOR_CALLS: Final = 1.0
PRIOR_WEIGHT: Final = 5.0
#: Claimer records told apart (:meth:`TableReads.record`) and the weight of
#: the all-records rate as the prior of a record's rate.
RECORDS: Final = 4
RECORD_WEIGHT: Final = 2.0
BY_RECORD = True


def bucket(target: int, declared: int) -> int:
    """0: the claim is the target, 1: one or two ranks above, 2: three or more."""
    jump = declared - target
    return 0 if jump <= 0 else 1 if jump <= 2 else 2


@dataclass(slots=True)
class TableReads:
    """Call counts per player and jump bucket, from a game's log."""

    players: int
    chances: list[list[int]] = field(default_factory=list)
    calls: list[list[int]] = field(default_factory=list)
    #: claims at or above the target that challenges showed true / false
    #: (a claim below the target loses by rule, R-Y-DOWN: it shows no intent)
    truths: list[int] = field(default_factory=list)
    bluffs: list[int] = field(default_factory=list)
    #: the same for claims above the target (a claim of the target itself
    #: may be a forced bluff: no card reached it)
    truths_above: list[int] = field(default_factory=list)
    bluffs_above: list[int] = field(default_factory=list)
    #: declarations below the target (public when made: a true claim that
    #: loses by rule, what a player who never lies does without a card that
    #: reaches the target) and revealed bluffs of a card below the target
    #: declared at or above it (what a bluffer does then)
    below: list[int] = field(default_factory=list)
    low_bluffs: list[int] = field(default_factory=list)
    seen: int = 0
    _target: int = LOWEST
    _sizes: list[int] = field(default_factory=list)
    #: call counts per player, claimer's record (:meth:`record`) and jump bucket
    chances_by_record: list[list[list[int]]] = field(default_factory=list)
    calls_by_record: list[list[list[int]]] = field(default_factory=list)
    #: the same summed over all players
    table_chances: list[list[int]] = field(default_factory=list)
    table_calls: list[list[int]] = field(default_factory=list)
    _pending: tuple[int, int, int, bool, int] | None = None
    _memo: dict[tuple[int, int, int], float] = field(default_factory=dict)
    _log_id: int = 0

    def __post_init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.chances = [[0] * BUCKETS for _ in range(self.players)]
        self.calls = [[0] * BUCKETS for _ in range(self.players)]
        self.chances_by_record = [[[0] * BUCKETS for _ in range(RECORDS)] for _ in range(self.players)]
        self.calls_by_record = [[[0] * BUCKETS for _ in range(RECORDS)] for _ in range(self.players)]
        self.table_chances = [[0] * BUCKETS for _ in range(RECORDS)]
        self.table_calls = [[0] * BUCKETS for _ in range(RECORDS)]
        self._memo = {}
        self.truths = [0] * self.players
        self.bluffs = [0] * self.players
        self.truths_above = [0] * self.players
        self.bluffs_above = [0] * self.players
        self.below = [0] * self.players
        self.low_bluffs = [0] * self.players
        self.seen = 0
        self._target = LOWEST
        self._sizes = [0] * self.players
        self._pending = None

    def update(self, game: Game) -> None:
        """Read the records of ``game.log`` not read yet (a new game starts over)."""
        log = game.log
        if id(log) != self._log_id or len(log) < self.seen or self.players != game.players:
            self.players = game.players
            self.reset()
            self._log_id = id(log)
        if len(log) > self.seen:
            self._memo.clear()
        for rec in log[self.seen:]:
            self._read(rec)
        self.seen = len(log)

    def _read(self, rec: dict[str, object]) -> None:
        op = rec.get("op")
        if op == "deal":
            hands = rec.get("hands")
            if isinstance(hands, list):
                self._sizes = [len(str(h).split()) for h in hands]
            self._target = LOWEST
        elif op == "up":
            p = int(rec["player"])  # type: ignore[call-overload]
            self._sizes[p] += -1 + (1 if rec.get("drew") else 0)
            self._target = yrank(Card.parse(str(rec["card"])))
        elif op == "down":
            p = int(rec["player"])  # type: ignore[call-overload]
            self._sizes[p] -= 1
            d = rec.get("declared")
            declared = LOWEST if d is None else parse_rank(str(d))
            if declared < self._target:
                self.below[p] += 1
            self._pending = (p, self._target, declared, self._sizes[p] == 0, self.record(p))
        elif op in ("accept", "challenge") and self._pending is not None:
            p, target, declared, last, record = self._pending
            self._pending = None
            order = [(p + i) % self.players for i in range(1, self.players)]
            if op == "challenge":
                who = int(rec["challenger"])  # type: ignore[call-overload]
                asked = order[:order.index(who) + 1] if who in order else order
                if declared >= target:
                    lied = bool(rec.get("success"))
                    (self.bluffs if lied else self.truths)[p] += 1
                    if declared > target:
                        (self.bluffs_above if lied else self.truths_above)[p] += 1
                    if lied and yrank(Card.parse(str(rec["revealed"]))) < target:
                        self.low_bluffs[p] += 1
                taker = int(rec["taker"])  # type: ignore[call-overload]
                self._sizes[taker] += int(rec.get("taken") or 0)  # type: ignore[call-overload]
                self._target = LOWEST
            else:
                who = -1
                asked = order
                self._target = declared
            if not last and declared >= target:
                b = bucket(target, declared)
                by_chances, by_calls = self.chances_by_record, self.calls_by_record
                for q in asked:
                    self.chances[q][b] += 1
                    by_chances[q][record][b] += 1
                    self.table_chances[record][b] += 1
                    if q == who:
                        self.calls[q][b] += 1
                        by_calls[q][record][b] += 1
                        self.table_calls[record][b] += 1

    def record(self, player: int) -> int:
        """What challenges have shown of ``player``'s claims so far: 0, 1 or 2
        (two or more) true claims and no bluff; 3: a bluff."""
        return 3 if self.bluffs[player] else min(2, self.truths[player])

    def call_rate(self, player: int, b: int, record: int | None = None) -> float:
        """Posterior mean of ``player``'s chance of challenging a claim of
        bucket ``b``; with ``record``, of a claimer with that record
        (:meth:`record`), its prior the rate over all records (weight
        :data:`RECORD_WEIGHT`)."""
        rate = (PRIOR_CALLS + self.calls[player][b]) / (PRIOR_WEIGHT + self.chances[player][b])
        if record is None:
            return rate
        table = ((rate * RECORD_WEIGHT + self.table_calls[record][b])
                 / (RECORD_WEIGHT + self.table_chances[record][b]))
        return ((table * RECORD_WEIGHT + self.calls_by_record[player][record][b])
                / (RECORD_WEIGHT + self.chances_by_record[player][record][b]))

    def style(self, player: int, model: Model = DEFAULT_MODEL) -> Style:
        """How ``player`` declares without a true claim at hand
        (:class:`~solver.yishang.odds.Style`): the share of such plays that
        declared below the target, and the share of revealed bluffs that
        declared the target itself.  Each is a posterior mean whose prior is
        the same share over the other players (partial pooling: what the
        table has shown counts until the player shows their own), itself
        drawn towards ``model.style_below`` / ``model.style_at`` with weight
        ``model.style_weight``."""
        w = model.style_weight
        at0 = declare_share(model, LOWEST, 0) if model.style_at is None else model.style_at
        others = [q for q in range(self.players) if q != player]
        ob = sum(self.below[q] for q in others)
        ol = sum(self.low_bluffs[q] for q in others)
        oa = sum(self.bluffs[q] - self.bluffs_above[q] for q in others)
        on = sum(self.bluffs[q] for q in others)
        below0 = (model.style_below * w + ob) / (w + ob + ol)
        at1 = (at0 * w + oa) / (w + on)
        below, low = self.below[player], self.low_bluffs[player]
        at = self.bluffs[player] - self.bluffs_above[player]
        return Style((below0 * w + below) / (w + below + low),
                     (at1 * w + at) / (w + self.bluffs[player]))

    def p_called(self, claimer: int, target: int, declared: int, record: int | None = None) -> float:
        """Chance that somebody challenges ``claimer``'s claim of ``declared``
        over ``target``, each responder calling at its own rate for a claimer
        of ``claimer``'s record (or of ``record``, :meth:`record`)."""
        b = bucket(target, declared)
        if record is None and BY_RECORD:
            record = self.record(claimer)
        key = (claimer, b, -1 if record is None else record)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        keep = 1.0
        for i in range(1, self.players):
            keep *= 1.0 - self.call_rate((claimer + i) % self.players, b, record)
        self._memo[key] = 1.0 - keep
        return 1.0 - keep
