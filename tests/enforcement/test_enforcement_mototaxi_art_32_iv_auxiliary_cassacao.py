"""Mototaxi art. 32 IV, §3, art. 34 §1–§2 (D-3): the cassação of an auxiliary's credential. The law
core knew its causes, but no screen, route or service asked it: the proposals sent only the
holder's causes, so an auxiliary could not be cassado under this law at all. Now a proposal names
the auxiliary, the auxiliary is notified and defends it, and only the Chief Executive decides;
the permission itself is not touched."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import client_of, notify_case
from registry_factories import taxi_permit
from validate_docbr import CPF

from outorga.core.errors import FieldError, Refused
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Penalty
from outorga.enforcement.services.common import InvalidStep
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.proposals import proposal_decide, proposal_open_cassacao
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import Auxiliary, Permit, Person

D = dt.date(2026, 4, 6)  # a Monday


def auxiliary_of(world, permit: Permit | None = None, name: str = "Auxiliar do Mototáxi"):  # type: ignore[no-untyped-def]
    with tenant(world.m):
        person = Person.objects.create(document=CPF().generate(), name=name)
        return Auxiliary.objects.create(
            permit=permit or world.permit,
            person=person,
            registration_number=31,
            added_on=dt.date(2025, 2, 1),
        )


def propose(world, aux, causes=None, actor=None, **kw):  # type: ignore[no-untyped-def]
    return proposal_open_cassacao(
        actor=actor or world.authority,
        municipality=world.m,
        permit=world.permit,
        causes=causes if causes is not None else {"criminal_sentence_months": 30},
        auxiliary=aux,
        on=D,
        **kw,
    )


def fresh(world, obj):  # type: ignore[no-untyped-def]
    with tenant(world.m):
        return type(obj).objects.get(pk=obj.pk)


def test_art_32_iv_b_the_auxiliary_is_cassado_by_the_chief_executive_after_his_defence(world):
    aux = auxiliary_of(world)
    case = propose(world, aux)
    assert case.kind == Case.Kind.CASSACAO and case.proposal["target"] == "credenciamento"
    assert case.proposal["offender"] == {
        "kind": "auxiliary",
        "auxiliary_id": aux.pk,
        "name": aux.person.name,
    }
    cause = next(r for r in case.proposal["reasons"] if r["rule"].endswith("iv_b"))
    assert ("32", "IV", "b") in {
        (c["article"], c["inciso"], c["alinea"]) for c in cause["citations"]
    }
    # Art. 34 §2: the auxiliary is the one notified and who defends it.
    assert case.person_id == aux.person_id
    notify_case(world, case, D)
    case = fresh(world, case)
    with pytest.raises(InvalidStep):  # the defence period runs
        proposal_decide(
            actor=world.mayor, municipality=world.m, case=case, accept=True, reasoning="x", on=D
        )
    sweep(world.m, case.deadline + dt.timedelta(days=1))
    case = fresh(world, case)
    assert case.waiting == Case.Waiting.JUDGMENT
    with pytest.raises(NotCompetent):  # art. 34 §1: not the secretariat
        proposal_decide(
            actor=world.authority,
            municipality=world.m,
            case=case,
            accept=True,
            reasoning="x",
            on=case.deadline,
        )
    proposal_decide(
        actor=world.mayor,
        municipality=world.m,
        case=case,
        accept=True,
        reasoning="Condenado a 2 anos e 6 meses de reclusão.",
        on=case.deadline,
    )
    aux = fresh(world, aux)
    assert aux.status == Auxiliary.Status.CASSADO and aux.removed_on == case.deadline
    # The permission is not the auxiliary's: it stays.
    assert fresh(world, world.permit).status == Permit.Status.ACTIVE
    with tenant(world.m):
        penalty = Penalty.objects.get(case=case)
    assert penalty.kind == Penalty.Kind.CASSACAO
    assert penalty.decision["target"] == "credenciamento"


def test_art_32_iv_no_cause_the_law_knows_opens_nothing(world):
    aux = auxiliary_of(world)
    with pytest.raises(Refused) as exc:
        propose(world, aux, causes={"criminal_sentence_months": 23})  # under 2 years (b)
    assert "art. 32, IV" in str(exc.value)
    with tenant(world.m):
        assert not Case.objects.filter(kind=Case.Kind.CASSACAO).exists()


def test_art_32_iv_d_a_permission_the_auxiliary_holds_in_the_registry_is_a_cause_by_itself(world):
    """D-13, as for the holder (III f): read from the registry, not typed."""
    aux = auxiliary_of(world)
    other = taxi_permit(world.m)
    with tenant(world.m):
        Permit.objects.filter(pk=other.pk).update(holder=aux.person)
    case = propose(world, aux, causes={})
    cause = next(r for r in case.proposal["reasons"] if r["rule"].endswith("iv_d"))
    assert other.number in cause["message"]


def test_art_32_iv_the_auxiliary_s_case_proposes_nothing_against_the_permission(world):
    """The permit's own record (three final infractions: a suspension, art. 32 I) is not the
    auxiliary's case: it proposes the credential's cassação alone."""
    from enforcement_factories import issue, make_final

    for day in (1, 8, 15):
        on = dt.date(2026, 1, day)
        make_final(world, issue(world, on=on), on)
    case = propose(world, auxiliary_of(world))
    outcome = case.proposal["outcome"]
    assert outcome["auxiliary_cassation"] and outcome["suspension"] is None
    assert outcome["revocation"] is None and outcome["cassation"] is None
    assert case.proposal["summary"] == "Proposta de cassação do credenciamento do auxiliar."


def test_art_32_iv_only_an_active_auxiliary_of_this_permit_and_only_once_at_a_time(world):
    mine = auxiliary_of(world)
    elsewhere = auxiliary_of(world, taxi_permit(world.m), name="Auxiliar de outra permissão")
    with pytest.raises(FieldError, match="não está credenciado nesta permissão"):
        propose(world, elsewhere)
    propose(world, mine)
    with pytest.raises(InvalidStep, match="já há proposta igual em curso"):
        propose(world, mine)
    with pytest.raises(NotCompetent):  # the inspector does not open it
        propose(world, auxiliary_of(world, name="Outro auxiliar"), actor=world.fiscal)


def test_the_authority_opens_it_on_the_screen_from_the_permit_s_cassacao_page(world, user_of):
    aux = auxiliary_of(world)
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    page = authority.get(f"/fiscalizacao/permissoes/{world.permit.pk}/cassacao/").content.decode()
    url = f"/fiscalizacao/permissoes/{world.permit.pk}/auxiliares/{aux.pk}/cassacao/"
    assert url in page
    form = authority.get(url).content.decode()
    assert aux.person.name in form and "art. 32, IV" in form
    r = authority.post(url, {"criminal_sentence_months": "doze", "on": "2026-04-06"})
    assert r.status_code == 422 and "número inteiro" in r.content.decode()
    # No cause the law recognises: the page says so (before, a refusal without a refused reason
    # came back with no line to read).
    r = authority.post(url, {"criminal_sentence_months": "12", "on": "2026-04-06"})
    assert r.status_code == 422
    assert (
        "Nenhuma causa de cassação do credenciamento reconhecida pela lei (art. 32, IV)"
        in r.content.decode()
    )
    r = authority.post(url, {"credential_not_renewed": "1", "on": "2026-04-06"})
    assert r.status_code == 302
    with tenant(world.m):
        case = Case.objects.get(kind=Case.Kind.CASSACAO, permit=world.permit)
    shown = client_of(user_of("ipatinga", Role.AUTORIDADE)).get(r["Location"]).content.decode()
    assert "credenciamento do condutor auxiliar" in shown and aux.person.name in shown
    assert case.proposal["offender"]["auxiliary_id"] == aux.pk


def test_api_opens_the_auxiliary_s_cassacao(world, user_of):
    aux = auxiliary_of(world)
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/api/v1/enforcement/permits/{world.permit.pk}/cassacao-proposal"
    r = authority.post(
        url,
        {"auxiliary_id": aux.pk, "causes": {"repeat_drunk_driving_proven": True}},
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    with tenant(world.m):
        case = Case.objects.get(pk=r.json()["id"])
    assert case.proposal["target"] == "credenciamento" and case.person_id == aux.person_id
    # A cause of the holder's (art. 32 III) is not one of the auxiliary's: named as refused.
    r = authority.post(
        url,
        {"auxiliary_id": aux.pk, "causes": {"transfer_attempt": True}},
        content_type="application/json",
    )
    assert r.status_code == 422, r.content
    assert {"campo": "auxiliary", "erro": "campo não reconhecido: transfer_attempt"} in r.json()[
        "erros"
    ]
    r = authority.post(
        url,
        {"auxiliary_id": aux.pk, "causes": {"criminal_sentence_months": 12}},
        content_type="application/json",
    )
    assert r.status_code == 422 and "art. 32, IV" in r.json()["detail"]
