"""The progress store (tutor/store.py): schema, migrations, atomic answers,
corrupt files, and the rating/review helpers it keeps."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from tutor import review
from tutor.rating import Glicko, play
from tutor.store import DB_NAME, MIGRATIONS, SCHEMA_VERSION, Store, data_home

ROOT = Path(__file__).resolve().parent.parent


def test_home_from_env(tmp_path, monkeypatch):
    monkeypatch.setenv("SHENGJI_TUTOR_HOME", str(tmp_path / "x"))
    assert data_home() == tmp_path / "x"
    s = Store.open_default()
    assert (tmp_path / "x" / DB_NAME).exists()
    assert s.version == SCHEMA_VERSION
    s.close()


def test_store_imports_no_textual():
    """The store and rating modules stay free of UI imports (harlequin-style check)."""
    code = "import sys, tutor.store, tutor.rating, tutor.review; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.stdout.strip() == "False", out.stderr


def test_migrates_old_schema(tmp_path):
    path = tmp_path / DB_NAME
    conn = sqlite3.connect(path)
    for sql in MIGRATIONS[0]:
        conn.execute(sql)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO answers(ts, kind, item, game, correct, answer) VALUES(1, 'lesson', 'a#0', 'henan', 1, '5H')")
    conn.commit()
    conn.close()
    s = Store(path)
    assert s.version == SCHEMA_VERSION
    rows = s.answers()
    assert rows[0]["answer"] == "5H" and rows[0]["hints"] == 0
    s.save_hand("henan", {"rules": "henan", "tricks": []})
    assert s.hands("henan")[0]["history"]["rules"] == "henan"


def test_corrupt_database_is_backed_up(tmp_path):
    path = tmp_path / DB_NAME
    path.write_bytes(b"this is not a database" * 100)
    s = Store(path)
    assert s.notice is not None and s.notice[0] == "tui.store.corrupt"
    backup = Path(s.notice[1]["backup"])
    assert backup.exists() and backup.read_bytes().startswith(b"this is not")
    s.set_setting("language", "zh-Hans")
    assert Store(path).setting("language") == "zh-Hans"


def test_newer_schema_is_kept_aside(tmp_path):
    path = tmp_path / DB_NAME
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.commit()
    conn.close()
    s = Store(path)
    assert s.notice and s.notice[0] == "tui.store.newer"
    assert s.version == SCHEMA_VERSION


def test_unwritable_home_falls_back_to_memory(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    s = Store(blocker / "sub" / DB_NAME)
    assert s.notice and s.notice[0] == "tui.store.unwritable"
    s.set_setting("a", 1)
    assert s.setting("a") == 1


def test_lesson_progress_and_answers():
    s = Store.memory()
    s.record_lesson_step("l1", "henan", step=0, correct=False, answer="5H")
    s.record_lesson_step("l1", "henan", step=0, correct=True, answer="5H 5H", done_steps=1, hints=1)
    s.advance_lesson("l1", "henan", step=3, finished=True, stars=2)
    row = s.lesson("l1")
    assert (row["step"], row["done"], row["stars"], row["mistakes"], row["hints"]) == (3, 1, 2, 1, 1)
    assert [a["correct"] for a in s.answers("lesson")] == [0, 1]
    assert s.setting("last_lesson") == "l1"


def test_puzzle_streak_rating_review():
    review.FUZZING = False
    s = Store.memory()
    me, pz = Glicko(), Glicko()
    me2, pz2 = play(me, pz, solved=False)
    card = review.schedule(None, correct=False)
    assert card is not None
    s.record_puzzle("p1", "henan", correct=False, answer="x", learner=me2.as_tuple(),
                    puzzle=pz2.as_tuple(), review=card)
    assert s.counter("streak:henan") == 0
    assert s.rating("learner:henan")[0] < 1500 < s.rating("puzzle:p1")[0]
    assert s.review_count("henan") == 1
    # The miss is due again within minutes (FSRS learning step), not now.
    assert s.due_reviews("henan", review.due_iso()) == []
    from datetime import timedelta
    assert s.due_reviews("henan", review.due_iso(review.now() + timedelta(hours=1))) == ["p1"]
    # Right on the retry: the streak does not count a retry, the card moves on.
    card2 = review.schedule(s.review_card("p1"), correct=True)
    s.record_puzzle("p1", "henan", correct=True, answer="y", learner=me2.as_tuple(),
                    puzzle=pz2.as_tuple(), review=card2, first_try=False)
    assert s.counter("streak:henan") == 0
    assert s.rating("learner:henan")[3] == 1
    for i in range(3):
        s.record_puzzle(f"q{i}", "henan", correct=True, answer="", learner=me.as_tuple(),
                        puzzle=pz.as_tuple(), review=review.schedule(None, True))
    assert s.counter("streak:henan") == 3 and s.counter("best_streak:henan") == 3
    assert review.schedule(None, True) is None  # never missed: no review card
    # Right after a hint: a miss for the rating, so not a step of the streak
    # (the walk of 2026-12-04 read "counts as missed" and "streak 1"); nor
    # does it break the streak, as a wrong answer does.
    s.answer_puzzle("h1", "henan", correct=True, answer="", puzzle_rating=1500.0, hints=1)
    assert s.counter("streak:henan") == 3 and s.counter("best_streak:henan") == 3
    s.answer_puzzle("h2", "henan", correct=True, answer="", puzzle_rating=1500.0)
    assert s.counter("streak:henan") == 4 and s.counter("best_streak:henan") == 4


def test_glicko_reference_example():
    """Glickman's worked example (2012 paper): 1500/200 vs three opponents,
    here applied one game at a time, moves the right way and shrinks RD."""
    p = Glicko(1500, 200, 0.06)
    after = p.update(Glicko(1400, 30), 1.0)
    assert after.rating > 1500 and after.rd < 200
    assert abs(Glicko(1500, 200).expected(Glicko(1400, 30)) - 0.639) < 0.01


KILL_SCRIPT = textwrap.dedent("""
    import sys, time
    from tutor.store import Store
    s = Store(sys.argv[1])
    i = 0
    while True:
        s.record_lesson_step("kill", "henan", step=i, correct=True, answer=str(i), done_steps=i + 1)
        print(i, flush=True)
        i += 1
