"""Motofrete art. 24, §3 on the vistoria screen: the loads the inspector finds are judged by the law
(fuels, flammables, toxics and gallons banned; cooking gas up to 13 kg and mineral water up to 20 L
only with a sidecar), not ticked by hand."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone
from registry_factories import make_permit

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.inspections.models import Inspection
from outorga.law.competence import Role
from outorga.law.inspections.checklists import checklist


def _form(today: dt.date, **extra: str) -> dict[str, str]:
    data = {"tipo": "semestral"}
    for i in checklist("motofrete", today).items:
        data[f"r_{i.code}"] = "ok"
    return {**data, **extra}


@pytest.fixture
def frete(ipatinga_m):  # type: ignore[no-untyped-def]
    return make_permit(ipatinga_m, "FRETE", service="motofrete", plate="FRT1A24")


def _fiscal(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.FISCAL))
    return c


def test_art_24_par3_gas_over_13_kg_found_fails_the_vistoria_though_ticked_ok(
    ipatinga_m, frete, user_of
):
    c = _fiscal(user_of)
    page = c.get(f"/vistorias/nova/{frete.pk}/").content.decode()
    assert "Cargas encontradas no veículo" in page and "gás de cozinha (kg)" in page
    data = _form(
        timezone.localdate(),
        carga_sidecar="1",
        carga_tipo_1="gas_cozinha",
        carga_capacidade_1="14",
    )
    r = c.post(f"/vistorias/nova/{frete.pk}/", data=data)
    assert r.status_code == 302, r.content.decode()[:3000]
    with tenant(ipatinga_m):
        insp = Inspection.objects.get(permit=frete)
        item = insp.items.get(code="carga_proibida")
        act = Act.objects.filter(action="inspection.record").latest("id")
    assert insp.result == Inspection.Result.FAILED
    assert item.result == "not_ok" and item.automatic
    assert "gás de cozinha de 14 kg acima de 13 kg" in item.message
    assert "art. 24, §3" in item.citation
    assert act.record["payload"]["new"]["loads"]["loads"] == [
        {"kind": "gas_cozinha", "capacity": 14.0}
    ]


def test_art_24_par3_gas_of_13_kg_with_a_sidecar_passes(ipatinga_m, frete, user_of):
    c = _fiscal(user_of)
    data = _form(
        timezone.localdate(),
        carga_sidecar="1",
        carga_tipo_1="gas_cozinha",
        carga_capacidade_1="13",
        carga_tipo_2="agua_mineral",
        carga_capacidade_2="20,0",
    )
    r = c.post(f"/vistorias/nova/{frete.pk}/", data=data)
    assert r.status_code == 302, r.content.decode()[:3000]
    with tenant(ipatinga_m):
        item = Inspection.objects.get(permit=frete).items.get(code="carga_proibida")
    assert item.result == "ok"


def test_art_24_par3_a_capacity_that_is_not_a_number_keeps_the_form(ipatinga_m, frete, user_of):
    c = _fiscal(user_of)
    data = _form(timezone.localdate(), carga_tipo_1="agua_mineral", carga_capacidade_1="vinte")
    r = c.post(f"/vistorias/nova/{frete.pk}/", data=data)
    assert r.status_code == 422
    assert "Carga 1: capacidade em número" in r.content.decode()
    with tenant(ipatinga_m):
        assert not Inspection.objects.filter(permit=frete).exists()


def test_art_24_par3_the_mototaxi_checklist_asks_no_loads(ipatinga_m, user_of):
    moto = make_permit(ipatinga_m, "PASSAG", plate="PSG1A24")
    page = _fiscal(user_of).get(f"/vistorias/nova/{moto.pk}/").content.decode()
    assert "Cargas encontradas no veículo" not in page
