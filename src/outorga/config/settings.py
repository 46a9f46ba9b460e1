"""Outorga settings. Everything that differs between machines comes from the environment.

``OUTORGA_ENV=production`` turns on the production profile (HTTPS, secure cookies, HSTS, a secret
key that must be given). Without ``DATABASE_URL`` the product runs on the embedded SQLite file
``var/outorga.sqlite3`` (first-run default only; production and CI use PostgreSQL).
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.contrib.messages import constants as message_constants

from .env import (
    SettingError,
    cache_from_env,
    env_bool,
    env_int,
    env_list,
    env_str,
    file_storage_from_env,
    session_engine_from_env,
)

PACKAGE_DIR = Path(__file__).resolve().parent.parent
BASE_DIR = PACKAGE_DIR.parent.parent  # the repository root when run from a checkout
VAR_DIR = Path(env_str("OUTORGA_VAR_DIR", str(BASE_DIR / "var")))

ENV = env_str("OUTORGA_ENV", "development")
if ENV not in {"development", "test", "production"}:
    raise SettingError(f"OUTORGA_ENV={ENV!r}: use development, test or production")
PRODUCTION = ENV == "production"

DEBUG = env_bool("OUTORGA_DEBUG", not PRODUCTION)
if PRODUCTION:
    SECRET_KEY = env_str("OUTORGA_SECRET_KEY")
    if len(SECRET_KEY) < 50:
        raise SettingError("OUTORGA_SECRET_KEY must have at least 50 characters")
else:
    # Development only; production refuses to start without its own key.
    SECRET_KEY = env_str("OUTORGA_SECRET_KEY", "dev-insecure-" + "x" * 50)

ALLOWED_HOSTS = env_list(
    "OUTORGA_ALLOWED_HOSTS", [] if PRODUCTION else ["127.0.0.1", "localhost", "testserver"]
)
CSRF_TRUSTED_ORIGINS = env_list("OUTORGA_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "ninja",  # Swagger UI from its own static files, not a CDN (works offline)
    "axes",
    "csp",
    "django_otp",  # staff MFA: TOTP devices and recovery codes (core/mfa.py)
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "outorga.core",
    "outorga.platforms",
    "outorga.registry",
    "outorga.finance",
    "outorga.public",
    "outorga.enforcement",
    "outorga.portal",
    "outorga.inspections",
    "django_tasks",
    "django_tasks_db",
    "outorga.tripdata",
    "outorga.demo",  # the demo and first-run commands, above every app
]

# Background work (trip files): django-tasks with its database backend, so SQLite and PostgreSQL
# both work and more `outorga db_worker` processes scale it out.
TASKS = {
    "default": {"BACKEND": env_str("OUTORGA_TASKS_BACKEND", "django_tasks_db.DatabaseBackend")}
}
#: A worker holds a task for this long and renews the lease while it runs (every third of it);
#: a task whose worker died (killed, machine lost) is taken again by another worker once the lease
#: has expired (core/tasklease.py, docs/decisions/0016-task-leases.md).
OUTORGA_TASK_LEASE_SECONDS = env_int("OUTORGA_TASK_LEASE_SECONDS", 120, at_least=3)
#: A task taken this many times without finishing (its worker died each time, e.g. out of memory
#: on the same file) is marked failed instead of killing the next worker too.
OUTORGA_TASK_MAX_ATTEMPTS = env_int("OUTORGA_TASK_MAX_ATTEMPTS", 3, at_least=1)

# Email (courtesy avisos, password reset): sent only by the worker, never inside a request
# (core/mail.py). Without OUTORGA_EMAIL_HOST the messages are printed on the console (the demo).
EMAIL_HOST = env_str("OUTORGA_EMAIL_HOST", "")
EMAIL_BACKEND = env_str(
    "OUTORGA_EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env_int("OUTORGA_EMAIL_PORT", 587)
EMAIL_USE_TLS = env_bool("OUTORGA_EMAIL_USE_TLS", True)  # STARTTLS
EMAIL_USE_SSL = env_bool("OUTORGA_EMAIL_USE_SSL", False)  # implicit TLS (port 465)
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    if "OUTORGA_EMAIL_USE_TLS" in os.environ:
        raise SettingError("OUTORGA_EMAIL_USE_TLS and OUTORGA_EMAIL_USE_SSL: choose one")
    EMAIL_USE_TLS = False  # SSL asked for alone: STARTTLS's default gives way
EMAIL_HOST_USER = env_str("OUTORGA_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = env_str("OUTORGA_EMAIL_PASSWORD", "")
EMAIL_TIMEOUT = env_int("OUTORGA_EMAIL_TIMEOUT", 30)
DEFAULT_FROM_EMAIL = env_str("OUTORGA_EMAIL_FROM", "Outorga <nao-responda@outorga.localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
#: A message that the server refuses or that cannot reach it is tried this many times in all,
#: the n-th retry OUTORGA_EMAIL_RETRY_SECONDS × 2^(n−1) after the attempt that failed.
OUTORGA_EMAIL_MAX_ATTEMPTS = env_int("OUTORGA_EMAIL_MAX_ATTEMPTS", 5, at_least=1)
OUTORGA_EMAIL_RETRY_SECONDS = env_int("OUTORGA_EMAIL_RETRY_SECONDS", 60, at_least=0)
#: Where the links in an email point (no request to take the host from when the sweep writes).
OUTORGA_BASE_URL = env_str(
    "OUTORGA_BASE_URL",
    f"https://{ALLOWED_HOSTS[0]}" if PRODUCTION and ALLOWED_HOSTS else "http://127.0.0.1:8000",
).rstrip("/")
#: A password-reset link is valid for this long (Django's PASSWORD_RESET_TIMEOUT).
PASSWORD_RESET_TIMEOUT = env_int("OUTORGA_PASSWORD_RESET_SECONDS", 3 * 3600)

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files from the app server itself (compressed, cached forever by their hashed names),
    # so gunicorn alone serves a complete site (docs/deploy.md).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "outorga.core.middleware.PrivateResponseMiddleware",
    "outorga.core.middleware.NulCharacterMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django_otp.middleware.OTPMiddleware",
    "outorga.core.middleware.IdleTimeoutMiddleware",
    "outorga.core.middleware.MfaRequiredMiddleware",
    "outorga.core.middleware.TenantMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "outorga.core.errorpages.ErrorPagesMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "outorga.config.urls"
CSRF_FAILURE_VIEW = "outorga.core.errorpages.csrf_failure"
#: Django's technical error pages (English, with the traceback) instead of the Portuguese ones
#: while DEBUG is on; a developer's choice, never the demo's.
OUTORGA_TECHNICAL_ERRORS = env_bool("OUTORGA_TECHNICAL_ERRORS", False)
WSGI_APPLICATION = "outorga.config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "outorga.core.context_processors.navigation",
            ],
        },
    },
]

_default_db = f"sqlite:///{VAR_DIR / 'outorga.sqlite3'}"
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", _default_db), conn_max_age=env_int("OUTORGA_DB_CONN_MAX_AGE", 0)
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"].update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20, "init_command": "PRAGMA journal_mode=WAL;"}
    )
# On PostgreSQL every connection keeps the tenancy's setting of row-level security in step
# (outorga.core.rls, ADR 0024): the same backend, with the setting set before the queries.
_PG = ("django.db.backends.postgresql", "django.db.backends.postgresql_psycopg2")
if DATABASES["default"]["ENGINE"] in _PG:
    DATABASES["default"]["ENGINE"] = "outorga.core.postgresql"
# Migrations run as the tables' owner; the application connects as a role that owns nothing and
# only reads and writes rows, so it cannot disable the acts log's triggers (docs/deploy.md). With
# DATABASE_MIGRATE_URL set, ``outorga migrate`` (and ``db_app_role``) use this "owner" alias.
_migrate_url = env_str("DATABASE_MIGRATE_URL", "")
if _migrate_url:
    DATABASES["owner"] = dj_database_url.parse(_migrate_url)
    if DATABASES["owner"]["ENGINE"] in _PG:
        DATABASES["owner"]["ENGINE"] = "outorga.core.postgresql"
    DATABASES["owner"]["TEST"] = {"MIRROR": "default"}
    if DATABASES["owner"]["ENGINE"] != DATABASES["default"]["ENGINE"]:
        raise SettingError("DATABASE_MIGRATE_URL and DATABASE_URL must name the same database")
#: The role the application connects as (``outorga db_app_role`` grants it its rows).
OUTORGA_DB_APP_ROLE = env_str("OUTORGA_DB_APP_ROLE", "outorga_app")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "core.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "outorga.core.authbackend.ModelBackend",
]
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 10},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "core:home"
LOGOUT_REDIRECT_URL = "login"

# Login throttling (django-axes, counted in the database so every worker sees every failure),
# each lock lasting 30 minutes: 5 failures lock the username+IP pair; an account is locked
# after OUTORGA_LOGIN_ACCOUNT_LIMIT failures from any addresses (guesses spread over many
# machines), and an address after failing with OUTORGA_LOGIN_ADDRESS_USERNAMES different
# usernames (one password tried on many accounts). ``core.loginguard`` adds the last two.
AXES_FAILURE_LIMIT = env_int("OUTORGA_LOGIN_FAILURE_LIMIT", 5)
OUTORGA_LOGIN_ACCOUNT_LIMIT = env_int("OUTORGA_LOGIN_ACCOUNT_LIMIT", 10)
OUTORGA_LOGIN_ADDRESS_USERNAMES = env_int("OUTORGA_LOGIN_ADDRESS_USERNAMES", 10)
AXES_COOLOFF_TIME = 0.5  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_HANDLER = "outorga.core.loginguard.LoginGuardHandler"
# The client behind OUTORGA_TRUSTED_PROXIES, as the acts log sees it: behind a proxy every login
# would otherwise come from the proxy, and one address's limit would lock everybody out.
AXES_CLIENT_IP_CALLABLE = "outorga.core.middleware.client_ip"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False

# Staff MFA (core/mfa.py): after the password, a servant gives a TOTP code or a recovery code;
# one without a device is sent to set it up. On in production; off in the demo and the tests'
# defaults, so `make run` logs in with a password only (tests turn it on).
OUTORGA_MFA_REQUIRED = env_bool("OUTORGA_MFA_REQUIRED", PRODUCTION)
OTP_TOTP_ISSUER = env_str("OUTORGA_MFA_ISSUER", "Outorga")

# Sessions: a working day, gone when the browser closes, and ended after OUTORGA_IDLE_MINUTES
# without a request (core.middleware.IdleTimeoutMiddleware).
# A refusal shown as a message is the design system's "danger" (its CSS has no "error" style).
MESSAGE_TAGS = {message_constants.ERROR: "danger"}

SESSION_COOKIE_AGE = env_int("OUTORGA_SESSION_SECONDS", 8 * 3600)
OUTORGA_IDLE_MINUTES = env_int("OUTORGA_IDLE_MINUTES", 30)
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
#: With Redis, sessions are read from the cache every machine shares (and kept in the database
#: too); without it, from the database.
SESSION_ENGINE = session_engine_from_env()
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_HTTPONLY = True

LANGUAGE_CODE = "pt-br"
TIME_ZONE = "America/Sao_Paulo"
USE_I18N = True
USE_TZ = True
# Numbers are formatted where they are shown (intcomma, brl): a global separator would also
# turn ids in URLs and years into "5.598" and "2.024".
USE_THOUSAND_SEPARATOR = False

STATIC_URL = "static/"
STATICFILES_DIRS = [PACKAGE_DIR / "static"]
STATIC_ROOT = Path(env_str("OUTORGA_STATIC_ROOT", str(VAR_DIR / "static")))
MEDIA_ROOT = Path(env_str("OUTORGA_MEDIA_ROOT", str(VAR_DIR / "media")))
STORAGES = {
    # Uploaded files: an S3-compatible bucket when OUTORGA_S3_BUCKET is set, else MEDIA_ROOT.
    "default": file_storage_from_env(),
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

#: Outside production whitenoise serves the files where they are (no collectstatic); in production
#: from STATIC_ROOT, filled by ``outorga collectstatic`` (the container image does it).
WHITENOISE_USE_FINDERS = not PRODUCTION
WHITENOISE_AUTOREFRESH = DEBUG
if not PRODUCTION:
    # Served from the finders: an empty STATIC_ROOT is expected, not worth a warning per process.
    warnings.filterwarnings("ignore", message="No directory at", module="whitenoise.base")

SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"

# Content-Security-Policy (django-csp): only this site's own files run (no inline script, no
# eval) and no other site may frame a page. Styles may be inline: pygal's charts are SVG with
# their own <style>, and a style cannot run code.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
#: Browser features no page uses are off; the location only for this site (an auto de
#: infração records where the agent stands).
OUTORGA_PERMISSIONS_POLICY = (
    "geolocation=(self), camera=(), microphone=(), payment=(), usb=(), serial=(), "
    "bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=()"
)

# Uploads: the largest file of each kind, in MB (core.uploads judges each by its bytes).
OUTORGA_UPLOAD_MAX_BYTES = {
    kind: env_int(f"OUTORGA_UPLOAD_{kind.upper()}_MB", 5) * 1024 * 1024
    for kind in ("photo", "document", "csv")
}
if min(OUTORGA_UPLOAD_MAX_BYTES.values()) <= 0:
    raise SettingError("OUTORGA_UPLOAD_*_MB must be at least 1")

if PRODUCTION:
    SECURE_SSL_REDIRECT = env_bool("OUTORGA_SSL_REDIRECT", True)
    # The container's health check asks the app server itself, over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("OUTORGA_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# Public verification pages: where the badge's QR code points (empty: the host of the request that
# printed it) and how many requests per minute one client IP may make (0: no limit). The counter
# lives in the cache below.
OUTORGA_PUBLIC_URL = env_str("OUTORGA_PUBLIC_URL", "")
OUTORGA_PUBLIC_RATE_PER_MINUTE = env_int("OUTORGA_PUBLIC_RATE_PER_MINUTE", 120)
# One cache for every worker when REDIS_URL (or CACHE_URL) names a Redis server — the public
# pages' rate limits then count across gunicorn workers; otherwise the memory of each process,
# enough for one process (the first run, the tests).
CACHES = {"default": cache_from_env()}

# Where ``outorga audit checkpoint`` and the daily sweep write the acts log's signed checkpoints
# (empty: the sweep writes none). Copy them off this machine (docs/deploy.md).
OUTORGA_CHECKPOINT_DIR = env_str("OUTORGA_CHECKPOINT_DIR", "")

# The acts log records the client IP; behind a proxy set the number of trusted proxies.
OUTORGA_TRUSTED_PROXIES = env_int("OUTORGA_TRUSTED_PROXIES", 0)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # No badge or reset token in any log line (core/logredact.py): a 404 on /v/<token> is logged
    # with its path, and runserver logs every request line.
    "filters": {"redact_secrets": {"()": "outorga.core.logredact.RedactSecrets"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["redact_secrets"]},
    },
    "loggers": {
        # Django's own handlers would write the records unfiltered: everything goes to the root's.
        "django": {"handlers": [], "propagate": True},
        "django.server": {"handlers": ["console"], "level": "INFO", "propagate": False},
    },
    "root": {"handlers": ["console"], "level": env_str("OUTORGA_LOG_LEVEL", "WARNING")},
}
