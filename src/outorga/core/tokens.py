"""A machine client's API token, one shape for every kind (a platform's ``otg_…``, an inspection
company's ``otv_…``): ``<kind>_<prefix>_<secret>``, stored as the prefix and a SHA-256 digest.

What every kind shares: a new secret, the lookup prefix of a presented one, the constant-time
check of its digest, and the issue and the revocation recorded as acts.
"""

from __future__ import annotations

import secrets
from typing import Any, TypeVar

from django.db import transaction
from django.utils import timezone

from .acts import Actor, record_act
from .models import ClientToken, Municipality
from .tenancy import tenant

TokenT = TypeVar("TokenT", bound=ClientToken)


def new_secret(kind: str) -> tuple[str, str]:
    """A fresh ``(prefix, secret)`` of ``kind``: the secret is shown only once."""
    prefix = secrets.token_hex(4)
    secret = f"{kind}_{prefix}_{secrets.token_urlsafe(32)}"  # 256 random bits
    return prefix, secret


def lookup_prefix(secret: str, kind: str) -> str | None:
    """The prefix a presented secret of ``kind`` is looked up by, or None when it is not one."""
    parts = secret.split("_", 2)
    if len(parts) != 3 or parts[0] != kind:
        return None
    return parts[1]


def matching(token: TokenT | None, secret: str) -> TokenT | None:
    """``token`` when ``secret`` is its secret (constant-time comparison of digests), else None."""
    if token is None or not secrets.compare_digest(token.digest, token.digest_of(secret)):
        return None
    return token


def token_issue_record(
    *,
    actor: Actor,
    municipality: Municipality,
    model: type[TokenT],
    kind: str,
    action: str,
    name: str,
    **owner: Any,
) -> tuple[TokenT, str]:
    """A new token of ``model`` and ``kind`` for its owner (``platform=…``, ``company=…``), with
    the act ``action`` naming the owner, the prefix and the name: the row and its secret, which
    is shown only this once."""
    assert actor.user is not None
    prefix, secret = new_secret(kind)
    with transaction.atomic(), tenant(municipality):
        token = model.objects.create(
            name=name,
            prefix=prefix,
            digest=model.digest_of(secret),
            created_by=actor.user,
            **owner,
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action=action,
            obj=token,
            new={**{k: v.pk for k, v in owner.items()}, "prefix": prefix, "name": token.name},
        )
    return token, secret


def token_revoke_record(
    *, actor: Actor, municipality: Municipality, token: TokenT, action: str
) -> TokenT:
    """Revoke ``token`` (once: revoking a revoked token changes nothing) and record ``action``."""
    with transaction.atomic(), tenant(municipality):
        locked = type(token).objects.select_for_update().get(pk=token.pk)
        if locked.revoked_at is None:
            locked.revoked_at = timezone.now()
            locked.save(update_fields=["revoked_at"])
            record_act(
                municipality=municipality,
                actor=actor,
                action=action,
                obj=locked,
                old={"active": True},
                new={"active": False},
            )
    return locked
