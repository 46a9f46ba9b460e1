"""The holder's portal: own permits with status and validity, documents and their expiry with a
colour and a word, avisos; never another holder's rows, not even in the same municipality."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from portal_factories import make_holder

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.portal import selectors
from outorga.registry.models import Notification, Person
from outorga.registry.notifications import notification_send

TODAY = dt.date(2025, 12, 20)


@pytest.fixture
def holders(ipatinga_m, user_of):  # type: ignore[no-untyped-def]
    """Ana is the demo holder user; Bruno is another holder of the same municipality."""
    with tenant(ipatinga_m):
        ana = make_holder(
            name="Ana Titular",
            user=user_of("ipatinga", Role.PERMISSIONARIO),
            plate="ANA1A11",
            number="MT-0001",
            reg=1,
        )
        bruno = make_holder(name="Bruno Vizinho", plate="BRU2B22", number="MT-0002", reg=2)
        for person, permit in (ana, bruno):
            notification_send(
                municipality=ipatinga_m,
                key=f"teste:{permit.pk}",
                kind=Notification.Kind.DOCUMENT_EXPIRING,
                message=f"Aviso para {person.name}",
                person=person,
                permit=permit,
                due_on=dt.date(2026, 1, 1),
            )
    return ana, bruno


@pytest.fixture
def ana_client(user_of):  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.PERMISSIONARIO))
    return c


def test_the_holder_sees_own_permit_documents_and_avisos(holders, ana_client, monkeypatch):
    monkeypatch.setattr("django.utils.timezone.localdate", lambda *a, **k: TODAY)
    (ana, permit), _ = holders
    page = ana_client.get("/portal/").content.decode()
    assert "Permissão MT-0001" in page and "ativa" in page
    assert "10/01/2025 a 10/01/2035" in page  # term, dd/mm/aaaa
    assert "Aviso para Ana Titular" in page
    # Inspection report expires on 01/01/2026: 12 days left → "a vencer", warning colour.
    assert 'class="state warning">a vencer' in page and "faltam 12 dias" in page
    assert 'class="state success">válido' in page  # medical certificate until 01/03/2026


def test_an_expired_document_shows_in_red_with_the_word(holders, ana_client, monkeypatch):
    monkeypatch.setattr("django.utils.timezone.localdate", lambda *a, **k: dt.date(2026, 1, 5))
    page = ana_client.get("/portal/").content.decode()
    assert 'class="state danger">vencido' in page


def test_a_holder_never_sees_another_holder_of_the_same_municipality(holders, ana_client):
    _, (bruno, bruno_permit) = holders
    page = ana_client.get("/portal/").content.decode()
    assert "MT-0002" not in page and "Bruno" not in page and "BRU2B22" not in page
    assert ana_client.get(f"/portal/permissoes/{bruno_permit.pk}/").status_code == 404
    with tenant(bruno_permit.municipality):
        notice = Notification.objects.get(person=bruno, key=f"teste:{bruno_permit.pk}")
    assert ana_client.post(f"/portal/avisos/{notice.pk}/lido/").status_code == 404
    with tenant(bruno_permit.municipality):
        assert Notification.objects.get(pk=notice.pk).read_at is None


def test_the_holder_opens_own_permit_and_marks_an_aviso_read(holders, ana_client):
    (ana, permit), _ = holders
    page = ana_client.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert "<h1>Permissão MT-0001</h1>" in page and "ANA1A11" in page
    assert "<td>ativa</td><td>outorga</td>" in page  # status history, in words
    with tenant(permit.municipality):
        notice = Notification.objects.get(person=ana, key=f"teste:{permit.pk}")
    r = ana_client.post(f"/portal/avisos/{notice.pk}/lido/")
    assert r.status_code == 302
    with tenant(permit.municipality):
        assert Notification.objects.get(pk=notice.pk).read_at is not None


def test_other_roles_and_unlinked_users_do_not_enter_the_portal(ipatinga_m, user_of):
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    assert c.get("/portal/").status_code == 403
    holder = user_of("ipatinga", Role.PERMISSIONARIO)
    with tenant(ipatinga_m):
        Person.objects.filter(user=holder).update(user=None)  # unlink the demo person
    c.force_login(holder)
    r = c.get("/portal/")
    assert r.status_code == 403 and "não está vinculado" in r.content.decode()
    assert Client().get("/portal/").status_code == 302  # login first


def test_the_clerk_lists_the_avisos_and_the_holder_cannot(holders, user_of):
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    page = c.get("/avisos/").content.decode()
    assert "Aviso para Ana Titular" in page and "Aviso para Bruno Vizinho" in page
    if selectors.first_url(("registry:permit",), permit_id=1):  # the clerk's permit page
        assert "MT-0001</a>" in page
    c.force_login(user_of("ipatinga", Role.PERMISSIONARIO))
    assert c.get("/avisos/").status_code == 403


def test_links_to_other_areas_appear_only_when_their_routes_exist(holders, ana_client, monkeypatch):
    monkeypatch.setattr(
        selectors,
        "PORTAL_LINKS",
        [("Meus débitos", ("finance:nao_existe", "core:municipality")), ("X", ("nada:aqui",))],
    )
    page = ana_client.get("/portal/").content.decode()
    assert 'href="/municipio/">Meus débitos' in page
    assert ">X<" not in page


def test_sending_the_same_aviso_twice_creates_it_once(ipatinga_m):
    for _ in range(2):
        n, created = notification_send(
            municipality=ipatinga_m, key="k:1", kind="other", message="olá"
        )
    assert not created
    with tenant(ipatinga_m):
        assert Notification.objects.filter(key="k:1").count() == 1


def _issue_badges(holders, user_of):  # type: ignore[no-untyped-def]
    """Photo and CNH for Ana and Bruno, and a badge of each one's permit issued by the clerk."""
    import io as _io

    from django.core.files.base import ContentFile
    from PIL import Image

    from outorga.core.acts import Actor
    from outorga.public.services import badge_issue
    from outorga.registry.models import DrivingLicence

    (ana, permit), (bruno, bruno_permit) = holders
    m = permit.municipality
    with tenant(m):
        for person in (ana, bruno):
            buf = _io.BytesIO()
            Image.new("RGB", (60, 80), "gray").save(buf, "PNG")
            person.photo.save("foto.png", ContentFile(buf.getvalue()), save=True)
            DrivingLicence.objects.create(
                person=person,
                number="02650306461",
                categories="AB",
                first_licence_on=dt.date(2010, 1, 1),
                category_a_since=dt.date(2010, 1, 1),
                expires_on=dt.date(2030, 1, 1),
            )
        for p in (permit, bruno_permit):
            badge_issue(
                actor=Actor.of(user_of("ipatinga", Role.ATENDENTE)),
                municipality=m,
                permit=p,
                on=dt.date(2025, 12, 1),
            )


