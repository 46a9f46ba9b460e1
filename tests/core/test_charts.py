"""The charts' pieces (``core.charts``): numbers, money and months written as a Brazilian reads
them, and a chart drawn as an SVG with no script, named by its heading, with its numbers in a table."""

from __future__ import annotations

import datetime as dt

from outorga.core.charts import (
    Chart,
    Series,
    keyed,
    last_months,
    money,
    month_label,
    number,
    percent,
)


def test_numbers_use_dots_for_thousands_and_a_comma_for_decimals() -> None:
    assert number(1234567) == "1.234.567"
    assert number(0) == "0"
    assert number(1234.25, 1) == "1.234,3"
    assert number(-1500) == "-1.500"
    assert percent(45, 60) == "75,0%"
    assert percent(1, 0) == "—"


def test_money_is_written_in_reais() -> None:
    assert money(123456) == "R$ 1.234,56"
    assert money(5) == "R$ 0,05"


def test_months_read_jan_2026_and_the_last_twelve_end_with_this_month() -> None:
    assert month_label(dt.date(2026, 1, 31)) == "jan/2026"
    assert month_label(dt.date(2025, 12, 1)) == "dez/2025"
    months = last_months(dt.date(2026, 3, 15))
    assert len(months) == 12
    assert months[0] == dt.date(2025, 4, 1) and months[-1] == dt.date(2026, 3, 1)


def chart() -> Chart:
    return Chart(
        key="teste",
        title="Débitos por idade",
        description="Valores em aberto.",
        labels=("0–30 dias", "31–60 dias"),
        series=(Series("Em aberto", (123456, 0)), Series("Definitivo", (100, None))),
        kind="stacked",
        fmt=money,
        label_header="Atraso",
        total=True,
    )


def test_the_table_has_the_same_numbers_written_in_portuguese_with_a_total() -> None:
    c = chart()
    assert c.headers == ["Atraso", "Em aberto", "Definitivo", "Total"]
    assert c.rows == [
        ("0–30 dias", ["R$ 1.234,56", "R$ 1,00", "R$ 1.235,56"]),
        ("31–60 dias", ["R$ 0,00", "R$ 0,00", "R$ 0,00"]),
    ]


def test_the_svg_runs_no_script_and_is_one_image_named_by_the_page() -> None:
    svg = str(chart().svg())
    assert "<script" not in svg and "javascript" not in svg.lower()
    assert 'role="img"' in svg
    assert 'aria-labelledby="grafico-teste-titulo"' in svg
    assert 'aria-describedby="grafico-teste-descricao"' in svg
    assert "R$ 1.234,56" in svg  # values printed on the bars, formatted as the table writes them
    assert "0–30 dias" in svg


def test_two_charts_of_one_key_get_ids_of_their_own() -> None:
    a, b = keyed([chart(), chart()])
    assert a.id == "grafico-teste" and b.id == "grafico-teste-2"
    assert 'aria-labelledby="grafico-teste-2-titulo"' in str(b.svg())


def test_a_chart_with_no_records_says_so_instead_of_drawing() -> None:
    empty = Chart("v", "Vazio", "Nada.", ("jan/2026",), (Series("A", (0,)),))
    assert empty.empty


def test_the_value_axis_counts_in_round_whole_steps_past_the_tallest_stack() -> None:
    assert chart().scale()[:2] == [0, 50_000] and chart().scale()[-1] >= 123_556
    few = Chart("f", "F", "f", ("a", "b"), (Series("A", (2, 1)), Series("B", (1, 0))), "stacked")
    assert few.scale() == [0, 1, 2, 3]
    many = Chart("m", "M", "m", ("a",), (Series("A", (1_234,)),))
    assert many.scale() == [0, 500, 1_000, 1_500]
