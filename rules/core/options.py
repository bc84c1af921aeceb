"""Game options: their declaration, defaults and strict validation.

Options are the fixed configuration of one game (rule set, optional rules,
layout). Unknown names are refused rather than ignored so that a typo never
silently plays a different game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .errors import InvalidOptions, as_json


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts.

    ``kind`` is ``choice`` (one of ``choices``), ``bool``, ``int`` (within
    ``minimum``..``maximum``; ``nullable`` allows ``null`` meaning "off"), or
    ``json`` (any JSON value checked by ``validate``, which returns the
    normalised value or raises :class:`InvalidOptions`; ``schema`` is the JSON Schema of
    the values it accepts, for the API spec).
    """

    name: str
    kind: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    validate: Callable[[Any], Any] | None = field(default=None, compare=False)
    schema: Mapping[str, Any] | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The option as documented by ``GET /v1/games``."""
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.kind,
            "default": self.default,
            "description": self.description,
        }
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.nullable:
            out["nullable"] = True
        return out

    def value_schema(self) -> dict[str, Any]:
        """The JSON Schema of the values the option accepts (null included when it may be
        null), with its description: what the API spec shows for it."""
        kind_schema: dict[str, Any]
        if self.kind == "choice":
            kind_schema = {"type": "string", "enum": list(self.choices)}
        elif self.kind == "bool":
            kind_schema = {"type": "boolean"}
        elif self.kind == "int":
            kind_schema = {"type": "integer"}
            kind_schema.update({key: value for key, value in
                                (("minimum", self.minimum), ("maximum", self.maximum))
                                if value is not None})
        else:
            kind_schema = dict(self.schema or {})
        if (self.nullable or self.default is None) and "type" in kind_schema:
            kind_schema["type"] = [kind_schema["type"], "null"]
            if "enum" in kind_schema:
                kind_schema["enum"] = [*kind_schema["enum"], None]
        return {**kind_schema, "description": self.description, "default": self.default}

    def check(self, value: Any) -> Any:
        """Return ``value`` normalised, or raise :class:`InvalidOptions` saying why."""
        if value is None and (self.nullable or self.default is None):
            return None
        if self.kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                allowed = ", ".join(as_json(c) for c in self.choices)
                raise InvalidOptions(
                    f"Option {self.name!r} must be one of {allowed}; got {as_json(value)}.",
                    option=self.name,
                )
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidOptions(
                    f"Option {self.name!r} must be true or false; got {as_json(value)}.",
                    option=self.name,
                )
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOptions(
                    f"Option {self.name!r} must be an integer; got {as_json(value)}.",
                    option=self.name,
                )
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise InvalidOptions(
                    f"Option {self.name!r} must be between {self.minimum} and {self.maximum}; "
                    f"got {value}.",
                    option=self.name,
                )
            return value
        if self.kind == "json":
            return self.validate(value) if self.validate else value
        raise AssertionError(f"unknown option kind {self.kind}")


def draw_after_quiet_plies(counter: str) -> OptionSpec:
    """The house rule every game offers, off by default: a draw once the position's quiet
    counter reaches the option's value. ``counter`` says, in the game's own terms, what the
    counter counts (e.g. "plies since the last capture")."""
    return OptionSpec(
        name="draw_after_quiet_plies",
        kind="int",
        default=None,
        minimum=1,
        maximum=10_000,
        nullable=True,
        description=(
            "House rule, off by default (null): the game is drawn when the position's quiet "
            f"counter reaches this number. The counter counts {counter}."
        ),
    )


def resolve_options(
    specs: tuple[OptionSpec, ...], raw: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Return every option with ``raw`` applied over the defaults.

    Raises :class:`InvalidOptions` for an unknown name or a bad value.
    """
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise InvalidOptions("Options must be a JSON object of option names to values.")
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(raw) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise InvalidOptions(
            f"Unknown option {unknown[0]!r}; this game accepts: {known}.", option=unknown[0]
        )
    resolved = {}
    for spec in specs:
        resolved[spec.name] = spec.check(raw[spec.name]) if spec.name in raw else spec.default
    return resolved
