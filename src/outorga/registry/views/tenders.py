"""Screens for tenders (licitações): opened, applicants checked and inscribed, evaluation, ranking,
homologation and the grant to the next ranked applicant (with the law's reasons and articles on a
refusal)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from outorga.core.errors import Refused
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law import interfaces
from outorga.law.bindings import LawNotBound
from outorga.law.competence import is_allowed

from ..forms import (
    PersonByDocument,
    TaxiChecks,
    VehicleByPlate,
    declarations_field,
    equipment_field,
    safety_gear_field,
)
from ..forms_citing import CitingForm, cites
from ..forms_terms import (
    instalments_field,
    limit_term_years,
    mode_field,
    option_field,
    refuse_instalments_beyond_law,
    term_years_field,
)
from ..models import Permit, Service, TaxiCategory, Tender, TenderApplicant
from ..services.common import InvalidTransition
from ..services.tender_grants import tender_grant_next, tender_next
from ..services.tenders import (
    applicant_preview,
    tender_apply,
    tender_cite,
    tender_cites,
    tender_create,
    tender_evaluate,
    tender_homologate,
    tender_lacks_category,
    tender_law,
    tender_rank,
)
from ..validation import FieldError
from .common import DATE, competent, may, problem_of

#: A taxi category, or none (a tender of another service, or one recorded without).
CATEGORY_OR_NONE = [("", "—"), *TaxiCategory.choices]


def _category_field(
    label: str = "Categoria", blank: str = "—", *, lead: str = "", note: str = ""
) -> forms.ChoiceField:
    """The one taxi category of a tender's places and applicants (taxi art. 5, 6), left blank
    where the tender is of another service or was recorded without one."""
    field = forms.ChoiceField(
        label=label, choices=[("", blank), *TaxiCategory.choices], required=False
    )
    return cites(field, "category_one", lead=lead, note=note)


class TenderForm(CitingForm):
    # The taxi law bound here cites the categories (never an article of the app's own).
    SERVICES = (Service.TAXI,)

    service = forms.ChoiceField(label="Serviço", choices=Service.choices)
    number = forms.CharField(label="Número da licitação", max_length=40)
    places = forms.IntegerField(label="Vagas oferecidas", min_value=1)
    opened_on = forms.DateField(label="Data de abertura", widget=DATE)
    taxi_category = _category_field("Categoria das vagas", "— (mototáxi e motofrete)", lead="táxi")


@competent
def tenders(request: HttpRequest) -> HttpResponse:
    form = TenderForm(request.POST or None, initial={"opened_on": timezone.localdate()})
    problem = None
    if request.method == "POST" and form.is_valid():
        try:
            tender = tender_create(
                actor=actor_of(request),
                municipality=current_municipality(),
                **form.cleaned_data,
            )
        except (Refused, FieldError) as exc:
            problem = problem_of(exc)
        else:
            messages.success(request, f"Licitação {tender.number} aberta.")
            return redirect("taxi:tender", tender.pk)
    rows = Tender.objects.order_by("-opened_on", "-id")[:200]
    role = actor_of(request).role
    return render(
        request,
        "registry/taxi/tenders.html",
        {
            "tenders": rows,
            "form": form,
            "problem": problem,
            # A role is never shown a form it may not submit (who conducts a tender: the law's).
            "can_open": any(may(role, "tender.manage", s) for s in Service.values),
        },
    )


def _run_under(tender: Tender) -> str:
    """The law the tender is run under, whose articles its forms' labels cite (none where no law
    governs its service any more: ADR 0076)."""
    try:
        return tender_law(tender)
    except LawNotBound:
        return ""


class OnForm(forms.Form):
    on = forms.DateField(label="Data", widget=DATE)
    # Only a taxi tender recorded without a category asks it, for the applicants without one.
    taxi_category = forms.ChoiceField(label="Categoria", choices=CATEGORY_OR_NONE, required=False)


class ApplicantForm(CitingForm):
    """An applicant: a person already in the registry, in the tender's taxi category."""

    person = PersonByDocument(label="CPF ou CNPJ do candidato", max_length=18)
    taxi_category = _category_field()
    on = forms.DateField(label="Data da verificação dos requisitos", widget=DATE)

    def __init__(self, *args: Any, tender: Tender, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "cand")
        kwargs.setdefault("law", _run_under(tender))
        super().__init__(*args, **kwargs)
        self.fields["on"].initial = timezone.localdate()
        if tender.service != Service.TAXI or tender.taxi_category:
            # The tender's category is the applicant's (art. 3, 6): shown, not chosen.
            del self.fields["taxi_category"]


