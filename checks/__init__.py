"""The check interface (shared/CONTRACT.md): one request in, one response out."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from solver.errors import SolverError
from checks.base import CheckError, Request
from checks.registry import get_kind


def answer(data: Any) -> dict[str, Any]:
    """Answer one JSON request; errors become an error object, never raise."""
    rid = data.get("id") if isinstance(data, dict) else None
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
        return {"id": rid, "error": {"code": err.code, "message": err.message()}}
    except SolverError as err:
        from content.i18n import _

        return {"id": rid, "error": {"code": "invalid", "message": _(err.code, **err.params)}}
    out: dict[str, Any] = {"id": rid} if "id" in data else {}
    out.update(response)
    return out


def answer_lines(lines: Iterable[str]) -> Iterator[str]:
    """The ``--jsonl`` batch: one response line per non-blank request line."""
    for line in lines:
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as err:
            from content.i18n import _

            yield json.dumps({"id": None, "error": {"code": "bad_json", "message": _(
                "error.request.bad_json", detail=str(err))}}, ensure_ascii=False)
            continue
        yield json.dumps(answer(data), ensure_ascii=False)
