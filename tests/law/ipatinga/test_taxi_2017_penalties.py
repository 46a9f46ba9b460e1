"""Art. 41–43 (penalties, fines in UFPI D-5, cassação proposals D-3, catalog D-10), art. 42
(suspension ≤ 90 days, points from the first infraction) and the default procedure (D-17)."""

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest

from outorga.demo import IPATINGA
from outorga.law.context import Context, FiscalUnitValue
from outorga.law.decisions import Decision, Verdict
from outorga.law.ipatinga.taxi_2017 import LAW_CATALOG, InfractionType, Severity, catalog
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

ON = dt.date(2024, 3, 20)


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def all_citations(d: Decision) -> set[str]:
    return {c.compact() for c in d.citations}


# --- art. 41 §2, art. 43: catalog ---------------------------------------------------------------------


def test_art_41_par_2_named_conducts_ship_with_their_nature():
    items = catalog()
    assert items["recusa_passageiro"].nature is Severity.GRAVE
    assert items["tarifa_diferente"].nature is Severity.GRAVE
    assert items["suspensao_servico"].nature is Severity.GRAVISSIMA
    assert items["suspensao_servico"].citation.compact() == "ipatinga.taxi-2017 art. 41, §2, IV"


def test_art_43_municipality_adds_regulation_items():
    extra = InfractionType.from_regulation(
        {
            "code": "sem_identificacao",
            "description": "Sem identificação",
            "nature": "leve",
            "reference": "Decreto 1/2018, art. 5",
        }
    )
    items = catalog([extra])
    assert len(items) == len(LAW_CATALOG) + 1
    assert items["sem_identificacao"].citation.note == "Decreto 1/2018, art. 5"


def test_art_43_regulation_item_cannot_replace_a_law_item():
    with pytest.raises(ValueError, match="recusa_passageiro"):
        catalog([InfractionType("recusa_passageiro", "x", Severity.LEVE, LAW_CATALOG[0].citation)])


# --- art. 41: penalties for one infraction --------------------------------------------------------------

NOTICE = {"notified_on": "2024-03-01", "imposed_on": "2024-03-12"}


def penalty(ctx, infraction, **facts):
    return ask(
        "taxi.penalty",
        ctx,
        {"infraction": infraction, "committed_on": "2024-02-20", **NOTICE, **facts},
    )


@pytest.mark.parametrize(
    ("code", "ufpi", "cents"),
    [
        ("desobediencia_sem_risco", 50, 25_000),
        ("desobediencia_com_risco", 100, 50_000),
        ("recusa_passageiro", 150, 75_000),
        ("suspensao_servico", 200, 100_000),
    ],
)
def test_art_41_par_2_fine_per_nature_in_ufpi(ipatinga, code, ufpi, cents):
    d = penalty(ipatinga(ON), code)
    assert (d.outcome["fine_ufpi"], d.outcome["fine_cents"]) == (ufpi, cents)
    assert d.outcome["may_impose"] is True


def test_d_5_ufpi_value_of_the_day_the_penalty_is_imposed():
    facts = dataclasses.replace(
        IPATINGA,
        fiscal_units=(
            FiscalUnitValue("UFPI", Decimal("5.00"), dt.date(2013, 1, 1), "exemplo", True),
            FiscalUnitValue("UFPI", Decimal("6.00"), dt.date(2025, 1, 1), "exemplo", True),
        ),
    )
    ctx = Context(facts, dt.date(2025, 2, 1))
    base = {"committed_on": "2024-11-20", "notified_on": "2024-12-02"}
    before = penalty(ctx, "recusa_passageiro", **base, imposed_on="2024-12-31")
    after = penalty(ctx, "recusa_passageiro", **base, imposed_on="2025-01-01")
    assert before.outcome["fine_cents"] == 75_000
    assert after.outcome["fine_cents"] == 90_000
    assert "outorga.decisions art. D-5" in all_citations(after)


def test_art_49_infraction_before_the_law_is_not_judged_by_it(ipatinga):
    d = penalty(ipatinga(ON), "recusa_passageiro", committed_on="2017-09-27")
    assert "ipatinga.taxi-2017 art. 49" in refusal_citations(d)


