"""Mototaxi art. 13 XXI and art. 19 §1: a policy sent from the portal carries the end and the
amount of cover printed on it, and the clerk confirms or corrects them on the file when accepting.
Before, the portal sent a policy with its date of issue alone and the acceptance recorded it with
no end: a policy accepted from the portal counted as in force for ever."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from portal_factories import make_applicant_account, open_tender
from registry_factories import moto_vehicle

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document, DocumentSubmission

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n% apolice de teste\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
POLICY = Document.Type.INSURANCE
CITED = "Lei de mototáxi de Ipatinga (2013), art. 13, XXI; art. 19, §1; art. 19, §2"


@pytest.fixture
def applicant(ipatinga_m):  # type: ignore[no-untyped-def]
    """An applicant enrolled in a mototaxi tender, with a motorcycle of their own."""
    ana = make_applicant_account(ipatinga_m, name="Ana Candidata")
    vehicle = moto_vehicle(ipatinga_m, ana)
    c = Client()
    c.force_login(ana.user)
    c.post(f"/portal/candidatura/licitacoes/{open_tender(ipatinga_m).pk}/inscrever/")
    return ana, vehicle, c


def send(c: Client, vehicle, doc_type: str = POLICY, **more: str):  # type: ignore[no-untyped-def]
    return c.post(
        "/portal/candidatura/enviar/",
        {
            "service": "mototaxi",
            "doc_type": doc_type,
            "vehicle": str(vehicle.pk),
            "issued_on": "2026-01-10",
            "file": SimpleUploadedFile("apolice.pdf", PDF, content_type="application/pdf"),
        }
        | more,
        follow=True,
    )


def submissions(m) -> list[DocumentSubmission]:  # type: ignore[no-untyped-def]
    with tenant(m):
        return list(DocumentSubmission.objects.filter(doc_type=POLICY))


def test_art_19_par1_the_portal_asks_the_policy_alone_for_its_end_and_amount(applicant):
    _, vehicle, c = applicant
    page = c.get("/portal/candidatura/").content.decode()
    form = page.split(f'aria-label="Enviar apólice de seguro do veículo {vehicle.plate}"')[1]
    form = form.split("</form>")[0]
    assert "Fim da vigência impresso na apólice" in form and "Valor da cobertura, R$" in form
    # Asked once: on the policy's form, never on another record's.
    assert page.count("Fim da vigência impresso na apólice") == 1


def test_art_19_par1_a_policy_sent_without_its_end_is_refused_and_nothing_is_kept(
    applicant, ipatinga_m
):
    _, vehicle, c = applicant
    page = send(c, vehicle).content.decode()
    assert "fim da vigência" in page and "informe o fim da vigência impresso na apólice" in page
    assert CITED in page
    page = send(c, vehicle, valid_until="2026-01-09").content.decode()
    assert "o fim da vigência não pode ser anterior à data de emissão" in page
    # Another record takes neither.
    # (the CRLV takes the validity of its licensing, art. 5 §1 I: the DPVAT takes neither)
    page = send(c, vehicle, "dpvat", valid_until="2027-01-10").content.decode()
    assert "apenas para a apólice de seguro" in page
    assert submissions(ipatinga_m) == []
    with tenant(ipatinga_m):
        assert not DocumentSubmission.objects.exists()


def test_art_13_xxi_the_clerk_accepts_the_policy_with_the_end_and_amount_read_on_its_file(
    applicant, ipatinga_m, user_of
):
    ana, vehicle, c = applicant
    page = send(c, vehicle, valid_until="2027-01-10", coverage_cents="R$ 12.000,00")
    assert "apólice de seguro: enviado; aguarda a conferência" in page.content.decode()
    [sub] = submissions(ipatinga_m)
    assert (sub.valid_until, sub.coverage_cents) == (dt.date(2027, 1, 10), 1_200_000)
    clerk = Client()
    clerk.force_login(user_of("ipatinga", Role.ATENDENTE))
    review = clerk.get(f"/cadastro/envios/{sub.pk}/").content.decode()
    assert "Fim da vigência informado</dt><dd>10/01/2027" in review
    assert "R$ 12.000,00" in review
    assert 'name="valid_until" value="2027-01-10"' in review  # the accept form, to confirm
    # The end cleared: refused on its field, the submission still waiting.
    page = clerk.post(
        f"/cadastro/envios/{sub.pk}/aceitar/",
        {"valid_until": "", "coverage_cents": ""},
        follow=True,
    ).content.decode()
    assert "informe o fim da vigência impresso na apólice" in page
    with tenant(ipatinga_m):
        assert DocumentSubmission.objects.get(pk=sub.pk).status == "pending"
    # The applicant typed a day wrong: the clerk records the end printed on the file.
    r = clerk.post(
        f"/cadastro/envios/{sub.pk}/aceitar/",
        {"valid_until": "2027-01-09", "coverage_cents": "12.000,00"},
    )
    assert r.status_code == 302
    with tenant(ipatinga_m):
        doc = Document.objects.current().filter(vehicle=vehicle, doc_type=POLICY).latest("id")
        sub = DocumentSubmission.objects.get(pk=sub.pk)
        act = Act.objects.filter(action="document.record").latest("seq")
    assert sub.status == "accepted" and sub.document_id == doc.pk
    assert (doc.valid_until, doc.coverage_cents) == (dt.date(2027, 1, 9), 1_200_000)
    assert doc.validity_basis["citations"][0].endswith("art. 13, XXI")
    recorded = act.record["payload"]["new"]
    assert recorded["valid_until"] == "2027-01-09" and recorded["coverage_cents"] == 1_200_000
    # The applicant's page shows the accepted policy with both.
    page = c.get("/portal/candidatura/").content.decode()
    assert "válido até 09/01/2027, cobertura de R$ 12.000,00" in page
    assert ana.pk == doc.vehicle.owner_id


def test_art_19_par1_a_policy_accepted_as_sent_keeps_the_applicant_s_values(applicant, ipatinga_m):
    """The service's own default: the clerk who changes nothing records what was typed."""
    from registry_factories import actor

    from outorga.registry.services.submissions import submission_accept

    _, vehicle, c = applicant
    send(c, vehicle, valid_until="2027-01-10")
    [sub] = submissions(ipatinga_m)
    submission_accept(
        actor=actor("ipatinga", Role.ATENDENTE), municipality=ipatinga_m, submission=sub
    )
    with tenant(ipatinga_m):
        doc = Document.objects.get(pk=DocumentSubmission.objects.get(pk=sub.pk).document_id)
    assert (doc.valid_until, doc.coverage_cents) == (dt.date(2027, 1, 10), None)


