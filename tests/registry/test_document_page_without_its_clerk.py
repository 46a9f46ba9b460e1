"""A document whose row names no clerk who checked it (``Document.checked_by`` empty: a row put in
without a user, as the tenancy world's, or a vistoria's report recorded by the system without a
confirming servant) opens its page: the "registrada por" column says "—"."""

from __future__ import annotations

import datetime as dt

from django.test import Client
from registry_factories import person

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document


def test_the_page_of_a_document_no_clerk_recorded_opens_saying_so(ipatinga_m, user_of):
    holder = person(ipatinga_m, name="Titular Sem Atendente")
    with tenant(ipatinga_m):
        doc = Document.objects.create(
            doc_type=Document.Type.RG, person=holder, issued_on=dt.date(2026, 1, 5), number="RG 9"
        )
    assert doc.checked_by is None
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    page = client.get(f"/cadastro/documentos/{doc.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "RG 9" in html and "Registrada por" in html
    assert "<td>—, " in html  # nobody named, then the day it was recorded
