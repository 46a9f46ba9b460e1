"""Edits are acts, never silent overwrites (issue "back office", registry integrity): a CPF, CNPJ
or plate already registered is refused and offered — on the screen and by the API (409 with the
existing record's id); a person's or a vehicle's correction is an act with the values before and
after and its reason; a document's correction is a new version, the old one kept in its history,
and the law reads only the version in force."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from registry_factories import MOTO, make_permit, moto_vehicle, person
from validate_docbr import CPF

from outorga.core.acts import Actor
from outorga.core.errors import Conflict
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.facts import latest_document
from outorga.registry.models import Document, Permit, Person, Vehicle
from outorga.registry.services.common import AlreadyRegistered
from outorga.registry.services.documents import (
    document_correct,
    document_record,
    document_versions,
)
from outorga.registry.validation import FieldError, format_cpf

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n% atestado\n"
BETTER_SCAN = b"%PDF-1.4\n% atestado, digitalizado de novo\n"


def clerk_client(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


def clerk(user_of) -> Actor:  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.ATENDENTE))


def acts(m, action: str, obj: object) -> list[Act]:  # type: ignore[no-untyped-def]
    with tenant(m):
        return list(Act.objects.filter(action=action, object_id=str(obj.pk)).order_by("seq"))  # type: ignore[attr-defined]


# People ----------------------------------------------------------------------------------------


def test_a_cpf_already_registered_is_offered_not_overwritten_on_the_screen(ipatinga_m, user_of):
    someone = person(ipatinga_m, name="Maria Já Cadastrada")
    r = clerk_client(user_of).post(
        "/cadastro/pessoas/nova/",
        {
            "kind": "natural",
            "document": format_cpf(someone.document),
            "name": "Outro Nome",
            "birth_date": "1990-05-05",
        },
    )
    assert r.status_code == 200
    page = r.content.decode()
    assert "Maria Já Cadastrada" in page and f"/cadastro/pessoas/{someone.pk}/" in page
    assert "Abrir o cadastro existente" in page
    with tenant(ipatinga_m):
        someone.refresh_from_db()
        assert someone.name == "Maria Já Cadastrada"
    assert acts(ipatinga_m, "person.update", someone) == []


def test_the_api_answers_409_with_the_existing_person_for_a_registered_cpf(ipatinga_m, user_of):
    someone = person(ipatinga_m, name="Maria Já Cadastrada")
    r = clerk_client(user_of).post(
        "/api/v1/registry/people",
        {"document": someone.document, "name": "Outro Nome", "birth_date": "1990-05-05"},
        content_type="application/json",
    )
    assert r.status_code == 409, r.content
    assert r.json()["id"] == someone.pk and r.json()["codigo"] == "ja_cadastrado"
    assert r.json()["erros"][0]["campo"] == "cpf"


def test_a_person_edit_is_an_act_with_before_after_and_reason(ipatinga_m, user_of):
    someone = person(ipatinga_m, name="Maria da Silva")
    c = clerk_client(user_of)
    url = f"/cadastro/pessoas/{someone.pk}/editar/"
    form = {
        "document": format_cpf(someone.document),
        "name": "Maria da Silva Souza",
        "birth_date": "1980-01-01",
        "address": "Rua Nova, 10",
        "city": "Ipatinga",
    }
    # The reason is asked for: without it nothing changes.
    r = c.post(url, form)
    assert r.status_code == 200 and "reason" in r.context["form"].errors
    r = c.post(url, {**form, "reason": "casamento (certidão apresentada)"})
    assert r.status_code == 302, r.content
    with tenant(ipatinga_m):
        someone.refresh_from_db()
    assert someone.name == "Maria da Silva Souza" and someone.address == "Rua Nova, 10"
    (act,) = acts(ipatinga_m, "person.update", someone)
    payload = act.record["payload"]
    assert (
        payload["old"]["name"] == "Maria da Silva"
        and payload["new"]["name"] == "Maria da Silva Souza"
    )
    assert payload["reason"] == "casamento (certidão apresentada)"
    # Saving again with nothing changed records nothing.
    assert c.post(url, {**form, "reason": "conferência"}).status_code == 302
    assert len(acts(ipatinga_m, "person.update", someone)) == 1


def test_the_api_patch_corrects_a_person_and_refuses_another_persons_cpf(ipatinga_m, user_of):
    someone = person(ipatinga_m, name="José Pereira")
    other = person(ipatinga_m, name="Outra Pessoa")
    c = clerk_client(user_of)
    url = f"/api/v1/registry/people/{someone.pk}"
    r = c.patch(url, {"phone": "31 99999-0000"}, content_type="application/json")
    assert r.status_code == 422  # the reason is required
    r = c.patch(
        url,
        {"document": other.document, "reason": "CPF digitado errado"},
        content_type="application/json",
    )
    assert r.status_code == 409 and r.json()["id"] == other.pk
    mistyped_fixed = CPF().generate()
    r = c.patch(
        url,
        {"document": mistyped_fixed, "phone": "31 99999-0000", "reason": "CPF digitado errado"},
        content_type="application/json",
    )
    assert r.status_code == 200, r.content
    with tenant(ipatinga_m):
        someone.refresh_from_db()
    assert someone.document == mistyped_fixed and someone.phone == "31 99999-0000"
    assert someone.name == "José Pereira"  # what was not sent stays
    (act,) = acts(ipatinga_m, "person.update", someone)
    assert act.record["payload"]["reason"] == "CPF digitado errado"


# Vehicles --------------------------------------------------------------------------------------


@pytest.fixture
def bound(ipatinga_m, user_of):  # type: ignore[no-untyped-def]
    """A motorcycle bound to its holder's active mototaxi permit, and another person."""
    permit = make_permit(ipatinga_m, clerk=clerk(user_of), n=1, plate="QWE1A23")
    return permit, permit.vehicle, person(ipatinga_m, name="Comprador")


