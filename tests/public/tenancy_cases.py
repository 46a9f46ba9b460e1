"""Public and badge routes for the route-walking tenancy test (tests/core/test_tenancy_routes.py).

Public pages are public by design: a badge page or a municipality's list shows the same to anyone,
logged in or not (tests/public/test_public_tenancy.py checks that). What must never happen is one
municipality's page showing another's rows, so the public cases point at the *other*
municipality's pages with B's identifiers (B's plate looked up in A's list, B's badge serial inside
a token signed by A) and expect nothing of B.
"""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role

_F = runpy.run_path(str(Path(__file__).with_name("public_factories.py")))


def build(m: Any, user_of: Any, marker: str) -> dict[str, Any]:
    clerk = Actor.of(user_of(m.slug, Role.ATENDENTE))
    permit = _F["make_permit"](m, marker, photo="name-only")
    badge = _F["badge_without_law"](m, permit, clerk)
    other = Municipality.objects.exclude(pk=m.pk).order_by("pk").first()
    with tenant(other):
        # B's serial in a token that names A and carries A's valid signature.
        foreign = _F["token_for"](
            other, badge.serial, Actor.of(user_of(other.slug, Role.ATENDENTE))
        )
    return {
        "public_permit": permit.pk,
        "public_permit_number": permit.number,
        "public_plate": permit.vehicle.plate,
        "public_badge": badge.pk,
        "public_foreign_token": foreign,
        "public_other_slug": other.slug,
        "public_ibge": m.ibge_code,
    }


def _other(b: Any, page: str) -> tuple[Any, ...]:
    return ("get", f"/publico/{b.extra['public_other_slug']}/{page}", {200}, None)


ROUTES = {
    "v/<str:token>": lambda b: ("get", f"/v/{b.extra['public_foreign_token']}", {404}, None),
    "v/<str:token>/foto": lambda b: (
        "get",
        f"/v/{b.extra['public_foreign_token']}/foto",
        {404},
        None,
    ),
    "publico/<slug:slug>/": lambda b: _other(b, ""),
    "publico/<slug:slug>/tarifas/": lambda b: _other(b, "tarifas/"),
    "publico/<slug:slug>/permissoes/": lambda b: _other(b, "permissoes/"),
    "publico/<slug:slug>/placa/": lambda b: _other(b, f"placa/?placa={b.extra['public_plate']}"),
    "crachas/": lambda b: (
        "post",
        "/crachas/",
        {422},
        {"__form__": {"permissao": b.extra["public_permit_number"]}},
        "atendente",
    ),
    "crachas/<int:badge_id>/cracha.pdf": lambda b: (
        "get",
        f"/crachas/{b.extra['public_badge']}/cracha.pdf",
        {404},
        None,
        "atendente",
    ),
    "crachas/<int:badge_id>/revogar/": lambda b: (
        "post",
        f"/crachas/{b.extra['public_badge']}/revogar/",
        {404},
        {"__form__": {"motivo": "invasor"}},
        "atendente",
    ),
    # The keys are public: B's published keys, nothing else of B.
    "api/v1/public/keys/<ibge_code>": lambda b: (
        "get",
        f"/api/v1/public/keys/{b.extra['public_ibge']}",
        {200},
        None,
    ),
    "api/v1/public/verify/<token>": lambda b: (
        "get",
        f"/api/v1/public/verify/{b.extra['public_foreign_token']}",
        {404},
        None,
    ),
    "api/v1/badges": lambda b: (
        "post",
        "/api/v1/badges",
        {404},
        {"permit_id": b.extra["public_permit"]},
        "atendente",
    ),
    "api/v1/badges/<badge_id>": lambda b: (
        "get",
        f"/api/v1/badges/{b.extra['public_badge']}",
        {404},
        None,
        "atendente",
    ),
    "api/v1/badges/<badge_id>/pdf": lambda b: (
        "get",
        f"/api/v1/badges/{b.extra['public_badge']}/pdf",
        {404},
        None,
        "atendente",
    ),
    "api/v1/badges/<badge_id>/revoke": lambda b: (
        "post",
        f"/api/v1/badges/{b.extra['public_badge']}/revoke",
        {404},
        {"reason": "invasor"},
        "atendente",
    ),
}
