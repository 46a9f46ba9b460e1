"""Art. 26, caput: "O descumprimento das disposições desta lei sujeitará as plataformas e
motoristas às seguintes penalidades" — a driver of a platform is punished on the driver's own
record: the written warning on the driver's first occurrence (I), a fine up to the maximum in
UPFBG (II) that is the driver's debt (by CPF) in the finance ledger, payable like any other, all
through the administrative process of the sole paragraph (notice, appeal, finality: D-1, D-17)."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

import pytest
from django.test import Client
from platforms_factories import driver_data, final_from_september, make_platform

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.finance import payments
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.platforms.models import PlatformDriver, PlatformNotice, PlatformPenalty
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.penalties import platform_penalty_impose
from outorga.platforms.services.penalty_appeals import (
    platform_penalty_appeal_file,
    platform_penalty_appeal_judge,
    platform_penalty_reconsider,
)
from outorga.platforms.services.penalty_process import platform_penalty_notice_record
from outorga.platforms.sweeping import sweep_platforms
from outorga.platforms.tokens import api_token_issue
from outorga.registry.models import Person

pytestmark = pytest.mark.django_db

ART_26_I = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo), art. 26, I"
ART_26_II = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo), art. 26, II"


def make_driver(m, platform, **over):
    data = driver_data(**over)
    with tenant(m):
        return PlatformDriver.objects.create(
            platform=platform,
            cpf=data.cpf,
            name=data.name,
            cnh_number=data.cnh_number,
            cnh_category=data.cnh_category,
            cnh_ear=True,
            vehicle_plate=data.vehicle_plate,
            vehicle_kind=data.vehicle_kind,
            vehicle_manufacture_year=data.vehicle_manufacture_year,
            status=PlatformDriver.Status.ENABLED,
        )


def impose(m, actor, platform, driver, kind="fine", **over):
    args = {
        "actor": actor,
        "municipality": m,
        "platform": platform,
        "driver": driver,
        "kind": kind,
        "infraction_on": dt.date(2026, 9, 1),
        "description": "Veículo com sinalização luminosa externa (art. 25).",
        "reasoning": "Reincidência do motorista.",
        "defence_notice_on": dt.date(2026, 9, 2),
        "defence_judged": True,
        "on": dt.date(2026, 9, 20),
    }
    if kind == "fine":
        args["fine_upfbg"] = Decimal("500")
    args.update(over)
    return platform_penalty_impose(**args)


def warn(m, actor, platform, driver):
    """The first occurrence's warning, notified on 20/08/2026 and so final from 01/09/2026 — the
    day of the fines' fact: an earlier occurrence of it (art. 26, I; ADR 0082)."""
    penalty, decision = impose(
        m,
        actor,
        platform,
        driver,
        kind="warning",
        infraction_on=dt.date(2026, 8, 1),
        defence_notice_on=dt.date(2026, 8, 3),
        on=dt.date(2026, 8, 20),
    )
    return final_from_september(m, actor, penalty), decision


@pytest.fixture
def driver(barra_m, platform):
    return make_driver(barra_m, platform)


def test_art_26_i_a_drivers_first_occurrence_is_the_written_warning_not_a_fine(
    barra_m, authority, platform, driver
):
    with pytest.raises(PlatformError) as refused:
        impose(barra_m, authority, platform, driver)
    body = json.dumps(refused.value.to_json(), ensure_ascii=False)
    assert "Primeira ocorrência: a lei prevê advertência escrita" in body and ART_26_I in body
    penalty, decision = warn(barra_m, authority, platform, driver)
    assert penalty.driver == driver and penalty.offender == "driver"
    assert penalty.kind == PlatformPenalty.Kind.WARNING and penalty.debt is None
    assert ART_26_I in {c.render() for c in decision.citations}
    with tenant(barra_m):
        refusal = Act.objects.get(action="penalty.fine", outcome="refused")
    assert refusal.record["payload"]["new"]["driver"] == driver.pk


