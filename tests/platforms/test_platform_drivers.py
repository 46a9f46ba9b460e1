"""Drivers registered by platforms: art. 4, art. 17, caps of art. 3 §2 (D-9 a), D-16."""

from __future__ import annotations

import datetime as dt

import pytest
from platforms_factories import driver_data, enabled_drivers, make_platform, new_cpf, platform_actor

from outorga.core.localtime import today_of
from outorga.core.models import Act, RuleSuspension
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent
from outorga.platforms.models import PlatformDriver
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.drivers import (
    enabled_roster,
    platform_driver_disable,
    platform_driver_register,
)

LAW = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo)"


def register(m, platform, **over):
    return platform_driver_register(
        actor=platform_actor(), municipality=m, platform=platform, data=driver_data(**over)
    )


def refusal_texts(decisions):
    return [
        (r.message, [c.render() for c in r.citations])
        for d in decisions
        for r in d.reasons
        if str(r.verdict) == "refused"
    ]


def test_a_driver_with_every_document_and_a_recent_car_is_enabled(barra_m, platform):
    driver, decisions = register(barra_m, platform)
    assert driver.status == PlatformDriver.Status.ENABLED
    assert driver.enabled_at is not None
    assert [d["question"] for d in driver.decision["decisions"]] == [
        "barra-do-garcas.apps-2025.driver_eligibility",
        "barra-do-garcas.apps-2025.vehicle_eligibility",
        "barra-do-garcas.apps-2025.roster_capacity",
    ]
    with tenant(barra_m):
        act = Act.objects.filter(action="platform.driver.register").order_by("-seq").first()
    assert act is not None and act.record["payload"]["new"]["cpf"].startswith("***.")


@pytest.mark.parametrize("kind", ["motorcycle", "motoneta", "ciclomotor", "other_two_wheeler"])
def test_art_17_two_wheelers_are_refused_citing_the_article(barra_m, platform, kind):
    driver, decisions = register(barra_m, platform, vehicle_kind=kind)
    assert driver.status == PlatformDriver.Status.REFUSED
    refusals = refusal_texts(decisions)
    assert any(f"{LAW}, art. 17" in cites for _, cites in refusals)


def test_art_4_i_a_car_more_than_ten_years_old_is_refused(barra_m, platform):
    year = today_of(barra_m).year - 11
    driver, decisions = register(barra_m, platform, vehicle_manufacture_year=year)
    assert driver.status == PlatformDriver.Status.REFUSED
    assert any(f"{LAW}, art. 4, I" in cites for _, cites in refusal_texts(decisions))


def test_art_4_i_a_car_exactly_ten_years_old_is_enabled(barra_m, platform):
    driver, _ = register(barra_m, platform, vehicle_manufacture_year=today_of(barra_m).year - 10)
    assert driver.status == PlatformDriver.Status.ENABLED


@pytest.mark.parametrize(("category", "ear"), [("A", True), ("ACC", True), ("B", False)])
def test_art_4_ii_b_cnh_below_b_or_without_ear_is_refused(barra_m, platform, category, ear):
    driver, decisions = register(barra_m, platform, cnh_category=category, cnh_ear=ear)
    assert driver.status == PlatformDriver.Status.REFUSED
    assert any(f"{LAW}, art. 4, II, alínea b" in c for _, c in refusal_texts(decisions))


def test_art_4_ii_missing_documents_are_each_refused(barra_m, platform):
    driver, decisions = register(
        barra_m, platform, criminal_certificate=False, inss=False, app_insurance=False
    )
    assert driver.status == PlatformDriver.Status.REFUSED
    cited = {c for _, cites in refusal_texts(decisions) for c in cites}
    assert {f"{LAW}, art. 4, II, alínea c", f"{LAW}, art. 4, II, alínea f"} <= cited
    assert f"{LAW}, art. 4, II, alínea d" in cited


def test_an_invalid_cpf_or_plate_is_refused_with_the_field(barra_m, platform):
    with pytest.raises(PlatformError) as exc:
        register(barra_m, platform, cpf="12345678900", vehicle_plate="AB-12")
    fields = {e["campo"] for e in exc.value.errors}
    assert fields == {"cpf", "vehicle_plate"}


def test_plate_is_stored_uppercase_without_dash(barra_m, platform):
    driver, _ = register(barra_m, platform, vehicle_plate="qab-1c23")
    assert driver.vehicle_plate == "QAB1C23"


