"""The check interface of CONTRACT.md for the core kinds: human form, --json, --jsonl, bad input."""

import json
import subprocess
import sys

import pytest

from checks import answer, answer_lines
from tutor.cli import main


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "tutor", *args], input=stdin, capture_output=True,
                          text=True, timeout=60)


def test_classify_json(capsys):
    assert main(["check", "classify", "--rules", "henan", "--level", "6", "--trump", "S",
                 "--cards", "5C 5C 7C 7C", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"type": "tractor", "suit": "C", "units": [{"type": "tractor", "cards": "7C 7C 5C 5C"}]}


def test_trick_and_score_answers():
    r = answer({"kind": "trick", "rules": "henan", "level": "2", "trump": "S",
                "plays": ["9H 9H", "AH KH", "3S 3S", "4S 4S"], "id": 3})
    assert r == {"id": 3, "winner": 3, "points": 10}  # KH
    r = answer({"kind": "score", "rules": "henan", "trump": "S", "attacker_points": 60,
                "kitty": "KH 10S 5D", "last_lead": "3C 3C 4C 4C", "attackers_won_last": True})
    assert (r["total"], r["outcome"], r["levels"]) == (260, "attackers_up", 4)


@pytest.mark.parametrize("lang,needle", [("en", "tractor"), ("zh-Hans", "拖拉机"), ("zh-Hant", "拖拉機")])
def test_human_form_localized(capsys, lang, needle):
    assert main(["--lang", lang, "check", "classify", "--level", "6", "--trump", "S",
                 "--cards", "5C 5C 7C 7C"]) == 0
    assert needle in capsys.readouterr().out


@pytest.mark.parametrize("args,needle", [
    (["check", "classify", "--cards", "5C 1X"], "'1X'"),
    (["check", "classify", "--cards", "5C 5C 5C"], "5C appears 3 times"),
    (["check", "classify", "--rules", "bogus", "--cards", "5C"], "bogus"),
    (["check", "classify", "--level", "1", "--cards", "5C"], "level"),
    (["check", "trick", "--plays", "AH", "KH KH"], "has 2 cards"),
    (["check", "score", "--attacker-points", "7", "--kitty", ""], "multiple of 5"),
    (["check", "classify", "--option", "nonsense=1", "--cards", "5C"], "nonsense"),
])
def test_bad_input_exit_2_one_line(args, needle):
    """Invalid input: exit 2 and one clear line on stderr naming the problem, no traceback."""
    p = run(*args)
    assert p.returncode == 2
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], p.stderr
    assert "Traceback" not in p.stderr



@pytest.mark.parametrize("lang,args,word", [
    ("zh-Hans", ["check", "classify", "--cards", "5C 5C 5C"], "错误"),
    ("zh-Hant", ["hint", "--budget", "x"], "錯誤"),
    ("zh-Hans", ["nosuch"], "错误"),
])
def test_bad_input_line_uses_chinese_punctuation(lang, args, word):
    """A Chinese error line reads "命令：错误：…" (full-width colons), not "命令: 错误: …"."""
    p = run("--lang", lang, *args)
    assert p.returncode == 2
    (line,) = p.stderr.strip().splitlines()
    assert f"：{word}：" in line and ": " not in line, line


@pytest.mark.parametrize("lang,args,name", [
    ("zh-Hant", ["frobnicate"], "「命令」"),
    ("zh-Hans", ["check", "nothing"], "“检查类型”"),
    ("zh-Hans", ["puzzles", "nothing"], "“操作”"),
    ("zh-Hant", ["yishang", "nothing"], "「命令」"),
])
def test_an_unknown_command_is_named_in_the_learners_language(lang, args, name):
    """The walk of 2026-12-04 read "參數 COMMAND：無效的選擇": the argument
    an unknown word was taken for is named in Chinese, quoted, on one line."""
    p = run("--lang", lang, *args)
    assert p.returncode == 2
    (line,) = p.stderr.strip().splitlines()
    assert name in line and not any(w in line for w in ("COMMAND", "KIND", "ACTION")), line

