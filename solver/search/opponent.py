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

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solver.bits import EVEN, packed_indices, split
from solver.bits import faces as _faces_of
from solver.bots.baseline import BaselineBot
from solver.cards import FACES, Card
from solver.search import leadpolicy
from solver.search.hidden import Knowledge, best_deal, deal_is_consistent, sample_deal
from solver.search.model import Hand, Hands, LeadReply, Play, faces
from solver.trump import TrumpContext

_CACHE_LIMIT = 50_000
#: Follows by the only cards the bot's choice reads (:meth:`BaselineModel._single`,
#: :meth:`BaselineModel._in_suit`); shared by every model of a context.
_SINGLES: dict[tuple[object, ...], Play] = {}
_SINGLES_LIMIT = 200_000
#: The bot's ranking of the faces on a single lead, by seat and trick
#: (:meth:`BaselineModel._above`); shared the same way.
_ABOVE: dict[tuple[object, ...], tuple[int, ...]] = {}
_ABOVE_LIMIT = 20_000


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
    """What :meth:`BaselineBot.lead` reads: the seen cards as a list, or
    packed (``seen_packed``: the multiset and its size, with ``held``, the
    seat's cards packed; ``seen`` is then listed only if asked for)."""

    __slots__ = ("ctx", "seat", "cards", "_seen", "tricks", "is_attacker", "held", "seen_packed")

    def __init__(self, ctx: TrumpContext, seat: int, cards: list[Card], seen: list[Card] | None,
                 tricks: Sequence[SeenTrick], is_attacker: bool, held: int | None = None,
                 seen_packed: tuple[int, int] | None = None) -> None:
        self.ctx = ctx
        self.seat = seat
        self.cards = cards
        self._seen = seen
        self.tricks = tricks
        self.is_attacker = is_attacker
        self.held = held
        self.seen_packed = seen_packed

    @property
    def seen(self) -> list[Card]:
        if self._seen is None:
            assert self.seen_packed is not None
            once, twice = split(self.seen_packed[0])
            self._seen = sorted(_faces_of(once) + _faces_of(twice), key=lambda c: c.index)
        return self._seen


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
        self._leads: dict[tuple[int, Hand, int], Play] = {}
        #: the lead model's log-chance of a lead (None: not a candidate)
        self._policy: dict[tuple[int, Hand, int, Play], float | None] = {}
        self._groups = ctx.groups
        masks: dict[str, int] = {}
        for f, g in enumerate(ctx.groups):
            masks[g] = masks.get(g, 0) | 1 << f
        self._group_masks = masks
        self._ctx_key = (ctx.rules, ctx.level, ctx.trump)

    def follow(self, seat: int, hand: Hand, leader: int, trick: tuple[Play, ...]) -> Play:
        """The bot's follow from ``hand`` to ``trick`` (led by ``leader``)."""
        if len(trick[0]) == 1:
            return self._single(seat, hand, leader, trick)
        groups = self._groups
        led = groups[trick[0][0]]
        suit = tuple([f for f in hand if groups[f] == led])
        if len(suit) >= len(trick[0]):
            return self._in_suit(seat, suit, leader, trick)
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

    def explains(self, seat: int, hand: Hand, leader: int, trick: tuple[Play, ...],
                 want: Play) -> bool:
        """Whether the bot follows ``trick`` from ``hand`` with ``want``
        (sorted): ``follow(...) == want``.  To a single lead it is read off
        the bot's ranking of the faces (``BaselineBot.single_keys``, which
        never reads the rest of the hand): the bot plays the wanted card
        when its pool (the led suit's faces held, or every face held when
        none) holds it and no face ranked above it."""
        if len(trick[0]) != 1:
            return self.follow(seat, hand, leader, trick) == want
        above = self._above(seat, leader, trick)
        held = 0
        for f in hand:
            held |= 1 << f
        pool = held & self._group_masks[self._groups[trick[0][0]]] or held
        w = want[0]
        return len(want) == 1 and pool >> w & 1 == 1 and not pool & above[w]

    def _above(self, seat: int, leader: int, trick: tuple[Play, ...]) -> tuple[int, ...]:
        """For each face, the faces (a mask, bit ``f``) the bot would rather
        play than it as ``seat``'s card on ``trick``, a single lead; shared
        like ``_SINGLES``."""
        key = (self._ctx_key, seat, leader, trick)
        got = _ABOVE.get(key)
        if got is None:
            if len(_ABOVE) > _ABOVE_LIMIT:
                _ABOVE.clear()
            keys = self.bot.single_keys(self.ctx, [tuple(FACES[f] for f in p) for p in trick],
                                        leader, seat)
            above = [0] * len(FACES)
            acc = 0
            for f in sorted(range(len(FACES)), key=keys.__getitem__):
                above[f] = acc
                acc |= 1 << f
            got = _ABOVE[key] = tuple(above)
        return got

    def _single(self, seat: int, hand: Hand, leader: int, trick: tuple[Play, ...]) -> Play:
        """The bot's follow to a single lead.  It chooses among the faces of
        the led suit the hand holds, or among all its faces when it has
        none, and reads nothing else of the hand (``BaselineBot.follow``,
        ``_best_single``), so the choice is cached on that pool: sampled
        deals that differ elsewhere share it, and so do the hints of one
        hand (the cache is keyed on the trump context's values)."""
        groups = self._groups
        led = groups[trick[0][0]]
        pool = tuple(sorted({f for f in hand if groups[f] == led})) or tuple(sorted(set(hand)))
        return self._read_only(seat, pool, leader, trick)

    def _in_suit(self, seat: int, suit: Hand, leader: int, trick: tuple[Play, ...]) -> Play:
        """The bot's follow to a lead of several cards from a hand holding at
        least as many of the led suit (``suit``: those cards).  Such a hand
        must follow with cards of the suit (R-FOLLOW), what it must play
        depends on those cards alone, and the bot values a follow by its
        cards, so the choice is cached on them, as :meth:`_single` does."""
        return self._read_only(seat, suit, leader, trick)

    def _read_only(self, seat: int, cards: Hand, leader: int, trick: tuple[Play, ...]) -> Play:
        """The bot's follow from a hand of just ``cards`` (all its choice
        reads), cached in ``_SINGLES``."""
        key = (self._ctx_key, seat, cards, leader, trick)
        got = _SINGLES.get(key)
        if got is None:
            if len(_SINGLES) > _SINGLES_LIMIT:
                _SINGLES.clear()
            view = _FollowView(self.ctx, seat, [FACES[f] for f in cards],
                               [tuple(FACES[f] for f in p) for p in trick], leader)
            got = _SINGLES[key] = faces(self.bot.follow(view))  # type: ignore[arg-type]
        return got

    def lead_seen(self, seat: int, own: Hand, seen: int, n_seen: int) -> Play:
        """The bot's lead from ``own`` having seen the packed multiset
        ``seen`` (:mod:`solver.bits`, ``n_seen`` cards: what was played
        before, and the kitty when the seat buried it): all the lead reads
        of the cards (:meth:`BaselineBot.lead` through ``_unseen``), so the
        choice is cached on them, as :meth:`leads` gives it for whole deals."""
        key = (seat, own, seen)
        got = self._leads.get(key)
        if got is None:
            if len(self._leads) > _CACHE_LIMIT:
                self._leads.clear()
            view = _LeadView(self.ctx, seat, [FACES[f] for f in own], None, self.tricks,
                             (seat - self.dealer) % 2 == 1, held=packed_indices(own),
                             seen_packed=(seen, n_seen))
            got = self._leads[key] = faces(self.bot.lead(view))  # type: ignore[arg-type]
        return got

    def leads_with(self, seat: int, own: Hand, seen: int, n_seen: int, want: Play) -> bool:
        """Whether :meth:`lead_seen` is ``want`` (sorted), without asking
        for the whole lead when a cached one or the wanted suit's own offer
        settles it (``BaselineBot.leads_with``)."""
        got = self._leads.get((seat, own, seen))
        if got is not None:
            return got == want
        view = _LeadView(self.ctx, seat, [FACES[f] for f in own], None, self.tricks,
                         (seat - self.dealer) % 2 == 1, held=packed_indices(own),
                         seen_packed=(seen, n_seen))
        return self.bot.leads_with(view, [FACES[f] for f in want])  # type: ignore[arg-type]

    def policy_cost(self, seat: int, own: Hand, seen: int, n_seen: int, want: Play,
                    scale: float, cap: int) -> int:
        """The fit's count for ``want`` led from ``own`` having seen ``seen``
        (as :meth:`lead_seen`) under the fitted model of the search bot's
        leads (:mod:`solver.search.leadpolicy`): whole units of
        ``-log P(want) / scale``, at most ``cap``."""
        key = (seat, own, seen, want)
        if key in self._policy:
            return leadpolicy.cost(self._policy[key], scale, cap)
        if len(self._policy) > _CACHE_LIMIT:
            self._policy.clear()
        base = self.lead_seen(seat, own, seen, n_seen)
        held = packed_indices(own)
        view = _LeadView(self.ctx, seat, [FACES[f] for f in own], None, self.tricks,
                         (seat - self.dealer) % 2 == 1, held=held, seen_packed=(seen, n_seen))
        facts = self.bot._lead_facts(view, self.ctx, held)  # type: ignore[arg-type]
        cands = leadpolicy.candidates(self.ctx, held, facts, [FACES[f] for f in base])
        lp = self._policy[key] = leadpolicy.log_chance(cands, want)
        return leadpolicy.cost(lp, scale, cap)

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
           seats: frozenset[int], hands: Hands, kitty: Hand,
           lead_models: Sequence[BaselineModel] | None = None, *,
           bound: int | None = None, order: list[tuple[int, int]] | None = None,
           summary: tuple[list[tuple[Hand, ...]], list[tuple[int, int]], list[tuple[Play, ...]]]
           | None = None, current: int | None = None, weight: int = 1,
           tally: Tally | None = None, lead_seats: frozenset[int] | None = None,
           light_leads: frozenset[int] = frozenset(),
           policy_leads: frozenset[int] = frozenset(), policy_scale: float = 1.0,
           policy_cap: int = 4) -> int:
    """How many plays of ``seats`` in ``tricks`` (the latest tricks of the
    hand, in order, the last possibly unfinished) the model would not have
    made in the sampled deal ``hands`` (the hands now) and ``kitty``.
    ``lead_models[i]``, when given, models the lead of ``tricks[i]`` (a
    model of the tricks before it: the voids the leader had seen then).
    With ``bound`` the count stops there (a deal no better than one already
    found).  The plays are checked in ``order`` (``(trick, position)``
    pairs), by default the follows first, latest trick first, then the
    leads (dearer); a given ``order`` list, empty at first, is filled so
    and learns: each play a deal leaves unexplained moves to its front, so
    the next deals of the same position meet the telling plays first.  The
    order changes where a bounded count stops, never whether it reaches
    ``bound``, and never an unbounded count.

    A seat's hand when a trick began is its hand now plus everything it
    played in that trick and since.  ``current``: the index in ``tricks``
    of the trick being played, whose unexplained plays count ``weight``
    each (an experiment: the plays of the trick a claim is about).
    ``lead_seats``: the seats whose leads are read (default ``seats``; an
    experiment reads the partner's follows only).  ``light_leads``: the
    seats whose unexplained leads count half as much as any other
    unexplained play (which then counts 2; an experiment: a search bot's
    lead is not the baseline's in about a third of leads, its follow much
    more rarely).

    ``policy_leads``: the seats whose leads are read through the fitted
    model of the search bot's leads (:meth:`BaselineModel.policy_cost`:
    ``-log P(lead)`` in units of ``policy_scale``, at most ``policy_cap``)
    instead of as the baseline's; any other unexplained play then counts 2
    (an experiment: the partner is a search bot).

    ``tally``: this deal's count so far (:class:`Tally`, new for each deal):
    a bounded count that stopped resumes there when asked again with a
    higher bound, the plays already checked not checked again
    (:func:`~solver.search.hidden.best_deal` raises the bound step by
    step over its samples)."""
    models = list(lead_models) if lead_models is not None else [model] * len(tricks)
    added, played_from, wanted = summary if summary is not None else trick_summary(tricks)
    if order is None or not order:
        checks = [(t, i) for t in range(len(tricks) - 1, -1, -1)
                  for i in range(1, len(tricks[t][1])) if (tricks[t][0] + i) % 4 in seats]
        leaders = seats if lead_seats is None else lead_seats
        checks += [(t, 0) for t in range(len(tricks) - 1, -1, -1)
                   if tricks[t][1] and tricks[t][0] in leaders]
        if order is None:
            order = checks
        else:
            order.extend(checks)
    if tally is None:
        tally = Tally()
    miss = tally.miss
    stop = bound if bound is not None else 1 << 30
    unit = 2 if light_leads or policy_leads else 1
    if miss >= stop or tally.whole:
        return miss
    # A seat's hand when trick t began, made when a check asks for it (a
    # bounded count mostly stops after a check or two).
    starts = tally.starts
    done = tally.done
    now, n_now = -1, 0  # every hand now (packed, and how many cards), once a lead asks
    for j, (t, i) in enumerate(order):
        if done and (t, i) in done:
            continue
        done.add((t, i))
        leader, plays = tricks[t]
        seat = (leader + i) % 4
        at = starts.get((t, seat))
        if at is None:
            more = added[t][seat]
            at = starts[t, seat] = tuple(sorted(hands[seat] + more)) if more else hands[seat]
        cost = unit
        if i:
            if model.explains(seat, at, leader, tuple(plays[:i]), wanted[t][i]):
                continue
        else:
            lead_model = models[t]
            if not lead_model.model_leads:
                continue
            # What the leader had seen: every card but the hands then and
            # the kitty (unless it buried it); all the bot's lead reads.
            if now < 0:
                now = sum(packed_indices(h) for h in hands)
                n_now = sum(map(len, hands))
            gone, n_gone = played_from[t]
            gone += now
            n_gone += n_now
            if lead_model.burier != seat:
                gone += packed_indices(kitty)
                n_gone += len(kitty)
            seen, n_seen = _TWO_EACH - gone, 2 * len(FACES) - n_gone
            if seat in policy_leads:
                cost = lead_model.policy_cost(seat, at, seen, n_seen, wanted[t][0],
                                              policy_scale, policy_cap)
                if not cost:
                    continue
            elif lead_model.leads_with(seat, at, seen, n_seen, wanted[t][0]):
                continue
            else:
                cost = 1 if seat in light_leads else unit
        miss += weight * cost if t == current else cost
        if j:
            order.insert(0, order.pop(j))
        if miss >= stop:
            tally.miss = miss
            return miss
    tally.miss = miss
    tally.whole = True
    return miss


