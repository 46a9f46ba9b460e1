"""Art. 3, §1 with art. 26, IV and Lei 9.784/1999 art. 53 and 64 (D-17; ADR 0064): a cancellation
of a platform's credential annulled — of the Chief Executive's own motion or on appeal — gives the
credential back even when the municipality has meanwhile credentialed others up to the cap of 10:
the annulment works from the start, so the platform never lost its place. The cap is never read
as a constant but asked of the law bound to the municipality; the excess is reported to the
authority (an aviso on its home page naming art. 3, §1) and kept on the case, and the
credentials given since the cancellation are named for the authority to review."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone
from platforms_factories import make_platform
from test_apps_art_26_iv_case_appeal import decide, decided, paper

from outorga.core.models import Act, ParameterOverride, RuleSuspension
from outorga.core.tenancy import tenant
from outorga.platforms.home import platforms_over_cap
from outorga.platforms.models import Platform, PlatformCase
from outorga.platforms.services.case_annulment import platform_case_annul_ex_officio
from outorga.platforms.services.credentialing import _counted_platforms
from outorga.platforms.views import confirmations

pytestmark = pytest.mark.django_db

GROUNDS = "A defesa nunca foi notificada à plataforma: o processo correu sem contraditório."
ON = dt.date(2026, 11, 5)
ART_3_1 = "art. 3, §1"


def others_up_to(m, platform, n):  # type: ignore[no-untyped-def]
    """Others credentialed after the cancellation, until ``n`` platforms besides ``platform``
    hold a credential."""
    with tenant(m):
        have = _counted_platforms(exclude=platform.pk)
    return [
        make_platform(m, f"Credenciada depois {i}", credentialed_at=timezone.now())
        for i in range(n - have)
    ]


def cancelled_then_filled(m, authority, mayor, platform, others):  # type: ignore[no-untyped-def]
    case = decided(m, authority, mayor, platform, kind="credential_cancellation")
    with tenant(m):
        assert Platform.objects.get(pk=platform.pk).status == Platform.Status.CANCELLED
    return case, others_up_to(m, platform, others)


def avisos(m, authority):  # type: ignore[no-untyped-def]
    """What the authority's home shows under the queue of platforms over the cap."""
    with tenant(m):
        return platforms_over_cap(authority.user, ON)


def annul(m, mayor, case):  # type: ignore[no-untyped-def]
    platform_case_annul_ex_officio(actor=mayor, municipality=m, case=case, grounds=GROUNDS, on=ON)
    with tenant(m):
        return PlatformCase.objects.select_related("platform").get(pk=case.pk)


def confirmed(m, mayor, case) -> str:  # type: ignore[no-untyped-def]
    """What the confirmation says before the Chief Executive annuls."""
    with tenant(m):
        c = PlatformCase.objects.select_related("platform").get(pk=case.pk)
        return confirmations.case_annul(c, GROUNDS, mayor.user).consequence


def test_art_3_1_lei_9784_art_53_with_9_others_the_annulment_makes_the_10th_and_no_aviso(
    barra_m, authority, mayor, platform
):
    case, _ = cancelled_then_filled(barra_m, authority, mayor, platform, 9)
    assert "já está preenchido" not in confirmed(barra_m, mayor, case)
    c = annul(barra_m, mayor, case)
    assert c.platform.status == Platform.Status.CREDENTIALED
    assert "platform_cap" not in c.decision
    with tenant(barra_m):
        assert _counted_platforms() == 10
    assert avisos(barra_m, authority) == []


def test_art_3_1_lei_9784_art_53_with_10_others_it_is_restored_and_the_authority_told(
    barra_m, authority, mayor, platform
):
    case, since = cancelled_then_filled(barra_m, authority, mayor, platform, 10)
    said = confirmed(barra_m, mayor, case)
    assert "limite de 10 plataformas já está preenchido" in said and ART_3_1 in said
    c = annul(barra_m, mayor, case)
    # Not refused nor held: the annulled cancellation never took the platform's place.
    assert c.platform.status == Platform.Status.CREDENTIALED
    with tenant(barra_m):
        assert _counted_platforms() == 11
    over = c.decision["platform_cap"]
    assert (over["credentialed"], over["cap"]) == (11, 10)
    assert ART_3_1 in over["citations"] and "art. 53" in over["citations"]
    # The credentials given since the cancellation are named for the authority to review.
    assert {p["id"] for p in over["credentialed_since"]} >= {p.pk for p in since}
    with tenant(barra_m):
        (act,) = Act.objects.filter(action="platform.case.annul_ex_officio", object_id=str(c.pk))
    assert any(ART_3_1 in x for x in act.record["basis"]["citations"])
    # The aviso on the authority's home page, naming art. 3, §1.
    (task,) = avisos(barra_m, authority)
    assert ART_3_1 in task.text and "11" in task.text and "10" in task.text


