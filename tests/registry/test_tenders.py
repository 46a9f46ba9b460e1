"""Tenders (licitação): places within the free quota on the opening date, eligibility per applicant
with reasons, the commission's ranking, homologation, grants in ranking order."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import (
    CHECKS,
    DECLARATIONS,
    EQUIPMENT,
    actor,
    make_applicant,
    person,
    taxi_documents,
    taxi_vehicle,
)

from outorga.core.errors import Refused
from outorga.core.localtime import today_of
from outorga.core.models import Act, PopulationFigure
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import Permit, Tender, TenderApplicant
from outorga.registry.services.common import InvalidTransition
from outorga.registry.services.tender_grants import tender_grant
from outorga.registry.services.tenders import (
    tender_apply,
    tender_create,
    tender_evaluate,
    tender_homologate,
    tender_rank,
)
from outorga.registry.validation import FieldError

OPEN = dt.date(2026, 2, 1)
HOMOLOGATION = dt.date(2026, 3, 5)
GRANT = dt.date(2026, 3, 10)


def boss(m):
    return actor(m.slug, Role.AUTORIDADE)


def taxi_tender(m, number, places):
    """A tender of the convencional taxi category opened on ``OPEN`` by the authority."""
    return tender_create(
        actor=boss(m),
        municipality=m,
        service="taxi",
        taxi_category="convencional",
        number=number,
        places=places,
        opened_on=OPEN,
    )


def limit_taxi_quota(m, free):
    with tenant(m):
        active = Permit.objects.filter(service="taxi", status="active").count()
        PopulationFigure.objects.create(
            value=1200 * (active + free),
            reference_year=2025,
            effective=dt.date(2026, 1, 1),
            source="t",
        )


def test_places_over_the_free_quota_are_refused(ipatinga_m):
    m = ipatinga_m
    limit_taxi_quota(m, 3)
    with pytest.raises(Refused) as exc:
        taxi_tender(m, "T-4", 4)
    r = exc.value.decision.refusals[0]
    assert any(c.article == "3" and c.paragraph == "1" for c in r.citations)
    tender = taxi_tender(m, "T-3", 3)
    assert tender.places == 3
    # Places promised by a live tender are not free for another one.
    with pytest.raises(Refused) as exc:
        taxi_tender(m, "T-1", 1)
    r = exc.value.decision.refusals[0]
    assert any(c.article == "3" and c.paragraph == "1" for c in r.citations)


def test_art_3_par_1_the_tenders_places_are_the_laws_answer_kept_with_the_act(ipatinga_m):
    """The law core judges the places against the quota (taxi art. 3 with §1: ``tender_places``);
    the registry gives it the facts of its records — active permits, places promised by the
    tenders in progress — and keeps its answer with the act, or its refusal."""
    m = ipatinga_m
    limit_taxi_quota(m, 3)
    with pytest.raises(Refused) as exc:
        taxi_tender(m, "T-4", 4)
    refused = exc.value.decision
    assert refused.question == "ipatinga.taxi-2017.tender_places"
    assert refused.refusals[0].rule == "taxi_2017.art_3_par_1_tender_places_within_quota"
    tender = taxi_tender(m, "T-2", 2)
    with tenant(m):
        act = Act.objects.filter(action="tender.create", object_id=str(tender.pk)).get()
    answered = act.record["basis"]["decision"]
    assert answered["question"] == "ipatinga.taxi-2017.tender_places"
    assert answered["outcome"]["free"] == 3 and answered["outcome"]["promised"] == 0


def test_mototaxi_places_follow_art_10_i_and_motofrete_is_unlimited(ipatinga_m):
    m = ipatinga_m
    with tenant(m):
        active = Permit.objects.filter(service="mototaxi", status="active").count()
    free = 227_731 // 300 - active
    with pytest.raises(Refused) as exc:
        tender_create(
            actor=boss(m),
            municipality=m,
            service="mototaxi",
            number="M-1",
            places=free + 1,
            opened_on=OPEN,
        )
    assert any(c.article == "10" for c in exc.value.decision.refusals[0].citations)
    t = tender_create(
        actor=boss(m),
        municipality=m,
        service="motofrete",
        number="F-1",
        places=5000,
        opened_on=OPEN,
    )
    assert t.places == 5000


def test_only_the_authority_opens_a_tender(ipatinga_m):
    m = ipatinga_m
    with pytest.raises(NotCompetent):
        tender_create(
            actor=actor(m.slug, Role.ATENDENTE),
            municipality=m,
            service="taxi",
            number="T-X",
            places=1,
            opened_on=OPEN,
        )


def test_taxi_tender_end_to_end_grants_in_ranking_order(ipatinga_m):
    m = ipatinga_m
    limit_taxi_quota(m, 5)
    tender = taxi_tender(m, "T-10", 2)
    people = [person(m, name=f"Candidato {i}") for i in range(4)]
    servant = person(m, name="Servidor", is_public_servant=True)
    applicants = {}
    for p in [*people, servant]:
        taxi_documents(p, GRANT)
        applicants[p.pk] = tender_apply(
            actor=actor(m.slug, Role.ATENDENTE), municipality=m, tender=tender, person=p
        )
    evaluated = tender_evaluate(actor=boss(m), municipality=m, tender=tender, on=OPEN)
    by_person = {a.person_id: a for a in evaluated}
    assert by_person[servant.pk].eligible is False  # art. 12
    assert "12" in str(by_person[servant.pk].decision["eligibility"]["citations"])
    assert all(by_person[p.pk].eligible for p in people)
    with pytest.raises(FieldError):  # an ineligible applicant cannot be ranked
        tender_rank(
            actor=boss(m),
            municipality=m,
            tender=tender,
            ranking=[applicants[servant.pk].pk, *(applicants[p.pk].pk for p in people)],
        )
    # The commission ranks candidate 3 first, then 1, 0, 2.
    order = [people[3], people[1], people[0], people[2]]
    tender_rank(
        actor=boss(m), municipality=m, tender=tender, ranking=[applicants[p.pk].pk for p in order]
    )
    with pytest.raises(InvalidTransition):  # no grant before homologation
        tender_grant(actor=boss(m), municipality=m, tender=tender, on=GRANT, grants={})
    tender_homologate(actor=boss(m), municipality=m, tender=tender, on=HOMOLOGATION)
    # The first-ranked brings a white car: refused (art. 27), the next ones are called.
    vehicles = {
        p.pk: taxi_vehicle(m, p, colour="branca" if p is people[3] else "prata") for p in people
    }
    grants = {
        applicants[p.pk].pk: {
            "vehicle": vehicles[p.pk].pk,
            "option": "I",
            "instalments": 12,
            "checks": CHECKS,
            "declarations": DECLARATIONS,
        }
        for p in people
    }
    done = tender_grant(actor=boss(m), municipality=m, tender=tender, on=GRANT, grants=grants)
    assert [a.person_id for a in done] == [people[3].pk, people[1].pk, people[0].pk]
    assert done[0].decision["grant"]["granted"] is False
    assert "art. 27" in str(done[0].decision["grant"]["decision"]["citations"])
    with tenant(m):
        holders = set(Permit.objects.filter(tender=tender).values_list("holder_id", flat=True))
        tender.refresh_from_db()
    assert holders == {people[1].pk, people[0].pk}  # people[2] is ranked after the places ran out
    assert tender.status == Tender.Status.CLOSED
    with tenant(m):
        assert Act.objects.filter(action="tender.close", object_id=str(tender.pk)).exists()


def _open_tender(m, service, number, **kw):
    """A tender of 2 places opened on ``OPEN`` (taxi: of the convencional category, the quota
    leaving 5 free)."""
    if service == "taxi":
        limit_taxi_quota(m, 5)
        kw.setdefault("taxi_category", "convencional")
    return tender_create(
        actor=boss(m),
        municipality=m,
        service=service,
        number=number,
        places=2,
        opened_on=OPEN,
        **kw,
    )


def _ranked_and_homologated(m, tender, people):
    """``people`` applied, judged, ranked in that order and the tender homologated."""
    apps = [
        tender_apply(actor=actor(m.slug, Role.ATENDENTE), municipality=m, tender=tender, person=p)
        for p in people
    ]
    tender_evaluate(actor=boss(m), municipality=m, tender=tender, on=OPEN)
    tender_rank(actor=boss(m), municipality=m, tender=tender, ranking=[x.pk for x in apps])
    tender_homologate(actor=boss(m), municipality=m, tender=tender, on=HOMOLOGATION)
    return apps


def test_the_ranking_is_never_skipped(ipatinga_m):
    m = ipatinga_m
    tender = _open_tender(m, "taxi", "T-11")
    a, b = person(m), person(m)
    apps = _ranked_and_homologated(m, tender, [a, b])
    taxi_documents(b, GRANT)
    grants = {
        apps[1].pk: {
            "vehicle": taxi_vehicle(m, b).pk,
            "checks": CHECKS,
            "declarations": DECLARATIONS,
        }
    }
    done = tender_grant(actor=boss(m), municipality=m, tender=tender, on=GRANT, grants=grants)
    assert done == []  # the first-ranked has no data yet: nobody after them is granted
    with tenant(m):
        assert not Permit.objects.filter(tender=tender).exists()


@pytest.mark.parametrize(
    ("homologated_on", "granted"), [(dt.date(2026, 2, 4), True), (dt.date(2026, 2, 3), False)]
)
def test_mototaxi_art_5_par_2_medical_certificate_presented_within_30_days_of_homologation(
    ipatinga_m, homologated_on, granted
):
    """The helper's medical certificate is presented on 06/03/2026."""
    m = ipatinga_m
    clerk = actor(m.slug, Role.ATENDENTE)
    tender = tender_create(
        actor=boss(m),
        municipality=m,
        service="mototaxi",
        number="M-7",
        places=2,
        opened_on=dt.date(2026, 1, 5),
    )
    fresh, v1 = make_applicant(m, clerk, n=901, plate="MTH9A01")
    apps = [tender_apply(actor=clerk, municipality=m, tender=tender, person=fresh)]
    tender_evaluate(actor=boss(m), municipality=m, tender=tender, on=GRANT)
    tender_rank(actor=boss(m), municipality=m, tender=tender, ranking=[apps[0].pk])
    tender_homologate(actor=boss(m), municipality=m, tender=tender, on=homologated_on)
    grants = {
        apps[0].pk: {
            "vehicle": v1.pk,
            "term_years": 10,
            "decree": "Decreto 9/2026",
            "equipment": EQUIPMENT,
        }
    }
    done = tender_grant(actor=boss(m), municipality=m, tender=tender, on=GRANT, grants=grants)
    assert done[0].decision["grant"]["granted"] is granted
    if not granted:
        assert "art. 5, §2" in str(done[0].decision["grant"]["decision"]["citations"])


