"""Apps law 4.976/2025 on the platform portal's landing page: "O que a plataforma deve ao
município" — the monthly report not yet sent (art. 16, due as D-8 sets it, "em atraso" once the
due date passed, gone once sent) and the complaints to answer with their deadline (art. 15),
nearest first; never another platform's."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from platforms_factories import enabled_drivers, make_platform, platform_actor

from outorga.core.localtime import today_of
from outorga.core.tenancy import tenant
from outorga.platforms.models import PlatformDriver
from outorga.platforms.selectors import report_law
from outorga.platforms.services.complaints import complaint_forward
from outorga.platforms.services.reports import monthly_report_submit

pytestmark = pytest.mark.django_db


def _last_month(today: dt.date) -> dt.date:
    return today.replace(day=1) - dt.timedelta(days=1)


def _credentialed_on(m, p, first: dt.date) -> None:
    with tenant(m):
        p.credentialed_at = dt.datetime(first.year, first.month, first.day, 12, tzinfo=dt.UTC)
        p.save(update_fields=["credentialed_at"])


@pytest.fixture
def fresh(barra_m, platform, portal):
    """``platform``, credentialed on the first day of last month (only last month's report
    owed), its staff signed in on the portal."""
    _credentialed_on(barra_m, platform, _last_month(today_of(barra_m)).replace(day=1))
    return portal, platform


def _forward(m, p, description: str, filed_on: dt.date):
    with tenant(m):
        return complaint_forward(
            actor=platform_actor(),
            municipality=m,
            platform=p,
            description=description,
            filed_on=filed_on,
        )


def _owed(client: Client) -> str:
    """The "O que a plataforma deve ao município" block of the portal's landing page."""
    html = client.get("/plataforma/").content.decode()
    found = re.search(r'<section[^>]*id="deveres".*?</section>', html, re.S)
    assert found, html[:3000]
    return found.group(0)


def _due_of(m, year: int, month: int) -> dt.date:
    return (
        report_law(m, year, month)
        .ask("monthly_report", {"year": year, "month": month})
        .outcome["due"]
    )


def _send(m, p, year: int, month: int, on: dt.date | None = None) -> None:
    with tenant(m):
        monthly_report_submit(
            actor=platform_actor(),
            municipality=m,
            platform=p,
            idempotency_key=f"k-{p.pk}-{year}-{month}",
            body={"year": year, "month": month, "intermediation_revenue_cents": 100, "drivers": []},
            **({"on": on} if on else {}),
        )


def test_art_16_d_8_last_month_s_report_not_sent_shows_its_due_date_and_a_link_to_send_it(
    barra_m, fresh
):
    client, _ = fresh
    last = _last_month(today_of(barra_m))
    due = _due_of(barra_m, last.year, last.month)
    block = _owed(client)
    assert "O que a plataforma deve ao município" in block
    assert f"Relatório mensal de {last:%m/%Y}" in block
    assert f"{due:%d/%m/%Y}" in block
    assert f'href="/plataforma/relatorios/?mes={last:%Y-%m}"' in block
    assert "art. 16" in block and "decisão D-8" in block
    assert "em atraso" not in block  # last month's report is due within this month


def test_art_16_once_sent_the_report_leaves_the_list(barra_m, fresh):
    client, p = fresh
    last = _last_month(today_of(barra_m))
    _send(barra_m, p, last.year, last.month)
    block = _owed(client)
    assert f"Relatório mensal de {last:%m/%Y}" not in block
    assert "Nada pendente" in block


def test_art_16_a_report_past_its_due_date_says_em_atraso(barra_m, fresh):
    client, p = fresh
    # Credentialed three months ago: the month before last is past its due date (D-8).
    today = today_of(barra_m)
    old = _last_month(_last_month(today).replace(day=1))
    _credentialed_on(barra_m, p, old.replace(day=1))
    due = _due_of(barra_m, old.year, old.month)
    assert due < today
    block = _owed(client)
    row = re.search(
        rf"<li[^>]*>(?:(?!</li>).)*Relatório mensal de {old:%m/%Y}.*?</li>", block, re.S
    )
    assert row, block
    assert f"{due:%d/%m/%Y}" in row.group(0) and "em atraso" in row.group(0)
    last = _last_month(today)
    fresh_row = re.search(
        rf"<li[^>]*>(?:(?!</li>).)*Relatório mensal de {last:%m/%Y}.*?</li>", block, re.S
    )
    assert fresh_row and "em atraso" not in fresh_row.group(0)


def test_art_15_complaints_show_their_deadline_nearest_first_the_late_one_marked(barra_m, fresh):
    client, p = fresh
    today = today_of(barra_m)
    recent = _forward(barra_m, p, "Motorista rude", today)
    old = _forward(barra_m, p, "Cobrança indevida", today - dt.timedelta(days=20))
    assert old.deadline < today <= recent.deadline
    block = _owed(client)
    assert block.index(old.protocol) < block.index(recent.protocol)
    rows = {
        c.protocol: re.search(rf"<li[^>]*>(?:(?!</li>).)*{c.protocol}.*?</li>", block, re.S).group(
            0
        )
        for c in (old, recent)
    }
    assert f"{old.deadline:%d/%m/%Y}" in rows[old.protocol] and "em atraso" in rows[old.protocol]
    assert f"{recent.deadline:%d/%m/%Y}" in rows[recent.protocol]
    assert "em atraso" not in rows[recent.protocol]
    assert "art. 15" in rows[recent.protocol]
    assert f'href="/plataforma/reclamacoes/#reclamacao-{recent.pk}"' in rows[recent.protocol]


def test_art_15_another_platform_s_complaint_and_report_never_show(barra_m, fresh):
    client, p = fresh
    today = today_of(barra_m)
    other = make_platform(barra_m, "Plataforma Vizinha")
    theirs = _forward(barra_m, other, "Reclamação Vizinha", today)
    block = _owed(client)
    assert theirs.protocol not in block and "Vizinha" not in block
    # The other platform, credentialed long ago, owes many reports; ours owes only last month's.
    assert block.count("Relatório mensal de") == 1


def test_art_4_ii_drivers_with_lapsed_documents_are_counted_with_a_link_to_them(barra_m, fresh):
    client, p = fresh
    enabled_drivers(barra_m, p, 2)
    with tenant(barra_m):
        lapsed = PlatformDriver.objects.filter(platform=p).first()
        lapsed.documents = PlatformDriver.Documents.LAPSED
        lapsed.save(update_fields=["documents"])
    block = _owed(client)
    assert '<a href="#documentos-motoristas">1 motorista com documentos a atualizar</a>' in block
    assert "art. 4, II" in block
    page = client.get("/plataforma/").content.decode()
    assert 'id="documentos-motoristas"' in page and lapsed.name in page
