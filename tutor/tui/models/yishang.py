"""The 一上一下 table of the Play screen: you and three bots on the engine
of :mod:`solver.yishang` (its bots and its hints).

Your turn face up: play one card.  Face down: one card and the declared
rank.  When a bot plays face down and it is your turn to respond, you
challenge or let it stand.  In practice mode :meth:`YishangTable.undo`
takes back your last play and whatever followed it: the game is rebuilt
by the engine from its history cut before that play.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from content.i18n import _, with_rule
from solver.cards import Card
from solver.errors import SolverError
from solver.yishang.bots import Bot, HintBot, make_bot
from solver.yishang.calibration import TABLES
from solver.yishang.errors import YishangError
from solver.yishang.game import CHALLENGE, Game
from solver.yishang.ranks import HIGHEST, rank_name, yrank
from tutor.tui.models.table import Advice, HintJob

SEATS = ("tui.seat.you", "tui.seat.right", "tui.seat.across", "tui.seat.left")
#: The bots of seats 1-3 for each strength (names of :func:`solver.yishang.bots.make_bot`).
BOT_STYLES = TABLES
#: The challenge hint's sentence that leads on the Play screen: the advice
#: in plain words (the chance of a bluff against what a challenge needs).
ADVICE_PREFIX = "yishang.hint.challenge.plain_"
#: The log records that are moves (the cut, the deal and the end are not).
MOVES = ("up", "down", "challenge", "accept")


def who(player: int) -> str:
    return _(SEATS[player % 4])


def event_text(log: list[dict[str, Any]], i: int, label: Callable[[str], str]) -> str:
    """What record ``i`` of a game log says, in the current language
    (``label`` shows a card token)."""
    rec = log[i]
    op = rec.get("op")
    if op == "up":
        key = "tui.ys.up_drew" if rec.get("drew") and rec["player"] == 0 else \
              "tui.ys.up_draws" if rec.get("drew") else "tui.ys.up"
        return _(key, who=who(rec["player"]), card=label(rec["card"]),
                 drew=label(rec["drew"]) if rec.get("drew") else "")
    if op == "down":
        return _("tui.ys.down", who=who(rec["player"]), rank=rec.get("declared") or rank_name(3))
    if op == "challenge":
        key = "tui.ys.bluff" if rec["success"] else "tui.ys.truth"
        if rec["taker"] % 4 == 0:
            key += "_you"  # "You take the pile", not "You takes the pile"
        return _(key, who=who(rec["challenger"]), card=label(rec["revealed"]),
                 taker=who(rec["taker"]), n=rec["taken"])
    if op == "accept":  # the claim stands: the target is the declared rank of the last face-down play
        down: dict[str, Any] = next((r for r in reversed(log[:i]) if r.get("op") == "down"), {})
        return _("tui.ys.accept", rank=down.get("declared") or rank_name(3))
    if op == "end":
        return _("tui.ys.end", winners=", ".join(who(p) for p in rec["winners"]))
    return ""


def game_at(history: dict[str, Any], n: int) -> Game:
    """The game after the first ``n`` records of a saved log (replayed by the
    engine; an ``end`` record the last play produced comes with it)."""
    log = list(history.get("log") or [])
    if n < len(log) and log[n].get("op") == "end":
        n += 1
    return Game.from_history(dict(history, log=log[:n]))


def sorted_hand(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (yrank(c), c.suit))


class YishangTable:
    """Game state plus the bots' turns; the screen only shows and asks."""

    def __init__(self, seed: int | None = None, bots: str = "normal") -> None:
        self.seed: int = random.randrange(1 << 30) if seed is None else seed
        self.game = Game(4, self.seed)
        self.level = bots if bots in BOT_STYLES else "normal"
        self.bots: list[Bot | None] = [None] + [make_bot(n) for n in BOT_STYLES[self.level]]
        self.rng = random.Random(self.seed * 7919 + 17)
        #: Indexes of the log records told so far (moves and the end).
        self.told: list[int] = []
        self._seen_log = len(self.game.log)
        self.declared: int | None = None
        self.waiting_challenge = False
        self.practice = False
        self.advance()

    # -- engine loop ------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return bool(self.game.over)

    def moves(self) -> int:
        return len(self.game.log)

    def under_way(self) -> bool:
        """You have made a move (the cut and the deal are not moves): a new
        game now would give it up."""
        return any(r.get("op") in MOVES and 0 in (r.get("player"), r.get("challenger"))
                   for r in self.game.log)

    def has_progress(self) -> bool:
        return self.under_way()

    def replayable(self) -> bool:
        return True

    def _bot(self, seat: int) -> Bot:
        bot = self.bots[seat]
        assert bot is not None  # seats 1-3
        return bot

    def advance(self) -> None:
        """Bots act until you must play or answer a face-down claim."""
        g = self.game
        while not g.over:
            if g.phase == CHALLENGE:
                if self._resolve_claim():
                    break
                continue
            if g.turn == 0:
                break
            card, declared = self._bot(g.turn).choose_play(g, g.turn, self.rng)
            if g.face_up:
                g.play_up(card)
            else:
                g.play_down(card, declared)
            self._narrate()
        self._narrate()
        self.waiting_challenge = (not g.over and g.phase == CHALLENGE and g.claim is not None
                                  and g.claim.player != 0)
        if not g.over and g.phase != CHALLENGE and g.turn == 0:
            self.declared = g.target

    def _resolve_claim(self, start_after_you: bool = False) -> bool:
        """Ask the responders in order; True when it is your decision now."""
        g = self.game
        order = g.responders()
        if start_after_you and 0 in order:
            order = order[order.index(0) + 1:]
        for q in order:
            if q == 0:
                if not start_after_you:
                    self.waiting_challenge = True
                    return True
                continue
            if self._bot(q).wants_challenge(g, q, self.rng):
                g.challenge(q)
                self._narrate()
                return False
        g.accept()
        self._narrate()
        return False

    def _narrate(self) -> None:
        log = self.game.log
        for i in range(self._seen_log, len(log)):
            if log[i].get("op") in MOVES + ("end",):  # the cut and the deal are not told
                self.told.append(i)
        self._seen_log = len(log)

    def events(self, label: Callable[[str], str], last: int = 4, most: int = 7) -> list[str]:
        """The moves told since your last play (it included), at least the
        last ``last`` and at most ``most``, in the current language: one play
        of yours can set off six of the bots', and with only the last four
        your own result was gone (the learner walk of 2026-12-03)."""
        log = self.game.log
        told = self.told
        mine = [k for k, i in enumerate(told) if log[i].get("op") in ("up", "down")
                and log[i].get("player") == 0]
        start = len(told) - last
        if mine:
            start = min(start, mine[-1])
        start = max(start, len(told) - most, 0)
        return [event_text(log, i, label) for i in told[start:]]

    # -- practice: undo (the engine replays its history minus the trailing actions) ------

    def _last_own_play(self) -> int | None:
        for i in range(len(self.game.log) - 1, -1, -1):
            rec = self.game.log[i]
            if rec.get("op") in ("up", "down") and rec.get("player") == 0:
                return i
        return None

    def can_undo(self) -> bool:
        return self._last_own_play() is not None

    def undo(self) -> bool:
        """Take back your last play and everything after it (the bots' moves, a
        challenge): the game is rebuilt from its history up to that play."""
        i = self._last_own_play()
        if i is None:
            return False
        self.game = Game.from_history(dict(self.game.to_history(), log=self.game.log[:i]))
        self.told = []
        self._seen_log = 0
        self._narrate()
        self.waiting_challenge = False
        self.advance()
        return True

    # -- your moves ----------------------------------------------------------------------

    def change_declared(self, delta: int) -> bool:
        """Move the rank you will declare by ``delta``; False at the lowest
        rank (3) or the highest (2), where it cannot move that way."""
        if self.declared is None:
            self.declared = self.game.target
        before = self.declared
        self.declared = max(3, min(HIGHEST, self.declared + delta))
        return self.declared != before

    def play(self, cards: list[Card]) -> str | None:
        """Play one card (face as the game requires); an error text or None."""
        g = self.game
        if g.over:
            return None
        if self.waiting_challenge:
            return _("tui.ys.answer_first")
        if not cards:  # nothing selected: "select only one" would be wrong advice
            return _("tui.ys.no_card")
        if len(cards) > 1:
            return _("tui.ys.one_card")
        try:
            if g.face_up:
                g.play_up(cards[0], 0)
            else:
                g.play_down(cards[0], self.declared, 0)
        except YishangError as err:
            reason, rule = _(err.code, **err.params), err.params.get("rule")
            return with_rule("tui.play.illegal", rule, reason=reason) if rule else reason
        self._narrate()
        self.advance()
        return None

    def respond(self, challenge: bool) -> None:
        g = self.game
        if not self.waiting_challenge:
            return
        self.waiting_challenge = False
        if challenge:
            g.challenge(0)
            self._narrate()
        else:
            self._resolve_claim(start_after_you=True)
        self.advance()

    def hint_job(self) -> HintJob | None:
        """The hint engine's advice for your decision (which card and what to
        declare, or challenge or not), computed on a copy of the game."""
        if self.done:
            return None
        snapshot = copy.deepcopy(self.game)
        # The same engine as the hint bot of the bench (solver.yishang.bots):
        # its weights and its reads of the table, its cheapest choice; a
        # claim's chance of a bluff is the one calibrated for this level of
        # table (solver.yishang.calibration), told and weighed.
        adviser = HintBot(temperature=0, table=self.level)
        if self.waiting_challenge:
            def claim() -> Advice:
                h = adviser.claim_advice(snapshot, 0)
                # every part of the expected cost is told (the seat's too), so
                # that the parts the learner reads add up to the cost told
                reasons = tuple((e.msgid, e.params) for e in h.explanation)
                # what to do first and why in plain words, then the count and
                # the parts, their sum last (the walk of 2026-12-03 read six
                # sentences before the advice; that of 2026-12-04 read the
                # advice as a formula)
                advice = tuple(r for r in reasons if r[0].startswith(ADVICE_PREFIX))
                reasons = advice + tuple(r for r in reasons if not r[0].startswith(ADVICE_PREFIX))
                return Advice((), "" if reasons else f"tui.ys.advice.{h.advice}", reasons)
            return claim
        if snapshot.turn != 0:
            return None

        def play() -> Advice:
            h = adviser.play_advice(snapshot, 0)
            reasons = tuple((e.msgid, e.params) for e in h.explanation)
            declared = None if h.face_up else h.declared
            named = tuple(r for r in reasons if "card" in r[1])
            if named:  # a reason already says which card and how: "Hint:", that reason first
                rest = tuple(r for r in reasons if "card" not in r[1])
                return Advice((h.card,), "tui.ys.hint", named + rest, {}, declared)
            if h.face_up:
                return Advice((h.card,), "tui.ys.hint_up", reasons)
            return Advice((h.card,), "tui.ys.hint_down", reasons,
                          {"rank": rank_name(h.declared) if h.declared else "3"}, declared)
        return play

    def take_advice(self, advice: Advice) -> None:
        """A face-down hint also sets the rank to declare."""
        if advice.declared is not None:
            self.declared = advice.declared

    # -- what the screen shows -------------------------------------------------------------

    def prompt(self) -> str:
        g = self.game
        if g.over:
            return _("tui.ys.over")
        if self.waiting_challenge and g.claim is not None:
            return _("tui.ys.prompt_challenge", who=who(g.claim.player), rank=rank_name(g.claim.declared))
        if g.face_up:
            return _("tui.ys.prompt_up", target=rank_name(g.target))
        return _("tui.ys.prompt_down", rank=rank_name(self.declared or g.target))

    def my_cards(self) -> list[Card]:
        return sorted_hand(self.game.hand(0))

    def history(self) -> dict[str, Any]:
        return self.game.to_history()

    # -- kept to resume after a restart (issue 15) -------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The table to resume later (JSON): the game's history (the engine
        replays it), the bots' dice, the rank you were about to declare and
        whether a face-down claim waits for your answer."""
        rng = self.rng.getstate()
        return {"game": "yishang", "seed": self.seed, "practice": self.practice,
                "history": self.game.to_history(), "declared": self.declared,
                "waiting_challenge": self.waiting_challenge, "rng": [rng[0], list(rng[1]), rng[2]]}

    @classmethod
    def restore(cls, snap: Any, *, bots: str = "normal") -> YishangTable:
        """A table from :meth:`snapshot`, the game replayed and checked by the
        engine (:meth:`Game.from_history`); ValueError when it cannot be used."""
        try:
            t = cls.__new__(cls)
            t.seed = int(snap["seed"])
            t.game = Game.from_history(snap["history"])
            t.level = bots if bots in BOT_STYLES else "normal"
            t.bots = [None] + [make_bot(n) for n in BOT_STYLES[t.level]]
            t.rng = random.Random()
            r = snap["rng"]
            t.rng.setstate((int(r[0]), tuple(int(x) for x in r[1]), r[2]))
            declared = snap.get("declared")
            t.declared = None if declared is None else max(3, min(HIGHEST, int(declared)))
            t.practice = bool(snap.get("practice", False))
            t.told, t._seen_log = [], 0
            t._narrate()
            g = t.game
            t.waiting_challenge = (bool(snap.get("waiting_challenge")) and not g.over and g.phase == CHALLENGE
                                   and g.claim is not None and g.claim.player != 0)
        except (KeyError, TypeError, ValueError, IndexError, SolverError) as err:
            raise ValueError(str(err)) from None
        if not t.waiting_challenge:
            t.advance()  # a snapshot always waits for you; this only guards an odd file
        return t
