"""Art. 21: the yearly renewal of the inscription, blocked by final debts (§1; D-11, D-18)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from outorga.law.citations import decision
from outorga.law.common.labels import sentence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl
from outorga.law.questions import question
from outorga.law.rules import reason
from outorga.law.schemas import closed, list_of
from outorga.law.windows import years_elapsed_on

from .._base import CENTS, DATE, LAW, answer, art, day, decide, fmt, joined, opt_day, param, rule_id

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
    until = years_elapsed_on(last_renewed_on, int(period.value))
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


def blocking_outcome(blocking: Sequence[Debt]) -> dict[str, Any]:
    """What a renewal's outcome says of the final debts that block it (art. 21, §1º; D-11): each
    one's id and their total."""
    return {
        "blocking_debts": [d.id for d in blocking],
        "blocking_total_cents": sum(d.amount_cents for d in blocking),
    }


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
            **blocking_outcome(blocking),
        }
        summary = (
            "Renovação liberada."
            if not blocking
            else f"Renovação bloqueada por {len(blocking)} débito(s): "
            f"{joined(d.id for d in blocking)}."
        )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, last, (art(21),), build)
