"""Demo municipalities as plain data (no Django): the seed command and the law tests read them.

Population: IBGE, Censo Demográfico 2022 (published 28/06/2023). Fiscal-unit values are EXAMPLES
(``example=True``): a municipality replaces them with the value its decree sets for each year.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from outorga.law.bindings import adopting, laws_of
from outorga.law.context import FiscalUnitValue, MunicipalityFacts, Population

CENSUS_2022_PUBLISHED = dt.date(2023, 6, 28)
CENSUS_SOURCE = "IBGE, Censo Demográfico 2022"

#: Ipatinga's own laws, each from the day it entered into force.
IPATINGA_BINDINGS = (
    *adopting(
        "ipatinga.mototaxi-2013", reference="Lei municipal de 27/08/2013 (mototáxi e motofrete)"
    ),
    *adopting("ipatinga.taxi-2017", reference="Lei municipal de 2017 (táxi)"),
)
BARRA_DO_GARCAS_BINDINGS = adopting("barra-do-garcas.apps-2025", reference="Lei 4.976/2025")

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
