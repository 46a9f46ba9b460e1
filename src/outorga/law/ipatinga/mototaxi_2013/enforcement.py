"""Enforcement: the auto de infração and its delivery (art. 29–30), fines of the catalog in reais
(art. 31 §1º and §3º, art. 37–41, decision D-5), and the release of a seized vehicle (art. 35)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from outorga.law.citations import Citation, decision
from outorga.law.common.seizure import charges_paid, release_schema
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl, brl_unit, fiscal_units_to_cents, number_br
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of

from ._common import (
    DATE,
    LAW_ID,
    SEVERITY_PT,
    Severity,
    art,
    day,
    decide,
    fmt,
    opt_day,
    param,
)
from .catalog import (
    ARTICLE_OF,
    CATALOG,
    CODE_SCHEMA,
    PROHIBITIONS,
    InfractionType,
    NotInForce,
    fine_units,
    infraction_type,
)

# --- Notice dates (art. 29, 43, 44; decision D-4) -------------------------------------------------


class Delivery(StrEnum):
    """How a notice reaches the offender (art. 29; art. 43–44)."""

    PESSOAL = "pessoal"  # in person: the date of the signature
    POSTAL = "postal"  # by post with receipt (AR): the date on the AR
    EDITAL = "edital"  # Diário Oficial do Município / edital: the publication date


DELIVERY_FIELD = {
    Delivery.PESSOAL: "signed_on",
    Delivery.POSTAL: "ar_on",
    Delivery.EDITAL: "published_on",
}
DELIVERY_PT = {
    Delivery.PESSOAL: "entrega pessoal (data da assinatura)",
    Delivery.POSTAL: "via postal com AR (data do AR)",
    Delivery.EDITAL: "publicação no Diário Oficial do Município (data da publicação)",
}

#: Art. 43–44 — the day of the failed attempt to find the offender, which alone opens the edital
#: to the notice of a decision (:func:`~.appeals.art_43_44_edital_unlocated`); art. 29 asks none.
UNLOCATED_FIELD = "unlocated_on"

NOTICE_SCHEMA: dict[str, Any] = {
    "oneOf": [
        closed(
            {
                "form": {"const": form.value},
                field: DATE,
                **({UNLOCATED_FIELD: DATE} if form is Delivery.EDITAL else {}),
            },
            required=["form", field],
        )
        for form, field in DELIVERY_FIELD.items()
    ]
}


def notice_date(notice: Mapping[str, Any], *citations: Any) -> tuple[dt.date, Reason]:
    """Decision D-4 — the date of notice: personal delivery = signature date; post = date on the
    AR; Diário Oficial/edital = publication date (art. 29; art. 43–44)."""
    form = Delivery(notice["form"])
    on = day(notice[DELIVERY_FIELD[form]])
    return on, reason(
        "d4_notice_date",
        Verdict.INFO,
        f"Notificação por {DELIVERY_PT[form]}: {fmt(on)}.",
        *(citations or (art(29),)),
        decision(4),
        facts={"forma": form.value, "data_notificacao": on},
    )


# --- Art. 29–30: the auto de infração ---------------------------------------------------------------

#: Art. 30 — fields of the auto: key → (inciso, Portuguese label, mandatory).
#: IV, V and X are required "quando possível"; I and II do not exist for a vehicle without
#: permission (art. 35), which has no holder nor permit number.
NOTICE_FIELDS: dict[str, tuple[str, str, bool]] = {
    "holder_name": ("I", "nome do permissionário", True),
    "permit_number": ("II", "número da permissão", True),
    "plate": ("III", "placa de identificação do veículo", True),
    "offender_identification": ("IV", "identificação do infrator", False),
    "offender_registration": ("V", "registro do infrator no órgão municipal de trânsito", False),
    "provision": ("VI", "dispositivo regulamentar infringido", True),
    "place": ("VII", "local da infração", True),
    "date": ("VII", "data da infração", True),
    "time": ("VII", "hora da infração", True),
    "description": ("VIII", "descrição sucinta da ocorrência", True),
    "agent_signature": ("IX", "assinatura ou rubrica do agente", True),
    "agent_registration": ("IX", "número de matrícula do agente", True),
    "offender_signature": ("X", "assinatura do infrator ou do condutor auxiliar", False),
}
UNLICENSED_PROVISION = "art35"


def provision_in_force(provision: str, on: dt.date) -> bool:
    """An auto may cite the catalog's incisos in force on the date of the fact (art. 38–41, D-15)
    or service without permission (art. 35)."""
    if provision == UNLICENSED_PROVISION:
        return True
    try:
        infraction_type(provision, on)
    except NotInForce:
        return False
    return True


def _present(value: Any) -> bool:
    return value is True or (isinstance(value, str) and value.strip() != "")


def art_30_fields(ctx: Context, auto: Mapping[str, Any], unlicensed: bool) -> list[Reason]:
    """Art. 30, I–X — the auto de infração must contain: nome do permissionário; número da
    permissão; placa; identificação e registro do infrator, quando possível; dispositivo infringido;
    local, data e hora; descrição sucinta; assinatura/rubrica e matrícula do agente; assinatura do
    infrator, quando possível."""
    out = []
    for key, (inciso, label, mandatory) in NOTICE_FIELDS.items():
        more: tuple[Citation, ...] = ()
        if _present(auto.get(key)):
            verdict, message = Verdict.OK, f"Consta: {label}."
        elif key in ("holder_name", "permit_number") and unlicensed:
            verdict = Verdict.INFO
            message = f"Sem {label}: veículo flagrado sem permissão (art. 35)."
            more = (art(35),)
        elif not mandatory:
            verdict = Verdict.INFO
            message = f"Não consta {label}; exigido apenas quando possível."
            if key == "offender_signature":
                more = (art(29, 2),)
        else:
            verdict, message = Verdict.REFUSED, f"Falta no auto: {label}."
        out.append(
            reason(f"art_30_{inciso.lower()}_{key}", verdict, message, art(30, inc=inciso), *more)
        )
    return out


def art_30_vi_known_provision(
    ctx: Context, provision: str | None, on: dt.date | None = None
) -> Reason | None:
    """Art. 30, VI — the provision infringed must be one of the law (art. 35 or art. 38–41) in
    force on the date of the fact (D-15): an inciso an amendment added later does not reach back."""
    if not provision:
        return None
    day_of_fact = on or ctx.as_of
    return check(
        "art_30_vi_known_provision",
        provision_in_force(provision, day_of_fact),
        f"Dispositivo {provision} previsto na lei.",
        f"Dispositivo {provision} não consta do catálogo de infrações (art. 35, 38 a 41) em "
        f"vigor em {fmt(day_of_fact)}.",
        art(30, inc="VI"),
        art(37),
        decision(15),
        facts={"dispositivo": provision, "data_do_fato": day_of_fact},
    )


def art_29_par2_missing_signature_does_not_void(ctx: Context) -> Reason:
    """Art. 29, §2º — a ausência da assinatura do infrator não invalida o auto de infração."""
    return reason(
        "art_29_par2_missing_signature",
        Verdict.INFO,
        "Sem assinatura do infrator: o auto continua válido.",
        art(29, 2),
    )


def art_29_par3_refusal_certified(ctx: Context, refusal: Mapping[str, Any]) -> Reason:
    """Art. 29, §3º — recusando-se o infrator a assinar, o autuante certifica a recusa, colhendo a
    assinatura de duas testemunhas."""
    needed = param(ctx, "procedure.refusal_witnesses")
    witnesses = [w for w in refusal.get("witnesses", ()) if _present(w)]
    certified = bool(refusal.get("certified_by_agent"))
    return check(
        "art_29_par3_refusal_certified",
        certified and len(witnesses) >= needed.value,
        f"Recusa certificada pelo agente, com {len(witnesses)} testemunhas.",
        f"Recusa de assinatura exige certificação do agente e {needed.value} testemunhas "
        f"(certificada: {'sim' if certified else 'não'}, testemunhas: {len(witnesses)}).",
        art(29, 3),
        facts={"certificada": certified, "testemunhas": len(witnesses)},
        params=(needed,),
    )


def art_29_delivery(ctx: Context, auto: Mapping[str, Any]) -> tuple[dt.date | None, Reason]:
    """Art. 29 — a notificação é entregue pessoalmente, por via postal mediante recibo, ou por
    publicação no Diário Oficial do Município; art. 30, X — the offender's signature on the auto
    is itself the notice."""
    notice = auto.get("notice")
    if notice is None and auto.get("offender_signature") is True and auto.get("date"):
        notice = {"form": "pessoal", "signed_on": auto["date"]}
    if notice is None:
        return None, reason(
            "art_29_delivery",
            Verdict.PENDING,
            "Notificação ainda não entregue: prazos de defesa não correm.",
            art(29),
        )
    on, r = notice_date(notice, art(29), art(30, inc="X"))
    return on, r


NOTICE_AUTO_SCHEMA: dict[str, Any] = closed(
    {
        "unlicensed": {"type": "boolean"},
        "holder_name": {"type": "string"},
        "permit_number": {"type": "string"},
        "plate": {"type": "string"},
        "offender_identification": {"type": "string"},
        "offender_registration": {"type": "string"},
        "provision": {"type": "string"},
        "place": {"type": "string"},
        "date": DATE,
        "time": {"type": "string", "pattern": r"^([01]\d|2[0-3]):[0-5]\d$"},
        "description": {"type": "string"},
        "agent_signature": {"type": "boolean"},
        "agent_registration": {"type": "string"},
        "offender_signature": {"type": "boolean"},
        "refusal": closed(
            {
                "certified_by_agent": {"type": "boolean"},
                "witnesses": list_of({"type": "string"}),
            }
        ),
        "notice": NOTICE_SCHEMA,
    },
    required=["provision", "date"],
)


@question(
    "ipatinga.mototaxi-2013.infraction_notice",
    law=LAW_ID,
    title="Este auto de infração está completo e foi regularmente notificado?",
    schema=NOTICE_AUTO_SCHEMA,
)
def infraction_notice(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 29–30: the fields of the auto, the offender's signature or its refusal, and the date of
    notice that starts the defence period (art. 42)."""
    unlicensed = bool(facts.get("unlicensed")) or facts.get("provision") == UNLICENSED_PROVISION
    reasons = art_30_fields(ctx, facts, unlicensed)
    known = art_30_vi_known_provision(ctx, facts.get("provision"), opt_day(facts.get("date")))
    if known is not None:
        reasons.append(known)
    if facts.get("refusal"):
        reasons.append(art_29_par3_refusal_certified(ctx, facts["refusal"]))
    elif facts.get("offender_signature") is not True:
        reasons.append(art_29_par2_missing_signature_does_not_void(ctx))
    notified_on, delivery = art_29_delivery(ctx, facts)
    reasons.append(delivery)
    missing = [r.rule for r in reasons if r.verdict is Verdict.REFUSED]
    valid = not missing
    return decide(
        "ipatinga.mototaxi-2013.infraction_notice",
        ctx,
        {"valid": valid, "refused_rules": missing, "notified_on": notified_on},
        reasons,
        ("Auto de infração regular" if valid else "Auto de infração com vício")
        + (f"; notificado em {fmt(notified_on)}." if notified_on else "; notificação pendente."),
    )


