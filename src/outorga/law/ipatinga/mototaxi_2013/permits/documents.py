"""The validity of the documents the law dates (art. 4 §1, 5 §1 III, 5 §2) and the yearly renewal of
the auxiliary's credential (art. 14 §2º, art. 32 IV f).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from outorga.law.citations import Citation
from outorga.law.common.labels import following_pt, periodic_pt, sentence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rulebook import renewal_start_text
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, nullable
from outorga.law.windows import months_elapsed_on, renewal_period, years_elapsed_on

from .._common import DATE, LAW_ID, art, day, decide, fmt, has_refusal, opt_day, param

# --- Documents the law dates ---------------------------------------------------------------------


@dataclass(frozen=True)
class DocumentRule:
    label: str
    parameter: str
    unit: str  # "years" | "months"
    citations: tuple[Citation, ...]

    def named(self, length: int) -> str:
        """The document's name, with the period in force in words where its name says one: its
        adjective in place ("laudo de inspeção semestral do veículo"), or, for a period without
        one, after the name ("laudo de inspeção do veículo (a cada 4 meses)")."""
        words = periodic_pt(length, self.unit)
        if words.startswith("a cada ") and "{periodic}" in self.label:
            return f"{self.label.replace('{periodic} ', '')} ({words})"
        return self.label.format(periodic=words)


DOCUMENT_RULES: dict[str, DocumentRule] = {
    "registro_cadastral": DocumentRule(
        "certificado de registro cadastral (crachá)",
        "documents.registration_validity_years",
        "years",
        (art(4, 1), art(5, 4)),
    ),
    "atestado_medico": DocumentRule(
        "atestado médico de sanidade física e mental",
        "documents.medical_validity_years",
        "years",
        (art(5, inc="VII"), art(5, 2)),
    ),
    "laudo_inspecao": DocumentRule(
        "laudo de inspeção {periodic} do veículo",  # the period of the day (D-15), in words
        "documents.inspection_validity_months",
        "months",
        (art(5, 1, "III"), art(24)),
    ),
    "credenciamento_auxiliar": DocumentRule(
        "credenciamento do condutor auxiliar",
        "documents.auxiliary_credential_validity_years",
        "years",
        (art(14, 2),),
    ),
}


def document_expiry(ctx: Context, kind: str, issued_on: dt.date) -> Reason:
    """Art. 4º §1º (registration, 1 year, renewable), art. 5º §2º (medical certificate renewed every
    year), art. 5º §1º III (inspection, semiannual), art. 14 §2º (auxiliary credential, 1 year).
    A term in months or years ends on the day with the same number (Código Civil art. 132 §3º),
    and the document is valid through that day."""
    rule = DOCUMENT_RULES[kind]
    length = param(ctx, rule.parameter, issued_on)
    until = (
        years_elapsed_on(issued_on, length.value)
        if rule.unit == "years"
        else months_elapsed_on(issued_on, length.value)
    )
    unit = "ano(s)" if rule.unit == "years" else "mês(es)"
    return reason(
        f"validity_{kind}",
        Verdict.INFO,
        f"{sentence(rule.named(length.value))} emitido em {fmt(issued_on)}, válido por {length.value} {unit}: "
        f"até {fmt(until)}.",
        *rule.citations,
        facts={"emitido_em": issued_on, "valido_ate": until},
        params=(length,),
    )


@question(
    "ipatinga.mototaxi-2013.document_validity",
    law=LAW_ID,
    title="Até quando vale este documento e ele é válido na data?",
    schema=closed(
        {
            "document": {"enum": list(DOCUMENT_RULES)},
            "issued_on": DATE,
            "check_on": DATE,
        },
        required=["document", "issued_on"],
    ),
)
def document_validity(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """When a dated document expires, and whether it is valid on ``check_on`` (default ``as_of``)."""
    kind = facts["document"]
    issued_on = day(facts["issued_on"])
    on = opt_day(facts.get("check_on")) or ctx.as_of
    expiry = document_expiry(ctx, kind, issued_on)
    until = expiry.facts["valido_ate"]
    valid = issued_on <= on <= until
    rule = DOCUMENT_RULES[kind]
    verdict = check(
        f"valid_{kind}",
        valid,
        f"Válido em {fmt(on)}.",
        f"Não é válido em {fmt(on)}"
        + (f": vencido em {fmt(until)}; renovar." if on > until else ": ainda não emitido."),
        *rule.citations,
        facts={"data_verificada": on, "valido_ate": until},
        params=expiry.parameters,
    )
    return decide(
        "ipatinga.mototaxi-2013.document_validity",
        ctx,
        {"document": kind, "expires_on": until, "valid": valid, "checked_on": on},
        [expiry, verdict],
        f"{sentence(rule.named(expiry.parameters[0].value))} válido até {fmt(until)}"
        + ("." if valid else f"; não válido em {fmt(on)}."),
    )


# --- Art. 14 §2º: renewal of the auxiliary's credential -------------------------------------------


def art_14_par2_renewal_period(
    ctx: Context, current: dt.date | None
) -> tuple[dt.date, dt.date, Reason]:
    """Art. 14, §2º — a aceitação do condutor auxiliar [...] com validade de um ano. The law says
    how long a credential lasts, not from when a renewed one counts: it is silent. Reading: the
    renewed year follows the current one without overlap, so a credential renewed on or before its
    last day counts from that day (nothing of the year already granted is lost, nothing is added
    twice); one renewed after it expired counts from the renewal, since the days in between had
    no credential and cannot be given one afterwards."""
    on = ctx.as_of
    length = param(ctx, "documents.auxiliary_credential_validity_years", on)
    start, until = renewal_period(current, on, length.value)
    text = renewal_start_text("Credencial", current, on)
    return (
        start,
        until,
        reason(
            "art_14_par2_renewal_period",
            Verdict.INFO,
            f"{text}, válida por {length.value} ano(s): até {fmt(until)}.",
            art(14, 2),
            facts={"valida_ate": current, "conta_de": start, "nova_validade": until},
            params=(length,),
        ),
    )


def art_14_par2_one_year_at_a_time(ctx: Context, current: dt.date | None) -> Reason:
    """Art. 14, §2º — the credential is valid for one year: it is renewed year by year. A
    credential already valid for a full year from the renewal date (issued or renewed for the
    coming year) has nothing to renew; renewing it again would grant more than one year ahead."""
    on = ctx.as_of
    length = param(ctx, "documents.auxiliary_credential_validity_years", on)
    horizon = years_elapsed_on(on, length.value)
    return check(
        "art_14_par2_one_year_at_a_time",
        current is None or current < horizon,
        f"A credencial vale menos de um período a partir de {fmt(on)}: pode ser renovada.",
        f"A credencial já vale até {fmt(current or on)}, um período inteiro a partir de "
        f"{fmt(on)}: já foi concedida ou renovada para {following_pt(length.value, 'years')}; não "
        "há o que renovar.",
        art(14, 2),
        facts={"valida_ate": current, "um_periodo_a_partir_de_hoje": horizon},
        params=(length,),
    )


def art_32_iv_f_late_renewal(ctx: Context, current: dt.date) -> Reason:
    """Art. 32, IV, f — cassação do credenciamento do auxiliar por não o renovar dentro do prazo;
    art. 40, IX — permitir auxiliar com credenciamento vencido é infração grave. A late renewal is
    not refused (the cassação is a penalty decided in its own procedure, art. 34 §2º); the record
    says the credential lapsed."""
    return reason(
        "art_32_iv_f_late_renewal",
        Verdict.INFO,
        f"Renovação depois do vencimento ({fmt(current)}): sem credencial no intervalo, o auxiliar "
        "não podia conduzir (art. 40, IX); não renovar no prazo pode levar à cassação do "
        "credenciamento (art. 32, IV, f), em processo próprio.",
        art(32, inc="IV", ali="f"),
        art(40, inc="IX"),
        facts={"vencida_em": current},
    )


@question(
    "ipatinga.mototaxi-2013.auxiliary_credential_renewal",
    law=LAW_ID,
    title="A credencial deste condutor auxiliar pode ser renovada, e até quando valerá?",
    schema=closed(
        {"credential_valid_until": nullable(DATE)},
        required=["credential_valid_until"],
    ),
)
def auxiliary_credential_renewal(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 14, §2º — the period of a renewed credential on ``as_of``, the renewal date. The
    requirements themselves (the same as the holder's, art. 14 §2º) are ``mototaxi.
    person_eligibility`` with the role ``auxiliar``, asked on the same date."""
    current = opt_day(facts.get("credential_valid_until"))
    start, until, period = art_14_par2_renewal_period(ctx, current)
    reasons = [art_14_par2_one_year_at_a_time(ctx, current), period]
    late = current is not None and ctx.as_of > current
    if late and current is not None:
        reasons.append(art_32_iv_f_late_renewal(ctx, current))
    ok = not has_refusal(reasons)
    return decide(
        "ipatinga.mototaxi-2013.auxiliary_credential_renewal",
        ctx,
        {"renewable": ok, "valid_from": start, "valid_until": until, "late": late},
        reasons,
        f"Credencial renovada até {fmt(until)}." if ok else "Renovação da credencial recusada.",
    )