class Tally:
    """One deal's :func:`misfit` count so far: the plays it checked, the
    ones it left unexplained (weighted) and the seats' hands at each
    trick's start it made, and whether every play is checked."""

    __slots__ = ("miss", "done", "starts", "whole")

    def __init__(self) -> None:
        self.miss = 0
        self.done: set[tuple[int, int]] = set()
        self.starts: dict[tuple[int, int], Hand] = {}
        self.whole = False


#: Two of every face, packed (:mod:`solver.bits`).
_TWO_EACH = 2 * EVEN


def trick_summary(tricks: Sequence[tuple[int, Sequence[Play]]]
                  ) -> tuple[list[tuple[Hand, ...]], list[tuple[int, int]], list[tuple[Play, ...]]]:
    """What :func:`misfit` reads of ``tricks`` whatever the deal: for each
    trick, the cards each seat played in it and since, those cards packed
    (all seats) with their number, and its plays sorted."""
    added: list[tuple[Hand, ...]] = [()] * len(tricks)
    played_from = [(0, 0)] * len(tricks)
    acc: list[list[int]] = [[], [], [], []]
    for t in range(len(tricks) - 1, -1, -1):
        leader, plays = tricks[t]
        for i, p in enumerate(plays):
            acc[(leader + i) % 4].extend(p)
        added[t] = tuple(tuple(a) for a in acc)
        played_from[t] = (sum(packed_indices(a) for a in acc), sum(map(len, acc)))
    wanted = [tuple(tuple(sorted(p)) for p in plays) for _, plays in tricks]
    return added, played_from, wanted


