"""Charging a fee as a debt (taxi art. 40; the mototaxi law's Cadastro and inspections): the amount
is the municipality's dated value for the day of the charge, in reais or in UFPI converted at the
UFPI of that day (D-5, D-15); no value, no charge; only Finance charges; the debt is the holder's
to pay by PIX in the portal."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pypdfium2 as pdfium
import pytest
import zxingcpp
from django.test import Client
from finance_factories import FEE_ON as ON
from finance_factories import INSPECTION, make_person, record
from registry_factories import make_permit

from outorga.core.acts import Actor
from outorga.core.errors import Refused
from outorga.core.localtime import today_of
from outorga.core.models import Act, FiscalUnitValue, User
from outorga.core.tenancy import tenant
from outorga.finance import fees, pix, services
from outorga.finance.models import Debt
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import Auxiliary, Permit, Service
from outorga.registry.validation import FieldError

RENEWAL = "ipatinga.taxi-2017:II"
MOTO_INSPECTION = "ipatinga.mototaxi-2013:inspection"


@pytest.fixture
def ufpi_2026(ipatinga_m):
    with tenant(ipatinga_m):
        FiscalUnitValue.objects.create(
            name="UFPI",
            value=Decimal("5.3412"),
            valid_from=dt.date(2026, 1, 1),
            legal_reference="Decreto 10.000/2025",
        )


@pytest.fixture
def finance(user_of):
    return Actor.of(user_of("ipatinga", Role.FINANCAS), "198.51.100.7")


@pytest.fixture
def holder(ipatinga_m):
    return make_person(ipatinga_m, "Taxista Permissionário")


@pytest.fixture
def permit(ipatinga_m, holder):
    return make_permit(ipatinga_m, holder=holder, service=Service.TAXI)


def charge(m, actor, person, permit=None, fee=INSPECTION, on=ON):
    return fees.fee_charge(
        actor=actor, municipality=m, person=person, permit=permit, fee=fee, on=on
    )


# --- the amount ------------------------------------------------------------------------------


def test_d_5_a_fee_in_ufpi_is_charged_at_the_ufpi_of_each_side_of_its_change(
    ipatinga_m, finance, holder, permit, ufpi_2026
):
    record(ipatinga_m, "taxi_2017.fee_inspection_ufpi", 20)
    before = charge(ipatinga_m, finance, holder, permit, on=dt.date(2025, 12, 31))
    after = charge(ipatinga_m, finance, holder, permit, on=dt.date(2026, 1, 1))
    assert before.amount_cents == 10_000  # 20 × R$ 5,00 (the demo's example UFPI)
    assert after.amount_cents == 10_682  # 20 × R$ 5,3412 = R$ 106,824
    assert after.origin == Debt.Origin.FEE and after.permit_id == permit.pk
    [amount] = [r for r in after.basis["decision"]["reasons"] if r["rule"].endswith("art_40_fee")]
    assert "20 UFPI × R$ 5,3412" in amount["message"]
    assert "Lei do táxi de Ipatinga (2017), art. 40, VIII" in after.basis["citations"]
    assert "decisão D-5" in after.basis["citations"]


def test_the_fee_falls_due_on_the_municipalitys_payment_term_off_a_non_business_day(
    ipatinga_m, finance, holder, permit
):
    record(ipatinga_m, "taxi_2017.fee_inspection", 8_000)
    debt = charge(ipatinga_m, finance, holder, permit, on=dt.date(2026, 1, 1))
    due_on, _ = services.fine_due_on(municipality=ipatinga_m, imposed_on=dt.date(2026, 1, 1))
    assert debt.due_on == due_on == dt.date(2026, 2, 2)  # 31/01/2026 is a Saturday (D-4)
    assert debt.status == Debt.Status.OPEN and not debt.awaiting_finality
    assert "decisão D-4" in debt.basis["citations"]


def test_the_charge_is_an_act_citing_the_article_and_the_municipal_act(
    ipatinga_m, finance, holder, permit
):
    record(ipatinga_m, "taxi_2017.fee_permit_renewal", 15_000, act="Decreto 11.111/2025, art. 3º")
    debt = charge(ipatinga_m, finance, holder, permit, fee=RENEWAL)
    assert debt.amount_cents == 15_000
    assert debt.description.startswith("Taxa de renovação da permissão — Decreto 11.111/2025")
    assert "art. 40, II" in debt.description
    with tenant(ipatinga_m):
        act = Act.objects.get(object_type="finance.debt", object_id=str(debt.pk))
    assert act.action == "debt.create" and act.actor_name
    assert "Lei do táxi de Ipatinga (2017), art. 40, II" in act.record["basis"]["citations"]


# --- refusals --------------------------------------------------------------------------------


def test_art_40_a_fee_without_a_recorded_value_is_refused_naming_what_is_missing(
    ipatinga_m, finance, holder, permit
):
    with pytest.raises(Refused) as exc:
        charge(ipatinga_m, finance, holder, permit)
    text = str(exc.value)
    assert text.startswith("Taxa não lançada: Taxa de vistoria: a lei não fixa o valor")
    assert "taxi_2017.fee_inspection" in text and "taxi_2017.fee_inspection_ufpi" in text
    assert "Lei do táxi de Ipatinga (2017), art. 40, VIII" in text
    with tenant(ipatinga_m):
        assert not Debt.objects.filter(person=holder).exists()


def test_d_5_a_fee_in_ufpi_without_the_ufpi_of_that_day_is_refused_naming_the_ufpi(
    ipatinga_m, finance, holder, permit
):
    record(ipatinga_m, "taxi_2017.fee_inspection_ufpi", 20)
    with tenant(ipatinga_m):
        FiscalUnitValue.objects.all().delete()  # no UFPI value recorded at all
    with pytest.raises(Refused) as exc:
        charge(ipatinga_m, finance, holder, permit)
    assert "20 UFPI, mas não há valor da UFPI registrado em vigor em 02/03/2026" in str(exc.value)


def test_art_49_a_fee_dated_before_the_taxi_law_is_refused(ipatinga_m, finance, holder, permit):
    record(ipatinga_m, "taxi_2017.fee_inspection", 8_000, effective=dt.date(2017, 9, 28))
    with pytest.raises(Refused) as exc:
        charge(ipatinga_m, finance, holder, permit, on=dt.date(2017, 9, 27))
    assert "art. 49" in str(exc.value)


def test_mototaxi_law_institutes_no_fee_so_nothing_is_charged_without_the_municipal_act(
    ipatinga_m, finance, holder
):
    moto = make_permit(ipatinga_m, holder=holder, service=Service.MOTOTAXI)
    with pytest.raises(Refused) as exc:
        charge(ipatinga_m, finance, holder, moto, fee=MOTO_INSPECTION)
    assert "mototaxi_2013.fees.inspection" in str(exc.value)
    record(ipatinga_m, "mototaxi_2013.fees.inspection_ufpi", 12)
    debt = charge(ipatinga_m, finance, holder, moto, fee=MOTO_INSPECTION)
    assert debt.amount_cents == 6_000  # 12 × R$ 5,00
    assert "Lei de mototáxi de Ipatinga (2013), art. 5, §6" in debt.basis["citations"]


def test_a_mototaxi_auxiliary_may_be_charged_for_the_permit_they_drive(ipatinga_m, finance, holder):
    moto = make_permit(ipatinga_m, holder=holder, service=Service.MOTOTAXI)
    aux = make_person(ipatinga_m, "Condutor Auxiliar")
    with tenant(ipatinga_m):
        Auxiliary.objects.create(permit=moto, person=aux, added_on=dt.date(2025, 1, 1))
    record(ipatinga_m, "mototaxi_2013.fees.registration", 4_500)
    fee = "ipatinga.mototaxi-2013:registration"
    assert charge(ipatinga_m, finance, aux, moto, fee=fee).amount_cents == 4_500
    stranger = make_person(ipatinga_m, "Sem Vínculo")
    with pytest.raises(FieldError, match="não é permissionária nem condutora auxiliar"):
        charge(ipatinga_m, finance, stranger, moto, fee=fee)


@pytest.mark.parametrize("role", [r for r in Role if r != Role.FINANCAS])
def test_only_finance_charges_a_fee(ipatinga_m, user_of, holder, permit, role):
    record(ipatinga_m, "taxi_2017.fee_inspection", 8_000)
    actor = Actor.of(user_of("ipatinga", role))
    with pytest.raises(NotCompetent) as exc:
        charge(ipatinga_m, actor, holder, permit)
    assert "Finanças" in str(exc.value) and "art." in str(exc.value)
    with tenant(ipatinga_m):
        assert not Debt.objects.filter(person=holder).exists()
        refusal = Act.objects.filter(outcome="refused").order_by("-seq").first()
    assert refusal is not None and refusal.action == "debt.record" and refusal.role == role.value


def test_art_40_caput_a_person_without_a_taxi_permit_owes_no_holder_fee(
    ipatinga_m, finance, holder
):
    record(ipatinga_m, "taxi_2017.fee_inspection", 8_000)
    with pytest.raises(Refused) as exc:
        charge(ipatinga_m, finance, holder)  # no permit at all
    assert "devidas pelos permissionários" in str(exc.value)
    assert "Lei do táxi de Ipatinga (2017), art. 40)" in str(exc.value)
    extinct = make_permit(
        ipatinga_m, holder=holder, service=Service.TAXI, status=Permit.Status.EXTINCT
    )
    with pytest.raises(Refused):
        charge(ipatinga_m, finance, holder, extinct)


def test_art_40_i_the_application_fee_is_charged_to_who_applies(ipatinga_m, finance, holder):
    record(ipatinga_m, "taxi_2017.fee_permit_application", 7_000)
    debt = charge(ipatinga_m, finance, holder, fee="ipatinga.taxi-2017:I")
    assert debt.amount_cents == 7_000 and debt.permit is None


def test_a_taxi_fee_on_a_mototaxi_permit_is_refused(ipatinga_m, finance, holder):
    record(ipatinga_m, "taxi_2017.fee_inspection", 8_000)
    moto = make_permit(ipatinga_m, holder=holder, service=Service.MOTOTAXI)
    with pytest.raises(FieldError, match="é de mototáxi"):
        charge(ipatinga_m, finance, holder, moto)


def test_a_second_click_is_not_a_second_fee(ipatinga_m, finance, holder, permit):
    record(ipatinga_m, "taxi_2017.fee_inspection", 8_000)
    first = charge(ipatinga_m, finance, holder, permit)
    with pytest.raises(FieldError, match=first.reference):
        charge(ipatinga_m, finance, holder, permit)
    services.debt_cancel(
        actor=finance, municipality=ipatinga_m, debt=first, reason="lançada por engano"
    )
    assert charge(ipatinga_m, finance, holder, permit).pk != first.pk


def test_a_fee_of_a_law_the_municipality_does_not_apply_is_unknown(barra_m, user_of):
    person = make_person(barra_m)
    actor = Actor.of(user_of("barra-do-garcas", Role.FINANCAS))
    with pytest.raises(FieldError, match="taxa desconhecida"):
        charge(barra_m, actor, person, fee=INSPECTION)


# --- screens, API, portal --------------------------------------------------------------------


def client_of(user):
    c = Client()
    c.force_login(user)
    return c


def test_the_screen_shows_the_amount_and_its_article_before_charging(
    ipatinga_m, user_of, holder, permit, ufpi_2026
):
    record(ipatinga_m, "taxi_2017.fee_inspection_ufpi", 20)
    c = client_of(user_of("ipatinga", Role.FINANCAS))
    blank = c.get("/financas/taxas/").content.decode()
    assert "Taxa de vistoria (Lei do táxi de Ipatinga (2017), art. 40, VIII)" in blank
    form = {"fee": INSPECTION, "document": holder.document, "permit": "", "on": "02/03/2026"}
    html = c.post("/financas/taxas/", form).content.decode()
    assert "R$ 106,82" in html and "Lei do táxi de Ipatinga (2017), art. 40, VIII" in html
    assert "20 UFPI × R$ 5,3412" in html and "Confirmar o lançamento" in html
    with tenant(ipatinga_m):
        assert not Debt.objects.filter(person=holder).exists()  # nothing charged yet
    r = c.post("/financas/taxas/", {**form, "permit": permit.number, "confirm": "1"})
    with tenant(ipatinga_m):
        debt = Debt.objects.get(person=holder)
    assert r.status_code == 302 and r["Location"] == f"/financas/debitos/{debt.pk}/"
    assert debt.amount_cents == 10_682 and debt.permit_id == permit.pk


def test_the_screen_says_what_is_missing_and_offers_no_confirmation(ipatinga_m, user_of, permit):
    c = client_of(user_of("ipatinga", Role.FINANCAS))
    html = c.post(
        "/financas/taxas/", {"fee": INSPECTION, "permit": permit.number, "on": "02/03/2026"}
    ).content.decode()
    assert "Taxa não pode ser lançada" in html and "taxi_2017.fee_inspection_ufpi" in html
    assert "Confirmar o lançamento" not in html


def test_a_clerk_sees_the_amount_but_cannot_charge_it_on_the_screen(
    ipatinga_m, user_of, holder, permit
):
    record(ipatinga_m, "taxi_2017.fee_inspection", 8_000)
    c = client_of(user_of("ipatinga", Role.ATENDENTE))
    form = {"fee": INSPECTION, "permit": permit.number, "on": "02/03/2026"}
    html = c.post("/financas/taxas/", form).content.decode()
    assert "R$ 80,00" in html and "Confirmar o lançamento" not in html
    r = c.post("/financas/taxas/", {**form, "confirm": "1"})
    assert r.status_code == 403 and "Finanças" in r.content.decode()
    with tenant(ipatinga_m):
        assert not Debt.objects.filter(person=holder).exists()


def test_api_lists_the_fees_with_their_amounts_and_charges_one(ipatinga_m, user_of, holder, permit):
    record(ipatinga_m, "taxi_2017.fee_inspection", 8_000)
    c = client_of(user_of("ipatinga", Role.FINANCAS))
    listed = {f["key"]: f for f in c.get("/api/v1/finance/fees?on=2026-03-02").json()["items"]}
    assert listed[INSPECTION]["amount_cents"] == 8_000
    assert (
        listed[RENEWAL]["amount_cents"] is None
        and "fee_permit_renewal" in listed[RENEWAL]["problem"]
    )
    assert MOTO_INSPECTION in listed
    body = {"fee": INSPECTION, "person_id": holder.pk, "permit_id": permit.pk, "on": "2026-03-02"}
    r = c.post("/api/v1/finance/fees/charge", body, content_type="application/json")
    assert r.status_code == 201, r.content
    assert r.json()["debt"]["amount_cents"] == 8_000 and r.json()["debt"]["origin"] == "fee"
    missing = c.post(
        "/api/v1/finance/fees/charge", {**body, "fee": RENEWAL}, content_type="application/json"
    )
    assert (
        missing.status_code == 422
        and missing.json()["decisao"]["question"] == "ipatinga.taxi-2017.fee"
    )
    clerk = client_of(user_of("ipatinga", Role.ATENDENTE))
    refused = clerk.post(
        "/api/v1/finance/fees/charge",
        {**body, "on": "2026-03-03"},
        content_type="application/json",
    )
    assert refused.status_code == 403 and "art." in refused.json()["detail"]


def test_the_holder_finds_the_fee_in_the_portal_with_a_pix_slip(
    ipatinga_m, finance, holder, permit
):
    record(ipatinga_m, "taxi_2017.fee_inspection", 8_000)
    debt = charge(ipatinga_m, finance, holder, permit)
    with tenant(ipatinga_m):
        user = User.objects.create(
            username="taxista.taxa", role=Role.PERMISSIONARIO.value, municipality=ipatinga_m
        )
        holder.user = user
        holder.save(update_fields=["user"])
    c = client_of(user)
    html = c.get("/portal/debitos/").content.decode()
    assert debt.reference in html and "Taxa de vistoria" in html and "art. 40, VIII" in html
    r = c.get(f"/portal/debitos/{debt.pk}/documento.pdf")
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    image = pdfium.PdfDocument(r.content)[0].render(scale=3).to_pil()
    [payload] = [
        b.text for b in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    ]
    assert pix.is_valid(payload) and "80.00" in payload and pix.txid_of(debt.reference) in payload


def test_d_15_a_fee_dated_after_the_municipalitys_today_is_refused_naming_both_dates(
    ipatinga_m, finance, holder, permit
):
    # A mistyped year (2027 for 2026) would charge the value decreed for a day yet to come.
    today = today_of(ipatinga_m)
    tomorrow = today + dt.timedelta(days=1)
    record(ipatinga_m, "taxi_2017.fee_inspection", 8_000)
    record(ipatinga_m, "taxi_2017.fee_inspection", 9_500, effective=tomorrow, act="Decreto novo")
    with pytest.raises(FieldError, match="futuro") as exc:
        charge(ipatinga_m, finance, holder, permit, on=tomorrow)
    assert exc.value.field == "data"
    assert f"{tomorrow:%d/%m/%Y}" in str(exc.value) and f"{today:%d/%m/%Y}" in str(exc.value)
    with tenant(ipatinga_m):
        assert not Debt.objects.filter(person=holder).exists()
    assert charge(ipatinga_m, finance, holder, permit, on=today).amount_cents == 8_000
