"""A company applies through the portal where the law gives a permission to a legal person:
taxi art. 3 and art. 4, IV, V and VIII (the permission to a natural or legal person), the
company inscribed with the documents of art. 23. The mototaxi and motofrete permissions go only
to natural persons (art. 6 §1), and the Barra do Garças apps law has no permission at all: there
the portal offers no company. The CNPJ is recorded with the responsible person's CPF login,
which applies in the company's name once the desk has confirmed the link against the company's
acts (contrato social, art. 23): until then the login reaches nothing of the company."""

from __future__ import annotations

import pytest
from django.test import Client
from portal_factories import make_applicant_account, open_tender
from validate_docbr import CNPJ

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Notification, Person, TenderApplicant
from outorga.registry.services.common import own_or_desk
from outorga.registry.services.people import company_self_register
from outorga.registry.validation import FieldError

pytestmark = pytest.mark.django_db

COMPANY = "/portal/candidatura/empresa/"
ART_3 = "Lei do táxi de Ipatinga (2017), art. 3"
ART_6_1 = "Lei de mototáxi de Ipatinga (2013), art. 6, §1"


def login(person: Person) -> Client:
    c = Client()
    c.force_login(person.user)
    return c


def register(c: Client, cnpj: str, name: str = "Táxi Ipatinga Ltda") -> str:
    form = {
        "empresa-document": cnpj,
        "empresa-name": name,
        "empresa-address": "Rua das Flores, 10",
        "empresa-city": "Ipatinga",
    }
    return c.post(COMPANY, form, follow=True).content.decode()


def desk_confirms(user_of, company: Person) -> str:  # type: ignore[no-untyped-def]
    desk = Client()
    desk.force_login(user_of("ipatinga", Role.ATENDENTE))
    page = desk.get(f"/cadastro/pessoas/{company.pk}/").content.decode()
    assert "aguardando a conferência com o contrato social" in page
    url = f"/cadastro/pessoas/{company.pk}/responsavel/"
    return desk.post(url, {"decision": "confirm"}, follow=True).content.decode()


def test_taxi_art_3_the_responsible_person_enters_the_company_and_enrols_it(ipatinga_m, user_of):
    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    taxi = open_tender(ipatinga_m, service="taxi", number="TX-2026/9")
    c = login(ana)
    page = c.get("/portal/candidatura/").content.decode()
    assert f"Táxi: a permissão pode ser dada a pessoa jurídica ({ART_3}" in page
    assert ART_6_1 in page  # the other services: only natural persons
    cnpj = CNPJ().generate()
    page = register(c, cnpj)
    assert "Empresa Táxi Ipatinga Ltda cadastrada" in page
    with tenant(ipatinga_m):
        company = Person.objects.get(document=cnpj)
        assert (company.kind, company.representative_id) == (Person.Kind.LEGAL, ana.pk)
        act = Act.objects.get(action="person.create", object_id=str(company.pk))
    assert ART_3 in act.record["basis"]["citations"]
    # The link awaits the desk: nothing is done in the company's name yet.
    assert "aguarda a confirmação do atendimento" in page
    assert f"Inscrever Táxi Ipatinga Ltda na licitação {taxi.number}" not in page
    enrol = f"/portal/candidatura/licitacoes/{taxi.pk}/inscrever/"
    assert c.post(enrol, {"company": company.pk}).status_code == 404
    page = desk_confirms(user_of, company)
    assert "Táxi Ipatinga Ltda: vínculo do responsável conferido com o contrato social." in page
    with tenant(ipatinga_m):
        act = Act.objects.get(action="person.representative_confirm", object_id=str(company.pk))
        company.refresh_from_db()
    assert company.representative_confirmed_on is not None
    assert act.record["payload"]["new"]["representative"] == ana.pk
    page = c.get("/portal/candidatura/").content.decode()
    assert f"Inscrever Táxi Ipatinga Ltda na licitação {taxi.number}" in page
    page = c.post(
        f"/portal/candidatura/licitacoes/{taxi.pk}/inscrever/", {"company": company.pk}, follow=True
    ).content.decode()
    assert f"Inscrição na licitação {taxi.number} registrada em nome de Táxi Ipatinga Ltda." in page
    with tenant(ipatinga_m):
        applicant = TenderApplicant.objects.get(tender=taxi)
        assert applicant.person_id == company.pk
        act = Act.objects.get(action="tender.apply", object_id=str(applicant.pk))
    # The company's own application, made by its responsible person's login.
    assert (act.actor_id, act.role) == (ana.user.pk, "permissionario")
    # What the law still asks of the company: the documents of art. 23.
    assert "Táxi Ipatinga Ltda" in page and "art. 23" in page


