"""Art. 3 (credentials and caps, D-9 a), art. 4 (drivers and vehicles, D-6), art. 17 (two-wheelers),
with court suspensions (D-16)."""

import dataclasses
import datetime as dt

import pytest

from outorga.demo import BARRA_DO_GARCAS
from outorga.law.citations import cite, decision
from outorga.law.context import Context, RuleSuspension
from outorga.law.decisions import Decision, Verdict
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

LAW = "barra-do-garcas.apps-2025"
ON = dt.date(2025, 8, 1)
COURT = "TJMT, agravo de instrumento (exemplo de teste), decisão de 10/03/2026"


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def reason_of(d: Decision, rule: str):
    (found,) = [r for r in d.reasons if r.rule == rule]
    return found


def suspended(rule: str, start: dt.date, on: dt.date) -> Context:
    facts = dataclasses.replace(
        BARRA_DO_GARCAS, suspensions=(RuleSuspension(rule, start, None, COURT),)
    )
    return Context(facts, on)


# --- art. 3 §1: at most 10 platforms ------------------------------------------------------------


def test_art_3_1_tenth_platform_is_allowed(barra):
    d = ask("apps.platform_credential", barra(ON), {"credentialed_platforms": 9})
    assert reason_of(d, "apps.art3.platform_cap").verdict is Verdict.OK


def test_art_3_1_eleventh_platform_is_refused(barra):
    d = ask("apps.platform_credential", barra(ON), {"credentialed_platforms": 10})
    assert d.outcome == "refused"
    assert f"{LAW} art. 3, §1" in refusal_citations(d)
    assert reason_of(d, "apps.art3.platform_cap").parameters[0].value == 10


def test_art_3_1_platform_cap_with_all_conditions_met_is_ok(barra):
    facts = {"credentialed_platforms": 0, "cadastro_mobiliario": True, "complaint_channel": True}
    assert ask("apps.platform_credential", barra(ON), facts).outcome == "ok"


def test_art_19_2_platform_without_cadastro_mobiliario_is_refused(barra):
    facts = {"credentialed_platforms": 0, "cadastro_mobiliario": False, "complaint_channel": True}
    d = ask("apps.platform_credential", barra(ON), facts)
    assert d.outcome == "refused"
    assert refusal_citations(d) == {f"{LAW} art. 19, §2"}


def test_art_11_iii_platform_without_complaint_channel_is_refused(barra):
    facts = {"credentialed_platforms": 0, "cadastro_mobiliario": True, "complaint_channel": False}
    d = ask("apps.platform_credential", barra(ON), facts)
    assert refusal_citations(d) == {f"{LAW} art. 11, III"}


def test_art_3_conditions_not_informed_are_pending(barra):
    d = ask("apps.platform_credential", barra(ON), {"credentialed_platforms": 0})
    assert d.outcome == "pending"


def test_art_29_credential_before_the_law_is_not_applicable(barra):
    d = ask("apps.platform_credential", barra(dt.date(2025, 5, 15)), {"credentialed_platforms": 10})
    assert d.outcome == "not_applicable"
    assert f"{LAW} art. 29" in refusal_citations(d)
    d = ask("apps.platform_credential", barra(dt.date(2025, 5, 16)), {"credentialed_platforms": 10})
    assert d.outcome == "refused"


# --- art. 3 §2, D-9 (a): rosters ----------------------------------------------------------------


def test_art_3_2_fiftieth_driver_of_a_platform_is_allowed(barra):
    d = ask("apps.roster_capacity", barra(ON), {"platform_roster": 49, "municipality_roster": 10})
    assert d.outcome == "ok"


def test_art_3_2_fifty_first_driver_of_a_platform_is_refused(barra):
    d = ask("apps.roster_capacity", barra(ON), {"platform_roster": 50, "municipality_roster": 10})
    assert d.outcome == "refused"
    assert reason_of(d, "apps.art3.driver_cap_platform").verdict is Verdict.REFUSED
    assert reason_of(d, "apps.art3.driver_cap_municipality").verdict is Verdict.OK
    assert refusal_citations(d) == {f"{LAW} art. 3, §2", "outorga.decisions art. D-9"}