def test_the_holder_downloads_own_badge_and_the_print_is_an_act(holders, ana_client, user_of):
    from outorga.core.models import Act

    (ana, permit), (bruno, bruno_permit) = holders
    assert ana_client.get(f"/portal/permissoes/{permit.pk}/cracha.pdf").status_code == 404
    m = permit.municipality
    _issue_badges(holders, user_of)
    page = ana_client.get("/portal/").content.decode()
    assert f'href="/portal/permissoes/{permit.pk}/cracha.pdf"' in page
    r = ana_client.get(f"/portal/permissoes/{permit.pk}/cracha.pdf")
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    assert b"".join(r.streaming_content).startswith(b"%PDF")
    with tenant(m):
        act = Act.objects.filter(action="badge.print").latest("seq")
    assert act.role == "permissionario"
    assert ana_client.get(f"/portal/permissoes/{bruno_permit.pk}/cracha.pdf").status_code == 404


def test_mototaxi_art_2_iii_the_badge_of_a_cassada_permit_is_not_printed_from_the_portal(
    holders, ana_client, user_of
):
    """Cassação extingue e gera a devolução compulsória do registro (mototaxi art. 2, II–III),
    which is issued as the crachá (art. 5 §4): the portal no longer hands the holder a new copy
    to print — the page offers no download, the download says why, and nothing is printed."""
    from outorga.core.models import Act
    from outorga.registry.models import Permit, PermitStatusChange

    (ana, permit), _ = holders
    _issue_badges(holders, user_of)
    m = permit.municipality
    with tenant(m):
        Permit.objects.filter(pk=permit.pk).update(status=Permit.Status.CASSADA)
        PermitStatusChange.objects.create(
            permit=permit,
            to_status=Permit.Status.CASSADA,
            effective_on=dt.date(2026, 2, 2),
            reason="cassação (art. 32, III)",
        )
        prints = Act.objects.filter(action="badge.print", outcome="done").count()
    page = ana_client.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert "cracha.pdf" not in page
    assert "cracha.pdf" not in ana_client.get("/portal/").content.decode()
    r = ana_client.get(f"/portal/permissoes/{permit.pk}/cracha.pdf", follow=True)
    assert r["Content-Type"].startswith("text/html")
    shown = " ".join(str(x) for x in r.context["messages"])
    assert "crachá" in shown and "cassada em 02/02/2026" in shown
    assert "art. 2, II" in shown and "art. 5, §4" in shown
    with tenant(m):
        assert Act.objects.filter(action="badge.print", outcome="done").count() == prints
        # The refusal is an act, with the articles, as a refusal at the desk is.
        refused = Act.objects.get(action="badge.print", outcome="refused")
    assert refused.role == "permissionario" and "art. 5, §4" in str(refused.record["basis"])
