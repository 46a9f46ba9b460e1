"""The platforms' daily sweep: infraction candidates once per fact, suspensions lifted."""

from __future__ import annotations

import datetime as dt
from io import StringIO

from django.core.management import call_command
from platforms_factories import make_platform

from outorga.core.localtime import today_of
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.platforms.models import InfractionCandidate, Platform, PlatformStatusChange
from outorga.platforms.sweeping import sweep_platforms


def test_the_sweep_lists_candidates_once_and_a_second_run_changes_nothing(barra_m):
    today = today_of(barra_m)
    first = sweep_platforms(barra_m, today)
    assert first.changes >= 3
    with tenant(barra_m):
        kinds = set(InfractionCandidate.objects.values_list("kind", flat=True))
        acts = Act.objects.filter(action="platform.candidate.detect").count()
    assert {"report_missing", "report_late", "complaint_overdue"} <= kinds
    assert acts == first.changes
    second = sweep_platforms(barra_m, today)
    assert second.changes == 0
    with tenant(barra_m):
        assert Act.objects.filter(action="platform.candidate.detect").count() == acts


def test_the_sweep_lifts_an_ended_suspension(barra_m):
    p = make_platform(barra_m, "Suspensa", status="suspended", suspended_until=dt.date(2026, 11, 5))
    sweep_platforms(barra_m, dt.date(2026, 11, 6))
    with tenant(barra_m):
        assert Platform.objects.get(pk=p.pk).status == "credentialed"


def test_the_command_prints_a_summary_and_ignores_other_laws(barra_m):
    out = StringIO()
    call_command("platforms_sweep", "--on", today_of(barra_m).isoformat(), stdout=out)
    text = out.getvalue()
    assert "Barra do Garças:" in text and "Ipatinga: 0 verificados, 0 alterações" in text


def test_art_16_a_cancelled_platform_owes_no_report_for_the_months_after_its_cancellation(
    barra_m,
):
    """Art. 16 binds the platforms credentialed here: cancelled on 10/09/2025, a platform owes
    September's report (it served part of it) and none after."""
    from zoneinfo import ZoneInfo

    from outorga.platforms.selectors import report_statuses

    p = make_platform(barra_m, "Cancelada em setembro")
    with tenant(barra_m):
        Platform.objects.filter(pk=p.pk).update(
            credentialed_at=dt.datetime(2025, 7, 1, 9, 0, tzinfo=ZoneInfo("America/Cuiaba")),
            status=Platform.Status.CANCELLED,
        )
        change = PlatformStatusChange.objects.create(
            platform=p, old_status="credentialed", new_status="cancelled", reason="art. 26, IV"
        )
        PlatformStatusChange.objects.filter(pk=change.pk).update(
            changed_at=dt.datetime(2025, 9, 10, 15, 0, tzinfo=ZoneInfo("America/Cuiaba"))
        )
        months = sorted(
            (s.year, s.month)
            for s in report_statuses(barra_m, dt.date(2025, 12, 15))
            if s.platform.pk == p.pk
        )
    assert months == [(2025, 7), (2025, 8), (2025, 9)]


def test_art_16_a_platform_credentialed_on_the_last_evening_of_a_month_owes_that_months_report(
    barra_m,
):
    """Art. 16 (D-8): the report is due for each month since the credential, the day of the
    credential read on the municipality's clock — 31/07 at 22:00 in Barra do Garças (MT) is
    already 01/08 in UTC, and July's report is owed all the same."""
    from zoneinfo import ZoneInfo

    from outorga.platforms.selectors import report_statuses

    evening = dt.datetime(2025, 7, 31, 22, 0, tzinfo=ZoneInfo("America/Cuiaba"))
    p = make_platform(barra_m, "Credenciada à noite")
    with tenant(barra_m):
        Platform.objects.filter(pk=p.pk).update(credentialed_at=evening)
        months = {
            (s.year, s.month)
            for s in report_statuses(barra_m, dt.date(2025, 10, 15))
            if s.platform.pk == p.pk
        }
    assert (2025, 7) in months


def _january_2026(barra_m, on):  # type: ignore[no-untyped-def]
    """The status of January 2026's report of a platform credentialed in 2025 that never sent
    it (due 27/02/2026, the last business day of February, D-8), judged on ``on``."""
    from outorga.platforms.selectors import report_statuses

    with tenant(barra_m):
        found = [
            s
            for s in report_statuses(barra_m, on)
            if s.platform.name == "Sem relatório" and (s.year, s.month) == (2026, 1)
        ]
    return found[0] if found else None


def test_d_15_art_16_a_law_bound_after_the_due_date_does_not_change_an_earlier_months_judgement(
    barra_m,
):
    """D-15: January's report is judged by the law in force on its due date. The municipality
    binds transport by app anew from 01/04/2026 (an amending act): on 10/05 January's report is
    still missing, with the same due date, as it was on 15/03 — the new binding neither erases
    the months before it nor judges them."""
    from outorga.core.models import LawBinding
    from outorga.core.tenancy import unscoped

    make_platform(barra_m, "Sem relatório")
    before = _january_2026(barra_m, dt.date(2026, 3, 15))
    assert before is not None and before.status == "missing"
    assert before.due == dt.date(2026, 2, 27)
    with unscoped():
        old = LawBinding.objects.get(municipality=barra_m, service="aplicativo")
        LawBinding.objects.filter(pk=old.pk).update(valid_until=dt.date(2026, 3, 31))
        LawBinding.objects.create(
            municipality=barra_m,
            service="aplicativo",
            law=old.law,
            valid_from=dt.date(2026, 4, 1),
            reference="Lei de 2026 que altera a Lei 4.976/2025 (teste)",
        )
    barra_m.forget_bindings()
    after = _january_2026(barra_m, dt.date(2026, 5, 10))
    assert after is not None
    assert (after.status, after.due) == (before.status, before.due)


def test_d_15_art_28_a_parameter_dated_after_the_due_date_does_not_change_an_earlier_month(
    barra_m,
):
    """D-15: a value of the adaptation period (art. 28) that takes effect on 01/04/2026 does not
    reach January's report, due 27/02/2026: judged on 10/05 it is missing, as on 15/03."""
    from outorga.core.models import ParameterOverride

    make_platform(barra_m, "Sem relatório")
    before = _january_2026(barra_m, dt.date(2026, 3, 15))
    assert before is not None and before.status == "missing"
    with tenant(barra_m):
        ParameterOverride.objects.create(
            name="apps_2025.adaptation_days",
            effective=dt.date(2026, 4, 1),
            value=900,
            legal_reference="Lei de 2026 que amplia o prazo do art. 28 (teste)",
        )
    after = _january_2026(barra_m, dt.date(2026, 5, 10))
    assert after is not None and (after.status, after.due) == ("missing", before.due)
