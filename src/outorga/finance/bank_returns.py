"""The bank's return files, read by their published layouts written as data: FEBRABAN
arrecadação (150 positions), CNAB 240 cobrança (FEBRABAN) and CNAB 400 cobrança (Bradesco's).
Pure Python (no Django): a file's text in, its payments out, or every error found, each naming
its line, its positions and the layout's name of the field ("linha 3, posição 82–93 (valor
recebido): …"). Headers and trailers are checked: record counts, sequence numbers and the totals
the trailer declares. A file with any error is refused whole (decision record 0026).

Layouts (positions from 1, both ends included, as the manuals print them):

- FEBRABAN "Layout Padrão de Arrecadação/Recebimento com Utilização do Código de Barras"
  (version 5 of the file layout): header A, one G per guia paid (its 44-digit barcode), trailer
  Z with the count of records (A and Z included) and the sum of the amounts received.
- FEBRABAN CNAB 240 cobrança (v10): file header 0, per batch a header 1, details 3 in pairs of
  segment T (the title: nosso número, seu número, face value, payer) and U (amount paid, dates),
  a batch trailer 5 (records in the batch; titles and their face value per portfolio) and the
  file trailer 9 (batches and records).
- CNAB 400 cobrança has no FEBRABAN layout: each bank publishes its own. Bradesco's (237) is the
  one read here: header 0 ("02RETORNO01COBRANCA"), details 1, trailer 9 (count and value of the
  settled titles, occurrence 06); every record carries its sequence number in 395–400.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

#: Formats, as stored on the import (``PaymentImport.file_format``) and named to people.
FEBRABAN150, CNAB240, CNAB400 = "febraban150", "cnab240", "cnab400"
LABELS = {
    FEBRABAN150: "FEBRABAN arrecadação (150 posições)",
    CNAB240: "CNAB 240 (cobrança)",
    CNAB400: "CNAB 400 (cobrança, Bradesco)",
}
WIDTHS = {FEBRABAN150: 150, CNAB240: 240, CNAB400: 400}

#: How many errors a refusal lists (a wrong file usually repeats one error on every line).
MAX_ERRORS = 20

# --- fields as data ------------------------------------------------------------------------------

NUM, ALPHA, MONEY, YMD, DMY, DMY6 = "num", "alfa", "valor", "aaaammdd", "ddmmaaaa", "ddmmaa"


@dataclass(frozen=True)
class Field:
    """One field of a record: the layout's name for it, its first and last positions, its type
    and, for a constant, the value it must hold."""

    name: str
    start: int
    end: int
    kind: str = ALPHA
    const: str | None = None
    optional: bool = False  # a date or number the bank may leave blank (zeros or spaces)


class FieldProblem(ValueError):
    pass


def _date(text: str, fmt: str) -> dt.date:
    try:
        day = dt.datetime.strptime(text, fmt).date()  # noqa: DTZ007 - a calendar date
    except ValueError:
        raise FieldProblem("data inválida") from None
    return day


def _value(f: Field, raw: str) -> Any:
    if f.const is not None and raw != f.const:
        raise FieldProblem(f"esperado {f.const!r}, veio {raw!r}")
    if f.kind == ALPHA:
        return raw.strip()
    if f.optional and (not raw.strip() or not raw.strip("0")):
        return None
    if not raw.isdigit():
        raise FieldProblem(f"só dígitos, veio {raw.strip()!r}")
    if f.kind in (NUM, MONEY):
        return int(raw)  # money fields are cents: the layouts imply two decimals
    if f.kind == YMD:
        return _date(raw, "%Y%m%d")
    if f.kind == DMY:
        return _date(raw, "%d%m%Y")
    if f.kind == DMY6:
        return _date(raw, "%d%m%y")
    raise AssertionError(f.kind)


@dataclass
class Record:
    """A line read by its layout: the values by field name, and the line's number."""

    number: int
    values: dict[str, Any]

    def __getitem__(self, name: str) -> Any:
        return self.values[name]


