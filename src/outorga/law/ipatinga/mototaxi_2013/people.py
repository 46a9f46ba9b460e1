"""People: who may hold a permission or be an auxiliary driver (art. 5, 6 §1 and §4, 8, 14, 32 §1
and §3). The permissionário and the condutor auxiliar meet the same requirements (art. 14 §2)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from outorga.law.citations import decision
from outorga.law.common.labels import every_pt
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict, quick_reason
from outorga.law.questions import question
from outorga.law.rules import Requirement, check, quick, reason, verdict_only
from outorga.law.schemas import closed, list_of, nullable
from outorga.law.windows import age_on, years_elapsed_on

from ._common import (
    DATE,
    LAW_ID,
    SERVICE_FACT,
    SERVICE_PT,
    SERVICES,
    Service,
    art,
    day,
    decide_eligible,
    fmt,
    opt_day,
    param,
    record_of,
    yes_no,
)

#: The citations the rules below make on every call, made once.
ART_14 = art(14)
ART_14_P1 = art(14, 1)
ART_14_P2 = art(14, 2)
ART_14_P3 = art(14, 3)
ART_32_III_F = art(32, inc="III", ali="f")
ART_32_IV_D = art(32, inc="IV", ali="d")
ART_32_P1 = art(32, 1)
ART_32_P3 = art(32, 3)
ART_5_I = art(5, inc="I")
ART_5_II = art(5, inc="II")
ART_5_III = art(5, inc="III")
ART_5_IV = art(5, inc="IV")
ART_5_P2 = art(5, 2)
ART_5_VII = art(5, inc="VII")
ART_6_P1 = art(6, 1)
ART_6_P4 = art(6, 4)
ART_8 = art(8)
D_4, D_13 = decision(4), decision(13)


class Role(StrEnum):
    PERMISSIONARIO = "permissionario"
    AUXILIAR = "auxiliar"


ROLES = {r.value: r for r in Role}  # ``Role(value)`` as a lookup (the call refuses the others)


ROLE_PT = {Role.PERMISSIONARIO: "permissionário", Role.AUXILIAR: "condutor auxiliar"}
#: The roles as the rules compare them on every call (a member read off its enum costs a lookup).
PERMISSIONARIO, AUXILIAR = Role.PERMISSIONARIO, Role.AUXILIAR

#: The requirements of art. 5º–8º, 14 and 32 below, each named once with its articles (issue #21).
MINIMUM_AGE = Requirement("art_5_i_minimum_age", ART_5_I)
CNH_CATEGORY_A = Requirement("art_5_ii_cnh_category_a", ART_5_II)
COURSE = Requirement("art_5_iii_course", ART_5_III)
SAFETY_GEAR = Requirement("art_5_iv_safety_gear", ART_5_IV)
#: Its verdict-only answer while nobody has checked the gear (the full answer says so).
SAFETY_GEAR_UNVERIFIED = quick_reason("art_5_iv_safety_gear", Verdict.PENDING, (ART_5_IV,))
MEDICAL_CERTIFICATE = Requirement("art_5_vii_medical_certificate", ART_5_VII, ART_5_P2)
MEDICAL_CERTIFICATE_AFTER_TENDER = Requirement(
    "art_5_par2_medical_certificate_after_tender", ART_5_P2, D_4
)
NATURAL_PERSON = Requirement("art_6_par1_natural_person", ART_6_P1)
EXCLUSIVITY = Requirement("art_8_exclusivity", ART_8, D_13)
WRITTEN_INDICATION = Requirement("art_14_par1_written_indication", ART_14_P1)
SCHEDULE_FILED = Requirement("art_14_par3_schedule_filed", ART_14_P3)
OTHER_COMMERCIAL_PERMISSION = {
    PERMISSIONARIO: Requirement("art_32_other_commercial_permission", ART_32_III_F, D_13),
    AUXILIAR: Requirement("art_32_other_commercial_permission", ART_32_IV_D, D_13),
}

#: Art. 5º, V–XI: the personal documents, by fact key → (inciso, Portuguese name).
DOCUMENTS: dict[str, tuple[str, str]] = {
    "rg": ("V", "documento de identidade (RG)"),
    "military_clearance": ("VI", "quitação com a obrigação militar"),
    "electoral_clearance": ("VI", "quitação com a obrigação eleitoral"),
    "photos": ("VIII", "duas fotos 3x4 coloridas e recentes"),
    "residence_proof": ("IX", "comprovante de residência recente"),
    "criminal_certificates": ("X", "certidões negativas das varas criminais"),
    "cpf": ("XI", "CIC ou comprovante do CPF"),
}

#: Each document's rule, written once: (fact key, rule id, citation, and its texts when the
#: document is not informed, presented, missing).
_DOCUMENT_RULES = tuple(
    (
        key,
        f"art_5_{inciso.lower()}_{key}",
        art(5, inc=inciso),
        f"Documento não informado: {name}.",
        f"Apresentou {name}.",
        f"Falta o documento: {name}.",
    )
    for key, (inciso, name) in DOCUMENTS.items()
)
#: Every document presented, as the facts record them, and the rules' verdicts then.
_ALL_PRESENT = dict.fromkeys(DOCUMENTS, True)
_ALL_PRESENT_QUICK = tuple(quick(rule, True, cite_) for _, rule, cite_, *_ in _DOCUMENT_RULES)
#: The verdict-only reasons of the other combinations (present, absent, not known) of the
#: documents, in ``DOCUMENTS`` order: at most 3 ** 7, each made once.
_DOCUMENTS_QUICK: dict[tuple[bool | None, ...], tuple[Reason, ...]] = {}

#: Permissions of the municipality that bar the activity (art. 8) — checked across every service
#: in the registry (decision D-13).
ART_8_SERVICES = {
    "taxi": "táxi",
    "transporte_escolar": "transporte escolar",
    "transporte_coletivo": "transporte coletivo urbano ou rural",
}
#: Any other permission for commercial purposes is a cause of cassação (art. 32 III f / IV d).
OTHER_COMMERCIAL = {
    "mototaxi": "mototáxi",
    "motofrete": "motofrete",
    "outra_comercial": "outra permissão para fins comerciais",
}


@dataclass(frozen=True)
class OtherPermission:
    service: str
    active: bool


@dataclass(frozen=True)
class Cassation:
    kind: str  # "permissao" | "credenciamento_auxiliar"
    effective_on: dt.date


@dataclass(frozen=True)
class AuxiliaryFacts:
    indicated_in_writing: bool
    other_auxiliaries_on_vehicle: int
    schedule_filed: bool


@dataclass(frozen=True)
class PersonFacts:
    role: Role
    service: Service
    person_type: str
    birth_date: dt.date | None
    category_a_since: dt.date | None
    course_approved: bool
    safety_gear: bool | None
    documents: Mapping[str, bool]
    medical_issued_on: dt.date | None
    medical_presented_on: dt.date | None
    tender_homologated_on: dt.date | None
    other_permissions: tuple[OtherPermission, ...]
    cassations: tuple[Cassation, ...]
    auxiliary: AuxiliaryFacts | None

    def active_permissions(self) -> list[str]:
        """The services of the other permissions this person holds today (D-13)."""
        if not self.other_permissions:  # most people: no walk
            return []
        return [o.service for o in self.other_permissions if o.active]

    def held(self, names: Mapping[str, str]) -> list[str]:
        """The Portuguese ``names``, sorted, of the active permissions among their services."""
        if not self.other_permissions:
            return []
        return sorted(names[s] for s in self.active_permissions() if s in names)

    @classmethod
    def from_json(cls, f: Mapping[str, Any]) -> PersonFacts:
        """The facts as the question's schema admitted them: its booleans are read as they are."""
        med = f.get("medical_certificate") or {}
        aux = f.get("auxiliary")
        others, cassations = f.get("other_permissions"), f.get("cassations")
        return record_of(
            cls,
            {
                "role": ROLES.get(f["role"]) or Role(f["role"]),
                "service": SERVICES.get(f["service"]) or Service(f["service"]),
                "person_type": f.get("person_type", "fisica"),
                "birth_date": opt_day(f["birth_date"]),
                "category_a_since": opt_day(f.get("cnh_category_a_since")),
                "course_approved": f["course_approved"],
                "safety_gear": f.get("safety_gear"),
                "documents": dict(f["documents"]),
                "medical_issued_on": opt_day(med.get("issued_on")),
                "medical_presented_on": opt_day(med.get("presented_on")),
                "tender_homologated_on": opt_day(f.get("tender_homologated_on")),
                "other_permissions": tuple(
                    [OtherPermission(p["service"], bool(p.get("active", True))) for p in others]
                )
                if others
                else (),
                "cassations": tuple(
                    [Cassation(c["kind"], day(c["effective_on"])) for c in cassations]
                )
                if cassations
                else (),
                "auxiliary": None
                if aux is None
                else AuxiliaryFacts(
                    bool(aux["indicated_in_writing"]),
                    int(aux["other_auxiliaries_on_vehicle"]),
                    bool(aux["schedule_filed"]),
                ),
            },
        )