def test_art_41_par_1_warning_for_primary_conduct_without_risk(ipatinga):
    d = penalty(
        ipatinga(ON),
        "desobediencia_sem_risco",
        primary=True,
        affects_comfort_or_safety=False,
        requested="advertencia",
    )
    assert d.outcome["may_impose"] is True
    assert d.outcome["options"][0] == "advertencia"


@pytest.mark.parametrize(("primary", "affects"), [(False, False), (True, True)])
def test_art_41_par_1_warning_refused_otherwise(ipatinga, primary, affects):
    d = penalty(
        ipatinga(ON),
        "desobediencia_sem_risco",
        primary=primary,
        affects_comfort_or_safety=affects,
        requested="advertencia",
    )
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 41, §1"}
    assert "advertencia" not in d.outcome["options"]


@pytest.mark.parametrize(
    ("priors", "primary"),
    [
        ([], True),
        # D-1: an earlier infraction counts only once its penalty is final.
        ([{"id": "A-1", "committed_on": "2024-01-10", "final": False}], True),
        ([{"id": "A-1", "committed_on": "2024-01-10", "final": True}], False),
        # A final infraction after the fact judged does not make this one non-primary.
        ([{"id": "A-2", "committed_on": ON.isoformat(), "final": True}], True),
    ],
)
def test_art_41_par_1_the_law_reads_primary_conduct_from_the_offender_s_record(
    ipatinga, priors, primary
):
    d = penalty(
        ipatinga(ON),
        "desobediencia_sem_risco",
        prior_infractions=priors,
        affects_comfort_or_safety=False,
        requested="advertencia",
    )
    read = next(r for r in d.reasons if r.rule.endswith("art_41_par_1_primary"))
    assert {c.compact() for c in read.citations} >= {
        "ipatinga.taxi-2017 art. 41, §1",
        "outorga.decisions art. D-1",
    }
    assert d.outcome["may_impose"] is primary
    if not primary:
        assert "A-1" in read.message


def test_art_41_par_3_register_cassacao_for_grave_is_a_proposal(ipatinga):
    d = penalty(ipatinga(ON), "recusa_passageiro", requested="cassacao_cadastro")
    assert d.outcome["may_impose"] is True
    assert d.outcome["proposals"] == ["cassacao_cadastro"]
    assert d.outcome["decided_by"]["cassacao_cadastro"] == ["chefe_executivo"]
    assert "outorga.decisions art. D-3" in all_citations(d)


def test_art_41_par_3_register_cassacao_for_media_is_refused(ipatinga):
    d = penalty(ipatinga(ON), "descumprimento_termo", requested="cassacao_cadastro")
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 41, §3", "outorga.decisions art. D-3"}


def test_art_41_par_4_permit_cassacao_for_grave_is_refused(ipatinga):
    d = penalty(ipatinga(ON), "tarifa_diferente", requested="cassacao_permissao")
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 41, §4", "outorga.decisions art. D-3"}


def test_art_41_par_4_permit_cassacao_for_gravissima_is_a_proposal(ipatinga):
    d = penalty(ipatinga(ON), "suspensao_servico", requested="cassacao_permissao")
    assert d.outcome["proposals"] == ["cassacao_cadastro", "cassacao_permissao"]
    assert not d.refusals


def test_art_41_par_5_fine_without_notice_is_refused(ipatinga):
    d = ask(
        "taxi.penalty",
        ipatinga(ON),
        {"infraction": "recusa_passageiro", "committed_on": "2024-02-20"},
    )
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 41, §5"}


def test_art_41_par_5_fine_before_the_defence_deadline_is_refused(ipatinga):
    # notified Friday 01/03/2024; 10 days (D-17) end Monday 11/03/2024
    early = penalty(ipatinga(ON), "recusa_passageiro", imposed_on="2024-03-11")
    assert {
        "ipatinga.taxi-2017 art. 41, §5",
        "outorga.decisions art. D-17",
        "federal.9784-1999 art. 44",
    } <= refusal_citations(early)
    assert not penalty(ipatinga(ON), "recusa_passageiro", imposed_on="2024-03-12").refusals


def test_art_41_par_5_fine_after_the_defence_was_judged(ipatinga):
    d = penalty(
        ipatinga(ON), "recusa_passageiro", imposed_on="2024-03-06", defence_judged_on="2024-03-05"
    )
    assert not d.refusals


