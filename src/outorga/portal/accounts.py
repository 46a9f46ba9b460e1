"""Accounts of the people outside City Hall: an applicant signs up in the municipality's public
area and activates the account by an emailed link; a clerk invites a person already in the
register, who sets the password by an emailed link. Every message goes through the email queue
(``core.mail``): the request only writes rows.

An anonymous visitor never learns whether a CPF is in the register: the sign-up always answers
the same page. Who gets which message:

- a CPF with no entry and no account — the activation link, to the address given; the registry's
  entry is made on activation (``registry.services.people.person_self_register``);
- a CPF whose entry has the same address and no account — the activation link (the address is
  the register's, so proving it proves the person); the entry is linked on activation;
- a CPF whose entry has another address or none — no link: the register's address, if any, is
  told that someone asked and that the desk sends an invitation (ADR 0021);
- a CPF that already has an account — its own address is told to use "Esqueci a senha".

A sign-up not yet activated is replaced by a newer one (the last request's link is the valid one),
so nobody holds a CPF by signing up with an address they never confirm.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.hashers import make_password
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.errors import FieldError
from outorga.core.mail import absolute_url, email_queue
from outorga.core.models import Act, Municipality, User
from outorga.core.passwords import LinkTokens, invitation_closing
from outorga.core.tenancy import tenant, unscoped
from outorga.law.competence import Role
from outorga.registry import validation
from outorga.registry.models import Person
from outorga.registry.services.people import person_self_register

from .models import Account

#: How long an activation link is good for (an invitation's: ``core.passwords.INVITATION_DAYS``).
ACTIVATION_DAYS = 2


activation_tokens = LinkTokens("outorga.portal.activation", ACTIVATION_DAYS)


def account_username(municipality: Municipality, cpf: str) -> str:
    """One account per CPF per municipality: the user name says both."""
    return f"{municipality.slug}-{cpf}"


def _uid(user: User) -> str:
    return urlsafe_base64_encode(force_bytes(user.pk))


def _public(ip: str | None) -> Actor:
    return Actor(None, "publico", "cadastro no portal", ip)


def _clean_signup(cpf: str, name: str, email: str, password: str) -> tuple[str, str, str]:
    cpf = validation.cpf(cpf, "cpf")
    name = " ".join(name.split())
    if len(name) < 3:
        raise FieldError("nome", "informe o nome completo")
    email = email.strip().lower()
    try:
        validate_email(email)
    except ValidationError:
        raise FieldError("e-mail", "informe um endereço de e-mail válido") from None
    try:
        validate_password(password, User(username=cpf, email=email, first_name=name[:150]))
    except ValidationError as exc:
        raise FieldError("senha", " ".join(exc.messages)) from None
    return cpf, name, email


def account_signup(
    *,
    municipality: Municipality,
    cpf: str,
    name: str,
    email: str,
    password: str,
    ip: str | None = None,
) -> None:
    """An applicant asks for an account. Returns nothing: whatever the register holds, the caller
    shows the same page (see the module's docstring for who is written to)."""
    cpf, name, email = _clean_signup(cpf, name, email, password)
    username = account_username(municipality, cpf)
    # Hashed on every path, not only where an account is made: the answer's time must not tell an
    # anonymous caller whether the CPF is in the register.
    hashed = make_password(password)
    with transaction.atomic(), tenant(municipality):
        person = Person.objects.select_for_update().filter(document=cpf).first()
        user = User.objects.select_for_update().filter(username=username).first()
        holder = person.user if person is not None and person.user_id else None
        if holder is not None or (user is not None and user.is_active):
            known = holder or user
            assert known is not None
            _tell(municipality, known.email, "exists", known.get_username())
            outcome, why = Act.Outcome.REFUSED, "CPF já tem conta"
        elif person is not None and person.email.strip().lower() != email:
            _tell(municipality, person.email, "ask_desk", "")
            outcome, why = Act.Outcome.REFUSED, "CPF cadastrado com outro e-mail"
        else:
            if user is None:
                user = User(username=username, municipality=municipality, role=Role.PERMISSIONARIO)
            user.email, user.first_name, user.is_active = email, name[:150], False
            user.password = hashed
            user.save()
            Account.objects.update_or_create(
                user=user,
                defaults={"document": cpf, "name": name, "origin": Account.Origin.SIGNUP},
            )
            link = reverse(
                "portal:activate",
                kwargs={"uidb64": _uid(user), "token": activation_tokens.make_token(user)},
            )
            _tell(municipality, email, "activate", username, absolute_url(link), obj=user)
            outcome, why = Act.Outcome.DONE, ""
        record_act(
            municipality=municipality,
            actor=_public(ip),
            action="account.signup",
            obj=user if outcome == Act.Outcome.DONE else None,
            object_type="" if outcome == Act.Outcome.DONE else "core.user",
            new={"username": username},
            outcome=outcome,
            extra={"motivo": why} if why else None,
        )


_MESSAGES = {
    "activate": (
        "Ative sua conta no portal",
        "Recebemos o seu pedido de conta no portal de {m}.\n\n"
        "Seu usuário: {username}\n\n"
        "Para ativar a conta, abra o endereço abaixo (vale por {days} dias e só pode ser usado "
        "uma vez):\n{link}\n\nSe você não fez esse pedido, ignore este e-mail.",
    ),
    "exists": (
        "Pedido de conta no portal",
        "Recebemos um pedido de conta no portal de {m} com o seu CPF, que já tem conta "
        '(usuário {username}). Se esqueceu a senha, use "Esqueci a senha" na página de '
        "entrada.\n\nSe você não fez esse pedido, ignore este e-mail.",
    ),
    "ask_desk": (
        "Pedido de conta no portal",
        "Recebemos um pedido de conta no portal de {m} com o seu CPF e um e-mail diferente do "
        "que consta do seu cadastro. Por segurança, a conta não foi criada: peça ao atendimento "
        "um convite, enviado ao e-mail do cadastro.\n\nSe você não fez esse pedido, ignore este "
        "e-mail.",
    ),
}


def _tell(
    municipality: Municipality,
    to: str,
    kind: str,
    username: str,
    link: str = "",
    obj: Any = None,
) -> None:
    subject, text = _MESSAGES[kind]
    body = text.format(
        m=f"{municipality.name}/{municipality.uf}",
        username=username,
        link=link,
        days=ACTIVATION_DAYS,
    )
    email_queue(
        municipality=municipality,
        to=to,
        subject=subject,
        body=f"{body}\n\nPrefeitura de {municipality.name}/{municipality.uf} — Outorga\n",
        obj=obj,
    )


def signup_user(uidb64: str) -> User | None:
    try:
        pk = int(urlsafe_base64_decode(uidb64).decode())
    except (ValueError, TypeError, UnicodeDecodeError):
        return None
    # The signed link names one account before any municipality is current (row-level security,
    # ADR 0024): a read by key and role, as the password reset's.
    with unscoped():
        return User.objects.filter(pk=pk, role=Role.PERMISSIONARIO).first()


def account_activate(*, uidb64: str, token: str, ip: str | None = None) -> User:
    """The link of the activation email: the account opens, linked to the registry's entry of its
    CPF (made now if there is none). A link used, expired or forged is refused."""
    user = signup_user(uidb64)
    if user is None or user.is_active or not activation_tokens.check_token(user, token):
        raise FieldError("link", "link de ativação inválido, vencido ou já usado; peça de novo")
    m = user.municipality
    assert m is not None
    actor = Actor(user, user.role, user.get_username(), ip)
    with transaction.atomic(), tenant(m):
        user = User.objects.select_for_update().get(pk=user.pk)
        account = Account.objects.get(user=user)
        person = Person.objects.select_for_update().filter(document=account.document).first()
        if person is None:
            person = person_self_register(
                actor=actor,
                municipality=m,
                document=account.document,
                name=account.name,
                email=user.email,
            )
        elif person.user_id or person.email.strip().lower() != user.email:
            # The register changed since the sign-up: the desk invites instead.
            raise FieldError("link", "este CPF já tem conta ou outro e-mail; procure o atendimento")
        person.user = user
        person.save(update_fields=["user"])
        user.is_active = True
        user.save(update_fields=["is_active"])
        account.activated_at = timezone.now()
        account.save(update_fields=["activated_at"])
        record_act(
            municipality=m,
            actor=actor,
            action="account.activate",
            obj=user,
            new={"username": user.get_username(), "person": person.pk},
        )
    return user


def account_invite(
    *, actor: Actor, municipality: Municipality, person: Person, login: User | None = None
) -> User:
    """A clerk invites a person in the register: the account is made for the register's e-mail,
    and the link to choose the password goes there. With ``login``, an existing holder's login of
    the municipality that serves no one (the demo's, whose password is printed) becomes that
    person's account, as an invitation links it, without a new password nor e-mail."""
    authorize(actor=actor, municipality=municipality, action="system.account.invite")
    if person.kind != Person.Kind.NATURAL:
        raise FieldError("pessoa", "o portal é de pessoas físicas (CPF)")
    email = person.email.strip().lower()
    if not email:
        raise FieldError(
            "e-mail", "a pessoa não tem e-mail no cadastro: corrija o cadastro antes de convidar"
        )
    username = login.get_username() if login else account_username(municipality, person.document)
    with transaction.atomic(), tenant(municipality):
        person = Person.objects.select_for_update().get(pk=person.pk)
        if person.user_id:
            raise FieldError("pessoa", "esta pessoa já tem conta no portal")
        user = User.objects.select_for_update().filter(username=username).first()
        if login is not None:
            if (
                user is None
                or user.municipality_id != municipality.pk
                or user.role != Role.PERMISSIONARIO
                or Person.objects.filter(user=user).exists()
            ):
                raise FieldError("acesso", "este acesso não é de permissionário livre no município")
        elif user is not None and user.is_active:
            raise FieldError("pessoa", "este CPF já tem conta no portal")
        if user is None:
            user = User(username=username, municipality=municipality, role=Role.PERMISSIONARIO)
        # A pending sign-up with another address gives way to the register's own.
        user.email, user.first_name, user.is_active = email, person.name[:150], True
        if login is None:
            user.set_unusable_password()
        user.save()
        Account.objects.update_or_create(
            user=user,
            defaults={
                "document": person.document,
                "name": person.name,
                "origin": Account.Origin.INVITATION,
                "activated_at": timezone.now(),
            },
        )
        person.user = user
        person.save(update_fields=["user"])
        if login is None:
            body = (
                f"Olá, {person.name}.\n\nO atendimento de {municipality.name}/{municipality.uf} "
                "convidou você para o portal do Outorga, onde você acompanha seus processos, "
                "envia documentos e vê o que a lei ainda exige.\n\n"
                f"{invitation_closing(user, municipality)}"
            )
            subject = "Convite para o portal"
            email_queue(municipality=municipality, to=email, subject=subject, body=body, obj=user)
        record_act(
            municipality=municipality,
            actor=actor,
            action="account.invite",
            obj=user,
            new={"username": username, "person": person.pk},
        )
    return user
