"""Writes of the core: each one checks competence, changes state in one transaction and records
the act in that same transaction."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone

from outorga.platforms.models import Platform

from .acts import Actor, record_act
from .authz import authorize
from .models import ApiToken, Municipality, User
from .tenancy import tenant

APPS_LAW = "barra-do-garcas.apps-2025"
TOKEN_PREFIX = "otg"  # noqa: S105 - a public prefix, not a secret


def user_login_record(*, user: User, ip: str | None) -> None:
    """Staff logins are acts (the acts log keeps who entered, when and from where)."""
    if user.municipality is None:
        return  # system administrators have no municipality chain
    with transaction.atomic():
        record_act(
            municipality=user.municipality,
            actor=Actor.of(user, ip),
            action="auth.login",
            obj=user,
        )


def api_token_issue(
    *, actor: Actor, municipality: Municipality, platform: Platform, name: str
) -> tuple[ApiToken, str]:
    """Create a token for a platform; returns the row and the secret, shown only this once."""
    authorize(actor=actor, municipality=municipality, action="platform.credential", law=APPS_LAW)
    prefix = secrets.token_hex(4)
    secret = f"{TOKEN_PREFIX}_{prefix}_{secrets.token_urlsafe(32)}"  # 256 random bits
    assert actor.user is not None
    with transaction.atomic(), tenant(municipality):
        token = ApiToken.objects.create(
            municipality=municipality,
            platform=platform,
            name=name,
            prefix=prefix,
            digest=ApiToken.digest_of(secret),
            created_by=actor.user,
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="api_token.issue",
            obj=token,
            new={"platform": platform.pk, "name": name, "prefix": prefix},
        )
    return token, secret


def api_token_revoke(*, actor: Actor, municipality: Municipality, token: ApiToken) -> ApiToken:
    authorize(actor=actor, municipality=municipality, action="platform.credential", law=APPS_LAW)
    with transaction.atomic(), tenant(municipality):
        token = ApiToken.objects.select_for_update().get(pk=token.pk)
        if token.revoked_at is None:
            token.revoked_at = timezone.now()
            token.save(update_fields=["revoked_at"])
            record_act(
                municipality=municipality,
                actor=actor,
                action="api_token.revoke",
                obj=token,
                old={"active": True},
                new={"active": False},
            )
    return token


def api_token_authenticate(secret: str) -> ApiToken | None:
    """The active token matching ``secret``, or None. Constant-time comparison of digests."""
    parts = secret.split("_", 2)
    if len(parts) != 3 or parts[0] != TOKEN_PREFIX:
        return None
    from .tenancy import unscoped

    with unscoped():
        token = (
            ApiToken.objects.select_related("platform", "municipality")
            .filter(prefix=parts[1], revoked_at__isnull=True)
            .first()
        )
    if token is None or not secrets.compare_digest(token.digest, ApiToken.digest_of(secret)):
        return None
    return token
