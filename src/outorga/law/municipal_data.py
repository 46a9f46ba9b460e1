"""A municipality's data for the law as a JSON file: what ``Context`` reads, without a database.

``outorga law data --municipality SLUG`` writes it from the records; ``outorga law explain
--data FILE`` reads it, so a batch of questions runs where there is no database (a laptop, a
council's analyst) and starts without the web stack. The file holds the same dated data the
records do — bindings, population figures, fiscal units, the municipality's own parameter values,
holidays and closed days, rule suspensions — and nothing of the law itself, which stays in the
code and its parameter files.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from .bindings import Binding, laws_of
from .context import FiscalUnitValue, MunicipalityFacts, Population, RuleSuspension
from .parameters import DatedValue

#: The format's version: a reader refuses a file of another.
VERSION = 1


class DataFileInvalid(ValueError):
    """The file does not hold a municipality's data; the message says where, in Portuguese."""


def to_json(m: MunicipalityFacts) -> dict[str, Any]:
    def iso(d: dt.date | None) -> str | None:
        return d.isoformat() if d is not None else None

    return {
        "version": VERSION,
        "slug": m.slug,
        "name": m.name,
        "ibge_code": m.ibge_code,
        "uf": m.uf,
        "bindings": [
            {
                "service": b.service,
                "law": b.law,
                "valid_from": iso(b.valid_from),
                "valid_until": iso(b.valid_until),
                "reference": b.reference,
            }
            for b in m.bindings
        ],
        "populations": [
            {
                "value": p.value,
                "reference_year": p.reference_year,
                "effective": iso(p.effective),
                "source": p.source,
            }
            for p in m.populations
        ],
        "fiscal_units": [
            {
                "name": u.name,
                "value": str(u.value),
                "valid_from": iso(u.valid_from),
                "reference": u.reference,
                "example": u.example,
            }
            for u in m.fiscal_units
        ],
        "holidays": {iso(d): why for d, why in sorted(m.holidays.items())},
        "closed_days": {iso(d): why for d, why in sorted(m.closed_days.items())},
        "parameters": {
            name: [
                {
                    "effective": iso(v.effective),
                    "value": v.value,
                    "example": v.example,
                    "reference": v.reference,
                }
                for v in values
            ]
            for name, values in sorted(m.overrides.items())
        },
        "suspensions": [
            {"rule": s.rule, "start": iso(s.start), "end": iso(s.end), "reference": s.reference}
            for s in m.suspensions
        ],
    }


def from_json(data: Any) -> MunicipalityFacts:
    """The municipality's facts from :func:`to_json`'s shape; :class:`DataFileInvalid` naming the
    field when one is missing or malformed."""
    if not isinstance(data, Mapping):
        raise DataFileInvalid("o arquivo deve conter um objeto JSON")
    if data.get("version") != VERSION:
        raise DataFileInvalid(f"version: esperada {VERSION}, encontrada {data.get('version')!r}")
    try:
        bindings = tuple(
            Binding(
                str(b["service"]),
                str(b["law"]),
                _day(b["valid_from"], "bindings.valid_from"),
                _day(b["valid_until"], "bindings.valid_until") if b.get("valid_until") else None,
                str(b.get("reference", "")),
            )
            for b in data.get("bindings", [])
        )
        return MunicipalityFacts(
            slug=str(data["slug"]),
            name=str(data["name"]),
            ibge_code=str(data["ibge_code"]),
            uf=str(data["uf"]),
            laws=laws_of(bindings),
            bindings=bindings,
            populations=tuple(
                Population(
                    int(p["value"]),
                    int(p["reference_year"]),
                    _day(p["effective"], "populations.effective"),
                    str(p.get("source", "")),
                )
                for p in data.get("populations", [])
            ),
            fiscal_units=tuple(
                FiscalUnitValue(
                    str(u["name"]),
                    _decimal(u["value"], "fiscal_units.value"),
                    _day(u["valid_from"], "fiscal_units.valid_from"),
                    str(u.get("reference", "")),
                    bool(u.get("example", False)),
                )
                for u in data.get("fiscal_units", [])
            ),
            holidays={_day(d, "holidays"): str(why) for d, why in data.get("holidays", {}).items()},
            closed_days={
                _day(d, "closed_days"): str(why) for d, why in data.get("closed_days", {}).items()
            },
            overrides={
                str(name): tuple(
                    DatedValue(
                        _day(v["effective"], f"parameters.{name}.effective"),
                        v["value"],
                        bool(v.get("example", False)),
                        v.get("reference"),
                        "municipality",
                    )
                    for v in values
                )
                for name, values in data.get("parameters", {}).items()
            },
            suspensions=tuple(
                RuleSuspension(
                    str(s["rule"]),
                    _day(s["start"], "suspensions.start"),
                    _day(s["end"], "suspensions.end") if s.get("end") else None,
                    str(s.get("reference", "")),
                )
                for s in data.get("suspensions", [])
            ),
        )
    except KeyError as exc:
        raise DataFileInvalid(f"campo obrigatório ausente: {exc.args[0]}") from None
    except (TypeError, AttributeError, ValueError) as exc:
        if isinstance(exc, DataFileInvalid):
            raise
        raise DataFileInvalid(f"valor inválido ({exc})") from None


def load(path: Path) -> MunicipalityFacts:
    try:
        data = json.loads(path.read_text("utf-8"))
    except OSError as exc:
        raise DataFileInvalid(f"não foi possível ler {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise DataFileInvalid(f"JSON inválido ({exc})") from None
    return from_json(data)


def _day(value: Any, where: str) -> dt.date:
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise DataFileInvalid(f"{where}: data inválida {value!r}, use AAAA-MM-DD") from None


def _decimal(value: Any, where: str) -> Decimal:
    try:
        return Decimal(str(value))
    except InvalidOperation:
        raise DataFileInvalid(f"{where}: número inválido {value!r}") from None
