"""Importing taxi permits: each one comes with its Termo de Permissão (taxi art. 13) rebuilt from
the row — the term of art. 10, the contrapartida chosen and the Termo's current yearly period —
and its vehicle inscribed in the Cadastro Municipal de Taxistas (art. 20) after every imported
number, so the register stays unique."""

from __future__ import annotations

import csv
import datetime as dt
import io
from pathlib import Path

import pytest
from registry_factories import CHECKS, actor, grant, taxi_holder
from registry_factories import TAXI_ON as ON

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.registry.importer.run import import_registry
from outorga.registry.models import Permit, PermitTerm, RegisterCounter, Vehicle
from outorga.registry.services.termos import taxi_term_renew

SAMPLE = Path(__file__).resolve().parents[2] / "docs" / "samples" / "registry-sample.csv"
TODAY = dt.date(2026, 11, 30)


def taxi_row() -> tuple[list[str], dict[str, str]]:
    with SAMPLE.open(encoding="utf-8") as fh:
        reader = csv.DictReader(fh, delimiter=";")
        rows = list(reader)
        header = list(reader.fieldnames or [])
    (row,) = [r for r in rows if r["servico"] == "taxi"]
    return header, row


def to_csv(header: list[str], *rows: dict[str, str]) -> bytes:
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=header, delimiter=";", lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow(r)
    return out.getvalue().encode("utf-8")


@pytest.fixture
def clerk_actor(user_of):  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.ATENDENTE))


def run(m, raw, who=None):  # type: ignore[no-untyped-def]
    return import_registry(
        municipality=m, raw=raw, actor=who, dry_run=who is None, today=TODAY, filename="t.csv"
    )


def errors(report) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {e.column: e.render() for e in report.errors}


def test_art_13_an_imported_taxi_permit_has_its_termo(ipatinga_m, clerk_actor):
    m = ipatinga_m
    report = run(m, SAMPLE.read_bytes(), clerk_actor)
    assert report.ok, [e.render() for e in report.errors]
    with tenant(m):
        permit = Permit.objects.get(number="TX-0007")
        term = PermitTerm.objects.get(permit=permit)
        act = Act.objects.get(action="permit.termo.import", object_id=str(term.pk))
        debts = Debt.objects.filter(permit=permit).count()
    assert (term.option, term.mode, term.instalments) == ("I", "pagamento", 18)
    assert term.total_cents == 300_000  # art. 10, I, a: R$ 3.000,00
    assert (term.signed_on, term.term_years, term.term_ends_on) == (
        dt.date(2020, 2, 1),
        10,
        dt.date(2030, 2, 1),
    )
    # The current yearly period: from 01/02/2026 to 01/02/2027 (art. 13).
    assert term.valid_until == dt.date(2027, 2, 1) == permit.certificate_valid_until
    assert term.last_renewed_on == dt.date(2026, 2, 1)
    assert act.record["payload"]["source"]["line"] == 4
    assert debts == 0  # what was paid before Outorga is the ledger's, not the import's


def test_art_20_the_imported_taxi_vehicle_is_inscribed_after_the_imported_numbers(
    ipatinga_m, clerk_actor
):
    m = ipatinga_m
    with tenant(m):
        before = RegisterCounter.objects.filter(series="register:taxi").first()
    start = max(before.last_number if before else 0, 7)
    assert run(m, SAMPLE.read_bytes(), clerk_actor).ok
    with tenant(m):
        taxi = Vehicle.objects.get(plate="EXC3C33")
        motos = Vehicle.objects.filter(plate__in=["EXA1A11", "EXB2B22"])
        assert taxi.cadastro_number == start + 1 and taxi.cadastro_inscribed_on == TODAY
        assert all(v.cadastro_number is None for v in motos)
    assert run(m, SAMPLE.read_bytes(), clerk_actor).ok  # again: nothing renumbered
    with tenant(m):
        assert Vehicle.objects.get(plate="EXC3C33").cadastro_number == start + 1


def test_the_imported_termo_is_renewed_like_any_other(ipatinga_m, clerk_actor):
    m = ipatinga_m
    assert run(m, SAMPLE.read_bytes(), clerk_actor).ok
    with tenant(m):
        permit = Permit.objects.get(number="TX-0007")
    term = taxi_term_renew(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        permit=permit,
        on=dt.date(2027, 1, 20),
        checks=CHECKS,
    )
    assert term.valid_until == dt.date(2028, 2, 1)


