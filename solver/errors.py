"""Error types of the rules library.

Every error carries a stable ``code`` (a message id that the UI layer
translates) and ``params`` for the message, in the spirit of python-chess's
``InvalidMoveError``: all of them are ``ValueError`` subclasses.
"""

from __future__ import annotations

from typing import Any


class SolverError(ValueError):
    """Base class: a problem with the input or the position.

    ``code`` is a message id such as ``"error.card.bad_token"``; ``params``
    fill the placeholders of the localized message; ``str(err)`` is a plain
    English fallback for logs.
    """

    code: str = "error.generic"

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = params


class CardParseError(SolverError):
    """A token is not a card in the notation of CONTRACT.md."""

    code = "error.card.bad_token"


class InvalidCardsError(SolverError):
    """A card list is impossible (too many copies, wrong count, ...)."""

    code = "error.cards.invalid"


class RulesError(SolverError):
    """An unknown preset, option or option value."""

    code = "error.rules.invalid"


class IllegalPlayError(SolverError):
    """A play breaks a rule; ``params['rule']`` names the R-ID."""

    code = "error.play.illegal"
