"""Exact search of full-information positions (issue 6).

The value of a position is the attackers' final total under best play by
both sides: points already won, plus the points of the tricks still to
play (R-TRICK-POINTS), plus the kitty bonus when the attackers win the last
trick (R-KITTY).  Attackers maximize, the dealer team (dealer and
dealer + 2) minimizes.

:class:`Solver` runs alpha-beta over the plays of each trick with

* a transposition table at trick boundaries (key: leader and the four
  hands; entry: bounds of the points still to come and the best lead);
* card equivalence: faces that the mover holds once, of one effective
  suit and the same points, with no card of another player at or between
  their ladder positions, are interchangeable, so plays that differ only
  by such faces are searched once;
* move ordering (the table's best lead first; followers try to win cheaply
  or feed points to a partner who wins);
* bounds from the points left (a position with no points left and an
  empty kitty is worth nothing more);
* zero-window searches (:meth:`Solver.at_least`) for the outcome brackets
  of R-LEVELS.

:func:`minimax` is the plain reference: every legal play, no table, no
pruning.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from solver.bits import packed_indices
from solver.search.model import (POINTS, TRUMP_SUIT, Hand, Hands, LeadReply, Moves, Play, Reply,
                                 Table, remove)

INF: Final = 1 << 30
#: Entries kept in a move-list memo before it is cleared.
MEMO_LIMIT: Final = 200_000

#: A searched play: the cards, the hand they leave, their points, whether
#: it wins the trick so far.
_Move = tuple[Play, Hand, int, bool]
#: A follow kept per lead key and hand: the play, its ordering keys when its
#: side wins the trick and when the other side does, its move entries when
#: it does not take the trick and when it does.
_Row = tuple[Play, int, int, _Move, _Move]


class SearchTimeout(Exception):
    """The solver's deadline passed (the table keeps what was finished)."""


@dataclass(frozen=True, slots=True)
class State:
    """A full-information position in compact form.

    ``hands`` are the seats' current cards, ``leader`` led the current
    trick, ``trick`` holds the plays made so far in it (from the leader),
    ``points`` the attackers' points already won, ``dealer`` fixes the
    teams, ``kitty_points`` the points in the kitty.
    """

    hands: Hands
    leader: int
    trick: tuple[Play, ...] = ()
    points: int = 0
    dealer: int = 0
    kitty_points: int = 0

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def is_attacker(self, seat: int) -> bool:
        return (seat - self.dealer) % 2 == 1

    @property
    def over(self) -> bool:
        return not self.trick and not any(self.hands)


@dataclass(slots=True)
class Stats:
    nodes: int = 0
    tt_hits: int = 0
    tt_stores: int = 0


#: A table entry: bounds of the points still to come, and the best lead.
_Entry = tuple[int, int, Play | None]


