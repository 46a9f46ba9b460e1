"""Writes of the platforms area: transport by app, under the law the municipality binds to it.

Each service: ``authorize()`` (outside the transaction, so a refusal's act survives) → one
transaction scoped to the municipality → the law core's question → the change → ``record_act()``.
The caps (art. 3 §1–2, D-9 a) are counted while holding a lock on the municipality's row, so two
concurrent requests never both take the last place (PostgreSQL ``SELECT … FOR UPDATE``; SQLite
serialises writers anyway).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from outorga.core.acts import Actor, canonical_json, record_act
from outorga.core.authz import authorize
from outorga.core.errors import DomainError
from outorga.core.lawseam import BoundLaw, LawNotBound, law_for, law_of
from outorga.core.models import Municipality, RuleSuspension
from outorga.core.tenancy import tenant
from outorga.law import interfaces
from outorga.law.bindings import Service
from outorga.law.citations import Citation
from outorga.law.decisions import Decision, Reason, Verdict

from .models import (
    Complaint,
    FareTable,
    InfractionCandidate,
    MonthlyReport,
    Platform,
    PlatformCase,
    PlatformDocument,
    PlatformDriver,
    PlatformPenalty,
    PlatformPenaltyAppeal,
    PlatformStatusChange,
)
from .validators import cnpj_is_valid, cpf_is_valid, mask_cpf, normalize_plate, plate_is_valid

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


# --- errors ---------------------------------------------------------------------------------------


class PlatformError(DomainError):
    """A request the law or the data refuses. ``status`` is the HTTP status the API answers with;
    ``errors`` names the fields; ``decisions`` carry the law core's reasons and citations."""

    def __init__(
        self,
        message: str,
        *,
        status: int = 422,
        errors: list[dict[str, str]] | None = None,
        decisions: Iterable[Decision] = (),
        obj_id: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.errors = errors or []
        self.decisions = tuple(decisions)
        self.obj_id = obj_id

    code = "recusado_plataformas"

    def body(self) -> dict[str, Any]:
        return self.to_json()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"detail": self.message}
        if self.errors:
            out["erros"] = self.errors
        if self.decisions:
            out["fundamentos"] = reasons_json(self.decisions)
            out["citacoes"] = citations_of(self.decisions)
        if self.obj_id is not None:
            out["id"] = self.obj_id
        return out


def field_error(fld: str, message: str, status: int = 422) -> PlatformError:
    return PlatformError(message, status=status, errors=[{"campo": fld, "erro": message}])


# --- helpers --------------------------------------------------------------------------------------


def today() -> dt.date:
    return timezone.localdate()


def apps_law(m: Municipality, on: dt.date | None = None) -> str:
    """The law governing transport by app in ``m`` on ``on`` (today): the one competence is checked
    under. A municipality where no law governs it has no platforms (403)."""
    try:
        return law_of(m, Service.APLICATIVO, on)
    except LawNotBound as exc:
        raise PlatformError(str(exc), status=403) from None


def bound_law(m: Municipality, on: dt.date | None = None) -> BoundLaw:
    """The law governing transport by app in ``m`` on ``on`` (today), ready to be asked."""
    try:
        return law_for(m, Service.APLICATIVO, on)
    except LawNotBound as exc:
        raise PlatformError(str(exc), status=403) from None


def cited(m: Municipality, *concepts: str, on: dt.date | None = None) -> str:
    """The articles the law governing transport by app in ``m`` names for ``concepts`` (its
    ``CITES``), as a person reads them: never a literal law title here."""
    return interfaces.cited_once(apps_law(m, on), *concepts)


def reasons_json(decisions: Iterable[Decision]) -> list[dict[str, Any]]:
    """Every reason of the decisions, as the API and the screens show them."""
    return [
        {
            "regra": r.rule,
            "resultado": str(r.verdict),
            "mensagem": r.message,
            "citacoes": [c.render() for c in r.citations],
        }
        for d in decisions
        for r in d.reasons
    ]


def refusal_text(decisions: Iterable[Decision]) -> str:
    """What was refused or is pending, each with its first article: the ``detail`` of a refusal,
    so that its text alone tells what to correct and why."""
    parts = [
        r["mensagem"] + (f" ({r['citacoes'][0]})" if r["citacoes"] else "")
        for r in reasons_json(decisions)
        if r["resultado"] in ("refused", "pending")
    ]
    return "; ".join(parts) or "; ".join(d.summary for d in decisions)


def citations_of(decisions: Iterable[Decision]) -> list[str]:
    seen: dict[str, None] = {}
    for d in decisions:
        for c in d.citations:
            seen.setdefault(c.render(), None)
    return list(seen)


def basis_many(decisions: Iterable[Decision], extra: Iterable[Citation] = ()) -> dict[str, Any]:
    ds = list(decisions)
    cites = set(citations_of(ds)) | {c.render() for c in extra}
    return {"citations": sorted(cites), "decisions": [d.to_json() for d in ds]}


def _lock_municipality(m: Municipality) -> None:
    """Serialises the writers that count against a municipality's caps (art. 3 §1–2)."""
    Municipality.objects.select_for_update().only("pk").get(pk=m.pk)


def _refusing(reasons: Iterable[Reason]) -> list[Reason]:
    return [r for r in reasons if r.verdict in (Verdict.REFUSED, Verdict.PENDING)]


# --- credentialing (art. 3 §1, art. 19 §2, art. 11 III) ------------------------------------------


@dataclass(frozen=True)
class PlatformData:
    cnpj: str
    name: str
    cadastro_mobiliario: str = ""
    complaint_channel: str = ""
    contact_name: str = ""
    contact_email: str = ""
    contact_phone: str = ""
    address: str = ""
    documents: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)


def _counted_platforms(exclude: int | None = None) -> int:
    """Platforms holding a credential: a temporarily suspended one keeps it (art. 26 IV
    distinguishes "suspensão temporária" from "cancelamento definitivo"), so it keeps its place."""
    qs = Platform.objects.filter(
        status__in=[Platform.Status.CREDENTIALED, Platform.Status.SUSPENDED]
    )
    if exclude is not None:
        qs = qs.exclude(pk=exclude)
    return qs.count()


