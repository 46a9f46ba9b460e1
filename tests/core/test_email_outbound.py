"""Email that reaches people: a real SMTP server (aiosmtpd on 127.0.0.1) receives what the worker
sends — courtesy avisos with the deadline and the link, password resets — never during a request;
a refusing server gets the message again with backoff and the failure is recorded."""

from __future__ import annotations

import datetime as dt
import re
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client
from django_tasks_db.models import DBTaskResult
from enforcement_factories import case_of, client_of, issue, make_world, pending_notice
from mail_factories import BASE_URL, free_port
from platforms_factories import make_platform, warn

from outorga.core import mail
from outorga.core.acts import Actor
from outorga.core.models import Municipality, OutboundEmail
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import PlatformNotice
from outorga.platforms.services.complaints import complaint_file_public
from outorga.platforms.services.penalty_process import platform_penalty_notice_record
from outorga.registry.models import Notification
from outorga.registry.notifications import notification_send

pytestmark = pytest.mark.django_db


@pytest.fixture
def holder(ipatinga_m, user_of, django_capture_on_commit_callbacks):  # type: ignore[no-untyped-def]
    """The enforcement world of Ipatinga, its holder with an email address."""
    w = make_world(ipatinga_m, user_of)
    with tenant(ipatinga_m):
        w.permit.holder.email = "ana.titular@exemplo.com.br"
        w.permit.holder.save(update_fields=["email"])
    return w


def _aviso(w, django_capture_on_commit_callbacks, **kw: Any) -> Notification:  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks(execute=True):
        n, created = notification_send(
            municipality=w.m,
            key=kw.pop("key", "teste-email"),
            kind=Notification.Kind.DOCUMENT_EXPIRING,
            message="Seu certificado de vistoria vence em 15/01/2026.",
            person=w.permit.holder,
            permit=w.permit,
            due_on=dt.date(2026, 1, 15),
            **kw,
        )
    assert created
    return n


def _emails(w, to: str) -> list[OutboundEmail]:  # type: ignore[no-untyped-def]
    with tenant(w.m):
        return list(OutboundEmail.objects.filter(to=to).order_by("id"))


# --- courtesy avisos -----------------------------------------------------------------------------


def test_an_aviso_reaches_the_holder_in_portuguese_with_the_deadline_and_the_link(
    holder, smtp, run_worker, django_capture_on_commit_callbacks
):
    server, box = smtp
    n = _aviso(holder, django_capture_on_commit_callbacks)
    (queued,) = _emails(holder, "ana.titular@exemplo.com.br")
    assert queued.status == OutboundEmail.Status.QUEUED and queued.attempts == 0
    assert n.emailed_to == "ana.titular@exemplo.com.br"
    assert (queued.object_type, queued.object_id) == ("registry.notification", str(n.pk))
    assert server.connections == 0  # queued, not sent

    run_worker()

    (msg,) = box.to("ana.titular@exemplo.com.br")
    assert box.subject(msg) == "Aviso de Ipatinga: documento a vencer — prazo até 15/01/2026"
    body = msg.get_content()
    assert "Seu certificado de vistoria vence em 15/01/2026." in body
    assert "Prazo: 15/01/2026." in body
    assert f"{BASE_URL}/portal/#avisos" in body
    assert "cortesia e não é notificação oficial" in body and "D-4" in body
    (sent,) = _emails(holder, "ana.titular@exemplo.com.br")
    assert sent.status == OutboundEmail.Status.SENT and sent.attempts == 1
    assert sent.sent_at is not None and sent.last_error == ""
    with tenant(holder.m):
        (attempt,) = sent.tries.all()
    assert attempt.ok and attempt.number == 1


