"""Renewal of an auxiliary's credential: mototaxi art. 14 §2 (one year, the holder's requirements
checked again) and taxi art. 21 (the inscription in the Cadastro renewed yearly, with the
documents of art. 22 and no final debt of the auxiliary, art. 21 §1). Renewed on or before the
expiry, the new year counts from the expiry; after it, from the renewal (the laws are silent)."""

from __future__ import annotations

import datetime as dt

import pytest
from auth_factories import client_as
from registry_factories import (
    CHECKS,
    DECLARATIONS,
    MOTO,
    actor,
    moto_permit,
    taxi_auxiliary,
    taxi_documents,
)

from outorga.core.errors import Refused
from outorga.core.localtime import today_of
from outorga.core.models import Act
from outorga.core.sweep import NoProgress
from outorga.core.tenancy import tenant
from outorga.finance import services as ledger
from outorga.finance.models import Debt
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import Auxiliary, Document, Notification, Permit
from outorga.registry.services.auxiliaries import (
    auxiliary_add,
    auxiliary_remove,
    auxiliary_renew,
)
from outorga.registry.services.common import InvalidTransition
from outorga.registry.services.documents import document_record
from outorga.registry.sweep import registry_sweep
from outorga.registry.validation import FieldError

C = "/cadastro/permissoes"
API = "/api/v1/registry/auxiliaries"
ART_14_2 = "Lei de mototáxi de Ipatinga (2013), art. 14, §2"
ART_21 = "Lei do táxi de Ipatinga (2017), art. 21"
ADDED = dt.date(2026, 3, 10)
UNTIL = dt.date(2027, 3, 10)


def fresh(m, aux) -> Auxiliary:  # type: ignore[no-untyped-def]
    with tenant(m):
        return Auxiliary.objects.get(pk=aux.pk)


def renewal_acts(m, aux):  # type: ignore[no-untyped-def]
    with tenant(m):
        return list(Act.objects.filter(action="auxiliary.renew", object_id=str(aux.pk)))


# Mototaxi (art. 14 §2) ---------------------------------------------------------------------------


def indicated(m, clerk, permit, helper) -> Auxiliary:  # type: ignore[no-untyped-def]
    """``helper`` added as the auxiliary of the mototaxi ``permit``, indicated in writing by its
    holder and with a schedule filed (art. 14 §1, §3)."""
    return auxiliary_add(
        actor=clerk,
        municipality=m,
        permit=permit,
        person=helper,
        on=ADDED,
        work_schedule="seg a sex, 6h–14h",
        indication="Protocolo 1/2026",
    )


@pytest.fixture
def moto(ipatinga_m, tender):  # type: ignore[no-untyped-def]
    m = ipatinga_m
    clerk, permit, helper = moto_permit(m, tender, 971)
    aux = indicated(m, clerk, permit, helper)
    assert aux.credential_valid_until == UNTIL
    return permit, aux


def test_art_14_par1_an_auxiliary_without_the_holder_s_written_indication_is_refused(
    ipatinga_m, tender
):
    """The indication is a fact the clerk types (the protocol of the holder's written request),
    kept with the auxiliary: without it the law refuses, citing art. 14 §1."""
    m = ipatinga_m
    clerk, permit, helper = moto_permit(m, tender, 973)
    add = {"actor": clerk, "municipality": m, "permit": permit, "person": helper, "on": ADDED}
    with pytest.raises(Refused) as refused:
        auxiliary_add(**add, work_schedule="seg a sex, 6h–14h")
    refusals = refused.value.decision.refusals
    assert [r.citations[0].render() for r in refusals] == [
        "Lei de mototáxi de Ipatinga (2013), art. 14, §1"
    ]
    aux = auxiliary_add(**add, work_schedule="seg a sex, 6h–14h", indication="Prot. 88/2026")
    assert fresh(m, aux).indication == "Prot. 88/2026"


def test_art_14_par1_a_renewal_reads_the_indication_on_record(ipatinga_m, moto):
    """Change the record (the indication's reference erased) and the renewal is refused."""
    _, aux = moto
    with tenant(ipatinga_m):
        Auxiliary.objects.filter(pk=aux.pk).update(indication="")
    with pytest.raises(Refused) as refused:
        renew(ipatinga_m, fresh(ipatinga_m, aux), dt.date(2027, 3, 1))
    assert "art. 14, §1" in str(refused.value)


def renew(m, aux, on, role=Role.ATENDENTE, **kw):  # type: ignore[no-untyped-def]
    return auxiliary_renew(actor=actor(m.slug, role), municipality=m, auxiliary=aux, on=on, **kw)