def platform_credential(
    *, actor: Actor, municipality: Municipality, data: PlatformData, on: dt.date | None = None
) -> tuple[Platform, Decision]:
    """Credential a platform (art. 3), refusing the 11th (art. 3 §1) and one without cadastro
    mobiliário (art. 19 §2) or complaint channel (art. 11 III)."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.credential",
        law=apps_law(municipality),
    )
    on = on or today()
    cnpj = "".join(ch for ch in data.cnpj if ch.isdigit())
    if not cnpj_is_valid(cnpj):
        raise field_error("cnpj", "CNPJ inválido (14 dígitos com dígitos verificadores).")
    if not data.name.strip():
        raise field_error("name", "Informe o nome da plataforma.")
    refused: Decision | None = None
    with transaction.atomic(), tenant(municipality):
        _lock_municipality(municipality)
        if Platform.objects.filter(cnpj=cnpj).exists():
            raise PlatformError(
                "Já existe plataforma com este CNPJ no Município (credenciada, suspensa ou "
                "cancelada).",
                status=409,
                errors=[{"campo": "cnpj", "erro": "CNPJ já cadastrado"}],
            )
        decision = bound_law(municipality, on).ask(
            "platform_credential",
            {
                "credentialed_platforms": _counted_platforms(),
                "cadastro_mobiliario": bool(data.cadastro_mobiliario.strip()),
                "complaint_channel": bool(data.complaint_channel.strip()),
            },
        )
        if decision.outcome != "ok":
            refused = decision
            record_act(
                municipality=municipality,
                actor=actor,
                action="platform.credential",
                object_type="platforms.platform",
                object_id=cnpj,
                outcome="refused",
                new={"cnpj": cnpj, "name": data.name},
                basis=basis_many([decision]),
            )
        else:
            platform = Platform.objects.create(
                cnpj=cnpj,
                name=data.name.strip(),
                status=Platform.Status.CREDENTIALED,
                cadastro_mobiliario=data.cadastro_mobiliario.strip(),
                complaint_channel=data.complaint_channel.strip(),
                contact_name=data.contact_name,
                contact_email=data.contact_email,
                contact_phone=data.contact_phone,
                address=data.address,
                credentialed_at=timezone.now(),
            )
            for doc in data.documents:
                PlatformDocument.objects.create(platform=platform, **dict(doc))
            PlatformStatusChange.objects.create(
                platform=platform,
                old_status="",
                new_status=Platform.Status.CREDENTIALED,
                changed_by=actor.user,
                reason="credenciamento",
                decision=decision.to_json(),
            )
            record_act(
                municipality=municipality,
                actor=actor,
                action="platform.credential",
                obj=platform,
                new={
                    "cnpj": cnpj,
                    "name": platform.name,
                    "status": platform.status,
                    "cadastro_mobiliario": platform.cadastro_mobiliario,
                },
                basis=basis_many([decision]),
            )
    if refused is not None:
        raise PlatformError(
            f"Credenciamento recusado: {refusal_text([refused])}", status=422, decisions=[refused]
        )
    return platform, decision


def platform_update_contacts(
    *, actor: Actor, municipality: Municipality, platform: Platform, changes: Mapping[str, str]
) -> Platform:
    """Contacts, address, complaint channel and cadastro mobiliário of a credentialed platform."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.credential",
        law=apps_law(municipality),
    )
    allowed = {
        "cadastro_mobiliario",
        "complaint_channel",
        "contact_name",
        "contact_email",
        "contact_phone",
        "address",
    }
    with transaction.atomic(), tenant(municipality):
        p = Platform.objects.select_for_update().get(pk=platform.pk)
        old = {k: getattr(p, k) for k in changes if k in allowed}
        new = {k: str(v).strip() for k, v in changes.items() if k in allowed}
        for k, v in new.items():
            setattr(p, k, v)
        p.save(update_fields=list(new) or None)
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.update",
            obj=p,
            old=old,
            new=new,
        )
    return p


# --- suspension and cancellation: proposal case (art. 26 IV, D-3, D-17) --------------------------


