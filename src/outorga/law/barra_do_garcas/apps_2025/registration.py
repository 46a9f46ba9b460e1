"""Capítulo II — Cadastro e Licenciamento (art. 3–4): credentials, caps, drivers and vehicles."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.citations import Citation, cite, decision, render_within
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.parameters import ParameterValue
from outorga.law.questions import question
from outorga.law.rules import check, reason, unless_suspended
from outorga.law.schemas import closed

from ._base import (
    COUNT,
    DATE,
    DOCUMENT,
    LAW,
    art,
    day,
    decide,
    fmt,
    info,
    optional_param,
    param,
)
from .final_provisions import eligibility_in_force
from .platform_duties import VEHICLE_KINDS, art11_iii_complaint_channel, art17_two_wheeler_ban
from .taxation import art19_2_cadastro_mobiliario

RULE_PLATFORM_CAP = "apps.art3.platform_cap"
RULE_DRIVER_CAP_PLATFORM = "apps.art3.driver_cap_platform"
RULE_DRIVER_CAP_MUNICIPALITY = "apps.art3.driver_cap_municipality"
RULE_MUNICIPAL_DEBT_CLEARANCE = "apps.art4.ii.e.municipal_debt_clearance"
RULE_CRIMINAL_CERTIFICATE = "apps.art4.ii.c.criminal_certificate"
#: Art. 4, II, c and e: the certidões as the law names them.
CRIMINAL_CERTIFICATE_PT = "Certidão negativa de antecedentes criminais"
MUNICIPAL_DEBT_CERTIFICATE_PT = "Certidão negativa de débitos com o município"

#: The categories a CNH may carry (CTB art. 143): the vocabulary of the facts. Which of them are "B
#: ou superior" is the dated parameter ``apps_2025.cnh_categories``.
CNH_CATEGORIES = ("ACC", "A", "B", "C", "D", "E", "AB", "AC", "AD", "AE")


# --- art. 3: credentialed platforms and caps -----------------------------------------------------


def art3_credentialed(credentialed: bool) -> Reason:
    """Art. 3: the service "somente poderá ser ofertado por intermédio de plataformas tecnológicas
    devidamente credenciadas perante o Poder Executivo Municipal"."""
    return check(
        "apps.art3.credentialed_platform",
        credentialed,
        "A plataforma está credenciada no Município.",
        "A plataforma não está credenciada; o serviço só pode ser ofertado por plataformas "
        "credenciadas.",
        art(3),
        facts={"credenciada": credentialed},
    )


def _one_more_within_cap(
    ctx: Context,
    rule: str,
    cap: ParameterValue,
    now: int,
    ok: str,
    refused: str,
    *citations: Citation,
    fact: str,
    more: int = 1,
    facts: Mapping[str, Any] | None = None,
) -> Reason:
    """The check art. 3 §1 and §2 share: ``more`` (one, or none when the one is already counted)
    within ``cap``, unless a court suspended ``rule`` (D-16). ``ok`` and ``refused`` are
    formatted with ``after``, ``now`` and ``cap``."""

    def apply() -> Reason:
        after = now + more
        values = {"after": after, "now": now, "cap": cap.value}
        return check(
            rule,
            after <= cap.value,
            ok.format(**values),
            refused.format(**values),
            *citations,
            facts={fact: now, **(facts or {})},
            params=(cap,),
        )

    return unless_suspended(ctx, rule, apply)


def art3_1_platform_cap(ctx: Context, credentialed_now: int) -> Reason:
    """Art. 3, §1: "Será permitido o funcionamento de até 10 (dez) plataformas tecnológicas
    simultaneamente no Município". A new credential is refused when 10 are already in force.
    Suspendable (D-16): ``apps.art3.platform_cap``."""
    return _one_more_within_cap(
        ctx,
        RULE_PLATFORM_CAP,
        param(ctx, "platform_cap"),
        credentialed_now,
        "Com este credenciamento serão {after} plataformas; o limite é {cap}.",
        "Já há {now} plataformas credenciadas; o limite é {cap}.",
        art(3, 1),
        fact="plataformas_credenciadas",
    )


#: Lei 9.784/1999 art. 53: the annulment of the Administration's own illegal act (D-17).
FEDERAL_ANNULMENT = cite("federal.9784-1999", 53)


