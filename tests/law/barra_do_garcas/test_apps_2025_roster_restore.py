"""Art. 26, IV with art. 3 §2 and Lei 9.784/1999 art. 53, 64 (D-17): whether a driver the
cancellation disabled returns to the roster once it is annulled — the base rule, the exceptions of
what happened since (the platform's own deactivation, already back), then a registration's
requirements (art. 4, art. 17) and the caps (art. 3 §2) on the annulment's day."""

import datetime as dt

from outorga.law.decisions import Decision
from outorga.law.questions import ask

QID = "barra-do-garcas.apps-2025.roster_restore"
ANNULLED_ON = dt.date(2026, 11, 5)


def citations(d: Decision) -> set[str]:
    return {c.compact() for c in d.citations}


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def restore(barra, on=ANNULLED_ON, cnh_until="2027-06-30", **over):  # type: ignore[no-untyped-def]
    facts = {
        "measure": "annulled",
        "disabled_by_measure": True,
        "since": [],
        "driver": {
            "cnh": {"category": "B", "ear": True, "valid_until": cnh_until},
            "criminal_certificate": {"negative": True, "issued_on": "2026-10-20"},
            "municipal_debt_certificate": {"negative": True, "issued_on": "2026-10-20"},
            "inss_registration": {},
        },
        "vehicle": {
            "kind": "automovel",
            "manufacture_year": 2023,
            "crlv": {"valid_until": "2027-06-30"},
            "app_insurance": {"valid_until": "2027-06-30"},
            "dpvat": {},
        },
        "roster": {"platform_roster": 10, "municipality_roster": 100},
        **over,
    }
    return ask(QID, barra(on), facts)


def test_lei_9784_art_53_the_driver_the_annulled_cancellation_disabled_returns(barra):
    d = restore(barra)
    assert d.outcome == {"returns": True, "already": False}
    cited = citations(d)
    assert {
        "barra-do-garcas.apps-2025 art. 26, IV",
        "barra-do-garcas.apps-2025 art. 3, §2",
        "federal.9784-1999 art. 53",
    } <= cited


def test_lei_9784_art_64_a_cancellation_turned_into_a_suspension_gives_the_driver_back(barra):
    d = restore(barra, measure="reduced_to_suspension")
    assert d.outcome["returns"] is True
    assert "federal.9784-1999 art. 64" in citations(d)


def test_art_26_iv_a_driver_not_disabled_by_the_cancellation_does_not_return(barra):
    d = restore(barra, disabled_by_measure=False)
    assert d.outcome == {"returns": False, "already": False}
    assert [r.rule for r in d.refusals] == ["apps.art26.iv.roster_restore"]
    # Its documents are not even looked at: nothing of the cancellation's to give back.
    assert not any(r.rule.startswith("apps.art4") for r in d.reasons)


def test_art_3_par_2_a_driver_the_platform_disabled_since_stays_disabled(barra):
    d = restore(barra, since=["restored", "platform_disabled"])
    assert d.outcome == {"returns": False, "already": False}
    [refusal] = d.refusals
    assert refusal.rule == "apps.art26.iv.roster_restore.platform_disabled_since"
    assert "barra-do-garcas.apps-2025 art. 3, §2" in refusal_citations(d)


def test_art_26_iv_a_driver_already_back_has_nothing_to_be_given_back(barra):
    for since in (["restored"], ["on_roster"], ["on_roster", "platform_disabled"]):
        d = restore(barra, since=since)
        assert d.outcome == {"returns": False, "already": True}, since


def test_art_4_ii_b_a_cnh_valid_through_the_annulment_day_returns(barra):
    assert restore(barra, cnh_until=ANNULLED_ON.isoformat()).outcome["returns"] is True


def test_art_4_ii_b_a_cnh_lapsed_the_day_before_the_annulment_does_not_return(barra):
    d = restore(barra, cnh_until=(ANNULLED_ON - dt.timedelta(days=1)).isoformat())
    assert d.outcome == {"returns": False, "already": False}
    assert "barra-do-garcas.apps-2025 art. 4, II, b" in refusal_citations(d)


def test_art_3_par_2_no_place_left_in_the_municipality_does_not_return(barra):
    d = restore(barra, roster={"platform_roster": 10, "municipality_roster": 500})
    assert d.outcome["returns"] is False
    assert "barra-do-garcas.apps-2025 art. 3, §2" in refusal_citations(d)


def test_art_3_par_2_the_last_place_in_the_municipality_is_enough(barra):
    d = restore(barra, roster={"platform_roster": 10, "municipality_roster": 499})
    assert d.outcome["returns"] is True
