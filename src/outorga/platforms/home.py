"""What the platforms area adds to the staff home page (``core.home``): a counter, and the work of
the law governing transport by app — monthly reports late or missing (art. 16, D-8: due dates as
the law's ``monthly_report`` question gives them), complaints unanswered past the law's term
(art. 15: ``complaint_deadline``) and the platforms' appeals to judge (``judge_until``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.urls import reverse

from outorga.core.home import Task, queue, register, register_queue
from outorga.core.lawseam import governs, law_for, law_of
from outorga.law.bindings import Service
from outorga.law.common.judgment import extension_cited
from outorga.law.competence import Role, is_allowed

from . import selectors
from .models import Complaint, Platform, PlatformCase
from .services.common import cited
from .services.credentialing import _counted_platforms


def _credentialed() -> int:
    return Platform.objects.filter(status="credentialed").count()


register(
    "Plataformas credenciadas",
    _credentialed,
    roles=frozenset({Role.FINANCAS.value, Role.AUTORIDADE.value, Role.ADMIN.value}),
)


def late_reports(user: Any, today: dt.date) -> list[Task] | None:
    """Monthly reports delivered late or not at all, by the day each was due: finance reviews the
    reports; the authority weighs a penalty on the platform's page."""
    m = user.municipality
    if m is None or not governs(m, Service.APLICATIVO):
        return None
    out = []
    for s in selectors.report_candidates(m, today):
        url = (
            reverse("platforms:detail", args=[s.platform.pk])
            if user.role == Role.AUTORIDADE.value
            else reverse("platforms:reports")
        )
        out.append(
            Task(f"Relatório de {s.label} — {s.platform.name}", url, s.due, note=s.status_pt)
        )
    return out


def overdue_complaints(user: Any, today: dt.date) -> list[Task] | None:
    """Complaints the platform left unanswered past the law's term, by that term."""
    m = user.municipality
    if m is None or not governs(m, Service.APLICATIVO):
        return None
    return [
        Task(
            f"Reclamação {s.complaint.protocol} — {s.complaint.platform.name}",
            reverse("platforms:detail", args=[s.complaint.platform_id]),
            s.deadline,
            note="sem resposta",
        )
        for s in selectors.overdue_complaints(m, today)
    ]


def appeals(user: Any, today: dt.date) -> list[Task] | None:
    """The platforms' appeals against a warning or fine, for whoever judges them under the law
    governing transport by app today, by the day they are to be judged."""
    m = user.municipality
    if m is None or not governs(m, Service.APLICATIVO):
        return None
    if not is_allowed(user.role, "appeal.executive.judge", law_of(m, Service.APLICATIVO), today):
        return None
    return [
        Task(
            f"Recurso de {a.penalty.platform.name} contra {a.penalty.get_kind_display()}",
            reverse("platforms:penalty_detail", args=[a.penalty_id]),
            a.judge_until,
            basis=f"prorrogado em {a.judgment_extended_on:%d/%m/%Y} — {extension_cited()}"
            if a.judgment_extended_on
            else "",
        )
        for a in selectors.appeal_queue()
    ]


register_queue(
    "platforms.appeals",
    "Recursos de plataformas a julgar",
    appeals,
    roles=frozenset({Role.AUTORIDADE.value, Role.JARI.value, Role.CHEFE_EXECUTIVO.value}),
    more_url=lambda: reverse("platforms:penalties"),
    order=13,
)
register_queue(
    "platforms.reports",
    "Relatórios mensais atrasados",
    late_reports,
    roles=frozenset({Role.AUTORIDADE.value, Role.FINANCAS.value}),
    more_url=lambda: reverse("platforms:reports"),
    help="Relatórios de plataformas entregues fora do prazo da lei ou não entregues.",
    order=30,
)
register_queue(
    "platforms.complaints",
    "Reclamações sem resposta no prazo",
    overdue_complaints,
    roles=frozenset({Role.AUTORIDADE.value}),
    more_url=lambda: reverse("platforms:complaints"),
    order=31,
)


def own_complaints(user: Any, today: dt.date) -> list[Task] | None:
    """A platform's staff: its complaints still to answer, by the law's term (art. 15)."""
    m = user.municipality
    if m is None or not governs(m, Service.APLICATIVO):
        return None
    platform = selectors.platform_of(user)
    if platform is None:
        return None
    return [
        Task(
            f"Responder a reclamação {c.protocol}",
            reverse("platforms:portal_complaints") + f"#reclamacao-{c.pk}",
            c.deadline,
        )
        for c in Complaint.objects.filter(platform=platform, status=Complaint.Status.OPEN)
    ]


register_queue(
    "platforms.portal.complaints",
    "Reclamações a responder",
    own_complaints,
    roles=frozenset({Role.PLATAFORMA.value}),
    more_url=lambda: reverse("platforms:portal_complaints"),
    help="Reclamações de usuários contra a sua plataforma, no prazo da lei.",
    order=20,
)


@queue(
    "platforms.over_cap",
    "Plataformas credenciadas acima do limite",
    roles=(Role.AUTORIDADE, Role.CHEFE_EXECUTIVO),
    more="platforms:index",
    help="Credenciamento restabelecido por anulação com o limite de plataformas já preenchido.",
    order=12,
    competent=("platform.credential", "platform.suspend"),
)
def platforms_over_cap(user: Any, today: dt.date) -> list[Task] | None:
    """The aviso to the authority (ADR 0064): while the law bound to the municipality says today
    that more platforms hold a credential than the cap of art. 3 §1 (``platforms_over_cap``, the
    law core's answer, so a court's suspension of the cap — D-16 — is applied as on every
    decision), each case whose annulled cancellation gave a credential back over it, with the
    credentials given since to review."""
    m = user.municipality
    if m is None or not governs(m, Service.APLICATIVO):
        return None
    law = law_for(m, Service.APLICATIVO, today)
    if not law.answers("platforms_over_cap"):  # a law with no cap of platforms
        return None
    cases = PlatformCase.objects.filter(decision__has_key="platform_cap").select_related("platform")
    if not cases.exists():
        return []
    over = law.ask("platforms_over_cap", {"credentialed_platforms": _counted_platforms()})
    if not over.outcome["over_platform_cap"]:
        return []
    holding, cap = over.outcome["platforms"], over.outcome["cap"]
    article = cited(m, "platform_cap", on=today)
    return [
        Task(
            f"{holding} plataformas credenciadas, acima do limite de {cap} ({article}): "
            f"credenciamento de {c.platform.name} restabelecido no processo {c.pk}; reveja os "
            "concedidos depois do cancelamento: "
            + (
                ", ".join(x["name"] for x in c.decision["platform_cap"]["credentialed_since"])
                or "—"
            ),
            reverse("platforms:case", args=[c.pk]),
            dt.date.fromisoformat(c.decision["platform_cap"]["on"]),
            due_label="desde",
        )
        for c in cases.order_by("-pk")
    ]
