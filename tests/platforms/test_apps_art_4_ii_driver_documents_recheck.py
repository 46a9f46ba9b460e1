"""Art. 4, II ("exigir e manter atualizados os documentos obrigatórios") and art. 14, I: the daily
re-check of every enabled driver on the rosters — an act per change, an aviso to the platform
with the term the law gives (none), idempotent, and shown to City Hall and to the platform."""

from __future__ import annotations

import datetime as dt
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from platforms_factories import driver_data, make_platform, platform_actor

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import PlatformDriver, PlatformNotice
from outorga.platforms.services.drivers import platform_driver_disable, platform_driver_register
from outorga.platforms.sweeping import sweep_platform_drivers

LAW = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo)"
JOINED = dt.date(2026, 3, 2)
CHECK = dt.date(2026, 3, 10)


def enrol(m, platform, **over):
    """A driver enabled on 02/03/2026 with every document current then."""
    over.setdefault("criminal_certificate_date", dt.date(2026, 2, 20))
    over.setdefault("debt_clearance_date", dt.date(2026, 2, 20))
    over.setdefault("crlv_valid_until", dt.date(2026, 12, 31))
    over.setdefault("app_insurance_valid_until", dt.date(2026, 12, 31))
    driver, _ = platform_driver_register(
        actor=platform_actor(),
        municipality=m,
        platform=platform,
        data=driver_data(vehicle_manufacture_year=2022, **over),
        on=JOINED,
    )
    assert driver.status == PlatformDriver.Status.ENABLED
    return driver


def reload(m, driver):
    with tenant(m):
        return PlatformDriver.objects.get(pk=driver.pk)


def checks_of(m, driver):
    with tenant(m):
        return list(
            Act.objects.filter(
                action="platform.driver.documents.check", object_id=str(driver.pk)
            ).order_by("seq")
        )


def notices_of(m, platform):
    with tenant(m):
        return list(
            PlatformNotice.objects.filter(
                platform=platform, kind=PlatformNotice.Kind.DRIVER_DOCUMENTS
            )
        )


def test_art_4_ii_b_a_cnh_expired_the_day_before_the_check_is_recorded_and_notified(
    barra_m, platform
):
    d = enrol(barra_m, platform, cnh_valid_until=dt.date(2026, 3, 9))
    sweep_platform_drivers(barra_m, CHECK)
    d = reload(barra_m, d)
    assert d.documents == PlatformDriver.Documents.LAPSED
    assert d.documents_checked_on == CHECK
    assert d.documents_check["lapsed"] == ["apps.art4.ii.b.cnh_valid"]
    assert d.status == PlatformDriver.Status.ENABLED  # the roster is the platform's (art. 4)
    (act,) = checks_of(barra_m, d)
    payload = act.record["payload"]
    assert payload["new"]["documents"] == "lapsed"
    assert f"{LAW}, art. 4, II, alínea b" in act.record["basis"]["citations"]
    (notice,) = notices_of(barra_m, platform)
    assert "CNH vencida em 09/03/2026" in notice.message
    assert f"{LAW}, art. 4, II, alínea b" in notice.message
    # The law gives no term to update: none is invented.
    assert notice.due_on is None
    assert "a lei não fixa prazo para atualizar" in notice.message


def test_art_4_ii_b_a_cnh_valid_on_the_check_day_or_after_it_changes_nothing(barra_m, platform):
    on_the_day = enrol(barra_m, platform, cnh_valid_until=CHECK)
    the_day_after = enrol(barra_m, platform, cnh_valid_until=CHECK + dt.timedelta(days=1))
    sweep_platform_drivers(barra_m, CHECK)
    for d in (on_the_day, the_day_after):
        assert reload(barra_m, d).documents == PlatformDriver.Documents.CURRENT
        assert checks_of(barra_m, d) == []
    assert notices_of(barra_m, platform) == []
    # The day after the check the first one's CNH has lapsed; the second's still holds.
    sweep_platform_drivers(barra_m, CHECK + dt.timedelta(days=1))
    assert reload(barra_m, on_the_day).documents == PlatformDriver.Documents.LAPSED
    assert reload(barra_m, the_day_after).documents == PlatformDriver.Documents.CURRENT


