"""The platforms' daily sweep: infraction candidates once per fact, suspensions lifted."""

from __future__ import annotations

import datetime as dt
from io import StringIO

from django.core.management import call_command
from platforms_factories import make_platform

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.platforms.models import InfractionCandidate, Platform
from outorga.platforms.sweeping import sweep_platforms


def test_the_sweep_lists_candidates_once_and_a_second_run_changes_nothing(barra_m):
    today = dt.date.today()
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


def test_the_command_prints_a_summary_and_ignores_other_laws(db):
    out = StringIO()
    call_command("platforms_sweep", "--on", dt.date.today().isoformat(), stdout=out)
    text = out.getvalue()
    assert "Barra do Garças:" in text and "Ipatinga: 0 verificados, 0 alterações" in text
