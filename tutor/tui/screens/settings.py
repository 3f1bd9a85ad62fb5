"""Settings: language (switches live), suit style, bot strength, rule options."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Header, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from content.i18n import LANGUAGES, _, get_language, rule_label
from solver.rules import preset
from tutor.tui.base import TutorScreen
from tutor.tui.models.games import BOT_LEVELS, SUIT_STYLES, Family, family

#: Boolean rule options offered per game (R-OPT), with the rule they change.
RULE_OPTIONS = (
    ("strict_tractor_follow", "R-FOLLOW"),
    ("partial_tractor_follow", "R-FOLLOW"),
    ("level_gap_bridges", "R-TRACTOR"),
    ("joker_level_tractor", "R-TRACTOR"),
)


class SettingsScreen(TutorScreen):
    TITLE_ID = "tui.settings.title"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.go_home", "tui.key.back", id="settings.back"),
    ]

    def compose(self) -> ComposeResult:
        app = self.tutor
        yield Header(icon="♣")
        with VerticalScroll(id="settings"):
            with Horizontal(classes="setting"):
                yield Label(_("tui.settings.language"), classes="setting-label")
                yield Select([(_(f"tui.language.{lang}"), lang) for lang in LANGUAGES],
                             value=get_language(), allow_blank=False, id="language", compact=True)
            with Horizontal(classes="setting"):
                yield Label(_("tui.settings.suits"), classes="setting-label")
                yield Select([(_(f"tui.suits.{s}"), s) for s in SUIT_STYLES], value=app.suit_style,
                             allow_blank=False, id="suits", compact=True)
            with Horizontal(classes="setting"):
                yield Label(_("tui.settings.bots"), classes="setting-label")
                yield Select([(_(f"tui.bots.{b}"), b) for b in BOT_LEVELS], value=app.bot_level,
                             allow_blank=False, id="bots", compact=True)
            with Horizontal(classes="setting"):
                yield Label(_("tui.settings.mode"), classes="setting-label")
                yield Select([(_("tui.mode.practice"), "practice"), (_("tui.mode.match"), "match")],
                             value="practice" if app.practice else "match", allow_blank=False, id="mode",
                             compact=True)
            yield Static(_("tui.settings.rules", game=app.game_name()), classes="heading")
            if family(app.game) == Family.YISHANG:
                yield Static(_("tui.settings.no_options"), classes="muted")
            else:
                yield OptionList(*self.option_items(), id="rule-options")
            yield Static(_("tui.settings.note"), classes="muted")
        yield Footer()

    def option_values(self) -> dict[str, bool]:
        app = self.tutor
        rules = preset(app.game if family(app.game) == Family.SHENGJI else "tractor")
        opts = app.rule_options()
        return {name: bool(opts.get(name, getattr(rules, name))) for name, _rid in RULE_OPTIONS}

    def option_items(self) -> list[Option]:
        values = self.option_values()
        # the rule by its name (English adds its R-ID), never a bare R-ID
        return [Option(Text(("[x] " if values[name] else "[ ] ")
                            + _(f"tui.option.{name}", rule=rule_label(rid))),
                       id=name) for name, rid in RULE_OPTIONS]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter or a click toggles a rule option (saved at once)."""
        if event.option_list.id != "rule-options" or not event.option.id:
            return
        name = event.option.id
        self.tutor.set_rule_option(self.tutor.game, name, not self.option_values()[name])
        index = event.option_index
        event.option_list.clear_options()
        event.option_list.add_options(self.option_items())
        event.option_list.highlighted = index

    def on_mount(self) -> None:
        self.query_one("#language", Select).focus()

    def after_relabel(self) -> None:
        self.query_one("#language", Select).focus()

    async def on_select_changed(self, event: Select.Changed) -> None:
        value: Any = event.value
        if event.select.id == "language" and value != get_language():
            await self.tutor.switch_language(str(value))
        elif event.select.id == "suits" and value != self.tutor.suit_style:
            await self.tutor.set_suit_style(str(value))
        elif event.select.id == "bots":
            self.tutor.set_bot_level(str(value))
        elif event.select.id == "mode":
            self.tutor.practice = value == "practice"
            self.tutor.store.set_setting("practice", self.tutor.practice)