# --- Art. 5º: requirements to exercise the activities ------------------------------------------


def art_5_i_minimum_age(ctx: Context, p: PersonFacts) -> Reason:
    """Art. 5º, I — ter completado 21 (vinte e um) anos (one turns 21 on the 21st birthday).
    Without a birth date on record the age is not proven, so the requirement is not met."""
    minimum = param(ctx, "person.min_age")
    if p.birth_date is None:
        return reason(
            "art_5_i_minimum_age",
            Verdict.REFUSED,
            lambda: (
                "Data de nascimento não informada: não se comprova a idade mínima de "
                f"{minimum.value} anos; registre a data de nascimento no cadastro da pessoa."
            ),
            ART_5_I,
            facts={"data_nascimento": None},
            params=(minimum,),
        )
    age = age_on(p.birth_date, ctx.as_of)
    passed = age >= minimum.value
    if verdict_only():
        return MINIMUM_AGE.stand_in[passed]
    return MINIMUM_AGE.check(
        passed,
        lambda: f"Idade de {age} anos na data; a lei exige no mínimo {minimum.value} anos.",
        lambda: f"Idade de {age} anos na data; a lei exige no mínimo {minimum.value} anos.",
        facts={"data_nascimento": p.birth_date, "idade": age},
        params=(minimum,),
    )


