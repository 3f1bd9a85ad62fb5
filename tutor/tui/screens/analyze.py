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
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static
from textual.worker import Worker, WorkerState

from content.i18n import _, as_sentence, catalog, game_msgid, get_language, seat_number
from solver.cards import format_cards, parse_cards
from solver.errors import SolverError
from solver.trump import parse_level
from checks import answer
from checks.base import (BOOL, CARDS, CARDS_LIST, INT, INT_RANGES, OBJECT, CheckError, Request, cards_shown,
                         fields_as_labels)
from checks.inputs import InputError, loads, required_text
from checks.registry import get_kind
from tutor.tui.base import TutorScreen, engine_failure, log
from tutor.tui.models.games import Family, family
from tutor.tui.models.saved import SavedHandError, Turn, match_hand, saved_turns, table_turn
from tutor.tui.models.table import seat_name
from tutor.tui.layout import verdict_mark
from tutor.tui.widgets.cards import card_label, cards_text, display_params, style_card_tokens

SHENGJI_KINDS = ("follow", "forced", "throw", "safe-throw", "trick", "classify", "score", "hint")
YISHANG_KINDS = ("yishang-challenge",)
#: A whole number as typed in the form: an optional minus and at most 9 digits.
WHOLE = re.compile(r"-?[0-9]{1,9}")
#: A count (pile size, cards, players, deals): at most 9 digits, no minus.
COUNT = re.compile(r"[0-9]{1,9}")
#: Integer fields with their own example when refused: the attackers'
#: points, from 0 to the pack's 200 (the check's range, ``INT_RANGES``).
POINTS = ("attacker_points",)
#: Saved hands offered as a source of positions (the latest first).
MAX_SOURCES = 30


class FormError(ValueError):
    """A value the form cannot send; ``str()`` is the localized one-line reason."""


def signed(name: str) -> bool:
    """Whether an integer field may be negative: as the check's range says
    (``checks.base.INT_RANGES``; a field without one takes any integer).  The
    attackers' points and a seed may not: "-5" was the example the form gave
    for the points, which the check then refused ("must be from 0 to 200")."""
    return INT_RANGES.get(name, (-1, 0))[0] < 0


def bad_int(name: str, game: str) -> FormError:
    """A number field the form cannot read: what it takes, with an example
    the check accepts (no minus where a minus is refused)."""
    field = field_label(name, game)
    if name in POINTS:
        return FormError(_("tui.analyze.bad_points", field=field, hi=INT_RANGES[name][1]))
    return FormError(_("tui.analyze.bad_int" if signed(name) else "tui.analyze.bad_count", field=field))


def trump_shown(code: str) -> str:
    """A trump suit as the form shows it: in Chinese by its name (黑桃, 无主),
    which the engine reads as it reads the letters (a walk met "S" as the
    Chinese form's default); in English the letters (S, NT).

    >>> trump_shown("S"), trump_shown("NT")
    ('S', 'NT')
    """
    if not get_language().startswith("zh"):
        return code
    if code.upper() in ("NT", "N", "NONE", ""):
        return _("game.trump.nt")
    key = f"suit.{code.upper()}"
    name = _(key)
    return name.split()[0] if name != key else code


def parse_json(text: str, what: str) -> Any:
    """JSON typed or pasted by the learner, read by the input boundary
    (``checks.inputs.loads``): bad syntax, nesting too deep or a number too
    long is a FormError with the same localized line as the command line
    ("{what} is not valid JSON (line 1, column 13)."), never the parser's
    English words."""
    try:
        return loads(text, what)
    except InputError as err:
        raise FormError(err.message()) from None


def field_label(name: str, game: str = "") -> str:
    """A form field's label, in ``game``'s words (五三二: 台上/台下)."""
    msgid = game_msgid(game, f"tui.analyze.field.{name}")
    if msgid in catalog(get_language()) or msgid in catalog("en"):
        return _(msgid)
    return name


#: What a yes/no field takes (any case), in every language the app speaks.
YES = ("1", "true", "yes", "y", "是", "对", "對")
NO = ("0", "false", "no", "n", "否", "不", "不是", "错", "錯")


