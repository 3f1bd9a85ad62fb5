"""Hostile input at every entry (issue 19): each reproduction of the issue
exits 2 with one localized line and no traceback, the batch answers every
line in order, output files are never destroyed, and property tests feed
hostile values to every entry (batch line, flags, position and history
files, rule options, stored settings)."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from content.i18n import set_language
from checks import answer, answer_line
from tutor.cli import main
from checks.inputs import (
    MAX_BUDGET, MAX_LINE_BYTES, InputError, check_options, escape, lines, parse_budget, parse_int,
    text_lines)
from tutor.store import Store

ROOT = Path(__file__).resolve().parent.parent
POSITION = {"rules": "henan", "level": "2", "trump": "S", "options": {},
            "hands": ["6C", "7C", "8C", "KH 3H"], "dealer": 0, "leader": 0,
            "trick": ["4H", "BJ", "5H"], "attacker_points": 40, "kitty": "5D 10D", "played": ""}


@pytest.fixture(autouse=True)
def _english():
    set_language("en")
    yield
    set_language("en")


def run(*args: str, stdin: bytes | None = b"", env: dict[str, str] | None = None,
        **kw) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], input=stdin, capture_output=True,
                          timeout=120, cwd=ROOT, env={**os.environ, **(env or {})}, **kw)


def one_error_line(err: str) -> str:
    """stderr is exactly one line, an error, with no traceback and no raw control character."""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert not any(ord(c) < 32 and c != "\n" for c in err), err
    return err


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        rc = main(list(argv))
    except SystemExit as exc:  # argparse usage errors
        rc = int(exc.code or 0)
    out, err = capsys.readouterr()
    return rc, out, err


# -- the reproductions of the issue, on the command line ---------------------------------


@pytest.mark.parametrize("value", ["²", "--5", "1" + "0" * 100, "9" * 5000, "١٢", "300"])
def test_check_score_integer_flags(capsys, value):
    rc, out, err = cli(capsys, "check", "score", "--attacker-points", value, "--kitty", "")
    assert rc == 2 and out == ""
    one_error_line(err)


@pytest.mark.parametrize("value", ["²", "--5", "9" * 5000])
def test_check_yishang_challenge_integer_flags(capsys, value):
    rc, out, err = cli(capsys, "check", "yishang-challenge", "--target", "5", "--declared", "5",
                       "--hand", "6H 7H", "--seen", "", "--pile-size", value)
    assert rc == 2 and out == ""
    one_error_line(err)


def _hostile_files(tmp_path: Path) -> dict[str, Path]:
    files = {
        "binary": b"\x00\x01\x02\xff\xfe" * 100,
        "undecodable": b'{"rules": "henan\xff"}',
        "nested": b"[" * 100_000 + b"]" * 100_000,
        "huge_int": b'{"attacker_points": ' + b"9" * 5000 + b"}",
        "huge_int_string": b'{"attacker_points": "' + b"9" * 5000 + b'"}',
        "escape": json.dumps({**POSITION, "hands": ["5H\u001b]0;owned\u0007\u001b[2J", "", "", ""]}
                             ).encode(),
        "points": json.dumps({**POSITION, "attacker_points": 10 ** 30}).encode(),
        "options": json.dumps({**POSITION, "options": {"level_sequence": []}}).encode(),
    }
    out = {}
    for name, data in files.items():
        p = tmp_path / f"{name}.json"
        p.write_bytes(data)
        out[name] = p
    return out


@pytest.mark.parametrize("name", ["binary", "undecodable", "nested", "huge_int", "huge_int_string",
                                  "escape", "points", "options"])
def test_hint_and_check_hint_on_hostile_position_files(capsys, tmp_path, name):
    path = str(_hostile_files(tmp_path)[name])
    for argv in (["hint", "--position", path], ["check", "hint", "--position", path]):
        rc, out, err = cli(capsys, *argv)
        assert rc == 2 and out == "", (argv, out)
        one_error_line(err)
        assert "\x1b" not in err


def _history_line(tmp_path: Path) -> dict:
    out = tmp_path / "one.jsonl"
    assert main(["selfplay", "--hands", "1", "--out", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8").splitlines()[0])


@pytest.mark.parametrize("name", ["binary", "undecodable", "nested", "huge_int", "stake",
                                  "options", "escape"])
def test_replay_on_hostile_histories(capsys, tmp_path, name):
    good = _history_line(tmp_path)
    capsys.readouterr()
    data = {
        "binary": b"\x00\xff\xfe\n",
        "undecodable": json.dumps(good).encode() + b"\n" + b'{"rules": "\xff"}\n',
        "nested": b"[" * 100_000 + b"\n",
        "huge_int": json.dumps({**good, "total": 1}).replace('"total": 1', '"total": ' + "9" * 5000
                                                             ).encode(),
        "stake": json.dumps({**good, "penalties": [{"stake": 1}]}).replace(
            '"stake": 1', '"stake": 1' + "0" * 400).encode(),
        "options": json.dumps({**good, "options": {"throw_penalty": 5}}).encode(),
        "escape": json.dumps({**good, "kitty": "5H\u001b[2J"}).encode(),
    }[name]
    path = tmp_path / "h.jsonl"
    path.write_bytes(data)
    rc, out, err = cli(capsys, "replay", str(path))
    assert rc == 2
    one_error_line(err)
    if name == "undecodable":  # the good hand before the bad line was shown
        assert "Attackers" in out or "attackers" in out


def test_selfplay_bad_option_and_existing_out(capsys, tmp_path):
    rc, out, err = cli(capsys, "selfplay", "--option", "level_sequence=")
    assert rc == 2
    one_error_line(err)
    target = tmp_path / "h.jsonl"
    target.write_text("keep me\n", encoding="utf-8")
    rc, out, err = cli(capsys, "selfplay", "--hands", "1", "--out", str(target))
    assert rc == 2 and "--force" in err
    one_error_line(err)
    assert target.read_text(encoding="utf-8") == "keep me\n"
    rc, out, err = cli(capsys, "selfplay", "--hands", "1", "--out", str(target), "--force")
    assert rc == 0 and json.loads(target.read_text(encoding="utf-8").splitlines()[0])["rules"]


def test_yishang_selfplay_validates_before_opening(capsys, tmp_path):
    target = tmp_path / "y.jsonl"
    target.write_text("keep me\n", encoding="utf-8")
    for bad in (["--option", "hand_size=x"], ["--bots", "x,y,z,w"], ["--option", "nope"]):
        rc, out, err = cli(capsys, "yishang", "selfplay", "--games", "2", "--out", str(target),
                           "--force", *bad)
        assert rc == 2
        one_error_line(err)
        assert target.read_text(encoding="utf-8") == "keep me\n"
    assert [p.name for p in tmp_path.iterdir()] == ["y.jsonl"]


def _limit_file_size() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))


@pytest.mark.parametrize("argv", [["selfplay", "--hands", "3"],
                                  ["yishang", "selfplay", "--games", "20"]])
def test_a_failed_write_keeps_the_old_file(tmp_path, argv):
    """The disk refuses the write (a 2 kB file size limit): exit 2, one
    line, the old file whole and no temporary file left."""
    target = tmp_path / "out.jsonl"
    target.write_text("old contents\n", encoding="utf-8")
    p = run(*argv, "--out", str(target), "--force", preexec_fn=_limit_file_size)
    assert p.returncode == 2, p.stderr
    one_error_line(p.stderr.decode())
    assert target.read_text(encoding="utf-8") == "old contents\n"
    assert [q.name for q in tmp_path.iterdir()] == ["out.jsonl"]


def test_argparse_errors_are_localized(capsys):
    for lang, word in (("zh-Hans", "无法识别的参数"), ("zh-Hant", "無法辨識的參數")):
        rc, out, err = cli(capsys, "--lang", lang, "selfplay", "--bogus")
        assert rc == 2 and word in err
        one_error_line(err)
    rc, out, err = cli(capsys, "--lang", "zh-Hans", "hint")
    assert rc == 2 and "缺少以下参数" in err


def test_lang_without_a_value_is_a_usage_error(capsys):
    """A usage error naming --lang (it used to open the app)."""
    rc, out, err = cli(capsys, "--lang")
    assert rc == 2 and "--lang" in err and "expected one argument" in err
    one_error_line(err)


def test_no_terminal_exits_with_a_message():
    p = run(stdin=b"")
    assert p.returncode == 2 and b"terminal" in p.stderr
    one_error_line(p.stderr.decode())


def test_ctrl_c_while_the_modules_load_prints_no_traceback():
    """Ctrl-C after ``tutor.cli`` is imported but before a command runs (the
    slow imports): exit 130, no traceback.  (Python's own start-up, before
    any line of the program runs, is Python's to report.)"""
    code = ("import sys, time, tutor.cli; print('ready', flush=True); "
            "import checks, solver.search.hint; time.sleep(30)")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and b"Traceback" not in err, err


def test_ctrl_c_in_a_running_batch_prints_no_traceback():
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "check", "--jsonl"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b'{"id": 1, "kind": "classify", "cards": "5H"}\n')
    proc.stdin.flush()
    assert json.loads(proc.stdout.readline())["id"] == 1  # now it waits for the next line
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and b"Traceback" not in err, err
    one_error_line(err.decode())


