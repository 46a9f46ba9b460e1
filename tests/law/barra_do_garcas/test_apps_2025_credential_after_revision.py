"""Art. 26, IV with Lei 9.784/1999 art. 64 (decision D-17): what the platform's credential becomes
when the appeal against a measure of art. 26 IV is granted — in full (annulled) or in part (a
shorter suspension, or a cancellation turned into a suspension). A cancellation decided in another
case is "definitivo" and stays; a suspension another case imposed keeps running; otherwise the
credential is suspended until the new last day, or credentialed once that day has passed."""

import dataclasses
import datetime as dt

from outorga.law.context import Context, RuleSuspension
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


# --- art. 3, §1 with Lei 9.784/1999 art. 53: the place of a credential given back (ADR 0064) ------


def cancellation_undone(ctx: Context, others: int, **facts: object) -> Decision:
    return after(
        ctx,
        case_kind="credential_cancellation",
        status="cancelled",
        suspension_of_another_case=False,
        credentialed_platforms=others,
        **facts,
    )


def cap_reason(d: Decision):  # type: ignore[no-untyped-def]
    (found,) = [r for r in d.reasons if r.rule == "apps.art3.platform_cap"]
    return found


def test_art_3_1_lei_9784_art_53_an_annulled_cancellation_with_9_others_is_the_10th(barra):
    d = cancellation_undone(barra(ON), 9)
    assert d.outcome["status"] == "credentialed" and d.outcome["over_platform_cap"] is False
    r = cap_reason(d)
    assert r.verdict is Verdict.OK and r.parameters[0].value == 10
    assert not d.refusals


def test_art_3_1_lei_9784_art_53_an_annulled_cancellation_with_10_others_is_restored_and_reported(
    barra,
):
    d = cancellation_undone(barra(ON), 10)
    # The annulment is not refused: the credential was never lawfully lost (art. 53, ex tunc).
    assert d.outcome["status"] == "credentialed" and d.outcome["over_platform_cap"] is True
    reported_one_over(d)


def reported_one_over(d: Decision) -> None:
    """``d`` refuses nothing and its cap's reason reports 11 platforms, one over the cap of 10,
    citing art. 3 §1 and Lei 9.784/1999 art. 53 (ADR 0064)."""
    assert not d.refusals
    r = cap_reason(d)
    assert r.verdict is Verdict.INFO and r.facts["acima_do_limite"] == 1
    assert r.parameters[0].value == 10 and "11 plataformas" in r.message
    cited = {c.compact() for c in r.citations}
    assert f"{LAW} art. 3, §1" in cited and "federal.9784-1999 art. 53" in cited


def test_art_3_1_lei_9784_art_64_a_cancellation_turned_into_a_suspension_keeps_its_place(barra):
    d = cancellation_undone(barra(ON), 10, revised_until="2026-12-01")
    assert d.outcome["status"] == "suspended" and d.outcome["over_platform_cap"] is True


def test_art_3_1_the_cap_is_not_read_when_the_credential_does_not_come_back(barra):
    d = after(
        barra(ON),
        case_kind="credential_suspension",
        status="cancelled",
        suspension_of_another_case=False,
        credentialed_platforms=10,
    )
    assert d.outcome["status"] == "cancelled" and "over_platform_cap" not in d.outcome
    assert "apps.art3.platform_cap" not in rules(d)


def test_d_16_art_3_1_a_suspended_cap_reports_no_excess(barra):
    ctx = barra(ON)
    facts = dataclasses.replace(
        ctx.municipality,
        suspensions=(
            RuleSuspension("apps.art3.platform_cap", dt.date(2026, 3, 10), None, "TJMT (teste)"),
        ),
    )
    d = cancellation_undone(Context(facts, ON), 10)
    assert d.outcome["over_platform_cap"] is False
    assert cap_reason(d).verdict is Verdict.SUSPENDED
