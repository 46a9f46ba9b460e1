# Outorga's image: the application under gunicorn (the web), and the same image runs the workers
# (`outorga db_worker`), the daily sweep and the migrations (docs/deploy.md, compose.yaml).
# Not built in this repository's CI (no Docker daemon there); the production smoke test
# (tests/core/test_production_smoke.py) runs the same command, settings and gunicorn config.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    OUTORGA_ENV=production \
    OUTORGA_VAR_DIR=/var/lib/outorga \
    OUTORGA_STATIC_ROOT=/opt/outorga/static \
    OUTORGA_MEDIA_ROOT=/var/lib/outorga/media

# pg_dump/pg_restore for `outorga backup` and `outorga restore`.
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home-dir /var/lib/outorga --create-home outorga

WORKDIR /opt/outorga
COPY requirements.lock pyproject.toml README.md ./
RUN pip install -r requirements.lock
COPY src ./src
RUN pip install --no-deps . \
    # The static files, hashed and compressed, served by gunicorn itself (whitenoise). The key
    # only lets the settings load for this step; it is not kept in the image.
    && OUTORGA_SECRET_KEY="collectstatic-only-$(python -c 'import secrets; print(secrets.token_hex(32))')" \
       OUTORGA_ALLOWED_HOSTS=localhost outorga collectstatic --noinput -v 0

USER outorga
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
    CMD python -c "import urllib.request as u; u.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"
CMD ["gunicorn", "-c", "python:outorga.config.gunicorn", "outorga.config.wsgi"]