CPSAT_LOOP = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
from solver import cpsat
from solver.cards import parse_cards
from tests.legal_gen import context
ctx = context("henan", "2", "S")
lead = parse_cards("3H 3H 4H 4H 5H 5H")
hand = parse_cards("6H 6H 7H 8H 9H 9H 10H JH QH QH KH AH 6D 7D 8D 9D 10D JD QD KD AD 3C 4C 5C")
print("ready", flush=True)
start = time.time()
try:
    while time.time() - start < 60:
        cpsat.follow_count(ctx, lead, hand)
except KeyboardInterrupt:
    print("stopped", flush=True)
    sys.exit(130)
"""


def test_ctrl_c_during_cpsat_solves_stops_the_program():
    """CP-SAT catches Ctrl-C by default and only ends the solve it is in,
    so a long command (puzzles generate, a review) ran on: the solver is
    told to leave the signal to the program, which stops at once."""
    from solver import cpsat

    assert cpsat._solver().parameters.catch_sigint_signal is False
    proc = subprocess.Popen([sys.executable, "-c", CPSAT_LOOP], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
    import time

    time.sleep(1.0)  # well inside the loop of solves
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and out == b"stopped\n", (proc.returncode, out, err)


def test_puzzles_generate_never_replaces_a_bank_without_force(capsys, tmp_path, monkeypatch):
    """An existing bank (the shipped one without --out) is refused in one
    line before any puzzle is made, and left as it was; --force replaces it
    whole."""
    import lessons.play_puzzles as play_mod
    import lessons.puzzles as bank_mod

    shipped = tmp_path / "shipped"
    monkeypatch.setattr(bank_mod, "PUZZLE_DIR", shipped)
    monkeypatch.setattr(play_mod, "PLAY_DIR", shipped / "play")
    shipped.mkdir()
    (shipped / "henan.jsonl").write_text("precious\n", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "henan.jsonl").write_text("mine\n", encoding="utf-8")
    for args in ([], ["--out", str(out)]):
        rc, so, err = cli(capsys, "--lang", "zh-Hans", "puzzles", "generate", "--game", "henan",
                          "--count", "1", "--kind", "legality", *args)
        assert rc == 2 and so == "" and "--force" in one_error_line(err), err
    assert (shipped / "henan.jsonl").read_text(encoding="utf-8") == "precious\n"
    assert (out / "henan.jsonl").read_text(encoding="utf-8") == "mine\n"
    rc, so, err = cli(capsys, "puzzles", "generate", "--game", "henan", "--count", "1",
                      "--kind", "legality", "--out", str(out), "--force")
    assert rc == 0 and err == ""
    assert json.loads((out / "henan.jsonl").read_text(encoding="utf-8"))["game"] == "henan"


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_puzzles_generate_bad_targets_are_one_line(capsys, tmp_path, lang):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    for args in (["--game", "henan", "--kind", "legality", "--out", str(tmp_path / "file" / "x")],
                 ["--game", "yishang", "--kind", "play", "--out", str(tmp_path / "y")]):
        rc, so, err = cli(capsys, "--lang", lang, "puzzles", "generate", "--count", "1", *args)
        assert rc == 2 and so == "", err
        one_error_line(err)
    assert (tmp_path / "file").read_text(encoding="utf-8") == "x"


def test_puzzles_generate_count_minus_one(capsys):
    rc, out, err = cli(capsys, "--lang", "zh-Hans", "puzzles", "generate", "--count", "-1")
    assert rc == 2 and "--count" in err and "-1" in err
    one_error_line(err)


@pytest.mark.parametrize("budget", ["inf", "1e308", "nan", "0", "-1", "61"])
def test_hint_budgets_are_capped(capsys, tmp_path, budget):
    pos = tmp_path / "p.json"
    pos.write_text(json.dumps(POSITION), encoding="utf-8")
    rc, out, err = cli(capsys, "hint", "--position", str(pos), "--budget", budget)
    assert rc == 2
    one_error_line(err)


@pytest.mark.parametrize("play", ["", "  "])
def test_an_empty_own_play_is_refused_not_taken_as_no_play(capsys, tmp_path, play):
    """``hint --play ""`` answered as if no play had been given; an empty
    play is now refused in one line, in the learner's language."""
    pos = tmp_path / "p.json"
    pos.write_text(json.dumps(POSITION), encoding="utf-8")
    rc, out, err = cli(capsys, "--lang", "zh-Hant", "hint", "--position", str(pos), "--play", play)
    assert rc == 2 and out == ""
    assert translate_plain("input.empty_field", "zh-Hant").replace("{field}", "--play") in one_error_line(err)


