"""Transfer only on death or incapacity (taxi art. 13 §único); extinction through a case (art. 15)
decided by the competent authority after the defence period (D-3, D-17)."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import TAXI_ON as ON
from registry_factories import (
    actor,
    grant,
    person,
    taxi_documents,
    taxi_holder,
    transfer,
)

from outorga.core.errors import FieldError, FieldRefused, Refused
from outorga.core.localtime import today_of
from outorga.core.models import Act, CalendarDay
from outorga.core.services import calendar_day_record
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import ExtinctionCase, Permit, PermitStatusChange
from outorga.registry.services.extinctions import (
    extinction_deadlines_recount,
    extinction_decide,
    extinction_defence_file,
    extinction_notify,
    extinction_open,
)


def test_art_13_par_unico_transfer_on_the_holders_death(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    heir = person(m, name="Herdeiro Exemplo")
    taxi_documents(heir, ON + dt.timedelta(days=60))
    transfer(m, permit, heir, ON + dt.timedelta(days=60), "falecimento")
    with tenant(m):
        assert Permit.objects.get(pk=permit.pk).holder_id == heir.pk


def test_art_13_par_unico_a_sale_is_not_a_transfer(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    buyer = person(m)
    taxi_documents(buyer, ON + dt.timedelta(days=60))
    with pytest.raises(Refused) as exc:
        transfer(m, permit, buyer, ON + dt.timedelta(days=60), "comercializacao")
    assert any(
        c.article == "13" and c.paragraph == "único"
        for r in exc.value.decision.refusals
        for c in r.citations
    )


def test_art_15_extinction_is_a_case_decided_by_the_chief_executive_after_defence(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    opened = dt.date(2026, 5, 4)
    case = extinction_open(
        actor=actor(m.slug, Role.AUTORIDADE),
        municipality=m,
        permit=permit,
        cause="abandono",
        facts="veículo sem operar desde 01/03/2026, constatado em três vistorias",
        on=opened,
        notified_on=opened,
    )
    assert case.inciso == "V" and case.defence_deadline is not None
    assert case.defence_deadline > opened
    with tenant(m):
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.ACTIVE  # D-3
    chief = actor(m.slug, Role.CHEFE_EXECUTIVO)
    with pytest.raises(FieldRefused):  # art. 15 §1: not while the defence period runs
        extinction_decide(
            actor=chief, municipality=m, case=case, extinguish=True, grounds="abandono", on=opened
        )
    with pytest.raises(NotCompetent):
        extinction_decide(
            actor=actor(m.slug, Role.AUTORIDADE),
            municipality=m,
            case=case,
            extinguish=True,
            grounds="abandono",
            on=case.defence_deadline + dt.timedelta(days=1),
        )
    extinction_defence_file(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        case=case,
        text="estive internado; junto atestado",
        on=opened + dt.timedelta(days=3),
    )
    case = extinction_decide(
        actor=chief,
        municipality=m,
        case=case,
        extinguish=True,
        grounds="abandono comprovado; atestado não cobre o período",
        on=opened + dt.timedelta(days=4),
    )
    assert case.status == ExtinctionCase.Status.EXTINCT
    with tenant(m):
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.EXTINCT
        assert PermitStatusChange.objects.filter(permit=permit, to_status="extinct").exists()


def test_art_15_vii_a_natural_person_cannot_be_extinct_as_a_company(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    with pytest.raises(Refused):
        extinction_open(
            actor=actor(m.slug, Role.AUTORIDADE),
            municipality=m,
            permit=permit,
            cause="extincao_pessoa_juridica",
            facts="distrato",
            on=dt.date(2026, 5, 4),
        )


def _opened(m, permit, opened, notified_on=None):
    return extinction_open(
        actor=actor(m.slug, Role.AUTORIDADE),
        municipality=m,
        permit=permit,
        cause="abandono",
        facts="veículo sem operar desde 01/03/2026, constatado em três vistorias",
        on=opened,
        notified_on=notified_on,
    )


OPENED = dt.date(2026, 5, 4)  # a Monday


def _notified_case(m):
    """A taxi permission's extinction case opened and its holder notified on Monday 04/05/2026:
    the defence's ten days (D-17) end on Thursday 14/05 (D-4)."""
    holder, vehicle = taxi_holder(m, ON)
    return _opened(m, grant(m, holder, vehicle), OPENED, notified_on=OPENED)