def test_jsonl_batch_continues_after_errors():
    reqs = [
        {"kind": "classify", "cards": "1X", "id": 1},
        {"kind": "classify", "cards": "AH", "hand": "AH", "id": 2},   # mixed request fields
        "not json",
        {"kind": "nope", "id": 4},
        {"kind": "classify", "cards": "BJ BJ SJ SJ", "id": 5},
    ]
    lines = [json.dumps(r) if isinstance(r, dict) else r for r in reqs]
    p = run("check", "--jsonl", stdin="\n".join(lines) + "\n")
    assert p.returncode == 0, p.stderr
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert [o.get("id") for o in out] == [1, 2, None, 4, 5]
    assert out[0]["error"]["code"] == "bad_card"
    assert out[1]["error"]["code"] == "unknown_field"
    assert out[2]["error"]["code"] == "bad_json"
    assert out[3]["error"]["code"] == "unknown_kind"
    assert out[4]["type"] == "tractor"


def test_jsonl_in_process_order_preserved():
    lines = [json.dumps({"kind": "classify", "cards": c, "id": i}) for i, c in enumerate(["AH", "AH AH", "KH"])]
    out = [json.loads(x) for x in answer_lines(lines)]
    assert [o["type"] for o in out] == ["single", "pair", "single"]


def test_help_lists_subcommands():
    p = run("--help")
    assert p.returncode == 0 and "check" in p.stdout
    p = run("check", "classify", "--help")
    assert p.returncode == 0 and "--cards" in p.stdout



@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_selfplay_help_says_what_each_bot_name_is(lang):
    """The bot names are typed as they are (baseline, search1-3); the help
    says which is Play's normal bot and which its strong one, in the words
    the Play screen uses (a walk read four bare English names)."""
    from content.i18n import translate
    from tutor.commands.selfplay import BOT_NAMES

    out = " ".join(run("--lang", lang, "selfplay", "--help").stdout.split())
    assert all(name in out for name in BOT_NAMES)
    for level in ("normal", "strong"):
        assert translate(f"tui.bots.{level}", lang).lower() in out.lower(), level


@pytest.mark.parametrize("lang,args", [("zh-Hans", ["--help"]), ("zh-Hant", ["check", "follow", "--help"])])
def test_chinese_help_headings_end_with_fullwidth_colon(lang, args):
    """--help in Chinese: "选项：" as a heading, never "选项:"; English keeps "options:"."""
    out = run("--lang", lang, *args).stdout
    headings = [x for x in out.splitlines() if x and not x.startswith(" ") and x.rstrip().endswith(("：", ":"))]
    assert headings and all(h.endswith("：") for h in headings), headings
    assert "options:" in run("--lang", "en", *args).stdout


def _command_summaries(parser):
    """(name, summary) of every command listed by ``parser`` and by the
    parsers under it (``check``'s kinds, ``yishang``'s commands …)."""
    import argparse
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                yield choice.dest, choice.help
            for sub in action.choices.values():
                yield from _command_summaries(sub)


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_command_summaries_read_alike(lang):
    """The command lists of --help read as one list: no summary ends with a
    full stop ("列出各门课程的课。" beside "回答规则问题：…" read as two
    styles), and English summaries start with a capital letter."""
    from content.i18n import get_language, set_language
    from tutor.cli import build_parser
    before = get_language()
    set_language(lang)
    try:
        summaries = list(_command_summaries(build_parser()))
    finally:
        set_language(before)
    assert len(summaries) >= 15, summaries          # every command and check kind
    for name, text in summaries:
        assert text and not text.endswith((".", "。")), (name, text)
        if lang == "en":
            assert text[0].isupper(), (name, text)


