"""The access records' step of the daily sweep: the records of logins to Outorga (django-axes:
each login and logout, each failure, with address and browser) kept past the municipality's
retention period are deleted (LGPD art. 15, I and art. 16; ``retention.access_records_days``).

A record belongs to the municipality of the user it names; records naming no user (a mistyped or
guessed username) belong to no municipality and are left to the operator (docs/deploy.md). The
acts log is never touched: the municipality keeps it as its legal record (art. 16, I), and its
``auth.*`` acts are acts like any other. One act names what was removed: how many records of
each kind, and the span of their times. Running it twice for one date removes nothing the second
time. Where a retention period ends (:func:`retention_start`) is read the same by every step that
eliminates data past one (the trip files' too).
"""

from __future__ import annotations

import datetime as dt

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.db import transaction
from django.db.models import Max, Min

from outorga.law.citations import lgpd
from outorga.law.common.retention import ACCESS_RECORDS_DAYS, retention_cutoff
from outorga.law.decisions import Decision

from .acts import Actor, basis_of, record_act
from .lawctx import context
from .localtime import zone_of
from .models import Municipality, User
from .sweep import NoProgress, Progress, SweepResult, register

SYSTEM = "guarda de dados pessoais (LGPD)"

#: Each kind of record, as the act names it.
KINDS = {"entradas_e_saidas": AccessLog, "falhas": AccessFailureLog, "tentativas": AccessAttempt}


def retention_start(
    m: Municipality, on: dt.date, parameter: str
) -> tuple[Decision, dt.date, dt.datetime]:
    """The retention period ``parameter`` (``retention.*_days``) as ``m``'s law judges it on
    ``on``: the decision, the first day kept (its ``cutoff``) and that day's first instant on the
    municipality's clock — data recorded before it are past the period."""
    decision = retention_cutoff(context(m, on), parameter, on)
    cutoff: dt.date = decision.outcome["cutoff"]
    return decision, cutoff, dt.datetime.combine(cutoff, dt.time.min, tzinfo=zone_of(m))


def run(m: Municipality, on: dt.date, progress: Progress | None = None) -> SweepResult:
    progress = progress or NoProgress()
    result = SweepResult()
    decision, cutoff, before = retention_start(m, on, ACCESS_RECORDS_DAYS)
    usernames = User.objects.filter(municipality=m).values("username")
    progress.start("registros de acesso além do prazo de guarda", len(KINDS))
    removed: dict[str, dict[str, object]] = {}
    total = 0
    with transaction.atomic():
        for kind, model in KINDS.items():
            old = model.objects.filter(username__in=usernames, attempt_time__lt=before)
            span = old.aggregate(first=Min("attempt_time"), last=Max("attempt_time"))
            count = old.count()
            if count:
                old.delete()
                total += count
                removed[kind] = {
                    "registros": count,
                    "de": span["first"].isoformat(),
                    "ate": span["last"].isoformat(),
                }
            progress.advance()
        result.checked = total
        if total:
            record_act(
                municipality=m,
                actor=Actor.system(SYSTEM),
                action="retention.access_records",
                object_type="axes.accesslog",
                new={"eliminar_antes_de": cutoff.isoformat(), "total": total, **removed},
                basis=basis_of(decision),
            )
    if total:
        result.note(
            f"{total} registro(s) de acesso anteriores a {cutoff:%d/%m/%Y} eliminado(s) "
            f"({lgpd(16)}; o registro de atos é mantido)",
            changes=total,
        )
    return result


register("access_retention", run)
