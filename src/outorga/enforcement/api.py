"""API of enforcement (``/api/v1/enforcement/…``): every step of the processo administrativo.

Staff routes use the session (``staff``); the holder's routes (``/enforcement/me/…``) accept the
permissionário's session. Refusals answer 422 with the law core's reasons; competence 403.
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils import timezone
from ninja import Field, Router, Schema, Status
from ninja.security import django_auth
from pydantic import field_validator

from outorga.core.apikit import IsoDate, staff
from outorga.core.apipages import Rows, paged
from outorga.core.lawseam import LawNotBound, law_of
from outorga.core.localtime import day_of
from outorga.core.requests import actor_of, user_of
from outorga.law.competence import Role, is_allowed
from outorga.registry.models import Auxiliary, Permit
from outorga.registry.selectors import document_as_seen
from outorga.registry.validation import FieldError

from . import selectors
from .lawbridge import catalog
from .models import Case, Escalation, Filing, InfractionNotice, Notice, Seizure
from .services.annulment import case_annul_ex_officio, infraction_cancel
from .services.autos import infraction_issue
from .services.filings import filing_file
from .services.filings import filing_judge as filing_judge_service
from .services.notices import edital_publish as edital_publish_service
from .services.notices import notice_deliver as notice_deliver_service
from .services.notices import notice_unlocated as notice_unlocated_service
from .services.proposals import proposal_decide as proposal_decide_service
from .services.proposals import proposal_open_cassacao
from .services.reconsideration import appeal_reconsider
from .services.reconsideration import appeal_with as appeal_stage
from .services.seizures import seizure_bill_storage
from .services.seizures import seizure_create as seizure_create_service
from .services.seizures import seizure_release as seizure_release_service
from .services.suspensions import suspension_impose as suspension_impose_service
from .services.suspensions import taxi_register_suspension_impose, taxi_suspension_impose

router = Router(tags=["fiscalização"], auth=staff)


def _m(request: HttpRequest) -> Any:
    m = user_of(request).municipality
    assert m is not None
    return m


def _acting(request: HttpRequest) -> dict[str, Any]:
    """Who acts and where: the ``actor`` and ``municipality`` every service is called with."""
    return {"actor": actor_of(request), "municipality": _m(request)}


# --- schemas ----------------------------------------------------------------------------------------


class InfractionTypeOut(Schema):
    code: str
    description: str
    severity: str
    citation: str
    seizure: bool


class FileIn(Schema):
    name: str
    content_base64: str = Field(..., description="o conteúdo do arquivo em base64 (RFC 4648)")

    @field_validator("content_base64")
    @classmethod
    def _is_base64(cls, value: str) -> str:
        try:
            base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            raise ValueError("base64 inválido (RFC 4648: A–Z, a–z, 0–9, + e /, com =)") from None
        return value


class AutoIn(Schema):
    code: str
    committed_at: dt.datetime
    place: str
    description: str
    agent_registration: str
    permit_id: int | None = None
    law: str | None = None
    #: Without a permit: the service performed (mototaxi, motofrete, taxi…); its law bound on the
    #: day of the fact is the auto's (mototaxi art. 35, taxi art. 16). ``law`` names it instead.
    service: str | None = None
    plate: str = ""
    committed_by: str = "holder"
    auxiliary_id: int | None = None
    offender_name: str = ""
    #: Without a permit: the offender's CPF or CNPJ, found in the registry when registered.
    offender_document: str = ""
    offender_signed: bool = False
    refusal_certified: bool = False
    witnesses: list[str] = []
    lat: float | None = None
    lon: float | None = None
    photos: list[FileIn] = []
    warning: bool = False
    #: Mototaxi art. 31 §3: the irregularity can be remedied.
    warning_fixable: bool = False
    #: Mototaxi art. 31 §3: no risk to safety or continuity; taxi art. 41 §1: no harm to the
    #: passengers' comfort or safety.
    warning_harmless: bool = False
    #: Taxi art. 42: measures applied with the auto — retencao, remocao, afastamento_veiculo,
    #: afastamento_taxista; retention only when fixable on the spot and safe (§1).
    measures: list[str] = []
    measure_fixable_on_site: bool = False
    measure_safe: bool = False


class NoticeOut(Schema):
    id: int
    purpose: str
    form: str
    notified_on: IsoDate | None
    deadline: IsoDate | None
    unlocated_on: IsoDate | None = None
    unlocated_how: str = ""


class FilingOut(Schema):
    id: int
    stage: str
    channel: str
    filed_on: IsoDate
    deadline: IsoDate
    result: str
    reasoning: str
    #: Lei 9.784/1999 art. 56 §1 (where the case's law has it): the last day the authority that
    #: decided may reconsider, the day it sent the appeal up, and where the appeal now stands —
    #: ``reconsideration`` (with that authority), ``superior`` (to be judged by the superior one).
    reconsider_until: IsoDate | None = None
    forwarded_on: IsoDate | None = None
    appeal_with: str = ""

    @staticmethod
    def resolve_appeal_with(obj: Filing) -> str:
        return appeal_stage(obj, timezone.localdate())


class CaseOut(Schema):
    id: int
    number: str
    kind: str
    law: str
    stage: str
    waiting: str
    deadline: IsoDate | None
    revelia: bool
    final_on: IsoDate | None
    outcome: str
    auto: dict[str, Any] | None
    #: The CPF or CNPJ of whom the case is against: the holder, or the offender without a permit.
    person: str | None
    notices: list[NoticeOut]
    filings: list[FilingOut]
    #: Whether the caller's role may reconsider the appeal now (Lei 9.784/1999 art. 56 §1).
    can_reconsider: bool = False


def _case_out(case: Case, role: str) -> dict[str, Any]:
    """The case as ``role`` may read it: the person's CPF/CNPJ, and the one written on an auto
    without a permit, as the registry shows a document to that role (``document_as_seen``)."""
    auto = case.auto
    person = case.person
    return {
        "id": case.pk,
        "number": case.number,
        "kind": case.kind,
        "law": case.law,
        "stage": case.stage,
        "waiting": case.waiting,
        "deadline": case.deadline,
        "revelia": case.revelia,
        "final_on": case.final_on,
        "outcome": case.outcome,
        "auto": None
        if auto is None
        else {
            "id": auto.pk,
            "number": auto.number,
            "code": auto.infraction_code,
            "provision": auto.provision,
            "severity": auto.severity,
            "plate": auto.plate,
            "permit": auto.permit_number,
            "committed_at": auto.committed_at,
            "committed_by": auto.committed_by,
            "status": auto.status,
            "decision": auto.decision,
            "offender": auto.offender_name,
            "offender_registration": selectors.offender_registration_as_seen(auto, role),
            "measures": auto.measures,
            "seizure": auto.seizure,
        },
        "person": None if person is None else document_as_seen(person.document, role),
        "notices": list(case.notices.order_by("id")),
        "filings": list(case.filings.order_by("id")),
        "can_reconsider": any(
            appeal_stage(f, timezone.localdate()) == "reconsideration"
            for f in case.filings.filter(result=Filing.Result.PENDING)
        )
        and is_allowed(role, "appeal.reconsider", case.law, timezone.localdate()),
    }


class DeliverIn(Schema):
    form: str
    on: IsoDate
    reference: str = ""


class UnlocatedIn(Schema):
    on: IsoDate
    how: str
    note: str = ""


class FilingIn(Schema):
    text: str
    filed_on: IsoDate | None = None
    attachments: list[FileIn] = []


class JudgeIn(Schema):
    upheld: bool
    reasoning: str
    on: IsoDate | None = None


class DecideIn(Schema):
    accept: bool
    reasoning: str
    on: IsoDate | None = None


class ImposeIn(Schema):
    start: IsoDate


class CancelIn(Schema):
    reason: str


class SeizureIn(Schema):
    auto_id: int
    depot: str
    entered_on: IsoDate
    removal_cents: int
    storage_daily_cents: int


class SeizureOut(Schema):
    id: int
    plate: str
    status: str
    depot: str
    entered_on: IsoDate
    storage_days: int
    released_on: IsoDate | None


class OnIn(Schema):
    on: IsoDate


class EditalIn(Schema):
    notice_ids: list[int]
    published_on: IsoDate
    edition: str


def _files(files: list[FileIn]) -> list[tuple[str, bytes]]:
    return [(f.name, base64.b64decode(f.content_base64, validate=True)) for f in files]


def _today() -> dt.date:
    return timezone.localdate()


def _fields(payload: Schema) -> dict[str, Any]:
    """The body's fields as the service's keywords, named alike; a day left out (``on``) is
    today."""
    fields = payload.model_dump()
    if "on" in fields:
        fields["on"] = fields["on"] or _today()
    return fields


def _one(model: Any, pk: int) -> Any:
    """The row of ``model`` with this id, of this municipality (404 otherwise, whatever its id)."""
    return get_object_or_404(model.objects.all(), pk=pk)


def _named(model: Any, pk: int | None) -> Any:
    """The row of ``model`` an optional id of the body names (404 when it is not this
    municipality's), or None when none is named."""
    return _one(model, pk) if pk else None


def _case_now(request: HttpRequest, **which: Any) -> dict[str, Any]:
    """The case as the step left it, as the caller's role may read it (:func:`_case_out`)."""
    return _case_out(Case.objects.get(**which), actor_of(request).role)


def _act(request: HttpRequest, service: Callable[..., Any], payload: Schema, **row: Any) -> Any:
    """``service`` called by the servant asking here on the ``row`` it acts on (its keyword), with
    the body's fields (:func:`_fields`); its answer is the route's."""
    return service(**_acting(request), **row, **_fields(payload))


def _case_step(
    request: HttpRequest, case_id: int, service: Callable[..., Any], payload: Schema
) -> dict[str, Any]:
    """A step on the case (this municipality's; 404 otherwise) by the servant asking here, with
    the body's fields (:func:`_fields`), answered with the case as the step left it."""
    case = _one(Case, case_id)
    _act(request, service, payload, case=case)
    return _case_now(request, pk=case.pk)


def _filed(
    request: HttpRequest, case: Case, payload: FilingIn, filed_on: dt.date, channel: str
) -> Any:
    """File a defence or appeal (on paper or through the portal) and answer 201 with it."""
    return Status(
        201,
        filing_file(
            **_acting(request),
            case=case,
            text=payload.text,
            filed_on=filed_on,
            attachments=_files(payload.attachments),
            channel=channel,
        ),
    )


# --- catalog and autos -------------------------------------------------------------------------------


@router.get(
    "/infraction-types",
    summary="Catálogo de infrações da lei (mototáxi art. 38–41; táxi art. 41 §2 e itens do regulamento, art. 43)",
    response=list[InfractionTypeOut],
)
@paged(as_listed="code")  # the law's order of articles
def infraction_types(
    request: HttpRequest,
    law: str | None = None,
    servico: str = "mototaxi",
    on: IsoDate | None = None,
) -> Any:
    """The catalog in force on ``on`` (the date of the fact; today by default) of ``law``, or of
    the law bound that day to ``servico`` (mototáxi by default): mototaxi art. 38–41; taxi art. 41
    §2 plus the regulation's items (art. 43)."""
    day = on or timezone.localdate()
    if law is None:
        try:
            law = law_of(_m(request), servico, day)
        except LawNotBound:
            return []
    if law not in _m(request).laws:
        return []
    return catalog(law, selectors.taxi_items(day), day)


@router.post(
    "/autos",
    summary="Lavrar auto de infração (mototáxi art. 29–30; táxi art. 41 §5)",
    response={201: CaseOut},
)
def auto_issue(request: HttpRequest, payload: AutoIn) -> Any:
    permit = _named(Permit, payload.permit_id)
    aux = _named(Auxiliary, payload.auxiliary_id)
    auto = infraction_issue(
        **_acting(request),
        code=payload.code,
        committed_at=payload.committed_at,
        place=payload.place,
        description=payload.description,
        agent_registration=payload.agent_registration,
        plate=payload.plate,
        permit=permit,
        law=payload.law or _service_law(request, payload.service, payload.committed_at),
        committed_by=payload.committed_by,
        auxiliary=aux,
        offender_name=payload.offender_name,
        offender_document=payload.offender_document,
        offender_signed=payload.offender_signed,
        refusal_certified=payload.refusal_certified,
        witnesses=payload.witnesses,
        gps=(payload.lat, payload.lon)
        if payload.lat is not None and payload.lon is not None
        else None,
        photos=_files(payload.photos),
        warning=payload.warning,
        warning_fixable=payload.warning_fixable,
        warning_harmless=payload.warning_harmless,
        measures=payload.measures,
        measure_fixable_on_site=payload.measure_fixable_on_site,
        measure_safe=payload.measure_safe,
    )
    return Status(201, _case_now(request, auto=auto))


def _service_law(request: HttpRequest, service: str | None, at: dt.datetime) -> str | None:
    """The law bound to ``service`` on the day of the fact; None when no service is named."""
    if not service:
        return None
    try:
        m = _m(request)
        return law_of(m, service, day_of(m, at))
    except LawNotBound:
        raise FieldError(
            "service", f"nenhuma lei rege o serviço {service} neste município"
        ) from None


@router.post(
    "/autos/{auto_id}/cancel",
    summary="Cancelar auto de infração (autoridade, com motivo; nada é apagado)",
    description=(
        "Cancelar o auto é anulá-lo de ofício (Lei 9.784/1999, art. 53; decisão D-17), com o "
        "motivo como fundamento: o processo é anulado, a multa paga é devolvida, os débitos em "
        "aberto são cancelados, o veículo apreendido é liberado sem custos e a defesa ou o "
        "recurso pendente fica prejudicado (art. 52)."
    ),
    response=CaseOut,
)
def auto_cancel(request: HttpRequest, auto_id: int, payload: CancelIn) -> Any:
    auto = _one(InfractionNotice, auto_id)
    _act(request, infraction_cancel, payload, auto=auto)
    return _case_now(request, auto=auto)


# --- cases ------------------------------------------------------------------------------------------


@router.get(
    "/cases/{case_id}",
    summary="Um processo administrativo, com prazos e etapas",
    response=CaseOut,
)
def case_get(request: HttpRequest, case_id: int) -> Any:
    return _case_out(_one(Case, case_id), actor_of(request).role)


@router.post(
    "/notices/{notice_id}/deliver",
    summary="Registrar a entrega de uma notificação",
    response=NoticeOut,
)
def notice_deliver(request: HttpRequest, notice_id: int, payload: DeliverIn) -> Any:
    return _act(request, notice_deliver_service, payload, notice=_one(Notice, notice_id))


@router.post(
    "/notices/{notice_id}/unlocated",
    summary="Registrar que o infrator não foi localizado para a notificação",
    description=(
        "A tentativa frustrada de localizar o infrator (AR devolvido — mudou-se, desconhecido, "
        "ausente; não encontrado no endereço; outro, descrito): na lei de mototáxi, a notificação "
        "de uma decisão só pode ir por edital quando o infrator não for localizado (art. 43–44)."
    ),
    response=NoticeOut,
)
def notice_unlocated(request: HttpRequest, notice_id: int, payload: UnlocatedIn) -> Any:
    return _act(request, notice_unlocated_service, payload, notice=_one(Notice, notice_id))


@router.post(
    "/notices/edital",
    summary="Publicar notificações por edital",
    response=list[NoticeOut],
)
def edital_publish(request: HttpRequest, payload: EditalIn) -> Any:
    notices = list(Notice.objects.filter(pk__in=payload.notice_ids, notified_on__isnull=True))
    return edital_publish_service(
        **_acting(request),
        notices=notices,
        published_on=payload.published_on,
        edition=payload.edition,
    )


@router.post(
    "/cases/{case_id}/filings",
    summary="Protocolar defesa ou recurso entregue em papel",
    response={201: FilingOut},
)
def filing_paper(request: HttpRequest, case_id: int, payload: FilingIn) -> Any:
    """A defence or appeal filed on paper, registered by the clerk."""
    case = _one(Case, case_id)
    return _filed(request, case, payload, payload.filed_on or _today(), Filing.Channel.PAPER)


@router.post(
    "/filings/{filing_id}/judge",
    summary="Julgar defesa ou recurso (autoridade, JARI ou Chefe do Executivo, conforme a lei)",
    response=FilingOut,
)
def filing_judge(request: HttpRequest, filing_id: int, payload: JudgeIn) -> Any:
    return _act(request, filing_judge_service, payload, filing=_one(Filing, filing_id))


class ReconsiderIn(Schema):
    #: ``annul``: the decision appealed against is reconsidered and falls; ``confirm``: it is
    #: kept and the appeal goes up to the superior authority.
    result: str
    reasoning: str
    on: IsoDate | None = None


@router.post(
    "/filings/{filing_id}/reconsider",
    summary="Reconsiderar a decisão recorrida ou encaminhar o recurso à autoridade superior "
    "(Lei 9.784/1999, art. 56, §1º)",
    response=FilingOut,
)
def filing_reconsider(request: HttpRequest, filing_id: int, payload: ReconsiderIn) -> Any:
    return _act(request, appeal_reconsider, payload, filing=_one(Filing, filing_id))


@router.post(
    "/cases/{case_id}/decide",
    summary="Decidir proposta de revogação ou cassação (D-3)",
    response=CaseOut,
)
def proposal_decide(request: HttpRequest, case_id: int, payload: DecideIn) -> Any:
    return _case_step(request, case_id, proposal_decide_service, payload)


class AnnulIn(Schema):
    #: The vício de legalidade described, with the facts and the legal grounds (Lei 9.784/1999
    #: art. 50, I and VIII).
    grounds: str = Field(..., description="fundamentos: o vício de legalidade do ato")
    on: IsoDate | None = None


@router.post(
    "/cases/{case_id}/annul",
    summary="Anular de ofício auto de infração, penalidade, revogação ou cassação da permissão "
    "eivados de vício de legalidade (Lei 9.784/1999, art. 53)",
    response=CaseOut,
)
def case_annul(request: HttpRequest, case_id: int, payload: AnnulIn) -> Any:
    """Autos e penalidades: a autoridade que os aplica. Revogação ou cassação da permissão: a
    autoridade que a decidiu (decisão D-3), e a permissão volta à situação que tinha, com os
    auxiliares desligados com ela; a cota excedida é informada no resultado, não recusa."""
    return _case_step(request, case_id, case_annul_ex_officio, payload)


@router.get("/queue", summary="Fila de trabalho por prazo")
def queue(request: HttpRequest) -> Any:
    """The caller's work queue, nearest deadline first."""
    q = selectors.queue(user_of(request))
    out: dict[str, Any] = {}
    for key, rows in q.items():
        if key == "suspensions":
            out[key] = [
                {
                    "id": e.pk,
                    "permit": e.permit.number,
                    "days": e.days,
                    "counted": [a.number for a in e.counted.all()],
                    "citations": e.decision.get("citations", []),
                }
                for e in rows
            ]
        elif key in ("defences", "appeals", "proposals"):
            out[key] = [
                {"id": c.pk, "number": c.number, "stage": c.stage, "deadline": c.deadline}
                for c in rows
            ]
        else:
            out[key] = len(rows)
    return out


@router.post(
    "/escalations/{escalation_id}/impose",
    summary="Aplicar a suspensão proposta pela reincidência",
)
def suspension_impose(request: HttpRequest, escalation_id: int, payload: ImposeIn) -> Any:
    esc = _one(Escalation, escalation_id)
    esc = _act(request, suspension_impose_service, payload, escalation=esc)
    return {"id": esc.pk, "status": esc.status, "starts_on": esc.starts_on, "ends_on": esc.ends_on}


class CassacaoIn(Schema):
    #: Mototaxi: the causes of art. 32 III / art. 47 — with ``auxiliary_id``, those of art. 32 IV
    #: against that auxiliary's credential.
    causes: dict[str, Any] = {}
    #: Mototaxi art. 32 IV: the permit's active auxiliary whose credential is to be cassado.
    auxiliary_id: int | None = None
    #: Taxi: the final infraction and what it cassates, "cadastro" (art. 41 IV, §3) or
    #: "permissao" (art. 41 V, §4).
    auto_id: int | None = None
    target: str = ""
    on: IsoDate | None = None


class TaxiSuspensionIn(Schema):
    auto_id: int
    days: int
    start: IsoDate
    reason: str = ""


@router.post(
    "/permits/{permit_id}/cassacao-proposal",
    summary="Propor cassação da permissão",
    response={201: CaseOut},
)
def cassacao_propose(request: HttpRequest, permit_id: int, payload: CassacaoIn) -> Any:
    """Open a cassação proposal under the permit's law — mototaxi: the causes of art. 32 III /
    art. 47; taxi: a final infraction and the target (art. 41 §3–4) — decided by the Chief
    Executive after the defence (D-3)."""
    permit = _one(Permit, permit_id)
    case = proposal_open_cassacao(
        **_acting(request),
        permit=permit,
        causes=payload.causes,
        auto=_named(InfractionNotice, payload.auto_id),
        target=payload.target,
        on=payload.on or _today(),
        auxiliary=_named(Auxiliary, payload.auxiliary_id),
    )
    return Status(201, _case_out(case, actor_of(request).role))


def _suspension_of(
    permit_id: int, payload: TaxiSuspensionIn
) -> tuple[Permit, InfractionNotice, dict[str, Any]]:
    """What a taxi suspension (art. 42 IV–V) acts on: the permit and the final auto the body
    names, each of this municipality (404 otherwise), and the days from the start, with the
    reason."""
    permit = _one(Permit, permit_id)
    auto = _one(InfractionNotice, payload.auto_id)
    return permit, auto, payload.dict(include={"days", "start", "reason"})


@router.post(
    "/permits/{permit_id}/taxi-suspension",
    summary="Suspender a permissão de táxi (art. 42, V)",
)
def taxi_suspension(request: HttpRequest, permit_id: int, payload: TaxiSuspensionIn) -> Any:
    """Taxi art. 42 V: suspension of the permission, at most 90 days (D-10), on a final auto of
    the permission (D-1; art. 41 caput)."""
    permit, auto, span = _suspension_of(permit_id, payload)
    p = taxi_suspension_impose(**_acting(request), permit=permit, auto=auto, **span)
    return {"permit": p.number, "status": p.status, "suspended_until": p.suspended_until}


class TaxiRegisterSuspensionIn(TaxiSuspensionIn):
    auxiliary_id: int | None = Field(
        None, description="auxiliar desta permissão; sem ele, suspende-se o cadastro do titular"
    )


class RegisterSuspensionOut(Schema):
    penalty_id: int
    permit: str
    status: str


@router.post(
    "/permits/{permit_id}/taxi-register-suspension",
    summary="Suspender a inscrição no Cadastro Municipal de Taxistas (art. 42, IV)",
    response={201: RegisterSuspensionOut},
)
def taxi_register_suspension(
    request: HttpRequest, permit_id: int, payload: TaxiRegisterSuspensionIn
) -> Any:
    """Taxi art. 42 IV: suspension of the holder's or an auxiliary's inscription in the Cadastro
    Municipal de Taxistas, at most 90 days (D-10), on a final auto committed by that person
    (D-1; art. 41 caput). The permission itself is not touched."""
    permit, auto, span = _suspension_of(permit_id, payload)
    auxiliary = (
        get_object_or_404(Auxiliary.objects.all(), pk=payload.auxiliary_id, permit=permit)
        if payload.auxiliary_id is not None
        else None
    )
    penalty = taxi_register_suspension_impose(
        **_acting(request),
        permit=permit,
        infraction=auto,
        auxiliary=auxiliary,
        **span,
    )
    return Status(201, {"penalty_id": penalty.pk, "permit": permit.number, "status": permit.status})


# --- seizures ---------------------------------------------------------------------------------------


@router.post("/seizures", summary="Registrar apreensão de veículo", response={201: SeizureOut})
def seizure_create(request: HttpRequest, payload: SeizureIn) -> Any:
    auto = get_object_or_404(InfractionNotice.objects.select_related("permit"), pk=payload.auto_id)
    return Status(
        201,
        seizure_create_service(
            **_acting(request),
            person=None,
            plate=auto.plate,
            depot=payload.depot,
            entered_on=payload.entered_on,
            removal_cents=payload.removal_cents,
            storage_daily_cents=payload.storage_daily_cents,
            auto=auto,
        ),
    )


@router.post(
    "/seizures/{seizure_id}/storage",
    summary="Cobrar as diárias de estadia ainda não cobradas do veículo apreendido (mototáxi art. 35 §1; táxi art. 42 §2)",
)
def seizure_storage(request: HttpRequest, seizure_id: int, payload: OnIn) -> Any:
    s = _one(Seizure, seizure_id)
    debt = seizure_bill_storage(**_acting(request), seizure=s, through=payload.on)
    return {
        "debt": debt.reference if debt else None,
        "amount_cents": debt.amount_cents if debt else 0,
    }


@router.post(
    "/seizures/{seizure_id}/release",
    summary="Liberar veículo apreendido",
    response=SeizureOut,
)
def seizure_release(request: HttpRequest, seizure_id: int, payload: OnIn) -> Any:
    return _act(request, seizure_release_service, payload, seizure=_one(Seizure, seizure_id))


# --- the holder -------------------------------------------------------------------------------------


def _holder_cases(request: HttpRequest) -> Any:
    user = user_of(request)
    person = selectors.person_of(user) if user.role == Role.PERMISSIONARIO else None
    if person is None:
        return Case.objects.none()
    return selectors.holder_cases(person)


@router.get(
    "/me/cases",
    summary="Meus processos (permissionário)",
    response=list[CaseOut],
    auth=django_auth,
    tags=["portal"],
)
@paged("-created_at", "-id")
def my_cases(request: HttpRequest) -> Rows:
    return Rows(_holder_cases(request), lambda c: _case_out(c, Role.PERMISSIONARIO))


@router.post(
    "/me/cases/{case_id}/filings",
    summary="Apresentar defesa ou recurso pelo portal (permissionário)",
    response={201: FilingOut},
    auth=django_auth,
    tags=["portal"],
)
def my_filing(request: HttpRequest, case_id: int, payload: FilingIn) -> Any:
    """The holder's defence or appeal, online, with attachments."""
    case = get_object_or_404(_holder_cases(request), pk=case_id)
    return _filed(request, case, payload, _today(), Filing.Channel.PORTAL)
