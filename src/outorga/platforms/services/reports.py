"""The platforms' monthly reports (art. 16, D-8)."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.db.models import Max

from outorga.core.acts import Actor, canonical_json, record_act
from outorga.core.formcites import labelled
from outorga.core.lawseam import cited_for
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service

from ..models import MonthlyReport, Platform, PlatformDriver
from ..selectors import report_contents, report_law, roster_in_month
from ..validators import cpf_is_valid, mask_cpf
from .common import (
    PlatformError,
    authorize_apps,
    basis_many,
    cited,
    field_error,
    reasons_json,
)

# --- monthly reports (art. 16, D-8) ---------------------------------------------------------------


def body_digest(body: Mapping[str, Any]) -> str:
    return hashlib.sha256(canonical_json(body).encode()).hexdigest()


def _validate_report(body: Mapping[str, Any], on: dt.date, m: Municipality) -> list[dict[str, Any]]:
    errors: list[dict[str, str]] = []
    year, month = int(body["year"]), int(body["month"])
    if not (1 <= month <= 12):
        errors.append({"campo": "month", "erro": "mês entre 1 e 12"})
    elif (year, month) >= (on.year, on.month):
        closed = labelled(
            "o relatório é de um mês encerrado",
            cited_for(Service.APLICATIVO, "monthly_report", m=m),
            "decisão D-8",
        )
        errors.append({"campo": "month", "erro": closed})
    drivers = list(body.get("drivers", []))
    seen: set[str] = set()
    for i, d in enumerate(drivers):
        cpf = str(d.get("cpf", ""))
        if not cpf_is_valid(cpf):
            errors.append({"campo": f"drivers.{i}.cpf", "erro": "CPF inválido"})
        if cpf in seen:
            errors.append({"campo": f"drivers.{i}.cpf", "erro": "CPF repetido no relatório"})
        seen.add(cpf)
    if errors:
        raise PlatformError("Relatório inválido.", errors=errors)
    return drivers


class IdempotencyConflict(PlatformError):
    pass


def monthly_report_submit(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    idempotency_key: str,
    body: Mapping[str, Any],
    on: dt.date | None = None,
    demo: bool = False,
) -> tuple[MonthlyReport, bool]:
    """Store a monthly report (art. 16 I–III). Same key and body → the stored report, unchanged
    (``created`` False); same key, other body → :class:`IdempotencyConflict`; otherwise a new version
    of the month. The platform's row lock orders the versions and the key check."""
    authorize_apps(actor=actor, municipality=municipality, action="platform.data.submit")
    key = idempotency_key.strip()
    if not key or len(key) > 100:
        raise field_error("Idempotency-Key", "Cabeçalho Idempotency-Key obrigatório (até 100).")
    digest = body_digest(body)
    on = on or today_of(municipality)
    with transaction.atomic(), tenant(municipality):
        p = Platform.objects.select_for_update().get(pk=platform.pk)
        existing = MonthlyReport.objects.filter(platform=p, idempotency_key=key).first()
        if existing is not None:
            if existing.body_sha256 == digest:
                return existing, False
            raise IdempotencyConflict(
                "Idempotency-Key já usada com outro conteúdo; use uma nova chave para uma nova "
                "versão do relatório.",
                status=422,
                errors=[{"campo": "Idempotency-Key", "erro": "chave reutilizada"}],
                obj_id=existing.pk,
            )
        drivers = _validate_report(body, on, municipality)
        year, month = int(body["year"]), int(body["month"])
        first = (
            MonthlyReport.objects.filter(platform=p, year=year, month=month)
            .order_by("version")
            .first()
        )
        # D-15: the month is judged by the law in force on its due date, on the day it arrives.
        decision = report_law(municipality, year, month).ask(
            "monthly_report",
            {
                "year": year,
                "month": month,
                # The month's report was delivered when its first version arrived.
                "submitted_on": (first.submitted_on if first else on).isoformat(),
                "contents": report_contents(body),
            },
            on,
        )
        last = MonthlyReport.objects.filter(platform=p, year=year, month=month).aggregate(
            v=Max("version")
        )["v"]
        version = (last or 0) + 1
        roster = set(PlatformDriver.objects.filter(platform=p).values_list("cpf", flat=True))
        in_month = roster_in_month(p, year, month)
        warnings = [
            f"CPF {mask_cpf(str(d['cpf']))} não consta do cadastro da plataforma no Município."
            if str(d["cpf"]) not in roster
            else f"CPF {mask_cpf(str(d['cpf']))} não esteve habilitado na plataforma em "
            f"{month:02d}/{year}: a relação é dos motoristas ativos no mês "
            f"({cited(municipality, 'report_drivers')})."
            for d in drivers
            if str(d["cpf"]) not in in_month
        ]
        report = MonthlyReport.objects.create(
            platform=p,
            year=year,
            month=month,
            version=version,
            idempotency_key=key,
            body_sha256=digest,
            payload=dict(body),
            active_drivers=len(drivers),
            trips=sum(int(d.get("trips", 0)) for d in drivers) if drivers else 0,
            # 0 when item II was not sent: read it through ``declared_intermediation_revenue_cents``.
            intermediation_revenue_cents=int(body.get("intermediation_revenue_cents", 0)),
            trip_revenue_cents=sum(int(d.get("trip_revenue_cents", 0)) for d in drivers),
            submitted_on=on,
            status=decision.outcome["status"],
            decision=decision.to_json(),
            demo=demo,
        )
        report.response = {
            "id": report.pk,
            "year": year,
            "month": month,
            "version": version,
            "status": report.status,
            "due": decision.outcome["due"].isoformat(),
            "complete": decision.outcome["complete"],
            "summary": decision.summary,
            "fundamentos": reasons_json([decision]),
            "avisos": warnings,
        }
        report.save(update_fields=["response"])
        # Read back: a retry gets the stored JSON, so the first answer must be the stored one too
        # (PostgreSQL's jsonb does not keep key order).
        report.refresh_from_db(fields=["response"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.report.submit",
            obj=report,
            new={
                "year": year,
                "month": month,
                "version": version,
                "sha256": digest,
                "status": report.status,
            },
            basis=basis_many([decision]),
        )
    return report, True
