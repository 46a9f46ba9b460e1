"""Reads of the trip-data area: who may read, reconciliation, the month's picture, the chart."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from html import escape
from typing import Any

from outorga.core.acts import Actor
from outorga.law.competence import NotCompetent, Role
from outorga.platforms.models import Platform

from .models import IssqnStatement, PlatformMonth, TripUpload
from .months import current_trip_uploads, month_drivers
from .services.issqn import latest_report

#: Finance reviews the data (platform.report.review, apps art. 16, 18, 20); the authority reads it
#: to open infraction cases (art. 3 §2, 26).
READERS = frozenset({Role.FINANCAS, Role.AUTORIDADE})


def require_reader(actor: Actor) -> None:
    if actor.role not in READERS:
        raise NotCompetent(actor.role, "aplicativo", "platform.report.review", None)


@dataclass(frozen=True)
class ReconciliationLine:
    driver_cpf: str
    trips_cents: int | None  # measured from the trips file
    reported_cents: int | None  # declared in the monthly report
    trips: int | None
    reported_trips: int | None

    @property
    def difference_cents(self) -> int:
        return (self.trips_cents or 0) - (self.reported_cents or 0)

    @property
    def status(self) -> str:
        if self.trips_cents is None:
            return "só no relatório"
        if self.reported_cents is None:
            return "só nas corridas"
        return "confere" if self.difference_cents == 0 else "diverge"


@dataclass(frozen=True)
class Reconciliation:
    report_version: int | None
    lines: list[ReconciliationLine]
    trips_total_cents: int
    reported_total_cents: int
    intermediation_trips_cents: int
    intermediation_reported_cents: int | None

    @property
    def differences(self) -> list[ReconciliationLine]:
        return [line for line in self.lines if line.status != "confere"]


def reconciliation(pm: PlatformMonth) -> Reconciliation:
    """Per-driver trip revenue from the trips file vs the monthly report (art. 16 III, 21)."""
    measured = {d.driver_cpf: d for d in month_drivers(current_trip_uploads(pm.platform, pm.month))}
    report = latest_report(pm.platform, pm.month)
    declared: dict[str, dict[str, Any]] = {}
    if report is not None:
        for d in (report.payload or {}).get("drivers", []):
            declared[str(d.get("cpf", ""))] = d
    lines = []
    for cpf in sorted(set(measured) | set(declared)):
        m, r = measured.get(cpf), declared.get(cpf)
        lines.append(
            ReconciliationLine(
                cpf,
                m.gross_cents if m else None,
                int(r.get("trip_revenue_cents", 0)) if r else None,
                m.trips if m else None,
                int(r["trips"]) if r and "trips" in r else None,
            )
        )
    return Reconciliation(
        report.version if report else None,
        lines,
        sum(d.gross_cents for d in measured.values()),
        sum(int(d.get("trip_revenue_cents", 0)) for d in declared.values()),
        pm.retention_cents,
        report.declared_intermediation_revenue_cents if report else None,
    )


def month_of(platform: Platform, year: int, month: int) -> PlatformMonth | None:
    try:
        first = dt.date(year, month, 1)
    except ValueError:
        return None
    return (
        PlatformMonth.objects.select_related("platform", "trips_upload", "sessions_upload")
        .filter(platform=platform, month=first)
        .first()
    )


def statement_of(pm: PlatformMonth) -> IssqnStatement | None:
    return IssqnStatement.objects.filter(platform=pm.platform, month=pm.month).first()


def upload_json(u: TripUpload, *, with_validation: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": u.pk,
        "platform": u.platform_id,
        "month": f"{u.month:%Y-%m}",
        "kind": u.kind,
        "schema": u.schema,
        "format": u.file_format,
        "file": u.original_name,
        "size": u.size,
        "sha256": u.sha256,
        "status": u.status,
        "status_label": u.get_status_display(),
        "progress": u.progress,
        "stage": u.stage,
        "error": u.error,
        "rows": u.rows,
        "rows_counted": u.rows_counted,
        "rows_clean": u.rows_clean,
        "peak_drivers": u.peak_drivers,
        "peak_at": u.peak_at.isoformat() if u.peak_at else None,
        "window": {"start": u.window_start.isoformat(), "end": u.window_end.isoformat()}
        if u.window_start and u.window_end
        else None,
        "created_at": u.created_at.isoformat(),
        "finished_at": u.finished_at.isoformat() if u.finished_at else None,
    }
    if with_validation:
        out["validation"] = [
            {
                "kind": v.kind,
                "label": v.label,
                "count": v.count,
                "excluded_from_totals": v.excludes,
                "samples": v.samples,
            }
            for v in u.validation.all()
        ]
    return out


def chart_svg(
    months: list[PlatformMonth], cap: int | None = None, width: int = 640, height: int = 260
) -> str:
    """Monthly trips (bars) and peak of concurrent drivers (line, right axis) per platform, as an
    inline SVG drawn on the server (no scripts, no network), with the law's cap of drivers per
    platform as a dashed line when it has one. Text alternatives are in the table next to it on
    the page."""
    if not months:
        return ""
    keys = sorted({pm.month for pm in months})
    platforms = sorted({pm.platform.name for pm in months})
    palette = ["#1351b4", "#168821", "#e52207", "#ffcd07", "#5c2d91", "#00a6a6", "#c05800"]
    color = {name: palette[i % len(palette)] for i, name in enumerate(platforms)}
    left, right, top, bottom = 56, 44, 16, 48
    plot_w, plot_h = width - left - right, height - top - bottom
    max_trips = max((pm.trips for pm in months), default=0) or 1
    max_peak = max([pm.peak or 0 for pm in months] + [cap or 0]) or 1
    group_w = plot_w / len(keys)
    bar_w = max(2.0, group_w * 0.8 / len(platforms))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="grafico-titulo" style="max-width:100%;height:auto">',
        '<title id="grafico-titulo">Corridas por mês (barras) e pico de motoristas simultâneos '
        "(linhas) por plataforma</title>",
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" '
        'stroke="#888"/>',
    ]
    for i in range(5):
        y = top + plot_h - plot_h * i / 4
        parts.append(
            f'<text x="{left - 4}" y="{y + 4:.1f}" font-size="10" text-anchor="end">'
            f"{_thousands(round(max_trips * i / 4))}</text>"
        )
        parts.append(
            f'<text x="{left + plot_w + 4}" y="{y + 4:.1f}" font-size="10">'
            f"{round(max_peak * i / 4)}</text>"
        )
    if cap:
        cap_y = top + plot_h - plot_h * cap / max_peak
        parts.append(
            f'<line x1="{left}" y1="{cap_y:.1f}" x2="{left + plot_w}" y2="{cap_y:.1f}" '
            'stroke="#e52207" stroke-dasharray="4 3"/>'
            f'<text x="{left + plot_w - 2}" y="{cap_y - 3:.1f}" font-size="10" text-anchor="end" '
            f'fill="#e52207">limite {cap}</text>'
        )
    by = {(pm.platform.name, pm.month): pm for pm in months}
    for gi, key in enumerate(keys):
        x0 = left + gi * group_w + group_w * 0.1
        parts.append(
            f'<text x="{left + gi * group_w + group_w / 2:.1f}" y="{top + plot_h + 14}" '
            f'font-size="10" text-anchor="middle">{key:%m/%Y}</text>'
        )
        for pi, name in enumerate(platforms):
            pm = by.get((name, key))
            if pm is None:
                continue
            h = plot_h * pm.trips / max_trips
            parts.append(
                f'<rect x="{x0 + pi * bar_w:.1f}" y="{top + plot_h - h:.1f}" '
                f'width="{bar_w * 0.9:.1f}" height="{h:.1f}" fill="{color[name]}" '
                f'fill-opacity="0.55"><title>{escape(name)} {key:%m/%Y}: '
                f"{_thousands(pm.trips)} corridas</title></rect>"
            )
    for name in platforms:
        points = []
        for gi, key in enumerate(keys):
            pm = by.get((name, key))
            if pm is None or pm.peak is None:
                continue
            x = left + gi * group_w + group_w / 2
            y = top + plot_h - plot_h * pm.peak / max_peak
            points.append(f"{x:.1f},{y:.1f}")
        if points:
            parts.append(
                f'<polyline points="{" ".join(points)}" fill="none" stroke="{color[name]}" '
                'stroke-width="2"/>'
            )
            for pt in points:
                cx, cy = pt.split(",")
                parts.append(f'<circle cx="{cx}" cy="{cy}" r="3" fill="{color[name]}"/>')
    for i, name in enumerate(platforms):
        x = left + (i % 3) * 190
        y = height - 18 + (i // 3) * 12
        parts.append(
            f'<rect x="{x}" y="{y - 8}" width="10" height="10" fill="{color[name]}"/>'
            f'<text x="{x + 14}" y="{y + 1}" font-size="10">{escape(name)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _thousands(n: int) -> str:
    return f"{n:,}".replace(",", ".")
