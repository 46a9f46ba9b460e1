"""Public pages: what anyone sees without logging in, and what they never see."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.utils import timezone
from public_factories import badge_without_law
from registry_factories import make_permit

from outorga.core.acts import Actor
from outorga.core.models import ParameterOverride
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.public import services
from outorga.public.selectors import badges, permits
from outorga.registry.models import Auxiliary, Permit, PermitStatusChange
from outorga.registry.services.permit_status import permit_cassar

TODAY = dt.date(2026, 6, 1)


def _badge_for(m, clerk, **permit_fields):
    permit = make_permit(m, "STATUS")
    badge = services.badge_issue(actor=clerk, municipality=m, permit=permit)
    with tenant(m):
        Permit.objects.filter(pk=permit.pk).update(**permit_fields)
        badge.refresh_from_db()
        badge.permit.refresh_from_db()
    return badge


@pytest.mark.parametrize(
    ("fields", "code", "label"),
    [
        ({}, "valido", "válido"),
        ({"status": "suspended", "suspended_until": TODAY}, "suspenso", "suspenso"),
        (
            {"status": "suspended", "suspended_until": TODAY - dt.timedelta(days=1)},
            "suspenso",
            "suspenso",
        ),
        ({"status": "cassada"}, "cassado", "cassado"),
        ({"status": "revoked"}, "revogado", "revogado"),
        ({"status": "renounced"}, "encerrado", "encerrado"),
        ({"status": "extinct"}, "encerrado", "encerrado"),
        ({"status": "reserve"}, "reserva", "em reserva"),
        (
            {"irregular": True, "irregular_reason": "atestado médico vencido"},
            "irregular",
            "irregular",
        ),
    ],
)
def test_the_status_follows_the_permit(ipatinga_m, badge_clerk, fields, code, label):
    badge = _badge_for(ipatinga_m, badge_clerk, **fields)
    status = badges.badge_status(badge, TODAY)
    assert (status.code, status.label) == (code, label)
    assert status.valid is (code == "valido")
    assert "atestado" not in status.detail  # the reason of an irregularity is not public


def test_art_2_xxiv_a_suspension_without_end_suggests_no_irregularity(ipatinga_m, badge_clerk):
    """A holder in a public post is suspended with no end date (mototaxi art. 2 XXIV, not a
    penalty): the public check says so, not that irregularities are to be corrected."""
    badge = _badge_for(ipatinga_m, badge_clerk, status="suspended", suspended_until=None)
    status = badges.badge_status(badge, TODAY)
    assert status.code == "suspenso" and status.detail == "Suspensa, sem data de término."
    ended = _badge_for(
        ipatinga_m, badge_clerk, status="suspended", suspended_until=TODAY - dt.timedelta(days=1)
    )
    assert "comprovar a correção" in badges.badge_status(ended, TODAY).detail


def test_the_badge_expires_with_its_validity(ipatinga_m, badge_clerk):
    badge = _badge_for(ipatinga_m, badge_clerk)
    last_day = badge.valid_until
    assert badges.badge_status(badge, last_day).code == "valido"
    after = badges.badge_status(badge, last_day + dt.timedelta(days=1))
    assert after.code == "vencido" and last_day.strftime("%d/%m/%Y") in after.detail


def test_an_auxiliary_badge_follows_the_auxiliary(ipatinga_m, badge_clerk):
    permit = make_permit(ipatinga_m, "TIT")
    with tenant(ipatinga_m):
        aux = Auxiliary.objects.create(
            permit=permit,
            person=make_permit(ipatinga_m, "AUX").holder,
            added_on=TODAY,
            credential_valid_until=timezone.localdate() + dt.timedelta(days=60),
        )
    badge = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=permit, auxiliary=aux
    )
    with tenant(ipatinga_m):
        Auxiliary.objects.filter(pk=aux.pk).update(status="cassado")
        badge.refresh_from_db()
    assert badges.badge_status(badge, timezone.localdate()).code == "cassado"


def test_the_page_shows_nothing_else_personal(ipatinga_m, badge_clerk):
    badge = _badge_for(ipatinga_m, badge_clerk)
    holder = badge.permit.holder
    html = Client().get(f"/v/{badge.token}").content.decode()
    cpf = holder.document
    for secret in (
        cpf,
        f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}",
        holder.address,
        "O+",
        "02650306461",
    ):
        assert secret not in html
    assert holder.name in html and badge.permit.number in html
    assert badge.permit.vehicle.plate in html
    assert "Mototáxi" in html or "mototáxi" in html.lower()


def test_the_page_is_mobile_first_and_never_cached(ipatinga_m, badge_clerk):
    badge = _badge_for(ipatinga_m, badge_clerk)
    response = Client().get(f"/v/{badge.token}")
    assert 'name="viewport"' in response.content.decode()
    assert response["Cache-Control"] == "no-store"
    assert response["Referrer-Policy"] == "no-referrer"


def test_the_photo_is_served_only_through_a_valid_token(ipatinga_m, badge_clerk):
    badge = _badge_for(ipatinga_m, badge_clerk)
    client = Client()
    photo = client.get(f"/v/{badge.token}/foto")
    assert photo.status_code == 200 and photo["Content-Type"] == "image/png"
    assert photo.content.startswith(b"\x89PNG")
    assert client.get(f"/v/{'A' * 106}/foto").status_code == 404


def test_a_user_logged_into_another_municipality_sees_exactly_what_the_public_sees(
    ipatinga_m, badge_clerk, user_of
):
    badge = _badge_for(ipatinga_m, badge_clerk)
    public = Client().get(f"/v/{badge.token}")
    logged = Client()
    logged.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    seen = logged.get(f"/v/{badge.token}")
    assert seen.status_code == public.status_code == 200
    assert seen.content == public.content
    # And the municipality's own staff get nothing more either.
    own = Client()
    own.force_login(user_of("ipatinga", Role.AUTORIDADE))
    assert own.get(f"/v/{badge.token}").content == public.content


def test_too_many_requests_get_a_429_in_portuguese(ipatinga_m, badge_clerk, settings):
    settings.OUTORGA_PUBLIC_RATE_PER_MINUTE = 3
    badge = _badge_for(ipatinga_m, badge_clerk)
    client = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(3):
        assert client.get(f"/v/{badge.token}").status_code == 200
    response = client.get(f"/v/{badge.token}")
    assert response.status_code == 429
    assert "Muitas consultas" in response.content.decode()
    assert 0 < int(response["Retry-After"]) <= 60
    # Invalid tokens count too (no free guessing), and other clients are not affected.
    assert client.get(f"/v/{'B' * 106}").status_code == 429
    assert Client(REMOTE_ADDR="203.0.113.10").get(f"/v/{badge.token}").status_code == 200
    api = client.get(f"/api/v1/public/verify/{badge.token}")
    assert api.status_code in (200, 429)


def test_the_verify_api_returns_the_same_facts(ipatinga_m, badge_clerk):
    badge = _badge_for(ipatinga_m, badge_clerk)
    body = Client().get(f"/api/v1/public/verify/{badge.token}").json()
    assert body["valido"] is True and body["situacao"] == "válido"
    assert body["nome"] == badge.permit.holder.name
    assert body["foto"].endswith(f"/v/{badge.token}/foto")
    assert badge.permit.holder.document not in str(body)
    assert Client().get(f"/api/v1/public/verify/{'A' * 106}").status_code == 404


# Municipality pages -------------------------------------------------------------------------


def test_the_public_list_shows_active_holders_of_that_municipality_only(
    ipatinga_m, barra_m, user_of
):
    mine = make_permit(ipatinga_m, "IPATINGUENSE")
    gone = make_permit(ipatinga_m, "RENUNCIOU")
    theirs = make_permit(barra_m, "BARRENSE")
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=gone.pk).update(status="renounced")
    html = Client().get("/publico/ipatinga/permissoes/").content.decode()
    assert mine.holder.name in html and mine.number in html and mine.vehicle.plate in html
    assert gone.holder.name not in html
    assert theirs.holder.name not in html
    assert mine.holder.document not in html and "Sigiloso" not in html
    # Barra do Garças binds no law of permits (only the apps law): its page lists none.
    barra = Client().get("/publico/barra-do-garcas/permissoes/").content.decode()
    assert mine.holder.name not in barra and theirs.holder.name not in barra
    assert "não concede permissões" in barra
    assert Client().get("/publico/nao-existe/permissoes/").status_code == 404


def test_the_list_filters_by_service(ipatinga_m):
    moto = make_permit(ipatinga_m, "MOTO")
    frete = make_permit(ipatinga_m, "FRETE", service="motofrete")
    html = Client().get("/publico/ipatinga/permissoes/?servico=motofrete").content.decode()
    assert frete.holder.name in html and moto.holder.name not in html


def test_art_6_a_permit_past_its_term_is_not_listed_as_active(ipatinga_m):
    """Mototaxi art. 6: the permission lasts its term; a registration certificate renewed in the
    term's last year outlives it, and the public list and the plate check must not show the
    permission as active past the term's end (the badge already reads the term)."""
    today = timezone.localdate()
    permit = make_permit(ipatinga_m, "TERMOFIM", plate="TRM1A23")
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=permit.pk).update(term_end=today - dt.timedelta(days=1))
        permit.refresh_from_db()
    assert permit.certificate_valid_until > today
    status = permits.permit_status(permit, today)
    assert (status.code, status.valid) == ("vencido", False)
    assert status.label == "prazo encerrado"
    assert permits.permit_status(permit, today - dt.timedelta(days=1)).valid
    html = Client().get("/publico/ipatinga/placa/?placa=TRM1A23").content.decode()
    assert permit.number in html and "prazo encerrado" in html