def art3_1_platform_cap_on_restoration(ctx: Context, others_now: int) -> Reason:
    """Art. 3, §1 with Lei 9.784/1999 art. 53 and 64 (D-17; ADR 0064): the exception to the cap of
    :func:`art3_1_platform_cap`. A cancellation of the credential (art. 26, IV) annulled — of the
    authority's own motion or on appeal — or turned into a suspension is undone from the start:
    the platform never lost its credential nor its place among the 10, so its return is not a new
    credential and the cap does not refuse it. When the others credentialed since (``others_now``,
    not counting it) fill the cap, the credentials over it are the ones given on the cancellation's
    premise: the reason says so (``INFO``, the excess in its facts) for the authority to review
    them by their own process; none is undone here (D-3). Suspendable (D-16) with the cap:
    ``apps.art3.platform_cap``."""
    after = others_now + 1
    return _holding_within_cap(
        ctx,
        after,
        {"plataformas_credenciadas": others_now, "com_a_restabelecida": after},
        "Com o credenciamento restabelecido serão {n} plataformas credenciadas; o limite é {cap}.",
        "Com o credenciamento restabelecido são {n} plataformas credenciadas, acima do limite de "
        "{cap}: o cancelamento desfeito não retirou a vaga da plataforma (a anulação retroage), "
        "e cabe à autoridade rever, em processo próprio e com contraditório, os credenciamentos "
        "concedidos depois dele.",
    )


def art3_1_platforms_over_cap(ctx: Context, holding: int) -> Reason:
    """Art. 3, §1 read over the credentials in force after a cancellation was annulled (ADR 0064,
    with Lei 9.784/1999 art. 53): the platforms holding a credential (``holding``, the one given
    back among them) over the cap are reported (``INFO``) while they exceed it, for the authority
    to review the credentials given since the cancellation by their own process (D-3); never a
    refusal. Suspendable (D-16) with the cap: ``apps.art3.platform_cap``."""
    return _holding_within_cap(
        ctx,
        holding,
        {"plataformas_credenciadas": holding},
        "São {n} plataformas credenciadas; o limite é {cap}.",
        "São {n} plataformas credenciadas, acima do limite de {cap}: um cancelamento anulado não "
        "retirou a vaga da plataforma (a anulação retroage), e cabe à autoridade rever, em "
        "processo próprio e com contraditório, os credenciamentos concedidos depois dele.",
    )


def _holding_within_cap(
    ctx: Context, holding: int, facts: dict[str, Any], within: str, over: str
) -> Reason:
    """``holding`` platforms with a credential against the cap of art. 3 §1: ``OK`` within it
    (``within``), ``INFO`` over it (``over``, the excess in the facts, citing Lei 9.784/1999 art.
    53) — never a refusal; unless a court suspended the cap (D-16)."""
    cap = param(ctx, "platform_cap")

    def apply() -> Reason:
        if holding <= cap.value:
            said = within.format(n=holding, cap=cap.value)
            return reason(
                RULE_PLATFORM_CAP, Verdict.OK, said, art(3, 1), facts=facts, params=(cap,)
            )
        return reason(
            RULE_PLATFORM_CAP,
            Verdict.INFO,
            over.format(n=holding, cap=cap.value),
            art(3, 1),
            FEDERAL_ANNULMENT,
            facts={**facts, "acima_do_limite": holding - cap.value},
            params=(cap,),
        )

    return unless_suspended(ctx, RULE_PLATFORM_CAP, apply)


def over_platform_cap(r: Reason) -> bool:
    """Whether :func:`art3_1_platform_cap_on_restoration` found the credentials over the cap."""
    return r.verdict is Verdict.INFO and bool(r.facts.get("acima_do_limite"))


def art3_2_roster_cap_platform(ctx: Context, roster_now: int) -> Reason:
    """Art. 3, §2: each platform may operate with "no máximo, 50 (cinquenta) motoristas ativos
    simultaneamente". D-9 (a): the platform's roster of drivers enabled in the municipality never
    exceeds 50 — the 51st is refused. Suspendable (D-16): ``apps.art3.driver_cap_platform``."""
    return _one_more_within_cap(
        ctx,
        RULE_DRIVER_CAP_PLATFORM,
        param(ctx, "driver_cap_platform"),
        roster_now,
        "Com este motorista a plataforma terá {after} habilitados; o limite é {cap}.",
        "A plataforma já tem {now} motoristas habilitados; o limite é {cap}.",
        art(3, 2),
        decision(9),
        fact="motoristas_da_plataforma",
    )


