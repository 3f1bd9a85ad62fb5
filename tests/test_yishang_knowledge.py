"""What a 一上一下 player knows after a challenge, and how the challenge
hint counts it (R-Y-SETUP, R-Y-DOWN).

One pack of 52 (R-Y-SETUP): every card exists once.  A challenge turns
over the challenged card only (R-Y-DOWN; an unchallenged face-down card is
never turned over) and the loser takes the whole pile: everybody then
knows that the taker holds the revealed card and the pile's face-up cards.
A tester watched ♠4 revealed and taken by the next player, who later
declared 4; the hint said "of the 44 cards you cannot see, 2 are 4s …
counting cards alone 95 %": ♠4 was counted as unseen, one more copy that
could be anywhere, when it was known to be in the claimer's hand, which
makes a true claim likelier.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from content.i18n import translate
from solver.cards import Card
from solver.yishang import CHALLENGE, Game
from solver.yishang.bots import make_bot, step
from solver.yishang.hints import claim_hint
from solver.yishang.odds import p_count, p_uniform, unseen_counts
from solver.yishang.ranks import parse_rank
from tests.yishang_helpers import deal

C = Card.parse
R = parse_rank


def _the_reported_table() -> Game:
    """Three players.  You play ♣5 face up; the next player plays ♠4 face
    down declaring 9 and you challenge: a bluff, they take the pile (♣5 and
    the revealed ♠4).  They lead ♥3, the player after them claims 3 and it
    stands, you play ♦4 face up, and the next player declares 4 face down."""
    g = deal(["5C 4D 4H 9S 10S JS KS", "4S 3H 6C 7C 8C KC AC", "3D 6D 7D 8D KD AD 2D"])
    g.play_up(C("5C"))
    g.play_down(C("4S"), R("9"))
    g.challenge(0)
    assert g.log[-1]["success"] and g.log[-1]["taker"] == 1
    assert sorted(map(str, g.known_cards(1))) == ["4S", "5C"]
    g.play_up(C("3H"))
    g.play_down(C("3D"), R("3"))
    g.accept()
    g.play_up(C("4D"))
    g.play_down(C("4S"), R("4"))
    return g


def test_a_revealed_card_taken_with_the_pile_is_not_counted_unseen() -> None:
    """R-Y-DOWN: ♠4, revealed and taken by the claimer, is theirs: of the 45
    cards you cannot see (52 − your 5 − ♥3 ♦4 face up) it is not one of the
    unseen 4s.  Counting cards alone the face-down card is any of the 7
    cards the claimer held, equally likely: ♠4, ♣5 and 5 drawn from the 43
    other cards you cannot place, one of them a 4 (♣4):
    P(true) = (1 + 5 · 1/43) / 7 = 48/301, a bluff 253/301 (84 %), not
    1 − 2/45 (96 %)."""
    g = _the_reported_table()
    h = claim_hint(g, 0)
    assert h.p_count == Fraction(253, 301)
    assert h.p_uniform == Fraction(43, 45)    # the contract's count, every unplaced card alike
    [odds] = [e for e in h.explanation if e.msgid.startswith("yishang.hint.challenge.odds")]
    assert odds.msgid == "yishang.hint.challenge.odds_known"
    assert odds.params["unseen"] == 43 and odds.params["copies"] == 1
    assert (odds.params["hand"], odds.params["known"], odds.params["known_copies"]) == (7, 2, 1)
    assert odds.params["p_count"] == "84%"
    said = {lang: translate(odds.msgid, lang, **odds.params) for lang in ("en", "zh-Hans", "zh-Hant")}
    assert "1 of the other 43 you cannot place has rank 4" in said["en"]
    assert "43张牌里有1张4" in said["zh-Hans"] and "43張牌裡有1張4" in said["zh-Hant"]
    assert all("4S" not in text and "84%" in text for text in said.values())
    # the claim was true: ♠4, the card everybody saw go into that hand
    g.challenge(0)
    assert g.log[-1]["revealed"] == "4S" and not g.log[-1]["success"]


def test_the_play_screen_hint_counts_the_taken_card_as_known() -> None:
    """The same count on the Play screen's hint (the calibrated table's
    chance is weighed, the count told is the claimer-aware one)."""
    from solver.yishang.bots import HintBot

    g = _the_reported_table()
    h = HintBot(temperature=0, table="normal").claim_advice(g, 0)
    [odds] = [e for e in h.explanation if e.msgid.startswith("yishang.hint.challenge.odds")]
    assert odds.msgid == "yishang.hint.challenge.odds_known" and odds.params["p_count"] == "84%"


def _known_card_played_face_down() -> Game:
    """The reported table until player 1, known to hold ♠4 and ♣5 (the pile
    they took), plays ♣5 face down declaring 9 and nobody challenges; player
    2 then plays ♦K face up."""
    g = deal(["5C 4D 4H 9S 10S JS KS", "4S 3H 6C 7C 8C KC AC", "3D 6D 7D 8D KD AD 2D"])
    g.play_up(C("5C"))
    g.play_down(C("4S"), R("9"))
    g.challenge(0)
    g.play_up(C("3H"))
    g.play_down(C("3D"), R("3"))
    g.accept()
    g.play_up(C("9S"))
    g.play_down(C("5C"), R("9"))
    g.accept()
    g.play_up(C("KD"))
    return g


def test_a_face_down_play_that_stands_unplaces_the_known_cards() -> None:
    """R-Y-DOWN: an unchallenged card is never turned over, so when a player
    known to hold ♠4 and ♣5 plays face down and nobody challenges, either
    may be the card played: neither is known to be in their hand any more
    (a later claim of theirs must not count ♠4 as certainly theirs), but
    both are still placed (their hand or their face-down card), never
    another claimer's card.  When somebody else takes the pile, ♣5 went
    with it and ♠4 stayed: nobody can tell which is where."""
    g = _known_card_played_face_down()
    assert g.known_cards(1) == []
    assert sorted(map(str, g.placed_cards(1))) == ["4S", "5C"]
    assert {"4S", "5C"} <= set(map(str, g.seen_by(0, exclude=2)))
    assert not {"4S", "5C"} & set(map(str, g.seen_by(0, exclude=1)))
    g.play_down(C("4H"), R("K"))    # you bluff, player 1 challenges: you take the pile
    g.challenge(1)
    assert g.log[-1]["taker"] == 0
    assert g.known_cards(1) == [] and g.placed_cards(1) == []
    assert C("5C") in g.hand(0) and C("5C") not in g.known_cards(0)   # taken face down, unseen


def test_the_player_who_takes_the_pile_knows_their_placed_cards_again() -> None:
    """R-Y-DOWN: the pile goes whole to the taker, their own face-down cards
    with it: what was placed is known to be in their hand again."""
    g = _known_card_played_face_down()
    g.play_down(C("KS"), R("K"))    # a true claim: challenger 1 takes the pile
    g.challenge(1)
    assert g.log[-1]["taker"] == 1
    assert {"4S", "5C", "KS", "3H", "9S", "KD"} <= set(map(str, g.known_cards(1)))
    assert g.placed_cards(1) == []


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_public_knowledge_is_always_true(seed: int, players: int) -> None:
    """R-Y-DOWN, R-Y-SETUP: at every moment of games between bots, a card
    "known to be in a hand" is in that hand (while that player's claim
    waits: in it or the card played), a placed card is in the hand or one of
    that player's face-down cards of the pile, and what an observer can
    place never holds the observer's own cards, the excluded player's cards
    or the pending claim's card, nor any card twice."""
    names = ["honest", "bluffer", "caller", "random"]
    rng = random.Random(seed)
    bots = [make_bot(names[(seed + i) % len(names)]) for i in range(players)]
    g = Game(players, seed)
    while not g.over:
        claim = g.claim if g.phase == CHALLENGE else None
        for p in range(players):
            hand = set(g.hand(p))
            if claim is not None and claim.player == p:
                hand.add(claim.card)
            assert set(g.known_cards(p)) <= hand, (p, g.log[-1])
            mine_down = {pc.card for pc in g.pile if not pc.face_up and pc.player == p}
            assert set(g.placed_cards(p)) <= set(g.hand(p)) | mine_down
            for o in range(players):  # what each player alone knows of p's hand is true too
                assert set(g.known_to(o, p)) <= hand, (o, p, g.log[-1])
        for o in range(players):
            for q in [None, *range(players)]:
                seen = g.seen_by(o, exclude=q)
                assert len(seen) == len(set(seen))
                assert not set(seen) & set(g.hand(o))
                if q is not None:
                    assert not set(seen) & set(g.hand(q))
                    if claim is not None and claim.player == q:
                        assert claim.card not in seen
        step(g, bots, rng)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_p_count_is_the_chance_of_any_card_of_the_claimer(data: st.DataObject) -> None:
    """R-Y-DOWN by enumeration: every hand the claimer may hold (their known
    cards plus any m of the cards the observer cannot place, equally
    likely) and every card of it equally likely to be the one played; the
    share of (hand, card) pairs where a challenge would fail is 1 −
    p_count.  Without known cards it is the plain count, p_uniform."""
    ranks = data.draw(st.lists(st.integers(3, 15), min_size=1, max_size=9))
    known = data.draw(st.lists(st.integers(3, 15), max_size=4))
    m = data.draw(st.integers(0, len(ranks)))
    if not known and m == 0:
        m = 1
    target = data.draw(st.integers(3, 15))
    declared = data.draw(st.integers(3, 15))
    unseen = [0] * 16
    for r in ranks + known:
        unseen[r] += 1
    k = [0] * 16
    for r in known:
        k[r] += 1
    fails = total = 0
    for extra in combinations(range(len(ranks)), m):
        held = known + [ranks[i] for i in extra]
        for r in held:
            total += 1
            fails += r == declared and r >= target
    want = 1 - Fraction(fails, total)
    assert p_count(target, declared, unseen, len(known) + m, k) == want
    if not known:
        assert want == p_uniform(target, declared, unseen)


