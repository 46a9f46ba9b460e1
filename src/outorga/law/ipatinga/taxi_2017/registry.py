"""Capítulo II, Seções I–II — Do taxista e do Cadastro Municipal de Taxistas (art. 17–26):
auxiliaries, yearly renewal blocked by final debts, and the documents of people, companies and
vehicles."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from outorga.law.citations import Citation, cite, decision
from outorga.law.common.labels import sentence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl
from outorga.law.questions import question
from outorga.law.rulebook import renewal_start_text
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of, nullable
from outorga.law.windows import add_years, renewal_period

from ._base import (
    CENTS,
    DATE,
    LAW,
    answer,
    art,
    day,
    decide,
    fmt,
    has_refusal,
    joined,
    opt_day,
    param,
    rule_id,
)

# --- art. 20: auxiliaries ------------------------------------------------------------------------


def art_20_sole_paragraph_auxiliaries(ctx: Context, current: int) -> Reason:
    """Art. 20, parágrafo único: o permissionário poderá ter até dois taxistas auxiliares
    cadastrados para o seu veículo."""
    limit = param(ctx, "max_auxiliaries")
    after = current + 1
    return check(
        rule_id("art_20_auxiliaries"),
        after <= limit.value,
        f"Com o novo auxiliar, {after} de {limit.value} auxiliares no veículo.",
        f"O veículo já tem {current} auxiliar(es); a lei admite até {limit.value}.",
        art(20, "único"),
        facts={"auxiliares_atuais": current},
        params=(limit,),
    )


def art_20_auxiliary_registered(registered: bool) -> Reason:
    """Art. 17 e art. 20, parágrafo único: o auxiliar deve estar inscrito no Cadastro Municipal de
    Taxistas, observados os arts. 18 e 22."""
    return check(
        rule_id("art_20_auxiliary_registered"),
        registered,
        "Auxiliar inscrito no Cadastro Municipal de Taxistas.",
        "O taxista auxiliar deve estar inscrito no Cadastro Municipal de Taxistas (arts. 18 e 22).",
        art(20, "único"),
        art(17),
        facts={"inscrito": registered},
    )


def art_4_xiv_auxiliary_residence(resides: bool) -> Reason:
    """Art. 4º, XIV: taxista auxiliar é o motorista vinculado ao permissionário, inscrito no
    Cadastro e residente no Município de Ipatinga."""
    return check(
        rule_id("art_4_xiv_auxiliary_residence"),
        resides,
        "Auxiliar residente no Município.",
        "O taxista auxiliar deve residir no Município.",
        art(4, inc="XIV"),
        facts={"reside_em_ipatinga": resides},
    )


AUXILIARY_SCHEMA: dict[str, Any] = closed(
    {
        "current_auxiliaries": {"type": "integer", "minimum": 0},
        "candidate_registered": {"type": "boolean"},
        "candidate_resides_in_ipatinga": {"type": "boolean"},
    },
    required=["current_auxiliaries", "candidate_registered", "candidate_resides_in_ipatinga"],
)


@question(
    "ipatinga.taxi-2017.auxiliary_registration",
    law=LAW,
    title="O permissionário pode cadastrar mais um taxista auxiliar para o veículo?",
    schema=AUXILIARY_SCHEMA,
)
def auxiliary_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.auxiliary_registration"

    def build() -> Decision:
        # A first inscription runs one period of art. 21 from the day it is made.
        _, valid_until, period = art_21_auxiliary_period(ctx, None)
        reasons = [
            art_20_sole_paragraph_auxiliaries(ctx, int(facts["current_auxiliaries"])),
            art_20_auxiliary_registered(bool(facts["candidate_registered"])),
            art_4_xiv_auxiliary_residence(bool(facts["candidate_resides_in_ipatinga"])),
            period,
        ]
        ok = not has_refusal(reasons)
        return decide(
            qid,
            ctx,
            {"allowed": ok, "valid_until": valid_until if ok else None},
            reasons,
            "Auxiliar pode ser cadastrado." if ok else "Auxiliar não pode ser cadastrado.",
        )

    return answer(qid, ctx, ctx.as_of, (art(20, "único"),), build)


# --- art. 21: yearly renewal; final debts block it (D-11) --------------------------------------

DEBT_KINDS = {"multa": "multa", "taxa": "taxa", "imposto": "imposto", "outro": "encargo"}
#: D-11: only a final debt blocks; one under defence or appeal does not.
DEBT_STATUSES = ("definitivo", "em_defesa", "em_recurso", "quitado")


#: The fees of art. 40 a yearly renewal charges: II (renovação da permissão) with the Termo's,
#: V (renovação da inscrição no Cadastro) with the Cadastro's — a permit's renewal is both.
PERMIT_RENEWAL_FEES = ("II", "V")
AUXILIARY_RENEWAL_FEES = ("V",)


@dataclass(frozen=True)
class Debt:
    id: str
    kind: str
    amount_cents: int
    status: str
    description: str = ""
    fee: str = ""  # "<law id>:<inciso of art. 40>" when the debt is one of this law's fees
    charged_on: dt.date | None = None
    how_to_pay: str = ""

    @classmethod
    def from_facts(cls, d: Mapping[str, Any]) -> Debt:
        return cls(
            d["id"],
            d["kind"],
            int(d["amount_cents"]),
            d["status"],
            d.get("description", ""),
            d.get("fee", ""),
            opt_day(d.get("charged_on")),
            d.get("how_to_pay", ""),
        )

    def label(self) -> str:
        desc = f" — {self.description}" if self.description else ""
        return f"{DEBT_KINDS[self.kind]} {self.id} ({brl(self.amount_cents)}){desc}"

    def renewal_fee(self, incisos: tuple[str, ...], since: dt.date | None) -> bool:
        """One of this renewal's own fees: a renewal fee (``incisos`` of art. 40) charged after
        the previous renewal (``since``; any, for a first one)."""
        return (
            self.fee in {f"{LAW}:{i}" for i in incisos}
            and self.charged_on is not None
            and (since is None or self.charged_on > since)
        )


def art_21_validity(ctx: Context, last_renewed_on: dt.date) -> tuple[dt.date, Reason]:
    """Art. 21: o Cadastro Municipal de Taxistas será renovado anualmente."""
    period = param(ctx, "registration_renewal_years", last_renewed_on)
    until = add_years(last_renewed_on, int(period.value))
    expired = ctx.as_of > until
    return until, reason(
        rule_id("art_21_yearly"),
        Verdict.INFO,
        f"Cadastro renovado em {fmt(last_renewed_on)}, válido até {fmt(until)}"
        + (" — vencido." if expired else "."),
        art(21),
        facts={"última_renovação": last_renewed_on, "válido_até": until},
        params=(period,),
    )


def art_21_par_1_final_debt_blocks(debt: Debt) -> Reason:
    """Art. 21, §1º: os documentos da renovação só serão disponibilizados após a quitação de todos
    os débitos relativos a multas, taxas, impostos e demais encargos perante o Município. D-11: só
    o débito definitivo bloqueia, e o bloqueio nomeia cada débito."""
    pay = f" Como pagar: {debt.how_to_pay}." if debt.how_to_pay else ""
    return reason(
        rule_id("art_21_par_1_debt"),
        Verdict.REFUSED,
        f"Débito definitivo em aberto: {debt.label()}. Os documentos da renovação só são "
        f"liberados após a quitação; o débito pode ser pago desde já, antes do vencimento.{pay}",
        art(21, 1),
        decision(11),
        decision(18),
        facts={"débito": debt.id, "tipo": debt.kind, "valor_centavos": debt.amount_cents},
    )


def d_18_own_renewal_fee_does_not_block(debt: Debt) -> Reason:
    """D-18 (exceção ao art. 21, §1º): as taxas cobradas pela própria renovação (art. 40, II e V)
    são pagas com ela e nunca bloqueiam a renovação a que pertencem."""
    return reason(
        rule_id("d_18_own_renewal_fee"),
        Verdict.INFO,
        f"{sentence(debt.label())}: taxa da própria renovação, paga com ela; não a bloqueia.",
        decision(18),
        art(21, 1),
        art(40),
        facts={"débito": debt.id, "taxa": debt.fee, "lançada_em": debt.charged_on},
    )


def d_11_debt_under_review_does_not_block(debt: Debt) -> Reason:
    """D-11 (exceção ao art. 21, §1º): a multa em defesa ou recurso ainda não é débito definitivo e
    não bloqueia a renovação."""
    stage = "defesa" if debt.status == "em_defesa" else "recurso"
    return reason(
        rule_id("d_11_debt_under_review"),
        Verdict.INFO,
        f"{debt.label()} em {stage}: não é definitivo e não bloqueia a renovação.",
        decision(11),
        art(21, 1),
        facts={"débito": debt.id, "situação": debt.status},
    )


def art_21_par_1_debts(
    facts: Mapping[str, Any],
    nothing_final: str,
    own_fees: tuple[str, ...] = (),
    since: dt.date | None = None,
) -> tuple[list[Debt], list[Reason]]:
    """Art. 21, §1º with D-11 and D-18 over the debts informed: each final debt blocks and is
    named with how to pay it, each debt in defence or appeal does not, nor a fee of this renewal
    itself (``own_fees`` of art. 40 charged after ``since``, the previous renewal); with none
    final the renewal is free of debts (``nothing_final`` says whose). Returns the blocking debts
    and the reasons."""
    debts = [Debt.from_facts(d) for d in facts.get("debts", [])]
    final = [d for d in debts if d.status == "definitivo"]
    own = [d for d in final if d.renewal_fee(own_fees, since)]
    blocking = [d for d in final if d not in own]
    reasons = [art_21_par_1_final_debt_blocks(d) for d in blocking]
    reasons += [d_18_own_renewal_fee_does_not_block(d) for d in own]
    reasons += [
        d_11_debt_under_review_does_not_block(d)
        for d in debts
        if d.status in ("em_defesa", "em_recurso")
    ]
    if not blocking:
        reasons.append(
            reason(
                rule_id("art_21_par_1_debt"),
                Verdict.OK,
                nothing_final,
                art(21, 1),
                decision(11),
                facts={"débitos_informados": len(debts)},
            )
        )
    return blocking, reasons


RENEWAL_SCHEMA: dict[str, Any] = closed(
    {
        "last_renewed_on": DATE,
        "debts": list_of(
            closed(
                {
                    "id": {"type": "string", "minLength": 1},
                    "kind": {"enum": list(DEBT_KINDS)},
                    "amount_cents": CENTS,
                    "status": {"enum": list(DEBT_STATUSES)},
                    "description": {"type": "string"},
                    # The fee it charges (art. 40), "<law id>:<inciso>", and when (D-18).
                    "fee": {"type": "string"},
                    "charged_on": DATE,
                    "how_to_pay": {"type": "string"},
                },
                required=["id", "kind", "amount_cents", "status"],
            )
        ),
    },
    required=["last_renewed_on"],
)


@question(
    "ipatinga.taxi-2017.registration_renewal",
    law=LAW,
    title="Os documentos da renovação do Cadastro Municipal de Taxistas podem ser liberados?",
    schema=RENEWAL_SCHEMA,
)
def renewal_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.registration_renewal"
    last = day(facts["last_renewed_on"])

    def build() -> Decision:
        until, validity = art_21_validity(ctx, last)
        blocking, debt_reasons = art_21_par_1_debts(
            facts,
            "Nenhum débito definitivo em aberto perante o Município.",
            PERMIT_RENEWAL_FEES,
            last,
        )
        reasons = [validity, *debt_reasons]
        outcome = {
            "documents_released": not blocking,
            "valid_until": until,
            "blocking_debts": [d.id for d in blocking],
            "blocking_total_cents": sum(d.amount_cents for d in blocking),
        }
        summary = (
            "Renovação liberada."
            if not blocking
            else f"Renovação bloqueada por {len(blocking)} débito(s): "
            f"{joined(d.id for d in blocking)}."
        )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, last, (art(21),), build)


# --- art. 20–21: yearly renewal of an auxiliary's inscription -----------------------------------


def art_21_auxiliary_period(
    ctx: Context, current: dt.date | None
) -> tuple[dt.date, dt.date, Reason]:
    """Art. 21 — o Cadastro Municipal de Taxistas será renovado anualmente; the auxiliary is
    inscribed in it (art. 20 and its parágrafo único). The law sets the yearly period, not from
    when a renewal counts: it is silent. Reading, as for the Termo (art. 13): the renewed year
    follows the current one, so an inscription renewed on or before its last day counts from that
    day; one renewed after it lapsed counts from the renewal, since the days in between had no
    valid inscription and cannot be given one afterwards."""
    on = ctx.as_of
    period = param(ctx, "registration_renewal_years", on)
    start, until = renewal_period(current, on, int(period.value))
    text = renewal_start_text("Inscrição", current, on)
    return (
        start,
        until,
        reason(
            rule_id("art_21_auxiliary_period"),
            Verdict.INFO,
            f"{text}, por {period.value} ano(s): até {fmt(until)}.",
            art(21),
            art(20, "único"),
            facts={"válida_até": current, "conta_de": start, "nova_validade": until},
            params=(period,),
        ),
    )


def art_21_yearly_not_ahead(ctx: Context, current: dt.date | None) -> Reason:
    """Art. 21 — renovado anualmente: year by year. An inscription already valid for a full
    period from the renewal date has nothing to renew; renewing it again would grant more than
    one year ahead."""
    on = ctx.as_of
    period = param(ctx, "registration_renewal_years", on)
    horizon = add_years(on, int(period.value))
    return check(
        rule_id("art_21_yearly_not_ahead"),
        current is None or current < horizon,
        f"A inscrição vale menos de um período a partir de {fmt(on)}: pode ser renovada.",
        f"A inscrição já vale até {fmt(current or on)}, um período inteiro a partir de "
        f"{fmt(on)}: já foi feita ou renovada para o ano seguinte; não há o que renovar.",
        art(21),
        facts={"válida_até": current, "um_período_a_partir_da_data": horizon},
        params=(period,),
    )


AUXILIARY_RENEWAL_SCHEMA: dict[str, Any] = closed(
    {
        "credential_valid_until": nullable(DATE),
        "resides_in_ipatinga": {"type": "boolean"},
        "debts": RENEWAL_SCHEMA["properties"]["debts"],
    },
    required=["credential_valid_until", "resides_in_ipatinga"],
)


@question(
    "ipatinga.taxi-2017.auxiliary_renewal",
    law=LAW,
    title="A inscrição deste taxista auxiliar no Cadastro pode ser renovada, e até quando valerá?",
    schema=AUXILIARY_RENEWAL_SCHEMA,
)
def auxiliary_renewal_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 21 — yearly renewal of the auxiliary's inscription in the Cadastro, on ``as_of``:
    the period (art. 21), the residence in Ipatinga (art. 4º XIV) and the auxiliary's own final
    debts, named one by one (art. 21 §1º, D-11). The documents of art. 18 and 22 are
    ``ipatinga.taxi-2017.registration_documents``, asked on the same date."""
    qid = "ipatinga.taxi-2017.auxiliary_renewal"
    current = opt_day(facts.get("credential_valid_until"))

    def build() -> Decision:
        start, until, period = art_21_auxiliary_period(ctx, current)
        blocking, debt_reasons = art_21_par_1_debts(
            facts,
            "Nenhum débito definitivo do auxiliar em aberto perante o Município.",
            AUXILIARY_RENEWAL_FEES,
            # The previous renewal began the current period: a year before it ends.
            None if current is None else add_years(current, -int(period.parameters[0].value)),
        )
        reasons = [
            art_21_yearly_not_ahead(ctx, current),
            period,
            art_4_xiv_auxiliary_residence(bool(facts["resides_in_ipatinga"])),
            *debt_reasons,
        ]
        ok = not has_refusal(reasons)
        return decide(
            qid,
            ctx,
            {
                "renewable": ok,
                "valid_from": start,
                "valid_until": until,
                "blocking_debts": [d.id for d in blocking],
                "blocking_total_cents": sum(d.amount_cents for d in blocking),
            },
            reasons,
            f"Inscrição do auxiliar renovada até {fmt(until)}."
            if ok
            else "Renovação da inscrição do auxiliar recusada.",
        )

    return answer(qid, ctx, ctx.as_of, (art(21),), build)


