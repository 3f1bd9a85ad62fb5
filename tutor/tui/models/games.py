"""What the app offers: the games (from the registry, :mod:`solver.games`,
in home-screen order) and the display settings."""

from __future__ import annotations

from solver.games import Family, game, home_games

#: The games offered, in menu order (the home screen's keys 1-4).
GAMES: tuple[str, ...] = tuple(g.name for g in home_games())
#: The lesson course of each game.
COURSE: dict[str, str] = {g.name: g.course for g in home_games()}
SUIT_STYLES: tuple[str, ...] = ("glyphs", "letters", "cjk")
#: Bot strengths: a random legal play, the baseline bot, the search bot.
BOT_LEVELS: tuple[str, ...] = ("easy", "normal", "strong")


def family(name: str) -> str:
    """``shengji`` or ``yishang``: which table and Play screen a game uses."""
    return str(game(name).family)


__all__ = ["BOT_LEVELS", "COURSE", "GAMES", "SUIT_STYLES", "Family", "family"]