@pytest.mark.parametrize("page", ["placa/?placa=TRM9A87", "permissoes/"])
def test_art_6_the_plate_check_and_the_list_read_the_municipality_s_day_whoever_asks(
    ipatinga_m, user_of, monkeypatch, page
):
    """At 00:30 of 17/04/2026 in Ipatinga (UTC−3) it is still 23:30 of 16/04 in Barra do Garças
    (UTC−4): a permit whose term ended on 16/04 reads "prazo encerrado" for everyone, also for a
    user logged into Barra do Garças — the public pages of a municipality are on its clock, as
    the badge's page is (mototaxi art. 6; decision D-15)."""
    permit = make_permit(ipatinga_m, "RELOGIO", plate="TRM9A87")
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=permit.pk).update(term_end=dt.date(2026, 4, 16))
    instant = dt.datetime(2026, 4, 17, 3, 30, tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant)
    logged = Client()
    logged.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    for client in (Client(), logged):
        html = client.get(f"/publico/ipatinga/{page}").content.decode()
        assert permit.number in html and "prazo encerrado" in html


def test_verification_by_plate(ipatinga_m, barra_m):
    permit = make_permit(ipatinga_m, "PLACA", plate="QWE1R23")
    other = make_permit(barra_m, "PLACAB", plate="ZXC4V56")
    client = Client()
    html = client.get("/publico/ipatinga/placa/?placa=qwe-1r23").content.decode()
    assert "ativa" in html and permit.number in html and permit.holder.name in html
    html = client.get("/publico/ipatinga/placa/?placa=ZXC4V56").content.decode()
    assert "Sem permissão" in html and other.holder.name not in html
    old_format = make_permit(ipatinga_m, "ANTIGA", plate="HGF1234")
    html = client.get("/publico/ipatinga/placa/?placa=HGF-1234").content.decode()
    assert old_format.number in html and "HGF-1234" in html