# --- art. 22–24, 26: documents ------------------------------------------------------------------


@dataclass(frozen=True)
class DocumentRequirement:
    code: str
    article: int
    inciso: str
    label_pt: str
    only_for_cng: bool = False

    def citation(self) -> Citation:
        return art(self.article, inc=self.inciso)


PF_DOCUMENTS: tuple[DocumentRequirement, ...] = (
    DocumentRequirement("identidade_cpf", 22, "I", "carteira de identidade e CPF"),
    DocumentRequirement("cnh", 22, "II", "habilitação na categoria B, C, D ou E"),
    DocumentRequirement("quitacao_militar_eleitoral", 22, "III", "quitação militar e eleitoral"),
    DocumentRequirement("atestado_medico", 22, "IV", "atestado médico de sanidade física e mental"),
    DocumentRequirement("inss", 22, "V", "comprovante de inscrição no INSS"),
    DocumentRequirement("curso", 22, "VI", "certificado do curso de qualificação"),
    DocumentRequirement("residencia", 22, "VII", "comprovante de residência no Município"),
    DocumentRequirement("antecedentes_criminais", 22, "VIII", "atestado de antecedentes criminais"),
    DocumentRequirement(
        "declaracao_outorgas",
        22,
        "IX",
        "declaração de que não detém outra concessão, permissão ou autorização",
    ),
    DocumentRequirement(
        "declaracao_vinculo",
        22,
        "X",
        "declaração de que não mantém vínculo empregatício na Administração",
    ),
    DocumentRequirement("seguro_obrigatorio", 22, "XI", "seguro obrigatório categoria 3"),
    DocumentRequirement("vistoria", 22, "XII", "laudo de vistoria do veículo"),
)
PJ_DOCUMENTS: tuple[DocumentRequirement, ...] = (
    DocumentRequirement(
        "contrato_social", 23, "I", "contrato social ou declaração de firma individual registrados"
    ),
    DocumentRequirement("cnpj", 23, "II", "comprovante de inscrição no CNPJ"),
    DocumentRequirement("alvara", 23, "III", "licença para localização e funcionamento"),
    DocumentRequirement("endereco", 23, "IV", "comprovante de endereço no Município"),
    DocumentRequirement(
        "regularidade_fiscal",
        23,
        "V",
        "certificado de regularidade fiscal federal, estadual e municipal",
    ),
    DocumentRequirement(
        "certidao_trabalhista", 23, "VI", "certidão negativa de distribuição de feitos trabalhistas"
    ),
    DocumentRequirement("cnd_inss_fgts", 23, "VII", "certidão negativa de débito INSS e FGTS"),
    DocumentRequirement(
        "declaracao_socios",
        23,
        "VIII",
        "declaração dos titulares e sócios sobre vínculo com a Administração",
    ),
)
VEHICLE_DOCUMENTS: tuple[DocumentRequirement, ...] = (
    DocumentRequirement(
        "crlv_ou_nota_fiscal",
        24,
        "I",
        "CRLV vigente em nome do permissionário ou nota fiscal (zero km)",
    ),
    DocumentRequirement(
        "laudo_vistoria", 24, "II", "laudo de vistoria aprovado, de empresa credenciada ao INMETRO"
    ),
    DocumentRequirement(
        "afericao_taximetro",
        24,
        "III",
        "certificado de aferição do taxímetro (INMETRO e/ou IPEM-MG)",
    ),
    DocumentRequirement(
        "seguranca_gnv", 24, "IV", "certificado de segurança veicular (gás natural veicular)", True
    ),
)
DOCUMENTS = {
    "pessoa_fisica": PF_DOCUMENTS,
    "pessoa_juridica": PJ_DOCUMENTS,
    "veiculo": VEHICLE_DOCUMENTS,
}
_ALL_CODES = sorted({d.code for docs in DOCUMENTS.values() for d in docs})