# -- the batch --------------------------------------------------------------------------

BATCH = [
    b'{"id": 1, "kind": "classify", "cards": "BJ BJ"}',
    b"",
    b'{"id": 2, "kind": "classify", "cards": ' + b"[" * 100_000 + b"}",
    b'{"id": 3, "kind": "score", "attacker_points": ' + b"9" * 5000 + b', "kitty": ""}',
    b'{"id": 4, "kind": "score", "attacker_points": "' + b"9" * 5000 + b'", "kitty": ""}',
    '{"id": 5, "kind": "score", "attacker_points": "²", "kitty": ""}'.encode(),
    b'{"id": 6, "kind": "score", "attacker_points": "--5", "kitty": ""}',
    b'{"id": "\\ud800", "kind": "classify", "cards": "5H"}',
    b'{"id": 8, "kind": "classify", "cards": "5H", "options": {"throw_penalty": 5}}',
    b'{"id": 9, "kind": "classify", "cards": "5H", "options": {"throw_penalty": null}}',
    b'{"id": 10, "kind": "classify", "cards": "5H", "options": {"fixed_trump_ranks": 5}}',
    b'{"id": 11, "kind": "classify", "cards": "5H", "options": {"hand_size": [1]}}',
    b'{"id": 12, "kind": "hint", "position": {"rules": "henan", "options": '
    b'{"level_sequence": []}, "hands": ["5H", "6H", "7H", "8H"]}}',
    b'{"id": NaN, "kind": "classify", "cards": "5H"}',
    b'{"id": Infinity, "kind": "classify", "cards": "5H"}',
    b'{"id": 15, "kind": "score", "attacker_points": 1' + b"0" * 100 + b', "kitty": ""}',
    b'{"id": 16, "kind": "trick", "plays": ["5H", "6H", "7H", "8H", "9H"]}',
    b'{"id": 17, "kind": "classify", "cards": "5H\\u001b[2J"}',
    b'{"id": 18, "kind": "hint", "budget": "inf", "position": ' + json.dumps(POSITION).encode() + b"}",
    b'{"id": 19, "kind": "classify", "cards": "\xff\xfe"}',
    b'{"id": 20, "kind": "classify", "cards": "5H"}',
]


