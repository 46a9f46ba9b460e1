"""Every CSV export of a list is an act (LGPD, Lei 13.709/2018, art. 37: the controller keeps a
record of the processing of personal data): the people list carries full CPFs for several
roles, the debts and cases lists name people. The acts log names who exported which list, with
which filters and how many rows, in the municipality whose data left; an export refused to a
role, or a list only looked at, leaves no act."""

from __future__ import annotations

import json
from typing import Any

import pytest
from dbrole_factories import across_tenants
from django.test import Client
from registry_factories import person

from outorga.core.actlabels import act_label
from outorga.core.listing import TYPED_WITHHELD
from outorga.core.models import Act, Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.validation import format_cpf

EXPORT = "list.export"


def client_as(user: Any) -> Client:
    c = Client()
    c.force_login(user)
    return c


def acts_of(m: Municipality) -> list[Act]:
    with tenant(m):
        return list(Act.objects.order_by("seq"))


def new_acts(m: Municipality, before: list[Act]) -> list[Act]:
    seen = {a.pk for a in before}
    return [a for a in acts_of(m) if a.pk not in seen]


def payload(act: Act) -> dict[str, Any]:
    return dict(json.loads(act.canonical)["payload"])


def csv_lines(response: Any) -> list[str]:
    text = b"".join(response.streaming_content).decode("utf-8-sig")
    return [line for line in text.splitlines() if line]


@pytest.mark.django_db
def test_exporting_the_people_list_as_csv_leaves_one_act_naming_the_list_and_its_rows(
    ipatinga_m, user_of
):
    for i in range(3):
        person(ipatinga_m, name=f"Exportada Pessoa {i}")
    user = user_of("ipatinga", Role.ATENDENTE)  # a role that reads the CPFs in full
    c = client_as(user)
    before = acts_of(ipatinga_m)
    r = c.get("/cadastro/pessoas/", {"q": "exportada", "formato": "csv"})
    assert r.status_code == 200 and r["Content-Type"].startswith("text/csv")
    rows = csv_lines(r)[1:]
    assert len(rows) == 3
    added = new_acts(ipatinga_m, before)
    assert len(added) == 1
    act = added[0]
    assert act.action == EXPORT and act.actor_id == user.pk and act.role == Role.ATENDENTE
    assert act.object_id == "pessoas"
    data = payload(act)
    assert data["new"]["linhas"] == 3
    assert data["new"]["lista"] == "pessoas"
    # A text typed is not kept, only that it was (ADR 0077).
    assert data["new"]["filtros"] == {"q": TYPED_WITHHELD}
    # Named in Portuguese in the acts log.
    assert act_label(EXPORT) != EXPORT
    log = client_as(user_of("ipatinga", Role.AUTORIDADE)).get("/atos/").content.decode()
    assert act_label(EXPORT) in log


@pytest.mark.django_db
def test_a_csv_export_refused_to_a_role_leaves_no_act(ipatinga_m, user_of):
    c = client_as(user_of("ipatinga", Role.FISCAL))  # the ledger is not the inspector's
    before = acts_of(ipatinga_m)
    r = c.get("/financas/debitos/", {"formato": "csv"})
    assert r.status_code == 403
    assert [a.action for a in new_acts(ipatinga_m, before) if a.action == EXPORT] == []


@pytest.mark.django_db
def test_looking_at_a_list_in_html_leaves_no_act(ipatinga_m, user_of):
    c = client_as(user_of("ipatinga", Role.ATENDENTE))
    before = acts_of(ipatinga_m)
    for path in ("/cadastro/pessoas/", "/cadastro/veiculos/", "/financas/debitos/"):
        assert c.get(path).status_code == 200
    assert new_acts(ipatinga_m, before) == []


@pytest.mark.django_db
def test_a_cpf_searched_and_exported_is_recorded_masked_never_in_full(ipatinga_m, user_of):
    p = person(ipatinga_m, name="Pessoa Buscada")
    c = client_as(user_of("ipatinga", Role.ATENDENTE))
    # The search by CPF is moved to a token of the session; its address exports it.
    r = c.get("/cadastro/pessoas/", {"q": p.document})
    assert r.status_code == 303
    before = acts_of(ipatinga_m)
    r = c.get(r["Location"] + "&formato=csv")
    assert len(csv_lines(r)) == 2
    (act,) = new_acts(ipatinga_m, before)
    assert p.document not in act.canonical and format_cpf(p.document) not in act.canonical
    assert payload(act)["new"]["linhas"] == 1
    assert p.document[3:6] in payload(act)["new"]["filtros"]["q"]  # masked, still telling


