"""What a learner reads, audited through the ``--full`` content listings
(CONTRACT.md, Content listings) and the catalogs, in every language.

- every puzzle and every interactive lesson step explains the right answer
  and each wrong one (issue 15: "Beaten units: ." on 84 standing throws,
  "Kitty bonus 10 × 0 = 0" when the kitty did not count);
- no text is empty after formatting, shows an unfilled placeholder, a bare
  R-ID (English cites "Title (R-ID)", Chinese the title only), a preset id
  or a seed file name;
- English shows a Chinese term only in parentheses after its English name;
- Chinese never shows a card code ("4H"): cards are drawn in the card style.
"""

from __future__ import annotations

import json
import os
import random
import re
from functools import lru_cache
from pathlib import Path

import pytest

from content.i18n import LANGUAGES, catalog, set_language
from tutor.cli import main

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
#: a card code, also right after a Chinese character ("例如8S" was missed by \\w)
CARD_CODE = re.compile(r"(?<![A-Za-z0-9_-])(10|[2-9JQKA])([SHDC])(?![A-Za-z0-9_-])"
                       r"|(?<![A-Za-z0-9_-])(BJ|SJ)(?![A-Za-z0-9_-])")
#: "the seed" is the project's word for a game's source description, not a learner's
SEED_WORD = re.compile(r"\b[Tt]he seed\b|\bseed's\b")
#: an internal option or field name ("wusaner_cycle"), never a learner's word
OPTION_ID = re.compile(r"(?<![A-Za-z0-9_{.-])[a-z]+(?:_[a-z0-9]+)+(?![A-Za-z0-9_}(-])")
#: "{name}" left as is, or the "?" an unknown parameter becomes
PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*\}|(?:^|[\s(（:：])\?(?=[\s.,。，)）]|$)")
#: an empty slot left by an empty parameter: "units: ." "only ." "（）"
EMPTY_SLOT = re.compile(r"[:：]\s*[.。,，;；]|\bonly\s+[.。]|\(\s*\)|（\s*）|只能出\s*[。，]")
RID = re.compile(r"R-(?!ID\b)[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*")
#: an English citation names the rule first: "Following (R-FOLLOW)", "Kitty
#: bonus (扣底, R-KITTY)"
CITED_RID = re.compile(r"\w[\w'’)\]]*\s*\((?:[^()]*, )?(R-[A-Z][A-Z0-9-]*)\)")
PRESET_WORDS = re.compile(r"\bpreset\b|\b(henan|wusaner|yishang)\b|\"tractor\"", re.I)


def seed_names() -> list[str]:
    names = [p.stem for p in SEEDS.glob("*.txt")] if SEEDS.is_dir() else []
    # the seed file names themselves, and the "Seed 001" style references
    return names + [n.split("_")[0] for n in names]


def run_json(capsys, *argv: str) -> list[dict]:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


@lru_cache(maxsize=None)
def _listing(kind: str, lang: str) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--lang", lang, kind, "--json", "--full"]) == 0
    set_language("en")
    return out.getvalue()


#: Play puzzles (issue 17) audited per preset in the default run: each one
#: solves its position, so all 750 take ~40 s a language; PLAY_SAMPLE=0 audits all.
PLAY_SAMPLE = int(os.environ.get("PLAY_SAMPLE", "12"))


@lru_cache(maxsize=None)
def _puzzle_listing(lang: str) -> str:
    """The ``puzzles --json --full`` entries (the command's own
    ``puzzle_entry``) for the legality bank and a seeded sample of the play
    bank of every preset (``test_listing_shapes_follow_the_contract`` runs
    the command itself, play puzzles included)."""
    from lessons.play_puzzles import PLAY_GAMES, load_play_puzzles
    from lessons.puzzles import load_puzzles
    from tutor.commands.listing import puzzle_entry

    chosen = load_puzzles()
    for game in PLAY_GAMES:
        bank = load_play_puzzles(game)
        chosen += random.Random(f"learner-text-{game}").sample(bank, PLAY_SAMPLE) \
            if 0 < PLAY_SAMPLE < len(bank) else bank
    set_language(lang)
    try:
        return json.dumps([{"id": p.id, "game": p.game, "kind": p.kind, "rating": p.rating,
                            **puzzle_entry(p)} for p in chosen], ensure_ascii=False)
    finally:
        set_language("en")