def test_art_4_ii_a_second_run_on_the_same_day_and_the_next_day_change_nothing(barra_m, platform):
    d = enrol(barra_m, platform, cnh_valid_until=dt.date(2026, 3, 9))
    first = sweep_platform_drivers(barra_m, CHECK)
    assert first.changes >= 1
    with tenant(barra_m):
        acts = Act.objects.count()
    second = sweep_platform_drivers(barra_m, CHECK)
    assert second.changes == 0
    assert sweep_platform_drivers(barra_m, CHECK + dt.timedelta(days=1)).changes == 0
    with tenant(barra_m):
        assert Act.objects.count() == acts
    assert len(checks_of(barra_m, d)) == 1
    assert len(notices_of(barra_m, platform)) == 1


def test_art_4_ii_c_a_criminal_certificate_older_than_the_example_term_lapses_later(
    barra_m, platform
):
    """Issued 20/02/2026, with the example term of 90 days: current until 21/05/2026; out of date
    from 22/05/2026. A second requirement newly unmet is a new aviso."""
    d = enrol(barra_m, platform, cnh_valid_until=dt.date(2026, 3, 9))
    sweep_platform_drivers(barra_m, CHECK)
    sweep_platform_drivers(barra_m, dt.date(2026, 5, 21))
    assert reload(barra_m, d).documents_check["lapsed"] == ["apps.art4.ii.b.cnh_valid"]
    sweep_platform_drivers(barra_m, dt.date(2026, 5, 22))
    d = reload(barra_m, d)
    assert d.documents_check["lapsed"] == [
        "apps.art4.ii.b.cnh_valid",
        "apps.art4.ii.c.criminal_certificate",
        "apps.art4.ii.e.municipal_debt_clearance",
    ]
    assert len(checks_of(barra_m, d)) == 2
    notices = notices_of(barra_m, platform)
    assert len(notices) == 2
    assert any("desatualizada desde 21/05/2026" in n.message for n in notices) is False
    assert any("desatualizada desde 22/05/2026" in n.message for n in notices)


def test_art_4_ii_a_certificate_without_a_date_is_shown_as_to_verify_without_an_aviso(
    barra_m, platform
):
    # A driver enabled before a certidão's date was asked of the platforms (ADR 0081): the
    # registration now leaves one sent without it pending.
    d = enrol(barra_m, platform)
    with tenant(barra_m):
        PlatformDriver.objects.filter(pk=d.pk).update(criminal_certificate_date=None)
    sweep_platform_drivers(barra_m, CHECK)
    d = reload(barra_m, d)
    assert d.documents == PlatformDriver.Documents.UNKNOWN
    assert d.documents_check["unknown"] == ["apps.art4.ii.c.criminal_certificate"]
    assert len(checks_of(barra_m, d)) == 1
    assert notices_of(barra_m, platform) == []


def test_a_disabled_driver_is_not_rechecked(barra_m, platform):
    d = enrol(barra_m, platform, cnh_valid_until=dt.date(2026, 3, 9))
    platform_driver_disable(actor=platform_actor(), municipality=barra_m, driver=d)
    sweep_platform_drivers(barra_m, CHECK)
    assert reload(barra_m, d).documents == PlatformDriver.Documents.CURRENT
    assert checks_of(barra_m, d) == []


def test_the_other_municipality_has_no_app_drivers_to_recheck(ipatinga_m):
    assert sweep_platform_drivers(ipatinga_m, CHECK).checked == 0


def test_the_sweep_command_runs_the_step_and_its_second_run_writes_nothing(barra_m, platform):
    d = enrol(barra_m, platform, cnh_valid_until=dt.date(2026, 3, 9))
    out = StringIO()
    args = {"on": CHECK.isoformat(), "municipality": barra_m.slug, "step": ["platform_drivers"]}
    call_command("sweep", stdout=out, no_progress=True, **args)
    assert f"motorista {d.name} deixou de cumprir as exigências da lei (art. 4)" in out.getvalue()
    call_command("sweep", stdout=StringIO(), no_progress=True, **args)
    assert len(checks_of(barra_m, d)) == 1


@pytest.fixture
def lapsed(barra_m, platform):
    d = enrol(barra_m, platform, cnh_valid_until=dt.date(2026, 3, 9))
    sweep_platform_drivers(barra_m, CHECK)
    return d


def test_art_4_ii_city_hall_sees_the_lapsed_driver_on_the_platform_page(user_of, platform, lapsed):
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    html = c.get(f"/plataformas/{platform.pk}/").content.decode()
    assert "Motoristas com documentos a atualizar (art. 4, II)" in html
    assert lapsed.name in html
    assert "CNH vencida em 09/03/2026" in html
    assert f"{LAW}, art. 4, II, alínea b" in html
    assert "A lei não fixa prazo" in html


