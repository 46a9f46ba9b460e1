"""The core's part of the demo: one demo municipality's own rows (its laws, population, fiscal
units, holidays) and one user per role, and the demo logins. ``outorga.demo.loader`` calls it for
each demo municipality, then each app's ``demo.load``. Idempotent: running it again changes nothing
that is already there."""

from __future__ import annotations

from dataclasses import dataclass

from outorga.law.competence import ROLE_LABELS, Role
from outorga.law.context import MunicipalityFacts

from .acts import Actor, record_act
from .models import (
    CalendarDay,
    FiscalUnitValue,
    LawBinding,
    Municipality,
    PopulationFigure,
    User,
)
from .services import law_binding_write
from .tenancy import tenant

DEMO_PASSWORD_SUFFIX = "-demo-2026"  # noqa: S105 - demo logins are printed on purpose
#: The names demo users were given under a role's earlier label, renamed when the demo loads again.
EARLIER_DEMO_NAMES = frozenset({"Plataforma (cliente da API) (demo)"})


@dataclass(frozen=True)
class DemoLogin:
    municipality: str
    username: str
    password: str
    role: str


def demo_username(slug: str, role: Role) -> str:
    return f"{role.value}.{slug.split('-')[0]}"


def demo_password(username: str) -> str:
    # Demo only: printed at start-up. Real deployments create users with their own passwords.
    return f"{username}{DEMO_PASSWORD_SUFFIX}"


def system_admin_load() -> DemoLogin:
    """The system administrator (no municipality)."""
    admin, created = User.objects.get_or_create(
        username="admin.sistema",
        defaults={"role": Role.ADMIN.value, "first_name": "Administrador do sistema"},
    )
    if created:
        admin.set_password(demo_password(admin.username))
        admin.save()
    return DemoLogin("—", admin.username, demo_password(admin.username), Role.ADMIN.value)


def municipality_load(facts: MunicipalityFacts) -> tuple[Municipality, list[DemoLogin]]:
    """The municipality of ``facts`` with its dated data and one user per role."""
    m, created = Municipality.objects.get_or_create(
        ibge_code=facts.ibge_code,
        defaults={"name": facts.name, "uf": facts.uf, "slug": facts.slug},
    )
    logins = []
    with tenant(m):
        system = Actor.system("carga de demonstração")
        if created:
            record_act(
                municipality=m,
                actor=system,
                action="municipality.create",
                obj=m,
                new={"ibge_code": m.ibge_code, "name": m.name, "uf": m.uf},
            )
        for b in facts.bindings:
            if not LawBinding.objects.filter(service=b.service, valid_from=b.valid_from).exists():
                law_binding_write(
                    actor=system,
                    municipality=m,
                    service=b.service,
                    law=b.law,
                    valid_from=b.valid_from,
                    valid_until=b.valid_until,
                    reference=b.reference,
                )
        for p in facts.populations:
            PopulationFigure.objects.get_or_create(
                reference_year=p.reference_year,
                effective=p.effective,
                defaults={"value": p.value, "source": p.source},
            )
        for u in facts.fiscal_units:
            FiscalUnitValue.objects.get_or_create(
                name=u.name,
                valid_from=u.valid_from,
                defaults={"value": u.value, "legal_reference": u.reference, "example": u.example},
            )
        for day, description in facts.holidays.items():
            CalendarDay.objects.get_or_create(
                date=day,
                defaults={
                    "kind": CalendarDay.Kind.HOLIDAY,
                    "description": description,
                    "legal_reference": "Lei Municipal 528/1975",
                },
            )
        for role in Role:
            username = demo_username(facts.slug, role)
            user, made = User.objects.get_or_create(
                username=username,
                defaults={
                    "role": role.value,
                    "municipality": m,
                    "first_name": f"{ROLE_LABELS[role]} (demo)",
                    # The demo's password reset prints its link in the worker's console.
                    "email": f"{username}@exemplo.invalid",
                },
            )
            if user.first_name in EARLIER_DEMO_NAMES:
                # Loaded under a role's earlier label: the demo user reads the label of now.
                user.first_name = f"{ROLE_LABELS[role]} (demo)"
                user.save(update_fields=["first_name"])
            if made:
                user.set_password(demo_password(username))
                user.save()
                record_act(
                    municipality=m,
                    actor=system,
                    action="user.create",
                    obj=user,
                    new={"username": username, "role": role.value},
                )
            logins.append(DemoLogin(m.slug, username, demo_password(username), role.value))
    return m, logins
