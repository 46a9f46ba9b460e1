"""Art. 20–26: auxiliaries, yearly renewal blocked by final debts (D-11), documents of natural
persons (art. 22), companies (art. 23) and vehicles (art. 24)."""

import datetime as dt

import pytest

from outorga.law.decisions import Decision, Verdict
from outorga.law.ipatinga.taxi_2017 import DOCUMENTS
from outorga.law.questions import ask

ON = dt.date(2024, 3, 1)
IPATINGA_IBGE = "3131307"


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


# --- art. 20: auxiliaries ------------------------------------------------------------------------


def auxiliary(ipatinga, **facts):
    base = {
        "current_auxiliaries": 0,
        "candidate_registered": True,
        "candidate_resides_in_ipatinga": True,
    }
    return ask("taxi.auxiliary_registration", ipatinga(ON), {**base, **facts})


def test_art_20_sole_paragraph_second_auxiliary_is_allowed(ipatinga):
    # Art. 21: the inscription runs one yearly period from the day it is made.
    assert auxiliary(ipatinga, current_auxiliaries=1).outcome == {
        "allowed": True,
        "valid_until": dt.date(2025, 3, 1),
    }


@pytest.mark.parametrize(("kind", "allowed"), [("pessoa_fisica", True), ("pessoa_juridica", False)])
def test_art_4_xiv_the_taxista_auxiliar_is_a_natural_person(ipatinga, kind, allowed):
    d = auxiliary(ipatinga, candidate_kind=kind)
    assert d.outcome["allowed"] is allowed
    if not allowed:
        assert refusal_citations(d) == {
            "ipatinga.taxi-2017 art. 4, XIV",
            "ipatinga.taxi-2017 art. 20, §único",
            "ipatinga.taxi-2017 art. 22",
        }


@pytest.mark.parametrize("is_holder", [False, True])
def test_art_4_xiv_the_holder_is_not_the_own_auxiliary(ipatinga, is_holder):
    d = auxiliary(ipatinga, candidate_is_holder=is_holder)
    assert d.outcome["allowed"] is not is_holder
    if is_holder:
        assert refusal_citations(d) == {
            "ipatinga.taxi-2017 art. 4, XIV",
            "ipatinga.taxi-2017 art. 20, §único",
        }


def test_art_20_sole_paragraph_third_auxiliary_is_refused(ipatinga):
    d = auxiliary(ipatinga, current_auxiliaries=2)
    assert d.outcome == {"allowed": False, "valid_until": None}
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 20, §único"}


def test_art_17_auxiliary_not_in_the_cadastro_is_refused(ipatinga):
    d = auxiliary(ipatinga, candidate_registered=False)
    assert "ipatinga.taxi-2017 art. 17" in refusal_citations(d)


def test_art_4_xiv_auxiliary_living_elsewhere_is_refused(ipatinga):
    d = auxiliary(ipatinga, candidate_resides_in_ipatinga=False)
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 4, XIV"}


# --- art. 21: yearly renewal and debts (D-11) ---------------------------------------------------------


def renewal(ipatinga, debts=(), on=ON):
    return ask(
        "taxi.registration_renewal",
        ipatinga(on),
        {"last_renewed_on": "2023-03-01", "debts": list(debts)},
    )


FINE_FINAL = {"id": "AI-7", "kind": "multa", "amount_cents": 75_000, "status": "definitivo"}


def test_art_21_registration_is_valid_for_one_year(ipatinga):
    d = renewal(ipatinga)
    assert d.outcome["valid_until"] == dt.date(2024, 3, 1)
    assert d.outcome["documents_released"] is True and not d.refusals


def test_art_21_par_1_final_fine_blocks_and_is_named(ipatinga):
    d = renewal(ipatinga, [FINE_FINAL])
    assert d.outcome["documents_released"] is False
    assert d.outcome["blocking_debts"] == ["AI-7"]
    assert "AI-7" in d.refusals[0].message and "R$ 750,00" in d.refusals[0].message
    assert refusal_citations(d) == {
        "ipatinga.taxi-2017 art. 21, §1",
        "outorga.decisions art. D-11",
        "outorga.decisions art. D-18",
    }


@pytest.mark.parametrize("status", ["em_defesa", "em_recurso"])
def test_d_11_fine_under_defence_or_appeal_does_not_block(ipatinga, status):
    d = renewal(ipatinga, [{**FINE_FINAL, "status": status}])
    assert d.outcome["documents_released"] is True
    assert any(r.rule == "taxi_2017.d_11_debt_under_review" for r in d.reasons)