def test_unseen_counts_of_the_reported_table_by_hand() -> None:
    """The count the old hint told, for the record: 45 cards, two 4s."""
    g = _the_reported_table()
    u = unseen_counts(g.hand(0), g.seen_by(0, exclude=1))
    assert sum(u) == 45 and u[4] == 2


def test_the_check_kind_counts_the_claimers_known_cards() -> None:
    """The ``yishang-challenge`` check, the reported table: ``p_uniform``
    keeps the contract's count (every card you cannot place alike, 43/45),
    ``p_count`` is the one the explanation tells (R-Y-DOWN)."""
    from checks import answer

    resp = answer({"kind": "yishang-challenge", "target": "3", "declared": "4",
                   "hand": "4H 9S 10S JS KS", "seen": "3H 4D", "pile_size": 2,
                   "claimer_cards": 6, "players": 3, "claimer_known": "4S 5C"})
    assert resp["p_uniform_exact"] == "43/45" and resp["p_count_exact"] == "253/301"
    [odds] = [e for e in resp["explanation"] if e["code"] == "yishang.hint.challenge.odds_known"]
    assert odds["params"]["p_count"] == "84%"
    plain = answer({"kind": "yishang-challenge", "target": "3", "declared": "4",
                    "hand": "4H 9S 10S JS KS", "seen": "3H 4D", "pile_size": 2})
    assert plain["p_count_exact"] == plain["p_uniform_exact"] == "43/45"