def art_5_ii_cnh_category_a(ctx: Context, p: PersonFacts) -> Reason:
    """Art. 5º, II — possuir habilitação, por pelo menos 2 (dois) anos, na categoria "A"
    (Lei Federal 12.009/2009, art. 2º, II)."""
    years = param(ctx, "person.cnh_a_min_years")
    if p.category_a_since is None:
        return reason(
            "art_5_ii_cnh_category_a",
            Verdict.REFUSED,
            "Não possui habilitação na categoria A.",
            ART_5_II,
            facts={"categoria_a_desde": None},
            params=(years,),
        )
    holds_a_since = p.category_a_since
    since = years_elapsed_on(holds_a_since, years.value)
    passed = ctx.as_of >= since
    if verdict_only():
        return CNH_CATEGORY_A.stand_in[passed]
    return CNH_CATEGORY_A.check(
        passed,
        lambda: (
            f"Habilitado na categoria A desde {fmt(holds_a_since)}: "
            f"{years.value} anos completos em {fmt(since)}."
        ),
        lambda: (
            f"Habilitado na categoria A desde {fmt(holds_a_since)}; a lei exige "
            f"{years.value} anos de habilitação, completos somente em {fmt(since)}."
        ),
        facts={"categoria_a_desde": p.category_a_since, "completa_em": since},
        params=(years,),
    )


def art_5_iii_course(ctx: Context, p: PersonFacts) -> Reason:
    """Art. 5º, III — ser aprovado em curso especializado, nos termos da regulamentação do CONTRAN."""
    return yes_no(
        COURSE,
        p.course_approved,
        "Aprovado em curso especializado (CONTRAN).",
        "Não comprovou aprovação no curso especializado exigido pelo CONTRAN.",
        fact="curso_aprovado",
    )


