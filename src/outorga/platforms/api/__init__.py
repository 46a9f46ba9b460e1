"""API of the platforms area.

* ``/platform/…`` — the platform itself, with ``Authorization: Bearer <token>`` (competence
  ``platform.data.submit`` / ``complaint.answer`` / ``defence.file``): drivers, fares, monthly
  reports, complaints, proposal cases, penalties and their appeals.
* ``/platforms/…``, ``/platform-…`` — municipal staff (session): credentialing, tokens, rosters,
  the cross-platform CPF view, late reports, overdue complaints.

Refusals answer 422 with the law core's reasons and citations (``fundamentos``, ``citacoes``).

``router`` (mounted by ``outorga.config.api``) gathers one router per aggregate, in the order the
OpenAPI document lists them:

* ``common`` — who is calling: the platform's token and actor, a servant who may view;
* ``drivers`` — the token's platform and its roster;
* ``fares`` — fare tables;
* ``reports`` — monthly reports;
* ``complaints`` — complaints forwarded and answered;
* ``cases`` — proposal cases and the platform's defence;
* ``penalties`` — penalties, the platform's appeal, the decision's PDF;
* ``attachments`` — files joined to the platform's defence and appeals (ADR 0043);
* ``process`` — staff: the due process of penalties (notice, paper appeal, reconsideration,
  judgment) and of the proposal cases (open, decide), as on the staff screens;
* ``credentialing`` — staff: the platforms, credentialing, detail, roster, tokens;
* ``monitoring`` — staff: CPFs on several platforms, late reports, infraction candidates,
  overdue complaints.

Each route names its ``operation_id``: the one the OpenAPI document gave it when every route lived
in one ``platforms/api.py`` module, so that clients generated from the document keep working.
"""

from ninja import Router

from . import (
    attachments,
    cases,
    complaints,
    credentialing,
    drivers,
    fares,
    monitoring,
    penalties,
    process,
    reports,
)

router = Router(tags=["plataformas"])
for routes in (
    drivers,
    fares,
    reports,
    complaints,
    cases,
    penalties,
    attachments,
    process,
    credentialing,
    monitoring,
):
    router.add_router("", routes.router)
