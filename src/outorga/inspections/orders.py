"""Extraordinary vistorias (mototaxi art. 5 §6): ordered at any time for a date and place, the
holder notified (art. 13 XV, an aviso in the portal and by email, and the day of the notice
recorded), closed by the inspection recorded for it or by the sweep once the date has passed
(art. 39 VI when the notified holder did not present the vehicle). The law decides through the
seam (``extraordinary_inspection``); this module records."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from outorga.core import lawseam
from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.decisions import Decision
from outorga.registry.models import Permit
from outorga.registry.services.common import governed
from outorga.registry.validation import FieldError

from .models import NOTICE_FORMS, Inspection, InspectionOrder, MissedInspection
from .selectors import IN_SERVICE

QUESTION = "extraordinary_inspection"
#: How a notice reached the holder (art. 29 lists the same ways for an auto).


def _ask(m: Municipality, order: InspectionOrder, on: dt.date) -> Decision:
    law = lawseam.law_for(m, order.permit.service, on)
    facts = {
        "ordered_on": order.ordered_on.isoformat(),
        "scheduled_for": order.scheduled_for.isoformat(),
        "notified_on": order.notified_on.isoformat() if order.notified_on else None,
        "inspected_on": order.inspection.inspected_on.isoformat() if order.inspection else None,
    }
    return law.ask(QUESTION, facts, on)


def orders_allowed(m: Municipality, permit: Permit, on: dt.date) -> bool:
    """Whether the law bound to the permit's service orders extraordinary vistorias."""
    try:
        return lawseam.law_for(m, permit.service, on).answers(QUESTION)
    except Exception:  # no law bound on that date
        return False


def inspection_order(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    on: dt.date,
    scheduled_for: dt.date,
    place: str,
    reason: str,
    notified_on: dt.date | None = None,
    notice_form: str = "",
) -> InspectionOrder:
    """Order an extraordinary vistoria of the permit's vehicle (art. 5 §6) and tell the holder: an
    aviso in the portal (and by email) with the date and place. ``notified_on`` when the holder was
    notified at once (in person), else recorded later (:func:`inspection_order_notified`)."""
    authorize(
        actor=actor, municipality=municipality, action="inspection.order", law=governed(permit).law
    )
    if not orders_allowed(municipality, permit, on):
        raise FieldError("permissão", "a lei desta permissão não prevê vistoria extraordinária")
    if permit.status not in (*IN_SERVICE, Permit.Status.RESERVE) or permit.vehicle is None:
        raise FieldError(
            "permissão", f"a permissão está {permit.get_status_display()}: não se vistoria"
        )
    if not place.strip():
        raise FieldError("local", "informe o local da vistoria")
    if not reason.strip():
        raise FieldError("motivo", "informe o motivo da vistoria extraordinária")
    if notified_on is not None:
        _check_notice(municipality, on, notified_on, notice_form)
    with transaction.atomic(), tenant(municipality):
        order = InspectionOrder(
            permit=permit,
            ordered_on=on,
            scheduled_for=scheduled_for,
            place=place.strip()[:200],
            reason=reason.strip()[:300],
            notified_on=notified_on,
            notice_form=notice_form if notified_on else "",
            ordered_by=actor.user,
        )
        d = _ask(municipality, order, on)
        if not d.outcome["valid"]:
            raise Refused(d)
        order.decision = d.to_json()
        order.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="inspection.order",
            obj=order,
            new={
                "permit": permit.number,
                "plate": permit.vehicle.plate,
                "scheduled_for": scheduled_for,
                "place": order.place,
                "notified_on": notified_on,
            },
            basis=basis_of(d),
        )
        _tell_holder(municipality, order, d)
    return order


def _check_notice(
    municipality: Municipality, ordered_on: dt.date, notified_on: dt.date, notice_form: str
) -> None:
    if notice_form not in NOTICE_FORMS:
        raise FieldError("forma da notificação", "escolha como o permissionário foi notificado")
    if notified_on < ordered_on:
        raise FieldError(
            "notificado em",
            f"a notificação não pode ser anterior à determinação ({ordered_on:%d/%m/%Y})",
        )
    if notified_on > today_of(municipality):
        # A notice is recorded once it happened (D-4: its legal date is the delivery's).
        raise FieldError("notificado em", "a notificação não pode ter data futura")


def _tell_holder(m: Municipality, order: InspectionOrder, d: Decision) -> None:
    from outorga.registry.models import Notification
    from outorga.registry.notifications import notification_send

    permit = order.permit
    assert permit.vehicle is not None
    # The decision's articles, then the infraction and the seizure the law in force names for a
    # vehicle not presented (never an article of the app's own).
    cites = "; ".join(
        c
        for c in (
            *dict.fromkeys(c.render() for c in d.citations),
            lawseam.cited_for(permit, "missed_inspection"),
        )
        if c
    )
    notification_send(
        municipality=m,
        key=f"inspection-order-{order.pk}",
        kind=Notification.Kind.OTHER,
        message=(
            f"Vistoria extraordinária do veículo {permit.vehicle.plate} (permissão "
            f"{permit.number}) em {order.scheduled_for:%d/%m/%Y}, em {order.place}. Apresente o "
            f"veículo nessa data: não apresentá-lo é infração média, com apreensão ({cites})."
        ),
        person=permit.holder,
        permit=permit,
        due_on=order.scheduled_for,
    )


