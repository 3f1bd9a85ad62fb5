"""The ``hint`` check kind (shared/CONTRACT.md): best play in a position.

Request: ``position`` (a Position object; may carry ``tricks``, a list of
``{"leader", "plays"}`` of finished tricks, to show voids), optional
``play`` (the learner's own play), ``budget`` (seconds, hidden hands),
``deals`` (sampled deals to value the plays on; default: as many as the
budget allows) and ``seed``.  Response: ``best``, ``value``, ``exact``, ``alternatives``
(``[{"play", "value"}]``), plus ``seat``, ``side``, ``outcomes``,
``samples``, ``reasons`` (message ids with parameters) and ``messages``
(the reasons, localized).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from content.i18n import _, game_msgid, sentence_gap, suit_named
from solver.cards import Card, parse_cards
from solver.errors import SolverError
from solver.position import Position
from solver.search.hint import Hint, HintError, hint
from checks.base import CARDS, INT, OBJECT, STR, CheckError, Kind, Request
from checks.inputs import MAX_BUDGET, InputError, check_position, parse_budget

DEFAULT_BUDGET = 2.0


def parse_tricks(data: Mapping[str, Any]) -> list[tuple[int, list[list[Card]]]]:
    raw = data.get("tricks") or []
    out: list[tuple[int, list[list[Card]]]] = []
    if not isinstance(raw, list):
        raise CheckError("bad_field", "hint.error.tricks")
    for t in raw:
        if not isinstance(t, Mapping) or not isinstance(t.get("plays"), list) \
                or not isinstance(t.get("leader"), int) or isinstance(t.get("leader"), bool):
            raise CheckError("bad_field", "hint.error.tricks")
        try:
            plays = [parse_cards(p) for p in t["plays"]]
        except (SolverError, TypeError, AttributeError):
            raise CheckError("bad_field", "hint.error.tricks") from None
        out.append((int(t["leader"]) % 4, plays))
    return out


def run_hint(data: Any, *, budget: float = DEFAULT_BUDGET, seed: int = 0,
             play: Sequence[Card] | None = None, deals: int | None = None) -> Hint:
    """Parse a position object and answer; raises :class:`CheckError`."""
    if not isinstance(data, Mapping):
        raise CheckError("bad_field", "hint.error.not_object")
    if not 0 < budget <= MAX_BUDGET:
        raise CheckError("bad_field", "hint.error.budget")
    try:
        pos = Position.from_json(data)
        return hint(pos, budget=budget, seed=seed, play=play, tricks=parse_tricks(data),
                    deals=deals)
    except HintError as err:
        raise CheckError("bad_position", err.code, **err.params) from None
    except SolverError as err:
        raise CheckError("bad_position", err.code, **err.params) from None


def messages(h: Hint, game: str = "") -> list[str]:
    """The hint's reasons as sentences, in ``game``'s words (五三二: 台上/台下)."""
    return [_(game_msgid(game, r.code), **suit_named(r.params)) for r in h.reasons]


def response(h: Hint, game: str = "") -> dict[str, Any]:
    """The check response; ``messages`` are the reasons in ``game``'s words."""
    out = h.to_json()
    out["messages"] = messages(h, game)
    return out


def render(resp: Mapping[str, Any], limit: int = 8, game: str | None = None) -> str:
    """Localized text of a hint response (a hint is always for the seat the
    position is seen from: "your best play"); ``game`` picks the game's own
    words for the sides (五三二: 台上/台下)."""
    game = game or ""
    side = _(game_msgid(game, "hint.side." + str(resp["side"])))
    lines = [_("hint.render.best", seat=resp["seat"], side=side, cards=resp["best"])]
    lines.append(_("hint.render.why"))
    said = [(r["code"], _(game_msgid(game, r["code"]), **suit_named(r["params"]))) for r in resp["reasons"]]
    for i, (code, text) in enumerate(said):
        if i and said[i - 1][0] == "hint.outcome.likeliest":
            continue  # said with the chance before it, on one line
        if code == "hint.outcome.likeliest" and i + 1 < len(said):
            # "The likeliest end of the hand (44%, …):" announces the next one
            text += sentence_gap() + said[i + 1][1]
        lines.append("  • " + text)
    alts = resp["alternatives"]
    if len(alts) > 1:
        lines.append(_(game_msgid(game, "hint.render.alternatives" if resp["exact"]
                                  else "hint.render.alternatives_expected")))
        for a in alts[:limit]:
            lines.append(f"  {a['play']:<24} {a['value']}")
        if len(alts) > limit:
            lines.append("  " + _("hint.render.more", count=len(alts) - limit))
    return "\n".join(lines)


def _budget(req: Request) -> float:
    raw = req.data.get("budget")
    if raw is None:
        return DEFAULT_BUDGET
    try:
        return parse_budget(raw)
    except InputError as err:
        raise CheckError(err.code, err.msgid, **err.params) from None


def _handle(req: Request) -> dict[str, Any]:
    position = req.data.get("position")
    if position is None:
        raise CheckError("missing_field", "error.request.missing_field", field="position",
                         kind="hint")
    try:
        check_position(position)
    except InputError as err:
        raise CheckError(err.code, err.msgid, **err.params) from None
    play = req.cards("play", required=False) or None
    seed = req.int("seed") if req.data.get("seed") is not None else 0
    deals = req.int("deals") if req.data.get("deals") is not None else None
    if deals is not None and deals < 1:
        raise CheckError("bad_field", "hint.error.deals")
    rules = position.get("rules") if isinstance(position, dict) else None
    return response(run_hint(position, budget=_budget(req), seed=seed, play=play, deals=deals),
                    rules if isinstance(rules, str) else "")


def _render(req: Request, resp: dict[str, Any]) -> str:
    position = req.data.get("position")
    rules = position.get("rules") if isinstance(position, dict) else None
    return render(resp, game=rules if isinstance(rules, str) else None)


KINDS = {
    "hint": Kind("hint", {"position": OBJECT}, _handle, _render,
                 optional={"play": CARDS, "budget": STR, "seed": INT, "deals": INT},
                 help="hint.check.help", needs_context=False),
}
