"""A platform's staff on the platform portal, in chromium at desktop and phone width: adds a
driver, is refused the one over the cap with its article (art. 3, §2), sends a trip file with the
upload's progress bar and follows its processing to the validation result."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import fits, login
from django.utils import timezone
from playwright.sync_api import expect

from outorga.core.lawseam import law_for
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service
from outorga.law.competence import Role
from outorga.platforms.models import Platform, PlatformDriver
from outorga.tripdata.models import TripUpload
from outorga.tripdata.tasks import process_upload

pytestmark = pytest.mark.browser

WIDTHS = {"desktop": 1280, "phone": 390}
HEADER = (
    "trip_id,driver_cpf,vehicle_plate,start_time,end_time,distance_m,duration_s,fare_cents,"
    "retention_cents,extras_cents\n"
)


def _trips(drivers: list[PlatformDriver], first: dt.date) -> bytes:
    """A few trips of the month of ``first`` by the roster's drivers, and one by a stranger."""
    rows = []
    for i, d in enumerate(drivers):
        day = first + dt.timedelta(days=i)
        rows.append(
            f"T-{i},{d.cpf},{d.vehicle_plate},{day}T08:00:00-04:00,{day}T08:20:00-04:00,"
            "7000,1200,2500,600,0"
        )
    rows.append(
        f"T-X,98765432100,ZZZ9Z99,{first}T09:00:00-04:00,{first}T09:10:00-04:00,3000,600,1500,300,0"
    )
    return (HEADER + "\n".join(rows) + "\n").encode()


def _fill(m: Municipality, p: Platform, n: int) -> None:
    with tenant(m):
        PlatformDriver.objects.bulk_create(
            PlatformDriver(
                municipality=m,
                platform=p,
                cpf=f"{i:011d}",
                name=f"Lote {i}",
                cnh_number=str(i),
                cnh_category="B",
                cnh_ear=True,
                vehicle_plate="QAA0A00",
                vehicle_kind="car",
                vehicle_manufacture_year=2022,
                status="enabled",
            )
            for i in range(n)
        )


