"""Applicants' accounts: self sign-up in the municipality's public area with activation by an
emailed link (queued, sent by the worker to a real SMTP server), a clerk's invitation of a person
in the register; one account per CPF per municipality, and an anonymous visitor never learns
whether a CPF is in the register."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from mail_factories import BASE_URL
from registry_factories import actor, person
from validate_docbr import CPF

from outorga.core.errors import FieldError
from outorga.core.models import Act, OutboundEmail, User
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent, Role
from outorga.portal import accounts
from outorga.portal.models import Account
from outorga.registry.models import Person

pytestmark = pytest.mark.django_db

PASSWORD = "Mototaxi-ipatinga-2026"


def _signup(m, cpf, email="ana@exemplo.com.br", name="Ana Candidata", password=PASSWORD):
    accounts.account_signup(municipality=m, cpf=cpf, name=name, email=email, password=password)


def _queued(m, to):
    with tenant(m):
        return list(OutboundEmail.objects.filter(to=to).order_by("pk"))


def _link(body: str) -> str:
    found = re.search(r"https?://\S+", body)
    assert found, body
    return found.group(0).removeprefix(BASE_URL)


def test_a_new_applicant_signs_up_gets_the_link_by_email_and_activates(
    ipatinga_m, smtp, run_worker, django_capture_on_commit_callbacks, settings
):
    server, box = smtp
    cpf = CPF().generate()
    c = Client()
    with django_capture_on_commit_callbacks(execute=True):
        r = c.post(
            "/publico/ipatinga/conta/",
            {
                "name": "Ana Candidata",
                "cpf": CPF().mask(cpf),
                "email": "ana@exemplo.com.br",
                "password": PASSWORD,
                "password2": PASSWORD,
            },
        )
    assert r.status_code == 302 and r["Location"] == "/publico/ipatinga/conta/enviado/"
    assert server.connections == 0  # nothing sent inside the request
    user = User.objects.get(username=f"ipatinga-{cpf}")
    assert not user.is_active and user.role == Role.PERMISSIONARIO
    with tenant(ipatinga_m):
        assert not Person.objects.filter(document=cpf).exists()  # only once the address is proved

    run_worker()
    (msg,) = box.to("ana@exemplo.com.br")
    assert box.subject(msg) == "Ative sua conta no portal"
    body = msg.get_content()
    assert f"Seu usuário: ipatinga-{cpf}" in body and "vale por 2 dias" in body
    link = _link(body)
    assert link.startswith("/conta/ativar/")

    assert c.get(link).status_code == 200  # a page with a button: a mail scanner activates nothing
    assert not User.objects.get(pk=user.pk).is_active
    r = c.post(link)
    assert r.status_code == 302 and r["Location"] == "/entrar/"
    user.refresh_from_db()
    assert user.is_active
    with tenant(ipatinga_m):
        p = Person.objects.get(document=cpf)
        assert (p.user_id, p.name, p.email) == (user.pk, "Ana Candidata", "ana@exemplo.com.br")
        actions = list(Act.objects.order_by("seq").values_list("action", flat=True))
    assert actions[-3:] == ["account.signup", "person.create", "account.activate"]
    # The link works once.
    assert c.post(link).status_code == 400
    assert c.post("/entrar/", {"username": user.username, "password": PASSWORD}).status_code == 302


def test_a_cpf_in_the_register_with_another_address_gets_no_account_and_the_same_page(
    ipatinga_m, django_capture_on_commit_callbacks
):
    known = person(ipatinga_m, name="Bruno Cadastrado", email="bruno@cadastro.gov.br")
    c = Client()
    pages = []
    for cpf in (known.document, CPF().generate()):
        r = c.post(
            "/publico/ipatinga/conta/",
            {
                "name": "Quem Seja",
                "cpf": cpf,
                "email": "intruso@exemplo.com",
                "password": PASSWORD,
                "password2": PASSWORD,
            },
            follow=True,
        )
        pages.append((r.status_code, r.redirect_chain, r.content.decode().replace(cpf, "")))
    # The visitor cannot tell the registered CPF from the unknown one.
    assert pages[0] == pages[1]
    assert not User.objects.filter(username=f"ipatinga-{known.document}").exists()
    # The unknown CPF's link goes to the address given; the known CPF's owner is told instead.
    assert len(_queued(ipatinga_m, "intruso@exemplo.com")) == 1
    (told,) = _queued(ipatinga_m, "bruno@cadastro.gov.br")
    assert "convite" in told.body and "/conta/ativar/" not in told.body


def test_a_cpf_in_the_register_with_the_same_address_is_linked_on_activation(ipatinga_m):
    known = person(ipatinga_m, name="Carla Cadastrada", email="carla@exemplo.com.br")
    _signup(ipatinga_m, known.document, email="Carla@Exemplo.com.br", name="Carla C.")
    (msg,) = _queued(ipatinga_m, "carla@exemplo.com.br")
    uid, token = _link(msg.body).strip("/").split("/")[-2:]
    user = accounts.account_activate(uidb64=uid, token=token)
    known.refresh_from_db()
    assert known.user_id == user.pk and known.name == "Carla Cadastrada"  # the entry unchanged


def test_a_cpf_with_an_account_is_told_to_its_own_address(ipatinga_m):
    cpf = CPF().generate()
    _signup(ipatinga_m, cpf)
    (msg,) = _queued(ipatinga_m, "ana@exemplo.com.br")
    uid, token = _link(msg.body).strip("/").split("/")[-2:]
    accounts.account_activate(uidb64=uid, token=token)
    _signup(ipatinga_m, cpf, email="outro@exemplo.com")
    assert _queued(ipatinga_m, "outro@exemplo.com") == []
    told = _queued(ipatinga_m, "ana@exemplo.com.br")[-1]
    assert "já tem conta" in told.body and "Esqueci a senha" in told.body
    assert User.objects.get(username=f"ipatinga-{cpf}").email == "ana@exemplo.com.br"


def test_a_newer_sign_up_replaces_one_never_activated(ipatinga_m):
    cpf = CPF().generate()
    _signup(ipatinga_m, cpf, email="primeiro@exemplo.com")
    (first,) = _queued(ipatinga_m, "primeiro@exemplo.com")
    _signup(ipatinga_m, cpf, email="segundo@exemplo.com")
    uid, token = _link(first.body).strip("/").split("/")[-2:]
    with pytest.raises(FieldError):
        accounts.account_activate(uidb64=uid, token=token)
    (second,) = _queued(ipatinga_m, "segundo@exemplo.com")
    uid, token = _link(second.body).strip("/").split("/")[-2:]
    assert accounts.account_activate(uidb64=uid, token=token).email == "segundo@exemplo.com"
    with tenant(ipatinga_m):
        assert Account.objects.filter(document=cpf).count() == 1


@pytest.mark.parametrize(
    ("field", "data", "message"),
    [
        ("cpf", {"cpf": "111.111.111-11"}, "CPF"),
        ("e-mail", {"email": "sem-arroba"}, "e-mail"),
        ("senha", {"password": "123"}, "senha"),
    ],
)
def test_a_bad_sign_up_names_the_field(ipatinga_m, field, data, message):
    args = {"cpf": CPF().generate(), "email": "x@exemplo.com", "password": PASSWORD} | data
    with pytest.raises(FieldError) as exc:
        _signup(ipatinga_m, args["cpf"], email=args["email"], password=args["password"])
    assert exc.value.field == field
    assert not User.objects.filter(role=Role.PERMISSIONARIO, is_active=False).exists()


def test_the_form_shows_a_bad_cpf_under_its_field(ipatinga_m):
    r = Client().post(
        "/publico/ipatinga/conta/",
        {
            "name": "Ana",
            "cpf": "123",
            "email": "a@exemplo.com",
            "password": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert r.status_code == 200
    assert "CPF" in r.content.decode() and "inválido" in r.content.decode().lower()


def test_a_clerk_invites_a_person_who_sets_the_password_by_the_link(ipatinga_m):
    p = person(ipatinga_m, name="Davi Convidado", email="davi@exemplo.com.br")
    clerk = actor("ipatinga", Role.ATENDENTE)
    user = accounts.account_invite(actor=clerk, municipality=ipatinga_m, person=p)
    p.refresh_from_db()
    assert p.user_id == user.pk and not user.has_usable_password()
    (msg,) = _queued(ipatinga_m, "davi@exemplo.com.br")
    assert "convidou" in msg.body and "vale por 7 dias" in msg.body
    link = _link(msg.body)
    c = Client()
    r = c.get(link, follow=True)
    assert r.status_code == 200
    form_url = r.redirect_chain[-1][0]
    new = "Nova-senha-do-davi-2026"
    r = c.post(form_url, {"new_password1": new, "new_password2": new})
    assert r.status_code == 302
    user.refresh_from_db()
    assert user.check_password(new)
    assert c.get(link, follow=True).context["validlink"] is False  # once
    with tenant(ipatinga_m):
        assert Act.objects.filter(action="account.invite", object_id=str(user.pk)).exists()


def test_only_the_clerk_invites_and_only_someone_with_an_address_and_no_account(ipatinga_m):
    p = person(ipatinga_m, email="")
    with pytest.raises(NotCompetent):
        accounts.account_invite(
            actor=actor("ipatinga", Role.FISCAL), municipality=ipatinga_m, person=p
        )
    clerk = actor("ipatinga", Role.ATENDENTE)
    with pytest.raises(FieldError) as exc:
        accounts.account_invite(actor=clerk, municipality=ipatinga_m, person=p)
    assert exc.value.field == "e-mail"
    with tenant(ipatinga_m):
        p.email = "eva@exemplo.com"
        p.save()
    accounts.account_invite(actor=clerk, municipality=ipatinga_m, person=p)
    with pytest.raises(FieldError, match="já tem conta"):
        accounts.account_invite(actor=clerk, municipality=ipatinga_m, person=p)


def test_an_invitation_links_an_existing_holder_login_only_when_it_serves_no_one(ipatinga_m):
    clerk = actor("ipatinga", Role.ATENDENTE)
    with tenant(ipatinga_m):
        login = User.objects.create(
            username="titular.existente", municipality=ipatinga_m, role=Role.PERMISSIONARIO
        )
        login.set_password(PASSWORD)
        login.save()
        staff = User.objects.get(username="fiscal.ipatinga")
    first = person(ipatinga_m, name="Gil Titular", email="gil@exemplo.com.br")
    user = accounts.account_invite(actor=clerk, municipality=ipatinga_m, person=first, login=login)
    first.refresh_from_db()
    assert user == login and first.user_id == login.pk
    assert user.check_password(PASSWORD)  # its own password kept; no e-mail sent
    assert not _queued(ipatinga_m, "gil@exemplo.com.br")
    with tenant(ipatinga_m):
        assert Account.objects.get(user=login).origin == Account.Origin.INVITATION
        assert Act.objects.filter(action="account.invite", object_id=str(login.pk)).exists()
    other = person(ipatinga_m, name="Ivo Titular", email="ivo@exemplo.com.br")
    for taken in (login, staff):  # serving someone already; not a holder's login
        with pytest.raises(FieldError, match="não é de permissionário livre"):
            accounts.account_invite(actor=clerk, municipality=ipatinga_m, person=other, login=taken)


def test_the_invitation_screen_finds_no_person_of_another_municipality(
    ipatinga_m, barra_m, user_of
):
    other = person(barra_m, email="de.barra@exemplo.com")
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    r = c.post("/portal/convites/", {"person": other.document})
    assert r.status_code == 200 and "não encontrado" in r.content.decode()
    assert not User.objects.filter(username__endswith=other.document).exists()


def test_every_sign_up_path_pays_one_password_hash(ipatinga_m, monkeypatch):
    """The slow hash runs whether the CPF is new, registered with another address or already has an
    account: the answer's time does not tell an anonymous caller which."""
    hashed: list[str] = []
    real = accounts.make_password
    monkeypatch.setattr(accounts, "make_password", lambda p: hashed.append(p) or real(p))
    known = person(ipatinga_m, name="Dora Cadastrada", email="dora@cadastro.gov.br")
    with_account = CPF().generate()
    _signup(ipatinga_m, with_account)
    (msg,) = _queued(ipatinga_m, "ana@exemplo.com.br")
    uid, token = _link(msg.body).strip("/").split("/")[-2:]
    accounts.account_activate(uidb64=uid, token=token)
    hashed.clear()
    for cpf in (CPF().generate(), known.document, with_account):
        _signup(ipatinga_m, cpf, email="outra@exemplo.com")
    assert len(hashed) == 3
