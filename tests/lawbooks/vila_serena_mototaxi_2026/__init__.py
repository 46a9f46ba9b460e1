"""A test-only law: Vila Serena's (fictitious) mototaxi law of 2026, ``vila-serena.mototaxi-2026``.

It exists to prove the seam: a municipality whose mototaxi law sets its own minimum age (18, art. 3
I) and engine range (100–300 cc, art. 4 I) is bound by data and runs the registry journey — from
registration to a granted permit and a verified badge — with no change to the product's code
outside ``outorga.law``. It answers the registry part of the mototaxi interface with the facts the
interface fixes (``interfaces.MOTO_SERVICES``), under its own articles and parameters.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from outorga.law import interfaces
from outorga.law.bindings import Rulebook, Service, register_rulebook
from outorga.law.citations import Citation, cite
from outorga.law.competence import Competence, Role, register
from outorga.law.context import Context
from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import question
from outorga.law.rulebook import decide
from outorga.law.rules import check, reason
from outorga.law.windows import add_years, age_on

LAW_ID = "vila-serena.mototaxi-2026"
PARAMS = "mototaxi_2026"

register_rulebook(
    Rulebook(
        LAW_ID,
        __name__,
        (Service.MOTOTAXI,),
        dt.date(2026, 1, 1),
        title="Lei de mototáxi de Vila Serena (2026, lei de teste)",
        parameters=Path(__file__).parent / "parameters",
    )
)


def art(article: int, par: int | None = None, inc: str | None = None) -> Citation:
    return cite(LAW_ID, article, par, inc)


#: Art. 9 — the clerk registers and grants; the secretary (autoridade) too.
register(
    [
        Competence(LAW_ID, action, frozenset({Role.ATENDENTE, Role.AUTORIDADE}), (art(9),))
        for action in ("registry.record", "permit.grant", "badge.issue")
    ]
)

CITES: dict[str, Citation] = {"tender": art(6), "registration_certificate": art(7)}


def _p(ctx: Context, name: str) -> Any:
    return ctx.param(f"{PARAMS}.{name}")


def _schema(name: str) -> Mapping[str, Any]:
    return interfaces.MOTO_SERVICES.facts_schema(name)


@question(
    f"{LAW_ID}.person_eligibility",
    law=LAW_ID,
    title="Esta pessoa pode ser permissionária de mototáxi em Vila Serena?",
    schema=_schema("person_eligibility"),
)
def person_eligibility(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 3 — I: 18 anos completos; II: CNH categoria A; III: RG, CPF, comprovante de residência
    e certidões criminais."""
    min_age = _p(ctx, "person.min_age")
    born = facts.get("birth_date")
    age = age_on(dt.date.fromisoformat(born), ctx.as_of) if born else -1
    docs = facts["documents"]
    missing = [k for k in ("rg", "cpf", "residence_proof", "criminal_certificates") if not docs[k]]
    reasons = [
        check(
            "art_3_i_min_age",
            age >= min_age.value,
            f"Idade {age} anos: atende ao mínimo de {min_age.value}.",
            f"Idade mínima de {min_age.value} anos não atendida.",
            art(3, inc="I"),
            params=(min_age,),
        ),
        check(
            "art_3_ii_cnh_a",
            bool(facts.get("cnh_category_a_since")),
            "CNH categoria A.",
            "Sem CNH categoria A.",
            art(3, inc="II"),
        ),
        check(
            "art_3_iii_documents",
            not missing,
            "Documentos pessoais apresentados.",
            f"Faltam documentos: {', '.join(missing)}.",
            art(3, inc="III"),
        ),
    ]
    ok = all(r.verdict is Verdict.OK for r in reasons)
    return decide(
        f"{LAW_ID}.person_eligibility",
        ctx,
        {"eligible": ok, "service": facts["service"]},
        reasons,
        "Pessoa apta." if ok else "Pessoa não apta.",
    )


