"""Mototaxi art. 13 XXI and art. 19 §1: the policy for driver and passenger kept "atualizada".
No law fixes how long a policy lasts: its end of cover is printed on it. Before, the desk had no
field for it, so a policy recorded once counted as in force for ever; now the vehicle's page, the
guided grant's checklist, the correction of a document and the API take the end printed on it,
and from the day after it the law reads the policy as lapsed."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from registry_factories import MOTO, actor, make_applicant
from registry_factories import MOTO_ON as ON
from test_permit_grant import grant

from outorga.core.errors import Refused
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.facts import insurance_facts
from outorga.registry.models import Document
from outorga.registry.services.documents import document_correct, document_record
from outorga.registry.validation import FieldError

API = "/api/v1/registry"
INSURANCE = Document.Type.INSURANCE
CITED = [
    "Lei de mototáxi de Ipatinga (2013), art. 13, XXI",
    "Lei de mototáxi de Ipatinga (2013), art. 19, §1",
    "Lei de mototáxi de Ipatinga (2013), art. 19, §2",
]


def _client(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


def _record(m, vehicle, doc_type: str = INSURANCE, **kw) -> Document:  # type: ignore[no-untyped-def]
    """A document of ``vehicle`` (a policy unless told) recorded by the desk under the mototaxi law."""
    return document_record(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        law=MOTO,
        doc_type=doc_type,
        vehicle=vehicle,
        **kw,
    )


def test_art_19_par1_a_policy_is_in_force_through_its_printed_end_and_lapsed_after(
    ipatinga_m, clerk, tender
):
    m = ipatinga_m
    person, vehicle = make_applicant(m, clerk, n=81)
    end = ON + dt.timedelta(days=30)
    doc = _record(m, vehicle, issued_on=ON, valid_until=end)  # the newest on record
    assert doc.valid_until == end and doc.validity_basis == {"citations": CITED}
    with tenant(m):
        assert insurance_facts(vehicle, end)["policy_in_force"] is True
        assert insurance_facts(vehicle, end + dt.timedelta(days=1)) == {
            "policy_in_force": False,
            "copy_filed": True,
        }
    with pytest.raises(Refused) as refused:
        grant(m, clerk, person, vehicle, tender, on=end + dt.timedelta(days=1))
    [refusal] = refused.value.decision.refusals
    assert refusal.rule == "art_19_insurance" and refusal.facts == {
        "apolice": False,
        "copia_entregue": True,
    }
    assert [c.render() for c in refusal.citations] == CITED
    assert grant(m, clerk, person, vehicle, tender, on=end).vehicle_id == vehicle.pk


def test_art_19_par1_only_a_policy_takes_an_end_typed_at_the_desk(ipatinga_m, clerk):
    """The other documents' validity is the law's (mototaxi art. 5 §1 III, art. 5 VII…): a date
    typed for them is refused on its field, and a policy's end cannot precede its issue."""
    m = ipatinga_m
    _, vehicle = make_applicant(m, clerk, n=82)
    with pytest.raises(FieldError) as wrong_type:
        _record(
            m,
            vehicle,
            Document.Type.INSPECTION,
            issued_on=ON,
            valid_until=ON + dt.timedelta(days=400),
        )
    assert wrong_type.value.field == "fim da vigência" and "apólice" in wrong_type.value.message
    with pytest.raises(FieldError) as before_issue:
        _record(m, vehicle, issued_on=ON, valid_until=ON - dt.timedelta(days=1))
    assert "anterior à data de emissão" in before_issue.value.message


def test_art_19_par1_a_correction_of_the_end_is_a_new_version_and_keeps_it_otherwise(
    ipatinga_m, clerk
):
    m = ipatinga_m
    _, vehicle = make_applicant(m, clerk, n=83)
    first = _record(m, vehicle, issued_on=ON, valid_until=ON + dt.timedelta(days=10))
    fix = {"actor": clerk, "municipality": m, "law": MOTO, "issued_on": ON}
    fixed = document_correct(
        **fix, doc=first, reason="vigência digitada errada", valid_until=dt.date(2027, 3, 9)
    )
    assert fixed.valid_until == dt.date(2027, 3, 9) and fixed.supersedes_id == first.pk
    renumbered = document_correct(**fix, doc=fixed, reason="número da apólice", number="AP-77")
    assert renumbered.valid_until == dt.date(2027, 3, 9)  # not given: kept
    with pytest.raises(FieldError):
        document_correct(**fix, doc=renumbered, reason="nada", number="AP-77")