_DOC: dict[str, Any] = closed(
    {
        "presented": {"type": "boolean"},
        "issued_on": DATE,
        "valid_until": DATE,
        "category": {"type": "string"},
        "municipality_ibge": {"type": "string", "pattern": "^[0-9]{7}$"},
        "approved": {"type": "boolean"},
        "issuer": {"type": "string"},
        "accredited_inmetro": {"type": "boolean"},
        "in_holder_name": {"type": "boolean"},
        "zero_km": {"type": "boolean"},
    },
    required=["presented"],
)


def art_22_presented(req: DocumentRequirement, doc: Mapping[str, Any] | None) -> Reason:
    """Arts. 22, 23 e 24: o cadastramento é feito mediante a apresentação de cada documento."""
    presented = bool(doc and doc.get("presented"))
    return check(
        rule_id(f"art_{req.article}_presented"),
        presented,
        f"Apresentado: {req.label_pt}.",
        f"Falta: {req.label_pt}.",
        req.citation(),
        facts={"documento": req.code},
    )


def document_in_validity(
    req: DocumentRequirement, doc: Mapping[str, Any], presented_on: dt.date
) -> Reason | None:
    """Um documento com validade (CNH, curso do art. 22, VI, CRLV vigente do art. 24, I) deve estar
    válido na data da apresentação."""
    until = opt_day(doc.get("valid_until"))
    if until is None:
        return None
    return check(
        rule_id(f"art_{req.article}_validity"),
        until >= presented_on,
        f"{sentence(req.label_pt)} válido até {fmt(until)}.",
        f"{sentence(req.label_pt)} vencido em {fmt(until)}.",
        req.citation(),
        facts={"documento": req.code, "válido_até": until, "apresentado_em": presented_on},
    )


