"""Issuing, re-issuing, revoking and printing badges: the law decides the mandatory fields."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone
from registry_factories import make_permit

from outorga.core.acts import Actor
from outorga.core.errors import Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent, Role
from outorga.public import services
from outorga.public.models import Badge
from outorga.registry.services.permit_status import permit_suspend
from outorga.registry.validation import FieldError


def _refusal_text(exc: Refused) -> str:
    return " ".join(
        f"{r.message} {' '.join(c.render() for c in r.citations)}" for r in exc.decision.refusals
    )


def test_art_2_viii_a_badge_without_photo_is_refused_with_the_article(ipatinga_m, badge_clerk):
    permit = make_permit(ipatinga_m, "SEMFOTO", photo=False)
    with pytest.raises(Refused) as exc:
        services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    text = _refusal_text(exc.value)
    assert "foto" in text and "art. 2, VIII" in text and "art. 5, §4" in text.replace("§ ", "§")
    with tenant(ipatinga_m):
        assert not Badge.objects.filter(permit=permit).exists()


def test_art_2_viii_a_badge_without_blood_type_and_rh_is_refused(ipatinga_m, badge_clerk):
    permit = make_permit(ipatinga_m, "SEMSANGUE", blood_type="")
    with pytest.raises(Refused) as exc:
        services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    text = _refusal_text(exc.value)
    assert "tipo sanguíneo" in text and "fator RH" in text


def test_only_the_clerk_issues_badges_and_a_refusal_is_an_act(ipatinga_m, user_of):
    permit = make_permit(ipatinga_m, "COMPETENCIA")
    inspector = Actor.of(user_of("ipatinga", Role.FISCAL))
    with pytest.raises(NotCompetent):
        services.badge_issue(actor=inspector, municipality=ipatinga_m, permit=permit)
    with tenant(ipatinga_m):
        act = Act.objects.order_by("-seq").first()
        assert (act.action, act.outcome) == ("badge.issue", "refused")


def test_a_clerk_of_another_municipality_cannot_issue(ipatinga_m, user_of):
    permit = make_permit(ipatinga_m, "OUTRO")
    barra_clerk = Actor.of(user_of("barra-do-garcas", Role.ATENDENTE))
    with pytest.raises(NotCompetent):
        services.badge_issue(actor=barra_clerk, municipality=ipatinga_m, permit=permit)


def test_no_badge_for_a_suspended_permit(ipatinga_m, badge_clerk, user_of):
    permit = make_permit(ipatinga_m, "SUSP")
    permit_suspend(
        actor=Actor.of(user_of("ipatinga", Role.AUTORIDADE)),
        municipality=ipatinga_m,
        permit=permit,
        days=15,
        start=timezone.localdate(),
        reason="teste",
        grounds={"kind": "escalation", "days": 15, "infractions": ["AI-1", "AI-2", "AI-3"]},
    )
    with pytest.raises(FieldError, match="suspensa"):
        services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)


def test_the_badge_is_valid_as_long_as_the_registration_certificate(ipatinga_m, badge_clerk):
    permit = make_permit(ipatinga_m, "VALIDADE", valid_days=120)
    badge = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    assert badge.valid_until == permit.certificate_valid_until  # mototaxi art. 4 §1
    assert badge.printed["validade"] == permit.certificate_valid_until.isoformat()
    assert "document" not in badge.printed and permit.holder.document not in str(badge.printed)


def test_issuing_is_an_act_with_the_laws_decision(ipatinga_m, badge_clerk):
    permit = make_permit(ipatinga_m, "ATO")
    badge = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    with tenant(ipatinga_m):
        act = Act.objects.get(action="badge.issue", object_id=str(badge.pk))
    assert "art. 2, VIII" in act.canonical
    assert "ipatinga.mototaxi-2013.badge" in act.canonical


def test_a_new_badge_revokes_the_previous_one(ipatinga_m, badge_clerk):
    permit = make_permit(ipatinga_m, "REEMISSAO")
    first = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    second = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    first.refresh_from_db()
    assert first.revoked_at is not None and second.serial in first.revoked_reason
    client = Client()
    assert "revogado" in client.get(f"/v/{first.token}").content.decode()
    assert "válido" in client.get(f"/v/{second.token}").content.decode()


def test_revoking_a_badge_shows_at_once(ipatinga_m, badge_clerk):
    permit = make_permit(ipatinga_m, "REVOGA")
    badge = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    with pytest.raises(FieldError):
        services.badge_revoke(actor=badge_clerk, municipality=ipatinga_m, badge=badge, reason=" ")
    services.badge_revoke(
        actor=badge_clerk, municipality=ipatinga_m, badge=badge, reason="extravio"
    )
    page = Client().get(f"/v/{badge.token}").content.decode()
    assert "revogado" in page and "válido" not in page


def test_an_auxiliary_gets_a_badge_of_their_own(ipatinga_m, badge_clerk):
    import datetime as dt

    from outorga.registry.models import Auxiliary

    permit = make_permit(ipatinga_m, "TITULAR")
    helper = make_permit(ipatinga_m, "AUXILIAR").holder
    with tenant(ipatinga_m):
        aux = Auxiliary.objects.create(
            permit=permit,
            person=helper,
            added_on=timezone.localdate(),
            registration_number=77,
            credential_valid_until=timezone.localdate() + dt.timedelta(days=30),
        )
    badge = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=permit, auxiliary=aux
    )
    assert badge.valid_until == aux.credential_valid_until  # mototaxi art. 14 §2
    html = Client().get(f"/v/{badge.token}").content.decode()
    assert helper.name in html and "Condutor auxiliar" in html


def test_printing_is_an_act_because_the_card_has_health_data(ipatinga_m, badge_clerk):
    badge = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=make_permit(ipatinga_m, "PRINT")
    )
    services.badge_print(
        actor=badge_clerk, municipality=ipatinga_m, badge=badge, base_url="http://x"
    )
    with tenant(ipatinga_m):
        assert Act.objects.filter(action="badge.print", object_id=str(badge.pk)).exists()


# Clerk screens and API ----------------------------------------------------------------------


def test_the_clerk_screen_issues_and_prints(ipatinga_m, user_of):
    permit = make_permit(ipatinga_m, "TELA")
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    response = client.post("/crachas/", {"permissao": permit.number.lower()})
    assert response.status_code == 302
    with tenant(ipatinga_m):
        badge = Badge.objects.get(permit=permit)
    listing = client.get("/crachas/").content.decode()
    assert badge.serial in listing and "válido" in listing
    pdf = client.get(f"/crachas/{badge.pk}/cracha.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert b"".join(pdf.streaming_content).startswith(b"%PDF-")


def test_the_clerk_screen_shows_the_laws_reasons(ipatinga_m, user_of):
    permit = make_permit(ipatinga_m, "SEMFOTO", photo=False)
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    response = client.post("/crachas/", {"permissao": permit.number})
    assert response.status_code == 422
    html = response.content.decode()
    assert "Faltam no crachá: foto" in html and "art. 2, VIII" in html


def test_the_api_issues_and_refuses_with_the_article(ipatinga_m, user_of):
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    ok = make_permit(ipatinga_m, "API")
    response = client.post("/api/v1/badges", {"permit_id": ok.pk}, content_type="application/json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "válido" and body["verification_url"].endswith(body["token"])
    bad = make_permit(ipatinga_m, "APISEMFOTO", photo=False)
    response = client.post("/api/v1/badges", {"permit_id": bad.pk}, content_type="application/json")
    assert response.status_code == 422
    assert "art. 2, VIII" in str(response.json()["erros"])
    pdf = client.get(f"/api/v1/badges/{body['id']}/pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF-")
    revoked = client.post(
        f"/api/v1/badges/{body['id']}/revoke",
        {"reason": "extravio"},
        content_type="application/json",
    )
    assert revoked.status_code == 200 and revoked.json()["status"] == "revogado"


def test_holders_and_platforms_do_not_see_badge_records(ipatinga_m, user_of, badge_clerk):
    badge = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=make_permit(ipatinga_m, "PORTAL")
    )
    client = Client()
    client.force_login(user_of("ipatinga", Role.PERMISSIONARIO))
    assert client.get("/crachas/").status_code == 403
    assert client.get("/api/v1/badges").status_code == 403
    assert client.get(f"/api/v1/badges/{badge.pk}").status_code == 403
    assert client.get(f"/api/v1/badges/{badge.pk}/pdf").status_code == 403


# Printing a badge that no longer holds --------------------------------------------------------


def _cassada(m, badge, user_of):  # type: ignore[no-untyped-def]
    import datetime as dt

    from outorga.registry.services.permit_status import permit_cassar

    with tenant(m):
        permit_cassar(
            actor=Actor.of(user_of("ipatinga", Role.CHEFE_EXECUTIVO)),
            municipality=m,
            permit=badge.permit,
            on=dt.date(2026, 3, 2),
            reason="cassação (art. 32, III) após o devido processo",
        )
        badge.refresh_from_db()


def _prints(m, badge, outcome):  # type: ignore[no-untyped-def]
    with tenant(m):
        return Act.objects.filter(action="badge.print", object_id=str(badge.pk), outcome=outcome)


def _pdf_text(content: bytes) -> str:
    import pypdfium2

    return pypdfium2.PdfDocument(content)[0].get_textpage().get_text_range()


def test_mototaxi_art_2_iii_staff_print_a_cassada_permit_s_badge_only_marked_sem_validade(
    ipatinga_m, badge_clerk, user_of
):
    """Mototaxi art. 2 II–III and art. 5 §4: the cassação extinguishes the permission and the
    register issued as the crachá, and compels their return — the desk never prints it as a card
    that could pass for valid. It may need a copy for the case file: the print carries "SEM
    VALIDADE" across the card, with the day and the articles, and the act says so."""
    badge = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=make_permit(ipatinga_m, "CASSPRT")
    )
    _cassada(ipatinga_m, badge, user_of)
    content = services.badge_print(
        actor=badge_clerk, municipality=ipatinga_m, badge=badge, base_url="http://x"
    )
    text = _pdf_text(content)
    assert "SEM VALIDADE" in text and "NÃO VALE COMO IDENTIFICAÇÃO" in text
    assert "cassada em 02/03/2026" in text and "art. 5, §4" in text
    printed = _prints(ipatinga_m, badge, "done").get()
    assert printed.actor_id == badge_clerk.user.pk
    assert printed.record["payload"]["new"]["sem_validade"] is True
    assert "art. 5, §4" in str(printed.record["basis"])
    assert not _prints(ipatinga_m, badge, "refused").exists()


