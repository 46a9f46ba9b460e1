"""Shared test setup.

- ``@pytest.mark.postgres`` tests run only against PostgreSQL (concurrency, triggers) and
  ``@pytest.mark.browser`` tests only where Debian's chromium is installed; elsewhere they are
  skipped with the reason shown in the summary.
- With ``OUTORGA_REQUIRE_ALL=1`` (set by .ci/run) a skipped test fails the run: CI must run all.
- ``@pytest.mark.clock("2026-12-05T12:00:00-03:00")`` runs a test (and its function-scoped
  fixtures) with the clock set to that instant, ticking: for a test whose fixed dates hold only
  while "today" is near them (a badge valid for the year of a permit signed on a fixed day, the
  months a platform may still send), so that it does not fail when the real calendar moves on.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import time_machine
from hypothesis import HealthCheck, settings

# Property tests judge the law's arithmetic, not the machine's speed: on a loaded two-core runner a
# single draw may take seconds, so timing checks would fail a correct rule (no timed assertions).
settings.register_profile("outorga", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("outorga")

# Each app's factories module (``tests/<app>/<app>_factories.py``, unique basenames) is importable
# by name from any test directory: the folders holding one go on ``sys.path`` here, once.
for _factories in sorted(Path(__file__).parent.glob("*/*_factories.py")):
    if str(_factories.parent) not in sys.path:
        sys.path.append(str(_factories.parent))

# A real SMTP server (aiosmtpd) and the task worker, for every test that sends email.
from mail_factories import run_worker, smtp  # noqa: E402,F401

CHROMIUM = Path(os.environ.get("OUTORGA_CHROMIUM", "/usr/lib/chromium/chromium"))
ARTIFACTS = Path(os.environ.get("OUTORGA_TEST_ARTIFACTS", "test-artifacts"))


def _database_vendor() -> str:
    try:
        from django.conf import settings

        engine = settings.DATABASES["default"]["ENGINE"]
    except Exception:  # noqa: BLE001 - law tests run without Django settings
        return "none"
    return "postgresql" if "postgresql" in engine else "sqlite"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    vendor = _database_vendor()
    for item in items:
        if "postgres" in item.keywords and vendor != "postgresql":
            item.add_marker(
                pytest.mark.skip(reason="precisa de PostgreSQL (defina DATABASE_URL=postgres://…)")
            )
        if "browser" in item.keywords and not CHROMIUM.exists():
            item.add_marker(pytest.mark.skip(reason=f"precisa do chromium do Debian em {CHROMIUM}"))


_skipped: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped:
        _skipped.append(report.nodeid)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if os.environ.get("OUTORGA_REQUIRE_ALL") == "1" and _skipped:
        tr = session.config.pluginmanager.get_plugin("terminalreporter")
        if tr is not None:
            tr.write_line(f"OUTORGA_REQUIRE_ALL=1: {len(_skipped)} teste(s) pulado(s):", red=True)
            for nodeid in _skipped:
                tr.write_line(f"  {nodeid}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def _flush_past_the_acts_triggers() -> None:
    """Between transactional tests Django empties every table with one TRUNCATE, which the acts
    log's trigger refuses (core migration 0007). The test database is wiped as a superuser
    restores one: in ``session_replication_role = replica``, which only a superuser may set.
    Where the sequences are not reset, each table is emptied by a DELETE: the test tables hold a
    few rows each, and a TRUNCATE of a hundred tables (a new file for each) takes about a second
    of every transactional test."""
    from django.db.backends.postgresql.operations import DatabaseOperations

    if getattr(DatabaseOperations.sql_flush, "_past_triggers", False):
        return
    plain = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):  # type: ignore[no-untyped-def]
        if not tables:
            return []
        if reset_sequences or allow_cascade:
            statements = plain(
                self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        else:
            statements = [f"DELETE FROM {self.quote_name(t)};" for t in sorted(tables)]  # noqa: S608
        return ["SET LOCAL session_replication_role = replica", *statements]

    sql_flush._past_triggers = True  # type: ignore[attr-defined]
    DatabaseOperations.sql_flush = sql_flush  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def _clock(request: pytest.FixtureRequest) -> Iterator[None]:
    """The ``clock`` marker's instant as "now", in this process (time-machine): Python's clocks,
    hence Django's ``timezone.now()`` and every municipality's ``today_of``. Autouse, so it is set
    before the test's other function-scoped fixtures make their records."""
    marker = request.node.get_closest_marker("clock")
    if marker is None:
        yield
        return
    with time_machine.travel(dt.datetime.fromisoformat(marker.args[0]), tick=True):
        yield


@pytest.fixture(scope="session", autouse=True)
def _cheap_password_hashing() -> None:
    """Argon2id at its cheapest cost for every test (``auth_factories``): the same algorithm and
    encoding as production, without its hundred mebibytes a hash."""
    from auth_factories import DOTTED
    from django.conf import settings as django_settings
    from django.contrib.auth.hashers import get_hashers, get_hashers_by_algorithm

    if not django_settings.configured:
        return  # the law core's tests run without Django
    django_settings.PASSWORD_HASHERS = [DOTTED, *django_settings.PASSWORD_HASHERS]
    get_hashers.cache_clear()
    get_hashers_by_algorithm.cache_clear()


