"""Learn: the scripted lessons (lichess Learn, vimtutor).

A lesson list (with prerequisites, ticks and stars), then the lesson runner:
text with card diagrams, interactive steps judged by the engine
(``lessons.judge.judge``), feedback that cites the rule and the seed
example, retry without penalty, escalating hints, stars at the end.
Every answer is committed to the store as it is given.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from content.i18n import _, get_language, join_list, sentence_gap
from lessons.catalog import LessonFileError, course_list, load_lessons
from lessons.answers import reveal_text
from lessons.judge import example_answer, feedback_text, judge, max_tries
from lessons.reference import rule_label
from solver.cards import format_cards, parse_cards
from solver.errors import SolverError
from tutor.tui.base import TutorScreen
from tutor.tui.layout import HangingRows, verdict_mark
from tutor.tui.models.games import COURSE
from tutor.tui.widgets.cards import cards_text, display_params, style_card_tokens, suit_symbol
from tutor.tui.widgets import HandView

SEED_GAMES = {"000": "yishang", "001": "henan", "004": "wusaner"}
#: A right answer that was the answer shown (a): said as the answer, not praised
TAKEN = {"lesson.judge.correct": "lesson.judge.taken", "puzzle.verdict.right": "puzzle.verdict.taken"}


def stars_for(mistakes: int, hints: int) -> int:
    """Three stars for a clean run, two for a few slips, one for finishing."""
    slips = mistakes + hints
    return 3 if slips == 0 else 2 if slips <= 2 else 1


def star_text(n: int) -> str:
    return "★" * n + "☆" * (3 - n)


def rule_text(rid: str) -> str:
    """A rule citation (``Rule: Following (R-FOLLOW)``, ``规则：跟牌``)."""
    return _("tui.learn.rule", rule=rule_label(rid))


def seed_text(seed_ref: str | None) -> str:
    if not seed_ref:
        return ""
    num, _sep, where = seed_ref.partition(":")
    game = SEED_GAMES.get(num)
    name = _(f"tui.game.{game}") if game else num
    return _("tui.learn.seed", seed=num, game=name)


def context_line(context: dict[str, Any], style: str) -> Text:
    """``Level K · Trump ♠`` for a step's context."""
    out = Text()
    if context.get("level"):
        out.append(_("tui.ctx.level", level=context["level"]))
    trump = context.get("trump")
    if trump:
        if out:
            out.append(" · ")
        t = str(trump).upper()
        if t == "NT":
            out.append(_("tui.ctx.nt"))
        else:
            out.append(_("tui.ctx.trump", trump=suit_symbol(t, style, get_language())))
    return out


def diagram(context: dict[str, Any], style: str) -> HangingRows:
    """Extra card lines of a step: the lead, the plays of a trick, a hand
    (a list that wraps goes on under its first card)."""
    lang = get_language()
    out = HangingRows()

    def line(label: str, cards: str) -> None:
        try:
            body = cards_text(parse_cards(cards, max_copies=None), style, lang)
        except SolverError:
            body = Text(cards)
        # no space after a full-width colon ("玩家1： ♠9" above the options'
        # "玩家1：♠9", a walk)
        out.add(Text(label if label.endswith("：") else label + " ", style="bold"), body)

    if context.get("lead"):
        line(_("tui.ctx.lead"), str(context["lead"]))
    plays = context.get("plays")
    if isinstance(plays, list):
        labels = context.get("labels") or []
        for i, p in enumerate(plays):
            label = _(labels[i]) if i < len(labels) and isinstance(labels[i], str) else _("tui.ctx.player", n=i + 1)
            line(_("tui.ctx.player_plays", label=label), str(p))  # "玩家1：", "Player 1:"
    if context.get("hand"):
        line(_("tui.ctx.hand"), str(context["hand"]))
    return out


def _same_cards(text: Any, cards: Any) -> bool:
    """``text`` (a context's card list) holds exactly ``cards``."""
    if not isinstance(text, str) or not text.strip():
        return False
    try:
        return sorted(c.index for c in parse_cards(text, max_copies=None)) == sorted(c.index for c in cards)
    except SolverError:
        return False


def _same_answer(a: Any, b: Any) -> bool:
    """The same answer: the same option, or the same cards in any order."""
    if isinstance(a, list) and isinstance(b, list):
        return sorted(map(str, a)) == sorted(map(str, b))
    return a is not None and a == b


