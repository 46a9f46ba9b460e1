"""Reads of the core that are more than a filter."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.utils import timezone

from outorga.law.competence import SYSTEM_COMPETENCES, NotCompetent, Role

from . import home
from .acts import Actor
from .models import (
    Act,
    CalendarDay,
    FiscalUnitValue,
    LawBinding,
    Municipality,
    ParameterOverride,
    PopulationFigure,
    User,
)
from .personaldata import (
    documents_masked,
    reads_documents_of,
    reads_health_data,
    record_as_seen,
    sensitive_object,
)
from .tenancy import current_municipality, tenant


def require_municipality() -> Municipality:
    return current_municipality()


def require(actor: Actor, system_action: str) -> None:
    """Reads of system scope (the acts log) are limited to the roles of the system table."""
    if Role(actor.role) not in SYSTEM_COMPETENCES[system_action]:
        raise NotCompetent(actor.role, "sistema", system_action, None)


def population_json(p: PopulationFigure) -> dict[str, Any]:
    """A population figure as the API shows it and its act records it."""
    return {
        "value": p.value,
        "reference_year": p.reference_year,
        "effective": p.effective,
        "source": p.source,
    }


def municipality_summary(m: Municipality) -> dict[str, Any]:
    today = timezone.localdate()
    pops = PopulationFigure.objects.all()
    units = FiscalUnitValue.objects.all()
    return {
        "ibge_code": m.ibge_code,
        "name": m.name,
        "uf": m.uf,
        "slug": m.slug,
        "laws": m.laws,
        "population": [population_json(p) for p in pops],
        "fiscal_units": [
            {
                "name": u.name,
                "value": str(u.value),
                "valid_from": u.valid_from,
                "legal_reference": u.legal_reference,
                "example": u.example,
            }
            for u in units
        ],
        "calendar": [
            {"date": d.date, "kind": d.kind, "description": d.description}
            for d in CalendarDay.objects.filter(date__year__gte=today.year - 1)
        ],
    }


def act_reader(user: User, municipality: Municipality) -> Callable[[Act], dict[str, Any]]:
    """How ``user`` reads each act of ``municipality``'s log (the API's item, the page's record;
    who the reader is, asked once for a page of acts). A reader who reads the municipality's CPFs
    in full (``reads_documents_of``: its authority and its administrator, who audit it) reads the
    record as signed, with the IP the act came from, and can recompute its hash from it; any
    other reader — the system administrator, a role outside ``SEES_DOCUMENT`` — reads every CPF
    and CNPJ in the actor and the record masked, the text a person wrote in it reserved and no IP
    (ADR 0052, 0063, 0070). Whoever does not keep the register (``reads_health_data``: the
    auditors too) reads what was written about a health or criminal document and a blood type
    reserved, as the registry's pages reserve them (ADR 0077). ``record_masked`` says the record
    shown is not the one the hash covers. What is stored is never changed: the chain is verified
    on it (``outorga audit verify``)."""
    whole = reads_documents_of(user, municipality)
    with tenant(municipality):
        health = reads_health_data(user, municipality)

    def read(act: Act) -> dict[str, Any]:
        signed = act.record
        sensitive = False
        if not health:
            with tenant(municipality):
                sensitive = sensitive_object(act.object_type, act.object_id)
        record = record_as_seen(signed, masked=not whole, health=health, sensitive=sensitive)
        return {
            "id": act.pk,
            "seq": act.seq,
            "created_at": act.created_at,
            "actor_name": act.actor_name if whole else documents_masked(act.actor_name),
            "role": act.role,
            "action": act.action,
            "object_type": act.object_type,
            "object_id": act.object_id,
            "outcome": act.outcome,
            "ip": act.ip if whole else None,
            "hash": act.hash,
            "prev_hash": act.prev_hash,
            "record": record,
            "record_masked": not whole or record != signed,
        }

    return read


def act_read(act: Act, user: User, municipality: Municipality) -> dict[str, Any]:
    """One act as ``user`` reads it (:func:`act_reader`)."""
    return act_reader(user, municipality)(act)


#: Acts that record an access, not work (a login, a sensitive document read, a list exported,
#: the system administrator's reading of the log):
#: the log keeps them, the home's count of the day's acts does not.
ACCESS_EVENTS = (
    "auth.login",
    "auth.mfa.setup",
    "auth.mfa.verify",
    "auth.mfa.recovery",
    "document.read",
    "list.export",
    "audit.read",
)


def dashboard_counts(user: User) -> list[tuple[str, int | str]]:
    """Real counts for the home page, chosen by role."""
    m = current_municipality()
    today = timezone.localdate()
    start = timezone.make_aware(dt.datetime.combine(today, dt.time.min))
    pop = PopulationFigure.objects.order_by("-effective").first()
    counts: list[tuple[str, int | str]] = [
        (
            "Atos registrados hoje",
            Act.objects.filter(created_at__gte=start).exclude(action__in=ACCESS_EVENTS).count(),
        ),
        ("Usuários do município", User.objects.filter(municipality=m, is_active=True).count()),
    ]
    if pop is not None:
        counts.append((f"População (IBGE {pop.reference_year})", pop.value))
    if user.role in {Role.AUTORIDADE, Role.ADMIN}:
        counts.append(
            ("Atos recusados por competência", Act.objects.filter(outcome="refused").count())
        )
    counts.extend((c.label, c.count()) for c in home.counters(user.role))
    return counts


# --- the municipality's dated data (D-4, D-5, D-7, D-15) ------------------------------------------


def municipal_data(m: Municipality, today: dt.date) -> dict[str, Any]:
    """Every kind of dated datum of ``m``, newest first, each row flagged when it is the one in
    force ``today`` (for the calendar: the days from today on are flagged as coming)."""
    from outorga.law import parameter_input as pi
    from outorga.law.citations import LAW_TITLES

    pops = list(PopulationFigure.objects.order_by("-effective", "-reference_year", "-pk"))
    current_pop = next((p for p in pops if p.effective <= today), None)
    units = list(FiscalUnitValue.objects.order_by("-valid_from", "name", "-pk"))
    current_units: dict[str, int] = {}
    for u in units:
        if u.valid_from <= today:
            current_units.setdefault(u.name, u.pk)
    declared = {p.name: p for p in pi.parameters_for(m.laws)}
    overrides = []
    in_force: dict[str, int] = {}
    for o in ParameterOverride.objects.order_by("-effective", "name", "-pk"):
        p = declared.get(o.name)
        if o.effective <= today:
            in_force.setdefault(o.name, o.pk)
        overrides.append(
            {
                "id": o.pk,
                "name": o.name,
                "label": (p.label_pt or p.description) if p else o.name,
                "law": pi.law_of(o.name),
                "unit": p.unit if p else "",
                "value": o.value,
                "value_display": pi.show(p, o.value) if p else str(o.value),
                "effective": o.effective,
                "legal_reference": o.legal_reference,
                "example": o.example,
            }
        )
    for row in overrides:
        row["in_force"] = in_force.get(row["name"]) == row["id"]
    return {
        "population": [
            {"row": p, "in_force": current_pop is not None and p.pk == current_pop.pk} for p in pops
        ],
        "fiscal_units": [
            {"row": u, "in_force": current_units.get(u.name) == u.pk, "reais": reais(u.value)}
            for u in units
        ],
        "calendar": [
            {"row": d, "coming": d.date >= today, "older": d.date < today - dt.timedelta(days=365)}
            for d in CalendarDay.objects.order_by("-date")
        ],
        "parameters": overrides,
        "law_bindings": [
            {
                "row": b,
                "title": LAW_TITLES.get(b.law, b.law),
                "in_force": b.as_binding().covers(today),
            }
            for b in LawBinding.objects.order_by("service", "-valid_from")
        ],
    }


def reais(value: Any) -> str:
    """A fiscal unit's value in Brazilian format: ``R$ 1.234,5678``, at least two decimals."""
    from decimal import Decimal

    d = Decimal(value)
    text = format(d.quantize(Decimal("0.0001")), "f").rstrip("0")
    whole, _, frac = text.partition(".")
    frac = frac.ljust(2, "0")
    return f"R$ {int(whole):,}".replace(",", ".") + f",{frac}"


def declared_parameters(m: Municipality, today: dt.date) -> list[dict[str, Any]]:
    """The parameters the municipality's laws declare, with the value in force ``today`` and
    whether it comes from the law's file or from the municipality (D-15)."""
    from outorga.law import parameter_input as pi
    from outorga.law.parameters import ParameterMissing

    from .lawctx import context

    ctx = context(m, today)
    out = []
    for p in pi.parameters_for(m.laws):
        try:
            pv = ctx.param(p.name)
        except ParameterMissing:
            pv = None
        kind = pi.kind_of(p)
        out.append(
            {
                "name": p.name,
                "label": p.label_pt or p.description,
                "law": pi.law_of(p.name),
                "unit": p.unit,
                "kind": kind.value,
                "hint": pi.HINTS[kind],
                "editable": p.editable,
                "references": pi.references_for(p, m.laws),
                "since": pi.first_date(p),
                "value": pv.value if pv else None,
                "value_display": pi.show(p, pv.value)
                if pv
                else "sem valor (fixado por regulamento)",
                "effective": pv.effective if pv else None,
                "example": pv.example if pv else False,
                "source": pv.source if pv else None,
            }
        )
    return out
