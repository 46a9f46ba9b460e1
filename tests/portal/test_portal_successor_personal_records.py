"""A taxi permission passes to a successor on the holder's death or incapacity (taxi law 2017,
art. 13, parágrafo único): the successor takes the permission, not the predecessor's personal
records. The predecessor's requests to the desk (the auxiliary named with CPF and name, the notes),
their registration requests, their documents and the documents they sent (RG, CNH, medical and
criminal certificates: personal data, LGPD art. 5, I–II), their debts and their avisos stay the
predecessor's: the successor's portal — the home, the permit's page, the applicant's page, the
registration page, the debts — never shows them, while the predecessor's own login and the desk
still do. The permit's own record (its number, dates, status history, vehicle and the vehicle's
documents) passes with the permission."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.base import ContentFile
from django.test import Client
from django.utils import timezone
from finance_factories import make_debt
from registry_factories import TAXI_ON as ON
from registry_factories import (
    grant,
    person,
    portal_login,
    taxi_documents,
    taxi_holder,
    transfer,
)

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import (
    Document,
    DocumentSubmission,
    HolderRequest,
    Notification,
    RegistrationRequest,
)
from outorga.registry.notifications import notification_send

pytestmark = pytest.mark.django_db

AUX_NAME = "Carlos Auxiliar da Olga"
AUX_CPF = "52998224725"
NOTE = "Observação pessoal da Olga"
REG_TEXT = "Mudei para a Rua da Olga, 77"
OLGA_RG = "RG-OLGA-4411"
OLGA_SENT = "Atestado médico da Olga ilegível"
AVISO = "Aviso pessoal da Olga sobre o seu pedido"
VEHICLE_DOC = "CRLV-DO-TAXI-55"


def _client(user) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def transferred(ipatinga_m):  # type: ignore[no-untyped-def]
    """Olga's permit, her requests, documents, a debt and an aviso; then the permit passed to
    her heir Hugo (art. 13, parágrafo único), both with a portal login."""
    m = ipatinga_m
    olga, vehicle = taxi_holder(m, ON, name="Olga Predecessora")
    permit = grant(m, olga, vehicle)
    olga_user = portal_login(m, olga)
    r = _client(olga_user).post(
        f"/portal/permissoes/{permit.pk}/pedidos/auxiliar/",
        {"document": AUX_CPF, "name": AUX_NAME, "note": NOTE},
    )
    assert r.status_code == 302
    _client(olga_user).post(f"/portal/permissoes/{permit.pk}/pedidos/renovacao/", {})
    with tenant(m):
        assert HolderRequest.objects.filter(permit=permit, person=olga).count() == 2
        RegistrationRequest.objects.create(
            person=olga, kind="update", text=REG_TEXT, requested_on=ON
        )
        Document.objects.create(
            doc_type=Document.Type.RG, person=olga, number=OLGA_RG, issued_on=ON
        )
        Document.objects.create(
            doc_type=Document.Type.CRLV, vehicle=vehicle, number=VEHICLE_DOC, issued_on=ON
        )
        sub = DocumentSubmission(
            person=olga,
            service="taxi",
            doc_type=Document.Type.MEDICAL,
            number=OLGA_SENT,
            issued_on=ON,
            content_type="application/pdf",
            sha256="0" * 64,
            submitted_at=timezone.now(),
            status=DocumentSubmission.Status.REFUSED,
            reviewed_at=timezone.now(),
            refusal_reason=OLGA_SENT,
        )
        sub.file.save("atestado.pdf", ContentFile(b"%PDF-1.4 olga"), save=True)
    debt = make_debt(m, olga, permit=permit)
    notification_send(
        municipality=m,
        key="olga:pessoal",
        kind=Notification.Kind.OTHER,
        message=AVISO,
        person=olga,
        permit=permit,
    )
    hugo = person(m, name="Hugo Herdeiro")
    taxi_documents(hugo, ON + dt.timedelta(days=60))
    transfer(m, permit, hugo, ON + dt.timedelta(days=60), "falecimento")
    hugo_user = portal_login(m, hugo)
    return m, permit, olga_user, hugo_user, debt


def _pages(c: Client, permit_id: int) -> dict[str, str]:
    urls = {
        "home": "/portal/",
        "permit": f"/portal/permissoes/{permit_id}/",
        "apply": "/portal/candidatura/",
        "registration": "/portal/cadastro/",
        "debts": "/portal/debitos/",
    }
    out = {}
    for name, url in urls.items():
        r = c.get(url)
        assert r.status_code == 200, (name, r.status_code)
        out[name] = r.content.decode()
    return out


def test_art_13_par_unico_the_successor_never_reaches_the_predecessor_s_requests(transferred):
    _m, permit, _olga, hugo, _debt = transferred
    c = _client(hugo)
    page = c.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert AUX_NAME not in page and NOTE not in page
    assert "Meus pedidos desta permissão" not in page
    # The predecessor's pending renewal is not the successor's: the successor may ask their own.
    assert "O seu pedido de renovação aguarda" not in page
    assert f'action="/portal/permissoes/{permit.pk}/pedidos/renovacao/"' in page
    registration = c.get("/portal/cadastro/").content.decode()
    assert "atualização do cadastro —" not in registration and "Nenhum." in registration


def test_art_13_par_unico_the_successor_s_request_is_their_own_not_the_predecessor_s(
    transferred,
):
    m, permit, _olga, hugo, _debt = transferred
    r = _client(hugo).post(f"/portal/permissoes/{permit.pk}/pedidos/renovacao/", {})
    assert r.status_code == 302
    with tenant(m):
        mine = HolderRequest.objects.filter(permit=permit, kind="renewal", person__user=hugo)
        assert mine.filter(status=HolderRequest.Status.PENDING).count() == 1


def test_art_13_par_unico_the_successor_never_reaches_the_predecessor_s_documents(transferred):
    _m, permit, _olga, hugo, _debt = transferred
    pages = _pages(_client(hugo), permit.pk)
    for name, page in pages.items():
        assert OLGA_RG not in page, name
        assert OLGA_SENT not in page, name


def test_art_13_par_unico_the_successor_never_reaches_the_predecessor_s_debts_and_avisos(
    transferred,
):
    _m, permit, _olga, hugo, debt = transferred
    c = _client(hugo)
    pages = _pages(c, permit.pk)
    for name, page in pages.items():
        assert debt.reference not in page, name
        assert AVISO not in page, name
    assert c.get(f"/portal/debitos/{debt.pk}/documento.pdf").status_code == 404


def test_art_13_par_unico_the_permit_s_own_record_passes_to_the_successor(transferred):
    _m, permit, _olga, hugo, _debt = transferred
    page = _client(hugo).get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert permit.number in page
    assert VEHICLE_DOC in page  # the vehicle's CRLV: the vehicle passes with the permit


def test_art_13_par_unico_the_predecessor_and_the_desk_still_see_the_predecessor_s_records(
    transferred, user_of
):
    m, permit, olga, _hugo, debt = transferred
    c = _client(olga)
    assert c.get(f"/portal/permissoes/{permit.pk}/").status_code == 404  # no longer her permit
    assert "atualização do cadastro —" in c.get("/portal/cadastro/").content.decode()
    home = c.get("/portal/").content.decode()
    assert OLGA_RG in home and AVISO in home
    assert OLGA_SENT in c.get("/portal/candidatura/").content.decode()
    assert debt.reference in c.get("/portal/debitos/").content.decode()
    with tenant(m):
        filed = list(HolderRequest.objects.filter(permit=permit, person__user=olga))
    assert {r.kind for r in filed} == {"auxiliary", "renewal"}
    desk = _client(user_of("ipatinga", Role.ATENDENTE))
    for req in filed:
        page = desk.get(f"/cadastro/pedidos/{req.pk}/").content.decode()
        assert "Olga Predecessora" in page
    assert AUX_NAME in desk.get(f"/cadastro/pedidos/{filed[0].pk}/").content.decode() or (
        AUX_NAME in desk.get(f"/cadastro/pedidos/{filed[1].pk}/").content.decode()
    )


def test_art_13_par_unico_the_predecessor_s_waiting_requests_close_at_the_transfer(transferred):
    """The desk can no longer grant the predecessor's renewal or auxiliary on a permit that is now
    another's: each is closed with the reason and the article, told to the predecessor."""
    m, permit, olga, _hugo, _debt = transferred
    with tenant(m):
        filed = list(HolderRequest.objects.filter(permit=permit, person__user=olga))
        assert {r.status for r in filed} == {HolderRequest.Status.REFUSED}
        assert all("art. 13, parágrafo único" in r.outcome for r in filed)
        told = Notification.objects.filter(person__user=olga, message__contains="encerrado")
        assert told.count() == 2
