"""Benchmarks: engine speed per game against python-chess, and HTTP against the framework's ceiling.

``python -m bench`` runs everything in one go (see :mod:`bench.__main__`); ``python -m
bench.positions <game-id>`` writes a game's position file; ``python -m bench.profile`` prints
pyinstrument/cProfile profiles of the hot paths.
"""
