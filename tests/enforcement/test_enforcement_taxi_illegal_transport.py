"""Taxi art. 16 (illegal transport) and art. 42 (measures; §2 the transport costs on the
infractor): an auto against a car and a person that hold no permit, found by plate or CPF; the
removal of the car; its release once removal and storage are paid; the fine in the auto's own
process (art. 41 §5), at the nature the regulation gives it (art. 43)."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import at, case_of, client_of, make_final, pay
from registry_factories import person, taxi_permit

from outorga.core.errors import FieldError, Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import InfractionNotice, Penalty, Seizure, TaxiInfractionItem
from outorga.enforcement.services.autos import auto_warning_apply, infraction_issue
from outorga.enforcement.services.seizures import (
    seizure_bill_storage,
    seizure_create,
    seizure_release,
)
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.registry.validation import format_cpf

D = dt.date(2026, 4, 6)  # a Monday
PLATE = "ILG1A23"


def _illegal_auto(world, *, document="", measures=(), plate=PLATE, on=D, **kw):
    """The fiscal's auto; with ``warning``, the authority applies it (art. 41 I, §1; ADR 0067)."""
    warning, harmless = kw.pop("warning", False), kw.pop("warning_harmless", False)
    auto = infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="transporte_ilegal",
        committed_at=at(on),
        place="Rodoviária",
        description="Transportava passageiro mediante pagamento, sem permissão de táxi.",
        agent_registration="F-9",
        plate=plate,
        law="ipatinga.taxi-2017",
        offender_document=document,
        offender_signed=True,
        measures=measures,
        **kw,
    )
    if warning:
        auto = auto_warning_apply(
            actor=world.authority, municipality=world.m, auto=auto, harmless=harmless, on=on
        )
    return auto


def _remove(world, auto):
    return seizure_create(
        actor=world.fiscal,
        municipality=world.m,
        person=None,
        plate=auto.plate,
        depot="Pátio Municipal",
        entered_on=D,
        removal_cents=15_000,
        storage_daily_cents=2_000,
        auto=auto,
    )


def _regulation(world, nature=None):
    """The regulation's item for illegal transport (art. 43): none, or one of ``nature`` — whatever
    the demo data listed."""
    with tenant(world.m):
        TaxiInfractionItem.objects.filter(code="transporte_ilegal").delete()
        if nature:
            TaxiInfractionItem.objects.create(
                code="transporte_ilegal",
                description="Transporte ilegal de passageiros (exemplo)",
                nature=nature,
                reference="Regulamento — exemplo",
                example=True,
            )


def test_art_16_an_auto_against_a_person_and_car_without_permit_found_by_cpf(world):
    offender = person(world.m, name="Clandestino da Silva")
    auto = _illegal_auto(world, document=offender.document, measures=["remocao"])
    assert auto.permit is None and auto.committed_by == InfractionNotice.CommittedBy.UNLICENSED
    assert "art. 16" in auto.provision and auto.seizure is True
    assert auto.offender_name == "Clandestino da Silva"
    assert auto.measures == ["remocao"]
    case = case_of(world, auto)
    assert case.person == offender and case.law == "ipatinga.taxi-2017"
    with tenant(world.m):
        act = Act.objects.filter(action="infraction.issue").latest("id")
    assert "art. 42, II" in str(act.record) and "art. 42, §2" in str(act.record)


def test_art_42_par_1_retention_of_a_car_whose_irregularity_cannot_be_fixed_is_refused(world):
    with pytest.raises(Refused) as exc:
        _illegal_auto(world, measures=["retencao"], measure_safe=True)
    assert "art. 42, §1" in str(exc.value.decision.to_json())
    with tenant(world.m):
        assert not InfractionNotice.objects.filter(plate=PLATE).exists()  # nothing half-written


def test_art_16_a_malformed_cpf_is_refused_naming_the_field(world):
    with pytest.raises(FieldError) as exc:
        _illegal_auto(world, document="123")
    assert "CPF" in str(exc.value)


