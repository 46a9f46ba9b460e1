"""Autos de infração (mototaxi art. 29–31; taxi art. 41 §1, §5, D-17): lavrar, with the written
warning where the law allows it, and cancel; and the auto a taxi penalty punishes, read again from
the records (art. 41 caput, D-1)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from outorga.core.acts import Actor, basis_of, law_refused, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.filestore import save_in_transaction
from outorga.core.lawseam import LawNotBound, cited_aside
from outorga.core.localtime import day_of, in_the_future, zone_of
from outorga.core.models import Municipality
from outorga.core.numbering import next_number
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import (
    answers,
    ask,
    catalog,
    fine,
    procedure,
    taxi_like,
    taxi_regulation_items,
)
from outorga.enforcement.models import Case, InfractionNotice, InfractionPhoto, Notice, Seizure
from outorga.enforcement.selectors import prontuario, taxi_items
from outorga.enforcement.services.common import (
    InvalidStep,
    basis_with_competence,
    photo_checked,
)
from outorga.enforcement.services.notices import notice_deliver_in_transaction
from outorga.law import interfaces
from outorga.law.decisions import Decision
from outorga.registry.models import Auxiliary, Permit, Person, Vehicle
from outorga.registry.validation import FieldError


def _law_of_permit(permit: Permit | None, law: str | None, on: dt.date) -> str:
    """The law the auto applies: the one bound to the permit's service on ``on``, the date of the
    fact (D-15) — not today's, which a later law may have replaced. A fact dated after the
    binding of the permit's service ended (none in force) is judged by no law: a refusal naming
    the service (ADR 0062)."""
    if permit is not None:
        try:
            return permit.law_on(on)
        except LawNotBound as exc:
            raise FieldError("serviço", str(exc)) from None
    if not law:
        raise FieldError("lei", "informe a lei (veículo sem permissão)")
    return law


# --- autos de infração (art. 29–30) --------------------------------------------------------------


def infraction_issue(
    *,
    actor: Actor,
    municipality: Municipality,
    code: str,
    committed_at: dt.datetime,
    place: str,
    description: str,
    agent_registration: str,
    plate: str = "",
    permit: Permit | None = None,
    law: str | None = None,
    committed_by: str = InfractionNotice.CommittedBy.HOLDER,
    auxiliary: Auxiliary | None = None,
    offender_name: str = "",
    offender_registration: str = "",
    offender_document: str = "",
    offender_signed: bool = False,
    refusal_certified: bool = False,
    witnesses: Sequence[str] = (),
    gps: tuple[float, float] | None = None,
    photos: Iterable[tuple[str, bytes]] = (),
    warning: bool = False,
    warning_fixable: bool = False,
    warning_harmless: bool = False,
    measures: Sequence[str] = (),
    measure_fixable_on_site: bool = False,
    measure_safe: bool = False,
) -> InfractionNotice:
    """Lavrar o auto de infração (mototaxi art. 29–30; taxi art. 41 §5, D-17): every field of art.
    30 I–X, the offender's signature (which is itself the notice, art. 30 X) or the agent's
    certification of refusal with two witnesses (art. 29 §3). The holder answers for the
    auxiliary (art. 31 §2): the auto counts on the permit either way. A written ``warning`` instead
    of the fine only where the law allows it (mototaxi art. 31 §3: ``warning_fixable`` and
    ``warning_harmless`` to safety and continuity; taxi art. 41 §1: a primary conduct,
    ``warning_harmless`` to the passengers' comfort and safety). Without a permit (mototaxi art.
    35; taxi art. 16) the offender is found in the registry by ``offender_document`` (CPF or
    CNPJ), and the case is theirs. The ``measures`` applied on the spot (taxi art. 42 I–III, VI)
    are judged by the law: retention only when ``measure_fixable_on_site`` and ``measure_safe``
    (§1)."""
    law = _law_of_permit(permit, law, day_of(municipality, committed_at))
    authorize(actor=actor, municipality=municipality, action="infraction.issue", law=law)
    assert actor.user is not None
    with tenant(municipality):
        committed_day = day_of(municipality, committed_at)
        kinds = {k.code: k for k in catalog(law, taxi_items(committed_day), committed_day)}
    unlicensed = procedure(law).unlicensed
    if code not in kinds and not (unlicensed and code == unlicensed.code):
        raise FieldError("infração", f"infração {code} não consta do catálogo da lei")
    future = in_the_future(municipality, committed_day, "a data do fato")
    if future:  # a mistyped year would date the auto, its notice and its defence period ahead
        raise FieldError("data", future)
    if not place.strip():
        raise FieldError("local", f"informe o local{cited_aside(law, 'auto_place')}")
    if not description.strip():
        raise FieldError(
            "descrição", f"descreva a ocorrência{cited_aside(law, 'auto_description')}"
        )
    if permit is None and committed_by != InfractionNotice.CommittedBy.UNLICENSED:
        committed_by = InfractionNotice.CommittedBy.UNLICENSED
    if committed_by == InfractionNotice.CommittedBy.AUXILIARY:
        if auxiliary is None or permit is None or auxiliary.permit_id != permit.pk:
            raise FieldError("condutor", "escolha o condutor auxiliar desta permissão")
    photo_rows = [(name, c, *photo_checked(c)) for name, c in photos]
    plate = (plate or (permit.vehicle.plate if permit and permit.vehicle else "")).upper()
    plate = plate.replace("-", "").replace(" ", "")
    if not plate:
        raise FieldError("placa", f"informe a placa{cited_aside(law, 'auto_plate')}")
    # The day of the fact on the municipality's clock: its law, its notice, its deadlines (D-4).
    committed_on = day_of(municipality, committed_at)
    holder = permit.holder if permit else None
    offender = None
    if permit is None:
        offender, offender_registration = _offender_by_document(
            municipality, offender_document, offender_registration
        )
        offender_name = offender_name or (offender.name if offender else "")
    if committed_by == InfractionNotice.CommittedBy.AUXILIARY and auxiliary is not None:
        offender_name = offender_name or auxiliary.person.name
        offender_registration = offender_registration or str(auxiliary.registration_number or "")
    elif committed_by == InfractionNotice.CommittedBy.HOLDER and holder is not None:
        offender_name = offender_name or holder.name
        offender_registration = offender_registration or str(permit.registration_number)  # type: ignore[union-attr]
    witnesses = [w.strip() for w in witnesses if w and w.strip()]
    warned = (
        _warning_check(
            actor=actor,
            municipality=municipality,
            law=law,
            code=code,
            committed_at=committed_at,
            permit=permit,
            plate=plate,
            committed_by=committed_by,
            auxiliary=auxiliary,
            fixable=warning_fixable,
            harmless=warning_harmless,
            document=offender_document if permit is None else "",
        )
        if warning
        else None
    )
    if warning:
        # The law said a warning may be given here; it is a penalty (taxi art. 41, I), written on
        # the auto only by a role the law gives it to — the mototaxi inspector (art. 31 §3),
        # never the taxi one (art. 46, D-17; ADR 0067), whose warning the authority applies on
        # the case (``auto_warning_apply``).
        authorize(actor=actor, municipality=municipality, action="penalty.warning", law=law)
    kind = kinds.get(code)
    facts: dict[str, Any] = {
        "holder_name": holder.name if holder else "",
        "permit_number": permit.number if permit else "",
        "plate": plate,
        "offender_identification": offender_name,
        "offender_registration": offender_registration,
        "provision": code,
        "place": place,
        "date": committed_on.isoformat(),
        "time": timezone.localtime(committed_at, zone_of(municipality)).strftime("%H:%M"),
        "description": description,
        "agent_signature": True,
        "agent_registration": agent_registration,
        "offender_signature": bool(offender_signed),
    }
    if permit is None:
        facts["unlicensed"] = True
    if refusal_certified or (witnesses and not offender_signed):
        facts["refusal"] = {"certified_by_agent": bool(refusal_certified), "witnesses": witnesses}
    check: Decision | None = None
    if answers(law, "infraction_notice"):
        check = ask(municipality, law, "infraction_notice", facts, committed_on)
        if not check.outcome["valid"]:
            raise Refused(check)
    elif not agent_registration.strip():
        raise FieldError("matrícula", "informe a matrícula do agente")
    judged_measures = (
        _measures_check(
            municipality=municipality,
            law=law,
            committed_on=committed_on,
            unlicensed=permit is None,
            measures=measures,
            fixable_on_site=measure_fixable_on_site,
            safe=measure_safe,
        )
        if measures
        else None
    )
    fine_preview: Decision | None = None
    seizure = False
    if kind is not None:
        _, fine_preview = (
            fine(municipality, law, code, committed_on, committed_on)
            if answers(law, "fine")
            else (0, None)
        )
        seizure = kind.seizure
    elif unlicensed is not None:
        kind, seizure = unlicensed, unlicensed.seizure
    with transaction.atomic(), tenant(municipality):
        auto = InfractionNotice.objects.create(
            number=f"AI-{next_number('auto'):06d}",
            law=law,
            infraction_code=code,
            infraction_description=kind.description if kind else "",
            severity=kind.severity if kind else "",
            provision=kind.citation if kind else "",
            penalty=InfractionNotice.Penalty.WARNING if warning else InfractionNotice.Penalty.FINE,
            permit=permit,
            vehicle=permit.vehicle if permit else Vehicle.objects.filter(plate=plate).first(),
            auxiliary=auxiliary if committed_by == InfractionNotice.CommittedBy.AUXILIARY else None,
            committed_by=committed_by,
            holder_name=holder.name if holder else "",
            permit_number=permit.number if permit else "",
            plate=plate,
            offender_name=offender_name,
            offender_registration=offender_registration,
            place=place.strip(),
            committed_at=committed_at,
            description=description.strip(),
            agent=actor.user,
            agent_name=actor.user.get_full_name() or actor.user.username,
            agent_registration=agent_registration.strip(),
            offender_signed=offender_signed,
            refusal_certified=refusal_certified,
            witness_1=witnesses[0] if witnesses else "",
            witness_2=witnesses[1] if len(witnesses) > 1 else "",
            gps_lat=round(gps[0], 6) if gps else None,
            gps_lon=round(gps[1], 6) if gps else None,
            seizure=seizure,
            measures=list(measures),
            decision=check.to_json() if check else {},
            fine_decision=fine_preview.to_json() if fine_preview else {},
        )
        for name, content, ctype, digest in photo_rows:
            photo = InfractionPhoto(auto=auto, content_type=ctype, sha256=digest, size=len(content))
            save_in_transaction(photo.file, f"{auto.number}-{digest[:12]}-{name[-40:]}", content)
            photo.save()
        case = Case.objects.create(
            number=f"PA-{next_number('processo'):06d}",
            law=law,
            auto=auto,
            permit=permit,
            person=holder or offender,
        )
        notice = Notice.objects.create(case=case, purpose=Notice.Purpose.AUTO, act_on=committed_on)
        record_act(
            municipality=municipality,
            actor=actor,
            action="infraction.issue",
            obj=auto,
            new={
                "number": auto.number,
                "code": code,
                "permit": permit.number if permit else None,
                "plate": plate,
                "committed_by": committed_by,
                "committed_at": committed_at.isoformat(),
                "photos": [d for *_, d in photo_rows],
                "case": case.number,
                "offender": offender.document if offender else None,
                "measures": list(measures),
            },
            basis=basis_of(
                check,
                more=[x for x in (fine_preview, warned, judged_measures) if x is not None],
            ),
        )
        if offender_signed:
            # Art. 30 X: the offender's signature on the auto is the personal notice (D-4).
            notice_deliver_in_transaction(
                actor, municipality, notice, "pessoal", committed_on, "assinatura no auto"
            )
    return auto


def _offender_by_document(
    municipality: Municipality, document: str, registration: str
) -> tuple[Person | None, str]:
    """The offender without a permit, by CPF or CNPJ (digits only; the registration number of art.
    30 V when nothing else is given): the registered person if any. An unregistered one keeps the
    document on the auto and is registered before a seizure charges them."""
    digits = "".join(c for c in document if c.isdigit())
    if document.strip() and len(digits) not in (11, 14):
        raise FieldError("CPF/CNPJ do infrator", "informe o CPF (11 dígitos) ou o CNPJ (14)")
    if not digits:
        return None, registration
    with tenant(municipality):
        person = Person.objects.filter(document=digits).first()
    return person, registration or digits


def offender_of(auto: InfractionNotice) -> Person | None:
    """Who answers for an auto's charges: the permit's holder (mototaxi art. 31 §2), else the
    person of its case, else the one registered since with the document written on the auto
    (art. 30 V). Read under the auto's tenant."""
    if auto.permit_id is not None:
        return auto.permit.holder  # type: ignore[union-attr]
    case = Case.objects.filter(auto=auto).select_related("person").first()
    if case is not None and case.person is not None:
        return case.person
    digits = "".join(c for c in auto.offender_registration if c.isdigit())
    return Person.objects.filter(document=digits).first() if digits else None


