"""Issue #19, item 4: row-level security on every tenant table (ADR 0024).

On PostgreSQL every table with a municipality column is under RLS, enabled and forced, with one
policy comparing the column to the connection's ``outorga.municipality``; connected as the
application's role (``outorga db_app_role``: no superuser, no BYPASSRLS), raw SQL under
municipality A sees and writes none of B's rows, and with no municipality nothing at all — while
the application's real requests, a sweep and a task work as that role.

The suite connects as a superuser, which skips every policy; these tests switch the test's
connection to the application's role for the rest of its transaction (``SET LOCAL ROLE``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from dbrole_factories import across_tenants
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import connection, transaction
from django.db.utils import ProgrammingError
from django.test import Client
from tenancy_world import World, build_world

from outorga.core import rls
from outorga.core.acts import Actor
from outorga.core.models import Act, Municipality, User
from outorga.core.scope import db_scope, system_wide
from outorga.core.tenancy import TenantModel, tenant, unscoped
from outorga.law.competence import Role
from outorga.platforms.models import Platform
from outorga.platforms.tokens import api_token_issue
from outorga.public.models import Badge
from outorga.registry.models import Person

ROLE = "outorga_app_test"  # the same cluster-wide role as tests/core/test_db_app_role.py
SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "samples"

postgres = pytest.mark.postgres


# --- everywhere (SQLite too): which tables, and the setting each context asks for ----------------


def test_the_tenant_tables_are_every_model_with_a_municipality_column():
    tables = set(rls.tenant_tables(apps))
    tenant_models = {m._meta.db_table for m in apps.get_models() if issubclass(m, TenantModel)}
    assert tenant_models <= tables
    # Two tables hold the column without being TenantModel: the users (the system administrator
    # has none) and the acts log's chain head (its primary key).
    assert tables - tenant_models == {User._meta.db_table, "core_actchain"}


def test_the_setting_follows_the_tenancy_context(ipatinga_m):
    assert db_scope() == ""
    with tenant(ipatinga_m):
        assert db_scope() == str(ipatinga_m.pk)
        with unscoped():
            assert db_scope() == "*"
    with system_wide("teste"):
        assert db_scope() == "*"
    assert db_scope() == ""


def test_system_wide_needs_a_reason():
    with pytest.raises(ValueError), system_wide(""):
        pass


# --- PostgreSQL: the catalog -----------------------------------------------------------------------


@postgres
def test_every_table_with_a_municipality_column_is_under_its_forced_policy(db):
    assert rls.unprotected(connection) == []
    with connection.cursor() as cur:
        cur.execute(
            "SELECT count(*) FROM pg_class c JOIN pg_policies p ON p.tablename = c.relname "
            "WHERE p.policyname = %s AND c.relrowsecurity AND c.relforcerowsecurity",
            [rls.POLICY],
        )
        assert cur.fetchone()[0] == len(rls.tenant_tables(apps))


@postgres
def test_a_table_left_without_the_policy_is_found(db):
    with connection.cursor() as cur:
        cur.execute(
            "RESET ROLE"
        )  # the owner's (or superuser's) DDL, under OUTORGA_TEST_DB_ROLE too
        cur.execute("ALTER TABLE registry_stand NO FORCE ROW LEVEL SECURITY")
        cur.execute("CREATE TABLE rls_forgotten (id int, municipality_id bigint)")
    assert rls.unprotected(connection) == [
        "registry_stand: RLS não forçada (o dono passaria)",
        "rls_forgotten: RLS desligada",
    ]


# --- PostgreSQL: connected as the application's role ---------------------------------------------


@pytest.fixture(scope="session")
def _app_role(django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    """The role and its grants, once per test database (as ``outorga db_app_role`` does)."""
    if connection.vendor == "postgresql":
        with django_db_blocker.unblock():
            call_command("db_app_role", "--role", ROLE)


@pytest.fixture
def as_app_role(db, _app_role) -> Callable[[], None]:  # type: ignore[no-untyped-def]
    """``as_app_role()``: the rest of the test's transaction runs as the application's role."""

    def switch() -> None:
        with connection.cursor() as cur:
            cur.execute(f"SET LOCAL ROLE {ROLE}")
            cur.execute("SELECT current_user, usesuper FROM pg_user WHERE usename = current_user")
            assert cur.fetchone() == (ROLE, False)

    return switch


@pytest.fixture
def worlds(user_of) -> tuple[World, World]:  # type: ignore[no-untyped-def]
    a = build_world(Municipality.objects.get(slug="ipatinga"), user_of)
    b = build_world(Municipality.objects.get(slug="barra-do-garcas"), user_of)
    return a, b


def _counts(m: Municipality) -> dict[str, tuple[int, int]]:
    """Per tenant table: (rows of ``m``, all rows) as the current context sees them."""
    out = {}
    with connection.cursor() as cur:
        for table in rls.tenant_tables(apps):
            cur.execute(
                f'SELECT count(*) FILTER (WHERE municipality_id = %s), count(*) FROM "{table}"',  # noqa: S608
                [m.pk],
            )
            out[table] = cur.fetchone()
    return out


@postgres
def test_under_municipality_a_raw_sql_sees_none_of_bs_rows(as_app_role, worlds):
    a, b = worlds
    as_app_role()
    with unscoped():
        everything = _counts(b.m)
    of_b = {t for t, (n, _) in everything.items() if n}
    assert len(of_b) >= 50, "o mundo de B deveria ter linhas em quase todas as tabelas"
    with tenant(a.m):
        seen = _counts(b.m)
        assert {t for t, (n, _) in seen.items() if n} == set()
        assert sum(total for _, total in seen.values()) > 0  # A's own rows are there
        # Not even Django's base manager, which skips the tenancy's manager, reaches B.
        assert Person._base_manager.filter(municipality=b.m).count() == 0
        assert Person._base_manager.filter(municipality=a.m).exists()


@postgres
def test_under_municipality_a_no_row_of_b_can_be_written(as_app_role, worlds):
    a, b = worlds
    as_app_role()
    insert = (
        "INSERT INTO core_populationfigure (municipality_id, value, reference_year, effective,"
        " source) VALUES (%s, 1, 2030, '2030-01-01', 'x')"
    )
    with tenant(a.m), connection.cursor() as cur:
        with pytest.raises(ProgrammingError, match="row-level security"), transaction.atomic():
            cur.execute(insert, [b.m.pk])
        with pytest.raises(ProgrammingError, match="row-level security"), transaction.atomic():
            cur.execute(
                "UPDATE registry_person SET municipality_id = %s WHERE id = %s",
                [b.m.pk, a["person"]],
            )
        cur.execute("UPDATE registry_person SET name = 'x' WHERE municipality_id = %s", [b.m.pk])
        assert cur.rowcount == 0
        cur.execute("DELETE FROM registry_stand WHERE municipality_id = %s", [b.m.pk])
        assert cur.rowcount == 0
        cur.execute(insert, [a.m.pk])  # its own municipality's row goes in
        assert cur.rowcount == 1
    with unscoped():
        assert Person.objects.get(pk=b["person"]).name.startswith("Titular")


@postgres
def test_with_no_municipality_set_no_row_at_all(as_app_role, worlds):
    as_app_role()
    assert db_scope() == ""
    seen = _counts(worlds[0].m)
    assert {t: total for t, (_, total) in seen.items() if total} == {}
    with connection.cursor() as cur, pytest.raises(ProgrammingError, match="row-level security"):
        with transaction.atomic():
            cur.execute(insert_person(), [worlds[0].m.pk])


def insert_person() -> str:
    return (
        "INSERT INTO registry_person (municipality_id, document, name, birth_date, blood_type,"
        " city, email, phone, address, photo, created_at) VALUES"
        " (%s, '00000000000', 'x', '1990-01-01', '', '', '', '', '', '', now())"
    )


@postgres
def test_a_rollback_leaves_the_connection_in_step(as_app_role, ipatinga_m, barra_m):
    """A rollback undoes a ``set_config`` made after its savepoint: the backend sets it again,
    or a query in Barra do Garças would run with Ipatinga's setting."""
    as_app_role()
    with connection.cursor() as cur:
        with tenant(ipatinga_m):
            sid = transaction.savepoint()  # the setting is Ipatinga's, then the savepoint
        with tenant(barra_m):
            cur.execute("SELECT 1")  # Barra do Garças' setting, after the savepoint
            transaction.savepoint_rollback(sid)  # undone: the connection is back to Ipatinga
            cur.execute(
                "SELECT current_setting('outorga.municipality'),"
                " count(*) FILTER (WHERE municipality_id = %s) FROM core_lawbinding",
                [ipatinga_m.pk],
            )
            setting, of_ipatinga = cur.fetchone()
    assert (setting, of_ipatinga) == (str(barra_m.pk), 0)


