"""The cache every worker shares: Redis (Django's built-in backend) when REDIS_URL or CACHE_URL
names one, so the public pages' rate limits count across gunicorn workers; each process's memory
otherwise, so the first run needs nothing but Python."""

from __future__ import annotations

import pytest

from outorga.config.env import SettingError, cache_from_env, session_engine_from_env

REDIS = "django.core.cache.backends.redis.RedisCache"


@pytest.fixture(autouse=True)
def _no_cache_env(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("CACHE_URL", raising=False)


def test_without_a_url_each_process_keeps_its_own_memory_cache():
    assert cache_from_env() == {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}


def test_redis_url_makes_one_cache_for_every_worker(monkeypatch):
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/1")
    assert cache_from_env() == {"BACKEND": REDIS, "LOCATION": "redis://127.0.0.1:6379/1"}


def test_cache_url_is_read_when_redis_url_is_absent(monkeypatch):
    monkeypatch.setenv("CACHE_URL", "rediss://cache.interno:6380/0")
    assert cache_from_env()["LOCATION"] == "rediss://cache.interno:6380/0"


def test_a_cache_url_that_is_not_redis_fails_at_start_up(monkeypatch):
    monkeypatch.setenv("CACHE_URL", "memcached://127.0.0.1:11211")
    with pytest.raises(SettingError, match="CACHE_URL"):
        cache_from_env()


def test_the_redis_client_is_pinned_for_production():
    from pathlib import Path

    lock = (Path(__file__).parents[2] / "requirements.lock").read_text().splitlines()
    assert any(line.startswith("redis==") for line in lock)


def test_without_redis_sessions_live_in_the_database():
    assert session_engine_from_env() == "django.contrib.sessions.backends.db"


def test_with_redis_sessions_are_read_from_the_shared_cache_and_kept_in_the_database(monkeypatch):
    """Any machine behind the balancer finds the session in the one cache; a Redis restart
    logs nobody out (cached_db writes through)."""
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/1")
    assert session_engine_from_env() == "django.contrib.sessions.backends.cached_db"