def test_tariffs_in_force_with_example_values_flagged(ipatinga_m):
    html = Client().get("/publico/ipatinga/tarifas/").content.decode()
    assert "Lei de mototáxi de Ipatinga (2013)" in html
    assert "Lei do táxi de Ipatinga (2017)" in html
    assert "R$ 5,00" in html  # example urban mototaxi tariff
    assert "valor de exemplo" in html
    assert "bandeirada" in html.lower()


def test_a_municipal_decree_value_replaces_the_example(ipatinga_m):
    with tenant(ipatinga_m):
        ParameterOverride.objects.create(
            name="mototaxi_2013.tariff.mototaxi.urbana",
            effective=dt.date(2025, 1, 1),
            value=725,
            legal_reference="Decreto 123/2025",
            example=False,
        )
    html = Client().get("/publico/ipatinga/tarifas/").content.decode()
    row = re.search(r"Tarifa urbana de mototaxi.*?</tr>", html, re.S)
    assert row is not None
    assert "R$ 7,25" in row.group(0) and "valor de exemplo" not in row.group(0)
    assert "Decreto 123/2025" in row.group(0)


def test_fare_limits_not_yet_set_are_shown_as_such(barra_m):
    html = Client().get("/publico/barra-do-garcas/tarifas/").content.decode()
    assert "não fixado" in html


