"""The architecture is kept, not hoped for: the import-layer contract of
pyproject.toml ([tool.importlinter], docs/ARCHITECTURE.md) holds, nothing
imports bench/, and no two of our modules import each other in a loop.

Runs in every ``python -m pytest`` (and so in ``.ci/run``)."""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

import grimp
import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("solver", "checks", "lessons", "tutor", "content", "tools", "tests")


def _ours_first() -> None:
    """Analyse this tree (not another installed copy of the project)."""
    if sys.path[0] != str(ROOT):
        sys.path.insert(0, str(ROOT))


def test_import_layer_contract_holds(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """solver imports nothing of ours; checks only solver and content;
    lessons never the tutor; nothing imports tools or tests (import-linter)."""
    _ours_first()
    monkeypatch.chdir(ROOT)
    code = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    assert code == 0, "an import breaks the layer contract: run `lint-imports` to see which"


def test_nothing_imports_bench() -> None:
    """bench/ holds scripts; no module of ours imports them."""
    offenders = []
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                if any(n == "bench" or n.startswith("bench.") for n in names):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, offenders


def _cycles(graph: grimp.ImportGraph, modules: set[str]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.find_modules_directly_imported_by(v):
            if w not in modules:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for m in sorted(modules):
        if m not in index:
            visit(m)
    return out


@pytest.mark.parametrize("roots", [("solver", "checks"), ("lessons",)])
def test_no_import_loop_in_the_engine_its_door_and_the_lessons(roots: tuple[str, ...]) -> None:
    """No two modules of solver/, checks/ or lessons/ import each other,
    even lazily (function-local imports count): a loop is a layer that is
    not one.  (lessons/ had one: the judge, the puzzles and the reference
    each asked the others for a piece, through imports inside functions.)"""
    _ours_first()
    old = os.getcwd()
    os.chdir(ROOT)
    try:
        graph = grimp.build_graph(*roots, cache_dir=None)
    finally:
        os.chdir(old)
    modules = {m for m in graph.modules
               if not m.endswith(".__init__") and m.split(".")[0] in roots}
    # A package's __init__ re-exporting its modules is not a loop of logic.
    packages = {m for m in modules if (ROOT / m.replace(".", "/") / "__init__.py").exists()}
    loops = _cycles(graph, modules - packages)
    assert not loops, loops

