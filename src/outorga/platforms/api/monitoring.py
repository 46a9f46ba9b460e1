"""Municipal staff's oversight routes: CPFs on several platforms, late reports, infraction
candidates, overdue complaints (art. 3 §2, art. 15, art. 16)."""

from __future__ import annotations

from typing import Any, Literal

from django.http import HttpRequest
from ninja import Field, Router, Schema

from outorga.core import selectors as core_selectors
from outorga.core.apikit import IsoDate, staff
from outorga.core.apipages import Rows, paged
from outorga.core.localtime import today_of

from .. import selectors
from ..models import InfractionCandidate
from ..selectors import ReportStatus
from .common import viewer

router = Router()


class SharedCpfOut(Schema):
    cpf: str
    name: str
    platforms: list[str]


@router.get(
    "/platform-drivers/shared-cpfs",
    auth=staff,
    response=list[SharedCpfOut],
    summary="CPFs habilitados em mais de uma plataforma",
    operation_id="outorga_platforms_api_shared_cpfs",
)
@paged("cpf")  # unique; the cursor is sealed, so a masked CPF stays masked
def shared_cpfs(request: HttpRequest) -> Rows:
    user = viewer(request, "ver os CPFs habilitados em várias plataformas")
    return Rows(
        selectors.shared_cpfs(),
        lambda row: {
            "cpf": selectors.cpf_for(user.role, row["cpf"]),
            "name": row["name"],
            "platforms": [p.name for p in row["platforms"]],
        },
    )


class CandidateOut(Schema):
    platform_id: int
    platform: str
    year: int
    month: int
    status: str
    due: IsoDate
    summary: str

    @staticmethod
    def resolve_platform_id(s: ReportStatus) -> int:
        return s.platform.pk

    @staticmethod
    def resolve_platform(s: ReportStatus) -> str:
        return s.platform.name


@router.get(
    "/platform-reports/candidates",
    auth=staff,
    response=list[CandidateOut],
    summary="Relatórios mensais atrasados ou não entregues (candidatos a infração)",
    operation_id="outorga_platforms_api_report_candidates",
)
@paged("platform__name", "platform__pk", "year", "month")
def report_candidates(request: HttpRequest, on: IsoDate | None = None) -> Any:
    viewer(request, "ver os relatórios mensais atrasados ou não entregues")
    m = core_selectors.require_municipality()
    return selectors.report_candidates(m, on or today_of(m))


#: The kinds of :class:`~outorga.platforms.models.InfractionCandidate`, as the API names them.
CandidateKind = Literal[
    "report_late",
    "report_missing",
    "report_incomplete",
    "complaint_overdue",
    "concurrent_peak",
    "credential_stopped",
]


class InfractionCandidateOut(Schema):
    id: int
    platform_id: int
    platform: str
    kind: CandidateKind
    kind_label: str
    key: str = Field(..., description="mês (aaaa-mm) ou protocolo da reclamação")
    detected_on: IsoDate
    summary: str
    citacoes: list[str]
    withdrawn_on: IsoDate | None = Field(
        None, description="retirado quando novo arquivo do mês mediu pico dentro do limite"
    )
    withdrawn_reason: str = ""

    @staticmethod
    def resolve_platform(c: InfractionCandidate) -> str:
        return c.platform.name

    @staticmethod
    def resolve_kind_label(c: InfractionCandidate) -> str:
        return c.get_kind_display()

    @staticmethod
    def resolve_citacoes(c: InfractionCandidate) -> list[str]:
        return list(c.decision.get("citations", []))


@router.get(
    "/platform-candidates",
    auth=staff,
    response=list[InfractionCandidateOut],
    summary="Candidatos a infração registrados (art. 3 §2, art. 15, art. 16)",
    description=(
        "Fatos que a autoridade deve examinar: relatório mensal atrasado ou não entregue "
        "(art. 16) e reclamação sem resposta no prazo (art. 15), da varredura diária; mês com "
        "pico de motoristas ativos simultaneamente acima do limite (art. 3, §2; decisão D-9 b), "
        "ao processar o arquivo do mês; mês com corridas iniciadas durante a suspensão ou após o "
        "cancelamento do credenciamento (art. 3 e art. 26, IV). Um registro por fato; cabe à autoridade abrir processo "
        "(decisão D-3)."
    ),
    operation_id="outorga_platforms_api_infraction_candidates",
)
@paged("-detected_on", "kind")
def infraction_candidates(
    request: HttpRequest,
    kind: CandidateKind | None = None,
) -> Any:
    viewer(request, "ver os candidatos a infração das plataformas")
    qs = InfractionCandidate.objects.select_related("platform")
    if kind:
        qs = qs.filter(kind=kind)
    return qs


class OverdueOut(Schema):
    id: int
    protocol: str
    platform: str
    filed_on: IsoDate
    deadline: IsoDate
    summary: str


@router.get(
    "/platform-complaints/overdue",
    auth=staff,
    response=list[OverdueOut],
    summary="Reclamações sem resposta no prazo de 5 dias úteis (art. 15)",
    operation_id="outorga_platforms_api_overdue_complaints",
)
@paged("deadline", "id")
def overdue_complaints(request: HttpRequest, on: IsoDate | None = None) -> Any:
    viewer(request, "ver as reclamações sem resposta no prazo")
    m = core_selectors.require_municipality()
    return [
        {
            "id": s.complaint.pk,
            "protocol": s.complaint.protocol,
            "platform": s.complaint.platform.name,
            "filed_on": s.complaint.filed_on,
            "deadline": s.deadline,
            "summary": s.summary,
        }
        for s in selectors.overdue_complaints(m, on or today_of(m))
    ]
