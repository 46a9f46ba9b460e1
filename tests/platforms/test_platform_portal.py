"""The platform portal (/plataforma/): a platform's staff do on pages what its API token does —
through the same services — and see only their own platform's records."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import URLPattern, get_resolver
from platforms_factories import (
    PDF_BYTES,
    driver_data,
    enabled_drivers,
    make_platform,
    platform_actor,
    warn,
)

from outorga.core.acts import Actor
from outorga.core.lawseam import law_for
from outorga.core.localtime import today_of
from outorga.core.models import Act, ApiToken, User
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service
from outorga.law.competence import Role
from outorga.platforms.models import (
    Complaint,
    FareTable,
    MonthlyReport,
    Platform,
    PlatformDriver,
    PlatformUser,
)
from outorga.platforms.selectors import platform_of
from outorga.platforms.services.attachments import platform_attachment_add
from outorga.platforms.services.cases import platform_case_open
from outorga.platforms.services.complaints import complaint_forward
from outorga.platforms.services.credentialing import platform_user_link
from outorga.platforms.services.drivers import platform_driver_register
from outorga.platforms.tokens import api_token_issue

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(barra_m, user_of, authority) -> tuple[Client, Platform]:
    """The demo login of role plataforma, serving a fresh platform of its own."""
    p = make_platform(barra_m, "Plataforma do Portal")
    user = user_of("barra-do-garcas", Role.PLATAFORMA)
    with tenant(barra_m):
        platform_user_link(actor=authority, municipality=barra_m, platform=p, user=user)
    c = Client()
    c.force_login(user)
    return c, p


def form_of(**over):
    d = driver_data(**over)
    out = {k: v for k, v in d.__dict__.items() if v not in (None, False)}
    return {**out, **over}


def test_the_demo_login_of_role_plataforma_serves_the_first_demo_platform(barra_m, user_of):
    with tenant(barra_m):
        p = platform_of(user_of("barra-do-garcas", Role.PLATAFORMA))
    assert p is not None and p.name == "Plataforma Exemplo (demo)"


def test_art_3_par_2_staff_add_a_driver_and_are_refused_over_the_cap_with_the_article(
    barra_m, staff
):
    client, p = staff
    cap = law_for(barra_m, Service.APLICATIVO).limit("drivers_per_platform")
    enabled_drivers(barra_m, p, cap.value - 1)
    page = client.get("/plataforma/motoristas/novo/").content.decode()
    assert f"Motoristas ativos: {cap.value - 1} de {cap.value}" in page

    r = client.post("/plataforma/motoristas/novo/", form_of(name="Última Vaga"))
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(barra_m):
        last = PlatformDriver.objects.get(platform=p, name="Última Vaga")
    assert (
        last.status == "enabled" and r.headers["Location"] == f"/plataforma/motoristas/{last.pk}/"
    )

    r = client.post("/plataforma/motoristas/novo/", form_of(name="Além do Limite"))
    assert r.status_code == 200
    html = r.content.decode()
    with tenant(barra_m):
        refused = PlatformDriver.objects.get(platform=p, name="Além do Limite")
        assert PlatformDriver.objects.filter(platform=p, status="enabled").count() == cap.value
    assert refused.status == "refused"
    assert "Motorista recusado" in html
    reasons = [
        r
        for dec in refused.decision["decisions"]
        for r in dec["reasons"]
        if r["verdict"] == "refused"
    ]
    assert reasons, refused.decision
    for reason in reasons:
        assert reason["message"] in html
        for c in reason["citations"]:
            assert c["text"] in html
    assert any("art. 3, §2" in c["text"] for r in reasons for c in r["citations"])


def test_the_service_s_field_refusals_land_under_the_form_s_fields(barra_m, staff):
    client, p = staff
    r = client.post("/plataforma/motoristas/novo/", form_of(cpf="11111111111", cnh_category="Z"))
    html = r.content.decode()
    assert r.status_code == 200
    assert "CPF inválido" in html and "categoria da CNH: " in html
    with tenant(barra_m):
        assert not PlatformDriver.objects.filter(platform=p).exists()


def test_art_17_a_motorcycle_is_refused_on_the_page_with_its_article(barra_m, staff):
    client, _ = staff
    html = client.post(
        "/plataforma/motoristas/novo/", form_of(vehicle_kind="motorcycle")
    ).content.decode()
    assert "Motorista recusado" in html and "art. 17" in html


def test_disabling_a_driver_asks_first_then_frees_the_place(barra_m, staff):
    client, p = staff
    with tenant(barra_m):
        d, _ = platform_driver_register(
            actor=platform_actor(), municipality=barra_m, platform=p, data=driver_data()
        )
    url = f"/plataforma/motoristas/{d.pk}/desativar/"
    r = client.post(url, {"motivo": "pediu para sair"})
    assert r.status_code == 200 and "confirm-consequence" in r.content.decode()
    d.refresh_from_db()
    assert d.status == "enabled"
    r = client.post(url, {"motivo": "pediu para sair", "confirmado": "1"})
    assert r.status_code == 302
    d.refresh_from_db()
    assert d.status == "disabled"
    with tenant(barra_m):
        act = Act.objects.filter(action="platform.driver.disable", object_id=str(d.pk)).get()
    assert act.role == "plataforma" and act.actor is not None


def test_a_monthly_report_sent_on_the_page_is_the_api_s_report_art_16(barra_m, staff):
    client, p = staff
    with tenant(barra_m):
        d, _ = platform_driver_register(
            actor=platform_actor(), municipality=barra_m, platform=p, data=driver_data()
        )
    today = today_of(barra_m)
    y, m = (today.year - 1, 12) if today.month == 1 else (today.year, today.month - 1)
    # Enabled during the month reported, so the report's lines list him (art. 16, I).
    with tenant(barra_m):
        PlatformDriver.objects.filter(pk=d.pk).update(
            enabled_at=dt.datetime(y, m, 10, 12, tzinfo=dt.UTC),
            created_at=dt.datetime(y, m, 10, 12, tzinfo=dt.UTC),
        )
    page = client.get("/plataforma/relatorios/").content.decode()
    assert d.name in page
    form = {
        "month": f"{y}-{m:02d}",
        "intermediation_revenue": "1.234,56",
        "key": "web-teste-1",
        "motoristas-TOTAL_FORMS": "1",
        "motoristas-INITIAL_FORMS": "1",
        "motoristas-0-cpf": d.cpf,
        "motoristas-0-trips": "12",
        "motoristas-0-trip_revenue": "R$ 500,00",
        "motoristas-0-platform_retention": "125",
    }
    r = client.post("/plataforma/relatorios/", form)
    assert r.status_code == 302, r.content.decode()[:3000]
    with tenant(barra_m):
        report = MonthlyReport.objects.get(platform=p)
    assert report.intermediation_revenue_cents == 123456
    assert report.payload["drivers"][0]["trip_revenue_cents"] == 50000
    assert report.payload["drivers"][0]["platform_retention_cents"] == 12500
    # The same form sent twice (a double click): the same report, no second version.
    assert client.post("/plataforma/relatorios/", form).status_code == 302
    with tenant(barra_m):
        assert MonthlyReport.objects.filter(platform=p).count() == 1
    html = client.get(r.headers["Location"]).content.decode()
    assert "R$ 1.234,56" in html and "art. 16" in html


def test_an_amount_in_reais_is_read_as_written_in_brazil():
    """The portal's money fields read "1.500" as mil e quinhentos reais (not R$ 1,50) and refuse
    what is ambiguous or negative, naming why."""
    from django import forms

    from outorga.core.formfields import MoneyField

    field = MoneyField()
    assert field.clean("1.500") == 150_000
    assert field.clean("R$ 1.234,56") == 123_456
    assert field.clean("12,5") == 1_250
    for wrong in ("150.00", "-5", "doze"):
        with pytest.raises(forms.ValidationError, match="valor em reais inválido"):
            field.clean(wrong)


def test_a_report_of_a_month_not_offered_is_refused_by_the_form(barra_m, staff):
    client, p = staff
    form = {
        "month": "2020-01",
        "intermediation_revenue": "10",
        "key": "k",
        "motoristas-TOTAL_FORMS": "0",
        "motoristas-INITIAL_FORMS": "0",
    }
    r = client.post("/plataforma/relatorios/", form)
    assert r.status_code == 200 and "2020-01" in r.content.decode()  # not a choice offered


def test_a_fare_table_is_published_on_the_page(barra_m, staff):
    client, p = staff
    r = client.post(
        "/plataforma/tarifas/",
        {
            "base_fare": "5,00",
            "per_km": "2,10",
            "per_minute": "0,35",
            "extra_1_name": "bagagem",
            "extra_1_amount": "3",
            "dynamic_max_percent": "50",
            "valid_from": today_of(barra_m).isoformat(),
        },
    )
    assert r.status_code in (200, 302)
    with tenant(barra_m):
        t = FareTable.objects.get(platform=p)
    assert (t.base_fare_cents, t.per_km_cents, t.per_minute_cents) == (500, 210, 35)
    assert t.extras == [{"name": "bagagem", "amount_cents": 300}]
    assert "R$ 5,00" in client.get("/plataforma/tarifas/").content.decode()


def test_art_15_complaints_show_their_term_and_are_answered_on_the_page(barra_m, staff):
    client, p = staff
    with tenant(barra_m):
        c = complaint_forward(
            actor=platform_actor(),
            municipality=barra_m,
            platform=p,
            description="Cobrança indevida",
            filed_on=today_of(barra_m),
        )
    html = client.get("/plataforma/reclamacoes/").content.decode()
    assert c.protocol in html and f"{c.deadline:%d/%m/%Y}" in html and "art. 15" in html
    home = client.get("/").content.decode()
    assert f"Responder a reclamação {c.protocol}" in home
    r = client.post(f"/plataforma/reclamacoes/{c.pk}/responder/", {"answer": "Estornado."})
    assert r.status_code == 302
    c.refresh_from_db()
    assert c.status == "answered" and c.answer == "Estornado."


def test_a_complaint_received_by_the_platform_is_forwarded_on_the_page(barra_m, staff):
    client, p = staff
    r = client.post(
        "/plataforma/reclamacoes/",
        {"description": "Motorista rude", "filed_on": today_of(barra_m).isoformat()},
    )
    assert r.status_code == 302
    with tenant(barra_m):
        assert Complaint.objects.get(platform=p).source == "platform"


def test_the_tokens_page_lists_the_platform_s_own_tokens_only(barra_m, staff, authority):
    client, p = staff
    other = make_platform(barra_m, "Outra Plataforma")
    with tenant(barra_m):
        api_token_issue(actor=authority, municipality=barra_m, platform=p, name="producao-minha")
        api_token_issue(actor=authority, municipality=barra_m, platform=other, name="da-outra")
        assert ApiToken.objects.filter(platform=other).exists()
    html = client.get("/plataforma/tokens/").content.decode()
    assert "producao-minha" in html and "da-outra" not in html


def _portal_routes() -> list[tuple[str, URLPattern]]:
    out = []

    def walk(patterns, prefix=""):
        for p in patterns:
            if isinstance(p, URLPattern):
                out.append((prefix + str(p.pattern), p))
            else:
                walk(p.url_patterns, prefix + str(p.pattern))

    walk(get_resolver().url_patterns)
    return [(route, p) for route, p in out if route.startswith("plataforma/")]


def test_a_platform_s_staff_never_reach_another_platform_s_records(
    barra_m, staff, authority, media_root
):
    """Platform scoping, inside one municipality: every portal route naming a record answers 404
    for another platform's, and no list shows its records."""
    client, mine = staff
    other = make_platform(barra_m, "Plataforma Vizinha")
    with tenant(barra_m):
        d, _ = platform_driver_register(
            actor=platform_actor(),
            municipality=barra_m,
            platform=other,
            data=driver_data(name="Motorista Vizinho"),
        )
        c = complaint_forward(
            actor=platform_actor(),
            municipality=barra_m,
            platform=other,
            description="Reclamação Vizinha",
            filed_on=today_of(barra_m),
        )
        report = MonthlyReport.objects.create(
            platform=other,
            year=2026,
            month=1,
            version=1,
            idempotency_key="v",
            body_sha256="0" * 64,
            payload={},
            active_drivers=0,
            intermediation_revenue_cents=0,
            trip_revenue_cents=0,
            submitted_on=dt.date(2026, 2, 1),
            status="on_time",
        )
        case = platform_case_open(
            actor=authority,
            municipality=barra_m,
            platform=other,
            kind="credential_suspension",
            infraction_on=dt.date(2026, 1, 5),
            grounds="Proposta Vizinha",
            suspension_days=5,
        )
        penalty = warn(barra_m, authority, other)
        attachment, _ = platform_attachment_add(
            actor=platform_actor(),
            municipality=barra_m,
            platform=other,
            filing="defence",
            name="Anexo Vizinho.pdf",
            content=PDF_BYTES,
            case=case,
        )
        colleague = User.objects.create(
            username="barra-do-garcas-equipe@vizinha.com.br",
            email="equipe@vizinha.com.br",
            municipality=barra_m,
            role=Role.PLATAFORMA,
        )
        foreign_link = PlatformUser.objects.create(platform=other, user=colleague)
        # The login administers its own platform's staff: the staff routes reach their lookup.
        PlatformUser.objects.filter(platform=mine).update(is_admin=True)
    ids = {
        "driver_id": d.pk,
        "complaint_id": c.pk,
        "report_id": report.pk,
        "upload_id": 10**9,
        "case_id": case.pk,
        "penalty_id": penalty.pk,
        "attachment_id": attachment.pk,
        "link_id": foreign_link.pk,
    }
    routes = _portal_routes()
    assert len(routes) >= 12
    for route, pattern in routes:
        names = list(pattern.pattern.regex.groupindex)
        path = "/" + route
        for name in names:
            path = path.replace(f"<int:{name}>", str(ids[name]))
        if names:
            for method in ("get", "post"):
                r = getattr(client, method)(path)
                assert r.status_code in (404, 405), (route, method, r.status_code)
        else:
            r = client.get(path)
            assert r.status_code == 200, (route, r.status_code)
            html = r.content.decode()
            for marker in (
                "Motorista Vizinho",
                "Reclamação Vizinha",
                "Plataforma Vizinha",
                "Proposta Vizinha",
                "Anexo Vizinho",
                "equipe@vizinha.com.br",
            ):
                assert marker not in html, (route, marker)
    d.refresh_from_db()
    assert d.status == "enabled"


