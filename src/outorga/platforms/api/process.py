"""Staff routes of the platforms' due process (art. 26 I–II, IV and parágrafo único; D-1, D-3,
D-4, D-17), the same services as the staff screens: the penalties with their notice, the appeal
delivered on paper, the reconsideration by the authority that decided (Lei 9.784/1999 art. 56
§1) and the judgment by the Chief Executive (with the partial provision of art. 64); the proposal
cases of suspension and cancellation of the credential, opened by the authority and decided by
the Chief Executive in a reasoned decision that weighs the gravity and the recurrence (art. 26,
IV). Each service checks the competence of the act; reading needs a role of the platforms area."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from functools import partial
from typing import Any, Literal

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Router, Schema, Status

from outorga.core.apikit import Error, IsoDate, acting, staff
from outorga.core.apipages import paged
from outorga.core.requests import user_of
from outorga.core.tenancy import current_municipality
from outorga.law.citations import lei_9784, lei_9784_many, lgpd
from outorga.law.common.judgment import extension_cited
from outorga.platforms.services.case_annulment import platform_case_annul_ex_officio
from outorga.platforms.services.cases import (
    platform_case_appeal_decide,
    platform_case_appeal_file,
    platform_case_decide,
    platform_case_decision_notice_record,
    platform_case_open,
)
from outorga.platforms.services.common import field_error
from outorga.platforms.services.penalty_annulment import platform_penalty_annul_ex_officio
from outorga.platforms.services.penalty_appeals import (
    fine_in_part,
    platform_penalty_appeal_file,
    platform_penalty_appeal_judge,
    platform_penalty_reconsider,
)
from outorga.platforms.services.penalty_process import platform_penalty_notice_record

from .. import selectors
from ..models import (
    AppealFiling,
    Platform,
    PlatformCase,
    PlatformCaseAppeal,
    PlatformPenalty,
    PlatformPenaltyAppeal,
)
from .cases import CaseOut
from .common import in_status, viewer
from .penalties import AppealOut, PenaltyOut

router = Router()

READ_PENALTIES = "ver as penalidades das plataformas e de seus motoristas"
READ_CASES = "ver os processos de suspensão e cancelamento de credenciamento"


def _filing_seen(text: str, context: Any) -> str:
    """A defence's or appeal's text as the servant calling reads it (ADR 0070)."""
    role = user_of(context["request"]).role
    return selectors.platform_filing_seen(text, role, current_municipality())


#: The description of a defence's or appeal's text to the staff.
FILING_TEXT = (
    "razões, inteiras a quem recebe e julga a defesa ou o recurso (autoridade, Chefe do "
    f"Executivo); aos demais servidores, a frase de reserva ({lgpd(6, inc='III')})"
)


class StaffAppealOut(AppealOut):
    text: str = Field(..., description=FILING_TEXT)

    judgment_extension_justification: str | None = Field(
        None,
        description=f"justificativa da prorrogação do prazo para julgar ({extension_cited()})",
    )

    @staticmethod
    def resolve_text(a: PlatformPenaltyAppeal, context: Any) -> str:
        return _filing_seen(a.text, context)

    @staticmethod
    def resolve_judgment_extension_justification(a: PlatformPenaltyAppeal) -> str | None:
        return (a.judgment_extension or {}).get("justification")


class StaffPenaltyOut(PenaltyOut):
    platform_id: int = Field(..., description="plataforma da penalidade")
    appeal: StaffAppealOut | None


class CaseNoticeIn(Schema):
    notice_on: IsoDate = Field(
        ..., description="data da notificação: assinatura, AR ou publicação (decisão D-4)"
    )


class NoticeIn(CaseNoticeIn):
    channel: Literal["personal", "post", "gazette"] = Field(
        ..., description="entrega pessoal, correio com AR ou Diário Oficial/edital"
    )


def _new_fine() -> Any:
    """The fine's new amount a decision in part sets (Lei 9.784/1999, art. 64), in UPFBG."""
    return Field(
        None, description="novo valor da multa em UPFBG (só em `partial`)", ge=0, le=999999
    )


class PaperAppealIn(Schema):
    filed_on: IsoDate = Field(..., description="data do protocolo do recurso em papel")
    text: str = Field(..., min_length=1, max_length=8000, description="razões do recurso")


class ReconsiderIn(Schema):
    result: Literal["confirm", "annul", "partial"] = Field(
        ...,
        description="manter e encaminhar ao Chefe do Executivo; reconsiderar por inteiro (anula); "
        "reconsiderar em parte (reduz a multa e encaminha o restante) — "
        f"{lei_9784_many((56, 1), 64)}",
    )
    reasoning: str = Field(..., min_length=1, max_length=4000, description="fundamentação")
    fine_upfbg: Decimal | None = _new_fine()