def test_art_3_2_five_hundredth_driver_in_the_municipality_is_allowed(barra):
    d = ask("apps.roster_capacity", barra(ON), {"platform_roster": 0, "municipality_roster": 499})
    assert d.outcome == "ok"


def test_art_3_2_five_hundred_first_driver_in_the_municipality_is_refused(barra):
    d = ask("apps.roster_capacity", barra(ON), {"platform_roster": 0, "municipality_roster": 500})
    assert d.outcome == "refused"
    assert reason_of(d, "apps.art3.driver_cap_municipality").verdict is Verdict.REFUSED


def test_art_3_2_a_driver_already_active_on_another_platform_is_not_the_501st(barra):
    # "500 motoristas em atividade no Município": persons. One already driving for another
    # platform is already one of them; a second platform does not make him two.
    facts = {"platform_roster": 0, "municipality_roster": 500}
    d = ask("apps.roster_capacity", barra(ON), {**facts, "driver_active_in_municipality": True})
    assert d.outcome == "ok"
    assert reason_of(d, "apps.art3.driver_cap_municipality").verdict is Verdict.OK
    d = ask("apps.roster_capacity", barra(ON), {**facts, "driver_active_in_municipality": False})
    assert reason_of(d, "apps.art3.driver_cap_municipality").verdict is Verdict.REFUSED


def test_art_3_2_a_driver_already_active_still_counts_on_the_platforms_50(barra):
    facts = {"platform_roster": 50, "municipality_roster": 100}
    d = ask("apps.roster_capacity", barra(ON), {**facts, "driver_active_in_municipality": True})
    assert reason_of(d, "apps.art3.driver_cap_platform").verdict is Verdict.REFUSED


def test_art_3_uncredentialed_platform_cannot_enable_drivers(barra):
    facts = {"platform_credentialed": False, "platform_roster": 0, "municipality_roster": 0}
    d = ask("apps.roster_capacity", barra(ON), facts)
    assert refusal_citations(d) == {f"{LAW} art. 3"}


# --- D-16: suspended caps -----------------------------------------------------------------------

SUSPENSION_START = dt.date(2026, 3, 10)


@pytest.mark.parametrize(
    ("rule", "question", "facts"),
    [
        ("apps.art3.platform_cap", "apps.platform_credential", {"credentialed_platforms": 10}),
        (
            "apps.art3.driver_cap_platform",
            "apps.roster_capacity",
            {"platform_roster": 50, "municipality_roster": 0},
        ),
        (
            "apps.art3.driver_cap_municipality",
            "apps.roster_capacity",
            {"platform_roster": 0, "municipality_roster": 500},
        ),
        (
            "apps.art17.two_wheeler_ban",
            "apps.vehicle_eligibility",
            {"kind": "motocicleta", "manufacture_year": 2024},
        ),
    ],
)
def test_d16_suspended_rule_is_not_applied_and_cited(rule, question, facts):
    d = ask(question, suspended(rule, SUSPENSION_START, SUSPENSION_START), facts)
    r = reason_of(d, rule)
    assert r.verdict is Verdict.SUSPENDED
    assert decision(16, note=f"regra suspensa: {COURT}") in d.citations
    assert rule not in {x.rule for x in d.refusals}

    day_before = SUSPENSION_START - dt.timedelta(days=1)
    d = ask(question, suspended(rule, SUSPENSION_START, day_before), facts)
    assert reason_of(d, rule).verdict is Verdict.REFUSED


def test_d16_suspension_of_one_cap_leaves_the_other_applied():
    ctx = suspended("apps.art3.driver_cap_platform", SUSPENSION_START, dt.date(2026, 4, 1))
    d = ask("apps.roster_capacity", ctx, {"platform_roster": 80, "municipality_roster": 500})
    assert reason_of(d, "apps.art3.driver_cap_platform").verdict is Verdict.SUSPENDED
    assert reason_of(d, "apps.art3.driver_cap_municipality").verdict is Verdict.REFUSED
    assert d.outcome == "refused"


