"""Revocation and cassação proposals (art. 32 III, art. 34 §1–2, D-3; taxi art. 41 §3–5, D-17):
opened under the permit's own law and decided only by the Chief Executive after the defence."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, law_refused, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.lawseam import cited_aside, cited_for
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import (
    ask,
    escalates_by_accumulation,
    taxi_like,
    taxi_regulation_items,
)
from outorga.enforcement.models import Case, Filing, InfractionNotice, Notice, Penalty
from outorga.enforcement.selectors import taxi_items
from outorga.enforcement.services.autos import taxi_auto_checked
from outorga.enforcement.services.common import (
    PROPOSALS,
    InvalidStep,
    competence_citations,
    proposal_action,
)
from outorga.enforcement.services.escalation import escalation_facts, proposal_open
from outorga.law import interfaces
from outorga.law.decisions import Decision
from outorga.registry.facts import other_outorgas
from outorga.registry.locking import lock_person
from outorga.registry.models import Auxiliary, Permit, Person
from outorga.registry.services.auxiliaries import auxiliary_cassar
from outorga.registry.services.common import governed
from outorga.registry.services.permit_status import permit_cassar, permit_revoke
from outorga.registry.validation import FieldError

#: Taxi art. 41: what a cassação takes away — the taxista's inscription in the Cadastro (IV, §3:
#: grave or gravíssima; the punished may no longer drive a taxi in the municipality) or the
#: permission (V, §4: gravíssima).
TAXI_CASSACAO = {
    "cadastro": ("cassação da inscrição no Cadastro Municipal de Taxistas", "cadastro_cassado"),
    "permissao": ("cassação da permissão", "cassacao_permit"),
}


def taxi_cassacao_targets(subject: Any) -> dict[str, str]:
    """:data:`TAXI_CASSACAO`, target → label, each citing the articles of the law in force for
    ``subject`` (a permit, a case) as its law core names them."""
    return {
        target: f"{label}{cited_aside(subject, concept)}"
        for target, (label, concept) in TAXI_CASSACAO.items()
    }


def _offender(auto: InfractionNotice) -> dict[str, Any] | None:
    """Whose inscription a register cassação takes (taxi art. 41 §3: "o infrator punido")."""
    if auto.committed_by == InfractionNotice.CommittedBy.AUXILIARY and auto.auxiliary:
        return _auxiliary_offender(auto.auxiliary)
    if auto.committed_by == InfractionNotice.CommittedBy.HOLDER and auto.permit:
        holder = auto.permit.holder
        return {"kind": "holder", "person_id": holder.pk, "name": holder.name}
    return None


def _auxiliary_offender(aux: Auxiliary) -> dict[str, Any]:
    return {"kind": "auxiliary", "auxiliary_id": aux.pk, "name": aux.person.name}


#: The offender of :func:`_offender` as the law's cassação of the register reads it (art. 41 §3).
OFFENDER_ROLE = {"holder": "titular", "auxiliary": "auxiliar"}

#: The field a refusal of the taxi cassação names, by the law's rule: the offender the auto must
#: identify (art. 41 §3).
CASSACAO_FIELDS = {"art_41_par_3_the_offender_punished": "infrator"}


def _taxi_cassacao_facts(auto: InfractionNotice, target: str, on: dt.date) -> dict[str, Any]:
    """What the taxi cassação of ``target`` on ``auto`` rests on, from the records: the auto's
    infraction, whether it was cancelled since, and for the register who committed it (§3)."""
    facts: dict[str, Any] = {
        "infraction": auto.infraction_code,
        "regulation_items": taxi_regulation_items(taxi_items(auto.committed_on)),
        "committed_on": auto.committed_on.isoformat(),
        "imposed_on": on.isoformat(),
        "requested": f"cassacao_{target}",
        "auto_cancelled": auto.status == InfractionNotice.Status.CANCELLED,
    }
    if target == "cadastro":
        offender = _offender(auto)
        facts["offender"] = OFFENDER_ROLE[offender["kind"]] if offender else "desconhecido"
    return facts


def _taxi_cassacao_open(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    auto: InfractionNotice | None,
    target: str,
    on: dt.date,
) -> Case:
    """Taxi art. 41 §3–4: a cassação is opened on one final infraction of the permit (D-1) whose
    nature allows it — the register for grave or gravíssima, the permission for gravíssima — as a
    process whose notice (§5) opens the defence (D-17); the Chief Executive decides (D-3, D-17)."""
    if target not in TAXI_CASSACAO:
        raise FieldError(
            "cassação",
            "escolha a {cadastro} ou a {permissao}".format(**taxi_cassacao_targets(permit)),
        )
    auto, infraction_final = taxi_auto_checked(
        municipality,
        permit,
        auto,
        "a cassação",
        interfaces.cited(permit.law, "cassacao"),
    )
    offender = _offender(auto)
    with tenant(municipality):
        facts = {
            **_taxi_cassacao_facts(auto, target, on),
            "proposal": True,
            "infraction_final": infraction_final,
        }
    d = ask(municipality, permit.law, "penalty", facts, on)
    if not (d.outcome or {}).get("may_propose"):
        raise law_refused(
            actor=actor,
            municipality=municipality,
            action="case.proposal.open",
            d=d,
            obj=permit,
            new={"kind": Case.Kind.CASSACAO, "target": target, "auto": auto.number},
            field=CASSACAO_FIELDS,
        )
    return _cassacao_opened(
        actor,
        municipality,
        permit,
        d,
        {"proposal__auto_id": auto.pk, "proposal__target": target},
        {
            "target": target,
            "target_label": taxi_cassacao_targets(permit)[target],
            "auto_id": auto.pk,
            "auto": auto.number,
            "offender": offender if target == "cadastro" else None,
        },
        on=on,
    )


def _cassacao_opened(
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    d: Decision,
    same: dict[str, Any],
    extra: dict[str, Any],
    *,
    on: dt.date,
    person: Person | None = None,
    of_the_person: bool = False,
) -> Case:
    """A cassação proposal of ``permit`` the law allowed (``d``), opened with ``extra`` — or
    refused while an equal one (the permit's cassação cases matching ``same``) is still running:
    checked with the permit locked, so that two equal proposals sent at once open one case.
    ``of_the_person``: what is proposed is ``person``'s own (an auxiliary's credential, mototaxi
    art. 2, III and art. 32, §3), so an equal case on any permit is the same proposal — checked
    with the person locked too (``registry.locking``: permit, then person)."""
    with transaction.atomic(), tenant(municipality):
        Permit.objects.select_for_update().get(pk=permit.pk)
        where: dict[str, Any] = {"permit": permit}
        if of_the_person and person is not None:
            lock_person(person.pk)
            where = {"person_id": person.pk}
        duplicate = (
            Case.objects.filter(kind=Case.Kind.CASSACAO, **where, **same)
            .exclude(stage__in=(Case.Stage.DECIDED, Case.Stage.ANNULLED))
            .first()
        )
        if duplicate is not None:
            raise InvalidStep(f"já há proposta igual em curso: processo {duplicate.number}")
        return proposal_open(
            actor, municipality, permit, Case.Kind.CASSACAO, d, extra, on=on, person=person
        )


def other_commercial_permissions(permit: Permit) -> list[str]:
    """The holder's other live permissions in the municipality, from the registry (D-13)."""
    return held_permissions(permit.holder, exclude=permit)


