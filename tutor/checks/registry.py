"""Which module answers which check kind.  A kind whose module is not there
yet answers ``not_supported``; adding a kind is one line here."""

from __future__ import annotations

import importlib

from tutor.checks.base import CheckError, Kind

KIND_MODULES: dict[str, str] = {
    "classify": "tutor.checks.core",
    "trick": "tutor.checks.core",
    "score": "tutor.checks.core",
    "follow": "tutor.checks.legal",
    "forced": "tutor.checks.legal",
    "throw": "tutor.checks.legal",
    "safe-throw": "tutor.checks.legal",
    "hint": "tutor.checks.hint",
    "yishang-challenge": "tutor.checks.yishang",
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


def available_kinds() -> list[Kind]:
    out = []
    for name in KIND_MODULES:
        try:
            out.append(get_kind(name))
        except CheckError:
            continue
    return out
