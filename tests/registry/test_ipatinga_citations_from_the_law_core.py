"""The mototaxi and taxi pages cite the articles of the law in force for the record they show, as
its law core names them (``CITES`` through the law seam: ``{% law_cite permit "concept" %}``),
never an article written in a template: a taxi page shows the taxi law's article, a mototaxi page
the mototaxi law's, and were the bound law another (here: the same concept cited elsewhere), that
law's articles."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from registry_factories import _permit_row, person, portal_login, taxi_permit

from outorga.law import interfaces
from outorga.law.citations import cite
from outorga.law.competence import Role
from outorga.law.ipatinga import mototaxi_2013, taxi_2017

pytestmark = pytest.mark.django_db

MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
SRC = Path(__file__).resolve().parents[2] / "src"


def page(user_of, url: str, role: Role = Role.AUTORIDADE) -> str:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", role))
    r = c.get(url)
    assert r.status_code == 200, r.status_code
    return r.content.decode()


@pytest.fixture
def permits(ipatinga_m):  # type: ignore[no-untyped-def]
    m = ipatinga_m
    moto = _permit_row(m, person(m, details=False), service="mototaxi", status="active")
    return moto, taxi_permit(m)


def test_each_permit_page_cites_its_own_law_s_suspension(user_of, permits):
    moto, taxi = permits
    t = page(user_of, f"/cadastro/permissoes/{taxi.pk}/")
    assert "A suspensão da permissão (art. 42, V, até 90 dias)" in t
    assert "(art. 4, I; art. 20)</dd>" in t  # the Cadastro Municipal de Taxistas
    assert "art. 32" not in t
    mo = page(user_of, f"/cadastro/permissoes/{moto.pk}/")
    assert (
        "dão 15 dias de suspensão, ou 30 se forem graves ou gravíssimas (art. 32, I; decisões D-1 e D-2)"
        in mo
    )
    assert "Suspensões a aplicar (art. 32, I)" in mo
    assert "art. 42" not in mo


def test_another_law_s_articles_are_shown_not_an_article_written_in_the_template(
    monkeypatch, user_of, permits
):
    """The concepts cited elsewhere, as another municipality's law would cite them."""
    moto, taxi = permits
    monkeypatch.setitem(taxi_2017.CITES, "suspension", cite(TAXI, 90, inc="IX"))
    monkeypatch.setitem(taxi_2017.CITES, "cadastro", cite(TAXI, 91, 2))
    monkeypatch.setitem(mototaxi_2013.CITES, "suspension_accumulation", cite(MOTO, 92, 3))
    t = page(user_of, f"/cadastro/permissoes/{taxi.pk}/")
    assert "A suspensão da permissão (art. 90, IX, até 90 dias)" in t
    assert "Suspender sobre um auto definitivo (art. 90, IX)" in t
    assert "(art. 91, §2)</dd>" in t
    assert "art. 42, V" not in t and "art. 20)" not in t
    mo = page(user_of, f"/cadastro/permissoes/{moto.pk}/")
    assert (
        "dão 15 dias de suspensão, ou 30 se forem graves ou gravíssimas (art. 92, §3; decisões D-1 e D-2)"
        in mo
    )
    assert "Suspensões a aplicar (art. 92, §3)" in mo
    assert "art. 32, I" not in mo


def test_the_taxi_auto_form_shows_no_mototaxi_article_for_the_refused_signature(user_of, permits):
    """Mototaxi art. 29 §3 (the agent certifies the refusal with two witnesses) is that law's:
    the taxi law, which leaves the procedure to a regulation (art. 43), has no such article."""
    moto, taxi = permits
    url = "/fiscalizacao/autos/novo/?permit={}"
    t = page(user_of, url.format(taxi.pk), Role.FISCAL)
    assert "certifico a recusa</label>" in t
    assert "art. 29" not in t
    mo = page(user_of, url.format(moto.pk), Role.FISCAL)
    assert "certifico a recusa (art. 29, §3)</label>" in mo


def test_a_taxi_holder_s_portal_does_not_say_the_holder_answers_for_the_auxiliaries(
    ipatinga_m, permits
):
    """Mototaxi art. 31 §2 makes the holder answer for the auxiliary; the taxi law punishes the
    offender (art. 41): the taxi holder's portal does not cite the mototaxi article."""
    moto, taxi = permits
    pages = {}
    for p in (moto, taxi):
        c = Client()
        c.force_login(portal_login(ipatinga_m, p.holder))
        pages[p.service] = c.get("/portal/infracoes/").content.decode()
    assert "contam na sua permissão" not in pages["taxi"]
    assert "art. 31" not in pages["taxi"]
    assert "contam na sua permissão (art. 31, §2)" in pages["mototaxi"]


#: Lines that cite a federal law (Lei 9.784/1999 under D-17, the LGPD) or show an example of a
#: municipal act: not an article of the municipality's transport laws.
FEDERAL = re.compile(r"9\.784|LGPD|13\.709|Decreto 1\.234/2026|sem prazo decadencial, art\. 54")


def test_no_template_writes_an_article_of_the_municipal_laws():
    written = [
        f"{page.relative_to(SRC)}:{n}: {line.strip()[:120]}"
        for page in sorted(SRC.rglob("templates/**/*.html"))
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\barts?\. ?\d", line) and not FEDERAL.search(line)
    ]
    assert written == []


