"""Who takes the trick, as the bots at the table will play it.

A hint's "your partner takes this trick in every sampled deal" was counted
with each follower playing what the search rates best on the deal; the
Play screen's bots at the normal strength are baseline bots, who may not
(a walk of 2026-12-04: the partner held the big joker, the hint said it
would take the learner's ♦5 lead, and the baseline partner discarded).
With ``followers="baseline"`` the hint finishes the trick in its deals as
the baseline bot does; these tests check that this is what the bots play
(R-FOLLOW, R-BEAT: the trick's winner is the engine's), and that the Play
screen asks for it at that strength only."""

from __future__ import annotations

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from solver.cards import FACES
from solver.search import claims
from solver.search import hint as hint_mod
from solver.search.hint import hint, knowledge_of, tools
from solver.search.model import faces
from solver.search.opponent import BaselineModel
from solver.search.selfplay import hint_positions
from solver.trick import trick_winner
from tests.test_hint_claims import assert_honest
from tutor.tui.models.shengji import ShengjiTable

RULES = ("henan", "tractor", "wusaner")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), every=st.integers(3, 9))
@example(seed=256, every=3)  # equal trumps: 2C given, 2D in the model
@example(seed=275, every=3)  # a redeal: no position
def test_the_baseline_continuation_is_what_the_baseline_bots_play(seed: int, every: int) -> None:
    """On the real deal, the rest of the trick after the seat's own play,
    finished by the baseline model, is the trick four baseline bots played
    (every ``every``-th decision of a seeded self-played hand), up to which
    of two equal cards a bot gave: between equal cards (the same trump rank,
    as 2C and 2D at level 2) the bot takes the one dealt to it first, an
    order no other seat sees (tractor seed 256).  Equal cards take the trick
    alike and carry the same points (R-BEAT, R-TIE, R-TRICK-POINTS), and
    the winner is the same."""
    rules = RULES[seed % 3]
    positions = list(hint_positions(rules, seed))
    # a deal nobody declares on is dealt again (R-W-DECLARE; wusaner seed 275):
    # no card is played, nothing to compare
    assume(positions)
    final = positions[-1].tricks
    checked = 0
    for hp in positions[::every]:
        m = len(hp.tricks)
        if m >= len(final):
            continue  # the last trick: not in the finished list
        leader, plays = final[m]
        pos = hp.hidden
        mine = plays[len(pos.trick)]
        k = knowledge_of(pos, hp.tricks)
        table, moves = tools(pos.ctx)
        hands = tuple(faces(hp.full.hand(s)) for s in range(4))
        kitty = faces(hp.full.kitty) if hp.full.kitty else ()
        model = BaselineModel(pos.ctx, hp.tricks, dealer=pos.dealer, leads=False)
        end = claims.continue_trick(k, faces(mine), hands, kitty, table, moves, model)  # type: ignore[arg-type]
        ctx = pos.ctx

        def ranks(cards: object) -> list[tuple[str, int, int]]:
            return sorted((ctx.suit_of(c), ctx.pos(c), c.points) for c in cards)  # type: ignore[attr-defined]

        assert [ranks(FACES[f] for f in p) for p in end.plays] == [ranks(p) for p in plays]
        assert end.leader == leader == pos.leader
        assert end.winner == (leader + trick_winner(ctx, [list(p) for p in plays])) % 4
        checked += 1
    assert checked >= 2


def test_hints_with_the_bots_continuation_stay_honest() -> None:
    """The reasons of hints whose trick is finished as the baseline bots
    play are checked claims like any other (assert_honest: each sampled
    trick replays legally and its winner is the engine's)."""
    said = 0
    for seed in (97001, 97002):
        for i, hp in enumerate(hint_positions(RULES[seed % 3], seed)):
            if i % 11 or len(hp.hidden.hand(hp.hidden.turn)) < 2:
                continue
            hint_mod._CARRY.clear()
            h = hint(hp.hidden, budget=20.0, seed=hp.seed, deals=16, tricks=hp.tricks,
                     followers="baseline")
            assert_honest(hp.hidden, h)
            said += sum(1 for r in h.reasons if r.claim is not None and r.claim.ends)
    hint_mod._CARRY.clear()
    assert said >= 5


def test_the_play_screen_counts_the_trick_as_its_bots_play() -> None:
    """Normal strength: baseline bots, so the hint finishes tricks as they
    do; the strong (search) and easy (random) bots are not the baseline."""
    assert ShengjiTable("tractor", seed=1, bots="normal").followers == "baseline"
    assert ShengjiTable("tractor", seed=1, bots="strong").followers is None
    assert ShengjiTable("tractor", seed=1, bots="easy").followers is None
