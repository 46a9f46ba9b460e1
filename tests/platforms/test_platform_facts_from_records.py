"""Each platforms facts builder reads the record: change one record — a penalty on the platform's
history, its credential — and the law's decision changes (issue "law bindings", point 3;
ADR 0012 §6: apps art. 26 I "primeira ocorrência" is read by the law from the offender's record).
The tests go through the platform services the screens and the API call.

=========================================================  ===============  ==========================================================
builder (fact it reads)                                    question         test
=========================================================  ===============  ==========================================================
occurrences (penalties and proposals of the platform)     penalty          test_art_26_i_a_warning_on_record_lets_the_next_fact_be_fined
roster facts (platform_credentialed: the platform status)  roster_capacity  test_art_3_a_platform_suspended_on_record_enables_no_more_drivers
=========================================================  ===============  ==========================================================

Builders already covered by an existing test that changes the record and sees the decision change:

- ``occurrences`` (a warning annulled on appeal) → penalty: ``test_platform_penalty_appeal.py::
  test_art_26_i_a_warning_annulled_on_appeal_no_longer_counts_as_an_occurrence``.
- ``enabled_roster`` → roster_capacity (art. 3 §2): ``test_platform_drivers.py::
  test_deactivation_frees_a_place`` (a driver disabled → the next one is enabled).
- ``_counted_platforms`` → platform_credential (art. 3 §1): ``test_platform_credentialing.py::
  test_a_suspended_platform_keeps_its_place_a_cancelled_one_frees_it``.
- ``driver_facts`` reads no record: it translates what the platform submits in named fields
  (``DriverData``); each field's effect is tested in ``test_platform_drivers.py`` (art. 4, 17).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from platforms_factories import driver_data, platform_actor

from outorga.core.tenancy import tenant
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.platforms.models import Platform, PlatformDriver, PlatformPenalty
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.drivers import platform_driver_register
from outorga.platforms.services.penalties import platform_penalty_impose
from outorga.platforms.services.penalty_process import platform_penalty_notice_record

APPS = "barra-do-garcas.apps-2025"


def reason(decisions: list[Decision], rule: str) -> Reason:
    found = [r for d in decisions for r in d.reasons if r.rule == rule]
    assert found, f"a decisão não traz a regra {rule}"
    return found[0]


def cites(r: Reason, article: str, **where: str) -> bool:
    return any(
        c.law == APPS and c.article == article and all(getattr(c, k) == v for k, v in where.items())
        for c in r.citations
    )


def test_art_26_i_a_warning_on_record_lets_the_next_fact_be_fined(barra_m, authority, platform):
    def fine():  # type: ignore[no-untyped-def]
        return platform_penalty_impose(
            actor=authority,
            municipality=barra_m,
            platform=platform,
            kind="fine",
            infraction_on=dt.date(2026, 9, 1),
            description="Relatório mensal de agosto não entregue.",
            reasoning="Reincidência; multa pela gravidade.",
            defence_notice_on=dt.date(2026, 9, 2),
            defence_judged=True,
            fine_upfbg=Decimal("100"),
            on=dt.date(2026, 9, 20),
        )

    with pytest.raises(PlatformError) as exc:
        fine()
    r = reason(exc.value.decisions, "apps.art26.i.first_occurrence")
    assert r.verdict is Verdict.REFUSED and cites(r, "26", inciso="I")
    # The one change: a written warning for an earlier fact, on the platform's record, final
    # (notified on 20/08, its appeal period over on 31/08) by the date of the fact (ADR 0082).
    warning, _ = platform_penalty_impose(
        actor=authority,
        municipality=barra_m,
        platform=platform,
        kind="warning",
        infraction_on=dt.date(2026, 8, 1),
        description="Relatório mensal de julho não entregue.",
        reasoning="Primeira ocorrência: advertência escrita.",
        defence_notice_on=dt.date(2026, 8, 5),
        defence_judged=True,
        on=dt.date(2026, 8, 20),
    )
    platform_penalty_notice_record(
        actor=authority,
        municipality=barra_m,
        penalty=warning,
        notice_on=dt.date(2026, 8, 20),
        channel="personal",
        on=dt.date(2026, 9, 1),
    )
    penalty, decision = fine()
    assert penalty.kind == PlatformPenalty.Kind.FINE
    r = reason([decision], "apps.art26.i.first_occurrence")
    assert r.verdict is Verdict.OK and cites(r, "26", inciso="I")
    counted = reason([decision], "apps.art26.i.occurrences")
    assert counted.facts["consideradas"] == [f"penalidade {warning.pk}"]


def test_art_3_a_platform_suspended_on_record_enables_no_more_drivers(barra_m, platform):
    def register():  # type: ignore[no-untyped-def]
        return platform_driver_register(
            actor=platform_actor(), municipality=barra_m, platform=platform, data=driver_data()
        )

    driver, decisions = register()
    assert driver.status == PlatformDriver.Status.ENABLED
    assert reason(decisions, "apps.art3.credentialed_platform").verdict is Verdict.OK
    # The one change: the platform's credential suspended (art. 26 IV), on its record.
    with tenant(barra_m):
        Platform.objects.filter(pk=platform.pk).update(status=Platform.Status.SUSPENDED)
    driver, decisions = register()
    assert driver.status == PlatformDriver.Status.REFUSED
    r = reason(decisions, "apps.art3.credentialed_platform")
    assert r.verdict is Verdict.REFUSED and cites(r, "3")
