"""The check interface (shared/CONTRACT.md): one request in, one response out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from solver.errors import SolverError
from checks.base import CheckError, Request
from checks.inputs import InputError, dumps, escape, loads
from checks.registry import get_kind


def answer(data: Any) -> dict[str, Any]:
    """Answer one JSON request; errors become an error object, never raise."""
    rid = _echo_id(data.get("id")) if isinstance(data, dict) else None
    try:
        if not isinstance(data, dict):
            raise CheckError("bad_request", "error.request.not_object")
        kind_name = data.get("kind")
        if not isinstance(kind_name, str):
            raise CheckError("missing_field", "error.request.missing_kind")
        kind = get_kind(kind_name)
        req = Request(kind, data)
        response = kind.handle(req)
    except CheckError as err:
        return _error(rid, err.code, err.message())
    except SolverError as err:
        from content.i18n import _

        return _error(rid, "invalid", _(err.code, **err.params))
    out: dict[str, Any] = {"id": rid} if "id" in data else {}
    out.update(response)
    return out


def _echo_id(rid: Any) -> Any:
    """The request's id as it can be echoed in valid JSON (a number that is
    not finite, or anything that is not plain JSON, echoes as null)."""
    try:
        dumps(rid)
    except (TypeError, ValueError, RecursionError):
        return None
    return rid


def answer_line(line: str | InputError, no: int = 0) -> str:
    """One ``--jsonl`` answer line for one request line (already read and
    decoded by :func:`checks.inputs.lines`, or the error reading it).  Every
    line gets exactly one answer, a blank line an ``empty_line`` error."""
    from content.i18n import _

    if isinstance(line, InputError):
        return dumps(_error(None, line.code, line.message()))
    if not line.strip():
        return dumps(_error(None, "empty_line", _("input.empty_line")))
    try:
        data = loads(line, _("input.batch_line", line=no) if no else _("input.this_line"))
    except InputError as err:
        return dumps(_error(None, err.code, err.message()))
    resp = answer(data)
    try:
        return dumps(resp)
    except (TypeError, ValueError):  # a response value JSON cannot carry: say so, go on
        return dumps(_error(resp.get("id"), "internal", _("input.not_answered")))


def _error(rid: Any, code: str, message: str) -> dict[str, Any]:
    return {"id": rid, "error": {"code": code, "message": escape(message)}}


def answer_lines(lines: Iterable[str]) -> Iterator[str]:
    """The ``--jsonl`` batch over text lines: one response line per line, in order."""
    for no, line in enumerate(lines, start=1):
        yield answer_line(line.rstrip("\r\n"), no)
