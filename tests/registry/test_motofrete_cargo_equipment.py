"""Motofrete cargo equipment (mototaxi law art. 24 §1–§5): recorded on the vehicle from the clerk's
screen, the API and the import, and passed to the law core, so a motofrete permit can be granted
with it and is refused, citing art. 24, without it."""

from __future__ import annotations

import csv
import datetime as dt
import io
from pathlib import Path
from typing import Any

import pytest
from auth_factories import client_as
from registry_factories import EQUIPMENT, MOTO, make_applicant
from registry_factories import MOTO_ON as ON
from validate_docbr import RENAVAM

from outorga.core.errors import Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.importer.run import import_registry
from outorga.registry.models import Permit, Tender, Vehicle
from outorga.registry.services.permits import permit_grant
from outorga.registry.services.vehicles import VEHICLE_FIELDS, vehicle_update

#: Art. 5 §7: every vehicle of the law; art. 19's items are the mototaxi's only.
COMMON = ["antena_corta_pipas", "protetor_motor_pernas"]
BAU = {
    "cargo_device": "bau",
    "cargo_within_contran_limits": True,
    "cargo_mirrors_unobstructed": True,
}


SAMPLE = Path(__file__).resolve().parents[2] / "docs" / "samples" / "registry-sample.csv"


def sample_rows() -> tuple[list[str], list[dict[str, str]]]:
    with SAMPLE.open(encoding="utf-8") as fh:
        reader = csv.DictReader(fh, delimiter=";")
        return list(reader.fieldnames or []), list(reader)


def to_csv(header: list[str], rows: list[dict[str, str]]) -> bytes:
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=header, delimiter=";", lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return out.getvalue().encode("utf-8")


@pytest.fixture
def frete_tender(ipatinga_m) -> Tender:  # type: ignore[no-untyped-def]
    with tenant(ipatinga_m):
        return Tender.objects.create(
            service="motofrete",
            number="02/2026",
            places=10,
            opened_on=ON - dt.timedelta(days=60),
            homologated_on=ON - dt.timedelta(days=10),
            status=Tender.Status.HOMOLOGATED,
        )


def equip(m, clerk, vehicle: Vehicle, **cargo: Any) -> Vehicle:  # type: ignore[no-untyped-def]
    """The clerk records what the inspection found on the vehicle (an edit, with its reason)."""
    with tenant(m):
        return vehicle_update(
            actor=clerk,
            municipality=m,
            law=MOTO,
            vehicle=vehicle,
            data={**{f: getattr(vehicle, f) for f in VEHICLE_FIELDS}, **cargo},
            reason="equipamento de carga conferido na vistoria",
        )


def grant_frete(m, clerk, person, vehicle, tender):  # type: ignore[no-untyped-def]
    return permit_grant(
        actor=clerk,
        municipality=m,
        holder=person,
        service="motofrete",
        vehicle=vehicle,
        granted_on=ON,
        term_years=10,
        decree="Decreto 2.345/2026",
        equipment=COMMON,
        tender=tender,
    )


def refused_rules(exc: pytest.ExceptionInfo[Refused]) -> dict[str, Any]:
    return {r.rule.rsplit(".", 1)[-1]: r for r in exc.value.decision.refusals}


def test_art_24_a_motofrete_with_a_bau_within_contran_limits_is_granted(
    ipatinga_m, clerk, frete_tender
):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=41)
    vehicle = equip(ipatinga_m, clerk, vehicle, **BAU)
    permit = grant_frete(ipatinga_m, clerk, person, vehicle, frete_tender)
    assert permit.status == Permit.Status.ACTIVE and permit.number == "MF-0001"
    vehicle_decision = permit.decision["decisions"][2]
    cargo = [r for r in vehicle_decision["reasons"] if r["rule"].endswith("art_24_cargo_device")]
    assert cargo and cargo[0]["verdict"] == "ok"


def test_art_24_a_motofrete_without_cargo_equipment_is_refused_citing_art_24(
    ipatinga_m, clerk, frete_tender
):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=42)
    with pytest.raises(Refused) as exc:
        grant_frete(ipatinga_m, clerk, person, vehicle, frete_tender)
    rules = refused_rules(exc)
    assert set(rules) == {"art_24_cargo_device"}
    assert {(c.article, c.paragraph) for c in rules["art_24_cargo_device"].citations} >= {
        ("24", None),
        ("24", "1"),
    }
    assert "art. 24" in str(exc.value)
    with tenant(ipatinga_m):
        assert not Permit.objects.exists()


def test_art_24_par1_a_device_beyond_the_contran_limits_is_refused(ipatinga_m, clerk, frete_tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=43)
    vehicle = equip(ipatinga_m, clerk, vehicle, **{**BAU, "cargo_within_contran_limits": False})
    with pytest.raises(Refused) as exc:
        grant_frete(ipatinga_m, clerk, person, vehicle, frete_tender)
    assert set(refused_rules(exc)) == {"art_24_cargo_device"}


def test_art_24_par5_sidecar_and_semi_trailer_together_is_refused(ipatinga_m, clerk, frete_tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=44)
    vehicle = equip(
        ipatinga_m,
        clerk,
        vehicle,
        **BAU,
        sidecar=True,
        semi_trailer=True,
        retroreflective_strips=True,
    )
    with pytest.raises(Refused) as exc:
        grant_frete(ipatinga_m, clerk, person, vehicle, frete_tender)
    assert set(refused_rules(exc)) == {"art_24_par5_not_sidecar_and_trailer"}