def art3_2_roster_cap_municipality(
    ctx: Context, total_now: int, already_active: bool = False
) -> Reason:
    """Art. 3, §2: "totalizando um limite de 500 (quinhentos) motoristas em atividade no Município".
    D-9 (a): the 501st enabled driver is refused. The law counts drivers, persons: ``total_now``
    is the number of distinct persons enabled on any platform, and one already enabled on another
    platform (``already_active``) is already one of them — a second platform does not make him
    two, while he does take a place among that platform's 50. Suspendable (D-16):
    ``apps.art3.driver_cap_municipality``."""
    if already_active:
        return _one_more_within_cap(
            ctx,
            RULE_DRIVER_CAP_MUNICIPALITY,
            param(ctx, "driver_cap_municipality"),
            total_now,
            "O motorista já está em atividade no Município por outra plataforma: o Município "
            "segue com {now} motoristas habilitados; o limite é {cap}.",
            "O Município já tem {now} motoristas habilitados, acima do limite de {cap}.",
            art(3, 2),
            decision(9),
            fact="motoristas_no_município",
            more=0,
            facts={"já_em_atividade_no_município": True},
        )
    return _one_more_within_cap(
        ctx,
        RULE_DRIVER_CAP_MUNICIPALITY,
        param(ctx, "driver_cap_municipality"),
        total_now,
        "Com este motorista o Município terá {after} habilitados; o limite é {cap}.",
        "O Município já tem {now} motoristas habilitados; o limite é {cap}.",
        art(3, 2),
        decision(9),
        fact="motoristas_no_município",
    )


def art3_2_measured_peak(ctx: Context, peak: int, on: dt.date) -> Reason:
    """Art. 3, §2 and D-9 (b): the maximum number of drivers online at the same instant in a month,
    measured from the platform's data; a month over 50 is an infraction candidate. Same rule id as
    the roster cap, so one court suspension covers both (D-16). ``on``: the day of the peak (the
    month's last day when its moment is not known), which ``ctx`` judges."""
    cap = param(ctx, "driver_cap_platform", on)

    def apply() -> Reason:
        return check(
            RULE_DRIVER_CAP_PLATFORM,
            peak <= cap.value,
            f"Pico de {peak} motoristas ativos simultaneamente no mês; limite {cap.value}.",
            f"Pico de {peak} motoristas ativos simultaneamente no mês, acima do limite de "
            f"{cap.value}: candidato a infração.",
            art(3, 2),
            decision(9),
            facts={"pico_medido": peak},
            params=(cap,),
        )

    return unless_suspended(ctx, RULE_DRIVER_CAP_PLATFORM, apply)


def platform_credential_requirements(ctx: Context, facts: Mapping[str, Any]) -> list[Reason]:
    """Art. 3 §1, art. 19 §2 and art. 11 III for the platform ``facts`` on ``ctx.as_of``."""
    return [
        art3_1_platform_cap(ctx, int(facts["credentialed_platforms"])),
        art19_2_cadastro_mobiliario(facts.get("cadastro_mobiliario")),
        art11_iii_complaint_channel(facts.get("complaint_channel")),
    ]