def art_22_ii_cnh_category(ctx: Context, doc: Mapping[str, Any]) -> Reason:
    """Art. 22, II: habilitação em uma das categorias B, C, D ou E (CTB, art. 143)."""
    accepted = param(ctx, "cnh_categories")
    cat = str(doc.get("category", "")).upper()
    return check(
        rule_id("art_22_ii_cnh_category"),
        cat in accepted.value,
        f"CNH categoria {cat}.",
        f"CNH categoria {cat or 'não informada'}; a lei exige B, C, D ou E.",
        art(22, inc="II"),
        cite("federal.ctb-1997", 143),
        facts={"categoria": cat},
        params=(accepted,),
    )


def art_22_vii_residence(ctx: Context, req: DocumentRequirement, doc: Mapping[str, Any]) -> Reason:
    """Art. 22, VII (residência) e art. 23, IV (endereço da empresa): no Município de Ipatinga."""
    ibge = doc.get("municipality_ibge")
    return check(
        rule_id(f"art_{req.article}_{req.inciso.lower()}_in_ipatinga"),
        ibge == ctx.municipality.ibge_code,
        f"Endereço em {ctx.municipality.name}.",
        f"Endereço fora de {ctx.municipality.name} (IBGE {ibge or 'não informado'}); a lei exige "
        "endereço no Município.",
        req.citation(),
        facts={"ibge_do_endereço": ibge},
    )


