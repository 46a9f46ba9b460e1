"""Enforcement's lists (issue "back office", item 5): every auto de infração and every case,
filtered at a URL, sorted, paged and exported as CSV with the shared listing (``core.listing``),
in Portuguese (statuses, natures, stages by their labels)."""

from __future__ import annotations

import operator
from functools import reduce
from typing import Any

from django import forms
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponseBase

from outorga.core.listing import Column, any_of, date_filter, filtered, list_page
from outorga.core.search import name_matches, plate_key, words
from outorga.enforcement.models import Case, InfractionNotice, Severity
from outorga.enforcement.views.common import staff_only


def _plate(text: str, *fields: str) -> Q:
    """A plate typed with or without its hyphen, in any of ``fields`` (one word only: a name is
    not a plate)."""
    key = plate_key(text)
    if not key or len(words(text)) != 1:
        return Q(pk__in=[])
    return reduce(operator.or_, (Q(**{f"{name}__startswith": key}) for name in fields))


# --- autos -------------------------------------------------------------------------------------------


class AutoFilter(forms.Form):
    q = forms.CharField(
        label="Nº do auto, placa, permissão ou nome", required=False, max_length=200
    )
    situacao = forms.ChoiceField(
        label="Situação", required=False, choices=any_of(InfractionNotice.Status.choices)
    )
    natureza = forms.ChoiceField(label="Natureza", required=False, choices=any_of(Severity.choices))
    de = date_filter("Cometida de")
    ate = date_filter("até")


AUTO_COLUMNS = [
    Column("numero", "Auto", lambda a: a.number, "number"),
    Column("quando", "Data e hora", lambda a: a.committed_at, "committed_at"),
    Column("placa", "Placa", lambda a: a.plate, "plate"),
    Column("permissao", "Permissão", lambda a: a.permit_number, "permit_number"),
    Column("infrator", "Infrator", lambda a: a.offender_name or a.holder_name, "offender_name"),
    Column("infracao", "Infração", lambda a: a.infraction_description),
    Column("natureza", "Natureza", lambda a: a.get_severity_display(), "severity"),
    Column("situacao", "Situação", lambda a: a.get_status_display(), "status"),
    Column("agente", "Agente", lambda a: a.agent_name, "agent_name"),
]


def filter_autos(qs: QuerySet[InfractionNotice], f: dict[str, Any]) -> QuerySet[InfractionNotice]:
    if q := (f.get("q") or "").strip():
        qs = qs.filter(
            Q(number__iexact=q)
            | Q(permit_number__iexact=q)
            | _plate(q, "plate")
            | name_matches("offender_name", q)
            | name_matches("holder_name", q)
        )
    return filtered(
        qs,
        f,
        {
            "situacao": "status",
            "natureza": "severity",
            "de": "committed_at__date__gte",
            "ate": "committed_at__date__lte",
        },
    )


@staff_only
def autos(request: HttpRequest) -> HttpResponseBase:
    return list_page(
        request,
        form=AutoFilter(request.GET or None),
        qs=InfractionNotice.objects.select_related("case"),
        narrow=filter_autos,
        columns=AUTO_COLUMNS,
        default_order="-committed_at",
        filename="autos",
        template="enforcement/autos.html",
    )


# --- cases -------------------------------------------------------------------------------------------


class CaseFilter(forms.Form):
    q = forms.CharField(
        label="Nº do processo, do auto, placa ou nome", required=False, max_length=200
    )
    tipo = forms.ChoiceField(label="Tipo", required=False, choices=any_of(Case.Kind.choices))
    fase = forms.ChoiceField(
        label="Fase", required=False, choices=any_of(Case.Stage.choices, "todas")
    )
    aguardando = forms.ChoiceField(
        label="Andamento",
        required=False,
        choices=any_of([c for c in Case.Waiting.choices if c[0] != Case.Waiting.NONE]),
    )
    prazo_ate = date_filter("Prazo em curso até")
    de = date_filter("Aberto de")
    ate = date_filter("até")


def _who(c: Case) -> str:
    if c.person_id:
        return c.person.name  # type: ignore[union-attr]
    if c.auto_id:
        return c.auto.offender_name or c.auto.holder_name  # type: ignore[union-attr]
    return ""


CASE_COLUMNS = [
    Column("numero", "Processo", lambda c: c.number, "number"),
    Column("tipo", "Tipo", lambda c: c.get_kind_display(), "kind"),
    Column("auto", "Auto", lambda c: c.auto.number if c.auto_id else "", "auto__number"),
    Column("pessoa", "Pessoa", _who, "person__name"),
    Column(
        "permissao", "Permissão", lambda c: c.permit.number if c.permit_id else "", "permit__number"
    ),
    Column("fase", "Fase", lambda c: c.get_stage_display(), "stage"),
    Column(
        "andamento",
        "Andamento",
        lambda c: "" if c.waiting == Case.Waiting.NONE else c.get_waiting_display(),
        "waiting",
    ),
    Column("prazo", "Prazo até", lambda c: c.deadline, "deadline"),
    Column("aberto", "Aberto em", lambda c: c.created_at.date(), "created_at"),
]


def filter_cases(qs: QuerySet[Case], f: dict[str, Any]) -> QuerySet[Case]:
    if q := (f.get("q") or "").strip():
        qs = qs.filter(
            Q(number__iexact=q)
            | Q(auto__number__iexact=q)
            | Q(permit__number__iexact=q)
            | _plate(q, "auto__plate", "permit__vehicle__plate")
            | name_matches("person__name", q)
            | name_matches("auto__offender_name", q)
            | name_matches("auto__holder_name", q)
        )
    return filtered(
        qs,
        f,
        {
            "tipo": "kind",
            "fase": "stage",
            "aguardando": "waiting",
            "prazo_ate": "deadline__lte",
            "de": "created_at__date__gte",
            "ate": "created_at__date__lte",
        },
    )


@staff_only
def cases(request: HttpRequest) -> HttpResponseBase:
    return list_page(
        request,
        form=CaseFilter(request.GET or None),
        qs=Case.objects.select_related("auto", "permit", "person"),
        narrow=filter_cases,
        columns=CASE_COLUMNS,
        default_order="-created_at",
        filename="processos",
        template="enforcement/cases.html",
    )