def test_d16_suspension_that_ended_no_longer_covers():
    facts = dataclasses.replace(
        BARRA_DO_GARCAS,
        suspensions=(
            RuleSuspension("apps.art3.platform_cap", SUSPENSION_START, dt.date(2026, 6, 30), COURT),
        ),
    )
    d = ask(
        "apps.platform_credential",
        Context(facts, dt.date(2026, 7, 1)),
        {"credentialed_platforms": 10},
    )
    assert reason_of(d, "apps.art3.platform_cap").verdict is Verdict.REFUSED


# --- art. 4: drivers ------------------------------------------------------------------------------

GOOD_DRIVER = {
    "cnh": {"category": "B", "ear": True, "valid_until": "2030-01-01"},
    "criminal_certificate": {"negative": True, "valid_until": "2025-10-01"},
    "municipal_debt_certificate": {"negative": True, "issued_on": "2025-07-20"},
    "inss_registration": {},
}


def driver(**changes):
    facts = {k: dict(v) for k, v in GOOD_DRIVER.items()}
    for k, v in changes.items():
        if v is None:
            facts.pop(k)
        else:
            facts[k] = v
    return facts


def test_art_4_ii_driver_with_every_document_is_eligible(barra):
    assert ask("apps.driver_eligibility", barra(ON), driver()).outcome == "ok"


@pytest.mark.parametrize("category", ["B", "C", "D", "E", "AB", "AC", "AD", "AE"])
def test_art_4_ii_b_cnh_b_or_higher_is_accepted(barra, category):
    d = ask("apps.driver_eligibility", barra(ON), driver(cnh={"category": category, "ear": True}))
    assert reason_of(d, "apps.art4.ii.b.cnh_category").verdict is Verdict.OK


@pytest.mark.parametrize("category", ["A", "ACC"])
def test_art_4_ii_b_cnh_category_a_alone_is_refused(barra, category):
    d = ask("apps.driver_eligibility", barra(ON), driver(cnh={"category": category, "ear": True}))
    assert d.outcome == "refused"
    assert refusal_citations(d) == {f"{LAW} art. 4, II, b"}


def test_art_4_ii_b_cnh_categories_amendment_applies_only_from_its_date():
    """Which categories are "B ou superior" is the CTB's (art. 143), a dated parameter: an
    amendment recorded from a date judges CNHs on and after it, never the ones before."""
    amended = ["B", "C", "D", "E"]  # a hypothetical amendment no longer listing AB…AE
    facts = dataclasses.replace(
        BARRA_DO_GARCAS,
        overrides={
            "apps_2025.cnh_categories": (
                DatedValue(dt.date(2026, 1, 1), amended, source="municipality"),
            )
        },
    )
    cnh = driver(cnh={"category": "AB", "ear": True})
    before = ask("apps.driver_eligibility", Context(facts, dt.date(2025, 12, 31)), cnh)
    after = ask("apps.driver_eligibility", Context(facts, dt.date(2026, 1, 1)), cnh)
    assert reason_of(before, "apps.art4.ii.b.cnh_category").verdict is Verdict.OK
    assert reason_of(after, "apps.art4.ii.b.cnh_category").verdict is Verdict.REFUSED
    (used,) = reason_of(after, "apps.art4.ii.b.cnh_category").parameters
    assert (used.value, used.effective, used.source) == (
        amended,
        dt.date(2026, 1, 1),
        "municipality",
    )


def test_art_4_ii_b_cnh_without_ear_is_refused(barra):
    d = ask("apps.driver_eligibility", barra(ON), driver(cnh={"category": "B", "ear": False}))
    assert reason_of(d, "apps.art4.ii.b.cnh_ear").verdict is Verdict.REFUSED


def test_art_4_ii_b_cnh_expired_the_day_before_is_refused_valid_on_the_day_is_accepted(barra):
    d = ask(
        "apps.driver_eligibility",
        barra(ON),
        driver(cnh={"category": "B", "ear": True, "valid_until": "2025-07-31"}),
    )
    assert reason_of(d, "apps.art4.ii.b.cnh_valid").verdict is Verdict.REFUSED
    d = ask(
        "apps.driver_eligibility",
        barra(ON),
        driver(cnh={"category": "B", "ear": True, "valid_until": "2025-08-01"}),
    )
    assert d.outcome == "ok"


