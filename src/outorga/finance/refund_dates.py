"""The days of a refund: the day it was decided (it became owed) and the day it is paid out.

A refund may be decided on a day before the one it is recorded on (a judgement on paper, a
decision typed in late); it is owed from its decision, so a pay-out is judged against that day,
never against the day of the record (decision D-15: a fact is judged on its own date). Its
decision is never in the future, nor before the payment it gives back (money not yet received
is not owed back)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from outorga.core.localtime import in_the_future, today_of
from outorga.core.models import Municipality
from outorga.registry.validation import FieldError

from .models_payments import Payment, Refund

#: The field a refusal of the decision's day names (form label "Data da decisão").
FIELD = "data da decisão"


def decided_day(
    municipality: Municipality, decided_on: dt.date | None, given_back: Iterable[Payment]
) -> dt.date:
    """The day a refund is decided: ``decided_on``, by default the municipality's today (the day
    it is recorded); refused, naming the field, on a day to come or before the latest of the
    payments it gives back."""
    day = decided_on or today_of(municipality)
    if (ahead := in_the_future(municipality, day, "a data da decisão")) is not None:
        raise FieldError(FIELD, f"{ahead} (o fato é julgado na sua data, decisão D-15)")
    latest = max(given_back, key=lambda p: (p.paid_on, p.pk), default=None)
    if latest is not None and day < latest.paid_on:
        raise FieldError(
            FIELD,
            f"a data da decisão ({day:%d/%m/%Y}) é anterior ao pagamento {latest.pk} "
            f"({latest.paid_on:%d/%m/%Y}) que a restituição devolve: só se restitui o que já "
            "foi pago",
        )
    return day


def owed_from(
    municipality: Municipality, decided_on: dt.date | None, given_back: Iterable[Payment]
) -> dt.date:
    """The day a refund that follows a judgement is owed from: the judgement's day, or a payment
    it gives back made after it (a fine paid after the decision, before it was recorded) from the
    day that money came in — the judgement is never refused for it."""
    paid = [p.paid_on for p in given_back]
    day = max([decided_on or today_of(municipality), *paid])
    return decided_day(municipality, day, [])


def paid_out_day(refund: Refund, on: dt.date) -> None:
    """A refund is paid out on or after the day it was decided: before it, nothing was owed."""
    if on < refund.decided_on:
        raise FieldError(
            "data",
            f"a data da restituição ({on:%d/%m/%Y}) é anterior à decisão da restituição "
            f"({refund.decided_on:%d/%m/%Y}): só se restitui o que já é devido",
        )
