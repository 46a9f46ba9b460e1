"""Art. 26, III (seizure of the vehicle used in the irregular service) and its release on the
regulation's conditions (art. 27, example values), the auto's process deadlines (art. 26,
parágrafo único; D-4, D-17), and art. 26, IV: the suspension's period, the recurrence and the
gravity the authority weighs, and the credential's standing that stops the platform."""

import datetime as dt

import pytest

from outorga.law.decisions import Decision, Verdict
from outorga.law.interfaces import procedure
from outorga.law.questions import ask

LAW = "barra-do-garcas.apps-2025"
SEIZED = dt.date(2026, 4, 6)  # a Monday


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def release(ctx, *charges, **more):
    facts = {
        "grounds": "sem_permissao",
        "seized_on": SEIZED.isoformat(),
        "fine_paid": False,
        "charges": [{"kind": k, "amount_cents": c, "paid": p} for k, c, p in charges],
        **more,
    }
    return ask(f"{LAW}.seizure_release", ctx, facts)


# --- art. 26, III --------------------------------------------------------------------------------


def test_art_26_iii_the_auto_for_irregular_service_seizes_and_admits_no_warning():
    kind = procedure(LAW).unlicensed
    assert kind is not None and kind.seizure is True
    assert "art. 26, III" in kind.citation
    assert procedure(LAW).unlicensed_admits_warning is False


def test_art_26_iii_release_once_the_regulations_charges_are_paid(barra):
    d = release(barra(SEIZED), ("remocao", 15_000, True), ("estadia", 6_000, True))
    assert d.outcome == {"may_release": True, "fine_cents": 0, "outstanding_cents": 0}
    conditions = next(r for r in d.reasons if r.rule == "apps.art26.iii.release_conditions")
    # The law is silent; the conditions are the regulation's (art. 27), shipped as an example.
    assert {c.compact() for c in conditions.citations} == {f"{LAW} art. 26, III", f"{LAW} art. 27"}
    assert conditions.parameters[0].example is True and "valor de exemplo" in conditions.message


def test_art_26_iii_release_refused_while_storage_is_open_naming_it(barra):
    d = release(barra(SEIZED), ("remocao", 15_000, True), ("estadia", 6_000, False))
    assert d.outcome["may_release"] is False and d.outcome["outstanding_cents"] == 6_000
    assert refusal_citations(d) == {f"{LAW} art. 26, III", f"{LAW} art. 27"}
    assert "estadia R$ 60,00" in " ".join(r.message for r in d.refusals)


def test_art_26_iii_release_pending_when_a_required_charge_is_not_stated(barra):
    d = release(barra(SEIZED), ("remocao", 15_000, True))
    assert d.outcome["may_release"] is False
    assert any(r.verdict is Verdict.PENDING for r in d.reasons)


def test_art_26_ii_iii_the_fine_is_not_a_condition_of_the_release(barra):
    d = release(barra(SEIZED), ("remocao", 0, True), ("estadia", 0, True), appeal_pending=True)
    assert d.outcome["may_release"] is True and d.outcome["fine_cents"] == 0
    fine = ask(
        f"{LAW}.fine",
        barra(SEIZED),
        {
            "infractions": [{"code": "prestacao_irregular", "committed_on": "2026-04-06"}],
            "imposed_on": "2026-04-20",
        },
    )
    assert fine.outcome["total_cents"] == 0
    assert f"{LAW} art. 26, II" in {c.compact() for c in fine.citations}


def test_art_26_ii_the_seizure_auto_says_the_maximum_fine_in_force_on_the_day_of_the_infraction():
    """The auto's note that the fine is chosen in its own process says the maximum of art. 26, II
    in force on the day of the infraction (D-15), never a number written in its text: a dated
    value (a test value, not the law's) changes it on the day it takes effect, not the day before."""
    import dataclasses

    from outorga.demo import BARRA_DO_GARCAS
    from outorga.law.context import Context
    from outorga.law.parameters import DatedValue

    def said(overrides: dict, committed_on: dt.date) -> str:  # type: ignore[type-arg]
        law = dataclasses.replace(BARRA_DO_GARCAS, overrides=overrides)
        on = committed_on.isoformat()
        facts = {"infractions": [{"code": "prestacao_irregular", "committed_on": on}],
                 "imposed_on": on}  # fmt: skip
        fine = ask(f"{LAW}.fine", Context(law, committed_on), facts)
        (note,) = [r for r in fine.reasons if r.rule == "apps.art26.ii.fine_apart"]
        return note.message

    assert "a multa de até 500 UPFBG (art. 26, II)" in said({}, SEIZED)
    changed = {  # a test value, not the law's
        "apps_2025.fine_max_upfbg": (
            DatedValue(dt.date(2026, 5, 1), 800, True, None, "municipality"),
        )
    }
    assert "a multa de até 500 UPFBG" in said(changed, dt.date(2026, 4, 30))  # the day before
    assert "a multa de até 800 UPFBG (art. 26, II)" in said(changed, dt.date(2026, 5, 1))


def test_art_29_a_seizure_before_the_law_is_not_governed_by_it(barra):
    d = release(
        barra(dt.date(2025, 5, 20)),
        ("remocao", 0, True),
        ("estadia", 0, True),
        seized_on="2025-05-15",
    )
    assert d.outcome["may_release"] is False
    assert refusal_citations(d) == {f"{LAW} art. 29", "outorga.decisions art. D-15"}


# --- art. 26, parágrafo único: the auto's process (D-4, D-17) -------------------------------------