def test_the_same_owner_registering_the_plate_again_is_offered_the_vehicle(
    ipatinga_m, user_of, bound
):
    permit, vehicle, _ = bound
    r = clerk_client(user_of).post(
        f"/cadastro/pessoas/{vehicle.owner_id}/veiculos/novo/",
        {
            "service": "mototaxi",
            "plate": "QWE1A23",
            "renavam": vehicle.renavam,
            "kind": "motocicleta",
            "make_model": "Outra",
            "manufacture_year": 2024,
            "colour": "azul",
            "registration_uf": "MG",
        },
    )
    assert r.status_code == 200
    assert "já está cadastrada para esta pessoa" in r.context["form"].errors["plate"][0]
    assert f"/cadastro/veiculos/{vehicle.pk}/" in r.content.decode()
    with tenant(ipatinga_m):
        vehicle.refresh_from_db()
    assert vehicle.colour != "azul"


def test_a_vehicle_edit_on_the_screen_is_an_act_with_before_after_and_reason(
    ipatinga_m, user_of, bound
):
    permit, vehicle, _ = bound
    c = clerk_client(user_of)
    page = c.get(f"/cadastro/veiculos/{vehicle.pk}/").content.decode()
    assert f"/cadastro/veiculos/{vehicle.pk}/editar/" in page  # the "Editar veículo" action
    r = c.get(f"/cadastro/veiculos/{vehicle.pk}/editar/")
    form = {k: v for k, v in r.context["form"].initial.items() if v is not None}
    form.update(service="mototaxi", colour="verde-limão", reason="cor trocada (CRLV novo)")
    for flag in ("rental_category", "cng"):
        if not form.get(flag):
            form.pop(flag, None)
    r = c.post(f"/cadastro/veiculos/{vehicle.pk}/editar/", form)
    assert r.status_code == 302, r.context["form"].errors if r.context else r
    with tenant(ipatinga_m):
        vehicle.refresh_from_db()
    assert vehicle.colour == "verde-limão" and vehicle.plate == "QWE1A23"
    (act,) = acts(ipatinga_m, "vehicle.update", vehicle)
    assert act.record["payload"]["old"]["colour"] != "verde-limão"
    assert act.record["payload"]["new"]["colour"] == "verde-limão"
    assert act.record["payload"]["reason"] == "cor trocada (CRLV novo)"


def test_the_api_patch_converts_a_plate_and_refuses_a_plate_another_vehicle_holds(
    ipatinga_m, user_of, bound
):
    permit, vehicle, other = bound
    with tenant(ipatinga_m):
        elsewhere = moto_vehicle(ipatinga_m, other)
    c = clerk_client(user_of)
    url = f"/api/v1/registry/vehicles/{vehicle.pk}"
    r = c.patch(
        url, {"plate": elsewhere.plate, "reason": "placa Mercosul"}, content_type="application/json"
    )
    assert r.status_code == 409 and r.json()["id"] == elsewhere.pk
    r = c.patch(
        url, {"plate": "QWE-1B23", "reason": "placa Mercosul"}, content_type="application/json"
    )
    assert r.status_code == 200, r.content
    assert r.json()["plate"] == "QWE1B23" and r.json()["owner_id"] == vehicle.owner_id
    with tenant(ipatinga_m):
        permit.refresh_from_db()
    assert permit.vehicle_id == vehicle.pk  # the same vehicle, its permit untouched
    (act,) = acts(ipatinga_m, "vehicle.update", vehicle)
    assert (act.record["payload"]["old"]["plate"], act.record["payload"]["new"]["plate"]) == (
        "QWE1A23",
        "QWE1B23",
    )


