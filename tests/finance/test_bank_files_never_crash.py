"""No bank file, however damaged, is a traceback: a return file or OFX with any byte changed,
lines cut or added, is read or refused with Portuguese errors naming the line (issue #22: never
a traceback). Pure parsing, no database."""

from __future__ import annotations

import datetime as dt

import pytest
from bank_files import Paid, Tx, cnab240, cnab400, febraban150, ofx
from hypothesis import given, settings
from hypothesis import strategies as st

from outorga.finance import bank_returns, ofx_statement

BARCODE = "81660000001234501232026063000000000000000042"
VALID = [
    febraban150([Paid(BARCODE, 12_345), Paid(BARCODE, 500, auth="X")]),
    cnab240([Paid("3131307D0000001", 5_000, payer_cpf="12345678909"), Paid("Y", 70)]),
    cnab400([Paid("3131307D0000001", 5_000), Paid("Z", 9, occurrence="02")]),
]
STATEMENT = ofx([Tx("A1", "12.34", "PIX 3131307D0000001"), Tx("A2", "-1.00", "TARIFA")])
ALPHABET = st.sampled_from(list("0123456789 AZaz-,.<>/\r\n\t") + ["\u00e7", "\x7f"])


def mutated(data: st.DataObject, content: bytes) -> str:
    text = content.decode("latin-1")
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, max(0, len(text) - 1)))
        op = data.draw(st.sampled_from(["replace", "delete", "insert", "cut"]))
        if op == "replace":
            text = text[:i] + data.draw(ALPHABET) + text[i + 1 :]
        elif op == "delete":
            text = text[:i] + text[i + 1 :]
        elif op == "insert":
            text = text[:i] + data.draw(ALPHABET) + text[i:]
        else:
            text = text[:i]
    return text


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_damaged_return_file_is_read_or_refused_never_a_traceback(data):
    content = data.draw(st.sampled_from(VALID))
    found = bank_returns.parse(mutated(data, content))
    if found is not None:
        assert not (found.errors and found.entries)  # a refused file gives no payment
        for error in found.errors:
            assert error.startswith("linha ")
        for entry in found.entries:
            assert entry.amount_cents >= 0 and isinstance(entry.paid_on, dt.date)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_damaged_ofx_is_read_or_refused_never_a_traceback(data):
    text = mutated(data, STATEMENT)
    found = ofx_statement.parse(text.encode("latin-1"), text, dt.UTC)
    assert not (found.errors and found.entries)
    for error in found.errors:
        assert error.startswith(("linha ", "arquivo OFX"))


def test_the_valid_files_are_read_whole():
    kinds = [bank_returns.parse(c.decode("latin-1")) for c in VALID]
    assert [(k.kind, len(k.entries), k.errors) for k in kinds if k] == [
        ("febraban150", 2, []),
        ("cnab240", 2, []),
        ("cnab400", 1, []),
    ]


@pytest.mark.parametrize("damage", ["root tag", "bank messages cut"])
def test_an_ofx_without_its_statement_is_refused_not_a_traceback(damage):
    """Hypothesis found the first: "<OFX>" and "</SONRS>" damaged, the file parses with the
    sign-on as its root and no statement under it (ofxtools raised AttributeError). A file whose
    bank messages are cut whole has no statement either. Each is refused naming what is missing,
    never a traceback nor an empty import."""
    text = STATEMENT.decode("latin-1")
    if damage == "root tag":
        text = text.replace("<OFX>", "0OFX>").replace("</SONRS>", "<0SONRS>")
    else:
        start, end = text.index("<BANKMSGSRSV1>"), text.index("</BANKMSGSRSV1>")
        text = text[:start] + text[end + len("</BANKMSGSRSV1>") :]
    found = ofx_statement.parse(text.encode("latin-1"), text, dt.UTC)
    assert found.entries == []
    assert found.errors == ["arquivo OFX sem extrato bancário (falta o bloco BANKMSGSRSV1/STMTRS)"]
