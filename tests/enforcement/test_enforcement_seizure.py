"""Seizure (mototaxi art. 35): release only after fine, removal and storage are paid (§1); an appeal
does not release the vehicle (§2). The law core decides from the debts' statuses."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import (
    at,
    case_of,
    client_of,
    issue,
    make_final,
    pay,
    pending_notice,
    seize,
    seized,
)

from outorga.core.errors import Refused
from outorga.core.localtime import today_of
from outorga.core.models import ParameterOverride
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import ask, fine
from outorga.enforcement.models import Case, Filing, Seizure
from outorga.enforcement.services.autos import infraction_issue
from outorga.enforcement.services.filings import filing_file, filing_judge
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import notice_deliver
from outorga.enforcement.services.seizures import (
    release_facts,
    seizure_bill_storage,
    seizure_create,
    seizure_release,
)
from outorga.finance import selectors, services
from outorga.finance.models import Debt
from outorga.law.competence import NotCompetent
from outorga.registry.validation import FieldError

D = dt.date(2026, 4, 6)


def _refusal(world, s, on):
    with pytest.raises(Refused) as exc:
        seizure_release(actor=world.clerk, municipality=world.m, seizure=s, on=on)
    return " ".join(r.message for r in exc.value.decision.reasons) + str(
        exc.value.decision.to_json()
    )


def test_art_35_par1_release_refused_while_fine_removal_or_storage_is_unpaid(world):
    auto, s = seized(world, D)
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
        assert s.fine_debt.origin == Debt.Origin.FINE and s.fine_debt.amount_cents > 0
        assert s.removal_debt.amount_cents == 15_000
    on = D + dt.timedelta(days=3)
    assert "não paga" in _refusal(world, s, on)
    pay(world, s.fine_debt)
    assert "remoção" in _refusal(world, s, on)
    pay(world, s.removal_debt)
    # Storage not charged yet for the days held.
    assert "estadia" in _refusal(world, s, on)
    debt = seizure_bill_storage(actor=world.clerk, municipality=world.m, seizure=s, through=on)
    assert debt is not None and debt.amount_cents == 4 * 2_000  # entry day included
    assert "estadia" in _refusal(world, s, on)
    pay(world, debt)
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
    seizure_release(actor=world.clerk, municipality=world.m, seizure=s, on=on)
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
    assert s.status == Seizure.Status.RELEASED and s.storage_days == 4


def test_art_35_par2_an_appeal_pending_does_not_release_the_vehicle(world):
    auto, s = seized(world, D)
    filing_file(
        actor=world.holder,
        municipality=world.m,
        case=case_of(world, auto),
        text="Recorro; devolvam a moto.",
        filed_on=D + dt.timedelta(days=1),
    )
    text = _refusal(world, s, D + dt.timedelta(days=1))
    assert "art_35_par2_appeal_does_not_release" in text
    # Once everything is paid the vehicle goes, appeal or not; the appeal goes on.
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
        fine_debt, removal_debt = s.fine_debt, s.removal_debt
    pay(world, fine_debt)
    pay(world, removal_debt)
    pay(
        world,
        seizure_bill_storage(
            actor=world.clerk, municipality=world.m, seizure=s, through=D + dt.timedelta(days=1)
        ),
    )
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
    seizure_release(actor=world.clerk, municipality=world.m, seizure=s, on=D + dt.timedelta(days=1))


def test_only_the_inspector_seizes_and_the_sweep_counts_storage_days_once(world):
    auto = issue(world, code="art38-I", on=D)
    with pytest.raises(NotCompetent):
        seizure_create(
            actor=world.clerk,
            municipality=world.m,
            person=world.permit.holder,
            plate=auto.plate,
            depot="P",
            entered_on=D,
            removal_cents=1,
            storage_daily_cents=1,
            auto=auto,
        )
    _, s = seized(world, D)
    report = sweep(world.m, D + dt.timedelta(days=9))
    assert any("10 dia(s)" in line for line in report["storage"])
    assert sweep(world.m, D + dt.timedelta(days=9))["storage"] == []


def test_the_defence_upheld_waives_unpaid_removal_and_storage_art_42_par1(world):
    auto, s = seized(world, D)
    f = filing_file(
        actor=world.holder, municipality=world.m, case=case_of(world, auto), text="x", filed_on=D
    )
    f = filing_judge(
        actor=world.authority, municipality=world.m, filing=f, upheld=True, reasoning="ok", on=D
    )
    assert f.judgment["outcome"]["waive_removal_and_storage"] is True
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
        assert s.status == Seizure.Status.RELEASED
        assert s.fine_debt.status == Debt.Status.CANCELLED
        assert s.removal_debt.status == Debt.Status.CANCELLED
    assert any("art. 42, §1" in c for c in f.judgment["citations"])


def test_the_defence_upheld_refunds_a_fine_already_paid_art_42_par1(world):
    """Release needed the fine paid (art. 35 §1–2); the defence upheld gives it back (art. 42 §1)."""
    from outorga.core.acts import Actor
    from outorga.finance.models import Refund
    from outorga.finance.payments import payment_record

    auto, s = seized(world, D)
    with tenant(world.m):
        fine = Debt.objects.get(pk=s.fine_debt_id)
    with tenant(world.m):
        cashier = Actor.of(world.m.users.get(role="financas"))
    payment_record(
        actor=cashier,
        municipality=world.m,
        reference=fine.reference,
        amount_cents=fine.amount_cents,
        paid_on=D,
    )
    f = filing_file(
        actor=world.holder, municipality=world.m, case=case_of(world, auto), text="x", filed_on=D
    )
    filing_judge(
        actor=world.authority, municipality=world.m, filing=f, upheld=True, reasoning="ok", on=D
    )
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
        assert s.fine_debt.status == Debt.Status.REFUNDED
        refund = Refund.objects.get(debt=s.fine_debt)
        assert refund.amount_cents == fine.amount_cents
        assert s.removal_debt.status == Debt.Status.CANCELLED


def test_art_42_par1_the_defence_upheld_refunds_the_part_of_the_fine_already_paid(world):
    """The holder paid part of the seizure's fine (an instalment) and then won the defence: the
    fine falls and the part paid is refunded (art. 42 §1) — the judgment's trace says so, the
    ledger records it, and the part paid no longer waits for a person."""
    from outorga.core.acts import Actor
    from outorga.finance.models import Payment, Refund
    from outorga.finance.payments import payment_record

    auto, s = seized(world, D)
    with tenant(world.m):
        fine = Debt.objects.get(pk=s.fine_debt_id)
        cashier = Actor.of(world.m.users.get(role="financas"))
    part = fine.amount_cents // 2
    payment = payment_record(
        actor=cashier, municipality=world.m, reference=fine.reference, amount_cents=part, paid_on=D
    )
    assert payment.status == Payment.Status.PARTIAL
    f = filing_file(
        actor=world.holder, municipality=world.m, case=case_of(world, auto), text="x", filed_on=D
    )
    f = filing_judge(
        actor=world.authority, municipality=world.m, filing=f, upheld=True, reasoning="ok", on=D
    )
    assert f.judgment["outcome"]["refund_cents"] == part
    with tenant(world.m):
        assert [(r.kind, r.amount_cents) for r in Refund.objects.filter(debt=fine)] == [
            (Refund.Kind.UPHELD_DEFENCE, part)
        ]
        assert Debt.objects.get(pk=fine.pk).status == Debt.Status.REFUNDED
        assert not Payment.objects.filter(status__in=Payment.PENDING).exists()


def _statuses(world, *debts):
    with tenant(world.m):
        return [Debt.objects.get(pk=d.pk).status for d in debts]


def test_d_11_a_seizures_charges_under_defence_block_nothing_until_the_case_is_final(world):
    auto, s = seized(world, D)
    holder = world.permit.holder
    # Due on entry so they can be paid for the release (art. 35 §1), but the defence period of
    # art. 42 has just begun: the day after, the daily sweep leaves them open and they block
    # nothing (D-1, D-11).
    assert (
        services.debts_overdue_make_final(municipality=world.m, on=D + dt.timedelta(days=1)) == []
    )
    assert _statuses(world, s.fine_debt, s.removal_debt) == [Debt.Status.OPEN] * 2
    with tenant(world.m):
        assert selectors.debts_blocking(holder, D + dt.timedelta(days=1)) == []
    filing_file(
        actor=world.holder,
        municipality=world.m,
        case=case_of(world, auto),
        text="A manutenção estava em dia; anexo as notas.",
        filed_on=D + dt.timedelta(days=2),
    )
    assert _statuses(world, s.fine_debt, s.removal_debt) == [Debt.Status.UNDER_APPEAL] * 2
    storage = seizure_bill_storage(
        actor=world.clerk, municipality=world.m, seizure=s, through=D + dt.timedelta(days=3)
    )
    assert storage is not None and storage.status == Debt.Status.UNDER_APPEAL
    later = D + dt.timedelta(days=40)
    assert services.debts_overdue_make_final(municipality=world.m, on=later) == []
    with tenant(world.m):
        assert selectors.debts_blocking(holder, later) == []
    # The defence is dismissed and no appeal follows: final (D-1), the charges block again.
    with tenant(world.m):
        filing = Filing.objects.get(case__auto=auto)
    filing_judge(
        actor=world.authority,
        municipality=world.m,
        filing=filing,
        upheld=False,
        reasoning="Notas não cobrem o período.",
        on=D + dt.timedelta(days=5),
    )
    assert _statuses(world, s.fine_debt) == [Debt.Status.UNDER_APPEAL]  # the appeal may follow
    case = case_of(world, auto)
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="pessoal",
        on=D + dt.timedelta(days=6),
    )
    sweep(world.m, later)
    assert case_of(world, auto).stage == Case.Stage.FINAL
    assert _statuses(world, s.fine_debt, s.removal_debt, storage) == [Debt.Status.FINAL] * 3
    with tenant(world.m):
        assert {d.pk for d in selectors.debts_blocking(holder, later)} == {
            s.fine_debt_id,
            s.removal_debt_id,
            storage.pk,
        }


def test_art_42_on_the_last_day_of_the_defence_the_charges_are_neither_final_nor_blocking(world):
    """Art. 42: 10 days from the notice (the offender's signature on the auto, art. 30 X) to
    defend; D-1: nothing is final while a deadline runs."""
    auto, s = seized(world, D)
    holder = world.permit.holder
    case = case_of(world, auto)
    last = D + dt.timedelta(days=10)
    assert case.deadline == last
    sweep(world.m, last)
    assert case_of(world, auto).stage == Case.Stage.DEFENCE
    assert services.debts_overdue_make_final(municipality=world.m, on=last) == []
    assert _statuses(world, s.fine_debt, s.removal_debt) == [Debt.Status.OPEN] * 2
    with tenant(world.m):
        assert selectors.debts_blocking(holder, last) == []
    # Still on time to defend, and the defence puts the charges under review.
    filing_file(
        actor=world.holder,
        municipality=world.m,
        case=case,
        text="A manutenção estava em dia.",
        filed_on=last,
    )
    assert _statuses(world, s.fine_debt, s.removal_debt) == [Debt.Status.UNDER_APPEAL] * 2


def test_d_1_revelia_opens_the_appeal_and_only_its_lapse_makes_the_charges_final(world):
    """Art. 42 §3: no defence → judged by default; that decision is appealable to the JARI (art.
    43). The charges become final, and block (D-11), only once that deadline lapsed too (D-1)."""
    auto, s = seized(world, D)
    holder = world.permit.holder
    day_11 = D + dt.timedelta(days=11)
    assert sweep(world.m, day_11)["revelia"] == [case_of(world, auto).number]
    case = case_of(world, auto)
    assert case.revelia and case.stage == Case.Stage.JARI
    assert services.debts_overdue_make_final(municipality=world.m, on=day_11) == []
    with tenant(world.m):
        assert selectors.debts_blocking(holder, day_11) == []
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="pessoal",
        on=day_11,
    )
    appeal_deadline = case_of(world, auto).deadline
    assert appeal_deadline == dt.date(2026, 4, 27)  # 10 days from 17/04 (art. 43)
    assert services.debts_overdue_make_final(municipality=world.m, on=appeal_deadline) == []
    with tenant(world.m):
        assert selectors.debts_blocking(holder, appeal_deadline) == []
    after = appeal_deadline + dt.timedelta(days=1)
    assert sweep(world.m, after)["final"] == [case.number]
    with tenant(world.m):
        # Final in the process: from now on they block, even before the ledger's sweep runs.
        assert {d.pk for d in selectors.debts_blocking(holder, after)} == {
            s.fine_debt_id,
            s.removal_debt_id,
        }
    # Final with their case (D-18): the ledger's sweep has nothing left to make final.
    assert _statuses(world, s.fine_debt, s.removal_debt) == [Debt.Status.FINAL] * 2
    assert services.debts_overdue_make_final(municipality=world.m, on=after) == []


def test_art_35_par1_charges_paid_on_the_day_of_seizure_release_the_vehicle_that_day(world):
    """The charges wait for the case to become final, but they can be paid at once: that is what
    releases the vehicle (art. 35 §1), appeal or not (§2)."""
    auto, s = seized(world, D)
    with tenant(world.m):
        fine_debt, removal_debt = s.fine_debt, s.removal_debt
    pay(world, fine_debt)
    pay(world, removal_debt)
    storage = seizure_bill_storage(actor=world.clerk, municipality=world.m, seizure=s, through=D)
    assert storage is not None and storage.amount_cents == 2_000
    pay(world, storage)
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
    seizure_release(actor=world.clerk, municipality=world.m, seizure=s, on=D)
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
    assert s.status == Seizure.Status.RELEASED and s.released_on == D
    assert _statuses(world, fine_debt, removal_debt, storage) == [Debt.Status.PAID] * 3
    # The case runs its course; paid charges stay paid and block nothing.
    make_final(world, auto, D + dt.timedelta(days=11))
    assert _statuses(world, fine_debt, removal_debt, storage) == [Debt.Status.PAID] * 3
    with tenant(world.m):
        assert selectors.debts_blocking(world.permit.holder, D + dt.timedelta(days=60)) == []


def test_art_35_the_seizure_form_reads_removal_and_storage_in_reais_as_written_in_brazil(world):
    auto = issue(world, code="art38-I", on=D)
    fiscal = client_of(world.fiscal.user)
    url = f"/fiscalizacao/autos/{auto.pk}/apreender/"
    refused = fiscal.post(
        url,
        {"depot": "Pátio", "entered_on": D.isoformat(), "removal": "cento e cinquenta"},
        follow=True,
    )
    page = refused.content.decode()
    assert "remoção: valor em reais inválido" in page and "could not convert" not in page
    with tenant(world.m):
        assert not Seizure.objects.filter(auto=auto).exists()
    r = fiscal.post(
        url,
        {
            "depot": "Pátio Municipal",
            "entered_on": D.isoformat(),
            "removal": "R$ 1.234,56",
            "daily": "20,10",
        },
    )
    assert r.status_code == 302 and "/fiscalizacao/apreensoes/" in r["Location"]
    with tenant(world.m):
        s = Seizure.objects.get(auto=auto)
        assert (s.removal_debt.amount_cents, s.storage_daily_cents) == (123_456, 2_010)


def test_art_42_par2_the_defence_upheld_refunds_a_paid_removal_though_the_fine_is_unpaid(world):
    """A mototaxi caught without permission (art. 35): its owner paid the removal, not yet the
    fine. The defence upheld gives back what the seizure charged and was paid — fine, fees,
    removal and storage (art. 42 §2) — whether or not the fine was among them; the unpaid fine
    falls."""
    from registry_factories import person

    from outorga.finance.models import Refund

    offender = person(world.m, name="Mototaxista Clandestino")
    auto = infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="art35",
        committed_at=at(D),
        place="Praça Primeiro de Maio",
        description="Transportava passageiro em motocicleta sem permissão.",
        agent_registration="F-0042",
        plate="CLD1A23",
        law="ipatinga.mototaxi-2013",
        offender_document=offender.document,
        offender_signed=True,
    )
    s = seize(world, auto, D)
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
        fine, removal = s.fine_debt, s.removal_debt
    assert s.grounds == Seizure.Grounds.UNLICENSED and fine.amount_cents > 0
    pay(world, removal)
    f = filing_file(
        actor=world.clerk,
        municipality=world.m,
        case=case_of(world, auto),
        text="Não prestava o serviço: era um parente.",
        filed_on=D,
    )
    f = filing_judge(
        actor=world.authority, municipality=world.m, filing=f, upheld=True, reasoning="ok", on=D
    )
    assert f.judgment["outcome"]["refund_cents"] == 15_000
    with tenant(world.m):
        refunds = list(Refund.objects.filter(debt=removal))
        assert [r.amount_cents for r in refunds] == [15_000]
        assert Debt.objects.get(pk=removal.pk).status == Debt.Status.REFUNDED
        assert Debt.objects.get(pk=fine.pk).status == Debt.Status.CANCELLED
    assert any("art. 42, §2" in c for c in f.judgment["citations"])


def test_d_15_the_fine_charged_at_a_seizure_has_the_ufpi_of_the_date_of_the_fact(world):
    """Art. 38 §1–2 and art. 35 §1: the auto of 06/04/2026 (art. 38 I, leve: 1 UFPI) also seizes
    the vehicle, which enters the depot on 08/04. A law in force from 07/04 doubles the leve fine.
    The fine charged at the seizure is the one of the date of the fact (D-15) — the same one the
    auto's own process would impose —, not the amended one of the day the vehicle was seized."""
    auto = issue(world, code="art38-I", on=D)
    seized_on = D + dt.timedelta(days=2)
    with tenant(world.m):
        ParameterOverride.objects.create(
            name="mototaxi_2013.fines.leve",
            effective=D + dt.timedelta(days=1),
            value=2,
            legal_reference="Lei de teste que altera o art. 38, §1",
        )
    s = seize(world, auto, seized_on, person=world.permit.holder)
    of_the_fact, _ = fine(world.m, auto.law, "art38-I", D, seized_on)
    amended, _ = fine(world.m, auto.law, "art38-I", seized_on, seized_on)
    assert amended == 2 * of_the_fact
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
        assert s.fine_debt.amount_cents == of_the_fact
        facts = release_facts(s, seized_on)
    d = ask(world.m, s.law, "seizure_release", facts, seized_on)
    assert d.outcome["fine_cents"] == of_the_fact


def test_art_35_par1_an_unlicensed_auto_whose_vehicle_got_away_becomes_final_with_the_gravissima_fine(
    world,
):
    """Art. 35: caught without permission, the driver is subject to the law's penalties; §1 names
    the gravíssima fine (art. 41 §1: 4 UFPI). With no seizure to charge it at, the fine is imposed
    when the auto becomes final — before, the law's fine question refused the auto's code and the
    daily sweep stopped at that case, every day."""
    from registry_factories import person

    from outorga.enforcement.models import Penalty

    offender = person(world.m, name="Condutor Sem Permissão")
    auto = infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="art35",
        committed_at=at(D),
        place="Rua Diamantina, 40, Centro",
        description="Transporte de passageiro em motocicleta sem permissão; o condutor evadiu-se.",
        agent_registration="F-0042",
        plate="CLD9Z99",
        law="ipatinga.mototaxi-2013",
        offender_document=offender.document,
        offender_signed=True,
    )
    case = make_final(world, auto, D)  # through the daily sweep's revelia and finality
    with tenant(world.m):
        penalty = Penalty.objects.select_related("debt").get(case=case)
        final_on = penalty.imposed_on
        assert penalty.kind == Penalty.Kind.FINE and penalty.debt is not None
        assert penalty.debt.person_id == offender.pk
    gravissima, _ = fine(world.m, "ipatinga.mototaxi-2013", "art41-I", D, final_on)
    assert penalty.amount_cents == penalty.debt.amount_cents == gravissima > 0
    cited = {c["text"] for r in penalty.decision["reasons"] for c in r["citations"]}
    assert {
        "Lei de mototáxi de Ipatinga (2013), art. 35, §1",
        "Lei de mototáxi de Ipatinga (2013), art. 41, §1",
    } <= cited


