"""Art. 22–24 and 26: the documents of people, companies and vehicles, each checked against what the
law asks of it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from outorga.law.citations import Citation, cite
from outorga.law.common.labels import either_pt, sentence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.parameters import ParameterValue
from outorga.law.questions import question
from outorga.law.rules import check, reason, verdict_only
from outorga.law.schemas import closed, list_of

from .._base import DATE, LAW, answer, art, decide, fmt, opt_day, param, rule_id

# --- art. 22–24, 26: documents ------------------------------------------------------------------


@dataclass(frozen=True)
class DocumentRequirement:
    code: str
    article: int
    inciso: str
    label_pt: str
    only_for_cng: bool = False
    #: The parameter whose value of the day the name says in its ``{}`` (D-15), if it says one.
    parameter: str | None = None

    def citation(self) -> Citation:
        return art(self.article, inc=self.inciso)

    def values(self, ctx: Context, on: dt.date) -> tuple[ParameterValue, ...]:
        """The parameter its name says, in force on ``on``, the day the documents are presented
        (D-15; none for most documents; none read while a question is answered verdict-only,
        where no text is written, issue #21)."""
        if self.parameter is None or verdict_only():
            return ()
        return (param(ctx, self.parameter, on),)

    def named(self, values: tuple[ParameterValue, ...]) -> str:
        """The document's name, with the value of its parameter (:meth:`values`) where it says one."""
        if not values:
            return self.label_pt
        value = values[0].value
        return self.label_pt.format(either_pt(value) if isinstance(value, list) else value)


PF_DOCUMENTS: tuple[DocumentRequirement, ...] = (
    DocumentRequirement("identidade_cpf", 22, "I", "carteira de identidade e CPF"),
    DocumentRequirement("cnh", 22, "II", "habilitação na categoria {}", parameter="cnh_categories"),
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
    DocumentRequirement(
        "seguro_obrigatorio",
        22,
        "XI",
        "seguro obrigatório categoria {}",
        parameter="insurance_category",
    ),
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


def art_22_presented(
    ctx: Context, req: DocumentRequirement, doc: Mapping[str, Any] | None, presented_on: dt.date
) -> Reason:
    """Arts. 22, 23 e 24: o cadastramento é feito mediante a apresentação de cada documento."""
    presented = bool(doc and doc.get("presented"))
    values = req.values(ctx, presented_on)
    return check(
        rule_id(f"art_{req.article}_presented"),
        presented,
        lambda: f"Apresentado: {req.named(values)}.",
        lambda: f"Falta: {req.named(values)}.",
        req.citation(),
        facts={"documento": req.code},
        params=values,
    )


def document_in_validity(
    ctx: Context, req: DocumentRequirement, doc: Mapping[str, Any], presented_on: dt.date
) -> Reason | None:
    """Um documento com validade (CNH, curso do art. 22, VI, CRLV vigente do art. 24, I) deve estar
    válido na data da apresentação."""
    until = opt_day(doc.get("valid_until"))
    if until is None:
        return None
    values = req.values(ctx, presented_on)
    return check(
        rule_id(f"art_{req.article}_validity"),
        until >= presented_on,
        lambda: f"{sentence(req.named(values))} válido até {fmt(until)}.",
        lambda: f"{sentence(req.named(values))} vencido em {fmt(until)}.",
        req.citation(),
        facts={"documento": req.code, "válido_até": until, "apresentado_em": presented_on},
        params=values,
    )


def art_22_ii_cnh_category(ctx: Context, doc: Mapping[str, Any], presented_on: dt.date) -> Reason:
    """Art. 22, II: habilitação em uma das categorias B, C, D ou E (CTB, art. 143), as the law
    names them on the day the documents are presented (D-15)."""
    accepted = param(ctx, "cnh_categories", presented_on)
    cat = str(doc.get("category", "")).upper()
    return check(
        rule_id("art_22_ii_cnh_category"),
        cat in accepted.value,
        f"CNH categoria {cat}.",
        f"CNH categoria {cat or 'não informada'}; a lei exige {either_pt(accepted.value)}.",
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


def art_22_xi_insurance_category(
    ctx: Context, doc: Mapping[str, Any], presented_on: dt.date
) -> Reason:
    """Art. 22, XI: seguro obrigatório categoria "3", as the law names it on the day the documents
    are presented (D-15)."""
    expected = param(ctx, "insurance_category", presented_on)
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


def art_24_iii_taximeter_certifier(
    ctx: Context, doc: Mapping[str, Any], presented_on: dt.date
) -> Reason:
    """Art. 24, III: certificado de aferição do taxímetro emitido pelo INMETRO e/ou IPEM-MG, as
    the law names them on the day the documents are presented (D-15)."""
    bodies = param(ctx, "taximeter_certifiers", presented_on)
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
    first = art_22_presented(ctx, req, doc, presented_on)
    if first.verdict is not Verdict.OK or doc is None:
        return [first]
    out = [first]
    validity = document_in_validity(ctx, req, doc, presented_on)
    if validity:
        out.append(validity)
    specific = {
        "cnh": lambda: art_22_ii_cnh_category(ctx, doc, presented_on),
        "residencia": lambda: art_22_vii_residence(ctx, req, doc),
        "endereco": lambda: art_22_vii_residence(ctx, req, doc),
        "antecedentes_criminais": lambda: art_22_viii_criminal_certificate(ctx, doc, presented_on),
        "seguro_obrigatorio": lambda: art_22_xi_insurance_category(ctx, doc, presented_on),
        "vistoria": lambda: approved_inspection(req, doc),
        "laudo_vistoria": lambda: approved_inspection(req, doc),
        "crlv_ou_nota_fiscal": lambda: art_24_sole_paragraph_holder_name(doc),
        "afericao_taximetro": lambda: art_24_iii_taximeter_certifier(ctx, doc, presented_on),
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
