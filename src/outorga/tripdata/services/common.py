"""What receiving a file, processing it and the ISSQN statement share: the law governing transport
by app in a municipality (its citations, its questions, who may act), the refusal a platform can fix
(``TripDataError``), the month's bounds on the municipality's clock and the instants the engine
counts in milliseconds.
"""

from __future__ import annotations

import calendar as _cal
import datetime as dt
from typing import Any

from outorga.core.acts import Actor
from outorga.core.authz import authorize
from outorga.core.lawseam import LawNotBound, governs, law_of
from outorga.core.localtime import zone_of
from outorga.core.models import Municipality
from outorga.law import interfaces, questions
from outorga.law.bindings import Service
from outorga.law.citations import Citation
from outorga.law.competence import Competence
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.interfaces import citation

from ..engine.base import Month


def _law(m: Municipality, on: dt.date | None = None, *, reading: bool = False) -> str:
    """The law governing transport by app in ``m`` on ``on`` (today; the nearest binding for a
    month before the first). ``reading`` an old record after the binding ended: the law that
    governed last; a new act then is judged by none (``LawEnded``, ADR 0062)."""
    return law_of(m, Service.APLICATIVO, on, nearest=True, ended=reading)


def authorize_app_act(
    actor: Actor, m: Municipality, action: str, *, reading: bool = False
) -> Competence | None:
    """The actor's competence for ``action`` under the law governing transport by app in ``m``
    today (refused: ``NotCompetent``). Where no law governs it — none bound, or the binding ended
    and the act is a new one, not ``reading`` an old record — a refusal naming the service
    (:class:`TripDataError`, 403)."""
    try:
        law = _law(m, reading=reading)
    except LawNotBound as exc:
        raise TripDataError(str(exc), field="serviço", status=403) from None
    return authorize(actor=actor, municipality=m, action=action, law=law)


def trip_cites(m: Municipality, *concepts: str) -> tuple[Citation, ...]:
    """The articles the law of ``m`` names for keeping and opening the trip records."""
    law = _law(m)
    return tuple(c for c in (citation(law, k) for k in concepts) if c is not None)


def trip_cited(m: Municipality, *concepts: str, on: dt.date | None = None) -> str:
    """The articles the law of ``m`` names for ``concepts``, as a person reads them (empty where no
    law governs transport by app)."""
    if not governs(m, Service.APLICATIVO):
        return ""
    return interfaces.cited_once(_law(m, on), *concepts)


def trip_rules(m: Municipality, ctx: Context) -> Any:
    """What the law governing transport by app in ``m`` on ``ctx.as_of`` applies to each row of a
    file (its fare maxima, its vehicle bans), asked once per file."""
    return interfaces.trip_data(_law(m, ctx.as_of), Service.APLICATIVO)


def ask_law(m: Municipality, name: str, facts: dict[str, Any], ctx: Context) -> Decision:
    """Question ``name`` of the law of ``m`` on ``ctx.as_of`` (name, facts, date: the seam's
    order), in the file's own context."""
    return questions.ask(questions.find(_law(m, ctx.as_of), name).id, ctx, facts)


SYSTEM = "processamento de arquivos de corridas"


#: Drivers' tax regime comes from the roster (the platform declares it at registration, art. 20);
#: a driver who is not on the roster is taken as autônomo pessoa física — the MEI regime needs
#: the platform to have declared it.
DEFAULT_DRIVER_REGIME = "autonomo"
#: A platform is credentialed by its CNPJ (a legal entity): of the law's regimes (D-14), MEI and
#: autônomo pessoa física are the drivers' (art. 20); the platform's is the general one.
PLATFORM_REGIME = "geral"


class TripDataError(ValueError):
    """A refusal the platform can fix: Portuguese message, the field, HTTP status."""

    def __init__(self, message: str, *, field: str = "", status: int = 422) -> None:
        super().__init__(message)
        self.field = field
        self.status = status


class IdempotencyConflict(TripDataError):
    pass


def window_json(start: dt.datetime | None, end: dt.datetime | None) -> dict[str, str] | None:
    if start is None or end is None:
        return None
    return {"start": start.isoformat(), "end": end.isoformat()}


def month_bounds(m: Municipality, first_day: dt.date) -> Month:
    nxt = dt.date(first_day.year + (first_day.month == 12), first_day.month % 12 + 1, 1)
    return Month(day_start_ms(m, first_day), day_start_ms(m, nxt))


def day_start_ms(m: Municipality, day: dt.date) -> int:
    """The first instant of ``day`` on the municipality's clock (which decides a trip's month and
    day), as UTC epoch ms."""
    return to_ms(dt.datetime.combine(day, dt.time.min, tzinfo=zone_of(m)))


def month_end(first_day: dt.date) -> dt.date:
    return first_day.replace(day=_cal.monthrange(first_day.year, first_day.month)[1])


def to_ms(value: dt.datetime) -> int:
    return int(value.timestamp() * 1000)


def instant_or_none(ms: int | None) -> dt.datetime | None:
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC) if ms is not None else None


def instant(ms: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC)