def play_misfit(k: Knowledge, history: Sequence[tuple[int, Sequence[Play]]], *,
                recent: int | None, seats: frozenset[int] | None = None, leads: bool = True,
                weight: int = 1, light_leads: frozenset[int] = frozenset(),
                policy_leads: frozenset[int] = frozenset(), policy_scale: float = 1.0,
                policy_cap: int = 4) -> Callable[[Hands, Hand], int]:
    """:func:`misfit` of a deal for ``k`` over the plays of ``seats``
    (default: every seat but the viewer) in the last ``recent`` finished
    tricks of ``history`` (all when None) and the current trick, each lead
    read with the tricks its leader had seen (the voids shown before it);
    each unexplained play of the current trick counts ``weight``."""
    if seats is None:
        seats = frozenset(s for s in range(4) if s != k.viewer)
    hist = [(ld, tuple(tuple(p) for p in ps)) for ld, ps in history]
    first = 0 if recent is None else max(0, len(hist) - recent)
    tricks = hist[first:] + ([(k.leader, k.trick)] if k.trick else [])

    def cards(upto: int) -> list[tuple[int, list[list[Card]]]]:
        return [(ld, [[FACES[f] for f in p] for p in ps]) for ld, ps in hist[:upto]]

    model = BaselineModel(k.ctx, cards(len(hist)), dealer=k.dealer, burier=k.burier,
                          leads=leads)
    lead_models = [BaselineModel(k.ctx, cards(first + i), dealer=k.dealer, burier=k.burier,
                                 leads=leads) if first + i < len(hist) else model
                   for i in range(len(tricks))]
    return functools.partial(misfit, model, tricks, seats, lead_models=lead_models, order=[],
                             summary=trick_summary(tricks),
                             current=len(tricks) - 1 if k.trick else None, weight=weight,
                             light_leads=light_leads, policy_leads=policy_leads,
                             policy_scale=policy_scale, policy_cap=policy_cap)