def test_art_43_regulation_item_is_fined_by_its_nature(ipatinga):
    item = {
        "code": "sem_identificacao",
        "description": "Sem identificação visível",
        "nature": "media",
        "reference": "Decreto (exemplo)",
    }
    d = penalty(ipatinga(ON), "sem_identificacao", regulation_items=[item])
    assert d.outcome["fine_cents"] == 50_000
    assert "ipatinga.taxi-2017 art. 43" in all_citations(d)


def test_art_43_unknown_infraction_is_refused(ipatinga):
    d = penalty(ipatinga(ON), "inventada")
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 43", "outorga.decisions art. D-10"}


# --- art. 42 IV–V: suspension ≤ 90 days ------------------------------------------------------------


@pytest.mark.parametrize(("target", "inciso"), [("cadastro", "IV"), ("permissao", "V")])
def test_art_42_suspension_of_90_days_is_allowed_91_refused(ipatinga, target, inciso):
    ok = ask("taxi.suspension", ipatinga(ON), {"target": target, "days": 90, "start": "2024-04-01"})
    assert ok.outcome["allowed"] is True
    assert ok.outcome["ends_on"] == dt.date(2024, 6, 29)
    assert ok.outcome["decided_by"] == ["autoridade"]
    refused = ask("taxi.suspension", ipatinga(ON), {"target": target, "days": 91})
    assert refusal_citations(refused) == {
        f"ipatinga.taxi-2017 art. 42, {inciso}",
        "outorga.decisions art. D-10",
    }


# --- art. 42 VII, §3: points --------------------------------------------------------------------------

INFRACTIONS = [
    {"id": "A", "committed_on": "2024-01-10", "nature": "grave", "final": True},
    {"id": "B", "committed_on": "2024-06-01", "nature": "leve", "final": True},
    {"id": "C", "committed_on": "2025-01-09", "nature": "media", "final": True},
    {"id": "D", "committed_on": "2025-01-10", "nature": "gravissima", "final": True},
    {"id": "E", "committed_on": "2024-07-01", "nature": "gravissima", "final": False},
]
POINTS = {"leve": 3, "media": 4, "grave": 5, "gravissima": 7}


def with_points(on: dt.date) -> Context:
    overrides = {
        f"taxi_2017.points_{k}": (DatedValue(dt.date(2018, 1, 1), v, True, None, "municipality"),)
        for k, v in POINTS.items()
    }
    return Context(dataclasses.replace(IPATINGA, overrides=overrides), on)


def test_d_10_points_have_no_default_and_are_pending(ipatinga):
    d = ask("taxi.points", ipatinga(ON), {"infractions": INFRACTIONS})
    (pending,) = [r for r in d.reasons if r.verdict is Verdict.PENDING]
    assert {c.compact() for c in pending.citations} >= {
        "ipatinga.taxi-2017 art. 42, VII",
        "outorga.decisions art. D-10",
    }
    assert d.outcome["windows"][0]["points"] is None


def test_art_42_par_3_points_count_in_the_12_months_after_the_first_infraction():
    d = ask("taxi.points", with_points(dt.date(2024, 12, 1)), {"infractions": INFRACTIONS})
    first, second = d.outcome["windows"]
    assert (first["start"], first["end"]) == (dt.date(2024, 1, 10), dt.date(2025, 1, 9))
    assert first["infractions"] == ["A", "B", "C"] and first["points"] == 5 + 3 + 4
    assert second["start"] == dt.date(2025, 1, 10) and second["points"] == 7
    assert d.outcome["current"] == first
    assert "ipatinga.taxi-2017 art. 42, §3" in all_citations(d)


def test_art_42_par_3_differs_from_d_1_and_says_so():
    # Under D-1 the window would end on the newest infraction (D, 10/01/2025) and drop A.
    d = ask("taxi.points", with_points(dt.date(2025, 2, 1)), {"infractions": INFRACTIONS})
    window = next(r for r in d.reasons if r.rule == "taxi_2017.art_42_par_3_window")
    assert "D-1" in window.message
    assert d.outcome["current"]["infractions"] == ["D"]


def test_d_1_only_final_infractions_count():
    d = ask("taxi.points", with_points(dt.date(2024, 12, 1)), {"infractions": INFRACTIONS})
    assert "E" not in d.outcome["windows"][0]["infractions"]


