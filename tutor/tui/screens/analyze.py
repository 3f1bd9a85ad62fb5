"""Analyze: set up or paste a position, or open a saved hand, and ask the
engine whether a play is legal, forced or safe (``checks.answer``),
or for the best play (``hint``).

The form is built from the check kind's own field list (the registry), so
every kind of shared/CONTRACT.md can be asked here, and the answer is the
same localized text the command line prints.  Whatever is typed or pasted,
a bad value gets one clear localized line (:class:`FormError`), never a
crash; the hint runs off the interface thread (Esc cancels it).
"""

from __future__ import annotations

import json
import re
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static
from textual.worker import Worker, WorkerState

from content.i18n import _, catalog, get_language
from solver.cards import format_cards, parse_cards
from solver.errors import SolverError
from checks import answer
from checks.base import BOOL, CARDS_LIST, INT, OBJECT, CheckError, Request
from checks.registry import get_kind
from tutor.tui.base import TutorScreen, engine_failure, log
from tutor.tui.models.games import Family, family
from tutor.tui.models.saved import SavedHandError, follow_positions, open_saved
from tutor.tui.widgets.cards import style_card_tokens

SHENGJI_KINDS = ("follow", "forced", "throw", "safe-throw", "trick", "classify", "score", "hint")
YISHANG_KINDS = ("yishang-challenge",)
#: A whole number as typed in the form: an optional minus and at most 9 digits.
WHOLE = re.compile(r"-?[0-9]{1,9}")


class FormError(ValueError):
    """A value the form cannot send; ``str()`` is the localized one-line reason."""


