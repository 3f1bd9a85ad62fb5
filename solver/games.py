"""The game registry: one frozen record per game the tutor teaches, and the
only enumeration of games.  The tutor, lessons, tools, tests and benches
iterate over :data:`GAMES`; nothing else lists the games by hand.

A record is data: the rules preset it plays (:func:`solver.rules.preset`),
the lesson course that teaches it, how many puzzles its bank holds, its
family (the two kinds of table: trick-taking 升级 and the bluffing
一上一下), the message id of its name, and its place on the home screen
(whose number keys follow that order).  Adding a preset that only changes
options is one record here plus its content (docs/ARCHITECTURE.md).

>>> [g.name for g in GAMES]
['tractor', 'henan', 'wusaner', 'yishang']
>>> [g.name for g in home_games()]
['henan', 'wusaner', 'tractor', 'yishang']
>>> game("wusaner").course, game("wusaner").rules.flow, game("yishang").family
('wusaner', 'wusaner', <Family.YISHANG: 'yishang'>)
>>> courses()
('common', 'henan', 'wusaner', 'yishang')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from solver.errors import RulesError
from solver.rules import Rules, preset


class Family(StrEnum):
    """Which kind of table a game is played at."""

    SHENGJI = "shengji"   # four players, two teams, tricks, levels (升级 / 拖拉机)
    YISHANG = "yishang"   # 2-4 players, face-up / face-down claims (一上一下)


@dataclass(frozen=True, slots=True)
class Game:
    """One game.  ``name`` is its id (also the rules preset's name unless
    ``preset`` says otherwise); ``course`` the lesson course teaching it
    (``lessons/<course>/``); ``puzzles`` its bank size
    (``content/puzzles/<name>.jsonl``); ``label`` the message id of its
    name; ``home`` its 1-based place (and number key) on the home screen."""

    name: str
    course: str
    puzzles: int
    family: Family
    label: str
    home: int
    preset: str = ""

    @property
    def preset_name(self) -> str:
        return self.preset or self.name

    @property
    def rules(self) -> Rules:
        """The game's rules preset."""
        return preset(self.preset_name)

    @property
    def flow(self) -> str:
        return self.rules.flow

    @property
    def is_shengji(self) -> bool:
        return self.family == Family.SHENGJI


#: Every game, in teaching order (the course every other course builds on first).
GAMES: Final[tuple[Game, ...]] = (
    Game("tractor", course="common", puzzles=320, family=Family.SHENGJI, label="tui.game.tractor",
         home=3),
    Game("henan", course="henan", puzzles=320, family=Family.SHENGJI, label="tui.game.henan",
         home=1),
    Game("wusaner", course="wusaner", puzzles=320, family=Family.SHENGJI, label="tui.game.wusaner",
         home=2),
    Game("yishang", course="yishang", puzzles=120, family=Family.YISHANG, label="tui.game.yishang",
         home=4),
)

_BY_NAME: Final = {g.name: g for g in GAMES}


def game(name: str) -> Game:
    """The game named ``name``; raises :class:`RulesError` for an unknown one."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise RulesError(f"unknown game: {name}", code="error.rules.unknown_preset",
                         preset=name) from None


def names() -> tuple[str, ...]:
    """The games' names, in teaching order."""
    return tuple(g.name for g in GAMES)


def home_games() -> tuple[Game, ...]:
    """The games in home-screen order (key 1, 2, …)."""
    return tuple(sorted(GAMES, key=lambda g: g.home))


def shengji() -> tuple[Game, ...]:
    """The 升级 games (four players, tricks), in teaching order."""
    return tuple(g for g in GAMES if g.family == Family.SHENGJI)


def courses() -> tuple[str, ...]:
    """The lesson courses, in teaching order."""
    return tuple(dict.fromkeys(g.course for g in GAMES))


def by_course(course: str) -> Game:
    """The game a lesson course teaches."""
    for g in GAMES:
        if g.course == course:
            return g
    raise RulesError(f"unknown course: {course}", code="error.rules.unknown_preset", preset=course)


#: The 升级 rules presets, in home-screen order (tests, tools and the endgame
#: sampler draw from these).
SHENGJI_PRESETS: Final[tuple[str, ...]] = tuple(g.preset_name for g in home_games() if g.is_shengji)

__all__ = ["Family", "Game", "GAMES", "SHENGJI_PRESETS", "by_course", "courses", "game",
           "home_games", "names", "shengji"]
