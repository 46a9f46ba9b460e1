"""Art. 26, IV with Lei 9.784/1999 art. 64 (decision D-17): what the platform's credential becomes
when the appeal against a measure of art. 26 IV is granted — in full (annulled) or in part (a
shorter suspension, or a cancellation turned into a suspension). A cancellation decided in another
case is "definitivo" and stays; a suspension another case imposed keeps running; otherwise the
credential is suspended until the new last day, or credentialed once that day has passed."""

import datetime as dt

from outorga.law.context import Context
from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import ask

LAW = "barra-do-garcas.apps-2025"
ON = dt.date(2026, 11, 20)


def after(ctx: Context, **facts: object) -> Decision:
    return ask(f"{LAW}.credential_after_revision", ctx, facts)


def rules(d: Decision) -> set[str]:
    return {r.rule for r in d.reasons}


def test_art_26_iv_a_suspensions_appeal_leaves_a_cancellation_of_another_case(barra):
    d = after(
        barra(ON),
        case_kind="credential_suspension",
        status="cancelled",
        suspension_of_another_case=False,
    )
    assert d.outcome["status"] == "cancelled" and d.outcome["suspended_until"] is None
    assert "apps.art26.iv.cancellation_definitive" in rules(d)
    assert f"{LAW} art. 26, IV" in {c.compact() for c in d.citations}
    assert not d.refusals


def test_art_26_iv_a_suspensions_partial_appeal_leaves_a_cancellation_of_another_case(barra):
    d = after(
        barra(ON),
        case_kind="credential_suspension",
        status="cancelled",
        suspension_of_another_case=False,
        revised_until="2026-12-01",
    )
    assert (d.outcome["status"], d.outcome["suspended_until"]) == ("cancelled", None)


def test_art_26_iv_the_cancellations_own_appeal_undoes_it(barra):
    d = after(
        barra(ON),
        case_kind="credential_cancellation",
        status="cancelled",
        suspension_of_another_case=False,
    )
    assert (d.outcome["status"], d.outcome["suspended_until"]) == ("credentialed", None)
    assert "apps.art26.iv.cancellation_definitive" not in rules(d)


def test_lei_9784_art_64_a_cancellation_turned_into_a_suspension_runs_to_its_last_day(barra):
    d = after(
        barra(ON),
        case_kind="credential_cancellation",
        status="cancelled",
        suspension_of_another_case=False,
        revised_until="2026-12-01",
    )
    assert (d.outcome["status"], d.outcome["suspended_until"]) == (
        "suspended",
        dt.date(2026, 12, 1),
    )


def test_art_26_iv_a_suspension_another_case_imposed_keeps_running(barra):
    d = after(
        barra(ON),
        case_kind="credential_suspension",
        status="suspended",
        suspended_until="2026-12-18",
        suspension_of_another_case=True,
    )
    assert (d.outcome["status"], d.outcome["suspended_until"]) == (
        "suspended",
        dt.date(2026, 12, 18),
    )
    assert "apps.art26.iv.another_case_suspension_kept" in rules(d)


def test_lei_9784_art_64_a_shorter_suspension_ending_on_the_decision_day_still_runs(barra):
    d = after(
        barra(ON),
        case_kind="credential_suspension",
        status="suspended",
        suspended_until="2026-12-18",
        suspension_of_another_case=False,
        revised_until=ON.isoformat(),
    )
    assert (d.outcome["status"], d.outcome["suspended_until"]) == ("suspended", ON)


def test_lei_9784_art_64_a_shorter_suspension_over_the_day_before_restores_the_credential(barra):
    d = after(
        barra(ON),
        case_kind="credential_suspension",
        status="suspended",
        suspended_until="2026-12-18",
        suspension_of_another_case=False,
        revised_until=(ON - dt.timedelta(days=1)).isoformat(),
    )
    assert (d.outcome["status"], d.outcome["suspended_until"]) == ("credentialed", None)
    (restored,) = [r for r in d.reasons if r.rule == "apps.art26.iv.credential_after_revision"]
    assert restored.verdict is Verdict.INFO


def test_art_26_iv_an_annulled_suspension_restores_the_credential(barra):
    d = after(
        barra(ON),
        case_kind="credential_suspension",
        status="suspended",
        suspended_until="2026-12-18",
        suspension_of_another_case=False,
    )
    assert (d.outcome["status"], d.outcome["suspended_until"]) == ("credentialed", None)
