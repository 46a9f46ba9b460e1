"""Dated parameters in OpenFisca's shape.

One YAML file per parameter::

    description: Maximum mototaxis per inhabitant ratio
    metadata:
      unit: inhabitants-per-permit
      reference:
        - title: Lei de mototáxi de Ipatinga (2013), art. 10, I
    values:
      2013-08-27:
        value: 300

A parameter's name is its path below a ``parameters`` folder with dots (``mototaxi_2013.quota_ratio``).
A value may be ``null`` where the law leaves the number to a regulation with no default (D-10); a
value marked ``example: true`` is demo data a municipality must replace. Municipalities add their own
dated values (``overrides``), which win over the file's on the same date (D-15: an amendment is a new
dated value, never an edit of the old one).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import fastjsonschema
import jsonschema
import yaml

from .schemas import closed

SCHEMA: dict[str, Any] = closed(
    {
        "description": {"type": "string", "minLength": 3},
        "documentation": {"type": "string"},
        "metadata": closed(
            {
                "unit": {"type": "string", "minLength": 1},
                "reference": {
                    "type": "array",
                    "minItems": 1,
                    "items": closed(
                        {
                            "title": {"type": "string", "minLength": 3},
                            "citation": {"type": "string"},
                            "href": {"type": "string"},
                        },
                        required=["title"],
                    ),
                },
                "editable": {"type": "boolean"},
                "label_pt": {"type": "string"},
            },
            required=["unit", "reference"],
        ),
        "values": {
            "type": "object",
            "minProperties": 1,
            "propertyNames": {"pattern": r"^\d{4}-\d{2}-\d{2}$"},
            "additionalProperties": closed(
                {
                    "value": {},
                    "example": {"type": "boolean"},
                    "reference": {"type": "string"},
                },
                required=["value"],
            ),
        },
    },
    required=["description", "metadata", "values"],
)


def load_yaml(text: str) -> Any:
    """``yaml.safe_load`` with libyaml's parser where PyYAML was built with it: the same safe
    constructor, the same objects (tests/law/test_engine_parameters.py compares every file of
    the law), a tenth of the time — most of the start of a law question was reading them."""
    if yaml.__with_libyaml__:
        return yaml.load(text, Loader=yaml.CSafeLoader)
    return yaml.safe_load(text)


#: SCHEMA compiled once: validating each of the files with ``jsonschema.validate`` checked the
#: schema itself again every time, seconds at start-up (issue #21).
_valid_file = fastjsonschema.compile(SCHEMA)


class ParameterMissing(LookupError):
    """No value in force for a parameter on a date (or the law leaves it to a regulation)."""

    def __init__(self, name: str, as_of: dt.date, why: str = "") -> None:
        self.name = name
        self.as_of = as_of
        super().__init__(
            f"parâmetro {name} sem valor em vigor em {as_of:%d/%m/%Y}" + (f": {why}" if why else "")
        )


@dataclass(frozen=True)
class DatedValue:
    effective: dt.date
    value: Any
    example: bool = False
    reference: str | None = None
    source: str = "law"  # "law" (the shipped file) or "municipality" (an override)


@dataclass(frozen=True)
class ParameterValue:
    """The value of a parameter in force on a date, as it appears in a decision's trace."""

    name: str
    value: Any
    effective: dt.date
    unit: str
    references: tuple[str, ...]
    example: bool = False
    source: str = "law"

    def to_json(self) -> dict[str, Any]:
        """The trace of this value; written once (every decision using it shows the same)."""
        try:
            written = self.__dict__["_json"]
        except KeyError:
            written = self.__dict__["_json"] = self._to_json()
        out = dict(written)
        out["references"] = list(written["references"])
        if isinstance(out["value"], list):
            out["value"] = list(out["value"])
        return out

    def _to_json(self) -> dict[str, Any]:
        value = self.value
        if isinstance(value, dt.date):
            value = value.isoformat()
        return {
            "name": self.name,
            "value": str(value) if not isinstance(value, int | str | bool | None | list) else value,
            "effective": self.effective.isoformat(),
            "unit": self.unit,
            "references": list(self.references),
            "example": self.example,
            "source": self.source,
        }