def test_art_42_par_2_removal_charges_the_infractor_and_releases_once_paid(world):
    offender = person(world.m, name="Clandestino da Silva")
    auto = _illegal_auto(world, document=offender.document, measures=["remocao"])
    s = _remove(world, auto)
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
        assert s.person == offender and s.grounds == Seizure.Grounds.UNLICENSED
        # No fine at the removal: it follows the auto's process (art. 41 §5).
        assert s.fine_debt is None
        assert s.removal_debt.amount_cents == 15_000 and s.removal_debt.person == offender
    on = D + dt.timedelta(days=2)
    with pytest.raises(Refused) as exc:
        seizure_release(actor=world.clerk, municipality=world.m, seizure=s, on=on)
    assert "remoção" in exc.value.decision.summary or "150,00" in str(exc.value.decision.to_json())
    pay(world, s.removal_debt)
    storage = seizure_bill_storage(actor=world.clerk, municipality=world.m, seizure=s, through=on)
    assert storage is not None and storage.amount_cents == 3 * 2_000
    with pytest.raises(Refused):
        seizure_release(actor=world.clerk, municipality=world.m, seizure=s, on=on)
    pay(world, storage)
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
    seizure_release(actor=world.clerk, municipality=world.m, seizure=s, on=on)
    with tenant(world.m):
        assert Seizure.objects.get(pk=s.pk).status == Seizure.Status.RELEASED


def test_art_42_par_2_removal_refused_until_the_infractor_is_registered(world):
    offender = person(world.m, name="Registrado Depois")
    cpf = offender.document
    with tenant(world.m):
        # Not in the registry yet on the day of the auto: only the CPF written on it.
        type(offender).objects.filter(pk=offender.pk).update(document="00000000000")
    auto = _illegal_auto(
        world, document=f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}", measures=["remocao"]
    )
    assert auto.offender_registration == cpf and case_of(world, auto).person is None
    with pytest.raises(FieldError) as exc:
        _remove(world, auto)
    assert cpf in str(exc.value) and "art. 42" in str(exc.value)
    with tenant(world.m):
        type(offender).objects.filter(pk=offender.pk).update(document=cpf)
    s = _remove(world, auto)
    assert s.person_id == offender.pk
    assert case_of(world, auto).person_id == offender.pk  # the fine will be theirs too


def test_art_16_art_41_par_5_the_fine_comes_after_the_defence_at_the_regulations_nature(world):
    _regulation(world, "gravissima")
    offender = person(world.m, name="Clandestino da Silva")
    auto = _illegal_auto(world, document=offender.document, measures=["remocao"])
    assert auto.severity == "gravissima"
    make_final(world, auto, D)
    with tenant(world.m):
        penalty = Penalty.objects.get(case__auto=auto, kind=Penalty.Kind.FINE)
        assert penalty.debt.person == offender
        # Art. 41 §2, IV: 200 UFPI — at the demo's UFPI (an example value).
        assert penalty.debt.status == Debt.Status.FINAL and penalty.amount_cents > 0
    assert "art. 16" in str(penalty.decision)


def test_art_16_without_the_regulations_nature_no_fine_is_invented(world):
    _regulation(world, None)
    offender = person(world.m, name="Clandestino da Silva")
    auto = _illegal_auto(world, document=offender.document)
    make_final(world, auto, D)
    with tenant(world.m):
        penalty = Penalty.objects.get(case__auto=auto, kind=Penalty.Kind.FINE)
    assert penalty.debt is None and not penalty.amount_cents
    assert "art_16_nature_from_regulation" in str(penalty.decision)


def test_a_licensed_taxi_searched_by_plate_is_found_an_unlicensed_one_offers_art_16(world, user_of):
    permit = taxi_permit(world.m, n=9001, name="Taxista Teste", plate="TAX1A23")
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    found = fiscal.get("/fiscalizacao/", {"q": "TAX1A23"}).content.decode()
    assert permit.number in found
    with tenant(world.m):
        cpf = permit.holder.document
    assert permit.number in fiscal.post("/fiscalizacao/", {"q": cpf}, follow=True).content.decode()
    page = fiscal.get("/fiscalizacao/", {"q": PLATE}).content.decode()
    assert "Nenhuma permissão encontrada" in page
    assert "servico=taxi" in page and "art. 16" in page


