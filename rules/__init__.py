"""Rules engines for board games, behind one interface (see :mod:`rules.core.game`).

Pure Python with no web dependency::

    >>> import rules
    >>> game = rules.configure("mastery")
    >>> pos = game.initial_position()
    >>> len(game.legal_moves(pos)) > 0
    True
"""

from .core import *  # noqa: F401,F403
from .core import __all__ as _core_all
from .registry import configure, game_class, game_ids, load_all, register

__all__ = [*_core_all, "configure", "game_class", "game_ids", "load_all", "register"]