def art_22_viii_criminal_certificate(
    ctx: Context, doc: Mapping[str, Any], presented_on: dt.date
) -> Reason:
    """Art. 22, VIII: atestado de antecedentes criminais expedido dentro do prazo de 30 (trinta)
    dias anteriores à sua apresentação."""
    limit = param(ctx, "criminal_certificate_max_age_days", presented_on)
    issued = opt_day(doc.get("issued_on"))
    if issued is None:
        return reason(
            rule_id("art_22_viii_criminal_certificate"),
            Verdict.REFUSED,
            "Data de expedição do atestado de antecedentes não informada.",
            art(22, inc="VIII"),
            params=(limit,),
        )
    age = (presented_on - issued).days
    return check(
        rule_id("art_22_viii_criminal_certificate"),
        0 <= age <= limit.value,
        f"Atestado expedido {age} dia(s) antes da apresentação (limite: {limit.value}).",
        f"Atestado expedido em {fmt(issued)}, {age} dias antes da apresentação em "
        f"{fmt(presented_on)}; a lei exige no máximo {limit.value} dias.",
        art(22, inc="VIII"),
        facts={"expedido_em": issued, "apresentado_em": presented_on, "dias": age},
        params=(limit,),
    )


def art_22_xi_insurance_category(ctx: Context, doc: Mapping[str, Any]) -> Reason:
    """Art. 22, XI: seguro obrigatório categoria "3"."""
    expected = param(ctx, "insurance_category")
    cat = str(doc.get("category", ""))
    return check(
        rule_id("art_22_xi_insurance_category"),
        cat == expected.value,
        f"Seguro obrigatório categoria {cat}.",
        f"Seguro obrigatório categoria {cat or 'não informada'}; a lei exige a categoria "
        f"{expected.value}.",
        art(22, inc="XI"),
        facts={"categoria": cat},
        params=(expected,),
    )


