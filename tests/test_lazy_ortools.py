"""OR-Tools is imported only when a check needs CP-SAT, and then without
the ``cp_model`` layer (numpy, pandas): ``--help``, ``lessons``,
``puzzles`` and the app's start never import it (issue 20)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

_PROBE = textwrap.dedent("""
    import atexit, json, os, sys
    def report():
        mods = sorted(m.split(".")[0] + ("." + m.split(".")[1] if "." in m else "")
                      for m in sys.modules if m.startswith(("ortools", "pandas", "numpy")))
        with open(os.environ["PROBE_OUT"], "w") as f:
            json.dump(sorted(set(mods)), f)
    atexit.register(report)
    sys.argv = ["shengji-tutor"] + sys.argv[1:]
    from tutor.cli import main
    try:
        code = main()
    except SystemExit as e:
        code = e.code
    sys.exit(code)
""")


def _modules(tmp_path: Path, *args: str) -> list[str]:
    out = tmp_path / "mods.json"
    env = dict(os.environ, PROBE_OUT=str(out), PYTHONPATH=str(ROOT),
               SHENGJI_TUTOR_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", _PROBE, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return list(json.loads(out.read_text()))


@pytest.mark.parametrize("args", [("--help",), ("lessons", "--json"), ("puzzles", "--json"),
                                  ("check", "classify", "--rules", "henan", "--level", "6",
                                   "--trump", "S", "--cards", "5C 5C 7C 7C")])
def test_no_ortools_without_a_cpsat_check(tmp_path, args):
    assert _modules(tmp_path, *args) == []


def test_follow_check_imports_only_the_cpsat_core(tmp_path):
    """R-FOLLOW: CP-SAT decides the follow check; its import stops at the
    model proto and solver (no numpy, no pandas)."""
    mods = _modules(tmp_path, "check", "follow", "--rules", "henan", "--level", "2",
                    "--trump", "S", "--lead", "10H 10H", "--hand", "9H 9H 3H 4D 5S",
                    "--play", "3H 9H", "--json")
    assert "ortools.sat" in mods
    assert not any(m.startswith(("pandas", "numpy")) for m in mods)


def test_app_start_does_not_import_ortools(tmp_path):
    code = textwrap.dedent("""
        import asyncio, json, sys
        from tutor.store import Store
        from tutor.tui.app import TutorApp
        async def main():
            app = TutorApp(Store.memory(), language="en")
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
        asyncio.run(main())
        print(json.dumps(sorted(m for m in sys.modules if m.startswith(("ortools", "pandas")))))
    """)
    env = dict(os.environ, PYTHONPATH=str(ROOT), SHENGJI_TUTOR_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == []
