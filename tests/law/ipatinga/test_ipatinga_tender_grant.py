"""The tender binds its grants and says who applies: mototaxi art. 6 caput, §1 and §5; taxi art. 3
with art. 6. A grant in a tender's name goes within the places it offered to the applicant its
ranking calls now, and no one else (the refusal names the one called and their place); a taxi
grant also needs a taxi tender, homologated, in the category it offered. Only a natural person
applies to a mototaxi or motofrete tender; a company applies to a taxi one."""

import datetime as dt

import pytest

from outorga.law.citations import cite
from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import ask

MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
ON = dt.date(2026, 3, 10)
ANA = {"name": "Ana Ranqueada", "rank": 1}


def grant(ipatinga, law: str, *, called=ANA, holder_is_called=True, **tender) -> Decision:
    facts = {
        "tender": {
            "number": "L-01/2026",
            "service": "taxi" if law == TAXI else "mototaxi",
            "homologated": True,
            "places": 2,
            "granted": 0,
            "applicants_on_record": True,
            **{k: v for k, v in tender.items() if k != "asked"},
        },
        "called": called,
        "holder_is_called": holder_is_called,
        "holder_ranked_eligible": holder_is_called,
    }
    if "asked" in tender:
        facts["category"] = tender["asked"]
    return ask(f"{law}.tender_grant", ipatinga(ON), facts)


def refused(d: Decision) -> tuple[str, str, set]:
    (r,) = d.refusals
    return r.rule, r.message, set(r.citations)


def test_mototaxi_art_6_par_5_the_grant_to_the_applicant_the_ranking_calls_is_allowed(ipatinga):
    d = grant(ipatinga, MOTO)
    assert d.outcome == {"allowed": True, "awarded": True}
    assert not d.refusals


def test_mototaxi_art_6_par_5_a_grant_to_anyone_else_is_refused_naming_the_one_called(ipatinga):
    d = grant(ipatinga, MOTO, called={"name": "Ana Ranqueada", "rank": 2}, holder_is_called=False)
    assert d.outcome["allowed"] is False
    rule, message, citations = refused(d)
    assert rule == "art_6_par5_tender_ranking_order"
    assert "a outorga segue a ordem de classificação da licitação L-01/2026" in message
    assert "o próximo é Ana Ranqueada (2º lugar)" in message
    assert citations == {cite(MOTO, 6), cite(MOTO, 6, 5)}


def test_mototaxi_art_6_par_5_a_tender_that_ranked_nobody_grants_nobody(ipatinga):
    d = grant(ipatinga, MOTO, called=None, holder_is_called=False)
    _, message, _ = refused(d)
    assert "não há candidato classificado a chamar" in message


def test_mototaxi_art_6_a_tender_without_applicants_on_record_binds_no_order(ipatinga):
    """Older data: a tender recorded without its applicants has no ranking to check."""
    d = grant(ipatinga, MOTO, called=None, holder_is_called=False, applicants_on_record=False)
    assert d.outcome["allowed"] is True
    (order,) = [r for r in d.reasons if r.rule == "art_6_par5_tender_ranking_order"]
    assert order.verdict is Verdict.INFO


@pytest.mark.parametrize(("granted", "allowed"), [(1, True), (2, False)])
def test_mototaxi_art_6_a_tender_grants_no_more_than_its_places(ipatinga, granted, allowed):
    d = grant(ipatinga, MOTO, places=2, granted=granted)
    assert d.outcome["allowed"] is allowed
    if not allowed:
        rule, message, citations = refused(d)
        assert rule == "art_6_tender_places_left"
        assert "todas as vagas da licitação já foram outorgadas" in message
        assert citations == {cite(MOTO, 6)}
        # Out of places, the tender calls nobody: the order is not read.
        assert [r.rule for r in d.reasons] == ["art_6_tender_places_left"]


def test_taxi_art_3_the_grant_to_the_applicant_the_ranking_calls_is_allowed(ipatinga):
    d = grant(ipatinga, TAXI, category="convencional", asked="convencional")
    assert d.outcome == {"allowed": True, "awarded": True}


def test_taxi_art_3_a_grant_to_the_second_ranked_is_refused_naming_the_first(ipatinga):
    d = grant(ipatinga, TAXI, holder_is_called=False)
    rule, message, citations = refused(d)
    assert rule == "taxi_2017.art_3_tender_ranking_order"
    assert "o próximo é Ana Ranqueada (1º lugar)" in message
    assert citations == {cite(TAXI, 3)}


