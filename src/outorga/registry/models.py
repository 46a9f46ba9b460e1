"""Registry: people and companies, driving licences, vehicles, documents, tenders, permits and
their status history, auxiliaries, register numbers, stands, the taxi Termo de Permissão and its
renewals, vehicle changes and extinction cases.

Every model belongs to one municipality (``TenantModel``). State changes go through
``registry.services``; nothing here decides anything the law decides.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db import models
from django.db.models import Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from outorga.core.lawseam import law_of
from outorga.core.tenancy import TenantManager, TenantModel, current_municipality_or_none

from .validation import mask_document

if TYPE_CHECKING:
    from outorga.core.models import Municipality


class Service(models.TextChoices):
    MOTOTAXI = "mototaxi", "mototáxi"
    MOTOFRETE = "motofrete", "motofrete"
    TAXI = "taxi", "táxi"


class TaxiCategory(models.TextChoices):
    CONVENCIONAL = "convencional", "convencional"
    ESPECIAL = "especial", "especial"
    EXECUTIVO = "executivo", "executivo"


class Person(TenantModel):
    """A natural person (CPF) or a legal person (CNPJ)."""

    class Kind(models.TextChoices):
        NATURAL = "natural", "pessoa física"
        LEGAL = "legal", "pessoa jurídica"

    class BloodType(models.TextChoices):
        A_POS = "A+", "A+"
        A_NEG = "A-", "A-"
        B_POS = "B+", "B+"
        B_NEG = "B-", "B-"
        AB_POS = "AB+", "AB+"
        AB_NEG = "AB-", "AB-"
        O_POS = "O+", "O+"
        O_NEG = "O-", "O-"

    kind = models.CharField("tipo", max_length=10, choices=Kind.choices, default=Kind.NATURAL)
    document = models.CharField("CPF/CNPJ", max_length=14)  # digits only
    name = models.CharField("nome completo / razão social", max_length=200)
    birth_date = models.DateField("data de nascimento", null=True, blank=True)
    blood_type = models.CharField(
        "tipo sanguíneo e Rh", max_length=3, blank=True, choices=BloodType.choices
    )
    address = models.CharField("endereço", max_length=300, blank=True)
    city = models.CharField("município de residência", max_length=120, blank=True)
    phone = models.CharField("telefone", max_length=30, blank=True)
    email = models.EmailField("e-mail", blank=True)
    photo = models.ImageField("foto", upload_to="photos/%Y/", null=True, blank=True)
    is_public_servant = models.BooleanField("servidor público municipal", default=False)
    partners = models.ManyToManyField(
        "self", symmetrical=False, blank=True, related_name="companies", verbose_name="sócios"
    )
    user = models.OneToOneField(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="person"
    )
    #: A legal person's responsible natural person, whose portal login applies in its name
    #: (``registry.services.people.company_self_register``; taxi art. 3, 23).
    representative = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="represented",
        verbose_name="responsável (CPF)",
    )
    #: The day the desk confirmed ``representative`` against the company's acts (contrato
    #: social; taxi art. 23): until then the link is pending and the login reaches nothing of
    #: the company (``registry.services.people.company_representative_review``).
    representative_confirmed_on = models.DateField(
        "vínculo do responsável conferido em", null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "document"], name="uniq_person_doc")
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def masked_document(self) -> str:
        return mask_document(self.document)


class DrivingLicence(TenantModel):
    person = models.OneToOneField(Person, on_delete=models.PROTECT, related_name="licence")
    number = models.CharField("número da CNH", max_length=11)
    categories = models.CharField("categorias", max_length=5)  # e.g. "AB"
    first_licence_on = models.DateField("primeira habilitação")
    category_a_since = models.DateField("categoria A desde", null=True, blank=True)
    expires_on = models.DateField("validade")
    ear = models.BooleanField("observação EAR", default=False)
    points = models.PositiveSmallIntegerField("pontos no CTB", default=0)
    points_reported_on = models.DateField("pontos informados em", null=True, blank=True)

    def __str__(self) -> str:
        return f"CNH {self.number}"


class Vehicle(TenantModel):
    class Kind(models.TextChoices):
        MOTOCICLETA = "motocicleta", "motocicleta"
        MOTONETA = "motoneta", "motoneta"
        AUTOMOVEL = "automovel", "automóvel"
        CAMIONETA = "camioneta", "camioneta"
        OUTRO = "outro", "outro"

    class Fuel(models.TextChoices):
        GASOLINA = "gasolina", "gasolina"
        ETANOL = "etanol", "etanol"
        FLEX = "flex", "flex"
        DIESEL = "diesel", "diesel"
        GNV = "gnv", "GNV"
        ELETRICO = "eletrico", "elétrico"
        HIBRIDO = "hibrido", "híbrido"

    class CargoDevice(models.TextChoices):
        """Motofrete cargo devices (mototaxi law art. 24 §1; the law core's CARGO_DEVICES)."""

        BAU = "bau", "baú (fechado)"
        GRELHA = "grelha", "grelha (aberto)"
        ALFORJE = "alforje", "alforjes"
        BOLSA = "bolsa", "bolsas"
        CAIXA_LATERAL = "caixa_lateral", "caixas laterais"

    plate = models.CharField("placa", max_length=7)  # uppercase, no dash
    renavam = models.CharField("RENAVAM", max_length=11)
    chassis = models.CharField("chassi", max_length=17, blank=True)
    kind = models.CharField("espécie", max_length=20, choices=Kind.choices)
    make_model = models.CharField("marca/modelo", max_length=120)
    manufacture_year = models.PositiveSmallIntegerField("ano de fabricação")
    model_year = models.PositiveSmallIntegerField("ano do modelo", null=True, blank=True)
    engine_cc = models.PositiveIntegerField("cilindrada (cc)", null=True, blank=True)
    colour = models.CharField("cor", max_length=40)
    doors = models.PositiveSmallIntegerField("portas", null=True, blank=True)
    seats = models.PositiveSmallIntegerField("lugares", null=True, blank=True)
    fuel = models.CharField("combustível", max_length=10, choices=Fuel.choices, blank=True)
    cng = models.BooleanField("kit GNV", default=False)
    rental_category = models.BooleanField("categoria aluguel (placa vermelha)", default=False)
    registration_uf = models.CharField("UF de registro", max_length=2)
    registration_city = models.CharField("município de registro", max_length=120, blank=True)
    invoice_date = models.DateField("data da nota fiscal (0 km)", null=True, blank=True)
    # Motofrete cargo equipment as found at the inspection (mototaxi law art. 24 §1–§5).
    cargo_device = models.CharField(
        "dispositivo de carga", max_length=15, choices=CargoDevice.choices, blank=True
    )
    cargo_within_contran_limits = models.BooleanField(
        "dispositivo nas dimensões do CONTRAN e nas especificações do fabricante", default=False
    )
    cargo_mirrors_unobstructed = models.BooleanField(
        "dispositivo e carga não comprometem os retrovisores", default=False
    )
    sidecar = models.BooleanField("sidecar", default=False)
    semi_trailer = models.BooleanField("semirreboque", default=False)
    retroreflective_strips = models.BooleanField(
        "faixas retrorrefletivas no sidecar/semirreboque", default=False
    )
    #: The cargo equipment above: asked and recorded of a motofrete vehicle only.
    CARGO_FIELDS = (
        "cargo_device",
        "cargo_within_contran_limits",
        "cargo_mirrors_unobstructed",
        "sidecar",
        "semi_trailer",
        "retroreflective_strips",
    )
    owner = models.ForeignKey(
        Person, on_delete=models.PROTECT, related_name="vehicles", verbose_name="proprietário"
    )
    #: Inscription of a taxi vehicle in the Cadastro Municipal de Taxistas (taxi art. 4 I, 20):
    #: numbered in the same sequential register as holders and auxiliaries, once, for good.
    cadastro_number = models.PositiveIntegerField(
        "nº no Cadastro Municipal de Taxistas", null=True, blank=True
    )
    cadastro_inscribed_on = models.DateField("inscrito no Cadastro em", null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["plate"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "plate"], name="uniq_vehicle_plate"),
            models.UniqueConstraint(
                fields=["municipality", "cadastro_number"],
                condition=models.Q(cadastro_number__isnull=False),
                name="uniq_vehicle_cadastro_number",
            ),
        ]

    def __str__(self) -> str:
        return self.plate