def placeholder(name: str, ftype: str) -> str:
    """The grey example in an empty field: cards, hands, a rank, a count, yes or no."""
    if name == "others":
        return _("tui.analyze.placeholder.list")
    if ftype == CARDS:
        return _("tui.analyze.placeholder.cards")
    if name in ("target", "declared"):
        return _("tui.analyze.placeholder.rank")
    if ftype == BOOL:
        return _("tui.analyze.placeholder.yes_no")
    if ftype == INT and name in ("pile_size", "claimer_cards", "players"):
        return _("tui.analyze.placeholder.number")
    return ""


def build_request(kind: str, fields: dict[str, str], values: dict[str, str], *, rules: str,
                  level: str, trump: str, options: dict[str, Any],
                  required: tuple[str, ...] = ()) -> dict[str, Any]:
    """The JSON request of CONTRACT.md from the form's text values.  An empty
    level, trump or ``required`` field is a :class:`FormError` naming the
    field (never a silent default).

    >>> from checks.base import CARDS, CARDS_LIST
    >>> build_request("throw", {"throw": CARDS, "others": CARDS_LIST},
    ...               {"throw": "AS KS", "others": "2S | 3S"}, rules="henan", level="2",
    ...               trump="H", options={})["others"]
    ['2S', '3S']
    >>> build_request("score", {"attacker_points": INT}, {"attacker_points": "--5"}, rules="henan",
    ...               level="2", trump="H", options={})
    Traceback (most recent call last):
    ...
    tutor.tui.screens.analyze.FormError: Attackers' points: a whole number from 0 to 200, like 85.
    >>> build_request("score", {"attackers_won_last": BOOL}, {"attackers_won_last": "Yes"},
    ...               rules="henan", level="2", trump="H", options={})["attackers_won_last"]
    True
    >>> build_request("score", {"attackers_won_last": BOOL}, {"attackers_won_last": "maybe"},
    ...               rules="henan", level="2", trump="H", options={})
    Traceback (most recent call last):
    ...
    tutor.tui.screens.analyze.FormError: Attackers won last: type yes or no.
    >>> build_request("yishang-challenge", {"pile_size": INT}, {"pile_size": "abc"}, rules="yishang",
    ...               level="", trump="", options={})
    Traceback (most recent call last):
    ...
    tutor.tui.screens.analyze.FormError: Pile size: a whole number, 0 or more, of at most 9 digits, like 3.
    >>> build_request("classify", {"cards": CARDS}, {"cards": "5C 5C"}, rules="henan", level=" ",
    ...               trump="S", options={})
    Traceback (most recent call last):
    ...
    tutor.tui.screens.analyze.FormError: Level is empty: fill it in.
    """
    data: dict[str, Any] = {"kind": kind, "rules": rules, "options": options}
    try:
        if kind not in YISHANG_KINDS:
            data.update(level=required_text(level, _("tui.analyze.level")),
                        trump=required_text(trump, _("tui.analyze.trump")))
        for name in required:
            required_text(values.get(name, ""), field_label(name, rules))
    except InputError as err:
        raise FormError(err.message()) from None
    for name, ftype in fields.items():
        raw = values.get(name, "").strip()
        if not raw:
            continue
        if ftype == CARDS_LIST:
            data[name] = [part.strip() for part in raw.split("|")]
        elif ftype == INT:
            if not (WHOLE if signed(name) else COUNT).fullmatch(raw):
                raise bad_int(name, rules)  # an example within the field's range, never "-5" for a count
            data[name] = int(raw)
        elif ftype == BOOL:
            word = raw.lower()
            if word not in YES + NO:  # "maybe" was taken for no, silently
                raise FormError(_("tui.analyze.bad_yes_no", field=field_label(name, rules)))
            data[name] = word in YES
        elif ftype == OBJECT:
            data[name] = parse_json(raw, field_label(name, rules))
        else:
            data[name] = raw
    return data


