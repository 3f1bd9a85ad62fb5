"""Quiz: legality puzzles (lichess Puzzles, Anki).

Puzzles come from the bank (``lessons.puzzles``); the engine answers each
one when it is checked.  The learner and every puzzle carry a Glicko-2
rating (updated on the first answer only), right first answers build a
streak, and a missed puzzle gets an FSRS review card: due reviews come
before new puzzles.  Lichess style: a wrong answer is taken back with the
reason it is wrong, and the learner tries again; the answer (with why) is
shown after the last try (``max_tries``) or on request (a).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from checks.inputs import InputError, parse_int
from content.i18n import _, get_language
from lessons.play_puzzles import all_puzzles
from lessons.answers import reveal
from lessons.puzzles import RULE_OF_KIND, check_puzzle_answer, max_tries, options, question_text
from lessons.reference import game_msgid, rule_label
from solver.cards import parse_cards
from solver.errors import SolverError
from solver.rules import preset
from solver.trump import TrumpContext
from tutor.rating import Glicko
from tutor.review import due_iso
from tutor.tui.base import TutorScreen, log, rating_label
from tutor.tui.layout import HangingRows, verdict_mark
from tutor.tui.widgets import KeyHelp
from tutor.tui.widgets.cards import cards_text, display_params, style_card_tokens
from tutor.tui.screens.learn import context_line

#: Request fields shown as card lines, in display order.
CARD_FIELDS = ("lead", "plays", "throw", "play", "hand", "others", "seen", "kitty", "last_lead")
VALUE_FIELDS = ("attacker_points", "attackers_won_last", "target", "declared", "pile_size")
#: Value fields that are counts, shown with their measure word.
COUNTED = ("attacker_points", "pile_size")
HINTS = {
    "trick": "tui.quiz.hint.trick", "score": "tui.quiz.hint.score", "follow": "tui.quiz.hint.follow",
    "forced": "tui.quiz.hint.forced", "throw": "tui.quiz.hint.throw",
    "safe-throw": "tui.quiz.hint.safe-throw", "yishang-challenge": "tui.quiz.hint.yishang-challenge",
    "play": "puzzle.hint.play", "mistake": "puzzle.hint.play",
}


def puzzle_diagram(request: dict[str, Any], style: str) -> HangingRows:
    """The cards and numbers of a puzzle request, one labelled line each;
    a card list that wraps goes on under its first card (a hanging indent)."""
    lang = get_language()
    ctx = None
    try:
        rules = preset(str(request.get("rules") or "henan"))
        if rules.flow != "yishang":
            ctx = TrumpContext(rules, str(request.get("level") or "2"), request.get("trump") or "NT")
    except SolverError:
        ctx = None
    out = HangingRows()

    def add(label: str, value: str, sort: bool) -> None:
        try:
            cards = parse_cards(value, max_copies=None)
            if sort and ctx is not None:
                cards = ctx.sorted(cards)
            body = cards_text(cards, style, lang)
        except SolverError:
            body = Text(str(value))
        out.add(Text(_head(label), style="bold"), body)

    for name in CARD_FIELDS:
        value = request.get(name)
        if value is None:
            continue
        if isinstance(value, list):
            for i, v in enumerate(value):
                add(_(f"tui.field.{name}.item", n=i + 1), str(v), name == "others")
        else:
            add(_(f"tui.field.{name}"), str(value), name in ("hand", "seen", "kitty"))
    for name in VALUE_FIELDS:
        if name in request:
            v = request[name]
            if isinstance(v, bool):
                v = _("tui.yes") if v else _("tui.no")
            elif name in COUNTED and isinstance(v, int):  # "牌堆：4张", "Pile: 4 cards"
                v = _(f"tui.field.count.{name}", n=v)
            game = str(request.get("rules") or "")  # 五三二 says off stage (台下), not attackers
            out.add(Text(_head(_(game_msgid(game, f"tui.field.{name}"))), style="bold"), Text(str(v)))
    return out


def _head(label: str) -> str:
    """A line's label: a space after it, none after a full-width colon
    ("玩家1： ♠9" above the options' "玩家1：♠9", a walk)."""
    return label if label.endswith("：") else label + " "



#: A joker written by letters (the glyph style in English): BJ, SJ.
_JOKER_LETTERS = re.compile(r"(?<![A-Za-z])[BS]J(?![A-Za-z])")


def _joker_legend(shown: str) -> ComposeResult:
    """What BJ and SJ mean, under a diagram that shows them by letters (the
    Play screen says it under your hand; the walk of 2026-12-04 met them in
    a puzzle with no key)."""
    if _JOKER_LETTERS.search(shown):
        yield Static(_("tui.play.joker_legend"), classes="muted")

class NumberInput(Input):
    """An integer box that keeps every printable key while it has focus: a
    letter is never one of the screen's commands (typing "abc" must not show
    the answer and cost rating).  A key the integer type refuses gets one
    localized line instead of a bell; Tab leaves the box for h, a and n,
    Ctrl+N is the next puzzle from inside it."""

    def restricted(self) -> None:
        self.notify(_("tui.quiz.digits_only"), severity="warning", timeout=3)


class CardInput(Input):
    """Typed cards for a play puzzle: every printable key goes into the box
    (a, h, n… are card letters too); the screen's letter commands work once
    the box has no focus (Tab, or after the puzzle is over), Ctrl+N always."""


class QuizScreen(TutorScreen):
    TITLE_ID = "tui.quiz.title"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.go_home", "tui.key.back", id="quiz.back"),
        Binding("h", "hint", "tui.key.hint", id="quiz.hint"),
        Binding("a", "reveal", "tui.key.answer", id="quiz.reveal"),
        Binding("n", "next", "tui.key.next_puzzle", id="quiz.next"),
        # The typed-cards and number boxes take every letter: the next puzzle from inside them.
        Binding("ctrl+n", "next", "tui.key.next", id="quiz.next_typing", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.puzzles: list[Any] | None = None
        self.puzzle: Any = None
        self.attempts = 0
        self.solved = False
        #: the answer is shown (last try used, or asked for): no more answers
        self.revealed = False
        self.hints = 0
        #: (right?, verdict): the text is made when shown (language switch).
        self.feedback: tuple[bool, Any] | None = None
        self.seen: set[str] = set()
        self.from_review = False
        self._answer: Any = None
        self._feedback_lang = ""
        #: the learner's rating before and after this puzzle's first answer
        self.rating_move: tuple[Glicko, Glicko] | None = None

    # -- choosing puzzles ---------------------------------------------------------

    def load(self) -> None:
        try:
            self.puzzles = list(all_puzzles(self.tutor.game))
        except (OSError, ValueError, KeyError, TypeError, SolverError) as err:
            # a broken bank file (logged): the screen says so instead of crashing
            log.warning("puzzle bank of %s: %r", self.tutor.game, err)
            self.puzzles = []

    def learner(self) -> Any:
        r = self.tutor.store.rating(f"learner:{self.tutor.game}")
        return Glicko(*r[:3]) if r else Glicko()

    def puzzle_rating(self, puzzle: Any) -> Any:
        r = self.tutor.store.rating(f"puzzle:{puzzle.id}")
        return Glicko(*r[:3]) if r else Glicko(float(puzzle.rating), 100.0, 0.06)

    def pick(self) -> Any:
        """A due review first; else the unseen puzzle nearest the learner's rating."""
        if not self.puzzles:
            return None
        by_id = {p.id: p for p in self.puzzles}
        for item in self.tutor.store.due_reviews(self.tutor.game, due_iso()):
            if item.startswith("mine-") and item not in by_id and item not in self.seen:
                from tutor.hand_review import mistake_from_store  # a personal puzzle (issue 17)

                mine = mistake_from_store(self.tutor.store, item)
                if mine is not None:
                    by_id[item] = mine
            if item in by_id and item not in self.seen:
                self.from_review = True
                return by_id[item]
        self.from_review = False
        solved = {a["item"] for a in self.tutor.store.answers("puzzle") if a["correct"]}
        me = self.learner()
        target = me.rating - me.rd / 2  # a provisional rating aims a little low: start easy
        pool = [p for p in self.puzzles if p.id not in self.seen and p.id not in solved] or \
               [p for p in self.puzzles if p.id not in self.seen] or list(self.puzzles)
        return min(pool, key=lambda p: (abs(p.rating - target), p.id))

    def new_puzzle(self, puzzle: Any = None) -> None:
        self.puzzle = puzzle or self.pick()
        self.attempts = 0
        self.solved = False
        self.revealed = False
        self.hints = 0
        self.feedback = None
        self.rating_move = None
        if self.puzzle is not None:
            self.seen.add(self.puzzle.id)

    # -- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(icon="♣")
        if self.puzzles is None:
            self.load()
        if not self.puzzles:
            yield Static(_("puzzle.none"), classes="coming-soon")
        else:
            if self.puzzle is None:
                self.new_puzzle()
            yield from self._compose_puzzle()
        yield Footer()

    def _status(self) -> str:
        store, game = self.tutor.store, self.tutor.game
        me = self.learner()
        key = "tui.quiz.status.review" if self.from_review else "tui.quiz.status"
        # the game first: the quiz never said which game its puzzles are for
        return self.tutor.game_name() + " · " + _(
            key, rating=rating_label(me), puzzle=round(self.puzzle_rating(self.puzzle).rating),
            streak=store.counter(f"streak:{game}"), best=store.counter(f"best_streak:{game}"))

    def _compose_puzzle(self) -> ComposeResult:
        p = self.puzzle
        style = self.tutor.suit_style
        if p.kind in ("play", "mistake"):
            yield from self._compose_play(p, style)
            return
        with VerticalScroll(id="quiz-body"):
            yield KeyHelp(self._status(), id="quiz-status")  # breaks between its items
            ctx = context_line(p.request, style)
            head = Text(question_text(p), style="bold")
            if ctx:
                head.append("  ")
                head.append_text(ctx)
            yield Static(head, id="question")
            diagram = puzzle_diagram(p.request, style)
            yield Static(diagram, classes="diagram")
            yield from _joker_legend(diagram.plain)
            opts = options(p)
            if opts is None:
                yield NumberInput(placeholder=_("tui.quiz.number"), type="integer", id="number")
            else:
                yield OptionList(*[Option(_(msg, **display_params(params, style, get_language())), id=str(i))
                                   for i, (msg, params, _v) in enumerate(opts)], id="choices")
            yield Static("", id="feedback")
            yield Static("", id="hint", classes="muted")
            nav = "tui.quiz.nav" if opts is not None else "tui.quiz.nav.number"
            yield KeyHelp(_(nav), id="nav", classes="muted")  # breaks between its items

    def _compose_play(self, p: Any, style: str) -> ComposeResult:
        """A "find the best play" puzzle: the table, typed cards (issue 17)."""
        from lessons.play_puzzles import play_diagram  # only for play puzzles

        lang = get_language()
        with VerticalScroll(id="quiz-body"):
            yield KeyHelp(self._status(), id="quiz-status")  # breaks between its items
            yield Static(Text(style_card_tokens(_(p.question, **p.params), style, lang),
                              style="bold"), id="question")
            table = style_card_tokens("\n".join(play_diagram(p)), style, lang)
            yield Static(Text(table), classes="diagram")
            yield from _joker_legend(table)
            yield CardInput(placeholder=_("puzzle.play.enter"), id="cards")
            yield Static("", id="feedback")
            yield Static("", id="hint", classes="muted")
            yield KeyHelp(_("tui.quiz.nav.cards"), id="nav", classes="muted")

    def on_mount(self) -> None:
        self.after_relabel()

    def after_relabel(self) -> None:
        if self.puzzle is None:
            return
        self._show_feedback()
        for sel in ("#choices", "#number", "#cards"):
            if self.query(sel):
                self.query_one(sel).focus()
        self._release_typing()

    def _release_typing(self) -> None:
        """Once the puzzle is over nothing more is typed: the focus leaves the
        cards or number box so that h, a and n are the screen's commands again."""
        if (self.solved or self.revealed) and self.query("#cards, #number"):
            self.query_one("#quiz-body").focus()

    def rating_note(self) -> str:
        """After the answer that moved a provisional rating: how far it
        moved, how uncertain it still is, and that it settles with more
        answers (a new learner's first miss costs ~280 points).  Nothing
        once the rating is settled (:data:`tutor.rating.PROVISIONAL_RD`)."""
        if self.rating_move is None:
            return ""
        before, after = self.rating_move
        if after == before or not after.provisional:  # unmoved (a failed write) or settled
            return ""
        moved = _("tui.quiz.rating.moved", before=round(before.rating), after=round(after.rating),
                  margin=after.margin())
        if self.hints and self.solved and self.attempts == 1:  # right at once, but after a hint: a miss
            return _("tui.quiz.rating.after_hint") + moved
        return moved

    def _show_feedback(self) -> None:
        fb = self.query_one("#feedback", Static)
        fb.remove_class("right", "wrong")
        note = self.rating_note()
        if self.feedback:
            ok, verdict = self.feedback
            if self._feedback_lang != get_language():  # re-ask the engine in the new language
        
                verdict = check_puzzle_answer(self.puzzle, self._answer)
                self.feedback, self._feedback_lang = (ok, verdict), get_language()
            text = verdict.text()
            if not ok and self.revealed and max_tries(self.puzzle) == 1:
                # a yes/no puzzle answered once: the answer and why, once (the
                # reason of the wrong answer is the answer's why: a walk read
                # it twice)
                text = reveal(self.puzzle) + "\n" + _("tui.quiz.revealed")
            elif not ok:
                text += "\n" + (reveal(self.puzzle) + "\n" + _("tui.quiz.revealed") if self.revealed
                                else _("tui.quiz.retry"))
            if note:
                text += "\n" + note
            fb.add_class("right" if ok else "wrong")
            mark = verdict_mark(ok)
            fb.update(Text(mark + style_card_tokens(text, self.tutor.suit_style, get_language())))
        elif self.revealed:
            text = reveal(self.puzzle) + "\n" + _("tui.quiz.revealed")
            if note:
                text += "\n" + note
            fb.update(Text(style_card_tokens(text, self.tutor.suit_style, get_language())))
        else:
            fb.update("")
        hint = ""
        if self.hints:
            rid = RULE_OF_KIND.get(self.puzzle.kind, "")
            hint = _(game_msgid(self.puzzle.game, HINTS.get(self.puzzle.kind, "tui.quiz.hint.generic")),
                     rule=rule_label(rid) if rid else "")
            if self.attempts == 0:  # said before the answer that it costs the rating
                hint += _("tui.quiz.hint.cost")
        self.query_one("#hint", Static).update(Text(hint))
        self.query_one("#quiz-status", KeyHelp).update(self._status())

    # -- answering --------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        opts = options(self.puzzle) or []
        index = int(event.option.id or 0)
        if 0 <= index < len(opts):
            self.answer(opts[index][2])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if event.input.id == "cards":
            if text:
                self.answer(text)
            else:  # Enter on an empty box did nothing visible
                self.notify(_("tui.quiz.no_cards"), severity="warning", timeout=3)
            return
        try:  # ASCII digits only, bounded: "²" or 5,000 digits are not an answer
            value = parse_int(event.value, "answer", lo=-10 ** 6, hi=10 ** 6)
        except InputError:
            self.notify(_("tui.quiz.not_number"), severity="warning", timeout=3)
            return
        self.answer(value)

    def answer(self, value: Any) -> None:
        """Judge with the engine; the first answer moves ratings, streak and
        the review schedule, all in one transaction."""
        if self.puzzle is None:
            return
        if self.solved or self.revealed:
            # the screen already says "n: next puzzle"; a toast here covered
            # the key line at 80×24 (a walk)
            self.app.bell()
            return
        p = self.puzzle
        verdict = check_puzzle_answer(p, value)
        if verdict.message in ("puzzle.play.bad_cards", "puzzle.play.illegal"):
            # Not an answer yet: say why and let the learner type again.
            self.feedback = (False, verdict)
            self._answer, self._feedback_lang = value, get_language()
            self._show_feedback()
            # the typo stays to be fixed, selected: typing replaces it ("ZZ"
            # then "5S" read as "ZZ5S", a walk), an arrow key edits it
            for box in self.query("#cards").results(Input):
                box.select_all()
            return
        first = self.attempts == 0
        self.attempts += 1
        before = self.learner()
        # Ratings and review card are read and written in one transaction.
        self.tutor.store.answer_puzzle(p.id, self.tutor.game, correct=verdict.correct,
                                       answer=str(value), puzzle_rating=float(p.rating),
                                       first_try=first, hints=self.hints)
        if first:
            self.rating_move = (before, self.learner())
        self.solved = verdict.correct
        self.revealed = not verdict.correct and self.attempts >= max_tries(p)
        self.feedback = (verdict.correct, verdict)
        self._answer, self._feedback_lang = value, get_language()
        if not verdict.correct:
            # The next try starts empty: typed after the wrong answer it would
            # join it ("jd" then "5s" read as "jd5s").  A typo (bad cards,
            # an illegal play, above) stays in the box to be fixed.
            for box in self.query("#cards, #number").results(Input):
                box.value = ""
        self._show_feedback()
        self._release_typing()

    def action_reveal(self) -> None:
        """Show the answer and why (counts as a miss if not yet answered)."""
        if self.puzzle is None or self.solved or self.revealed:
            return
        if self.attempts == 0:  # asking first is a miss: it moves the rating once, like a wrong answer
            p = self.puzzle
            before = self.learner()
            self.tutor.store.answer_puzzle(p.id, self.tutor.game, correct=False, answer="",
                                           puzzle_rating=float(p.rating), first_try=True,
                                           hints=self.hints)
            self.rating_move = (before, self.learner())
            self.attempts = 1
        self.revealed = True
        self._show_feedback()
        self._release_typing()

    def action_hint(self) -> None:
        if self.puzzle is not None and not self.solved:
            self.hints = 1
            self._show_feedback()

    def action_next(self) -> None:
        if self.puzzles:
            self.new_puzzle()
            self.run_worker(self.relabel(), exclusive=True, group="redraw")
