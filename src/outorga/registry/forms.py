"""Form parsing for the clerk screens (validation of identifiers happens in the services)."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils import timezone

from outorga.core.formfields import MoneyField, date_input
from outorga.core.identifiers import normalize_plate

from . import validation
from .forms_citing import CitingForm, cites, cites_choices
from .forms_terms import (
    instalments_field,
    limit_term_years,
    mode_field,
    option_field,
    refuse_instalments_beyond_law,
    term_years_field,
)
from .models import (
    Document,
    PermitContractor,
    Person,
    Service,
    TaxiCategory,
    Tender,
    Vehicle,
)

DATE = date_input()


class PersonForm(CitingForm):
    kind = forms.ChoiceField(label="Tipo", choices=Person.Kind.choices)
    document = forms.CharField(label="CPF ou CNPJ", max_length=18)
    name = forms.CharField(label="Nome completo", max_length=200)
    birth_date = forms.DateField(label="Data de nascimento", required=False, widget=DATE)
    blood_type = forms.ChoiceField(
        label="Tipo sanguíneo e Rh", choices=[("", "—"), *Person.BloodType.choices], required=False
    )
    address = forms.CharField(label="Endereço", required=False)
    city = forms.CharField(label="Município de residência", required=False)
    phone = forms.CharField(label="Telefone", required=False)
    email = forms.EmailField(label="E-mail", required=False)
    partners = cites(
        forms.CharField(
            label="CPFs dos titulares e sócios da pessoa jurídica, um por linha",
            required=False,
            widget=forms.Textarea(attrs={"rows": 3}),
        ),
        "partners",
    )

    def clean_partners(self) -> list[str]:
        # Validation and lookup happen in the service (validate-docbr, inside the tenant).
        return [x for x in re.split(r"[\s,;]+", self.cleaned_data["partners"]) if x]


class LicenceForm(forms.Form):
    number = forms.CharField(label="Número da CNH", max_length=11)
    categories = forms.CharField(label="Categorias (ex.: AB)", max_length=5)
    first_licence_on = forms.DateField(label="Primeira habilitação", widget=DATE)
    category_a_since = forms.DateField(label="Categoria A desde", required=False, widget=DATE)
    expires_on = forms.DateField(label="Validade", widget=DATE)
    ear = forms.BooleanField(label="Exerce atividade remunerada (EAR)", required=False)
    # The CTB points as last reported (mototaxi art. 32 III g, IV e: 20 points, cassação).
    points = forms.IntegerField(
        label="Pontos no CTB (último informado)", min_value=0, max_value=999, initial=0
    )
    points_reported_on = forms.DateField(label="Pontos informados em", required=False, widget=DATE)


class VehicleForm(CitingForm):
    """The vehicle's record, with the fields the law of the chosen service asks for: engine
    (mototaxi art. 3 I), cargo equipment (motofrete, art. 24), doors, seats, fuel/CNG and the
    factory invoice (taxi art. 24 IV, 27, 28 II–III; D-6)."""

    service = forms.ChoiceField(label="Serviço", widget=forms.HiddenInput)
    plate = forms.CharField(label="Placa", max_length=8)
    renavam = forms.CharField(label="RENAVAM", max_length=11)
    chassis = forms.CharField(label="Chassi", max_length=17, required=False)
    kind = forms.ChoiceField(label="Espécie", choices=Vehicle.Kind.choices)
    make_model = forms.CharField(label="Marca/modelo")
    manufacture_year = forms.IntegerField(label="Ano de fabricação", min_value=1950, max_value=2100)
    model_year = forms.IntegerField(
        label="Ano do modelo", required=False, min_value=1950, max_value=2101
    )
    engine_cc = cites(
        forms.IntegerField(label="Cilindrada (cc)", required=False, min_value=0), "engine_cc"
    )
    colour = forms.CharField(label="Cor")
    doors = cites(forms.IntegerField(label="Portas", min_value=1, max_value=9), "vehicle_doors")
    seats = cites(
        forms.IntegerField(label="Lugares para passageiros", min_value=1, max_value=99),
        "vehicle_seats",
    )
    fuel = forms.ChoiceField(
        label="Combustível", choices=[("", "—"), *Vehicle.Fuel.choices], required=False
    )
    cng = cites(forms.BooleanField(label="Kit GNV instalado", required=False), "vehicle_cng")
    invoice_date = cites(
        forms.DateField(
            label="Data da nota fiscal de fábrica, se comprado 0 km", required=False, widget=DATE
        ),
        "factory_invoice",
    )
    cargo_device = cites(
        forms.ChoiceField(
            label="Dispositivo de carga",
            choices=[("", "nenhum"), *Vehicle.CargoDevice.choices],
            required=False,
        ),
        "cargo_device",
    )
    cargo_within_contran_limits = cites(
        forms.BooleanField(
            label="Dispositivo nas dimensões do CONTRAN e nas especificações do fabricante",
            required=False,
        ),
        "cargo_device",
    )
    cargo_mirrors_unobstructed = cites(
        forms.BooleanField(
            label="Dispositivo e carga não comprometem os retrovisores", required=False
        ),
        "cargo_mirrors",
    )
    sidecar = cites(forms.BooleanField(label="Sidecar", required=False), "sidecar")
    semi_trailer = cites(forms.BooleanField(label="Semirreboque", required=False), "semi_trailer")
    retroreflective_strips = cites(
        forms.BooleanField(
            label="Sidecar/semirreboque com faixas retrorrefletivas", required=False
        ),
        "retroreflective_strips",
    )
    rental_category = forms.BooleanField(label="Categoria aluguel (placa vermelha)", required=False)
    registration_uf = forms.CharField(label="UF de registro", max_length=2)
    registration_city = forms.CharField(label="Município de registro", required=False)

    #: Fields only one law asks for; the others are dropped from the form.
    MOTO_FIELDS = ("engine_cc",)
    CARGO_FIELDS = Vehicle.CARGO_FIELDS
    TAXI_FIELDS = ("doors", "seats", "fuel", "cng", "invoice_date")

    def __init__(
        self, *args: Any, service: str, services: list[str], law: Any = None, **kwargs: Any
    ) -> None:
        """``service``: the service the vehicle is recorded for, whose law the labels cite."""
        super().__init__(*args, law=(service,) if law is None else law, **kwargs)
        field = self.fields["service"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(s, Service(s).label) for s in services]
        field.initial = service
        drop: tuple[str, ...] = ()
        if service != Service.MOTOFRETE:
            drop += self.CARGO_FIELDS
        if service == Service.TAXI:
            drop += self.MOTO_FIELDS
            self.fields["kind"].initial = Vehicle.Kind.AUTOMOVEL
        else:
            drop += self.TAXI_FIELDS
        for name in drop:
            del self.fields[name]


def _document_category_field() -> forms.CharField:
    """The category printed on a document (the mandatory insurance's: taxi art. 22, XI)."""
    return cites(
        forms.CharField(label="Categoria impressa no documento", max_length=10, required=False),
        "insurance_category",
        lead="seguro obrigatório",
    )


def cover_end_field() -> forms.DateField:
    """The end of cover printed on an insurance policy (mototaxi art. 13 XXI, art. 19 §1): the
    one document valid until a date the desk types, not one the law fixes."""
    return cites(
        forms.DateField(label="Fim da vigência", widget=DATE, required=False),
        "policy_cover_end",
        lead="apólice de seguro",
    )


#: The label of the end typed for a CRLV (taxi art. 24 I, "CRLV vigente"; art. 28 I, "licenciado";
#: mototaxi art. 5 §1 I, "CRLV atualizado"): the error, when it is missing, names the articles of
#: the law the document is kept under (``documents.cover_terms``).
CRLV_END_LABEL = "Válido até (licenciamento impresso no CRLV)"


def cover_amount_field() -> MoneyField:
    """The amount of cover printed on the policy (mototaxi art. 13 XXI), in reais as typed."""
    return cites(
        MoneyField(label="Valor da cobertura, R$", required=False),
        "policy_cover_amount",
        lead="apólice de seguro",
    )


class DocumentForm(CitingForm):
    doc_type = forms.ChoiceField(label="Documento", choices=Document.Type.choices)
    number = forms.CharField(label="Número", required=False)
    category = _document_category_field()
    issued_on = forms.DateField(label="Data de emissão", widget=DATE)
    valid_until = cover_end_field()
    coverage_cents = cover_amount_field()
    file = forms.FileField(label="Arquivo (PDF, JPEG ou PNG, até 5 MB)", required=False)

    def __init__(
        self,
        *args: Any,
        vehicle: bool = False,
        cover_end: bool = False,
        crlv_end: bool = False,
        **kwargs: Any,
    ) -> None:
        """``vehicle``: the form of a vehicle's page offers only a vehicle's types; a person's
        page only a person's. ``cover_end``: the law asks for a policy whose end and amount the
        desk types; ``crlv_end``: for a CRLV whose validity it types
        (``documents.takes_cover_end``)."""
        super().__init__(*args, **kwargs)
        allowed = Document.types_for(vehicle=vehicle)
        self.fields["doc_type"].choices = [  # type: ignore[attr-defined]
            (t, Document.Type(t).label) for t in allowed
        ]
        dated_ends(self, cover_end=cover_end, crlv_end=crlv_end)


def dated_ends(form: forms.Form, *, cover_end: bool, crlv_end: bool) -> None:
    """The end (and a policy's amount) of cover a document form asks, as the law asks them: a
    policy's end and amount (``cover_end``), a CRLV's validity (``crlv_end``), else neither."""
    if not cover_end:
        del form.fields["coverage_cents"]
        if crlv_end:
            form.fields["valid_until"].label = CRLV_END_LABEL
        else:
            del form.fields["valid_until"]
    elif crlv_end:
        form.fields["valid_until"].label = f"{form.fields['valid_until'].label}; {CRLV_END_LABEL}"


def reason_field(label: str = "Motivo da alteração") -> forms.CharField:
    """The reason an edit is made: kept in its act, shown in the history."""
    return forms.CharField(
        label=label,
        max_length=300,
        help_text="Fica registrado no ato, com os valores anteriores e os novos.",
    )


class DocumentCorrectionForm(CitingForm):
    """A corrected version of a document: another number, date, category or file."""

    number = forms.CharField(label="Número", required=False)
    category = _document_category_field()
    issued_on = forms.DateField(label="Data de emissão", widget=DATE)
    valid_until = cover_end_field()
    coverage_cents = cover_amount_field()
    file = forms.FileField(
        label="Novo arquivo (PDF, JPEG ou PNG, até 5 MB; deixe em branco para manter o atual)",
        required=False,
    )
    reason = reason_field("Motivo da correção")

    def __init__(self, *args: Any, cover_end: bool, crlv_end: bool = False, **kwargs: Any) -> None:
        """``cover_end``: the document is a policy whose end the desk types; ``crlv_end``: a CRLV
        whose validity it types."""
        super().__init__(*args, **kwargs)
        dated_ends(self, cover_end=cover_end, crlv_end=crlv_end)


class PhotoForm(forms.Form):
    """The photo printed on the badge (mototaxi art. 2 VIII; taxi art. 4 III)."""

    file = forms.FileField(label="Foto (JPEG ou PNG, até 5 MB)")


EQUIPMENT_CHOICES = [
    ("antena_corta_pipas", "antena corta-pipas"),
    ("protetor_motor_pernas", "protetor de motor e pernas"),
    ("alcas_metalicas", "alças metálicas"),
    ("escapamento_isolado", "escapamento isolado"),
    ("apoio_pes_passageiro", "apoio de pés do passageiro"),
    ("coletes_retrorrefletivos", "coletes retrorrefletivos"),
    ("toucas_descartaveis", "toucas descartáveis"),
    ("retrovisores_ambos_lados", "retrovisores dos dois lados"),
]

#: The concept each item of equipment is cited by (the law's ``CITES``).
EQUIPMENT_CITES = {
    "antena_corta_pipas": "equipment_kite_line_cutter",
    "protetor_motor_pernas": "equipment_engine_leg_guard",
    "alcas_metalicas": "equipment_grab_handles",
    "escapamento_isolado": "equipment_insulated_exhaust",
    "apoio_pes_passageiro": "equipment_passenger_footrest",
    "coletes_retrorrefletivos": "equipment_retroreflective_vests",
    "toucas_descartaveis": "equipment_disposable_caps",
    "retrovisores_ambos_lados": "equipment_mirrors_both_sides",
}


def equipment_field(label: str) -> forms.MultipleChoiceField:
    """The mototaxi's equipment the desk ticks as verified on the vehicle (art. 5 §7, art. 19)."""
    return cites_choices(
        forms.MultipleChoiceField(
            label=label,
            required=False,
            choices=EQUIPMENT_CHOICES,
            widget=forms.CheckboxSelectMultiple,
        ),
        EQUIPMENT_CITES,
    )


class PersonByDocument(forms.CharField):
    """A person already in the registry, typed by CPF or CNPJ (looked up in the user's
    municipality: the scoped manager never finds another municipality's people)."""

    def clean(self, value: Any) -> Person | None:
        raw = super().clean(value)
        if not raw:
            return None
        found = Person.objects.filter(document=validation.digits(raw)).first()
        if found is None:
            raise forms.ValidationError(
                "CPF/CNPJ não encontrado no cadastro; cadastre a pessoa antes."
            )
        return found


class VehicleByPlate(forms.CharField):
    """A vehicle already in the registry, typed by its plate (either format)."""

    def clean(self, value: Any) -> Vehicle | None:
        raw = super().clean(value)
        if not raw:
            return None
        plate = normalize_plate(raw)
        found = Vehicle.objects.filter(plate=plate).first()
        if found is None:
            raise forms.ValidationError(
                "placa não encontrada no cadastro; cadastre o veículo antes."
            )
        return found


def safety_gear_field() -> forms.BooleanField:
    """Mototaxi art. 5 IV (and art. 14 §2 for the auxiliary): the desk ticks it once it saw the
    vest and helmet with retroreflective devices; left unticked, the law refuses with the article."""
    return cites(
        forms.BooleanField(
            label="Colete e capacete com dispositivos retrorrefletivos verificados", required=False
        ),
        "safety_gear",
    )


class GrantForm(CitingForm):
    SERVICES = (Service.MOTOTAXI, Service.MOTOFRETE)

    service = forms.ChoiceField(
        label="Serviço", choices=[(Service.MOTOTAXI, "mototáxi"), (Service.MOTOFRETE, "motofrete")]
    )
    # Typed and resolved on the server: a select of every person and vehicle of the registry
    # grew to tens of thousands of options (issue #23). A CNPJ is refused by the law core with
    # its article (mototaxi art. 6 §1), as any other requirement.
    holder = PersonByDocument(label="CPF do permissionário", max_length=18)
    vehicle = VehicleByPlate(label="Placa do veículo", max_length=8)
    tender = forms.ModelChoiceField(
        label="Licitação", queryset=Tender._base_manager.none(), required=False, empty_label="—"
    )
    decree = forms.CharField(label="Decreto de outorga", required=False)
    granted_on = forms.DateField(label="Data da outorga", widget=DATE)
    term_years = term_years_field("Prazo (anos)")
    equipment = equipment_field("Equipamentos verificados")
    safety_gear = safety_gear_field()

    #: What the grant and its pre-check are asked with (``permit_grant``/``permit_grant_decisions``).
    ASKED = (
        "holder",
        "service",
        "vehicle",
        "granted_on",
        "term_years",
        "decree",
        "equipment",
        "safety_gear",
        "tender",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Evaluated inside the request, under the user's municipality.
        field = self.fields["tender"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Tender.objects.exclude(status=Tender.Status.CLOSED)
        limit_term_years(self, *self.SERVICES)


class SuspendForm(forms.Form):
    days = forms.IntegerField(label="Dias", min_value=1)
    start = forms.DateField(label="Início", widget=DATE)
    reason = forms.CharField(label="Motivo e fundamento", widget=forms.Textarea(attrs={"rows": 2}))


# Permit services (auxiliaries, renewal, vehicles, renúncia, transfer, extinction, taxi grant) ---


def today_initial(form: forms.Form, *names: str) -> None:
    for name in names:
        form.fields[name].initial = form.fields[name].initial or timezone.localdate()


class DatedForm(CitingForm):
    """A desk's act dated ``on``: today unless the clerk says otherwise."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        today_initial(self, "on")


#: What the yearly or change inspection found (taxi art. 24, 27–29).
TAXIMETER_CHOICES = [("", "—"), ("INMETRO", "INMETRO"), ("IPEM-MG", "IPEM-MG")]


class TaxiChecks(CitingForm):
    """The taxi inspection's findings, asked by the law at the grant, a vehicle change and an
    auxiliary's registration (art. 22 XII, 24 II–III, 28 V–VI, 29)."""

    SERVICES = (Service.TAXI,)

    inspection_approved = cites(
        forms.BooleanField(label="Vistoria do veículo aprovada", required=False),
        "inspection_approved",
    )
    inspection_accredited_inmetro = cites(
        forms.BooleanField(label="Vistoria por empresa credenciada ao INMETRO", required=False),
        "inspection_inmetro",
    )
    taximeter_approved_by = cites(
        forms.ChoiceField(label="Taxímetro aferido por", choices=TAXIMETER_CHOICES, required=False),
        "taximeter",
    )
    roof_sign_taxi = cites(
        forms.BooleanField(label='Luminoso "TÁXI" no teto', required=False), "roof_sign"
    )
    ctb_equipment_ok = cites(
        forms.BooleanField(label="Equipamentos do CTB", required=False), "ctb_equipment"
    )

    CHECK_FIELDS = (
        "inspection_approved",
        "inspection_accredited_inmetro",
        "taximeter_approved_by",
        "roof_sign_taxi",
        "ctb_equipment_ok",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The checks are findings on the vehicle the form names: asked after whose vehicle it is.
        self.order_fields([name for name in self.fields if name not in self.CHECK_FIELDS])

    def checks(self) -> dict[str, Any]:
        d = self.cleaned_data
        return {k: d[k] for k in self.CHECK_FIELDS if k in self.fields and d.get(k) not in ("",)}


DECLARATION_CHOICES = [
    ("declaracao_outorgas", "não detém outra concessão, permissão ou autorização"),
    ("declaracao_vinculo", "não mantém vínculo empregatício na Administração"),
    ("declaracao_socios", "sócios sem vínculo empregatício na Administração"),
    ("regularidade_fiscal", "regularidade fiscal federal, estadual e municipal"),
    ("certidao_trabalhista", "certidão negativa trabalhista"),
    ("cnd_inss_fgts", "certidão negativa de débito INSS e FGTS"),
]

#: The concept each declaration is cited by (the law's ``CITES``).
DECLARATION_CITES = {
    "declaracao_outorgas": "declaration_no_other_permission",
    "declaracao_vinculo": "declaration_no_public_employment",
    "declaracao_socios": "declaration_partners_no_public_employment",
    "regularidade_fiscal": "declaration_tax_clearance",
    "certidao_trabalhista": "declaration_labour_clearance",
    "cnd_inss_fgts": "declaration_inss_fgts_clearance",
}


def declarations_field() -> forms.MultipleChoiceField:
    return cites_choices(
        forms.MultipleChoiceField(
            label="Declarações e certidões apresentadas no balcão",
            choices=DECLARATION_CHOICES,
            required=False,
            widget=forms.CheckboxSelectMultiple,
        ),
        DECLARATION_CITES,
    )


def _work_schedule(label: str, note: str = "") -> forms.CharField:
    """The schedule of work the holder files for the auxiliary (mototaxi art. 14 §3)."""
    return cites(
        forms.CharField(label=label, required=False, widget=forms.Textarea(attrs={"rows": 2})),
        "work_schedule",
        note=note,
    )


class _AuxiliaryDeskForm(TaxiChecks):
    """An auxiliary's registration or renewal at the desk, dated today unless the clerk says
    otherwise. Outside taxi the inspection's checks and the declarations are not asked (they are
    the taxi law's, art. 22); under taxi the fields of ``TAXI_DROPS`` are not (the mototaxi law's)
    and the schedule, optional, is labelled ``TAXI_SCHEDULE_LABEL``."""

    TAXI_DROPS: tuple[str, ...] = ()
    TAXI_SCHEDULE_LABEL = ""

    def __init__(self, *args: Any, service: str, law: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, law=(service,) if law is None else law, **kwargs)
        today_initial(self, "on")
        if service != Service.TAXI:
            for name in (*self.CHECK_FIELDS, "declarations"):
                del self.fields[name]
            return
        for name in self.TAXI_DROPS:
            del self.fields[name]
        self.fields["work_schedule"].label = self.TAXI_SCHEDULE_LABEL


class AuxiliaryForm(_AuxiliaryDeskForm):
    """Mototaxi: at most 1 auxiliary, schedule filed (art. 6 §4, 14 §3). Taxi: up to 2, registered
    in the Cadastro with the documents of art. 22 (art. 20 §único)."""

    person = PersonByDocument(label="CPF do condutor auxiliar", max_length=18)
    on = forms.DateField(label="Data do cadastramento", widget=DATE)
    indication = forms.CharField(
        label="Indicação por escrito do permissionário (nº do protocolo ou do documento)",
        required=False,
        max_length=200,
    )
    work_schedule = _work_schedule("Escala de trabalho do permissionário e do auxiliar")
    safety_gear = safety_gear_field()
    declarations = declarations_field()

    TAXI_DROPS = ("indication", "safety_gear")
    TAXI_SCHEDULE_LABEL = "Escala de trabalho (opcional)"


class AuxiliaryRenewForm(_AuxiliaryDeskForm):
    """Mototaxi: the holder's requirements checked again, credential valid one year (art. 14 §2).
    Taxi: the yearly renewal of the inscription in the Cadastro with the documents of art. 22
    (art. 21)."""

    on = forms.DateField(label="Data da renovação", widget=DATE)
    work_schedule = _work_schedule("Escala de trabalho atualizada", "vazio mantém a entregue")
    safety_gear = safety_gear_field()
    declarations = declarations_field()

    TAXI_DROPS = ("safety_gear",)
    TAXI_SCHEDULE_LABEL = "Escala de trabalho atualizada (opcional)"


class PermitExtendForm(DatedForm):
    """Mototaxi art. 6: the extension is at the Executive's discretion, recorded with its act (left
    optional here so that the law's refusal, with its article, is what the clerk reads)."""

    on = forms.DateField(label="Data da prorrogação", widget=DATE)
    act_reference = forms.CharField(
        label="Ato do Poder Executivo que concede a prorrogação (decreto ou despacho)",
        max_length=200,
        required=False,
    )


class AuxiliaryRemoveForm(DatedForm):
    on = forms.DateField(label="Data do desligamento", widget=DATE)
    reason = forms.CharField(label="Motivo do desligamento", max_length=300)


class CertificateRenewForm(DatedForm):
    """Mototaxi and motofrete art. 4 §1: the yearly certificate checks the holder again (art. 5),
    the vest and helmet the desk sees among the requirements (art. 5 IV)."""

    SERVICES = (Service.MOTOTAXI, Service.MOTOFRETE)

    on = forms.DateField(label="Data da renovação", widget=DATE)
    safety_gear = safety_gear_field()


class OnForm(forms.Form):
    on = forms.DateField(label="Data", widget=DATE)

    def __init__(self, *args: Any, label: str = "Data", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["on"].label = label
        today_initial(self, "on")


class RenounceForm(DatedForm):
    """Cancellation on the holder's written request (mototaxi art. 6 §6; renúncia art. 2 XX)."""

    on = forms.DateField(label="Data do pedido", widget=DATE)
    request = forms.CharField(
        label="Pedido escrito do permissionário (protocolo e resumo)", max_length=300
    )


class PermitReserveForm(forms.Form):
    """The permission into reserve, or out of it (mototaxi art. 2 XXI)."""

    on = forms.DateField(label="Data", widget=DATE)
    reason = forms.CharField(label="Motivo (situação específica)", max_length=200)

    def __init__(self, *args: Any, ending: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        today_initial(self, "on")
        if ending:
            self.fields["on"].label = "Fim da reserva em"
            self.fields["reason"].label = "Motivo (ex.: veículo substituído)"
        else:
            self.fields["on"].label = "Início da reserva"


class PublicPostForm(forms.Form):
    """The holder takes an elected or confidence post, or leaves it (mototaxi art. 2 XXIV). The
    posts offered are the law's own (its question's facts schema); a post it does not name is
    refused by the service naming the field."""

    post = forms.ChoiceField(
        label="Cargo na Administração Pública",
        choices=[("eletivo", "cargo eletivo"), ("confianca", "cargo de confiança")],
    )
    took_office_on = forms.DateField(label="Data da posse", widget=DATE)

    def __init__(self, *args: Any, ending: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if ending:
            self.fields["left_office_on"] = forms.DateField(
                label="Saída do cargo (último dia no exercício)", widget=DATE
            )
            self.fields["on"] = forms.DateField(label="Volta a ativa em", widget=DATE)
            today_initial(self, "on")
        else:
            today_initial(self, "took_office_on")


class ContractorForm(forms.Form):
    """Who employs the motofretista or contracts his continued service (art. 25)."""

    document = forms.CharField(label="CPF ou CNPJ do empregador ou contratante", max_length=18)
    relation = forms.ChoiceField(label="Relação", choices=PermitContractor.Relation.choices)
    started_on = forms.DateField(label="Desde", widget=DATE)
    ended_on = forms.DateField(label="Até (se já terminou)", required=False, widget=DATE)


TRANSFER_EVENT_CHOICES = [
    ("falecimento", "falecimento do permissionário"),
    ("incapacidade", "incapacidade do permissionário"),
    ("outro", "outro motivo"),
]


class TransferForm(TaxiChecks):
    """Transfer on the natural-person holder's death or incapacity (taxi art. 13 §único)."""

    successor = PersonByDocument(label="CPF do sucessor", max_length=18)
    event = cites(forms.ChoiceField(label="Motivo", choices=TRANSFER_EVENT_CHOICES), "transfer")
    proof = forms.CharField(
        label="Comprovação (certidão de óbito ou laudo de incapacidade)",
        max_length=300,
        required=False,
    )
    on = forms.DateField(label="Data", widget=DATE)
    declarations = declarations_field()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        today_initial(self, "on")


class TaxiGrantForm(TaxiChecks):
    """Taxi grant and Termo de Permissão (art. 3, 10, 13): the holder chooses term and
    contrapartida; the tender awards the place."""

    holder = PersonByDocument(label="CPF ou CNPJ do permissionário", max_length=18)
    vehicle = VehicleByPlate(label="Placa do veículo", max_length=8)
    category = cites(forms.ChoiceField(label="Categoria", choices=TaxiCategory.choices), "category")
    tender = cites(
        forms.ModelChoiceField(
            label="Licitação homologada",
            queryset=Tender._base_manager.none(),
            required=False,
            empty_label="—",
        ),
        "tender",
    )
    decree = forms.CharField(label="Ato de outorga (decreto)", required=False)
    signed_on = forms.DateField(label="Assinatura do Termo", widget=DATE)
    option = option_field()
    mode = mode_field()
    instalments = instalments_field()
    public_employment = cites(
        forms.BooleanField(label="Mantém emprego público em exercício", required=False),
        "public_employment",
    )
    declarations = declarations_field()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        today_initial(self, "signed_on")
        field = self.fields["tender"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Tender.objects.filter(
            service=Service.TAXI, status=Tender.Status.HOMOLOGATED
        )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        refuse_instalments_beyond_law(self, "signed_on")  # art. 10, a: before the grant
        return cleaned

    def asked(self, **fixed: Any) -> dict[str, Any]:
        """The arguments of the check (``taxi_grant_decisions``) and of the grant alike, so the
        check asks the very questions the grant will ask; ``fixed``: the holder and the vehicle
        when the page already knows them."""
        d = {**self.cleaned_data, **fixed}
        return {
            "holder": d["holder"],
            "vehicle": d["vehicle"],
            "category": d["category"],
            "signed_on": d["signed_on"],
            "option": d["option"],
            "mode": d["mode"],
            "instalments": d["instalments"],
            "tender": d["tender"],
            "checks": self.checks(),
            "declarations": d["declarations"],
            "public_employment": d["public_employment"],
        }


class OwnerChangeForm(forms.Form):
    """A vehicle sold or transferred to someone already in the registry."""

    owner = PersonByDocument(label="CPF ou CNPJ do novo proprietário", max_length=18)
    on = forms.DateField(label="Data da transferência", widget=DATE)
    reason = reason_field("Motivo (venda, doação, herança…)")