# --- D-17: procedure deadlines ---------------------------------------------------------------------------


def test_d_17_defence_deadline_uses_lei_9784_by_default(ipatinga):
    d = ask("taxi.appeal_deadline", ipatinga(ON), {"step": "defesa", "notified_on": "2024-03-01"})
    assert d.outcome == {
        "step": "defesa",
        "days": 10,
        "deadline": dt.date(2024, 3, 11),
        "default_used": True,
    }
    assert {
        "outorga.decisions art. D-17",
        "federal.9784-1999 art. 44",
        "ipatinga.taxi-2017 art. 43",
        "outorga.decisions art. D-4",
    } <= all_citations(d)
    assert "padrão" in d.summary and "D-17" in d.summary


def test_d_17_appeal_deadline_cites_lei_9784_art_59(ipatinga):
    d = ask("taxi.appeal_deadline", ipatinga(ON), {"step": "recurso", "notified_on": "2024-03-01"})
    assert "federal.9784-1999 art. 59" in all_citations(d)


def test_d_4_deadline_on_the_municipal_holiday_moves_to_the_next_business_day(ipatinga):
    d = ask("taxi.appeal_deadline", ipatinga(ON), {"step": "defesa", "notified_on": "2024-08-05"})
    assert d.outcome["deadline"] == dt.date(2024, 8, 16)


def test_art_43_d_17_d_4_a_filing_on_the_last_day_is_in_time_and_the_day_after_is_refused(ipatinga):
    # Notified on Monday 05/08/2024: + 10 = Thursday 15/08, Ipatinga's holiday; the last day is
    # Friday 16/08 (D-4), which counts; Saturday 17/08 is late (Lei 9.784/1999 art. 63, I).
    facts = {"step": "defesa", "notified_on": "2024-08-05"}
    last = ask("taxi.appeal_deadline", ipatinga(ON), {**facts, "filed_on": "2024-08-16"})
    assert last.outcome["filed_in_time"] is True and not last.refusals
    assert "Apresentado a tempo" in last.summary
    late = ask("taxi.appeal_deadline", ipatinga(ON), {**facts, "filed_on": "2024-08-17"})
    assert late.outcome["filed_in_time"] is False and "Intempestivo" in late.summary
    (refusal,) = late.refusals
    assert refusal.rule == "taxi_2017.art_43_d_17_filed_in_time"
    assert refusal.message == (
        "Prazo de defesa encerrado em 16/08/2024: apresentação em 17/08/2024, fora do prazo."
    )
    assert {c.compact() for c in refusal.citations} == {
        "ipatinga.taxi-2017 art. 43",
        "outorga.decisions art. D-17",
        "outorga.decisions art. D-4",
        "federal.9784-1999 art. 44",
        "federal.9784-1999 art. 63, I",
    }
    # Asked without the day of filing, the question gives the last day alone.
    assert "filed_in_time" not in ask("taxi.appeal_deadline", ipatinga(ON), facts).outcome


def test_d_17_regulation_value_replaces_the_default():
    facts = dataclasses.replace(
        IPATINGA,
        overrides={
            "taxi_2017.procedure_defence_days": (
                DatedValue(dt.date(2018, 1, 1), 15, source="municipality"),
            )
        },
    )
    d = ask(
        "taxi.appeal_deadline", Context(facts, ON), {"step": "defesa", "notified_on": "2024-03-01"}
    )
    assert d.outcome["default_used"] is False and d.outcome["days"] == 15
    assert "federal.9784-1999 art. 44" not in all_citations(d)


def test_d_17_taxi_procedure_never_borrows_the_mototaxi_jari_path(ipatinga):
    for step in ("defesa", "recurso"):
        d = ask("taxi.appeal_deadline", ipatinga(ON), {"step": step, "notified_on": "2024-03-01"})
        assert not any(c.law == "ipatinga.mototaxi-2013" for c in d.citations)
        assert "JARI" not in d.to_text()


# --- art. 41 caput, art. 42 V, D-1: what a suspension of the permission rests on ---------------------

PERMIT_SUSPENSION = "ipatinga.taxi-2017.permit_suspension"
FINAL_AUTO = {"kind": "auto", "auto": "AI-7", "final": True, "final_on": "2024-03-10"}