def listing(kind: str, lang: str) -> list[dict]:
    return json.loads(_puzzle_listing(lang) if kind == "puzzles" else _listing(kind, lang))


def strip_parens(text: str) -> str:
    prev = None
    while prev != text:
        prev, text = text, re.sub(r"\([^()]*\)|（[^（）]*）", "", text)
    return text


def texts_of_puzzle(entry: dict) -> list[str]:
    return [entry["question"], entry["answer"], entry["explain_right"]] + \
        [w["text"] for w in entry["explain_wrong"]] + \
        [w["choice"] for w in entry["explain_wrong"] if w["choice"] != "*"]


def texts_of_step(step: dict) -> list[str]:
    return [step["prompt"], *step["choices"], *step["hints"], *(
        [step["feedback_right"]] if step["type"] != "text" else [])] + \
        [w["text"] for w in step["feedback_wrong"]]


def problems(text: str, lang: str) -> list[str]:
    """What is wrong with one shown text (empty list: nothing)."""
    out = []
    if not text.strip():
        out.append("empty")
    if PLACEHOLDER.search(text):
        out.append("unfilled placeholder")
    if EMPTY_SLOT.search(text):
        out.append("empty slot")
    rids = RID.findall(text)
    if rids and lang != "en":
        out.append("R-ID in Chinese text")
    if lang == "en" and len(rids) > len(CITED_RID.findall(text)):
        out.append("bare R-ID")
    if PRESET_WORDS.search(text):
        out.append("preset id")
    if OPTION_ID.search(text):
        out.append("option id")
    if lang == "en" and SEED_WORD.search(text):
        out.append("seed jargon")
    if any(name in text for name in seed_names()):
        out.append("seed file name")
    if lang == "en" and CJK.search(strip_parens(text)):
        out.append("CJK outside parentheses")
    if lang != "en" and CARD_CODE.search(text):
        out.append("card code in Chinese")
    return out