class Tender(TenantModel):
    """A licitação: places offered never exceed the free quota on the date it opens."""

    class Status(models.TextChoices):
        OPEN = "open", "aberta"
        RANKED = "ranked", "classificada"
        HOMOLOGATED = "homologated", "homologada"
        CLOSED = "closed", "encerrada"

    service = models.CharField("serviço", max_length=10, choices=Service.choices)
    #: A taxi tender offers places of one category (taxi art. 5–6); blank for other services.
    taxi_category = models.CharField(
        "categoria do táxi", max_length=12, choices=TaxiCategory.choices, blank=True
    )
    number = models.CharField("número", max_length=40)
    places = models.PositiveIntegerField("vagas oferecidas")
    opened_on = models.DateField("abertura")
    homologated_on = models.DateField("homologação", null=True, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["municipality", "number"], name="uniq_tender_number")
        ]

    def __str__(self) -> str:
        return f"Licitação {self.number}"


class TenderApplicant(TenantModel):
    tender = models.ForeignKey(Tender, on_delete=models.PROTECT, related_name="applicants")
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="applications")
    #: The category the applicant competes for (the tender's): the grant takes it (taxi art. 6).
    taxi_category = models.CharField(
        "categoria do táxi", max_length=12, choices=TaxiCategory.choices, blank=True
    )
    eligible = models.BooleanField(null=True)
    decision = models.JSONField("decisão com fundamentos", default=dict, blank=True)
    rank = models.PositiveIntegerField("classificação", null=True, blank=True)

    class Meta:
        ordering = ["rank", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tender", "person"], name="uniq_tender_applicant")
        ]


