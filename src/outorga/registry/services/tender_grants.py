"""A tender's grants (taxi art. 3, 22–24; mototaxi art. 5–6; ADR 0021): the permissions granted
to the ranked applicants in their order, each through the grant of its law, the clerk's terms
(the mototaxi term of art. 6, the taxi term and instalments of art. 10) checked for every
applicant before anyone is granted; the next one called where the law refuses one (never for
the clerk's input)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, record_act, refusal_logged
from outorga.core.errors import Refused
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant

from ..models import (
    Permit,
    Service,
    Tender,
    TenderApplicant,
    Vehicle,
)
from ..tender_facts import (
    tender_uncalled,
)
from ..validation import FieldError
from .common import (
    InvalidTransition,
    bound_law,
    lock_quota,
)
from .permits import (
    permit_grant,
    taxi_grant_input_checked,
    taxi_permit_grant,
    tender_called,
    term_years_refusal,
)
from .tenders import applicant_category, authorize_manage, quota_decision, tender_cite


def tender_grant_next(
    *,
    actor: Actor,
    municipality: Municipality,
    tender: Tender,
    applicant_id: int,
    on: dt.date,
    params: Mapping[str, Any],
) -> TenderApplicant:
    """The grant to the applicant the ranking calls now, and only to them: ``applicant_id`` must
    be the first ranked not yet called while places remain (``tender_next``), else nothing is
    done. Returns the applicant with the grant's result (granted, or refused with every reason)."""
    authorize_manage(actor, municipality, tender)
    with tenant(municipality):
        tender = Tender.objects.get(pk=tender.pk)
        nxt = tender_next(tender)
        if nxt is None:
            raise InvalidTransition(
                "não há candidato a chamar: a licitação não está homologada, as vagas foram "
                f"outorgadas ou todos os classificados foram chamados ({tender_cite(tender)})"
            )
        # The law says whether the applicant chosen is the one the ranking calls now.
        chosen = TenderApplicant.objects.filter(tender=tender, pk=applicant_id).first()
        with refusal_logged(
            actor=actor,
            municipality=municipality,
            action="tender.grant_refused",
            obj=tender,
            new={"applicant": applicant_id, "granted": False},
        ):
            tender_called(
                bound_law(municipality, tender.service, on),
                tender,
                chosen.person if chosen is not None else None,
                field="candidato",
                on=on,
            )
    done = tender_grant(
        actor=actor, municipality=municipality, tender=tender, on=on, grants={nxt.pk: params}
    )
    if not done:
        quota = quota_decision(municipality, tender.service, on)
        if quota is not None and quota.refusals:
            raise Refused(quota)
        raise InvalidTransition("nenhuma outorga feita")
    return done[0]


def tender_next(tender: Tender) -> TenderApplicant | None:
    """Whom a grant calls now: the first ranked applicant without a grant decision, while the
    tender is homologated and has places left (grants go in ranking order, within the places)."""
    if tender.status != Tender.Status.HOMOLOGATED:
        return None
    if Permit.objects.filter(tender=tender).count() >= tender.places:
        return None
    return tender_uncalled(tender)


def _whole(params: Mapping[str, Any], key: str, default: int, field: str, what: str) -> int:
    """``params[key]`` as a whole number (``default`` where it says none): a JSON integer or a text
    of digits; anything else — a fraction, ``true``, a word — is the clerk's input, refused under
    ``field`` before anything is written, never rounded."""
    value = params.get(key, default)
    return _whole_value(value, field, what)


def _whole_value(value: Any, field: str, what: str) -> int:
    """A whole number the clerk gave (see :func:`_whole`), refused under ``field`` otherwise."""
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise FieldError(field, f"informe {what} (número inteiro)")


def _taxi_terms(params: Mapping[str, Any]) -> tuple[str, str, int]:
    """A taxi grant's term, counterpart and instalments (art. 10) as a tender's grant gives them:
    term I, in money, in one instalment where it says none."""
    return (
        params.get("option", "I"),
        params.get("mode", "pagamento"),
        _whole(params, "instalments", 1, "parcelas", "o número de parcelas"),
    )


def _term_years(params: Mapping[str, Any]) -> int | None:
    """A mototaxi or motofrete grant's initial term in years (art. 6) as a tender's grant gives
    it: None where it says none (the grant takes the law's dated maximum, "pelo prazo máximo");
    a value that is no whole number is the clerk's input, refused."""
    value = params.get("term_years")
    return None if value is None else _whole_value(value, "prazo", "o prazo inicial em anos")


