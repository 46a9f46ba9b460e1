"""Reads of the platforms area that are more than a filter: rosters, the cross-platform CPF view,
late or missing monthly reports, overdue complaints, the monthly series of the chart."""

from __future__ import annotations

import calendar
import datetime as dt
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.urls import reverse

from outorga.core.charts import month_label
from outorga.core.formcites import labelled
from outorga.core.lawseam import BoundLaw, LawNotBound, cited_for, governs, law_for, law_of
from outorga.core.localtime import today_of, zone_of
from outorga.core.models import Municipality
from outorga.core.personaldata import filing_as_seen, reads_filings
from outorga.core.tenancy import tenant
from outorga.core.tokens import matching
from outorga.law import interfaces
from outorga.law.bindings import Service
from outorga.law.citations import LAW_TITLES
from outorga.law.competence import ROLE_LABELS, NotCompetent, Role

from .models import (
    Complaint,
    InfractionCandidate,
    MonthlyReport,
    Platform,
    PlatformCase,
    PlatformDriver,
    PlatformPenalty,
    PlatformPenaltyAppeal,
    PlatformStatusChange,
    PlatformUser,
)
from .validators import format_cpf, mask_cpf

#: Who sees the platforms screens and staff API: the authority and the Chief Executive (cases),
#: finance (reports, art. 16), inspectors (drivers' registration, art. 23 II).
VIEW_ROLES = frozenset({Role.AUTORIDADE, Role.FINANCAS, Role.FISCAL, Role.CHEFE_EXECUTIVO})
#: Who sees a driver's full CPF (personal data): the authority and finance; others see it masked.
CPF_ROLES = frozenset({Role.AUTORIDADE, Role.FINANCAS})


class ScreenRefused(NotCompetent):
    """A role that does not see the platforms area tried ``what``: the refusal names it."""

    def __init__(self, role: str, law: str, what: str) -> None:
        super().__init__(role, law, "platform.report.review", None)
        who = ", ".join(ROLE_LABELS[r] for r in sorted(VIEW_ROLES))
        msg = f"Sem acesso para {what}: esta área da Prefeitura é de {who}."
        if role == Role.PLATAFORMA.value:
            msg += " A sua plataforma tem o próprio portal: menu «Minha plataforma»."
        self.args = (msg,)


def require_viewer(
    role: str, m: Municipality | None = None, what: str = "abrir a área de plataformas"
) -> None:
    """Only the viewers of the area (``VIEW_ROLES``) pass; the refusal names ``what`` was tried."""
    if role not in {r.value for r in VIEW_ROLES}:
        raise ScreenRefused(role, _apps_law(m), what)


def platform_of(user: Any) -> Platform | None:
    """The platform a login of role plataforma serves on the portal; None when it serves none."""
    if getattr(user, "role", None) != Role.PLATAFORMA.value:
        return None
    link = PlatformUser.objects.select_related("platform").filter(user=user).first()
    return link.platform if link else None


def _apps_law(m: Municipality | None) -> str:
    """The law governing transport by app in ``m`` today, to say who may see what under it."""
    if m is not None:
        try:
            return law_of(m, Service.APLICATIVO)
        except LawNotBound:
            pass
    return "aplicativo"


def _filings_law(m: Municipality) -> str | None:
    """The law a platform's defences and appeals are read under: the one governing transport by
    app today, or the last that did (ADR 0062); None where none ever did."""
    try:
        return law_of(m, Service.APLICATIVO, nearest=True, ended=True)
    except LawNotBound:
        return None


def reads_platform_filings(role: str, m: Municipality) -> bool:
    """Whether ``role`` reads the text and files of a platform's defence or appeal in ``m``: who
    receives and judges them under the apps law (``personaldata.reads_filings``, ADR 0070) — the
    authority and the Chief Executive, and the platform that files them; not the inspector nor
    finance, who see the area for the cap, the reports and the tax."""
    return reads_filings(role, _filings_law(m), today_of(m))


