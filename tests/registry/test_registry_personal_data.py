"""Personal data on the registry screens: a role outside SEES_DOCUMENT (JARI, Chefe do
Executivo) sees the CPF masked on the page and nowhere in full, not even in a link's query string
(where it would also land in access logs, browser history and the Referer header)."""

from __future__ import annotations

import pytest
from django.test import Client
from registry_factories import TAXI_ON as ON
from registry_factories import grant, person, taxi_holder

from outorga.core.access import NOT_STAFF
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import ExtinctionCase, TenderApplicant
from outorga.registry.selectors import SEES_DOCUMENT
from outorga.registry.validation import format_cpf

C = "/cadastro"
P = f"{C}/permissoes"
MASKED_ROLES = [r for r in (Role.JARI, Role.CHEFE_EXECUTIVO) if r not in SEES_DOCUMENT]


def client_as(user_of, slug: str, role: Role) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of(slug, role))
    return c


@pytest.fixture
def world(ipatinga_m):  # type: ignore[no-untyped-def]
    """A taxi holder with a permit, a tender application and an extinction case."""
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    with tenant(m):
        applicant = TenderApplicant.objects.filter(person=holder).select_related("tender").get()
        case = ExtinctionCase.objects.create(
            permit=permit,
            number=1,
            cause="abandono",
            inciso="II",
            facts="Fatos constatados.",
            opened_on=ON,
        )
    return holder, vehicle, permit, applicant.tender, case


def _pages(world) -> list[str]:  # type: ignore[no-untyped-def]
    holder, vehicle, permit, tender, case = world
    return [
        f"{C}/pessoas/{holder.pk}/",
        f"{C}/pessoas/{holder.pk}/?servico=motofrete",
        f"{C}/pessoas/",
        f"{C}/pessoas/?formato=csv",
        f"{C}/veiculos/",
        f"{P}/",
        f"{C}/veiculos/{vehicle.pk}/",
        f"{P}/{permit.pk}/",
        f"{P}/nova/?pessoa={holder.pk}",
        f"{P}/taxi/nova/?pessoa={holder.pk}",
        f"{P}/{permit.pk}/auxiliares/novo/",
        f"{P}/{permit.pk}/veiculo/substituir/",
        f"{P}/{permit.pk}/veiculo/reserva/",
        f"{P}/{permit.pk}/veiculo/permuta/",
        f"{P}/{permit.pk}/renunciar/",
        f"{P}/{permit.pk}/reserva/",
        f"{P}/{permit.pk}/transferir/",
        f"{P}/{permit.pk}/extincao/",
        f"{C}/extincoes/{case.pk}/",
        f"/licitacoes/{tender.pk}/",
        f"/termos/{permit.pk}/",
    ]


@pytest.mark.parametrize("role", MASKED_ROLES, ids=lambda r: r.value)
def test_a_role_that_sees_the_cpf_masked_finds_it_nowhere_in_full(world, user_of, role):
    holder = world[0]
    c = client_as(user_of, "ipatinga", role)
    reached = 0
    for url in _pages(world):
        r = c.get(url)
        assert r.status_code in (200, 403, 404), (url, r.status_code)
        html = b"".join(r.streaming_content if r.streaming else [r.content]).decode()
        assert holder.document not in html, url
        assert format_cpf(holder.document) not in html, url
        reached += r.status_code == 200
    # The person page itself is reached and shows the masked CPF.
    page = c.get(f"{C}/pessoas/{holder.pk}/").content.decode()
    assert holder.masked_document in page
    assert reached >= 5


@pytest.mark.parametrize("role", MASKED_ROLES, ids=lambda r: r.value)
def test_the_taxi_grant_link_is_not_offered_to_a_role_that_cannot_grant(world, user_of, role):
    holder = world[0]
    page = client_as(user_of, "ipatinga", role).get(f"{C}/pessoas/{holder.pk}/").content.decode()
    assert f"{P}/taxi/nova/" not in page


