"""Charts drawn on the server: what a dashboard shows as a picture, and the same numbers as a table.

A :class:`Chart` is data — a title, a description a screen reader reads, categories, series — and
renders itself as an inline SVG (pygal, no script: nothing is fetched or run in the browser) and as
rows of a "Ver os números" table, every value written the way a Brazilian reads it ("1.234",
"R$ 1.234,56", "jan/2026"). The apps build charts from their records; the core draws them."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from typing import Literal

import pygal
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from pygal.style import Style

from outorga.law.money import brl

Value = int | float | None
Kind = Literal["bar", "stacked", "hbar", "hstacked", "line"]

MONTHS_PT = ("jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez")


# --- pt-BR formats --------------------------------------------------------------------------------


def number(value: float | int | Decimal | None, places: int = 0) -> str:
    """``1234`` → ``1.234``; ``1234.5`` with ``places=1`` → ``1.234,5`` (half up)."""
    if value is None:
        return "—"
    q = Decimal(str(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    text = f"{abs(q):,.{places}f}".replace(",", "_").replace(".", ",").replace("_", ".")
    return f"-{text}" if q < 0 else text


def money(cents: float | int | None) -> str:
    """Cents as reais: ``123456`` → ``R$ 1.234,56``."""
    return "—" if cents is None else brl(round(cents))


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` as ``75,0%`` (``—`` when there is no whole)."""
    return "—" if not whole else f"{number(Decimal(part) * 100 / Decimal(whole), 1)}%"


def month_label(day: dt.date) -> str:
    """The month of ``day`` as ``jan/2026``."""
    return f"{MONTHS_PT[day.month - 1]}/{day.year}"


def last_months(today: dt.date, count: int = 12) -> list[dt.date]:
    """The first days of the ``count`` months ending with ``today``'s, oldest first."""
    y, m = today.year, today.month
    out = []
    for _ in range(count):
        out.append(dt.date(y, m, 1))
        y, m = (y, m - 1) if m > 1 else (y - 1, 12)
    return out[::-1]


# --- the chart ------------------------------------------------------------------------------------

#: The design system's colours (gov.br DS), in the order series take them: blue, green, red, gold…
STYLE = Style(
    background="transparent",
    plot_background="#ffffff",
    foreground="#333333",
    foreground_strong="#071d41",
    foreground_subtle="#888888",
    opacity=".9",
    opacity_hover="1",
    colors=("#1351b4", "#168821", "#e52207", "#ffcd07", "#5c2d91", "#00a6a6", "#c05800"),
    font_family="Rawline, Raleway, sans-serif",
    label_font_size=15,
    major_label_font_size=15,
    value_font_size=14,
    legend_font_size=16,
    tooltip_font_size=14,
)

_CHARTS: dict[Kind, type] = {
    "bar": pygal.Bar,
    "stacked": pygal.StackedBar,
    "hbar": pygal.HorizontalBar,
    "hstacked": pygal.HorizontalStackedBar,
    "line": pygal.Line,
}


@dataclass(frozen=True)
class Series:
    name: str
    values: tuple[Value, ...]


