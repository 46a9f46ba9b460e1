"""Taxi law periods of years counted from 29 February (ADR 0074): the term of 10 or 20 years
(art. 10), the Termo and the Cadastro renewed yearly (art. 13, 21), the seven years of a vehicle
counted from its factory invoice (art. 28 II, §1º, D-6) and the yearly renewal that is its
replacement deadline (art. 28 §2º), the full years of a current taxista (art. 48). The Civil Code
counts them (art. 132, §3º): from 29/02 into a common year the years run out on 01/03."""

import datetime as dt

from outorga.law.citations import cite
from outorga.law.decisions import Decision
from outorga.law.questions import ask

LAW = "ipatinga.taxi-2017"


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


# --- art. 10 and 13: the term and the Termo renewed yearly ----------------------------------------


def test_art_10_i_ten_years_from_a_termo_signed_on_29_february_end_on_1_march(ipatinga):
    facts = {"signed_on": "2024-02-29", "option": "I", "mode": "pagamento", "instalments": 1}
    d = ask("taxi.contrapartida", ipatinga(dt.date(2024, 2, 29)), facts)
    assert d.outcome["term_ends_on"] == dt.date(2034, 3, 1)
    assert cite(LAW, 10, inc="I") in d.citations


def termo(ipatinga, on: dt.date, **facts) -> Decision:  # type: ignore[no-untyped-def]
    base = {"signed_on": "2024-02-29", "option": "I"}
    return ask("taxi.permit_term", ipatinga(on), {**base, **facts})


def test_art_13_the_first_year_of_a_termo_signed_on_29_february_runs_to_1_march(ipatinga):
    d = termo(ipatinga, dt.date(2025, 3, 1))
    assert d.outcome["valid_until"] == dt.date(2025, 3, 1)
    assert d.outcome["renewable"] is True and not d.refusals
    assert d.outcome["term_ends_on"] == dt.date(2034, 3, 1)
    assert d.outcome["next_valid_until"] == dt.date(2026, 3, 1)
    d = termo(ipatinga, dt.date(2025, 3, 2))
    assert d.outcome["caducidade_proposal"] is True
    assert "ipatinga.taxi-2017 art. 13" in refusal_citations(d)


def test_art_13_on_29_february_a_termo_valid_to_28_february_is_short_of_a_year(ipatinga):
    """A full year from 29/02/2028 runs out on 01/03/2029: a Termo valid to 28/02/2029 is one day
    short of it, so it is renewable (as one valid to 10/03 is on 11/03 of the year before)."""
    d = termo(ipatinga, dt.date(2028, 2, 29), signed_on="2020-02-28", last_renewed_on="2028-02-28")
    assert d.outcome["valid_until"] == dt.date(2029, 2, 28)
    assert d.outcome["renewable"] is True
    assert d.outcome["next_valid_until"] == dt.date(2030, 2, 28)


# --- art. 21: the Cadastro and the auxiliary's inscription renewed yearly -------------------------


def test_art_21_a_registration_renewed_on_29_february_is_valid_through_1_march(ipatinga):
    facts = {"last_renewed_on": "2024-02-29", "debts": []}
    d = ask("ipatinga.taxi-2017.registration_renewal", ipatinga(dt.date(2024, 3, 5)), facts)
    assert d.outcome["valid_until"] == dt.date(2025, 3, 1)
    assert "01/03/2025" in " ".join(r.message for r in d.reasons)


def test_art_21_an_inscription_renewed_from_29_february_runs_to_1_march(ipatinga):
    facts = {"credential_valid_until": "2028-02-29", "resides_in_ipatinga": True, "debts": []}
    d = ask("taxi.auxiliary_renewal", ipatinga(dt.date(2028, 2, 20)), facts)
    assert d.outcome["valid_from"] == dt.date(2028, 2, 29)
    assert d.outcome["valid_until"] == dt.date(2029, 3, 1)
    late = facts | {"credential_valid_until": "2028-02-10"}
    d = ask("taxi.auxiliary_renewal", ipatinga(dt.date(2028, 2, 29)), late)
    assert d.outcome["valid_until"] == dt.date(2029, 3, 1)


# --- art. 28 II, §1º, §2º: seven years from the factory invoice ------------------------------------


def vehicle_age(ipatinga, on: dt.date, invoice: str, anchor: str) -> Decision:  # type: ignore[no-untyped-def]
    facts = {"manufacture_year": 2024, "factory_invoice_date": invoice, "renewal_anchor": anchor}
    return ask("ipatinga.taxi-2017.vehicle_age", ipatinga(on), facts)


def test_art_28_par1_a_car_invoiced_on_29_february_completes_seven_years_on_1_march(ipatinga):
    d = vehicle_age(ipatinga, dt.date(2031, 2, 28), "2024-02-29", "2024-06-10")
    assert d.outcome["age_limit_on"] == dt.date(2031, 3, 1)
    assert d.outcome["within_age"] is True
    assert "completa em 01/03/2031" in d.summary


def test_art_28_par1_a_car_invoiced_on_28_february_completes_on_28_february_guard(ipatinga):
    d = vehicle_age(ipatinga, dt.date(2031, 2, 28), "2024-02-28", "2024-06-10")
    assert d.outcome["age_limit_on"] == dt.date(2031, 2, 28)


def test_art_28_par2_the_yearly_renewal_from_29_february_falls_on_1_march(ipatinga):
    """Art. 28 §2º: replaced by the yearly renewal of the registration from the limit — the
    renewal of a Termo signed on 29/02/2024 falls on 01/03 in a common year, as its year runs out
    (art. 13), not on 28/02."""
    d = vehicle_age(ipatinga, dt.date(2030, 12, 1), "2023-06-01", "2024-02-29")
    assert d.outcome["age_limit_on"] == dt.date(2030, 6, 1)
    assert d.outcome["replace_by"] == dt.date(2031, 3, 1)
    assert d.outcome["within_age"] is True
    assert cite(LAW, 28, 2) in d.citations


# --- art. 48: full years of a current taxista ----------------------------------------------------


def test_art_48_an_inscription_of_29_february_completes_its_years_on_1_march(ipatinga):
    def points(opened: dt.date) -> int:
        applicant = {
            "id": "a",
            "name": "Candidato a",
            "score": 0,
            "taxista_periods": [{"role": "titular", "from": "2024-02-29", "until": None}],
        }
        facts = {"opened_on": opened.isoformat(), "applicants": [applicant]}
        d = ask("ipatinga.taxi-2017.tender_classification", ipatinga(opened), facts)
        return int(d.outcome["applicants"]["a"]["points"])

    # Example weights: 5 for a current taxista + 1 per full year.
    assert points(dt.date(2027, 2, 28)) == 5 + 2
    assert points(dt.date(2027, 3, 1)) == 5 + 3