def read(line: str, number: int, fields: Sequence[Field], errors: list[str]) -> Record:
    """The fields of ``line``; each problem appended to ``errors`` as "linha N, posição A–B
    (campo): …"."""
    values: dict[str, Any] = {}
    for f in fields:
        raw = line[f.start - 1 : f.end]
        try:
            values[f.name] = _value(f, raw)
        except FieldProblem as exc:
            errors.append(f"linha {number}, {where(f)} ({f.name}): {exc}")
            values[f.name] = None
    return Record(number, values)


def where(f: Field) -> str:
    return f"posição {f.start}" if f.start == f.end else f"posição {f.start}–{f.end}"


def located(number: int, fields: Sequence[Field], name: str) -> str:
    """Where a value of line ``number`` is, as errors name it: "linha N, posição A–B (campo)"."""
    return f"linha {number}, {where(_by_name(fields)[name])} ({name})"


# --- what a return file gives ------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One payment a return file reports."""

    line: int
    paid_on: dt.date
    amount_cents: int
    reference: str  # what finds the debt: the barcode, or the title's own number
    payer: str = ""  # CPF/CNPJ digits when the layout carries them
    bank_id: str = ""  # what the bank identifies the payment by (idempotent re-import)
    method: str = "barcode"
    date_at: str = ""  # where the file gives ``paid_on``, as a refusal names it


@dataclass
class ReturnFile:
    kind: str
    entries: list[Entry] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    records: int = 0  # lines read, header and trailer included


def sniff(lines: Sequence[str]) -> str | None:
    """The layout of a file whose first line bears a return file's header. Trailing blanks may
    have been cut on the way (an editor, a transfer that trims lines): the marks looked at are
    all before the header's filler."""
    if not lines:
        return None
    first = lines[0]
    if len(first) <= 150 and first[:1] == "A" and first[42:45].isdigit() and first[65:73].isdigit():
        return FEBRABAN150
    if len(first) <= 240 and first[:3].isdigit() and first[3:8] == "00000" and len(first) >= 143:
        return CNAB240
    if len(first) <= 400 and first[:9] == "02RETORNO":
        return CNAB400
    return None


def parse(text: str) -> ReturnFile | None:
    """The return file in ``text``, or None when ``text`` is not one (a CSV, an OFX)."""
    lines = [ln.rstrip("\r\n") for ln in text.splitlines()]
    while lines and not lines[-1].strip():
        lines.pop()
    kind = sniff(lines)
    if kind is None:
        return None
    result = ReturnFile(kind=kind, records=len(lines))
    width = WIDTHS[kind]
    for n, ln in enumerate(lines, 1):
        if len(ln) > width:
            result.errors.append(
                f"linha {n}: {len(ln)} posições; o layout {LABELS[kind]} tem {width} por linha"
            )
    # Blanks cut from the end of a line are given back: they are fillers, and a line cut into
    # its data fails on the field it lost.
    lines = [ln.ljust(width) for ln in lines]
    if not result.errors:
        READERS[kind](lines, result)
    if result.errors:
        result.entries = []
        result.errors = result.errors[:MAX_ERRORS]
    return result


def _trailer_check(
    errors: list[str], rec: Record, fields: dict[str, Field], name: str, found: int, what: str
) -> None:
    declared = rec[name]
    if declared is not None and declared != found:
        shown = _shown(fields[name], declared)
        errors.append(
            f"linha {rec.number}, {where(fields[name])} ({name}): o trailer declara {shown}, "
            f"o arquivo tem {_shown(fields[name], found)} {what}"
        )


def _shown(f: Field, value: int) -> str:
    if f.kind == MONEY:
        whole = f"{value // 100:,}".replace(",", ".")
        return f"R$ {whole},{value % 100:02d}"
    return str(value)


