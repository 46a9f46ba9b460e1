"""The PIX "copia e cola" (static BR Code) against published examples, its limits, and the QR code
read back from the rendered slip."""

from __future__ import annotations

import datetime as dt

import pypdfium2 as pdfium
import pytest
import zxingcpp

from outorga.finance import pix
from outorga.finance.models import Debt
from outorga.finance.models_payments import FinanceSettings
from outorga.finance.slips import render_slip
from outorga.registry.models import Person

# Published examples, NOT produced by this code:
#
# 1. Banco Central do Brasil, "Manual de Padrões para Iniciação do Pix" — the static QR code example
#    (random key 123e4567-…, "Fulano de Tal", BRASILIA, no amount), whose field 63 is 1D3D. Found
#    quoted from the manual in many public implementations (e.g. the test suites of Go's qrpix and
#    several TypeScript/PHP Pix libraries), all with the same text and CRC.
BCB_MANUAL_EXAMPLE = (
    "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000"
    "5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D"
)
# 2. Stark Infra API documentation, "Create static brcodes" response example (phone key, R$ 1,00,
#    reconciliation id 123456), CRC A63E.
STARK_INFRA_EXAMPLE = (
    "00020126360014br.gov.bcb.pix0114+554199999999952040000530398654041.005802BR"
    "5915Jamie Lannister6009Sao Paulo621005061234566304A63E"
)


@pytest.mark.parametrize("payload", [BCB_MANUAL_EXAMPLE, STARK_INFRA_EXAMPLE])
def test_the_crc_of_published_examples_is_what_they_print(payload):
    assert pix.crc16(payload[:-4]) == payload[-4:]
    assert pix.is_valid(payload)


def test_the_crc_is_ccitt_false_check_value():
    # CRC-16/CCITT-FALSE's catalogue check value for "123456789" (poly 0x1021, init 0xFFFF).
    assert pix.crc16("123456789") == "29B1"


def test_it_builds_the_bcb_manual_example_byte_for_byte():
    assert (
        pix.build_payload(
            key="123e4567-e12b-12d1-a456-426655440000",
            merchant_name="Fulano de Tal",
            merchant_city="BRASILIA",
        )
        == BCB_MANUAL_EXAMPLE
    )


def test_it_builds_the_stark_infra_example_byte_for_byte():
    assert (
        pix.build_payload(
            key="+5541999999999",
            merchant_name="Jamie Lannister",
            merchant_city="Sao Paulo",
            amount_cents=100,
            txid="123456",
        )
        == STARK_INFRA_EXAMPLE
    )


def test_a_changed_character_breaks_the_checksum():
    tampered = BCB_MANUAL_EXAMPLE.replace("Fulano", "Fulana")
    assert not pix.is_valid(tampered)


@pytest.mark.parametrize(
    ("cents", "text"),
    [(1, "0.01"), (100, "1.00"), (123456, "1234.56"), (10, "0.10"), (100000000, "1000000.00")],
)
def test_amount_has_a_dot_two_decimals_and_no_thousands_separator(cents, text):
    assert pix.amount_text(cents) == text
    payload = pix.build_payload(
        key="pix@exemplo.gov.br", merchant_name="A", merchant_city="B", amount_cents=cents
    )
    assert pix.parse(payload)["54"] == text


@pytest.mark.parametrize("cents", [0, -5])
def test_a_zero_or_negative_amount_is_refused(cents):
    with pytest.raises(pix.PixError):
        pix.amount_text(cents)


def test_a_name_longer_than_25_is_shortened_between_words_and_accents_removed():
    payload = pix.build_payload(
        key="12345678909",
        merchant_name="Prefeitura Municipal de São José dos Campos",
        merchant_city="São José dos Campos",
    )
    fields = pix.parse(payload)
    assert fields["59"] == "Prefeitura Municipal"  # not "Prefeitura Municipal de S"
    assert fields["60"] == "Sao Jose"  # not "Sao Jose dos Ca"
    assert pix.is_valid(payload)


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Prefeitura de Barra do Garças", "Prefeitura de Barra"),  # not "…Barra do Ga"
        ("Prefeitura de Ipatinga", "Prefeitura de Ipatinga"),  # fits: as it is
        ("Prefeitura Municipal de Ipatinga", "Prefeitura Municipal"),
        ("Pinda" + "monhangaba" * 3, ("Pinda" + "monhangaba" * 3)[:25]),  # one long word: cut
    ],
)
def test_the_merchant_name_is_shortened_on_a_word_boundary(name, shown):
    assert pix.ascii_text(name, pix.MAX_NAME) == shown


