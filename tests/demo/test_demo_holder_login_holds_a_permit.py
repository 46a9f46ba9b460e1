"""The demo's holder login (``permissionario.ipatinga``) is the portal account of a person of the
example registry who holds a permit, linked as a clerk's invitation links one, with an auto of
infraction to follow: the holder's journey (permit, documents, infractions, defence) can be tried
right after the demo loads."""

from __future__ import annotations

from typing import Any

from django.core.management import call_command

from outorga.core.models import Act, User
from outorga.core.tenancy import tenant
from outorga.enforcement.models import InfractionNotice
from outorga.portal.models import Account
from outorga.registry.models import Person


def test_demo_holder_login_sees_its_permit_and_auto(client: Any, ipatinga_m: Any) -> None:
    call_command("demo", "--quiet")
    login = User.objects.get(username="permissionario.ipatinga")
    with tenant(ipatinga_m):
        person = Person.objects.get(user=login)
        assert person.permits.filter(number="MT-0101").exists()
        assert Account.objects.get(user=login).origin == Account.Origin.INVITATION
        assert Act.objects.filter(action="account.invite", object_id=str(login.pk)).exists()
        assert InfractionNotice.objects.filter(permit__holder=person).exists()
    client.force_login(login)
    home = client.get("/portal/").content.decode()
    assert "Nenhuma permissão em seu nome" not in home
    assert "MT-0101" in home
    infractions = client.get("/portal/infracoes/").content.decode()
    assert "Nenhuma infração" not in infractions
    assert "/portal/processos/" in infractions  # the case, where the defence is filed
    # Loading again changes nothing: one link, one example auto.
    call_command("demo", "--quiet")
    with tenant(ipatinga_m):
        assert Person.objects.get(user=login) == person
        assert InfractionNotice.objects.filter(permit__holder=person).count() == 1