@question(
    "barra-do-garcas.apps-2025.platform_credential",
    law=LAW,
    title="A plataforma pode ser credenciada no Município?",
    schema=closed(
        {
            "credentialed_platforms": COUNT,
            "cadastro_mobiliario": {"type": "boolean"},
            "complaint_channel": {"type": "boolean"},
        },
        required=["credentialed_platforms"],
    ),
)
def platform_credential(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """A new credential (art. 3 §1) given the platforms credentialed now (not counting this
    one), with the conditions to operate: cadastro mobiliário (art. 19 §2), complaint channel
    (art. 11 III)."""
    return eligibility_in_force(
        "barra-do-garcas.apps-2025.platform_credential",
        ctx,
        facts,
        platform_credential_requirements,
        "Credenciamento possível.",
        "Credenciamento recusado.",
        "Credenciamento depende de verificação.",
    )


@question(
    "barra-do-garcas.apps-2025.platforms_over_cap",
    law=LAW,
    title="As plataformas credenciadas passam do limite do art. 3, §1?",
    schema=closed({"credentialed_platforms": COUNT}, required=["credentialed_platforms"]),
)
def platforms_over_cap(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """The platforms holding a credential now (``credentialed_platforms``: credentialed or
    suspended, a credential given back by an annulled cancellation among them) against the cap of
    art. 3 §1 (ADR 0064): ``over_platform_cap`` while they exceed it — reported, never refused —
    unless a court suspended the cap (D-16); ``platforms`` and ``cap`` with it."""
    holding = int(facts["credentialed_platforms"])
    r = art3_1_platforms_over_cap(ctx, holding)
    outcome = {
        "over_platform_cap": over_platform_cap(r),
        "platforms": holding,
        "cap": r.parameters[0].value,
    }
    return decide("barra-do-garcas.apps-2025.platforms_over_cap", ctx, outcome, [r], r.message)


#: The rosters a driver joins (D-9 a): also read when a cancellation's drivers come back.
ROSTER_FACTS: dict[str, Any] = closed(
    {
        "platform_credentialed": {"type": "boolean"},
        "platform_roster": COUNT,
        # Distinct persons enabled on any platform of the municipality.
        "municipality_roster": COUNT,
        # The driver is already enabled on another platform of the municipality.
        "driver_active_in_municipality": {"type": "boolean"},
    },
    required=["platform_roster", "municipality_roster"],
)


def roster_requirements(ctx: Context, facts: Mapping[str, Any]) -> list[Reason]:
    """Art. 3 and its §2 for one more driver on the rosters ``facts`` on ``ctx.as_of``."""
    reasons = []
    if "platform_credentialed" in facts:
        reasons.append(art3_credentialed(bool(facts["platform_credentialed"])))
    reasons += [
        art3_2_roster_cap_platform(ctx, int(facts["platform_roster"])),
        art3_2_roster_cap_municipality(
            ctx,
            int(facts["municipality_roster"]),
            bool(facts.get("driver_active_in_municipality", False)),
        ),
    ]
    return reasons


@question(
    "barra-do-garcas.apps-2025.roster_capacity",
    law=LAW,
    title="A plataforma pode habilitar mais um motorista no Município?",
    schema=ROSTER_FACTS,
)
def roster_capacity(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """D-9 (a): one more driver on the platform's roster, given the current rosters (art. 3 §2);
    the municipality's roster counts persons."""
    return eligibility_in_force(
        "barra-do-garcas.apps-2025.roster_capacity",
        ctx,
        facts,
        roster_requirements,
        "Há vaga para o motorista.",
        "Não há vaga para o motorista.",
        "Verificar.",
    )


# --- art. 4: drivers and vehicles verified by the platforms ---------------------------------------


def art4_i_vehicle_age(ctx: Context, manufacture_year: int) -> Reason:
    """Art. 4, I: platforms "assegurar que os veículos possuam, no máximo, 10 (dez) anos de
    fabricação". D-6: age = reference year − manufacture year."""
    limit = param(ctx, "vehicle_max_age_years")
    age = ctx.as_of.year - manufacture_year
    return check(
        "apps.art4.i.vehicle_age",
        0 <= age <= limit.value,
        f"Veículo fabricado em {manufacture_year}: {age} anos em {ctx.as_of.year}; "
        f"máximo {limit.value}.",
        f"Ano de fabricação {manufacture_year} posterior a {ctx.as_of.year}: informe o ano de "
        "fabricação do CRLV (não o do modelo)."
        if age < 0
        else f"Veículo fabricado em {manufacture_year}: {age} anos em {ctx.as_of.year}; a lei "
        f"admite no máximo {limit.value} anos de fabricação.",
        art(4, inc="I"),
        decision(6),
        facts={"ano_de_fabricação": manufacture_year, "idade": age},
        params=(limit,),
    )


def art4_ii_undated(
    rule: str,
    label: str,
    what: str,
    cite_: Citation,
    *more: Citation,
    facts: Mapping[str, Any] | None = None,
    params: tuple[ParameterValue, ...] = (),
    term: str = "",
) -> Reason:
    """Art. 4, II: the platforms "exigir e manter atualizados" the documents. Whether one is kept
    current is read from its date; a document given without the date that tells it (``what``) can
    be judged neither current nor out of date: PENDING, naming the document and the article, at
    registration and at every re-check alike — the platform gives the date, or a person checks the
    document (ADR 0081)."""
    return reason(
        rule,
        Verdict.PENDING,
        f"{label}: {what} não informada; sem ela não é possível verificar se o documento está "
        f"atualizado, como exige o {render_within((cite_,), LAW)}{term}. Informe-a.",
        cite_,
        *more,
        facts=facts,
        params=params,
    )


def art4_ii_document(
    ctx: Context,
    rule: str,
    label: str,
    doc: Mapping[str, Any] | None,
    *,
    ali: str,
    must_be_negative: bool = False,
    expires: bool = False,
) -> Reason:
    """Art. 4, II: platforms "exigir e manter atualizados os documentos obrigatórios": a document
    must be presented, unexpired on the reference date and, for a certidão negativa, negative.
    ``expires``: the document carries a validity of its own (the CRLV, the APP insurance's policy
    term), so one given without it is not known to be current (:func:`art4_ii_undated`); one
    that carries none (the DPVAT, paid with the licensing the CRLV proves; the INSS registration)
    is judged by its presence."""
    cite_ = art(4, inc="II", ali=ali)
    if doc is None:
        return reason(rule, Verdict.REFUSED, f"{label}: documento não apresentado.", cite_)
    facts: dict[str, Any] = dict(doc)
    if must_be_negative and doc.get("negative") is False:
        return reason(rule, Verdict.REFUSED, f"{label}: certidão positiva.", cite_, facts=facts)
    if must_be_negative and "negative" not in doc:
        return reason(
            rule, Verdict.PENDING, f"{label}: informe se a certidão é negativa.", cite_, facts=facts
        )
    until = day(doc["valid_until"]) if "valid_until" in doc else None
    if until is None and expires:
        return art4_ii_undated(rule, label, "data de validade", cite_, facts=facts)
    if until is not None and until < ctx.as_of:
        return reason(
            rule, Verdict.REFUSED, f"{label}: vencido em {fmt(until)}.", cite_, facts=facts
        )
    valid = f", válido até {fmt(until)}" if until else ""
    return reason(rule, Verdict.OK, f"{label}: apresentado{valid}.", cite_, facts=facts)


def art4_ii_b_cnh(ctx: Context, cnh: Mapping[str, Any] | None) -> list[Reason]:
    """Art. 4, II, b: "Carteira Nacional de Habilitação na categoria B ou superior que contenha a
    informação de que exerce atividade remunerada" (EAR). The law fixes the floor; which categories
    reach it is federal law (CTB art. 143: B, C, D and E, alone or with A; not A or ACC alone), the
    dated parameter ``apps_2025.cnh_categories`` — an amendment applies from its date only."""
    cite_ = art(4, inc="II", ali="b")
    if cnh is None:
        return [reason("apps.art4.ii.b.cnh", Verdict.REFUSED, "CNH: não apresentada.", cite_)]
    category = str(cnh["category"])
    accepted = param(ctx, "cnh_categories")
    out = [
        check(
            "apps.art4.ii.b.cnh_category",
            category in accepted.value,
            f"CNH categoria {category}: B ou superior.",
            f"CNH categoria {category}: a lei exige categoria B ou superior.",
            cite_,
            facts={"categoria": category},
            params=(accepted,),
        ),
        check(
            "apps.art4.ii.b.cnh_ear",
            bool(cnh.get("ear")),
            "CNH com a observação EAR (exerce atividade remunerada).",
            "CNH sem a observação EAR (exerce atividade remunerada).",
            cite_,
            facts={"ear": bool(cnh.get("ear"))},
        ),
    ]
    if "valid_until" not in cnh:
        # Every CNH states its validity (CTB art. 159): one given without it is not known to be
        # current (ADR 0081).
        out.append(art4_ii_undated("apps.art4.ii.b.cnh_valid", "CNH", "data de validade", cite_))
        return out
    until = day(cnh["valid_until"])
    out.append(
        check(
            "apps.art4.ii.b.cnh_valid",
            until >= ctx.as_of,
            f"CNH válida até {fmt(until)}.",
            f"CNH vencida em {fmt(until)}.",
            cite_,
            facts={"válida_até": until},
        )
    )
    return out


#: A certidão (art. 4, II, c and e): presented when the key is there; ``negative`` its result;
#: ``valid_until`` the validity it states, if any; ``issued_on`` the day it was issued.
CERTIFICATE: dict[str, Any] = closed(
    {"valid_until": DATE, "negative": {"type": "boolean"}, "issued_on": DATE}
)


def art4_ii_certificate_current(
    ctx: Context,
    rule: str,
    label: str,
    doc: Mapping[str, Any] | None,
    *,
    ali: str,
    max_age: str,
) -> Reason:
    """Art. 4, II: the platforms "exigir e manter atualizados" a certidão negativa (alíneas c and
    e). It must be presented and negative; a certidão that states its validity is current until
    that day (included); one that states none is current for the days the regulation gives since
    its issue (art. 27; the dated parameter ``max_age``, shipped as an example): issued on day D
    with N days, it is current until D + N and out of date from the day after. The law fixes no
    term itself: where the parameter is empty, an undated validity is not judged (INFO). Where it is
    set, a certidão given with neither its issue nor its validity is not known to be current:
    PENDING, at registration and at the re-check alike (:func:`art4_ii_undated`, ADR 0081)."""
    if doc is None or "negative" not in doc or doc.get("negative") is False:
        return art4_ii_document(ctx, rule, label, doc, ali=ali, must_be_negative=True)
    if "valid_until" in doc:
        return art4_ii_document(ctx, rule, label, doc, ali=ali, must_be_negative=True)
    cite_ = art(4, inc="II", ali=ali)
    days = optional_param(ctx, max_age)
    issued = day(doc["issued_on"]) if "issued_on" in doc else None
    if days is None:
        return info(
            rule,
            f"{label}: a lei não fixa validade para a certidão e o regulamento (art. 27) não a "
            "fixou; não é julgada vencida.",
            cite_,
            art(27),
            facts=dict(doc),
        )
    if issued is None:
        return art4_ii_undated(
            rule,
            label,
            "data de emissão ou de validade",
            cite_,
            art(27),
            facts=dict(doc),
            params=(days,),
            term=f" (validade de {days.value} dias desde a emissão, art. 27)",
        )
    until = issued + dt.timedelta(days=int(days.value))
    facts = {**doc, "válida_até": until}
    if until < ctx.as_of:
        return reason(
            rule,
            Verdict.REFUSED,
            f"{label}: emitida em {fmt(issued)}, desatualizada desde {fmt(until + dt.timedelta(1))}"
            f" (validade de {days.value} dias desde a emissão).",
            cite_,
            art(27),
            facts=facts,
            params=(days,),
        )
    return reason(
        rule,
        Verdict.OK,
        f"{label}: emitida em {fmt(issued)}, atualizada até {fmt(until)}.",
        cite_,
        art(27),
        facts=facts,
        params=(days,),
    )


def art4_ii_c_criminal_certificate(ctx: Context, doc: Mapping[str, Any] | None) -> Reason:
    """Art. 4, II, c: "Certidão negativa de antecedentes criminais", current
    (:func:`art4_ii_certificate_current`)."""
    return art4_ii_certificate_current(
        ctx,
        RULE_CRIMINAL_CERTIFICATE,
        CRIMINAL_CERTIFICATE_PT,
        doc,
        ali="c",
        max_age="criminal_certificate_max_age_days",
    )


def art4_ii_e_municipal_debt_clearance(ctx: Context, doc: Mapping[str, Any] | None) -> Reason:
    """Art. 4, II, e: "Certidão negativa de débitos com o município", current
    (:func:`art4_ii_certificate_current`). Suspendable (D-16):
    ``apps.art4.ii.e.municipal_debt_clearance`` (TJMT suspended it with the caps, per the press)."""
    return unless_suspended(
        ctx,
        RULE_MUNICIPAL_DEBT_CLEARANCE,
        lambda: art4_ii_certificate_current(
            ctx,
            RULE_MUNICIPAL_DEBT_CLEARANCE,
            MUNICIPAL_DEBT_CERTIFICATE_PT,
            doc,
            ali="e",
            max_age="debt_certificate_max_age_days",
        ),
    )


def art4_ii_f_inss(ctx: Context, doc: Mapping[str, Any] | None) -> Reason:
    """Art. 4, II, f: "Inscrição no INSS como contribuinte individual"."""
    return art4_ii_document(
        ctx, "apps.art4.ii.f.inss", "Inscrição no INSS como contribuinte individual", doc, ali="f"
    )


CNH_SCHEMA: dict[str, Any] = closed(
    {
        "category": {"enum": list(CNH_CATEGORIES)},
        "ear": {"type": "boolean"},
        "valid_until": {"type": "string", "format": "date"},
    },
    required=["category", "ear"],
)


#: The driver's documents (art. 4, II, b, c, e, f).
DRIVER_FACTS: dict[str, Any] = closed(
    {
        "cnh": CNH_SCHEMA,
        "criminal_certificate": CERTIFICATE,
        "municipal_debt_certificate": CERTIFICATE,
        "inss_registration": DOCUMENT,
    }
)


def driver_document_requirements(ctx: Context, facts: Mapping[str, Any]) -> list[Reason]:
    """Art. 4, II, b, c, e, f: the driver's documents, at registration and at every re-check (one
    answer for both: a document whose date is not given is pending, ADR 0081)."""
    return [
        *art4_ii_b_cnh(ctx, facts.get("cnh")),
        art4_ii_c_criminal_certificate(ctx, facts.get("criminal_certificate")),
        art4_ii_e_municipal_debt_clearance(ctx, facts.get("municipal_debt_certificate")),
        art4_ii_f_inss(ctx, facts.get("inss_registration")),
    ]


@question(
    "barra-do-garcas.apps-2025.driver_eligibility",
    law=LAW,
    title="O motorista cumpre as exigências documentais para atuar por plataforma?",
    schema=DRIVER_FACTS,
)
def driver_eligibility(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 4, II, b, c, e, f: the driver's documents (a missing document refuses)."""
    return eligibility_in_force(
        "barra-do-garcas.apps-2025.driver_eligibility",
        ctx,
        facts,
        driver_document_requirements,
        "Motorista apto.",
        "Motorista não apto.",
        "Motorista com pendências a verificar.",
    )


def vehicle_requirements(ctx: Context, facts: Mapping[str, Any]) -> list[Reason]:
    """Art. 4, I and II a, d, and the two-wheeler ban of art. 17 for the vehicle ``facts`` on
    ``ctx.as_of``: at registration and at each periodic re-check (``driver_documents``)."""
    return [
        art4_i_vehicle_age(ctx, int(facts["manufacture_year"])),
        art4_ii_document(
            ctx, "apps.art4.ii.a.crlv", "CRLV", facts.get("crlv"), ali="a", expires=True
        ),
        art4_ii_document(
            ctx,
            "apps.art4.ii.d.app_insurance",
            "Seguro de Acidentes Pessoais a Passageiros (APP)",
            facts.get("app_insurance"),
            ali="d",
            expires=True,
        ),
        art4_ii_document(ctx, "apps.art4.ii.d.dpvat", "DPVAT", facts.get("dpvat"), ali="d"),
        art17_two_wheeler_ban(ctx, facts["kind"], facts.get("wheels")),
    ]


#: The vehicle (art. 4, I and II a, d; art. 17).
VEHICLE_FACTS: dict[str, Any] = closed(
    {
        "kind": {"enum": list(VEHICLE_KINDS)},
        "wheels": {"type": "integer", "minimum": 1, "maximum": 12},
        "manufacture_year": {"type": "integer", "minimum": 1900, "maximum": 2100},
        "crlv": DOCUMENT,
        "app_insurance": DOCUMENT,
        "dpvat": DOCUMENT,
    },
    required=["kind", "manufacture_year"],
)


@question(
    "barra-do-garcas.apps-2025.vehicle_eligibility",
    law=LAW,
    title="O veículo pode ser usado no transporte por aplicativo?",
    schema=VEHICLE_FACTS,
)
def vehicle_eligibility(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 4, I and II a, d, and the two-wheeler ban of art. 17."""
    return eligibility_in_force(
        "barra-do-garcas.apps-2025.vehicle_eligibility",
        ctx,
        facts,
        vehicle_requirements,
        "Veículo apto.",
        "Veículo não apto.",
        "Veículo com pendências a verificar.",
    )