def test_servants_are_refused_the_portal_and_a_platform_the_servants_area_by_name(
    barra_m, staff, user_of
):
    client, _ = staff
    r = client.get("/plataformas/relatorios/")
    html = r.content.decode()
    assert r.status_code == 403
    assert "ver os relatórios mensais das plataformas" in html
    assert "analisar relatórios mensais e ISSQN" not in html
    assert "Minha plataforma" in html
    r = client.get("/plataformas/credenciar/")
    assert "credenciar uma plataforma" in r.content.decode()
    finance = Client()
    finance.force_login(user_of("barra-do-garcas", Role.FINANCAS))
    r = finance.get("/plataforma/motoristas/")
    assert r.status_code == 403 and "portal da plataforma" in r.content.decode()


def test_the_api_s_refusal_names_what_was_attempted(barra_m, user_of):
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.ATENDENTE))
    r = c.get("/api/v1/platform-candidates")
    assert r.status_code == 403, r.content
    assert "ver os candidatos a infração das plataformas" in r.json()["detail"]


def test_a_login_of_role_plataforma_without_a_platform_is_told_to_ask_the_secretariat(
    barra_m, user_of
):
    user = user_of("barra-do-garcas", Role.PLATAFORMA)
    with tenant(barra_m):
        user.platform_link.delete()
    c = Client()
    c.force_login(user)
    r = c.get("/plataforma/")
    assert r.status_code == 403 and "não está vinculado a uma plataforma" in r.content.decode()


