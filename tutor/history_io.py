"""Reading and writing hand-history files (JSON lines, shared/CONTRACT.md).

Reading goes through the input boundary (:mod:`checks.inputs`), verifies
every hand by replaying it (:func:`solver.history.replay`), one line at a
time (:func:`iter_histories`), and stops at the first bad line with a
:class:`HistoryFileError` naming the file and the line.  Writing is atomic
(:mod:`tutor.outfiles`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from content.i18n import _, os_reason, refusal_words
from solver.errors import SolverError
from solver.history import Replay, replay
from checks.inputs import InputError, check_history, escape, lines, loads, open_binary, shown


class HistoryFileError(Exception):
    """A file that cannot be read, or its first bad line."""

    def __init__(self, path: str, line: int, msgid: str, /, **params: Any) -> None:
        super().__init__(f"{path}:{line}: {msgid}")
        self.path = path
        self.line = line
        self.msgid = msgid
        self.params = params

    def message(self) -> str:
        reason = _(self.msgid, **self.params)
        if self.line:
            return _("game.history.at_line", path=self.path, line=self.line, reason=reason)
        return reason


def solver_message(err: SolverError) -> str:
    """A localized message for a solver error (its code and params); a
    nested rule reason (``reason``, a message id) is translated as ``why``."""
    params = dict(err.params)
    if isinstance(params.get("reason"), str):
        params["why"] = _(params["reason"], **params)
    _say_refusal(params)
    return _(err.code, **params)


def _say_refusal(params: dict[str, Any]) -> None:
    """A history that does not replay: the engine's refusal in words, as
    ``why`` (:func:`content.i18n.refusal_words`: seats counted from 1)."""
    refusal, inner = params.get("refusal"), params.get("refusal_params")
    if isinstance(refusal, str):
        params["why"] = refusal_words(refusal, inner if isinstance(inner, dict) else {})


def write_histories(path: str | Path, hands: Iterable[Mapping[str, Any]], *,
                    force: bool = True) -> int:
    """Write one JSON object per line, atomically (:func:`tutor.outfiles.atomic_writer`:
    the old file stays whole if anything fails); returns the number written."""
    from tutor.outfiles import atomic_writer

    n = 0
    with atomic_writer(path, force=force) as fh:
        for d in hands:
            fh.write(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n")
            n += 1
    return n


def iter_histories(path: str | Path) -> Iterator[tuple[int, Replay]]:
    """Each hand of the file with its line number, read, checked at the
    input boundary (:mod:`checks.inputs`: line size, strict UTF-8, JSON
    limits, typed options) and replayed one at a time, in bounded memory.
    Raises :class:`HistoryFileError` at the first bad line (the hands
    before it have been yielded)."""
    p = escape(str(path))
    try:
        fh = open_binary(path)
    except InputError as err:
        if err.msgid != "input.unreadable":  # e.g. no file name at all
            raise HistoryFileError(p, 0, err.msgid, **err.params) from None
        raise HistoryFileError(p, 0, "input.unreadable", path=p,
                               detail=err.params.get("detail", "")) from None
    found = False
    with fh:
        try:
            this_line = _("input.this_line")
            for no, line in lines(fh, this_line):
                if isinstance(line, InputError):
                    raise HistoryFileError(p, no, line.msgid, **{**line.params, "what": this_line})
                if not line.strip():
                    continue
                try:
                    data = loads(line, this_line)
                    check_history(data)
                except InputError as err:
                    raise HistoryFileError(p, no, err.msgid, **err.params) from None
                yield no, _replay_line(p, no, data)
                found = True
        except OSError as err:
            raise HistoryFileError(p, 0, "input.unreadable", path=p,
                                   detail=os_reason(err)) from None
    if not found:
        raise HistoryFileError(p, 0, "game.history.empty", path=p)


def _replay_line(p: str, no: int, data: Any) -> Replay:
    try:
        return replay(data)
    except SolverError as err:
        params = {k: shown(v) if isinstance(v, str) else v for k, v in err.params.items()}
        inner = params.get("refusal_params")
        if isinstance(inner, dict):  # the values a nested refusal quotes are the file's too
            params["refusal_params"] = {k: shown(v) if isinstance(v, str) else v
                                        for k, v in inner.items()}
        if isinstance(err.params.get("reason"), str):
            params["why"] = _(err.params["reason"], **params)
        _say_refusal(params)
        raise HistoryFileError(p, no, err.code, **params) from None
    except (TypeError, KeyError, IndexError, AttributeError, AssertionError, ValueError):
        # Defensive: a malformed value the checks above did not foresee.
        raise HistoryFileError(p, no, "game.history.unusable") from None


def read_histories(path: str | Path) -> list[Replay]:
    """Every hand of the file, replayed and verified (all in memory: use
    :func:`iter_histories` for big files)."""
    return [r for _no, r in iter_histories(path)]