class RegisterCounter(TenantModel):
    """Last number handed out in a register; locked in the numbering transaction, so numbers are
    sequential, gapless and unique (a database sequence would leave gaps on rollback)."""

    series = models.CharField(max_length=30)
    last_number = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["municipality", "series"], name="uniq_register_series")
        ]


class Permit(TenantModel):
    class Status(models.TextChoices):
        ACTIVE = "active", "ativa"
        SUSPENDED = "suspended", "suspensa"
        RESERVE = "reserve", "em reserva"
        REVOKED = "revoked", "revogada"
        CASSADA = "cassada", "cassada"
        EXTINCT = "extinct", "extinta"
        RENOUNCED = "renounced", "renunciada"

    service = models.CharField("serviço", max_length=10, choices=Service.choices)
    taxi_category = models.CharField(
        "categoria", max_length=12, choices=TaxiCategory.choices, blank=True
    )
    holder = models.ForeignKey(
        Person, on_delete=models.PROTECT, related_name="permits", verbose_name="permissionário"
    )
    number = models.CharField("número da permissão", max_length=20)
    registration_number = models.PositiveIntegerField("número de registro")
    tender = models.ForeignKey(
        Tender, on_delete=models.PROTECT, null=True, blank=True, related_name="permits"
    )
    decree = models.CharField("decreto de outorga", max_length=80, blank=True)
    granted_on = models.DateField("data da outorga")
    term_start = models.DateField("início do prazo")
    term_end = models.DateField("fim do prazo")
    extensions = models.PositiveSmallIntegerField("prorrogações", default=0)
    certificate_valid_until = models.DateField(
        "certificado de registro válido até", null=True, blank=True
    )
    vehicle = models.ForeignKey(
        Vehicle, on_delete=models.PROTECT, null=True, blank=True, related_name="permits"
    )
    status = models.CharField(
        "situação", max_length=10, choices=Status.choices, default=Status.ACTIVE
    )
    suspended_until = models.DateField("suspensa até", null=True, blank=True)
    irregular = models.BooleanField("irregular", default=False)
    irregular_reason = models.CharField("motivo da irregularidade", max_length=300, blank=True)
    decision = models.JSONField("fundamentos da outorga", default=dict, blank=True)

    class Meta:
        ordering = ["service", "registration_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "service", "registration_number"],
                name="uniq_permit_registration",
            ),
            models.UniqueConstraint(fields=["municipality", "number"], name="uniq_permit_number"),
        ]

    def __str__(self) -> str:
        return f"Permissão {self.number} ({self.get_service_display()})"

    @property
    def law(self) -> str:
        """The law governing this permit's service today (``law_on`` for the date of a fact):
        today on the municipality's clock (D-4), not the server's — at 00:30 in Brasília it is
        still the day before in Mato Grosso, and a law bound from the new day does not yet
        govern there (D-15). Past the binding's end, the last (to read; acts check ``governed``)."""
        return law_of(self._own_municipality(), self.service, nearest=True, ended=True)

    def law_on(self, day: dt.date) -> str:
        """The law bound to the permit's service on ``day``, the date of a fact (D-15); for a day
        before any binding (a permit carried over, imported), the first; none after the binding
        ended (``LawEnded``, ADR 0062)."""
        return law_of(self._own_municipality(), self.service, day, nearest=True)

    def _own_municipality(self) -> Municipality:
        # The municipality of the request or the sweep, when it is this one: its bindings are
        # read once for every permit, not once per permit.
        m = current_municipality_or_none()
        return self.municipality if m is None or m.pk != self.municipality_id else m