def test_the_batch_answers_every_line_in_order():
    """One answer line per request line, in order, each valid JSON; every
    hostile line is an error object; raw invalid UTF-8 does not cost the
    line before it; the process exits 0."""
    p = run("check", "--jsonl", stdin=b"\n".join(BATCH) + b"\n")
    assert p.returncode == 0 and p.stderr == b""
    out = [json.loads(x) for x in p.stdout.decode("utf-8").splitlines()]
    assert len(out) == len(BATCH)
    assert out[0]["type"] == "pair" and out[-1]["type"] == "single"
    assert all("error" in o for o in out[1:-1]), [o for o in out[1:-1] if "error" not in o]
    assert out[1]["error"]["code"] == "empty_line"
    for i, o in enumerate(out[1:-1], start=1):
        assert o["id"] in (None, i), o
        assert "\x1b" not in o["error"]["message"]


def test_a_10_mb_line_is_refused_and_the_next_answered():
    big = b'{"id": 1, "kind": "classify", "cards": "' + b"5H " * (10 * 2 ** 20 // 3) + b'"}'
    out = [answer_line(x, no) for no, x in lines(__import__("io").BytesIO(
        big + b"\n" + b'{"id": 2, "kind": "classify", "cards": "5H"}\n'))]
    assert len(out) == 2
    assert json.loads(out[0])["error"]["code"] == "too_long"
    assert json.loads(out[1])["id"] == 2


# -- properties --------------------------------------------------------------------------

HOSTILE = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10 ** 60, max_value=10 ** 60),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.sampled_from(["²", "--5", "١٢", "1_000", " 7 ", "\u001b[2J", "\ud800", "5H" * 200, "NT",
                     "BJ BJ SJ SJ", "10H 10H", "", "A", "0"]),
    st.lists(st.text(max_size=5), max_size=6),
    st.recursive(st.integers(), lambda c: st.lists(c, max_size=3) | st.dictionaries(
        st.text(max_size=3), c, max_size=3), max_leaves=8),
)
KINDS = ["follow", "forced", "throw", "safe-throw", "trick", "classify", "score",
         "yishang-challenge", "hint"]
