"""The platform's administrator keeps its own staff on the portal (ADR 0043): the login the
authority marked as the platform's administrator invites by email, lists and removes its
colleagues at /plataforma/equipe/ through the authority's own service (one rule, two doors) —
only of its own platform, never making administrators, never removing the last one — each an act,
the email sent by the queue after the request."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from mail_factories import BASE_URL
from platforms_factories import make_platform

from outorga.core.actlabels import LABELS
from outorga.core.acts import Actor
from outorga.core.models import Act, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import PlatformUser
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.staff import (
    platform_staff_invite,
    platform_staff_remove,
    platform_staff_set_admin,
)

pytestmark = pytest.mark.django_db


def staff_member(m, authority, platform, email: str, *, admin: bool = False) -> PlatformUser:  # type: ignore[no-untyped-def]
    link = platform_staff_invite(
        actor=authority,
        municipality=m,
        platform=platform,
        email=email,
        name=email.split("@")[0].title() + " Silva",
        admin=admin,
    )
    with tenant(m):
        user = User.objects.get(pk=link.user_id)
        user.set_password("Senha#Forte2026")
        user.save()
        return PlatformUser.objects.select_related("user", "platform").get(pk=link.pk)


def logged(link: PlatformUser) -> Client:
    c = Client()
    c.force_login(link.user)
    return c


@pytest.fixture
def admin(barra_m, authority, platform) -> PlatformUser:
    return staff_member(barra_m, authority, platform, "ana@plataforma.com.br", admin=True)


def test_the_administrator_invites_a_colleague_who_gets_the_email_from_the_queue(
    barra_m, platform, admin, smtp, run_worker, django_capture_on_commit_callbacks
):
    server, box = smtp
    c = logged(admin)
    page = c.get("/plataforma/equipe/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "ana@plataforma.com.br" in text and "administrador(a)" in text
    assert 'href="/plataforma/equipe/"' in c.get("/plataforma/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        r = c.post(
            "/plataforma/equipe/", {"name": "Bruno Costa", "email": "Bruno@Plataforma.com.br"}
        )
    assert r.status_code == 302 and r["Location"] == "/plataforma/equipe/"
    assert server.connections == 0  # nothing sent inside the request
    with tenant(barra_m):
        link = PlatformUser.objects.get(user__email="bruno@plataforma.com.br")
        (act,) = Act.objects.filter(action="platform.user.invite", object_id=str(link.pk))
    assert link.platform_id == platform.pk and not link.is_admin
    assert act.role == Role.PLATAFORMA and act.actor_name == admin.user.username
    assert LABELS["platform.user.invite"]
    run_worker()
    (msg,) = box.to("bruno@plataforma.com.br")
    body = msg.get_content()
    assert "Olá, Bruno Costa." in body and "administrador(a) da plataforma" in body
    assert re.search(rf"{re.escape(BASE_URL)}/conta/convite/\S+/", body)
    assert "bruno@plataforma.com.br" in c.get("/plataforma/equipe/").content.decode()


def test_the_administrator_removes_a_colleague_after_confirming_and_it_is_an_act(
    barra_m, authority, platform, admin
):
    colleague = staff_member(barra_m, authority, platform, "caio@plataforma.com.br")
    other_session = logged(colleague)
    assert other_session.get("/plataforma/").status_code == 200
    c = logged(admin)
    ask = c.post(f"/plataforma/equipe/{colleague.pk}/remover/")
    assert ask.status_code == 200 and "Confirmar a remoção" in ask.content.decode()
    done = c.post(f"/plataforma/equipe/{colleague.pk}/remover/", {"confirmado": "1"})
    assert done.status_code == 302 and done["Location"] == "/plataforma/equipe/"
    with tenant(barra_m):
        assert not PlatformUser.objects.filter(pk=colleague.pk).exists()
        (act,) = Act.objects.filter(action="platform.user.remove", object_id=str(colleague.pk))
    assert act.actor_name == admin.user.username
    assert other_session.get("/plataforma/").status_code == 302  # its session ended


def test_the_last_administrator_cannot_remove_itself_but_one_of_two_can(
    barra_m, authority, platform, admin
):
    c = logged(admin)
    r = c.post(f"/plataforma/equipe/{admin.pk}/remover/", {"confirmado": "1"}, follow=True)
    assert "ficaria sem administrador" in r.content.decode()
    with tenant(barra_m):
        assert PlatformUser.objects.filter(pk=admin.pk).exists()
    second = staff_member(barra_m, authority, platform, "dora@plataforma.com.br", admin=True)
    platform_staff_remove(actor=Actor.of(admin.user), municipality=barra_m, link=admin)
    with tenant(barra_m):
        assert not PlatformUser.objects.filter(pk=admin.pk).exists()
    # Now the second one is the last: it stays.
    with pytest.raises(PlatformError, match="sem administrador"):
        platform_staff_remove(actor=Actor.of(second.user), municipality=barra_m, link=second)
    # The authority, which marks administrators, is not bound by it.
    platform_staff_remove(actor=authority, municipality=barra_m, link=second)


def test_a_colleague_who_is_not_administrator_is_refused_the_page_and_the_service(
    barra_m, authority, platform, admin
):
    colleague = staff_member(barra_m, authority, platform, "eli@plataforma.com.br")
    c = logged(colleague)
    assert c.get("/plataforma/equipe/").status_code == 403
    assert 'href="/plataforma/equipe/"' not in c.get("/plataforma/").content.decode()
    r = c.post("/plataforma/equipe/", {"name": "Invasor Silva", "email": "x@exemplo.com.br"})
    assert r.status_code == 403
    assert c.post(f"/plataforma/equipe/{admin.pk}/remover/", {"confirmado": "1"}).status_code == 403
    with pytest.raises(PlatformError, match="administrador da plataforma") as exc:
        platform_staff_invite(
            actor=Actor.of(colleague.user),
            municipality=barra_m,
            platform=platform,
            email="x@exemplo.com.br",
            name="Invasor Silva",
        )
    assert exc.value.status == 403
    with tenant(barra_m):
        assert not User.objects.filter(email="x@exemplo.com.br").exists()


def test_the_administrator_reaches_only_its_own_platform(barra_m, authority, platform, admin):
    other = make_platform(barra_m, "Plataforma Vizinha")
    foreign = staff_member(barra_m, authority, other, "fabio@vizinha.com.br")
    c = logged(admin)
    assert (
        c.post(f"/plataforma/equipe/{foreign.pk}/remover/", {"confirmado": "1"}).status_code == 404
    )
    assert "fabio@vizinha.com.br" not in c.get("/plataforma/equipe/").content.decode()
    me = Actor.of(admin.user)
    with pytest.raises(PlatformError, match="administrador da plataforma"):
        platform_staff_remove(actor=me, municipality=barra_m, link=foreign)
    with pytest.raises(PlatformError, match="administrador da plataforma"):
        platform_staff_invite(
            actor=me, municipality=barra_m, platform=other, email="g@x.com.br", name="Gil Souza"
        )
    # Inviting a person who serves another platform: refused without naming that platform.
    with pytest.raises(PlatformError) as exc:
        platform_staff_invite(
            actor=me,
            municipality=barra_m,
            platform=platform,
            email="fabio@vizinha.com.br",
            name="Fabio Souza",
        )
    assert "a outra plataforma;" in str(exc.value) and "Vizinha" not in str(exc.value)
    with tenant(barra_m):
        assert PlatformUser.objects.filter(pk=foreign.pk).exists()


def test_only_the_authority_marks_an_administrator(barra_m, authority, user_of, platform, admin):
    colleague = staff_member(barra_m, authority, platform, "hugo@plataforma.com.br")
    me = Actor.of(admin.user)
    with pytest.raises(PlatformError, match="Prefeitura"):
        platform_staff_set_admin(actor=me, municipality=barra_m, link=colleague, admin=True)
    with pytest.raises(PlatformError, match="Prefeitura"):
        platform_staff_invite(
            actor=me,
            municipality=barra_m,
            platform=platform,
            email="ivo@plataforma.com.br",
            name="Ivo Lima",
            admin=True,
        )
    screen = Client()
    screen.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    listing = screen.get(f"/plataformas/{platform.pk}/usuarios/").content.decode()
    assert "Tornar administrador(a) da plataforma" in listing
    r = screen.post(f"/plataformas/usuarios/{colleague.pk}/administrador/", {"admin": "1"})
    assert r.status_code == 302
    with tenant(barra_m):
        colleague.refresh_from_db()
        (act,) = Act.objects.filter(action="platform.user.admin", object_id=str(colleague.pk))
    assert colleague.is_admin and act.role == Role.AUTORIDADE
    assert act.record["payload"]["new"]["admin"] is True
    assert LABELS["platform.user.admin"]
    assert logged(colleague).get("/plataforma/equipe/").status_code == 200
    # Another role than the authority cannot mark one.
    finance = Client()
    finance.force_login(user_of("barra-do-garcas", Role.FINANCAS))
    r = finance.post(f"/plataformas/usuarios/{colleague.pk}/administrador/", {"admin": "0"})
    assert r.status_code == 403


def test_the_authority_invites_an_administrator_on_its_screen(barra_m, user_of, platform):
    screen = Client()
    screen.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    r = screen.post(
        f"/plataformas/{platform.pk}/usuarios/",
        {"name": "Joana Prado", "email": "joana@plataforma.com.br", "admin": "on"},
    )
    assert r.status_code == 302
    with tenant(barra_m):
        link = PlatformUser.objects.get(user__email="joana@plataforma.com.br")
        (act,) = Act.objects.filter(action="platform.user.invite", object_id=str(link.pk))
    assert link.is_admin and act.record["payload"]["new"]["admin"] is True


def test_an_administrator_cannot_remove_another_administrator_only_the_authority_can(
    barra_m, authority, platform, admin
):
    """ADR 0043: only the authority makes an administrator, so only it unmakes one; an
    administrator removes colleagues who are not administrators, and its own access."""
    other = staff_member(barra_m, authority, platform, "dora@plataforma.com.br", admin=True)
    plain = staff_member(barra_m, authority, platform, "caio@plataforma.com.br")
    with pytest.raises(PlatformError, match="Só a Prefeitura retira"):
        platform_staff_remove(actor=Actor.of(admin.user), municipality=barra_m, link=other)
    platform_staff_remove(actor=Actor.of(admin.user), municipality=barra_m, link=plain)
    platform_staff_remove(actor=authority, municipality=barra_m, link=other)
    with tenant(barra_m):
        assert list(
            PlatformUser.objects.filter(platform=platform).values_list("pk", flat=True)
        ) == [admin.pk]
