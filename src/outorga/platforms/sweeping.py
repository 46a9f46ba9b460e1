"""The platforms' part of the daily sweep (idempotent): a pending appeal against a penalty filed
before the authority that decided had a period to reconsider gets it (Lei 9.784/1999 art. 56 §1,
D-17); suspensions that ended are lifted; warnings and fines whose appeal period ended without
appeal become final, with their debts (art. 26 sole paragraph, D-1); late or missing monthly
reports (art. 16, D-8) and complaints unanswered after 5 business days (art. 15) become
infraction candidates for the authority — one row and one act per fact. A step of its own
re-checks every enabled driver's documents (art. 4 II, art. 14 I): one act per change of what the
law says of a driver, one aviso per driver and set of requirements newly unmet."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from outorga.core.acts import Actor
from outorga.core.formcites import labelled
from outorga.core.lawseam import cited_for, governs
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service
from outorga.law.citations import lei_9784
from outorga.platforms.services.candidates import infraction_candidate_record
from outorga.platforms.services.cases import platform_reinstate_after_suspension
from outorga.platforms.services.common import PlatformError, bound_law
from outorga.platforms.services.driver_documents import platform_driver_documents_recheck
from outorga.platforms.services.penalty_period_fill import platform_penalty_appeal_periods_fill
from outorga.platforms.services.penalty_process import (
    platform_penalty_finalize_lapsed,
)

from . import selectors
from .models import (
    InfractionCandidate,
    Platform,
    PlatformDriver,
    PlatformNotice,
    PlatformPenalty,
)
from .notices import platform_notice_send

SYSTEM = "varredura diária"


@dataclass
class PlatformsSweep:
    checked: int = 0
    changes: int = 0
    lines: list[str] = field(default_factory=list)


def _candidate(
    m: Municipality,
    platform: Platform,
    kind: str,
    key: str,
    on: dt.date,
    summary: str,
    decision: dict[str, object],
) -> bool:
    _, created = infraction_candidate_record(
        actor=Actor.system(SYSTEM),
        municipality=m,
        platform=platform,
        kind=kind,
        key=key,
        on=on,
        summary=summary,
        decision=decision,
    )
    return created


def _report_notice(m: Municipality, s: selectors.ReportStatus) -> bool:
    """The aviso of a monthly report due (art. 16, D-8) or not delivered by its due date."""
    due = s.status == "not_yet_due"
    kind = PlatformNotice.Kind.REPORT_DUE if due else PlatformNotice.Kind.REPORT_MISSING
    what = (
        f"entregue até {s.due:%d/%m/%Y}"
        if due
        else f"não entregue no prazo, que terminou em {s.due:%d/%m/%Y}"
    )
    _, created = platform_notice_send(
        municipality=m,
        platform=s.platform,
        key=f"report-{s.status}-{s.platform.pk}-{s.year}-{s.month:02d}",
        kind=kind,
        message=f"Relatório mensal de {s.label}: {what}. {s.summary}",
        due_on=s.due,
    )
    return created


def sweep_platforms(m: Municipality, on: dt.date) -> PlatformsSweep:
    out = PlatformsSweep()
    if not governs(m, Service.APLICATIVO):
        return out
    # First: the appeals the later steps and the screens read get the period the law gives.
    for a in platform_penalty_appeal_periods_fill(actor=Actor.system(SYSTEM), municipality=m):
        out.checked += 1
        out.changes += 1
        out.lines.append(
            f"{a.penalty.platform.name}: recurso contra a penalidade {a.penalty_id} — prazo de "
            f"reconsideração registrado, até {a.reconsider_until:%d/%m/%Y} "
            f"({lei_9784(56, 1)})."
        )
    with tenant(m):
        suspended = list(Platform.objects.filter(status=Platform.Status.SUSPENDED))
        lapsing = list(
            PlatformPenalty.objects.filter(
                status=PlatformPenalty.Status.APPEAL_PERIOD, appeal_until__lt=on
            )
            .select_related("platform")
            .order_by("appeal_until", "pk")
        )
        statuses = selectors.report_statuses(m, on)
        reports = [s for s in statuses if s.status in ("late", "missing")]
        # Art. 16 sole paragraph: a report sent without one of its items fails the article too,
        # once its due day has passed (until then the month's complete version may still come).
        incomplete = [s for s in statuses if s.missing_items and s.due < on]
        due_reports = [s for s in statuses if s.status in ("not_yet_due", "missing")]
        complaints = selectors.complaint_candidates(m, on)
    for p in suspended:
        out.checked += 1
        if platform_reinstate_after_suspension(municipality=m, platform=p, on=on):
            out.changes += 1
            out.lines.append(f"{p.name}: suspensão encerrada, volta a operar.")
    for x in lapsing:
        out.checked += 1
        if platform_penalty_finalize_lapsed(municipality=m, penalty=x, on=on):
            out.changes += 1
            out.lines.append(
                f"{x.platform.name}: {x.get_kind_display()} definitiva — prazo de recurso "
                f"encerrado em {x.appeal_until:%d/%m/%Y} sem recurso (decisão D-1)."
            )
    for s in reports:
        out.checked += 1
        kind = (
            InfractionCandidate.Kind.REPORT_LATE
            if s.status == "late"
            else InfractionCandidate.Kind.REPORT_MISSING
        )
        key = f"{s.year}-{s.month:02d}"
        if _candidate(m, s.platform, kind, key, on, f"{s.label}: {s.summary}", s.decision):
            out.changes += 1
            out.lines.append(f"{s.platform.name}: relatório de {s.label} — {s.status_pt}.")
    for s in incomplete:
        out.checked += 1
        key = f"{s.year}-{s.month:02d}"
        kind = InfractionCandidate.Kind.REPORT_INCOMPLETE
        if _candidate(m, s.platform, kind, key, on, f"{s.label}: {s.summary}", s.decision):
            out.changes += 1
            out.lines.append(f"{s.platform.name}: relatório de {s.label} — incompleto.")
    for s in due_reports:
        # An aviso, not a change of state: it is neither an act nor counted in ``changes``.
        if _report_notice(m, s):
            out.lines.append(f"{s.platform.name}: aviso do relatório de {s.label} — {s.status_pt}.")
    for c in complaints:
        out.checked += 1
        summary = f"Reclamação {c.complaint.protocol}: {c.summary}"
        if _candidate(
            m,
            c.complaint.platform,
            InfractionCandidate.Kind.COMPLAINT_OVERDUE,
            c.complaint.protocol,
            on,
            summary,
            c.decision,
        ):
            out.changes += 1
            out.lines.append(f"{c.complaint.platform.name}: {summary}.")
    return out


def sweep_platform_drivers(m: Municipality, on: dt.date) -> PlatformsSweep:
    """Re-check each enabled driver of each platform on ``on`` (art. 4 II "manter atualizados",
    art. 14 I), by the law bound on that date (D-15). Idempotent: a driver whose answer is the
    one on record is left as it is, and an aviso is sent once per key."""
    out = PlatformsSweep()
    if not governs(m, Service.APLICATIVO):
        return out
    try:
        law = bound_law(m, on)
    except PlatformError:  # no law governs transport by app on that date
        return out
    if not law.answers("driver_documents_current"):
        return out
    with tenant(m):
        ids = list(
            PlatformDriver.objects.filter(status=PlatformDriver.Status.ENABLED)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
    actor = Actor.system(SYSTEM)
    for pk in ids:
        out.checked += 1
        with tenant(m):
            driver = PlatformDriver.objects.get(pk=pk)
        done = platform_driver_documents_recheck(
            actor=actor, municipality=m, driver=driver, on=on, law=law
        )
        if done is None:
            continue
        out.changes += 1
        d = done.driver
        what = {
            PlatformDriver.Documents.LAPSED: "deixou de cumprir as exigências da lei",
            PlatformDriver.Documents.UNKNOWN: "tem exigências da lei a verificar",
            PlatformDriver.Documents.CURRENT: "volta a cumprir as exigências da lei",
        }[PlatformDriver.Documents(done.new)]
        what = labelled(what, cited_for(law.law, "driver_requirements"))
        aviso = " — aviso enviado à plataforma" if done.notice is not None else ""
        out.lines.append(f"{d.platform.name}: motorista {d.name} {what}{aviso}.")
    return out
