"""Enforcement's lists (issue "back office", item 5): every auto and every case, filtered at a
URL, sorted both ways, paged, exported as CSV (exactly what is filtered), in Portuguese; another
municipality's rows never appear."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from auth_factories import client_as
from enforcement_factories import case_of, issue

from outorga.core.tenancy import tenant, unscoped
from outorga.enforcement.models import Case, InfractionNotice
from outorga.law.competence import Role

F = "/fiscalizacao"
ON = dt.date(2026, 5, 4)


def csv_rows(response) -> list[list[str]]:  # type: ignore[no-untyped-def]
    text = b"".join(response.streaming_content).decode("utf-8")
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))


@pytest.fixture
def three(world):  # type: ignore[no-untyped-def]
    """Three autos on the world's permit, on three days (two of one nature)."""
    return [
        issue(world, code="art38-II", on=ON),
        issue(world, code="art38-II", on=ON + dt.timedelta(days=1)),
        issue(world, code="art38-IV", on=ON + dt.timedelta(days=2)),
    ]


def test_the_autos_list_filters_at_a_url_in_portuguese(world, three, user_of):
    c = client_as(user_of, Role.FISCAL)
    severity = three[0].severity
    page = c.get(f"{F}/autos/", {"natureza": severity, "de": ON.isoformat()}).content.decode()
    expected = sum(a.severity == severity for a in three)
    assert f"{expected} registro" in page
    assert three[0].get_severity_display() in page and "lavrado" in page
    assert f'href="{F}/processos/{case_of(world, three[0]).pk}/"' in page
    plate = world.permit.vehicle.plate
    page = c.get(f"{F}/autos/", {"q": f"{plate[:3]}-{plate[3:]}"}).content.decode()
    assert "3 registros" in page


def test_the_autos_list_sorts_both_ways_pages_and_exports_what_is_filtered(
    world, three, user_of, monkeypatch
):
    monkeypatch.setattr("outorga.core.listing.PER_PAGE", 2)
    c = client_as(user_of, Role.FISCAL)
    base = f"{F}/autos/?de={ON.isoformat()}"
    up = c.get(f"{base}&ordem=numero").content.decode()
    down = c.get(f"{base}&ordem=-numero").content.decode()
    first, last = sorted(a.number for a in three)[0], sorted(a.number for a in three)[-1]
    assert first in up and last not in up and last in down and first not in down
    second = c.get(f"{base}&ordem=numero&pagina=2").content.decode()
    assert last in second and "página 2 de 2" in second
    rows = csv_rows(c.get(f"{base}&formato=csv"))
    assert rows[0][0] == "Auto" and len(rows) - 1 == 3
    assert {r[7] for r in rows[1:]} == {"lavrado"}


def test_the_cases_list_filters_by_stage_and_kind_with_labels(world, three, user_of, monkeypatch):
    monkeypatch.setattr("outorga.core.listing.PER_PAGE", 2)
    c = client_as(user_of, Role.AUTORIDADE)
    base = f"{F}/processos/?tipo=infraction&fase=defence&de={ON.isoformat()}"
    with tenant(world.m):
        expected = Case.objects.filter(kind="infraction", stage="defence").count()
    page = c.get(base).content.decode()
    assert f"{expected} registros" in page and "infração" in page and "defesa" in page
    assert ">infraction<" not in page and ">defence<" not in page
    case = case_of(world, three[0])
    assert case.number in c.get(f"{F}/processos/", {"q": three[0].number}).content.decode()
    newest = case_of(world, three[2])
    by_name = c.get(f"{F}/processos/", {"q": world.permit.holder.name.upper()}).content.decode()
    assert newest.number in by_name
    rows = csv_rows(c.get(f"{base}&formato=csv"))
    assert len(rows) - 1 == expected and rows[1][1] == "infração"
    up = c.get(f"{base}&ordem=numero").content.decode()
    down = c.get(f"{base}&ordem=-numero").content.decode()
    assert up != down and "página 1 de 2" in up
    assert "página 2 de 2" in c.get(f"{base}&ordem=numero&pagina=2").content.decode()


def test_another_municipality_never_appears(world, three, barra_m, user_of):
    # An auto and its case of Barra do Garças, copied from one of ours.
    with unscoped():
        auto = InfractionNotice.objects.get(pk=three[0].pk)
        case = Case.objects.get(auto=auto)
    with tenant(barra_m):
        auto.pk, auto.municipality, auto.number = None, barra_m, "AI-FORA-9"
        auto.permit = auto.vehicle = auto.auxiliary = None
        auto.holder_name = auto.offender_name = "Forasteiro Barrense"
        auto.save()
        case.pk, case.municipality, case.number = None, barra_m, "PA-FORA-9"
        case.auto, case.permit, case.person = auto, None, None
        case.save()
    c = client_as(user_of, Role.AUTORIDADE)
    for url in (f"{F}/autos/", f"{F}/processos/"):
        for query in ("", "?q=forasteiro", "?q=AI-FORA-9", "?formato=csv"):
            r = c.get(url + query)
            body = b"".join(r.streaming_content if r.streaming else [r.content]).decode()
            rows = body.split("<tbody>")[-1]  # the search box echoes what was typed
            assert "FORA-9" not in rows and "Forasteiro" not in rows, url + query
    other = client_as(user_of, Role.AUTORIDADE, "barra-do-garcas")
    assert "AI-FORA-9" in other.get(f"{F}/autos/?q=forasteiro").content.decode()


def test_a_portal_login_is_refused(user_of):
    c = client_as(user_of, Role.PERMISSIONARIO)
    assert c.get(f"{F}/autos/").status_code == 403
    assert c.get(f"{F}/processos/").status_code == 403
