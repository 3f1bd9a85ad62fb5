"""五三二 (seed 004; RULES.md R-W-DECLARE, R-W-KITTY, R-LEVELS) has no dealers and
attackers: a team on stage (台上) and a team off stage (台下).  Every text a learner
reads about a 五三二 hand says so, in every language.

Unlike tests/test_learner_text.py::test_wusaner_speaks_of_its_stage (puzzles and
lessons) this renders the texts: bots play seeded 五三二 hands, then the hint (exact
and sampled, with the learner's own play), the end-of-hand breakdown, the review,
the replay (command and screen), the mistake puzzle, the Analyze labels and the
command-line outputs with ``--rules wusaner`` are rendered in en, zh-Hans and zh-Hant.
"""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from content.i18n import LANGUAGES, _, set_language
from solver.cards import format_cards
from solver.history import replay
from solver.position import Position
from solver.search.hint import Hint, hint
from solver.search.review import HandReview
from solver.search.selfplay import hint_positions

GAME = "wusaner"
#: the other games' words for the two sides (and "sits as dealer": 坐庄)
OTHER = {"en": re.compile(r"\b(dealers?|attackers?|defenders?)\b", re.I),
         "zh-Hans": re.compile("庄家|闲家|坐庄"), "zh-Hant": re.compile("莊家|閒家|坐莊")}
#: 五三二's own words, which the texts below must use instead
OWN = {"en": re.compile(r"\b(off[- ]stage|on stage|stage team)\b", re.I),
       "zh-Hans": re.compile("台上|台下"), "zh-Hant": re.compile("台上|台下")}
#: the game's id, never a learner's word (the replay named the rules "wusaner")
# ("tractor" is also the English word for a run of pairs, as in 亮牌's "a pair
# (or tractor) face down"; the ids that could leak into a 五三二 text are these)
PRESET = re.compile(r"\b(henan|wusaner)\b")
#: the reasons whose base wording names the sides (hint.py): the hints below must give them
SIDE_CODES = {"hint.value.exact", "hint.value.expected", "hint.outcome.p_keep", "hint.outcome.p_reach"}


@lru_cache(maxsize=None)
def _history() -> dict[str, Any]:
    from tutor.commands.selfplay import selfplay

    hists, _m = selfplay(GAME, 1, 3)
    return hists[0]


@lru_cache(maxsize=None)
def _review(seat: int) -> HandReview:
    from tutor.hand_review import review_hand

    return review_hand(_history(), seat, workers=1)


def _worst(h: Hint) -> str:
    """The learner's play in the hint: the alternative worst for the hint's side."""
    pick = min if h.attacker else max
    return format_cards(pick(h.alternatives, key=lambda a: a[1])[0])


@lru_cache(maxsize=None)
def _hints() -> tuple[tuple[Position, Hint], ...]:
    """Sampled hints (hidden hands, a small budget) and exact ones (endgames with
    every hand shown), for a stage and an off-stage seat, each asked with the
    learner's own worse play so that the hint prices it."""
    from solver.cards import parse_cards

    out: list[tuple[Position, Hint]] = []
    positions = list(hint_positions(GAME, 5))
    mid = [p for p in positions if 6 <= len(p.hidden.hand(p.hidden.turn)) <= 12]
    late = [p for p in positions if len(p.full.hand(p.full.turn)) <= 2]
    for group, full in ((mid, False), (late, True)):
        for attacker in (True, False):
            hp = next(p for p in group
                      if p.hidden.dealer_side(p.hidden.turn) != attacker
                      and len(list(p.hidden.legal_plays())) > 1)
            pos = hp.full if full else hp.hidden
            first = hint(pos, budget=0.2, seed=1, tricks=hp.tricks)
            h = hint(pos, budget=0.2, seed=1, tricks=hp.tricks, play=parse_cards(_worst(first)))
            assert h.exact == full
            out.append((pos, h))
    return tuple(out)


