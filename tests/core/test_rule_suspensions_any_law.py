"""Decision D-16 for every bound law: a court may suspend any law's rule from a date; the
authority records it with the decision's reference under the law's competence, and from that date
the rule's reason is not applied and says so, citing the suspension — a taxi rule (Ipatinga's art.
27, silver colour) and a mototaxi rule (art. 3, I, engine) as well as the apps law's."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from outorga.core.acts import Actor
from outorga.core.errors import FieldError
from outorga.core.lawctx import context
from outorga.core.models import Act, Municipality
from outorga.core.rule_suspensions import rule_suspension_record, suspendable_rules
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent, Role
from outorga.law.decisions import Verdict
from outorga.law.ipatinga.mototaxi_2013.vehicles import art_3_i_engine
from outorga.law.ipatinga.taxi_2017.vehicles import art_27_silver

pytestmark = pytest.mark.django_db

COURT = "TJMG, processo 1.0000.26.000000-0/000 (exemplo), 10/03/2026"
SILVER = "taxi_2017.art_27_silver"


@pytest.fixture
def ipatinga(db) -> Municipality:  # type: ignore[no-untyped-def]
    return Municipality.objects.get(slug="ipatinga")


def record(m, user_of, rule=SILVER, start=dt.date(2026, 3, 10), end=None, role=Role.AUTORIDADE):
    return rule_suspension_record(
        actor=Actor.of(user_of(m.slug, role)),
        municipality=m,
        rule=rule,
        start=start,
        end=end,
        reference=COURT,
    )


def silver(m, on):
    with tenant(m):
        return art_27_silver(context(m, on), "branco")


def test_d16_every_bound_law_offers_its_suspendable_rules(ipatinga):
    rules = suspendable_rules(ipatinga)
    assert rules[SILVER].label == "cor obrigatória do veículo (art. 27)"
    assert "art_3_i_engine" in rules
    # The apps law is not bound in Ipatinga: its rules are not offered there.
    assert not any(r.startswith("apps.") for r in rules)


def test_d16_a_taxi_rule_is_not_applied_from_the_day_the_court_suspended_it(ipatinga, user_of):
    record(ipatinga, user_of, end=dt.date(2026, 6, 30))
    before = silver(ipatinga, dt.date(2026, 3, 9))
    assert before.verdict is Verdict.REFUSED
    first = silver(ipatinga, dt.date(2026, 3, 10))
    assert first.verdict is Verdict.SUSPENDED
    assert "Regra suspensa desde 10/03/2026" in first.message and COURT in first.message
    assert any("D-16" in c.render() for c in first.citations)
    assert any(c.render().endswith("art. 27") for c in first.citations)
    assert silver(ipatinga, dt.date(2026, 6, 30)).verdict is Verdict.SUSPENDED
    assert silver(ipatinga, dt.date(2026, 7, 1)).verdict is Verdict.REFUSED
    with tenant(ipatinga):
        act = Act.objects.get(action="rule.suspension.record")
    assert act.record["payload"]["new"]["reference"] == COURT


def test_d16_a_mototaxi_rule_too(ipatinga, user_of):
    from outorga.law.ipatinga.mototaxi_2013.vehicles import VehicleFacts

    record(ipatinga, user_of, rule="art_3_i_engine")
    fields = dict.fromkeys(VehicleFacts.__dataclass_fields__)
    v = VehicleFacts(**{**fields, "engine_cc": 300})  # type: ignore[arg-type]
    with tenant(ipatinga):
        assert art_3_i_engine(context(ipatinga, dt.date(2026, 3, 9)), v).verdict is Verdict.REFUSED
        during = art_3_i_engine(context(ipatinga, dt.date(2026, 3, 10)), v)
    assert during.verdict is Verdict.SUSPENDED and COURT in during.message


def test_d16_only_the_authority_records_and_only_a_rule_the_law_lists(ipatinga, user_of):
    with pytest.raises(NotCompetent):
        record(ipatinga, user_of, role=Role.FISCAL)
    with pytest.raises(FieldError) as unknown:
        record(ipatinga, user_of, rule="taxi_2017.art_28_ii_max_age")
    assert unknown.value.field == "rule"
    with pytest.raises(FieldError) as backwards:
        record(ipatinga, user_of, end=dt.date(2026, 3, 9))
    assert backwards.value.field == "end"


def test_the_screen_lists_and_records_a_taxi_rules_suspension(ipatinga, user_of):
    client = Client()
    client.force_login(user_of("ipatinga", Role.AUTORIDADE))
    page = client.get("/municipio/suspensoes-judiciais/").content.decode()
    assert "cor obrigatória do veículo (art. 27)" in page
    r = client.post(
        "/municipio/suspensoes-judiciais/",
        {"rule": SILVER, "start": "2026-03-10", "reference": COURT},
    )
    assert r.status_code == 302
    fiscal = Client()
    fiscal.force_login(user_of("ipatinga", Role.FISCAL))
    listed = fiscal.get("/municipio/suspensoes-judiciais/").content.decode()
    assert "1.0000.26.000000-0" in listed and "10/03/2026" in listed
    assert "Registrar suspensão" not in listed
    assert silver(ipatinga, dt.date(2026, 3, 10)).verdict is Verdict.SUSPENDED