@pytest.mark.django_db
def test_the_system_administrator_s_export_of_a_log_is_an_act_of_that_municipality(
    ipatinga_m, barra_m
):
    with across_tenants("um administrador do sistema, de nenhum município"):
        admin = User.objects.create_user(username="admin.export", role=Role.ADMIN)
    c = client_as(admin)
    before, other = acts_of(ipatinga_m), acts_of(barra_m)
    with tenant(ipatinga_m):
        logins = Act.objects.filter(action="auth.login").count()
    r = c.get("/atos/", {"municipio": "ipatinga", "tipo": "auth.login", "formato": "csv"})
    assert len(csv_lines(r)) == logins + 1
    (act,) = new_acts(ipatinga_m, before)
    assert act.action == EXPORT and act.actor_id == admin.pk
    assert payload(act)["new"]["linhas"] == logins
    assert payload(act)["new"]["filtros"] == {"municipio": "ipatinga", "tipo": TYPED_WITHHELD}
    assert new_acts(barra_m, other) == []


@pytest.mark.django_db
def test_the_export_of_the_acts_log_holds_the_rows_it_counted(ipatinga_m, user_of):
    """The export's own act is written before the rows stream: it is not one of them."""
    c = client_as(user_of("ipatinga", Role.AUTORIDADE))
    with tenant(ipatinga_m):
        total = Act.objects.count()
    before = acts_of(ipatinga_m)
    r = c.get("/atos/", {"formato": "csv"})
    assert len(csv_lines(r)) == total + 1
    (act,) = new_acts(ipatinga_m, before)
    assert payload(act)["new"]["linhas"] == total


# --- who acted, as a page shows it -----------------------------------------------------------------


@pytest.fixture
def portal_act(ipatinga_m):  # type: ignore[no-untyped-def]
    """An act on a debt by a portal account, whose user name is ``<slug>-<CPF>``."""
    from finance_factories import make_debt, make_person

    from outorga.core.acts import Actor, record_act
    from outorga.portal.accounts import account_username

    holder = make_person(ipatinga_m, "Titular do Portal")
    debt = make_debt(ipatinga_m, holder)
    name = account_username(ipatinga_m, holder.document)
    with tenant(ipatinga_m):
        act = record_act(
            municipality=ipatinga_m,
            actor=Actor(None, Role.PERMISSIONARIO, name),
            action="debt.contest",
            obj=debt,
        )
    return holder, debt, act


@pytest.mark.django_db
def test_a_portal_account_s_act_never_shows_its_full_cpf_where_acts_are_listed(
    ipatinga_m, user_of, portal_act
):
    from outorga.core.acts import verify_chain
    from outorga.core.identifiers import mask_document

    holder, debt, act = portal_act
    full, masked = holder.document, mask_document(holder.document)
    # The ledger's reader who sees CPFs masked (the Chief Executive) reads the debt's acts.
    page = client_as(user_of("ipatinga", Role.CHEFE_EXECUTIVO)).get(f"/financas/debitos/{debt.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert full not in html and format_cpf(full) not in html and masked in html
    # The acts log, on its page and in its CSV.
    auditor = client_as(user_of("ipatinga", Role.AUTORIDADE))
    log = auditor.get("/atos/", {"ordem": "-seq"}).content.decode()
    assert full not in log and masked in log
    exported = "\n".join(csv_lines(auditor.get("/atos/", {"formato": "csv"})))
    assert full not in exported and masked in exported
    # Only what is shown changed: the signed record still names the account, and verifies.
    with tenant(ipatinga_m):
        stored = Act.objects.get(pk=act.pk)
    assert stored.actor_name.endswith(full) and json.loads(stored.canonical)["actor"].endswith(full)
    assert verify_chain(ipatinga_m).ok
