"""Every act a person reads is named in Portuguese (issue "back office", item 7), and the acts log
is a list that scales: filters at a URL, sorting, pages and CSV of what is filtered. The table of
names cannot drift: every code the sources record must have one."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from dbrole_factories import across_tenants
from django.db.models import Count
from django.test import Client

from outorga.core.actlabels import LABELS, act_label
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.core.views import acts_named
from outorga.law.competence import Role

SRC = Path(__file__).resolve().parents[2] / "src" / "outorga"
LITERAL = re.compile(r'record_act\([^)]*?action="([a-z_]+(?:\.[a-z_]+)+)"', re.S)
TEMPLATED = re.compile(r'action=f"([^"]+)"')


def recorded_codes() -> set[str]:
    """The literal codes passed to ``record_act`` anywhere in the sources."""
    codes: set[str] = set()
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for call in re.finditer(r"record_act\(", text):
            window = text[call.start() : call.start() + 600]
            m = re.search(r'action="([a-z_]+(?:\.[a-z_]+)+)"', window)
            if m:
                codes.add(m.group(1))
    return codes


def templated_codes() -> set[str]:
    """The codes built from a value (``permit.{to}``…), every value each can take."""
    from outorga.enforcement.services.filings import JUDGE_ACTION
    from outorga.registry.models import ExtinctionCase, Permit, VehicleChange

    finance_steps = ("contest", "make_final", "cancel")
    return {
        *(f"permit.{s}" for s in Permit.Status.values),
        *(f"debt.{s}" for s in finance_steps),
        *(f"extinction.{s}" for s in ExtinctionCase.Status.values if s != "open"),
        *(f"vehicle.{k}" for k in VehicleChange.Kind.values),
        *JUDGE_ACTION.values(),
        "penalty.revocation.decide",
        "penalty.cassacao.decide",
    }


def test_every_recorded_act_has_a_portuguese_name():
    codes = recorded_codes() | templated_codes()
    assert len(codes) > 100
    missing = sorted(c for c in codes if act_label(c) == c)
    assert missing == []
    # The f-strings the sweep knows of are the only templated ones (a new one must be added above).
    templated = {
        m.group(1) for p in SRC.rglob("*.py") for m in TEMPLATED.finditer(p.read_text("utf-8"))
    }
    assert templated == {
        "permit.{to}",
        "debt.{step}",
        "extinction.{case.status}",
        "vehicle.{kind}",
        "{JUDGE_ACTION[Filing.Stage(filing.stage)]}",
        "{action}.decide",
    }


def test_a_refused_attempt_is_named_by_the_competence_table():
    assert act_label("registry.record") == "Cadastrar e alterar pessoas, veículos e documentos"
    assert LABELS["auth.login"] == "Entrada no sistema"


@pytest.mark.django_db
def test_the_acts_log_filters_by_kind_and_date_at_a_url_pages_and_exports_csv(
    ipatinga_m, user_of, monkeypatch
):
    monkeypatch.setattr("outorga.core.listing.PER_PAGE", 2)
    c = Client()
    c.force_login(user_of("ipatinga", Role.AUTORIDADE))
    with tenant(ipatinga_m):
        total = Act.objects.count()
        logins = Act.objects.filter(action="auth.login").count()
    page = c.get("/atos/")
    assert page.status_code == 200
    text = page.content.decode()
    assert f"{total:,}".replace(",", ".") in text  # the count, in Brazilian format
    assert "Exportar CSV" in text
    # A kind of act, by its Portuguese name, at a URL.
    r = c.get("/atos/", {"tipo": "auth.login"})
    body = r.content.decode()
    listed = r.context["listing"]
    assert listed.total == logins
    assert all(a.action == "auth.login" for a in listed.page)
    assert "auth.login</td>" not in body
    # Or by words of its name, accents and case aside (some two hundred kinds of act: no list
    # too long to read).
    with tenant(ipatinga_m):
        action, count = (
            Act.objects.values_list("action").annotate(n=Count("pk")).order_by("-n").first()
        )
        present = set(Act.objects.values_list("action", flat=True))
    words = act_label(action).upper().split()[:2]
    r = c.get("/atos/", {"tipo": " ".join(words)})
    named = present & set(acts_named(" ".join(words)))
    assert action in named and r.context["listing"].total >= count > 0
    assert {act_label(a.action) for a in r.context["listing"].page} <= {act_label(x) for x in named}
    assert '<select name="tipo"' not in body
    assert c.get("/atos/", {"tipo": "anulado ofício nada"}).context["listing"].total == 0
    # A date range that holds nothing.
    r = c.get("/atos/", {"ate": "2000-01-01"})
    assert r.context["listing"].total == 0 and "Nenhum ato com esses filtros" in r.content.decode()
    # Sorting by a column flips on the second click; pages keep the filters.
    r = c.get("/atos/", {"ordem": "seq"})
    seqs = [a.seq for a in r.context["listing"].page]
    assert seqs == sorted(seqs) and len(seqs) == 2 and total > 2
    r2 = c.get("/atos/", {"ordem": "seq", "pagina": 2})
    assert [a.seq for a in r2.context["listing"].page][0] > seqs[-1]
    # The CSV holds what is filtered, whole, in Portuguese, ; separated.
    r = c.get("/atos/", {"tipo": "auth.login", "formato": "csv"})
    assert r["Content-Type"].startswith("text/csv")
    rows = list(
        csv.reader(io.StringIO(b"".join(r.streaming_content).decode("utf-8-sig")), delimiter=";")
    )
    assert rows[0] == ["Nº", "Data e hora", "Quem", "Papel", "Ato", "Registro", "Resultado"]
    assert len(rows) == logins + 1
    assert all(row[4] == "Entrada no sistema" for row in rows[1:])
    assert all(re.fullmatch(r"\d\d/\d\d/\d{4} \d\d:\d\d:\d\d", row[1]) for row in rows[1:])


@pytest.mark.django_db
def test_the_system_administrator_picks_a_municipality_to_read_its_acts_and_law(ipatinga_m):
    from outorga.core.models import User

    with across_tenants("um administrador do sistema, de nenhum município"):
        admin = User.objects.create_user(username="admin.teste", role=Role.ADMIN, municipality=None)
    c = Client()
    c.force_login(admin)
    r = c.get("/atos/")
    assert r.status_code == 200 and "?municipio=ipatinga" in r.content.decode()
    r = c.get("/atos/", {"municipio": "ipatinga"})
    assert r.status_code == 200 and "Ipatinga/MG" in r.content.decode()
    first = r.context["listing"].page[0]
    r = c.get(f"/atos/{first.pk}/", {"municipio": "ipatinga"})
    assert r.status_code == 200 and act_label(first.action) in r.content.decode()
    assert c.get("/lei/ipatinga.mototaxi-2013.quota/").status_code == 200  # the picker
    r = c.get("/lei/ipatinga.mototaxi-2013.quota/", {"municipio": "ipatinga"})
    assert r.status_code == 200


@pytest.mark.django_db
def test_d_4_the_system_administrator_asks_a_municipality_s_law_on_its_day(barra_m, monkeypatch):
    """At 00:30 of 01/07/2026 in Brasília it is still 30/06 in Barra do Garças (UTC−4): the
    system administrator, of no municipality and so on no municipality's clock, is offered the
    municipality's day as the date of the facts (D-4)."""
    import datetime as dt

    from outorga.core.models import User

    with across_tenants("um administrador do sistema, de nenhum município"):
        admin = User.objects.create_user(
            username="admin.relogio", role=Role.ADMIN, municipality=None
        )
    instant = dt.datetime(2026, 7, 1, 3, 30, tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant)
    c = Client()
    c.force_login(admin)
    r = c.get("/lei/barra-do-garcas.apps-2025.appeal_deadline/", {"municipio": "barra-do-garcas"})
    assert r.status_code == 200 and 'value="2026-06-30"' in r.content.decode()


@pytest.mark.django_db
def test_a_role_without_the_audit_reads_a_portuguese_refusal(user_of):
    c = Client()
    c.force_login(user_of("ipatinga", Role.FISCAL))
    r = c.get("/atos/")
    assert r.status_code == 403
    text = r.content.decode()
    assert (
        "consultar o registro de atos" in text and "reservado a" in text and "sistema." not in text
    )
