"""Analyze (questions through checks.answer, saved hands) and Rules
(search by word, card or R-ID) screens."""

from __future__ import annotations

import json

import pytest

from content.i18n import translate
from tests.tui_util import assert_fits, assert_shown, screen_text, sync
from checks import answer
from tutor.store import Store
from tutor.tui.screens import rules as rules_mod
from tutor.tui.app import TutorApp


async def open_analyze(pilot, app, key="1"):
    await pilot.press(key, "a")
    await pilot.pause()
    return app.screen


async def analyze_kind(pilot, app, kind, key="1"):
    """The Analyze screen of game ``key`` asking question ``kind`` (redrawn)."""
    screen = await open_analyze(pilot, app, key)
    screen.query_one("#kind").value = kind
    await pilot.pause()
    await pilot.pause()
    return app.screen


async def search_rules(pilot, app, key, query):
    """The Rules screen of game ``key`` with ``query`` typed as a terminal
    sends it (♥ and 红 are not key names)."""
    await pilot.press(key, "r")
    await pilot.pause()
    app.screen.query_one("#rules-search").insert_text_at_cursor(query)
    await pilot.pause()
    return app.screen


@sync
async def test_follow_question_matches_the_check_interface():
    """R-FOLLOW rule 2 (pairs): the answer on screen is the engine's."""
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app)
        screen.set_values(level="2", trump="S", lead="10H 10H", hand="9H 9H 3H 4D 5S", play="3H 9H")
        await pilot.press("enter")
        await pilot.pause()
        resp = answer({"kind": "follow", "rules": "henan", "level": "2", "trump": "S",
                       "lead": "10H 10H", "hand": "9H 9H 3H 4D 5S", "play": "3H 9H"})
        assert resp["legal"] is False
        assert "R-FOLLOW" in screen_text(app)
        assert_fits(app)


@sync
async def test_bad_card_is_a_clear_error():
    app = TutorApp(Store.memory(), language="zh-Hant")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app)
        screen.set_values(lead="1X", hand="9H", play="9H")
        screen.action_ask()
        await pilot.pause()
        assert "✗" in screen_text(app) and "1X" in screen_text(app)
        assert_fits(app)


@sync
async def test_switch_kind_and_trick_winner():
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app)
        screen.query_one("#kind").value = "trick"
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        screen.set_values(level="K", trump="S", plays="AS | KD | KS | QS")
        screen.action_ask()
        await pilot.pause()
        expected = answer({"kind": "trick", "rules": "henan", "level": "K", "trump": "S",
                           "plays": ["AS", "KD", "KS", "QS"]})
        assert expected["winner"] == 2  # the trump-suit level card (R-ORDER)
        assert "KS" in screen_text(app)


@sync
async def test_open_saved_hand_fills_a_follow():
    store = Store.memory()
    from tutor.tui.models.shengji import ShengjiTable

    t = ShengjiTable("henan", seed=4)
    while not t.done:
        t.play(t.suggest())
    store.save_hand("henan", t.history())
    app = TutorApp(store, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app)
        await pilot.press("ctrl+o")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert screen.kind == "follow" and screen.values["lead"]
        screen.action_ask()
        await pilot.pause()
        # The bot's own follow in a finished hand is legal (the engine refereed it).
        assert "legal" in screen_text(app).lower()
        assert_fits(app)


@pytest.mark.slow  # the default suite walks every screen in tests/test_tui_render.py
@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
@pytest.mark.parametrize("key", ["1", "4"])
@sync
async def test_analyze_renders(lang, key):
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_analyze(pilot, app, key)
        assert_fits(app)
        assert_shown(app, translate("tui.analyze.kind", lang), translate("tui.key.back", lang))



