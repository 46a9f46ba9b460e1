"""Art. 26 IV with art. 3 §2 and Lei 9.784/1999 art. 53 (D-17; ADR 0030): an annulled cancellation
is undone from the start — the drivers it disabled return to the roster, each an act citing the
articles, in the appeal's own transaction — unless what happened since stands: the platform's own
deactivation (before the cancellation, or of the entry given back since), a CNH that lapsed
meanwhile (art. 4, II, b), no place left (art. 3 §2). Those not returned are listed, with the law's
reason, on the platform's page (staff and portal) and the platform is told by an aviso; asking
again gives nobody back twice."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction
from django.test import Client
from platforms_factories import driver_data, make_platform, platform_actor
from test_apps_art_26_iv_case_appeal import decide, decided, paper

from outorga.core.locking import lock_municipality
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import PlatformCase, PlatformDriver, PlatformNotice
from outorga.platforms.services.credentialing import platform_user_link
from outorga.platforms.services.drivers import (
    platform_driver_disable,
    platform_driver_register,
    platform_drivers_restore_in_transaction,
)

pytestmark = pytest.mark.django_db

LAW = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo)"
LPA = "Lei Federal 9.784/1999"
REGISTERED = dt.date(2026, 10, 1)  # before the cancellation (20/10) and the appeal (05/11)
APPEAL_DECIDED = dt.date(2026, 11, 5)


def _register(m, platform, **over):  # type: ignore[no-untyped-def]
    d, _ = platform_driver_register(
        actor=platform_actor(),
        municipality=m,
        platform=platform,
        data=driver_data(**over),
        on=REGISTERED,
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


def _annul(m, authority, mayor, case) -> None:  # type: ignore[no-untyped-def]
    appeal = paper(m, authority, case, dt.date(2026, 10, 26))
    decide(m, mayor, appeal, "upheld", on=APPEAL_DECIDED)


def _restore_again(m, platform, case, actor) -> object:  # type: ignore[no-untyped-def]
    """The restoring asked again for the same cancellation (a second annulment of it, a retry)."""
    with transaction.atomic(), tenant(m):
        lock_municipality(m)
        c = PlatformCase.objects.get(pk=case.pk)
        return platform_drivers_restore_in_transaction(
            actor=actor,
            municipality=m,
            platform=platform,
            driver_ids=list(c.decision["drivers_disabled"]),
            case_id=c.pk,
            on=APPEAL_DECIDED,
        )


@pytest.fixture
def roster(barra_m, platform):  # type: ignore[no-untyped-def]
    """Two drivers enabled — the second's CNH lapses on 31/10, after the cancellation and before
    the appeal's decision — and a third the platform disabled itself before any case."""
    kept = _register(barra_m, platform)
    lapsed = _register(barra_m, platform, cnh_valid_until=dt.date(2026, 10, 31))
    left = _register(barra_m, platform)
    platform_driver_disable(
        actor=platform_actor(), municipality=barra_m, driver=left, reason="saiu da plataforma"
    )
    return kept, lapsed, left


@pytest.fixture
def cancelled(barra_m, authority, mayor, platform, roster):  # type: ignore[no-untyped-def]
    case = decided(barra_m, authority, mayor, platform, kind="credential_cancellation")
    assert _enabled_cpfs(barra_m, platform) == set()
    with tenant(barra_m):
        case = PlatformCase.objects.get(pk=case.pk)
    # Only the drivers the cancellation itself disabled are kept as its own.
    assert sorted(case.decision["drivers_disabled"]) == sorted([roster[0].pk, roster[1].pk])
    return case


def test_lei_9784_art_53_the_annulled_cancellation_gives_back_its_driver_with_an_act_citing_it(
    barra_m, authority, mayor, platform, roster, cancelled
):
    kept, _, _ = roster
    _annul(barra_m, authority, mayor, cancelled)
    assert kept.cpf in _enabled_cpfs(barra_m, platform)
    [act] = _restore_acts(barra_m)
    assert act.record["payload"]["new"]["restored_from"] == kept.pk
    citations = act.record["basis"]["citations"]
    assert f"{LAW}, art. 26, IV" in citations
    assert f"{LAW}, art. 3, §2" in citations
    assert f"{LPA}, art. 53" in citations
    # The law core's question answered it, and its trace is kept on the new entry.
    with tenant(barra_m):
        back = PlatformDriver.objects.get(platform=platform, status="enabled")
    [trace] = back.decision["decisions"]
    assert trace["question"] == "barra-do-garcas.apps-2025.roster_restore"
    assert trace["outcome"] == {"returns": True, "already": False}
    # Upheld in full, the cancellation was annulled — not turned into a suspension (art. 64).
    [base] = [r for r in trace["reasons"] if r["rule"] == "apps.art26.iv.roster_restore"]
    assert base["facts"]["cancelamento"] == "anulado"


def test_art_26_iv_a_driver_the_platform_disabled_before_the_cancellation_is_not_returned(
    barra_m, authority, mayor, platform, roster, cancelled
):
    _, _, left = roster
    _annul(barra_m, authority, mayor, cancelled)
    assert left.cpf not in _enabled_cpfs(barra_m, platform)
    acts = _restore_acts(barra_m) + _restore_acts(barra_m, "refused")
    assert str(left.pk) not in {x.object_id for x in acts}


