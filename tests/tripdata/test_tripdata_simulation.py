"""The platforms' ISSQN in the simulation of a proposed amendment (issue #21; apps art. 18–20,
decision D-14): each statement of the twelve months before the simulation's month is computed
again with the rates of that month, under the law in force and under the proposal — the same
sums the law's rule gives line by line — and nothing is written."""

from __future__ import annotations

import datetime as dt
import json
from decimal import ROUND_HALF_UP, Decimal

from django.test import Client
from tripdata_factories import processed

from outorga.core.models import Act, ParameterOverride
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.law.simulation import from_json
from outorga.registry.simulation import simulate
from outorga.tripdata.models import IssqnLine, IssqnStatement

ON = dt.date(2026, 11, 16)  # the sample trips are of October 2026
PROPOSAL = {
    "title": "Projeto de Lei Complementar 3/2026 (minuta): autônomo a 3 %",
    "parameters": [
        {"name": "apps_2025.issqn_rate_autonomo", "value": "0.03", "effective": "2026-11-01"}
    ],
}


def half_up(value: Decimal) -> int:
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def counts(m) -> tuple[int, int, int, int]:  # type: ignore[no-untyped-def]
    with tenant(m):
        return (
            IssqnStatement.objects.count(),
            IssqnLine.objects.count(),
            Act.objects.count(),
            ParameterOverride.objects.count(),
        )


def test_art_20_a_proposed_rate_gives_each_statement_the_sum_of_its_drivers_lines(
    world, sample_trips, rates
):
    processed(world.upload(sample_trips).json()["id"])
    m = world.m
    with tenant(m):
        statement = IssqnStatement.objects.get(platform=world.platform)
        drivers = list(statement.lines.filter(taxpayer_kind=IssqnLine.Taxpayer.DRIVER))
    before = counts(m)
    sim = simulate(m, from_json(PROPOSAL, m.laws), ON)
    (c,) = [c for c in sim.issqn if c.platform == world.platform.name]
    assert (c.platform, c.month) == (world.platform.name, dt.date(2026, 10, 1))
    # In force: the rates of November are October's, so the statement's own total.
    assert c.in_force == statement.total_cents == 194 + 234
    # Proposed: the platform's own 5 % unchanged (art. 19), each autônomo driver's base
    # (gross − the platform's retention, art. 20 §1) at 3 %, rounded half up (D-14).
    assert all(line.regime == "autonomo" for line in drivers)
    own = 194
    expected = own + sum(half_up(Decimal(line.base_cents) * Decimal("0.03")) for line in drivers)
    assert c.proposal == expected > c.in_force
    others = [x for x in sim.issqn if x is not c]  # the demo's platforms, if any in the months
    assert sim.issqn_in_force == c.in_force + sum(x.in_force or 0 for x in others)
    assert c.in_force_reading.holds and "art. 20" in c.proposal_reading.citations
    assert c.proposal_reading.text.startswith("Receita de 10/2026 com as alíquotas de 11/2026: ")
    assert counts(m) == before  # no statement, line, act or parameter written


def test_only_the_twelve_months_before_the_simulations_month_are_read(world, sample_trips, rates):
    processed(world.upload(sample_trips).json()["id"])
    m = world.m
    proposal = from_json(PROPOSAL, m.laws)

    def months(on: dt.date) -> list[dt.date]:
        return [
            c.month for c in simulate(m, proposal, on).issqn if c.platform == world.platform.name
        ]

    assert months(dt.date(2026, 10, 31)) == []  # its own month: not closed yet
    assert months(dt.date(2027, 10, 1)) == [dt.date(2026, 10, 1)]  # the 12th month before
    assert months(dt.date(2027, 11, 1)) == []  # the 13th


def test_without_the_municipalitys_rate_the_statement_is_incomplete_on_both_sides(
    world, sample_trips
):
    processed(world.upload(sample_trips).json()["id"])
    mei = {"name": "apps_2025.issqn_rate_mei", "value": "0.01", "effective": "2026-11-01"}
    proposal = {**PROPOSAL, "parameters": [mei]}  # no rate of the autônomo on either side
    sim = simulate(world.m, from_json(proposal, world.m.laws), ON)
    (c,) = [c for c in sim.issqn if c.platform == world.platform.name]
    assert (c.in_force, c.proposal) == (None, None)
    assert not c.in_force_reading.holds and "incompleto" in c.in_force_reading.text


def test_the_api_and_the_page_show_the_issqn_on_both_sides(world, sample_trips, rates, user_of):
    processed(world.upload(sample_trips).json()["id"])
    admin = Client()
    admin.force_login(user_of("barra-do-garcas", Role.ADMIN))
    r = admin.post(
        "/api/v1/registry/simulations",
        data=json.dumps({**PROPOSAL, "on": ON.isoformat()}),
        content_type="application/json",
    )
    assert r.status_code == 200, r.content
    body = r.json()
    (line,) = [x for x in body["issqn"] if x["platform"] == world.platform.name]
    assert line["month"] == "2026-10" and line["in_force"]["cents"] == 428
    assert line["proposal"]["cents"] > 428
    assert body["issqn_total"]["in_force"] >= 428
    page = admin.post(
        "/cadastro/simulacao/",
        {
            "title": PROPOSAL["title"],
            "on": ON.isoformat(),
            "name_1": "apps_2025.issqn_rate_autonomo",
            "value_1": "0,03",
            "effective_1": "2026-11-01",
        },
    )
    assert page.status_code == 200
    text = page.content.decode()
    assert "ISSQN por declaração" in text and "R$ 4,28" in text, text[-3000:]


def test_art_29_a_proposal_before_which_the_law_is_not_in_force_leaves_the_statement_incomplete(
    world, sample_trips, rates
):
    """A proposal may move any of the law's dated values, its publication date too (art. 29):
    in a month the law would not govern, the statement is incomplete on that side — not an
    error of the whole simulation."""
    processed(world.upload(sample_trips).json()["id"])
    later = {
        "title": "Minuta: publicação em 2027",
        "parameters": [
            {"name": "apps_2025.publication_date", "value": "2027-01-01", "effective": "2026-11-01"}
        ],
    }
    sim = simulate(world.m, from_json(later, world.m.laws), ON)
    (c,) = [c for c in sim.issqn if c.platform == world.platform.name]
    assert c.in_force == 428
    assert c.proposal is None and not c.proposal_reading.holds
    assert "não vigente" in c.proposal_reading.text