def test_taxi_art_3_a_tender_not_homologated_grants_nobody(ipatinga):
    d = grant(ipatinga, TAXI, homologated=False)
    rule, message, citations = refused(d)
    assert rule == "taxi_2017.art_3_tender_homologated"
    assert "a licitação ainda não foi homologada" in message
    assert citations == {cite(TAXI, 3)}


@pytest.mark.parametrize(
    ("homologated_on", "allowed"),
    [(ON, True), (ON - dt.timedelta(days=1), True), (ON + dt.timedelta(days=1), False)],
)
def test_taxi_art_3_a_tender_homologated_after_the_termo_is_signed_does_not_precede_it(
    ipatinga, homologated_on, allowed
):
    """Art. 3º — mediante processo licitatório: the grant follows the tender's result, so the
    tender is homologated by the day the Termo is signed (the grant's date), not merely by the
    day the grant is recorded."""
    d = ask(
        f"{TAXI}.tender_grant",
        ipatinga(ON),
        {
            "tender": {
                "number": "L-01/2026",
                "service": "taxi",
                "homologated": True,
                "homologated_on": homologated_on.isoformat(),
                "places": 2,
                "granted": 0,
            },
            "grant_on": ON.isoformat(),
            "called": ANA,
            "holder_is_called": True,
        },
    )
    assert d.outcome["allowed"] is allowed
    if not allowed:
        rule, message, citations = refused(d)
        assert rule == "taxi_2017.art_3_tender_homologated"
        assert "homologada em 11/03/2026, depois da outorga de 10/03/2026" in message
        assert citations == {cite(TAXI, 3)}


def test_taxi_art_3_a_tender_of_another_service_grants_no_taxi_permission(ipatinga):
    d = grant(ipatinga, TAXI, service="mototaxi")
    rule, message, _ = refused(d)
    assert rule == "taxi_2017.art_3_tender_of_the_service"
    assert "a licitação não é do serviço de táxi" in message


def test_taxi_art_3_art_6_a_category_the_tender_did_not_offer_is_refused(ipatinga):
    d = grant(ipatinga, TAXI, category="convencional", asked="executivo")
    rule, message, citations = refused(d)
    assert rule == "taxi_2017.art_3_art_6_tender_category_offered"
    assert "ofereceu vagas de táxi convencional, não executivo" in message
    assert citations == {cite(TAXI, 3), cite(TAXI, 6)}


def test_taxi_art_3_a_tender_recorded_without_a_category_takes_the_one_asked(ipatinga):
    assert grant(ipatinga, TAXI, category="", asked="executivo").outcome["allowed"] is True


@pytest.mark.parametrize(("granted", "allowed"), [(1, True), (2, False)])
def test_taxi_art_3_a_tender_grants_no_more_than_its_places(ipatinga, granted, allowed):
    d = grant(ipatinga, TAXI, places=2, granted=granted)
    assert d.outcome["allowed"] is allowed
    if not allowed:
        assert "todas as vagas da licitação já foram outorgadas" in refused(d)[1]


def test_taxi_art_3_awarded_tells_whether_the_holder_is_a_ranked_eligible_applicant(ipatinga):
    d = grant(ipatinga, TAXI, called=None, holder_is_called=False)
    assert d.outcome["awarded"] is False


def applicant(ipatinga, law: str, service: str, kind: str) -> Decision:
    return ask(f"{law}.tender_applicant", ipatinga(ON), {"service": service, "person_kind": kind})


@pytest.mark.parametrize("service", ["mototaxi", "motofrete"])
def test_mototaxi_art_6_par_1_a_company_does_not_apply_to_the_tender(ipatinga, service):
    d = applicant(ipatinga, MOTO, service, "juridica")
    assert d.outcome == {"allowed": False}
    rule, message, citations = refused(d)
    assert rule == "art_6_par1_tender_applicant_natural_person"
    assert "mototáxi e motofrete só para pessoa física" in message
    assert citations == {cite(MOTO, 6, 1)}


@pytest.mark.parametrize("service", ["mototaxi", "motofrete"])
def test_mototaxi_art_6_par_1_a_natural_person_applies(ipatinga, service):
    assert applicant(ipatinga, MOTO, service, "fisica").outcome == {"allowed": True}


@pytest.mark.parametrize("kind", ["fisica", "juridica"])
def test_taxi_art_3_a_natural_or_a_legal_person_applies(ipatinga, kind):
    d = applicant(ipatinga, TAXI, "taxi", kind)
    assert d.outcome == {"allowed": True}
    assert d.citations == (cite(TAXI, 3),)
