"""Opening the progress store safely (issue 19): two app instances opening
the same home at the same instant move no database aside and keep every
answer of both (a fresh home, and an older schema both want to migrate); a
lock or an unusable home is never mistaken for damage; a damaged file is
not moved while another store has it open; ratings are read and written in
one transaction; stored settings are checked when read."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from tests.store_race import answerer, opener
from tutor import store as store_mod
from tutor.rating import Glicko, play
from tutor.store import DB_NAME, MIGRATIONS, Store

ROUNDS = 50
OLD_ANSWERS = 50


def _old_home(d: Path) -> None:
    """A schema-1 database with 50 answers, as an older release left it."""
    d.mkdir()
    conn = sqlite3.connect(d / DB_NAME)
    for sql in MIGRATIONS[0]:
        conn.execute(sql)
    conn.execute("PRAGMA user_version = 1")
    conn.executemany("INSERT INTO answers(ts, kind, item, game, correct, answer) "
                     "VALUES(1, 'lesson', 'old#0', 'henan', 1, ?)",
                     [(f"old{i}",) for i in range(OLD_ANSWERS)])
    conn.commit()
    conn.close()


def _race(homes: list[Path]) -> list[tuple]:
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=opener, args=(name, [str(h) for h in homes], barrier, results))
             for name in ("A", "B")]
    for p in procs:
        p.start()
    got = [results.get(timeout=120) for _ in range(2 * len(homes))]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    return got


def _check(homes: list[Path], got: list[tuple], old: bool) -> None:
    for d, name, notice, write_error, on_disk in got:
        assert notice is None and write_error is None and on_disk, (d, name, notice, write_error)
    for h in homes:
        assert sorted(p.name for p in h.iterdir() if ".corrupt" in p.name or ".newer" in p.name) == []
        s = Store(h / DB_NAME)
        assert s.notice is None
        answers = [a["answer"] for a in s.answers("lesson")]
        s.close()
        expected = ([f"old{i}" for i in range(OLD_ANSWERS)] if old else []) + ["A", "B"]
        assert sorted(answers) == sorted(expected), h


def test_two_processes_open_fresh_and_old_homes_at_once(tmp_path):
    fresh = [tmp_path / f"fresh{i}" for i in range(ROUNDS)]
    old = [tmp_path / f"old{i}" for i in range(ROUNDS)]
    for d in old:
        _old_home(d)
    got = _race(fresh + old)
    _check(fresh, [g for g in got if "fresh" in g[0]], old=False)
    _check(old, [g for g in got if "old" in Path(g[0]).name], old=True)


def test_a_lock_held_too_long_is_not_damage(tmp_path, monkeypatch):
    """Another program keeps the file locked past the busy timeout: this
    run keeps its progress in memory and says why; the file is untouched."""
    path = tmp_path / DB_NAME
    Store(path).record_lesson_step("l", "henan", step=0, correct=True, answer="5H")
    monkeypatch.setattr(store_mod, "BUSY_TIMEOUT", 0.2)
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        s = Store(path)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert s.notice is not None and s.notice[0] == "tui.store.busy"
    assert s.path is None
    assert not [p for p in tmp_path.iterdir() if ".corrupt" in p.name]
    assert [a["answer"] for a in Store(path).answers()] == ["5H"]


def test_a_database_path_that_cannot_be_opened_falls_back_to_memory(tmp_path):
    """``progress.db`` is a folder (as good as an unwritable home when run
    as root): no crash, no file moved, progress in memory with a notice."""
    (tmp_path / DB_NAME).mkdir()
    s = Store(tmp_path / DB_NAME)
    assert s.notice is not None and s.notice[0] == "tui.store.unwritable"
    assert (tmp_path / DB_NAME).is_dir()
    s.set_setting("a", 1)
    assert s.setting("a") == 1


def test_an_unusable_lock_file_falls_back_to_memory(tmp_path):
    (tmp_path / (DB_NAME + ".gate")).mkdir()
    s = Store(tmp_path / DB_NAME)
    assert s.notice is not None and s.notice[0] == "tui.store.unwritable"
    s.record_lesson_step("l", "henan", step=0, correct=True, answer="5H")
    assert len(s.answers()) == 1


def test_a_damaged_file_is_not_moved_while_another_store_has_it_open(tmp_path):
    path = tmp_path / DB_NAME
    other = Store(path)   # another instance has the file open (it holds the shared lock)
    other.conn.close()    # (closed here only so this test can damage the file)
    path.write_bytes(b"not a database" * 100)
    s = Store(path)
    assert s.notice is not None and s.notice[0] == "tui.store.corrupt_in_use"
    assert path.read_bytes().startswith(b"not a database")
    assert not [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    other.close()         # the other instance quits: now the file may be moved aside
    s2 = Store(path)
    assert s2.notice is not None and s2.notice[0] == "tui.store.corrupt"
    assert Path(s2.notice[1]["backup"]).read_bytes().startswith(b"not a database")


def test_ratings_are_read_and_written_in_one_transaction(tmp_path):
    """Two processes answer puzzles in the same store at once: the learner's
    rating equals every answer applied in commit order (none lost)."""
    path = tmp_path / DB_NAME
    Store(path).close()
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(2), ctx.Queue()
    n = 25
    procs = [ctx.Process(target=answerer, args=(name, str(path), n, barrier, results))
             for name in ("A", "B")]
    for p in procs:
        p.start()
    got = [results.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    assert all(err is None for _, err in got)
    s = Store(path)
    rows = s.answers("puzzle")
    assert len(rows) == 2 * n
    me = Glicko()
    for r in rows:
        me, _ = play(me, Glicko(1500.0, 100.0, 0.06), bool(r["correct"]))
    rating, rd, vol, games = s.rating("learner:henan")
    assert games == 2 * n
    assert (rating, rd, vol) == pytest.approx(me.as_tuple())


def test_stored_settings_are_checked_when_read():
    s = Store.memory()
    s.set_setting("options:henan", {"throw_penalty": 5, "fixed_trump_ranks": 5,
                                    "hand_size": [1], "level_sequence": "", "riot": False})
    assert s.setting("options:henan") == {"riot": False}
    s.set_setting("options:wusaner", "not a dict")
    assert s.setting("options:wusaner", {}) == {}
    s.set_setting("practice", "yes")
    assert s.setting("practice", True) is True
    s.set_setting("game", 5)
    assert s.setting("game", "henan") == "henan"
    s.conn.execute("INSERT INTO settings VALUES('language', ?)", ("[" * 5000 + "]" * 5000,))
    assert s.setting("language", "en") == "en"


def _with_progress(path: Path) -> None:
    s = Store(path)
    s.record_lesson_step("henan.basics", "henan", step=0, correct=True, answer="5H", done_steps=1)
    s.set_setting("suit_style", "letters")
    s.close()


def test_a_readable_file_that_cannot_be_written_still_shows_the_progress(tmp_path):
    """The home cannot be written (its lock cannot be made: as good as a
    read-only folder when run as root): the saved progress is still shown,
    the notice says only this run's changes are not kept, the file stays."""
    path = tmp_path / DB_NAME
    _with_progress(path)
    before = path.read_bytes()
    gate = tmp_path / (DB_NAME + ".gate")
    gate.unlink(missing_ok=True)
    gate.mkdir()
    s = Store(path)
    assert s.notice is not None and s.notice[0] == "tui.store.read_only"
    assert s.lesson("henan.basics")["step"] == 1
    assert s.setting("suit_style") == "letters"
    s.record_lesson_step("henan.basics", "henan", step=1, correct=True, answer="6H", done_steps=2)
    assert s.lesson("henan.basics")["step"] == 2     # this run goes on in memory
    assert path.read_bytes() == before                # and the file is untouched


