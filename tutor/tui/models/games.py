"""What the app offers: the games in menu order and the display settings."""

from __future__ import annotations

#: The games offered, in menu order (the home screen's keys 1-4).
GAMES: tuple[str, ...] = ("henan", "wusaner", "tractor", "yishang")
#: The lesson course of each game.
COURSE: dict[str, str] = {"henan": "henan", "wusaner": "wusaner", "tractor": "common",
                          "yishang": "yishang"}
#: Games played as 一上一下 (its own table and Play screen); the others are 升级.
YISHANG_GAMES: frozenset[str] = frozenset({"yishang"})
SUIT_STYLES: tuple[str, ...] = ("glyphs", "letters", "cjk")
#: Bot strengths: a random legal play, the baseline bot, the search bot.
BOT_LEVELS: tuple[str, ...] = ("easy", "normal", "strong")


def family(game: str) -> str:
    """``yishang`` or ``shengji``: which table and Play screen a game uses."""
    return "yishang" if game in YISHANG_GAMES else "shengji"
