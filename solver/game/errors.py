"""Errors of the game state machine.

Every refusal is a :class:`GameError` whose ``code`` is a message id of the
``game`` catalog and whose ``params`` name the rule (``rule="R-H-DECLARE"``)
and the cards or seats that make the action illegal.
"""

from __future__ import annotations

from typing import Any

from solver.errors import SolverError


class GameError(SolverError):
    """An action that the current state does not allow; ``params['rule']``
    is the R-ID (or ``"phase"``/``"turn"`` for order problems)."""

    code = "game.error"

    def __init__(self, message: str, *, code: str, rule: str, **params: Any) -> None:
        super().__init__(message, code=code, rule=rule, **params)

    @property
    def rule(self) -> str:
        return str(self.params.get("rule", ""))


class HistoryError(SolverError):
    """A saved hand history that is malformed or does not replay."""

    code = "game.history.bad"

    def __init__(self, message: str, *, code: str, **params: Any) -> None:
        super().__init__(message, code=code, **params)