def test_problems_catches_the_issue_15_examples():
    """The checks themselves fail on the texts issue 15 found."""
    assert "empty slot" in problems("Beaten units: . A failed throw plays only .", "en")
    assert "bare R-ID" in problems("Not quite. Rule R-DECK", "en")
    assert "R-ID in Chinese text" in problems("规则 R-TIE", "zh-Hans")
    assert "preset id" in problems("This course plays preset wusaner.", "en")
    assert "seed file name" in problems("Seed 001 trump-classes", "en") or not seed_names()
    assert "CJK outside parentheses" in problems("河南双升: 扣底 and levels", "en")
    assert "card code in Chinese" in problems("把 4H 扣下", "zh-Hans")
    assert "card code in Chinese" in problems("例如8S ♠8。", "zh-Hans")  # the walk found it
    assert "option id" in problems("也可以约定（选项 wusaner_cycle）轮回", "zh-Hans")
    assert "seed jargon" in problems("The seed's order: permanent trumps > …", "en")
    assert "unfilled placeholder" in problems("Play {index} wins", "en")
    assert problems("Throws (甩牌): Following (R-FOLLOW).", "en") == []
    assert problems("甩牌失败：别人能压住 ♦J、♦8。规则：甩牌失败。", "zh-Hans") == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_puzzle_explains_right_and_each_wrong_answer(lang):
    """Each puzzle of every kind (the listing is generic over kinds) says why
    the right answer is right and why each wrong choice is wrong."""
    entries = listing("puzzles", lang)
    assert entries and {e["game"] for e in entries} >= {"henan", "wusaner", "tractor", "yishang"}
    assert {(e["game"], e["kind"]) for e in entries} >= {(g, "play") for g in ("henan", "wusaner", "tractor")}
    bad = {}
    for e in entries:
        assert e["explain_right"].strip() and e["explain_wrong"], e["id"]
        assert all(w["text"].strip() and w["choice"].strip() for w in e["explain_wrong"]), e["id"]
        # the wrong choices are exactly the choices other than the answer
        assert e["answer"] not in [w["choice"] for w in e["explain_wrong"]], e["id"]
        for t in texts_of_puzzle(e):
            if problems(t, lang):
                bad[e["id"]] = (problems(t, lang), t)
    assert not bad, list(bad.items())[:5]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_standing_throws_and_uncounted_kitties_explain_themselves(lang):
    """Issue 15's empty slots: a throw that stands (R-THROW-BEAT) names the
    throw; a kitty that does not count (R-KITTY) says so, not "× 0 = 0"."""
    from lessons.puzzles import engine_response, load_puzzles

    by_id = {p.id: p for p in load_puzzles()}
    standing = uncounted = 0
    for e in listing("puzzles", lang):
        p = by_id.get(e["id"])  # None: a play puzzle (no check request)
        if p is None:
            continue
        if p.kind == "throw" and engine_response(p.request)["stands"]:
            standing += 1
            assert "R-THROW-BEAT" in e["explain_right"] if lang == "en" else True
        if p.kind == "score" and not p.request.get("attackers_won_last"):
            uncounted += 1
            assert "× 0" not in e["explain_right"], e["explain_right"]
    assert standing >= 40 and uncounted >= 40


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_step_has_feedback_for_right_and_wrong(lang):
    bad = {}
    for lesson in listing("lessons", lang):
        assert lesson["steps"], lesson["id"]
        for step in lesson["steps"]:
            where = f"{lesson['id']}/{step['id']}"
            if step["type"] == "text":
                assert step["feedback_right"] == "" and step["feedback_wrong"] == []
                continue
            assert step["feedback_right"].strip(), where
            assert step["feedback_wrong"], where
            assert all(w["text"].strip() for w in step["feedback_wrong"]), where
            if step["type"] == "choice":
                assert len(step["feedback_wrong"]) == len(step["choices"]) - 1, where
            for t in texts_of_step(step):
                if problems(t, lang):
                    bad[where] = (problems(t, lang), t)
    assert not bad, list(bad.items())[:8]


def test_listing_shapes_follow_the_contract(capsys):
    """CONTRACT.md, Content listings: the plain listing keeps its fields;
    --full adds the texts with these exact names and types."""
    plain = run_json(capsys, "puzzles", "--json", "--game", "wusaner")
    assert set(plain[0]) == {"id", "game", "kind", "rating"}
    full = run_json(capsys, "--lang", "zh-Hans", "puzzles", "--json", "--full", "--game", "wusaner")
    assert [e["id"] for e in full] == [e["id"] for e in plain]
    assert "play" in {e["kind"] for e in full}  # issue 17's bank is listed with its texts
    for e in full:
        assert isinstance(e["question"], str) and isinstance(e["answer"], str)
        assert all(set(w) == {"choice", "text"} for w in e["explain_wrong"])
    lessons = run_json(capsys, "lessons", "--json", "--full", "--game", "common")
    step = lessons[0]["steps"][0]
    assert set(step) == {"id", "type", "prompt", "choices", "hints", "feedback_right", "feedback_wrong"}
    assert isinstance(run_json(capsys, "lessons", "--json")[0]["steps"], int)


def po_entries(lang: str) -> dict[str, str]:
    return dict(catalog(lang))


#: Texts that teach how to type cards (input syntax): they show card codes
#: on purpose, in every language.
INPUT_SYNTAX = {"cli.field.cards", "error.card.bad_token", "tui.analyze.help",
                "tui.analyze.placeholder.cards"}


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_no_card_codes_in_chinese_catalogs(lang):
    bad = {k: v for k, v in po_entries(lang).items()
           if k not in INPUT_SYNTAX and CARD_CODE.search(v)}
    assert not bad, bad


