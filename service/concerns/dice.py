"""Dice sent with a request, checked against the JSON Schemas the games publish.

Each game describes the dice its chance moves take (``Game.dice_schema``); the API spec
documents ``dice`` as any one of them. The service judges a roll's *shape* (its JSON type,
missing or unknown keys: what the schemas say at the top level of the roll) in two steps:

- dice that no game's schema accepts break the spec: 400 ``malformed_request`` naming the
  field, like every other schema violation;
- dice of another game's shape: 422 ``invalid_dice`` saying what this game takes.

The values inside a roll (a die out of range, too many dice for this fight) are the game's
to judge in :meth:`~rules.core.game.Game.check_dice`, with a sentence in its own terms.
"""

from __future__ import annotations

from typing import Any, Mapping

import orjson
from jsonschema import Draft202012Validator
from marshmallow import ValidationError

from rules import registry
from rules.core.errors import InvalidDice
from rules.core.game import Game
from rules.core.memo import memo


@memo(entry_bytes=2000, most=64)
def _validator(schema_json: bytes) -> Draft202012Validator:
    return Draft202012Validator(orjson.loads(schema_json))


def shape_errors(schema: Mapping[str, Any], roll: Any) -> list[str]:
    """What is wrong with the shape of ``roll`` under ``schema``: the violations found at
    its top level, each as a sentence; values nested inside are not judged."""
    validator = _validator(orjson.dumps(schema, option=orjson.OPT_SORT_KEYS))
    return [error.message for error in validator.iter_errors(roll) if not error.absolute_path]


def dice_schemas() -> list[Mapping[str, Any]]:
    """The dice schema of every registered game that has dice, in game order."""
    found = []
    for game_id in registry.game_ids():
        cls = registry.game_class(game_id)
        if cls is not None and cls.dice_schema is not None:
            found.append(cls.dice_schema)
    return found


def _field_messages(schema: Mapping[str, Any], roll: Any) -> dict[str, list[str]] | list[str]:
    """The shape errors of ``roll`` worded as marshmallow words every other field's: a
    missing key is "Missing data for required field." under its name, an unknown key
    "Unknown field."; any other shape error (the wrong JSON type) a sentence for the roll."""
    validator = _validator(orjson.dumps(schema, option=orjson.OPT_SORT_KEYS))
    by_key: dict[str, list[str]] = {}
    whole: list[str] = []
    for error in validator.iter_errors(roll):
        if error.absolute_path:
            continue
        if error.validator == "required" and isinstance(roll, dict):
            for key in error.validator_value:
                if key not in roll:
                    by_key.setdefault(key, []).append("Missing data for required field.")
        elif error.validator == "additionalProperties" and isinstance(roll, dict):
            allowed = set(schema.get("properties", {}))
            for key in roll:
                if key not in allowed:
                    by_key.setdefault(str(key), []).append("Unknown field.")
        else:
            whole.append(f"Not the dice of any game: {error.message}.")
    return whole or by_key


def check_dice_shape(game: Game[Any, Any], dice: Any, *, many: bool = False) -> None:
    """Check the shape of ``dice`` (one roll, or a list of rolls when ``many``; null where
    the service should roll) as the module says: a ValidationError (400) for dice no game
    takes, InvalidDice (422) for dice of another game's shape."""
    if dice is None:
        return
    schemas = dice_schemas()
    spec_errors: dict[int, Any] = {}
    for index, roll in enumerate(dice if many else [dice]):
        if roll is None:
            continue
        own = [] if game.dice_schema is None else shape_errors(game.dice_schema, roll)
        if game.dice_schema is not None and not own:
            continue
        if schemas and all(shape_errors(schema, roll) for schema in schemas):
            spec_errors[index] = _field_messages(game.dice_schema or schemas[0], roll)
        elif own:
            where = f"dice[{index}]" if many else "The dice"
            raise InvalidDice(f"{where} are not dice of {game.name}: {'; '.join(own)}.")
    if spec_errors:
        raise ValidationError({"dice": spec_errors if many else spec_errors[0]})
