"""Taxi services (Lei do táxi de Ipatinga, 2017) and the vehicle changes of every service.

Each service authorizes (outside its transaction, so a refusal's act is kept), then in one
transaction asks the law core, changes state and records the act with the decisions it relied on.
The law decides; this module gathers the facts from the registry and applies the outcome.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.lawseam import LawNotBound, governs, law_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.finance import selectors as ledger
from outorga.finance.models import Debt
from outorga.finance.services import debts_from_plan
from outorga.law.citations import Citation
from outorga.law.decisions import Decision
from outorga.law.interfaces import citations, cited, cited_once

from . import facts as F
from . import services as S
from .models import (
    Auxiliary,
    Document,
    ExtinctionCase,
    Permit,
    PermitStatusChange,
    PermitTerm,
    PermitTermRenewal,
    Person,
    RegisterCounter,
    Service,
    TaxiCategory,
    Tender,
    TenderApplicant,
    Vehicle,
    VehicleChange,
)
from .validation import FieldError

Refused = S.Refused


def _law(m: Municipality, on: dt.date | None = None) -> str:
    """The id of the law bound to the taxi service in ``m`` on ``on`` (today; a date before its
    first binding reads that one): what competence is checked under and the articles come from.
    Where no law governs the taxi service, the service does not exist: a refusal naming it."""
    if not governs(m, Service.TAXI):
        raise FieldError("serviço", "serviço não regulado pela legislação deste município")
    return law_of(m, Service.TAXI, on, nearest=True)


def _cites(m: Municipality, on: dt.date | None, *concepts: str) -> str:
    """The articles the law bound to the taxi service names for ``concepts`` (its ``CITES``)."""
    return cited_once(_law(m, on), *concepts)


def _citations_of(m: Municipality, on: dt.date, concept: str) -> tuple[Citation, ...]:
    """:func:`_cites` as citations, for a reason; none where no law governs the taxi service."""
    try:
        return citations(law_of(m, Service.TAXI, on, nearest=True), concept)
    except LawNotBound:
        return ()


def require_law(m: Municipality, law: str) -> None:
    """A service of a law the municipality does not apply does not exist there."""
    if m.laws and law not in m.laws:
        raise FieldError("serviço", "serviço não regulado pela legislação deste município")


def merge(
    qid: str, decisions: Iterable[Decision], on: dt.date, slug: str, summary: str
) -> Decision:
    """Every reason of several decisions in one, for a refusal that shows them all."""
    ds = list(decisions)
    ok = not any(d.refusals for d in ds)
    return Decision(qid, on, slug, ok, tuple(r for d in ds for r in d.reasons), summary)


def _refuse_if(
    qid: str, decisions: list[Decision], on: dt.date, m: Municipality, what: str
) -> None:
    if any(d.refusals for d in decisions):
        raise Refused(merge(qid, [d for d in decisions if d.refusals], on, m.slug, what))


def _citations(decisions: Iterable[Decision]) -> list[Any]:
    return [c for d in decisions for c in d.citations]


# Facts from the registry ----------------------------------------------------------------------

#: Registry services → the taxi question's vocabulary of outorgas (D-13).
OUTORGA_SERVICE = {
    Service.TAXI: "taxi",
    Service.MOTOTAXI: "mototaxi",
    Service.MOTOFRETE: "motofrete",
}


def _in_municipality(person: Person, m: Municipality) -> bool:
    return person.city.strip().casefold() == m.name.casefold()


def other_outorgas(person: Person, exclude: Permit | None = None) -> list[dict[str, Any]]:
    """Every live permission the person holds in this municipality, of any service (D-13)."""
    qs = Permit.objects.filter(holder=person, status__in=F.ACTIVE_STATUSES)
    if exclude is not None:
        qs = qs.exclude(pk=exclude.pk)
    return [
        {
            "service": OUTORGA_SERVICE[Service(p.service)],
            "kind": "permissao",
            "in_municipality": True,
            "reference": p.number,
        }
        for p in qs
    ]


def person_facts(
    person: Person,
    *,
    category: str,
    on: dt.date,
    awarded_in_tender: bool,
    public_employment: bool = False,
    exclude: Permit | None = None,
) -> dict[str, Any]:
    """Facts of ``taxi.person_eligibility`` (art. 3, 4, 6, 11, 12, 22 X, 23 VIII)."""
    m = person.municipality
    natural = person.kind == Person.Kind.NATURAL
    facts: dict[str, Any] = {
        "holder_kind": "pessoa_fisica" if natural else "pessoa_juridica",
        "grant_date": on.isoformat(),
        "categories": [category],
        "vehicles": 1,
        "awarded_in_tender": awarded_in_tender,
        "domiciled_in_ipatinga": _in_municipality(person, m),
        "municipal_servant": person.is_public_servant,
        "public_employment_in_exercise": public_employment,
        "other_permissions": other_outorgas(person, exclude),
    }
    if not natural:
        facts["partners"] = [
            {
                "name": p.name,
                "other_permissions": other_outorgas(p),
                "public_employment_in_exercise": p.is_public_servant,
            }
            for p in person.partners.all()
        ]
    return facts


def _latest(
    doc_type: str, *, person: Person | None = None, vehicle: Vehicle | None = None
) -> Document | None:
    return F._latest(person, vehicle, doc_type)


def _doc(doc: Any, **more: Any) -> dict[str, Any]:
    if doc is None:
        return {"presented": False}
    out: dict[str, Any] = {"presented": True, "issued_on": doc.issued_on.isoformat()}
    if doc.valid_until:
        out["valid_until"] = doc.valid_until.isoformat()
    out.update({k: v for k, v in more.items() if v is not None})
    return out


#: Declarations and certificates of art. 22 IX–X and 23 V–VIII (the law core's codes) and the
#: typed registry document of each. One signed or shown at the counter for the act being done
#: (``declarations``) also counts as presented on that date.
COUNTER_DOCUMENTS: dict[str, str] = {
    "declaracao_outorgas": Document.Type.DECL_NO_OTHER_GRANT,
    "declaracao_vinculo": Document.Type.DECL_NO_PUBLIC_JOB,
    "declaracao_socios": Document.Type.DECL_PARTNERS,
    "regularidade_fiscal": Document.Type.TAX_CLEARANCE,
    "certidao_trabalhista": Document.Type.LABOUR_CLEARANCE,
    "cnd_inss_fgts": Document.Type.INSS_FGTS_CLEARANCE,
}
DECLARATIONS = tuple(COUNTER_DOCUMENTS)


def _counter_doc(code: str, person: Person, signed: set[str]) -> dict[str, Any]:
    if code in signed:
        return {"presented": True}
    return _doc(_latest(COUNTER_DOCUMENTS[code], person=person))


def person_documents_facts(
    person: Person,
    *,
    presented_on: dt.date,
    vehicle: Vehicle | None,
    checks: Mapping[str, Any],
    declarations: Iterable[str] = (),
) -> dict[str, Any]:
    """Facts of ``taxi.registration_documents`` for a natural or legal person (art. 22–23).

    The documents are presented for the act being done on ``presented_on`` (the criminal
    certificate's 30 days, art. 22 VIII, count to that date)."""
    m = person.municipality
    signed = set(declarations)
    ibge = m.ibge_code if _in_municipality(person, m) else "0000000"
    if person.kind == Person.Kind.LEGAL:
        company = _latest(Document.Type.COMPANY, person=person)
        docs = {
            "contrato_social": _doc(company),
            "cnpj": {"presented": bool(person.document)},
            "alvara": _doc(_latest(Document.Type.OPERATING_LICENCE, person=person)),
            "endereco": {"presented": bool(person.address), "municipality_ibge": ibge},
            **{
                code: _counter_doc(code, person, signed)
                for code in (
                    "regularidade_fiscal",
                    "certidao_trabalhista",
                    "cnd_inss_fgts",
                    "declaracao_socios",
                )
            },
        }
        return {
            "subject": "pessoa_juridica",
            "presented_on": presented_on.isoformat(),
            "documents": docs,
        }
    licence = getattr(person, "licence", None)
    cnh: dict[str, Any] = {"presented": licence is not None}
    if licence is not None:
        cats = [c for c in "EDCB" if c in licence.categories]
        cnh.update(
            category=cats[0] if cats else licence.categories[:1],
            valid_until=licence.expires_on.isoformat(),
        )
    residence = _latest(Document.Type.RESIDENCE, person=person)
    criminal = _latest(Document.Type.CRIMINAL, person=person)
    vistoria = _latest(Document.Type.VISTORIA, vehicle=vehicle) if vehicle else None
    dpvat = _latest(Document.Type.DPVAT, vehicle=vehicle) if vehicle else None
    docs = {
        "identidade_cpf": _doc(
            _latest(Document.Type.RG, person=person) or _latest(Document.Type.CPF, person=person)
        ),
        "cnh": cnh,
        "quitacao_militar_eleitoral": _doc(_latest(Document.Type.ELECTORAL, person=person)),
        "atestado_medico": _doc(_latest(Document.Type.MEDICAL, person=person)),
        "inss": _doc(_latest(Document.Type.INSS, person=person)),
        "curso": _doc(_latest(Document.Type.COURSE, person=person)),
        "residencia": _doc(residence, municipality_ibge=ibge if residence else None),
        "antecedentes_criminais": _doc(criminal),
        "declaracao_outorgas": _counter_doc("declaracao_outorgas", person, signed),
        "declaracao_vinculo": _counter_doc("declaracao_vinculo", person, signed),
        # The category printed on the insurance document, as recorded (art. 22 XI).
        "seguro_obrigatorio": _doc(dpvat, category=(dpvat.category or None) if dpvat else None),
        "vistoria": _doc(
            vistoria, approved=bool(checks.get("inspection_approved")) if vistoria else None
        ),
    }
    return {"subject": "pessoa_fisica", "presented_on": presented_on.isoformat(), "documents": docs}


def vehicle_documents_facts(
    vehicle: Vehicle, holder: Person, *, presented_on: dt.date, checks: Mapping[str, Any]
) -> dict[str, Any]:
    """Facts of ``taxi.registration_documents`` for the vehicle (art. 24)."""
    crlv = _latest(Document.Type.CRLV, vehicle=vehicle)
    owners = {holder.pk, *holder.partners.values_list("pk", flat=True)}
    zero_km = crlv is None and vehicle.invoice_date is not None
    taximeter = _latest(Document.Type.TAXIMETER, vehicle=vehicle)
    docs = {
        "crlv_ou_nota_fiscal": (
            {"presented": True, "zero_km": True}
            if zero_km
            else _doc(crlv, in_holder_name=vehicle.owner_id in owners if crlv else None)
        ),
        "laudo_vistoria": _doc(
            _latest(Document.Type.VISTORIA, vehicle=vehicle),
            approved=bool(checks.get("inspection_approved")),
            accredited_inmetro=bool(checks.get("inspection_accredited_inmetro")),
        ),
        "afericao_taximetro": _doc(taximeter, issuer=str(checks.get("taximeter_approved_by", ""))),
        "seguranca_gnv": _doc(_latest(Document.Type.CNG, vehicle=vehicle)),
    }
    return {
        "subject": "veiculo",
        "presented_on": presented_on.isoformat(),
        "cng": vehicle.cng or vehicle.fuel == Vehicle.Fuel.GNV,
        "documents": docs,
    }


CHECK_KEYS = (
    "taximeter_approved_by",
    "roof_sign_taxi",
    "ctb_equipment_ok",
    "adapted",
    "lift_platform",
    "detran_mg_approved",
    "executive_standard",
    "imminent_risk",
)


def vehicle_facts(
    vehicle: Vehicle,
    *,
    category: str,
    occasion: str,
    checks: Mapping[str, Any],
    renewal_anchor: dt.date | None = None,
) -> dict[str, Any]:
    """Facts of ``taxi.vehicle_eligibility`` (art. 2, 8–9, 27–29, 31): the vehicle's record
    (:func:`facts.taxi_vehicle`) and what the inspection found (``checks``: taxímetro, roof sign,
    equipment, adaptation, approval)."""
    facts = F.taxi_vehicle(
        vehicle, category=category, occasion=occasion, renewal_anchor=renewal_anchor
    )
    facts["inspection"] = {
        "approved": bool(checks.get("inspection_approved")),
        "accredited_inmetro": bool(checks.get("inspection_accredited_inmetro")),
    }
    for key in CHECK_KEYS:
        if checks.get(key) is not None:
            facts[key] = checks[key]
    return facts


def _one_vehicle_one_permit(vehicle: Vehicle, exclude: Permit | None = None) -> None:
    """One vehicle serves one permission (taxi art. 6; mototaxi art. 6 §2)."""
    qs = Permit.objects.filter(vehicle=vehicle, status__in=F.ACTIVE_STATUSES)
    if exclude is not None:
        qs = qs.exclude(pk=exclude.pk)
    other = qs.first()
    if other is not None:
        raise FieldError(
            "veículo",
            f"o veículo {vehicle.plate} já está vinculado à permissão {other.number}",
            "; ".join(
                filter(None, (cited(law, "one_vehicle") for law in vehicle.municipality.laws))
            ),
        )


def register_bar(person: Person, on: dt.date) -> Decision | None:
    """The person's inscription in the Cadastro Municipal de Taxistas (art. 20) barred on ``on``:
    cassada (art. 41 IV, §3: the punished may no longer drive a taxi in the municipality) or
    suspended for up to 90 days (art. 42 IV), as the enforcement penalties record it — a refusal
    citing the article, or None. The day after a suspension's last day the bar is gone."""
    from outorga.enforcement.models import Penalty
    from outorga.law.decisions import Reason
    from outorga.law.rules import check

    reasons: list[Reason] = []
    mine = Penalty.objects.filter(
        decision__target="cadastro", decision__offender__person_id=person.pk, imposed_on__lte=on
    )
    cassada = mine.filter(kind=Penalty.Kind.CASSACAO).order_by("imposed_on").first()
    aux = (
        Auxiliary.objects.filter(person=person, status=Auxiliary.Status.CASSADO, removed_on__lte=on)
        .order_by("removed_on")
        .first()
    )
    since = min(
        [x for x in (cassada and cassada.imposed_on, aux and aux.removed_on) if x], default=None
    )
    if since is not None:
        reasons.append(
            check(
                "registry.taxi.art_41_IV_cadastro_cassado",
                False,
                "",
                f"A inscrição de {person.name} no Cadastro Municipal de Taxistas foi cassada "
                f"em {since:%d/%m/%Y}: o infrator punido fica impedido de dirigir táxi no "
                "Município (art. 41, IV e §3).",
                *_citations_of(person.municipality, on, "cadastro_cassado"),
                facts={"cassado_em": since},
            )
        )
    for p in mine.filter(kind=Penalty.Kind.SUSPENSION).order_by("imposed_on", "id"):
        ends = p.imposed_on + dt.timedelta(days=(p.days or 1) - 1)
        if on <= ends:
            reasons.append(
                check(
                    "registry.taxi.art_42_IV_cadastro_suspenso",
                    False,
                    "",
                    f"A inscrição de {person.name} no Cadastro Municipal de Taxistas está "
                    f"suspensa de {p.imposed_on:%d/%m/%Y} a {ends:%d/%m/%Y} (art. 42, IV).",
                    *_citations_of(person.municipality, on, "cadastro_suspenso"),
                    facts={"inicio": p.imposed_on, "fim": ends, "dias": p.days},
                )
            )
    if not reasons:
        return None
    return Decision(
        "registry.taxi_register_bar",
        on,
        person.municipality.slug,
        {"barred": True},
        tuple(reasons),
        "Inscrição no Cadastro Municipal de Taxistas cassada ou suspensa.",
    )


# Grant, Termo and contrapartida -----------------------------------------------------------------


def taxi_eligibility(
    *,
    person: Person,
    category: str,
    on: dt.date,
    awarded_in_tender: bool,
    vehicle: Vehicle | None = None,
    checks: Mapping[str, Any] | None = None,
    declarations: Iterable[str] = (),
    public_employment: bool = False,
) -> list[Decision]:
    """The holder's eligibility (art. 3–12) and documents (art. 22–23), and no bar on the
    person's inscription in the Cadastro (art. 41 IV §3, art. 42 IV): read-only."""
    m = person.municipality
    bar = register_bar(person, on)
    return [
        *([bar] if bar is not None else []),
        S.bound_law(m, Service.TAXI, on).ask(
            "person_eligibility",
            person_facts(
                person,
                category=category,
                on=on,
                awarded_in_tender=awarded_in_tender,
                public_employment=public_employment,
            ),
        ),
        S.bound_law(m, Service.TAXI, on).ask(
            "registration_documents",
            person_documents_facts(
                person,
                presented_on=on,
                vehicle=vehicle,
                checks=checks or {},
                declarations=declarations,
            ),
        ),
    ]


def _tender_award(
    tender: Tender | None, holder: Person, category: str = "", *, law: str = ""
) -> bool:
    """Art. 3: granted through a tender, to a ranked eligible applicant of a homologated one, in
    the category the tender offered (art. 3: bound to the call for tenders; art. 6: one
    category per permission)."""
    if tender is None:
        return False
    if tender.service != Service.TAXI:
        raise FieldError(
            "licitação", "a licitação não é do serviço de táxi", cited_once(law, "tender")
        )
    if category and tender.taxi_category and category != tender.taxi_category:
        raise FieldError(
            "categoria",
            f"a licitação {tender.number} ofereceu vagas de táxi {tender.taxi_category}, "
            f"não {category}",
            cited_once(law, "tender", "one_permission"),
        )
    if tender.homologated_on is None:
        raise FieldError(
            "licitação", "a licitação ainda não foi homologada", cited_once(law, "tender")
        )
    if Permit.objects.filter(tender=tender).count() >= tender.places:
        raise FieldError(
            "licitação",
            "todas as vagas da licitação já foram outorgadas",
            cited_once(law, "tender"),
        )
    return TenderApplicant.objects.filter(
        tender=tender, person=holder, eligible=True, rank__isnull=False
    ).exists()


def _check_grant_input(law: str, category: str, option: str, mode: str, instalments: int) -> None:
    if category not in TaxiCategory.values:
        raise FieldError(
            "categoria", "use convencional, especial ou executivo", cited_once(law, "category")
        )
    if option not in PermitTerm.Option.values:
        raise FieldError("prazo", "escolha I (10 anos) ou II (20 anos)", cited_once(law, "term"))
    if mode not in PermitTerm.Mode.values:
        raise FieldError("contrapartida", "escolha pagamento ou servicos", cited_once(law, "term"))
    if instalments < 1:
        raise FieldError("parcelas", "ao menos 1 parcela", cited_once(law, "term"))


def taxi_grant_decisions(
    *,
    municipality: Municipality,
    holder: Person,
    vehicle: Vehicle,
    category: str,
    signed_on: dt.date,
    option: str,
    mode: str = PermitTerm.Mode.PAGAMENTO,
    instalments: int = 1,
    tender: Tender | None = None,
    checks: Mapping[str, Any] | None = None,
    declarations: Iterable[str] = (),
    public_employment: bool = False,
) -> list[Decision]:
    """Every decision a taxi grant relies on, read-only, the contrapartida last: the quota (art. 3
    §1–2), the holder (art. 3–12, 22–23), the vehicle (art. 24, 27–29) and the plan (art. 10).
    The clerk's screen shows them before the grant; the grant asks them again under its lock."""
    law = _law(municipality, signed_on)
    _check_grant_input(law, category, option, mode, instalments)
    checks = checks or {}
    _one_vehicle_one_permit(vehicle)
    awarded = _tender_award(tender, holder, category, law=law)
    quota = S.bound_law(municipality, Service.TAXI, signed_on).ask(
        "quota",
        {"grant_date": signed_on.isoformat(), "active_permits": F.active_permits(Service.TAXI)},
    )
    person = taxi_eligibility(
        person=holder,
        category=category,
        on=signed_on,
        awarded_in_tender=awarded,
        vehicle=vehicle,
        checks=checks,
        declarations=declarations,
        public_employment=public_employment,
    )
    veh = [
        S.bound_law(municipality, Service.TAXI, signed_on).ask(
            "vehicle_eligibility",
            vehicle_facts(vehicle, category=category, occasion="cadastramento", checks=checks),
        ),
        S.bound_law(municipality, Service.TAXI, signed_on).ask(
            "registration_documents",
            vehicle_documents_facts(vehicle, holder, presented_on=signed_on, checks=checks),
        ),
    ]
    plan_facts: dict[str, Any] = {
        "option": option,
        "mode": mode,
        "signed_on": signed_on.isoformat(),
    }
    if mode == PermitTerm.Mode.PAGAMENTO:
        plan_facts["instalments"] = instalments
    plan = S.bound_law(municipality, Service.TAXI, signed_on).ask("contrapartida", plan_facts)
    return [quota, *person, *veh, plan]


def taxi_permit_grant(
    *,
    actor: Actor,
    municipality: Municipality,
    holder: Person,
    vehicle: Vehicle,
    category: str,
    signed_on: dt.date,
    option: str,
    mode: str = PermitTerm.Mode.PAGAMENTO,
    instalments: int = 1,
    tender: Tender | None = None,
    decree: str = "",
    checks: Mapping[str, Any] | None = None,
    declarations: Iterable[str] = (),
    public_employment: bool = False,
) -> Permit:
    """Grant a taxi permission and sign its Termo de Permissão.

    Within the quota (art. 3 §1–2, D-7: the ``quota:taxi`` counter row is locked first, so
    concurrent grants never exceed it), to an eligible natural or legal person (art. 3–12, D-13)
    with complete documents (art. 22–24) and an eligible vehicle (art. 27–29), numbered in the
    Cadastro Municipal de Taxistas (art. 4 I, 20: sequential, gapless). The term and the
    contrapartida are the holder's choice (art. 10); the instalment plan becomes debts (D-12)."""
    law = _law(municipality, signed_on)
    authorize(actor=actor, municipality=municipality, action="permit.grant", law=law)
    _check_grant_input(law, category, option, mode, instalments)
    with transaction.atomic(), tenant(municipality):
        # Lock first: every taxi grant waits here, then counts (D-7).
        lock, _ = RegisterCounter.objects.get_or_create(series="quota:taxi")
        RegisterCounter.objects.select_for_update().get(pk=lock.pk)
        # The vehicle row before the Cadastro counter, as every service that inscribes one.
        Vehicle.objects.select_for_update(no_key=True).get(pk=vehicle.pk)
        decisions = taxi_grant_decisions(
            municipality=municipality,
            holder=holder,
            vehicle=vehicle,
            category=category,
            signed_on=signed_on,
            option=option,
            mode=mode,
            instalments=instalments,
            tender=tender,
            checks=checks,
            declarations=declarations,
            public_employment=public_employment,
        )
        plan = decisions[-1]
        _refuse_if(
            "registry.taxi_permit_grant", decisions, signed_on, municipality, "outorga recusada"
        )
        termo = S.bound_law(municipality, Service.TAXI, signed_on).ask(
            "permit_term", {"signed_on": signed_on.isoformat(), "option": option}
        )
        number = S.next_number(S.TAXI_CADASTRO)
        vehicle = S.taxi_vehicle_inscribe(
            actor=actor, municipality=municipality, vehicle=vehicle, on=signed_on
        )
        outcome = plan.outcome
        permit = Permit.objects.create(
            service=Service.TAXI,
            taxi_category=category,
            holder=holder,
            number=f"TX-{number:04d}",
            registration_number=number,
            tender=tender,
            decree=decree,
            granted_on=signed_on,
            term_start=signed_on,
            term_end=dt.date.fromisoformat(str(outcome["term_ends_on"])),
            certificate_valid_until=dt.date.fromisoformat(str(termo.outcome["valid_until"])),
            vehicle=vehicle,
            decision={"decisions": [d.to_json() for d in decisions]},
        )
        term = PermitTerm.objects.create(
            permit=permit,
            option=option,
            mode=mode,
            instalments=instalments if mode == PermitTerm.Mode.PAGAMENTO else None,
            total_cents=int(outcome["total_cents"]),
            signed_on=signed_on,
            term_years=int(outcome["term_years"]),
            term_ends_on=permit.term_end,
            valid_until=permit.certificate_valid_until,
            decision={"contrapartida": plan.to_json(), "termo": termo.to_json()},
        )
        act = record_act(
            municipality=municipality,
            actor=actor,
            action="permit.grant",
            obj=permit,
            new={
                "number": permit.number,
                "registration_number": number,
                "holder": holder.pk,
                "vehicle": vehicle.plate,
                "vehicle_cadastro_number": vehicle.cadastro_number,
                "service": Service.TAXI.value,
                "category": category,
                "term_end": permit.term_end,
                "option": option,
                "mode": mode,
                "instalments": term.instalments,
                "total_cents": term.total_cents,
            },
            basis=basis_of(None, _citations(decisions)),
            extra={"decisions": [d.to_json() for d in decisions]},
        )
        PermitStatusChange.objects.create(
            permit=permit,
            to_status=Permit.Status.ACTIVE,
            effective_on=signed_on,
            reason="outorga e assinatura do Termo de Permissão",
            act=act,
        )
        if outcome["instalments"]:
            debts_from_plan(
                actor=actor,
                municipality=municipality,
                person=holder,
                permit=permit,
                plan=outcome["instalments"],
                description=f"Contrapartida da permissão {permit.number}",
                basis=basis_of(plan),
            )
    return permit


def _debt_facts(blocking: list[Debt], under_review: list[Debt]) -> list[dict[str, Any]]:
    """The ledger's view for ``taxi.registration_renewal``: final-and-due debts and those under
    defence or appeal (the selector decides which is which, D-11). A charge awaiting its case's
    final decision (a seizure's, D-1) is in defence for the law core, never final."""
    kinds = {Debt.Origin.FINE: "multa", Debt.Origin.FEE: "taxa", Debt.Origin.TAX: "imposto"}
    out = []
    for d in [*blocking, *under_review]:
        if d.status == Debt.Status.UNDER_APPEAL:
            status = "em_recurso"
        elif d.awaiting_finality:
            status = "em_defesa"
        else:
            status = "definitivo"
        out.append(
            {
                "id": d.reference,
                "kind": kinds.get(Debt.Origin(d.origin), "outro"),
                "amount_cents": int(d.amount_cents),
                "status": status,
                "description": d.description,
            }
        )
    return out


def taxi_term_renew(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    on: dt.date,
    checks: Mapping[str, Any] | None = None,
) -> PermitTerm:
    """Yearly renewal of the Termo de Permissão (art. 13) and of the Cadastro (art. 21).

    Refused while final debts are open, naming each one (art. 21 §1, D-11); debts under defence
    or appeal do not block. A Termo that lapsed is not renewed: caducidade is proposed, and a
    person decides (D-3). The vehicle passes the yearly inspection (art. 29; ``checks`` is what
    it found) and, once 7 years old, must be replaced by this renewal (art. 28 §1–2, D-6)."""
    authorize(
        actor=actor, municipality=municipality, action="permit.renew", law=_law(municipality, on)
    )
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if permit.service != Service.TAXI:
            raise FieldError("permissão", "não é permissão de táxi")
        if permit.status not in (Permit.Status.ACTIVE, Permit.Status.SUSPENDED):
            raise S.InvalidTransition(
                f"a permissão está {permit.get_status_display()}; não se renova"
            )
        term = PermitTerm.objects.select_for_update().get(permit=permit)
        base = term.last_renewed_on or term.signed_on
        termo_facts: dict[str, Any] = {
            "signed_on": term.signed_on.isoformat(),
            "option": term.option,
        }
        if term.last_renewed_on:
            termo_facts["last_renewed_on"] = term.last_renewed_on.isoformat()
        termo = S.bound_law(municipality, Service.TAXI, on).ask("permit_term", termo_facts)
        owed = _debt_facts(
            ledger.debts_blocking(permit.holder, on), ledger.debts_under_review(permit.holder)
        )
        debts = S.bound_law(municipality, Service.TAXI, on).ask(
            "registration_renewal", {"last_renewed_on": base.isoformat(), "debts": owed}
        )
        decisions = [termo, debts]
        if permit.vehicle is not None:
            decisions.append(
                S.bound_law(municipality, Service.TAXI, on).ask(
                    "vehicle_eligibility",
                    vehicle_facts(
                        permit.vehicle,
                        category=permit.taxi_category or TaxiCategory.CONVENCIONAL,
                        occasion="renovacao",
                        checks=checks or {},
                        renewal_anchor=term.signed_on,
                    ),
                )
            )
        _refuse_if("registry.taxi_term_renew", decisions, on, municipality, "renovação recusada")
        if not termo.outcome.get("renewable"):
            raise Refused(
                merge("registry.taxi_term_renew", [termo], on, municipality.slug, "sem renovação"),
                f"Não há nova renovação: {termo.summary}",
            )
        if permit.vehicle is not None:
            # A vehicle in service since before its inscription had a number is inscribed with
            # the yearly renewal of the Cadastro (art. 21) — vehicle and counter locked before
            # this transaction's first act (registry/locking.py).
            S.taxi_vehicle_inscribe(
                actor=actor, municipality=municipality, vehicle=permit.vehicle, on=on
            )
        old = {"valid_until": term.valid_until, "last_renewed_on": term.last_renewed_on}
        # The law counts each yearly period from the previous one's end (art. 13), whatever day
        # within it the holder came: the new period starts where the current one ends.
        term.last_renewed_on = dt.date.fromisoformat(str(termo.outcome["valid_until"]))
        term.valid_until = dt.date.fromisoformat(str(termo.outcome["next_valid_until"]))
        term.save(update_fields=["last_renewed_on", "valid_until"])
        permit.certificate_valid_until = term.valid_until
        permit.irregular, permit.irregular_reason = False, ""
        permit.save(update_fields=["certificate_valid_until", "irregular", "irregular_reason"])
        act = record_act(
            municipality=municipality,
            actor=actor,
            action="permit.renew",
            obj=permit,
            old=old,
            new={"valid_until": term.valid_until, "last_renewed_on": term.last_renewed_on},
            basis=basis_of(None, _citations(decisions)),
            extra={"decisions": [d.to_json() for d in decisions]},
        )
        PermitTermRenewal.objects.create(
            term=term, renewed_on=on, valid_until=term.valid_until, act=act
        )
    return term


# Auxiliaries ------------------------------------------------------------------------------------


def taxi_auxiliary_add(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    person: Person,
    on: dt.date,
    declarations: Iterable[str] = (),
    checks: Mapping[str, Any] | None = None,
    work_schedule: str = "",
) -> Auxiliary:
    """Up to 2 auxiliaries per vehicle (art. 20 §único), registered in the Cadastro with the
    documents of art. 22 and residing in Ipatinga (art. 4 XIV); numbered in the same register."""
    authorize(
        actor=actor, municipality=municipality, action="registry.record", law=_law(municipality, on)
    )
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if permit.service != Service.TAXI:
            raise FieldError("permissão", "não é permissão de táxi")
        if permit.auxiliaries.filter(person=person, status=Auxiliary.Status.ACTIVE).exists():
            raise FieldError("auxiliar", "já é auxiliar desta permissão")
        current = permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE).count()
        bar = register_bar(person, on)
        if bar is not None:  # art. 41 IV §3, art. 42 IV: no inscription while cassada/suspensa
            raise Refused(bar)
        docs = S.bound_law(municipality, Service.TAXI, on).ask(
            "registration_documents",
            person_documents_facts(
                person,
                presented_on=on,
                vehicle=permit.vehicle,
                checks=checks or {},
                declarations=declarations,
            ),
        )
        allowed = S.bound_law(municipality, Service.TAXI, on).ask(
            "auxiliary_registration",
            {
                "current_auxiliaries": current,
                "candidate_registered": bool(docs.outcome and docs.outcome.get("complete")),
                "candidate_resides_in_ipatinga": _in_municipality(person, municipality),
            },
        )
        _refuse_if(
            "registry.taxi_auxiliary_add", [allowed, docs], on, municipality, "auxiliar recusado"
        )
        aux = Auxiliary.objects.create(
            permit=permit,
            person=person,
            added_on=on,
            work_schedule=work_schedule,
            registration_number=S.next_number(S.TAXI_CADASTRO),
            credential_valid_until=allowed.outcome["valid_until"],
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="auxiliary.add",
            obj=aux,
            new={
                "permit": permit.number,
                "person": person.pk,
                "registration_number": aux.registration_number,
            },
            basis=basis_of(None, _citations([allowed, docs])),
            extra={"decisions": [allowed.to_json(), docs.to_json()]},
        )
    return aux


