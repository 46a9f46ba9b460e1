"""Writes of the inspections app. Each service checks competence, asks the law core, changes state
in one transaction and records the act (with the decision trace) in that same transaction."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone

from outorga.core import lawseam, uploads
from outorga.core.acts import Actor, basis_of, canonical_json, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.filestore import save_in_transaction
from outorga.core.lawctx import context
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant, unscoped
from outorga.core.tokens import (
    lookup_prefix,
    matching,
    token_issue_record,
    token_revoke_record,
)
from outorga.core.transitions import status_change
from outorga.law import questions
from outorga.law.bindings import Service
from outorga.law.competence import NotCompetent
from outorga.law.decisions import Decision
from outorga.law.inspections.results import RESULT_QUESTION
from outorga.law.interfaces import answers
from outorga.platforms.models import PlatformDriver
from outorga.registry.models import Document, Permit
from outorga.registry.services.common import AlreadyRegistered, governed
from outorga.registry.validation import FieldError

from .models import CompanyToken, Inspection, InspectionCompany, InspectionItem, Withdrawal
from .orders import order_fulfil
from .selectors import IN_SERVICE, apps_law, checklist_of, law_of, vehicle_facts

__all__ = ["FieldError", "Refused"]

TOKEN_PREFIX = "otv"  # noqa: S105 - a public prefix, not a secret
#: Irregularities set by a failed inspection start with this text, so only a passing inspection
#: of this app lifts them (the registry's sweep lifts only its own).
PREFIX = "Retirado de circulação pela vistoria: "


def photo_type(content: bytes) -> str:
    """JPEG or PNG by its bytes, decoded whole (the file name and the declared type are not
    trusted), within the photos' size limit; kept as sent, as the inspection's evidence."""
    if uploads.sniff_magic(content) not in uploads.IMAGES:
        raise uploads.BadFile("foto", "tipo de arquivo não aceito: envie uma foto JPEG ou PNG")
    return uploads.checked(content, kind="photo", field="foto", images_only=True)


def company_actor(company: InspectionCompany, ip: str | None = None) -> Actor:
    return Actor(None, "empresa_vistoria", f"empresa:{company.cnpj}", ip)


# Inspection companies and their credentials ------------------------------------------------------


def _company_law(m: Municipality) -> str:
    """Companies inspect under the law of a permit service that foresees accredited inspection
    companies (Ipatinga: mototaxi art. 2 XI–XII, taxi art. 29); else the app law's."""
    for service in (Service.MOTOTAXI, Service.MOTOFRETE, Service.TAXI):
        # Managing the companies is an act of today: a law whose binding ended no longer gives
        # it (ADR 0062).
        if lawseam.governs(m, service) and lawseam.out_of_force(m, service) is None:
            return lawseam.law_of(m, service, nearest=True)
    return apps_law(m) or "aplicativo"


def _may_manage_companies(actor: Actor, m: Municipality) -> None:
    """Registering companies and their credentials is one competence, under ``_company_law``."""
    authorize(actor=actor, municipality=m, action="inspection.company.manage", law=_company_law(m))


def company_register(
    *, actor: Actor, municipality: Municipality, data: Mapping[str, Any]
) -> InspectionCompany:
    _may_manage_companies(actor, municipality)
    from outorga.registry.validation import digits

    cnpj = digits(str(data.get("cnpj", "")))
    if len(cnpj) != 14:
        raise FieldError("cnpj", "informe os 14 dígitos do CNPJ")
    name = str(data.get("name", "")).strip()
    if not name:
        raise FieldError("razão social", "informe a razão social")
    accreditation = str(data.get("inmetro_accreditation", "")).strip()
    if not accreditation:
        raise FieldError(
            "credenciamento",
            "informe o credenciamento no INMETRO",
            lawseam.cited_for(_company_law(municipality), "inspection_companies"),
        )
    with transaction.atomic(), tenant(municipality):
        company, created = InspectionCompany.objects.update_or_create(
            cnpj=cnpj,
            defaults={
                "name": name,
                "inmetro_accreditation": accreditation,
                "accredited_until": data.get("accredited_until"),
                "active": True,
            },
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="inspection_company.register" if created else "inspection_company.update",
            obj=company,
            new={"cnpj": cnpj, "name": name, "inmetro": accreditation},
        )
    return company


