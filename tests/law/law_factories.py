"""What the law core's tests share: an amendment of the competence table (D-15), laid over the
shipped table for one test and taken off after it, whatever the test does; a municipality's
dated values of the law's parameters (D-15), test values, for a test that a text says them."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from outorga.law import competence as table
from outorga.law.context import Context, MunicipalityFacts
from outorga.law.parameters import DatedValue


@contextmanager
def amended_competence(*versions: table.Competence) -> Iterator[None]:
    """The competence table with ``versions`` amended in (:func:`competence.amend`), restored
    as it was on leaving."""
    before = {k: list(v) for k, v in table.VERSIONS.items()}
    newest = dict(table.COMPETENCES)
    try:
        table.amend(*versions)
        yield
    finally:
        table.restore(before, newest)


def with_dated_values(
    town: MunicipalityFacts, on: dt.date, values: Mapping[str, tuple[dt.date, Any]]
) -> Context:
    """A context of ``town`` on ``on`` where the municipality recorded, for each parameter named,
    a value from a date (``{name: (effective, value)}``, D-15) — test values, not the law's."""
    overrides = {
        name: (DatedValue(effective, value, True, None, "municipality"),)
        for name, (effective, value) in values.items()
    }
    return Context(dataclasses.replace(town, overrides=overrides), on)
