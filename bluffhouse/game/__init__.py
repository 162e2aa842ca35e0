"""Bluffhouse rules engines: pure Python, deterministic, never imports pygame."""
