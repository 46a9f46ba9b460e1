"""The staff's screen of outbound emails (/municipio/emails/, ADR 0034): the municipality's sent,
queued and failed messages with each try's result, filtered and paginated, for the desk and the
administrator only; "Reenviar" puts a failed message back in the queue as an act — the request
sends nothing, the worker delivers it to a real SMTP server (aiosmtpd) with a new round of tries."""

from __future__ import annotations

import pytest
from django.test import Client
from django_tasks_db.models import DBTaskResult

from outorga.core import mail
from outorga.core.acts import Actor
from outorga.core.errors import Conflict
from outorga.core.models import Act, Municipality, OutboundEmail
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent, Role

pytestmark = pytest.mark.django_db

REFUSAL = "554 5.1.1 Caixa postal inexistente"


@pytest.fixture
def m(db) -> Municipality:  # type: ignore[no-untyped-def]
    return Municipality.objects.get(slug="ipatinga")


def client_of(user) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user)
    return c


def queue(m: Municipality, to: str, subject: str = "Aviso de teste") -> OutboundEmail:
    email = mail.email_queue(municipality=m, to=to, subject=subject, body="Texto do aviso.")
    assert email is not None
    return email


@pytest.fixture
def failed(m, smtp, run_worker, django_capture_on_commit_callbacks) -> OutboundEmail:  # type: ignore[no-untyped-def]
    """A message the server refused on each of its 3 tries (OUTORGA_EMAIL_MAX_ATTEMPTS)."""
    _, box = smtp
    box.refuse = REFUSAL
    with django_capture_on_commit_callbacks(execute=True):
        email = queue(m, "ana@exemplo.com.br", "Aviso de Ipatinga: documento a vencer")
    run_worker()
    box.refuse = ""
    with tenant(m):
        email.refresh_from_db()
    assert email.status == OutboundEmail.Status.FAILED and email.attempts == 3
    return email