def test_art_10_ii_a_20_year_permit_in_services(ipatinga_m, clerk_actor):
    header, row = taxi_row()
    row.update(prazo_anos="20", fim_prazo="01/02/2040", contrapartida="servicos", parcelas="")
    assert run(ipatinga_m, to_csv(header, row), clerk_actor).ok
    with tenant(ipatinga_m):
        term = PermitTerm.objects.get(permit__number="TX-0007")
    assert (term.option, term.mode, term.instalments) == ("II", "servicos", None)
    assert term.total_cents == 900_000  # art. 10, II, b: R$ 9.000,00 in services


@pytest.mark.parametrize(
    ("change", "column", "article"),
    [
        ({"contrapartida": ""}, "contrapartida", "art. 10"),
        ({"prazo_anos": "15", "fim_prazo": "01/02/2035"}, "prazo_anos", "art. 10"),
        ({"fim_prazo": "01/02/2031"}, "fim_prazo", "art. 10"),
        ({"prorrogacoes": "1"}, "prorrogacoes", "art. 13"),
        ({"parcelas": "19"}, "parcelas", "art. 10, I"),
        ({"certificado_valido_ate": ""}, "certificado_valido_ate", "art. 13"),
        ({"certificado_valido_ate": "15/03/2027"}, "certificado_valido_ate", "art. 13"),
        ({"certificado_valido_ate": "01/02/2031"}, "certificado_valido_ate", "art. 13"),
        ({"data_outorga": "01/02/2016", "fim_prazo": "01/02/2026"}, "data_outorga", ""),
        ({"contrapartida": "permuta"}, "contrapartida", ""),
    ],
)
def test_a_taxi_row_whose_termo_the_law_does_not_allow_is_an_error(
    ipatinga_m, clerk_actor, change, column, article
):
    header, row = taxi_row()
    row.update(change)
    report = run(ipatinga_m, to_csv(header, row), clerk_actor)
    found = errors(report)
    assert column in found, found
    assert article in found[column]
    with tenant(ipatinga_m):
        assert not Permit.objects.filter(number="TX-0007").exists()


def test_the_36th_instalment_is_allowed_for_20_years_and_18_for_10(ipatinga_m):
    header, row = taxi_row()
    assert run(ipatinga_m, to_csv(header, {**row, "parcelas": "18"})).ok
    row.update(prazo_anos="20", fim_prazo="01/02/2040")
    assert run(ipatinga_m, to_csv(header, {**row, "parcelas": "36"})).ok
    assert "parcelas" in errors(run(ipatinga_m, to_csv(header, {**row, "parcelas": "37"})))


def test_the_counterpart_columns_are_for_taxi_only(ipatinga_m):
    header, _ = taxi_row()
    with SAMPLE.open(encoding="utf-8") as fh:
        moto = next(r for r in csv.DictReader(fh, delimiter=";") if r["servico"] == "mototaxi")
    found = errors(run(ipatinga_m, to_csv(header, {**moto, "contrapartida": "pagamento"})))
    assert "só se aplica a táxi" in found["contrapartida"]


def test_a_permit_imported_without_its_termo_gets_it_when_imported_again(ipatinga_m, clerk_actor):
    m = ipatinga_m
    assert run(m, SAMPLE.read_bytes(), clerk_actor).ok
    with tenant(m):
        PermitTerm.objects.filter(permit__number="TX-0007").delete()
    report = run(m, SAMPLE.read_bytes(), clerk_actor)
    assert report.ok and report.written["permissões já existentes"] == 3
    with tenant(m):
        assert PermitTerm.objects.get(permit__number="TX-0007").option == "I"


def test_art_4_i_an_imported_number_used_by_a_vehicle_in_the_cadastro_is_an_error(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    grant(m, holder, vehicle)
    with tenant(m):
        taken = Vehicle.objects.get(pk=vehicle.pk).cadastro_number
    header, row = taxi_row()
    report = run(m, to_csv(header, {**row, "numero_registro": str(taken)}))
    assert "Cadastro Municipal de Taxistas" in errors(report)["numero_registro"]