@dataclass(frozen=True)
class Parameter:
    name: str
    description: str
    unit: str
    references: tuple[str, ...]
    values: tuple[DatedValue, ...]
    editable: bool = False
    label_pt: str = ""

    # Values already resolved, by (date, the municipality's overrides): contexts come and go per
    # request, the parameters and the dates they are read on repeat.
    _resolved: dict[tuple[dt.date, tuple[DatedValue, ...]], ParameterValue] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def at(self, as_of: dt.date, overrides: Iterable[DatedValue] = ()) -> ParameterValue:
        own = tuple(overrides)
        try:
            return self._resolved[(as_of, own)]
        except KeyError:
            pass
        except TypeError:  # an override's value is a list: resolve it each time
            return self._resolve(as_of, own)
        value = self._resolved[(as_of, own)] = self._resolve(as_of, own)
        return value

    def _resolve(self, as_of: dt.date, overrides: tuple[DatedValue, ...]) -> ParameterValue:
        timeline = {v.effective: v for v in self.values}
        for o in overrides:
            timeline[o.effective] = o  # a municipality's value wins on the same date
        in_force = [v for d, v in timeline.items() if d <= as_of]
        if not in_force:
            raise ParameterMissing(self.name, as_of, "anterior à vigência")
        current = max(in_force, key=lambda v: v.effective)
        if current.value is None:
            raise ParameterMissing(
                self.name, as_of, "fixado por regulamento; o município deve informar"
            )
        refs = self.references + ((current.reference,) if current.reference else ())
        return ParameterValue(
            self.name,
            current.value,
            current.effective,
            self.unit,
            refs,
            current.example,
            current.source,
        )


def _as_date(key: Any) -> dt.date:
    return key if isinstance(key, dt.date) else dt.date.fromisoformat(str(key))


def load_file(path: Path, name: str) -> Parameter:
    data = load_yaml(path.read_text(encoding="utf-8"))
    # YAML turns the keys into dates; the schema wants the ISO text.
    if isinstance(data, dict) and isinstance(data.get("values"), dict):
        data["values"] = {str(k): v for k, v in data["values"].items()}
    try:
        _valid_file(data)
    except fastjsonschema.JsonSchemaException:
        jsonschema.validate(data, SCHEMA)  # says what is wrong, as it always did
    meta = data["metadata"]
    values = tuple(
        sorted(
            (
                DatedValue(
                    _as_date(k), v["value"], bool(v.get("example", False)), v.get("reference")
                )
                for k, v in data["values"].items()
            ),
            key=lambda v: v.effective,
        )
    )
    return Parameter(
        name=name,
        description=data["description"],
        unit=meta["unit"],
        references=tuple(r["title"] for r in meta["reference"]),
        values=values,
        editable=bool(meta.get("editable", False)),
        label_pt=meta.get("label_pt", ""),
    )


@dataclass
class ParameterTree:
    """All parameters of the shipped YAML files, by dotted name."""

    parameters: dict[str, Parameter] = field(default_factory=dict)

    @classmethod
    def load(cls, *roots: Path) -> ParameterTree:
        tree = cls()
        for root in roots:
            for path in sorted(root.rglob("*.yaml")):
                rel = path.relative_to(root).with_suffix("")
                name = ".".join(rel.parts)
                if name in tree.parameters:
                    raise ValueError(f"parameter {name} defined twice")
                tree.parameters[name] = load_file(path, name)
        return tree

    def __getitem__(self, name: str) -> Parameter:
        try:
            return self.parameters[name]
        except KeyError:
            raise KeyError(f"unknown parameter {name}") from None

    def value(
        self,
        name: str,
        as_of: dt.date,
        overrides: Mapping[str, tuple[DatedValue, ...]] | None = None,
    ) -> ParameterValue:
        return self[name].at(as_of, (overrides or {}).get(name, ()))


_TREE: ParameterTree | None = None
_EXTRA_ROOTS: list[Path] = []


def parameter_roots() -> list[Path]:
    here = Path(__file__).parent
    return sorted(p for p in here.rglob("parameters") if p.is_dir()) + _EXTRA_ROOTS


def add_root(root: Path) -> None:
    """The parameter files of a rulebook kept outside this package (a law shipped apart, or a
    test's): loaded with the others from now on."""
    global _TREE
    if root not in _EXTRA_ROOTS:
        _EXTRA_ROOTS.append(root)
        _TREE = None


def tree() -> ParameterTree:
    """The shipped parameters, loaded once."""
    global _TREE
    if _TREE is None:
        _TREE = ParameterTree.load(*parameter_roots())
    return _TREE