# --- PostgreSQL: the application's real work, as its role ----------------------------------------


@postgres
def test_staff_pages_and_api_of_two_municipalities_work_as_the_app_role(as_app_role, worlds):
    a, b = worlds
    staff = {w.m.slug: _login_user(w, Role.AUTORIDADE) for w in worlds}
    as_app_role()
    for w, other in ((a, b), (b, a)):
        client = Client()
        client.force_login(staff[w.m.slug])
        for path in ("/", "/atos/", "/cadastro/pessoas/", "/municipio/dados/"):
            r = client.get(path)
            assert r.status_code == 200, (w.m.slug, path, r.status_code)
            assert other.marker not in r.content.decode()
        assert w.marker in client.get("/cadastro/pessoas/").content.decode()
        assert w.marker in client.get("/atos/").content.decode()
        r = client.get("/api/v1/registry/people")
        assert r.status_code == 200
        names = [p["name"] for p in r.json()["items"]]
        assert f"Titular {w.marker}" in names
        assert not any(other.marker in n for n in names)


@postgres
def test_a_csv_export_streams_its_rows_as_the_app_role(as_app_role, worlds):
    """Found running the suite as the app role: a list's CSV is read while the response streams,
    after the middleware left the municipality; it held only its header (ADR 0037)."""
    a, b = worlds
    user = _login_user(a, Role.AUTORIDADE)
    as_app_role()
    client = Client()
    client.force_login(user)
    r = client.get("/cadastro/pessoas/", {"formato": "csv"})
    assert r.status_code == 200 and r["Content-Type"].startswith("text/csv")
    body = b"".join(r.streaming_content).decode("utf-8-sig")
    assert f"Titular {a.marker}" in body
    assert b.marker not in body


