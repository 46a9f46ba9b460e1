"""The page where a person chooses a password from a link (an invitation's, a reset's) names the
account the password is for — the username the person will log in with — and carries it in a
field marked ``autocomplete="username"``, so a password manager stores the pair it will fill on
the login page."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from registry_factories import actor, person

from outorga.core.passwords import invitation_link
from outorga.law.competence import Role
from outorga.portal import accounts


def _reset_link(user, token: str) -> str:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("password_reset_confirm", kwargs={"uidb64": uid, "token": token})


def _username_shown(page: str, username: str) -> None:
    assert f"Seu usuário: <strong>{username}</strong>" in page, page
    field = re.search(r"<input[^>]*autocomplete=\"username\"[^>]*>", page)
    assert field, "no field for the password manager's username"
    assert f'value="{username}"' in field.group(0)
    # Out of sight, and not to be edited: the name is shown as text above.
    assert " hidden" in field.group(0) and " readonly" in field.group(0)


def test_the_invitation_page_names_the_username_to_log_in_with(ipatinga_m):
    p = person(ipatinga_m, name="Davi Convidado", email="davi@exemplo.com.br")
    user = accounts.account_invite(
        actor=actor("ipatinga", Role.ATENDENTE), municipality=ipatinga_m, person=p
    )
    r = Client().get(urlsplit(invitation_link(user)).path, follow=True)
    assert r.status_code == 200 and r.context["validlink"]
    _username_shown(r.content.decode(), user.username)


def test_the_password_reset_page_names_the_username_to_log_in_with(user_of):
    user = user_of("ipatinga", Role.PERMISSIONARIO)
    r = Client().get(_reset_link(user, default_token_generator.make_token(user)), follow=True)
    assert r.status_code == 200 and r.context["validlink"]
    _username_shown(r.content.decode(), user.username)


def test_an_expired_link_names_no_account(user_of):
    user = user_of("ipatinga", Role.PERMISSIONARIO)
    r = Client().get(_reset_link(user, "x-y"), follow=True)
    assert r.context["validlink"] is False
    assert user.username not in r.content.decode()
