"""The Termo de Permissão with its yearly renewals (taxi art. 10, 13), vehicle changes (taxi art.
30, 32; mototaxi art. 2 XXI–XXIII) and extinction cases (taxi art. 15)."""

from __future__ import annotations

from django.db import models

from outorga.core.tenancy import TenantModel

__all__ = ["ExtinctionCase", "PermitTerm", "PermitTermRenewal", "VehicleChange"]


class PermitTerm(TenantModel):
    """Termo de Permissão (taxi art. 13): term and contrapartida chosen by the holder (art. 10),
    renewed every year up to the term's end."""

    class Option(models.TextChoices):
        # The years each runs are the law's dated numbers (its ``LIMITS``) and the article its
        # citation (``term_I``, ``term_II``), never written here.
        I = "I", "prazo I"  # noqa: E741 - the law's inciso
        II = "II", "prazo II"

    class Mode(models.TextChoices):
        PAGAMENTO = "pagamento", "pagamento em dinheiro (alínea a)"
        SERVICOS = "servicos", "serviços de publicidade ou de táxi (alínea b)"

    permit = models.OneToOneField(
        "registry.Permit", on_delete=models.PROTECT, related_name="term", verbose_name="permissão"
    )
    option = models.CharField("prazo", max_length=2, choices=Option.choices)
    mode = models.CharField("contrapartida", max_length=10, choices=Mode.choices)
    instalments = models.PositiveSmallIntegerField("parcelas", null=True, blank=True)
    total_cents = models.BigIntegerField("valor da contrapartida (centavos)")
    signed_on = models.DateField("assinatura do Termo")
    term_years = models.PositiveSmallIntegerField("prazo (anos)")
    term_ends_on = models.DateField("termo final")
    valid_until = models.DateField("Termo vigente até")
    last_renewed_on = models.DateField("última renovação", null=True, blank=True)
    decision = models.JSONField("fundamentos", default=dict, blank=True)

    def __str__(self) -> str:
        return f"Termo de Permissão {self.permit_id}"


class PermitTermRenewal(TenantModel):
    """One yearly renewal of the Termo and of the Cadastro (taxi art. 13, 21)."""

    term = models.ForeignKey(PermitTerm, on_delete=models.PROTECT, related_name="renewals")
    renewed_on = models.DateField("renovado em")
    valid_until = models.DateField("vigente até")
    act = models.ForeignKey("core.Act", on_delete=models.PROTECT, null=True, related_name="+")

    class Meta:
        ordering = ["term", "renewed_on", "id"]


class VehicleChange(TenantModel):
    """A change of the vehicle in service under a permit: definitive (substituição, permuta) or
    temporary (reserve vehicle after an accident or theft, emergency substitution), after which the
    original vehicle returns."""

    class Kind(models.TextChoices):
        SUBSTITUICAO = "substituicao", "substituição"
        EMERGENCIAL = "emergencial", "substituição emergencial"
        RESERVA = "reserva", "veículo reserva"
        PERMUTA = "permuta", "permuta entre permissionários"

    class Status(models.TextChoices):
        ACTIVE = "active", "em curso"
        DONE = "done", "definitiva"
        ENDED = "ended", "encerrada"

    TEMPORARY = (Kind.EMERGENCIAL, Kind.RESERVA)

    permit = models.ForeignKey(
        "registry.Permit", on_delete=models.PROTECT, related_name="vehicle_changes"
    )
    kind = models.CharField("tipo", max_length=12, choices=Kind.choices)
    from_vehicle = models.ForeignKey(
        "registry.Vehicle", on_delete=models.PROTECT, null=True, related_name="+"
    )
    to_vehicle = models.ForeignKey("registry.Vehicle", on_delete=models.PROTECT, related_name="+")
    cause = models.CharField("causa", max_length=300, blank=True)
    started_on = models.DateField("início")
    until = models.DateField("até", null=True, blank=True)
    ended_on = models.DateField("encerrada em", null=True, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices)
    decision = models.JSONField("fundamentos", default=dict, blank=True)

    class Meta:
        ordering = ["permit", "started_on", "id"]
        constraints = [
            # The records hold one temporary vehicle at a time for a permit: its end gives the
            # permit back the vehicle it replaced, which a second one would have made wrong.
            models.UniqueConstraint(
                fields=["permit"],
                condition=models.Q(status="active"),
                name="vehicle_change_one_active_per_permit",
            )
        ]


class ExtinctionCase(TenantModel):
    """Processo administrativo de extinção da permissão de táxi (art. 15, §1º): the cause found,
    the defence period and the decision of the competent authority (D-3: never automatic)."""

    class Status(models.TextChoices):
        OPEN = "open", "em instrução"
        EXTINCT = "extinct", "extinção declarada"
        DISMISSED = "dismissed", "arquivado"

    permit = models.ForeignKey(
        "registry.Permit", on_delete=models.PROTECT, related_name="extinction_cases"
    )
    number = models.PositiveIntegerField("número do processo")
    cause = models.CharField("causa (art. 15)", max_length=40)
    inciso = models.CharField(max_length=5)
    facts = models.TextField("fatos constatados")
    opened_on = models.DateField("instaurado em")
    notified_on = models.DateField("notificado em", null=True, blank=True)
    defence_deadline = models.DateField("prazo de defesa", null=True, blank=True)
    defence = models.TextField("defesa", blank=True)
    defence_filed_on = models.DateField("defesa apresentada em", null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    decided_on = models.DateField("decidido em", null=True, blank=True)
    decided_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    grounds = models.TextField("fundamentação da decisão", blank=True)
    decision = models.JSONField("fundamentos", default=dict, blank=True)

    class Meta:
        ordering = ["-opened_on", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "number"], name="uniq_extinction_case_number"
            )
        ]

    def __str__(self) -> str:
        return f"Processo de extinção {self.number}"