def held_permissions(person: Person, exclude: Permit | None = None) -> list[str]:
    """The person's live permissions in the municipality (but ``exclude``), from the registry, as
    the cassação causes name them (art. 32 III f and IV d; D-13)."""
    return [f"permissão {o['reference']}" for o in other_outorgas(person, exclude=exclude)]


def proposal_open_cassacao(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    on: dt.date,
    causes: dict[str, Any] | None = None,
    auto: InfractionNotice | None = None,
    target: str = "",
    auxiliary: Auxiliary | None = None,
) -> Case:
    """Open a cassação proposal under the permit's own law; only the Chief Executive decides it,
    after the defence (D-3). Mototaxi: the ``causes`` of art. 32 III / art. 47 (the law core
    checks them; art. 34 §1–2) — or, with ``auxiliary``, the causes of art. 32 IV against that
    auxiliary's credential. Taxi: the
    final infraction ``auto`` and the ``target`` — the register (art. 41 IV, §3) or the permission
    (art. 41 V, §4) — asked of taxi.penalty. A permit whose service no law governs today takes
    one only for the fact of an ``auto`` dated while its law was in force (ADR 0071)."""
    governed(permit, auto.committed_on if auto is not None else None)
    authorize(actor=actor, municipality=municipality, action="penalty.propose", law=permit.law)
    if auxiliary is not None:
        return _auxiliary_cassacao_open(
            actor=actor,
            municipality=municipality,
            permit=permit,
            auxiliary=auxiliary,
            causes=causes or {},
            on=on,
        )
    if taxi_like(permit.law):
        return _taxi_cassacao_open(
            actor=actor,
            municipality=municipality,
            permit=permit,
            auto=auto,
            target=target,
            on=on,
        )
    if not escalates_by_accumulation(permit.law):
        raise FieldError("lei", "esta lei não prevê proposta de cassação por este caminho")
    with tenant(municipality):
        # Art. 32 III f (D-13): the holder's other permissions the registry knows count by
        # themselves; the clerk adds only those outside it (another commercial licence).
        causes = _with_held(causes or {}, other_commercial_permissions(permit))
        facts = {**escalation_facts(permit), "cassation": causes}
    d = ask(municipality, permit.law, "penalty", facts, on)
    if not d.to_json()["outcome"].get("cassation"):
        raise Refused(
            d,
            "Nenhuma causa de cassação reconhecida pela lei"
            f"{cited_aside(permit, 'cassacao_causes')}.",
        )
    with transaction.atomic(), tenant(municipality):
        return proposal_open(actor, municipality, permit, Case.Kind.CASSACAO, d, on=on)