@pytest.mark.parametrize("service", ["mototaxi", "motofrete"])
def test_mototaxi_art_6_par_1_a_company_does_not_apply_and_the_refusal_is_logged(
    ipatinga_m, service
):
    """Art. 6 §1: mototaxi and motofrete permissions only to a natural person — the law's
    ``tender_applicant`` refuses the company, naming the applicant and the article."""
    m = ipatinga_m
    tender = _open_tender(m, service, f"M-{service}")
    company = person(m, legal=True)
    with pytest.raises(FieldError) as exc:
        tender_apply(
            actor=actor(m.slug, Role.ATENDENTE), municipality=m, tender=tender, person=company
        )
    assert exc.value.field == "candidato"
    assert "mototáxi e motofrete só para pessoa física" in exc.value.message
    assert exc.value.citation.endswith("art. 6, §1")
    with tenant(m):
        assert not tender.applicants.exists()
        act = Act.objects.get(action="tender.apply", outcome="refused")
    assert act.record["payload"]["new"]["person"] == company.pk


def test_taxi_art_3_a_company_applies_to_a_taxi_tender(ipatinga_m):
    """Art. 3: the taxi permission goes to a natural or a legal person; the admission is the
    law's answer, kept with the act."""
    m = ipatinga_m
    tender = _open_tender(m, "taxi", "T-PJ")
    company = person(m, legal=True)
    applicant = tender_apply(
        actor=actor(m.slug, Role.ATENDENTE), municipality=m, tender=tender, person=company
    )
    with tenant(m):
        act = Act.objects.get(action="tender.apply", object_id=str(applicant.pk))
    assert act.outcome == "done"
    assert any(c.endswith("art. 3") for c in act.record["basis"]["citations"])


