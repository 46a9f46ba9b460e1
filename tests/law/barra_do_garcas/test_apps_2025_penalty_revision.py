"""Art. 26, parágrafo único, with Lei 9.784/1999 by default (decision D-17): the authority that
decided may reconsider within 5 days of receiving the appeal before sending it up (art. 56 §1),
counted by D-4; the appeal may be granted in part (art. 64) — a fine reduced to more than zero and
less than the amount imposed, converted at the UPFBG of the day it was imposed (D-5)."""

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest

from outorga.law.context import Context, FiscalUnitValue
from outorga.law.decisions import Decision
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

LAW = "barra-do-garcas.apps-2025"
ART_56_1 = "federal.9784-1999 art. 56, §1"
ART_64 = "federal.9784-1999 art. 64"


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def reconsider(ctx: Context, filed: str, decided: str, result: str = "annul", **more: str):
    facts = {
        "by": "reconsideration",
        "appeal_filed_on": filed,
        "decided_on": decided,
        "result": result,
        **more,
    }
    return ask(f"{LAW}.penalty_revision", ctx, facts)


def partial(ctx: Context, new: str, by: str = "appeal", decided: str = "2026-10-09") -> Decision:
    return ask(
        f"{LAW}.penalty_revision",
        ctx,
        {
            "by": by,
            "appeal_filed_on": "2026-10-07",
            "decided_on": decided,
            "result": "partial",
            "imposed_on": "2026-09-20",
            "imposed_upfbg": "100",
            "new_upfbg": new,
        },
    )


def test_lei_9784_art_56_par_1_reconsideration_on_the_fifth_day_moved_past_a_holiday(barra):
    """Appeal received Wednesday 07/10/2026: the 5th day is Monday 12/10, a national holiday, so
    the last day to reconsider is Tuesday 13/10 (D-4)."""
    d = reconsider(barra(dt.date(2026, 10, 13)), "2026-10-07", "2026-10-13")
    assert d.outcome["allowed"] is True
    assert d.outcome["reconsider_until"] == dt.date(2026, 10, 13)
    assert ART_56_1 in {c.compact() for c in d.citations}
    assert "D-17" in d.to_text() or "decisão D-17" in d.to_text()


def test_lei_9784_art_56_par_1_reconsideration_the_day_after_is_refused_the_appeal_goes_up(
    barra,
):
    d = reconsider(barra(dt.date(2026, 10, 14)), "2026-10-07", "2026-10-14")
    assert d.outcome["allowed"] is False
    assert {ART_56_1, f"{LAW} art. 26, §único", "outorga.decisions art. D-4"} <= (
        refusal_citations(d)
    )
    assert "segue à autoridade superior" in d.to_text()


def test_lei_9784_art_56_par_1_a_regulation_sets_its_own_period(barra):
    ctx = barra(dt.date(2026, 10, 9))
    regulated = dataclasses.replace(
        ctx.municipality,
        overrides={
            "apps_2025.procedure_reconsideration_days": (
                DatedValue(
                    dt.date(2026, 1, 1), 2, reference="Decreto de teste", source="municipality"
                ),
            )
        },
    )
    d = reconsider(Context(regulated, ctx.as_of), "2026-10-07", "2026-10-09")
    assert d.outcome["allowed"] is True and d.outcome["reconsider_until"] == dt.date(2026, 10, 9)
    late = reconsider(Context(regulated, dt.date(2026, 10, 13)), "2026-10-07", "2026-10-13")
    assert late.outcome["allowed"] is False


def test_lei_9784_art_64_a_fine_reduced_in_part_at_the_upfbg_of_its_imposition(barra):
    # Demo UPFBG R$ 100,00 (example); 99,9999 UPFBG is the largest reduction below 100.
    d = partial(barra(dt.date(2026, 10, 9)), "99.9999")
    assert d.outcome["allowed"] is True
    assert d.outcome["new_amount_cents"] == 999_999
    assert ART_64 in {c.compact() for c in d.citations}
    assert "D-5" in d.to_text()