def company_token_issue(
    *, actor: Actor, municipality: Municipality, company: InspectionCompany, name: str
) -> tuple[CompanyToken, str]:
    """A new API credential for the company; the secret is returned only this once."""
    _may_manage_companies(actor, municipality)
    return token_issue_record(
        actor=actor,
        municipality=municipality,
        model=CompanyToken,
        kind=TOKEN_PREFIX,
        action="inspection_company.token_issue",
        name=name.strip() or "credencial",
        company=company,
    )


def company_token_revoke(
    *, actor: Actor, municipality: Municipality, token: CompanyToken
) -> CompanyToken:
    _may_manage_companies(actor, municipality)
    return token_revoke_record(
        actor=actor,
        municipality=municipality,
        token=token,
        action="inspection_company.token_revoke",
    )


def company_token_authenticate(secret: str) -> CompanyToken | None:
    """The active token of an active company matching ``secret``; constant-time comparison."""
    prefix = lookup_prefix(secret, TOKEN_PREFIX)
    if prefix is None:
        return None
    with unscoped():
        token = (
            CompanyToken.objects.select_related("company", "municipality")
            .filter(prefix=prefix, revoked_at__isnull=True, company__active=True)
            .first()
        )
    return matching(token, secret)


# Inspections -----------------------------------------------------------------------------------


def _law_and_subject(permit: Permit | None, driver: PlatformDriver | None) -> tuple[str, str, str]:
    if permit is not None:
        if permit.vehicle is None:
            raise FieldError("veículo", "a permissão não tem veículo cadastrado")
        if permit.status not in (*IN_SERVICE, Permit.Status.RESERVE):
            raise FieldError(
                "permissão", f"a permissão está {permit.get_status_display()}: não se vistoria"
            )
        # A service no law of the municipality governs has no checklist under a law (422).
        return law_of(governed(permit)), permit.service, permit.vehicle.plate
    if driver is not None:
        law = apps_law(driver.municipality)
        if law is None:
            raise FieldError("motorista", "nenhuma lei rege o transporte por aplicativo aqui")
        return law, "apps", driver.vehicle_plate
    raise FieldError("veículo", "informe a permissão ou o motorista de aplicativo")