class JudgmentIn(Schema):
    result: Literal["dismissed", "upheld", "partial"] = Field(
        ...,
        description="negar provimento (definitiva), dar provimento (anulada; multa cancelada ou "
        f"restituída) ou dar provimento em parte (multa reduzida, {lei_9784(64)})",
    )
    reasoning: str = Field(
        ...,
        min_length=1,
        max_length=4000,
        description=f"fatos e fundamentos jurídicos ({lei_9784(50, inc='V')})",
    )
    partial_fine_upfbg: Decimal | None = _new_fine()


class PlatformRefOut(Schema):
    id: int
    name: str


class PlatformCapOut(Schema):
    """Excesso ao limite de plataformas (art. 3, §1), como na página do processo (ADR 0064)."""

    on: IsoDate = Field(..., description="data da anulação ou do provimento que restabeleceu")
    credentialed: int = Field(..., description="plataformas credenciadas com a restabelecida")
    cap: int = Field(..., description="limite de plataformas em vigor naquela data (art. 3, §1)")
    message: str = Field(..., description="o que a lei diz do excesso")
    citations: str = Field(..., description=f"art. 3, §1, e {lei_9784(53)}")
    credentialed_since: list[PlatformRefOut] = Field(
        ..., description="credenciadas depois do cancelamento, a rever pela autoridade"
    )


class StaffCaseOut(CaseOut):
    platform_id: int
    defence_text: str = Field(..., description=FILING_TEXT)
    decided_at: dt.datetime | None
    citacoes: list[str]
    platform_cap: PlatformCapOut | None = Field(
        ...,
        description="credenciamento restabelecido acima do limite de plataformas (art. 3, §1; "
        "ADR 0064); `null` se não houve excesso",
    )

    @staticmethod
    def resolve_defence_text(c: PlatformCase, context: Any) -> str:
        return _filing_seen(c.defence_text, context)

    @staticmethod
    def resolve_citacoes(c: PlatformCase) -> list[str]:
        d = c.decision.get("penalty") or c.decision.get("deadlines") or {}
        return list(d.get("citations", []))

    @staticmethod
    def resolve_platform_cap(c: PlatformCase) -> dict[str, Any] | None:
        return c.decision.get("platform_cap")


class CaseIn(Schema):
    kind: Literal["credential_suspension", "credential_cancellation"] = Field(
        ..., description="suspensão temporária ou cancelamento do credenciamento (art. 26, IV)"
    )
    infraction_on: IsoDate = Field(..., description="data do fato")
    grounds: str = Field(..., min_length=1, max_length=4000, description="fundamentos da proposta")
    suspension_days: int | None = Field(
        None, ge=1, le=3650, description="dias de suspensão propostos (só na suspensão)"
    )
    notice_on: IsoDate | None = Field(
        None, description="notificação da plataforma para defesa (hoje, se omitida)"
    )


class CaseDecisionIn(Schema):
    uphold: bool = Field(..., description="acolher (aplica a medida) ou rejeitar a proposta")
    text: str = Field(
        ...,
        min_length=1,
        max_length=8000,
        description="decisão fundamentada: a lei não gradua a gravidade nem a reincidência — a "
        f"autoridade as pondera aqui (art. 26, IV; {lei_9784(50, inc='II')})",
    )


def _post_step(path: str, out: type[Schema], status: int = 200, **doc: Any) -> Any:
    """A staff route of a step of the due process: the record ``out`` answered with ``status``,
    or the service's refusal — not competent (403), not in this state (409), refused by the law
    or the input (422)."""
    return router.post(
        path, auth=staff, response={status: out, 403: Error, 409: Error, 422: Error}, **doc
    )


# --- penalties (art. 26 I–II, parágrafo único) ----------------------------------------------------


def _penalty(penalty_id: int) -> PlatformPenalty:
    return get_object_or_404(
        PlatformPenalty.objects.select_related("platform", "debt"), pk=penalty_id
    )


def _appeal(x: PlatformPenalty) -> PlatformPenaltyAppeal:
    return get_object_or_404(PlatformPenaltyAppeal.objects.all(), penalty=x)


def _case(case_id: int) -> PlatformCase:
    return get_object_or_404(PlatformCase.objects.all(), pk=case_id)


