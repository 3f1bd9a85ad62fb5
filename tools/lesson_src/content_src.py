"""The rules reference (content/rules/<game>.json) and the glossary
(content/glossary.json): which rules and terms, in which order.  Their
texts are in the ``lessons`` catalogs."""

from __future__ import annotations

from solver import games as registry

SHARED = ["R-OPT", "R-DECK", "R-POINTS", "R-GROUP", "R-ORDER", "R-TIE", "R-PAIR", "R-LADDER",
          "R-TRACTOR", "R-DECOMPOSE", "R-LEAD", "R-FOLLOW", "R-FORCED", "R-THROW-BEAT",
          "R-THROW-ADJ", "R-THROW-SAFE", "R-THROW-FAIL", "R-COVER", "R-BEAT", "R-TRICK-POINTS",
          "R-KITTY", "R-LEVELS", "R-MATCH"]

#: Which R-IDs of shared/RULES.md apply to which game of the registry
#: (solver/games.py, whose course must teach them: tests/test_lessons_coverage.py).
GAMES = {
    "tractor": {"seed": None,
                "rules": ["R-T-DECLARE", *SHARED, "R-ROTATE"]},
    "henan": {"seed": "001_414297f3a246f31f.txt",
              "rules": ["R-H-DEAL", "R-H-DECLARE", "R-H-OVERTURN", "R-H-RIOT", "R-H-KITTY", *SHARED,
                        "R-ROTATE"]},
    "wusaner": {"seed": "004_93f1229637e2d2a9.txt",
                "rules": ["R-W-DEAL", "R-W-FIXED", "R-W-DECLARE", "R-W-OVERCALL", "R-W-KITTY", *SHARED,
                          "R-W-FOLLOW"]},
    "yishang": {"seed": "000_c3b6b660962ebef2.txt",
                "rules": ["R-Y-SETUP", "R-Y-FACE", "R-Y-TARGET", "R-Y-UP", "R-Y-DOWN", "R-Y-WIN",
                          "R-Y-STALL"]},
}

# Texts (content/locale/<lang>/LC_MESSAGES/lessons.po): a rule's title and text
# are "ruleref.<RID>.title" and "ruleref.<RID>.text"; a per-game text
# "ruleref.<game>.<RID>.text", where the catalog has one, replaces the shared
# text for that game.  A game's title is "ruleref.game.<game>".

#: The glossary in display order; the term and its definition are
#: "glossary.<id>.term" and "glossary.<id>.def".
GLOSSARY = ["trump", "plain", "permanent", "joker_big", "joker_small", "level", "main_level", "trump_suit",
            "no_trump", "pair", "tractor", "throw", "trump_lead", "ruff", "discard", "follow_singles",
            "points", "kitty", "bury", "kitty_bonus", "dealer", "attackers", "stage", "declare",
            "overturn", "fix_trump", "rebury", "riot", "show", "overcall", "take_kitty", "signal",
            "level_up", "cards", "hearts", "spades", "diamonds", "clubs", "face_up", "face_down", "target",
            "challenge", "draw_pile"]


def rules_data(lessons: list[dict], english: dict[str, str]) -> dict[str, dict]:
    """content/rules/<game>.json: each rule with its R-ID, text ids and the
    seed examples taught for it (lesson steps with a seed reference).
    ``english`` (id -> text) tells which rules have a per-game text."""
    out = {}
    for entry in registry.GAMES:
        game, info, course = entry.name, GAMES[entry.name], entry.course
        rules = []
        for rid in info["rules"]:
            text = f"ruleref.{game}.{rid}.text"
            if text not in english:
                text = f"ruleref.{rid}.text"
            examples = []
            for lesson in lessons:
                if lesson["game"] != course:
                    continue
                for step in lesson["steps"]:
                    if step.get("rule") == rid and step.get("seed_ref"):
                        examples.append({"seed_ref": step["seed_ref"], "lesson": lesson["id"],
                                         "step": step["id"], "text": step["text"]})
            rules.append({"rid": rid, "title": f"ruleref.{rid}.title", "text": text, "examples": examples})
        out[game] = {"game": game, "course": course, "title": f"ruleref.game.{game}",
                     "seed": info["seed"], "rules": rules}
    return out


def glossary_data(texts: dict[str, dict[str, str]]) -> list[dict]:
    """content/glossary.json; ``forms`` holds the term in every language of
    ``texts`` (language -> id -> text; English where a language has none yet),
    for searching in any of them."""
    def term(lang: str, gid: str) -> str:
        key = f"glossary.{gid}.term"
        return texts[lang].get(key) or texts["en"][key]

    return [{"id": gid, "term": f"glossary.{gid}.term", "definition": f"glossary.{gid}.def",
             "forms": {lang: term(lang, gid) for lang in texts}} for gid in GLOSSARY]