def platform_filing_seen(text: str, role: str, m: Municipality) -> str:
    """A platform's defence or appeal text as ``role`` reads it (``personaldata.filing_as_seen``)."""
    return filing_as_seen(text, role=role, law=_filings_law(m), on=today_of(m))


def cpf_for(role: str, cpf: str) -> str:
    """The CPF as this role may see it: whole for authority and finance, else ``***.456.789-**``."""
    return format_cpf(cpf) if role in {r.value for r in CPF_ROLES} else mask_cpf(cpf)


def platforms_with_counts() -> QuerySet[Platform]:
    return Platform.objects.annotate(
        enabled=Count("drivers", filter=Q(drivers__status=PlatformDriver.Status.ENABLED)),
        open_complaints=Count(
            "complaints", filter=Q(complaints__status=Complaint.Status.OPEN), distinct=True
        ),
    ).order_by("name")


def municipality_roster() -> int:
    """Drivers enabled in the municipality, as art. 3 §2 counts them: persons (distinct CPFs)."""
    enabled = PlatformDriver.objects.filter(status=PlatformDriver.Status.ENABLED)
    return enabled.values("cpf").distinct().count()


def shared_cpfs() -> list[dict[str, Any]]:
    """CPFs enabled on more than one platform: allowed by the law, and each platform's count
    includes the driver (art. 3 §2) while the municipality's counts him once, so the authority
    sees them."""
    cpfs = (
        PlatformDriver.objects.filter(status=PlatformDriver.Status.ENABLED)
        .values("cpf")
        .annotate(n=Count("platform", distinct=True))
        .filter(n__gt=1)
        .order_by("cpf")
    )
    wanted = [row["cpf"] for row in cpfs]
    rows: dict[str, list[PlatformDriver]] = defaultdict(list)
    for d in (
        PlatformDriver.objects.filter(status=PlatformDriver.Status.ENABLED, cpf__in=wanted)
        .select_related("platform")
        .order_by("cpf", "platform__name")
    ):
        rows[d.cpf].append(d)
    return [
        {"cpf": cpf, "name": ds[0].name, "drivers": ds, "platforms": [d.platform for d in ds]}
        for cpf, ds in rows.items()
    ]


def _months(start: dt.date, end: dt.date) -> list[tuple[int, int]]:
    out = []
    y, m = start.year, start.month
    while (y, m) <= (end.year, end.month):
        out.append((y, m))
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return out


@dataclass(frozen=True)
class ReportStatus:
    platform: Platform
    year: int
    month: int
    status: str
    due: dt.date
    summary: str
    versions: int
    decision: dict[str, Any]
    law: str = ""  # the law that judged it (:func:`report_law`)

    @property
    def label(self) -> str:
        return f"{self.month:02d}/{self.year}"

    @property
    def missing_items(self) -> list[str]:
        """The incisos of art. 16 the month's newest version lacks, as the law core names them."""
        return list(self.decision.get("outcome", {}).get("missing_items") or [])

    @property
    def status_pt(self) -> str:
        """The status as a person reads it, with the article of the law that judged it where
        the status rests on one (the adaptation's)."""
        text = REPORT_STATUS_PT.get(self.status, self.status)
        concept = REPORT_STATUS_CITES.get(self.status)
        return labelled(text, cited_for(self.law, concept)) if concept else text


REPORT_STATUS_PT = {
    "on_time": "entregue no prazo",
    "late": "entregue com atraso",
    "missing": "não entregue",
    "not_yet_due": "no prazo",
    "not_enforceable": "não exigível (adaptação)",
    "not_applicable": "lei não vigente",
}

#: The concept whose articles a status cites beside it (the law's ``CITES``).
REPORT_STATUS_CITES = {"not_enforceable": "adaptation"}


def report_contents(body: Mapping[str, Any]) -> dict[str, bool]:
    """Which items of art. 16 a report's body brought, as the law core's ``monthly_report`` reads
    them: the list of drivers (I, the body's list itself, even empty), the intermediation revenue
    (II) and each driver's trip revenue (III). An item left out is missing, never zero."""
    drivers = list(body.get("drivers", []))
    return {
        "active_drivers": "drivers" in body,
        "intermediation_revenue": "intermediation_revenue_cents" in body,
        "trip_revenue_per_driver": all("trip_revenue_cents" in d for d in drivers),
    }


