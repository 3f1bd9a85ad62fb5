"""Textual-free, typed models behind the screens (``mypy --strict``).

:mod:`~tutor.tui.models.games` lists the games and settings the app
offers; :mod:`~tutor.tui.models.table` fixes the :class:`Table` protocol
both Play tables follow (:mod:`~tutor.tui.models.shengji`,
:mod:`~tutor.tui.models.yishang`); :mod:`~tutor.tui.models.saved` reads
and writes saved hands.  Rules, bots and hints all come from ``solver``.
"""
