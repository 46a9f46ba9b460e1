"""Platform API tokens: random ≥128 bits, stored hashed, scoped, revocable, every use logged."""

from __future__ import annotations

import pytest
from django.test import Client

from outorga.core.acts import Actor
from outorga.core.models import Act, ApiToken
from outorga.core.tenancy import tenant, unscoped
from outorga.law.competence import NotCompetent, Role
from outorga.platforms.models import Platform
from outorga.platforms.tokens import api_token_issue, api_token_revoke


@pytest.fixture
def issued(barra_m, user_of):  # type: ignore[no-untyped-def]
    with tenant(barra_m):
        platform = Platform.objects.first()
        actor = Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE))
        token, secret = api_token_issue(
            actor=actor, municipality=barra_m, platform=platform, name="produção"
        )
    return token, secret, actor


def test_the_secret_has_at_least_128_random_bits_and_is_not_stored(issued):
    token, secret, _ = issued
    random_part = secret.split("_", 2)[2]
    assert len(random_part) * 6 >= 128  # urlsafe base64: 6 bits per character
    with unscoped():
        stored = ApiToken.objects.get(pk=token.pk)
    assert secret not in (stored.digest, stored.prefix, stored.name)
    assert stored.digest == ApiToken.digest_of(secret)


def test_two_tokens_never_share_a_secret(barra_m, user_of):
    with tenant(barra_m):
        platform = Platform.objects.first()
        actor = Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE))
        secrets = {
            api_token_issue(actor=actor, municipality=barra_m, platform=platform, name=str(i))[1]
            for i in range(5)
        }
    assert len(secrets) == 5


def test_a_token_sees_its_platform_and_each_use_is_logged_with_the_ip(issued):
    token, secret, _ = issued
    client = Client(REMOTE_ADDR="192.0.2.44")
    r = client.get("/api/v1/platform/me", headers={"Authorization": f"Bearer {secret}"})
    assert r.status_code == 200
    assert r.json()["municipality"] == "barra-do-garcas"
    with unscoped():
        use = Act.objects.filter(action="api_token.use").order_by("-id").first()
    assert use is not None and use.ip == "192.0.2.44" and use.object_id == str(token.pk)


def test_a_revoked_token_is_refused(issued, barra_m):
    token, secret, actor = issued
    api_token_revoke(actor=actor, municipality=barra_m, token=token)
    r = Client().get("/api/v1/platform/me", headers={"Authorization": f"Bearer {secret}"})
    assert r.status_code == 401
    assert r.json()["detail"] == "Autenticação necessária."


def test_a_forged_token_is_refused(issued):
    _, secret, _ = issued
    forged = secret[:-2] + ("AA" if not secret.endswith("AA") else "BB")
    r = Client().get("/api/v1/platform/me", headers={"Authorization": f"Bearer {forged}"})
    assert r.status_code == 401


def test_only_the_competent_authority_issues_tokens(barra_m, user_of):
    with tenant(barra_m):
        platform = Platform.objects.first()
    clerk = Actor.of(user_of("barra-do-garcas", Role.ATENDENTE))
    with pytest.raises(NotCompetent, match="art. 3"):
        api_token_issue(actor=clerk, municipality=barra_m, platform=platform, name="x")
