"""Enforcement: autos de infração (mototaxi art. 29–30), notices (D-4), the processo administrativo
with defence and appeals (art. 42–44; taxi D-17), penalties and escalation (art. 31–34, D-1–D-3),
seizures (art. 35) and the taxi regulation's infraction items (taxi art. 43, D-10).

Nothing here decides what the law decides: the services ask the law core and store each decision's
trace (``decision`` JSON fields) with the row and with the act. Nothing is ever deleted: autos are
cancelled with a reason, cases annulled, proposals dismissed.
"""

from __future__ import annotations

import datetime as dt

from django.db import models

from outorga.core.attachments import Attachment
from outorga.core.localtime import day_of
from outorga.core.tenancy import TenantModel
from outorga.law.citations import lei_9784


class Severity(models.TextChoices):
    LEVE = "leve", "leve"
    MEDIA = "media", "média"
    GRAVE = "grave", "grave"
    GRAVISSIMA = "gravissima", "gravíssima"


class TaxiInfractionItem(TenantModel):
    """An item of the taxi infraction list set by the municipality's regulation (taxi art. 43,
    D-10); the law's own conducts (art. 41 §2) come from the rulebook and are not stored.

    Dated (D-15): a fact is judged by the items in force on its date. An item is never edited: a
    regulation that changes it closes the version in force the day before and opens a new one
    (same code); one that revokes it closes it. ``valid_from`` empty: in force since the
    regulation's start (items recorded before the dates were kept)."""

    code = models.CharField("código", max_length=40)
    description = models.CharField("descrição", max_length=300)
    nature = models.CharField("natureza", max_length=10, choices=Severity.choices)
    reference = models.CharField("ato do regulamento", max_length=200, blank=True)
    example = models.BooleanField("exemplo", default=False)
    valid_from = models.DateField("em vigor desde", null=True, blank=True)
    valid_until = models.DateField("em vigor até (inclusive)", null=True, blank=True)
    closed_by = models.CharField("ato que o revogou ou alterou", max_length=200, blank=True)

    class Meta:
        ordering = ["code", "valid_from"]
        constraints = [
            # One version of a code in force with no end: a change closes the old one first.
            models.UniqueConstraint(
                fields=["municipality", "code"],
                condition=models.Q(valid_until__isnull=True),
                name="uniq_taxi_item_open_code",
            )
        ]

    def __str__(self) -> str:
        return self.code


