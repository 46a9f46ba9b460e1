"""The platforms' drivers: the roster (art. 3 §2, art. 4, art. 17; D-9 a, D-16)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from outorga.core.acts import Actor, record_act
from outorga.core.lawseam import BoundLaw
from outorga.core.localtime import today_of, zone_of
from outorga.core.locking import lock_municipality
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law import interfaces
from outorga.law.decisions import Decision

from ..models import Platform, PlatformDriver
from ..validators import cpf_is_valid, mask_cpf, normalize_plate, plate_is_valid
from .common import (
    PlatformError,
    authorize_apps,
    basis_many,
    bound_law,
    credential_standing,
    decision_day,
)

#: Our vehicle kinds → the law core's species (CTB art. 96) and, for "other", the wheels.
VEHICLE_KIND_TO_LAW: dict[str, tuple[str, int | None]] = {
    PlatformDriver.VehicleKind.CAR: ("automovel", None),
    PlatformDriver.VehicleKind.UTILITY: ("utilitario", None),
    PlatformDriver.VehicleKind.MOTORCYCLE: ("motocicleta", None),
    PlatformDriver.VehicleKind.MOTONETA: ("motoneta", None),
    PlatformDriver.VehicleKind.CICLOMOTOR: ("ciclomotor", None),
    PlatformDriver.VehicleKind.OTHER_TWO_WHEELER: ("outro", 2),
    PlatformDriver.VehicleKind.OTHER: ("outro", None),
}


# --- drivers (art. 3 §2, art. 4, art. 17; D-9 a, D-16) -------------------------------------------


@dataclass(frozen=True)
class DriverData:
    cpf: str
    name: str
    cnh_number: str
    cnh_category: str
    cnh_ear: bool
    vehicle_plate: str
    vehicle_kind: str
    vehicle_manufacture_year: int
    #: "mei" or "autonomo" (art. 20): the rate of the driver's ISSQN the platform withholds (D-14).
    tax_regime: str
    cnh_valid_until: dt.date | None = None
    crlv: bool = False
    crlv_valid_until: dt.date | None = None
    criminal_certificate: bool = False
    criminal_certificate_date: dt.date | None = None
    app_insurance: bool = False
    app_insurance_policy: str = ""
    app_insurance_valid_until: dt.date | None = None
    dpvat: bool = False
    debt_clearance: bool = False
    debt_clearance_date: dt.date | None = None
    inss: bool = False
    inss_number: str = ""


def document_facts(present: bool, valid_until: dt.date | None = None) -> dict[str, Any] | None:
    """A document of art. 4 as the law's facts: presented or not, with the validity it states."""
    if not present:
        return None
    return {"valid_until": valid_until.isoformat()} if valid_until else {}


def certificate_facts(present: bool, issued_on: dt.date | None) -> dict[str, Any] | None:
    """A certidão negativa (art. 4, II, c and e) as the law's facts: the platform declaring it
    says it is negative; its date is the day it was issued, which the law judges the age of."""
    if not present:
        return None
    out: dict[str, Any] = {"negative": True}
    if issued_on is not None:
        out["issued_on"] = issued_on.isoformat()
    return out


def _drop_none(d: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v is not None}


def driver_facts(data: DriverData) -> tuple[dict[str, Any], dict[str, Any]]:
    """The facts of the law core's questions for a driver and a vehicle."""
    kind, wheels = VEHICLE_KIND_TO_LAW[data.vehicle_kind]
    cnh: dict[str, Any] = {"category": data.cnh_category, "ear": data.cnh_ear}
    if data.cnh_valid_until:
        cnh["valid_until"] = data.cnh_valid_until.isoformat()
    driver = _drop_none(
        {
            "cnh": cnh,
            "criminal_certificate": certificate_facts(
                data.criminal_certificate, data.criminal_certificate_date
            ),
            "municipal_debt_certificate": certificate_facts(
                data.debt_clearance, data.debt_clearance_date
            ),
            "inss_registration": document_facts(data.inss),
        }
    )
    vehicle = _drop_none(
        {
            "kind": kind,
            "wheels": wheels,
            "manufacture_year": data.vehicle_manufacture_year,
            "crlv": document_facts(data.crlv, data.crlv_valid_until),
            "app_insurance": document_facts(data.app_insurance, data.app_insurance_valid_until),
            "dpvat": document_facts(data.dpvat),
        }
    )
    return driver, vehicle


def entry_data(d: PlatformDriver) -> DriverData:
    """A roster entry's data as the platform declared them when it registered the driver: of
    them the law's facts are drawn again (:func:`driver_facts`)."""
    return DriverData(**{k: getattr(d, k) for k in DriverData.__dataclass_fields__})