def test_d_4_art_15_par_1_a_notice_before_the_case_was_opened_is_refused(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    opened = dt.date(2026, 5, 4)
    with pytest.raises(FieldError) as exc:
        _opened(m, permit, opened, notified_on=opened - dt.timedelta(days=1))
    assert exc.value.field == "notificado em"
    assert "04/05/2026" in str(exc.value) and "D-4" in str(exc.value)
    assert "art. 15" in str(exc.value)
    with tenant(m):
        assert not ExtinctionCase.objects.filter(permit=permit).exists()
    case = _opened(m, permit, opened)
    with pytest.raises(FieldError) as exc:
        extinction_notify(
            actor=actor(m.slug, Role.AUTORIDADE),
            municipality=m,
            case=case,
            notified_on=opened - dt.timedelta(days=2),
        )
    assert exc.value.field == "notificado em" and "D-4" in str(exc.value)
    with tenant(m):
        stored = ExtinctionCase.objects.get(pk=case.pk)
    assert stored.notified_on is None and stored.defence_deadline is None
    notified = extinction_notify(
        actor=actor(m.slug, Role.AUTORIDADE), municipality=m, case=case, notified_on=opened
    )
    assert notified.notified_on == opened


def test_d_4_art_15_par_1_a_notice_after_the_municipalitys_today_is_refused(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    tomorrow = today_of(m) + dt.timedelta(days=1)
    case = _opened(m, permit, dt.date(2026, 5, 4))
    with pytest.raises(FieldError) as exc:
        extinction_notify(
            actor=actor(m.slug, Role.AUTORIDADE), municipality=m, case=case, notified_on=tomorrow
        )
    assert exc.value.field == "notificado em" and "futuro" in str(exc.value)
    with tenant(m):
        assert ExtinctionCase.objects.get(pk=case.pk).notified_on is None


def test_art_15_par_1_d_17_a_defence_after_its_deadline_is_refused_by_the_law(ipatinga_m):
    """Art. 15 §1 grants the defence; its period (D-17, counted by D-4) includes its last day. A
    defence presented the day after is refused by the law's ``extinction_defence`` — under the
    field, with the articles — and the refusal is kept in the acts log; on the last day it is
    received, the law's decision its basis."""
    m = ipatinga_m
    case = _notified_case(m)
    last = case.defence_deadline
    assert last is not None
    clerk = actor(m.slug, Role.ATENDENTE)
    with pytest.raises(FieldRefused) as exc:
        extinction_defence_file(
            actor=clerk,
            municipality=m,
            case=case,
            text="estive internado",
            on=last + dt.timedelta(days=1),
        )
    assert exc.value.field == "defesa"
    assert exc.value.message.startswith(f"Prazo de defesa encerrado em {last:%d/%m/%Y}")
    assert exc.value.citation == (
        "Lei do táxi de Ipatinga (2017), art. 15, §1; decisão D-17; decisão D-4"
    )
    assert any(
        c.law == "ipatinga.taxi-2017" and c.article == "15" and c.paragraph == "1"
        for r in exc.value.decision.refusals
        for c in r.citations
    )
    with tenant(m):
        assert ExtinctionCase.objects.get(pk=case.pk).defence_filed_on is None
        act = Act.objects.get(action="extinction.defence", outcome="refused")
    assert "decisão D-17" in act.record["basis"]["citations"]
    filed = extinction_defence_file(
        actor=clerk, municipality=m, case=case, text="estive internado", on=last
    )
    assert filed.defence_filed_on == last
    with tenant(m):
        received = Act.objects.get(action="extinction.defence", outcome="done")
    assert received.record["basis"]["decision"]["outcome"]["in_time"] is True


def test_art_15_par_1_d_17_no_decision_while_the_defence_period_runs_without_a_defence(ipatinga_m):
    """Art. 15 §1 guarantees the defence; its period (D-17, counted by D-4) includes its last day.
    The Chief Executive's decision on that day with no defence presented is refused by the law's
    ``extinction_decision_time`` — on the decision's date, with the articles — and the refusal is
    kept in the acts log; the day after, the case is decided, the law's word its basis."""
    m = ipatinga_m
    case = _notified_case(m)
    last = case.defence_deadline
    assert last is not None
    chief = actor(m.slug, Role.CHEFE_EXECUTIVO)
    with pytest.raises(FieldRefused) as exc:
        extinction_decide(
            actor=chief, municipality=m, case=case, extinguish=True, grounds="abandono", on=last
        )
    assert exc.value.field == "data da decisão"
    assert exc.value.message.startswith(
        f"Sem defesa apresentada: o prazo de defesa vai até {last:%d/%m/%Y}"
    )
    assert exc.value.citation == (
        "Lei do táxi de Ipatinga (2017), art. 15, §1; decisão D-17; decisão D-4"
    )
    assert [r.rule for r in exc.value.decision.refusals] == [
        "taxi_2017.art_15_par_1_decided_after_the_defence"
    ]
    # The API answers it as every law's refusal: 422 recusado_pela_lei, the field and the reasons.
    assert (exc.value.status, exc.value.code) == (422, "recusado_pela_lei")
    body = exc.value.to_api()
    assert body["erros"][0]["campo"] == "data da decisão"
    assert body["decisao"]["outcome"]["may_decide"] is False
    with tenant(m):
        assert ExtinctionCase.objects.get(pk=case.pk).status == ExtinctionCase.Status.OPEN
        assert Permit.objects.get(pk=case.permit_id).status == Permit.Status.ACTIVE
        act = Act.objects.get(action="extinction.decide", outcome="refused")
    assert "decisão D-17" in act.record["basis"]["citations"]
    decided = extinction_decide(
        actor=chief,
        municipality=m,
        case=case,
        extinguish=True,
        grounds="abandono",
        on=last + dt.timedelta(days=1),
    )
    assert decided.status == ExtinctionCase.Status.EXTINCT
    with tenant(m):
        done = Act.objects.get(action="extinction.extinct", outcome="done")
    assert done.record["basis"]["decision"]["outcome"]["may_decide"] is True
    assert "Lei do táxi de Ipatinga (2017), art. 15, V" in done.record["basis"]["citations"]


def test_d_4_a_closed_day_recorded_on_the_defence_s_last_day_moves_it_at_once(ipatinga_m):
    """Notified on Monday 04/05/2026: the defence's ten days (D-17) end on Thursday 14/05. The
    administrator then records 14/05 as a day without business: the last day moves at once to
    Friday 15/05 (D-4; Lei 9.784/1999 art. 66 §1), counted again by the law from the same
    notice, with an act; a defence on 15/05 is received. A case whose defence was already filed,
    or whose last day is another, stays as it was."""
    m = ipatinga_m
    case = _notified_case(m)
    assert case.defence_deadline == dt.date(2026, 5, 14)
    calendar_day_record(
        actor=actor(m.slug, Role.ADMIN),
        municipality=m,
        date=dt.date(2026, 5, 14),
        kind=CalendarDay.Kind.CLOSED,
        description="expediente suspenso (teste)",
        legal_reference="Decreto 3/2026",
    )
    with tenant(m):
        moved = ExtinctionCase.objects.get(pk=case.pk)
        act = Act.objects.get(action="extinction.deadline.move")
    assert moved.defence_deadline == dt.date(2026, 5, 15)
    assert act.record["payload"]["old"] == {"defence_deadline": "2026-05-14"}
    assert act.record["payload"]["new"] == {"defence_deadline": "2026-05-15"}
    assert "decisão D-4" in act.record["basis"]["citations"]
    # Recounted again on a day that is not its last day: nothing moves.
    with tenant(m):
        assert extinction_deadlines_recount(actor(m.slug, Role.ADMIN), m, OPENED) == []
    filed = extinction_defence_file(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        case=moved,
        text="defesa no último dia",
        on=dt.date(2026, 5, 15),
    )
    assert filed.defence_filed_on == dt.date(2026, 5, 15)
