"""Art. 26, I and IV read from the platform's record (ADR 0082): an earlier penalty is an earlier
occurrence only once final in the administrative sphere on or before the date of the new fact
(D-1, D-15; Lei 9.784/1999 art. 59). The warning of 01/08/2026 below, decided and notified on
20/08/2026 (Thursday), may be appealed until Monday 31/08 (10 days, D-4): final from 01/09/2026.
The fine punishes a fact of 01/09/2026 (the factories' ``fine``)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from platforms_factories import fine, warn
from test_apps_art_26_iv_case_appeal import DECIDED, NOTICE, paper
from test_platform_credentialing import open_case

from outorga.core.tenancy import tenant
from outorga.law.barra_do_garcas.apps_2025.enforcement.penalties import (
    art26_i_prior_occurrences,
)
from outorga.law.decisions import Verdict
from outorga.platforms.models import Platform, PlatformPenalty
from outorga.platforms.services.cases import (
    platform_case_decide,
    platform_case_decision_notice_record,
)
from outorga.platforms.services.common import PlatformError, occurrences
from outorga.platforms.services.penalties import platform_penalty_impose
from outorga.platforms.services.penalty_appeals import platform_penalty_appeal_file
from outorga.platforms.services.penalty_process import platform_penalty_notice_record

pytestmark = pytest.mark.django_db

ART_26_I = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo), art. 26, I"


def notify(m, actor, penalty, notice_on, on):
    return platform_penalty_notice_record(
        actor=actor, municipality=m, penalty=penalty, notice_on=notice_on, channel="personal", on=on
    )


def refused_as_first_occurrence(m, actor, platform, **over) -> list[str]:
    with pytest.raises(PlatformError) as exc:
        fine(m, actor, platform, **over)
    body = exc.value.to_json()
    assert ART_26_I in body["citacoes"]
    counted = [
        r for d in exc.value.decisions for r in d.reasons if r.rule == "apps.art26.i.occurrences"
    ]
    return counted[0].facts["consideradas"]


def test_art_26_i_an_earlier_warning_not_yet_notified_is_no_earlier_occurrence(
    barra_m, authority, platform
):
    warning = warn(barra_m, authority, platform)
    assert warning.status == PlatformPenalty.Status.AWAITING_NOTICE
    assert refused_as_first_occurrence(barra_m, authority, platform) == []


def test_art_26_i_an_earlier_warning_under_appeal_is_no_earlier_occurrence(
    barra_m, authority, platform
):
    warning = warn(barra_m, authority, platform)
    notify(barra_m, authority, warning, dt.date(2026, 8, 20), dt.date(2026, 8, 20))
    platform_penalty_appeal_file(
        actor=authority,
        municipality=barra_m,
        penalty=warning,
        text="O relatório foi entregue no prazo.",
        channel="paper",
        filed_on=dt.date(2026, 8, 31),
        on=dt.date(2026, 8, 31),
    )
    assert refused_as_first_occurrence(barra_m, authority, platform) == []


def test_art_26_i_an_earlier_warning_final_on_the_day_of_the_fact_is_an_earlier_occurrence(
    barra_m, authority, platform
):
    warning = warn(barra_m, authority, platform)
    # Recorded after the period lapsed: final at once, from 01/09/2026 (D-1).
    notify(barra_m, authority, warning, dt.date(2026, 8, 20), dt.date(2026, 9, 10))
    penalty = fine(barra_m, authority, platform)
    counted = next(
        r for r in penalty.decision["reasons"] if r["rule"] == "apps.art26.i.occurrences"
    )
    assert counted["facts"]["consideradas"] == [f"penalidade {warning.pk}"]
    first = next(
        r for r in penalty.decision["reasons"] if r["rule"] == "apps.art26.i.first_occurrence"
    )
    assert first["verdict"] == str(Verdict.OK)


def test_art_26_i_an_earlier_warning_made_final_after_the_new_fact_is_no_earlier_occurrence(
    barra_m, authority, platform
):
    """Notified on 21/08 (Friday): appeal until Monday 31/08 — still final from 01/09; notified
    on 24/08 (Monday): appeal until Thursday 03/09, final from 04/09, after the fact of 01/09.
    The fine is decided on 20/09, when the warning is final: the fact is judged as things stood
    on its own date (D-15)."""
    warning = warn(barra_m, authority, platform)
    notify(barra_m, authority, warning, dt.date(2026, 8, 24), dt.date(2026, 9, 10))
    warning.refresh_from_db()
    assert (warning.status, warning.final_on) == ("final", dt.date(2026, 9, 4))
    assert refused_as_first_occurrence(barra_m, authority, platform) == []
    # The same warning is an earlier occurrence of a fact on the day it became final.
    penalty, _ = platform_penalty_impose(
        actor=authority,
        municipality=barra_m,
        platform=platform,
        kind="fine",
        infraction_on=dt.date(2026, 9, 4),
        description="Relatório mensal de agosto não entregue.",
        reasoning="Reincidência; multa de 100 UPFBG.",
        defence_notice_on=dt.date(2026, 9, 8),
        defence_judged=True,
        fine_upfbg=Decimal("100"),
        on=dt.date(2026, 9, 20),
    )
    assert penalty.kind == PlatformPenalty.Kind.FINE


def test_art_26_iv_a_suspension_counts_from_the_day_it_became_final(
    barra_m, authority, mayor, platform
):
    """A suspension decided on 20/10/2026 and notified on 23/10 (Friday) may be appealed until
    Tuesday 03/11 (Monday 02/11 is Finados): not yet notified, or under appeal, it establishes
    nothing; unappealed, it is final from 04/11/2026 — an earlier occurrence of a fact of that
    day, not of one of 03/11."""
    later = dt.date(2026, 12, 1)

    def read(case):  # type: ignore[no-untyped-def]
        with tenant(barra_m):
            p = Platform.objects.get(pk=platform.pk)
            (occ,) = [o for o in occurrences(p, later, later) if o["id"] == f"processo {case.pk}"]
        return occ

    warn(barra_m, authority, platform, final=True)
    case = platform_case_decide(
        actor=mayor,
        municipality=barra_m,
        case=open_case(barra_m, authority, platform),
        uphold=True,
        text="Falta grave e reiterada: relatórios não entregues em três meses.",
        on=DECIDED,
    )
    assert read(case) == {"id": f"processo {case.pk}", "kind": "proposal", "on": "2026-09-01",
                          "status": "awaiting_notice"}  # fmt: skip
    case = platform_case_decision_notice_record(
        actor=authority, municipality=barra_m, case=case, notice_on=NOTICE, on=NOTICE
    )
    occ = read(case)
    assert (occ["status"], occ["final_on"]) == ("final", "2026-11-04")
    for fact, counts in ((dt.date(2026, 11, 3), False), (dt.date(2026, 11, 4), True)):
        _, why = art26_i_prior_occurrences(fact, [occ])
        assert (occ["id"] in why.facts["consideradas"]) is counts
    paper(barra_m, authority, case, dt.date(2026, 10, 26))
    assert read(case)["status"] == "under_appeal" and "final_on" not in read(case)