# Vehicles: substitution, reserve, swap -----------------------------------------------------------


def _inspected(checks: Mapping[str, Any]) -> bool:
    return bool(checks.get("inspection_approved"))


def vehicle_substitute(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    vehicle: Vehicle,
    on: dt.date,
    emergency_until: dt.date | None = None,
    cause: str = "",
    checks: Mapping[str, Any] | None = None,
    equipment: list[str] | None = None,
) -> VehicleChange:
    """Change the vehicle of a permit (substituição; taxi art. 4 X, 29; mototaxi art. 2 XXII).

    ``emergency_until`` makes it a substituição emergencial (mototaxi art. 2 XXIII): for the period
    the SESUMA sets, on proven force majeure, after which the original vehicle returns."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=permit.law)
    checks = checks or {}
    emergency = emergency_until is not None
    if emergency_until is not None:
        if permit.service == Service.TAXI:
            raise FieldError(
                "tipo",
                "no táxi, o veículo temporário é o veículo reserva (sinistro, roubo ou furto)",
                _cites(municipality, on, "reserve_vehicle"),
            )
        if emergency_until < on:
            raise FieldError("até", "o fim do período é anterior ao início")
        if not cause.strip():
            raise FieldError(
                "causa",
                "descreva a força maior comprovada",
                cited_once(permit.law_on(on), "emergency_substitution"),
            )
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if permit.status not in (Permit.Status.ACTIVE, Permit.Status.RESERVE):
            raise S.InvalidTransition(f"a permissão está {permit.get_status_display()}")
        if permit.vehicle_id == vehicle.pk:
            raise FieldError("veículo", "é o veículo atual da permissão")
        if VehicleChange.objects.filter(permit=permit, status=VehicleChange.Status.ACTIVE).exists():
            raise FieldError("veículo", "há uma troca temporária em curso; encerre-a antes")
        _one_vehicle_one_permit(vehicle, exclude=permit)
        if permit.service == Service.TAXI:
            decisions = [
                S.bound_law(municipality, Service.TAXI, on).ask(
                    "vehicle_change",
                    {"kind": "substituicao", "new_vehicle_inspected": _inspected(checks)},
                ),
                S.bound_law(municipality, Service.TAXI, on).ask(
                    "vehicle_eligibility",
                    vehicle_facts(
                        vehicle, category=permit.taxi_category, occasion="troca", checks=checks
                    ),
                ),
            ]
        else:
            decisions = [
                S.vehicle_eligibility(
                    vehicle,
                    permit.service,
                    on,
                    equipment or [],
                    holder=permit.holder,
                    permit=permit,
                )
            ]
        _refuse_if("registry.vehicle_substitute", decisions, on, municipality, "troca recusada")
        if permit.service == Service.TAXI:
            vehicle = S.taxi_vehicle_inscribe(
                actor=actor, municipality=municipality, vehicle=vehicle, on=on
            )
        kind = VehicleChange.Kind.EMERGENCIAL if emergency else VehicleChange.Kind.SUBSTITUICAO
        change = VehicleChange.objects.create(
            permit=permit,
            kind=kind,
            from_vehicle=permit.vehicle,
            to_vehicle=vehicle,
            cause=cause,
            started_on=on,
            until=emergency_until,
            status=VehicleChange.Status.ACTIVE if emergency else VehicleChange.Status.DONE,
            decision={"decisions": [d.to_json() for d in decisions]},
        )
        old_plate = permit.vehicle.plate if permit.vehicle else None
        permit.vehicle = vehicle
        permit.save(update_fields=["vehicle"])
        record_act(
            municipality=municipality,
            actor=actor,
            action=f"vehicle.{kind}",
            obj=change,
            old={"vehicle": old_plate},
            new={"vehicle": vehicle.plate, "until": emergency_until},
            basis=basis_of(None, _citations(decisions)),
            extra={"permit": permit.number, "cause": cause},
        )
    return change


RESERVE_CAUSES = ("sinistro", "roubo", "furto")


def taxi_reserve_vehicle(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    vehicle: Vehicle,
    on: dt.date,
    until: dt.date,
    cause: str,
    checks: Mapping[str, Any] | None = None,
) -> VehicleChange:
    """Reserve vehicle after an accident, robbery or theft, for a set period (taxi art. 30)."""
    authorize(
        actor=actor, municipality=municipality, action="registry.record", law=_law(municipality, on)
    )
    if until < on:
        raise FieldError("até", "o fim do período é anterior ao início")
    days = (until - on).days + 1
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if permit.service != Service.TAXI:
            raise FieldError("permissão", "não é permissão de táxi")
        if permit.status != Permit.Status.ACTIVE:
            raise S.InvalidTransition(f"a permissão está {permit.get_status_display()}")
        if VehicleChange.objects.filter(permit=permit, status=VehicleChange.Status.ACTIVE).exists():
            raise FieldError("veículo", "já há um veículo reserva em uso")
        _one_vehicle_one_permit(vehicle, exclude=permit)
        decision = S.bound_law(municipality, Service.TAXI, on).ask(
            "vehicle_change",
            {
                "kind": "reserva",
                "cause": cause if cause in RESERVE_CAUSES else "outro",
                "days": days,
            },
        )
        _refuse_if(
            "registry.taxi_reserve_vehicle", [decision], on, municipality, "reserva recusada"
        )
        # The reserve vehicle also serves the taxi service: inscribed in the Cadastro (art. 20).
        vehicle = S.taxi_vehicle_inscribe(
            actor=actor, municipality=municipality, vehicle=vehicle, on=on
        )
        change = VehicleChange.objects.create(
            permit=permit,
            kind=VehicleChange.Kind.RESERVA,
            from_vehicle=permit.vehicle,
            to_vehicle=vehicle,
            cause=cause,
            started_on=on,
            until=until,
            status=VehicleChange.Status.ACTIVE,
            decision=decision.to_json(),
        )
        old_plate = permit.vehicle.plate if permit.vehicle else None
        permit.vehicle = vehicle
        permit.save(update_fields=["vehicle"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="vehicle.reserva",
            obj=change,
            old={"vehicle": old_plate},
            new={"vehicle": vehicle.plate, "until": until},
            basis=basis_of(decision),
            extra={"permit": permit.number, "cause": cause},
        )
    return change


def vehicle_change_end(
    *, actor: Actor, municipality: Municipality, change: VehicleChange, on: dt.date
) -> VehicleChange:
    """End a reserve or emergency vehicle: the permit's own vehicle returns to service."""
    permit = change.permit
    authorize(actor=actor, municipality=municipality, action="registry.record", law=permit.law)
    with transaction.atomic(), tenant(municipality):
        change = VehicleChange.objects.select_for_update().get(pk=change.pk)
        if change.status != VehicleChange.Status.ACTIVE:
            raise S.InvalidTransition("a troca temporária já foi encerrada")
        permit = Permit.objects.select_for_update().get(pk=change.permit_id)
        change.status, change.ended_on = VehicleChange.Status.ENDED, on
        change.save(update_fields=["status", "ended_on"])
        permit.vehicle = change.from_vehicle
        permit.save(update_fields=["vehicle"])
        if permit.service == Service.TAXI and change.from_vehicle is not None:
            S.taxi_vehicle_inscribe(
                actor=actor, municipality=municipality, vehicle=change.from_vehicle, on=on
            )
        record_act(
            municipality=municipality,
            actor=actor,
            action="vehicle.change_end",
            obj=change,
            old={"vehicle": change.to_vehicle.plate},
            new={"vehicle": change.from_vehicle.plate if change.from_vehicle else None},
            extra={"permit": permit.number},
        )
    return change