def parse_json(text: str) -> Any:
    """JSON typed or pasted by the learner; FormError with a localized reason
    (bad syntax, nesting too deep, a number too long)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise FormError(_("error.request.bad_json", detail=f"{err.msg} (col {err.colno})")) from None
    except RecursionError:
        raise FormError(_("tui.analyze.too_nested")) from None
    except ValueError:  # an integer beyond Python's digit limit
        raise FormError(_("tui.analyze.bad_int", field="JSON")) from None


def field_label(name: str) -> str:
    msgid = f"tui.analyze.field.{name}"
    if msgid in catalog(get_language()) or msgid in catalog("en"):
        return _(msgid)
    return name


def build_request(kind: str, fields: dict[str, str], values: dict[str, str], *, rules: str,
                  level: str, trump: str, options: dict[str, Any]) -> dict[str, Any]:
    """The JSON request of CONTRACT.md from the form's text values.

    >>> from checks.base import CARDS, CARDS_LIST
    >>> build_request("throw", {"throw": CARDS, "others": CARDS_LIST},
    ...               {"throw": "AS KS", "others": "2S | 3S"}, rules="henan", level="2",
    ...               trump="H", options={})["others"]
    ['2S', '3S']
    >>> build_request("score", {"attacker_points": INT}, {"attacker_points": "--5"}, rules="henan",
    ...               level="2", trump="H", options={})
    Traceback (most recent call last):
    ...
    tutor.tui.screens.analyze.FormError: Attackers' points: a whole number of at most 9 digits, like 85 or -5
    """
    data: dict[str, Any] = {"kind": kind, "rules": rules, "options": options}
    if kind not in YISHANG_KINDS:
        data.update(level=level.strip() or "2", trump=trump.strip() or "NT")
    for name, ftype in fields.items():
        raw = values.get(name, "").strip()
        if not raw:
            continue
        if ftype == CARDS_LIST:
            data[name] = [part.strip() for part in raw.split("|")]
        elif ftype == INT:
            if not WHOLE.fullmatch(raw):
                raise FormError(_("tui.analyze.bad_int", field=field_label(name)))
            data[name] = int(raw)
        elif ftype == BOOL:
            data[name] = raw.lower() in ("1", "true", "yes", "y", "是", "对", "對")
        elif ftype == OBJECT:
            data[name] = parse_json(raw)
        else:
            data[name] = raw
    return data


class AnalyzeScreen(TutorScreen):
    TITLE_ID = "tui.analyze.title"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "tui.key.back", id="analyze.back"),
        Binding("ctrl+r", "ask", "tui.key.ask", id="analyze.ask"),
        Binding("ctrl+o", "open_history(0)", "tui.key.open", id="analyze.open"),
        Binding("ctrl+g", "review_latest", "tui.key.review", id="analyze.review"),
        Binding("ctrl+n", "open_history(1)", "tui.key.next_trick", id="analyze.next", show=False),
        Binding("ctrl+b", "open_history(-1)", "tui.key.prev_trick", id="analyze.prev", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.kind = ""
        self.values: dict[str, str] = {}
        self.level = ""
        self.trump = ""
        self.result: Text = Text("")
        self.history_at: int = -1
        self.pasted: dict[str, Any] | None = None
        self._worker: Worker[Text] | None = None

    def kinds(self) -> tuple[str, ...]:
        return YISHANG_KINDS if family(self.tutor.game) == Family.YISHANG else SHENGJI_KINDS

    def fields(self) -> tuple[dict[str, str], str | None]:
        """The kind's fields (required, then optional), or a reason it cannot be asked."""
        try:
            k = get_kind(self.kind)
        except CheckError as err:
            return {}, err.message()
        return {**k.fields, **k.optional}, None

    def needs_context(self) -> bool:
        """Level and trump fields, unless the kind carries its own (hint, 一上一下)."""
        if self.kind in YISHANG_KINDS:
            return False
        try:
            return get_kind(self.kind).needs_context
        except CheckError:
            return self.kind != "hint"

    def compose(self) -> ComposeResult:
        kinds = self.kinds()
        if self.kind not in kinds:
            self.kind = kinds[0]
            self.level = "A" if self.tutor.game == "wusaner" else "2"
            self.trump = "S"
        fields, problem = self.fields()
        yield Header(icon="♣")
        with VerticalScroll(id="analyze"):
            with Horizontal(classes="form-row"):
                yield Label(_("tui.analyze.paste"), classes="field-label")
                yield Input("", id="paste", placeholder=_("tui.analyze.paste.placeholder"))
            with Horizontal(classes="form-row"):
                yield Label(_("tui.analyze.kind"), classes="field-label")
                yield Select([(_(f"tui.analyze.kind.{k}"), k) for k in kinds], value=self.kind,
                             allow_blank=False, id="kind", compact=True)
            if self.needs_context():
                with Horizontal(classes="form-row"):
                    yield Label(_("tui.analyze.level"), classes="field-label")
                    yield Input(self.level, id="level", classes="short")
                    yield Label(_("tui.analyze.trump"), classes="field-label")
                    yield Input(self.trump, id="trump", classes="short")
            if problem:
                yield Static(Text(problem + "\n" + _("tui.analyze.hint_soon")), classes="coming-soon")
            for name in fields:
                with Horizontal(classes="form-row"):
                    yield Label(field_label(name), classes="field-label")
                    yield Input(self.values.get(name, ""), id=f"f-{name}",
                                placeholder=_("tui.analyze.placeholder.list") if name == "others"
                                else _("tui.analyze.placeholder.cards") if fields[name] == "cards" else "")
            with Horizontal(id="analyze-buttons"):
                yield Button(_("tui.analyze.ask"), id="ask", variant="primary", compact=True)
                yield Button(_("tui.analyze.open"), id="open", compact=True)
            yield Static(self.result, id="analyze-result")
            yield Static(_("tui.analyze.help"), classes="muted")
        yield Footer()

    def on_mount(self) -> None:
        self.after_relabel()

    def after_relabel(self) -> None:
        inputs = [w for w in self.query(Input) if (w.id or "").startswith("f-")] or list(self.query("#paste"))
        if inputs:
            inputs[0].focus()

    # -- form state -----------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        iid = event.input.id or ""
        if iid.startswith("f-"):
            self.values[iid[2:]] = event.value
        elif iid == "level":
            self.level = event.value
        elif iid == "trump":
            self.trump = event.value

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "paste":
            self.paste(event.value)
        else:
            self.action_ask()

    def paste(self, text: str) -> None:
        """A pasted position (CONTRACT.md) fills the follow question for the
        player to move and the hint question's position; a pasted hand
        history opens like a saved hand.  Anything else: one line saying why."""
        try:
            self._paste(text)
        except FormError as err:
            self.show(Text("✗ " + str(err), style="red"))

    def _paste(self, text: str) -> None:
        def bad(field: str) -> FormError:
            return FormError(_("tui.analyze.paste.bad", detail=_("legal.error.position.field", field=field)))

        try:
            data = parse_json(text)
        except FormError as err:
            raise FormError(_("tui.analyze.paste.bad", detail=str(err))) from None
        if not isinstance(data, dict):
            raise FormError(_("tui.analyze.paste.bad", detail=_("error.request.not_object")))
        for name in ("level", "trump"):
            value = data.get(name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int))
                                      or len(str(value)) > 3):
                raise bad(name)
        if "tricks" in data and "leader" not in data and "trick" not in data:  # a hand history
            self.level = str(data.get("level") or self.level)
            self.trump = str(data.get("trump") or "NT")
            self.pasted = data
            self.history_at = -1
            self.action_open_history(0)
            return
        hands, trick, leader = data.get("hands"), data.get("trick") or [], data.get("leader") or 0
        if not isinstance(hands, list) or len(hands) != 4 or \
                not all(h is None or isinstance(h, str) for h in hands):
            raise bad("hands")
        if not isinstance(trick, list) or len(trick) > 3 or not all(isinstance(p, str) for p in trick):
            raise bad("trick")
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader <= 3:
            raise bad("leader")
        seat = (leader + len(trick)) % 4
        hand = hands[seat] or ""
        try:
            parse_cards(hand)
        except SolverError as err:
            raise FormError(_(err.code, **err.params)) from None
        self.level = str(data.get("level") or self.level)
        self.trump = str(data.get("trump") or "NT")
        self.values["position"] = json.dumps(data, ensure_ascii=False)
        if trick:
            self.kind = "follow" if self.kind not in ("follow", "forced") else self.kind
            self.values.update(lead=trick[0], hand=hand, play="")
        else:
            self.kind = "classify"
            self.values.update(cards="")
        self.result = Text(_("tui.analyze.pasted", seat=seat))
        self.run_worker(self.relabel(), exclusive=True, group="redraw")

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "kind" and event.value != self.kind:
            self.kind = str(event.value)
            self.result = Text("")
            await self.relabel()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ask":
            self.action_ask()
        elif event.button.id == "open":
            self.action_open_history(0)

    def set_values(self, **values: str) -> None:
        """Fill form fields (used by tests and by loading a position)."""
        for name, value in values.items():
            if name == "level":
                self.level = value
            elif name == "trump":
                self.trump = value
            else:
                self.values[name] = value
            for w in self.query(Input):
                if w.id in (f"f-{name}", name):
                    w.value = value

    # -- asking ---------------------------------------------------------------------

    def action_ask(self) -> None:
        """Ask the engine; a hint (a search) runs in a worker, the rest at once."""
        if self.thinking:
            return
        fields, problem = self.fields()
        if problem:
            self.show(Text(problem, style="red"))
            return
        try:
            data = build_request(self.kind, fields, self.values, rules=self.rules_name(), level=self.level,
                                 trump=self.trump, options=self.tutor.rule_options())
        except FormError as err:
            self.show(Text("✗ " + str(err), style="red"))
            return
        if self.kind == "hint":
            self.show(Text(_("tui.play.thinking"), style="cyan"))
            self._worker = self.run_worker(lambda: self.answer_text(data), name="ask", group="ask",
                                           thread=True, exclusive=True, exit_on_error=False)
            return
        try:
            self.show(self.answer_text(data))
        except Exception as err:  # an engine failure: logged, told in one line
            self.show(Text("✗ " + engine_failure(err, "analyze"), style="red"))

    def answer_text(self, data: dict[str, Any]) -> Text:
        """The engine's answer to a request, as the learner reads it."""
        resp = answer(data)
        if "error" in resp:
            return Text("✗ " + str(resp["error"].get("message", "")), style="red")
        kind = get_kind(self.kind)
        try:
            text = kind.render(Request(kind, data), resp)
        except (KeyError, TypeError, ValueError) as err:  # a renderer gap (logged): the raw answer
            log.warning("render %s: %r", self.kind, err)
            text = json.dumps(resp, ensure_ascii=False)
        return Text(style_card_tokens(text, self.tutor.suit_style, get_language()))

    @property
    def thinking(self) -> bool:
        return self._worker is not None

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "ask" or worker is not self._worker or worker.is_cancelled:
            return
        if event.state == WorkerState.SUCCESS and worker.result is not None:
            self._worker = None
            self.show(worker.result)
        elif event.state == WorkerState.ERROR and worker.error is not None:
            self._worker = None
            self.show(Text("✗ " + engine_failure(worker.error, "analyze"), style="red"))

    def action_back(self) -> None:
        """Esc: cancel the hint being computed, else go home."""
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.cancel()
            self.show(Text(_("tui.play.hint_cancelled"), style="cyan"))
            return
        self.tutor.action_go_home()

    def rules_name(self) -> str:
        return "yishang" if self.kind in YISHANG_KINDS else (
            self.tutor.game if family(self.tutor.game) == Family.SHENGJI else "tractor")

    def show(self, text: Text) -> None:
        self.result = text
        for panel in self.query("#analyze-result").results(Static):
            panel.update(text)

    # -- hand histories -------------------------------------------------------------

    def action_review_latest(self) -> None:
        """Review the latest saved hand play by play (issue 17)."""
        hands = self.tutor.store.hands(self.tutor.game) if self.tutor.game != "yishang" else []
        if not hands:
            self.notify(_("review.tui.no_hand"), timeout=3)
            return
        from tutor.tui.screens.review import ReviewScreen

        self.app.push_screen(ReviewScreen(hands[0]["history"], hands[0]["id"], 0,
                                          game=self.tutor.game))

    def action_open_history(self, delta: int) -> None:
        """Load your follow from the latest saved hand (Ctrl+N / Ctrl+B step through it)."""
        if family(self.tutor.game) == Family.YISHANG and self.pasted is None:
            self.notify(_("tui.play.no_saved"), timeout=3)
            return
        hands = self.tutor.store.hands(self.tutor.game)
        if self.pasted is not None:
            hands = [{"id": "—", "history": self.pasted}]
        if not hands:
            self.notify(_("tui.play.no_saved"), timeout=3)
            return
        try:
            saved = open_saved(hands[0]["history"])
        except SavedHandError as err:
            self.pasted = None
            self.show(Text("✗ " + str(err), style="red"))
            return
        positions = follow_positions(saved)
        if not positions:
            self.notify(_("tui.replay.empty"), timeout=3)
            return
        self.history_at = 0 if delta == 0 or self.history_at < 0 else \
            max(0, min(len(positions) - 1, self.history_at + delta))
        pos = positions[self.history_at]
        self.kind = "follow"
        self.level, self.trump = saved.level, saved.trump
        self.values.update(lead=format_cards(pos["lead"]), hand=format_cards(pos["hand"]),
                           play=format_cards(pos["play"]))
        self.result = Text(_("tui.analyze.loaded", id=hands[0]["id"], trick=pos["trick"] + 1,
                             n=self.history_at + 1, total=len(positions)))
        self.run_worker(self.relabel(), exclusive=True, group="redraw")