class _BuryView:
    """What a bot's :meth:`bury` reads."""

    __slots__ = ("ctx", "cards", "rules", "level")

    def __init__(self, ctx: TrumpContext, cards: list[Card]) -> None:
        self.ctx = ctx
        self.cards = cards
        self.rules = ctx.rules
        self.level = ctx.level


#: Samples drawn for one whose cards the burial policy can split (then the last).
BURY_TRIES = 8
#: The burial policies a sampler can read the kitty by.
BURIERS = ("baseline", "void")


def reburied(k: Knowledge, history: Sequence[tuple[int, Sequence[Play]]], hands: Hands,
             kitty: Hand, policy: str) -> tuple[Hands, Hand] | None:
    """The deal ``hands``/``kitty`` with the kitty the burier's ``policy``
    (``BURIERS``: the baseline's or the void-making burial) buries from its
    cards at burial time: its hand now, the kitty and every card it has
    played (``history`` and ``k.trick``).  The burier's cards and the kitty
    are drawn together; the policy splits them.  Unchanged when the kitty is
    known to the viewer or the burier unknown; None when the policy's kitty
    holds a card the burier played since or breaks a fact of ``k`` (a void
    shown): no split of these cards explains the burial."""
    b = k.burier
    if k.kitty is not None or b is None or b == k.viewer or not kitty:
        return hands, kitty
    played = [f for ld, plays in list(history) + [(k.leader, k.trick)]
              for i, p in enumerate(plays) if (ld + i) % 4 == b for f in p]
    pool = list(hands[b]) + list(kitty)
    cards = [FACES[f] for f in sorted(pool + played)]
    bot = BaselineBot() if policy == "baseline" else _void_burier()
    view = _BuryView(k.ctx, cards)
    got = tuple(sorted(c.index for c in bot.bury(view, len(kitty))))  # type: ignore[arg-type]
    left = list(pool)
    for f in got:
        if f not in left:
            return None  # it would have buried a card it played
        left.remove(f)
    new = list(hands)
    new[b] = tuple(sorted(left))
    out = (new[0], new[1], new[2], new[3])
    if not deal_is_consistent(k, out, got):
        return None
    return out, got


