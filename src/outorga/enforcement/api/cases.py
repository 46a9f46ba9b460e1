"""The case and its steps: notices, edital, defences and appeals, judgment and reconsideration,
the proposal's decision, the annulment of the authority's own motion, the taxi warning in place of
the fine (art. 41, I and §1; art. 46, D-17), and the work queue."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest
from ninja import Field, Router, Schema

from outorga.core.apikit import IsoDate
from outorga.core.requests import user_of
from outorga.law.citations import lei_9784

from .. import selectors
from ..models import Case, Filing, Notice
from ..services.annulment import case_annul_ex_officio
from ..services.autos import auto_warning_apply
from ..services.filings import filing_judge as filing_judge_service
from ..services.notices import edital_publish as edital_publish_service
from ..services.notices import notice_deliver as notice_deliver_service
from ..services.notices import notice_unlocated as notice_unlocated_service
from ..services.proposals import proposal_decide as proposal_decide_service
from ..services.reconsideration import appeal_reconsider
from .common import (
    CaseOut,
    FilingIn,
    FilingOut,
    NoticeOut,
    act,
    acting,
    case_now,
    case_step,
    filed,
    one,
    today,
)

router = Router()


class DeliverIn(Schema):
    form: str
    on: IsoDate
    reference: str = ""


class UnlocatedIn(Schema):
    on: IsoDate
    how: str
    note: str = ""


class JudgeIn(Schema):
    upheld: bool
    reasoning: str
    on: IsoDate | None = None


class DecideIn(Schema):
    accept: bool
    reasoning: str
    on: IsoDate | None = None


class EditalIn(Schema):
    notice_ids: list[int]
    published_on: IsoDate
    edition: str


@router.get(
    "/cases/{case_id}",
    summary="Um processo administrativo, com prazos e etapas",
    response=CaseOut,
    operation_id="outorga_enforcement_api_case_get",
)
def case_get(request: HttpRequest, case_id: int) -> Any:
    return one(Case, case_id)


@router.post(
    "/notices/{notice_id}/deliver",
    summary="Registrar a entrega de uma notificação",
    response=NoticeOut,
    operation_id="outorga_enforcement_api_notice_deliver",
)
def notice_deliver(request: HttpRequest, notice_id: int, payload: DeliverIn) -> Any:
    return act(request, notice_deliver_service, payload, notice=one(Notice, notice_id))


@router.post(
    "/notices/{notice_id}/unlocated",
    summary="Registrar que o infrator não foi localizado para a notificação",
    description=(
        "A tentativa frustrada de localizar o infrator (AR devolvido — mudou-se, desconhecido, "
        "ausente; não encontrado no endereço; outro, descrito): na lei de mototáxi, a notificação "
        "de uma decisão só pode ir por edital quando o infrator não for localizado (art. 43–44)."
    ),
    response=NoticeOut,
    operation_id="outorga_enforcement_api_notice_unlocated",
)
def notice_unlocated(request: HttpRequest, notice_id: int, payload: UnlocatedIn) -> Any:
    return act(request, notice_unlocated_service, payload, notice=one(Notice, notice_id))


@router.post(
    "/notices/edital",
    summary="Publicar notificações por edital",
    response=list[NoticeOut],
    operation_id="outorga_enforcement_api_edital_publish",
)
def edital_publish(request: HttpRequest, payload: EditalIn) -> Any:
    notices = list(Notice.objects.filter(pk__in=payload.notice_ids, notified_on__isnull=True))
    return edital_publish_service(
        **acting(request),
        notices=notices,
        published_on=payload.published_on,
        edition=payload.edition,
    )


@router.post(
    "/cases/{case_id}/filings",
    summary="Protocolar defesa ou recurso entregue em papel",
    response={201: FilingOut},
    operation_id="outorga_enforcement_api_filing_paper",
)
def filing_paper(request: HttpRequest, case_id: int, payload: FilingIn) -> Any:
    """A defence or appeal filed on paper, registered by the clerk."""
    case = one(Case, case_id)
    return filed(request, case, payload, payload.filed_on or today(), Filing.Channel.PAPER)


@router.post(
    "/filings/{filing_id}/judge",
    summary="Julgar defesa ou recurso (autoridade, JARI ou Chefe do Executivo, conforme a lei)",
    response=FilingOut,
    operation_id="outorga_enforcement_api_filing_judge",
)
def filing_judge(request: HttpRequest, filing_id: int, payload: JudgeIn) -> Any:
    return act(request, filing_judge_service, payload, filing=one(Filing, filing_id))


class ReconsiderIn(Schema):
    #: ``annul``: the decision appealed against is reconsidered and falls; ``confirm``: it is
    #: kept and the appeal goes up to the superior authority.
    result: str
    reasoning: str
    on: IsoDate | None = None


@router.post(
    "/filings/{filing_id}/reconsider",
    summary="Reconsiderar a decisão recorrida ou encaminhar o recurso à autoridade superior "
    f"({lei_9784(56, 1)})",
    response=FilingOut,
    operation_id="outorga_enforcement_api_filing_reconsider",
)
def filing_reconsider(request: HttpRequest, filing_id: int, payload: ReconsiderIn) -> Any:
    return act(request, appeal_reconsider, payload, filing=one(Filing, filing_id))


@router.post(
    "/cases/{case_id}/decide",
    summary="Decidir proposta de revogação ou cassação (D-3)",
    response=CaseOut,
    operation_id="outorga_enforcement_api_proposal_decide",
)
def proposal_decide(request: HttpRequest, case_id: int, payload: DecideIn) -> Any:
    return case_step(request, case_id, proposal_decide_service, payload)


class AnnulIn(Schema):
    #: The vício de legalidade described, with the facts and the legal grounds (Lei 9.784/1999
    #: art. 50, I and VIII).
    grounds: str = Field(..., description="fundamentos: o vício de legalidade do ato")
    on: IsoDate | None = None


@router.post(
    "/cases/{case_id}/annul",
    summary="Anular de ofício auto de infração, penalidade, revogação ou cassação da permissão "
    f"eivados de vício de legalidade ({lei_9784(53)})",
    response=CaseOut,
    operation_id="outorga_enforcement_api_case_annul",
)
def case_annul(request: HttpRequest, case_id: int, payload: AnnulIn) -> Any:
    """Autos e penalidades: a autoridade que os aplica. Revogação ou cassação da permissão: a
    autoridade que a decidiu (decisão D-3), e a permissão volta à situação que tinha, com os
    auxiliares desligados com ela; a cota excedida é informada no resultado, não recusa."""
    return case_step(request, case_id, case_annul_ex_officio, payload)


class WarningIn(Schema):
    harmless: bool = Field(
        False,
        description="a conduta não afeta o conforto nem a segurança dos passageiros (táxi art. 41, §1º)",
    )
    on: IsoDate | None = Field(None, description="data da decisão; padrão: hoje")


@router.post(
    "/cases/{case_id}/warning",
    summary="Aplicar advertência em lugar da multa do auto (táxi art. 41, I e §1º; art. 46)",
    description=(
        "A autoridade competente substitui a multa do auto pela advertência escrita enquanto o "
        "processo corre — defesa ou recurso em curso (art. 41, caput: contraditório e ampla "
        "defesa; decisão D-1) —, só para conduta primária que não afete o conforto ou a segurança "
        "dos passageiros (art. 41, §1º; decisão D-17). Quando o processo se torna definitivo, "
        "aplica-se a advertência, sem multa."
    ),
    response=CaseOut,
    operation_id="outorga_enforcement_api_case_warning",
)
def case_warning(request: HttpRequest, case_id: int, payload: WarningIn) -> Any:
    """Taxi art. 41, I and §1; art. 46 with D-17 (ADR 0067): the service judges the competence,
    the case still open, the day and the law's answer, as on the case page."""
    case = one(Case, case_id)
    if case.auto is None:
        raise Http404
    act(request, auto_warning_apply, payload, auto=case.auto)
    return case_now(pk=case.pk)


