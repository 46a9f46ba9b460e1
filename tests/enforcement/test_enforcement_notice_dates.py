"""A notice never precedes what it notifies, nor the municipality's today (D-4): the deadlines of
the defence and of each appeal run from the date of notice (art. 42–44; Lei 9.784/1999 art. 66),
so an earlier date would shorten or end them. The refusal names the field and D-4, is an act, and
writes nothing else."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import case_of, file, issue, judge, pending_notice, refused_acts

from outorga.core.localtime import today_of
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Escalation, Notice
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import edital_publish, notice_deliver
from outorga.enforcement.services.proposals import proposal_decide, proposal_open_cassacao
from outorga.enforcement.services.suspensions import suspension_impose
from outorga.registry.validation import FieldError

D = dt.date(2026, 4, 6)  # a Monday


def _deliver(world, notice: Notice, on: dt.date, form: str = "pessoal") -> Notice:
    return notice_deliver(actor=world.clerk, municipality=world.m, notice=notice, form=form, on=on)


def _untouched(world, notice: Notice) -> Notice:
    with tenant(world.m):
        n = Notice.objects.get(pk=notice.pk)
    assert n.notified_on is None and n.deadline is None and n.form == ""
    return n


def _refused_with(exc: pytest.ExceptionInfo[FieldError], *words: str) -> None:
    assert exc.value.field == "data da notificação"
    assert "D-4" in str(exc.value)
    for w in words:
        assert w in str(exc.value)


def test_d_4_the_notice_of_an_auto_dated_before_the_auto_is_refused(world):
    auto = issue(world, on=D, signed=False)
    case = case_of(world, auto)
    notice = pending_notice(world, case)
    with pytest.raises(FieldError) as exc:
        _deliver(world, notice, D - dt.timedelta(days=1), form="postal")
    _refused_with(exc, "auto de infração", "06/04/2026")
    _untouched(world, notice)
    after = case_of(world, auto)
    assert (after.waiting, after.deadline) == (Case.Waiting.NOTICE, None)
    [act] = refused_acts(world, "notice.deliver")
    assert act.record["payload"]["motivo"] == str(exc.value)
    assert act.record["basis"]["citations"] == ["decisão D-4"]
    # The auto's own day is the earliest date of notice.
    assert _deliver(world, notice, D, form="postal").notified_on == D


def test_d_4_the_notice_of_the_first_instance_decision_before_the_judgment_is_refused(world):
    auto = issue(world, on=D)
    judge(world, world.authority, file(world, auto, D + dt.timedelta(days=2)), D + dt.timedelta(5))
    notice = pending_notice(world, case_of(world, auto))
    assert notice.purpose == Notice.Purpose.DEFENCE_DECISION
    with pytest.raises(FieldError) as exc:
        _deliver(world, notice, D + dt.timedelta(days=4))
    _refused_with(exc, "decisão", "11/04/2026")
    _untouched(world, notice)
    assert case_of(world, auto).waiting == Case.Waiting.NOTICE
    assert _deliver(world, notice, D + dt.timedelta(days=5)).deadline is not None


def test_d_4_the_notice_of_the_jari_judgment_before_the_judgment_is_refused(world):
    auto = issue(world, on=D)
    judge(world, world.authority, file(world, auto, D + dt.timedelta(days=1)), D + dt.timedelta(2))
    _deliver(world, pending_notice(world, case_of(world, auto)), D + dt.timedelta(days=3))
    jari_day = D + dt.timedelta(days=20)
    judge(world, world.jari, file(world, auto, D + dt.timedelta(days=5)), jari_day)
    notice = pending_notice(world, case_of(world, auto))
    assert notice.purpose == Notice.Purpose.JARI_DECISION
    with pytest.raises(FieldError) as exc:
        _deliver(world, notice, jari_day - dt.timedelta(days=1))
    _refused_with(exc, "JARI", f"{jari_day:%d/%m/%Y}")
    _untouched(world, notice)


def test_d_4_the_notice_of_a_judgment_by_default_before_the_revelia_is_refused(world):
    auto = issue(world, on=D)
    deadline = case_of(world, auto).deadline
    assert deadline is not None
    revelia_day = deadline + dt.timedelta(days=3)
    sweep(world.m, revelia_day)
    notice = pending_notice(world, case_of(world, auto))
    with pytest.raises(FieldError) as exc:
        _deliver(world, notice, revelia_day - dt.timedelta(days=1))
    _refused_with(exc, f"{revelia_day:%d/%m/%Y}")
    _untouched(world, notice)


def test_d_4_the_notice_of_a_cassacao_proposal_before_it_was_opened_is_refused(world):
    case = proposal_open_cassacao(
        actor=world.authority,
        municipality=world.m,
        permit=world.permit,
        causes={"ctb_points": 20},
        on=D,
    )
    notice = pending_notice(world, case)
    with pytest.raises(FieldError) as exc:
        _deliver(world, notice, D - dt.timedelta(days=2))
    _refused_with(exc, "proposta", "06/04/2026")
    _untouched(world, notice)


def test_d_4_the_notice_of_the_chief_executives_decision_before_it_is_refused(world):
    case = proposal_open_cassacao(
        actor=world.authority,
        municipality=world.m,
        permit=world.permit,
        causes={"ctb_points": 20},
        on=D,
    )
    _deliver(world, pending_notice(world, case), D)
    with tenant(world.m):
        deadline = Case.objects.get(pk=case.pk).deadline
    assert deadline is not None
    sweep(world.m, deadline + dt.timedelta(days=1))
    decided = deadline + dt.timedelta(days=2)
    proposal_decide(
        actor=world.mayor,
        municipality=world.m,
        case=case,
        accept=True,
        reasoning="20 pontos",
        on=decided,
    )
    notice = pending_notice(world, case)
    assert notice.purpose == Notice.Purpose.EXECUTIVE_DECISION
    with pytest.raises(FieldError) as exc:
        _deliver(world, notice, decided - dt.timedelta(days=1))
    _refused_with(exc, "Chefe do Executivo", f"{decided:%d/%m/%Y}")
    _untouched(world, notice)


def test_art_34_par3_the_notice_of_a_suspension_before_it_was_imposed_is_refused(world):
    from enforcement_factories import make_final

    autos = [
        issue(world, code=code, on=D + dt.timedelta(days=7 * i))
        for i, code in enumerate(["art38-II", "art38-III", "art39-II"])
    ]
    for auto in autos:
        make_final(world, auto, D + dt.timedelta(days=30))
    with tenant(world.m):
        esc = Escalation.objects.get(permit=world.permit, status=Escalation.Status.PENDING)
    start = dt.date(2026, 7, 1)
    suspension_impose(
        actor=world.authority, municipality=world.m, escalation=esc, start=start, on=start
    )
    with tenant(world.m):
        appeal = Case.objects.get(permit=world.permit, kind=Case.Kind.SUSPENSION)
    notice = pending_notice(world, appeal)
    with pytest.raises(FieldError) as exc:
        _deliver(world, notice, start - dt.timedelta(days=1))
    _refused_with(exc, "suspensão", "01/07/2026")
    _untouched(world, notice)
    assert _deliver(world, notice, start).notified_on == start


def test_d_4_a_notice_dated_after_the_municipalitys_today_is_refused(world):
    auto = issue(world, on=D, signed=False)
    notice = pending_notice(world, case_of(world, auto))
    tomorrow = today_of(world.m) + dt.timedelta(days=1)
    with pytest.raises(FieldError) as exc:
        _deliver(world, notice, tomorrow)
    _refused_with(exc, "futuro")
    _untouched(world, notice)


def test_d_4_an_edital_published_before_one_of_its_acts_publishes_none_of_them(world):
    early = issue(world, on=D, signed=False)
    late = issue(world, on=D + dt.timedelta(days=10), signed=False)
    notices = [pending_notice(world, case_of(world, a)) for a in (early, late)]
    with pytest.raises(FieldError) as exc:
        edital_publish(
            actor=world.authority,
            municipality=world.m,
            notices=notices,
            published_on=D + dt.timedelta(days=5),
            edition="DOM 400",
        )
    _refused_with(exc, "16/04/2026")
    for n in notices:
        _untouched(world, n)
    with pytest.raises(FieldError) as exc:
        edital_publish(
            actor=world.authority,
            municipality=world.m,
            notices=notices,
            published_on=today_of(world.m) + dt.timedelta(days=1),
            edition="DOM 401",
        )
    _refused_with(exc, "futuro")
    for n in notices:
        _untouched(world, n)
