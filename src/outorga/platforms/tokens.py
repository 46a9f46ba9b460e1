"""A platform's API tokens: the secretariat issues and revokes them as part of the platform's
credential; ``core.services.api_token_authenticate`` checks them on each call, and
:func:`platform_token` — the ``auth`` of every route a platform calls — what the credential still
lets the platform do (art. 3 with art. 26, IV; ADR 0053)."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.http import HttpRequest

from outorga.core import apikit
from outorga.core.acts import Actor
from outorga.core.localtime import today_of
from outorga.core.models import ApiToken, Municipality
from outorga.core.services import TOKEN_PREFIX
from outorga.core.tokens import token_issue_record, token_revoke_record

from .models import Platform
from .services.common import authorize_apps, require_standing


def _authorize_credential(actor: Actor, municipality: Municipality) -> None:
    """A platform's tokens are part of its credential: issuing or revoking one takes the
    competence to credential platforms (``platform.credential``) under the apps law; where no
    law governs transport by app, none (403, ``apps_law``)."""
    authorize_apps(actor=actor, municipality=municipality, action="platform.credential")


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


# Named as the class it extends: the OpenAPI document names the security scheme after the class,
# and clients (and the API's fuzzing) know the platform's routes by ``PlatformBearer``.
class PlatformBearer(apikit.PlatformBearer):
    """A platform's token on a route that does ``act``: what the platform's credential lets it do
    today, on the municipality's clock, is the law core's answer (``credential_standing``). A
    suspended or cancelled credential stops the operation — enabling drivers, publishing fares
    (art. 3, art. 26 IV) — and keeps the duties of the months it operated and its due process
    (reports, trip records, complaints, defence and appeals: art. 15, 16, 21, 24, 26 parágrafo
    único). A refusal is an act, and a 403 naming the articles."""

    def __init__(self, act: str) -> None:
        super().__init__()
        self.act = act

    def authenticate(self, request: HttpRequest, token: str) -> Any:
        found = super().authenticate(request, token)
        if found is None:
            return None
        m = found.municipality
        require_standing(
            m,
            found.platform,
            self.act,
            today_of(m),
            actor=self.actor(found, request),
            action="api_token.refuse",
            extra={"method": request.method, "path": request.path, "ato": self.act},
        )
        return found


@cache
def platform_token(act: str) -> PlatformBearer:
    """The ``auth`` of a platform's route doing ``act`` (the law core's ``credential_standing``
    acts: ``read``, ``defence``, ``report``, ``trip_data``, ``complaint``, ``roster_disable`` —
    kept while suspended or cancelled — and ``roster``, ``fares`` — stopped)."""
    return PlatformBearer(act)
