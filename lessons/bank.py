"""The puzzle banks as data: what a puzzle is, where the banks live, and how
they are read and written.

A puzzle is a check request (shared/CONTRACT.md) plus the response field the
learner must give (``answer_field``); ids are a hash of the request (or of
the position), so they stay stable when a bank is regenerated.  Banks live
in ``content/puzzles/<game>.jsonl`` (the legality bank) and
``content/puzzles/play/<game>.jsonl`` (the play bank).  What a puzzle asks
and how its answers are judged and explained is :mod:`lessons.puzzles`
(the check kinds) and :mod:`lessons.play_puzzles` (typed plays); this
module is below both, so neither needs the other to read a bank.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from solver.games import home_games

PUZZLE_DIR = Path(__file__).resolve().parent.parent / "content" / "puzzles"
PUZZLE_GAMES = tuple(g.name for g in home_games())
#: Kinds answered by typing cards, judged by search (lessons.play_puzzles).
CARD_KINDS = ("play", "mistake")
ANSWER_FIELDS = {"trick": "winner", "score": "total", "follow": "legal", "forced": "forced",
                 "throw": "stands", "safe-throw": "safe", "yishang-challenge": "advice"}


@dataclass(frozen=True)
class Puzzle:
    id: str
    game: str
    kind: str
    rating: int
    request: dict[str, Any] = field(hash=False)
    question: str = ""
    params: dict[str, Any] = field(default_factory=dict, hash=False)
    answer_field: str = ""
    explanation: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "kind": self.kind, "rating": self.rating,
                "request": self.request, "question": self.question, "params": self.params,
                "answer_field": self.answer_field, "explanation": self.explanation}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Puzzle:
        return cls(str(data["id"]), str(data["game"]), str(data["kind"]), int(data["rating"]),
                   dict(data["request"]), str(data["question"]), dict(data.get("params") or {}),
                   str(data["answer_field"]), str(data["explanation"]))


def puzzle_id(game: str, request: dict[str, Any]) -> str:
    digest = hashlib.sha1(json.dumps(request, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    return f"{game}-{digest[:12]}"


# -- the bank ----------------------------------------------------------------------

@lru_cache(maxsize=8)
def _load_game(game: str, root: str) -> tuple[Puzzle, ...]:
    path = Path(root) / f"{game}.jsonl"
    if not path.exists():
        return ()
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.append(Puzzle.from_json(json.loads(line)))
    return tuple(out)


def load_puzzles(game: str | None = None, root: Path | None = None) -> list[Puzzle]:
    games = [game] if game else list(PUZZLE_GAMES)
    out: list[Puzzle] = []
    for g in games:
        out.extend(_load_game(g, str(root or PUZZLE_DIR)))
    return out


def puzzle_lines(puzzles: list[Puzzle]) -> str:
    """A bank file's text: one puzzle a line (the form :func:`load_puzzles` reads)."""
    return "".join(json.dumps(p.to_json(), ensure_ascii=False, sort_keys=True) + "\n"
                   for p in puzzles)


def bank_path(game: str, root: Path | None = None) -> Path:
    """Where a game's bank lives under ``root`` (the shipped bank by default)."""
    return (root or PUZZLE_DIR) / f"{game}.jsonl"


def forget_loaded() -> None:
    """Drop the loaded banks (after a bank file was rewritten)."""
    _load_game.cache_clear()


__all__ = ["ANSWER_FIELDS", "CARD_KINDS", "PUZZLE_DIR", "PUZZLE_GAMES", "Puzzle", "bank_path",
           "forget_loaded", "load_puzzles", "puzzle_id", "puzzle_lines"]