def _cnh_categories(law: BoundLaw) -> list[str]:
    """The CNH categories the law's driver facts take (its question's facts schema)."""
    schema = law.question("driver_eligibility").facts_schema
    return list(schema["properties"]["cnh"]["properties"]["category"]["enum"])


def tax_regime_refusal(cites: str) -> str:
    """Why a driver's regime is refused, citing ``cites`` (the law's article on the drivers'
    ISSQN, apps art. 20: "na qualidade de MEi (microempreendedor individual) ou Profissional
    Autônomo Pessoa Física"): those two and no other — the general regime ("geral") is the
    platform's own ISSQN (art. 19), not a driver's."""
    return (
        "regime tributário do motorista: MEI — microempreendedor individual ('mei') — ou "
        "profissional autônomo pessoa física ('autonomo'), os que a lei nomeia para o motorista; "
        f"outro regime, como o geral, não é de motorista ({cites})"
    )


def _validate_driver(data: DriverData, law: BoundLaw) -> DriverData:
    errors = []
    cpf = "".join(ch for ch in data.cpf if ch.isdigit())
    if not cpf_is_valid(cpf):
        errors.append({"campo": "cpf", "erro": "CPF inválido (11 dígitos, dígitos verificadores)"})
    plate = normalize_plate(data.vehicle_plate)
    if not plate_is_valid(plate):
        errors.append({"campo": "vehicle_plate", "erro": "placa inválida (ABC1234 ou ABC1D23)"})
    if data.vehicle_kind not in VEHICLE_KIND_TO_LAW:
        errors.append(
            {
                "campo": "vehicle_kind",
                "erro": "tipo de veículo desconhecido: "
                + ", ".join(str(v) for v in PlatformDriver.VehicleKind.values),
            }
        )
    categories = _cnh_categories(law)
    category = data.cnh_category.strip().upper()
    if category not in categories:
        errors.append(
            {"campo": "cnh_category", "erro": "categoria da CNH: " + ", ".join(categories)}
        )
    if not data.name.strip():
        errors.append({"campo": "name", "erro": "informe o nome"})
    if data.tax_regime not in PlatformDriver.TaxRegime.values:
        errors.append(
            {
                "campo": "tax_regime",
                "erro": tax_regime_refusal(interfaces.cited_once(law.law, "driver_tax_regime")),
            }
        )
    if errors:
        raise PlatformError("Dados do motorista inválidos.", errors=errors)
    from dataclasses import replace

    return replace(data, cpf=cpf, vehicle_plate=plate, cnh_category=category)


def enabled_roster(platform: Platform | None = None) -> int:
    """Drivers enabled on ``platform``, or in the municipality: persons (distinct CPFs), so one
    driving for two platforms is one of the municipality's 500 (art. 3 §2)."""
    qs = PlatformDriver.objects.filter(status=PlatformDriver.Status.ENABLED)
    if platform is not None:
        qs = qs.filter(platform=platform)
    return qs.values("cpf").distinct().count()


def roster_at(instant: dt.datetime) -> QuerySet[PlatformDriver]:
    """The roster entries enabled at ``instant``: enabled before it and not disabled by then (a
    disabled entry with no date never counts, as in the trip files' roster)."""
    disabled = PlatformDriver.Status.DISABLED
    return (
        PlatformDriver.objects.filter(
            Q(enabled_at__lt=instant) | Q(enabled_at__isnull=True, created_at__lt=instant),
            status__in=(PlatformDriver.Status.ENABLED, disabled),
        )
        .exclude(disabled_at__lte=instant)
        .exclude(status=disabled, disabled_at__isnull=True)
    )


def _roster_on(platform: Platform | None, instant: dt.datetime | None) -> int:
    """:func:`enabled_roster` as it stood at ``instant`` (None: now), in persons."""
    if instant is None:
        return enabled_roster(platform)
    qs = roster_at(instant)
    if platform is not None:
        qs = qs.filter(platform=platform)
    return qs.values("cpf").distinct().count()


def _end_of(m: Municipality, on: dt.date) -> dt.datetime | None:
    """The end of ``on`` on the municipality's clock (the next day's first instant), or None when
    ``on`` is today (the roster of now)."""
    if on >= today_of(m):
        return None
    return dt.datetime.combine(on + dt.timedelta(days=1), dt.time.min, tzinfo=zone_of(m))


