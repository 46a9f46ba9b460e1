"""Art. 10 (terms, counterpart, D-12 instalments), art. 13 (Termo, caducidade, transfer), art. 14
(cassação) and art. 15 (extinction) of the Ipatinga taxi law."""

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from outorga.demo import IPATINGA
from outorga.law.context import Context
from outorga.law.decisions import Decision, Verdict
from outorga.law.ipatinga.taxi_2017 import EXTINCTION_CAUSES, instalment_plan
from outorga.law.questions import ask
from outorga.law.windows import add_months

ON = dt.date(2024, 3, 1)


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def all_citations(d: Decision) -> set[str]:
    return {c.compact() for c in d.citations}


def counterpart(ipatinga, **facts):
    base = {"option": "I", "mode": "pagamento", "signed_on": "2024-01-31"}
    return ask("taxi.contrapartida", ipatinga(ON), {**base, **facts})


# --- art. 10: terms and counterpart ------------------------------------------------------------------


def test_art_10_i_a_ten_years_for_3000_in_18_instalments(ipatinga):
    d = counterpart(ipatinga, instalments=18)
    assert d.outcome["term_years"] == 10
    assert d.outcome["term_ends_on"] == dt.date(2034, 1, 31)
    assert d.outcome["total_cents"] == 300_000
    amounts = [i["amount_cents"] for i in d.outcome["instalments"]]
    assert len(amounts) == 18 and sum(amounts) == 300_000
    assert amounts[0] == 16_666 + 12 and set(amounts[1:]) == {16_666}
    assert not d.refusals


def test_art_10_i_a_nineteen_instalments_are_refused(ipatinga):
    d = counterpart(ipatinga, instalments=19)
    assert "ipatinga.taxi-2017 art. 10, I, a" in refusal_citations(d)
    assert d.outcome["instalments"] == []


def test_art_10_ii_a_twenty_years_for_6000_in_36_instalments(ipatinga):
    d = counterpart(ipatinga, option="II", instalments=36)
    assert (d.outcome["term_years"], d.outcome["total_cents"]) == (20, 600_000)
    assert len(d.outcome["instalments"]) == 36 and not d.refusals


def test_art_10_ii_a_thirty_seven_instalments_are_refused(ipatinga):
    d = counterpart(ipatinga, option="II", instalments=37)
    assert {
        "ipatinga.taxi-2017 art. 10, II, a",
        "outorga.decisions art. D-12",
    } <= refusal_citations(d)


@pytest.mark.parametrize(("option", "cents"), [("I", 400_000), ("II", 900_000)])
def test_art_10_b_services_counterpart_depends_on_the_executive(ipatinga, option, cents):
    d = counterpart(ipatinga, option=option, mode="servicos")
    assert d.outcome["total_cents"] == cents and d.outcome["instalments"] == []
    pending = [r for r in d.reasons if r.verdict is Verdict.PENDING]
    assert "ipatinga.taxi-2017 art. 10, §único" in {c.compact() for c in pending[0].citations}


def test_d_12_first_instalment_due_30_days_after_signing_then_monthly(ipatinga):
    d = counterpart(ipatinga, signed_on="2024-01-01", instalments=3)
    dues = [i["due_on"] for i in d.outcome["instalments"]]
    # 31/01 + 1 month = 29/02 (leap year), + 2 months = 31/03: counted from the first due date.
    assert dues == [dt.date(2024, 1, 31), dt.date(2024, 2, 29), dt.date(2024, 3, 31)]
    assert "outorga.decisions art. D-12" in all_citations(d)


def test_d_12_single_instalment_is_the_whole_amount(ipatinga):
    d = counterpart(ipatinga, instalments=1)
    assert [i["amount_cents"] for i in d.outcome["instalments"]] == [300_000]


def test_art_49_termo_signed_before_the_law_is_refused(ipatinga):
    d = counterpart(ipatinga, signed_on="2017-09-27")
    assert "ipatinga.taxi-2017 art. 49" in refusal_citations(d)
    assert not counterpart(ipatinga, signed_on="2017-09-28").refusals


@given(
    total=st.integers(0, 10_000_000),
    count=st.integers(1, 36),
    signed=st.dates(dt.date(2017, 9, 28), dt.date(2040, 12, 31)),
)
def test_d_12_property_instalments_sum_to_total_and_differ_at_most_by_the_remainder(
    total, count, signed
):
    plan = instalment_plan(total, count, signed, 30)
    amounts = [i.amount_cents for i in plan]
    assert sum(amounts) == total
    assert max(amounts) - min(amounts) <= total % count
    assert plan[0].due_on == signed + dt.timedelta(days=30)
    assert [i.due_on for i in plan] == [add_months(plan[0].due_on, k) for k in range(count)]
    assert all(a.due_on < b.due_on for a, b in zip(plan, plan[1:], strict=False))