def inspection_record(
    *,
    actor: Actor,
    municipality: Municipality,
    kind: str,
    inspected_on: dt.date,
    answers: Mapping[str, Mapping[str, str]],
    photos: Mapping[str, bytes] | None = None,
    permit: Permit | None = None,
    driver: PlatformDriver | None = None,
    company: InspectionCompany | None = None,
    company_reference: str = "",
    loads: Mapping[str, Any] | None = None,
    company_request_sha256: str = "",
) -> Inspection:
    """Record an inspection with every item of the checklist in force on ``inspected_on``.
    ``loads`` (``sidecar`` and the ``loads`` found, each ``kind`` and ``capacity``) is what a cargo
    vehicle carried: the law judges them for the item that names its loads question (motofrete
    art. 24, §3).

    Entered by a municipal inspector, the result is final at once and its effects follow
    (withdrawal from service, return to service). Entered by an accredited company through the API,
    it waits for the municipality's confirmation where the law gives the municipality the decision.
    """
    law, service, plate = _law_and_subject(permit, driver)
    if kind not in Inspection.Kind.values:
        raise FieldError("tipo", "tipo de vistoria desconhecido")
    if company is None:
        authorize(actor=actor, municipality=municipality, action="inspection.record", law=law)
    elif company.municipality_id != municipality.pk:
        raise NotCompetent(actor.role, law, "inspection.record", None)
    elif inspected_on > today_of(municipality):
        # A company reports an inspection it made: a later date would start the report's
        # validity (mototaxi art. 5 §1 III) from a day still to come.
        raise FieldError(
            "inspected_on", "data da vistoria no futuro: informe o dia em que foi feita"
        )
    checked: dict[str, tuple[bytes, str, str]] = {}
    for code, content in (photos or {}).items():
        if content:
            checked[code] = (content, photo_type(content), hashlib.sha256(content).hexdigest())
    clean = {
        code: {"result": str(a.get("result", "")), "remark": str(a.get("remark", "")).strip()[:500]}
        for code, a in answers.items()
    }
    with transaction.atomic(), tenant(municipality):
        ctx = context(municipality, inspected_on)  # judged by the law in force that day (D-15)
        facts: dict[str, Any] = {
            "checklist": checklist_of(permit, inspected_on).code,
            "kind": kind,
            "inspected_on": inspected_on.isoformat(),
            "items": clean,
            "vehicle": vehicle_facts(permit, inspected_on),
        }
        if loads and loads.get("loads"):
            facts["loads"] = {"sidecar": bool(loads.get("sidecar")), "loads": list(loads["loads"])}
        if company is not None:
            facts["by_company"] = True
            facts["company_accredited"] = company.accredited_on(inspected_on)
        d = questions.ask(RESULT_QUESTION[law], ctx, facts)
        if not d.outcome["company_allowed"]:
            raise Refused(d)
        for code in checked:
            if code not in clean:
                raise FieldError(f"foto.{code}", "foto de item fora da lista")
        status = Inspection.Status.AWAITING if d.outcome["needs_confirmation"] else None
        inspection = Inspection.objects.create(
            permit=permit,
            vehicle=permit.vehicle if permit is not None else None,
            driver=driver,
            plate=plate,
            law=law,
            service=service,
            checklist=d.outcome["checklist"],
            checklist_version=d.outcome["version"],
            kind=kind,
            inspected_on=inspected_on,
            status=status or Inspection.Status.FINAL,
            result=d.outcome["result"],
            fix_deadline=d.outcome["fix_deadline"],
            withdraws=d.outcome["withdraw"],
            inspector=actor.user,
            company=company,
            company_reference=company_reference[:60],
            company_request_sha256=company_request_sha256,
            summary=d.summary[:400],
            decision=d.to_json(),
        )
        for position, item in enumerate(d.outcome["items"]):
            row = InspectionItem(
                inspection=inspection,
                position=position,
                code=item["code"],
                label=item["label"][:200],
                citation="; ".join(item["citations"])[:200],
                critical=item["critical"],
                result=item["result"],
                automatic=item["automatic_refusal"],
                remark=item["remark"],
                message=item["message"][:500],
            )
            if item["code"] in checked:
                content, ctype, digest = checked[item["code"]]
                ext = "png" if ctype == "image/png" else "jpg"
                save_in_transaction(row.photo, f"{digest[:16]}.{ext}", content)
                row.photo_type, row.photo_sha256 = ctype, digest
            row.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="inspection.record",
            obj=inspection,
            new={
                "plate": plate,
                "kind": kind,
                "inspected_on": inspected_on,
                "result": inspection.result,
                "status": inspection.status,
                "fix_deadline": inspection.fix_deadline,
                "company": company.cnpj if company else None,
                "loads": facts.get("loads"),
                "photos": {code: v[2] for code, v in checked.items()},
            },
            basis=basis_of(d),
        )
        if inspection.status == Inspection.Status.FINAL:
            _apply(actor, municipality, inspection, d)
            order_fulfil(actor, municipality, inspection)  # art. 5 §6: closes its order
    return inspection


def company_sent_digest(
    *,
    plate: str,
    kind: str,
    inspected_on: dt.date,
    answers: Mapping[str, Mapping[str, str]],
    photos: Mapping[str, bytes],
) -> str:
    """What a company sent under one laudo number, as one SHA-256 (photos by their own)."""
    return hashlib.sha256(
        canonical_json(
            {
                "plate": plate,
                "kind": kind,
                "inspected_on": inspected_on,
                "answers": {
                    code: {"result": str(a.get("result", "")), "remark": str(a.get("remark", ""))}
                    for code, a in answers.items()
                },
                "photos": {code: hashlib.sha256(c).hexdigest() for code, c in photos.items() if c},
            }
        ).encode("utf-8")
    ).hexdigest()