def test_only_the_authority_links_a_login_and_only_one_of_role_plataforma(
    barra_m, user_of, authority
):
    from outorga.law.competence import NotCompetent
    from outorga.platforms.services.common import PlatformError

    p = make_platform(barra_m)
    with tenant(barra_m), pytest.raises(NotCompetent):
        platform_user_link(
            actor=Actor.of(user_of("barra-do-garcas", Role.FINANCAS)),
            municipality=barra_m,
            platform=p,
            user=user_of("barra-do-garcas", Role.PLATAFORMA),
        )
    with tenant(barra_m), pytest.raises(PlatformError):
        platform_user_link(
            actor=authority,
            municipality=barra_m,
            platform=p,
            user=user_of("barra-do-garcas", Role.FISCAL),
        )


def test_art15_the_portal_lists_the_platform_s_avisos_and_whether_they_were_emailed(
    barra_m, staff, authority
):
    from outorga.platforms.services.complaints import complaint_file_public

    c, p = staff
    other = make_platform(barra_m, "Outra Plataforma", contact_email="sac@outra.example.com")
    mine, _ = complaint_file_public(
        municipality=barra_m, platform=p, description="Cobrança acima da tarifa."
    )
    theirs, _ = complaint_file_public(
        municipality=barra_m, platform=other, description="Motorista não compareceu."
    )
    page = c.get("/plataforma/").content.decode()
    assert "Reclamação recebida" in page and mine.protocol in page
    assert f"prazo {mine.deadline:%d/%m/%Y}" in page
    assert "sem e-mail de contato: não enviado por e-mail" in page  # the platform has none
    assert theirs.protocol not in page and "sac@outra.example.com" not in page
    staff_page = Client()
    staff_page.force_login(authority.user)
    detail = staff_page.get(f"/plataformas/{other.pk}/").content.decode()
    assert theirs.protocol in detail and "cópia por e-mail para sac@outra.example.com" in detail
