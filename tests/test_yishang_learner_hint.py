"""The Play screen's 一上一下 hint is the hint bot's choice (issue 18): the
same weights, the same model and the same reads of the table (who challenged
what, which claims were revealed true or false), its cheapest option; a
claim is weighed by its chance of a bluff calibrated for the table's level
(``HintBot(table=…)``, tests/test_yishang_calibration.py).

A shadow hint bot follows each game from the learner's seat, reading the log
record by record as the bench's bot does; at every decision of the learner
the screen's hint (computed on a snapshot, its reads rebuilt from the whole
log) must say what the shadow bot chooses (R-Y-UP, R-Y-DOWN)."""

from __future__ import annotations

import copy
import random

from solver.yishang.bots import HintBot
from solver.yishang.hints import play_hint
from tutor.tui.models.yishang import YishangTable


def _advice_at_each_decision(table: YishangTable, limit: int):
    """The screen's hint at each of the learner's decisions until the game
    ends (or ``limit`` decisions); the caller makes the move in between."""
    for _step in range(limit):
        if table.done:
            return
        job = table.hint_job()
        assert job is not None
        yield job()


def test_learner_hint_is_the_hint_bots_choice() -> None:
    decisions = {"up": 0, "down": 0, "challenge": 0, "pass": 0}
    differs_from_blind = 0
    for seed in range(40):
        table = YishangTable(seed=900 + seed, bots="normal")
        shadow = HintBot(temperature=0, table="normal")
        rng = random.Random(seed)
        for advice in _advice_at_each_decision(table, 80):
            game = table.game
            if table.waiting_challenge:
                want = shadow.wants_challenge(game, 0, rng)
                said = advice.reasons[0][0]  # the advice comes first on the Play screen
                advice_id = "yishang.hint.challenge.plain_" + ("challenge" if want else "pass")
                # _close: the chances read alike once rounded; _always: whatever
                # the card; _sure: the claim cannot be otherwise
                assert said in (advice_id, advice_id + "_close", advice_id + "_always",
                                advice_id + "_sure"), seed
                totals = [m for m, _p in advice.reasons if m.startswith("yishang.hint.challenge.advice_")]
                assert len(totals) == 1 and totals[0].startswith(
                    "yishang.hint.challenge.advice_" + ("challenge" if want else "pass")), seed
                decisions["challenge" if want else "pass"] += 1
                table.respond(want)
                continue
            card, declared = shadow.choose_play(game, 0, rng)
            assert advice.cards == (card,), seed
            if game.face_up:
                decisions["up"] += 1
            else:
                assert advice.declared == declared, seed
                decisions["down"] += 1
                blind = play_hint(copy.deepcopy(game), 0)   # default weights, no reads
                differs_from_blind += (blind.card, blind.declared) != (card, declared)
            table.take_advice(advice)
            assert table.play([card]) is None
    assert all(n > 0 for n in decisions.values()), decisions
    # the reads and the bot's weights change the advice somewhere (not the table-blind hint)
    assert differs_from_blind > 0


def test_a_play_hint_names_its_card_once() -> None:
    """"Hint: play ♣4 face up. Play ♣4 face up: your lowest card that
    reaches the target 3 …" said the play twice (read at 80×24): when a
    reason names the card, the head is only "Hint:" and that reason comes
    first; the face-down rank is still set from the advice (R-Y-UP, R-Y-DOWN)."""
    from content.i18n import LANGUAGES, _, set_language
    from tutor.tui.widgets.cards import card_label, display_params
    seen_down = seen_up = 0
    for lang in LANGUAGES:
        set_language(lang)
        try:
            for seed in range(12):
                table = YishangTable(seed=700 + seed, bots="normal")
                for advice in _advice_at_each_decision(table, 60):
                    if table.waiting_challenge:
                        table.respond(False)
                        continue
                    card = card_label(advice.cards[0], "glyphs", lang)
                    head = _(advice.source, card=card, **advice.params)
                    text = head + "".join(_(c, **display_params(dict(p), "glyphs", lang))
                                          for c, p in advice.reasons)
                    assert text.count(card) == 1, text
                    if table.game.face_up:
                        seen_up += 1
                    else:
                        assert advice.declared is not None
                        seen_down += 1
                    table.take_advice(advice)
                    assert table.play(list(advice.cards)) is None
        finally:
            set_language("en")
    assert seen_up and seen_down
