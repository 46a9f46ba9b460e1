"""``outorga municipality create``: a municipality and its administrator, all or nothing, with
the act that opens its log; then the administrator binds its first law as data."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from outorga.core import services
from outorga.core.acts import Actor
from outorga.core.lawseam import governs, law_of
from outorga.core.models import Act, Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role

pytestmark = pytest.mark.django_db

PASSWORD = "pequi-cerrado-araguaia-42"


def create(monkeypatch, *args: str, password: str = PASSWORD) -> str:  # type: ignore[no-untyped-def]
    monkeypatch.setattr("sys.stdin", io.StringIO(password + "\n"))
    out = io.StringIO()
    call_command("municipality", "create", *args, "--password-stdin", stdout=out)
    return out.getvalue()


def test_a_new_municipality_and_its_administrator_then_its_first_law(monkeypatch):
    said = create(
        monkeypatch, "--ibge", "5107909", "--nome", "Sinop", "--uf", "mt", "--admin", "admin.sinop"
    )
    assert "Município Sinop/MT cadastrado" in said and "admin.sinop" in said
    m = Municipality.objects.get(ibge_code="5107909")
    assert (m.slug, m.uf) == ("sinop", "MT")
    admin = User.objects.get(username="admin.sinop")
    assert admin.municipality_id == m.pk and admin.role == "admin"
    with tenant(m):
        act = Act.objects.get(action="municipality.create")
    assert act.record["payload"]["new"]["admin"] == "admin.sinop"
    assert act.actor_name == "outorga municipality create"
    # No law governs anything yet: the administrator binds one, as data.
    assert not governs(m, "aplicativo")
    assert admin.check_password(PASSWORD)
    services.law_binding_record(
        actor=Actor.of(admin),
        municipality=m,
        service="aplicativo",
        law="barra-do-garcas.apps-2025",
        valid_from=dt.date(2026, 12, 1),
        reference="Lei Municipal de Sinop (exemplo), adota a Lei 4.976/2025 de Barra do Garças",
    )
    m.forget_bindings()
    assert law_of(m, "aplicativo", dt.date(2026, 12, 1)) == "barra-do-garcas.apps-2025"


@pytest.mark.parametrize(
    ("args", "password", "field"),
    [
        (("--ibge", "3106200", "--nome", "Belo Horizonte", "--uf", "SP"), PASSWORD, "UF"),
        (("--ibge", "31062", "--nome", "Belo Horizonte", "--uf", "MG"), PASSWORD, "7 algarismos"),
        (("--ibge", "3131307", "--nome", "Outra", "--uf", "MG"), PASSWORD, "já cadastrado"),
        (("--ibge", "3106200", "--nome", "Belo Horizonte", "--uf", "MG"), "123", "Senha"),
    ],
)
def test_a_bad_municipality_is_refused_naming_the_field_and_nothing_is_written(
    monkeypatch, ipatinga_m, args, password, field
):
    before = (Municipality.objects.count(), User.objects.count())
    with pytest.raises(CommandError, match=field):
        create(monkeypatch, *args, "--admin", "admin.novo", password=password)
    assert (Municipality.objects.count(), User.objects.count()) == before


def test_a_taken_user_name_leaves_no_municipality_behind(monkeypatch, ipatinga_m, user_of):
    taken = user_of("ipatinga", Role.ADMIN).username
    with pytest.raises(CommandError, match="já existe"):
        create(
            monkeypatch,
            "--ibge",
            "3106200",
            "--nome",
            "Belo Horizonte",
            "--uf",
            "MG",
            "--admin",
            taken,
        )
    assert not Municipality.objects.filter(ibge_code="3106200").exists()
