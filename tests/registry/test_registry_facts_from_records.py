"""Each registry facts builder reads the record: change one record, and the law's decision changes
(issue "law bindings", point 3; ADR 0012 §6). Every test asks through the product's own path —
``services.eligibility.person_eligibility`` / ``services.eligibility.vehicle_eligibility`` (what
``permit_grant`` and its pre-check ask) or ``services.permits.taxi_grant_decisions`` (what the taxi
grant and its screen ask) — before and after exactly one change to the registry, and checks the
article the law cites.

==============================================================  ==========================  =============================================================================
builder (fact it reads)                                         question                    test
==============================================================  ==========================  =============================================================================
facts.mototaxi_vehicle (owner vs. holder)                       vehicle_eligibility         test_art_5_par_5_vehicle_sold_to_someone_else_refused_from_the_record
facts.cargo_facts (sidecar, strips)                             vehicle_eligibility         test_art_24_par_4_a_sidecar_recorded_without_strips_is_refused
facts.mototaxi_person (medical certificate)                     person_eligibility          test_art_5_vii_a_new_medical_certificate_on_record_makes_the_person_eligible
facts.other_permissions (via mototaxi_person)                   person_eligibility          test_art_8_a_taxi_permission_on_record_bars_the_mototaxi
facts.cassations (via mototaxi_person)                          person_eligibility          test_art_32_par_1_the_cassacao_of_the_permit_bars_a_new_one_for_two_years
facts.person_facts (the person's town)                          person_eligibility (taxi)   test_taxi_art_4_vii_a_holder_who_moves_out_of_town_is_refused
facts.other_outorgas (via person_facts)                         person_eligibility (taxi)   test_taxi_art_11_a_mototaxi_permission_on_record_bars_the_taxi
facts.person_facts (municipal servant)                          person_eligibility (taxi)   test_taxi_art_12_a_holder_recorded_as_municipal_servant_is_refused
services.auxiliaries.auxiliary_renewal_decisions (aux.'s town)  auxiliary_renewal (taxi)    test_taxi_art_4_xiv_an_auxiliary_who_moves_out_of_town_is_not_renewed
facts.person_documents_facts (criminal certificate)             registration_documents      test_taxi_art_22_viii_a_fresh_criminal_certificate_on_record_is_accepted
facts.vehicle_documents_facts (owner vs. holder)                registration_documents      test_taxi_art_24_i_the_crlv_of_a_car_sold_to_someone_else_is_refused
facts.vehicle_facts (registration town)                         vehicle_eligibility (taxi)  test_taxi_art_28_i_a_car_registered_in_another_town_is_refused
sweep.taxi_vehicle_facts (registration town)                    vehicle_eligibility (taxi)  test_taxi_art_28_i_the_sweep_reads_the_cars_registration_town_from_the_record
==============================================================  ==========================  =============================================================================

Builders already covered by an existing test that changes the record and sees the decision change:

- ``facts.vehicle_other_permits`` → vehicle_eligibility: ``test_permit_grant.py::
  test_art_6_par2_a_motorcycle_already_on_a_mototaxi_permit_is_refused_for_a_second_one`` (a
  permit granted on the motorcycle) and ``test_art_5_par8_the_motorcycle_of_an_active_motofrete_
  permit_is_refused_for_mototaxi``; ``test_art_6_par2_a_motorcycle_whose_permit_ended_may_serve_a_
  new_one`` (the permit ends → allowed).
- ``facts.mototaxi_vehicle`` (CRLV town) → vehicle_eligibility: ``test_permit_grant.py::
  test_art_5_par1_i_the_crlv_must_be_of_the_municipality_itself``.
- ``facts.licensed_on`` (the taxi's CRLV in force on the date of the fact) → vehicle_eligibility
  (taxi): ``test_taxi_art_28_i_crlv_in_force.py`` (the CRLV's validity one day either side of
  the grant, the renewal and the substitution).
- ``tender_facts.active_permits`` → quota: ``test_permit_grant.py::
  test_art_10_i_the_quota_blocks_the_grant_past_population_over_300`` (each grant adds a permit
  until the quota refuses).
- ``finance.registry_port.debt_facts`` → renewal period: ``test_taxi_renewal.py::
  test_d_11_once_the_appeal_fails_the_debt_blocks`` (the debt's status changes → refused).
- ``services.termos.extension_decision`` (the permit's extensions, term, status) → permit_extension:
  ``test_permit_extension.py::test_art_6_three_extensions_reach_25_years_and_a_fourth_is_refused``.
- ``services.permit_status.permit_reinstate`` proof facts (the document on record) → suspension_return:
  ``tests/enforcement/test_enforcement_warning_and_return.py::
  test_art_32_par2_the_return_needs_the_suspension_served_and_a_real_proof``.
- ``sweep.mototaxi_vehicle_age`` → vehicle_eligibility (age): builds on ``facts.mototaxi_vehicle``
  (above); ``test_sweep.py::test_art_3_ii_a_motorcycle_turning_11_years_is_announced_then_irregular``
  changes the date, not the record.

Not covered by a decision-changing test, and why:

- ``importer.lawchecks`` row facts (``_moto``, ``_taxi``, ``row_vehicle_documents``): the import reports only
  the rules whose facts are the row's columns (age, CNH, kind, engine, cargo…); the facts read from
  the records (a vehicle's documents on file) feed no reported rule.
  ``test_import.py::test_a_row_s_vehicle_documents_come_from_the_records_and_its_columns`` checks
  that those facts follow the records (documents added, owner, town), not a decision.

The holder's written indication of an auxiliary (mototaxi art. 14 §1) is a named form field kept
with the auxiliary (``Auxiliary.indication``): ``test_auxiliary_renewal.py::test_art_14_par1_…``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from registry_factories import (
    CHECKS,
    DECLARATIONS,
    EQUIPMENT,
    MOTO,
    actor,
    awarded_tender,
    make_applicant,
    person,
    taxi_holder,
)
from registry_factories import MOTO_ON as ON

from outorga.core.acts import Actor
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.registry.models import Document, Permit, PermitStatusChange, Vehicle
from outorga.registry.services.auxiliaries import auxiliary_renewal_decisions, taxi_auxiliary_add
from outorga.registry.services.documents import document_record
from outorga.registry.services.eligibility import person_eligibility, vehicle_eligibility
from outorga.registry.services.permit_status import permit_cassar
from outorga.registry.services.permits import permit_grant, taxi_grant_decisions, taxi_permit_grant
from outorga.registry.services.vehicles import (
    VEHICLE_FIELDS,
    vehicle_owner_change,
    vehicle_update,
)

TAXI_LAW = "ipatinga.taxi-2017"
TAXI_ON = dt.date(2026, 2, 2)  # registry_factories.TAXI_ON


def reason(decisions: Decision | list[Decision], rule: str) -> Reason:
    """The law's reason named ``rule`` (its last segment: ``art_4_domicile``)."""
    ds = decisions if isinstance(decisions, list) else [decisions]
    found = [r for d in ds for r in d.reasons if r.rule.rsplit(".", 1)[-1] == rule]
    assert found, f"a decisão não traz a regra {rule}"
    return found[0]