def _may_join_the_roster(
    law: BoundLaw,
    platform: Platform,
    cpf: str,
    driver: dict[str, Any],
    vehicle: dict[str, Any],
    *,
    credentialed: bool | None = None,
    instant: dt.datetime | None = None,
) -> list[Decision]:
    """What the law says of a driver joining ``platform``'s roster now: the requirements of art. 4
    and art. 17, then — when they are met — the caps of art. 3 §2 (D-9 a) counted on the rosters
    enabled now (``credentialed``: whether the platform's credential lets it operate, where the
    caller asked it). Under the municipality's lock, which the caller holds."""
    decisions = [
        law.ask("driver_eligibility", driver),
        law.ask("vehicle_eligibility", vehicle),
    ]
    if all(x.outcome == "ok" for x in decisions):
        facts = _roster_facts(platform, cpf, instant=instant)
        if credentialed is not None:
            facts["platform_credentialed"] = credentialed
        decisions.append(law.ask("roster_capacity", facts))
    return decisions


def _roster_facts(
    platform: Platform, cpf: str, *, instant: dt.datetime | None = None
) -> dict[str, Any]:
    """The rosters one more driver of ``platform`` would join (art. 3 §2, D-9 a)."""
    # D-9 a, D-15: the roster of the registration's day (``instant``, its end) and of now —
    # the driver is enabled from now on, so the cap must hold on both.
    return {
        "platform_roster": max(_roster_on(platform, instant), enabled_roster(platform)),
        "municipality_roster": max(_roster_on(None, instant), enabled_roster()),
        "driver_active_in_municipality": PlatformDriver.objects.filter(
            cpf=cpf, status=PlatformDriver.Status.ENABLED
        )
        .exclude(platform=platform)
        .exists(),
    }


def platform_driver_register(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    data: DriverData,
    on: dt.date | None = None,
) -> tuple[PlatformDriver, list[Decision]]:
    """A platform registers a driver and vehicle. Outorga re-checks art. 4 and art. 17 and the caps
    of art. 3 §2 (D-9 a), under the municipality's lock; the row is kept even when refused."""
    authorize_apps(actor=actor, municipality=municipality, action="platform.data.submit")
    # D-15: the registration is judged on its day, never one still to come.
    on = decision_day(
        actor=actor,
        municipality=municipality,
        action="platform.driver.register",
        obj=platform,
        on=on,
        what="do cadastro",
    )
    data = _validate_driver(data, bound_law(municipality, on))
    driver_facts_, vehicle_facts = driver_facts(data)
    with transaction.atomic(), tenant(municipality):
        lock_municipality(municipality)
        p = Platform.objects.get(pk=platform.pk)
        dup = PlatformDriver.objects.filter(
            platform=p, cpf=data.cpf, status=PlatformDriver.Status.ENABLED
        ).first()
        if dup is not None:
            raise PlatformError(
                "Este CPF já está habilitado nesta plataforma; desative-o antes de um novo "
                "cadastro.",
                status=409,
                obj_id=dup.pk,
            )
        # A suspended or cancelled credential stops the roster for its period (art. 26 IV).
        standing = credential_standing(municipality, p, "roster", on)
        decisions = _may_join_the_roster(
            bound_law(municipality, on),
            p,
            data.cpf,
            driver_facts_,
            vehicle_facts,
            credentialed=bool(standing.outcome["may_operate"]),
            instant=_end_of(municipality, on),
        )
        if not standing.outcome["may_operate"]:
            decisions.insert(0, standing)
        ok = standing.outcome["may_operate"] and all(
            d.outcome == "ok" for d in decisions if d is not standing
        )
        now = timezone.now()
        values = {k: getattr(data, k) for k in DriverData.__dataclass_fields__}
        driver = PlatformDriver.objects.create(
            platform=p,
            **values,
            status=PlatformDriver.Status.ENABLED if ok else PlatformDriver.Status.REFUSED,
            enabled_at=now if ok else None,
            decision={"as_of": on.isoformat(), "decisions": [d.to_json() for d in decisions]},
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.driver.register",
            obj=driver,
            outcome="done" if ok else "refused",
            new={
                "platform": p.pk,
                "cpf": mask_cpf(data.cpf),
                "plate": data.vehicle_plate,
                "tax_regime": data.tax_regime,
                "status": driver.status,
            },
            basis=basis_many(decisions),
        )
    return driver, decisions