def company_inspection_send(
    *,
    actor: Actor,
    municipality: Municipality,
    company: InspectionCompany,
    permit: Permit,
    kind: str,
    inspected_on: dt.date,
    answers: Mapping[str, Mapping[str, str]],
    photos: Mapping[str, bytes] | None = None,
    report_number: str = "",
) -> tuple[Inspection, bool]:
    """An accredited company's result through its API credential (:func:`inspection_record`),
    once per laudo: its number (``report_number``) sent again with the same content — a retry
    after a lost answer — is the inspection already received (``False``: nothing new, no second
    result waiting for confirmation); sent with another content, it is refused naming the
    number and the inspection that holds it. Without a number every send is a new laudo."""
    reference = report_number.strip()[:60]
    digest = company_sent_digest(
        plate=permit.vehicle.plate if permit.vehicle is not None else "",
        kind=kind,
        inspected_on=inspected_on,
        answers=answers,
        photos=photos or {},
    )
    with transaction.atomic(), tenant(municipality):
        if reference:
            # The company's row (the proceeding's, ADR 0015) serialises two sends of one laudo.
            InspectionCompany.objects.select_for_update().only("pk").get(pk=company.pk)
            sent = (
                Inspection.objects.filter(company=company, company_reference=reference)
                .order_by("pk")
                .first()
            )
            if sent is not None:
                if sent.company_request_sha256 == digest:
                    return sent, False
                raise AlreadyRegistered(
                    "report_number",
                    f"o laudo {reference} já foi enviado (vistoria {sent.pk}, placa "
                    f"{sent.plate}) com outro conteúdo: envie a correção com outro número de "
                    "laudo",
                    sent.pk,
                )
        inspection = inspection_record(
            actor=actor,
            municipality=municipality,
            permit=permit,
            kind=kind,
            inspected_on=inspected_on,
            answers=answers,
            photos=photos,
            company=company,
            company_reference=reference,
            company_request_sha256=digest if reference else "",
        )
    return inspection, True


def inspection_confirm(
    *,
    actor: Actor,
    municipality: Municipality,
    inspection: Inspection,
    confirm: bool = True,
    reason: str = "",
) -> Inspection:
    """The municipality confirms (or does not) an accredited company's result; confirmed, its
    effects follow (mototaxi art. 5 §1 III, art. 27; taxi art. 27, 31)."""
    authorize(
        actor=actor, municipality=municipality, action="inspection.confirm", law=inspection.law
    )
    if not confirm and not reason.strip():
        raise FieldError("motivo", "informe por que o resultado não é confirmado")
    with transaction.atomic(), tenant(municipality):
        inspection = Inspection.objects.select_for_update().get(pk=inspection.pk)
        if inspection.status != Inspection.Status.AWAITING:
            raise FieldError("situação", "esta vistoria não aguarda confirmação")
        inspection.confirmed_by = actor.user
        inspection.confirmed_at = timezone.now()
        status_change(
            inspection,
            Inspection.Status.FINAL if confirm else Inspection.Status.REJECTED,
            actor=actor,
            municipality=municipality,
            action="inspection.confirm" if confirm else "inspection.reject",
            fields=("confirmed_by", "confirmed_at"),
            new={"result": inspection.result},
            basis={"citations": inspection.decision.get("citations", [])},
            extra={"reason": reason} if reason else None,
        )
        d = _decision_of(inspection)
        if confirm:
            _apply(actor, municipality, inspection, d)
            order_fulfil(actor, municipality, inspection)
    return inspection


def _decision_of(inspection: Inspection) -> dict[str, Any]:
    return dict(inspection.decision)