def test_art_26_sole_defence_against_the_auto_ten_days_from_the_signature(barra):
    d = ask(
        f"{LAW}.appeal_deadline",
        barra(SEIZED),
        {"stage": "defesa", "notice": {"form": "pessoal", "signed_on": "2026-04-06"}},
    )
    assert d.outcome["deadline"] == dt.date(2026, 4, 16)
    assert "outorga.decisions art. D-17" in {c.compact() for c in d.citations}


@pytest.mark.parametrize(("filed", "in_time"), [("2026-04-16", True), ("2026-04-17", False)])
def test_art_26_sole_defence_on_the_last_day_is_in_time_the_day_after_is_not(barra, filed, in_time):
    d = ask(
        f"{LAW}.appeal_deadline",
        barra(SEIZED),
        {
            "stage": "defesa",
            "notice": {"form": "pessoal", "signed_on": "2026-04-06"},
            "filed_on": filed,
        },
    )
    assert d.outcome["filed_in_time"] is in_time


def test_art_26_sole_notice_without_its_date_is_pending(barra):
    d = ask(
        f"{LAW}.appeal_deadline", barra(SEIZED), {"stage": "recurso", "notice": {"form": "postal"}}
    )
    assert d.outcome == {} and any(r.verdict is Verdict.PENDING for r in d.reasons)


# --- art. 26, IV ---------------------------------------------------------------------------------

PROPOSAL = {
    "offender": "platform",
    "infraction_on": "2026-01-05",
    "prior_occurrences": 2,
    "defence_notice_on": "2026-02-02",
}
DECIDED = dt.date(2026, 4, 10)


def credential(ctx, **facts):
    return ask(f"{LAW}.penalty", ctx, {**PROPOSAL, **facts})


def test_art_26_iv_suspension_of_30_days_ends_on_the_29th_day_after_the_decision(barra):
    d = credential(
        barra(DECIDED),
        penalty="credential_suspension",
        gravity="Três relatórios mensais omitidos.",
        suspension_days=30,
    )
    assert d.outcome["allowed"] is True
    assert d.outcome["suspended_until"] == dt.date(2026, 5, 9)


def test_art_26_iv_suspension_without_its_days_is_pending(barra):
    d = credential(barra(DECIDED), penalty="credential_suspension", gravity="Grave.")
    assert d.outcome["allowed"] is False and not d.refusals


@pytest.mark.parametrize("kind", ["credential_suspension", "credential_cancellation"])
def test_art_26_iv_gravity_is_the_authoritys_reasoned_judgment_never_a_number(barra, kind):
    d = credential(barra(DECIDED), penalty=kind, suspension_days=10)
    assert d.outcome["allowed"] is False and not d.refusals
    gravity = next(r for r in d.reasons if r.rule == "apps.art26.iv.gravity")
    assert gravity.verdict is Verdict.PENDING
    assert "federal.9784-1999 art. 50, II" in {c.compact() for c in gravity.citations}
    d = credential(barra(DECIDED), penalty=kind, suspension_days=10, gravity="Fraude no relatório.")
    gravity = next(r for r in d.reasons if r.rule == "apps.art26.iv.gravity")
    assert gravity.verdict is Verdict.OK and "Fraude no relatório." in gravity.message


def test_art_26_iv_recurrence_is_the_count_of_established_occurrences(barra):
    occurrences = [
        {
            "id": "penalidade 1",
            "kind": "penalty",
            "on": "2025-10-01",
            "status": "final",
            "final_on": "2025-11-14",
        },
        {"id": "penalidade 2", "kind": "penalty", "on": "2025-11-01", "status": "annulled"},
        {"id": "processo 3", "kind": "proposal", "on": "2025-12-01", "status": "rejected"},
    ]
    facts = {k: v for k, v in PROPOSAL.items() if k != "prior_occurrences"}
    d = ask(
        f"{LAW}.penalty",
        barra(DECIDED),
        {**facts, "occurrences": occurrences, "penalty": "credential_cancellation", "gravity": "x"},
    )
    recurrence = next(r for r in d.reasons if r.rule == "apps.art26.iv.recurrence")
    assert recurrence.facts["ocorrências_anteriores"] == 1


@pytest.mark.parametrize(
    ("status", "until", "on", "may"),
    [
        ("suspended", "2026-05-09", dt.date(2026, 5, 9), False),  # the last day still stops
        ("suspended", "2026-05-09", dt.date(2026, 5, 10), True),  # the day after it operates
        ("cancelled", None, dt.date(2030, 1, 1), False),  # cancellation is definitive
        ("credentialed", None, dt.date(2026, 5, 9), True),
    ],
)
def test_art_26_iv_a_suspended_or_cancelled_credential_stops_the_platform(
    barra, status, until, on, may
):
    facts = {"status": status, "act": "roster", **({"suspended_until": until} if until else {})}
    d = ask(f"{LAW}.credential_standing", barra(on), facts)
    assert d.outcome["may_operate"] is may
    if not may:
        assert refusal_citations(d) == {f"{LAW} art. 3", f"{LAW} art. 26, IV"}


def test_art_26_ii_an_infraction_before_the_law_names_no_maximum_and_still_charges_no_fine(barra):
    """The seizure auto's fine question answers for an infraction dated before the law took
    effect (16/05/2025) too, as it did before it named the maximum: no amount, and no maximum of
    a law not yet in force."""
    for day in (dt.date(2020, 1, 1), dt.date(2025, 5, 15)):
        on = day.isoformat()
        facts = {"infractions": [{"code": "prestacao_irregular", "committed_on": on}],
                 "imposed_on": on}  # fmt: skip
        fine = ask(f"{LAW}.fine", barra(day), facts)
        assert fine.outcome == {"total_cents": 0, "items": []}
        (note,) = [r for r in fine.reasons if r.rule == "apps.art26.ii.fine_apart"]
        assert "UPFBG" not in note.message and "não cobra multa" in note.message
