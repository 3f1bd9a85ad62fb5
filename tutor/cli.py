"""The ``shengji-tutor`` command.

With no arguments it opens the Textual app; subcommands answer questions
from the shell.  Every message is localized (``--lang``), argparse's own
usage errors included; bad input exits 2 with one line on stderr, never a
traceback.  Ctrl-C while the program starts exits quietly (130).
"""

from __future__ import annotations

import os
import signal
import sys


def _interrupted_at_start(signum: int, frame: object) -> None:
    """Ctrl-C before a command runs (imports take a moment): no traceback."""
    try:
        sys.stderr.write("\n")
        sys.stderr.flush()
    finally:
        os._exit(130)


def _is_the_program() -> bool:
    """Imported to run the command (``shengji-tutor``, ``python -m tutor``,
    ``python -c``), not as a library inside another program (a test runner)."""
    arg0 = sys.argv[0] if sys.argv else ""
    name = os.path.basename(arg0)
    return arg0 == "-c" or name.startswith("shengji-tutor") or \
        os.path.basename(os.path.dirname(arg0)) == "tutor"


# Installed first thing, before the slow imports below.
if _is_the_program():
    try:
        signal.signal(signal.SIGINT, _interrupted_at_start)
    except ValueError:  # not the main thread
        pass

import argparse  # noqa: E402
import importlib  # noqa: E402
from collections.abc import Sequence  # noqa: E402

from content.i18n import LANGUAGES, _, detect_language, get_language, set_language  # noqa: E402

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
    """argparse whose usage errors are one localized line (control
    characters escaped) and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        from checks.inputs import escape
        from tutor.commands import error_line

        self.exit(2, error_line(self.prog, escape(message)) + "\n")

    def format_help(self) -> str:
        """argparse ends section headings with an ASCII colon ("选项:");
        Chinese help ends them with a full-width one ("选项：")."""
        text = super().format_help()
        if not get_language().startswith("zh"):
            return text
        for group in self._action_groups:
            if group.title:
                text = text.replace(f"\n{group.title}:\n", f"\n{group.title}：\n")
        return text


#: argparse's own texts → our message ids (argparse looks them up through
#: ``argparse._`` / ``argparse.ngettext`` at the moment it uses them).
ARGPARSE_TEXTS = {
    "usage: ": "cli.argparse.usage",
    "options": "cli.argparse.options",
    "positional arguments": "cli.argparse.positional",
    "show this help message and exit": "cli.argparse.help",
    "the following arguments are required: %s": "cli.argparse.required",
    "unrecognized arguments: %s": "cli.argparse.unrecognized",
    "expected one argument": "cli.argparse.one",
    "expected at most one argument": "cli.argparse.at_most_one",
    "expected at least one argument": "cli.argparse.at_least_one",
    "expected %s argument": "cli.argparse.n_one",
    "expected %s arguments": "cli.argparse.n_many",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.argparse.choice",
    "invalid %(type)s value: %(value)r": "cli.argparse.value",
    "argument %(argument_name)s: %(message)s": "cli.argparse.argument",
    "not allowed with argument %s": "cli.argparse.not_allowed",
    "ambiguous option: %(option)s could match %(matches)s": "cli.argparse.ambiguous",
    "one of the arguments %s is required": "cli.argparse.one_of",
    "ignored explicit argument %r": "cli.argparse.ignored",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "cli.argparse.unknown_parser",
    "can't open '%(filename)s': %(error)s": "cli.argparse.cannot_open",
}


def _argparse_text(text: str) -> str:
    msgid = ARGPARSE_TEXTS.get(text)
    return _(msgid) if msgid else text


def _argparse_ntext(singular: str, plural: str, n: int) -> str:
    return _argparse_text(singular if n == 1 else plural)


argparse._ = _argparse_text  # type: ignore[attr-defined]
argparse.ngettext = _argparse_ntext  # type: ignore[attr-defined]


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


def build_parser(argv: Sequence[str] | None = None) -> ArgumentParser:
    """The whole command line; given the arguments, only the command they
    name (each command's imports are its own: a ``check`` does not load the
    search engine, and starts faster).  A missing or unknown command, or the
    program's own ``--help``, gets every command."""
    parser = ArgumentParser(prog="shengji-tutor", description=_("cli.description"))
    parser.add_argument("--lang", choices=LANG_CHOICES, help=_("cli.lang.help"))
    sub = parser.add_subparsers(dest="command", metavar=_("cli.metavar.command"), parser_class=ArgumentParser)
    named, rest = _command_of(argv)
    for name, module_name in COMMANDS.items():
        if named is not None and name != named:
            continue
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as err:
            if err.name != module_name:
                raise
            p = sub.add_parser(name, help=_("cli.not_yet", command=name))
            p.set_defaults(func=_not_yet(name))
            continue
        if named is not None and hasattr(module, "register_for"):
            module.register_for(sub, rest)  # the command's own parts the arguments need
        else:
            module.register(sub)
    return parser


def _command_of(argv: Sequence[str] | None) -> tuple[str | None, list[str]]:
    """The command the arguments name and the arguments after it; (None, [])
    for a missing or unknown command or the program's ``--help``."""
    if argv is None:
        return None, []
    skip = False
    for i, a in enumerate(argv):
        if skip:
            skip = False
        elif a == "--lang":
            skip = True
        elif a.startswith("-"):
            if not a.startswith("--lang="):
                return None, []  # --help, or a usage error
        else:
            return (a, list(argv[i + 1:])) if a in COMMANDS else (None, [])
    return None, []


def _not_yet(name: str):  # type: ignore[no-untyped-def]
    def run(args: argparse.Namespace) -> int:
        print(_("cli.not_yet", command=name), file=sys.stderr)
        return 2
    return run


def _opens_app(argv: Sequence[str]) -> bool:
    """No subcommand, only a valid ``--lang``: open the app at once,
    without importing every command.  ``--lang`` with no value or a bad
    one goes through argparse (a usage error)."""
    if not argv:
        return True
    if len(argv) == 1 and argv[0].startswith("--lang="):
        return argv[0].split("=", 1)[1] in LANG_CHOICES
    return len(argv) == 2 and argv[0] == "--lang" and argv[1] in LANG_CHOICES


LANG_CHOICES = LANGUAGES


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print(_("input.interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 0


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _pre_lang(argv)
    if lang is not None:
        # --lang may come anywhere, after the command too ("lessons --lang
        # zh-Hans" was refused as an unknown argument, a walk): it is the
        # program's option, moved in front of the command
        argv = ["--lang", lang, *_without_lang(argv)]
    set_language(detect_language(lang))
    if _opens_app(argv):
        return _app()
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if not args.command:
        return _app()
    _normal_interrupts()
    return int(args.func(args) or 0)


def _app() -> int:
    """The TUI needs a terminal: without one (``< /dev/null``, a pipe) say so
    and exit 2 instead of waiting forever."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        from checks.inputs import escape
        from tutor.commands import error_line

        print(error_line("shengji-tutor", escape(_('input.no_terminal'))), file=sys.stderr)
        return 2
    _normal_interrupts()
    from tutor.app import run_app

    return run_app()


def _normal_interrupts() -> None:
    """From here on Ctrl-C raises KeyboardInterrupt (caught in :func:`main`)."""
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:
        pass


def _quiet_stdout() -> None:
    """After a closed pipe, send further output nowhere (no error at exit)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
