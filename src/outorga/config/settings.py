"""Outorga settings. Everything that differs between machines comes from the environment.

``OUTORGA_ENV=production`` turns on the production profile (HTTPS, secure cookies, HSTS, a secret
key that must be given). Without ``DATABASE_URL`` the product runs on the embedded SQLite file
``var/outorga.sqlite3`` (first-run default only; production and CI use PostgreSQL).
"""

from __future__ import annotations

from pathlib import Path

import dj_database_url

from .env import SettingError, env_bool, env_int, env_list, env_str

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
OUTORGA_TASK_LEASE_SECONDS = env_int("OUTORGA_TASK_LEASE_SECONDS", 120)
#: A task taken this many times without finishing (its worker died each time, e.g. out of memory
#: on the same file) is marked failed instead of killing the next worker too.
OUTORGA_TASK_MAX_ATTEMPTS = env_int("OUTORGA_TASK_MAX_ATTEMPTS", 3)
if OUTORGA_TASK_LEASE_SECONDS < 3:
    raise SettingError("OUTORGA_TASK_LEASE_SECONDS must be at least 3 (seconds)")
if OUTORGA_TASK_MAX_ATTEMPTS < 1:
    raise SettingError("OUTORGA_TASK_MAX_ATTEMPTS must be at least 1")

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
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
# Migrations run as the tables' owner; the application connects as a role that owns nothing and
# only reads and writes rows, so it cannot disable the acts log's triggers (docs/deploy.md). With
# DATABASE_MIGRATE_URL set, ``outorga migrate`` (and ``db_app_role``) use this "owner" alias.
_migrate_url = env_str("DATABASE_MIGRATE_URL", "")
if _migrate_url:
    DATABASES["owner"] = dj_database_url.parse(_migrate_url)
    DATABASES["owner"]["TEST"] = {"MIRROR": "default"}
    if DATABASES["owner"]["ENGINE"] != DATABASES["default"]["ENGINE"]:
        raise SettingError("DATABASE_MIGRATE_URL and DATABASE_URL must name the same database")
#: The role the application connects as (``outorga db_app_role`` grants it its rows).
OUTORGA_DB_APP_ROLE = env_str("OUTORGA_DB_APP_ROLE", "outorga_app")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "core.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
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

# Login throttling (django-axes): 5 failures lock the username+IP pair for 30 minutes.
AXES_FAILURE_LIMIT = env_int("OUTORGA_LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = 0.5  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False

# Sessions: a working day, gone when the browser closes.
SESSION_COOKIE_AGE = env_int("OUTORGA_SESSION_SECONDS", 8 * 3600)
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
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
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
if PRODUCTION:
    SECURE_SSL_REDIRECT = env_bool("OUTORGA_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("OUTORGA_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# Public verification pages: where the badge's QR code points (empty: the host of the request that
# printed it) and how many requests per minute one client IP may make (0: no limit). The counter
# lives in the cache: LocMem counts per process; with several workers use a shared cache here.
OUTORGA_PUBLIC_URL = env_str("OUTORGA_PUBLIC_URL", "")
OUTORGA_PUBLIC_RATE_PER_MINUTE = env_int("OUTORGA_PUBLIC_RATE_PER_MINUTE", 120)
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Where ``outorga audit checkpoint`` and the daily sweep write the acts log's signed checkpoints
# (empty: the sweep writes none). Copy them off this machine (docs/deploy.md).
OUTORGA_CHECKPOINT_DIR = env_str("OUTORGA_CHECKPOINT_DIR", "")

# The acts log records the client IP; behind a proxy set the number of trusted proxies.
OUTORGA_TRUSTED_PROXIES = env_int("OUTORGA_TRUSTED_PROXIES", 0)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("OUTORGA_LOG_LEVEL", "WARNING")},
}
