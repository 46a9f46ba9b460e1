"""Revoking a badge asks first, stating that the QR page shows it revoked from then on."""

from __future__ import annotations

from django.test import Client
from registry_factories import make_permit

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.public import services
from outorga.public.models import Badge


def test_revoking_a_badge_asks_first_and_revokes_only_when_confirmed(
    ipatinga_m, user_of, badge_clerk
):
    permit = make_permit(ipatinga_m, "CONF")
    badge = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    url = f"/crachas/{badge.pk}/revogar/"

    r = client.post(url, {"motivo": "extravio"})
    assert r.status_code == 200
    page = r.content.decode()
    assert f"A revogação do crachá {badge.serial} de {permit.holder.name}" in page
    assert "a consulta pública do QR code passa a mostrá-lo como revogado" in page
    with tenant(ipatinga_m):
        assert Badge.objects.get(pk=badge.pk).revoked_at is None

    r = client.post(url, {"motivo": "extravio", "confirmado": "1"})
    assert r.status_code == 302
    with tenant(ipatinga_m):
        assert Badge.objects.get(pk=badge.pk).revoked_reason == "extravio"


def test_revoking_a_badge_is_refused_to_a_portal_login_without_naming_the_bearer(
    ipatinga_m, user_of, badge_clerk
):
    """The confirmation is the clerks' (badge.issue): a holder's or a platform's login that posts
    to another badge's revocation reads neither the bearer's name nor the permit."""
    permit = make_permit(ipatinga_m, "CONF2")
    badge = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    for role in (Role.PERMISSIONARIO, Role.PLATAFORMA):
        client = Client()
        client.force_login(user_of("ipatinga", role))
        r = client.post(f"/crachas/{badge.pk}/revogar/", {"motivo": "extravio"})
        assert r.status_code == 403, role
        page = r.content.decode()
        assert permit.holder.name not in page
        assert permit.number not in page
        assert badge.serial not in page
    with tenant(ipatinga_m):
        assert Badge.objects.get(pk=badge.pk).revoked_at is None
