"""The taxi renewal through the API takes the yearly inspection's findings, as the screen does
(taxi art. 28 IV–VI, art. 29): good findings renew the Termo end to end, bad ones are refused
citing the article, malformed ones are refused naming the field and its article."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from registry_factories import CHECKS, DECLARATIONS, actor, awarded_tender, taxi_holder
from registry_factories import TAXI_ON as ON

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import PermitTerm
from outorga.registry.services.permits import taxi_permit_grant

API = "/api/v1"
RENEW_ON = "2027-01-20"
#: What the yearly inspection found, field by field as the renewal screen sends it.
GOOD = {
    "inspection_approved": True,
    "inspection_accredited_inmetro": True,
    "taximeter_approved_by": "INMETRO",
    "roof_sign_taxi": True,
    "ctb_equipment_ok": True,
}


@pytest.fixture
def permit(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    return taxi_permit_grant(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        holder=holder,
        vehicle=vehicle,
        category="convencional",
        signed_on=ON,
        option="I",
        mode="servicos",  # no contrapartida debts
        tender=awarded_tender(m, holder),
        checks=CHECKS,
        declarations=DECLARATIONS,
    )


@pytest.fixture
def clerk(user_of):
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


def renew(clerk, permit, **body):
    return clerk.post(
        f"{API}/taxi/permits/{permit.pk}/renew",
        {"on": RENEW_ON, **body},
        content_type="application/json",
    )


FINDING_CITES = {("28", "IV"), ("28", "V"), ("28", "VI"), ("29", None)}


def refused_cites(r) -> set[tuple[str, str | None]]:
    """(article, inciso) of each citation of the refusals in a 422's decision."""
    return {
        (c.get("article", ""), c.get("inciso"))
        for reason in r.json()["decisao"]["reasons"]
        if reason["verdict"] == "refused"
        for c in reason["citations"]
    }


def test_art_29_a_renewal_with_an_approved_inspection_succeeds_end_to_end(
    ipatinga_m, permit, clerk
):
    r = renew(clerk, permit, **GOOD)
    assert r.status_code == 200, r.content
    assert r.json()["valid_until"] == "2028-02-02"
    with tenant(ipatinga_m):
        term = PermitTerm.objects.get(permit=permit)
        assert term.valid_until == dt.date(2028, 2, 2)
        assert term.renewals.filter(renewed_on=dt.date(2027, 1, 20)).exists()


@pytest.mark.parametrize(
    ("finding", "value", "article", "inciso"),
    [
        ("inspection_approved", False, "29", None),
        ("inspection_accredited_inmetro", False, "29", None),
        ("taximeter_approved_by", "", "28", "IV"),
        ("taximeter_approved_by", "oficina do bairro", "28", "IV"),
        ("roof_sign_taxi", False, "28", "V"),
        ("ctb_equipment_ok", False, "28", "VI"),
    ],
)
def test_art_28_iv_vi_art_29_bad_findings_refuse_the_renewal_citing_the_article(
    ipatinga_m, permit, clerk, finding, value, article, inciso
):
    r = renew(clerk, permit, **{**GOOD, finding: value})
    assert r.status_code == 422, r.content
    assert (article, inciso) in refused_cites(r)
    # Only the finding that failed is refused.
    assert not (FINDING_CITES - {(article, inciso)}) & refused_cites(r)
    with tenant(ipatinga_m):
        assert PermitTerm.objects.get(permit=permit).valid_until == dt.date(2027, 2, 2)


def test_art_28_29_a_renewal_sent_with_only_the_date_is_refused_citing_the_articles(permit, clerk):
    r = renew(clerk, permit)
    assert r.status_code == 422
    assert FINDING_CITES <= refused_cites(r)


def test_a_malformed_finding_is_refused_naming_the_field_and_its_article(permit, clerk):
    r = renew(clerk, permit, **{**GOOD, "roof_sign_taxi": "talvez"})
    assert r.status_code == 422
    (error,) = r.json()["erros"]
    assert error["campo"] == "roof_sign_taxi"
    assert "verdadeiro ou falso" in error["erro"] and "art. 28, V" in error["erro"]


def test_the_openapi_schema_documents_the_findings_with_their_articles(clerk):
    spec = clerk.get(f"{API}/openapi.json").json()
    op = spec["paths"]["/api/v1/taxi/permits/{permit_id}/renew"]["post"]
    ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    props = spec["components"]["schemas"][ref.rsplit("/", 1)[-1]]["properties"]
    assert set(GOOD) <= set(props)
    assert "art. 29" in props["inspection_approved"]["description"]
    assert "art. 28, IV" in props["taximeter_approved_by"]["description"]
    assert "art. 28, V" in props["roof_sign_taxi"]["description"]
    assert "art. 28, VI" in props["ctb_equipment_ok"]["description"]
