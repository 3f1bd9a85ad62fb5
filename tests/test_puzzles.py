"""The puzzle bank: sizes per game, stable ids, every answer re-verified with
the engine (checks.answer), localized questions and explanations."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from content.i18n import LANGUAGES, catalog
from solver.games import GAMES, SHENGJI_PRESETS
from lessons.puzzles import (ANSWER_FIELDS, check_puzzle_answer, engine_response, explain,
                             generate_puzzles, load_puzzles, options, puzzle_id)

BANK = load_puzzles()


def test_bank_sizes():
    counts = Counter(p.game for p in BANK)
    for g in GAMES:
        assert counts[g.name] >= 0.9 * g.puzzles, g.name
    for game in SHENGJI_PRESETS:
        kinds = {p.kind for p in BANK if p.game == game}
        assert {"trick", "score", "follow", "forced", "throw", "safe-throw"} <= kinds


def test_ids_are_stable_and_unique():
    assert len({p.id for p in BANK}) == len(BANK)
    for p in BANK:
        assert p.id == puzzle_id(p.game, p.request)


def test_every_puzzle_answer_reverified_by_engine():
    """Ask the engine each puzzle's question again; its answer is accepted,
    every other offered answer is rejected."""
    for p in BANK:
        resp = engine_response(p.request)
        assert "error" not in resp, (p.id, resp)
        right = resp[p.answer_field]
        assert check_puzzle_answer(p, right).correct, p.id
        opts = options(p)
        if opts is None:
            assert not check_puzzle_answer(p, int(right) + 5).correct
        else:
            wrong = [v for _m, _p, v in opts if v != right]
            assert wrong and not any(check_puzzle_answer(p, v).correct for v in wrong), p.id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_puzzle_messages_exist(lang):
    table = catalog(lang)
    ids = {p.question for p in BANK} | {p.explanation for p in BANK} | {
        "puzzle.verdict.right", "puzzle.verdict.wrong"}
    assert not [m for m in ids if m not in table]


def _fields(msgid, lang):
    import string

    return {f for _t, f, _s, _c in string.Formatter().parse(catalog(lang)[msgid]) if f}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explanations_and_questions_fill_every_placeholder(lang):
    from lessons.puzzles import explanation_params

    for kind in ANSWER_FIELDS:
        p = next(p for p in BANK if p.kind == kind)
        params = explanation_params(p, engine_response(p.request))
        assert _fields(p.explanation, lang) <= set(params), (kind, lang)
        assert _fields(p.question, lang) <= set(p.params), (kind, lang)
        assert explain(p)


def test_generation_is_deterministic_and_verified():
    a = generate_puzzles("henan", 12, seed=7)
    b = generate_puzzles("henan", 12, seed=7)
    assert [p.id for p in a] == [p.id for p in b]
    assert len(a) == 12
    for p in a:
        assert check_puzzle_answer(p, engine_response(p.request)[p.answer_field]).correct


def test_puzzles_command_json(capsys):
    from tutor.cli import main

    assert main(["puzzles", "--json"]) == 0
    items = json.loads(capsys.readouterr().out)
    from lessons.play_puzzles import load_play_puzzles  # the play bank is listed too (issue 17)

    assert len(items) == len(BANK) + len(load_play_puzzles())
    assert set(items[0]) == {"id", "game", "kind", "rating"}


def test_puzzles_generate_command(tmp_path, capsys):
    from tutor.cli import main

    assert main(["puzzles", "generate", "--game", "wusaner", "--count", "6", "--seed", "3",
                 "--out", str(tmp_path)]) == 0
    lines = (tmp_path / "wusaner.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 6
    bank = load_puzzles("wusaner", root=tmp_path)
    assert all(check_puzzle_answer(p, engine_response(p.request)[p.answer_field]).correct for p in bank)


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=8)
@given(seed=st.integers(0, 10_000), game=st.sampled_from([g.name for g in GAMES]))
def test_generated_puzzles_always_verify(seed, game):
    """Property: whatever the deal, every generated puzzle has an engine answer
    that check_puzzle_answer accepts, and a stable id."""
    for p in generate_puzzles(game, 5, seed):
        resp = engine_response(p.request)
        assert "error" not in resp
        assert check_puzzle_answer(p, resp[p.answer_field]).correct
        assert p.id == puzzle_id(game, p.request)


def test_yishang_count_reads_by_its_plural_forms():
    """R-Y-DOWN counting sentence: "1 has" / "4 have" the declared rank (a
    plural form, not "4 of them are As"), the rank written as the game names
    it, in the three languages."""
    from content.i18n import set_language
    from lessons.puzzles import yishang_params

    seen: set[int] = set()
    try:
        for p in load_puzzles("yishang"):
            resp = engine_response(p.request)
            odds = next((e["params"] for e in resp["explanation"]
                         if e["code"] == "yishang.hint.challenge.odds"), None)
            if odds is None:  # a claim below the target or with no copy left: no counting sentence
                continue
            copies, declared = odds["copies"], odds["declared"]
            seen.add(min(copies, 2))
            for lang in ("en", "zh-Hans", "zh-Hant"):
                set_language(lang)
                count = yishang_params(resp)["count"]
                if lang == "en":
                    verb = "has" if copies == 1 else "have"
                    assert f", {copies} {verb} the declared rank {declared};" in count, count
                    assert f"{declared}s" not in count
                else:
                    assert f"{copies}张" in count or f"{copies}張" in count, count
                    assert count.endswith(f"{declared}；"), count
    finally:
        set_language("en")
    assert 2 in seen
    from content.i18n import translate  # the bank holds no single copy: the singular form directly

    assert ", 1 has the declared rank A;" in translate("puzzle.x.yishang.count", "en", unseen=47, copies=1,
                                                       declared="A")


#: What a wrong yes/no answer must be told, by the engine's truth: the
#: sentence states the truth the learner missed (R-FOLLOW, R-FORCED,
#: R-THROW-BEAT, R-THROW-SAFE).
_TRUTH_SAYS = {
    "legal": {True: "Nothing is broken", False: "breaks a duty"},
    "forced": {True: "Only one play", False: "More than one play"},
    "stands": {True: "No other hand can beat", False: "Another hand can beat"},
    "safe": {True: "Every card that could beat", False: "Some cards this player has not seen"},
}


def test_a_wrong_yes_no_answer_is_told_the_truth_it_missed():
    """Answering "no" to "is there only one legal follow?" (lead ♣8♣8 into
    ♣K ♣Q: only ♣K ♣Q can follow) was told "more than one play meets the
    duties here": the message for the opposite mistake.  Every yes/no
    puzzle of the bank, answered wrongly, must now be told what the engine
    says is true."""
    from content.i18n import set_language
    set_language("en")
    seen = set()
    for p in BANK:
        if p.answer_field not in _TRUTH_SAYS:
            continue
        truth = engine_response(p.request)[p.answer_field]
        v = check_puzzle_answer(p, not truth)
        assert not v.correct
        text = v.text()
        assert _TRUTH_SAYS[p.answer_field][truth] in text, (p.id, truth, text)
        assert _TRUTH_SAYS[p.answer_field][not truth] not in text, (p.id, truth, text)
        seen.add((p.answer_field, truth))
    assert seen == {(f, t) for f in _TRUTH_SAYS for t in (True, False)}, seen


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_a_forced_puzzle_gives_the_engines_reason(lang):
    """A forced-follow puzzle's explanation named only R-FORCED ("Forced:
    the only legal follow is ♥8 ♠3. Rule: Forced follows"); it now gives
    the obligation that pins the follow, from the engine's forced check
    (R-FOLLOW, R-W-FOLLOW), in every language."""
    from content.i18n import set_language
    set_language(lang)
    try:
        seen = 0
        for p in BANK:
            if p.answer_field != "forced":
                continue
            resp = engine_response(p.request)
            if not resp["forced"]:
                continue
            text = check_puzzle_answer(p, True).text()
            assert resp["reasons"] and resp["reasons"][0]["message"] in text, (p.id, text)
            seen += 1
    finally:
        set_language("en")
    assert seen >= 10


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_puzzles_listing_speaks_plain_words(lang, capsys):
    """`puzzles` printed "henan：570题  (follow 80, forced 48, …)": a preset
    id and kind ids in a Chinese line.  Each game and kind has its name in
    the chosen language."""
    from tutor.cli import main
    assert main(["--lang", lang, "puzzles"]) == 0
    out = capsys.readouterr().out
    from lessons.play_puzzles import all_puzzles
    bank = all_puzzles(None)
    games, kinds = {p.game for p in bank}, {p.kind for p in bank}
    assert "play" in kinds and out.count("\n") == len(games) == 4
    assert "cli.puzzles" not in out
    for word in [*games, *kinds] if lang != "en" else games:  # English kind names are English words
        assert not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", out), (word, out)
