"""Builds the law core's view of a municipality from the database."""

from __future__ import annotations

import datetime as dt

from outorga.law.context import (
    Context,
    MunicipalityFacts,
    Population,
)
from outorga.law.context import (
    FiscalUnitValue as LawFiscalUnit,
)
from outorga.law.context import (
    RuleSuspension as LawSuspension,
)
from outorga.law.parameters import DatedValue

from .models import (
    CalendarDay,
    FiscalUnitValue,
    Municipality,
    ParameterOverride,
    PopulationFigure,
    RuleSuspension,
)
from .tenancy import tenant


def facts_for(m: Municipality) -> MunicipalityFacts:
    with tenant(m):
        overrides: dict[str, list[DatedValue]] = {}
        for o in ParameterOverride.objects.all():
            overrides.setdefault(o.name, []).append(
                DatedValue(o.effective, o.value, o.example, o.legal_reference, "municipality")
            )
        days = list(CalendarDay.objects.all())
        return MunicipalityFacts(
            slug=m.slug,
            name=m.name,
            ibge_code=m.ibge_code,
            uf=m.uf,
            laws=m.laws,
            bindings=m.law_bindings(),
            populations=tuple(
                Population(p.value, p.reference_year, p.effective, p.source)
                for p in PopulationFigure.objects.all()
            ),
            fiscal_units=tuple(
                LawFiscalUnit(u.name, u.value, u.valid_from, u.legal_reference, u.example)
                for u in FiscalUnitValue.objects.all()
            ),
            holidays={d.date: d.description for d in days if d.kind == CalendarDay.Kind.HOLIDAY},
            closed_days={
                d.date: _closed_why(d) for d in days if d.kind != CalendarDay.Kind.HOLIDAY
            },
            overrides={k: tuple(v) for k, v in overrides.items()},
            suspensions=tuple(
                LawSuspension(s.rule, s.start, s.end, s.reference)
                for s in RuleSuspension.objects.all()
            ),
        )


def _closed_why(day: CalendarDay) -> str:
    # A ponto facultativo dispenses the office's business: like a closed day, it is no business
    # day for deadlines (D-4; Lei 9.784/1999 art. 66 §1), and the reason says which it was.
    if day.kind == CalendarDay.Kind.OPTIONAL:
        return f"ponto facultativo — {day.description}"
    return day.description


def context(m: Municipality, as_of: dt.date) -> Context:
    return Context(facts_for(m), as_of)
