"""The seam: a municipality whose mototaxi law is not one the product ships — a test-only rulebook
(``tests/lawbooks/vila_serena_mototaxi_2026``: minimum age 18, engines of 100–300 cc) — is bound
by data and takes an applicant from registration to a granted permit and a badge verified by its
QR code, with no change to the product outside ``outorga.law``."""

from __future__ import annotations

import datetime as dt
import importlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone
from validate_docbr import CPF, RENAVAM

from outorga.core import services as core
from outorga.core.acts import Actor
from outorga.core.lawseam import law_for, law_of
from outorga.core.models import Municipality, PopulationFigure, User
from outorga.core.tenancy import tenant
from outorga.law.citations import cite
from outorga.law.competence import Role
from outorga.public import services as public
from outorga.registry.models import Document, Permit, Tender, VehicleChange
from outorga.registry.services.common import service_law
from outorga.registry.services.documents import document_record
from outorga.registry.services.people import licence_record, person_register
from outorga.registry.services.permits import permit_grant, permit_grant_decisions
from outorga.registry.services.vehicle_changes import vehicle_change_end, vehicle_substitute
from outorga.registry.services.vehicles import vehicle_register
from outorga.registry.validation import FieldError

TODAY = timezone.localdate()
EQUIPMENT = ["antena_corta_pipas", "protetor_motor_pernas"]


def _lawbook() -> Any:
    """The test-only rulebook, registered on first use (its import registers its questions,
    parameters and competences) — not at collection, so the rest of the suite sees the product's
    own laws only, unless it runs after this in the same process."""
    sys.path.insert(0, str(Path(__file__).parents[1] / "lawbooks"))
    return importlib.import_module("vila_serena_mototaxi_2026")


@pytest.fixture
def vila(db: Any) -> Any:
    return _lawbook()


@pytest.fixture
def vila_serena(vila: Any, settings: Any, tmp_path: Path) -> Municipality:
    settings.MEDIA_ROOT = tmp_path / "media"
    m = Municipality.objects.create(
        ibge_code="9999901", name="Vila Serena", uf="MG", slug="vila-serena"
    )
    with tenant(m):
        PopulationFigure.objects.create(
            value=10_000, reference_year=2025, effective=dt.date(2025, 7, 1), source="teste"
        )
    return m


def _user(m: Municipality, role: Role) -> Actor:
    with tenant(m):
        user = User.objects.create_user(f"{role.value}.{m.slug}", role=role.value, municipality=m)
    return Actor.of(user, "198.51.100.9")


def _bind(m: Municipality) -> None:
    vila = _lawbook()
    core.law_binding_record(
        actor=_user(m, Role.ADMIN),
        municipality=m,
        service="mototaxi",
        law=vila.LAW_ID,
        valid_from=dt.date(2026, 1, 1),
        reference="Lei Municipal 1/2026 de Vila Serena",
    )


def _applicant(m: Municipality, clerk: Actor, *, born: dt.date, cc: int, n: int) -> tuple[Any, Any]:
    """Registered as a clerk would, under the law the municipality binds to mototaxi."""
    law = service_law(m, "mototaxi")
    person = person_register(
        actor=clerk,
        municipality=m,
        law=law,
        data={"document": CPF().generate(), "name": f"Condutora {n}", "birth_date": born},
    )
    licence_record(
        actor=clerk,
        municipality=m,
        law=law,
        person=person,
        data={
            "number": "02650306461",
            "categories": "A",
            "first_licence_on": dt.date(2025, 1, 1),
            "category_a_since": dt.date(2025, 1, 1),
            "expires_on": dt.date(2030, 1, 1),
        },
    )
    for t in (Document.Type.RG, Document.Type.CPF, Document.Type.RESIDENCE, Document.Type.CRIMINAL):
        document_record(
            actor=clerk, municipality=m, law=law, doc_type=t, person=person, issued_on=TODAY
        )
    return person, _motorcycle(m, clerk, person, cc=cc, n=n)


def _motorcycle(m: Municipality, clerk: Actor, owner: Any, *, cc: int, n: int) -> Any:
    """A motorcycle of ``owner``'s, with its CRV and CRLV."""
    law = service_law(m, "mototaxi")
    vehicle = vehicle_register(
        actor=clerk,
        municipality=m,
        law=law,
        owner=owner,
        data={
            "plate": f"VSA{n}B{n:02d}",
            "renavam": RENAVAM().generate(),
            "kind": "motocicleta",
            "make_model": "Honda XRE 300",
            "manufacture_year": 2024,
            "engine_cc": cc,
            "colour": "preta",
            "registration_uf": "MG",
            "registration_city": "Vila Serena",
        },
    )
    for t in (Document.Type.CRV, Document.Type.CRLV):
        document_record(
            actor=clerk, municipality=m, law=law, doc_type=t, vehicle=vehicle, issued_on=TODAY
        )
    return vehicle


def _granted(m: Municipality, clerk: Actor, holder: Any, vehicle: Any) -> Permit:
    """A mototaxi permit of five years granted to ``holder`` today, in a tender homologated five
    days ago."""
    with tenant(m):
        tender = Tender.objects.create(
            service="mototaxi",
            number=f"{Tender.objects.count() + 1:02d}/2026",
            places=3,
            opened_on=TODAY - dt.timedelta(days=30),
            homologated_on=TODAY - dt.timedelta(days=5),
            status=Tender.Status.HOMOLOGATED,
        )
    return permit_grant(
        actor=clerk,
        municipality=m,
        holder=holder,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=TODAY,
        term_years=5,
        decree="Decreto 10/2026",
        equipment=EQUIPMENT,
        tender=tender,
    )