@given(count=st.integers(1, 18))
def test_d_12_property_any_count_within_the_limit_is_accepted(count):
    d = ask(
        "taxi.contrapartida",
        Context(IPATINGA, ON),
        {"option": "I", "mode": "pagamento", "signed_on": "2024-05-31", "instalments": count},
    )
    assert not d.refusals
    assert sum(i["amount_cents"] for i in d.outcome["instalments"]) == 300_000


# --- art. 13: Termo renewed yearly up to the term, else caducidade ---------------------------------


def termo(ipatinga, on, **facts):
    base = {"signed_on": "2020-03-10", "option": "I"}
    return ask("taxi.permit_term", ipatinga(on), {**base, **facts})


def test_art_13_termo_renewable_on_its_last_valid_day(ipatinga):
    d = termo(ipatinga, dt.date(2024, 3, 10), last_renewed_on="2023-03-10")
    assert d.outcome["renewable"] is True
    assert d.outcome["next_valid_until"] == dt.date(2025, 3, 10)
    assert not d.refusals


def test_art_13_termo_not_renewed_in_time_leads_to_caducidade_proposal(ipatinga):
    d = termo(ipatinga, dt.date(2024, 3, 11), last_renewed_on="2023-03-10")
    assert d.outcome["caducidade_proposal"] is True and d.outcome["renewable"] is False
    assert {
        "ipatinga.taxi-2017 art. 13",
        "ipatinga.taxi-2017 art. 15, VIII",
        "outorga.decisions art. D-3",
    } <= refusal_citations(d)
    assert d.outcome["decided_by"] == ["chefe_executivo"]


def test_art_13_first_year_counts_from_the_signing(ipatinga):
    assert termo(ipatinga, dt.date(2021, 3, 10)).outcome["renewable"] is True
    assert termo(ipatinga, dt.date(2021, 3, 11)).outcome["caducidade_proposal"] is True


def test_art_13_termo_renewed_yearly_not_years_ahead(ipatinga):
    """Art. 13: "renovado anualmente" — a Termo already valid for a full year from the day asked
    (renewed for the coming year) has nothing to renew: renewing it again the same day would run it
    years ahead, up to the term, without the yearly renewal."""
    d = termo(ipatinga, dt.date(2020, 6, 1), last_renewed_on="2021-03-10")
    assert d.outcome["renewable"] is False and d.outcome["next_valid_until"] is None
    assert "ipatinga.taxi-2017 art. 13" in refusal_citations(d)
    assert not d.outcome["caducidade_proposal"]
    # A day short of a full year ahead, the renewal is due as before.
    d = termo(ipatinga, dt.date(2021, 3, 10), last_renewed_on="2021-03-10")
    assert d.outcome["renewable"] is False
    d = termo(ipatinga, dt.date(2021, 3, 11), last_renewed_on="2021-03-10")
    assert d.outcome["renewable"] is True
    assert d.outcome["next_valid_until"] == dt.date(2023, 3, 10)


def test_art_13_a_termo_valid_a_period_ahead_says_the_period_in_force_on_the_day():
    """Art. 13: "renovado anualmente" — a Termo already valid for a full period ahead has nothing
    to renew; the refusal says the period of the parameter in force when it was signed, never "o
    ano seguinte" while another is: a dated value (a test value, not the law's) changes it for a
    Termo signed on the day it takes effect and not the day before."""
    import dataclasses

    from outorga.demo import IPATINGA
    from outorga.law.context import Context
    from outorga.law.parameters import DatedValue

    two = {  # a test value, not the law's
        "taxi_2017.termo_renewal_years": (
            DatedValue(dt.date(2020, 3, 10), 2, True, None, "municipality"),
        )
    }

    def said(signed_on: str) -> str:
        ctx = Context(dataclasses.replace(IPATINGA, overrides=two), dt.date(2020, 6, 1))
        facts = {"signed_on": signed_on, "option": "I", "last_renewed_on": "2021-03-10"}
        d = ask("taxi.permit_term", ctx, facts)
        (r,) = [r for r in d.refusals if r.rule == "taxi_2017.art_13_yearly_not_ahead"]
        return r.message

    assert "já foi renovado para o ano seguinte; não há" in said("2020-03-09")  # the day before
    assert "já foi renovado para os 2 anos seguintes; não há" in said("2020-03-10")


def test_art_13_last_period_ends_with_the_term(ipatinga):
    d = termo(ipatinga, dt.date(2030, 3, 10), last_renewed_on="2029-03-10")
    assert d.outcome["renewable"] is False and not d.refusals
    assert d.outcome["term_ends_on"] == dt.date(2030, 3, 10)


def test_art_15_iv_after_the_term_the_termo_is_not_renewed(ipatinga):
    d = termo(ipatinga, dt.date(2030, 3, 11), last_renewed_on="2029-03-10")
    assert d.outcome["extinct_by_term"] is True
    assert "ipatinga.taxi-2017 art. 15, IV" in refusal_citations(d)