def test_art_21_par_1_each_open_debt_has_its_own_refusal(ipatinga):
    debts = [
        FINE_FINAL,
        {"id": "TX-1", "kind": "taxa", "amount_cents": 5_000, "status": "definitivo"},
        {"id": "IPTU-9", "kind": "imposto", "amount_cents": 10_000, "status": "definitivo"},
        {"id": "TX-0", "kind": "taxa", "amount_cents": 5_000, "status": "quitado"},
    ]
    d = renewal(ipatinga, debts)
    assert [r.facts["débito"] for r in d.refusals] == ["AI-7", "TX-1", "IPTU-9"]
    assert d.outcome["blocking_total_cents"] == 90_000


def test_d_18_the_block_says_the_debt_may_be_paid_at_once_and_how(ipatinga):
    d = renewal(ipatinga, [{**FINE_FINAL, "how_to_pay": "pelo PIX do documento de arrecadação"}])
    (r,) = d.refusals
    assert "pode ser pago desde já" in r.message
    assert "Como pagar: pelo PIX do documento de arrecadação." in r.message


RENEWAL_FEE = {
    "id": "TX-2",
    "kind": "taxa",
    "amount_cents": 8_000,
    "status": "definitivo",
    "fee": "ipatinga.taxi-2017:II",
}


@pytest.mark.parametrize("inciso", ["II", "V"])
def test_d_18_the_renewals_own_fee_never_blocks_it(ipatinga, inciso):
    """Art. 40 II (renovação da permissão) and V (renovação da inscrição no Cadastro), charged
    after the previous renewal (01/03/2023): paid with this renewal, never blocking it."""
    fee = {**RENEWAL_FEE, "fee": f"ipatinga.taxi-2017:{inciso}", "charged_on": "2024-02-20"}
    d = renewal(ipatinga, [fee])
    assert d.outcome["documents_released"] is True and not d.refusals
    assert any(r.rule == "taxi_2017.d_18_own_renewal_fee" for r in d.reasons)


def test_d_18_a_renewal_fee_left_unpaid_from_the_previous_renewal_blocks(ipatinga):
    """Charged on 01/03/2023, the day of the previous renewal: that renewal's fee, not this one's."""
    d = renewal(ipatinga, [{**RENEWAL_FEE, "charged_on": "2023-03-01"}])
    assert d.outcome["blocking_debts"] == ["TX-2"]


def test_d_18_another_fee_of_the_same_period_still_blocks(ipatinga):
    """Art. 40 VIII (vistoria) is not charged by the renewal itself."""
    fee = {**RENEWAL_FEE, "fee": "ipatinga.taxi-2017:VIII", "charged_on": "2024-02-20"}
    assert renewal(ipatinga, [fee]).outcome["blocking_debts"] == ["TX-2"]


# --- art. 22: natural person documents --------------------------------------------------------------

PF_DOCS = {
    "identidade_cpf": {"presented": True},
    "cnh": {"presented": True, "category": "B", "valid_until": "2027-01-01"},
    "quitacao_militar_eleitoral": {"presented": True},
    "atestado_medico": {"presented": True},
    "inss": {"presented": True},
    "curso": {"presented": True, "valid_until": "2026-01-01"},
    "residencia": {"presented": True, "municipality_ibge": IPATINGA_IBGE},
    "antecedentes_criminais": {"presented": True, "issued_on": "2024-02-10"},
    "declaracao_outorgas": {"presented": True},
    "declaracao_vinculo": {"presented": True},
    "seguro_obrigatorio": {"presented": True, "category": "3"},
    "vistoria": {"presented": True, "approved": True},
}


def documents(ipatinga, subject, docs, **facts):
    return ask(
        "taxi.registration_documents",
        ipatinga(ON),
        {"subject": subject, "documents": docs, **facts},
    )


def pf(ipatinga, **changes):
    docs = {**PF_DOCS, **changes}
    return documents(ipatinga, "pessoa_fisica", docs, presented_on="2024-03-01")


def test_art_22_complete_set_is_accepted(ipatinga):
    d = pf(ipatinga)
    assert d.outcome == {"complete": True, "problems": []}


def test_art_22_lists_twelve_documents():
    assert [r.inciso for r in DOCUMENTS["pessoa_fisica"]] == [
        "I",
        "II",
        "III",
        "IV",
        "V",
        "VI",
        "VII",
        "VIII",
        "IX",
        "X",
        "XI",
        "XII",
    ]


@pytest.mark.parametrize(
    ("code", "inciso"),
    [("identidade_cpf", "I"), ("inss", "V"), ("declaracao_vinculo", "X"), ("vistoria", "XII")],
)
def test_art_22_missing_document_is_refused_citing_its_inciso(ipatinga, code, inciso):
    d = pf(ipatinga, **{code: {"presented": False}})
    assert refusal_citations(d) == {f"ipatinga.taxi-2017 art. 22, {inciso}"}