def _by_name(fields: Sequence[Field]) -> dict[str, Field]:
    return {f.name: f for f in fields}


# --- FEBRABAN arrecadação, 150 positions --------------------------------------------------------

ARR_HEADER = (
    Field("código do registro", 1, 1, const="A"),
    Field("código de remessa", 2, 2, const="2"),  # 2: retorno, from the bank to the órgão
    Field("código do convênio", 3, 22),
    Field("nome da empresa/órgão", 23, 42),
    Field("código do banco", 43, 45, NUM),
    Field("nome do banco", 46, 65),
    Field("data de geração", 66, 73, YMD),
    Field("número sequencial do arquivo (NSA)", 74, 79, NUM),
    Field("versão do layout", 80, 81, NUM),
    Field("identificação do serviço", 82, 98),
)
ARR_DETAIL = (
    Field("código do registro", 1, 1, const="G"),
    Field("banco/agência/conta creditada", 2, 21),
    Field("data de pagamento", 22, 29, YMD),
    Field("data de crédito", 30, 37, YMD),
    Field("código de barras", 38, 81, NUM),
    Field("valor recebido", 82, 93, MONEY),
    Field("valor da tarifa", 94, 100, MONEY, optional=True),
    Field("número sequencial do registro (NSR)", 101, 108, NUM),
    Field("agência arrecadadora", 109, 116),
    Field("forma de arrecadação", 117, 117),
    Field("autenticação", 118, 140),
    Field("forma de pagamento", 141, 141),
)
ARR_TRAILER = (
    Field("código do registro", 1, 1, const="Z"),
    Field("total de registros", 2, 7, NUM),
    Field("valor total recebido", 8, 24, MONEY),
)


def _read_arrecadacao(lines: Sequence[str], out: ReturnFile) -> None:
    errors = out.errors
    read(lines[0], 1, ARR_HEADER, errors)
    if lines[-1][:1] != "Z":
        errors.append(f"linha {len(lines)}, posição 1 (código do registro): falta o trailer Z")
        return
    total = 0
    for n, ln in enumerate(lines[1:-1], 2):
        if ln[:1] != "G":
            errors.append(
                f"linha {n}, posição 1 (código do registro): {ln[:1]!r} não é um registro G "
                "(arrecadação identificada com código de barras)"
            )
            continue
        rec = read(ln, n, ARR_DETAIL, errors)
        if rec["valor recebido"] is None or rec["data de pagamento"] is None:
            continue
        total += rec["valor recebido"]
        barcode = rec["código de barras"]
        if barcode is None:
            continue
        out.entries.append(
            Entry(
                line=n,
                paid_on=rec["data de pagamento"],
                amount_cents=rec["valor recebido"],
                reference=f"{barcode:044d}",
                date_at=located(n, ARR_DETAIL, "data de pagamento"),
                bank_id="|".join(
                    [
                        f"{barcode:044d}",
                        rec["agência arrecadadora"],
                        rec["autenticação"],
                    ]
                ),
            )
        )
    trailer = read(lines[-1], len(lines), ARR_TRAILER, errors)
    fields = _by_name(ARR_TRAILER)
    _trailer_check(errors, trailer, fields, "total de registros", len(lines), "registros")
    _trailer_check(errors, trailer, fields, "valor total recebido", total, "nos registros G")


# --- CNAB 240, cobrança (FEBRABAN) --------------------------------------------------------------

#: Movement codes of a segment T/U that are a payment: 06 liquidação, 17 liquidação após baixa
#: ou título não registrado.
CNAB240_PAID = {6, 17}

