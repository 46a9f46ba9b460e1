"""Loads the demo: every demo municipality (``outorga.demo.MUNICIPALITIES``) with the core's rows
and one user per role, then each app's demo data in the order they build on each other.
Idempotent: running it again changes nothing that is already there. This package sits above the
apps (it imports them; none imports it), like ``outorga.config``."""

from __future__ import annotations

import csv
import datetime as dt
import io
from pathlib import Path

from django.db import transaction

from outorga.core.acts import Actor
from outorga.core.demo import DemoLogin, demo_username, municipality_load, system_admin_load
from outorga.core.localtime import today_of, zone_of
from outorga.core.management.arguments import importing_actor
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.enforcement.demo import load as enforcement_demo
from outorga.enforcement.models import InfractionNotice
from outorga.enforcement.services.autos import infraction_issue
from outorga.finance.demo import load as finance_demo
from outorga.inspections.demo import load as inspections_demo
from outorga.law.competence import Role
from outorga.platforms.demo import load as platforms_demo
from outorga.portal.accounts import account_invite
from outorga.registry.demo import example_tender_open
from outorga.registry.demo import load as registry_demo
from outorga.registry.importer.run import import_registry
from outorga.registry.models import Permit, Person
from outorga.tripdata.demo import load as tripdata_demo

from . import MUNICIPALITIES

#: Each app's demo, in order: the ledger first, the platforms, the registry (its stands), the cases
#: built on it, the inspections and the trip data of the platforms' drivers.
APP_DEMOS = (
    finance_demo,
    platforms_demo,
    registry_demo,
    enforcement_demo,
    inspections_demo,
    tripdata_demo,
)


@transaction.atomic
def load_demo() -> list[DemoLogin]:
    logins: list[DemoLogin] = []
    for facts in MUNICIPALITIES.values():
        m, made = municipality_load(facts)
        logins.extend(made)
        with tenant(m):
            for load in APP_DEMOS:
                load(m)
    logins.append(system_admin_load())
    return logins


#: The spreadsheet of docs/import-registry.md (invented people, vehicles and permits, marked
#: "Exemplo"), in a checkout of the repository; an installed package has no docs.
REGISTRY_SAMPLE = Path(__file__).resolve().parents[3] / "docs" / "samples" / "registry-sample.csv"
#: Whose registry the sample fills (its rows live in Ipatinga, under its two laws).
REGISTRY_SAMPLE_MUNICIPALITY = "ipatinga"


def load_example_registry(sample: Path = REGISTRY_SAMPLE) -> str:
    """The sample spreadsheet imported into Ipatinga's registry, through the import a clerk runs
    (every row checked against the law, one act per record, by the demo clerk), so that a first
    visit finds people, vehicles and permits to open; once (skipped when its permits are there).
    What was done, in a line. Only the demo commands call it: the tests start from an empty
    registry."""
    m = Municipality.objects.filter(slug=REGISTRY_SAMPLE_MUNICIPALITY).first()
    if m is None or not sample.is_file():
        return "Cadastro de exemplo: planilha de exemplo não encontrada; cadastro vazio."
    raw = sample.read_bytes()
    with tenant(m):
        rows = csv.DictReader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";")
        numbers = [row["numero_permissao"] for row in rows if row.get("numero_permissao")]
        if Permit.objects.filter(number__in=numbers).exists():
            return "Cadastro de exemplo: já carregado."
    actor = importing_actor(
        m, demo_username(m.slug, Role.ATENDENTE), missing="sem atendente de demonstração"
    )
    report = import_registry(
        municipality=m, raw=raw, filename=sample.name, actor=actor, dry_run=False
    )
    if report.errors:
        errors = "; ".join(e.render() for e in report.errors)
        return f"Cadastro de exemplo não carregado: {errors}"
    return f"Cadastro de exemplo de {m.name}: {report.rows} linha(s) de {sample.name} importada(s)."


#: Whose example licitação the demo opens (Ipatinga's taxi law asks a tender for every permission).
EXAMPLE_TENDER_MUNICIPALITY = "ipatinga"


def load_example_tender() -> str:
    """The example licitação (``registry.demo.EXAMPLE_TENDER``) opened in Ipatinga by the demo
    authority, who conducts tenders there (``tender.manage``), after the example registry: the
    applicant's path of the README enrols in it. Once. What was done, in a line. Only the demo
    commands call it: the tests start with no tender."""
    m = Municipality.objects.filter(slug=EXAMPLE_TENDER_MUNICIPALITY).first()
    if m is None:
        return "Licitação de exemplo: município de demonstração não encontrado."
    with tenant(m):
        user = User.objects.filter(username=demo_username(m.slug, Role.AUTORIDADE)).first()
    if user is None:
        return "Licitação de exemplo: sem autoridade de demonstração."
    return example_tender_open(m, Actor.of(user))


#: The sample's permit whose holder (Exemplo Ana Mototaxista) the demo's holder login serves.
EXAMPLE_HOLDER_PERMIT = "MT-0101"
#: The example auto of infraction the demo fiscal issues on it (mototaxi law, signed by her).
EXAMPLE_AUTO_CODE = "art38-II"


def load_example_holder() -> str:
    """The demo's holder login (``permissionario.<slug>``) made the portal account of the example
    registry's holder of ``EXAMPLE_HOLDER_PERMIT``, as the demo clerk's invitation links one
    (``account_invite``), and one example auto of infraction on that permit issued by the demo
    fiscal, so the holder's journey (permit, documents, infractions, defence) can be tried. After
    the example registry; once. What was done, in a line. Only the demo commands call it."""
    m = Municipality.objects.filter(slug=REGISTRY_SAMPLE_MUNICIPALITY).first()
    if m is None:
        return "Permissionário de exemplo: município de demonstração não encontrado."
    with tenant(m):
        permit = Permit.objects.filter(number=EXAMPLE_HOLDER_PERMIT).first()
        users = {
            role: User.objects.filter(username=demo_username(m.slug, role)).first()
            for role in (Role.PERMISSIONARIO, Role.ATENDENTE, Role.FISCAL)
        }
    login, clerk, fiscal = users[Role.PERMISSIONARIO], users[Role.ATENDENTE], users[Role.FISCAL]
    if permit is None or login is None or clerk is None or fiscal is None:
        return (
            "Permissionário de exemplo: sem a permissão de exemplo ou os acessos de demonstração."
        )
    holder = permit.holder
    if holder.user_id != login.pk:
        with tenant(m):
            # The login served the ledger's placeholder person (finance demo): it gives way.
            Person.objects.filter(user=login).update(user=None)
        account_invite(actor=Actor.of(clerk), municipality=m, person=holder, login=login)
        with tenant(m):
            finance_demo(m)  # the example debts, now on the holder's own account
    with tenant(m):
        has_auto = InfractionNotice.objects.filter(permit=permit).exists()
    if not has_auto:
        day = today_of(m) - dt.timedelta(days=3)
        infraction_issue(
            actor=Actor.of(fiscal),
            municipality=m,
            code=EXAMPLE_AUTO_CODE,
            committed_at=dt.datetime.combine(day, dt.time(10), tzinfo=zone_of(m)),
            place="Praça central, ponto de mototáxi (exemplo)",
            description="Auto de infração de exemplo (demonstração).",
            agent_registration="F-EXEMPLO",
            permit=permit,
            offender_signed=True,
        )
    return (
        f"Permissionário de exemplo: {login.get_username()} é o acesso de {holder.name} "
        f"(permissão {permit.number}), com um auto de infração de exemplo."
    )