def test_the_same_cpf_twice_on_one_platform_is_a_conflict(barra_m, platform):
    cpf = new_cpf()
    register(barra_m, platform, cpf=cpf)
    with pytest.raises(PlatformError) as exc:
        register(barra_m, platform, cpf=cpf)
    assert exc.value.status == 409


def test_the_same_cpf_on_two_platforms_is_allowed(barra_m, platform):
    other = make_platform(barra_m, "Outra")
    cpf = new_cpf()
    a, _ = register(barra_m, platform, cpf=cpf)
    b, _ = register(barra_m, other, cpf=cpf)
    assert a.status == b.status == PlatformDriver.Status.ENABLED


def test_art_3_par_2_the_51st_driver_of_a_platform_is_refused(barra_m, platform):
    enabled_drivers(barra_m, platform, 50)
    driver, decisions = register(barra_m, platform)
    assert driver.status == PlatformDriver.Status.REFUSED
    messages = [m for m, _ in refusal_texts(decisions)]
    assert any("já tem 50 motoristas" in msg for msg in messages)


def test_deactivation_frees_a_place(barra_m, platform):
    enabled_drivers(barra_m, platform, 49)
    last, _ = register(barra_m, platform)
    assert last.status == "enabled"
    assert register(barra_m, platform)[0].status == "refused"
    platform_driver_disable(actor=platform_actor(), municipality=barra_m, driver=last)
    with tenant(barra_m):
        assert enabled_roster(platform) == 49
    assert register(barra_m, platform)[0].status == "enabled"