def art_5_iv_safety_gear(ctx: Context, p: PersonFacts) -> Reason:
    """Art. 5º, IV — usar colete de segurança e capacete dotados de dispositivos retrorrefletivos."""
    if verdict_only():
        gear = p.safety_gear
        return SAFETY_GEAR_UNVERIFIED if gear is None else SAFETY_GEAR.stand_in[gear]
    if p.safety_gear is None:
        return reason(
            "art_5_iv_safety_gear",
            Verdict.PENDING,
            "Colete e capacete com dispositivos retrorrefletivos não verificados.",
            ART_5_IV,
        )
    return yes_no(
        SAFETY_GEAR,
        p.safety_gear,
        "Colete e capacete com dispositivos retrorrefletivos verificados.",
        "Não dispõe de colete e capacete com dispositivos retrorrefletivos.",
        fact="colete_e_capacete",
    )


def art_5_v_xi_documents(ctx: Context, p: PersonFacts) -> list[Reason]:
    """Art. 5º, V, VI, VIII–XI — RG; quitação militar e eleitoral; duas fotos 3x4; comprovante de
    residência; certidões negativas criminais; CIC/CPF. (VII, the medical certificate, has its own
    rule because §2 dates it.)"""
    documents = p.documents
    if verdict_only():  # the verdicts of that combination of documents, made once
        if documents == _ALL_PRESENT:  # most applicants: the shared OKs
            return list(_ALL_PRESENT_QUICK)
        given = tuple([documents.get(key) for key in DOCUMENTS])
        found = _DOCUMENTS_QUICK.get(given)
        if found is None:
            found = _DOCUMENTS_QUICK[given] = tuple(
                quick_reason(rule, Verdict.PENDING, (cite_,))
                if present is None
                else quick(rule, present, cite_)
                for present, (_, rule, cite_, *_) in zip(given, _DOCUMENT_RULES, strict=True)
            )
        return list(found)
    out = []
    for key, rule, cite_, pending_text, ok_text, refused_text in _DOCUMENT_RULES:
        present = documents.get(key)
        if present is None:
            out.append(reason(rule, Verdict.PENDING, pending_text, cite_))
            continue
        out.append(check(rule, present, ok_text, refused_text, cite_, facts={key: present}))
    return out


def art_5_vii_medical_certificate_yearly(ctx: Context, p: PersonFacts) -> Reason:
    """Art. 5º, VII e §2º — atestado médico de sanidade física e mental, renovado anualmente."""
    years = param(ctx, "documents.medical_validity_years")
    if p.medical_issued_on is None:
        return reason(
            "art_5_vii_medical_certificate",
            Verdict.REFUSED,
            "Falta o atestado médico de sanidade física e mental.",
            ART_5_VII,
            params=(years,),
        )
    issued = p.medical_issued_on
    until = years_elapsed_on(issued, years.value)
    passed = issued <= ctx.as_of <= until
    if verdict_only():
        return MEDICAL_CERTIFICATE.stand_in[passed]
    return MEDICAL_CERTIFICATE.check(
        passed,
        lambda: f"Atestado médico de {fmt(issued)}, válido até {fmt(until)}.",
        lambda: (
            f"Atestado médico de {fmt(issued)} vencido em {fmt(until)}; "
            f"deve ser renovado {every_pt(years.value, 'years')}."
        ),
        facts={"atestado_emitido_em": p.medical_issued_on, "valido_ate": until},
        params=(years,),
    )


