"""Search: exact full-information solving, hidden-hand sampling, hints and bots (issue 6)."""

from solver.search.alphabeta import INF, Solver, State, Stats, equivalence_classes, minimax
from solver.search.model import CachedMoves, Hand, Hands, Moves, Play, Table, cards_of, faces

__all__ = ["INF", "Solver", "State", "Stats", "equivalence_classes", "minimax", "CachedMoves",
           "Hand", "Hands", "Moves", "Play", "Table", "cards_of", "faces"]
