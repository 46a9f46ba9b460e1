"""Auto de infração (art. 29–30), the infraction catalog (art. 37–41), fines (D-5) and the release
of a seized vehicle (art. 35)."""

import dataclasses
import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from outorga.demo import IPATINGA
from outorga.law.citations import Citation, cite, decision
from outorga.law.context import Context, FiscalUnitValue
from outorga.law.decisions import Decision
from outorga.law.ipatinga.mototaxi_2013 import CATALOG, Severity, infraction_type
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"
AS_OF = dt.date(2024, 6, 10)


def refused(d: Decision) -> set[Citation]:
    return {c for r in d.refusals for c in r.citations}


# --- catalog -------------------------------------------------------------------------------------


def test_art_38_to_41_catalog_has_every_inciso_of_the_law():
    counts = {s: sum(1 for t in CATALOG if t.severity is s) for s in Severity}
    assert counts == {
        Severity.LEVE: 12,
        Severity.MEDIA: 15,
        Severity.GRAVE: 14,
        Severity.GRAVISSIMA: 2,
    }
    assert len({t.code for t in CATALOG}) == len(CATALOG) == 43


def test_art_38_to_41_par2_seizure_incisos_match_the_law():
    seized = {t.code for t in CATALOG if t.seizure}
    assert seized == {
        "art38-I", "art38-XI",
        "art39-I", "art39-VI", "art39-X", "art39-XIV",
        "art40-III", "art40-IX", "art40-XIII",
        "art41-I", "art41-II",
    }  # fmt: skip


def test_catalog_items_cite_their_inciso_and_paragraphs():
    t = infraction_type("art40-XIII")
    assert t.severity is Severity.GRAVE
    assert t.citation == cite(LAW, 40, inc="XIII")
    assert t.fine_citation == cite(LAW, 40, 1)
    assert t.seizure_citation == cite(LAW, 40, 2)
    assert "arrendar a permissão" in t.description


@pytest.mark.parametrize(
    ("code", "units"), [("art38-II", 1), ("art39-II", 2), ("art40-I", 3), ("art41-II", 4)]
)
def test_art_38_to_41_par1_fine_in_ufpi_by_nature(ipatinga, code, units):
    assert infraction_type(code).fine_units(ipatinga(AS_OF)).value == units


# --- fine in reais (D-5) ------------------------------------------------------------------------------


def test_d5_fine_is_converted_at_the_ufpi_of_the_imposition_date(ipatinga):
    facts = {"infractions": [{"code": "art40-I", "committed_on": "2024-05-02"}]}
    d = ask("mototaxi.fine", ipatinga(AS_OF), facts)
    assert d.outcome["total_cents"] == 1500  # 3 UFPI × R$ 5,00 (demo value)
    assert d.outcome["seizure"] is False
    assert decision(5) in d.citations
    assert cite(LAW, 40, 1) in d.citations


def test_d5_a_new_ufpi_value_applies_from_its_date():
    new = FiscalUnitValue("UFPI", Decimal("6.25"), dt.date(2025, 1, 1), "teste")
    town = dataclasses.replace(IPATINGA, fiscal_units=(*IPATINGA.fiscal_units, new))
    facts = {"infractions": [{"code": "art41-I", "committed_on": "2024-12-20"}]}
    before = ask("mototaxi.fine", Context(town, dt.date(2024, 12, 31)), facts)
    after = ask("mototaxi.fine", Context(town, dt.date(2025, 1, 1)), facts)
    assert before.outcome["total_cents"] == 2000
    assert after.outcome["total_cents"] == 2500


def test_art_31_par1_fines_of_simultaneous_infractions_are_cumulative(ipatinga):
    facts = {
        "infractions": [
            {"code": "art38-I", "committed_on": "2024-06-01"},
            {"code": "art41-II", "committed_on": "2024-06-01"},
        ],
        "imposed_on": "2024-06-05",
    }
    d = ask("mototaxi.fine", ipatinga(AS_OF), facts)
    assert d.outcome["total_cents"] == 2500
    assert d.outcome["seizure"] is True
    assert cite(LAW, 31, 1) in d.citations
    assert cite(LAW, 38, 2) in d.citations
    assert cite(LAW, 41, 2) in d.citations


