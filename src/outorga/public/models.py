"""Badges (crachás) and the keys that sign their tokens.

A badge is verified by anyone through the token in its QR code (``/v/<token>``); the token names
the municipality and the key, and is signed with that municipality's Ed25519 private key
(decision record 0006). Status shown to the public is computed from the permit each time
(``selectors.badge_status``), never stored here.
"""

from __future__ import annotations

from django.db import models

from outorga.core.tenancy import TenantModel


class SigningKey(TenantModel):
    """One Ed25519 key pair of a municipality. The newest unretired key signs; every key, retired
    or not, stays published so badges it signed keep verifying until they expire."""

    key_id = models.PositiveIntegerField("identificador da chave")
    algorithm = models.CharField("algoritmo", max_length=20, default="Ed25519", editable=False)
    public_key = models.CharField("chave pública (base64url)", max_length=64)
    # The 32-byte seed, sealed (XSalsa20-Poly1305) with a key derived from SECRET_KEY: a database
    # dump alone cannot sign badges. Never returned by any view or API.
    private_sealed = models.BinaryField(editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    retired_at = models.DateTimeField("aposentada em", null=True, blank=True)

    class Meta:
        verbose_name = "chave de assinatura"
        ordering = ["key_id"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "key_id"], name="uniq_signing_key_id"),
            models.CheckConstraint(
                condition=models.Q(key_id__gte=1, key_id__lte=65535), name="signing_key_id_u16"
            ),
        ]

    def __str__(self) -> str:
        return f"chave {self.key_id} ({self.algorithm})"

    def __repr__(self) -> str:
        return f"<SigningKey {self.municipality_id}/{self.key_id}>"


class Badge(TenantModel):
    """A crachá issued for a permit's holder or for one of its auxiliaries."""

    permit = models.ForeignKey(
        "registry.Permit", on_delete=models.PROTECT, related_name="badges", verbose_name="permissão"
    )
    auxiliary = models.ForeignKey(
        "registry.Auxiliary",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="badges",
        verbose_name="condutor auxiliar",
    )
    serial = models.CharField("número de série", max_length=32)  # 128 random bits, hex (64 before)
    key = models.ForeignKey(SigningKey, on_delete=models.PROTECT, related_name="badges")
    token = models.CharField(max_length=128)
    issued_at = models.DateTimeField("emitido em")
    valid_until = models.DateField("válido até")
    #: The person the card was issued to — the holder, or the auxiliary — whose name, photo and
    #: blood type it prints. A permission passed to a successor (taxi art. 13, parágrafo único)
    #: leaves the predecessor's card theirs: it no longer holds, and the successor's is another.
    #: Empty only on a badge made without it (then the permit's holder, as before).
    bearer = models.ForeignKey(
        "registry.Person",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="portador",
    )
    #: What was printed on the card (name, numbers, plate, service...), for reprints and records.
    printed = models.JSONField(default=dict)
    issued_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    revoked_at = models.DateTimeField("revogado em", null=True, blank=True)
    revoked_reason = models.CharField("motivo da revogação", max_length=300, blank=True)

    class Meta:
        verbose_name = "crachá"
        ordering = ["-issued_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "serial"], name="uniq_badge_serial"),
        ]
        indexes = [models.Index(fields=["permit", "auxiliary"], name="badge_holder_idx")]

    def __str__(self) -> str:
        return f"Crachá {self.serial}"

    @property
    def active(self) -> bool:
        return self.revoked_at is None