def test_the_clerk_link_to_the_taxi_grant_names_the_person_by_id_not_by_cpf(world, user_of):
    holder = world[0]
    c = client_as(user_of, "ipatinga", Role.ATENDENTE)
    page = c.get(f"{C}/pessoas/{holder.pk}/").content.decode()
    assert f'href="{P}/taxi/nova/?pessoa={holder.pk}"' in page
    assert "documento=" not in page
    # The grant screen fills the holder in from the id, for the clerk who may grant (art. 3).
    form = c.get(f"{P}/taxi/nova/?pessoa={holder.pk}").content.decode()
    assert f'value="{holder.document}"' in form


def test_a_person_id_of_another_municipality_fills_nothing_in(world, user_of, barra_m):
    holder = world[0]
    c = client_as(user_of, "ipatinga", Role.ATENDENTE)
    other = person(barra_m)
    for pk in (other.pk, "x", ""):
        r = c.get(f"{P}/taxi/nova/?pessoa={pk}")
        assert r.status_code == 200
        html = r.content.decode()
        assert other.document not in html and format_cpf(other.document) not in html
    assert holder.document not in c.get(f"{P}/taxi/nova/?pessoa={other.pk}").content.decode()


def test_the_registry_search_posts_so_a_typed_cpf_stays_out_of_the_url(world, user_of):
    holder = world[0]
    c = client_as(user_of, "ipatinga", Role.ATENDENTE)
    page = c.get(f"{C}/").content.decode()
    assert '<form method="post" role="search"' in page
    found = c.post(f"{C}/", {"q": format_cpf(holder.document)}).content.decode()
    assert f'href="{C}/pessoas/{holder.pk}/"' in found


@pytest.mark.parametrize("role", MASKED_ROLES, ids=lambda r: r.value)
def test_a_role_that_sees_the_cpf_masked_cannot_find_a_person_by_it(world, user_of, role):
    holder = world[0]
    c = client_as(user_of, "ipatinga", role)
    for q in (holder.document, format_cpf(holder.document)):
        page = c.post(f"{C}/", {"q": q}).content.decode()
        assert f'href="{C}/pessoas/{holder.pk}/"' not in page
    # By name it is found, as before.
    page = c.post(f"{C}/", {"q": holder.name}).content.decode()
    assert f'href="{C}/pessoas/{holder.pk}/"' in page


@pytest.mark.parametrize("role", MASKED_ROLES, ids=lambda r: r.value)
def test_the_people_api_does_not_find_a_person_by_cpf_for_a_role_that_sees_it_masked(
    world, user_of, role
):
    """As on the screens: a CPF (or its first digits) typed into the API's search would tell who
    holds it, digit by digit, to a role that sees it masked."""
    holder = world[0]
    c = client_as(user_of, "ipatinga", role)
    for q in (holder.document, holder.document[:3], format_cpf(holder.document)):
        r = c.get("/api/v1/registry/people", {"q": q})
        assert r.status_code == 200
        assert holder.pk not in [p["id"] for p in r.json()["items"]], q
    by_name = c.get("/api/v1/registry/people", {"q": holder.name}).json()["items"]
    assert holder.pk in [p["id"] for p in by_name]


def test_the_people_api_finds_a_person_by_cpf_for_the_clerk(world, user_of):
    holder = world[0]
    c = client_as(user_of, "ipatinga", Role.ATENDENTE)
    for q in (holder.document, format_cpf(holder.document)):
        found = c.get("/api/v1/registry/people", {"q": q}).json()["items"]
        assert [p["id"] for p in found] == [holder.pk], q


def _auxiliary_request(world):  # type: ignore[no-untyped-def]
    """The holder asked, from the portal, the registration of an auxiliary by CPF."""
    from django.utils import timezone
    from validate_docbr import CPF

    from outorga.registry.models import HolderRequest

    holder, _, permit, _, _ = world
    with tenant(permit.municipality):
        return HolderRequest.objects.create(
            permit=permit,
            person=holder,
            kind=HolderRequest.Kind.AUXILIARY,
            auxiliary_document=CPF().generate(),
            auxiliary_name="Auxiliar Indicado",
            filed_at=timezone.now(),
        )