@postgres
def test_a_login_with_a_password_works_as_the_app_role(as_app_role, worlds):
    a, _ = worlds
    user = _login_user(a, Role.ATENDENTE)
    user.set_password("senha-de-teste-rls-1")
    with tenant(a.m):
        user.save(update_fields=["password"])
    as_app_role()
    client = Client()
    r = client.post("/entrar/", {"username": user.username, "password": "senha-de-teste-rls-1"})
    assert r.status_code == 302, r.content.decode()[:500]
    assert client.get("/").status_code == 200
    with tenant(a.m):
        assert Act.objects.filter(action="auth.login", actor_name__contains=user.username).exists()


@postgres
def test_the_system_administrator_reads_a_municipality_through_the_named_escape(
    as_app_role, worlds, caplog
):
    a, b = worlds
    with across_tenants("o administrador do sistema, de nenhum município"):
        admin = User.objects.get(username="admin.sistema")
    as_app_role()
    client = Client()
    client.force_login(admin)
    with caplog.at_level("INFO", logger="outorga.tenancy"):
        r = client.get("/atos/?municipio=barra-do-garcas")
    assert r.status_code == 200 and b.marker in r.content.decode()
    assert "administrador do sistema admin.sistema" in caplog.text


@postgres
def test_a_platform_token_works_as_the_app_role(as_app_role, worlds):
    _, b = worlds  # Barra do Garças binds the apps law: its platforms hold tokens
    as_app_role()
    headers = {"Authorization": f"Bearer {b.token_secret}"}
    r = Client().get("/api/v1/platform/me", headers=headers)
    assert r.status_code == 200, r.content
    r = Client().get("/api/v1/platform/drivers", headers=headers)
    assert r.status_code == 200


@postgres
def test_public_pages_and_a_badge_verification_work_as_the_app_role(as_app_role, worlds):
    a, b = worlds
    with across_tenants("as carteiras dos dois municípios"):
        tokens = {w.m.slug: Badge._base_manager.get(pk=w["badge"]).token for w in worlds}
    as_app_role()
    for w in (a, b):
        r = Client().get(f"/v/{tokens[w.m.slug]}")
        assert r.status_code == 200, (w.m.slug, r.status_code)
        assert f"Titular {w.marker}" in r.content.decode()
        r = Client().get(f"/publico/{w.m.slug}/")
        assert r.status_code == 200
    r = Client().get(f"/publico/{a.m.slug}/permissoes/")
    assert r.status_code == 200
    # A token naming B, carrying A's serial, still finds nothing of A (the policy agrees).
    assert Client().get(f"/v/{a['foreign_token']}").status_code == 404