def report_law(m: Municipality, year: int, month: int) -> BoundLaw:
    """The law a month's report is judged by (D-15): the one bound to transport by app on the
    report's due date (art. 16, D-8: the last business day of the next month), not the one bound
    on the day it is judged — a law bound since neither erases the earlier months nor judges
    them. The due date is the law's answer; it falls within the next month, so the law bound on
    that month's last day gives it, and the law bound on the due date itself judges. These are
    readings (the reports' and complaints' statuses, the portal's dues): past the binding's end,
    the law that governed last answers them — the platforms' acts ask their own date's law,
    which refuses them then (``services.common.apps_law``, ADR 0062)."""
    ny, nm = (year + 1, 1) if month == 12 else (year, month + 1)
    end = dt.date(ny, nm, calendar.monthrange(ny, nm)[1])
    law = law_for(m, Service.APLICATIVO, end, nearest=True, ended=True)
    due: dt.date = law.ask("monthly_report", {"year": year, "month": month}).outcome["due"]
    on_due = law_for(m, Service.APLICATIVO, due, nearest=True, ended=True)
    return law if on_due.binding == law.binding else on_due


def report_statuses(
    m: Municipality, on: dt.date, platform: Platform | None = None
) -> list[ReportStatus]:
    """Each platform's monthly reports since its credential, as the law core judges them on ``on``
    (art. 16, D-8; art. 28 adaptation) — each month under the law in force on its due date
    (:func:`report_law`, D-15); only ``platform``'s when given."""
    if not governs(m, Service.APLICATIVO):
        return []
    # Reports are due from the day a law first governed transport by app here.
    published = min(b.valid_from for b in m.law_bindings() if b.service == Service.APLICATIVO)
    laws: dict[tuple[int, int], BoundLaw] = {}
    firsts: dict[tuple[int, int, int], MonthlyReport] = {}
    newest: dict[tuple[int, int, int], MonthlyReport] = {}
    counts: dict[tuple[int, int, int], int] = defaultdict(int)
    reports = MonthlyReport.objects.order_by("version")
    platforms = Platform.objects.exclude(credentialed_at__isnull=True).order_by("name")
    if platform is not None:
        reports, platforms = reports.filter(platform=platform), platforms.filter(pk=platform.pk)
    for r in reports:
        k = (r.platform_id, r.year, r.month)
        firsts.setdefault(k, r)
        newest[k] = r
        counts[k] += 1
    last_month = on.replace(day=1) - dt.timedelta(days=1)
    zone = zone_of(m)
    # A cancelled platform owes the reports of the months it was credentialed, the month of the
    # cancellation included, and none after it: art. 16 binds the platforms credentialed here.
    cancelled_on = {
        c.platform_id: c.changed_at.astimezone(zone).date()
        for c in PlatformStatusChange.objects.filter(
            platform__status=Platform.Status.CANCELLED, new_status=Platform.Status.CANCELLED
        ).order_by("changed_at", "pk")
    }
    out: list[ReportStatus] = []
    for p in platforms:
        assert p.credentialed_at is not None
        # The day of the credential on the municipality's clock, not UTC's (D-8); the law core
        # says which months it owes (art. 16: the month of the credential and of the
        # cancellation included, ADR 0083).
        credentialed_on = p.credentialed_at.astimezone(zone).date()
        start = max(credentialed_on, published)
        end = min(last_month, cancelled_on.get(p.pk, last_month))
        for y, mo in _months(start, end):
            first = firsts.get((p.pk, y, mo))
            facts: dict[str, Any] = {
                "year": y,
                "month": mo,
                "credentialed_on": credentialed_on.isoformat(),
            }
            if p.pk in cancelled_on:
                facts["cancelled_on"] = cancelled_on[p.pk].isoformat()
            if first is not None:
                facts["submitted_on"] = first.submitted_on.isoformat()
                # What the month's report lacks is what its newest version lacks.
                facts["contents"] = report_contents(newest[(p.pk, y, mo)].payload or {})
            if (y, mo) not in laws:
                laws[(y, mo)] = report_law(m, y, mo)
            d = laws[(y, mo)].ask("monthly_report", facts, on)
            if d.outcome["status"] == "not_owed":
                continue
            out.append(
                ReportStatus(
                    p,
                    y,
                    mo,
                    d.outcome["status"],
                    d.outcome["due"],
                    d.summary,
                    counts.get((p.pk, y, mo), 0),
                    d.to_json(),
                    laws[(y, mo)].law,
                )
            )
    return out