def art_5_par2_medical_certificate_after_tender(ctx: Context, p: PersonFacts) -> Reason | None:
    """Art. 5º, §2º — o atestado médico deve ser apresentado no prazo máximo de 30 (trinta) dias,
    contados da homologação do resultado da licitação (counted per decision D-4)."""
    if p.tender_homologated_on is None:
        return None
    days = param(ctx, "person.medical_first_days")
    deadline = ctx.calendar.deadline(p.tender_homologated_on, days.value)
    if p.medical_presented_on is None:
        late = ctx.as_of > deadline
        return reason(
            "art_5_par2_medical_certificate_after_tender",
            Verdict.REFUSED if late else Verdict.PENDING,
            lambda: (
                f"Atestado médico não apresentado; o prazo terminou em {fmt(deadline)}."
                if late
                else f"Atestado médico a apresentar até {fmt(deadline)}."
            ),
            ART_5_P2,
            D_4,
            facts={"homologacao": p.tender_homologated_on, "prazo": deadline},
            params=(days,),
        )
    presented = p.medical_presented_on
    if verdict_only():
        return MEDICAL_CERTIFICATE_AFTER_TENDER.stand_in[presented <= deadline]
    return MEDICAL_CERTIFICATE_AFTER_TENDER.check(
        presented <= deadline,
        lambda: (
            f"Atestado médico apresentado em {fmt(presented)}, dentro do prazo "
            f"de {days.value} dias da homologação (até {fmt(deadline)})."
        ),
        lambda: (
            f"Atestado médico apresentado em {fmt(presented)}, após o prazo de "
            f"{days.value} dias da homologação (até {fmt(deadline)})."
        ),
        facts={
            "homologacao": p.tender_homologated_on,
            "apresentado_em": p.medical_presented_on,
            "prazo": deadline,
        },
        params=(days,),
    )


# --- Art. 6º e 8º: who may hold a permission ----------------------------------------------------


def art_6_par1_natural_person(ctx: Context, p: PersonFacts) -> Reason:
    """Art. 6º, §1º — as permissões somente se dão à pessoa física, sendo pessoal e intransferível
    (art. 7º: no cession, loan, lease or sublease)."""
    if verdict_only():
        return NATURAL_PERSON.stand_in[p.person_type == "fisica"]
    return NATURAL_PERSON.check(
        p.person_type == "fisica",
        "Pessoa física: a permissão é pessoal e intransferível.",
        "A permissão somente se dá a pessoa física.",
        facts={"tipo_pessoa": p.person_type},
    )


def _holds_none(
    requirement: Requirement,
    p: PersonFacts,
    services: Mapping[str, str],
    ok: str,
    refused: Callable[[str], str],
) -> Reason:
    """``requirement``, met when the person holds no active permission of the municipality in
    ``services`` (D-13); ``refused`` writes its refusal from the names of those held."""
    held = p.held(services)
    if verdict_only():
        return requirement.stand_in[not held]
    return requirement.check(
        not held,
        ok,
        lambda: refused(", ".join(held)),
        facts={"outras_permissoes": p.active_permissions()},
    )


def art_8_no_taxi_school_or_collective_permission(ctx: Context, p: PersonFacts) -> Reason:
    """Art. 8º — não é permitido o exercício das atividades aos que detêm permissão do Município nas
    atividades de taxista, transporte escolar e transporte coletivo urbano ou rural (D-13)."""
    return _holds_none(
        EXCLUSIVITY,
        p,
        ART_8_SERVICES,
        "Não detém permissão de táxi, transporte escolar ou coletivo no Município.",
        lambda held: f"Detém permissão do Município de {held}; a lei veda o exercício simultâneo.",
    )


def art_32_iii_f_no_other_commercial_permission(ctx: Context, p: PersonFacts) -> Reason:
    """Art. 32, III, f (permissionário) / IV, d (auxiliar) — deter do Município qualquer permissão
    para fins comerciais é causa de cassação; per decision D-13 it also bars a new grant. Another
    mototáxi/motofrete permission also breaks art. 6º §2º (one vehicle per holder)."""
    return _holds_none(
        OTHER_COMMERCIAL_PERMISSION[p.role],
        p,
        OTHER_COMMERCIAL,
        "Não detém outra permissão do Município para fins comerciais.",
        lambda held: (
            f"Detém outra permissão do Município para fins comerciais ({held}), causa de cassação."
        ),
    )


# --- Art. 14: the auxiliary driver ------------------------------------------------------------


