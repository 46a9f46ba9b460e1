"""A badge of a service no law of the municipality governs (its binding removed: the service does
not exist there, ``core.lawseam``): every badge route refuses it in Portuguese, naming the
service, as the registry's routes do — never an internal error."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from registry_factories import make_permit

from outorga.core.localtime import today_of
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.public import services
from outorga.public.models import Badge
from outorga.public.selectors.badges import badge_ended

NO_LAW = "Nenhuma lei rege o serviço de mototáxi em Ipatinga"


@pytest.fixture
def clerk(ipatinga_client: Any) -> Client:
    return ipatinga_client(Role.ATENDENTE)


def _api_refusal(response: Any) -> dict[str, Any]:
    assert response.status_code == 422, response.content
    body: dict[str, Any] = response.json()
    assert body["codigo"] == "campo_invalido"
    (error,) = body["erros"]
    assert error["campo"] == "serviço" and NO_LAW in error["erro"]
    return body


def test_the_clerk_screen_refuses_the_pdf_saying_no_law_governs_the_service(ungoverned, clerk):
    _, badge = ungoverned
    response = clerk.get(f"/crachas/{badge.pk}/cracha.pdf", follow=True)
    assert response.redirect_chain == [("/crachas/", 302)]
    assert response.status_code == 200 and NO_LAW in response.content.decode()


def test_the_api_refuses_the_pdf_with_a_field_error_naming_the_service(ungoverned, clerk):
    _, badge = ungoverned
    _api_refusal(clerk.get(f"/api/v1/badges/{badge.pk}/pdf"))


def test_the_clerk_screen_and_the_api_refuse_its_revocation_alike(ungoverned, clerk):
    _, badge = ungoverned
    response = clerk.post(
        f"/crachas/{badge.pk}/revogar/", {"motivo": "extravio", "confirmado": "1"}, follow=True
    )
    assert response.redirect_chain == [("/crachas/", 302)]
    assert NO_LAW in response.content.decode()
    _api_refusal(
        clerk.post(
            f"/api/v1/badges/{badge.pk}/revoke",
            {"reason": "extravio"},
            content_type="application/json",
        )
    )
    with tenant(badge.municipality):
        badge.refresh_from_db()
    assert badge.revoked_at is None


def test_no_badge_is_issued_for_it_and_the_refusal_names_the_service(ungoverned, clerk):
    permit, _ = ungoverned
    response = clerk.post("/crachas/", {"permissao": permit.number})
    assert response.status_code == 422 and NO_LAW in response.content.decode()
    body = _api_refusal(
        clerk.post("/api/v1/badges", {"permit_id": permit.pk}, content_type="application/json")
    )
    assert body["detail"] == "Crachá recusado."
    with tenant(permit.municipality):
        assert Badge.objects.filter(permit=permit).count() == 1


def test_the_clerks_home_lists_no_badge_to_issue_for_it(ungoverned, clerk):
    permit, badge = ungoverned
    with tenant(permit.municipality):  # a permit whose badge is still to be issued
        Badge.objects.filter(pk=badge.pk).delete()
    response = clerk.get("/")
    assert response.status_code == 200
    assert f"Crachá de {permit.holder.name}" not in response.content.decode()


#: What the public verification says of a badge of a service no law of its municipality governs.
UNCONFIRMED = "nenhuma lei do município rege o serviço de mototáxi"


def test_the_public_verification_does_not_say_it_is_valid(ungoverned):
    """Anyone scanning the QR code reads that its validity cannot be confirmed, and why — never
    "válido": no law of the municipality governs the service the badge is for."""
    _, badge = ungoverned
    public = Client(raise_request_exception=False)
    page = public.get(f"/v/{badge.token}")
    assert page.status_code == 200
    text = page.content.decode()
    assert UNCONFIRMED in text and "Não é possível confirmar" in text
    assert "válido" not in text.lower().replace("validade", "")
    body = public.get(f"/api/v1/public/verify/{badge.token}").json()
    assert body["valido"] is False and body["situacao_codigo"] == "sem_lei"
    assert UNCONFIRMED in body["detalhe"] and body["situacao"] == "validade não confirmada"


def test_the_badge_lists_of_the_desk_do_not_say_it_is_valid(ungoverned, clerk):
    _, badge = ungoverned
    listed = clerk.get("/crachas/")
    assert listed.status_code == 200 and "validade não confirmada" in listed.content.decode()
    assert clerk.get(f"/api/v1/badges/{badge.pk}").json()["status"] == "validade não confirmada"


def test_a_revoked_badge_of_it_is_still_said_to_hold_no_more(
    ipatinga_m, badge_clerk, keep_only_laws
):
    """The portal's print asks why a badge no longer holds (``badge_ended``) without the desk's
    competence check: the answer needs no law where it cites none (a revocation)."""
    permit = make_permit(ipatinga_m, "REVOGADO")
    badge = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    services.badge_revoke(
        actor=badge_clerk, municipality=ipatinga_m, badge=badge, reason="extravio"
    )
    keep_only_laws(ipatinga_m, "ipatinga.taxi-2017")
    with tenant(ipatinga_m):
        badge.refresh_from_db()
        ended = badge_ended(badge, today_of(ipatinga_m))
    assert ended is not None and "não vale mais" in ended.message


def test_the_public_list_and_the_plate_check_do_not_say_it_is_active(ungoverned):
    """The public list of permits and the plate check say of such a permit what its badge says:
    its validity cannot be confirmed, no law of the municipality governing its service."""
    permit, _ = ungoverned
    public = Client(raise_request_exception=False)
    with tenant(permit.municipality):
        plate = permit.vehicle.plate
    listed = public.get("/publico/ipatinga/permissoes/")
    assert listed.status_code == 200
    row = listed.content.decode().split(permit.number, 1)[1].split("</tr>", 1)[0]
    assert "validade não confirmada" in row and "ativa" not in row
    checked = public.get(f"/publico/ipatinga/placa/?placa={plate}")
    assert checked.status_code == 200
    text = checked.content.decode()
    assert permit.number in text and "validade não confirmada" in text
    assert UNCONFIRMED in text and ">ativa<" not in text