def _cli(tmp: Path, lang: str, *args: str) -> str:
    res = subprocess.run([sys.executable, "-m", "tutor", "--lang", lang, *args],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    return res.stdout


def _in_process_texts() -> list[str]:
    """Everything rendered in the current language, in process."""
    from checks import answer
    from checks.base import Request
    from checks.hint import KINDS as HINT_KINDS, render, response
    from lessons.play_puzzles import explain_right, mistake_puzzle
    from tutor.commands import replay as replay_cmd
    from tutor.commands.selfplay import summary_line
    from tutor.hand_review import header, play_line, summary
    from tutor.tui.models.breakdown import breakdown
    from tutor.tui.models.saved import open_saved
    from tutor.tui.screens.analyze import field_label
    from tutor.tui.screens.play_shengji import breakdown_text, replay_text

    texts: list[str] = []
    # Hints: as the hint command and the Play screen say them (the reasons in the
    # game's words, the side, the alternatives) and as Analyze renders a hint check.
    for pos, h in _hints():
        resp = response(h, GAME)
        texts += resp["messages"]
        texts.append(render(resp, game=GAME))
        data = pos.to_json()
        checked = answer({"kind": "hint", "position": data, "budget": "0.2"})
        assert "error" not in checked, checked
        kind = HINT_KINDS["hint"]
        texts.append(kind.render(Request(kind, {"kind": "hint", "position": data}), checked))
    # The end of the hand, with the kitty counted and not.
    history = _history()
    r = replay(history)
    b = breakdown(r.hand)
    for mult in (0, 2):
        texts.append(breakdown_text(dataclasses.replace(b, multiplier=mult), ["A", "2"], GAME).plain)
    # The replay command and the Replay screen.
    texts += replay_cmd.header(r, 1)
    for frame in r.frames[1:]:
        texts += replay_cmd.trick_lines(r, frame)
    texts += replay_cmd.footer(r)
    saved = open_saved(history)
    for i in range(len(saved.tricks)):
        head, body = replay_text(saved, i, GAME, "glyphs")
        texts += [head, body.plain]
    texts.append(summary_line(history))
    # The review (both sides of the table), and a mistake as a puzzle.
    for seat in (0, 1):
        rv = _review(seat)
        texts += [header(rv, 1, GAME), summary(rv)]
        texts += [play_line(p, GAME) for p in rv.plays]
        p = next(p for p in rv.plays if not p.forced)
        # every wording of a play: best, close to the best, a mistake, seen open
        for variant in (dataclasses.replace(p, cost=0.0, mark=None),
                        dataclasses.replace(p, cost=3.0, mark=None),
                        dataclasses.replace(p, cost=30.0, mark="mistake")):
            texts.append(play_line(variant, GAME))
        texts.append(explain_right(mistake_puzzle(GAME, 1, history, seat, p.index, p.trick,
                                                  format_cards(p.played))))
    texts += [field_label(n, GAME) for n in ("attacker_points", "attackers_won_last")]
    return texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wusaner_hands_speak_of_the_stage(lang: str) -> None:
    set_language(lang)
    texts = _in_process_texts()
    bad = [t for t in texts if OTHER[lang].search(t) or PRESET.search(t)]
    assert not bad, bad[:5]
    assert sum(1 for t in texts if OWN[lang].search(t)) >= 20
    codes = {r.code for _pos, h in _hints() for r in h.reasons}
    assert codes >= SIDE_CODES and codes & {"hint.cost.attackers", "hint.cost.dealers"}, codes
    assert any(p.open is not None for p in _review(0).plays + _review(1).plays)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wusaner_total_has_no_failed_throw_term(lang: str) -> None:
    """R-THROW-FAIL: 五三二 has no failed-throw penalty, so its end-of-hand total
    adds tricks and kitty only (it said "+0 for failed throws")."""
    from tutor.tui.models.breakdown import breakdown
    from tutor.tui.screens.play_shengji import breakdown_text

    set_language(lang)
    b = breakdown(replay(_history()).hand)
    assert not b.penalties and b.penalty_points == 0
    text = breakdown_text(b, ["A", "2"], GAME).plain
    assert _("tui.end.total_no_throws", tricks=b.attacker_trick_points, kitty=b.kitty_bonus,
             total=b.total) in text.splitlines()
    assert {"en": "failed throw", "zh-Hans": "甩牌", "zh-Hant": "甩牌"}[lang] not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wusaner_commands_speak_of_the_stage(lang: str, tmp_path: Path) -> None:
    """The commands with ``--rules wusaner``: selfplay, replay, review, hint and
    check score (R-LEVELS for 五三二: below 50, 50–95, 100–115, 120 and up)."""
    path = tmp_path / "hands.jsonl"
    outs = [_cli(tmp_path, lang, "selfplay", "--rules", GAME, "--hands", "2", "--seed", "3",
                 "--out", str(path))]
    outs.append(_cli(tmp_path, lang, "replay", str(path), "--hand", "1"))
    outs.append(_cli(tmp_path, lang, "review", str(path), "--hand", "1", "--seat", "1",
                     "--workers", "1"))
    for points in ("0", "60", "100", "130"):
        outs.append(_cli(tmp_path, lang, "check", "score", "--rules", GAME, "--level", "A",
                         "--trump", "H", "--attacker-points", points, "--kitty", "4C 6C 7D 8D"))
    # without --level: the rules' first level (A for 五三二, R-MATCH) was refused as "14"
    outs.append(_cli(tmp_path, lang, "check", "score", "--rules", GAME, "--attacker-points", "40",
                     "--kitty", "4C 6C 7D 8D"))
    bad_points = subprocess.run([sys.executable, "-m", "tutor", "--lang", lang, "check", "score",
                                 "--rules", GAME, "--attacker-points", "7", "--kitty", "4C"],
                                capture_output=True, text=True, timeout=300)
    assert bad_points.returncode == 2 and len(bad_points.stderr.strip().splitlines()) == 1
    outs.append(bad_points.stderr)
    pos, h = next((p, h) for p, h in _hints() if not h.exact)
    file = tmp_path / "position.json"
    file.write_text(json.dumps(pos.to_json()))
    outs.append(_cli(tmp_path, lang, "hint", "--position", str(file), "--budget", "0.2",
                     "--play", _worst(h)))
    bad = [line for out in outs for line in out.splitlines() if OTHER[lang].search(line)
           or PRESET.search(line)]
    assert not bad, bad[:5]
    assert all(OWN[lang].search(out) for out in outs[1:]), outs


def test_wusaner_declarations_say_liangpai_and_dingpai():
    """五三二 declares by showing the small joker with a pair (亮牌,
    R-W-DECLARE) and overcalls with the big joker and a tractor (顶牌,
    R-W-OVERCALL); the Play screen said 报主 for both, and "拿了底牌，扣下4张"
    where the kitty is picked up and cards thrown out (揭牌, R-W-KITTY).  Every declaration
    the table tells, and the prompt before one, use the game's words; the
    other games keep 报主."""
    from content.i18n import translate
    from tutor.tui.models.shengji import ShengjiTable

    told = {"tui.play.ev.declare.wusaner": 0, "tui.play.ev.overcall.wusaner": 0, "tui.play.ev.bury.wusaner": 0}
    prompts = set()
    for seed in range(60):
        t = ShengjiTable("wusaner", seed=seed, human_declare=True)
        steps = 0
        while t.pending and steps < 20:
            steps += 1
            prompts.add(t.declare_words)
            assert t.declare_words == ("tui.play.overcall_prompt.wusaner" if t.hand.standing
                                       else "tui.play.declare_prompt.wusaner")
            events = t.declare(0) if seed % 2 else t.pass_declare()
            for e in events:
                assert e.msgid not in ("tui.play.ev.declare", "tui.play.ev.bury"), e
                if e.msgid in told:
                    told[e.msgid] += 1
                    word = {"tui.play.ev.overcall.wusaner": "顶牌", "tui.play.ev.bury.wusaner": "揭牌"}.get(
                        e.msgid, "亮牌")
                    assert word in translate(e.msgid, "zh-Hans", **e.params)
        for d in t.hand.declarations:  # a big joker declaration is an overcall
            assert (d.joker == "BJ") == (d is not t.hand.declarations[0])
    assert all(told.values()) and len(prompts) == 2, (told, prompts)
    henan = next(ShengjiTable("henan", seed=s, human_declare=True) for s in range(40)
                 if ShengjiTable("henan", seed=s, human_declare=True).pending)
    # 河南 says which joker goes with which colour (R-H-DECLARE): a walk saw
    # ♦2 ♦2 not offered beside a small joker and could not tell why
    assert henan.declare_words == "tui.play.declare_prompt.henan"
    for lang in ("en", "zh-Hans", "zh-Hant"):
        said = translate(henan.declare_words, lang)
        assert ("♠" in said or "黑桃" in said) and ("♦" in said or "方" in said), said


def test_a_wusaner_declaration_says_what_was_shown_and_what_stays_face_down():
    """R-W-DECLARE / R-W-OVERCALL (seed 004: 把小王正放另外两张牌扣过来):
    the joker is shown, the pair or tractor stays face down.  The audit of
    the Play screen read "對家亮牌：小王。" as if the small joker alone
    declared.  Another seat's line names the joker it showed and says a
    pair (a longer tractor, for 顶牌) is kept face down; your own line
    names the cards you keep face down."""
    from content.i18n import translate
    from solver.cards import parse_cards
    from tutor.tui.models.shengji import ShengjiTable

    seen = {"other": 0, "own": 0}
    for seed in range(12):
        t = ShengjiTable("wusaner", seed=seed, human_declare=True)
        events, steps = list(t.events), 0
        while t.pending and steps < 10:
            steps += 1
            events += t.declare(0) if seed % 2 else t.pass_declare()
        for e in events:
            if not e.msgid.startswith(("tui.play.ev.declare", "tui.play.ev.overcall")):
                continue
            shown = parse_cards(e.params["cards"], max_copies=None)
            assert shown and all(c.is_joker for c in shown), e  # only the joker was shown
            if "_own" in e.msgid:
                seen["own"] += 1
                hidden = parse_cards(e.params["hidden"], max_copies=None)
                assert len(hidden) >= 2 and not any(c.is_joker for c in hidden), e
            else:
                seen["other"] += 1
            assert "扣着" in translate(e.msgid, "zh-Hans", **e.params)
            assert "face down" in translate(e.msgid, "en", **e.params)
    assert all(seen.values()), seen
