"""The holder's requests from the portal and the clerk's decision on them: the yearly renewal of
the taxi Termo (art. 13, 21) decided with the clerk's own service, a final debt refusing it with
the article (art. 21 §1, D-11), an auxiliary's credential (art. 20, parágrafo único) refused by
the desk with a reason the holder reads; the Termo's PDF only the holder's own."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from portal_factories import make_applicant_account, make_holder
from registry_factories import (
    CHECKS,
    DECLARATIONS,
    actor,
    awarded_tender,
    portal_login,
    taxi_holder,
)
from registry_factories import TAXI_ON as ON
from validate_docbr import CPF

from outorga.core.tenancy import tenant
from outorga.finance import services as ledger
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.registry.models import HolderRequest, Notification, PermitTerm
from outorga.registry.services.permits import taxi_permit_grant

pytestmark = pytest.mark.django_db

RENEW_ON = "2027-01-20"


def login(user) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def taxi(ipatinga_m):  # type: ignore[no-untyped-def]
    """A taxi permit granted by the clerk's service, its holder with a portal account."""
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = taxi_permit_grant(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        holder=holder,
        vehicle=vehicle,
        category="convencional",
        signed_on=ON,
        option="I",
        mode="servicos",
        tender=awarded_tender(m, holder),
        checks=CHECKS,
        declarations=DECLARATIONS,
    )
    return permit, portal_login(m, holder)


def clerk(user_of) -> Client:  # type: ignore[no-untyped-def]
    return login(user_of("ipatinga", Role.ATENDENTE))


def grant_form(**more: str) -> dict[str, str]:
    return {
        "step": "grant",
        "grant-on": RENEW_ON,
        "grant-inspection_approved": "on",
        "grant-inspection_accredited_inmetro": "on",
        "grant-taximeter_approved_by": "INMETRO",
        "grant-roof_sign_taxi": "on",
        "grant-ctb_equipment_ok": "on",
    } | more


def test_art_13_the_holder_asks_the_renewal_and_the_clerk_renews_the_termo(
    taxi, user_of, ipatinga_m
):
    permit, user = taxi
    holder = login(user)
    page = holder.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert "Pedir a renovação" in page
    page = holder.post(
        f"/portal/permissoes/{permit.pk}/pedidos/renovacao/",
        {"note": "sem pendências"},
        follow=True,
    ).content.decode()
    assert "Pedido de renovação registrado; aguarda a decisão do atendimento." in page
    assert "aguardando decisão" in page
    # Asking again while it waits files nothing more.
    holder.post(f"/portal/permissoes/{permit.pk}/pedidos/renovacao/", {})
    with tenant(ipatinga_m):
        req = HolderRequest.objects.get(permit=permit)
    desk = clerk(user_of)
    assert (
        f"Decidir o pedido de {permit.holder.name}"
        in desk.get("/cadastro/pedidos/").content.decode()
    )
    r = desk.post(f"/cadastro/pedidos/{req.pk}/", grant_form())
    assert r.status_code == 302
    with tenant(ipatinga_m):
        req.refresh_from_db()
        assert req.status == "granted"
        assert PermitTerm.objects.get(permit=permit).valid_until == dt.date(2028, 2, 2)
    page = holder.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert "deferido" in page and "Termo de Permissão renovado até 02/02/2028." in page


