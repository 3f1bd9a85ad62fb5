"""Lesson sources: lessons written as Python with their text in three
languages; ``python -m tools.build_lessons`` writes ``lessons/<game>/*.json``
(message ids only) and the ``lessons`` catalogs."""