def cites(r: Reason, law: str, article: str, **where: str) -> bool:
    return any(
        c.law == law and c.article == article and all(getattr(c, k) == v for k, v in where.items())
        for c in r.citations
    )


def vehicle_data(v: Vehicle) -> dict[str, Any]:
    return {f: getattr(v, f) for f in VEHICLE_FIELDS}


# --- mototaxi / motofrete (Lei de Ipatinga, 2013) -----------------------------------------------


def test_art_5_par_5_vehicle_sold_to_someone_else_refused_from_the_record(ipatinga_m, clerk):
    holder, moto = make_applicant(ipatinga_m, clerk, n=61)
    with tenant(ipatinga_m):
        before = vehicle_eligibility(moto, "mototaxi", ON, EQUIPMENT, holder=holder)
    assert reason(before, "art_5_par5_in_holders_name").verdict is Verdict.OK
    # The one change: the clerk records the motorcycle's sale (its own act: a new owner).
    buyer = person(ipatinga_m, name="Comprador da Moto")
    with tenant(ipatinga_m):
        moto = vehicle_owner_change(
            actor=clerk,
            municipality=ipatinga_m,
            law=MOTO,
            vehicle=moto,
            new_owner=buyer,
            on=ON,
            reason="venda",
        )
        after = vehicle_eligibility(moto, "mototaxi", ON, EQUIPMENT, holder=holder)
    r = reason(after, "art_5_par5_in_holders_name")
    assert r.verdict is Verdict.REFUSED
    assert cites(r, MOTO, "5", paragraph="5")
    assert "CRV" in r.message