class PermitStatusChange(TenantModel):
    permit = models.ForeignKey(Permit, on_delete=models.PROTECT, related_name="history")
    from_status = models.CharField(max_length=10, blank=True)
    to_status = models.CharField(max_length=10)
    at = models.DateTimeField(auto_now_add=True)
    effective_on = models.DateField()
    reason = models.CharField(max_length=300)
    act = models.ForeignKey("core.Act", on_delete=models.PROTECT, null=True, related_name="+")
    #: The day the change was annulled of the administration's own motion (a revocation or a
    #: cassação void from its origin, Lei 9.784/1999 art. 53; ADR 0066): it bars nothing since.
    annulled_on = models.DateField("anulada em", null=True, blank=True)

    class Meta:
        ordering = ["permit", "at", "id"]

    @property
    def from_label(self) -> str:
        return Permit.Status(self.from_status).label if self.from_status else ""

    @property
    def to_label(self) -> str:
        return Permit.Status(self.to_status).label


class PermitHolderChange(TenantModel):
    """The permit passed from one holder to another from ``effective_on`` (taxi art. 13,
    parágrafo único: on the natural-person holder's death or incapacity): who held it on a past
    day — what a record of that day names, a vistoria's laudo — is read from these rows
    (``selectors.holder_on``), never from the present holder."""

    permit = models.ForeignKey(Permit, on_delete=models.PROTECT, related_name="holder_changes")
    from_holder = models.ForeignKey(
        Person, on_delete=models.PROTECT, related_name="+", verbose_name="permissionário anterior"
    )
    to_holder = models.ForeignKey(
        Person, on_delete=models.PROTECT, related_name="+", verbose_name="novo permissionário"
    )
    effective_on = models.DateField("a partir de")
    at = models.DateTimeField(auto_now_add=True)
    act = models.ForeignKey("core.Act", on_delete=models.PROTECT, null=True, related_name="+")

    class Meta:
        ordering = ["permit", "effective_on", "at", "id"]
        verbose_name = "transferência de permissão"