def test_art_3_par_2_the_501st_driver_of_the_municipality_is_refused(barra_m):
    with tenant(barra_m):
        current = enabled_roster()
    need = 500 - current
    platforms = [make_platform(barra_m, f"P{i}") for i in range(need // 50 + 2)]
    for p in platforms:
        if need <= 0:
            break
        n = min(50, need)
        enabled_drivers(barra_m, p, n)
        need -= n
    with tenant(barra_m):
        assert enabled_roster() == 500
    driver, decisions = register(barra_m, platforms[-1])
    assert driver.status == "refused"
    assert any("Município já tem 500" in m for m, _ in refusal_texts(decisions))


def _municipality_at(m, persons: int) -> list:  # type: ignore[no-untyped-def]
    """Platforms whose rosters hold ``persons`` distinct drivers in the municipality."""
    with tenant(m):
        need = persons - enabled_roster()
    platforms = [make_platform(m, f"Q{i}") for i in range(need // 50 + 2)]
    for p in platforms:
        n = min(50, need)
        if n > 0:
            enabled_drivers(m, p, n)
        need -= n
    return platforms


def test_art_3_par_2_a_driver_on_two_platforms_is_one_of_the_500(barra_m):
    platforms = _municipality_at(barra_m, 499)
    with tenant(barra_m):
        shared = PlatformDriver.objects.filter(platform=platforms[0]).first().cpf
    # The same person joins a second platform: still 499 persons in the municipality.
    again, _ = register(barra_m, platforms[-1], cpf=shared)
    assert again.status == "enabled"
    with tenant(barra_m):
        assert enabled_roster() == 499
    # So the 500th person is enabled, and the 501st refused.
    assert register(barra_m, platforms[-1])[0].status == "enabled"
    driver, decisions = register(barra_m, platforms[-1])
    assert driver.status == "refused"
    assert any("Município já tem 500" in m for m, _ in refusal_texts(decisions))


def test_art_3_par_2_a_driver_active_elsewhere_joins_a_platform_at_500(barra_m):
    platforms = _municipality_at(barra_m, 500)
    with tenant(barra_m):
        active = PlatformDriver.objects.filter(platform=platforms[0]).first().cpf
    driver, decisions = register(barra_m, platforms[-1], cpf=active)
    assert driver.status == "enabled", refusal_texts(decisions)
    with tenant(barra_m):
        assert enabled_roster() == 500


def test_d16_a_court_suspension_of_the_two_wheeler_ban_turns_it_off_from_its_date(
    barra_m, platform
):
    with tenant(barra_m):
        RuleSuspension.objects.create(
            rule="apps.art17.two_wheeler_ban",
            start=today_of(barra_m) - dt.timedelta(days=1),
            reference="TJMT, ADI nº 1000000-00.2026 (exemplo), decisão de 10/03/2026",
        )
    driver, decisions = register(barra_m, platform, vehicle_kind="motorcycle")
    assert driver.status == "enabled"
    suspended = [r for d in decisions for r in d.reasons if str(r.verdict) == "suspended"]
    assert suspended and "TJMT" in suspended[0].message
    assert any("D-16" in c.render() for c in suspended[0].citations)
    # Before the suspension's date the ban applied.
    earlier = platform_driver_register(
        actor=platform_actor(),
        municipality=barra_m,
        platform=platform,
        data=driver_data(vehicle_kind="motorcycle"),
        on=today_of(barra_m) - dt.timedelta(days=2),
    )[0]
    assert earlier.status == "refused"


def test_d16_a_suspended_platform_cap_lets_the_51st_in(barra_m, platform):
    with tenant(barra_m):
        RuleSuspension.objects.create(
            rule="apps.art3.driver_cap_platform",
            start=dt.date(2026, 3, 10),
            reference="TJMT, decisão liminar (exemplo)",
        )
    enabled_drivers(barra_m, platform, 50)
    driver, decisions = register(barra_m, platform)
    assert driver.status == "enabled"
    assert any("suspensa" in r.message for d in decisions for r in d.reasons)


def test_only_a_platform_registers_drivers(barra_m, platform, authority):
    with pytest.raises(NotCompetent):
        platform_driver_register(
            actor=authority, municipality=barra_m, platform=platform, data=driver_data()
        )


def test_a_suspended_platform_cannot_enable_drivers(barra_m):
    p = make_platform(barra_m, "Suspensa", status="suspended")
    driver, decisions = register(barra_m, p)
    assert driver.status == "refused"
    assert any(f"{LAW}, art. 3" in c for _, cites in refusal_texts(decisions) for c in cites)


def test_art_3_par_2_d_9_the_cap_is_counted_on_the_roster_of_the_registrations_day(
    barra_m, platform
):
    """A registration dated ``on`` is judged with the roster of that day (D-15): 50 drivers were
    enabled then, so there was no place, even if they were disabled since."""
    day = today_of(barra_m) - dt.timedelta(days=10)
    enabled_drivers(barra_m, platform, 50)
    with tenant(barra_m):
        then = dt.datetime.combine(day - dt.timedelta(days=30), dt.time(12), tzinfo=dt.UTC)
        since = dt.datetime.combine(day + dt.timedelta(days=2), dt.time(12), tzinfo=dt.UTC)
        PlatformDriver.objects.filter(platform=platform).update(
            status="disabled", enabled_at=then, disabled_at=since
        )
    driver, decisions = platform_driver_register(
        actor=platform_actor(), municipality=barra_m, platform=platform, data=driver_data(), on=day
    )
    assert driver.status == "refused"
    assert any("art. 3, §2" in c for _, cites in refusal_texts(decisions) for c in cites)
    # Today the roster is empty: a registration of today enables the driver.
    driver, _ = register(barra_m, platform)
    assert driver.status == "enabled"


def test_art_3_par_2_d_9_todays_full_roster_still_refuses_a_registration_dated_before(
    barra_m, platform
):
    """The driver is enabled from the registration on: the cap holds on today's roster too."""
    day = today_of(barra_m) - dt.timedelta(days=10)
    enabled_drivers(barra_m, platform, 50)
    with tenant(barra_m):
        later = dt.datetime.combine(day + dt.timedelta(days=2), dt.time(12), tzinfo=dt.UTC)
        PlatformDriver.objects.filter(platform=platform).update(enabled_at=later)
    driver, _ = platform_driver_register(
        actor=platform_actor(), municipality=barra_m, platform=platform, data=driver_data(), on=day
    )
    assert driver.status == "refused"


def test_d_15_a_registration_dated_after_the_municipalitys_today_is_refused_naming_on(
    barra_m, platform
):
    with pytest.raises(PlatformError) as exc:
        platform_driver_register(
            actor=platform_actor(),
            municipality=barra_m,
            platform=platform,
            data=driver_data(),
            on=today_of(barra_m) + dt.timedelta(days=1),
        )
    assert exc.value.errors[0]["campo"] == "on" and "D-15" in exc.value.errors[0]["erro"]
    with tenant(barra_m):
        assert not PlatformDriver.objects.filter(platform=platform).exists()
        assert Act.objects.filter(action="platform.driver.register", outcome="refused").exists()
