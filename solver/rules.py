"""Rule presets as frozen option sets (R-OPT).

A preset is data, never a branch in the engine: code asks ``rules.<option>``
and never ``rules.name == "henan"``.

Options with a few values are enums (``StrEnum``: they compare equal to
their names) and the throw penalty is a small value object; the string
forms of shared/CONTRACT.md (``"stake:0.5"``, ``"top_card"``) are parsed at
the edge, in :func:`preset` / :meth:`Rules.with_options`, and written back
by :meth:`Rules.options`.

>>> r = preset("henan")
>>> r.kitty_multiplier == KittyMultiplier.UNIT, r.hand_size, r.kitty_size
(True, 25, 8)
>>> preset("henan", {"throw_compare": "top_card"}).throw_compare is ThrowCompare.TOP_CARD
True
>>> r.throw_penalty, str(r.throw_penalty), r.options()["throw_penalty"]
(ThrowPenalty(kind=<PenaltyKind.STAKE: 'stake'>, amount=0.5), 'stake:0.5', 'stake:0.5')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any, Final

from solver.errors import RulesError


class ThrowCompare(StrEnum):
    """R-BEAT: how covering throws compare."""

    LARGEST_UNIT = "largest_unit"
    TOP_CARD = "top_card"


class KittyMultiplier(StrEnum):
    """R-KITTY: the kitty bonus's multiplier."""

    UNIT = "unit"      # henan: by the last lead's largest unit
    CARDS = "cards"    # tractor: 2 × the cards of the last lead
    FLAT = "flat"      # wusaner: ×2


class LevelTable(StrEnum):
    """R-LEVELS: which table turns a total into levels."""

    STANDARD = "standard"
    WUSANER = "wusaner"


class PenaltyKind(StrEnum):
    NONE = "none"
    STAKE = "stake"     # a share of the base stake (henan)
    POINTS = "points"   # points per card taken back (tractor)


@dataclass(frozen=True, slots=True)
class ThrowPenalty:
    """R-THROW-FAIL: what a failed throw costs; written ``none``,
    ``stake:X`` or ``points:N``.

    >>> ThrowPenalty.parse("points:10"), str(ThrowPenalty.parse("stake:0.5"))
    (ThrowPenalty(kind=<PenaltyKind.POINTS: 'points'>, amount=10.0), 'stake:0.5')
    """

    kind: PenaltyKind = PenaltyKind.NONE
    amount: float = 0.0

    @classmethod
    def parse(cls, text: str) -> ThrowPenalty:
        kind, _, amount = text.strip().partition(":")
        try:
            k = PenaltyKind(kind)
            value = float(amount) if k != PenaltyKind.NONE else 0.0
        except ValueError:
            raise RulesError("option throw_penalty must be none, stake:X or points:N",
                             code="error.rules.bad_value", option="throw_penalty",
                             value=text) from None
        return cls(k, value)

    def __str__(self) -> str:
        return "none" if self.kind == PenaltyKind.NONE else f"{self.kind}:{self.amount:g}"


#: R-LEVELS outcomes (solver.scoring re-exports them).
DEALERS_UP: Final = "dealers_up"
SWAP: Final = "swap"
ATTACKERS_UP: Final = "attackers_up"


@dataclass(frozen=True, slots=True)
class LevelBand:
    """R-LEVELS: attackers' totals below ``below`` (None: any higher total)
    and at or above the band before give ``outcome`` and ``levels`` levels,
    one more for every ``step`` points past the band's start."""

    below: int | None
    outcome: str
    levels: int
    step: int = 0


LEVEL_BANDS: Final[dict[LevelTable, tuple[LevelBand, ...]]] = {
    LevelTable.STANDARD: (LevelBand(1, DEALERS_UP, 3), LevelBand(40, DEALERS_UP, 2),
                          LevelBand(80, DEALERS_UP, 1), LevelBand(120, SWAP, 0),
                          LevelBand(None, ATTACKERS_UP, 1, step=40)),
    LevelTable.WUSANER: (LevelBand(50, DEALERS_UP, 2), LevelBand(100, DEALERS_UP, 1),
                         LevelBand(120, SWAP, 0), LevelBand(None, ATTACKERS_UP, 1)),
}

