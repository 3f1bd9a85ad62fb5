"""Which module answers which check kind.  A kind whose module is not there
yet answers ``not_supported``; adding a kind is one line here."""

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
    module_name = KIND_MODULES.get(name)
    if module_name is None:
        raise CheckError("unknown_kind", "error.request.unknown_kind", kind=name)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name == module_name:
            raise CheckError("not_supported", "error.request.not_supported", kind=name) from None
        raise
    kinds: dict[str, Kind] = getattr(module, "KINDS", {})
    if name not in kinds:
        raise CheckError("not_supported", "error.request.not_supported", kind=name)
    return kinds[name]


def available_kinds(*, lessons: bool = False) -> list[Kind]:
    """The kinds served now: the command-line ones, and with ``lessons`` also
    the kinds only lessons ask (JSON only)."""
    out = []
    for name in KIND_MODULES:
        try:
            kind = get_kind(name)
        except CheckError:
            continue
        if lessons or not kind.lesson:
            out.append(kind)
    return out