def test_art_18_art_39_par2_a_vehicle_working_at_a_bus_stop_is_seized_and_released_on_its_fine(
    world,
):
    """Art. 18 forbids the service at bus and taxi stops; art. 39, I types it (média) and §2 seizes
    the vehicle. The seizure is made, and its release asks for the média fine (art. 35 §2) — before,
    the release question knew only the catalog's own codes and refused the seizure."""
    auto = issue(world, code="art39-I-art18", on=D)
    assert auto.seizure
    s = seize(world, auto, D, person=world.permit.holder)
    media, _ = fine(world.m, "ipatinga.mototaxi-2013", "art39-I", D, D)
    with tenant(world.m):
        fine_debt = Seizure.objects.select_related("fine_debt").get(pk=s.pk).fine_debt
    assert fine_debt is not None and fine_debt.amount_cents == media > 0
    refused = _refusal(world, s, D)  # nothing paid yet
    assert "ponto de ônibus ou de táxi: acarreta apreensão" in refused
    assert "art. 39, §2" in refused and "art. 35, §2" in refused


def test_art_35_par1_storage_is_never_charged_for_days_yet_to_come(world):
    # Estadia is the days the vehicle was held: billing through a day after the municipality's
    # today (a mistyped date in the API) charged days the vehicle may never stay.
    _, s = seized(world, D)
    today = today_of(world.m)
    ahead = today + dt.timedelta(days=5)
    with pytest.raises(FieldError) as exc:
        seizure_bill_storage(actor=world.clerk, municipality=world.m, seizure=s, through=ahead)
    assert exc.value.field == "data"
    assert f"{ahead:%d/%m/%Y}" in str(exc.value) and f"{today:%d/%m/%Y}" in str(exc.value)
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
        assert s.storage_billed_until is None and not s.storage_debts.exists()


def test_art_35_par1_the_seizure_page_bills_the_storage_and_refuses_the_release_naming_why(world):
    """The steps on the seizure's page (mototaxi art. 35 §1): the storage billed, back on the
    page with "Feito."; the release refused while the fine is unpaid, back on the page with the
    law's reasons and the vehicle still held; a step the page does not have is not found."""
    _, s = seized(world, D)
    clerk = client_of(world.clerk.user)
    page = f"/fiscalizacao/apreensoes/{s.pk}/"
    billed = clerk.post(page + "estadia/", follow=True)
    assert billed.redirect_chain == [(page, 302)] and "Feito." in billed.content.decode()
    with tenant(world.m):
        assert Seizure.objects.get(pk=s.pk).storage_debts.exists()
    refused = clerk.post(page + "liberar/", follow=True)
    text = refused.content.decode()
    assert refused.redirect_chain == [(page, 302)] and "Feito." not in text
    assert "não paga" in text
    with tenant(world.m):
        assert Seizure.objects.get(pk=s.pk).status == Seizure.Status.HELD
    assert clerk.post(page + "vender/").status_code == 404
