"""A laudo is the record of a vistoria on its day: it names the permit's holder of that day. A taxi
permission passed to a successor (taxi law 2017, art. 13, parágrafo único) leaves the laudos of the
vistorias made before the transfer naming the predecessor; the successor is named from the day of
the transfer on (the registry's dated record of the transfer, ``PermitHolderChange``)."""

from __future__ import annotations

import datetime as dt
import importlib

from django.test import Client
from enforcement_factories import pdf_text
from inspections_factories import TRANSFER_ON
from registry_factories import TAXI_ON as ON

from outorga.core.localtime import today_of
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import PermitHolderChange
from outorga.registry.selectors import holder_on


def _laudo(m, user_of, inspection) -> str:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of(m.slug, Role.FISCAL))
    r = c.get(f"/vistorias/{inspection.pk}/laudo.pdf")
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    return pdf_text(b"".join(r.streaming_content))


def test_art_13_par_unico_a_laudo_before_the_transfer_names_the_predecessor(transferred, user_of):
    m, _permit, before, _on_the_day, _olga, _hugo = transferred
    text = _laudo(m, user_of, before)
    assert "Olga Predecessora" in text and "Hugo Sucessor" not in text


def test_art_13_par_unico_a_laudo_from_the_transfer_day_on_names_the_successor(
    transferred, user_of
):
    m, _permit, _before, on_the_day, _olga, _hugo = transferred
    text = _laudo(m, user_of, on_the_day)
    assert "Hugo Sucessor" in text and "Olga Predecessora" not in text


def test_the_registry_records_the_transfer_with_its_day(transferred):
    m, permit, _before, _on_the_day, olga, hugo = transferred
    with tenant(m):
        permit.refresh_from_db()
        (change,) = PermitHolderChange.objects.filter(permit=permit)
        assert (change.from_holder, change.to_holder) == (olga, hugo)
        assert change.effective_on == TRANSFER_ON and change.act.action == "permit.transfer"
        assert holder_on(permit, TRANSFER_ON - dt.timedelta(days=1)) == olga
        assert holder_on(permit, TRANSFER_ON) == hugo
        assert holder_on(permit, ON) == olga  # before any inspection: the first holder


def test_a_transfer_made_before_the_record_existed_is_read_from_its_act(transferred, user_of):
    """The migration fills the record of the transfers already made from their acts
    (``permit.transfer``), dated the day each was recorded; the laudo reads it alike."""
    from django.apps import apps

    migration = importlib.import_module("outorga.registry.migrations.0020_permit_holder_change")
    m, permit, before, _on_the_day, olga, hugo = transferred
    with tenant(m):
        PermitHolderChange.objects.filter(permit=permit).delete()
    migration.fill(apps, None)
    with tenant(m):
        (change,) = PermitHolderChange.objects.filter(permit=permit)
        assert (change.from_holder, change.to_holder) == (olga, hugo)
        assert change.effective_on == today_of(m) and change.act.action == "permit.transfer"
    text = _laudo(m, user_of, before)
    assert "Olga Predecessora" in text and "Hugo Sucessor" not in text
