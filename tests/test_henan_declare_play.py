"""R-H-DECLARE on the Play screen: the declarations it offers you come from
the henan flow, so a joker pair alone is never offered while no declaration
stands (seed 001: 常主不可进行报主; it only overturns, R-H-OVERTURN)."""

from __future__ import annotations

from solver.cards import BIG_JOKER, SMALL_JOKER
from tutor.tui.models.shengji import ShengjiTable


def _joker_only(option: tuple[object, ...]) -> bool:
    return all(c in (SMALL_JOKER, BIG_JOKER) for c in option)


def test_play_screen_never_offers_a_joker_pair_as_first_declaration() -> None:
    for seed in range(40):
        t = ShengjiTable("henan", seed=seed, human_declare=True)
        while t.pending:
            if t.hand.standing is None:
                assert not any(_joker_only(o) for o in t.pending), (seed, t.pending)
            t.pass_declare()
    # Seeds 7 and 25 deal you both big jokers before anyone declares: until
    # issue 16 the screen offered them as 抢报.
    for seed in (7, 25):
        h = ShengjiTable("henan", seed=seed, human_declare=True).hand
        first = next(i for i, r in enumerate(h.log) if r.op == "declare")
        dealt = [str(c) for r in h.log[:first] if r.op == "deal" and r.seat == 0 for c in r.cards]
        assert dealt.count("BJ") == 2, seed


def _play_out(t: ShengjiTable) -> None:
    """Pass every declaration and riot, bury and play the suggestions to the hand's end."""
    while not t.done:
        if t.pending:
            t.pass_declare()
        elif t.riot_offer:
            t.answer_riot(False)
        else:
            (t.bury if t.burying else t.play)(t.suggest())


def test_a_later_hands_dealer_and_overturn_are_said_with_their_why() -> None:
    """The audit of the Play screen, henan's second hand: "对家亮小王 ♣2报主。
    对家拿了底牌，盖下8张。" then "你现在可以报主：1) 大王 大王" — why declare
    after the kitty was taken, and why the dealer changed, unsaid.  The new
    hand's first event names its dealer and the R-ROTATE reason (the
    dealers held: the dealer's partner deals; else the player after the
    dealer), and the offer after the dealer buried is 反主炒底 (R-H-OVERTURN:
    new trump, you take the kitty and bury again, the dealer stays)."""
    from content.i18n import translate

    t = ShengjiTable("henan", seed=0, human_declare=True)
    _play_out(t)
    old_dealer, res = t.hand.dealer, t.hand.result
    assert t.next_hand()
    held = t.match.state.dealer_team == res.defenders
    assert t.hand.setup.dealer == ((old_dealer + 2) % 4 if held else (old_dealer + 1) % 4)
    first = t.events[0]
    assert first.msgid == ("tui.play.ev.rotate_held" if held else "tui.play.ev.rotate_taken")
    assert "由原庄家的对家坐庄" in translate(first.msgid, "zh-Hans", **first.params)
    while not t.pending:  # seed 0: Left declares, Right buries, then your 反主炒底 chance
        (t.bury if t.burying else t.play)(t.suggest())
    assert t.hand.phase.value == "chaodi" and t.declare_words == "tui.play.chaodi_prompt"
    said = translate(t.declare_words, "zh-Hans", n=t.rules.kitty_size)
    assert "反主" in said and "底牌" in said and "重新盖8张" in said and "庄家不变" in said
    assert "bury 8 cards yourself; the dealer stays" in translate(t.declare_words, "en", n=8)
    # the deal is over: x passes (it read "or x to let the deal go on")
    assert t.declare_help == "tui.play.declare_help_after"
    assert "发牌" not in translate(t.declare_help, "zh-Hans")


def test_a_first_hand_overturn_says_you_become_dealer() -> None:
    """R-H-OVERTURN, first hand (反主反打): the overturner becomes dealer."""
    from content.i18n import translate

    t = ShengjiTable("henan", seed=7, human_declare=True)
    while t.pending and t.hand.standing is None:
        t.pass_declare()
    assert t.pending and t.hand.standing is not None and t.declare_words == "tui.play.overturn_prompt"
    assert "你成为庄家" in translate(t.declare_words, "zh-Hans")