def test_art_4_ii_b_a_driver_whose_cnh_lapsed_meanwhile_is_not_returned_with_the_article(
    barra_m, authority, mayor, platform, roster, cancelled, user_of
):
    """The CNH was valid at the cancellation (20/10) and lapsed on 31/10: on the appeal's day
    (05/11) the driver does not meet art. 4, II, b — refused as an act citing it, named in the
    aviso and listed with the reason on the platform's page, staff and portal."""
    _, lapsed, _ = roster
    _annul(barra_m, authority, mayor, cancelled)
    assert lapsed.cpf not in _enabled_cpfs(barra_m, platform)
    [refused] = _restore_acts(barra_m, "refused")
    assert refused.object_id == str(lapsed.pk)
    assert f"{LAW}, art. 4, II, alínea b" in refused.record["basis"]["citations"]
    with tenant(barra_m):
        [notice] = PlatformNotice.objects.filter(
            platform=platform, kind=PlatformNotice.Kind.APPEAL_JUDGED
        )
        case = PlatformCase.objects.get(pk=cancelled.pk)
    assert lapsed.name in notice.message and "art. 4, II, alínea b" in notice.message
    [row] = case.decision["roster_restore"]["not_returned"]
    assert row["driver"] == lapsed.pk and "art. 4, II, alínea b" in row["reason"]

    staff_page = Client()
    staff_page.force_login(mayor.user)
    html = staff_page.get(f"/plataformas/{platform.pk}/").content.decode()
    assert "Motoristas não habilitados novamente" in html
    assert lapsed.name in html and "art. 4, II, alínea b" in html

    user = _platform_login(barra_m, authority, platform, user_of)
    home = user.get("/plataforma/").content.decode()
    assert lapsed.name in home and "art. 4, II, alínea b" in home


def _platform_login(m, authority, platform, user_of) -> Client:  # type: ignore[no-untyped-def]
    user = user_of("barra-do-garcas", Role.PLATAFORMA)
    with tenant(m):
        platform_user_link(actor=authority, municipality=m, platform=platform, user=user)
    c = Client()
    c.force_login(user)
    return c


def test_art_26_iv_asking_again_gives_nobody_back_twice(
    barra_m, authority, mayor, platform, roster, cancelled
):
    _annul(barra_m, authority, mayor, cancelled)
    with tenant(barra_m):
        entries = PlatformDriver.objects.filter(platform=platform).count()
    acts = len(_restore_acts(barra_m)) + len(_restore_acts(barra_m, "refused"))
    again = _restore_again(barra_m, platform, cancelled, mayor)
    assert again.enabled == []  # type: ignore[attr-defined]
    assert [d.pk for d in again.already] == [roster[0].pk]  # type: ignore[attr-defined]
    with tenant(barra_m):
        assert PlatformDriver.objects.filter(platform=platform).count() == entries
    # The lapsed CNH is refused again (as an act), but nobody is enabled twice.
    assert len(_restore_acts(barra_m)) == 1
    assert len(_restore_acts(barra_m)) + len(_restore_acts(barra_m, "refused")) == acts + 1


def test_art_3_par_2_a_driver_the_platform_disabled_after_being_given_back_stays_disabled(
    barra_m, authority, mayor, platform, roster, cancelled
):
    """The platform disabled the entry given back: its own act stands — asked again, the
    cancellation's annulment does not enable the person a second time."""
    kept, _, _ = roster
    _annul(barra_m, authority, mayor, cancelled)
    with tenant(barra_m):
        back = PlatformDriver.objects.get(platform=platform, cpf=kept.cpf, status="enabled")
    platform_driver_disable(
        actor=platform_actor(), municipality=barra_m, driver=back, reason="encerrou o contrato"
    )
    again = _restore_again(barra_m, platform, cancelled, mayor)
    assert again.enabled == []  # type: ignore[attr-defined]
    assert kept.cpf not in _enabled_cpfs(barra_m, platform)
    refused = [x for x in _restore_acts(barra_m, "refused") if x.object_id == str(kept.pk)]
    [act] = refused
    assert f"{LAW}, art. 3, §2" in act.record["basis"]["citations"]


def test_art_26_iv_a_driver_registered_on_another_platform_meanwhile_counts_once_in_the_500(
    barra_m, authority, mayor, platform, roster, cancelled
):
    """The same person enabled on another platform while this one was cancelled still returns:
    the municipality's 500 counts persons (art. 3 §2), and the person holds one place there."""
    kept, _, _ = roster
    other = make_platform(barra_m, name="Outra Plataforma")
    platform_driver_register(
        actor=platform_actor(),
        municipality=barra_m,
        platform=other,
        data=driver_data(cpf=kept.cpf),
        on=dt.date(2026, 10, 27),
    )
    _annul(barra_m, authority, mayor, cancelled)
    assert kept.cpf in _enabled_cpfs(barra_m, platform)