def test_the_owner_change_is_refused_on_screen_and_api_while_the_vehicle_serves_a_live_permit(
    ipatinga_m, user_of, bound
):
    permit, vehicle, buyer = bound
    c = clerk_client(user_of)
    form = {"owner": format_cpf(buyer.document), "on": "2026-12-01", "reason": "venda"}
    r = c.post(f"/cadastro/veiculos/{vehicle.pk}/proprietario/", form)
    assert r.status_code == 200 and permit.number in r.content.decode()
    r = c.post(
        f"/api/v1/registry/vehicles/{vehicle.pk}/owner",
        {"owner_id": buyer.pk, "on": "2026-12-01", "reason": "venda"},
        content_type="application/json",
    )
    assert r.status_code == 409 and permit.number in r.json()["detail"]
    with tenant(ipatinga_m):
        vehicle.refresh_from_db()
        assert vehicle.owner_id == permit.holder_id
        Permit.objects.filter(pk=permit.pk).update(status=Permit.Status.CASSADA)
    r = c.post(f"/cadastro/veiculos/{vehicle.pk}/proprietario/", form)
    assert r.status_code == 302
    with tenant(ipatinga_m):
        vehicle.refresh_from_db()
    assert vehicle.owner_id == buyer.pk
    (act,) = acts(ipatinga_m, "vehicle.owner_change", vehicle)
    assert act.record["payload"]["reason"] == "venda"


def test_the_service_refuses_a_new_vehicle_with_a_plate_already_registered(
    ipatinga_m, user_of, bound
):
    from outorga.registry.services.vehicles import vehicle_register

    permit, vehicle, _ = bound
    with pytest.raises(AlreadyRegistered) as exc:
        vehicle_register(
            actor=clerk(user_of),
            municipality=ipatinga_m,
            law=MOTO,
            owner=vehicle.owner,
            data={"plate": "QWE1A23", "renavam": vehicle.renavam, "kind": "motocicleta"},
        )
    assert exc.value.existing_id == vehicle.pk
    with tenant(ipatinga_m):
        assert Vehicle.objects.filter(plate="QWE1A23").count() == 1


# Documents -------------------------------------------------------------------------------------


def medical(m, user_of, holder: Person, issued_on: dt.date) -> Document:  # type: ignore[no-untyped-def]
    return document_record(
        actor=clerk(user_of),
        municipality=m,
        law=MOTO,
        doc_type=Document.Type.MEDICAL,
        issued_on=issued_on,
        person=holder,
        number="AT-1",
        content=PDF,
    )


def test_art_5_v_a_corrected_medical_certificate_is_a_new_version_and_the_law_reads_it(
    ipatinga_m, user_of
):
    holder = person(ipatinga_m, name="Titular")
    first = medical(ipatinga_m, user_of, holder, dt.date(2025, 1, 10))
    corrected = document_correct(
        actor=clerk(user_of),
        municipality=ipatinga_m,
        law=MOTO,
        doc=first,
        reason="data de emissão digitada errada",
        issued_on=dt.date(2026, 1, 10),
        number="AT-1",
    )
    with tenant(ipatinga_m):
        first.refresh_from_db()
        assert first.superseded_at is not None and corrected.supersedes_id == first.pk
        # The validity is asked to the law again for the corrected date (mototaxi art. 5 V).
        assert corrected.valid_until is not None and first.valid_until is not None
        assert corrected.valid_until > first.valid_until
        assert latest_document(holder, None, Document.Type.MEDICAL) == corrected
        # Without a new file, the version keeps the same file.
        assert corrected.sha256 == first.sha256 and corrected.file.name == first.file.name
        assert document_versions(first) == [corrected, first]
    (act,) = acts(ipatinga_m, "document.correct", corrected)
    payload = act.record["payload"]
    assert (
        payload["old"]["issued_on"] == "2025-01-10" and payload["new"]["issued_on"] == "2026-01-10"
    )
    assert (
        payload["old"]["version"] == first.pk
        and payload["reason"] == "data de emissão digitada errada"
    )
    # Re-sending the same file again is still idempotent: the version in force comes back.
    assert medical(ipatinga_m, user_of, holder, dt.date(2026, 1, 10)) == corrected