def platform_case_open(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    kind: str,
    infraction_on: dt.date,
    grounds: str,
    suspension_days: int | None = None,
    notice_on: dt.date | None = None,
) -> PlatformCase:
    """Propose the suspension or cancellation of a credential; the platform is notified and the
    defence period runs (art. 26 sole paragraph; D-17 default 10 days, D-4 counting)."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.case.propose",
        law=apps_law(municipality),
    )
    if kind not in PlatformCase.Kind.values:
        raise field_error("kind", "Proposta deve ser suspensão ou cancelamento do credenciamento.")
    if kind == PlatformCase.Kind.SUSPENSION and not suspension_days:
        raise field_error("suspension_days", "Informe os dias de suspensão propostos.")
    if not grounds.strip():
        raise field_error("grounds", "Informe os fundamentos da proposta.")
    notice_on = notice_on or today()
    with transaction.atomic(), tenant(municipality):
        p = Platform.objects.select_for_update().get(pk=platform.pk)
        if p.status == Platform.Status.CANCELLED:
            raise PlatformError("Credenciamento já cancelado.", status=409)
        deadlines = bound_law(municipality, notice_on).ask(
            "procedure_deadlines", {"defence_notice_on": notice_on.isoformat()}
        )
        case = PlatformCase.objects.create(
            platform=p,
            kind=kind,
            infraction_on=infraction_on,
            grounds=grounds.strip(),
            suspension_days=suspension_days if kind == PlatformCase.Kind.SUSPENSION else None,
            proposed_by=actor.user,
            notice_on=notice_on,
            defence_until=deadlines.outcome["defence_until"],
            decision={"deadlines": deadlines.to_json()},
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.case.open",
            obj=case,
            new={
                "platform": p.pk,
                "kind": kind,
                "defence_until": case.defence_until,
                "suspension_days": case.suspension_days,
            },
            basis=basis_many([deadlines]),
        )
    return case


def platform_case_defend(
    *, actor: Actor, municipality: Municipality, case: PlatformCase, text: str
) -> PlatformCase:
    """The platform's written defence (art. 26 sole paragraph: contraditório e ampla defesa)."""
    authorize(
        actor=actor, municipality=municipality, action="defence.file", law=apps_law(municipality)
    )
    if not text.strip():
        raise field_error("text", "A defesa não pode ser vazia.")
    with transaction.atomic(), tenant(municipality):
        c = PlatformCase.objects.select_for_update().get(pk=case.pk)
        if c.status != PlatformCase.Status.OPEN:
            raise PlatformError("Processo já decidido: defesa não recebida.", status=409)
        c.defence_text = text.strip()
        c.defence_filed_at = timezone.now()
        c.save(update_fields=["defence_text", "defence_filed_at"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.case.defence",
            obj=c,
            new={"defence_filed_at": c.defence_filed_at, "chars": len(c.defence_text)},
        )
    return c


def _occurrences(platform: Platform, before: dt.date) -> list[dict[str, Any]]:
    """The platform's earlier measures as the record holds them — penalties and proposals for
    facts up to ``before``, each with its status; the law counts the occurrences (art. 26 I)."""
    penalties = PlatformPenalty.objects.filter(platform=platform, infraction_on__lte=before)
    cases = PlatformCase.objects.filter(platform=platform, infraction_on__lte=before)
    return [
        *(
            {
                "id": f"penalidade {p.pk}",
                "kind": "penalty",
                "on": p.infraction_on.isoformat(),
                "status": p.status,
            }
            for p in penalties.order_by("infraction_on", "pk")
        ),
        *(
            {
                "id": f"processo {c.pk}",
                "kind": "proposal",
                "on": c.infraction_on.isoformat(),
                "status": c.status,
            }
            for c in cases.order_by("infraction_on", "pk")
        ),
    ]


def platform_case_decide(
    *,
    actor: Actor,
    municipality: Municipality,
    case: PlatformCase,
    uphold: bool,
    text: str,
    on: dt.date | None = None,
) -> PlatformCase:
    """The competent person decides the proposal (D-3): upheld only when the law core allows the
    penalty (after the defence period or with the defence judged; not on a first occurrence)."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.suspend",
        law=apps_law(municipality),
    )
    if not text.strip():
        raise field_error("text", "Fundamente a decisão.")
    on = on or today()
    refused: Decision | None = None
    with transaction.atomic(), tenant(municipality):
        c = PlatformCase.objects.select_for_update().get(pk=case.pk)
        if c.status != PlatformCase.Status.OPEN:
            raise PlatformError("Processo já decidido.", status=409)
        p = Platform.objects.select_for_update().get(pk=c.platform_id)
        decision = bound_law(municipality, on).ask(
            "penalty",
            {
                "offender": "platform",
                "penalty": c.kind,
                "infraction_on": c.infraction_on.isoformat(),
                "occurrences": _occurrences(p, c.infraction_on),
                "defence_notice_on": c.notice_on.isoformat(),
                "defence_judged": c.defence_filed_at is not None,
            },
        )
        freed = 0
        if uphold and not decision.outcome["allowed"]:
            refused = decision
        else:
            c.status = PlatformCase.Status.UPHELD if uphold else PlatformCase.Status.REJECTED
            c.decided_by = actor.user
            c.decided_at = timezone.now()
            c.decision_text = text.strip()
            c.decision = {**c.decision, "penalty": decision.to_json()}
            c.save()
            if uphold:
                old = p.status
                if c.kind == PlatformCase.Kind.SUSPENSION:
                    p.status = Platform.Status.SUSPENDED
                    p.suspended_until = on + dt.timedelta(days=int(c.suspension_days or 0))
                else:
                    p.status = Platform.Status.CANCELLED
                    p.suspended_until = None
                    # A cancelled credential is final (art. 26 IV): its drivers no longer hold a
                    # place in the municipality's 500 (art. 3 §2).
                    freed = PlatformDriver.objects.filter(
                        platform=p, status=PlatformDriver.Status.ENABLED
                    ).update(status=PlatformDriver.Status.DISABLED, disabled_at=timezone.now())
                p.save(update_fields=["status", "suspended_until"])
                PlatformStatusChange.objects.create(
                    platform=p,
                    old_status=old,
                    new_status=p.status,
                    changed_by=actor.user,
                    reason=c.get_kind_display(),
                    case=c,
                    decision=decision.to_json(),
                )
            record_act(
                municipality=municipality,
                actor=actor,
                action="platform.case.decide",
                obj=c,
                new={
                    "status": c.status,
                    "platform_status": p.status,
                    "suspended_until": p.suspended_until,
                    "drivers_disabled": freed,
                },
                basis=basis_many([decision]),
            )
    if refused is not None:
        raise PlatformError(
            f"A penalidade não pode ser aplicada agora: {refused.summary}",
            status=422,
            decisions=[refused],
        )
    return c


def platform_reinstate_after_suspension(
    *, municipality: Municipality, platform: Platform, on: dt.date
) -> bool:
    """The suspension ends on its last day; from the next the platform operates again."""
    with transaction.atomic(), tenant(municipality):
        p = Platform.objects.select_for_update().get(pk=platform.pk)
        if p.status != Platform.Status.SUSPENDED or p.suspended_until is None:
            return False
        if on <= p.suspended_until:
            return False
        p.status = Platform.Status.CREDENTIALED
        ended = p.suspended_until
        p.suspended_until = None
        p.save(update_fields=["status", "suspended_until"])
        PlatformStatusChange.objects.create(
            platform=p,
            old_status=Platform.Status.SUSPENDED,
            new_status=p.status,
            reason=f"fim da suspensão em {ended:%d/%m/%Y}",
        )
        record_act(
            municipality=municipality,
            actor=Actor.system("varredura diária"),
            action="platform.reinstate",
            obj=p,
            old={"status": "suspended", "suspended_until": ended},
            new={"status": p.status},
        )
    return True


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


def _doc(present: bool, valid_until: dt.date | None = None, negative: bool | None = None) -> Any:
    if not present:
        return None
    out: dict[str, Any] = {}
    if valid_until is not None:
        out["valid_until"] = valid_until.isoformat()
    if negative is not None:
        out["negative"] = negative
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
            # A platform declaring the certificate says it is negative (certidão negativa).
            "criminal_certificate": _doc(data.criminal_certificate, negative=True),
            "municipal_debt_certificate": _doc(data.debt_clearance, negative=True),
            "inss_registration": _doc(data.inss),
        }
    )
    vehicle = _drop_none(
        {
            "kind": kind,
            "wheels": wheels,
            "manufacture_year": data.vehicle_manufacture_year,
            "crlv": _doc(data.crlv, data.crlv_valid_until),
            "app_insurance": _doc(data.app_insurance, data.app_insurance_valid_until),
            "dpvat": _doc(data.dpvat),
        }
    )
    return driver, vehicle


def _cnh_categories(law: BoundLaw) -> list[str]:
    """The CNH categories the law's driver facts take (its question's facts schema)."""
    schema = law.question("driver_eligibility").facts_schema
    return list(schema["properties"]["cnh"]["properties"]["category"]["enum"])


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
                "erro": "regime tributário do motorista: 'mei' (microempreendedor individual) ou "
                "'autonomo' (profissional autônomo pessoa física) — "
                + interfaces.cited_once(law.law, "driver_tax_regime"),
            }
        )
    if errors:
        raise PlatformError("Dados do motorista inválidos.", errors=errors)
    from dataclasses import replace

    return replace(data, cpf=cpf, vehicle_plate=plate, cnh_category=category)


def enabled_roster(platform: Platform | None = None) -> int:
    qs = PlatformDriver.objects.filter(status=PlatformDriver.Status.ENABLED)
    if platform is not None:
        qs = qs.filter(platform=platform)
    return qs.count()


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
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.data.submit",
        law=apps_law(municipality),
    )
    on = on or today()
    data = _validate_driver(data, bound_law(municipality, on))
    driver_facts_, vehicle_facts = driver_facts(data)
    with transaction.atomic(), tenant(municipality):
        _lock_municipality(municipality)
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
        decisions = [
            bound_law(municipality, on).ask("driver_eligibility", driver_facts_),
            bound_law(municipality, on).ask("vehicle_eligibility", vehicle_facts),
        ]
        if all(d.outcome == "ok" for d in decisions):
            decisions.append(
                bound_law(municipality, on).ask(
                    "roster_capacity",
                    {
                        "platform_credentialed": p.status == Platform.Status.CREDENTIALED,
                        "platform_roster": enabled_roster(p),
                        "municipality_roster": enabled_roster(),
                    },
                )
            )
        ok = all(d.outcome == "ok" for d in decisions)
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
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.data.submit",
        law=apps_law(municipality),
    )
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


# --- fares (art. 5–10) ----------------------------------------------------------------------------


def fare_table_publish(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    base_fare_cents: int,
    per_km_cents: int,
    per_minute_cents: int,
    extras: list[dict[str, Any]],
    dynamic_max_percent: Decimal | None,
    valid_from: dt.date | None = None,
    on: dt.date | None = None,
) -> tuple[FareTable, Decision]:
    """Publish a fare table (art. 6), checked against the limits (art. 7) and the dynamic ceiling
    (art. 9). Refused tables are kept in the history too."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.data.submit",
        law=apps_law(municipality),
    )
    on = on or today()
    valid_from = valid_from or on
    facts: dict[str, Any] = {
        "base_fare_cents": base_fare_cents,
        "per_km_cents": per_km_cents,
        "per_minute_cents": per_minute_cents,
        "extras": extras,
    }
    if dynamic_max_percent is not None:
        facts["dynamic_max_percent"] = format(Decimal(dynamic_max_percent).normalize(), "f")
    with transaction.atomic(), tenant(municipality):
        decision = bound_law(municipality, valid_from).ask("fare_publication", facts)
        status = {
            "ok": FareTable.Status.ACCEPTED,
            "pending": FareTable.Status.PENDING,
        }.get(decision.outcome, FareTable.Status.REFUSED)
        table = FareTable.objects.create(
            platform=platform,
            base_fare_cents=base_fare_cents,
            per_km_cents=per_km_cents,
            per_minute_cents=per_minute_cents,
            extras=extras,
            dynamic_max_percent=dynamic_max_percent,
            valid_from=valid_from,
            status=status,
            decision=decision.to_json(),
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.fare.publish",
            obj=table,
            outcome="refused" if status == FareTable.Status.REFUSED else "done",
            new={**facts, "valid_from": valid_from, "status": status},
            basis=basis_many([decision]),
        )
    return table, decision