class Auxiliary(TenantModel):
    class Status(models.TextChoices):
        ACTIVE = "active", "ativo"
        REMOVED = "removed", "desligado"
        CASSADO = "cassado", "cassado"

    permit = models.ForeignKey(Permit, on_delete=models.PROTECT, related_name="auxiliaries")
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="auxiliary_of")
    registration_number = models.PositiveIntegerField("número de registro", null=True)
    credential_valid_until = models.DateField("credencial válida até", null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    work_schedule = models.TextField("escala de trabalho (art. 14 §3)", blank=True)
    # Mototaxi art. 14 §1: the holder's written indication (its protocol or document), as filed.
    indication = models.CharField(
        "indicação por escrito do permissionário", max_length=200, blank=True
    )
    added_on = models.DateField()
    removed_on = models.DateField(null=True, blank=True)

    class Meta:
        constraints = [
            # A link cannot end before it began (services.auxiliaries.link_end).
            models.CheckConstraint(
                condition=models.Q(removed_on__isnull=True)
                | models.Q(removed_on__gte=models.F("added_on")),
                name="auxiliary_removed_not_before_added",
            ),
        ]


class DocumentQuerySet(models.QuerySet["Document"]):
    def current(self) -> DocumentQuerySet:
        """The documents in force: not superseded by a corrected version."""
        return self.filter(superseded_at__isnull=True)


DocumentManager = TenantManager.from_queryset(DocumentQuerySet)


class Document(TenantModel):
    """A document the law requires, with its validity computed by the law core and an optional
    uploaded file (PDF/JPEG/PNG checked by magic bytes, served only to entitled users)."""

    class Type(models.TextChoices):
        RG = "rg", "RG"
        CPF = "cpf", "CPF"
        MILITARY = "military_clearance", "quitação militar"
        ELECTORAL = "electoral_clearance", "quitação eleitoral"
        MEDICAL = "medical_certificate", "atestado médico"
        PHOTOS = "photos", "fotos 3x4"
        RESIDENCE = "residence_proof", "comprovante de residência"
        CRIMINAL = "criminal_certificate", "certidão criminal negativa"
        COURSE = "course_certificate", "certificado do curso especializado"
        INSS = "inss", "inscrição no INSS"
        CRLV = "crlv", "CRLV"
        CRV = "crv", "CRV"
        DPVAT = "dpvat", "DPVAT"
        VISTORIA = "vistoria_report", "laudo de vistoria"
        INSPECTION = "inspection_report", "laudo de inspeção"
        INSURANCE = "insurance_policy", "apólice de seguro"
        TAXIMETER = "taximeter_calibration", "aferição do taxímetro"
        CNG = "cng_certificate", "certificado de segurança GNV"
        COMPANY = "company_documents", "atos constitutivos"
        # Taxi law, art. 22 IX–X and 23 III, V–VIII.
        DECL_NO_OTHER_GRANT = (
            "declaration_no_other_grant",
            "declaração de que não detém outra concessão, permissão ou autorização",
        )
        DECL_NO_PUBLIC_JOB = (
            "declaration_no_public_job",
            "declaração de que não mantém vínculo empregatício na Administração",
        )
        DECL_PARTNERS = (
            "declaration_partners",
            "declaração dos titulares e sócios (sem vínculo com a Administração)",
        )
        OPERATING_LICENCE = (
            "operating_licence",
            "licença para localização e funcionamento (alvará)",
        )
        TAX_CLEARANCE = "tax_clearance", "certificado de regularidade fiscal"
        LABOUR_CLEARANCE = "labour_clearance", "certidão negativa de feitos trabalhistas"
        INSS_FGTS_CLEARANCE = "inss_fgts_clearance", "certidão negativa de débito INSS e FGTS"
        OTHER = "other", "outro"

    #: Documents whose content is sensitive personal data: reads are acts (health, criminal).
    SENSITIVE = {Type.MEDICAL, Type.CRIMINAL}
    #: The one list of the types that are a vehicle's (its licensing, insurance and reports);
    #: every other type is a person's, and "outro" may be either's.
    VEHICLE_TYPES = frozenset(
        {
            Type.CRLV,
            Type.CRV,
            Type.DPVAT,
            Type.VISTORIA,
            Type.INSPECTION,
            Type.INSURANCE,
            Type.TAXIMETER,
            Type.CNG,
        }
    )
    EITHER_TYPES = frozenset({Type.OTHER})

    @classmethod
    def types_for(cls, *, vehicle: bool) -> list[str]:
        """The types a vehicle's (or a person's) document may have, in the order of ``Type``."""
        return [
            t
            for t in cls.Type.values
            if t in cls.EITHER_TYPES or (t in cls.VEHICLE_TYPES) == vehicle
        ]

    doc_type = models.CharField("tipo", max_length=30, choices=Type.choices)
    person = models.ForeignKey(
        Person, on_delete=models.PROTECT, null=True, blank=True, related_name="documents"
    )
    vehicle = models.ForeignKey(
        Vehicle, on_delete=models.PROTECT, null=True, blank=True, related_name="documents"
    )
    number = models.CharField("número", max_length=60, blank=True)
    #: As printed on the document, e.g. the mandatory insurance's category (taxi art. 22 XI).
    category = models.CharField("categoria", max_length=10, blank=True)
    issued_on = models.DateField("emissão")
    presented_on = models.DateField("apresentado em", default=timezone.localdate)
    valid_until = models.DateField("válido até", null=True, blank=True)
    #: An insurance policy's cover as printed on it, in cents (mototaxi art. 13 XXI: at least the
    #: value the Chief Executive's act sets); None where not recorded.
    coverage_cents = models.PositiveBigIntegerField("valor da cobertura", null=True, blank=True)
    validity_basis = models.JSONField(default=dict, blank=True)
    file = models.FileField(upload_to="documents/%Y/%m/", null=True, blank=True)
    content_type = models.CharField(max_length=40, blank=True)
    sha256 = models.CharField(max_length=64, blank=True)
    size = models.PositiveIntegerField(default=0)
    checked_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    checked_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    #: Versions: a correction (another number, date or file for the same document) is a new row
    #: that ``supersedes`` this one, which gets ``superseded_at``; the law reads only current rows.
    supersedes = models.OneToOneField(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="superseded_by",
        verbose_name="versão anterior",
    )
    superseded_at = models.DateTimeField("substituído em", null=True, blank=True)
    correction_reason = models.CharField("motivo da correção", max_length=300, blank=True)

    objects = DocumentManager()

    class Meta:
        ordering = ["-issued_on"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(person__isnull=False) | models.Q(vehicle__isnull=False),
                name="document_has_owner",
            ),
            # One record per owner, type and file (the idempotent upload); the same file for
            # another person, vehicle or type is that one's own. Coalesce: a missing owner must
            # collide with itself, which NULLs never do in a unique index.
            models.UniqueConstraint(
                "municipality",
                Coalesce("person", Value(0), output_field=models.IntegerField()),
                Coalesce("vehicle", Value(0), output_field=models.IntegerField()),
                "doc_type",
                "sha256",
                condition=~models.Q(sha256="") & models.Q(superseded_at__isnull=True),
                name="uniq_current_document_owner_file",
            ),
        ]