def turn_values(kind: str, turn: Turn) -> dict[str, str]:
    """The form's fields for a question about one moment of a hand: its
    cards copied where the question wants them (no rule is decided here;
    a field the moment cannot fill is left empty, and asking names it)."""
    pos = turn.position
    lang = get_language()

    def shown(cards: Any) -> str:  # as the learner reads cards (♦A, 大王), which the form parses
        return " ".join(card_label(c, "glyphs", lang) for c in cards)

    mine = shown(pos.ctx.sorted(pos.hand(turn.seat)))
    played = shown(turn.played)
    lead = "" if turn.led else shown(turn.plays[0])
    out = {"follow": {"lead": lead, "hand": mine, "play": "" if turn.led else played},
           "forced": {"lead": lead, "hand": mine},
           "throw": {"throw": played if turn.led else "",
                     "others": " | ".join(shown(h) for h in turn.others or ())},
           "safe-throw": {"throw": played if turn.led else "", "hand": mine,
                          "seen": shown(pos.played)},
           "trick": {"plays": " | ".join(shown(p) for p in turn.plays)},
           "classify": {"cards": played},
           "score": score_values(turn, shown),
           "hint": {"play": played}}
    return out.get(kind, {})


def score_values(turn: Turn, shown: Callable[[Any], str]) -> dict[str, str]:
    """The score question's fields: how a finished hand ended (its points
    with a failed throw's, its kitty, its last lead and who took that trick);
    in a hand still being played, the points so far and the kitty if you
    buried it, the rest left for you to say."""
    end = turn.end
    if end is None:
        pos = turn.position
        return {"attacker_points": str(pos.attacker_points), "kitty": shown(pos.kitty)}
    return {"attacker_points": str(end.attacker_points), "kitty": shown(end.kitty),
            "last_lead": shown(end.last_lead),
            "attackers_won_last": _("tui.analyze.yes" if end.attackers_won_last else "tui.analyze.no")}


def turn_fit(kind: str, turn: Turn) -> str:
    """Why a question does not fit this moment (a follow question where you
    led, a throw question where you followed), or ""."""
    if turn.led and kind in ("follow", "forced"):
        return _("tui.analyze.turn.no_lead")
    if not turn.led and kind in ("throw", "safe-throw"):
        return _("tui.analyze.turn.not_led")
    return ""


def turn_label(turn: Turn, style: str = "glyphs", lang: str = "en") -> str:
    """One of your plays, as listed: the trick and what you did (cards in the suit style)."""
    if not turn.played:
        key = "tui.analyze.turn.lead_now" if turn.led else "tui.analyze.turn.follow_now"
        params: dict[str, object] = {"lead": format_cards(turn.plays[0]) if turn.plays else ""}
    else:
        key = "tui.analyze.turn.led" if turn.led else "tui.analyze.turn.followed"
        params = {"cards": format_cards(turn.played)}
    return _(key, trick=turn.trick + 1, **display_params(params, style, lang))


