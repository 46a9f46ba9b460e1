"""Public reads: a badge from its token, its status today, the public list of permits, plate
verification and the tariffs in force. Only what the public may see leaves this module: never
CPF, address, health or criminal data."""

from __future__ import annotations

import datetime as dt
import re
import time
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet

from outorga.core.lawctx import context
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import LAW_TITLES
from outorga.law.money import brl
from outorga.law.parameters import ParameterMissing, tree
from outorga.registry.models import Auxiliary, Permit, Service

from . import tokens
from .models import Badge, SigningKey


@dataclass(frozen=True)
class Status:
    code: str  # valido, suspenso, vencido, revogado, cassado, irregular, encerrado, reserva
    label: str
    valid: bool
    detail: str = ""


def _fmt(day: dt.date) -> str:
    return day.strftime("%d/%m/%Y")


def badge_status(badge: Badge, today: dt.date) -> Status:
    """What an inspector needs to know about the bearer today, most serious first."""
    permit = badge.permit
    aux = badge.auxiliary
    if badge.revoked_at is not None:
        return Status("revogado", "revogado", False, "Este crachá foi revogado ou substituído.")
    if permit.status == Permit.Status.CASSADA or (aux and aux.status == Auxiliary.Status.CASSADO):
        return Status("cassado", "cassado", False, "A permissão ou a credencial foi cassada.")
    if permit.status == Permit.Status.REVOKED:
        return Status("revogado", "revogado", False, "A permissão foi revogada.")
    if permit.status in (Permit.Status.EXTINCT, Permit.Status.RENOUNCED) or (
        aux and aux.status == Auxiliary.Status.REMOVED
    ):
        return Status("encerrado", "encerrado", False, "A permissão ou a credencial não vigora.")
    if permit.status == Permit.Status.SUSPENDED:
        if permit.suspended_until and today <= permit.suspended_until:
            detail = f"Suspensa até {_fmt(permit.suspended_until)}."
        else:
            # After the period the holder must show the irregularities were fixed (art. 32 §2).
            detail = "Suspensa até comprovar a correção das irregularidades."
        return Status("suspenso", "suspenso", False, detail)
    if permit.status == Permit.Status.RESERVE:
        return Status("reserva", "em reserva", False, "Serviço temporariamente interrompido.")
    until = min(badge.valid_until, permit.term_end)
    if until < today:
        return Status("vencido", "vencido", False, f"Validade encerrada em {_fmt(until)}.")
    if permit.irregular:
        return Status("irregular", "irregular", False, "Há pendência documental no cadastro.")
    return Status("valido", "válido", True, f"Válido até {_fmt(until)}.")


@dataclass(frozen=True)
class Verified:
    municipality: Municipality
    badge: Badge


#: Verification keys by (IBGE code, key id): immutable once published, so each worker keeps them
#: for a minute instead of two queries per scan. A signature that fails against a cached key is
#: checked again against the database before the token is refused.
_KEY_CACHE: dict[tuple[str, int], tuple[float, Municipality, int, bytes]] = {}
_KEY_TTL = 60.0


def _key(ibge_code: str, key_id: int, fresh: bool) -> tuple[Municipality, int, bytes] | None:
    hit = _KEY_CACHE.get((ibge_code, key_id))
    if hit is not None and not fresh and hit[0] > time.monotonic():
        return hit[1], hit[2], hit[3]
    m = Municipality.objects.filter(ibge_code=ibge_code).order_by().first()
    if m is None:
        return None
    with tenant(m):
        row = (
            SigningKey.objects.filter(key_id=key_id)
            .order_by()
            .values_list("pk", "public_key")
            .first()
        )
    if row is None:
        return None
    public = tokens.unb64url(row[1])
    _KEY_CACHE[(ibge_code, key_id)] = (time.monotonic() + _KEY_TTL, m, row[0], public)
    return m, row[0], public


#: Only what the public page and the status need.
_BADGE_FIELDS = (
    "serial",
    "valid_until",
    "revoked_at",
    "printed",
    "auxiliary__status",
    "auxiliary__person__name",
    "auxiliary__person__photo",
    "permit__number",
    "permit__service",
    "permit__taxi_category",
    "permit__status",
    "permit__suspended_until",
    "permit__irregular",
    "permit__term_end",
    "permit__holder__name",
    "permit__holder__photo",
    "permit__vehicle__plate",
)


def badge_from_token(token: str) -> Verified | None:
    """The badge a token names, if the token is well formed, signed by a published key of the
    municipality it names, and names a badge of that municipality. ``None`` otherwise."""
    try:
        payload, _, _ = tokens.parse(token)
    except tokens.BadToken:
        return None
    for fresh in (False, True):
        found = _key(payload.ibge_code, payload.key_id, fresh)
        if found is None:
            return None
        m, key_pk, public = found
        try:
            tokens.verify(token, public)
            break
        except tokens.BadToken:
            continue
    else:
        return None
    with tenant(m):
        badge = (
            Badge.objects.select_related("permit__holder", "permit__vehicle", "auxiliary__person")
            .only(*_BADGE_FIELDS)
            .filter(serial=payload.serial_hex, key_id=key_pk)
            .order_by()
            .first()
        )
    return Verified(m, badge) if badge is not None else None


