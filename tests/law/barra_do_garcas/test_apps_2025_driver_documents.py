"""Art. 4, II ("exigir e manter atualizados os documentos obrigatórios") and art. 14, I: the
periodic re-check of a driver on a platform's roster, on a later date, by the law in force then
(D-15), with the terms the law leaves to the regulation (art. 27) and court suspensions (D-16)."""

import dataclasses
import datetime as dt

from outorga.demo import BARRA_DO_GARCAS
from outorga.law.context import Context, RuleSuspension
from outorga.law.decisions import Verdict
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

LAW = "barra-do-garcas.apps-2025"
Q = "barra-do-garcas.apps-2025.driver_documents_current"
CHECK = dt.date(2026, 3, 10)


def facts(**changes):
    """A driver who met every requirement on the day he joined, with dated documents."""
    base = {
        "cnh": {"category": "B", "ear": True, "valid_until": "2030-01-01"},
        "criminal_certificate": {"negative": True, "issued_on": "2026-02-01"},
        "municipal_debt_certificate": {"negative": True, "issued_on": "2026-02-01"},
        "inss_registration": {},
        "vehicle": {
            "kind": "automovel",
            "manufacture_year": 2020,
            "crlv": {"valid_until": "2026-12-31"},
            "app_insurance": {"valid_until": "2026-12-31"},
            "dpvat": {},
        },
    }
    for key, value in changes.items():
        if key.startswith("vehicle_"):
            base["vehicle"][key.removeprefix("vehicle_")] = value
        elif value is None:
            base.pop(key)
        else:
            base[key] = value
    return base


def reason_of(d, rule):
    (found,) = [r for r in d.reasons if r.rule == rule]
    return found


def test_art_4_ii_a_driver_whose_documents_are_all_current_still_meets_art_4(barra):
    d = ask(Q, barra(CHECK), facts())
    assert d.outcome == {"current": True, "lapsed": [], "unknown": [], "update_until": None}


def test_art_4_ii_b_cnh_expired_the_day_before_the_check_has_lapsed(barra):
    cnh = {"category": "B", "ear": True, "valid_until": "2026-03-09"}
    d = ask(Q, barra(CHECK), facts(cnh=cnh))
    assert d.outcome["current"] is False
    assert d.outcome["lapsed"] == ["apps.art4.ii.b.cnh_valid"]
    r = reason_of(d, "apps.art4.ii.b.cnh_valid")
    assert r.message == "CNH vencida em 09/03/2026."
    assert {c.compact() for c in r.citations} == {f"{LAW} art. 4, II, b"}


def test_art_4_ii_b_cnh_valid_until_the_check_date_or_after_it_is_current(barra):
    for until in ("2026-03-10", "2026-03-11"):
        cnh = {"category": "B", "ear": True, "valid_until": until}
        d = ask(Q, barra(CHECK), facts(cnh=cnh))
        assert d.outcome["current"] is True, until


def test_art_4_ii_the_law_gives_no_term_to_update_and_the_decision_says_so(barra):
    """Art. 4, II and 14, I give the platform no term: none is invented (update_until None)."""
    cnh = {"category": "B", "ear": True, "valid_until": "2026-03-09"}
    d = ask(Q, barra(CHECK), facts(cnh=cnh))
    assert d.outcome["update_until"] is None
    term = reason_of(d, "apps.art4.ii.update_term")
    assert term.verdict is Verdict.INFO
    assert "A lei não fixa prazo" in term.message
    assert {c.compact() for c in term.citations} == {
        f"{LAW} art. 4, II",
        f"{LAW} art. 14, I",
        f"{LAW} art. 27",
    }


def test_art_27_a_regulation_s_term_to_update_is_counted_from_the_check_d_4():
    town = dataclasses.replace(
        BARRA_DO_GARCAS,
        overrides={
            "apps_2025.driver_document_update_days": (
                DatedValue(dt.date(2026, 1, 1), 15, source="municipality"),
            )
        },
    )
    cnh = {"category": "B", "ear": True, "valid_until": "2026-03-09"}
    d = ask(Q, Context(town, CHECK), facts(cnh=cnh))
    # 10/03 + 15 days = 25/03/2026, a Wednesday.
    assert d.outcome["update_until"] == "2026-03-25"