def approved_inspection(req: DocumentRequirement, doc: Mapping[str, Any]) -> Reason:
    """Art. 22, XII e art. 24, II: laudo de vistoria com aprovação; o do art. 24, II expedido por
    empresa credenciada junto ao INMETRO (art. 29)."""
    approved = bool(doc.get("approved"))
    accredited = req.article != 24 or bool(doc.get("accredited_inmetro"))
    cites = (req.citation(), art(29)) if req.article == 24 else (req.citation(),)
    return check(
        rule_id(f"art_{req.article}_{req.inciso.lower()}_inspection"),
        approved and accredited,
        "Laudo de vistoria com aprovação.",
        "Laudo de vistoria "
        + ("sem aprovação." if not approved else "de empresa não credenciada junto ao INMETRO."),
        *cites,
        facts={"aprovado": approved, "credenciada_inmetro": doc.get("accredited_inmetro")},
    )


def art_24_sole_paragraph_holder_name(doc: Mapping[str, Any]) -> Reason:
    """Art. 24, I e parágrafo único: CRLV vigente em nome do permissionário (da empresa, de seus
    sócios ou titulares) ou nota fiscal do veículo zero quilômetro."""
    ok = bool(doc.get("zero_km")) or bool(doc.get("in_holder_name"))
    return check(
        rule_id("art_24_holder_name"),
        ok,
        "Documento do veículo em nome do permissionário."
        if not doc.get("zero_km")
        else "Nota fiscal de veículo zero quilômetro.",
        "O CRLV deve estar em nome do permissionário (ou da empresa, seus sócios ou titulares).",
        art(24, inc="I"),
        art(24, "único"),
        facts={
            "em_nome_do_permissionário": doc.get("in_holder_name"),
            "zero_km": doc.get("zero_km"),
        },
    )


