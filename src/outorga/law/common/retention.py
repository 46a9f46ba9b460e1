"""How long personal data the municipality no longer needs is kept (LGPD arts. 15 and 16).

LGPD (Lei Federal 13.709/2018) art. 15, I ends the processing of personal data once its purpose
is met or the data are no longer needed; art. 16 then requires their elimination, "autorizada a
conservação" for a legal or regulatory obligation of the controller (I). None of the three
municipal laws, nor the LGPD, says how long a trip file or a login record is needed: each period
is the municipality's dated parameter (``retention.trip_files_days``,
``retention.access_records_days``), shipped with an example value it replaces. The acts log is
kept whole under art. 16, I: it is never a subject of retention.
"""

from __future__ import annotations

import datetime as dt

from ..citations import Citation, cite
from ..context import Context
from ..decisions import Decision, Verdict
from ..rulebook import decide
from ..rules import reason

TRIP_FILES_DAYS = "retention.trip_files_days"
ACCESS_RECORDS_DAYS = "retention.access_records_days"
QUESTION = "retention.cutoff"

#: Art. 15, I (end of processing) and art. 16 (elimination after it).
CITATIONS: tuple[Citation, ...] = (
    cite("federal.lgpd-2018", 15, inc="I"),
    cite("federal.lgpd-2018", 16),
)

_WHAT = {
    TRIP_FILES_DAYS: "arquivos de corridas enviados",
    ACCESS_RECORDS_DAYS: "registros de acesso feitos",
}


def retention_cutoff(ctx: Context, parameter: str, on: dt.date) -> Decision:
    """The day before which the data ``parameter`` keeps are eliminated on ``on``: the period in
    force that day, counted back in calendar days from ``on`` (data of the cutoff day itself and
    later are kept)."""
    days = ctx.param(parameter, on)
    if int(days.value) < 1:
        raise ValueError(f"{parameter}: o prazo de guarda deve ser de pelo menos 1 dia")
    cutoff = on - dt.timedelta(days=int(days.value))
    why = reason(
        QUESTION,
        Verdict.INFO,
        f"Em {on:%d/%m/%Y}, com guarda de {days.value} dias: {_WHAT[parameter]} antes de "
        f"{cutoff:%d/%m/%Y} deixaram de ser necessários e são eliminados.",
        *CITATIONS,
        facts={"em": on, "eliminar_antes_de": cutoff},
        params=(days,),
    )
    return decide(
        QUESTION,
        ctx,
        {"cutoff": cutoff, "days": int(days.value)},
        (why,),
        f"Eliminar {_WHAT[parameter]} antes de {cutoff:%d/%m/%Y}.",
    )
