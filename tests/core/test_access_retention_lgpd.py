"""Access records kept no longer than the municipality's retention period (LGPD, Lei
13.709/2018, art. 15, I and art. 16; the dated parameter ``retention.access_records_days``): the
daily sweep deletes the login records (address, browser, time) of the municipality's users made
before the cutoff, never another municipality's, never the acts log, with one act naming what it
removed; a second run removes nothing."""

from __future__ import annotations

import datetime as dt

from axes.models import AccessAttempt, AccessLog

from outorga.core.models import Act
from outorga.core.retention import run as retention_run
from outorga.core.tenancy import tenant
from outorga.law.competence import Role

ON = dt.date(2027, 6, 30)
EXAMPLE_DAYS = 180
CUTOFF = ON - dt.timedelta(days=EXAMPLE_DAYS)
BRT = dt.timezone(dt.timedelta(hours=-3))  # Ipatinga


def login_at(username: str, day: dt.date, model=AccessLog):  # type: ignore[no-untyped-def]
    row = model.objects.create(
        username=username,
        ip_address="10.1.2.3",
        user_agent="Firefox",
        path_info="/entrar/",
        **(
            {"get_data": "", "post_data": "", "failures_since_start": 1}
            if model is AccessAttempt
            else {}
        ),
    )
    model.objects.filter(pk=row.pk).update(
        attempt_time=dt.datetime.combine(day, dt.time(9, 0), tzinfo=BRT)
    )
    return row


def test_lgpd_art_16_records_before_the_cutoff_are_deleted_and_counted_in_one_act(
    ipatinga_m, user_of
):
    mine = user_of("ipatinga", Role.ATENDENTE).username
    theirs = user_of("barra-do-garcas", Role.ATENDENTE).username
    old = login_at(mine, CUTOFF - dt.timedelta(days=1))
    old_try = login_at(mine, CUTOFF - dt.timedelta(days=3), AccessAttempt)
    on_cutoff = login_at(mine, CUTOFF)
    other_town = login_at(theirs, CUTOFF - dt.timedelta(days=400))
    unknown = login_at("quem-nao-existe", CUTOFF - dt.timedelta(days=400))
    with tenant(ipatinga_m):
        acts_before = Act.objects.count()

    with tenant(ipatinga_m):  # as the daily sweep runs it
        result = retention_run(ipatinga_m, ON)

    assert not AccessLog.objects.filter(pk=old.pk).exists()
    assert not AccessAttempt.objects.filter(pk=old_try.pk).exists()
    assert AccessLog.objects.filter(pk__in=[on_cutoff.pk, other_town.pk, unknown.pk]).count() == 3
    assert result.changes == 2
    with tenant(ipatinga_m):
        assert Act.objects.count() == acts_before + 1  # the acts log only grows
        act = Act.objects.get(action="retention.access_records")
    new = act.record["payload"]["new"]
    assert new["total"] == 2 and new["eliminar_antes_de"] == CUTOFF.isoformat()
    assert new["entradas_e_saidas"]["registros"] == 1 and new["tentativas"]["registros"] == 1
    assert new["entradas_e_saidas"]["de"].startswith((CUTOFF - dt.timedelta(days=1)).isoformat())
    assert any("13.709/2018" in c and "art. 16" in c for c in act.record["basis"]["citations"])


def test_lgpd_art_16_a_second_run_removes_nothing_and_records_no_act(ipatinga_m, user_of):
    login_at(user_of("ipatinga", Role.FISCAL).username, CUTOFF - dt.timedelta(days=10))
    with tenant(ipatinga_m):  # as the daily sweep runs it
        assert retention_run(ipatinga_m, ON).changes == 1
        assert retention_run(ipatinga_m, ON).changes == 0
        assert Act.objects.filter(action="retention.access_records").count() == 1
