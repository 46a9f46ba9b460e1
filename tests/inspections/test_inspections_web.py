"""The inspector's screens and the holder's laudos."""

from __future__ import annotations

import datetime as dt

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from inspections_factories import JPEG

from outorga.core.tenancy import tenant
from outorga.inspections.models import Inspection
from outorga.law.competence import Role
from outorga.law.inspections.checklists import checklist
from outorga.registry.models import Permit, Person


def form(today: dt.date, failing: str = "") -> dict[str, object]:
    data: dict[str, object] = {"tipo": "semestral"}
    for i in checklist("mototaxi", today).items:
        data[f"r_{i.code}"] = "not_ok" if i.code == failing else "ok"
    if failing:
        data[f"obs_{failing}"] = "retrovisor esquerdo quebrado"
        data[f"foto_{failing}"] = SimpleUploadedFile("x.jpg", JPEG, content_type="image/jpeg")
    return data


def test_the_fiscal_fills_the_checklist_and_sees_the_withdrawal(ipatinga_m, moto_permit, user_of):
    c = Client()
    c.force_login(user_of("ipatinga", Role.FISCAL))
    r = c.get(f"/vistorias/nova/{moto_permit.pk}/?tipo=semestral")
    assert r.status_code == 200
    assert "Espelho retrovisor dos dois lados" in r.content.decode()
    today = timezone.localdate()
    r = c.post(f"/vistorias/nova/{moto_permit.pk}/", data=form(today, "retrovisores_ambos_lados"))
    assert r.status_code == 302, r.content.decode()[:2000]
    page = c.get(r["Location"]).content.decode()
    assert "reprovado" in page and "irregular" in page
    with tenant(ipatinga_m):
        insp = Inspection.objects.get()
        item = insp.items.get(code="retrovisores_ambos_lados")
    pdf = c.get(f"/vistorias/{insp.pk}/laudo.pdf")
    content = pdf.getvalue()
    assert pdf.status_code == 200 and content.startswith(b"%PDF")
    assert b"/Subtype /Image" in content  # the item's photo is in the laudo
    photo = c.get(f"/vistorias/itens/{item.pk}/foto")
    assert photo.status_code == 200 and photo["Content-Type"] == "image/jpeg"


def test_an_unanswered_item_keeps_the_answers_and_says_which(moto_permit, user_of):
    c = Client()
    c.force_login(user_of("ipatinga", Role.FISCAL))
    data = form(timezone.localdate())
    del data["r_conservacao"]
    r = c.post(f"/vistorias/nova/{moto_permit.pk}/", data=data)
    assert r.status_code == 422
    body = r.content.decode()
    assert "Responda o item: Estado geral de conservação" in body
    assert 'value="ok" required checked' in body


def test_the_holder_sees_the_laudo_in_the_portal_and_no_one_elses(
    ipatinga_m, moto_permit, fiscal, user_of
):
    from inspections_factories import answers

    from outorga.inspections import services

    today = dt.date(2026, 3, 10)
    insp = services.inspection_record(
        actor=fiscal,
        municipality=ipatinga_m,
        permit=moto_permit,
        kind="vistoria",
        inspected_on=today,
        answers=answers("mototaxi", today),
    )
    from outorga.core.models import User

    holder_user = User.objects.create(
        username="titular.vistoria", role=Role.PERMISSIONARIO.value, municipality=ipatinga_m
    )
    c = Client()
    c.force_login(holder_user)
    assert c.get(f"/vistorias/{insp.pk}/laudo.pdf").status_code == 404  # not theirs yet
    with tenant(ipatinga_m):
        Person.objects.filter(pk=Permit.objects.get(pk=moto_permit.pk).holder_id).update(
            user=holder_user
        )
    page = c.get("/portal/vistorias/").content.decode()
    assert moto_permit.number in page and "Laudo em PDF" in page
    r = c.get(f"/vistorias/{insp.pk}/laudo.pdf")
    assert r.status_code == 200 and r.getvalue().startswith(b"%PDF")
    # The holder never reaches the inspectors' screens.
    assert c.get("/vistorias/").status_code == 403


def test_the_authority_registers_a_company_and_sees_its_secret_once(ipatinga_m, user_of):
    c = Client()
    c.force_login(user_of("ipatinga", Role.AUTORIDADE))
    r = c.post(
        "/vistorias/empresas/",
        data={"nome": "ITL Web", "cnpj": "44.555.666/0001-81", "inmetro": "OIA-9"},
    )
    assert r.status_code == 302
    from outorga.inspections.models import InspectionCompany

    with tenant(ipatinga_m):
        company = InspectionCompany.objects.get(cnpj="44555666000181")
    r = c.post(f"/vistorias/empresas/{company.pk}/credenciais/", data={"nome": "sistema"})
    assert r.status_code == 302
    first = c.get("/vistorias/empresas/").content.decode()
    assert "otv_" in first and "copie agora" in first
    assert "otv_" not in c.get("/vistorias/empresas/").content.decode()


def test_a_fiscal_may_not_register_companies(user_of):
    c = Client()
    c.force_login(user_of("ipatinga", Role.FISCAL))
    r = c.post(
        "/vistorias/empresas/",
        data={"nome": "ITL Web", "cnpj": "44555666000181", "inmetro": "OIA-9"},
    )
    assert r.status_code == 403 and "art. 2" in r.content.decode()