def test_no_bare_rids_or_internal_names_in_catalogs():
    for lang in LANGUAGES:
        for key, text in po_entries(lang).items():
            if lang != "en":  # not even on the command line (yishang selfplay's footer had one)
                assert not RID.search(text), (lang, key, text)
            if key.startswith(("cli.", "error.", "check.", "yishang.cli", "yishang.check", "yishang.selfplay")):
                continue  # the command line speaks to people who type preset ids
            if not key.startswith("yishang.error."):  # field errors name the field typed
                assert not OPTION_ID.search(text), (lang, key, text)
                assert lang != "en" or not SEED_WORD.search(text), (lang, key, text)
            # No R-ID in any sentence: a rule is cited by its name, composed
            # at run time ("Rule: Following (R-FOLLOW)", tui.rule / the
            # puzzles' closing sentence); the learner walk of 2026-12-03 read
            # "It is your only legal play (R-FOLLOW)." and bury hints ending
            # in "(R-KITTY)", ids the sentence never named.
            assert not RID.search(text), (lang, key, text)
            # whole tokens: a seed's "000" prefix is not inside "10000"
            assert not any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)
                           for n in seed_names()), (lang, key, text)


#: A program's field or option name (snake_case), outside {placeholders}.
SNAKE = re.compile(r"(?<![{\w-])[a-z]+_[a-z_]+(?![\w}])")


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_no_field_names_in_chinese_text(lang):
    """Chinese text names a field in words ("牌堆张数", not pile_size): the
    Analyze form showed "pile_size 至少为1" to a learner who had typed into a
    box labelled 牌堆张数.  Only the --option help lists the names typed."""
    bad = {k: v for k, v in po_entries(lang).items()
           if not k.endswith("cli.option.help")
           and SNAKE.search(re.sub(r"\{[^}]*\}|%\([a-z_]+\)[sdr]", "", v))}
    assert not bad, bad


#: Language names are written in their own language (the language picker).
OWN_NAME = {"tui.language.zh-Hans", "tui.language.zh-Hant"}


def test_english_catalog_shows_chinese_only_in_parentheses():
    """In English a Chinese term follows its English name in parentheses:
    "Throws (甩牌)", "Henan Shuangsheng (河南双升)"."""
    bad = {k: v for k, v in po_entries("en").items()
           if k not in INPUT_SYNTAX | OWN_NAME and CJK.search(strip_parens(v))}
    assert not bad, bad


def simplified_only() -> set[str]:
    """Characters written only in Simplified Chinese, from OpenCC's
    Simplified→Traditional table: a character whose Traditional forms do not
    include itself (发 → 發 髮 is Simplified-only; 台 → 臺 檯 颱 台 is not)."""
    import os

    import opencc

    table = os.path.join(os.path.dirname(opencc.__file__), "dictionary", "STCharacters.txt")
    out = set()
    with open(table, encoding="utf-8") as f:
        for line in f:
            key, _tab, forms = line.rstrip("\n").partition("\t")
            if key and key not in forms.split():
                out.add(key)
    return out


def test_traditional_text_has_no_simplified_characters():
    """zh-Hant (catalogs, and every puzzle and lesson text as shown, which
    includes the engine's reasons) is free of Simplified-only characters."""
    simp = simplified_only()
    assert {"发", "这", "们"} <= simp and not {"台", "后"} & simp
    bad = {k: v for k, v in po_entries("zh-Hant").items()
           if k not in OWN_NAME and any(c in simp for c in v)}
    assert not bad, bad
    for e in listing("puzzles", "zh-Hant"):
        for t in texts_of_puzzle(e):
            assert not any(c in simp for c in t), (e["id"], t)
    for lesson in listing("lessons", "zh-Hant"):
        for step in lesson["steps"]:
            for t in texts_of_step(step):
                assert not any(c in simp for c in t), (lesson["id"], step["id"], t)


