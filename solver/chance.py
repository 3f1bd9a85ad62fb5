"""Chances as the learner reads them."""

from __future__ import annotations


def percent(share: float) -> int:
    """``share`` (0-1) as a whole percent that never rounds a part to all or
    none: 199 deals of 200 read 99 %, 1 of 200 reads 1 %, a risk of 0.4 %
    reads 1 %.  Only a share of exactly 1 (or 0) is told as 100 % (0 %).

    >>> [percent(x) for x in (0.0, 0.004, 0.5, 0.996, 1.0)]
    [0, 1, 50, 99, 100]
    """
    p = int(round(100 * share))
    if 0.0 < share < 1.0:
        return min(99, max(1, p))
    return p
