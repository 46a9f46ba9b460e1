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


def list_of(items: Mapping[str, Any], **keywords: Any) -> dict[str, Any]:
    """A list whose every element has the schema ``items`` (``uniqueItems=True`` and the like as
    keywords): the other permissions, the debts, the infractions a question reads."""
    return {"type": "array", "items": items, **keywords}


def nullable(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` or ``null``: a fact the records may hold without a value (no birth date on
    record, a credential never renewed)."""
    return {"anyOf": [schema, {"type": "null"}]}
