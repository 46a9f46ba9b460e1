"""Art. 19 (deveres dos profissionais taxistas) and art. 44 (publicidade no veículo): the conducts
the law names without giving them a nature (ADR 0031).

- Art. 19 I–IV are duties whose breach is an "inobservância das obrigações instituídas nesta Lei"
  (art. 41, caput): an auto may cite each, with its inciso. The law does not classify them in
  art. 41 §2, so their nature — hence their fine — is the regulation's (art. 43), like illegal
  transport (art. 16): until the municipality's regulation lists the item with a nature, the fine
  is pending; no value is invented. III and IV are also seen at the vistoria (the vehicle's
  condition, art. 27; its documents).
- Art. 19 V (obey the CTB, Lei 12.468/2011 and other laws) is judged by the authorities of those
  laws, not by this one: nothing here.
- Art. 44 authorizes advertising fixed on the top ("parte superior") and/or the rear ("parte
  traseira") of the vehicle, "observada a legislação pertinente". Advertising anywhere else is
  not authorized; what the other legislation (CTB, CONTRAN, municipal posturas) adds is not
  checked here and a reason says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from outorga.law.citations import Citation
from outorga.law.decisions import Reason, Verdict
from outorga.law.rules import check, reason

from ._base import art, rule_id


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


def art_44_advertising(placements: Sequence[str] | None, only_top_or_rear: bool | None) -> Reason:
    """Art. 44: fica autorizada a exploração de publicidade no veículo, afixada na parte superior
    e/ou na parte traseira, observada a legislação pertinente. ``placements``: where the
    advertising is (none: no advertising); else ``only_top_or_rear``, the inspector's finding."""
    if placements is not None:
        outside = [p for p in placements if p not in AUTHORIZED]
        found = ", ".join(PLACEMENTS[p] for p in placements) or "nenhuma"
        ok = not outside
        fail = (
            "Publicidade não autorizada em: "
            + ", ".join(PLACEMENTS[p] for p in outside)
            + "; a lei só autoriza a parte superior e/ou a parte traseira do veículo."
        )
        facts: dict[str, object] = {"locais": list(placements), "fora_do_autorizado": outside}
    else:
        ok = bool(only_top_or_rear)
        found = "só na parte superior e/ou traseira" if ok else "fora delas"
        fail = (
            "Publicidade fora da parte superior e da parte traseira do veículo: não autorizada."
        )
        facts = {"só_superior_ou_traseira": ok}
    return check(
        rule_id("art_44_advertising"),
        ok,
        f"Publicidade no veículo ({found}): dentro do que a lei autoriza (parte superior e/ou "
        "traseira).",
        fail,
        art(44),
        facts=facts,
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


def art_19_iv_vehicle_documents(up_to_date: bool) -> Reason:
    """Art. 19, IV: dever do taxista de manter em dia a documentação do veículo exigida pelas
    autoridades competentes — the inspector's finding at the vistoria."""
    return check(
        rule_id("art_19_iv_vehicle_documents"),
        up_to_date,
        "Documentação do veículo em dia.",
        "Documentação do veículo exigida pelas autoridades competentes não está em dia.",
        art(19, inc="IV"),
        facts={"documentação_em_dia": up_to_date},
    )
