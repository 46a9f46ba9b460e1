"""An OFX bank statement (OFX 1.x SGML, as Brazilian banks export it, or 2.x XML), read with
``ofxtools``: each credit is a payment received; debits (fees, transfers out) are not payments
and are left out. Pure Python (no Django).

What finds the debt is looked for in the transaction's MEMO, NAME and REFNUM: the debt reference
(``3131307-D0000042``), its PIX txid (``3131307D0000042``) or a guia's barcode or linha digitável;
failing those, the memo itself, which then matches no debt and waits for a person. The bank's
FITID (with the account) identifies the transaction: importing an overlapping statement again
finds the same FITIDs. OFX has no trailer with totals; the statement's currency must be BRL.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import warnings
from dataclasses import dataclass, field

from ofxtools.Parser import OFXTree

from .bank_returns import MAX_ERRORS, Entry

OFX = "ofx"
LABEL = "OFX (extrato)"

_REFERENCE = re.compile(r"\b(\d{7})-?D(\d{1,18})\b", re.IGNORECASE)
_CODE = re.compile(r"(?<!\d)(\d{48}|\d{44})(?!\d)")
_AMOUNT = re.compile(r"^[+-]?\d+(\.\d{1,2})?$")
_TAG = re.compile(r"<(TRNAMT|DTPOSTED|FITID|STMTTRN|CURDEF)>([^<\r\n]*)", re.IGNORECASE)


def looks_like_ofx(text: str) -> bool:
    head = text.lstrip("\ufeff \r\n\t")[:400].upper()
    return head.startswith("OFXHEADER") or "<OFX>" in head or "<?OFX" in head


@dataclass
class OfxFile:
    entries: list[Entry] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    records: int = 0  # transactions in the file, credits and debits


def _scan(text: str, errors: list[str]) -> tuple[list[int], list[tuple[int, str]]]:
    """Check the values ofxtools would refuse without naming a line, and return the line of
    each ``<STMTTRN>`` in the order of the document, and its DTPOSTED's line and value as
    written."""
    starts: list[int] = []
    posted: list[tuple[int, str]] = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in _TAG.finditer(line):
            tag, value = m.group(1).upper(), m.group(2).strip()
            if tag == "STMTTRN":
                starts.append(n)
                posted.append((n, ""))
            elif tag == "DTPOSTED" and posted:
                posted[-1] = (n, value)
            if tag == "TRNAMT" and not _AMOUNT.match(value):
                hint = " (o OFX usa ponto decimal: 123.45)" if "," in value else ""
                errors.append(f"linha {n}, campo TRNAMT: valor inválido {value!r}{hint}")
            elif tag == "DTPOSTED" and not re.match(r"^\d{8}", value):
                errors.append(f"linha {n}, campo DTPOSTED: data inválida {value!r} (AAAAMMDD)")
            elif tag == "FITID" and not value:
                errors.append(f"linha {n}, campo FITID: vazio (o banco identifica cada lançamento)")
            elif tag == "CURDEF" and value.upper() != "BRL":
                errors.append(f"linha {n}, campo CURDEF: moeda {value!r}; só extratos em BRL")
    return starts, posted


def _reference(*texts: str | None) -> str:
    joined = " ".join(t for t in texts if t)
    m = _REFERENCE.search(joined)
    if m:
        return f"{m.group(1)}-D{m.group(2)}"
    m = _CODE.search(joined)
    if m:
        return m.group(1)
    return " ".join(joined.split())[:60]


def parse(content: bytes, text: str, zone: dt.tzinfo) -> OfxFile:
    """The credits of the statement, each dated on the municipality's clock (``zone``); any
    error refuses the file whole."""
    out = OfxFile()
    starts, posted = _scan(text, out.errors)
    if not re.search(r"</OFX>\s*$", text, re.IGNORECASE):
        last = len(text.splitlines())
        out.errors.append(f"linha {last}: arquivo OFX incompleto (falta </OFX> no fim)")
    if out.errors:
        out.errors = out.errors[:MAX_ERRORS]
        return out
    tree = OFXTree()
    try:
        with warnings.catch_warnings():
            # A tag ofxtools does not know (some banks add their own) is skipped, not an error.
            warnings.simplefilter("ignore")
            tree.parse(io.BytesIO(content))
            ofx = tree.convert()
    except Exception as exc:  # noqa: BLE001 - ofxtools raises many kinds; the file is refused
        out.errors.append(_malformed(str(exc), text))
        return out
    try:
        statements = ofx.statements
    except AttributeError:  # ofxtools' proxy: a root that is no <OFX> (its tag damaged)
        statements = []
    if not statements:  # a sign-on only: no account's statement to read credits from
        out.errors.append("arquivo OFX sem extrato bancário (falta o bloco BANKMSGSRSV1/STMTRS)")
        return out
    position = 0
    for statement in statements:
        account = getattr(statement.account, "acctid", "") or ""
        for tx in statement.transactions or []:
            line = starts[position] if position < len(starts) else 0
            posted_line, written = posted[position] if position < len(posted) else (line, "")
            position += 1
            amount = tx.trnamt
            if amount is None or amount <= 0:
                continue
            cents = int((amount * 100).to_integral_value())
            if cents != amount * 100:
                out.errors.append(f"linha {line}, campo TRNAMT: mais de dois decimais ({amount})")
                continue
            memo = " ".join(str(x) for x in (tx.memo, tx.name) if x)
            out.entries.append(
                Entry(
                    line=line,
                    paid_on=_local_day(tx.dtposted, written, zone),
                    amount_cents=cents,
                    # A credit that names nothing is still money received: a person assigns it.
                    reference=_reference(tx.memo, tx.name, tx.refnum, tx.checknum)
                    or f"FITID {tx.fitid}",
                    bank_id=f"{account}|{tx.fitid}",
                    method="pix" if "PIX" in memo.upper() else "transfer",
                    date_at=f"linha {posted_line}, campo DTPOSTED",
                )
            )
    out.records = position
    if out.errors:
        out.entries, out.errors = [], out.errors[:MAX_ERRORS]
    return out


def _malformed(message: str, text: str) -> str:
    """ofxtools' refusal in Portuguese, with the line of the value it names when it names one
    ("Can't set STATUS.severity to SIM: …")."""
    m = re.search(r"Can't set (\w+)\.(\w+) to (.+?):", message)
    if m:
        element, value = m.group(2).upper(), m.group(3).strip("'\"")
        for n, line in enumerate(text.splitlines(), 1):
            if re.search(rf"<{element}>\s*{re.escape(value)}", line, re.IGNORECASE):
                return f"linha {n}, campo {element}: valor {value!r} fora da especificação OFX"
        return f"arquivo OFX malformado: campo {element} com valor {value!r} fora da especificação"
    return "arquivo OFX malformado: a estrutura não segue a especificação OFX (1.x SGML ou 2.x XML)"


def _local_day(moment: dt.datetime, written: str, zone: dt.tzinfo) -> dt.date:
    """The day of the payment on the municipality's clock. With an offset (``[-3:BRT]``) the
    value is an instant, which ofxtools gives in UTC: a credit at 22:00 in Brasília is the next
    day in UTC, and midnight in Brasília is still the day before in Mato Grosso. Without one
    (``20261130``, ``20261130000000``), as many Brazilian banks write it, the bank wrote its
    calendar day: ofxtools would read it as midnight in Greenwich, the evening before here."""
    if "[" not in written and re.match(r"^\d{8}", written):
        return dt.date(int(written[:4]), int(written[4:6]), int(written[6:8]))
    return moment.astimezone(zone).date()
