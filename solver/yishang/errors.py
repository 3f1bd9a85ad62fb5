"""Errors of the yishang engine: every one has a message id in the ``yishang``
domain and, for an illegal action, the R-ID it breaks (``params['rule']``)."""

from __future__ import annotations

from typing import Any

from solver.errors import SolverError


class YishangError(SolverError):
    """Bad input for the yishang engine (a rank token, a player count, ...)."""

    code = "yishang.error.generic"


class IllegalActionError(YishangError):
    """An action breaks a rule or comes at the wrong moment."""

    code = "yishang.error.illegal"

    def __init__(self, message: str, *, code: str, rule: str, **params: Any) -> None:
        super().__init__(f"{message} ({rule})", code=code, rule=rule, **params)
        self.rule = rule


class HistoryError(YishangError):
    """A saved history cannot be replayed; ``params['index']`` is the first bad record."""

    code = "yishang.error.history"

    def __init__(self, message: str, *, index: int, detail: str, **params: Any) -> None:
        super().__init__(f"history record {index}: {message}", code="yishang.error.history",
                         index=index, detail=detail, **params)
        self.index = index