@router.get(
    "/queue",
    summary="Fila de trabalho por prazo",
    operation_id="outorga_enforcement_api_queue",
)
def queue(request: HttpRequest) -> Any:
    """The caller's work queue: defences and appeals to judge the oldest first, with the day each
    was presented and, where the law sets one, the last day to judge it; the rest the nearest
    deadline first."""
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
        elif key in ("defences", "appeals"):
            # Awaiting judgment since ``filed_on``; ``deadline`` was the last day to file;
            # ``judge_until`` the last day to judge, where the law sets one (Lei 9.784/1999 art.
            # 59 §1, D-17; ADR 0084), else null.
            out[key] = [
                {
                    "id": c.pk,
                    "number": c.number,
                    "stage": c.stage,
                    "deadline": c.deadline,
                    "filed_on": c.filed_on,
                    "judge_until": c.judge_until,
                }
                for c in rows
            ]
        elif key == "proposals":
            # Ready for decision since ``waiting_since`` (null until then); ``deadline`` was the
            # last day of the defence.
            out[key] = [
                {
                    "id": c.pk,
                    "number": c.number,
                    "stage": c.stage,
                    "deadline": c.deadline,
                    "waiting_since": c.waiting_since,
                }
                for c in rows
            ]
        else:
            out[key] = len(rows)
    return out