def test_art_13_xxi_an_amount_the_clerk_clears_is_recorded_as_none(applicant, ipatinga_m, user_of):
    """The applicant typed an amount the policy does not print: the clerk clears it, and the
    document carries none (not the applicant's, kept behind the clerk's back)."""
    _, vehicle, c = applicant
    send(c, vehicle, valid_until="2027-01-10", coverage_cents="12.000,00")
    [sub] = submissions(ipatinga_m)
    clerk = Client()
    clerk.force_login(user_of("ipatinga", Role.ATENDENTE))
    r = clerk.post(
        f"/cadastro/envios/{sub.pk}/aceitar/", {"valid_until": "2027-01-10", "coverage_cents": ""}
    )
    assert r.status_code == 302
    with tenant(ipatinga_m):
        doc = Document.objects.get(pk=DocumentSubmission.objects.get(pk=sub.pk).document_id)
    assert (doc.valid_until, doc.coverage_cents) == (dt.date(2027, 1, 10), None)


def test_art_13_xxi_an_amount_out_of_bounds_is_refused_on_its_field(applicant, ipatinga_m, user_of):
    """Twenty digits fit the field but no column of cents: refused in Portuguese, nothing kept;
    a negative amount through the API is refused on its field too."""
    _, vehicle, c = applicant
    page = send(
        c, vehicle, valid_until="2027-01-10", coverage_cents="99999999999999999999"
    ).content.decode()
    assert "valor em reais grande demais" in page
    page = send(
        c, vehicle, valid_until="2027-01-10", coverage_cents="2.000.000.000,00"
    ).content.decode()
    assert "valor da cobertura inválido" in page
    assert submissions(ipatinga_m) == []
    clerk = Client()
    clerk.force_login(user_of("ipatinga", Role.ATENDENTE))
    r = clerk.post(
        "/api/v1/registry/documents",
        {
            "doc_type": POLICY,
            "issued_on": "2026-01-10",
            "vehicle_id": vehicle.pk,
            "valid_until": "2027-01-10",
            "coverage_cents": "-1",
        },
    )
    assert r.status_code == 422 and r.json()["erros"][0]["campo"] == "valor da cobertura"


def test_a_service_no_law_governs_asks_no_end_of_cover(barra_m):
    """Where no law governs the service (Barra do Garças has no mototaxi law), nothing is a
    policy whose end the desk types, and asking it does not fail (the portal's and the review's
    pages ask it of old records)."""
    from outorga.registry.services.documents import service_takes_cover_end

    assert service_takes_cover_end(barra_m, "mototaxi", POLICY) is False


def test_art_19_par1_the_same_policy_sent_again_while_it_waits_carries_the_corrected_end(
    applicant, ipatinga_m
):
    """The send is idempotent by the file: the same policy sent again makes no second
    submission. While it waits, the end and amount typed the second time are the ones the desk
    reviews (the applicant corrected a typo), with an act saying what changed; once accepted,
    a third send changes nothing the desk recorded."""
    from registry_factories import actor

    from outorga.registry.services.submissions import submission_accept

    _, vehicle, c = applicant
    send(c, vehicle, valid_until="2027-01-01")
    send(c, vehicle, valid_until="2027-01-10", coverage_cents="R$ 12.000,00")
    [sub] = submissions(ipatinga_m)
    assert (sub.valid_until, sub.coverage_cents) == (dt.date(2027, 1, 10), 1_200_000)
    with tenant(ipatinga_m):
        [act] = Act.objects.filter(action="document.submit.correct", object_id=str(sub.pk))
    assert act.role == Role.PERMISSIONARIO
    send(c, vehicle, valid_until="2027-01-10", coverage_cents="R$ 12.000,00")  # the same again
    with tenant(ipatinga_m):
        assert Act.objects.filter(action="document.submit.correct").count() == 1
    submission_accept(
        actor=actor("ipatinga", Role.ATENDENTE), municipality=ipatinga_m, submission=sub
    )
    send(c, vehicle, valid_until="2028-01-10")
    [sub] = submissions(ipatinga_m)
    with tenant(ipatinga_m):
        doc = Document.objects.get(pk=sub.document_id)
    assert sub.status == "accepted" and sub.valid_until == doc.valid_until == dt.date(2027, 1, 10)