def test_a_municipality_s_own_mototaxi_law_runs_the_journey_from_registration_to_a_verified_badge(
    vila_serena, vila
):
    m = vila_serena
    _bind(m)
    assert law_of(m, "mototaxi") == vila.LAW_ID
    clerk = _user(m, Role.ATENDENTE)
    # 19 years old and a 280 cc motorcycle: refused by Ipatinga's law (21 years, up to 250 cc),
    # accepted by Vila Serena's own (18 years, 100–300 cc).
    person, vehicle = _applicant(m, clerk, born=TODAY.replace(year=TODAY.year - 19), cc=280, n=1)

    permit = _granted(m, clerk, person, vehicle)
    assert permit.status == Permit.Status.ACTIVE and permit.number == "MT-0001"
    assert permit.law == vila.LAW_ID
    decisions = permit.decision["decisions"]
    assert {d["question"] for d in decisions} == {
        f"{vila.LAW_ID}.{n}"
        for n in ("quota", "person_eligibility", "vehicle_eligibility", "permit_term")
    }
    cited = {c for d in decisions for c in d["citations"]}
    assert any("Vila Serena" in c and "art. 3, I" in c for c in cited)
    assert not any("Ipatinga" in c for c in cited)
    # Its certificate follows its own art. 7: two years.
    assert permit.certificate_valid_until == TODAY.replace(year=TODAY.year + 2) - dt.timedelta(
        days=1
    )

    badge = public.badge_issue(actor=clerk, municipality=m, permit=permit)
    page = Client().get(f"/v/{badge.token}")
    assert page.status_code == 200
    found = re.search(r'<div class="status (\w+)" role="status"', page.content.decode())
    assert found is not None and found.group(1) == "valido"
    assert "Vila Serena" in page.content.decode()


def test_its_own_minimum_age_and_engine_range_refuse_with_its_own_articles(vila_serena):
    m = vila_serena
    _bind(m)
    clerk = _user(m, Role.ATENDENTE)
    person, vehicle = _applicant(m, clerk, born=TODAY.replace(year=TODAY.year - 17), cc=350, n=2)
    law = law_for(m, "mototaxi")
    checked = permit_grant_decisions(
        municipality=m,
        holder=person,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=TODAY,
        term_years=5,
        decree="Decreto 10/2026",
        equipment=EQUIPMENT,
        tender=None,
    )
    refused = {r.rule: r for d in checked for r in d.refusals}
    assert set(refused) == {"art_3_i_min_age", "art_4_i_engine", "art_6_tender"}
    assert refused["art_3_i_min_age"].citations == (cite(law.law, 3, inc="I"),)
    assert "100 a 300 cc" in refused["art_4_i_engine"].message
    # The same facts under Ipatinga's law: its 21 years and 250 cc (the seam asks by name only).
    with tenant(m):
        eighteen = law.ask(
            "person_eligibility",
            {
                **_person_facts(person),
                "birth_date": TODAY.replace(year=TODAY.year - 18).isoformat(),
            },
        )
    assert not eighteen.refusals


def _person_facts(person: Any) -> dict[str, Any]:
    from outorga.registry import facts

    return facts.mototaxi_person(person, service="mototaxi")


def test_under_a_law_silent_on_one_vehicle_the_records_still_hold_one_temporary_change_at_a_time(
    vila_serena, vila
):
    """Vila Serena's law does not answer ``one_vehicle``, so no article refuses a second emergency
    substitution while the first stands in. The records refuse it all the same, naming the
    vehicle: the end of the first gives the permit back the motorcycle it replaced, which a
    second change in the meantime would make wrong; the database holds the same. Nothing is
    written; once the first ends, the second is taken."""
    m = vila_serena
    _bind(m)
    assert not law_for(m, "mototaxi").answers("one_vehicle")
    clerk = _user(m, Role.ATENDENTE)
    person, own = _applicant(m, clerk, born=dt.date(1990, 1, 1), cc=160, n=3)
    first = _motorcycle(m, clerk, person, cc=160, n=4)
    second = _motorcycle(m, clerk, person, cc=160, n=5)
    permit = _granted(m, clerk, person, own)

    def emergency(vehicle: Any) -> VehicleChange:
        return vehicle_substitute(
            actor=clerk,
            municipality=m,
            permit=permit,
            vehicle=vehicle,
            on=TODAY,
            emergency_until=TODAY + dt.timedelta(days=10),
            cause="motocicleta retida em oficina após colisão",
            equipment=EQUIPMENT,
        )

    change = emergency(first)
    with pytest.raises(FieldError) as exc:
        emergency(second)
    assert exc.value.field == "veículo"
    assert exc.value.message == (
        f"a permissão {permit.number} tem uma troca temporária em curso desde "
        f"{TODAY:%d/%m/%Y} (veículo {first.plate}): encerre-a antes de outra troca de veículo"
    )
    with tenant(m):
        assert Permit.objects.get(pk=permit.pk).vehicle_id == first.pk
        assert list(VehicleChange.objects.filter(permit=permit)) == [change]
        # The database holds the same, for a write that would bypass the service.
        with pytest.raises(IntegrityError), transaction.atomic():
            VehicleChange.objects.create(
                permit=permit,
                kind=VehicleChange.Kind.EMERGENCIAL,
                from_vehicle=first,
                to_vehicle=second,
                started_on=TODAY,
                status=VehicleChange.Status.ACTIVE,
            )
    vehicle_change_end(actor=clerk, municipality=m, change=change, on=TODAY)
    assert emergency(second).status == VehicleChange.Status.ACTIVE
    with tenant(m):
        assert Permit.objects.get(pk=permit.pk).vehicle_id == second.pk