def test_a_badge_of_barra_is_verified_on_its_own(barra_m, user_of):
    clerk = Actor.of(user_of("barra-do-garcas", Role.ATENDENTE))
    badge = badge_without_law(barra_m, make_permit(barra_m, "MT"), clerk)
    html = Client().get(f"/v/{badge.token}").content.decode()
    assert "Barra do Garças" in html


def test_the_public_list_is_paginated(ipatinga_m, monkeypatch):
    monkeypatch.setattr(permits, "PAGE_SIZE", 2)
    made = [make_permit(ipatinga_m, f"PAG{i}") for i in range(3)]
    _, page = permits.public_permits(ipatinga_m, timezone.localdate())
    assert page.paginator.num_pages >= 2
    client = Client()
    pages = [
        client.get(f"/publico/ipatinga/permissoes/?pagina={n}").content.decode()
        for n in page.paginator.page_range
    ]
    for p in made:
        assert sum(p.holder.name in html for html in pages) == 1  # on exactly one page
    assert "Próxima" in pages[0] and "Anterior" in pages[-1]


def _ended_page(client: Client, badge) -> str:  # type: ignore[no-untyped-def]
    return re.sub(r"\s+", " ", client.get(f"/v/{badge.token}").content.decode())


def test_a_cassated_permit_s_badge_page_says_not_valid_since_when_and_no_validity(
    ipatinga_m, badge_clerk, user_of
):
    badge = _badge_for(ipatinga_m, badge_clerk)
    printed = badge.valid_until.strftime("%d/%m/%Y")
    authority = Actor.of(user_of("ipatinga", Role.CHEFE_EXECUTIVO))
    with tenant(ipatinga_m):
        permit_cassar(
            actor=authority,
            municipality=ipatinga_m,
            permit=badge.permit,
            on=dt.date(2026, 3, 2),
            reason="cassação após o devido processo",
        )
    html = _ended_page(Client(), badge)
    assert "Sem efeito — não vale mais" in html and "cassado" in html
    assert "A permissão foi cassada em 02/03/2026 (" in html and "art. 5, §4" in html
    assert "sem efeito</strong> desde 02/03/2026" in html
    # The printed validity is never shown as if it held.
    assert printed not in html


def test_a_revoked_badge_s_page_says_since_when_it_does_not_hold(ipatinga_m, badge_clerk):
    badge = _badge_for(ipatinga_m, badge_clerk)
    printed = badge.valid_until.strftime("%d/%m/%Y")
    services.badge_revoke(
        actor=badge_clerk, municipality=ipatinga_m, badge=badge, reason="crachá extraviado"
    )
    today = timezone.localdate().strftime("%d/%m/%Y")
    html = _ended_page(Client(), badge)
    assert "Sem efeito — não vale mais" in html
    assert f"revogado ou substituído em {today}" in html
    assert f"sem efeito</strong> desde {today}" in html
    assert printed not in html
    # The verification API says the same: no validity for a badge without effect.
    body = Client().get(f"/api/v1/public/verify/{badge.token}").json()
    assert body["valido"] is False and body["validade"] is None


