"""Catalogs, explanations and examples shown by the tutor (data only)."""
