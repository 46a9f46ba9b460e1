"""Who is asking: the logged-in user of a request and the actor the acts log records for it — one
definition for every view and API route."""

from __future__ import annotations

from django.http import HttpRequest

from .acts import Actor
from .middleware import client_ip
from .models import User


def user_of(request: HttpRequest) -> User:
    """The request's user (the routes that call this require a login)."""
    user = request.user
    assert isinstance(user, User)
    return user


def actor_of(request: HttpRequest) -> Actor:
    """The user, in the role they act in, with the client's IP: who the acts log names."""
    return Actor.of(user_of(request), client_ip(request))