def test_art_21_par_1_a_final_debt_refuses_the_renewal_with_the_article(taxi, user_of, ipatinga_m):
    permit, user = taxi
    m = ipatinga_m
    debt = ledger.debt_create(
        actor=actor(m.slug, Role.FINANCAS),
        municipality=m,
        person=permit.holder,
        permit=permit,
        origin=Debt.Origin.FINE,
        description="multa de exemplo",
        amount_cents=25_000,
        due_on=dt.date(2026, 10, 1),
        status=Debt.Status.FINAL,
    )
    holder = login(user)
    # The holder reads the law's reason before asking: the debt, with art. 21 §1.
    page = holder.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert debt.reference in page and "Lei do táxi de Ipatinga (2017), art. 21, §1" in page
    assert "verificado na vistoria da renovação" in page
    holder.post(f"/portal/permissoes/{permit.pk}/pedidos/renovacao/", {})
    with tenant(m):
        req = HolderRequest.objects.get(permit=permit)
    page = clerk(user_of).post(f"/cadastro/pedidos/{req.pk}/", grant_form()).content.decode()
    assert "Recusado pela lei." in page and debt.reference in page
    with tenant(m):
        req.refresh_from_db()
        assert req.status == "pending"  # the law refused the act: the request still waits
        assert PermitTerm.objects.get(permit=permit).valid_until == dt.date(2027, 2, 2)


def test_art_20_an_auxiliary_request_refused_by_the_desk_with_a_reason_the_holder_reads(
    taxi, user_of, ipatinga_m
):
    permit, user = taxi
    holder = login(user)
    page = holder.post(
        f"/portal/permissoes/{permit.pk}/pedidos/auxiliar/",
        {"document": "123.456.789-00", "name": "Carlos"},
        follow=True,
    ).content.decode()
    assert "Pedido de auxiliar — CPF do auxiliar: CPF inválido" in page
    cpf = CPF().generate()
    holder.post(
        f"/portal/permissoes/{permit.pk}/pedidos/auxiliar/", {"document": cpf, "name": "Carlos"}
    )
    with tenant(ipatinga_m):
        req = HolderRequest.objects.get(permit=permit, kind="auxiliary")
    assert req.auxiliary_document == cpf
    reason = "O auxiliar não está inscrito no Cadastro: faça a inscrição dele antes."
    r = clerk(user_of).post(
        f"/cadastro/pedidos/{req.pk}/", {"step": "refuse", "refuse-reason": reason}
    )
    assert r.status_code == 302
    page = holder.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert "indeferido" in page and reason in page
    # An aviso tells the holder the decision, with the reason.
    with tenant(ipatinga_m):
        aviso = Notification.objects.get(person=permit.holder, key=f"pedido:{req.pk}:refused")
    assert reason in aviso.message and "credenciamento de condutor auxiliar" in aviso.message


def test_the_termo_pdf_is_the_holders_own_only(taxi, ipatinga_m):
    permit, user = taxi
    r = login(user).get(f"/portal/permissoes/{permit.pk}/termo.pdf")
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    assert b"".join(r.streaming_content).startswith(b"%PDF")
    other = make_applicant_account(ipatinga_m, name="Outra Pessoa")
    assert login(other.user).get(f"/portal/permissoes/{permit.pk}/termo.pdf").status_code == 404
    assert (
        login(other.user).post(f"/portal/permissoes/{permit.pk}/pedidos/renovacao/", {}).status_code
        == 404
    )
    with tenant(ipatinga_m):
        assert not HolderRequest.objects.exists()


def test_a_clerk_cannot_file_and_a_holder_cannot_decide(taxi, user_of, ipatinga_m):
    permit, user = taxi
    desk = clerk(user_of)
    # The portal is the holder's: the clerk's login is refused there.
    assert desk.post(f"/portal/permissoes/{permit.pk}/pedidos/renovacao/", {}).status_code == 403
    login(user).post(f"/portal/permissoes/{permit.pk}/pedidos/renovacao/", {})
    with tenant(ipatinga_m):
        req = HolderRequest.objects.get(permit=permit)
    holder = login(user)
    assert holder.get("/cadastro/pedidos/").status_code == 403
    assert holder.post(f"/cadastro/pedidos/{req.pk}/", grant_form()).status_code == 403
    with tenant(ipatinga_m):
        req.refresh_from_db()
        assert req.status == "pending"


