"""The check interface (shared/CONTRACT.md): one request in, one response out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, BinaryIO, TextIO

from solver.errors import SolverError
from checks.base import CheckError, Kind, Request, shown_params
from checks.inputs import InputError, dumps, escape, line_windows, loads
from checks.registry import get_kind

#: Most request lines of a ``--jsonl`` batch answered together (only lines
#: already read: a line never waits for later input).
WINDOW = 64


def answer(data: Any) -> dict[str, Any]:
    """Answer one JSON request; errors become an error object, never raise."""
    return answer_many([data])[0]


def answer_many(datas: Sequence[Any]) -> list[dict[str, Any]]:
    """Answer several JSON requests, in order, as :func:`answer` would one
    by one; the requests of a kind with ``handle_many`` are decided together
    (the follow checks of a batch in one CP-SAT solve)."""
    out: list[dict[str, Any] | None] = [None] * len(datas)
    together: dict[str, tuple[Kind, list[int], list[Request]]] = {}
    for i, data in enumerate(datas):
        try:
            req = _request(data)
        except (CheckError, SolverError) as err:
            out[i] = _failed(data, err)
            continue
        kind = req.kind
        if kind.handle_many is not None:
            group = together.setdefault(kind.name, (kind, [], []))
            group[1].append(i)
            group[2].append(req)
            continue
        try:
            out[i] = _answered(data, kind.handle(req))
        except (CheckError, SolverError) as err:
            out[i] = _failed(data, err)
    for kind, indices, reqs in together.values():
        assert kind.handle_many is not None
        for i, res in zip(indices, kind.handle_many(reqs), strict=True):
            out[i] = _failed(datas[i], res) if isinstance(res, Exception) \
                else _answered(datas[i], res)
    return [o for o in out if o is not None]


def _request(data: Any) -> Request:
    if not isinstance(data, dict):
        raise CheckError("bad_request", "error.request.not_object")
    kind_name = data.get("kind")
    if not isinstance(kind_name, str):
        raise CheckError("missing_field", "error.request.missing_kind")
    return Request(get_kind(kind_name), data)


def _rid(data: Any) -> Any:
    return _echo_id(data.get("id")) if isinstance(data, dict) else None


def _answered(data: Any, response: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"id": _rid(data)} if "id" in data else {}
    out.update(response)
    return out


def _failed(data: Any, err: Exception) -> dict[str, Any]:
    if isinstance(err, CheckError):
        return _error(_rid(data), err.code, err.message())
    if isinstance(err, SolverError):
        from content.i18n import _

        return _error(_rid(data), "invalid", _(err.code, **shown_params(err.params)))
    raise err  # not a bad request: a bug, never hidden


def _echo_id(rid: Any) -> Any:
    """The request's id as it can be echoed in valid JSON (a number that is
    not finite, or anything that is not plain JSON, echoes as null)."""
    if rid is None or type(rid) in (int, str, bool):
        return rid  # always JSON
    try:
        dumps(rid)
    except (TypeError, ValueError, RecursionError):
        return None
    return rid


def answer_line(line: str | InputError, no: int = 0) -> str:
    """One ``--jsonl`` answer line for one request line (already read and
    decoded by :func:`checks.inputs.lines`, or the error reading it).  Every
    line gets exactly one answer, a blank line an ``empty_line`` error."""
    return answer_window([(no, line)])[0]


def answer_window(items: Sequence[tuple[int, str | InputError]]) -> list[str]:
    """The ``--jsonl`` answer lines of numbered request lines, in order
    (each as :func:`answer_line` alone; decided together by
    :func:`answer_many`)."""
    from content.i18n import _

    out: list[str | None] = [None] * len(items)
    datas: list[Any] = []
    at: list[int] = []
    for i, (no, line) in enumerate(items):
        if isinstance(line, InputError):
            out[i] = dumps(_error(None, line.code, line.message()))
        elif not line.strip():
            out[i] = dumps(_error(None, "empty_line", _("input.empty_line")))
        else:
            try:
                datas.append(loads(line, _("input.batch_line", line=no) if no
                                   else _("input.this_line")))
                at.append(i)
            except InputError as err:
                out[i] = dumps(_error(None, err.code, err.message()))
    for i, resp in zip(at, answer_many(datas), strict=True):
        try:
            out[i] = dumps(resp)
        except (TypeError, ValueError):  # a response value JSON cannot carry: say so, go on
            out[i] = dumps(_error(resp.get("id"), "internal", _("input.not_answered")))
    return [o for o in out if o is not None]


def _error(rid: Any, code: str, message: str) -> dict[str, Any]:
    return {"id": rid, "error": {"code": code, "message": escape(message)}}


def answer_lines(lines: Iterable[str]) -> Iterator[str]:
    """The ``--jsonl`` batch over text lines: one response line per line, in order."""
    for no, line in enumerate(lines, start=1):
        yield answer_line(line.rstrip("\r\n"), no)


def answer_stream(stream: BinaryIO, out: TextIO, window: int = WINDOW) -> None:
    """The ``--jsonl`` loop: one answer line per request line of ``stream``,
    in order, flushed as soon as it is known.  Lines already read are
    answered together, up to ``window`` at a time
    (:func:`checks.inputs.line_windows`); a line is never held back to wait
    for the next one (interactive use gets each answer at once)."""
    for items in line_windows(stream, window):
        answered = answer_window([(no, line.rstrip("\r\n") if isinstance(line, str) else line)
                                  for no, line in items])
        out.write("".join(a + "\n" for a in answered))
        out.flush()
