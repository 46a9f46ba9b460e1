"""The confirmed representative acts for the company in the portal (ADR 0047, after ADR 0042):
the taxi law gives the permission to a legal person (art. 3; art. 4, IV, V and VIII), which acts
through its responsible natural person (art. 23, VIII). Once the desk has confirmed the link, the
responsible person's login sees the company's debts beside their own and pays them by the same
PIX, sees its autos and cases and files its defence, and sees its vehicles' inspections. An
unconfirmed representative and any other holder reach nothing of the company (404, as for another
holder's row); the company's auxiliary's own debts stay theirs."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
import zxingcpp
from company_factories import Company
from django.utils import timezone

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Filing
from outorga.enforcement.services.common import NotOwner
from outorga.enforcement.services.filings import filing_file
from outorga.finance import pix
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.registry import acting
from outorga.registry.models import Person

pytestmark = pytest.mark.django_db

DEBTS, CASES, INSPECTIONS = "/portal/debitos/", "/portal/infracoes/", "/portal/vistorias/"


@pytest.fixture
def co(ipatinga_m, user_of) -> Company:  # type: ignore[no-untyped-def]
    return Company(ipatinga_m, user_of("ipatinga", Role.FISCAL), user_of("ipatinga", Role.FINANCAS))


def qr_of(pdf: bytes) -> str:
    image = pdfium.PdfDocument(pdf)[0].render(scale=3).to_pil()
    [found] = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    return found.text


def test_the_one_rule_self_and_confirmed_companies_never_their_people(co):
    with tenant(co.m):
        assert set(acting.acting_for(co.rita)) == {co.rita, co.company}
        assert set(acting.acting_for(co.bia)) == {co.bia}
        company = Person.objects.get(pk=co.company.pk)
        assert acting.speaks_for(co.rita.user, company)
        assert not acting.speaks_for(co.bia.user, company)
        Person.objects.filter(pk=company.pk).update(representative_confirmed_on=None)
        company.refresh_from_db()
        assert set(acting.acting_for(co.rita)) == {co.rita}
        assert not acting.speaks_for(co.rita.user, company)


def test_taxi_art_3_the_representative_sees_the_company_s_debts_and_pays_them_by_pix(co):
    c = co.client(co.rita)
    html = c.get(DEBTS).content.decode()
    # Grouped by debtor: Rita's own first, then the company's.
    assert "Seus débitos (Rita Responsável)" in html
    assert "Débitos da empresa Táxi Rita Ltda" in html
    assert html.index(co.own_debt.reference) < html.index("Débitos da empresa Táxi Rita Ltda")
    assert html.index("Débitos da empresa Táxi Rita Ltda") < html.index(co.debt.reference)
    # The company's auxiliary's own debt is theirs: never shown to the company's representative.
    assert co.aux_debt.reference not in html and "Davi Auxiliar" not in html
    # The company's slip: the same PDF, its QR code the PIX "copia e cola" on the page.
    r = c.get(f"/portal/debitos/{co.debt.pk}/documento.pdf")
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    code = qr_of(r.content)
    assert pix.is_valid(code) and pix.txid_of(co.debt.reference) in code
    codes = re.findall(r'<textarea id="pix-\d+" class="pix-code" rows="3" readonly>([^<]+)<', html)
    assert code in codes
    # The bank's PIX (by its txid) pays the company's debt: the page shows it paid, no slip.
    co.pay_by_pix(co.debt)
    with tenant(co.m):
        assert Debt.objects.get(pk=co.debt.pk).status == Debt.Status.PAID
    html = c.get(DEBTS).content.decode()
    assert f"Baixar (PDF) do débito {co.debt.reference}" not in html
    assert f"Baixar (PDF) do débito {co.own_debt.reference}" in html


def test_the_representative_s_home_lists_the_company_s_debt_and_deadline(co):
    case = co.case()
    html = co.client(co.rita).get("/").content.decode()
    assert "(empresa Táxi Rita Ltda)" in html
    assert f"processo {case.number}" in html


def test_taxi_art_23_the_representative_files_the_company_s_defence(co):
    case = co.case()
    c = co.client(co.rita)
    html = c.get(CASES).content.decode()
    assert f"Processo {case.number}" in html and "empresa Táxi Rita Ltda" in html
    page = c.get(f"/portal/processos/{case.pk}/").content.decode()
    assert "Processo da empresa" in page and 'name="text"' in page
    r = c.post(f"/portal/processos/{case.pk}/", {"text": "A empresa contesta o auto."})
    assert r.status_code == 302
    with tenant(co.m):
        filing = Filing.objects.get(case=case)
        act = Act.objects.get(action="defence.file", object_id=str(filing.pk))
        case.refresh_from_db()
    # The company's defence (its case's person), filed by Rita's login, which the log names.
    assert case.person_id == co.company.pk and case.waiting == Case.Waiting.JUDGMENT
    assert filing.filed_by_id == co.rita.user.pk and filing.channel == Filing.Channel.PORTAL
    assert (act.actor_id, act.role) == (co.rita.user.pk, Role.PERMISSIONARIO.value)
    # The notice's PDF and the portal's API reach the company's case too.
    with tenant(co.m):
        notice = case.notices.first()
    assert notice is not None
    assert c.get(f"/portal/notificacoes/{notice.pk}/notificacao.pdf").status_code == 200
    items = c.get("/api/v1/enforcement/me/cases").json()["items"]
    assert [i["number"] for i in items] == [case.number]


def test_the_representative_sees_the_company_s_vehicle_inspections(co):
    insp = co.inspection()
    c = co.client(co.rita)
    html = c.get(INSPECTIONS).content.decode()
    assert "TRL7A77" in html and "empresa Táxi Rita Ltda" in html
    assert c.get(f"/vistorias/{insp.pk}/").status_code == 200
    r = c.get(f"/vistorias/{insp.pk}/laudo.pdf")
    assert r.status_code == 200 and b"".join(r.streaming_content).startswith(b"%PDF")


@pytest.mark.parametrize("who", ["unconfirmed representative", "another holder"])
def test_an_unconfirmed_representative_or_another_holder_reaches_nothing_of_the_company(co, who):
    case, insp = co.case(), co.inspection()
    if who == "unconfirmed representative":
        with tenant(co.m):  # the desk has not confirmed the link (or removed it): ADR 0042
            Person.objects.filter(pk=co.company.pk).update(representative_confirmed_on=None)
        person = co.rita
    else:
        person = co.bia
    c = co.client(person)
    for url in (DEBTS, CASES, INSPECTIONS, "/"):
        html = c.get(url).content.decode()
        assert "Táxi Rita Ltda" not in html and co.debt.reference not in html, url
        assert case.number not in html and "TRL7A77" not in html, url
    with tenant(co.m):
        notice = case.notices.first()
    assert notice is not None
    for url in (
        f"/portal/debitos/{co.debt.pk}/documento.pdf",
        f"/portal/processos/{case.pk}/",
        f"/portal/notificacoes/{notice.pk}/notificacao.pdf",
        f"/vistorias/{insp.pk}/",
        f"/vistorias/{insp.pk}/laudo.pdf",
    ):
        assert c.get(url).status_code == 404, url
    assert c.post(f"/portal/processos/{case.pk}/", {"text": "invasão"}).status_code == 404
    r = c.post(
        f"/api/v1/enforcement/me/cases/{case.pk}/filings",
        {"text": "invasão"},
        content_type="application/json",
    )
    assert r.status_code == 404
    assert c.get("/api/v1/enforcement/me/cases").json()["items"] == []
    # The service itself refuses the write, whatever screen calls it.
    with pytest.raises(NotOwner):
        filing_file(
            actor=Actor.of(person.user, "198.51.100.9"),
            municipality=co.m,
            case=case,
            text="invasão",
            filed_on=timezone.localdate(),
        )
    with tenant(co.m):
        assert not Filing.objects.filter(case=case).exists()