def report_candidates(m: Municipality, on: dt.date) -> list[ReportStatus]:
    """Late or missing reports: infraction candidates for the authority (art. 16 sole par.)."""
    return [s for s in report_statuses(m, on) if s.status in ("late", "missing")]


@dataclass(frozen=True)
class ComplaintStatus:
    complaint: Complaint
    status: str
    deadline: dt.date
    summary: str
    decision: dict[str, Any]


def complaint_statuses(
    m: Municipality, on: dt.date, platform: Platform | None = None
) -> list[ComplaintStatus]:
    """The complaints (only ``platform``'s when given) as the law judges them on ``on`` (art. 15)."""
    if not governs(m, Service.APLICATIVO):
        return []
    law = law_for(m, Service.APLICATIVO, on, nearest=True, ended=True)
    out = []
    complaints = Complaint.objects.select_related("platform").order_by("deadline", "pk")
    if platform is not None:
        complaints = complaints.filter(platform=platform)
    for c in complaints:
        facts: dict[str, Any] = {"filed_on": c.filed_on.isoformat()}
        if c.answered_on is not None:
            facts["answered_on"] = c.answered_on.isoformat()
        d = law.ask("complaint_deadline", facts)
        out.append(
            ComplaintStatus(c, d.outcome["status"], d.outcome["deadline"], d.summary, d.to_json())
        )
    return out


@dataclass(frozen=True)
class ComplaintTerm:
    """What the law governing transport by app says of complaints on a date: the business days a
    platform has to answer (``None`` when the law is not in force then) and its articles."""

    business_days: int | None
    answer_cites: str  # the term to answer
    channel_cites: str  # the users' channel and the term to answer


def complaint_term(m: Municipality, on: dt.date) -> ComplaintTerm:
    """The term of the law bound to transport by app in ``m`` for a complaint filed on ``on``."""
    law = law_for(m, Service.APLICATIVO, on, nearest=True, ended=True)
    outcome = law.ask("complaint_deadline", {"filed_on": on.isoformat()}).outcome
    return ComplaintTerm(
        outcome.get("business_days"),
        interfaces.cited_once(law.law, "complaint_answer"),
        interfaces.cited_once(law.law, "complaint_channel", "complaint_answer"),
    )


#: What the tracking page calls each status of ``complaint_deadline``.
TRACKING_LABELS = {
    "open": "aguardando resposta da plataforma",
    "overdue": "sem resposta no prazo",
    "answered_on_time": "respondida no prazo",
    "answered_late": "respondida fora do prazo",
}


@dataclass(frozen=True)
class ComplaintTracking:
    """What the person who filed a complaint sees on the tracking page: its state, the
    platform's answer, the law's deadline and where it was sent."""

    protocol: str
    platform: str
    filed_on: dt.date
    status: str  # the law's: open, overdue, answered_on_time, answered_late, not_enforceable…
    label: str
    summary: str
    deadline: dt.date
    answer: str
    answered_on: dt.date | None
    #: Since when the authority has it as an unanswered complaint (art. 15), or None.
    sent_to_authority_on: dt.date | None
    term: ComplaintTerm


