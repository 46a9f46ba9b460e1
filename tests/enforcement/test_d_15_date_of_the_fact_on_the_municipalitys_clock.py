"""D-15 and D-4: the date of an auto's fact is the municipality's day at the instant written on
the auto, not the server's. At 00:30 of 01/07/2026 in Brasília it is still 30/06 in Barra do
Garças (Mato Grosso): a law or a parameter that changes on 01/07 does not yet judge that fact,
and every reading of the auto — the escalation's count, the seizure's fine, a taxi cassação's
facts — dates it on the 30th."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from outorga.enforcement.models import InfractionNotice
from outorga.enforcement.services.escalation import _counted
from outorga.enforcement.services.seizures import _committed_on

INSTANT = dt.datetime(2026, 7, 1, 0, 30, tzinfo=ZoneInfo("America/Sao_Paulo"))


def test_d_15_an_auto_in_mato_grosso_is_dated_on_its_own_day(barra_m, ipatinga_m):
    barra = InfractionNotice(municipality=barra_m, committed_at=INSTANT, number="A-1")
    assert barra.committed_on == dt.date(2026, 6, 30)
    assert _committed_on(barra) == {"committed_on": "2026-06-30"}
    assert _counted(barra)["committed_on"] == "2026-06-30"
    # In Minas Gerais the same instant is already the 1st.
    ipatinga = InfractionNotice(municipality=ipatinga_m, committed_at=INSTANT, number="A-2")
    assert ipatinga.committed_on == dt.date(2026, 7, 1)
    assert _counted(ipatinga)["committed_on"] == "2026-07-01"