def test_your_own_face_down_card_taken_with_a_pile_is_one_you_can_place() -> None:
    """R-Y-DOWN: a challenge turns over the challenged card only; your own
    face-down cards in a pile another player takes go into that hand, and
    you know it.  A walk's hint counted such an A among "the 39 cards you
    cannot see" when the taker then claimed an A."""
    from solver.cards import parse_cards
    from solver.yishang.ranks import PACK

    hands = [parse_cards("AD 4C 9H"), parse_cards("5S 6S 7S 8S"), parse_cards("3D 4D 5D")]
    rest = [c for c in PACK if c not in {x for h in hands for x in h}]
    g = Game.from_deal(hands, rest)
    g.play_up(C("4C"))                 # player 0: target 4
    g.play_down(C("5S"), R("6"))       # player 1: a bluff (5 declared 6)
    g.accept()
    g.play_up(C("3D"))                 # player 2: below 6, draws
    g.play_down(C("AD"), R("7"))       # player 0: AD face down, declared 7: a bluff
    g.challenge(1)                     # player 1 calls: AD revealed, player 0 takes the pile
    assert g.log[-1]["taker"] == 0
    # the pile held player 1's 5S face down: player 1 alone knows it went to player 0
    assert C("5S") in g.known_to(1, 0) and C("5S") not in g.known_cards(0)
    assert C("5S") in g.seen_by(1) and C("5S") not in g.seen_by(2)
    assert C("5S") not in g.seen_by(1, exclude=0)
