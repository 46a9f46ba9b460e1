"""What the act of a list's CSV export (``list.export``) keeps of the filters typed (ADR 0077).
The act must let an auditor see that an export happened, of which list, by whom, narrowed by
which filters and how many rows left (LGPD, Lei 13.709/2018, art. 37) — but the log is read by
roles that must not read a person's data they do not need (art. 6º, III), and it is never
erased. So a filter chosen among the list's options (a status, a kind, a service, a date, a
year) is kept as chosen; a text typed (a name, an e-mail, a plate, a CNH number) is kept as
"typed", not what it says; a CPF or CNPJ typed keeps its mask (ADR 0063)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from registry_factories import person
from test_acts_log_personal_data import system_admin

from outorga.core.identifiers import mask_document
from outorga.core.listing import TYPED_WITHHELD
from outorga.core.models import Act, Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role

pytestmark = pytest.mark.django_db


def client_as(user: Any) -> Client:
    c = Client()
    c.force_login(user)
    return c


def last_act(m: Municipality, action: str) -> Act:
    with tenant(m):
        act = Act.objects.filter(action=action).order_by("-seq").first()
    assert act is not None
    return act


def exported(m: Municipality, c: Client, path: str, query: dict[str, str]) -> dict[str, Any]:
    r = c.get(path, {**query, "formato": "csv"})
    assert r.status_code == 200 and r["Content-Type"].startswith("text/csv")
    b"".join(r.streaming_content)
    act = last_act(m, "list.export")
    for typed in query.values():
        if "@" in typed or " " in typed or typed.isupper():
            assert typed not in act.canonical
    return dict(json.loads(act.canonical)["payload"]["new"])


TYPED = {
    "a name": "Maria Exportável",
    "an e-mail": "maria.exportavel@example.com",
    "a plate": "QWE1A23",
    "a CNH number": "CNH 02650306461",
}


@pytest.mark.parametrize("what", TYPED)
def test_lgpd_art_6_iii_a_text_typed_in_the_people_list_s_search_is_not_kept_in_the_export_act(
    ipatinga_m, user_of, what
):
    person(ipatinga_m, name="Maria Exportável")
    c = client_as(user_of("ipatinga", Role.ATENDENTE))
    new = exported(ipatinga_m, c, "/cadastro/pessoas/", {"q": TYPED[what], "tipo": "natural"})
    assert new["filtros"]["q"] == TYPED_WITHHELD
    assert TYPED[what] not in json.dumps(new, ensure_ascii=False)
    # What the auditor needs is still there: the list, its chosen filters, how many rows.
    assert new["lista"] == "pessoas" and new["endereco"] == "/cadastro/pessoas/"
    assert new["filtros"]["tipo"] == "natural"
    assert isinstance(new["linhas"], int)


def test_lgpd_art_6_iii_a_plate_typed_in_the_vehicles_list_is_not_kept(ipatinga_m, user_of):
    c = client_as(user_of("ipatinga", Role.ATENDENTE))
    new = exported(ipatinga_m, c, "/cadastro/veiculos/", {"q": "QWE1A23", "ano_de": "2015"})
    assert new["filtros"] == {"q": TYPED_WITHHELD, "ano_de": "2015"}


def test_lgpd_art_6_iii_a_name_typed_in_the_debts_search_is_not_kept(ipatinga_m, user_of):
    c = client_as(user_of("ipatinga", Role.FINANCAS))
    new = exported(ipatinga_m, c, "/financas/debitos/", {"q": "Maria Exportável"})
    assert new["filtros"] == {"q": TYPED_WITHHELD}


def test_lgpd_art_6_iii_who_was_searched_in_the_acts_log_is_not_kept(ipatinga_m, user_of):
    c = client_as(user_of("ipatinga", Role.AUTORIDADE))
    new = exported(ipatinga_m, c, "/atos/", {"quem": "Maria Exportável", "de": "2026-01-01"})
    assert new["filtros"] == {"quem": TYPED_WITHHELD, "de": "2026-01-01"}


def test_adr_0063_the_system_administrator_s_reading_keeps_no_name_typed(ipatinga_m):
    c = client_as(system_admin("admin.filtros"))
    assert c.get("/atos/", {"municipio": "ipatinga", "quem": "Maria Exportável"}).status_code == 200
    act = last_act(ipatinga_m, "audit.read")
    assert "Maria" not in act.canonical
    filters = json.loads(act.canonical)["payload"]["new"]["filtros"]
    assert filters == {"municipio": "ipatinga", "quem": TYPED_WITHHELD}


def test_a_value_not_among_a_choice_s_options_is_kept_as_typed_text_too(ipatinga_m, user_of):
    """A name put by hand in a choice's place of the address is no option of the list."""
    c = client_as(user_of("ipatinga", Role.ATENDENTE))
    new = exported(ipatinga_m, c, "/cadastro/pessoas/", {"tipo": "Maria Exportável"})
    assert new["filtros"] == {"tipo": TYPED_WITHHELD}


def test_adr_0063_a_cpf_searched_keeps_its_mask_in_the_export_act(ipatinga_m, user_of):
    """Guard: the CPF's mask, the one every role reads, still tells the auditor."""
    p = person(ipatinga_m, name="Pessoa Buscada")
    c = client_as(user_of("ipatinga", Role.ATENDENTE))
    r = c.get("/cadastro/pessoas/", {"q": p.document})
    assert r.status_code == 303
    b"".join(c.get(r["Location"] + "&formato=csv").streaming_content)
    new = json.loads(last_act(ipatinga_m, "list.export").canonical)["payload"]["new"]
    assert new["filtros"] == {"q": mask_document(p.document)}
