"""The rules reference and the glossary, as data for the Rules screen.

``content/rules/<game>.json`` (game = a rules preset: tractor, henan,
wusaner, yishang) lists every R-ID that applies to that game, each with a
title and text message id and the seed examples that lessons teach for it;
``content/glossary.json`` lists the terms with their three written forms.
"""

from __future__ import annotations

import json

from content.i18n import game_msgid as game_msgid, rule_label as rule_label  # re-exported: lessons name rules with them
from solver.games import names
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

CONTENT = Path(__file__).resolve().parent.parent / "content"


RULE_GAMES = names()


@dataclass(frozen=True)
class RuleExample:
    seed_ref: str
    lesson: str
    step: str
    text: str


@dataclass(frozen=True)
class RuleEntry:
    rid: str
    title: str
    text: str
    examples: tuple[RuleExample, ...] = ()


@dataclass(frozen=True)
class RuleBook:
    game: str
    course: str
    title: str
    seed: str | None
    rules: tuple[RuleEntry, ...] = field(default=())

    def rule(self, rid: str) -> RuleEntry:
        for r in self.rules:
            if r.rid == rid:
                return r
        raise KeyError(rid)


@dataclass(frozen=True)
class Term:
    id: str
    term: str
    definition: str
    forms: dict[str, str] = field(hash=False, default_factory=dict)


@lru_cache(maxsize=8)
def load_rules(game: str) -> RuleBook:
    data: dict[str, Any] = json.loads((CONTENT / "rules" / f"{game}.json").read_text(encoding="utf-8"))
    rules = tuple(RuleEntry(r["rid"], r["title"], r["text"],
                            tuple(RuleExample(**e) for e in r.get("examples", [])))
                  for r in data["rules"])
    return RuleBook(data["game"], data["course"], data["title"], data.get("seed"), rules)


@lru_cache(maxsize=1)
def load_glossary() -> tuple[Term, ...]:
    data = json.loads((CONTENT / "glossary.json").read_text(encoding="utf-8"))
    return tuple(Term(t["id"], t["term"], t["definition"], dict(t["forms"])) for t in data)


__all__ = ["load_rules", "load_glossary", "RuleBook", "RuleEntry", "RuleExample", "Term", "RULE_GAMES",
           "game_msgid", "rule_label"]