def badge_public(v: Verified, today: dt.date) -> dict[str, Any]:
    """The few facts the public page shows."""
    badge = v.badge
    permit = badge.permit
    person = badge.auxiliary.person if badge.auxiliary else permit.holder
    service = Service(permit.service).label
    if permit.taxi_category:
        service = f"{service} {permit.get_taxi_category_display()}"
    plate = permit.vehicle.plate if permit.vehicle else ""
    printed_plate = badge.printed.get("placa", "")
    return {
        "municipio": f"{v.municipality.name}/{v.municipality.uf}",
        "nome": person.name,
        "condicao": "condutor auxiliar" if badge.auxiliary else "permissionário",
        "servico": service,
        "numero": permit.number,
        "placa": format_plate(plate),
        "placa_impressa": format_plate(printed_plate) if printed_plate != plate else "",
        "validade": min(badge.valid_until, permit.term_end),
        "status": badge_status(badge, today),
        "tem_foto": bool(person.photo),
        "serie": badge.serial,
    }


def format_plate(plate: str) -> str:
    """ABC1234 → ABC-1234; Mercosul plates (ABC1D23) are written without a dash."""
    if re.fullmatch(r"[A-Z]{3}\d{4}", plate):
        return f"{plate[:3]}-{plate[3:]}"
    return plate


def normalise_plate(text: str) -> str:
    return re.sub(r"[^A-Z0-9]", "", (text or "").upper())[:7]


def public_keys(m: Municipality) -> list[dict[str, Any]]:
    with tenant(m):
        return [
            {
                "key_id": k.key_id,
                "algorithm": k.algorithm,
                "public_key": k.public_key,
                "created_at": k.created_at,
                "retired_at": k.retired_at,
            }
            for k in SigningKey.objects.order_by("key_id").only(
                "key_id", "algorithm", "public_key", "created_at", "retired_at"
            )
        ]


#: Permits the public list shows: those that exist as a permission today.
LISTED = (Permit.Status.ACTIVE, Permit.Status.SUSPENDED, Permit.Status.RESERVE)


def _public_rows(qs: QuerySet[Permit], today: dt.date) -> list[dict[str, Any]]:
    rows = []
    for p in qs.select_related("holder", "vehicle").only(
        "number",
        "service",
        "taxi_category",
        "status",
        "suspended_until",
        "irregular",
        "certificate_valid_until",
        "term_end",
        "holder__name",
        "vehicle__plate",
    ):
        rows.append(
            {
                "nome": p.holder.name,
                "numero": p.number,
                "servico": Service(p.service).label
                + (f" {p.get_taxi_category_display()}" if p.taxi_category else ""),
                "placa": format_plate(p.vehicle.plate) if p.vehicle else "",
                "status": permit_status(p, today),
            }
        )
    return rows


def permit_status(p: Permit, today: dt.date) -> Status:
    """A permit's public status (the badge's, without the badge)."""
    if p.status == Permit.Status.SUSPENDED:
        until = f" até {_fmt(p.suspended_until)}" if p.suspended_until else ""
        return Status("suspenso", "suspensa", False, f"Suspensa{until}.")
    if p.status == Permit.Status.RESERVE:
        return Status("reserva", "em reserva", False)
    if p.certificate_valid_until is not None and p.certificate_valid_until < today:
        return Status("vencido", "registro vencido", False)
    if p.irregular:
        return Status("irregular", "irregular", False)
    return Status("valido", "ativa", True)


def public_permits(m: Municipality, today: dt.date, service: str = "") -> list[dict[str, Any]]:
    with tenant(m):
        qs = Permit.objects.filter(status__in=LISTED)
        if service in Service.values:
            qs = qs.filter(service=service)
        return _public_rows(qs.order_by("service", "registration_number"), today)


def plate_lookup(m: Municipality, plate: str, today: dt.date) -> list[dict[str, Any]]:
    with tenant(m):
        return _public_rows(Permit.objects.filter(vehicle__plate=plate, status__in=LISTED), today)


# Tariffs -----------------------------------------------------------------------------------------

_TARIFF = re.compile(r"\.(tariff[._]|fare_max|fare_dynamic)")
_UNITS = {
    "BRL-cents": "",
    "cents": "",
    "cents-per-trip": " por corrida",
    "BRL-cents-per-km": " por km",
    "BRL-cents-per-hour": " por hora",
    "BRL-cents-per-item": " por volume",
}


def law_prefix(law_id: str) -> str:
    """``ipatinga.mototaxi-2013`` → ``mototaxi_2013``: the folder of that law's parameters."""
    return law_id.split(".", 1)[1].replace("-", "_")


def _show(value: Any, unit: str) -> str:
    if unit in _UNITS:
        return brl(int(value)) + _UNITS[unit]
    if unit == "percent":
        return f"{Decimal(str(value)):n} %".replace(".", ",")
    return str(value)


def tariffs(m: Municipality, today: dt.date) -> list[dict[str, Any]]:
    """The tariffs (and fare limits) in force today for each law of the municipality, read from
    the dated parameters and the municipality's own values. Example values are flagged."""
    ctx = context(m, today)
    groups = []
    for law_id in m.laws:
        prefix = law_prefix(law_id) + "."
        items: list[dict[str, Any]] = []
        for name, param in sorted(tree().parameters.items()):
            if not name.startswith(prefix) or not _TARIFF.search(name):
                continue
            label = param.label_pt or param.description
            try:
                pv = ctx.param(name)
            except ParameterMissing:
                items.append({"nome": label, "valor": None, "referencias": param.references})
                continue
            items.append(
                {
                    "nome": label,
                    "valor": _show(pv.value, pv.unit),
                    "desde": pv.effective,
                    "exemplo": pv.example,
                    "origem": "município" if pv.source == "municipality" else "lei",
                    "referencias": pv.references,
                }
            )
        if items:
            groups.append({"lei": law_id, "titulo": LAW_TITLES.get(law_id, law_id), "itens": items})
    return groups
