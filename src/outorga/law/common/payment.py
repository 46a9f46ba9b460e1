"""When a charge must be paid: the payment term of a fine and the municipal calendar (decision D-4).

None of the three laws says how long the offender has to pay a fine once it is imposed (mototaxi
art. 31 II, taxi art. 41 §2, apps art. 26 II name the fine only): the municipality fixes it, so the
term is the dated parameter ``payment.fine_due_days``, shipped with an example value the
municipality replaces.

One reading of the calendar serves every charge, whoever set its due date (D-4, modelled on Lei
9.784/1999 art. 66 §1): a due date that is not a business day in the municipality moves to the next
business day. A fine's due date is moved when it is set (:func:`fine_due_date`, so the slip shows
the real last day); any other due date — an instalment of the taxi contrapartida, a debt entered
by hand — is read the same way when the ledger asks whether it is overdue (:func:`last_day_to_pay`).
"""

from __future__ import annotations

import datetime as dt

from ..calendar import DEADLINE_CITATIONS, Calendar
from ..context import Context
from ..decisions import Decision, Verdict
from ..rulebook import decide
from ..rules import reason

#: The municipality's payment term of a fine, in calendar days from its imposition.
FINE_DUE_DAYS = "payment.fine_due_days"
QUESTION = "payment.fine_due_date"


def last_day_to_pay(calendar: Calendar, due_on: dt.date) -> dt.date:
    """The last day a charge due on ``due_on`` is paid on time: the due date itself, or the next
    business day when it is a weekend, a holiday or a day the office was closed (D-4)."""
    return calendar.next_business_day(due_on)


def is_overdue(calendar: Calendar, due_on: dt.date, on: dt.date) -> bool:
    """Whether a charge due on ``due_on`` and still unpaid on ``on`` is late: its last day to pay
    (:func:`last_day_to_pay`) has passed. The last day itself is still on time."""
    return last_day_to_pay(calendar, due_on) < on


def fine_due_date(ctx: Context, imposed_on: dt.date) -> Decision:
    """Due date of a fine imposed on ``imposed_on``: the municipality's payment term in force on
    that day (``payment.fine_due_days``), counted in calendar days, the day of imposition
    excluded; a last day that is not a business day moves to the next one (D-4)."""
    days = ctx.param(FINE_DUE_DAYS, imposed_on)
    plain = imposed_on + dt.timedelta(days=int(days.value))
    due = last_day_to_pay(ctx.calendar, plain)
    closed = ctx.calendar.why_closed(plain)
    moved = (
        f"; {plain:%d/%m/%Y} não é dia útil ({closed}), passa ao próximo dia útil" if closed else ""
    )
    why = reason(
        QUESTION,
        Verdict.INFO,
        f"Multa imposta em {imposed_on:%d/%m/%Y}: vence em {due:%d/%m/%Y} "
        f"({days.value} dias{moved}).",
        *DEADLINE_CITATIONS,
        facts={"imposta_em": imposed_on, "vencimento_no_prazo": plain, "vencimento": due},
        params=(days,),
    )
    return decide(
        QUESTION,
        ctx,
        {"due_on": due, "term_days": int(days.value)},
        (why,),
        f"Vencimento da multa: {due:%d/%m/%Y}.",
    )