def test_art_31_par3_a_fixable_riskless_fault_allows_a_written_warning(ipatinga):
    facts = {
        "infractions": [{"code": "art38-III", "committed_on": "2024-06-01"}],
        "fixable_without_risk": True,
    }
    d = ask("mototaxi.fine", ipatinga(AS_OF), facts)
    assert cite(LAW, 31, 3) in d.citations


# --- auto de infração --------------------------------------------------------------------------------


def auto(**over: Any) -> dict[str, Any]:
    facts: dict[str, Any] = {
        "holder_name": "Maria da Silva",
        "permit_number": "MT-0123",
        "plate": "HMG1A23",
        "offender_identification": "João Souza",
        "offender_registration": "RAC-77",
        "provision": "art39-XIII",
        "place": "Av. 28 de Abril, Centro",
        "date": "2024-06-03",
        "time": "14:30",
        "description": "Condutor sem o crachá.",
        "agent_signature": True,
        "agent_registration": "F-1020",
        "offender_signature": True,
    }
    facts.update(over)
    return facts


def test_art_30_a_complete_signed_auto_is_valid_and_the_signature_is_the_notice(ipatinga):
    d = ask("mototaxi.infraction_notice", ipatinga(AS_OF), auto())
    assert d.outcome["valid"] is True
    assert d.outcome["notified_on"] == dt.date(2024, 6, 3)
    assert cite(LAW, 30, inc="X") in d.citations


@pytest.mark.parametrize(
    ("field", "inciso"),
    [
        ("holder_name", "I"),
        ("permit_number", "II"),
        ("plate", "III"),
        ("place", "VII"),
        ("time", "VII"),
        ("description", "VIII"),
        ("agent_signature", "IX"),
        ("agent_registration", "IX"),
    ],
)
def test_art_30_an_auto_missing_a_mandatory_field_is_refused(ipatinga, field, inciso):
    facts = auto()
    del facts[field]
    d = ask("mototaxi.infraction_notice", ipatinga(AS_OF), facts)
    assert d.outcome["valid"] is False
    assert refused(d) == {cite(LAW, 30, inc=inciso)}


@pytest.mark.parametrize("field", ["offender_identification", "offender_registration"])
def test_art_30_iv_v_offender_data_is_required_only_when_possible(ipatinga, field):
    facts = auto()
    del facts[field]
    assert ask("mototaxi.infraction_notice", ipatinga(AS_OF), facts).outcome["valid"] is True


def test_art_30_vi_an_unknown_provision_is_refused(ipatinga):
    d = ask("mototaxi.infraction_notice", ipatinga(AS_OF), auto(provision="art99-I"))
    assert refused(d) == {cite(LAW, 30, inc="VI"), cite(LAW, 37), decision(15)}


def test_art_35_an_auto_for_an_unlicensed_vehicle_needs_no_holder_or_permit(ipatinga):
    facts = auto(provision="art35")
    del facts["holder_name"], facts["permit_number"]
    assert ask("mototaxi.infraction_notice", ipatinga(AS_OF), facts).outcome["valid"] is True


def test_art_29_par2_missing_offender_signature_does_not_void_the_auto(ipatinga):
    facts = auto(offender_signature=False, notice={"form": "postal", "ar_on": "2024-06-07"})
    d = ask("mototaxi.infraction_notice", ipatinga(AS_OF), facts)
    assert d.outcome["valid"] is True
    assert d.outcome["notified_on"] == dt.date(2024, 6, 7)
    assert cite(LAW, 29, 2) in d.citations


def test_art_29_without_signature_or_delivery_the_notice_is_pending(ipatinga):
    d = ask("mototaxi.infraction_notice", ipatinga(AS_OF), auto(offender_signature=False))
    assert d.outcome["notified_on"] is None
    assert d.outcome["valid"] is True