def complaint_tracking(
    m: Municipality, protocol: str, secret: str, on: dt.date
) -> ComplaintTracking | None:
    """The complaint of ``m`` with ``protocol`` whose tracking code is ``secret``, as of ``on``;
    None for a wrong protocol, a wrong code, or another municipality's complaint alike."""
    if not governs(m, Service.APLICATIVO):
        return None
    with tenant(m):
        found = (
            Complaint.objects.select_related("platform")
            .filter(protocol=protocol.strip().upper())
            .exclude(secret_digest="")
            .first()
        )
        c = matching(found, secret.strip())
        if c is None:
            return None
        facts: dict[str, Any] = {"filed_on": c.filed_on.isoformat()}
        if c.answered_on is not None:
            facts["answered_on"] = c.answered_on.isoformat()
        d = law_for(m, Service.APLICATIVO, on, nearest=True, ended=True).ask(
            "complaint_deadline", facts
        )
        candidate = (
            InfractionCandidate.objects.filter(
                platform=c.platform,
                kind=InfractionCandidate.Kind.COMPLAINT_OVERDUE,
                key=c.protocol,
                withdrawn_on__isnull=True,
            )
            .only("detected_on")
            .first()
        )
        status = d.outcome["status"]
        return ComplaintTracking(
            protocol=c.protocol,
            platform=c.platform.name,
            filed_on=c.filed_on,
            status=status,
            label=TRACKING_LABELS.get(status, d.summary),
            summary=d.summary,
            deadline=d.outcome.get("deadline") or c.deadline,
            answer=c.answer if c.status == Complaint.Status.ANSWERED else "",
            answered_on=c.answered_on,
            sent_to_authority_on=candidate.detected_on if candidate else None,
            term=complaint_term(m, c.filed_on),
        )


def app_plate_platforms(m: Municipality, plate: str) -> list[str]:
    """The credentialed platforms on which an enabled driver uses ``plate`` (apps art. 3, art. 4):
    only their names, what the public plate check may show."""
    if not plate or not governs(m, Service.APLICATIVO):
        return []
    with tenant(m):
        names = PlatformDriver.objects.filter(
            vehicle_plate=plate,
            status=PlatformDriver.Status.ENABLED,
            platform__status=Platform.Status.CREDENTIALED,
        ).values_list("platform__name", flat=True)
        return sorted(set(names))


def overdue_complaints(m: Municipality, on: dt.date) -> list[ComplaintStatus]:
    """Complaints without an answer after the term of the law (apps art. 15)."""
    return [s for s in complaint_statuses(m, on) if s.status == "overdue"]


def complaint_candidates(m: Municipality, on: dt.date) -> list[ComplaintStatus]:
    """Complaints whose answer the law says missed its term — still unanswered past it, or
    answered after it (apps art. 15, the law core's ``breach``): infraction candidates for the
    authority (art. 26 sole par.), as late or missing reports are (:func:`report_candidates`)."""
    return [s for s in complaint_statuses(m, on) if s.decision["outcome"].get("breach")]


@dataclass(frozen=True)
class Due:
    """One thing a platform owes the municipality, for its portal's landing page: ``what`` it owes,
    by ``due`` (``late`` past it), where to do it and the articles that demand it."""

    what: str
    due: dt.date
    late: bool
    url: str
    cites: str


#: The reports still owed (``report_statuses``): nothing sent, due date to come or passed.
OWED_REPORT = ("not_yet_due", "missing")
#: The complaints still to answer (``complaint_statuses``): within the term or past it.
OWED_ANSWER = ("open", "overdue")


def _short_cites(decision: dict[str, Any]) -> str:
    """The articles of a decision's first reason (its duty), without the law's title."""
    return _reason_cites(decision["reasons"][0])


def _reason_cites(reason: Mapping[str, Any], within: str | None = None) -> str:
    """The articles of a reason (as a decision's trace keeps it), each without its law's title —
    or, on a page that names the law ``within``, that law's only (another law's keep theirs)."""
    texts = []
    for c in reason["citations"]:
        title = f"{LAW_TITLES.get(c['law'], '')}, "
        texts.append(c["text"].removeprefix(title) if within in (None, c["law"]) else c["text"])
    return "; ".join(texts)