def _step(
    request: HttpRequest,
    service: Callable[..., Any],
    read: Callable[[], Any],
    status: int = 200,
    given: str | None = None,
    **fields: Any,
) -> Status:
    """One staff step of the due process: ``service`` called as the servant asking, in the
    request's municipality (the service checks the competence and asks the law; its refusals
    are the API's errors), with ``fields`` — and the record ``read()`` as the keyword ``given``,
    when the step is on the record itself —, answered with ``read()``: the record again, with
    what changed."""
    if given is not None:
        fields[given] = read()
    service(**acting(request), **fields)
    return Status(status, read())


def _on(
    request: HttpRequest,
    given: Literal["penalty", "case"],
    pk: int,
    service: Callable[..., Any],
    status: int = 200,
    **fields: Any,
) -> Status:
    """A staff step on the record itself, the penalty or the proposal case ``given`` names
    (:func:`_step`, the record passed as that keyword)."""
    read = partial(_penalty if given == "penalty" else _case, pk)
    return _step(request, service, read, status, given, **fields)


def _on_paper(payload: PaperAppealIn) -> dict[str, Any]:
    """An appeal delivered on paper, as the service files it: its reasons and protocol date."""
    return {**payload.dict(), "channel": AppealFiling.Channel.PAPER}


@router.get(
    "/platform-penalties",
    auth=staff,
    response=list[StaffPenaltyOut],
    summary="Penalidades das plataformas e de seus motoristas, da mais recente (art. 26, I–II)",
    description="`status` filtra pela situação (decisão D-1).",
    operation_id="outorga_platforms_api_staff_penalties",
)
@paged("-imposed_at")
def staff_penalties(request: HttpRequest, status: str | None = None) -> Any:
    viewer(request, READ_PENALTIES)
    return in_status(PlatformPenalty.objects.select_related("debt"), status)


@router.get(
    "/platform-penalties/{penalty_id}",
    auth=staff,
    response=StaffPenaltyOut,
    summary="Uma penalidade, com a notificação, o recurso e o julgamento",
    operation_id="outorga_platforms_api_staff_penalty",
)
def staff_penalty(request: HttpRequest, penalty_id: int) -> Any:
    viewer(request, READ_PENALTIES)
    return _penalty(penalty_id)


@_post_step(
    "/platform-penalties/{penalty_id}/notice",
    StaffPenaltyOut,
    summary="Registrar a notificação da decisão (art. 26, parágrafo único; decisões D-4, D-17)",
    description=(
        f"Dela corre o prazo de recurso: o do regulamento ou 10 dias ({lei_9784(59)}), "
        "contados pela decisão D-4. Registrada depois do prazo, a penalidade já é definitiva."
    ),
    operation_id="outorga_platforms_api_staff_penalty_notice",
)
def staff_penalty_notice(request: HttpRequest, penalty_id: int, payload: NoticeIn) -> Any:
    return _on(request, "penalty", penalty_id, platform_penalty_notice_record, **payload.dict())


@_post_step(
    "/platform-penalties/{penalty_id}/appeal",
    StaffPenaltyOut,
    status=201,
    summary="Registrar recurso entregue em papel (art. 26, parágrafo único)",
    description=(
        f"Com a data do protocolo; fora do prazo é recusado com o artigo ({lei_9784(63, inc='I')}). "
        f"Abre o prazo de reconsideração pela autoridade que decidiu ({lei_9784(56, 1)})."
    ),
    operation_id="outorga_platforms_api_staff_penalty_appeal",
)
def staff_penalty_appeal(request: HttpRequest, penalty_id: int, payload: PaperAppealIn) -> Any:
    return _on(
        request, "penalty", penalty_id, platform_penalty_appeal_file, 201, **_on_paper(payload)
    )


@_post_step(
    "/platform-penalties/{penalty_id}/reconsideration",
    StaffPenaltyOut,
    summary=f"Reconsiderar a decisão recorrida ou encaminhar o recurso ({lei_9784(56, 1)})",
    description=(
        "Pela autoridade que aplicou a penalidade, no prazo (regulamento ou 5 dias do "
        "recebimento do recurso; decisões D-4, D-17); depois dele, a lei recusa e o recurso "
        "segue ao Chefe do Executivo."
    ),
    operation_id="outorga_platforms_api_staff_penalty_reconsider",
)
def staff_penalty_reconsider(request: HttpRequest, penalty_id: int, payload: ReconsiderIn) -> Any:
    x = _penalty(penalty_id)
    fine = fine_in_part(payload.result == "partial", payload.fine_upfbg, "fine_upfbg")
    return _step(
        request,
        platform_penalty_reconsider,
        partial(_penalty, penalty_id),
        appeal=_appeal(x),
        result=payload.result,
        reasoning=payload.reasoning,
        fine_upfbg=fine,
    )