def platform_driver_disable(
    *, actor: Actor, municipality: Municipality, driver: PlatformDriver, reason: str = ""
) -> PlatformDriver:
    """Deactivation frees the driver's place in both rosters (D-9 a)."""
    authorize_apps(actor=actor, municipality=municipality, action="platform.data.submit")
    with transaction.atomic(), tenant(municipality):
        d = PlatformDriver.objects.select_for_update().get(pk=driver.pk)
        if d.status != PlatformDriver.Status.ENABLED:
            raise PlatformError("O motorista não está habilitado.", status=409)
        d.status = PlatformDriver.Status.DISABLED
        d.disabled_at = timezone.now()
        d.save(update_fields=["status", "disabled_at"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.driver.disable",
            obj=d,
            old={"status": "enabled"},
            new={"status": d.status, "motivo": reason},
        )
    return d


# --- the roster a cancellation took, given back (art. 26 IV with art. 3 §2) ----------------------


@dataclass(frozen=True)
class RosterRestored:
    """The drivers enabled again (the new entries), those already back (nothing to do), and
    those not returned, with the law core's decision that says why: the platform registers these
    again when it can."""

    enabled: list[PlatformDriver]
    refused: list[tuple[PlatformDriver, Decision]]
    already: list[PlatformDriver]


def _since_the_measure(platform: Platform, d: PlatformDriver) -> list[str]:
    """What happened to the person of ``d`` on ``platform`` since the cancellation disabled it
    (the law core's ``roster_restore.since``): a later entry enabled (``on_roster``), ``d``
    already given back by an earlier annulment (``restored``), a later entry the platform
    disabled (``platform_disabled``: only the platform and a cancellation disable an entry, and
    the cancellation's own are the ones being given back)."""
    later = PlatformDriver.objects.filter(platform=platform, cpf=d.cpf, pk__gt=d.pk)
    since = []
    if later.filter(status=PlatformDriver.Status.DISABLED).exists():
        since.append("platform_disabled")
    if later.filter(status=PlatformDriver.Status.ENABLED).exists():
        since.append("on_roster")
    if later.filter(decision__restored_from=d.pk).exists():
        since.append("restored")
    return since


def platform_drivers_restore_in_transaction(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    driver_ids: list[int],
    case_id: int,
    on: dt.date,
    measure: str = "annulled",
) -> RosterRestored:
    """The drivers the cancellation of ``platform``'s credential disabled (``driver_ids``), once
    the cancellation is annulled or turned into a suspension (``measure``; art. 26 IV; Lei
    9.784/1999 art. 53, 64): the law core (``roster_restore``) says of each whether it returns
    to the roster on ``on`` — not when the platform disabled the person since, nor when the
    requirements of art. 4 and art. 17 (a CNH lapsed meanwhile) or the caps of art. 3 §2 (D-9 a)
    refuse it; nothing when the person is already back. A returning driver is a new entry of the
    roster (the disabled one keeps its dates); each returned or refused is an act
    ``platform.driver.restore`` citing the articles, and asking again gives nobody back twice. The
    credential's standing is not asked: a suspension keeps the drivers enabled and only stops new
    ones. Inside the caller's transaction, which locked the municipality's row first (the caps
    are counted under it, ADR 0015)."""
    law = bound_law(municipality, on)
    out = RosterRestored([], [], [])
    taken = PlatformDriver.objects.filter(
        pk__in=driver_ids, platform=platform, status=PlatformDriver.Status.DISABLED
    ).order_by("pk")
    for d in taken:
        data = entry_data(d)
        driver_facts_, vehicle_facts = driver_facts(data)
        decision = law.ask(
            "roster_restore",
            {
                "measure": measure,
                "disabled_by_measure": True,
                "since": _since_the_measure(platform, d),
                "driver": driver_facts_,
                "vehicle": vehicle_facts,
                "roster": _roster_facts(platform, d.cpf),
            },
        )
        about = {"case": case_id, "restored_from": d.pk, "cpf": mask_cpf(d.cpf)}
        if decision.outcome["already"]:
            out.already.append(d)
            continue
        if not decision.outcome["returns"]:
            record_act(
                municipality=municipality,
                actor=actor,
                action="platform.driver.restore",
                obj=d,
                outcome="refused",
                new={**about, "status": d.status},
                basis=basis_many([decision]),
            )
            out.refused.append((d, decision))
            continue
        restored = PlatformDriver.objects.create(
            platform=platform,
            **asdict(data),
            status=PlatformDriver.Status.ENABLED,
            enabled_at=timezone.now(),
            decision={
                "as_of": on.isoformat(),
                "decisions": [decision.to_json()],
                "restored_from": d.pk,
                "case": case_id,
            },
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.driver.restore",
            obj=restored,
            new={**about, "status": restored.status},
            basis=basis_many([decision]),
        )
        out.enabled.append(restored)
    return out
