"""Records of whole games: text that people read and write, in the spirit of PGN, for every
game over the :class:`~rules.core.game.Game` interface alone (a new game gets records with
nothing of its own beyond what it declares).

- :func:`read`: the grammar only (:mod:`rules.records.syntax`);
- :func:`load`: a record judged by the rules (:mod:`rules.records.loading`): its game, its
  start, every ply, its off-board events (a resignation, a player leaving, a loss on time, a
  draw agreed) and its result against where they lead;
- :func:`write` and :func:`write_game`: a game's record text (:mod:`rules.records.writing`),
  judged as a read record is, so it always loads back;
- :func:`format_record`: the text of a judged record (a loaded record written anew).

The grammar is in ``docs/record-format.md``, an example per game in ``docs/record-examples.md``.
"""

from .errors import GameMismatch, InvalidRecord, InvalidTag, ResultContradictsBoard
from .loading import AGREEMENTS, Loaded, LoadedAside, LoadedComment, LoadedPly, judge, load
from .results import result_token
from .syntax import ASIDE_WORDS, DRAW_AGREED, Record, read
from .writing import Written, format_record, write, write_game

__all__ = [
    "AGREEMENTS", "ASIDE_WORDS", "DRAW_AGREED", "GameMismatch", "InvalidRecord", "InvalidTag",
    "Loaded", "LoadedAside",
    "LoadedComment", "LoadedPly", "Record", "ResultContradictsBoard", "Written",
    "format_record", "judge", "load", "read", "result_token", "write", "write_game",
]
