"""The ``shengji-tutor`` command.

With no arguments it opens the Textual app; subcommands answer questions
from the shell.  Every message is localized (``--lang``); bad input exits 2
with one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from content.i18n import LANGUAGES, _, detect_language, set_language

# Subcommands: name → module with ``register(subparsers)``; each module sets
# ``func`` on its parser.  Adding a command is one line here.
COMMANDS: dict[str, str] = {
    "check": "tutor.commands.check",
    "lessons": "tutor.commands.lessons",
    "puzzles": "tutor.commands.puzzles",
    "selfplay": "tutor.commands.selfplay",
    "replay": "tutor.commands.replay",
    "review": "tutor.commands.review",
    "hint": "tutor.commands.hint",
    "yishang": "tutor.commands.yishang",
}


class ArgumentParser(argparse.ArgumentParser):
    """argparse whose usage errors are one localized line and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {_('cli.error')}: {message}\n")


def _pre_lang(argv: Sequence[str]) -> str | None:
    for i, a in enumerate(argv):
        if a == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("--lang="):
            return a.split("=", 1)[1]
    return None


def _without_lang(argv: Sequence[str]) -> list[str]:
    out, skip = [], False
    for a in argv:
        if skip:
            skip = False
        elif a == "--lang":
            skip = True
        elif not a.startswith("--lang="):
            out.append(a)
    return out


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(prog="shengji-tutor", description=_("cli.description"))
    parser.add_argument("--lang", choices=LANGUAGES, help=_("cli.lang.help"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    for name, module_name in COMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as err:
            if err.name != module_name:
                raise
            p = sub.add_parser(name, help=_("cli.not_yet", command=name))
            p.set_defaults(func=_not_yet(name))
            continue
        module.register(sub)
    return parser


def _not_yet(name: str):  # type: ignore[no-untyped-def]
    def run(args: argparse.Namespace) -> int:
        print(_("cli.not_yet", command=name), file=sys.stderr)
        return 2
    return run


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _pre_lang(argv)
    set_language(detect_language(lang))
    if not _without_lang(argv) and (lang is None or lang in LANGUAGES):
        # No subcommand: open the app at once, without importing every command.
        from tutor.app import run_app

        return run_app()
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        from tutor.app import run_app

        return run_app()
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
