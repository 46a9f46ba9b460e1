"""A renúncia recorded through the API (``POST /api/v1/registry/permits/{id}/renounce``: mototaxi
art. 6 §6, art. 2 XX) ends the permission and, in the same transaction, its auxiliary's link
(art. 6 §4, art. 14): the records, the desk's permit page and the badge's public check all say
so from the day the permission ended."""

from __future__ import annotations

import datetime as dt
import re

from django.test import Client
from django.urls import reverse
from django.utils import timezone
from enforcement_factories import client_of
from registry_factories import actor, make_permit

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.public import services
from outorga.registry.models import Auxiliary, Permit


def test_art_6_par6_a_renuncia_through_the_api_ends_the_auxiliary_and_his_badge(
    ipatinga_m, badge_clerk
):
    m = ipatinga_m
    ends_on = timezone.localdate() - dt.timedelta(days=1)
    permit = make_permit(m, "RENAUX")
    with tenant(m):
        aux = Auxiliary.objects.create(
            permit=permit,
            person=make_permit(m, "AUXREN").holder,
            added_on=ends_on - dt.timedelta(days=30),
            credential_valid_until=timezone.localdate() + dt.timedelta(days=300),
        )
    badge = services.badge_issue(actor=badge_clerk, municipality=m, permit=permit, auxiliary=aux)
    assert Client().get(f"/api/v1/public/verify/{badge.token}").json()["valido"] is True
    clerk = client_of(actor(m.slug, Role.ATENDENTE).user)
    r = clerk.post(
        f"/api/v1/registry/permits/{permit.pk}/renounce",
        {"on": ends_on.isoformat(), "text": "pedido escrito do permissionário"},
        content_type="application/json",
    )
    assert r.status_code == 200, r.content
    with tenant(m):
        aux.refresh_from_db()
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.RENOUNCED
    assert (aux.status, aux.removed_on) == (Auxiliary.Status.REMOVED, ends_on)
    # The desk's page of the permit lists him as removed, on that day.
    page = clerk.get(reverse("registry:permit", args=[permit.pk])).content.decode()
    item = re.search(rf"<li>{re.escape(aux.person.name)} — [^<]*</li>", page)
    assert item is not None and f"desligado em {ends_on:%d/%m/%Y}" in item.group(0), item
    # The public check of his badge: not valid since the day the permission ended.
    body = Client().get(f"/api/v1/public/verify/{badge.token}").json()
    assert body["valido"] is False and body["sem_efeito_desde"] == ends_on.isoformat()
    assert "renunciada" in body["detalhe"]