def test_art_24_par_4_a_sidecar_recorded_without_strips_is_refused(ipatinga_m, clerk):
    holder, moto = make_applicant(ipatinga_m, clerk, n=62)
    common = EQUIPMENT[:2]  # art. 5 §7: what every vehicle of the law carries
    with tenant(ipatinga_m):
        moto = vehicle_update(
            actor=clerk,
            municipality=ipatinga_m,
            law=MOTO,
            vehicle=moto,
            reason="baú instalado",
            data={
                **vehicle_data(moto),
                "cargo_device": "bau",
                "cargo_within_contran_limits": True,
                "cargo_mirrors_unobstructed": True,
            },
        )
        before = vehicle_eligibility(moto, "motofrete", ON, common, holder=holder)
    assert not before.refusals
    # The one change: the inspection finds a sidecar, and no retroreflective strips on it.
    with tenant(ipatinga_m):
        moto = vehicle_update(
            actor=clerk,
            municipality=ipatinga_m,
            law=MOTO,
            vehicle=moto,
            reason="vistoria: sidecar sem faixas",
            data={**vehicle_data(moto), "sidecar": True, "retroreflective_strips": False},
        )
        after = vehicle_eligibility(moto, "motofrete", ON, common, holder=holder)
    r = reason(after, "art_24_par4_retroreflective_strips")
    assert r.verdict is Verdict.REFUSED
    assert cites(r, MOTO, "24", paragraph="4")


def test_art_5_vii_a_new_medical_certificate_on_record_makes_the_person_eligible(ipatinga_m, clerk):
    applicant, _ = make_applicant(ipatinga_m, clerk, n=63)  # certificate issued ON − 5 days
    later = ON + dt.timedelta(days=400)  # more than a year after it
    with tenant(ipatinga_m):
        before = person_eligibility(applicant, "mototaxi", later)
    r = reason(before, "art_5_vii_medical_certificate")
    assert r.verdict is Verdict.REFUSED and cites(r, MOTO, "5", inciso="VII")
    # The one change: a new certificate recorded for the person.
    with tenant(ipatinga_m):
        document_record(
            actor=clerk,
            municipality=ipatinga_m,
            law=MOTO,
            doc_type=Document.Type.MEDICAL,
            person=applicant,
            issued_on=later - dt.timedelta(days=3),
            presented_on=later - dt.timedelta(days=2),
        )
        after = person_eligibility(applicant, "mototaxi", later)
    assert reason(after, "art_5_vii_medical_certificate").verdict is Verdict.OK
    assert not after.refusals


def taxi_permission_of(holder, n: int, status: str = Permit.Status.ACTIVE) -> Permit:  # type: ignore[no-untyped-def]
    """A taxi permission TX-``n`` of ``holder`` on record, granted 30 days before ``ON``."""
    return Permit.objects.create(
        service="taxi",
        taxi_category="convencional",
        holder=holder,
        number=f"TX-{n:04d}",
        registration_number=n,
        granted_on=ON - dt.timedelta(days=30),
        term_start=ON - dt.timedelta(days=30),
        term_end=ON + dt.timedelta(days=3650),
        status=status,
    )


def test_art_8_a_taxi_permission_on_record_bars_the_mototaxi(ipatinga_m, clerk):
    applicant, _ = make_applicant(ipatinga_m, clerk, n=64)
    with tenant(ipatinga_m):
        before = person_eligibility(applicant, "mototaxi", ON)
    assert reason(before, "art_8_exclusivity").verdict is Verdict.OK
    # The one change: the registry holds a taxi permission of the same person.
    with tenant(ipatinga_m):
        taxi_permission_of(applicant, 640)
        after = person_eligibility(applicant, "mototaxi", ON)
    r = reason(after, "art_8_exclusivity")
    assert r.verdict is Verdict.REFUSED
    assert cites(r, MOTO, "8")
    assert "táxi" in r.message