# --- monthly reports (art. 16, D-8) ---------------------------------------------------------------


def body_digest(body: Mapping[str, Any]) -> str:
    return hashlib.sha256(canonical_json(body).encode()).hexdigest()


def _validate_report(body: Mapping[str, Any], on: dt.date) -> list[dict[str, Any]]:
    errors: list[dict[str, str]] = []
    year, month = int(body["year"]), int(body["month"])
    if not (1 <= month <= 12):
        errors.append({"campo": "month", "erro": "mês entre 1 e 12"})
    elif (year, month) >= (on.year, on.month):
        errors.append(
            {"campo": "month", "erro": "o relatório é de um mês encerrado (art. 16, decisão D-8)"}
        )
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
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.data.submit",
        law=apps_law(municipality),
    )
    key = idempotency_key.strip()
    if not key or len(key) > 100:
        raise field_error("Idempotency-Key", "Cabeçalho Idempotency-Key obrigatório (até 100).")
    digest = body_digest(body)
    on = on or today()
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
        drivers = _validate_report(body, on)
        year, month = int(body["year"]), int(body["month"])
        first = (
            MonthlyReport.objects.filter(platform=p, year=year, month=month)
            .order_by("version")
            .first()
        )
        decision = bound_law(municipality, on).ask(
            "monthly_report",
            {
                "year": year,
                "month": month,
                # The month's report was delivered when its first version arrived.
                "submitted_on": (first.submitted_on if first else on).isoformat(),
                "contents": {
                    "active_drivers": True,
                    "intermediation_revenue": "intermediation_revenue_cents" in body,
                    "trip_revenue_per_driver": all("trip_revenue_cents" in d for d in drivers),
                },
            },
        )
        last = MonthlyReport.objects.filter(platform=p, year=year, month=month).aggregate(
            v=Max("version")
        )["v"]
        version = (last or 0) + 1
        roster = set(PlatformDriver.objects.filter(platform=p).values_list("cpf", flat=True))
        warnings = [
            f"CPF {mask_cpf(str(d['cpf']))} não consta do cadastro da plataforma no Município."
            for d in drivers
            if str(d["cpf"]) not in roster
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


# --- complaints (art. 11 III, art. 15) ------------------------------------------------------------


def _protocol(on: dt.date) -> str:
    return f"R{on:%Y%m%d}-{secrets.token_hex(3).upper()}"


def _complaint_create(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    source: str,
    description: str,
    filed_on: dt.date,
    complainant_name: str = "",
    complainant_contact: str = "",
    occurred_on: dt.date | None = None,
    platform_reference: str = "",
) -> Complaint:
    if not description.strip():
        raise field_error("description", "Descreva a reclamação.")
    with transaction.atomic(), tenant(municipality):
        decision = bound_law(municipality, filed_on).ask(
            "complaint_deadline", {"filed_on": filed_on.isoformat()}
        )
        complaint = Complaint.objects.create(
            platform=platform,
            protocol=_protocol(filed_on),
            source=source,
            platform_reference=platform_reference,
            complainant_name=complainant_name.strip(),
            complainant_contact=complainant_contact.strip(),
            occurred_on=occurred_on,
            description=description.strip(),
            filed_on=filed_on,
            deadline=decision.outcome["deadline"],
            decision=decision.to_json(),
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="complaint.file",
            obj=complaint,
            new={
                "platform": platform.pk,
                "source": source,
                "protocol": complaint.protocol,
                "deadline": complaint.deadline,
            },
            basis=basis_many([decision]),
        )
    return complaint


def complaint_file_public(
    *,
    municipality: Municipality,
    platform: Platform,
    description: str,
    complainant_name: str = "",
    complainant_contact: str = "",
    occurred_on: dt.date | None = None,
    ip: str | None = None,
    on: dt.date | None = None,
) -> Complaint:
    """A user's complaint on the public form (art. 11 III); no login."""
    if platform.status != Platform.Status.CREDENTIALED:
        raise field_error("platform", "Escolha uma plataforma credenciada.")
    return _complaint_create(
        actor=Actor(None, "publico", "formulário público", ip),
        municipality=municipality,
        platform=platform,
        source=Complaint.Source.PUBLIC,
        description=description,
        filed_on=on or today(),
        complainant_name=complainant_name,
        complainant_contact=complainant_contact,
        occurred_on=occurred_on,
    )


def complaint_forward(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    description: str,
    filed_on: dt.date,
    platform_reference: str = "",
    occurred_on: dt.date | None = None,
    on: dt.date | None = None,
) -> Complaint:
    """A platform forwards a complaint its channel received (art. 11 III); the deadline counts from
    the day the user filed it with the platform (art. 15)."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.data.submit",
        law=apps_law(municipality),
    )
    if filed_on > (on or today()):
        raise field_error("filed_on", "Data de registro no futuro.")
    return _complaint_create(
        actor=actor,
        municipality=municipality,
        platform=platform,
        source=Complaint.Source.PLATFORM,
        description=description,
        filed_on=filed_on,
        platform_reference=platform_reference,
        occurred_on=occurred_on,
    )


def complaint_answer(
    *,
    actor: Actor,
    municipality: Municipality,
    complaint: Complaint,
    answer: str,
    on: dt.date | None = None,
) -> tuple[Complaint, Decision]:
    """The platform answers (art. 15); the law core says whether it answered in time."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="complaint.answer",
        law=apps_law(municipality),
    )
    if not answer.strip():
        raise field_error("answer", "A resposta não pode ser vazia.")
    on = on or today()
    with transaction.atomic(), tenant(municipality):
        c = Complaint.objects.select_for_update().get(pk=complaint.pk)
        if c.status == Complaint.Status.ANSWERED:
            raise PlatformError("Reclamação já respondida.", status=409)
        decision = bound_law(municipality, on).ask(
            "complaint_deadline",
            {"filed_on": c.filed_on.isoformat(), "answered_on": on.isoformat()},
        )
        c.status = Complaint.Status.ANSWERED
        c.answer = answer.strip()
        c.answered_at = timezone.now()
        c.answered_on = on
        c.decision = decision.to_json()
        c.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="complaint.answer",
            obj=c,
            old={"status": "open"},
            new={"status": c.status, "answered_on": on, "result": decision.outcome["status"]},
            basis=basis_many([decision]),
        )
    return c, decision