def _measures_check(
    *,
    municipality: Municipality,
    law: str,
    committed_on: dt.date,
    unlicensed: bool,
    measures: Sequence[str],
    fixable_on_site: bool,
    safe: bool,
) -> Decision:
    """The administrative measures applied with the auto, as the law allows them (taxi art. 42,
    §1: retention only when the irregularity can be fixed on the spot, safely); refused with the
    article otherwise."""
    known = interfaces.measures(law)
    if not answers(law, "measures") or not known:
        raise FieldError("medidas", "esta lei não prevê medidas administrativas no auto")
    unknown = [m for m in measures if m not in known]
    if unknown or len(set(measures)) != len(measures):
        raise FieldError(
            "medidas",
            f"medida desconhecida ou repetida: {', '.join(unknown) or 'repetida'}; as da lei: "
            + ", ".join(known),
            interfaces.cited(law, "measures"),
        )
    d = ask(
        municipality,
        law,
        "measures",
        {
            "committed_on": committed_on.isoformat(),
            "unlicensed": unlicensed,
            "measures": list(measures),
            "fixable_on_site": fixable_on_site,
            "safe": safe,
        },
        committed_on,
    )
    if not (d.outcome or {}).get("allowed"):
        raise Refused(d)
    return d


def _prior_infractions(
    *,
    law: str,
    permit: Permit | None,
    plate: str,
    committed_by: str,
    auxiliary: Auxiliary | None,
    before: dt.datetime,
    document: str = "",
) -> list[dict[str, Any]]:
    """The offender's earlier autos, each with whether its penalty is final — the taxista's own
    prontuário under this law, whichever permit (as the points of art. 42 §3): the auxiliary's, or
    the holder's as holder or as someone's auxiliary; an offender not identified, the permit's
    autos of one not identified; without a permit, the autos without a permit of the person the
    ``document`` (CPF or CNPJ, art. 16) identifies — "o infrator" (art. 41 caput), never the car
    —, and only when no document identifies anyone, the plate's. The law reads from them whether
    the conduct is "primária" (taxi art. 41 §1, D-1)."""
    qs = InfractionNotice.objects.filter(
        status=InfractionNotice.Status.ISSUED, committed_at__lt=before
    ).select_related("case", "municipality")  # the date of each fact on its clock
    by = InfractionNotice.CommittedBy
    taxista = (
        auxiliary.person
        if committed_by == by.AUXILIARY and auxiliary is not None
        else permit.holder
        if permit is not None and committed_by == by.HOLDER
        else None
    )
    digits = "".join(c for c in document if c.isdigit())
    if permit is None and digits:
        qs = qs.filter(permit__isnull=True).filter(
            Q(case__person__document=digits) | Q(offender_registration=digits)
        )
    elif permit is None:
        qs = qs.filter(plate=plate)
    elif taxista is not None:
        qs = qs.filter(pk__in=prontuario(law, taxista).values("pk"))
    else:
        qs = qs.filter(permit=permit, committed_by=committed_by)
        if committed_by == by.AUXILIARY:
            qs = qs.filter(auxiliary=auxiliary)
    out = []
    for a in qs.order_by("committed_at", "pk"):
        case = getattr(a, "case", None)
        out.append(
            {
                "id": a.number or str(a.pk),
                "committed_on": a.committed_on.isoformat(),
                "final": case is not None and case.stage == Case.Stage.FINAL,
                # Art. 41 §1 reads the record on the date of the fact: since when final (D-1).
                "final_on": case.final_on.isoformat()
                if case is not None and case.stage == Case.Stage.FINAL and case.final_on
                else None,
            }
        )
    return out