@question(
    f"{LAW_ID}.vehicle_eligibility",
    law=LAW_ID,
    title="Este veículo pode servir ao mototáxi em Vila Serena?",
    schema=_schema("vehicle_eligibility"),
)
def vehicle_eligibility(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 4 — I: motocicleta de 100 a 300 cc; II: CRV e CRLV em nome do permissionário; III: um
    veículo por permissão."""
    low, high = _p(ctx, "vehicle.engine_min_cc"), _p(ctx, "vehicle.engine_max_cc")
    cc = facts["engine_cc"]
    owned = facts["in_holders_name"]
    others = [p["number"] for p in facts.get("other_permits", ())]
    reasons = [
        check(
            "art_4_i_engine",
            facts["kind"] == "motocicleta" and low.value <= cc <= high.value,
            f"Motocicleta de {cc} cc, entre {low.value} e {high.value} cc.",
            f"Exige-se motocicleta de {low.value} a {high.value} cc; esta tem {cc} cc.",
            art(4, inc="I"),
            params=(low, high),
        ),
        check(
            "art_4_ii_owner",
            bool(owned["crv"] and owned["crlv"]),
            "CRV e CRLV em nome do permissionário.",
            "CRV e CRLV devem estar em nome do permissionário.",
            art(4, inc="II"),
        ),
        check(
            "art_4_iii_one_permit",
            not others,
            "Veículo não cadastrado em outra permissão.",
            f"Veículo já cadastrado na permissão {', '.join(others)}.",
            art(4, inc="III"),
        ),
    ]
    ok = all(r.verdict is Verdict.OK for r in reasons)
    return decide(
        f"{LAW_ID}.vehicle_eligibility",
        ctx,
        {"eligible": ok, "service": facts["service"]},
        reasons,
        "Veículo apto." if ok else "Veículo não apto.",
    )


@question(
    f"{LAW_ID}.quota",
    law=LAW_ID,
    title="Há vaga para uma nova permissão de mototáxi em Vila Serena?",
    schema=_schema("quota"),
)
def quota(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 5 — uma permissão para cada 500 habitantes."""
    ratio = _p(ctx, "quota.ratio")
    population = ctx.population()
    limit = population.value // ratio.value
    active = facts["active_permits"]
    r = check(
        "art_5_quota",
        active < limit,
        f"{active} de {limit} vagas ocupadas.",
        f"Todas as {limit} vagas estão ocupadas.",
        art(5),
        params=(ratio,),
    )
    return decide(
        f"{LAW_ID}.quota",
        ctx,
        {"limit": limit, "available": max(limit - active, 0), "may_grant": active < limit},
        [r],
        r.message,
    )


@question(
    f"{LAW_ID}.permit_term",
    law=LAW_ID,
    title="Por quanto tempo vale esta permissão?",
    schema=_schema("permit_term"),
)
def permit_term(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 6 — a permissão, precedida de licitação, vale no máximo 5 anos."""
    most = _p(ctx, "permit.max_term_years")
    years = facts["term_years"]
    granted = dt.date.fromisoformat(facts["granted_on"])
    reasons = [
        check(
            "art_6_tender",
            bool(facts["after_tender"]),
            "Precedida de licitação.",
            "A permissão é precedida de licitação.",
            art(6),
        ),
        check(
            "art_6_term",
            0 < years <= most.value,
            f"Prazo de {years} anos, no máximo {most.value}.",
            f"Prazo máximo de {most.value} anos.",
            art(6),
            params=(most,),
        ),
    ]
    return decide(
        f"{LAW_ID}.permit_term",
        ctx,
        {"term_ends_on": add_years(granted, years)},
        reasons,
        "Prazo da permissão.",
    )


@question(
    f"{LAW_ID}.document_validity",
    law=LAW_ID,
    title="Até quando vale este documento?",
    schema=_schema("document_validity"),
)
def document_validity(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 7 — o certificado de registro vale 2 anos; os demais documentos, 1 ano."""
    issued = dt.date.fromisoformat(facts["issued_on"])
    years = _p(ctx, "documents.registration_validity_years")
    n = years.value if facts["document"] == "registro_cadastral" else 1
    until = add_years(issued, n) - dt.timedelta(days=1)
    r = reason(
        "art_7_validity",
        Verdict.INFO,
        f"Válido até {until:%d/%m/%Y}.",
        art(7),
        params=(years,),
    )
    return decide(f"{LAW_ID}.document_validity", ctx, {"expires_on": until}, [r], r.message)


@question(
    f"{LAW_ID}.badge",
    law=LAW_ID,
    title="Este crachá contém os dados obrigatórios?",
    schema=_schema("badge"),
)
def badge(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 8 — o crachá traz nome, número da permissão e placa."""
    need = ("nome_completo", "numero_autorizacao_trafego", "placa")
    missing = [f for f in need if f not in facts["fields"]]
    r = check(
        "art_8_badge_fields",
        not missing,
        "Crachá com os dados do art. 8.",
        f"Faltam no crachá: {', '.join(missing)}.",
        art(8),
    )
    return decide(f"{LAW_ID}.badge", ctx, {"complete": not missing}, [r], r.message)