#: Option fields holding enums or value objects, and how their text is parsed.
_PARSED: Final[dict[str, Any]] = {"throw_compare": ThrowCompare, "kitty_multiplier": KittyMultiplier,
                                  "level_table": LevelTable, "throw_penalty": ThrowPenalty.parse}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of shared/RULES.md, with its R-ID."""

    name: str
    #: "henan" | "wusaner" | "tractor": which dealing/declaring flow (R-H-*, R-W-*, R-T-*).
    flow: str
    hand_size: int
    kitty_size: int
    #: R-W-FIXED: ranks that are always trump (wusaner: 5, 3, 2).
    fixed_trump_ranks: tuple[int, ...] = ()
    #: R-ORDER: trump-suit copy of a fixed rank above the other three.
    fixed_trump_main_first: bool = True
    #: R-TRACTOR: a rank removed from a suit (level, fixed) does not break a run.
    level_gap_bridges: bool = True
    #: R-TRACTOR: SJ pair + main-level pair is a tractor.
    joker_level_tractor: bool = True
    #: R-FOLLOW 3: a single tractor lead obliges a tractor of that length.
    strict_tractor_follow: bool = True
    #: R-FOLLOW 3: with only shorter tractors, the longest must be played
    #: (true in ``henan``).
    partial_tractor_follow: bool = False
    #: R-FOLLOW 4 / R-W-FOLLOW: a trump pair lead with no trump pair in hand
    #: obliges the highest trumps.
    trump_pair_highest_fallback: bool = False
    #: R-BEAT: largest_unit or top_card.
    throw_compare: ThrowCompare = ThrowCompare.LARGEST_UNIT
    #: R-THROW-FAIL: none, stake:0.5 (henan) or points:10 (tractor).
    throw_penalty: ThrowPenalty = ThrowPenalty()
    #: R-KITTY: unit (henan), cards (tractor) or flat (wusaner, ×2).
    kitty_multiplier: KittyMultiplier = KittyMultiplier.UNIT
    #: R-LEVELS: standard (henan, tractor) or wusaner.
    level_table: LevelTable = LevelTable.STANDARD
    #: R-MATCH: the level ranks in order; the match is won past/at the last.
    level_sequence: tuple[int, ...] = tuple(range(2, 15))
    #: R-MATCH: wusaner wraps past K to A.
    wusaner_cycle: bool = False
    #: R-H-RIOT: attackers with < 15 points may call a redeal.
    riot: bool = False
    riot_max: int = 3
    riot_threshold: int = 15
    #: R-Y-STALL (yishang only).
    yishang_max_plays: int = 200
    #: R-Y-STALL: the game also ends at this many times the play limit, draw
    #: pile or not (0 = never; a table that never draws could cycle forever).
    yishang_stall_hard_factor: int = 2

    def with_options(self, overrides: Mapping[str, Any]) -> Rules:
        """A copy with options overridden by name; values may be strings
        (``"true"``, ``"3"``) as typed on the command line."""
        changes: dict[str, Any] = {}
        fields = {f.name: f for f in dataclasses.fields(self)}
        for key, value in overrides.items():
            if key not in fields or key in ("name", "flow"):
                raise RulesError(f"unknown rule option: {key}", code="error.rules.unknown_option",
                                 option=key, known=", ".join(sorted(
                                     n for n in fields if n not in ("name", "flow"))))
            changes[key] = _coerce(key, getattr(self, key), value)
        new = dataclasses.replace(self, **changes)
        new.validate()
        return new

    def __post_init__(self) -> None:
        # The string forms (presets written as text, JSON, the command line)
        # become the option types here, once.
        for key, parse in _PARSED.items():
            value = getattr(self, key)
            if isinstance(value, str) and not isinstance(value, Enum):
                object.__setattr__(self, key, _parse_option(key, parse, value))

    def validate(self) -> None:
        if self.yishang_max_plays < 1 or self.yishang_stall_hard_factor < 0:
            key = "yishang_max_plays" if self.yishang_max_plays < 1 else "yishang_stall_hard_factor"
            raise RulesError(f"option {key} must be a whole number ≥ {1 if key == 'yishang_max_plays' else 0}",
                             code="error.rules.bad_value", option=key, value=getattr(self, key))
        if any(r not in range(2, 15) for r in self.fixed_trump_ranks):
            raise RulesError("fixed trump ranks must be 2..A", code="error.rules.bad_value",
                             option="fixed_trump_ranks", value=self.fixed_trump_ranks)

    def options(self) -> dict[str, Any]:
        """All options as a plain dict in their JSON forms (CONTRACT.md)."""
        return {f.name: _json_value(getattr(self, f.name)) for f in dataclasses.fields(self)}

    def changed_options(self) -> dict[str, Any]:
        """The options that differ from the preset's (R-OPT), in their JSON forms."""
        base = PRESETS[self.name].options() if self.name in PRESETS else {}
        return {k: v for k, v in self.options().items() if base.get(k) != v}

    @property
    def default_level(self) -> int:
        """The level a match starts at (R-MATCH): 2, or A in ``wusaner``.

        >>> preset("wusaner").default_level, preset("henan").default_level
        (14, 2)
        """
        return self.level_sequence[0]

    @property
    def penalty_kind(self) -> PenaltyKind:
        return self.throw_penalty.kind

    @property
    def penalty_amount(self) -> float:
        return self.throw_penalty.amount

    @property
    def level_bands(self) -> tuple[LevelBand, ...]:
        """R-LEVELS: the bands that turn the attackers' total into levels."""
        return LEVEL_BANDS[self.level_table]

    @property
    def keep_below(self) -> int:
        """R-LEVELS: the dealers keep the deal when the attackers' total is below this.

        >>> preset("henan").keep_below, preset("wusaner").keep_below
        (80, 100)
        """
        return max(b.below or 0 for b in self.level_bands if b.outcome == DEALERS_UP)