def test_tractor_burial_error_cites_the_tractor_rule():
    """R-T-DECLARE: in the tractor preset the dealer buries 8; burying 7
    is refused citing the tractor rule, never 河南双升's R-H-KITTY (issue 15)."""
    from solver.game.errors import GameError
    from tests.game_helpers import tractor_at_burial

    h = tractor_at_burial()
    with pytest.raises(GameError) as info:
        h.bury(0, h.hand_of(0)[:7])
    assert info.value.rule == "R-T-DECLARE"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wusaner_speaks_of_its_stage(lang):
    """五三二's own terms on its own screens (seed 004: 台上/台下): no 五三二 puzzle
    (legality and play bank) or lesson step says dealers/attackers (庄家/闲家);
    the walk found its play puzzles and score steps saying them."""
    other = {"en": re.compile(r"\b(dealers?|attackers?)\b", re.I),
             "zh-Hans": re.compile("庄家|闲家"), "zh-Hant": re.compile("莊家|閒家")}[lang]
    bad = [(e["id"], t) for e in listing("puzzles", lang) if e["game"] == "wusaner"
           for t in texts_of_puzzle(e) if other.search(t)]
    bad += [(f"{lesson['id']}/{s['id']}", t) for lesson in listing("lessons", lang)
            if lesson["game"] == "wusaner" for s in lesson["steps"] for t in texts_of_step(s)
            if other.search(t)]
    assert not bad, bad[:5]


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_one_word_for_a_trick(lang):
    """A trick is 轮/輪 on every screen: the review and the replay said 墩
    while the Play screen and the lessons said 轮 (第3墩 and 第3轮 for the
    same trick)."""
    from content.i18n import catalog

    assert not [k for k, v in catalog(lang).items() if "墩" in v]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_name_for_a_seat_in_shengji(lang):
    """A Shengji seat is named as the command line and the engine name it
    (1号位 / 1號位 / seat 1, content.i18n ENGINE_SEATS): the scoring and
    overturn lessons said 1号玩家 and "Player 1" for the same seat.  The
    一上一下 lessons count players (a table of 2 to 6), so they keep it."""
    from content.i18n import catalog

    word = re.compile(r"\d\s*[号號]玩家|[号號]玩家$|\b[Pp]layers? \d|^Player \{n\}$")
    # 一上一下's own texts, its seat option, and the lessons' trick diagrams
    # (tui.ctx.player: the first, second... to play, not a seat)
    others = {"lesson.opt.seat", "tui.ctx.player"}
    bad = [k for k, v in catalog(lang).items()
           if word.search(v) and "yishang" not in k and k not in others]
    assert not bad, bad
    assert catalog(lang)["lesson.opt.seat_no"].replace("{n}", "1") in {
        "zh-Hans": "1号位", "zh-Hant": "1號位", "en": "Seat 1"}[lang]


#: Messages about burying the kitty (盖底, seed 001 蓋底牌): never the bonus word.
BURY_KEYS = ("hint.bury.", "review.burial.", "tui.play.bury", "tui.play.help_bury", "phase.bury", "tui.play.ev.bury", "tui.play.hint.bury",
             "tui.play.kitty", "glossary.bury.", "glossary.kitty.def",
             "ruleref.R-H-KITTY.", "ruleref.R-T-DECLARE.text", "game.declare.overturn_after_bury",
             "lesson.wrong.overturn_effect.not_late", "tui.analyze.table.not_yet", "cli.field.seen",
             "lesson.common.scoring.kitty.text")
#: What a 扣底 message is about: the last trick, the multiplier, the bonus
BONUS_WORDS = re.compile("最后一轮|最後一輪|倍|×|加分")
BONUS_NAMES = {"glossary.kitty_bonus.term", "ruleref.R-KITTY.title", "lesson.henan.scoring.title"}


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_kitty_bonus_and_burying_have_one_word_each(lang):
    """R-KITTY / R-H-KITTY: 扣底 is the last-trick kitty bonus (seed 001:
    扣底, 單張扣底 ×2 …) and burying is 盖底 (seed 001: 蓋底牌).  The walk
    read 扣底 for both: "选8张扣底" on the Play screen and "反主本来就在庄家
    扣底之后" in 河南双升's declaring lesson."""
    texts = po_entries(lang)
    burying = {k: v for k, v in texts.items() if k.startswith(BURY_KEYS) and re.search("扣|埋", v)}
    assert not burying, burying
    bonus = {k: v for k, v in texts.items()
             if "扣底" in v and k not in BONUS_NAMES and not BONUS_WORDS.search(v)}
    assert not bonus, bonus