def test_art_26_i_the_platforms_record_is_not_its_drivers(barra_m, authority, platform, driver):
    """The platform's earlier warning is the platform's occurrence: its driver's first offence is
    still a first occurrence — and the other way round."""
    warn(barra_m, authority, platform, None)
    with pytest.raises(PlatformError):
        impose(barra_m, authority, platform, driver)
    warn(barra_m, authority, platform, driver)
    penalty, _ = impose(barra_m, authority, platform, driver)
    assert penalty.kind == PlatformPenalty.Kind.FINE


def test_art_26_i_the_drivers_record_follows_the_cpf_across_platforms(
    barra_m, authority, platform, driver
):
    warn(barra_m, authority, platform, driver)
    other = make_platform(barra_m, name="Outra Plataforma")
    same_person = make_driver(barra_m, other, cpf=driver.cpf)
    penalty, _ = impose(barra_m, authority, other, same_person)
    assert penalty.amount_cents == 5_000_000


def test_art_26_ii_a_drivers_fine_of_the_maximum_is_the_drivers_debt_by_cpf(
    barra_m, authority, platform, driver
):
    warn(barra_m, authority, platform, driver)
    penalty, decision = impose(barra_m, authority, platform, driver)
    with tenant(barra_m):
        debt = Debt.objects.select_related("person").get(pk=penalty.debt_id)
    assert debt.person.document == driver.cpf and debt.person.kind == Person.Kind.NATURAL
    assert debt.person.document != platform.cnpj
    # 500 UPFBG × R$ 100,00 (the demo's example UPFBG, D-5) = R$ 50.000,00.
    assert debt.amount_cents == penalty.amount_cents == 5_000_000
    assert debt.origin == Debt.Origin.FINE and debt.awaiting_finality
    assert ART_26_II in debt.basis["citations"]
    assert driver.name in debt.description and "500 UPFBG" in debt.description
    with tenant(barra_m):
        act = Act.objects.get(action="penalty.fine", object_id=str(penalty.pk))
    assert act.record["payload"]["new"]["driver"] == driver.pk


def test_art_26_ii_a_drivers_fine_above_the_maximum_is_refused_with_the_article(
    barra_m, authority, platform, driver
):
    warn(barra_m, authority, platform, driver)
    with pytest.raises(PlatformError) as refused:
        impose(barra_m, authority, platform, driver, fine_upfbg=Decimal("500.0001"))
    assert ART_26_II in json.dumps(refused.value.to_json(), ensure_ascii=False)
    with tenant(barra_m):
        assert not PlatformPenalty.objects.filter(kind="fine").exists()
        assert not Debt.objects.filter(person__document=driver.cpf).exists()


def test_art_26_caput_a_driver_of_another_platform_is_refused_naming_the_field(
    barra_m, authority, platform
):
    other = make_platform(barra_m, name="Outra Plataforma")
    stranger = make_driver(barra_m, other)
    with pytest.raises(PlatformError) as refused:
        warn(barra_m, authority, platform, stranger)
    assert refused.value.errors[0]["campo"] == "driver"


def noticed_fine(barra_m, authority, platform, driver):
    """The driver's fine after a first-occurrence warning, noticed in person on Monday 21/09."""
    warn(barra_m, authority, platform, driver)
    penalty, _ = impose(barra_m, authority, platform, driver)
    platform_penalty_notice_record(
        actor=authority,
        municipality=barra_m,
        penalty=penalty,
        notice_on=dt.date(2026, 9, 21),
        channel="personal",
        on=dt.date(2026, 9, 21),
    )
    return penalty


