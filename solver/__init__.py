"""shengji-tutor's rules library: cards, presets, trumps, units, tricks, scoring.

Pure and typed: no UI, no I/O.  See shared/RULES.md for the R-IDs cited.
"""

from solver.cards import BIG_JOKER, SMALL_JOKER, Card, deck, format_cards, parse_cards, points
from solver.errors import CardParseError, IllegalPlayError, InvalidCardsError, RulesError, SolverError
from solver.match import MatchState
from solver.rules import PRESETS, Rules, preset
from solver.scoring import HandScore, kitty_multiplier, level_outcome, score_hand
from solver.trick import trick_points, trick_winner
from solver.trump import TRUMP, TrumpContext
from solver.units import Classification, Unit, classify, decompose

__all__ = [
    "BIG_JOKER", "SMALL_JOKER", "Card", "deck", "format_cards", "parse_cards", "points",
    "CardParseError", "IllegalPlayError", "InvalidCardsError", "RulesError", "SolverError",
    "MatchState", "PRESETS", "Rules", "preset", "HandScore", "kitty_multiplier", "level_outcome",
    "score_hand", "trick_points", "trick_winner", "TRUMP", "TrumpContext", "Classification", "Unit",
    "classify", "decompose",
]
