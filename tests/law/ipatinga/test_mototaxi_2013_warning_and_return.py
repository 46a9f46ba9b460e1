"""Art. 31, I and §3 (the written warning only for a fixable irregularity that risks neither safety
nor the continuity of the service) and art. 32 §2 (back from a suspension only once it is served
and with the proof that the irregularities were remedied)."""

import datetime as dt

import pytest

from outorga.law.decisions import Decision
from outorga.law.questions import ask

ON = dt.date(2026, 5, 4)


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def warn(ctx, fixable: bool, endangers: bool) -> Decision:
    return ask(
        "mototaxi.warning",
        ctx,
        {"code": "art38-II", "fixable": fixable, "endangers_safety_or_continuity": endangers},
    )


def test_art_31_par3_a_fixable_irregularity_without_risk_may_be_a_written_warning(ipatinga):
    d = warn(ipatinga(ON), fixable=True, endangers=False)
    assert d.outcome["allowed"] is True and not d.refusals


@pytest.mark.parametrize(("fixable", "endangers"), [(False, False), (True, True), (False, True)])
def test_art_31_par3_no_warning_if_not_fixable_or_it_endangers_safety_or_continuity(
    ipatinga, fixable, endangers
):
    d = warn(ipatinga(ON), fixable=fixable, endangers=endangers)
    assert d.outcome["allowed"] is False
    assert refusal_citations(d) == {
        "ipatinga.mototaxi-2013 art. 31, §3",
        "ipatinga.mototaxi-2013 art. 31, I",
    }


START, UNTIL = dt.date(2026, 7, 1), dt.date(2026, 7, 15)
DOC = {"id": 7, "kind": "inspection_report", "presented_on": "2026-07-16"}


def back(ctx, returned_on: str, description: str = "Pneus trocados.", document=DOC) -> Decision:
    proof: dict = {"description": description}
    if document is not None:
        proof["document"] = document
    return ask(
        "mototaxi.suspension_return",
        ctx,
        {
            "suspension_started_on": START.isoformat(),
            "suspended_until": UNTIL.isoformat(),
            "returned_on": returned_on,
            "proof": proof,
        },
    )


def test_art_32_par2_return_the_day_after_the_suspension_with_the_proof(ipatinga):
    d = back(ipatinga(ON), "2026-07-16")
    assert d.outcome["may_return"] is True and not d.refusals


def test_art_32_par2_no_return_on_the_last_day_of_the_suspension(ipatinga):
    d = back(ipatinga(ON), "2026-07-15", document={**DOC, "presented_on": "2026-07-15"})
    assert d.outcome["may_return"] is False
    assert [r.rule for r in d.refusals] == ["art_32_par2_served"]


@pytest.mark.parametrize(
    ("description", "document"),
    [
        ("   ", DOC),  # nothing said about what was remedied
        ("Pneus trocados.", None),  # a statement without a document
        ("Pneus trocados.", {**DOC, "presented_on": "2026-06-30"}),  # before the suspension began
        ("Pneus trocados.", {**DOC, "presented_on": "2026-07-17"}),  # after the return date
    ],
)
def test_art_32_par2_no_return_without_a_real_proof(ipatinga, description, document):
    d = back(ipatinga(ON), "2026-07-16", description=description, document=document)
    assert d.outcome["may_return"] is False
    assert refusal_citations(d) == {"ipatinga.mototaxi-2013 art. 32, §2"}
    assert "art. 32, §2º" in d.summary


def test_art_32_par2_a_document_presented_on_the_first_day_of_the_suspension_counts(ipatinga):
    d = back(ipatinga(ON), "2026-07-16", document={**DOC, "presented_on": "2026-07-01"})
    assert d.outcome["may_return"] is True
