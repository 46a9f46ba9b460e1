"""Art. 26, parágrafo único with D-17 on the appeal of an inspector's auto (art. 26, III): the law
is silent on the procedure, so Lei 9.784/1999 art. 59 §1 applies — "o recurso administrativo
deverá ser decidido no prazo máximo de trinta dias, a partir do recebimento dos autos pelo órgão
competente" — counted from the superior authority's receipt: the day the appeal was sent up, else
the day after the period to reconsider (art. 56 §1; ADR 0078, 0084). The 30th day on a Saturday,
a Sunday or a holiday moves to the next business day (D-4, Lei 9.784/1999 art. 66). The same rule
as the platforms' appeals (``penalty_appeal``)."""

import dataclasses
import datetime as dt

from outorga.demo import BARRA_DO_GARCAS
from outorga.law import interfaces
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

QID = "barra-do-garcas.apps-2025.appeal_judgment"
ON = dt.date(2026, 12, 1)
# A Friday: the five days to reconsider end on Wednesday 15/04/2026, the superior authority
# receives the appeal on Thursday 16/04/2026, and its 30th day is Saturday 16/05/2026 (D-4).
FILED = "2026-04-10"


def citations(d: Decision) -> set[str]:
    return {c.compact() for c in d.citations}


def judgment(barra, **facts: str) -> Decision:
    return ask(QID, barra(ON), {"appeal_filed_on": FILED, **facts})


def test_art_26_sole_d_17_lei_9784_art_59_1_a_30th_day_on_a_saturday_moves_to_monday(barra):
    d = judgment(barra)
    assert d.outcome["received_on"] == dt.date(2026, 4, 16)
    # Not 30 days from the filing (Sunday 10/05, moved to Monday 11/05).
    assert d.outcome["judge_until"] == dt.date(2026, 5, 18)
    assert d.outcome["days"] == 30 and d.outcome["default_used"] is True
    assert d.outcome["judged_by"] == ["chefe_executivo"]
    assert {
        "federal.9784-1999 art. 59, §1",
        "federal.9784-1999 art. 56, §1",
        "barra-do-garcas.apps-2025 art. 26, §único",
        "outorga.decisions art. D-17",
        "outorga.decisions art. D-4",
    } <= citations(d)
    # The default's grounds rendered from its citations (FEDERAL_JUDGMENT_FROM_RECEIPT, D-17),
    # as the acts' basis and the pages write them, never a hand-written "§1º".
    assert d.summary == "Julgar até 18/05/2026 (Lei Federal 9.784/1999, art. 59, §1; decisão D-17)."
    assert "sem expediente" in d.to_text()


def test_art_26_sole_d_17_lei_9784_art_59_1_sent_up_a_30th_day_on_a_holiday_moves(barra):
    """Sent up on Wednesday 21/10/2026: the 30th day is Friday 20/11/2026, Dia Nacional de Zumbi
    e da Consciência Negra (Lei 14.759/2023) — the last day is Monday 23/11/2026."""
    d = ask(QID, barra(ON), {"appeal_filed_on": "2026-10-19", "forwarded_on": "2026-10-21"})
    assert d.outcome["received_on"] == dt.date(2026, 10, 21)
    assert d.outcome["judge_until"] == dt.date(2026, 11, 23)


def test_art_26_sole_d_17_lei_9784_art_59_1_sent_up_the_30_days_run_from_the_forwarding(barra):
    d = judgment(barra, forwarded_on="2026-04-13")
    assert d.outcome["received_on"] == dt.date(2026, 4, 13)
    assert d.outcome["judge_until"] == dt.date(2026, 5, 13)  # a Wednesday


def test_art_26_sole_art_27_the_regulations_period_replaces_the_30_days():
    facts = dataclasses.replace(
        BARRA_DO_GARCAS,
        overrides={
            "apps_2025.procedure_appeal_judgment_days": (
                DatedValue(dt.date(2025, 6, 1), 20, source="municipality"),
            )
        },
    )
    d = ask(QID, Context(facts, ON), {"appeal_filed_on": FILED, "forwarded_on": "2026-04-13"})
    assert d.outcome["days"] == 20 and d.outcome["default_used"] is False
    assert d.outcome["judge_until"] == dt.date(2026, 5, 4)  # 03/05 is a Sunday
    assert "regulamento" in d.summary and "art. 59" not in d.summary


def test_art_26_sole_the_platforms_appeal_and_the_autos_appeal_share_the_day(barra):
    """One rule for both: the platform's appeal (``penalty_appeal``) gets the same day."""
    platform = ask(
        "apps.penalty_appeal",
        barra(dt.date(2026, 4, 10)),
        {"filed_on": FILED, "decision_notice_on": "2026-04-06"},
    )
    assert platform.outcome["judge_until"] == judgment(barra).outcome["judge_until"]
    assert interfaces.answers("barra-do-garcas.apps-2025", "appeal_judgment")
