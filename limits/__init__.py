"""Worst-case measurements behind docs/limits.md (run ``python -m limits``)."""