def art_24_iii_taximeter_certifier(ctx: Context, doc: Mapping[str, Any]) -> Reason:
    """Art. 24, III: certificado de aferição do taxímetro emitido pelo INMETRO e/ou IPEM-MG."""
    bodies = param(ctx, "taximeter_certifiers")
    issuer = str(doc.get("issuer", "")).upper()
    return check(
        rule_id("art_24_iii_taximeter_certifier"),
        issuer in bodies.value,
        f"Aferição do taxímetro pelo {issuer}.",
        f"Aferição emitida por {issuer or 'órgão não informado'}; a lei exige INMETRO e/ou "
        "IPEM-MG.",
        art(24, inc="III"),
        facts={"emissor": issuer},
        params=(bodies,),
    )


def art_26_additional(item: Mapping[str, Any]) -> Reason:
    """Art. 26: a SESUMA poderá exigir outros documentos necessários ao cadastramento."""
    return check(
        rule_id("art_26_additional"),
        bool(item.get("presented")),
        f"Apresentado: {item['label']}.",
        f"Falta: {item['label']} (exigido pela SESUMA).",
        art(26),
        facts={"documento": item["label"]},
    )


DOCUMENTS_SCHEMA: dict[str, Any] = closed(
    {
        "subject": {"enum": list(DOCUMENTS)},
        "presented_on": DATE,
        "cng": {"type": "boolean"},
        "documents": {
            "type": "object",
            "propertyNames": {"enum": _ALL_CODES},
            "additionalProperties": _DOC,
        },
        "additional_required": list_of(
            closed(
                {
                    "label": {"type": "string", "minLength": 1},
                    "presented": {"type": "boolean"},
                },
                required=["label", "presented"],
            )
        ),
    },
    required=["subject", "documents"],
)