def inspection_order_notified(
    *,
    actor: Actor,
    municipality: Municipality,
    order: InspectionOrder,
    notified_on: dt.date,
    notice_form: str,
) -> InspectionOrder:
    """Record the day the holder was notified of the order (art. 13 XV)."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="inspection.order",
        law=governed(order.permit).law,
    )
    _check_notice(municipality, order.ordered_on, notified_on, notice_form)
    with transaction.atomic(), tenant(municipality):
        order = InspectionOrder.objects.select_for_update().get(pk=order.pk)
        if order.status != InspectionOrder.Status.SCHEDULED:
            raise FieldError("vistoria", f"a vistoria já está {order.get_status_display()}")
        if order.notified_on is not None:
            raise FieldError(
                "notificado em", f"notificação já registrada em {order.notified_on:%d/%m/%Y}"
            )
        order.notified_on, order.notice_form = notified_on, notice_form
        order.save(update_fields=["notified_on", "notice_form"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="inspection.order.notified",
            obj=order,
            new={"notified_on": notified_on, "form": notice_form},
        )
    return order


def order_fulfil(actor: Actor, municipality: Municipality, inspection: Inspection) -> None:
    """An extraordinary vistoria recorded for a permit closes its open order (inside the
    inspection's transaction), when the law counts it (recorded by the date)."""
    if inspection.permit is None or inspection.kind != Inspection.Kind.EXTRAORDINARIA:
        return
    open_orders = InspectionOrder.objects.select_for_update().filter(
        permit=inspection.permit, status=InspectionOrder.Status.SCHEDULED
    )
    for order in open_orders.order_by("scheduled_for", "pk"):
        order.inspection = inspection
        d = _ask(municipality, order, inspection.inspected_on)
        if d.outcome["status"] != InspectionOrder.Status.DONE:
            continue
        _close(actor, municipality, order, d, inspection.inspected_on)
        return


def _close(
    actor: Actor, municipality: Municipality, order: InspectionOrder, d: Decision, on: dt.date
) -> None:
    order.status = d.outcome["status"]
    order.closed_on = on
    order.decision = d.to_json()
    if order.status != InspectionOrder.Status.DONE:
        order.inspection = None
    order.save(update_fields=["status", "closed_on", "decision", "inspection"])
    record_act(
        municipality=municipality,
        actor=actor,
        action="inspection.order.closed",
        obj=order,
        new={"status": order.status, "closed_on": on},
        basis=basis_of(d),
    )


def orders_sweep(actor: Actor, municipality: Municipality, on: dt.date) -> list[str]:
    """Close every open order whose date has passed (art. 5 §6): a notified holder who did not
    present the vehicle becomes an infraction candidate for the authority (art. 39 VI, the
    ``MissedInspection`` the routine inspections use); without a notice it lapses. Idempotent."""
    notes: list[str] = []
    with tenant(municipality):
        due = InspectionOrder.objects.filter(
            status=InspectionOrder.Status.SCHEDULED, scheduled_for__lt=on
        ).select_related("permit")
        for order_id in list(due.values_list("pk", flat=True)):
            with transaction.atomic():
                order = (
                    InspectionOrder.objects.select_for_update(of=("self",))
                    .select_related("permit")
                    .get(pk=order_id)
                )
                if order.status != InspectionOrder.Status.SCHEDULED:
                    continue
                d = _ask(municipality, order, on)
                if d.outcome["status"] == InspectionOrder.Status.SCHEDULED:
                    continue
                _close(actor, municipality, order, d, on)
                if d.outcome["infraction"]:
                    missed_inspection_record(
                        actor,
                        municipality,
                        order.permit,
                        Inspection.Kind.EXTRAORDINARIA,
                        order.scheduled_for,
                        on,
                        d,
                    )
                notes.append(f"{order.permit.number}: {d.summary}")
    return notes


def missed_inspection_record(
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    kind: str,
    due_on: dt.date,
    on: dt.date,
    d: Decision,
) -> tuple[MissedInspection, bool]:
    """The inspection missed by ``due_on`` as the infraction candidate the law named (mototaxi
    art. 39 VI; taxi art. 29 and the regulation), once per permit, kind and date, with its act."""
    infraction = d.outcome["infraction"] or {}
    missed, created = MissedInspection.objects.get_or_create(
        permit=permit,
        kind=kind,
        due_on=due_on,
        defaults={
            "detected_on": on,
            "infraction_code": infraction.get("code", "")[:40],
            "citation": infraction.get("citation", "")[:200],
            "decision": d.to_json(),
        },
    )
    if created:
        record_act(
            municipality=municipality,
            actor=actor,
            action="inspection.missed",
            obj=missed,
            new={"permit": permit.number, "due_on": due_on, "infraction": missed.infraction_code},
            basis=basis_of(d),
        )
    return missed, created