def _void_burier() -> BaselineBot:
    from solver.bots.kitty import VoidBurier

    return VoidBurier()


def fitted_sampler(k: Knowledge, history: Sequence[tuple[int, Sequence[Play]]], *,
                   recent: int | None, tries: int, eps: float = 0.0,
                   seats: frozenset[int] | None = None, leads: bool = True,
                   bury: str | None = None, cap: int | None = None, weight: int = 1
                   ) -> Callable[[random.Random], tuple[Hands, Hand]]:
    """Deals for ``k`` read through the baseline's play: each is the best
    of up to ``tries`` samples (:func:`solver.search.hidden.sample_deal`)
    by :func:`play_misfit` (``eps``: see
    :func:`~solver.search.hidden.best_deal`); one sample each when
    ``tries`` is 1.

    P(deal | what was seen) is P(the plays seen | deal) times the prior the
    sampler draws from; for a seat playing as the baseline does the first
    factor is 1 for a deal that explains its plays and 0 otherwise, so a
    deal scoring 0 is a draw of that posterior (rejection sampling).
    Public information only: ``k`` and ``history`` are what the viewer
    sees, so two real deals behind the same view give the same draws for
    the same random stream.

    With ``bury`` (one of ``BURIERS``) each sample's kitty is first the one
    that burial policy makes from the burier's cards (:func:`reburied`):
    a uniform draw does not know that buriers empty suits.  ``cap``: see
    :func:`~solver.search.hidden.best_deal`.  ``weight``: each unexplained
    play of the current trick counts that many (:func:`play_misfit`)."""
    sample: Callable[[Knowledge, random.Random], tuple[Hands, Hand]] = sample_deal
    if bury is not None:
        policy, hist = bury, list(history)

        def reburied_sample(kk: Knowledge, rng: random.Random) -> tuple[Hands, Hand]:
            for _ in range(BURY_TRIES):
                deal = sample_deal(kk, rng)
                got = reburied(kk, hist, *deal, policy)
                if got is not None:
                    return got
            return deal

        sample = reburied_sample
    if tries <= 1:
        return functools.partial(sample, k)
    score = play_misfit(k, history, recent=recent, seats=seats, leads=leads, weight=weight)

    def draw(rng: random.Random) -> tuple[Hands, Hand]:
        return best_deal(k, rng, score, tries, eps, sample=sample, bounded=True, cap=cap,
                         tally=Tally)

    return draw
