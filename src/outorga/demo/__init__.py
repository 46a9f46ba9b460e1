"""Demo municipalities as plain data (no Django): the seed command and the law tests read them.

Population: IBGE, Censo Demográfico 2022 (published 28/06/2023). Fiscal-unit values are EXAMPLES
(``example=True``): a municipality replaces them with the value its decree sets for each year.
Which law governs each service is the municipality's dated data (D-15): the demo's bindings are
read from ``demo_data/bindings.json``, each law adopted for every service it can govern.
"""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal
from importlib import resources

from outorga.law.bindings import Binding, adopting, laws_of
from outorga.law.context import FiscalUnitValue, MunicipalityFacts, Population

CENSUS_2022_PUBLISHED = dt.date(2023, 6, 28)
CENSUS_SOURCE = "IBGE, Censo Demográfico 2022"


def _bindings(slug: str) -> tuple[Binding, ...]:
    """The demo municipality's bindings: each law it applies, from its entry into force (or the
    entry's ``since``), with the act that binds it."""
    data = json.loads(
        resources.files("outorga").joinpath("demo_data", "bindings.json").read_text("utf-8")
    )
    return tuple(
        b
        for entry in data[slug]
        for b in adopting(
            entry["law"],
            dt.date.fromisoformat(entry["since"]) if "since" in entry else None,
            entry.get("reference", ""),
        )
    )


#: Ipatinga's own laws, each from the day it entered into force.
IPATINGA_BINDINGS = _bindings("ipatinga")
BARRA_DO_GARCAS_BINDINGS = _bindings("barra-do-garcas")

IPATINGA = MunicipalityFacts(
    slug="ipatinga",
    name="Ipatinga",
    ibge_code="3131307",
    uf="MG",
    laws=laws_of(IPATINGA_BINDINGS),
    bindings=IPATINGA_BINDINGS,
    populations=(Population(227_731, 2022, CENSUS_2022_PUBLISHED, CENSUS_SOURCE),),
    fiscal_units=(
        FiscalUnitValue(
            "UFPI", Decimal("5.00"), dt.date(2013, 1, 1), "valor de exemplo (demo)", example=True
        ),
    ),
    holidays={
        dt.date(y, 8, 15): "feriado municipal de 15 de agosto (Lei Municipal 528/1975)"
        for y in range(2013, 2041)
    },
)

BARRA_DO_GARCAS = MunicipalityFacts(
    slug="barra-do-garcas",
    name="Barra do Garças",
    ibge_code="5101803",
    uf="MT",
    laws=laws_of(BARRA_DO_GARCAS_BINDINGS),
    bindings=BARRA_DO_GARCAS_BINDINGS,
    populations=(Population(69_210, 2022, CENSUS_2022_PUBLISHED, CENSUS_SOURCE),),
    fiscal_units=(
        FiscalUnitValue(
            "UPFBG", Decimal("100.00"), dt.date(2025, 1, 1), "valor de exemplo (demo)", example=True
        ),
    ),
)

MUNICIPALITIES = {m.slug: m for m in (IPATINGA, BARRA_DO_GARCAS)}