@_post_step(
    "/platform-penalties/{penalty_id}/judgment",
    StaffPenaltyOut,
    summary=f"Julgar o recurso (Chefe do Executivo; {lei_9784_many((56, 1), 64)})",
    description=(
        "Negado: a penalidade é definitiva (decisão D-1). Provido: anulada, a multa cancelada "
        "ou restituída. Provido em parte: a multa reduzida a `partial_fine_upfbg`, a diferença "
        "abatida ou restituída."
    ),
    operation_id="outorga_platforms_api_staff_penalty_judge",
)
def staff_penalty_judge(request: HttpRequest, penalty_id: int, payload: JudgmentIn) -> Any:
    x = _penalty(penalty_id)
    fine = fine_in_part(
        payload.result == "partial", payload.partial_fine_upfbg, "partial_fine_upfbg"
    )
    return _step(
        request,
        platform_penalty_appeal_judge,
        partial(_penalty, penalty_id),
        appeal=_appeal(x),
        upheld=payload.result == "upheld",
        partial_fine_upfbg=fine,
        reasoning=payload.reasoning,
    )


class AnnulIn(Schema):
    grounds: str = Field(
        ...,
        max_length=4000,
        description="o vício de legalidade, com os fatos e os fundamentos jurídicos "
        f"({lei_9784(50, inc='I e VIII')}); em branco, a lei recusa",
    )
    on: IsoDate | None = Field(None, description="data do ato; hoje no Município, se omitida")


@_post_step(
    "/platform-penalties/{penalty_id}/annul",
    StaffPenaltyOut,
    summary=f"Anular de ofício a advertência ou a multa ({lei_9784(53)}; decisão D-17)",
    description=(
        "A autoridade que aplica a penalidade (art. 26, I–II) a anula quando eivada de vício de "
        "legalidade, mesmo definitiva: a multa paga é devolvida, a em aberto cancelada, o recurso "
        "pendente fica prejudicado (art. 52). **422**: sem fundamentos (art. 50) ou já anulada, "
        "com o artigo."
    ),
    operation_id="outorga_platforms_api_staff_penalty_annul",
)
def staff_penalty_annul(request: HttpRequest, penalty_id: int, payload: AnnulIn) -> Any:
    return _on(request, "penalty", penalty_id, platform_penalty_annul_ex_officio, **payload.dict())


# --- proposal cases (art. 26 IV, D-3) -------------------------------------------------------------


@router.get(
    "/platform-cases",
    auth=staff,
    response=list[StaffCaseOut],
    summary="Processos de suspensão ou cancelamento de credenciamento (art. 26, IV)",
    description="`status` filtra: `open` (prazo de defesa), `upheld`, `rejected`.",
    operation_id="outorga_platforms_api_staff_cases",
)
@paged("-proposed_at")
def staff_cases(request: HttpRequest, status: str | None = None) -> Any:
    viewer(request, READ_CASES)
    return in_status(PlatformCase.objects.all(), status)


@router.get(
    "/platform-cases/{case_id}",
    auth=staff,
    response=StaffCaseOut,
    summary="Um processo de suspensão ou cancelamento, com a defesa e a decisão",
    operation_id="outorga_platforms_api_staff_case",
)
def staff_case(request: HttpRequest, case_id: int) -> Any:
    viewer(request, READ_CASES)
    return _case(case_id)


@_post_step(
    "/platforms/{platform_id}/cases",
    StaffCaseOut,
    status=201,
    summary="Propor suspensão ou cancelamento do credenciamento (art. 26, IV; decisão D-3)",
    description=(
        "A autoridade propõe; a plataforma é notificada e tem o prazo de defesa (regulamento ou "
        f"10 dias, {lei_9784(44)}; decisões D-4, D-17)."
    ),
    operation_id="outorga_platforms_api_staff_case_open",
)
def staff_case_open(request: HttpRequest, platform_id: int, payload: CaseIn) -> Any:
    case = platform_case_open(
        **acting(request),
        platform=get_object_or_404(Platform.objects.all(), pk=platform_id),
        **payload.dict(),
    )
    return Status(201, case)


