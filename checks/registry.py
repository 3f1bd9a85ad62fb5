"""Which module answers which check kind (imported on first use, so a
command asking one kind loads only its module); adding a kind is one line
here plus its ``KINDS`` entry."""

from __future__ import annotations

import importlib

from checks.base import CheckError, Kind

KIND_MODULES: dict[str, str] = {
    "classify": "checks.core",
    "trick": "checks.core",
    "score": "checks.core",
    "follow": "checks.legal",
    "forced": "checks.legal",
    "throw": "checks.legal",
    "safe-throw": "checks.legal",
    "hint": "checks.hint",
    "yishang-challenge": "checks.yishang",
    # taught in lessons (JSON only, no command-line subcommand)
    "declare": "checks.game",
    "overturn-effect": "checks.game",
    "wusaner-discard": "checks.game",
    "riot": "checks.game",
    "kitty-trump": "checks.game",
    "rotate": "checks.game",
    "match": "checks.game",
    "yishang-resolve": "checks.yishang",
    "yishang-face": "checks.yishang",
    "yishang-first": "checks.yishang",
    "yishang-stall": "checks.yishang",
    "yishang-dispute": "checks.yishang",
}


def get_kind(name: str) -> Kind:
    """The kind named ``name``; an unknown name is a :class:`CheckError`."""
    kind = _LOADED.get(name)
    if kind is not None:
        return kind
    module_name = KIND_MODULES.get(name)
    if module_name is None:
        raise CheckError("unknown_kind", "error.request.unknown_kind", kind=name)
    kinds: dict[str, Kind] = importlib.import_module(module_name).KINDS
    kind = _LOADED[name] = kinds[name]
    return kind


#: Kinds already looked up (a batch asks for the same kind line after line).
_LOADED: dict[str, Kind] = {}


def available_kinds(*, lessons: bool = False) -> list[Kind]:
    """The kinds served now: the command-line ones, and with ``lessons`` also
    the kinds only lessons ask (JSON only)."""
    kinds = [get_kind(name) for name in KIND_MODULES]
    return [k for k in kinds if lessons or not k.lesson]
