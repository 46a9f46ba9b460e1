"""The API's steps on one record of the process (a filing, an auto) answer what the step left: the
defence judged (the filing, with its result) and the auto cancelled (the case, annulled, Lei
9.784/1999 art. 53) — the routes share one way of calling the service with the body's fields."""

from __future__ import annotations

import datetime as dt

from enforcement_factories import case_of, client_of, issue

from outorga.enforcement.models import Case, Filing
from outorga.enforcement.services.filings import filing_file
from outorga.law.competence import Role

D = dt.date(2026, 4, 6)  # a Monday


def test_the_api_judges_a_defence_and_answers_with_the_filing_judged(world, user_of):
    auto = issue(world, on=D)
    f = filing_file(
        actor=world.holder, municipality=world.m, case=case_of(world, auto), text="x", filed_on=D
    )
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    r = authority.post(
        f"/api/v1/enforcement/filings/{f.pk}/judge",
        {"upheld": True, "reasoning": "Defesa procedente.", "on": D.isoformat()},
        content_type="application/json",
    )
    assert r.status_code == 200, r.content.decode()
    body = r.json()
    assert body["id"] == f.pk and body["result"] == Filing.Result.UPHELD
    assert body["reasoning"] == "Defesa procedente."
    assert case_of(world, auto).stage == Case.Stage.ANNULLED


def test_the_api_cancels_an_auto_and_answers_with_its_case_annulled(world, user_of):
    auto = issue(world, on=D)
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    r = authority.post(
        f"/api/v1/enforcement/autos/{auto.pk}/cancel",
        {"reason": "Placa anotada errada."},
        content_type="application/json",
    )
    assert r.status_code == 200, r.content.decode()
    body = r.json()
    assert body["id"] == case_of(world, auto).pk and body["stage"] == Case.Stage.ANNULLED
    assert body["auto"]["status"] == "cancelled"
