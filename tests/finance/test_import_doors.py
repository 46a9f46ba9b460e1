"""The bank's return files and OFX come in through the same doors as the CSV: the finance screen
(preview, then confirmation), the API route and the ``payments_import`` command; a refusal is a
Portuguese message naming the line and the positions, never a traceback."""

from __future__ import annotations

from io import StringIO

import pytest
from bank_files import (
    Paid,
    Tx,
    barcode_of,
    cnab240,
    febraban150,
    free_field_of,
    numbered_debt,
    ofx,
    receiver,
)
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from finance_factories import make_person, refresh

from outorga.core.tenancy import tenant
from outorga.finance import pix
from outorga.finance.models import Debt
from outorga.finance.models_payments import Payment
from outorga.law.competence import Role


@pytest.fixture
def staff(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.FINANCAS))
    return c


@pytest.fixture
def person(ipatinga_m):  # type: ignore[no-untyped-def]
    return make_person(ipatinga_m, "Fulana Devedora")


def test_the_screen_previews_a_febraban_return_then_imports_it(staff, ipatinga_m, person):
    settings = receiver(ipatinga_m)
    debt = numbered_debt(ipatinga_m, person, 4_321)
    content = febraban150([Paid(barcode_of(debt, settings, 4_321), 4_321)])
    r = staff.post("/financas/importar/", {"file": SimpleUploadedFile("RET.TXT", content)})
    html = r.content.decode()
    assert r.status_code == 200, html
    assert "FEBRABAN arrecadação (150 posições)" in html and "conciliado" in html
    assert "R$ 43,21" in html and "20/03/2026" in html
    with tenant(ipatinga_m):
        assert not Payment.objects.filter(debt=debt).exists()  # a preview writes nothing
    token = html.split('name="content" value="')[1].split('"')[0]
    r = staff.post("/financas/importar/", {"confirm": "1", "content": token, "file_name": "RET"})
    assert r.status_code == 302
    report = staff.get(r["Location"]).content.decode()
    assert "FEBRABAN arrecadação" in report
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID


def test_the_screen_shows_why_a_return_file_is_refused(staff, ipatinga_m, person):
    settings = receiver(ipatinga_m)
    debt = numbered_debt(ipatinga_m, person, 4_321)
    content = febraban150([Paid(barcode_of(debt, settings, 4_321), 4_321)], total=1)
    r = staff.post("/financas/importar/", {"file": SimpleUploadedFile("RET.TXT", content)})
    html = r.content.decode()
    assert "linha 3, posição 8–24 (valor total recebido)" in html
    assert "Importar 1 linha" not in html


def test_the_api_imports_a_cnab_240_and_refuses_one_that_does_not_add_up(staff, ipatinga_m, person):
    debt = numbered_debt(ipatinga_m, person, 10_000)
    bad = cnab240([Paid(free_field_of(debt), 10_000)], batch_titles=3)
    r = staff.post("/api/v1/finance/payments/import", {"file": SimpleUploadedFile("r.ret", bad)})
    assert r.status_code == 422, r.content
    (error,) = r.json()["erros"]
    assert error["campo"] == "arquivo" and error["erro"].startswith(
        "linha 5, posição 24–29 (quantidade de títulos)"
    )
    good = cnab240([Paid(free_field_of(debt), 10_000)])
    r = staff.post("/api/v1/finance/payments/import", {"file": SimpleUploadedFile("r.ret", good)})
    assert r.status_code == 201, r.content
    assert (r.json()["file_format"], r.json()["lines_new"]) == ("cnab240", 1)
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID


def test_the_command_reads_an_ofx_dry_run_first(ipatinga_m, person, tmp_path):
    debt = numbered_debt(ipatinga_m, person, 1_500)
    f = tmp_path / "extrato.ofx"
    f.write_bytes(ofx([Tx("X1", "15.00", f"PIX REC {pix.txid_of(debt.reference)}")]))
    out = StringIO()
    call_command("payments_import", str(f), "--municipality", "ipatinga", "--dry-run", stdout=out)
    assert "matched" in out.getvalue()
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN
    as_finance = (
        "payments_import",
        str(f),
        "--municipality",
        "ipatinga",
        "--user",
        "financas.ipatinga",
    )
    call_command(*as_finance, stdout=out)
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID
    f.write_bytes(ofx([Tx("X2", "1,50", "PIX")]))
    with pytest.raises(CommandError, match=r"linha \d+, campo TRNAMT"):
        call_command(*as_finance)