def test_art_3_calling_the_second_ranked_first_is_refused_and_logged(ipatinga_m):
    """Art. 3: the grant goes to the applicant the ranking calls now; choosing another is refused
    naming the one called and their place, and kept in the acts log."""
    from outorga.registry.services.tender_grants import tender_grant_next

    m = ipatinga_m
    tender = _open_tender(m, "taxi", "T-12")
    a, b = person(m), person(m)
    apps = _ranked_and_homologated(m, tender, [a, b])
    with pytest.raises(FieldError) as exc:
        tender_grant_next(
            actor=boss(m),
            municipality=m,
            tender=tender,
            applicant_id=apps[1].pk,
            on=GRANT,
            params={"vehicle": taxi_vehicle(m, b).pk},
        )
    assert exc.value.field == "candidato"
    assert "a outorga segue a ordem de classificação" in exc.value.message
    assert f"o próximo é {a.name} (1º lugar)" in exc.value.message
    assert exc.value.citation.endswith("art. 3")
    with tenant(m):
        assert not Permit.objects.filter(tender=tender).exists()
        act = Act.objects.get(action="tender.grant_refused", outcome="refused")
    assert (
        act.object_id == str(tender.pk) and act.record["payload"]["new"]["applicant"] == apps[1].pk
    )


def test_mototaxi_art_5_par_2_the_homologation_is_not_dated_on_a_day_to_come(ipatinga_m):
    """The homologation is the day the medical certificates (mototaxi art. 5 §2) and the grants
    (art. 6; taxi art. 3) are measured against: one dated after the municipality's today (a
    mistyped year) is refused naming the date, and the tender stays ranked."""
    m = ipatinga_m
    tender = _open_tender(m, "taxi", "T-H1")
    apps = [
        tender_apply(actor=actor(m.slug, Role.ATENDENTE), municipality=m, tender=tender, person=p)
        for p in (person(m), person(m))
    ]
    tender_evaluate(actor=boss(m), municipality=m, tender=tender, on=OPEN)
    tender_rank(actor=boss(m), municipality=m, tender=tender, ranking=[x.pk for x in apps])
    tomorrow = today_of(m) + dt.timedelta(days=1)
    with pytest.raises(FieldError, match="não pode estar no futuro") as refused:
        tender_homologate(actor=boss(m), municipality=m, tender=tender, on=tomorrow)
    assert refused.value.field == "homologação" and f"{tomorrow:%d/%m/%Y}" in str(refused.value)
    with tenant(m):
        tender.refresh_from_db()
    assert (tender.status, tender.homologated_on) == (Tender.Status.RANKED, None)
    tender_homologate(actor=boss(m), municipality=m, tender=tender, on=today_of(m))
    with tenant(m):
        tender.refresh_from_db()
    assert tender.status == Tender.Status.HOMOLOGATED


