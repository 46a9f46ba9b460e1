"""Art. 3, §1 read over the credentials in force (ADR 0064): after a cancellation was annulled, the
platforms holding a credential — the one given back among them — may exceed the cap of 10; the law
says so (``INFO``, never a refusal: nothing is undone here, D-3), citing art. 3 §1 and Lei
9.784/1999 art. 53. From the day a court suspends the cap (D-16) the rule is not applied: no
excess is reported, and the decision says so and cites the suspension."""

import dataclasses
import datetime as dt

from test_apps_2025_credential_after_revision import cap_reason, reported_one_over

from outorga.law.citations import decision
from outorga.law.context import Context, RuleSuspension
from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import ask

LAW = "barra-do-garcas.apps-2025"
ON = dt.date(2026, 11, 20)
SUSPENDED_FROM = dt.date(2026, 11, 20)
COURT = "TJMT, agravo de instrumento (exemplo de teste)"
RULE = "apps.art3.platform_cap"


def over_cap(ctx: Context, holding: int) -> Decision:
    return ask(f"{LAW}.platforms_over_cap", ctx, {"credentialed_platforms": holding})


def with_the_cap_suspended(ctx: Context, on: dt.date) -> Context:
    facts = dataclasses.replace(
        ctx.municipality, suspensions=(RuleSuspension(RULE, SUSPENDED_FROM, None, COURT),)
    )
    return Context(facts, on)


def test_art_3_1_ten_platforms_holding_a_credential_are_within_the_cap(barra):
    d = over_cap(barra(ON), 10)
    assert d.outcome == {"over_platform_cap": False, "platforms": 10, "cap": 10}
    assert cap_reason(d).verdict is Verdict.OK
    assert not d.refusals


def test_art_3_1_lei_9784_art_53_eleven_are_over_the_cap_and_reported_never_refused(barra):
    d = over_cap(barra(ON), 11)
    assert d.outcome == {"over_platform_cap": True, "platforms": 11, "cap": 10}
    reported_one_over(d)


def test_d16_art_3_1_from_the_day_a_court_suspends_the_cap_no_excess_is_reported(barra):
    d = over_cap(with_the_cap_suspended(barra(ON), SUSPENDED_FROM), 11)
    assert d.outcome["over_platform_cap"] is False
    assert cap_reason(d).verdict is Verdict.SUSPENDED
    assert decision(16, note=f"regra suspensa: {COURT}") in d.citations
    # The day before the suspension, the cap applies and the excess is reported.
    day_before = SUSPENDED_FROM - dt.timedelta(days=1)
    d = over_cap(with_the_cap_suspended(barra(ON), day_before), 11)
    assert d.outcome["over_platform_cap"] is True
