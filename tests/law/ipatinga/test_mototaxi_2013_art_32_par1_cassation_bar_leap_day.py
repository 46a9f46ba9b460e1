"""Mototaxi art. 32, §1º and §3º — a new permission or credential "somente [...] depois de
decorridos 2 (dois) anos da efetivação da cassação". Years are counted as the Civil Code counts
them (art. 132, §3º: "os prazos de meses e anos expiram no dia de igual número do de início, ou no
imediato, se faltar exata correspondência"): a cassação of 29/02/2024 has its two years run out on
01/03/2026, not on 28/02/2026 — the day a cassação of 28/02/2024 is free."""

import datetime as dt

from outorga.law.citations import cite
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"
Q = "mototaxi.person_eligibility"
DOCS = ("rg", "military_clearance", "electoral_clearance", "photos", "residence_proof",
        "criminal_certificates", "cpf")  # fmt: skip


def person(role: str, kind: str, effective_on: str) -> dict:
    facts: dict = {
        "role": role,
        "service": "mototaxi",
        "birth_date": "1990-05-01",
        "cnh_category_a_since": "2015-01-01",
        "course_approved": True,
        "safety_gear": True,
        "documents": dict.fromkeys(DOCS, True),
        "medical_certificate": {"issued_on": "2026-01-15"},
        "cassations": [{"kind": kind, "effective_on": effective_on}],
    }
    if role == "auxiliar":
        facts["auxiliary"] = {
            "indicated_in_writing": True,
            "other_auxiliaries_on_vehicle": 0,
            "schedule_filed": True,
        }
    return facts


def bar_refusals(d) -> list:
    return [r for r in d.refusals if r.rule == "art_32_cassation_bar"]


def test_art_32_par1_a_cassacao_of_29_february_still_bars_on_28_february_two_years_later(
    ipatinga,
):
    d = ask(Q, ipatinga(dt.date(2026, 2, 28)), person("permissionario", "permissao", "2024-02-29"))
    (r,) = bar_refusals(d)
    assert cite(LAW, 32, 1) in r.citations
    assert "01/03/2026" in r.message
    assert d.outcome["eligible"] is False


def test_art_32_par1_a_cassacao_of_29_february_frees_on_1_march_two_years_later(ipatinga):
    d = ask(Q, ipatinga(dt.date(2026, 3, 1)), person("permissionario", "permissao", "2024-02-29"))
    assert not bar_refusals(d)
    assert d.outcome["eligible"] is True


def test_art_32_par3_the_auxiliarys_credential_cassated_on_29_february_likewise(ipatinga):
    facts = person("auxiliar", "credenciamento_auxiliar", "2024-02-29")
    (r,) = bar_refusals(ask(Q, ipatinga(dt.date(2026, 2, 28)), facts))
    assert cite(LAW, 32, 3) in r.citations and "01/03/2026" in r.message
    assert not bar_refusals(ask(Q, ipatinga(dt.date(2026, 3, 1)), facts))


def test_art_32_par1_a_cassacao_of_28_february_frees_on_28_february_guard(ipatinga):
    d = ask(Q, ipatinga(dt.date(2026, 2, 28)), person("permissionario", "permissao", "2024-02-28"))
    assert not bar_refusals(d)