def _warning_check(
    *,
    actor: Actor,
    municipality: Municipality,
    law: str,
    code: str,
    committed_at: dt.datetime,
    permit: Permit | None,
    plate: str,
    committed_by: str,
    auxiliary: Auxiliary | None,
    fixable: bool,
    harmless: bool,
    document: str = "",
    action: str = "infraction.issue",
) -> Decision:
    """The law core says whether a written warning may replace the fine (mototaxi art. 31 §3, never
    for service without a permit, art. 35; taxi art. 41 §1; apps art. 26 III: never instead of the
    seizure); its refusal is kept in the acts log and names the field "advertência"."""
    on = day_of(municipality, committed_at)
    if answers(law, "warning"):
        d = ask(
            municipality,
            law,
            "warning",
            {"code": code, "fixable": fixable, "endangers_safety_or_continuity": not harmless},
            on,
        )
        allowed = bool(d.outcome["allowed"])
    else:
        with tenant(municipality):
            rows = list(taxi_items(on))
            priors = _prior_infractions(
                law=law,
                permit=permit,
                plate=plate,
                committed_by=committed_by,
                auxiliary=auxiliary,
                before=committed_at,
                document=document,
            )
        d = ask(
            municipality,
            law,
            "penalty",
            {
                "infraction": code,
                "regulation_items": taxi_regulation_items(rows),
                "committed_on": on.isoformat(),
                "prior_infractions": priors,
                "affects_comfort_or_safety": not harmless,
                "requested": "advertencia",
            },
            on,
        )
        allowed = bool((d.outcome or {}).get("may_impose"))
    if not allowed:
        raise law_refused(
            actor=actor,
            municipality=municipality,
            action=action,
            d=d,
            object_type=InfractionNotice._meta.label_lower,
            new={
                "code": code,
                "permit": permit.number if permit else None,
                "plate": plate,
                "warning": True,
            },
            field="advertência",
        )
    return d


