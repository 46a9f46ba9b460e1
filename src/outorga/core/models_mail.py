"""Outbound email: one row per message, written in the transaction of what it tells, sent by the
worker (core/mail.py). Each attempt is kept, so a clerk can see whether a holder was written to."""

from __future__ import annotations

from django.db import models

from .tenancy import TenantModel

__all__ = ["OutboundEmail", "OutboundEmailAttempt"]


class OutboundEmail(TenantModel):
    """A courtesy email (an aviso, a password reset). Never a notice in law: the date of notice
    follows decision D-4 whatever happens to the email."""

    class Status(models.TextChoices):
        QUEUED = "queued", "na fila"
        SENT = "sent", "enviado"
        FAILED = "failed", "falhou"

    to = models.EmailField("para")
    subject = models.CharField("assunto", max_length=200)
    body = models.TextField("texto")
    #: What the message is about, as the acts log names an object (``registry.notification``, id).
    object_type = models.CharField(max_length=60, blank=True)
    object_id = models.CharField(max_length=40, blank=True)
    status = models.CharField(
        "situação", max_length=10, choices=Status.choices, default=Status.QUEUED
    )
    attempts = models.PositiveSmallIntegerField("tentativas", default=0)
    #: The tries made before the last "reenviar": a message resent gets a whole new round of
    #: ``OUTORGA_EMAIL_MAX_ATTEMPTS`` tries, its earlier ones kept and numbered on.
    attempts_before_resend = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField("último erro", max_length=500, blank=True)
    task_id = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField("criado em", auto_now_add=True)
    sent_at = models.DateTimeField("enviado em", null=True, blank=True)

    class Meta:
        verbose_name = "e-mail enviado"
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["municipality", "object_type", "object_id"], name="email_object"),
            models.Index(fields=["status", "created_at"], name="email_status"),
        ]

    def __str__(self) -> str:
        return f"{self.to}: {self.subject}"


class OutboundEmailAttempt(TenantModel):
    """One try at handing a message to the mail server: when, and the server's refusal if any."""

    email = models.ForeignKey(OutboundEmail, on_delete=models.CASCADE, related_name="tries")
    number = models.PositiveSmallIntegerField("tentativa")
    at = models.DateTimeField("em")
    ok = models.BooleanField("entregue ao servidor", default=False)
    error = models.CharField("erro", max_length=500, blank=True)

    class Meta:
        verbose_name = "tentativa de envio de e-mail"
        ordering = ["email", "number"]
        constraints = [
            models.UniqueConstraint(fields=["email", "number"], name="uniq_email_attempt")
        ]
