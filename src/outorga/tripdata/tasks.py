"""Background tasks (django-tasks; the database backend runs them in `outorga db_worker`)."""

from __future__ import annotations

from django_tasks import task


@task()
def process_upload(upload_id: int) -> str:
    """Process one trips or sessions file; returns the upload's final status."""
    from .services.processing import trip_upload_process

    return trip_upload_process(upload_id=upload_id).status