def test_art_4_ii_the_platform_sees_its_lapsed_driver_in_its_portal(portal, lapsed):
    for page in ("/plataforma/", "/plataforma/motoristas/", f"/plataforma/motoristas/{lapsed.pk}/"):
        html = portal.get(page).content.decode()
        assert lapsed.name in html, page
        assert "CNH vencida em 09/03/2026" in html, page
        assert "art. 4, II" in html, page


def test_another_platform_s_portal_does_not_list_the_lapsed_driver(
    barra_m, user_of, authority, lapsed
):
    from outorga.platforms.services.credentialing import platform_user_link

    other = make_platform(barra_m, "Outra")
    user = user_of("barra-do-garcas", Role.PLATAFORMA)
    with tenant(barra_m):
        platform_user_link(actor=authority, municipality=barra_m, platform=other, user=user)
    c = Client()
    c.force_login(user)
    html = c.get("/plataforma/").content.decode()
    assert lapsed.name not in html


def test_art_27_a_regulation_s_term_to_update_is_the_aviso_s_deadline(barra_m, platform):
    """Where a regulation gives the platform 15 days (art. 27), the aviso of 10/03/2026 is due on
    25/03/2026 (D-4: calendar days, the day of the check excluded)."""
    from outorga.core.models import ParameterOverride

    with tenant(barra_m):
        ParameterOverride.objects.create(
            name="apps_2025.driver_document_update_days",
            effective=dt.date(2026, 1, 1),
            value=15,
            legal_reference="Decreto de teste que regulamenta o art. 4, II (art. 27)",
        )
    d = enrol(barra_m, platform, cnh_valid_until=dt.date(2026, 3, 9))
    sweep_platform_drivers(barra_m, CHECK)
    (notice,) = notices_of(barra_m, platform)
    assert notice.due_on == dt.date(2026, 3, 25)
    assert "atualizar até 25/03/2026" in notice.message
    assert reload(barra_m, d).documents_check["update_until"] == "2026-03-25"


def test_d_16_a_driver_lapsed_only_on_a_rule_a_court_then_suspends_is_current_again(
    barra_m, platform
):
    """The debt clearance (art. 4, II, e) out of date on 22/05/2026 (example term of 90 days);
    a court suspends the rule from 25/05: the next re-check records the driver current again,
    with an act and no aviso."""
    from outorga.core.models import RuleSuspension

    d = enrol(barra_m, platform, criminal_certificate_date=dt.date(2026, 5, 1))
    sweep_platform_drivers(barra_m, dt.date(2026, 5, 22))
    assert reload(barra_m, d).documents_check["lapsed"] == [
        "apps.art4.ii.e.municipal_debt_clearance"
    ]
    with tenant(barra_m):
        RuleSuspension.objects.create(
            rule="apps.art4.ii.e.municipal_debt_clearance",
            start=dt.date(2026, 5, 25),
            reference="TJMT (exemplo de teste), decisão de 25/05/2026",
        )
    sweep_platform_drivers(barra_m, dt.date(2026, 5, 25))
    d = reload(barra_m, d)
    assert d.documents == PlatformDriver.Documents.CURRENT
    acts = checks_of(barra_m, d)
    assert [a.record["payload"]["new"]["documents"] for a in acts] == ["lapsed", "current"]
    assert len(notices_of(barra_m, platform)) == 1


def test_art_4_ii_c_a_driver_whose_certidao_is_already_old_is_not_enabled(barra_m):
    """The registration sends the certidão's issue date the platform declared, and the law judges
    its age then — before, a certidão of 2024 enabled the driver and the next day's re-check
    found it lapsed."""
    platform = make_platform(barra_m)
    driver, decisions = platform_driver_register(
        actor=platform_actor(),
        municipality=barra_m,
        platform=platform,
        data=driver_data(
            vehicle_manufacture_year=2022,
            criminal_certificate_date=dt.date(2024, 1, 1),
            debt_clearance_date=dt.date(2026, 2, 20),
            crlv_valid_until=dt.date(2026, 12, 31),
            app_insurance_valid_until=dt.date(2026, 12, 31),
        ),
        on=JOINED,
    )
    assert driver.status == PlatformDriver.Status.REFUSED
    refused = [r.rule for d in decisions for r in d.refusals]
    assert refused == ["apps.art4.ii.c.criminal_certificate"]
