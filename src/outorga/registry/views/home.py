"""The registry's home screen: search by name, CPF, plate or permit number, and the counts of
active permits per service."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from outorga.core import searchtokens
from outorga.core.access import staff_required
from outorga.core.lawseam import governs
from outorga.core.requests import actor_of
from outorga.core.searchtokens import SeeOther
from outorga.core.tenancy import current_municipality

from ..models import Permit, Person, Service, Vehicle
from ..panels import permit_services
from ..selectors import names_document, people_search, permits_search, vehicles_search


@staff_required
def index(request: HttpRequest) -> HttpResponse:
    # The search form posts: a CPF typed in it must not land in a URL (access logs, history,
    # Referer); an address that names one (an old link) is moved to a token of the session at
    # once (core.searchtokens). Searching by CPF is for the roles that see it in full; to the
    # others, a CPF typed would tell whose it is.
    if request.method == "POST":
        q = request.POST.get("q", "").strip()
    elif names_document(request.GET.get("q", "")):
        moved = {"q": request.GET["q"].strip()}
        return SeeOther(searchtokens.address(request, request.path, moved, private=True))
    else:
        q, _, expired = searchtokens.searched(request)
        if expired:
            messages.warning(request, searchtokens.EXPIRED)
        q = q.strip()
    people = vehicles = permits = None
    if q:
        people = people_search(Person.objects.all(), q, actor_of(request).role)[:20]
        vehicles = vehicles_search(Vehicle.objects.all(), q)[:20]
        permits = permits_search(Permit.objects.select_related("holder", "vehicle"), q)[:20]
    # The services a law governs here (or with permits from before): no button to grant, nor a
    # count, for a service no law of this municipality knows.
    m = current_municipality()
    services = [Service(s) for s in permit_services(m)]
    counts = {
        s.label: Permit.objects.filter(service=s, status=Permit.Status.ACTIVE).count()
        for s in services
    }
    governed = {s for s in services if governs(m, s)}
    return render(
        request,
        "registry/index.html",
        {
            "q": q,
            "people": people,
            "vehicles": vehicles,
            "permits": permits,
            "counts": counts,
            "grants_moto": bool(governed & {Service.MOTOTAXI, Service.MOTOFRETE}),
            "grants_taxi": Service.TAXI in governed,
        },
    )