def test_an_extinct_permit_s_badge_is_said_extinct_with_its_date(ipatinga_m, badge_clerk):
    badge = _badge_for(ipatinga_m, badge_clerk, status="extinct")
    with tenant(ipatinga_m):
        PermitStatusChange.objects.create(
            permit=badge.permit,
            from_status="active",
            to_status="extinct",
            effective_on=dt.date(2026, 4, 30),
            reason="falecimento",
        )
        badge.refresh_from_db()
    status = badges.badge_status(badge, TODAY)
    assert (status.code, status.since, status.ended) == ("encerrado", dt.date(2026, 4, 30), True)
    assert status.detail == (
        "A permissão foi extinta em 30/04/2026 "
        "(Lei de mototáxi de Ipatinga (2013), art. 6, §6; art. 2, XX)."
    )
    html = _ended_page(Client(), badge)
    assert "sem efeito</strong> desde 30/04/2026" in html


@pytest.mark.parametrize(
    ("fields", "code", "articles"),
    [
        ({"status": "cassada"}, "cassado", ["art. 2, II", "art. 2, III", "art. 5, §4"]),
        ({"status": "revoked"}, "revogado", ["art. 31, IV", "art. 32, II"]),
        ({"status": "extinct"}, "encerrado", ["art. 6, §6", "art. 2, XX"]),
        ({"status": "renounced"}, "encerrado", ["art. 2, XX"]),
    ],
)
def test_art_2_ii_iii_art_31_iv_the_qr_check_of_an_ended_permit_s_badge_cites_the_article(
    ipatinga_m, badge_clerk, fields, code, articles
):
    """The public verification (the QR code's page and the verify API) of a badge whose permit
    was cassada (mototaxi art. 2 II–III, art. 5 §4), revoked (art. 31 IV, art. 32 II) or extinct
    (art. 6 §6, art. 2 XX) says it is not valid and why, citing the articles."""
    badge = _badge_for(ipatinga_m, badge_clerk, **fields)
    with tenant(ipatinga_m):
        status = badges.badge_status(badge, TODAY)
    assert (status.code, status.valid) == (code, False)
    assert all(a in status.detail for a in articles), status.detail
    html = _ended_page(Client(), badge)
    assert "não vale mais" in html and all(a in html for a in articles)
    body = Client().get(f"/api/v1/public/verify/{badge.token}").json()
    assert body["valido"] is False
    assert all(a in str(body) for a in articles), body


def test_art_2_iii_the_qr_check_of_a_cassado_auxiliary_s_badge_cites_the_register_s_cassacao(
    ipatinga_m, badge_clerk
):
    """Mototaxi art. 2 III and art. 5 §4: the auxiliary's credential cassada, his badge (his
    register) is said not valid on the QR check, with the articles of that cassação."""
    permit = make_permit(ipatinga_m, "AUXQR")
    with tenant(ipatinga_m):
        aux = Auxiliary.objects.create(
            permit=permit,
            person=make_permit(ipatinga_m, "AUXQRP").holder,
            added_on=dt.date(2026, 1, 5),
            credential_valid_until=timezone.localdate() + dt.timedelta(days=60),
        )
    badge = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=permit, auxiliary=aux
    )
    with tenant(ipatinga_m):
        Auxiliary.objects.filter(pk=aux.pk).update(status="cassado", removed_on=dt.date(2026, 2, 3))
    html = _ended_page(Client(), badge)
    assert "credencial do condutor auxiliar foi cassada em 03/02/2026" in html
    assert "art. 2, III" in html and "art. 5, §4" in html


def test_a_valid_badge_still_shows_its_validity(ipatinga_m, badge_clerk):
    badge = _badge_for(ipatinga_m, badge_clerk)
    html = _ended_page(Client(), badge)
    assert "não vale" not in html.lower() and "sem efeito" not in html.lower()
    until = min(badge.valid_until, badge.permit.term_end).strftime("%d/%m/%Y")
    assert f"<dt>Validade</dt><dd>{until}</dd>" in html