class Stand(TenantModel):
    """Ponto de táxi (taxi art. 33–36) or ponto de mototáxi (mototaxi art. 17)."""

    service = models.CharField("serviço", max_length=10, choices=Service.choices)
    name = models.CharField("nome", max_length=120)
    place = models.CharField("local", max_length=300)
    taxi_category = models.CharField(max_length=12, choices=TaxiCategory.choices, blank=True)
    capacity = models.PositiveSmallIntegerField("vagas")
    act_reference = models.CharField("ato que o fixou", max_length=120, blank=True)

    def __str__(self) -> str:
        return self.name


# --- avisos ---------------------------------------------------------------------------------
# Avisos (notifications): what the daily sweep tells the clerks and the permit holder — documents
# about to expire, a permit marked irregular, a vehicle to replace, an auxiliary's credential ending.
#
# A notification is a message, not an administrative act: the acts it follows from (a permit marked
# irregular…) are in the acts log. UI label "aviso", so it is not confused with the formal
# notificação (``Notice``) of the enforcement procedure.


class Notification(TenantModel):
    class Kind(models.TextChoices):
        DOCUMENT_EXPIRING = "document_expiring", "documento a vencer"
        DOCUMENT_EXPIRED = "document_expired", "documento vencido"
        LICENCE_EXPIRING = "licence_expiring", "CNH a vencer"
        CERTIFICATE_EXPIRING = "certificate_expiring", "certificado de registro a vencer"
        PERMIT_IRREGULAR = "permit_irregular", "permissão irregular"
        PERMIT_REGULAR = "permit_regular", "permissão regularizada"
        VEHICLE_AGE = "vehicle_age", "substituição de veículo por idade"
        AUXILIARY_CREDENTIAL = "auxiliary_credential", "credencial de auxiliar a vencer"
        AUXILIARY_CREDENTIAL_EXPIRED = (
            "auxiliary_credential_expired",
            "credencial de auxiliar vencida",
        )
        AUXILIARY_CREDENTIAL_SUSPENDED = (
            "auxiliary_credential_suspended",
            "credencial de auxiliar suspensa",
        )
        AUXILIARY_CREDENTIAL_SUSPENSION_ANNULLED = (
            "auxiliary_credential_suspension_annulled",
            "suspensão de credencial de auxiliar anulada",
        )
        OTHER = "other", "outro"

    #: The holder it is addressed to; null for a notice to the staff only.
    person = models.ForeignKey(
        "registry.Person",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="notifications",
        verbose_name="destinatário",
    )
    permit = models.ForeignKey(
        "registry.Permit",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="notifications",
        verbose_name="permissão",
    )
    kind = models.CharField("tipo", max_length=40, choices=Kind.choices)
    message = models.CharField("mensagem", max_length=500)
    due_on = models.DateField("prazo", null=True, blank=True)
    #: Identifies what the notice is about (document, threshold…): the sweep creates each once.
    key = models.CharField(max_length=160)
    created_at = models.DateTimeField("criado em", auto_now_add=True)
    read_at = models.DateTimeField("lido em", null=True, blank=True)
    #: The address its courtesy email was queued to (core.mail.notice_email); empty: not emailed
    #: (the holder has no address, or the notice is for the staff only).
    emailed_to = models.EmailField("e-mail enviado para", blank=True)

    class Meta:
        # The table keeps the name it was created with in the portal app (moved here so that
        # the registry, the ledger and enforcement write avisos without importing the portal).
        db_table = "portal_notification"
        verbose_name = "aviso"
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "key"], name="uniq_notification_key")
        ]
        indexes = [models.Index(fields=["municipality", "person", "read_at"], name="notif_inbox")]

    def __str__(self) -> str:
        return self.message


from .models_requests import *  # noqa: E402,F403
from .models_submissions import *  # noqa: E402,F403
from .models_terms import *  # noqa: E402,F403


class PermitContractor(TenantModel):
    """Who employs the motofrete driver of a permit, or holds a contract of continued service with
    him (mototaxi/motofrete art. 25): jointly liable for the civil damages of breaking the rules of
    the activity, while the relation lasts. ``joint`` is the law's answer when recorded (an
    occasional contractor is recorded but not joint)."""

    class Relation(models.TextChoices):
        EMPLOYMENT = "employment", "empregador"
        CONTINUED = "continued", "contrato de prestação continuada de serviço"
        OCCASIONAL = "occasional", "contrato eventual"

    permit = models.ForeignKey(Permit, on_delete=models.PROTECT, related_name="contractors")
    person = models.ForeignKey(
        Person, on_delete=models.PROTECT, related_name="+", verbose_name="empregador ou contratante"
    )
    relation = models.CharField("relação", max_length=20, choices=Relation.choices)
    started_on = models.DateField("desde")
    ended_on = models.DateField("até", null=True, blank=True)
    joint = models.BooleanField("responsável solidário (art. 25)", default=False)

    class Meta:
        ordering = ["-started_on", "-id"]