# --- penalties (art. 26 I–II, D-5) ----------------------------------------------------------------


def _platform_debtor(*, actor: Actor, municipality: Municipality, platform: Platform) -> Any:
    """The platform as the legal person (its CNPJ) the finance ledger charges. The registry's row
    for that CNPJ is reused; when there is none, it is created from the credential's data."""
    from outorga.registry.models import Person

    person = Person.objects.filter(document=platform.cnpj).first()
    if person is not None:
        return person
    person = Person.objects.create(
        kind=Person.Kind.LEGAL,
        document=platform.cnpj,
        name=platform.name,
        address=platform.address,
        phone=platform.contact_phone,
        email=platform.contact_email,
    )
    record_act(
        municipality=municipality,
        actor=actor,
        action="person.create",
        obj=person,
        new={"kind": person.kind, "document": person.document, "name": person.name},
        extra={"origem": f"plataforma credenciada {platform.pk}"},
    )
    return person


def _fine_debt(
    *, actor: Actor, municipality: Municipality, penalty: PlatformPenalty, on: dt.date
) -> Any:
    """The fine as a debt of the platform in the finance ledger, inside the penalty's transaction
    (whose competence was checked): the amount the law core converted at the UPFBG in force on
    the day the fine is imposed (art. 26, II; decision D-5). It awaits the penalty's finality
    (D-1): :func:`_penalty_make_final` clears the flag, an upheld appeal cancels or refunds it."""
    from outorga.finance import services as ledger
    from outorga.finance.models import Debt

    p = penalty.platform
    units = format(Decimal(penalty.fine_upfbg or 0).normalize(), "f")
    decision = penalty.decision
    # The law sets no payment term: the municipality's, moved off a non-business day (D-4).
    due_on, due = ledger.fine_due_on(municipality=municipality, imposed_on=on)
    basis = {
        "law": apps_law(municipality),
        "citations": sorted(
            set(decision.get("citations", []))
            | {c.render() for c in due.citations}
            | {"decisão D-1", "decisão D-11"}
        ),
        "decision": decision,
        "due_date": due.to_json(),
        "platform_penalty": penalty.pk,
        "fine_upfbg": units,
    }
    description = (
        f"Multa de {units} UPFBG à plataforma {p.name} ({cited(municipality, 'fine', on=on)})"
    )
    return ledger.debt_create_in_transaction(
        actor=actor,
        municipality=municipality,
        person=_platform_debtor(actor=actor, municipality=municipality, platform=p),
        origin=Debt.Origin.FINE,
        description=description[:200],
        amount_cents=int(penalty.amount_cents or 0),
        due_on=due_on,
        basis=basis,
        # Payable at once, but final only with the penalty: not while the appeal period is open
        # or an appeal pending (D-1), so it neither turns final by its due date nor blocks (D-11).
        awaiting_finality=True,
    )


def platform_penalty_impose(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    kind: str,
    infraction_on: dt.date,
    description: str,
    reasoning: str,
    defence_notice_on: dt.date,
    defence_judged: bool,
    fine_upfbg: Decimal | None = None,
    on: dt.date | None = None,
) -> tuple[PlatformPenalty, Decision]:
    """Warning or fine on a platform: the law core checks the first-occurrence warning (art. 26 I),
    the fine's maximum and converts it to reais at the UPFBG in force (art. 26 II, D-5), and due
    process (sole paragraph)."""
    if kind not in PlatformPenalty.Kind.values:
        raise field_error("kind", "Penalidade deve ser advertência ou multa.")
    action = "penalty.warning" if kind == PlatformPenalty.Kind.WARNING else "penalty.fine"
    authorize(actor=actor, municipality=municipality, action=action, law=apps_law(municipality))
    if not reasoning.strip():
        raise field_error("reasoning", "Fundamente a penalidade.")
    on = on or today()
    facts: dict[str, Any] = {
        "offender": "platform",
        "penalty": kind,
        "infraction_on": infraction_on.isoformat(),
        "defence_notice_on": defence_notice_on.isoformat(),
        "defence_judged": defence_judged,
    }
    if kind == PlatformPenalty.Kind.FINE:
        if fine_upfbg is None:
            raise field_error("fine_upfbg", "Informe o valor da multa em UPFBG.")
        facts["fine_upfbg"] = format(Decimal(fine_upfbg).normalize(), "f")
    refused: Decision | None = None
    with transaction.atomic(), tenant(municipality):
        p = Platform.objects.select_for_update().get(pk=platform.pk)
        facts["occurrences"] = _occurrences(p, infraction_on)
        decision = bound_law(municipality, on).ask("penalty", facts)
        if not decision.outcome["allowed"]:
            refused = decision
            record_act(
                municipality=municipality,
                actor=actor,
                action=action,
                obj=p,
                outcome="refused",
                new={"kind": kind, "fine_upfbg": facts.get("fine_upfbg")},
                basis=basis_many([decision]),
            )
        else:
            penalty = PlatformPenalty.objects.create(
                platform=p,
                kind=kind,
                infraction_on=infraction_on,
                description=description.strip(),
                reasoning=reasoning.strip(),
                fine_upfbg=decision.outcome["fine_upfbg"],
                amount_cents=decision.outcome["amount_cents"],
                defence_notice_on=defence_notice_on,
                defence_judged=defence_judged,
                imposed_on=on,
                imposed_by=actor.user,
                decision=decision.to_json(),
            )
            if penalty.amount_cents:
                penalty.debt = _fine_debt(
                    actor=actor, municipality=municipality, penalty=penalty, on=on
                )
                penalty.save(update_fields=["debt"])
            record_act(
                municipality=municipality,
                actor=actor,
                action=action,
                obj=penalty,
                new={
                    "platform": p.pk,
                    "kind": kind,
                    "fine_upfbg": penalty.fine_upfbg,
                    "amount_cents": penalty.amount_cents,
                    "debt": penalty.debt.reference if penalty.debt else None,
                },
                basis=basis_many([decision]),
            )
    if refused is not None:
        raise PlatformError(
            f"Penalidade não aplicada: {refused.summary}", status=422, decisions=[refused]
        )
    return penalty, decision


# --- after the penalty: notice, appeal, finality (art. 26 sole paragraph; D-1, D-4, D-17) ---------

SWEEP_ACTOR = Actor.system("varredura diária")


