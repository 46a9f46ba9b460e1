"""Ride-hailing platforms (OTTC). The foundation keeps only what API credentials need; the
platforms issue extends it (credentialing, rosters, reports)."""

from __future__ import annotations

from django.db import models

from outorga.core.attachments import Attachment
from outorga.core.models import secret_sha256
from outorga.core.tenancy import TenantModel
from outorga.law.citations import lei_9784

from .validators import validate_cpf, validate_plate


class Platform(TenantModel):
    """A ride-hailing platform (OTTC) credentialed before the municipality (apps art. 3)."""

    class Status(models.TextChoices):
        CREDENTIALED = "credentialed", "credenciada"
        SUSPENDED = "suspended", "suspensa"
        CANCELLED = "cancelled", "cancelada"

    cnpj = models.CharField("CNPJ", max_length=14)
    name = models.CharField("nome", max_length=120)
    status = models.CharField(
        "situação", max_length=20, choices=Status.choices, default=Status.CREDENTIALED
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Apps art. 19 §2: registration in the municipal cadastro mobiliário is a condition to operate.
    cadastro_mobiliario = models.CharField(
        "inscrição no cadastro mobiliário", max_length=30, blank=True
    )
    # Apps art. 11 III: the users' complaint channel (site, e-mail or telephone).
    complaint_channel = models.CharField("canal de reclamações", max_length=200, blank=True)
    contact_name = models.CharField("responsável", max_length=120, blank=True)
    contact_email = models.EmailField("e-mail de contato", blank=True)
    contact_phone = models.CharField("telefone de contato", max_length=30, blank=True)
    address = models.CharField("endereço", max_length=250, blank=True)
    credentialed_at = models.DateTimeField("credenciada em", null=True, blank=True)
    suspended_until = models.DateField("suspensa até", null=True, blank=True)
    demo = models.BooleanField("dado de demonstração", default=False)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "cnpj"], name="uniq_platform_cnpj")
        ]

    def __str__(self) -> str:
        return self.name


class PlatformUser(TenantModel):
    """A web login of a platform's staff (role plataforma): on the platform portal it sees and
    does only what is its platform's, through the same services as the platform's API token."""

    platform = models.ForeignKey(
        Platform, on_delete=models.PROTECT, related_name="web_users", verbose_name="plataforma"
    )
    user = models.OneToOneField(
        "core.User", on_delete=models.PROTECT, related_name="platform_link", verbose_name="usuário"
    )
    linked_at = models.DateTimeField("vinculado em", auto_now_add=True)
    #: Marked by the authority (ADR 0043): this login invites and removes its platform's staff.
    is_admin = models.BooleanField("administrador da plataforma", default=False)

    class Meta:
        ordering = ["platform", "user"]

    def __str__(self) -> str:
        return f"{self.user} — {self.platform}"