def test_a_valid_badge_is_printed_without_the_sem_validade_mark(ipatinga_m, badge_clerk):
    badge = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=make_permit(ipatinga_m, "VALPRT")
    )
    content = services.badge_print(
        actor=badge_clerk, municipality=ipatinga_m, badge=badge, base_url="http://x"
    )
    assert "SEM VALIDADE" not in _pdf_text(content)
    assert "sem_validade" not in _prints(ipatinga_m, badge, "done").get().record["payload"]["new"]


def test_mototaxi_art_2_iii_the_clerk_screen_and_the_api_print_the_marked_copy(
    ipatinga_m, badge_clerk, user_of
):
    badge = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=make_permit(ipatinga_m, "CASSTELA")
    )
    _cassada(ipatinga_m, badge, user_of)
    client = Client()
    client.force_login(badge_clerk.user)
    # The list offers the badge that no longer holds only as a copy without validity.
    listing = client.get("/crachas/").content.decode()
    assert badge.serial in listing and "Cópia sem validade" in listing
    screen = client.get(f"/crachas/{badge.pk}/cracha.pdf")
    assert screen["Content-Type"] == "application/pdf"
    assert "SEM VALIDADE" in _pdf_text(b"".join(screen.streaming_content))
    api = client.get(f"/api/v1/badges/{badge.pk}/pdf")
    assert api.status_code == 200 and "SEM VALIDADE" in _pdf_text(api.content)
    assert _prints(ipatinga_m, badge, "done").count() == 2