@pytest.mark.parametrize("lang,args,reason", [
    ("zh-Hans", ["hint", "--position", "/nonexistent/position.json"], "没有这个文件或文件夹"),
    ("zh-Hant", ["replay", "/nonexistent/hands.jsonl"], "沒有這個檔案或資料夾"),
    ("zh-Hant", ["replay", "."], "這是一個資料夾，不是檔案"),
    ("zh-Hans", ["selfplay", "--out", "/nonexistent/x.jsonl"], "没有这个文件或文件夹"),
    ("en", ["replay", "/nonexistent/hands.jsonl"], "no such file or folder"),
])
def test_file_errors_say_why_in_the_learners_language(lang, args, reason):
    """"无法读取/nonexistent：No such file or directory" gave the system's
    English reason inside a Chinese line; the reason is now in the chosen
    language, on one line, with exit status 2 and no traceback."""
    p = run("--lang", lang, *args)
    assert p.returncode == 2, p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and reason in lines[0], p.stderr
    assert "No such file" not in p.stderr and "Traceback" not in p.stderr


def test_os_reason_words_and_fallback():
    import errno
    from content.i18n import os_reason, set_language
    set_language("zh-Hans")
    try:
        assert os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory")) == "没有这个文件或文件夹"
        assert os_reason(errno.EACCES) == "没有权限"
        # an error without words of its own keeps the system's, marked as such
        assert os_reason(OSError(errno.EIO, "Input/output error")) == "系统错误（Input/output error）"
    finally:
        set_language("en")


@pytest.mark.parametrize("lang,args,says", [
    ("en", ["check", "follow", "--lead", "10H"], "the option --hand is required"),
    ("zh-Hant", ["check", "score", "--attacker-points", "10"], "缺少選項--kitty"),
    ("zh-Hans", ["check", "score", "--kitty", "5H", "--attacker-points", "abc"], "--attacker-points必须是"),
])
def test_command_line_errors_name_options_not_json_fields(lang, args, says):
    """The command line said "a 'follow' request needs the field 'hand'" and
    "attacker_points必须是…整数": the JSON interface's words for a person
    who typed options.  It names the option; --jsonl keeps the field."""
    p = run("--lang", lang, *args)
    assert p.returncode == 2 and says in p.stderr, p.stderr
    assert len(p.stderr.strip().splitlines()) == 1
    resp = answer({"kind": "follow", "lead": "10H"})
    assert resp["error"]["code"] == "missing_field" and "'hand'" in resp["error"]["message"]


@pytest.mark.parametrize("args", [["lessons", "--lang", "zh-Hans"], ["lessons", "--lang=zh-Hans"],
                                  ["--lang", "zh-Hans", "lessons"]])
def test_lang_may_follow_the_command(args):
    """--lang is the program's option, accepted after the command as well
    ("lessons --lang zh-Hans" was refused as an unknown argument, a walk)."""
    p = run(*args)
    assert p.returncode == 0, p.stderr
    assert "拖拉机" in p.stdout and "Tractor" not in p.stdout


def test_a_bad_lang_after_the_command_is_one_clear_line():
    p = run("lessons", "--lang", "xx")
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert "--lang" in p.stderr and "xx" in p.stderr


def test_a_card_not_in_the_hand_names_both_options():
    """R-FOLLOW on the command line: the error names both fields as the
    options they were typed as ("5H in '--play' is not in 'hand'", a walk)."""
    p = run("check", "follow", "--rules", "henan", "--level", "2", "--trump", "S", "--lead", "3H",
            "--hand", "3H 4C", "--play", "5H")
    assert p.returncode == 2 and "'--play'" in p.stderr and "'--hand'" in p.stderr, p.stderr


def test_the_tractor_course_answers_to_both_names():
    """The tractor course is "common" for lessons and "tractor" for puzzles;
    each command takes either (a walk typed one where the other was asked)."""
    a, b = run("lessons", "--game", "tractor"), run("lessons", "--game", "common")
    assert a.returncode == 0 and a.stdout == b.stdout
    c, d = run("puzzles", "--game", "common"), run("puzzles", "--game", "tractor")
    assert c.returncode == 0 and c.stdout == d.stdout