def _taxi_badge_of_a_cassado_driver(m, clerk):
    """A taxi badge whose bearer's inscription in the Cadastro Municipal de Taxistas is cassada
    (taxi art. 41, IV and §3: cassado as another permit's auxiliary), read in ``m``'s records."""
    permit = make_permit(m, "TAXI", service="taxi")
    badge = badge_without_law(m, permit, clerk)
    other = make_permit(m, holder=make_permit(m, "OUTRO", service="taxi").holder, service="taxi")
    with tenant(m):
        Auxiliary.objects.create(
            permit=other,
            person=permit.holder,
            status=Auxiliary.Status.CASSADO,
            added_on=dt.date(2024, 1, 1),
            removed_on=dt.date(2025, 1, 1),
        )
    return badge


@pytest.mark.parametrize("who", [None, ("barra-do-garcas", Role.ATENDENTE)])
def test_the_verify_api_reads_a_taxi_badge_in_its_own_municipality(
    ipatinga_m, badge_clerk, user_of, who
):
    """The API answers what the page says, whoever asks: anonymously (no municipality of the
    caller's) or logged into another municipality, whose records are not the badge's."""
    badge = _taxi_badge_of_a_cassado_driver(ipatinga_m, badge_clerk)
    client = Client()
    if who is not None:
        client.force_login(user_of(*who))
    page = client.get(f"/v/{badge.token}").content.decode()
    assert "cassado" in page
    response = client.get(f"/api/v1/public/verify/{badge.token}")
    assert response.status_code == 200
    body = response.json()
    assert body["situacao_codigo"] == "cassado" and body["valido"] is False


def test_art_42_v_a_taxi_suspension_ends_with_its_period_on_the_badge_and_the_public_page(
    ipatinga_m, badge_clerk
):
    """Taxi art. 42 V: the suspension of the permission is limited to the days fixed (at most 90)
    and the law asks no proof for the return (unlike mototaxi art. 32 §2): on its last day the
    badge says suspended until that day; from the next day it no longer says suspended, on the
    inspector's status nor on the public verification page."""
    from registry_factories import taxi_permit

    today = timezone.localdate()
    permit = taxi_permit(ipatinga_m)
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=permit.pk).update(
            certificate_valid_until=today + dt.timedelta(days=200)
        )
        permit.refresh_from_db()
        permit.holder.photo.name = "photos/taxista.png"  # the card needs a photo (name is enough)
        permit.holder.save(update_fields=["photo"])
    badge = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    last_day = today - dt.timedelta(days=1)
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=permit.pk).update(status="suspended", suspended_until=last_day)
        badge.refresh_from_db()
        badge.permit.refresh_from_db()
        on_last_day = badges.badge_status(badge, last_day)
        after = badges.badge_status(badge, today)
    assert on_last_day.code == "suspenso"
    assert on_last_day.detail == f"Suspensa até {last_day:%d/%m/%Y}."
    assert (after.code, after.valid) == ("valido", True)
    assert "uspens" not in after.detail and "comprovar" not in after.detail
    html = Client().get(f"/v/{badge.token}").content.decode()
    assert "válido" in html and "suspens" not in html.lower()
    with tenant(ipatinga_m):
        row = Permit.objects.get(pk=permit.pk)
    assert permits.permit_status(row, last_day).code == "suspenso"
    assert permits.permit_status(row, today).code == "valido"


# Badges and the public list after a cassação ------------------------------------------------


