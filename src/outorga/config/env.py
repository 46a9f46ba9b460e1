"""Strict readers of settings from the environment: a bad value fails loudly at start-up."""

from __future__ import annotations

import os

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


class SettingError(RuntimeError):
    pass


def env_str(name: str, default: str | None = None) -> str:
    value = os.environ.get(name, default)
    if value is None:
        raise SettingError(f"environment variable {name} is required")
    return value


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    low = raw.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    raise SettingError(f"{name}={raw!r} is not a boolean (use 1/0, true/false)")


def env_int(name: str, default: int, *, at_least: int | None = None) -> int:
    """The integer ``name`` (``default`` when unset); refused below ``at_least`` when given."""
    raw = os.environ.get(name)
    if raw is None:
        value = default
    else:
        try:
            value = int(raw)
        except ValueError:
            raise SettingError(f"{name}={raw!r} is not an integer") from None
    if at_least is not None and value < at_least:
        raise SettingError(f"{name} must be at least {at_least}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


_REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def cache_from_env() -> dict[str, object]:
    """Django's cache: Redis (its built-in backend) when ``REDIS_URL`` or ``CACHE_URL`` names one,
    so every worker process shares one count; else each process's own memory."""
    url = os.environ.get("REDIS_URL") or os.environ.get("CACHE_URL")
    if not url:
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    if not url.startswith(_REDIS_SCHEMES):
        name = "REDIS_URL" if os.environ.get("REDIS_URL") else "CACHE_URL"
        raise SettingError(f"{name}={url!r}: use redis://, rediss:// or unix:// (a Redis server)")
    return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}


def session_engine_from_env() -> str:
    """Where sessions live: in the shared cache, written through to the database, when Redis is
    configured (any machine reads a session from the one cache; a Redis restart logs nobody
    out); only in the database otherwise."""
    if str(cache_from_env()["BACKEND"]).endswith("RedisCache"):
        return "django.contrib.sessions.backends.cached_db"
    return "django.contrib.sessions.backends.db"


def file_storage_from_env() -> dict[str, object]:
    """Where uploaded files live: an S3-compatible bucket when ``OUTORGA_S3_BUCKET`` names one
    (django-storages over boto3: AWS, MinIO, Ceph, a cloud's object storage), so every machine
    reads the same files and a backup of the bucket goes with the database's; the local disk
    (``OUTORGA_MEDIA_ROOT``) otherwise. The keys come from ``OUTORGA_S3_ACCESS_KEY`` and
    ``OUTORGA_S3_SECRET_KEY``, or boto3's own chain (``AWS_*`` variables, an instance role)."""
    bucket = os.environ.get("OUTORGA_S3_BUCKET", "")
    if not bucket:
        return {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    endpoint = os.environ.get("OUTORGA_S3_ENDPOINT_URL", "")
    if endpoint and not endpoint.startswith(("https://", "http://")):
        raise SettingError(f"OUTORGA_S3_ENDPOINT_URL={endpoint!r}: use https://host[:port]")
    options: dict[str, object] = {
        "bucket_name": bucket,
        "endpoint_url": endpoint or None,
        "region_name": os.environ.get("OUTORGA_S3_REGION") or None,
        "location": os.environ.get("OUTORGA_S3_PREFIX", ""),
        # Personal documents: never public, never overwritten (each name is new).
        "default_acl": "private",
        "querystring_auth": True,
        "file_overwrite": False,
        # MinIO and most self-hosted servers answer on a path, not a bucket subdomain.
        "addressing_style": os.environ.get("OUTORGA_S3_ADDRESSING", "path"),
        "signature_version": "s3v4",
    }
    for option, name in (
        ("access_key", "OUTORGA_S3_ACCESS_KEY"),
        ("secret_key", "OUTORGA_S3_SECRET_KEY"),
    ):
        if os.environ.get(name):
            options[option] = os.environ[name]
    return {"BACKEND": "storages.backends.s3.S3Storage", "OPTIONS": options}
