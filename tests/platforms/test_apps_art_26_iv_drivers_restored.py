"""Art. 26 IV with art. 3 §2: the cancellation of a credential disables the platform's drivers
(they leave the municipality's 500); when the cancellation is annulled on appeal, or turned into a
suspension (Lei 9.784/1999 art. 64; a suspension keeps the roster), the drivers it disabled are
enabled again — within the caps of art. 3 §2 and the requirements of art. 4 and 17 on the day of
the appeal's decision — each as an act, and the platform is told which were and which it must
register again. Drivers the platform had disabled itself stay disabled."""

from __future__ import annotations

import datetime as dt

import pytest
from platforms_factories import driver_data, enabled_drivers, make_platform, platform_actor
from test_apps_art_26_iv_case_appeal import decide, decided, paper

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.platforms.models import Platform, PlatformDriver, PlatformNotice
from outorga.platforms.services.drivers import (
    enabled_roster,
    platform_driver_disable,
    platform_driver_register,
)

pytestmark = pytest.mark.django_db

LAW = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo)"


def _register(m, platform, **over):  # type: ignore[no-untyped-def]
    d, _ = platform_driver_register(
        actor=platform_actor(), municipality=m, platform=platform, data=driver_data(**over)
    )
    assert d.status == PlatformDriver.Status.ENABLED
    return d


def _enabled_cpfs(m, platform) -> set[str]:  # type: ignore[no-untyped-def]
    with tenant(m):
        return set(
            PlatformDriver.objects.filter(
                platform=platform, status=PlatformDriver.Status.ENABLED
            ).values_list("cpf", flat=True)
        )


def _restore_acts(m, outcome="done") -> list[Act]:  # type: ignore[no-untyped-def]
    with tenant(m):
        return list(
            Act.objects.filter(action="platform.driver.restore", outcome=outcome).order_by("seq")
        )


@pytest.fixture
def roster(barra_m, platform):  # type: ignore[no-untyped-def]
    """Two drivers enabled, a third the platform disabled itself before any case."""
    a, b, c = (_register(barra_m, platform) for _ in range(3))
    platform_driver_disable(
        actor=platform_actor(), municipality=barra_m, driver=c, reason="saiu da plataforma"
    )
    return a, b, c


@pytest.fixture
def cancelled(barra_m, authority, mayor, platform, roster):  # type: ignore[no-untyped-def]
    case = decided(barra_m, authority, mayor, platform, kind="credential_cancellation")
    assert _enabled_cpfs(barra_m, platform) == set()
    return case


def test_art_26_iv_an_annulled_cancellation_enables_again_the_drivers_it_disabled(
    barra_m, authority, mayor, platform, roster, cancelled
):
    a, b, c = roster
    appeal = paper(barra_m, authority, cancelled, dt.date(2026, 10, 26))
    decide(barra_m, mayor, appeal, "upheld")
    with tenant(barra_m):
        assert Platform.objects.get(pk=platform.pk).status == Platform.Status.CREDENTIALED
        assert enabled_roster(platform) == 2
        # The history stays: the rows the cancellation disabled keep its date; new rows enable.
        old = PlatformDriver.objects.filter(pk__in=[a.pk, b.pk])
        assert all(d.status == "disabled" and d.disabled_at is not None for d in old)
        new = PlatformDriver.objects.filter(platform=platform, status="enabled")
        assert {d.decision["restored_from"] for d in new} == {a.pk, b.pk}
        assert all(d.enabled_at is not None for d in new)
    # The one the platform disabled itself is not the cancellation's to give back.
    assert _enabled_cpfs(barra_m, platform) == {a.cpf, b.cpf}
    acts = _restore_acts(barra_m)
    assert len(acts) == 2
    assert all(f"{LAW}, art. 3, §2" in x.record["basis"]["citations"] for x in acts)
    assert {x.record["payload"]["new"]["case"] for x in acts} == {cancelled.pk}
    with tenant(barra_m):
        [notice] = PlatformNotice.objects.filter(
            platform=platform, kind=PlatformNotice.Kind.APPEAL_JUDGED
        )
    assert "2 motorista" in notice.message and "art. 3" in notice.message


