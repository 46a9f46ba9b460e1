"""A badge whose record of what was printed on it (``Badge.printed``) lacks fields — a row made
without them: no writer of the product leaves them out (``badge_issue`` has recorded all of them
since badges exist, and no import makes badges), but a row put in by hand or by a repair does —
prints from its own row (municipality, permit, condition, validity, bearer) and the registry,
and the print's act names the fields read from the registry; never an internal error."""

from __future__ import annotations

from django.test import Client
from enforcement_factories import pdf_text
from public_factories import badge_without_law
from registry_factories import make_permit

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role


def test_mototaxi_art_2_viii_a_badge_without_its_printed_fields_prints_from_its_own_record(
    ipatinga_m, badge_clerk, user_of
):
    permit = make_permit(ipatinga_m, "SEMIMPR", blood_type="AB-", plate="QWE1A23")
    badge = badge_without_law(ipatinga_m, permit, badge_clerk)
    assert badge.printed == {}
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    screen = client.get(f"/crachas/{badge.pk}/cracha.pdf")
    assert screen.status_code == 200 and screen["Content-Type"] == "application/pdf"
    text = pdf_text(b"".join(screen.streaming_content))
    # The card's fields of art. 2 VIII: name, blood type and Rh, CNH, authorization, plate.
    assert "PREFEITURA DE IPATINGA/MG" in text and "PERMISSIONÁRIO" in text
    assert permit.holder.name.upper() in text and "RH AB" in text and "QWE1A23" in text
    assert permit.number in text and f"{badge.valid_until:%d/%m/%Y}" in text
    api = client.get(f"/api/v1/badges/{badge.pk}/pdf")
    assert api.status_code == 200 and api.content.startswith(b"%PDF-")
    with tenant(ipatinga_m):
        act = Act.objects.filter(action="badge.print", object_id=str(badge.pk)).first()
    assert act is not None
    assert "nome" in act.record["payload"]["new"]["lidos_do_cadastro"]


def test_a_badge_with_its_printed_record_prints_it_and_reads_nothing_of_the_registry(
    ipatinga_m, badge_clerk, user_of
):
    """Guards the one above: a card issued by the desk reprints what was printed on it."""
    from outorga.public import services

    badge = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=make_permit(ipatinga_m, "COMIMPR")
    )
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    assert client.get(f"/crachas/{badge.pk}/cracha.pdf").status_code == 200
    with tenant(ipatinga_m):
        act = Act.objects.filter(action="badge.print", object_id=str(badge.pk)).get()
    assert "lidos_do_cadastro" not in act.record["payload"]["new"]
