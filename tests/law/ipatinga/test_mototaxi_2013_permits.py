"""Art. 4 §1, 6, 10 and the dated documents (art. 5 §1 III, 5 §2, 14 §2)."""

import dataclasses
import datetime as dt
from typing import Any

import pytest

from outorga.demo import IPATINGA
from outorga.law.citations import Citation, cite, decision
from outorga.law.context import Context, Population
from outorga.law.decisions import Decision
from outorga.law.parameters import ParameterMissing
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"


def refused(d: Decision) -> set[Citation]:
    return {c for r in d.refusals for c in r.citations}


# --- art. 6: term and extensions ---------------------------------------------------------------


def permit(**over: Any) -> dict[str, Any]:
    facts: dict[str, Any] = {
        "granted_on": "2014-03-10",
        "by_decree": True,
        "after_tender": True,
        "term_years": 10,
    }
    facts.update(over)
    return facts


def test_art_6_ten_year_permit_is_in_force_through_its_last_day(ipatinga):
    d = ask("mototaxi.permit_term", ipatinga(dt.date(2024, 3, 10)), permit())
    assert d.outcome["expires_on"] == dt.date(2024, 3, 10)
    assert d.outcome["in_force"] is True
    assert d.outcome["extensions_left"] == 3
    d = ask("mototaxi.permit_term", ipatinga(dt.date(2024, 3, 11)), permit())
    assert d.outcome["in_force"] is False


def test_art_6_initial_term_over_ten_years_is_refused(ipatinga):
    d = ask("mototaxi.permit_term", ipatinga(dt.date(2015, 1, 1)), permit(term_years=11))
    assert refused(d) == {cite(LAW, 6)}
    assert d.outcome["valid"] is False


def test_art_6_three_extensions_of_five_years_reach_25_years(ipatinga):
    facts = permit(extensions=[{"years": 5}] * 3)
    d = ask("mototaxi.permit_term", ipatinga(dt.date(2030, 1, 1)), facts)
    assert d.outcome["expires_on"] == dt.date(2039, 3, 10)
    assert d.outcome["extensions_left"] == 0
    assert d.outcome["valid"] is True


def test_art_6_a_fourth_extension_is_refused(ipatinga):
    facts = permit(extensions=[{"years": 5}] * 4)
    assert refused(ask("mototaxi.permit_term", ipatinga(dt.date(2030, 1, 1)), facts)) == {
        cite(LAW, 6)
    }


def test_art_6_an_extension_longer_than_five_years_is_refused(ipatinga):
    facts = permit(extensions=[{"years": 6}])
    assert refused(ask("mototaxi.permit_term", ipatinga(dt.date(2030, 1, 1)), facts)) == {
        cite(LAW, 6)
    }


def test_art_6_a_permit_without_decree_or_tender_is_refused(ipatinga):
    d = ask("mototaxi.permit_term", ipatinga(dt.date(2015, 1, 1)), permit(after_tender=False))
    assert refused(d) == {cite(LAW, 6), cite(LAW, 6, 5)}


def test_art_6_par6_written_cancellation_ends_the_permit(ipatinga):
    facts = permit(events=[{"kind": "cancelamento", "on": "2016-01-05", "written": True}])
    d = ask("mototaxi.permit_term", ipatinga(dt.date(2016, 2, 1)), facts)
    assert d.outcome["in_force"] is False
    assert d.outcome["ended_on"] == dt.date(2016, 1, 5)
    assert cite(LAW, 6, 6) in d.citations


def test_art_6_par6_oral_cancellation_has_no_effect(ipatinga):
    facts = permit(events=[{"kind": "cancelamento", "on": "2016-01-05", "written": False}])
    d = ask("mototaxi.permit_term", ipatinga(dt.date(2016, 2, 1)), facts)
    assert d.outcome["ended_on"] is None
    assert refused(d) == {cite(LAW, 6, 6)}


def test_art_2_xx_renuncia_ends_and_xxi_reserva_keeps_the_permit(ipatinga):
    reserva = permit(events=[{"kind": "reserva", "on": "2016-01-05"}])
    d = ask("mototaxi.permit_term", ipatinga(dt.date(2016, 2, 1)), reserva)
    assert d.outcome["in_force"] is True
    assert cite(LAW, 2, inc="XXI") in d.citations
    renuncia = permit(events=[{"kind": "renuncia", "on": "2016-01-05"}])
    d = ask("mototaxi.permit_term", ipatinga(dt.date(2016, 2, 1)), renuncia)
    assert d.outcome["in_force"] is False
    assert cite(LAW, 2, inc="XX") in d.citations


# --- art. 10: quota ---------------------------------------------------------------------------------