# --- Art. 31 §1º and art. 37–41: the fine in reais ---------------------------------------------------


def fine_in_cents(
    ctx: Context, severity: Severity, committed_on: dt.date, imposed_on: dt.date
) -> tuple[int, Reason]:
    """Art. 38–41, §1º — 1, 2, 3 or 4 UFPI by nature, in force on the date of the fact (D-15);
    converted to reais at the UFPI value in force on the date the penalty is imposed (D-5)."""
    units = fine_units(ctx, severity, committed_on)
    ufpi = ctx.fiscal_unit("UFPI", imposed_on)
    cents = fiscal_units_to_cents(units.value, ufpi.value)
    article = ARTICLE_OF[severity]
    example = ", valor de exemplo" if ufpi.example else ""
    return cents, reason(
        f"art_{article}_par1_fine",
        Verdict.INFO,
        f"Multa {SEVERITY_PT[severity]}: {number_br(units.value)} UFPI × {brl_unit(ufpi.value)} "
        f"(UFPI em {fmt(imposed_on)}{example}) = {brl(cents)}.",
        art(article, 1),
        decision(5),
        decision(15),
        facts={
            "natureza": severity.value,
            "cometida_em": committed_on,
            "imposta_em": imposed_on,
            "ufpi": ufpi.value,
            "ufpi_desde": ufpi.valid_from,
            "ufpi_referencia": ufpi.reference,
            "valor_centavos": cents,
        },
        params=(units,),
    )


