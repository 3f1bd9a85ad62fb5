"""Reading and writing hand-history files (JSON lines, shared/CONTRACT.md).

Reading verifies every hand by replaying it (:func:`solver.history.replay`)
and stops at the first bad line with a :class:`HistoryFileError` naming the
file and the line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from content.i18n import _
from solver.errors import SolverError
from solver.history import Replay, replay


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
    return _(err.code, **params)


def write_histories(path: str | Path, hands: Iterable[Mapping[str, Any]]) -> int:
    """Write one JSON object per line; returns the number written."""
    n = 0
    with Path(path).open("w", encoding="utf-8") as fh:
        for d in hands:
            fh.write(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n")
            n += 1
    return n


def read_histories(path: str | Path) -> list[Replay]:
    """Every hand of the file, replayed and verified."""
    p = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        detail = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise HistoryFileError(p, 0, "game.history.unreadable", path=p, detail=detail) from None
    out: list[Replay] = []
    lines = text.split("\n")
    for no, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as err:
            raise HistoryFileError(p, no, "game.history.bad_json", column=err.colno,
                                   detail=err.msg) from None
        try:
            out.append(replay(data))
        except SolverError as err:
            params = dict(err.params)
            if isinstance(params.get("reason"), str):
                params["why"] = _(params["reason"], **params)
            raise HistoryFileError(p, no, err.code, **params) from None
        except (TypeError, KeyError, IndexError, AttributeError, AssertionError) as err:
            # Defensive: a malformed value the checks above did not foresee.
            raise HistoryFileError(p, no, "game.history.bad_field", field="?",
                                   detail=type(err).__name__) from None
    if not out:
        raise HistoryFileError(p, 0, "game.history.empty", path=p)
    return out
