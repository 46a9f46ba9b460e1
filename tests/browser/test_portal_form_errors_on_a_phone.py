"""On a phone (390 px): a Candidatura form the applicant sent with a mistake comes back with what
they typed still in its inputs and the error beside its field in view — not the top of a long
page; and the desk's list of documents to check (/cadastro/envios/) shows each row's "Conferir"
within the screen, nothing to scroll sideways. Screenshots at 1280 and 390 px."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import a_permit, fits, login, login_as, user
from playwright.sync_api import expect
from portal_factories import make_applicant_account, open_tender
from validate_docbr import CPF

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import HolderRequest, Person
from outorga.registry.services.holder_requests import holder_request_file
from outorga.registry.services.submissions import submission_send

pytestmark = pytest.mark.browser

PDF = b"%PDF-1.4\n% documento enviado pelo portal\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
PASSWORD = "Senha-de-teste-2026"  # make_applicant_account's


def _applicant(m: Municipality) -> Person:
    ana = make_applicant_account(m, name="Ana Candidata")
    with tenant(m):
        Person.objects.filter(pk=ana.pk).update(birth_date=None)
    return ana


@pytest.mark.parametrize("width", [390, 1280])
def test_a_refused_form_comes_back_as_typed_with_its_error_in_view(
    page, demo_site, artifacts, width
):
    m = Municipality.objects.get(slug="ipatinga")
    ana = _applicant(m)
    tender = open_tender(m)
    page.set_viewport_size({"width": width, "height": 844})
    login_as(page, demo_site.url, ana.user.username, PASSWORD)
    page.goto(f"{demo_site.url}/portal/candidatura/")
    page.get_by_role("button", name=f"Inscrever-me na licitação {tender.number}").click()
    page.get_by_text(f"Inscrição na licitação {tender.number} registrada.").wait_for()

    # The RG, dated in a year to come: the date and the number come back as typed.
    form = page.get_by_role("form", name="Enviar RG", exact=True)
    form.get_by_label("Data de emissão").fill("2999-01-10")
    form.get_by_label("Número (se houver)").fill("MG-12.345.678")
    form.get_by_label("Arquivo").set_input_files(
        files=[{"name": "rg.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    form.get_by_role("button", name="Enviar RG").click()
    # Beside the field (the form's summary at its start repeats it as a link to the field).
    error = form.locator(
        ".feedback.danger", has_text="Data de emissão: a data de emissão não pode ser futura"
    )
    error.wait_for()
    assert form.get_by_label("Data de emissão").input_value() == "2999-01-10"
    assert form.get_by_label("Número (se houver)").input_value() == "MG-12.345.678"
    expect(error).to_be_in_viewport()
    # The summary of the form's errors, at the form, has the focus: the page stays there.
    focused = page.evaluate("document.activeElement.closest('form')?.getAttribute('aria-label')")
    assert focused == "Enviar RG"
    fits(page, width)
    page.screenshot(path=str(artifacts / f"portal-send-refused-{width}px.png"))

    # "Meus dados": a birth date to come, refused; the address and the phone typed stay.
    details = page.get_by_role("form", name="Meus dados pessoais")
    details.get_by_label("Data de nascimento").fill("2099-01-01")
    details.get_by_label("Endereço").fill("Rua das Flores, 10")
    details.get_by_label("Telefone").fill("(31) 98888-7777")
    details.get_by_role("button", name="Salvar meus dados").click()
    error = details.locator(
        ".feedback.danger", has_text="Data de nascimento: a data de nascimento não pode ser futura"
    )
    error.wait_for()
    assert details.get_by_label("Data de nascimento").input_value() == "2099-01-01"
    assert details.get_by_label("Endereço").input_value() == "Rua das Flores, 10"
    assert details.get_by_label("Telefone").input_value() == "(31) 98888-7777"
    expect(error).to_be_in_viewport()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"portal-details-refused-{width}px.png"))

    # Corrected, the RG goes through and the page goes back by redirect, as before.
    form = page.get_by_role("form", name="Enviar RG", exact=True)
    form.get_by_label("Data de emissão").fill("2026-01-10")
    form.get_by_label("Arquivo").set_input_files(
        files=[{"name": "rg.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    form.get_by_role("button", name="Enviar RG").click()
    page.get_by_text("RG: enviado; aguarda a conferência do atendimento.").wait_for()
    assert page.url == f"{demo_site.url}/portal/candidatura/"


@pytest.mark.parametrize("width", [390, 1280])
def test_the_desk_reaches_conferir_on_a_phone_without_scrolling_sideways(
    page, demo_site, artifacts, width
):
    m = Municipality.objects.get(slug="ipatinga")
    ana = _applicant(m)
    open_tender(m)
    for doc_type in ("rg", "medical_certificate"):
        with tenant(m):
            submission_send(
                actor=Actor.of(ana.user),
                municipality=m,
                person=ana,
                service="mototaxi",
                doc_type=doc_type,
                issued_on=dt.date(2026, 1, 10),
                content=PDF,
            )
    page.set_viewport_size({"width": width, "height": 844})
    login(page, demo_site.url, Role.ATENDENTE)
    page.goto(f"{demo_site.url}/cadastro/envios/")
    link = page.get_by_role("link", name="Conferir RG de Ana Candidata")
    expect(link).to_be_in_viewport()
    box = link.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    fits(page, width)
    page.screenshot(path=str(artifacts / f"submissions-list-{width}px.png"), full_page=True)
    if width > 576:
        # A desktop keeps the table: its header and the action in the last column.
        expect(page.get_by_role("columnheader", name="Conferir")).to_be_visible()
    link.click()
    page.get_by_role("button", name="Aceitar o documento").wait_for()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_desk_reaches_decidir_on_a_phone_without_scrolling_sideways(
    page, demo_site, artifacts, width
):
    """The holders' requests (/cadastro/pedidos/) end in the act the desk needs too: on a phone
    each request is a card with its "Decidir" first, nothing to scroll sideways."""
    m = Municipality.objects.get(slug="ipatinga")
    permit = a_permit(m)
    holder_request_file(
        actor=Actor.of(user(Role.PERMISSIONARIO)),
        municipality=m,
        permit=permit,
        kind=HolderRequest.Kind.AUXILIARY,
        auxiliary_document=CPF().generate(),
        auxiliary_name="Bruno Auxiliar",
    )
    page.set_viewport_size({"width": width, "height": 844})
    login(page, demo_site.url, Role.ATENDENTE)
    page.goto(f"{demo_site.url}/cadastro/pedidos/")
    link = page.get_by_role("link", name=f"Decidir o pedido de {permit.holder.name}")
    expect(link).to_be_in_viewport()
    box = link.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    fits(page, width)
    page.screenshot(path=str(artifacts / f"holder-requests-{width}px.png"), full_page=True)
    if width > 576:
        expect(page.get_by_role("columnheader", name="Decidir")).to_be_visible()
