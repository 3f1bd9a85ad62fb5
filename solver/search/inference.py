"""Beliefs about hidden hands drawn from how the other side played (issue 6).

Voids are facts (R-FOLLOW); these are beliefs: what a sensible opponent's
play says about the cards it does not hold.  The sampler
(:func:`solver.search.hidden.sample_deal`) deals no believed-absent card to
that seat, and drops every belief when no deal fits them.  Each rule reads
a finished trick led by a single card:

- **A low lead shows no sure winner.**  A player who leads a single card
  that can still be beaten (a higher card of its suit was out) would have
  cashed a sure winner first: it holds no copy of the highest card still
  out in any plain suit that no opponent of it could ruff, nor (unless its
  partner could ruff the led suit) of the highest trump still out.
- **Feeding a winning partner.**  Playing third or fourth while the partner
  is winning a plain-suit trick, a player gives the most points it can:
  following suit, it holds no card of the led suit worth more points than
  the one it played; discarding a plain card, no plain card worth more.
- **The last seat takes what it can.**  Playing fourth against an opponent's
  winning card with at least 10 points on the table, a player that does not
  win holds no card that would have won (:func:`lacks_from_tricks`).

The bots apply the rules to the viewer's opponents only (a partner's plan
is the viewer's own, and it may keep winners back on purpose); hints read
the partner's play too (``read_partner``): the learner's partner is a bot,
and without it the side's shares were too sure of the partner's cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from solver.cards import FACES
from solver.search.model import POINTS, TRUMP_SUIT, Hand, Play
from solver.trump import EFFECTIVE_SUITS, TrumpContext


def beliefs(ctx: TrumpContext, tricks: Iterable[tuple[int, Sequence[Play]]], viewer: int,
            own: Hand, *, read_partner: bool = False,
            why: dict[tuple[int, int], str] | None = None) -> tuple[frozenset[int], ...]:
    """Faces each seat is believed not to hold, from the finished ``tricks``
    (``(leader, plays)`` in order) as seen by ``viewer`` holding ``own``;
    with ``read_partner`` the viewer's partner's play is read too.  ``why``,
    when given, gets the rule that first concluded each ``(seat, face)``
    (``lead_plain``, ``lead_trump``, ``feed``, ``last_seat``)."""
    suit = [EFFECTIVE_SUITS.index(ctx.suit_of(f)) for f in FACES]
    pos = [ctx.pos(f) for f in FACES]
    tricks = [(ld, ps) for ld, ps in tricks if len(ps) == 4]
    # Every face still out before each trick (two copies each, minus the played).
    out = [2] * len(FACES)
    later_by: list[dict[int, set[int]]] = []  # per trick: seat -> faces it plays from then on
    acc: dict[int, set[int]] = {s: set() for s in range(4)}
    for leader, plays in reversed(tricks):
        for i, p in enumerate(plays):
            acc[(leader + i) % 4].update(p)
        later_by.append({s: set(v) for s, v in acc.items()})
    later_by.reverse()
    voids: list[set[int]] = [set(), set(), set(), set()]
    lacks: list[set[int]] = [set(), set(), set(), set()]
    opponents = {(viewer + 1) % 4, (viewer + 3) % 4}
    if read_partner:
        opponents.add((viewer + 2) % 4)
    own_set = set(own)

    def note(seat: int, fs: Iterable[int], rule: str) -> set[int]:
        got = set(fs)
        if why is not None:
            for f in got:
                why.setdefault((seat, f), rule)
        return got

    def top_out(x: int) -> set[int]:
        """The faces of effective suit ``x`` at the highest position still out."""
        live = [f for f in range(len(FACES)) if suit[f] == x and out[f] > 0]
        if not live:
            return set()
        top = max(pos[f] for f in live)
        return {f for f in live if pos[f] == top}

    for t, (leader, plays) in enumerate(tricks):
        led = suit[plays[0][0]]
        single = len(plays[0]) == 1
        if single and leader in opponents:
            lead_f = plays[0][0]
            # Beatable: a higher card of the led suit was out and not the leader's
            # (the viewer holds it, or another seat plays it later).
            others: set[int] = set(own_set)
            for s, fs in later_by[t].items():
                if s != leader:
                    others |= fs
            beatable = any(suit[f] == led and pos[f] > pos[lead_f] and out[f] > 0 and f in others
                           for f in range(len(FACES)))
            if beatable:
                partner = (leader + 2) % 4
                opps = ((leader + 1) % 4, (leader + 3) % 4)
                trumps_out = any(out[f] > 0 and suit[f] == TRUMP_SUIT for f in range(len(FACES)))
                for x in range(1, 5):
                    if trumps_out and any(x in voids[o] for o in opps):
                        continue
                    lacks[leader] |= note(leader, top_out(x), "lead_plain")
                if led == TRUMP_SUIT or led not in voids[partner]:
                    lacks[leader] |= note(leader, top_out(TRUMP_SUIT), "lead_trump")
        if single and led != TRUMP_SUIT:
            w = 0
            for i in (1, 2, 3):
                seat = (leader + i) % 4
                mine = plays[i][0]
                if i >= 2 and seat in opponents and w == i - 2:
                    # The partner is winning: feed it the most points.
                    if suit[mine] == led:
                        more = {f for f in range(len(FACES))
                                if suit[f] == led and POINTS[f] > POINTS[mine]}
                        lacks[seat] |= note(seat, more, "feed")
                    elif suit[mine] != TRUMP_SUIT:
                        more = {f for f in range(len(FACES))
                                if suit[f] != TRUMP_SUIT and POINTS[f] > POINTS[mine]}
                        lacks[seat] |= note(seat, more, "feed")
                if ctx.beats(FACES[mine], FACES[plays[w][0]]):
                    w = i
        # Voids (facts) and the cards now gone, for the later tricks.
        for i, p in enumerate(plays[1:], start=1):
            if sum(1 for f in p if suit[f] == led) < len(plays[0]):
                voids[(leader + i) % 4].add(led)
        for p in plays:
            for f in p:
                out[f] -= 1
    last = lacks_from_tricks(ctx, tricks)
    for s in opponents:
        lacks[s] |= note(s, last[s], "last_seat")
    return tuple(frozenset(x) for x in lacks)


def lacks_from_tricks(ctx: TrumpContext, tricks: Iterable[tuple[int, Sequence[Play]]],
                      min_points: int = 10) -> tuple[frozenset[int], ...]:
    """What the last seat of a trick showed it lacks by not winning it.

    A belief about sensible play, not a rule: the fourth seat of a trick led
    by a single card, facing an opponent's winning card with at least
    ``min_points`` on the table, wins if it can.  When it does not, it holds
    no card that beats the winning one among the cards it could have played:
    the led suit when it followed suit, any trump when it could not.
    """
    suit = [EFFECTIVE_SUITS.index(ctx.suit_of(f)) for f in FACES]
    lacks: list[set[int]] = [set(), set(), set(), set()]
    for leader, plays in tricks:
        if len(plays) != 4 or len(plays[0]) != 1:
            continue
        w = 0
        for i in (1, 2):
            if ctx.beats(FACES[plays[i][0]], FACES[plays[w][0]]):
                w = i
        last = (leader + 3) % 4
        if (leader + w) % 2 == last % 2:
            continue  # the partner was winning
        if sum(POINTS[p[0]] for p in plays) < min_points:
            continue
        top_f = plays[w][0]
        top = FACES[top_f]
        mine = plays[3][0]
        if ctx.beats(FACES[mine], top):
            continue
        led = suit[plays[0][0]]
        could = led if suit[mine] == led else TRUMP_SUIT
        if suit[mine] != led and suit[top_f] == TRUMP_SUIT and led != TRUMP_SUIT and \
                suit[mine] == TRUMP_SUIT:
            continue  # it ruffed, lower: nothing to learn
        for f in range(len(FACES)):
            if suit[f] == could and ctx.beats(FACES[f], top):
                lacks[last].add(f)
    return tuple(frozenset(x) for x in lacks)