def _driver_form(page, name: str, cpf: str, plate: str) -> None:  # type: ignore[no-untyped-def]
    page.get_by_label("CPF do motorista").fill(cpf)
    page.get_by_label("Nome").fill(name)
    page.get_by_label("Número da CNH").fill("01234567890")
    page.get_by_label("Placa do veículo").fill(plate)
    page.get_by_label("Ano de fabricação").fill(str(timezone.localdate().year - 2))
    # Each document with the date that tells it is current (ADR 0081).
    today = timezone.localdate()
    for label, day in (
        ("CNH válida até", today + dt.timedelta(days=4 * 365)),
        ("CRLV válido até", today + dt.timedelta(days=300)),
        ("Data da certidão criminal", today - dt.timedelta(days=10)),
        ("Seguro APP válido até", today + dt.timedelta(days=300)),
        ("Data da certidão de débitos", today - dt.timedelta(days=10)),
    ):
        page.get_by_label(label).fill(day.isoformat())
    for label in (
        "A CNH tem a observação EAR",
        "CRLV em dia",
        "Certidão negativa de antecedentes criminais",
        "Seguro de Acidentes Pessoais",
        "Seguro obrigatório DPVAT",
        "Certidão negativa de débitos com o município",
        "Inscrito no INSS",
    ):
        # The design system draws the box over its label: a person clicks the label.
        page.locator("label", has_text=label).first.click()
        assert page.get_by_label(label).is_checked()
    page.get_by_role("button", name="Cadastrar motorista").click()


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_a_platform_adds_a_driver_is_refused_over_the_cap_and_sends_a_trip_file(
    page, demo_site, artifacts, screen, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path / "media"
    width = WIDTHS[screen]
    page.set_viewport_size({"width": width, "height": 900})
    base = demo_site.url
    m = Municipality.objects.get(slug="barra-do-garcas")
    cap = law_for(m, Service.APLICATIVO).limit("drivers_per_platform").value
    with tenant(m):
        p = Platform.objects.get(name="Plataforma Exemplo (demo)")
        enabled = PlatformDriver.objects.filter(platform=p, status="enabled").count()
    _fill(m, p, cap - 1 - enabled)

    # 1. The platform's login reaches its portal from the menu.
    login(page, base, Role.PLATAFORMA, slug="barra-do-garcas")
    page.get_by_role("navigation", name="Navegação principal").get_by_role(
        "link", name="Minha plataforma"
    ).click()
    page.wait_for_url(f"{base}/plataforma/")
    expect(page.get_by_text(f"Motoristas ativos: {cap - 1} de {cap}")).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"portal-home-{width}px.png"), full_page=True)

    # 2. Adds a driver: the last place of the roster.
    page.get_by_role("link", name="Cadastrar motorista").first.click()
    _driver_form(page, "Joana Última Vaga", "529.982.247-25", "QBZ1A23")
    page.wait_for_url(f"{base}/plataforma/motoristas/*/")
    expect(page.get_by_text("Motorista Joana Última Vaga habilitado.")).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"portal-driver-added-{width}px.png"), full_page=True)

    # 3. The one over the cap is refused, with the article.
    page.goto(f"{base}/plataforma/motoristas/novo/")
    _driver_form(page, "Pedro Além do Limite", "111.444.777-35", "QBZ2B34")
    refusal = page.locator(".refusal")
    assert "Motorista recusado" in refusal.inner_text()
    assert "art. 3, §2" in refusal.inner_text()
    expect(page.get_by_text(f"Motoristas ativos: {cap} de {cap}")).to_be_visible()
    fits(page, width)
    refusal.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"portal-driver-refused-{width}px.png"))
    with tenant(m):
        assert PlatformDriver.objects.filter(platform=p, status="enabled").count() == cap

    # 4. Sends last month's trip file: the upload's progress, then the page that follows it.
    today = today_of(m)
    first = (today.replace(day=1) - dt.timedelta(days=1)).replace(day=1)
    with tenant(m):
        roster = list(PlatformDriver.objects.filter(platform=p, status="enabled", cpf__gt="1")[:3])
    page.get_by_role("navigation", name="Seções do portal da plataforma").get_by_role(
        "link", name="Arquivos de corridas"
    ).click()
    page.wait_for_url(f"{base}/plataforma/corridas/")
    page.get_by_label("Mês de competência").select_option(f"{first:%Y-%m}")
    page.get_by_label("Arquivo (CSV, Parquet ou NDJSON)").set_input_files(
        files=[{"name": "corridas.csv", "mimeType": "text/csv", "buffer": _trips(roster, first)}]
    )
    expect(page.get_by_text("corridas.csv").first).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"portal-upload-form-{width}px.png"), full_page=True)
    page.get_by_role("button", name="Enviar arquivo").click()
    page.wait_for_url(f"{base}/plataforma/corridas/*/")
    expect(page.get_by_text("esta página se atualiza sozinha")).to_be_visible()
    assert page.locator("#envio-situacao").inner_text().startswith("na fila")
    fits(page, width)
    page.screenshot(path=str(artifacts / f"portal-upload-queued-{width}px.png"), full_page=True)

    # The worker processes it; the page sees it finish and shows the result.
    upload_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    with tenant(m):
        assert TripUpload.objects.get(pk=upload_id, platform=p).original_name == "corridas.csv"
    process_upload.call(upload_id)
    page.locator("#envio-situacao").get_by_text("processado").wait_for(timeout=20_000)
    assert page.locator("#envio-progresso").get_attribute("value") == "100"
    expect(page.get_by_text("motorista não cadastrado pela plataforma")).to_be_visible()
    expect(page.get_by_text("lidas;")).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"portal-upload-result-{width}px.png"), full_page=True)