def test_the_desk_sees_each_message_with_each_try_and_the_server_answer(m, user_of, failed):
    with tenant(m):
        queue(m, "bia@exemplo.com.br", "Convite para o portal")
    page = client_of(user_of("ipatinga", Role.ATENDENTE)).get("/municipio/emails/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "ana@exemplo.com.br" in html and "Aviso de Ipatinga: documento a vencer" in html
    assert html.count(REFUSAL) == 3 and "3ª tentativa" in html and "Reenviar" in html
    assert "bia@exemplo.com.br" in html and "nenhuma tentativa ainda" in html
    assert "Texto do aviso." not in html  # the text is never shown (it may carry a link)


def test_filters_by_status_and_by_recipient(m, user_of, failed):
    with tenant(m):
        queue(m, "bia@exemplo.com.br")
    c = client_of(user_of("ipatinga", Role.ATENDENTE))
    only_failed = c.get("/municipio/emails/?situacao=failed").content.decode()
    assert "ana@exemplo.com.br" in only_failed and "bia@exemplo.com.br" not in only_failed
    only_bia = c.get("/municipio/emails/?para=BIA@").content.decode()
    assert "bia@exemplo.com.br" in only_bia and "ana@exemplo.com.br" not in only_bia
    queued = c.get("/municipio/emails/?situacao=queued&para=ana").content.decode()
    assert "Nenhum e-mail com esses filtros" in queued


def test_the_list_is_paginated(m, user_of, settings):
    with tenant(m):
        before = OutboundEmail.objects.count()
        for i in range(60):
            queue(m, f"pessoa{i:02d}@exemplo.com.br")
    c = client_of(user_of("ipatinga", Role.ADMIN))
    first = c.get("/municipio/emails/").content.decode()
    assert "pessoa59@exemplo.com.br" in first and "pessoa00@exemplo.com.br" not in first
    assert f"{before + 60} registros" in first and 'rel="next"' in first


@pytest.mark.parametrize(
    "role", [Role.AUTORIDADE, Role.FISCAL, Role.FINANCAS, Role.PLATAFORMA, Role.PERMISSIONARIO]
)
def test_who_does_not_need_the_addresses_is_refused(m, user_of, failed, role):
    c = client_of(user_of("ipatinga", role))
    r = c.get("/municipio/emails/")
    assert r.status_code == 403 and "ana@exemplo.com.br" not in r.content.decode()
    assert c.post(f"/municipio/emails/{failed.pk}/reenviar/").status_code == 403
    with tenant(m):
        failed.refresh_from_db()
    assert failed.status == OutboundEmail.Status.FAILED


def test_reenviar_is_an_act_sends_nothing_in_the_request_and_the_worker_delivers(
    m, user_of, failed, smtp, run_worker, django_capture_on_commit_callbacks
):
    server, box = smtp
    connections = server.connections
    clerk = user_of("ipatinga", Role.ATENDENTE)
    with django_capture_on_commit_callbacks(execute=True):
        r = client_of(clerk).post(f"/municipio/emails/{failed.pk}/reenviar/")
    assert r.status_code == 302
    assert server.connections == connections and box.messages == []  # not sent in the request
    with tenant(m):
        failed.refresh_from_db()
        (act,) = Act.objects.filter(action="email.resend", object_id=str(failed.pk))
    assert failed.status == OutboundEmail.Status.QUEUED
    assert DBTaskResult.objects.get(id=failed.task_id).status == "READY"
    assert act.role == Role.ATENDENTE and act.actor_id == clerk.pk
    assert act.record["payload"]["old"] == {"status": "failed", "attempts": 3}

    run_worker()

    (msg,) = box.to("ana@exemplo.com.br")
    assert box.subject(msg) == "Aviso de Ipatinga: documento a vencer"
    with tenant(m):
        failed.refresh_from_db()
        tries = [(t.number, t.ok) for t in failed.tries.all()]
    assert failed.status == OutboundEmail.Status.SENT and failed.attempts == 4
    assert tries == [(1, False), (2, False), (3, False), (4, True)]
    page = client_of(clerk).get("/municipio/emails/?para=ana").content.decode()
    assert "entregue ao servidor" in page and "Reenviar" not in page


def test_a_resent_message_gets_a_whole_new_round_of_tries(
    m, user_of, failed, smtp, run_worker, django_capture_on_commit_callbacks
):
    _, box = smtp
    box.refuse = REFUSAL
    with django_capture_on_commit_callbacks(execute=True):
        mail.email_resend(
            actor=Actor.of(user_of("ipatinga", Role.ADMIN)), municipality=m, email=failed
        )
    run_worker()
    with tenant(m):
        failed.refresh_from_db()
    assert failed.status == OutboundEmail.Status.FAILED and failed.attempts == 6
    assert box.refusals == 6


def test_only_a_failed_message_is_resent(
    m, user_of, smtp, run_worker, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        sent = queue(m, "caio@exemplo.com.br")
    run_worker()
    actor = Actor.of(user_of("ipatinga", Role.ATENDENTE))
    with pytest.raises(Conflict, match="Só um e-mail que falhou pode ser reenviado"):
        mail.email_resend(actor=actor, municipality=m, email=sent)
    with tenant(m):
        waiting = queue(m, "duda@exemplo.com.br")
    with pytest.raises(Conflict, match="na fila"):
        mail.email_resend(actor=actor, municipality=m, email=waiting)
    r = client_of(actor.user).post(f"/municipio/emails/{sent.pk}/reenviar/", follow=True)
    assert "Só um e-mail que falhou pode ser reenviado" in r.content.decode()


def test_the_service_refuses_another_role(m, user_of, failed):
    with pytest.raises(NotCompetent, match="reenviar e-mail que falhou"):
        mail.email_resend(
            actor=Actor.of(user_of("ipatinga", Role.AUTORIDADE)), municipality=m, email=failed
        )
    with tenant(m):
        (refused,) = Act.objects.filter(action="system.email.resend", outcome="refused")
    assert refused.role == Role.AUTORIDADE


def test_another_municipality_message_is_not_found(m, user_of, failed):
    other = client_of(user_of("barra-do-garcas", Role.ATENDENTE))
    assert "ana@exemplo.com.br" not in other.get("/municipio/emails/").content.decode()
    assert other.post(f"/municipio/emails/{failed.pk}/reenviar/").status_code == 404
