"""Errors of the game state machine.

Every refusal is a :class:`GameError` whose ``code`` is a message id of the
``game`` catalog and whose ``params`` name the rule (``rule="R-H-DECLARE"``)
and the cards or seats that make the action illegal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.errors import SolverError


@dataclass(frozen=True, slots=True)
class GameReason:
    """Why the engine decided as it did, either way: ``rule`` (an R-ID),
    ``code`` (a message id of the ``game`` catalog) and ``params`` for the
    message (cards, counts, and, under keys ending in ``_kind``, message
    ids of the shapes compared, which the caller words first).  A refusal's
    reason is its :class:`GameError`'s (:attr:`GameError.reason`)."""

    rule: str
    code: str
    params: dict[str, Any] = field(default_factory=dict, hash=False)


class GameError(SolverError):
    """An action that the current state does not allow; ``params['rule']``
    is the R-ID (or ``"phase"``/``"turn"`` for order problems)."""

    code = "game.error"

    def __init__(self, message: str, *, code: str, rule: str, **params: Any) -> None:
        super().__init__(message, code=code, rule=rule, **params)

    @property
    def rule(self) -> str:
        return str(self.params.get("rule", ""))

    @property
    def reason(self) -> GameReason:
        """The refusal as a :class:`GameReason`."""
        return GameReason(self.rule, self.code,
                          {k: v for k, v in self.params.items() if k != "rule"})


class HistoryError(SolverError):
    """A saved hand history that is malformed or does not replay."""

    code = "game.history.bad"

    def __init__(self, message: str, *, code: str, **params: Any) -> None:
        super().__init__(message, code=code, **params)