def test_art_10_i_quota_is_population_over_300_rounded_down(ipatinga):
    # Censo 2022: 227 731 inhabitants → ⌊227 731 / 300⌋ = 759.
    facts = {"service": "mototaxi", "grant_on": "2024-01-10", "active_permits": 758}
    d = ask("mototaxi.quota", ipatinga(dt.date(2024, 1, 10)), facts)
    assert d.outcome == {"service": "mototaxi", "limit": 759, "available": 1, "may_grant": True}
    assert cite(LAW, 10, inc="I") in d.citations
    assert decision(7) in d.citations


def test_art_10_i_no_grant_when_the_quota_is_full(ipatinga):
    facts = {"service": "mototaxi", "grant_on": "2024-01-10", "active_permits": 759}
    d = ask("mototaxi.quota", ipatinga(dt.date(2024, 1, 10)), facts)
    assert d.outcome["may_grant"] is False
    assert refused(d) == {cite(LAW, 10, inc="I"), decision(7)}


def test_d7_a_lower_population_blocks_new_grants_but_keeps_existing_permits():
    lower = Population(200_000, 2025, dt.date(2025, 7, 1), "IBGE, estimativa (teste)")
    town = dataclasses.replace(IPATINGA, populations=(*IPATINGA.populations, lower))
    ctx = Context(town, dt.date(2025, 8, 1))
    facts = {"service": "mototaxi", "grant_on": "2025-08-01", "active_permits": 700}
    d = ask("mototaxi.quota", ctx, facts)
    assert d.outcome["limit"] == 666
    assert d.outcome["available"] == 0
    assert d.outcome["may_grant"] is False
    # on a grant date before the new figure took effect, the old one applies (D-7)
    d = ask("mototaxi.quota", ctx, facts | {"grant_on": "2025-06-30"})
    assert d.outcome["limit"] == 759


def test_art_10_quota_needs_an_ibge_figure_in_force_on_the_grant_date(ipatinga):
    facts = {"service": "mototaxi", "grant_on": "2023-06-27", "active_permits": 0}
    with pytest.raises(ParameterMissing):
        ask("mototaxi.quota", ipatinga(dt.date(2023, 6, 27)), facts)


def test_art_10_ii_motofrete_has_no_quota(ipatinga):
    facts = {"service": "motofrete", "grant_on": "2024-01-10", "active_permits": 100_000}
    d = ask("mototaxi.quota", ipatinga(dt.date(2024, 1, 10)), facts)
    assert d.outcome["may_grant"] is True
    assert d.outcome["limit"] is None
    assert d.citations == (cite(LAW, 10, inc="II"),)


# --- documents -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("document", "issued", "last_day", "citation"),
    [
        ("registro_cadastral", "2024-02-29", dt.date(2025, 3, 1), cite(LAW, 4, 1)),  # ADR 0074
        ("atestado_medico", "2024-01-15", dt.date(2025, 1, 15), cite(LAW, 5, 2)),
        ("laudo_inspecao", "2024-08-31", dt.date(2025, 3, 1), cite(LAW, 5, 1, "III")),  # 0074
        ("credenciamento_auxiliar", "2024-05-02", dt.date(2025, 5, 2), cite(LAW, 14, 2)),
    ],
)
def test_document_validity_last_day_and_the_day_after(
    ipatinga, document, issued, last_day, citation
):
    facts = {"document": document, "issued_on": issued}
    d = ask("mototaxi.document_validity", ipatinga(last_day), facts)
    assert d.outcome["expires_on"] == last_day
    assert d.outcome["valid"] is True
    assert citation in d.citations
    after = last_day + dt.timedelta(days=1)
    d = ask("mototaxi.document_validity", ipatinga(after), facts)
    assert d.outcome["valid"] is False
    assert citation in refused(d)


def test_document_validity_on_a_chosen_date(ipatinga):
    facts = {"document": "laudo_inspecao", "issued_on": "2024-01-10", "check_on": "2023-12-31"}
    d = ask("mototaxi.document_validity", ipatinga(dt.date(2024, 3, 1)), facts)
    assert d.outcome["valid"] is False
    assert "ainda não emitido" in d.refusals[0].message


def test_art_4_par1_registration_is_not_dated_before_the_law(ipatinga):
    facts = {"document": "registro_cadastral", "issued_on": "2013-08-26"}
    with pytest.raises(ParameterMissing):
        ask("mototaxi.document_validity", ipatinga(dt.date(2014, 1, 1)), facts)
    facts = {"document": "registro_cadastral", "issued_on": "2013-08-27"}
    d = ask("mototaxi.document_validity", ipatinga(dt.date(2014, 1, 1)), facts)
    assert d.outcome["expires_on"] == dt.date(2014, 8, 27)
