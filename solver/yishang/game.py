"""The 一上一下 engine (R-Y-*), in the style of pokerkit.

Every action has three faces: ``verify_x`` raises an
:class:`~solver.yishang.errors.IllegalActionError` (message id + R-ID),
``can_x`` answers with a bool and ``x`` performs the action and appends a
record to :attr:`Game.log`.  A game is fixed by ``(players, seed, options)``
and its actions: :meth:`Game.to_history` saves it as JSON-ready data and
:meth:`Game.from_history` replays it (a corrupt history is rejected with a
:class:`~solver.yishang.errors.HistoryError` naming the first bad record).

>>> g = Game(players=3, seed=7)
>>> g.phase, g.face_up, g.target, len(g.hand(0)), g.draw_size
('play', True, 3, 7, 31)
>>> g.play_up(g.hand(g.turn)[0])
>>> g.face_up
False
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from solver.cards import Card
from solver.errors import SolverError
from solver.rules import Rules, preset
from solver.yishang.errors import HistoryError, IllegalActionError, YishangError
from solver.yishang.ranks import LOWEST, PACK, RANKS, parse_rank, rank_name, yrank

HAND_SIZE: Final = 7
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4

PLAY: Final = "play"            # the player to move plays a card
CHALLENGE: Final = "challenge"  # a face-down claim waits for a challenge or acceptance
OVER: Final = "over"

@dataclass(frozen=True, slots=True)
class PileCard:
    """One card in the central pile: ``declared`` is the announced rank (the
    true rank for a face-up card)."""

    card: Card
    face_up: bool
    declared: int
    player: int


@dataclass(frozen=True, slots=True)
class Ruling:
    """Why a play came out as it did: ``rule`` (an R-ID), ``code`` (a
    message id of the ``yishang`` catalog) and ``params`` (rank names)."""

    rule: str
    code: str
    params: dict[str, str]


def draws_on_up(rank: int, target: int, draw_left: int) -> bool:
    """R-Y-UP: a face-up card below the target draws one card, if any is left."""
    return rank < target and draw_left > 0


def up_ruling(rank: int, target: int, draw_left: int) -> tuple[bool, Ruling]:
    """R-Y-UP: whether a face-up card of ``rank`` played against ``target``
    draws (:func:`draws_on_up`, what :meth:`Game.play_up` does) and why:
    not below the target, below it, or below it with the draw pile empty.

    >>> up_ruling(6, 8, 0)[1].code
    'yishang.why.up.empty'
    """
    params = {"card": rank_name(rank), "target": rank_name(target)}
    drew = draws_on_up(rank, target, draw_left)
    code = "draws" if drew else "not_below" if rank >= target else "empty"
    return drew, Ruling("R-Y-UP", f"yishang.why.up.{code}", params)


@dataclass(frozen=True, slots=True)
class Claim:
    """A face-down play waiting for the challenge window (R-Y-DOWN)."""

    player: int
    card: Card
    declared: int
    omitted: bool
    target_before: int

    @property
    def is_bluff(self) -> bool:
        """Would a challenge succeed? (R-Y-DOWN: rank differs from the
        declaration or is below the target before the play.)"""
        r = yrank(self.card)
        return r != self.declared or r < self.target_before

    def ruling(self) -> tuple[bool, Ruling]:
        """R-Y-DOWN: whether a challenge succeeds (:attr:`is_bluff`) and why:
        the card is not the declared rank, or it is but below the target
        before the play, or the claim is true (``yishang.why.down.*``; under
        ``omitted.`` when nothing was declared and the claim counts as 3)."""
        r = yrank(self.card)
        params = {"card": rank_name(r), "declared": rank_name(self.declared),
                  "target": rank_name(self.target_before)}
        code = "differs" if r != self.declared else "below" if r < self.target_before else "true"
        if self.omitted:
            code = "omitted." + code
        return self.is_bluff, Ruling("R-Y-DOWN", f"yishang.why.down.{code}", params)

    def accepted(self) -> Ruling:
        """R-Y-TARGET: nobody challenges, so the claim stands as its declared rank."""
        return Ruling("R-Y-TARGET", "yishang.why.down.accepted",
                      {"card": rank_name(yrank(self.card)), "declared": rank_name(self.declared)})


class Game:
    """A game of 一上一下 for 2–4 players (R-Y-SETUP … R-Y-STALL)."""

    def __init__(self, players: int = 4, seed: int | None = 0,
                 options: Mapping[str, Any] | None = None,
                 deal: tuple[Sequence[Sequence[Card]], Sequence[Card], int] | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int) \
                or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise YishangError(f"yishang takes 2 to 4 players, not {players}",
                               code="yishang.error.players", players=players)
        if deal is None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise YishangError(f"the seed must be a whole number, not {seed!r}",
                               code="yishang.error.seed", seed=seed)
        self.options: dict[str, Any] = dict(options or {})
        self.rules: Rules = preset("yishang", self.options)
        self.players = players
        self.seed = seed
        self.log: list[dict[str, Any]] = []
        if deal is None:
            rng = random.Random(seed)
            self.first = self._cut(rng)
            pack = list(PACK)
            rng.shuffle(pack)
            self._hands: list[list[Card]] = [pack[i * HAND_SIZE:(i + 1) * HAND_SIZE]
                                             for i in range(players)]
            self._draw: list[Card] = pack[players * HAND_SIZE:]   # the top card is the last one
        else:
            self.seed = None
            hands, draw, first = deal
            _check_deal(players, hands, draw, first)
            self.first = first
            self._hands = [list(h) for h in hands]
            self._draw = list(draw)
        self.log.append({"op": "deal", "first": self.first,
                         "hands": [_fmt(h) for h in self._hands], "draw": _fmt(self._draw)})
        self._pile: list[PileCard] = []
        self.turn = self.first
        self.face_up = True          # R-Y-FACE: the first play is face up
        self.target = LOWEST         # R-Y-TARGET
        self.phase = PLAY
        self.claim: Claim | None = None
        self.plays = 0
        self.winners: tuple[int, ...] = ()
        self.end_reason = ""
        # Public knowledge: cards everybody knows to be in a player's hand
        # (face-up or revealed cards of a pile they took), cards known to be
        # in a player's hand or among their face-down cards of the pile (a
        # known card may be the one a face-down play that stood put there),
        # and what challenges revealed about each player's claims.
        self._known: list[set[Card]] = [set() for _ in range(players)]
        self._placed: list[set[Card]] = [set() for _ in range(players)]
        # Private knowledge: ``_mine[x][y]``, the cards ``x`` played face
        # down that went, unrevealed, into ``y``'s hand with a pile (only
        # ``x`` knows them), and ``_mine_placed[x][y]``, those that may since
        # be among ``y``'s face-down cards (as ``_placed`` for public
        # knowledge).  A hint counted such a card among the cards its
        # learner "cannot see" (a walk).
        self._mine: list[list[set[Card]]] = [[set() for _ in range(players)] for _ in range(players)]
        self._mine_placed: list[list[set[Card]]] = [[set() for _ in range(players)]
                                                    for _ in range(players)]
        self.revealed_truths = [0] * players
        self.revealed_bluffs = [0] * players
        self.claims_made = [0] * players
        self.claims_challenged = 0
        self.claims_total = 0
        self.challenges_made = [0] * players

    @classmethod
    def from_deal(cls, hands: Sequence[Sequence[Card]], draw: Sequence[Card] = (), first: int = 0,
                  options: Mapping[str, Any] | None = None) -> Game:
        """A game from a given deal instead of a seed (lessons, puzzles, tests):
        the hands, the draw pile (its top card last) and the first player.
        Together they must hold the 52 cards once each.

        >>> from solver.cards import parse_cards
        >>> g = Game.from_deal([parse_cards("8S 2H"), parse_cards("10S 7D")],
        ...                    [c for c in PACK if str(c) not in ("8S", "2H", "10S", "7D")])
        >>> g.turn, g.draw_size
        (0, 48)
        """
        return cls(len(hands), None, options, deal=(hands, draw, first))

    # ------------------------------------------------------------------ setup
    def _cut(self, rng: random.Random) -> int:
        """R-Y-SETUP: each contender cuts a card; the highest rank starts,
        ties among the highest cut again."""
        contenders = list(range(self.players))
        while True:
            pack = list(PACK)
            rng.shuffle(pack)
            cards: list[str | None] = [None] * self.players
            for i, p in enumerate(contenders):
                cards[p] = str(pack[i])
            self.log.append({"op": "cut", "cards": cards})
            contenders = [contenders[i] for i in cut_leaders(pack[:len(contenders)])]
            if len(contenders) == 1:
                return contenders[0]

    # ------------------------------------------------------------- accessors
    def hand(self, player: int) -> list[Card]:
        """A copy of ``player``'s hand."""
        return list(self._hands[player])

    def hand_size(self, player: int) -> int:
        return len(self._hands[player])

    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self._hands]

    @property
    def draw_size(self) -> int:
        return len(self._draw)

    @property
    def pile(self) -> tuple[PileCard, ...]:
        return tuple(self._pile)

    @property
    def pile_size(self) -> int:
        return len(self._pile)

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def next_player(self, player: int) -> int:
        return (player + 1) % self.players

    def responders(self) -> list[int]:
        """The players who may challenge the pending claim, in priority order
        (the next in turn order after the claimer first, R-Y-DOWN)."""
        if self.claim is None:
            return []
        p = self.claim.player
        return [(p + i) % self.players for i in range(1, self.players)]

    def known_cards(self, player: int) -> list[Card]:
        """Cards everybody knows to be in ``player``'s hand: the face-up cards
        and the card a challenge revealed (R-Y-DOWN) of the piles they took,
        not played since.  While a face-down claim of ``player`` waits, the
        cards known to be in their hand before that play (one of them may be
        the card played).  A face-down play that stands leaves each of them
        where it may be the card played, so they move to
        :meth:`placed_cards` (R-Y-DOWN: an unchallenged card is never turned
        over).

        >>> from solver.cards import parse_cards
        >>> g = Game.from_deal([parse_cards("5S 4S 9H"), parse_cards("6D 7D 8D")],
        ...                    [c for c in PACK if str(c) not in ("5S", "4S", "9H", "6D", "7D", "8D")])
        >>> g.play_up(parse_cards("5S")[0]); g.play_down(parse_cards("6D")[0], 9); g.challenge(0)
        >>> sorted(map(str, g.known_cards(1)))   # player 1 took the pile: 5S face up, 6D revealed
        ['5S', '6D']
        """
        return list(self._known[player])

    def placed_cards(self, player: int) -> list[Card]:
        """Cards everybody knows to be in ``player``'s hand or among their
        face-down cards of the pile, but not which: cards of
        :meth:`known_cards` when a face-down play of theirs stood.  When the
        pile is taken they are known again if ``player`` took it, else
        nobody can place them (they may be in either hand)."""
        return list(self._placed[player])

    def known_to(self, observer: int, player: int) -> list[Card]:
        """Cards ``observer`` knows to be in ``player``'s hand: the public
        ones (:meth:`known_cards`) and the observer's own face-down cards
        that went there with a pile, unrevealed (only the observer knows
        them; R-Y-DOWN: a challenge turns over the challenged card only)."""
        if observer == player:
            return list(self._hands[player])
        return list(self._known[player] | self._mine[observer][player])

    def seen_by(self, observer: int, exclude: int | None = None) -> list[Card]:
        """Cards outside ``observer``'s hand whose place ``observer`` knows
        and that are not in ``exclude``'s hand: the face-up cards of the pile,
        the observer's own face-down cards in it, and the cards publicly known
        in the other players' hands or among their face-down cards
        (:meth:`known_cards`, :meth:`placed_cards`; but ``exclude``'s).  The
        pending claim's card is not included."""
        out: list[Card] = []
        claim_card = self.claim.card if self.claim is not None else None
        for i, pc in enumerate(self._pile):
            if pc.face_up or (pc.player == observer
                              and not (claim_card is not None and i == len(self._pile) - 1)):
                out.append(pc.card)
        for p in range(self.players):
            if p != observer and p != exclude:
                out.extend(self._known[p])
                out.extend(self._placed[p])
                out.extend(self._mine[observer][p])
                out.extend(self._mine_placed[observer][p])
        return out

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position (for replay equality)."""
        return (tuple(tuple(h) for h in self._hands), tuple(self._draw), tuple(self._pile),
                self.turn, self.face_up, self.target, self.phase, self.claim, self.plays,
                self.winners, self.end_reason)

    # --------------------------------------------------------------- checks
    def _verify_turn(self, player: int | None, face_up: bool) -> None:
        if self.phase == OVER:
            raise IllegalActionError("the game is over", code="yishang.error.game_over",
                                     rule="R-Y-WIN")
        if self.phase == CHALLENGE:
            raise IllegalActionError("a face-down claim waits for a challenge or acceptance",
                                     code="yishang.error.claim_pending", rule="R-Y-DOWN")
        if player is not None and player != self.turn:
            raise IllegalActionError(f"it is player {self.turn}'s turn, not {player}'s",
                                     code="yishang.error.not_your_turn", rule="R-Y-FACE",
                                     player=player, turn=self.turn)
        if self.face_up != face_up:
            code = "yishang.error.must_play_up" if self.face_up else "yishang.error.must_play_down"
            raise IllegalActionError("wrong face for this play", code=code, rule="R-Y-FACE")

    def _verify_card(self, card: Card, rule: str) -> None:
        if card not in self._hands[self.turn]:
            raise IllegalActionError(f"{card} is not in the hand", code="yishang.error.not_in_hand",
                                     rule=rule, card=str(card))

    # ------------------------------------------------------------ face up
    def verify_play_up(self, card: Card, player: int | None = None) -> None:
        """R-Y-FACE, R-Y-UP: a face-up play needs a face-up turn and a card in hand."""
        self._verify_turn(player, True)
        self._verify_card(card, "R-Y-UP")

    def can_play_up(self, card: Card, player: int | None = None) -> bool:
        try:
            self.verify_play_up(card, player)
        except IllegalActionError:
            return False
        return True

    def play_up(self, card: Card, player: int | None = None) -> None:
        """Play ``card`` face up (R-Y-UP): the target becomes its rank; below
        the old target the player draws one card if the draw pile has any."""
        self.verify_play_up(card, player)
        p = self.turn
        hand = self._hands[p]
        hand.remove(card)
        r = yrank(card)
        drew: Card | None = None
        if draws_on_up(r, self.target, len(self._draw)):
            drew = self._draw.pop()
            hand.append(drew)
        self._known[p].discard(card)
        self._placed[p].discard(card)
        for mine in (self._mine, self._mine_placed):
            for x in range(self.players):
                mine[x][p].discard(card)
        self._pile.append(PileCard(card, True, r, p))
        self.target = r
        self.face_up = False
        self.plays += 1
        self.log.append({"op": "up", "player": p, "card": str(card),
                         "drew": None if drew is None else str(drew)})
        if not hand:
            self._finish([p], "win")                       # R-Y-WIN
        else:
            self.turn = self.next_player(p)
            self._check_stall()

    # ----------------------------------------------------------- face down
    def verify_play_down(self, card: Card, declared: int | None = None,
                         player: int | None = None) -> None:
        """R-Y-FACE, R-Y-DOWN: a face-down play needs a face-down turn, a card
        in hand and a declaration that is a rank (or none: it counts as 3)."""
        self._verify_turn(player, False)
        self._verify_card(card, "R-Y-DOWN")
        if declared is not None and (isinstance(declared, bool) or declared not in RANKS):
            raise IllegalActionError(f"bad declaration {declared!r}", code="yishang.error.bad_declared",
                                     rule="R-Y-DOWN", declared=str(declared))

    def can_play_down(self, card: Card, declared: int | None = None, player: int | None = None) -> bool:
        try:
            self.verify_play_down(card, declared, player)
        except IllegalActionError:
            return False
        return True

    def play_down(self, card: Card, declared: int | None = None, player: int | None = None) -> None:
        """Play ``card`` face down declaring ``declared`` (None: the
        declaration was forgotten and counts as 3, R-Y-DOWN).  The claim then
        waits for :meth:`challenge` or :meth:`accept`."""
        self.verify_play_down(card, declared, player)
        p = self.turn
        self._hands[p].remove(card)
        d = LOWEST if declared is None else declared
        self.claim = Claim(p, card, d, declared is None, self.target)
        self._pile.append(PileCard(card, False, d, p))
        self.phase = CHALLENGE
        self.plays += 1
        self.claims_made[p] += 1
        self.claims_total += 1
        self.log.append({"op": "down", "player": p, "card": str(card),
                         "declared": None if declared is None else rank_name(declared)})

    # ------------------------------------------------------------ challenge
    def verify_challenge(self, *players: int) -> None:
        """R-Y-DOWN: only the other players may challenge a pending claim,
        each at most once."""
        if self.phase != CHALLENGE or self.claim is None:
            raise IllegalActionError("there is no face-down claim to challenge",
                                     code="yishang.error.no_claim", rule="R-Y-DOWN")
        if not players:
            raise IllegalActionError("nobody challenges", code="yishang.error.no_challenger",
                                     rule="R-Y-DOWN")
        allowed = self.responders()
        if len(set(players)) != len(players):
            raise IllegalActionError("a player challenges twice", code="yishang.error.challenge_twice",
                                     rule="R-Y-DOWN")
        for q in players:
            if q not in allowed:
                raise IllegalActionError(f"player {q} may not challenge this claim",
                                         code="yishang.error.not_responder", rule="R-Y-DOWN", player=q)

    def can_challenge(self, *players: int) -> bool:
        try:
            self.verify_challenge(*players)
        except IllegalActionError:
            return False
        return True

    def challenger_of(self, players: Iterable[int]) -> int:
        """R-Y-DOWN: of several simultaneous challengers, the first in turn
        order after the claimer is the only one."""
        order = self.responders()
        return min(players, key=order.index)

    def challenge(self, *players: int) -> None:
        """One or more players challenge the pending claim at once; the first
        in turn order after the claimer challenges (R-Y-DOWN).  The card is
        revealed; the loser takes the whole pile and leads face up with the
        target back at 3 (R-Y-FACE, R-Y-TARGET)."""
        self.verify_challenge(*players)
        claim = self.claim
        assert claim is not None
        chooser = self.challenger_of(players)
        success = claim.is_bluff
        taker = claim.player if success else chooser
        self.challenges_made[chooser] += 1
        self.claims_challenged += 1
        if success:
            self.revealed_bluffs[claim.player] += 1
        else:
            self.revealed_truths[claim.player] += 1
        taken = self._pickup(taker)
        self.log.append({"op": "challenge", "players": list(players), "challenger": chooser,
                         "revealed": str(claim.card), "success": success, "taker": taker,
                         "taken": taken})
        if not success and not self._hands[claim.player]:
            self._finish([claim.player], "win")             # R-Y-WIN
        else:
            self.turn = taker
            self._check_stall()

    def verify_accept(self) -> None:
        if self.phase != CHALLENGE or self.claim is None:
            raise IllegalActionError("there is no face-down claim to accept",
                                     code="yishang.error.no_claim", rule="R-Y-DOWN")

    def can_accept(self) -> bool:
        return self.phase == CHALLENGE

    def accept(self) -> None:
        """Nobody challenges: the claim is established, the target becomes the
        declared rank and the next player plays face up (R-Y-TARGET, R-Y-FACE)."""
        self.verify_accept()
        claim = self.claim
        assert claim is not None
        self.target = claim.declared
        self.face_up = True
        self.phase = PLAY
        self.claim = None
        # The card stays face down (R-Y-DOWN): any known card of the claimer
        # may be the one played, so none is known to be in their hand.
        self._placed[claim.player] |= self._known[claim.player]
        self._known[claim.player].clear()
        for x in range(self.players):
            self._mine_placed[x][claim.player] |= self._mine[x][claim.player]
            self._mine[x][claim.player].clear()
        self.log.append({"op": "accept"})
        if not self._hands[claim.player]:
            self._finish([claim.player], "win")             # R-Y-WIN
        else:
            self.turn = self.next_player(claim.player)
            self._check_stall()

    # ------------------------------------------------------------ internals
    def _pickup(self, taker: int) -> int:
        """The pending claim's player or its challenger takes the whole pile
        (R-Y-DOWN).  Only the challenged card is turned over: the taker is
        known to hold it, the pile's face-up cards and whatever they had
        placed face down; a claimer who does not take the pile keeps the
        rest of their known cards (the card played was the revealed one);
        another player's face-down cards went to the taker, so their placed
        cards could be in either hand."""
        pile = self._pile
        claim = self.claim
        assert claim is not None
        known = self._known[taker]
        known |= self._placed[taker]
        self._placed[taker].clear()
        givers = {pc.player for pc in pile if not pc.face_up and pc.player != taker}
        for p in givers:
            self._placed[p].clear()
        self._known[claim.player].discard(claim.card)
        # the same for what each player alone knows; and each player's own
        # face-down cards, but the one turned over, go to the taker known
        # to their player only
        for x in range(self.players):
            self._mine[x][taker] |= self._mine_placed[x][taker]
            self._mine_placed[x][taker].clear()
            for p in givers:
                self._mine_placed[x][p].clear()
            self._mine[x][claim.player].discard(claim.card)
        for i, pc in enumerate(pile):
            if not pc.face_up and pc.player != taker and i != len(pile) - 1:
                self._mine[pc.player][taker].add(pc.card)
        known.add(claim.card)
        known.update(pc.card for pc in pile if pc.face_up)
        self._hands[taker].extend(pc.card for pc in pile)
        n = len(pile)
        self._pile = []
        self.target = LOWEST
        self.face_up = True
        self.phase = PLAY
        self.claim = None
        return n

    def _check_stall(self) -> None:
        """R-Y-STALL: with the draw pile empty, ``yishang_max_plays`` plays
        without a winner end the game: the fewest cards win (ties share).
        A table that never draws can keep the pile full and cycle forever,
        so ``yishang_stall_hard_factor`` × the limit plays (default 2; 0
        turns it off) end the game the same way, draw pile or not."""
        limit = self.rules.yishang_max_plays
        hard = self.rules.yishang_stall_hard_factor
        if self.plays >= limit and (not self._draw or (hard > 0 and self.plays >= hard * limit)):
            self._finish(stall_winners(self.hand_sizes()), "stall")

    def _finish(self, winners: Sequence[int], reason: str) -> None:
        self.phase = OVER
        self.winners = tuple(winners)
        self.end_reason = reason
        self.claim = None
        self.log.append({"op": "end", "winners": list(winners), "reason": reason})

    # -------------------------------------------------------------- history
    def to_history(self) -> dict[str, Any]:
        """JSON-ready history: replaying it gives the same state."""
        return {"game": "yishang", "version": 1, "players": self.players, "seed": self.seed,
                "options": dict(self.options), "log": [dict(r) for r in self.log]}

    @classmethod
    def from_history(cls, data: Any) -> Game:
        """Replay a saved history, checking every record; the first bad one
        raises :class:`HistoryError` with its index (-1: the header)."""
        if not isinstance(data, Mapping):
            raise HistoryError("not an object", index=-1, detail="header")
        if data.get("game", "yishang") != "yishang":
            raise HistoryError("not a yishang history", index=-1, detail="game")
        log = data.get("log")
        if not isinstance(log, list):
            raise HistoryError("no log", index=-1, detail="log")
        options = data.get("options") or {}
        if not isinstance(options, Mapping):
            raise HistoryError("bad options", index=-1, detail="options")
        try:
            if data.get("seed") is None:
                deal = log[0] if log and isinstance(log[0], Mapping) else {}
                hands = [_cards(h) for h in deal["hands"]]
                game = cls.from_deal(hands, _cards(deal["draw"]), deal["first"], options)
            else:
                game = cls(data.get("players"), data.get("seed"), options)  # type: ignore[arg-type]
        except (KeyError, TypeError) as err:
            raise HistoryError(f"bad deal: {err}", index=0, detail="deal") from None
        except SolverError as err:
            raise HistoryError(str(err), index=-1, detail=err.code) from None
        for i, rec in enumerate(log):
            if not isinstance(rec, Mapping):
                raise HistoryError("not an object", index=i, detail="record")
            if i >= len(game.log):
                try:
                    game._apply(rec)
                except SolverError as err:
                    raise HistoryError(str(err), index=i, detail=err.code) from None
                except (KeyError, TypeError, ValueError) as err:
                    raise HistoryError(f"malformed record: {err}", index=i, detail="malformed") from None
            if i >= len(game.log) or game.log[i] != dict(rec):
                raise HistoryError("record does not match the replay", index=i, detail="mismatch")
        if len(game.log) > len(log):
            raise HistoryError("the history stops early", index=len(log), detail="missing")
        return game

    def _apply(self, rec: Mapping[str, Any]) -> None:
        op = rec.get("op")
        if op == "up":
            self.play_up(_card(rec["card"]), rec["player"])
        elif op == "down":
            d = rec["declared"]
            self.play_down(_card(rec["card"]), None if d is None else parse_rank(d), rec["player"])
        elif op == "challenge":
            players = rec["players"]
            if not isinstance(players, list) or not all(isinstance(x, int) for x in players):
                raise TypeError("players")
            self.challenge(*players)
        elif op == "accept":
            self.accept()
        else:
            raise ValueError(f"unknown op {op!r}")


def cut_leaders(cuts: Sequence[Card]) -> list[int]:
    """R-Y-SETUP: the indices of the highest cut cards (one index: that
    player starts; more: they cut again).

    >>> from solver.cards import parse_cards
    >>> cut_leaders(parse_cards("8S 2H AD")), cut_leaders(parse_cards("KS KH 3D"))
    ([1], [0, 1])
    """
    best = max(yrank(c) for c in cuts)
    return [i for i, c in enumerate(cuts) if yrank(c) == best]


def stall_winners(hand_sizes: Sequence[int]) -> list[int]:
    """R-Y-STALL: the players holding the fewest cards (ties share the win)."""
    low = min(hand_sizes)
    return [p for p, n in enumerate(hand_sizes) if n == low]


def _fmt(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _check_deal(players: int, hands: Sequence[Sequence[Card]], draw: Sequence[Card], first: int) -> None:
    seen: set[Card] = set()
    for c in [c for h in hands for c in h] + list(draw):
        if c not in PACK or c in seen:
            raise YishangError(f"{c} is dealt twice or is not in the pack",
                               code="yishang.error.duplicate_card", card=str(c))
        seen.add(c)
    if len(seen) != len(PACK):
        raise YishangError("a deal must hold the 52 cards", code="yishang.error.incomplete_deal",
                           count=len(seen))
    if any(not h for h in hands):
        raise YishangError("every player needs a card", code="yishang.error.empty_hand")
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise YishangError(f"no player {first}", code="yishang.error.players", players=first)


def _cards(text: Any) -> list[Card]:
    if not isinstance(text, str):
        raise TypeError("cards")
    return [Card.parse(t) for t in text.split()]


def _card(token: Any) -> Card:
    if not isinstance(token, str):
        raise TypeError("card")
    return Card.parse(token)