FIELDS = ["lead", "hand", "play", "throw", "others", "seen", "plays", "cards", "attacker_points",
          "kitty", "last_lead", "attackers_won_last", "target", "declared", "pile_size",
          "claimer_cards", "players", "claimer_known", "position", "budget", "seed", "rules",
          "level", "trump", "options", "id"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), fields=st.dictionaries(st.sampled_from(FIELDS), HOSTILE,
                                                           max_size=6))
def test_any_request_gets_one_valid_json_answer(kind, fields):
    if kind == "hint":
        fields["budget"] = 0.05
    line = answer_line(json.dumps({"kind": kind, **fields}, allow_nan=True), 1)
    assert "\n" not in line
    data = json.loads(line)  # standard JSON: no NaN
    json.dumps(data, allow_nan=False)
    if "error" in data:
        assert set(data["error"]) == {"code", "message"}
        assert not any(ord(c) < 32 for c in data["error"]["message"])


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_get_one_answer_per_line(data):
    got = [answer_line(x, no) for no, x in lines(__import__("io").BytesIO(data))]
    assert len(got) == data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
    for g in got:
        json.loads(g)


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(max_size=30), HOSTILE))
def test_parse_int_accepts_only_plain_digits(value):
    try:
        n = parse_int(value, "x", lo=-10 ** 9, hi=10 ** 9)
    except InputError as err:
        assert err.msgid in ("input.not_int", "input.out_of_range")
        return
    assert isinstance(n, int) and not isinstance(n, bool)
    if isinstance(value, str):
        assert value.strip().lstrip("+-").isascii() and value.strip().lstrip("+-").isdigit()


@settings(max_examples=300, deadline=None)
@given(st.one_of(HOSTILE, st.floats()))
def test_budgets_are_finite_and_capped(value):
    try:
        b = parse_budget(value)
    except InputError:
        return
    assert 0 < b <= MAX_BUDGET


@settings(max_examples=300, deadline=None)
@given(rules=st.sampled_from(["henan", "wusaner", "tractor", "yishang", "nope", 5]),
       options=st.dictionaries(st.sampled_from(
           ["throw_penalty", "fixed_trump_ranks", "hand_size", "level_sequence", "riot",
            "riot_max", "throw_compare", "kitty_multiplier", "x", "name"]), HOSTILE, max_size=4))
