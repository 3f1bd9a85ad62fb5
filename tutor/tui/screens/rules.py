"""Rules: a searchable reference of every rule by game, with R-IDs and the
seed examples, read from ``content/rules/<game>.json``.

The reference data is written by the lessons work; this screen accepts a
list of rules or ``{"rules": [...]}``, each rule an object with ``id``
(the R-ID), ``title`` and ``text`` (message ids or plain text), and
optional ``examples`` (strings, or objects with ``text``/``cards``) and
``seed_ref``/``seed``.  Until the file exists the screen says so.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from content.i18n import _, catalog, get_language
from lessons.catalog import LessonFileError, get_lesson
from solver.cards import RANK_NAMES, Card
from solver.errors import CardParseError, RulesError
from solver.rules import preset, rank_rule_ids
from tutor.tui.base import TutorScreen
from lessons.answers import answer_sentence, example_steps
from tutor.tui.screens.learn import context_line, diagram, seed_text
from tutor.tui.layout import HangingRows
from tutor.tui.widgets.cards import card_label, cards_text, style_card_tokens

RULES_DIR = Path(__file__).resolve().parents[3] / "content" / "rules"


def text_of(value: Any, params: dict[str, Any] | None = None) -> str:
    """A message id looked up in the catalogs, or plain text as it is;
    a ``{"en": …, "zh-Hans": …}`` object picks the current language."""
    if isinstance(value, dict):
        if "msgid" in value:
            return text_of(value["msgid"], value.get("params"))
        lang = get_language()
        return str(value.get(lang) or value.get("en") or next(iter(value.values()), ""))
    if value is None:
        return ""
    s = str(value)
    if s in catalog(get_language()) or s in catalog("en"):
        return _(s, **(params or {}))
    return s


def load_rules(game: str, root: Path | None = None) -> list[dict[str, Any]]:
    """The rules of ``game``; OSError or ValueError when the file is missing or broken."""
    path = (root or RULES_DIR) / f"{game}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    rules = data.get("rules", data) if isinstance(data, dict) else data
    if isinstance(rules, dict):  # {"R-ID": {...}}
        rules = [{"id": k, **(v if isinstance(v, dict) else {"text": v})} for k, v in rules.items()]
    return [r for r in rules if isinstance(r, dict)]


def rule_texts(rule: dict[str, Any], style: str = "glyphs") -> tuple[str, str, str, list[str]]:
    """(R-ID, title, body, examples) in the current language."""
    rid = rule_id(rule)
    title = text_of(rule.get("title") or rule.get("name") or "")
    body = text_of(rule.get("text") or rule.get("body") or rule.get("summary") or "")
    examples: list[str] = []
    for ex in rule.get("examples") or rule.get("vectors") or []:
        if isinstance(ex, dict):
            step = lesson_step(ex)
            params = dict(ex.get("params") or (step.params if step is not None else {}))
            parts = [text_of(ex.get("text") or ex.get("title") or ex.get("msgid") or "", params)]
            if step is not None and step.cards and not ex.get("cards"):
                parts.append(" ".join(card_label(c, style, get_language()) for c in step.cards))
            if ex.get("seed_ref"):
                parts.append(seed_text(str(ex["seed_ref"])))
            for key in ("cards", "lead", "hand", "play", "plays"):
                if ex.get(key):
                    v = ex[key]
                    parts.append(f"{key}: {' | '.join(v) if isinstance(v, list) else v}")
            if ex.get("expect") is not None or ex.get("result") is not None:
                parts.append("→ " + json.dumps(ex.get("expect", ex.get("result")), ensure_ascii=False))
            examples.append(" · ".join(p for p in parts if p))
        else:
            examples.append(text_of(ex))
    seed = rule.get("seed_ref") or rule.get("seed")
    if seed:
        examples.append(seed_text(str(seed)) if isinstance(seed, str) else text_of(seed))
    return rid, title, body, examples


def bullet() -> str:
    """A list bullet; in Chinese without a space, which would let a long
    sentence (one unbroken run) leave the bullet alone on its line."""
    return "•" if get_language().startswith("zh") else "• "


def _heading(rid: str, title: str, gap: str) -> str:
    """A rule's name in the list and above its text: "R-FOLLOW  Following"
    in English; in Chinese the title alone, since a learner reading Chinese
    never sees a rule code (searching by one still finds it)."""
    if get_language().startswith("zh") and title:
        return title
    return f"{rid}{gap}{title}" if rid else title


def answered_examples(game: str, rid: str, style: str = "glyphs") -> list[HangingRows]:
    """The rule's worked examples, each with its answer and the reason from
    the engine: the seed's examples as the lessons restate them, else the
    course's own questions on the rule (``lessons.reference.example_steps``).
    Each line of an example wraps under its own start (a hand goes on under
    its first card, the answer under its first word), at any width."""
    lang = get_language()
    out = []
    for step in example_steps(game, rid):
        answer = answer_sentence(step)
        if not answer:
            continue
        # the lesson's question as it asks it ("Select your card"): said to
        # be the lesson's, since nothing is selected here
        asked = _("tui.rules.from_lesson", text=_(step.text, **step.params))
        block = HangingRows([(Text(bullet(), style="cyan"),
                              Text(style_card_tokens(asked, style, lang), style="cyan"))])
        level_trump = context_line(step.context, style)  # what the answer depends on (R-ORDER)
        if level_trump:
            block.add(Text("  "), level_trump)
        for head, cards in diagram(step.context, style).rows:
            block.add(Text("  ") + head, cards)
        if step.cards and "hand" not in step.context:
            block.add(Text("  "), cards_text(list(step.cards), style, lang))
        block.add(Text("  → ", style="green"), Text(style_card_tokens(answer, style, lang), style="green"))
        if step.seed_ref:
            block.add(Text("  "), Text(seed_text(step.seed_ref), style="dim"))
        out.append(block)
    return out


def lesson_step(example: dict[str, Any]) -> Any:
    """The lesson step an example points at (``lesson`` + ``step``), if any."""
    if not example.get("lesson") or not example.get("step"):
        return None
    try:
        return get_lesson(str(example["lesson"])).step(str(example["step"]))
    except (KeyError, LessonFileError):  # a stale reference: show the example without its cards
        return None


#: a bare rank ("10", "K"); letters only in capitals, so a word being typed ("a…") is not a card
_BARE_RANKS = {name: rank for rank, name in RANK_NAMES.items()}


def card_query(game: str, query: str) -> tuple[str, ...] | None:
    """The R-IDs of the rules that say what the card a query names is
    (``10H``, ``♥10``, ``红10``, ``KS``, ``大王``, or a bare rank ``10``, ``K``),
    as the engine lists them (:func:`solver.rules.rank_rule_ids`: a 10 or a
    K is a point card, a joker is trump, any card may be a level card, ...);
    None when the query is not one card, or the game has no such rules."""
    q = query.strip()
    if not q or len(q.split()) > 1:
        return None
    rank = _BARE_RANKS.get(q)
    if rank is None:
        try:
            rank = Card.parse(q).rank
        except CardParseError:
            return None
    try:
        ids = rank_rule_ids(preset(game), rank)
    except RulesError:
        return None
    return ids or None


#: Words the games use for alike things (河南双升 报主 where 五三二 says 亮牌;
#: 反主 / 顶牌; 庄家 / 台上): a search for one that finds nothing tries the
#: others, and says so (a walk searched 亮牌 in 河南双升 and found nothing).
ALIASES: dict[str, tuple[str, ...]] = {
    "亮牌": ("报主", "報主", "亮主"), "亮主": ("报主", "報主", "亮牌"), "报主": ("亮牌", "亮主"),
    "報主": ("亮牌", "亮主"), "反主": ("顶牌", "頂牌"), "顶牌": ("反主",), "頂牌": ("反主",),
    "台上": ("庄家", "莊家"), "庄家": ("台上",), "莊家": ("台上",),
    "台下": ("闲家", "閒家"), "闲家": ("台下",), "閒家": ("台下",),
    "揭牌": ("盖底", "蓋底", "底牌"), "盖底": ("揭牌", "底牌"), "蓋底": ("揭牌", "底牌"),
    "show": ("declare",), "showing": ("declare",), "declare": ("show",), "declaration": ("show",),
    "overturn": ("overcall",), "overcall": ("overturn",), "stage": ("dealer",), "dealer": ("stage",),
}


def rule_id(rule: dict[str, Any]) -> str:
    return str(rule.get("id") or rule.get("rid") or "")


def matches(rule: dict[str, Any], query: str) -> bool:
    if not query:
        return True
    rid, title, body, examples = rule_texts(rule)
    hay = " ".join([rid, title, body, *examples]).lower()
    return all(word in hay for word in query.lower().split())


def rank(rule: dict[str, Any], query: str) -> int:
    """How well a rule matches: 0 when the query names it (its R-ID or its
    title), 1 when its title holds the words, 2 when only the text does."""
    q = query.strip().lower()
    if not q:
        return 0
    rid, title, _body, _examples = rule_texts(rule)
    rid_l, title_l = rid.lower(), title.lower()
    names = {rid_l, rid_l.removeprefix("r-"), *rid_l.split("-")[1:]}
    if q in names or q.replace(" ", "-") in names or title_l == q or title_l.rstrip("s") == q \
            or title_l.split(" (")[0].rstrip("s") == q.rstrip("s"):
        return 0
    return 1 if all(w in title_l for w in q.split()) else 2


class RulesScreen(TutorScreen):
    TITLE_ID = "tui.rules.title"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "tui.key.back", id="rules.back"),
        Binding("ctrl+f", "search", "tui.key.search", id="rules.search"),
        # ↓ in the search box goes on into the list (it did nothing: the walk
        # of 2026-12-04 found only Enter then ↓); the list handles its own ↓
        Binding("down", "into_list", show=False, id="rules.into_list"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.query_text = ""
        self.selected: str | None = None
        self.rules: list[dict[str, Any]] | None = None
        self.error: str | None = None
        self.body_plain = ""  # the rule shown, unwrapped (what the detail pane says)
        #: the game's word found for the one searched (``ALIASES``), if any
        self.alias: str | None = None

    def compose(self) -> ComposeResult:
        yield Header(icon="♣")
        try:
            self.rules = load_rules(self.tutor.game)
        except (OSError, ValueError) as err:
            self.rules, self.error = None, str(err)
        if self.rules is None:
            yield Static(_("tui.rules.broken", detail=self.error or ""), classes="coming-soon")
        else:
            yield Input(self.query_text, placeholder=_("tui.rules.search"), id="rules-search")
            yield OptionList(id="rules-list")
            with VerticalScroll(id="rule-detail"):
                yield Static("", id="rule-body")
        yield Footer()

    def on_mount(self) -> None:
        self.after_relabel()

    def after_relabel(self) -> None:
        if self.rules is not None:
            self.fill()
            self.query_one("#rules-search", Input).focus()

    def visible(self) -> list[dict[str, Any]]:
        card = card_query(self.tutor.game, self.query_text)
        if card is not None:  # a card: the rules on what it is, in the engine's order
            found = [r for r in self.rules or [] if rule_id(r) in card]
            found.sort(key=lambda r: card.index(rule_id(r)))
            if not self.query_text.strip().isascii():
                # a card named in words (大王, 红10) is also found where the
                # rules' text names it: 顶牌 ("用大王…") was missing (a walk);
                # a bare "K" or "10" would match nearly every text
                found += sorted((r for r in self.rules or []
                                 if r not in found and matches(r, self.query_text)),
                                key=lambda r: rank(r, self.query_text))
            return found
        self.alias = None
        found = [r for r in self.rules or [] if matches(r, self.query_text)]
        if not found:
            for alias in ALIASES.get(self.query_text.strip().lower(), ()):
                found = [r for r in self.rules or [] if matches(r, alias)]
                if found:
                    self.alias = alias
                    return sorted(found, key=lambda r: rank(r, alias))
        return sorted(found, key=lambda r: rank(r, self.query_text))  # exact names first, else book order

    def fill(self) -> None:
        lst = self.query_one("#rules-list", OptionList)
        lst.clear_options()
        shown = self.visible()
        for r in shown:
            rid, title, _body, _ex = rule_texts(r)
            lst.add_option(Option(Text(_heading(rid, title, "  ")), id=rid or None))
        if shown:
            lst.highlighted = 0
            self.show_rule(shown[0])
        else:
            self.body_plain = _("tui.rules.none", query=self.query_text)
            self.query_one("#rule-body", Static).update(self.body_plain)

    def show_rule(self, rule: dict[str, Any]) -> None:
        style = self.tutor.suit_style
        rid, title, body, examples = rule_texts(rule, style)
        self.selected = rid
        # every line goes through the tutor's line breaking (Chinese wraps
        # like Chinese), each at the width it is drawn at
        statements = HangingRows([(Text(), Text(_heading(rid, title, " "), style="bold"))])
        if self.alias is not None:  # the word searched is another game's: say which word this one uses
            statements = HangingRows([(Text(), Text(_("tui.rules.alias", query=self.query_text.strip(),
                                                       alias=self.alias), style="italic")),
                                      (Text(), Text(_heading(rid, title, " "), style="bold"))])
        for para in body.split("\n"):
            statements.add(Text(), Text(para, style="bold"))
        raw = list(rule.get("examples") or rule.get("vectors") or [])
        for ex, line in zip(raw + [None] * (len(examples) - len(raw)), examples):
            step = lesson_step(ex) if isinstance(ex, dict) else None
            if step is None or not step.interactive:  # a statement: the questions follow, answered
                statements.add(Text(bullet(), style="cyan"), Text(line, style="cyan"))
        parts = [statements, *answered_examples(self.tutor.game, rid, style)]
        self.body_plain = "\n".join(p.plain for p in parts)
        self.query_one("#rule-body", Static).update(Group(*parts))

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "rules-search":
            self.query_text = event.value
            self.fill()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#rules-list", OptionList).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        for r in self.visible():
            if str(r.get("id") or r.get("rid") or "") == event.option.id:
                self.show_rule(r)
                break

    def action_into_list(self) -> None:
        if not self.query("#rules-list"):
            return
        lst = self.query_one("#rules-list", OptionList)
        if lst.has_focus:
            return
        lst.focus()
        if lst.highlighted is not None and lst.highlighted + 1 < lst.option_count:
            lst.highlighted += 1

    def action_search(self) -> None:
        if self.query("#rules-search"):
            self.query_one("#rules-search", Input).focus()

    def action_back(self) -> None:
        self.tutor.action_go_home()