def test_art_19_par1_the_vehicle_page_and_the_api_take_the_end_of_cover(ipatinga_m, clerk, user_of):
    m = ipatinga_m
    holder, vehicle = make_applicant(m, clerk, n=84)
    c = _client(user_of)
    page = c.get(f"/cadastro/veiculos/{vehicle.pk}/").content.decode()
    assert "Fim da vigência (apólice de seguro" in page
    assert "Fim da vigência" not in c.get(f"/cadastro/pessoas/{holder.pk}/").content.decode()
    r = c.post(
        f"/cadastro/veiculos/{vehicle.pk}/",
        {"doc-doc_type": INSURANCE, "doc-issued_on": "2026-03-01", "doc-valid_until": "2027-03-01"},
    )
    assert r.status_code == 302
    with tenant(m):
        doc = Document.objects.current().filter(vehicle=vehicle, doc_type=INSURANCE).latest("id")
    assert doc.valid_until == dt.date(2027, 3, 1)
    page = c.get(f"/cadastro/documentos/{doc.pk}/").content.decode()
    assert 'value="2027-03-01"' in page  # the correction's form shows the end on record
    r = c.post(
        f"{API}/documents",
        {
            "doc_type": "rg",
            "issued_on": "2026-03-01",
            "person_id": holder.pk,
            "valid_until": "2030-01-01",
        },
    )
    assert r.status_code == 422 and "apólice" in r.json()["erros"][0]["erro"]
    r = c.post(
        f"{API}/documents",
        {
            "doc_type": INSURANCE,
            "issued_on": "2026-03-02",
            "vehicle_id": vehicle.pk,
            "valid_until": "2027-03-02",
        },
    )
    assert r.status_code == 201 and r.json()["valid_until"] == "2027-03-02"


def test_art_19_par1_the_daily_sweep_finds_the_policy_lapsed_after_its_end(
    ipatinga_m, clerk, tender
):
    """A permit whose policy's end of cover has passed is irregular from the day after, the
    reason naming the policy and citing the articles; the holder is told."""
    from outorga.core.sweep import NoProgress
    from outorga.registry import sweep as registry_sweep
    from outorga.registry.models import Notification, Permit

    m = ipatinga_m
    person, vehicle = make_applicant(m, clerk, n=85)
    end = ON + dt.timedelta(days=60)
    _record(m, vehicle, issued_on=ON, valid_until=end)
    permit = grant(m, clerk, person, vehicle, tender)
    for day, irregular in ((end, False), (end + dt.timedelta(days=1), True)):
        with tenant(m):
            registry_sweep.registry_sweep(m, day, NoProgress())
            p = Permit.objects.get(pk=permit.pk)
        assert p.irregular is irregular, day
    assert f"apólice de seguro do veículo {vehicle.plate}: validade vencida em {end:%d/%m/%Y}" in (
        p.irregular_reason
    )
    assert "art. 13, XXI" in p.irregular_reason
    with tenant(m):
        assert Notification.objects.filter(
            kind=Notification.Kind.DOCUMENT_EXPIRED, permit=p
        ).exists()


def test_a_taxi_vehicle_s_policy_takes_no_typed_end_and_its_page_does_not_ask_it(
    ipatinga_m, user_of
):
    """The taxi law names no policy whose cover the desk dates: its vehicle's page has no such
    field, and an end typed through the API is refused on its field, not kept uncited."""
    from registry_factories import TAXI_ON, taxi_holder

    _, vehicle = taxi_holder(ipatinga_m, TAXI_ON)
    c = _client(user_of)
    assert "Fim da vigência" not in c.get(f"/cadastro/veiculos/{vehicle.pk}/").content.decode()
    r = c.post(
        f"{API}/documents",
        {
            "doc_type": INSURANCE,
            "issued_on": "2026-03-02",
            "vehicle_id": vehicle.pk,
            "service": "taxi",
            "valid_until": "2027-03-02",
        },
    )
    assert r.status_code == 422
    assert r.json()["erros"][0]["campo"] == "fim da vigência"


def test_a_correction_of_another_document_does_not_take_an_end(ipatinga_m, clerk):
    m = ipatinga_m
    _, vehicle = make_applicant(m, clerk, n=86)
    with tenant(m):
        # The DPVAT: the CRLV now takes the validity of its licensing too (art. 5 §1 I).
        crlv = Document.objects.current().get(vehicle=vehicle, doc_type=Document.Type.DPVAT)
    with pytest.raises(FieldError) as refused:
        document_correct(
            actor=clerk,
            municipality=m,
            law=MOTO,
            doc=crlv,
            reason="vigência",
            issued_on=crlv.issued_on,
            valid_until=dt.date(2030, 1, 1),
        )
    assert refused.value.field == "fim da vigência"


