"""The Textual app of shengji-tutor (catalog domain ``tui``).

Screens are modules of their own (home, learn, quiz, play, analyze, rules,
settings); heavy engine modules are imported when a screen needs them,
never at start.
"""
