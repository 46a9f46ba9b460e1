"""Mototaxi law periods of years counted from 29 February (ADR 0074). The law gives periods of
years — the registration certificate and the auxiliary's credential valid one year (art. 4 §1,
art. 14 §2), the permission's ten years and its periods of five (art. 6); art. 5 II and VII §2 are
in ``test_mototaxi_2013_people.py`` — and the Civil
Code counts them (art. 132, §3º: "os prazos de meses e anos expiram no dia de igual número do de
início, ou no imediato, se faltar exata correspondência"): from 29/02 into a common year the
years run out on 01/03, not on 28/02 (the day a period begun on 28/02 runs out)."""

import datetime as dt
from typing import Any

from outorga.law.citations import cite
from outorga.law.decisions import Decision
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"


def refusals(d: Decision, rule: str) -> list:
    return [r for r in d.refusals if r.rule == rule]


def validity(ipatinga, document: str, issued: str, on: dt.date) -> Decision:  # type: ignore[no-untyped-def]
    return ask(
        "mototaxi.document_validity", ipatinga(on), {"document": document, "issued_on": issued}
    )


# --- art. 4 §1, art. 5 §2, art. 14 §2: documents valid for years ----------------------------------


def test_art_4_par1_a_certificate_issued_on_29_february_is_valid_through_1_march(ipatinga):
    d = validity(ipatinga, "registro_cadastral", "2024-02-29", dt.date(2025, 3, 1))
    assert d.outcome["expires_on"] == dt.date(2025, 3, 1)
    assert d.outcome["valid"] is True and cite(LAW, 4, 1) in d.citations
    d = validity(ipatinga, "registro_cadastral", "2024-02-29", dt.date(2025, 3, 2))
    assert d.outcome["valid"] is False
    assert "vencido em 01/03/2025" in " ".join(r.message for r in d.refusals)


def test_art_4_par1_a_certificate_issued_on_28_february_ends_on_28_february_guard(ipatinga):
    d = validity(ipatinga, "registro_cadastral", "2024-02-28", dt.date(2025, 3, 1))
    assert d.outcome["expires_on"] == dt.date(2025, 2, 28) and d.outcome["valid"] is False


def test_art_14_par2_a_credential_issued_on_29_february_is_valid_through_1_march(ipatinga):
    d = validity(ipatinga, "credenciamento_auxiliar", "2024-02-29", dt.date(2025, 3, 1))
    assert d.outcome["expires_on"] == dt.date(2025, 3, 1) and d.outcome["valid"] is True


# --- art. 14 §2: the renewed credential -------------------------------------------------------------


def renewal(ipatinga, on: dt.date, current: str) -> Decision:  # type: ignore[no-untyped-def]
    facts = {"credential_valid_until": current}
    return ask("mototaxi.auxiliary_credential_renewal", ipatinga(on), facts)


def test_art_14_par2_a_credential_renewed_from_29_february_runs_to_1_march(ipatinga):
    d = renewal(ipatinga, dt.date(2028, 2, 20), "2028-02-29")
    assert d.outcome["valid_from"] == dt.date(2028, 2, 29)
    assert d.outcome["valid_until"] == dt.date(2029, 3, 1)
    assert cite(LAW, 14, 2) in d.citations


def test_art_14_par2_renewed_late_on_29_february_the_year_runs_to_1_march(ipatinga):
    d = renewal(ipatinga, dt.date(2028, 2, 29), "2028-02-10")
    assert d.outcome["renewable"] is True and d.outcome["late"] is True
    assert d.outcome["valid_until"] == dt.date(2029, 3, 1)


def test_art_14_par2_on_29_february_a_credential_to_28_february_is_short_of_a_year(ipatinga):
    """A full year from 29/02/2024 runs out on 01/03/2025: a credential valid to 28/02/2025 is one
    day short of it, as one valid to 10/03 is on 11/03 of the year before."""
    d = renewal(ipatinga, dt.date(2024, 2, 29), "2025-02-28")
    assert not refusals(d, "art_14_par2_one_year_at_a_time")
    d = renewal(ipatinga, dt.date(2024, 2, 29), "2025-03-01")
    (r,) = refusals(d, "art_14_par2_one_year_at_a_time")
    assert cite(LAW, 14, 2) in r.citations


# --- art. 6: ten years and periods of five --------------------------------------------------------


def permit(**over: Any) -> dict[str, Any]:
    facts = {"granted_on": "2016-02-29", "by_decree": True, "after_tender": True, "term_years": 10}
    return facts | over


def test_art_6_a_permission_granted_on_29_february_is_in_force_through_1_march(ipatinga):
    d = ask("mototaxi.permit_term", ipatinga(dt.date(2026, 3, 1)), permit())
    assert d.outcome["expires_on"] == dt.date(2026, 3, 1)
    assert d.outcome["in_force"] is True and cite(LAW, 6) in d.citations
    d = ask("mototaxi.permit_term", ipatinga(dt.date(2026, 3, 2)), permit())
    assert d.outcome["in_force"] is False


def test_art_6_each_period_of_five_years_counts_from_the_term_end_it_extends(ipatinga):
    """Ten years from 29/02/2016 run out on 01/03/2026; the two periods of five then run from
    01/03/2026 and 01/03/2031 — to 01/03/2036, as ``permit_extension`` extends them one by one,
    not to 29/02/2036 (twenty years counted at once from the grant)."""
    facts = permit(extensions=[{"years": 5}, {"years": 5}])
    d = ask("mototaxi.permit_term", ipatinga(dt.date(2036, 3, 1)), facts)
    assert d.outcome["expires_on"] == dt.date(2036, 3, 1) and d.outcome["in_force"] is True
    ext = {
        "granted_on": "2016-02-29",
        "term_end": "2031-03-01",
        "extensions_granted": 1,
        "status": "ativa",
        "executive_act": True,
    }
    e = ask("mototaxi.permit_extension", ipatinga(dt.date(2031, 1, 10)), ext)
    assert e.outcome["new_term_end"] == d.outcome["expires_on"]