class InfractionNotice(TenantModel):
    """Auto de infração, with every field of mototaxi art. 30 I–X."""

    class Status(models.TextChoices):
        ISSUED = "issued", "lavrado"
        CANCELLED = "cancelled", "cancelado"

    class CommittedBy(models.TextChoices):
        HOLDER = "holder", "permissionário"
        AUXILIARY = "auxiliary", "condutor auxiliar"
        UNLICENSED = "unlicensed", "condutor sem permissão"
        UNKNOWN = "unknown", "não identificado"

    class Penalty(models.TextChoices):
        FINE = "fine", "multa"
        WARNING = "warning", "advertência"

    number = models.CharField("número do auto", max_length=20)
    law = models.CharField("lei", max_length=40)
    infraction_code = models.CharField("infração (código)", max_length=40)
    infraction_description = models.CharField("infração", max_length=400)
    severity = models.CharField("natureza", max_length=10, choices=Severity.choices)
    provision = models.CharField("dispositivo infringido (art. 30 VI)", max_length=120)
    penalty = models.CharField(max_length=10, choices=Penalty.choices, default=Penalty.FINE)
    permit = models.ForeignKey(
        "registry.Permit", on_delete=models.PROTECT, null=True, blank=True, related_name="autos"
    )
    vehicle = models.ForeignKey(
        "registry.Vehicle", on_delete=models.PROTECT, null=True, blank=True, related_name="autos"
    )
    auxiliary = models.ForeignKey(
        "registry.Auxiliary", on_delete=models.PROTECT, null=True, blank=True, related_name="autos"
    )
    committed_by = models.CharField(max_length=12, choices=CommittedBy.choices)
    # Art. 30 I–V as written on the auto (kept even if the registry changes later).
    holder_name = models.CharField("nome do permissionário (I)", max_length=200, blank=True)
    permit_number = models.CharField("número da permissão (II)", max_length=20, blank=True)
    plate = models.CharField("placa (III)", max_length=7)
    offender_name = models.CharField("infrator (IV)", max_length=200, blank=True)
    offender_registration = models.CharField("registro do infrator (V)", max_length=40, blank=True)
    place = models.CharField("local (VII)", max_length=300)
    committed_at = models.DateTimeField("data e hora (VII)")
    description = models.TextField("descrição sucinta (VIII)")
    agent = models.ForeignKey("core.User", on_delete=models.PROTECT, related_name="+")
    agent_name = models.CharField("agente (IX)", max_length=200)
    agent_registration = models.CharField("matrícula do agente (IX)", max_length=40)
    offender_signed = models.BooleanField("assinado pelo infrator (X)", default=False)
    refusal_certified = models.BooleanField("recusa certificada (art. 29 §3)", default=False)
    witness_1 = models.CharField("testemunha 1", max_length=200, blank=True)
    witness_2 = models.CharField("testemunha 2", max_length=200, blank=True)
    gps_lat = models.DecimalField(max_digits=9, decimal_places=6, null=True, blank=True)
    gps_lon = models.DecimalField(max_digits=9, decimal_places=6, null=True, blank=True)
    seizure = models.BooleanField("acarreta apreensão", default=False)
    #: The administrative measures applied on the spot where the law has them (taxi art. 42 I–III,
    #: VI: retention, removal, withdrawal of the vehicle or the driver), judged by the law.
    measures = models.JSONField("medidas administrativas", default=list, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ISSUED)
    cancel_reason = models.CharField("motivo do cancelamento", max_length=300, blank=True)
    cancelled_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decision = models.JSONField("auto conforme a lei (art. 29–30)", default=dict)
    fine_decision = models.JSONField("multa (art. 37–41)", default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "auto de infração"
        ordering = ["-committed_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "number"], name="uniq_auto_number")
        ]

    @property
    def committed_on(self) -> dt.date:
        """The date of the fact: the municipality's day at the auto's instant (D-4, D-15), not the
        server's — 23:30 of the 30th in Barra do Garças is the 1st in Brasília."""
        return day_of(self.municipality, self.committed_at)

    def __str__(self) -> str:
        return f"Auto {self.number}"

    @property
    def measure_labels(self) -> list[str]:
        """The measures applied, as the auto's law names them (taxi art. 42)."""
        from outorga.law.interfaces import measures

        names = measures(self.law)
        return [names.get(m, m) for m in self.measures]


class InfractionPhoto(TenantModel):
    auto = models.ForeignKey(InfractionNotice, on_delete=models.PROTECT, related_name="photos")
    file = models.FileField(upload_to="autos/%Y/%m/")
    content_type = models.CharField(max_length=40)
    sha256 = models.CharField(max_length=64)
    size = models.PositiveIntegerField()


class Case(TenantModel):
    """Processo administrativo: of an auto (defence → JARI → Chief Executive), of a suspension
    imposed by the authority (appeal to the JARI, then the Chief Executive, art. 34 §3), or a
    proposal of revocation/cassação decided only by the Chief Executive (art. 34 §1–2, D-3)."""

    class Kind(models.TextChoices):
        INFRACTION = "infraction", "infração"
        REVOCATION = "revocation", "proposta de revogação"
        CASSACAO = "cassacao", "proposta de cassação"
        SUSPENSION = "suspension", "recurso contra suspensão"

    class Stage(models.TextChoices):
        DEFENCE = "defence", "defesa"
        JARI = "jari", "recurso à JARI"
        EXECUTIVE = "executive", "recurso ao Chefe do Executivo"
        FINAL = "final", "definitivo"
        ANNULLED = "annulled", "arquivado"
        DECIDED = "decided", "decidido"

    class Waiting(models.TextChoices):
        NOTICE = "notice", "aguardando notificação"
        DEADLINE = "deadline", "prazo em curso"
        JUDGMENT = "judgment", "aguardando julgamento"
        NONE = "none", "—"

    number = models.CharField("número do processo", max_length=20)
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.INFRACTION)
    law = models.CharField(max_length=40)
    auto = models.OneToOneField(
        InfractionNotice, on_delete=models.PROTECT, null=True, blank=True, related_name="case"
    )
    permit = models.ForeignKey(
        "registry.Permit", on_delete=models.PROTECT, null=True, blank=True, related_name="cases"
    )
    person = models.ForeignKey(
        "registry.Person", on_delete=models.PROTECT, null=True, blank=True, related_name="cases"
    )
    stage = models.CharField(max_length=10, choices=Stage.choices, default=Stage.DEFENCE)
    waiting = models.CharField(max_length=10, choices=Waiting.choices, default=Waiting.NOTICE)
    deadline = models.DateField("prazo em curso até", null=True, blank=True)
    revelia = models.BooleanField("julgado à revelia", default=False)
    final_on = models.DateField("definitivo em", null=True, blank=True)
    #: Proposals: the reasons and the counted infractions (mototaxi.penalty trace).
    proposal = models.JSONField(default=dict, blank=True)
    outcome = models.CharField("resultado", max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    #: The day its defence or appeal awaiting judgment was presented, where a judge's queue
    #: reads it (``selectors.awaiting_judgment``); not stored.
    filed_on: dt.date | None = None
    #: The last day to judge its pending appeal, where the law sets one (``Filing.judge_until``),
    #: where a judge's queue reads it (``selectors.awaiting_judgment``); not stored.
    judge_until: dt.date | None = None
    #: The day that appeal was sent up to the superior authority, if it was, which its day to
    #: judge counts from (``selectors.awaiting_judgment``); not stored.
    forwarded_on: dt.date | None = None
    #: The day that appeal's period to judge was extended (Lei 9.784/1999 art. 59 §2), if it was,
    #: which its day to judge counts with (``selectors.awaiting_judgment``); not stored.
    judgment_extended_on: dt.date | None = None
    #: What that day rests on, as the case's law answers it (``services.judgment.awaiting_basis``),
    #: where the work queue shows it; not stored.
    judgment_basis: str = ""
    #: The day a revocation or cassação proposal ready for decision has waited since
    #: (``selectors.open_proposals``); not stored.
    waiting_since: dt.date | None = None

    class Meta:
        verbose_name = "processo administrativo"
        ordering = ["deadline", "id"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "number"], name="uniq_case_number")
        ]

    def __str__(self) -> str:
        return f"Processo {self.number}"


