"""Art. 15: the platforms answer the users' complaints within 5 business days. A complaint answered
after that day did not get the answer the law owes it, as one still unanswered did not: both are
listed for the authority (art. 26, parágrafo único; D-3), once per complaint, as a report sent late
is (art. 16) — never only the ones the daily sweep saw unanswered."""

from __future__ import annotations

import datetime as dt

import pytest
from platforms_factories import make_platform, on_municipal_day, platform_actor

from outorga.core.tenancy import tenant
from outorga.platforms.models import InfractionCandidate
from outorga.platforms.services.complaints import complaint_answer, complaint_file_public
from outorga.platforms.sweeping import sweep_platforms

pytestmark = pytest.mark.django_db

T = dt.date(2026, 11, 3)  # a Tuesday: 5 business days end on Tuesday 10/11/2026
ART_15 = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo), art. 15"


def filed_and_answered(barra_m, platform, answered_on: dt.date):
    complaint, _ = complaint_file_public(
        municipality=barra_m, platform=platform, description="Motorista grosseiro.", on=T
    )
    assert complaint.deadline == dt.date(2026, 11, 10)
    complaint_answer(
        actor=platform_actor(),
        municipality=barra_m,
        complaint=complaint,
        answer="Motorista orientado.",
        on=answered_on,
    )
    return complaint


def listed(barra_m, platform) -> list[InfractionCandidate]:
    with tenant(barra_m):
        return list(
            InfractionCandidate.objects.filter(
                platform=platform, kind=InfractionCandidate.Kind.COMPLAINT_OVERDUE
            )
        )


def test_art_15_a_complaint_answered_the_day_after_the_fifth_business_day_is_listed(
    barra_m, monkeypatch
):
    on_municipal_day(monkeypatch, dt.date(2026, 11, 12))
    platform = make_platform(barra_m, "Responde Tarde")
    complaint = filed_and_answered(barra_m, platform, dt.date(2026, 11, 11))
    sweep_platforms(barra_m, dt.date(2026, 11, 12))
    (candidate,) = listed(barra_m, platform)
    assert candidate.key == complaint.protocol
    assert "fora do prazo" in candidate.summary
    assert ART_15 in candidate.decision["citations"]
    sweep_platforms(barra_m, dt.date(2026, 11, 13))
    assert len(listed(barra_m, platform)) == 1


def test_art_15_a_complaint_answered_on_the_fifth_business_day_is_not_listed(barra_m, monkeypatch):
    on_municipal_day(monkeypatch, dt.date(2026, 11, 12))
    platform = make_platform(barra_m, "Responde no Prazo")
    filed_and_answered(barra_m, platform, dt.date(2026, 11, 10))
    sweep_platforms(barra_m, dt.date(2026, 11, 12))
    assert listed(barra_m, platform) == []
