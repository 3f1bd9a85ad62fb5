"""docs/CHECKS.md lists what check responses carry beyond shared/CONTRACT.md:
every kind served has a row there, and every field a response has is either
a contract field or named in its kind's row (no field added unlisted)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from checks import answer
from checks.registry import KIND_MODULES

DOC = Path(__file__).resolve().parent.parent / "docs" / "CHECKS.md"

#: The response fields shared/CONTRACT.md fixes, per kind.
CONTRACT = {
    "follow": {"legal", "reasons"}, "forced": {"legal_follows", "forced", "always", "example"},
    "throw": {"stands", "beaten", "forced"}, "safe-throw": {"safe", "threats"},
    "trick": {"winner", "points"}, "classify": {"type", "suit", "units"},
    "score": {"total", "outcome", "levels"}, "hint": {"best", "value", "exact", "alternatives"},
    "yishang-challenge": {"p_uniform", "p_model", "advice"},
}
CTX = {"rules": "henan", "level": "2", "trump": "S"}
POSITION = {"rules": "henan", "level": "2", "trump": "S", "options": {},
            "hands": ["BJ 3C", "4C 5C", "6C 7C", "8C 9C"], "dealer": 0, "leader": 0, "trick": [],
            "attacker_points": 0, "kitty": "", "played": ""}
REQUESTS = [
    {"kind": "follow", **CTX, "lead": "10H 10H", "hand": "9H 9H 3H", "play": "3H 9H"},
    {"kind": "forced", **CTX, "lead": "10H 10H", "hand": "9H 9H 3H 4D 5S"},
    {"kind": "forced", **CTX, "lead": "10H 10H", "hand": "9H 8H 3H 4D 5S"},
    {"kind": "throw", **CTX, "throw": "AH KH", "others": ["QH AH", "2C", "3C"]},
    {"kind": "safe-throw", **CTX, "throw": "AH KH", "hand": "AH KH 3C", "seen": ""},
    {"kind": "trick", **CTX, "plays": ["3H", "5H", "AS", "4H"]},
    {"kind": "classify", **CTX, "cards": "3H 3H 4H 4H"},
    {"kind": "score", **CTX, "attacker_points": 70, "kitty": "5H 10C", "last_lead": "3D 3D",
     "attackers_won_last": True},
    {"kind": "hint", "position": POSITION, "play": "3C", "budget": 1},
    {"kind": "yishang-challenge", "target": "8", "declared": "9", "hand": "9S 9H 3C", "seen": "9D",
     "pile_size": 3},
    {"kind": "declare", "rules": "henan", "level": "2", "cards": "2H BJ"},
    {"kind": "declare", "rules": "henan", "level": "2", "cards": "2H 2H"},
    {"kind": "overturn-effect", "rules": "henan", "after_burying": True},
    {"kind": "wusaner-discard", "rules": "wusaner", "level": "2", "cards": "5H 2D 4C"},
    {"kind": "riot", "rules": "henan", "level": "2", "hand": "5H 3C 4D"},
    {"kind": "kitty-trump", "rules": "henan", "kitty": "3C 4S 3H 4C 6S 6H 8S 9C"},
    {"kind": "rotate", "rules": "henan", "dealer": 1, "outcome": "swap"},
    {"kind": "match", "rules": "henan", "totals": [40, 130], "claim": {"level": "4"}},
    {"kind": "yishang-resolve", "target": "8", "card": "9", "face": "down", "declared": "9",
     "challenged": True},
    {"kind": "yishang-face", "events": ["play", "play", "challenge"]},
    {"kind": "yishang-first", "cuts": ["8", "2", "A"]},
    {"kind": "yishang-stall", "counts": [3, 1, 1]},
    {"kind": "yishang-dispute", "players": 4, "callers": [3, 2]},
]


def _rows() -> dict[str, set[str]]:
    """Kind → every `name` written in its table row."""
    rows: dict[str, set[str]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| ((?:`[a-z-]+`(?:, )?)+) \|", line)  # "| `trick`, `classify` |"
        if m:
            for kind in re.findall(r"`([a-z-]+)`", m.group(1)):
                rows[kind] = set(re.findall(r"`([A-Za-z_-]+)`", line))
    return rows


def test_every_kind_served_has_a_row() -> None:
    assert set(_rows()) == set(KIND_MODULES)
    assert {r["kind"] for r in REQUESTS} == set(KIND_MODULES)


@pytest.mark.parametrize("request_", REQUESTS, ids=lambda r: r["kind"])
def test_every_response_field_is_in_the_contract_or_listed(request_: dict) -> None:
    resp = answer(request_)
    assert "error" not in resp, resp
    listed = _rows()[request_["kind"]] | CONTRACT.get(request_["kind"], set())
    assert set(resp) - {"id"} <= listed, set(resp) - listed
    assert CONTRACT.get(request_["kind"], set()) <= set(resp)


def test_the_readme_points_to_the_page() -> None:
    readme = (DOC.parent.parent / "README.md").read_text(encoding="utf-8")
    assert "docs/CHECKS.md" in readme
