"""The guia's FEBRABAN arrecadação barcode (segment 1, prefeituras) and linha digitável: check
digits against the layout's own worked examples and codes an independent implementation accepts,
the barcode read back from the slip PDF (zxing-cpp, ITF), and the slip's txid as the PIX carries
it (issue #22, item 2)."""

from __future__ import annotations

import datetime as dt

import pypdfium2 as pdfium
import pytest
import zxingcpp
from finance_factories import make_debt, make_person

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.finance import febraban, guias, pix, receiver
from outorga.finance import services as ledger
from outorga.finance.febraban import FebrabanError
from outorga.finance.models import Debt
from outorga.finance.models_payments import FinanceSettings
from outorga.finance.slips import render_slip
from outorga.law.competence import Role
from outorga.registry.models import Person
from outorga.registry.validation import FieldError

# The layout's worked examples ("Layout Padrão de Arrecadação/Recebimento com Utilização do Código
# de Barras", FEBRABAN, v7, the DAC módulo 10 and módulo 11 sections): the sequence 01230067896
# has DAC 3 in módulo 10 (sum of digits 37) and 0 in módulo 11 (sum 176, remainder 0).
LAYOUT_SEQUENCE = "01230067896"

# Codes NOT produced by the tests' expectations: each was built by finance.febraban and then
# accepted, barcode and linha digitável alike, by two independent implementations —
# @mrmgomes/boleto-utils 1.3.3 (npm, validarBoleto: "Boleto válido", the same value and the same
# barcode from the line) and febraban-barcode 0.3.0 (PyPI, decode_codigo_de_barras: valido).
# (amount in cents, FEBRABAN code, free field, value identifier) → (barcode, linha digitável)
INDEPENDENTLY_CHECKED = [
    (
        (12345, "0123", "2026063000000000000000042", "6"),
        (
            "81660000001234501232026063000000000000000042",
            "816600000011234501232024606300000001000000000422",
        ),
    ),
    (
        (9876543, "0123", "2025123100000000000001234", "8"),
        (
            "81800000987654301232025123100000000000001234",
            "818000009877654301232021512310000004000000012343",
        ),
    ),
    (
        (50000, "0123", "2026010100000000000000007", "6"),
        (
            "81650000005000001232026010100000000000000007",
            "816500000053000001232024601010000003000000000075",
        ),
    ),
]


def test_layout_worked_example_dac_modulo_10():
    assert febraban.modulo10(LAYOUT_SEQUENCE) == 3


def test_layout_worked_example_dac_modulo_11():
    assert febraban.modulo11(LAYOUT_SEQUENCE) == 0


@pytest.mark.parametrize(
    ("digits", "dac"),
    [
        ("5", 1),  # 5 × 2 = 10: remainder 10 gives 1
        ("6", 0),  # 12: remainder 1 gives 0
        ("0", 0),  # remainder 0 gives 0
        ("2", 7),  # 4: 11 − 4
    ],
)
def test_modulo_11_remainders_0_1_and_10(digits, dac):
    assert febraban.modulo11(digits) == dac


@pytest.mark.parametrize(("given", "expected"), INDEPENDENTLY_CHECKED)
def test_barcode_and_line_are_the_ones_an_independent_implementation_accepts(given, expected):
    cents, company, free, value_id = given
    code = febraban.barcode(
        amount_cents=cents, company_code=company, free_field=free, value_id=value_id
    )
    assert (code, febraban.line(code)) == expected
    guia = febraban.decode(expected[1])
    assert (guia.segment, guia.value_id, guia.amount_cents, guia.company_code) == (
        "1",
        value_id,
        cents,
        company,
    )
    assert guia.free_field == free and guia.barcode == code


def test_a_changed_digit_in_any_block_of_the_line_or_the_barcode_is_caught():
    code, line = INDEPENDENTLY_CHECKED[0][1]
    for i in range(len(line)):
        changed = line[:i] + str((int(line[i]) + 1) % 10) + line[i + 1 :]
        with pytest.raises(FebrabanError):
            febraban.decode(changed)
    for i in range(len(code)):
        changed = code[:i] + str((int(code[i]) + 1) % 10) + code[i + 1 :]
        if changed[0] == "8" and changed[2] in febraban.VALUE_IDS:
            with pytest.raises(FebrabanError):
                febraban.decode(changed)


def test_what_does_not_fit_the_barcode_is_refused():
    with pytest.raises(FebrabanError, match="4 dígitos"):
        febraban.barcode(amount_cents=1, company_code="12", free_field="1")
    with pytest.raises(FebrabanError, match="11 dígitos"):
        febraban.barcode(amount_cents=10**11, company_code="0123", free_field="1")
    with pytest.raises(FebrabanError, match="só dígitos"):
        febraban.barcode(amount_cents=1, company_code="0123", free_field="3131307-D0000012")
    with pytest.raises(FebrabanError, match="módulo"):
        febraban.barcode(amount_cents=1, company_code="0123", free_field="1", value_id="7")


