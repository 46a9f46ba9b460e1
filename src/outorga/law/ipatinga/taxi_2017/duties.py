"""Art. 19 (deveres dos profissionais taxistas) and art. 44 (publicidade no veículo): the conducts
the law names without giving them a nature (ADR 0031).

- Art. 19 I–IV are duties whose breach is an "inobservância das obrigações instituídas nesta Lei"
  (art. 41, caput): an auto may cite each, with its inciso. The law does not classify them in
  art. 41 §2, so their nature — hence their fine — is the regulation's (art. 43), like illegal
  transport (art. 16): until the municipality's regulation lists the item with a nature, the fine
  is pending; no value is invented. III and IV are also seen at the vistoria (the vehicle's
  condition, art. 27; its documents) — items of the checklist the inspector answers.
- Art. 19 V (obey the CTB, Lei 12.468/2011 and other laws) is judged by the authorities of those
  laws, not by this one: nothing here.
- Art. 44 authorizes advertising fixed on the top ("parte superior") and/or the rear ("parte
  traseira") of the vehicle, "observada a legislação pertinente". Advertising anywhere else is
  not authorized; what the other legislation (CTB, CONTRAN, municipal posturas) adds is not
  checked here and a reason says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from outorga.law.citations import Citation
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of

from ._base import DATE, LAW, answer, art, decide, opt_day, rule_id


@dataclass(frozen=True)
class Duty:
    """A duty of art. 19 an auto may cite: its code, how the auto describes its breach."""

    code: str
    inciso: str
    description: str

    @property
    def citation(self) -> Citation:
        return art(19, inc=self.inciso)


#: Art. 19, I–IV: the breaches an auto cites. V is the CTB's and Lei 12.468's (not here).
DUTIES: tuple[Duty, ...] = (
    Duty("dever_atendimento", "I", "Deixar de atender o cliente com presteza e polidez"),
    Duty("dever_traje", "II", "Deixar de trajar-se adequadamente para a função"),
    Duty(
        "dever_condicoes_veiculo",
        "III",
        "Deixar de manter o veículo em boas condições de funcionamento e higiene",
    ),
    Duty(
        "dever_documentacao_veiculo",
        "IV",
        "Deixar de manter em dia a documentação do veículo exigida pelas autoridades competentes",
    ),
)

#: The code an auto cites for advertising outside the places of art. 44.
ADVERTISING = "publicidade_irregular"
ADVERTISING_DESCRIPTION = (
    "Publicidade no veículo fora da parte superior e da parte traseira (não autorizada)"
)

#: Where advertising may be found on a taxi, as a person reads it; art. 44 authorizes the first two.
PLACEMENTS: dict[str, str] = {
    "parte_superior": "parte superior (teto)",
    "parte_traseira": "parte traseira",
    "laterais": "laterais (portas e para-lamas)",
    "dianteira": "dianteira (capô)",
    "vidros": "vidros",
    "interior": "interior do veículo",
}
AUTHORIZED = ("parte_superior", "parte_traseira")


def art_44_advertising(placements: Sequence[str]) -> Reason:
    """Art. 44: fica autorizada a exploração de publicidade no veículo, afixada na parte superior
    e/ou na parte traseira, observada a legislação pertinente. ``placements``: where advertising
    is fixed (empty: none)."""
    outside = [p for p in placements if p not in AUTHORIZED]
    found = ", ".join(PLACEMENTS[p] for p in placements) or "nenhuma"
    return check(
        rule_id("art_44_advertising"),
        not outside,
        f"Publicidade no veículo ({found}): dentro do que a lei autoriza (parte superior e/ou "
        "traseira).",
        "Publicidade não autorizada em: "
        + ", ".join(PLACEMENTS[p] for p in outside)
        + "; a lei só autoriza a parte superior e/ou a parte traseira do veículo.",
        art(44),
        facts={"locais": list(placements), "fora_do_autorizado": outside},
    )


def art_44_other_legislation() -> Reason:
    """Art. 44, "observada a legislação pertinente": the limits of the CTB, of CONTRAN and of the
    municipal posturas on advertising are not data here; a person checks them."""
    return reason(
        rule_id("art_44_other_legislation"),
        Verdict.INFO,
        "A publicidade também deve observar a legislação pertinente (CTB, CONTRAN e posturas "
        "municipais), que o sistema não verifica.",
        art(44),
    )


ADVERTISING_SCHEMA: dict[str, Any] = closed(
    {
        "observed_on": DATE,
        "placements": list_of({"enum": list(PLACEMENTS)}, uniqueItems=True),
    },
    required=["placements"],
)


@question(
    "ipatinga.taxi-2017.advertising",
    law=LAW,
    title="A publicidade neste táxi está nos lugares que a lei autoriza?",
    schema=ADVERTISING_SCHEMA,
)
def advertising_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.advertising"
    observed = opt_day(facts.get("observed_on")) or ctx.as_of

    def build() -> Decision:
        r = art_44_advertising(facts["placements"])
        ok = r.verdict is Verdict.OK
        outcome = {"authorized": ok, "outside": r.facts["fora_do_autorizado"]}
        summary = "Publicidade autorizada (art. 44)." if ok else r.message
        return decide(qid, ctx, outcome, [r, art_44_other_legislation()], summary)

    return answer(qid, ctx, observed, (art(44),), build)
