"""Art. 16: the report "de cada mês" — the month of the credential is owed whatever day it came,
the month before is not (ADR 0083) — and a report sent without one of its items (I–III) is an
incomplete report that names the inciso it lacks, never a report of zero revenue."""

from __future__ import annotations

import datetime as dt

import pytest
from platforms_factories import make_platform, platform_actor

from outorga.core.tenancy import tenant
from outorga.platforms import selectors
from outorga.platforms.models import MonthlyReport
from outorga.platforms.services.reports import monthly_report_submit

pytestmark = pytest.mark.django_db

#: 31/08/2025 at 23:00 in Barra do Garças (UTC−4) is already 01/09 in UTC.
LATE_ON_THE_31ST = dt.datetime(2025, 9, 1, 3, 0, tzinfo=dt.UTC)


def _months(statuses):
    return {(s.year, s.month): s for s in statuses}


def test_art_16_a_platform_credentialed_on_the_31st_owes_that_month_s_report(barra_m):
    p = make_platform(barra_m, "Credenciada no dia 31", credentialed_at=LATE_ON_THE_31ST)
    with tenant(barra_m):
        months = _months(selectors.report_statuses(barra_m, dt.date(2025, 10, 15), p))
    assert sorted(months) == [(2025, 8), (2025, 9)]
    august = months[(2025, 8)]
    assert (august.status, august.due) == ("missing", dt.date(2025, 9, 30))
    (owed,) = [r for r in august.decision["reasons"] if r["rule"] == "apps.art16.months_owed"]
    assert owed["facts"]["credenciada_em"] == "2025-08-31"
    assert {c["article"] for c in owed["citations"]} >= {"16", "3"}


def _send(m, platform, body, on, key="k-1"):
    report, _ = monthly_report_submit(
        actor=platform_actor(),
        municipality=m,
        platform=platform,
        idempotency_key=key,
        body=body,
        on=on,
    )
    return report


def test_art_16_ii_a_report_without_its_revenue_is_incomplete_and_names_the_inciso(
    barra_m, platform
):
    body = {"year": 2026, "month": 10, "drivers": []}
    report = _send(barra_m, platform, body, dt.date(2026, 11, 10))
    assert report.response["complete"] is False
    assert report.status == "on_time"
    assert "art. 16, II" in report.response["summary"]
    with tenant(barra_m):
        stored = MonthlyReport.objects.get(pk=report.pk)
        assert stored.declared_intermediation_revenue_cents is None
        october = _months(selectors.report_statuses(barra_m, dt.date(2026, 12, 5), platform))[
            (2026, 10)
        ]
    assert "art. 16, II" in october.summary
    assert october.decision["outcome"]["missing_items"] == ["II"]


def test_art_16_ii_a_revenue_of_zero_declared_is_a_declaration(barra_m, platform):
    body = {"year": 2026, "month": 10, "intermediation_revenue_cents": 0, "drivers": []}
    report = _send(barra_m, platform, body, dt.date(2026, 11, 10))
    assert report.response["complete"] is True
    with tenant(barra_m):
        assert MonthlyReport.objects.get(pk=report.pk).declared_intermediation_revenue_cents == 0


def test_art_16_ii_the_newest_version_says_what_the_month_s_report_lacks(barra_m, platform):
    """The first version dates the delivery; the newest is what the platform reports now: a
    version that brings item II completes the month."""
    _send(barra_m, platform, {"year": 2026, "month": 10, "drivers": []}, dt.date(2026, 11, 10))
    _send(
        barra_m,
        platform,
        {"year": 2026, "month": 10, "intermediation_revenue_cents": 5_000, "drivers": []},
        dt.date(2026, 12, 2),
        key="k-2",
    )
    with tenant(barra_m):
        october = _months(selectors.report_statuses(barra_m, dt.date(2026, 12, 5), platform))[
            (2026, 10)
        ]
    assert october.status == "on_time"
    assert october.decision["outcome"]["complete"] is True
    assert "incompleto" not in october.summary


def _candidates(m, platform, on):
    from outorga.platforms.models import InfractionCandidate
    from outorga.platforms.sweeping import sweep_platforms

    sweep_platforms(m, on)
    with tenant(m):
        return list(InfractionCandidate.objects.filter(platform=platform, key="2026-10"))


def test_art_16_sole_an_incomplete_report_is_a_candidate_once_its_month_is_due(barra_m, platform):
    """Art. 16 sole paragraph: "o descumprimento das obrigações previstas neste artigo" — a report
    without item II, even on time, is a failure of art. 16 the authority examines once its due day
    has passed (never a penalty by itself, D-3). Before that day the platform may still send the
    month's complete version."""
    _send(barra_m, platform, {"year": 2026, "month": 10, "drivers": []}, dt.date(2026, 11, 10))
    assert _candidates(barra_m, platform, dt.date(2026, 11, 20)) == []  # due 30/11 (D-8)
    [candidate] = _candidates(barra_m, platform, dt.date(2026, 12, 1))
    assert candidate.kind == "report_incomplete"
    assert "art. 16, II" in candidate.summary


def test_art_16_sole_a_complete_report_on_time_is_no_candidate(barra_m, platform):
    body = {"year": 2026, "month": 10, "intermediation_revenue_cents": 0, "drivers": []}
    _send(barra_m, platform, body, dt.date(2026, 11, 10))
    assert _candidates(barra_m, platform, dt.date(2026, 12, 1)) == []