def test_art_26_iv_a_cancellation_turned_into_a_suspension_gives_the_roster_back(
    barra_m, authority, mayor, platform, roster, cancelled
):
    """A suspension keeps the drivers enabled (only new ones wait): so does the cancellation the
    appeal reduced to one, even while the reduced suspension still runs."""
    appeal = paper(barra_m, authority, cancelled, dt.date(2026, 10, 26))
    decide(barra_m, mayor, appeal, "partial", days=30)
    with tenant(barra_m):
        p = Platform.objects.get(pk=platform.pk)
    assert p.status == Platform.Status.SUSPENDED
    assert _enabled_cpfs(barra_m, platform) == {roster[0].cpf, roster[1].cpf}
    assert len(_restore_acts(barra_m)) == 2


def test_art_3_par_2_a_driver_over_the_municipalitys_500_is_not_enabled_again_and_is_named(
    barra_m, authority, mayor, platform, roster, cancelled
):
    """While the platform was cancelled, the places its drivers freed were taken: only one is
    left in the municipality's 500, so the second driver is refused with the article, as an
    act, and the platform is told to register them again when there is a place."""
    a, b, _ = roster
    other = make_platform(barra_m, name="Outra Plataforma")
    with tenant(barra_m):
        taken = enabled_roster()
    enabled_drivers(barra_m, other, 499 - taken)
    appeal = paper(barra_m, authority, cancelled, dt.date(2026, 10, 26))
    decide(barra_m, mayor, appeal, "upheld")
    assert _enabled_cpfs(barra_m, platform) == {a.cpf}
    with tenant(barra_m):
        assert enabled_roster() == 500
    [refused] = _restore_acts(barra_m, outcome="refused")
    assert refused.object_id == str(b.pk)
    assert f"{LAW}, art. 3, §2" in refused.record["basis"]["citations"]
    with tenant(barra_m):
        [notice] = PlatformNotice.objects.filter(
            platform=platform, kind=PlatformNotice.Kind.APPEAL_JUDGED
        )
    assert b.name in notice.message and "novamente" in notice.message


def test_art_26_iv_a_dismissed_appeal_enables_no_driver(
    barra_m, authority, mayor, platform, roster, cancelled
):
    appeal = paper(barra_m, authority, cancelled, dt.date(2026, 10, 26))
    decide(barra_m, mayor, appeal, "dismissed")
    assert _enabled_cpfs(barra_m, platform) == set()
    assert _restore_acts(barra_m) == [] and _restore_acts(barra_m, "refused") == []


def test_art_26_iv_an_annulled_suspension_touches_no_driver(
    barra_m, authority, mayor, platform, roster
):
    """A suspension disabled no driver: annulling it enables none of those the platform
    disabled itself."""
    case = decided(barra_m, authority, mayor, platform)
    appeal = paper(barra_m, authority, case, dt.date(2026, 10, 26))
    decide(barra_m, mayor, appeal, "upheld")
    assert _enabled_cpfs(barra_m, platform) == {roster[0].cpf, roster[1].cpf}
    assert _restore_acts(barra_m) == []


@pytest.mark.postgres
def test_adr_0015_the_appeal_that_gives_the_roster_back_keeps_the_lock_order(
    barra_m, authority, mayor, platform, roster, cancelled, lock_order
):
    """The caps are counted under the municipality's row, locked before the appeal, the case
    and the platform and before the first act (docs/decisions/0015-one-lock-order.md)."""
    appeal = paper(barra_m, authority, cancelled, dt.date(2026, 10, 26))
    decide(barra_m, mayor, appeal, "upheld")
    assert len(_restore_acts(barra_m)) == 2