def taxi_vehicle_swap(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    other: Permit,
    on: dt.date,
    checks: Mapping[str, Any] | None = None,
    other_checks: Mapping[str, Any] | None = None,
) -> tuple[VehicleChange, VehicleChange]:
    """Permuta between two holders (taxi art. 32): both vehicles change in one act, so each new
    registration comes with the proof that the other vehicle went to the other permit."""
    authorize(
        actor=actor, municipality=municipality, action="registry.record", law=_law(municipality, on)
    )
    checks, other_checks = checks or {}, other_checks or {}
    with transaction.atomic(), tenant(municipality):
        a, b = sorted([permit, other], key=lambda p: p.pk)
        a = Permit.objects.select_for_update().get(pk=a.pk)
        b = Permit.objects.select_for_update().get(pk=b.pk)
        if a.pk == b.pk or a.service != Service.TAXI or b.service != Service.TAXI:
            raise FieldError("permissão", "a permuta é entre duas permissões de táxi")
        if a.vehicle is None or b.vehicle is None:
            raise FieldError("veículo", "as duas permissões devem ter veículo")
        chk = {permit.pk: checks, other.pk: other_checks}
        decisions = []
        for p, new in ((a, b.vehicle), (b, a.vehicle)):
            decisions += [
                S.bound_law(municipality, Service.TAXI, on).ask(
                    "vehicle_change",
                    {
                        "kind": "permuta",
                        "counterpart_linked": True,
                        "new_vehicle_inspected": _inspected(chk[p.pk]),
                    },
                ),
                S.bound_law(municipality, Service.TAXI, on).ask(
                    "vehicle_eligibility",
                    vehicle_facts(
                        new, category=p.taxi_category, occasion="troca", checks=chk[p.pk]
                    ),
                ),
            ]
        _refuse_if("registry.taxi_vehicle_swap", decisions, on, municipality, "permuta recusada")
        va, vb = a.vehicle, b.vehicle
        # Both vehicles before the counter and the first inscription's act (registry/locking.py).
        list(
            Vehicle.objects.select_for_update(no_key=True)
            .filter(pk__in=(va.pk, vb.pk))
            .order_by("pk")
        )
        for v in sorted((va, vb), key=lambda v: v.pk):
            S.taxi_vehicle_inscribe(actor=actor, municipality=municipality, vehicle=v, on=on)
        changes = []
        for p, old, new in ((a, va, vb), (b, vb, va)):
            changes.append(
                VehicleChange.objects.create(
                    permit=p,
                    kind=VehicleChange.Kind.PERMUTA,
                    from_vehicle=old,
                    to_vehicle=new,
                    started_on=on,
                    status=VehicleChange.Status.DONE,
                    decision={"decisions": [d.to_json() for d in decisions]},
                )
            )
        a.vehicle, b.vehicle = vb, va
        a.save(update_fields=["vehicle"])
        b.save(update_fields=["vehicle"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="vehicle.permuta",
            obj=changes[0],
            old={a.number: va.plate, b.number: vb.plate},
            new={a.number: vb.plate, b.number: va.plate},
            basis=basis_of(None, _citations(decisions)),
        )
    return changes[0], changes[1]


# Transfer on death or incapacity ------------------------------------------------------------------


def taxi_permit_transfer(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    successor: Person,
    event: str,
    on: dt.date,
    proof: str,
    declarations: Iterable[str] = (),
    checks: Mapping[str, Any] | None = None,
) -> Permit:
    """Transfer only on the natural-person holder's death or incapacity (art. 13 §único); the
    successor meets every requirement of the law (eligibility, documents)."""
    law = _law(municipality, on)
    authorize(actor=actor, municipality=municipality, action="permit.grant", law=law)
    if not proof.strip():
        raise FieldError(
            "comprovação",
            "informe a certidão de óbito ou o laudo de incapacidade",
            cited_once(law, "transfer"),
        )
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if permit.service != Service.TAXI:
            raise FieldError("permissão", "não é permissão de táxi")
        if permit.status not in F.ACTIVE_STATUSES:
            raise S.InvalidTransition(f"a permissão está {permit.get_status_display()}")
        if successor.pk == permit.holder_id:
            raise FieldError("sucessor", "o sucessor é o próprio permissionário")
        holder = permit.holder
        transfer = S.bound_law(municipality, Service.TAXI, on).ask(
            "permit_transfer",
            {
                "holder_kind": "pessoa_fisica"
                if holder.kind == Person.Kind.NATURAL
                else "pessoa_juridica",
                "event": event,
            },
        )
        decisions = [transfer]
        if not transfer.refusals:
            # The successor takes the tender's award with the permit; every other requirement is
            # checked as for a new holder.
            decisions += taxi_eligibility(
                person=successor,
                category=permit.taxi_category,
                on=on,
                awarded_in_tender=True,
                vehicle=permit.vehicle,
                checks=checks,
                declarations=declarations,
            )
        _refuse_if(
            "registry.taxi_permit_transfer", decisions, on, municipality, "transferência recusada"
        )
        permit.holder = successor
        permit.save(update_fields=["holder"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="permit.transfer",
            obj=permit,
            old={"holder": holder.pk},
            new={"holder": successor.pk},
            basis=basis_of(None, _citations(decisions)),
            extra={"event": event, "proof": proof, "decisions": [d.to_json() for d in decisions]},
        )
    return permit


# Extinction through a case (art. 15) ---------------------------------------------------------------


def extinction_open(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    cause: str,
    facts: str,
    on: dt.date,
    notified_on: dt.date | None = None,
) -> ExtinctionCase:
    """Open the administrative case of art. 15 §1: the cause found, the defence period (D-17
    defaults via ``taxi.appeal_deadline``). Nothing is extinguished here (D-3)."""
    law = _law(municipality, on)
    authorize(actor=actor, municipality=municipality, action="extinction.propose", law=law)
    if not facts.strip():
        raise FieldError(
            "fatos", "descreva os fatos constatados", cited_once(law, "extinction_case")
        )
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if permit.service != Service.TAXI:
            raise FieldError("permissão", "não é permissão de táxi")
        if permit.status not in F.ACTIVE_STATUSES:
            raise S.InvalidTransition(f"a permissão está {permit.get_status_display()}")
        if ExtinctionCase.objects.filter(permit=permit, status=ExtinctionCase.Status.OPEN).exists():
            raise FieldError("processo", "já há processo de extinção em instrução")
        holder_kind = (
            "pessoa_fisica" if permit.holder.kind == Person.Kind.NATURAL else "pessoa_juridica"
        )
        decision = S.bound_law(municipality, Service.TAXI, on).ask(
            "permit_extinction",
            {"cause": cause, "holder_kind": holder_kind, "found_on": on.isoformat()},
        )
        _refuse_if("registry.extinction_open", [decision], on, municipality, "causa não aplicável")
        decisions = [decision]
        deadline = None
        if notified_on is not None:
            term = _deadline(municipality, notified_on)
            decisions.append(term)
            deadline = dt.date.fromisoformat(str(term.outcome["deadline"]))
        case = ExtinctionCase.objects.create(
            permit=permit,
            number=S.next_number("case:extinction"),
            cause=cause,
            inciso=str(decision.outcome["inciso"]),
            facts=facts.strip(),
            opened_on=on,
            notified_on=notified_on,
            defence_deadline=deadline,
            decision={"decisions": [d.to_json() for d in decisions]},
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="extinction.open",
            obj=case,
            new={"permit": permit.number, "cause": cause, "defence_deadline": deadline},
            basis=basis_of(None, _citations(decisions)),
        )
    return case


def _deadline(m: Municipality, notified_on: dt.date) -> Decision:
    return S.bound_law(m, Service.TAXI, notified_on).ask(
        "appeal_deadline", {"step": "defesa", "notified_on": notified_on.isoformat()}
    )


def extinction_notify(
    *, actor: Actor, municipality: Municipality, case: ExtinctionCase, notified_on: dt.date
) -> ExtinctionCase:
    """The holder was notified: the defence period runs from here (D-4, D-17)."""
    authorize(
        actor=actor, municipality=municipality, action="extinction.propose", law=case.permit.law
    )
    with transaction.atomic(), tenant(municipality):
        case = ExtinctionCase.objects.select_for_update().get(pk=case.pk)
        if case.status != ExtinctionCase.Status.OPEN or case.notified_on is not None:
            raise S.InvalidTransition("o processo não está aguardando notificação")
        term = _deadline(municipality, notified_on)
        case.notified_on = notified_on
        case.defence_deadline = dt.date.fromisoformat(str(term.outcome["deadline"]))
        case.decision.setdefault("decisions", []).append(term.to_json())
        case.save(update_fields=["notified_on", "defence_deadline", "decision"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="extinction.notify",
            obj=case,
            new={"notified_on": notified_on, "defence_deadline": case.defence_deadline},
            basis=basis_of(term),
        )
    return case


def extinction_defence_file(
    *, actor: Actor, municipality: Municipality, case: ExtinctionCase, text: str, on: dt.date
) -> ExtinctionCase:
    """The holder's defence (art. 15 §1: contraditório e ampla defesa), within the deadline."""
    authorize(actor=actor, municipality=municipality, action="defence.file", law=case.permit.law)
    if not text.strip():
        raise FieldError("defesa", "escreva a defesa")
    with transaction.atomic(), tenant(municipality):
        case = ExtinctionCase.objects.select_for_update().get(pk=case.pk)
        if case.status != ExtinctionCase.Status.OPEN or case.notified_on is None:
            raise S.InvalidTransition("o processo não está em prazo de defesa")
        if case.defence_filed_on is not None:
            raise S.InvalidTransition("a defesa já foi apresentada")
        assert case.defence_deadline is not None
        if on > case.defence_deadline:
            raise FieldError(
                "defesa",
                f"prazo de defesa encerrado em {case.defence_deadline:%d/%m/%Y}",
                "decisão D-17",
            )
        case.defence, case.defence_filed_on = text.strip(), on
        case.save(update_fields=["defence", "defence_filed_on"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="extinction.defence",
            obj=case,
            new={"defence_filed_on": on},
        )
    return case


def _decision_action(case: ExtinctionCase) -> str:
    return (
        "penalty.cassacao" if case.cause == "cassacao_revogacao_anulacao" else "penalty.revocation"
    )


def extinction_decide(
    *,
    actor: Actor,
    municipality: Municipality,
    case: ExtinctionCase,
    extinguish: bool,
    grounds: str,
    on: dt.date,
) -> ExtinctionCase:
    """The competent authority decides (D-3), after the defence or once its period lapsed;
    extinction gives no right to indemnity (art. 15 §2)."""
    authorize(
        actor=actor,
        municipality=municipality,
        action=_decision_action(case),
        law=case.permit.law,
    )
    if not grounds.strip():
        raise FieldError("fundamentação", "fundamente a decisão")
    with transaction.atomic(), tenant(municipality):
        case = ExtinctionCase.objects.select_for_update().get(pk=case.pk)
        if case.status != ExtinctionCase.Status.OPEN:
            raise S.InvalidTransition("o processo já foi decidido")
        if case.notified_on is None or case.defence_deadline is None:
            raise S.InvalidTransition("o permissionário ainda não foi notificado para defesa")
        if case.defence_filed_on is None and on <= case.defence_deadline:
            raise S.InvalidTransition(f"o prazo de defesa vai até {case.defence_deadline:%d/%m/%Y}")
        case.status = (
            ExtinctionCase.Status.EXTINCT if extinguish else ExtinctionCase.Status.DISMISSED
        )
        case.decided_on, case.decided_by, case.grounds = on, actor.user, grounds.strip()
        case.save(update_fields=["status", "decided_on", "decided_by", "grounds"])
        act = record_act(
            municipality=municipality,
            actor=actor,
            action=f"extinction.{case.status}",
            obj=case,
            old={"status": "open"},
            new={"status": case.status, "grounds": case.grounds},
            basis={"citations": list(case.decision.get("decisions", [{}])[0].get("citations", []))},
        )
        if extinguish:
            permit = Permit.objects.select_for_update().get(pk=case.permit_id)
            old = permit.status
            permit.status = Permit.Status.EXTINCT
            permit.suspended_until = None
            permit.save(update_fields=["status", "suspended_until"])
            PermitStatusChange.objects.create(
                permit=permit,
                from_status=old,
                to_status=Permit.Status.EXTINCT,
                effective_on=on,
                reason=f"extinção (art. 15, {case.inciso}), processo {case.number}",
                act=act,
            )
    return case