def test_art_32_par_1_the_cassacao_of_the_permit_bars_a_new_one_for_two_years(
    ipatinga_m, clerk, tender, user_of
):
    holder, moto = make_applicant(ipatinga_m, clerk, n=65)
    permit = permit_grant(
        actor=clerk,
        municipality=ipatinga_m,
        holder=holder,
        service="mototaxi",
        vehicle=moto,
        granted_on=ON,
        term_years=10,
        decree="Decreto 6.500/2026",
        equipment=EQUIPMENT,
        tender=tender,
    )
    cassated_on = ON + dt.timedelta(days=30)
    asked_on = cassated_on + dt.timedelta(days=1)
    with tenant(ipatinga_m):
        before = person_eligibility(holder, "mototaxi", asked_on)
    assert reason(before, "art_32_cassation_bar").verdict is Verdict.OK
    # The one change: the Chief Executive's cassação of that permit (art. 34 §1, D-3).
    mayor = Actor.of(user_of("ipatinga", Role.CHEFE_EXECUTIVO))
    permit_cassar(
        actor=mayor,
        municipality=ipatinga_m,
        permit=permit,
        on=cassated_on,
        reason="processo de cassação decidido",
    )
    with tenant(ipatinga_m):
        after = person_eligibility(holder, "mototaxi", asked_on)
    r = reason(after, "art_32_cassation_bar")
    assert r.verdict is Verdict.REFUSED
    assert cites(r, MOTO, "32", paragraph="1")
    assert "2028" in r.message  # two years after the cassação of 09/04/2026


def test_art_32_par_1_a_taxi_permission_cassada_does_not_bar_the_mototaxi(ipatinga_m, clerk):
    """Art. 32 §1 bars for two years whoever had "a permissão" cassada under this law (art. 32:
    penalties for breaking "as normas estabelecidas nesta Lei"). A taxi permission cassada under
    the taxi law (art. 41 §4), whose own bar is on driving a taxi (art. 41 §3), is no cassação
    of a mototaxi or motofrete permission: it does not bar the mototaxi applicant."""
    applicant, _ = make_applicant(ipatinga_m, clerk, n=66)
    with tenant(ipatinga_m):
        taxi = taxi_permission_of(applicant, 660, status=Permit.Status.CASSADA)
        PermitStatusChange.objects.create(
            permit=taxi,
            from_status="active",
            to_status="cassada",
            effective_on=ON - dt.timedelta(days=10),
            reason="cassação (taxi art. 41 §4)",
        )
        d = person_eligibility(applicant, "mototaxi", ON)
    assert reason(d, "art_32_cassation_bar").verdict is Verdict.OK
    assert reason(d, "art_8_exclusivity").verdict is Verdict.OK  # cassada: held no more


# --- taxi (Lei de Ipatinga, 2017) -------------------------------------------------------------


def taxi_check(m, holder, vehicle, tender, on=TAXI_ON) -> list[Decision]:  # type: ignore[no-untyped-def]
    with tenant(m):
        return taxi_grant_decisions(
            municipality=m,
            holder=holder,
            vehicle=vehicle,
            category="convencional",
            signed_on=on,
            option="I",
            instalments=18,
            tender=tender,
            checks=CHECKS,
            declarations=DECLARATIONS,
        )


def test_taxi_art_4_vii_a_holder_who_moves_out_of_town_is_refused(ipatinga_m):
    holder, car = taxi_holder(ipatinga_m, TAXI_ON)
    tender = awarded_tender(ipatinga_m, holder)
    before = taxi_check(ipatinga_m, holder, car, tender)
    assert not [r for d in before for r in d.refusals]
    # The one change: the person's address, now in another town.
    with tenant(ipatinga_m):
        holder.city = "Belo Horizonte"
        holder.save(update_fields=["city"])
    after = taxi_check(ipatinga_m, holder, car, tender)
    r = reason(after, "art_4_domicile")
    assert r.verdict is Verdict.REFUSED
    assert cites(r, TAXI_LAW, "4", inciso="VII")


