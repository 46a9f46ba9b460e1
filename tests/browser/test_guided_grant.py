"""The guided mototaxi grant walked in chromium as a first-time clerk would, at desktop and phone
width (issue "back office", Done when): person → CNH → documents and photo → vehicle → its
documents → tender enrolment → (the authority conducts the tender) → full check → grant → badge.
The test counts the clerk's form submissions — about 33 before the guided page; the target is 12
or fewer — and fails if they grow beyond 8."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from browser_factories import login
from django.utils import timezone
from registry_factories import png
from validate_docbr import CPF, RENAVAM

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.public.models import Badge
from outorga.registry.facts import (
    MOTOTAXI_PERSON_RECORDS,
    MOTOTAXI_VEHICLE_RECORDS,
    TAXI_PERSON_RECORDS,
    taxi_vehicle_records,
)
from outorga.registry.models import Document, Permit, Person, Tender, Vehicle
from outorga.registry.services.tenders import tender_evaluate, tender_homologate, tender_rank

pytestmark = pytest.mark.browser

WIDTHS = {"desktop": 1280, "phone": 390}
CLERK_LIMIT = 8


def _tick(page: Any, label: str) -> None:
    """A checkbox as a person ticks it: by its label (the design system draws the box there)."""
    page.locator("label", has_text=label).first.click()


def _submit(page: Any, name: str) -> None:
    with page.expect_navigation():
        page.get_by_role("button", name=name).click()


def _open_tender(m: Municipality, number: str, **kw: Any) -> Tender:
    with tenant(m):
        return Tender.objects.create(
            number=number,
            places=3,
            opened_on=timezone.localdate() - dt.timedelta(days=10),
            status=Tender.Status.OPEN,
            **kw,
        )


def _clerk_posts(page: Any) -> list[str]:
    """The forms the clerk submits from now on (the login aside)."""
    posts: list[str] = []
    page.on(
        "request",
        lambda r: (
            posts.append(r.url)
            if r.method == "POST" and r.resource_type == "document" and "/entrar/" not in r.url
            else None
        ),
    )
    return posts


def _conduct(m: Municipality, tender: Tender, name: str) -> Person:
    """The authority conducts the tender on its own page (mototaxi art. 6, taxi art. 3): not the
    clerk's submissions. The person named is ranked first."""
    today = timezone.localdate()
    authority = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.AUTORIDADE)))
    tender_evaluate(actor=authority, municipality=m, tender=tender, on=today)
    with tenant(m):
        person = Person.objects.get(name=name)
        applicant = tender.applicants.get(person=person)
    assert applicant.eligible, applicant.decision
    tender_rank(actor=authority, municipality=m, tender=tender, ranking=[applicant.pk])
    tender_homologate(actor=authority, municipality=m, tender=tender, on=today)
    return person


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_a_clerk_grants_a_mototaxi_permit_on_the_guided_page_in_8_submissions(
    page: Any, demo_site: Any, artifacts: Any, screen: str
) -> None:
    width = WIDTHS[screen]
    page.set_viewport_size({"width": width, "height": 900})
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    today = timezone.localdate()
    tender = _open_tender(m, f"G-{screen}", service="mototaxi")
    posts = _clerk_posts(page)
    login(page, base, Role.ATENDENTE)
    page.goto(f"{base}/cadastro/")
    page.get_by_role("link", name="Outorga guiada", exact=True).click()
    page.get_by_role("heading", name="Próximo passo: Pessoa").wait_for()

    cpf = CPF().generate(mask=True)
    page.get_by_label("CPF ou CNPJ").fill(cpf)
    page.get_by_label("Nome completo").fill(f"Joana Guiada {screen}")
    page.get_by_label("Data de nascimento").fill("1990-04-01")
    page.get_by_label("Tipo sanguíneo e Rh (impresso no crachá)").select_option("O+")
    page.get_by_label("Município de residência").fill("Ipatinga")
    _submit(page, "Cadastrar pessoa")

    page.get_by_role("heading", name="Próximo passo: CNH").wait_for()
    page.get_by_label("Número da CNH").fill("02650306461")
    page.get_by_label("Categorias (ex.: AB)").fill("AB")
    page.get_by_label("Primeira habilitação").fill("2010-01-01")
    page.get_by_label("Categoria A desde").fill("2010-01-01")
    page.get_by_label("Validade", exact=True).fill((today + dt.timedelta(days=900)).isoformat())
    _tick(page, "Exerce atividade remunerada (EAR)")
    _submit(page, "Registrar CNH")

    page.get_by_role("heading", name="Próximo passo: Documentos da pessoa").wait_for()
    issued = (today - dt.timedelta(days=3)).isoformat()
    for t in MOTOTAXI_PERSON_RECORDS:
        page.get_by_label(f"{Document.Type(t).label}: data de emissão").fill(issued)
    page.get_by_label("Foto para o crachá (JPEG ou PNG)").set_input_files(
        files=[{"name": "foto.png", "mimeType": "image/png", "buffer": png()}]
    )
    page.screenshot(path=str(artifacts / f"guided-person-docs-{width}px.png"), full_page=True)
    _submit(page, "Registrar documentos")

    page.get_by_role("heading", name="Próximo passo: Veículo").wait_for()
    page.get_by_label("Placa", exact=True).fill("GUI1A23" if screen == "desktop" else "GUI1B23")
    page.get_by_label("RENAVAM").fill(RENAVAM().generate())
    page.get_by_label("Marca/modelo").fill("Honda CG 160")
    page.get_by_label("Ano de fabricação").fill(str(today.year - 1))
    page.get_by_label("Cilindrada (cc) (art. 3, I)").fill("160")
    page.get_by_label("Cor", exact=True).fill("vermelha")
    _tick(page, "Categoria aluguel (placa vermelha)")
    _submit(page, "Cadastrar veículo")

    page.get_by_role("heading", name="Próximo passo: Documentos do veículo").wait_for()
    for t in MOTOTAXI_VEHICLE_RECORDS:
        page.get_by_label(f"{Document.Type(t).label}: data de emissão").fill(issued)
    # Art. 19 §1: the policy's end of cover, printed on it (required).
    policy_end = dt.date.fromisoformat(issued) + dt.timedelta(days=365)
    page.get_by_label("apólice de seguro: fim da vigência").fill(policy_end.isoformat())
    # Art. 5 §1 I: the validity of the licensing printed on the CRLV (required).
    page.get_by_label("CRLV: válido até (licenciamento impresso nele)").fill(policy_end.isoformat())
    _submit(page, "Registrar documentos")

    page.get_by_role("heading", name="Próximo passo: Verificação completa e outorga").wait_for()
    _submit(page, f"Inscrever na licitação {tender.number} (3 vagas)")

    person = _conduct(m, tender, f"Joana Guiada {screen}")

    page.reload()
    page.get_by_label("Licitação").select_option(str(tender.pk))
    page.get_by_label("Decreto de outorga").fill("Decreto 1.234/2026")
    for box in page.locator("input[name=equipment]").all():
        page.locator(f"label[for={box.get_attribute('id')}]").click()
    assert page.locator("input[name=equipment]:checked").count() == len(
        page.locator("input[name=equipment]").all()
    )
    page.get_by_text(
        "Colete e capacete com dispositivos retrorrefletivos verificados (art. 5, IV)", exact=True
    ).click()  # art. 5 IV, seen at the desk
    assert page.locator("input[name$=safety_gear]").is_checked()
    page.screenshot(path=str(artifacts / f"guided-grant-{width}px.png"), full_page=True)
    _submit(page, "Outorgar")
    page.get_by_text("outorgada. Falta emitir o crachá.").wait_for()
    _submit(page, "Emitir crachá")
    page.get_by_text("emitido para").wait_for()
    with tenant(m):
        permit = Permit.objects.get(holder=person)
        assert Badge.objects.filter(permit=permit).exists()
    scrolled = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(
        "(w) => [...document.querySelectorAll('body *')].filter(e => !e.closest('.table-scroll')"
        " && e.getBoundingClientRect().right > w + 1).slice(0, 8).map(e => e.tagName + '.' + e.className + ' ' + "
        "Math.round(e.getBoundingClientRect().right))",
        width,
    )
    assert scrolled <= width, (scrolled, wide)
    assert len(posts) <= CLERK_LIMIT, posts


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_a_clerk_grants_a_taxi_permit_and_signs_its_termo_on_the_guided_page(
    page: Any, demo_site: Any, artifacts: Any, screen: str
) -> None:
    """The same page, for the taxi law (art. 3, 10, 22–29): no blood type, the records of art. 22
    and 24, the inspection's findings and the declarations at the grant, the Termo signed."""
    width = WIDTHS[screen]
    page.set_viewport_size({"width": width, "height": 900})
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    today = timezone.localdate()
    tender = _open_tender(m, f"GT-{screen}", service="taxi", taxi_category="convencional")
    posts = _clerk_posts(page)
    login(page, base, Role.ATENDENTE)
    page.goto(f"{base}/cadastro/outorga-guiada/")
    page.get_by_role("link", name="táxi", exact=True).click()
    page.get_by_role("heading", name="Outorga guiada de táxi").wait_for()
    page.get_by_label("CPF ou CNPJ").fill(CPF().generate(mask=True))
    page.get_by_label("Nome completo").fill(f"Tereza Guiada {screen}")
    page.get_by_label("Data de nascimento").fill("1985-04-01")
    page.get_by_label("Município de residência").fill("Ipatinga")
    _submit(page, "Cadastrar pessoa")

    page.get_by_role("heading", name="Próximo passo: CNH").wait_for()
    page.get_by_label("Número da CNH").fill("02650306461")
    page.get_by_label("Categorias (ex.: AB)").fill("B")
    page.get_by_label("Primeira habilitação").fill("2008-01-01")
    page.get_by_label("Validade", exact=True).fill((today + dt.timedelta(days=900)).isoformat())
    _tick(page, "Exerce atividade remunerada (EAR)")
    _submit(page, "Registrar CNH")

    page.get_by_role("heading", name="Próximo passo: Documentos da pessoa").wait_for()
    issued = (today - dt.timedelta(days=3)).isoformat()
    for t in TAXI_PERSON_RECORDS:
        page.get_by_label(f"{Document.Type(t).label}: data de emissão").fill(issued)
    page.get_by_label("Foto para o crachá (JPEG ou PNG)").set_input_files(
        files=[{"name": "foto.png", "mimeType": "image/png", "buffer": png()}]
    )
    _submit(page, "Registrar documentos")

    page.get_by_role("heading", name="Próximo passo: Veículo").wait_for()
    page.get_by_label("Placa", exact=True).fill("GTX1A23" if screen == "desktop" else "GTX1B23")
    page.get_by_label("RENAVAM").fill(RENAVAM().generate())
    page.get_by_label("Espécie").select_option("automovel")
    page.get_by_label("Marca/modelo").fill("Exemplo Sedan 1.6")
    page.get_by_label("Ano de fabricação").fill(str(today.year))
    page.get_by_label("Cor", exact=True).fill("prata")
    page.get_by_label("Portas (art. 27)").fill("5")
    page.get_by_label("Lugares para passageiros (art. 2; art. 28, III)").fill("5")
    _tick(page, "Categoria aluguel (placa vermelha)")
    _submit(page, "Cadastrar veículo")

    page.get_by_role("heading", name="Próximo passo: Documentos do veículo").wait_for()
    for t in taxi_vehicle_records(Vehicle(cng=False)):
        page.get_by_label(f"{Document.Type(t).label}: data de emissão").fill(issued)
    page.get_by_label("DPVAT: categoria impressa no documento").fill("3")
    # The validity of the licensing printed on the CRLV (art. 24 I, art. 28 I).
    licensed_until = (dt.date.fromisoformat(issued) + dt.timedelta(days=365)).isoformat()
    page.get_by_label("CRLV: válido até (licenciamento impresso nele)").fill(licensed_until)
    _submit(page, "Registrar documentos")

    page.get_by_role("heading", name="Próximo passo: Verificação completa e outorga").wait_for()
    _submit(page, f"Inscrever na licitação {tender.number} (3 vagas)")

    person = _conduct(m, tender, f"Tereza Guiada {screen}")

    page.reload()
    page.get_by_label("Licitação homologada (art. 3)").select_option(str(tender.pk))
    page.get_by_label("Ato de outorga (decreto)").fill("Decreto 2.345/2026")
    _tick(page, "Vistoria do veículo aprovada (art. 22, XII; art. 29)")
    _tick(page, "Vistoria por empresa credenciada ao INMETRO (art. 24, II)")
    page.get_by_label("Taxímetro aferido por (art. 24, III)").select_option("INMETRO")
    _tick(page, 'Luminoso "TÁXI" no teto (art. 28, V)')
    _tick(page, "Equipamentos do CTB (art. 28, VI)")
    _tick(page, "não detém outra concessão, permissão ou autorização (art. 22, IX)")
    _tick(page, "não mantém vínculo empregatício na Administração (art. 22, X)")
    page.screenshot(path=str(artifacts / f"guided-taxi-grant-{width}px.png"), full_page=True)
    _submit(page, "Outorgar e assinar o Termo")
    page.get_by_text("Termo de Permissão assinado. Falta emitir o crachá.").wait_for()
    _submit(page, "Emitir crachá")
    page.get_by_text("emitido para").wait_for()
    with tenant(m):
        permit = Permit.objects.get(holder=person, service="taxi")
        assert Badge.objects.filter(permit=permit).exists()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert len(posts) <= CLERK_LIMIT, posts