def _with_held(causes: dict[str, Any], known: list[str]) -> dict[str, Any]:
    """``causes`` with the permissions the registry knows the person holds (``known``) before
    the other commercial ones the clerk typed, each once (art. 32 III f and IV d, D-13)."""
    held = [*known, *causes.get("other_commercial_permissions", [])]
    if not held:
        return {**causes}
    return {**causes, "other_commercial_permissions": list(dict.fromkeys(held))}


#: Mototaxi art. 32 IV: what the auxiliary's cassação takes (its target on the case), cited
#: from the law in force for the permit.
AUXILIARY_CASSACAO = "cassação do credenciamento do condutor auxiliar"


def _auxiliary_cassacao_open(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    auxiliary: Auxiliary,
    causes: dict[str, Any],
    on: dt.date,
    breach: Decision | None = None,
) -> Case:
    """Mototaxi art. 32 IV (with §3 and art. 34 §1–2, D-3): a proposal to cassar the credential of
    one of the permit's active auxiliaries, on the causes the law core recognises; the auxiliary
    is notified and defends it, the Chief Executive decides. IV d (D-13): the auxiliary's own live
    permissions in the registry count by themselves, as the holder's do for III f. The question
    is asked of the auxiliary's causes alone — no infraction of the permit, no cause of the
    holder's —, so that the case proposes nothing else (no suspension, revocation or cassação of
    the permission). IV e, as written ("o permissionário atingir 20 pontos"), rests on the
    holder's points, a cause of the permission's own cassação (III g): not offered here."""
    if taxi_like(permit.law) or not escalates_by_accumulation(permit.law):
        raise FieldError(
            "auxiliar",
            "nesta lei a cassação do auxiliar é a do cadastro, sobre um auto de infração "
            f"({interfaces.cited(permit.law, 'cassacao')})",
        )
    with tenant(municipality):
        aux = Auxiliary.objects.select_related("person").get(pk=auxiliary.pk)
        if aux.permit_id != permit.pk or aux.status != Auxiliary.Status.ACTIVE:
            raise FieldError("auxiliar", "o condutor auxiliar não está credenciado nesta permissão")
        causes = _with_held(causes, held_permissions(aux.person))
        facts: dict[str, Any] = {"infractions": [], "auxiliary": causes}
    d = ask(municipality, permit.law, "penalty", facts, on)
    if not d.to_json()["outcome"].get("auxiliary_cassation"):
        raise Refused(
            d,
            "Nenhuma causa de cassação do credenciamento reconhecida pela lei"
            f"{cited_aside(permit, 'auxiliary_cassacao')}.",
        )
    return _cassacao_opened(
        actor,
        municipality,
        permit,
        d,
        # His credential is his person's (art. 2, III): a proposal against it on any permit.
        {"proposal__target": "credenciamento"},
        {
            "target": "credenciamento",
            "target_label": f"{AUXILIARY_CASSACAO}{cited_aside(permit, 'auxiliary_cassacao')}",
            "offender": _auxiliary_offender(aux),
            # Art. 32 IV c from the records (ADR 0088): the autos inside his suspension.
            **(
                {"breach": {**breach.to_json()["outcome"], "summary": breach.summary}}
                if breach is not None
                else {}
            ),
        },
        on=on,
        person=aux.person,
        of_the_person=True,
    )


