"""Lesson sources: the lessons, the rules reference and the glossary as
structure (steps, checks, cards, rule ids) without text; their texts are in
the ``lessons`` catalogs.  ``python -m tools.text`` writes
``lessons/<game>/*.json``, ``content/rules/*.json`` and ``content/glossary.json``."""