def art_6_par4_one_auxiliary_per_vehicle(ctx: Context, p: PersonFacts) -> Reason:
    """Art. 6º, §4º e art. 14 — é permitida a indicação de um condutor auxiliar por veículo."""
    limit = param(ctx, "person.auxiliaries_per_vehicle")
    others = p.auxiliary.other_auxiliaries_on_vehicle if p.auxiliary else 0
    return check(
        "art_6_par4_one_auxiliary_per_vehicle",
        others + 1 <= limit.value,
        # "O único" only while it is so: the limit is the one of the day (D-15).
        lambda: (
            f"Será o único condutor auxiliar do veículo (limite {limit.value})."
            if others == 0
            else f"Com ele, {others + 1} condutores auxiliares no veículo (limite {limit.value})."
        ),
        lambda: f"O veículo já tem {others} condutor(es) auxiliar(es); o limite é {limit.value}.",
        ART_6_P4,
        ART_14,
        facts={"outros_auxiliares_no_veiculo": others},
        params=(limit,),
    )


def art_14_par1_written_indication(ctx: Context, p: PersonFacts) -> Reason:
    """Art. 14, §1º — a indicação do condutor auxiliar será feita por escrito junto à SESUMA."""
    return yes_no(
        WRITTEN_INDICATION,
        bool(p.auxiliary and p.auxiliary.indicated_in_writing),
        "Indicação do condutor auxiliar feita por escrito pelo permissionário.",
        "Falta a indicação por escrito do condutor auxiliar pelo permissionário.",
        fact="indicacao_escrita",
    )


def art_14_par3_schedule_filed(ctx: Context, p: PersonFacts) -> Reason:
    """Art. 14, §3º — a escala do detentor do serviço e do condutor auxiliar será entregue à SESUMA."""
    return yes_no(
        SCHEDULE_FILED,
        bool(p.auxiliary and p.auxiliary.schedule_filed),
        "Escala do permissionário e do condutor auxiliar entregue à SESUMA.",
        "Falta entregar à SESUMA a escala do permissionário e do condutor auxiliar.",
        fact="escala_entregue",
    )


# --- Art. 32 §1º and §3º: two years after a cassação ----------------------------------------------


def art_32_par1_par3_cassation_bar(ctx: Context, p: PersonFacts) -> Reason:
    """Art. 32, §1º — o permissionário que tiver a permissão cassada só poderá obter outra depois de
    decorridos 2 (dois) anos da efetivação da cassação; §3º — o mesmo para o credenciamento do
    condutor auxiliar. Each bar applies to the kind it names."""
    cite_ = ART_32_P1 if p.role is PERMISSIONARIO else ART_32_P3
    if not p.cassations and verdict_only():  # none on record: the shared OK
        return quick("art_32_cassation_bar", True, cite_)
    years = param(ctx, "person.cassation_bar_years")
    kind = "permissao" if p.role is PERMISSIONARIO else "credenciamento_auxiliar"
    relevant = [c for c in p.cassations if c.kind == kind and c.effective_on <= ctx.as_of]
    if not relevant:
        return reason(
            "art_32_cassation_bar",
            Verdict.OK,
            "Sem cassação nos registros.",
            cite_,
            params=(years,),
        )
    last = max(c.effective_on for c in relevant)
    # Civil Code art. 132, §3º: from 29/02 the years run out on 01/03 of a common year.
    free_on = years_elapsed_on(last, years.value)
    return check(
        "art_32_cassation_bar",
        ctx.as_of >= free_on,
        lambda: (
            f"Cassação efetivada em {fmt(last)}; {years.value} anos decorridos em {fmt(free_on)}."
        ),
        lambda: (
            f"Cassação efetivada em {fmt(last)}; nova outorga somente a partir de {fmt(free_on)}."
        ),
        cite_,
        facts={"cassacao_efetivada_em": last, "liberado_em": free_on},
        params=(years,),
    )