C240_FILE_HEADER = (
    Field("código do banco", 1, 3, NUM),
    Field("lote de serviço", 4, 7, const="0000"),
    Field("tipo de registro", 8, 8, const="0"),
    Field("código remessa/retorno", 143, 143, const="2"),
    Field("data de geração do arquivo", 144, 151, DMY),
    Field("número sequencial do arquivo", 158, 163, NUM),
)
C240_BATCH_HEADER = (
    Field("lote de serviço", 4, 7, NUM),
    Field("tipo de registro", 8, 8, const="1"),
    Field("tipo de operação", 9, 9, const="T"),  # T: arquivo retorno
    Field("tipo de serviço", 10, 11, const="01"),  # 01: cobrança
)
C240_T = (
    Field("lote de serviço", 4, 7, NUM),
    Field("nº sequencial do registro no lote", 9, 13, NUM),
    Field("código de movimento retorno", 16, 17, NUM),
    Field("nosso número", 38, 57),
    Field("número do documento de cobrança", 59, 73),
    Field("data de vencimento do título", 74, 81, DMY, optional=True),
    Field("valor nominal do título", 82, 96, MONEY),
    Field("identificação do título na empresa", 106, 130),
    Field("tipo de inscrição do pagador", 133, 133),
    Field("número de inscrição do pagador", 134, 148, NUM, optional=True),
)
C240_U = (
    Field("lote de serviço", 4, 7, NUM),
    Field("nº sequencial do registro no lote", 9, 13, NUM),
    Field("código de movimento retorno", 16, 17, NUM),
    Field("valor pago pelo pagador", 78, 92, MONEY),
    Field("valor líquido a ser creditado", 93, 107, MONEY),
    Field("data da ocorrência", 138, 145, DMY, optional=True),
    Field("data do crédito", 146, 153, DMY, optional=True),
)
C240_BATCH_TRAILER = (
    Field("lote de serviço", 4, 7, NUM),
    Field("tipo de registro", 8, 8, const="5"),
    Field("quantidade de registros do lote", 18, 23, NUM),
    Field("quantidade de títulos em cobrança simples", 24, 29, NUM),
    Field("valor total dos títulos em carteira simples", 30, 46, MONEY),
    Field("quantidade de títulos em cobrança vinculada", 47, 52, NUM, optional=True),
    Field("valor total dos títulos em carteira vinculada", 53, 69, MONEY, optional=True),
    Field("quantidade de títulos em cobrança caucionada", 70, 75, NUM, optional=True),
    Field("valor total dos títulos em carteira caucionada", 76, 92, MONEY, optional=True),
    Field("quantidade de títulos em cobrança descontada", 93, 98, NUM, optional=True),
    Field("valor total dos títulos em carteira descontada", 99, 115, MONEY, optional=True),
)
C240_FILE_TRAILER = (
    Field("lote de serviço", 4, 7, const="9999"),
    Field("tipo de registro", 8, 8, const="9"),
    Field("quantidade de lotes do arquivo", 18, 23, NUM),
    Field("quantidade de registros do arquivo", 24, 29, NUM),
)
_PORTFOLIOS = ("simples", "vinculada", "caucionada", "descontada")


def _payer(kind: str, number: int | None) -> str:
    """The payer's CPF (inscription type 1) or CNPJ (2) digits."""
    if not number:
        return ""
    return f"{number:011d}"[-11:] if kind == "1" else f"{number:014d}"[-14:]