def test_art_26_sole_the_drivers_fine_becomes_final_and_is_paid_like_any_debt(
    barra_m, authority, user_of, platform, driver
):
    penalty = noticed_fine(barra_m, authority, platform, driver)
    # Notice on Monday 21/09: 10 days end on 01/10 (Thursday); final from 02/10 (D-1, D-4).
    sweep_platforms(barra_m, dt.date(2026, 10, 2))
    with tenant(barra_m):
        x = PlatformPenalty.objects.select_related("debt").get(pk=penalty.pk)
    assert x.status == PlatformPenalty.Status.FINAL and x.debt.status == Debt.Status.FINAL
    payments.payment_record(
        actor=Actor.of(user_of("barra-do-garcas", Role.FINANCAS)),
        municipality=barra_m,
        reference=x.debt.reference,
        amount_cents=x.debt.amount_cents,
        paid_on=dt.date(2026, 10, 5),
    )
    x.debt.refresh_from_db()
    assert x.debt.status == Debt.Status.PAID


def test_the_authority_fines_a_driver_through_the_api_and_the_platform_does_not_see_it(
    barra_m, authority, user_of, platform, driver
):
    client = Client()
    client.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    body = {
        "driver_cpf": f"{driver.cpf[:3]}.{driver.cpf[3:6]}.{driver.cpf[6:9]}-{driver.cpf[9:]}",
        "kind": "warning",
        "infraction_on": "2026-08-01",
        "description": "Sinalização luminosa externa (art. 25).",
        "reasoning": "Primeira ocorrência.",
        "defence_notice_on": "2026-08-03",
        "defence_judged": True,
    }
    r = client.post(
        f"/api/v1/platforms/{platform.pk}/penalties", body, content_type="application/json"
    )
    assert r.status_code == 201, r.content
    assert r.json()["offender"] == "driver" and r.json()["driver_id"] == driver.pk
    again = client.post(
        f"/api/v1/platforms/{platform.pk}/penalties",
        {
            **body,
            "kind": "fine",
            "fine_upfbg": "500.5",
            "infraction_on": "2026-09-01",
            "defence_notice_on": "2026-09-02",
        },
        content_type="application/json",
    )
    assert again.status_code == 422 and ART_26_II in again.json()["citacoes"]
    unknown = client.post(
        f"/api/v1/platforms/{platform.pk}/penalties",
        {**body, "driver_cpf": "52998224725"},
        content_type="application/json",
    )
    assert unknown.status_code == 422 and unknown.json()["erros"][0]["campo"] == "driver_cpf"
    _, secret = api_token_issue(actor=authority, municipality=barra_m, platform=platform, name="t")
    seen = Client().get("/api/v1/platform/penalties", headers={"Authorization": f"Bearer {secret}"})
    assert seen.status_code == 200 and seen.json()["items"] == []


def test_the_screen_fines_a_driver_by_cpf(barra_m, authority, user_of, platform, driver):
    warn(barra_m, authority, platform, driver)
    client = Client()
    client.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    r = client.post(
        f"/plataformas/{platform.pk}/penalidade/",
        {
            "driver_cpf": driver.cpf,
            "kind": "fine",
            "infraction_on": "2026-09-01",
            "description": "Sinalização luminosa externa, de novo.",
            "reasoning": "Reincidência.",
            "fine_upfbg": "120",
            "defence_notice_on": "2026-09-02",
            "defence_judged": "on",
        },
        follow=True,
    )
    assert r.status_code == 200
    with tenant(barra_m):
        x = PlatformPenalty.objects.get(kind="fine")
    assert x.driver == driver and x.debt.person.document == driver.cpf
    page = client.get(f"/plataformas/penalidades/{x.pk}/").content.decode()
    assert f"motorista {driver.name}" in page


