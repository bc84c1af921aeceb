"""The game interface in three parts: the questions a game must answer (the abstract methods of
rules.core.questions), the optional hooks with their defaults (rules.core.hooks), the entry
points built on them (rules.core.game.Game). A new game's author writes the first and may
override the second; the guide lists both."""

from __future__ import annotations

import inspect
from pathlib import Path

from rules.core import hooks
from rules.core.game import Game
from rules.core.questions import GameQuestions

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"
HOOKS_PAGE = GUIDE.with_name("game-hooks.md")
REQUIRED = {"players", "describe", "initial_position", "parse_position", "format_position",
            "analyse", "format_move", "parse_move", "explain_illegal", "apply"}
HOOK_GROUPS = (hooks.AnswerHooks, hooks.ChanceHooks, hooks.PictureHooks, hooks.SpeedHooks,
               hooks.SearchHooks)


def _public(cls: type) -> set[str]:
    return {name for name in vars(cls) if not name.startswith("_")}


def test_the_required_questions_are_the_abstract_methods():
    assert Game.__abstractmethods__ == REQUIRED
    assert REQUIRED <= _public(GameQuestions)


def test_every_public_member_of_game_is_a_question_a_hook_or_an_entry_point():
    hook_names = set().union(*(_public(group) for group in HOOK_GROUPS))
    entry_points = _public(Game)
    assert entry_points == {"play", "perft", "divide"}
    assert not hook_names & REQUIRED
    for name, _ in inspect.getmembers(Game):
        if not name.startswith("_"):
            assert name in _public(GameQuestions) | hook_names | entry_points, name


def test_the_guide_names_every_required_question_and_every_hook():
    # the required questions in the guide, the optional hooks in its page of hooks
    guide, hooks_page = GUIDE.read_text(), HOOKS_PAGE.read_text()
    hook_names = set().union(*(_public(group) for group in HOOK_GROUPS))
    missing = sorted([name for name in REQUIRED if f"`{name}" not in guide]
                     + [name for name in hook_names if f"`{name}" not in hooks_page])
    assert missing == []
