"""Subcommands of ``shengji-tutor``: each module has ``register(subparsers)``."""