def test_art_32_iii_and_34_1_the_badges_of_a_cassada_permit_verify_as_cassado_from_its_day(
    ipatinga_m, badge_clerk, user_of
):
    """Mototaxi art. 32 III and art. 34 §1: the permission cassada by the Chief Executive; its
    cassação extingue e gera a devolução compulsória of the permission and of the register issued
    as the crachá (art. 2 II–III, art. 5 §4). The holder's badge and its auxiliary's both verify
    as cassado, not valid, and the verification API names the day from which they are without
    effect — as the QR page does ("sem efeito desde")."""
    permit = make_permit(ipatinga_m, "CASSAUX")
    with tenant(ipatinga_m):
        aux = Auxiliary.objects.create(
            permit=permit,
            person=make_permit(ipatinga_m, "AUXCASS").holder,
            added_on=TODAY,
            credential_valid_until=timezone.localdate() + dt.timedelta(days=60),
        )
    own = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    helper = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=permit, auxiliary=aux
    )
    before = Client().get(f"/api/v1/public/verify/{helper.token}").json()
    assert before["valido"] is True and before["sem_efeito_desde"] is None
    with tenant(ipatinga_m):
        permit_cassar(
            actor=Actor.of(user_of("ipatinga", Role.CHEFE_EXECUTIVO)),
            municipality=ipatinga_m,
            permit=permit,
            on=dt.date(2026, 3, 2),
            reason="cassação (art. 32, III, e) após o devido processo",
        )
    for badge in (own, helper):
        body = Client().get(f"/api/v1/public/verify/{badge.token}").json()
        assert (body["valido"], body["situacao_codigo"]) == (False, "cassado")
        assert body["sem_efeito_desde"] == "2026-03-02" and body["validade"] is None
        assert body["detalhe"] == (
            "A permissão foi cassada em 02/03/2026 "
            "(Lei de mototáxi de Ipatinga (2013), art. 2, II; art. 2, III; art. 5, §4)."
        )
        assert "sem efeito</strong> desde 02/03/2026" in _ended_page(Client(), badge)


def _taxi_holder_badge(m, clerk):  # type: ignore[no-untyped-def]
    """A taxi permit in force, its Termo valid, and its holder's badge."""
    from registry_factories import taxi_permit

    permit = taxi_permit(m)
    with tenant(m):
        Permit.objects.filter(pk=permit.pk).update(
            certificate_valid_until=timezone.localdate() + dt.timedelta(days=200)
        )
        permit.refresh_from_db()
        permit.holder.photo.name = "photos/taxista.png"  # the card needs a photo (name is enough)
        permit.holder.save(update_fields=["photo"])
    return services.badge_issue(actor=clerk, municipality=m, permit=permit)


def _holder_cadastro_penalty(m, permit, kind, on, days=None):  # type: ignore[no-untyped-def]
    """A penalty on the holder's inscription in the Cadastro Municipal de Taxistas, as the
    enforcement decision records it (taxi art. 41 IV; art. 42 IV)."""
    from outorga.enforcement.models import Penalty

    with tenant(m):
        Penalty.objects.create(
            kind=kind,
            permit=permit,
            imposed_on=on,
            days=days,
            decision={
                "target": "cadastro",
                "offender": {"kind": "holder", "person_id": permit.holder_id},
            },
        )


def _listed(m, permit, today):  # type: ignore[no-untyped-def]
    rows, _ = permits.public_permits(m, today, "taxi")
    return next(r["status"] for r in rows if r["numero"] == permit.number)


def _row_html(m, permit) -> str:  # type: ignore[no-untyped-def]
    html = Client().get(f"/publico/{m.slug}/permissoes/?servico=taxi").content.decode()
    return next(row for row in html.split("<tr>") if permit.number in row)


