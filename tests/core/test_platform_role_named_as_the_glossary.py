"""The role of a platform's accounts is named as the product's glossary names the party, in
Portuguese a user reads — "Plataforma (OTTC)", the ride-hailing platform credentialed before the
municipality (apps art. 3) — not in developers' words ("cliente da API"), in every place a person
reads it: the header and panel of its own login, the list of roles, the acts log."""

from __future__ import annotations

from django.test import Client

from outorga.core.actlabels import role_label
from outorga.core.models import User
from outorga.law.competence import ROLE_LABELS, Role

LABEL = "Plataforma (OTTC)"


def test_the_platform_role_reads_as_the_glossary_names_it():
    assert ROLE_LABELS[Role.PLATAFORMA] == LABEL
    assert dict(User.RoleChoice.choices)[Role.PLATAFORMA.value] == LABEL
    assert role_label(Role.PLATAFORMA.value) == LABEL


def test_a_platform_login_reads_its_role_in_the_glossary_s_words(user_of):
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.PLATAFORMA))
    for url in ("/", "/plataforma/"):
        page = c.get(url, follow=True).content.decode()
        assert LABEL in page, url
        assert "cliente da API" not in page, url


def test_a_demo_loaded_under_the_earlier_label_reads_the_glossary_s_after_loading_again(user_of):
    from outorga.core.demo import municipality_load
    from outorga.demo import MUNICIPALITIES

    login = user_of("barra-do-garcas", Role.PLATAFORMA)
    User.objects.filter(pk=login.pk).update(first_name="Plataforma (cliente da API) (demo)")
    holder = user_of("barra-do-garcas", Role.PERMISSIONARIO)
    User.objects.filter(pk=holder.pk).update(first_name="Ana Titular")
    municipality_load(MUNICIPALITIES["barra-do-garcas"])
    login.refresh_from_db()
    holder.refresh_from_db()
    assert login.first_name == f"{LABEL} (demo)"
    assert holder.first_name == "Ana Titular"  # a name of the person's own is kept
