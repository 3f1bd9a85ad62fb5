"""The progress store: one SQLite file in the user's data directory.

No Textual import here (the engine/UI split of harlequin): the store is
used by the TUI and can be tested on its own.

* Location: ``$SHENGJI_TUTOR_HOME/progress.db`` or the platform's user data
  directory (platformdirs).
* Schema versioned with ``PRAGMA user_version`` and forward migrations
  (:data:`MIGRATIONS`); opening an older file upgrades it in one transaction.
* Every answer is committed in its own transaction together with the
  progress it changes (WAL journal), so killing the app loses at most the
  answer in flight.
* Opening checks the file (``PRAGMA quick_check``) and migrates it inside
  one write transaction with a busy timeout; processes starting together
  take turns (:class:`_Locks`).  Only a real integrity failure moves the
  file aside (to ``progress.db.corrupt-<time>``, then a fresh one starts),
  and only when no other store has it open; a lock held too long, a race
  or a read-only disk never does.  ``notice`` then holds a message id and
  parameters the UI shows.  Never a crash: when the file cannot be used,
  the store lives in memory for this run and ``notice`` says so.
* Settings read back are checked (:data:`SETTING_TYPES`, rule options
  through :func:`checks.inputs.clean_options`): a bad stored value reads as
  the default.

>>> s = Store.memory()
>>> s.set_setting("suit_style", "letters"); s.setting("suit_style")
'letters'
>>> s.record_lesson_step("henan.basics", "henan", step=0, correct=False, answer="5H")
>>> s.record_lesson_step("henan.basics", "henan", step=0, correct=True, answer="5H 5H", done_steps=1)
>>> s.lesson("henan.basics")["step"], s.lesson("henan.basics")["mistakes"]
(1, 1)
"""

from __future__ import annotations

import errno
import functools
import json
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from content.i18n import _, join_list, os_reason

if os.name == "posix":
    import fcntl
else:  # pragma: no cover - no advisory locks: a damaged file is never moved aside
    fcntl = None

DB_NAME = "progress.db"
APP_NAME = "shengji-tutor"