def test_english_has_no_double_spaces():
    """One space between words and sentences (the walk read "any chance is
    worth a challenge.  Taking a small pile…" in 一上一下's last tip: an
    empty verdict left its space).  Leading spaces indent listing lines."""
    bad = {k: v for k, v in po_entries("en").items() if re.search(r"\S  +\S", v)}
    assert not bad, bad
    shown = [(e["id"], t) for e in listing("puzzles", "en") for t in texts_of_puzzle(e)]
    shown += [(f"{les['id']}/{s['id']}", t) for les in listing("lessons", "en")
              for s in les["steps"] for t in texts_of_step(s)]
    assert not [(i, t) for i, t in shown if re.search(r"\S  +\S", t)]


#: A label before an error or a verdict ("Not cards: …"), not a sentence that runs on
LABELS = {"puzzle.play.bad_cards", "puzzle.verdict.error", "puzzle.x.follow"}


def test_english_sentences_do_not_follow_a_colon():
    """An engine reason that is a sentence of its own ("You hold only 2 cards
    of hearts…", "Follow suit: play…", "Nobody challenged, so…") follows a
    full stop, not a colon: the walk read "…duties of following here: You
    hold only…", "Not legal: Follow suit: play…" and 'Not “Not yet won”:
    Nobody challenged'."""
    texts = po_entries("en")
    starts = {" ".join(v.split()[:2]) for k, v in texts.items()
              if k.startswith(("legal.follow.", "yishang.why.")) and v[:1].isupper() and not v.startswith("{")}
    assert {"Follow suit:", "Nobody challenged,", "You hold"} <= starts
    shown = [(e["id"], t) for e in listing("puzzles", "en") for t in texts_of_puzzle(e)]
    shown += [(f"{les['id']}/{s['id']}", t) for les in listing("lessons", "en")
              for s in les["steps"] for t in texts_of_step(s)]
    bad = [(i, t) for i, t in shown if any(f": {s}" in t for s in starts)]
    assert not bad, bad[:5]
    # the messages that wrap a reason (the Play screen's refusals too) end a sentence before it
    wrappers = {k: v for k, v in texts.items() if "{reason}" in v and re.search(r":\s*\{reason\}", v)
                and k.startswith(("puzzle.", "lesson.wrong.yishang.", "tui.play."))
                and k not in LABELS}
    assert not wrappers, wrappers


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_the_play_puzzle_example_is_drawn_and_typed_alike(lang):
    """The Quiz's input example in Chinese shows cards as the app draws them
    (the walk read "例如10H 10H"), and the parser takes what it shows."""
    from solver.cards import parse_cards

    example = po_entries(lang)["puzzle.play.enter"].split("例如")[1]
    assert not CARD_CODE.search(example) and len(parse_cards(example)) == 2


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_chinese_refusals_end_their_sentence(lang):
    """The Play screen's own reasons are sentences: "✗不能这样出（首家出牌）：请至少
    选一张牌" had no final 。 (the engine's reasons have one)."""
    texts = po_entries(lang)
    assert all(texts[k].endswith("。") for k in ("tui.legal.empty", "tui.legal.mixed_lead", "tui.legal.other"))


