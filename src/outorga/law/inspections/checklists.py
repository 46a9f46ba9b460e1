"""Inspection checklists as versioned dated data (``checklist_data/*.yaml``).

One checklist per service and category. Each file holds dated versions; the version in force on the
inspection date applies (D-15), so a regulation that adds an item is a new dated version, never an
edit of the old one. Every item cites the article it checks. An item may also:

- name ``rules`` of the checklist's rulebook ``question`` (e.g. ``taxi_2017.art_27_silver``): the
  rulebook decides the item from the vehicle's facts, the inspector cannot pass it by hand;
- name a ``fact`` of that question it answers (``equipment:<key>`` adds to the equipment list;
  otherwise a boolean, ``fact_when_ok`` when the item is ok, its negation when not ok);
- name the rulebook question that judges the ``loads`` found on the vehicle (motofrete art. 24,
  §3: ``motofrete_load``): when the inspector records them, the law decides the item and a banned
  load fails it whatever was ticked.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from outorga.law.citations import Citation, parse
from outorga.law.parameters import load_yaml
from outorga.law.schemas import closed, list_of

DATA = Path(__file__).parent / "checklist_data"

ITEM_SCHEMA: dict[str, Any] = closed(
    {
        "code": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
        "label": {"type": "string", "minLength": 3},
        "citation": {"type": "string", "pattern": r"^[a-z0-9.\-]+ art\. "},
        "critical": {"type": "boolean"},
        "allow_na": {"type": "boolean"},
        "rules": list_of({"type": "string"}, minItems=1),
        "fact": {"type": "string", "minLength": 1},
        "fact_when_ok": {"type": "boolean"},
        "loads": {"type": "string", "minLength": 1},
    },
    required=["code", "label", "citation", "critical"],
)

SCHEMA: dict[str, Any] = closed(
    {
        "code": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
        "title": {"type": "string", "minLength": 3},
        "law": {"type": "string"},
        "service": {"enum": ["mototaxi", "motofrete", "taxi", "apps"]},
        "category": {"enum": ["convencional", "especial", "executivo"]},
        "question": {"type": "string"},
        "versions": {
            "type": "object",
            "minProperties": 1,
            "propertyNames": {"pattern": r"^\d{4}-\d{2}-\d{2}$"},
            "additionalProperties": closed(
                {
                    "reference": {"type": "string", "minLength": 3},
                    "items": {"type": "array", "minItems": 1, "items": ITEM_SCHEMA},
                },
                required=["reference", "items"],
            ),
        },
    },
    required=["code", "title", "law", "service", "versions"],
)


class ChecklistMissing(LookupError):
    pass


@dataclass(frozen=True)
class Item:
    code: str
    label: str
    citation: Citation
    critical: bool
    allow_na: bool = True
    rules: tuple[str, ...] = ()
    fact: str | None = None
    fact_when_ok: bool = True
    loads: str | None = None  # the question judging the loads found (motofrete art. 24, §3)

    def to_json(self) -> dict[str, Any]:
        out = {
            "code": self.code,
            "label": self.label,
            "citation": self.citation.render(),
            "critical": self.critical,
            "allow_na": self.allow_na,
            "automatic": bool(self.rules),
        }
        # Only on the items that judge loads, so the recorded explanations of every other item
        # keep their exact text (tests/law/test_lazy_explanations.py).
        if self.loads is not None:
            out["loads"] = True
        return out


@dataclass(frozen=True)
class Checklist:
    """The version of a checklist in force on a date."""

    code: str
    title: str
    law: str
    service: str
    category: str | None
    question: str | None
    version: dt.date
    reference: str
    items: tuple[Item, ...]

    def item(self, code: str) -> Item:
        for i in self.items:
            if i.code == code:
                return i
        raise KeyError(code)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "title": self.title,
            "law": self.law,
            "version": self.version.isoformat(),
            "reference": self.reference,
            "items": [i.to_json() for i in self.items],
        }


def read_file(path: Path) -> dict[str, Any]:
    """A checklist file, validated against :data:`SCHEMA` (dates as ISO text, as in the file)."""
    data = load_yaml(path.read_text(encoding="utf-8"))
    if isinstance(data, dict) and isinstance(data.get("versions"), dict):
        data["versions"] = {str(k): v for k, v in data["versions"].items()}
    error = jsonschema.exceptions.best_match(_validator().iter_errors(data))
    if error is not None:  # as ``jsonschema.validate`` raises it
        raise error
    for version in data["versions"].values():
        codes = [i["code"] for i in version["items"]]
        if len(codes) != len(set(codes)):
            raise ValueError(f"{path.name}: item code repeated in a version")
        for i in version["items"]:
            parse(i["citation"])  # every citation must name a known law and article
    return dict(data)


@cache
def _validator() -> jsonschema.protocols.Validator:
    """:data:`SCHEMA`'s validator, the schema checked once: ``jsonschema.validate`` checked it
    again for every file, most of the start of any law question (issue #21)."""
    kind = jsonschema.validators.validator_for(SCHEMA)
    kind.check_schema(SCHEMA)
    return kind(SCHEMA)


@cache
def _files() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(DATA.glob("*.yaml")):
        data = read_file(path)
        if data["code"] != path.stem:
            raise ValueError(f"{path.name}: code {data['code']} differs from the file name")
        out[data["code"]] = data
    return out


def codes() -> list[str]:
    return sorted(_files())


def code_for(service: str, category: str | None = None) -> str:
    """The checklist of a service (and taxi category): ``mototaxi``, ``taxi_especial``…"""
    if service == "taxi":
        return f"taxi_{category or 'convencional'}"
    return service if service in _files() else f"{service}_vehicle"


def checklist(code: str, on: dt.date) -> Checklist:
    """The version of checklist ``code`` in force on ``on``."""
    data = _files().get(code)
    if data is None:
        raise ChecklistMissing(f"lista de verificação desconhecida: {code}")
    dates = sorted(dt.date.fromisoformat(d) for d in data["versions"])
    in_force = [d for d in dates if d <= on]
    if not in_force:
        raise ChecklistMissing(f"lista {code} sem versão em vigor em {on:%d/%m/%Y}")
    version = in_force[-1]
    v = data["versions"][version.isoformat()]
    items = tuple(
        Item(
            code=i["code"],
            label=i["label"],
            citation=parse(i["citation"]),
            critical=bool(i["critical"]),
            allow_na=bool(i.get("allow_na", True)),
            rules=tuple(i.get("rules", ())),
            fact=i.get("fact"),
            fact_when_ok=bool(i.get("fact_when_ok", True)),
            loads=i.get("loads"),
        )
        for i in v["items"]
    )
    return Checklist(
        code=code,
        title=data["title"],
        law=data["law"],
        service=data["service"],
        category=data.get("category"),
        question=data.get("question"),
        version=version,
        reference=v["reference"],
        items=items,
    )
