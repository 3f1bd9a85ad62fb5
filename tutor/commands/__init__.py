"""Subcommands of ``shengji-tutor``: each module has ``register(subparsers)``."""

from __future__ import annotations

from content.i18n import _, get_language


def error_line(prog: str, message: str) -> str:
    """The one line a command prints on stderr for bad input, in the
    language's punctuation ("prog: error: …", "prog：错误：…")."""
    return _("cli.error_line", prog=prog, message=message)


def said(text: str) -> str:
    """A command's human output as the learner reads it: in Chinese the
    cards in words and glyphs (``♥9``, ``小王``), not codes (``9H``, ``SJ``)
    inside a sentence; English keeps the ASCII notation of CONTRACT.md
    (``--json`` output is never passed through this)."""
    from tutor.cardtext import for_reader

    return for_reader(text, get_language())