def test_lei_9784_art_64_the_upfbg_of_the_judgment_day_is_not_used(barra):
    ctx = barra(dt.date(2026, 10, 9))
    later = dataclasses.replace(
        ctx.municipality,
        fiscal_units=(
            *ctx.municipality.fiscal_units,
            FiscalUnitValue("UPFBG", Decimal("120.00"), dt.date(2026, 10, 1), "teste"),
        ),
    )
    d = partial(Context(later, ctx.as_of), "50")
    assert d.outcome["new_amount_cents"] == 500_000  # 50 × R$ 100,00 of 20/09, not R$ 120,00


def test_lei_9784_art_64_partial_provision_is_neither_the_whole_fine_nor_nothing(barra):
    ctx = barra(dt.date(2026, 10, 9))
    for new in ("100", "100.0001", "0"):
        d = partial(ctx, new)
        assert d.outcome["allowed"] is False, new
        assert ART_64 in refusal_citations(d)
    assert partial(ctx, "0.0001").outcome["new_amount_cents"] == 1


def test_reconsideration_in_part_needs_both_the_period_and_the_lower_amount(barra):
    ctx = barra(dt.date(2026, 10, 14))
    d = partial(ctx, "40", by="reconsideration", decided="2026-10-14")
    assert d.outcome["allowed"] is False
    assert ART_56_1 in refusal_citations(d) and ART_64 not in refusal_citations(d)


def judge(ctx: Context, decided: str, result: str = "confirm", **more: str) -> Decision:
    """The superior authority judging an appeal received 07/10/2026 (reconsider until 13/10)."""
    facts = {
        "by": "superior",
        "appeal_filed_on": "2026-10-07",
        "decided_on": decided,
        "result": result,
        **more,
    }
    return ask(f"{LAW}.penalty_revision", ctx, facts)


@pytest.mark.parametrize("decided", ["2026-10-07", "2026-10-09", "2026-10-13"])
def test_lei_9784_art_56_par_1_the_superior_does_not_judge_while_the_decider_may_reconsider(
    barra, decided
):
    """Received 07/10: until Tuesday 13/10 (the 5th day, Monday 12/10, is a holiday) the appeal
    is with the authority that decided; the superior one does not judge it yet."""
    d = judge(barra(dt.date(2026, 10, 13)), decided)
    assert d.outcome["allowed"] is False
    assert ART_56_1 in refusal_citations(d)
    (refused,) = d.refusals
    assert "13/10/2026" in refused.message


def test_lei_9784_art_56_par_1_the_superior_judges_the_day_after_the_period(barra):
    d = judge(barra(dt.date(2026, 10, 14)), "2026-10-14", result="annul")
    assert d.outcome["allowed"] is True and not d.refusals


def test_lei_9784_art_56_par_1_a_forwarded_appeal_is_judged_at_once(barra):
    """The deciding authority kept its decision on 09/10 and sent the appeal up: the superior
    authority judges it that day, before the period to reconsider would have ended."""
    d = judge(barra(dt.date(2026, 10, 9)), "2026-10-09", forwarded_on="2026-10-09")
    assert d.outcome["allowed"] is True
    d = judge(barra(dt.date(2026, 10, 9)), "2026-10-08", forwarded_on="2026-10-09")
    assert d.outcome["allowed"] is False and ART_56_1 in refusal_citations(d)


def test_lei_9784_art_56_par_1_an_appeal_without_a_superior_is_decided_at_once(barra):
    """A credential penalty is the Chief Executive's, with no superior (ADR 0030): ``appeal``."""
    d = ask(
        f"{LAW}.penalty_revision",
        barra(dt.date(2026, 10, 8)),
        {
            "by": "appeal",
            "appeal_filed_on": "2026-10-07",
            "decided_on": "2026-10-08",
            "result": "confirm",
        },
    )
    assert d.outcome["allowed"] is True


