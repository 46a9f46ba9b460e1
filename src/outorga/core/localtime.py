"""The municipality's own clock. Brazil has four time zones; Django's ``TIME_ZONE`` is Brasília's.
A municipality in Mato Grosso (Barra do Garças) lives an hour behind: the month a trip belongs to,
a peak's instant, a deadline's day are read on its clock."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone

#: States off Brasília time (IANA zones; Acre and the far west of Amazonas an hour further).
TIMEZONE_BY_UF = {
    "MT": "America/Cuiaba",
    "MS": "America/Campo_Grande",
    "AM": "America/Manaus",
    "RO": "America/Porto_Velho",
    "RR": "America/Boa_Vista",
    "AC": "America/Rio_Branco",
}


def zone_of(municipality: Any) -> ZoneInfo:
    return ZoneInfo(TIMEZONE_BY_UF.get(getattr(municipality, "uf", ""), settings.TIME_ZONE))


def today_of(municipality: Any) -> dt.date:
    """The municipality's day, whoever asks: a visitor has no clock of its own, and a user logged
    into a municipality on another clock reads the same day as the public."""
    return timezone.localdate(timezone=zone_of(municipality))


def day_of(municipality: Any, instant: dt.datetime) -> dt.date:
    """The municipality's day at ``instant``: a decision recorded at 00:30 in Brasília on the 1st
    was taken on the 31st in Barra do Garças (a record's timestamp read as the date of its fact)."""
    return timezone.localtime(instant, zone_of(municipality)).date()


def in_the_future(municipality: Any, day: dt.date, what: str) -> str | None:
    """Why ``day`` cannot be the date of the fact ``what`` ("a data do fato", "a notificação"),
    or None: a day after the municipality's today. A fact is judged by the law in force on its
    own day and its periods run from it (decisions D-4, D-15), so a mistyped year would date it,
    and what it starts, in days still to come."""
    today = today_of(municipality)
    if day <= today:
        return None
    return f"{what} ({day:%d/%m/%Y}) não pode estar no futuro: hoje é {today:%d/%m/%Y} no Município"