def auxiliary_breaches_propose(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date
) -> list[str]:
    """Mototaxi art. 32, IV, c from the records (ADR 0088): each auxiliary of ``permit`` with a
    final auto against him (as the auxiliary of any permit) committed on a day of a suspension of
    his credential ("não cumprir a penalidade de suspensão do credenciamento") gets a proposal to
    cassar his credential — opened as the desk's (:func:`_auxiliary_cassacao_open`), which he
    defends before the Chief Executive decides (art. 34 §1–2, D-3). The law's
    ``auxiliary_suspension_breach`` finds the autos; a breach already proposed on the same autos
    (running or decided, on any permit of his) opens nothing again, nor does one while another
    proposal against his credential is running. Returns the numbers of the cases opened."""
    from outorga.registry.ports import sanctions

    if not escalates_by_accumulation(permit.law):  # the mototaxi interface's only
        return []
    with tenant(municipality):
        auxiliaries = list(Auxiliary.objects.filter(permit=permit, status=Auxiliary.Status.ACTIVE))
        periods = sanctions().credential_suspensions([a.person_id for a in auxiliaries])
    opened = []
    for aux in auxiliaries:
        if aux.person_id not in periods:
            continue
        with tenant(municipality):
            # His autos as an auxiliary of any permit (the credential suspended is the person's),
            # but those a proposal already carries: a fact proposed (running or judged) is not
            # proposed again, with or without new autos beside it.
            proposed = _breach_autos_proposed(aux)
            autos = [
                {"id": a.number, "committed_on": a.committed_on.isoformat()}
                for a in InfractionNotice.objects.filter(
                    auxiliary__person_id=aux.person_id,
                    status=InfractionNotice.Status.ISSUED,
                    case__stage=Case.Stage.FINAL,
                ).select_related("municipality")
                if a.number not in proposed
            ]
        facts = {
            "credential_suspensions": [
                {"start": a.isoformat(), "end": b.isoformat()} for a, b in periods[aux.person_id]
            ],
            "autos_against_him": autos,
        }
        d = ask(municipality, permit.law, "auxiliary_suspension_breach", facts, on)
        if not (d.outcome or {}).get("autos"):
            continue
        try:
            case = _auxiliary_cassacao_open(
                actor=actor,
                municipality=municipality,
                permit=permit,
                auxiliary=aux,
                causes={"suspension_breached": True},
                on=on,
                breach=d,
            )
        except InvalidStep:  # an equal proposal already running
            continue
        opened.append(case.number)
    return opened