def test_the_portal_rule_stands_a_revoked_badge_is_refused_to_the_holder_marked_for_the_desk(
    ipatinga_m, badge_clerk, user_of
):
    """The holder's own print (the portal) of a badge that will not hold again is refused, as an
    act: the holder must return the card, not print one; the desk gets the marked copy. A
    suspended permit's badge, which holds again when the suspension ends (mototaxi art. 32 I,
    §2), is printed plain."""
    badge = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=make_permit(ipatinga_m, "REVPRT")
    )
    services.badge_revoke(
        actor=badge_clerk, municipality=ipatinga_m, badge=badge, reason="crachá extraviado"
    )
    with pytest.raises(FieldError) as exc:
        services.badge_print_record(
            actor=badge_clerk,
            municipality=ipatinga_m,
            badge=badge,
            base_url="http://x",
            by="portal do permissionário",
        )
    assert "revogado" in str(exc.value)
    assert _prints(ipatinga_m, badge, "refused").exists()
    copy = services.badge_print(
        actor=badge_clerk, municipality=ipatinga_m, badge=badge, base_url="http://x"
    )
    assert "SEM VALIDADE" in _pdf_text(copy)
    suspended = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=make_permit(ipatinga_m, "SUSPRT")
    )
    with tenant(ipatinga_m):
        from outorga.registry.models import Permit

        Permit.objects.filter(pk=suspended.permit_id).update(status="suspended")
    content = services.badge_print(
        actor=badge_clerk, municipality=ipatinga_m, badge=suspended, base_url="http://x"
    )
    assert content.startswith(b"%PDF-") and "SEM VALIDADE" not in _pdf_text(content)