def _parse_option(key: str, parse: Any, text: str) -> Any:
    try:
        return parse(text.strip())
    except RulesError:
        raise
    except ValueError:
        values = ", ".join(str(v) for v in parse)
        raise RulesError(f"option {key} must be one of {values}", code="error.rules.bad_value",
                         option=key, value=text) from None


def _json_value(value: Any) -> Any:
    if isinstance(value, ThrowPenalty):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    return value


def _coerce(key: str, current: Any, value: Any) -> Any:
    if key in _PARSED:
        if isinstance(value, type(current)):
            return value
        if not isinstance(value, str):
            raise RulesError(f"option {key} takes a name", code="error.rules.bad_value",
                             option=key, value=value)
        return _parse_option(key, _PARSED[key], value)
    if not isinstance(value, str):
        if isinstance(current, tuple) and isinstance(value, list):
            return tuple(value)
        if type(current) is bool and not isinstance(value, bool):
            raise RulesError(f"option {key} takes true or false", code="error.rules.bad_value",
                             option=key, value=value)
        return value
    text = value.strip()
    if isinstance(current, bool):
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off"):
            return False
        raise RulesError(f"option {key} takes true or false", code="error.rules.bad_value",
                         option=key, value=value)
    if isinstance(current, int):
        try:
            return int(text)
        except ValueError:
            raise RulesError(f"option {key} takes a whole number", code="error.rules.bad_value",
                             option=key, value=value) from None
    if isinstance(current, tuple):
        from solver.cards import _RANK_TOKENS  # rank tokens such as 5,3,2 or A

        try:
            return tuple(_RANK_TOKENS[t.strip().upper()] for t in text.split(",") if t.strip())
        except KeyError:
            raise RulesError(f"option {key} takes ranks separated by commas",
                             code="error.rules.bad_value", option=key, value=value) from None
    return text