@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
@sync
async def test_yishang_analyze_speaks_of_its_own_game(lang):
    """R-Y-DECK (一上一下 has no jokers): its Analyze screen showed the
    Shengji help ("BJ, 大王. Trump: S H D C or NT", Ctrl+T/O) and offered
    Ctrl+T/Ctrl+O/Ctrl+G, which only said there was nothing to open (the
    learner walk of 2026-12-03).  It now shows its own help, offers no
    Shengji keys, and every field has an example."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app, "4")
        text = screen_text(app)
        assert "".join(translate("tui.analyze.help.yishang", lang).split())[:30] in "".join(text.split())
        assert "NT" not in text and "Ctrl+T" not in text
        footer = text.splitlines()[-1]
        for key in ("tui.key.from_table", "tui.key.open", "tui.key.review"):
            assert translate(key, lang) not in footer
        assert translate("tui.key.ask", lang) in footer
        from textual.widgets import Input

        boxes = [i for i in screen.query(Input) if i.id and i.id.startswith("f-")]
        assert boxes and all(i.placeholder for i in boxes)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert screen_text(app) == text  # nothing happens, nothing is promised
        assert_fits(app)

SAMPLE = {"rules": [
    {"id": "R-PAIR", "title": "Pairs", "text": "Two copies of the same face.",
     "examples": [{"text": "a pair", "cards": "5H 5H"}], "seed_ref": "001:pairs"},
    {"id": "R-TRACTOR", "title": "Tractors", "text": "Two or more pairs on consecutive positions."},
]}


@sync
async def test_rules_search(tmp_path, monkeypatch):
    (tmp_path / "henan.json").write_text(json.dumps(SAMPLE), encoding="utf-8")
    monkeypatch.setattr(rules_mod, "RULES_DIR", tmp_path)
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "r")
        await pilot.pause()
        assert_shown(app, "R-PAIR", "R-TRACTOR", "Two copies")
        await pilot.press(*"consecutive")
        await pilot.pause()
        text = screen_text(app)
        assert "R-TRACTOR" in text and "R-PAIR  Pairs" not in text
        assert_fits(app)


@sync
async def test_down_from_the_rules_search_goes_into_the_list():
    """↓ in the search box did nothing (the walk of 2026-12-04): it goes on
    into the list, one rule down, and the detail shows that rule; typing
    still goes to the box first."""
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "r")
        await pilot.pause()
        await pilot.press(*"throw")
        await pilot.pause()
        screen = app.screen
        listed = screen.query_one("#rules-list")
        assert screen.query_one("#rules-search").has_focus and screen.query_text == "throw"
        assert listed.option_count >= 2 and listed.highlighted == 0
        first = screen.selected
        await pilot.press("down")
        await pilot.pause()
        assert listed.has_focus and listed.highlighted == 1 and screen.selected != first
        await pilot.press("down")  # the list's own ↓ from here
        await pilot.pause()
        assert listed.highlighted == min(2, listed.option_count - 1)
        assert_fits(app)


@sync
async def test_rules_real_data():
    app = TutorApp(Store.memory(), language="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2", "r")
        await pilot.pause()
        assert_fits(app)
        # in Chinese a rule is named by its title, never by its code ("R-W-DEAL  摸牌")
        assert rules_mod.load_rules("wusaner") and "摸牌" in screen_text(app)
        assert "R-" not in screen_text(app)
        # searching by the code still finds the rule; a rule's example comes with its answer (issue 15)
        await pilot.press(*"R-THROW-SAFE")
        await pilot.pause()
        body = app.screen.body_plain
        assert "→ 答案：" in body and "R-" not in body
        listed = app.screen.query_one("#rules-list")
        assert listed.option_count and not any(
            "R-" in str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count))
        assert_fits(app)


@sync
async def test_paste_position_and_history():
    from tutor.tui.models.shengji import ShengjiTable

    t = ShengjiTable("henan", seed=6)
    t.play(t.suggest())          # now a bot has led or you lead: either way a position
    position = t.position().to_json()
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app)
        paste = screen.query_one("#paste")
        paste.value = json.dumps(position)
        paste.focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert json.loads(screen.values["position"])["rules"] == "henan"
        if position["trick"]:
            assert screen.kind == "follow" and screen.values["lead"] == position["trick"][0]
        # The seat to play is counted from 1 in text (the JSON's seats are 0-3).
        to_play = (position["leader"] + len(position["trick"])) % 4
        assert f"seat {to_play + 1} is to play" in screen_text(app)
        # A bad paste is a clear message.
        screen.paste("{not json")
        await pilot.pause()
        assert "not a position" in screen_text(app)
        # A pasted hand history opens like a saved hand.
        while not t.done:
            t.play(t.suggest())
        screen.paste(json.dumps(t.history()))
        await pilot.pause()
        await pilot.pause()
        assert app.screen.kind == "follow" and app.screen.values["lead"]
        assert_fits(app)


@sync
async def test_best_play_from_a_pasted_position():
    """The hint kind through the Analyze form."""
    from tutor.tui.models.shengji import ShengjiTable

    t = ShengjiTable("tractor", seed=2)
    app = TutorApp(Store.memory(), language="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app, "3")
        screen.paste(json.dumps(t.position().to_json()))
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        screen.query_one("#kind").value = "hint"
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert screen.values.get("position")
        screen.set_values(budget="0.5")
        screen.action_ask()
        await pilot.pause()
        text = screen_text(app)
        assert "✗" not in text
        assert_fits(app)


def test_every_rule_example_shows_the_engines_answer():
    """Issue 15: each rule entry of every game shows its examples with the
    answer and the reason, computed by the engine (the lesson step's check,
    judged now): the seed's examples as the lessons restate them (seed 001
    throw examples, seed 004 scoring, seed 000 challenges), else the course's
    own questions on the rule; all three languages non-empty."""
    from content.i18n import set_language
    from lessons.judge import example_answer, judge
    from lessons.answers import example_steps, step_answer
    from lessons.reference import RULE_GAMES, load_rules

    answered = 0
    try:
        for lang in ("en", "zh-Hans", "zh-Hant"):
            set_language(lang)
            for game in RULE_GAMES:
                for entry in load_rules(game).rules:
                    steps = example_steps(game, entry.rid)
                    blocks = rules_mod.answered_examples(game, entry.rid)
                    assert len(blocks) == len(steps), (game, entry.rid)
                    for step, block in zip(steps, blocks):
                        right = example_answer(step)
                        assert right is not None and judge(step, right).correct, (game, entry.rid, step.id)
                        answer, _reason = step_answer(step)
                        assert answer.strip(), (lang, game, entry.rid, step.id)
                        text = block.plain
                        assert "→ " in text and text.split("→ ", 1)[1].strip(), (lang, game, entry.rid)
                        # the lesson's own question ("Select your card") is said to be the lesson's
                        intro = translate("tui.rules.from_lesson", lang, text="").strip()
                        assert text.split("\n", 1)[0].lstrip("•· ").startswith(intro), text[:40]
                        # the level and trump the answer depends on are shown (R-ORDER:
                        # ♠K beats ♠A only when K is the level)
                        if step.context.get("level"):
                            level = translate("tui.ctx.level", lang, level=step.context["level"])
                            assert level in text, (lang, game, entry.rid, text[:80])
                        answered += 1
    finally:
        set_language("en")
    assert answered > 150  # nearly every rule of every game has an answered example
    # the seed's worked examples are among them, answered
    safe = [s.id for s in example_steps("henan", "R-THROW-SAFE")]
    assert safe == ["example1", "example2"]


@pytest.mark.parametrize("lang,key,game,query,first", [
    ("en", "1", "henan", "10H", "R-POINTS"),    # a 10 is a point card (R-POINTS)
    ("en", "1", "henan", "♥10", "R-POINTS"),
    ("en", "3", "tractor", "KS", "R-POINTS"),   # so is a K
    ("en", "1", "henan", "QS", "R-GROUP"),      # a Q scores nothing: trump as a level card or in the trump suit
    ("zh-Hant", "2", "wusaner", "红3", "R-W-FIXED"),  # 五三二: every 3 is trump (R-W-FIXED)
    ("zh-Hans", "2", "wusaner", "大王", "R-GROUP"),     # a joker is always trump
])
@sync
async def test_rules_search_by_card(lang, key, game, query, first):
    """The search's placeholder offers "a card": a card finds the rules on
    what that card is, as the engine lists them (solver.rules.rank_rule_ids:
    R-POINTS 5/10/K, R-W-FIXED 5/3/2, R-GROUP/R-ORDER trumps), first; a card
    typed as letters finds no other rule (not the rules whose text merely
    holds the letters), a card in words (大王, 红3) then the rules whose text
    names it."""
    from solver.cards import Card
    from solver.rules import preset, rank_rule_ids

    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key, "r")
        await pilot.pause()
        assert app.screen.tutor.game == game
        # typed as a learner's terminal sends it (♥ and 红 are not key names)
        app.screen.query_one("#rules-search").insert_text_at_cursor(query)
        await pilot.pause()
        assert app.screen.query_text == query
        listed = app.screen.query_one("#rules-list")
        ids = [listed.get_option_at_index(i).id for i in range(listed.option_count)]
        card = query if not query.startswith("红") else "♥" + query[1:]
        expect = [r for r in rank_rule_ids(preset(game), Card.parse(card).rank)
                  if r in {rules_mod.rule_id(x) for x in rules_mod.load_rules(game)}]
        assert ids[:len(expect)] == expect and ids[0] == first
        rest = ids[len(expect):]
        if query.isascii():
            assert rest == []   # not the rules whose text merely holds the letters
        else:                   # a card in words: then the rules whose text names it
            by_id = {rules_mod.rule_id(x): x for x in rules_mod.load_rules(game)}
            assert all(rules_mod.matches(by_id[r], query) for r in rest)
        if (game, query) == ("wusaner", "大王"):  # 顶牌 (R-W-OVERCALL: "用大王…"), a walk missed it
            assert "R-W-OVERCALL" in ids
        rid, title, _body, _ex = rules_mod.rule_texts(rules_mod.load_rules(game)[
            [rules_mod.rule_id(x) for x in rules_mod.load_rules(game)].index(first)])
        assert app.screen.body_plain.startswith(
            title if lang.startswith("zh") else f"{rid} {title}")
        assert translate("tui.rules.none", lang).split("{")[0] not in screen_text(app)
        assert_fits(app)


def test_card_query_reads_cards_not_words():
    """A card or a bare rank is a card query; words, R-IDs and a lower-case
    letter being typed are not (they search the text)."""
    assert rules_mod.card_query("henan", "10") == rules_mod.card_query("henan", "10H")
    assert rules_mod.card_query("henan", "K")[0] == "R-POINTS"
    for q in ("a", "k", "pairs", "R-POINTS", "10H KS", ""):
        assert rules_mod.card_query("henan", q) is None
    assert rules_mod.card_query("yishang", "KS") is None  # 一上一下 has no trumps or points


@sync
async def test_who_wins_counts_plays_as_its_answer_does():
    """R-BEAT: the answer says "Play 1 wins" for the lead; a wrong card count
    said "play 1 has 1 card" of the second play (the walk of 2026-12-03).
    Both count the lead as play 1, and the error is a sentence."""
    app = TutorApp(Store.memory(), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app)
        screen.query_one("#kind").value = "trick"
        await pilot.pause()
        screen.query_one("#f-plays").value = "AC KC KC | 5C"
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert_shown(app, "Play 2 has 1 card but the lead has 3.")


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@sync
async def test_errors_name_fields_by_their_labels(lang):
    """The walk of 2026-12-03 read "✗ 3C in 'play' is not in 'hand'": the
    JSON field names.  Analyze names the fields as its form labels them (the
    command line and JSON keep their own names)."""
    from checks import answer

    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analyze(pilot, app)
        screen.query_one("#f-lead").value = "AH"
        screen.query_one("#f-hand").value = "3H 4D"
        screen.query_one("#f-play").value = "3C"
        await pilot.press("ctrl+r")
        await pilot.pause()
        said = str(screen.query_one("#analyze-result").render())
        play, hand = translate("tui.analyze.field.play", lang), translate("tui.analyze.field.hand", lang)
        assert play in said and hand in said and "'play'" not in said, said
    raw = answer({"kind": "follow", "rules": "henan", "level": "2", "trump": "S",
                  "lead": "AH", "hand": "3H 4D", "play": "3C"})
    message = raw["error"]["message"]  # the JSON interface keeps its names
    assert "'play'" in message or "“play”" in message, message


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
@sync
async def test_the_chinese_form_names_the_trump_suit(lang):
    """The Analyze form's trump field showed "S" in Chinese and its help
    listed letters first (a walk).  It shows the suit's name (黑桃), which
    the engine reads as the letter (R-ORDER: the trump suit), and the help
    names the suits first."""
    from solver.trump import parse_trump

    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("1", "a")
        await pilot.pause()
        field = app.screen.query_one("#trump")
        assert field.value == "黑桃" and parse_trump(field.value) == "S"
    help_text = translate("tui.analyze.help", lang)
    assert help_text.index("黑桃") < help_text.index("S、")


@pytest.mark.parametrize("lang,key,game,query,alias", [
    ("zh-Hans", "1", "henan", "亮牌", "报主"),    # 河南双升 declares with 报主 (R-H-DECLARE)
    ("zh-Hans", "2", "wusaner", "报主", "亮牌"),  # 五三二 shows with 亮牌 (R-W-DECLARE)
    ("zh-Hant", "2", "wusaner", "反主", "頂牌"),  # and overcalls with 顶牌 (R-W-OVERCALL)
])
@sync
async def test_a_word_of_another_game_finds_this_games_word(lang, key, game, query, alias):
    """A search for another game's word (亮牌 in 河南双升) found nothing (a
    walk); it now finds the rules with this game's word, and says which."""
    app = TutorApp(Store.memory(), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await search_rules(pilot, app, key, query)
        assert screen.tutor.game == game
        listed = screen.query_one("#rules-list")
        assert listed.option_count > 0 and screen.alias == alias
        by_id = {rules_mod.rule_id(x): x for x in rules_mod.load_rules(game)}
        ids = [listed.get_option_at_index(i).id for i in range(listed.option_count)]
        assert all(rules_mod.matches(by_id[r], alias) for r in ids)
        assert app.screen.body_plain.startswith(translate("tui.rules.alias", lang, query=query, alias=alias))
        assert_fits(app)