def new_medical(m, who, issued_on):  # type: ignore[no-untyped-def]
    with tenant(m):
        document_record(
            actor=actor(m.slug, Role.ATENDENTE),
            municipality=m,
            law=MOTO,
            doc_type=Document.Type.MEDICAL,
            person=who,
            issued_on=issued_on,
            presented_on=issued_on,
        )


def test_art_14_par2_renewed_before_expiry_the_new_year_counts_from_the_expiry(ipatinga_m, moto):
    m, (_, aux) = ipatinga_m, moto
    aux = renew(m, aux, dt.date(2027, 2, 20))
    assert fresh(m, aux).credential_valid_until == dt.date(2028, 3, 10)
    (act,) = renewal_acts(m, aux)
    assert ART_14_2 in act.record["basis"]["citations"]
    assert act.record["payload"]["old"]["credential_valid_until"] == "2027-03-10"
    assert act.record["payload"]["new"]["credential_valid_until"] == "2028-03-10"


def test_art_14_par2_renewed_on_the_expiry_day_still_counts_from_it(ipatinga_m, moto):
    m, (_, aux) = ipatinga_m, moto
    new_medical(m, aux.person, dt.date(2027, 3, 1))
    assert renew(m, aux, UNTIL).credential_valid_until == dt.date(2028, 3, 10)


def test_art_14_par2_the_same_requirements_as_the_holder_expired_medical_certificate_refuses(
    ipatinga_m, moto
):
    # The medical certificate of 05/03/2026 is valid one year (art. 5 VII, §2): on 20/03/2027 it
    # is not, so the renewal is refused with its article and nothing changes.
    m, (_, aux) = ipatinga_m, moto
    with pytest.raises(Refused) as exc:
        renew(m, aux, dt.date(2027, 3, 20))
    cites = {c.render() for r in exc.value.decision.refusals for c in r.citations}
    assert "Lei de mototáxi de Ipatinga (2013), art. 5, §2" in cites
    assert fresh(m, aux).credential_valid_until == UNTIL
    assert renewal_acts(m, aux) == []


def test_art_14_par2_renewed_after_expiry_counts_from_the_renewal_and_notes_art_32_iv_f(
    ipatinga_m, moto
):
    m, (_, aux) = ipatinga_m, moto
    new_medical(m, aux.person, dt.date(2027, 3, 18))
    renewed = renew(m, aux, dt.date(2027, 3, 20))
    assert renewed.credential_valid_until == dt.date(2028, 3, 20)
    (act,) = renewal_acts(m, aux)
    cites = act.record["basis"]["citations"]
    assert "Lei de mototáxi de Ipatinga (2013), art. 32, IV, alínea f" in cites
    assert "Lei de mototáxi de Ipatinga (2013), art. 40, IX" in cites


def test_art_14_par2_a_second_renewal_for_the_same_year_is_refused(ipatinga_m, moto):
    m, (_, aux) = ipatinga_m, moto
    renew(m, aux, dt.date(2027, 2, 20))
    with pytest.raises(Refused) as exc:
        renew(m, aux, dt.date(2027, 2, 20))
    (refusal,) = exc.value.decision.refusals
    assert [c.render() for c in refusal.citations] == [ART_14_2]
    assert fresh(m, aux).credential_valid_until == dt.date(2028, 3, 10)


def test_art_14_par3_without_a_schedule_on_file_it_is_refused_and_one_given_fixes_it(
    ipatinga_m, moto
):
    m, (_, aux) = ipatinga_m, moto
    with tenant(m):
        Auxiliary.objects.filter(pk=aux.pk).update(work_schedule="")
    with pytest.raises(Refused, match="art. 14, §3"):
        renew(m, fresh(m, aux), dt.date(2027, 2, 20))
    renewed = renew(m, fresh(m, aux), dt.date(2027, 2, 20), work_schedule="sáb e dom, 8h–18h")
    assert renewed.work_schedule == "sáb e dom, 8h–18h"


def test_an_auxiliary_is_not_added_to_a_permission_no_longer_in_force(ipatinga_m, tender):
    m = ipatinga_m
    clerk, permit, helper = moto_permit(m, tender, 974)
    with tenant(m):
        Permit.objects.filter(pk=permit.pk).update(status=Permit.Status.CASSADA)
    with pytest.raises(InvalidTransition, match="cassada: não recebe condutor auxiliar"):
        indicated(m, clerk, permit, helper)
    with tenant(m):
        assert not Auxiliary.objects.filter(permit=permit).exists()


