"""Bots for whole hands: the :class:`Bot` protocol and the baseline bot."""

from solver.bots.base import Bot
from solver.bots.baseline import BaselineBot

__all__ = ["BaselineBot", "Bot"]