@pytest.mark.parametrize("txid", ["ABC-123", "a b", "X" * 26, "débito1", ""])
def test_txid_allows_only_up_to_25_letters_and_digits(txid):
    with pytest.raises(pix.PixError):
        pix.build_payload(key="12345678909", merchant_name="A", merchant_city="B", txid=txid)


def test_the_debt_reference_becomes_a_valid_txid_and_back():
    txid = pix.txid_of("3131307-D0000042")
    assert txid == "3131307D0000042"
    assert "3131307-D0000042" in pix.reference_candidates(txid)
    assert pix.txid_of("X" * 40) == "X" * 25
    assert pix.txid_of("---") == "***"


def test_the_description_is_cut_to_keep_field_26_within_99():
    payload = pix.build_payload(
        key="123e4567-e12b-12d1-a456-426655440000",
        merchant_name="A",
        merchant_city="B",
        description="d" * 200,
    )
    account = pix.parse(payload)["26"]
    assert len(account) <= 99
    assert pix.parse_template(account)["00"] == "br.gov.bcb.pix"
    assert pix.is_valid(payload)


@pytest.mark.parametrize(
    ("key", "stored"),
    [
        ("123.456.789-09", "12345678909"),
        ("11.222.333/0001-81", "11222333000181"),
        ("+55 (31) 99999-0000", "+5531999990000"),
        ("Financas@Ipatinga.MG.gov.br", "financas@ipatinga.mg.gov.br"),
        ("123E4567-E12B-12D1-A456-426655440000", "123e4567-e12b-12d1-a456-426655440000"),
    ],
)
def test_keys_are_normalised_as_the_dict_stores_them(key, stored):
    assert pix.normalise_key(key) == stored


def test_a_bad_key_is_refused():
    with pytest.raises(pix.PixError):
        pix.normalise_key("não é chave")


def _decode_pdf_qr(pdf: bytes) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    image = doc[0].render(scale=3).to_pil()
    return [
        r.text for r in zxingcpp.read_barcodes(image) if r.format == zxingcpp.BarcodeFormat.QRCode
    ]


def test_the_qr_code_read_back_from_the_slip_pdf_is_the_valid_payload():
    person = Person(name="Maria da Silva Exemplo", document="12345678909")
    debt = Debt(
        person=person,
        origin=Debt.Origin.FINE,
        description="Multa — auto de infração 123/2026",
        amount_cents=12345,
        due_on=dt.date(2026, 4, 30),
        reference="3131307-D0000042",
    )
    settings = FinanceSettings(
        pix_key="12345678909", merchant_name="Prefeitura de Ipatinga", merchant_city="Ipatinga"
    )
    payload = pix.build_payload(
        key=settings.pix_key,
        merchant_name=settings.merchant_name,
        merchant_city=settings.merchant_city,
        amount_cents=12345,
        txid=pix.txid_of(debt.reference),
    )
    pdf = render_slip(debt, settings, payload, municipality_name="Ipatinga", amount_cents=12345)
    assert pdf.startswith(b"%PDF")
    found = _decode_pdf_qr(pdf)
    assert found == [payload]
    assert pix.is_valid(found[0])
    fields = pix.parse(found[0])
    assert fields["54"] == "123.45"
    assert pix.parse_template(fields["62"])["05"] == "3131307D0000042"
    # The copy-and-paste text printed under the QR code is the same payload.
    text = pdfium.PdfDocument(pdf)[0].get_textpage().get_text_bounded()
    assert payload[:60] in text.replace("\r", "").replace("\n", "")