def test_art_4_ii_c_undated_criminal_certificate_is_current_90_days_from_issue_example_value(
    barra,
):
    """Issued 10/12/2025, with the example term of 90 days: current on 10/03/2026 (the 90th day),
    out of date on 11/03/2026."""
    cert = {"negative": True, "issued_on": "2025-12-10"}
    on_day = ask(Q, barra(CHECK), facts(criminal_certificate=cert))
    assert on_day.outcome["current"] is True
    after = ask(Q, barra(CHECK + dt.timedelta(days=1)), facts(criminal_certificate=cert))
    assert after.outcome["lapsed"] == ["apps.art4.ii.c.criminal_certificate"]
    r = reason_of(after, "apps.art4.ii.c.criminal_certificate")
    assert "desatualizada desde 11/03/2026" in r.message
    assert r.parameters[0].value == 90 and r.parameters[0].example is True
    assert {c.compact() for c in r.citations} == {f"{LAW} art. 4, II, c", f"{LAW} art. 27"}


def test_art_4_ii_c_a_certificate_stating_its_validity_is_judged_by_it(barra):
    cert = {"negative": True, "issued_on": "2025-01-01", "valid_until": "2026-03-10"}
    assert ask(Q, barra(CHECK), facts(criminal_certificate=cert)).outcome["current"] is True
    cert["valid_until"] = "2026-03-09"
    d = ask(Q, barra(CHECK), facts(criminal_certificate=cert))
    assert d.outcome["lapsed"] == ["apps.art4.ii.c.criminal_certificate"]


def test_art_4_ii_c_a_certificate_without_any_date_cannot_be_verified(barra):
    d = ask(Q, barra(CHECK), facts(criminal_certificate={"negative": True}))
    assert d.outcome["current"] is None
    assert d.outcome["unknown"] == ["apps.art4.ii.c.criminal_certificate"]
    assert d.outcome["lapsed"] == []


def test_art_27_with_no_term_for_certificates_an_undated_one_is_not_judged_out_of_date():
    town = dataclasses.replace(
        BARRA_DO_GARCAS,
        overrides={
            "apps_2025.criminal_certificate_max_age_days": (
                DatedValue(dt.date(2026, 1, 1), None, source="municipality"),
            )
        },
    )
    cert = {"negative": True, "issued_on": "2020-01-01"}
    d = ask(Q, Context(town, CHECK), facts(criminal_certificate=cert))
    assert d.outcome["current"] is True
    assert reason_of(d, "apps.art4.ii.c.criminal_certificate").verdict is Verdict.INFO


def test_art_4_ii_e_out_of_date_debt_clearance_lapses_unless_a_court_suspended_it_d_16(barra):
    cert = {"negative": True, "issued_on": "2025-11-01"}
    d = ask(Q, barra(CHECK), facts(municipal_debt_certificate=cert))
    assert d.outcome["lapsed"] == ["apps.art4.ii.e.municipal_debt_clearance"]
    town = dataclasses.replace(
        BARRA_DO_GARCAS,
        suspensions=(
            RuleSuspension(
                "apps.art4.ii.e.municipal_debt_clearance",
                dt.date(2026, 3, 1),
                None,
                "TJMT (exemplo de teste)",
            ),
        ),
    )
    d = ask(Q, Context(town, CHECK), facts(municipal_debt_certificate=cert))
    assert d.outcome["current"] is True
    r = reason_of(d, "apps.art4.ii.e.municipal_debt_clearance")
    assert r.verdict is Verdict.SUSPENDED


def test_art_4_i_d_6_a_car_turns_over_age_on_1_january(barra):
    """Made in 2016: 10 years on 31/12/2026 (allowed), 11 years on 01/01/2027 (D-6)."""
    fresh = {"negative": True, "issued_on": "2026-12-01"}
    f = facts(
        criminal_certificate=fresh,
        municipal_debt_certificate=fresh,
        vehicle_manufacture_year=2016,
        vehicle_crlv={"valid_until": "2027-12-31"},
        vehicle_app_insurance={"valid_until": "2027-12-31"},
    )
    assert ask(Q, barra(dt.date(2026, 12, 31)), f).outcome["current"] is True
    later = ask(Q, barra(dt.date(2027, 1, 1)), f)
    assert later.outcome["lapsed"] == ["apps.art4.i.vehicle_age"]


def test_art_4_ii_a_d_expired_crlv_and_app_insurance_lapse(barra):
    f = facts(vehicle_crlv={"valid_until": "2026-03-09"})
    d = ask(Q, barra(CHECK), f)
    assert d.outcome["lapsed"] == ["apps.art4.ii.a.crlv"]
    assert reason_of(d, "apps.art4.ii.a.crlv").message == "CRLV: vencido em 09/03/2026."


def test_art_29_a_date_before_the_law_is_not_judged(barra):
    d = ask(Q, barra(dt.date(2025, 5, 15)), facts())
    assert d.reasons[0].rule == "apps.art29.in_force"