def test_rule_options_are_typed_or_refused(rules, options):
    from solver.rules import preset

    try:
        typed = check_options(rules, options)
    except InputError:
        return
    preset(rules, typed)  # the engine accepts what the boundary let through


@settings(max_examples=100, deadline=None)
@given(key=st.sampled_from(["options:henan", "options:yishang", "game", "practice", "language",
                            "last_activity"]), value=HOSTILE)
def test_stored_settings_never_break_a_start(key, value):
    s = Store.memory()
    s.conn.execute("INSERT INTO settings VALUES(?, ?)", (key, json.dumps(value, allow_nan=True)))
    got = s.setting(key, "default")
    json.dumps(got, allow_nan=False)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=HOSTILE)
def test_score_flag_hostile_values(capsys, value):
    text = value if isinstance(value, str) else json.dumps(value, allow_nan=True)
    if "\x00" in text or any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        return  # no process can be given these as an argument
    rc, out, err = cli(capsys, "check", "score", "--attacker-points", text, "--kitty", "")
    assert rc in (0, 2)
    if rc == 2:
        one_error_line(err)


@settings(max_examples=60, deadline=None)
@given(field=st.sampled_from(["dealer", "leader", "attacker_points", "hands", "trick", "kitty",
                              "played", "options", "viewer", "level", "trump", "rules"]),
       value=HOSTILE)
def test_hostile_positions_are_refused_or_answered(field, value):
    resp = answer({"kind": "hint", "budget": 0.05, "position": {**POSITION, field: value}})
    json.dumps(resp, allow_nan=False)
    assert ("error" in resp) or resp["best"]


def test_escape_hides_every_control_character():
    for n in list(range(0, 32)) + list(range(0x7F, 0xA0)):
        assert chr(n) not in escape(f"a{chr(n)}b")


def test_text_lines_round_trip():
    assert [x for _, x in lines(text_lines("a\nb\n"))] == ["a\n", "b\n"]
    assert MAX_LINE_BYTES == 1 << 20


_GOOD_HISTORY: list[dict] = []


def _good_history() -> dict:
    if not _GOOD_HISTORY:
        from tutor.commands.selfplay import selfplay

        _GOOD_HISTORY.append(selfplay("tractor", 1, 5)[0][0])
    return json.loads(json.dumps(_GOOD_HISTORY[0]))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(["rules", "level", "trump", "options", "dealer", "hands", "kitty",
                            "tricks", "attacker_points", "total", "outcome", "levels",
                            "declarations", "penalties", "log", "match"]),
       value=HOSTILE, cut=st.integers(min_value=0, max_value=3))
