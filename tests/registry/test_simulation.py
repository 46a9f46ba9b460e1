"""Simulating an amendment over the registry (issue #21): the vehicle age of mototaxi art. 3 II
(D-6) lowered from 10 to 8 years and a new IBGE figure for the quota of art. 10 I (D-7), judged
over every permit in force — counts equal to the decisions asked one by one, from the records, by
the question the sweep asks; nothing written; the law in force untouched."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

import pytest
from django.db import connection
from django.test import Client
from registry_factories import (
    MOTO_ON,
    awarded_tender,
    make_applicant,
    moto_vehicle,
    person,
    taxi_permit,
)

from outorga.core.lawctx import facts_for
from outorga.core.lawseam import Asker
from outorga.core.models import Act, ParameterOverride, PopulationFigure
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.law.simulation import amended, from_json
from outorga.registry.facts import ACTIVE_STATUSES, mototaxi_vehicle, taxi_vehicle
from outorga.registry.models import Permit, Service, TenderApplicant
from outorga.registry.services.tenders import applicant_facts
from outorga.registry.simulation import simulate

ON = dt.date(2026, 8, 1)
PROPOSAL = {
    "title": "Projeto de Lei 12/2026",
    "parameters": [
        {"name": "mototaxi_2013.vehicle.max_age_years", "effective": "2026-07-01", "value": 8}
    ],
    "populations": [{"value": 300_000, "reference_year": 2025, "effective": "2026-07-01"}],
}
YEARS = (2014, 2015, 2016, 2017, 2018, 2019)


@pytest.fixture
def registry(ipatinga_m):
    """Mototaxi and motofrete permits in force with vehicles of 2014–2019, and one extinct."""
    with tenant(ipatinga_m):
        for i, year in enumerate(YEARS * 2):
            holder = person(ipatinga_m)
            vehicle = moto_vehicle(ipatinga_m, holder)
            vehicle.manufacture_year = year
            vehicle.save(update_fields=["manufacture_year"])
            Permit.objects.create(
                service=Service.MOTOTAXI if i % 2 else Service.MOTOFRETE,
                holder=holder,
                vehicle=vehicle,
                number=f"SIM-{i}",
                registration_number=9000 + i,
                granted_on=dt.date(2024, 1, 10),
                term_start=dt.date(2024, 1, 10),
                term_end=dt.date(2034, 1, 9),
                status=Permit.Status.EXTINCT if i == 0 else Permit.Status.ACTIVE,
            )
    return ipatinga_m


def age_refused_one_by_one(m, asker: Asker) -> dict[int, bool]:
    """Each permit in force asked alone, with the facts the registry builds from its records, the
    full vehicle eligibility question — what the sweep reads for art. 3 II."""
    out = {}
    with tenant(m):
        for p in Permit.objects.filter(status__in=ACTIVE_STATUSES, vehicle__isnull=False):
            # The oracle builds the facts itself, argument by argument, not with the helper the
            # sweep uses (registry.facts.mototaxi_permit_vehicle), so that it can catch that one.
            facts = mototaxi_vehicle(
                p.vehicle,
                service=p.service,
                equipment=[],
                holder=p.holder,
                permit=p,
                on=ON,
                insurance=False,
            )
            d = asker.ask(p.service, "vehicle_eligibility", facts, ON)
            rule = next(r for r in d.reasons if r.rule.endswith("art_3_ii_age"))
            out[p.pk] = str(rule.verdict) == "refused"
    return out


def table_counts() -> dict[str, int]:
    with connection.cursor() as cur:
        counts = {}
        for table in connection.introspection.table_names(cur):
            # The names come from the database's own catalogue, quoted by its backend.
            cur.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")  # noqa: S608
            counts[table] = cur.fetchone()[0]
        return counts


def test_counts_equal_the_decisions_asked_one_by_one(registry):
    m = registry
    proposal = from_json(PROPOSAL, m.laws)
    sim = simulate(m, proposal, ON)
    with tenant(m):
        in_force = age_refused_one_by_one(m, Asker(m))
        proposed = age_refused_one_by_one(m, Asker(m, amended(facts_for(m), proposal)))
    assert sim.permits_checked == len(in_force)
    assert sim.over_age_in_force == sum(in_force.values())
    assert sim.over_age_proposal == sum(proposed.values())
    irregular = {pk for pk in in_force if proposed[pk] and not in_force[pk]}
    regular = {pk for pk in in_force if in_force[pk] and not proposed[pk]}
    assert {c.permit_id for c in sim.changes if c.becomes == "irregular"} == irregular
    assert {c.permit_id for c in sim.changes if c.becomes == "regular"} == regular
    # 2016 and 2017 (10 and 9 years in 2026): within 10, over 8 — in both services.
    ours = {c.number for c in sim.changes}
    with tenant(m):
        expected = set(
            Permit.objects.filter(
                number__startswith="SIM-",
                status=Permit.Status.ACTIVE,
                vehicle__manufacture_year__in=(2016, 2017),
            ).values_list("number", flat=True)
        )
    assert expected and expected <= ours
    change = next(c for c in sim.changes if c.number in expected)
    assert "máximo 10" in change.in_force.text and "no máximo 8" in change.proposal.text
    assert "art. 3, II" in change.in_force.citations and "art. 3, II" in change.proposal.citations


def test_the_quota_of_art_10_i_follows_the_proposed_population(registry):
    sim = simulate(registry, from_json(PROPOSAL, registry.laws), ON)
    moto = next(q for q in sim.quotas if q.service == "mototaxi")
    assert (moto.in_force, moto.proposal) == (227_731 // 300, 300_000 // 300)
    assert "art. 10, I" in moto.proposal_reading.citations
    frete = next(q for q in sim.quotas if q.service == "motofrete")
    assert (frete.in_force, frete.proposal) == (None, None)  # art. 10 II: no limit


def test_a_proposed_fine_in_ufpi_is_converted_at_the_unit_in_force_art_40_d5(registry):
    raised = {
        "title": "PL das multas",
        "parameters": [
            {"name": "mototaxi_2013.fines.grave", "effective": "2026-07-01", "value": 5}
        ],
    }
    sim = simulate(registry, from_json(raised, registry.laws), ON)
    fines = {f.severity: f for f in sim.fines if f.service == "mototaxi"}
    assert set(fines) == {"leve", "média", "grave", "gravíssima"}
    grave = fines["grave"]
    # Art. 40 §1: 3 UFPI in force, 5 proposed — the same UFPI value on the date (D-5).
    assert grave.in_force * 5 == grave.proposal * 3 and grave.in_force > 0
    assert fines["leve"].in_force == fines["leve"].proposal
    assert "art. 40, §1" in grave.proposal_reading.citations


def test_an_applicant_with_three_years_of_cnh_a_fails_a_proposed_five_art_5_ii(
    ipatinga_m, clerk, tender
):
    with tenant(ipatinga_m):
        three, _ = make_applicant(ipatinga_m, clerk, n=1, a_since=dt.date(2023, 1, 1))
        ten, _ = make_applicant(ipatinga_m, clerk, n=2, a_since=dt.date(2016, 1, 1))
        for p in (three, ten):
            TenderApplicant.objects.create(tender=tender, person=p)
    five = {
        "title": "PL da habilitação",
        "parameters": [
            {"name": "mototaxi_2013.person.cnh_a_min_years", "effective": "2026-01-01", "value": 5}
        ],
    }
    sim = simulate(ipatinga_m, from_json(five, ipatinga_m.laws), MOTO_ON)
    assert sim.applicants_checked == 2
    # Under the law in force no requirement refuses either (what the records lack is pending);
    # under the proposal the one with three years is refused by art. 5 II, the other is not.
    assert [(c.person, c.proposal) for c in sim.applicants] == [(three.name, "refused")]
    change = sim.applicants[0]
    assert change.in_force != "refused"
    assert change.becomes == "não elegível"
    assert "art. 5, II" in change.proposal_reading.citations


def test_what_the_date_lacks_is_named_not_simulated_d7_d15(ipatinga_m):
    proposal = from_json(PROPOSAL, ipatinga_m.laws)
    # 2020: the law is bound, but no IBGE figure is in force before 28/06/2023 (D-7).
    before_census = simulate(ipatinga_m, proposal, dt.date(2020, 1, 1))
    assert not before_census.quotas
    assert any(n.startswith("vagas: ") and "população" in n for n in before_census.not_simulated)
    # 2010: no law governed the services yet (D-15).
    before_law = simulate(ipatinga_m, proposal, dt.date(2010, 1, 1))
    assert before_law.permits_checked == 0
    assert any("nenhuma lei o rege em 01/01/2010" in n for n in before_law.not_simulated)


def test_nothing_is_written_and_the_law_in_force_is_untouched(registry):
    m = registry
    before = table_counts()
    with tenant(m):
        acts = Act.objects.count()
    sim = simulate(m, from_json(PROPOSAL, m.laws), ON)
    assert sim.changes  # it did find changes…
    assert table_counts() == before  # …and wrote no row anywhere
    with tenant(m):
        assert Act.objects.count() == acts
        assert not ParameterOverride.objects.filter(name="mototaxi_2013.vehicle.max_age_years")
        assert not PopulationFigure.objects.filter(value=300_000)
    again = simulate(m, from_json({**PROPOSAL, "populations": []}, m.laws), ON)
    assert again.over_age_in_force == sim.over_age_in_force


def post(client: Client, body: dict):
    return client.post(
        "/api/v1/registry/simulations", data=json.dumps(body), content_type="application/json"
    )


def test_api_answers_the_administrator_and_refuses_the_others(registry, user_of):
    admin = Client()
    admin.force_login(user_of("ipatinga", Role.ADMIN))
    r = post(admin, {**PROPOSAL, "on": ON.isoformat()})
    assert r.status_code == 200
    body = r.json()
    sim = simulate(registry, from_json(PROPOSAL, registry.laws), ON)
    assert body["became_irregular"] == sim.became_irregular
    assert body["changes_total"] == len(sim.changes) == len(body["changes"])
    assert body["changes"][0]["in_force"]["citations"]
    # Mototaxi's and the taxi's fines share their natures' names: each says whose law it is.
    assert {f["service"] for f in body["fines"]} == {"mototaxi", "taxi"}
    clerk = Client()
    clerk.force_login(user_of("ipatinga", Role.ATENDENTE))
    assert post(clerk, {**PROPOSAL, "on": ON.isoformat()}).status_code == 403
    wrong = {
        **PROPOSAL,
        "on": ON.isoformat(),
        "parameters": [{**PROPOSAL["parameters"][0], "value": "oito"}],
    }
    refused = post(admin, wrong)
    assert refused.status_code == 422
    assert "parameters[0].value" in json.dumps(refused.json(), ensure_ascii=False)


def test_the_page_shows_the_result_and_exports_every_change_as_csv(registry, user_of):
    admin = Client()
    admin.force_login(user_of("ipatinga", Role.ADMIN))
    assert admin.get("/cadastro/simulacao/").status_code == 200
    form = {
        "title": "Projeto de Lei 12/2026",
        "on": ON.isoformat(),
        "name_1": "mototaxi_2013.vehicle.max_age_years",
        "value_1": "8",
        "effective_1": "2026-07-01",
        "population": "300000",
        "population_year": "2025",
        "population_effective": "2026-07-01",
    }
    page = admin.post("/cadastro/simulacao/", form)
    assert page.status_code == 200
    text = page.content.decode()
    sim = simulate(registry, from_json(PROPOSAL, registry.laws), ON)
    assert f"<strong>{sim.became_irregular}</strong> passam a ser irregulares" in text
    assert "Lei em vigor × proposta" in text  # the chart
    exported = admin.post("/cadastro/simulacao/", {**form, "csv": "1"})
    assert exported["Content-Type"].startswith("text/csv")
    text = b"".join(exported.streaming_content).decode()
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert len(rows) == 1 + len(sim.changes)
    assert {r[0] for r in rows[1:]} == {c.number for c in sim.changes}
    bad = admin.post("/cadastro/simulacao/", {**form, "value_1": "oito"})
    assert "número inválido: use vírgula para os decimais" in bad.content.decode()
    clerk = Client()
    clerk.force_login(user_of("ipatinga", Role.ATENDENTE))
    assert clerk.get("/cadastro/simulacao/").status_code == 403


TAXI_PROPOSAL = {
    "title": "Projeto de Lei 13/2026: táxis com até 5 anos",
    "parameters": [
        {"name": "taxi_2017.vehicle_max_age_years", "effective": "2026-07-01", "value": 5}
    ],
}


def taxi_age_refused_one_by_one(m, asker: Asker) -> dict[int, bool]:
    """Each taxi in force asked alone the full vehicle question, as at its yearly renewal, with the
    facts the registry builds from its records (no Termo: the renewal comes back to the grant):
    the verdict of its age rule (art. 28, II or §2)."""
    rules = {"taxi_2017.art_28_par_2_until_renewal", "taxi_2017.art_28_ii_max_age"}
    out = {}
    with tenant(m):
        for p in Permit.objects.filter(
            service="taxi", status__in=ACTIVE_STATUSES, vehicle__isnull=False
        ):
            facts = taxi_vehicle(
                p.vehicle,
                category=p.taxi_category,
                on=ON,
                occasion="renovacao",
                renewal_anchor=p.granted_on,
            )
            d = asker.ask("taxi", "vehicle_eligibility", facts, ON)
            (rule,) = [r for r in d.reasons if r.rule in rules]
            out[p.pk] = str(rule.verdict) == "refused"
    return out


def test_art_28_ii_par_2_taxis_over_a_proposed_age_count_as_each_asked_alone(ipatinga_m):
    """Granted on 01/01/2025 (the yearly renewal comes back to that day), judged on 01/08/2026:
    seven years from 1 January of the year or from the factory invoice, the limit reached, the
    car runs until the next renewal (art. 28, §2; D-6). Five years turn the 2020 and 2021 cars
    irregular; the 2021 car invoiced on 15/09/2021 reaches five years only on 15/09/2026."""
    m = ipatinga_m
    cars = {}
    for year, invoice in (
        (2019, None),
        (2020, None),
        (2021, None),
        (2021, "2021-09-15"),
        (2022, None),
    ):
        p = taxi_permit(m)
        with tenant(m):
            p.vehicle.manufacture_year = year
            p.vehicle.invoice_date = dt.date.fromisoformat(invoice) if invoice else None
            p.vehicle.save(update_fields=["manufacture_year", "invoice_date"])
        cars[p.pk] = (year, invoice)
    proposal = from_json(TAXI_PROPOSAL, m.laws)
    sim = simulate(m, proposal, ON)
    assert not any("táxi" in n and "idade" in n for n in sim.not_simulated)
    in_force = taxi_age_refused_one_by_one(m, Asker(m))
    proposed = taxi_age_refused_one_by_one(m, Asker(m, amended(facts_for(m), proposal)))
    taxis = {c.permit_id: c for c in sim.changes if c.service == "taxi"}
    assert set(taxis) == {pk for pk in in_force if in_force[pk] != proposed[pk]}
    assert {cars[pk] for pk in taxis} == {(2020, None), (2021, None)}
    assert all(c.becomes == "irregular" for c in taxis.values())
    assert [pk for pk, over in in_force.items() if over] == [
        pk for pk, car in cars.items() if car == (2019, None)
    ]
    change = next(iter(taxis.values()))
    assert "art. 28" in change.proposal.citations and "5 anos" in change.proposal.text


def test_art_6_and_11_taxi_applicants_are_judged_and_a_holder_stays_refused_by_art_11(ipatinga_m):
    """The taxi applicants of a live tender are judged on both sides (art. 3–12). A proposal of
    two taxi permits per person (art. 6, a dated parameter) lifts art. 6's refusal of an
    applicant who already holds one, but art. 11 still bars any other permission to a holder:
    the applicant stays refused, so the simulation lists no change — as the law reads."""
    m = ipatinga_m
    holder = taxi_permit(m).holder
    with tenant(m):
        newcomer = person(m)
    tender = awarded_tender(m, holder, newcomer)
    proposal = from_json(
        {
            "title": "Projeto de Lei 14/2026: duas permissões de táxi por pessoa",
            "parameters": [
                {"name": "taxi_2017.max_permits_per_holder", "effective": "2026-07-01", "value": 2}
            ],
        },
        m.laws,
    )
    sim = simulate(m, proposal, ON)
    assert not any("candidatos" in n for n in sim.not_simulated)
    assert (sim.applicants_checked, sim.applicants) == (2, [])
    with tenant(m):
        applicant = TenderApplicant.objects.get(tender=tender, person=holder)
        facts = applicant_facts(applicant, ON)
        now = Asker(m).ask("taxi", "person_eligibility", facts, ON)
        then = Asker(m, amended(facts_for(m), proposal)).ask(
            "taxi", "person_eligibility", facts, ON
        )
    assert "taxi_2017.art_6_one_permission" in {r.rule for r in now.refusals}
    assert "taxi_2017.art_6_one_permission" not in {r.rule for r in then.refusals}
    assert "taxi_2017.art_11_exclusivity" in {r.rule for r in then.refusals}


def test_art_41_par_2_a_proposed_taxi_fine_in_ufpi_is_read_from_the_penalty_d5(ipatinga_m):
    """The taxi law has no fine question: its fine is the penalty's (art. 41 §2, by nature in
    UFPI, converted at the UFPI of the day it is imposed, D-5). 150 UFPI in force for a grave
    infraction, 300 proposed; the other natures unchanged; the reading is the fine's own."""
    raised = {
        "title": "PL das multas de táxi",
        "parameters": [
            {"name": "taxi_2017.fine_grave_ufpi", "effective": "2026-07-01", "value": 300}
        ],
    }
    sim = simulate(ipatinga_m, from_json(raised, ipatinga_m.laws), ON)
    assert not any("multas de táxi" in n for n in sim.not_simulated)
    taxi = {f.severity: f for f in sim.fines if f.service == "taxi"}
    assert set(taxi) == {"leve", "média", "grave", "gravíssima"}
    grave = taxi["grave"]
    assert grave.in_force * 2 == grave.proposal and grave.in_force > 0
    assert taxi["leve"].in_force == taxi["leve"].proposal
    assert "art. 41, §2" in grave.proposal_reading.citations
    assert (
        "300 UFPI" in grave.proposal_reading.text
        and "notificação" not in grave.proposal_reading.text
    )