def _read_cnab240(lines: Sequence[str], out: ReturnFile) -> None:
    errors = out.errors
    header = read(lines[0], 1, C240_FILE_HEADER, errors)
    bank = header["código do banco"]
    batches = 0
    batch_records = 0
    titles = 0
    face_total = 0
    pending: Record | None = None  # the segment T waiting for its U
    for n, ln in enumerate(lines[1:], 2):
        if bank is not None and ln[:3] != f"{bank:03d}":
            errors.append(
                f"linha {n}, posição 1–3 (código do banco): difere do header ({bank:03d})"
            )
            continue
        kind = ln[7:8]
        if kind == "0":
            errors.append(f"linha {n}, posição 8 (tipo de registro): segundo header de arquivo")
        elif kind == "1":
            read(ln, n, C240_BATCH_HEADER, errors)
            batches += 1
            batch_records, titles, face_total, pending = 1, 0, 0, None
        elif kind == "3":
            batch_records += 1
            segment = ln[13:14]
            if segment == "T":
                pending = read(ln, n, C240_T, errors)
                titles += 1
                face_total += pending["valor nominal do título"] or 0
            elif segment == "U":
                u = read(ln, n, C240_U, errors)
                if pending is None:
                    errors.append(f"linha {n}, posição 14 (segmento): segmento U sem o T antes")
                    continue
                _cnab240_entry(pending, u, out)
                pending = None
            # Other segments (Y: e-mail, PIX data…) carry no payment.
        elif kind == "5":
            batch_records += 1
            trailer = read(ln, n, C240_BATCH_TRAILER, errors)
            fields = _by_name(C240_BATCH_TRAILER)
            name = "quantidade de registros do lote"
            _trailer_check(errors, trailer, fields, name, batch_records, "registros no lote")
            declared_titles = sum(
                trailer[f"quantidade de títulos em cobrança {p}"] or 0 for p in _PORTFOLIOS
            )
            declared_face = sum(
                trailer[f"valor total dos títulos em carteira {p}"] or 0 for p in _PORTFOLIOS
            )
            if declared_titles != titles:
                errors.append(
                    f"linha {n}, posição 24–29 (quantidade de títulos): o trailer do lote declara "
                    f"{declared_titles}, o lote tem {titles} segmentos T"
                )
            if declared_face != face_total:
                money = fields["valor total dos títulos em carteira simples"]
                errors.append(
                    f"linha {n}, posição 30–46 (valor total dos títulos): o trailer do lote "
                    f"declara {_shown(money, declared_face)}, os segmentos T somam "
                    f"{_shown(money, face_total)}"
                )
        elif kind == "9":
            if n != len(lines):
                errors.append(f"linha {n}, posição 8 (tipo de registro): trailer antes do fim")
            trailer = read(ln, n, C240_FILE_TRAILER, errors)
            fields = _by_name(C240_FILE_TRAILER)
            _trailer_check(
                errors, trailer, fields, "quantidade de lotes do arquivo", batches, "lotes"
            )
            name = "quantidade de registros do arquivo"
            _trailer_check(errors, trailer, fields, name, len(lines), "registros")
        else:
            errors.append(f"linha {n}, posição 8 (tipo de registro): {kind!r} desconhecido")
    if lines[-1][7:8] != "9":
        errors.append(f"linha {len(lines)}, posição 8 (tipo de registro): falta o trailer 9")


def _cnab240_entry(t: Record, u: Record, out: ReturnFile) -> None:
    code = t["código de movimento retorno"]
    if code not in CNAB240_PAID or u["valor pago pelo pagador"] is None:
        return
    dated_by = "data da ocorrência" if u["data da ocorrência"] else "data do crédito"
    paid_on = u[dated_by]
    if paid_on is None:
        out.errors.append(
            f"linha {u.number}, posição 138–145 (data da ocorrência): liquidação sem data"
        )
        return
    own = t["identificação do título na empresa"] or t["número do documento de cobrança"] or ""
    out.entries.append(
        Entry(
            line=t.number,
            paid_on=paid_on,
            amount_cents=u["valor pago pelo pagador"],
            reference=own or t["nosso número"] or "",
            payer=_payer(
                t["tipo de inscrição do pagador"] or "", t["número de inscrição do pagador"]
            ),
            bank_id=f"{t['nosso número']}|{code}",
            date_at=located(u.number, C240_U, dated_by),
        )
    )


# --- CNAB 400, cobrança (Bradesco) --------------------------------------------------------------

#: Occurrences of a detail that are a payment: 06 liquidação normal, 15 liquidação em cartório,
#: 17 liquidação após baixa ou título não registrado. The trailer counts occurrence 06.
CNAB400_PAID = {6, 15, 17}

