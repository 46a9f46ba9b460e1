"""The avisos API: staff read the municipality's avisos; holders and anonymous callers do not."""

from __future__ import annotations

import datetime as dt

from django.test import Client

from outorga.law.competence import Role
from outorga.registry.notifications import notification_send


def test_staff_list_the_avisos_with_filters(ipatinga_m, user_of):
    for i, kind in enumerate(("document_expiring", "vehicle_age")):
        notification_send(
            municipality=ipatinga_m,
            key=f"api:{i}",
            kind=kind,
            message=f"aviso {i}",
            due_on=dt.date(2026, 5, 1 + i),
        )
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    # The demo's debts have their own avisos (finance tells each new debt): these two are ours.
    rows = [
        r
        for r in c.get("/api/v1/notifications").json()["items"]
        if r["message"].startswith("aviso")
    ]
    assert [r["message"] for r in rows] == ["aviso 0", "aviso 1"]
    assert rows[0]["kind_label"] == "documento a vencer" and rows[0]["due_on"] == "2026-05-01"
    rows = c.get("/api/v1/notifications?kind=vehicle_age").json()["items"]
    assert [r["message"] for r in rows] == ["aviso 1"]


def test_holders_and_anonymous_callers_are_refused(ipatinga_m, user_of):
    assert Client().get("/api/v1/notifications").status_code == 401
    c = Client()
    c.force_login(user_of("ipatinga", Role.PERMISSIONARIO))
    assert c.get("/api/v1/notifications").status_code in {401, 403}