def test_an_old_version_cannot_be_corrected_and_a_correction_must_change_something(
    ipatinga_m, user_of
):
    holder = person(ipatinga_m, name="Titular")
    first = medical(ipatinga_m, user_of, holder, dt.date(2026, 1, 10))
    kw = {"actor": clerk(user_of), "municipality": ipatinga_m, "law": MOTO, "reason": "x"}
    with pytest.raises(FieldError, match="nada a corrigir"):
        document_correct(doc=first, issued_on=dt.date(2026, 1, 10), number="AT-1", **kw)
    with pytest.raises(FieldError, match="motivo"):
        document_correct(**{**kw, "reason": " "}, doc=first, issued_on=dt.date(2026, 1, 9))
    document_correct(doc=first, issued_on=dt.date(2026, 1, 10), number="AT-2", **kw)
    with pytest.raises(Conflict, match="versão atual"):
        document_correct(doc=first, issued_on=dt.date(2026, 1, 10), number="AT-3", **kw)


def test_a_document_correction_with_a_new_file_on_the_screen_and_its_history(ipatinga_m, user_of):
    holder = person(ipatinga_m, name="Titular")
    first = medical(ipatinga_m, user_of, holder, dt.date(2026, 1, 10))
    c = clerk_client(user_of)
    assert (
        f"/cadastro/documentos/{first.pk}/"
        in c.get(f"/cadastro/pessoas/{holder.pk}/").content.decode()
    )
    r = c.post(
        f"/cadastro/documentos/{first.pk}/",
        {
            "issued_on": "2026-01-10",
            "number": "AT-1",
            "reason": "digitalização ilegível",
            "file": SimpleUploadedFile("a.pdf", BETTER_SCAN, content_type="application/pdf"),
        },
    )
    assert r.status_code == 302
    with tenant(ipatinga_m):
        current = Document.objects.current().get(person=holder)
    assert (
        current.pk != first.pk
        and current.supersedes_id == first.pk
        and current.sha256 != first.sha256
    )
    page = c.get(r["Location"]).content.decode()
    assert "digitalização ilegível" in page and "em vigor" in page and "substituída em" in page
    # The person's page lists only the version in force.
    person_page = c.get(f"/cadastro/pessoas/{holder.pk}/").content.decode()
    assert f"/cadastro/documentos/{current.pk}/" in person_page
    assert f'/cadastro/documentos/{first.pk}/"' not in person_page


def test_the_api_corrects_a_document_and_lists_its_versions(ipatinga_m, user_of):
    holder = person(ipatinga_m, name="Titular")
    first = medical(ipatinga_m, user_of, holder, dt.date(2026, 1, 10))
    c = clerk_client(user_of)
    r = c.post(
        f"/api/v1/registry/documents/{first.pk}/corrections",
        {"issued_on": "2026-01-11", "number": "AT-1", "reason": "data errada"},
    )
    assert r.status_code == 201, r.content
    new = r.json()
    assert new["supersedes"] == first.pk and new["current"] is True
    r = c.post(
        f"/api/v1/registry/documents/{first.pk}/corrections",
        {"issued_on": "2026-01-12", "reason": "de novo"},
    )
    assert r.status_code == 409  # only the version in force is corrected
    versions = c.get(f"/api/v1/registry/documents/{first.pk}/versions").json()["items"]
    assert [v["id"] for v in versions] == [new["id"], first.pk]
    assert [v["current"] for v in versions] == [True, False]
    assert versions[0]["correction_reason"] == "data errada"


def test_a_taxi_permits_auxiliary_is_not_added_by_the_mototaxi_route(ipatinga_m, user_of):
    """Taxi art. 20: the taxi auxiliary is inscribed in the Cadastro by its own route; the
    mototaxi route answers 409 naming it (it used to answer 500)."""
    from registry_factories import TAXI_ON, grant, taxi_holder

    holder, vehicle = taxi_holder(ipatinga_m, TAXI_ON)
    permit = grant(ipatinga_m, holder, vehicle)
    someone = person(ipatinga_m, name="Auxiliar")
    r = clerk_client(user_of).post(
        f"/api/v1/registry/permits/{permit.pk}/auxiliaries",
        {"person_id": someone.pk, "on": "2026-02-10"},
        content_type="application/json",
    )
    assert r.status_code == 409, r.content
    assert "/api/v1/taxi/permits/" in r.json()["detail"]