def _applied_tender(m, number):
    """A taxi tender opened on ``OPEN`` with two applicants enrolled, not yet evaluated."""
    tender = _open_tender(m, "taxi", number)
    for p in (person(m), person(m)):
        tender_apply(actor=actor(m.slug, Role.ATENDENTE), municipality=m, tender=tender, person=p)
    return tender


def _evaluated(m, tender):
    with tenant(m):
        return list(
            TenderApplicant.objects.filter(tender=tender).values_list("eligible", flat=True)
        )


def test_taxi_art_3_the_habilitation_is_not_dated_before_the_tender_opened(ipatinga_m):
    """The applicants are judged in the tender (taxi art. 3; mototaxi art. 6), which exists from
    its opening: a habilitação dated the day before is refused naming both dates, nothing stored;
    on the opening day itself it is judged."""
    m = ipatinga_m
    tender = _applied_tender(m, "T-E1")
    before = OPEN - dt.timedelta(days=1)
    with pytest.raises(FieldError, match="anterior à abertura") as refused:
        tender_evaluate(actor=boss(m), municipality=m, tender=tender, on=before)
    assert refused.value.field == "habilitação"
    assert f"{before:%d/%m/%Y}" in str(refused.value) and f"{OPEN:%d/%m/%Y}" in str(refused.value)
    assert _evaluated(m, tender) == [None, None]
    tender_evaluate(actor=boss(m), municipality=m, tender=tender, on=OPEN)
    assert None not in _evaluated(m, tender)


def test_taxi_art_3_the_habilitation_is_not_dated_on_a_day_to_come(ipatinga_m):
    """The requirements are measured on the habilitação's day (the documents valid then, the
    bars then in force): one dated after the municipality's today (a mistyped year) is refused
    naming the date, nothing stored; today is judged."""
    m = ipatinga_m
    tender = _applied_tender(m, "T-E2")
    tomorrow = today_of(m) + dt.timedelta(days=1)
    with pytest.raises(FieldError, match="não pode estar no futuro") as refused:
        tender_evaluate(actor=boss(m), municipality=m, tender=tender, on=tomorrow)
    assert refused.value.field == "habilitação" and f"{tomorrow:%d/%m/%Y}" in str(refused.value)
    assert _evaluated(m, tender) == [None, None]
    tender_evaluate(actor=boss(m), municipality=m, tender=tender, on=today_of(m))
    assert None not in _evaluated(m, tender)