def test_mototaxi_art_6_par_1_a_company_is_refused_in_a_mototaxi_tender(ipatinga_m, user_of):
    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    moto = open_tender(ipatinga_m, service="mototaxi", number="MT-2026/9")
    c = login(ana)
    cnpj = CNPJ().generate()
    page = register(c, cnpj)
    # The mototaxi tender offers no enrolment of the company.
    assert f"Inscrever Táxi Ipatinga Ltda na licitação {moto.number}" not in page
    with tenant(ipatinga_m):
        company = Person.objects.get(document=cnpj)
    desk_confirms(user_of, company)
    page = c.post(
        f"/portal/candidatura/licitacoes/{moto.pk}/inscrever/", {"company": company.pk}, follow=True
    ).content.decode()
    assert "mototáxi e motofrete só para pessoa física" in page and ART_6_1 in page
    with tenant(ipatinga_m):
        assert not TenderApplicant.objects.filter(tender=moto).exists()


def test_a_cnpj_already_registered_is_not_claimed_from_the_portal(ipatinga_m):
    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    bia = make_applicant_account(ipatinga_m, name="Bia Outra")
    cnpj = CNPJ().generate()
    register(login(ana), cnpj)
    page = register(login(bia), cnpj, name="Outra razão")
    assert "este CNPJ já está no cadastro do município" in page
    with tenant(ipatinga_m):
        assert Person.objects.get(document=cnpj).representative_id == ana.pk
    page = register(login(bia), "11.111.111/1111-11")
    assert "CNPJ" in page and "inválido" in page


def test_another_persons_company_is_not_found(ipatinga_m):
    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    bia = make_applicant_account(ipatinga_m, name="Bia Outra")
    taxi = open_tender(ipatinga_m, service="taxi", number="TX-2026/8")
    cnpj = CNPJ().generate()
    register(login(ana), cnpj)
    with tenant(ipatinga_m):
        company = Person.objects.get(document=cnpj)
    r = login(bia).post(
        f"/portal/candidatura/licitacoes/{taxi.pk}/inscrever/", {"company": company.pk}
    )
    assert r.status_code == 404
    with tenant(ipatinga_m):
        assert not TenderApplicant.objects.exists()


def test_no_law_of_barra_do_garcas_gives_a_permission_to_a_company(barra_m):
    """The apps law regulates platforms and their drivers (MEI or autônomo pessoa física, art.
    20): no permission a company applies for, so the portal offers none."""
    ana = make_applicant_account(barra_m, name="Ana de Barra")
    page = login(ana).get("/portal/candidatura/").content.decode()
    assert "Nenhum serviço regulado neste município admite pessoa jurídica" in page
    assert "Cadastrar a empresa" not in page
    with pytest.raises(FieldError, match="nenhum serviço regulado"):
        company_self_register(
            actor=Actor.of(ana.user),
            municipality=barra_m,
            representative=ana,
            document=CNPJ().generate(),
            name="Empresa",
        )
    with tenant(barra_m):
        assert not Person.objects.filter(kind=Person.Kind.LEGAL, representative=ana).exists()