def test_product_api_auto_removal_payment_and_release_of_an_unlicensed_car(world, user_of):
    """The README's demo path, through the API: auto (art. 16) with removal (art. 42 II), the
    depot, storage, payment, release (art. 42 §2)."""
    offender = person(world.m, name="Clandestino da Silva")
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    clerk = client_of(user_of("ipatinga", Role.ATENDENTE))
    r = fiscal.post(
        "/api/v1/enforcement/autos",
        {
            "code": "transporte_ilegal",
            "service": "taxi",
            "committed_at": "2026-04-06T10:00:00-03:00",
            "place": "Rodoviária",
            "description": "Corrida paga sem permissão.",
            "agent_registration": "F-2",
            "plate": "ilg-1a23",
            "offender_document": offender.document,
            "offender_signed": True,
            "measures": ["remocao", "afastamento_taxista"],
        },
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    body = r.json()
    # The inspector reads the CPF whole, as the registry shows it to that role.
    whole = format_cpf(offender.document)
    assert (body["person"], body["auto"]["offender_registration"]) == (whole, whole)
    assert body["auto"]["plate"] == PLATE
    assert body["auto"]["measures"] == ["remocao", "afastamento_taxista"]
    r = fiscal.post(
        "/api/v1/enforcement/seizures",
        {
            "auto_id": body["auto"]["id"],
            "depot": "Pátio Municipal",
            "entered_on": "2026-04-06",
            "removal_cents": 15_000,
            "storage_daily_cents": 2_000,
        },
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    seizure_id = r.json()["id"]
    r = clerk.post(
        f"/api/v1/enforcement/seizures/{seizure_id}/release",
        {"on": "2026-04-07"},
        content_type="application/json",
    )
    assert r.status_code == 422 and "art. 42" in r.content.decode()
    r = clerk.post(
        f"/api/v1/enforcement/seizures/{seizure_id}/storage",
        {"on": "2026-04-07"},
        content_type="application/json",
    )
    assert r.status_code == 200 and r.json()["amount_cents"] == 4_000
    with tenant(world.m):
        s = Seizure.objects.get(pk=seizure_id)
        debts = [s.removal_debt, *s.storage_debts.all()]
    for debt in debts:
        pay(world, debt)
    r = clerk.post(
        f"/api/v1/enforcement/seizures/{seizure_id}/release",
        {"on": "2026-04-07"},
        content_type="application/json",
    )
    assert r.status_code == 200 and r.json()["status"] == "released", r.content
    page = clerk.get(f"/fiscalizacao/apreensoes/{seizure_id}/").content.decode()
    assert "Clandestino da Silva" in page and "art. 42" in page


def test_screens_an_inspector_writes_the_art_16_auto_and_removes_the_car(world, user_of):
    offender = person(world.m, name="Clandestino da Silva")
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    form = fiscal.get("/fiscalizacao/autos/novo/", {"servico": "taxi", "q": PLATE})
    page = form.content.decode()
    assert form.status_code == 200 and "art. 16" in page and f'value="{PLATE}"' in page
    assert 'name="measures" value="remocao"' in page and "sanável no local" in page
    data = {
        "law": "ipatinga.taxi-2017",
        "code": "transporte_ilegal",
        "plate": PLATE,
        "offender_document": offender.document,
        "place": "Rodoviária",
        "date": D.isoformat(),
        "time": "10:00",
        "description": "Corrida paga sem permissão.",
        "agent_registration": "F-2",
        "signature": "signed",
        "measures": ["retencao"],
    }
    refused = fiscal.post("/fiscalizacao/autos/novo/", data)
    assert refused.status_code == 422 and "art. 42, §1" in refused.content.decode()
    r = fiscal.post("/fiscalizacao/autos/novo/", {**data, "measures": ["remocao"]})
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(world.m):
        auto = InfractionNotice.objects.get(plate=PLATE)
    case_page = fiscal.get(r["Location"]).content.decode()
    assert "Clandestino da Silva" in case_page and "remoção do veículo" in case_page
    r = fiscal.post(
        f"/fiscalizacao/autos/{auto.pk}/apreender/",
        {
            "depot": "Pátio Municipal",
            "entered_on": D.isoformat(),
            "removal": "150,00",
            "daily": "20",
        },
    )
    assert r.status_code == 302 and "/fiscalizacao/apreensoes/" in r["Location"]
    with tenant(world.m):
        s = Seizure.objects.get(auto=auto)
    assert s.person == offender and s.removal_debt.amount_cents == 15_000


def test_art_41_par_1_illegal_transport_primary_is_the_offender_s_not_the_car_s(world):
    """Art. 41 caput and §1: the penalties fall on "o infrator", and the warning is for his
    primary conduct — read from his own record (found by CPF, art. 16), never from the plate:
    another person caught in the same car is still primary; the same person caught in another
    car is not."""
    _regulation(world, "leve")
    first_offender = person(world.m, name="Clandestino da Silva")
    first = _illegal_auto(world, document=first_offender.document)
    make_final(world, first, D)
    later = D + dt.timedelta(days=90)
    other = person(world.m, name="Outro Motorista")
    warn = {"warning": True, "warning_harmless": True, "on": later}
    warned = _illegal_auto(world, document=other.document, **warn)
    assert warned.penalty == InfractionNotice.Penalty.WARNING
    with pytest.raises(Refused, match=r"art\. 41, §1"):
        _illegal_auto(world, document=first_offender.document, plate="OTR2B34", **warn)