def test_a_removed_auxiliary_or_one_of_an_extinguished_permit_is_not_renewed(ipatinga_m, moto):
    m, (permit, aux) = ipatinga_m, moto
    with tenant(m):
        Permit.objects.filter(pk=permit.pk).update(status=Permit.Status.RENOUNCED)
    with pytest.raises(InvalidTransition, match="renunciada"):
        renew(m, aux, dt.date(2027, 2, 20))
    with tenant(m):
        Permit.objects.filter(pk=permit.pk).update(status=Permit.Status.ACTIVE)
    auxiliary_remove(
        actor=actor(m.slug, Role.ATENDENTE), municipality=m, auxiliary=aux, on=ADDED, reason="x"
    )
    with pytest.raises(InvalidTransition, match="desligado"):
        renew(m, aux, dt.date(2027, 2, 20))


def test_the_clerk_renews_from_the_permit_page_and_sees_a_refusal_with_its_article(
    ipatinga_m, user_of, moto
):
    m, (permit, aux) = ipatinga_m, moto
    c = client_as(user_of, Role.ATENDENTE)
    page = c.get(f"{C}/{permit.pk}/").content.decode()
    assert f"Renovar a credencial de {aux.person.name} (art. 14, §2)" in page
    url = f"{C}/{permit.pk}/auxiliares/{aux.pk}/renovar/"
    form = c.get(url).content.decode()
    assert ART_14_2 in form and "10/03/2027" in form
    refused = c.post(url, {"on": "2027-03-20"}).content.decode()
    assert "art. 5, §2" in refused and fresh(m, aux).credential_valid_until == UNTIL
    r = c.post(url, {"on": "2027-02-20", "safety_gear": "on"})  # art. 5 IV, art. 14 §2
    assert r.status_code == 302
    assert fresh(m, aux).credential_valid_until == dt.date(2028, 3, 10)
    assert "credencial até 10/03/2028" in c.get(f"{C}/{permit.pk}/").content.decode()


def test_only_the_clerk_renews_a_credential(ipatinga_m, user_of, moto):
    m, (permit, aux) = ipatinga_m, moto
    fiscal = client_as(user_of, Role.FISCAL)
    r = fiscal.post(f"{C}/{permit.pk}/auxiliares/{aux.pk}/renovar/", {"on": "2027-02-20"})
    assert r.status_code == 403
    assert "Renovar a credencial" not in fiscal.get(f"{C}/{permit.pk}/").content.decode()
    with pytest.raises(NotCompetent):
        renew(m, aux, dt.date(2027, 2, 20), role=Role.FISCAL)
    assert fresh(m, aux).credential_valid_until == UNTIL


def test_the_api_renews_and_refuses_with_the_decision(user_of, moto):
    _, aux = moto
    gear = {"safety_gear": True}  # art. 5 IV, 14 §2: the vest and helmet seen at the desk
    c = client_as(user_of, Role.ATENDENTE)
    r = c.post(
        f"{API}/{aux.pk}/renew", {"on": "2027-03-20", **gear}, content_type="application/json"
    )
    assert r.status_code == 422 and "art. 5, §2" in str(r.json()["decisao"])
    r = c.post(
        f"{API}/{aux.pk}/renew", {"on": "2027-02-20", **gear}, content_type="application/json"
    )
    assert r.status_code == 200
    assert r.json()["credential_valid_until"] == "2028-03-10"


def test_the_sweep_no_longer_warns_of_a_renewed_credential(ipatinga_m, moto):
    m, (_, aux) = ipatinga_m, moto
    renew(m, aux, dt.date(2027, 2, 1))
    with tenant(m):
        registry_sweep(m, dt.date(2027, 2, 25), NoProgress())  # 13 days before the old expiry
        registry_sweep(m, dt.date(2027, 3, 11), NoProgress())  # the day after it
        kinds = set(Notification.objects.filter(permit=aux.permit).values_list("kind", flat=True))
    assert Notification.Kind.AUXILIARY_CREDENTIAL not in kinds
    assert Notification.Kind.AUXILIARY_CREDENTIAL_EXPIRED not in kinds


# Taxi (art. 21) ------------------------------------------------------------------------------------

TAXI_UNTIL = dt.date(2027, 2, 2)
TAXI_RENEW = dt.date(2027, 1, 20)


@pytest.fixture
def taxi(ipatinga_m):  # type: ignore[no-untyped-def]
    permit, aux = taxi_auxiliary(ipatinga_m)
    assert aux.credential_valid_until == TAXI_UNTIL
    return permit, aux


def taxi_renew(m, aux, on=TAXI_RENEW):  # type: ignore[no-untyped-def]
    return renew(m, aux, on, declarations=DECLARATIONS, checks=CHECKS)