FINE_SCHEMA: dict[str, Any] = closed(
    {
        "infractions": {
            "type": "array",
            "minItems": 1,
            "items": closed(
                # An inciso of art. 38–41, or art. 35: service without permission.
                {
                    "code": {"anyOf": [CODE_SCHEMA, {"const": UNLICENSED_PROVISION}]},
                    "committed_on": DATE,
                },
                required=["code", "committed_on"],
            ),
        },
        "imposed_on": DATE,
        "fixable_without_risk": {"type": "boolean"},
    },
    required=["infractions"],
)


def infraction_type_reason(t: InfractionType, facts: Mapping[str, Any] | None = None) -> Reason:
    """Art. 38–41: the inciso that types the infraction, with its nature (art. 37)."""
    return reason(
        f"{t.code}_type",
        Verdict.INFO,
        f"{t.description} — infração {SEVERITY_PT[t.severity]} ({t.articles}).",
        *t.citations,
        facts=facts,
    )


@question(
    "ipatinga.mototaxi-2013.fine",
    law=LAW_ID,
    title="Qual o valor da multa (em reais) e há apreensão do veículo?",
    schema=FINE_SCHEMA,
)
def fine(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 37–41 (fine by nature, seizure per §2º), art. 35 §1º (service without permission: the
    gravíssima fine, with seizure), art. 31 §1º (penalties of infractions committed together are
    cumulative) and §3º (warning by the inspector for fixable, riskless faults)."""
    imposed_on = opt_day(facts.get("imposed_on")) or ctx.as_of
    reasons: list[Reason] = []
    items = []
    for i in facts["infractions"]:
        committed_on = day(i["committed_on"])
        if i["code"] == UNLICENSED_PROVISION:  # caught without permission (art. 35)
            cents, found = art_35_par1_fine_due(ctx, "sem_permissao", [], committed_on, imposed_on)
            reasons += found
            units = found[-1].parameters[0].value  # the fine's reason: its units in UFPI
            items.append(
                {
                    "code": UNLICENSED_PROVISION,
                    "severity": Severity.GRAVISSIMA.value,
                    "units": units,
                    "cents": cents,
                    "seizure": True,
                }
            )
            continue
        try:
            t = infraction_type(i["code"], committed_on)
        except NotInForce as exc:
            # D-15: no fine for an inciso the law did not have on the date of the fact.
            reasons.append(
                reason(
                    f"{i['code']}_in_force",
                    Verdict.REFUSED,
                    f"Sem multa: {exc.message}.",
                    art(37),
                    decision(15),
                    facts={"codigo": i["code"], "cometida_em": committed_on},
                )
            )
            continue
        reasons.append(infraction_type_reason(t, {"codigo": t.code, "cometida_em": committed_on}))
        cents, r = fine_in_cents(ctx, t.severity, committed_on, imposed_on)
        reasons.append(r)
        if t.seizure:
            reasons.append(
                reason(
                    f"{t.code}_seizure",
                    Verdict.INFO,
                    "Acarreta a apreensão do veículo, independentemente da multa.",
                    t.seizure_citation,
                    art(31, inc="VII"),
                )
            )
        items.append(
            {
                "code": t.code,
                "severity": t.severity.value,
                "units": r.parameters[0].value,
                "cents": cents,
                "seizure": t.seizure,
            }
        )
    total = sum(i["cents"] for i in items)
    if len(items) > 1:
        reasons.append(
            reason(
                "art_31_par1_cumulative",
                Verdict.INFO,
                f"Penalidades aplicadas cumulativamente: total {brl(total)}.",
                art(31, 1),
            )
        )
    if facts.get("fixable_without_risk"):
        reasons.append(
            reason(
                "art_31_par3_warning",
                Verdict.INFO,
                "Irregularidade sanável e sem risco à segurança e à continuidade do serviço: o "
                "fiscal pode aplicar advertência por escrito (notificação/orientação).",
                art(31, 3),
                art(31, inc="I"),
            )
        )
    seize = any(i["seizure"] for i in items)
    return decide(
        "ipatinga.mototaxi-2013.fine",
        ctx,
        {"items": items, "total_cents": total, "seizure": seize, "imposed_on": imposed_on},
        reasons,
        f"Multa total {brl(total)}" + ("; com apreensão do veículo." if seize else "."),
    )


# --- Art. 31, I and §3º: the written warning ----------------------------------------------------------


def art_31_par3_warning(fixable: bool, endangers: bool) -> Reason:
    """Art. 31, §3º — a advertência por escrito poderá ser aplicada pelo fiscal, através de
    notificação/orientação, sempre que forem constatadas irregularidades possíveis de serem
    sanadas e que não coloquem em risco a segurança e a continuidade do serviço. Both conditions
    must hold; otherwise the infraction takes its fine (art. 37–41)."""
    return check(
        "art_31_par3_warning",
        fixable and not endangers,
        "Irregularidade sanável que não coloca em risco a segurança nem a continuidade do "
        "serviço: cabe advertência por escrito (notificação/orientação).",
        "A advertência por escrito só cabe para irregularidade possível de ser sanada e que não "
        "coloque em risco a segurança e a continuidade do serviço (sanável: "
        f"{'sim' if fixable else 'não'}; põe em risco: {'sim' if endangers else 'não'}); aplica-se "
        "a multa da infração.",
        art(31, 3),
        art(31, inc="I"),
        facts={"sanavel": fixable, "risco_seguranca_ou_continuidade": endangers},
    )


def art_35_no_warning_for_service_without_permission() -> Reason:
    """Art. 35 — the vehicle caught providing the service without permission is seized and
    removed, and released only after the gravíssima fine is paid (§1º): no written warning of art.
    31, §3º replaces them."""
    return reason(
        "art_35_no_warning",
        Verdict.REFUSED,
        "Serviço sem permissão não admite advertência: multa gravíssima e apreensão.",
        art(35),
        art(35, 1),
        facts={"dispositivo": UNLICENSED_PROVISION},
    )


WARNING_SCHEMA: dict[str, Any] = closed(
    {
        # An inciso of art. 38–41, or the service without permission (art. 35).
        "code": {"anyOf": [CODE_SCHEMA, {"const": UNLICENSED_PROVISION}]},
        "fixable": {"type": "boolean"},
        "endangers_safety_or_continuity": {"type": "boolean"},
    },
    required=["code", "fixable", "endangers_safety_or_continuity"],
)


@question(
    "ipatinga.mototaxi-2013.warning",
    law=LAW_ID,
    title="Cabe advertência por escrito em vez de multa para esta irregularidade?",
    schema=WARNING_SCHEMA,
)
def warning(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 31, I and §3º: the written warning, by the inspector, for a fixable irregularity that
    puts neither safety nor the continuity of the service at risk; never for the service without
    permission (art. 35)."""
    if facts["code"] == UNLICENSED_PROVISION:
        return decide(
            "ipatinga.mototaxi-2013.warning",
            ctx,
            {"code": UNLICENSED_PROVISION, "allowed": False},
            [art_35_no_warning_for_service_without_permission()],
            "Advertência não admitida (art. 35): multa gravíssima e apreensão.",
        )
    t = infraction_type(facts["code"], ctx.as_of)
    r = art_31_par3_warning(bool(facts["fixable"]), bool(facts["endangers_safety_or_continuity"]))
    allowed = r.verdict is Verdict.OK
    return decide(
        "ipatinga.mototaxi-2013.warning",
        ctx,
        {"code": t.code, "allowed": allowed},
        [
            infraction_type_reason(t),
            r,
        ],
        "Advertência por escrito admitida (art. 31, §3º)."
        if allowed
        else "Advertência não admitida (art. 31, §3º): aplica-se a multa.",
    )


# --- Art. 35: seizure and release ---------------------------------------------------------------

CHARGE_KINDS = {
    "taxa": "taxas",
    "remocao": "despesas de remoção",
    "estadia": "despesas de estadia",
    "outro": "outros encargos",
}
REQUIRED_CHARGES = ("remocao", "estadia")


def art_35_par1_fine_due(
    ctx: Context, grounds: str, codes: list[str], committed_on: dt.date, imposed_on: dt.date
) -> tuple[int, list[Reason]]:
    """Art. 35, §1º — a vehicle caught providing the service without permission is released only
    after immediate payment of a gravíssima fine; for a seizure under §2º of art. 38–41 the fines
    of the infractions are due (art. 35, §2º: "pagamento das multas"). The infraction and its
    fine in UFPI are those of the law in force on ``committed_on``, the date of the fact (D-15),
    however later the vehicle was seized; the UFPI is the one of ``imposed_on`` (D-5)."""
    if grounds == "sem_permissao":
        cents, r = fine_in_cents(ctx, Severity.GRAVISSIMA, committed_on, imposed_on)
        basis = reason(
            "art_35_caput_seizure",
            Verdict.INFO,
            "Veículo flagrado prestando o serviço sem permissão: apreensão e multa gravíssima.",
            art(35),
            art(35, 1),
        )
        return cents, [basis, r]
    total, out = 0, []
    for code in codes:
        t = infraction_type(code, committed_on)
        cents, r = fine_in_cents(ctx, t.severity, committed_on, imposed_on)
        total += cents
        out += [
            reason(
                f"{t.code}_seizure",
                Verdict.INFO,
                f"{t.description}: acarreta apreensão do veículo.",
                t.seizure_citation,
                art(35, 2),
            ),
            r,
        ]
    return total, out


@question(
    "ipatinga.mototaxi-2013.seizure_release",
    law=LAW_ID,
    title="O veículo apreendido pode ser liberado?",
    schema=release_schema(
        CHARGE_KINDS,
        {"enum": [t.code for t in (*CATALOG, *PROHIBITIONS) if t.seizure]},
        **{
            "if": {"properties": {"grounds": {"const": "infracao"}}},
            "then": {"required": ["codes"], "properties": {"codes": {"minItems": 1}}},
        },
    ),
)
def seizure_release(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 35 §1º–§2º: release only after paying the fine, fees, removal and storage; an appeal
    does not lift the payment."""
    seized_on = day(facts["seized_on"])
    committed_on = opt_day(facts.get("committed_on")) or seized_on
    fine_cents, reasons = art_35_par1_fine_due(
        ctx, facts["grounds"], list(facts.get("codes", ())), committed_on, seized_on
    )
    reasons.append(
        check(
            "art_35_par1_fine_paid",
            bool(facts["fine_paid"]),
            f"Multa de {brl(fine_cents)} paga.",
            f"Multa de {brl(fine_cents)} não paga.",
            art(35, 1),
            facts={"multa_centavos": fine_cents},
        )
    )
    charges = facts["charges"]
    unpaid = [c for c in charges if not c["paid"]]
    outstanding = sum(c["amount_cents"] for c in unpaid)
    reasons.append(
        charges_paid(
            "art_35_par1_charges",
            charges,
            CHARGE_KINDS,
            REQUIRED_CHARGES,
            "Taxas, remoção e estadia pagas.",
            art(35, 1),
        )
    )
    if facts.get("appeal_pending"):
        reasons.append(
            reason(
                "art_35_par2_appeal_does_not_release",
                Verdict.INFO,
                "O recurso interposto não dispensa o pagamento das multas para a liberação.",
                art(35, 2),
            )
        )
    ok = not any(r.verdict in (Verdict.REFUSED, Verdict.PENDING) for r in reasons)
    due = (0 if facts["fine_paid"] else fine_cents) + outstanding
    return decide(
        "ipatinga.mototaxi-2013.seizure_release",
        ctx,
        {"may_release": ok, "fine_cents": fine_cents, "outstanding_cents": due},
        reasons,
        "Veículo pode ser liberado." if ok else f"Liberação bloqueada; em aberto {brl(due)}.",
    )
