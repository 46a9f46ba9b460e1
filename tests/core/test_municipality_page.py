"""The municipality's page: its dated data in Brazilian format, read by every user of it; the link
to the full history only for those who may open it (staff)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.test import Client

from outorga.core.models import FiscalUnitValue
from outorga.core.tenancy import tenant
from outorga.law.competence import Role


def _page(user: Any) -> str:
    client = Client()
    client.force_login(user)
    response = client.get("/municipio/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_fiscal_unit_value_reads_in_reais_brazilian_format(ipatinga_m: Any, user_of: Any) -> None:
    with tenant(ipatinga_m):
        FiscalUnitValue.objects.create(
            municipality=ipatinga_m,
            name="UFPI",
            value=Decimal("1234.5678"),
            valid_from=dt.date(2026, 1, 1),
            legal_reference="Decreto de teste",
        )
    page = _page(user_of("ipatinga", Role.ATENDENTE))
    assert "R$ 1.234,5678" in page
    assert "R$ 5,00" in page  # the demo's example value, 5.0000, with its cents
    assert "1234.5678" not in page and "5.0000" not in page


def test_the_data_history_link_is_shown_to_staff_only(user_of: Any) -> None:
    assert 'href="/municipio/dados/"' in _page(user_of("ipatinga", Role.ATENDENTE))
    assert 'href="/municipio/dados/"' not in _page(user_of("ipatinga", Role.PERMISSIONARIO))
    assert 'href="/municipio/dados/"' not in _page(user_of("barra-do-garcas", Role.PLATAFORMA))
