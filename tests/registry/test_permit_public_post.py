"""Mototaxi art. 2 XXIV through the product: the permission is suspended while the holder holds an
elected or confidence post, and comes back when the holder leaves it — without the proof of art.
32 §2, which is for a penalty's suspension."""

from __future__ import annotations

import datetime as dt

from django.test import Client
from registry_factories import make_permit

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit
from outorga.registry.services.permit_status import permit_suspend

TOOK = "2026-01-01"


def _client(user_of, role=Role.AUTORIDADE) -> Client:
    c = Client()
    c.force_login(user_of("ipatinga", role))
    return c


def test_art_2_xxiv_suspended_while_in_office_and_back_after_leaving_it(ipatinga_m, user_of):
    permit = make_permit(ipatinga_m, "CARGO")
    c = _client(user_of)
    base = f"/api/v1/registry/permits/{permit.pk}/public-post-suspension"
    r = c.post(base, {"post": "eletivo", "took_office_on": TOOK}, content_type="application/json")
    assert r.status_code == 200, r.content
    with tenant(ipatinga_m):
        permit.refresh_from_db()
        assert permit.status == Permit.Status.SUSPENDED and permit.suspended_until is None
        act = Act.objects.filter(action="permit.suspended").latest("id")
    assert "art. 2, XXIV" in str(act.record)
    body = {"post": "eletivo", "took_office_on": TOOK, "left_office_on": "2028-12-31"}
    # The return is the clerk's, as any return to active (art. 4 §1).
    c = _client(user_of, Role.ATENDENTE)
    # Still in office on the last day: the suspension goes on.
    r = c.post(f"{base}/end", {**body, "on": "2028-12-31"}, content_type="application/json")
    assert r.status_code == 422 and "ainda exerce o cargo" in r.content.decode()
    r = c.post(f"{base}/end", {**body, "on": "2029-01-01"}, content_type="application/json")
    assert r.status_code == 200, r.content
    with tenant(ipatinga_m):
        permit.refresh_from_db()
    assert permit.status == Permit.Status.ACTIVE


def test_art_2_xxiv_a_post_the_law_does_not_name_is_refused_naming_the_field(ipatinga_m, user_of):
    permit = make_permit(ipatinga_m, "CARGO2")
    r = _client(user_of).post(
        f"/api/v1/registry/permits/{permit.pk}/public-post-suspension",
        {"post": "efetivo", "took_office_on": TOOK},
        content_type="application/json",
    )
    assert r.status_code == 422 and "cargo" in r.content.decode()
    with tenant(ipatinga_m):
        permit.refresh_from_db()
    assert permit.status == Permit.Status.ACTIVE


def test_art_2_xxiv_a_penaltys_suspension_does_not_end_by_leaving_a_post(ipatinga_m, user_of):
    permit = make_permit(ipatinga_m, "CARGO3")
    c = _client(user_of)
    # A penalty's suspension: the count of art. 32 I, as enforcement imposes it.
    permit_suspend(
        actor=Actor.of(user_of(ipatinga_m.slug, Role.AUTORIDADE)),
        municipality=ipatinga_m,
        permit=permit,
        days=15,
        start=dt.date(2026, 4, 1),
        reason="penalidade",
        grounds={"kind": "escalation", "days": 15, "infractions": ["AI-1", "AI-2", "AI-3"]},
    )
    r = c.post(
        f"/api/v1/registry/permits/{permit.pk}/public-post-suspension/end",
        {
            "post": "eletivo",
            "took_office_on": TOOK,
            "left_office_on": "2026-01-02",
            "on": "2026-05-01",
        },
        content_type="application/json",
    )
    assert r.status_code == 409 and "penalidade" in r.content.decode()


# --- the clerk screen ----------------------------------------------------------------------------


def test_art_2_xxiv_the_screen_suspends_for_the_post_and_ends_it_after_leaving(ipatinga_m, user_of):
    permit = make_permit(ipatinga_m, "CARGO4")
    page = f"/cadastro/permissoes/{permit.pk}/"
    authority = _client(user_of)
    assert "Suspender por cargo público (art. 2, XXIV)" in authority.get(page).content.decode()
    r = authority.get(f"{page}cargo-publico/")
    assert r.status_code == 200 and "art. 2, XXIV" in r.content.decode()
    r = authority.post(f"{page}cargo-publico/", {"post": "confianca", "took_office_on": TOOK})
    assert r.status_code == 302, r.content.decode()
    with tenant(ipatinga_m):
        permit.refresh_from_db()
    assert permit.status == Permit.Status.SUSPENDED and permit.suspended_until is None
    clerk = _client(user_of, Role.ATENDENTE)
    assert "Encerrar a suspensão por cargo público" in clerk.get(page).content.decode()
    end = f"{page}cargo-publico/encerrar/"
    body = {"post": "confianca", "took_office_on": TOOK, "left_office_on": "2027-06-30"}
    # Still in office on the day asked: refused, with the article, and nothing changes.
    r = clerk.post(end, {**body, "on": "2027-06-30"})
    text = r.content.decode()
    assert r.status_code == 200 and "ainda exerce o cargo" in text and "art. 2, XXIV" in text
    with tenant(ipatinga_m):
        permit.refresh_from_db()
    assert permit.status == Permit.Status.SUSPENDED
    r = clerk.post(end, {**body, "on": "2027-07-01"})
    assert r.status_code == 302
    with tenant(ipatinga_m):
        permit.refresh_from_db()
    assert permit.status == Permit.Status.ACTIVE


def test_art_2_xxiv_the_clerk_may_not_suspend_for_a_post(ipatinga_m, user_of):
    """Suspending is the authority's (art. 34); the clerk's screen says so and nothing changes."""
    permit = make_permit(ipatinga_m, "CARGO5")
    clerk = _client(user_of, Role.ATENDENTE)
    page = f"/cadastro/permissoes/{permit.pk}/"
    assert "Suspender por cargo público" not in clerk.get(page).content.decode()
    r = clerk.post(f"{page}cargo-publico/", {"post": "eletivo", "took_office_on": TOOK})
    assert r.status_code in (200, 403)
    with tenant(ipatinga_m):
        permit.refresh_from_db()
    assert permit.status == Permit.Status.ACTIVE
