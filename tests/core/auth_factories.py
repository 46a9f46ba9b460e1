"""The password hasher the tests use: Argon2id, as in production, at its cheapest cost.

Production hashes with Django's Argon2 defaults (about 100 MiB and a third of a second a hash on
the CI's two cores). The demo's 19 users are hashed again each time a browser or transactional
test reloads the demo into its emptied database, and every browser login is verified: at the
production cost that is minutes of every CI run spent on hashing, which no test judges. The
algorithm, the encoding and the verification are the same; only the cost parameters differ
(they travel inside each hash). ``tests/core/test_auth.py`` checks the production setting."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.hashers import Argon2PasswordHasher
from django.test import Client

DOTTED = "auth_factories.CheapArgon2PasswordHasher"


class CheapArgon2PasswordHasher(Argon2PasswordHasher):
    time_cost = 1
    memory_cost = 8  # KiB, argon2's minimum for one lane
    parallelism = 1


def client_as(user_of: Any, role: Any, slug: str = "ipatinga") -> Client:
    """A test client logged in as the standing demo user of ``role`` in the municipality
    ``slug`` (``user_of``, the fixture)."""
    client = Client()
    client.force_login(user_of(slug, role))
    return client
