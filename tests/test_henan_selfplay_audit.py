"""Self-play under the 河南双升 rules (issue 16): no joker pair is ever the
first declaration of a deal (R-H-DECLARE, seed 001: 常主不可进行报主) and
every follow the bots make is legal under the henan preset per CP-SAT
(R-FOLLOW 3, ``partial_tractor_follow``).  50 hands by default; the 2,000
hands of the issue with ``-m slow`` (or ``bench/henan_rules_selfplay.py``)."""

from __future__ import annotations

import pytest

from tests.henan_audit import run_audit


def test_henan_selfplay_50_hands_declarations_and_follows() -> None:
    # Seed 3 is the run where the bots made 8 joker-pair first declarations
    # in 120 hands before issue 16 (match 3's first deal among them).
    audit = run_audit(50, 3)
    assert audit.hands == 50 and audit.follows > 2000
    assert audit.joker_first == []
    assert audit.illegal == []


@pytest.mark.slow
def test_henan_selfplay_2000_hands_declarations_and_follows() -> None:
    audit = run_audit(2000, 16)
    assert audit.hands == 2000
    assert audit.joker_first == []
    assert audit.illegal == []
    assert audit.tractor_follows > 0