class PlatformDocument(TenantModel):
    """A document the platform filed with its credential (contrato social, cartão CNPJ…)."""

    class Kind(models.TextChoices):
        ARTICLES = "articles", "contrato social / estatuto"
        CNPJ_CARD = "cnpj_card", "comprovante de inscrição no CNPJ"
        CADASTRO_MOBILIARIO = "cadastro_mobiliario", "inscrição no cadastro mobiliário"
        TAX_CLEARANCE = "tax_clearance", "certidão negativa de débitos"
        POWER_OF_ATTORNEY = "power_of_attorney", "procuração do representante"
        OTHER = "other", "outro"

    platform = models.ForeignKey(
        Platform, on_delete=models.PROTECT, related_name="documents", verbose_name="plataforma"
    )
    kind = models.CharField("tipo", max_length=30, choices=Kind.choices)
    number = models.CharField("número", max_length=60, blank=True)
    issued_on = models.DateField("emitido em", null=True, blank=True)
    valid_until = models.DateField("válido até", null=True, blank=True)
    notes = models.CharField("observações", max_length=250, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["platform", "kind"]


class PlatformCase(TenantModel):
    """Proposal to suspend or cancel a platform's credential (apps art. 26 IV): the system
    proposes, the platform defends itself, the competent person decides (decision D-3)."""

    class Kind(models.TextChoices):
        SUSPENSION = "credential_suspension", "suspensão temporária do credenciamento"
        CANCELLATION = "credential_cancellation", "cancelamento do credenciamento"

    class Status(models.TextChoices):
        OPEN = "open", "aberto (prazo de defesa)"
        UPHELD = "upheld", "decidido: penalidade aplicada"
        REJECTED = "rejected", "decidido: proposta rejeitada"

    platform = models.ForeignKey(
        Platform, on_delete=models.PROTECT, related_name="cases", verbose_name="plataforma"
    )
    kind = models.CharField("proposta", max_length=30, choices=Kind.choices)
    status = models.CharField("situação", max_length=10, choices=Status.choices, default="open")
    infraction_on = models.DateField("data do fato")
    grounds = models.TextField("fundamentos da proposta")
    suspension_days = models.PositiveIntegerField(
        "dias de suspensão propostos", null=True, blank=True
    )
    proposed_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    proposed_at = models.DateTimeField(auto_now_add=True)
    notice_on = models.DateField("notificação da plataforma")
    defence_until = models.DateField("prazo de defesa")
    defence_text = models.TextField("defesa", blank=True)
    defence_filed_at = models.DateTimeField("defesa apresentada em", null=True, blank=True)
    decided_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    decided_at = models.DateTimeField("decidido em", null=True, blank=True)
    #: The day the Chief Executive annulled the measure of its own motion for a vício de
    #: legalidade (Lei 9.784/1999 art. 53, D-17); the law's decision is ``decision["annulment"]``.
    annulled_on = models.DateField("anulado de ofício em", null=True, blank=True)
    decision_text = models.TextField("decisão", blank=True)
    decision = models.JSONField("rastro da decisão", default=dict, blank=True)
    #: The legal date the decision reached the platform (D-4): the appeal period runs from it.
    decision_notice_on = models.DateField("notificação da decisão", null=True, blank=True)

    class Meta:
        ordering = ["-proposed_at"]

    @property
    def situation(self) -> str:
        """The case's status as the screens say it: the annulment of the authority's own motion
        (Lei 9.784/1999 art. 53) above the decision it annulled."""
        if self.annulled_on is not None:
            return f"anulado de ofício em {self.annulled_on:%d/%m/%Y} ({lei_9784(53)})"
        return self.get_status_display()


class PlatformStatusChange(TenantModel):
    """History of a platform's status: credential, suspension, cancellation, reinstatement."""

    platform = models.ForeignKey(
        Platform, on_delete=models.PROTECT, related_name="status_changes", verbose_name="plataforma"
    )
    old_status = models.CharField("situação anterior", max_length=20, blank=True)
    new_status = models.CharField("nova situação", max_length=20, choices=Platform.Status.choices)
    changed_at = models.DateTimeField(auto_now_add=True)
    changed_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    reason = models.CharField("motivo", max_length=300)
    case = models.ForeignKey(
        PlatformCase, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decision = models.JSONField("rastro da decisão", default=dict, blank=True)

    class Meta:
        ordering = ["changed_at", "pk"]


class PlatformDriver(TenantModel):
    """A driver (and the vehicle) a platform registered through the API (apps art. 4, 17)."""

    class VehicleKind(models.TextChoices):
        CAR = "car", "automóvel"
        UTILITY = "utility", "utilitário"
        MOTORCYCLE = "motorcycle", "motocicleta"
        MOTONETA = "motoneta", "motoneta"
        CICLOMOTOR = "ciclomotor", "ciclomotor"
        OTHER_TWO_WHEELER = "other_two_wheeler", "outro veículo de duas rodas"
        OTHER = "other", "outro"

    class Status(models.TextChoices):
        ENABLED = "enabled", "habilitado"
        DISABLED = "disabled", "desativado"
        REFUSED = "refused", "recusado"

    class TaxRegime(models.TextChoices):
        """The driver's capacity for the ISSQN the platform withholds (art. 20: "na qualidade de
        MEI (microempreendedor individual) ou Profissional Autônomo Pessoa Física"; D-14)."""

        MEI = "mei", "MEI (microempreendedor individual)"
        AUTONOMO = "autonomo", "profissional autônomo pessoa física"

    platform = models.ForeignKey(
        Platform, on_delete=models.PROTECT, related_name="drivers", verbose_name="plataforma"
    )
    cpf = models.CharField("CPF", max_length=11, validators=[validate_cpf])
    name = models.CharField("nome", max_length=160)
    cnh_number = models.CharField("número da CNH", max_length=20)
    cnh_category = models.CharField("categoria da CNH", max_length=3)
    cnh_ear = models.BooleanField("CNH com observação EAR", default=False)
    vehicle_plate = models.CharField("placa", max_length=7, validators=[validate_plate])
    vehicle_kind = models.CharField("tipo de veículo", max_length=20, choices=VehicleKind.choices)
    vehicle_manufacture_year = models.PositiveSmallIntegerField("ano de fabricação")
    # Sent by the platform at registration; a change of regime is a new roster entry, so each
    # month's ISSQN uses the regime the driver had in that month (D-14, D-15).
    tax_regime = models.CharField(
        "regime tributário (ISSQN, art. 20)",
        max_length=10,
        choices=TaxRegime.choices,
        default=TaxRegime.AUTONOMO,
    )
    status = models.CharField(
        "situação", max_length=10, choices=Status.choices, default=Status.ENABLED
    )
    enabled_at = models.DateTimeField("habilitado em", null=True, blank=True)
    disabled_at = models.DateTimeField("desativado em", null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    # Documents of apps art. 4 II (a–f).
    cnh_valid_until = models.DateField("CNH válida até", null=True, blank=True)
    crlv = models.BooleanField("CRLV apresentado", default=False)
    crlv_valid_until = models.DateField("CRLV válido até", null=True, blank=True)
    criminal_certificate = models.BooleanField("certidão negativa criminal", default=False)
    criminal_certificate_date = models.DateField("data da certidão criminal", null=True, blank=True)
    app_insurance = models.BooleanField("seguro APP", default=False)
    app_insurance_policy = models.CharField("apólice do seguro APP", max_length=40, blank=True)
    app_insurance_valid_until = models.DateField("seguro APP válido até", null=True, blank=True)
    dpvat = models.BooleanField("seguro DPVAT/SPVAT", default=False)
    debt_clearance = models.BooleanField("certidão negativa de débitos municipais", default=False)
    debt_clearance_date = models.DateField("data da certidão de débitos", null=True, blank=True)
    inss = models.BooleanField("inscrição no INSS", default=False)
    inss_number = models.CharField(
        "número de inscrição no INSS (NIT/PIS)", max_length=20, blank=True
    )

    # The law core's decision trace of the last eligibility check (JSON-serialisable).
    decision = models.JSONField("decisão (rastro do núcleo jurídico)", default=dict, blank=True)

    class Documents(models.TextChoices):
        """What the daily re-check of an enabled driver found (art. 4 II "manter atualizados",
        art. 14 I): he met every requirement when enabled; the sweep writes a change only."""

        CURRENT = "current", "em dia"
        LAPSED = "lapsed", "documentos vencidos ou exigência não cumprida"
        UNKNOWN = "unknown", "a verificar"

    documents = models.CharField(
        "documentos na verificação periódica (art. 4, II)",
        max_length=10,
        choices=Documents.choices,
        default=Documents.CURRENT,
    )
    #: The date of the re-check that found the present ``documents`` state (None: since enabled).
    documents_checked_on = models.DateField("verificação periódica em", null=True, blank=True)
    #: That re-check: ``lapsed``/``unknown`` rule ids, ``update_until``, summary, reasons, trace.
    documents_check = models.JSONField(
        "verificação periódica dos documentos (rastro)", default=dict, blank=True
    )

    class Meta:
        ordering = ["name"]
        verbose_name = "motorista de plataforma"
        verbose_name_plural = "motoristas de plataforma"
        indexes = [
            models.Index(fields=["municipality", "cpf"], name="platdriver_cpf_idx"),
            models.Index(fields=["platform", "status"], name="platdriver_status_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.platform})"


class FareTable(TenantModel):
    """A fare table a platform published (apps art. 6), checked against the executive's limits
    (art. 7) and the dynamic-pricing ceiling (art. 9). Every publication is kept."""

    class Status(models.TextChoices):
        ACCEPTED = "accepted", "aceita"
        PENDING = "pending", "aceita; limites a verificar"
        REFUSED = "refused", "recusada"

    platform = models.ForeignKey(
        Platform, on_delete=models.PROTECT, related_name="fare_tables", verbose_name="plataforma"
    )
    base_fare_cents = models.PositiveIntegerField("tarifa base (centavos)")
    per_km_cents = models.PositiveIntegerField("custo por km (centavos)")
    per_minute_cents = models.PositiveIntegerField("custo por minuto (centavos)")
    extras = models.JSONField("taxas adicionais", default=list, blank=True)
    dynamic_max_percent = models.DecimalField(
        "acréscimo dinâmico máximo (%)", max_digits=6, decimal_places=2, null=True, blank=True
    )
    valid_from = models.DateField("vigente a partir de")
    status = models.CharField("situação", max_length=10, choices=Status.choices)
    published_at = models.DateTimeField(auto_now_add=True)
    decision = models.JSONField("rastro da decisão", default=dict, blank=True)

    class Meta:
        ordering = ["-published_at", "-pk"]


class MonthlyReport(TenantModel):
    """One version of a platform's monthly report (apps art. 16, D-8). A new upload for the same
    month is a new version; all are kept. ``idempotency_key`` + ``body_sha256`` make retries safe."""

    platform = models.ForeignKey(
        Platform, on_delete=models.PROTECT, related_name="reports", verbose_name="plataforma"
    )
    year = models.PositiveSmallIntegerField("ano")
    month = models.PositiveSmallIntegerField("mês")
    version = models.PositiveSmallIntegerField("versão")
    idempotency_key = models.CharField(max_length=100)
    body_sha256 = models.CharField(max_length=64)
    payload = models.JSONField("conteúdo enviado")
    active_drivers = models.PositiveIntegerField("motoristas ativos")
    trips = models.PositiveIntegerField("corridas", null=True, blank=True)
    intermediation_revenue_cents = models.BigIntegerField("faturamento da intermediação")
    trip_revenue_cents = models.BigIntegerField("faturamento das corridas")
    submitted_at = models.DateTimeField("enviado em", auto_now_add=True)
    submitted_on = models.DateField("data de entrega")
    status = models.CharField("situação na entrega", max_length=20)
    decision = models.JSONField("rastro da decisão", default=dict, blank=True)
    response = models.JSONField("resposta dada à plataforma", default=dict, blank=True)
    demo = models.BooleanField("dado de demonstração", default=False)

    @property
    def declared_intermediation_revenue_cents(self) -> int | None:
        """The intermediation revenue the version declared (art. 16, II); ``None`` when it was
        sent without it — the column then holds 0, which is no declaration of zero."""
        body = self.payload or {}
        return self.intermediation_revenue_cents if "intermediation_revenue_cents" in body else None

    class Meta:
        ordering = ["-year", "-month", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["platform", "idempotency_key"], name="uniq_report_idempotency"
            ),
            models.UniqueConstraint(
                fields=["platform", "year", "month", "version"], name="uniq_report_version"
            ),
        ]


class Complaint(TenantModel):
    """A user's complaint (apps art. 11 III): filed on the public form or forwarded by the platform;
    the platform answers within 5 business days (art. 15)."""

    class Source(models.TextChoices):
        PUBLIC = "public", "formulário público"
        PLATFORM = "platform", "encaminhada pela plataforma"

    class Status(models.TextChoices):
        OPEN = "open", "aguardando resposta"
        ANSWERED = "answered", "respondida"

    platform = models.ForeignKey(
        Platform, on_delete=models.PROTECT, related_name="complaints", verbose_name="plataforma"
    )
    # REC-<year>-<number>: sequential per municipality (core.numbering), unique within it.
    protocol = models.CharField("protocolo", max_length=20)
    source = models.CharField("origem", max_length=10, choices=Source.choices)
    # SHA-256 of the tracking code given once to whoever filed it on the public form (the code
    # itself is never stored); empty for a complaint the platform forwarded.
    secret_digest = models.CharField(max_length=64, blank=True, editable=False)
    platform_reference = models.CharField("referência na plataforma", max_length=60, blank=True)
    complainant_name = models.CharField("nome de quem reclama", max_length=120, blank=True)
    complainant_contact = models.CharField("contato de quem reclama", max_length=120, blank=True)
    occurred_on = models.DateField("data do fato", null=True, blank=True)
    description = models.TextField("reclamação")
    filed_on = models.DateField("registrada em")
    filed_at = models.DateTimeField(auto_now_add=True)
    deadline = models.DateField("prazo de resposta")
    status = models.CharField("situação", max_length=10, choices=Status.choices, default="open")
    answer = models.TextField("resposta", blank=True)
    answered_at = models.DateTimeField("respondida em", null=True, blank=True)
    answered_on = models.DateField("data da resposta", null=True, blank=True)
    decision = models.JSONField("rastro da decisão", default=dict, blank=True)

    class Meta:
        ordering = ["-filed_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "protocol"], name="uniq_complaint_protocol"
            )
        ]

    # The shape core.tokens.matching checks a presented code against.
    @property
    def digest(self) -> str:
        return self.secret_digest

    digest_of = staticmethod(secret_sha256)


class PlatformPenalty(TenantModel):
    """Warning or fine imposed on a platform or on one of its drivers (apps art. 26 I–II). Amounts in cents (D-5); a fine
    is a debt of the platform (its CNPJ) in the finance ledger, awaiting the penalty's finality.

    After it is imposed the decision is notified; the appeal period runs from that notice (art. 26
    sole paragraph; D-17 default 10 days, Lei 9.784/1999 art. 59; D-4 counting). The penalty is
    final when the period lapses without appeal or the appeal is dismissed, annulled when the appeal
    is upheld (D-1)."""

    class Kind(models.TextChoices):
        WARNING = "warning", "advertência escrita"
        FINE = "fine", "multa"

    class Status(models.TextChoices):
        AWAITING_NOTICE = "awaiting_notice", "aguardando notificação da decisão"
        APPEAL_PERIOD = "appeal_period", "prazo de recurso aberto"
        UNDER_APPEAL = "under_appeal", "em recurso"
        FINAL = "final", "definitiva"
        ANNULLED = "annulled", "anulada (em recurso ou de ofício)"

    class NoticeChannel(models.TextChoices):
        """How the decision reached the platform, and so which date counts (decision D-4)."""

        PERSONAL = "personal", "entrega pessoal (data da assinatura)"
        POST = "post", "correio com AR (data do AR)"
        GAZETTE = "gazette", "Diário Oficial ou edital (data da publicação)"

    platform = models.ForeignKey(
        Platform, on_delete=models.PROTECT, related_name="penalties", verbose_name="plataforma"
    )
    #: The offender when it is a driver of the platform (art. 26 caput: "plataformas e
    #: motoristas"); empty when the platform itself is punished. A driver's fine is the driver's
    #: debt (by CPF), not the platform's.
    driver = models.ForeignKey(
        "PlatformDriver",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="penalties",
        verbose_name="motorista",
    )
    kind = models.CharField("penalidade", max_length=10, choices=Kind.choices)
    infraction_on = models.DateField("data do fato")
    description = models.TextField("fato")
    reasoning = models.TextField("fundamentação")
    fine_upfbg = models.DecimalField(
        "multa (UPFBG)", max_digits=10, decimal_places=4, null=True, blank=True
    )
    amount_cents = models.BigIntegerField("valor (centavos)", null=True, blank=True)
    defence_notice_on = models.DateField("notificação para defesa")
    defence_judged = models.BooleanField("defesa apresentada e julgada", default=False)
    imposed_at = models.DateTimeField(auto_now_add=True)
    #: The decision's date, the reference date of the law core (D-5); null on rows older than it.
    imposed_on = models.DateField("data da decisão", null=True, blank=True)
    imposed_by = models.ForeignKey("core.User", on_delete=models.PROTECT, related_name="+")
    decision = models.JSONField("rastro da decisão", default=dict, blank=True)
    debt = models.OneToOneField(
        "finance.Debt",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="platform_penalty",
        verbose_name="débito no livro de arrecadação",
    )
    status = models.CharField(
        "situação", max_length=20, choices=Status.choices, default=Status.AWAITING_NOTICE
    )
    decision_notice_on = models.DateField("notificação da decisão", null=True, blank=True)
    decision_notice_channel = models.CharField(
        "meio da notificação", max_length=10, choices=NoticeChannel.choices, blank=True
    )
    decision_notice_recorded_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    appeal_until = models.DateField("prazo de recurso", null=True, blank=True)
    final_on = models.DateField("definitiva desde", null=True, blank=True)
    #: The law core's traces of the procedure after the imposition: the appeal deadline computed at
    #: the notice and the finality (``{"notice": …, "finality": …}``).
    procedure = models.JSONField("rastro do procedimento", default=dict, blank=True)

    class Meta:
        ordering = ["-imposed_at"]

    @property
    def offender(self) -> str:
        """Whom the penalty punishes, as the law core names it (art. 26 caput)."""
        return "driver" if self.driver_id else "platform"

    @property
    def offender_name(self) -> str:
        return self.driver.name if self.driver is not None else self.platform.name


class AppealFiling(TenantModel):
    """What every appeal of a platform against a penalty of the apps law records when it is filed
    (art. 26 sole paragraph; D-17): the channel, the reasons, the protocol's date and who filed
    it, the period it met and the deciding authority's period to reconsider (Lei 9.784/1999 art.
    59, 56 §1), with the law core's admission."""

    class Channel(models.TextChoices):
        API = "api", "API da plataforma"
        WEB = "web", "portal da plataforma"
        PAPER = "paper", "entregue em papel (protocolo)"

    channel = models.CharField("meio", max_length=10, choices=Channel.choices)
    text = models.TextField("razões do recurso")
    filed_on = models.DateField("apresentado em")
    filed_at = models.DateTimeField(auto_now_add=True)
    filed_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    filed_by_name = models.CharField("apresentado por", max_length=120)
    deadline = models.DateField("prazo de recurso", null=True, blank=True)
    #: Lei 9.784/1999 art. 56 §1 (D-17): the authority that decided may reconsider until this day;
    #: then (or when it keeps its decision, in whole or in part) the appeal goes up.
    reconsider_until = models.DateField("reconsiderar até", null=True, blank=True)
    admission = models.JSONField("rastro da admissão", default=dict, blank=True)

    class Meta:
        abstract = True


class PlatformPenaltyAppeal(AppealFiling):
    """The platform's appeal against a warning or fine (apps art. 26 sole paragraph; D-17): filed
    through the API or the platform's portal, or delivered on paper and recorded by the authority, judged by the superior
    authority (law.competence ``appeal.executive.judge``). A late appeal is refused and leaves no
    row, only the refusal's act."""

    class Result(models.TextChoices):
        PENDING = "pending", "aguardando julgamento"
        UPHELD = "upheld", "provido: penalidade anulada"
        PARTIAL = "partial", "provido em parte: multa reduzida"
        DISMISSED = "dismissed", "improvido: penalidade confirmada"
        #: The penalty annulled of the authority's own motion while it waited (Lei 9.784/1999
        #: art. 52: the appeal has lost its object).
        MOOT = "moot", "prejudicado: penalidade anulada de ofício"

    penalty = models.OneToOneField(
        PlatformPenalty, on_delete=models.PROTECT, related_name="appeal", verbose_name="penalidade"
    )
    judge_until = models.DateField("julgar até", null=True, blank=True)
    result = models.CharField(
        "resultado", max_length=10, choices=Result.choices, default=Result.PENDING
    )
    judged_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    judged_on = models.DateField("julgado em", null=True, blank=True)
    judged_at = models.DateTimeField("registrado em", null=True, blank=True)
    reasoning = models.TextField("fundamentação do julgamento", blank=True)
    judgment = models.JSONField("rastro do julgamento", default=dict, blank=True)
    reconsidered_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    reconsidered_on = models.DateField("reconsiderado em", null=True, blank=True)
    reconsideration_reasoning = models.TextField("fundamentação da reconsideração", blank=True)
    reconsideration = models.JSONField("rastro da reconsideração", default=dict, blank=True)
    forwarded_on = models.DateField("encaminhado à autoridade superior em", null=True, blank=True)
    #: Lei 9.784/1999 art. 59 §2: the day the authority that judges the appeal extended its period
    #: to judge, once, by as many days, with an explicit justification (``judge_until`` is then
    #: the extended day, counted again with it); and the extension — who, the justification, the
    #: day it ran from and to, the law's answer. Empty where it was not extended.
    judgment_extended_on = models.DateField(
        "prazo para julgar prorrogado em", null=True, blank=True
    )
    judgment_extension = models.JSONField(
        "prorrogação do prazo para julgar", default=dict, blank=True
    )

    class Meta:
        ordering = ["judge_until", "filed_at"]


class PlatformCaseAppeal(AppealFiling):
    """The platform's appeal against the decision suspending or cancelling its credential (apps
    art. 26 IV and sole paragraph; D-17: Lei 9.784/1999 art. 59, 56 §1, 61). The deciding
    authority is the Chief Executive, with no superior: the appeal is decided by it alone, as a
    reconsideration (ADR 0030). No suspensive effect (art. 61)."""

    class Result(models.TextChoices):
        PENDING = "pending", "aguardando decisão"
        UPHELD = "upheld", "provido: penalidade anulada, credenciamento restabelecido"
        PARTIAL = "partial", "provido em parte: penalidade reduzida"
        DISMISSED = "dismissed", "improvido: penalidade mantida"
        #: The measure annulled of the authority's own motion while it waited (Lei 9.784/1999
        #: art. 52: the appeal has lost its object).
        MOOT = "moot", "prejudicado: penalidade anulada de ofício"

    case = models.OneToOneField(
        PlatformCase, on_delete=models.PROTECT, related_name="appeal", verbose_name="processo"
    )
    result = models.CharField(
        "resultado", max_length=10, choices=Result.choices, default=Result.PENDING
    )
    decided_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    decided_on = models.DateField("decidido em", null=True, blank=True)
    reasoning = models.TextField("fundamentação", blank=True)
    revision = models.JSONField("rastro da decisão do recurso", default=dict, blank=True)

    class Meta:
        ordering = ["filed_at"]


class InfractionCandidate(TenantModel):
    """Something the authority should look at: a monthly report late or missing (art. 16), a
    complaint not answered in time (art. 15) — both found by the daily sweep — or a month whose
    peak of concurrent drivers exceeded the cap (art. 3 §2, D-9 b), or whose trips started while
    the credential was suspended or cancelled (art. 3 with art. 26, IV), found when the month's
    trip or session file is processed. One row per fact (idempotent)."""

    class Kind(models.TextChoices):
        REPORT_LATE = "report_late", "relatório mensal entregue com atraso"
        REPORT_MISSING = "report_missing", "relatório mensal não entregue"
        REPORT_INCOMPLETE = "report_incomplete", "relatório mensal incompleto"
        COMPLAINT_OVERDUE = "complaint_overdue", "reclamação sem resposta no prazo"
        CONCURRENT_PEAK = "concurrent_peak", "motoristas ativos simultaneamente acima do limite"
        CREDENTIAL_STOPPED = (
            "credential_stopped",
            "corridas com o credenciamento suspenso ou cancelado",
        )

    platform = models.ForeignKey(
        Platform, on_delete=models.PROTECT, related_name="candidates", verbose_name="plataforma"
    )
    kind = models.CharField("tipo", max_length=20, choices=Kind.choices)
    key = models.CharField("referência", max_length=60)
    detected_on = models.DateField("detectado em")
    summary = models.CharField("resumo", max_length=300)
    decision = models.JSONField("rastro da decisão", default=dict, blank=True)
    # A fact measured again and no longer true (a later file of the same month brought the peak
    # back within the cap) stays on record, marked withdrawn, instead of being deleted.
    withdrawn_on = models.DateField("retirado em", null=True, blank=True)
    withdrawn_reason = models.CharField("motivo da retirada", max_length=300, blank=True)

    class Meta:
        ordering = ["-detected_on", "kind"]
        constraints = [
            models.UniqueConstraint(
                fields=["platform", "kind", "key"], name="uniq_infraction_candidate"
            )
        ]


class PlatformNotice(TenantModel):
    """An aviso to a platform of something with a deadline (a complaint to answer, a monthly report
    due, a penalty notified, an appeal judged), created once per key by
    :func:`outorga.platforms.notices.platform_notice_send`, which also emails it as a courtesy.
    The legal notice of a penalty is still the one decision D-4 names."""

    class Kind(models.TextChoices):
        COMPLAINT = "complaint", "reclamação recebida"
        REPORT_DUE = "report_due", "relatório mensal a entregar"
        REPORT_MISSING = "report_missing", "relatório mensal não entregue"
        PENALTY = "penalty", "penalidade notificada"
        APPEAL_JUDGED = "appeal_judged", "recurso julgado"
        ANNULLED = "annulled", "penalidade anulada de ofício"
        DRIVER_DOCUMENTS = "driver_documents", "motorista com documentos vencidos"

    platform = models.ForeignKey(
        Platform, on_delete=models.PROTECT, related_name="notices", verbose_name="plataforma"
    )
    kind = models.CharField("tipo", max_length=20, choices=Kind.choices)
    message = models.CharField("mensagem", max_length=500)
    due_on = models.DateField("prazo", null=True, blank=True)
    #: Identifies what the notice is about (complaint, report month…): each is created once.
    key = models.CharField(max_length=160)
    created_at = models.DateTimeField("criado em", auto_now_add=True)
    #: The address the courtesy email was queued to; empty: the platform has no contact e-mail.
    emailed_to = models.EmailField("e-mail enviado para", blank=True)

    class Meta:
        verbose_name = "aviso à plataforma"
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "key"], name="uniq_platform_notice_key")
        ]

    def __str__(self) -> str:
        return self.message