@dataclass(frozen=True)
class Chart:
    """One picture and its numbers. ``labels`` are the categories (months, services…), each
    series one value per label; ``fmt`` writes a value (``number``, ``money``); ``basis`` is what
    the numbers rest on (the law's articles, the period), shown under the picture."""

    key: str
    title: str
    description: str
    labels: tuple[str, ...]
    series: tuple[Series, ...]
    kind: Kind = "bar"
    fmt: Callable[[float | int | None], str] = number
    label_header: str = ""
    basis: str = ""
    #: A "Total" column in the table (the stacked series' sum per label).
    total: bool = False
    width: int = 640
    height: int = 380
    #: Set by the page (:func:`keyed`), so two charts never share an id.
    html_id: str = field(default="")

    @property
    def id(self) -> str:
        return self.html_id or f"grafico-{self.key}"

    @property
    def empty(self) -> bool:
        return not any(v for s in self.series for v in s.values)

    @property
    def headers(self) -> list[str]:
        return (
            [self.label_header] + [s.name for s in self.series] + (["Total"] if self.total else [])
        )

    @property
    def rows(self) -> list[tuple[str, list[str]]]:
        """Each label with its values written out, as the table shows them."""
        out = []
        for i, label in enumerate(self.labels):
            values = [s.values[i] for s in self.series]
            cells = [self.fmt(v or 0) for v in values]
            if self.total:
                cells.append(self.fmt(sum(v or 0 for v in values)))
            out.append((label, cells))
        return out

    def scale(self) -> list[int]:
        """The value axis' marks: from 0 by a round step (1, 2 or 5 × 10ⁿ; whole units), about
        five of them, past the tallest bar (the stack's sum in a stacked chart)."""
        columns = list(zip(*(s.values for s in self.series), strict=True))
        stacked = self.kind in ("stacked", "hstacked")
        top = max(
            ((sum(v or 0 for v in c) if stacked else max((v or 0) for v in c)) for c in columns),
            default=0,
        )
        if not top:
            return [0, 1]
        magnitude = 10 ** max(0, len(str(int(top) // 5)) - 1)
        step = next(k * magnitude for k in (1, 2, 5, 10) if k * magnitude * 5 >= top)
        return list(range(0, int(top) + step, step))

    def svg(self) -> SafeString:
        """The chart as inline SVG: no script, named by the page's heading and description."""
        n = len(self.series)
        # As many legend columns as the longest name lets fit in the width.
        longest = max((len(s.name) for s in self.series), default=1)
        cols = max(1, min(n, (self.width - 40) // (9 * longest + 40)))
        # pygal keeps room for n // cols legend rows: the last, partial row needs its own.
        extra_rows = -(-n // cols) - n // cols if n else 0
        horizontal = self.kind.startswith("h")
        chart = _CHARTS[self.kind](
            style=STYLE,
            js=[],
            disable_xml_declaration=True,
            width=self.width,
            height=self.height,
            legend_at_bottom=True,
            legend_at_bottom_columns=cols,
            show_legend=n > 1,
            truncate_legend=-1,
            truncate_label=-1,
            x_label_rotation=35 if len(self.labels) > 6 and not horizontal else 0,
            print_values=len(self.labels) * n <= 12,
            value_formatter=self.fmt,
            include_x_axis=True,
            margin=12,
            margin_bottom=12 + 24 * extra_rows,
        )
        chart.x_labels = list(self.labels)
        chart.y_labels = self.scale()
        for s in self.series:
            chart.add(s.name, list(s.values))
        # pygal escapes every text it writes (etree); the script it adds is taken out.
        return mark_safe(_accessible(chart.render(is_unicode=True), self.id))  # noqa: S308


def keyed(charts: Sequence[Chart]) -> list[Chart]:
    """The charts of one page, each with an id of its own (``grafico-<key>``, then ``-2``…)."""
    seen: dict[str, int] = {}
    out = []
    for c in charts:
        seen[c.key] = seen.get(c.key, 0) + 1
        n = seen[c.key]
        out.append(replace(c, html_id=f"grafico-{c.key}" + (f"-{n}" if n > 1 else "")))
    return out


_SCRIPT = re.compile(r"<script\b.*?</script>", re.S)
_COMMENT = re.compile(r"<!--.*?-->", re.S)


def _accessible(svg: str, html_id: str) -> str:
    """pygal's SVG without its configuration script (only its own JS would read it) and comments,
    as one image named by the page's heading and described by the page's paragraph."""
    svg = _COMMENT.sub("", _SCRIPT.sub("", svg))
    ident = escape(html_id)
    return svg.replace(
        "<svg ",
        f'<svg role="img" aria-labelledby="{ident}-titulo" aria-describedby="{ident}-descricao" '
        'focusable="false" ',
        1,
    )
