"""Home: pick a game, see progress, continue where you left off."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from content.i18n import _
from tutor.rating import Glicko
from tutor.review import due_iso
from tutor.store import Store
from tutor.tui.base import TutorScreen, log, rating_label
from tutor.tui.models.games import COURSE, GAMES

ACTIVITIES = ("continue", "learn", "quiz", "play", "analyze", "rules", "settings")


def lesson_stats(store: Store, course: str) -> tuple[int, int, int] | None:
    """(done, total, stars) for a course, or None when a lesson file is broken
    (the Learn screen names the file; the home screen still works)."""
    # Imported here: the lesson files are read after the first paint (start-up time).
    from lessons.catalog import LessonFileError, course_list, load_lessons

    try:
        lessons = course_list(load_lessons(), course)  # what the Learn list shows
    except LessonFileError as err:
        log.warning("lesson file: %s", err)
        return None
    progress = store.lessons()
    done = sum(1 for ls in lessons if progress.get(ls.id, {}).get("done"))
    stars = sum(int(progress.get(ls.id, {}).get("stars", 0)) for ls in lessons)
    return done, len(lessons), stars


class HomeScreen(TutorScreen):
    TITLE_ID = "tui.home.title"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "activity('continue')", "tui.key.continue", id="home.continue", show=False),
        Binding("l", "activity('learn')", "tui.key.learn", id="home.learn"),
        Binding("q", "activity('quiz')", "tui.key.quiz", id="home.quiz"),
        Binding("p", "activity('play')", "tui.key.play", id="home.play"),
        Binding("a", "activity('analyze')", "tui.key.analyze", id="home.analyze"),
        Binding("r", "activity('rules')", "tui.key.rules", id="home.rules"),
        Binding("s", "activity('settings')", "tui.key.settings", id="home.settings"),
        Binding("1,2,3,4", "pick_game_key", show=False, id="home.game"),
    ]

    def compose(self) -> ComposeResult:
        yield Header(icon="♣")
        with Horizontal(id="home"):
            with Vertical(id="home-left"):
                yield Static(_("tui.home.games"), classes="heading")
                yield OptionList(*[Option(f"{i + 1} {_(f'tui.game.{g}')}", id=g)
                                   for i, g in enumerate(GAMES)], id="games")
                yield Static(_("tui.home.welcome"), id="welcome", classes="muted")
            with Vertical(id="home-right"):
                yield Static("", id="progress")
                yield OptionList(*[Option(_(f"tui.home.do.{a}"), id=a) for a in ACTIVITIES],
                                 id="activities")
        yield Footer()

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        games.highlighted = GAMES.index(self.tutor.game)
        self.query_one("#activities", OptionList).highlighted = 0
        games.focus()
        # Progress needs the lesson files: fill it in just after the first paint.
        self.set_timer(0.02, self.update_progress)

    def after_relabel(self) -> None:
        self.on_mount()

    def on_screen_resume(self) -> None:
        if self.query("#progress"):
            self.set_timer(0.02, self.update_progress)

    def update_progress(self) -> None:
        app = self.tutor
        game, store = app.game, app.store
        lines = [f"[b]{_(f'tui.game.{game}')}[/b]", _(f"tui.game.{game}.about"), ""]
        stats = lesson_stats(store, COURSE[game])
        if stats is None:
            lines.append(_("tui.home.lessons.none"))
        else:
            lines.append(_("tui.home.lessons", done=stats[0], total=stats[1], stars=stats[2]))
        row = store.rating(f"learner:{game}")
        me = Glicko(*row[:3]) if row else Glicko()
        lines.append(_("tui.home.rating", rating=rating_label(me),
                       streak=store.counter(f"streak:{game}"),
                       best=store.counter(f"best_streak:{game}")))
        lines.append(_("tui.home.reviews", due=len(store.due_reviews(game, due_iso())),
                       total=store.review_count(game)))
        last = store.setting("last_activity")
        if isinstance(last, dict) and last.get("screen"):
            title = None
            if last.get("lesson"):
                from lessons.catalog import LessonFileError, get_lesson  # after the first paint

                try:
                    lesson = get_lesson(str(last["lesson"]))
                except (KeyError, LessonFileError):  # a lesson that no longer exists
                    lesson = None
                if lesson is not None and not store.lesson(lesson.id).get("done"):
                    step = store.lesson(lesson.id).get("step", 0)
                    step = step if isinstance(step, int) else 0
                    title = _("tui.home.last_lesson", title=_(lesson.title),
                              step=min(step + 1, len(lesson.steps)), total=len(lesson.steps))
            lines.append(title or _("tui.home.last", activity=_(f"tui.home.do.{last['screen']}"),
                                    game=_(f"tui.game.{last.get('game', game)}")))
        for panel in self.query("#progress").results(Static):  # gone for a moment during a redraw
            panel.update("\n".join(lines))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "games" and event.option.id:
            self.tutor.set_game(event.option.id)
            self.set_timer(0.02, self.update_progress)  # never before the first paint

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "games" and event.option.id:
            self.tutor.set_game(event.option.id)
            self.update_progress()
            self.query_one("#activities", OptionList).focus()
        elif event.option_list.id == "activities" and event.option.id:
            self.action_activity(event.option.id)

    def action_pick_game_key(self) -> None:  # pragma: no cover - keys are routed below
        pass

    def on_key(self, event: Any) -> None:
        if event.key in ("1", "2", "3", "4"):
            game = GAMES[int(event.key) - 1]
            self.tutor.set_game(game)
            self.query_one("#games", OptionList).highlighted = GAMES.index(game)
            self.update_progress()
            event.stop()

    def action_activity(self, name: str) -> None:
        kwargs = {}
        if name == "continue":
            last = self.tutor.store.setting("last_activity")
            if isinstance(last, dict) and last.get("screen") in ("learn", "quiz", "play", "analyze"):
                if last.get("game"):
                    self.tutor.set_game(last["game"])
                name = last["screen"]
                if name == "learn" and last.get("lesson") and \
                        not self.tutor.store.lesson(str(last["lesson"])).get("done"):
                    kwargs["lesson_id"] = str(last["lesson"])  # straight back into the lesson
                # a finished one: the list, on the next lesson (a walk was
                # taken back into a finished lesson at step 1)
            else:
                name = "learn"
        self.tutor.open_screen(name, **kwargs)