@pytest.fixture(scope="session")
def django_db_setup(_cheap_password_hashing, django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    """Every database test starts with the demo municipalities and one user per role; on
    PostgreSQL their rows are also kept, for the transactional tests to start from
    (``demo_factories.demo_fresh``)."""
    from demo_factories import demo_snapshot_take

    from outorga.demo.loader import load_demo

    if _database_vendor() == "postgresql":
        _flush_past_the_acts_triggers()
    with django_db_blocker.unblock():
        load_demo()
        demo_snapshot_take()


#: ``OUTORGA_TEST_DB_ROLE=outorga_app_test`` runs every non-transactional database test as the
#: application's role (PostgreSQL: row-level security applies, ADR 0024) instead of the superuser.
APP_ROLE = os.environ.get("OUTORGA_TEST_DB_ROLE", "")


@pytest.fixture(scope="session")
def _app_role_granted(django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    if APP_ROLE and _database_vendor() == "postgresql":
        from django.core.management import call_command

        with django_db_blocker.unblock():
            call_command("db_app_role", "--role", APP_ROLE)


@pytest.fixture(autouse=True)
def _as_app_role(request: pytest.FixtureRequest) -> None:
    names = request.fixturenames
    if not APP_ROLE or "db" not in names or "transactional_db" in names:
        return
    if _database_vendor() != "postgresql":
        return
    request.getfixturevalue("_app_role_granted")
    request.getfixturevalue("db")
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute(f"SET LOCAL ROLE {APP_ROLE}")


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


# Standing fixtures: the demo municipalities and one user per role (healthchecks' Alice and Bob).
# Django is imported lazily so the law core's tests also run without it.


@pytest.fixture
def ipatinga_m(db):  # type: ignore[no-untyped-def]
    from outorga.core.models import Municipality

    return Municipality.objects.get(slug="ipatinga")


@pytest.fixture
def barra_m(db):  # type: ignore[no-untyped-def]
    from outorga.core.models import Municipality

    return Municipality.objects.get(slug="barra-do-garcas")


def demo_user(slug: str, role: Any) -> Any:
    from outorga.core.demo import demo_username
    from outorga.core.models import User
    from outorga.core.tenancy import unscoped

    with unscoped():  # by a unique name, as the login reads it (row-level security, ADR 0024)
        return User.objects.get(username=demo_username(slug, role))


@pytest.fixture
def user_of(db):  # type: ignore[no-untyped-def]
    """``user_of("ipatinga", Role.FISCAL)``: the standing demo user of that role."""
    return demo_user


@pytest.fixture
def in_ipatinga(ipatinga_m: Any) -> Iterator[Any]:
    from outorga.core.tenancy import tenant

    with tenant(ipatinga_m):
        yield ipatinga_m


@pytest.fixture
def in_barra(barra_m: Any) -> Iterator[Any]:
    from outorga.core.tenancy import tenant

    with tenant(barra_m):
        yield barra_m


@pytest.fixture
def keep_only_laws() -> Any:
    """``keep(m, *laws)``: the municipality's bindings of other laws removed — a municipality that
    applies only these laws."""

    def keep(m: Any, *laws: str) -> None:
        from outorga.core.models import LawBinding
        from outorga.core.tenancy import unscoped

        with unscoped():
            LawBinding.objects.filter(municipality=m).exclude(law__in=laws).delete()
        m.forget_bindings()

    return keep


@pytest.fixture
def ipatinga_client(user_of: Any) -> Any:
    """``ipatinga_client(Role.FISCAL)``: a client logged in as Ipatinga's standing user of that
    role; an internal error is answered as the server answers it (500), not raised."""
    from django.test import Client

    def login(role: Any) -> Any:
        client = Client(raise_request_exception=False)
        client.force_login(user_of("ipatinga", role))
        return client

    return login


@pytest.fixture
def badge_clerk(user_of: Any) -> Any:
    """Ipatinga's standing desk clerk, as the actor of a badge's issue."""
    from outorga.core.acts import Actor
    from outorga.law.competence import Role

    return Actor.of(user_of("ipatinga", Role.ATENDENTE), "198.51.100.7")


@pytest.fixture
def ungoverned(ipatinga_m: Any, badge_clerk: Any, keep_only_laws: Any) -> tuple[Any, Any]:
    """A mototaxi permit and its badge, issued in Ipatinga, which then applies only its taxi
    law: a permit (and a badge) of a service no law of the municipality governs."""
    from registry_factories import make_permit

    from outorga.public import services

    permit = make_permit(ipatinga_m, "SEMLEI")
    badge = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    keep_only_laws(ipatinga_m, "ipatinga.taxi-2017")
    return permit, badge


@pytest.fixture
def lock_order() -> Iterator[Any]:
    """The test's connection under ``core.locking``'s guard (PostgreSQL): the test fails if the
    municipality's row is locked after another row, or any row after a transaction's first act
    (docs/decisions/0015-one-lock-order.md)."""
    from outorga.core.locking import lock_order_guard

    with lock_order_guard() as guard:
        yield guard
    assert not guard.violations, "ordem de travas violada:\n" + "\n".join(guard.violations)