def test_the_same_aviso_twice_sends_one_email(
    holder, smtp, run_worker, django_capture_on_commit_callbacks
):
    _, box = smtp
    _aviso(holder, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        _, created = notification_send(
            municipality=holder.m,
            key="teste-email",
            kind=Notification.Kind.DOCUMENT_EXPIRING,
            message="Seu certificado de vistoria vence em 15/01/2026.",
            person=holder.permit.holder,
        )
    assert not created
    run_worker()
    assert len(box.to("ana.titular@exemplo.com.br")) == 1


def test_a_holder_without_an_email_address_gets_the_aviso_in_the_portal_only(
    holder, smtp, django_capture_on_commit_callbacks
):
    with tenant(holder.m):
        holder.permit.holder.email = ""
        holder.permit.holder.save(update_fields=["email"])
        before = OutboundEmail.objects.count()
    n = _aviso(holder, django_capture_on_commit_callbacks)
    with tenant(holder.m):
        assert OutboundEmail.objects.count() == before
        n.refresh_from_db()
    assert n.emailed_to == ""  # the aviso shows it was not emailed


def test_a_rolled_back_notice_leaves_no_email_and_no_task(holder, smtp):
    tasks = DBTaskResult.objects.count()
    with pytest.raises(RuntimeError), tenant(holder.m):
        from django.db import transaction

        with transaction.atomic():
            notification_send(
                municipality=holder.m,
                key="desfeito",
                kind=Notification.Kind.OTHER,
                message="Não deveria sair.",
                person=holder.permit.holder,
            )
            raise RuntimeError("the notice's transaction fails")
    assert _emails(holder, "ana.titular@exemplo.com.br") == []
    assert DBTaskResult.objects.count() == tasks


# --- refusals: retried with backoff, then recorded as failed -------------------------------------


@pytest.mark.parametrize("answer", ["451 4.3.0 Tente mais tarde", "554 5.7.1 Mensagem recusada"])
def test_a_refusing_server_gets_the_message_again_then_it_is_recorded_failed(
    holder, smtp, run_worker, django_capture_on_commit_callbacks, answer
):
    _, box = smtp
    box.refuse = answer
    _aviso(holder, django_capture_on_commit_callbacks)
    run_worker()
    assert box.refusals == 3  # OUTORGA_EMAIL_MAX_ATTEMPTS
    (failed,) = _emails(holder, "ana.titular@exemplo.com.br")
    assert failed.status == OutboundEmail.Status.FAILED and failed.sent_at is None
    assert failed.attempts == 3 and failed.last_error == answer
    with tenant(holder.m):
        tries = list(failed.tries.all())
    assert [(t.number, t.ok, t.error) for t in tries] == [(i, False, answer) for i in (1, 2, 3)]


def test_a_refused_message_waits_for_its_backoff_then_is_delivered(
    holder, smtp, run_worker, django_capture_on_commit_callbacks, settings
):
    _, box = smtp
    box.refuse = "451 4.3.0 Tente mais tarde"
    settings.OUTORGA_EMAIL_RETRY_SECONDS = 600
    _aviso(holder, django_capture_on_commit_callbacks)
    started = mail.timezone.now()
    run_worker()
    (waiting,) = _emails(holder, "ana.titular@exemplo.com.br")
    assert waiting.status == OutboundEmail.Status.QUEUED and waiting.attempts == 1
    assert waiting.last_error == "451 4.3.0 Tente mais tarde"
    retry = DBTaskResult.objects.get(id=waiting.task_id)
    # Not taken by the worker that just ran: due 600 s (the first backoff) after the refusal.
    assert retry.status == "READY" and retry.run_after >= started + dt.timedelta(seconds=600)
    assert box.refusals == 1

    box.refuse = ""
    retry.run_after = mail.timezone.now()  # ten minutes later
    retry.save(update_fields=["run_after"])
    run_worker()
    (delivered,) = _emails(holder, "ana.titular@exemplo.com.br")
    assert delivered.status == OutboundEmail.Status.SENT and delivered.attempts == 2
    assert len(box.to("ana.titular@exemplo.com.br")) == 1
    with tenant(holder.m):
        assert [(t.number, t.ok) for t in delivered.tries.all()] == [(1, False), (2, True)]


def test_an_unreachable_server_is_an_attempt_with_the_network_error(
    holder, smtp, run_worker, django_capture_on_commit_callbacks, settings
):
    server, _ = smtp
    settings.EMAIL_PORT = free_port()  # nobody listens there
    _aviso(holder, django_capture_on_commit_callbacks)
    run_worker()
    (failed,) = _emails(holder, "ana.titular@exemplo.com.br")
    assert failed.status == OutboundEmail.Status.FAILED and failed.attempts == 3
    assert "ConnectionRefusedError" in failed.last_error


def test_backoff_doubles_from_the_configured_delay(settings):
    settings.OUTORGA_EMAIL_RETRY_SECONDS = 60
    assert [mail.retry_delay(n).total_seconds() for n in (1, 2, 3)] == [60, 120, 240]


# --- nothing is sent inside a request -------------------------------------------------------------


def test_d4_a_notice_recorded_on_a_screen_sends_nothing_until_the_worker_runs(
    holder, smtp, run_worker, django_capture_on_commit_callbacks
):
    server, box = smtp
    auto = issue(holder, on=dt.date(2026, 4, 7), signed=False)
    notice = pending_notice(holder, case_of(holder, auto))
    clerk = client_of(holder.clerk.user)
    with django_capture_on_commit_callbacks(execute=True):
        r = clerk.post(
            f"/fiscalizacao/notificacoes/{notice.pk}/registrar/",
            {"form": "postal", "on": "2026-04-08", "reference": "AR BR123"},
        )
    assert r.status_code == 302, r.content
    # The request and its commit wrote the row and the task; no connection to the server.
    assert server.connections == 0 and box.messages == []
    (queued,) = _emails(holder, "ana.titular@exemplo.com.br")
    assert queued.status == OutboundEmail.Status.QUEUED
    assert DBTaskResult.objects.get(id=queued.task_id).status == "READY"

    run_worker()

    assert server.connections >= 1
    (msg,) = box.to("ana.titular@exemplo.com.br")
    # Postal notice on Wednesday 08/04/2026: 10 days end on Saturday 18/04 → Monday 20/04 (D-4).
    assert "prazo até 20/04/2026" in box.subject(msg)
    body = msg.get_content()
    assert "prazo até 20/04/2026" in body and f"{BASE_URL}/portal/#avisos" in body
    assert "não é notificação oficial" in body


# --- password reset ------------------------------------------------------------------------------


def test_password_reset_end_to_end(
    ipatinga_m, user_of, smtp, run_worker, django_capture_on_commit_callbacks
):
    server, box = smtp
    user = user_of("ipatinga", Role.ATENDENTE)
    user.email = "atendente@ipatinga.mg.gov.br"
    with tenant(ipatinga_m):
        user.save(update_fields=["email"])
    c = Client()
    assert "Esqueci minha senha" in c.get("/entrar/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        r = c.post("/senha/esqueci/", {"email": "atendente@ipatinga.mg.gov.br"})
    assert r.status_code == 302 and r["Location"] == "/senha/esqueci/enviado/"
    assert server.connections == 0  # queued in the request, sent by the worker
    assert "Pedido recebido" in c.get(r["Location"]).content.decode()

    run_worker()

    (msg,) = box.to("atendente@ipatinga.mg.gov.br")
    assert box.subject(msg) == "Outorga — Ipatinga: redefinição de senha"
    body = msg.get_content()
    assert f'Recebemos um pedido para redefinir a senha do usuário "{user.username}"' in body
    link = re.search(rf"{re.escape(BASE_URL)}(/senha/nova/\S+/)", body)
    assert link is not None, body
    page = c.get(link.group(1), follow=True)
    assert "Nova senha" in page.content.decode()
    form_url = page.redirect_chain[-1][0]  # Django swaps the token for a session one
    weak = c.post(form_url, {"new_password1": "12345", "new_password2": "12345"})
    assert "Repita a nova senha: Esta senha é muito curta" in weak.content.decode()  # refused
    done = c.post(
        form_url, {"new_password1": "Ipatinga#Nova2026", "new_password2": "Ipatinga#Nova2026"}
    )
    assert done.status_code == 302 and done["Location"] == "/senha/nova/concluido/"
    login = Client().post("/entrar/", {"username": user.username, "password": "Ipatinga#Nova2026"})
    assert login.status_code == 302 and login["Location"] == "/"  # the new password works
    # The link works once.
    again = c.get(link.group(1), follow=True).content.decode()
    assert "inválido" in again


def test_password_reset_answers_the_same_for_an_unknown_address(
    ipatinga_m, smtp, run_worker, django_capture_on_commit_callbacks
):
    server, box = smtp
    c = Client()
    before = OutboundEmail.objects.model._base_manager.count()
    with django_capture_on_commit_callbacks(execute=True):
        r = c.post("/senha/esqueci/", {"email": "ninguem@exemplo.com.br"})
    assert r.status_code == 302 and r["Location"] == "/senha/esqueci/enviado/"
    assert OutboundEmail.objects.model._base_manager.count() == before
    run_worker()
    assert box.to("ninguem@exemplo.com.br") == []


def test_without_a_mail_server_the_worker_prints_the_message_as_the_demo_does(
    holder, run_worker, settings, capsys, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    _aviso(holder, django_capture_on_commit_callbacks)
    run_worker()
    printed = capsys.readouterr().out
    assert "To: ana.titular@exemplo.com.br" in printed and "Prazo: 15/01/2026." in printed
    (sent,) = _emails(holder, "ana.titular@exemplo.com.br")
    assert sent.status == OutboundEmail.Status.SENT


# --- avisos to platforms: complaints, penalties, monthly reports ----------------------------------

PLATFORM_MAIL = "conformidade@plataforma.example.com"


@pytest.fixture
def barra_platform(db):  # type: ignore[no-untyped-def]
    m = Municipality.objects.get(slug="barra-do-garcas")
    return m, make_platform(
        m, "Leva Já", contact_email=PLATFORM_MAIL, contact_name="Joana Conformidade"
    )


def _platform_notices(m: Municipality, platform: Any) -> list[PlatformNotice]:
    with tenant(m):
        return list(PlatformNotice.objects.filter(platform=platform).order_by("id"))


def test_art15_a_complaint_reaches_the_platform_with_the_answer_deadline_and_the_link(
    barra_platform, smtp, run_worker, django_capture_on_commit_callbacks
):
    server, box = smtp
    m, platform = barra_platform
    with django_capture_on_commit_callbacks(execute=True):
        complaint, _ = complaint_file_public(
            municipality=m,
            platform=platform,
            description="O motorista cobrou acima da tarifa mostrada no aplicativo.",
            on=dt.date(2026, 3, 2),
        )
    (notice,) = _platform_notices(m, platform)
    assert notice.kind == PlatformNotice.Kind.COMPLAINT and notice.due_on == complaint.deadline
    assert notice.emailed_to == PLATFORM_MAIL
    assert server.connections == 0  # queued with the complaint, sent by the worker

    run_worker()

    (msg,) = box.to(PLATFORM_MAIL)
    deadline = f"{complaint.deadline:%d/%m/%Y}"
    assert box.subject(msg) == f"Aviso de {m.name}: reclamação recebida — prazo até {deadline}"
    body = msg.get_content()
    assert body.startswith("Olá, Joana Conformidade.")
    assert complaint.protocol in body and f"Prazo: {deadline}." in body
    assert "art. 15" in body  # the article that gives the term to answer
    assert f"{BASE_URL}/plataforma/reclamacoes/" in body
    assert "cortesia e não é notificação oficial" in body and "D-4" in body
    (sent,) = _emails(SimpleNamespace(m=m), PLATFORM_MAIL)
    assert (sent.object_type, sent.object_id) == ("platforms.platformnotice", str(notice.pk))
    assert sent.status == OutboundEmail.Status.SENT and sent.attempts == 1


def test_a_platform_without_a_contact_email_gets_the_aviso_marked_not_emailed(
    barra_platform, smtp, django_capture_on_commit_callbacks
):
    m, platform = barra_platform
    with tenant(m):
        platform.contact_email = ""
        platform.save(update_fields=["contact_email"])
        before = OutboundEmail.objects.count()
    with django_capture_on_commit_callbacks(execute=True):
        complaint_file_public(
            municipality=m, platform=platform, description="Veículo diferente do cadastrado."
        )
    (notice,) = _platform_notices(m, platform)
    assert notice.emailed_to == ""
    with tenant(m):
        assert OutboundEmail.objects.count() == before


def test_art26_sole_a_notified_fine_reaches_the_platform_with_the_appeal_deadline_of_d4(
    barra_platform, smtp, run_worker, django_capture_on_commit_callbacks, user_of
):
    _, box = smtp
    m, platform = barra_platform
    authority = Actor.of(user_of(m.slug, Role.AUTORIDADE), "203.0.113.9")
    with django_capture_on_commit_callbacks(execute=True):
        penalty = warn(m, authority, platform)
    assert _platform_notices(m, platform) == []  # imposed, not yet notified: nothing runs
    with django_capture_on_commit_callbacks(execute=True):
        penalty = platform_penalty_notice_record(
            actor=authority,
            municipality=m,
            penalty=penalty,
            notice_on=dt.date(2026, 8, 21),
            channel="post",
            on=dt.date(2026, 8, 24),
        )
    (notice,) = _platform_notices(m, platform)
    # The period runs from the date on the AR (D-4), whatever happens to the email.
    assert notice.due_on == penalty.appeal_until and penalty.appeal_until > dt.date(2026, 8, 21)
    run_worker()
    (msg,) = box.to(PLATFORM_MAIL)
    until = f"{penalty.appeal_until:%d/%m/%Y}"
    assert box.subject(msg) == f"Aviso de {m.name}: penalidade notificada — prazo até {until}"
    body = msg.get_content()
    assert "notificada em 21/08/2026 (correio com AR (data do AR))" in body
    assert f"recurso até {until}" in body and "art. 26" in body


def test_art16_a_monthly_report_due_is_told_once_by_the_sweep(
    barra_platform, smtp, run_worker, django_capture_on_commit_callbacks
):
    from outorga.platforms.selectors import report_statuses
    from outorga.platforms.sweeping import sweep_platforms

    _, box = smtp
    m, platform = barra_platform
    on = dt.date(2026, 3, 2)
    with tenant(m):
        (due,) = [
            s
            for s in report_statuses(m, on)
            if s.platform == platform and s.status == "not_yet_due"
        ]
    for _ in range(2):  # the sweep runs every day: one aviso, one email
        with django_capture_on_commit_callbacks(execute=True):
            sweep_platforms(m, on)
    notices = [
        n for n in _platform_notices(m, platform) if n.kind == PlatformNotice.Kind.REPORT_DUE
    ]
    assert [(n.due_on, n.emailed_to) for n in notices] == [(due.due, PLATFORM_MAIL)]
    run_worker()
    (msg,) = [x for x in box.to(PLATFORM_MAIL) if "relatório mensal a entregar" in box.subject(x)]
    body = msg.get_content()
    assert f"Relatório mensal de {due.label}: entregue até {due.due:%d/%m/%Y}." in body
    assert f"{BASE_URL}/plataforma/relatorios/" in body