def test_art_41_caput_d_1_a_suspension_without_an_auto_is_refused(ipatinga):
    d = ask(PERMIT_SUSPENSION, ipatinga(ON), {"days": 30, "start": "2024-03-20"})
    assert d.outcome["allowed"] is False
    assert refusal_citations(d) == {
        "ipatinga.taxi-2017 art. 41",
        "ipatinga.taxi-2017 art. 42, V",
        "outorga.decisions art. D-1",
    }


def test_art_41_caput_d_1_a_suspension_on_an_auto_not_yet_final_is_refused(ipatinga):
    pending = {"kind": "auto", "auto": "AI-7", "final": False}
    d = ask(
        PERMIT_SUSPENSION, ipatinga(ON), {"days": 30, "start": "2024-03-20", "grounds": pending}
    )
    assert d.outcome["allowed"] is False
    assert "AI-7" in d.refusals[0].message


def test_art_41_caput_d_1_a_suspension_never_starts_before_its_auto_became_final(ipatinga):
    early = {"days": 30, "start": "2024-03-09", "grounds": FINAL_AUTO}
    d = ask(PERMIT_SUSPENSION, ipatinga(ON), early)
    assert d.outcome["allowed"] is False and "10/03/2024" in d.refusals[0].message
    on_the_day = ask(PERMIT_SUSPENSION, ipatinga(ON), {**early, "start": "2024-03-10"})
    assert on_the_day.outcome["allowed"] is True and not on_the_day.refusals


REGISTER_SUSPENSION = "ipatinga.taxi-2017.register_suspension"


def test_art_42_iv_art_41_caput_d_1_a_register_suspension_on_an_auto_not_yet_final_is_refused(
    ipatinga,
):
    pending = {"kind": "auto", "auto": "AI-7", "final": False}
    d = ask(
        REGISTER_SUSPENSION, ipatinga(ON), {"days": 30, "start": "2024-03-20", "grounds": pending}
    )
    assert d.outcome["allowed"] is False
    assert "AI-7" in d.refusals[0].message and "cadastro" in d.refusals[0].message
    assert refusal_citations(d) == {
        "ipatinga.taxi-2017 art. 41",
        "ipatinga.taxi-2017 art. 42, IV",
        "outorga.decisions art. D-1",
    }
    without = ask(REGISTER_SUSPENSION, ipatinga(ON), {"days": 30, "start": "2024-03-20"})
    assert without.outcome["allowed"] is False


def test_art_42_iv_art_41_caput_d_1_a_register_suspension_starts_on_the_day_the_auto_is_final(
    ipatinga,
):
    early = {"days": 30, "start": "2024-03-09", "grounds": FINAL_AUTO}
    d = ask(REGISTER_SUSPENSION, ipatinga(ON), early)
    assert d.outcome["allowed"] is False and "10/03/2024" in d.refusals[0].message
    assert "ipatinga.taxi-2017 art. 42, IV" in refusal_citations(d)
    for start in ("2024-03-10", "2024-03-11"):
        ok = ask(REGISTER_SUSPENSION, ipatinga(ON), {**early, "start": start})
        assert ok.outcome["allowed"] is True and not ok.refusals


@pytest.mark.parametrize(("committed", "allowed"), [(True, True), (False, False)])
def test_art_42_iv_a_register_suspension_suspends_the_inscription_of_the_taxista_who_committed_it(
    ipatinga, committed, allowed
):
    """Art. 42, IV: the suspension of the inscription is a measure against the infractor — the
    taxista (holder or auxiliary) who committed the final auto, not another one."""
    grounds = {**FINAL_AUTO, "committed_by_the_suspended": committed}
    d = ask(
        REGISTER_SUSPENSION, ipatinga(ON), {"days": 30, "start": "2024-03-20", "grounds": grounds}
    )
    assert d.outcome["allowed"] is allowed
    if not allowed:
        (refused,) = d.refusals
        assert refused.rule == "taxi_2017.art_42_iv_the_offenders_inscription"
        assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 42, IV"}


def test_art_42_v_the_count_of_another_law_is_no_ground_for_a_taxi_suspension(ipatinga):
    count = {"kind": "escalation", "days": 15, "infractions": ["AI-1", "AI-2", "AI-3"]}
    d = ask(PERMIT_SUSPENSION, ipatinga(ON), {"days": 15, "start": "2024-03-20", "grounds": count})
    assert d.outcome["allowed"] is False


