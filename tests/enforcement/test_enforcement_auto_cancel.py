"""Cancelling an auto (mototaxi art. 34; taxi art. 46, D-17) is annulling it of the authority's
own motion (Lei 9.784/1999 art. 53): its case is closed with the effects of an annulment — the fine
paid given back, open charges cancelled, the seized vehicle released with its costs waived
(art. 42 §1 as on a defence upheld), a defence still waiting prejudicado (art. 52) — and not
with a part of them."""

from __future__ import annotations

import datetime as dt

from enforcement_factories import case_of, file, issue, make_final, pay, seized

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Filing, InfractionNotice, Seizure
from outorga.enforcement.services.annulment import infraction_cancel
from outorga.enforcement.views import confirmations
from outorga.finance.models import Debt, Refund

D = dt.date(2026, 4, 6)  # a Monday
REASON = "Placa trocada: o veículo autuado não é o do permissionário."
ART_53 = "Lei Federal 9.784/1999, art. 53"


def cancel(world, auto: InfractionNotice) -> InfractionNotice:
    return infraction_cancel(actor=world.authority, municipality=world.m, auto=auto, reason=REASON)


def test_lei_9784_art_53_cancelling_a_final_auto_gives_back_the_paid_fine_and_the_vehicle(world):
    auto, s = seized(world, D)
    pay(world, s.fine_debt)
    make_final(world, auto, D + dt.timedelta(days=3))
    with tenant(world.m):
        consequence = confirmations.auto_cancel(auto, REASON).consequence
    # What the confirmation says before the click is what the cancellation does.
    assert "devolve o que foi pago da multa (R$" in consequence
    assert f"libera o veículo {s.plate} apreendido" in consequence
    assert "cancela o saldo de 1 débito(s)" in consequence  # the removal, still owed

    cancel(world, auto)
    case = case_of(world, auto)
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
        refunds = list(Refund.objects.filter(debt=s.fine_debt))
        removal = Debt.objects.get(pk=s.removal_debt_id)
        auto = InfractionNotice.objects.get(pk=auto.pk)
        annulled = Act.objects.get(action="case.annul_ex_officio", object_id=str(case.pk))
        cancelled = Act.objects.get(action="infraction.cancel", object_id=str(auto.pk))
    assert auto.status == InfractionNotice.Status.CANCELLED and auto.cancel_reason == REASON
    assert case.stage == Case.Stage.ANNULLED and case.outcome.startswith("Auto cancelado: Placa")
    assert len(refunds) == 1 and refunds[0].amount_cents == s.fine_debt.amount_cents
    assert removal.status == Debt.Status.CANCELLED
    assert s.status == Seizure.Status.RELEASED
    citations = annulled.record["basis"]["citations"]
    assert ART_53 in citations and any("art. 34" in c for c in citations)
    assert annulled.record["payload"]["new"]["grounds"] == REASON
    assert cancelled.record["payload"]["reason"] == REASON


def test_lei_9784_art_52_a_defence_waiting_when_its_auto_is_cancelled_is_prejudicado(world):
    auto = issue(world, on=D)
    f = file(world, auto, D)
    with tenant(world.m):
        assert "a defesa ou o recurso pendente fica prejudicado" in (
            confirmations.auto_cancel(auto, REASON).consequence
        )
    cancel(world, auto)
    with tenant(world.m):
        f = Filing.objects.get(pk=f.pk)
    assert f.result == Filing.Result.MOOT and "art. 52" in f.reasoning
    assert case_of(world, auto).waiting == Case.Waiting.NONE
