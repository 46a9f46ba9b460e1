"""JSON Schema pieces the law core writes its facts and its data files with."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def closed(properties: Mapping[str, Any], required: Iterable[str] | None = None) -> dict[str, Any]:
    """An object with these ``properties`` and no other, the ``required`` ones present: the shape
    of every question's facts (a key the law does not read is a mistake, not a fact)."""
    schema: dict[str, Any] = {"type": "object"}
    if required is not None:
        schema["required"] = list(required)
    schema["additionalProperties"] = False
    schema["properties"] = dict(properties)
    return schema
