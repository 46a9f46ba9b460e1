"""A small server-side SVG line chart (no JavaScript, no network): one line per platform."""

from __future__ import annotations

from django.utils.html import escape

PALETTE = ("#1351b4", "#168821", "#e52207", "#ffcd07", "#5c2d91", "#00a3a3", "#ff8a00", "#555")


def _fmt(n: float) -> str:
    return f"{int(n):,}".replace(",", ".")


def line_chart(
    labels: list[str],
    series: dict[str, list[int | None]],
    *,
    title: str,
    chart_id: str = "chart",
    width: int = 640,
    height: int = 260,
) -> str:
    """An accessible SVG (``role="img"`` with title and description); scales to its container."""
    left, right, top, bottom = 48, 12, 16, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [v for vs in series.values() for v in vs if v is not None]
    peak = max(values, default=0)
    # Four gridlines at a "nice" integer step (1, 2, 5 × 10^k).
    raw = max(1, -(-peak // 4))
    magnitude = 10 ** (len(str(raw)) - 1)
    step = next(f * magnitude for f in (1, 2, 5, 10) if f * magnitude >= raw)
    top_value = 4 * step
    n = max(1, len(labels) - 1)

    def x(i: int) -> float:
        return left + (plot_w * i / n if len(labels) > 1 else plot_w / 2)

    def y(v: float) -> float:
        return top + plot_h - plot_h * v / top_value

    desc = "; ".join(
        f"{name}: "
        + ", ".join(f"{lab} {_fmt(v)}" for lab, v in zip(labels, vs, strict=False) if v is not None)
        for name, vs in series.items()
    )
    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="{chart_id}-t" aria-describedby="{chart_id}-d" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{chart_id}-t">{escape(title)}</title>',
        f'<desc id="{chart_id}-d">{escape(desc or "sem dados")}</desc>',
    ]
    for k in range(5):
        v = top_value * k / 4
        parts.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
            f'stroke="#ddd" stroke-width="1"/>'
            f'<text x="{left - 6}" y="{y(v) + 4:.1f}" font-size="13" text-anchor="end" '
            f'fill="#333">{_fmt(v)}</text>'
        )
    every = max(1, len(labels) // 6)
    for i, lab in enumerate(labels):
        if i % every == 0 or i == len(labels) - 1:
            anchor = "start" if i == 0 else "end" if i == len(labels) - 1 else "middle"
            parts.append(
                f'<text x="{x(i):.1f}" y="{height - bottom + 18}" font-size="13" '
                f'text-anchor="{anchor}" fill="#333">{escape(lab)}</text>'
            )
    for idx, (_name, vs) in enumerate(series.items()):
        color = PALETTE[idx % len(PALETTE)]
        points = [(x(i), y(v)) for i, v in enumerate(vs) if v is not None]
        # A month without a report breaks the line instead of bridging the gap.
        runs: list[list[tuple[float, float]]] = [[]]
        for i, v in enumerate(vs):
            if v is None:
                runs.append([])
            else:
                runs[-1].append((x(i), y(v)))
        for run in runs:
            if len(run) > 1:
                path = " ".join(f"{px:.1f},{py:.1f}" for px, py in run)
                parts.append(
                    f'<polyline fill="none" stroke="{color}" stroke-width="2.5" points="{path}"/>'
                )
        for px, py in points:
            parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3.5" fill="{color}"/>')
    parts.append("</svg>")
    legend = "".join(
        f'<li><span class="swatch" style="background:{PALETTE[i % len(PALETTE)]}"></span>'
        f"{escape(name)}</li>"
        for i, name in enumerate(series)
    )
    return "".join(parts) + f'<ul class="chart-legend">{legend}</ul>'
