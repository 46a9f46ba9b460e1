"""The vistoria of a permit whose service no law of the municipality governs (its binding
removed, ``core.lawseam.governs``): no checklist under a law can be filled for it — the screen,
reached by its address or posted, goes back to the permit's page with the reason, as the
registry's act screens do, and records nothing; the service (the API's and the companies' way in)
refuses it naming the service (``registry.services.common.Ungoverned``), never an internal
error."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone
from inspections_factories import answers
from test_inspections_web import form

from outorga.core.tenancy import tenant
from outorga.inspections import services
from outorga.inspections.models import Inspection
from outorga.law.competence import Role
from outorga.registry.services.common import Ungoverned

NO_LAW = "Nenhuma lei rege o serviço de mototáxi em Ipatinga"


def test_the_vistoria_screen_goes_back_to_the_permit_saying_no_law_governs_it(
    ungoverned: Any, ipatinga_client: Any
) -> None:
    permit, _ = ungoverned
    fiscal = ipatinga_client(Role.FISCAL)
    url = f"/vistorias/nova/{permit.pk}/"
    page = f"/cadastro/permissoes/{permit.pk}/"
    for response in (
        fiscal.get(url, follow=True),
        fiscal.post(url, form(timezone.localdate()), follow=True),
    ):
        assert response.redirect_chain == [(page, 302)], url
        text = response.content.decode()
        assert NO_LAW in text and "Espelho retrovisor" not in text
    with tenant(permit.municipality):
        assert not Inspection.objects.filter(permit=permit).exists()


def test_the_service_refuses_its_vistoria_naming_the_service(ungoverned: Any, fiscal: Any) -> None:
    permit, _ = ungoverned
    on = timezone.localdate()
    with pytest.raises(Ungoverned) as refused:
        services.inspection_record(
            actor=fiscal,
            municipality=permit.municipality,
            permit=permit,
            kind="semestral",
            inspected_on=on,
            answers=answers("mototaxi", on),
        )
    assert refused.value.field == "serviço" and NO_LAW in refused.value.message
    with tenant(permit.municipality):
        assert not Inspection.objects.filter(permit=permit).exists()
