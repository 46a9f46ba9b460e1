"""Form parsing for the clerk screens (validation of identifiers happens in the services)."""

from __future__ import annotations

from typing import Any

from django import forms

from .models import Document, Person, Service, Tender, Vehicle

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class PersonForm(forms.Form):
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


class LicenceForm(forms.Form):
    number = forms.CharField(label="Número da CNH", max_length=11)
    categories = forms.CharField(label="Categorias (ex.: AB)", max_length=5)
    first_licence_on = forms.DateField(label="Primeira habilitação", widget=DATE)
    category_a_since = forms.DateField(label="Categoria A desde", required=False, widget=DATE)
    expires_on = forms.DateField(label="Validade", widget=DATE)
    ear = forms.BooleanField(label="Exerce atividade remunerada (EAR)", required=False)


class VehicleForm(forms.Form):
    plate = forms.CharField(label="Placa", max_length=8)
    renavam = forms.CharField(label="RENAVAM", max_length=11)
    chassis = forms.CharField(label="Chassi", max_length=17, required=False)
    kind = forms.ChoiceField(label="Espécie", choices=Vehicle.Kind.choices)
    make_model = forms.CharField(label="Marca/modelo")
    manufacture_year = forms.IntegerField(label="Ano de fabricação", min_value=1950, max_value=2100)
    engine_cc = forms.IntegerField(label="Cilindrada (cc)", required=False, min_value=0)
    colour = forms.CharField(label="Cor")
    rental_category = forms.BooleanField(label="Categoria aluguel (placa vermelha)", required=False)
    registration_uf = forms.CharField(label="UF de registro", max_length=2)
    registration_city = forms.CharField(label="Município de registro", required=False)


class DocumentForm(forms.Form):
    doc_type = forms.ChoiceField(label="Documento", choices=Document.Type.choices)
    number = forms.CharField(label="Número", required=False)
    issued_on = forms.DateField(label="Data de emissão", widget=DATE)
    file = forms.FileField(label="Arquivo (PDF, JPEG ou PNG, até 5 MB)", required=False)


EQUIPMENT_CHOICES = [
    ("antena_corta_pipas", "antena corta-pipas (art. 5 §7)"),
    ("protetor_motor_pernas", "protetor de motor e pernas (art. 5 §7)"),
    ("alcas_metalicas", "alças metálicas (art. 19)"),
    ("escapamento_isolado", "escapamento isolado (art. 19)"),
    ("apoio_pes_passageiro", "apoio de pés do passageiro (art. 19)"),
    ("coletes_retrorrefletivos", "coletes retrorrefletivos (art. 19)"),
    ("toucas_descartaveis", "toucas descartáveis (art. 19)"),
    ("retrovisores_ambos_lados", "retrovisores dos dois lados (art. 19)"),
]


class GrantForm(forms.Form):
    service = forms.ChoiceField(
        label="Serviço", choices=[(Service.MOTOTAXI, "mototáxi"), (Service.MOTOFRETE, "motofrete")]
    )
    holder = forms.ModelChoiceField(label="Permissionário", queryset=Person._base_manager.none())
    vehicle = forms.ModelChoiceField(label="Veículo", queryset=Vehicle._base_manager.none())
    tender = forms.ModelChoiceField(
        label="Licitação", queryset=Tender._base_manager.none(), required=False
    )
    decree = forms.CharField(label="Decreto de outorga", required=False)
    granted_on = forms.DateField(label="Data da outorga", widget=DATE)
    term_years = forms.IntegerField(label="Prazo (anos)", min_value=1, max_value=10, initial=10)
    equipment = forms.MultipleChoiceField(
        label="Equipamentos verificados",
        required=False,
        choices=EQUIPMENT_CHOICES,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Querysets are evaluated inside the request, under the user's municipality.
        querysets = {
            "holder": Person.objects.filter(kind=Person.Kind.NATURAL),
            "vehicle": Vehicle.objects.all(),
            "tender": Tender.objects.exclude(status=Tender.Status.CLOSED),
        }
        for name, qs in querysets.items():
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = qs


class SuspendForm(forms.Form):
    days = forms.IntegerField(label="Dias", min_value=1)
    start = forms.DateField(label="Início", widget=DATE)
    reason = forms.CharField(label="Motivo e fundamento", widget=forms.Textarea(attrs={"rows": 2}))