def _imposed_on(x: PlatformPenalty) -> dt.date:
    return x.imposed_on or timezone.localdate(x.imposed_at)


def _penalty_make_final(
    *, actor: Actor, municipality: Municipality, penalty: PlatformPenalty, finality: Decision
) -> None:
    """D-1: the penalty is final (appeal period lapsed without appeal, or appeal dismissed); the
    fine's debt no longer awaits it and is final like any other debt (D-11). Inside the caller's
    transaction, with ``penalty`` locked."""
    from outorga.finance import services as ledger

    old = penalty.status
    penalty.status = PlatformPenalty.Status.FINAL
    penalty.final_on = finality.outcome["final_on"]
    penalty.procedure = {**penalty.procedure, "finality": finality.to_json()}
    penalty.save(update_fields=["status", "final_on", "procedure"])
    basis = basis_many([finality])
    if penalty.debt is not None:
        ledger.debt_make_final_in_transaction(
            actor=actor,
            municipality=municipality,
            debt=penalty.debt,
            reason=f"penalidade {penalty.pk} definitiva: {finality.summary}",
            basis=basis,
        )
    record_act(
        municipality=municipality,
        actor=actor,
        action="penalty.final",
        obj=penalty,
        old={"status": old},
        new={"status": penalty.status, "final_on": penalty.final_on},
        basis=basis,
    )


def platform_penalty_notice_record(
    *,
    actor: Actor,
    municipality: Municipality,
    penalty: PlatformPenalty,
    notice_on: dt.date,
    channel: str,
    on: dt.date | None = None,
) -> PlatformPenalty:
    """The decision imposing a warning or fine reached the platform on ``notice_on`` — personal
    delivery: the signature date; post: the AR's date; Diário Oficial or edital: the publication
    date (decision D-4). The appeal period runs from it (art. 26 sole paragraph; D-17 default 10
    days, Lei 9.784/1999 art. 59). A notice recorded after the period already lapsed makes the
    penalty final at once (D-1)."""
    authorize(
        actor=actor, municipality=municipality, action="notice.record", law=apps_law(municipality)
    )
    if channel not in PlatformPenalty.NoticeChannel.values:
        raise field_error("channel", "Meio da notificação: entrega pessoal, AR ou publicação.")
    on = on or today()
    if notice_on > on:
        raise field_error("notice_on", "A data da notificação não pode estar no futuro.")
    with transaction.atomic(), tenant(municipality):
        x = (
            PlatformPenalty.objects.select_for_update(of=("self",))
            .select_related("debt")
            .get(pk=penalty.pk)
        )
        if x.status != PlatformPenalty.Status.AWAITING_NOTICE:
            if PlatformPenaltyAppeal.objects.filter(penalty=x).exists():
                raise PlatformError(
                    "A plataforma já recorreu: o comparecimento supre a notificação (Lei "
                    "9.784/1999, art. 26, §5º; decisão D-17).",
                    status=409,
                )
            raise PlatformError(
                f"Notificação já registrada em {x.decision_notice_on:%d/%m/%Y}.", status=409
            )
        if notice_on < _imposed_on(x):
            raise field_error(
                "notice_on",
                f"A notificação não pode ser anterior à decisão ({_imposed_on(x):%d/%m/%Y}).",
            )
        finality = bound_law(municipality, on).ask(
            "penalty_finality", {"decision_notice_on": notice_on.isoformat(), "appeal": "none"}
        )
        x.decision_notice_on = notice_on
        x.decision_notice_channel = channel
        x.decision_notice_recorded_by = actor.user
        x.appeal_until = finality.outcome["appeal_until"]
        x.status = PlatformPenalty.Status.APPEAL_PERIOD
        x.procedure = {**x.procedure, "notice": finality.to_json()}
        x.save(
            update_fields=[
                "decision_notice_on",
                "decision_notice_channel",
                "decision_notice_recorded_by",
                "appeal_until",
                "status",
                "procedure",
            ]
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="notice.record",
            obj=x,
            old={"status": PlatformPenalty.Status.AWAITING_NOTICE},
            new={
                "status": x.status,
                "notice_on": notice_on,
                "channel": channel,
                "appeal_until": x.appeal_until,
            },
            basis=basis_many([finality]),
        )
        if finality.outcome["final"]:
            _penalty_make_final(
                actor=actor, municipality=municipality, penalty=x, finality=finality
            )
    return x


def platform_penalty_appeal_file(
    *,
    actor: Actor,
    municipality: Municipality,
    penalty: PlatformPenalty,
    text: str,
    channel: str,
    filed_on: dt.date | None = None,
    on: dt.date | None = None,
) -> PlatformPenaltyAppeal:
    """The platform appeals against a warning or fine (art. 26 sole paragraph): through the API
    (filed today) or on paper, recorded by the authority with the protocol date. The law core
    says whether it is in time (regulation, else Lei 9.784/1999 art. 59: 10 days from the notice
    of the decision; D-4 counting; D-17); a late appeal is refused citing it (art. 63, I) and
    only the refusal's act remains. In time: the penalty is under appeal and the fine's debt
    contested — it blocks nothing (D-11) — until the judgment."""
    authorize(
        actor=actor, municipality=municipality, action="defence.file", law=apps_law(municipality)
    )
    if channel not in PlatformPenaltyAppeal.Channel.values:
        raise field_error("channel", "Meio do recurso: API ou papel.")
    if not text.strip():
        raise field_error("text", "Apresente as razões do recurso.")
    on = on or today()
    filed_on = on if channel == PlatformPenaltyAppeal.Channel.API else (filed_on or on)
    if filed_on > on:
        raise field_error("filed_on", "A data de apresentação não pode estar no futuro.")
    refused: Decision | None = None
    with transaction.atomic(), tenant(municipality):
        x = (
            PlatformPenalty.objects.select_for_update(of=("self",))
            .select_related("debt")
            .get(pk=penalty.pk)
        )
        existing = PlatformPenaltyAppeal.objects.filter(penalty=x).first()
        if existing is not None:
            raise PlatformError(
                f"Já há recurso contra esta penalidade, apresentado em "
                f"{existing.filed_on:%d/%m/%Y}.",
                status=409,
                obj_id=existing.pk,
            )
        if filed_on < _imposed_on(x):
            raise field_error(
                "filed_on",
                f"O recurso não pode ser anterior à decisão ({_imposed_on(x):%d/%m/%Y}).",
            )
        facts: dict[str, Any] = {"filed_on": filed_on.isoformat()}
        if x.decision_notice_on is not None:
            facts["decision_notice_on"] = x.decision_notice_on.isoformat()
        decision = bound_law(municipality, on).ask("penalty_appeal", facts)
        if not decision.outcome["timely"]:
            refused = decision
            record_act(
                municipality=municipality,
                actor=actor,
                action="penalty.appeal.file",
                obj=x,
                outcome="refused",
                new={"filed_on": filed_on, "channel": channel},
                basis=basis_many([decision]),
            )
        else:
            appeal = PlatformPenaltyAppeal.objects.create(
                penalty=x,
                channel=channel,
                text=text.strip(),
                filed_on=filed_on,
                filed_by=actor.user,
                filed_by_name=actor.name[:120],
                deadline=decision.outcome["appeal_until"],
                judge_until=decision.outcome["judge_until"],
                admission=decision.to_json(),
            )
            old = x.status
            # A paper appeal protocolled in time but recorded after the sweep saw the period lapse:
            # the penalty was never final (D-1), so it is under appeal again.
            x.status = PlatformPenalty.Status.UNDER_APPEAL
            x.final_on = None
            x.save(update_fields=["status", "final_on"])
            basis = basis_many([decision])
            if x.debt is not None:
                from outorga.finance import services as ledger

                ledger.debt_contest_in_transaction(
                    actor=actor,
                    municipality=municipality,
                    debt=x.debt,
                    reason=f"recurso contra a penalidade {x.pk} "
                    f"({cited(municipality, 'penalties')})",
                    basis=basis,
                )
            record_act(
                municipality=municipality,
                actor=actor,
                action="penalty.appeal.file",
                obj=appeal,
                old={"penalty_status": old},
                new={
                    "penalty": x.pk,
                    "channel": channel,
                    "filed_on": filed_on,
                    "deadline": appeal.deadline,
                    "judge_until": appeal.judge_until,
                    "penalty_status": x.status,
                },
                basis=basis,
            )
    if refused is not None:
        raise PlatformError(
            f"Recurso não conhecido: {refused.summary}", status=422, decisions=[refused]
        )
    return appeal