def test_art_3_1_the_cap_is_the_law_s_not_a_constant(barra_m, authority, mayor, platform):
    """An amendment raising the cap to 12 (a dated value of the law's parameter, D-15): the same
    10 others and the platform given back are within it, and nothing is reported."""
    with tenant(barra_m):
        ParameterOverride.objects.create(
            name="apps_2025.platform_cap",
            effective=dt.date(2026, 1, 1),
            value=12,
            legal_reference="Lei de teste que altera o art. 3, §1",
        )
    case, _ = cancelled_then_filled(barra_m, authority, mayor, platform, 10)
    c = annul(barra_m, mayor, case)
    assert c.platform.status == Platform.Status.CREDENTIALED
    assert "platform_cap" not in c.decision
    assert avisos(barra_m, authority) == []


def test_art_3_1_lei_9784_art_64_an_appeal_upheld_against_the_cancellation_reports_it_too(
    barra_m, authority, mayor, platform
):
    case, _ = cancelled_then_filled(barra_m, authority, mayor, platform, 10)
    appeal = paper(barra_m, authority, case, dt.date(2026, 10, 26))
    decide(barra_m, mayor, appeal, "upheld", on=ON)
    with tenant(barra_m):
        c = PlatformCase.objects.select_related("platform").get(pk=case.pk)
    assert c.platform.status == Platform.Status.CREDENTIALED
    assert c.decision["platform_cap"]["credentialed"] == 11
    assert len(avisos(barra_m, authority)) == 1


def test_d16_art_3_1_with_the_cap_suspended_by_a_court_the_authority_is_not_told(
    barra_m, authority, mayor, platform
):
    """Restored over the cap (11 of 10), then a court suspends the cap of art. 3 §1 (D-16): from
    that day the law does not apply it, so the home queue asks the law core — not the cap's
    number — and lists nothing; the day before the suspension the aviso still stands."""
    case, _ = cancelled_then_filled(barra_m, authority, mayor, platform, 10)
    assert annul(barra_m, mayor, case).decision["platform_cap"]["credentialed"] == 11
    assert len(avisos(barra_m, authority)) == 1
    with tenant(barra_m):
        RuleSuspension.objects.create(
            rule="apps.art3.platform_cap",
            start=ON + dt.timedelta(days=1),
            reference="TJMT, decisão liminar (exemplo)",
        )
    assert len(avisos(barra_m, authority)) == 1  # ON: the day before the suspension
    with tenant(barra_m):
        assert platforms_over_cap(authority.user, ON + dt.timedelta(days=1)) == []


def staff_case(m, authority, case) -> dict:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(authority.user)
    r = client.get(f"/api/v1/platform-cases/{case.pk}")
    assert r.status_code == 200
    return r.json()


def test_art_3_1_the_staff_api_carries_the_over_cap_report_the_case_page_shows(
    barra_m, authority, mayor, platform
):
    """ADR 0064: the case read through the API says what its page says — the count over the cap
    of art. 3 §1, the law's message and articles, and the platforms credentialed after the
    cancellation, for the authority to review."""
    case, since = cancelled_then_filled(barra_m, authority, mayor, platform, 10)
    c = annul(barra_m, mayor, case)
    over = staff_case(barra_m, authority, case)["platform_cap"]
    assert (over["credentialed"], over["cap"], over["on"]) == (11, 10, ON.isoformat())
    assert over["message"] == c.decision["platform_cap"]["message"]
    assert ART_3_1 in over["citations"] and "art. 53" in over["citations"]
    assert [p["id"] for p in over["credentialed_since"]] == [
        p["id"] for p in c.decision["platform_cap"]["credentialed_since"]
    ]
    assert {p["id"] for p in over["credentialed_since"]} >= {p.pk for p in since}
    assert {"id", "name"} == set(over["credentialed_since"][0])


def test_art_3_1_the_staff_api_reports_nothing_within_the_cap(barra_m, authority, mayor, platform):
    case, _ = cancelled_then_filled(barra_m, authority, mayor, platform, 9)
    annul(barra_m, mayor, case)
    assert staff_case(barra_m, authority, case)["platform_cap"] is None


def test_d16_art_3_1_with_the_cap_suspended_the_confirmation_announces_no_aviso(
    barra_m, authority, mayor, platform
):
    """A court suspended the cap before the annulment (D-16): the confirmation does not announce
    a cap filled nor an aviso, the case keeps no report and the queue is empty — the law core
    says so, not the cap's number."""
    with tenant(barra_m):
        RuleSuspension.objects.create(
            rule="apps.art3.platform_cap",
            start=dt.date(2026, 3, 10),
            reference="TJMT, decisão liminar (exemplo)",
        )
    case, _ = cancelled_then_filled(barra_m, authority, mayor, platform, 10)
    said = confirmed(barra_m, mayor, case)
    assert "já está preenchido" not in said and "avisada" not in said
    c = annul(barra_m, mayor, case)
    assert c.platform.status == Platform.Status.CREDENTIALED
    assert "platform_cap" not in c.decision
    assert avisos(barra_m, authority) == []