def _apply(
    actor: Actor, municipality: Municipality, inspection: Inspection, d: Decision | dict[str, Any]
) -> None:
    """Effects of a final inspection on the permit: withdrawal from service when it failed; back
    to service when it passed and the vehicle had been withdrawn. The inspection report goes to the
    registry, where the permit's documents are kept."""
    permit = inspection.permit
    if permit is None:
        return
    citations = d.citations if isinstance(d, Decision) else d.get("citations", [])
    rendered = [c if isinstance(c, str) else c.render() for c in citations]
    permit = Permit.objects.select_for_update().get(pk=permit.pk)
    on = inspection.inspected_on
    if inspection.withdraws:
        Withdrawal.objects.create(permit=permit, inspection=inspection, started_on=on)
        _mark_withdrawn(
            permit,
            f"reprovado em {on:%d/%m/%Y} ({inspection.get_kind_display()})",
            actor=actor,
            municipality=municipality,
            old=_irregular_mark(permit),
            citations=rendered,
            extra={"inspection": inspection.pk, "effective_on": on},
        )
        return
    if not inspection.passed:
        return
    _registry_report(inspection, actor)
    open_ones = list(Withdrawal.objects.select_for_update().filter(permit=permit, ended_on=None))
    if not open_ones:
        return
    for w in open_ones:
        w.ended_on, w.ended_by = on, inspection
        w.save(update_fields=["ended_on", "ended_by"])
    old = _irregular_mark(permit)
    if permit.irregular and permit.irregular_reason.startswith(PREFIX):
        permit.irregular, permit.irregular_reason = False, ""
        permit.save(update_fields=["irregular", "irregular_reason"])
    record_act(
        municipality=municipality,
        actor=actor,
        action="inspection.return_to_service",
        obj=permit,
        old=old,
        new=_irregular_mark(permit),
        basis={"citations": rendered},
        extra={"inspection": inspection.pk, "withdrawals": [w.pk for w in open_ones]},
    )


def _irregular_mark(permit: Permit) -> dict[str, Any]:
    """The permit's irregular mark as an act shows it."""
    return {"irregular": permit.irregular, "irregular_reason": permit.irregular_reason}


def _mark_withdrawn(
    permit: Permit,
    why: str,
    *,
    actor: Actor,
    municipality: Municipality,
    old: dict[str, Any],
    citations: list[Any],
    extra: dict[str, Any],
) -> None:
    """The permit's irregular mark while its vehicle is withdrawn from service (``why``, after the
    inspections' prefix, which only a passed re-inspection lifts), and its act."""
    permit.irregular = True
    permit.irregular_reason = f"{PREFIX}{why}"[:300]
    permit.save(update_fields=["irregular", "irregular_reason"])
    record_act(
        municipality=municipality,
        actor=actor,
        action="inspection.withdraw",
        obj=permit,
        old=old,
        new={"irregular": True, "irregular_reason": permit.irregular_reason},
        basis={"citations": citations},
        extra=extra,
    )


def _registry_report(inspection: Inspection, actor: Actor) -> None:
    """Keep the registry's documents current: a passed inspection is the vehicle's new inspection
    report (mototaxi art. 5 §1 III, semiannual) or vistoria report (taxi art. 27, 29)."""
    vehicle = inspection.vehicle
    if vehicle is None:
        return
    on = inspection.inspected_on
    valid_until, basis = None, {}
    if answers(inspection.law, "document_validity"):
        # A law that fixes the inspection report's validity (mototaxi art. 5 §1 III, semiannual).
        doc_type = Document.Type.INSPECTION
        validity = lawseam.ask(
            inspection.municipality,
            inspection.law,
            "document_validity",
            {"document": "laudo_inspecao", "issued_on": on.isoformat()},
            on,
        )
        valid_until, basis = validity.outcome["expires_on"], validity.to_json()
    else:
        doc_type = Document.Type.VISTORIA
    Document.objects.create(
        doc_type=doc_type,
        vehicle=vehicle,
        number=f"VST-{inspection.pk}",
        issued_on=on,
        presented_on=on,
        valid_until=valid_until,
        validity_basis=basis,
        checked_by=actor.user or inspection.confirmed_by,
    )


def withdrawals_reassert(*, municipality: Municipality, on: dt.date) -> int:
    """The sweep keeps an open withdrawal visible on the permit, should another step have cleared
    the irregular mark (each area lifts only its own)."""
    changed = 0
    system = Actor.system("varredura de vistorias")
    with transaction.atomic(), tenant(municipality):
        for w in Withdrawal.objects.filter(ended_on=None).select_related("permit", "inspection"):
            permit = Permit.objects.select_for_update().get(pk=w.permit_id)
            if permit.irregular:
                continue
            _mark_withdrawn(
                permit,
                f"reprovado em {w.started_on:%d/%m/%Y}",
                actor=system,
                municipality=municipality,
                old={"irregular": False},
                citations=w.inspection.decision.get("citations", []),
                extra={"inspection": w.inspection_id, "effective_on": on, "reasserted": True},
            )
            changed += 1
    return changed