@pytest.mark.parametrize("damage", ["no settings table", "a table of the wrong shape",
                                    "an old version with foreign tables"])
def test_a_database_without_the_tutors_tables_is_moved_aside(tmp_path, damage):
    """A valid SQLite file that is not a progress file (another program's,
    or edited by hand) is moved aside whole with a notice, and a
    fresh store works; it never crashes on the first query."""
    path = tmp_path / DB_NAME
    if damage == "no settings table":
        _with_progress(path)
        conn = sqlite3.connect(path)
        conn.execute("DROP TABLE settings")
        conn.commit()
        conn.close()
    else:
        conn = sqlite3.connect(path)
        if damage == "a table of the wrong shape":
            conn.execute("CREATE TABLE settings (k TEXT)")
            conn.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
        else:
            conn.execute("CREATE TABLE settings (k TEXT)")
        conn.commit()
        conn.close()
    def tables(p: Path) -> list[tuple]:
        c = sqlite3.connect(p)
        try:
            return sorted(c.execute("SELECT name, sql FROM sqlite_master"))
        finally:
            c.close()

    before = tables(path)
    s = Store(path)
    assert s.notice is not None and s.notice[0] == "tui.store.corrupt", s.notice
    assert tables(Path(s.notice[1]["backup"])) == before   # kept whole, tables and all
    s.set_setting("suit_style", "glyphs")
    assert s.setting("suit_style") == "glyphs" and s.path == path