class AnalyzeScreen(TutorScreen):
    TITLE_ID = "tui.analyze.title"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "tui.key.back", id="analyze.back"),
        Binding("ctrl+r", "ask", "tui.key.ask", id="analyze.ask"),
        Binding("ctrl+t", "from_table", "tui.key.from_table", id="analyze.table"),
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
        #: Where the position comes from: "" (typed), "table" (the hand in
        #: progress), a saved hand's id, or "pasted" (a pasted history).
        self.source = ""
        #: Your plays in that hand (one entry at the table) and the one analyzed.
        self.turns: list[Turn] = []
        self.turn: Turn | None = None

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
            self.trump = trump_shown("S")
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
            if family(self.tutor.game) == Family.SHENGJI:
                yield from self.compose_source()
            if self.needs_context():
                with Horizontal(classes="form-row"):
                    yield Label(_("tui.analyze.level"), classes="field-label")
                    yield Input(self.level, id="level", classes="short")
                    yield Label(_("tui.analyze.trump"), classes="field-label")
                    yield Input(self.trump, id="trump", classes="short")
            if problem:
                yield Static(Text(problem + "\n" + _("tui.analyze.hint_soon")), classes="coming-soon")
            for name in fields:
                if name == "position" and self.turn is not None:  # loaded: shown, not typed
                    yield Static(self.turn_view(self.turn), id="f-position-view")
                    continue
                with Horizontal(classes="form-row"):
                    yield Label(field_label(name, self.rules_name()), classes="field-label")
                    yield Input(self.values.get(name, ""), id=f"f-{name}", select_on_focus=False,
                                placeholder=placeholder(name, fields[name]))
            with Horizontal(id="analyze-buttons"):
                yield Button(_("tui.analyze.ask"), id="ask", variant="primary", compact=True)
                if family(self.tutor.game) == Family.SHENGJI:
                    yield Button(_("tui.analyze.table"), id="from-table", compact=True)
                    yield Button(_("tui.analyze.open"), id="open", compact=True)
            yield Static(self.result, id="analyze-result")
            yield Static(_("tui.analyze.help.yishang" if self.kind in YISHANG_KINDS
                           else "tui.analyze.help"), classes="muted")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The hand in progress, saved hands and their review are Shengji's:
        一上一下 has none of them here, and its footer does not offer them."""
        if action in ("from_table", "open_history", "review_latest"):
            return family(self.tutor.game) == Family.SHENGJI
        return True

    def compose_source(self) -> ComposeResult:
        """Where a position comes from: the hand in progress or a saved hand,
        and which of your plays in it (no JSON to type)."""
        hands = self.tutor.store.hands(self.tutor.game)[:MAX_SOURCES]
        choices = [(_("tui.analyze.from.table"), "table")]
        choices += [(_("tui.analyze.from.saved", id=h["id"], n=match_hand(h["history"]) or "?"),
                     str(h["id"])) for h in hands]
        if self.source == "pasted":
            choices.append((_("tui.analyze.from.pasted"), "pasted"))
        known = {v for _label, v in choices}
        with Horizontal(classes="form-row"):
            yield Label(_("tui.analyze.from"), classes="field-label")
            yield Select(choices, value=self.source if self.source in known else Select.NULL,
                         prompt=_("tui.analyze.from.prompt"), id="source", compact=True)
        if len(self.turns) > 1:
            style, lang = self.tutor.suit_style, get_language()
            with Horizontal(classes="form-row"):
                yield Label(_("tui.analyze.turn"), classes="field-label")
                yield Select([(turn_label(t, style, lang), i)
                              for i, t in enumerate(self.turns)],
                             value=max(self.history_at, 0), allow_blank=False, id="turn", compact=True)

    def turn_label(self, turn: Turn) -> str:
        return turn_label(turn, self.tutor.suit_style, get_language())

    def turn_view(self, turn: Turn) -> Text:
        """The loaded position in place of a JSON box: your hand and the trick so far."""
        style, lang = self.tutor.suit_style, get_language()
        pos = turn.position
        gap = "" if lang.startswith("zh") else " "  # a full-width colon needs no space
        out = Text(_("tui.analyze.field.position.loaded") + gap, style="bold")
        out.append_text(cards_text(pos.ctx.sorted(pos.hand(turn.seat)), style, lang))
        out.append("\n" + _("tui.analyze.position.trick") + gap, style="bold")
        for i, play in enumerate(pos.trick):
            out.append((" · " if i else "") + seat_name(pos.leader + i) + " ")
            out.append_text(cards_text(play, style, lang))
        if not pos.trick:
            out.append(_("tui.analyze.position.you_lead"))
        return out

    def on_mount(self) -> None:
        self.after_relabel()

    def after_relabel(self) -> None:
        inputs = [w for w in self.query(Input) if (w.id or "").startswith("f-")] or list(self.query("#paste"))
        if inputs:
            inputs[0].focus()

    # -- form state -----------------------------------------------------------------

    def on_key(self, event: Any) -> None:
        """A letter or digit typed while a button has focus is not lost: it
        goes into the first empty field (Space and Enter still press the button)."""
        if not isinstance(self.focused, Button) or not event.is_printable or event.character in (None, " "):
            return
        inputs = [w for w in self.query(Input) if (w.id or "").startswith("f-")]
        if inputs:
            event.stop()
            event.prevent_default()
            target = next((w for w in inputs if not w.value), inputs[0])
            target.focus()
            target.insert_text_at_cursor(event.character)

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
            self.show(Text(verdict_mark(False) + as_sentence(str(err)), style="red"))

    def _paste(self, text: str) -> None:
        def bad(field: str) -> FormError:
            return FormError(_("tui.analyze.paste.bad", detail=_("legal.error.position.field", field=field)))

        try:
            data = parse_json(text, _("tui.analyze.paste.what"))
        except FormError as err:
            raise FormError(_("tui.analyze.paste.bad", detail=str(err))) from None
        if not isinstance(data, dict):
            raise FormError(_("tui.analyze.paste.bad", detail=_("error.request.not_object")))
        for name in ("level", "trump"):
            value = data.get(name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int))
                                      or len(str(value)) > 3):
                raise bad(name)
        if data.get("level") is not None:  # refused now, not only once asked (a walk loaded level 99)
            try:
                parse_level(data["level"])
            except SolverError as err:
                raise FormError(_("tui.analyze.paste.bad", detail=_(err.code, **err.params))) from None
        if "tricks" in data and "leader" not in data and "trick" not in data:  # a hand history
            self.level = str(data.get("level") or self.level)
            self.trump = trump_shown(str(data.get("trump") or "NT"))
            self.pasted = data
            self.history_at = -1
            self.open_saved_hand("pasted")
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
            raise FormError(_(err.code, **display_params(err.params, self.tutor.suit_style,
                                                          get_language()))) from None
        self.level = str(data.get("level") or self.level)
        self.trump = trump_shown(str(data.get("trump") or "NT"))
        self.values["position"] = json.dumps(data, ensure_ascii=False)
        self.turn, self.turns, self.source = None, [], ""  # the pasted position is asked
        if trick:
            self.kind = "follow" if self.kind not in ("follow", "forced") else self.kind
            self.values.update(lead=trick[0], hand=hand, play="")
        else:
            self.kind = "classify"
            self.values.update(cards="")
        self.result = Text(_("tui.analyze.pasted", seat=seat_number(seat)))
        self.run_worker(self.relabel(), exclusive=True, group="redraw")

    async def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id
        if sid == "kind" and event.value != self.kind:
            self.kind = str(event.value)
            self.result = Text("")
            if self.turn is not None:  # the same moment, asked the new question
                self.values.update(turn_values(self.kind, self.turn))
                self.result = Text(turn_fit(self.kind, self.turn))
            await self.relabel()
        elif sid == "source" and isinstance(event.value, str) and event.value != self.source:
            if event.value == "table":
                self.action_from_table()
            elif event.value != "pasted":
                self.open_saved_hand(str(event.value))
        elif sid == "turn" and isinstance(event.value, int) and event.value != self.history_at:
            self.load_turn(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ask":
            self.action_ask()
        elif event.button.id == "from-table":
            self.action_from_table()
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
        loaded = self.kind == "hint" and self.turn is not None
        try:
            k = get_kind(self.kind)
            if self.kind == "hint" and not loaded and not self.values.get("position", "").strip():
                raise FormError(_("tui.analyze.need_position"))
            data = build_request(self.kind, fields, self.values, rules=self.rules_name(), level=self.level,
                                 trump=self.trump, options=self.tutor.rule_options(),
                                 required=tuple(n for n in k.fields if k.fields[n] != OBJECT))
        except FormError as err:
            self.show(Text(verdict_mark(False) + as_sentence(str(err)), style="red"))
            return
        if loaded and self.turn is not None:
            data["position"] = self.turn.position_json()
        if self.kind == "hint":
            self.show(Text(_("tui.play.thinking"), style="cyan"))
            self._worker = self.run_worker(lambda: self.answer_text(data), name="ask", group="ask",
                                           thread=True, exclusive=True, exit_on_error=False)
            return
        try:
            self.show(self.answer_text(data))
        except Exception as err:  # an engine failure: logged, told in one line
            self.show(Text(verdict_mark(False) + engine_failure(err, "analyze"), style="red"))

    def answer_text(self, data: dict[str, Any]) -> Text:
        """The engine's answer to a request, as the learner reads it."""
        game = self.rules_name()
        style, lang = self.tutor.suit_style, get_language()
        with fields_as_labels(lambda name: field_label(name, game)), \
                cards_shown(lambda params: display_params(params, style, lang)):
            resp = answer(data)  # an error quotes its cards as the learner reads them (♥9, 大王)
        if "error" in resp:
            return Text(verdict_mark(False) + as_sentence(str(resp["error"].get("message", ""))), style="red")
        kind = get_kind(self.kind)
        try:
            text = kind.render(Request(kind, data), resp)
        except (KeyError, TypeError, ValueError) as err:  # a renderer gap (logged): the raw answer
            log.warning("render %s: %r", self.kind, err)
            text = json.dumps(resp, ensure_ascii=False)
        return Text(style_card_tokens(text, style, lang))

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
            self.show(Text(verdict_mark(False) + engine_failure(worker.error, "analyze"), style="red"))

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
        """Ctrl+O: open the chosen saved hand (the latest at first) at your
        first play that fits the question; Ctrl+N / Ctrl+B: your next or
        previous play in it."""
        if delta and len(self.turns) > 1:
            self.load_turn(max(0, min(len(self.turns) - 1, self.history_at + delta)))
            return
        if delta:
            return
        if self.source not in ("", "table"):  # the hand chosen in the list (or pasted)
            self.open_saved_hand(self.source)
            return
        if self.pasted is not None:
            self.open_saved_hand("pasted")
            return
        hands = self.tutor.store.hands(self.tutor.game) if family(self.tutor.game) == Family.SHENGJI else []
        if not hands:
            self.notify(_("tui.play.no_saved"), timeout=3)
            return
        self.open_saved_hand(str(hands[0]["id"]))

    def open_saved_hand(self, source: str) -> None:
        """Your plays in a saved hand (its store id, or "pasted"), the
        question kept; the first play that fits the question is loaded."""
        if source == "pasted":
            history: Any = self.pasted
        else:
            found = self.tutor.store.hand(int(source)) if source.isdigit() else None
            history = found["history"] if found else None
        try:
            turns = saved_turns(history)
        except SavedHandError as err:
            self.pasted = None
            self.show(Text(verdict_mark(False) + as_sentence(str(err)), style="red"))
            return
        if not turns:
            self.show(Text(_("tui.analyze.no_turns")))
            return
        self.source, self.turns = source, turns
        wants_lead = self.kind in ("throw", "safe-throw")
        wants_follow = self.kind in ("follow", "forced")
        fits = [i for i, t in enumerate(turns) if (t.led and wants_lead) or (not t.led and wants_follow)]
        self.load_turn(fits[0] if fits else 0)
        if (wants_lead or wants_follow) and not fits:  # say what happened in this hand
            said = _("tui.analyze.never_led" if wants_lead else "tui.analyze.led_every")
            self.result = Text(said + "\n") + self.result

    def action_from_table(self) -> None:
        """Ctrl+T: your turn in the hand in progress (kept when you left the
        table), the question kept."""
        if family(self.tutor.game) != Family.SHENGJI:
            return
        try:
            turn = table_turn(self.tutor.store.setting(f"resume:{self.tutor.game}"))
        except SavedHandError as err:
            self.show(Text(verdict_mark(False) + as_sentence(str(err)), style="red"))
            return
        self.source, self.turns, self.history_at = "table", [turn], 0
        self.set_turn(turn, _("tui.analyze.table.loaded", turn=self.turn_label(turn)))

    def load_turn(self, index: int) -> None:
        self.history_at = index
        turn = self.turns[index]
        where = _("tui.analyze.from.pasted") if self.source == "pasted" else \
            _("tui.analyze.from.saved_id", id=self.source)
        self.set_turn(turn, _("tui.analyze.loaded_turn", where=where, turn=self.turn_label(turn),
                              n=index + 1, total=len(self.turns)))

    def set_turn(self, turn: Turn, said: str) -> None:
        """Fill the form for the question asked (the question is kept)."""
        self.turn = turn
        described = turn.position.to_json()
        self.level, self.trump = str(described["level"]), str(described.get("trump") or "NT")
        self.values.update(turn_values(self.kind, turn))
        note = turn_fit(self.kind, turn)
        said = said + "\n" + note if note else said
        self.result = Text(style_card_tokens(said, self.tutor.suit_style, get_language()))
        self.run_worker(self.relabel(), exclusive=True, group="redraw")
