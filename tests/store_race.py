"""Helper for tests/test_store_race.py: one process of a synchronized pair
(imported by multiprocessing's spawn, so it lives in a module of its own)."""

from __future__ import annotations

from typing import Any

from tutor.store import Store


def opener(name: str, dirs: list[str], barrier: Any, results: Any) -> None:
    """For each home: wait for the other process, open the store at the
    same instant, record one answer, report the notice, close."""
    for d in dirs:
        barrier.wait()
        s = Store(f"{d}/progress.db")
        s.record_lesson_step("race", "henan", step=0, correct=True, answer=name)
        results.put((d, name, s.notice, s.write_error, s.path is not None))
        s.close()


def answerer(name: str, path: str, count: int, barrier: Any, results: Any) -> None:
    """Answer ``count`` puzzles (each its own puzzle, alternately right and
    wrong) in the same store as another process, at the same time."""
    s = Store(path)
    barrier.wait()
    for i in range(count):
        s.answer_puzzle(f"{name}{i}", "henan", correct=i % 2 == 0, answer=str(i),
                        puzzle_rating=1500.0)
    results.put((name, s.write_error))
    s.close()