""")


def test_sigkill_loses_at_most_the_answer_in_flight(tmp_path):
    """Kill -9 a process writing answers: every answer it reported as
    committed is in the reopened store, and lesson progress agrees with it."""
    path = tmp_path / DB_NAME
    proc = subprocess.Popen([sys.executable, "-c", KILL_SCRIPT, str(path)], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    reported = -1
    assert proc.stdout is not None
    deadline = time.time() + 20
    while reported < 50 and time.time() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        reported = int(line)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    # Lines the child printed before it died may still sit in the pipe.
    for line in proc.stdout.read().split():
        reported = max(reported, int(line))
    assert reported >= 50
    s = Store(path)
    assert s.notice is None
    answers = s.answers("lesson")
    assert len(answers) >= reported + 1
    assert len(answers) <= reported + 2  # the one in flight, at most
    assert s.lesson("kill")["step"] == len(answers)


def test_refused_write_is_reported_not_raised(tmp_path):
    """A read-only database: the answer is not saved, the store says why, nothing raises."""
    path = tmp_path / DB_NAME
    Store(path).close()
    s = Store(path)
    s.conn.execute("PRAGMA query_only = ON")
    s.record_lesson_step("l", "henan", step=0, correct=True, answer="5H")
    assert s.write_error is not None and s.write_error[0] == "tui.store.write_failed"
    assert s.save_hand("henan", {}) is None
    s.conn.execute("PRAGMA query_only = OFF")
    s.write_error = None
    s.record_lesson_step("l", "henan", step=0, correct=True, answer="5H")
    assert s.write_error is None and len(s.answers()) == 1


def test_the_same_refused_write_is_told_once_a_run(tmp_path):
    """Each lesson step that cannot be saved for the same reason used to add
    the same toast: three stacked over the answers at 80×24 (a walk).  The
    app tells a refusal once a run; a new reason is told again."""
    import asyncio

    from tutor.tui.app import TutorApp

    path = tmp_path / DB_NAME
    Store(path).close()
    store = Store(path)

    async def run() -> list[str]:
        app = TutorApp(store, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            store.conn.execute("PRAGMA query_only = ON")
            for step in range(3):
                store.record_lesson_step("l", "henan", step=step, correct=True, answer="5H")
                app._check_store()
                await pilot.pause()
            store.write_error = ("tui.store.write_failed", {"detail": "another reason"})
            app._check_store()
            await pilot.pause()
            store.conn.execute("PRAGMA query_only = OFF")
            return [n.message for n in app._notifications]

    told = asyncio.run(run())
    refused = [m for m in told if "could not be saved" in m]
    assert len(refused) == 2, told
    assert "another reason" in refused[1] and "check the disk" not in refused[0]
