"""Taxi art. 48: the tender's classification contemplates the current taxistas — the commission's
score on the edital's other criteria plus the points of a person inscribed in the Cadastro
Municipal de Taxistas on the day the tender opened, read from the permit and auxiliary records
(ADR 0031). Nobody is excluded; the commission's order only breaks ties."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from registry_factories import actor, person, taxi_permit

from outorga.core.models import Act, PopulationFigure
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import (
    Auxiliary,
    Permit,
    PermitHolderChange,
    PermitStatusChange,
    TenderApplicant,
)
from outorga.registry.services.tenders import (
    tender_apply,
    tender_create,
    tender_evaluate,
    tender_rank,
)
from outorga.registry.tender_facts import taxista_periods
from outorga.registry.validation import FieldError

OPEN = dt.date(2026, 1, 5)
API = "/api/v1"


def boss(m):  # type: ignore[no-untyped-def]
    return actor(m.slug, Role.AUTORIDADE)


def auxiliary(m, who, added, removed=None):  # type: ignore[no-untyped-def]
    with tenant(m):
        return Auxiliary.objects.create(
            permit=taxi_permit(m),
            person=who,
            added_on=added,
            removed_on=removed,
            status=Auxiliary.Status.REMOVED if removed else Auxiliary.Status.ACTIVE,
        )


@pytest.fixture
def tender3(ipatinga_m):  # type: ignore[no-untyped-def]
    """A convencional tender with three evaluated applicants: a newcomer, a current auxiliary
    since 05/01/2022 (4 full years on the opening day) and an auxiliary removed on the opening
    day (inscribed until the day before: not current)."""
    m = ipatinga_m
    with tenant(m):
        active = Permit.objects.filter(service="taxi", status="active").count()
        PopulationFigure.objects.create(
            value=1200 * (active + 10),
            reference_year=2025,
            effective=dt.date(2025, 12, 1),
            source="t",
        )
    tender = tender_create(
        actor=boss(m),
        municipality=m,
        service="taxi",
        taxi_category="convencional",
        number="A48-1",
        places=1,
        opened_on=OPEN,
    )
    newcomer, current, former = (
        person(m, name=n) for n in ("Nova Candidata", "Atual Auxiliar", "Ex Auxiliar")
    )
    auxiliary(m, current, dt.date(2022, 1, 5))
    auxiliary(m, former, dt.date(2018, 3, 1), removed=OPEN)
    clerk = actor(m.slug, Role.ATENDENTE)
    apps = [
        tender_apply(actor=clerk, municipality=m, tender=tender, person=p)
        for p in (newcomer, current, former)
    ]
    tender_evaluate(actor=boss(m), municipality=m, tender=tender, on=OPEN)
    with tenant(m):
        assert all(a.eligible for a in TenderApplicant.objects.filter(tender=tender))
    return m, tender, apps


def ended(permit, status, on):  # type: ignore[no-untyped-def]
    """``permit`` ended on ``on`` with ``status``, as its status history records it."""
    permit.status = status
    permit.save(update_fields=["status"])
    PermitStatusChange.objects.create(
        permit=permit, from_status="active", to_status=status, effective_on=on, reason="t"
    )


def rank(m, tender, order, scores):  # type: ignore[no-untyped-def]
    """The commission ranks ``order`` (its tie-break) with ``scores`` on the other criteria."""
    tender_rank(
        actor=boss(m),
        municipality=m,
        tender=tender,
        ranking=[a.pk for a in order],
        scores={a.pk: score for a, score in zip(order, scores, strict=True)},
    )


def ranks(m, tender):  # type: ignore[no-untyped-def]
    with tenant(m):
        return {
            a.person.name: (a.rank, a.decision.get("classification"))
            for a in TenderApplicant.objects.filter(tender=tender).select_related("person")
        }


def test_art_48_a_current_auxiliary_is_ranked_by_score_plus_points(tender3):
    m, tender, (newcomer, current, former) = tender3
    rank(m, tender, [newcomer, former, current], [8, 9, 3])
    got = ranks(m, tender)
    # Example weights: 5 + 1 per full year (4) = 9 points; 3 + 9 = 12.
    assert got["Atual Auxiliar"][0] == 1
    assert got["Atual Auxiliar"][1] == {"score": "3", "points": 9, "current": True, "total": "12"}
    assert got["Ex Auxiliar"][0] == 2 and got["Ex Auxiliar"][1]["points"] == 0
    assert got["Nova Candidata"][0] == 3 and not got["Nova Candidata"][1]["current"]
    with tenant(m):
        act = Act.objects.get(action="tender.rank", object_id=str(tender.pk))
    basis = act.record["basis"]
    assert any("art. 48" in c for c in basis["citations"])
    assert act.record["payload"]["new"]["scores"][str(current.person_id)] == "3"


def test_art_48_ties_keep_the_commissions_order(tender3):
    m, tender, (newcomer, current, former) = tender3
    # 12 = 12: the commission's order (newcomer first) breaks the tie.
    tender_rank(
        actor=boss(m),
        municipality=m,
        tender=tender,
        ranking=[newcomer.pk, current.pk, former.pk],
        scores={newcomer.pk: 12, current.pk: 3, former.pk: 1},
    )
    got = ranks(m, tender)
    assert (got["Nova Candidata"][0], got["Atual Auxiliar"][0]) == (1, 2)


def test_art_48_a_negative_score_or_one_outside_the_ranking_is_refused(tender3):
    m, tender, (newcomer, current, former) = tender3
    order = [newcomer.pk, current.pk, former.pk]
    with pytest.raises(FieldError) as exc:
        tender_rank(
            actor=boss(m), municipality=m, tender=tender, ranking=order, scores={newcomer.pk: -1}
        )
    assert exc.value.field == "nota"
    with pytest.raises(FieldError):
        tender_rank(actor=boss(m), municipality=m, tender=tender, ranking=order, scores={99999: 1})
    assert all(rank is None for rank, _ in ranks(m, tender).values())


def test_art_48_the_periods_come_from_the_records(ipatinga_m):
    m = ipatinga_m
    who = person(m, name="Ex Titular")
    with tenant(m):
        permit = taxi_permit(m)
        permit.holder = who
        permit.save()
        ended(permit, Permit.Status.EXTINCT, dt.date(2025, 6, 1))
    auxiliary(m, who, dt.date(2025, 6, 1))
    with tenant(m):
        periods = taxista_periods(who)
    assert periods == [
        {"role": "titular", "from": "2025-01-01", "until": "2025-05-31"},
        {"role": "auxiliar", "from": "2025-06-01", "until": None},
    ]
    company = person(m, legal=True)
    with tenant(m):
        assert taxista_periods(company) == []


def test_art_48_on_the_screen_scores_with_a_comma_and_the_points_shown(tender3, user_of):
    m, tender, (newcomer, current, former) = tender3
    c = Client()
    c.force_login(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/licitacoes/{tender.pk}/"
    page = c.get(url).content.decode()
    assert "atuais taxistas" in page and "art. 48" in page
    assert f'name="score_{current.pk}"' in page
    body = {
        "step": "ranking",
        f"rank_{newcomer.pk}": "1",
        f"rank_{current.pk}": "2",
        f"rank_{former.pk}": "3",
        f"score_{newcomer.pk}": "7,5",
        f"score_{current.pk}": "0",
        f"score_{former.pk}": "2",
    }
    assert c.post(url, body).status_code == 302
    page = c.get(url).content.decode()
    assert "Nota 7,5 + 0 ponto(s)" in page and "<strong>7,5</strong>" in page
    assert "Nota 0 + 9 ponto(s) de atual taxista (sim; art. 48)" in page
    assert ranks(m, tender)["Atual Auxiliar"][0] == 1


def test_art_48_through_the_api(tender3, user_of):
    m, tender, (newcomer, current, former) = tender3
    c = Client()
    c.force_login(user_of("ipatinga", Role.AUTORIDADE))
    r = c.post(
        f"{API}/tenders/{tender.pk}/ranking",
        {
            "ranking": [newcomer.pk, current.pk, former.pk],
            "scores": {str(newcomer.pk): "9.5", str(current.pk): 1},
        },
        content_type="application/json",
    )
    assert r.status_code == 200, r.content
    by_id = {a["id"]: a for a in r.json()["applicants"]}
    assert by_id[current.pk]["rank"] == 1  # 1 + 9 = 10 > 9,5
    assert by_id[current.pk]["decision"]["classification"]["total"] == "10"
    assert by_id[former.pk]["decision"]["classification"]["score"] == "0"


def test_art_48_an_auxiliary_of_a_permit_that_ended_is_not_a_current_taxista(tender3):
    """Art. 4 XIV: the taxista auxiliar is "vinculado ao permissionário", inscribed for the
    permissionário's vehicle (art. 20, parágrafo único): once that permission is cassada, the
    auxiliary is no longer inscribed as its auxiliary, though the row was never marked removed.
    On the day the tender opens such a person is not a current taxista (art. 48) and earns no
    points; the period ends the day before the permission ended."""
    m, tender, (newcomer, current, former) = tender3
    with tenant(m):
        aux = Auxiliary.objects.select_related("permit").get(person=current.person)
        ended(aux.permit, Permit.Status.CASSADA, dt.date(2025, 6, 1))
        assert aux.status == Auxiliary.Status.ACTIVE  # the link was never ended by hand
        assert taxista_periods(current.person) == [
            {"role": "auxiliar", "from": "2022-01-05", "until": "2025-05-31"}
        ]
    rank(m, tender, [newcomer, current, former], [8, 3, 9])
    got = ranks(m, tender)
    assert got["Atual Auxiliar"][1] == {"score": "3", "points": 0, "current": False, "total": "3"}
    assert got["Atual Auxiliar"][0] == 3


def test_art_48_a_successor_is_a_taxista_from_the_transfer_not_from_the_grant(ipatinga_m):
    """Art. 13, parágrafo único: the permission passes to the successor on the holder's death or
    incapacity. The successor is a titular taxista from the day the transfer took effect, not
    from the grant to the one it succeeded; the predecessor was one up to the day before."""
    m = ipatinga_m
    heir, predecessor = person(m, name="Herdeira"), person(m, name="Titular Anterior")
    with tenant(m):
        permit = taxi_permit(m)
        permit.holder = heir
        permit.save()
        PermitHolderChange.objects.create(
            permit=permit,
            from_holder=predecessor,
            to_holder=heir,
            effective_on=dt.date(2025, 9, 10),
        )
        assert taxista_periods(heir) == [{"role": "titular", "from": "2025-09-10", "until": None}]
        assert taxista_periods(predecessor) == [
            {"role": "titular", "from": "2025-01-01", "until": "2025-09-09"}
        ]
