"""Art. 16 (illegal transport: no nature in the law, the regulation's, art. 43) and the measures of
art. 42 I–III, VI with §1 (retention only when fixable on the spot, safely), §2 (transport costs
on the infractor; release once they are paid, the fine following its own process) and §4."""

import datetime as dt

import pytest

from outorga.law.decisions import Decision, Verdict
from outorga.law.ipatinga.taxi_2017 import PROCEDURE
from outorga.law.questions import ask

ON = dt.date(2026, 4, 6)
LAW = "ipatinga.taxi-2017"


def cited(d: Decision) -> set[str]:
    return {c.compact() for c in d.citations}


def refused(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def measures(ctx, *asked, **facts):
    return ask(
        f"{LAW}.measures",
        ctx,
        {"committed_on": ON.isoformat(), "unlicensed": True, "measures": list(asked), **facts},
    )


def release(ctx, *, removal_paid, storage_paid, **facts):
    return ask(
        f"{LAW}.seizure_release",
        ctx,
        {
            "grounds": "sem_permissao",
            "seized_on": ON.isoformat(),
            "fine_paid": False,
            "charges": [
                {"kind": "remocao", "amount_cents": 15_000, "paid": removal_paid},
                {"kind": "estadia", "amount_cents": 6_000, "paid": storage_paid},
            ],
            **facts,
        },
    )


# --- art. 16 --------------------------------------------------------------------------------------


def test_art_16_the_auto_without_a_permit_cites_illegal_transport_and_removes_the_vehicle():
    kind = PROCEDURE.unlicensed
    assert kind is not None and kind.code == "transporte_ilegal"
    assert kind.citation.endswith("art. 16") and kind.seizure is True
    # The law gives it no nature: the regulation's (art. 43) — nothing invented.
    assert kind.severity == "" and "regulamento" in kind.severity_label
    assert PROCEDURE.unlicensed_admits_warning is True


def test_art_16_without_a_regulation_item_the_fine_is_pending_not_invented(ipatinga):
    d = ask(
        f"{LAW}.penalty",
        ipatinga(ON),
        {
            "infraction": "transporte_ilegal",
            "committed_on": "2026-03-02",
            "imposed_on": "2026-04-06",
        },
    )
    assert d.outcome is None
    assert [r.verdict for r in d.reasons] == [Verdict.PENDING]
    assert {"ipatinga.taxi-2017 art. 16", "ipatinga.taxi-2017 art. 43"} <= cited(d)


def test_art_16_the_regulation_gives_its_nature_and_art_41_par_2_its_fine(ipatinga):
    item = {
        "code": "transporte_ilegal",
        "description": "Transporte ilegal (exemplo)",
        "nature": "gravissima",
        "reference": "Decreto de exemplo",
    }
    d = ask(
        f"{LAW}.penalty",
        ipatinga(ON),
        {
            "infraction": "transporte_ilegal",
            "regulation_items": [item],
            "committed_on": "2026-03-02",
            "notified_on": "2026-03-02",
            "imposed_on": "2026-04-06",
        },
    )
    assert d.outcome["nature"] == "gravissima" and d.outcome["fine_ufpi"] == 200
    assert d.outcome["may_impose"] is True
    assert "ipatinga.taxi-2017 art. 16" in {c.compact().split(" (")[0] for c in d.citations}
    kinds = {k.code: k for k in PROCEDURE.kinds(ON, [item])}
    assert kinds["transporte_ilegal"].seizure is True
    assert kinds["transporte_ilegal"].severity == "gravissima"


# --- art. 42 measures -------------------------------------------------------------------------------


def test_art_42_par_1_retention_when_fixable_on_the_spot_and_safe_is_allowed(ipatinga):
    d = measures(ipatinga(ON), "retencao", fixable_on_site=True, safe=True)
    assert d.outcome["allowed"] is True
    assert "ipatinga.taxi-2017 art. 42, §1" in cited(d)


@pytest.mark.parametrize(("fixable", "safe"), [(False, True), (True, False), (False, False)])
def test_art_42_par_1_retention_not_fixable_on_the_spot_or_unsafe_is_refused(
    ipatinga, fixable, safe
):
    d = measures(ipatinga(ON), "retencao", fixable_on_site=fixable, safe=safe)
    assert d.outcome["allowed"] is False
    assert "ipatinga.taxi-2017 art. 42, §1" in refused(d)
    assert "retenção só cabe" in d.summary


def test_art_42_ii_iii_vi_removal_and_withdrawals_with_costs_on_the_infractor(ipatinga):
    d = measures(ipatinga(ON), "remocao", "afastamento_veiculo", "afastamento_taxista")
    assert d.outcome == {
        "allowed": True,
        "measures": ["remocao", "afastamento_veiculo", "afastamento_taxista"],
        "removal": True,
    }
    assert {
        "ipatinga.taxi-2017 art. 16",
        "ipatinga.taxi-2017 art. 42, II",
        "ipatinga.taxi-2017 art. 42, III",
        "ipatinga.taxi-2017 art. 42, VI",
        "ipatinga.taxi-2017 art. 42, §2",
        "ipatinga.taxi-2017 art. 42, §4",
    } <= cited(d)


def test_art_42_withdrawal_without_removal_charges_no_transport(ipatinga):
    d = measures(ipatinga(ON), "afastamento_veiculo", unlicensed=False)
    assert d.outcome["removal"] is False
    assert "ipatinga.taxi-2017 art. 42, §2" not in cited(d)
    assert "ipatinga.taxi-2017 art. 16" not in cited(d)


def test_art_42_an_unknown_measure_is_refused_by_the_schema(ipatinga):
    with pytest.raises(ValueError):
        measures(ipatinga(ON), "guincho_particular")


def test_art_16_a_fact_before_the_law_is_not_judged_by_it(ipatinga):
    d = ask(
        f"{LAW}.measures",
        ipatinga(ON),
        {"committed_on": "2017-09-27", "unlicensed": True, "measures": ["remocao"]},
    )
    assert "ipatinga.taxi-2017 art. 49" in refused(d)


# --- art. 42 §2: release ---------------------------------------------------------------------------


def test_art_42_par_2_release_once_transport_and_storage_are_paid(ipatinga):
    d = release(ipatinga(ON), removal_paid=True, storage_paid=True)
    assert d.outcome == {"may_release": True, "fine_cents": 0, "outstanding_cents": 0}
    # The fine is not a condition of the release: it follows the auto's process (art. 41 §5).
    assert "ipatinga.taxi-2017 art. 41, §5" in cited(d)


@pytest.mark.parametrize(
    ("removal_paid", "storage_paid", "due"), [(False, True, 15_000), (True, False, 6_000)]
)
def test_art_42_par_2_release_refused_while_transport_or_storage_is_unpaid(
    ipatinga, removal_paid, storage_paid, due
):
    d = release(ipatinga(ON), removal_paid=removal_paid, storage_paid=storage_paid)
    assert d.outcome["may_release"] is False and d.outcome["outstanding_cents"] == due
    assert "ipatinga.taxi-2017 art. 42, §2" in refused(d)


def test_art_42_par_2_release_pending_while_the_storage_is_not_stated(ipatinga):
    d = ask(
        f"{LAW}.seizure_release",
        ipatinga(ON),
        {
            "grounds": "sem_permissao",
            "seized_on": ON.isoformat(),
            "fine_paid": False,
            "charges": [{"kind": "remocao", "amount_cents": 1, "paid": True}],
        },
    )
    assert d.outcome["may_release"] is False
    assert any(r.verdict is Verdict.PENDING and "estadia" in r.message for r in d.reasons)
