"""Whole hands and matches: the state machine, flows, match and runner."""

from solver.game.errors import GameError, HistoryError
from solver.game.hand import Hand, HandResult, HandSetup, Phase, Record, Trick, team_of

__all__ = [
           "GameError",
           "Hand",
           "HandResult",
           "HandSetup",
           "HistoryError",
           "Phase",
           "Record",
           "Trick",
           "team_of",
]
