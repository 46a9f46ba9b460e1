"""The taxi regulation's infraction items (taxi art. 43, D-10) as dated data (D-15): the
administrator records an item or a new version of it, or closes it, on the enforcement screen; a
fact is judged by the version in force on its date, whenever it is judged; an item never
changes what an auto already written was written under."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from enforcement_factories import final_taxi_auto
from registry_factories import taxi_permit

from outorga.core.acts import Actor
from outorga.core.lawseam import law_of
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement import regulation
from outorga.enforcement.lawbridge import fine
from outorga.enforcement.models import TaxiInfractionItem
from outorga.enforcement.selectors import taxi_items
from outorga.law.competence import NotCompetent, Role
from outorga.registry.validation import FieldError

FACT = dt.date(2026, 4, 6)
CHANGE = dt.date(2026, 4, 10)  # after FACT, before the auto of FACT is judged
URL = "/fiscalizacao/taxi/regulamento/"


def _admin(world, user_of) -> Actor:  # type: ignore[no-untyped-def]
    return Actor.of(user_of(world.m.slug, Role.ADMIN), "198.51.100.7")


def _record(world, user_of, nature: str, valid_from: dt.date, **kw):  # type: ignore[no-untyped-def]
    return regulation.taxi_item_record(
        actor=_admin(world, user_of),
        municipality=world.m,
        code=kw.pop("code", "reg-buzina"),
        description=kw.pop("description", "Usar a buzina sem necessidade"),
        nature=nature,
        reference=kw.pop("reference", f"Decreto {valid_from.year}/{valid_from:%m}, art. 2º"),
        valid_from=valid_from,
        **kw,
    )


def _fine_of(world, auto) -> int:  # type: ignore[no-untyped-def]
    with tenant(world.m):
        return auto.case.penalties.get().amount_cents


def test_taxi_art_43_d_15_a_fact_is_fined_by_the_version_in_force_on_its_date(world, user_of):
    _record(world, user_of, "leve", dt.date(2026, 1, 1))
    # The regulation makes it grave from CHANGE: the older version ends the day before.
    _record(world, user_of, "grave", CHANGE)
    with tenant(world.m):
        versions = list(TaxiInfractionItem.objects.filter(code="reg-buzina"))
        assert [(v.nature, v.valid_until) for v in versions] == [
            ("leve", CHANGE - dt.timedelta(days=1)),
            ("grave", None),
        ]
        assert [i.nature for i in taxi_items(FACT).filter(code="reg-buzina")] == ["leve"]
        assert [i.nature for i in taxi_items(CHANGE).filter(code="reg-buzina")] == ["grave"]
    before = final_taxi_auto(world, taxi_permit(world.m), code="reg-buzina", on=FACT)
    after = final_taxi_auto(world, taxi_permit(world.m), code="reg-buzina", on=CHANGE)
    # The fact of FACT was judged after CHANGE, and still as leve: as a law item of that nature.
    # A leve fine of the law, imposed after its notice and the defence period (art. 41 §5).
    leve, _ = fine(
        world.m,
        law_of(world.m, "taxi", FACT),
        "desobediencia_sem_risco",
        FACT,
        FACT + dt.timedelta(days=30),
        notified_on=FACT,
    )
    assert _fine_of(world, before) == leve > 0
    assert _fine_of(world, after) == 150 * 500  # grave: 150 UFPI × R$ 5,00 (demo UFPI)


def test_taxi_art_43_a_closed_item_is_no_offence_after_its_last_day(world, user_of):
    item = _record(world, user_of, "media", dt.date(2026, 1, 1), code="reg-fumar-x")
    regulation.taxi_item_close(
        actor=_admin(world, user_of),
        municipality=world.m,
        item=item,
        valid_until=FACT,
        reference="Decreto 99/2026 (revoga o item)",
    )
    with pytest.raises(FieldError, match="não consta do catálogo"):
        final_taxi_auto(world, taxi_permit(world.m), code="reg-fumar-x", on=FACT + dt.timedelta(1))
    # Its last day still is.
    final_taxi_auto(world, taxi_permit(world.m), code="reg-fumar-x", on=FACT)


def test_d_15_a_version_never_reaches_back_over_a_written_auto_or_an_older_version(world, user_of):
    _record(world, user_of, "leve", dt.date(2026, 1, 1), code="reg-placa")
    final_taxi_auto(world, taxi_permit(world.m), code="reg-placa", on=FACT)
    with pytest.raises(FieldError, match="auto de infração deste item por fato de 06/04/2026"):
        _record(world, user_of, "grave", FACT, code="reg-placa")
    with tenant(world.m):
        item = TaxiInfractionItem.objects.get(code="reg-placa")
    with pytest.raises(FieldError, match="06/04/2026"):
        regulation.taxi_item_close(
            actor=_admin(world, user_of),
            municipality=world.m,
            item=item,
            valid_until=FACT - dt.timedelta(days=1),
            reference="Decreto 5/2026",
        )
    with pytest.raises(FieldError, match="começou em 01/01/2026"):
        _record(world, user_of, "grave", dt.date(2025, 12, 1), code="reg-placa")
    _record(world, user_of, "grave", FACT + dt.timedelta(days=1), code="reg-placa")
    with tenant(world.m):
        assert [
            (i.nature, i.valid_until) for i in TaxiInfractionItem.objects.filter(code="reg-placa")
        ] == [("leve", FACT), ("grave", None)]
    # An item revoked and later recreated: the new one cannot start within the revoked one.
    gone = _record(world, user_of, "media", dt.date(2026, 1, 1), code="reg-volta")
    regulation.taxi_item_close(
        actor=_admin(world, user_of),
        municipality=world.m,
        item=gone,
        valid_until=FACT,
        reference="Decreto 6/2026",
    )
    with pytest.raises(FieldError, match="um item não se altera para trás"):
        _record(world, user_of, "grave", FACT, code="reg-volta")
    _record(world, user_of, "grave", FACT + dt.timedelta(days=1), code="reg-volta")


def test_taxi_art_41_par_2_a_law_conduct_code_is_not_a_regulation_item(world, user_of):
    with pytest.raises(FieldError, match="conduta da própria lei"):
        _record(world, user_of, "leve", FACT, code="recusa_passageiro")
    with pytest.raises(FieldError, match="ato do regulamento"):
        _record(world, user_of, "leve", FACT, code="reg-sem-ato", reference=" ")


def test_only_the_administrator_records_items(world, user_of):
    with pytest.raises(NotCompetent, match="art. 43"):
        regulation.taxi_item_record(
            actor=world.authority,
            municipality=world.m,
            code="reg-x",
            description="x",
            nature="leve",
            reference="Decreto 1/2026",
            valid_from=FACT,
        )
    with tenant(world.m):
        assert not TaxiInfractionItem.objects.filter(code="reg-x").exists()
        assert Act.objects.filter(action=regulation.ACTION, outcome="refused").exists()


def test_the_screen_lists_versions_and_the_administrator_records_and_closes(world, user_of):
    admin = Client()
    admin.force_login(user_of(world.m.slug, Role.ADMIN))
    r = admin.post(
        URL,
        {
            "code": "reg-tela",
            "description": "Item pela tela",
            "nature": "media",
            "reference": "Decreto 7/2026, art. 1º",
            "valid_from": "2026-03-01",
        },
    )
    assert r.status_code == 302
    with tenant(world.m):
        item = TaxiInfractionItem.objects.get(code="reg-tela")
        act = Act.objects.filter(action=regulation.ACTION, object_id=str(item.pk)).get()
    assert "art. 43" in " ".join(act.record["basis"]["citations"])
    r = admin.post(
        URL, {"close": item.pk, "valid_until": "2026-05-31", "reference": "Decreto 8/2026"}
    )
    assert r.status_code == 302
    page = admin.get(URL).content.decode()
    assert "reg-tela" in page and "de 01/03/2026 até 31/05/2026" in page
    assert "encerrado por: Decreto 8/2026" in page
    # A refusal comes back as a message naming the field.
    r = admin.post(
        URL,
        {
            "code": "x",
            "description": "d",
            "nature": "leve",
            "reference": "D",
            "valid_from": "2026-03-01",
        },
        follow=True,
    )
    assert "código" in r.content.decode() and "letras minúsculas" in r.content.decode()
    inspector = Client()
    inspector.force_login(user_of(world.m.slug, Role.FISCAL))
    page = inspector.get(URL).content.decode()
    assert "reg-tela" in page and "Registrar item" not in page and "Encerrar" not in page
    r = inspector.post(
        URL,
        {
            "code": "reg-fiscal",
            "description": "d",
            "nature": "leve",
            "reference": "D",
            "valid_from": "2026-03-01",
        },
    )
    assert r.status_code == 403
    with tenant(world.m):
        assert not TaxiInfractionItem.objects.filter(code="reg-fiscal").exists()


def test_a_municipality_without_the_taxi_law_has_no_such_screen(barra_m, user_of):
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.ADMIN))
    assert c.get(URL).status_code == 404
