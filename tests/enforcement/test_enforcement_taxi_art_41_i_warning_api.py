"""Taxi art. 41, I and §1 with art. 46 and decision D-17 (ADR 0067), through the staff API: the
authority applies the written warning in place of the auto's fine on the case
(``POST /api/v1/enforcement/cases/{id}/warning``), as on the case page — refused, with the reason,
to a role without the competence (403, naming the competent role and the articles), on a case
already closed or an auto cancelled, twice, or on a day to come or before the fact; another
municipality's case is not found (404). Every act and refusal is in the acts log."""

from __future__ import annotations

import datetime as dt
from typing import Any

from enforcement_factories import case_of, client_of, make_final, taxi_auto
from registry_factories import taxi_permit

from outorga.core.localtime import today_of
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import InfractionNotice
from outorga.enforcement.services.annulment import case_annul_ex_officio, infraction_cancel
from outorga.law.competence import Role

D = dt.date(2026, 4, 6)
WARNING = InfractionNotice.Penalty.WARNING
FINE = InfractionNotice.Penalty.FINE


def _open_case(world) -> tuple[InfractionNotice, Any]:  # type: ignore[no-untyped-def]
    """The fiscal's taxi auto of a harmless conduct, its case open (defence running, D-1)."""
    auto = taxi_auto(world, taxi_permit(world.m), "desobediencia_sem_risco", on=D)
    return auto, case_of(world, auto)


def _warn(user: Any, case_id: int, **body: Any) -> Any:
    return client_of(user).post(
        f"/api/v1/enforcement/cases/{case_id}/warning",
        {"harmless": True, "on": D.isoformat(), **body},
        content_type="application/json",
    )


def _penalty(world, auto: InfractionNotice) -> str:  # type: ignore[no-untyped-def]
    with tenant(world.m):
        return InfractionNotice.objects.get(pk=auto.pk).penalty


def _field_error(r: Any) -> dict[str, str]:
    assert r.status_code == 422, r.content
    [error] = r.json()["erros"]
    return error


def test_art_41_i_art_46_the_authority_applies_the_taxi_warning_through_the_api(world):
    auto, case = _open_case(world)
    r = _warn(world.authority.user, case.pk)
    assert r.status_code == 200, r.content
    out = r.json()
    assert out["id"] == case.pk and out["auto"]["penalty"] == WARNING
    assert out["stage"] == case.stage  # the case goes on: the warning is applied when final
    assert _penalty(world, auto) == WARNING
    with tenant(world.m):
        act = Act.objects.filter(action="penalty.warning", outcome=Act.Outcome.DONE).latest("seq")
    assert (act.record["actor"], act.record["role"]) == (world.authority.name, Role.AUTORIDADE)
    assert act.record["payload"]["new"]["case"] == case.number
    cites = " ".join(act.record["basis"]["citations"])
    assert "art. 41, §1" in cites and "art. 46" in cites


def test_art_41_i_art_46_the_fiscal_is_refused_the_warning_naming_the_authority(world):
    auto, case = _open_case(world)
    r = _warn(world.fiscal.user, case.pk)
    assert r.status_code == 403, r.content
    detail = r.json()["detail"]
    assert "Sem competência para aplicar advertência" in detail and "Autoridade" in detail
    assert "art. 41, I" in detail and "art. 46" in detail
    assert _penalty(world, auto) == FINE
    with tenant(world.m):
        assert Act.objects.filter(action="penalty.warning", outcome="refused").exists()


def test_art_41_par_1_a_conduct_that_affects_the_passengers_is_refused_by_the_law(world):
    auto, case = _open_case(world)
    r = _warn(world.authority.user, case.pk, harmless=False)
    error = _field_error(r)
    assert error["campo"] == "advertência" and "art. 41, §1" in error["fundamento"]
    assert "art. 41, §1" in " ".join(r.json()["decisao"]["citations"])
    assert _penalty(world, auto) == FINE


def test_art_41_caput_no_warning_once_the_case_is_final(world):
    auto, case = _open_case(world)
    make_final(world, auto, D)
    error = _field_error(_warn(world.authority.user, case.pk, on=None))
    assert error["campo"] == "advertência"
    assert "já está encerrado" in error["erro"] and "art. 41" in error["fundamento"]
    assert _penalty(world, auto) == FINE


def test_art_41_caput_no_warning_on_an_annulled_case(world):
    auto, case = _open_case(world)
    case_annul_ex_officio(
        actor=world.authority, municipality=world.m, case=case, grounds="Placa errada.", on=D
    )
    error = _field_error(_warn(world.authority.user, case.pk))
    assert error["campo"] in ("auto", "advertência")
    assert "cancelado" in error["erro"] or "encerrado" in error["erro"]
    assert _penalty(world, auto) == FINE


def test_art_41_i_no_warning_on_a_cancelled_auto(world):
    auto, case = _open_case(world)
    infraction_cancel(
        actor=world.authority, municipality=world.m, auto=auto, reason="Placa errada."
    )
    error = _field_error(_warn(world.authority.user, case.pk))
    assert error["campo"] == "auto" and f"o auto {auto.number} está cancelado" == error["erro"]
    assert _penalty(world, auto) == FINE


def test_art_41_i_a_second_warning_is_refused_saying_the_auto_already_has_one(world):
    """A step out of order (409, as the API answers a record not in the state the act assumes),
    with the reason."""
    auto, case = _open_case(world)
    assert _warn(world.authority.user, case.pk).status_code == 200
    r = _warn(world.authority.user, case.pk)
    assert r.status_code == 409, r.content
    assert r.json()["detail"] == f"o auto {auto.number} já tem advertência"


def test_art_41_i_the_day_of_the_warning_is_not_to_come_nor_before_the_fact(world):
    auto, case = _open_case(world)
    tomorrow = today_of(world.m) + dt.timedelta(days=1)
    error = _field_error(_warn(world.authority.user, case.pk, on=tomorrow.isoformat()))
    assert error["campo"] == "data" and "data da decisão" in error["erro"]
    before = (D - dt.timedelta(days=1)).isoformat()
    error = _field_error(_warn(world.authority.user, case.pk, on=before))
    assert error["campo"] == "data"
    assert error["erro"] == "a advertência não pode ser anterior à data do fato"
    assert _penalty(world, auto) == FINE


def test_the_day_left_out_is_today(world):
    auto, case = _open_case(world)
    assert _warn(world.authority.user, case.pk, on=None).status_code == 200
    with tenant(world.m):
        act = Act.objects.filter(action="penalty.warning", outcome=Act.Outcome.DONE).latest("seq")
    assert act.record["payload"]["new"]["on"] == today_of(world.m).isoformat()


def test_another_municipalitys_authority_does_not_find_the_case(world, barra_m, user_of):
    auto, case = _open_case(world)
    r = _warn(user_of(barra_m.slug, Role.AUTORIDADE), case.pk)
    assert r.status_code == 404, r.content
    assert _penalty(world, auto) == FINE