class TenderGrantForm(TaxiChecks):
    """What the grant to the next ranked applicant needs: the vehicle and the act; for taxi the
    term and contrapartida (art. 10) and the inspection's findings; for mototaxi and motofrete the
    term (art. 6) and the equipment (art. 5 §7, 19)."""

    vehicle = VehicleByPlate(label="Placa do veículo", max_length=8)
    on = forms.DateField(label="Data da outorga (assinatura do Termo, no táxi)", widget=DATE)
    decree = forms.CharField(label="Decreto de outorga", max_length=80, required=False)
    option = option_field()
    mode = mode_field()
    instalments = instalments_field()
    declarations = declarations_field()
    term_years = term_years_field("Prazo em anos")
    equipment = equipment_field("Equipamentos verificados")
    safety_gear = safety_gear_field()

    category = _category_field(note="licitação registrada sem categoria")

    field_order = [
        "vehicle",
        "on",
        "decree",
        "category",
        "option",
        "mode",
        "instalments",
        "term_years",
    ]
    TAXI_ONLY = ("option", "mode", "instalments", "declarations")
    MOTO_ONLY = ("term_years", "equipment", "safety_gear")

    def __init__(
        self, *args: Any, tender: Tender, applicant: TenderApplicant | None = None, **kwargs: Any
    ) -> None:
        kwargs.setdefault("prefix", "outorga")
        kwargs.setdefault("law", _run_under(tender))  # its labels cite the tender's law
        super().__init__(*args, **kwargs)
        self.fields["on"].initial = timezone.localdate()
        taxi = tender.service == Service.TAXI
        for name in self.MOTO_ONLY if taxi else (*self.TAXI_ONLY, *self.CHECK_FIELDS):
            del self.fields[name]
        limit_term_years(self, tender.service)
        # The category is asked only of an applicant of an older tender recorded without one.
        if not taxi or tender.taxi_category or (applicant and applicant.taxi_category):
            del self.fields["category"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        refuse_instalments_beyond_law(self, "on")  # art. 10, a: never passes the winner over
        return cleaned

    def params(self) -> dict[str, Any]:
        """The grant's data as ``tender_grants.tender_grant`` takes it for one applicant."""
        d = self.cleaned_data
        out: dict[str, Any] = {"vehicle": d["vehicle"].pk, "decree": d["decree"]}
        if d.get("category"):
            out["category"] = d["category"]
        if "option" in self.fields:
            out.update(
                option=d["option"],
                mode=d["mode"],
                instalments=d["instalments"],
                checks=self.checks(),
                declarations=tuple(d["declarations"]),
            )
        else:
            out.update(
                term_years=d["term_years"],
                equipment=list(d["equipment"]),
                safety_gear=d["safety_gear"],  # art. 5 IV, seen at the desk
            )
        return out


def _int(raw: str) -> int:
    return int(raw) if raw.isdigit() else 0


def _ranking_order(post: Any, eligible: Iterable[TenderApplicant], tender: Tender) -> list[int]:
    """The commission's order as the screen gives it: each eligible applicant's position, a whole
    number from 1, no two the same. The order binds the grants (mototaxi art. 6 caput and §5; taxi
    art. 3, where it breaks art. 48's ties), so a position left blank or repeated is asked again,
    never read as first nor settled by the record's id."""
    positions: dict[int, int] = {}
    for a in eligible:
        raw = str(post.get(f"rank_{a.pk}", "")).strip()
        if not raw.isdigit() or int(raw) < 1:
            raise FieldError(
                "classificação",
                f"informe a posição de {a.person.name} (número inteiro a partir de 1)",
                tender_cite(tender),
            )
        positions[a.pk] = int(raw)
    given = list(positions.values())
    repeated = sorted({p for p in given if given.count(p) > 1})
    if repeated:
        raise FieldError(
            "classificação",
            "posição repetida na classificação: " + ", ".join(f"{p}º" for p in repeated),
            tender_cite(tender),
        )
    return sorted(positions, key=lambda pk: positions[pk])


@competent
def tender_detail(request: HttpRequest, tender_id: int) -> HttpResponse:
    tender = get_object_or_404(Tender.objects.all(), pk=tender_id)
    step = request.POST.get("step", "") if request.method == "POST" else ""
    applicant_form = ApplicantForm(
        request.POST if step in ("check", "apply") else None, tender=tender
    )
    grant_form = TenderGrantForm(
        request.POST if step == "grant" else None, tender=tender, applicant=tender_next(tender)
    )
    problem = preview = None
    if request.method == "POST":
        actor, m = actor_of(request), current_municipality()
        on_form = OnForm(request.POST)
        try:
            if step in ("check", "apply"):
                if applicant_form.is_valid():
                    d = applicant_form.cleaned_data
                    category = d.get("taxi_category", "")
                    if step == "check":
                        preview = applicant_preview(
                            tender, d["person"], d["on"], category
                        ).to_json()
                    else:
                        tender_apply(
                            actor=actor,
                            municipality=m,
                            tender=tender,
                            person=d["person"],
                            taxi_category=category,
                        )
                        messages.success(request, f"{d['person'].name} inscrito(a).")
                        return redirect("taxi:tender", tender.pk)
            elif step == "grant":
                if grant_form.is_valid():
                    called = tender_grant_next(
                        actor=actor,
                        municipality=m,
                        tender=tender,
                        applicant_id=_int(request.POST.get("applicant", "")),
                        on=grant_form.cleaned_data["on"],
                        params=grant_form.params(),
                    )
                    result = called.decision["grant"]
                    if result["granted"]:
                        messages.success(
                            request,
                            f"Permissão {result['permit']} outorgada a {called.person.name}.",
                        )
                        return redirect("taxi:tender", tender.pk)
                    # Refused at the grant: the reasons shown, the next one is called now.
                    problem = {
                        "message": f"Outorga recusada a {called.person.name}; o próximo "
                        "classificado é chamado.",
                        "decision": result["decision"],
                    }
                    grant_form = TenderGrantForm(tender=tender, applicant=tender_next(tender))
            elif step == "ranking":
                eligible = TenderApplicant.objects.filter(
                    tender=tender, eligible=True
                ).select_related("person")
                order = _ranking_order(request.POST, eligible, tender)
                # Taxi art. 48: the score on the edital's other criteria, the law adds its points.
                scores = {
                    a.pk: request.POST[f"score_{a.pk}"].strip().replace(",", ".")
                    for a in eligible
                    if request.POST.get(f"score_{a.pk}", "").strip()
                }
                tender_rank(
                    actor=actor, municipality=m, tender=tender, ranking=order, scores=scores
                )
                messages.success(request, "Registrado.")
                return redirect("taxi:tender", tender.pk)
            elif step == "evaluate" and on_form.is_valid():
                tender_evaluate(
                    actor=actor,
                    municipality=m,
                    tender=tender,
                    on=on_form.cleaned_data["on"],
                    taxi_category=on_form.cleaned_data["taxi_category"],
                )
                messages.success(request, "Registrado.")
                return redirect("taxi:tender", tender.pk)
            elif step == "homologate" and on_form.is_valid():
                tender_homologate(
                    actor=actor, municipality=m, tender=tender, on=on_form.cleaned_data["on"]
                )
                messages.success(request, "Registrado.")
                return redirect("taxi:tender", tender.pk)
            else:
                raise FieldError("data", "informe a data")
        except (Refused, FieldError, InvalidTransition, ValueError) as exc:
            problem = problem_of(exc)
    tender.refresh_from_db()
    nxt = tender_next(tender)
    role = actor_of(request).role
    try:
        law: str | None = tender_law(tender)
    except LawNotBound:  # no law governs its service any more: read, no act offered
        law = None
    return render(
        request,
        "registry/taxi/tender.html",
        {
            "tender": tender,
            "applicants": TenderApplicant.objects.filter(tender=tender)
            .select_related("person")
            .order_by("rank", "id"),
            "problem": problem,
            "preview": preview,
            "today": timezone.localdate(),
            "applicant_form": applicant_form,
            "grant_form": grant_form,
            "next": nxt,
            "granted": Permit.objects.filter(tender=tender).count(),
            "tender_cite": tender_cite(tender),
            # Who may apply: taxi art. 3, 5 and 6; mototaxi art. 6 §1 (natural persons only).
            "admission_cite": tender_cites(tender, "tender", "category", "one_permission")
            if tender.service == Service.TAXI
            else tender_cites(tender, "natural_person"),
            "can_apply": law is not None
            and is_allowed(role, "registry.record", law, timezone.localdate()),
            "can_manage": law is not None
            and is_allowed(role, "tender.manage", law, timezone.localdate()),
            "asks_category": tender_lacks_category(tender),
            # Taxi art. 48: the law's own classification criterion (current taxistas).
            "classification_cite": tender_cites(tender, "tender_classification")
            if law is not None and interfaces.answers(law, "tender_classification")
            else "",
            "categories": TaxiCategory.choices,
        },
    )
