"""The platform's penalties, its appeal and the decision's PDF through the API (art. 26)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any, Literal

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Field, Router, Schema, Status

from outorga.core.apikit import Error, IsoDate, acting, staff
from outorga.core.pdfkit import pdf_response
from outorga.law.citations import lei_9784
from outorga.law.common.judgment import extension_cited
from outorga.platforms.services.penalties import driver_of, platform_penalty_impose
from outorga.platforms.services.penalty_appeals import platform_penalty_appeal_file
from outorga.platforms.tokens import platform_token

from .. import pdf
from ..models import Platform, PlatformPenalty, PlatformPenaltyAppeal
from .common import own, own_list, own_one, own_step, penalties_of_the_platform

router = Router()


class PenaltyDebtOut(Schema):
    reference: str = Field(..., description="referência do débito na Secretaria de Finanças")
    amount_cents: int
    due_on: IsoDate
    status: Literal["open", "under_appeal", "final", "paid", "refunded", "cancelled"]


class AppealOut(Schema):
    id: int
    channel: Literal["api", "web", "paper"] = Field(
        ..., description="API da plataforma, portal da plataforma ou papel"
    )
    text: str
    filed_on: IsoDate
    deadline: IsoDate | None = Field(
        None,
        description="último dia do prazo de recurso (nulo se apresentado antes da notificação)",
    )
    judge_until: IsoDate | None = Field(
        None, description=f"julgamento até (regulamento ou {lei_9784(59, 1)})"
    )
    result: Literal["pending", "upheld", "partial", "dismissed"]
    judged_on: IsoDate | None
    reconsider_until: IsoDate | None = Field(
        None,
        description=f"a autoridade que decidiu pode reconsiderar até ({lei_9784(56, 1)})",
    )
    reconsidered_on: IsoDate | None = None
    forwarded_on: IsoDate | None = Field(None, description="encaminhado ao Chefe do Executivo em")
    judgment_extended_on: IsoDate | None = Field(
        None,
        description=(
            "prazo para julgar prorrogado em, por igual período (`judge_until` é então o dia "
            f"prorrogado; {extension_cited()})"
        ),
    )
    reasoning: str = Field(..., description="fundamentação do julgamento")
    citacoes: list[str]

    @staticmethod
    def resolve_citacoes(a: PlatformPenaltyAppeal) -> list[str]:
        return list(
            dict.fromkeys([*a.admission.get("citations", []), *a.judgment.get("citations", [])])
        )


#: Art. 26, II: the fine's maximum is a dated parameter of the law of a municipality, and the
#: schema has neither: it names the article and the date the maximum is read on; a fine beyond it
#: is refused (422) stating the number in force on the date of the fact.
FINE_MAXIMUM = "até o máximo do art. 26, II em vigor na data do fato"


class PenaltyOut(Schema):
    id: int
    offender: Literal["platform", "driver"] = Field(
        ..., description="infrator: a plataforma ou um de seus motoristas (art. 26, caput)"
    )
    driver_id: int | None = Field(None, description="motorista infrator, quando for o caso")
    kind: Literal["warning", "fine"]
    infraction_on: IsoDate
    description: str
    reasoning: str = Field(..., description="fundamentação da autoridade (art. 26)")
    fine_upfbg: Decimal | None = Field(None, description=f"multa em UPFBG ({FINE_MAXIMUM})")
    amount_cents: int | None = Field(
        None, description="multa em centavos, pela UPFBG em vigor na aplicação (decisão D-5)"
    )
    imposed_at: dt.datetime
    debt: PenaltyDebtOut | None
    citacoes: list[str]
    status: Literal["awaiting_notice", "appeal_period", "under_appeal", "final", "annulled"] = (
        Field(
            ...,
            description=(
                "aguardando notificação, prazo de recurso aberto, em recurso, definitiva ou anulada em "
                "recurso (decisão D-1)"
            ),
        )
    )
    decision_notice_on: IsoDate | None = Field(None, description="notificação da decisão (D-4)")
    appeal_until: IsoDate | None = Field(
        None, description=f"último dia para recorrer (regulamento ou 10 dias, {lei_9784()})"
    )
    final_on: IsoDate | None = Field(None, description="definitiva desde")
    appeal: AppealOut | None

    @staticmethod
    def resolve_citacoes(x: PlatformPenalty) -> list[str]:
        return list(x.decision.get("citations", []))

    @staticmethod
    def resolve_appeal(x: PlatformPenalty) -> PlatformPenaltyAppeal | None:
        return PlatformPenaltyAppeal.objects.filter(penalty=x).first()


class AppealIn(Schema):
    text: str = Field(
        ...,
        min_length=1,
        description="razões do recurso (fatos e fundamentos)",
        examples=["O relatório de agosto foi entregue em 30/09, no prazo; segue o protocolo."],
    )


class PenaltyIn(Schema):
    driver_cpf: str = Field(
        "",
        description="CPF do motorista infrator; vazio: a penalidade é da própria plataforma "
        "(art. 26, caput)",
        max_length=14,
    )
    kind: Literal["warning", "fine"] = Field(
        ..., description="advertência escrita (art. 26, I) ou multa (art. 26, II)"
    )
    infraction_on: IsoDate = Field(..., description="data do fato")
    description: str = Field(..., min_length=1, max_length=2000, description="o fato")
    reasoning: str = Field(..., min_length=1, max_length=4000, description="fundamentação")
    fine_upfbg: Decimal | None = Field(
        None, description="multa em UPFBG, até o máximo da lei (art. 26, II)", ge=0, le=999999
    )
    defence_notice_on: IsoDate = Field(..., description="notificação para defesa")
    defence_judged: bool = Field(False, description="defesa apresentada e julgada")


@router.post(
    "/platforms/{platform_id}/penalties",
    auth=staff,
    response={201: PenaltyOut, 403: Error, 404: Error, 422: Error},
    summary="Aplicar advertência ou multa à plataforma ou a um de seus motoristas (art. 26, I–II)",
    description=(
        "Com `driver_cpf`, o infrator é o motorista que a plataforma cadastrou com esse CPF; sem "
        "ele, a própria plataforma (art. 26, caput). A lei aplicável confere a primeira "
        "ocorrência do infrator (advertência, art. 26, I), o máximo da multa (art. 26, II) e o "
        "processo com defesa (parágrafo único); a multa vira débito do infrator na Secretaria "
        "de Finanças, pago como qualquer outro (guia, PIX), definitivo só com a penalidade "
        "(decisão D-1). **422**: recusa com os fundamentos e os artigos."
    ),
    operation_id="outorga_platforms_api_penalty_impose",
)
def penalty_impose(request: HttpRequest, platform_id: int, payload: PenaltyIn) -> Any:
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)
    x, _ = platform_penalty_impose(
        **acting(request),
        platform=p,
        driver=driver_of(p, payload.driver_cpf),
        kind=payload.kind,
        infraction_on=payload.infraction_on,
        description=payload.description,
        reasoning=payload.reasoning,
        defence_notice_on=payload.defence_notice_on,
        defence_judged=payload.defence_judged,
        fine_upfbg=payload.fine_upfbg,
    )
    return Status(201, PlatformPenalty.objects.select_related("debt").get(pk=x.pk))


@own_list(
    router,
    "/platform/penalties",
    list[PenaltyOut],
    "-imposed_at",
    summary="Advertências e multas aplicadas à plataforma, com o débito de cada multa (art. 26)",
    description=(
        f"A multa (em UPFBG, {FINE_MAXIMUM}, valor escolhido e fundamentado pela autoridade) é "
        "convertida em reais pela UPFBG em vigor na data em que é aplicada (decisão D-5) e vira "
        "débito da plataforma (CNPJ) na Secretaria de Finanças: `debt` traz a referência, o "
        "valor, o vencimento e a situação. `status` diz em que ponto está a penalidade: "
        "aguardando a notificação da decisão, com prazo de recurso aberto até `appeal_until`, em "
        "recurso, definitiva (`final_on`) ou anulada em recurso; `appeal` traz o recurso e o "
        "seu julgamento (art. 26, parágrafo único; decisões D-1 e D-17)."
    ),
    operation_id="outorga_platforms_api_platform_penalties",
)
def platform_penalties(request: HttpRequest) -> Any:
    return own(request, penalties_of_the_platform().select_related("debt"))


@router.post(
    "/platform/penalties/{penalty_id}/appeal",
    auth=platform_token("defence"),
    response={201: PenaltyOut, 409: Error, 422: Error},
    summary="Recorrer de advertência ou multa (art. 26, parágrafo único)",
    description=(
        "Um recurso por penalidade, com as razões em `text`, apresentado na data da chamada. O "
        "prazo corre da notificação da decisão (`decision_notice_on`) até `appeal_until`: o "
        f"fixado em regulamento ou, na falta, 10 dias ({lei_9784(59)}; decisão D-17), "
        "contados sem o dia da notificação e prorrogado o último dia sem expediente para o "
        "próximo dia útil (decisão D-4). Recurso antes da notificação é aceito (o comparecimento "
        f"supre a notificação, {lei_9784(26, 5)}). **201**: recebido — a penalidade "
        "fica `under_appeal` e o débito da multa `under_appeal`, sem se tornar definitivo até o "
        "julgamento pelo Chefe do Executivo (decisão D-1). **422**: fora do prazo, com o artigo "
        f"({lei_9784(63, inc='I')}). **409**: já há recurso contra esta penalidade."
    ),
    operation_id="outorga_platforms_api_platform_penalty_appeal",
)
def platform_penalty_appeal(request: HttpRequest, penalty_id: int, payload: AppealIn) -> Any:
    penalties = penalties_of_the_platform().select_related("debt")
    fields = {**payload.dict(), "channel": PlatformPenaltyAppeal.Channel.API}
    return own_step(
        request, penalties, penalty_id, platform_penalty_appeal_file, "penalty", 201, **fields
    )


@router.get(
    "/platform/penalties/{penalty_id}/decision.pdf",
    auth=platform_token("read"),
    summary="Decisão da penalidade e do recurso, em PDF",
    operation_id="outorga_platforms_api_platform_penalty_pdf",
)
def platform_penalty_pdf(request: HttpRequest, penalty_id: int) -> HttpResponse:
    x = own_one(
        request,
        penalties_of_the_platform().select_related("platform", "debt", "imposed_by"),
        penalty_id,
    )
    return pdf_response(pdf.penalty_decision_pdf(x), f"penalidade-{x.pk}.pdf")