@pytest.mark.parametrize("category", ["B", "C", "D", "E"])
def test_art_22_ii_cnh_categories_b_to_e_are_accepted(ipatinga, category):
    assert pf(ipatinga, cnh={"presented": True, "category": category}).outcome["complete"]


def test_art_22_ii_cnh_category_a_is_refused(ipatinga):
    d = pf(ipatinga, cnh={"presented": True, "category": "A"})
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 22, II", "federal.ctb-1997 art. 143"}


def test_art_22_ii_expired_cnh_is_refused(ipatinga):
    d = pf(ipatinga, cnh={"presented": True, "category": "B", "valid_until": "2024-02-29"})
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 22, II"}


def test_art_22_viii_criminal_certificate_issued_30_days_before_is_accepted(ipatinga):
    d = pf(ipatinga, antecedentes_criminais={"presented": True, "issued_on": "2024-01-31"})
    assert d.outcome["complete"] is True


def test_art_22_viii_criminal_certificate_issued_31_days_before_is_refused(ipatinga):
    d = pf(ipatinga, antecedentes_criminais={"presented": True, "issued_on": "2024-01-30"})
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 22, VIII"}
    assert "31 dias" in d.refusals[0].message


def test_art_22_viii_criminal_certificate_issued_after_presentation_is_refused(ipatinga):
    d = pf(ipatinga, antecedentes_criminais={"presented": True, "issued_on": "2024-03-02"})
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 22, VIII"}


def test_art_22_vi_expired_course_is_refused(ipatinga):
    d = pf(ipatinga, curso={"presented": True, "valid_until": "2024-02-01"})
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 22, VI"}


def test_art_22_vii_residence_outside_ipatinga_is_refused(ipatinga):
    d = pf(ipatinga, residencia={"presented": True, "municipality_ibge": "3106200"})
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 22, VII"}


def test_art_22_xi_insurance_other_category_is_refused(ipatinga):
    d = pf(ipatinga, seguro_obrigatorio={"presented": True, "category": "1"})
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 22, XI"}


def _art_22_said(overrides: dict, presented_on: dt.date, **changes) -> list[str]:  # type: ignore[no-untyped-def, type-arg]
    """The refusals of documents presented on ``presented_on`` (the day of the fact, D-15), judged
    later, on 01/12/2024, after every test value below took effect."""
    import dataclasses

    from outorga.demo import IPATINGA
    from outorga.law.context import Context

    fresh = (presented_on - dt.timedelta(days=5)).isoformat()  # within art. 22, VIII's 30 days
    docs = {
        **PF_DOCS,
        "antecedentes_criminais": {"presented": True, "issued_on": fresh},
        **changes,
    }
    on = presented_on.isoformat()
    facts = {"subject": "pessoa_fisica", "documents": docs, "presented_on": on}
    ctx = Context(dataclasses.replace(IPATINGA, overrides=overrides), dt.date(2024, 12, 1))
    return [r.message for r in ask("taxi.registration_documents", ctx, facts).refusals]


def test_art_22_ii_xi_the_documents_say_the_categories_in_force_on_the_day():
    """Art. 22, II (CNH categories) and XI (seguro obrigatório categoria "3"): the documents'
    names and the CNH's refusal say the categories of the parameters of the day the documents are
    presented, never ones written in their text nor those of the day they are judged: dated values
    (test values, not the law's) change them for documents presented on the day they take effect
    and not the day before."""
    from outorga.law.parameters import DatedValue

    missing = {"cnh": {"presented": False}, "seguro_obrigatorio": {"presented": False}}
    assert _art_22_said({}, ON, **missing) == [
        "Falta: habilitação na categoria B, C, D ou E.",
        "Falta: seguro obrigatório categoria 3.",
    ]
    changed = {  # test values, not the law's
        "taxi_2017.cnh_categories": (
            DatedValue(dt.date(2024, 6, 1), ["C", "D"], True, None, "municipality"),
        ),
        "taxi_2017.insurance_category": (
            DatedValue(dt.date(2024, 6, 1), "4", True, None, "municipality"),
        ),
    }
    assert _art_22_said(changed, dt.date(2024, 5, 31), **missing) == [  # the day before
        "Falta: habilitação na categoria B, C, D ou E.",
        "Falta: seguro obrigatório categoria 3.",
    ]
    assert _art_22_said(changed, dt.date(2024, 6, 1), **missing) == [
        "Falta: habilitação na categoria C ou D.",
        "Falta: seguro obrigatório categoria 4.",
    ]
    cnh_a = {"cnh": {"presented": True, "category": "A", "valid_until": "2027-01-01"}}
    assert "CNH categoria A; a lei exige B, C, D ou E." in _art_22_said(
        changed, dt.date(2024, 5, 31), **cnh_a
    )
    assert "CNH categoria A; a lei exige C ou D." in _art_22_said(
        changed, dt.date(2024, 6, 1), **cnh_a
    )


