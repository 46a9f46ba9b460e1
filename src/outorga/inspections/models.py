"""Inspections (vistorias and inspeções) of permit vehicles and app vehicles, their items with
photos, the accredited inspection companies and their API credentials, withdrawals from service and
missed inspections found by the sweep. Nothing here decides: ``inspections.services`` asks the law
core and records the acts."""

from __future__ import annotations

import datetime as dt

from django.db import models

from outorga.core.models import ClientToken
from outorga.core.tenancy import TenantModel


class InspectionCompany(TenantModel):
    """An inspection company (ITL) accredited by INMETRO and registered with the municipality
    (mototaxi art. 2 XI–XII; taxi art. 29)."""

    name = models.CharField("razão social", max_length=160)
    cnpj = models.CharField("CNPJ", max_length=14)
    inmetro_accreditation = models.CharField("credenciamento no INMETRO", max_length=60)
    accredited_until = models.DateField("credenciamento válido até", null=True, blank=True)
    active = models.BooleanField("cadastro ativo", default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = "empresa de inspeção"
        constraints = [
            models.UniqueConstraint(fields=["municipality", "cnpj"], name="uniq_inspection_company")
        ]

    def __str__(self) -> str:
        return self.name

    def accredited_on(self, day: dt.date) -> bool:
        return self.active and (self.accredited_until is None or day <= self.accredited_until)


class CompanyToken(ClientToken):
    """An inspection company's API credential (the platforms' ``ApiToken`` is the other kind)."""

    company = models.ForeignKey(InspectionCompany, on_delete=models.PROTECT, related_name="tokens")


class Inspection(TenantModel):
    class Kind(models.TextChoices):
        VISTORIA = "vistoria", "vistoria de cadastramento"
        SEMESTRAL = "semestral", "inspeção semestral"
        RENOVACAO = "renovacao", "vistoria de renovação anual"
        TROCA = "troca", "vistoria de troca de veículo"
        EXTRAORDINARIA = "extraordinaria", "vistoria extraordinária"
        REINSPECAO = "reinspecao", "reinspeção"

    class Status(models.TextChoices):
        AWAITING = "awaiting", "aguarda confirmação do município"
        FINAL = "final", "definitiva"
        REJECTED = "rejected", "não confirmada pelo município"

    class Result(models.TextChoices):
        APPROVED = "approved", "aprovado"
        APPROVED_WITH_REMARKS = "approved_with_remarks", "aprovado com ressalvas"
        FAILED = "failed", "reprovado"

    permit = models.ForeignKey(
        "registry.Permit",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="inspections",
    )
    vehicle = models.ForeignKey(
        "registry.Vehicle",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="inspections",
    )
    driver = models.ForeignKey(
        "platforms.PlatformDriver",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="inspections",
    )
    plate = models.CharField("placa", max_length=7)
    law = models.CharField("lei", max_length=40)
    service = models.CharField("serviço", max_length=10)
    checklist = models.CharField("lista de verificação", max_length=40)
    checklist_version = models.DateField("versão da lista")
    kind = models.CharField("tipo", max_length=16, choices=Kind.choices)
    inspected_on = models.DateField("data da vistoria")
    status = models.CharField("situação", max_length=10, choices=Status.choices)
    result = models.CharField("resultado", max_length=24, choices=Result.choices)
    fix_deadline = models.DateField("prazo para sanar ressalvas", null=True, blank=True)
    withdraws = models.BooleanField("retira o veículo de circulação", default=False)
    inspector = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    company = models.ForeignKey(
        InspectionCompany,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="inspections",
    )
    company_reference = models.CharField("número do laudo da empresa", max_length=60, blank=True)
    #: SHA-256 of what the company sent under ``company_reference``: the same laudo sent again
    #: (a retry after a lost answer) is told apart from another content under the same number.
    company_request_sha256 = models.CharField(max_length=64, blank=True, editable=False)
    confirmed_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    summary = models.CharField("resumo", max_length=400)
    decision = models.JSONField("decisão com fundamentos", default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-inspected_on", "-id"]
        verbose_name = "vistoria"
        indexes = [
            models.Index(fields=["municipality", "permit", "status"], name="insp_permit_idx")
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.plate} em {self.inspected_on:%d/%m/%Y}"

    @property
    def passed(self) -> bool:
        return self.result in (self.Result.APPROVED, self.Result.APPROVED_WITH_REMARKS)


class InspectionItem(TenantModel):
    class Result(models.TextChoices):
        OK = "ok", "conforme"
        NOT_OK = "not_ok", "não conforme"
        NA = "na", "não se aplica"

    inspection = models.ForeignKey(Inspection, on_delete=models.PROTECT, related_name="items")
    position = models.PositiveSmallIntegerField()
    code = models.CharField(max_length=40)
    label = models.CharField("item", max_length=200)
    citation = models.CharField("fundamento", max_length=200)
    critical = models.BooleanField("crítico", default=False)
    result = models.CharField("resultado", max_length=6, choices=Result.choices)
    automatic = models.BooleanField("decidido pela lei a partir do cadastro", default=False)
    remark = models.CharField("observação", max_length=500, blank=True)
    message = models.CharField("fundamentação", max_length=500, blank=True)
    photo = models.FileField(upload_to="inspections/%Y/%m/", null=True, blank=True)
    photo_type = models.CharField(max_length=20, blank=True)
    photo_sha256 = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["inspection", "position"]
        constraints = [
            models.UniqueConstraint(fields=["inspection", "code"], name="uniq_inspection_item")
        ]


class Withdrawal(TenantModel):
    """A permit's vehicle withdrawn from service by a failed inspection, until a re-inspection
    passes (mototaxi art. 13 XVIII, 39 VIII; taxi art. 31)."""

    permit = models.ForeignKey(
        "registry.Permit", on_delete=models.PROTECT, related_name="inspection_withdrawals"
    )
    inspection = models.ForeignKey(Inspection, on_delete=models.PROTECT, related_name="+")
    started_on = models.DateField("retirado em")
    ended_on = models.DateField("devolvido em", null=True, blank=True)
    ended_by = models.ForeignKey(
        Inspection, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-started_on", "-id"]


class MissedInspection(TenantModel):
    """An inspection not done by its due date, found by the sweep: an infraction candidate for
    the authority (mototaxi art. 39 VI; taxi art. 29 and the regulation, art. 43). One row per
    permit, kind and due date, so the sweep is idempotent: an extraordinary vistoria (art. 5 §6)
    ordered for the day the routine one fell due is a second absence, not the same one."""

    permit = models.ForeignKey(
        "registry.Permit", on_delete=models.PROTECT, related_name="missed_inspections"
    )
    kind = models.CharField("vistoria devida", max_length=16, choices=Inspection.Kind.choices)
    due_on = models.DateField("devida em")
    detected_on = models.DateField("apurada em")
    infraction_code = models.CharField("infração", max_length=40)
    citation = models.CharField("fundamento", max_length=200)
    decision = models.JSONField("decisão com fundamentos", default=dict)

    class Meta:
        ordering = ["-due_on", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "permit", "kind", "due_on"],
                name="uniq_missed_inspection_kind",
            )
        ]


#: How the holder was notified of an extraordinary vistoria (D-4 gives each its legal date).
NOTICE_FORMS = {
    "pessoal": "pessoalmente",
    "postal": "por via postal, com recibo",
    "portal": "pelo portal do permissionário",
}


class InspectionOrder(TenantModel):
    """An extraordinary vistoria of a permit's vehicle ordered by the Secretaria "quando lhe
    aprouver" (mototaxi art. 5 §6), for a date and place, with the day the holder was notified
    (art. 13 XV). Closed by the inspection recorded for it, or by the sweep once the date passed:
    not presented after a notice is an infraction candidate (art. 39 VI, a ``MissedInspection``);
    without a notice by the date it lapses."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "agendada"
        DONE = "done", "realizada"
        NOT_NOTIFIED = "not_notified", "encerrada sem notificação do permissionário"
        MISSED = "missed", "veículo não apresentado"

    permit = models.ForeignKey(
        "registry.Permit", on_delete=models.PROTECT, related_name="inspection_orders"
    )
    ordered_on = models.DateField("determinada em")
    scheduled_for = models.DateField("data da vistoria")
    place = models.CharField("local", max_length=200)
    reason = models.CharField("motivo", max_length=300)
    notified_on = models.DateField("permissionário notificado em", null=True, blank=True)
    notice_form = models.CharField("forma da notificação", max_length=40, blank=True)

    @property
    def notice_form_label(self) -> str:
        return NOTICE_FORMS.get(self.notice_form, self.notice_form)

    status = models.CharField(
        "situação", max_length=16, choices=Status.choices, default=Status.SCHEDULED
    )
    inspection = models.ForeignKey(
        Inspection, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    closed_on = models.DateField("encerrada em", null=True, blank=True)
    ordered_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decision = models.JSONField("decisão com fundamentos", default=dict)

    class Meta:
        ordering = ["-scheduled_for", "-id"]
