"""The legality check kinds of CONTRACT.md: follow, forced, throw, safe-throw
(human form, --json, --jsonl, bad input, three languages)."""

from __future__ import annotations

import json
import select
import subprocess
import sys

import pytest

from checks import answer, answer_lines
from tutor.cli import main

CTX = {"rules": "henan", "level": "2", "trump": "S"}


def test_follow_contract_example_json(capsys):
    """CONTRACT.md's example: 3H 9H after 10H10H with 9H9H held breaks R-FOLLOW 2."""
    assert main(["check", "follow", "--rules", "henan", "--level", "2", "--trump", "S",
                 "--lead", "10H 10H", "--hand", "9H 9H 3H 4D 5S", "--play", "3H 9H", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["legal"] is False
    assert [(r["rule"], r["code"]) for r in out["reasons"]] == [("R-FOLLOW", "follow.pairs")]
    assert "9H 9H" in out["reasons"][0]["message"]


@pytest.mark.parametrize("lang, none", [("zh-Hans", "你的出牌里没有对子"), ("zh-Hant", "你的出牌裡沒有對子"),
                                         ("en", "your play has none")])
def test_a_follow_without_any_owed_pair_says_none_not_only_0(capsys, lang, none):
    """R-FOLLOW 2: 3H 9H after 10H 10H holds no pair where 9H 9H was owed;
    the reason said "你的出牌里只有0个对子" (only 0 pairs)."""
    assert main(["--lang", lang, "check", "follow", "--rules", "henan", "--level", "2", "--trump", "S",
                 "--lead", "10H 10H", "--hand", "9H 9H 3H 4D 5S", "--play", "3H 9H"]) == 0
    out = capsys.readouterr().out
    assert none in out and "0" not in out.replace("10", "")


def test_a_follow_without_any_card_of_the_suit_says_none(capsys):
    """R-FOLLOW 1: 4D after AH with 3H held: the play holds no heart."""
    assert main(["--lang", "zh-Hans", "check", "follow", "--rules", "henan", "--level", "2", "--trump", "S",
                 "--lead", "AH", "--hand", "3H 4D", "--play", "4D"]) == 0
    out = capsys.readouterr().out
    assert "你的出牌里一张也没有" in out and "只有0" not in out


def test_follow_legal_has_no_reasons():
    r = answer({"kind": "follow", **CTX, "lead": "10H 10H", "hand": "9H 9H 3H 4D 5S",
                "play": "9H 9H", "id": 1})
    assert r == {"id": 1, "legal": True, "reasons": []}


def test_follow_rule4_wusaner_reason():
    """R-W-FOLLOW through the check interface (seed 004)."""
    r = answer({"kind": "follow", "rules": "wusaner", "level": "A", "trump": "H",
                "lead": "BJ BJ", "hand": "SJ 5D 3C 9H 4S 6S", "play": "5D 9H"})
    assert r["legal"] is False and r["reasons"][0]["rule"] == "R-W-FOLLOW"


@pytest.mark.parametrize("lang,needle,rule", [("en", "pair", "Following (R-FOLLOW): "),
                                               ("zh-Hans", "对子", "跟牌："), ("zh-Hant", "對子", "跟牌：")])
def test_follow_human_form_localized(capsys, lang, needle, rule):
    """The refusal names R-FOLLOW by its title (with the R-ID only in English)."""
    assert main(["--lang", lang, "check", "follow", "--level", "2", "--trump", "S",
                 "--lead", "10H 10H", "--hand", "9H 9H 3H 4D 5S", "--play", "3H 9H"]) == 0
    out = capsys.readouterr().out
    assert needle in out and rule in out
    assert ("R-FOLLOW" in out) == (lang == "en")


def test_forced_answer():
    """R-FORCED: count, forced, always, example."""
    r = answer({"kind": "forced", **CTX, "lead": "10H 10H", "hand": "9H 4D 4D 5S"})
    assert r == {"legal_follows": 2, "forced": False, "always": "9H", "example": "5S 9H"} or \
        (r["legal_follows"], r["forced"], r["always"]) == (2, False, "9H")
    r = answer({"kind": "forced", **CTX, "lead": "10H 10H", "hand": "9H 9H 3H 4D 5S"})
    assert r["forced"] is True and r["example"] == "9H 9H" and r["legal_follows"] == 1


def test_throw_and_safe_throw_answers():
    """R-THROW-ADJ/FAIL and R-THROW-SAFE (seed 001's example) through the check interface."""
    r = answer({"kind": "throw", **CTX, "throw": "QH QH 9H 5H",
                "others": ["KH KH 10H 6H", "3D", "4D"]})
    assert r["stands"] is False and r["forced"] == {"type": "single", "cards": "5H"}
    assert len(r["beaten"]) == 3
    r = answer({"kind": "safe-throw", **CTX, "throw": "10C JC QC", "hand": "10C JC QC 3H",
                "seen": "AC AC KC KC QC JC 10C"})
    assert (r["safe"], r["threats"]) == (True, [])
    # why, unit by unit (an added field): the strongest unseen answer, which beats none
    assert [(a["unit"]["cards"], a["cards"], a["beats"]) for a in r["answers"]] == \
        [("QC", "9C", False), ("JC", "9C", False), ("10C", "9C", False)]


@pytest.mark.parametrize("req,code", [
    ({"kind": "follow", "lead": "10H 10H", "hand": "9H 3H", "play": "8H 9H"}, "not_in_hand"),
    ({"kind": "follow", "lead": "10H 10S", "hand": "9H 3H", "play": "3H 9H"}, "invalid"),
    ({"kind": "follow", "lead": "10H 10H", "hand": "9H", "play": "9H"}, "invalid"),
    ({"kind": "follow", "lead": "10H 10H", "hand": "9H 9H 9H", "play": "9H 9H"}, "bad_card"),
    ({"kind": "throw", "throw": "AH KD", "others": ["3H"]}, "invalid"),
    ({"kind": "safe-throw", "throw": "AH KH", "hand": "AH", "seen": ""}, "not_in_hand"),
    ({"kind": "forced", "lead": "", "hand": "9H"}, "bad_field"),
])
def test_bad_input_is_a_clear_error(req, code):
    r = answer({**req, **CTX})
    assert r["error"]["code"] == code and r["error"]["message"]


def test_wrong_count_is_a_verdict():
    r = answer({"kind": "follow", **CTX, "lead": "10H 10H", "hand": "9H 9H 3H", "play": "9H"})
    assert r["legal"] is False and r["reasons"][0]["code"] == "follow.count"


def test_jsonl_batch_and_cli_exit_codes():
    lines = [json.dumps({"kind": "follow", **CTX, "id": i, "lead": "10H 10H",
                         "hand": "9H 9H 3H 4D 5S", "play": p})
             for i, p in enumerate(["9H 9H", "3H 9H", "3H 8H"])]
    out = [json.loads(x) for x in answer_lines(lines)]
    assert [o.get("legal") for o in out[:2]] == [True, False]
    assert out[2]["id"] == 2 and "error" in out[2]
    proc = subprocess.run([sys.executable, "-m", "tutor", "check", "follow", "--lead", "10H 10S",
                           "--hand", "9H", "--play", "9H"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def _follow_line(i, play, **extra):
    return json.dumps({"kind": "follow", **CTX, "id": i, "lead": "10H 10H",
                       "hand": "9H 9H 3H 4D 5S", "play": play, **extra})


def test_jsonl_window_answers_as_one_by_one():
    """Lines answered together (the follow checks of a window in one CP-SAT
    solve) get the answers each gets alone, in order: R-FOLLOW 2 verdicts
    of two positions interleaved with another kind, a bad card, a play of
    the wrong size, a card the hand lacks, bad JSON and a blank line."""
    from checks import answer_line, answer_window

    lines = [_follow_line(0, "9H 9H"), _follow_line(1, "3H 9H"),
             json.dumps({"kind": "classify", **CTX, "id": 2, "cards": "5H 5H"}),
             _follow_line(3, "3H 8H"), _follow_line(4, "9H"), _follow_line(5, "9H 6H"),
             _follow_line(6, "4D 5S", hand="3H 4D 5S"), _follow_line(7, "3H 4D", hand="3H 4D 5S"),
             "{not json", "", _follow_line(10, "9H 9H", lead="10H 10S"),
             _follow_line(11, "9H 9H", trump="Q")]
    alone = [answer_line(x, no) for no, x in enumerate(lines, start=1)]
    together = answer_window(list(enumerate(lines, start=1)))
    assert together == alone
    out = [json.loads(x) for x in together]
    assert [o.get("legal") for o in out[:2]] == [True, False]
    assert [o.get("legal") for o in out[6:8]] == [False, True]
    assert all("error" in out[i] for i in (3, 5, 8, 9, 10, 11))


def test_jsonl_answers_each_line_before_the_next_comes():
    """Interactive use: the batch reads ahead only what is there; a follow
    check is answered while its sender waits (no end of input needed)."""
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "check", "--jsonl"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for i, (play, legal) in enumerate([("9H 9H", True), ("3H 9H", False), ("9H 9H", True)]):
            proc.stdin.write((_follow_line(i, play) + "\n").encode())
            proc.stdin.flush()
            # an answer within 60 s, while the sender still holds the input open
            assert select.select([proc.stdout], [], [], 60)[0], "no answer before more input"
            out = json.loads(proc.stdout.readline())
            assert out["id"] == i and out["legal"] is legal
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0 and proc.stdout.read() == b""
    finally:
        proc.kill()
        proc.wait()
