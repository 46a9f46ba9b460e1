"""A platform's API tokens: the secretariat issues and revokes them as part of the platform's
credential; ``core.services.api_token_authenticate`` checks them on each call."""

from __future__ import annotations

from outorga.core.acts import Actor
from outorga.core.authz import authorize
from outorga.core.lawseam import law_of
from outorga.core.models import ApiToken, Municipality
from outorga.core.services import TOKEN_PREFIX
from outorga.core.tokens import token_issue_record, token_revoke_record
from outorga.law.bindings import Service

from .models import Platform


def _authorize_credential(actor: Actor, municipality: Municipality) -> None:
    """A platform's tokens are part of its credential: issuing or revoking one takes the
    competence to credential platforms (``platform.credential``) under the apps law."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.credential",
        law=law_of(municipality, Service.APLICATIVO),
    )


def api_token_issue(
    *, actor: Actor, municipality: Municipality, platform: Platform, name: str
) -> tuple[ApiToken, str]:
    """Create a token for a platform; returns the row and the secret, shown only this once."""
    _authorize_credential(actor, municipality)
    return token_issue_record(
        actor=actor,
        municipality=municipality,
        model=ApiToken,
        kind=TOKEN_PREFIX,
        action="api_token.issue",
        name=name,
        platform=platform,
    )


def api_token_revoke(*, actor: Actor, municipality: Municipality, token: ApiToken) -> ApiToken:
    _authorize_credential(actor, municipality)
    return token_revoke_record(
        actor=actor, municipality=municipality, token=token, action="api_token.revoke"
    )