class Notice(TenantModel):
    """Notificação. Date of notice (D-4): in person = signature date; post = date on the AR; Diário
    Oficial/edital = publication date. Delivered notices start the deadline."""

    class Purpose(models.TextChoices):
        AUTO = "auto", "autuação (prazo de defesa)"
        DEFENCE_DECISION = "defence_decision", "decisão de 1ª instância (prazo de recurso)"
        JARI_DECISION = "jari_decision", "decisão da JARI (prazo de recurso)"
        EXECUTIVE_DECISION = "executive_decision", "decisão do Chefe do Executivo"
        RECONSIDERATION = "reconsideration", "reconsideração da decisão recorrida"
        PROPOSAL = "proposal", "abertura de proposta (prazo de defesa)"

    class Form(models.TextChoices):
        PESSOAL = "pessoal", "entrega pessoal"
        POSTAL = "postal", "via postal com AR"
        EDITAL = "edital", "Diário Oficial / edital"
        #: Never recorded by hand: the defence or appeal filed before the notice reached the
        #: person supplies it on the filing's day, where the law says so (Lei 9.784/1999 art. 26
        #: §5, D-17; ``services.filings.filing_file``).
        COMPARECIMENTO = (
            "comparecimento",
            f"suprida pelo comparecimento do interessado ({lei_9784(26, 5)})",
        )

    #: The forms a clerk records (art. 29; D-4): how a notice is delivered.
    DELIVERED_FORMS = (Form.PESSOAL, Form.POSTAL, Form.EDITAL)

    class Unlocated(models.TextChoices):
        """How the attempt to find the person failed (mototaxi art. 43–44: the edital of a
        decision's notice only "quando o infrator não for localizado")."""

        AR_MUDOU = "ar_mudou", "AR devolvido — mudou-se"
        AR_DESCONHECIDO = "ar_desconhecido", "AR devolvido — desconhecido"
        AR_AUSENTE = "ar_ausente", "AR devolvido — ausente"
        NAO_ENCONTRADO = "nao_encontrado", "não encontrado no endereço"
        OUTRO = "outro", "outro (descrever)"

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="notices")
    purpose = models.CharField(max_length=20, choices=Purpose.choices)
    form = models.CharField(max_length=20, choices=Form.choices, blank=True)
    #: The day of the act it notifies (the auto, the decision, the proposal, the suspension): no
    #: notice precedes it (D-4). Empty on notices older than the field whose act was not known.
    act_on = models.DateField("data do ato notificado", null=True, blank=True)
    notified_on = models.DateField("data da notificação", null=True, blank=True)
    reference = models.CharField("AR / edição do Diário Oficial", max_length=120, blank=True)
    deadline = models.DateField("prazo até", null=True, blank=True)
    decision = models.JSONField(default=dict, blank=True)
    #: The failed attempt to find the person before an edital (``notice_unlocated``).
    unlocated_on = models.DateField("infrator não localizado em", null=True, blank=True)
    unlocated_how = models.CharField(
        "ocorrência da tentativa", max_length=20, choices=Unlocated.choices, blank=True
    )
    unlocated_note = models.CharField("detalhes da tentativa", max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "notificação"
        ordering = ["created_at", "id"]

    @property
    def delivered(self) -> bool:
        return self.notified_on is not None


class Filing(TenantModel):
    """Defesa prévia or recurso (JARI / Chief Executive), filed online or on paper."""

    class Stage(models.TextChoices):
        DEFENCE = "defence", "defesa"
        JARI = "jari", "recurso à JARI"
        EXECUTIVE = "executive", "recurso ao Chefe do Executivo"

    class Channel(models.TextChoices):
        PORTAL = "portal", "portal"
        PAPER = "paper", "protocolo em papel"

    class Result(models.TextChoices):
        PENDING = "pending", "aguardando julgamento"
        UPHELD = "upheld", "procedente"
        DISMISSED = "dismissed", "improcedente"
        # The case annulled of the authority's own motion while it waited (Lei 9.784/1999 art. 52).
        MOOT = "moot", "prejudicado"

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="filings")
    stage = models.CharField(max_length=10, choices=Stage.choices)
    channel = models.CharField(max_length=10, choices=Channel.choices)
    text = models.TextField("razões")
    filed_on = models.DateField("apresentado em")
    deadline = models.DateField("prazo")
    filed_by = models.ForeignKey("core.User", on_delete=models.PROTECT, related_name="+")
    decision = models.JSONField("tempestividade", default=dict)
    result = models.CharField(max_length=10, choices=Result.choices, default=Result.PENDING)
    judged_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    judged_on = models.DateField(null=True, blank=True)
    reasoning = models.TextField("fundamentação", blank=True)
    judgment = models.JSONField("decisão", default=dict, blank=True)
    #: Where the law has the appeal go first to the authority that decided (Lei 9.784/1999 art. 56
    #: §1 by default, D-17): the last day it may reconsider, the day it sent the appeal up keeping
    #: its decision, and its reconsideration (who, when, result, reasoning, the law's trace).
    reconsider_until = models.DateField("reconsiderar até", null=True, blank=True)
    forwarded_on = models.DateField("encaminhado à autoridade superior em", null=True, blank=True)
    reconsideration = models.JSONField("reconsideração", default=dict, blank=True)
    #: Where the law sets the superior authority a period to judge the appeal (Lei 9.784/1999
    #: art. 59 §1 by default, D-17; ADR 0084): its last day, counted from the receipt — the day
    #: the appeal was sent up, else the day after the period to reconsider. Empty where the law
    #: sets none (mototaxi art. 42–44): such a filing is shown since it was presented.
    judge_until = models.DateField("julgar até", null=True, blank=True)
    #: Lei 9.784/1999 art. 59 §2: the day the authority that judges the appeal extended that
    #: period, once, by as many days, with an explicit justification (``judge_until`` is then the
    #: extended day, counted again with it); and the extension — who, the justification, the day
    #: it ran from and to, the law's answer. Empty where it was not extended.
    judgment_extended_on = models.DateField(
        "prazo para julgar prorrogado em", null=True, blank=True
    )
    judgment_extension = models.JSONField(
        "prorrogação do prazo para julgar", default=dict, blank=True
    )

    #: The reasons as the reader of a case's page reads them, and whether they read the
    #: filing's content — its text and its files' names (``selectors.case_detail``, ADR 0070).
    text_seen: str = ""
    content_read: bool = True

    class Meta:
        ordering = ["filed_on", "id"]


