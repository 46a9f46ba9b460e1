"""What a first-time visitor from outside City Hall reads (the walk of the public pages and the
portal at desktop and phone width): the sign-up page names every service the municipality has
tenders for, and a general aviso is headed by a word a citizen understands, not "Outro"."""

from __future__ import annotations

import datetime as dt

from django.test import Client
from portal_factories import make_holder

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Notification
from outorga.registry.notifications import notification_send


def test_the_signup_page_names_taxi_where_the_municipality_has_a_taxi_law(ipatinga_m):
    # Ipatinga's demo tender is a taxi one (EXEMPLO-TX-1); the page said "mototáxi ou motofrete".
    page = Client().get("/publico/ipatinga/conta/").content.decode()
    assert "licitação aberta de mototáxi, motofrete e táxi" in page


def test_a_general_aviso_is_headed_aviso_not_outro(ipatinga_m, user_of):
    with tenant(ipatinga_m):
        person, permit = make_holder(
            name="Ana Titular",
            user=user_of("ipatinga", Role.PERMISSIONARIO),
            plate="ANA1A11",
            number="MT-0001",
            reg=1,
        )
        notification_send(
            municipality=ipatinga_m,
            key="teste:debito",
            kind=Notification.Kind.OTHER,
            message="Débito de exemplo: vence em 27/10/2026.",
            person=person,
            permit=permit,
            due_on=dt.date(2026, 10, 27),
        )
    c = Client()
    c.force_login(user_of("ipatinga", Role.PERMISSIONARIO))
    page = c.get("/portal/").content.decode()
    assert "<strong>Aviso</strong> — prazo 27/10/2026" in page
    assert "<strong>Outro</strong>" not in page
