"""Bank files for the import tests, written position by position from the published layouts
(the positions here are typed from the manuals, not taken from ``finance.bank_returns``, so a
wrong position in either one fails the tests):

- FEBRABAN "Layout Padrão de Arrecadação/Recebimento com Utilização do Código de Barras",
  file layout version 5: records A (header), G (one per guia paid), Z (trailer).
- FEBRABAN CNAB 240 cobrança, v10: records 0, 1, 3 (segments T and U), 5, 9.
- Bradesco "Cobrança — arquivo retorno CNAB 400": records 0, 1, 9.
- OFX 1.02 (SGML, without closing tags on elements, as Brazilian banks export it).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass


class Line:
    """A record of ``width`` positions filled field by field (positions from 1, both ends in)."""

    def __init__(self, width: int) -> None:
        self.chars = [" "] * width

    def put(self, start: int, end: int, value: object, *, num: bool = False) -> Line:
        size = end - start + 1
        text = str(value).zfill(size) if num else str(value).ljust(size)
        assert len(text) == size, (start, end, value)
        self.chars[start - 1 : end] = list(text)
        return self

    def __str__(self) -> str:
        return "".join(self.chars)


def join(lines: Sequence[Line | str]) -> bytes:
    return ("\r\n".join(str(ln) for ln in lines) + "\r\n").encode("latin-1")


# --- FEBRABAN arrecadação, 150 positions --------------------------------------------------------


@dataclass
class Paid:
    """One payment in a return file."""

    code: str  # the guia's barcode (150), or the title's "seu número" (CNAB)
    cents: int
    on: dt.date = dt.date(2026, 3, 20)
    auth: str = ""
    payer_cpf: str = ""
    face_cents: int | None = None  # the title's face value (CNAB), by default what was paid
    occurrence: str = "06"  # the CNAB movement/occurrence code: 06 liquidação


def febraban150(
    paid: Sequence[Paid], *, count: int | None = None, total: int | None = None, kind: str = "2"
) -> bytes:
    header = (
        Line(150)
        .put(1, 1, "A")
        .put(2, 2, kind)  # 2: retorno
        .put(3, 22, "CONVENIO 4711")
        .put(23, 42, "PREFEITURA")
        .put(43, 45, 1, num=True)
        .put(46, 65, "BANCO DO BRASIL")
        .put(66, 73, "20260321")
        .put(74, 79, 7, num=True)
        .put(80, 81, 5, num=True)
        .put(82, 98, "CODIGO DE BARRAS")
    )
    details = []
    for i, p in enumerate(paid, 1):
        details.append(
            Line(150)
            .put(1, 1, "G")
            .put(2, 21, "00100011234500000123")
            .put(22, 29, p.on.strftime("%Y%m%d"))
            .put(30, 37, (p.on + dt.timedelta(days=1)).strftime("%Y%m%d"))
            .put(38, 81, p.code)
            .put(82, 93, p.cents, num=True)
            .put(94, 100, 150, num=True)  # the bank's fee, R$ 1,50
            .put(101, 108, i, num=True)
            .put(109, 116, "00011234")
            .put(117, 117, "3")  # internet, with the guia
            .put(118, 140, p.auth or f"AUT{i:08d}")
            .put(141, 141, "1")
        )
    trailer = (
        Line(150)
        .put(1, 1, "Z")
        .put(2, 7, len(details) + 2 if count is None else count, num=True)
        .put(8, 24, sum(p.cents for p in paid) if total is None else total, num=True)
    )
    return join([header, *details, trailer])


# --- CNAB 240 -------------------------------------------------------------------------------------

BANK = "001"


def _detail240(sequence: int, segment: str, occurrence: str) -> Line:
    """The control fields of a detail record (3) of batch 1."""
    line = Line(240).put(1, 3, BANK).put(4, 7, "0001").put(8, 8, "3")
    return line.put(9, 13, sequence, num=True).put(14, 14, segment).put(16, 17, occurrence)


def cnab240(
    paid: Sequence[Paid],
    *,
    batch_count: int | None = None,
    batch_titles: int | None = None,
    batch_total: int | None = None,
    file_records: int | None = None,
) -> bytes:
    header = (
        Line(240)
        .put(1, 3, BANK)
        .put(4, 7, "0000")
        .put(8, 8, "0")
        .put(18, 18, "2")
        .put(19, 32, "18715383000140")
        .put(73, 102, "PREFEITURA MUNICIPAL")
        .put(103, 132, "BANCO DO BRASIL S.A.")
        .put(143, 143, "2")  # retorno
        .put(144, 151, "21032026")
        .put(152, 157, "103000")
        .put(158, 163, 12, num=True)
        .put(164, 166, "107")
    )
    batch = Line(240).put(1, 3, BANK).put(4, 7, "0001").put(8, 8, "1").put(9, 9, "T")
    batch.put(10, 11, "01").put(14, 16, "060")
    details: list[Line] = []
    for i, p in enumerate(paid):
        face = p.cents if p.face_cents is None else p.face_cents
        t = (
            _detail240(2 * i + 1, "T", p.occurrence)
            .put(18, 22, "01234")
            .put(38, 57, f"{2870000000 + i:020d}")
            .put(58, 58, "1")
            .put(59, 73, f"DOC{i:04d}")
            .put(74, 81, "31032026")
            .put(82, 96, face, num=True)
            .put(106, 130, p.code)
            .put(133, 133, "1" if p.payer_cpf else "0")
            .put(134, 148, p.payer_cpf or "0", num=True)
            .put(149, 188, "PAGADOR DE TESTE")
        )
        u = (
            _detail240(2 * i + 2, "U", p.occurrence)
            .put(18, 77, "0", num=True)
            .put(78, 92, p.cents, num=True)
            .put(93, 107, max(0, p.cents - 150), num=True)
            .put(108, 137, "0", num=True)
            .put(138, 145, p.on.strftime("%d%m%Y"))
            .put(146, 153, (p.on + dt.timedelta(days=1)).strftime("%d%m%Y"))
        )
        details += [t, u]
    faces = sum(p.cents if p.face_cents is None else p.face_cents for p in paid)
    trailer = (
        Line(240)
        .put(1, 3, BANK)
        .put(4, 7, "0001")
        .put(8, 8, "5")
        .put(18, 23, len(details) + 2 if batch_count is None else batch_count, num=True)
        .put(24, 29, len(paid) if batch_titles is None else batch_titles, num=True)
        .put(30, 46, faces if batch_total is None else batch_total, num=True)
        .put(47, 115, "0", num=True)
    )
    records = len(details) + 4
    end = (
        Line(240)
        .put(1, 3, BANK)
        .put(4, 7, "9999")
        .put(8, 8, "9")
        .put(18, 23, 1, num=True)
        .put(24, 29, records if file_records is None else file_records, num=True)
    )
    return join([header, batch, *details, trailer, end])


# --- CNAB 400, Bradesco ---------------------------------------------------------------------------


def cnab400(
    paid: Sequence[Paid], *, settled: int | None = None, settled_total: int | None = None
) -> bytes:
    header = (
        Line(400)
        .put(1, 1, "0")
        .put(2, 2, "2")
        .put(3, 9, "RETORNO")
        .put(10, 11, "01")
        .put(12, 26, "COBRANCA")
        .put(27, 46, "00000000000004711", num=True)
        .put(47, 76, "PREFEITURA MUNICIPAL")
        .put(77, 79, "237")
        .put(80, 94, "BRADESCO")
        .put(95, 100, "210326")
        .put(109, 113, 12, num=True)
        .put(395, 400, 1, num=True)
    )
    details = []
    for i, p in enumerate(paid):
        face = p.cents if p.face_cents is None else p.face_cents
        details.append(
            Line(400)
            .put(1, 1, "1")
            .put(2, 3, "02")
            .put(4, 17, "18715383000140")
            .put(38, 62, p.code)
            .put(71, 82, f"{900000 + i:012d}")
            .put(108, 108, "9")
            .put(109, 110, p.occurrence)
            .put(111, 116, p.on.strftime("%d%m%y"))
            .put(117, 126, f"D{i:09d}")
            .put(147, 152, "310326")
            .put(153, 165, face, num=True)
            .put(166, 168, "237")
            .put(254, 266, p.cents, num=True)
            .put(296, 301, (p.on + dt.timedelta(days=1)).strftime("%d%m%y"))
            .put(395, 400, i + 2, num=True)
        )
    liquidated = [p for p in paid if p.occurrence == "06"]
    trailer = (
        Line(400)
        .put(1, 1, "9")
        .put(2, 2, "2")
        .put(3, 4, "01")
        .put(5, 7, "237")
        .put(18, 25, len(paid), num=True)
        .put(26, 39, sum(p.cents for p in paid), num=True)
        .put(58, 62, 0, num=True)
        .put(63, 74, 0, num=True)
        .put(
            75,
            86,
            sum(p.cents for p in liquidated) if settled_total is None else settled_total,
            num=True,
        )
        .put(87, 91, len(liquidated) if settled is None else settled, num=True)
        .put(92, 103, sum(p.cents for p in liquidated), num=True)
        .put(395, 400, len(paid) + 2, num=True)
    )
    return join([header, *details, trailer])


# --- OFX ------------------------------------------------------------------------------------------


@dataclass
class Tx:
    fitid: str
    amount: str  # as the file writes it: "123.45", "-10.00"
    memo: str
    posted: str = "20260320100000[-3:BRT]"


def ofx(transactions: Sequence[Tx], *, currency: str = "BRL") -> bytes:
    body = "\r\n".join(
        "<STMTTRN>\r\n"
        f"<TRNTYPE>{'CREDIT' if not t.amount.startswith('-') else 'DEBIT'}\r\n"
        f"<DTPOSTED>{t.posted}\r\n<TRNAMT>{t.amount}\r\n<FITID>{t.fitid}\r\n"
        + (f"<MEMO>{t.memo}\r\n" if t.memo else "")
        + "</STMTTRN>"
        for t in transactions
    )
    text = (
        "OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\n"
        "CHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n"
        "<OFX>\r\n<SIGNONMSGSRSV1>\r\n<SONRS>\r\n<STATUS>\r\n<CODE>0\r\n<SEVERITY>INFO\r\n"
        "</STATUS>\r\n<DTSERVER>20260321120000[-3:BRT]\r\n<LANGUAGE>POR\r\n</SONRS>\r\n"
        "</SIGNONMSGSRSV1>\r\n<BANKMSGSRSV1>\r\n<STMTTRNRS>\r\n<TRNUID>1\r\n<STATUS>\r\n"
        "<CODE>0\r\n<SEVERITY>INFO\r\n</STATUS>\r\n<STMTRS>\r\n"
        f"<CURDEF>{currency}\r\n<BANKACCTFROM>\r\n<BANKID>0001\r\n<ACCTID>12345-6\r\n"
        "<ACCTTYPE>CHECKING\r\n</BANKACCTFROM>\r\n<BANKTRANLIST>\r\n<DTSTART>20260301\r\n"
        f"<DTEND>20260321\r\n{body}\r\n</BANKTRANLIST>\r\n<LEDGERBAL>\r\n<BALAMT>0.00\r\n"
        "<DTASOF>20260321\r\n</LEDGERBAL>\r\n</STMTRS>\r\n</STMTTRNRS>\r\n</BANKMSGSRSV1>\r\n"
        "</OFX>\r\n"
    )
    return text.encode("cp1252")


# --- the municipality's side ----------------------------------------------------------------------

FEBRABAN_CODE = "0123"  # an example órgão code: none is real here


def receiver(m: object, code: str = FEBRABAN_CODE) -> object:
    """The municipality's PIX receiver and FEBRABAN code (the guias carry the barcode)."""
    from outorga.core.tenancy import tenant
    from outorga.finance.models_payments import FinanceSettings

    with tenant(m):
        s = FinanceSettings.objects.first() or FinanceSettings()
        s.pix_key, s.merchant_name, s.merchant_city = "18715383000140", "Prefeitura", "Ipatinga"
        s.febraban_code, s.febraban_check = code, FinanceSettings.Check.MOD10
        s.save()
        return s


def numbered_debt(m: object, person: object, cents: int) -> object:
    """A debt with its number, as the ledger records one (``finance.services``)."""
    from finance_factories import make_debt

    from outorga.core.tenancy import tenant
    from outorga.finance.models import Debt

    debt = make_debt(m, person, cents)
    number = int(debt.reference.split("-D")[1])
    with tenant(m):
        Debt.objects.filter(pk=debt.pk).update(number=number)
        debt.refresh_from_db()
    return debt


def barcode_of(debt: object, settings: object, cents: int) -> str:
    from outorga.finance import guias

    code = guias.guia_barcode(debt, settings, cents)  # type: ignore[arg-type]
    assert code is not None
    return code


def free_field_of(debt: object) -> str:
    """The guia's free field (due date and number): a boleto registered for it carries it."""
    return f"{debt.due_on:%Y%m%d}{debt.number:017d}"  # type: ignore[attr-defined]


def import_bank_file(m: object, actor: object, content: bytes, name: str = "retorno") -> object:
    from outorga.finance import bank_statement

    return bank_statement.payments_import(
        actor=actor,  # type: ignore[arg-type]
        municipality=m,  # type: ignore[arg-type]
        content=content,
        file_name=name,
    )