def test_art_41_iv_a_taxi_permit_whose_holder_s_inscription_is_cassada_is_not_listed_as_ativa(
    ipatinga_m, badge_clerk
):
    """Taxi art. 41 IV and §3: the cassação of the taxista's inscription in the Cadastro leaves
    the permission (whose own cassação is art. 41 V, §4) but the punished holder "fica impedido de
    dirigir táxi no Município". From the day of the cassação the public list and the plate check
    say so, as the holder's badge does — never "ativa"; the day before, it is still active."""
    today = timezone.localdate()
    badge = _taxi_holder_badge(ipatinga_m, badge_clerk)
    permit = badge.permit
    _holder_cadastro_penalty(ipatinga_m, permit, "cassacao", today)
    day_before = _listed(ipatinga_m, permit, today - dt.timedelta(days=1))
    assert (day_before.code, day_before.label, day_before.valid) == ("valido", "ativa", True)
    status = _listed(ipatinga_m, permit, today)
    assert (status.code, status.valid) == ("cassado", False)
    assert status.label == "inscrição do titular cassada"
    assert f"cassada em {today:%d/%m/%Y}" in status.detail and "art. 41, IV" in status.detail
    with tenant(ipatinga_m):
        assert badges.badge_status(badge, today).code == status.code
    row = _row_html(ipatinga_m, permit)
    assert "inscrição do titular cassada" in row and "ativa" not in row
    plate = Client().get(f"/publico/ipatinga/placa/?placa={permit.vehicle.plate}")
    assert "inscrição do titular cassada" in plate.content.decode()


def test_art_42_iv_a_taxi_permit_whose_holder_s_inscription_is_suspended_says_so_to_its_last_day(
    ipatinga_m, badge_clerk
):
    """Taxi art. 42 IV: the suspension of the taxista's inscription, limited to 90 days: on its
    last day the public list says the holder's inscription is suspended until that day, as the
    badge does; the next day the permission is listed as active again."""
    today = timezone.localdate()
    badge = _taxi_holder_badge(ipatinga_m, badge_clerk)
    permit = badge.permit
    start = today - dt.timedelta(days=9)
    _holder_cadastro_penalty(ipatinga_m, permit, "suspension", start, days=10)
    last_day = _listed(ipatinga_m, permit, today)
    assert (last_day.code, last_day.valid) == ("suspenso", False)
    assert last_day.label == "inscrição do titular suspensa"
    assert f"suspensa até {today:%d/%m/%Y}" in last_day.detail
    assert "art. 42, IV" in last_day.detail
    with tenant(ipatinga_m):
        assert badges.badge_status(badge, today).code == last_day.code
    row = _row_html(ipatinga_m, permit)
    assert "inscrição do titular suspensa" in row and "ativa" not in row
    after = _listed(ipatinga_m, permit, today + dt.timedelta(days=1))
    assert (after.code, after.label, after.valid) == ("valido", "ativa", True)


def _list_queries(m, today) -> int:  # type: ignore[no-untyped-def]
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    permits.public_permits(m, today, "taxi")  # what a worker keeps between requests is kept
    with CaptureQueriesContext(connection) as queries:
        rows, _ = permits.public_permits(m, today, "taxi")
    assert rows
    return len(queries)


def test_art_41_iv_art_42_iv_the_public_list_reads_its_holders_bars_in_a_constant_number_of_queries(
    ipatinga_m,
):
    """The bars on the holders' inscriptions (taxi art. 41 IV, §3; art. 42 IV) are read for the
    whole page at once: six taxi rows, one holder's inscription cassada and another's suspended,
    cost the queries two rows (one holder's inscription cassada) cost — and each row still says
    its own bar."""
    from registry_factories import taxi_permit

    today = timezone.localdate()
    first = [taxi_permit(ipatinga_m) for _ in range(2)]
    _holder_cadastro_penalty(ipatinga_m, first[0], "cassacao", today)
    two = _list_queries(ipatinga_m, today)
    more = [taxi_permit(ipatinga_m) for _ in range(4)]
    _holder_cadastro_penalty(ipatinga_m, more[0], "cassacao", today)
    _holder_cadastro_penalty(ipatinga_m, more[1], "suspension", today, days=5)
    assert _list_queries(ipatinga_m, today) <= two
    rows, _ = permits.public_permits(ipatinga_m, today, "taxi")
    said = {r["numero"]: r["status"].label for r in rows}
    assert len(said) == 6
    assert said[first[0].number] == said[more[0].number] == "inscrição do titular cassada"
    assert said[more[1].number] == "inscrição do titular suspensa"
    assert {said[p.number] for p in [first[1], *more[2:]]} == {"ativa"}