def test_every_concept_a_template_cites_is_answered_by_a_law():
    """A concept no law names would render no article at all: each one a template asks
    (``{% law_cite … "…" %}``) is in the CITES of the mototaxi or the taxi law (or the apps law,
    for ``"aplicativo"``)."""
    asked = {
        concept
        for page in SRC.rglob("*.html")
        for tag in re.findall(r"{% law_cite (\S+) ([^%]+)%}", page.read_text(encoding="utf-8"))
        for concept in re.findall(r'"([a-z_]+)"', tag[1].split(" as ")[0])
    }
    assert {"suspension", "auxiliary_credential", "refusal_certified"} <= asked
    laws = (MOTO, TAXI, "barra-do-garcas.apps-2025")
    assert {k for k in asked if not any(interfaces.citations(law, k) for law in laws)} == set()


def test_every_number_a_template_says_is_declared_by_a_law():
    """A concept no law declares a number for would break its page: each one a template asks
    (``{% law_number … "…" %}``) is in the LIMITS of the mototaxi, the taxi or the apps law."""
    asked = {
        concept
        for page in SRC.rglob("*.html")
        for concept in re.findall(
            r'{% law_number \S+ "([a-z_]+)" %}', page.read_text(encoding="utf-8")
        )
    }
    assert {"permit_suspension_max_days", "suspension_threshold"} <= asked
    laws = (MOTO, TAXI, "barra-do-garcas.apps-2025")
    assert {k for k in asked if not any(k in interfaces.limits(law) for law in laws)} == set()


def test_a_number_the_law_does_not_declare_is_the_template_s_mistake(ipatinga_m, permits):
    from django.template import Context, Template

    from outorga.core.tenancy import tenant

    _moto, taxi = permits
    page = Template('{% load law_cite %}{% law_number permit "suspension_max_dayz" %}')
    with tenant(ipatinga_m), pytest.raises(KeyError):
        page.render(Context({"permit": taxi}))
    said = Template('{% load law_cite %}{% law_number permit "permit_suspension_max_days" %}')
    with tenant(ipatinga_m):
        assert said.render(Context({"permit": taxi})) == "90"


def test_a_page_reads_the_municipality_s_facts_once_for_all_its_numbers(ipatinga_m, permits):
    """Every ``law_number`` and ``law_periodic`` of a page reads the law's dated values from one
    reading of the municipality's facts (its overrides, calendar, populations…): a page that says
    five numbers costs the queries of a page that says one."""
    from django.db import connection
    from django.template import RequestContext, Template
    from django.test import RequestFactory
    from django.test.utils import CaptureQueriesContext

    from outorga.core.tenancy import tenant

    _moto, taxi = permits
    one = '{% law_number permit "permit_suspension_max_days" %}'
    five = one + (
        '{% law_number permit "registration_suspension_max_days" %}'
        '{% law_periodic permit "termo_renewal_years" %}'
        '{% law_periodic permit "registration_renewal_years" %}'
        '{% law_number permit "instalment_first_due_days" %}'
    )

    def queries(tags: str) -> int:
        request = RequestFactory().get("/")
        page = Template("{% load law_cite %}" + tags)
        with tenant(ipatinga_m), CaptureQueriesContext(connection) as read:
            said = page.render(RequestContext(request, {"permit": taxi}))
        assert "—" not in said
        return len(read.captured_queries)

    assert queries(one) > 0
    assert queries(five) == queries(one)


def test_the_permit_pages_numbers_are_the_law_s_dated_values(user_of, permits, ipatinga_m):
    """Taxi art. 42, IV–V ("até 90 dias") and mototaxi art. 32, I with D-1 and D-2 (3 final
    infractions in 12 months: 15 or 30 days) — numbers of the law core's dated parameters,
    never written in the page: a municipality's dated value (D-15) is the one it says."""
    import datetime as dt

    from outorga.core.models import ParameterOverride
    from outorga.core.tenancy import tenant

    moto, taxi = permits
    with tenant(ipatinga_m):
        for name, value in (
            ("taxi_2017.permit_suspension_max_days", 60),
            ("taxi_2017.registration_suspension_max_days", 75),
            ("mototaxi_2013.penalties.suspension_days_serious", 45),
            ("mototaxi_2013.penalties.window_months", 24),
        ):
            ParameterOverride.objects.create(
                name=name,
                effective=dt.date(2020, 1, 1),
                value=value,
                legal_reference="exemplo (teste)",
                example=True,
            )
    t = page(user_of, f"/cadastro/permissoes/{taxi.pk}/")
    assert "A suspensão da permissão (art. 42, V, até 60 dias)" in t
    form = page(user_of, f"/fiscalizacao/permissoes/{taxi.pk}/suspensao/")
    assert (
        "suspensão do cadastro de taxista (titular ou auxiliar), limitada a 75 dias corridos"
        in form
    )
    assert "suspensão da permissão, limitada a 60 dias corridos" in form
    assert "Dias (até 60 na permissão; até 75 no cadastro)" in form
    assert "Medidas administrativas (art. 42, IV; art. 42, V)" in form
    mo = page(user_of, f"/cadastro/permissoes/{moto.pk}/")
    assert (
        "3 infrações definitivas em 24 meses dão 15 dias de suspensão, ou 45 se forem graves ou gravíssimas"
        in mo
    )
