"""Forty credentialings at once through the API on PostgreSQL: the cap of art. 3 §1 holds and no
request dies in a deadlock (the one lock order, docs/decisions/0015-one-lock-order.md)."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from demo_factories import demo_fresh
from django.db import connection
from django.test import Client
from platforms_factories import make_platform, new_cnpj

from outorga.core.demo import demo_password, demo_username
from outorga.core.models import Act, Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.services.credentialing import _counted_platforms

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

N = 40


def test_art_3_par_1_forty_concurrent_credentialings_answer_201_or_422_and_never_deadlock():
    demo_fresh()
    m = Municipality.objects.get(slug="barra-do-garcas")
    with tenant(m):
        have = _counted_platforms()
    for i in range(max(0, 4 - have)):
        make_platform(m, f"Existente {i}")
    with tenant(m):
        have = _counted_platforms()
        acts_before = Act.objects.count()
    room = 10 - have
    authority = User.objects.get(username=demo_username(m.slug, Role.AUTORIDADE))
    clients = [Client(REMOTE_ADDR=f"198.51.100.{i + 1}") for i in range(N)]
    barrier = threading.Barrier(N)
    answers: list[Any] = [None] * N

    def credential(i: int) -> None:
        try:
            barrier.wait()
            # Each servant enters through the login page (an act of its own, "auth.login", taken
            # while the others' credentialings hold their locks), then credentials a platform.
            entered = clients[i].post(
                "/entrar/",
                {"username": authority.username, "password": demo_password(authority.username)},
            )
            assert entered.status_code == 302, entered.content[:300]
            r = clients[i].post(
                "/api/v1/platforms",
                data=json.dumps(
                    {
                        "cnpj": new_cnpj(),
                        "name": f"Concorrente {i}",
                        "cadastro_mobiliario": f"CM-{i}",
                        "complaint_channel": "sac@example.com",
                    }
                ),
                content_type="application/json",
            )
            answers[i] = (r.status_code, r.content[:300])
        except Exception as exc:  # noqa: BLE001 - the answer is the exception
            answers[i] = (500, repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=credential, args=(i,)) for i in range(N)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    statuses = sorted(status for status, _ in answers)
    assert statuses == [201] * room + [422] * (N - room), answers
    assert not any(b"deadlock" in str(body).encode() for _, body in answers)
    with tenant(m):
        assert _counted_platforms() == 10
        # every login and every answer left its act: the credential or the law's refusal
        assert Act.objects.count() - acts_before == 2 * N