def test_taxi_art_41_iv_a_cassado_taxista_s_badge_is_refused_citing_the_cassacao_of_the_cadastro(
    ipatinga_m, badge_clerk
):
    """Taxi art. 41 IV and §3: the cassação of the taxista's inscription leaves the permission
    (art. 4 II, the compulsory return of the permission, is its cassação's, §4) — the refusal of
    the print cites the articles of the inscription's cassação, not those of the permission's."""
    import datetime as dt

    from django.utils import timezone
    from registry_factories import taxi_permit

    from outorga.enforcement.models import Penalty
    from outorga.registry.models import Permit

    today = timezone.localdate()
    permit = taxi_permit(ipatinga_m)
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=permit.pk).update(
            certificate_valid_until=today + dt.timedelta(days=200)
        )
        permit.refresh_from_db()
        permit.holder.photo.name = "photos/taxista.png"
        permit.holder.save(update_fields=["photo"])
    badge = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    with tenant(ipatinga_m):
        Penalty.objects.create(
            kind=Penalty.Kind.CASSACAO,
            permit=permit,
            imposed_on=today,
            decision={
                "target": "cadastro",
                "offender": {"kind": "holder", "person_id": permit.holder_id},
            },
        )
    with pytest.raises(FieldError) as exc:
        services.badge_print_record(
            actor=badge_clerk,
            municipality=ipatinga_m,
            badge=badge,
            base_url="http://x",
            by="portal do permissionário",
        )
    assert "art. 41, IV" in exc.value.citation and "art. 41, §3" in exc.value.citation
    assert "art. 4, II" not in str(exc.value)


def test_mototaxi_art_2_iii_a_cassado_auxiliary_s_badge_is_refused_citing_the_register_s_cassacao(
    ipatinga_m, badge_clerk
):
    """Mototaxi art. 2 III and art. 5 §4: the cassação of the auxiliary's credential compels the
    return of his register (RAC), issued as the crachá; the permission stands (art. 2 II is not
    his)."""
    import datetime as dt
    import re

    from django.utils import timezone

    from outorga.registry.models import Auxiliary

    permit = make_permit(ipatinga_m, "AUXTIT")
    with tenant(ipatinga_m):
        aux = Auxiliary.objects.create(
            permit=permit,
            person=make_permit(ipatinga_m, "AUXCAS").holder,
            added_on=dt.date(2026, 1, 5),
            credential_valid_until=timezone.localdate() + dt.timedelta(days=60),
        )
    badge = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=permit, auxiliary=aux
    )
    with tenant(ipatinga_m):
        Auxiliary.objects.filter(pk=aux.pk).update(status="cassado", removed_on=dt.date(2026, 2, 3))
    with pytest.raises(FieldError) as exc:
        services.badge_print_record(
            actor=badge_clerk,
            municipality=ipatinga_m,
            badge=badge,
            base_url="http://x",
            by="portal do permissionário",
        )
    cites = exc.value.citation
    assert "art. 2, III" in cites and "art. 5, §4" in cites
    assert not re.search(r"art\. 2, II(?!I)", cites)
    assert "cassada em 03/02/2026" in str(exc.value)


def test_the_api_answers_each_badge_field_as_stored(ipatinga_m, user_of):
    """Issue, detail, list and revoke answer the badge as recorded: each field read from the row,
    the verification address on the public address, the status as of today."""
    import json

    from django.conf import settings as django_settings
    from ninja.responses import NinjaJSONEncoder

    from outorga.public.selectors.badges import badge_status

    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    permit = make_permit(ipatinga_m, "CAMPOS")
    issued = client.post("/api/v1/badges", {"permit_id": permit.pk}, "application/json")
    assert issued.status_code == 201, issued.content
    public = getattr(django_settings, "OUTORGA_PUBLIC_URL", "") or "http://testserver/"

    def stored(pk: int) -> dict:
        with tenant(ipatinga_m):
            b = Badge.objects.select_related("key").get(pk=pk)
            row = {
                "id": b.pk,
                "serial": b.serial,
                "permit_id": permit.pk,
                "auxiliary_id": None,
                "issued_at": b.issued_at,
                "valid_until": b.valid_until,
                "revoked_at": b.revoked_at,
                "revoked_reason": b.revoked_reason,
                "key_id": b.key.key_id,
                "token": b.token,
                "verification_url": services.verification_url(public, b.token),
                "status": badge_status(b, timezone.localdate()).label,
            }
        return json.loads(json.dumps(row, cls=NinjaJSONEncoder))

    pk = issued.json()["id"]
    assert issued.json() == stored(pk)
    assert client.get(f"/api/v1/badges/{pk}").json() == stored(pk)
    listed = client.get("/api/v1/badges", {"permit_id": permit.pk}).json()["items"]
    assert listed == [stored(pk)]
    revoked = client.post(f"/api/v1/badges/{pk}/revoke", {"reason": "extravio"}, "application/json")
    assert revoked.json() == stored(pk)
    assert (revoked.json()["revoked_reason"], revoked.json()["status"]) == ("extravio", "revogado")