def test_taxi_art_11_a_mototaxi_permission_on_record_bars_the_taxi(ipatinga_m):
    holder, car = taxi_holder(ipatinga_m, TAXI_ON)
    tender = awarded_tender(ipatinga_m, holder)
    before = taxi_check(ipatinga_m, holder, car, tender)
    assert reason(before, "art_11_exclusivity").verdict is Verdict.OK
    # The one change: the registry holds a mototaxi permission of the same person (D-13).
    with tenant(ipatinga_m):
        Permit.objects.create(
            service="mototaxi",
            holder=holder,
            number="MT-0911",
            registration_number=911,
            granted_on=TAXI_ON - dt.timedelta(days=30),
            term_start=TAXI_ON - dt.timedelta(days=30),
            term_end=TAXI_ON + dt.timedelta(days=3650),
        )
    after = taxi_check(ipatinga_m, holder, car, tender)
    r = reason(after, "art_11_exclusivity")
    assert r.verdict is Verdict.REFUSED
    assert cites(r, TAXI_LAW, "11")
    assert "mototáxi" in r.message


def test_taxi_art_12_a_holder_recorded_as_municipal_servant_is_refused(ipatinga_m):
    holder, car = taxi_holder(ipatinga_m, TAXI_ON)
    tender = awarded_tender(ipatinga_m, holder)
    before = taxi_check(ipatinga_m, holder, car, tender)
    assert reason(before, "art_12_no_municipal_servant").verdict is Verdict.OK
    # The one change: the person's record says municipal servant.
    with tenant(ipatinga_m):
        holder.is_public_servant = True
        holder.save(update_fields=["is_public_servant"])
    after = taxi_check(ipatinga_m, holder, car, tender)
    r = reason(after, "art_12_no_municipal_servant")
    assert r.verdict is Verdict.REFUSED
    assert cites(r, TAXI_LAW, "12")


def test_taxi_art_4_xiv_an_auxiliary_who_moves_out_of_town_is_not_renewed(ipatinga_m):
    from registry_factories import grant, taxi_documents

    holder, car = taxi_holder(ipatinga_m, TAXI_ON)
    permit = grant(ipatinga_m, holder, car, mode="servicos")
    helper = person(ipatinga_m, name="Auxiliar Que Se Muda")
    taxi_documents(helper, TAXI_ON)
    aux = taxi_auxiliary_add(
        actor=actor(ipatinga_m.slug, Role.ATENDENTE),
        municipality=ipatinga_m,
        permit=permit,
        person=helper,
        on=TAXI_ON,
        declarations=DECLARATIONS,
        checks=CHECKS,
    )
    renew_on = dt.date(2027, 1, 20)  # before the credential's expiry (02/02/2027)
    taxi_documents(helper, renew_on)

    def renewal():  # type: ignore[no-untyped-def]
        # What ``services.auxiliaries.auxiliary_renew`` asks before renewing (art. 21).
        with tenant(ipatinga_m):
            return auxiliary_renewal_decisions(
                aux, renew_on, schedule="", declarations=DECLARATIONS, checks=CHECKS
            )

    before = renewal()
    assert reason(before, "art_4_xiv_auxiliary_residence").verdict is Verdict.OK
    assert not [r for d in before for r in d.refusals]
    # The one change: the auxiliary's address, now in another town.
    with tenant(ipatinga_m):
        helper.city = "Timóteo"
        helper.save(update_fields=["city"])
    r = reason(renewal(), "art_4_xiv_auxiliary_residence")
    assert r.verdict is Verdict.REFUSED
    assert cites(r, TAXI_LAW, "4", inciso="XIV")


def test_taxi_art_22_viii_a_fresh_criminal_certificate_on_record_is_accepted(ipatinga_m):
    holder, car = taxi_holder(ipatinga_m, TAXI_ON)  # certificate issued TAXI_ON − 5 days
    tender = awarded_tender(ipatinga_m, holder)
    signed_on = TAXI_ON + dt.timedelta(days=40)  # 45 days after it: past the law's 30
    before = taxi_check(ipatinga_m, holder, car, tender, on=signed_on)
    r = reason(before, "art_22_viii_criminal_certificate")
    assert r.verdict is Verdict.REFUSED
    assert cites(r, TAXI_LAW, "22", inciso="VIII")
    # The one change: a certificate issued last week recorded for the person.
    with tenant(ipatinga_m):
        Document.objects.create(
            doc_type=Document.Type.CRIMINAL,
            person=holder,
            issued_on=signed_on - dt.timedelta(days=7),
        )
    after = taxi_check(ipatinga_m, holder, car, tender, on=signed_on)
    assert reason(after, "art_22_viii_criminal_certificate").verdict is Verdict.OK


