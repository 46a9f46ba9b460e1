"""Server-side SVG bar charts of the ledger (no JavaScript): amounts by status and by month.

Each chart is an accessible image (``role="img"``, a title and a description listing every value)
and the page shows the same numbers in a table next to it.
"""

from __future__ import annotations

from django.utils.html import escape

from outorga.law.money import brl

#: One colour per debt status (gov.br palette), in the order statuses are listed.
STATUS_COLOURS = {
    "open": "#1351b4",
    "under_appeal": "#ffcd07",
    "final": "#e52207",
    "paid": "#168821",
    "refunded": "#5c2d91",
    "cancelled": "#888888",
}


def _axis_top(peak: int) -> int:
    top = max(1, peak)
    step = 10 ** max(0, len(str(top)) - 1)
    return ((top + step - 1) // step) * step


def _reais(cents: int) -> str:
    return brl(cents).replace(",00", "")


def status_bars(rows: list[tuple[str, str, int]], *, title: str, width: int = 440) -> str:
    """Horizontal bars: ``rows`` are (status value, label, cents). Narrow, so that its text
    stays legible when the page scales it to a phone's width."""
    bar_h, gap, left, right, top = 22, 10, 130, 100, 8
    height = top * 2 + len(rows) * (bar_h + gap)
    peak = _axis_top(max((c for _, _, c in rows), default=0))
    plot_w = width - left - right
    desc = "; ".join(f"{label}: {brl(c)}" for _, label, c in rows) or "sem dados"
    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="cs-t cs-d" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="cs-t">{escape(title)}</title><desc id="cs-d">{escape(desc)}</desc>',
    ]
    for i, (status, label, cents) in enumerate(rows):
        y = top + i * (bar_h + gap)
        w = plot_w * cents / peak if peak else 0
        colour = STATUS_COLOURS.get(status, "#1351b4")
        parts.append(
            f'<text x="{left - 8}" y="{y + bar_h * 0.7:.1f}" font-size="13" text-anchor="end" '
            f'fill="#333">{escape(label)}</text>'
            f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{colour}"/>'
            f'<text x="{left + w + 6:.1f}" y="{y + bar_h * 0.7:.1f}" font-size="12" '
            f'fill="#333">{escape(brl(cents))}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def monthly_stacked(
    months: list[str],
    series: dict[str, tuple[str, list[int]]],
    *,
    title: str,
    width: int = 640,
    height: int = 280,
) -> str:
    """Vertical stacked bars per month; ``series`` maps status → (label, cents per month)."""
    left, right, top, bottom = 72, 12, 16, 64
    plot_w, plot_h = width - left - right, height - top - bottom
    totals = [sum(vals[i] for _, vals in series.values()) for i in range(len(months))]
    peak = _axis_top(max(totals, default=0))
    slot = plot_w / max(1, len(months))
    bar_w = slot * 0.6
    desc = (
        "; ".join(
            f"{m}: "
            + ", ".join(f"{label} {brl(vals[i])}" for label, vals in series.values() if vals[i])
            for i, m in enumerate(months)
            if totals[i]
        )
        or "sem dados"
    )
    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="cm-t cm-d" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="cm-t">{escape(title)}</title><desc id="cm-d">{escape(desc)}</desc>',
    ]
    for k in range(5):
        v = peak * k / 4
        y = top + plot_h - plot_h * v / peak
        parts.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>'
            f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end" '
            f'fill="#333">{escape(_reais(int(v)))}</text>'
        )
    for i, month in enumerate(months):
        x = left + i * slot + (slot - bar_w) / 2
        base = float(top + plot_h)
        for status, (_, vals) in series.items():
            h = plot_h * vals[i] / peak
            if h <= 0:
                continue
            base -= h
            parts.append(
                f'<rect x="{x:.1f}" y="{base:.1f}" width="{bar_w:.1f}" height="{h:.1f}" '
                f'fill="{STATUS_COLOURS.get(status, "#1351b4")}"/>'
            )
        parts.append(
            f'<text x="{x + bar_w / 2:.1f}" y="{top + plot_h + 16}" font-size="11" '
            f'text-anchor="middle" fill="#333">{escape(month)}</text>'
        )
    # Legend under the axis.
    lx = left
    for status, (label, _) in series.items():
        parts.append(
            f'<rect x="{lx}" y="{height - 22}" width="12" height="12" '
            f'fill="{STATUS_COLOURS.get(status, "#1351b4")}"/>'
            f'<text x="{lx + 16}" y="{height - 12}" font-size="11" fill="#333">'
            f"{escape(label)}</text>"
        )
        lx += 16 + 7 * len(label) + 14
    parts.append("</svg>")
    return "".join(parts)
