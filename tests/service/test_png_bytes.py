"""The same picture query gives the same PNG bytes in every process, whatever the process drew
before (so an ETag holds across workers and replicas): fresh interpreters draw different
pictures first, then the same ones, and their bytes are compared. (Text drawn by cairo from
system fonts once depended on the glyphs a process had cached from its first picture; the
pictures now draw their letters as paths, and no rasteriser state may leak between them.)"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

from rules import registry
from tests.live_service import ROOT

DRAW = """
import hashlib, json, sys
from rules import registry
from service.pictures.drawing import picture
before, after = json.loads(sys.argv[1]), json.loads(sys.argv[2])
def draw(game_id, size, orientation=None):
    game = registry.configure(game_id)
    return picture(game, game.start_position, format="png", size=size, orientation=orientation)
for game_id, size in before:
    draw(game_id, size)
print(json.dumps([hashlib.sha256(draw(*query)).hexdigest() for query in after]))
"""


def digests_after(before: list[list[object]], after: list[list[object]],
                  env: dict[str, str] | None = None) -> list[str]:
    """The digests of the ``after`` pictures drawn in a fresh interpreter that drew the
    ``before`` ones first (with ``env`` added to its environment)."""
    out = subprocess.run([sys.executable, "-c", DRAW, json.dumps(before), json.dumps(after)],
                         cwd=ROOT, capture_output=True, text=True, check=True,
                         env={**os.environ, **(env or {})})
    return json.loads(out.stdout)


def test_a_png_does_not_depend_on_what_the_process_drew_before():
    games = registry.game_ids()
    last = registry.configure(games[-1])
    after = [[game_id, 300] for game_id in games] + [
        [games[0], 517], [games[-1], 240, last.seats()[-1]]]
    first = digests_after([], after)
    # other processes draw another picture first: each game's, at another size
    for game_id in games:
        assert digests_after([[game_id, 611], [games[0], 333]], after) == first, game_id
    # and the process of this test, after everything the tests drew so far
    from service.pictures.drawing import picture

    here = []
    for query in after:
        game = registry.configure(query[0])
        here.append(hashlib.sha256(picture(
            game, game.start_position, format="png", size=query[1],
            orientation=query[2] if len(query) > 2 else None)).hexdigest())
    assert here == first


#: a fontconfig configuration that names no font directory: a machine without fonts
NO_FONTS = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig></fontconfig>
"""


def test_a_png_is_the_same_on_a_machine_without_fonts(tmp_path):
    (tmp_path / "fonts.conf").write_text(NO_FONTS)
    queries = [[game_id, 300] for game_id in registry.game_ids()]
    without = digests_after([], queries, {"FONTCONFIG_FILE": str(tmp_path / "fonts.conf"),
                                          "XDG_CACHE_HOME": str(tmp_path / "cache")})
    assert without == digests_after([], queries)
