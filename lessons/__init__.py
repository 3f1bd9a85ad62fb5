"""Scripted lessons as data, one set per game."""