C400_HEADER = (
    Field("identificação do registro", 1, 1, const="0"),
    Field("identificação do arquivo retorno", 2, 2, const="2"),
    Field("literal retorno", 3, 9, const="RETORNO"),
    Field("código do serviço", 10, 11, const="01"),
    Field("literal serviço", 12, 26, const="COBRANCA       "),
    Field("código da empresa", 27, 46),
    Field("número do banco", 77, 79, const="237"),
    Field("data da gravação do arquivo", 95, 100, DMY6),
    Field("nº sequencial do registro", 395, 400, NUM),
)
C400_DETAIL = (
    Field("identificação do registro", 1, 1, const="1"),
    Field("nº controle do participante", 38, 62),
    Field("identificação do título no banco (nosso número)", 71, 82),
    Field("identificação de ocorrência", 109, 110, NUM),
    Field("data da ocorrência no banco", 111, 116, DMY6),
    Field("número do documento", 117, 126),
    Field("valor do título", 153, 165, MONEY),
    Field("valor pago", 254, 266, MONEY),
    Field("data do crédito", 296, 301, DMY6, optional=True),
    Field("nº sequencial do registro", 395, 400, NUM),
)
C400_TRAILER = (
    Field("identificação do registro", 1, 1, const="9"),
    Field("identificação do retorno", 2, 2, const="2"),
    Field("identificação tipo de registro", 3, 4, const="01"),
    Field("código do banco", 5, 7, const="237"),
    Field("quantidade de registros de liquidação (ocorrência 06)", 87, 91, NUM),
    Field("valor dos registros de liquidação (ocorrência 06)", 75, 86, MONEY),
    Field("nº sequencial do registro", 395, 400, NUM),
)


def _read_cnab400(lines: Sequence[str], out: ReturnFile) -> None:
    errors = out.errors
    records = [read(lines[0], 1, C400_HEADER, errors)]
    if lines[-1][:1] != "9":
        errors.append(
            f"linha {len(lines)}, posição 1 (identificação do registro): falta o trailer 9"
        )
        return
    settled, settled_total = 0, 0
    for n, ln in enumerate(lines[1:-1], 2):
        rec = read(ln, n, C400_DETAIL, errors)
        records.append(rec)
        code, paid = rec["identificação de ocorrência"], rec["valor pago"]
        if code not in CNAB400_PAID or paid is None or rec["data da ocorrência no banco"] is None:
            continue
        if code == 6:
            settled, settled_total = settled + 1, settled_total + paid
        out.entries.append(
            Entry(
                line=n,
                paid_on=rec["data da ocorrência no banco"],
                amount_cents=paid,
                reference=rec["nº controle do participante"] or rec["número do documento"] or "",
                bank_id=f"{rec['identificação do título no banco (nosso número)']}|{code}",
                date_at=located(n, C400_DETAIL, "data da ocorrência no banco"),
            )
        )
    trailer = read(lines[-1], len(lines), C400_TRAILER, errors)
    records.append(trailer)
    fields = _by_name(C400_TRAILER)
    for rec in records:
        if rec["nº sequencial do registro"] not in (None, rec.number):
            errors.append(
                f"linha {rec.number}, posição 395–400 (nº sequencial do registro): "
                f"{rec['nº sequencial do registro']}, esperado {rec.number}"
            )
    name = "quantidade de registros de liquidação (ocorrência 06)"
    _trailer_check(errors, trailer, fields, name, settled, "liquidações")
    name = "valor dos registros de liquidação (ocorrência 06)"
    _trailer_check(errors, trailer, fields, name, settled_total, "nas liquidações")


READERS: dict[str, Callable[[Sequence[str], ReturnFile], None]] = {
    FEBRABAN150: _read_arrecadacao,
    CNAB240: _read_cnab240,
    CNAB400: _read_cnab400,
}