def case_appeal_period(case: PlatformCase, on: dt.date) -> str:
    """Apps art. 26 sole paragraph (D-17: Lei 9.784/1999 art. 59): the period to appeal against
    the decision on a credential, as the law core gave it when the decision's notice was recorded
    (kept with the case) or, before that, as it answers for a notice on ``on`` — the regulation's
    days, else the federal default — with its articles: what the case's page says, never a number
    of its own. Empty where no law governing transport by app answers."""
    notice = case.decision.get("notice")
    try:
        # The law of the case's own day even once it ended (ADR 0062): the notice is kept.
        bound = law_for(case.municipality, Service.APLICATIVO, on, nearest=True, ended=True)
    except LawNotBound:
        return ""
    if notice is None:
        with tenant(case.municipality):
            asked = bound.ask(
                "penalty_finality", {"decision_notice_on": on.isoformat(), "appeal": "none"}
            )
        notice = asked.to_json()
    found = [r for r in notice["reasons"] if str(r["rule"]).endswith(".appeal_days")]
    if not found:
        return ""
    return labelled(found[0]["message"].rstrip("."), _reason_cites(found[0], bound.law)) + "."


@dataclass(frozen=True)
class Dues:
    """:func:`platform_dues`: the rows, how many more reports are owed than shown, and the title of
    the law that demands them."""

    rows: list[Due]
    more_reports: int
    law: str


def platform_dues(platform: Platform, on: dt.date, reports: int = 3) -> Dues:
    """What ``platform`` owes the municipality on ``on`` under the law governing transport by app:
    its monthly reports not sent (art. 16, due as D-8 sets it; the ``reports`` nearest due dates
    shown), then its complaints to answer (art. 15), nearest deadline first."""
    m = platform.municipality
    if not governs(m, Service.APLICATIVO):
        return Dues([], 0, "")
    owed = [s for s in report_statuses(m, on, platform) if s.status in OWED_REPORT]
    owed.sort(key=lambda s: s.due)
    shown = owed[-reports:] if reports else []
    to_send = reverse("platforms:portal_reports")
    rows = [
        Due(
            f"Relatório mensal de {s.label}",
            s.due,
            s.status == "missing",
            f"{to_send}?mes={s.year}-{s.month:02d}",
            _short_cites(s.decision),
        )
        for s in shown
    ]
    answers = reverse("platforms:portal_complaints")
    rows += [
        Due(
            f"Responder a reclamação {s.complaint.protocol}",
            s.deadline,
            s.status == "overdue",
            f"{answers}#reclamacao-{s.complaint.pk}",
            _short_cites(s.decision),
        )
        for s in sorted(complaint_statuses(m, on, platform), key=lambda s: s.deadline)
        if s.status in OWED_ANSWER
    ]
    law = law_for(m, Service.APLICATIVO, on, nearest=True, ended=True).law
    return Dues(rows, len(owed) - len(shown), LAW_TITLES.get(law, law))


def latest_reports() -> list[MonthlyReport]:
    """The newest version of each platform's month."""
    latest: dict[tuple[int, int, int], MonthlyReport] = {}
    for r in MonthlyReport.objects.select_related("platform").order_by("version"):
        latest[(r.platform_id, r.year, r.month)] = r
    return sorted(latest.values(), key=lambda r: (r.year, r.month, r.platform.name))


def monthly_series(metric: str) -> tuple[list[str], dict[str, list[int | None]]]:
    """Labels (``jan/2026``) and, per platform, the reported ``metric`` of each month (newest
    version), for the chart."""
    reports = latest_reports()
    months = sorted({(r.year, r.month) for r in reports})
    labels = [month_label(dt.date(y, mo, 1)) for y, mo in months]
    series: dict[str, list[int | None]] = {}
    for r in reports:
        values = series.setdefault(r.platform.name, [None] * len(months))
        values[months.index((r.year, r.month))] = getattr(r, metric)
    return labels, series