def test_art_13_xxi_the_cover_recorded_is_held_to_the_minimum_once_decreed(
    ipatinga_m, clerk, tender, user_of
):
    """Art. 13 XXI: "em valor a ser definido por ato do Chefe do Poder Executivo". The desk types
    the amount printed on the policy (in reais, Brazilian format); once the municipality records
    the decree's minimum, a grant on a policy covering less is refused citing art. 13 XXI."""
    from outorga.core.services import parameter_override_record

    m = ipatinga_m
    person, vehicle = make_applicant(m, clerk, n=87)
    r = _client(user_of).post(
        f"/cadastro/veiculos/{vehicle.pk}/",
        {
            "doc-doc_type": INSURANCE,
            "doc-issued_on": ON.isoformat(),
            "doc-valid_until": "2027-03-01",
            "doc-coverage_cents": "R$ 9.999,99",
        },
    )
    assert r.status_code == 302
    with tenant(m):
        assert insurance_facts(vehicle, ON)["coverage_cents"] == 999_999
    parameter_override_record(
        actor=actor(m.slug, Role.ADMIN),
        municipality=m,
        name="mototaxi_2013.vehicle.insurance_min_coverage_cents",
        value=1_000_000,
        effective=dt.date(2026, 1, 1),
        legal_reference="Decreto 77/2026",
    )
    with pytest.raises(Refused) as refused:
        grant(m, clerk, person, vehicle, tender)
    [refusal] = refused.value.decision.refusals
    assert refusal.rule == "art_19_insurance" and "abaixo do valor" in refusal.message
    assert [c.render() for c in refusal.citations] == CITED  # art. 13 XXI first
    _record(m, vehicle, issued_on=ON, valid_until=dt.date(2027, 3, 1), coverage_cents=1_000_000)
    assert grant(m, clerk, person, vehicle, tender).vehicle_id == vehicle.pk


def test_art_13_xxi_only_the_policy_has_an_amount_of_cover(ipatinga_m, clerk, user_of):
    m = ipatinga_m
    holder, vehicle = make_applicant(m, clerk, n=88)
    with pytest.raises(FieldError) as refused:
        _record(m, vehicle, Document.Type.CRLV, issued_on=ON, coverage_cents=100)
    assert refused.value.field == "valor da cobertura"
    r = _client(user_of).post(
        f"{API}/documents",
        {
            "doc_type": INSURANCE,
            "issued_on": "2026-03-02",
            "vehicle_id": vehicle.pk,
            "valid_until": "2027-03-02",
            "coverage_cents": "1500000",
        },
    )
    assert r.status_code == 201 and r.json()["coverage_cents"] == 1_500_000


def test_art_19_par1_a_policy_without_its_printed_end_is_refused_on_its_field(
    ipatinga_m, clerk, user_of
):
    """Without the end printed on it a policy would count as in force for ever: the service, the
    vehicle's page and the API refuse it on the field "fim da vigência" with the articles, and
    nothing is recorded; a policy kept from before the field existed gets its end at its next
    correction."""
    m = ipatinga_m
    _, vehicle = make_applicant(m, clerk, n=89)
    with tenant(m):
        before = Document.objects.filter(vehicle=vehicle, doc_type=INSURANCE).count()
    with pytest.raises(FieldError) as refused:
        _record(m, vehicle, issued_on=ON, coverage_cents=1_000_000)
    assert refused.value.field == "fim da vigência"
    assert refused.value.message == "informe o fim da vigência impresso na apólice"
    assert refused.value.citation == (
        "Lei de mototáxi de Ipatinga (2013), art. 13, XXI; art. 19, §1; art. 19, §2"
    )
    c = _client(user_of)
    page = c.post(
        f"/cadastro/veiculos/{vehicle.pk}/",
        {"doc-doc_type": INSURANCE, "doc-issued_on": "2026-03-01"},
        follow=True,
    ).content.decode()
    assert "informe o fim da vigência impresso na apólice" in page
    r = c.post(
        f"{API}/documents",
        {"doc_type": INSURANCE, "issued_on": "2026-03-02", "vehicle_id": vehicle.pk},
    )
    assert r.status_code == 422
    [error] = r.json()["erros"]
    assert error["campo"] == "fim da vigência" and "art. 19, §1" in error["fundamento"]
    with tenant(m):
        assert Document.objects.filter(vehicle=vehicle, doc_type=INSURANCE).count() == before
        # A policy recorded before the desk typed ends (session 32): none on record.
        legacy = Document.objects.current().get(vehicle=vehicle, doc_type=INSURANCE)
        Document.objects.filter(pk=legacy.pk).update(valid_until=None)
        legacy.refresh_from_db()
    fix = {"actor": clerk, "municipality": m, "law": MOTO, "issued_on": legacy.issued_on}
    with pytest.raises(FieldError) as no_end:
        document_correct(**fix, doc=legacy, reason="número da apólice", number="AP-1")
    assert no_end.value.field == "fim da vigência"
    fixed = document_correct(
        **fix, doc=legacy, reason="fim da vigência", valid_until=dt.date(2027, 1, 5)
    )
    assert fixed.valid_until == dt.date(2027, 1, 5)
