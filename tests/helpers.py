"""Small helpers shared by tests."""

from pathlib import Path

from solver.cards import parse_cards
from solver.rules import preset
from solver.trump import TrumpContext


#: The project root, and the shared rule book beside it (``../shared`` from the root).
ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def rules_md() -> Path:
    """``../shared/RULES.md``; a test that needs it fails (never skips) when it is missing."""
    path = SHARED / "RULES.md"
    assert path.is_file(), f"the rule book is missing: {path} (expected at ../shared from the project root)"
    return path


def ctx(rules: str = "henan", level: str | int = "2", trump: str | None = "S", **options: object) -> TrumpContext:
    return TrumpContext(preset(rules, options or None), level, trump)


def cards(text: str):
    return parse_cards(text)