def check_document(
    ctx: Context, req: DocumentRequirement, doc: Mapping[str, Any] | None, presented_on: dt.date
) -> list[Reason]:
    """Presence, validity and the condition the law attaches to each document."""
    first = art_22_presented(req, doc)
    if first.verdict is not Verdict.OK or doc is None:
        return [first]
    out = [first]
    validity = document_in_validity(req, doc, presented_on)
    if validity:
        out.append(validity)
    specific = {
        "cnh": lambda: art_22_ii_cnh_category(ctx, doc),
        "residencia": lambda: art_22_vii_residence(ctx, req, doc),
        "endereco": lambda: art_22_vii_residence(ctx, req, doc),
        "antecedentes_criminais": lambda: art_22_viii_criminal_certificate(ctx, doc, presented_on),
        "seguro_obrigatorio": lambda: art_22_xi_insurance_category(ctx, doc),
        "vistoria": lambda: approved_inspection(req, doc),
        "laudo_vistoria": lambda: approved_inspection(req, doc),
        "crlv_ou_nota_fiscal": lambda: art_24_sole_paragraph_holder_name(doc),
        "afericao_taximetro": lambda: art_24_iii_taximeter_certifier(ctx, doc),
    }.get(req.code)
    if specific:
        out.append(specific())
    return out


@question(
    "ipatinga.taxi-2017.registration_documents",
    law=LAW,
    title="Os documentos do cadastramento (pessoa física, jurídica ou veículo) estão completos?",
    schema=DOCUMENTS_SCHEMA,
)
def documents_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.registration_documents"
    presented_on = opt_day(facts.get("presented_on")) or ctx.as_of
    subject = facts["subject"]

    def build() -> Decision:
        docs: Mapping[str, Any] = facts["documents"]
        reasons: list[Reason] = []
        for req in DOCUMENTS[subject]:
            if req.only_for_cng and not facts.get("cng"):
                continue
            reasons += check_document(ctx, req, docs.get(req.code), presented_on)
        reasons += [art_26_additional(i) for i in facts.get("additional_required", [])]
        missing = [r.message for r in reasons if r.verdict is Verdict.REFUSED]
        ok = not missing
        # Art. 25: registration and identification are issued after the cadastramento and an
        # approved inspection; for a person, the inspection is document XII itself.
        return decide(
            qid,
            ctx,
            {"complete": ok, "problems": missing},
            reasons,
            "Documentação completa." if ok else f"{len(missing)} pendência(s).",
        )

    return answer(qid, ctx, presented_on, (art(22), art(23), art(24)), build)
