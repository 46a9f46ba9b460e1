"""The Open Mobility Foundation's MDS 2.0 models (vendored beside this file, CC BY 4.0) as test
tools: a validator of the published schema, and a generator of passenger-services trips and
vehicles that reads the schema files — required fields, enums, minimums, nullable types,
optional fields — instead of copying their values."""

from __future__ import annotations

import random
import uuid
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

MODELS = Path(__file__).resolve().parent / "reference" / "mds-openapi-2.0" / "models"
MODE = "modes/passenger-services"


@cache
def _load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _retrieve(uri: str) -> Resource[Any]:
    return Resource.from_contents(
        _load(Path(uri.removeprefix("file://"))), default_specification=DRAFT202012
    )


def validator(model: str) -> Draft202012Validator:
    """The published schema of ``model`` ("trip", "vehicle") in the passenger-services mode, its
    references resolved from the files: the model's common part and the mode's. (The model's
    ``oneOf`` of modes cannot tell them apart when a record carries none of a mode's own
    required fields — a vehicle with only a plate is a car-share vehicle too.)"""
    path = MODELS / f"{model}.yaml"
    top = _load(path)
    return Draft202012Validator(
        {
            "type": "object",
            "required": top["required"],
            "allOf": [
                {"$ref": f"{path.as_uri()}#/allOf/0"},
                {"$ref": (MODELS / MODE / f"{model}.yaml").as_uri()},
            ],
        },
        registry=Registry(retrieve=_retrieve),  # type: ignore[call-arg]
    )


def _inline(node: Any, base: Path) -> Any:
    """``node`` with every ``$ref`` to another file replaced by that file's schema."""
    if isinstance(node, list):
        return [_inline(v, base) for v in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target = (base / node["$ref"]).resolve()
        rest = {k: v for k, v in node.items() if k != "$ref"}
        return _merge(_inline(_load(target), target.parent), _inline(rest, base))
    return {k: _inline(v, base) for k, v in node.items()}


def _merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    out = dict(a)
    for k, v in b.items():
        if k == "properties" and k in out:
            props = dict(out[k])
            for name, sub in v.items():
                props[name] = _merge(props[name], sub) if name in props else sub
            out[k] = props
        elif k == "required" and k in out:
            out[k] = list(dict.fromkeys([*out[k], *v]))
        elif k == "items" and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


def _flatten(schema: dict[str, Any]) -> dict[str, Any]:
    """One schema from ``allOf`` parts and the passenger-services branch of a ``oneOf``."""
    out = {k: v for k, v in schema.items() if k not in ("allOf", "oneOf")}
    for part in schema.get("allOf", []):
        out = _merge(out, _flatten(part))
    if "oneOf" in schema:
        branch = next(b for b in schema["oneOf"] if MODE in str(b.get("title", "")))
        out = _merge(out, _flatten(branch))
    return out


@cache
def model_schema(model: str) -> dict[str, Any]:
    """The passenger-services ``model`` as one flat schema."""
    path = MODELS / f"{model}.yaml"
    return _flatten(_inline(_load(path), path.parent))


class Generator:
    """Values valid against a flat schema. ``optional`` is the chance an optional property is
    written; a nullable one is then null with chance ``null``; properties named in ``always``
    are written wherever they occur."""

    def __init__(
        self,
        seed: int,
        optional: float = 0.5,
        null: float = 0.25,
        always: frozenset[str] = frozenset(),
    ) -> None:
        self.rng = random.Random(seed)
        self.optional, self.null, self.always = optional, null, always

    def value(self, schema: dict[str, Any]) -> Any:
        schema = _flatten(schema)
        rng = self.rng
        if "enum" in schema:
            return rng.choice(schema["enum"])
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = next(t for t in kind if t != "null")
        if kind is None:
            kind = "array" if "items" in schema else "object"
        if kind == "object":
            return self._object(schema)
        if kind == "array":
            n = rng.randint(schema.get("minItems", 0), schema.get("maxItems", 2))
            out: list[Any] = []
            for _ in range(n * 5):
                item = self.value(schema.get("items", {"type": "string"}))
                if len(out) < n and not (schema.get("uniqueItems") and item in out):
                    out.append(item)
            return out
        if kind == "integer":
            low = int(schema.get("minimum", 0))
            return rng.randint(low, low + 50_000)
        if kind == "number":
            low = int(schema.get("minimum", 0))
            return low + rng.randint(0, 10**9) if "multipleOf" in schema else low + rng.random()
        if kind == "boolean":
            return rng.random() < 0.5
        if "uuid" in str(schema.get("format", "")) + str(schema.get("title", "")):
            return str(uuid.UUID(int=rng.getrandbits(128), version=4))
        if schema.get("format") == "uri":
            return f"https://provider.example/{rng.randint(1, 10**6)}.jpg"
        if schema.get("format") == "date":
            return f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        examples = schema.get("examples") or ["ABC123"]
        return str(rng.choice(examples))

    def _object(self, schema: dict[str, Any]) -> dict[str, Any]:
        props: dict[str, Any] = schema.get("properties", {})
        required = set(schema.get("required", []))
        out: dict[str, Any] = {}
        for name, sub in props.items():
            sub = _flatten(sub)
            if name in self.always:
                out[name] = self.value(sub)
                continue
            if name not in required and self.rng.random() >= self.optional:
                continue
            nullable = "null" in (sub.get("type") or [])
            if name not in required and nullable and self.rng.random() < self.null:
                out[name] = None
            elif sub.get("type") == ["array", "object"] or "type" not in sub and not sub:
                continue  # free-form (e.g. a mode's accessibility list, given elsewhere)
            else:
                out[name] = self.value(sub)
        return out


def trip(gen: Generator) -> dict[str, Any]:
    """A passenger-services trip as the published schema generates it."""
    return gen.value(model_schema("trip"))


def vehicle(gen: Generator) -> dict[str, Any]:
    """A passenger-services vehicle as the published schema generates it."""
    return gen.value(model_schema("vehicle"))
