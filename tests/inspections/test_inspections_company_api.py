"""An accredited inspection company sends results through the API with its own credentials; the
municipality confirms them before they take effect (mototaxi art. 2 XI–XII, art. 5 §1 III, 27)."""

from __future__ import annotations

import base64
import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone
from inspections_factories import JPEG, answers

from outorga.core.localtime import zone_of
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.inspections import services
from outorga.inspections.models import Inspection
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import Permit

ON = dt.date(2026, 3, 10)


@pytest.fixture
def company(ipatinga_m, authority):  # type: ignore[no-untyped-def]
    return services.company_register(
        actor=authority,
        municipality=ipatinga_m,
        data={
            "name": "ITL Exemplo Ltda",
            "cnpj": "11.222.333/0001-81",
            "inmetro_accreditation": "OIA-ITL-0042",
        },
    )


@pytest.fixture
def secret(ipatinga_m, authority, company):  # type: ignore[no-untyped-def]
    _, s = services.company_token_issue(
        actor=authority, municipality=ipatinga_m, company=company, name="sistema"
    )
    return s


def body(permit, **override):  # type: ignore[no-untyped-def]
    items = {k: dict(v) for k, v in answers("mototaxi", ON, **override).items()}
    for k in override:
        items[k]["photo_base64"] = base64.b64encode(JPEG).decode()
    return {
        "plate": permit.vehicle.plate,
        "kind": "semestral",
        "inspected_on": ON.isoformat(),
        "report_number": "LAUDO-77",
        "items": items,
    }


def post(client, secret, data):  # type: ignore[no-untyped-def]
    return client.post(
        "/api/v1/inspections/company/inspections",
        data=data,
        content_type="application/json",
        headers={"Authorization": f"Bearer {secret}"},
    )