def test_art_4_ii_b_missing_cnh_is_refused(barra):
    d = ask("apps.driver_eligibility", barra(ON), driver(cnh=None))
    assert f"{LAW} art. 4, II, b" in refusal_citations(d)


def test_art_4_ii_c_positive_criminal_certificate_is_refused(barra):
    d = ask("apps.driver_eligibility", barra(ON), driver(criminal_certificate={"negative": False}))
    assert refusal_citations(d) == {f"{LAW} art. 4, II, c"}


def test_art_4_ii_c_expired_criminal_certificate_is_refused(barra):
    d = ask(
        "apps.driver_eligibility",
        barra(dt.date(2025, 10, 2)),
        driver(criminal_certificate={"negative": True, "valid_until": "2025-10-01"}),
    )
    assert refusal_citations(d) == {f"{LAW} art. 4, II, c"}


def test_art_4_ii_c_certificate_without_result_is_pending(barra):
    d = ask("apps.driver_eligibility", barra(ON), driver(criminal_certificate={}))
    assert d.outcome == "pending"


def test_art_4_ii_e_missing_municipal_debt_clearance_is_refused(barra):
    d = ask("apps.driver_eligibility", barra(ON), driver(municipal_debt_certificate=None))
    assert refusal_citations(d) == {f"{LAW} art. 4, II, e"}


def test_art_4_ii_e_municipal_debt_clearance_can_be_suspended():
    rule = "apps.art4.ii.e.municipal_debt_clearance"
    ctx = suspended(rule, SUSPENSION_START, SUSPENSION_START)
    recent = {"negative": True, "issued_on": "2026-03-01"}
    facts = driver(municipal_debt_certificate=None, criminal_certificate=recent)
    d = ask("apps.driver_eligibility", ctx, facts)
    assert reason_of(d, rule).verdict is Verdict.SUSPENDED
    assert d.outcome == "ok"


def test_art_4_ii_f_missing_inss_registration_is_refused(barra):
    d = ask("apps.driver_eligibility", barra(ON), driver(inss_registration=None))
    assert refusal_citations(d) == {f"{LAW} art. 4, II, f"}


# --- art. 4: vehicles; art. 17 ------------------------------------------------------------------

GOOD_CAR = {
    "kind": "automovel",
    "manufacture_year": 2015,
    "crlv": {"valid_until": "2025-12-31"},
    "app_insurance": {"valid_until": "2026-01-31"},
    "dpvat": {},
}


def test_art_4_i_vehicle_ten_years_old_is_allowed(barra):
    d = ask("apps.vehicle_eligibility", barra(ON), GOOD_CAR)
    assert d.outcome == "ok"
    r = reason_of(d, "apps.art4.i.vehicle_age")
    assert r.facts["idade"] == 10
    assert decision(6) in r.citations


def test_art_4_i_vehicle_eleven_years_old_is_refused(barra):
    d = ask("apps.vehicle_eligibility", barra(ON), {**GOOD_CAR, "manufacture_year": 2014})
    assert d.outcome == "refused"
    assert refusal_citations(d) == {f"{LAW} art. 4, I", "outorga.decisions art. D-6"}


def test_art_4_i_d6_a_vehicle_made_after_the_reference_year_is_refused(barra):
    """D-6 counts the age from the year of manufacture: a year after the reference year is no
    vehicle yet (a typo, or the model year given for the manufacture's) — refused, not taken
    for a new one."""
    d = ask("apps.vehicle_eligibility", barra(ON), {**GOOD_CAR, "manufacture_year": ON.year + 1})
    assert d.outcome == "refused"
    assert refusal_citations(d) == {f"{LAW} art. 4, I", "outorga.decisions art. D-6"}
    r = reason_of(d, "apps.art4.i.vehicle_age")
    assert "posterior" in r.message and r.facts["idade"] == -1


def test_d6_vehicle_age_uses_the_reference_year_not_the_day(barra):
    # 2015 vehicle: 10 on the last day of 2025, 11 on the first day of 2026.
    assert ask("apps.vehicle_eligibility", barra(dt.date(2025, 12, 31)), GOOD_CAR).outcome == "ok"
    d = ask("apps.vehicle_eligibility", barra(dt.date(2026, 1, 1)), {**GOOD_CAR, "crlv": {}})
    assert reason_of(d, "apps.art4.i.vehicle_age").verdict is Verdict.REFUSED