# Each entry upgrades the schema from version i to i+1 (index i).
MIGRATIONS: list[list[str]] = [
    # 0 → 1: settings, answers, lesson progress, ratings, reviews.
    [
        "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        """CREATE TABLE answers (
               id INTEGER PRIMARY KEY AUTOINCREMENT,
               ts REAL NOT NULL, kind TEXT NOT NULL, item TEXT NOT NULL,
               game TEXT NOT NULL, correct INTEGER NOT NULL, answer TEXT NOT NULL)""",
        "CREATE INDEX answers_item ON answers(kind, item)",
        """CREATE TABLE lessons (
               lesson_id TEXT PRIMARY KEY, game TEXT NOT NULL,
               step INTEGER NOT NULL DEFAULT 0, done INTEGER NOT NULL DEFAULT 0,
               stars INTEGER NOT NULL DEFAULT 0, mistakes INTEGER NOT NULL DEFAULT 0,
               hints INTEGER NOT NULL DEFAULT 0, updated REAL NOT NULL)""",
        """CREATE TABLE ratings (
               subject TEXT PRIMARY KEY, rating REAL NOT NULL, rd REAL NOT NULL,
               vol REAL NOT NULL, games INTEGER NOT NULL DEFAULT 0)""",
        """CREATE TABLE reviews (
               item TEXT PRIMARY KEY, game TEXT NOT NULL, card TEXT NOT NULL,
               due TEXT NOT NULL)""",
    ],
    # 1 → 2: hints used per answer; saved hands; per-game counters (streaks).
    [
        "ALTER TABLE answers ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",
        """CREATE TABLE hands (
               id INTEGER PRIMARY KEY AUTOINCREMENT, ts REAL NOT NULL,
               game TEXT NOT NULL, history TEXT NOT NULL)""",
        "CREATE TABLE counters (key TEXT PRIMARY KEY, value INTEGER NOT NULL)",
    ],
]
SCHEMA_VERSION = len(MIGRATIONS)
#: The type each known setting must have when read back (``options:<game>``
#: is checked entry by entry, see :meth:`Store.setting`).
SETTING_TYPES: dict[str, type] = {
    "language": str, "game": str, "suit_style": str, "bot_level": str, "practice": bool,
    "last_activity": dict, "last_lesson": str,
}
#: Seconds a store waits for another process's write lock before giving up.
BUSY_TIMEOUT = 10.0


def data_home() -> Path:
    """``SHENGJI_TUTOR_HOME`` or the platform's user data directory."""
    env = os.environ.get("SHENGJI_TUTOR_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


F = TypeVar("F", bound=Callable[..., Any])


def _writes(method: F) -> F:
    """A write the disk refuses (full, read-only, locked too long) is rolled
    back and reported in ``store.write_error`` instead of crashing the app."""

    @functools.wraps(method)
    def wrapper(self: Store, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as err:
            self.write_error = ("tui.store.write_failed", {"detail": sql_reason(err)})
            return None

    return wrapper  # type: ignore[return-value]


class Store:
    """Progress, settings, ratings, review cards and saved hands."""

    def __init__(self, path: Path | str | None) -> None:
        self.path = Path(path) if path is not None else None
        #: (msgid, params) for the UI when something had to be repaired.
        self.notice: tuple[str, dict[str, str]] | None = None
        #: (msgid, params) of the last write that failed (the UI shows it once).
        self.write_error: tuple[str, dict[str, str]] | None = None
        self._lock: _Locks | None = None
        self.conn = self._open()

    # -- opening -----------------------------------------------------------

    @classmethod
    def open_default(cls) -> Store:
        return cls(data_home() / DB_NAME)

    @classmethod
    def memory(cls) -> Store:
        return cls(None)

    def _connect(self, target: str) -> sqlite3.Connection:
        conn = sqlite3.connect(target, isolation_level=None, check_same_thread=False,
                               timeout=BUSY_TIMEOUT)
        conn.row_factory = sqlite3.Row
        return conn

    def _in_memory(self, msgid: str, **params: str) -> sqlite3.Connection:
        """Give up on the file for this run: progress lives in memory, the UI
        says why.  When the file cannot be written but can be read, what it
        holds is copied into memory first, so the learner still sees their
        progress (only this run's changes are not kept)."""
        self.notice = (msgid, {"path": str(self.path), **params})
        path, self.path = self.path, None
        if self._lock is not None:
            self._lock.close()
            self._lock = None
        if msgid == "tui.store.unwritable" and path is not None:
            copy = self._connect(":memory:")
            if _read_into(path, copy):
                self.notice = ("tui.store.read_only", {"path": str(path)})
                return copy
            _close(copy)  # a half-made copy is not used
        conn = self._connect(":memory:")
        self._migrate(conn)
        return conn

    def _open(self) -> sqlite3.Connection:
        if self.path is None:
            conn = self._connect(":memory:")
            self._migrate(conn)
            return conn
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._lock = _Locks(self.path)
        except OSError as err:
            return self._in_memory("tui.store.unwritable", detail=_os_detail(err))
        gated = self._lock.gate()
        try:
            blocked = self._read_only_files()
            if blocked:
                # open read-only, a write would fail at every step (a toast
                # each time, "the disk is read-only"): say once which files,
                # and show the progress they hold
                conn = self._in_memory("tui.store.unwritable", detail=os_reason(errno.EACCES))
                if self.notice and self.notice[0] == "tui.store.read_only":
                    self.notice = ("tui.store.read_only_files", {"files": join_list(blocked)})
                return conn
            return self._open_file(gated)
        finally:
            if self._lock is not None:
                self._lock.ungate()

    def _read_only_files(self) -> list[str]:
        """The progress file and its journal files (``-wal``, ``-shm``) that
        exist and cannot be written.  SQLite makes the journal files with the
        progress file's mode: once a read-only progress file is made
        writable again, they stay read-only and keep every write out, so
        they are given the progress file's mode back (ours to change: we
        made them)."""
        assert self.path is not None
        files = [self.path] + [self.path.with_name(self.path.name + s) for s in ("-wal", "-shm")]
        try:
            mode = stat.S_IMODE(self.path.stat().st_mode)
        except OSError:  # not there yet (a new home), or not a file we can see
            return []
        if mode & stat.S_IWUSR and os.access(self.path, os.W_OK):
            for side in files[1:]:
                try:  # another copy of the tutor may close (and remove) it meanwhile
                    if not stat.S_IMODE(side.stat().st_mode) & stat.S_IWUSR:
                        os.chmod(side, mode)
                except OSError:
                    pass
        return [str(f) for f in files if f.is_file() and not os.access(f, os.W_OK)]

    def _open_file(self, gated: bool) -> sqlite3.Connection:
        """Open, check and migrate the file.  Only a failed integrity check
        (or a file that is not a database at all) counts as damage; a lock
        held too long, a race or a read-only disk never moves the file."""
        assert self.path is not None and self._lock is not None
        conn: sqlite3.Connection | None = None
        try:
            conn = self._connect(str(self.path))
            conn.execute("PRAGMA journal_mode=WAL")
            row = conn.execute("PRAGMA quick_check").fetchone()
            if row is None or row[0] != "ok":
                raise _Damaged(str(row[0]) if row else "quick_check")
            self._migrate(conn)
            _check_tables(conn)
            conn.execute("PRAGMA synchronous=NORMAL")
            self._lock.share()
            return conn
        except _NewerSchema as err:
            _close(conn)
            return self._repair(gated, "newer", version=str(err.version))
        except _Damaged as err:
            _close(conn)
            return self._repair(gated, "corrupt", detail=str(err))
        except sqlite3.Error as err:
            _close(conn)
            if _damaged(err):
                return self._repair(gated, "corrupt", detail=str(err))
            if _busy(err):
                return self._in_memory("tui.store.busy", detail=sql_reason(err))
            return self._in_memory("tui.store.unwritable", detail=sql_reason(err))
        except OSError as err:
            _close(conn)
            return self._in_memory("tui.store.unwritable", detail=_os_detail(err))

    def _repair(self, gated: bool, why: str, **params: str) -> sqlite3.Connection:
        """Move a damaged (or newer) file aside and start a fresh one, but
        only when no other store has it open (we hold its lock alone)."""
        assert self.path is not None and self._lock is not None
        if not gated or not self._lock.alone():
            return self._in_memory(f"tui.store.{why}_in_use", **params)
        try:
            backup = self._move_aside(why)
            conn = self._connect(str(self.path))
            conn.execute("PRAGMA journal_mode=WAL")
            self._migrate(conn)
            conn.execute("PRAGMA synchronous=NORMAL")
        except (sqlite3.Error, OSError) as err:
            detail = _os_detail(err) if isinstance(err, OSError) else sql_reason(err)
            return self._in_memory("tui.store.unwritable", detail=detail)
        self._lock.share()
        self.notice = (f"tui.store.{why}", {"backup": str(backup), **params})
        return conn

    def _move_aside(self, why: str) -> Path:
        assert self.path is not None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        backup = self.path.with_name(f"{self.path.name}.{why}-{stamp}")
        n = 1
        while backup.exists():
            backup = self.path.with_name(f"{self.path.name}.{why}-{stamp}-{n}")
            n += 1
        if self.path.exists():
            os.replace(self.path, backup)
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                os.replace(side, str(backup) + suffix)
        return backup

    @staticmethod
    def _migrate(conn: sqlite3.Connection) -> None:
        """Upgrade to :data:`SCHEMA_VERSION` inside one write transaction:
        the version is read after the write lock is taken, so of two
        processes opening the same old file only the first migrates."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise _NewerSchema(version)
            for step in MIGRATIONS[version:]:
                for sql in step:
                    try:
                        conn.execute(sql)
                    except sqlite3.Error as err:
                        if err.sqlite_errorcode & 0xFF == 1:  # SQLITE_ERROR: not our tables
                            raise _Damaged(str(err)) from None
                        raise
            if version < SCHEMA_VERSION:
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            _rollback(conn)
            raise

    @property
    def version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        _close(self.conn)
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic write: everything inside commits together or not at all."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self._rollback()
            raise
        self.conn.execute("COMMIT")

    def _rollback(self) -> None:
        _rollback(self.conn)

    # -- settings ------------------------------------------------------------

    def setting(self, key: str, default: Any = None) -> Any:
        """The stored value, checked: a value of the wrong type (edited by
        hand, written by another version) reads as ``default``; stored rule
        options keep only their valid entries."""
        row = self.conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        if row is None:
            return default
        try:
            from checks.inputs import loads

            value = loads(str(row[0]), key)
        except ValueError:
            return default
        if key.startswith("options:"):
            from checks.inputs import clean_options

            return clean_options(key.partition(":")[2], value) if isinstance(value, dict) else default
        expected = SETTING_TYPES.get(key)
        if expected is not None and (not isinstance(value, expected)
                                     or (expected is not bool and isinstance(value, bool))):
            return default
        return value

    @_writes
    def set_setting(self, key: str, value: Any) -> None:
        with self.transaction() as c:
            c.execute("INSERT INTO settings(key, value) VALUES(?, ?) "
                      "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                      (key, json.dumps(value, ensure_ascii=False)))

    # -- answers and lessons ---------------------------------------------------

    def _answer(self, c: sqlite3.Connection, kind: str, item: str, game: str, correct: bool,
                answer: str, hints: int) -> None:
        c.execute("INSERT INTO answers(ts, kind, item, game, correct, answer, hints) "
                  "VALUES(?, ?, ?, ?, ?, ?, ?)",
                  (time.time(), kind, item, game, int(correct), answer, hints))

    @_writes
    def record_lesson_step(self, lesson_id: str, game: str, *, step: int, correct: bool,
                           answer: str, done_steps: int | None = None, hints: int = 0,
                           finished: bool = False, stars: int | None = None) -> None:
        """Record one answer to a lesson step and, with it, the lesson's
        progress (``done_steps`` = the step to resume at), in one transaction."""
        with self.transaction() as c:
            self._answer(c, "lesson", f"{lesson_id}#{step}", game, correct, answer, hints)
            self._touch_lesson(c, lesson_id, game)
            if not correct:
                c.execute("UPDATE lessons SET mistakes = mistakes + 1 WHERE lesson_id = ?", (lesson_id,))
            if hints:
                c.execute("UPDATE lessons SET hints = hints + ? WHERE lesson_id = ?", (hints, lesson_id))
            if done_steps is not None:
                c.execute("UPDATE lessons SET step = MAX(step, ?), updated = ? WHERE lesson_id = ?",
                          (done_steps, time.time(), lesson_id))
            if finished:
                c.execute("UPDATE lessons SET done = 1, stars = MAX(stars, ?) WHERE lesson_id = ?",
                          (stars or 0, lesson_id))
            c.execute("INSERT INTO settings(key, value) VALUES('last_lesson', ?) "
                      "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                      (json.dumps(lesson_id),))

    @_writes
    def advance_lesson(self, lesson_id: str, game: str, *, step: int,
                       finished: bool = False, stars: int = 0) -> None:
        """Progress without an answer (reading a text step)."""
        with self.transaction() as c:
            self._touch_lesson(c, lesson_id, game)
            c.execute("UPDATE lessons SET step = MAX(step, ?), updated = ? WHERE lesson_id = ?",
                      (step, time.time(), lesson_id))
            if finished:
                c.execute("UPDATE lessons SET done = 1, stars = MAX(stars, ?) WHERE lesson_id = ?",
                          (stars, lesson_id))
            c.execute("INSERT INTO settings(key, value) VALUES('last_lesson', ?) "
                      "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                      (json.dumps(lesson_id),))

    @_writes
    def restart_lesson(self, lesson_id: str) -> None:
        with self.transaction() as c:
            c.execute("UPDATE lessons SET step = 0, mistakes = 0, hints = 0 WHERE lesson_id = ?",
                      (lesson_id,))

    @staticmethod
    def _touch_lesson(c: sqlite3.Connection, lesson_id: str, game: str) -> None:
        c.execute("INSERT OR IGNORE INTO lessons(lesson_id, game, updated) VALUES(?, ?, ?)",
                  (lesson_id, game, time.time()))

    def lesson(self, lesson_id: str) -> dict[str, Any]:
        row = self.conn.execute("SELECT * FROM lessons WHERE lesson_id = ?", (lesson_id,)).fetchone()
        if row is None:
            return {"lesson_id": lesson_id, "step": 0, "done": 0, "stars": 0, "mistakes": 0, "hints": 0}
        return dict(row)

    def lessons(self, game: str | None = None) -> dict[str, dict[str, Any]]:
        if game is None:
            rows = self.conn.execute("SELECT * FROM lessons").fetchall()
        else:
            rows = self.conn.execute("SELECT * FROM lessons WHERE game = ?", (game,)).fetchall()
        return {r["lesson_id"]: dict(r) for r in rows}

    def answers(self, kind: str | None = None) -> list[dict[str, Any]]:
        if kind is None:
            rows = self.conn.execute("SELECT * FROM answers ORDER BY id").fetchall()
        else:
            rows = self.conn.execute("SELECT * FROM answers WHERE kind = ? ORDER BY id", (kind,)).fetchall()
        return [dict(r) for r in rows]

    # -- quiz: ratings, streaks, reviews ------------------------------------

    def rating(self, subject: str) -> tuple[float, float, float, int] | None:
        row = self.conn.execute("SELECT rating, rd, vol, games FROM ratings WHERE subject = ?",
                                (subject,)).fetchone()
        return None if row is None else (row[0], row[1], row[2], row[3])

    def counter(self, key: str) -> int:
        row = self.conn.execute("SELECT value FROM counters WHERE key = ?", (key,)).fetchone()
        return 0 if row is None else int(row[0])

    @_writes
    def record_puzzle(self, puzzle_id: str, game: str, *, correct: bool, answer: str,
                      learner: tuple[float, float, float], puzzle: tuple[float, float, float],
                      review: tuple[str, str] | None, first_try: bool = True, hints: int = 0) -> None:
        """One puzzle answer with everything it changes, atomically: the
        answer row, both ratings (only on the first try), the streak, and
        the review card (``review`` = (card json, due iso) or None to keep).
        The caller computed the new values: use :meth:`answer_puzzle` when
        they depend on what is stored (another instance may write between)."""
        with self.transaction() as c:
            self._puzzle_rows(c, puzzle_id, game, correct, answer, learner, puzzle, review,
                              first_try, hints)

    @_writes
    def answer_puzzle(self, puzzle_id: str, game: str, *, correct: bool, answer: str,
                      puzzle_rating: float, first_try: bool = True, hints: int = 0) -> None:
        """Record a puzzle answer, reading the learner's and the puzzle's
        ratings and the review card inside the same write transaction that
        stores their new values, so two instances never lose an update.
        A first answer moves both ratings (a right answer after a hint
        counts as a miss) and the review schedule."""
        from tutor import review as reviews
        from tutor.rating import Glicko, play

        with self.transaction() as c:
            mine = _rating_row(c, f"learner:{game}")
            theirs = _rating_row(c, f"puzzle:{puzzle_id}")
            me = Glicko(*mine) if mine else Glicko()
            pr = Glicko(*theirs) if theirs else Glicko(float(puzzle_rating), 100.0, 0.06)
            card = None
            if first_try:
                me, pr = play(me, pr, correct and not hints)
                row = c.execute("SELECT card FROM reviews WHERE item = ?", (puzzle_id,)).fetchone()
                card = reviews.schedule(None if row is None else str(row[0]), correct, hints)
            self._puzzle_rows(c, puzzle_id, game, correct, answer, me.as_tuple(), pr.as_tuple(),
                              card, first_try, hints)

    def _puzzle_rows(self, c: sqlite3.Connection, puzzle_id: str, game: str, correct: bool,
                     answer: str, learner: tuple[float, float, float],
                     puzzle: tuple[float, float, float], review: tuple[str, str] | None,
                     first_try: bool, hints: int) -> None:
        self._answer(c, "puzzle", puzzle_id, game, correct, answer, hints)
        if first_try:
            for subject, (r, rd, vol) in ((f"learner:{game}", learner), (f"puzzle:{puzzle_id}", puzzle)):
                c.execute("INSERT INTO ratings(subject, rating, rd, vol, games) VALUES(?, ?, ?, ?, 1) "
                          "ON CONFLICT(subject) DO UPDATE SET rating = excluded.rating, "
                          "rd = excluded.rd, vol = excluded.vol, games = games + 1",
                          (subject, r, rd, vol))
        streak_key, best_key = f"streak:{game}", f"best_streak:{game}"
        # The streak counts puzzles solved at the first try without a hint:
        # a hinted answer counts as a miss for the rating, and the walk of
        # 2026-12-04 read "counts as missed" beside a streak that went up.
        # It neither extends the streak nor breaks it.
        if correct and first_try and not hints:
            c.execute("INSERT INTO counters(key, value) VALUES(?, 1) "
                      "ON CONFLICT(key) DO UPDATE SET value = value + 1", (streak_key,))
            c.execute("INSERT INTO counters(key, value) VALUES(?, "
                      "(SELECT value FROM counters WHERE key = ?)) ON CONFLICT(key) DO UPDATE "
                      "SET value = MAX(value, excluded.value)", (best_key, streak_key))
        elif not correct:
            c.execute("INSERT INTO counters(key, value) VALUES(?, 0) "
                      "ON CONFLICT(key) DO UPDATE SET value = 0", (streak_key,))
        if review is not None:
            c.execute("INSERT INTO reviews(item, game, card, due) VALUES(?, ?, ?, ?) "
                      "ON CONFLICT(item) DO UPDATE SET card = excluded.card, due = excluded.due",
                      (puzzle_id, game, review[0], review[1]))

    @_writes
    def add_review(self, item: str, game: str, card: str, due: str) -> bool:
        """Queue a new review item (a personal puzzle) unless it is queued
        already; True when added."""
        with self.transaction() as c:
            cur = c.execute("INSERT OR IGNORE INTO reviews(item, game, card, due) VALUES(?, ?, ?, ?)",
                            (item, game, card, due))
            return cur.rowcount > 0

    def hand(self, hand_id: int) -> dict[str, Any] | None:
        """One saved hand (``hands()`` entry) by id."""
        row = self.conn.execute("SELECT id, ts, game, history FROM hands WHERE id = ?",
                                (hand_id,)).fetchone()
        if row is None:
            return None
        try:
            hist = json.loads(row["history"])
        except ValueError:
            return None
        return {"id": row["id"], "ts": row["ts"], "game": row["game"], "history": hist}

    def review_card(self, item: str) -> str | None:
        row = self.conn.execute("SELECT card FROM reviews WHERE item = ?", (item,)).fetchone()
        return None if row is None else str(row[0])

    def due_reviews(self, game: str, now_iso: str) -> list[str]:
        rows = self.conn.execute("SELECT item FROM reviews WHERE game = ? AND due <= ? ORDER BY due",
                                 (game, now_iso)).fetchall()
        return [r[0] for r in rows]

    def review_count(self, game: str) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM reviews WHERE game = ?", (game,)).fetchone()[0])

    # -- saved hands ------------------------------------------------------------

    @_writes
    def save_hand(self, game: str, history: dict[str, Any]) -> int:
        with self.transaction() as c:
            cur = c.execute("INSERT INTO hands(ts, game, history) VALUES(?, ?, ?)",
                            (time.time(), game, json.dumps(history, ensure_ascii=False)))
            return int(cur.lastrowid or 0)

    def hand_count(self, game: str) -> int:
        """How many hands of ``game`` are saved, readable or not (a record
        that no longer reads is not listed by :meth:`hands`)."""
        row = self.conn.execute("SELECT COUNT(*) FROM hands WHERE game = ?", (game,)).fetchone()
        return int(row[0]) if row else 0

    def hands(self, game: str | None = None) -> list[dict[str, Any]]:
        sql = "SELECT id, ts, game, history FROM hands"
        rows = (self.conn.execute(sql + " WHERE game = ? ORDER BY id DESC", (game,)) if game
                else self.conn.execute(sql + " ORDER BY id DESC")).fetchall()
        out = []
        for r in rows:
            try:
                hist = json.loads(r["history"])
            except ValueError:
                continue
            out.append({"id": r["id"], "ts": r["ts"], "game": r["game"], "history": hist})
        return out


def _rating_row(c: sqlite3.Connection, subject: str) -> tuple[float, float, float] | None:
    row = c.execute("SELECT rating, rd, vol FROM ratings WHERE subject = ?", (subject,)).fetchone()
    return None if row is None else (float(row[0]), float(row[1]), float(row[2]))


class _Damaged(Exception):
    """PRAGMA quick_check found the file damaged."""


@functools.cache
def _expected_tables() -> dict[str, frozenset[str]]:
    """Each table of :data:`SCHEMA_VERSION` with its columns."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        Store._migrate(conn)
        return _tables(conn)
    finally:
        conn.close()


def _tables(conn: sqlite3.Connection) -> dict[str, frozenset[str]]:
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    return {n: frozenset(r[1] for r in conn.execute(f'PRAGMA table_info("{n}")')) for n in names}


def _check_tables(conn: sqlite3.Connection) -> None:
    """A file at the current version lacking a table or column it should
    have is not a progress file the tutor can use (another program's, or
    edited by hand): it counts as damaged and is moved aside, not read
    until a query fails."""
    have = _tables(conn)
    for name, columns in _expected_tables().items():
        missing = columns - have.get(name, frozenset())
        if missing:
            raise _Damaged(f"{name}: {', '.join(sorted(missing))}")


def _read_into(path: Path, conn: sqlite3.Connection) -> bool:
    """Copy the progress file at ``path`` (opened read-only) into ``conn``
    and bring it to the current schema; False (``conn`` then unusable) when
    it cannot be read, is damaged, newer, or not a progress file."""
    if not path.is_file():
        return False
    for query in ("mode=ro", "mode=ro&immutable=1"):
        src: sqlite3.Connection | None = None
        try:
            src = sqlite3.connect(f"{path.resolve().as_uri()}?{query}", uri=True,
                                  isolation_level=None, timeout=1.0)
            row = src.execute("PRAGMA quick_check").fetchone()
            if row is None or row[0] != "ok":
                return False
            src.backup(conn)
            Store._migrate(conn)
            _check_tables(conn)
            return True
        except (sqlite3.Error, _Damaged, _NewerSchema, OSError):
            continue
        finally:
            _close(src)
    return False


def sql_reason(err: sqlite3.Error) -> str:
    """Why SQLite refused, in the learner's language (the words an
    ``OSError`` of the same cause gets); SQLite's own English only for a
    cause without words of its own, marked as the system's."""
    code = (getattr(err, "sqlite_errorcode", None) or 0) & 0xFF
    if code == 8:  # SQLITE_READONLY: a read-only file as often as a read-only disk
        return _("error.sql.read_only")
    as_os = {3: errno.EACCES, 13: errno.ENOSPC, 14: errno.EACCES,
             23: errno.EACCES}.get(code)
    if as_os is not None:
        return os_reason(as_os)
    return _("error.os.other", detail=str(err))


def _damaged(err: sqlite3.Error) -> bool:
    """SQLITE_CORRUPT or SQLITE_NOTADB: the file itself is bad (not a lock, not a race)."""
    code = getattr(err, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (11, 26)


def _busy(err: sqlite3.Error) -> bool:
    """SQLITE_BUSY or SQLITE_LOCKED: another process held the lock too long."""
    code = getattr(err, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (5, 6)


def _os_detail(err: OSError) -> str:
    return os_reason(err)


def _close(conn: sqlite3.Connection | None) -> None:
    if conn is not None:
        try:
            conn.close()
        except sqlite3.Error:
            pass


def _rollback(conn: sqlite3.Connection) -> None:
    try:
        conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass


class _Locks:
    """Advisory file locks next to the database (POSIX ``flock``; elsewhere
    nothing is locked and a damaged file is never moved aside).

    * ``<db>.gate``: held exclusively while a store opens, checks and
      migrates the file, so two processes starting together take turns;
    * ``<db>.lock``: held shared by every open store for its lifetime; a
      store may move the file aside only when it can take this one
      exclusively, i.e. when no other store has the file open.
    """

    def __init__(self, path: Path) -> None:
        self.fds: list[int] = []
        if fcntl is None:
            return
        for suffix in (".gate", ".lock"):
            self.fds.append(os.open(str(path) + suffix, os.O_RDWR | os.O_CREAT, 0o644))

    def _try(self, fd: int, op: int, wait: float) -> bool:
        assert fcntl is not None
        end = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, op | fcntl.LOCK_NB)
                return True
            except OSError:
                if time.monotonic() >= end:
                    return False
                time.sleep(0.005)

    def gate(self) -> bool:
        return bool(self.fds) and self._try(self.fds[0], _LOCK_EX, BUSY_TIMEOUT)

    def ungate(self) -> None:
        if self.fds and fcntl is not None:
            fcntl.flock(self.fds[0], fcntl.LOCK_UN)

    def alone(self) -> bool:
        return bool(self.fds) and self._try(self.fds[1], _LOCK_EX, 0.0)

    def share(self) -> None:
        if self.fds:
            self._try(self.fds[1], _LOCK_SH, BUSY_TIMEOUT)

    def close(self) -> None:
        for fd in self.fds:
            os.close(fd)  # releases the locks
        self.fds = []


_LOCK_EX = getattr(fcntl, "LOCK_EX", 2)
_LOCK_SH = getattr(fcntl, "LOCK_SH", 1)


class _NewerSchema(Exception):
    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version
