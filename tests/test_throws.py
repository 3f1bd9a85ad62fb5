"""Throws: R-THROW-BEAT, R-THROW-ADJ, R-THROW-FAIL (penalties), R-THROW-SAFE,
legal leads (R-LEAD), and ruffing a throw (R-COVER)."""

from __future__ import annotations

import pytest

from solver import cpsat
from solver.games import SHENGJI_PRESETS
from solver.cards import format_cards, parse_cards
from solver.errors import InvalidCardsError
from solver.generator import legal_leads
from solver.rules import preset
from solver.throws import throw_penalty, throw_safe, throw_verdict
from solver.trick import trick_winner
from solver.units import classify
from tests.legal_gen import context

P = parse_cards
HENAN = context("henan", 2, "S")


def test_r_throw_safe_seed001_first_example():
    """Seed 001: ♣10♣J♣Q after ♣AA ♣KK ♣Q ♣J ♣10 are out is safe (R-THROW-SAFE)."""
    hand = P("10C JC QC 3H 4H 5D")
    seen = P("AC AC KC KC QC JC 10C")
    assert throw_safe(HENAN, P("10C JC QC"), hand, seen).safe
    assert cpsat.throw_is_safe(HENAN, P("10C JC QC"), hand, seen).ok
    # Without the seen cards the unseen ♣A/♣K/♣Q... beat the singles.
    v = throw_safe(HENAN, P("10C JC QC"), hand, [])
    assert not v.safe and len(v.threats) == 3


def test_r_throw_safe_seed001_second_example():
    """Seed 001: ♣K + ♣JJ after ♣AA ♣QQ are out is safe (R-THROW-SAFE)."""
    hand = P("KC JC JC 9D")
    seen = P("AC AC QC QC")
    assert throw_safe(HENAN, P("KC JC JC"), hand, seen).safe
    assert cpsat.throw_is_safe(HENAN, P("KC JC JC"), hand, seen).ok
    # One ♣Q unseen: it cannot beat ♣K, and ♣QQ is not possible → still safe;
    # one ♣A unseen beats ♣K.
    assert throw_safe(HENAN, P("KC JC JC"), hand, P("AC QC QC")).threats[0].cards == (P("KC")[0],)


def test_r_throw_beat_pair_needs_a_higher_pair_not_two_singles():
    """R-THROW-BEAT: a pair is beaten by a higher pair (or tractor), not by higher singles."""
    v = throw_verdict(HENAN, P("AH 9H 9H"), [P("KH QH JH"), P("3D"), P("4D")])
    assert v.stands and v.beaten == () and v.forced is None
    v = throw_verdict(HENAN, P("AH 9H 9H"), [P("JH JH"), P("3D"), P("4D")])
    assert not v.stands and format_cards(v.forced.cards) == "9H 9H"


def test_r_throw_beat_tractor_needs_a_longer_or_equal_higher_tractor():
    """R-THROW-BEAT: a tractor is beaten only by a tractor of ≥ its length with a higher top."""
    throw = P("AH 8H 8H 7H 7H")
    assert throw_verdict(HENAN, throw, [P("KH KH 10H 10H"), P(""), P("")]).stands
    v = throw_verdict(HENAN, throw, [P("10H 10H 9H 9H"), P(""), P("")])
    assert not v.stands and format_cards(v.forced.cards) == "8H 8H 7H 7H"


def test_r_throw_beat_only_led_suit_counts_partner_included():
    """R-THROW-BEAT: a void player who could ruff does not make a throw fail; partners count."""
    throw = P("AH KH")
    assert throw_verdict(HENAN, throw, [P("3S 3S BJ"), P("4D"), P("5C")]).stands
    assert not throw_verdict(HENAN, throw, [P("3D"), P("AH"), P("5C")]).stands  # partner at seat 2


def test_r_throw_fail_smallest_unit_fewest_cards_then_lowest():
    """R-THROW-FAIL: the forced unit is the smallest beaten one: fewest cards, then lowest top."""
    throw = P("QH QH 9H 5H")
    v = throw_verdict(HENAN, throw, [P("KH KH 10H 6H"), P(""), P("")])
    assert {format_cards(u.cards) for u in v.beaten} == {"QH QH", "9H", "5H"}
    assert format_cards(v.forced.cards) == "5H"
    w = cpsat.throw_stands(HENAN, throw, [P("KH KH 10H 6H"), P(""), P("")])
    assert w.forced == v.forced and set(w.beaten) == set(v.beaten)


def test_r_throw_adj_one_unit_always_stands():
    """A single unit is not a throw: it always stands (R-LEAD)."""
    assert throw_verdict(HENAN, P("3H 3H"), [P("AH AH"), P(""), P("")]).stands


