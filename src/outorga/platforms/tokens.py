"""A platform's API tokens: the secretariat issues and revokes them as part of the platform's
credential; ``core.services.api_token_authenticate`` checks them on each call."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone

from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.lawseam import law_of
from outorga.core.models import ApiToken, Municipality
from outorga.core.services import TOKEN_PREFIX
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service

from .models import Platform


def api_token_issue(
    *, actor: Actor, municipality: Municipality, platform: Platform, name: str
) -> tuple[ApiToken, str]:
    """Create a token for a platform; returns the row and the secret, shown only this once."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.credential",
        law=law_of(municipality, Service.APLICATIVO),
    )
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
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.credential",
        law=law_of(municipality, Service.APLICATIVO),
    )
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
