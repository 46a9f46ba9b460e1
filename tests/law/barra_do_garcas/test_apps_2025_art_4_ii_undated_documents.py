"""Art. 4, II: the platforms "exigir e manter atualizados os documentos obrigatórios". A document
that carries a validity of its own — the CRLV (a), the CNH (b), the APP insurance (d) — or whose
currency the regulation measures from its issue — the certidões (c, e; art. 27) — cannot be judged
current when the platform gives no date: the law core answers PENDING, naming the document and the
article, at registration and at the periodic re-check alike (ADR 0081). The DPVAT (d, paid with
the licensing the CRLV proves) and the INSS registration (f, which does not expire) carry no date
of their own and stay judged by their presence."""

import datetime as dt

import pytest

from outorga.law.decisions import Verdict
from outorga.law.questions import ask

REGISTER = "apps.driver_eligibility"
VEHICLE = "apps.vehicle_eligibility"
RECHECK = "barra-do-garcas.apps-2025.driver_documents_current"
ON = dt.date(2026, 3, 10)

CNH = {"category": "B", "ear": True, "valid_until": "2030-01-01"}
CERT = {"negative": True, "issued_on": "2026-02-01"}
DRIVER = {
    "cnh": CNH,
    "criminal_certificate": CERT,
    "municipal_debt_certificate": CERT,
    "inss_registration": {},
}
CAR = {
    "kind": "automovel",
    "manufacture_year": 2020,
    "crlv": {"valid_until": "2026-12-31"},
    "app_insurance": {"valid_until": "2026-12-31"},
    "dpvat": {},
}


def reason_of(d, rule):
    (found,) = [r for r in d.reasons if r.rule == rule]
    return found


def recheck(barra, driver=None, vehicle=None):
    return ask(RECHECK, barra(ON), {**(driver or DRIVER), "vehicle": vehicle or CAR})


# (document key, where it lives, rule, label in the message, article in the message)
UNDATED = [
    ("cnh", "driver", "apps.art4.ii.b.cnh_valid", "CNH", "art. 4, II, alínea b"),
    ("crlv", "vehicle", "apps.art4.ii.a.crlv", "CRLV", "art. 4, II, alínea a"),
    (
        "app_insurance",
        "vehicle",
        "apps.art4.ii.d.app_insurance",
        "Seguro de Acidentes Pessoais a Passageiros (APP)",
        "art. 4, II, alínea d",
    ),
    (
        "criminal_certificate",
        "driver",
        "apps.art4.ii.c.criminal_certificate",
        "Certidão negativa de antecedentes criminais",
        "art. 4, II, alínea c",
    ),
    (
        "municipal_debt_certificate",
        "driver",
        "apps.art4.ii.e.municipal_debt_clearance",
        "Certidão negativa de débitos com o município",
        "art. 4, II, alínea e",
    ),
]


def _undated(key: str) -> dict:
    return (
        {"category": "B", "ear": True}
        if key == "cnh"
        else ({"negative": True} if "certificate" in key else {})
    )


def _facts(key: str, where: str):
    if where == "driver":
        return {**DRIVER, key: _undated(key)}, CAR
    return DRIVER, {**CAR, key: _undated(key)}


def _assert_pending(reason, label: str, article: str) -> None:
    assert reason.verdict is Verdict.PENDING
    assert reason.message.startswith(f"{label}: ")
    assert "não informad" in reason.message
    assert article in reason.message
    assert any(c.article == "4" and c.inciso == "II" for c in reason.citations)


@pytest.mark.parametrize(("key", "where", "rule", "label", "article"), UNDATED)
def test_art_4_ii_a_b_c_d_e_a_document_without_its_date_is_pending_at_registration(
    barra, key, where, rule, label, article
):
    driver, vehicle = _facts(key, where)
    d = ask(REGISTER, barra(ON), driver) if where == "driver" else ask(VEHICLE, barra(ON), vehicle)
    assert d.outcome == "pending"
    assert not d.refusals
    _assert_pending(reason_of(d, rule), label, article)


@pytest.mark.parametrize(("key", "where", "rule", "label", "article"), UNDATED)
def test_art_4_ii_a_b_c_d_e_a_document_without_its_date_is_pending_at_the_recheck(
    barra, key, where, rule, label, article
):
    driver, vehicle = _facts(key, where)
    d = recheck(barra, driver, vehicle)
    assert d.outcome["current"] is None
    assert d.outcome["lapsed"] == []
    assert d.outcome["unknown"] == [rule]
    _assert_pending(reason_of(d, rule), label, article)
    assert article in d.summary


def test_art_4_ii_documents_with_their_dates_are_current_at_registration_and_recheck(barra):
    """Guard: the same documents, dated and current on the day, meet art. 4, II."""
    assert ask(REGISTER, barra(ON), DRIVER).outcome == "ok"
    assert ask(VEHICLE, barra(ON), CAR).outcome == "ok"
    assert recheck(barra).outcome == {
        "current": True,
        "lapsed": [],
        "unknown": [],
        "update_until": None,
    }


def test_art_4_ii_a_b_d_a_date_past_is_still_refused_not_pending(barra):
    """Guard: a date given and past refuses (the date decides, not its absence)."""
    d = recheck(
        barra,
        {**DRIVER, "cnh": {**CNH, "valid_until": "2026-03-09"}},
        {**CAR, "crlv": {"valid_until": "2026-03-09"}},
    )
    assert d.outcome["lapsed"] == ["apps.art4.ii.a.crlv", "apps.art4.ii.b.cnh_valid"]


def test_art_4_ii_d_f_dpvat_and_inss_registration_carry_no_date_and_stay_current(barra):
    """Guard: the DPVAT (paid with the licensing the CRLV proves) and the INSS registration (no
    expiry) are judged by their presence, undated, at registration and at the re-check."""
    assert reason_of(ask(VEHICLE, barra(ON), CAR), "apps.art4.ii.d.dpvat").verdict is Verdict.OK
    d = recheck(barra)
    assert reason_of(d, "apps.art4.ii.d.dpvat").verdict is Verdict.OK
    assert reason_of(d, "apps.art4.ii.f.inss").verdict is Verdict.OK