def test_art_21_renewed_in_time_with_fresh_documents_counts_from_the_expiry(ipatinga_m, taxi):
    m, (_, aux) = ipatinga_m, taxi
    taxi_documents(aux.person, TAXI_RENEW)
    assert taxi_renew(m, aux).credential_valid_until == dt.date(2028, 2, 2)
    (act,) = renewal_acts(m, aux)
    assert ART_21 in act.record["basis"]["citations"]


def test_art_22_viii_an_old_criminal_certificate_refuses_the_renewal(ipatinga_m, taxi):
    # The certificate presented at the indication (2026) is older than 30 days (art. 22 VIII).
    m, (_, aux) = ipatinga_m, taxi
    with pytest.raises(Refused) as exc:
        taxi_renew(m, aux)
    assert "art. 22, VIII" in str(exc.value)
    assert fresh(m, aux).credential_valid_until == TAXI_UNTIL


def test_art_21_par_1_the_auxiliarys_final_debt_blocks_and_is_named(ipatinga_m, taxi):
    m, (permit, aux) = ipatinga_m, taxi
    taxi_documents(aux.person, TAXI_RENEW)
    debt = ledger.debt_create(
        actor=actor(m.slug, Role.FINANCAS),
        municipality=m,
        person=aux.person,
        permit=permit,
        origin=Debt.Origin.FINE,
        description="multa do auxiliar",
        amount_cents=19_000,
        due_on=dt.date(2026, 10, 1),
        status=Debt.Status.FINAL,
    )
    with pytest.raises(Refused) as exc:
        taxi_renew(m, aux)
    text = str(exc.value)
    assert debt.reference in text and "R$ 190,00" in text and "art. 21, §1" in text
    assert fresh(m, aux).credential_valid_until == TAXI_UNTIL


def test_art_21_renewed_after_it_lapsed_counts_from_the_renewal(ipatinga_m, taxi):
    m, (_, aux) = ipatinga_m, taxi
    late = dt.date(2027, 2, 10)
    taxi_documents(aux.person, late)
    assert taxi_renew(m, aux, late).credential_valid_until == dt.date(2028, 2, 10)


def test_the_taxi_permit_page_offers_the_renewal_under_art_21(ipatinga_m, user_of, taxi):
    permit, aux = taxi
    page = client_as(user_of, Role.ATENDENTE).get(f"{C}/{permit.pk}/").content.decode()
    assert f"Renovar a credencial de {aux.person.name} (art. 21)" in page


def test_an_auxiliary_is_not_removed_before_the_link_began_nor_on_a_day_to_come(ipatinga_m, moto):
    """The link of a condutor auxiliar runs from its addition to the day before its removal (the
    periods art. 48 of the taxi law reads, the acts' dates): a removal dated before the addition,
    or after the municipality's today (a mistyped year), is refused naming the date, and the
    auxiliary stays active."""
    m, (_, aux) = ipatinga_m, moto
    clerk = actor(m.slug, Role.ATENDENTE)
    for on, why in (
        (ADDED - dt.timedelta(days=1), "não pode ser anterior ao vínculo, de 10/03/2026"),
        (today_of(m) + dt.timedelta(days=1), "não pode estar no futuro"),
    ):
        with pytest.raises(FieldError, match=why) as refused:
            auxiliary_remove(actor=clerk, municipality=m, auxiliary=aux, on=on, reason="x")
        assert refused.value.field == "data"
        with tenant(m):
            aux.refresh_from_db()
        assert (aux.status, aux.removed_on) == (Auxiliary.Status.ACTIVE, None)
    auxiliary_remove(actor=clerk, municipality=m, auxiliary=aux, on=today_of(m), reason="x")
    with tenant(m):
        aux.refresh_from_db()
    assert (aux.status, aux.removed_on) == (Auxiliary.Status.REMOVED, today_of(m))


def test_art_14_par_2_an_auxiliary_is_not_added_on_a_day_to_come(ipatinga_m, tender):
    """The credential's year (art. 14 §2) runs from the day the auxiliary is added: a day after
    the municipality's today (a mistyped year) is refused naming the date, and nobody is added."""
    m = ipatinga_m
    clerk, permit, helper = moto_permit(m, tender, 975)
    tomorrow = today_of(m) + dt.timedelta(days=1)
    with pytest.raises(FieldError, match="não pode estar no futuro") as refused:
        auxiliary_add(
            actor=clerk,
            municipality=m,
            permit=permit,
            person=helper,
            on=tomorrow,
            indication="Protocolo 1/2026",
            work_schedule="seg a sex, 6h às 14h",
        )
    assert refused.value.field == "data" and f"{tomorrow:%d/%m/%Y}" in str(refused.value)
    with tenant(m):
        assert not Auxiliary.objects.filter(permit=permit).exists()
