"""Art. 4, II ("exigir e manter atualizados os documentos obrigatórios") as a platform meets it:
the roster API takes each document's date as optional, so a platform can send a driver without
them. A document whose date is not given is not known to be current (ADR 0081): the registration
answers 422 naming the document and the article, and the daily re-check of a driver already on
the roster finds him "a verificar", not "em dia"."""

from __future__ import annotations

import pytest
from platforms_factories import driver_data, platform_actor
from test_platform_api import driver_body, post

from outorga.core.localtime import today_of
from outorga.core.tenancy import tenant
from outorga.platforms.models import PlatformDriver
from outorga.platforms.services.drivers import platform_driver_register
from outorga.platforms.sweeping import sweep_platform_drivers

#: The field a platform leaves out → the document and the article the refusal must name.
UNDATED = [
    ("cnh_valid_until", "apps.art4.ii.b.cnh_valid", "CNH", "art. 4, II, alínea b"),
    ("crlv_valid_until", "apps.art4.ii.a.crlv", "CRLV", "art. 4, II, alínea a"),
    (
        "app_insurance_valid_until",
        "apps.art4.ii.d.app_insurance",
        "Seguro de Acidentes Pessoais a Passageiros (APP)",
        "art. 4, II, alínea d",
    ),
    (
        "criminal_certificate_date",
        "apps.art4.ii.c.criminal_certificate",
        "Certidão negativa de antecedentes criminais",
        "art. 4, II, alínea c",
    ),
    (
        "debt_clearance_date",
        "apps.art4.ii.e.municipal_debt_clearance",
        "Certidão negativa de débitos com o município",
        "art. 4, II, alínea e",
    ),
]


def body_without(field: str | None) -> dict:
    body = driver_body()
    if field:
        body.pop(field)
    return body


@pytest.mark.parametrize(("field", "rule", "label", "article"), UNDATED)
def test_art_4_ii_a_b_c_d_e_a_driver_sent_without_a_documents_date_is_not_enabled(
    token_client, barra_m, field, rule, label, article
):
    r = post(token_client, "/platform/drivers", body_without(field))
    assert r.status_code == 422, r.content
    body = r.json()
    assert body["codigo"] == "recusado_pela_lei"
    (pending,) = [f for f in body["fundamentos"] if f["resultado"] == "pending"]
    assert pending["regra"] == rule
    assert pending["mensagem"].startswith(f"{label}: ")
    assert "não informada" in pending["mensagem"]
    assert article in pending["mensagem"]
    assert not [f for f in body["fundamentos"] if f["resultado"] == "refused"]
    with tenant(barra_m):
        assert PlatformDriver.objects.get(pk=body["id"]).status == PlatformDriver.Status.REFUSED


def test_art_4_ii_a_driver_sent_with_every_date_is_enabled(token_client):
    """Guard: the same driver with each document's date is enabled."""
    r = post(token_client, "/platform/drivers", body_without(None))
    assert r.status_code == 201, r.content
    assert r.json()["status"] == "enabled"


@pytest.mark.parametrize(("field", "rule", "label", "article"), UNDATED)
def test_art_4_ii_a_b_c_d_e_the_recheck_of_a_driver_on_record_without_a_date_is_to_verify(
    barra_m, platform, field, rule, label, article
):
    """A driver on the roster whose record lacks a document's date (enabled before the dates were
    asked) is not "em dia" at the daily re-check: "a verificar", naming the document."""
    today = today_of(barra_m)
    driver, _ = platform_driver_register(
        actor=platform_actor(), municipality=barra_m, platform=platform, data=driver_data()
    )
    assert driver.status == PlatformDriver.Status.ENABLED
    with tenant(barra_m):
        PlatformDriver.objects.filter(pk=driver.pk).update(**{field: None})
    sweep_platform_drivers(barra_m, today)
    with tenant(barra_m):
        driver = PlatformDriver.objects.get(pk=driver.pk)
    assert driver.documents == PlatformDriver.Documents.UNKNOWN
    assert driver.documents_check["unknown"] == [rule]
    assert driver.documents_check["lapsed"] == []
    assert label in driver.documents_check["summary"]
    assert article in driver.documents_check["summary"]