def test_taxi_art_24_i_the_crlv_of_a_car_sold_to_someone_else_is_refused(ipatinga_m):
    holder, car = taxi_holder(ipatinga_m, TAXI_ON)
    tender = awarded_tender(ipatinga_m, holder)
    before = taxi_check(ipatinga_m, holder, car, tender)
    assert reason(before, "art_24_holder_name").verdict is Verdict.OK
    # The one change: the car's owner on record.
    with tenant(ipatinga_m):
        car.owner = person(ipatinga_m, name="Outro Dono")
        car.save(update_fields=["owner"])
    after = taxi_check(ipatinga_m, holder, car, tender)
    r = reason(after, "art_24_holder_name")
    assert r.verdict is Verdict.REFUSED
    assert cites(r, TAXI_LAW, "24", inciso="I")
    assert cites(r, TAXI_LAW, "24", paragraph="único")


def test_taxi_art_28_i_a_car_registered_in_another_town_is_refused(ipatinga_m):
    holder, car = taxi_holder(ipatinga_m, TAXI_ON)
    tender = awarded_tender(ipatinga_m, holder)
    before = taxi_check(ipatinga_m, holder, car, tender)
    assert reason(before, "art_28_i_registered").verdict is Verdict.OK
    # The one change: the town on the car's registration.
    with tenant(ipatinga_m):
        car.registration_city = "Coronel Fabriciano"
        car.save(update_fields=["registration_city"])
    after = taxi_check(ipatinga_m, holder, car, tender)
    r = reason(after, "art_28_i_registered")
    assert r.verdict is Verdict.REFUSED
    assert cites(r, TAXI_LAW, "28", inciso="I")


@pytest.mark.parametrize("city", ["IPATINGA", " ipatinga "])
def test_taxi_art_28_i_the_town_as_typed_is_still_the_municipality(ipatinga_m, city):
    holder, car = taxi_holder(ipatinga_m, TAXI_ON)
    with tenant(ipatinga_m):
        car.registration_city = city
        car.save(update_fields=["registration_city"])
    after = taxi_check(ipatinga_m, holder, car, awarded_tender(ipatinga_m, holder))
    assert reason(after, "art_28_i_registered").verdict is Verdict.OK


def test_taxi_art_28_i_the_sweep_reads_the_cars_registration_town_from_the_record(ipatinga_m):
    from outorga.registry import sweep

    holder, car = taxi_holder(ipatinga_m, TAXI_ON)
    permit = taxi_permit_grant(
        actor=actor(ipatinga_m.slug, Role.ATENDENTE),
        municipality=ipatinga_m,
        holder=holder,
        vehicle=car,
        category="convencional",
        signed_on=TAXI_ON,
        option="I",
        instalments=18,
        tender=awarded_tender(ipatinga_m, holder),
        checks=CHECKS,
        declarations=DECLARATIONS,
    )
    laws = sweep.Laws(ipatinga_m)
    on = TAXI_ON + dt.timedelta(days=60)

    def ask():  # type: ignore[no-untyped-def]
        with tenant(ipatinga_m):
            facts = sweep.taxi_vehicle_facts(car, permit, TAXI_ON, TAXI_ON)
            return laws.ask("taxi", "vehicle_eligibility", facts, on)

    assert reason(ask(), "art_28_i_registered").verdict is Verdict.OK
    # The one change: the town on the car's registration.
    with tenant(ipatinga_m):
        car.registration_city = "Coronel Fabriciano"
        car.save(update_fields=["registration_city"])
    r = reason(ask(), "art_28_i_registered")
    assert r.verdict is Verdict.REFUSED
    assert cites(r, TAXI_LAW, "28", inciso="I")
    # The sweep's own answer, the car's age (art. 28 II, §2), does not depend on it.
    with tenant(ipatinga_m):
        age = sweep.taxi_vehicle_age(laws, permit, car, on)
    assert not age.over and age.limit_on == dt.date(2032, 6, 1)  # 7 years from the invoice
