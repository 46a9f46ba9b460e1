"""Lei 9.784/1999 art. 53 (D-17, where the mototaxi and taxi laws are silent): the authority that
imposes the penalty annuls, of its own motion, an auto or a penalty eivado de vício de legalidade —
even after it became final —, with its grounds (art. 50, I and VIII): the fine paid is refunded,
open debts are cancelled, a suspension is lifted and a seized vehicle released with its charges
waived, as when a defence is upheld."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import (
    case_of,
    client_of,
    file,
    issue,
    make_final,
    pay,
    pending_notice,
    refused_acts,
    seized,
    taxi_refusal_auto,
)

from outorga.core.errors import FieldRefused, Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Escalation, Filing, Penalty, Seizure
from outorga.enforcement.services.annulment import case_annul_ex_officio
from outorga.enforcement.services.common import InvalidStep
from outorga.enforcement.services.filings import filing_judge
from outorga.enforcement.services.notices import notice_deliver
from outorga.enforcement.services.suspensions import suspension_impose
from outorga.finance.models import Debt, Refund
from outorga.law.competence import NotCompetent
from outorga.registry.models import Permit
from outorga.registry.validation import FieldError

D = dt.date(2026, 4, 6)  # a Monday
LATER = dt.date(2026, 9, 14)  # months after the case became final
GROUNDS = "Auto lavrado com a placa errada: o veículo autuado não é o do permissionário."
ART_53 = "Lei Federal 9.784/1999, art. 53"


def annul(world, case: Case, grounds: str = GROUNDS, actor=None, on: dt.date = LATER) -> Case:
    return case_annul_ex_officio(
        actor=actor or world.authority, municipality=world.m, case=case, on=on, grounds=grounds
    )


def act_of(world, case: Case) -> Act:
    with tenant(world.m):
        return Act.objects.get(action="case.annul_ex_officio", object_id=str(case.pk))


def seized_and_final(world):
    """Art. 38 I seizes the vehicle (art. 38 §2): the fine paid, the removal left open, the case
    final by revelia (D-1)."""
    auto, s = seized(world, D)
    pay(world, s.fine_debt)
    make_final(world, auto, D + dt.timedelta(days=3))
    return auto, s, case_of(world, auto)


def test_lei_9784_art_53_a_final_mototaxi_case_is_annulled_its_paid_fine_refunded(world):
    auto, s, case = seized_and_final(world)
    assert case.stage == Case.Stage.FINAL
    annul(world, case)
    case = case_of(world, auto)
    assert case.stage == Case.Stage.ANNULLED and case.waiting == Case.Waiting.NONE
    assert "art. 53" in case.outcome
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
        refunds = list(Refund.objects.filter(debt=s.fine_debt))
        removal = Debt.objects.get(pk=s.removal_debt_id)
    # The fine paid is refunded; the removal still owed is cancelled; the vehicle is released
    # with its charges waived (art. 42 §1, applied as on a defence upheld).
    assert len(refunds) == 1 and refunds[0].amount_cents == s.fine_debt.amount_cents
    assert removal.status == Debt.Status.CANCELLED
    assert s.status == Seizure.Status.RELEASED
    act = act_of(world, case)
    citations = act.record["basis"]["citations"]
    assert ART_53 in citations
    assert any("art. 50" in c and "VIII" in c for c in citations)
    assert any("art. 34" in c for c in citations)  # who annuls: the Secretaria
    assert act.record["payload"]["new"]["grounds"] == GROUNDS
    assert act.record["payload"]["old"]["stage"] == Case.Stage.FINAL


def test_lei_9784_art_53_a_final_taxi_case_is_annulled_its_open_fine_cancelled(world):
    auto = taxi_refusal_auto(world, on=D)
    make_final(world, auto, D)
    case = case_of(world, auto)
    with tenant(world.m):
        fine = Penalty.objects.get(case=case, kind=Penalty.Kind.FINE).debt
    assert fine is not None and fine.status != Debt.Status.CANCELLED
    annul(world, case)
    assert case_of(world, auto).stage == Case.Stage.ANNULLED
    with tenant(world.m):
        assert Debt.objects.get(pk=fine.pk).status == Debt.Status.CANCELLED
    citations = act_of(world, case).record["basis"]["citations"]
    assert ART_53 in citations and any("art. 46" in c for c in citations)
    assert "decisão D-17" in citations


def suspended(world) -> Case:
    """Three final infractions, the 15-day suspension imposed by the authority (D-2; art. 32 I,
    34), its appeal case notified and never appealed."""
    for i, code in enumerate(["art38-II", "art38-III", "art39-II"]):
        make_final(world, issue(world, code=code, on=D + dt.timedelta(days=7 * i)), LATER)
    with tenant(world.m):
        esc = Escalation.objects.get(permit=world.permit, status=Escalation.Status.PENDING)
    start = dt.date(2026, 10, 1)
    suspension_impose(
        actor=world.authority, municipality=world.m, escalation=esc, start=start, on=start
    )
    with tenant(world.m):
        case = Case.objects.get(permit=world.permit, kind=Case.Kind.SUSPENSION)
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="pessoal",
        on=start,
    )
    with tenant(world.m):
        return Case.objects.get(pk=case.pk)


def test_lei_9784_art_53_a_suspension_annulled_of_its_own_motion_is_lifted_at_once(world):
    case = suspended(world)
    with tenant(world.m):
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.SUSPENDED
    annul(world, case, on=dt.date(2026, 10, 5))
    with tenant(world.m):
        permit = Permit.objects.get(pk=world.permit.pk)
        esc = Escalation.objects.get(permit=world.permit)
        case = Case.objects.get(pk=case.pk)
        lift = Act.objects.filter(action="permit.suspension.lift").latest("seq")
    assert permit.status == Permit.Status.ACTIVE and permit.suspended_until is None
    assert esc.status == Escalation.Status.ANNULLED
    assert case.stage == Case.Stage.ANNULLED
    assert case.outcome.endswith("suspensão anulada, permissão restabelecida")
    assert "de ofício" in lift.record["payload"]["reason"]
    assert ART_53 in act_of(world, case).record["basis"]["citations"]


def test_lei_9784_art_50_viii_an_annulment_without_grounds_is_refused_and_logged(world):
    auto, _, case = seized_and_final(world)
    with pytest.raises(FieldRefused) as exc:
        annul(world, case, grounds="  ")
    assert exc.value.field == "fundamentos"
    assert "vício de legalidade" in exc.value.message
    assert "art. 50" in exc.value.citation
    assert [r.rule for r in exc.value.decision.refusals] == ["d_17_lei_9784_art_50_viii_grounds"]
    assert case_of(world, auto).stage == Case.Stage.FINAL
    (act,) = refused_acts(world, "case.annul_ex_officio")
    assert any("art. 50" in c for c in act.record["basis"]["citations"])


def test_lei_9784_art_53_a_clerk_without_competence_is_refused(world):
    auto, _, case = seized_and_final(world)
    with pytest.raises(NotCompetent):
        annul(world, case, actor=world.clerk)
    assert case_of(world, auto).stage == Case.Stage.FINAL


def test_lei_9784_art_53_a_case_already_annulled_is_refused(world):
    auto, _, case = seized_and_final(world)
    annul(world, case)
    with pytest.raises(Refused) as exc:
        annul(world, case_of(world, auto), grounds="De novo.")
    refusal = exc.value.decision.refusals[0]
    assert refusal.rule == "d_17_lei_9784_art_53_act_standing"
    assert "federal.9784-1999 art. 53" in {c.compact() for c in refusal.citations}
    assert "art. 53" in str(exc.value)
    assert len(refused_acts(world, "case.annul_ex_officio")) == 1


def test_lei_9784_art_53_the_case_page_annuls_and_shows_the_result(world):
    auto, _, case = seized_and_final(world)
    page = f"/fiscalizacao/processos/{case.pk}/"
    title = "Anular de ofício (Lei Federal 9.784/1999, art. 53)"
    assert title not in client_of(world.clerk.user).get(page).content.decode()
    authority = client_of(world.authority.user)
    html = authority.get(page).content.decode()
    assert title in html and "Fundamentos (vício de legalidade)" in html
    url = f"/fiscalizacao/processos/{case.pk}/anular-de-oficio/"
    refused = authority.post(url, {"grounds": "", "on": LATER.isoformat()}, follow=True)
    text = refused.content.decode()
    assert "fundamentos" in text and "art. 50" in text
    assert case_of(world, auto).stage == Case.Stage.FINAL
    # Irreversible: the confirmation first, with what the annulment does, read from the records.
    asked = authority.post(url, {"grounds": GROUNDS, "on": LATER.isoformat()}).content.decode()
    assert f"A anulação de ofício do processo {case.number} é definitiva" in asked
    assert "devolve o que foi pago da multa" in asked and "libera o veículo" in asked
    assert case_of(world, auto).stage == Case.Stage.FINAL
    r = authority.post(
        url, {"grounds": GROUNDS, "on": LATER.isoformat(), "confirmado": "1"}, follow=True
    )
    text = r.content.decode()
    assert "Processo anulado de ofício" in text and "arquivado" in text
    assert case_of(world, auto).stage == Case.Stage.ANNULLED
    assert title not in text


def test_lei_9784_art_53_the_api_annuls_for_the_authority_and_refuses_the_clerk(world):
    auto, _, case = seized_and_final(world)
    url = f"/api/v1/enforcement/cases/{case.pk}/annul"
    body = {"grounds": GROUNDS, "on": LATER.isoformat()}
    clerk = client_of(world.clerk.user)
    assert clerk.post(url, body, content_type="application/json").status_code == 403
    authority = client_of(world.authority.user)
    blank = authority.post(url, {"grounds": " "}, content_type="application/json")
    assert blank.status_code in (400, 409, 422), blank.content
    assert "art. 50" in blank.content.decode()
    r = authority.post(url, body, content_type="application/json")
    assert r.status_code == 200, r.content
    assert r.json()["stage"] == "annulled" and "art. 53" in r.json()["outcome"]


def test_lei_9784_art_52_a_defence_still_waiting_is_prejudicado_by_the_annulment(world):
    """The case annulled of the authority's own motion while the holder's defence waited: the
    defence loses its object (Lei 9.784/1999 art. 52) and is marked prejudicado, in the same act;
    judging it afterwards is refused, saying why."""
    auto = issue(world, on=D)
    f = file(world, auto, D)
    annul(world, case_of(world, auto), on=D + dt.timedelta(days=2))
    with tenant(world.m):
        f = Filing.objects.get(pk=f.pk)
    assert f.result == Filing.Result.MOOT and f.judged_on == D + dt.timedelta(days=2)
    assert "art. 52" in f.reasoning
    assert act_of(world, case_of(world, auto)).record["payload"]["new"]["filings_moot"] == [f.pk]
    with pytest.raises(InvalidStep, match="prejudicado: o processo foi anulado de ofício"):
        filing_judge(
            actor=world.authority,
            municipality=world.m,
            filing=f,
            upheld=True,
            reasoning="x",
            on=D + dt.timedelta(days=3),
        )


def test_lei_9784_art_52_an_annulment_dated_before_the_defence_it_moots_is_refused(world):
    auto = issue(world, on=D)
    file(world, auto, D + dt.timedelta(days=2))
    with pytest.raises(FieldError, match=r"anterior à defesa ou ao recurso.*art\. 52"):
        annul(world, case_of(world, auto), on=D + dt.timedelta(days=1))
    assert case_of(world, auto).stage != Case.Stage.ANNULLED


def test_lei_9784_art_53_no_confirmation_is_asked_of_whom_may_not_annul(world):
    """A clerk's direct post gets the service's refusal, not a confirmation of an act it may
    not perform."""
    auto, _, case = seized_and_final(world)
    url = f"/fiscalizacao/processos/{case.pk}/anular-de-oficio/"
    r = client_of(world.clerk.user).post(url, {"grounds": GROUNDS}, follow=True)
    assert "Confirmar a anulação" not in r.content.decode()
    assert case_of(world, auto).stage == Case.Stage.FINAL