def _breach_autos_proposed(aux: Auxiliary) -> set[str]:
    """The autos a cassação of ``aux``'s credential — his person's, on any permit — was already
    proposed on (art. 32 IV c), not annulled: running, or decided — a fact judged opens no second
    proposal."""
    proposed: set[str] = set()
    for proposal in (
        Case.objects.filter(
            kind=Case.Kind.CASSACAO,
            proposal__target="credenciamento",
            person_id=aux.person_id,
        )
        .exclude(stage=Case.Stage.ANNULLED)
        .values_list("proposal", flat=True)
    ):
        proposed.update((proposal.get("breach") or {}).get("autos") or ())
    return proposed


def proposal_decide(
    *,
    actor: Actor,
    municipality: Municipality,
    case: Case,
    accept: bool,
    reasoning: str,
    on: dt.date,
) -> Case:
    """Only the Chief Executive decides a revocation or cassação, after the holder's defence or
    after its deadline lapsed (art. 34 §1–2, D-3); the act records who decided. A taxi cassação is
    asked of taxi.penalty again on the day of the decision — notified (art. 41 §5), defence judged
    or its period over (D-17) — and takes the permission (§4) or the offender's inscription in the
    Cadastro (§3): the auxiliary's credential is cassado; the holder's bar is this penalty."""
    action = proposal_action(case)
    if case.kind not in PROPOSALS:
        raise InvalidStep("não é uma proposta de revogação ou cassação")
    if accept and case.permit is not None:
        # Under no law today: only the fact of an auto of while its law was in force (ADR 0071).
        with tenant(municipality):
            auto = InfractionNotice.objects.filter(pk=case.proposal.get("auto_id")).first()
            governed(case.permit, auto.committed_on if auto is not None else None)
    authorize(actor=actor, municipality=municipality, action=action, law=case.law, on=on)
    if not reasoning.strip():
        raise FieldError("fundamentação", "a decisão deve ser fundamentada")
    refused: Refused | None = None
    with transaction.atomic(), tenant(municipality):
        case = Case.objects.select_for_update().get(pk=case.pk)
        # The step the case is at, kept by its notices, filings and the sweep (the law's periods):
        # the proposal reaches judgment only after the defence or its period (art. 34 §2, D-3).
        if case.stage != Case.Stage.DEFENCE or case.waiting != Case.Waiting.JUDGMENT:
            basis = "; ".join(c for c in (cited_for(case, "proposal_defence"), "decisão D-3") if c)
            raise InvalidStep(
                "a proposta só é decidida após a defesa do permissionário ou o fim do prazo "
                f"de defesa ({basis})"
            )
        judged: Decision | None = None
        if accept and taxi_like(case.law) and case.kind == Case.Kind.CASSACAO:
            judged = _taxi_cassacao_judgment(case, on)
            if not (judged.outcome or {}).get("may_impose"):
                # Kept in the log with the case unchanged: raised once this transaction commits.
                refused = law_refused(
                    actor=actor,
                    municipality=municipality,
                    action=f"{action}.decide",
                    d=judged,
                    obj=case,
                    new={"accept": True, "permit": case.permit.number if case.permit else None},
                )
        if refused is None:
            _proposal_decided(
                actor=actor,
                municipality=municipality,
                case=case,
                accept=accept,
                reasoning=reasoning,
                on=on,
                judged=judged,
            )
    if refused is not None:
        raise refused
    return case


