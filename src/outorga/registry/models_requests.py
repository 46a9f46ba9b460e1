"""A holder's request filed from the portal: the yearly renewal of the permit's registration
(mototaxi art. 4 §1; the taxi Termo and Cadastro, art. 13, 21) or an auxiliary's credential
(mototaxi art. 14; taxi art. 20, parágrafo único) or the renewal of an auxiliary's credential
(mototaxi art. 14 §2; taxi art. 21). The request records what was asked and by
whom; the clerk decides it with the very services of the clerk's screens
(``registry.services.holder_requests``), or refuses it with a reason the holder reads.
"""

from __future__ import annotations

from django.db import models

from outorga.core.tenancy import TenantModel


class HolderRequest(TenantModel):
    class Kind(models.TextChoices):
        RENEWAL = "renewal", "renovação"
        AUXILIARY = "auxiliary", "credenciamento de condutor auxiliar"
        AUXILIARY_RENEWAL = "auxiliary_renewal", "renovação da credencial de condutor auxiliar"

    class Status(models.TextChoices):
        PENDING = "pending", "aguardando decisão"
        GRANTED = "granted", "deferido"
        REFUSED = "refused", "indeferido"

    permit = models.ForeignKey("registry.Permit", on_delete=models.PROTECT, related_name="requests")
    #: Who filed it: the permit's holder, from the portal.
    person = models.ForeignKey(
        "registry.Person", on_delete=models.PROTECT, related_name="holder_requests"
    )
    kind = models.CharField("pedido", max_length=20, choices=Kind.choices)
    #: An auxiliary credential's renewal: the permit's own auxiliary whose credential is renewed
    #: (mototaxi art. 14 §2; taxi art. 21).
    auxiliary = models.ForeignKey(
        "registry.Auxiliary",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="renewal_requests",
    )
    #: An auxiliary's request: the CPF and name the holder gave (never a lookup shown to them).
    auxiliary_document = models.CharField("CPF do auxiliar", max_length=11, blank=True)
    auxiliary_name = models.CharField("nome do auxiliar", max_length=200, blank=True)
    note = models.CharField("observação do permissionário", max_length=500, blank=True)
    filed_at = models.DateTimeField("pedido em")
    status = models.CharField(
        "situação", max_length=10, choices=Status.choices, default=Status.PENDING
    )
    decided_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField("decidido em", null=True, blank=True)
    #: What the decision did (granted) or why not (refused), as the holder reads it.
    outcome = models.CharField("resultado", max_length=500, blank=True)

    class Meta:
        ordering = ["filed_at", "id"]
        indexes = [models.Index(fields=["municipality", "status", "filed_at"])]

    def __str__(self) -> str:
        return f"Pedido {self.pk} ({self.kind})"

    def aviso_key(self) -> str:
        """The key of the aviso of its decision (one per decision)."""
        return f"pedido:{self.pk}:{self.status}"

    def asked(self) -> str:
        """What was asked, as the aviso of its decision names it."""
        return f"{self.get_kind_display()} da permissão {self.permit.number}"


__all__ = ["HolderRequest"]
