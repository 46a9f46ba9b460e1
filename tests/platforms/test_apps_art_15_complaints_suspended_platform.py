"""Art. 11 III and art. 15 with art. 26 IV: the suspension of a credential stops the platform's
operation (art. 3: no drivers enabled, no fares published), not its duties to the users. A user
still files a complaint against a suspended platform on the municipality's public form — about a
ride before the suspension, or a denúncia of one during it — and the platform, still reaching
its token and portal, answers it within the 5 business days of art. 15. A cancelled credential
("cancelamento definitivo") is left out of the form: whether it still answers is the
municipality's decision (see the report)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.cache import cache
from django.test import Client
from platforms_factories import platform_actor

from outorga.core.tenancy import tenant
from outorga.platforms.models import Complaint, Platform, PlatformNotice
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.complaints import complaint_answer, complaint_file_public

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate_limits():  # type: ignore[no-untyped-def]
    cache.clear()
    yield
    cache.clear()


def _set_status(m, platform, status, until=None):  # type: ignore[no-untyped-def]
    with tenant(m):
        Platform.objects.filter(pk=platform.pk).update(status=status, suspended_until=until)
        return Platform.objects.get(pk=platform.pk)


@pytest.fixture
def suspended(barra_m, platform):  # type: ignore[no-untyped-def]
    return _set_status(barra_m, platform, Platform.Status.SUSPENDED, dt.date(2026, 12, 31))


def test_art_15_a_complaint_against_a_suspended_platform_is_received_with_its_term(
    barra_m, suspended
):
    c, _ = complaint_file_public(
        municipality=barra_m,
        platform=suspended,
        description="Cobrança em dobro na corrida de 02/11.",
        occurred_on=dt.date(2026, 11, 2),
        on=dt.date(2026, 11, 3),
    )
    # Tuesday 03/11/2026 + 5 business days: 04, 05, 06, 09, 10/11 (art. 15, D-4).
    assert c.deadline == dt.date(2026, 11, 10)
    with tenant(barra_m):
        [notice] = PlatformNotice.objects.filter(
            platform=suspended, kind=PlatformNotice.Kind.COMPLAINT
        )
    assert c.protocol in notice.message


def test_art_11_iii_the_public_form_offers_a_suspended_platform(barra_m, suspended):
    r = Client().post(
        "/reclamacao/",
        {
            "municipio": "barra-do-garcas",
            "platform": suspended.pk,
            "description": "Motorista rodando pela plataforma suspensa.",
        },
    )
    assert r.status_code == 200
    with tenant(barra_m):
        made = Complaint.objects.get(description="Motorista rodando pela plataforma suspensa.")
    assert made.platform_id == suspended.pk and made.protocol in r.content.decode()


def test_art_15_the_suspended_platform_answers_in_time(barra_m, suspended):
    c, _ = complaint_file_public(
        municipality=barra_m, platform=suspended, description="Atraso.", on=dt.date(2026, 11, 3)
    )
    answered, decision = complaint_answer(
        actor=platform_actor(),
        municipality=barra_m,
        complaint=c,
        answer="Valor estornado ao usuário.",
        on=dt.date(2026, 11, 10),
    )
    assert answered.status == Complaint.Status.ANSWERED
    assert decision.outcome["status"] == "answered_on_time"


def test_art_26_iv_a_cancelled_platform_is_not_offered_on_the_public_form(barra_m, platform):
    cancelled = _set_status(barra_m, platform, Platform.Status.CANCELLED)
    with pytest.raises(PlatformError) as exc:
        complaint_file_public(
            municipality=barra_m, platform=cancelled, description="x", on=dt.date(2026, 11, 3)
        )
    assert exc.value.errors[0]["campo"] == "platform"
    assert "art. 26, IV" in exc.value.errors[0]["erro"]
