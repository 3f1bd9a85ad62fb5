"""Bots for whole hands: the :class:`Bot` protocol, the baseline bot and a
random legal bot (the search bots: :mod:`solver.search.bots`)."""

from solver.bots.base import Bot
from solver.bots.baseline import BaselineBot
from solver.bots.random_legal import RandomBot

__all__ = ["BaselineBot", "Bot", "RandomBot"]
