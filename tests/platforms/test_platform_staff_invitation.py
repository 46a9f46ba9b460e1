"""A platform's staff on the web by invitation (ADR 0034): the authority invites a person by email
on the platform's page, the invitation arrives at a real SMTP server (aiosmtpd), its link lets the
person choose a password and land on that platform's portal; a removal closes the login. Each is
an act of the credential (art. 3), refused to every other role."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from mail_factories import BASE_URL
from platforms_factories import make_platform

from outorga.core.models import Act, OutboundEmail, User
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent, Role
from outorga.platforms.models import PlatformUser
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.staff import platform_staff_invite, platform_staff_remove

pytestmark = pytest.mark.django_db

PASSWORD = "Plataforma#Nova2026"


def client_of(user: User) -> Client:
    c = Client()
    c.force_login(user)
    return c


def invite_on_screen(client: Client, platform_id: int, **form: str):  # type: ignore[no-untyped-def]
    return client.post(f"/plataformas/{platform_id}/usuarios/", form)


def test_art_3_the_authority_invites_and_the_person_lands_on_that_platform_portal(
    barra_m, user_of, platform, smtp, run_worker, django_capture_on_commit_callbacks
):
    server, box = smtp
    authority = client_of(user_of("barra-do-garcas", Role.AUTORIDADE))
    with django_capture_on_commit_callbacks(execute=True):
        r = invite_on_screen(
            authority, platform.pk, name="Bruna  Lima", email="Bruna.Lima@Exemplo.com.br"
        )
    assert r.status_code == 302 and r["Location"] == f"/plataformas/{platform.pk}/usuarios/"
    assert server.connections == 0  # queued in the request, sent by the worker
    username = "barra-do-garcas-bruna.lima@exemplo.com.br"
    with tenant(barra_m):
        link = PlatformUser.objects.select_related("user").get(user__username=username)
        (act,) = Act.objects.filter(action="platform.user.invite", object_id=str(link.pk))
    assert link.platform_id == platform.pk
    assert link.user.role == Role.PLATAFORMA and not link.user.has_usable_password()
    assert link.user.first_name == "Bruna Lima" and link.user.email == "bruna.lima@exemplo.com.br"
    assert act.role == Role.AUTORIDADE and act.record["payload"]["new"]["platform"] == platform.pk
    page = authority.get(r["Location"]).content.decode()
    assert "bruna.lima@exemplo.com.br" in page and "senha ainda não escolhida" in page

    run_worker()

    (msg,) = box.to("bruna.lima@exemplo.com.br")
    assert box.subject(msg) == f"Convite para o portal da plataforma {platform.name}"
    body = msg.get_content()
    assert "Olá, Bruna Lima." in body and f"Seu usuário: {username}" in body
    assert "vale por 7 dias" in body
    found = re.search(rf"{re.escape(BASE_URL)}(/conta/convite/\S+/)", body)
    assert found is not None, body
    person = Client()
    page = person.get(found.group(1), follow=True)
    assert "Nova senha" in page.content.decode()
    form_url = page.redirect_chain[-1][0]
    done = person.post(form_url, {"new_password1": PASSWORD, "new_password2": PASSWORD})
    assert done.status_code == 302 and done["Location"] == "/senha/nova/concluido/"

    login = person.post("/entrar/", {"username": username, "password": PASSWORD})
    assert login.status_code == 302
    home = person.get("/plataforma/")
    assert home.status_code == 200 and platform.name in home.content.decode()
    # The link works once.
    assert "inválido" in Client().get(found.group(1), follow=True).content.decode()
    listing = authority.get(f"/plataformas/{platform.pk}/usuarios/").content.decode()
    assert "senha ainda não escolhida" not in listing and "ativo" in listing


@pytest.mark.parametrize(
    "role", [Role.FINANCAS, Role.FISCAL, Role.CHEFE_EXECUTIVO, Role.ATENDENTE, Role.ADMIN]
)
def test_art_3_only_the_authority_sees_and_invites_a_platform_staff(
    barra_m, user_of, platform, role
):
    c = client_of(user_of("barra-do-garcas", role))
    assert c.get(f"/plataformas/{platform.pk}/usuarios/").status_code == 403
    r = invite_on_screen(c, platform.pk, name="Invasor", email="invasor@exemplo.com.br")
    assert r.status_code == 403
    with tenant(barra_m):
        assert not User.objects.filter(email="invasor@exemplo.com.br").exists()


@pytest.mark.parametrize("role", [Role.PLATAFORMA, Role.PERMISSIONARIO])
def test_outside_users_never_reach_the_staff_screen(barra_m, user_of, platform, role):
    c = client_of(user_of("barra-do-garcas", role))
    assert c.get(f"/plataformas/{platform.pk}/usuarios/").status_code == 403


def test_the_service_refuses_another_role_with_the_article(barra_m, user_of, platform):
    from outorga.core.acts import Actor

    with pytest.raises(NotCompetent, match="art. 3"):
        platform_staff_invite(
            actor=Actor.of(user_of("barra-do-garcas", Role.FINANCAS)),
            municipality=barra_m,
            platform=platform,
            email="x@exemplo.com.br",
            name="Fulano de Tal",
        )


def test_one_login_serves_one_platform_and_an_active_one_is_not_invited_again(
    barra_m, authority, platform, django_capture_on_commit_callbacks
):
    other = make_platform(barra_m, "Outra Plataforma")
    with django_capture_on_commit_callbacks(execute=True):
        link = platform_staff_invite(
            actor=authority,
            municipality=barra_m,
            platform=platform,
            email="carla@exemplo.com.br",
            name="Carla Souza",
        )
    with pytest.raises(PlatformError, match="Outra Plataforma|já dá acesso à plataforma"):
        platform_staff_invite(
            actor=authority,
            municipality=barra_m,
            platform=other,
            email="carla@exemplo.com.br",
            name="Carla Souza",
        )
    # Not yet activated: a new invitation (a new link) to the same platform is fine.
    platform_staff_invite(
        actor=authority,
        municipality=barra_m,
        platform=platform,
        email="carla@exemplo.com.br",
        name="Carla Souza",
    )
    with tenant(barra_m):
        user = User.objects.get(pk=link.user_id)
        user.set_password(PASSWORD)
        user.save()
    with pytest.raises(PlatformError, match="Esqueci a senha"):
        platform_staff_invite(
            actor=authority,
            municipality=barra_m,
            platform=platform,
            email="carla@exemplo.com.br",
            name="Carla Souza",
        )
    with tenant(barra_m):
        assert PlatformUser.objects.filter(user=user).count() == 1
        assert OutboundEmail.objects.filter(to="carla@exemplo.com.br").count() == 2


def test_an_invitation_needs_a_valid_address_and_a_full_name(barra_m, authority, platform):
    with pytest.raises(PlatformError, match="e-mail válido"):
        platform_staff_invite(
            actor=authority,
            municipality=barra_m,
            platform=platform,
            email="sem-arroba",
            name="Fulano de Tal",
        )
    with pytest.raises(PlatformError, match="nome completo"):
        platform_staff_invite(
            actor=authority,
            municipality=barra_m,
            platform=platform,
            email="ok@exemplo.com.br",
            name=" a ",
        )


def test_a_removal_closes_the_login_and_its_session_and_is_an_act(
    barra_m, user_of, authority, platform
):
    link = platform_staff_invite(
        actor=authority,
        municipality=barra_m,
        platform=platform,
        email="davi@exemplo.com.br",
        name="Davi Rocha",
    )
    with tenant(barra_m):
        user = User.objects.get(pk=link.user_id)
        user.set_password(PASSWORD)
        user.save()
    staff = Client()
    assert (
        staff.post("/entrar/", {"username": user.username, "password": PASSWORD}).status_code == 302
    )
    assert staff.get("/plataforma/").status_code == 200

    screen = client_of(user_of("barra-do-garcas", Role.AUTORIDADE))
    ask = screen.post(f"/plataformas/usuarios/{link.pk}/remover/")
    assert ask.status_code == 200 and "Confirmar a remoção" in ask.content.decode()
    with tenant(barra_m):
        assert PlatformUser.objects.filter(pk=link.pk).exists()  # nothing done before confirming
    done = screen.post(f"/plataformas/usuarios/{link.pk}/remover/", {"confirmado": "1"})
    assert done.status_code == 302 and done["Location"] == f"/plataformas/{platform.pk}/usuarios/"
    with tenant(barra_m):
        assert not PlatformUser.objects.filter(pk=link.pk).exists()
        user.refresh_from_db()
        (act,) = Act.objects.filter(action="platform.user.remove", object_id=str(link.pk))
    assert not user.is_active and not user.has_usable_password()
    assert act.record["payload"]["old"] == {
        "platform": platform.pk,
        "user": user.username,
        "admin": False,
    }
    # The open session ends, and the password no longer opens the portal.
    assert staff.get("/plataforma/").status_code == 302
    again = Client().post("/entrar/", {"username": user.username, "password": PASSWORD})
    assert again.status_code == 200
    with pytest.raises(PlatformError, match="já foi removido"):
        platform_staff_remove(actor=authority, municipality=barra_m, link=link)

    # Invited again later: the same login, open again, linked anew.
    again_link = platform_staff_invite(
        actor=authority,
        municipality=barra_m,
        platform=platform,
        email="davi@exemplo.com.br",
        name="Davi Rocha",
    )
    with tenant(barra_m):
        user.refresh_from_db()
    assert again_link.user_id == user.pk and user.is_active


def test_a_cancelled_platform_gets_no_invitation(barra_m, authority):
    p = make_platform(barra_m, "Plataforma Cancelada", status="cancelled")
    with pytest.raises(PlatformError, match="cancelado"):
        platform_staff_invite(
            actor=authority,
            municipality=barra_m,
            platform=p,
            email="e@exemplo.com.br",
            name="Eva Dias",
        )
