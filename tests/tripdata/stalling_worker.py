"""A test's worker that stalls in the middle of storing a trip file, so the test can kill it there.

Run as a script by ``test_tripdata_worker_crash.py`` (never by the product): it is
``outorga db_worker`` whose results-writing step, once the file's driver rows are written in the
open transaction, leaves a marker file and sleeps, until the test SIGKILLs the process.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "outorga.config.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from outorga.tripdata.services import processing  # noqa: E402

MARKER = Path(sys.argv[1])
_compute_statement = processing._compute_statement


def stalling(*args: Any, **kwargs: Any) -> Any:
    MARKER.write_text(str(os.getpid()))
    time.sleep(600)
    return _compute_statement(*args, **kwargs)


processing._compute_statement = stalling  # type: ignore[assignment]
call_command("db_worker", "--no-startup-delay", "--interval", "0.2", "--no-reload", verbosity=0)
