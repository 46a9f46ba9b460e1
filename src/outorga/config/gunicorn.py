"""gunicorn's settings for Outorga: ``gunicorn -c python:outorga.config.gunicorn
outorga.config.wsgi`` (docs/deploy.md). Each setting can still be overridden on the command line
or by ``GUNICORN_CMD_ARGS``.

The access log goes to stdout with the response time, and never with a token: the request line,
path, query and referer pass through ``core.logredact.redact`` first.
"""

from __future__ import annotations

import os
from typing import Any

from gunicorn.glogging import Logger

from outorga.core.logredact import redact

bind = os.environ.get("OUTORGA_BIND", "0.0.0.0:8000")  # noqa: S104 -- inside the container
workers = int(os.environ.get("OUTORGA_WEB_WORKERS", "3"))
threads = int(os.environ.get("OUTORGA_WEB_THREADS", "1"))
timeout = 60
accesslog = "-"
errorlog = "-"
#: The client (the proxy's X-Forwarded-For first), time, request line, status, bytes, referer,
#: user agent and duration in microseconds.
access_log_format = '%({x-forwarded-for}i)s %(h)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %(D)s'
logger_class = "outorga.config.gunicorn.RedactingLogger"


class RedactingLogger(Logger):
    """gunicorn's logger, with the tokens of every access-log field removed."""

    def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> dict[str, Any]:
        atoms = super().atoms(resp, req, environ, request_time)
        return {key: redact(v) if isinstance(v, str) else v for key, v in atoms.items()}