def platform_penalty_appeal_judge(
    *,
    actor: Actor,
    municipality: Municipality,
    appeal: PlatformPenaltyAppeal,
    upheld: bool,
    reasoning: str,
    on: dt.date | None = None,
) -> PlatformPenaltyAppeal:
    """The competent authority judges the appeal (``appeal.executive.judge``: the superior
    authority, Lei 9.784/1999 art. 56 §1 by default, D-17) in a reasoned decision (art. 50, V).
    Upheld: the penalty is annulled and the fine falls — its debt cancelled, or refunded when
    already paid (finance's refund). Dismissed: the penalty is final and so is its debt (D-1)."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="appeal.executive.judge",
        law=apps_law(municipality),
    )
    if not reasoning.strip():
        raise field_error(
            "reasoning",
            "Fundamente o julgamento, com os fatos e os fundamentos jurídicos (Lei 9.784/1999, "
            "art. 50, V; decisão D-17).",
        )
    on = on or today()
    with transaction.atomic(), tenant(municipality):
        a = PlatformPenaltyAppeal.objects.select_for_update().get(pk=appeal.pk)
        x = (
            PlatformPenalty.objects.select_for_update(of=("self",))
            .select_related("debt")
            .get(pk=a.penalty_id)
        )
        if a.result != PlatformPenaltyAppeal.Result.PENDING:
            raise PlatformError("Recurso já julgado.", status=409)
        if on < a.filed_on:
            raise field_error("on", "O julgamento não pode ser anterior ao recurso.")
        facts: dict[str, Any] = {
            "appeal": "upheld" if upheld else "dismissed",
            "appeal_judged_on": on.isoformat(),
        }
        if x.decision_notice_on is not None:
            facts["decision_notice_on"] = x.decision_notice_on.isoformat()
        finality = bound_law(municipality, on).ask("penalty_finality", facts)
        a.result = (
            PlatformPenaltyAppeal.Result.UPHELD
            if upheld
            else PlatformPenaltyAppeal.Result.DISMISSED
        )
        a.judged_by, a.judged_on, a.judged_at = actor.user, on, timezone.now()
        a.reasoning = reasoning.strip()
        a.judgment = finality.to_json()
        a.save(
            update_fields=["result", "judged_by", "judged_on", "judged_at", "reasoning", "judgment"]
        )
        basis = basis_many([finality], extra=_judge_citations(municipality))
        record_act(
            municipality=municipality,
            actor=actor,
            action="appeal.executive.judge",
            obj=a,
            old={"result": PlatformPenaltyAppeal.Result.PENDING},
            new={"penalty": x.pk, "result": a.result, "reasoning": a.reasoning},
            basis=basis,
        )
        if upheld:
            _penalty_annul(actor=actor, municipality=municipality, penalty=x, appeal=a, on=on)
        else:
            _penalty_make_final(
                actor=actor, municipality=municipality, penalty=x, finality=finality
            )
    return a


def _judge_citations(municipality: Municipality) -> tuple[Citation, ...]:
    from outorga.law.competence import competence

    comp = competence(apps_law(municipality), "appeal.executive.judge")
    return comp.citations if comp else ()


def _penalty_annul(
    *,
    actor: Actor,
    municipality: Municipality,
    penalty: PlatformPenalty,
    appeal: PlatformPenaltyAppeal,
    on: dt.date,
) -> None:
    """Appeal upheld: the penalty is annulled (it no longer counts as an occurrence, art. 26 I) and
    the fine falls — cancelled while owed, refunded when paid (finance's refund, which the judge's
    competence allows). Inside the judgment's transaction."""
    from outorga.finance import services as ledger
    from outorga.finance.models import Debt
    from outorga.finance.payments import refund_for_upheld_defence

    old = penalty.status
    penalty.status = PlatformPenalty.Status.ANNULLED
    penalty.final_on = None
    penalty.procedure = {**penalty.procedure, "finality": appeal.judgment}
    penalty.save(update_fields=["status", "final_on", "procedure"])
    why = f"recurso provido contra a penalidade {penalty.pk} ({cited(municipality, 'penalties')})"
    basis = {"citations": list(appeal.judgment.get("citations", [])), "appeal": appeal.pk}
    debt_after = None
    if penalty.debt_id is not None:
        debt = Debt.objects.select_for_update().get(pk=penalty.debt_id)
        if debt.status == Debt.Status.PAID:
            refund_for_upheld_defence(
                actor=actor,
                municipality=municipality,
                debt=debt,
                decision=appeal,
                related=[],
                on=on,
            )
        else:
            ledger.debt_cancel_in_transaction(
                actor=actor, municipality=municipality, debt=debt, reason=why, basis=basis
            )
        debt.refresh_from_db(fields=["status"])
        debt_after = debt.status
    record_act(
        municipality=municipality,
        actor=actor,
        action="penalty.annul",
        obj=penalty,
        old={"status": old},
        new={"status": penalty.status, "appeal": appeal.pk, "debt_status": debt_after},
        basis=basis,
    )


def platform_penalty_finalize_lapsed(
    *, municipality: Municipality, penalty: PlatformPenalty, on: dt.date
) -> bool:
    """Daily sweep: a penalty whose appeal period ended before ``on`` without appeal is final
    (D-1), and so is its fine's debt. Idempotent: anything else is left as it is."""
    with transaction.atomic(), tenant(municipality):
        x = (
            PlatformPenalty.objects.select_for_update(of=("self",))
            .select_related("debt")
            .get(pk=penalty.pk)
        )
        if x.status != PlatformPenalty.Status.APPEAL_PERIOD or x.decision_notice_on is None:
            return False
        if PlatformPenaltyAppeal.objects.filter(penalty=x).exists():
            return False
        finality = bound_law(municipality, on).ask(
            "penalty_finality",
            {"decision_notice_on": x.decision_notice_on.isoformat(), "appeal": "none"},
        )
        if not finality.outcome["final"]:
            return False
        _penalty_make_final(
            actor=SWEEP_ACTOR, municipality=municipality, penalty=x, finality=finality
        )
    return True


