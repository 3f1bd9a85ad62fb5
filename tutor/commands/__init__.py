"""Subcommands of ``shengji-tutor``: each module has ``register(subparsers)``."""

from __future__ import annotations

from content.i18n import _


def error_line(prog: str, message: str) -> str:
    """The one line a command prints on stderr for bad input, in the
    language's punctuation ("prog: error: …", "prog：错误：…")."""
    return _("cli.error_line", prog=prog, message=message)
