"""Rule presets as frozen option sets (R-OPT).

A preset is data, never a branch in the engine: code asks ``rules.<option>``
and never ``rules.name == "henan"``.

>>> r = preset("henan")
>>> r.kitty_multiplier, r.hand_size, r.kitty_size
('unit', 25, 8)
>>> preset("henan", {"throw_compare": "top_card"}).throw_compare
'top_card'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from solver.errors import RulesError


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
    #: R-BEAT: "largest_unit" or "top_card".
    throw_compare: str = "largest_unit"
    #: R-THROW-FAIL: "stake:0.5", "points:10" or "none".
    throw_penalty: str = "none"
    #: R-KITTY: "unit" (henan), "cards" (tractor) or "flat" (wusaner, ×2).
    kitty_multiplier: str = "unit"
    #: R-LEVELS: "standard" (henan, tractor) or "wusaner".
    level_table: str = "standard"
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
                                 option=key)
            changes[key] = _coerce(key, getattr(self, key), value)
        new = dataclasses.replace(self, **changes)
        new.validate()
        return new

    def validate(self) -> None:
        allowed = {
            "throw_compare": ("largest_unit", "top_card"),
            "kitty_multiplier": ("unit", "cards", "flat"),
            "level_table": ("standard", "wusaner"),
        }
        for key, values in allowed.items():
            if getattr(self, key) not in values:
                raise RulesError(f"option {key} must be one of {', '.join(values)}",
                                 code="error.rules.bad_value", option=key, value=getattr(self, key))
        kind, _, amount = self.throw_penalty.partition(":")
        if kind not in ("none", "stake", "points") or (kind != "none" and not _is_number(amount)):
            raise RulesError("option throw_penalty must be none, stake:X or points:N",
                             code="error.rules.bad_value", option="throw_penalty",
                             value=self.throw_penalty)
        if self.yishang_max_plays < 1 or self.yishang_stall_hard_factor < 0:
            key = "yishang_max_plays" if self.yishang_max_plays < 1 else "yishang_stall_hard_factor"
            raise RulesError(f"option {key} must be a whole number ≥ {1 if key == 'yishang_max_plays' else 0}",
                             code="error.rules.bad_value", option=key, value=getattr(self, key))
        if any(r not in range(2, 15) for r in self.fixed_trump_ranks):
            raise RulesError("fixed trump ranks must be 2..A", code="error.rules.bad_value",
                             option="fixed_trump_ranks", value=self.fixed_trump_ranks)

    def options(self) -> dict[str, Any]:
        """All options as a plain dict (JSON-friendly)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @property
    def default_level(self) -> int:
        """The level a match starts at (R-MATCH): 2, or A in ``wusaner``.

        >>> preset("wusaner").default_level, preset("henan").default_level
        (14, 2)
        """
        return self.level_sequence[0]

    @property
    def penalty_kind(self) -> str:
        return self.throw_penalty.partition(":")[0]

    @property
    def penalty_amount(self) -> float:
        amount = self.throw_penalty.partition(":")[2]
        return float(amount) if amount else 0.0


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _coerce(key: str, current: Any, value: Any) -> Any:
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
    throw_penalty="stake:0.5", kitty_multiplier="unit", riot=True,
    partial_tractor_follow=True,   # R-FOLLOW 3, seed 001: 有连对必须跟连对
)
TRACTOR: Final = Rules(
    name="tractor", flow="tractor", hand_size=25, kitty_size=8,
    throw_penalty="points:10", kitty_multiplier="cards",
)
WUSANER: Final = Rules(
    name="wusaner", flow="wusaner", hand_size=26, kitty_size=4,
    fixed_trump_ranks=(5, 3, 2), trump_pair_highest_fallback=True,
    kitty_multiplier="flat", level_table="wusaner",
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


__all__ = ["Rules", "preset", "PRESETS", "HENAN", "WUSANER", "TRACTOR", "YISHANG"]