def test_hostile_history_lines_are_refused_with_a_line_number(tmp_path_factory, key, value, cut):
    """A history file with one hostile field (or cut short): replay either
    verifies it or names the line; never another exception."""
    from tutor.history_io import HistoryFileError, iter_histories

    data = _good_history()
    data[key] = value
    text = json.dumps(data, allow_nan=True)
    if cut:
        text = text[: len(text) * cut // 4]
    path = tmp_path_factory.mktemp("h") / "h.jsonl"
    path.write_bytes(text.encode("utf-8", "surrogatepass") + b"\n")
    try:
        for _no, _r in iter_histories(path):
            pass
    except HistoryFileError as err:
        msg = err.message()
        assert "\n" not in msg and not any(ord(c) < 32 for c in msg)


@pytest.mark.parametrize("text", ['{"leader": "x"}', '{"trick": 5}', '{"tricks": 5}',
                                  "[" * 5000, '{"attacker_points": "--5"}', "5H" * 10 ** 6])
def test_the_analyze_form_text_is_checked(text):
    """What the Analyze screen pastes (issue 19's crashes) is refused with a message."""
    from checks.inputs import position_from_text

    with pytest.raises(InputError) as err:
        position_from_text(text, "Position")
    assert "\n" not in err.value.message()


def _bad_histories(tmp_path: Path) -> dict[str, Path]:
    """One saved henan hand (tricks only), broken in each way a file can be."""
    from solver.history import hand_to_dict
    from solver.game.runner import run_hand
    from solver.bots import BaselineBot
    from solver.search.selfplay import seeded_hand

    d = hand_to_dict(run_hand(seeded_hand("henan", 1), [BaselineBot() for _ in range(4)]))
    for k in ("log", "deck", "setup"):
        d.pop(k, None)
    tricks = [dict(t) for t in d["tricks"]]
    swapped = [dict(t) for t in tricks]
    p = swapped[0]["plays"]
    swapped[0]["plays"] = [p[0], p[2], p[1], p[3]]
    variants = {
        "not a card": {**d, "hands": ["1S"] + d["hands"][1:]},
        "not a list": {**d, "hands": "x"},
        "a wrong type inside": {**d, "tricks": [7]},
        "a leader out of range": {**d, "tricks": [{**tricks[0], "leader": 9}] + tricks[1:]},
        "plays of the wrong seats": {**d, "tricks": swapped},
        "a cut trick list": {**d, "tricks": tricks[:3]},
        "a wrong total": {**d, "total": d["total"] + 5},
    }
    out = {}
    for name, v in variants.items():
        path = tmp_path / f"{len(out)}.jsonl"
        path.write_text(json.dumps(v) + "\n", encoding="utf-8")
        out[name] = path
    return out


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_a_broken_history_is_explained_in_chinese(capsys, tmp_path, lang):
    """Every way a saved hand can be broken gets one line in the learner's
    language: no English reason ("expected …", "not a card"), no Python
    repr of a list, no placeholder left unfilled."""
    import re

    for name, path in _bad_histories(tmp_path).items():
        rc, out, err = cli(capsys, "--lang", lang, "replay", str(path))
        assert rc == 2, (name, err)
        line = one_error_line(err)
        reason = line.split("行：", 1)[1]
        words = re.findall(r"[A-Za-z]{3,}", re.sub(r"\w+\[\d+\](\.\w+(\[\d+\])?)*", "", reason))
        english = [w for w in words if w.lower() not in {"hands", "tricks", "leader", "plays", "play",
                                                          "total", "dealer", "kitty", "null"}]
        assert not english, (name, line)
        assert "?" not in reason and "[(" not in reason and "{" not in reason, (name, line)


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
@pytest.mark.parametrize("argv", [["check"], ["yishang"]])
def test_a_command_without_its_kind_says_so_in_one_line(capsys, lang, argv):
    """``check`` or ``yishang`` alone: one error line naming what to add,
    nothing on stdout (a page of usage there read as an answer)."""
    rc, out, err = cli(capsys, "--lang", lang, *argv)
    assert rc == 2 and out == ""
    assert "--help" in one_error_line(err)


@pytest.mark.parametrize("request_", [
    {"kind": "follow", "level": "2", "trump": "S", "lead": "10H", "hand": "9H", "play": "9H"},
    {"kind": "trick", "plays": ["AH", "KH", "QH", "JH"]},
    {"kind": "score", "attacker_points": 50, "kitty": "", "attackers_won_last": False},
    {"kind": "classify", "cards": "AH"},
])
def test_card_checks_refuse_the_yishang_rules(request_):
    """一上一下 has no tricks, trumps or points (R-Y-*): a trick, follow,
    score or lead check under its rules is refused, not answered as if it
    were a card game; its own kind still takes them."""
    data = json.loads(answer_line(json.dumps({**request_, "rules": "yishang"}), 1))
    assert data["error"]["code"] == "bad_rules", data
    ok = json.loads(answer_line(json.dumps({**request_, "rules": "henan"}), 1))
    assert "error" not in ok, ok
    own = json.loads(answer_line(json.dumps(
        {"kind": "yishang-challenge", "rules": "yishang", "target": "A", "declared": "2",
         "pile_size": 4, "hand": "3C 4C", "seen": ""}), 1))
    assert "error" not in own, own


@settings(max_examples=60, deadline=None)
@given(won=st.integers(0, 40).map(lambda n: 5 * n), picks=st.lists(
    st.integers(0, 9), unique=True, max_size=8))
def test_a_score_needs_no_more_points_than_the_pack_holds(won, picks):
    """R-POINTS: the pack holds 200 points, so without a points penalty for
    failed throws (henan: a stake, R-THROW-FAIL) points won plus the
    kitty's never pass 200; such a score is refused, any other answered.
    Under tractor's points penalty the attackers may hold more (+10 a card
    a dealer's failed throw takes back), so there it is answered."""
    kitty = [["5H", "10S", "KD", "3C", "AH"][i // 2] for i in picks]  # each card at most twice
    in_kitty = sum({"5H": 5, "10S": 10, "KD": 10}.get(c, 0) for c in kitty)
    data = json.loads(answer_line(json.dumps(
        {"kind": "score", "rules": "henan", "level": "2", "trump": "S", "attacker_points": won,
         "kitty": " ".join(kitty), "attackers_won_last": False}), 1))
    if won + in_kitty > 200:
        assert data["error"]["code"] == "invalid", data
    else:
        assert "error" not in data and data["total"] == won, data
    tractor = json.loads(answer_line(json.dumps(
        {"kind": "score", "rules": "tractor", "level": "2", "trump": "S", "attacker_points": won,
         "kitty": " ".join(kitty), "attackers_won_last": False}), 1))
    assert "error" not in tractor and tractor["total"] == won, tractor


@pytest.mark.parametrize("argv", [
    ["selfplay", "--rules", "henan", "--hands", "1", "--out", ""],
    ["yishang", "selfplay", "--games", "1", "--out", ""],
    ["puzzles", "generate", "--game", "henan", "--count", "1", "--kind", "legality", "--out", ""],
    ["replay", ""], ["review", ""], ["hint", "--position", ""],
])
def test_an_empty_file_name_is_refused_not_taken_as_the_folder(capsys, argv, tmp_path, monkeypatch):
    """``--out ""`` printed the results and saved nothing, or (puzzles) would
    write into the current folder; ``replay ""`` said the file "is a
    folder".  An empty name is refused in one line, and nothing is written."""
    monkeypatch.chdir(tmp_path)
    rc, out, err = cli(capsys, "--lang", "zh-Hans", *argv)
    assert rc == 2 and out == ""
    assert translate_plain("input.no_file_name", "zh-Hans") in one_error_line(err)
    assert list(tmp_path.iterdir()) == []


def test_classify_without_cards_says_so():
    from checks import answer
    from checks.base import Request
    from checks.registry import get_kind

    kind = get_kind("classify")
    req = Request(kind, {"kind": "classify", "cards": " "})
    set_language("zh-Hans")
    try:
        text = kind.render(req, answer({"kind": "classify", "cards": " "}))
    finally:
        set_language("en")
    assert text == translate_plain("check.classify.empty", "zh-Hans")


def translate_plain(msgid: str, lang: str) -> str:
    from content.i18n import translate

    return translate(msgid, lang)


def test_a_replay_whose_dealers_won_the_last_trick_says_the_kitty_does_not_count(capsys, tmp_path):
    """R-KITTY: the kitty counts only for attackers who win the last trick;
    the replay's result line said "kitty 0 × 0" when they did not."""
    from content.i18n import translate

    seen = set()
    for seed in range(12):
        out = tmp_path / f"{seed}.jsonl"
        rc, _o, _e = cli(capsys, "selfplay", "--rules", "henan", "--hands", "1", "--seed", str(seed),
                         "--out", str(out))
        assert rc == 0
        rc, text, err = cli(capsys, "replay", str(out))
        assert rc == 0, err
        last = text.strip().splitlines()[-1]
        kept = translate("game.replay.result_kept", "en", points=0, total=0, outcome="").split(";")[1]
        seen.add(kept in last)
        assert ("× 0," not in last), last
    assert seen == {True, False}  # both kinds of hand met


@given(st.integers(min_value=10 ** 30, max_value=10 ** 60), st.sampled_from(["", "+", "-"]))
def test_a_whole_number_too_long_is_out_of_range_not_not_a_number(n, sign):
    """"--seed 99999999999999999999999" was told "expected a whole number
    written with the digits 0-9": it is one, too large to take."""
    with pytest.raises(InputError) as got:
        parse_int(f"{sign}{n}", "seed", lo=0, hi=2 ** 63 - 1)
    assert got.value.msgid == "input.out_of_range"