@_post_step(
    "/platform-cases/{case_id}/decision",
    StaffCaseOut,
    summary="Decidir a proposta (Chefe do Executivo; art. 26, IV; decisão D-3)",
    description=(
        "Só depois do prazo de defesa ou com a defesa apresentada, e nunca na primeira "
        "ocorrência (art. 26, I). A suspensão corre do dia da decisão pelos dias propostos, o "
        "primeiro incluído; enquanto dura — e para sempre, no cancelamento — a plataforma não "
        "habilita motoristas nem publica tarifas (art. 3; art. 26, IV). **422**: a lei recusa, "
        "com os artigos."
    ),
    operation_id="outorga_platforms_api_staff_case_decide",
)
def staff_case_decide(request: HttpRequest, case_id: int, payload: CaseDecisionIn) -> Any:
    return _on(request, "case", case_id, platform_case_decide, **payload.dict())


# --- appeal against the case decision (art. 26 IV and sole paragraph; D-17; ADR 0030) -----------


class CaseAppealDecisionIn(Schema):
    result: Literal["upheld", "partial", "dismissed"] = Field(
        ..., description="provido (anula), provido em parte (reduz) ou improvido (mantém)"
    )
    reasoning: str = Field(..., min_length=1, max_length=8000)
    suspension_days: int | None = Field(
        None, ge=1, description="em parte: dias da suspensão que substitui a penalidade"
    )


@_post_step(
    "/platform-cases/{case_id}/decision-notice",
    StaffCaseOut,
    summary="Registrar a notificação da decisão que suspendeu ou cancelou (decisão D-4)",
    description=f"O prazo de recurso corre dessa data ({lei_9784(59)}; decisão D-17).",
    operation_id="outorga_platforms_api_staff_case_decision_notice",
)
def staff_case_decision_notice(request: HttpRequest, case_id: int, payload: CaseNoticeIn) -> Any:
    return _on(request, "case", case_id, platform_case_decision_notice_record, **payload.dict())


@_post_step(
    "/platform-cases/{case_id}/appeal",
    StaffCaseOut,
    status=201,
    summary="Registrar recurso entregue em papel contra a suspensão ou o cancelamento",
    description=(
        f"No prazo contado da notificação da decisão ({lei_9784(59)}; decisões D-4, "
        "D-17). **422**: fora do prazo, com o artigo."
    ),
    operation_id="outorga_platforms_api_staff_case_appeal",
)
def staff_case_appeal(request: HttpRequest, case_id: int, payload: PaperAppealIn) -> Any:
    return _on(request, "case", case_id, platform_case_appeal_file, 201, **_on_paper(payload))


@_post_step(
    "/platform-cases/{case_id}/appeal/decision",
    StaffCaseOut,
    summary="Decidir o recurso contra a suspensão ou o cancelamento (Chefe do Executivo)",
    description=(
        "Quem decidiu o processo não tem autoridade superior: decide o recurso como "
        f"reconsideração ({lei_9784(56, 1)}; ADR 0030). Provido: credenciamento "
        f"restabelecido; em parte ({lei_9784(64)}): cancelamento convertido em suspensão ou "
        "suspensão mais curta, contada da decisão recorrida. **422**: a lei recusa, com os "
        "artigos."
    ),
    operation_id="outorga_platforms_api_staff_case_appeal_decide",
)
def staff_case_appeal_decide(
    request: HttpRequest, case_id: int, payload: CaseAppealDecisionIn
) -> Any:
    case = _case(case_id)
    appeal = PlatformCaseAppeal.objects.filter(case=case).first()
    if appeal is None:
        raise field_error("appeal", "Não há recurso contra esta decisão.", status=409)
    return _step(
        request,
        platform_case_appeal_decide,
        partial(_case, case_id),
        appeal=appeal,
        **payload.dict(),
    )


@_post_step(
    "/platform-cases/{case_id}/annul",
    StaffCaseOut,
    summary=f"Anular de ofício a suspensão ou o cancelamento (Chefe do Executivo; {lei_9784(53)})",
    description=(
        "Quem decidiu (art. 26, IV; decisão D-3) anula a medida eivada de vício de legalidade, "
        "mesmo definitiva (decisão D-17): o credenciamento volta como a lei diz, os motoristas "
        "que o cancelamento desativou voltam dentro dos limites (art. 3º, §2º), o recurso "
        "pendente fica prejudicado (art. 52). **409**: proposta ainda não decidida. **422**: sem "
        "fundamentos (art. 50) ou nada a anular, com o artigo."
    ),
    operation_id="outorga_platforms_api_staff_case_annul",
)
def staff_case_annul(request: HttpRequest, case_id: int, payload: AnnulIn) -> Any:
    return _on(request, "case", case_id, platform_case_annul_ex_officio, **payload.dict())