def test_a_refused_write_says_why_in_the_learners_language(tmp_path):
    """SQLite's English never reaches a Chinese notice: a read-only
    database is reported in the words of the language (R: plain words)."""
    from content.i18n import set_language
    from tutor.store import sql_reason

    err = sqlite3.connect(":memory:")
    try:
        ro = sqlite3.connect(f"{(tmp_path / 'x.db').as_uri()}?mode=rwc", uri=True)
        ro.execute("CREATE TABLE t (a)")
        ro.commit()
        ro.close()
        ro = sqlite3.connect(f"{(tmp_path / 'x.db').as_uri()}?mode=ro", uri=True)
        with pytest.raises(sqlite3.Error) as got:
            ro.execute("INSERT INTO t VALUES (1)")
        ro.close()
    finally:
        err.close()
    for lang in ("zh-Hans", "zh-Hant"):
        set_language(lang)
        try:
            text = sql_reason(got.value)
        finally:
            set_language("en")
        assert "readonly" not in text and "database" not in text, text
        assert any("\u4e00" <= ch <= "\u9fff" for ch in text), text


def test_journal_files_left_read_only_get_the_progress_files_mode_back(tmp_path):
    """A progress file that was read-only leaves SQLite's journal files
    (-wal, -shm) read-only; once the learner makes the progress file
    writable again they kept every write out, with a notice naming the
    progress file (a walk).  They are given its mode back, and the store
    writes."""
    import os
    import stat

    path = tmp_path / DB_NAME
    _with_progress(path)
    sides = [path.with_name(path.name + s) for s in ("-wal", "-shm")]
    for side in sides:
        side.write_bytes(b"")
        os.chmod(side, 0o444)
    os.chmod(path, 0o640)
    s = Store(path)
    assert s.notice is None and s.path == path
    for side in sides:
        if side.exists():
            assert stat.S_IMODE(side.stat().st_mode) == 0o640
    assert s.lesson("henan.basics")["step"] == 1
    s.record_lesson_step("henan.basics", "henan", step=1, correct=True, answer="6H", done_steps=2)
    s.close()
    assert Store(path).lesson("henan.basics")["step"] == 2


def test_a_read_only_progress_file_is_said_once_with_its_name(tmp_path, monkeypatch):
    """A progress file that cannot be written (its mode, as a learner who is
    not root would meet it: os.access says so) is opened as the read-only
    home is: its progress is shown, the notice names the file and says it
    is read-only, nothing is written (a walk met "could not be saved just
    now (the disk is read-only)" at every lesson step instead)."""
    import os

    path = tmp_path / DB_NAME
    _with_progress(path)
    before = path.read_bytes()
    real = os.access
    monkeypatch.setattr("tutor.store.os.access",
                        lambda p, mode: False if Path(p) == path and mode == os.W_OK else real(p, mode))
    s = Store(path)
    assert s.notice is not None and s.notice[0] == "tui.store.read_only_files", s.notice
    assert s.notice[1]["files"] == str(path)
    assert s.lesson("henan.basics")["step"] == 1 and s.setting("suit_style") == "letters"
    s.record_lesson_step("henan.basics", "henan", step=1, correct=True, answer="6H", done_steps=2)
    assert s.write_error is None and s.lesson("henan.basics")["step"] == 2
    assert path.read_bytes() == before
