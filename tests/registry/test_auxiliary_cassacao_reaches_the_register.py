"""The cassação of an auxiliary is of the person's register, not of one permit's link: mototaxi
art. 2 III ("devolução compulsória do Registro de Auxiliar de Condutor") and art. 32 IV, §3 (no
other credential for two years). A person auxiliary of two mototaxi permits cassado on one is
cassado on the other, each with its act; an inscription under another law (the taxi Cadastro)
is that law's and stays."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from registry_factories import make_permit, person

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Auxiliary
from outorga.registry.services.auxiliaries import auxiliary_cassar
from outorga.registry.services.eligibility import register_bars


def _auxiliary(permit, who, number):  # type: ignore[no-untyped-def]
    today = timezone.localdate()
    return Auxiliary.objects.create(
        permit=permit,
        person=who,
        added_on=today - dt.timedelta(days=30),
        registration_number=number,
        credential_valid_until=today + dt.timedelta(days=300),
    )


def test_art_2_iii_art_32_par_3_the_cassacao_ends_every_mototaxi_credential_of_the_person(
    ipatinga_m, user_of
):
    mayor = Actor.of(user_of("ipatinga", Role.CHEFE_EXECUTIVO), "198.51.100.9")
    first = make_permit(ipatinga_m, "PRIMEIRA")
    second = make_permit(ipatinga_m, "SEGUNDA")
    taxi = make_permit(ipatinga_m, "TAXI", service="taxi")
    who = person(ipatinga_m, name="Auxiliar de Dois")
    with tenant(ipatinga_m):
        aux, other, in_taxi = (
            _auxiliary(first, who, 701),
            _auxiliary(second, who, 702),
            _auxiliary(taxi, who, 703),
        )
    on = timezone.localdate()
    auxiliary_cassar(
        actor=mayor, municipality=ipatinga_m, auxiliary=aux, on=on, reason="processo 7/2026"
    )
    with tenant(ipatinga_m):
        assert Auxiliary.objects.get(pk=aux.pk).status == Auxiliary.Status.CASSADO
        other = Auxiliary.objects.get(pk=other.pk)
        assert (other.status, other.removed_on) == (Auxiliary.Status.CASSADO, on)
        assert Auxiliary.objects.get(pk=in_taxi.pk).status == Auxiliary.Status.ACTIVE
        acts = Act.objects.filter(action="auxiliary.cassado").order_by("seq")
        assert [a.object_id for a in acts] == [str(aux.pk), str(other.pk)]
        assert acts[1].record["payload"]["cassacao_do_registro"] == aux.pk
        # The taxi Cadastro is barred by the taxi law's own cassação (art. 41 IV, §3), not by
        # the mototaxi law's.
        assert who.pk not in register_bars([who], on)


def test_art_32_par_3_a_second_process_s_cassacao_of_a_credential_the_register_s_took_is_no_error(
    ipatinga_m, user_of
):
    """The person's second credential, cassado with the first's register, may still be the object
    of its own cassação (another permit's process, decided later): the bar holds and nothing is
    refused, so that process can be decided."""
    mayor = Actor.of(user_of("ipatinga", Role.CHEFE_EXECUTIVO), "198.51.100.9")
    first, second = make_permit(ipatinga_m, "UM"), make_permit(ipatinga_m, "DOIS")
    who = person(ipatinga_m, name="Auxiliar de Dois Processos")
    with tenant(ipatinga_m):
        aux, other = _auxiliary(first, who, 801), _auxiliary(second, who, 802)
    on = timezone.localdate()
    auxiliary_cassar(actor=mayor, municipality=ipatinga_m, auxiliary=aux, on=on, reason="p. 1")
    again = auxiliary_cassar(
        actor=mayor, municipality=ipatinga_m, auxiliary=other, on=on, reason="p. 2"
    )
    assert again.status == Auxiliary.Status.CASSADO and again.removed_on == on
    with tenant(ipatinga_m):
        assert Act.objects.filter(action="auxiliary.cassado").count() == 2
