"""A date the API takes is written AAAA-MM-DD (ISO 8601, ``format: date`` in the OpenAPI
document). Pydantic's lax mode would read a number as a Unix time — ``?on=0`` answered for
01/01/1970 on four routes (found by schemathesis' negative-data check, ADR 0037) — so every date
an operation takes, in its query, path or body, is ``core.apikit.IsoDate``."""

from __future__ import annotations

import datetime as dt
import typing
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from pydantic import BaseModel

from outorga.config.api import api
from outorga.core.apikit import IsoDate
from outorga.law.competence import Role


def _bare_dates(annotation: Any, where: str, seen: set[type]) -> Iterator[str]:
    """The places under ``annotation`` that take a date without the AAAA-MM-DD check."""
    if annotation is dt.date:
        yield where
    elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation not in seen:
            seen.add(annotation)
            for name, field in annotation.model_fields.items():
                yield from _bare_dates(field.annotation, f"{where}.{name}", seen)
    else:
        for arg in typing.get_args(annotation):  # unions, lists, dicts, Annotated
            yield from _bare_dates(arg, where, seen)


def _operations() -> Iterator[tuple[str, Any]]:
    for prefix, router in api._routers:
        for path, view in router.path_operations.items():
            for op in view.operations:
                yield f"{'/'.join(op.methods)} {prefix}{path}", op


def test_every_date_an_operation_takes_must_be_written_aaaa_mm_dd():
    bare = [
        place
        for name, op in _operations()
        for model in op.models
        for place in _bare_dates(model, name, set())
    ]
    assert bare == []


def test_the_check_finds_a_bare_date():
    class Body(BaseModel):
        on: dt.date
        until: dt.date | None = None
        ok: IsoDate | None = None
        days: list[dt.date] = []

    assert list(_bare_dates(Body, "X", set())) == ["X.on", "X.until", "X.days"]


@pytest.mark.parametrize(
    ("url", "role"),
    [
        ("/api/v1/finance/fees?on=0", Role.FINANCAS),
        ("/api/v1/inspections/due?on=0", Role.ATENDENTE),
        ("/api/v1/enforcement/infraction-types?on=0", Role.FISCAL),
        ("/api/v1/finance/debts?due_to=0", Role.FINANCAS),
    ],
)
def test_a_number_given_for_a_date_is_refused_naming_the_field(url, role, user_of):
    c = Client()
    c.force_login(user_of("ipatinga", role))
    r = c.get(url)
    assert r.status_code == 422, r.content
    field = url.split("?")[1].split("=")[0]
    assert {"campo": field, "erro": "deve ser uma data (AAAA-MM-DD)"} in r.json()["erros"]
    assert r.json()["detail"] == "Dados inválidos."


def test_a_date_written_aaaa_mm_dd_is_taken(user_of):
    c = Client()
    c.force_login(user_of("ipatinga", Role.FINANCAS))
    r = c.get("/api/v1/finance/fees?on=2026-03-01")
    assert r.status_code == 200 and r.json(), r.content
