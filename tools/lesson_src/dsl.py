"""A tiny authoring language for lessons: their structure, no text.

A lesson's texts live in the ``lessons`` catalogs
(``content/locale/<lang>/LC_MESSAGES/lessons.po``).  Where a text belongs,
the source writes ``...``: its message id is then ``lesson.<lesson id>.title``
/ ``.summary``, or ``lesson.<lesson id>.<step id>.text`` / ``.hintN`` /
``.optN`` / ``.ok`` / ``.fail``.  A string instead reuses that message id,
and ``(msgid, params)`` reuses a message with parameters.  ``build`` turns a
lesson into its JSON form and collects the message ids it needs.
"""

from __future__ import annotations

from types import EllipsisType
from typing import Any

Text = Any  # EllipsisType (this place's own message) | str (a msgid) | tuple[str, dict] (msgid, params)
ENGINE_CONTEXT = ("rules", "level", "trump", "options")


def text(sid: str, t: Text, cards: str = "", ctx: dict[str, Any] | None = None,
         rule: str | None = None, seed: str | None = None) -> dict[str, Any]:
    return {"id": sid, "type": "text", "text": t, "cards": cards, "context": ctx or {},
            "rule": rule, "seed_ref": seed}


def select(sid: str, t: Text, cards: str, check: dict[str, Any], expect: dict[str, Any],
           hints: list[Text], pick: int | None = None, ctx: dict[str, Any] | None = None,
           rule: str | None = None, seed: str | None = None, ok: Text | None = None,
           fail: Text | None = None) -> dict[str, Any]:
    c = dict(ctx or {})
    if pick is not None:
        c["pick"] = pick
    return {"id": sid, "type": "select", "text": t, "cards": cards, "context": c, "check": check,
            "expect": expect, "hints": hints, "rule": rule, "seed_ref": seed, "success": ok,
            "failure": fail}


def choice(sid: str, t: Text, check: dict[str, Any], options: list[tuple[Text, dict[str, Any]]],
           hints: list[Text], cards: str = "", ctx: dict[str, Any] | None = None,
           rule: str | None = None, seed: str | None = None, ok: Text | None = None,
           fail: Text | None = None) -> dict[str, Any]:
    return {"id": sid, "type": "choice", "text": t, "cards": cards, "context": ctx or {},
            "check": check, "options": options, "hints": hints, "rule": rule, "seed_ref": seed,
            "success": ok, "failure": fail}


def lesson(lid: str, game: str, title: Text, summary: Text, requires: list[str],
           steps: list[dict[str, Any]], ctx: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"id": lid, "game": game, "title": title, "summary": summary, "requires": requires,
            "steps": steps, "ctx": ctx or {}}


def _msg(messages: set[str], msgid: str, t: Text) -> str:
    if isinstance(t, EllipsisType):
        messages.add(msgid)
        return msgid
    if isinstance(t, str):
        messages.add(t)
        return t
    if isinstance(t, tuple) and len(t) == 2 and isinstance(t[0], str):  # (msgid, params)
        messages.add(t[0])
        return t[0]
    raise TypeError(f"bad text for {msgid}: {t!r}")


def build(src: dict[str, Any], messages: set[str]) -> dict[str, Any]:
    """The lesson's JSON form; adds every message id it uses to ``messages``."""
    lid = src["id"]
    base = f"lesson.{lid}"
    out: dict[str, Any] = {
        "id": lid, "game": src["game"],
        "title": _msg(messages, f"{base}.title", src["title"]),
        "summary": _msg(messages, f"{base}.summary", src["summary"]),
        "requires": src["requires"], "steps": [],
    }
    lctx = src["ctx"]
    for s in src["steps"]:
        sb = f"{base}.{s['id']}"
        ctx = {**lctx, **s["context"]}
        step: dict[str, Any] = {"id": s["id"], "type": s["type"],
                                "text": _msg(messages, f"{sb}.text", s["text"])}
        if s.get("cards"):
            step["cards"] = s["cards"]
        if ctx:
            step["context"] = ctx
        if s["type"] != "text":
            check = dict(s["check"])
            from checks.registry import get_kind

            lesson_kind = get_kind(check["kind"]).lesson
            for key in ENGINE_CONTEXT:
                if key in ctx and key not in check and (not lesson_kind or key == "rules"):
                    check[key] = ctx[key]
            step["check"] = check
            for key in ("plays", "lead", "hand", "throw", "kitty"):
                if key in check and isinstance(check[key], (str, list)) and key not in ctx \
                        and "$selection" not in str(check[key]):
                    step.setdefault("context", {})[key] = check[key]
            if s["type"] == "select":
                step["expect"] = s["expect"]
            else:
                opts = []
                for i, (label, match) in enumerate(s["options"]):
                    o: dict[str, Any] = {"text": _msg(messages, f"{sb}.opt{i + 1}", label), "match": match}
                    if isinstance(label, tuple) and len(label) == 2:
                        o["params"] = label[1]
                    opts.append(o)
                step["options"] = opts
            step["hints"] = [_msg(messages, f"{sb}.hint{i + 1}", h) for i, h in enumerate(s["hints"])]
            if s.get("success"):
                step["success"] = _msg(messages, f"{sb}.ok", s["success"])
            if s.get("failure"):
                step["failure"] = _msg(messages, f"{sb}.fail", s["failure"])
        if s.get("rule"):
            step["rule"] = s["rule"]
        if s.get("seed_ref"):
            step["seed_ref"] = s["seed_ref"]
        out["steps"].append(step)
    return out


def play_options(plays: list[str]) -> list[tuple[Any, dict[str, Any]]]:
    """Options "Play n: cards" for a trick; right when the engine names it the winner."""
    return [(("lesson.opt.play", {"n": i + 1, "cards": p}), {"winner": i}) for i, p in enumerate(plays)]


def yes_no(field: str, yes: Any = True, no: Any = False) -> list[tuple[Any, dict[str, Any]]]:
    return [(("lesson.opt.yes", {}), {field: yes}), (("lesson.opt.no", {}), {field: no})]


def trick(plays: list[str]) -> dict[str, Any]:
    return {"kind": "trick", "plays": plays}