def _proposal_decided(
    *,
    actor: Actor,
    municipality: Municipality,
    case: Case,
    accept: bool,
    reasoning: str,
    on: dt.date,
    judged: Decision | None,
) -> None:
    """Inside the decision's transaction, the case locked and the law's answer ``judged`` (a taxi
    cassação) allowing it: the filings judged, the permit revoked or cassado or the offender's
    inscription cassada, the penalty, the case decided and its notice, and the act."""
    action = proposal_action(case)
    basis = {
        "citations": sorted(
            set(competence_citations(case.law, action, on))
            | set(case.proposal.get("citations", []))
            | set(judged.to_json()["citations"] if judged else [])
        ),
        "decision": judged.to_json() if judged else case.proposal,
    }
    for f in case.filings.filter(result=Filing.Result.PENDING):
        f.result = Filing.Result.DISMISSED if accept else Filing.Result.UPHELD
        f.judged_by, f.judged_on, f.reasoning = actor.user, on, reasoning.strip()
        f.save(update_fields=["result", "judged_by", "judged_on", "reasoning"])
    permit = case.permit
    assert permit is not None
    target = case.proposal.get("target", "permissao")
    if accept:
        why = f"{case.get_kind_display()} {case.number}: {reasoning.strip()}"
        offender = case.proposal.get("offender") or {}
        cadastro = judged is not None and target == "cadastro"
        # Mototaxi art. 32 IV: the auxiliary's credential only; taxi: the auxiliary's inscription
        # in the Cadastro.
        if target == "credenciamento" or (cadastro and offender.get("kind") == "auxiliary"):
            auxiliary_cassar(
                actor=actor,
                municipality=municipality,
                auxiliary=Auxiliary.objects.get(pk=offender["auxiliary_id"]),
                on=on,
                reason=why,
                basis=basis,
            )
        elif cadastro:
            # The holder's inscription is the permit's number in the Cadastro; the permission
            # itself stays (its cassação is §4's, for gravíssima only): the holder's bar from
            # driving a taxi is this penalty, on record with the act.
            pass
        else:
            fn = permit_revoke if case.kind == Case.Kind.REVOCATION else permit_cassar
            fn(
                actor=actor,
                municipality=municipality,
                permit=permit,
                on=on,
                reason=why,
                basis=basis,
            )
        Penalty.objects.create(
            kind=Penalty.Kind.REVOCATION
            if case.kind == Case.Kind.REVOCATION
            else Penalty.Kind.CASSACAO,
            case=case,
            permit=permit,
            imposed_on=on,
            decision={**judged.to_json(), "target": target, "offender": offender or None}
            if judged is not None
            else case.proposal,
        )
    case.stage, case.waiting, case.final_on = Case.Stage.DECIDED, Case.Waiting.NONE, on
    case.outcome = ("acolhida: " if accept else "rejeitada: ") + reasoning.strip()
    case.save(update_fields=["stage", "waiting", "final_on", "outcome"])
    Notice.objects.create(case=case, purpose=Notice.Purpose.EXECUTIVE_DECISION, act_on=on)
    record_act(
        municipality=municipality,
        actor=actor,
        action=f"{action}.decide",
        obj=case,
        new={
            "accept": accept,
            "permit": permit.number,
            "reasoning": reasoning.strip(),
            **(
                {"target": target, "offender": case.proposal.get("offender")}
                if case.kind == Case.Kind.CASSACAO and "target" in case.proposal
                else {}
            ),
        },
        basis=basis,
    )


def _taxi_cassacao_judgment(case: Case, on: dt.date) -> Decision:
    """Inside the decision's transaction: the law's word on whether the taxi cassação may be
    imposed on ``on`` — its basis still stands (the auto not cancelled, art. 41 §3–4), the
    proposal was notified (art. 41 §5) and its defence judged now or its period over (art. 41
    caput, D-17)."""
    auto = InfractionNotice.objects.filter(pk=case.proposal.get("auto_id")).first()
    if auto is None:
        raise InvalidStep("a proposta não indica o auto de infração que a fundamenta")
    notice = (
        case.notices.filter(purpose=Notice.Purpose.PROPOSAL, notified_on__isnull=False)
        .order_by("notified_on")
        .first()
    )
    facts = _taxi_cassacao_facts(auto, case.proposal.get("target", "permissao"), on)
    if notice is not None and notice.notified_on is not None:
        facts["notified_on"] = notice.notified_on.isoformat()
    if case.filings.exists():
        facts["defence_judged_on"] = on.isoformat()  # judged in this very decision
    return ask(case.municipality, case.law, "penalty", facts, on)
