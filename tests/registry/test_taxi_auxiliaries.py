"""Taxi auxiliaries: up to two per vehicle (art. 20 §único), in the same sequential Cadastro."""

from __future__ import annotations

import pytest
from registry_factories import (
    CHECKS,
    DECLARATIONS,
    actor,
    grant,
    person,
    taxi_documents,
    taxi_holder,
)
from registry_factories import TAXI_ON as ON

from outorga.core.errors import Refused
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Auxiliary, Document, Permit
from outorga.registry.services.auxiliaries import taxi_auxiliary_add
from outorga.registry.services.common import InvalidTransition


def add(m, permit, who):
    return taxi_auxiliary_add(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        permit=permit,
        person=who,
        on=ON,
        declarations=DECLARATIONS,
        checks=CHECKS,
    )


def auxiliary(m, **kw):
    p = person(m, **kw)
    taxi_documents(p, ON)
    return p


def test_art_20_two_auxiliaries_are_registered_and_the_third_refused(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    a1 = add(m, permit, auxiliary(m))
    a2 = add(m, permit, auxiliary(m))
    assert a2.registration_number == a1.registration_number + 1
    assert a1.registration_number > permit.registration_number  # one Cadastro (art. 4 I, 20)
    with pytest.raises(Refused) as exc:
        add(m, permit, auxiliary(m))
    r = exc.value.decision.refusals[0]
    assert any(c.article == "20" and c.paragraph == "único" for c in r.citations)


def test_art_20_a_revoked_permission_takes_no_auxiliary(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    with tenant(m):
        Permit.objects.filter(pk=permit.pk).update(status=Permit.Status.REVOKED)
    with pytest.raises(InvalidTransition, match="revogada: não recebe taxista auxiliar"):
        add(m, permit, auxiliary(m))
    with tenant(m):
        assert not Auxiliary.objects.filter(permit=permit).exists()


def test_art_4_xiv_an_auxiliary_living_elsewhere_is_refused(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    with pytest.raises(Refused) as exc:
        add(m, permit, auxiliary(m, city="Coronel Fabriciano"))
    assert any(
        any(c.article == "4" and c.inciso == "XIV" for c in r.citations)
        for r in exc.value.decision.refusals
    )


def test_art_21_the_inscription_runs_the_yearly_period_the_law_core_gives(ipatinga_m):
    """The auxiliary's inscription lasts one period of art. 21 (a dated parameter), not a year
    written in the registry: a municipality that records another period sees it applied."""
    import datetime as dt

    from outorga.core.models import ParameterOverride
    from outorga.core.tenancy import tenant
    from outorga.law.windows import add_years

    holder, vehicle = taxi_holder(ipatinga_m, ON)
    permit = grant(ipatinga_m, holder, vehicle)
    first = add(ipatinga_m, permit, auxiliary(ipatinga_m))
    assert first.credential_valid_until == add_years(ON, 1)
    with tenant(ipatinga_m):
        ParameterOverride.objects.create(
            name="taxi_2017.registration_renewal_years",
            effective=ON - dt.timedelta(days=1),
            value=2,
            legal_reference="exemplo (teste)",
            example=True,
        )
    second = add(ipatinga_m, permit, auxiliary(ipatinga_m))
    assert second.credential_valid_until == add_years(ON, 2)


def test_art_13_par_unico_the_auxiliaries_links_end_with_the_transfer_of_the_permission(
    ipatinga_m,
):
    """Art. 13, parágrafo único: the permission passes to the successor on the holder's death or
    incapacity; the taxista auxiliar is "vinculado ao permissionário" (art. 4 XIV) and registered
    for the permissionário's vehicle (art. 20, parágrafo único) — the predecessor's, not the
    successor's. So the links end on the transfer day, each with its act citing the articles;
    the successor may register them again (art. 20: up to two, with the documents of art. 22)."""
    import datetime as dt

    from registry_factories import transfer

    from outorga.core.models import Act

    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    first, second = auxiliary(m), auxiliary(m)
    a1, a2 = add(m, permit, first), add(m, permit, second)
    heir = person(m, name="Herdeira Exemplo")
    on = ON + dt.timedelta(days=60)
    taxi_documents(heir, on)
    transfer(m, permit, heir, on, "falecimento")
    with tenant(m):
        for aux in (a1, a2):
            aux.refresh_from_db()
            assert (aux.status, aux.removed_on) == (Auxiliary.Status.REMOVED, on)
            act = Act.objects.get(action="auxiliary.remove", object_id=str(aux.pk))
            cites = " ".join(act.record["basis"]["citations"])
            assert "art. 13, parágrafo único" in cites and "art. 4, XIV" in cites
            assert "art. 20, parágrafo único" in cites
        assert not permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE).exists()
    # The successor may take the same taxista as auxiliary again, under art. 20 and 22 (his
    # documents presented anew).
    taxi_documents(first, on)
    again = taxi_auxiliary_add(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        permit=permit,
        person=first,
        on=on,
        declarations=DECLARATIONS,
        checks=CHECKS,
    )
    assert again.status == Auxiliary.Status.ACTIVE and again.pk != a1.pk


def test_art_4_xiv_a_company_is_not_inscribed_as_taxista_auxiliar(ipatinga_m):
    """Art. 4º XIV: the taxista auxiliar is a "motorista de atividade profissional", inscribed
    with the documents of a pessoa física (art. 20, parágrafo único, with art. 22: CNH among them).
    A company whose own documents of art. 23 are complete still is no driver: refused, citing the
    article, and nothing is inscribed."""
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    company = person(m, legal=True, name="Frota Ltda")
    with tenant(m):
        for t in (Document.Type.COMPANY, Document.Type.OPERATING_LICENCE):
            Document.objects.create(doc_type=t, person=company, issued_on=ON)
    company_papers = ("regularidade_fiscal", "certidao_trabalhista", "cnd_inss_fgts")
    with pytest.raises(Refused) as exc:
        taxi_auxiliary_add(
            actor=actor(m.slug, Role.ATENDENTE),
            municipality=m,
            permit=permit,
            person=company,
            on=ON,
            declarations=(*company_papers, "declaracao_socios"),
            checks=CHECKS,
        )
    refused = {r.rule: r for r in exc.value.decision.refusals}
    r = refused["taxi_2017.art_4_xiv_auxiliary_natural_person"]
    assert "pessoa jurídica não pode ser cadastrada como taxista auxiliar" in r.message
    assert {(c.article, c.inciso) for c in r.citations} >= {("4", "XIV")}
    with tenant(m):
        assert not Auxiliary.objects.filter(person=company).exists()


def test_art_4_xiv_the_holder_is_not_inscribed_as_auxiliary_of_the_own_permission(ipatinga_m):
    """Art. 4º XIV: the taxista auxiliar is a driver "vinculado ao permissionário", another person;
    art. 20, parágrafo único: the holder may have up to two auxiliaries for the vehicle. The holder
    inscribed as the own auxiliary takes one of those places and a second number in the Cadastro:
    refused at the desk and through the API, as the portal's request already does."""
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    with pytest.raises(Refused) as exc:
        add(m, permit, holder)
    refused = {r.rule for r in exc.value.decision.refusals}
    assert "taxi_2017.art_4_xiv_auxiliary_not_the_holder" in refused
    with tenant(m):
        assert not Auxiliary.objects.filter(permit=permit).exists()