def test_an_anonymous_caller_reaches_no_request_route(taxi):
    permit, _ = taxi
    c = Client()
    for url in (
        f"/portal/permissoes/{permit.pk}/termo.pdf",
        "/cadastro/pedidos/",
    ):
        r = c.get(url)
        assert r.status_code == 302 and r["Location"].startswith("/entrar/")
    for url in (
        f"/portal/permissoes/{permit.pk}/pedidos/renovacao/",
        f"/portal/permissoes/{permit.pk}/pedidos/auxiliar/",
    ):
        r = c.post(url)
        assert r.status_code == 302 and r["Location"].startswith("/entrar/")


def test_mototaxi_holder_asks_the_renewal_and_reads_the_laws_reasons(ipatinga_m, user_of):
    ana = make_applicant_account(ipatinga_m, name="Ana Titular")
    with tenant(ipatinga_m):
        _, permit = make_holder(
            name="Ana Titular", user=ana.user, plate="TST1A23", number="MT-9", reg=9
        )
    holder = login(ana.user)
    page = holder.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    # The mototaxi law's own reasons for the renewal (art. 4 §1 checks the holder again: art. 5).
    assert "Lei de mototáxi de Ipatinga (2013), art. 5" in page
    holder.post(f"/portal/permissoes/{permit.pk}/pedidos/renovacao/", {})
    with tenant(ipatinga_m):
        req = HolderRequest.objects.get(permit=permit)
    page = (
        clerk(user_of)
        .post(f"/cadastro/pedidos/{req.pk}/", {"step": "grant", "grant-on": "2026-12-01"})
        .content.decode()
    )
    assert "Recusado pela lei." in page
    with tenant(ipatinga_m):
        req.refresh_from_db()
        assert req.status == "pending"


def test_mototaxi_art_14_par_1_the_request_is_offered_as_the_written_indication(
    ipatinga_m, user_of
):
    ana = make_applicant_account(ipatinga_m, name="Ana Titular")
    with tenant(ipatinga_m):
        _, permit = make_holder(
            name="Ana Titular", user=ana.user, plate="TST1A24", number="MT-10", reg=10
        )
    cpf = CPF().generate()
    login(ana.user).post(
        f"/portal/permissoes/{permit.pk}/pedidos/auxiliar/", {"document": cpf, "name": "Carlos"}
    )
    with tenant(ipatinga_m):
        req = HolderRequest.objects.get(permit=permit)
    page = clerk(user_of).get(f"/cadastro/pedidos/{req.pk}/").content.decode()
    assert f"Pedido {req.pk} pelo portal, de " in page
    assert "Cadastrar o auxiliar" in page


def test_a_request_waiting_on_a_permit_renounced_is_closed_and_the_holder_told(ipatinga_m, user_of):
    """Mototaxi art. 6 §6: once the permit is renounced no renewal can be granted on it; the
    request waiting is refused in the same step, with its act and the holder's aviso."""
    from outorga.core.models import Act
    from outorga.registry.models import Permit
    from outorga.registry.services.permit_status import permit_renounce

    ana = make_applicant_account(ipatinga_m, name="Ana Titular")
    with tenant(ipatinga_m):
        _, permit = make_holder(
            name="Ana Titular", user=ana.user, plate="TST1A24", number="MT-10", reg=10
        )
    login(ana.user).post(f"/portal/permissoes/{permit.pk}/pedidos/renovacao/", {})
    with tenant(ipatinga_m):
        req = HolderRequest.objects.get(permit=permit)
        assert req.status == HolderRequest.Status.PENDING
    permit_renounce(
        actor=actor("ipatinga", Role.ATENDENTE),
        municipality=ipatinga_m,
        permit=permit,
        on=dt.date(2026, 12, 1),
        request="deixo o serviço",
    )
    with tenant(ipatinga_m):
        req.refresh_from_db()
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.RENOUNCED
        assert req.status == HolderRequest.Status.REFUSED and "renunciada" in req.outcome
        assert Act.objects.filter(action="request.refuse", object_id=str(req.pk)).exists()
        aviso = Notification.objects.get(key=f"pedido:{req.pk}:refused")
    assert "não pode mais ser atendido" in aviso.message
