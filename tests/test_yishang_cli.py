"""The ``yishang-challenge`` check kind, ``shengji-tutor yishang selfplay``,
and the ``yishang`` catalogs (en, zh-Hans, zh-Hant)."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from content.i18n import LOCALE_DIR
from checks import answer
from tutor.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _req(**fields: object) -> dict[str, object]:
    base: dict[str, object] = {"kind": "yishang-challenge", "target": "8", "declared": "10",
                               "hand": "10S 10H 3C 4D 5S 6H 7C", "seen": "10D 9S", "pile_size": 3}
    base.update(fields)
    return base


def test_check_seed_example_counts() -> None:
    """p_uniform hand-counted: one 10 among 43 unseen cards → 42/43."""
    resp = answer(_req(id=7))
    assert resp["id"] == 7
    assert resp["p_uniform_exact"] == "42/43" and resp["p_uniform"] == pytest.approx(42 / 43)
    assert 0 <= resp["p_model"] <= 1 and resp["advice"] in ("challenge", "pass")
    assert resp["explanation"] and all(e["message"] for e in resp["explanation"])


def test_check_certain_and_optional_fields() -> None:
    resp = answer(_req(declared="7"))
    assert resp["p_uniform"] == 1 and resp["p_model"] == 1 and resp["advice"] == "challenge"
    resp = answer(_req(declared="8", hand="3C", seen="", pile_size=10, claimer_cards=0, players=3,
                       claimer_known="8H"))
    assert resp["advice"] == "challenge"


@pytest.mark.parametrize("fields, code", [
    ({"target": "11"}, "bad_field"),
    ({"declared": "X"}, "bad_field"),
    ({"hand": "10S 10S"}, "invalid"),
    ({"seen": "10S"}, "invalid"),
    ({"hand": "BJ"}, "invalid"),
    ({"pile_size": 0}, "bad_field"),
    ({"pile_size": "x"}, "bad_field"),
    ({"claimer_cards": -1}, "bad_field"),
    ({"players": 7}, "bad_field"),
    ({"hand": "1Z"}, "bad_card"),
    ({"bogus": 1}, "unknown_field"),
])
def test_check_bad_requests(fields: dict[str, object], code: str) -> None:
    resp = answer(_req(**fields))
    assert resp["error"]["code"] == code and resp["error"]["message"]
    assert "yishang." not in resp["error"]["message"]   # a real message, not an id


def test_check_missing_field() -> None:
    data = _req()
    del data["pile_size"]
    assert answer(data)["error"]["code"] == "missing_field"


def test_check_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["check", "yishang-challenge", "--target", "8", "--declared", "10", "--hand", "10S 10H 3C",
            "--seen", "10D", "--pile-size", "3"]
    assert main(argv + ["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["p_uniform_exact"] == "47/48"
    assert main(["--lang", "zh-Hans"] + argv) == 0
    assert "质疑" in capsys.readouterr().out
    assert main(argv[:-2] + ["--pile-size", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_selfplay_json_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["yishang", "selfplay", "--players", "4", "--games", "12", "--seed", "3", "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert first["bots"] == ["hint", "honest", "bluffer", "caller"]
    assert sum(first["wins"].values()) == pytest.approx(12)


def test_selfplay_table_localized(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "zh-Hant", "yishang", "selfplay", "--players", "2", "--games", "4",
                 "--bots", "honest,random"]) == 0
    out = capsys.readouterr().out
    assert "勝率" in out and "老實" in out


@pytest.mark.parametrize("argv", [
    ["--players", "5"], ["--games", "0"], ["--bots", "hint,nobody"], ["--bots", "hint"], ["--bots", ""],
    ["--option", "nothing=1"], ["--option", "novalue"],
])
def test_selfplay_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["yishang", "selfplay", "--games", "2", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


# ------------------------------------------------------------------ catalogs
def _catalog(loc: str) -> dict[str, str]:
    from babel.messages.pofile import read_po

    with (LOCALE_DIR / loc / "LC_MESSAGES" / "yishang.po").open("rb") as fh:
        # a plural message (id, count): its last form
        return {(m.id[0] if isinstance(m.id, tuple) else m.id): (m.string[-1] if isinstance(m.string, tuple)
                                                                else m.string) for m in read_po(fh) if m.id}


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_catalogs_complete_and_consistent() -> None:
    cats = {loc: _catalog(loc) for loc in ("en", "zh_Hans", "zh_Hant")}
    assert cats["en"].keys() == cats["zh_Hans"].keys() == cats["zh_Hant"].keys()
    for msgid, en in cats["en"].items():
        for loc in ("zh_Hans", "zh_Hant"):
            assert cats[loc][msgid], (loc, msgid)
            assert _fields(cats[loc][msgid]) == _fields(en), (loc, msgid)
    assert cats["zh_Hans"]["yishang.check.advice.challenge"] != cats["zh_Hant"]["yishang.check.advice.challenge"]


def test_every_yishang_message_id_in_code_is_in_the_catalog() -> None:
    sources = list((ROOT / "solver" / "yishang").glob("*.py")) + [
        ROOT / "checks" / "yishang.py", ROOT / "tutor" / "commands" / "yishang.py"]
    ids: set[str] = set()
    for path in sources:
        ids |= set(re.findall(r"\"(yishang\.(?:error|hint|check|cli|selfplay)\.[a-z_.]+[a-z_])\"",
                              path.read_text(encoding="utf-8")))
    ids |= {"yishang.hint.challenge.advice_challenge", "yishang.hint.challenge.advice_pass",
            "yishang.hint.challenge.advice_challenge_close", "yishang.hint.challenge.advice_pass_close",
            *(f"yishang.hint.challenge.plain_{a}{v}" for a in ("challenge", "pass")
              for v in ("", "_close", "_always", "_sure")),
            "yishang.check.advice.challenge", "yishang.check.advice.pass"}
    ids = {i for i in ids if not i.endswith(("advice_", "plain_", ".advice"))}
    en = _catalog("en")
    assert ids and not ids - en.keys(), sorted(ids - en.keys())


def test_selfplay_out_writes_replayable_histories(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from solver.yishang import Game

    out = tmp_path / "games.jsonl"
    assert main(["yishang", "selfplay", "--players", "3", "--games", "5", "--seed", "2", "--json",
                 "--out", str(out)]) == 0
    report = json.loads(capsys.readouterr().out)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5
    wins: dict[str, float] = {}
    for line in lines:
        data = json.loads(line)
        game = Game.from_history(data)
        assert game.over
        for w in game.winners:
            wins[data["bots"][w]] = wins.get(data["bots"][w], 0.0) + 1 / len(game.winners)
    assert wins == {k: v for k, v in report["wins"].items() if v}
    assert main(["yishang", "selfplay", "--games", "1", "--out", str(tmp_path / "no" / "x")]) == 2


def test_a_yishang_file_given_to_replay_is_said_to_be_another_game(tmp_path, capsys) -> None:
    """R-Y-SETUP: `yishang selfplay --out` writes 一上一下 games; `replay` and
    `review` told "The field rules is missing" (a walk).  They now say the
    file is a 一上一下 game, in one line; the --out help no longer promises a
    replay the command line does not give."""
    from content.i18n import translate
    from tutor.cli import main

    out = tmp_path / "ys.jsonl"
    assert main(["yishang", "selfplay", "--games", "1", "--out", str(out)]) == 0
    capsys.readouterr()
    for cmd in ("replay", "review"):
        assert main([cmd, str(out)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Yi Shang Yi Xia" in err and "missing" not in err, err
    assert "replayable" not in translate("yishang.cli.out.help", "en")