PERSON_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": [
        "role",
        "service",
        "birth_date",
        "cnh_category_a_since",
        "course_approved",
        "documents",
        "medical_certificate",
    ],
    "additionalProperties": False,
    "properties": {
        "role": {"enum": [r.value for r in Role]},
        "service": SERVICE_FACT,
        "person_type": {"enum": ["fisica", "juridica"], "default": "fisica"},
        "birth_date": nullable(DATE),
        "cnh_category_a_since": nullable(DATE),
        "course_approved": {"type": "boolean"},
        "safety_gear": {"type": "boolean"},
        "documents": closed({k: {"type": "boolean"} for k in DOCUMENTS}),
        "medical_certificate": closed({"issued_on": DATE, "presented_on": DATE}),
        "tender_homologated_on": DATE,
        "other_permissions": list_of(
            closed(
                {
                    "service": {"enum": [*ART_8_SERVICES, *OTHER_COMMERCIAL]},
                    "active": {"type": "boolean"},
                },
                required=["service"],
            )
        ),
        "cassations": list_of(
            closed(
                {
                    "kind": {"enum": ["permissao", "credenciamento_auxiliar"]},
                    "effective_on": DATE,
                },
                required=["kind", "effective_on"],
            )
        ),
        "auxiliary": closed(
            {
                "indicated_in_writing": {"type": "boolean"},
                "other_auxiliaries_on_vehicle": {"type": "integer", "minimum": 0},
                "schedule_filed": {"type": "boolean"},
            },
            required=[
                "indicated_in_writing",
                "other_auxiliaries_on_vehicle",
                "schedule_filed",
            ],
        ),
    },
    "if": {"properties": {"role": {"const": "auxiliar"}}},
    "then": {"required": ["auxiliary"]},
}


@question(
    "ipatinga.mototaxi-2013.person_eligibility",
    law=LAW_ID,
    title="Esta pessoa pode ser permissionária ou condutora auxiliar de mototáxi/motofrete?",
    schema=PERSON_SCHEMA,
)
def person_eligibility(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 5º (requirements), 6º §1º, 8º, 14 (auxiliary: same requirements, §2º), 32 §1º/§3º."""
    p = PersonFacts.from_json(facts)
    reasons: list[Reason] = [
        art_5_i_minimum_age(ctx, p),
        art_5_ii_cnh_category_a(ctx, p),
        art_5_iii_course(ctx, p),
        art_5_iv_safety_gear(ctx, p),
        *art_5_v_xi_documents(ctx, p),
        art_5_vii_medical_certificate_yearly(ctx, p),
    ]
    after_tender = art_5_par2_medical_certificate_after_tender(ctx, p)
    if after_tender is not None:
        reasons.append(after_tender)
    reasons += [
        art_6_par1_natural_person(ctx, p),
        art_8_no_taxi_school_or_collective_permission(ctx, p),
        art_32_iii_f_no_other_commercial_permission(ctx, p),
    ]
    if p.role is AUXILIAR:
        reasons += [
            reason(
                "art_14_par2_same_requirements",
                Verdict.INFO,
                "O condutor auxiliar cumpre as mesmas exigências do permissionário.",
                ART_14_P2,
            ),
            art_6_par4_one_auxiliary_per_vehicle(ctx, p),
            art_14_par1_written_indication(ctx, p),
            art_14_par3_schedule_filed(ctx, p),
        ]
    reasons.append(art_32_par1_par3_cassation_bar(ctx, p))
    outcome, texts = _PERSON_OUTCOMES[p.role, p.service]
    return decide_eligible(
        "ipatinga.mototaxi-2013.person_eligibility", ctx, reasons, outcome, texts
    )


def _person_outcome(role: Role, service: Service) -> tuple[dict[str, str], tuple[str, str, str]]:
    """The outcome's fields and the summaries (eligible, not eligible, pending) of a person of
    ``role`` in ``service``: read, never changed (``decide_eligible`` copies the fields)."""
    who = f"{ROLE_PT[role]} de {SERVICE_PT[service]}"
    return {"role": role.value, "service": service.value}, (
        f"Apto a ser {who}.",
        f"Não apto a ser {who}.",
        f"Aptidão a ser {who} depende de verificação pendente.",
    )


_PERSON_OUTCOMES = {(r, s): _person_outcome(r, s) for r in Role for s in Service}