def auto_warning_apply(
    *,
    actor: Actor,
    municipality: Municipality,
    auto: InfractionNotice,
    on: dt.date,
    harmless: bool = False,
    fixable: bool = False,
) -> InfractionNotice:
    """Aplicar advertência (taxi art. 41, I and §1; art. 46 with D-17, ADR 0067): the authority
    competent on ``on``, the day of the act (``penalty.warning``), replaces the fine of an auto
    whose case is still open with the written warning, where the law allows it — a primary
    conduct of the offender that does not affect the passengers' comfort or safety (``harmless``)
    —, before the penalty becomes final (art. 41 caput: contraditório e ampla defesa; D-1). The
    case then applies the warning instead of the fine when it becomes final."""
    with tenant(municipality):
        auto = InfractionNotice.objects.select_related("case", "permit", "auxiliary").get(
            pk=auto.pk
        )
    future = in_the_future(municipality, on, "a data da decisão")
    if future:
        raise FieldError("data", future)
    authorize(actor=actor, municipality=municipality, action="penalty.warning", law=auto.law, on=on)
    cite41 = interfaces.cited(auto.law, "warning")
    if on < auto.committed_on:
        raise FieldError("data", "a advertência não pode ser anterior à data do fato", cite41)
    if auto.status == InfractionNotice.Status.CANCELLED:
        raise FieldError("auto", f"o auto {auto.number} está cancelado", cite41)
    if auto.penalty == InfractionNotice.Penalty.WARNING:
        raise InvalidStep(f"o auto {auto.number} já tem advertência")
    case = getattr(auto, "case", None)
    if case is None or case.stage in (Case.Stage.FINAL, Case.Stage.ANNULLED, Case.Stage.DECIDED):
        raise FieldError(
            "advertência",
            f"o processo do auto {auto.number} já está encerrado: a advertência substitui a "
            "multa só enquanto a defesa e os recursos correm (contraditório e ampla defesa)",
            cite41,
        )
    with tenant(municipality):
        if Seizure.objects.filter(auto=auto, fine_debt__isnull=False).exists():
            raise FieldError(
                "advertência",
                f"a multa do auto {auto.number} já foi lançada na apreensão do veículo",
                cite41,
            )
        document = "" if auto.permit_id else (case.person.document if case.person else "")
    warned = _warning_check(
        actor=actor,
        municipality=municipality,
        law=auto.law,
        code=auto.infraction_code,
        committed_at=auto.committed_at,
        permit=auto.permit,
        plate=auto.plate,
        committed_by=auto.committed_by,
        auxiliary=auto.auxiliary,
        fixable=fixable,
        harmless=harmless,
        document=document or auto.offender_registration,
        action="penalty.warning",
    )
    basis = basis_with_competence(warned, auto.law, "penalty.warning", on)
    with transaction.atomic(), tenant(municipality):
        locked = InfractionNotice.objects.select_for_update().get(pk=auto.pk)
        stage = Case.objects.filter(auto=locked).values_list("stage", flat=True).first()
        if locked.penalty == InfractionNotice.Penalty.WARNING or stage != case.stage:
            raise InvalidStep(f"o auto {auto.number} mudou enquanto a advertência era aplicada")
        locked.penalty = InfractionNotice.Penalty.WARNING
        locked.save(update_fields=["penalty"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="penalty.warning",
            obj=locked,
            old={"penalty": InfractionNotice.Penalty.FINE},
            new={"penalty": locked.penalty, "case": case.number, "on": on},
            basis=basis,
        )
    return locked


# --- the auto a taxi penalty punishes (art. 41 caput, D-1) ----------------------------------------


def taxi_auto_checked(
    municipality: Municipality,
    permit: Permit,
    auto: InfractionNotice | None,
    what: str,
    cite: str,
) -> tuple[InfractionNotice, bool]:
    """The auto a taxi penalty punishes, read again from this municipality's records: one of this
    permission's, under the taxi law, not cancelled; with whether its case is final (D-1: no
    defence or appeal pending and no deadline open). A penalty punishes one infraction, after the
    contraditório e a ampla defesa (art. 41 caput)."""
    with tenant(municipality):
        found = (
            InfractionNotice.objects.filter(pk=auto.pk).select_related("case").first()
            if auto is not None
            else None
        )
    if found is None or found.permit_id != permit.pk or not taxi_like(found.law):
        raise FieldError(
            "auto", f"indique o auto de infração desta permissão que fundamenta {what}", cite
        )
    if found.status == InfractionNotice.Status.CANCELLED:
        raise FieldError("auto", f"o auto {found.number} está cancelado", cite)
    case = getattr(found, "case", None)
    return found, bool(case and case.stage == Case.Stage.FINAL)