# --- infraction candidates (art. 3 §2, art. 15, art. 16) ------------------------------------------


def infraction_candidate_record(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    kind: str,
    key: str,
    on: dt.date,
    summary: str,
    decision: Mapping[str, Any],
    refresh: bool = False,
) -> tuple[InfractionCandidate, bool]:
    """List a fact for the authority, who decides whether to open a case (D-3). One row and one
    act per fact (``platform``, ``kind``, ``key``), however often it is found again. With
    ``refresh``, a fact measured again with other figures (a new file of the same month) keeps its
    row and takes the new summary and trace, with an act of its own."""
    cites = sorted(set(decision.get("citations", [])))
    with transaction.atomic(), tenant(municipality):
        cand, created = InfractionCandidate.objects.get_or_create(
            platform=platform,
            kind=kind,
            key=key,
            defaults={"detected_on": on, "summary": summary[:300], "decision": dict(decision)},
        )
        if created:
            record_act(
                municipality=municipality,
                actor=actor,
                action="platform.candidate.detect",
                obj=cand,
                new={"platform": platform.pk, "kind": kind, "key": key},
                basis={"citations": cites, "decision": dict(decision)},
            )
        elif refresh and (cand.summary != summary[:300] or cand.withdrawn_on is not None):
            old = cand.summary
            cand.summary, cand.decision = summary[:300], dict(decision)
            cand.withdrawn_on, cand.withdrawn_reason = None, ""
            cand.save(update_fields=["summary", "decision", "withdrawn_on", "withdrawn_reason"])
            record_act(
                municipality=municipality,
                actor=actor,
                action="platform.candidate.update",
                obj=cand,
                old={"summary": old},
                new={"summary": cand.summary},
                basis={"citations": cites, "decision": dict(decision)},
            )
    return cand, created


def concurrency_candidate_record(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    month: dt.date,
    peak: int,
    peak_at: dt.datetime | None,
    source: str,
    decision: Mapping[str, Any],
    on: dt.date | None = None,
) -> tuple[InfractionCandidate, bool]:
    """D-9 (b): the month's peak of drivers online at the same instant, measured from the
    platform's sessions (or trips), exceeded the cap of art. 3, §2 — the law core said so in
    ``decision`` (``apps.concurrency_month``). Listed for the authority; never a penalty by
    itself (art. 26, parágrafo único; D-3)."""
    refused = [r for r in decision.get("reasons", []) if r.get("verdict") == "refused"]
    why = refused[0]["message"] if refused else decision.get("summary", "")
    # ``peak_at`` comes in the municipality's local time (the caller knows its time zone).
    when = f" em {peak_at:%d/%m/%Y às %H:%M}" if peak_at is not None else ""
    origin = "sessões" if source == "sessions" else "corridas"
    summary = (
        f"{month:%m/%Y}: {why} Pico medido{when} a partir das {origin} "
        f"({cited(municipality, 'concurrent_drivers_cap', on=month)})."
    )
    return infraction_candidate_record(
        actor=actor,
        municipality=municipality,
        platform=platform,
        kind=InfractionCandidate.Kind.CONCURRENT_PEAK,
        key=f"{month:%Y-%m}",
        on=on or today(),
        summary=summary,
        decision={**decision, "peak": peak, "peak_at": peak_at.isoformat() if peak_at else None},
        refresh=True,
    )


def concurrency_candidate_withdraw(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    month: dt.date,
    peak: int,
    source: str,
    decision: Mapping[str, Any],
    on: dt.date | None = None,
) -> InfractionCandidate | None:
    """D-9 (b) measured again: a later file of the month (sessions, the preferred source, or a
    corrected trips file) puts the peak back within the cap of art. 3, §2. The candidate listed
    earlier is marked withdrawn with the new figure and an act; it is not deleted, and a later
    file over the cap lists it again. Returns the withdrawn candidate, or None if there was none
    to withdraw."""
    origin = "sessões" if source == "sessions" else "corridas"
    reason = (
        f"{month:%m/%Y}: novo arquivo mediu pico de {peak} motorista(s) a partir das {origin}, "
        f"dentro do limite ({cited(municipality, 'concurrent_drivers_cap', on=month)})."
    )
    cites = sorted(set(decision.get("citations", [])))
    with transaction.atomic(), tenant(municipality):
        cand = (
            InfractionCandidate.objects.select_for_update()
            .filter(
                platform=platform,
                kind=InfractionCandidate.Kind.CONCURRENT_PEAK,
                key=f"{month:%Y-%m}",
                withdrawn_on__isnull=True,
            )
            .first()
        )
        if cand is None:
            return None
        cand.withdrawn_on, cand.withdrawn_reason = on or today(), reason[:300]
        cand.save(update_fields=["withdrawn_on", "withdrawn_reason"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.candidate.withdraw",
            obj=cand,
            old={"summary": cand.summary},
            new={"withdrawn_on": cand.withdrawn_on.isoformat(), "reason": cand.withdrawn_reason},
            basis={"citations": cites, "decision": {**decision, "peak": peak}},
        )
    return cand


# --- court suspensions of this law's rules (D-16) -------------------------------------------------


def suspendable_rules(m: Municipality, on: dt.date | None = None) -> dict[str, str]:
    """The rules of the law governing transport by app in ``m`` a court may suspend, as the
    rulebook names them, with a label (none where no law governs it)."""
    try:
        return interfaces.suspendable_rules(law_of(m, Service.APLICATIVO, on))
    except LawNotBound:
        return {}


def rule_suspension_record(
    *,
    actor: Actor,
    municipality: Municipality,
    rule: str,
    start: dt.date,
    reference: str,
    end: dt.date | None = None,
) -> RuleSuspension:
    """Record that a court suspended one of the law's rules from ``start`` (decision D-16); from
    that date the law core does not apply it and its decisions cite the suspension."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="rule.suspension.record",
        law=apps_law(municipality),
    )
    if rule not in suspendable_rules(municipality):
        raise field_error("rule", "Regra desconhecida ou que não pode ser suspensa.")
    if not reference.strip():
        raise field_error("reference", "Informe a decisão judicial (tribunal, processo, data).")
    if end is not None and end < start:
        raise field_error("end", "O fim não pode ser anterior ao início.")
    with transaction.atomic(), tenant(municipality):
        s = RuleSuspension.objects.create(
            rule=rule, start=start, end=end, reference=reference.strip()
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="rule.suspension.record",
            obj=s,
            new={"rule": rule, "start": start, "end": end, "reference": s.reference},
            basis={"citations": ["decisão D-16"]},
        )
    return s


def decision_json_text(decision: Mapping[str, Any]) -> str:
    return json.dumps(decision, ensure_ascii=False, indent=2)
