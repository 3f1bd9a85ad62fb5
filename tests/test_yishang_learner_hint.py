"""The Play screen's 一上一下 hint is the hint bot's choice (issue 18): the
same weights, the same model and the same reads of the table (who challenged
what, which claims were revealed true or false), its cheapest option.

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


def test_learner_hint_is_the_hint_bots_choice() -> None:
    decisions = {"up": 0, "down": 0, "challenge": 0, "pass": 0}
    differs_from_blind = 0
    for seed in range(40):
        table = YishangTable(seed=900 + seed, bots="normal")
        shadow = HintBot(temperature=0)
        rng = random.Random(seed)
        steps = 0
        while not table.done and steps < 80:
            steps += 1
            job = table.hint_job()
            assert job is not None
            advice = job()
            game = table.game
            if table.waiting_challenge:
                want = shadow.wants_challenge(game, 0, rng)
                said = advice.reasons[-1][0]
                assert said == "yishang.hint.challenge.advice_" + ("challenge" if want else "pass"), seed
                decisions["challenge" if want else "pass"] += 1
                table.respond(want)
                continue
            card, declared = shadow.choose_play(game, 0, rng)
            assert advice.cards == (card,), (seed, steps)
            if game.face_up:
                decisions["up"] += 1
            else:
                assert advice.declared == declared, (seed, steps)
                decisions["down"] += 1
                blind = play_hint(copy.deepcopy(game), 0)   # default weights, no reads
                differs_from_blind += (blind.card, blind.declared) != (card, declared)
            table.take_advice(advice)
            assert table.play([card]) is None
    assert all(n > 0 for n in decisions.values()), decisions
    # the reads and the bot's weights change the advice somewhere (not the table-blind hint)
    assert differs_from_blind > 0
