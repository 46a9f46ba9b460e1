"""Recording a validated row through the registry services, and the permit (with its taxi
Termo) granted before Outorga, keeping its numbers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.lawseam import law_of
from outorga.core.models import Act, Municipality
from outorga.core.tenancy import tenant
from outorga.law import interfaces
from outorga.law.windows import years_elapsed_on

from ..models import (
    Document,
    Permit,
    PermitStatusChange,
    PermitTerm,
    Person,
    RegisterCounter,
    Service,
    Vehicle,
)
from ..services.common import AlreadyRegistered
from ..services.documents import document_record
from ..services.people import licence_record, person_register, person_update
from ..services.vehicles import vehicle_register, vehicle_update
from ..validation import FieldError
from .rows import ImportFailed, Row, RowError, law_cites, service_law

T = TypeVar("T")


def permit_import(
    *,
    actor: Actor,
    municipality: Municipality,
    holder: Person,
    vehicle: Vehicle,
    data: dict[str, Any],
    source: dict[str, Any],
) -> tuple[Permit, bool]:
    """Record a permit granted before Outorga, keeping its number and register number. The
    register's counter moves past the imported numbers, so the next grant continues the series.
    Returns the permit and whether it was created (an identical permit is left as it is)."""
    service = data["service"]
    law = service_law(municipality, service, data["granted_on"])
    if law is None:
        raise FieldError("servico", f"nenhuma lei rege o serviço {service} em {municipality.name}")
    authorize(actor=actor, municipality=municipality, action="permit.grant", law=law)
    with transaction.atomic(), tenant(municipality):
        existing = Permit.objects.filter(number=data["number"]).first()
        if existing is not None:
            if existing.holder_id != holder.pk or existing.service != service:
                raise FieldError("numero_permissao", "número já cadastrado para outro titular")
            if service == Service.TAXI and not PermitTerm.objects.filter(permit=existing).exists():
                # Imported before the Termo was: the same row now completes it.
                _termo_import(actor, municipality, existing, data, source)
            return existing, False
        counter_past(f"register:{service}", data["registration_number"])
        permit = imported_permit(data, holder, vehicle)
        permit.full_clean(exclude=["holder", "vehicle", "tender"])
        permit.save()
        act = record_act(
            municipality=municipality,
            actor=actor,
            action="permit.import",
            obj=permit,
            new=imported_permit_snapshot(permit),
            # The grant, preceded by the tender, that the imported permit records.
            basis={"citations": [c.render() for c in interfaces.citations(law, "tender")]},
            extra={"source": source},
        )
        imported_status(permit, source, act).save()
        if service == Service.TAXI:
            _termo_import(actor, municipality, permit, data, source)
    return permit, True


def counter_past(series: str, number: int) -> None:
    """Move the register's counter past an imported number, so the next grant continues the
    series after it (in the caller's transaction, the counter row locked)."""
    counter, _ = RegisterCounter.objects.get_or_create(series=series)
    counter = RegisterCounter.objects.select_for_update().get(pk=counter.pk)
    if number > counter.last_number:
        counter.last_number = number
        counter.save(update_fields=["last_number"])


def imported_permit(data: dict[str, Any], holder: Person, vehicle: Vehicle) -> Permit:
    """The imported permit a validated row describes (not yet saved)."""
    granted = data["granted_on"]
    return Permit(
        service=data["service"],
        taxi_category=data["taxi_category"],
        holder=holder,
        number=data["number"],
        registration_number=data["registration_number"],
        decree=data["decree"],
        granted_on=granted,
        term_start=granted,
        term_end=data["term_end"] or years_elapsed_on(granted, data["term_years"]),
        extensions=data["extensions"],
        certificate_valid_until=data["certificate_valid_until"],
        vehicle=vehicle,
        status=data["status"],
        suspended_until=data["suspended_until"]
        if data["status"] == Permit.Status.SUSPENDED
        else None,
    )


def imported_permit_snapshot(permit: Permit) -> dict[str, Any]:
    """What the acts log keeps of an imported permit."""
    return {
        "number": permit.number,
        "registration_number": permit.registration_number,
        "holder": permit.holder_id,
        "vehicle": permit.vehicle.plate if permit.vehicle else None,
        "service": permit.service,
        "granted_on": permit.granted_on,
        "term_end": permit.term_end,
        "status": permit.status,
    }


def imported_status(permit: Permit, source: dict[str, Any], act: Act) -> PermitStatusChange:
    """The imported permit's first status, from its grant, under the act that recorded it."""
    return PermitStatusChange(
        municipality_id=permit.municipality_id,
        permit=permit,
        to_status=permit.status,
        effective_on=permit.granted_on,
        reason=f"importação da planilha {source.get('file', '')}, linha {source.get('line')}",
        act=act,
    )


def _termo_import(
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    data: dict[str, Any],
    source: dict[str, Any],
) -> PermitTerm:
    """The Termo de Permissão of an imported taxi permit (art. 13), as validation rebuilt it
    from the row; the contrapartida's payments are the ledger's, not recorded here."""
    t = data.get("termo")
    if t is None:
        raise FieldError(
            "contrapartida",
            "faltam os dados do Termo de Permissão",
            law_cites(municipality, permit.service, permit.granted_on, "registration_certificate"),
        )
    term = PermitTerm.objects.create(
        permit=permit,
        option=t["option"],
        mode=t["mode"],
        instalments=t["instalments"],
        total_cents=t["total_cents"],
        signed_on=permit.granted_on,
        term_years=t["term_years"],
        term_ends_on=permit.term_end,
        valid_until=t["valid_until"],
        last_renewed_on=t["last_renewed_on"],
        decision={"contrapartida": t["decision"], "importação": source},
    )
    record_act(
        municipality=municipality,
        actor=actor,
        action="permit.termo.import",
        obj=term,
        new={
            "permit": permit.number,
            "option": term.option,
            "mode": term.mode,
            "instalments": term.instalments,
            "total_cents": term.total_cents,
            "signed_on": term.signed_on,
            "valid_until": term.valid_until,
        },
        basis={
            "citations": [
                c.render()
                for concept in ("term", "registration_certificate")
                for c in interfaces.citations(
                    law_of(municipality, permit.service, permit.granted_on, nearest=True), concept
                )
            ]
        },
        extra={"source": source},
    )
    return term


def row_write(
    row: Row, *, actor: Actor, m: Municipality, default_law: str, source: dict[str, Any]
) -> Counter[str]:
    done: Counter[str] = Counter()
    law = (
        service_law(m, row.permit["service"], row.permit["granted_on"]) if row.permit else None
    ) or default_law
    # A row for someone already registered corrects their entry (each change an act, with the
    # file and line as its reason); the same file imported again changes nothing.
    reason = f"importação de planilha ({source.get('file') or 'arquivo'}), linha {row.line}"
    data = {k: v for k, v in row.person.items() if v is not None}
    try:
        person = person_register(actor=actor, municipality=m, law=law, data=data)
    except AlreadyRegistered as taken:
        person = person_update(
            actor=actor,
            municipality=m,
            law=law,
            person=Person.objects.get(pk=taken.existing_id),
            data=data,
            reason=reason,
        )
    done["pessoas"] += 1
    if row.licence is not None:
        licence_record(actor=actor, municipality=m, law=law, person=person, data=row.licence)
        done["CNHs"] += 1
    vehicle = None
    if row.vehicle is not None:
        vdata = {k: v for k, v in row.vehicle.items() if v is not None}
        try:
            vehicle = vehicle_register(
                actor=actor, municipality=m, law=law, owner=person, data=vdata
            )
        except AlreadyRegistered as taken:
            vehicle = Vehicle.objects.get(pk=taken.existing_id)
            if vehicle.owner_id != person.pk:
                raise  # never moved to another person (the checks refuse such a row first)
            vehicle = vehicle_update(
                actor=actor, municipality=m, law=law, vehicle=vehicle, data=vdata, reason=reason
            )
        done["veículos"] += 1
        if row.crlv is not None:
            _crlv_import(actor, m, law, vehicle, row.crlv)
            done["CRLVs"] += 1
        for doc_type, doc in row.documents.items():
            if _document_import(actor, m, law, vehicle, doc_type, doc):
                done["documentos do veículo"] += 1
    if row.permit is not None and vehicle is not None:
        _, created = permit_import(
            actor=actor,
            municipality=m,
            holder=person,
            vehicle=vehicle,
            data=row.permit,
            source={**source, "line": row.line},
        )
        done["permissões novas" if created else "permissões já existentes"] += 1
    return done


def _crlv_import(
    actor: Actor, m: Municipality, law: str, vehicle: Vehicle, crlv: dict[str, Any]
) -> None:
    """The row's CRLV (``crlv_emissao``, ``crlv_valido_ate``), recorded by the desk's service
    with the validity of its licensing; without it (a warning of the row's checks) it is kept
    without it and licenses nothing until corrected (``facts.crlv_in_force_on``)."""
    _document_import(
        actor, m, law, vehicle, Document.Type.CRLV, crlv, end_unknown=crlv["valid_until"] is None
    )


def _document_import(
    actor: Actor,
    m: Municipality,
    law: str,
    vehicle: Vehicle,
    doc_type: str,
    doc: dict[str, Any],
    *,
    end_unknown: bool = False,
) -> bool:
    """One of the vehicle's documents the row gives (``rows.DOCUMENT_COLUMNS``, or its CRLV),
    recorded as the desk records it on the vehicle's page (``document_record``, with its act):
    the law gives the validity where it fixes one (the semiannual inspection, mototaxi art. 5
    §1 III), the end printed on a policy is the row's. The same document imported again (same
    type, issue and printed end) is not recorded twice: returns whether it was recorded."""
    same = Document.objects.current().filter(
        vehicle=vehicle, doc_type=doc_type, issued_on=doc["issued_on"]
    )
    if doc.get("valid_until") is not None or end_unknown:
        same = same.filter(valid_until=doc.get("valid_until"))
    if same.exists():
        return False
    document_record(
        actor=actor,
        municipality=m,
        law=law,
        doc_type=doc_type,
        vehicle=vehicle,
        issued_on=doc["issued_on"],
        valid_until=doc.get("valid_until"),
        category=doc.get("category", ""),
        end_unknown=end_unknown,
    )
    return True


def guarded(row: Row, write: Callable[..., T], **kwargs: Any) -> T:
    """``write(row, **kwargs)``, its failure the row's error (:class:`ImportFailed`, which rolls
    the transaction back)."""
    try:
        return write(row, **kwargs)
    except FieldError as exc:
        raise ImportFailed(RowError(row.line, exc.field, exc.message, exc.citation)) from exc
    except Refused as exc:
        raise ImportFailed(RowError(row.line, "", str(exc))) from exc
    except (ValidationError, IntegrityError) as exc:
        raise ImportFailed(RowError(row.line, "", f"dado recusado: {exc}")) from exc
