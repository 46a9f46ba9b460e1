"""The authority's and finance's screens, on the demo data; the public complaint form."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.cache import cache
from django.test import Client

from outorga.core.localtime import today_of
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import (
    Complaint,
    MonthlyReport,
    Platform,
    PlatformDriver,
    PlatformPenalty,
)

LAW = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo)"


@pytest.fixture
def as_role(user_of):
    def login(role: Role, slug: str = "barra-do-garcas") -> Client:
        c = Client()
        c.force_login(user_of(slug, role))
        return c

    return login


def test_finance_sees_the_platforms_with_chart_and_caps(as_role):
    r = as_role(Role.FINANCAS).get("/plataformas/")
    html = r.content.decode()
    assert r.status_code == 200
    assert "Vai Já Mobilidade (demo)" in html and "Rota Araguaia (demo)" in html
    assert "<svg" in html and 'role="img"' in html
    assert "/ 500" in html and "/ 10" in html


def test_the_roster_shows_full_cpf_to_finance_and_masked_to_inspectors(as_role, barra_m):
    with tenant(barra_m):
        p = Platform.objects.get(cnpj="11222333000181")
    full = as_role(Role.FINANCAS).get(f"/plataformas/{p.pk}/").content.decode()
    masked = as_role(Role.FISCAL).get(f"/plataformas/{p.pk}/").content.decode()
    assert "444.924.837-64" in full
    assert "444.924.837-64" not in masked and "***.924.837-**" in masked
    # The refused motorcycle shows its reasons with the article.
    assert "art. 17" in full


def test_the_cross_platform_view_lists_a_cpf_on_two_platforms(as_role):
    html = as_role(Role.AUTORIDADE).get("/plataformas/cpfs-em-varias/").content.decode()
    assert "Ana Paula Ribeiro (demo)" in html
    assert "Plataforma Exemplo (demo)" in html and "Vai Já Mobilidade (demo)" in html


def test_late_and_missing_reports_are_listed_as_infraction_candidates(as_role):
    html = as_role(Role.FINANCAS).get("/plataformas/relatorios/").content.decode()
    section = html.split("Relatórios recebidos")[0]
    assert "Vai Já Mobilidade (demo)" in section and "não entregue" in section
    assert "Rota Araguaia (demo)" in section and "entregue com atraso" in section


def test_overdue_complaints_are_listed(as_role):
    html = as_role(Role.AUTORIDADE).get("/plataformas/reclamacoes/").content.decode()
    overdue = html.split("<h2>Todas</h2>")[0]
    assert "Plataforma Exemplo (demo)" in overdue
    # The term and its article are the law's (parameter and CITES), not the page's.
    assert f"em até 5 dias úteis ({LAW}, art. 15)" in html


def test_a_report_version_page_shows_the_drivers(as_role, barra_m):
    with tenant(barra_m):
        r = MonthlyReport.objects.filter(demo=True).first()
    html = as_role(Role.FINANCAS).get(f"/plataformas/relatorios/{r.pk}/").content.decode()
    assert "versão 1" in html and "R$" in html


def test_roles_without_competence_do_not_see_the_platforms_screens(as_role):
    assert as_role(Role.ATENDENTE).get("/plataformas/").status_code == 403
    assert as_role(Role.PLATAFORMA).get("/plataformas/").status_code == 403


def test_the_authority_credentials_through_the_form(as_role):
    r = as_role(Role.AUTORIDADE).post(
        "/plataformas/credenciar/",
        {
            "cnpj": "11.444.777/0001-61",
            "name": "Formulário Ltda",
            "cadastro_mobiliario": "CM-9",
            "complaint_channel": "sac@x.invalid",
        },
    )
    assert r.status_code == 302


def test_the_authority_warns_and_the_penalty_is_listed(as_role, barra_m):
    with tenant(barra_m):
        p = Platform.objects.get(cnpj="07220658568510")
    client = as_role(Role.AUTORIDADE)
    r = client.post(
        f"/plataformas/{p.pk}/penalidade/",
        {
            "kind": "warning",
            "infraction_on": "2026-09-01",
            "description": "Relatório não entregue",
            "reasoning": "Primeira ocorrência",
            "defence_notice_on": "2026-09-02",
            "defence_judged": "on",
        },
        follow=True,
    )
    assert "Advertência escrita aplicada" in r.content.decode()
    assert "Relatório não entregue" in client.get("/plataformas/penalidades/").content.decode()
    with tenant(barra_m):
        x = PlatformPenalty.objects.get(description="Relatório não entregue")
    page = client.get(f"/plataformas/penalidades/{x.pk}/").content.decode()
    assert f"Penalidade ({LAW}, art. 26, I)" in page


def test_a_case_is_opened_and_only_the_mayor_sees_the_decision_form(as_role, barra_m):
    with tenant(barra_m):
        p = Platform.objects.get(cnpj="78918352318126")
    r = as_role(Role.AUTORIDADE).post(
        f"/plataformas/{p.pk}/processo/",
        {
            "kind": "credential_suspension",
            "infraction_on": "2026-09-01",
            "grounds": "Reincidência",
            "suspension_days": "15",
        },
    )
    assert r.status_code == 302
    case_url = r["Location"]
    assert "Registrar decisão" in as_role(Role.CHEFE_EXECUTIVO).get(case_url).content.decode()
    assert "Registrar decisão" not in as_role(Role.AUTORIDADE).get(case_url).content.decode()


def test_a_visitor_files_a_complaint_without_login(barra_m):
    cache.clear()
    c = Client()
    form = c.get("/reclamacao/?municipio=barra-do-garcas").content.decode()
    assert f"em até 5 dias úteis ({LAW}, art. 11, III; art. 15)" in form
    assert "Barra do Garças" in c.get("/reclamacao/").content.decode()
    with tenant(barra_m):
        p = Platform.objects.get(cnpj="07220658568510")
    r = c.post(
        "/reclamacao/",
        {"municipio": "barra-do-garcas", "platform": p.pk, "description": "Motorista grosseiro."},
    )
    html = r.content.decode()
    assert r.status_code == 200 and "Protocolo" in html
    assert f"(5 dias úteis, {LAW}, art. 15)" in html
    with tenant(barra_m):
        made = Complaint.objects.filter(description="Motorista grosseiro.").get()
    assert made.source == "public" and made.deadline > today_of(barra_m)


def test_the_public_form_is_rate_limited(barra_m):
    cache.clear()
    c = Client()
    with tenant(barra_m):
        p = Platform.objects.get(cnpj="07220658568510")
    body = {"municipio": "barra-do-garcas", "platform": p.pk, "description": "x"}
    codes = [c.post("/reclamacao/", body).status_code for _ in range(6)]
    assert codes == [200] * 5 + [429]


def test_the_demo_has_a_refused_motorcycle_citing_art_17(barra_m):
    with tenant(barra_m):
        moto = PlatformDriver.objects.get(cpf="61130593592")
    assert moto.status == "refused"
    assert "art. 17" in str(moto.decision)


def test_the_authority_updates_contacts_and_it_is_an_act(as_role, barra_m):
    from outorga.core.models import Act

    with tenant(barra_m):
        p = Platform.objects.get(cnpj="07220658568510")
    # The form comes filled with the platform's data (its conditions, art. 19 §2, art. 11 III).
    kept = {"cadastro_mobiliario": p.cadastro_mobiliario, "complaint_channel": p.complaint_channel}
    r = as_role(Role.AUTORIDADE).post(
        f"/plataformas/{p.pk}/dados/",
        {**kept, "contact_name": "Nova Responsável", "contact_email": "nova@exemplo.invalid"},
    )
    assert r.status_code == 302
    with tenant(barra_m):
        after = Platform.objects.get(pk=p.pk)
        assert after.contact_name == "Nova Responsável"
        assert (after.cadastro_mobiliario, after.complaint_channel) == tuple(kept.values())
        assert Act.objects.filter(action="platform.update", object_id=str(p.pk)).exists()
    # Erasing the cadastro mobiliário is refused naming the field and its article.
    r = as_role(Role.AUTORIDADE).post(
        f"/plataformas/{p.pk}/dados/", {**kept, "cadastro_mobiliario": ""}, follow=True
    )
    assert "art. 19, §2" in r.content.decode()
    with tenant(barra_m):
        assert Platform.objects.get(pk=p.pk).cadastro_mobiliario == kept["cadastro_mobiliario"]


def test_the_authority_records_a_court_suspension_and_the_next_check_cites_it(as_role, barra_m):
    from platforms_factories import driver_data, platform_actor

    from outorga.platforms.services.drivers import platform_driver_register

    r = as_role(Role.AUTORIDADE).post(
        "/municipio/suspensoes-judiciais/",
        {
            "rule": "apps.art17.two_wheeler_ban",
            "start": (today_of(barra_m) - dt.timedelta(days=3)).isoformat(),
            "reference": "TJMT, processo 1000000-00.2026.8.11.0000 (exemplo), 10/03/2026",
        },
    )
    assert r.status_code == 302
    listed = as_role(Role.FISCAL).get("/municipio/suspensoes-judiciais/").content.decode()
    assert "1000000-00.2026" in listed and "Registrar suspensão" not in listed
    with tenant(barra_m):
        p = Platform.objects.get(cnpj="07220658568510")
    driver, decisions = platform_driver_register(
        actor=platform_actor(),
        municipality=barra_m,
        platform=p,
        data=driver_data(vehicle_kind="motorcycle"),
    )
    assert driver.status == "enabled"
    assert "1000000-00.2026" in str(driver.decision)


def test_an_unknown_rule_cannot_be_suspended(barra_m, user_of):
    import pytest

    from outorga.core.acts import Actor
    from outorga.core.errors import FieldError
    from outorga.core.rule_suspensions import rule_suspension_record

    with pytest.raises(FieldError):
        rule_suspension_record(
            actor=Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE)),
            municipality=barra_m,
            rule="apps.art26.fine",
            start=today_of(barra_m),
            reference="x",
        )


def test_the_authority_issues_a_token_shown_once_and_revokes_it(as_role, barra_m):
    from outorga.core.models import ApiToken

    with tenant(barra_m):
        p = Platform.objects.get(cnpj="78918352318126")
    client = as_role(Role.AUTORIDADE)
    html = client.post(f"/plataformas/{p.pk}/tokens/", {"name": "produção"}).content.decode()
    assert "otg_" in html and "uma única vez" in html
    with tenant(barra_m):
        token = ApiToken.objects.filter(platform=p).latest("created_at")
    secret = html.split('id="token-secret">')[1].split("<")[0]
    api = Client(HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert api.get("/api/v1/platform/me").json()["platform"] == "Rota Araguaia (demo)"
    r = client.post(f"/plataformas/tokens/{token.pk}/revogar/")
    assert r.status_code == 302
    assert api.get("/api/v1/platform/me").status_code == 401
    # Finance reads the platform but does not issue tokens (art. 3: the authority credentials).
    assert as_role(Role.FINANCAS).post(f"/plataformas/{p.pk}/tokens/").status_code == 403


def test_art_3_the_caps_shown_are_the_laws_parameters_in_force(as_role, barra_m):
    """The platforms page shows the caps of art. 3 §1–2 as the bound law's dated parameters give
    them: a municipal amendment in force changes what the page says (never a number in a page)."""
    from outorga.core.models import ParameterOverride

    with tenant(barra_m):
        for name, value in (
            ("apps_2025.platform_cap", 12),
            ("apps_2025.driver_cap_municipality", 640),
            ("apps_2025.driver_cap_platform", 70),
        ):
            ParameterOverride.objects.create(
                name=name,
                effective=dt.date(2026, 1, 1),
                value=value,
                legal_reference="Lei municipal de teste",
            )
        p = Platform.objects.get(cnpj="11222333000181")
    c = as_role(Role.FINANCAS)
    html = c.get("/plataformas/").content.decode()
    assert "/ 12</p>" in html and "/ 640</p>" in html and "(máx. 70)" in html
    assert "/ 10</p>" not in html and "/ 500</p>" not in html
    detail = c.get(f"/plataformas/{p.pk}/").content.decode()
    assert " de 70 (art. 3, §2)" in detail


def test_a_report_page_shows_its_due_date_as_dd_mm_yyyy(as_role, barra_m):
    """The due date is kept as ISO in the law's answer; the page shows it the Brazilian way,
    to the authority and to the platform's staff."""
    with tenant(barra_m):
        reports = list(MonthlyReport.objects.filter(demo=True))
    r = reports[0]
    due = dt.date.fromisoformat(r.response["due"])
    html = as_role(Role.FINANCAS).get(f"/plataformas/relatorios/{r.pk}/").content.decode()
    assert f"vencimento {due:%d/%m/%Y}" in html and r.response["due"] not in html
    staff = as_role(Role.PLATAFORMA)
    own = [x for x in reports if staff.get(f"/plataforma/relatorios/{x.pk}/").status_code == 200]
    html = staff.get(f"/plataforma/relatorios/{own[0].pk}/").content.decode()
    due = dt.date.fromisoformat(own[0].response["due"])
    assert f"<dd>{due:%d/%m/%Y}</dd>" in html and own[0].response["due"] not in html