def revise(ctx: Context, result: str, **more: str) -> Decision:
    """The superior authority revising, on 14/10/2026, the decision appealed against on 07/10
    (the period to reconsider ended on 13/10)."""
    facts = {
        "by": "superior",
        "appeal_filed_on": "2026-10-07",
        "decided_on": "2026-10-14",
        "result": result,
        **more,
    }
    return ask(f"{LAW}.penalty_revision", ctx, facts)


@pytest.mark.parametrize("new_upfbg", [None, "40"])
def test_lei_9784_art_64_a_warning_judged_in_part_is_refused(barra, new_upfbg):
    """Art. 26 I: the written warning has no part to reduce — kept or annulled, never reformed in
    part, with or without an amount given."""
    more = {"new_upfbg": new_upfbg} if new_upfbg else {}
    d = revise(barra(dt.date(2026, 10, 14)), "partial", imposed_kind="warning", **more)
    assert d.outcome["allowed"] is False
    (refused,) = d.refusals
    assert refused.rule == "apps.art26.partial_provision_fine_only"
    assert refused.message == "Só a multa se reduz em parte; a advertência se mantém ou se anula."
    assert refused.citations[0].compact() == ART_64
    assert {ART_64, f"{LAW} art. 26, I"} <= refusal_citations(d)


@pytest.mark.parametrize("kind", ["warning", "fine"])
def test_lei_9784_art_64_a_warning_or_a_fine_is_kept_or_annulled_in_full(barra, kind):
    for result in ("confirm", "annul"):
        d = revise(barra(dt.date(2026, 10, 14)), result, imposed_kind=kind)
        assert d.outcome["allowed"] is True, (kind, result)


@pytest.mark.parametrize("by", ["reconsideration", "superior", "appeal"])
def test_lei_9784_art_64_a_total_provision_with_a_new_amount_is_refused(barra, by):
    """Granted in full the fine is annulled: a new amount is the measure of a provision in part."""
    d = ask(
        f"{LAW}.penalty_revision",
        barra(dt.date(2026, 10, 8)),
        {
            "by": by,
            "appeal_filed_on": "2026-10-07",
            "decided_on": "2026-10-08",
            "forwarded_on": "2026-10-08",
            "result": "annul",
            "imposed_kind": "fine",
            "imposed_on": "2026-09-20",
            "imposed_upfbg": "100",
            "new_upfbg": "40",
        },
    )
    assert d.outcome["allowed"] is False
    (refused,) = d.refusals
    assert refused.rule == "apps.art26.new_measure_only_in_part"
    assert (
        refused.message == "Provimento total anula a multa; para reduzi-la, dê provimento em parte."
    )
    assert refused.citations[0].compact() == ART_64
    assert d.outcome["new_upfbg"] is None and d.outcome["new_amount_cents"] is None


def test_lei_9784_art_64_a_dismissal_with_new_days_is_refused(barra):
    d = revise(barra(dt.date(2026, 10, 14)), "confirm", imposed_kind="credential_suspension")
    assert d.outcome["allowed"] is True
    d = ask(
        f"{LAW}.penalty_revision",
        barra(dt.date(2026, 10, 14)),
        {
            "by": "appeal",
            "appeal_filed_on": "2026-10-07",
            "decided_on": "2026-10-14",
            "result": "confirm",
            "imposed_kind": "credential_suspension",
            "new_days": 5,
        },
    )
    assert d.outcome["allowed"] is False
    (refused,) = d.refusals
    assert refused.message.startswith("Negar provimento mantém a penalidade")
    assert ART_64 in refusal_citations(d)


def test_lei_9784_art_64_a_fine_judged_in_part_is_reduced(barra):
    d = revise(
        barra(dt.date(2026, 10, 14)),
        "partial",
        imposed_kind="fine",
        imposed_on="2026-09-20",
        imposed_upfbg="100",
        new_upfbg="40",
    )
    assert d.outcome["allowed"] is True and not d.refusals
    assert d.outcome["new_upfbg"] == Decimal("40") and d.outcome["new_amount_cents"] == 400_000
    (reduced,) = (r for r in d.reasons if r.rule == "apps.art26.partial_provision")
    assert ART_64 in {c.compact() for c in reduced.citations}