def _grant_one(
    *,
    actor: Actor,
    municipality: Municipality,
    tender: Tender,
    applicant: TenderApplicant,
    on: dt.date,
    params: Mapping[str, Any],
) -> Permit:
    vehicle = Vehicle.objects.filter(pk=params.get("vehicle")).first()
    if vehicle is None:
        raise FieldError("veículo", f"veículo não encontrado para o candidato {applicant.pk}")
    if tender.service == Service.TAXI:
        option, mode, instalments = _taxi_terms(params)
        return taxi_permit_grant(
            actor=actor,
            municipality=municipality,
            holder=applicant.person,
            vehicle=vehicle,
            category=applicant_category(applicant, params.get("category", "")),
            signed_on=on,
            option=option,
            mode=mode,
            instalments=instalments,
            tender=tender,
            decree=params.get("decree", ""),
            checks=params.get("checks") or {},
            declarations=params.get("declarations") or (),
        )
    return permit_grant(
        actor=actor,
        municipality=municipality,
        holder=applicant.person,
        service=tender.service,
        vehicle=vehicle,
        granted_on=on,
        term_years=_term_years(params),
        decree=params.get("decree", ""),
        equipment=list(params.get("equipment") or []),
        safety_gear=params.get("safety_gear"),
        tender=tender,
    )


def tender_grant(
    *,
    actor: Actor,
    municipality: Municipality,
    tender: Tender,
    on: dt.date,
    grants: Mapping[int, Mapping[str, Any]],
) -> list[TenderApplicant]:
    """Grant in ranking order until the places are used. ``grants`` gives, per applicant id, what
    the grant needs (vehicle; term or option and contrapartida…). Nobody is skipped: the run stops
    at the first ranked applicant without data. An applicant the law refuses at the grant is
    recorded with every reason and the next one is called. The clerk's bad input — an unknown
    applicant or vehicle, a taxi category, term or counterpart not the law's, an instalment count
    below 1 or beyond art. 10's maximum, a mototaxi term beyond art. 6's — refuses the whole run
    before anyone is granted or recorded as refused: it never calls the next one."""
    authorize_manage(actor, municipality, tender)
    done: list[TenderApplicant] = []
    with tenant(municipality):
        tender = Tender.objects.get(pk=tender.pk)
        if tender.status != Tender.Status.HOMOLOGATED:
            raise InvalidTransition("só se outorga após a homologação")
        queue = list(
            TenderApplicant.objects.filter(tender=tender, rank__isnull=False)
            .select_related("person")
            .order_by("rank")
        )
        # Bad input stops the run before anyone is granted, not halfway through it.
        by_id = {a.pk: a for a in queue}
        for applicant_id, data in grants.items():
            if int(applicant_id) not in by_id:
                raise FieldError("outorgas", f"candidato {applicant_id} não classificado")
            # The clerk's input, refused before anyone is called.
            if tender.service == Service.TAXI:
                category = applicant_category(by_id[int(applicant_id)], data.get("category", ""))
                taxi_grant_input_checked(municipality, category, *_taxi_terms(data), on)
            elif refused := term_years_refusal(municipality, tender.service, _term_years(data), on):
                raise refused
            if not Vehicle.objects.filter(pk=data.get("vehicle")).exists():
                raise FieldError(
                    "veículo", f"veículo não encontrado para o candidato {applicant_id}"
                )
    for queued in queue:
        with transaction.atomic(), tenant(municipality):
            # Each call in its own transaction under the quota's lock, which every grant of the
            # service takes first (registry.locking): another run of this tender (a second click,
            # another clerk) that called this applicant has committed by now, so the applicant is
            # read again here — never decided twice, nor its grant overwritten by a refusal.
            lock_quota(tender.service)
            applicant = TenderApplicant.objects.select_related("person").get(pk=queued.pk)
            granted = Permit.objects.filter(tender=tender).count()
            if granted >= tender.places:
                break
            if applicant.decision.get("grant"):
                continue
            params = grants.get(applicant.pk)
            if params is None:
                break  # the ranking is never skipped: wait for this applicant's data
            quota = quota_decision(municipality, tender.service, on)
            if quota is not None and quota.refusals:
                break  # no place left in the quota: nobody else can be granted
            try:
                _grant_one(
                    actor=actor,
                    municipality=municipality,
                    tender=tender,
                    applicant=applicant,
                    on=on,
                    params=params,
                )
            except Refused as exc:
                result: dict[str, Any] = {"granted": False, "decision": exc.decision.to_json()}
                applicant.decision = {**applicant.decision, "grant": result}
                applicant.save(update_fields=["decision"])
                record_act(
                    municipality=municipality,
                    actor=actor,
                    action="tender.grant_refused",
                    obj=applicant,
                    new={"granted": False},
                    basis={"citations": result["decision"]["citations"]},
                )
            else:
                applicant.refresh_from_db()  # the grant marked it called and granted
        done.append(applicant)
    with transaction.atomic(), tenant(municipality):
        tender = Tender.objects.select_for_update().get(pk=tender.pk)
        granted = Permit.objects.filter(tender=tender).count()
        pending = TenderApplicant.objects.filter(tender=tender, rank__isnull=False).exclude(
            decision__has_key="grant"
        )
        if granted >= tender.places or not pending.exists():
            tender.status = Tender.Status.CLOSED
            tender.save(update_fields=["status"])
            record_act(
                municipality=municipality,
                actor=actor,
                action="tender.close",
                obj=tender,
                new={"granted": granted, "places": tender.places},
            )
    return done