@dataclass(slots=True)
class Solver:
    """Alpha-beta solver for one trump context (``table``), one legal-move
    source (``moves``) and one deal's teams and kitty.  Reuse one solver
    for many positions of the same hand: the table is kept."""

    table: Table
    moves: Moves
    dealer: int = 0
    kitty_points: int = 0
    equivalence: bool = True
    use_tt: bool = True
    #: ``time.perf_counter()`` value after which a search raises :class:`SearchTimeout`.
    deadline: float | None = None
    stats: Stats = field(default_factory=Stats)
    tt: dict[tuple[int, Hands], _Entry] = field(default_factory=dict)
    #: Seats that follow by ``reply`` and lead by ``lead_reply`` (an opponent
    #: model) instead of being searched; the value is then the best against
    #: that policy.  Both must be functions of the position (the table
    #: stores values by position).
    reply: Reply | None = None
    lead_reply: LeadReply | None = None
    modeled: frozenset[int] = frozenset()
    _att: tuple[bool, ...] = field(init=False, default=())
    #: Move lists: a follower's by its key (:meth:`_follows_at`), a leader's
    #: with the lead list it was built from (:meth:`_leads_at`).
    _memo: dict[tuple[object, ...], Any] = field(
        init=False, default_factory=dict)
    _removed: dict[tuple[Hand, Play], Hand] = field(init=False, default_factory=dict)
    _points: dict[Play, int] = field(init=False, default_factory=dict)
    #: Per (lead key, hand): each follow's row (:meth:`_follow_rows`).
    _bases: dict[tuple[object, Hand], tuple[_Row, ...]] = field(init=False, default_factory=dict)
    _follows: Callable[[Play, Hand], Sequence[Play]] = field(init=False)
    _hand_info: dict[Hand, tuple[int, int]] = field(init=False, default_factory=dict)
    _eq: bool = field(init=False, default=True)
    _suit_of: tuple[int, ...] = field(init=False, default=())
    #: The kitty bonus's bound per number of cards per player.
    _kitty_bound: tuple[int, ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        self._att = tuple((s - self.dealer) % 2 == 1 for s in range(4))
        # Inside the search the order of the follows does not matter (they
        # are ordered here): a move source may offer a faster unordered set.
        self._follows = getattr(self.moves, "search_follows", self.moves.follows)
        self._hand_info = self.table.hand_infos
        self._eq = self.equivalence
        self._suit_of = self.table.suit
        self._kitty_bound = tuple(self.kitty_points * m for m in self.table.max_mults)
        # Move lists, hands after a play and points are shared by every
        # solver of the same table, move source and equivalence setting.
        self._memo, self._removed, self._points, self._bases = self.table.search_memos(
            self.moves, self.equivalence)

    # -- public API ---------------------------------------------------------

    def value(self, state: State) -> int:
        """The attackers' final total under best play by both sides."""
        self._check(state, over_ok=True)
        if state.over:
            return state.points
        return state.points + self._node(state.hands, state.leader, state.trick, -INF, INF)

    def at_least(self, state: State, threshold: int) -> bool:
        """Zero-window test: can the attackers reach ``threshold`` points?"""
        self._check(state, over_ok=True)
        need = threshold - state.points
        if state.over:
            return need <= 0
        v = self._node(state.hands, state.leader, state.trick, need - 1, need)
        return v >= need

    def bracket(self, state: State, thresholds: Sequence[int]) -> int:
        """How many of the sorted ``thresholds`` the attackers reach, found
        by binary search with zero-window tests (no exact value needed)."""
        lo, hi = 0, len(thresholds)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.at_least(state, thresholds[mid]):
                lo = mid + 1
            else:
                hi = mid
        return lo

    def root_moves(self, state: State) -> tuple[Play, ...]:
        """Distinct legal plays of the player to move."""
        seat = state.to_move
        hand = state.hands[seat]
        if state.trick:
            return tuple(self.moves.follows(state.trick[0], hand))
        others = _others(state.hands, seat)
        return tuple(self.moves.leads(hand, others))

    def after(self, state: State, play: Play) -> State:
        """The position after the player to move plays ``play``."""
        seat = state.to_move
        hands = _with(state.hands, seat, remove(state.hands[seat], play))
        trick = state.trick + (play,)
        if len(trick) < 4:
            return replace(state, hands=hands, trick=trick)
        w = (state.leader + self.table.winner(trick)) % 4
        gain = 0
        if self._att[w]:
            gain = sum(POINTS[f] for p in trick for f in p)
            if not any(hands):
                gain += self.kitty_points * self.table.multiplier(trick[0])
        return replace(state, hands=hands, leader=w, trick=(), points=state.points + gain)

    def analyse(self, state: State) -> list[tuple[Play, int]]:
        """Every distinct legal play with its exact value, best first for the
        player to move.  Equivalent plays share one search."""
        self._check(state)
        seat = state.to_move
        moves = self.root_moves(state)
        classes = (equivalence_classes(self.table, state.hands, seat, state.trick)
                   if self.equivalence else None)
        done: dict[object, int] = {}
        out: list[tuple[Play, int]] = []
        for m in moves:
            sig: object = _signature(m, classes) if classes is not None else m
            v = done.get(sig)
            if v is None:
                v = self.value(self.after(state, m))
                done[sig] = v
            out.append((m, v))
        maximize = self._att[seat]
        out.sort(key=lambda mv: -mv[1] if maximize else mv[1])
        return out

    def best(self, state: State) -> tuple[Play, int]:
        """The best play for the player to move and the position's value."""
        self._check(state)
        seat = state.to_move
        maximize = self._att[seat]
        best_move: Play | None = None
        best_v = -INF if maximize else INF
        moves = self._ordered(state.hands, state.leader, state.trick, seat,
                              self._dedupe(state.hands, seat, state.trick, self.root_moves(state)))
        for m in moves:
            nxt = self.after(state, m)
            if maximize:
                if best_move is None:
                    v = self.value(nxt)
                else:  # only an improvement matters: zero-window first
                    if not self.at_least(nxt, best_v + 1):
                        continue
                    v = self.value(nxt)
                if best_move is None or v > best_v:
                    best_move, best_v = m, v
            else:
                if best_move is None:
                    v = self.value(nxt)
                else:
                    if self.at_least(nxt, best_v):
                        continue
                    v = self.value(nxt)
                if best_move is None or v < best_v:
                    best_move, best_v = m, v
        assert best_move is not None
        return best_move, best_v

    # -- search -------------------------------------------------------------

    def _check(self, state: State, over_ok: bool = False) -> None:
        if state.dealer != self.dealer or state.kitty_points != self.kitty_points:
            raise ValueError("state does not belong to this solver's deal")
        if state.over and not over_ok:
            raise ValueError("the hand is over")

    def _node(self, hands: Hands, leader: int, trick: tuple[Play, ...], alpha: int,
              beta: int) -> int:
        pts = self._pts
        left = pts(hands[0]) + pts(hands[1]) + pts(hands[2]) + pts(hands[3])
        if not trick:
            return self._boundary(hands, leader, left, alpha, beta)
        tpts = 0
        live = self._live(hands)
        for p in trick:
            tpts += pts(p)
            live += packed_indices(p)
        return self._play(hands, leader, trick, self.table.winner(trick), tpts, left, live,
                          alpha, beta, None)

    def _live(self, hands: Hands) -> int:
        """The packed multiset (:mod:`solver.bits`) of the cards in hands."""
        infos = self._hand_info
        live = 0
        for h in hands:
            got = infos.get(h)
            live += (got if got is not None else self.table.hand_info(h))[0]
        return live

    def _boundary(self, hands: Hands, leader: int, left: int, alpha: int, beta: int) -> int:
        """Points still to come from a trick boundary, fail-soft in (alpha, beta);
        ``left`` is the points the hands hold."""
        n = len(hands[leader])
        if n == 0:
            return 0
        kb = self._kitty_bound
        upper = left + (kb[n] if n < len(kb) else self.kitty_points * self.table.max_multiplier(n))
        if upper == 0:
            return 0
        if upper <= alpha:
            return upper
        if beta <= 0:
            return 0
        entry: _Entry | None = None
        key = (leader, hands)
        if self.use_tt:
            entry = self.tt.get(key)
            if entry is not None:
                self.stats.tt_hits += 1
                lo, hi = entry[0], entry[1]
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
        if n == 1 and len(hands[leader ^ 1]) == len(hands[leader ^ 2]) == len(
                hands[leader ^ 3]) == 1:
            v = self._last_trick(hands, leader)
            if self.use_tt:
                self.tt[key] = (v, v, hands[leader])
                self.stats.tt_stores += 1
            return v
        a0, b0 = alpha, beta
        best_box: list[Play | None] = [entry[2] if entry is not None else None]
        v = self._play(hands, leader, (), 0, 0, left, self._live(hands), alpha, beta, best_box)
        if self.use_tt:
            lo, hi = (entry[0], entry[1]) if entry is not None else (0, upper)
            if v <= a0:
                hi = min(hi, v)
            elif v >= b0:
                lo = max(lo, v)
            else:
                lo = hi = v
            self.tt[key] = (lo, hi, best_box[0])
            self.stats.tt_stores += 1
        return v

    def _last_trick(self, hands: Hands, leader: int) -> int:
        """The last trick, one card each: every play is forced (a modelled
        seat has no other play either), so it is resolved directly; its
        four plays count as four nodes, as when they were searched."""
        stats = self.stats
        before = stats.nodes
        stats.nodes = before + 4
        if self.deadline is not None and before >> 7 != (before + 4) >> 7 \
                and time.perf_counter() > self.deadline:
            raise SearchTimeout()
        # Table.winner of four singles (Table.takes between singles), inlined.
        suit, pos = self._suit_of, self.table.pos
        b = hands[leader][0]
        w = leader
        for s in ((leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3):
            f = hands[s][0]
            if pos[f] > pos[b] if suit[f] == suit[b] else suit[f] == TRUMP_SUIT:
                b, w = f, s
        if not self._att[w]:
            return 0
        return (POINTS[hands[0][0]] + POINTS[hands[1][0]] + POINTS[hands[2][0]]
                + POINTS[hands[3][0]] + self.kitty_points * self.table.multiplier(hands[leader]))

    def _play(self, hands: Hands, leader: int, trick: tuple[Play, ...], win: int, tpts: int,
              left: int, live: int, alpha: int, beta: int,
              best_box: list[Play | None] | None) -> int:
        """Points from this trick on (cards already in ``trick`` included);
        ``win`` is the index of the play winning ``trick`` so far, ``tpts``
        the points in ``trick``, ``left`` the points in hands, ``live`` the
        packed multiset (:mod:`solver.bits`) of the cards in hands and in
        ``trick``."""
        stats = self.stats
        stats.nodes += 1
        if self.deadline is not None and not stats.nodes & 127 \
                and time.perf_counter() > self.deadline:
            raise SearchTimeout()
        n = len(trick)
        seat = (leader + n) & 3
        moves: Sequence[_Move]
        if self.modeled and seat in self.modeled and (
                (trick and self.reply is not None) or (not trick and self.lead_reply is not None)):
            moves = self._modeled_moves(hands, leader, trick, seat, win, live)
        else:
            hand = hands[seat]
            info = self._hand_info.get(hand)
            if info is None:
                info = self.table.hand_info(hand)
            rel = (live - info[0]) & info[1] if self._eq else 0
            if trick:
                lead = trick[0]
                key = (lead if len(lead) > 1 else self._suit_of[lead[0]], trick[win],
                       (n - win) & 1, hand, rel)
                hit = self._memo.get(key)
                moves = hit if hit is not None else self._follows_at(
                    key, trick, win, hand, info[1], rel)
            else:
                moves = self._leads_at(hands, seat, info[1], rel)
        if best_box is not None and len(moves) > 1:
            first = best_box[0]
            if first is not None:
                for i, mv in enumerate(moves):
                    if mv[0] == first:
                        if i:
                            moves = [mv] + [x for x in moves if x[0] != first]
                        break
        att = self._att
        maximize = att[seat]
        best = -INF if maximize else INF
        best_move: Play | None = None
        for m, nh, pts, beats in moves:
            if seat == 0:
                new_hands = (nh, hands[1], hands[2], hands[3])
            elif seat == 1:
                new_hands = (hands[0], nh, hands[2], hands[3])
            elif seat == 2:
                new_hands = (hands[0], hands[1], nh, hands[3])
            else:
                new_hands = (hands[0], hands[1], hands[2], nh)
            if n == 3:
                # The trick is complete.
                w = (leader + (3 if beats else win)) & 3
                gain = 0
                if att[w]:
                    gain = tpts + pts
                    if not new_hands[w]:
                        gain += self.kitty_points * self.table.multiplier(trick[0])
                v = gain + self._boundary(new_hands, w, left - pts, alpha - gain, beta - gain)
            else:
                v = self._play(new_hands, leader, trick + (m,), n if beats else win, tpts + pts,
                               left - pts, live, alpha, beta, None)
            if maximize:
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best, best_move = v, m
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if best_box is not None:
            best_box[0] = best_move
        return best

    # -- move lists ---------------------------------------------------------------

    def _moves_at(self, hands: Hands, leader: int, trick: tuple[Play, ...], seat: int,
                  win: int, span: int, rel: int) -> Sequence[_Move]:
        """The searched plays of ``seat`` (distinct up to card equivalence,
        ordered), each with the hand it leaves, its points and whether it
        wins the trick so far; memoized on what they depend on: the hand,
        the lead, the play winning so far and on which side, or the leads;
        and the other players' cards (in hands or in the trick) ``rel``
        within the ladder spans ``span`` of the hand's singles.  (Who wins
        after a play depends only on the lead, the play winning before it
        and the play: :meth:`Table.winner` scans the plays in order; of a
        single lead only its effective suit counts, for the follows as for
        who wins between single cards.)"""
        hand = hands[seat]
        if trick:
            lead = trick[0]
            fkey = (lead if len(lead) > 1 else self._suit_of[lead[0]], trick[win],
                    (len(trick) - win) & 1, hand, rel)
            hit = self._memo.get(fkey)
            return hit if hit is not None else self._follows_at(
                fkey, trick, win, hand, span, rel)
        return self._leads_at(hands, seat, span, rel)

    def _follows_at(self, key: tuple[object, Play, int, Hand, int], trick: tuple[Play, ...],
                    win: int, hand: Hand, span: int, rel: int) -> tuple[_Move, ...]:
        """The follower's move list of :meth:`_moves_at` (``key`` is its memo
        key), built from the plays of ``hand`` against the lead with the hand
        each leaves, their points and ladder sum (kept per lead key and hand:
        only who wins after each play and the equivalence classes depend on
        the rest of the key)."""
        lead = trick[0]
        bkey = (key[0], hand)
        base = self._bases.get(bkey)
        if base is None:
            base = self._bases[bkey] = self._follow_rows(lead, hand)
        entries: Sequence[_Row] = base
        if len(base) > 1 and self._eq and span:
            classes = _classes(self.table, hand, rel)
            if classes:
                entries = _distinct_rows(base, classes)
        best = trick[win]
        out: tuple[_Move, ...]
        if len(entries) == 1:
            r = entries[0]
            out = (r[4] if self.table.takes(lead, best, r[0]) else r[3],)
        else:
            # Order: a play that takes the trick sorts by its key for its
            # own side winning; one that does not, by the key for the side
            # of the play winning so far (``opp``: the other side).
            opp = (win - len(trick)) & 1
            keyed: list[tuple[int, int, _Move]] = []
            if len(lead) == 1:
                # Table.takes between singles, inlined.
                suit, pos = self._suit_of, self.table.pos
                sb, pb = suit[best[0]], pos[best[0]]
                for i, (m, ks, ko, e0, e1) in enumerate(entries):
                    f = m[0]
                    if pos[f] > pb if suit[f] == sb else suit[f] == TRUMP_SUIT:
                        keyed.append((ks, i, e1))
                    else:
                        keyed.append((ko if opp else ks, i, e0))
            else:
                takes = self.table.takes
                for i, (m, ks, ko, e0, e1) in enumerate(entries):
                    if takes(lead, best, m):
                        keyed.append((ks, i, e1))
                    else:
                        keyed.append((ko if opp else ks, i, e0))
            keyed.sort()
            out = tuple([e for _, _, e in keyed])
        memo = self._memo
        if len(memo) > MEMO_LIMIT:
            memo.clear()
            self._bases.clear()
        memo[key] = out
        return out

    def _follow_rows(self, lead: Play, hand: Hand) -> tuple[_Row, ...]:
        """Each follow of ``lead`` from ``hand`` with its ordering keys and
        its move entries.  Followers are searched first by the plays after
        which the player's side wins the trick, most points first; then the
        others, fewest points first; the cheaper (lower ladder sum) first
        among equals (the side of the player, or the other: partners sit
        two apart)."""
        pos = self.table.pos
        rows: list[_Row] = []
        for m in self._follows(lead, hand):
            if len(m) == 1:
                f = m[0]
                i = hand.index(f)
                nh = hand[:i] + hand[i + 1:]
                p, c = POINTS[f], pos[f]
            else:
                nh = remove(hand, m)
                c = p = 0
                for f in m:
                    c += pos[f]
                    p += POINTS[f]
            rows.append((m, ((512 - p) << 12) + c, (1 << 24) + (p << 12) + c,
                         (m, nh, p, False), (m, nh, p, True)))
        return tuple(rows)

    def _leads_at(self, hands: Hands, seat: int, span: int, rel: int) -> Sequence[_Move]:
        """The leader's move list of :meth:`_moves_at`.  The leads depend on
        the other hands: the memo holds the lead list it was built from (the
        move source's memoized tuple)."""
        hand = hands[seat]
        memo = self._memo
        plays = self.moves.leads(hand, _others(hands, seat))
        key = (hand, id(plays), rel)
        hit = memo.get(key)
        if hit is not None and hit[0] is plays:
            got: tuple[_Move, ...] = hit[1]
            return got
        out = self._entries(hands, 0, (), seat, plays, rel if span else -1)
        if len(memo) > MEMO_LIMIT:
            memo.clear()
            self._bases.clear()
        memo[key] = (plays, out)
        return out

    def _entries(self, hands: Hands, leader: int, trick: tuple[Play, ...], seat: int,
                 plays: Sequence[Play], rel: int) -> tuple[_Move, ...]:
        """Search entries of ``plays``: deduplicated by the equivalence
        classes of the other cards ``rel`` (-1: none possible), ordered."""
        hand = hands[seat]
        rm, pts = self._remove, self._pts
        if len(plays) == 1:
            m = plays[0]
            table = self.table
            return ((m, rm(hand, m), pts(m),
                     bool(trick) and table.takes(trick[0], trick[table.winner(trick)], m)),)
        if self.equivalence and rel >= 0:
            classes = _classes(self.table, hand, rel)
            if classes:
                plays = _distinct_plays(plays, classes)
        return tuple((m, rm(hand, m), p, beats) for m, beats, p in self._order(trick, plays))

    def _modeled_moves(self, hands: Hands, leader: int, trick: tuple[Play, ...],
                       seat: int, win: int, live: int) -> Sequence[_Move]:
        hand = hands[seat]
        if trick:
            assert self.reply is not None
            plays: Sequence[Play] = (self.reply(seat, hand, leader, trick),)
        else:
            assert self.lead_reply is not None
            plays = _modeled_lead(self.lead_reply(seat, hands),
                                  self.moves.leads(hand, _others(hands, seat)))
            if len(plays) > 1:
                info = self.table.hand_info(hand)
                rel = (live - info[0]) & info[1] if self.equivalence else 0
                return self._moves_at(hands, leader, trick, seat, win, info[1], rel)
        return self._entries(hands, leader, trick, seat, plays, -1)

    def _remove(self, hand: Hand, play: Play) -> Hand:
        key = (hand, play)
        got = self._removed.get(key)
        if got is None:
            got = self._removed[key] = remove(hand, play)
        return got

    def _pts(self, cards: Play) -> int:
        got = self._points.get(cards)
        if got is None:
            got = self._points[cards] = sum(POINTS[f] for f in cards)
        return got

    # -- equivalence and ordering ----------------------------------------------

    def _dedupe(self, hands: Hands, seat: int, trick: tuple[Play, ...],
                moves: Sequence[Play]) -> Sequence[Play]:
        if not self.equivalence or len(moves) < 2:
            return moves
        classes = equivalence_classes(self.table, hands, seat, trick)
        if not classes:
            return moves
        return _distinct_plays(moves, classes)

    def _ordered(self, hands: Hands, leader: int, trick: tuple[Play, ...], seat: int,
                 moves: Sequence[Play]) -> list[Play]:
        return [m for m, _, _ in self._order(trick, moves)]

    def _order(self, trick: tuple[Play, ...],
               moves: Sequence[Play]) -> list[tuple[Play, bool, int]]:
        """``moves`` in search order, each with whether it wins the trick so
        far and its points."""
        pos = self.table.pos
        pts = self._pts
        keyed: list[tuple[int, int, Play, bool, int]] = []
        if not trick:
            # Leads: bigger units first, then strong cards (trumps above
            # plain cards).
            suit = self.table.suit
            for i, m in enumerate(moves):
                top = 0
                for f in m:
                    if pos[f] > top:
                        top = pos[f]
                keyed.append((-64 * len(m) - top - (40 if suit[m[0]] == 0 else 0), i, m, False,
                              pts(m)))
        else:
            # Followers: first the plays after which the player's side wins
            # the trick, most points first; then the others, fewest points
            # first; the cheaper first among equals.  The play's side wins
            # when the winner sits an even number of places after the player
            # (partners are two apart).
            n = len(trick)
            table = self.table
            win = table.winner(trick)
            lead, best = trick[0], trick[win]
            for i, m in enumerate(moves):
                w = n if table.takes(lead, best, m) else win
                cost = 0
                for f in m:
                    cost += pos[f]
                p = pts(m)
                side = (1 << 24) + (p << 12) if (w - n) & 1 else (512 - p) << 12
                keyed.append((side + cost, i, m, w == n, p))
        keyed.sort()
        return [(m, b, p) for _, _, m, b, p in keyed]


def equivalence_classes(table: Table, hands: Hands, seat: int,
                        trick: tuple[Play, ...] = ()) -> dict[int, int]:
    """Classes of the faces that ``seat`` holds once: faces of one effective
    suit and equal points with no other player's card (in hand or already
    in the current ``trick``) at or between their ladder positions share a
    class (the class id is the lowest face).  Faces held twice are absent
    (they are their own class)."""
    hand = hands[seat]
    _, span = table.hand_info(hand)
    if not span:
        return {}
    others = 0
    for s in range(4):
        if s != seat:
            others += table.hand_info(hands[s])[0]
    for p in trick:
        others += packed_indices(p)
    return _classes(table, hand, others & span)


def _classes(table: Table, hand: Hand, rel: int) -> dict[int, int]:
    """:func:`equivalence_classes` of ``hand`` given the other players'
    cards ``rel`` (a :mod:`solver.bits` packed multiset; only the faces
    within the hand's single spans matter); memoized per table."""
    memo = table.class_memo
    key = (hand, rel)
    got = memo.get(key)
    if got is not None:
        return got
    pos, suit = table.pos, table.suit
    runs = table.single_runs.get(hand)
    if runs is None:
        # Per effective suit with two or more, the faces held once, in
        # ladder order (then by index).
        by_suit: dict[int, list[int]] = {}
        for i, f in enumerate(hand):
            if (i == 0 or hand[i - 1] != f) and (i + 1 == len(hand) or hand[i + 1] != f):
                by_suit.setdefault(suit[f], []).append(f)
        runs = table.single_runs[hand] = tuple(
            (st, tuple(sorted(fs, key=lambda f: (pos[f], f))))
            for st, fs in by_suit.items() if len(fs) >= 2)
    occ = [0, 0, 0, 0, 0]  # per suit: ladder positions another player holds
    m = rel
    while m:
        low = m & -m
        f = (low.bit_length() - 1) >> 1
        occ[suit[f]] |= 1 << pos[f]
        m &= ~(3 << (2 * f))
    classes: dict[int, int] = {}
    for st, fs in runs:
        rep = prev = fs[0]
        mask = occ[st]
        for f in fs[1:]:
            # No other card at or between the two positions.
            if POINTS[f] == POINTS[rep] and not mask >> pos[prev] & ((2 << (pos[f] - pos[prev])) - 1):
                classes[rep] = rep
                classes[f] = rep
            else:
                rep = f
            prev = f
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    memo[key] = classes
    return classes


def _distinct_plays(moves: Sequence[Play], classes: dict[int, int]) -> list[Play]:
    """The first of each set of plays equal up to the ``classes``."""
    seen: set[tuple[int, ...]] = set()
    out: list[Play] = []
    for m in moves:
        sig = _signature(m, classes)
        if sig not in seen:
            seen.add(sig)
            out.append(m)
    return out


def _distinct_rows(rows: Sequence[_Row], classes: dict[int, int]) -> list[_Row]:
    """:func:`_distinct_plays` of rows that start with the play."""
    seen: set[object] = set()
    out = []
    for r in rows:
        m = r[0]
        sig: object = classes.get(m[0], m[0]) if len(m) == 1 else _signature(m, classes)
        if sig not in seen:
            seen.add(sig)
            out.append(r)
    return out


def _signature(m: Play, classes: dict[int, int]) -> tuple[int, ...]:
    return tuple(sorted(classes.get(f, f) for f in m))


def _others(hands: Hands, seat: int) -> tuple[Hand, Hand, Hand]:
    return (hands[(seat + 1) % 4], hands[(seat + 2) % 4], hands[(seat + 3) % 4])


def _with(hands: Hands, seat: int, hand: Hand) -> Hands:
    if seat == 0:
        return (hand, hands[1], hands[2], hands[3])
    if seat == 1:
        return (hands[0], hand, hands[2], hands[3])
    if seat == 2:
        return (hands[0], hands[1], hand, hands[3])
    return (hands[0], hands[1], hands[2], hand)


@dataclass(slots=True)
class Counter:
    nodes: int = 0


def _modeled_lead(lead: Play, leads: Sequence[Play]) -> Sequence[Play]:
    """The model's lead when it is a legal lead that stands (a throw the
    policy thought safe always does when it sees the real hands), else
    every lead."""
    return (lead,) if lead in leads else leads


def minimax(state: State, table: Table, moves: Moves, counter: Counter | None = None,
            reply: Reply | None = None, lead_reply: LeadReply | None = None,
            modeled: frozenset[int] = frozenset()) -> int:
    """Plain minimax (the reference): every legal play, no table, no pruning,
    no equivalence.  Returns the attackers' final total.  With ``reply``
    (and ``lead_reply``), the ``modeled`` seats follow (and lead) as they
    say: the value is then the best against that policy, as
    :class:`Solver` with the same arguments."""
    c = counter if counter is not None else Counter()
    att = tuple((s - state.dealer) % 2 == 1 for s in range(4))

    def rec(hands: Hands, leader: int, trick: tuple[Play, ...]) -> int:
        c.nodes += 1
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        if not trick:
            if not hand:
                return 0
            ms: Sequence[Play] = moves.leads(hand, _others(hands, seat))
            if lead_reply is not None and seat in modeled:
                ms = _modeled_lead(lead_reply(seat, hands), ms)
        elif reply is not None and seat in modeled:
            ms = (reply(seat, hand, leader, trick),)
        else:
            ms = moves.follows(trick[0], hand)
        values = []
        for m in ms:
            nh = _with(hands, seat, remove(hand, m))
            full = trick + (m,)
            if len(full) == 4:
                w = (leader + table.winner(full)) % 4
                gain = 0
                if att[w]:
                    gain = sum(POINTS[f] for p in full for f in p)
                    if not nh[w]:
                        gain += state.kitty_points * table.multiplier(full[0])
                values.append(gain + rec(nh, w, ()))
            else:
                values.append(rec(nh, leader, full))
        return max(values) if att[seat] else min(values)

    return state.points + rec(state.hands, state.leader, state.trick)