@pytest.mark.parametrize("role", MASKED_ROLES, ids=lambda r: r.value)
def test_lgpd_the_auxiliary_cpf_of_a_holders_request_is_masked_to_a_role_that_sees_it_masked(
    world, user_of, role
):
    """The request's page reaches every staff role; the auxiliary's CPF is personal data that only
    the roles of ``SEES_DOCUMENT`` read in full (the desk that registers the auxiliary)."""
    req = _auxiliary_request(world)
    cpf = req.auxiliary_document
    page = client_as(user_of, "ipatinga", role).get(f"{C}/pedidos/{req.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert cpf not in html and format_cpf(cpf) not in html
    assert f"***.{cpf[3:6]}.{cpf[6:9]}-**" in html
    clerk = client_as(user_of, "ipatinga", Role.ATENDENTE).get(f"{C}/pedidos/{req.pk}/")
    assert format_cpf(cpf) in clerk.content.decode()


#: Every municipal servant's role that opens the registry's screens and routes.
STAFF_ROLES = [r for r in Role if r.value not in NOT_STAFF]


def _records_the_registry(role: Role, holder) -> bool:  # type: ignore[no-untyped-def]
    """Who keeps the person's entry (and prints the badge that carries the blood type): the
    competence ``registry.record`` under the law the entry is kept under, on today's date."""
    from django.utils import timezone

    from outorga.law.competence import is_allowed
    from outorga.registry.selectors import registry_law

    with tenant(holder.municipality):
        law = registry_law(holder.municipality, person_id=holder.pk)
    return is_allowed(role, "registry.record", law, timezone.localdate())


@pytest.mark.parametrize("role", STAFF_ROLES, ids=lambda r: r.value)
def test_lgpd_the_blood_type_is_shown_only_to_the_desk_that_keeps_the_registry(
    world, user_of, role
):
    """The blood type and Rh are printed on the badge (mototaxi art. 2, VIII) but are health data
    (LGPD, Lei 13.709/2018, art. 5º, II; art. 11): the person's page and the people API give them
    only to the role that records the entry and prints the badge, never to the JARI, the mayor or
    finance, who judge and collect without them (art. 6º, III)."""
    holder = world[0]
    assert holder.blood_type
    sees = _records_the_registry(role, holder)
    c = client_as(user_of, "ipatinga", role)
    page = c.get(f"{C}/pessoas/{holder.pk}/")
    assert page.status_code == 200
    assert ("<dt>Tipo sanguíneo</dt>" in page.content.decode()) is sees
    for url in (f"/api/v1/registry/people/{holder.pk}", "/api/v1/registry/people"):
        r = c.get(url, {"q": holder.name})
        assert r.status_code == 200, url
        body = r.json()
        row = (
            body if "items" not in body else next(p for p in body["items"] if p["id"] == holder.pk)
        )
        assert row["blood_type"] == (holder.blood_type if sees else None), (url, role)


@pytest.mark.parametrize("role", STAFF_ROLES, ids=lambda r: r.value)
def test_lgpd_a_holders_new_address_and_phone_are_shown_only_to_the_desk_that_applies_them(
    world, user_of, role
):
    """A holder's request to update the register (mototaxi art. 4, §2) carries the new address,
    phone and e-mail; the person's page shows no contact to anyone but the desk that records it,
    and the request's page, open to every servant, must not either (LGPD art. 6º, III)."""
    from outorga.registry.models import RegistrationRequest

    holder = world[0]
    changes = {"address": "Rua Sigilosa, 77", "phone": "31 98888-1234", "email": "x@sigilo.test"}
    with tenant(holder.municipality):
        req = RegistrationRequest.objects.create(
            person=holder,
            kind=RegistrationRequest.Kind.UPDATE,
            changes=changes,
            text="Mudei de endereço.",
            requested_on=ON,
        )
    page = client_as(user_of, "ipatinga", role).get(f"{C}/pedidos-de-cadastro/{req.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    sees = _records_the_registry(role, holder)
    for value in changes.values():
        assert (value in html) is sees, (value, role)
    assert "Novo endereço" in html
