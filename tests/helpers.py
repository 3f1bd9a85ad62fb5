"""Small helpers shared by tests."""

from solver.cards import parse_cards
from solver.rules import preset
from solver.trump import TrumpContext


def ctx(rules: str = "henan", level: str | int = "2", trump: str | None = "S", **options: object) -> TrumpContext:
    return TrumpContext(preset(rules, options or None), level, trump)


def cards(text: str):
    return parse_cards(text)