class PlatformAttachment(Attachment):
    """A file the platform joins to its defence or to its appeal (ADR 0043): kept as sent (it is
    evidence), its SHA-256 in the act; the same file sent twice to the same filing is one."""

    class Filing(models.TextChoices):
        DEFENCE = "defence", "defesa"
        CASE_APPEAL = "case_appeal", "recurso contra a suspensão ou o cancelamento"
        PENALTY_APPEAL = "penalty_appeal", "recurso contra a penalidade"

    platform = models.ForeignKey(
        Platform, on_delete=models.PROTECT, related_name="attachments", verbose_name="plataforma"
    )
    filing = models.CharField("peça", max_length=20, choices=Filing.choices)
    case = models.ForeignKey(
        PlatformCase, on_delete=models.PROTECT, null=True, blank=True, related_name="attachments"
    )
    penalty = models.ForeignKey(
        PlatformPenalty,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="attachments",
    )
    file = models.FileField(upload_to="plataformas/defesas/%Y/%m/")
    uploaded_at = models.DateTimeField("enviado em", auto_now_add=True)
    uploaded_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    uploaded_by_name = models.CharField("enviado por", max_length=150)

    class Meta:
        ordering = ["uploaded_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["case", "filing", "sha256"],
                condition=models.Q(case__isnull=False),
                name="uniq_platform_attachment_case",
            ),
            models.UniqueConstraint(
                fields=["penalty", "filing", "sha256"],
                condition=models.Q(penalty__isnull=False),
                name="uniq_platform_attachment_penalty",
            ),
        ]