# --- art. 41 IV, §3 and art. 42 IV: the inscription in the Cadastro barred -------------------------

REGISTER_BAR = "ipatinga.taxi-2017.register_bar"
CLEAN = {"name": "Taxista Teste", "cassado_em": None, "suspensions": []}


def test_art_41_iv_art_42_iv_an_inscription_without_penalties_is_not_barred(ipatinga):
    d = ask(REGISTER_BAR, ipatinga(ON), CLEAN)
    assert d.outcome == {"barred": False} and not d.refusals


def test_art_41_iv_par_3_a_cassada_inscription_bars_from_the_day_of_the_cassacao(ipatinga):
    facts = {**CLEAN, "cassado_em": ON.isoformat()}
    before = ask(REGISTER_BAR, ipatinga(ON - dt.timedelta(days=1)), facts)
    assert before.outcome == {"barred": False}
    d = ask(REGISTER_BAR, ipatinga(ON), facts)
    assert d.outcome == {"barred": True}
    assert "foi cassada em 20/03/2024" in d.refusals[0].message
    assert refusal_citations(d) == {
        "ipatinga.taxi-2017 art. 41, IV",
        "ipatinga.taxi-2017 art. 41, §3",
    }
    # Cassada for good: years later still barred (art. 41 §3).
    assert ask(REGISTER_BAR, ipatinga(dt.date(2030, 1, 2)), facts).outcome == {"barred": True}


def test_art_42_iv_a_suspension_bars_from_its_first_to_its_last_day_and_not_the_day_after(
    ipatinga,
):
    facts = {**CLEAN, "suspensions": [{"start": "2024-03-20", "days": 30}]}
    last = dt.date(2024, 4, 18)
    for day, barred in ((ON - dt.timedelta(days=1), False), (ON, True), (last, True)):
        assert ask(REGISTER_BAR, ipatinga(day), facts).outcome == {"barred": barred}, day
    d = ask(REGISTER_BAR, ipatinga(last), facts)
    assert "suspensa de 20/03/2024 a 18/04/2024" in d.refusals[0].message
    assert d.refusals[0].facts["fim"] == last
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 42, IV"}
    after = ask(REGISTER_BAR, ipatinga(last + dt.timedelta(days=1)), facts)
    assert after.outcome == {"barred": False}


def test_art_41_iv_art_42_iv_a_cassacao_and_a_running_suspension_are_both_cited(ipatinga):
    facts = {
        "name": "Taxista Teste",
        "cassado_em": "2024-03-01",
        "suspensions": [{"start": "2024-03-10", "days": 15}, {"start": "2023-01-01", "days": 5}],
    }
    d = ask(REGISTER_BAR, ipatinga(ON), facts)
    assert [r.rule.rsplit(".", 1)[1] for r in d.refusals] == [
        "art_41_IV_cadastro_cassado",
        "art_42_IV_cadastro_suspenso",
    ]


def test_art_49_no_bar_is_read_before_the_law(ipatinga):
    facts = {**CLEAN, "cassado_em": "2010-01-01"}
    d = ask(REGISTER_BAR, ipatinga(dt.date(2016, 1, 4)), facts)
    assert d.outcome is None and d.refusals


def test_art_41_iv_art_42_iv_the_register_bar_explains_lazily_as_eagerly(ipatinga):
    from outorga.law.decisions import eager_texts

    facts = {
        "name": "Taxista Teste",
        "cassado_em": "2024-03-01",
        "suspensions": [{"start": "2024-03-10", "days": 15}, {"start": "2024-03-15", "days": 9}],
    }
    for day in (dt.date(2024, 2, 29), ON, dt.date(2024, 3, 24), dt.date(2024, 3, 25)):
        for case in (facts, CLEAN, {**CLEAN, "suspensions": facts["suspensions"]}):
            lazy = ask(REGISTER_BAR, ipatinga(day), case)
            lazy_text = lazy.to_json_text() + lazy.to_text()
            with eager_texts():
                eager = ask(REGISTER_BAR, ipatinga(day), case)
            assert lazy_text == eager.to_json_text() + eager.to_text()
