"""The platform portal's processes (/plataforma/processos/): a platform's staff read the cases and
penalties against their platform with the deadlines, and file a defence and an appeal through
the same services as the API — the law's period judged the same way, the refusal shown with its
article — never reaching another platform's."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from platforms_factories import (
    driver_data,
    fine,
    make_platform,
    on_municipal_day,
    platform_actor,
    warn,
)
from platforms_factories import suspension_case as open_case

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import (
    PlatformCase,
    PlatformPenalty,
    PlatformPenaltyAppeal,
)
from outorga.platforms.services.drivers import platform_driver_register
from outorga.platforms.services.penalties import platform_penalty_impose
from outorga.platforms.services.penalty_process import platform_penalty_notice_record

pytestmark = pytest.mark.django_db

LEI_9784_ART_63 = "Lei Federal 9.784/1999, art. 63, I"


@pytest.fixture
def fined(barra_m, authority, platform):
    """A fine of 100 UPFBG imposed on 20/09/2026 after a first-occurrence warning."""
    warn(barra_m, authority, platform, final=True)
    return fine(barra_m, authority, platform)


def notify(m, actor, penalty, notice_on):  # type: ignore[no-untyped-def]
    return platform_penalty_notice_record(
        actor=actor,
        municipality=m,
        penalty=penalty,
        notice_on=notice_on,
        channel="personal",
        on=notice_on,
    )


def on_day(monkeypatch, day: dt.date) -> None:  # type: ignore[no-untyped-def]
    on_municipal_day(monkeypatch, day)


def test_the_list_shows_each_case_and_penalty_with_its_deadline_and_only_its_own(
    barra_m, authority, platform, portal, fined
):
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    case = open_case(barra_m, authority, platform)
    other = make_platform(barra_m, "Plataforma Vizinha")
    foreign_case = open_case(barra_m, authority, other)
    foreign = warn(barra_m, authority, other)
    page = portal.get("/plataforma/processos/").content.decode()
    assert f"/plataforma/processos/{case.pk}/" in page
    assert case.defence_until.strftime("%d/%m/%Y") in page
    assert f"/plataforma/penalidades/{fined.pk}/" in page
    # Notice on Friday 02/10/2026: 10 days end on Monday 12/10, a national holiday → 13/10 (D-4).
    assert "até 13/10/2026" in page and "R$" in page
    assert f"/plataforma/processos/{foreign_case.pk}/" not in page
    assert f"/plataforma/penalidades/{foreign.pk}/" not in page
    assert portal.get(f"/plataforma/processos/{foreign_case.pk}/").status_code == 404
    assert portal.get(f"/plataforma/penalidades/{foreign.pk}/").status_code == 404
    assert portal.get(f"/plataforma/penalidades/{foreign.pk}/decisao.pdf").status_code == 404
    pdf = portal.get(f"/plataforma/penalidades/{fined.pk}/decisao.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


def test_art_26_sole_the_platform_files_its_defence_on_the_portal(
    barra_m, authority, platform, portal
):
    case = open_case(barra_m, authority, platform)
    empty = portal.post(f"/plataforma/processos/{case.pk}/", {"text": "   "})
    assert empty.status_code == 200 and "Este campo é obrigatório" in empty.content.decode()
    r = portal.post(
        f"/plataforma/processos/{case.pk}/", {"text": "Os relatórios foram entregues no prazo."}
    )
    assert r.status_code == 302 and r["Location"] == f"/plataforma/processos/{case.pk}/"
    with tenant(barra_m):
        case.refresh_from_db()
        (act,) = Act.objects.filter(action="platform.case.defence", object_id=str(case.pk))
    assert case.defence_text == "Os relatórios foram entregues no prazo."
    assert case.defence_filed_at is not None
    assert act.role == Role.PLATAFORMA
    page = portal.get(r["Location"]).content.decode()
    assert "Defesa apresentada em" in page and "Substituir a defesa" in page


def test_a_decided_case_takes_no_defence(barra_m, authority, platform, portal):
    case = open_case(barra_m, authority, platform)
    with tenant(barra_m):
        PlatformCase.objects.filter(pk=case.pk).update(status=PlatformCase.Status.REJECTED)
    r = portal.post(f"/plataforma/processos/{case.pk}/", {"text": "Tarde demais."}, follow=True)
    page = r.content.decode()
    assert "Processo já decidido: defesa não recebida." in page
    with tenant(barra_m):
        case.refresh_from_db()
    assert case.defence_text == ""


def test_art_26_sole_an_appeal_on_the_last_day_moved_by_a_holiday_is_received_on_the_portal(
    barra_m, authority, fined, portal, monkeypatch
):
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    on_day(monkeypatch, dt.date(2026, 10, 13))
    # The fine is open to an appeal (the warning before it is final): the home says so.
    home = portal.get("/plataforma/").content.decode()
    assert "1 processo com prazo para a plataforma agir" in home
    page = portal.get(f"/plataforma/penalidades/{fined.pk}/").content.decode()
    assert "Apresentar recurso" in page and "até 13/10/2026" in page
    r = portal.post(
        f"/plataforma/penalidades/{fined.pk}/", {"text": "O relatório foi entregue no prazo."}
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(barra_m):
        appeal = PlatformPenaltyAppeal.objects.get(penalty=fined)
        fined.refresh_from_db()
        (act,) = Act.objects.filter(action="penalty.appeal.file", object_id=str(appeal.pk))
    assert appeal.channel == PlatformPenaltyAppeal.Channel.WEB
    assert appeal.filed_on == dt.date(2026, 10, 13) and appeal.reconsider_until is not None
    assert fined.status == PlatformPenalty.Status.UNDER_APPEAL
    assert act.role == Role.PLATAFORMA
    after = portal.get(r["Location"]).content.decode()
    assert "portal da plataforma" in after and "aguardando julgamento" in after
    assert "Apresentar recurso" not in after  # one appeal per penalty
    # Appealed, the fine no longer waits on the platform; the warning is final: none left.
    assert "com prazo para a plataforma agir" not in portal.get("/plataforma/").content.decode()
    # A second post is refused by the service, never a second appeal.
    portal.post(f"/plataforma/penalidades/{fined.pk}/", {"text": "De novo."})
    with tenant(barra_m):
        assert PlatformPenaltyAppeal.objects.filter(penalty=fined).count() == 1


def test_art_26_sole_an_appeal_the_day_after_is_refused_with_the_article(
    barra_m, authority, fined, portal, monkeypatch
):
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    on_day(monkeypatch, dt.date(2026, 10, 14))
    r = portal.post(f"/plataforma/penalidades/{fined.pk}/", {"text": "Recurso."})
    assert r.status_code == 200
    page = r.content.decode()
    assert "fora do prazo" in page and "13/10/2026" in page and LEI_9784_ART_63 in page
    with tenant(barra_m):
        assert not PlatformPenaltyAppeal.objects.filter(penalty=fined).exists()
        fined.refresh_from_db()
    assert fined.status == PlatformPenalty.Status.APPEAL_PERIOD


def test_a_driver_penalty_is_not_the_platform_s_case(barra_m, authority, platform, portal):
    driver, _ = platform_driver_register(
        actor=platform_actor(),
        municipality=barra_m,
        platform=platform,
        data=driver_data(),
    )
    x, _ = platform_penalty_impose(
        actor=authority,
        municipality=barra_m,
        platform=platform,
        driver=driver,
        kind="warning",
        infraction_on=dt.date(2026, 8, 1),
        description="Veículo sem identificação.",
        reasoning="Primeira ocorrência.",
        defence_notice_on=dt.date(2026, 8, 5),
        defence_judged=True,
        on=dt.date(2026, 8, 20),
    )
    assert (
        f"/plataforma/penalidades/{x.pk}/"
        not in portal.get("/plataforma/processos/").content.decode()
    )
    assert portal.get(f"/plataforma/penalidades/{x.pk}/").status_code == 404


@pytest.mark.parametrize("role", [Role.AUTORIDADE, Role.PERMISSIONARIO, Role.ATENDENTE])
def test_other_roles_are_refused_the_platform_processes(barra_m, user_of, role):
    c = Client()
    c.force_login(user_of("barra-do-garcas", role))
    assert c.get("/plataforma/processos/").status_code == 403