def test_art_29_par3_refusal_certified_with_two_witnesses_is_valid(ipatinga):
    facts = auto(
        offender_signature=False,
        refusal={"certified_by_agent": True, "witnesses": ["Ana", "Bruno"]},
        notice={"form": "edital", "published_on": "2024-06-06"},
    )
    d = ask("mototaxi.infraction_notice", ipatinga(AS_OF), facts)
    assert d.outcome["valid"] is True
    assert d.outcome["notified_on"] == dt.date(2024, 6, 6)
    assert cite(LAW, 29, 3) in d.citations


def test_art_29_par3_refusal_with_one_witness_is_refused(ipatinga):
    facts = auto(
        offender_signature=False, refusal={"certified_by_agent": True, "witnesses": ["Ana"]}
    )
    assert refused(ask("mototaxi.infraction_notice", ipatinga(AS_OF), facts)) == {cite(LAW, 29, 3)}


def test_art_29_par3_refusal_not_certified_by_the_agent_is_refused(ipatinga):
    facts = auto(
        offender_signature=False,
        refusal={"certified_by_agent": False, "witnesses": ["Ana", "Bruno"]},
    )
    assert refused(ask("mototaxi.infraction_notice", ipatinga(AS_OF), facts)) == {cite(LAW, 29, 3)}


# --- art. 35: seizure and release ------------------------------------------------------------------


def charges(paid: bool = True) -> list[dict[str, Any]]:
    return [
        {"kind": "remocao", "amount_cents": 8000, "paid": True},
        {"kind": "estadia", "amount_cents": 3000, "paid": paid},
        {"kind": "taxa", "amount_cents": 1500, "paid": True},
    ]


def test_art_35_par1_unlicensed_vehicle_is_released_after_gravissima_fine_and_charges(ipatinga):
    facts = {"grounds": "sem_permissao", "seized_on": "2024-06-01", "fine_paid": True,
             "charges": charges()}  # fmt: skip
    d = ask("mototaxi.seizure_release", ipatinga(AS_OF), facts)
    assert d.outcome == {"may_release": True, "fine_cents": 2000, "outstanding_cents": 0}
    assert cite(LAW, 35, 1) in d.citations


def test_art_35_par1_unpaid_fine_blocks_the_release(ipatinga):
    facts = {"grounds": "sem_permissao", "seized_on": "2024-06-01", "fine_paid": False,
             "charges": charges()}  # fmt: skip
    d = ask("mototaxi.seizure_release", ipatinga(AS_OF), facts)
    assert d.outcome["may_release"] is False
    assert d.outcome["outstanding_cents"] == 2000
    assert refused(d) == {cite(LAW, 35, 1)}


def test_art_35_par1_unpaid_storage_blocks_the_release(ipatinga):
    facts = {"grounds": "sem_permissao", "seized_on": "2024-06-01", "fine_paid": True,
             "charges": charges(paid=False)}  # fmt: skip
    d = ask("mototaxi.seizure_release", ipatinga(AS_OF), facts)
    assert d.outcome["may_release"] is False
    assert d.outcome["outstanding_cents"] == 3000


def test_art_35_par1_removal_and_storage_must_be_known(ipatinga):
    facts = {"grounds": "sem_permissao", "seized_on": "2024-06-01", "fine_paid": True,
             "charges": [{"kind": "taxa", "amount_cents": 1500, "paid": True}]}  # fmt: skip
    assert ask("mototaxi.seizure_release", ipatinga(AS_OF), facts).outcome["may_release"] is False


def test_art_35_par2_an_appeal_does_not_release_the_vehicle(ipatinga):
    facts = {"grounds": "sem_permissao", "seized_on": "2024-06-01", "fine_paid": False,
             "charges": charges(), "appeal_pending": True}  # fmt: skip
    d = ask("mototaxi.seizure_release", ipatinga(AS_OF), facts)
    assert d.outcome["may_release"] is False
    assert cite(LAW, 35, 2) in d.citations


def test_art_35_seizure_for_an_infraction_charges_that_infractions_fine(ipatinga):
    facts = {"grounds": "infracao", "codes": ["art39-VI"], "seized_on": "2024-06-01",
             "fine_paid": True, "charges": charges()}  # fmt: skip
    d = ask("mototaxi.seizure_release", ipatinga(AS_OF), facts)
    assert d.outcome["fine_cents"] == 1000
    assert cite(LAW, 39, 2) in d.citations