@postgres
def test_a_sweep_runs_for_every_municipality_as_the_app_role(as_app_role):
    from outorga.core import sweep

    as_app_role()
    runs = list(sweep.run(dt.date(2026, 12, 2)))
    assert {r.municipality.slug for r in runs} >= {"ipatinga", "barra-do-garcas"}
    assert len(runs) >= 2 * len(sweep.steps()) - 2  # the checkpoint step only with its folder


@postgres
def test_a_trip_file_task_runs_as_the_app_role(as_app_role, barra_m, user_of, settings, tmp_path):
    from outorga.tripdata.models import DriverMonth, TripUpload
    from outorga.tripdata.tasks import process_upload

    settings.MEDIA_ROOT = tmp_path / "media"
    with tenant(barra_m):
        platform = Platform.objects.create(cnpj="98765432000155", name="Plataforma RLS")
        _, secret = api_token_issue(
            actor=Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE)),
            municipality=barra_m,
            platform=platform,
            name="rls",
        )
    as_app_role()
    trips = (SAMPLES / "trips-sample.csv").read_bytes()
    data: dict[str, Any] = {"year": 2026, "month": 10, "kind": "trips", "schema": "native"}
    data["file"] = SimpleUploadedFile("trips.csv", trips)
    r = Client().post(
        "/api/v1/tripdata/uploads", data=data, headers={"Authorization": f"Bearer {secret}"}
    )
    assert r.status_code == 202, r.content
    process_upload.call(r.json()["id"])  # the worker's task, with no municipality set
    with tenant(barra_m):
        upload = TripUpload.objects.get(pk=r.json()["id"])
        assert upload.status == TripUpload.Status.DONE, upload.error
        assert DriverMonth.objects.filter(upload=upload).exists()


def _login_user(w: World, role: Role) -> User:
    from outorga.core.demo import demo_username

    with unscoped():  # by a unique name, as the login reads it
        return User.objects.get(username=demo_username(w.m.slug, role))


@postgres
def test_an_email_task_runs_as_the_app_role(as_app_role, ipatinga_m, settings):
    from django.core import mail

    from outorga.core.mail import email_queue
    from outorga.core.models import OutboundEmail
    from outorga.core.tasks import send_email

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    with transaction.atomic():
        email = email_queue(municipality=ipatinga_m, to="a@example.com", subject="s", body="b")
    assert email is not None
    as_app_role()
    assert send_email.call(email.pk) == OutboundEmail.Status.SENT
    assert [m.to for m in mail.outbox] == [["a@example.com"]]


@postgres
def test_the_administrators_password_command_runs_as_the_app_role(as_app_role, monkeypatch) -> None:
    """``outorga changepassword`` touches a row of no municipality (the system administrator's):
    through the named escape it works as the app role, where a plain query sees no such row."""
    from django.contrib.auth.management.commands import changepassword

    from outorga import cli

    with system_wide("teste"):
        User.objects.create_user(
            username="admin.rls", password="a antiga senha 2025", role=Role.ADMIN
        )
    as_app_role()
    assert not User.objects.filter(username="admin.rls").exists()  # no municipality: not seen
    monkeypatch.setattr(
        changepassword.getpass, "getpass", lambda *a, **k: "uma senha longa e boa 2026"
    )
    with cli.escape_for(["changepassword", "admin.rls"]):
        call_command("changepassword", "admin.rls")
    with system_wide("teste"):
        assert User.objects.get(username="admin.rls").check_password("uma senha longa e boa 2026")


@postgres
def test_an_applicants_activation_link_works_as_the_app_role(as_app_role) -> None:
    """The link's page is anonymous (no municipality current): the account named by the signed link
    is read by key and role, then activated in its municipality — as the app role too."""
    from validate_docbr import CPF

    from outorga.core.models import OutboundEmail
    from outorga.portal import accounts

    m = Municipality.objects.get(slug="ipatinga")
    cpf = CPF().generate()
    as_app_role()
    accounts.account_signup(
        municipality=m,
        cpf=cpf,
        name="Ana Candidata",
        email="ana@exemplo.com.br",
        password="Mototaxi-ipatinga-2026",
    )
    with tenant(m):
        body = OutboundEmail.objects.get(to="ana@exemplo.com.br").body
    path = body[body.index("/conta/ativar/") :].split()[0]
    uid, token = path.strip("/").split("/")[-2:]
    page = Client().get(path)
    assert page.status_code == 200, page.content.decode()[:300]
    user = accounts.account_activate(uidb64=uid, token=token)
    assert user.is_active and user.get_username() == f"ipatinga-{cpf}"