class FilingAttachment(Attachment):
    """A file joined to a defence or appeal of an auto (``core.attachments``)."""

    filing = models.ForeignKey(Filing, on_delete=models.PROTECT, related_name="attachments")
    file = models.FileField(upload_to="defesas/%Y/%m/")


class Escalation(TenantModel):
    """What the law core found when an infraction became final (mototaxi.penalty, D-1/D-2): a
    suspension waiting for the authority's one click. Revocation and cassação go to a proposal
    case instead (D-3)."""

    class Status(models.TextChoices):
        PENDING = "pending", "aguardando a autoridade"
        IMPOSED = "imposed", "aplicada"
        DISMISSED = "dismissed", "não aplicada"
        ANNULLED = "annulled", "anulada em recurso"  # art. 34 §3

    permit = models.ForeignKey("registry.Permit", on_delete=models.PROTECT, related_name="+")
    law = models.CharField(max_length=40)
    days = models.PositiveSmallIntegerField("dias de suspensão")
    counted = models.ManyToManyField(InfractionNotice, related_name="escalations")
    decision = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    evaluated_on = models.DateField()
    decided_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["evaluated_on", "id"]


class Seizure(TenantModel):
    """Apreensão (mototaxi art. 35) or removal (taxi art. 42 II): released when the law of the
    auto says so — mototaxi: fine, fees, removal and storage paid, an appeal does not release
    (§2); taxi: the transport and storage costs paid (art. 42 §2)."""

    class Grounds(models.TextChoices):
        UNLICENSED = "sem_permissao", "serviço sem permissão"
        INFRACTION = "infracao", "infração que acarreta apreensão"

    class Status(models.TextChoices):
        HELD = "held", "apreendido"
        RELEASED = "released", "liberado"

    law = models.CharField(max_length=40)
    auto = models.ForeignKey(
        InfractionNotice, on_delete=models.PROTECT, null=True, blank=True, related_name="seizures"
    )
    person = models.ForeignKey(
        "registry.Person", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    plate = models.CharField("placa", max_length=7)
    grounds = models.CharField(max_length=15, choices=Grounds.choices)
    depot = models.CharField("pátio", max_length=200)
    entered_on = models.DateField("entrada no pátio")
    storage_days = models.PositiveIntegerField("dias de estadia", default=0)
    storage_daily_cents = models.PositiveIntegerField("estadia por dia (centavos)")
    storage_billed_until = models.DateField(null=True, blank=True)
    removal_cents = models.PositiveIntegerField("remoção (centavos)")
    fine_debt = models.ForeignKey(
        "finance.Debt", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    removal_debt = models.ForeignKey(
        "finance.Debt", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    storage_debts = models.ManyToManyField("finance.Debt", related_name="+", blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.HELD)
    released_on = models.DateField(null=True, blank=True)
    release_decision = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-entered_on", "-id"]


class Penalty(TenantModel):
    """A penalty applied: warning, fine (with its debt), suspension, revocation, cassação."""

    class Kind(models.TextChoices):
        WARNING = "warning", "advertência"
        FINE = "fine", "multa"
        SUSPENSION = "suspension", "suspensão"
        REVOCATION = "revocation", "revogação"
        CASSACAO = "cassacao", "cassação"

    kind = models.CharField(max_length=12, choices=Kind.choices)
    case = models.ForeignKey(
        Case, on_delete=models.PROTECT, null=True, blank=True, related_name="penalties"
    )
    permit = models.ForeignKey(
        "registry.Permit", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    debt = models.ForeignKey(
        "finance.Debt", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    amount_cents = models.BigIntegerField(null=True, blank=True)
    days = models.PositiveSmallIntegerField(null=True, blank=True)
    imposed_on = models.DateField()
    decision = models.JSONField(default=dict)
    #: The day the auto it rests on was cancelled or its case annulled of the authority's own
    #: motion (Lei 9.784/1999 art. 53, D-17): a taxi suspension on that auto falls with it.
    annulled_on = models.DateField("anulada em", null=True, blank=True)

    class Meta:
        ordering = ["imposed_on", "id"]