@pytest.mark.parametrize(("key", "ali"), [("crlv", "a"), ("app_insurance", "d"), ("dpvat", "d")])
def test_art_4_ii_vehicle_document_missing_is_refused(barra, key, ali):
    facts = {k: v for k, v in GOOD_CAR.items() if k != key}
    d = ask("apps.vehicle_eligibility", barra(ON), facts)
    assert refusal_citations(d) == {f"{LAW} art. 4, II, {ali}"}


def test_art_4_ii_a_expired_crlv_is_refused(barra):
    d = ask(
        "apps.vehicle_eligibility",
        barra(dt.date(2026, 1, 1)),
        {**GOOD_CAR, "manufacture_year": 2020},
    )
    assert refusal_citations(d) == {f"{LAW} art. 4, II, a"}


@pytest.mark.parametrize("kind", ["motocicleta", "motoneta", "ciclomotor"])
def test_art_17_two_wheelers_are_refused(barra, kind):
    d = ask("apps.vehicle_eligibility", barra(ON), {**GOOD_CAR, "kind": kind})
    assert refusal_citations(d) == {f"{LAW} art. 17"}


def test_art_17_other_motor_vehicle_on_two_wheels_is_refused(barra):
    d = ask("apps.vehicle_eligibility", barra(ON), {**GOOD_CAR, "kind": "outro", "wheels": 2})
    assert refusal_citations(d) == {f"{LAW} art. 17"}


def test_art_17_other_vehicle_without_wheel_count_is_pending(barra):
    d = ask("apps.vehicle_eligibility", barra(ON), {**GOOD_CAR, "kind": "outro"})
    assert d.outcome == "pending"


@pytest.mark.parametrize("kind", ["automovel", "triciclo", "caminhonete"])
def test_art_17_vehicles_not_on_two_wheels_are_allowed(barra, kind):
    d = ask("apps.vehicle_eligibility", barra(ON), {**GOOD_CAR, "kind": kind})
    assert reason_of(d, "apps.art17.two_wheeler_ban").verdict is Verdict.OK


def test_art_17_refusal_cites_the_article(barra):
    d = ask("apps.vehicle_eligibility", barra(ON), {**GOOD_CAR, "kind": "motocicleta"})
    assert cite(LAW, 17) in reason_of(d, "apps.art17.two_wheeler_ban").citations


def test_art_4_ii_c_e_a_certidao_issued_too_long_ago_is_refused_at_registration(barra):
    """Art. 4, II ("exigir e manter atualizados"): a certidão given with its issue date is judged
    at registration by the same term as the periodic re-check (art. 27, example parameter): one
    issued long ago is refused, one issued within the term is taken; one given without a date is
    pending, as at the re-check (ADR 0081)."""
    old = {"negative": True, "issued_on": "2024-01-01"}
    d = ask("apps.driver_eligibility", barra(ON), driver(criminal_certificate=old))
    assert d.outcome == "refused"
    (refused,) = d.refusals
    assert refused.rule == "apps.art4.ii.c.criminal_certificate"
    assert "emitida em 01/01/2024, desatualizada" in refused.message
    assert {c.compact() for c in refused.citations} >= {
        "barra-do-garcas.apps-2025 art. 4, II, c",
        "barra-do-garcas.apps-2025 art. 27",
    }
    debt = ask("apps.driver_eligibility", barra(ON), driver(municipal_debt_certificate=old))
    assert [r.rule for r in debt.refusals] == ["apps.art4.ii.e.municipal_debt_clearance"]
    recent = {"negative": True, "issued_on": (ON - dt.timedelta(days=10)).isoformat()}
    fresh = driver(criminal_certificate=recent, municipal_debt_certificate=recent)
    assert ask("apps.driver_eligibility", barra(ON), fresh).outcome == "ok"
    undated = driver(criminal_certificate={"negative": True})
    assert ask("apps.driver_eligibility", barra(ON), undated).outcome == "pending"
