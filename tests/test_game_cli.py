"""``selfplay`` and ``replay`` commands: output, determinism, and refusal of
truncated or edited histories (exit 2, one line naming the first bad line)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from solver.games import SHENGJI_PRESETS
from tutor.cli import main


def _selfplay(tmp_path: Path, rules: str, hands: int = 2, seed: int = 5) -> Path:
    out = tmp_path / f"{rules}.jsonl"
    assert main(["selfplay", "--rules", rules, "--hands", str(hands), "--seed", str(seed),
                 "--out", str(out)]) == 0
    return out


@pytest.mark.parametrize("rules", SHENGJI_PRESETS)
def test_selfplay_writes_contract_fields_and_replays(tmp_path: Path, rules: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = _selfplay(tmp_path, rules)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    for line in lines:
        d = json.loads(line)
        for key in ("rules", "level", "trump", "options", "dealer", "hands", "kitty", "tricks",
                    "attacker_points", "total", "outcome", "levels"):
            assert key in d
        assert len(d["hands"]) == 4 and all(set(t) >= {"leader", "plays"} for t in d["tricks"])
        assert "declarations" in d and "penalties" in d and "log" in d
    capsys.readouterr()
    assert main(["replay", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Trick 1" in text and "Hand 2" in text


def test_selfplay_json_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["selfplay", "--rules", "tractor", "--hands", "2", "--seed", "11", "--json"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    data = json.loads(first)
    assert data["hands"] == 2 and len(data["results"]) == 2


def test_replay_localized(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _selfplay(tmp_path, "henan", hands=1)
    capsys.readouterr()
    assert main(["--lang", "zh-Hant", "replay", str(out)]) == 0
    text = capsys.readouterr().out
    assert "第1輪" in text and "閒家" in text


def test_truncated_history_rejected_naming_the_line(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = _selfplay(tmp_path, "wusaner", hands=2)
    text = out.read_text(encoding="utf-8")
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[: len(text) - 200], encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(cut)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "line 2" in err and "Traceback" not in err


@pytest.mark.parametrize("edit", ["total", "play", "trick_cut", "log_cut", "field"])
def test_edited_history_rejected_naming_the_line(tmp_path: Path, edit: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = _selfplay(tmp_path, "henan", hands=3)
    lines = out.read_text(encoding="utf-8").splitlines()
    d = json.loads(lines[1])
    if edit == "total":
        d["total"] += 5
    elif edit == "play":
        d["tricks"][2]["plays"][1], d["tricks"][3]["plays"][1] = \
            d["tricks"][3]["plays"][1], d["tricks"][2]["plays"][1]
        d.pop("log")
    elif edit == "trick_cut":
        d["tricks"] = d["tricks"][:-1]
        d.pop("log")
    elif edit == "log_cut":
        d["log"] = d["log"][:-5]
    else:
        del d["outcome"]
    lines[1] = json.dumps(d)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and err.count("\n") == 1 and "Traceback" not in err


def test_bad_arguments_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--rules", "yishang"]) == 2
    assert main(["selfplay", "--rules", "henan", "--option", "nope=1"]) == 2
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 3


@pytest.mark.parametrize("lang, names", [
    ("en", ("Henan Shuangsheng", "Five-Three-Two Shengji")),
    ("zh-Hans", ("河南双升", "五三二升级", "拖拉机")),
    ("zh-Hant", ("河南雙升", "五三二升級", "拖拉機")),
])
def test_unknown_rules_name_the_games_not_only_their_ids(
        lang: str, names: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    """The error for an unknown --rules lists what the flag takes (R-OPT's
    presets) with each game's name in the learner's language: one line."""
    from content.i18n import set_language

    try:
        assert main(["--lang", lang, "selfplay", "--rules", "nope"]) == 2
    finally:
        set_language("en")
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "henan" in err and "tractor" in err
    assert all(n in err for n in names)


def test_replay_step_forward_and_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    import io

    out = _selfplay(tmp_path, "tractor", hands=1)
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("n\nn\nb\nq\n"))
    assert main(["replay", str(out), "--step"]) == 0
    text = capsys.readouterr().out
    # start, trick 1, trick 2, back to trick 1, then quit
    assert text.count("Trick 1,") == 2 and text.count("Trick 2,") == 1 and "Trick 3," not in text


def test_selfplay_with_search_bots_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    """The Bot protocol admits the hint engine's search bots (seats 0 and 2 here)."""
    args = ["selfplay", "--rules", "wusaner", "--hands", "1", "--seed", "4", "--json",
            "--bots", "search1,baseline,search1,baseline"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    assert main(["selfplay", "--bots", "baseline,baseline"]) == 2


#: What the learner reads for the dealer, the first leader (1-based) and
#: the teams: seats are counted from 1 in text, from 0 in files and flags.
SEAT_TEXT = {
    "en": ("dealer seat {dealer},", "Trick 1, seat {leader} leads:", "  Seat {seat}:",
           "team one (seats 1 and 3)"),
    "zh-Hans": ("{dealer}号位坐庄，", "第1轮，{leader}号位首出：", "  {seat}号位：", "一队（1、3号位）"),
    "zh-Hant": ("{dealer}號位坐莊，", "第1輪，{leader}號位首出：", "  {seat}號位：", "一隊（1、3號位）"),
}
#: A seat or team counted from 0 in human text (座位0, seat 0, team 1, 0队).
ZERO_BASED = r"座位|[Ss]eat 0\b|seats 0|(?<!\d)0[号號]位|\bteam [01]\b|(?<![\d一二])[01][队隊]"


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_selfplay_and_replay_count_seats_from_one(tmp_path: Path, lang: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The files keep seats 0-3 (shared/CONTRACT.md); the text a learner
    reads says seat 1 to seat 4 (1号位…4号位) and names the teams."""
    out = tmp_path / "h.jsonl"
    assert main(["--lang", lang, "selfplay", "--rules", "henan", "--hands", "1", "--seed", "5",
                 "--out", str(out)]) == 0
    summary = capsys.readouterr().out
    hand = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    dealer, first, seat, team = SEAT_TEXT[lang]
    assert dealer.format(dealer=hand["dealer"] + 1) in summary
    assert team in summary
    assert main(["--lang", lang, "replay", str(out)]) == 0
    replay = capsys.readouterr().out
    assert first.format(leader=hand["tricks"][0]["leader"] + 1) in replay
    for k in range(1, 5):  # each seat's hand, then its plays
        assert replay.count(seat.format(seat=k)) >= 2
    for text in (summary, replay):
        assert not re.search(ZERO_BASED, text), re.search(ZERO_BASED, text)


#: A log that does not replay, in words: the seat counted from 1 as the
#: replay names it, the engine's refusal in the learner's language.
REFUSAL = {
    "not_held": {"en": "Seat {seat} does not hold", "zh-Hans": "{seat}号位手里没有",
                 "zh-Hant": "{seat}號位手裡沒有"},
    "turn": {"en": "It is seat {turn}'s turn, not seat {seat}'s.", "zh-Hans": "现在轮到{turn}号位，不是{seat}号位。",
             "zh-Hant": "現在輪到{turn}號位，不是{seat}號位。"},
    "follow": {"en": "is not a legal follow: Follow suit", "zh-Hans": "不是合法的跟牌：必须跟出",
               "zh-Hant": "不是合法的跟牌：必須跟出"},
}


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
@pytest.mark.parametrize("edit", sorted(REFUSAL))
def test_a_log_that_does_not_replay_says_why_in_words(tmp_path: Path, edit: str, lang: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """The engine's refusal was shown as its English log line with the bare
    rule ("breaks R-FOLLOW: seat 3 does not hold SJ") even in Chinese; now
    it is the localized refusal, seats counted from 1."""
    out = _selfplay(tmp_path, "henan", hands=1)
    d = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    log = d["log"]
    first, second = [i for i, r in enumerate(log) if r[0] == "play"][:2]
    seat, leader = log[second][1], log[first][1]
    lead_suit = log[first][2].split()[0][-1]
    held = d["hands"][seat].split()
    n = len(log[first][2].split())
    if edit == "not_held":
        log[second][2] = next(c for c in d["hands"][leader].split() if c not in held)
    elif edit == "turn":
        log[second][1] = leader
    else:  # cards it holds, of another plain suit, while it holds the led suit
        other = [c for c in held if c[-1] not in (lead_suit, d["trump"]) and c[:-1] not in ("2", "BJ", "SJ")
                 and not c.startswith(d["level"])]
        assert sum(c[-1] == lead_suit for c in held) >= n and len(other) >= n
        log[second][2] = " ".join(other[:n])
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(d) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["--lang", lang, "replay", str(bad)]) == 2
    err = capsys.readouterr().err
    words = REFUSAL[edit][lang].format(seat=(leader if edit == "turn" else seat) + 1,
                                       turn=seat + 1)
    assert words in err, err
    assert "R-" not in err and "?" not in err
    if lang != "en":
        assert not re.search(r"\b(does|hold|turn|seat)\b", err), err


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
@pytest.mark.parametrize("argv", [["selfplay", "--hands", "abc"], ["selfplay", "--seed", "x"],
                                  ["check", "trick", "--rules", "foo", "--plays", "9H"]])
def test_a_bad_value_is_said_in_chinese(lang: str, argv: list[str],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A bad number or rules name gets one line in the learner's language:
    no "int" (argparse's type name), and a rules id the flag takes comes
    with its game's name (a learner walk read "无效的 int 值" and "可用
    henan、wusaner、tractor")."""
    from content.i18n import set_language

    try:
        try:
            code = main(["--lang", lang, *argv])
        except SystemExit as exc:  # argparse's own refusal
            code = exc.code
        assert code == 2
    finally:
        set_language("en")
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert " int " not in err and "int值" not in err and "invalid" not in err
    if "--rules" in argv:
        assert "henan" in err and ("河南双升" in err or "河南雙升" in err), err


@pytest.mark.parametrize("edit", ["trump", "hand"])
def test_a_bad_history_field_is_named_and_a_changed_hand_says_which_cards(
        tmp_path: Path, edit: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A walk: a bad trump was told as "Field rules: 'X' is not a trump
    suit"; a hand with a card taken out as two identical lists cut short
    ("hands[0] says 2S JS AS … but replaying gives 2S JS AS …").  The trump
    field is named, and a changed hand says which card it lacks (R-DECK:
    the deal is replayed from the log)."""
    out = _selfplay(tmp_path, "henan", hands=1)
    d = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    if edit == "trump":
        d["trump"] = "X"
    else:
        gone = d["hands"][0].split()[-1]
        d["hands"][0] = " ".join(d["hands"][0].split()[:-1])
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(d) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    if edit == "trump":
        assert "trump" in err and "rules" not in err.split("line 1")[1][:20], err
    else:
        assert "hands[0]" in err and f"lacks {gone}" in err, err


def test_a_bad_json_line_names_one_line_and_an_empty_file_is_said_empty(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A walk read "line 2: This line is not valid JSON (line 1, column 1)"
    (two line numbers) and "not valid JSON" for an empty position file."""
    good = _selfplay(tmp_path, "henan", hands=1).read_text(encoding="utf-8")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(good + "garbage{\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "line 1" not in err and "character 1" in err, err
    empty = tmp_path / "empty.json"
    empty.write_text("", encoding="utf-8")
    assert main(["hint", "--position", str(empty)]) == 2
    err = capsys.readouterr().err
    assert "is empty" in err and "not valid JSON" not in err and err.count("\n") == 1, err


def test_an_unknown_rule_option_lists_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    """R-OPT: an unknown --option name was told without the names the flag
    takes (a walk); the error lists them, in one line."""
    import dataclasses

    from solver.rules import preset

    assert main(["selfplay", "--option", "foo=1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'foo'" in err
    for f in dataclasses.fields(preset("henan")):
        assert (f.name in err) == (f.name not in ("name", "flow")), f.name


def test_replay_names_a_wusaner_overcall(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """R-W-DECLARE, R-W-OVERCALL: replay said "亮" for 五三二's overcall too
    (a walk read "2号位亮大王 ♥J ♥J ♥10 ♥10", which the rules call 顶牌).
    A declaration with the small joker is 亮牌, one with the big joker 顶牌."""
    from content.i18n import set_language

    out = tmp_path / "w.jsonl"
    assert main(["selfplay", "--rules", "wusaner", "--hands", "2", "--seed", "0", "--out", str(out)]) == 0
    capsys.readouterr()
    try:
        assert main(["--lang", "zh-Hans", "replay", str(out)]) == 0
    finally:
        set_language("en")
    text = capsys.readouterr().out
    shows = [ln for ln in text.splitlines() if "亮牌：" in ln or "顶牌：" in ln]
    assert any("顶牌：大王" in ln for ln in shows) and any("亮牌：小王" in ln for ln in shows), shows
    assert all(("大王" in ln) == ("顶牌" in ln) for ln in shows)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_lessons_of_one_course_are_numbered_as_the_app_lists_them(
        lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A walk read "河南 5. 主牌与大小顺序" in the app and "河南双升 1." in
    `lessons`: with --game, the course is listed as the app lists it, the
    common lessons it requires first (marked), with the app's numbers."""
    from content.i18n import set_language, translate
    from lessons.catalog import course_list, load_lessons

    try:
        assert main(["--lang", lang, "lessons", "--game", "henan"]) == 0
        out = capsys.readouterr().out.splitlines()
        want = course_list(load_lessons(), "henan")
        rows = [ln for ln in out if ln.startswith("  ")]
        assert len(rows) == len(want)
        for i, (row, lesson) in enumerate(zip(rows, want), 1):
            assert row.startswith(f"  {i}. {translate(lesson.title, lang)}"), row
            assert (lesson.game != "henan") == ("拖拉机" in row or "Tractor" in row), row
    finally:
        set_language("en")


@pytest.mark.parametrize("rules", ["henan", "tractor"])
def test_replay_tells_a_later_declaration_as_an_overturn(tmp_path: Path, rules: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """R-H-OVERTURN, R-T-DECLARE: replay's lines for declarations say what
    each did, as the Play screen does: the first declares (报主), a later one
    of another seat overturns (反主), one of the same seat strengthens its
    own; "3号位亮大王 ♦2" alone read as 五三二's 亮牌 (a walk)."""
    import json
    import re

    from content.i18n import set_language

    out = tmp_path / "h.jsonl"
    assert main(["selfplay", "--rules", rules, "--hands", "60", "--seed", "0", "--out", str(out)]) == 0
    capsys.readouterr()
    seats_per_hand = []
    for line in out.read_text(encoding="utf-8").splitlines():
        hand = json.loads(line)
        seats_per_hand.append([r[1] for r in hand["log"] if r[0] == "declare"])
    assert any(len(s) >= 2 for s in seats_per_hand), seats_per_hand
    try:
        assert main(["--lang", "zh-Hans", "replay", str(out)]) == 0
    finally:
        set_language("en")
    text = capsys.readouterr().out
    told = [ln.strip() for ln in text.splitlines() if re.match(r"\s*\d号位亮", ln)]
    want = []
    for seats in seats_per_hand:
        for i, s in enumerate(seats):
            want.append("报主" if i == 0 else ("加固" if seats[i - 1] == s else "反主"))
    got = ["加固" if "加固" in ln else ("反主" if "反主" in ln else "报主") for ln in told]
    assert got == want, (told, want)
