"""Who is calling the platforms' API: the platform's token and the act's actor, or a servant who
may view the platforms area."""

from __future__ import annotations

from django.http import HttpRequest

from outorga.core.acts import Actor
from outorga.core.middleware import client_ip
from outorga.core.models import ApiToken, User
from outorga.core.requests import user_of

from .. import selectors


def token_of(request: HttpRequest) -> ApiToken:
    token = getattr(request, "auth", None)
    assert isinstance(token, ApiToken)
    return token


def platform_actor(request: HttpRequest) -> Actor:
    token = token_of(request)
    return Actor(None, "plataforma", f"token:{token.prefix}", client_ip(request))


def viewer(request: HttpRequest) -> User:
    user = user_of(request)
    selectors.require_viewer(user.role, user.municipality)
    return user
