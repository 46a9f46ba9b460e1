"""A document an applicant sends from the portal, waiting for the clerk's review.

A submission is not a record the law reads: only once the clerk accepts it does it become a
``Document`` (``registry.services.submissions``), which the facts read as any other. A refused
submission keeps its reason; the applicant sends the document again as a new submission.
"""

from __future__ import annotations

from django.db import models

from outorga.core.tenancy import TenantModel


class DocumentSubmission(TenantModel):
    class Status(models.TextChoices):
        PENDING = "pending", "aguardando conferência"
        ACCEPTED = "accepted", "aceito"
        REFUSED = "refused", "recusado"

    person = models.ForeignKey(
        "registry.Person", on_delete=models.PROTECT, related_name="submissions"
    )
    #: A vehicle's document (CRLV, laudos…) of a vehicle the applicant owns; blank for their own.
    vehicle = models.ForeignKey(
        "registry.Vehicle",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="submissions",
    )
    #: The service applied for: its law says which records count and which article asks them.
    service = models.CharField("serviço", max_length=10)
    doc_type = models.CharField("tipo", max_length=30)
    number = models.CharField("número", max_length=60, blank=True)
    issued_on = models.DateField("emissão")
    #: An insurance policy's end and amount of cover as the applicant read them on it (mototaxi
    #: art. 13 XXI, art. 19 §1); the clerk confirms or corrects them when accepting.
    valid_until = models.DateField("fim da vigência", null=True, blank=True)
    coverage_cents = models.PositiveBigIntegerField("valor da cobertura", null=True, blank=True)
    file = models.FileField(upload_to="submissions/%Y/%m/")
    content_type = models.CharField(max_length=40)
    sha256 = models.CharField(max_length=64)
    size = models.PositiveIntegerField(default=0)
    submitted_at = models.DateTimeField("enviado em")
    status = models.CharField(
        "situação", max_length=10, choices=Status.choices, default=Status.PENDING
    )
    reviewed_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    reviewed_at = models.DateTimeField("conferido em", null=True, blank=True)
    refusal_reason = models.CharField("motivo da recusa", max_length=500, blank=True)
    #: The registry's record made from it when accepted.
    document = models.OneToOneField(
        "registry.Document",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="submission",
    )

    class Meta:
        ordering = ["submitted_at", "id"]
        indexes = [models.Index(fields=["municipality", "status", "submitted_at"])]

    def __str__(self) -> str:
        return f"Envio {self.pk} ({self.doc_type})"

    @property
    def type_label(self) -> str:
        from .models import Document

        return str(Document.Type(self.doc_type).label)


class RegistrationRequest(TenantModel):
    """The holder's request, from the portal, to update the registration or cancel it (mototaxi
    art. 4 §2). Applied by the clerk once the holder has appeared in person (art. 13 XX a): an
    update through ``person_update``, a cancellation as the renúncia on the written request (art.
    6 §6); or refused with a reason."""

    class Kind(models.TextChoices):
        UPDATE = "update", "atualização do cadastro"
        CANCEL = "cancel", "cancelamento do cadastro"

    class Status(models.TextChoices):
        PENDING = "pending", "aguardando o comparecimento"
        APPLIED = "applied", "aplicado"
        REFUSED = "refused", "recusado"

    person = models.ForeignKey(
        "registry.Person", on_delete=models.PROTECT, related_name="registration_requests"
    )
    #: The permit to cancel (a cancellation); blank for an update of the person's own data.
    permit = models.ForeignKey(
        "registry.Permit", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    kind = models.CharField("pedido", max_length=12, choices=Kind.choices)
    #: The new values asked (address, city, phone, email), only those that change.
    changes = models.JSONField("alterações pedidas", default=dict, blank=True)
    text = models.CharField("pedido escrito", max_length=500)
    requested_on = models.DateField("pedido em")
    status = models.CharField(
        "situação", max_length=10, choices=Status.choices, default=Status.PENDING
    )
    appeared_on = models.DateField("compareceu pessoalmente em", null=True, blank=True)
    decided_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decided_on = models.DateField("decidido em", null=True, blank=True)
    refusal_reason = models.CharField("motivo da recusa", max_length=300, blank=True)

    class Meta:
        ordering = ["requested_on", "id"]

    def aviso_key(self) -> str:
        """The key of the aviso of its decision (one per decision)."""
        return f"cadastro:{self.pk}:{self.status}"

    def asked(self) -> str:
        """What was asked, as the aviso of its decision names it."""
        return f"{self.get_kind_display()} de {self.requested_on:%d/%m/%Y}"


__all__ = ["DocumentSubmission", "RegistrationRequest"]
