"""Mototaxi art. 5 §6 through the product: the fiscal or the clerk orders an extraordinary vistoria
for a date and place, the holder gets the aviso, the notice is recorded (art. 13 XV); the sweep
turns a notified holder's absence into an infraction candidate (art. 39 VI) and lets an order
without notice lapse; the vistoria recorded by the date closes the order."""

from __future__ import annotations

import datetime as dt

from django.test import Client
from django.utils import timezone
from inspections_factories import answers

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.inspections import orders, services
from outorga.inspections.models import Inspection, InspectionOrder, MissedInspection
from outorga.inspections.sweep import run
from outorga.law.competence import Role
from outorga.registry.models import Notification


def _client(user_of, role: Role) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", role))
    return c


def test_art_5_par6_ordered_notified_and_not_presented_is_an_art_39_vi_candidate(
    ipatinga_m, moto_permit, user_of
):
    today = timezone.localdate()
    date = today + dt.timedelta(days=7)
    clerk = _client(user_of, Role.ATENDENTE)
    url = f"/vistorias/extraordinaria/{moto_permit.pk}/"
    assert (
        "Vistoria extraordinária (art. 5, §6)"
        in clerk.get(f"/cadastro/permissoes/{moto_permit.pk}/").content.decode()
    )
    # A date before the order is refused with the article.
    r = clerk.post(
        url,
        {
            "acao": "determinar",
            "scheduled_for": (today - dt.timedelta(days=1)).isoformat(),
            "place": "Pátio da SESUMA",
            "reason": "denúncia de freios gastos",
        },
    )
    assert r.status_code == 422 and "art. 5, §6" in r.content.decode()
    r = clerk.post(
        url,
        {
            "acao": "determinar",
            "scheduled_for": date.isoformat(),
            "place": "Pátio da SESUMA",
            "reason": "denúncia de freios gastos",
        },
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(ipatinga_m):
        order = InspectionOrder.objects.get(permit=moto_permit)
        aviso = Notification.objects.get(key=f"inspection-order-{order.pk}")
        assert Act.objects.filter(action="inspection.order").exists()
    assert aviso.person_id == moto_permit.holder_id and aviso.due_on == date
    assert f"{date:%d/%m/%Y}" in aviso.message and "art. 39, VI" in aviso.message
    # A notice dated in the future is refused (a typo would bind the holder); today's is taken.
    r = clerk.post(
        url,
        {
            "acao": "notificar",
            "order": order.pk,
            "notified_on": (today + dt.timedelta(days=1)).isoformat(),
            "notice_form": "pessoal",
        },
    )
    assert r.status_code == 422 and "data futura" in r.content.decode()
    r = clerk.post(
        url,
        {
            "acao": "notificar",
            "order": order.pk,
            "notified_on": today.isoformat(),
            "notice_form": "pessoal",
        },
    )
    assert r.status_code == 302
    # On the date itself, nothing yet; the day after, the absence is a candidate.
    run(ipatinga_m, date)
    with tenant(ipatinga_m):
        order.refresh_from_db()
        assert order.status == InspectionOrder.Status.SCHEDULED
    run(ipatinga_m, date + dt.timedelta(days=1))
    run(ipatinga_m, date + dt.timedelta(days=2))  # idempotent
    with tenant(ipatinga_m):
        order.refresh_from_db()
        missed = MissedInspection.objects.get(permit=moto_permit, due_on=date)
    assert order.status == InspectionOrder.Status.MISSED
    assert missed.infraction_code == "art39-VI" and missed.kind == "extraordinaria"
    assert "art. 39, VI" in missed.citation


def test_art_13_xv_without_notice_the_order_lapses_without_infraction(
    ipatinga_m, moto_permit, user_of
):
    today = timezone.localdate()
    c = _client(user_of, Role.FISCAL)
    r = c.post(
        f"/vistorias/extraordinaria/{moto_permit.pk}/",
        {"acao": "determinar", "scheduled_for": today.isoformat(), "place": "x", "reason": "y"},
    )
    assert r.status_code == 302
    run(ipatinga_m, today + dt.timedelta(days=1))
    with tenant(ipatinga_m):
        order = InspectionOrder.objects.get(permit=moto_permit)
        assert order.status == InspectionOrder.Status.NOT_NOTIFIED
        # (the routine semiannual inspection may be overdue on its own; not this order's)
        assert not MissedInspection.objects.filter(
            permit=moto_permit, kind="extraordinaria"
        ).exists()


def test_art_5_par6_the_extraordinary_vistoria_recorded_closes_the_order(
    ipatinga_m, moto_permit, user_of, fiscal
):
    today = timezone.localdate()
    c = _client(user_of, Role.FISCAL)
    r = c.post(
        f"/vistorias/extraordinaria/{moto_permit.pk}/",
        {
            "acao": "determinar",
            "scheduled_for": today.isoformat(),
            "place": "Pátio",
            "reason": "rotina",
            "notified_on": today.isoformat(),
            "notice_form": "pessoal",
        },
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    services.inspection_record(
        actor=fiscal,
        municipality=ipatinga_m,
        permit=moto_permit,
        kind=Inspection.Kind.EXTRAORDINARIA,
        inspected_on=today,
        answers=answers("mototaxi", today),
    )
    run(ipatinga_m, today + dt.timedelta(days=1))
    with tenant(ipatinga_m):
        order = InspectionOrder.objects.get(permit=moto_permit)
        assert order.status == InspectionOrder.Status.DONE and order.inspection is not None
        assert not MissedInspection.objects.filter(
            permit=moto_permit, kind="extraordinaria"
        ).exists()


def test_art_5_par6_the_authority_may_not_order_a_vistoria(ipatinga_m, moto_permit, user_of):
    r = _client(user_of, Role.AUTORIDADE).post(
        f"/vistorias/extraordinaria/{moto_permit.pk}/",
        {"acao": "determinar", "scheduled_for": "2030-01-01", "place": "x", "reason": "y"},
    )
    assert r.status_code == 403
    with tenant(ipatinga_m):
        assert not InspectionOrder.objects.exists()


def test_art_39_vi_an_extraordinary_order_due_on_the_routine_due_date_is_a_second_candidate(
    ipatinga_m, moto_permit, clerk
):
    """Two inspections missed on one day are two absences (art. 5 §6 and the semiannual one of
    art. 13): each its own candidate of art. 39 VI, neither hiding the other."""
    routine_due = dt.date(2026, 9, 5)  # moto_permit's semiannual inspection
    orders.inspection_order(
        actor=clerk,
        municipality=ipatinga_m,
        permit=moto_permit,
        on=dt.date(2026, 8, 20),
        scheduled_for=routine_due,
        place="Pátio da SESUMA",
        reason="denúncia de freios gastos",
        notified_on=dt.date(2026, 8, 20),
        notice_form="pessoal",
    )
    run(ipatinga_m, routine_due + dt.timedelta(days=1))
    run(ipatinga_m, routine_due + dt.timedelta(days=2))  # idempotent
    with tenant(ipatinga_m):
        kinds = sorted(
            MissedInspection.objects.filter(permit=moto_permit, due_on=routine_due).values_list(
                "kind", flat=True
            )
        )
        acts = Act.objects.filter(action="inspection.missed").count()
    assert kinds == ["extraordinaria", "semestral"]
    assert acts == 2


def test_the_permit_page_offers_the_extraordinary_vistoria_only_to_who_may_order_it(
    ipatinga_m, moto_permit, user_of
):
    """Finance and the JARI may read a permit but not order a vistoria (art. 5, §6): the page
    shows them no button that leads to a refusal."""
    permit_page = f"/cadastro/permissoes/{moto_permit.pk}/"
    url = f"/vistorias/extraordinaria/{moto_permit.pk}/"
    for role in (Role.FISCAL, Role.ATENDENTE):
        assert url in _client(user_of, role).get(permit_page).content.decode()
    for role in (Role.FINANCAS, Role.JARI):
        c = _client(user_of, role)
        page = c.get(permit_page)
        assert page.status_code == 200 and c.get(url).status_code == 403
        assert url not in page.content.decode()