def test_art_24_par4_a_sidecar_needs_retroreflective_strips(ipatinga_m, clerk, frete_tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=45)
    vehicle = equip(ipatinga_m, clerk, vehicle, **BAU, sidecar=True)
    with pytest.raises(Refused) as exc:
        grant_frete(ipatinga_m, clerk, person, vehicle, frete_tender)
    assert set(refused_rules(exc)) == {"art_24_par4_retroreflective_strips"}
    vehicle = equip(ipatinga_m, clerk, vehicle, retroreflective_strips=True)
    assert grant_frete(ipatinga_m, clerk, person, vehicle, frete_tender).number == "MF-0001"


def test_the_mototaxi_grant_does_not_ask_for_cargo_equipment(ipatinga_m, clerk, tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=46)
    permit = permit_grant(
        actor=clerk,
        municipality=ipatinga_m,
        holder=person,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=ON,
        term_years=10,
        decree="Decreto 1.234/2026",
        equipment=EQUIPMENT,
        tender=tender,
    )
    rules = [r["rule"] for r in permit.decision["decisions"][2]["reasons"]]
    assert not any("art_24" in r for r in rules)


def test_the_clerk_screen_for_motofrete_records_the_cargo_equipment(ipatinga_m, user_of, clerk):
    person, _ = make_applicant(ipatinga_m, clerk, n=47)
    c = client_as(user_of, Role.ATENDENTE)
    url = f"/cadastro/pessoas/{person.pk}/veiculos/novo/"
    page = c.get(url + "?servico=motofrete").content.decode()
    assert "Dispositivo de carga (art. 24, §1)" in page and 'name="doors"' not in page
    # The mototaxi form does not ask for cargo equipment.
    assert 'name="cargo_device"' not in c.get(url + "?servico=mototaxi").content.decode()
    r = c.post(
        url,
        {
            "service": "motofrete",
            "plate": "FRT-1A23",
            "renavam": RENAVAM().generate(),
            "kind": "motocicleta",
            "make_model": "Honda CG 160 Cargo",
            "manufacture_year": "2024",
            "engine_cc": "160",
            "colour": "branca",
            "rental_category": "on",
            "registration_uf": "MG",
            "registration_city": "Ipatinga",
            "cargo_device": "bau",
            "cargo_within_contran_limits": "on",
            "cargo_mirrors_unobstructed": "on",
        },
    )
    assert r.status_code == 302, r.content.decode()[-2000:]
    with tenant(ipatinga_m):
        v = Vehicle.objects.get(plate="FRT1A23")
        assert (v.cargo_device, v.cargo_within_contran_limits, v.cargo_mirrors_unobstructed) == (
            "bau",
            True,
            True,
        )
        assert not (v.sidecar or v.semi_trailer)
        act = Act.objects.filter(action="vehicle.create", object_id=str(v.pk)).get()
        assert act.record["payload"]["new"]["cargo_device"] == "bau"
    page = c.get(f"/cadastro/veiculos/{v.pk}/").content.decode()
    assert "Equipamento de carga (motofrete, art. 24)" in page and "baú (fechado)" in page


def test_the_api_records_the_cargo_equipment(ipatinga_m, user_of, clerk):
    person, _ = make_applicant(ipatinga_m, clerk, n=48)
    c = client_as(user_of, Role.ATENDENTE)
    body = {
        "owner_id": person.pk,
        "plate": "FRT2B34",
        "renavam": RENAVAM().generate(),
        "kind": "motocicleta",
        "make_model": "Yamaha Factor 150",
        "manufacture_year": 2023,
        "engine_cc": 150,
        "colour": "preta",
        "rental_category": True,
        "registration_uf": "MG",
        "registration_city": "Ipatinga",
        "cargo_device": "grelha",
        "cargo_within_contran_limits": True,
        "cargo_mirrors_unobstructed": True,
        "sidecar": True,
        "retroreflective_strips": True,
        "service": "motofrete",
    }
    r = c.post("/api/v1/registry/vehicles", body, content_type="application/json")
    assert r.status_code == 201, r.content
    assert r.json()["cargo"] == {
        "device": "grelha",
        "within_contran_limits": True,
        "mirrors_unobstructed": True,
        "sidecar": True,
        "semi_trailer": False,
        "retroreflective_strips": True,
    }
    r = c.post(
        "/api/v1/registry/vehicles",
        {**body, "plate": "FRT3C45", "cargo_device": "caixote"},
        content_type="application/json",
    )
    assert r.status_code in (400, 422), r.content


def test_the_import_records_cargo_and_refuses_sidecar_with_semi_trailer(ipatinga_m, clerk):
    header, rows = sample_rows()
    frete = next(r for r in rows if r["servico"] == "motofrete")
    line = rows.index(frete) + 2
    report = import_registry(
        municipality=ipatinga_m, raw=to_csv(header, rows), actor=clerk, dry_run=False
    )
    assert report.ok, [e.render() for e in report.errors]
    with tenant(ipatinga_m):
        v = Vehicle.objects.get(plate=frete["placa"])
        assert v.cargo_device == "bau" and v.cargo_within_contran_limits
    frete.update(sidecar="sim", semirreboque="sim", faixas_retrorrefletivas="sim")
    report = import_registry(municipality=ipatinga_m, raw=to_csv(header, rows), dry_run=True)
    found = {(e.line, e.column): e for e in report.errors}
    assert "art. 24, §5" in found[(line, "semirreboque")].citation


def test_the_import_warns_of_a_motofrete_without_cargo_device(ipatinga_m):
    header, rows = sample_rows()
    frete = next(r for r in rows if r["servico"] == "motofrete")
    frete.update(carga_dispositivo="", carga_limites_contran="", carga_retrovisores_livres="")
    report = import_registry(municipality=ipatinga_m, raw=to_csv(header, rows), dry_run=True)
    assert report.ok
    warned = [w for w in report.warnings if w.column == "carga_dispositivo"]
    assert warned and "art. 24" in warned[0].citation
