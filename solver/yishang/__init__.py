"""一上一下 (yishang): the face-up / face-down bluffing game of seed 000.

``game`` is the engine (R-Y-*), ``odds`` the exact and model probabilities of
a face-down claim, ``hints`` the advice built on them, ``bots`` the players.
"""

from solver.yishang.errors import HistoryError, IllegalActionError, YishangError
from solver.yishang.game import CHALLENGE, OVER, PLAY, Claim, Game, PileCard
from solver.yishang.ranks import PACK, RANKS, parse_rank, rank_name, yrank

__all__ = [
           "CHALLENGE",
           "OVER",
           "PACK",
           "PLAY",
           "RANKS",
           "Claim",
           "Game",
           "HistoryError",
           "IllegalActionError",
           "PileCard",
           "YishangError",
           "parse_rank",
           "rank_name",
           "yrank",
]