def test_art_22_xii_inspection_report_not_approved_is_refused(ipatinga):
    d = pf(ipatinga, vistoria={"presented": True, "approved": False})
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 22, XII"}


def test_art_26_extra_document_required_by_sesuma(ipatinga):
    d = documents(
        ipatinga,
        "pessoa_fisica",
        PF_DOCS,
        additional_required=[{"label": "foto 3x4", "presented": False}],
    )
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 26"}


# --- art. 23: company documents ---------------------------------------------------------------------

PJ_DOCS = {
    code: {"presented": True}
    for code in (
        "contrato_social",
        "cnpj",
        "alvara",
        "regularidade_fiscal",
        "certidao_trabalhista",
        "cnd_inss_fgts",
        "declaracao_socios",
    )
}
PJ_DOCS["endereco"] = {"presented": True, "municipality_ibge": IPATINGA_IBGE}


def test_art_23_complete_set_is_accepted(ipatinga):
    assert documents(ipatinga, "pessoa_juridica", PJ_DOCS).outcome["complete"] is True
    assert len(DOCUMENTS["pessoa_juridica"]) == 8


def test_art_23_iv_address_outside_ipatinga_is_refused(ipatinga):
    docs = {**PJ_DOCS, "endereco": {"presented": True, "municipality_ibge": "3106200"}}
    d = documents(ipatinga, "pessoa_juridica", docs)
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 23, IV"}


def test_art_23_vii_missing_inss_fgts_certificate_is_refused(ipatinga):
    docs = {**PJ_DOCS, "cnd_inss_fgts": {"presented": False}}
    assert refusal_citations(documents(ipatinga, "pessoa_juridica", docs)) == {
        "ipatinga.taxi-2017 art. 23, VII"
    }


# --- art. 24: vehicle documents ---------------------------------------------------------------------

VEHICLE_DOCS = {
    "crlv_ou_nota_fiscal": {"presented": True, "in_holder_name": True, "valid_until": "2024-12-31"},
    "laudo_vistoria": {"presented": True, "approved": True, "accredited_inmetro": True},
    "afericao_taximetro": {"presented": True, "issuer": "IPEM-MG"},
}


def vehicle_docs(ipatinga, cng=False, **changes):
    return documents(ipatinga, "veiculo", {**VEHICLE_DOCS, **changes}, cng=cng)


def test_art_24_complete_set_without_cng_is_accepted(ipatinga):
    assert vehicle_docs(ipatinga).outcome["complete"] is True


def test_art_24_iv_cng_vehicle_needs_the_safety_certificate(ipatinga):
    d = vehicle_docs(ipatinga, cng=True)
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 24, IV"}
    ok = vehicle_docs(ipatinga, cng=True, seguranca_gnv={"presented": True})
    assert ok.outcome["complete"] is True


def test_art_24_sole_paragraph_crlv_in_another_name_is_refused(ipatinga):
    d = vehicle_docs(ipatinga, crlv_ou_nota_fiscal={"presented": True, "in_holder_name": False})
    assert {"ipatinga.taxi-2017 art. 24, I", "ipatinga.taxi-2017 art. 24, §único"} == (
        refusal_citations(d)
    )


def test_art_24_i_zero_km_invoice_is_accepted(ipatinga):
    d = vehicle_docs(ipatinga, crlv_ou_nota_fiscal={"presented": True, "zero_km": True})
    assert d.outcome["complete"] is True


def test_art_24_ii_inspection_by_unaccredited_company_is_refused(ipatinga):
    d = vehicle_docs(
        ipatinga, laudo_vistoria={"presented": True, "approved": True, "accredited_inmetro": False}
    )
    assert "ipatinga.taxi-2017 art. 24, II" in refusal_citations(d)


@pytest.mark.parametrize(
    ("issuer", "ok"), [("INMETRO", True), ("ipem-mg", True), ("oficina particular", False)]
)
def test_art_24_iii_taximeter_calibrated_by_inmetro_or_ipem_mg(ipatinga, issuer, ok):
    d = vehicle_docs(ipatinga, afericao_taximetro={"presented": True, "issuer": issuer})
    assert d.outcome["complete"] is ok
    if not ok:
        assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 24, III"}
        assert all(r.verdict is not Verdict.PENDING for r in d.reasons)