def test_the_platform_is_not_told_of_its_drivers_penalty_or_of_the_appeal_against_it(
    barra_m, authority, mayor, platform, driver
):
    """A driver's penalty is the driver's case (art. 26 caput): the platform's portal does not
    list it, and no aviso on that portal tells of it — neither its notice nor the judgment of
    the driver's appeal (which would even tell the platform to pay the driver's fine)."""
    penalty = noticed_fine(barra_m, authority, platform, driver)
    appeal = platform_penalty_appeal_file(
        actor=authority,
        municipality=barra_m,
        penalty=penalty,
        text="O motorista não usava sinalização luminosa; seguem as fotos.",
        channel="paper",
        filed_on=dt.date(2026, 9, 25),
        on=dt.date(2026, 9, 25),
    )
    platform_penalty_appeal_judge(
        actor=mayor,
        municipality=barra_m,
        appeal=appeal,
        upheld=False,
        reasoning="As fotos não afastam a infração.",
        on=dt.date(2026, 10, 20),
    )
    with tenant(barra_m):
        told = list(PlatformNotice.objects.filter(platform=platform).values_list("message"))
    assert told == []


def test_lgpd_the_avisos_sent_before_about_a_drivers_penalty_are_removed(
    barra_m, authority, platform, driver
):
    """Avisos of drivers' penalties sent before the fix above are deleted by the data migration
    (platforms 0015); the platform's own avisos stay."""
    import importlib

    from django.apps import apps

    from outorga.platforms.notices import platform_notice_send

    migration = importlib.import_module(
        "outorga.platforms.migrations.0015_forget_driver_penalty_avisos"
    )
    penalty = noticed_fine(barra_m, authority, platform, driver)
    for key in (f"penalty-notice-{penalty.pk}", "own-aviso"):
        platform_notice_send(
            municipality=barra_m,
            platform=platform,
            key=key,
            kind=PlatformNotice.Kind.PENALTY,
            message=f"Aviso {key}",
        )
    assert migration.forget_driver_penalty_avisos(apps, None) == 1
    with tenant(barra_m):
        left = set(PlatformNotice.objects.values_list("key", flat=True))
    assert "own-aviso" in left and f"penalty-notice-{penalty.pk}" not in left


def test_lei_9784_art_56_1_art_64_a_drivers_fine_is_reconsidered_in_part_and_the_rest_goes_up(
    barra_m, authority, platform, driver
):
    """D-17 on a driver's penalty (art. 26 II, sole paragraph): the authority that imposed the
    fine may, within its period, reduce it in part (Lei 9.784/1999 art. 56 §1, 64) and send the
    rest of the appeal up — the same step as a platform's, on the driver's own debt."""
    penalty = noticed_fine(barra_m, authority, platform, driver)
    with tenant(barra_m):
        before = Debt.objects.get(pk=penalty.debt_id).amount_cents
    appeal = platform_penalty_appeal_file(
        actor=authority,
        municipality=barra_m,
        penalty=penalty,
        text="Foi a primeira vez; peço a redução da multa.",
        channel="paper",
        filed_on=dt.date(2026, 9, 25),
        on=dt.date(2026, 9, 25),
    )
    a = platform_penalty_reconsider(
        actor=authority,
        municipality=barra_m,
        appeal=appeal,
        result="partial",
        reasoning="Reduz-se a multa: conduta sem risco aos passageiros.",
        fine_upfbg=Decimal("200"),
        on=dt.date(2026, 9, 28),
    )
    with tenant(barra_m):
        x = PlatformPenalty.objects.select_related("debt").get(pk=penalty.pk)
    assert x.driver_id == driver.pk and x.fine_upfbg == Decimal("200")
    assert x.debt.amount_cents == x.amount_cents == before * 200 // 500
    assert x.debt.person.document == driver.cpf  # still the driver's own debt (by CPF)
    assert a.forwarded_on == dt.date(2026, 9, 28)
    assert a.result == a.Result.PENDING  # the rest of the appeal is the superior's
    with tenant(barra_m):
        reduce = Act.objects.filter(action="penalty.appeal.reconsider", object_id=str(a.pk)).get()
    assert "Lei Federal 9.784/1999, art. 64" in reduce.record["basis"]["citations"]
    assert "Lei Federal 9.784/1999, art. 56, §1" in reduce.record["basis"]["citations"]
