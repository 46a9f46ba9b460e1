"""D-15 for who decides, on the municipality's clock: an act asked without its date is judged by the
competence table in force on the municipality's today. At 00:30 of 01/03/2027 in Brasília it is
still 23:30 of 28/02 in Barra do Garças (UTC−4): an amendment from 01/03 does not yet reach an act
there. The amendment is a test's (no such amendment exists)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from law_factories import amended_competence

from outorga.core.acts import Actor
from outorga.core.authz import authorize
from outorga.core.models import Act
from outorga.core.tenancy import unscoped
from outorga.law.citations import cite, decision
from outorga.law.competence import Competence, NotCompetent, Role

APPS = "barra-do-garcas.apps-2025"
AMENDED_ON = dt.date(2027, 3, 1)
#: 00:30 of 01/03/2027 in Brasília, 23:30 of 28/02 in Barra do Garças.
INSTANT = dt.datetime(2027, 3, 1, 3, 30, tzinfo=dt.UTC)
#: A test amendment: from 01/03/2027 the fiscal, not the Chief Executive (art. 26, IV; D-3),
#: suspends a platform.
MOVED = Competence(
    APPS,
    "platform.suspend",
    frozenset({Role.FISCAL}),
    (cite(APPS, 26, inc="IV"), decision(3)),
    note="redação dada por emenda de teste",
    valid_from=AMENDED_ON,
)


@pytest.fixture
def amended() -> Iterator[None]:
    with amended_competence(MOVED):
        yield


@pytest.fixture
def at_the_instant(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr("django.utils.timezone.now", lambda: INSTANT)


def test_d_15_an_act_without_its_date_is_judged_on_barra_do_garcas_day_not_brasilias(
    barra_m, user_of, amended, at_the_instant
):
    fiscal = Actor.of(user_of("barra-do-garcas", Role.FISCAL), "198.51.100.9")
    executive = Actor.of(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO), "198.51.100.9")
    # 28/02 in Barra do Garças: the table before the amendment.
    assert authorize(actor=executive, municipality=barra_m, action="platform.suspend", law=APPS)
    with pytest.raises(NotCompetent, match=r"Chefe do Executivo.*art\. 26, IV"):
        authorize(actor=fiscal, municipality=barra_m, action="platform.suspend", law=APPS)
    with unscoped():
        refused = Act.objects.filter(
            municipality=barra_m, action="platform.suspend", outcome="refused"
        ).last()
    assert refused is not None and refused.role == Role.FISCAL
    # The amendment's own day, said by the act.
    assert authorize(
        actor=fiscal, municipality=barra_m, action="platform.suspend", law=APPS, on=AMENDED_ON
    )