def tax_regimes(platform: Platform, start: dt.datetime, end: dt.datetime) -> dict[str, str]:
    """Each driver's tax regime (art. 20: MEI or autônomo; decision D-14) for the period
    ``[start, end)`` — a month of trips — by CPF.

    A change of regime is a new roster entry, so the entry enabled in the period wins, and of
    several the one enabled last (the month is declared as a whole at its end, D-15). A CPF with no
    entry enabled in the period takes the regime of its newest entry (a driver disabled before
    the month, or refused, still told the platform's answer)."""
    rows = PlatformDriver.objects.filter(platform=platform).order_by("created_at", "pk")
    newest = {d.cpf: d.tax_regime for d in rows.only("cpf", "tax_regime")}
    in_period = roster_in_period(platform, start, end)
    return {**newest, **{cpf: d.tax_regime for cpf, d in in_period.items()}}


def roster_in_month(platform: Platform, year: int, month: int) -> dict[str, PlatformDriver]:
    """:func:`roster_in_period` for a month on the municipality's clock."""
    zone = zone_of(platform.municipality)
    first = dt.date(year, month, 1)
    after = dt.date(year + (month == 12), month % 12 + 1, 1)
    return roster_in_period(
        platform,
        dt.datetime.combine(first, dt.time.min, tzinfo=zone),
        dt.datetime.combine(after, dt.time.min, tzinfo=zone),
    )


def roster_in_period(
    platform: Platform, start: dt.datetime, end: dt.datetime
) -> dict[str, PlatformDriver]:
    """The drivers on ``platform``'s roster at some instant of ``[start, end)`` — a month's
    "motoristas ativos no período" (art. 16, I) — by CPF: of several entries of one person, the
    one enabled last (a change of regime or vehicle is a new entry)."""
    in_period: dict[str, tuple[dt.datetime, PlatformDriver]] = {}
    rows = PlatformDriver.objects.filter(platform=platform).order_by("created_at", "pk")
    for d in rows.exclude(status=PlatformDriver.Status.REFUSED):
        began = d.enabled_at or d.created_at
        if began >= end or (d.disabled_at is not None and d.disabled_at <= start):
            continue
        seen = in_period.get(d.cpf)
        if seen is None or began >= seen[0]:
            in_period[d.cpf] = (began, d)
    return {cpf: d for cpf, (_, d) in in_period.items()}


# --- penalties: the authority's queues (art. 26 sole paragraph; D-1, D-17) -----------------------


def appeal_queue() -> list[PlatformPenaltyAppeal]:
    """Appeals awaiting judgment, the nearest judging deadline first (regulation, else Lei
    9.784/1999 art. 59 §1; D-17)."""
    return list(
        PlatformPenaltyAppeal.objects.filter(result=PlatformPenaltyAppeal.Result.PENDING)
        .select_related("penalty", "penalty__platform", "penalty__debt")
        .order_by("judge_until", "filed_on", "pk")
    )


def penalties_not_final() -> list[PlatformPenalty]:
    """Warnings and fines whose appeal period is open (the nearest last day first), then those whose
    decision was not yet notified (the oldest first): neither is final yet (D-1)."""
    open_period = PlatformPenalty.objects.filter(status=PlatformPenalty.Status.APPEAL_PERIOD)
    awaiting = PlatformPenalty.objects.filter(status=PlatformPenalty.Status.AWAITING_NOTICE)
    related = ("platform", "debt")
    return [
        *open_period.select_related(*related).order_by("appeal_until", "pk"),
        *awaiting.select_related(*related).order_by("imposed_at", "pk"),
    ]


def penalty_acts(x: PlatformPenalty) -> list[Any]:
    """The acts of a penalty, of its appeal and of its fine's debt, in the chain's order."""
    from outorga.core.models import Act

    q = Q(object_type="platforms.platformpenalty", object_id=str(x.pk))
    appeal = PlatformPenaltyAppeal.objects.filter(penalty=x).first()
    if appeal is not None:
        q |= Q(object_type="platforms.platformpenaltyappeal", object_id=str(appeal.pk))
    if x.debt_id is not None:
        q |= Q(object_type="finance.debt", object_id=str(x.debt_id))
    return list(Act.objects.filter(q).order_by("seq"))


@dataclass(frozen=True)
class NotReturned:
    """A driver a cancellation disabled that its annulment did not give back, and why."""

    case: int
    on: dt.date
    name: str
    cpf: str
    reason: str


