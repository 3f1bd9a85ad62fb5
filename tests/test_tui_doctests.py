"""Run the doctests of the TUI's non-UI helpers (pytest collects doctests
from solver/ only)."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["tutor.store", "tutor.rating", "tutor.tui.widgets.cards", "tutor.tui.screens.analyze"])
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