def test_r_throw_fail_penalties_by_preset():
    """R-THROW-FAIL: henan stake:0.5, tractor points:10 per card (sign by side), wusaner none."""
    assert throw_penalty(preset("henan"), 3, True) == ("stake", 0.5, 0)
    assert throw_penalty(preset("tractor"), 3, True) == ("points", 0.0, 30)
    assert throw_penalty(preset("tractor"), 2, False) == ("points", 0.0, -20)
    assert throw_penalty(preset("wusaner"), 3, False) == ("none", 0.0, 0)


def test_mixed_suit_throw_is_an_error():
    """R-LEAD: mixed suits are illegal."""
    with pytest.raises(InvalidCardsError):
        throw_verdict(HENAN, P("AH AD"), [P(""), P(""), P("")])
    with pytest.raises(InvalidCardsError):
        throw_safe(HENAN, P("AH KH"), P("AH"), [])


def test_r_cover_ruff_of_throw_needs_matching_structure():
    """R-COVER: trumps that don't match the throw's pairs don't win; matching ones do."""
    lead = P("AH AH KH")          # pair + single
    assert trick_winner(HENAN, [lead, P("3S 4S 5S"), P("4D 5D 6D"), P("7D 8D 9D")]) == 0
    assert trick_winner(HENAN, [lead, P("3S 3S 4S"), P("4D 5D 6D"), P("7D 8D 9D")]) == 1


def test_legal_leads_units_and_throws():
    """R-LEAD: singles, pairs, tractors always; throws only if they stand / are safe."""
    hand = P("AH AH KH KH 9H 3D")
    leads = {format_cards(x) for x in legal_leads(HENAN, hand)}
    assert {"AH", "AH AH", "AH AH KH KH", "3D", "9H"} <= leads
    assert all(classify(HENAN, P(x)).type != "throw" for x in leads)
    others = [P("QH QH 10H"), P("4D"), P("5C")]
    throws = {format_cards(x) for x in legal_leads(HENAN, hand, others=others)
              if classify(HENAN, x).type == "throw"}
    # 9H is beaten by 10H; AA KK tractor + 9H fails; AH KH KH stands.
    assert "AH AH KH KH" not in throws and "AH AH KH KH 9H" not in throws
    assert "AH KH KH" in throws and "AH AH KH" in throws
    for t in throws:
        assert throw_verdict(HENAN, P(t), others).stands


def test_legal_leads_safe_throws_seed001():
    """R-THROW-SAFE via legal_leads(seen=...): seed 001's ♣10♣J♣Q is generated."""
    hand = P("10C JC QC 3H")
    seen = P("AC AC KC KC QC JC 10C")
    throws = {format_cards(x) for x in legal_leads(HENAN, hand, seen=seen)
              if classify(HENAN, x).type == "throw"}
    assert "QC JC 10C" in throws


@pytest.mark.parametrize("name", SHENGJI_PRESETS)
def test_legal_leads_match_brute_force(name):
    """R-LEAD / R-THROW-ADJ / R-THROW-SAFE: on small hands, legal_leads yields
    exactly the one-suit sub-multisets that are one unit, or a throw that
    stands against the others and is safe given the seen cards; each once."""
    import random
    from collections import Counter

    from solver.cards import deck
    from tests.legal_gen import random_context, sub_multisets

    rng = random.Random(99)
    for _ in range(15):
        ctx = random_context(rng, name)
        pack = deck()
        rng.shuffle(pack)
        suit = ctx.suit_of(pack[0])
        same = [c for c in pack if ctx.suit_of(c) == suit]
        hand = same[:rng.randint(1, 8)] + pack[100:102]
        hand = list((Counter(hand) & Counter(deck())).elements())
        rest = list((Counter(pack) - Counter(hand)).elements())
        rng.shuffle(rest)
        others = [rest[:8], rest[8:16], rest[16:24]]
        seen = rest[30:30 + rng.randint(0, 60)]
        for kw in ({}, {"others": others}, {"seen": seen}, {"others": others, "seen": seen}):
            got = [tuple(sorted(c.index for c in x)) for x in legal_leads(ctx, hand, **kw)]
            assert len(got) == len(set(got))
            want = set()
            for size in range(1, len(hand) + 1):
                for sub in sub_multisets(hand, size):
                    c = classify(ctx, sub)
                    if c.type == "invalid":
                        continue
                    if c.type == "throw":
                        if not kw:
                            continue
                        if "others" in kw and not throw_verdict(ctx, sub, others).stands:
                            continue
                        if "seen" in kw and not throw_safe(ctx, sub, hand, seen).safe:
                            continue
                    want.add(tuple(sorted(x.index for x in sub)))
            assert set(got) == want