def test_a_company_result_waits_for_the_municipality_and_then_withdraws(
    ipatinga_m, moto_permit, secret, user_of
):
    client = Client()
    r = post(client, secret, body(moto_permit, freios_direcao_suspensao="not_ok"))
    assert r.status_code == 201, r.content
    data = r.json()
    assert (data["situacao"], data["resultado"]) == ("awaiting", "failed")
    assert any("art. 2, XI" in c for c in data["citacoes"])
    with tenant(ipatinga_m):
        assert not Permit.objects.get(pk=moto_permit.pk).irregular  # no effect yet
        assert Act.objects.filter(action="inspection_company.token_use").exists()

    staff = Client()
    staff.force_login(user_of("ipatinga", Role.FISCAL))
    r = staff.post(
        f"/api/v1/inspections/{data['id']}/confirm",
        data={"confirm": True},
        content_type="application/json",
    )
    assert r.status_code == 200 and r.json()["situacao"] == "final"
    with tenant(ipatinga_m):
        permit = Permit.objects.get(pk=moto_permit.pk)
        assert permit.irregular
        actions = set(Act.objects.values_list("action", flat=True))
        assert {"inspection.confirm", "inspection.withdraw"} <= actions
    # The company sees the outcome of its own inspection.
    r = client.get(
        f"/api/v1/inspections/company/inspections/{data['id']}",
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert r.status_code == 200 and r.json()["situacao"] == "final"


def test_a_clerk_may_not_confirm(ipatinga_m, moto_permit, secret, clerk):
    r = post(Client(), secret, body(moto_permit))
    with tenant(ipatinga_m):
        inspection = Inspection.objects.get(pk=r.json()["id"])
    with pytest.raises(NotCompetent):
        services.inspection_confirm(actor=clerk, municipality=ipatinga_m, inspection=inspection)


def test_not_confirming_needs_a_reason_and_has_no_effect(ipatinga_m, moto_permit, secret, fiscal):
    r = post(Client(), secret, body(moto_permit, motor_embreagem="not_ok"))
    with tenant(ipatinga_m):
        inspection = Inspection.objects.get(pk=r.json()["id"])
    with pytest.raises(services.FieldError):
        services.inspection_confirm(
            actor=fiscal, municipality=ipatinga_m, inspection=inspection, confirm=False
        )
    inspection = services.inspection_confirm(
        actor=fiscal,
        municipality=ipatinga_m,
        inspection=inspection,
        confirm=False,
        reason="laudo sem assinatura do responsável técnico",
    )
    assert inspection.status == Inspection.Status.REJECTED
    with tenant(ipatinga_m):
        assert not Permit.objects.get(pk=moto_permit.pk).irregular


def test_a_photo_that_is_not_jpeg_or_png_is_refused_with_the_field(moto_permit, secret):
    data = body(moto_permit, conservacao="not_ok")
    data["items"]["conservacao"]["photo_base64"] = base64.b64encode(b"GIF89a....").decode()
    r = post(Client(), secret, data)
    assert r.status_code == 422
    assert r.json()["erros"][0]["campo"] == "foto"


def test_an_incomplete_checklist_names_the_missing_item(moto_permit, secret):
    data = body(moto_permit)
    del data["items"]["conservacao"]
    r = post(Client(), secret, data)
    assert r.status_code == 422
    assert r.json()["erros"] == [{"campo": "items.conservacao", "erro": "item não respondido"}]


def test_art_5_1_iii_a_company_result_dated_after_the_municipalitys_today_is_refused(
    ipatinga_m, moto_permit, secret
):
    """A laudo of an inspection not yet made would start the semiannual report's validity from
    a day still to come: refused naming the field, nothing recorded."""
    tomorrow = timezone.localdate(timezone=zone_of(ipatinga_m)) + dt.timedelta(days=1)
    data = body(moto_permit)
    data["inspected_on"] = tomorrow.isoformat()
    r = post(Client(), secret, data)
    assert r.status_code == 422, r.content
    [err] = r.json()["erros"]
    assert err["campo"] == "inspected_on" and "futur" in err["erro"]
    with tenant(ipatinga_m):
        assert not Inspection.objects.filter(permit=moto_permit).exists()


def test_a_revoked_token_no_longer_opens_the_api(ipatinga_m, authority, company, secret):
    client = Client()
    headers = {"Authorization": f"Bearer {secret}"}
    assert client.get("/api/v1/inspections/company/me", headers=headers).status_code == 200
    with tenant(ipatinga_m):
        token = company.tokens.get()
    services.company_token_revoke(actor=authority, municipality=ipatinga_m, token=token)
    assert client.get("/api/v1/inspections/company/me", headers=headers).status_code == 401
    forged = secret[:-2] + ("AA" if not secret.endswith("AA") else "BB")
    forged_headers = {"Authorization": f"Bearer {forged}"}
    assert client.get("/api/v1/inspections/company/me", headers=forged_headers).status_code == 401


def test_a_company_sees_only_its_own_inspections(ipatinga_m, authority, moto_permit, secret):
    r = post(Client(), secret, body(moto_permit))
    other = services.company_register(
        actor=authority,
        municipality=ipatinga_m,
        data={"name": "Outra ITL", "cnpj": "22333444000190", "inmetro_accreditation": "OIA-2"},
    )
    _, other_secret = services.company_token_issue(
        actor=authority, municipality=ipatinga_m, company=other, name="x"
    )
    r2 = Client().get(
        f"/api/v1/inspections/company/inspections/{r.json()['id']}",
        headers={"Authorization": f"Bearer {other_secret}"},
    )
    assert r2.status_code == 404


def test_a_company_past_its_accreditation_is_refused(ipatinga_m, authority, moto_permit):
    company = services.company_register(
        actor=authority,
        municipality=ipatinga_m,
        data={
            "name": "ITL Vencida",
            "cnpj": "33444555000181",
            "inmetro_accreditation": "OIA-3",
            "accredited_until": dt.date(2026, 1, 31),
        },
    )
    _, s = services.company_token_issue(
        actor=authority, municipality=ipatinga_m, company=company, name="x"
    )
    r = post(Client(), s, body(moto_permit))
    assert r.status_code == 422
    assert any("art. 2" in c for f in r.json()["fundamentos"] for c in f["citacoes"])


def test_only_the_authority_registers_companies(ipatinga_m, fiscal):
    with pytest.raises(NotCompetent):
        services.company_register(
            actor=fiscal,
            municipality=ipatinga_m,
            data={"name": "X", "cnpj": "11222333000181", "inmetro_accreditation": "Y"},
        )


def test_the_company_reads_the_checklist_in_force(secret):
    r = Client().get(
        "/api/v1/inspections/company/checklists/taxi_especial?on=2026-03-10",
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert r.status_code == 200
    codes = {i["code"]: i for i in r.json()["items"]}
    assert codes["plataforma_elevatoria"]["citation"].endswith("art. 8, parágrafo único")


def test_a_holder_never_reads_inspections_through_the_staff_api(
    ipatinga_m, moto_permit, fiscal, user_of
):
    from inspections_factories import answers as all_answers

    insp = services.inspection_record(
        actor=fiscal,
        municipality=ipatinga_m,
        permit=moto_permit,
        kind="vistoria",
        inspected_on=ON,
        answers=all_answers("mototaxi", ON),
    )
    c = Client()
    c.force_login(user_of("ipatinga", Role.PERMISSIONARIO))
    assert c.get(f"/api/v1/inspections/{insp.pk}").status_code in (401, 404)
    assert c.get("/api/v1/inspections/due").status_code in (401, 404)


@pytest.mark.parametrize("role", [Role.JARI, Role.CHEFE_EXECUTIVO, Role.FINANCAS])
def test_the_staff_api_reads_inspections_only_to_the_roles_whose_screens_show_them(
    ipatinga_m, moto_permit, fiscal, user_of, role
):
    """The inspection's page, its laudo and the queue are the inspectors', the clerks' and the
    authority's (``inspections.views.STAFF``): the API's same reads refuse the other servants."""
    from inspections_factories import answers as all_answers

    insp = services.inspection_record(
        actor=fiscal,
        municipality=ipatinga_m,
        permit=moto_permit,
        kind="vistoria",
        inspected_on=ON,
        answers=all_answers("mototaxi", ON),
    )
    c = Client()
    c.force_login(user_of("ipatinga", role))
    assert c.get(f"/vistorias/{insp.pk}/").status_code == 404
    assert c.get("/vistorias/").status_code == 403
    assert c.get(f"/api/v1/inspections/{insp.pk}").status_code == 404
    assert c.get("/api/v1/inspections/due").status_code == 404


def test_the_same_laudo_sent_again_is_the_one_already_received(ipatinga_m, moto_permit, secret):
    """A retry after a lost answer (same laudo number, same content) adds nothing: 200 with the
    inspection already received — never a second result waiting for confirmation."""
    client = Client()
    data = body(moto_permit, freios_direcao_suspensao="not_ok")
    first = post(client, secret, data)
    assert first.status_code == 201, first.content
    again = post(client, secret, data)
    assert again.status_code == 200, again.content
    assert again.json()["id"] == first.json()["id"]
    with tenant(ipatinga_m):
        assert Inspection.objects.filter(permit=moto_permit).count() == 1
        assert Act.objects.filter(action="inspection.record").count() == 1


def test_a_laudo_number_already_sent_with_another_content_is_refused_naming_it(
    ipatinga_m, moto_permit, secret
):
    client = Client()
    first = post(client, secret, body(moto_permit))
    assert first.status_code == 201, first.content
    changed = post(client, secret, body(moto_permit, freios_direcao_suspensao="not_ok"))
    assert changed.status_code == 409, changed.content
    answer = changed.json()
    assert answer["erros"][0]["campo"] == "report_number"
    assert "LAUDO-77" in answer["erros"][0]["erro"] and answer["id"] == first.json()["id"]
    with tenant(ipatinga_m):
        assert Inspection.objects.filter(permit=moto_permit).count() == 1
    # Another laudo of the same vehicle is another inspection.
    other = post(client, secret, {**body(moto_permit), "report_number": "LAUDO-78"})
    assert other.status_code == 201, other.content
