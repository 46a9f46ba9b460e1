"""Finance and authority screens: uploads with progress, validation, reconciliation, peak, ISSQN."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from outorga.core.models import Act, ParameterOverride
from outorga.core.tenancy import tenant, unscoped
from outorga.law.competence import Role
from outorga.platforms.models import MonthlyReport
from outorga.tripdata.models import IssqnStatement, TripUpload
from outorga.tripdata.tasks import process_upload

pytestmark = pytest.mark.django_db


@pytest.fixture
def done(world, sample_trips, rates) -> TripUpload:
    upload_id = world.upload(sample_trips).json()["id"]
    process_upload.call(upload_id)
    with unscoped():
        return TripUpload.objects.get(pk=upload_id)


def client_of(user_of, role: Role) -> Client:
    c = Client()
    c.force_login(user_of("barra-do-garcas", role))
    return c


def month_url(world) -> str:
    return f"/dados/corridas/{world.platform.pk}/2026/10/"


def test_finance_sees_uploads_progress_and_the_chart(world, done, user_of):
    r = client_of(user_of, Role.FINANCAS).get("/dados/corridas/")
    assert r.status_code == 200
    html = r.content.decode()
    assert world.platform.name in html and "<svg" in html and "<progress" in html
    assert "limite 50" in html
    assert "limite de 50 por plataforma (Lei 4.976/2025" in html  # the caption, from the law


def test_the_chart_s_cap_is_the_law_s_number_on_the_day_art_3_par_2(world, done, user_of):
    """The dashed line is the dated parameter of art. 3, §2 in force today: a municipality's
    recorded value (here 40, from a past date) replaces the 50, and the page never writes one."""
    with tenant(world.m):
        ParameterOverride.objects.create(
            name="apps_2025.driver_cap_platform",
            effective=dt.date(2026, 1, 1),
            value=40,
            legal_reference="valor de exemplo (teste)",
            example=True,
        )
    html = client_of(user_of, Role.FINANCAS).get("/dados/corridas/").content.decode()
    assert "limite 40" in html and "limite de 40 por plataforma" in html
    assert "limite 50" not in html


def test_the_upload_page_shows_the_validation_report_with_masked_cpfs(done, user_of):
    html = client_of(user_of, Role.FINANCAS).get(f"/dados/corridas/envios/{done.pk}/").content
    text = html.decode()
    assert "motorista não cadastrado pela plataforma" in text
    assert "T-0007" in text and "98765432100" not in text  # CPF masked on screen


def test_an_unreadable_line_is_shown_on_the_upload_page_with_its_cpf_masked(
    world, sample_trips, rates, user_of
):
    """A CSV line the engine cannot read is reported with its content (ADR 0052: the screens
    keep a driver's CPF masked for every reader, they identify a line): the CPF on it too."""
    lines = sample_trips.decode().splitlines()
    lines.insert(2, "T-X,52998224725,QBD1A23,ontem,2026-10-01T07:28:00-04:00,1,1,1,0")
    upload_id = world.upload(("\n".join(lines) + "\n").encode()).json()["id"]
    process_upload.call(upload_id)
    text = client_of(user_of, Role.FINANCAS).get(f"/dados/corridas/envios/{upload_id}/").content
    page = text.decode()
    assert "T-X" in page and "ontem" in page
    assert "52998224725" not in page and "***.982.247-**" in page


def test_the_month_page_shows_peak_reconciliation_and_issqn(world, done, user_of):
    with tenant(world.m):
        MonthlyReport.objects.create(
            platform=world.platform,
            year=2026,
            month=10,
            version=1,
            idempotency_key="r1",
            body_sha256="0" * 64,
            payload={
                "year": 2026,
                "month": 10,
                "intermediation_revenue_cents": 4000,
                "drivers": [
                    {"cpf": "52998224725", "trip_revenue_cents": 4040},
                    {"cpf": "11144477735", "trip_revenue_cents": 9999},
                ],
            },
            active_drivers=2,
            intermediation_revenue_cents=4000,
            trip_revenue_cents=14039,
            submitted_on=dt.date(2026, 11, 20),
            status="on_time",
        )
    c = client_of(user_of, Role.FINANCAS)
    html = c.get(month_url(world)).content.decode()
    assert "Pico de <strong>2</strong>" in html
    assert "diverge" in html and "só nas corridas" in html  # 111… differs, 123… not reported
    assert "Extrato do ISSQN" in html
    # Rates and regimes as a person reads them: 2%, autônomo — not 0.02, autonomo.
    assert "<td>2%</td>" in html and "autônomo pessoa física" in html and "0.02" not in html
    # Recomputing takes the report's intermediation revenue as the platform's base.
    r = c.post(month_url(world) + "issqn/recalcular/")
    assert r.status_code == 302
    with tenant(world.m):
        st = IssqnStatement.objects.get(platform=world.platform)
        assert (st.base_source, st.platform_iss_cents) == ("relatório mensal", 200)
        assert Act.objects.filter(action="tripdata.issqn.compute").exists()


def test_the_statement_downloads_as_csv_and_pdf_and_the_export_is_an_act(world, done, user_of):
    c = client_of(user_of, Role.FINANCAS)
    r = c.get(month_url(world) + "issqn.csv")
    assert r.status_code == 200 and r["Content-Type"].startswith("text/csv")
    lines = r.content.decode().splitlines()
    assert lines[0].startswith("mes;contribuinte_tipo")
    assert any(";98765432100;" in line and ";32;" in line for line in lines)
    r = c.get(month_url(world) + "issqn.pdf")
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    with tenant(world.m):
        assert Act.objects.filter(action="tripdata.issqn.export").count() == 2


@pytest.mark.parametrize(
    "role", [Role.AUTORIDADE, Role.CHEFE_EXECUTIVO, Role.FISCAL, Role.JARI], ids=lambda r: r.value
)
def test_art_16_18_20_the_issqn_csv_with_the_drivers_full_cpfs_is_finances_alone(
    world, done, user_of, role
):
    """The statement's CSV names each driver by the full CPF: the driver is the taxpayer whose
    ISSQN the platform withholds in their name (art. 20, §2), and Finance, the tax office (art. 16;
    art. 22, "setores de arrecadação"), needs it whole. No other role downloads it — not even the
    authority, who reads the month's picture (art. 3, §2; 26) with the CPFs masked on the screen —
    and the refusal names the act; no export act is recorded for it."""
    r = client_of(user_of, role).get(month_url(world) + "issqn.csv")
    assert r.status_code == 403
    assert "98765432100" not in r.content.decode()
    assert "analisar relatórios mensais e ISSQN" in r.content.decode()
    with tenant(world.m):
        assert not Act.objects.filter(action="tripdata.issqn.export").exists()
    rows = client_of(user_of, Role.FINANCAS).get(month_url(world) + "issqn.csv")
    assert any(";driver;98765432100;" in line for line in rows.content.decode().splitlines())


def test_the_authority_reads_but_does_not_recompute(world, done, user_of):
    c = client_of(user_of, Role.AUTORIDADE)
    assert c.get(month_url(world)).status_code == 200
    assert c.post(month_url(world) + "issqn/recalcular/").status_code == 403


@pytest.mark.parametrize("role", [Role.FISCAL, Role.ATENDENTE])
def test_other_roles_are_refused_with_the_reason(world, done, user_of, role):
    r = client_of(user_of, role).get("/dados/corridas/")
    assert r.status_code == 403
    assert "Sem competência" in r.content.decode() or "não previsto" in r.content.decode()


def test_the_staff_api_gives_the_month_with_differences(world, done, user_of):
    c = client_of(user_of, Role.FINANCAS)
    months = c.get("/api/v1/tripdata/months").json()["items"]
    assert any(m["platform"] == world.platform.pk and m["peak"] == 2 for m in months)
    body = c.get(f"/api/v1/tripdata/months/{world.platform.pk}/2026/10").json()
    assert body["peak"]["count"] == 2 and body["issqn"]["complete"] is True
    assert body["reconciliation"]["report_version"] is None


def test_times_are_shown_on_the_municipalitys_clock(world, done, user_of):
    """Barra do Garças (MT) is an hour behind Brasília: the peak of 11:15 UTC is 07:15 there."""
    with unscoped():
        assert done.peak_at.isoformat() == "2026-10-01T11:15:00+00:00"
    c = client_of(user_of, Role.FINANCAS)
    upload = c.get(f"/dados/corridas/envios/{done.pk}/").content.decode()
    assert "em 01/10/2026 07:15:00" in upload
    month = c.get(month_url(world)).content.decode()
    assert "atingido em 01/10/2026 07:15:00" in month


def test_the_statement_pdf_prints_a_platform_name_with_markup_as_typed(world, done, user_of):
    """ReportLab's Paragraph reads markup: a name typed as ``<B>Mob & Cia`` is text, printed as
    typed, not a tag that breaks the PDF (issue #19)."""
    import pypdfium2

    with tenant(world.m):
        world.platform.name = "<B>Mob & Cia"
        world.platform.save(update_fields=["name"])
    r = client_of(user_of, Role.FINANCAS).get(month_url(world) + "issqn.pdf")
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    text = pypdfium2.PdfDocument(r.content)[0].get_textpage().get_text_range()
    assert "Plataforma: <B>Mob & Cia" in text
