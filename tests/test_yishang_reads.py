"""What the 一上一下 hint bot reads from the table (issue 18): the seats'
faces behind the challenge costs (R-Y-FACE), claims that somebody can rule
out by sight (R-Y-DOWN), each player's bluffing style and call rates by the
claimer's record."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.cards import Card
from solver.yishang import CHALLENGE, Game
from solver.yishang.bots import make_bot, step
from solver.yishang.hints import Sightings, Weights, challenge_costs
from solver.yishang.ranks import parse_rank
from solver.yishang.reads import TableReads
from tests.yishang_helpers import deal

C = Card.parse
R = parse_rank


def _next_face(game: Game, player: int) -> bool:
    """The face of ``player``'s next play when every later claim stands and
    everybody plays their first card (R-Y-FACE: only a taken pile resets it)."""
    g = copy.deepcopy(game)
    while not g.over:
        if g.phase == CHALLENGE:
            g.accept()
        elif g.turn == player:
            return g.face_up
        else:
            card = g.hand(g.turn)[0]
            g.play_up(card) if g.face_up else g.play_down(card, g.target)
    return g.face_up


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_seat_terms_follow_the_faces_the_engine_gives(seed: int) -> None:
    """R-Y-FACE with four players: at a claim, the responder at an odd
    distance from the claimer plays face up next if the claim stands or a
    challenge fails, and face down after a successful challenge; at an even
    distance face down if it stands, face up after any challenge.  The
    challenge costs charge ``seat_value`` / ``seat_keep`` exactly there."""
    bots = [make_bot(n) for n in ("honest", "bluffer", "caller", "random")]
    game = Game(4, seed)
    rng = random.Random(seed)
    checked = 0
    w = Weights(seat_value=2.0, seat_keep=3.0)
    while not game.over and checked < 6:
        if game.phase == CHALLENGE:
            claim = game.claim
            assert claim is not None
            if game.hand_size(claim.player) > 0 and game.draw_size > 0:
                for q in game.responders():
                    odd = (q - claim.player) % 2 == 1
                    stands = copy.deepcopy(game)
                    stands.accept()
                    assert _next_face(stands, q) == odd
                    called = copy.deepcopy(game)
                    called.challenge(q)
                    # challenged: face down next only from an odd seat and only if it was a bluff
                    assert _next_face(called, q) == (not (odd and claim.is_bluff))
                    base, _ = challenge_costs(0.5, 6, 3, 4)
                    seated, _ = challenge_costs(0.5, 6, 3, 4, weights=w, seat=(q - claim.player) % 2)
                    assert seated - base == (-0.5 * 2.0 if odd else 3.0)
                checked += 1
        step(game, bots, rng)


def test_impossible_risk_by_sight() -> None:
    """R-Y-DOWN: a claim is certainly false to a player who sees every copy
    of the declared rank.  Holding a copy yourself, nobody can; with one copy
    unplaced, the chance is that of it sitting in one of the other hands
    (hand size over unplaced cards, summed); with every copy face up in the
    pile, everybody can."""
    g = deal(["QS QD 4C 5C 6C", "3D 4D 5D 6D 7D", "QH QC 9H 10H JH", "7S 8S 9S 10S JS"])
    g.play_up(C("QS"))
    assert Sightings(g, 2).impossible_risk(R("Q")) == 0.0       # seat 2 keeps QH, QC
    g.play_down(C("3D"), R("Q"), 1)
    g.accept()
    g.play_up(C("QH"), 2)
    g.play_down(C("7S"), R("Q"), 3)
    g.accept()
    g.play_up(C("QD"), 0)                                        # QS QH QD face up, QC in seat 2's hand
    seat1 = Sightings(g, 1)
    hands = [g.hand_size(q) for q in (0, 2, 3)]
    unplaced = 52 - 5 - 3          # seat 1's four cards and its face-down 3D; three Qs in sight
    assert abs(seat1.impossible_risk(R("Q")) - sum(hands) / unplaced) < 1e-12
    g.play_down(C("4D"), R("Q"), 1)
    g.accept()
    g.play_up(C("QC"), 2)
    assert Sightings(g, 3).impossible_risk(R("Q")) == 1.0       # every Q in sight


def test_style_reads_below_and_at_target() -> None:
    """A player who declares below the target without a card that reaches
    it (true, but it loses by rule, R-Y-DOWN) reads as one who does not bluff
    when forced; revealed bluffs that claim the target itself raise the
    share of bluffs at the target."""
    g = deal(["QS 4C 5C 6C", "3D 4D 5D 6D", "9H 10H JH", "7S 8S 9S"])
    r = TableReads(4)
    r.update(g)
    before = r.style(1)
    g.play_up(C("QS"))                 # target Q
    g.play_down(C("3D"), R("3"), 1)    # below the target: publicly a forced true claim
    g.challenge(2)                     # it loses (R-Y-DOWN)
    r.update(g)
    assert r.below[1] == 1 and r.style(1).below > before.below
    # seat 1 leads; later seat 3 bluffs at the target and is caught
    g.play_up(C("4D"), 1)              # target 4
    g.play_down(C("9H"), R("9"), 2)    # true claim, stands
    g.accept()
    g.play_up(C("7S"), 3)              # target 7 (below 9: seat 3 draws)
    g.play_down(C("4C"), R("7"), 0)    # a 4 claimed as the target 7: a bluff
    g.challenge(1)
    r.update(g)
    assert r.low_bluffs[0] == 1 and r.bluffs[0] == 1 and r.bluffs_above[0] == 0
    assert r.style(0).at > before.at


def test_record_and_call_rates_by_record() -> None:
    """A claimer's record: true claims shown (0, 1, 2 or more) or a bluff
    shown (3); a responder who calls only players without a record of two
    true claims reads so."""
    r = TableReads(4)
    r.truths[1] = 2
    assert r.record(1) == 2
    r.bluffs[1] = 1
    assert r.record(1) == 3
    r.truths[1], r.bluffs[1] = 0, 0
    for _ in range(10):   # seat 2 called every claim of fresh players, none of trusted ones
        r.chances_by_record[2][0][1] += 1
        r.calls_by_record[2][0][1] += 1
        r.table_chances[0][1] += 1
        r.table_calls[0][1] += 1
        r.chances_by_record[2][2][1] += 1
        r.table_chances[2][1] += 1
    assert r.call_rate(2, 1, 0) > 0.7 > 0.3 > r.call_rate(2, 1, 2)