def test_learn_diagram_labels_use_the_languages_colon():
    """R-BEAT lessons draw a trick as labelled plays: "玩家1：♠9" in Chinese
    (the walk read "玩家1: ♠9" beside choices written "第1手：♠9")."""
    from content.i18n import set_language
    from tutor.tui.screens.learn import diagram

    set_language("zh-Hans")
    try:
        rows = diagram({"plays": ["9S", "2S"]}, "glyphs").rows
    finally:
        set_language("en")
    labels = [head.plain for head, _body in rows]
    assert labels[0].startswith("玩家1：") and not any(":" in label for label in labels), labels


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_who_wins_choices_name_the_players_as_the_diagram_does(lang):
    """R-BEAT "who wins?" steps: the diagram reads "Player 1: ♦K" and the
    choices read "Play 1: ♦K" (第1手) (the learner walk of 2026-12-03): a
    choice now names the player as the diagram above it does."""
    from content.i18n import translate

    for n in (1, 4):
        seat = translate("tui.ctx.player", lang, n=n)
        assert translate("lesson.opt.play", lang, n=n, cards="♦K").startswith(seat)


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_rule_options_name_their_rule_without_nesting_brackets(lang):
    """Settings listed "Pairs around the level rank connect (R-TRACTOR)" in
    English, a bare R-ID, and "隔著級牌的對子相連（拖拉機（連對））" in Chinese,
    brackets in brackets (the learner walk of 2026-12-03).  Each option now
    names its rule as rule_label does (title, and the R-ID after it in
    English only), after a dash."""
    from content.i18n import rule_label, translate
    from tutor.tui.screens.settings import RULE_OPTIONS

    set_language(lang)
    try:
        for name, rid in RULE_OPTIONS:
            text = translate(f"tui.option.{name}", lang, rule=rule_label(rid))
            assert rule_label(rid) in text
            assert not re.search(r"（[^）]*（|\([^)]*\(", text), text
            assert re.search(r"(?<!\()R-[A-Z]", text) is None, text  # an R-ID only inside its title's brackets
    finally:
        set_language("en")


def test_a_throws_suit_is_said_plain_where_some_of_its_ranks_are_trumps():
    """R-GROUP / R-THROW-SAFE (五三二: every 5, 3 and 2 is a trump): a quiz
    read "none of the unseen cards is in hearts" while ♥5 ♥3 ♥2 were unseen
    (the learner walk of 2026-12-03).  A plain suit is now said as such."""
    from content.i18n import set_language, translate
    from lessons import puzzles as P

    set_language("en")
    said = 0
    for p in P.load_puzzles("wusaner"):
        if p.kind != "safe-throw":
            continue
        for _label, value in P.wrong_choices(p):
            text = P.explain_wrong(p, value)
            for suit in ("S", "H", "D", "C"):
                name = translate(f"suit.{suit}", "en")
                if f"is in {name}" in text or f"unseen card in {name}" in text:
                    raise AssertionError(text)
                said += f"in plain {name}" in text
    assert said >= 3


@pytest.mark.parametrize("key", ["tui.play.ev.throw_fail", "tui.play.ev.throw_fail_free",
                                 "tui.play.ev.throw_fail_stake", "tui.play.ev.throw_fail_minus"])
def test_a_failed_throw_reads_well_when_it_was_yours(key):
    """R-THROW-FAIL: the Play screen read "The throw by You failed" (the
    learner walk of 2026-12-03): the seat is the sentence's subject, in a
    form that suits "You" as well as "Left"."""
    from content.i18n import translate

    for seat in ("You", "Left"):
        text = translate(key, "en", seat=seat, throw="♦Q ♦Q ♦9", cards="♦9", points=10, stake="0.5",
                         who="Right")
        # what was thrown, who could beat which unit (played alone)
        assert text.startswith(f"{seat} tried to throw ♦Q ♦Q ♦9, but Right could beat ♦9"), text
        assert "by You" not in text


@pytest.mark.parametrize("key", ["tui.play.ev.throw_fail_stake", "tui.end.penalty_stake", "review.failed_stake"])
def test_a_failed_throws_stake_is_said_in_plain_words(key):
    """R-THROW-FAIL (henan, seed 001: 扣除当前房间底金的1/2).  The audit of
    the Play screen read "罚0.5注（按牌桌底注计，记在比赛账上，不算本局的分）":
    注, 底注 and 比赛账 are table jargon.  The penalty is said as a share of
    what one hand is played for, and that it is only recorded, no points."""
    from content.i18n import translate

    params = dict(seat="Left", throw="♦Q ♦Q ♦9", cards="♦9", points=0, stake="0.5", n=3)
    en = translate(key, "en", **params)
    assert "0.5 × a hand's stake" in en and "base stake" not in en and "record" in en
    for lang, stake in (("zh-Hans", "赔一局赌注的0.5倍"), ("zh-Hant", "賠一局賭注的0.5倍")):
        text = translate(key, lang, **params)
        assert stake in text and ("记账" in text or "記帳" in text), text
        assert not re.search(r"\d注|底注|比赛账|比賽帳", text), text


