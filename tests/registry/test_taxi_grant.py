"""Taxi permit grant (Lei do táxi de Ipatinga, 2017): tender, quota, eligibility, documents,
vehicle, Cadastro numbering, Termo and contrapartida — at the law's boundaries."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import TAXI_ON as ON
from registry_factories import (
    actor,
    awarded_tender,
    grant,
    person,
    taxi_documents,
    taxi_holder,
    taxi_vehicle,
)

from outorga.core.errors import Refused
from outorga.core.models import Act, PopulationFigure
from outorga.core.tenancy import tenant
from outorga.finance.models import Debt
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import Permit, PermitTerm
from outorga.registry.validation import FieldError


def cited(exc, article, paragraph=None):
    for r in exc.decision.refusals:
        for c in r.citations:
            if c.law == "ipatinga.taxi-2017" and c.article == str(article):
                if paragraph is None or c.paragraph == str(paragraph):
                    return r
    return None


def test_it_grants_numbers_in_the_cadastro_and_signs_the_termo(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    with tenant(m):
        permit.refresh_from_db()
        term = PermitTerm.objects.get(permit=permit)
        assert permit.service == "taxi" and permit.status == Permit.Status.ACTIVE
        assert permit.number == f"TX-{permit.registration_number:04d}"
        assert permit.term_end == dt.date(2036, 2, 2)  # art. 10, I: 10 years
        assert term.valid_until == dt.date(2027, 2, 2)  # art. 13: renewed every year
        assert Act.objects.filter(action="permit.grant", object_id=str(permit.pk)).exists()


def test_d_12_the_plan_becomes_debts_first_due_30_days_after_signing(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle, instalments=18)
    with tenant(m):
        debts = list(Debt.objects.filter(permit=permit).order_by("instalment"))
    assert len(debts) == 18
    assert {d.origin for d in debts} == {Debt.Origin.CONTRAPARTIDA}
    assert sum(d.amount_cents for d in debts) == 300_000  # art. 10, I, a: R$ 3.000,00
    assert debts[0].due_on == ON + dt.timedelta(days=30)
    assert debts[0].amount_cents >= debts[1].amount_cents == debts[-1].amount_cents
    assert len({d.reference for d in debts}) == 18


def test_art_10_i_a_19_instalments_are_refused(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    with pytest.raises(Refused) as exc:
        grant(m, holder, vehicle, instalments=19)
    assert cited(exc.value, 10)
    with tenant(m):
        assert not Permit.objects.filter(holder=holder).exists()
        assert not Debt.objects.filter(person=holder).exists()


def test_art_10_ii_a_36_instalments_are_granted_and_37_refused(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    with pytest.raises(Refused) as exc:
        grant(m, holder, vehicle, option="II", instalments=37)
    assert cited(exc.value, 10)
    permit = grant(m, holder, vehicle, option="II", instalments=36)
    with tenant(m):
        assert permit.term_end == dt.date(2046, 2, 2)  # art. 10, II: 20 years
        assert Debt.objects.filter(permit=permit).count() == 36
        assert (
            sum(Debt.objects.filter(permit=permit).values_list("amount_cents", flat=True))
            == 600_000
        )


def test_art_10_b_contrapartida_in_services_makes_no_debt(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle, mode="servicos")
    with tenant(m):
        assert not Debt.objects.filter(permit=permit).exists()
        assert PermitTerm.objects.get(permit=permit).total_cents == 400_000


@pytest.mark.parametrize(("days", "granted"), [(30, True), (31, False)])
def test_art_22_viii_criminal_certificate_issued_up_to_30_days_before(ipatinga_m, days, granted):
    m = ipatinga_m
    holder = person(m)
    taxi_documents(holder, ON, criminal_issued_on=ON - dt.timedelta(days=days))
    vehicle = taxi_vehicle(m, holder)
    if granted:
        assert grant(m, holder, vehicle).pk
    else:
        with pytest.raises(Refused) as exc:
            grant(m, holder, vehicle)
        r = next(r for r in exc.value.decision.refusals if r.rule.endswith("criminal_certificate"))
        assert any(c.article == "22" and c.inciso == "VIII" for c in r.citations)


def test_art_27_a_non_silver_car_is_refused(ipatinga_m):
    m = ipatinga_m
    holder = person(m)
    taxi_documents(holder, ON)
    vehicle = taxi_vehicle(m, holder, colour="branca")
    with pytest.raises(Refused) as exc:
        grant(m, holder, vehicle)
    r = cited(exc.value, 27)
    assert r is not None and "prata" in r.message


def test_art_3_without_a_tender_it_is_refused(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    with pytest.raises(Refused) as exc:
        grant(m, holder, vehicle, tender=None)
    assert cited(exc.value, 3)


def test_art_6_one_permission_per_person(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    grant(m, holder, vehicle)
    other_vehicle = taxi_vehicle(m, holder)
    with pytest.raises(Refused) as exc:
        grant(m, holder, other_vehicle)
    assert cited(exc.value, 6)


def test_art_6_one_vehicle_serves_one_permission(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    grant(m, holder, vehicle)
    second, _ = taxi_holder(m, ON)
    with pytest.raises(FieldError):
        grant(m, second, vehicle)


def _mototaxi_permit(m, holder):
    with tenant(m):
        return Permit.objects.create(
            service="mototaxi",
            holder=holder,
            number=f"MT-X{holder.pk}",
            registration_number=90000 + holder.pk,
            granted_on=ON,
            term_start=ON,
            term_end=ON + dt.timedelta(days=3650),
        )


def test_art_11_d_13_a_mototaxi_holder_cannot_receive_a_taxi_permission(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    _mototaxi_permit(m, holder)
    with pytest.raises(Refused) as exc:
        grant(m, holder, vehicle)
    r = cited(exc.value, 11)
    assert r is not None and "mototáxi" in r.message


def test_art_11_a_companys_partner_with_another_permission_blocks_the_company(ipatinga_m):
    m = ipatinga_m
    company = person(m, legal=True, name="Táxi Exemplo Ltda")
    partner = person(m, name="Sócio Exemplo")
    _mototaxi_permit(m, partner)
    with tenant(m):
        company.partners.add(partner)
    vehicle = taxi_vehicle(m, company)
    with pytest.raises(Refused) as exc:
        grant(m, company, vehicle, declarations=("declaracao_socios",))
    r = cited(exc.value, 11)
    assert r is not None and "Sócio Exemplo" in r.message


def test_art_12_a_municipal_servant_is_refused(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON, is_public_servant=True)
    with pytest.raises(Refused) as exc:
        grant(m, holder, vehicle)
    assert cited(exc.value, 12)


def test_art_3_par_1_no_grant_over_the_quota_and_numbers_stay_gapless(ipatinga_m):
    m = ipatinga_m
    with tenant(m):
        active = Permit.objects.filter(service="taxi", status="active").count()
        # A later IBGE figure leaving room for exactly one more permit (D-7).
        PopulationFigure.objects.create(
            value=1200 * (active + 1),
            reference_year=2025,
            effective=dt.date(2026, 1, 1),
            source="teste",
        )
    first, v1 = taxi_holder(m, ON)
    second, v2 = taxi_holder(m, ON)
    p1 = grant(m, first, v1)
    with pytest.raises(Refused) as exc:
        grant(m, second, v2)
    assert cited(exc.value, 3, 1)
    with tenant(m):
        PopulationFigure.objects.filter(source="teste").update(value=1200 * (active + 2))
    p2 = grant(m, second, v2)
    with tenant(m):
        v1.refresh_from_db()
        v2.refresh_from_db()
    # One Cadastro for holders and vehicles (art. 4 I, 20); the refusal used no number.
    numbers = [p1.registration_number, v1.cadastro_number, p2.registration_number]
    assert numbers == list(range(p1.registration_number, p1.registration_number + 3))
    assert v2.cadastro_number == p2.registration_number + 1


def test_only_the_competent_roles_grant(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    with pytest.raises(NotCompetent):
        grant(m, holder, vehicle, actor=actor(m.slug, Role.FISCAL))


def test_a_tender_grants_no_more_than_its_places(ipatinga_m):
    m = ipatinga_m
    first, v1 = taxi_holder(m, ON)
    second, v2 = taxi_holder(m, ON)
    tender = awarded_tender(m, first, second, places=1)
    grant(m, first, v1, tender=tender)
    with pytest.raises(FieldError) as exc:
        grant(m, second, v2, tender=tender)
    assert exc.value.field == "licitação"
    assert "todas as vagas da licitação já foram outorgadas" in exc.value.message
    assert exc.value.citation.endswith("art. 3")


def test_art_3_a_grant_to_the_second_ranked_before_the_first_is_refused(ipatinga_m):
    """Art. 3: the permission is granted through the tender, so its ranking binds the grants:
    the second-ranked is not granted while the first was not called; the refusal names the one
    called and the article. Once the first is granted, the second is called."""
    m = ipatinga_m
    first, v1 = taxi_holder(m, ON)
    second, v2 = taxi_holder(m, ON)
    tender = awarded_tender(m, first, second, places=2)
    with pytest.raises(FieldError) as exc:
        grant(m, second, v2, tender=tender)
    assert "ordem de classificação" in str(exc.value) and first.name in str(exc.value)
    assert "art. 3" in exc.value.citation
    with tenant(m):
        assert not Permit.objects.filter(tender=tender).exists()
    grant(m, first, v1, tender=tender)
    assert grant(m, second, v2, tender=tender).holder_id == second.pk


def test_art_3_a_tender_not_homologated_grants_nobody_and_the_refusal_is_logged(ipatinga_m):
    """Art. 3: the permission is granted through the tender, once its result is homologated; the
    refusal names the tender, the article, and is kept in the acts log."""
    from outorga.registry.models import Tender

    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    tender = awarded_tender(m, holder)
    with tenant(m):
        Tender.objects.filter(pk=tender.pk).update(homologated_on=None, status=Tender.Status.RANKED)
        tender.refresh_from_db()
    with pytest.raises(FieldError) as exc:
        grant(m, holder, vehicle, tender=tender)
    assert exc.value.field == "licitação"
    assert "a licitação ainda não foi homologada" in exc.value.message
    assert exc.value.citation.endswith("art. 3")
    with tenant(m):
        assert not Permit.objects.filter(holder=holder).exists()
        act = Act.objects.get(action="permit.grant", outcome="refused")
    assert act.object_id == str(tender.pk)


def test_art_3_art_6_a_category_the_tender_did_not_offer_is_refused(ipatinga_m):
    """Art. 3 (bound to the call for tenders) with art. 6 (one category per permission): the
    grant takes the category the tender offered, no other."""
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    tender = awarded_tender(m, holder, category="convencional")
    with pytest.raises(FieldError) as exc:
        grant(m, holder, vehicle, tender=tender, category="executivo")
    assert exc.value.field == "categoria"
    assert "ofereceu vagas de táxi convencional, não executivo" in exc.value.message
    assert "art. 3" in exc.value.citation and "art. 6" in exc.value.citation
    with tenant(m):
        assert not Permit.objects.filter(holder=holder).exists()
