"""The auto on the street: found by the badge's QR code, photos checked by their magic bytes, the
auxiliary named as offender while the auto counts on the holder's permit (art. 31 §2)."""

from __future__ import annotations

import datetime as dt
import importlib
import sys
from pathlib import Path

import pytest
import registry_factories
from django.test import Client
from enforcement_factories import at, case_of, issue
from public_factories import badge_without_law
from validate_docbr import CPF

from outorga.core.acts import Actor
from outorga.core.localtime import today_of
from outorga.core.services import law_binding_record
from outorga.core.tenancy import tenant
from outorga.enforcement import selectors
from outorga.enforcement.models import InfractionPhoto
from outorga.enforcement.services.autos import infraction_issue
from outorga.enforcement.services.escalation import escalation_facts
from outorga.law.competence import Role
from outorga.registry.models import Auxiliary, Permit, Person
from outorga.registry.validation import FieldError

D = dt.date(2026, 4, 6)


def test_the_inspector_finds_the_permit_by_the_badge_qr_token_or_its_url(world, user_of):
    badge = badge_without_law(world.m, world.permit, world.clerk)
    with tenant(world.m):
        assert selectors.search(badge.token) == [world.permit]
        assert selectors.search(f"https://outorga.example/v/{badge.token}") == [world.permit]
        assert selectors.search(world.permit.vehicle.plate.lower()) == [world.permit]
    c = Client()
    c.force_login(user_of("ipatinga", Role.FISCAL))
    r = c.get("/fiscalizacao/", {"q": badge.token})
    assert world.permit.number in r.content.decode()


def _issue(world, **kw):
    return infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="art38-II",
        committed_at=at(D),
        place="Centro",
        description="x",
        agent_registration="F-1",
        permit=world.permit,
        offender_signed=True,
        **kw,
    )


def test_photos_are_kept_only_when_their_bytes_are_jpeg_or_png(world):
    png = registry_factories.png()
    auto = _issue(world, photos=[("foto.png", png)], gps=(-19.4683, -42.5367))
    with tenant(world.m):
        photo = InfractionPhoto.objects.get(auto=auto)
    assert photo.content_type == "image/png" and photo.size == len(png)
    assert float(auto.gps_lat) == pytest.approx(-19.4683)
    with pytest.raises(FieldError):
        _issue(world, photos=[("foto.png", b"MZ\x90\x00 not an image")])
    with pytest.raises(FieldError):
        _issue(world, photos=[("doc.pdf", b"%PDF-1.4 a pdf is not a photo")])


def test_art_31_par2_the_auxiliary_is_the_offender_and_the_auto_counts_on_the_permit(world):
    with tenant(world.m):
        helper = Person.objects.create(document=CPF().generate(), name="Auxiliar Silva")
        aux = Auxiliary.objects.create(
            permit=world.permit, person=helper, registration_number=12, added_on=D
        )
    auto = _issue(world, committed_by="auxiliary", auxiliary=aux)
    assert auto.offender_name == "Auxiliar Silva" and auto.offender_registration == "12"
    assert auto.permit_id == world.permit.pk and auto.holder_name == world.permit.holder.name
    with tenant(world.m):
        facts = escalation_facts(world.permit)
    assert facts["infractions"][0]["by_auxiliary"] is True


def test_d15_the_auto_applies_the_law_bound_on_the_date_of_the_fact(world, user_of):
    # The mototaxi service passes to another law on 01/07/2026; a fact of 06/04/2026 written up
    # after that is still judged by the 2013 law (its catalog, art. 29–30, competence).
    sys.path.insert(0, str(Path(__file__).parents[1] / "lawbooks"))
    vila = importlib.import_module("vila_serena_mototaxi_2026")
    old_law = world.permit.law_on(D)
    law_binding_record(
        actor=Actor.of(user_of(world.m.slug, Role.ADMIN), "198.51.100.9"),
        municipality=world.m,
        service="mototaxi",
        law=vila.LAW_ID,
        valid_from=dt.date(2026, 7, 1),
        reference="Lei de teste",
    )
    with tenant(world.m):
        permit = Permit.objects.get(pk=world.permit.pk)
    assert permit.law_on(dt.date(2026, 7, 1)) == vila.LAW_ID != old_law
    auto = issue(world, on=D, permit=permit)
    assert auto.law == old_law and auto.provision.startswith("Lei de mototáxi de Ipatinga")
    assert case_of(world, auto).law == old_law


def test_art_30_d_4_an_auto_at_brasilias_midnight_is_of_the_municipalitys_day(world):
    """An auto drawn up at 23:30 of 30/06/2026 in a municipality on Cuiabá's clock (00:30 of 01/07
    in Brasília), signed by the offender (art. 30 X): the fact, and the notice the signature is,
    are of the municipality's 30/06, whatever the server's clock (D-4)."""
    world.m.uf = "MT"  # the same law, on Barra do Garças' clock
    auto = infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="art38-II",
        committed_at=dt.datetime(2026, 7, 1, 3, 30, tzinfo=dt.UTC),
        place="Centro",
        description="x",
        agent_registration="F-1",
        permit=world.permit,
        offender_signed=True,
    )
    case = case_of(world, auto)
    with tenant(world.m):
        notice = case.notices.get()
    assert (notice.act_on, notice.notified_on) == (dt.date(2026, 6, 30), dt.date(2026, 6, 30))


def test_an_auto_of_a_fact_in_the_future_is_refused_naming_the_date(world, user_of):
    """A mistyped year (2027 for 2026) made an auto, its notice and its defence period run from a
    day yet to come; the screen says which field and keeps what was typed."""
    later = today_of(world.m) + dt.timedelta(days=36)
    with pytest.raises(FieldError) as refused:
        infraction_issue(
            actor=world.fiscal,
            municipality=world.m,
            code="art38-II",
            committed_at=at(later),
            place="Centro",
            description="x",
            agent_registration="F-1",
            permit=world.permit,
            offender_signed=True,
        )
    assert refused.value.field == "data" and f"{later:%d/%m/%Y}" in refused.value.message
    c = Client()
    c.force_login(user_of("ipatinga", Role.FISCAL))
    r = c.post(
        f"/fiscalizacao/autos/novo/?permit={world.permit.pk}",
        {
            "code": "art38-II",
            "committed_by": "holder",
            "place": "Av. Brasil, 100",
            "date": later.isoformat(),
            "time": "10:30",
            "description": "Condutor sem asseio",
            "agent_registration": "F-123",
            "signature": "signed",
        },
    )
    html = r.content.decode()
    assert r.status_code != 302 and "não pode estar no futuro" in html
    assert "Av. Brasil, 100" in html and "Condutor sem asseio" in html
    with tenant(world.m):
        assert not world.permit.autos.exists()
