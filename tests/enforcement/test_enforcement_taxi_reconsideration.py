"""Taxi (art. 43, D-17): the appeal against the authority's decision goes first to that authority,
which may reconsider it within five days (Lei 9.784/1999 art. 56 §1); otherwise it goes up to the
Chief Executive, the superior authority of the competence table. The mototaxi law keeps its own
path (art. 43–44: JARI, then the Chief Executive)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone
from enforcement_factories import (
    appealed,
    at,
    at_executive,
    case_of,
    client_of,
    file,
    refused_acts,
    taxi_refusal_auto,
)
from registry_factories import person

from outorga.core.acts import Actor
from outorga.core.errors import Refused
from outorga.core.models import Act, CalendarDay
from outorga.core.services import calendar_day_record
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Filing, Penalty, Seizure
from outorga.enforcement.services.autos import infraction_issue
from outorga.enforcement.services.common import InvalidStep
from outorga.enforcement.services.filings import filing_judge
from outorga.enforcement.services.reconsideration import appeal_reconsider
from outorga.enforcement.services.seizures import seizure_create
from outorga.finance.models import Debt
from outorga.law.competence import NotCompetent, Role

D = dt.date(2026, 4, 6)  # a Monday
FILED = dt.date(2026, 4, 9)  # the appeal, a Thursday: five days end Tuesday 14/04/2026 (D-4)
LAST = dt.date(2026, 4, 14)


def _removed_auto(world):
    """An auto of illegal transport (art. 16) whose car was taken to the depot (art. 42 II): the
    offender owes the removal (§2) while the case runs."""
    offender = person(world.m, name="Clandestino da Silva")
    auto = infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="transporte_ilegal",
        committed_at=at(D),
        place="Rodoviária",
        description="Transportava passageiro mediante pagamento, sem permissão de táxi.",
        agent_registration="F-9",
        plate="ILG9B01",
        law="ipatinga.taxi-2017",
        offender_document=offender.document,
        offender_signed=True,
        measures=["remocao"],
    )
    seizure_create(
        actor=world.fiscal,
        municipality=world.m,
        person=None,
        plate=auto.plate,
        depot="Pátio Municipal",
        entered_on=D,
        removal_cents=15_000,
        storage_daily_cents=2_000,
        auto=auto,
    )
    return auto


def _reconsider(world, appeal, on, *, actor=None, result="annul"):
    return appeal_reconsider(
        actor=actor or world.authority,
        municipality=world.m,
        filing=appeal,
        result=result,
        reasoning="Reexame: o passageiro recusado era o próprio fiscal.",
        on=on,
    )


def test_lei_9784_art_56_1_taxi_the_appeal_records_the_authoritys_period_to_reconsider(world):
    appeal = appealed(world, taxi_refusal_auto(world, on=D), defence_on=D, filed_on=FILED)
    assert appeal.stage == Filing.Stage.EXECUTIVE
    assert appeal.reconsider_until == LAST and appeal.forwarded_on is None
    with tenant(world.m):
        act = Act.objects.filter(action="appeal.executive.file").latest("seq")
    assert "Lei Federal 9.784/1999, art. 56, §1" in act.record["basis"]["citations"]


def test_lei_9784_art_56_1_taxi_reconsidered_in_time_the_case_falls_and_its_debts_are_cancelled(
    world,
):
    auto = _removed_auto(world)
    appeal = appealed(world, auto, defence_on=D, filed_on=FILED)
    with tenant(world.m):
        seizure = Seizure.objects.get(auto=auto)
        removal = seizure.removal_debt
    assert removal is not None and removal.status != Debt.Status.CANCELLED
    _reconsider(world, appeal, LAST)  # the fifth day, moved by D-4
    case = case_of(world, auto)
    assert (
        case.stage == Case.Stage.ANNULLED and "Lei Federal 9.784/1999, art. 56, §1" in case.outcome
    )
    with tenant(world.m):
        appeal = Filing.objects.get(pk=appeal.pk)
        assert appeal.result == Filing.Result.UPHELD and appeal.judged_on == LAST
        assert appeal.reconsideration["result"] == "annul"
        assert Debt.objects.get(pk=removal.pk).status == Debt.Status.CANCELLED
        assert Seizure.objects.get(pk=seizure.pk).status == Seizure.Status.RELEASED
        assert not Penalty.objects.filter(case=case).exists()  # no fine will ever be imposed
        act = Act.objects.filter(action="appeal.reconsider", outcome="done").latest("seq")
    assert "Lei Federal 9.784/1999, art. 56, §1" in act.record["basis"]["citations"]
    with pytest.raises(InvalidStep):  # nothing left for the Chief Executive to judge
        filing_judge(
            actor=world.mayor,
            municipality=world.m,
            filing=appeal,
            upheld=False,
            reasoning="x",
            on=LAST + dt.timedelta(days=1),
        )


def test_lei_9784_art_56_1_taxi_reconsideration_after_the_period_is_refused_naming_the_article(
    world,
):
    auto = taxi_refusal_auto(world, on=D)
    appeal = appealed(world, auto, defence_on=D, filed_on=FILED)
    with pytest.raises(Refused) as exc:
        _reconsider(world, appeal, LAST + dt.timedelta(days=1))
    assert "art. 56, §1" in str(exc.value) and "14/04/2026" in str(exc.value)
    case = case_of(world, auto)
    assert (case.stage, case.waiting) == (Case.Stage.EXECUTIVE, Case.Waiting.JUDGMENT)
    with tenant(world.m):
        assert Filing.objects.get(pk=appeal.pk).result == Filing.Result.PENDING
    assert len(refused_acts(world, "appeal.reconsider")) == 1


@pytest.mark.parametrize("who", ["mayor", "clerk", "jari"])
def test_lei_9784_art_56_1_taxi_reconsideration_by_another_role_is_refused(world, who):
    auto = taxi_refusal_auto(world, on=D)
    appeal = appealed(world, auto, defence_on=D, filed_on=FILED)
    with pytest.raises(NotCompetent, match=r"Autoridade.*art\. 56, §1"):
        _reconsider(world, appeal, FILED, actor=getattr(world, who))
    case = case_of(world, auto)
    assert (case.stage, case.waiting) == (Case.Stage.EXECUTIVE, Case.Waiting.JUDGMENT)


def test_lei_9784_art_56_1_taxi_not_reconsidered_the_appeal_goes_up_to_the_chief_executive(world):
    auto = taxi_refusal_auto(world, on=D)
    appeal = appealed(world, auto, defence_on=D, filed_on=FILED)

    def judge(on):  # type: ignore[no-untyped-def]
        return filing_judge(
            actor=world.mayor,
            municipality=world.m,
            filing=appeal,
            upheld=False,
            reasoning="Recurso sem fundamento.",
            on=on,
        )

    with pytest.raises(Refused, match=r"art\. 56, §1"):  # still with the authority that decided
        judge(LAST)
    assert len(refused_acts(world, "appeal.reconsider")) == 1
    assert case_of(world, auto).stage == Case.Stage.EXECUTIVE
    judge(LAST + dt.timedelta(days=1))
    case = case_of(world, auto)
    assert case.stage == Case.Stage.FINAL
    with tenant(world.m):
        assert case.penalties.get().kind == Penalty.Kind.FINE


def test_lei_9784_art_56_1_taxi_the_decision_kept_the_appeal_is_sent_up_at_once(world):
    auto = taxi_refusal_auto(world, on=D)
    appeal = appealed(world, auto, defence_on=D, filed_on=FILED)
    _reconsider(world, appeal, FILED, result="confirm")
    with tenant(world.m):
        appeal = Filing.objects.get(pk=appeal.pk)
        assert appeal.forwarded_on == FILED and appeal.result == Filing.Result.PENDING
        assert Act.objects.filter(action="appeal.forward").count() == 1
    with pytest.raises(InvalidStep):  # kept once: no second reconsideration
        _reconsider(world, appeal, FILED)
    filing_judge(
        actor=world.mayor,
        municipality=world.m,
        filing=appeal,
        upheld=False,
        reasoning="Recurso sem fundamento.",
        on=FILED,
    )
    assert case_of(world, auto).stage == Case.Stage.FINAL


def test_lei_9784_art_56_1_mototaxi_keeps_its_own_jari_path_without_reconsideration(world):
    auto, _ = at_executive(world, dt.date(2026, 5, 4), dt.date(2026, 5, 12))
    appeal = file(world, auto, dt.date(2026, 5, 13))
    assert appeal.stage == Filing.Stage.EXECUTIVE and appeal.reconsider_until is None
    with pytest.raises(NotCompetent):  # the mototaxi law has no such act
        _reconsider(world, appeal, dt.date(2026, 5, 13))
    filing_judge(
        actor=world.mayor,
        municipality=world.m,
        filing=appeal,
        upheld=False,
        reasoning="Recurso sem fundamento.",
        on=dt.date(2026, 5, 13),
    )
    assert case_of(world, auto).stage == Case.Stage.FINAL


def test_lei_9784_art_56_1_taxi_the_case_page_and_the_api_offer_reconsideration_to_the_authority(
    world, user_of
):
    """Today's appeal is with the authority that decided: the screen and the API say so, offer
    the reconsideration to the Autoridade alone and the judgment to no one until it is sent up."""
    today = timezone.localdate()
    four_days_ago = today - dt.timedelta(days=4)
    auto = taxi_refusal_auto(
        world, on=four_days_ago, n=9102, name="Taxista da Tela", plate="TAX9B02"
    )
    appeal = appealed(world, auto, defence_on=four_days_ago, filed_on=today)
    case = case_of(world, auto)
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    mayor = client_of(user_of("ipatinga", Role.CHEFE_EXECUTIVO))
    page = reverse("enforcement:case", args=[case.pk])
    action = reverse("enforcement:filing_reconsider", args=[appeal.pk])
    judge_action = reverse("enforcement:filing_judge", args=[appeal.pk])
    html = authority.get(page).content.decode()
    assert (
        'id="appeal-with"' in html
        and "Lei Federal 9.784/1999, art. 56, §1" in html
        and "Chefe do Executivo" in html
    )
    assert action in html and judge_action not in html
    html = mayor.get(page).content.decode()
    assert 'id="appeal-with"' in html and action not in html and judge_action not in html

    api = f"/api/v1/enforcement/cases/{case.pk}"
    out = authority.get(api).json()
    assert out["can_reconsider"] is True
    assert out["filings"][-1]["appeal_with"] == "reconsideration"
    assert out["filings"][-1]["reconsider_until"] == appeal.reconsider_until.isoformat()
    assert mayor.get(api).json()["can_reconsider"] is False
    url = f"/api/v1/enforcement/filings/{appeal.pk}/reconsider"
    body = {"result": "confirm", "reasoning": "Decisão mantida."}
    assert mayor.post(url, body, content_type="application/json").status_code == 403
    r = authority.post(url, body, content_type="application/json")
    assert r.status_code == 200, r.content
    assert r.json()["appeal_with"] == "superior" and r.json()["forwarded_on"] == today.isoformat()
    html = mayor.get(page).content.decode()
    assert judge_action in html and "encaminhado em" in html


def test_lei_9784_art_56_1_d_4_a_closed_last_day_to_reconsider_moves_to_the_next_business_day(
    world, user_of
):
    """Recorded as a day without business after the appeal, Tuesday 14/04/2026 is no longer the
    authority's last day to reconsider: Wednesday 15/04 is (D-4), and the reconsideration that
    day is in time."""
    auto = taxi_refusal_auto(world, on=D)
    appeal = appealed(world, auto, defence_on=D, filed_on=FILED)
    calendar_day_record(
        actor=Actor.of(user_of("ipatinga", Role.ADMIN), "198.51.100.1"),
        municipality=world.m,
        date=LAST,
        kind=CalendarDay.Kind.CLOSED,
        description="dia sem expediente (teste)",
        legal_reference="Decreto 9/2026",
    )
    with tenant(world.m):
        assert Filing.objects.get(pk=appeal.pk).reconsider_until == LAST + dt.timedelta(days=1)
        assert Act.objects.filter(action="appeal.reconsider.move").count() == 1
    _reconsider(world, appeal, LAST + dt.timedelta(days=1))
    assert case_of(world, auto).stage == Case.Stage.ANNULLED