def test_chinese_words_are_consistent():
    """The walk of 2026-12-03: zh-Hant used the mainland 分布 (Taiwan 分佈)
    and 紅桃 (紅心); zh-Hans hints said 合规 where reviews said 合法; and
    五三二's result read "换对方上台" beside "你方 / 对方" meaning the teams,
    when the off-stage team (台下) goes on stage."""
    hant, hans = po_entries("zh-Hant"), po_entries("zh-Hans")
    assert not [k for k, v in hant.items() if "分布" in v or "紅桃" in v]
    assert not [k for k, v in hans.items() if re.search(r"合规(?!则)", v)]
    assert not [k for k, v in hant.items() if re.search(r"合規(?!則)", v)]
    for lang, texts in (("zh-Hans", hans), ("zh-Hant", hant)):
        assert not [k for k, v in texts.items() if "换对方上台" in v or "換對方上台" in v], lang
        assert ("换台下上台" if lang == "zh-Hans" else "換台下上台") in texts["tui.outcome.swap.wusaner"]


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_the_leave_question_names_the_home_screens_own_item(lang):
    """The audit of the Play screen: leaving said "在主页按“继续”" while the
    Home screen's item reads "从上次的地方继续"; the question names the item
    that picks the hand up again by its real label (Play, key p)."""
    from content.i18n import translate

    # it names the Play item ("Play: you and three bots" → "Play"), which
    # picks the kept hand up again: "Continue where you left off" goes to
    # what was done last, and a walk found it in a finished lesson instead
    play = re.split(r"[:：]", translate("tui.home.do.play", lang))[0]
    for msgid in ("tui.play.leave_question", "tui.play.leave_question.yishang"):
        said = translate(msgid, lang)
        assert play in said and "(p)" in said.replace("（p）", "(p)"), said
        assert translate("tui.home.do.continue", lang) not in said, said


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_no_text_reads_as_a_mortgage(lang):
    """R-W-KITTY hints said "按揭牌规则", read as 按揭 (mortgage): 按照揭牌规则."""
    texts = po_entries(lang)
    assert not [k for k, v in texts.items() if "按揭" in v]
    assert any("按照揭牌" in v for v in texts.values())


@pytest.mark.parametrize("msgid", ["tui.end.by_trick", "tui.ys.pile", "tui.ys.replay_hand", "tui.play.kitty"])
def test_a_label_before_a_list_has_no_space_after_a_full_width_colon(msgid: str) -> None:
    """"逐轮得分： 第2轮…" (the walk of 2026-12-03): a label before a list
    keeps its space in English and drops it after a full-width colon."""
    from content.i18n import set_language
    from tutor.tui.layout import label

    try:
        set_language("zh-Hans")
        zh = label(msgid)
        set_language("en")
        en = label(msgid)
    finally:
        set_language("en")
    assert zh.endswith("：") and not zh.endswith(" ")
    assert en.endswith(" ") and not en.endswith("  ")


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_a_trick_puzzle_names_each_play_as_its_options_do(lang):
    """R-BEAT puzzles and lessons: the options say "Player 3: ♠2" (玩家3), so
    the diagram's labels and the feedback say Player too; a walk read 玩家3
    in the options, 第3手 in the feedback and 第1家 above the diagram."""
    from content.i18n import translate

    word = "Player" if lang == "en" else "玩家"
    option = translate("lesson.opt.play", lang, n=3, cards="♠2")
    assert option.startswith(f"{word} 3" if lang == "en" else f"{word}3"), option
    for msgid, params in (("puzzle.wrong.trick.ruffed", {"n": 3, "cards": "♠2"}),
                          ("puzzle.wrong.trick.tie", {"n": 3, "cards": "♠2"}),
                          ("puzzle.wrong.trick.higher", {"n": 3, "cards": "♠2"}),
                          ("puzzle.x.trick", {"index": 3, "cards": "♠2", "points": 10}),
                          ("tui.field.plays.item", {"n": 3})):
        said = translate(msgid, lang, **params)
        assert said.startswith(option.split(":")[0].split("：")[0]), (msgid, said)