HENAN: Final = Rules(
    name="henan", flow="henan", hand_size=25, kitty_size=8,
    throw_penalty=ThrowPenalty(PenaltyKind.STAKE, 0.5), kitty_multiplier=KittyMultiplier.UNIT,
    riot=True,
    partial_tractor_follow=True,   # R-FOLLOW 3, seed 001: 有连对必须跟连对
)
TRACTOR: Final = Rules(
    name="tractor", flow="tractor", hand_size=25, kitty_size=8,
    throw_penalty=ThrowPenalty(PenaltyKind.POINTS, 10), kitty_multiplier=KittyMultiplier.CARDS,
)
WUSANER: Final = Rules(
    name="wusaner", flow="wusaner", hand_size=26, kitty_size=4,
    fixed_trump_ranks=(5, 3, 2), trump_pair_highest_fallback=True,
    kitty_multiplier=KittyMultiplier.FLAT, level_table=LevelTable.WUSANER,
    level_sequence=(14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13),
)
YISHANG: Final = Rules(name="yishang", flow="yishang", hand_size=7, kitty_size=0)

PRESETS: Final[dict[str, Rules]] = {r.name: r for r in (HENAN, WUSANER, TRACTOR, YISHANG)}


def preset(name: str, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The named preset, optionally with options overridden (R-OPT)."""
    try:
        rules = PRESETS[name.strip().lower()]
    except KeyError:
        raise RulesError(f"unknown rules preset: {name}", code="error.rules.unknown_preset",
                         preset=name) from None
    return rules.with_options(overrides) if overrides else rules


def rank_rule_ids(rules: Rules, rank: int) -> tuple[str, ...]:
    """The rules (R-IDs of shared/RULES.md) that say what a card of ``rank``
    (2..14, or a joker's rank) is in a game: the Rules screen's card search.

    A point card (R-POINTS: 5, 10, K) scores in the trick (R-TRICK-POINTS)
    and the kitty (R-KITTY); a joker, and in ``wusaner`` a fixed rank
    (R-W-FIXED), is always trump (R-GROUP, R-ORDER); any other card is trump
    when its rank is the level or its suit the trump suit (R-GROUP, R-ORDER).
    Empty for a game without these rules (``yishang``).

    >>> rank_rule_ids(preset("tractor"), 13)
    ('R-POINTS', 'R-TRICK-POINTS', 'R-KITTY', 'R-GROUP', 'R-ORDER')
    >>> rank_rule_ids(preset("wusaner"), 3)
    ('R-W-FIXED', 'R-GROUP', 'R-ORDER')
    """
    from solver.cards import BIG_JOKER_RANK, JOKER_SUIT, SMALL_JOKER_RANK, Card

    if rules.flow not in ("henan", "tractor", "wusaner"):
        return ()
    joker = rank in (SMALL_JOKER_RANK, BIG_JOKER_RANK)
    card = Card(rank, JOKER_SUIT if joker else "S")
    out: list[str] = []
    if card.points:
        out += ["R-POINTS", "R-TRICK-POINTS", "R-KITTY"]
        if rules.flow == "wusaner":
            out.append("R-W-KITTY")  # no point cards in the kitty
    if rank in rules.fixed_trump_ranks:
        out.insert(0, "R-W-FIXED")
    return tuple(out + ["R-GROUP", "R-ORDER"])


__all__ = ["Rules", "preset", "rank_rule_ids", "PRESETS", "ThrowCompare", "KittyMultiplier", "LevelTable",
           "PenaltyKind", "ThrowPenalty", "LevelBand", "LEVEL_BANDS", "HENAN", "WUSANER", "TRACTOR", "YISHANG"]
