"""The JSON Schema (draft 2020-12) of the scenario format, built from the validator's own field data."""

from __future__ import annotations

import json
from typing import Any

from tutor import specs as S
from tutor.engine import ACTION_PATTERN
from tutor.scenarios import fields as F

_CARD = {"type": "string", "pattern": F.CARD_PATTERN}


def _desc(out: dict[str, Any], text: str) -> dict[str, Any]:
    if text:
        out["description"] = text
    return out


def _spec(spec: S.Spec, description: str = "") -> dict[str, Any]:
    text = description or getattr(spec, "description", "")
    if isinstance(spec, S.Text):
        out: dict[str, Any] = {"type": "string"}
        if spec.enum:
            out["enum"] = list(spec.enum)
        else:
            out["minLength"] = 1
            out["maxLength"] = spec.max_length
            if spec.pattern:
                out["pattern"] = spec.pattern
        return _desc(out, text)
    if isinstance(spec, S.Whole):
        return _desc(
            {"type": "integer", "minimum": spec.minimum, "maximum": spec.maximum}, text
        )
    if isinstance(spec, S.Amount):
        out = {"type": "number", "maximum": spec.maximum}
        out["exclusiveMinimum" if spec.positive else "minimum"] = 0
        return _desc(out, text)
    if isinstance(spec, S.Flag):
        return _desc({"type": "boolean"}, text)
    if isinstance(spec, S.Nullable):
        return _desc({"anyOf": [_spec(spec.inner), {"type": "null"}]}, text)
    if isinstance(spec, S.CardList):
        return _desc(
            {
                "anyOf": [
                    {"type": "string", "pattern": F.CARDS_TEXT_PATTERN},
                    {
                        "type": "array",
                        "maxItems": spec.max_cards,
                        "items": {
                            "type": "string",
                            "pattern": F.CARD_OR_UNKNOWN_PATTERN,
                        },
                    },
                ]
            },
            text,
        )
    if isinstance(spec, S.OneCard):
        return _desc(dict(_CARD), text)
    if isinstance(spec, S.Rank):
        return _desc(
            {
                "anyOf": [
                    {
                        "type": "string",
                        "enum": [*F.RANKS, "10", "t", "j", "q", "k", "a"],
                    },
                    {"type": "integer", "minimum": 2, "maximum": 10},
                ]
            },
            text,
        )
    if isinstance(spec, S.Actions):
        one = {"type": "string", "pattern": ACTION_PATTERN}
        return _desc(
            {"anyOf": [one, {"type": "array", "minItems": 1, "items": one}]}, text
        )
    if isinstance(spec, S.ListOf):
        return _desc(
            {
                "type": "array",
                "minItems": spec.min_items,
                "maxItems": spec.max_items,
                "items": _spec(spec.item),
            },
            text,
        )
    if isinstance(spec, S.DictOf):
        return _desc(
            {
                "type": "object",
                "propertyNames": {"pattern": S.NAME_PATTERN},
                "additionalProperties": _spec(spec.value),
            },
            text,
        )
    if isinstance(spec, S.Obj):
        return _obj(spec, text)
    if isinstance(spec, S.OneOrList):
        one = _spec(spec.item)
        return _desc(
            {
                "anyOf": [
                    one,
                    {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": spec.max_items,
                        "items": one,
                    },
                ]
            },
            text,
        )
    if isinstance(spec, S.StepSpec):
        return _desc({"oneOf": [_obj(spec.act), _ask(spec), _event()]}, text)
    raise TypeError(f"no JSON Schema for {spec!r}")  # pragma: no cover


def _obj(spec: S.Obj, description: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "object",
        "properties": {f.name: _spec(f.spec, f.description) for f in spec.fields},
        "additionalProperties": False,
    }
    if spec.required:
        out["required"] = list(spec.required)
    return _desc(out, description or spec.description)


def _event() -> dict[str, Any]:
    """An event step: ``event:`` holding exactly one irregularity key and its own keys."""
    kinds = []
    for kind, (spec, allowed, description) in F.EVENT_KINDS.items():
        props = {kind: _spec(spec, description)}
        for key in allowed:
            props[key] = _spec(F.EVENT_MODIFIERS[key])
        kinds.append(
            {
                "type": "object",
                "properties": props,
                "required": [kind],
                "additionalProperties": False,
            }
        )
    return {
        "type": "object",
        "properties": {
            "event": {
                "description": "what went wrong at the table (an irregularity); a "
                "ruling ask after it asks for the dealer's ruling",
                "oneOf": kinds,
            }
        },
        "required": ["event"],
        "additionalProperties": False,
    }


def _ask(spec: S.StepSpec) -> dict[str, Any]:
    out = _obj(spec.ask)
    expect = spec.ask.field("expect")
    assert expect is not None
    out["properties"]["expect"] = {"type": "object", "description": expect.description}
    rules: list[dict[str, Any]] = []
    for kind, answer in spec.expect.items():
        then: dict[str, Any] = {"properties": {"expect": _obj(answer)}}
        if kind in F.PLAYER_ASKS:
            then["required"] = ["player"]
        else:
            then["not"] = {"required": ["player"]}
        rules.append(
            {
                "if": {"properties": {"ask": {"const": kind}}, "required": ["ask"]},
                "then": then,
            }
        )
    out["allOf"] = rules
    return out


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a scenario file (what ``tutor schema`` prints)."""
    root = _obj(F.SCENARIO)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Stud Tutor scenario",
        **root,
    }


def schema_text() -> str:
    """The schema as written to ``scenarios/schema.json``: indented, keys in order, final newline."""
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
