"""A filing judged against its period: a defence or an appeal presented on or before the last day
of the period the law gives for it is in time — decision D-4 counts the period and includes its
last day —, one presented after that day is not. Shared by every law that judges a filing against
a last day its own calendar already counted (D-4); each law gives its rule id, the name of the
step (``defesa``, ``recurso``) and its own articles (the one that grants the filing, the one that
fixes the period).
"""

from __future__ import annotations

import datetime as dt

from outorga.law.citations import Citation
from outorga.law.decisions import Reason
from outorga.law.rulebook import fmt as _fmt
from outorga.law.rules import check


def filed_in_time(
    rule: str, step: str, filed_on: dt.date, last_day: dt.date, *citations: Citation
) -> Reason:
    """OK when the ``step`` was presented on ``filed_on`` no later than ``last_day`` (D-4: the
    last day counts), else REFUSED: the period closed on ``last_day``."""
    return check(
        rule,
        filed_on <= last_day,
        f"Apresentação em {_fmt(filed_on)}, dentro do prazo de {step}, que termina em "
        f"{_fmt(last_day)}.",
        f"Prazo de {step} encerrado em {_fmt(last_day)}: apresentação em {_fmt(filed_on)}, fora "
        "do prazo.",
        *citations,
        facts={"etapa": step, "apresentado_em": filed_on, "último_dia": last_day},
    )