def test_a_self_declared_link_reaches_nothing_of_the_company_until_the_desk_confirms_it(
    ipatinga_m, user_of
):
    """Anyone may key in a CNPJ not yet registered: the link is only declared, so the login
    neither reads the company's avisos nor applies in its name until the desk confirms it."""
    from outorga.portal.selectors import own_companies, own_notifications

    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    cnpj = CNPJ().generate()
    register(login(ana), cnpj)
    with tenant(ipatinga_m):
        company = Person.objects.get(document=cnpj)
        aviso = Notification.objects.create(
            person=company, kind=Notification.Kind.OTHER, message="Aviso da empresa", key="t:1"
        )
        assert own_or_desk(Actor.of(ana.user), company) == "registry.record"
        assert not own_companies(ana).exists()
        assert not own_notifications(ana).filter(pk=aviso.pk).exists()
    r = login(ana).post(f"/portal/avisos/{aviso.pk}/lido/")
    assert r.status_code in (403, 404)
    desk_confirms(user_of, company)
    with tenant(ipatinga_m):
        company.refresh_from_db()
        assert own_or_desk(Actor.of(ana.user), company) == "application.submit"
        assert list(own_companies(ana)) == [company]
        assert own_notifications(ana).filter(pk=aviso.pk).exists()


def test_the_desk_removes_a_link_it_does_not_find_in_the_contrato_social(ipatinga_m, user_of):
    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    cnpj = CNPJ().generate()
    register(login(ana), cnpj)
    with tenant(ipatinga_m):
        company = Person.objects.get(document=cnpj)
    desk = Client()
    desk.force_login(user_of("ipatinga", Role.ATENDENTE))
    url = f"/cadastro/pessoas/{company.pk}/responsavel/"
    page = desk.post(url, {"decision": "remove"}, follow=True).content.decode()
    assert "informe o motivo da retirada do vínculo" in page
    page = desk.post(
        url, {"decision": "remove", "reason": "não consta do contrato social"}, follow=True
    ).content.decode()
    assert "vínculo do responsável retirado" in page
    with tenant(ipatinga_m):
        company.refresh_from_db()
        act = Act.objects.get(action="person.representative_remove", object_id=str(company.pk))
    assert company.representative_id is None and company.representative_confirmed_on is None
    assert act.record["payload"]["old"]["representative"] == ana.pk
    assert act.record["payload"]["reason"] == "não consta do contrato social"
    assert "Táxi Ipatinga Ltda" not in login(ana).get("/portal/candidatura/").content.decode()


def test_the_company_is_validated_like_any_person_before_it_is_saved(ipatinga_m, monkeypatch):
    """``company_self_register`` runs the model's validation (``full_clean``), as the desk's
    ``person_register`` does: an entry the model refuses is never saved."""
    from django.core.exceptions import ValidationError

    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    seen: list[list[str]] = []

    def refuse(self: Person, exclude: list[str] | None = None, **kw: object) -> None:
        seen.append(list(exclude or []))
        raise ValidationError({"name": "recusado pelo modelo"})

    monkeypatch.setattr(Person, "full_clean", refuse)
    cnpj = CNPJ().generate()
    with pytest.raises(ValidationError):
        company_self_register(
            actor=Actor.of(ana.user),
            municipality=ipatinga_m,
            representative=ana,
            document=cnpj,
            name="Táxi Ipatinga Ltda",
        )
    assert seen and "partners" in seen[0]
    with tenant(ipatinga_m):
        assert not Person.objects.filter(document=cnpj).exists()


def test_a_cnpj_already_registered_is_linked_at_the_desk_as_the_refusal_says(ipatinga_m, user_of):
    bia = make_applicant_account(ipatinga_m, name="Bia Responsável")
    cnpj = CNPJ().generate()
    with tenant(ipatinga_m):
        company = Person.objects.create(kind=Person.Kind.LEGAL, document=cnpj, name="Táxi Bia")
    page = register(login(bia), cnpj, name="Táxi Bia")
    assert "o vínculo do responsável é feito no atendimento, com o contrato social" in page
    desk = Client()
    desk.force_login(user_of("ipatinga", Role.ATENDENTE))
    assert "CPF do responsável" in desk.get(f"/cadastro/pessoas/{company.pk}/").content.decode()
    url = f"/cadastro/pessoas/{company.pk}/responsavel/"
    page = desk.post(url, {"decision": "confirm"}, follow=True).content.decode()
    assert "informe o CPF do responsável" in page
    desk.post(url, {"decision": "confirm", "cpf": bia.document})
    with tenant(ipatinga_m):
        company.refresh_from_db()
        assert company.representative_id == bia.pk
        assert company.representative_confirmed_on is not None
    assert "Táxi Bia — CNPJ" in login(bia).get("/portal/candidatura/").content.decode()