class LearnScreen(TutorScreen):
    TITLE_ID = "tui.learn.title"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "tui.key.back", id="learn.back"),
        Binding("h", "hint", "tui.key.hint", id="learn.hint"),
        Binding("n", "next", "tui.key.next", id="learn.next"),
        Binding("b", "prev", "tui.key.prev", id="learn.prev", show=False),
        Binding("a", "reveal", "tui.key.answer", id="learn.reveal"),
        Binding("r", "retry", "tui.key.retry", show=False, id="learn.retry"),
    ]

    def __init__(self, lesson_id: str | None = None) -> None:
        super().__init__()
        self.lessons: list[Any] | None = None
        self.error: str | None = None
        self.lesson: Any = None
        self.index = 0
        self.hints_shown = 0
        self.solved = False
        #: (right?, the judge's verdict): its text is made when shown (language switch).
        self.feedback: tuple[bool, Any] | None = None
        self.mistakes = 0
        self.hints_used = 0
        self._pending = lesson_id
        #: The lesson the list's cursor is on when it is shown again.
        self.list_cursor: str | None = None
        #: what the list says on top once a lesson is finished ("Lesson done:
        #: … ★★"); a toast said it and covered the list at 80×24
        self.done_note: str | None = None
        self._load()

    # -- data ------------------------------------------------------------------

    def _load(self) -> None:
        try:
            self.lessons = list(load_lessons())
        except LessonFileError as err:  # a malformed lesson file: say so, never crash
            self.lessons = None
            self.error = str(err)

    def course(self) -> list[Any]:
        """The game's lessons, preceded by the lessons of other courses they
        require (so a newcomer always has a lesson to start). A finished one
        stays listed, marked done: a learner can always take it again."""
        course = COURSE[self.tutor.game] if self.is_attached else None
        return course_list(self.lessons or [], course)

    def is_done(self, lesson_id: str) -> bool:
        return bool(self.tutor.store.lesson(lesson_id).get("done"))

    def missing(self, lesson: Any) -> list[str]:
        return [r for r in lesson.requires if not self.is_done(r)]

    def title_of(self, lesson_id: str) -> str:
        for ls in self.lessons or []:
            if ls.id == lesson_id:
                return _(ls.title)
        return lesson_id

    def _open(self, lesson_id: str) -> None:
        for ls in self.lessons or []:
            if ls.id == lesson_id:
                self.lesson = ls
                break
        else:
            return
        self.done_note = None
        if self.is_attached:
            row = self.tutor.store.lesson(lesson_id)
            self.index = 0 if row.get("done") else min(int(row.get("step", 0)), len(self.lesson.steps) - 1)
            self.mistakes = 0 if row.get("done") else int(row.get("mistakes", 0))
            self.hints_used = 0 if row.get("done") else int(row.get("hints", 0))
        self._reset_step()

    def _reset_step(self) -> None:
        self._answer: Any = None
        self._feedback_lang = ""
        self.answer_shown = False
        #: wrong answers given on this step (the answer shows after ``max_tries``)
        self.tries = 0
        #: choices already picked wrongly: taken back (disabled) until the step is left
        self.wrong_picks: set[int] = set()
        self.hints_shown = 0
        self.solved = False
        self.feedback = None

    @property
    def step(self) -> Any:
        return self.lesson.steps[self.index] if self.lesson else None

    # -- layout ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        if self._pending and self.lessons:
            self._open(self._pending)  # resume where the store says
            self._pending = None
        yield Header(icon="♣")
        if self.lessons is None:
            yield Static(_("tui.learn.broken", detail=self.error or ""), classes="coming-soon")
        elif self.lesson is None:
            yield from self._compose_list()
        else:
            yield from self._compose_step()
        yield Footer()

    def _compose_list(self) -> ComposeResult:
        lessons = self.course()
        yield Static(_("tui.learn.pick", game=self.tutor.game_name()), classes="heading panel")
        if self.done_note:
            yield Static(self.done_note, id="lesson-done", classes="panel")
        if not lessons:
            yield Static(_("tui.learn.none"), classes="panel")
            return
        options = []
        # rows are numbered, and a locked lesson names the rows to finish
        # first by number: titles repeat across courses ("Throws (甩牌)" is
        # both a common and a Henan lesson) and made every row two lines
        number = {ls.id: i + 1 for i, ls in enumerate(lessons)}
        for ls in lessons:
            row = self.tutor.store.lesson(ls.id)
            missing = self.missing(ls)
            if missing:
                mark = "–"
                extra = "  " + _("tui.learn.needs", lessons=join_list(
                    str(number[m]) if m in number else self.title_of(m)
                    for m in sorted(missing, key=lambda m: number.get(m, 0))))
            elif row.get("done"):
                mark = "✓ " + star_text(int(row.get("stars", 0)))
                extra = ""
            elif row.get("step"):
                mark = "…"
                extra = "  " + _("tui.learn.at_step", step=int(row["step"]) + 1, total=len(ls.steps))
            else:
                mark = "·"
                extra = ""
            if ls.game != COURSE[self.tutor.game]:
                game = next((g for g, c in COURSE.items() if c == ls.game), ls.game)
                extra = "  " + _("tui.learn.from_course", game=_(f"tui.game.{game}")) + extra
            options.append(Option(Text(f"{mark} {number[ls.id]}. {_(ls.title)}{extra}"), id=ls.id))
        yield OptionList(*options, id="lesson-list")
        yield Static(_("tui.learn.safe") + "\n" + _("tui.learn.stars"), classes="muted panel")

    def _compose_step(self) -> ComposeResult:
        step = self.step
        style = self.tutor.suit_style
        lesson = self.lesson
        head = _("tui.learn.step", title=_(lesson.title), n=self.index + 1, total=len(lesson.steps))
        with VerticalScroll(id="lesson-body"):
            yield Static(head, classes="heading")
            ctx = context_line(step.context, style)
            if ctx:
                yield Static(ctx, classes="muted")
            yield Static(_(step.text, **step.params), id="step-text", markup=False)
            extra = diagram(step.context, style)
            if extra:
                yield Static(extra, classes="diagram")
            if step.type == "select":
                hand = HandView(step.cards, pick=step.pick, style=style, id="step-hand")
                yield hand
                yield Static(_("tui.learn.select_help"), classes="muted")
            elif step.cards and not _same_cards(step.context.get("hand"), step.cards):
                # the hand line above already shows them ("Hand: ♠Q ♠8 ♠8 …" and
                # the same cards again under it, a walk)
                yield Static(cards_text(list(step.cards), style, get_language()), classes="diagram")
            if step.type == "choice":
                yield OptionList(*[Option(_(o.text, **display_params(o.params, style, get_language())), id=str(i),
                                          disabled=i in self.wrong_picks)
                                   for i, o in enumerate(step.options)], id="choices")
            yield Static("", id="feedback")
            yield Static("", id="hint", classes="muted")
            yield Static("", id="cite", classes="muted")
            yield Static(self._nav_text(), id="nav", classes="muted")

    def _nav_text(self) -> str:
        step = self.step
        if step is None:
            return ""
        if step.type == "text":
            return _("tui.learn.nav.text")
        if self.solved:
            # no praise for taking the answer shown (a walk read "Well done")
            return _("tui.learn.nav.next" if self.answer_shown else "tui.learn.nav.solved")
        if self.answer_shown:
            return ""  # the hint line says to take the marked answer
        return _("tui.learn.nav.try")

    def on_mount(self) -> None:
        self.after_relabel()

    def after_relabel(self) -> None:
        if self.lesson is None:
            if self.query("#lesson-list"):
                lst = self.query_one("#lesson-list", OptionList)
                ids = [ls.id for ls in self.course()]
                # back on the list: on the lesson after the one just finished (or the one left)
                # else on the first lesson not finished yet
                first = next((i for i, lid in enumerate(ids) if not self.is_done(lid)), 0)
                lst.highlighted = ids.index(self.list_cursor) if self.list_cursor in ids else first
                lst.focus()
            return
        self._show_feedback()
        if self.query("#step-hand"):
            self.query_one("#step-hand", HandView).focus()
        elif self.query("#choices"):
            self.query_one("#choices", OptionList).focus()

    def _show_feedback(self) -> None:
        self.refresh_bindings()  # n is live once the step is solved
        step = self.step
        fb = self.query_one("#feedback", Static)
        fb.remove_class("right", "wrong")
        if self.feedback:
            ok, verdict = self.feedback
            if self._feedback_lang != get_language():  # the reason inside was written in another language
                verdict = judge(step, self._answer)
                self.feedback, self._feedback_lang = (ok, verdict), get_language()
            if ok and self.answer_shown:  # the answer shown, taken: told as the answer, not "Right!"
                verdict = dataclasses.replace(verdict, message=TAKEN.get(verdict.message, verdict.message))
            text = feedback_text(step, verdict)
            if not ok:  # lichess style: the reason, then a retry; the answer only when shown
                text += "\n" + (reveal_text(step) if self.answer_shown else _("tui.learn.retry"))
            fb.add_class("right" if ok else "wrong")
            fb.update(Text(verdict_mark(ok) + style_card_tokens(text, self.tutor.suit_style, get_language())))
        elif self.answer_shown and not self.solved:  # asked for before any answer
            fb.update(Text(style_card_tokens(reveal_text(step), self.tutor.suit_style, get_language())))
        else:
            fb.update("")
        # once solved or the answer shown, the hints are spent: kept, they
        # read as part of the verdict ("✓ Right! ♣3: a trump. Think of the
        # fixed 5, 3, 2.") and pushed the last line off an 80×24 screen
        spent = self.solved or self.answer_shown
        hints = [] if spent else [
            _("tui.learn.hint", n=i + 1, text=style_card_tokens(_(h), self.tutor.suit_style, get_language()))
            for i, h in enumerate(step.hints[: self.hints_shown])]
        if self.answer_shown and not self.solved:
            hints.append(_("tui.learn.shown"))
        self.query_one("#hint", Static).update(Text("\n".join(hints)))
        cite = []
        if self.feedback or step.type == "text":
            if step.rule:
                cite.append(rule_text(step.rule))
            if step.seed_ref:
                cite.append(seed_text(step.seed_ref))
        self.query_one("#cite", Static).update(Text(" · ".join(cite)))
        self.query_one("#nav", Static).update(self._nav_text())

    # -- actions -------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "lesson-list" and event.option.id:
            self.start(event.option.id)
        elif event.option_list.id == "choices" and event.option.id is not None:
            self.answer(int(event.option.id))

    def on_hand_view_submitted(self, event: HandView.Submitted) -> None:
        event.stop()
        self.answer(event.cards)

    def start(self, lesson_id: str) -> None:
        """Open a lesson; a locked one names what to finish first."""
        lesson = next((ls for ls in self.lessons or [] if ls.id == lesson_id), None)
        if lesson is None:
            return
        missing = self.missing(lesson)
        if missing:
            self.notify(_("tui.learn.locked", lessons=join_list(self.title_of(m) for m in missing)),
                        severity="warning")
            return
        self._open(lesson_id)
        self.tutor.store.set_setting("last_activity", {"screen": "learn", "game": self.tutor.game,
                                                       "lesson": lesson_id})
        self.refresh_screen()

    def refresh_screen(self) -> None:
        self.run_worker(self.relabel(), exclusive=True, group="redraw")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Lesson keys show only inside a lesson."""
        if action in ("hint", "next", "prev", "retry", "reveal") and self.lesson is None:
            return False
        step = self.step
        if step is not None and step.type == "text" and (
                action in ("reveal", "retry") or (action == "hint" and not step.hints)):
            return False  # a step that only tells asks nothing: no answer to show (a did nothing)
        if action == "next" and step is not None and step.type != "text" and not self.solved:
            # shown dimmed until the step is answered: "n next" on an unanswered
            # question only led to "answer this step first" (a walk)
            return None
        return True

    def answer(self, value: Any) -> None:
        """Judge an answer with the engine and record it (atomically)."""
        step = self.step
        if step is None or step.type == "text":
            return
        if self.solved:
            self.notify(_("tui.learn.already"), timeout=3)
            return
        if self.feedback is not None and not self.feedback[0] and _same_answer(self._answer, value):
            # the wrong answer just judged, sent again: it cost a try and
            # looked like nothing happened (the walk of 2026-12-03)
            self.notify(_("tui.learn.same_answer"), timeout=3)
            return
        verdict = judge(step, value)
        self.feedback = (verdict.correct, verdict)
        self._answer, self._feedback_lang = value, get_language()
        store = self.tutor.store
        answer_text = format_cards(value) if isinstance(value, list) else str(value)
        if verdict.correct:
            self.solved = True
            last = self.index == len(self.lesson.steps) - 1
            store.record_lesson_step(self.lesson.id, self.lesson.game, step=self.index, correct=True,
                                     answer=answer_text, done_steps=self.index + 1,
                                     finished=last, stars=stars_for(self.mistakes, self.hints_used))
        else:
            self.mistakes += 1
            self.tries += 1
            store.record_lesson_step(self.lesson.id, self.lesson.game, step=self.index, correct=False,
                                     answer=answer_text)
            if step.type == "choice" and isinstance(value, int) and self.query("#choices"):
                self.wrong_picks.add(value)
                choices = self.query_one("#choices", OptionList)
                at = choices.highlighted
                choices.disable_option(str(value))  # taken back
                # Textual moves the highlight off a disabled option; the walk of
                # 2026-12-04 then pressed ↓↓ from where it had been and answered
                # an option it did not mean.  It stays where it was (Enter does
                # nothing on a disabled option; ↑/↓ move from there).
                if at is not None:
                    choices.highlighted = at
            if self.tries >= max_tries(step) and not self.answer_shown:
                self.show_answer()
                return
        self._show_feedback()

    def action_hint(self) -> None:
        step = self.step
        if step is None or not step.hints:
            if step is not None:
                self.notify(_("tui.learn.no_hint"), timeout=3)
            return
        if self.hints_shown < len(step.hints):
            self.hints_shown += 1
            self.hints_used += 1
            self._show_feedback()
        elif not self.solved:
            self.show_answer()

    def action_reveal(self) -> None:
        """a: the answer and why, on request (costs a star like a hint)."""
        if self.step is not None and self.step.type != "text" and not self.solved and not self.answer_shown:
            self.show_answer()

    def show_answer(self) -> None:
        """The engine's own right answer, marked on screen, with its reason
        (the last hint, the last try, or a)."""
        step = self.step
        example = example_answer(step)
        if example is None:
            return
        self.hints_used += 1
        if step.type == "select" and self.query("#step-hand"):
            hand = self.query_one("#step-hand", HandView)
            hand.mark(example)
            hand.select_cards(example)  # as a choice is highlighted: Enter takes it
        elif step.type == "choice" and self.query("#choices"):
            self.query_one("#choices", OptionList).highlighted = int(example)
        self.answer_shown = True
        self._show_feedback()

    def action_retry(self) -> None:
        if self.step is not None and not self.solved:
            self.feedback = None
            self._show_feedback()
            if self.query("#step-hand"):
                self.query_one("#step-hand", HandView).action_clear()

    def action_next(self) -> None:
        step = self.step
        if step is None:
            return
        if step.type != "text" and not self.solved:
            self.notify(_("tui.learn.solve_first"), timeout=3)
            return
        self.refresh_bindings()  # the next step's keys (n dims again on a question)
        store = self.tutor.store
        if self.index + 1 < len(self.lesson.steps):
            if step.type == "text":
                store.advance_lesson(self.lesson.id, self.lesson.game, step=self.index + 1)
            self.index += 1
            self._reset_step()
            self.refresh_screen()
            return
        stars = stars_for(self.mistakes, self.hints_used)
        store.advance_lesson(self.lesson.id, self.lesson.game, step=len(self.lesson.steps),
                             finished=True, stars=stars)
        # said on the list itself, above the next lesson (the stars' key is
        # under the list); the list keeps your best run, and says so when
        # this one did less well (★★☆ here over ★★★ on the list, a walk)
        best = int(store.lesson(self.lesson.id).get("stars") or 0)
        self.done_note = _("tui.learn.finished", title=_(self.lesson.title), stars=star_text(stars))
        if best > stars:
            self.done_note += sentence_gap() + _("tui.learn.finished_best", stars=star_text(best))
        ids = [ls.id for ls in self.course()]
        at = ids.index(self.lesson.id) if self.lesson.id in ids else -1
        self.list_cursor = ids[min(at + 1, len(ids) - 1)] if ids else None
        self.lesson = None
        self.refresh_screen()

    def action_prev(self) -> None:
        if self.lesson is not None and self.index > 0:
            self.index -= 1
            self._reset_step()
            self.solved = self.step.type == "text"
            self.refresh_screen()

    def action_back(self) -> None:
        if self.lesson is not None:
            self.list_cursor = self.lesson.id
            self.lesson = None
            self.refresh_screen()
        else:
            self.tutor.action_go_home()