def test_art_10_ii_twenty_year_termo_runs_to_2040(ipatinga):
    d = termo(ipatinga, dt.date(2031, 1, 1), option="II", last_renewed_on="2030-03-10")
    assert d.outcome["term_ends_on"] == dt.date(2040, 3, 10) and d.outcome["renewable"] is True


# --- art. 13 §único, art. 14: transfer -----------------------------------------------------------


@pytest.mark.parametrize("event", ["falecimento", "incapacidade"])
def test_art_13_sole_paragraph_transfer_on_death_or_incapacity_of_natural_person(ipatinga, event):
    d = ask(
        "taxi.permit_transfer",
        ipatinga(ON),
        {"holder_kind": "pessoa_fisica", "event": event},
    )
    assert d.outcome == {"transferable": True, "cassacao_proposal": False}
    assert "ipatinga.taxi-2017 art. 13, §único" in all_citations(d)


def test_art_13_sole_paragraph_company_permission_is_not_transferable(ipatinga):
    d = ask(
        "taxi.permit_transfer",
        ipatinga(ON),
        {"holder_kind": "pessoa_juridica", "event": "falecimento"},
    )
    assert d.outcome["transferable"] is False
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 13, §único"}


@pytest.mark.parametrize("event", ["falecimento", "incapacidade"])
def test_art_14_a_company_s_permission_already_passed_on_a_death_is_a_clandestine_transfer(
    ipatinga, event
):
    """Art. 13 admits the transfer on a death or incapacity only for a natural person: a
    company's permission already passed on one is a transfer without legal basis (art. 14), said
    as a transfer — not "Houve falecimento da permissão"."""
    d = ask(
        "taxi.permit_transfer",
        ipatinga(ON),
        {"holder_kind": "pessoa_juridica", "event": event, "already_done": True},
    )
    assert d.outcome == {"transferable": False, "cassacao_proposal": True}
    cassacao = next(r for r in d.reasons if r.rule.endswith("art_14_cassacao"))
    assert cassacao.message.startswith(f"Houve transferência da permissão por {event} sem amparo")


def test_art_14_a_reason_the_law_does_not_name_leads_to_no_cassacao(ipatinga):
    d = ask(
        "taxi.permit_transfer",
        ipatinga(ON),
        {"holder_kind": "pessoa_juridica", "event": "outro", "already_done": True},
    )
    assert d.outcome == {"transferable": False, "cassacao_proposal": False}


def test_art_13_sole_paragraph_sale_request_is_refused_without_cassacao(ipatinga):
    d = ask(
        "taxi.permit_transfer",
        ipatinga(ON),
        {"holder_kind": "pessoa_fisica", "event": "comercializacao"},
    )
    assert d.outcome == {"transferable": False, "cassacao_proposal": False}


@pytest.mark.parametrize(
    "act",
    ["transferencia", "cessao", "doacao", "comodato", "aluguel", "arrendamento", "comercializacao"],
)
def test_art_14_clandestine_act_leads_to_cassacao_proposal(ipatinga, act):
    d = ask(
        "taxi.permit_transfer",
        ipatinga(ON),
        {"holder_kind": "pessoa_fisica", "event": act, "already_done": True},
    )
    assert d.outcome["cassacao_proposal"] is True
    assert {"ipatinga.taxi-2017 art. 14", "outorga.decisions art. D-3"} <= refusal_citations(d)


# --- art. 15: extinction --------------------------------------------------------------------------


@pytest.mark.parametrize("cause", EXTINCTION_CAUSES, ids=lambda c: c.code)
def test_art_15_each_cause_extinguishes_through_a_process_without_indemnity(ipatinga, cause):
    kind = cause.holder_kind or "pessoa_fisica"
    d = ask("taxi.permit_extinction", ipatinga(ON), {"cause": cause.code, "holder_kind": kind})
    assert d.outcome["extinguishes"] is True
    assert d.outcome["process_required"] is True and d.outcome["indemnity"] is False
    assert {
        f"ipatinga.taxi-2017 art. 15, {cause.inciso}",
        "ipatinga.taxi-2017 art. 15, §1",
        "ipatinga.taxi-2017 art. 15, §2",
        "outorga.decisions art. D-3",
    } <= all_citations(d)


def test_art_15_has_eight_causes():
    assert [c.inciso for c in EXTINCTION_CAUSES] == [
        "I",
        "II",
        "III",
        "IV",
        "V",
        "VI",
        "VII",
        "VIII",
    ]


def test_art_15_i_death_does_not_apply_to_a_company(ipatinga):
    d = ask(
        "taxi.permit_extinction",
        ipatinga(ON),
        {"cause": "falecimento_incapacidade", "holder_kind": "pessoa_juridica"},
    )
    assert d.outcome["extinguishes"] is False
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 15, I"}


def test_art_15_vii_company_extinction_does_not_apply_to_a_natural_person(ipatinga):
    d = ask(
        "taxi.permit_extinction",
        ipatinga(ON),
        {"cause": "extincao_pessoa_juridica", "holder_kind": "pessoa_fisica"},
    )
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 15, VII"}
