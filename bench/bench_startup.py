"""Cold start of the TUI: from spawning a fresh Python process to the home
screen being ready (Textual's Ready event: composed, mounted, first paint),
through the same path as ``shengji-tutor`` with no arguments (the CLI
module, language detection, progress store, app; with no subcommand
``tutor.cli.main`` opens the app without building the subcommand parser).  Target: <= 1.0 s.

    python bench/bench_startup.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from content.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import sys, time
import tutor.cli
from content.i18n import detect_language, set_language
set_language(detect_language(None))
from tutor.tui.app import TutorApp

class Bench(TutorApp):
    def on_ready(self):
        print(repr(time.time()), flush=True)
        self.exit()

Bench().run(headless=True, size=(80, 24))
"""


CHILD_APP_ONLY = CHILD.replace("import tutor.cli\n", "")


def one_run(home: str, lang: str, cpu: list[float] | None = None, child: str = CHILD) -> float:
    env = {**os.environ, "SHENGJI_TUTOR_HOME": home, "SHENGJI_TUTOR_LANG": lang,
           "PYTHONPATH": str(ROOT)}
    import resource

    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", child], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    ready = float(out.stdout.strip().splitlines()[-1])
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if cpu is not None:  # CPU seconds of the whole child (to exit), less sensitive to a busy machine
        cpu.append((r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime))
    return ready - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    # Catalogs are compiled at build/test time (.mo files are not committed).
    sys.path.insert(0, str(ROOT))
    from content.i18n import compile_catalogs

    compile_catalogs()
    one_run(tempfile.mkdtemp(), "en")  # warm the bytecode cache once, as an installed package has it
    with tempfile.TemporaryDirectory() as home:
        results = {}
        for lang in LANGUAGES:
            cpu: list[float] = []
            times = [one_run(home, lang, cpu) for _ in range(args.runs)]
            results[lang] = times
            print(f"{lang:8s} wall median {statistics.median(times):.3f} s  "
                  f"min {min(times):.3f}  max {max(times):.3f}  "
                  f"(child CPU median {statistics.median(cpu):.3f} s, n={len(times)})")
        app_only = [one_run(home, "zh-Hans", child=CHILD_APP_ONLY) for _ in range(args.runs)]
        print(f"app only (without the CLI's subcommand imports): median {statistics.median(app_only):.3f} s")
        worst = max(statistics.median(t) for t in results.values())
        print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
        print(f"cold start to first screen: {worst:.3f} s (target <= 1.0 s): "
              f"{'OK' if worst <= 1.0 else 'TOO SLOW'}")


if __name__ == "__main__":
    main()
