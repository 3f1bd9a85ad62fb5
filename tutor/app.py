"""Entry point of the Textual app (``shengji-tutor`` with no subcommand)."""

from __future__ import annotations

import os
import sys


def _explicit_language() -> str | None:
    """The language the user asked for on this run (``--lang`` or
    SHENGJI_TUTOR_LANG): it wins over the one saved in the settings."""
    argv = sys.argv[1:]
    for i, a in enumerate(argv):
        if a == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("--lang="):
            return a.split("=", 1)[1]
    return os.environ.get("SHENGJI_TUTOR_LANG") or None


def run_app() -> int:
    from tutor.tui.app import TutorApp  # lazy: the CLI starts fast

    TutorApp(language=_explicit_language()).run()
    return 0