def _slip(debt: Debt, settings: FinanceSettings, cents: int) -> tuple[bytes, str]:
    payload = pix.build_payload(
        key=settings.pix_key,
        merchant_name=settings.merchant_name,
        merchant_city=settings.merchant_city,
        amount_cents=cents,
        txid=pix.txid_of(debt.reference),
    )
    return render_slip(
        debt, settings, payload, municipality_name="Barra do Garças", amount_cents=cents
    ), payload


def _page(pdf: bytes) -> tuple[list[zxingcpp.Barcode], str]:
    page = pdfium.PdfDocument(pdf)[0]
    image = page.render(scale=4).to_pil()
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.ITF)
    return found, page.get_textpage().get_text_bounded().replace("\r", "")


def _unsaved_debt(number: int | None = 42) -> Debt:
    return Debt(
        person=Person(name="Maria da Silva Exemplo", document="12345678909"),
        origin=Debt.Origin.FINE,
        description="Multa — auto de infração 123/2026",
        amount_cents=12345,
        due_on=dt.date(2026, 6, 30),
        reference="5101803-D0000042",
        number=number,
    )


def test_the_barcode_read_back_from_the_slip_pdf_has_every_check_digit_right():
    """zxing-cpp reads the printed Interleaved 2 of 5; the digits decode as the debt's guia."""
    debt = _unsaved_debt()
    settings = FinanceSettings(
        pix_key="12345678909",
        merchant_name="Prefeitura de Barra",
        merchant_city="Barra do Garcas",
        febraban_code="0123",
        febraban_check=FinanceSettings.Check.MOD11,
    )
    pdf, payload = _slip(debt, settings, 12345)
    found, text = _page(pdf)
    assert [r.text for r in found] == [guias.guia_barcode(debt, settings, 12345)]
    guia = febraban.decode(found[0].text)
    assert guia.amount_cents == 12345 and guia.company_code == "0123"
    assert guia.value_id == "8"  # módulo 11, as the municipality recorded
    assert guia.free_field == "20260630" + "42".zfill(17)  # due date, then the debt's number
    # The linha digitável is printed, block by block, and is the same code.
    line = febraban.line(found[0].text)
    assert febraban.line_formatted(line) in text
    assert "qualquer banco, lotérica ou aplicativo" in text
    # The txid is printed as the payload carries it: no hyphen.
    assert pix.parse_template(pix.parse(payload)["62"])["05"] == "5101803D0000042"
    assert "5101803D0000042" in text


def test_without_the_municipality_s_febraban_code_the_slip_is_pix_only():
    debt = _unsaved_debt()
    settings = FinanceSettings(
        pix_key="12345678909", merchant_name="Prefeitura de Ipatinga", merchant_city="Ipatinga"
    )
    pdf, _ = _slip(debt, settings, 12345)
    found, text = _page(pdf)
    assert found == []
    assert "Pagamento somente por PIX" in text
    assert guias.guia_barcode(debt, settings, 12345) is None


def test_a_debt_records_its_number_the_digits_of_its_reference(ipatinga_m, user_of):
    person = make_person(ipatinga_m)
    with tenant(ipatinga_m):
        debt = ledger.debt_create(
            actor=Actor.of(user_of("ipatinga", Role.FINANCAS)),
            municipality=ipatinga_m,
            person=person,
            origin=Debt.Origin.FEE,
            description="Taxa de teste",
            amount_cents=5000,
            due_on=dt.date(2026, 6, 30),
        )
    assert debt.number is not None
    assert debt.reference == f"{ipatinga_m.ibge_code}-D{debt.number:07d}"


def test_the_municipality_records_its_febraban_code_as_an_act(ipatinga_m, user_of):
    actor = Actor.of(user_of("ipatinga", Role.FINANCAS))
    kwargs = dict(
        actor=actor,
        municipality=ipatinga_m,
        pix_key="12345678909",
        merchant_name="Prefeitura Municipal de Ipatinga",
        merchant_city="Ipatinga",
    )
    with pytest.raises(FieldError, match="4 dígitos"):
        receiver.finance_settings_save(**kwargs, febraban_code="123")
    with pytest.raises(FieldError, match="módulo"):
        receiver.finance_settings_save(**kwargs, febraban_code="0123", febraban_check="7")
    s = receiver.finance_settings_save(**kwargs, febraban_code="0123", febraban_check="8")
    assert (s.febraban_code, s.febraban_check, s.example) == ("0123", "8", False)
    assert s.merchant_name == "Prefeitura Municipal"  # shortened between words
    with tenant(ipatinga_m):
        act = Act.objects.filter(action="finance.settings").latest("id")
    new = act.record["payload"]["new"]
    assert new["febraban_code"] == "0123" and new["febraban_check"] == "8"
    debt = make_debt(ipatinga_m, make_person(ipatinga_m))
    assert debt.number is None  # recorded without one (as before the field): no barcode
    assert guias.guia_barcode(debt, s, 100) is None