def roster_not_returned(platform: Platform) -> list[NotReturned]:
    """The drivers the annulled (or reduced) cancellation of ``platform``'s credential did not
    give back (art. 26 IV with art. 3 §2, art. 4, art. 17; Lei 9.784/1999 art. 53), as the case
    keeps them, with the law's reason — but for those the platform has since registered again."""
    rows = []
    cases = PlatformCase.objects.filter(platform=platform, decision__has_key="roster_restore")
    for c in cases.order_by("-pk"):
        kept = c.decision["roster_restore"]
        refused = {int(x["driver"]): x for x in kept.get("not_returned", [])}
        cpfs = dict(PlatformDriver.objects.filter(pk__in=refused).values_list("pk", "cpf"))
        back = set(
            PlatformDriver.objects.filter(
                platform=platform, cpf__in=cpfs.values(), status=PlatformDriver.Status.ENABLED
            ).values_list("cpf", flat=True)
        )
        rows += [
            NotReturned(c.pk, dt.date.fromisoformat(kept["on"]), x["name"], x["cpf"], x["reason"])
            for pk, x in refused.items()
            if cpfs.get(pk) not in back
        ]
    return rows


def drivers_with_documents_to_update(platform: Platform) -> QuerySet[PlatformDriver]:
    """The platform's enabled drivers whose periodic re-check found a requirement of art. 4 no
    longer met, or one it cannot verify (art. 4 II, art. 14 I): the lapsed first."""
    return (
        PlatformDriver.objects.filter(platform=platform, status=PlatformDriver.Status.ENABLED)
        .exclude(documents=PlatformDriver.Documents.CURRENT)
        .order_by("documents", "name", "pk")
    )


@dataclass(frozen=True)
class StoppedPeriod:
    """A period ``p``'s credential did not let it operate (art. 3 with art. 26, IV):
    ``[start, end)``, ``end`` None while it lasts (a cancellation); ``status`` the credential's,
    ``last_day`` a suspension's last day."""

    start: dt.datetime
    end: dt.datetime | None
    status: str
    last_day: dt.date | None


def _suspended_until(change: PlatformStatusChange) -> dt.date | None:
    until = (change.decision or {}).get("outcome", {})
    value = until.get("suspended_until") if isinstance(until, dict) else None
    return dt.date.fromisoformat(str(value)[:10]) if value else None


def credential_stopped(p: Platform) -> list[StoppedPeriod]:
    """The periods ``p``'s credential was suspended or cancelled, from its status history: each
    from the first instant of its decision's day (the decision applies at once, Lei 9.784/1999 art.
    61) to the change that ended it — a suspension no later than the end of its last day, even
    when the sweep lifted it later (ADR 0030)."""
    zone = zone_of(p.municipality)

    def midnight(day: dt.date) -> dt.datetime:
        return dt.datetime.combine(day, dt.time.min, tzinfo=zone)

    out: list[StoppedPeriod] = []
    open_: StoppedPeriod | None = None
    stopping = (Platform.Status.SUSPENDED, Platform.Status.CANCELLED)
    for c in PlatformStatusChange.objects.filter(platform=p).select_related("case"):
        if open_ is not None:
            end = c.changed_at
            if open_.last_day is not None:
                end = min(end, midnight(open_.last_day + dt.timedelta(days=1)))
            out.append(StoppedPeriod(open_.start, end, open_.status, open_.last_day))
            open_ = None
        if c.new_status not in stopping:
            continue
        decided = (c.case.decision.get("penalty", {}).get("as_of") if c.case else None) or None
        start = midnight(dt.date.fromisoformat(decided)) if decided else c.changed_at
        last_day = None
        if c.new_status == Platform.Status.SUSPENDED:
            last_day = _suspended_until(c) or p.suspended_until
        open_ = StoppedPeriod(start, None, c.new_status, last_day)
    if open_ is not None:
        end = midnight(open_.last_day + dt.timedelta(days=1)) if open_.last_day else None
        out.append(StoppedPeriod(open_.start, end, open_.status, open_.last_day))
    return out
